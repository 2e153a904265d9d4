public import Foundation

/// The public JSON shape of one task (`docket parse --json`, `docket tasks --json`, the serve API): every field
/// present, `null` when empty.
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

    /// The id; the task's own fields are ``ExtractedTask``'s.
    enum Keys: String, CodingKey {
        case id
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
        try task.encode(to: encoder)
    }
}

/// A stored task as `docket tasks --json` and `docket serve`'s `GET /v1/tasks` show it: ``TaskJSON`` plus where it came
/// from and its state (a deleted task appears only where changes are listed, with its `deleted_at`).
public struct StoredTaskJSON: Encodable, Sendable {
    public var record: TaskRecord

    public init(_ record: TaskRecord) { self.record = record }

    enum Keys: String, CodingKey {
        case noteID = "note_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case completed
        case completedAt = "completed_at"
        case deletedAt = "deleted_at"
    }

    public func encode(to encoder: any Encoder) throws {
        try TaskJSON(record).encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(record.noteID, forKey: .noteID)
        try c.encode(record.createdAt, forKey: .createdAt)
        try c.encode(record.updatedAt, forKey: .updatedAt)
        try c.encode(record.completed, forKey: .completed)
        try c.encode(record.completedAt, forKey: .completedAt)
        try c.encode(record.deletedAt, forKey: .deletedAt)
    }
}

/// The JSON encoder docket's outputs use: stable key order, no escaped slashes.
public func makeJSONEncoder(pretty: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
}
