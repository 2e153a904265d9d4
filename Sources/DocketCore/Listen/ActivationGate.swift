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
/// The gate learns of a note as soon as speech opens it (``ListenMachine/Action/noteHeard(note:startSample:)``),
/// long before its first segment is cut.
/// - A wake-word detection addresses the note that was being said at that moment: the newest note that started
///   at least ``wake`` before it (a stamp comes after the word, and the word after its note's start). The detector
///   answers from another process and stamps a detection with the newest audio it had received, so on a busy
///   machine the stamp and the answer come late, after the note has ended: a note that ends unaddressed is kept
///   in case a detection stamped up to ``lateness`` after its end comes, and a detection stamped after a note
///   ended addresses it once no newer note can have begun before the stamp: one has been heard since, or 1.5 s
///   of stream have passed with no speech from before the stamp still unconfirmed.
/// - When the addressed note was the wake word alone ("Hey Jarvis." … "buy milk": no longer than ``alone``, and
///   ending right after its detection), the next note counts too if it starts within the follow-up time.
/// - Push-to-talk addresses the notes that start while talking (or just before: people start speaking as they
///   press), and a note first heard while talking: speech begun a moment before the press that the segmenter
///   confirmed after it. The loop ends the note in progress when talking stops, and one heard before talking
///   started that began too long before (see ``mustEndNote(beforeTalkingAt:)``), so the note holds what was said
///   while talking.
public struct ActivationGate: Sendable {
    private struct Note {
        var startSample: Int64
        /// End of its last final segment so far.
        var endSample: Int64 = 0
        /// Held until the note is addressed.
        var held: [ListenMachine.Action] = []
        var addressed = Addressed.not
        /// Once it has ended: the stream sample at which it is forgotten (dropped, if never addressed).
        var forgetAt: Int64?

        var isOpen: Bool { forgetAt == nil }
        var isAddressed: Bool {
            if case .not = addressed { false } else { true }
        }
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

    /// Notes heard and not yet ended, and those that ended within ``lateness``.
    private var notes: [Int: Note] = [:]
    /// Detections not yet matched to a note.
    private var pending: [Int64] = []
    /// The stream position as last told (``expire(atSample:unheardSpeechSince:)``).
    private var position: Int64 = 0
    /// Where speech began that has not been heard as a note yet (as last told).
    private var unheardSpeech: Int64?
    /// Where speech began that the stream ended in unconfirmed (``streamEnded(lostSpeechSince:)``).
    private var lostSpeech: Int64?
    /// The next note starting before this sample counts without a detection of its own.
    private var armedUntil: Int64?
    private var talk: Talk?
    private let followUpSamples: Int64
    private let tailSamples: Int64
    private let aloneSamples: Int64
    private let wakeSamples: Int64
    private let leadSamples: Int64
    private let latenessSamples: Int64
    /// How long after speech starts the segmenter has surely heard it (``SegmentationPolicy/minimumSpeechWindow``
    /// and some).
    private let settleSamples = Self.samples(.milliseconds(1_500))
    /// Notes dropped because they were not addressed.
    public private(set) var ignoredNotes = 0

    /// Creates a gate.
    /// - Parameters:
    ///   - followUp: How long after a wake word said on its own the next note counts; how long after
    ///     `docket mark` a note may start.
    ///   - tail: A note ending within this long after its detection, and
    ///   - alone: no longer than this, was the wake word alone.
    ///   - wake: A detection is stamped at least this long after the start of the note it was said in.
    ///   - lead: A note starting this long before talking starts counts (speech began with the key press).
    ///   - lateness: How long after a note's end a detection said in it may be stamped (a lagging detector).
    public init(
        followUp: Duration = .seconds(8), tail: Duration = .milliseconds(800), alone: Duration = .milliseconds(1_600),
        wake: Duration = .milliseconds(500), lead: Duration = .milliseconds(500), lateness: Duration = .seconds(5)
    ) {
        followUpSamples = Self.samples(followUp)
        tailSamples = Self.samples(tail)
        aloneSamples = Self.samples(alone)
        wakeSamples = Self.samples(wake)
        leadSamples = Self.samples(lead)
        latenessSamples = Self.samples(lateness)
    }

