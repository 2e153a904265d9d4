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

    /// Most client keys tracked at once.
    static let maximumKeys = 10_000

    /// Number of client keys tracked now.
    var keyCount: Int { self.buckets.withLock { $0.count } }

    /// Whether the limiter is on.
    var isEnabled: Bool { self.perSecond > 0 }

    /// Takes one token from `key`'s bucket; false when it is empty.
    func allow(key: String, now: ContinuousClock.Instant = .now) -> Bool {
        guard self.isEnabled else { return true }
        return self.buckets.withLock { buckets in
            if buckets[key] == nil, buckets.count >= Self.maximumKeys {
                // Full: forget the buckets that have refilled (they hold nothing a new one would not), else the
                // longest idle one, so a flood of client addresses can't grow the table without bound.
                let refill = Duration.seconds(self.burst / self.perSecond)
                buckets = buckets.filter { now - $0.value.updated < refill }
                if buckets.count >= Self.maximumKeys, let idle = buckets.min(by: { $0.value.updated < $1.value.updated })?.key {
                    buckets[idle] = nil
                }
            }
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
