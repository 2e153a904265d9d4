public import Foundation

/// A streaming WAV decoder that yields mono `Float` samples in -1…1.
///
/// Reads RIFF/WAVE and RF64 files in fixed 64 KiB blocks, so memory use does not grow with
/// the file length. Supports 8-bit unsigned and 16/24/32-bit signed PCM, 32/64-bit float,
/// μ-law and A-law, plain or `WAVE_FORMAT_EXTENSIBLE`, at 8,000–192,000 Hz with any number
/// of channels (averaged to mono). Unknown chunks are skipped; a `data` chunk whose size
/// is 0 or 0xFFFFFFFF (streamed writers) or larger than the file is read to the end of the file.
///
/// A decoder owns an open file and must not be shared between threads.
public final class WAVDecoder: AudioSource {
    /// Size of the read block in bytes.
    static let blockSize = 65_536
    /// Most channels accepted; keeps one frame well inside a block.
    static let maxChannels = 1_024
    /// Accepted sample rates.
    public static let supportedSampleRates = 8_000...192_000

    /// The format read from the header.
    public let format: WAVFormat
    /// The file name, used in messages.
    public let fileName: String

    private let input: ByteInput
    private let block: UnsafeMutableRawPointer
    private var blockStart = 0
    private var blockEnd = 0
    /// Bytes of the `data` chunk not yet pulled into the block; nil means "until end of file".
    private var dataRemaining: Int64?
    private let frameBytes: Int
    private var inputEnded = false
    /// Seconds of audio the header promises past the end of the file (the file was cut short), or nil.
    public let missingSeconds: Double?

    /// Opens and parses a WAV file.
    /// - Parameter path: Path of the `.wav` file.
    /// - Throws: ``AudioError`` with code `fileNotFound`, `unreadable`, `notAudio`, `truncated`,
    ///   `invalidHeader`, `unsupportedEncoding` or `io`.
    public convenience init(path: String) throws {
        try self.init(input: ByteInput(path: path))
    }

    /// Decodes WAV bytes held in memory (useful for tests and small clips).
    /// - Parameters:
    ///   - data: The complete file contents.
    ///   - name: A name used in error messages.
    public convenience init(data: Data, name: String = "audio.wav") throws {
        try self.init(input: ByteInput(bytes: [UInt8](data), name: name))
    }

