import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A forward-only byte stream over a file descriptor or an in-memory buffer.
///
/// Owns the file descriptor and closes it on deinit. Not thread-safe.
final class ByteInput {
    private enum Backend {
        case file(fd: Int32)
        case memory([UInt8])
    }

    private let backend: Backend
    /// The file name used in error messages.
    let name: String
    /// Total size in bytes, when known.
    let size: Int64?
    /// Bytes consumed (read or skipped) so far.
    private(set) var position: Int64 = 0

    /// Opens a regular file for reading.
    init(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let err = errno
            let reason = String(cString: strerror(err))
            if err == ENOENT {
                throw AudioError(.fileNotFound, "\(name): no such file; check the path (\(path)).")
            }
            throw AudioError(
                .unreadable,
                "\(name) cannot be opened (\(reason)); check that the file exists and is readable.",
                cause: POSIXError(POSIXErrorCode(rawValue: err) ?? .EIO)
            )
        }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw AudioError(.unreadable, "\(name) is a directory, not an audio file; pass the path of a recording.")
            }
            size = (info.st_mode & S_IFMT) == S_IFREG ? Int64(info.st_size) : nil
        } else {
            size = nil
        }
        self.name = name
        self.backend = .file(fd: fd)
    }

    /// Wraps bytes already in memory.
    init(bytes: [UInt8], name: String) {
        self.backend = .memory(bytes)
        self.name = name
        self.size = Int64(bytes.count)
    }

    deinit {
        if case .file(let fd) = backend {
            close(fd)
        }
    }

    /// Bytes left before the end, when the size is known.
    var remaining: Int64? {
        size.map { Swift.max(0, $0 - position) }
    }

    /// Reads up to `count` bytes into `destination`; returns 0 only at the end of input.
    func read(into destination: UnsafeMutableRawPointer, count: Int) throws -> Int {
        guard count > 0 else { return 0 }
        switch backend {
        case .memory(let bytes):
            let start = Int(position)
            let n = Swift.min(count, bytes.count - start)
            guard n > 0 else { return 0 }
            bytes.withUnsafeBytes { raw in
                destination.copyMemory(from: raw.baseAddress! + start, byteCount: n)
            }
            position += Int64(n)
            return n
        case .file(let fd):
            let n = readRetryingInterrupts(fd, destination, count)
            guard n >= 0 else { throw AudioError.readFailed(name, errno: errno, advice: "check the disk and try again") }
            position += Int64(n)
            return n
        }
    }

    /// Reads exactly `count` bytes unless the input ends first; returns what was read.
    func readBytes(_ count: Int) throws -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        var filled = 0
        try result.withUnsafeMutableBytes { raw in
            while filled < count {
                let n = try read(into: raw.baseAddress! + filled, count: count - filled)
                if n == 0 { break }
                filled += n
            }
        }
        result.removeLast(count - filled)
        return result
    }

    /// Reads up to `count` bytes at `offset`: what ``readBytes(_:)`` returns after moving there. A stream of unknown
    /// size (a pipe) only moves forward; asked to go back, it returns no bytes.
    func readBytes(at offset: Int64, count: Int) throws -> [UInt8] {
        if offset > position, size == nil {
            guard try skip(offset - position) == offset - position else { return [] }
        } else if offset != position {
            guard size != nil, offset >= 0 else { return [] }
            if case .file(let fd) = backend, lseek(fd, off_t(offset), SEEK_SET) < 0 { return [] }
            position = offset
        }
        return try readBytes(count)
    }

    /// Skips `count` bytes (never past the end); returns how many were skipped.
    @discardableResult
    func skip(_ count: Int64) throws -> Int64 {
        guard count > 0 else { return 0 }
        if let remaining {
            let n = Swift.min(count, remaining)
            switch backend {
            case .memory:
                break
            case .file(let fd):
                if lseek(fd, off_t(position + n), SEEK_SET) < 0 {
                    let err = errno
                    throw AudioError(
                        .io,
                        "Seeking in \(name) failed (\(String(cString: strerror(err)))); check the disk and try again.",
                        cause: POSIXError(POSIXErrorCode(rawValue: err) ?? .EIO)
                    )
                }
            }
            position += n
            return n
        }
        // Unknown size: read and discard.
        var skipped: Int64 = 0
        var scratch = [UInt8](repeating: 0, count: 16_384)
        try scratch.withUnsafeMutableBytes { raw in
            while skipped < count {
                let want = Int(Swift.min(Int64(raw.count), count - skipped))
                let n = try read(into: raw.baseAddress!, count: want)
                if n == 0 { break }
                skipped += Int64(n)
            }
        }
        return skipped
    }
}

extension AudioError {
    /// The error for a `read(2)` of `what` that failed with `errno`: "Reading `what` failed (the reason); `advice`."
    static func readFailed(_ what: String, errno: Int32, advice: String) -> AudioError {
        AudioError(
            .io,
            "Reading \(what) failed (\(String(cString: strerror(errno)))); \(advice).",
            cause: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        )
    }
}