    private static func samples(_ duration: Duration) -> Int64 { Int64(duration / .milliseconds(1)) * 16 }

    /// Whether push-to-talk is on.
    public var isTalking: Bool { talk != nil }

    /// The capture side's `action`, or nothing while its note is held; with what a note heard now releases.
    public mutating func pass(_ action: ListenMachine.Action) -> [ListenMachine.Action] {
        let index: Int
        let start: Int64
        switch action {
        case .transcribe(let segment, _), .spool(let segment, _): (index, start) = (segment.noteIndex, segment.firstSample)
        case .noteHeard(let note, let startSample), .openNote(let note, let startSample): (index, start) = (note, startSample)
        case .closeNote(let note): (index, start) = (note, notes[note]?.startSample ?? 0)
        case .announceListening, .level, .stopCapture: return [action]
        }
        var note = notes[index] ?? Note(startSample: start)
        if notes[index] == nil {
            if let until = armedUntil, start <= until {
                armedUntil = nil
                note.addressed = .followingUp
            } else if let from = talk?.from, talks(to: index, startingAt: max(start, from)) {
                // Heard only now, while talking: its speech is being said now, whenever its first sound came.
                note.addressed = .talking
            }
        }
        switch action {
        case .openNote: note.startSample = start
        case .spool(let segment, _): note.endSample = segment.endSample
        default: break
        }
        guard case .closeNote = action else {
            if note.isAddressed {
                notes[index] = note
                return [action]
            }
            note.held.append(action)
            notes[index] = note
            // A detection waiting for the note it was heard in may be for this one (or, now, for the one before).
            return match()
        }
        if let talk, talk.untilNoteEnds, talk.note == index { self.talk = nil }
        note.forgetAt = note.endSample + latenessSamples + settleSamples
        guard note.isAddressed else {
            note.held.append(action)
            notes[index] = note
            return []
        }
        notes[index] = note
        return [action] + followUp(after: index)
    }

    /// Takes the stream position to `sample` (its end when nil): settles the detections that waited for it, and
    /// drops the notes that ended unaddressed too long before it for a detection to come.
    /// - Parameters:
    ///   - unheardSpeechSince: Where speech began that the segmenter has not confirmed as a note yet
    ///     (``ListenMachine/unconfirmedSpeechStart``): a detection after it may be for that note.
    /// - Returns: What a settled detection releases.
    public mutating func expire(atSample sample: Int64?, unheardSpeechSince: Int64? = nil) -> [ListenMachine.Action] {
        position = sample ?? .max
        unheardSpeech = sample == nil ? nil : unheardSpeechSince
        let released = match()
        for (index, note) in notes where note.forgetAt.map({ $0 <= position }) ?? (sample == nil) {
            notes[index] = nil
            if !note.isAddressed { ignoredNotes += 1 }
        }
        return released
    }

    /// The stream has ended: detections waiting for a newer note are settled (none can begin now), and the notes
    /// are kept for a detection still on its way (see ``awaitsDetection``) until ``expire(atSample:unheardSpeechSince:)``
    /// with nil.
    /// - Parameter lostSpeechSince: Where speech began that the stream ended in before the segmenter confirmed it
    ///   (it is no note): a wake word said in it addresses nothing, not the note before.
    public mutating func streamEnded(lostSpeechSince: Int64?) -> [ListenMachine.Action] {
        position = .max
        unheardSpeech = nil
        lostSpeech = lostSpeechSince
        return match()
    }

