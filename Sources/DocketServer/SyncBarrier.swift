import CDocketSystem
import Foundation
import NIOPosix
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Group commit for the spool: ``sync()`` returns once everything written before the call is on disk, and one
/// `syncfs(2)` of the spool's file system serves every caller that arrives while the previous one runs.
///
/// Syncing each upload's files and directories separately costs about a millisecond per `fsync` on this kind of
/// disk, even in parallel; 200 uploads at once would wait for hundreds of them. With the barrier they wait for a
/// few `syncfs` calls instead.
final class SyncBarrier: Sendable {
    private enum Role {
        case lead(Int)
        case done
    }

    private struct State {
        var running = false
        var started = 0
        var waiters: [(target: Int, continuation: CheckedContinuation<Role, any Error>)] = []
    }

    private let state = Mutex(State())
    private let path: String
    private let pool: NIOThreadPool

    /// A barrier for the file system holding `path`; the syncs run on `pool`.
    init(path: String, pool: NIOThreadPool) {
        self.path = path
        self.pool = pool
    }

    /// Returns when everything written before the call is durable.
    /// - Throws: ``ServeError`` when the file system can't be synced.
    func sync() async throws {
        let role = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Role, any Error>) in
            let lead = state.withLock { state -> Int? in
                if state.running {
                    // The sync in progress may have started before our writes: wait for the next one.
                    state.waiters.append((state.started + 1, continuation))
                    return nil
                }
                state.running = true
                state.started += 1
                return state.started
            }
            if let lead { continuation.resume(returning: .lead(lead)) }
        }
        guard case .lead(var generation) = role else { return }
        var ownResult: Result<Void, any Error>?
        while true {
            let result = await syncOnce()
            if ownResult == nil { ownResult = result }
            let (ready, next) = state.withLock { state -> ([CheckedContinuation<Role, any Error>], Int?) in
                let ready = state.waiters.filter { $0.target <= generation }.map(\.continuation)
                state.waiters.removeAll { $0.target <= generation }
                if state.waiters.isEmpty {
                    state.running = false
                    return (ready, nil)
                }
                state.started += 1
                return (ready, state.started)
            }
            for continuation in ready {
                switch result {
                case .success: continuation.resume(returning: .done)
                case .failure(let error): continuation.resume(throwing: error)
                }
            }
            guard let next else { break }
            generation = next
        }
        try ownResult?.get()
    }

    private func syncOnce() async -> Result<Void, any Error> {
        let path = self.path
        do {
            try await pool.runIfActive {
                let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard fd >= 0 else { throw UploadSpool.spoolFailure("open \(path)") }
                defer { close(fd) }
                guard docket_syncfs(fd) == 0 else { throw UploadSpool.spoolFailure("sync \(path) to disk") }
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
