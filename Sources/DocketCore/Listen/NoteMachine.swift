public import Foundation

/// The note side of a listen run as a value-type state machine: what the capture side did (a note opened, a
/// segment spooled, a transcription back, the note closed) and what the store answered, in; what to show, store
/// and finish, out. Transcriptions come back in any order; a note is stored as soon as every segment so far is
/// transcribed, stored again as it grows, and finished once it has ended. The thin loop in ``ListenPipeline``
/// carries the actions out, one at a time, so a note's stores happen in order and never race.
public struct NoteMachine: Sendable {
    /// What the loop must do.
    public enum Action: Sendable {
        /// Show a segment's text as it comes back.
        case showSegment(note: Int, index: Int, text: String)
        /// Store the note as it stands (``StoreRequest``); report the outcome with ``stored(note:_:)`` or
        /// ``storeFailed(note:error:)``.
        case store(StoreRequest)
        /// The note (as last stored) grew: tell the user.
        case announceStored(ListenedNote)
        /// The note has ended and is stored in full: keep or delete its spooled audio, and tell the user.
        case finish(ListenedNote, audio: URL)
        /// The note ended with nothing recognisable in it: delete its spooled audio.
        case discard(note: Int, audio: URL)
        /// The note was only the undo command ("scratch that"): take back the last note's tasks, delete this
        /// note's spooled audio, and tell the user.
        case undo(note: Int, audio: URL)
        /// The note can't be transcribed: store what was recognised (``StoreRequest`` with status `failed`, its
        /// outcome not reported back), keep the audio for the next run, and tell the user.
        case fail(note: Int, error: any Error, audio: URL, partial: StoreRequest)
    }

    /// A note to store: its identity, and its segments' transcripts with where they lie.
    public struct StoreRequest: Sendable {
        /// The note's position in the run.
        public var note: Int
        /// Its id (stable across stores, so its tasks keep their ids).
        public var id: String
        /// Stream index of its first sample.
        public var startSample: Int64
        /// Stream index just past the last sample the stored text covers.
        public var endSample: Int64
        /// The spooled audio's hash so far.
        public var contentHash: String
        /// The segments covered, in order: their samples and what was heard (nil: nothing, or it failed).
        public var segments: [(firstSample: Int64, endSample: Int64, transcript: Transcript?)]
        /// `done`, or `failed` with ``error``.
        public var status: NoteStatus
        /// Why the note failed.
        public var error: String?
    }

    private struct Segment {
        var firstSample: Int64
        var endSample: Int64
        var hash: String
        /// Which transcription of the segment counts.
        var generation: Int
    }

    private struct Note {
        var id: String
        var startSample: Int64
        var path: URL
        var segments: [Segment] = []
        /// Transcriptions by segment index and generation (tentative ones that did not stand included).
        var transcripts: [Int: [Int: Result<Transcript, any Error>]] = [:]
        /// Segments whose text was shown.
        var shown = 0
        var closed = false
        /// Segments covered by the last store (0: nothing stored yet).
        var storedCount = 0
        /// Segments covered by the store in progress.
        var storing: Int?
        var last: ListenedNote?
        /// With a wake phrase: whether the note was addressed to docket (nil: not heard yet).
        var addressed: Bool?

        /// The transcription that counts for segment `i`, once it is back.
        func result(_ i: Int) -> Result<Transcript, any Error>? {
            transcripts[i]?[segments[i].generation]
        }
    }

    private var notes: [Int: Note] = [:]
    /// Transcriptions that came back before their note was opened (a tentative segment is transcribed at the short
    /// pause, before the segment is final and the note's spool file exists; a fast recognizer answers first).
    private var early: [Int: [Int: [Int: Result<Transcript, any Error>]]] = [:]
    /// The newest note opened so far (notes are numbered in order).
    private var newestOpened = -1
    /// What the run has done so far.
    public private(set) var summary = ListenSummary()
    /// The phrase that addresses docket, stripped from the start of a note before it is stored.
    private let wakePhrase: WakePhrase?
    /// Whether only notes that start with the phrase count.
    private let requiresWakePhrase: Bool
    /// How long after a wake phrase said on its own the next note counts without one, in samples.
    private let followUpSamples: Int64
    /// A wake phrase was said on its own: the next note starting before this sample counts without one.
    private var armedUntil: Int64?
    /// Whether a note that is only "scratch that" is the undo command rather than a note.
    private let hearsUndo: Bool

