import Foundation

/// Where the speech is in a recording, and how to cut it into pieces.
public struct SpeechAnalysis: Sendable, Equatable {
    /// Total samples analysed.
    public var sampleCount: Int
    /// First to last speech sample, padded by ``SpeechDetector/padding`` and clamped to the audio;
    /// nil when the audio holds no speech.
    public var speechRange: Range<Int>?
    /// Consecutive ranges that exactly cover ``speechRange``, each at most the requested length,
    /// cut inside pauses whenever a pause is available.
    public var pieces: [Range<Int>]
    /// The detected speech segments (after hangover and minimum-duration rules), unpadded.
    public var segments: [Range<Int>]
}

/// A streaming energy-based speech/silence detector.
///
/// Feed it mono audio in any chunk size; it keeps one `Float` (the level in dBFS) per
/// 20 ms frame, so memory is O(frames) — about 700 KB per hour. ``analysis(maxPieceSamples:)``
/// then compares each frame with an adaptive noise floor (the 10th percentile of levels in
/// a ±15 s window), bridges gaps shorter than the hangover, discards bursts shorter than the
/// minimum speech duration, and cuts the speech into pieces at the longest pauses.
public struct SpeechDetector: Sendable {
    /// Samples per second of the audio being fed.
    public let sampleRate: Int
    /// Samples per analysis frame.
    public let frameLength: Int

    /// A frame is speech when it is this many dB above the local noise floor…
    public static let marginAboveFloor: Float = 10
    /// …and above this absolute level (dBFS), so near-silent hiss never counts.
    public static let absoluteThreshold: Float = -60
    /// Gaps shorter than this (seconds) inside speech are bridged.
    public static let hangover = 0.3
    /// Speech segments shorter than this (seconds) are ignored.
    public static let minimumSpeech = 0.25
    /// Silence kept around the speech range (seconds).
    public static let padding = 0.2
    /// A pause at least this long (seconds) is preferred as a cut point.
    public static let preferredPause = 0.2

    private static let floorLevel: Float = -120
    private static let floorPercentile = 0.10
    private static let floorWindowSeconds = 15.0

    private var levels: [Float] = []
    private var frameSum: Float = 0
    private var frameFill = 0
    /// Samples fed so far.
    public private(set) var sampleCount = 0

    /// Creates a detector.
    /// - Parameters:
    ///   - sampleRate: Rate of the audio that will be fed (16,000 in docket).
    ///   - frameDuration: Analysis frame length in seconds (0.02 by default).
    public init(sampleRate: Int = 16_000, frameDuration: Double = 0.02) {
        precondition(sampleRate > 0 && frameDuration > 0, "sample rate and frame duration must be positive")
        self.sampleRate = sampleRate
        self.frameLength = Swift.max(1, Int((Double(sampleRate) * frameDuration).rounded()))
    }

    /// Feeds 16-bit samples.
    public mutating func feed(_ samples: UnsafeBufferPointer<Int16>) {
        let scale: Float = 1 / (32_768 * 32_768)
        var index = 0
        while index < samples.count {
            let n = Swift.min(frameLength - frameFill, samples.count - index)
            var sum: Float = 0
            for i in index..<index + n {
                let v = Float(samples[i])
                sum += v * v
            }
            frameSum += sum * scale
            consume(n)
            index += n
        }
    }

    /// Feeds 16-bit samples.
    public mutating func feed(_ samples: [Int16]) {
        samples.withUnsafeBufferPointer { feed($0) }
    }

    /// Feeds float samples in -1…1.
    public mutating func feed(_ samples: UnsafeBufferPointer<Float>) {
        var index = 0
        while index < samples.count {
            let n = Swift.min(frameLength - frameFill, samples.count - index)
            var sum: Float = 0
            for i in index..<index + n {
                let v = samples[i]
                sum += v * v
            }
            frameSum += sum
            consume(n)
            index += n
        }
    }

    /// Feeds float samples in -1…1.
    public mutating func feed(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { feed($0) }
    }

    private mutating func consume(_ n: Int) {
        frameFill += n
        sampleCount += n
        if frameFill == frameLength {
            levels.append(Self.decibels(frameSum / Float(frameLength)))
            frameSum = 0
            frameFill = 0
        }
    }

    private static func decibels(_ meanSquare: Float) -> Float {
        guard meanSquare.isFinite, meanSquare > 1e-12 else { return floorLevel }
        return Swift.max(floorLevel, 10 * log10(meanSquare))
    }

    /// Level in dBFS of each frame fed so far (the last one may be partial).
    public var frameLevels: [Float] {
        var all = levels
        if frameFill > 0 {
            all.append(Self.decibels(frameSum / Float(frameFill)))
        }
        return all
    }

    /// Finds the speech and cuts it into pieces.
    /// - Parameter maxPieceSamples: Longest allowed piece, in samples.
    /// - Returns: The speech range (nil when there is no speech) and pieces covering it.
    public func analysis(maxPieceSamples: Int) -> SpeechAnalysis {
        let levels = frameLevels
        let speechFrames = classify(levels)
        let segments = Self.segments(
            from: speechFrames,
            maxGap: Int((Self.hangover * Double(sampleRate) / Double(frameLength)).rounded()),
            minLength: Int((Self.minimumSpeech * Double(sampleRate) / Double(frameLength)).rounded())
        ).map { ($0.lowerBound * frameLength)..<Swift.min(sampleCount, $0.upperBound * frameLength) }
        guard let first = segments.first, let last = segments.last else {
            return SpeechAnalysis(sampleCount: sampleCount, speechRange: nil, pieces: [], segments: [])
        }
        let pad = Int(Self.padding * Double(sampleRate))
        let range = Swift.max(0, first.lowerBound - pad)..<Swift.min(sampleCount, last.upperBound + pad)
        let pieces = split(range, maxPieceSamples: Swift.max(1, maxPieceSamples), levels: levels, speech: speechFrames)
        return SpeechAnalysis(sampleCount: sampleCount, speechRange: range, pieces: pieces, segments: segments)
    }

