import Synchronization

/// Wakes the background sync as soon as something was stored, instead of at its next poll.
///
/// Any number of ``nudge()`` calls before the sync next waits count as one.
public final class SyncNudge: Sendable {
    private struct State {
        var pending = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Creates a nudge with nothing pending.
    public init() {}

    /// Asks the sync to run now (or as soon as it finishes the run in progress).
    public func nudge() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if state.waiters.isEmpty {
                state.pending = true
                return []
            }
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns at the next nudge (at once if one is pending) or when the task is cancelled.
    func wait() async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
