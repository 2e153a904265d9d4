import DocketAudio
import DocketTesting
import Foundation
import Testing

/// A failure inside a test helper, with a message that says what to fix.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
}

/// Runs an external tool (sox, espeak-ng, ffmpeg) and fails clearly when it is missing or fails.
@discardableResult
func runTool(_ tool: String, _ arguments: [String]) throws -> String {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent(tool) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    guard let executable = path else {
        throw TestSetupError(
            description:
                "\(tool) is not installed but these tests need it; install it with: sudo apt-get install \(tool == "espeak-ng" ? "espeak-ng" : tool) (or run scripts/setup.sh)"
        )
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let errors = Pipe()
    let output = Pipe()
    process.standardError = errors
    process.standardOutput = output
    try process.run()
    let outData = (try? output.fileHandleForReading.readToEnd()) ?? Data()
    let errData = (try? errors.fileHandleForReading.readToEnd()) ?? Data()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw TestSetupError(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: errData, as: UTF8.self))")
    }
    return String(decoding: outData, as: UTF8.self)
}

/// Synthesises `text` with espeak-ng into a 22,050 Hz 16-bit mono WAV.
func speak(_ text: String, to path: String) throws {
    try runTool("espeak-ng", ["-w", path, text])
}

/// Reads every sample from a source.
func readAll(_ source: inout some AudioSource, block: Int = 1_000) throws -> [Float] {
    var all: [Float] = []
    var buffer: [Float] = []
    while true {
        let n = try source.read(into: &buffer, maxFrames: block)
        if n == 0 { break }
        #expect(buffer.count == n)
        all.append(contentsOf: buffer)
    }
    return all
}

/// Reads every sample from an existential source.
func readAll(_ source: any AudioSource, block: Int = 4_096) throws -> [Float] {
    var source = source
    var all: [Float] = []
    var buffer: [Float] = []
    while try source.read(into: &buffer, maxFrames: block) > 0 {
        all.append(contentsOf: buffer)
    }
    return all
}

/// Reads a raw s16le PCM file.
func readPCM(_ url: URL) throws -> [Int16] {
    let data = try Data(contentsOf: url)
    return data.withUnsafeBytes { raw in
        (0..<data.count / 2).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
    }
}

/// Builds WAV files byte by byte, including the odd ones.
struct WAVBuilder {
    enum Sample {
        case pcm(bits: Int)
        case float(bits: Int)
        case muLaw
        case aLaw
    }

    var sample: Sample = .pcm(bits: 16)
    var channels = 1
    var sampleRate = 16_000
    var extensible = false
    var container = "RIFF"
    /// Chunks written between the RIFF header and `fmt `.
    var chunksBeforeFormat: [(id: String, body: [UInt8])] = []
    /// Chunks written between `fmt ` and `data`.
    var chunksBeforeData: [(id: String, body: [UInt8])] = []
    /// Chunks written after `data`.
    var chunksAfterData: [(id: String, body: [UInt8])] = []
    /// Overrides the size written in the `data` chunk header.
    var dataSizeField: UInt32?
    /// Overrides the block-align field.
    var blockAlignField: Int?
    /// Writes `data` before `fmt ` (invalid).
    var dataBeforeFormat = false
    /// Omits the `fmt ` chunk.
    var omitFormat = false
    /// Omits the `data` chunk.
    var omitData = false

    var bits: Int {
        switch sample {
        case .pcm(let bits), .float(let bits): bits
        case .muLaw, .aLaw: 8
        }
    }

    var tag: UInt16 {
        switch sample {
        case .pcm: 1
        case .float: 3
        case .aLaw: 6
        case .muLaw: 7
        }
    }

