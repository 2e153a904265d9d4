import Crypto
import DocketCore
import Foundation
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where an accepted note's audio is in the journal.
struct SpoolLocation: Sendable, Equatable, Hashable {
    /// The segment's sequence number (its file is `journal/<sequence>.log`).
    var segment: UInt64
    /// Offset of the audio's first byte in the segment.
    var offset: Int64
    /// Size of the audio in bytes.
    var length: Int64
}

/// The audio of an upload, as received: in memory (short notes) or in a file of `incoming/` (long ones).
enum ReceivedAudio: Sendable {
    case memory(ByteBuffer)
    case file(URL)
}

/// The spool's journal: accepted uploads appended to a segment file and made durable in groups. Every upload that
/// arrives while one `fdatasync` runs is written and synced by the next, so a burst of uploads costs a few syncs
/// instead of several per upload, and no file is created per upload.
///
/// A record is `DKTJ`, a version byte, 3 reserved bytes, the metadata's length (UInt32 LE), the audio's length
/// (UInt64 LE), the metadata (JSON ``UploadMeta``), then the audio. A record is valid when it is complete, its
/// metadata decodes and the audio's SHA-256 is the one the metadata names; a scan stops at the first invalid
/// record of a segment (the tail a crash cut). A segment is never appended to after a failed write or a restart;
/// it is deleted once every note in it is finished.
final class SpoolJournal: Sendable {
    let directory: URL

    private struct Waiter {
        var meta: Data
        var audio: ReceivedAudio
        var length: Int64
        var continuation: CheckedContinuation<SpoolLocation, any Error>
    }

    private struct State {
        /// Appends waiting for the next group.
        var waiting: [Waiter] = []
        /// A group is being written and synced; the current segment belongs to it.
        var flushing = false
        /// The segment being appended to, if open.
        var current: (sequence: UInt64, fd: Int32, size: Int64)?
        var nextSequence: UInt64
        /// Unfinished notes per segment.
        var live: [UInt64: Int] = [:]
    }

    private let state: Mutex<State>
    private let pool: NIOThreadPool
    /// A segment is closed to new records past this size.
    let segmentLimit: Int64

    static let magic: [UInt8] = Array("DKTJ".utf8)
    static let headerSize = 20

    init(directory: URL, pool: NIOThreadPool, segmentLimit: Int64 = 64 << 20) {
        self.directory = directory
        self.pool = pool
        self.segmentLimit = segmentLimit
        let last = Self.segments(in: directory).last ?? 0
        state = Mutex(State(nextSequence: last + 1))
    }

    deinit {
        state.withLock { state in
            if let current = state.current { close(current.fd) }
        }
    }

    func path(_ segment: UInt64) -> String {
        directory.appendingPathComponent(Self.name(segment)).path
    }

    static func name(_ segment: UInt64) -> String {
        let digits = String(segment)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits + ".log"
    }