    init(input: ByteInput) throws {
        self.input = input
        self.fileName = input.name
        let header = try Self.parseHeader(input)
        self.format = header.format
        self.frameBytes = header.format.bytesPerFrame
        self.dataRemaining = header.dataSize
        self.missingSeconds = header.missingFrames > 0 ? Double(header.missingFrames) / Double(header.format.sampleRate) : nil
        self.block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16)
        try refill()
        if blockEnd - blockStart < frameBytes {
            throw AudioError(
                .truncated,
                "\(fileName) has a WAV header but no audio samples; the recording is empty or was cut off. Record again or export the file anew."
            )
        }
    }

    deinit {
        block.deallocate()
    }

    // MARK: - Progress

    /// Bytes of the file consumed so far.
    public var bytesRead: Int64 { input.position - Int64(blockEnd - blockStart) }
    /// Size of the file in bytes, when known.
    public var totalBytes: Int64? { input.size }

    /// Fraction of the file consumed, 0…1, when the file size is known.
    public var progress: Double? {
        guard let total = totalBytes, total > 0 else { return nil }
        return Swift.min(1, Swift.max(0, Double(bytesRead) / Double(total)))
    }

    /// The sample rate of the file.
    public var sampleRate: Int { format.sampleRate }
    /// The format summary, e.g. `"WAV PCM 16-bit 44100 Hz stereo"`.
    public var formatDescription: String { format.description }

    // MARK: - Reading

    /// Replaces the contents of `buffer` with up to `maxFrames` mono samples.
    ///
    /// Reuses the buffer's capacity, so a caller that keeps the same buffer allocates nothing
    /// per call. A trailing partial frame at the end of the file is dropped.
    /// - Returns: The number of frames read; 0 at the end of the audio.
    public func read(into buffer: inout [Float], maxFrames: Int) throws -> Int {
        buffer.removeAll(keepingCapacity: true)
        guard maxFrames > 0 else { return 0 }
        var produced = 0
        while produced < maxFrames {
            var available = (blockEnd - blockStart) / frameBytes
            if available == 0 {
                try refill()
                available = (blockEnd - blockStart) / frameBytes
                if available == 0 { break }
            }
            let n = Swift.min(available, maxFrames - produced)
            let offset = buffer.count
            buffer.append(contentsOf: repeatElement(Float(0), count: n))
            buffer.withUnsafeMutableBufferPointer { out in
                decode(from: UnsafeRawPointer(block + blockStart), into: out.baseAddress! + offset, frames: n)
            }
            blockStart += n * frameBytes
            produced += n
        }
        return produced
    }

    /// Moves leftover bytes to the front of the block and reads more of the data chunk.
    private func refill() throws {
        if blockStart > 0 {
            let leftover = blockEnd - blockStart
            if leftover > 0 {
                block.copyMemory(from: block + blockStart, byteCount: leftover)
            }
            blockStart = 0
            blockEnd = leftover
        }
        while !inputEnded && blockEnd - blockStart < frameBytes {
            try readMore()
        }
        // Fill the rest of the block opportunistically so later calls need fewer reads.
        while !inputEnded && blockEnd < Self.blockSize {
            try readMore()
            if input.size == nil { break }
        }
    }

    /// One read from the input into the free end of the block, within the data chunk; marks the input ended when
    /// nothing more comes.
    private func readMore() throws {
        var want = Self.blockSize - blockEnd
        if let remaining = dataRemaining {
            want = Int(Swift.min(Int64(want), remaining))
        }
        guard want > 0 else {
            inputEnded = true
            return
        }
        let n = try input.read(into: block + blockEnd, count: want)
        guard n > 0 else {
            inputEnded = true
            return
        }
        blockEnd += n
        if let remaining = dataRemaining {
            dataRemaining = remaining - Int64(n)
        }
    }

    private func decode(from source: UnsafeRawPointer, into destination: UnsafeMutablePointer<Float>, frames: Int) {
        let channels = format.channels
        switch (format.encoding, format.bitsPerSample) {
        case (.pcmInteger, 8): Self.decode(PCMUInt8.self, source, destination, frames, channels)
        case (.pcmInteger, 16): Self.decode(PCMInt16.self, source, destination, frames, channels)
        case (.pcmInteger, 24): Self.decode(PCMInt24.self, source, destination, frames, channels)
        case (.pcmInteger, 32): Self.decode(PCMInt32.self, source, destination, frames, channels)
        case (.float, 32): Self.decode(Float32Sample.self, source, destination, frames, channels)
        case (.float, 64): Self.decode(Float64Sample.self, source, destination, frames, channels)
        case (.muLaw, _): Self.decode(MuLawSample.self, source, destination, frames, channels)
        case (.aLaw, _): Self.decode(ALawSample.self, source, destination, frames, channels)
        default: destination.update(repeating: 0, count: frames)
        }
    }

    @inline(__always)
    private static func decode<C: SampleCodec>(
        _: C.Type,
        _ source: UnsafeRawPointer,
        _ destination: UnsafeMutablePointer<Float>,
        _ frames: Int,
        _ channels: Int
    ) {
        let size = C.byteCount
        switch channels {
        case 1:
            for i in 0..<frames {
                destination[i] = C.load(source, i &* size)
            }
        case 2:
            for i in 0..<frames {
                let base = i &* (2 &* size)
                destination[i] = (C.load(source, base) + C.load(source, base &+ size)) * 0.5
            }
        default:
            let scale = 1 / Float(channels)
            let stride = channels &* size
            for i in 0..<frames {
                let base = i &* stride
                var sum: Float = 0
                for c in 0..<channels {
                    sum += C.load(source, base &+ c &* size)
                }
                destination[i] = sum * scale
            }
        }
    }

    // MARK: - Header parsing

    private struct Header {
        var format: WAVFormat
        var dataSize: Int64?
        /// Frames the 'data' chunk declares past the end of the file.
        var missingFrames: Int64 = 0
    }

    private static func fourCC(_ bytes: [UInt8], _ offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    private static func u16(_ b: [UInt8], _ o: Int) -> Int {
        Int(b[o]) | Int(b[o + 1]) << 8
    }

    private static func u32(_ b: [UInt8], _ o: Int) -> Int64 {
        Int64(b[o]) | Int64(b[o + 1]) << 8 | Int64(b[o + 2]) << 16 | Int64(b[o + 3]) << 24
    }

    private static func u64(_ b: [UInt8], _ o: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in (0..<8).reversed() {
            value = value << 8 | UInt64(b[o + i])
        }
        return value
    }

    /// Data sizes from here up are taken for the placeholder a streaming writer puts in the header, not a length.
    private static let streamingPlaceholder: Int64 = 0x7FFF_0000

    private static let guidTail: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
    ]

    private static func parseHeader(_ input: ByteInput) throws -> Header {
        let name = input.name
        let riff = try input.readBytes(12)
        guard riff.count == 12 else {
            if riff.count >= 4, ["RIFF", "RF64"].contains(fourCC(riff, 0)) {
                throw AudioError(.truncated, "\(name) ends inside its WAV header; the file was cut off. Export or copy it again.")
            }
            throw AudioError(.notAudio, "\(name) is not a WAV file (it is too short to hold a WAV header).")
        }
        let container = fourCC(riff, 0)
        guard container == "RIFF" || container == "RF64", fourCC(riff, 8) == "WAVE" else {
            throw AudioError(.notAudio, "\(name) is not a WAV file (no RIFF/WAVE signature).")
        }

        var format: WAVFormat?
        var ds64DataSize: Int64?
        while true {
            let chunkHeader = try input.readBytes(8)
            guard chunkHeader.count == 8 else {
                if format == nil {
                    throw AudioError(.invalidHeader, "\(name) has no 'fmt ' chunk, so its sample format is unknown; the file is damaged. Export it again.")
                }
                throw AudioError(.invalidHeader, "\(name) has no 'data' chunk, so it holds no audio; the file is damaged or cut off. Export it again.")
            }
            let id = fourCC(chunkHeader, 0)
            let size = u32(chunkHeader, 4)
            switch id {
            case "fmt ":
                if format != nil {
                    try input.skip(size + (size & 1))
                    continue
                }
                format = try parseFormat(input, size: size, name: name, container: container)
            case "ds64":
                let keep = Swift.min(size, 64)
                let body = try input.readBytes(Int(keep))
                if body.count >= 16 {
                    let value = u64(body, 8)
                    if value < UInt64(Int64.max) { ds64DataSize = Int64(value) }
                }
                try input.skip(size - keep + (size & 1))
            case "data":
                guard var fmt = format else {
                    throw AudioError(
                        .invalidHeader,
                        "\(name) has its 'data' chunk before the 'fmt ' chunk, which WAV does not allow; convert it with: ffmpeg -i \(name) fixed.wav")
                }
                var dataSize: Int64?
                if size == 0xFFFF_FFFF {
                    dataSize = container == "RF64" ? ds64DataSize : nil
                } else if size != 0 {
                    dataSize = size
                }
                let frameBytes = Int64(fmt.bytesPerFrame)
                var missingFrames: Int64 = 0
                if let remaining = input.remaining {
                    let available = dataSize.map { Swift.min($0, remaining) } ?? remaining
                    fmt.frameCount = available / frameBytes
                    // A writer that streams (arecord or sox to a pipe) puts a placeholder near 2 GiB there instead.
                    if let dataSize, dataSize > remaining, dataSize < Self.streamingPlaceholder {
                        missingFrames = (dataSize - remaining) / frameBytes
                    }
                } else if let dataSize {
                    fmt.frameCount = dataSize / frameBytes
                }
                return Header(format: fmt, dataSize: dataSize, missingFrames: missingFrames)
            default:
                // A chunk that claims to run past the end is skipped to the end; the next
                // header read then fails with a clear "no data chunk" error.
                try input.skip(size + (size & 1))
            }
        }
    }

    private static func parseFormat(_ input: ByteInput, size: Int64, name: String, container: String) throws -> WAVFormat {
        guard size >= 16 else {
            throw AudioError(.invalidHeader, "\(name) has a 'fmt ' chunk of \(size) bytes (at least 16 are needed); the file is damaged. Export it again.")
        }
        let keep = Swift.min(size, 64)
        let body = try input.readBytes(Int(keep))
        guard body.count == Int(keep) else {
            throw AudioError(.truncated, "\(name) ends inside its 'fmt ' chunk; the file was cut off. Export or copy it again.")
        }
        try input.skip(size - keep + (size & 1))

        var tag = u16(body, 0)
        let channels = u16(body, 2)
        let rate = u32(body, 4)
        let bits = u16(body, 14)
        if tag == 0xFFFE {
            guard body.count >= 40 else {
                throw AudioError(
                    .invalidHeader,
                    "\(name) declares WAVE_FORMAT_EXTENSIBLE but its 'fmt ' chunk is too short (\(size) bytes); the file is damaged. Export it again.")
            }
            guard Array(body[26..<40]) == guidTail else {
                throw AudioError(
                    .unsupportedEncoding,
                    "\(name) uses an unknown WAVE_FORMAT_EXTENSIBLE sub-format; convert it with: ffmpeg -i \(name) -c:a pcm_s16le fixed.wav")
            }
            tag = u16(body, 24)
        }
        guard channels >= 1 else {
            throw AudioError(.invalidHeader, "\(name) declares 0 channels; the header is damaged. Export the file again.")
        }
        guard channels <= maxChannels else {
            throw AudioError(
                .unsupportedEncoding,
                "\(name) has \(channels) channels; docket reads at most \(maxChannels). Mix it down with: ffmpeg -i \(name) -ac 1 mono.wav")
        }
        guard rate > 0 else {
            throw AudioError(.invalidHeader, "\(name) declares a sample rate of 0 Hz; the header is damaged. Export the file again.")
        }
        guard supportedSampleRates.contains(Int(rate)) else {
            throw AudioError(
                .unsupportedEncoding,
                "\(name) has a sample rate of \(rate) Hz; docket reads WAV at 8000–192000 Hz. Resample it with: ffmpeg -i \(name) -ar 16000 fixed.wav")
        }
        let encoding: WAVFormat.Encoding
        switch (tag, bits) {
        case (1, 8), (1, 16), (1, 24), (1, 32): encoding = .pcmInteger
        case (3, 32), (3, 64): encoding = .float
        case (7, 8): encoding = .muLaw
        case (6, 8): encoding = .aLaw
        default:
            let what: String
            switch tag {
            case 1: what = "\(bits)-bit PCM"
            case 3: what = "\(bits)-bit float"
            case 6, 7: what = "\(bits)-bit G.711"
            default: what = "encoding 0x\(String(tag, radix: 16))"
            }
            throw AudioError(
                .unsupportedEncoding, "\(name) uses \(what), which docket cannot decode; convert it with: ffmpeg -i \(name) -c:a pcm_s16le fixed.wav")
        }
        return WAVFormat(sampleRate: Int(rate), channels: channels, bitsPerSample: bits, encoding: encoding, container: container)
    }
}

