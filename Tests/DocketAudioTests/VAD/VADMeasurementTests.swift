import DocketAudio
import DocketTesting
import Foundation
import Testing

@Suite("VAD measurement")
struct VADMeasurementTests {
    /// Dictation-like sentences with pauses between them, 1.5 s of lead-in.
    static func cleanTrack() throws -> [Int16] {
        let sentences = [
            "Remind me to call the dentist tomorrow morning about the appointment.",
            "Buy milk, eggs and bread on the way home from work.",
            "Send the quarterly report to Maria before Friday afternoon.",
            "Book a table for four people at the Italian restaurant on Saturday.",
            "Renew the car insurance before the end of the month.",
            "Pick up the dry cleaning and water the plants in the garden.",
        ]
        let gaps = [1.0, 2.5, 1.0, 1.5, 2.5, 1.5]
        var track = TestAudio.silence(1.5)
        for (sentence, gap) in zip(sentences, gaps) {
            track += try TestAudio.speech(sentence) + TestAudio.silence(gap)
        }
        return track
    }

    @Test("pink noise at 10 dB SNR: recall and false activation")
    func pinkNoise() throws {
        let clean = try Self.cleanTrack()
        let noise = try TestAudio.pinkNoise(seconds: Double(clean.count) / 16_000 + 1)
        let result = VADMeasurement.evaluate(clean: clean, noise: noise, snrDB: 10)
        print(
            "VAD pink 10 dB: recall \(result.recall), false activation \(result.falseActivation), segmented false activation \(result.segmentedFalseActivation), segments on noise \(result.segmentsOnNoise), false alarms in pauses \(result.falseAlarmInPauses)"
        )
        #expect(result.recall >= 0.95)
        #expect(result.falseActivation <= 0.01)
        #expect(result.segmentsOnNoise == 0)
    }

    @Test("babble noise at 10 dB SNR: recall and false activation")
    func babbleNoise() throws {
        let clean = try Self.cleanTrack()
        let noise = try TestAudio.babble(seconds: Double(clean.count) / 16_000 + 1)
        let result = VADMeasurement.evaluate(clean: clean, noise: noise, snrDB: 10)
        print(
            "VAD babble 10 dB: recall \(result.recall), false activation \(result.falseActivation), segmented false activation \(result.segmentedFalseActivation), segments on noise \(result.segmentsOnNoise), false alarms in pauses \(result.falseAlarmInPauses)"
        )
        #expect(result.recall >= 0.95)
        #expect(result.falseActivation <= 0.01)
        #expect(result.segmentsOnNoise == 0)
    }

    @Test("reference labels and mixing are consistent")
    func mixingHitsTheRequestedSNR() throws {
        let clean = try TestAudio.speech("Buy milk on the way home.")
        let noise = try TestAudio.pinkNoise(seconds: 3)
        let labels = VADMeasurement.referenceLabels(clean: clean)
        #expect(labels.contains(true) && labels.contains(false))
        let (mixture, scaled) = VADMeasurement.mix(clean: clean, noise: noise, snrDB: 10)
        #expect(mixture.count == clean.count && scaled.count == clean.count)
        var speechPower = 0.0
        var speechCount = 0
        for (frame, label) in labels.enumerated() where label {
            for i in frame * 320..<(frame + 1) * 320 { speechPower += Double(clean[i]) * Double(clean[i]) }
            speechCount += 320
        }
        let noisePower = scaled.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(scaled.count)
        let snr = 10 * log10(speechPower / Double(speechCount) / noisePower)
        #expect(abs(snr - 10) < 0.5)
    }

    @Test("the throughput measurement runs (the figure itself comes from docket-bench vad)")
    func throughput() throws {
        let clean = try Self.cleanTrack()
        let factor = VADMeasurement.realTimeFactor(samples: clean, runs: 1)
        #expect(factor.isFinite && factor > 0)
    }
}
