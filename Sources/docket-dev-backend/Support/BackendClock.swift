import Foundation
import Synchronization

/// The backend's notion of "now": the system clock plus an offset that tests move with
/// `POST /_dev/clock`, so tokens can be made to expire (or to come from the future) on demand.
final class BackendClock: Sendable {
    private let offset = Mutex<Double>(0)

    /// Creates a clock with no offset.
    init() {}

    /// The current time as the backend sees it.
    func now() -> Date {
        Date().addingTimeInterval(self.offsetSeconds)
    }

    /// Seconds since 1970 as the backend sees it.
    func unixNow() -> Double {
        self.now().timeIntervalSince1970
    }

    /// How far the backend clock is ahead of the system clock (negative: behind).
    var offsetSeconds: Double {
        self.offset.withLock { $0 }
    }

    /// Moves the backend clock to `seconds` ahead of the system clock.
    func setOffset(_ seconds: Double) {
        self.offset.withLock { $0 = seconds }
    }
}
