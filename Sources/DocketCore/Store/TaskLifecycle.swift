public import Foundation
import GRDB

/// Which tasks a listing shows by state.
public enum TaskState: String, Sendable, CaseIterable {
    /// Not done (the default).
    case open
    /// Done.
    case done
    /// Both.
    case all
}

/// A due-date window for listings, in the configured zone.
public enum DueWindow: String, Sendable, CaseIterable {
    /// Due today.
    case today
    /// Due from today through the next six days.
    case week
    /// Due before now.
    case overdue
}

/// What `docket tasks` shows. Deleted tasks are never listed.
public struct TaskFilter: Sendable, Equatable {
    public var state = TaskState.open
    public var due: DueWindow?
    /// A project name, compared without case.
    public var project: String?
    /// A label, compared without case.
    public var label: String?
    /// Words the title contains, compared without case.
    public var search: String?
    public var limit = 50

    /// Open tasks, at most 50; set the fields to narrow it.
    public init() {}
}

/// A change to a task's fields (`docket edit`); nil leaves a field as it is.
public struct TaskEdit: Sendable, Equatable {
    public var title: String?
    /// A new when, read by the extractor's date reader; its due fields and recurrence replace the task's.
    public var due: ExtractedTask?
    /// Removes the due date, time and recurrence.
    public var clearDue = false
    public var priority: TaskPriority?
    /// A new project; an empty string removes it.
    public var project: String?
    /// New labels; an empty list removes them.
    public var labels: [String]?

    /// No change yet; set the fields to change.
    public init() {}

    func apply(to task: inout TaskRecord) {
        if let title { task.title = title }
        if clearDue {
            task.dueDate = nil
            task.dueTime = nil
            task.dueAt = nil
            task.recurrence = nil
        }
        if let due {
            task.dueDate = due.dueDate
            task.dueTime = due.dueTime
            task.dueAt = due.dueAt
            task.timeZone = due.timeZone
            if let recurrence = due.recurrence {
                task.recurrence = recurrence
            } else if let rule = task.recurrence, let day = due.dueDate {
                task.recurrence = Self.rule(rule, movedTo: day)
            }
        }
        if let priority { task.priority = priority }
        if let project { task.project = project.isEmpty ? nil : project }
        if let labels { task.labels = labels }
    }
}

extension TaskEdit {
    /// A repeat rule moved to a new first day, so the task's due date stays one of its days: weekly on one day moves
    /// to the new weekday, monthly on one date to the new date, yearly to the new month and date ("every Tuesday"
    /// due Friday now repeats on Fridays). Other rules (several days, the nth weekday) stay as they are.
    static func rule(_ rule: String, movedTo day: String) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard parts.count == 3, let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else { return rule }
        var fields = rule.split(separator: ";").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        func value(_ key: String) -> String? { fields.first { $0.first == key && $0.count == 2 }?[1] }
        func set(_ key: String, _ new: String) { fields = fields.map { $0.first == key ? [key, new] : $0 } }
        let single = { (key: String) in value(key).map { !$0.contains(",") && $0.allSatisfy { $0.isLetter || $0.isNumber } } ?? false }
        switch value("FREQ") {
        case "WEEKLY" where single("BYDAY") && value("BYDAY")!.allSatisfy(\.isLetter):
            set("BYDAY", ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][calendar.component(.weekday, from: date) - 1])
        case "MONTHLY" where single("BYMONTHDAY") && value("BYDAY") == nil:
            set("BYMONTHDAY", String(parts[2]))
        case "YEARLY" where single("BYMONTHDAY") && single("BYMONTH"):
            set("BYMONTH", String(parts[1]))
            set("BYMONTHDAY", String(parts[2]))
        default:
            return rule
        }
        return fields.map { $0.joined(separator: "=") }.joined(separator: ";")
    }
}

/// The tasks taken back by `docket undo`, and the note they came from.
public struct UndoneNote: Sendable, Equatable {
    public var note: NoteRecord
    public var tasks: [TaskRecord]
}

extension DocketStore {
    // MARK: - Listing

