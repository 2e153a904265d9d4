import Crypto
import DocketAudio
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The directory where live notes are written while they are captured, so a crash, kill or failed transcription
/// loses no audio: every file still there when `docket listen` starts is a note to finish.
///
/// Files are `<note id>.wav`, 16 kHz mono 16-bit, valid after every segment (header sizes patched, data synced).
/// `<note id>.starts` counts the starts of finishing a leftover note that never ended (``UnfinishedStarts``), and
/// `failed/` keeps the audio of a note set aside because finishing it stopped `docket listen` twice.
struct NoteSpool: Sendable {
    let directory: URL

    /// Creates the directory if needed.
    init(directory: URL) throws {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ListenError(
                .spool, "Can't create the spool directory \(directory.path); set DOCKET_DB (the spool lives next to the database) to a writable location.",
                cause: error)
        }
    }

    /// The file for a note.
    func url(noteID: String) -> URL {
        directory.appendingPathComponent("\(noteID).wav")
    }

    /// Notes left from an earlier run: (note id, file), oldest first.
    func leftovers() -> [(id: String, url: URL)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name -> (String, URL, Date)? in
            guard name.hasSuffix(".wav") else { return nil }
            let id = String(name.dropLast(4))
            guard UUID(uuidString: id) != nil else { return nil }
            let url = directory.appendingPathComponent(name)
            let date = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast
            return (id, url, date)
        }
        .sorted { $0.2 < $1.2 }
        .map { ($0.0, $0.1) }
    }

    /// Counts a start of finishing the leftover note `id`, durably.
    /// - Returns: the starts that never ended, this one included; nil when the count can't be kept.
    func beginFinishing(_ id: String) -> Int? {
        UnfinishedStarts.begin(directory.appendingPathComponent("\(id).starts").path)
    }

    /// Finishing the leftover note `id` ended, however it ended.
    func endFinishing(_ id: String) {
        UnfinishedStarts.end(directory.appendingPathComponent("\(id).starts").path)
    }

    /// Moves a leftover note's audio to `failed/`, out of the notes to finish.
    /// - Returns: where the audio is now; nil when it can't be moved (it stays where it was).
    func setAside(_ url: URL) -> URL? {
        let failed = directory.appendingPathComponent("failed")
        let target = failed.appendingPathComponent(url.lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: failed, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: url, to: target)
            return target
        } catch {
            return nil
        }
    }

    /// `.stopping`: written when a graceful stop begins.
    var stoppingMarker: URL { directory.appendingPathComponent(".stopping") }

    /// Notes that a stop cuts short from here on were not cut short by a crash of theirs.
    static func markStopping(directory: URL) {
        _ = replaceFileDurably(at: directory.appendingPathComponent(".stopping").path, with: [], mode: 0o600)
    }

    /// Drops the counts a run that was asked to stop left (it was then killed, by systemd's stop timeout, say: no
    /// crash of its notes), and the counts of notes that are no longer here.
    func forgetStartsOfAStop() {
        let stopped = unlink(stoppingMarker.path) == 0
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        for name in names where name.hasSuffix(".starts") && (stopped || !names.contains(name.dropLast(7) + ".wav")) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// Takes the spool's lock for this process, so two listeners never recover the same note twice.
    /// - Throws: ``ListenError/Code/busy`` when another process holds it.
    func lock() throws -> FileLock {
        let path = directory.appendingPathComponent(".lock").path
        do {
            return try FileLock.acquire(path: path, wait: false)
        } catch .held {
            throw ListenError(
                .busy, "Another docket listen is running with the database next to \(directory.path); stop it first, or give this one its own --db.")
        } catch .cannotOpen(let code) {
            throw ListenError(.spool, "Can't open \(path): \(String(cString: strerror(code))). Check the directory's permissions.")
        }
    }

    /// Moves a finished note's audio to `directory` (keeping it), or deletes it.
    func finish(_ url: URL, keepIn directory: URL?) -> URL? {
        guard let directory else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        let target = directory.appendingPathComponent(url.lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.moveItem(at: url, to: target)
            return target
        } catch {
            return url
        }
    }
}

/// One note's WAV file being written as its segments arrive. Used by one task only.
final class SpoolWriter {
    let url: URL
    private let fd: Int32
    private var dataBytes = 0
    private var hasher = SHA256()

    /// Creates the file with a header that says "size unknown", so it is readable even if never finished.
    init(url: URL) throws {
        self.url = url
        fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw ListenError(.spool, "Can't create \(url.path): \(String(cString: strerror(errno))). Check free space and the directory's permissions.")
        }
        try writeAll(WAVWriter.header(sampleRate: AudioChunk.sampleRate, channels: 1, bitsPerSample: 16, dataBytes: 0))
    }

    deinit { close(fd) }

    /// Appends samples, patches the header sizes and syncs the file to disk.
    /// - Returns: the SHA-256 (hex) of all sample bytes written so far.
    func append(_ samples: [Int16]) throws -> String {
        var bytes = [UInt8](repeating: 0, count: samples.count * 2)
        for (i, sample) in samples.enumerated() {
            let v = UInt16(bitPattern: sample)
            bytes[2 * i] = UInt8(v & 0xFF)
            bytes[2 * i + 1] = UInt8(v >> 8)
        }
        hasher.update(data: bytes)
        try writeAll(bytes)
        dataBytes += bytes.count
        let header = WAVWriter.header(sampleRate: AudioChunk.sampleRate, channels: 1, bitsPerSample: 16, dataBytes: dataBytes)
        try patch(Array(header[4..<8]), at: 4)
        try patch(Array(header[40..<44]), at: 40)
        guard fsync(fd) == 0 else { throw failure("sync") }
        return hexString(hasher.finalize())
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("write")
            }
            offset += n
        }
    }

    private func patch(_ bytes: [UInt8], at offset: Int) throws {
        let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard n == bytes.count else { throw failure("write") }
    }

    private func failure(_ what: String) -> ListenError {
        ListenError(.spool, "Can't \(what) \(url.path): \(String(cString: strerror(errno))). Free some disk space; the note's audio so far is kept there.")
    }
}
