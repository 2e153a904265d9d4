#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Replaces the file at `path` with `bytes` so that a crash leaves either the old file or the new one, never a
/// part: the bytes go to a new temporary file next to it (created exclusively with `mode`, never through a link),
/// which is fsynced and renamed over `path`; then the directory is fsynced so the rename itself is durable.
/// - Returns: nil when done, else the `errno` of the step that failed (the temporary file is removed).
public func replaceFileDurably(at path: String, with bytes: [UInt8], mode: UInt32) -> Int32? {
    var suffix = ""
    for _ in 0..<8 { suffix.append(String(UInt8.random(in: 0...15), radix: 16)) }
    return replaceFileDurably(at: path, with: bytes, mode: mode, temporarySuffix: suffix)
}

/// ``replaceFileDurably(at:with:mode:)`` with the temporary file's name chosen by the caller (tests plant a link
/// there).
func replaceFileDurably(at path: String, with bytes: [UInt8], mode: UInt32, temporarySuffix suffix: String) -> Int32? {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    // A new name each time, never an existing file or a link planted in its place.
    let temporary = path + ".tmp-" + suffix
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
    guard fd >= 0 else { return errno }
    var failure = bytes.withUnsafeBytes { writeAll(fd, $0) }
    if failure == nil, fsync(fd) != 0 { failure = errno }
    close(fd)
    if failure == nil, rename(temporary, path) != 0 { failure = errno }
    if let failure {
        unlink(temporary)
        return failure
    }
    syncDirectory(directory)
    return nil
}

/// Writes all of `bytes` to the descriptor `fd`, however many writes that takes.
/// - Returns: nil when done, else the `errno` of the write that failed.
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return nil
}

/// Makes the names in `directory` durable (a file created, renamed or removed there), as far as it can be opened.
func syncDirectory(_ directory: String) {
    let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
        fsync(directoryFD)
        close(directoryFD)
    }
}

/// Starts of a piece of work that never ended, counted across crashes: a note whose processing kills the process
/// (a bug met only by that note) would otherwise be taken up again at every start, and the service would never run.
///
/// ``begin(_:)`` adds a byte to the marker file at `path` and syncs it before the work starts; ``end(_:)`` removes
/// the file when the work ends, however it ends. A marker still there at the next start is a start that never
/// ended: a crash, a kill or a power cut in the middle of the work.
public enum UnfinishedStarts {
    /// Counts a start of the work `path` marks, durably.
    /// - Returns: the starts that have not ended, this one included (1 when the last start ended); nil when the
    ///   marker can't be written (then nothing is counted).
    public static func begin(_ path: String) -> Int? {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var byte: UInt8 = 1
        guard write(fd, &byte, 1) == 1, fsync(fd) == 0 else { return nil }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        if status.st_size == 1, let slash = path.lastIndex(of: "/") { syncDirectory(slash == path.startIndex ? "/" : String(path[..<slash])) }
        return Int(status.st_size)
    }

    /// The starts of the work `path` marks that never ended so far (0 when none), without counting one.
    public static func count(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// The work `path` marks has ended.
    public static func end(_ path: String) {
        unlink(path)
    }
}
