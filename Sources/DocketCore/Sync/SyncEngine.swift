import Foundation
import Logging

/// What one sync run did.
public struct SyncReport: Sendable, Equatable, Codable {
    public var notesPushed = 0
    public var tasksPushed = 0
    public var deleted = 0
    public var quarantined = 0
    /// Changes still waiting (after a transient failure, or quarantined rows left aside).
    public var remaining = 0
    /// What the pull brought, and how changes made on both sides were settled.
    public var pull = PullReport()

    public init() {}

    enum CodingKeys: String, CodingKey {
        case notesPushed = "notes_pushed"
        case tasksPushed = "tasks_pushed"
        case deleted, quarantined, remaining, pull
    }
}

/// Pushes the outbox to Supabase: notes before tasks, batches of idempotent upserts, deletes, retries with
/// capped exponential backoff and jitter honouring `Retry-After`, and rows refused for their content set aside
/// (found by halving the batch) without blocking the rest.
public struct SyncEngine: Sendable {
    let store: DocketStore
    let rest: PostgrestClient
    let batchSize: Int
    let retry: RetryPolicy
    /// Set only with a service-role key: rows then carry their owner explicitly.
    let userID: String?
    /// The account the changes would go to now (the session's, or the service key's configured user).
    let account: @Sendable () async throws -> SyncAccount?
    let logger: Logger

