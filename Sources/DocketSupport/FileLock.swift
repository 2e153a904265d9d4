import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An exclusive `flock(2)` lock on a file, held until ``release()`` or until the lock is deallocated (and never
/// past the process's end, so a crash leaves no stale lock). Used to keep a second docket process out of a spool or a session file.
public final class FileLock: Sendable {
    /// The locked file's descriptor; owned by this lock and closed by ``release()``.
    private let descriptor: Int32
    private let released = Atomic<Bool>(false)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        release()
    }

    /// The outcome of trying to take a lock.
    public enum Failure: Error, Sendable {
        /// The lock file can't be opened or created (`errno` in the payload).
        case cannotOpen(Int32)
        /// Another process holds the lock.
        case held
    }

    /// Takes the lock on `path` (created if missing, mode 0600).
    /// - Parameter wait: Wait for another holder to release it (`true`), or fail at once with ``Failure/held``.
    ///   With `wait`, this blocks the calling thread: call it off the cooperative pool.
    /// - Throws: ``Failure``.
    public static func acquire(path: String, wait: Bool) throws(Failure) -> FileLock {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotOpen(errno) }
        while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            close(fd)
            throw errno == EWOULDBLOCK ? .held : .cannotOpen(errno)
        }
        return FileLock(descriptor: fd)
    }

    /// Releases the lock; later calls do nothing.
    public func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
