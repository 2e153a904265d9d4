import DocketAudio

/// What a push-to-talk source says: a key pressed or released, or `docket mark` from another process.
public enum TalkSignal: Sendable, Equatable {
    /// Talking starts (the key went down, or `docket mark`). With `untilNoteEnds`, the first note said from now
    /// counts and talking stops when it ends (or when nothing is said within the follow-up time); otherwise
    /// talking lasts until ``stop``.
    case start(untilNoteEnds: Bool)
    /// Talking stops: the note being said ends now (the key came up, or `docket mark --stop`).
    case stop
    /// ``start(untilNoteEnds:)`` (without) when not talking, ``stop`` when talking: a toggle key.
    case toggle
}

/// `wake-word` and `push-to-talk` activation on the capture side: holds back every note until it is addressed,
/// so nothing is spooled or transcribed before docket is addressed.
///
/// The ``ListenMachine``'s actions for a note (its tentative transcriptions, its spool file, its segments, its end)
/// pass through ``pass(_:)``. A note that has not been addressed is held in memory; once addressed, what was held
/// is released whole and in order, and a note that ends unaddressed is dropped with everything held for it.
/// - A wake-word detection addresses the note that was being said at that moment. When that note ends right after
///   the wake word ("Hey Jarvis." … "buy milk"), the next note counts too if it starts within the follow-up time.
///   The detector answers from another process, late on a busy machine: a note that ends unaddressed is kept for
///   ``lateness`` more of the stream (``expire(atSample:)``) in case its detection is still on its way.
/// - Push-to-talk addresses the notes that start while talking (or just before: people start speaking as they
///   press). The loop ends the note in progress when talking stops, and one begun before talking started (see
///   ``mustEndNote(beforeTalkingAt:)``), so the note holds exactly what was said while talking.
public struct ActivationGate: Sendable {
    private struct Note {
        var startSample: Int64
        /// End of its last final segment so far.
        var endSample: Int64 = 0
        /// Held until the note is addressed.
        var held: [ListenMachine.Action] = []
        var addressed = Addressed.not
    }

    private enum Addressed {
        case not
        /// By a detection at this stream sample.
        case detected(Int64)
        /// It followed the wake word said on its own.
        case followingUp
        /// It started while talking (push-to-talk).
        case talking
    }

    /// Push-to-talk: talking since `from`.
    private struct Talk {
        var from: Int64
        /// Talking stops when the first note it addresses ends.
        var untilNoteEnds: Bool
        /// With `untilNoteEnds`: the note it addressed.
        var note: Int?
    }

    /// Notes seen and not yet ended.
    private var notes: [Int: Note] = [:]
    /// Notes that ended unaddressed, kept until the stream passes `until` for a detection that comes late.
    private var ended: [Int: (note: Note, until: Int64)] = [:]
    private let latenessSamples: Int64
    /// Detections not yet matched to a note: the detector usually answers before the segmenter has cut the
    /// note's first segment.
    private var pending: [Int64] = []
    /// The next note starting before this sample counts without a detection of its own.
    private var armedUntil: Int64?
    private var talk: Talk?
    private let followUpSamples: Int64
    private let tailSamples: Int64
    private let leadSamples: Int64
    /// Notes dropped because they were not addressed.
    public private(set) var ignoredNotes = 0

    /// Creates a gate.
    /// - Parameters:
    ///   - followUp: How long after a wake word said on its own the next note counts; how long after
    ///     `docket mark` a note may start.
    ///   - tail: A note ending within this long after its detection was the wake word alone.
    ///   - lead: A note starting this long before talking starts counts (speech began with the key press).
    ///   - lateness: How long after a note ends a detection in its audio may still come.
    public init(
        followUp: Duration = .seconds(8), tail: Duration = .milliseconds(800), lead: Duration = .milliseconds(500), lateness: Duration = .seconds(10)
    ) {
        followUpSamples = Self.samples(followUp)
        tailSamples = Self.samples(tail)
        leadSamples = Self.samples(lead)
        latenessSamples = Self.samples(lateness)
    }

    private static func samples(_ duration: Duration) -> Int64 { Int64(duration / .milliseconds(1)) * 16 }

    /// Whether push-to-talk is on.
    public var isTalking: Bool { talk != nil }

