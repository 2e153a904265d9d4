import DocketAudio
import DocketTesting
import Foundation
import Testing

@Suite("Speech detector")
struct SpeechDetectorTests {
    static let rate = 16_000

    /// Speaks `text` with espeak-ng and returns it as 16 kHz mono floats (resampled by sox).
    static func speech(_ text: String, in dir: TemporaryDirectory) throws -> [Float] {
        let raw = dir.path("raw-\(UUID().uuidString).wav")
        let converted = dir.path("16k-\(UUID().uuidString).wav")
        try speak(text, to: raw)
        try runTool("sox", [raw, "-r", "16000", converted])
        var decoder = try WAVDecoder(path: converted)
        return try readAll(&decoder, block: 8_192)
    }

    /// First and last sample louder than -40 dBFS.
    static func loudBounds(_ samples: [Float]) -> Range<Int> {
        let first = samples.firstIndex { abs($0) > 0.01 } ?? 0
        let last = samples.lastIndex { abs($0) > 0.01 } ?? 0
        return first..<last + 1
    }

    static func analyse(_ samples: [Float], maxPieceSamples: Int = 16_000 * 600, chunk: Int = 4_000) -> SpeechAnalysis {
        var detector = SpeechDetector()
        var index = 0
        while index < samples.count {
            let n = min(chunk, samples.count - index)
            samples[index..<index + n].withUnsafeBufferPointer { detector.feed($0) }
            index += n
        }
        #expect(detector.sampleCount == samples.count)
        return detector.analysis(maxPieceSamples: maxPieceSamples)
    }

    static func expectValidPieces(_ analysis: SpeechAnalysis, max: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let range = analysis.speechRange else {
            #expect(analysis.pieces.isEmpty, sourceLocation: sourceLocation)
            return
        }
        #expect(analysis.pieces.first?.lowerBound == range.lowerBound, sourceLocation: sourceLocation)
        #expect(analysis.pieces.last?.upperBound == range.upperBound, sourceLocation: sourceLocation)
        for (a, b) in zip(analysis.pieces, analysis.pieces.dropFirst()) {
            #expect(a.upperBound == b.lowerBound, sourceLocation: sourceLocation)
        }
        for piece in analysis.pieces {
            #expect(!piece.isEmpty && piece.count <= max, "piece \(piece) longer than \(max)", sourceLocation: sourceLocation)
        }
    }

    @Test("Leading and trailing silence is trimmed to the speech plus ~200 ms")
    func trimsSilence() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let words = try Self.speech("Please schedule the team meeting for Thursday afternoon", in: dir)
        let loud = Self.loudBounds(words)
        let lead = 2 * Self.rate
        let samples = [Float](repeating: 0, count: lead) + words + [Float](repeating: 0, count: 3 * Self.rate)
        // Int16 and Float feeding agree.
        var intDetector = SpeechDetector()
        intDetector.feed(samples.map { Int16(($0 * 32_767).rounded()) })
        let analysis = Self.analyse(samples)
        #expect(intDetector.analysis(maxPieceSamples: 9_600_000).speechRange == analysis.speechRange)

