import Foundation

/// A streaming, anti-aliased sample-rate converter for mono `Float` audio.
///
/// Polyphase windowed-sinc (Kaiser window) design: the rate ratio is reduced by its gcd to
/// `up/down`, and one filter per output phase is precomputed so each output sample is a single
/// contiguous SIMD dot product. The cutoff sits at 46.25 % of the lower rate with a transition
/// band of 7.5 % of it (7.4 kHz ± 0.6 kHz for 16 kHz output), for about 65 dB of stop-band
/// attenuation. Ratios that would need more than 2,048 phases use the nearest of 2,048.
///
/// State is carried between ``process(_:into:)`` calls, so the output does not depend on how
/// the input is chunked. Output sample 0 is aligned with input sample 0 (no delay), and after
/// ``flush(into:)`` exactly `ceil(inputCount × outputRate / inputRate)` samples have been produced.
public struct Resampler: Sendable {
    /// The input sample rate in Hz.
    public let inputRate: Int
    /// The output sample rate in Hz.
    public let outputRate: Int

    private let up: Int
    private let down: Int
    private let phaseCount: Int
    private let taps: Int
    private let half: Int
    private let table: [Float]

    /// Input samples; `history[0]` is absolute input index `historyStart`.
    private var history: [Float] = []
    private var historyStart: Int64 = 0
    /// Absolute input index at or before the next output instant, and the phase numerator over `up`.
    private var base: Int64 = 0
    private var phase = 0
    private var inputCount: Int64 = 0
    private var outputCount: Int64 = 0

    /// Largest number of precomputed phases.
    static let maxPhases = 2_048
    /// Target stop-band attenuation in dB.
    static let attenuation = 65.0

    /// Creates a resampler.
    /// - Parameters:
    ///   - inputRate: Input sample rate in Hz (any positive rate; 8,000–192,000 is the tested range).
    ///   - outputRate: Output sample rate in Hz.
    public init(inputRate: Int, outputRate: Int) {
        precondition(inputRate > 0 && outputRate > 0, "sample rates must be positive")
        self.inputRate = inputRate
        self.outputRate = outputRate
        let divisor = Self.gcd(inputRate, outputRate)
        up = outputRate / divisor
        down = inputRate / divisor
        if inputRate == outputRate {
            phaseCount = 1
            taps = 0
            half = 0
            table = []
            return
        }
        phaseCount = Swift.min(up, Self.maxPhases)

        // Kaiser design, normalised to the input rate.
        let lower = Double(Swift.min(inputRate, outputRate))
        let cutoff = 0.4625 * lower / Double(inputRate)
        let transition = 0.075 * lower / Double(inputRate)
        let attenuation = Self.attenuation
        let beta = 0.1102 * (attenuation - 8.7)
        let length = (attenuation - 7.95) / (2.285 * 2 * Double.pi * transition)
        let taps = Swift.max(8, (Int(length.rounded(.up)) + 7) / 8 * 8)
        let half = taps / 2
        self.taps = taps
        self.half = half

        var table = [Float](repeating: 0, count: phaseCount * taps)
        let i0Beta = Self.besselI0(beta)
        for p in 0..<phaseCount {
            let fraction = Double(p) / Double(phaseCount)
            var row = [Double](repeating: 0, count: taps)
            var sum = 0.0
            for j in 0..<taps {
                // Distance in input samples from this tap to the output instant.
                let tau = fraction + Double(half - 1 - j)
                let x = tau / Double(half)
                let window = x.magnitude >= 1 ? 0 : Self.besselI0(beta * (1 - x * x).squareRoot()) / i0Beta
                let arg = 2 * cutoff * tau
                let sinc = arg == 0 ? 1 : sin(Double.pi * arg) / (Double.pi * arg)
                row[j] = 2 * cutoff * sinc * window
                sum += row[j]
            }
            for j in 0..<taps {
                table[p * taps + j] = Float(row[j] / sum)
            }
        }
        self.table = table
        reset()
    }

    /// Number of filter taps per output sample (0 for passthrough).
    public var filterLength: Int { taps }

    /// Resamples `input`, appending the output samples produced so far to `output`.
    public mutating func process(_ input: UnsafeBufferPointer<Float>, into output: inout [Float]) {
        guard !input.isEmpty else { return }
        inputCount += Int64(input.count)
        if taps == 0 {
            output.append(contentsOf: input)
            outputCount += Int64(input.count)
            return
        }
        history.append(contentsOf: input)
        produce(into: &output, limit: Int64.max)
    }

