public import Foundation
import GRDB

/// Changes waiting to reach Supabase. Every write that changes a note or task enqueues in the same
/// transaction; the sync removes entries only after the server accepted them, so a crash at any point
/// loses nothing and, the pushes being idempotent upserts, duplicates nothing.
enum Outbox {
    enum Entity: String, Sendable { case note, task }
    enum Operation: String, Sendable { case upsert, delete }

    static func enqueue(_ db: Database, _ entity: Entity, id: String, op: Operation) throws {
        try db.execute(
            sql: "INSERT INTO outbox (entity, entity_id, op, enqueued_at) VALUES (?, ?, ?, ?)",
            arguments: [entity.rawValue, id, op.rawValue, Date()])
    }
}

/// One pending change (the newest of its entity's entries in the batch).
public struct OutboxEntry: Sendable, Equatable {
    public var entityID: String
    /// Highest queue position of this entity's entries that the batch covers.
    public var seq: Int64
    public var isDelete: Bool
}

/// A row the server refused for its content, kept aside with the server's message.
public struct QuarantinedChange: Sendable, Equatable {
    public var entity: String
    public var entityID: String
    public var error: String
}

/// Counts for `docket status`.
public struct SyncCounts: Sendable, Equatable {
    public var pending: Int
    public var quarantined: Int
    public var syncedNotes: Int
    public var syncedTasks: Int
    public var notes: Int
    public var tasks: Int
}

extension DocketStore {
    /// The next changes of one kind to push, oldest first, at most `limit` entities.
    func pendingChanges(_ entity: Outbox.Entity, limit: Int, now: Date = Date()) async throws -> [OutboxEntry] {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT entity_id, MAX(seq) AS seq,
                           (SELECT op FROM outbox o2 WHERE o2.entity = outbox.entity AND o2.entity_id = outbox.entity_id ORDER BY seq DESC LIMIT 1) AS op
                    FROM outbox
                    WHERE entity = ? AND quarantined = 0 AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
                    GROUP BY entity_id ORDER BY MIN(seq) LIMIT ?
                    """, arguments: [entity.rawValue, now, limit])
            return rows.map { OutboxEntry(entityID: $0["entity_id"], seq: $0["seq"], isDelete: ($0["op"] as String) == "delete") }
        }
    }

    /// The local rows behind `ids` (those still present).
    func notes(ids: [String]) async throws -> [NoteRecord] {
        try await read { db in try NoteRecord.filter(keys: ids).fetchAll(db) }
    }

    func tasks(ids: [String]) async throws -> [TaskRecord] {
        try await read { db in try TaskRecord.filter(keys: ids).fetchAll(db) }
    }

    /// The server accepted these entries: drop them (newer entries for the same rows stay) and mark the rows synced.
    func acknowledge(_ entity: Outbox.Entity, _ entries: [OutboxEntry], at now: Date = Date()) async throws {
        guard !entries.isEmpty else { return }
        try await dbWriter.write { db in
            let table = entity == .note ? "notes" : "tasks"
            for entry in entries {
                try db.execute(
                    sql: "DELETE FROM outbox WHERE entity = ? AND entity_id = ? AND seq <= ?", arguments: [entity.rawValue, entry.entityID, entry.seq])
                if !entry.isDelete {
                    try db.execute(sql: "UPDATE \(table) SET synced_at = ? WHERE id = ?", arguments: [now, entry.entityID])
                }
            }
        }
    }

    /// The server refused this row for its content: set it aside so it no longer blocks the others.
    func quarantine(_ entity: Outbox.Entity, _ entry: OutboxEntry, error: String) async throws {
        try await dbWriter.write { db in
            try db.execute(
                sql: "UPDATE outbox SET quarantined = 1, last_error = ?, attempts = attempts + 1 WHERE entity = ? AND entity_id = ? AND seq <= ?",
                arguments: [error, entity.rawValue, entry.entityID, entry.seq])
        }
    }

    /// A transient failure: count the attempt and wait before the next one.
    func deferChanges(_ entity: Outbox.Entity, _ entries: [OutboxEntry], until: Date, error: String) async throws {
        try await dbWriter.write { db in
            for entry in entries {
                try db.execute(
                    sql: "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE entity = ? AND entity_id = ? AND seq <= ?",
                    arguments: [until, error, entity.rawValue, entry.entityID, entry.seq])
            }
        }
    }

    /// Puts quarantined and deferred changes back in line (after the cause was fixed).
    @discardableResult
    public func retryAllChanges() async throws -> Int {
        try await dbWriter.write { db in
            try db.execute(sql: "UPDATE outbox SET quarantined = 0, next_attempt_at = NULL WHERE quarantined = 1 OR next_attempt_at IS NOT NULL")
            return db.changesCount
        }
    }

    /// Pending, quarantined and synced counts.
    public func syncCounts() async throws -> SyncCounts {
        try await read { db in
            SyncCounts(
                pending: try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT entity || entity_id) FROM outbox WHERE quarantined = 0") ?? 0,
                quarantined: try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT entity || entity_id) FROM outbox WHERE quarantined = 1") ?? 0,
                syncedNotes: try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM notes WHERE synced_at IS NOT NULL AND id NOT IN (SELECT entity_id FROM outbox WHERE entity = 'note')") ?? 0,
                syncedTasks: try Int.fetchOne(
                    db,
                    sql:
                        "SELECT COUNT(*) FROM tasks WHERE deleted_at IS NULL AND synced_at IS NOT NULL AND id NOT IN (SELECT entity_id FROM outbox WHERE entity = 'task')"
                ) ?? 0,
                notes: try NoteRecord.fetchCount(db),
                tasks: try TaskRecord.filter(TaskRecord.CodingKeys.deletedAt == nil).fetchCount(db))
        }
    }

    /// Rows the server refused, with its messages.
    public func quarantinedChanges(limit: Int = 50) async throws -> [QuarantinedChange] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT entity, entity_id, MAX(last_error) AS e FROM outbox WHERE quarantined = 1 GROUP BY entity, entity_id LIMIT ?",
                arguments: [limit]
            )
            .map { QuarantinedChange(entity: $0["entity"], entityID: $0["entity_id"], error: $0["e"] ?? "") }
        }
    }

    /// Whether anything is waiting and due.
    public func hasDueChanges(now: Date = Date()) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE quarantined = 0 AND (next_attempt_at IS NULL OR next_attempt_at <= ?))", arguments: [now])
                ?? false
        }
    }
}
