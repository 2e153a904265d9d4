import Crypto
import DocketCore
import DocketSupport
import Foundation
import HTTPTypes
import NIOFileSystem
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What the service knows about an accepted upload; written into the journal in front of its audio.
struct UploadMeta: Codable, Sendable, Equatable {
    /// The note id (derived from the audio's hash, or the id of a failed note with the same audio).
    var id: String
    /// SHA-256 of the audio bytes, hex.
    var contentHash: String
    /// The client's name for the file, if it gave one.
    var fileName: String?
    /// The audio's media type as sent.
    var mediaType: String
    /// Size of the audio in bytes.
    var bytes: Int
    /// When the service accepted it.
    var receivedAt: Date
    /// Reference time for spoken dates (`recorded_at`); `nil`: ``receivedAt``.
    var recordedAt: Date?
    /// Zone for spoken dates (`tz`), as given.
    var timeZone: String?
    /// Language hint (`language`); "auto" lets the recognizer detect it.
    var language: String?
    /// Where the audio is in the journal (known once it is there; not part of the record).
    var location: SpoolLocation?

    private enum CodingKeys: String, CodingKey {
        case id, contentHash, fileName, mediaType, bytes, receivedAt, recordedAt, timeZone, language
    }
}

/// The upload spool: every accepted note's audio and metadata on disk until the note is stored, so a crash or
/// kill after the service answered 202 loses nothing.
///
/// ```
/// journal/<n>.log   accepted notes, appended and synced in groups (see ``SpoolJournal``); a segment is deleted
///                   once every note in it is finished
/// incoming/<random> a long upload being received (never acknowledged; cleared at start); short ones are
///                   received in memory
/// work/<id>         the audio of a note being processed, copied out of the journal (cleared at start)
/// started/<id>      a byte for each start of the note's processing that has not ended (``UnfinishedStarts``):
///                   kept across starts, so a note that crashes the service is set aside instead of crashing it again;
///                   `started/.stopping` says the last run was asked to stop, so what it left unfinished was no crash
/// failed/<id>/      audio of a note that could not be processed (kept; re-uploading retries it)
/// ```
struct UploadSpool: Sendable {
    let root: URL
    let journal: SpoolJournal

    /// Threads for the spool's blocking calls: the journal's writes and syncs, long uploads' files.
    let ioPool: NIOThreadPool
    /// File access on ``ioPool``.
    let fileSystem: FileSystem

    /// Creates the directories if needed.
    /// - Parameter ioPool: threads for the spool's blocking calls. The service gives the spool a pool of its own
    ///   (``makeIOPool()``), apart from NIO's shared pool, where the pipeline decodes audio for seconds at a time:
    ///   an upload is then never answered late because a note is being decoded.
    /// - Throws: ``ServeSetupError`` when they can't be created.
    init(root: URL, ioPool: NIOThreadPool = .singleton) throws {
        self.root = root
        self.ioPool = ioPool
        self.fileSystem = FileSystem(threadPool: ioPool)
        do {
            for name in ["journal", "incoming", "work", "failed", "started"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
            }
        } catch {
            throw ServeSetupError("Can't create the spool directory \(root.path); set DOCKET_SPOOL (or --spool) to a writable directory.", cause: error)
        }
        journal = SpoolJournal(directory: root.appendingPathComponent("journal"), pool: ioPool)
        idKey = try Self.loadIDKey(at: root.appendingPathComponent("note-id.key").path)
    }

    /// The secret that makes this spool's note ids: see ``noteID(contentHash:)``.
    let idKey: SymmetricKey

    /// The note id for audio with this SHA-256 on this service: the same audio always gets the same id here, so a
    /// note is processed once however often it is sent, but the id can't be worked out from the audio alone (two
    /// services, or two people, sending the same clip make different notes).
    func noteID(contentHash: String) -> String {
        Self.noteID(contentHash: contentHash, key: idKey)
    }

    /// A UUID (version 8) made of the first 16 bytes of HMAC-SHA256(`key`, `contentHash`).
    static func noteID(contentHash: String, key: SymmetricKey) -> String {
        var bytes = Array(HMAC<SHA256>.authenticationCode(for: Data(contentHash.utf8), using: key).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }.uuidString.lowercased()
    }

