/// Runs `body`, or throws `timeoutError()` when it takes longer than `timeout`; whichever loses is cancelled.
public func withDeadline<T: Sendable>(
    _ timeout: Duration, orThrow timeoutError: @escaping @Sendable () -> any Error, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw timeoutError()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}
