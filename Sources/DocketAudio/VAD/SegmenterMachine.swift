import Foundation

/// Cuts a live 16 kHz mono stream into speech segments and notes. A pure state machine: no IO,
/// no clocks; it returns actions for the caller to carry out.
///
/// Audio is processed in 20 ms frames through a ``VoiceActivityDetector``:
/// - The first speech frame opens a *candidate* segment that starts ``SegmentationPolicy/preRoll``
///   earlier (never overlapping the previous segment).
/// - The candidate becomes real once ``SegmentationPolicy/minimumSpeech`` of raw speech frames fall
///   within ``SegmentationPolicy/minimumSpeechWindow``; a candidate that ends before that (a click,
///   a cough) is dropped and does not reset the note's pause timer.
/// - ``SegmentationPolicy/segmentPause`` after the last frame that sounded like speech closes a segment,
///   trimmed to ``SegmentationPolicy/trailingPad`` after the detector's speech end (hangover included).
/// - A segment that reaches ``SegmentationPolicy/maximumSegment`` is split at the quietest point
///   of the last ``SegmentationPolicy/splitSearch`` seconds and the rest continues as the next segment.
/// - A note closes after ``SegmentationPolicy/shortNotePause`` of silence while it holds less than
///   ``SegmentationPolicy/shortNoteSpeech`` of speech, and after ``SegmentationPolicy/notePause`` otherwise.
///
/// Decisions depend only on the audio, never on how it was chunked. Memory is bounded by the open
/// segment (at most the cap) plus the pre-roll ring.
public struct SegmenterMachine: Sendable {
    /// The policy in use.
    public let policy: SegmentationPolicy

    private static let frameLength = VoiceActivityDetector.frameLength

    private var detector: VoiceActivityDetector
    // Frame-count versions of the policy.
    private let preRollFrames: Int
    private let trailingPadFrames: Int
    private let segmentPauseFrames: Int
    private let shortNotePauseFrames: Int
    private let notePauseFrames: Int
    private let shortNoteSpeechFrames: Int
    private let minimumSpeechFrames: Int
    private let maximumSegmentFrames: Int
    private let splitSearchFrames: Int
    private let levelFrames: Int
    /// Frames of pause before a tentative segment; 0 for none.
    private let eagerFrames: Int

    /// A partial frame waiting for more samples.
    private var pending: [Int16] = []
    /// Index of the next whole frame.
    private var frameIndex: Int64 = 0
    /// Absolute sample index where frame 0 starts (moves after `finish` consumes a partial frame).
    private var frameOrigin: Int64 = 0

    /// The last `preRollFrames` frames, oldest first once unrolled.
    private var ring: [Int16]
    /// Raw speech flags of the last `minimumSpeechWindow` frames and how many are set.
    private var recentRaw: [Bool]
    private var recentRawCount = 0

    private var open: OpenSegment?
    /// First frame the next segment may include (end of the previous segment).
    private var earliestFrame: Int64 = 0

    private var noteIndex = 0
    private var noteIsOpen = false
    private var nextSegmentIndex = 0
    /// Speech frames (first to last raw speech frame, summed over segments) in the open note.
    private var noteSpeechFrames = 0
    /// Frame just after the note's last speech frame.
    private var noteSpeechEndFrame: Int64 = 0
    /// Absolute index just past the note's last emitted segment.
    private var noteEndSample: Int64 = 0

    private var meterPower: Double = 0
    private var meterCount = 0

    /// A segment being collected. Frame-aligned: `samples` starts at frame `firstFrame`.
    private struct OpenSegment: Sendable {
        var firstFrame: Int64
        var samples: [Int16]
        /// Level (dBFS) of each frame in `samples`.
        var levels: [Float]
        var confirmed: Bool
        var firstRawFrame: Int64
        var lastRawFrame: Int64
        /// Frame just after the last speech frame (hangover included).
        var speechEndFrame: Int64
        /// `lastRawFrame` when the last tentative was offered; nil when none was.
        var tentativeRawFrame: Int64? = nil
    }

