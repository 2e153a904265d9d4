import DocketAudio
import DocketTesting
import Foundation
import Testing

@Suite("WAV decoder")
struct WAVDecoderTests {
    /// A deterministic test signal in -0.9…0.9 with distinct values per channel.
    static func signal(frames: Int, channels: Int) -> [Double] {
        (0..<frames * channels).map { i in
            let frame = i / channels
            let channel = i % channels
            return 0.9 * sin(Double(frame) * 0.05 + Double(channel)) * (channel % 2 == 0 ? 1 : -0.5)
        }
    }

    func decode(_ bytes: [UInt8], block: Int = 333) throws -> (WAVFormat, [Float]) {
        var decoder = try WAVDecoder(data: Data(bytes), name: "test.wav")
        let samples = try readAll(&decoder, block: block)
        return (decoder.format, samples)
    }

    func expectMatches(_ builder: WAVBuilder, frames: Int = 1_000, tolerance: Float = 1e-6) throws {
        let values = Self.signal(frames: frames, channels: builder.channels)
        let (format, samples) = try decode(builder.build(values: values))
        #expect(format.channels == builder.channels)
        #expect(format.sampleRate == builder.sampleRate)
        #expect(format.bitsPerSample == builder.bits)
        #expect(format.frameCount == Int64(frames))
        #expect(samples.count == frames)
        var worst: Float = 0
        for f in 0..<min(frames, samples.count) {
            var sum: Float = 0
            for c in 0..<builder.channels {
                sum += builder.expected(values[f * builder.channels + c])
            }
            worst = max(worst, abs(samples[f] - sum / Float(builder.channels)))
        }
        #expect(worst <= tolerance, "max error \(worst)")
    }

    @Test("PCM integer depths decode exactly", arguments: [8, 16, 24, 32])
    func pcmDepths(bits: Int) throws {
        try expectMatches(WAVBuilder(sample: .pcm(bits: bits)))
        try expectMatches(WAVBuilder(sample: .pcm(bits: bits), channels: 2, sampleRate: 44_100))
    }

    @Test("Float 32/64 decode exactly", arguments: [32, 64])
    func floats(bits: Int) throws {
        try expectMatches(WAVBuilder(sample: .float(bits: bits), channels: 2, sampleRate: 48_000))
    }

    @Test("WAVE_FORMAT_EXTENSIBLE for PCM and float")
    func extensible() throws {
        try expectMatches(WAVBuilder(sample: .pcm(bits: 24), channels: 2, sampleRate: 96_000, extensible: true))
        try expectMatches(WAVBuilder(sample: .pcm(bits: 16), channels: 6, sampleRate: 48_000, extensible: true))
        try expectMatches(WAVBuilder(sample: .float(bits: 32), channels: 1, sampleRate: 192_000, extensible: true))
    }

    @Test("Many channels are averaged to mono")
    func manyChannels() throws {
        try expectMatches(WAVBuilder(sample: .pcm(bits: 16), channels: 6))
        try expectMatches(WAVBuilder(sample: .pcm(bits: 24), channels: 3))
    }

    @Test("μ-law and A-law follow G.711, plain and extensible")
    func g711() throws {
        let bytes = (0..<256).map(Double.init)
        for extensible in [false, true] {
            let (muFormat, mu) = try decode(WAVBuilder(sample: .muLaw, sampleRate: 8_000, extensible: extensible).build(values: bytes))
            #expect(muFormat.encoding == .muLaw)
            #expect(mu.count == 256)
            #expect(mu[0xFF] == 0)
            #expect(mu[0x7F] == 0)
            #expect(mu[0x80] == Float(32_124) / 32_768)
            #expect(mu[0x00] == -Float(32_124) / 32_768)
            #expect(mu[0xF0] == Float(120) / 32_768)
            let (aFormat, a) = try decode(WAVBuilder(sample: .aLaw, sampleRate: 8_000, extensible: extensible).build(values: bytes))
            #expect(aFormat.encoding == .aLaw)
            #expect(a[0xD5] == Float(8) / 32_768)
            #expect(a[0x55] == -Float(8) / 32_768)
            #expect(a[0xAA] == Float(32_256) / 32_768)
            #expect(a[0x2A] == -Float(32_256) / 32_768)
            // Both laws are monotonic within each sign half.
            #expect(Set(mu).count == 255)
            #expect(Set(a).count == 256)
        }
    }

    @Test("Extra chunks, odd sizes and pad bytes are skipped")
    func extraChunks() throws {
        var builder = WAVBuilder(sample: .pcm(bits: 16), channels: 2)
        builder.chunksBeforeFormat = [("JUNK", [UInt8](repeating: 0, count: 27))]
        builder.chunksBeforeData = [
            ("LIST", Array("INFOISFT\u{5}\0\0\0Lavf\0".utf8)),
            ("fact", le(1_000, 4)),
            ("bext", [UInt8](repeating: 0x41, count: 603)),
            ("zzzz", [1, 2, 3]),
        ]
        builder.chunksAfterData = [("LIST", [UInt8](repeating: 7, count: 9))]
        try expectMatches(builder)
    }

