import DocketAudio
import DocketTesting
import Foundation
import Testing

@Suite("WAV decoder on corrupted input")
struct CorruptionTests {
    /// Valid files of several shapes to corrupt.
    static func bases() -> [[UInt8]] {
        let values = WAVDecoderTests.signal(frames: 300, channels: 2)
        var withChunks = WAVBuilder(sample: .pcm(bits: 16), channels: 2)
        withChunks.chunksBeforeData = [("LIST", [UInt8](repeating: 0x20, count: 31)), ("fact", le(300, 4))]
        var rf64 = WAVBuilder(sample: .pcm(bits: 16), channels: 1)
        rf64.container = "RF64"
        rf64.chunksBeforeFormat = [("ds64", le(0, 8) + le(600, 8) + le(300, 8) + le(0, 4))]
        rf64.dataSizeField = 0xFFFF_FFFF
        return [
            WAVBuilder(sample: .pcm(bits: 16), channels: 2).build(values: values),
            WAVBuilder(sample: .pcm(bits: 24), channels: 2, sampleRate: 48_000).build(values: values),
            WAVBuilder(sample: .float(bits: 32), channels: 2, sampleRate: 44_100, extensible: true).build(values: values),
            WAVBuilder(sample: .float(bits: 64), channels: 1).build(values: Array(values.prefix(300))),
            WAVBuilder(sample: .muLaw, channels: 1, sampleRate: 8_000).build(values: (0..<300).map { Double($0 % 256) }),
            WAVBuilder(sample: .pcm(bits: 8), channels: 2).build(values: values),
            withChunks.build(values: values),
            rf64.build(values: Array(values.prefix(300))),
        ]
    }

    /// Applies one random corruption.
    static func corrupt(_ original: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        let sizes: [UInt32] = [0, 1, 2, 0xFFFF_FFF0, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000, 17, UInt32.random(in: 0...UInt32.max, using: &rng)]
        func put32(_ offset: Int, _ value: UInt32) {
            guard offset + 4 <= bytes.count else { return }
            bytes.replaceSubrange(offset..<offset + 4, with: le(UInt64(value), 4))
        }
        func put16(_ offset: Int, _ value: UInt16) {
            guard offset + 2 <= bytes.count else { return }
            bytes.replaceSubrange(offset..<offset + 2, with: le(UInt64(value), 2))
        }
        // Offsets of every chunk size field, found by walking the valid file.
        var sizeFields = [4]
        var fmtBody: Int?
        var offset = 12
        while offset + 8 <= original.count {
            sizeFields.append(offset + 4)
            let size = Int(original[offset + 4]) | Int(original[offset + 5]) << 8 | Int(original[offset + 6]) << 16 | Int(original[offset + 7]) << 24
            if original[offset..<offset + 4].elementsEqual("fmt ".utf8) { fmtBody = offset + 8 }
            offset += 8 + size + (size & 1)
        }
        let fmt = fmtBody ?? 20
        let rounds = Int.random(in: 1...3, using: &rng)
        for _ in 0..<rounds {
            switch Int.random(in: 0..<9, using: &rng) {
            case 0:
                bytes.removeLast(Int.random(in: 0...bytes.count, using: &rng))
            case 1:
                put32(sizeFields.randomElement(using: &rng)!, sizes.randomElement(using: &rng)!)
            case 2:
                put16(fmt + 2, [0, 1, 2, 7, 255, 1_024, 1_025, 0xFFFF].randomElement(using: &rng)!)  // channels
            case 3:
                put32(fmt + 4, [0, 1, 7_999, 8_000, 192_000, 192_001, 0xFFFF_FFFF].randomElement(using: &rng)!)  // rate
            case 4:
                put16(fmt + 12, UInt16.random(in: 0...UInt16.max, using: &rng))  // block align
            case 5:
                put16(fmt + 14, [0, 1, 4, 8, 12, 16, 20, 24, 32, 48, 64, 0xFFFF].randomElement(using: &rng)!)  // bits
            case 6:
                put16(fmt, [0, 1, 2, 3, 6, 7, 0x55, 0xFFFE, 0xFFFF].randomElement(using: &rng)!)  // tag
            case 7:
                for _ in 0..<Int.random(in: 1...8, using: &rng) where !bytes.isEmpty {
                    let i = Int.random(in: 0..<min(bytes.count, 96), using: &rng)
                    bytes[i] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
                }
            default:
                for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            }
        }
        return bytes
    }

