import DocketAudio
import DocketTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Opening and preparing audio")
struct AudioPreparerTests {
    static let sentence = "Remind me to send the quarterly report to Anna before Friday"

    func expectError(_ code: AudioError.Code, mentioning text: String, _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
        } catch let error as AudioError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("An espeak-ng WAV at 22,050 Hz is prepared end to end")
    func prepareWAV() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let input = dir.path("note.wav")
        try speak(Self.sentence, to: input)
        let padded = dir.path("padded.wav")
        try runTool("sox", [input, padded, "pad", "1.5", "2"])
        let inputSamples = try readAll(WAVDecoder(path: padded))

        var reports: [Double] = []
        let prepared = try AudioPreparer.prepare(
            path: padded,
            workDirectory: dir.url.appendingPathComponent("work"),
            progress: { reports.append($0) }
        )
        #expect(prepared.sourceFormat == "WAV PCM 16-bit 22050 Hz mono")
        #expect(prepared.sampleRate == 16_000)
        #expect(prepared.sampleCount == (inputSamples.count * 16_000 + 22_049) / 22_050)
        #expect(abs(prepared.duration - Double(inputSamples.count) / 22_050) < 0.001)
        let pcm = try readPCM(prepared.pcmFile)
        #expect(pcm.count == prepared.sampleCount)
        #expect(prepared.pcmFile.deletingLastPathComponent().lastPathComponent == "work")

        let speech = try #require(prepared.speech)
        #expect(abs(Double(speech.lowerBound) / 16_000 - 1.5) < 0.35)
        #expect(Double(prepared.sampleCount - speech.upperBound) / 16_000 > 1.5)
        #expect(prepared.pieces == [speech])

        #expect(reports.last == 1)
        #expect(reports == reports.sorted())
        #expect(reports.count >= 2)

