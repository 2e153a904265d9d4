import DocketSupport
import Synchronization

/// Wakes the background sync as soon as something was stored, instead of at its next poll.
///
/// Any number of ``nudge()`` calls before the sync next waits count as one.
public final class SyncNudge: Sendable {
    private struct State {
        var pending = false
        var waiters = Waiters<Void>()
    }

    private let state = Mutex(State())

    /// Creates a nudge with nothing pending.
    public init() {}

    /// Asks the sync to run now (or as soon as it finishes the run in progress).
    public func nudge() {
        let waiters = state.withLock { state in
            if state.waiters.isEmpty { state.pending = true }
            return state.waiters.removeAll()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns at the next nudge (at once if one is pending) or when the task is cancelled.
    func wait() async {
        await state.wait(in: \.waiters) { state in
            defer { state.pending = false }
            return state.pending
        }
    }
}
