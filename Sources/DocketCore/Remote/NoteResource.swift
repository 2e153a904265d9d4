public import Foundation

/// A note as the `docket serve` API shows it (`POST /v1/notes`, `GET /v1/notes/{id}`): where it is in the
/// pipeline and, once done, its transcript and tasks. The server writes it and `docket ingest --remote` reads it.
public struct NoteResource: Codable, Sendable, Equatable {
    /// Where the note is.
    public enum Status: String, Codable, Sendable {
        /// Accepted and written to the spool; waiting for a worker.
        case queued
        /// Being decoded, transcribed, read and stored.
        case transcribing
        /// Stored; `result` says how.
        case done
        /// Could not be processed; `error` says why. The audio is kept on the server.
        case failed
    }

    /// How a done note was handled.
    public enum Result: String, Codable, Sendable {
        /// Transcribed and read.
        case processed
        /// The same audio had been processed before; this is that note.
        case duplicate
        /// The audio held no speech.
        case noSpeech = "no_speech"
    }

    /// Why a note failed.
    public struct Failure: Codable, Sendable, Equatable {
        /// Short machine-readable kind (`audio`, `transcription`, …).
        public var code: String
        /// What went wrong and what to do.
        public var message: String
        /// The id the service logged the request under (error answers).
        public var requestID: String?

        /// Creates a failure.
        public init(code: String, message: String, requestID: String? = nil) {
            self.code = code
            self.message = message
            self.requestID = requestID
        }

        enum CodingKeys: String, CodingKey {
            case code, message
            case requestID = "request_id"
        }
    }

    /// The note id (also the id of the note in the database and in Supabase).
    public var id: String
    public var status: Status
    /// Set when `status` is `done`.
    public var result: Result?
    /// The uploaded file's name, when the client gave one.
    public var file: String?
    /// When the spoken dates are resolved against.
    public var recordedAt: Date?
    /// Length of the audio in seconds (known once decoded).
    public var durationSeconds: Double?
    /// What was said (done notes).
    public var transcript: String?
    /// Language the recognizer reported or was asked for.
    public var language: String?
    /// The tasks read from the note (done notes).
    public var tasks: [TaskJSON]?
    /// Why it failed (failed notes), or the last transient problem of a queued one.
    public var error: Failure?
    /// What the extractor noted about words it could not use (done notes; absent when nothing).
    public var diagnostics: [ExtractionDiagnostic]?
    /// What was wrong with the audio that did not stop it, such as a recording cut short (absent when nothing).
    public var warnings: [String]?

    /// Creates a resource.
    public init(
        id: String, status: Status, result: Result? = nil, file: String? = nil, recordedAt: Date? = nil,
        durationSeconds: Double? = nil, transcript: String? = nil, language: String? = nil, tasks: [TaskJSON]? = nil,
        error: Failure? = nil, diagnostics: [ExtractionDiagnostic]? = nil, warnings: [String]? = nil
    ) {
        self.id = id
        self.status = status
        self.result = result
        self.file = file
        self.recordedAt = recordedAt
        self.durationSeconds = durationSeconds
        self.transcript = transcript
        self.language = language
        self.tasks = tasks
        self.error = error
        self.diagnostics = diagnostics
        self.warnings = warnings
    }

    /// The resource of a stored note.
    public init(note: NoteRecord, tasks: [TaskRecord], duplicate: Bool = false) {
        let failed = note.status == .failed
        self.init(
            id: note.id, status: failed ? .failed : .done,
            result: failed ? nil : (note.status == .noSpeech ? .noSpeech : (duplicate ? .duplicate : .processed)),
            file: note.sourceFile, recordedAt: note.recordedAt, durationSeconds: note.durationSeconds,
            transcript: note.transcript, language: note.language, tasks: tasks.map(TaskJSON.init),
            error: failed ? Failure(code: note.errorCode ?? "processing_failed", message: note.error ?? "processing failed") : nil,
            diagnostics: note.diagnostics.isEmpty ? nil : note.diagnostics, warnings: note.warnings.isEmpty ? nil : note.warnings)
    }

    enum CodingKeys: String, CodingKey {
        case id, status, result, file, transcript, language, tasks, error, diagnostics, warnings
        case recordedAt = "recorded_at"
        case durationSeconds = "duration_s"
    }
}

/// The body of every error answer of the `docket serve` API: `{"error":{"code":…,"message":…,"request_id":…}}`.
public struct ErrorEnvelope: Codable, Sendable {
    /// The error.
    public var error: NoteResource.Failure

    /// Wraps an error.
    public init(code: String, message: String, requestID: String? = nil) {
        error = NoteResource.Failure(code: code, message: message, requestID: requestID)
    }
}