    @Test("Odd-sized 8-bit data chunk keeps its pad byte out of the audio")
    func oddDataChunk() throws {
        var builder = WAVBuilder(sample: .pcm(bits: 8))
        builder.chunksAfterData = [("LIST", [1, 2, 3, 4])]
        try expectMatches(builder, frames: 999)
    }

    @Test("Data size 0 or 0xFFFFFFFF means read to the end", arguments: [UInt32(0), 0xFFFF_FFFF])
    func streamedDataSize(size: UInt32) throws {
        var builder = WAVBuilder(sample: .pcm(bits: 16))
        builder.dataSizeField = size
        try expectMatches(builder)
    }

    @Test("A data size larger than the file decodes what is there")
    func oversizedData() throws {
        var builder = WAVBuilder(sample: .pcm(bits: 24), channels: 2)
        builder.dataSizeField = 10_000_000
        try expectMatches(builder)
    }

    @Test("A file cut short says how much audio its header promised past its end; a streaming writer's placeholder does not")
    func cutShortIsMeasured() throws {
        let builder = WAVBuilder(sample: .pcm(bits: 16), sampleRate: 16_000)
        let bytes = builder.build(values: Self.signal(frames: 16_000, channels: 1))
        let cut = try WAVDecoder(data: Data(bytes.dropLast(2 * 4_000)), name: "cut.wav")
        #expect(cut.missingSeconds == 0.25)
        #expect(try WAVDecoder(data: Data(bytes), name: "whole.wav").missingSeconds == nil)
        var streamed = WAVBuilder(sample: .pcm(bits: 16), sampleRate: 16_000)
        streamed.dataSizeField = 0x7FFF_FFFF
        #expect(try WAVDecoder(data: Data(streamed.build(values: Self.signal(frames: 100, channels: 1))), name: "arecord.wav").missingSeconds == nil)
    }

    @Test("A file cut mid-frame decodes the whole frames")
    func truncatedMidFrame() throws {
        let builder = WAVBuilder(sample: .pcm(bits: 24), channels: 2)
        let bytes = builder.build(values: Self.signal(frames: 100, channels: 2))
        let (format, samples) = try decode(Array(bytes.dropLast(6 * 40 + 4)))
        #expect(format.frameCount == 59)
        #expect(samples.count == 59)
    }

    @Test("RF64 with a ds64 chunk")
    func rf64() throws {
        var builder = WAVBuilder(sample: .pcm(bits: 16))
        builder.container = "RF64"
        builder.chunksBeforeFormat = [("ds64", le(0, 8) + le(2_000, 8) + le(1_000, 8) + le(0, 4))]
        builder.dataSizeField = 0xFFFF_FFFF
        builder.chunksAfterData = [("LIST", [UInt8](repeating: 9, count: 100))]
        try expectMatches(builder)
    }

    @Test("Broken headers fail with the right code")
    func brokenHeaders() throws {
        let values = Self.signal(frames: 10, channels: 1)
        func code(_ builder: WAVBuilder, _ mutate: (inout [UInt8]) -> Void = { _ in }) -> AudioError.Code? {
            var bytes = builder.build(values: values)
            mutate(&bytes)
            do {
                _ = try WAVDecoder(data: Data(bytes), name: "broken.wav")
                return nil
            } catch let error as AudioError {
                #expect(error.message.contains("broken.wav"))
                return error.code
            } catch {
                return nil
            }
        }
        #expect(code(WAVBuilder(dataBeforeFormat: true)) == .invalidHeader)
        #expect(code(WAVBuilder(omitFormat: true)) == .invalidHeader)
        #expect(code(WAVBuilder(omitData: true)) == .invalidHeader)
        #expect(code(WAVBuilder(channels: 0)) == .invalidHeader)
        #expect(code(WAVBuilder(sampleRate: 0)) == .invalidHeader)
        #expect(code(WAVBuilder(sampleRate: 4_000)) == .unsupportedEncoding)
        #expect(code(WAVBuilder(sampleRate: 384_000)) == .unsupportedEncoding)
        #expect(code(WAVBuilder(sample: .pcm(bits: 16))) { $0[20] = 2 } == .unsupportedEncoding)  // ADPCM tag
        #expect(code(WAVBuilder(sample: .pcm(bits: 16))) { $0[34] = 12 } == .unsupportedEncoding)  // 12-bit
        #expect(code(WAVBuilder()) { $0.removeLast($0.count - 30) } == .truncated)
        #expect(code(WAVBuilder()) { $0.removeLast($0.count - 44) } == .truncated)  // header only
        #expect(code(WAVBuilder()) { $0.removeLast($0.count - 8) } == .truncated)
        #expect(code(WAVBuilder()) { $0[0] = UInt8(ascii: "X") } == .notAudio)
        #expect(throws: AudioError.self) { try WAVDecoder(data: Data(), name: "broken.wav") }
    }