    /// Decodes to the end, checking the result stays bounded; returns the error code if it failed.
    static func exercise(_ make: () throws -> WAVDecoder, byteCount: Int) -> AudioError.Code? {
        do {
            let decoder = try make()
            #expect(decoder.format.channels >= 1)
            #expect(WAVDecoder.supportedSampleRates.contains(decoder.format.sampleRate))
            var buffer: [Float] = []
            var total = 0
            var calls = 0
            while true {
                let n = try decoder.read(into: &buffer, maxFrames: 257)
                if n == 0 { break }
                total += n
                calls += 1
                #expect(buffer.allSatisfy { $0.isFinite && abs($0) <= 1 })
                if total > byteCount || calls > byteCount {
                    Issue.record("decoder produced more frames than the file has bytes")
                    break
                }
            }
            #expect(total >= 1)
            return nil
        } catch let error as AudioError {
            #expect(!error.message.isEmpty)
            return error.code
        } catch {
            Issue.record("unexpected error type: \(error)")
            return nil
        }
    }

    @Test("2,000 seeded random corruptions end in a clean error or a bounded decode")
    func seededCorruptions() throws {
        var rng = SeededGenerator(seed: 0xD0C4E7)
        let bases = Self.bases()
        var outcomes: [String: Int] = [:]
        for i in 0..<2_000 {
            let bytes = Self.corrupt(bases[i % bases.count], &rng)
            let code = Self.exercise({ try WAVDecoder(data: Data(bytes), name: "fuzz-\(i).wav") }, byteCount: bytes.count)
            outcomes[code?.rawValue ?? "decoded", default: 0] += 1
        }
        // The corpus must exercise both outcomes and several error kinds.
        #expect(outcomes["decoded", default: 0] > 100)
        #expect(outcomes.count >= 5, "\(outcomes)")
    }

    /// Writes the valid bases and 500 seeded corruptions of them to `DOCKET_FUZZ_SEED_DIR`, as seeds for the
    /// decoder fuzzer (scripts/fuzz.sh runs this test); without the variable it does nothing.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DOCKET_FUZZ_SEED_DIR"] != nil))
    func writesFuzzSeeds() throws {
        let directory = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["DOCKET_FUZZ_SEED_DIR"]))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var rng = SeededGenerator(seed: 0xF022)
        let bases = Self.bases()
        for (i, base) in bases.enumerated() { try Data(base).write(to: directory.appendingPathComponent("base-\(i).wav")) }
        for i in 0..<500 {
            try Data(Self.corrupt(bases[i % bases.count], &rng)).write(to: directory.appendingPathComponent("corrupt-\(i).wav"))
        }
    }

    @Test("Corrupted files on disk behave the same through the path API")
    func corruptedFiles() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        var rng = SeededGenerator(seed: 42)
        let bases = Self.bases()
        for i in 0..<150 {
            let bytes = Self.corrupt(bases[i % bases.count], &rng)
            let path = dir.path("fuzz-\(i).wav")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let fromFile = Self.exercise({ try WAVDecoder(path: path) }, byteCount: bytes.count)
            let fromMemory = Self.exercise({ try WAVDecoder(data: Data(bytes)) }, byteCount: bytes.count)
            #expect(fromFile == fromMemory, "case \(i)")
        }
    }

    @Test("Huge declared sizes do not allocate or hang")
    func hugeSizes() throws {
        var builder = WAVBuilder(sample: .pcm(bits: 16))
        builder.chunksBeforeData = [("LIST", [1, 2, 3, 4])]
        var bytes = builder.build(values: [0.1, 0.2, 0.3])
        // LIST chunk claims 0xFFFFFFF0 bytes: the data chunk is swallowed, so there is no data.
        bytes.replaceSubrange(40..<44, with: le(0xFFFF_FFF0, 4))
        #expect(throws: AudioError.self) { try WAVDecoder(data: Data(bytes)) }
        // fmt claims 0xFFFFFFFF bytes.
        var fmtHuge = WAVBuilder(sample: .pcm(bits: 16)).build(values: [0.1])
        fmtHuge.replaceSubrange(16..<20, with: le(0xFFFF_FFFF, 4))
        #expect(throws: AudioError.self) { try WAVDecoder(data: Data(fmtHuge)) }
    }
}
