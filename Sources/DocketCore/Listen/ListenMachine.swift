public import DocketAudio

/// The capture side of a listen run as a value-type state machine: captured audio and device events in, what to
/// do out (start a transcription, open a note's spool file, spool a segment, close a note, stop the capture).
/// It owns the ``SegmenterMachine`` and decides which transcription of each segment counts; the thin loop in
/// ``ListenPipeline`` carries the actions out (spool I/O, requests, the note side).
///
/// Transcriptions are numbered per segment (*generations*): a tentative segment (cut at the short pause) is
/// transcribed at once; the final segment reuses the last tentative one when it holds the same speech, and is
/// transcribed again otherwise.
public struct ListenMachine: Sendable {
    /// What the loop must do.
    public enum Action: Sendable, Equatable {
        /// Audio is flowing for the first time.
        case announceListening
        /// Input level, for a meter.
        case level(dBFS: Float)
        /// Transcribe `segment`; its result is generation `generation` of that segment.
        case transcribe(SpeechSegment, generation: Int)
        /// Speech that opens note `note` was heard, its first segment starting at `startSample`; that segment is
        /// still being said. Nothing to do but for activation, which learns of the note before its first cut.
        case noteHeard(note: Int, startSample: Int64)
        /// Note `note` starts with its first segment at `startSample`: create its spool file.
        case openNote(note: Int, startSample: Int64)
        /// Append the final `segment` to its note's spool file; `generation` is the transcription that counts
        /// (0: none was started).
        case spool(SpeechSegment, generation: Int)
        /// Note `note` has ended.
        case closeNote(note: Int)
        /// Stop capturing (``ListenOptions/once`` and the first note has ended).
        case stopCapture
    }

    private struct SegmentKey: Hashable {
        var note: Int
        var index: Int
    }

    private enum State {
        /// No audio yet.
        case waiting
        /// Audio is flowing.
        case listening
        /// With `once`, the first note ended: later audio is not listened to.
        case ended
    }

    private var segmenter: SegmenterMachine
    private let once: Bool
    private var state = State.waiting
    /// Transcriptions started per segment not yet final.
    private var generations: [SegmentKey: Int] = [:]
    /// Notes with a spool file.
    private var openNotes: Set<Int> = []

    /// Creates a machine.
    /// - Parameters:
    ///   - policy: When segments and notes end.
    ///   - once: End after the first note.
    public init(policy: SegmentationPolicy, once: Bool = false) {
        self.segmenter = SegmenterMachine(policy: policy)
        self.once = once
    }

    /// Whether a note is open (speech was heard and the note has not ended).
    public var isInNote: Bool { !openNotes.isEmpty }

    /// Where speech that may yet open a note began, while the segmenter has not confirmed it
    /// (``SegmenterMachine/unconfirmedSpeechStart``).
    public var unconfirmedSpeechStart: Int64? { segmenter.unconfirmedSpeechStart }

    /// Captured audio (16 kHz mono).
    public mutating func audio(_ samples: [Int16]) -> [Action] {
        switch state {
        case .ended:
            return []
        case .waiting:
            state = .listening
            return [.announceListening] + handle(segmenter.feed(samples))
        case .listening:
            return handle(segmenter.feed(samples))
        }
    }

    /// The device stopped delivering audio: the pause ends the note in progress, which is finished now rather
    /// than after the outage.
    public mutating func deviceLost() -> [Action] {
        handle(segmenter.finish())
    }

    /// Push-to-talk started or stopped: the note in progress ends now, with the speech heard so far; what is said
    /// next starts a new note.
    public mutating func endNote() -> [Action] {
        handle(segmenter.finish())
    }

    /// The capture has ended: flush the open segment and close the open note.
    public mutating func captureEnded() -> [Action] {
        handle(segmenter.finish())
    }

    private mutating func handle(_ actions: [SegmenterAction]) -> [Action] {
        var out: [Action] = []
        for action in actions {
            if case .ended = state { break }
            switch action {
            case .level(let level):
                out.append(.level(dBFS: level))
            case .noteStarted(let note, let first):
                out.append(.noteHeard(note: note, startSample: first))
            case .tentative(let segment):
                let key = SegmentKey(note: segment.noteIndex, index: segment.index)
                let generation = (generations[key] ?? 0) + 1
                generations[key] = generation
                out.append(.transcribe(segment, generation: generation))
            case .segment(let segment):
                let note = segment.noteIndex
                if openNotes.insert(note).inserted {
                    out.append(.openNote(note: note, startSample: segment.firstSample))
                }
                let key = SegmentKey(note: note, index: segment.index)
                let started = generations.removeValue(forKey: key) ?? 0
                let reuse = segment.matchesTentative && started > 0
                let generation = reuse ? started : started + 1
                // The audio is spooled before its transcription starts: what is being heard is on disk first.
                out.append(.spool(segment, generation: generation))
                if !reuse { out.append(.transcribe(segment, generation: generation)) }
            case .noteClosed(let note, _):
                guard openNotes.remove(note) != nil else { continue }
                out.append(.closeNote(note: note))
                if once {
                    state = .ended
                    out.append(.stopCapture)
                }
            }
        }
        return out
    }
}
