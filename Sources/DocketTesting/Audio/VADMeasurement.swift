public import DocketAudio
import Foundation

/// How well the detector separates speech from noise on one mixture.
public struct VADEvaluation: Sendable, Equatable {
    /// Signal-to-noise ratio of the mixture in dB (active speech power over mean noise power).
    public var snrDB: Double
    /// Frames labelled speech in the clean reference.
    public var speechFrames: Int
    /// Fraction of reference speech frames the detector called speech (with hangover).
    public var recall: Double
    /// Fraction of reference non-speech frames of the mixture the detector called speech.
    public var falseAlarmInPauses: Double
    /// Frames of the noise-alone track.
    public var noiseFrames: Int
    /// Fraction of noise-alone frames the detector called speech (with hangover).
    public var falseActivation: Double
    /// Fraction of noise-alone frames inside segments the segmenter would have sent (after the
    /// minimum-speech rule).
    public var segmentedFalseActivation: Double
    /// Segments the segmenter emitted on the noise alone.
    public var segmentsOnNoise: Int
}

/// Pure measurement helpers for the detector: reference labels, noise mixing, scores and speed.
public enum VADMeasurement {
    /// A clean frame is reference speech when its level is at least this (dBFS)…
    public static let referenceAbsoluteLevel: Float = -50
    /// …and no more than this many dB below the loudest clean frame.
    public static let referenceDynamicRange: Float = 35

    /// Speech labels per 20 ms frame from a clean (noise-free) recording's energy.
    public static func referenceLabels(clean: [Int16]) -> [Bool] {
        let levels = frameLevels(clean)
        guard let peak = levels.max() else { return [] }
        let threshold = Swift.max(referenceAbsoluteLevel, peak - referenceDynamicRange)
        return levels.map { $0 >= threshold }
    }

    /// RMS level in dBFS of each whole 20 ms frame.
    public static func frameLevels(_ samples: [Int16]) -> [Float] {
        let n = VoiceActivityDetector.frameLength
        return stride(from: 0, to: samples.count - n + 1, by: n).map { start in
            var sum: Double = 0
            for i in start..<start + n {
                let v = Double(samples[i]) / 32_768
                sum += v * v
            }
            let meanSquare = Float(sum / Double(n))
            return meanSquare > 1e-14 ? 10 * log10(meanSquare) : -140
        }
    }

    /// Scales `noise` so that the active speech power of `clean` (mean over reference speech frames)
    /// is `snrDB` above the noise's mean power, and returns the mixture and the scaled noise.
    /// The noise is looped if shorter than the speech; both results are as long as `clean`.
    public static func mix(clean: [Int16], noise: [Int16], snrDB: Double) -> (mixture: [Int16], noise: [Int16]) {
        precondition(!noise.isEmpty, "noise must not be empty")
        let labels = referenceLabels(clean: clean)
        let n = VoiceActivityDetector.frameLength
        var speechPower: Double = 0
        var speechCount = 0
        for (frame, isSpeech) in labels.enumerated() where isSpeech {
            for i in frame * n..<(frame + 1) * n {
                let v = Double(clean[i])
                speechPower += v * v
            }
            speechCount += n
        }
        speechPower /= Double(Swift.max(1, speechCount))
        var noisePower: Double = 0
        for v in noise { noisePower += Double(v) * Double(v) }
        noisePower /= Double(noise.count)
        let gain = noisePower > 0 ? (speechPower / noisePower / pow(10, snrDB / 10)).squareRoot() : 0
        var mixture = [Int16](repeating: 0, count: clean.count)
        var scaled = [Int16](repeating: 0, count: clean.count)
        for i in 0..<clean.count {
            let v = Double(noise[i % noise.count]) * gain
            scaled[i] = clampToInt16(v)
            mixture[i] = clampToInt16(Double(clean[i]) + v)
        }
        return (mixture, scaled)
    }