    /// Creates a machine with no notes.
    /// - Parameters:
    ///   - wakePhrase: A phrase at the start of a note is stored without it.
    ///   - requiresWakePhrase: A note counts only if it starts with `wakePhrase`, or follows the phrase said on
    ///     its own within `followUp`; other notes are discarded unseen.
    ///   - followUp: How long after a wake phrase said on its own the next note counts.
    ///   - hearsUndo: A note that is only the undo command ends with ``Action/undo(note:audio:)``, unstored.
    public init(wakePhrase: WakePhrase? = nil, requiresWakePhrase: Bool = true, followUp: Duration = .seconds(8), hearsUndo: Bool = false) {
        self.hearsUndo = hearsUndo
        self.wakePhrase = wakePhrase
        self.requiresWakePhrase = requiresWakePhrase && wakePhrase != nil
        self.followUpSamples = Int64(followUp / .milliseconds(1)) * 16
    }

    /// Notes opened and not yet finished, discarded or failed.
    public var openNotes: Int { notes.count }

    /// Note `note` starts at `startSample`; its audio is spooled at `path`.
    public mutating func opened(note: Int, id: String, startSample: Int64, path: URL) -> [Action] {
        var opened = Note(id: id, startSample: startSample, path: path)
        opened.transcripts = early.removeValue(forKey: note) ?? [:]
        notes[note] = opened
        newestOpened = max(newestOpened, note)
        return []
    }

    /// A final segment of note `note` was spooled; transcription `generation` of it is the one that counts.
    public mutating func segment(note: Int, firstSample: Int64, endSample: Int64, hash: String, generation: Int) -> [Action] {
        notes[note]?.segments.append(Segment(firstSample: firstSample, endSample: endSample, hash: hash, generation: generation))
        return advance(note)
    }

    /// Transcription `generation` of segment `index` of note `note` came back.
    public mutating func transcribed(note: Int, index: Int, generation: Int, result: Result<Transcript, any Error>) -> [Action] {
        guard notes[note] != nil else {
            // Kept for a note still to be opened; a late answer for a note already ended is dropped.
            if note > newestOpened { early[note, default: [:]][index, default: [:]][generation] = result }
            return []
        }
        notes[note]?.transcripts[index, default: [:]][generation] = result
        return advance(note)
    }

    /// Note `note` has ended: no more segments.
    public mutating func closed(note: Int) -> [Action] {
        notes[note]?.closed = true
        return advance(note)
    }

    /// The store asked for by ``Action/store(_:)`` succeeded.
    public mutating func stored(note n: Int, _ listened: ListenedNote) -> [Action] {
        guard var note = notes[n], let count = note.storing else { return [] }
        note.storing = nil
        note.storedCount = count
        note.last = listened
        notes[n] = note
        return [.announceStored(listened)] + advance(n)
    }

    /// The store asked for by ``Action/store(_:)`` failed.
    public mutating func storeFailed(note n: Int, error: any Error) -> [Action] {
        guard var note = notes[n], note.storing != nil else { return [] }
        note.storing = nil
        notes[n] = note
        return fail(n, error: error, covered: note.storedCount)
    }

