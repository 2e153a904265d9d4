public import Logging
public import ServiceLifecycle

/// The background sync: runs soon after local changes (at once when `nudge` is nudged, and the outbox is checked
/// every `poll`) and at least every `interval`, until graceful shutdown. Failures are reported and retried on the
/// next round.
public struct SyncService: Service {
    let engine: SyncEngine
    let store: DocketStore
    let interval: Duration
    let poll: Duration
    let nudge: SyncNudge?
    let logger: Logger
    let onReport: @Sendable (Result<SyncReport, any Error>) -> Void
    let onRound: @Sendable (Duration, SyncReport?) -> Void

    /// Creates the service; `onRound` hears how long each round took (and its report when it succeeded).
    public init(
        engine: SyncEngine, store: DocketStore, interval: Duration, poll: Duration = .seconds(2), nudge: SyncNudge? = nil, logger: Logger,
        onReport: @escaping @Sendable (Result<SyncReport, any Error>) -> Void,
        onRound: @escaping @Sendable (Duration, SyncReport?) -> Void = { _, _ in }
    ) {
        self.engine = engine
        self.store = store
        self.interval = interval
        self.poll = poll
        self.nudge = nudge
        self.logger = logger
        self.onReport = onReport
        self.onRound = onRound
    }

    public func run() async throws {
        let clock = ContinuousClock()
        var lastRun: ContinuousClock.Instant?
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            var due = lastRun.map { clock.now - $0 >= interval } ?? true
            if !due { due = (try? await store.hasDueChanges()) ?? false }
            if due {
                let started = clock.now
                lastRun = started
                do {
                    let report = try await engine.syncOnce(shouldStop: { Task.isShuttingDownGracefully })
                    onRound(clock.now - started, report)
                    onReport(.success(report))
                } catch is CancellationError {
                    return
                } catch {
                    onRound(clock.now - started, nil)
                    onReport(.failure(error))
                }
            }
            do {
                try await cancelWhenGracefulShutdown { try await pause() }
            } catch {
                return
            }
        }
    }

    /// Sleeps for `poll`, or less when nudged.
    private func pause() async throws {
        guard let nudge else { return try await Task.sleep(for: poll) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await Task.sleep(for: poll) }
            group.addTask { await nudge.wait() }
            defer { group.cancelAll() }
            try await group.next()
            try Task.checkCancellation()
        }
    }
}