    /// Mixes `noise` into `clean` at `snrDB` and scores the detector on the mixture and on the noise alone.
    /// - Parameters:
    ///   - clean: Clean speech with pauses, 16 kHz mono.
    ///   - noise: Noise, 16 kHz mono (looped if short).
    ///   - snrDB: Active-speech SNR of the mixture.
    ///   - configuration: Detector settings.
    ///   - policy: Segmentation policy used for the segment-level false activation.
    public static func evaluate(
        clean: [Int16],
        noise: [Int16],
        snrDB: Double,
        configuration: VoiceActivityDetector.Configuration = .init(),
        policy: SegmentationPolicy = .init()
    ) -> VADEvaluation {
        let labels = referenceLabels(clean: clean)
        let (mixture, scaledNoise) = mix(clean: clean, noise: noise, snrDB: snrDB)
        let onMixture = decisions(mixture, configuration: configuration)
        let onNoise = decisions(scaledNoise, configuration: configuration)
        var hits = 0
        var speech = 0
        var falseAlarms = 0
        var pauses = 0
        for (frame, label) in labels.enumerated() {
            if label {
                speech += 1
                if onMixture[frame] { hits += 1 }
            } else {
                pauses += 1
                if onMixture[frame] { falseAlarms += 1 }
            }
        }
        var machine = SegmenterMachine(policy: policy, detector: configuration)
        var actions = machine.feed(scaledNoise)
        actions += machine.finish()
        var segments = 0
        var segmentedSamples = 0
        for case .segment(let segment) in actions {
            segments += 1
            segmentedSamples += segment.samples.count
        }
        return VADEvaluation(
            snrDB: snrDB,
            speechFrames: speech,
            recall: Double(hits) / Double(Swift.max(1, speech)),
            falseAlarmInPauses: Double(falseAlarms) / Double(Swift.max(1, pauses)),
            noiseFrames: onNoise.count,
            falseActivation: Double(onNoise.filter { $0 }.count) / Double(Swift.max(1, onNoise.count)),
            segmentedFalseActivation: Double(segmentedSamples) / Double(Swift.max(1, scaledNoise.count)),
            segmentsOnNoise: segments
        )
    }

    /// The detector's speech decision (with hangover) for every whole frame.
    public static func decisions(
        _ samples: [Int16], configuration: VoiceActivityDetector.Configuration = .init()
    ) -> [Bool] {
        var detector = VoiceActivityDetector(configuration: configuration)
        let n = VoiceActivityDetector.frameLength
        var result: [Bool] = []
        result.reserveCapacity(samples.count / n)
        samples.withUnsafeBufferPointer { buffer in
            var start = 0
            while start + n <= buffer.count {
                result.append(detector.process(frame: UnsafeBufferPointer(rebasing: buffer[start..<start + n])))
                start += n
            }
        }
        return result
    }

    /// How many times faster than real time detection plus segmentation runs on `samples`
    /// (16 kHz), taking the best of `runs` passes.
    public static func realTimeFactor(samples: [Int16], runs: Int) -> Double {
        let audioSeconds = Double(samples.count) / Double(VoiceActivityDetector.sampleRate)
        let clock = ContinuousClock()
        var best = Duration.seconds(1_000_000)
        var sink = 0
        for _ in 0..<Swift.max(1, runs) {
            var machine = SegmenterMachine()
            let elapsed = clock.measure {
                var start = 0
                while start < samples.count {
                    let end = Swift.min(samples.count, start + 1_600)
                    sink &+= machine.feed(Array(samples[start..<end])).count
                    start = end
                }
                sink &+= machine.finish().count
            }
            best = Swift.min(best, elapsed)
        }
        let seconds = (best / .seconds(1))
        // `sink` keeps the optimiser from discarding the work.
        return sink < 0 ? 0 : audioSeconds / Swift.max(seconds, 1e-9)
    }

    private static func clampToInt16(_ v: Double) -> Int16 {
        Int16(Swift.max(-32_768, Swift.min(32_767, v.rounded())))
    }
}