    init(
        store: DocketStore, rest: PostgrestClient, batchSize: Int, maxAttempts: Int = 6, userID: String? = nil,
        account: @escaping @Sendable () async throws -> SyncAccount? = { nil }, logger: Logger
    ) {
        self.userID = userID
        self.account = account
        self.store = store
        self.rest = rest
        self.batchSize = max(1, batchSize)
        self.retry = RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(500), maxDelay: .seconds(30))
        self.logger = logger
    }

    /// Pulls the changes made elsewhere, then pushes everything pending.
    ///
    /// Pulling first settles conflicts before anything is pushed: a task changed on both sides keeps the newer
    /// change (see ``DocketStore/applyPulled(_:cursor:at:)``); the server keeps that rule too for a change made there
    /// while the push was under way (migration 0002).
    /// - Parameters:
    ///   - shouldStop: checked between batches and pages (graceful shutdown).
    ///   - progress: called after each batch with the totals so far.
    /// - Throws: ``SyncError``: `.transient` when the server stayed unavailable (the changes wait for the next
    ///   run), `.sessionExpired`/`.notSignedIn` when a sign-in is needed, `.rejected` for access or schema problems.
    public func syncOnce(shouldStop: @Sendable () -> Bool = { false }, progress: (@Sendable (SyncReport) -> Void)? = nil) async throws -> SyncReport {
        try await checkAccount()
        var report = SyncReport()
        report.pull = try await pull(shouldStop: shouldStop) { pulled in
            var so = report
            so.pull = pulled
            progress?(so)
        }
        for entity in [Outbox.Entity.note, .task] {
            while !shouldStop() {
                let entries = try await store.pendingChanges(entity, limit: batchSize)
                if entries.isEmpty { break }
                let deletes = entries.filter(\.isDelete)
                let upserts = entries.filter { !$0.isDelete }
                if !deletes.isEmpty {
                    try await pushDeletes(entity, deletes)
                    report.deleted += deletes.count
                }
                if !upserts.isEmpty {
                    let (pushed, refused, superseded) = try await pushUpserts(entity, upserts)
                    if entity == .note { report.notesPushed += pushed } else { report.tasksPushed += pushed }
                    report.quarantined += refused
                    report.pull.superseded += superseded
                }
                progress?(report)
            }
        }
        report.remaining = try await store.syncCounts().pending
        return report
    }

    /// How far back each pull looks before its cursor: a change committed late (its `updated_at` is the start of
    /// its transaction) is still seen; rows seen before are recognised by their version and skipped.
    static let pullOverlap: TimeInterval = 30
    /// Rows per pull request (PostgREST servers commonly cap responses at 1000 rows).
    static let pullPageSize = 1000

    /// Pulls the tasks changed on the server since the stored cursor, page by page, each page applied with its
    /// cursor in one transaction.
    public func pull(shouldStop: @Sendable () -> Bool = { false }, progress: ((PullReport) -> Void)? = nil) async throws -> PullReport {
        var report = PullReport()
        let zero = "00000000-0000-0000-0000-000000000000"
        var after = try await store.pullCursor().map { cursor -> PullCursor in
            let start = (RemoteRows.instant(cursor.updatedAt) ?? .distantPast).addingTimeInterval(-Self.pullOverlap)
            return PullCursor(updatedAt: RemoteRows.serverTimestamp(start), id: zero)
        }
        let decoder = JSONDecoder()
        while !shouldStop() {
            var query: [(String, String)] = [("select", "*"), ("order", "updated_at.asc,id.asc"), ("limit", "\(Self.pullPageSize)")]
            if let after {
                query.append(("or", "(updated_at.gt.\"\(after.updatedAt)\",and(updated_at.eq.\"\(after.updatedAt)\",id.gt.\(after.id)))"))
            }
            if let userID { query.append(("user_id", "eq.\(userID)")) }
            let page = try await withTransientRetries { try await rest.selectJSON(table: RemoteRows.tasksTable, query: query) }
            let rows: [RemoteRows.PulledTask]
            do {
                rows = try decoder.decode([RemoteRows.PulledTask].self, from: Data(page))
            } catch {
                throw SyncError(
                    .rejected,
                    "Supabase answered the pull of \(RemoteRows.tasksTable) with rows docket can't read (\(error)); check that the project has docket's migrations.",
                    cause: error)
            }
            guard let last = rows.last else { break }
            let cursor = PullCursor(updatedAt: last.updatedAt, id: last.id)
            let applied = try await store.applyPulled(rows, cursor: cursor)
            for conflict in applied.conflicts {
                logger.notice(
                    "A task changed here and on the server; the newer change wins",
                    metadata: ["docket.sync.id": "\(conflict.taskID)", "docket.sync.kept": "\(conflict.kept)", "docket.sync.dropped": "\(conflict.dropped)"])
            }
            report.add(applied)
            progress?(report)
            after = cursor
            if rows.count < Self.pullPageSize { break }
        }
        return report
    }

    /// The first sync records whose account this database syncs to; later syncs refuse to push to another one
    /// (the session file replaced by hand, or DOCKET_SUPABASE_USER_ID changed): `docket login --switch-user` decides.
    private func checkAccount() async throws {
        guard let current = try await account() else { return }
        guard let recorded = try await store.syncAccount() else {
            try await store.setSyncAccount(current)
            return
        }
        guard recorded.userID == current.userID else {
            throw SyncError(
                .otherAccount,
                "This database syncs to \(recorded.name), but the session is \(current.name)'s; nothing was pushed. Sign in as \(recorded.name), or run docket login --switch-user to send this database's unsynced changes to \(current.name)."
            )
        }
    }

    private func table(_ entity: Outbox.Entity) -> String { entity == .note ? RemoteRows.notesTable : RemoteRows.tasksTable }

    private func pushDeletes(_ entity: Outbox.Entity, _ entries: [OutboxEntry]) async throws {
        let outcome = try await withRetries(entity, entries) { try await rest.delete(table: table(entity), ids: entries.map(\.entityID)) }
        if case .rowsRejected(_, let message) = outcome {
            for entry in entries { try await store.quarantine(entity, entry, error: message) }
            return
        }
        try await store.acknowledge(entity, entries)
    }

    /// Pushes upserts; returns (accepted, quarantined, superseded by a newer change on the server).
    private func pushUpserts(_ entity: Outbox.Entity, _ entries: [OutboxEntry]) async throws -> (Int, Int, Int) {
        let ids = entries.map(\.entityID)
        let body: [UInt8]
        var present: Set<String>
        switch entity {
        case .note:
            let rows = try await store.notes(ids: ids)
            present = Set(rows.map(\.id))
            body = try RemoteRows.encode(rows.map { RemoteRows.Note(record: $0, userID: userID) })
        case .task:
            let rows = try await store.tasks(ids: ids)
            present = Set(rows.map(\.id))
            body = try RemoteRows.encode(rows.map { RemoteRows.Task(record: $0, userID: userID) })
        }
        // A row deleted locally since it was queued has a later delete entry; nothing to upsert for it.
        let gone = entries.filter { !present.contains($0.entityID) }
        try await store.acknowledge(entity, gone)
        let live = entries.filter { present.contains($0.entityID) }
        guard !live.isEmpty else { return (0, 0, 0) }

        // Tasks come back with the version the server gave them, which later pushes are based on.
        let returning = entity == .task ? "id,updated_at" : nil
        let outcome = try await withRetries(entity, live) { try await rest.upsert(table: table(entity), rows: body, returning: returning) }
        switch outcome {
        case .accepted(let answer):
            var superseded = 0
            if returning != nil {
                let written = (try? JSONDecoder().decode([RemoteRows.Written].self, from: Data(answer))) ?? []
                try await store.recordRemoteVersions(written)
                let kept = Set(written.map(\.id))
                for entry in live where !kept.contains(entry.entityID) {
                    superseded += 1
                    logger.notice(
                        "The server kept a newer change to a task; this machine's change gives way and the newer one is pulled next",
                        metadata: ["docket.sync.id": "\(entry.entityID)"])
                }
            }
            try await store.acknowledge(entity, live)
            return (live.count - superseded, 0, superseded)
        case .rowsRejected(_, let message):
            guard live.count > 1 else {
                logger.debug(
                    "Row refused by the server; quarantined", metadata: ["docket.sync.entity": "\(entity.rawValue)", "docket.sync.id": "\(live[0].entityID)"])
                try await store.quarantine(entity, live[0], error: message)
                return (0, 1, 0)
            }
            let half = live.count / 2
            let a = try await pushUpserts(entity, Array(live[..<half]))
            let b = try await pushUpserts(entity, Array(live[half...]))
            return (a.0 + b.0, a.1 + b.1, a.2 + b.2)
        }
    }

    /// Runs `attempt` until it succeeds, retrying transient failures with backoff; the last failure is thrown.
    private func withTransientRetries<T>(_ attempt: () async throws -> T) async throws -> T {
        var tries = 0
        while true {
            tries += 1
            do {
                return try await attempt()
            } catch let error as SyncError where error.isTransient && tries < retry.maxAttempts {
                let wait = retry.delay(afterAttempt: tries, retryAfter: error.retryAfter)
                logger.debug(
                    "Supabase unavailable; retrying",
                    metadata: ["docket.sync.status": "\(error.status.map(String.init) ?? "network")", "docket.sync.wait": "\(wait)"])
                try await Task.sleep(for: wait)
            }
        }
    }

    /// Runs `attempt` until it succeeds, retrying transient failures; after the last attempt the entries are
    /// deferred and the error is thrown.
    private func withRetries(_ entity: Outbox.Entity, _ entries: [OutboxEntry], _ attempt: () async throws -> PostgrestOutcome) async throws -> PostgrestOutcome
    {
        do {
            return try await withTransientRetries(attempt)
        } catch let error as SyncError where error.isTransient {
            let wait = retry.delay(afterAttempt: retry.maxAttempts, retryAfter: error.retryAfter)
            try await store.deferChanges(entity, entries, until: Date().addingTimeInterval(wait / .seconds(1)), error: error.message)
            throw error
        }
    }

}
