import Crypto
import DocketCore
import Foundation
import HTTPTypes
import NIOFileSystem
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The spool's lock, held while the object lives (and by the process until it exits).
final class UploadSpoolLock: Sendable {
    private let fd: Int32

    init(fd: Int32) { self.fd = fd }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// What the service knows about an accepted upload; kept next to its audio in the spool.
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
}

/// The upload spool: every accepted note's audio and metadata on disk until the note is stored, so a crash or
/// kill after the service answered 202 loses nothing.
///
/// ```
/// incoming/<random>/   an upload being received (never acknowledged; cleared at start)
/// queued/<id>/         audio + meta.json of an accepted note; appears by one atomic rename, synced first
/// failed/<id>/         audio of a note that could not be processed (kept; re-uploading retries it)
/// ```
struct UploadSpool: Sendable {
    let root: URL

    /// Creates the directories if needed.
    /// - Throws: ``ServeSetupError`` when they can't be created.
    init(root: URL) throws {
        self.root = root
        do {
            for name in ["incoming", "queued", "failed"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
            }
        } catch {
            throw ServeSetupError("Can't create the spool directory \(root.path); set DOCKET_SPOOL (or --spool) to a writable directory.", cause: error)
        }
    }

    var incomingDirectory: URL { root.appendingPathComponent("incoming") }
    var queuedDirectory: URL { root.appendingPathComponent("queued") }
    var failedDirectory: URL { root.appendingPathComponent("failed") }

    /// The directory of a queued note.
    func queued(_ id: String) -> URL { queuedDirectory.appendingPathComponent(id) }

    /// The audio file of a queued note.
    func audio(_ id: String) -> URL { queued(id).appendingPathComponent("audio") }

    /// Takes the spool for this process: two services never process the same spool.
    /// - Throws: ``ServeSetupError`` when another process holds it.
    func lock() throws -> UploadSpoolLock {
        let path = root.appendingPathComponent(".lock").path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw ServeSetupError("Can't open \(path): \(String(cString: strerror(errno))). Check the spool directory's permissions.")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw ServeSetupError("Another docket serve is using the spool \(root.path); stop it first, or give this one its own --spool.")
        }
        return UploadSpoolLock(fd: fd)
    }

    /// A fresh directory for an upload being received.
    func newIncoming() throws -> URL {
        let url = incomingDirectory.appendingPathComponent(UUID().uuidString.lowercased())
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    /// How ``commit(_:meta:)`` ended.
    enum Commit: Equatable {
        /// The note is in `queued/`, synced to disk.
        case committed
        /// The same note was already queued; the upload was discarded.
        case alreadyQueued
    }

    /// Makes a received upload durable and visible: writes and syncs `meta.json`, syncs the directory, renames it
    /// into `queued/<id>` and syncs `queued/`. The audio file itself must already be synced.
    func commit(_ incoming: URL, meta: UploadMeta) async throws -> Commit {
        let target = queued(meta.id)
        let queuedPath = queuedDirectory.path
        let data = try Self.encoder.encode(meta)
        return try await Self.ioPool.runIfActive {
            try Self.writeSynced(data, to: incoming.appendingPathComponent("meta.json").path)
            try Self.syncDirectory(incoming.path)
            if rename(incoming.path, target.path) != 0 {
                let code = errno
                if code == ENOTEMPTY || code == EEXIST {
                    try? FileManager.default.removeItem(at: incoming)
                    return .alreadyQueued
                }
                throw ServeError(.internalServerError, code: "spool", "Can't move the upload into the spool (\(String(cString: strerror(code)))); check free space in \(queuedPath).")
            }
            try Self.syncDirectory(queuedPath)
            return .committed
        }
    }

    /// Deletes an upload that was not accepted.
    func discard(_ incoming: URL) {
        try? FileManager.default.removeItem(at: incoming)
    }

    /// Every accepted note not yet processed, oldest first. Clears partial uploads (never acknowledged) and
    /// queued directories without metadata (a crash before the commit's rename cannot leave one, but a hand
    /// edit could).
    func pending() -> [UploadMeta] {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: incomingDirectory.path)) ?? [] {
            try? fm.removeItem(at: incomingDirectory.appendingPathComponent(name))
        }
        var metas: [UploadMeta] = []
        for name in (try? fm.contentsOfDirectory(atPath: queuedDirectory.path)) ?? [] {
            let dir = queuedDirectory.appendingPathComponent(name)
            guard let data = fm.contents(atPath: dir.appendingPathComponent("meta.json").path),
                let meta = try? Self.decoder.decode(UploadMeta.self, from: data), meta.id == name,
                fm.fileExists(atPath: dir.appendingPathComponent("audio").path)
            else {
                // Not a note this service wrote; keep it aside rather than delete what someone put there.
                try? fm.moveItem(at: dir, to: failedDirectory.appendingPathComponent(name + ".unreadable"))
                continue
            }
            metas.append(meta)
        }
        return metas.sorted { ($0.receivedAt, $0.id) < ($1.receivedAt, $1.id) }
    }

    /// Removes a processed note's spool files (and any earlier failed copy).
    func remove(_ id: String) {
        try? FileManager.default.removeItem(at: queued(id))
        try? FileManager.default.removeItem(at: failedDirectory.appendingPathComponent(id))
    }

    /// Moves a note that could not be processed to `failed/`, keeping its audio.
    func moveToFailed(_ id: String) {
        let target = failedDirectory.appendingPathComponent(id)
        try? FileManager.default.removeItem(at: target)
        if rename(queued(id).path, target.path) != 0 { try? FileManager.default.removeItem(at: queued(id)) }
    }

    /// The note id for audio with this SHA-256: a UUID made of the hash's first 16 bytes (version 8), so the same
    /// audio always gets the same id.
    static func noteID(contentHash: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        let hex = Array(contentHash.utf8)
        for i in 0..<16 where 2 * i + 1 < hex.count {
            bytes[i] = UInt8(String(decoding: hex[(2 * i)...(2 * i + 1)], as: UTF8.self), radix: 16) ?? 0
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let h = bytes.map { hexString([$0]) }
        return [h[0..<4], h[4..<6], h[6..<8], h[8..<10], h[10..<16]].map { $0.joined() }.joined(separator: "-")
    }

    /// Threads for the spool's blocking calls (writes, fsync, rename), apart from NIO's shared pool, where the
    /// pipeline decodes audio for seconds at a time: an upload is never answered late because a note is being
    /// decoded. Several threads, so concurrent uploads' fsyncs share the file system's journal commits.
    static let ioPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 8)
        pool.start()
        return pool
    }()

    /// File access on ``ioPool``.
    static let fileSystem = FileSystem(threadPool: ioPool)

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

    private static func writeSynced(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw spoolFailure("create \(path)") }
        defer { close(fd) }
        var offset = 0
        while offset < data.count {
            let n = data[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw spoolFailure("write \(path)")
            }
            offset += n
        }
        guard fsync(fd) == 0 else { throw spoolFailure("sync \(path)") }
    }

    static func syncDirectory(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw spoolFailure("open \(path)") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw spoolFailure("sync \(path)") }
    }

    static func spoolFailure(_ what: String) -> ServeError {
        ServeError(.internalServerError, code: "spool", "The service can't \(what): \(String(cString: strerror(errno))). It needs free space and write access to its spool; try again later.")
    }
}
