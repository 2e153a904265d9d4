import Crypto
import DocketAudio
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

    /// The container its first bytes name, or nil when they are not audio docket reads.
    func container() -> AudioContainer? {
        switch self {
        case .memory(let buffer):
            return AudioSniffer.container { offset, count in
                let start = Int(clamping: offset)
                guard start < buffer.readableBytes else { return [] }
                return buffer.getBytes(at: buffer.readerIndex + start, length: min(count, buffer.readableBytes - start)) ?? []
            }
        case .file(let url):
            let fd = open(url.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            return AudioSniffer.container { offset, count in
                var bytes = [UInt8](repeating: 0, count: count)
                let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(clamping: offset)) }
                return n > 0 ? Array(bytes[..<n]) : []
            }
        }
    }
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
        let last = max(Self.segments(in: directory).last ?? 0, Self.segments(in: directory, suffix: ".corrupt").last ?? 0)
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

    /// The segments in `directory` (or the corrupt ones kept for inspection), in order.
    static func segments(in directory: URL, suffix: String = ".log") -> [UInt64] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name in
            guard name.hasSuffix(suffix) else { return nil }
            return UInt64(name.dropLast(suffix.count))
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
                    // A note of the open segment finished while it was being written to: the segment goes now.
                    if let current = state.current, state.live[current.sequence] == 0 {
                        close(current.fd)
                        unlink(path(current.sequence))
                        state.live[current.sequence] = nil
                        state.current = nil
                    }
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
                    try UploadSpool.sync(directory.path)
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

    /// Copies a note's audio into a file (for the pipeline, which reads files). A copy that fails part way (a full
    /// disk) is removed, never left truncated.
    func extract(_ location: SpoolLocation, to target: String) throws {
        do {
            try copyOut(location, to: target)
        } catch {
            unlink(target)
            throw error
        }
    }

    private func copyOut(_ location: SpoolLocation, to target: String) throws {
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

    /// What ``recover(decoder:)`` found.
    struct Recovery {
        /// Every valid record, in order.
        var records: [(meta: UploadMeta, location: SpoolLocation)] = []
        /// Stretches of bytes that were no valid record (not counting the tail a crash cut off).
        var corruptRecords = 0
        /// The segments that held them, kept as `<n>.corrupt` for inspection.
        var corruptSegments: [String] = []
        /// Segments that held them but could not be linked to `<n>.corrupt` (they stay as they are, and are read
        /// again at the next start).
        var unlinkedSegments: [String] = []
    }

    /// Every valid record of every segment, in order, and counts them as unfinished. Called once, before any
    /// append; new records go to a new segment.
    ///
    /// Never traps, whatever the bytes: a record that fails a check (lengths, metadata, a note id that is no UUID,
    /// the audio's hash) is passed over, the scan goes on at the next record header after it (so later accepted
    /// notes are still found), and its segment is kept as `<n>.corrupt` (a hard link: the valid records in it are
    /// read from `<n>.log` until they are finished; a segment that can't be linked stays as it is). A record cut short at the end of the newest segment is the
    /// tail of a write a crash interrupted, never acknowledged: it is dropped without a word.
    func recover(decoder: JSONDecoder) -> Recovery {
        var recovery = Recovery()
        var live: [UInt64: Int] = [:]
        let segments = Self.segments(in: directory)
        for segment in segments {
            let found = scan(segment, isNewest: segment == segments.last, decoder: decoder)
            var keptForInspection = true
            if found.corrupt > 0 {
                let kept = directory.appendingPathComponent(Self.corruptName(segment)).path
                unlink(kept)
                if link(path(segment), kept) == 0 {
                    recovery.corruptSegments.append(Self.corruptName(segment))
                } else {
                    keptForInspection = false
                    recovery.unlinkedSegments.append(Self.name(segment))
                }
                recovery.corruptRecords += found.corrupt
            }
            // A segment with nothing left to process goes, unless it is the only copy of corrupt bytes.
            if found.records.isEmpty, keptForInspection {
                unlink(path(segment))
            } else {
                live[segment] = found.records.count
                recovery.records += found.records
            }
        }
        state.withLock { $0.live.merge(live) { $1 } }
        return recovery
    }

    static func corruptName(_ segment: UInt64) -> String {
        String(name(segment).dropLast(4)) + ".corrupt"
    }

    /// What one position of a segment holds.
    private enum Slot {
        case record(UploadMeta, SpoolLocation)
        /// A record that runs past the end of the file.
        case cut
        case invalid
    }

    /// Largest metadata and audio a record may claim (a claim beyond them is corruption, not a cut tail).
    static let maximumMetaLength: Int64 = 1 << 20
    static let maximumAudioLength: Int64 = 1 << 40

    private func scan(_ segment: UInt64, isNewest: Bool, decoder: JSONDecoder) -> (records: [(meta: UploadMeta, location: SpoolLocation)], corrupt: Int) {
        let file = path(segment)
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return ([], 0) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return ([], 0) }
        let size = Int64(info.st_size)
        var records: [(meta: UploadMeta, location: SpoolLocation)] = []
        var corrupt = 0
        var offset: Int64 = 0
        var inCorruptStretch = false
        while offset < size {
            let slot = Self.slot(fd, at: offset, size: size, segment: segment, decoder: decoder)
            if case .record(let meta, let location) = slot {
                records.append((meta, location))
                offset = location.offset + location.length
                inCorruptStretch = false
                continue
            }
            let next = Self.nextHeader(fd, after: offset, size: size)
            // A record cut short with nothing after it, at the end of the newest segment: a crash's torn write.
            if case .cut = slot, isNewest, !inCorruptStretch, next == nil { break }
            if !inCorruptStretch { corrupt += 1 }
            inCorruptStretch = true
            guard let next else { break }
            offset = next
        }
        return (records, corrupt)
    }

    /// Reads the record at `offset`, checking everything; never traps.
    private static func slot(_ fd: Int32, at offset: Int64, size: Int64, segment: UInt64, decoder: JSONDecoder) -> Slot {
        let available = size - offset
        guard available >= Int64(headerSize) else {
            let prefix = readBytes(fd, at: offset, count: Int(available)) ?? []
            return magic.starts(with: prefix.prefix(4)) ? .cut : .invalid
        }
        guard let header = readBytes(fd, at: offset, count: headerSize), Array(header[0..<4]) == magic, header[4] == 1 else { return .invalid }
        let metaLength = Int64(header[8..<12].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let audioLength = Int64(bitPattern: header[12..<20].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        guard metaLength > 0, metaLength < maximumMetaLength, audioLength >= 0, audioLength < maximumAudioLength else { return .invalid }
        let audioOffset = offset + Int64(headerSize) + metaLength
        guard audioOffset <= size, audioLength <= size - audioOffset else { return .cut }
        guard let metaBytes = readBytes(fd, at: offset + Int64(headerSize), count: Int(metaLength)),
            let meta = try? decoder.decode(UploadMeta.self, from: Data(metaBytes)),
            UUID(uuidString: meta.id) != nil, meta.bytes == Int(audioLength),
            hash(fd, at: audioOffset, length: audioLength) == meta.contentHash
        else { return .invalid }
        return .record(meta, SpoolLocation(segment: segment, offset: audioOffset, length: audioLength))
    }

    /// The offset of the next record magic after `offset`, or nil when there is none.
    private static func nextHeader(_ fd: Int32, after offset: Int64, size: Int64) -> Int64? {
        var position = offset + 1
        let chunk = 1 << 20
        while position < size {
            let count = Int(min(Int64(chunk), size - position))
            guard let bytes = readBytes(fd, at: position, count: count) else { return nil }
            var i = 0
            while i + 4 <= bytes.count {
                if bytes[i] == magic[0], bytes[i + 1] == magic[1], bytes[i + 2] == magic[2], bytes[i + 3] == magic[3] {
                    return position + Int64(i)
                }
                i += 1
            }
            if position + Int64(count) >= size { return nil }
            position += Int64(max(1, count - 3))  // a magic may straddle two chunks
        }
        return nil
    }

    private static func readBytes(_ fd: Int32, at offset: Int64, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
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
