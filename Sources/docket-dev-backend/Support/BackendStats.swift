import Synchronization

/// Counters that tests read through `GET /_dev/stats` (e.g. "the client refreshed exactly once").
final class BackendStats: Sendable {
    /// One counter.
    enum Counter: String, CaseIterable, Sendable {
        /// `POST /auth/v1/token?grant_type=refresh_token` requests that reached GoTrue.
        case refreshGrants = "refresh_grants"
        /// Refresh grants that failed with `refresh_token_already_used`.
        case refreshReuseRejections = "refresh_reuse_rejections"
        /// Refresh grants answered 409 `conflict` after lock contention.
        case refreshConflicts = "refresh_conflicts"
        /// `POST /auth/v1/token?grant_type=password` requests that reached GoTrue.
        case passwordGrants = "password_grants"
        /// Requests that reached the PostgREST layer (`/rest/v1/…`).
        case restRequests = "rest_requests"
        /// Requests that reached the GoTrue layer (`/auth/v1/…`).
        case authRequests = "auth_requests"
        /// Requests answered (or dropped, or delayed) by an injected fault.
        case faultsServed = "faults_served"
        /// `/token` requests refused with 429 by the rate limit.
        case rateLimited = "rate_limited"
    }

    private let counters = Mutex<[Counter: Int]>([:])

    /// Creates zeroed counters.
    init() {}

    /// Adds one to `counter`.
    func increment(_ counter: Counter) {
        self.counters.withLock { $0[counter, default: 0] += 1 }
    }

    /// The current value of `counter`.
    func value(_ counter: Counter) -> Int {
        self.counters.withLock { $0[counter, default: 0] }
    }

    /// Every counter by its JSON name, zeros included.
    func snapshot() -> [String: Int] {
        self.counters.withLock { counters in
            Dictionary(uniqueKeysWithValues: Counter.allCases.map { ($0.rawValue, counters[$0, default: 0]) })
        }
    }

    /// Sets every counter back to zero.
    func reset() {
        self.counters.withLock { $0 = [:] }
    }
}