    /// Creates a machine.
    /// - Parameters:
    ///   - policy: Segment and note timing.
    ///   - detector: Voice activity detector settings.
    public init(policy: SegmentationPolicy = SegmentationPolicy(), detector: VoiceActivityDetector.Configuration = .init()) {
        self.policy = policy
        self.detector = VoiceActivityDetector(configuration: detector)
        func frames(_ seconds: Double, minimum: Int = 0) -> Int {
            Swift.max(minimum, Int((seconds * Double(VoiceActivityDetector.sampleRate) / Double(Self.frameLength)).rounded()))
        }
        preRollFrames = frames(policy.preRoll)
        segmentPauseFrames = frames(policy.segmentPause, minimum: 1)
        trailingPadFrames = Swift.min(frames(policy.trailingPad), segmentPauseFrames)
        shortNotePauseFrames = frames(policy.shortNotePause, minimum: 1)
        notePauseFrames = frames(policy.notePause, minimum: 1)
        shortNoteSpeechFrames = frames(policy.shortNoteSpeech)
        minimumSpeechFrames = frames(policy.minimumSpeech, minimum: 1)
        let window = Swift.max(frames(policy.minimumSpeechWindow, minimum: 1), minimumSpeechFrames)
        maximumSegmentFrames = Swift.max(frames(policy.maximumSegment), preRollFrames + 2)
        splitSearchFrames = Swift.min(Swift.max(1, frames(policy.splitSearch)), maximumSegmentFrames - 1)
        levelFrames = frames(policy.levelInterval, minimum: 1)
        let pauseFrames = segmentPauseFrames
        if let eager = policy.eagerPause {
            eagerFrames = Swift.max(0, Swift.min(frames(eager, minimum: 1), pauseFrames - 1))
        } else {
            eagerFrames = 0
        }
        ring = [Int16](repeating: 0, count: preRollFrames * Self.frameLength)
        recentRaw = [Bool](repeating: false, count: window)
        pending.reserveCapacity(Self.frameLength)
    }

