import Foundation

/// Runs blocking `work` (a child process, an ALSA write) on a thread of its own, so it never holds one of the
/// cooperative pool's few threads, and returns or throws what it does.
public func onOwnThread<Result: Sendable>(named name: String, _ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Result, any Error>) in
        let thread = Thread { done.resume(with: Swift.Result { try work() }) }
        thread.name = name
        thread.start()
    }
}
