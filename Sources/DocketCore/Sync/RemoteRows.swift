import Foundation

/// The JSON shapes of `public.voice_notes` and `public.tasks` (deploy/supabase/migrations). Every key is always
/// present (PostgREST requires the same keys in every object of a batch); `user_id` is left to the server's
/// `default auth.uid()`, except with a service-role key, which has no user of its own.
enum RemoteRows {
    static let notesTable = "voice_notes"
    static let tasksTable = "tasks"

    struct Note: Encodable {
        var record: NoteRecord
        var userID: String?
        enum Keys: String, CodingKey {
            case id, user_id, transcript, segments, language, status, error
            case source_file, content_hash, recorded_at, ingested_at, duration_s
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(record.id, forKey: .id)
            if let userID { try c.encode(userID, forKey: .user_id) }
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

    struct Task: Encodable {
        var record: TaskRecord
        var userID: String?
        /// Columns beside the task's own fields (``ExtractedTask``'s keys are the table's column names).
        enum Keys: String, CodingKey {
            case id, user_id, position, note_id, created_at
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(record.id, forKey: .id)
            if let userID { try c.encode(userID, forKey: .user_id) }
            try c.encode(record.noteID, forKey: .note_id)
            try c.encode(record.position, forKey: .position)
            try c.encode(timestamp(record.createdAt), forKey: .created_at)
            try record.extracted.encode(to: encoder)
        }
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
