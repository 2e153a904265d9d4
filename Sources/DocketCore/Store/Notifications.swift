import DocketExtraction
public import Foundation
import GRDB

/// A notification waiting to reach the channels: written in the same transaction that marks its tasks reminded, so
/// a crash neither loses it nor sends it for the same due time twice.
public struct StoredNotification: Sendable, Equatable {
    /// Increasing: each channel delivers in this order.
    public var id: Int64
    /// `due`, `due_summary`, `created` or `test`.
    public var event: String
    /// One line: what it is about.
    public var title: String
    /// The text a person reads.
    public var message: String
    /// The webhook body: `{"event","title","message","tasks":[…],"created_at"}`.
    public var payload: String
    public var createdAt: Date
}

/// How one channel is doing (`docket status`).
public struct ChannelState: Sendable, Equatable {
    public var name: String
    /// Notifications not yet delivered to it.
    public var waiting: Int
    /// Failed attempts in a row; 0 when the last one worked.
    public var failures: Int
    public var lastError: String?
    public var lastSuccessAt: Date?
    /// When it is tried again after a failure.
    public var nextAttemptAt: Date?
}

extension DocketStore {
    /// v6: what each task was reminded of (`reminded_at`, and `reminded_due`, the due date and time it was for: a
    /// changed due re-arms the reminder), the notifications waiting for channels, and each channel's progress.
    static func migrateToReminders(_ db: Database) throws {
        try db.alter(table: "tasks") { t in
            t.add(column: "reminded_at", .datetime)
            t.add(column: "reminded_due", .text)
        }
        try db.create(table: "notifications") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("event", .text).notNull()
            t.column("title", .text).notNull()
            t.column("message", .text).notNull()
            t.column("payload", .text).notNull()
            t.column("created_at", .datetime).notNull()
        }
        try db.create(table: "notify_channels") { t in
            t.primaryKey("name", .text)
            t.column("delivered_through", .integer).notNull()
            t.column("failures", .integer).notNull().defaults(to: 0)
            t.column("last_error", .text)
            t.column("last_success_at", .datetime)
            t.column("next_attempt_at", .datetime)
        }
        // The newest task already announced (`created` notifications), by rowid.
        try db.create(table: "notify_cursor") { t in
            t.primaryKey("name", .text)
            t.column("value", .integer).notNull()
        }
    }

    /// v7: what a reminder round reads, open tasks with a due not yet reminded of, has its own index, so a round
    /// does not walk every task reminded before.
    static func migrateToReminderIndex(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX tasks_unreminded ON tasks(due_date) WHERE completed = 0 AND deleted_at IS NULL AND due_date IS NOT NULL
                AND (reminded_due IS NULL OR reminded_due <> due_date || 'T' || coalesce(due_time, ''))
                """)
    }

    /// Starts tracking `names` (a new channel gets only what is written from now on) and forgets other channels.
    public func registerChannels(_ names: [String]) async throws {
        try await write("record the notification channels") { db in try Self.register(db, names) }
    }

    private static func register(_ db: Database, _ names: [String]) throws {
        let newest = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM notifications") ?? 0
        for name in names {
            try db.execute(sql: "INSERT OR IGNORE INTO notify_channels (name, delivered_through) VALUES (?, ?)", arguments: [name, newest])
        }
        let known = names.map { _ in "?" }.joined(separator: ",")
        try db.execute(sql: "DELETE FROM notify_channels WHERE name NOT IN (\(known.isEmpty ? "''" : known))", arguments: StatementArguments(names))
    }

    /// Writes the notifications that are due at `now` and marks their tasks reminded, in one transaction:
    /// - `due`: each open task whose due time has come (a day without a time at `settings.dateReminderMinute` in the
    ///   task's zone) and that was not yet reminded of this due; reminders later than `settings.catchUpAfter`
    ///   (missed while docket was not running), or more than five at once, come as one `due_summary`;
    /// - `created` (when `settings.events` has it): one per note with tasks made since the last call.
    ///
    /// The same transaction first tracks `settings.channels` (``registerChannels(_:)``) and, with `pruneBefore`,
    /// forgets what every channel has had (``pruneNotifications(olderThan:)``): one write per reminder round.
    public func collectNotifications(now: Date, settings: NotifySettings, pruneBefore: Date? = nil) async throws -> [StoredNotification] {
        try await write("record reminders") { db in
            try Self.register(db, settings.channels.map(\.name))
            if let pruneBefore { try Self.prune(db, olderThan: pruneBefore) }
            var written: [StoredNotification] = []
            if settings.events.contains(.created) { written += try Self.collectCreated(db, now: now) }
            if settings.events.contains(.due) { written += try Self.collectDue(db, now: now, settings: settings) }
            return written
        }
    }

    private static func collectDue(_ db: Database, now: Date, settings: NotifySettings) throws -> [StoredNotification] {
        // The latest local day anywhere on Earth: tasks due later can't be due yet.
        let latestDay = Civil(now.addingTimeInterval(14 * 3600)).day
        let candidates = try TaskRecord.fetchAll(
            db,
            sql: """
                SELECT * FROM tasks WHERE completed = 0 AND deleted_at IS NULL AND due_date IS NOT NULL
                AND (reminded_due IS NULL OR reminded_due <> due_date || 'T' || coalesce(due_time, '')) AND due_date <= ?
                """, arguments: [latestDay])
        let due = candidates.compactMap { task in fireTime(task, settings: settings).map { (task: task, at: $0) } }
            .filter { $0.at <= now }.sorted { $0.at < $1.at }
        guard !due.isEmpty else { return [] }
        for item in due {
            try db.execute(
                sql: "UPDATE tasks SET reminded_at = ?, reminded_due = due_date || 'T' || coalesce(due_time, '') WHERE id = ?", arguments: [now, item.task.id])
        }
        let late = now.addingTimeInterval(-Double(settings.catchUpAfter.components.seconds))
        var alone = due.filter { $0.at >= late }.map(\.task)
        var together = due.filter { $0.at < late }.map(\.task)
        if alone.count > 5 {
            together += alone
            alone = []
        }
        if together.count == 1 {
            alone += together
            together = []
        }
        var written = try alone.map { task in
            try insert(db, event: "due", title: "Due: " + task.title, message: dueLine(task), tasks: [task], now: now)
        }
        if !together.isEmpty {
            let lines = together.prefix(10).map { "• " + dueLine($0) } + (together.count > 10 ? ["and \(together.count - 10) more"] : [])
            written.append(
                try insert(
                    db, event: "due_summary", title: "\(together.count) tasks came due", message: lines.joined(separator: "\n"), tasks: together,
                    now: now))
        }
        return written
    }

    private static func collectCreated(_ db: Database, now: Date) throws -> [StoredNotification] {
        let newest = try Int64.fetchOne(db, sql: "SELECT coalesce(max(rowid), 0) FROM tasks") ?? 0
        guard let cursor = try Int64.fetchOne(db, sql: "SELECT value FROM notify_cursor WHERE name = 'created'") else {
            // First run: only tasks made from now on.
            try db.execute(sql: "INSERT INTO notify_cursor (name, value) VALUES ('created', ?)", arguments: [newest])
            return []
        }
        guard newest > cursor else { return [] }
        try db.execute(sql: "UPDATE notify_cursor SET value = ? WHERE name = 'created'", arguments: [newest])
        let tasks = try TaskRecord.fetchAll(
            db, sql: "SELECT * FROM tasks WHERE rowid > ? AND rowid <= ? AND note_id IS NOT NULL AND deleted_at IS NULL ORDER BY rowid",
            arguments: [cursor, newest])
        var notes: [String] = []
        for task in tasks where !notes.contains(task.noteID!) { notes.append(task.noteID!) }
        return try notes.map { note in
            let group = tasks.filter { $0.noteID == note }
            let title = group.count == 1 ? "New task: " + group[0].title : "\(group.count) new tasks"
            return try insert(db, event: "created", title: title, message: group.map(dueLine).joined(separator: "\n"), tasks: group, now: now)
        }
    }

    /// Writes a notification not tied to tasks (`docket remind --test`).
    public func addNotification(event: String, title: String, message: String, now: Date) async throws -> StoredNotification {
        try await write("record a notification") { db in try Self.insert(db, event: event, title: title, message: message, tasks: [], now: now) }
    }

    private static func insert(_ db: Database, event: String, title: String, message: String, tasks: [TaskRecord], now: Date) throws
        -> StoredNotification
    {
        struct Payload: Encodable {
            var event, title, message: String
            var tasks: [StoredTaskJSON]
            var created_at: Date
        }
        let payload = String(
            decoding: try makeJSONEncoder().encode(
                Payload(event: event, title: title, message: message, tasks: tasks.map(StoredTaskJSON.init), created_at: now)),
            as: UTF8.self)
        try db.execute(
            sql: "INSERT INTO notifications (event, title, message, payload, created_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [event, title, message, payload, now])
        return StoredNotification(id: db.lastInsertedRowID, event: event, title: title, message: message, payload: payload, createdAt: now)
    }

    /// When a task's reminder fires: its due instant, or its due day at the reminder time in the task's zone.
    static func fireTime(_ task: TaskRecord, settings: NotifySettings) -> Date? {
        if let dueAt = task.dueAt, let instant = RemoteRows.instant(dueAt) { return instant }
        let minute = settings.dateReminderMinute
        return task.localDue(defaultTime: String(format: "%02d:%02d", minute / 60, minute % 60))
    }

    /// "Buy milk — due 2026-11-25 15:00".
    static func dueLine(_ task: TaskRecord) -> String {
        guard let date = task.dueDate else { return task.title }
        return task.title + " — due " + date + (task.dueTime.map { " " + $0 } ?? "")
    }

    /// Up to `limit` notifications `channel` has not had yet, oldest first.
    public func undelivered(to channel: String, limit: Int = 50) async throws -> [StoredNotification] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT n.* FROM notifications n JOIN notify_channels c ON c.name = ? WHERE n.id > c.delivered_through ORDER BY n.id LIMIT ?
                    """, arguments: [channel, limit]
            ).map { row in
                StoredNotification(
                    id: row["id"], event: row["event"], title: row["title"], message: row["message"], payload: row["payload"], createdAt: row["created_at"])
            }
        }
    }

    /// `channel` has had everything through `id`.
    public func recordDelivery(to channel: String, through id: Int64, at now: Date) async throws {
        try await write("record a delivered notification") { db in
            try db.execute(
                sql: """
                    UPDATE notify_channels SET delivered_through = max(delivered_through, ?), failures = 0, last_error = NULL, next_attempt_at = NULL,
                    last_success_at = ? WHERE name = ?
                    """, arguments: [id, now, channel])
        }
    }

    /// A delivery to `channel` failed; it is tried again at `retryAt`.
    public func recordFailure(of channel: String, error: String, retryAt: Date) async throws {
        try await write("record a failed notification") { db in
            try db.execute(
                sql: "UPDATE notify_channels SET failures = failures + 1, last_error = ?, next_attempt_at = ? WHERE name = ?",
                arguments: [error, retryAt, channel])
        }
    }

    /// Every tracked channel's state.
    public func channelStates() async throws -> [ChannelState] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT c.*, (SELECT count(*) FROM notifications n WHERE n.id > c.delivered_through) AS waiting FROM notify_channels c ORDER BY c.name
                    """
            ).map { row in
                ChannelState(
                    name: row["name"], waiting: row["waiting"], failures: row["failures"], lastError: row["last_error"], lastSuccessAt: row["last_success_at"],
                    nextAttemptAt: row["next_attempt_at"])
            }
        }
    }

    /// Forgets notifications every channel has had, and any older than `cutoff` (a channel that failed that long
    /// does not get them).
    public func pruneNotifications(olderThan cutoff: Date) async throws {
        try await write("prune delivered notifications") { db in try Self.prune(db, olderThan: cutoff) }
    }

    private static func prune(_ db: Database, olderThan cutoff: Date) throws {
        try db.execute(
            sql: """
                DELETE FROM notifications WHERE id <= (SELECT coalesce(min(delivered_through), (SELECT max(id) FROM notifications)) FROM notify_channels)
                OR created_at < ?
                """, arguments: [cutoff])
    }
}
