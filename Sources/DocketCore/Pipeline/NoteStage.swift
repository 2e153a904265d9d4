public import Foundation

/// One stretch of a note's audio that was transcribed on its own, placed in the note.
public struct TranscribedPiece: Sendable {
    /// Where the piece starts in the note, in seconds.
    public var start: Double
    /// Where it ends, in seconds.
    public var end: Double
    /// What the recognizer heard in it (already cleaned of silence hallucinations).
    public var transcript: Transcript

    /// Creates a piece.
    public init(start: Double, end: Double, transcript: Transcript) {
        self.start = start
        self.end = end
        self.transcript = transcript
    }
}

/// A note after the stage: as stored (or as it would be, without a store), its tasks and what the extractor noted.
public struct StagedNote: Sendable {
    /// The note.
    public var note: NoteRecord
    /// Its tasks, in the order they were said.
    public var tasks: [TaskRecord]
    /// Notes the extractor made about words it could not use.
    public var diagnostics: [ExtractionDiagnostic]
    /// Time spent extracting.
    public var extract: Duration
    /// Time spent in the store transaction (`nil` without a store).
    public var store: Duration?
    /// Whether the note was kept: false for a note with no task that the caller asked not to keep.
    public var kept = true
}

/// The one path every front door's note takes once its audio is cut into pieces: transcribe each piece → merge
/// the pieces' transcripts into the note's → read the tasks against the note's reference time, zone and the
/// known projects and labels → store note, tasks and outbox entries in one transaction → wake the sync.
///
/// `docket ingest`, `docket listen` (a note stored again as it grows keeps its task ids, by note id) and
/// `docket serve` all finish notes here; they differ only in where the audio comes from.
public struct NoteStage: Sendable {
    /// The configuration: known projects and labels, the recognizer's vocabulary.
    public let configuration: DocketConfiguration
    let transcriber: any Transcriber
    let store: DocketStore?
    let extractor: TaskExtractor
    let nudge: SyncNudge?

    /// Creates a stage. With `store == nil` nothing is stored; `nudge` wakes a background sync after each store.
    public init(
        configuration: DocketConfiguration, transcriber: any Transcriber, store: DocketStore?, extractor: TaskExtractor = TaskExtractor(),
        nudge: SyncNudge? = nil
    ) {
        self.configuration = configuration
        self.transcriber = transcriber
        self.store = store
        self.extractor = extractor
        self.nudge = nudge
    }

    /// The same stage without a store (a dry run).
    public func withoutStore() -> NoteStage {
        NoteStage(configuration: configuration, transcriber: transcriber, store: nil, extractor: extractor, nudge: nil)
    }

    // MARK: - Hearing

    /// The dictation preamble, when the configuration sends it.
    var preamble: String? {
        configuration.usesPreamble ? DictationPrompt.preamble(wakePhrase: WakePhrase(phrases: configuration.wakePhrases)) : nil
    }

    /// The prompt sent with every transcription: the dictation preamble when it is sent, the caller's words, then the
    /// known project and label names.
    public func prompt(extra: String?) -> String? {
        let prompt = [preamble, extra, configuration.vocabularyPrompt].compactMap { $0 }.joined(separator: " ")
        return prompt.isEmpty ? nil : prompt
    }

    /// Transcribes one piece of audio and removes what the recognizer invents on silence, and the preamble written
    /// back.
    /// - Throws: ``TranscriptionError``.
    public func transcribe(_ audio: TranscriptionAudio, language: String?, prompt extra: String?) async throws -> Transcript {
        let request = TranscriptionRequest(audio: audio, language: language, prompt: prompt(extra: extra))
        return TranscriptFilter.clean(try await transcriber.transcribe(request), echoOf: preamble)
    }

    /// Transcribes one piece of audio as ``transcribe(_:language:prompt:)`` does; when `check` says the transcript
    /// may be the prompt's undo words written back, hears it again with the check's prompt and keeps what the
    /// check chooses (see ``CommandCheck``); then, with `wakeCheck`, a transcript that opens with the wake phrase
    /// keeps it only if the check's model hears it too (see ``WakeCheck``).
    /// - Throws: ``TranscriptionError``.
    public func transcribe(
        _ audio: TranscriptionAudio, language: String?, prompt extra: String?, check: CommandCheck?, wakeCheck: WakeCheck? = nil
    ) async throws -> Transcript {
        let heard = try await hear(audio, language: language, prompt: extra, check: check)
        guard let wakeCheck else { return heard }
        return await wakeCheck.confirm(heard, audio: audio, language: language)
    }

    private func hear(_ audio: TranscriptionAudio, language: String?, prompt extra: String?, check: CommandCheck?) async throws -> Transcript {
        let first = try await transcribe(audio, language: language, prompt: extra)
        guard let check, check.needsSecondHearing(first) else { return first }
        // The first hearing stands when the second can't be had: a passing endpoint error must not lose the note.
        guard let second = try? await transcribe(audio, language: language, prompt: check.prompt) else { return first }
        return check.choose(first: first, second: second, audioSeconds: audio.seconds) {
            !read($0, recordedAt: Date(), timeZone: .current).tasks.isEmpty
        }
    }

