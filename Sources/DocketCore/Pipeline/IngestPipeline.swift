import Crypto
import DocketAudio
public import Foundation
public import Logging
import NIOPosix

/// Per-run choices for ``IngestPipeline/ingest(path:options:progress:)``.
public struct IngestOptions: Sendable {
    /// Reference time for spoken dates; `nil` means now.
    public var referenceDate: Date?
    /// Zone for spoken dates and times.
    public var timeZone: TimeZone
    /// Language hint; `nil` lets the endpoint detect it.
    public var language: String?
    /// Extra prompt text for the recognizer (known project and label names are always added).
    public var prompt: String?
    /// Process the file even if the same audio was already ingested (its tasks are replaced).
    public var force: Bool
    /// Store nothing.
    public var dryRun: Bool
    /// Id for the note; a stored note with this id is replaced (recovering a live note from its spooled audio).
    public var noteID: String?
    /// Name recorded as the note's source file; `nil`: the file's own name (an upload's spool file is not).
    public var sourceName: String?
    /// Longest audio taken, in seconds; decoding stops past it (``AudioError`` `tooLong`). `nil`: no limit.
    public var maxDuration: Double?
    /// When given, the note counts only if it starts with this phrase (stored without it); otherwise nothing is
    /// stored and the outcome is ``IngestOutcome/Status/notAddressed``.
    public var wakePhrase: WakePhrase?
    /// With the undo command's words in ``prompt`` (a listen note recovered from the spool): a piece heard as only
    /// those words is heard again without them (see ``CommandCheck``).
    public var commandCheck: CommandCheck?
    /// With ``wakePhrase``: a piece that opens with the phrase keeps it only if a second model hears it too.
    public var wakeCheck: WakeCheck?
    /// Whether the note was heard unaddressed (a note `docket listen --activation always` left in its spool): room talk
    /// gives no task (``DocketExtraction/ExtractionContext/screensRoomTalk``).
    public var screensRoomTalk = false

    /// Creates options.
    public init(
        referenceDate: Date? = nil, timeZone: TimeZone = .current, language: String? = nil, prompt: String? = nil, force: Bool = false, dryRun: Bool = false,
        noteID: String? = nil, sourceName: String? = nil, maxDuration: Double? = nil, wakePhrase: WakePhrase? = nil
    ) {
        self.referenceDate = referenceDate
        self.timeZone = timeZone
        self.language = language
        self.prompt = prompt
        self.force = force
        self.dryRun = dryRun
        self.noteID = noteID
        self.sourceName = sourceName
        self.maxDuration = maxDuration
        self.wakePhrase = wakePhrase
    }
}

/// Where an ingest is, for progress displays.
public enum IngestEvent: Sendable, Equatable {
    /// Decoding and preparing the audio; fraction done.
    case preparing(Double)
    /// Transcribing pieces.
    case transcribing(done: Int, total: Int)
    /// Extracting and storing tasks.
    case storing
}

/// What one ingest produced.
public struct IngestOutcome: Sendable {
    /// How the file was handled.
    public enum Status: String, Sendable {
        /// Transcribed and read now.
        case processed
        /// The same audio was ingested before; its stored result is returned.
        case duplicate
        /// The file holds no speech; nothing was sent for transcription.
        case noSpeech = "no_speech"
        /// The speech did not start with the wake phrase (``IngestOptions/wakePhrase``); nothing was stored.
        case notAddressed = "not_addressed"
    }

    public var status: Status
    /// The note (as stored, unless a dry run).
    public var note: NoteRecord
    /// Its tasks (as stored, unless a dry run).
    public var tasks: [TaskRecord]
    /// Notes the extractor made about words it could not use.
    public var diagnostics: [ExtractionDiagnostic]
    /// What the user should know about the audio itself (a file cut short), each a whole sentence.
    public var warnings: [String] = []
    /// How long each stage took (stages that did not run are `nil`).
    public var timings = StageTimings()

    /// Creates an outcome (a result received from a remote `docket serve`, for example).
    public init(status: Status, note: NoteRecord, tasks: [TaskRecord], diagnostics: [ExtractionDiagnostic] = [], timings: StageTimings = StageTimings()) {
        self.status = status
        self.note = note
        self.tasks = tasks
        self.diagnostics = diagnostics
        self.timings = timings
    }
}