        // Same audio as sox's own resampler, to within a small error.
        let reference = dir.path("sox16k.wav")
        try runTool("sox", [padded, "-r", "16000", "-b", "32", "-e", "floating-point", reference])
        let soxSamples = try readAll(WAVDecoder(path: reference))
        let n = min(soxSamples.count, pcm.count)
        var error = 0.0
        var power = 0.0
        for i in 0..<n {
            let ours = Double(pcm[i]) / 32_768
            error += (ours - Double(soxSamples[i])) * (ours - Double(soxSamples[i]))
            power += Double(soxSamples[i]) * Double(soxSamples[i])
        }
        #expect(10 * log10(error / power) < -30, "difference from sox: \(10 * log10(error / power)) dB")
    }

    @Test("Silence-only WAV prepares with no speech and no pieces")
    func silentFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path("quiet.wav")
        try WAVWriter.write([Int16](repeating: 0, count: 96_000), sampleRate: 48_000, channels: 2, to: URL(fileURLWithPath: path))
        let prepared = try AudioPreparer.prepare(path: path, workDirectory: dir.url)
        #expect(prepared.sampleCount == 16_000)
        #expect(prepared.speech == nil)
        #expect(!prepared.hasSpeech)
        #expect(prepared.pieces.isEmpty)
    }

    @Test("Long input is cut into pieces no longer than maxPieceSeconds")
    func pieces() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let one = dir.path("one.wav")
        try speak(Self.sentence, to: one)
        let long = dir.path("long.wav")
        try runTool("sox", [one, "-r", "44100", "-c", "2", long, "pad", "0", "1", "repeat", "4"])
        let prepared = try AudioPreparer.prepare(path: long, workDirectory: dir.url, maxPieceSeconds: 8)
        #expect(prepared.pieces.count >= 3)
        for piece in prepared.pieces { #expect(piece.count <= 8 * 16_000) }
        #expect(prepared.pieces.first?.lowerBound == prepared.speech?.lowerBound)
        #expect(prepared.pieces.last?.upperBound == prepared.speech?.upperBound)
    }

    @Test(
        "Formats that need ffmpeg are prepared through it",
        arguments: [
            ("flac", ["-c:a", "flac"], "flac"),
            ("ogg", ["-c:a", "libopus", "-b:a", "32k"], "opus"),
            ("mp3", ["-c:a", "libmp3lame", "-b:a", "64k"], "mp3"),
            ("m4a", ["-c:a", "aac", "-b:a", "64k"], "aac"),
            ("webm", ["-c:a", "libopus"], "opus"),
        ])
    func ffmpegFormats(ext: String, codec: [String], codecName: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let wav = dir.path("note.wav")
        try speak(Self.sentence, to: wav)
        let inputFrames = try readAll(WAVDecoder(path: wav)).count
        let encoded = dir.path("note.\(ext)")
        try runTool("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", wav] + codec + [encoded])

        let source = try openAudioSource(path: encoded)
        #expect(source is FFmpegSource)
        #expect(source.sampleRate == 16_000)
        #expect(source.formatDescription.contains(codecName), "\(source.formatDescription)")

        var reports: [Double] = []
        let prepared = try AudioPreparer.prepare(path: encoded, workDirectory: dir.url, progress: { reports.append($0) })
        let expected = Double(inputFrames) / 22_050
        #expect(abs(prepared.duration - expected) < 0.1, "\(prepared.duration) vs \(expected)")
        #expect(prepared.speech != nil)
        #expect(reports.last == 1)
        #expect(reports == reports.sorted())
    }

    @Test("WAV encodings docket does not decode fall back to ffmpeg")
    func adpcmFallback() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let wav = dir.path("note.wav")
        try speak(Self.sentence, to: wav)
        let adpcm = dir.path("adpcm.wav")
        try runTool("sox", [wav, "-e", "ima-adpcm", adpcm])
        #expect(throws: AudioError.self) { try WAVDecoder(path: adpcm) }
        let source = try openAudioSource(path: adpcm)
        #expect(source is FFmpegSource)
        let prepared = try AudioPreparer.prepare(path: adpcm, workDirectory: dir.url)
        #expect(prepared.speech != nil)
    }

    @Test("Bad inputs fail with actionable messages")
    func badInputs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let text = dir.path("notes.txt")
        try "buy milk\n".write(toFile: text, atomically: true, encoding: .utf8)
        expectError(.notAudio, mentioning: "notes.txt is not an audio file docket can read (WAV, FLAC, MP3, AAC, OGG/Opus, M4A, WebM)") {
            _ = try AudioPreparer.prepare(path: text, workDirectory: dir.url)
        }
        let empty = dir.path("empty.wav")
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        expectError(.notAudio, mentioning: "empty.wav") { _ = try openAudioSource(path: empty) }
        expectError(.fileNotFound, mentioning: "check the path") { _ = try openAudioSource(path: dir.path("nope.wav")) }
        expectError(.unreadable, mentioning: "directory") { _ = try openAudioSource(path: dir.url.path) }

        let fakeFLAC = dir.path("broken.flac")
        try Data(Array("fLaC".utf8) + [UInt8](repeating: 0x5A, count: 5_000)).write(to: URL(fileURLWithPath: fakeFLAC))
        expectError(.ffmpegFailed, mentioning: "broken.flac") {
            _ = try AudioPreparer.prepare(path: fakeFLAC, workDirectory: dir.url)
        }
        expectError(.ffmpegMissing, mentioning: "sudo apt-get install ffmpeg") {
            _ = try FFmpegSource(path: fakeFLAC, searchPath: "/nonexistent/bin")
        }
        // Failed preparations leave no output behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasSuffix(".s16le") }
        #expect(leftovers.isEmpty)
    }

    @Test("Closing an ffmpeg source early stops and reaps the process")
    func earlyClose() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let flac = dir.path("long.flac")
        try runTool("sox", ["-n", "-r", "44100", "-c", "2", flac, "synth", "120", "pinknoise", "vol", "0.2"])
        let source = try FFmpegSource(path: flac)
        var buffer: [Float] = []
        #expect(try source.read(into: &buffer, maxFrames: 1_024) > 0)
        #expect(source.isRunning)
        let pid = source.processIdentifier
        source.close()
        #expect(!source.isRunning)
        #expect(try source.read(into: &buffer, maxFrames: 1_024) == 0)
        #if canImport(Glibc)
            #expect(kill(pid, 0) == -1, "ffmpeg \(pid) still exists after close()")
        #endif

        // Dropping the last reference has the same effect.
        var other: FFmpegSource? = try FFmpegSource(path: flac)
        #expect(try other?.read(into: &buffer, maxFrames: 1_024) ?? 0 > 0)
        let otherPID = other?.processIdentifier ?? 0
        other = nil
        #if canImport(Glibc)
            #expect(kill(otherPID, 0) == -1, "ffmpeg \(otherPID) still exists after deinit")
        #endif
    }

    @Test("WAVWriter writes a canonical 44-byte header")
    func writerHeader() throws {
        let header = WAVWriter.header(sampleRate: 16_000, channels: 1, bitsPerSample: 16, dataBytes: 32_000)
        #expect(header.count == 44)
        #expect(Array(header[0..<4]) == Array("RIFF".utf8))
        #expect(Array(header[36..<40]) == Array("data".utf8))
        #expect(header[40] == 0x00 && header[41] == 0x7D)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let url = dir.url.appendingPathComponent("w.wav")
        try WAVWriter.write([0, 16_384, -16_384, 32_767], sampleRate: 8_000, to: url)
        var decoder = try WAVDecoder(path: url.path)
        #expect(try readAll(&decoder) == [0, 0.5, -0.5, Float(32_767) / 32_768])
    }
}
