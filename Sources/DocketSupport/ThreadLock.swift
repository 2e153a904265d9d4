import Foundation

/// A value that one thread at a time may read or change, for state shared between a dedicated
/// thread (audio capture, a paced writer) and tasks.
///
/// It has `Mutex`'s shape (`withLock`, values in and out as `sending`), but its lock is a
/// pthread mutex (`NSLock`). `Synchronization.Mutex` on Linux parks and wakes contended
/// waiters with raw futex system calls, which ThreadSanitizer cannot observe: every contended
/// `Mutex` then reads as a data race in the sanitizer run of the capture tests. A pthread mutex
/// is intercepted by ThreadSanitizer, so that run checks real ordering instead. NIO's
/// `NIOLockedValueBox` is a pthread mutex too, but it is `Sendable` only for `Sendable` values
/// (the capture engine's lock holds its non-`Sendable` device), and the audio module keeps no
/// package dependencies so its sanitizer build stays small.
///
/// Thread safety, and why `@unchecked Sendable` holds: `value` is only touched inside
/// `lock.lock()` … `lock.unlock()` (in ``withLock(_:)``), so no two threads access it at once and
/// each critical section happens after the previous one. Values enter (``init(_:)``) and leave
/// (``withLock(_:)``'s result) as `sending`, so no caller keeps a reference to a non-`Sendable`
/// value it handed over, exactly as with `Mutex`.
public final class ThreadLock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates the lock holding `value`.
    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock; returns what `body` returns.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