extension IngestOutcome {
    /// The same outcome with `warnings` added.
    func adding(_ warnings: [String]) -> IngestOutcome {
        var outcome = self
        outcome.warnings += warnings
        return outcome
    }
}

/// Time spent in each stage of one note's processing.
public struct StageTimings: Sendable, Equatable {
    /// Decoding, resampling and speech detection.
    public var decode: Duration?
    /// Every transcription request of the note, end to end.
    public var transcribe: Duration?
    /// Task extraction.
    public var extract: Duration?
    /// The store transaction.
    public var store: Duration?

    /// No stage timed yet.
    public init(decode: Duration? = nil, transcribe: Duration? = nil, extract: Duration? = nil, store: Duration? = nil) {
        self.decode = decode
        self.transcribe = transcribe
        self.extract = extract
        self.store = store
    }
}

/// One recorded file's path to stored tasks: hash → decode and prepare → transcribe the pieces → the
/// ``NoteStage`` (merge, extract, store).
public struct IngestPipeline: Sendable {
    let stage: NoteStage
    let logger: Logger

    /// Creates a pipeline that finishes its notes in `stage` (a stage without a store stores nothing and makes
    /// no duplicate check).
    public init(stage: NoteStage, logger: Logger) {
        self.stage = stage
        self.logger = logger
    }