    /// Encodes interleaved values in -1…1 (μ-law/A-law take raw byte values 0…255 instead).
    func encode(_ values: [Double]) -> [UInt8] {
        var out: [UInt8] = []
        for v in values {
            switch sample {
            case .pcm(8):
                out.append(UInt8(Int((v * 127).rounded()) + 128))
            case .pcm(16):
                out.append(contentsOf: le(UInt64(UInt16(bitPattern: Int16((v * 32_767).rounded()))), 2))
            case .pcm(24):
                out.append(contentsOf: le(UInt64(UInt32(bitPattern: Int32((v * 8_388_607).rounded()))), 3))
            case .pcm(32):
                out.append(contentsOf: le(UInt64(UInt32(bitPattern: Int32((v * 2_147_483_647).rounded()))), 4))
            case .float(32):
                out.append(contentsOf: le(UInt64(Float(v).bitPattern), 4))
            case .float(64):
                out.append(contentsOf: le(v.bitPattern, 8))
            case .muLaw, .aLaw:
                out.append(UInt8(v))
            default:
                fatalError("unsupported test encoding")
            }
        }
        return out
    }

    /// The value the decoder should produce for one encoded input value.
    func expected(_ v: Double) -> Float {
        switch sample {
        case .pcm(8): Float(Int((v * 127).rounded())) / 128
        case .pcm(16): Float(Int16((v * 32_767).rounded())) / 32_768
        case .pcm(24): Float(Int32((v * 8_388_607).rounded())) / 8_388_608
        case .pcm(32): Float(Double(Int32((v * 2_147_483_647).rounded())) / 2_147_483_648)
        case .float: Float(v)
        default: .nan
        }
    }

    func build(payload: [UInt8]) -> [UInt8] {
        let bytesPerSample = bits / 8
        var fmt: [UInt8] = []
        fmt += le(UInt64(extensible ? 0xFFFE : tag), 2)
        fmt += le(UInt64(channels), 2)
        fmt += le(UInt64(sampleRate), 4)
        fmt += le(UInt64(sampleRate * channels * bytesPerSample), 4)
        fmt += le(UInt64(blockAlignField ?? channels * bytesPerSample), 2)
        fmt += le(UInt64(bits), 2)
        if extensible {
            fmt += le(22, 2)
            fmt += le(UInt64(bits), 2)
            fmt += le(channels == 2 ? 3 : 4, 4)
            fmt += le(UInt64(tag), 2)
            fmt += [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
        } else if case .float = sample {
            fmt += le(0, 2)
        }
        var body: [UInt8] = Array("WAVE".utf8)
        for chunk in chunksBeforeFormat { body += Self.chunk(chunk.id, chunk.body) }
        let fmtChunk = Self.chunk("fmt ", fmt)
        var dataChunk = Self.chunk("data", payload)
        if let dataSizeField {
            dataChunk.replaceSubrange(4..<8, with: le(UInt64(dataSizeField), 4))
        }
        if dataBeforeFormat {
            body += dataChunk
            body += fmtChunk
        } else {
            if !omitFormat { body += fmtChunk }
            for chunk in chunksBeforeData { body += Self.chunk(chunk.id, chunk.body) }
            if !omitData { body += dataChunk }
        }
        for chunk in chunksAfterData { body += Self.chunk(chunk.id, chunk.body) }
        return Array(container.utf8) + le(UInt64(body.count), 4) + body
    }

    func build(values: [Double]) -> [UInt8] {
        build(payload: encode(values))
    }

    /// A chunk with its pad byte when the size is odd.
    static func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
        var out = Array(id.utf8) + le(UInt64(body.count), 4) + body
        if body.count % 2 == 1 { out.append(0) }
        return out
    }
}

func le(_ value: UInt64, _ bytes: Int) -> [UInt8] {
    (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
}

/// A sine wave.
func sine(frequency: Double, rate: Int, seconds: Double, amplitude: Double = 0.5) -> [Float] {
    let count = Int(Double(rate) * seconds)
    return (0..<count).map { Float(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(rate))) }
}

/// Root-mean-square level of a slice.
func rms(_ samples: ArraySlice<Float>) -> Double {
    guard !samples.isEmpty else { return 0 }
    var sum = 0.0
    for s in samples { sum += Double(s) * Double(s) }
    return (sum / Double(samples.count)).squareRoot()
}

func decibels(_ ratio: Double) -> Double {
    20 * log10(max(ratio, 1e-12))
}
