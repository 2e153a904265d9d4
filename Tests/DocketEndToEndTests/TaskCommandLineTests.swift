import DocketTesting
import Foundation
import Testing

/// `docket add`, `tasks`, `done`, `undone`, `edit`, `rm` and `undo` through the built binary and a real SQLite file.
@Suite("Task commands")
struct TaskCommandLineTests {
    struct Listing: Decodable {
        struct Task: Decodable {
            var id: String
            var title: String
            var due_date: String?
            var due_time: String?
            var priority: String
            var project: String?
            var labels: [String]
            var completed: Bool
            var recurrence: String?
        }
        var tasks: [Task]
    }

    let scratch: Scratch

    init() throws { scratch = try Scratch() }

    func docket(_ arguments: [String]) async throws -> ProcessResult {
        try await run(
            TestEnvironment.docketBinary.path, arguments, environment: ["DOCKET_DB": scratch.path("docket.sqlite"), "DOCKET_TZ": "UTC"], check: false)
    }

    func list(_ arguments: [String] = []) async throws -> [Listing.Task] {
        let result = try await docket(["tasks", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Listing.self, from: Data(result.stdout.utf8)).tasks
    }

    @Test func aTaskFromAddToUndo() async throws {
        defer { scratch.remove() }
        let added = try await docket(["add", "--now", "2026-11-24T09:00", "buy milk tomorrow and call the dentist friday at 3pm"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("added") && added.stdout.contains("Buy milk"))
        let table = try await docket(["tasks"])
        let ids = try await list().map { String($0.id.prefix(8)) }
        #expect(ids.allSatisfy { table.stdout.contains($0) }, "the table shows the short ids commands take")

        #expect(try await docket(["done", "milk"]).status == 0)
        #expect(try await list().map(\.title) == ["Call the dentist"])
        #expect(try await list(["--done"]).map(\.title) == ["Buy milk"])
        #expect(try await list(["--all"]).count == 2)
        #expect(try await docket(["undone", "milk"]).status == 0)
        #expect(try await list().count == 2)

        let dentist = try await #require(try list().first { $0.title.contains("dentist") })
        let edited = try await docket([
            "edit", String(dentist.id.prefix(8)), "--due", "thursday 4pm", "--now", "2026-11-24T09:00", "--title", "Call Dr. Lee", "--priority", "high",
            "--project", "Health", "--labels", "phone, errand",
        ])
        #expect(edited.status == 0, "\(edited.stderr)")
        let lee = try await #require(try list().first { $0.id == dentist.id })
        #expect(lee.title == "Call Dr. Lee" && lee.due_date == "2026-11-26" && lee.due_time == "16:00" && lee.priority == "high")
        #expect(lee.project == "Health" && lee.labels == ["phone", "errand"])
        #expect(try await list(["--project", "health"]).map(\.id) == [dentist.id])
        #expect(try await list(["--label", "errand"]).map(\.id) == [dentist.id])
        #expect(try await list(["--search", "lee"]).map(\.id) == [dentist.id])
        #expect(try await docket(["edit", "lee", "--due", "none"]).status == 0)
        #expect(try await list().first { $0.id == dentist.id }?.due_date == nil)

        let unreadable = try await docket(["edit", "lee", "--due", "whenever suits"])
        #expect(unreadable.status == 64 && unreadable.stderr.contains("not a date docket can read"))
        #expect(
            unreadable.stderr.contains("docket edit --help") && !unreadable.stderr.contains("<subcommand>"), "the edit command's help, not the root's usage")

        #expect(try await docket(["rm", "lee"]).status == 0)
        #expect(try await list(["--all"]).map(\.title) == ["Buy milk"])
        let status = try JSONDecoder().decode(StatusCounts.self, from: Data(try await docket(["status", "--json"]).stdout.utf8))
        #expect(status.notes == 1 && status.tasks == 1, "a deleted task is not counted")

        let undo = try await docket(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("Buy milk"), "\(undo.stdout) \(undo.stderr)")
        #expect(try await list(["--all"]).isEmpty)
        let nothing = try await docket(["undo"])
        #expect(nothing.status == 1 && nothing.stderr.contains("Nothing to undo"))
    }

    struct StatusCounts: Decodable {
        var notes, tasks: Int
    }

    /// The commands that read or change stored tasks never create a database: a mistyped path is an error (66) and
    /// leaves no file behind; the default path with nothing stored yet lists nothing.
    @Test func aMissingDatabaseIsNotCreated() async throws {
        defer { scratch.remove() }
        let typo = scratch.path("typo.sqlite")
        for command in [["tasks"], ["status"], ["export"], ["done", "milk"], ["undo"]] {
            let result = try await docket(command + ["--db", typo])
            #expect(result.status == 66 && result.stderr.contains("no docket database at \(typo)"), "\(command): \(result.stderr)")
        }
        let directory = try await docket(["tasks", "--db", scratch.url.path])
        #expect(directory.status == 73 && directory.stderr.contains("is a directory, not a database file"), "\(directory.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.path + ".migrate.lock"), "a lock file was left beside the directory")
        let home = scratch.path("home")
        let environment = [
            "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config", "DOCKET_TZ": "UTC",
            "DOCKET_DB": "", "DOCKET_CONFIG": "",
        ]
        let fresh = try await run(TestEnvironment.docketBinary.path, ["tasks", "--json"], environment: environment, check: false)
        #expect(fresh.status == 0 && fresh.stdout.contains("\"tasks\":[]"), "\(fresh.stdout) \(fresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: typo) && !FileManager.default.fileExists(atPath: home))
    }

    /// Output that can't be written (a full disk, a closed standard output) ends the command with 74 and a line on
    /// stderr, for JSON written at once and for tables left in stdio's buffer alike; nothing crashes.
    @Test func outputThatCantBeWrittenIs74() async throws {
        defer { scratch.remove() }
        #expect(try await docket(["add", "buy milk tomorrow"]).status == 0)
        let environment = "DOCKET_DB='\(scratch.path("docket.sqlite"))' DOCKET_TZ=UTC"
        // /dev/full refuses every write with ENOSPC (where the machine has it); a closed descriptor with EBADF.
        let full = (try? FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType) == .typeCharacterSpecial
        let toFull = ["tasks --json", "tasks", "parse --json 'buy milk'", "export --format ics"].map { $0 + " > /dev/full" }
        for command in (full ? toFull : []) + ["tasks --json >&-", "tasks >&-"] {
            let result = try await run("/bin/sh", ["-c", "\(environment) '\(TestEnvironment.docketBinary.path)' \(command)"], check: false)
            #expect(result.status == 74, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("Can't write to standard output") && !result.stderr.contains("Fatal error"), "\(command): \(result.stderr)")
        }
    }

    /// A new due date moves a weekly repeat to the new weekday, so calendars and todo.txt agree with the due date.
    @Test func editingTheDueDateMovesTheRepeat() async throws {
        defer { scratch.remove() }
        #expect(try await docket(["add", "--now", "2026-11-24T09:00", "water the plants every tuesday at 7pm"]).status == 0)
        #expect(try await docket(["edit", "plants", "--now", "2026-11-24T09:00", "--due", "friday 9am"]).status == 0)
        let task = try #require(try await list().first)
        #expect(task.due_date == "2026-11-27" && task.due_time == "09:00")
        #expect(task.recurrence == "FREQ=WEEKLY;BYDAY=FR", "\(task.recurrence ?? "none")")
    }

    /// A task named for a change it already has says so, and how to go the other way.
    @Test func aTaskAlreadyDoneSaysSo() async throws {
        defer { scratch.remove() }
        #expect(try await docket(["add", "buy milk"]).status == 0)
        #expect(try await docket(["done", "milk"]).status == 0)
        let again = try await docket(["done", "milk"])
        #expect(again.status != 0 && again.stderr.contains("Buy milk is already done; docket undone"), "\(again.stderr)")
        #expect(try await docket(["undone", "milk"]).status == 0)
        let open = try await docket(["undone", "milk"])
        #expect(open.status != 0 && open.stderr.contains("Buy milk is not done; docket done"), "\(open.stderr)")
    }

    /// `add --json` of words that ask for nothing says why, as `parse --json` does, and exits 1.
    @Test func addingWhatIsNoTaskSaysWhy() async throws {
        defer { scratch.remove() }
        let result = try await docket(["add", "--json", "did you catch the news this morning"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"tasks\":[]") && result.stdout.contains("Not a task: a question."), "\(result.stdout)")
    }

    /// A list cut at --limit says so on stderr, so a long list is never taken for all there is.
    @Test func aCutListSaysSo() async throws {
        defer { scratch.remove() }
        #expect(try await docket(["add", "buy milk and call mom and pay rent"]).status == 0)
        let cut = try await docket(["tasks", "--json", "--limit", "2"])
        #expect(try JSONDecoder().decode(Listing.self, from: Data(cut.stdout.utf8)).tasks.count == 2)
        #expect(cut.stderr.contains("Showing the first 2 tasks; more match"), "\(cut.stderr)")
        let whole = try await docket(["tasks", "--limit", "3"])
        #expect(whole.status == 0 && !whole.stderr.contains("Showing"), "\(whole.stderr)")
    }

    @Test func anAmbiguousOrUnknownReferenceListsWhatThereIs() async throws {
        defer { scratch.remove() }
        #expect(try await docket(["add", "call mom and call the plumber"]).status == 0)
        let ambiguous = try await docket(["done", "call"])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("Call mom") && ambiguous.stderr.contains("Call the plumber"), "\(ambiguous.stderr)")
        let unknown = try await docket(["done", "walk the dog"])
        #expect(unknown.status == 64 && unknown.stderr.contains("docket tasks"))
        #expect(try await list().count == 2, "nothing changed")
        let bad = try await docket(["tasks", "--due", "someday"])
        #expect(bad.status == 64)
        let question = try await docket(["add", "did the mail come"])
        #expect(question.status == 1 && question.stderr.contains("Not a task"))
    }
}
