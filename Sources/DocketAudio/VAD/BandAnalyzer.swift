import Foundation

/// Splits one 20 ms frame (320 samples at 16 kHz) into band levels in dB.
///
/// The frame is Hann-windowed, zero-padded to 512 samples and transformed with a 512-point real FFT
/// computed as a 256-point complex FFT plus a split step. All buffers are allocated once in `init`,
/// so analysing a frame never allocates.
struct BandAnalyzer: Sendable {
    /// Samples per frame.
    static let frameLength = 320
    /// Sample rate the band edges assume.
    static let sampleRate = 16_000
    /// Real FFT length (frame zero-padded to this).
    private static let fftLength = 512
    /// Complex FFT length used to compute the real FFT.
    private static let half = 256

    /// Band edges in Hz; band `i` covers `edges[i]..<edges[i + 1]`. Roughly critical-band spaced.
    static let edgesHz: [Double] = [
        100, 200, 300, 400, 500, 630, 770, 920, 1_080, 1_270, 1_480, 1_720, 2_000, 2_320, 2_700, 3_150, 3_700,
        4_400, 5_300, 6_400, 7_700,
    ]
    /// Number of bands.
    static let bandCount = edgesHz.count - 1
    /// Bands inside the telephone speech band (300–3,700 Hz).
    static let speechBands = 2..<16
    /// Bands above the speech band (3,700–7,700 Hz), where fricatives live.
    static let highBands = 16..<20

    /// Number of FFT bins in each band (band levels are per-bin means; this turns them back into totals).
    static let bandWidths: [Float] = {
        let binHz = Double(sampleRate) / Double(fftLength)
        let bins = edgesHz.map { Int(($0 / binHz).rounded()) }
        return (0..<bandCount).map { Float(bins[$0 + 1] - bins[$0]) }
    }()

    /// First FFT bin of each band, plus the end bin of the last band.
    private let bandBins: [Int]
    /// Hann window pre-scaled from Int16 to -1…1.
    private let window: [Float]
    /// cos/sin of 2πk/256 for k in 0..<128 (complex FFT twiddles).
    private let cosTable: [Float]
    private let sinTable: [Float]
    /// cos/sin of 2πk/512 for k in 0...256 (real-FFT split twiddles).
    private let splitCos: [Float]
    private let splitSin: [Float]
    /// Bit-reversal permutation for 256 points.
    private let bitReverse: [Int]
    /// Work buffer: real parts at 0..<256, imaginary parts at 256..<512.
    private var work: [Float]
    /// Power per real-FFT bin 0...256.
    private var power: [Float]

    init() {
        let n = Self.half
        window = (0..<Self.frameLength).map { i in
            let w = 0.5 - 0.5 * cos(2 * Double.pi * (Double(i) + 0.5) / Double(Self.frameLength))
            return Float(w / 32_768)
        }
        cosTable = (0..<n / 2).map { Float(cos(2 * Double.pi * Double($0) / Double(n))) }
        sinTable = (0..<n / 2).map { Float(sin(2 * Double.pi * Double($0) / Double(n))) }
        splitCos = (0...n).map { Float(cos(2 * Double.pi * Double($0) / Double(Self.fftLength))) }
        splitSin = (0...n).map { Float(sin(2 * Double.pi * Double($0) / Double(Self.fftLength))) }
        var reverse = [Int](repeating: 0, count: n)
        for i in 0..<n {
            var r = 0
            var v = i
            for _ in 0..<8 {
                r = (r << 1) | (v & 1)
                v >>= 1
            }
            reverse[i] = r
        }
        bitReverse = reverse
        let binHz = Double(Self.sampleRate) / Double(Self.fftLength)
        bandBins = Self.edgesHz.map { Int(($0 / binHz).rounded()) }
        work = [Float](repeating: 0, count: 2 * n)
        power = [Float](repeating: 0, count: n + 1)
    }