    // MARK: - Classification

    /// Marks frames above the adaptive threshold.
    private func classify(_ levels: [Float]) -> [Bool] {
        guard !levels.isEmpty else { return [] }
        // Sliding histogram of levels in 0.5 dB bins from -120 to 0 dBFS.
        let binCount = 241
        func bin(_ level: Float) -> Int { Swift.min(binCount - 1, Swift.max(0, Int(((level - Self.floorLevel) * 2).rounded()))) }
        var histogram = [Int](repeating: 0, count: binCount)
        let radius = Swift.max(1, Int(Self.floorWindowSeconds * Double(sampleRate) / Double(frameLength)))
        let blockFrames = Swift.max(1, sampleRate / frameLength)  // re-evaluate the floor every second
        var lo = 0
        var hi = 0  // histogram holds levels[lo..<hi]
        var flags = [Bool](repeating: false, count: levels.count)
        var blockStart = 0
        while blockStart < levels.count {
            let blockEnd = Swift.min(levels.count, blockStart + blockFrames)
            let wantLo = Swift.max(0, blockStart - radius)
            let wantHi = Swift.min(levels.count, blockEnd + radius)
            while hi < wantHi {
                histogram[bin(levels[hi])] += 1
                hi += 1
            }
            while lo < wantLo {
                histogram[bin(levels[lo])] -= 1
                lo += 1
            }
            let rank = Int(Double(hi - lo - 1) * Self.floorPercentile)
            var seen = 0
            var floorBin = 0
            for b in 0..<binCount {
                seen += histogram[b]
                if seen > rank {
                    floorBin = b
                    break
                }
            }
            let floor = Self.floorLevel + Float(floorBin) / 2
            let threshold = Swift.max(floor + Self.marginAboveFloor, Self.absoluteThreshold)
            for f in blockStart..<blockEnd {
                flags[f] = levels[f] > threshold
            }
            blockStart = blockEnd
        }
        return flags
    }

    /// Runs of speech frames with short gaps bridged and short runs dropped.
    private static func segments(from flags: [Bool], maxGap: Int, minLength: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var f = 0
        while f < flags.count {
            guard flags[f] else {
                f += 1
                continue
            }
            let start = f
            while f < flags.count && flags[f] { f += 1 }
            if let last = runs.last, start - last.upperBound <= maxGap {
                runs[runs.count - 1] = last.lowerBound..<f
            } else {
                runs.append(start..<f)
            }
        }
        return runs.filter { $0.count >= minLength }
    }

    // MARK: - Splitting

    private func split(_ range: Range<Int>, maxPieceSamples: Int, levels: [Float], speech: [Bool]) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var cursor = range.lowerBound
        while range.upperBound - cursor > maxPieceSamples {
            let cap = cursor + maxPieceSamples
            let cut = cutPoint(after: cursor, cap: cap, levels: levels, speech: speech)
            pieces.append(cursor..<cut)
            cursor = cut
        }
        if cursor < range.upperBound {
            pieces.append(cursor..<range.upperBound)
        }
        return pieces
    }

    /// Picks a frame boundary in (cursor, cap]: the longest pause in the last third of the
    /// piece, else the longest pause anywhere in the piece, else the quietest frame in the last third.
    private func cutPoint(after cursor: Int, cap: Int, levels: [Float], speech: [Bool]) -> Int {
        let length = cap - cursor
        // Whole frames inside [from, to).
        func frames(_ from: Int, _ to: Int) -> Range<Int> {
            let a = (from + frameLength - 1) / frameLength
            let b = Swift.min(levels.count, to / frameLength)
            return a..<Swift.max(a, b)
        }
        let lastThird = frames(cap - length / 3, cap)
        let whole = frames(cursor + 1, cap)
        let preferred = Int((Self.preferredPause * Double(sampleRate) / Double(frameLength)).rounded())

        func longestPause(in window: Range<Int>, minimum: Int) -> Int? {
            var best: Range<Int>?
            var f = window.lowerBound
            while f < window.upperBound {
                guard !speech[f] else {
                    f += 1
                    continue
                }
                let start = f
                while f < window.upperBound && !speech[f] { f += 1 }
                if f - start >= minimum, f - start >= (best?.count ?? 0) {
                    best = start..<f
                }
            }
            guard let best else { return nil }
            return (best.lowerBound + best.count / 2) * frameLength
        }

        let candidates = [
            longestPause(in: lastThird, minimum: preferred),
            longestPause(in: whole, minimum: preferred),
            longestPause(in: lastThird, minimum: 1),
            longestPause(in: whole, minimum: 1),
        ]
        for case let cut? in candidates where cut > cursor && cut <= cap {
            return cut
        }
        if let quietest = lastThird.min(by: { levels[$0] < levels[$1] }) {
            let cut = quietest * frameLength
            if cut > cursor && cut <= cap { return cut }
        }
        return cap
    }
}