    /// Turns one audio file into stored tasks.
    /// - Throws: `AudioError` (file problems), ``TranscriptionError``, ``StoreError``. A transcription failure is
    ///   recorded as a failed note, so the next ingest of the same file retries it.
    public func ingest(path: String, options: IngestOptions, progress: (@Sendable (IngestEvent) -> Void)? = nil) async throws -> IngestOutcome {
        let fileName = options.sourceName ?? URL(fileURLWithPath: path).lastPathComponent
        let reference = options.referenceDate ?? Date()
        let stage = options.dryRun ? self.stage.withoutStore() : self.stage

        let hash = try await NIOThreadPool.singleton.runIfActive { try Self.sha256(path: path) }
        if let store = stage.store, !options.force, let existing = try await store.note(contentHash: hash), existing.status != .failed {
            logger.debug("Audio already ingested", metadata: ["docket.note.id": "\(existing.id)"])
            let tasks = try await store.tasks(noteID: existing.id)
            return IngestOutcome(
                status: existing.status == .noSpeech ? .noSpeech : .duplicate, note: existing, tasks: tasks, diagnostics: existing.diagnostics
            ).adding(existing.warnings)
        }

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("docket-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        let clock = ContinuousClock()
        var timings = StageTimings()
        var started = clock.now
        let maxPiece = stage.configuration.maxPieceSeconds
        let prepared = try await NIOThreadPool.singleton.runIfActive {
            try AudioPreparer.prepare(path: path, workDirectory: work, maxPieceSeconds: maxPiece, maxDuration: options.maxDuration) { fraction in
                progress?(.preparing(fraction))
            }
        }
        progress?(.preparing(1))
        timings.decode = clock.now - started
        let warnings = prepared.missingSeconds.map { [Self.cutShortWarning(fileName: fileName, missing: $0, present: prepared.duration)] } ?? []
        var note = NoteRecord(
            id: options.noteID ?? UUID().uuidString.lowercased(), sourceFile: fileName, contentHash: hash, recordedAt: reference,
            durationSeconds: prepared.duration,
            language: options.language, status: .noSpeech, warnings: warnings)

        guard prepared.speech != nil, !prepared.pieces.isEmpty else {
            logger.debug("No speech in file", metadata: ["docket.file": "\(fileName)"])
            started = clock.now
            note = try await stage.record(note)
            timings.store = clock.now - started
            return IngestOutcome(status: .noSpeech, note: note, tasks: [], diagnostics: [], timings: timings).adding(warnings)
        }

        var transcript: Transcript
        started = clock.now
        do {
            transcript = NoteStage.merge(try await transcribe(prepared, in: stage, options: options, progress: progress))
            timings.transcribe = clock.now - started
        } catch {
            // A stopped ingest (Ctrl-C) stores nothing: the next ingest of the file starts afresh.
            if !(error is CancellationError), !Task.isCancelled, await !Self.hasResult(note, in: stage.store) {
                var failed = note
                failed.status = .failed
                // What is stored syncs to Supabase: the message, without the cause, URL credentials or paths.
                failed.error = ShareableError.text(of: error)
                _ = try? await stage.record(failed)
            }
            throw error
        }

        if let wakePhrase = options.wakePhrase {
            guard let addressed = wakePhrase.strip(transcript), !addressed.text.isEmpty else {
                return IngestOutcome(status: .notAddressed, note: note, tasks: [], diagnostics: [], timings: timings).adding(warnings)
            }
            transcript = addressed
        }
        progress?(.storing)
        note.status = .done
        let staged = try await stage.finish(note, transcript: transcript, timeZone: options.timeZone, screensRoomTalk: options.screensRoomTalk)
        timings.extract = staged.extract
        timings.store = staged.store
        return IngestOutcome(status: .processed, note: staged.note, tasks: staged.tasks, diagnostics: staged.diagnostics, timings: timings).adding(warnings)
    }

    /// Whether the store holds a result for this note (by id or audio) that a failed redo must leave alone: a
    /// `--force` or a recovered live note that can't be heard now keeps the tasks stored before, and their edits.
    static func hasResult(_ note: NoteRecord, in store: DocketStore?) async -> Bool {
        guard let store else { return false }
        var stored = try? await store.note(id: note.id)
        if stored == nil { stored = try? await store.note(contentHash: note.contentHash) }
        return stored.map { $0.status != .failed } ?? false
    }

    /// What to say of a file whose header promises `missing` seconds more than the `present` seconds it holds.
    static func cutShortWarning(fileName: String, missing: Double, present: Double) -> String {
        let seconds = { (value: Double) in String(format: value < 10 ? "%.1f s" : "%.0f s", value) }
        return "\(fileName) was cut short: its header promises \(seconds(missing)) more audio than the file holds, so docket "
            + "transcribed the \(seconds(present)) that are there. If the recording went on, copy or export it again and ingest the whole "
            + "file; the tasks read from this part stay until you remove them (docket rm)."
    }

    /// Transcribes the pieces with bounded parallelism; returns them in order.
    private func transcribe(
        _ prepared: PreparedAudio, in stage: NoteStage, options: IngestOptions, progress: (@Sendable (IngestEvent) -> Void)?
    ) async throws -> [TranscribedPiece] {
        let pieces = prepared.pieces
        let rate = prepared.sampleRate
        let url = prepared.pcmFile
        progress?(.transcribing(done: 0, total: pieces.count))
        var results = [TranscribedPiece?](repeating: nil, count: pieces.count)
        try await withThrowingTaskGroup(of: (Int, TranscribedPiece).self) { group in
            var next = 0
            func add(_ index: Int) {
                let piece = pieces[index]
                group.addTask {
                    let transcript = try await stage.transcribe(
                        .pcmFile(url, samples: piece, sampleRate: rate), language: options.language, prompt: options.prompt, check: options.commandCheck,
                        wakeCheck: options.wakeCheck)
                    return (
                        index,
                        TranscribedPiece(start: Double(piece.lowerBound) / Double(rate), end: Double(piece.upperBound) / Double(rate), transcript: transcript)
                    )
                }
            }
            while next < min(max(1, stage.configuration.whisperParallelism), pieces.count) {
                add(next)
                next += 1
            }
            var done = 0
            for try await (index, piece) in group {
                results[index] = piece
                done += 1
                progress?(.transcribing(done: done, total: pieces.count))
                if next < pieces.count {
                    add(next)
                    next += 1
                }
            }
        }
        return results.compactMap { $0 }
    }

    /// SHA-256 of a file's bytes, hex, read in blocks.
    static func sha256(path: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AudioError(.fileNotFound, "\(path) does not exist; check the path.")
        }
        if isDirectory.boolValue {
            throw AudioError(.unreadable, "\(path) is a directory, not an audio file; pass the audio files inside it.")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AudioError(.unreadable, "Can't read \(path); check its permissions.")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let block = try handle.read(upToCount: 1 << 20), !block.isEmpty {
            hasher.update(data: block)
        }
        return hexString(hasher.finalize())
    }
}