        let range = try #require(analysis.speechRange)
        let expectedStart = lead + loud.lowerBound - Self.rate / 5
        let expectedEnd = lead + loud.upperBound + Self.rate / 5
        #expect(abs(range.lowerBound - expectedStart) <= Self.rate / 10, "start \(range.lowerBound) vs \(expectedStart)")
        #expect(abs(range.upperBound - expectedEnd) <= Self.rate / 8, "end \(range.upperBound) vs \(expectedEnd)")
        #expect(analysis.pieces == [range])
    }

    @Test("Speech in steady background noise is still found")
    func speechInNoise() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let words = try Self.speech("Buy milk and eggs on the way home", in: dir)
        let loud = Self.loudBounds(words)
        var rng = SeededGenerator(seed: 7)
        var samples = [Float](repeating: 0, count: Self.rate) + words + [Float](repeating: 0, count: 2 * Self.rate)
        for i in samples.indices { samples[i] += Float.random(in: -0.01...0.01, using: &rng) }
        let range = try #require(Self.analyse(samples).speechRange)
        #expect(abs(range.lowerBound - (Self.rate + loud.lowerBound - Self.rate / 5)) <= Self.rate / 6)
        #expect(abs(range.upperBound - (Self.rate + loud.upperBound + Self.rate / 5)) <= Self.rate / 6)
    }

    @Test("Digital silence, low noise and steady noise hold no speech")
    func noSpeech() {
        #expect(Self.analyse([Float](repeating: 0, count: 10 * Self.rate)).speechRange == nil)
        #expect(Self.analyse([]).speechRange == nil)
        var rng = SeededGenerator(seed: 99)
        for amplitude: Float in [0.0005, 0.003, 0.05] {
            let noise = (0..<(15 * Self.rate)).map { _ in Float.random(in: -amplitude...amplitude, using: &rng) }
            let analysis = Self.analyse(noise)
            #expect(analysis.speechRange == nil, "noise ±\(amplitude)")
            #expect(analysis.pieces.isEmpty)
        }
    }

    @Test("A burst shorter than 250 ms is not speech; a longer one is")
    func bursts() {
        func burst(seconds: Double) -> [Float] {
            [Float](repeating: 0, count: 2 * Self.rate)
                + sine(frequency: 440, rate: Self.rate, seconds: seconds, amplitude: 0.3)
                + [Float](repeating: 0, count: 2 * Self.rate)
        }
        #expect(Self.analyse(burst(seconds: 0.15)).speechRange == nil)
        let range = Self.analyse(burst(seconds: 0.6)).speechRange
        #expect(range == (2 * Self.rate - Self.rate / 5)..<(2 * Self.rate + 9_600 + Self.rate / 5))
    }

    @Test("A long recording is split only inside pauses")
    func splitsInPauses() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let sentences = [
            "Call the dentist on Monday",
            "Send the invoice to the client",
            "Pick up the dry cleaning after work",
            "Book train tickets for the conference",
            "Water the plants in the office",
            "Renew the car insurance this month",
            "Ask Maria about the budget review",
        ]
        var samples = [Float](repeating: 0, count: Self.rate / 2)
        var pauses: [Range<Int>] = []
        var previousLoudEnd = 0
        for (i, text) in sentences.enumerated() {
            let words = try Self.speech(text, in: dir)
            let loud = Self.loudBounds(words)
            if i > 0 { pauses.append(previousLoudEnd..<(samples.count + loud.lowerBound)) }
            previousLoudEnd = samples.count + loud.upperBound
            samples += words + [Float](repeating: 0, count: Self.rate * 6 / 5)
        }
        let maxPiece = 5 * Self.rate
        let analysis = Self.analyse(samples, maxPieceSamples: maxPiece)
        Self.expectValidPieces(analysis, max: maxPiece)
        #expect(analysis.pieces.count >= 4)
        for piece in analysis.pieces.dropLast() {
            let cut = piece.upperBound
            #expect(pauses.contains { $0.contains(cut) }, "cut at \(Double(cut) / 16_000) s is not in a pause")
        }
    }

    @Test("Without any pause the pieces still respect the cap")
    func noPauseFallback() {
        var rng = SeededGenerator(seed: 3)
        let loud = (0..<(12 * Self.rate)).map { _ in Float.random(in: -0.4...0.4, using: &rng) }
        let samples = [Float](repeating: 0, count: 10 * Self.rate) + loud + [Float](repeating: 0, count: 10 * Self.rate)
        let analysis = Self.analyse(samples, maxPieceSamples: 3 * Self.rate)
        #expect(analysis.speechRange != nil)
        Self.expectValidPieces(analysis, max: 3 * Self.rate)
        // Tiny caps and caps below one frame still terminate and respect the cap.
        for cap in [1, 100, 320, 1_000] {
            let tiny = Self.analyse(Array(samples[(9 * Self.rate)..<(12 * Self.rate)]), maxPieceSamples: cap)
            Self.expectValidPieces(tiny, max: cap)
        }
    }

    @Test("Memory is one level per 20 ms frame")
    func frameLevels() {
        var detector = SpeechDetector()
        detector.feed([Float](repeating: 0.5, count: 16_000 + 100))
        let levels = detector.frameLevels
        #expect(levels.count == 51)
        #expect(abs(levels[0] - 20 * log10(0.5)) < 0.01)
    }
}