    private mutating func advance(_ n: Int) -> [Action] {
        guard var note = notes[n], note.storing == nil else { return [] }
        var actions: [Action] = []
        var ready = 0
        var failure: (any Error)?
        while ready < note.segments.count, let result = note.result(ready) {
            if case .failure(let error) = result {
                failure = error
                break
            }
            ready += 1
        }
        // Not addressed (or no words back yet, and none failed): nothing is shown or stored, and its audio goes
        // once it ends. A failure before the first words keeps the audio for the next run, which listens again.
        if requiresWakePhrase, let wakePhrase, !hear(wakePhrase, in: &note, ready: ready), note.addressed == false || failure == nil {
            let done = note.closed && (note.addressed == false || ready == note.segments.count)
            notes[n] = done ? nil : note
            if done, note.addressed == false { summary.ignoredNotes += 1 }
            return done ? [.discard(note: n, audio: note.path)] : []
        }
        if let failure {
            // Wait for the other segments, so what was recognised is stored with the failed note.
            guard note.closed, note.segments.indices.allSatisfy({ note.result($0) != nil }) else { return [] }
            return fail(n, error: failure, covered: ready)
        }
        while note.shown < ready {
            if let text = try? note.result(note.shown)?.get().text {
                actions.append(.showSegment(note: n, index: note.shown, text: text))
            }
            note.shown += 1
        }
        guard ready == note.segments.count else {
            notes[n] = note
            return actions
        }
        let text = Self.text(of: note, count: ready, wakePhrase: wakePhrase)
        // "Scratch that" on its own is not stored; it waits for the note's end, in case more words follow.
        if hearsUndo, note.storedCount == 0, SpokenCommand(text) == .undo {
            notes[n] = note.closed ? nil : note
            guard note.closed else { return actions }
            summary.undoCommands += 1
            return actions + [.undo(note: n, audio: note.path)]
        }
        if ready > note.storedCount, !text.isEmpty {
            note.storing = ready
            notes[n] = note
            return actions + [.store(request(note, index: n, count: ready, status: .done, error: nil))]
        }
        guard note.closed else {
            notes[n] = note
            return actions
        }
        guard let last = note.last else {
            notes[n] = nil
            return actions + [.discard(note: n, audio: note.path)]
        }
        if last.kept {
            summary.notes += 1
            summary.tasks += last.tasks.count
        } else {
            summary.tasklessNotes += 1
        }
        notes[n] = nil
        return actions + [.finish(last, audio: note.path)]
    }

    /// Ends a note that can't be finished; its audio stays in the spool for the next run.
    private mutating func fail(_ n: Int, error: any Error, covered: Int) -> [Action] {
        guard let note = notes.removeValue(forKey: n) else { return [] }
        summary.failedNotes += 1
        let reason = "\(error) The audio is kept at \(note.path.path) and is transcribed again when docket listen next starts."
        return [.fail(note: n, error: error, audio: note.path, partial: request(note, index: n, count: covered, status: .failed, error: reason))]
    }

    /// Decides whether `note` was addressed, from its first segment with words among the `ready` ones.
    /// - Returns: whether it was (false also while no words are back yet).
    private mutating func hear(_ wakePhrase: WakePhrase, in note: inout Note, ready: Int) -> Bool {
        if let addressed = note.addressed { return addressed }
        for index in 0..<ready {
            guard let transcript = try? note.result(index)?.get(), !transcript.text.allSatisfy(\.isWhitespace) else { continue }
            if let rest = wakePhrase.remainder(of: transcript.text) {
                note.addressed = true
                let segment = note.segments[index]
                armedUntil = rest.allSatisfy { !$0.isLetter && !$0.isNumber } ? segment.endSample + followUpSamples : nil
            } else if let until = armedUntil, note.startSample <= until {
                note.addressed = true
                armedUntil = nil
            } else {
                note.addressed = false
            }
            return note.addressed == true
        }
        return false
    }

    private static func text(of note: Note, count: Int, wakePhrase: WakePhrase? = nil) -> String {
        (0..<count).compactMap { transcript(of: note, $0, wakePhrase: wakePhrase)?.text }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Segment `index`'s transcript as stored: without a wake phrase at its start ("Docket, buy milk. Docket,
    /// call mom." is two tasks, not four).
    private static func transcript(of note: Note, _ index: Int, wakePhrase: WakePhrase?) -> Transcript? {
        guard let transcript = try? note.result(index)?.get() else { return nil }
        guard let wakePhrase else { return transcript }
        return wakePhrase.strip(transcript) ?? transcript
    }

    private func request(_ note: Note, index n: Int, count: Int, status: NoteStatus, error: String?) -> StoreRequest {
        let covered = count > 0 ? note.segments[count - 1] : nil
        return StoreRequest(
            note: n, id: note.id, startSample: note.startSample, endSample: covered?.endSample ?? note.startSample,
            contentHash: covered?.hash ?? note.segments.last?.hash ?? note.id,
            segments: (0..<count).map { i in
                (note.segments[i].firstSample, note.segments[i].endSample, Self.transcript(of: note, i, wakePhrase: wakePhrase))
            },
            status: status, error: error)
    }
}