    /// The segments in `directory`, in order.
    static func segments(in directory: URL) -> [UInt64] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name in
            guard name.hasSuffix(".log") else { return nil }
            return UInt64(name.dropLast(4))
        }.sorted()
    }

    /// Appends a record and returns once it is on disk.
    /// - Throws: ``ServeError`` (500, `spool`) when it can't be written or synced.
    func append(meta: Data, audio: ReceivedAudio, length: Int64) async throws -> SpoolLocation {
        try await withCheckedThrowingContinuation { continuation in
            let start = state.withLock { state -> Bool in
                state.waiting.append(Waiter(meta: meta, audio: audio, length: length, continuation: continuation))
                if state.flushing { return false }
                state.flushing = true
                return true
            }
            if start { pool.submit { _ in self.flushGroups() } }
        }
    }

    /// Writes and syncs groups of waiting records until none are left (on the pool, one at a time per journal).
    private func flushGroups() {
        while true {
            let next = state.withLock { state -> (group: [Waiter], current: (sequence: UInt64, fd: Int32, size: Int64)?, sequence: UInt64)? in
                guard !state.waiting.isEmpty else {
                    state.flushing = false
                    return nil
                }
                defer { state.waiting = [] }
                if let current = state.current, current.size >= segmentLimit {
                    // Full: later records go to a new segment; this one goes when its notes are finished.
                    close(current.fd)
                    if state.live[current.sequence, default: 0] == 0 {
                        unlink(path(current.sequence))
                        state.live[current.sequence] = nil
                    }
                    state.current = nil
                }
                guard let current = state.current else {
                    defer { state.nextSequence += 1 }
                    return (state.waiting, nil, state.nextSequence)
                }
                return (state.waiting, current, 0)
            }
            guard let next else { return }
            var segment = next.current
            do {
                var target: (sequence: UInt64, fd: Int32, size: Int64)
                if let current = next.current {
                    target = current
                } else {
                    let file = path(next.sequence)
                    let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                    guard fd >= 0 else { throw UploadSpool.spoolFailure("create \(file)") }
                    target = (next.sequence, fd, 0)
                    segment = target
                    try UploadSpool.syncDirectory(directory.path)
                }
                var locations: [SpoolLocation] = []
                for waiter in next.group {
                    locations.append(try append(waiter, to: &target))
                }
                guard fdatasync(target.fd) == 0 else { throw UploadSpool.spoolFailure("sync \(path(target.sequence))") }
                state.withLock { state in
                    state.current = target
                    state.live[target.sequence, default: 0] += next.group.count
                }
                for (waiter, location) in zip(next.group, locations) { waiter.continuation.resume(returning: location) }
            } catch {
                // The segment may end in a torn record now: nothing more goes into it.
                state.withLock { state in
                    if let segment {
                        close(segment.fd)
                        if state.live[segment.sequence, default: 0] == 0 {
                            unlink(path(segment.sequence))
                            state.live[segment.sequence] = nil
                        }
                    }
                    state.current = nil
                }
                for waiter in next.group { waiter.continuation.resume(throwing: error) }
            }
        }
    }

    private func append(_ waiter: Waiter, to segment: inout (sequence: UInt64, fd: Int32, size: Int64)) throws -> SpoolLocation {
        var header = Self.magic + [1, 0, 0, 0]
        withUnsafeBytes(of: UInt32(waiter.meta.count).littleEndian) { header += $0 }
        withUnsafeBytes(of: UInt64(waiter.length).littleEndian) { header += $0 }
        let file = path(segment.sequence)
        try Self.writeAll(segment.fd, header, path: file)
        try waiter.meta.withUnsafeBytes { try Self.writeAll(segment.fd, $0, path: file) }
        let offset = segment.size + Int64(header.count + waiter.meta.count)
        switch waiter.audio {
        case .memory(let buffer):
            try buffer.withUnsafeReadableBytes { try Self.writeAll(segment.fd, $0, path: file) }
        case .file(let url):
            try Self.copy(from: url.path, to: segment.fd, length: waiter.length, path: file)
        }
        segment.size = offset + waiter.length
        return SpoolLocation(segment: segment.sequence, offset: offset, length: waiter.length)
    }

    /// A note is finished (stored, failed, or a second copy of one queued): its segment goes once it has no
    /// unfinished notes and takes no more records.
    func finish(_ location: SpoolLocation) {
        state.withLock { state in
            guard let count = state.live[location.segment] else { return }
            if count > 1 {
                state.live[location.segment] = count - 1
                return
            }
            if let current = state.current, current.sequence == location.segment {
                // The open segment: only when no group is being written to it.
                guard !state.flushing else {
                    state.live[location.segment] = 0
                    return
                }
                close(current.fd)
                state.current = nil
            }
            state.live[location.segment] = nil
            unlink(path(location.segment))
        }
    }

    /// Copies a note's audio into a file (for the pipeline, which reads files).
    func extract(_ location: SpoolLocation, to target: String) throws {
        let source = path(location.segment)
        let fd = open(source, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw UploadSpool.spoolFailure("open \(source)") }
        defer { close(fd) }
        let out = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard out >= 0 else { throw UploadSpool.spoolFailure("create \(target)") }
        defer { close(out) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var done: Int64 = 0
        while done < location.length {
            let want = Int(min(Int64(buffer.count), location.length - done))
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(location.offset + done)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw UploadSpool.spoolFailure("read \(source)") }
            try buffer.withUnsafeBytes { try Self.writeAll(out, UnsafeRawBufferPointer(rebasing: $0[..<n]), path: target) }
            done += Int64(n)
        }
    }

    /// Every valid record of every segment, in order, and counts them as unfinished. Called once, before any
    /// append; new records go to a new segment.
    func recover(decoder: JSONDecoder) -> [(meta: UploadMeta, location: SpoolLocation)] {
        var records: [(meta: UploadMeta, location: SpoolLocation)] = []
        var live: [UInt64: Int] = [:]
        for segment in Self.segments(in: directory) {
            let found = scan(segment, decoder: decoder)
            if found.isEmpty {
                unlink(path(segment))
            } else {
                live[segment] = found.count
                records += found
            }
        }
        state.withLock { $0.live.merge(live) { $1 } }
        return records
    }

    private func scan(_ segment: UInt64, decoder: JSONDecoder) -> [(meta: UploadMeta, location: SpoolLocation)] {
        let file = path(segment)
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return [] }
        let size = Int64(info.st_size)
        var records: [(meta: UploadMeta, location: SpoolLocation)] = []
        var offset: Int64 = 0
        while offset + Int64(Self.headerSize) <= size {
            guard let header = Self.readBytes(fd, at: offset, count: Self.headerSize), Array(header[0..<4]) == Self.magic, header[4] == 1 else { break }
            let metaLength = Int64(header[8..<12].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let audioLength = Int64(bitPattern: header[12..<20].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            let audioOffset = offset + Int64(Self.headerSize) + metaLength
            guard metaLength > 0, metaLength < 1 << 20, audioLength >= 0, audioOffset + audioLength <= size,
                let metaBytes = Self.readBytes(fd, at: offset + Int64(Self.headerSize), count: Int(metaLength)),
                let meta = try? decoder.decode(UploadMeta.self, from: Data(metaBytes)),
                Self.hash(fd, at: audioOffset, length: audioLength) == meta.contentHash
            else { break }
            records.append((meta, SpoolLocation(segment: segment, offset: audioOffset, length: audioLength)))
            offset = audioOffset + audioLength
        }
        return records
    }

    private static func readBytes(_ fd: Int32, at offset: Int64, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }

    private static func hash(_ fd: Int32, at offset: Int64, length: Int64) -> String? {
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var done: Int64 = 0
        while done < length {
            let want = Int(min(Int64(buffer.count), length - done))
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(offset + done)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            done += Int64(n)
        }
        return hexString(hasher.finalize())
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw UploadSpool.spoolFailure("write \(path)")
            }
            done += n
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBytes { try writeAll(fd, $0, path: path) }
    }

    private static func copy(from source: String, to fd: Int32, length: Int64, path: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw UploadSpool.spoolFailure("open \(source)") }
        defer { close(input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var done: Int64 = 0
        while done < length {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw UploadSpool.spoolFailure("read \(source)") }
            try buffer.withUnsafeBytes { try writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<n]), path: path) }
            done += Int64(n)
        }
    }
}
