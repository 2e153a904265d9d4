import DocketAudio
import DocketTesting
import Foundation
import Testing

@Suite("Resampler")
struct ResamplerTests {
    static func resample(_ input: [Float], from inputRate: Int, to outputRate: Int) -> [Float] {
        var resampler = Resampler(inputRate: inputRate, outputRate: outputRate)
        var output: [Float] = []
        resampler.process(input, into: &output)
        resampler.flush(into: &output)
        return output
    }

    /// Gain in dB of a tone through the resampler, measured away from the edges.
    static func gain(frequency: Double, from inputRate: Int, to outputRate: Int = 16_000) -> Double {
        let seconds = 0.3
        let input = sine(frequency: frequency, rate: inputRate, seconds: seconds)
        let output = resample(input, from: inputRate, to: outputRate)
        let edge = outputRate / 20
        return decibels(rms(output[edge..<output.count - edge]) / (0.5 / 2.0.squareRoot()))
    }

    @Test("Pass-band tones keep their level within ±1 dB", arguments: [22_050, 44_100, 48_000, 96_000])
    func passBand(inputRate: Int) {
        for frequency in [100.0, 1_000, 3_000, 5_000, 6_500, 7_000] {
            let g = Self.gain(frequency: frequency, from: inputRate)
            #expect(abs(g) <= 1, "\(frequency) Hz from \(inputRate) Hz: \(g) dB")
        }
    }

    @Test("Tones above 8 kHz are attenuated by at least 60 dB", arguments: [44_100, 48_000, 96_000])
    func stopBand(inputRate: Int) {
        var frequencies = [8_000.0, 8_300, 9_000, 10_000, 12_000, 15_000, 20_000, 21_900]
        if inputRate == 96_000 { frequencies += [30_000, 40_000, 47_000] }
        for frequency in frequencies {
            let g = Self.gain(frequency: frequency, from: inputRate)
            #expect(g <= -60, "\(frequency) Hz from \(inputRate) Hz: \(g) dB")
        }
    }

    @Test("8 kHz to 16 kHz upsampling keeps tones and suppresses images")
    func upsampling() {
        for frequency in [300.0, 1_000, 3_000] {
            let g = Self.gain(frequency: frequency, from: 8_000)
            #expect(abs(g) <= 1, "\(frequency) Hz: \(g) dB")
        }
        // A 1 kHz tone must not leave an image at 7 kHz.
        let output = Self.resample(sine(frequency: 1_000, rate: 8_000, seconds: 0.3), from: 8_000, to: 16_000)
        let middle = Array(output[800..<4_000])
        var re = 0.0
        var im = 0.0
        for (i, s) in middle.enumerated() {
            let phase = 2 * Double.pi * 7_000 * Double(i) / 16_000
            re += Double(s) * cos(phase)
            im += Double(s) * sin(phase)
        }
        let image = 2 * (re * re + im * im).squareRoot() / Double(middle.count)
        #expect(decibels(image / 0.5) <= -60)
    }

    @Test("Output length is ceil(input × out / in)")
    func outputLength() {
        for (inputRate, count) in [(44_100, 44_100), (44_100, 12_345), (48_000, 1), (8_000, 999), (22_050, 22_051), (11_025, 7)] {
            let output = Self.resample([Float](repeating: 0.1, count: count), from: inputRate, to: 16_000)
            let expected = (count * 16_000 + inputRate - 1) / inputRate
            #expect(output.count == expected, "\(inputRate) Hz × \(count)")
        }
    }

    @Test("Chunking does not change the output", arguments: [44_100, 48_000, 8_000, 22_050, 44_099])
    func chunkInvariance(inputRate: Int) {
        var rng = SeededGenerator(seed: UInt64(inputRate))
        let input = (0..<20_000).map { _ in Float.random(in: -1...1, using: &rng) }
        let whole = Self.resample(input, from: inputRate, to: 16_000)
        var resampler = Resampler(inputRate: inputRate, outputRate: 16_000)
        var chunked: [Float] = []
        var index = 0
        while index < input.count {
            let n = min(input.count - index, Int.random(in: 0...3_000, using: &rng))
            input[index..<index + n].withUnsafeBufferPointer { resampler.process($0, into: &chunked) }
            index += n
        }
        resampler.flush(into: &chunked)
        #expect(chunked == whole)
    }

    @Test("Same rate is a passthrough; DC is preserved")
    func passthroughAndDC() {
        let input = (0..<1_000).map { Float($0) / 1_000 }
        #expect(Self.resample(input, from: 16_000, to: 16_000) == input)
        let dc = Self.resample([Float](repeating: 0.25, count: 44_100), from: 44_100, to: 16_000)
        for value in dc[1_000..<15_000] {
            #expect(abs(value - 0.25) < 1e-4)
        }
    }

    @Test("A resampler can be reused after flush")
    func reuse() {
        let input = sine(frequency: 440, rate: 48_000, seconds: 0.1)
        var resampler = Resampler(inputRate: 48_000, outputRate: 16_000)
        var first: [Float] = []
        resampler.process(input, into: &first)
        resampler.flush(into: &first)
        var second: [Float] = []
        resampler.process(input, into: &second)
        resampler.flush(into: &second)
        #expect(first == second)
    }
}