    @Test("Format description and progress")
    func descriptionAndProgress() throws {
        let bytes = WAVBuilder(sample: .pcm(bits: 16), channels: 2, sampleRate: 44_100).build(values: Self.signal(frames: 50_000, channels: 2))
        let decoder = try WAVDecoder(data: Data(bytes))
        #expect(decoder.formatDescription == "WAV PCM 16-bit 44100 Hz stereo")
        #expect(decoder.totalBytes == Int64(bytes.count))
        var buffer: [Float] = []
        var last = 0.0
        while try decoder.read(into: &buffer, maxFrames: 4_096) > 0 {
            let now = try #require(decoder.progress)
            #expect(now >= last)
            last = now
        }
        #expect(decoder.progress == 1)
        #expect(decoder.bytesRead == Int64(bytes.count))
        let mu = try WAVDecoder(data: Data(WAVBuilder(sample: .muLaw, channels: 6, sampleRate: 8_000).build(values: [Double](repeating: 1, count: 12))))
        #expect(mu.formatDescription == "WAV μ-law 8-bit 8000 Hz 6 channels")
    }

    @Test("Path API streams a large file in bounded blocks")
    func pathAPI() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let values = Self.signal(frames: 200_000, channels: 2)
        let builder = WAVBuilder(sample: .pcm(bits: 16), channels: 2)
        try Data(builder.build(values: values)).write(to: URL(fileURLWithPath: dir.path("big.wav")))
        var decoder = try WAVDecoder(path: dir.path("big.wav"))
        #expect(decoder.format.frameCount == 200_000)
        let samples = try readAll(&decoder, block: 10_007)
        #expect(samples.count == 200_000)
        #expect(abs(samples[123_456] - (builder.expected(values[246_912]) + builder.expected(values[246_913])) / 2) < 1e-6)
        #expect(throws: AudioError.self) { try WAVDecoder(path: dir.path("missing.wav")) }
        do {
            _ = try WAVDecoder(path: dir.path("missing.wav"))
        } catch let error as AudioError {
            #expect(error.code == .fileNotFound)
            #expect(error.message.contains("missing.wav"))
        }
    }

    @Test("Files converted by sox decode to the same audio")
    func soxConversions() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // Reference: 0.5 s of a 440 Hz + 1.3 kHz mix at 16 kHz, 16-bit.
        let rate = 16_000
        let reference: [Int16] = (0..<rate / 2).map { i in
            let t = Double(i) / Double(rate)
            return Int16(9_000 * sin(2 * .pi * 440 * t) + 6_000 * sin(2 * .pi * 1_300 * t))
        }
        let source = dir.path("ref.wav")
        try WAVWriter.write(reference, sampleRate: rate, to: URL(fileURLWithPath: source))
        let expected = reference.map { Float($0) / 32_768 }

        func check(_ name: String, _ effects: [String], tolerance: Float, encoding: WAVFormat.Encoding, bits: Int, channels: Int = 1) throws {
            let out = dir.path(name)
            try runTool("sox", [source] + effects.prefix(while: { $0 != "--" }) + [out] + effects.drop(while: { $0 != "--" }).dropFirst())
            var decoder = try WAVDecoder(path: out)
            #expect(decoder.format.encoding == encoding, "\(name)")
            #expect(decoder.format.bitsPerSample == bits, "\(name)")
            #expect(decoder.format.channels == channels, "\(name)")
            let samples = try readAll(&decoder)
            #expect(samples.count == expected.count, "\(name)")
            var worst: Float = 0
            for i in 0..<min(samples.count, expected.count) { worst = max(worst, abs(samples[i] - expected[i])) }
            #expect(worst <= tolerance, "\(name): max error \(worst)")
        }
        try check("mulaw.wav", ["-e", "mu-law"], tolerance: 0.02, encoding: .muLaw, bits: 8)
        try check("alaw.wav", ["-e", "a-law"], tolerance: 0.02, encoding: .aLaw, bits: 8)
        try check("s24.wav", ["-b", "24"], tolerance: 1e-6, encoding: .pcmInteger, bits: 24)
        try check("s32.wav", ["-b", "32"], tolerance: 1e-6, encoding: .pcmInteger, bits: 32)
        try check("f64.wav", ["-e", "floating-point", "-b", "64"], tolerance: 1e-6, encoding: .float, bits: 64)
        try check("f32.wav", ["-e", "floating-point", "-b", "32"], tolerance: 1e-6, encoding: .float, bits: 32)
        try check("u8.wav", ["-b", "8"], tolerance: 0.02, encoding: .pcmInteger, bits: 8)
        try check("six.wav", ["-c", "6"], tolerance: 1e-4, encoding: .pcmInteger, bits: 16, channels: 6)

        try runTool("sox", [source, "-r", "8000", dir.path("r8k.wav")])
        var slow = try WAVDecoder(path: dir.path("r8k.wav"))
        #expect(slow.format.sampleRate == 8_000)
        let slowSamples = try readAll(&slow)
        #expect(abs(slowSamples.count - 4_000) <= 1)
        #expect(abs(decibels(rms(slowSamples[400..<3_600]) / rms(expected[800..<7_200]))) < 0.5)
    }
}