    /// Writes the level (dB relative to full scale, floored at -140) of each band into `levels`
    /// and returns the frame's RMS level in dBFS.
    /// - Precondition: `frame.count == 320`, `levels.count >= bandCount`.
    mutating func analyze(_ frame: UnsafeBufferPointer<Int16>, into levels: UnsafeMutableBufferPointer<Float>) -> Float {
        precondition(frame.count == Self.frameLength, "a frame is exactly 320 samples")
        let n = Self.half
        var sumSquares: Float = 0
        window.withUnsafeBufferPointer { window in
            bitReverse.withUnsafeBufferPointer { reverse in
                work.withUnsafeMutableBufferPointer { work in
                    // Pack even samples into re, odd into im, in bit-reversed order; zero-pad.
                    for k in 0..<n {
                        let even = 2 * k
                        let odd = even + 1
                        var re: Float = 0
                        var im: Float = 0
                        if odd < Self.frameLength {
                            let a = Float(frame[even])
                            let b = Float(frame[odd])
                            sumSquares += a * a + b * b
                            re = a * window[even]
                            im = b * window[odd]
                        }
                        let j = reverse[k]
                        work[j] = re
                        work[n + j] = im
                    }
                }
            }
        }
        fft()
        split()
        power.withUnsafeBufferPointer { power in
            bandBins.withUnsafeBufferPointer { bins in
                for band in 0..<Self.bandCount {
                    var sum: Float = 0
                    for bin in bins[band]..<bins[band + 1] {
                        sum += power[bin]
                    }
                    let mean = sum / Float(bins[band + 1] - bins[band])
                    levels[band] = Self.decibels(mean)
                }
            }
        }
        let meanSquare = sumSquares / Float(Self.frameLength) / (32_768 * 32_768)
        return Self.decibels(meanSquare)
    }

    /// 10·log10(x), floored at -140 dB.
    static func decibels(_ x: Float) -> Float {
        x > 1e-14 ? 10 * log10(x) : -140
    }

    /// In-place radix-2 decimation-in-time FFT of the bit-reversed 256-point buffer.
    private mutating func fft() {
        let n = Self.half
        cosTable.withUnsafeBufferPointer { cosTable in
            sinTable.withUnsafeBufferPointer { sinTable in
                work.withUnsafeMutableBufferPointer { work in
                    var size = 2
                    while size <= n {
                        let halfSize = size / 2
                        let step = n / size
                        var start = 0
                        while start < n {
                            for k in 0..<halfSize {
                                let wr = cosTable[k * step]
                                let wi = -sinTable[k * step]
                                let a = start + k
                                let b = a + halfSize
                                let br = work[b]
                                let bi = work[n + b]
                                let tr = br * wr - bi * wi
                                let ti = br * wi + bi * wr
                                let ar = work[a]
                                let ai = work[n + a]
                                work[a] = ar + tr
                                work[n + a] = ai + ti
                                work[b] = ar - tr
                                work[n + b] = ai - ti
                            }
                            start += size
                        }
                        size *= 2
                    }
                }
            }
        }
    }

    /// Turns the 256-point complex FFT of packed even/odd samples into the power spectrum of the
    /// 512-point real signal, bins 0...256.
    private mutating func split() {
        let n = Self.half
        work.withUnsafeBufferPointer { work in
            splitCos.withUnsafeBufferPointer { splitCos in
                splitSin.withUnsafeBufferPointer { splitSin in
                    power.withUnsafeMutableBufferPointer { power in
                        for k in 0...n {
                            let k1 = k == n ? 0 : k
                            let k2 = (n - k) % n
                            let zr = work[k1]
                            let zi = work[n + k1]
                            let cr = work[k2]
                            let ci = -work[n + k2]
                            // Even part E = (Z[k] + conj Z[N-k]) / 2; odd part O = (Z[k] - conj Z[N-k]) / 2i.
                            let er = 0.5 * (zr + cr)
                            let ei = 0.5 * (zi + ci)
                            let dr = 0.5 * (zr - cr)
                            let di = 0.5 * (zi - ci)
                            let or = di
                            let oi = -dr
                            // X[k] = E + W^k O with W = e^{-2πi/512}.
                            let wr = splitCos[k]
                            let wi = -splitSin[k]
                            let xr = er + or * wr - oi * wi
                            let xi = ei + or * wi + oi * wr
                            power[k] = xr * xr + xi * xi
                        }
                    }
                }
            }
        }
    }
}