// MARK: - Sample codecs

/// Loads one sample at a byte offset and converts it to a Float in -1…1.
private protocol SampleCodec {
    static var byteCount: Int { get }
    static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Float
}

private enum PCMUInt8: SampleCodec {
    static var byteCount: Int { 1 }
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Float {
        (Float(base.load(fromByteOffset: offset, as: UInt8.self)) - 128) * (1 / 128)
    }
}

private enum PCMInt16: SampleCodec {
    static var byteCount: Int { 2 }
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Float {
        Float(Int16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: Int16.self))) * (1 / 32_768)
    }
}

private enum PCMInt24: SampleCodec {
    static var byteCount: Int { 3 }
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Float {
        let b0 = Int32(base.load(fromByteOffset: offset, as: UInt8.self))
        let b1 = Int32(base.load(fromByteOffset: offset &+ 1, as: UInt8.self))
        let b2 = Int32(base.load(fromByteOffset: offset &+ 2, as: Int8.self))
        return Float(b0 | b1 << 8 | b2 << 16) * (1 / 8_388_608)
    }
}

private enum PCMInt32: SampleCodec {
    static var byteCount: Int { 4 }
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Float {
        Float(Int32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: Int32.self))) * (1 / 2_147_483_648)
    }
}

/// Clamps to -1…1 and maps NaN to 0, so damaged float files cannot poison later stages.
@inline(__always)
private func sanitize(_ value: Float) -> Float {
    if value.magnitude <= 1 { return value }
    if value.isNaN { return 0 }
    return value > 0 ? 1 : -1
}

