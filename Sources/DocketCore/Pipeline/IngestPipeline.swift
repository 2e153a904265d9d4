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

    /// Creates options.
    public init(referenceDate: Date? = nil, timeZone: TimeZone = .current, language: String? = nil, prompt: String? = nil, force: Bool = false, dryRun: Bool = false, noteID: String? = nil, sourceName: String? = nil) {
        self.referenceDate = referenceDate
        self.timeZone = timeZone
        self.language = language
        self.prompt = prompt
        self.force = force
        self.dryRun = dryRun
        self.noteID = noteID
        self.sourceName = sourceName
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
    }

    public var status: Status
    /// The note (as stored, unless a dry run).
    public var note: NoteRecord
    /// Its tasks (as stored, unless a dry run).
    public var tasks: [TaskRecord]
    /// Notes the extractor made about words it could not use.
    public var diagnostics: [ExtractionDiagnostic]
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

/// One recorded file's path to stored tasks: hash → decode and prepare → transcribe → extract → store.
public struct IngestPipeline: Sendable {
    let configuration: DocketConfiguration
    let transcriber: any Transcriber
    let store: DocketStore?
    let extractor: TaskExtractor
    let logger: Logger

    /// Creates a pipeline. With `store == nil` nothing is stored and no duplicate check is made.
    public init(configuration: DocketConfiguration, transcriber: any Transcriber, store: DocketStore?, extractor: TaskExtractor = TaskExtractor(), logger: Logger) {
        self.configuration = configuration
        self.transcriber = transcriber
        self.store = store
        self.extractor = extractor
        self.logger = logger
    }

    /// Turns one audio file into stored tasks.
    /// - Throws: `AudioError` (file problems), ``TranscriptionError``, ``StoreError``. A transcription failure is
    ///   recorded as a failed note, so the next ingest of the same file retries it.
    public func ingest(path: String, options: IngestOptions, progress: (@Sendable (IngestEvent) -> Void)? = nil) async throws -> IngestOutcome {
        let fileName = options.sourceName ?? URL(fileURLWithPath: path).lastPathComponent
        let reference = options.referenceDate ?? Date()
        let store = options.dryRun ? nil : self.store

        let hash = try await NIOThreadPool.singleton.runIfActive { try Self.sha256(path: path) }
        if let store, !options.force, let existing = try await store.note(contentHash: hash), existing.status != .failed {
            logger.debug("Audio already ingested", metadata: ["docket.note.id": "\(existing.id)"])
            let tasks = try await store.tasks(noteID: existing.id)
            return IngestOutcome(status: existing.status == .noSpeech ? .noSpeech : .duplicate, note: existing, tasks: tasks, diagnostics: [])
        }

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("docket-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        let clock = ContinuousClock()
        var timings = StageTimings()
        var started = clock.now
        let maxPiece = configuration.maxPieceSeconds
        let prepared = try await NIOThreadPool.singleton.runIfActive {
            try AudioPreparer.prepare(path: path, workDirectory: work, maxPieceSeconds: maxPiece) { fraction in
                progress?(.preparing(fraction))
            }
        }
        progress?(.preparing(1))
        timings.decode = clock.now - started
        var note = NoteRecord(
            id: options.noteID ?? UUID().uuidString.lowercased(), sourceFile: fileName, contentHash: hash, recordedAt: reference, durationSeconds: prepared.duration,
            language: options.language, status: .noSpeech)

        guard prepared.speech != nil, !prepared.pieces.isEmpty else {
            logger.debug("No speech in file", metadata: ["docket.file": "\(fileName)"])
            started = clock.now
            if let store { note = try await store.saveNote(note, tasks: []).0 }
            timings.store = clock.now - started
            return IngestOutcome(status: .noSpeech, note: note, tasks: [], diagnostics: [], timings: timings)
        }

        let transcript: Transcript
        started = clock.now
        do {
            transcript = try await transcribe(prepared, options: options, progress: progress)
            timings.transcribe = clock.now - started
        } catch {
            if let store, !(error is CancellationError) {
                var failed = note
                failed.status = .failed
                failed.error = String(describing: error)
                _ = try? await store.saveNote(failed, tasks: [])
            }
            throw error
        }

        progress?(.storing)
        started = clock.now
        let context = ExtractionContext(referenceDate: reference, timeZone: options.timeZone, projects: configuration.projects, labels: configuration.labels)
        let extraction = extractor.extract(from: transcript.text, context: context)
        timings.extract = clock.now - started
        note.transcript = transcript.text
        note.segments = transcript.segments
        note.language = transcript.language ?? options.language
        note.status = .done
        note.ingestedAt = Date()
        if let store {
            started = clock.now
            let (stored, tasks) = try await store.saveNote(note, tasks: extraction.tasks)
            timings.store = clock.now - started
            return IngestOutcome(status: .processed, note: stored, tasks: tasks, diagnostics: extraction.diagnostics, timings: timings)
        }
        let tasks = extraction.tasks.enumerated().map { TaskRecord(task: $1, noteID: note.id, position: $0) }
        return IngestOutcome(status: .processed, note: note, tasks: tasks, diagnostics: extraction.diagnostics, timings: timings)
    }

    /// Transcribes the pieces with bounded parallelism and joins them in order.
    private func transcribe(_ prepared: PreparedAudio, options: IngestOptions, progress: (@Sendable (IngestEvent) -> Void)?) async throws -> Transcript {
        let pieces = prepared.pieces
        let prompt = [options.prompt, configuration.vocabularyPrompt].compactMap { $0 }.joined(separator: " ")
        let language = options.language
        let transcriber = self.transcriber
        let rate = prepared.sampleRate
        let url = prepared.pcmFile
        progress?(.transcribing(done: 0, total: pieces.count))
        var results = [Transcript?](repeating: nil, count: pieces.count)
        try await withThrowingTaskGroup(of: (Int, Transcript).self) { group in
            var next = 0
            func add(_ index: Int) {
                let request = TranscriptionRequest(
                    audio: .pcmFile(url, samples: pieces[index], sampleRate: rate), language: language,
                    prompt: prompt.isEmpty ? nil : prompt)
                group.addTask { (index, try await transcriber.transcribe(request)) }
            }
            while next < min(max(1, configuration.whisperParallelism), pieces.count) {
                add(next)
                next += 1
            }
            var done = 0
            for try await (index, transcript) in group {
                results[index] = transcript
                done += 1
                progress?(.transcribing(done: done, total: pieces.count))
                if next < pieces.count {
                    add(next)
                    next += 1
                }
            }
        }
        var segments: [TranscriptSegment] = []
        var language_: String?
        for (index, piece) in pieces.enumerated() {
            guard let raw = results[index] else { continue }
            let clean = TranscriptFilter.clean(raw)
            language_ = language_ ?? clean.language
            let offset = Double(piece.lowerBound) / Double(rate)
            if clean.segments.isEmpty, !clean.text.isEmpty {
                segments.append(TranscriptSegment(start: offset, end: Double(piece.upperBound) / Double(rate), text: clean.text))
            } else {
                segments += clean.segments.map {
                    TranscriptSegment(start: $0.start + offset, end: $0.end + offset, text: $0.text.trimmingCharacters(in: .whitespaces), noSpeechProb: $0.noSpeechProb, avgLogprob: $0.avgLogprob)
                }
            }
        }
        let text = segments.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
        return Transcript(text: text, language: language_, segments: segments)
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
