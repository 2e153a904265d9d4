/// When to cut live dictation into segments (sent for transcription while the person keeps
/// talking) and when a whole note is finished.
///
/// The defaults follow the dictation policy in the audio-capture reference: Home Assistant's 0.7 s
/// end-of-command pause for segments, OpenAI's 300 ms prefix padding for the pre-roll, Silero's
/// 250 ms minimum speech, and Whisper's 30 s window as the hard cap. Notes close after a longer
/// pause, shorter for a one- or two-word note ("yes", "buy milk") than for real dictation, where
/// people pause mid-thought.
public struct SegmentationPolicy: Sendable, Equatable {
    /// Silence (seconds) after speech that closes a segment.
    public var segmentPause: Double
    /// Silence (seconds) that closes a note holding less than ``shortNoteSpeech`` of speech.
    public var shortNotePause: Double
    /// Silence (seconds) that closes a note once the person has been dictating.
    public var notePause: Double
    /// Speech (seconds, summed over the note's segments) below which a note counts as short.
    public var shortNoteSpeech: Double
    /// Audio (seconds) kept before the first speech frame of a segment, so onsets are not clipped.
    public var preRoll: Double
    /// Audio (seconds) kept after the last speech frame of a segment. At most ``segmentPause``.
    public var trailingPad: Double
    /// Speech (seconds of speech frames within ``minimumSpeechWindow``) needed before a burst counts;
    /// shorter bursts (clicks, coughs, door knocks) are discarded.
    public var minimumSpeech: Double
    /// Window (seconds) in which ``minimumSpeech`` must accumulate.
    public var minimumSpeechWindow: Double
    /// Longest segment (seconds); longer speech is split at the quietest point of the last ``splitSearch`` seconds.
    public var maximumSegment: Double
    /// How far back (seconds) from the cap to look for the quietest split point.
    public var splitSearch: Double
    /// Interval (seconds) between level-meter actions.
    public var levelInterval: Double
    /// Silence (seconds, less than ``segmentPause``) after which the segment so far is offered for transcription
    /// ahead of time (``SegmenterAction/tentative(_:)``), so its text can be back by the time the pause is long
    /// enough to end it; `nil` (the default) offers nothing ahead of time.
    public var eagerPause: Double?

    /// Creates a policy; every parameter has the dictation default.
    public init(
        segmentPause: Double = 0.7,
        shortNotePause: Double = 2.5,
        notePause: Double = 3.5,
        shortNoteSpeech: Double = 1.5,
        preRoll: Double = 0.3,
        trailingPad: Double = 0.3,
        minimumSpeech: Double = 0.25,
        minimumSpeechWindow: Double = 1.0,
        maximumSegment: Double = 30,
        splitSearch: Double = 5,
        levelInterval: Double = 0.1,
        eagerPause: Double? = nil
    ) {
        self.segmentPause = segmentPause
        self.shortNotePause = shortNotePause
        self.notePause = notePause
        self.shortNoteSpeech = shortNoteSpeech
        self.preRoll = preRoll
        self.trailingPad = trailingPad
        self.minimumSpeech = minimumSpeech
        self.minimumSpeechWindow = minimumSpeechWindow
        self.maximumSegment = maximumSegment
        self.splitSearch = splitSearch
        self.levelInterval = levelInterval
        self.eagerPause = eagerPause
    }
}

/// A piece of speech ready for transcription.
public struct SpeechSegment: Sendable, Equatable {
    /// Which note (0-based, in stream order) the segment belongs to.
    public var noteIndex: Int
    /// Position of the segment within its note (0-based).
    public var index: Int
    /// Absolute index in the stream of the segment's first sample.
    public var firstSample: Int64
    /// The audio: pre-roll, speech and trailing pad, 16 kHz mono.
    public var samples: [Int16]
    /// Whether the note ends with this segment: `true` when the stream finished right after it,
    /// `false` when it was split at the length cap while speech went on, and `nil` when a pause
    /// ended it and the note may still continue (a later `.noteClosed` or segment tells).
    public var endsNote: Bool?
    /// For a final segment: the last ``SegmenterAction/tentative(_:)`` with this note and index holds all of its
    /// speech (nothing was said since), so that tentative's transcript stands for this segment.
    public var matchesTentative: Bool

    /// Creates a segment.
    public init(noteIndex: Int, index: Int, firstSample: Int64, samples: [Int16], endsNote: Bool?, matchesTentative: Bool = false) {
        self.noteIndex = noteIndex
        self.index = index
        self.firstSample = firstSample
        self.samples = samples
        self.endsNote = endsNote
        self.matchesTentative = matchesTentative
    }

    /// Absolute index just past the segment's last sample.
    public var endSample: Int64 { firstSample + Int64(samples.count) }

    /// Length in seconds at 16 kHz.
    public var duration: Double { Double(samples.count) / Double(VoiceActivityDetector.sampleRate) }
}

/// What the segmenter asks the capture path to do, in stream order.
public enum SegmenterAction: Sendable, Equatable {
    /// A segment of speech is complete: send it for transcription (unless it ``SpeechSegment/matchesTentative``).
    case segment(SpeechSegment)
    /// Speech paused for ``SegmentationPolicy/eagerPause``: the segment so far (note and index as the coming
    /// `.segment` will have) may be transcribed ahead of time. The `.segment` that follows says whether this
    /// still holds all of its speech; if speech resumed, a later tentative or the segment replaces it.
    case tentative(SpeechSegment)
    /// Speech was confirmed that opens note `noteIndex`, its first segment starting at `firstSample`: a note is
    /// being said. Its first `.segment` comes only when that segment ends.
    case noteStarted(noteIndex: Int, firstSample: Int64)
    /// The note is complete; `lastSample` is the absolute index of the last sample of its last segment.
    case noteClosed(noteIndex: Int, lastSample: Int64)
    /// Input level over the last ``SegmentationPolicy/levelInterval``, in dBFS, for a level meter.
    case level(dBFS: Float)
}
