import Foundation
import Synchronization

/// GoTrue's `/token` limiter: a token bucket per client IP refilling at `limit / 300` per second
/// with a burst (A `apilimiter`); `limit == 0` turns it off.
final class TokenRateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let perSecond: Double
    private let burst: Double
    private let buckets = Mutex<[String: Bucket]>([:])

    /// Creates a limiter allowing `limit` requests per 5 minutes per key, bursting to `burst`.
    init(limitPerFiveMinutes limit: Int, burst: Int) {
        self.perSecond = Double(max(0, limit)) / 300
        self.burst = Double(max(1, burst))
    }

    /// Whether the limiter is on.
    var isEnabled: Bool { self.perSecond > 0 }

    /// Takes one token from `key`'s bucket; false when it is empty.
    func allow(key: String, now: ContinuousClock.Instant = .now) -> Bool {
        guard self.isEnabled else { return true }
        return self.buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: self.burst, updated: now)
            let elapsed = now - bucket.updated
            let seconds = (elapsed / .seconds(1))
            bucket.tokens = min(self.burst, bucket.tokens + seconds * self.perSecond)
            bucket.updated = now
            guard bucket.tokens >= 1 else {
                buckets[key] = bucket
                return false
            }
            bucket.tokens -= 1
            buckets[key] = bucket
            return true
        }
    }
}
