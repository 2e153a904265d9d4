public import Foundation

/// The public JSON shape of one task (task-language.md "Output"): every field present, `null` when empty.
public struct TaskJSON: Codable, Sendable, Equatable {
    public var id: String
    public var task: ExtractedTask

    /// Wraps a task with its id.
    public init(id: String, task: ExtractedTask) {
        self.id = id
        self.task = task
    }

    /// Wraps a stored task.
    public init(_ record: TaskRecord) {
        self.init(id: record.id, task: record.extracted)
    }

    enum Keys: String, CodingKey {
        case id, title, priority, labels, project, recurrence
        case dueDate = "due_date"
        case dueTime = "due_time"
        case dueAt = "due_at"
        case timeZone = "time_zone"
        case sourceText = "source_text"
    }

    /// Reads the shape ``encode(to:)`` writes (a task received from `docket serve`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        id = try c.decode(String.self, forKey: .id)
        task = try ExtractedTask(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encode(task.title, forKey: .title)
        try c.encode(task.dueDate, forKey: .dueDate)
        try c.encode(task.dueTime, forKey: .dueTime)
        try c.encode(task.dueAt, forKey: .dueAt)
        try c.encode(task.timeZone, forKey: .timeZone)
        try c.encode(task.priority.rawValue, forKey: .priority)
        try c.encode(task.labels, forKey: .labels)
        try c.encode(task.project, forKey: .project)
        try c.encode(task.recurrence, forKey: .recurrence)
        try c.encode(task.sourceText, forKey: .sourceText)
    }
}

/// The JSON encoder docket's outputs use: stable key order, no escaped slashes.
public func makeJSONEncoder(pretty: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
}
