import DocketAudio

/// `wake-word` activation on the capture side: holds back every note until an acoustic wake word is detected in
/// it, so nothing is spooled or transcribed before docket is addressed.
///
/// The ``ListenMachine``'s actions for a note (its tentative transcriptions, its spool file, its segments, its end)
/// pass through ``pass(_:)``. A note that has not been addressed is held in memory; a detection releases the note
/// that was being said at that moment, whole and in order, and a note that ends without one is dropped with
/// everything held for it. When the addressed note ends right after the wake word ("Hey Jarvis." … "buy milk"),
/// the next note counts too if it starts within the follow-up time.
public struct WakeWordGate: Sendable {
    private struct Note {
        var startSample: Int64
        /// End of its last final segment so far.
        var endSample: Int64 = 0
        /// Held until a detection addresses the note.
        var held: [ListenMachine.Action] = []
        var addressed = Addressed.not
    }

    private enum Addressed {
        case not
        /// By a detection at this stream sample.
        case detected(Int64)
        /// It followed the wake word said on its own.
        case followingUp
    }

    /// Notes seen and not yet ended.
    private var notes: [Int: Note] = [:]
    /// Detections not yet matched to a note: the detector usually answers before the segmenter has cut the
    /// note's first segment.
    private var pending: [Int64] = []
    /// The next note starting before this sample counts without a detection of its own.
    private var armedUntil: Int64?
    private let followUpSamples: Int64
    private let tailSamples: Int64
    /// Notes dropped because they were not addressed.
    public private(set) var ignoredNotes = 0

    /// Creates a gate.
    /// - Parameters:
    ///   - followUp: How long after a wake word said on its own the next note counts.
    ///   - tail: A note ending within this long after its detection was the wake word alone.
    public init(followUp: Duration = .seconds(8), tail: Duration = .milliseconds(800)) {
        followUpSamples = Int64(followUp / .milliseconds(1)) * 16
        tailSamples = Int64(tail / .milliseconds(1)) * 16
    }

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
        if notes[index] == nil, let until = armedUntil, start <= until {
            armedUntil = nil
            note.addressed = .followingUp
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
        switch note.addressed {
        case .not:
            ignoredNotes += 1
            return []
        case .detected(let detection) where note.endSample <= detection + tailSamples:
            armedUntil = note.endSample + followUpSamples
        case .detected, .followingUp:
            break
        }
        return [action]
    }

    /// The wake word was detected in the audio ending at stream sample `sample`.
    public mutating func detected(atSample sample: Int64) -> [ListenMachine.Action] {
        pending.append(sample)
        return match()
    }

    /// Releases each held note that a pending detection falls in: the newest note that started before it.
    private mutating func match() -> [ListenMachine.Action] {
        var released: [ListenMachine.Action] = []
        pending.removeAll { sample in
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
