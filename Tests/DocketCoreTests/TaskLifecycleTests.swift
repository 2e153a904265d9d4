import Foundation
import GRDB
import Testing

@testable import DocketCore

/// Done, edited, deleted and taken-back tasks in the store, and pulled changes applied to it.
@Suite("Task lifecycle")
struct TaskLifecycleTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    /// Tuesday 2026-11-24 10:00 in New York.
    static let now = Date(timeIntervalSince1970: 1_795_532_400)

    static func task(_ title: String, due: String? = nil, time: String? = nil, project: String? = nil, labels: [String] = []) -> ExtractedTask {
        ExtractedTask(title: title, dueDate: due, dueTime: time, timeZone: "America/New_York", labels: labels, project: project, sourceText: title.lowercased())
    }

    @Test(
        "a new due date moves a simple repeat with it, so the due date stays one of its days",
        arguments: [
            ("FREQ=WEEKLY;BYDAY=TU", "2026-11-27", "FREQ=WEEKLY;BYDAY=FR"),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "2026-11-29", "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU"),
            ("FREQ=MONTHLY;BYMONTHDAY=1", "2026-12-15", "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=4", "2027-06-09", "FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=9"),
            // Several days, the nth weekday, or no day at all: as they were.
            ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "2026-11-27", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
            ("FREQ=MONTHLY;BYDAY=2TU", "2026-12-15", "FREQ=MONTHLY;BYDAY=2TU"),
            ("FREQ=DAILY", "2026-12-15", "FREQ=DAILY"),
        ])
    func repeatMovesWithTheDueDate(_ rule: String, _ day: String, _ moved: String) {
        #expect(TaskEdit.rule(rule, movedTo: day) == moved)
    }

    static func note(_ hash: String, at date: Date = Date()) -> NoteRecord {
        NoteRecord(sourceFile: "\(hash).wav", contentHash: hash, recordedAt: date, ingestedAt: date, durationSeconds: 2, transcript: hash, status: .done)
    }

    static func pending(_ store: DocketStore, _ id: String) async throws -> Int {
        try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE entity = 'task' AND entity_id = ?", arguments: [id]) ?? 0 }
    }

    static func clearOutbox(_ store: DocketStore) async throws {
        try await store.write("clear") { db in try db.execute(sql: "DELETE FROM outbox") }
    }

    @Test func doneUndoneEditAndDeleteAreQueuedForSync() async throws {
        let store = try DocketStore.inMemory()
        let (_, tasks) = try await store.saveNote(Self.note("a"), tasks: [Self.task("Buy milk"), Self.task("Call mom")])
        try await Self.clearOutbox(store)
        let milk = tasks[0]

        let done = try await store.complete(ids: [milk.id], at: Self.now)
        #expect(done.first?.completed == true && done.first?.completedAt == Self.now)
        #expect(try await Self.pending(store, milk.id) == 1)
        #expect(try await store.tasks(matching: TaskFilter()).map(\.title) == ["Call mom"])
        #expect(try await store.tasks(matching: TaskFilter(state: .done)).map(\.title) == ["Buy milk"])
        // Marking it done again changes nothing and queues nothing.
        _ = try await store.complete(ids: [milk.id], at: Self.now.addingTimeInterval(60))
        #expect(try await store.tasks(matching: TaskFilter(state: .done)).first?.completedAt == Self.now)
        #expect(try await Self.pending(store, milk.id) == 1)

        let reopened = try await store.reopen(ids: [milk.id])
        #expect(reopened.first?.completed == false && reopened.first?.completedAt == nil)

        let edited = try await store.edit(id: milk.id, TaskEdit(title: "Buy oat milk", priority: .high, project: "Home", labels: ["errand"]))
        #expect(edited?.title == "Buy oat milk" && edited?.priority == .high && edited?.project == "Home" && edited?.labels == ["errand"])
        let cleared = try await store.edit(id: milk.id, TaskEdit(project: "", labels: []))
        #expect(cleared?.project == nil && cleared?.labels == [])

        let deleted = try await store.delete(ids: [milk.id])
        #expect(deleted.first?.deletedAt != nil)
        #expect(try await store.tasks(matching: TaskFilter(state: .all)).map(\.title) == ["Call mom"])
        #expect(try await store.counts().tasks == 1)
        // The tombstone stays so that the deletion syncs.
        #expect(try await store.tasks(ids: [milk.id]).first?.deletedAt != nil)
        #expect(try await store.pendingChanges(.task, limit: 10).map(\.isDelete) == [false])
    }

    @Test func findingATaskByIdOrTitle() async throws {
        let store = try DocketStore.inMemory()
        let (_, tasks) = try await store.saveNote(
            Self.note("a"), tasks: [Self.task("Call mom"), Self.task("Call the dentist"), Self.task("Buy milk"), Self.task("Call")])
        #expect(try await store.task(matching: tasks[2].id).id == tasks[2].id)
        #expect(try await store.task(matching: tasks[2].shortID).id == tasks[2].id)
        #expect(try await store.task(matching: tasks[2].id.uppercased().prefix(6).description).id == tasks[2].id)
        #expect(try await store.task(matching: "MILK").id == tasks[2].id)
        #expect(try await store.task(matching: "dentist").id == tasks[1].id)
        // "call" is in three titles, but one title is exactly "Call".
        #expect(try await store.task(matching: "call").id == tasks[3].id)
        do {
            _ = try await store.task(matching: "call m")
            _ = try await store.delete(ids: [tasks[3].id])
            _ = try await store.task(matching: "Cal")
            Issue.record("\"Cal\" should be ambiguous")
        } catch let error as StoreError {
            #expect(error.code == .ambiguousTask)
            #expect(error.message.contains(tasks[0].shortID) && error.message.contains("Call the dentist"))
            #expect(!error.message.contains(tasks[3].shortID), "a deleted task is not a candidate")
        }
        await #expect(throws: StoreError.self) { try await store.task(matching: "walk the dog") }
        // Scopes: a done task is found among done ones only.
        _ = try await store.complete(ids: [tasks[2].id])
        await #expect(throws: StoreError.self) { try await store.task(matching: "milk", in: .open) }
        #expect(try await store.task(matching: "milk", in: .done).id == tasks[2].id)
        // LIKE's wildcards are plain characters here.
        await #expect(throws: StoreError.self) { try await store.task(matching: "%") }
    }

    struct FilterCase: Sendable, CustomTestStringConvertible {
        var filter: TaskFilter
        var titles: [String]
        var testDescription: String { "\(filter.state) \(filter.due?.rawValue ?? "-") \(filter.project ?? "-") \(filter.label ?? "-") \(filter.search ?? "-")" }
    }

    static let filterCases: [FilterCase] = [
        FilterCase(filter: TaskFilter(), titles: ["No date", "Next month", "Sunday", "Tonight", "This morning", "Yesterday"]),
        FilterCase(filter: TaskFilter(state: .done), titles: ["Done today"]),
        FilterCase(filter: TaskFilter(state: .all), titles: ["No date", "Next month", "Sunday", "Tonight", "This morning", "Yesterday", "Done today"]),
        FilterCase(filter: TaskFilter(due: .today), titles: ["This morning", "Tonight"]),
        FilterCase(filter: TaskFilter(state: .all, due: .today), titles: ["This morning", "Tonight", "Done today"]),
        FilterCase(filter: TaskFilter(due: .week), titles: ["This morning", "Tonight", "Sunday"]),
        FilterCase(filter: TaskFilter(due: .overdue), titles: ["Yesterday", "This morning"]),
        FilterCase(filter: TaskFilter(state: .all, due: .overdue), titles: ["Yesterday", "This morning"]),
        FilterCase(filter: TaskFilter(project: "home"), titles: ["Sunday", "Yesterday"]),
        FilterCase(filter: TaskFilter(label: "ERRAND"), titles: ["Tonight"]),
        FilterCase(filter: TaskFilter(search: "mon"), titles: ["Next month"]),
        FilterCase(filter: TaskFilter(search: "100%"), titles: []),
        FilterCase(filter: TaskFilter(limit: 2), titles: ["No date", "Next month"]),
    ]

    @Test(arguments: filterCases)
    func filters(_ example: FilterCase) async throws {
        let store = try DocketStore.inMemory()
        let made: [ExtractedTask] = [
            Self.task("Done today", due: "2026-11-24"),
            Self.task("Yesterday", due: "2026-11-23", project: "Home"),
            Self.task("This morning", due: "2026-11-24", time: "08:00"),
            Self.task("Tonight", due: "2026-11-24", time: "20:00", labels: ["errand"]),
            Self.task("Sunday", due: "2026-11-29", project: "home"),
            Self.task("Next month", due: "2026-12-24"),
            Self.task("No date"),
        ]
        var doneID = ""
        for (index, task) in made.enumerated() {
            // One note each, a second apart: newest-first listings are in reverse order of `made`.
            let (_, stored) = try await store.saveNote(Self.note("n\(index)", at: Self.now.addingTimeInterval(Double(index))), tasks: [task])
            if index == 0 { doneID = stored[0].id }
            // Tasks are stamped with the time they were stored: keep the stamps apart.
            try await Task.sleep(for: .milliseconds(5))
        }
        _ = try await store.complete(ids: [doneID])
        let titles = try await store.tasks(matching: example.filter, now: Self.now, zone: Self.zone).map(\.title)
        #expect(titles == example.titles)
    }

    @Test func undoTakesBackTheLastNoteWithTasks() async throws {
        let store = try DocketStore.inMemory()
        let start = Date()
        try await store.saveNote(Self.note("first", at: start), tasks: [Self.task("One")])
        try await store.saveNote(Self.note("second", at: start.addingTimeInterval(10)), tasks: [Self.task("Two"), Self.task("Three")])
        try await store.saveNote(Self.note("empty", at: start.addingTimeInterval(20)), tasks: [])

        let undone = try #require(try await store.undoLastNote())
        #expect(undone.note.contentHash == "second")
        #expect(undone.tasks.map(\.title) == ["Two", "Three"])
        #expect(try await store.tasks(matching: TaskFilter()).map(\.title) == ["One"])
        // With a window, an older note is out of reach.
        #expect(try await store.undoLastNote(since: start.addingTimeInterval(5)) == nil)
        #expect(try await store.undoLastNote()?.tasks.map(\.title) == ["One"])
        #expect(try await store.undoLastNote() == nil)
    }

    @Test func aNoteStoredAgainWithFewerTasksLeavesTombstones() async throws {
        let store = try DocketStore.inMemory()
        let (note, first) = try await store.saveNote(Self.note("grow"), tasks: [Self.task("A"), Self.task("B")])
        _ = try await store.complete(ids: [first[0].id])
        try await Self.clearOutbox(store)
        let (_, second) = try await store.saveNote(Self.note("grow"), tasks: [Self.task("A again")])
        #expect(second.map(\.id) == [first[0].id])
        #expect(second[0].completed, "a task that was done stays done")
        #expect(try await store.tasks(noteID: note.id).map(\.title) == ["A again"])
        let tombstone = try #require(try await store.tasks(ids: [first[1].id]).first)
        #expect(tombstone.deletedAt != nil)
        #expect(try await store.pendingChanges(.task, limit: 10).count == 2)
    }

    @Test("docket notes' listing: newest first, each note with its live tasks, however many notes are asked for")
    func notesNewestFirstWithTheirTasks() async throws {
        let store = try DocketStore.inMemory()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for n in 0..<600 {
            var note = Self.note("h\(n)")
            note.ingestedAt = start.addingTimeInterval(Double(n))
            try await store.saveNote(note, tasks: [Self.task("Task \(n)")])
        }
        let listed = try await store.notes(limit: 1_000)
        #expect(listed.count == 600)
        #expect(listed.first?.note.contentHash == "h599" && listed.first?.tasks.map(\.title) == ["Task 599"])
        #expect(listed.allSatisfy { $0.tasks.count == 1 })
        #expect(try await store.notes(status: .failed, limit: 10).isEmpty)
    }

    @Test func aDatabaseFromBeforeTheLifecycleKeepsItsTasks() async throws {
        let queue = try DatabaseQueue(configuration: DocketStore.makeConfiguration())
        try DocketStore.migrator.migrate(queue, upTo: "v4-note-error-code")
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO notes (id, source_file, content_hash, recorded_at, ingested_at, duration_s, transcript, segments, status)
                    VALUES ('n1', 'a.wav', 'h', '2026-11-20 09:00:00', '2026-11-20 09:00:00', 2, 'buy milk', '[]', 'done');
                    INSERT INTO tasks (id, note_id, position, title, time_zone, priority, labels, source_text, created_at, updated_at, synced_at)
                    VALUES ('t1', 'n1', 0, 'Buy milk', 'UTC', 'none', '[]', 'buy milk', '2026-11-20 09:00:00', '2026-11-20 09:00:00', '2026-11-20 09:01:00');
                    """)
        }
        let store = try DocketStore(writer: queue)
        let task = try #require(try await store.tasks(ids: ["t1"]).first)
        #expect(task.title == "Buy milk" && task.noteID == "n1" && !task.completed && task.deletedAt == nil)
        #expect(try await store.syncCounts().syncedTasks == 1)
        // A note stored before notes kept the extractor's diagnostics and the audio's warnings reads with none.
        let note = try #require(try await store.note(id: "n1"))
        #expect(note.transcript == "buy milk" && note.diagnostics.isEmpty && note.warnings.isEmpty)
    }

    // MARK: - Pulled changes

    /// A row as the server sends it.
    static func pulled(
        _ id: String, title: String, version: String, completed: Bool = false, deleted: String? = nil, due: String? = nil, dueTime: String? = nil
    ) throws -> RemoteRows.PulledTask {
        let row: [String: Any?] = [
            "id": id, "user_id": "u", "note_id": nil, "position": 0, "title": title, "due_date": due, "due_time": dueTime, "due_at": nil,
            "time_zone": "UTC", "priority": "none", "labels": [String](), "project": nil, "recurrence": nil, "source_text": "", "completed": completed,
            "completed_at": nil, "deleted_at": deleted, "created_at": version, "updated_at": version, "changed_at": nil, "base_updated_at": nil,
        ]
        let json = try JSONSerialization.data(withJSONObject: row.mapValues { $0 ?? NSNull() })
        return try JSONDecoder().decode(RemoteRows.PulledTask.self, from: json)
    }

    @Test func pulledRowsCreateCompleteAndDeleteOnceEach() async throws {
        let store = try DocketStore.inMemory()
        let (_, local) = try await store.saveNote(Self.note("a"), tasks: [Self.task("Buy milk"), Self.task("Call mom")])
        try await Self.clearOutbox(store)
        let page = [
            try Self.pulled(
                "11111111-0000-0000-0000-000000000001", title: "From the phone", version: "2026-11-24T15:00:00.000001+00:00", due: "2026-11-25",
                dueTime: "09:30:00"),
            try Self.pulled(local[0].id, title: "Buy milk", version: "2026-11-24T15:00:01.5+00:00", completed: true),
            try Self.pulled(local[1].id, title: "Call mom", version: "2026-11-24T15:00:02+00:00", deleted: "2026-11-24T15:00:02+00:00"),
            try Self.pulled(
                "11111111-0000-0000-0000-000000000002", title: "Deleted before we saw it", version: "2026-11-24T15:00:03+00:00",
                deleted: "2026-11-24T15:00:03+00:00"),
        ]
        let cursor = PullCursor(updatedAt: page[3].updatedAt, id: page[3].id)
        let report = try await store.applyPulled(page, cursor: cursor)
        #expect(report.created == 1 && report.completed == 1 && report.deleted == 1 && report.conflicts.isEmpty)
        let open = try await store.tasks(matching: TaskFilter(state: .all))
        #expect(open.map(\.title).sorted() == ["Buy milk", "From the phone"])
        let phone = try #require(open.first { $0.title == "From the phone" })
        #expect(phone.noteID == nil && phone.dueTime == "09:30" && phone.remoteUpdatedAt == page[0].updatedAt)
        #expect(try await store.syncCounts().pending == 0, "pulled changes are not pushed back")
        #expect(try await store.pullCursor() == cursor)

        // The same page again (a retry after a crash, or the overlap of the next pull) changes nothing.
        let again = try await store.applyPulled(page, cursor: cursor)
        #expect(again.created + again.updated + again.completed + again.deleted == 0)
        // An older cursor never moves it back.
        _ = try await store.applyPulled([], cursor: PullCursor(updatedAt: "2026-11-24T14:00:00+00:00", id: page[0].id))
        #expect(try await store.pullCursor() == cursor)
    }

    @Test func aTaskChangedOnBothSidesKeepsTheNewerChange() async throws {
        let store = try DocketStore.inMemory()
        let (_, local) = try await store.saveNote(Self.note("a"), tasks: [Self.task("Buy milk"), Self.task("Call mom")])
        try await Self.clearOutbox(store)
        let early = RemoteRows.instant("2026-11-24T15:00:00+00:00")!
        // Local edits: "Buy milk" at 15:00:00 (older than the server's change), "Call mom" at 15:00:10 (newer).
        _ = try await store.edit(id: local[0].id, TaskEdit(title: "Buy oat milk"), at: early)
        _ = try await store.edit(id: local[1].id, TaskEdit(title: "Call mom back"), at: early.addingTimeInterval(10))
        let page = [
            try Self.pulled(local[0].id, title: "Buy milk and eggs", version: "2026-11-24T15:00:05+00:00"),
            try Self.pulled(local[1].id, title: "Call mom tonight", version: "2026-11-24T15:00:06+00:00"),
        ]
        let report = try await store.applyPulled(page, cursor: PullCursor(updatedAt: page[1].updatedAt, id: page[1].id))
        #expect(report.conflicts.map(\.kept) == ["remote", "local"])
        #expect(report.conflicts[0].dropped.contains("Buy oat milk"))
        #expect(report.conflicts[1].dropped.contains("Call mom tonight"))
        let now = try await store.tasks(ids: [local[0].id, local[1].id]).sorted { $0.position < $1.position }
        #expect(now.map(\.title) == ["Buy milk and eggs", "Call mom back"])
        // The dropped local change leaves the outbox; the kept one is pushed on top of the server's version.
        #expect(try await Self.pending(store, local[0].id) == 0)
        #expect(try await Self.pending(store, local[1].id) == 1)
        #expect(now[1].remoteUpdatedAt == page[1].updatedAt)
    }

    @Test func serverTimestampsRoundTripToTheMicrosecond() {
        let text = "2026-11-24T15:10:04.123456+00:00"
        let instant = RemoteRows.instant(text)
        #expect(instant.map(RemoteRows.serverTimestamp) == text)
        #expect(RemoteRows.instant("2026-11-24T15:10:04+00:00").map(RemoteRows.serverTimestamp) == "2026-11-24T15:10:04.000000+00:00")
        #expect(RemoteRows.instant("2026-11-24T10:10:04.5-05:00") == RemoteRows.instant("2026-11-24T15:10:04.5+00:00"))
        #expect(PullCursor(updatedAt: "2026-11-24T15:10:04.1+00:00", id: "a").isAfter(PullCursor(updatedAt: "2026-11-24T15:10:04.09+00:00", id: "b")))
    }
}

extension TaskFilter {
    init(state: TaskState = .open, due: DueWindow? = nil, project: String? = nil, label: String? = nil, search: String? = nil, limit: Int = 50) {
        self.init()
        (self.state, self.due, self.project, self.label, self.search, self.limit) = (state, due, project, label, search, limit)
    }
}

extension TaskEdit {
    init(title: String? = nil, priority: TaskPriority? = nil, project: String? = nil, labels: [String]? = nil) {
        self.init()
        (self.title, self.priority, self.project, self.labels) = (title, priority, project, labels)
    }
}
