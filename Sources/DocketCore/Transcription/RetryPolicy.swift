import Foundation

/// When and how long to wait before trying a request again.
struct RetryPolicy: Sendable {
    /// Most attempts in all, the first included.
    var maxAttempts: Int
    /// Waits between attempts: from `baseDelay`, doubling, at most `maxDelay` (also the cap on `Retry-After`).
    var backoff: Backoff

    init(maxAttempts: Int, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30)) {
        self.maxAttempts = maxAttempts
        self.backoff = Backoff(initial: baseDelay, maximum: maxDelay)
    }

    /// Whether a response with this status is worth another try.
    static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || status == 500 || status == 502 || status == 503 || status == 504
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1), honouring `Retry-After` when given.
    func delay(afterAttempt attempt: Int, retryAfter: Duration?, jitter: Double = Double.random(in: 0.5...1.0)) -> Duration {
        if let retryAfter { return min(retryAfter, backoff.maximum) }
        return backoff.delay(afterAttempt: attempt, jitter: jitter)
    }

    /// Parses a `Retry-After` value: delta-seconds or an HTTP date.
    static func parseRetryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return .milliseconds(Int64(seconds * 1000)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(Int64(max(0, date.timeIntervalSince(now)) * 1000))
    }
}