    /// Tasks matching `filter`, most recently created first; due windows are days in `zone` as of `now`.
    public func tasks(matching filter: TaskFilter, now: Date = Date(), zone: TimeZone = .current) async throws -> [TaskRecord] {
        var clauses = ["deleted_at IS NULL"]
        var arguments: StatementArguments = []
        switch filter.state {
        case .open: clauses.append("completed = 0")
        case .done: clauses.append("completed = 1")
        case .all: break
        }
        if let due = filter.due {
            let today = Civil(now, zone: zone)
            switch due {
            case .today:
                clauses.append("due_date = ?")
                _ = arguments.append(contentsOf: [today.day])
            case .week:
                clauses.append("due_date BETWEEN ? AND ?")
                _ = arguments.append(contentsOf: [today.day, Civil(now.addingTimeInterval(6 * 86_400), zone: zone).day])
            case .overdue:
                clauses.append("completed = 0 AND (due_date < ? OR (due_date = ? AND due_time IS NOT NULL AND due_time < ?))")
                _ = arguments.append(contentsOf: [today.day, today.day, today.hourAndMinute])
            }
        }
        if let project = filter.project {
            clauses.append("lower(project) = lower(?)")
            _ = arguments.append(contentsOf: [project])
        }
        if let label = filter.label {
            clauses.append("EXISTS (SELECT 1 FROM json_each(tasks.labels) WHERE lower(json_each.value) = lower(?))")
            _ = arguments.append(contentsOf: [label])
        }
        if let search = filter.search {
            clauses.append(#"title LIKE ? ESCAPE '\'"#)
            _ = arguments.append(contentsOf: ["%" + Self.likeEscaped(search) + "%"])
        }
        let order = filter.due == nil ? "created_at DESC, position" : "due_date, due_time IS NULL, due_time, created_at DESC"
        let sql = "SELECT * FROM tasks WHERE \(clauses.joined(separator: " AND ")) ORDER BY \(order) LIMIT ?"
        _ = arguments.append(contentsOf: [filter.limit])
        let finalArguments = arguments
        return try await read { db in try TaskRecord.fetchAll(db, sql: sql, arguments: finalArguments) }
    }

    // MARK: - Finding a task

    /// The task `reference` names among tasks in `state` (deleted tasks never match): a full id, the start of one
    /// (at least four characters, as `docket tasks` shows eight), or a piece of the title. A title matched exactly
    /// wins over titles that only contain it.
    /// - Throws: ``StoreError`` `.noSuchTask`, or `.ambiguousTask` with the candidates in the message.
    public func task(matching reference: String, in state: TaskState = .all) async throws -> TaskRecord {
        let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw StoreError(.noSuchTask, "No task given: name one by its id (as docket tasks shows it) or a piece of its title.") }
        let stateClause =
            switch state {
            case .open: " AND completed = 0"
            case .done: " AND completed = 1"
            case .all: ""
            }
        let idLike = text.count >= 4 && text.allSatisfy { $0.isHexDigit || $0 == "-" }
        let (byID, byTitle) = try await read { db -> ([TaskRecord], [TaskRecord]) in
            if idLike {
                // A range on the primary key (ids are lower-case hex and dashes, all below U+007F): an index seek.
                let prefix = text.lowercased()
                let ids = try TaskRecord.fetchAll(
                    db, sql: "SELECT * FROM tasks WHERE id >= ? AND id < ? AND deleted_at IS NULL\(stateClause) LIMIT 11",
                    arguments: [prefix, prefix + "\u{7F}"])
                if !ids.isEmpty { return (ids, []) }
            }
            let titles = try TaskRecord.fetchAll(
                db, sql: #"SELECT * FROM tasks WHERE deleted_at IS NULL\#(stateClause) AND title LIKE ? ESCAPE '\' ORDER BY created_at DESC LIMIT 11"#,
                arguments: ["%" + Self.likeEscaped(text) + "%"])
            return ([], titles)
        }
        var matches = byID.isEmpty ? byTitle : byID
        if matches.count > 1, byID.isEmpty {
            let exact = matches.filter { $0.title.caseInsensitiveCompare(text) == .orderedSame }
            if exact.count == 1 { matches = exact }
        }
        let scope =
            switch state {
            case .open: "open task"
            case .done: "done task"
            case .all: "task"
            }
        guard let first = matches.first else {
            // The one task of the other state it names: say what it is instead of that nothing matches.
            if state != .all, let other = try? await task(matching: text, in: .all) {
                throw StoreError(
                    .noSuchTask,
                    state == .open
                        ? "\(other.shortID)  \(other.title) is already done; docket undone \(other.shortID) reopens it."
                        : "\(other.shortID)  \(other.title) is not done; docket done \(other.shortID) marks it.")
            }
            throw StoreError(
                .noSuchTask, "No \(scope) matches \"\(text)\". Run docket tasks\(state == .done ? " --done" : state == .all ? " --all" : "") to see their ids.")
        }
        guard matches.count == 1 else {
            let shown = matches.prefix(10).map { "  \($0.shortID)  \($0.title)" }.joined(separator: "\n")
            let more = matches.count > 10 ? "\n  …" : ""
            throw StoreError(.ambiguousTask, "\"\(text)\" matches several \(scope)s; name one by its id:\n\(shown)\(more)")
        }
        return first
    }