    /// Whether a note is held that a detection still on its way could address: one not addressed, newer than the
    /// newest a detection addressed (detections come in stream order, so one still on its way is for that note
    /// or a later one).
    public var awaitsDetection: Bool {
        let newestDetected =
            notes.filter {
                if case .detected = $0.value.addressed { true } else { false }
            }.keys.max() ?? -1
        return notes.contains { $0.key > newestDetected && !$0.value.isAddressed }
    }

    /// The wake word was detected in the audio ending at stream sample `sample`.
    public mutating func detected(atSample sample: Int64) -> [ListenMachine.Action] {
        pending.append(sample)
        return match()
    }

    /// Whether the note being said began too long before talking starts at `sample` to count: the loop ends it
    /// first, so what is said from now on is a note of its own.
    public func mustEndNote(beforeTalkingAt sample: Int64) -> Bool {
        notes.values.contains { $0.isOpen && !$0.isAddressed && $0.startSample < sample - leadSamples }
    }

    /// Talking starts at stream sample `sample`; releases a note that began just before.
    public mutating func startTalking(atSample sample: Int64, untilNoteEnds: Bool) -> [ListenMachine.Action] {
        talk = Talk(from: sample, untilNoteEnds: untilNoteEnds)
        var released: [ListenMachine.Action] = []
        for index in notes.keys.sorted() where notes[index]!.isOpen && !notes[index]!.isAddressed {
            guard talks(to: index, startingAt: notes[index]!.startSample) else { continue }
            released += address(index, as: .talking)
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

    /// Matches each pending detection to the newest note that started before it, once that is sure.
    private mutating func match() -> [ListenMachine.Action] {
        var released: [ListenMachine.Action] = []
        var waiting: [Int64] = []
        for sample in pending {
            // The wake word was said before this: in a note that had begun by then.
            let said = sample - wakeSamples
            // Said in speech the stream ended in, which is no note: it addresses nothing.
            if let lostSpeech, said >= lostSpeech { continue }
            // Whether every note that began before then has been heard: notes are heard in order, and speech is
            // heard as a note within the settle time unless the segmenter is still weighing it.
            let settled =
                notes.values.contains { $0.startSample > said }
                || (position - settleSamples >= sample && !(unheardSpeech.map { $0 <= said } ?? false))
            guard let index = notes.filter({ $0.value.startSample <= said }).keys.max(), let note = notes[index] else {
                // Heard before any note kept: its note has not been heard yet, or was forgotten.
                if !settled { waiting.append(sample) }
                continue
            }
            if !note.isOpen && sample > note.endSample + tailSamples && !settled {
                // Stamped after the note ended: it was heard late in that note, or early in one not heard yet.
                waiting.append(sample)
                continue
            }
            if !note.isAddressed && (note.isOpen || sample <= note.endSample + latenessSamples) {
                released += address(index, as: .detected(sample))
            }
        }
        pending = waiting
        return released
    }

    /// Addresses the held note `index`, releasing what was held for it (its end too, if it has ended).
    private mutating func address(_ index: Int, as addressed: Addressed) -> [ListenMachine.Action] {
        guard var note = notes[index] else { return [] }
        let released = note.held
        note.held = []
        note.addressed = addressed
        notes[index] = note
        return note.isOpen ? released : released + followUp(after: index)
    }

    /// When the ended note `index` was the wake word said on its own, the next note counts: one already heard is
    /// released, or the next to start within the follow-up time will count.
    private mutating func followUp(after index: Int) -> [ListenMachine.Action] {
        guard let note = notes[index], case .detected(let detection) = note.addressed, note.endSample <= detection + tailSamples,
            note.endSample - note.startSample <= aloneSamples
        else { return [] }
        let until = note.endSample + followUpSamples
        if let next = notes.filter({ $0.key > index }).keys.min() {
            guard let following = notes[next], !following.isAddressed, following.startSample <= until else { return [] }
            return address(next, as: .followingUp)
        }
        armedUntil = until
        return []
    }
}
