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
    var offset = 0
    var failure: Int32?
    bytes.withUnsafeBytes { buffer in
        while offset < buffer.count {
            let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            offset += n
        }
    }
    if failure == nil, fsync(fd) != 0 { failure = errno }
    close(fd)
    if failure == nil, rename(temporary, path) != 0 { failure = errno }
    if let failure {
        unlink(temporary)
        return failure
    }
    let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
        fsync(directoryFD)
        close(directoryFD)
    }
    return nil
}
