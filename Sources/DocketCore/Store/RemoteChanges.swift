import Foundation
import GRDB

/// Where the pull from Supabase got to: the last row applied, in the server's (updated_at, id) order.
struct PullCursor: Sendable, Equatable {
    /// The row's `updated_at` exactly as the server wrote it.
    var updatedAt: String
    var id: String

    /// Whether `self` comes after `other` in the server's order.
    func isAfter(_ other: PullCursor) -> Bool {
        let mine = RemoteRows.instant(updatedAt) ?? .distantPast
        let theirs = RemoteRows.instant(other.updatedAt) ?? .distantPast
        return mine != theirs ? mine > theirs : id > other.id
    }
}

/// One remote change that met a local change not yet pushed, and how it was settled (newest wins).
public struct SyncConflict: Sendable, Equatable, Codable {
    public var taskID: String
    /// The title that was kept.
    public var title: String
    /// `local` when this machine's change was newer and will be pushed; `remote` when the server's was newer and the
    /// local change was dropped.
    public var kept: String
    /// What was dropped, in short ("title Buy oat milk, done").
    public var dropped: String
}

/// What the pull changed here — tasks made (`created`), changed (`updated`), marked done (`completed`) or deleted
/// (`deleted`) elsewhere, out of `pulled` rows sent — and how changes made on both sides were settled: `conflicts`
/// met by the pull, and `superseded` local changes the server did not take because the task had changed there more
/// recently (the newer version comes back with the next pull).
public struct PullReport: Sendable, Equatable, Codable {
    public var pulled = 0, created = 0, updated = 0, completed = 0, deleted = 0, superseded = 0
    public var conflicts: [SyncConflict] = []

    public init() {}

    mutating func add(_ other: PullReport) {
        pulled += other.pulled
        created += other.created
        updated += other.updated
        completed += other.completed
        deleted += other.deleted
        superseded += other.superseded
        conflicts += other.conflicts
    }
}

extension DocketStore {
    func pullCursor() async throws -> PullCursor? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT updated_at, id FROM pull_cursor WHERE slot = 1").map { PullCursor(updatedAt: $0["updated_at"], id: $0["id"]) }
        }
    }

    /// Applies one page of pulled rows and moves the cursor past them, in one transaction: a crash keeps either the
    /// whole page and its cursor or neither, and a page applied twice changes nothing the second time.
    ///
    /// A row whose version was already applied is skipped. A row for a task with a local change not yet pushed is a
    /// conflict: the newer change wins (the local change's time against the server's `updated_at`); a dropped local
    /// change leaves the outbox, a kept one is pushed later on top of the server's version.
    func applyPulled(_ rows: [RemoteRows.PulledTask], cursor: PullCursor, at now: Date = Date()) async throws -> PullReport {
        try await write("apply the changes pulled from Supabase") { db in
            var report = PullReport()
            report.pulled = rows.count
            for row in rows {
                let local = try TaskRecord.fetchOne(db, key: row.id)
                guard let local else {
                    // A task made elsewhere; a tombstone of one never seen here needs nothing.
                    guard row.deletedAt == nil else { continue }
                    try row.applied(to: nil).insert(db)
                    try db.execute(sql: "UPDATE tasks SET synced_at = ? WHERE id = ?", arguments: [now, row.id])
                    report.created += 1
                    continue
                }
                if local.remoteUpdatedAt == row.updatedAt { continue }
                let pending =
                    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE entity = 'task' AND entity_id = ?)", arguments: [row.id]) ?? false
                let remote = row.applied(to: local)
                if pending {
                    let localIsNewer = local.updatedAt > (RemoteRows.instant(row.updatedAt) ?? .distantPast)
                    report.conflicts.append(
                        SyncConflict(
                            taskID: row.id, title: localIsNewer ? local.title : remote.title, kept: localIsNewer ? "local" : "remote",
                            dropped: Self.summary(localIsNewer ? remote : local)))
                    if localIsNewer {
                        try db.execute(sql: "UPDATE tasks SET remote_updated_at = ? WHERE id = ?", arguments: [row.updatedAt, row.id])
                        continue
                    }
                    try db.execute(sql: "DELETE FROM outbox WHERE entity = 'task' AND entity_id = ?", arguments: [row.id])
                }
                try remote.update(db)
                try db.execute(sql: "UPDATE tasks SET synced_at = ? WHERE id = ?", arguments: [now, row.id])
                if remote.deletedAt != nil, local.deletedAt == nil {
                    report.deleted += 1
                } else if remote.completed, !local.completed {
                    report.completed += 1
                } else {
                    report.updated += 1
                }
            }
            let stored = try Row.fetchOne(db, sql: "SELECT updated_at, id FROM pull_cursor WHERE slot = 1").map {
                PullCursor(updatedAt: $0["updated_at"], id: $0["id"])
            }
            if stored.map({ cursor.isAfter($0) }) ?? true {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO pull_cursor (slot, updated_at, id) VALUES (1, ?, ?)", arguments: [cursor.updatedAt, cursor.id])
            }
            return report
        }
    }

    /// The server wrote these tasks and answered with their new versions: later pushes are based on them.
    func recordRemoteVersions(_ written: [RemoteRows.Written]) async throws {
        guard !written.isEmpty else { return }
        try await write("record the versions Supabase gave the tasks") { db in
            for row in written {
                try db.execute(sql: "UPDATE tasks SET remote_updated_at = ? WHERE id = ?", arguments: [row.updated_at, row.id])
            }
        }
    }

    /// "title Buy oat milk, due 2026-11-27, done": what a dropped version held, for the log.
    static func summary(_ task: TaskRecord) -> String {
        var parts = ["title \(task.title)"]
        if let date = task.dueDate { parts.append("due \(date)\(task.dueTime.map { " " + $0 } ?? "")") }
        if task.priority != .none { parts.append("priority \(task.priority.rawValue)") }
        if task.completed { parts.append("done") }
        if task.deletedAt != nil { parts.append("deleted") }
        return parts.joined(separator: ", ")
    }
}
