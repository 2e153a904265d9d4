import Foundation

/// The JSON shapes of `public.voice_notes` and `public.tasks` (deploy/supabase/migrations). Every key is always
/// present (PostgREST requires the same keys in every object of a batch); `user_id` is left to the server's
/// `default auth.uid()`, except with a service-role key, which has no user of its own.
enum RemoteRows {
    static let notesTable = "voice_notes"
    static let tasksTable = "tasks"

    /// The columns of a pushed row, which include its id and its owner.
    protocol RowKeys: CodingKey {
        static var id: Self { get }
        static var user_id: Self { get }
    }

    /// The container of a pushed row, holding already its `id` and, with a service-role key, its owner `userID`.
    static func row<Keys: RowKeys>(_ encoder: any Encoder, keyedBy: Keys.Type, id: String, userID: String?) throws -> KeyedEncodingContainer<Keys> {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        if let userID { try c.encode(userID, forKey: .user_id) }
        return c
    }

    struct Note: Encodable {
        var record: NoteRecord
        var userID: String?
        enum Keys: String, RowKeys {
            case id, user_id, transcript, segments, language, status, error
            case source_file, content_hash, recorded_at, ingested_at, duration_s
        }
        func encode(to encoder: any Encoder) throws {
            var c = try row(encoder, keyedBy: Keys.self, id: record.id, userID: userID)
            try c.encode(record.sourceFile, forKey: .source_file)
            try c.encode(record.contentHash, forKey: .content_hash)
            try c.encode(timestamp(record.recordedAt), forKey: .recorded_at)
            try c.encode(timestamp(record.ingestedAt), forKey: .ingested_at)
            try c.encode(record.durationSeconds, forKey: .duration_s)
            try c.encode(record.transcript, forKey: .transcript)
            try c.encode(record.segments, forKey: .segments)
            try c.encode(record.language, forKey: .language)
            try c.encode(record.status.rawValue, forKey: .status)
            try c.encode(record.error, forKey: .error)
        }
    }

    /// A task as pushed. `changed_at` (when it last changed here) and `base_updated_at` (the server's version it
    /// is based on) let the server keep a newer change made elsewhere (migration 0002).
    struct Task: Encodable {
        var record: TaskRecord
        var userID: String?
        /// Columns beside the task's own fields (``ExtractedTask``'s keys are the table's column names).
        enum Keys: String, RowKeys {
            case id, user_id, position, note_id, created_at, completed, completed_at, deleted_at, changed_at, base_updated_at
        }
        func encode(to encoder: any Encoder) throws {
            var c = try row(encoder, keyedBy: Keys.self, id: record.id, userID: userID)
            try c.encode(record.noteID, forKey: .note_id)
            try c.encode(record.position, forKey: .position)
            try c.encode(timestamp(record.createdAt), forKey: .created_at)
            try c.encode(record.completed, forKey: .completed)
            try c.encode(record.completedAt.map(timestamp), forKey: .completed_at)
            try c.encode(record.deletedAt.map(timestamp), forKey: .deleted_at)
            try c.encode(timestamp(record.updatedAt), forKey: .changed_at)
            try c.encode(record.remoteUpdatedAt, forKey: .base_updated_at)
            try record.extracted.encode(to: encoder)
        }
    }

    /// What the server returns for a pushed task (`select=id,updated_at`).
    struct Written: Decodable {
        var id: String
        var updated_at: String
    }

    /// A task as pulled: the row as another device (the phone app, another docket) left it. The task's own fields
    /// have ``ExtractedTask``'s keys, which are the table's column names.
    struct PulledTask: Decodable {
        /// The id, and the server's version of the row (`updated_at`) exactly as written.
        var id: String, updatedAt: String
        var fields: ExtractedTask
        /// `deletedAt` is set on a tombstone.
        var noteID: String?, completedAt: String?, deletedAt: String?, createdAt: String?
        var position: Int?, completed: Bool?

        enum Keys: String, CodingKey {
            case id, position, completed
            case noteID = "note_id"
            case completedAt = "completed_at"
            case deletedAt = "deleted_at"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            id = try c.decode(String.self, forKey: .id)
            updatedAt = try c.decode(String.self, forKey: .updatedAt)
            fields = try ExtractedTask(from: decoder)
            // A Postgres time (`15:00:00`) as the store writes it (`15:00`).
            if let time = fields.dueTime, time.count == 8, time.hasSuffix(":00") { fields.dueTime = String(time.prefix(5)) }
            noteID = try c.decodeIfPresent(String.self, forKey: .noteID)
            position = try c.decodeIfPresent(Int.self, forKey: .position)
            completed = try c.decodeIfPresent(Bool.self, forKey: .completed)
            completedAt = try c.decodeIfPresent(String.self, forKey: .completedAt)
            deletedAt = try c.decodeIfPresent(String.self, forKey: .deletedAt)
            createdAt = try c.decodeIfPresent(String.self, forKey: .createdAt)
        }

        /// `record` (or a new task) with this row's fields; the server's `updated_at` becomes the version.
        func applied(to record: TaskRecord?) -> TaskRecord {
            let changed = instant(updatedAt) ?? Date()
            var task = TaskRecord(task: fields, noteID: noteID, position: position ?? record?.position ?? 0, id: id, now: changed)
            task.createdAt = record?.createdAt ?? createdAt.flatMap(instant) ?? changed
            // The same instant written another way ("…-05:00" here, "…+00:00" from the server) stays as it was.
            if let local = record?.dueAt, let remote = fields.dueAt, instant(local) == instant(remote) { task.dueAt = local }
            task.completed = completed ?? false
            task.completedAt = task.completed ? (completedAt.flatMap(instant) ?? changed) : nil
            task.deletedAt = deletedAt.flatMap(instant)
            task.remoteUpdatedAt = updatedAt
            return task
        }
    }

    /// A server timestamp (`2026-11-24T15:10:04.123456+00:00`) as an instant, to the microsecond.
    static func instant(_ text: String) -> Date? {
        guard let whole = ReferenceTime.parse(text, zone: TimeZone(secondsFromGMT: 0)!) else { return nil }
        let bytes = Array(text.utf8)
        guard bytes.count > 20, bytes[19] == UInt8(ascii: ".") else { return whole }
        var fraction = 0.0
        var scale = 0.1
        for byte in bytes[20...] {
            guard byte >= 48, byte <= 57 else { break }
            fraction += Double(byte - 48) * scale
            scale /= 10
        }
        return whole.addingTimeInterval(fraction)
    }

    /// An instant as the server's timestamp text, to the microsecond, in UTC.
    static func serverTimestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let micros = Int(((date.timeIntervalSince1970 - seconds) * 1_000_000).rounded(.down))
        let whole = Date(timeIntervalSince1970: seconds).formatted(
            .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon))
        return whole.replacingOccurrences(of: "Z", with: "") + String(format: ".%06d+00:00", micros)
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(
            .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: true).timeSeparator(.colon).timeZone(separator: .omitted))
    }

    static func encode(_ values: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return Array(try encoder.encode(values))
    }
}
