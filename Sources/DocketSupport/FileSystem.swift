#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The device and inode of what an open descriptor refers to (`fstat(2)`), as systemd names a stream in
/// `JOURNAL_STREAM`; nil when the descriptor is not open.
public func fileIdentity(descriptor: Int32) -> (device: UInt64, inode: UInt64)? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return (UInt64(status.st_dev), UInt64(status.st_ino))
}

/// The bytes an unprivileged process may still write on the file system holding `path` (`statvfs(3)`); nil when it
/// can't be asked.
public func freeBytes(atPath path: String) -> Int64? {
    var info = statvfs()
    guard statvfs(path, &info) == 0 else { return nil }
    return Int64(info.f_bavail) * Int64(info.f_frsize)
}

/// Reads up to `count` bytes from the descriptor `fd` into `buffer` (`read(2)`), again whenever a signal interrupts
/// the read before anything arrived.
/// - Returns: the bytes read, 0 at the end of the input; -1 when the read failed, with `errno` saying why.
public func readRetryingInterrupts(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    while true {
        let n = read(fd, buffer, count)
        if n >= 0 || errno != EINTR { return n }
    }
}
