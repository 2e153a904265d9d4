public import Foundation

/// How urgent a task is, as said in the note ("urgent", "no rush", "p2", …).
public enum TaskPriority: String, Sendable, Codable, CaseIterable {
    /// No priority words were said.
    case none
    /// "low priority", "no rush", "whenever", "someday", "p3", …
    case low
    /// "medium priority", "normal priority", "p2".
    case medium
    /// "urgent", "asap", "important", "high priority", "p1", …
    case high
}

/// Reference time, zone and known names for resolving a note.
public struct ExtractionContext: Sendable {
    /// When the note was recorded; every relative date and time is resolved against it.
    public var referenceDate: Date
    /// The user's zone; dates are calendar days and times are wall-clock times in it.
    public var timeZone: TimeZone
    /// Known project names, matched as words in the note.
    public var projects: [String] { didSet { known = KnownNames(projects: projects, labels: labels) } }
    /// Known label names, matched as words in the note.
    public var labels: [String] { didSet { known = KnownNames(projects: projects, labels: labels) } }
    /// The names prepared for matching, made once for every note read in this context.
    private(set) var known: KnownNames
    /// Whether the note was heard without being addressed to docket (`docket listen --activation always`): then a
    /// note whose words read as room talk (``RoomTalk``) gives no task, even when the rules read one in it.
    public var screensRoomTalk = false

    /// Creates a context.
    /// - Parameters:
    ///   - referenceDate: When the note was recorded.
    ///   - timeZone: The user's time zone.
    ///   - projects: Known project names (configuration).
    ///   - labels: Known label names (configuration).
    public init(referenceDate: Date, timeZone: TimeZone, projects: [String] = [], labels: [String] = []) {
        self.referenceDate = referenceDate
        self.timeZone = timeZone
        self.projects = projects
        self.labels = labels
        known = KnownNames(projects: projects, labels: labels)
    }
}

/// One task read from a note (no id: ids are assigned by the store).
public struct ExtractedTask: Sendable, Equatable, Codable {
    /// What to do, with lead-ins, fillers and date/time/priority words removed.
    public var title: String
    /// Due day as "yyyy-MM-dd" in the context zone, or nil when no date was said.
    public var dueDate: String?
    /// Due wall-clock time as "HH:mm", or nil for an all-day task.
    public var dueTime: String?
    /// The due instant as ISO-8601 with the zone's offset at that instant; nil when there is no time.
    public var dueAt: String?
    /// The zone identifier (or "+05:30"-style for fixed offsets).
    public var timeZone: String
    /// Priority said in the note.
    public var priority: TaskPriority
    /// Labels said in the note or matched from the known labels.
    public var labels: [String]
    /// Project said in the note or matched from the known projects.
    public var project: String?
    /// RFC 5545 RRULE body, e.g. "FREQ=WEEKLY;BYDAY=MO".
    public var recurrence: String?
    /// The words of the transcript this task came from.
    public var sourceText: String

    /// Creates a task.
    public init(
        title: String,
        dueDate: String? = nil,
        dueTime: String? = nil,
        dueAt: String? = nil,
        timeZone: String,
        priority: TaskPriority = .none,
        labels: [String] = [],
        project: String? = nil,
        recurrence: String? = nil,
        sourceText: String
    ) {
        self.title = title
        self.dueDate = dueDate
        self.dueTime = dueTime
        self.dueAt = dueAt
        self.timeZone = timeZone
        self.priority = priority
        self.labels = labels
        self.project = project
        self.recurrence = recurrence
        self.sourceText = sourceText
    }

    /// JSON keys, in snake case as the output format shows.
    enum CodingKeys: String, CodingKey {
        case title
        case dueDate = "due_date"
        case dueTime = "due_time"
        case dueAt = "due_at"
        case timeZone = "time_zone"
        case priority
        case labels
        case project
        case recurrence
        case sourceText = "source_text"
    }

    // Written out so that nil fields are encoded as JSON null, as the output format shows.
    /// Encodes the task with every key present (nil as null).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(dueDate, forKey: .dueDate)
        try container.encode(dueTime, forKey: .dueTime)
        try container.encode(dueAt, forKey: .dueAt)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(priority, forKey: .priority)
        try container.encode(labels, forKey: .labels)
        try container.encode(project, forKey: .project)
        try container.encode(recurrence, forKey: .recurrence)
        try container.encode(sourceText, forKey: .sourceText)
    }
}

/// A recoverable problem met while reading a note (e.g. a correction with nothing to correct).
public struct ExtractionDiagnostic: Sendable, Equatable, Codable {
    /// What happened, in words.
    public var message: String
    /// The words of the transcript it is about.
    public var excerpt: String

    /// Creates a diagnostic.
    public init(message: String, excerpt: String) {
        self.message = message
        self.excerpt = excerpt
    }
}

/// How some words of a note were read, for `docket parse --explain`.
public struct ExtractionReading: Sendable, Equatable, Codable {
    /// What the words were read as.
    public enum Kind: String, Sendable, Codable {
        /// A day ("on Friday", "the 25th").
        case date
        /// A time of day ("at 3 p.m.", "tonight").
        case time
        /// A day and a time said together ("tomorrow at 5", "on Friday at 3 p.m.").
        case dateTime
        /// An offset from the reference time ("in 2 hours").
        case duration
        /// A priority ("it's urgent").
        case priority
        /// A repetition ("every Monday").
        case recurrence
        /// A label ("label it errands", "#home", a known label).
        case label
        /// A project ("in the launch project", a known project).
        case project
        /// Words stripped from the start of a title ("remind me to", "I need to").
        case leadIn
        /// Fillers and discourse words ("um", "you know", "okay so").
        case filler
        /// A segment that is no task ("thanks for watching").
        case chatter
        /// Words that ask for nothing ("did the mail come", "it's windy out"); `value` says why.
        case notATask
        /// A self-correction marker ("no wait", "scratch that", "actually make it").
        case correction
        /// Words left dangling by a consumed date or time ("by", "on", "at").
        case connective
        /// Words that split the note into tasks ("and then", "also", "first").
        case split
    }

    /// The words as said, e.g. "on Friday at 3 p.m.".
    public var text: String
    /// What they were read as.
    public var kind: Kind
    /// What they resolved to: "2026-11-20", "15:00", "2026-11-20T15:00", "high", "FREQ=WEEKLY;BYDAY=MO", a
    /// label or project name, or "replace"/"retract"/"amend" for corrections; nil for words that only go.
    public var value: String?
    /// Index into `ExtractionResult.tasks` of the task the words belong to; nil when they belong to none.
    public var task: Int?

    /// Creates a reading.
    public init(text: String, kind: Kind, value: String? = nil, task: Int? = nil) {
        self.text = text
        self.kind = kind
        self.value = value
        self.task = task
    }
}

/// The tasks read from one note, plus any diagnostics.
public struct ExtractionResult: Sendable, Equatable {
    /// Tasks in the order they were said.
    public var tasks: [ExtractedTask]
    /// Recoverable problems; never fatal.
    public var diagnostics: [ExtractionDiagnostic]
    /// How the words were read, in transcript order; filled only when the extraction was asked to explain.
    public var readings: [ExtractionReading]

    /// Creates a result.
    public init(tasks: [ExtractedTask], diagnostics: [ExtractionDiagnostic] = [], readings: [ExtractionReading] = []) {
        self.tasks = tasks
        self.diagnostics = diagnostics
        self.readings = readings
    }
}
