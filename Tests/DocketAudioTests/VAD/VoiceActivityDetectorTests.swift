import DocketAudio
import DocketTesting
import Foundation
import Testing

@Suite("Voice activity detector rules")
struct VoiceActivityDetectorTests {
    /// Seeded white noise at roughly `rms` (full scale 1).
    static func noise(_ count: Int, rms: Double, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in Double.random(in: -1...1, using: &generator) * rms * 3.0.squareRoot() }
    }

    /// A vowel-like harmonic complex on 120 Hz up to 3 kHz.
    static func vowel(_ count: Int, amplitude: Double) -> [Double] {
        (0..<count).map { n in
            let t = Double(n) / 16_000
            return (1...25).reduce(0.0) { $0 + sin(2 * .pi * 120 * Double($1) * t) / Double($1) } * amplitude
        }
    }

    /// Hiss, mostly above 4 kHz: white noise through an eighth-order difference (1 - z⁻¹)⁸, about
    /// 26 dB below its mean at 2 kHz and rising steeply toward 8 kHz.
    static func hiss(_ count: Int, rms: Double, seed: UInt64) -> [Double] {
        let taps: [Double] = [1, -8, 28, -56, 70, -56, 28, -8, 1]
        let white = noise(count + taps.count, rms: rms / 12_870.0.squareRoot(), seed: seed)
        return (0..<count).map { n in
            var sum = 0.0
            for (k, tap) in taps.enumerated() { sum += tap * white[n + k] }
            return sum
        }
    }

    static func pcm(_ samples: [Double]) -> [Int16] {
        samples.map { Int16(Swift.max(-32_768, Swift.min(32_767, ($0 * 32_767).rounded()))) }
    }

    /// Raw speech flags for each frame of `samples`.
    static func rawFlags(_ samples: [Int16], configuration: VoiceActivityDetector.Configuration) -> [Bool] {
        var detector = VoiceActivityDetector(configuration: configuration)
        var flags: [Bool] = []
        samples.withUnsafeBufferPointer { buffer in
            var start = 0
            while start + 320 <= buffer.count {
                flags.append(detector.analyze(frame: UnsafeBufferPointer(rebasing: buffer[start..<start + 320])).isRawSpeech)
                start += 320
            }
        }
        return flags
    }

    @Test("a hiss counts as speech right after a vowel but not on its own")
    func fricativesNeedNearbyVoicedSpeech() {
        let frame = 320
        // Only the reach rule is under test here: no hiss is strong enough to count on its own.
        let configuration = VoiceActivityDetector.Configuration(isolatedFricativeSNR: 1_000)
        let background = Self.noise(120 * frame, rms: 0.003, seed: 1)
        // Frames 0–49: room. 50–59: vowel, 60–64: hiss (a word ending in "s").
        // 65–99: room. 100–104: the same hiss alone. 105–119: room.
        var signal = background
        let vowel = Self.vowel(10 * frame, amplitude: 0.05)
        let hiss = Self.hiss(5 * frame, rms: 0.05, seed: 2)
        for i in 0..<vowel.count { signal[50 * frame + i] += vowel[i] }
        for i in 0..<hiss.count {
            signal[60 * frame + i] += hiss[i]
            signal[100 * frame + i] += hiss[i]
        }
        let flags = Self.rawFlags(Self.pcm(signal), configuration: configuration)
        #expect(flags[52..<58].allSatisfy { $0 }, "the vowel is speech")
        #expect(flags[61..<64].allSatisfy { $0 }, "the hiss after the vowel is speech")
        #expect(flags[100..<105].allSatisfy { !$0 }, "the hiss alone is not speech")
    }

    @Test("hangover is earned only by a run that peaks high enough above the floor")
    func hangoverNeedsAClearPeak() {
        let frame = 320
        var detector = VoiceActivityDetector()
        let background = Self.noise(100 * frame, rms: 0.003, seed: 3)
        // Frames 50–54: a vowel whose speech-band energy is ~20 dB over the floor.
        var signal = background
        let vowel = Self.vowel(5 * frame, amplitude: 0.06)
        for i in 0..<vowel.count { signal[50 * frame + i] += vowel[i] }
        let samples = Self.pcm(signal)
        var decisions: [VoiceActivityDecision] = []
        samples.withUnsafeBufferPointer { buffer in
            var start = 0
            while start + frame <= buffer.count {
                decisions.append(detector.analyze(frame: UnsafeBufferPointer(rebasing: buffer[start..<start + frame])))
                start += frame
            }
        }
        #expect(decisions[50..<55].allSatisfy { $0.isRawSpeech })
        #expect(decisions[50..<55].map { $0.energySNR }.max()! >= detector.configuration.hangoverEnergySNR)
        #expect(decisions[55..<60].allSatisfy { $0.isSpeech && !$0.isRawSpeech }, "a clear syllable is held over")

        // The same detector settings with a peak requirement no syllable reaches: no hangover.
        var strict = VoiceActivityDetector(configuration: .init(hangoverEnergySNR: 1_000))
        var held = 0
        samples.withUnsafeBufferPointer { buffer in
            var start = 0
            while start + frame <= buffer.count {
                let d = strict.analyze(frame: UnsafeBufferPointer(rebasing: buffer[start..<start + frame]))
                if d.isSpeech && !d.isRawSpeech { held += 1 }
                start += frame
            }
        }
        #expect(held == 0)
    }
}