    /// Resamples `input`, appending the output samples produced so far to `output`.
    public mutating func process(_ input: [Float], into output: inout [Float]) {
        input.withUnsafeBufferPointer { process($0, into: &output) }
    }

    /// Appends the remaining output (the filter tail) and resets the resampler for a new stream.
    public mutating func flush(into output: inout [Float]) {
        if taps > 0 {
            let target = (inputCount * Int64(up) + Int64(down) - 1) / Int64(down)
            let needed = (target - outputCount) * Int64(down) / Int64(up) + Int64(taps) + 2
            if needed > 0 {
                history.append(contentsOf: repeatElement(0, count: Int(needed)))
            }
            produce(into: &output, limit: target)
        }
        reset()
    }

    private mutating func reset() {
        history.removeAll(keepingCapacity: true)
        if taps > 0 {
            history.append(contentsOf: repeatElement(0, count: half - 1))
        }
        historyStart = -Int64(Swift.max(0, half - 1))
        base = 0
        phase = 0
        inputCount = 0
        outputCount = 0
    }

    private mutating func produce(into output: inout [Float], limit: Int64) {
        let end = historyStart + Int64(history.count)
        guard base + Int64(half) < end, outputCount < limit else { return }
        let estimate = Swift.min(
            (end - base - Int64(half)) * Int64(up) / Int64(down) + 2,
            limit - outputCount
        )
        let startCount = output.count
        output.append(contentsOf: repeatElement(Float(0), count: Int(estimate)))
        var written = 0
        let stepWhole = Int64(down / up)
        let stepPart = down % up
        let up = self.up
        let taps = self.taps
        let half = self.half
        let phaseCount = self.phaseCount
        var base = self.base
        var phase = self.phase
        let historyStart = self.historyStart
        table.withUnsafeBufferPointer { table in
            history.withUnsafeBufferPointer { history in
                output.withUnsafeMutableBufferPointer { out in
                    let h = table.baseAddress!
                    let x = history.baseAddress!
                    let o = out.baseAddress! + startCount
                    while written < Int(estimate) && base + Int64(half) < end {
                        var offset = Int(base - historyStart) - half + 1
                        var row = phase
                        if phaseCount != up {
                            row = (phase * phaseCount + up / 2) / up
                            if row == phaseCount {
                                // Rounds up to the next input sample, which is present: base + half + 1 ≤ end - 1 + 1.
                                row = 0
                                offset += 1
                                if base + Int64(half) + 1 >= end { break }
                            }
                        }
                        o[written] = Self.dot(x + offset, h + row * taps, taps)
                        written += 1
                        base += stepWhole
                        phase += stepPart
                        if phase >= up {
                            phase -= up
                            base += 1
                        }
                    }
                }
            }
        }
        output.removeLast(Int(estimate) - written)
        self.base = base
        self.phase = phase
        outputCount += Int64(written)
        // Drop input no longer needed by any future output.
        let keepFrom = base - Int64(half) + 1
        let drop = Int(Swift.min(Swift.max(0, keepFrom - historyStart), Int64(history.count)))
        if drop > 0 {
            history.removeFirst(drop)
            self.historyStart += Int64(drop)
        }
    }

    @inline(__always)
    private static func dot(_ x: UnsafePointer<Float>, _ h: UnsafePointer<Float>, _ n: Int) -> Float {
        let rx = UnsafeRawPointer(x)
        let rh = UnsafeRawPointer(h)
        var a0 = SIMD8<Float>()
        var a1 = SIMD8<Float>()
        var i = 0
        while i &+ 16 <= n {
            let byte = i &* 4
            a0 +=
                rx.loadUnaligned(fromByteOffset: byte, as: SIMD8<Float>.self)
                * rh.loadUnaligned(fromByteOffset: byte, as: SIMD8<Float>.self)
            a1 +=
                rx.loadUnaligned(fromByteOffset: byte &+ 32, as: SIMD8<Float>.self)
                * rh.loadUnaligned(fromByteOffset: byte &+ 32, as: SIMD8<Float>.self)
            i &+= 16
        }
        if i < n {
            let byte = i &* 4
            a0 +=
                rx.loadUnaligned(fromByteOffset: byte, as: SIMD8<Float>.self)
                * rh.loadUnaligned(fromByteOffset: byte, as: SIMD8<Float>.self)
        }
        return (a0 + a1).sum()
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// Zeroth-order modified Bessel function of the first kind.
    private static func besselI0(_ x: Double) -> Double {
        var sum = 1.0
        var term = 1.0
        let q = x * x / 4
        var k = 1.0
        while term > 1e-12 * sum {
            term *= q / (k * k)
            sum += term
            k += 1
        }
        return sum
    }
}