private enum Float32Sample: SampleCodec {
    static var byteCount: Int { 4 }
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Float {
        sanitize(Float(bitPattern: UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
    }
}

private enum Float64Sample: SampleCodec {
    static var byteCount: Int { 8 }
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Float {
        let value = Double(bitPattern: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        if value.magnitude <= 1 { return Float(value) }
        if value.isNaN { return 0 }
        return value > 0 ? 1 : -1
    }
}

private enum MuLawSample: SampleCodec {
    static var byteCount: Int { 1 }
    static let table: [Float] = (0..<256).map { Float(G711.muLawToLinear(UInt8($0))) / 32_768 }
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Float {
        table[Int(base.load(fromByteOffset: offset, as: UInt8.self))]
    }
}

private enum ALawSample: SampleCodec {
    static var byteCount: Int { 1 }
    static let table: [Float] = (0..<256).map { Float(G711.aLawToLinear(UInt8($0))) / 32_768 }
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Float {
        table[Int(base.load(fromByteOffset: offset, as: UInt8.self))]
    }
}

/// ITU-T G.711 μ-law and A-law expansion to 16-bit linear PCM.
enum G711 {
    /// Expands one μ-law byte.
    static func muLawToLinear(_ byte: UInt8) -> Int16 {
        let u = ~byte
        let exponent = Int((u >> 4) & 0x07)
        let mantissa = Int(u & 0x0F)
        let magnitude = ((mantissa << 3) + 0x84) << exponent - 0x84
        return Int16(u & 0x80 != 0 ? -magnitude : magnitude)
    }

    /// Expands one A-law byte.
    static func aLawToLinear(_ byte: UInt8) -> Int16 {
        let a = byte ^ 0x55
        var magnitude = Int(a & 0x0F) << 4
        let segment = Int((a & 0x70) >> 4)
        switch segment {
        case 0: magnitude += 8
        case 1: magnitude += 0x108
        default: magnitude = (magnitude + 0x108) << (segment - 1)
        }
        return Int16(a & 0x80 != 0 ? magnitude : -magnitude)
    }
}