    // MARK: - Changes (each one transaction with its outbox entry)

    /// Marks tasks done; tasks already done keep their completion time.
    @discardableResult
    public func complete(ids: [String], at now: Date = Date()) async throws -> [TaskRecord] {
        try await change(ids, "mark the task done", at: now) { task in
            guard !task.completed else { return false }
            task.completed = true
            task.completedAt = now
            return true
        }
    }

    /// Marks tasks not done again.
    @discardableResult
    public func reopen(ids: [String], at now: Date = Date()) async throws -> [TaskRecord] {
        try await change(ids, "mark the task not done", at: now) { task in
            guard task.completed else { return false }
            task.completed = false
            task.completedAt = nil
            return true
        }
    }

    /// Changes a task's fields.
    @discardableResult
    public func edit(id: String, _ edit: TaskEdit, at now: Date = Date()) async throws -> TaskRecord? {
        try await change([id], "change the task", at: now) { task in
            let before = task
            edit.apply(to: &task)
            return task != before
        }.first
    }

    /// Deletes tasks: they become tombstones, so the deletion syncs, and stop being listed.
    @discardableResult
    public func delete(ids: [String], at now: Date = Date()) async throws -> [TaskRecord] {
        try await change(ids, "delete the task", at: now) { task in
            task.deletedAt = now
            return true
        }
    }

    /// Deletes the tasks of the most recently stored note that still has some (`docket undo`, and "scratch that"
    /// said to `docket listen`); with `since`, only a note stored at or after it.
    /// - Returns: the note and the tasks taken back, or nil when there is nothing to take back.
    public func undoLastNote(since: Date? = nil, at now: Date = Date()) async throws -> UndoneNote? {
        try await write("take back the last note's tasks") { db -> UndoneNote? in
            var sql = """
                SELECT notes.* FROM notes WHERE EXISTS (SELECT 1 FROM tasks WHERE tasks.note_id = notes.id AND tasks.deleted_at IS NULL)
                """
            var arguments: StatementArguments = []
            if let since {
                sql += " AND ingested_at >= ?"
                _ = arguments.append(contentsOf: [since])
            }
            sql += " ORDER BY ingested_at DESC LIMIT 1"
            guard let note = try NoteRecord.fetchOne(db, sql: sql, arguments: arguments) else { return nil }
            var undone: [TaskRecord] = []
            let live = try TaskRecord.filter(TaskRecord.CodingKeys.noteID == note.id && TaskRecord.CodingKeys.deletedAt == nil)
                .order(TaskRecord.CodingKeys.position).fetchAll(db)
            for var task in live {
                task.deletedAt = now
                task.updatedAt = now
                try task.update(db)
                try Outbox.enqueue(db, .task, id: task.id, op: .upsert)
                undone.append(task)
            }
            return UndoneNote(note: note, tasks: undone)
        }
    }

    /// Applies `body` to each task (deleted ones skipped) and, where it reports a change, stamps `updated_at` and
    /// queues the task for sync; all in one transaction. Returns the tasks as stored afterwards.
    private func change(_ ids: [String], _ what: String, at now: Date, _ body: @Sendable @escaping (inout TaskRecord) -> Bool) async throws -> [TaskRecord] {
        try await write(what) { db in
            var result: [TaskRecord] = []
            for id in ids {
                guard var task = try TaskRecord.fetchOne(db, key: id), task.deletedAt == nil else { continue }
                if body(&task) {
                    task.updatedAt = now
                    try task.update(db)
                    try Outbox.enqueue(db, .task, id: task.id, op: .upsert)
                }
                result.append(try TaskRecord.fetchOne(db, key: id) ?? task)
            }
            return result
        }
    }

    /// `text` with LIKE's wildcards escaped (by `\`).
    static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }
}