    /// The capture side's `action`, or nothing while its note is held.
    public mutating func pass(_ action: ListenMachine.Action) -> [ListenMachine.Action] {
        let index: Int
        let start: Int64
        switch action {
        case .transcribe(let segment, _), .spool(let segment, _): (index, start) = (segment.noteIndex, segment.firstSample)
        case .openNote(let note, let startSample): (index, start) = (note, startSample)
        case .closeNote(let note): (index, start) = (note, notes[note]?.startSample ?? 0)
        case .announceListening, .level, .stopCapture: return [action]
        }
        var note = notes[index] ?? Note(startSample: start)
        if notes[index] == nil {
            if let until = armedUntil, start <= until {
                armedUntil = nil
                note.addressed = .followingUp
            } else if talks(to: index, startingAt: start) {
                note.addressed = .talking
            }
        }
        if case .openNote = action { note.startSample = start }
        if case .spool(let segment, _) = action { note.endSample = segment.endSample }
        guard case .closeNote = action else {
            if case .not = note.addressed {
                note.held.append(action)
                notes[index] = note
                return match()
            }
            notes[index] = note
            return [action]
        }
        notes[index] = nil
        if let talk, talk.untilNoteEnds, talk.note == index { self.talk = nil }
        switch note.addressed {
        case .not:
            note.held.append(action)
            ended[index] = (note, note.endSample + latenessSamples)
            return []
        case .detected(let detection) where note.endSample <= detection + tailSamples:
            armedUntil = note.endSample + followUpSamples
        case .detected, .followingUp, .talking:
            break
        }
        return [action]
    }

    /// Drops the notes that ended unaddressed longer than ``lateness`` before stream sample `sample` (all of them
    /// when nil: the stream has ended).
    public mutating func expire(atSample sample: Int64?) {
        for (index, entry) in ended where sample.map({ entry.until <= $0 }) ?? true {
            ended[index] = nil
            ignoredNotes += 1
        }
    }

    /// The wake word was detected in the audio ending at stream sample `sample`.
    public mutating func detected(atSample sample: Int64) -> [ListenMachine.Action] {
        pending.append(sample)
        return match()
    }

    /// Whether the note being said began too long before talking starts at `sample` to count: the loop ends it
    /// first, so what is said from now on is a note of its own.
    public func mustEndNote(beforeTalkingAt sample: Int64) -> Bool {
        notes.values.contains { note in
            guard case .not = note.addressed else { return false }
            return note.startSample < sample - leadSamples
        }
    }

    /// Talking starts at stream sample `sample`; releases a note that began just before.
    public mutating func startTalking(atSample sample: Int64, untilNoteEnds: Bool) -> [ListenMachine.Action] {
        talk = Talk(from: sample, untilNoteEnds: untilNoteEnds)
        var released: [ListenMachine.Action] = []
        for index in notes.keys.sorted() where talks(to: index, startingAt: notes[index]!.startSample) {
            guard case .not = notes[index]!.addressed else { continue }
            released += notes[index]!.held
            notes[index]!.held = []
            notes[index]!.addressed = .talking
        }
        return released
    }

    /// Talking stops (the loop has ended the note in progress first).
    public mutating func stopTalking() {
        talk = nil
    }

    /// Whether the note `index`, starting at `start`, is said while talking; books it when talking lasts one note.
    private mutating func talks(to index: Int, startingAt start: Int64) -> Bool {
        guard var talk, start >= talk.from - leadSamples else { return false }
        if talk.untilNoteEnds {
            guard talk.note == nil else { return talk.note == index }
            guard start <= talk.from + followUpSamples else {
                // Nothing was said after `docket mark`: it has lapsed.
                self.talk = nil
                return false
            }
            talk.note = index
            self.talk = talk
        }
        return true
    }

    /// Releases each held note that a pending detection falls in: the newest note that started before it, or one
    /// that has ended but whose audio the detection falls in (released whole, its end included).
    private mutating func match() -> [ListenMachine.Action] {
        var released: [ListenMachine.Action] = []
        pending.removeAll { sample in
            if let index = ended.filter({ $0.value.note.startSample <= sample }).keys.max(), var note = ended[index]?.note,
                sample <= note.endSample + tailSamples, notes.filter({ $0.value.startSample <= sample }).keys.allSatisfy({ $0 < index })
            {
                ended[index] = nil
                released += note.held
                note.held = []
                note.addressed = .detected(sample)
                notes[index] = note
                return true
            }
            guard let index = notes.filter({ $0.value.startSample <= sample }).keys.max() else {
                // Said before any note still open started: its note was already dropped or has not been cut yet.
                return notes.values.contains { $0.startSample > sample }
            }
            guard let note = notes[index], case .not = note.addressed else { return true }
            released += note.held
            notes[index]?.held = []
            notes[index]?.addressed = .detected(sample)
            return true
        }
        return released
    }
}
