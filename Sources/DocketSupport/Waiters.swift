public import Synchronization

/// Tasks suspended until something happens, each resumed exactly once: by whoever takes it out (``removeAll()``,
/// ``removeAll(where:)``) or, when its task is cancelled first, by the wait itself.
///
/// The table lives in the state a `Mutex` guards, next to what the waiters wait for, so that checking for it and
/// joining the waiters happen under one lock (`Mutex.wait(in:tag:unless:)`): a wake can't slip in between. Each
/// waiter carries a `Tag` saying what it waits for (a note id), so that only those can be woken.
public struct Waiters<Tag: Sendable>: Sendable {
    private var parked: [Int: (tag: Tag, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextID = 0

    /// Creates an empty table.
    public init() {}

    /// Whether no task waits.
    public var isEmpty: Bool { parked.isEmpty }

    /// Takes every waiter out; resume them once the lock is released.
    public mutating func removeAll() -> [CheckedContinuation<Void, Never>] {
        defer { parked.removeAll() }
        return parked.values.map(\.continuation)
    }

    /// Takes out the waiters whose tag `matches`; resume them once the lock is released.
    public mutating func removeAll(where matches: (Tag) -> Bool) -> [CheckedContinuation<Void, Never>] {
        let ids = parked.filter { matches($0.value.tag) }.keys
        return ids.compactMap { parked.removeValue(forKey: $0)?.continuation }
    }

    fileprivate mutating func reserveID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    fileprivate mutating func park(_ continuation: CheckedContinuation<Void, Never>, id: Int, tag: Tag) {
        parked[id] = (tag, continuation)
    }

    fileprivate mutating func unpark(id: Int) -> CheckedContinuation<Void, Never>? {
        parked.removeValue(forKey: id)?.continuation
    }
}

extension Mutex {
    /// Suspends the task among the `waiters` of the guarded value, tagged `tag`, until it is taken out and resumed or
    /// the task is cancelled. `ready`, asked first under the same lock, returns true to go on at once instead (what
    /// the task would wait for has happened already; `ready` may consume it).
    public borrowing func wait<Tag: Sendable>(
        in waiters: any WritableKeyPath<Value, Waiters<Tag>> & Sendable, tag: Tag, unless ready: (inout Value) -> Bool
    ) async {
        let id = withLock { $0[keyPath: waiters].reserveID() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = withLock { value -> Bool in
                    if ready(&value) || Task.isCancelled { return true }
                    value[keyPath: waiters].park(continuation, id: id, tag: tag)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            withLock { $0[keyPath: waiters].unpark(id: id) }?.resume()
        }
    }

    /// ``wait(in:tag:unless:)`` among waiters that all wait for the same thing.
    public borrowing func wait(in waiters: any WritableKeyPath<Value, Waiters<Void>> & Sendable, unless ready: (inout Value) -> Bool) async {
        await wait(in: waiters, tag: (), unless: ready)
    }
}
