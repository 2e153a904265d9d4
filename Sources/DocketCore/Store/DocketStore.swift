import DocketSupport
public import Foundation
public import GRDB

/// The local database: notes and the tasks read from them.
///
/// Every write that accepts a note or its tasks is a single transaction, so a crash leaves either nothing
/// or the whole result.
public struct DocketStore: Sendable {
    let dbWriter: any DatabaseWriter

    /// Opens (creating if needed) the database file at `path` and migrates it.
    /// - Throws: ``StoreError`` naming the path when the file can't be opened or migrated.
    public init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        // Said before the lock beside the path is taken, which would leave a file next to the directory.
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StoreError(
                .cannotOpen, "\(path) is a directory, not a database file; set DOCKET_DB (or --db) to a file in it, e.g. \(path)/docket.sqlite.")
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StoreError(.cannotOpen, "Can't create the directory for the database \(path). Set DOCKET_DB (or --db) to a writable location.", cause: error)
        }
        // listen, sync and remind often start together on a new database: one process creates it (turning it to
        // WAL, which another opening it then would find locked) and migrates it, the others wait and find it done
        // (SQLite's own locks don't cover the migrator's check of what is applied). Held only while opening.
        let lock = try? FileLock.acquire(path: path + ".migrate.lock", wait: true)
        defer { lock?.release() }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: Self.makeConfiguration())
        } catch {
            throw Self.openFailure(path: path, error: error)
        }
        try self.init(writer: pool)
    }

    /// Opens the database at `path` for a command that reads or changes stored tasks, which never creates one.
    /// With no file there, a path that was asked for (`explicit`: a flag, the environment or a settings file named
    /// it) is a mistake, said as ``StoreErrorCode/noDatabase``; docket's default path simply has nothing stored
    /// yet, and the store is an empty one in memory.
    public static func existing(path: String, explicit: Bool) throws -> DocketStore {
        guard !FileManager.default.fileExists(atPath: path) else { return try DocketStore(path: path) }
        guard !explicit else {
            throw StoreError(
                .noDatabase,
                "There is no docket database at \(path). Check --db or DOCKET_DB for a typo; docket ingest, listen, add and serve create the database when they store the first note."
            )
        }
        return try DocketStore(writer: DatabaseQueue())
    }

    /// Why the database at `path` can't be opened, said by what SQLite found.
    static func openFailure(path: String, error: any Error) -> StoreError {
        let message: String
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_READONLY?, .SQLITE_PERM?:
            message =
                "Can't write the database \(path): it, or the directory it is in, is read-only for this user, and docket writes to it even to list tasks. Give this user write access there, or set DOCKET_DB (or --db) to a copy it may write."
        case .SQLITE_CANTOPEN?:
            message = "Can't open the database \(path): check that this user may read and write it and the directory it is in."
        default:
            message = "Can't open the database \(path): it may not be a docket database or may be damaged. Set DOCKET_DB (or --db) to another file."
        }
        return StoreError(.cannotOpen, message, cause: error)
    }

    /// Uses an existing connection (an in-memory `DatabaseQueue` in tests) and migrates it.
    public init(writer: any DatabaseWriter) throws {
        self.dbWriter = writer
        do {
            try Self.migrator.migrate(writer)
        } catch {
            throw StoreError(
                .migrationFailed, "Can't prepare the database tables; the file may be from a newer docket. Use a new DOCKET_DB file or upgrade docket.",
                cause: error)
        }
    }

    /// A fresh in-memory database.
    public static func inMemory() throws -> DocketStore {
        try DocketStore(writer: DatabaseQueue(configuration: makeConfiguration()))
    }

    static func makeConfiguration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        // Several docket processes may share one file (listen, sync, serve): wait for a lock, don't fail.
        config.busyMode = .timeout(10)
        return config
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "notes") { t in
                t.primaryKey("id", .text)
                t.column("source_file", .text).notNull()
                t.column("content_hash", .text).notNull().unique()
                t.column("recorded_at", .datetime).notNull()
                t.column("ingested_at", .datetime).notNull()
                t.column("duration_s", .double).notNull()
                t.column("transcript", .text).notNull()
                t.column("segments", .jsonText).notNull()
                t.column("language", .text)
                t.column("status", .text).notNull().check { ["done", "no_speech", "failed"].contains($0) }
                t.column("error", .text)
            }
            try db.create(table: "tasks") { t in
                t.primaryKey("id", .text)
                t.column("note_id", .text).notNull().indexed().references("notes", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("title", .text).notNull().check { length($0) > 0 }
                t.column("due_date", .text)
                t.column("due_time", .text)
                t.column("due_at", .text)
                t.column("time_zone", .text).notNull()
                t.column("priority", .text).notNull().check { ["none", "low", "medium", "high"].contains($0) }
                t.column("labels", .jsonText).notNull()
                t.column("project", .text)
                t.column("recurrence", .text)
                t.column("source_text", .text).notNull()
                t.column("created_at", .datetime).notNull()
                t.column("updated_at", .datetime).notNull()
            }
            try db.create(index: "tasks_due", on: "tasks", columns: ["due_date", "due_time"])
        }
        migrator.registerMigration("v2-outbox") { db in
            try db.alter(table: "notes") { t in t.add(column: "synced_at", .datetime) }
            try db.alter(table: "tasks") { t in t.add(column: "synced_at", .datetime) }
            try db.create(table: "outbox") { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("entity", .text).notNull().check { ["note", "task"].contains($0) }
                t.column("entity_id", .text).notNull()
                t.column("op", .text).notNull().check { ["upsert", "delete"].contains($0) }
                t.column("enqueued_at", .datetime).notNull()
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("next_attempt_at", .datetime)
                t.column("last_error", .text)
                t.column("quarantined", .boolean).notNull().defaults(to: false)
            }
            try db.create(index: "outbox_pending", on: "outbox", columns: ["quarantined", "entity", "seq"])
            try db.create(index: "outbox_entity", on: "outbox", columns: ["entity", "entity_id", "seq"])
            // Everything stored before the outbox existed still has to reach the server.
            try db.execute(
                sql: """
                    INSERT INTO outbox (entity, entity_id, op, enqueued_at) SELECT 'note', id, 'upsert', CURRENT_TIMESTAMP FROM notes;
                    INSERT INTO outbox (entity, entity_id, op, enqueued_at) SELECT 'task', id, 'upsert', CURRENT_TIMESTAMP FROM tasks;
                    """)
        }
        migrator.registerMigration("v3-sync-account") { db in try SyncAccount.migrate(db) }
        migrator.registerMigration("v4-note-error-code") { db in
            try db.alter(table: "notes") { t in t.add(column: "error_code", .text) }
        }
        migrator.registerMigration("v5-task-lifecycle") { db in try migrateToTaskLifecycle(db) }
        migrator.registerMigration("v6-reminders") { db in try migrateToReminders(db) }
        migrator.registerMigration("v7-reminder-index") { db in try migrateToReminderIndex(db) }
        migrator.registerMigration("v8-note-findings") { db in
            try db.alter(table: "notes") { t in
                t.add(column: "diagnostics", .text).notNull().defaults(to: "[]")
                t.add(column: "warnings", .text).notNull().defaults(to: "[]")
            }
        }
        return migrator
    }

    /// Tasks can be done, deleted (tombstones that sync) and made elsewhere without a note: the table is rebuilt
    /// (SQLite can't drop a NOT NULL or a foreign key in place) with `note_id` optional and the lifecycle columns.
    static func migrateToTaskLifecycle(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE tasks_v5 (
                    id TEXT PRIMARY KEY NOT NULL, note_id TEXT, position INTEGER NOT NULL DEFAULT 0,
                    title TEXT NOT NULL CHECK (length(title) > 0), due_date TEXT, due_time TEXT, due_at TEXT, time_zone TEXT NOT NULL,
                    priority TEXT NOT NULL CHECK (priority IN ('none', 'low', 'medium', 'high')), labels TEXT NOT NULL, project TEXT,
                    recurrence TEXT, source_text TEXT NOT NULL, created_at DATETIME NOT NULL, updated_at DATETIME NOT NULL, synced_at DATETIME,
                    completed BOOLEAN NOT NULL DEFAULT 0, completed_at DATETIME, deleted_at DATETIME, remote_updated_at TEXT)
                """)
        try db.execute(
            sql: """
                INSERT INTO tasks_v5 (id, note_id, position, title, due_date, due_time, due_at, time_zone, priority, labels, project,
                                      recurrence, source_text, created_at, updated_at, synced_at)
                SELECT id, note_id, position, title, due_date, due_time, due_at, time_zone, priority, labels, project,
                       recurrence, source_text, created_at, updated_at, synced_at FROM tasks
                """)
        try db.drop(table: "tasks")
        try db.rename(table: "tasks_v5", to: "tasks")
        try db.create(index: "tasks_note", on: "tasks", columns: ["note_id", "position"])
        try db.create(index: "tasks_due", on: "tasks", columns: ["due_date", "due_time"])
        try db.create(index: "tasks_created", on: "tasks", columns: ["created_at"])
        try db.create(index: "tasks_updated", on: "tasks", columns: ["updated_at"])
        // Where the pull from Supabase got to: the last (updated_at, id) applied, as the server wrote them.
        try db.create(table: "pull_cursor") { t in
            t.primaryKey("slot", .integer).check { $0 == 1 }
            t.column("updated_at", .text).notNull()
            t.column("id", .text).notNull()
        }
    }

    // MARK: - Reads

    /// The note recorded from audio with this content hash, if any.
    public func note(contentHash: String) async throws -> NoteRecord? {
        // A cached statement: the service asks this for every upload.
        try await read { db in
            try NoteRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM notes WHERE content_hash = ?"), arguments: [contentHash])
        }
    }

    /// The tasks read from a note (deleted ones left out), in the order they were said.
    public func tasks(noteID: String) async throws -> [TaskRecord] {
        try await read { db in
            try TaskRecord.filter(TaskRecord.CodingKeys.noteID == noteID && TaskRecord.CodingKeys.deletedAt == nil)
                .order(TaskRecord.CodingKeys.position).fetchAll(db)
        }
    }

    /// Tasks created or changed at or after `since` (all when `nil`), most recently changed first.
    public func tasks(changedSince since: Date?, limit: Int) async throws -> [TaskRecord] {
        try await read { db in
            var request = TaskRecord.order(TaskRecord.CodingKeys.updatedAt.desc, TaskRecord.CodingKeys.position)
            if let since { request = request.filter(TaskRecord.CodingKeys.updatedAt >= since) }
            return try request.limit(limit).fetchAll(db)
        }
    }

    /// Whether the database answers a trivial query (readiness checks).
    public func isReadable() async -> Bool {
        (try? await read { db in try Int.fetchOne(db, sql: "SELECT 1") }) == 1
    }

    /// Number of notes and tasks stored (deleted tasks left out).
    public func counts() async throws -> (notes: Int, tasks: Int) {
        try await read { db in (try NoteRecord.fetchCount(db), try TaskRecord.filter(TaskRecord.CodingKeys.deletedAt == nil).fetchCount(db)) }
    }

    // MARK: - Writes

    /// Stores a processed note and its tasks in one transaction.
    ///
    /// A note with the same id (a live note growing as the person keeps talking, or a recovered one) or, failing
    /// that, the same content hash (an earlier failed attempt, or a forced re-run) is replaced, tasks included,
    /// keeping its id. Replacement tasks take over the ids of the old ones position by position (and whether they
    /// were done), so the backend sees updates rather than deletions and re-creations; old tasks beyond the new
    /// count become tombstones.
    /// - Returns: the note as stored (with the id it ended up with) and its tasks.
    @discardableResult
    public func saveNote(_ note: NoteRecord, tasks: [ExtractedTask]) async throws -> (NoteRecord, [TaskRecord]) {
        try await write("save the note from \(note.sourceFile)") { db in
            var note = note
            var previous: [TaskRecord] = []
            let existing =
                try NoteRecord.fetchOne(db, key: note.id)
                ?? NoteRecord.filter(NoteRecord.CodingKeys.contentHash == note.contentHash).fetchOne(db)
            if let existing {
                note.id = existing.id
                previous = try TaskRecord.filter(TaskRecord.CodingKeys.noteID == existing.id)
                    .order(TaskRecord.CodingKeys.position).fetchAll(db)
            }
            try note.save(db)
            try Outbox.enqueue(db, .note, id: note.id, op: .upsert)
            let now = Date()
            for var old in previous.dropFirst(tasks.count) where old.deletedAt == nil {
                old.deletedAt = now
                old.updatedAt = now
                try old.update(db)
                try Outbox.enqueue(db, .task, id: old.id, op: .upsert)
            }
            for (position, task) in tasks.enumerated() {
                var record = TaskRecord(task: task, noteID: note.id, position: position, now: now)
                if position < previous.count {
                    record.id = previous[position].id
                    record.createdAt = previous[position].createdAt
                    record.completed = previous[position].completed
                    record.completedAt = previous[position].completedAt
                    record.remoteUpdatedAt = previous[position].remoteUpdatedAt
                }
                try record.save(db)
                try Outbox.enqueue(db, .task, id: record.id, op: .upsert)
            }
            // Read back what SQLite holds (dates at its millisecond precision), so callers see stored values.
            let stored = try NoteRecord.fetchOne(db, key: note.id) ?? note
            let records = try TaskRecord.filter(TaskRecord.CodingKeys.noteID == note.id && TaskRecord.CodingKeys.deletedAt == nil)
                .order(TaskRecord.CodingKeys.position).fetchAll(db)
            return (stored, records)
        }
    }

    /// The note with this id, if stored.
    public func note(id: String) async throws -> NoteRecord? {
        try await read { db in try NoteRecord.fetchOne(db, key: id) }
    }

    /// The notes processed most recently (all of them, or only those with `status`), newest first, each with its
    /// tasks (deleted ones left out) in the order they were said.
    public func notes(status: NoteStatus? = nil, limit: Int) async throws -> [(note: NoteRecord, tasks: [TaskRecord])] {
        try await read { db in
            var request = NoteRecord.order(NoteRecord.CodingKeys.ingestedAt.desc, NoteRecord.CodingKeys.recordedAt.desc)
            if let status { request = request.filter(NoteRecord.CodingKeys.status == status.rawValue) }
            let notes = try request.limit(limit).fetchAll(db)
            let ids = notes.map(\.id)
            var tasks: [TaskRecord] = []
            // A few hundred ids per query: SQLite limits the values one statement may bind.
            for start in stride(from: 0, to: ids.count, by: 500) {
                tasks += try TaskRecord.filter(
                    ids[start..<min(start + 500, ids.count)].contains(TaskRecord.CodingKeys.noteID) && TaskRecord.CodingKeys.deletedAt == nil
                ).order(TaskRecord.CodingKeys.position).fetchAll(db)
            }
            let byNote = Dictionary(grouping: tasks) { $0.noteID ?? "" }
            return notes.map { ($0, byNote[$0.id] ?? []) }
        }
    }

    /// A write transaction whose failure says what could not be done ("Can't `what` in the database; …").
    func write<T: Sendable>(_ what: String, _ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try await dbWriter.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.writeFailed, "Can't \(what) in the database; check free disk space and that no other program holds the database.", cause: error)
        }
    }

    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try await dbWriter.read(body)
        } catch {
            throw StoreError(.readFailed, "Can't read the database; it may be damaged. Set DOCKET_DB (or --db) to another file.", cause: error)
        }
    }
}