    /// Reads the spool's id key, making it (32 random bytes, mode 0600, synced) the first time. It is written to a
    /// temporary file and linked into place, so a crash never leaves a partial key and two starts agree on one.
    static func loadIDKey(at path: String) throws -> SymmetricKey {
        func read() -> SymmetricKey? {
            guard let data = FileManager.default.contents(atPath: path), data.count == 32 else { return nil }
            return SymmetricKey(data: data)
        }
        if let key = read() { return key }
        if FileManager.default.fileExists(atPath: path) {
            throw ServeSetupError(
                "The spool's note id key \(path) is damaged (it must be 32 bytes). Restore it from a backup; only if the spool holds no notes, delete it and docket makes a new one."
            )
        }
        let temporary = path + ".tmp-\(UUID().uuidString)"
        do {
            let key = SymmetricKey(size: .bits256)
            let bytes = key.withUnsafeBytes { Data($0) }
            guard FileManager.default.createFile(atPath: temporary, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
            defer { unlink(temporary) }
            try sync(temporary)
            if link(temporary, path) != 0, errno != EEXIST { throw spoolFailure("link \(path)") }
            try sync((path as NSString).deletingLastPathComponent)
        } catch {
            throw ServeSetupError("Can't create the spool's note id key \(path); the spool directory must be writable.", cause: error)
        }
        guard let key = read() else { throw ServeSetupError("Can't read the spool's note id key \(path); check its permissions.") }
        return key
    }

    var journalDirectory: URL { root.appendingPathComponent("journal") }
    var incomingDirectory: URL { root.appendingPathComponent("incoming") }
    var workDirectory: URL { root.appendingPathComponent("work") }
    var failedDirectory: URL { root.appendingPathComponent("failed") }
    var startedDirectory: URL { root.appendingPathComponent("started") }

    /// Takes the spool for this process: two services never process the same spool.
    /// - Throws: ``ServeSetupError`` when another process holds it.
    func lock() throws -> FileLock {
        let path = root.appendingPathComponent(".lock").path
        do {
            return try FileLock.acquire(path: path, wait: false)
        } catch .held {
            throw ServeSetupError("Another docket serve is using the spool \(root.path); stop it first, or give this one its own --spool.")
        } catch .cannotOpen(let code) {
            throw ServeSetupError("Can't open \(path): \(String(cString: strerror(code))). Check the spool directory's permissions.")
        }
    }

    /// A fresh file name for a long upload being received.
    func newIncoming() -> URL {
        incomingDirectory.appendingPathComponent(UUID().uuidString.lowercased())
    }

    /// Makes a received upload durable: appends it to the journal, synced. - Returns: the meta with its location.
    func commit(_ audio: ReceivedAudio, meta: UploadMeta) async throws -> UploadMeta {
        var meta = meta
        let data = try Self.encoder.encode(meta)
        meta.location = try await journal.append(meta: data, audio: audio, length: Int64(meta.bytes))
        if case .file(let url) = audio { discard(url) }
        return meta
    }

    /// Deletes a long upload's file that was not accepted (or is in the journal now).
    func discard(_ incoming: URL) {
        unlink(incoming.path)
    }

    /// Every accepted note not yet finished, in the order they were accepted, and what was corrupt in the journal
    /// (see ``SpoolJournal/recover(decoder:)``). Clears partial uploads (never acknowledged) and work files. Call
    /// once, before the service accepts uploads.
    func pending() -> (notes: [UploadMeta], recovery: SpoolJournal.Recovery) {
        for directory in [incomingDirectory, workDirectory] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        }
        let recovery = journal.recover(decoder: Self.decoder)
        let notes = recovery.records.map { record in
            var meta = record.meta
            meta.location = record.location
            return meta
        }
        // The count of a note that is no longer in the journal has nothing left to count, and a run that was asked
        // to stop (and then killed, say, by systemd's stop timeout) was not stopped by its notes.
        let waiting = Set(notes.map(\.id))
        let stopped = unlink(stoppingMarker.path) == 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: startedDirectory.path)) ?? [] where stopped || !waiting.contains(name) {
            unlink(startedDirectory.appendingPathComponent(name).path)
        }
        return (notes, recovery)
    }

    /// `started/.stopping`: written when a graceful stop begins.
    var stoppingMarker: URL { startedDirectory.appendingPathComponent(".stopping") }

    /// Notes that a stop cuts short from here on were not cut short by a crash of theirs.
    func markStopping() {
        _ = replaceFileDurably(at: stoppingMarker.path, with: [], mode: 0o600)
    }

    /// The starts of the note's processing that never ended so far (0: none; more: it was in progress when the
    /// service stopped without finishing it).
    func unfinishedStarts(_ meta: UploadMeta) -> Int {
        UnfinishedStarts.count(startedDirectory.appendingPathComponent(meta.id).path)
    }

    /// Counts a start of the note's processing, durably (blocking: call on ``ioPool``).
    /// - Returns: the starts that never ended, this one included; nil when the count can't be kept.
    func beginProcessing(_ meta: UploadMeta) -> Int? {
        UnfinishedStarts.begin(startedDirectory.appendingPathComponent(meta.id).path)
    }

    /// The note's processing ended (stored, failed, or put back to retry).
    func endProcessing(_ meta: UploadMeta) {
        UnfinishedStarts.end(startedDirectory.appendingPathComponent(meta.id).path)
    }

    /// The audio of a queued note in a file of `work/`, for the pipeline.
    func workFile(for meta: UploadMeta) async throws -> String {
        let target = workDirectory.appendingPathComponent(meta.id).path
        guard let location = meta.location else { throw Self.spoolFailure("find the audio of \(meta.id)") }
        try await ioPool.runIfActive { try journal.extract(location, to: target) }
        return target
    }

    /// A second copy of a note already queued leaves the journal; the note's own files stay (it may be processing).
    func release(_ copy: UploadMeta) {
        if let location = copy.location { journal.finish(location) }
    }

    /// A processed note leaves the spool, with any earlier failed copy.
    func remove(_ meta: UploadMeta) {
        unlink(workDirectory.appendingPathComponent(meta.id).path)
        try? FileManager.default.removeItem(at: failedDirectory.appendingPathComponent(meta.id))
        if let location = meta.location { journal.finish(location) }
    }

    /// Keeps the audio of a note that could not be processed in `failed/<id>/audio`, and lets it leave the journal
    /// once that copy is whole and synced. A copy that can't be made (a full disk) leaves the audio in the journal,
    /// where the next start finds it again.
    /// - Returns: whether the audio is in `failed/` now.
    @discardableResult
    func moveToFailed(_ meta: UploadMeta) -> Bool {
        let target = failedDirectory.appendingPathComponent(meta.id)
        let work = workDirectory.appendingPathComponent(meta.id).path
        let audio = target.appendingPathComponent("audio").path
        try? FileManager.default.removeItem(at: target)
        guard let location = meta.location else { return false }
        do {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            // The work file is whole only if it has the journal's length; otherwise copy again from the journal.
            if Self.size(of: work) != location.length || rename(work, audio) != 0 {
                try journal.extract(location, to: audio)
            }
            for path in [audio, target.path, failedDirectory.path] { try Self.sync(path) }
        } catch {
            unlink(work)
            try? FileManager.default.removeItem(at: target)
            return false
        }
        journal.finish(location)
        return true
    }

    /// Drops the audio of failed notes older than `retention`, then the oldest ones until `failed/` holds at most
    /// `maximumBytes`. The notes themselves stay in the database as failed; re-uploading the audio retries them.
    /// - Returns: the note ids whose audio was removed.
    @discardableResult
    func pruneFailed(retention: Duration, maximumBytes: Int64, now: Date = Date()) -> [String] {
        var kept: [(id: String, modified: Date, bytes: Int64)] = []
        for id in (try? FileManager.default.contentsOfDirectory(atPath: failedDirectory.path)) ?? [] {
            let folder = failedDirectory.appendingPathComponent(id).path
            let audio = folder + "/audio"
            let attributes = try? FileManager.default.attributesOfItem(atPath: FileManager.default.fileExists(atPath: audio) ? audio : folder)
            let modified = attributes?[.modificationDate] as? Date ?? .distantPast
            let bytes = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
            kept.append((id, modified, bytes))
        }
        let cutoff = now.addingTimeInterval(-(retention / .seconds(1)))
        var removed: [String] = []
        kept.sort { $0.modified < $1.modified }
        var total = kept.reduce(Int64(0)) { $0 + $1.bytes }
        for entry in kept where entry.modified < cutoff || total > maximumBytes {
            try? FileManager.default.removeItem(at: failedDirectory.appendingPathComponent(entry.id))
            total -= entry.bytes
            removed.append(entry.id)
        }
        return removed
    }

    /// Why the spool can't take uploads for lack of space, or nil: the file systems of the spool and of the
    /// temporary directory (where notes are decoded) must each keep `minimum` bytes free.
    func lowSpace(minimum: Int64) -> String? {
        guard minimum > 0 else { return nil }
        for (what, path) in [("spool", root.path), ("temporary directory", FileManager.default.temporaryDirectory.path)] {
            guard let free = freeBytes(atPath: path) else { continue }
            if free < minimum {
                return "the \(what)'s disk has \(free >> 20) MiB free, less than the \(minimum >> 20) MiB it must keep (DOCKET_SPOOL_MIN_FREE_MB)"
            }
        }
        return nil
    }

    /// The size of a file, or nil when it can't be read.
    static func size(of path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// A started pool for a spool's blocking calls; the caller shuts it down (``ThreadPoolService``).
    static func makeIOPool() -> NIOThreadPool {
        let pool = NIOThreadPool(numberOfThreads: 8)
        pool.start()
        return pool
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// Makes a file's or a directory's contents durable.
    static func sync(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw spoolFailure("open \(path)") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw spoolFailure("sync \(path)") }
    }

    /// The error of a failed spool operation: the client learns that the service can't store the upload now; the
    /// path and the system's error go to the log.
    static func spoolFailure(_ what: String) -> ServeError {
        ServeError(
            .internalServerError, code: "spool", "The service can't store the upload right now; try again later.",
            detail: "can't \(what): \(String(cString: strerror(errno))); the spool needs free space and write access")
    }
}