    /// Joins the pieces' transcripts, in order, into the note's: segment times become times in the note, and a
    /// piece the endpoint returned as bare text becomes one segment spanning the piece.
    public static func merge(_ pieces: [TranscribedPiece]) -> Transcript {
        var segments: [TranscriptSegment] = []
        var language: String?
        for piece in pieces {
            let transcript = piece.transcript
            language = language ?? transcript.language
            if transcript.segments.isEmpty {
                if !transcript.text.isEmpty {
                    segments.append(TranscriptSegment(start: piece.start, end: piece.end, text: transcript.text))
                }
            } else {
                segments += transcript.segments.map {
                    TranscriptSegment(
                        start: $0.start + piece.start, end: $0.end + piece.start, text: $0.text.trimmingCharacters(in: .whitespaces),
                        noSpeechProb: $0.noSpeechProb, avgLogprob: $0.avgLogprob)
                }
            }
        }
        let text = segments.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
        return Transcript(text: text, language: language, segments: segments)
    }

    // MARK: - Reading

    /// What spoken dates are resolved against, and the names tags are matched to; with `screensRoomTalk`, room talk
    /// gives no task (``DocketExtraction/ExtractionContext/screensRoomTalk``).
    public static func context(configuration: DocketConfiguration, recordedAt: Date, timeZone: TimeZone, screensRoomTalk: Bool = false) -> ExtractionContext {
        var context = ExtractionContext(referenceDate: recordedAt, timeZone: timeZone, projects: configuration.projects, labels: configuration.labels)
        context.screensRoomTalk = screensRoomTalk
        return context
    }

    /// The tasks in `text`, said at `recordedAt` in `timeZone`; with `screensRoomTalk`, room talk gives none.
    public func read(_ text: String, recordedAt: Date, timeZone: TimeZone, explain: Bool = false, screensRoomTalk: Bool = false) -> ExtractionResult {
        let context = Self.context(configuration: configuration, recordedAt: recordedAt, timeZone: timeZone, screensRoomTalk: screensRoomTalk)
        return extractor.extract(from: text, context: context, explain: explain)
    }

    // MARK: - Storing

    /// Reads the tasks in `transcript` and stores them with `note` in one transaction (note, tasks, outbox).
    ///
    /// The note keeps the status and identity its front door gave it; its transcript, segments and language
    /// (the detected one, else the requested one) come from `transcript`. A note stored again under the same id
    /// (a listen note that grew, a recovered note) replaces the earlier version; its tasks keep their ids.
    /// With `keepTaskless` false, a note with no task is not stored, unless an earlier version of it was. With
    /// `screensRoomTalk`, a note whose words read as room talk has no task.
    /// - Throws: ``StoreError``.
    public func finish(
        _ note: NoteRecord, transcript: Transcript, timeZone: TimeZone, keepTaskless: Bool = true, screensRoomTalk: Bool = false
    ) async throws -> StagedNote {
        let clock = ContinuousClock()
        var started = clock.now
        let extraction = read(transcript.text, recordedAt: note.recordedAt, timeZone: timeZone, screensRoomTalk: screensRoomTalk)
        let extract = clock.now - started
        var note = note
        note.transcript = transcript.text
        note.segments = transcript.segments
        note.language = transcript.language ?? note.language
        note.ingestedAt = Date()
        note.diagnostics = extraction.diagnostics
        guard let store else {
            let tasks = extraction.tasks.enumerated().map { TaskRecord(task: $1, noteID: note.id, position: $0) }
            return StagedNote(note: note, tasks: tasks, diagnostics: extraction.diagnostics, extract: extract)
        }
        if !keepTaskless, extraction.tasks.isEmpty, try await store.note(id: note.id) == nil {
            var unkept = StagedNote(note: note, tasks: [], diagnostics: extraction.diagnostics, extract: extract)
            unkept.kept = false
            return unkept
        }
        started = clock.now
        let (stored, tasks) = try await store.saveNote(note, tasks: extraction.tasks)
        let storing = clock.now - started
        nudge?.nudge()
        return StagedNote(note: stored, tasks: tasks, diagnostics: extraction.diagnostics, extract: extract, store: storing)
    }

    /// Takes back the tasks of the most recent note stored at or after `since` that still has some ("scratch
    /// that"); the deletions sync like any change.
    /// - Returns: the note and its tasks, or nil when there is nothing to take back (or no store).
    /// - Throws: ``StoreError``.
    public func undoLastNote(since: Date) async throws -> UndoneNote? {
        guard let undone = try await store?.undoLastNote(since: since) else { return nil }
        nudge?.nudge()
        return undone
    }

    /// Stores a note that has no tasks to read (no speech in it, or it failed before it was heard).
    /// - Returns: the note as stored, or as given without a store.
    /// - Throws: ``StoreError``.
    @discardableResult
    public func record(_ note: NoteRecord) async throws -> NoteRecord {
        guard let store else { return note }
        return try await store.saveNote(note, tasks: []).0
    }
}