    /// Feeds audio in any chunk size and returns the actions it triggers, in stream order.
    public mutating func feed(_ samples: [Int16]) -> [SegmenterAction] {
        var actions: [SegmenterAction] = []
        let n = Self.frameLength
        samples.withUnsafeBufferPointer { input in
            var index = 0
            if !pending.isEmpty {
                let take = Swift.min(n - pending.count, input.count)
                pending.append(contentsOf: input[0..<take])
                index = take
                if pending.count == n {
                    let frame = pending
                    frame.withUnsafeBufferPointer { process(frame: $0, into: &actions) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
            while index + n <= input.count {
                process(frame: UnsafeBufferPointer(rebasing: input[index..<index + n]), into: &actions)
                index += n
            }
            if index < input.count {
                pending.append(contentsOf: input[index...])
            }
        }
        return actions
    }

    /// Ends the stream: emits the open segment (if it holds enough speech) with `endsNote: true`
    /// and closes the open note. Feeding afterwards starts a fresh note.
    public mutating func finish() -> [SegmenterAction] {
        var actions: [SegmenterAction] = []
        let partial = pending
        pending.removeAll(keepingCapacity: true)
        if let segment = open {
            open = nil
            if segment.confirmed {
                var segment = segment
                segment.samples.append(contentsOf: partial)
                let keepFrames = segment.speechEndFrame + Int64(trailingPadFrames) - segment.firstFrame
                let keep = Swift.min(segment.samples.count, Int(keepFrames) * Self.frameLength)
                emit(segment, keeping: keep, endsNote: true, into: &actions)
            }
        }
        if noteIsOpen {
            closeNote(into: &actions)
        }
        // Later audio starts after the partial frame, on a fresh frame grid.
        frameOrigin = sampleIndex(ofFrame: frameIndex) + Int64(partial.count)
        frameIndex = 0
        earliestFrame = 0
        noteSpeechEndFrame = 0
        recentRaw = [Bool](repeating: false, count: recentRaw.count)
        recentRawCount = 0
        ring = [Int16](repeating: 0, count: ring.count)
        return actions
    }

    // MARK: - Per frame

    private mutating func process(frame: UnsafeBufferPointer<Int16>, into actions: inout [SegmenterAction]) {
        let f = frameIndex
        let decision = detector.analyze(frame: frame)
        meter(decision.level, into: &actions)
        let slot = Int(f % Int64(recentRaw.count))
        if recentRaw[slot] { recentRawCount -= 1 }
        recentRaw[slot] = decision.isRawSpeech
        if decision.isRawSpeech { recentRawCount += 1 }

        if var segment = open {
            open = nil
            segment.samples.append(contentsOf: frame)
            segment.levels.append(decision.level)
            if decision.isSpeech { segment.speechEndFrame = f + 1 }
            if decision.isRawSpeech {
                segment.lastRawFrame = f
            }
            if !segment.confirmed && recentRawCount >= minimumSpeechFrames {
                confirm(&segment, into: &actions)
            }
            // The pause is timed from the last frame that itself sounded like speech: the detector's
            // hangover keeps quiet word endings inside the segment (trailing pad) but is not part of the pause.
            if eagerFrames > 0, segment.confirmed, f - segment.lastRawFrame == Int64(eagerFrames) {
                segment.tentativeRawFrame = segment.lastRawFrame
                actions.append(
                    .tentative(
                        SpeechSegment(
                            noteIndex: noteIndex, index: nextSegmentIndex, firstSample: sampleIndex(ofFrame: segment.firstFrame),
                            samples: segment.samples, endsNote: nil)))
            }
            if f - segment.lastRawFrame >= Int64(segmentPauseFrames) {
                if segment.confirmed {
                    let keep = Int(segment.speechEndFrame + Int64(trailingPadFrames) - segment.firstFrame) * Self.frameLength
                    emit(segment, keeping: Swift.min(keep, segment.samples.count), endsNote: nil, into: &actions)
                }
                checkNoteClose(atFrameEnd: f + 1, into: &actions)
            } else if segment.levels.count >= maximumSegmentFrames {
                if segment.confirmed {
                    open = split(segment, into: &actions)
                }
                // An unconfirmed candidate this long is noise: drop it.
            } else {
                open = segment
            }
        } else if decision.isSpeech {
            open = startSegment(at: f, frame: frame, decision: decision)
            if recentRawCount >= minimumSpeechFrames, var segment = open {
                confirm(&segment, into: &actions)
                open = segment
            }
        } else {
            checkNoteClose(atFrameEnd: f + 1, into: &actions)
        }
        pushToRing(frame, frameIndex: f)
        frameIndex += 1
    }

    private mutating func meter(_ level: Float, into actions: inout [SegmenterAction]) {
        meterPower += level > -140 ? pow(10, Double(level) / 10) : 0
        meterCount += 1
        if meterCount == levelFrames {
            let mean = meterPower / Double(levelFrames)
            actions.append(.level(dBFS: mean > 1e-14 ? Float(10 * log10(mean)) : -140))
            meterPower = 0
            meterCount = 0
        }
    }

    // MARK: - Segments

    private func startSegment(at f: Int64, frame: UnsafeBufferPointer<Int16>, decision: VoiceActivityDecision) -> OpenSegment {
        let first = Swift.max(f - Int64(preRollFrames), earliestFrame, 0)
        var samples: [Int16] = []
        samples.reserveCapacity(Int(f - first + 1) * Self.frameLength + 50 * Self.frameLength)
        var levels: [Float] = []
        levels.reserveCapacity(Int(f - first + 1) + 50)
        var g = first
        while g < f {
            let slot = Int(g % Int64(preRollFrames)) * Self.frameLength
            samples.append(contentsOf: ring[slot..<slot + Self.frameLength])
            levels.append(-140)  // pre-roll is never a split point candidate worth preferring
            g += 1
        }
        samples.append(contentsOf: frame)
        levels.append(decision.level)
        return OpenSegment(
            firstFrame: first,
            samples: samples,
            levels: levels,
            confirmed: false,
            firstRawFrame: f,
            lastRawFrame: f,
            speechEndFrame: f + 1
        )
    }

    private mutating func pushToRing(_ frame: UnsafeBufferPointer<Int16>, frameIndex f: Int64) {
        guard preRollFrames > 0 else { return }
        let slot = Int(f % Int64(preRollFrames)) * Self.frameLength
        ring.withUnsafeMutableBufferPointer { ring in
            for i in 0..<Self.frameLength { ring[slot + i] = frame[i] }
        }
    }

    /// Turns a candidate into a real segment, closing the previous note first if the pause before
    /// this speech was already long enough to end it.
    private mutating func confirm(_ segment: inout OpenSegment, into actions: inout [SegmenterAction]) {
        segment.confirmed = true
        if noteIsOpen && segment.firstRawFrame - noteSpeechEndFrame >= Int64(currentNotePauseFrames) {
            closeNote(into: &actions)
        }
        if !noteIsOpen {
            noteIsOpen = true
            actions.append(.noteStarted(noteIndex: noteIndex, firstSample: sampleIndex(ofFrame: segment.firstFrame)))
        }
    }

    private var currentNotePauseFrames: Int {
        noteSpeechFrames < shortNoteSpeechFrames ? shortNotePauseFrames : notePauseFrames
    }

    /// Emits the first `keep` samples of a confirmed segment and books its speech into the note.
    private mutating func emit(_ segment: OpenSegment, keeping keep: Int, endsNote: Bool?, into actions: inout [SegmenterAction]) {
        let first = sampleIndex(ofFrame: segment.firstFrame)
        let samples = keep == segment.samples.count ? segment.samples : Array(segment.samples[0..<keep])
        let matches = endsNote == nil && segment.tentativeRawFrame == segment.lastRawFrame
        actions.append(
            .segment(
                SpeechSegment(
                    noteIndex: noteIndex, index: nextSegmentIndex, firstSample: first, samples: samples, endsNote: endsNote,
                    matchesTentative: matches)))
        nextSegmentIndex += 1
        noteSpeechFrames += Int(segment.lastRawFrame - segment.firstRawFrame + 1)
        noteSpeechEndFrame = Swift.max(noteSpeechEndFrame, segment.speechEndFrame)
        noteEndSample = first + Int64(samples.count)
        earliestFrame = segment.firstFrame + Int64((keep + Self.frameLength - 1) / Self.frameLength)
    }

    /// Cuts an over-long segment at the quietest point of its last few seconds, emits the head and
    /// returns the tail as the new open segment.
    private mutating func split(_ segment: OpenSegment, into actions: inout [SegmenterAction]) -> OpenSegment {
        let count = segment.levels.count
        let lower = Swift.max(1, count - splitSearchFrames)
        var best = count - 1
        var bestScore = Float.infinity
        segment.levels.withUnsafeBufferPointer { levels in
            for f in lower..<count {
                // Quietness of the 60 ms around the boundary before frame f.
                let score = levels[f - 1] + levels[f] + (f + 1 < count ? levels[f + 1] : levels[f])
                if score <= bestScore {
                    bestScore = score
                    best = f
                }
            }
        }
        let cutFrame = segment.firstFrame + Int64(best)
        var head = segment
        head.lastRawFrame = Swift.min(segment.lastRawFrame, cutFrame - 1)
        head.speechEndFrame = Swift.min(segment.speechEndFrame, cutFrame)
        emit(head, keeping: best * Self.frameLength, endsNote: false, into: &actions)
        // The pause clock restarts at the cut: the person is still talking.
        noteSpeechEndFrame = Swift.max(noteSpeechEndFrame, cutFrame)
        return OpenSegment(
            firstFrame: cutFrame,
            samples: Array(segment.samples[(best * Self.frameLength)...]),
            levels: Array(segment.levels[best...]),
            confirmed: true,
            firstRawFrame: cutFrame,
            lastRawFrame: Swift.max(segment.lastRawFrame, cutFrame),
            speechEndFrame: Swift.max(segment.speechEndFrame, cutFrame + 1)
        )
    }

    // MARK: - Notes

    private mutating func checkNoteClose(atFrameEnd end: Int64, into actions: inout [SegmenterAction]) {
        guard noteIsOpen, open == nil else { return }
        if end - noteSpeechEndFrame >= Int64(currentNotePauseFrames) {
            closeNote(into: &actions)
        }
    }

    private mutating func closeNote(into actions: inout [SegmenterAction]) {
        actions.append(.noteClosed(noteIndex: noteIndex, lastSample: noteEndSample - 1))
        noteIndex += 1
        noteIsOpen = false
        nextSegmentIndex = 0
        noteSpeechFrames = 0
    }

    /// Where speech not yet confirmed began (its segment's first sample, pre-roll included): a note it opens is
    /// announced (``SegmenterAction/noteStarted(noteIndex:firstSample:)``) only once it is confirmed.
    public var unconfirmedSpeechStart: Int64? {
        guard let open, !open.confirmed else { return nil }
        return sampleIndex(ofFrame: open.firstFrame)
    }

    private func sampleIndex(ofFrame f: Int64) -> Int64 {
        frameOrigin + f * Int64(Self.frameLength)
    }
}
