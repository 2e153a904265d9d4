/// Capped exponential backoff: the wait before each further attempt of something that failed for a reason that
/// may pass (a busy recognizer, a lost device, a locked database).
///
/// Attempts count from 1; the wait after attempt `n` is `initial × 2ⁿ⁻¹`, at most `maximum`, scaled by a jitter
/// factor so that many clients retrying at once spread out.
public struct Backoff: Sendable, Equatable {
    /// Wait after the first failed attempt.
    public var initial: Duration
    /// Longest wait.
    public var maximum: Duration

    /// Creates a backoff.
    public init(initial: Duration, maximum: Duration) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait after failed attempt `attempt` (from 1), before jitter.
    public func delay(afterAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let limit = maximum / initial
        // Compare as a ratio first so that a large exponent cannot overflow the duration.
        guard Double(1 << exponent) < limit else { return maximum }
        return min(initial * (1 << exponent), maximum)
    }

    /// The wait after failed attempt `attempt`, scaled by `jitter` (a factor in 0…1, random by default).
    public func delay(afterAttempt attempt: Int, jitter: Double) -> Duration {
        delay(afterAttempt: attempt) * jitter
    }
}
