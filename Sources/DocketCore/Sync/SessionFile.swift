import DocketSupport
import Foundation
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// The session on disk: `session.json` (mode 0600, replaced atomically) and `session.lock`, an advisory
/// lock that serialises refreshes across docket processes.
public struct SessionFile: Sendable {
    /// Path of the JSON file.
    public let path: String

    /// Creates a handle for the session at `path` (nothing is touched yet).
    public init(path: String) {
        self.path = path
    }

    var lockPath: String { path + ".lock" }

    /// The stored session, or `nil` when nobody is signed in.
    /// - Throws: ``SyncError`` when the file exists but can't be read.
    public func load() throws -> Session? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SyncError(.storage, "Can't read the session file \(path); check its permissions, or run docket login again.")
        }
        do {
            return try JSONDecoder().decode(Session.self, from: data)
        } catch {
            throw SyncError(.storage, "The session file \(path) is damaged; run docket login again.", cause: error)
        }
    }

    /// Writes the session (mode 0600) with ``replaceFileDurably(at:with:mode:)``: a crash leaves the old session or
    /// the new one.
    public func save(_ session: Session) throws {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SyncError(.storage, "Can't create \(directory) for the session; set DOCKET_SESSION to a writable path.", cause: error)
        }
        let data = try JSONEncoder().encode(session)
        if let failure = replaceFileDurably(at: path, with: Array(data), mode: 0o600) {
            throw SyncError(.storage, "Can't save the session to \(path) (errno \(failure)); check free disk space and that \(directory) is writable.")
        }
    }

    /// Removes the stored session.
    public func clear() throws {
        if unlink(path) != 0 && errno != ENOENT {
            throw SyncError(.storage, "Can't remove the session file \(path) (errno \(errno)); delete it by hand.")
        }
    }

    /// Runs `body` while holding the cross-process refresh lock. Waiting for the lock happens on NIO's
    /// blocking thread pool, never on the cooperative pool.
    public func withLock<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        let directory = (lockPath as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lockFile = lockPath
        let lock = try await NIOThreadPool.singleton.runIfActive {
            do throws(FileLock.Failure) {
                return try FileLock.acquire(path: lockFile, wait: true)
            } catch .held {
                throw SyncError(.storage, "Can't lock \(lockFile).")
            } catch .cannotOpen(let code) {
                throw SyncError(.storage, "Can't open the session lock \(lockFile) (errno \(code)); set DOCKET_SESSION to a writable path.")
            }
        }
        defer { lock.release() }
        return try await body()
    }
}
