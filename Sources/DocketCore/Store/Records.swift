public import Foundation
public import GRDB

/// How far a note got.
public enum NoteStatus: String, Sendable, Codable {
    /// Transcribed, tasks extracted and stored.
    case done
    /// The audio held no speech; nothing was sent for transcription.
    case noSpeech = "no_speech"
    /// Processing failed; `error` says why. Ingesting the file again retries it.
    case failed
}

/// A recorded note as stored: where it came from, what was said.
public struct NoteRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "notes"

    /// Client-generated UUID (lower case), also the remote primary key.
    public var id: String
    /// File name the audio came from (no directory).
    public var sourceFile: String
    /// SHA-256 of the audio file's bytes, hex; one note per distinct recording.
    public var contentHash: String
    /// Reference time of the note (when it was recorded).
    public var recordedAt: Date
    /// When docket processed it.
    public var ingestedAt: Date
    /// Length of the audio in seconds.
    public var durationSeconds: Double
    /// The whole transcript after hallucination filtering.
    public var transcript: String
    /// Timed segments, as JSON.
    public var segments: [TranscriptSegment]
    /// Language the endpoint reported or was asked for.
    public var language: String?
    /// How far the note got.
    public var status: NoteStatus
    /// Why it failed, when it did.
    public var error: String?
    /// What kind of failure, for clients (e.g. `audio_too_long`); nil when it did not fail or was stored before
    /// kinds were.
    public var errorCode: String?
    /// What the extractor noted about words it could not use ("Not a task: a question."), as when it was read.
    public var diagnostics: [ExtractionDiagnostic]
    /// What was wrong with the audio that did not stop it (a recording cut short).
    public var warnings: [String]

    /// Creates a record.
    public init(
        id: String = UUID().uuidString.lowercased(), sourceFile: String, contentHash: String, recordedAt: Date,
        ingestedAt: Date = Date(), durationSeconds: Double, transcript: String = "", segments: [TranscriptSegment] = [],
        language: String? = nil, status: NoteStatus, error: String? = nil, errorCode: String? = nil,
        diagnostics: [ExtractionDiagnostic] = [], warnings: [String] = []
    ) {
        self.id = id
        self.sourceFile = sourceFile
        self.contentHash = contentHash
        self.recordedAt = recordedAt
        self.ingestedAt = ingestedAt
        self.durationSeconds = durationSeconds
        self.transcript = transcript
        self.segments = segments
        self.language = language
        self.status = status
        self.error = error
        self.errorCode = errorCode
        self.diagnostics = diagnostics
        self.warnings = warnings
    }

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, transcript, segments, language, status, error, diagnostics, warnings
        case errorCode = "error_code"
        case sourceFile = "source_file"
        case contentHash = "content_hash"
        case recordedAt = "recorded_at"
        case ingestedAt = "ingested_at"
        case durationSeconds = "duration_s"
    }
}

/// A task as stored: the extracted fields plus identity and bookkeeping.
public struct TaskRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "tasks"

    /// Client-generated UUID (lower case), also the remote primary key.
    public var id: String
    /// The note this task was read from; nil for a task made elsewhere (the phone app) without one.
    public var noteID: String?
    /// Order within the note.
    public var position: Int
    public var title: String
    public var dueDate: String?
    public var dueTime: String?
    public var dueAt: String?
    public var timeZone: String
    public var priority: TaskPriority
    public var labels: [String]
    public var project: String?
    public var recurrence: String?
    public var sourceText: String
    public var createdAt: Date
    /// When the task last changed: a local edit (this machine's clock) or a change pulled from Supabase (the
    /// server's `updated_at`). The sync compares it with a remote change to decide which is newer.
    public var updatedAt: Date
    /// Whether it is done.
    public var completed: Bool
    /// When it was marked done.
    public var completedAt: Date?
    /// When it was deleted: deleted tasks stay as tombstones so that the deletion reaches Supabase.
    public var deletedAt: Date?
    /// The server's `updated_at` of the version last pulled (exactly as the server wrote it); nil until pulled.
    public var remoteUpdatedAt: String?

    /// Creates a record from an extracted task.
    public init(task: ExtractedTask, noteID: String?, position: Int, id: String = UUID().uuidString.lowercased(), now: Date = Date()) {
        self.id = id
        self.noteID = noteID
        self.position = position
        self.title = task.title
        self.dueDate = task.dueDate
        self.dueTime = task.dueTime
        self.dueAt = task.dueAt
        self.timeZone = task.timeZone
        self.priority = task.priority
        self.labels = task.labels
        self.project = task.project
        self.recurrence = task.recurrence
        self.sourceText = task.sourceText
        self.createdAt = now
        self.updatedAt = now
        self.completed = false
    }

    /// Whether it is neither done nor deleted.
    public var isOpen: Bool { !completed && deletedAt == nil }

    /// The first eight characters of the id: what `docket tasks` shows and commands accept.
    public var shortID: String { String(id.prefix(8)) }

    /// The extracted fields of this task.
    public var extracted: ExtractedTask {
        ExtractedTask(
            title: title, dueDate: dueDate, dueTime: dueTime, dueAt: dueAt, timeZone: timeZone, priority: priority,
            labels: labels, project: project, recurrence: recurrence, sourceText: sourceText)
    }

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, position, title, priority, labels, project, recurrence
        case noteID = "note_id"
        case dueDate = "due_date"
        case dueTime = "due_time"
        case dueAt = "due_at"
        case timeZone = "time_zone"
        case sourceText = "source_text"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case completed
        case completedAt = "completed_at"
        case deletedAt = "deleted_at"
        case remoteUpdatedAt = "remote_updated_at"
    }
}
