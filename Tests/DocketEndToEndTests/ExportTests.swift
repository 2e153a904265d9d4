import DocketCore
import DocketTesting
import Foundation
import Testing

/// `docket export` through the built binary, each format read back by a real reader: Python's `icalendar` and `csv`
/// (in the setup script's venv), Taskwarrior's `task import`, a todo.txt reader written from the format's rules,
/// and docket's own JSON decoder.
@Suite("Export")
struct ExportTests {
    let scratch: Scratch
    var database: String { scratch.path("docket.sqlite") }

    init() throws { scratch = try Scratch() }

    func docket(_ arguments: [String]) async throws -> ProcessResult {
        try await run(TestEnvironment.docketBinary.path, arguments, environment: ["DOCKET_DB": database, "DOCKET_TZ": "America/New_York"], check: false)
    }

    /// Tasks that exercise every field: times on both sides of a DST change, a fixed-offset zone, repeats, a
    /// priority, a project and labels with spaces, a title full of characters the formats treat specially, one done.
    func storeTasks() async throws -> [TaskRecord] {
        let notes: [(String, [String])] = [
            ("buy milk tomorrow at 3pm urgent", []), ("renew the passport on july 10 at 10am", []), ("water the plants every monday", []),
            ("standup every weekday at 9am", []), ("call mom", []), ("pay the electricity bill friday at 6pm", ["--tz", "+05:30"]),
        ]
        for (text, extra) in notes {
            let added = try await docket(["add", "--now", "2026-11-24T09:00"] + extra + [text])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let edited = try await docket([
            "edit", "call mom", "--title", #"=SUM(A1) call +mom @home re:taxes, "now"; \ and ü—"#, "--project", "Home Office", "--labels", "big errand, phone",
            "--priority", "low",
        ])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try await docket(["done", "milk"]).status == 0)
        let store = try DocketStore(path: database)
        var filter = TaskFilter()
        filter.state = .all
        return try await store.tasks(matching: filter)
    }

    func export(_ format: String) async throws -> String {
        let path = scratch.path("out." + format)
        let result = try await docket(["export", "--all", "--format", format, "-o", path])
        #expect(result.status == 0 && result.stderr.contains("Exported"), "\(result.stderr)")
        return path
    }

    func python(_ script: String, _ arguments: [String]) async throws -> Data {
        let venv = TestEnvironment.environment["DOCKET_VENV"] ?? TestEnvironment.packageRoot.appendingPathComponent(".venv").path
        let result = try await run(venv + "/bin/python", ["-c", script] + arguments, check: false)
        #expect(result.status == 0, "\(result.stderr)")
        return Data(result.stdout.utf8)
    }

    @Test func everyFormatReadsBackAsStored() async throws {
        defer { scratch.remove() }
        let tasks = try await storeTasks()
        #expect(tasks.count == 6)
        try await checkJSON(tasks)
        try await checkCalendar(tasks)
        try await checkCSV(tasks)
        try await checkTaskwarrior(tasks)
        try await checkTodoTxt(tasks)
    }

    /// JSON round trip: what docket writes, docket reads back into the same tasks.
    func checkJSON(_ tasks: [TaskRecord]) async throws {
        struct File: Decodable {
            struct Entry: Decodable {
                var completed: Bool
                var note_id: String?
            }
            var tasks: [TaskJSON]
            var states: [Entry]

            enum Keys: String, CodingKey { case tasks }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                tasks = try c.decode([TaskJSON].self, forKey: .tasks)
                states = try c.decode([Entry].self, forKey: .tasks)
            }
        }
        let file = try await JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: export("json"))))
        #expect(file.tasks.sorted { $0.id < $1.id } == tasks.map(TaskJSON.init).sorted { $0.id < $1.id })
        #expect(file.states.filter(\.completed).count == 1)
        #expect(zip(file.tasks, file.states).allSatisfy { pair in tasks.first { $0.id == pair.0.id }?.noteID == pair.1.note_id })
    }

    /// iCalendar through Python's icalendar: every VTODO's due instant, repeat rule, state and text match the store,
    /// and each VTIMEZONE gives the offset the zone has at that due time.
    func checkCalendar(_ tasks: [TaskRecord]) async throws {
        let script = """
            import icalendar, json, sys, datetime
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            zones = {tz['TZID']: tz.to_tz() for tz in cal.walk('VTIMEZONE')}
            out = []
            for todo in cal.walk('VTODO'):
                entry = {'uid': str(todo['UID']), 'summary': str(todo['SUMMARY']), 'status': str(todo['STATUS']),
                         'priority': int(todo.get('PRIORITY', 0)), 'categories': [], 'rrule': None, 'due': None, 'zone_offset_ok': True}
                for cats in ([todo['CATEGORIES']] if 'CATEGORIES' in todo and not isinstance(todo['CATEGORIES'], list) else todo.get('CATEGORIES', [])):
                    entry['categories'] += [str(c) for c in cats.cats]
                if 'RRULE' in todo:
                    entry['rrule'] = todo['RRULE'].to_ical().decode()
                    assert 'DTSTART' in todo
                if 'DUE' in todo:
                    due = todo.decoded('DUE')
                    if isinstance(due, datetime.datetime):
                        tzid = todo['DUE'].params.get('TZID')
                        if tzid:
                            local = due.replace(tzinfo=None)
                            mine = zones[tzid].utcoffset(local)
                            entry['zone_offset_ok'] = mine == due.utcoffset()
                        entry['due'] = due.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
                    else:
                        entry['due'] = due.isoformat()
                out.append(entry)
            print(json.dumps(out))
            """
        struct Todo: Decodable {
            var uid, summary, status: String
            var priority: Int
            var categories: [String]
            var rrule, due: String?
            var zone_offset_ok: Bool
        }
        let todos = try await JSONDecoder().decode([Todo].self, from: python(script, [export("ics")]))
        #expect(todos.count == tasks.count)
        for task in tasks {
            let todo = try #require(todos.first { $0.uid == task.id + "@docket" })
            #expect(todo.summary == task.title)
            #expect(todo.status == (task.completed ? "COMPLETED" : "NEEDS-ACTION"))
            #expect(todo.rrule == task.recurrence)
            #expect(todo.categories == (task.project.map { [$0] } ?? []) + task.labels)
            #expect(todo.priority == ["high": 1, "medium": 5, "low": 9, "none": 0][task.priority.rawValue])
            #expect(todo.zone_offset_ok, "the VTIMEZONE of \(task.timeZone) agrees with the zone at \(task.dueAt ?? "")")
            if let dueAt = task.dueAt {
                let instant = try #require(ISO8601DateFormatter().date(from: dueAt))
                #expect(todo.due == ISO8601DateFormatter().string(from: instant), "\(task.title)")
            } else {
                #expect(todo.due == task.dueDate)
            }
        }
    }

    /// CSV through Python's csv reader.
    func checkCSV(_ tasks: [TaskRecord]) async throws {
        let script = "import csv, json, sys\nprint(json.dumps(list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')))))"
        let rows = try await JSONDecoder().decode([[String: String]].self, from: python(script, [export("csv")]))
        #expect(rows.count == tasks.count)
        for task in tasks {
            let row = try #require(rows.first { $0["id"] == task.id })
            // A cell a spreadsheet would run as a formula is quoted with a leading apostrophe.
            let title = try #require(row["title"])
            #expect(title == task.title || (title == "'" + task.title && "=+-@".contains(task.title.first!)))
            #expect(row["labels"] == task.labels.joined(separator: ";") && row["project"] == (task.project ?? ""))
            #expect(row["due_at"] == (task.dueAt ?? "") && row["recurrence"] == (task.recurrence ?? "") && row["completed"] == String(task.completed))
        }
    }

    /// Taskwarrior's own import, then its export.
    func checkTaskwarrior(_ tasks: [TaskRecord]) async throws {
        let data = scratch.path("taskdata")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try "data.location=\(data)\nconfirmation=off\nverbose=nothing\n".write(toFile: scratch.path("taskrc"), atomically: true, encoding: .utf8)
        let environment = ["TASKRC": scratch.path("taskrc"), "TASKDATA": data]
        let imported = try await run("task", ["import", export("taskwarrior")], environment: environment, check: false)
        #expect(imported.status == 0, "task import: \(imported.stderr)")
        let exported = try await run("task", ["export"], environment: environment)
        struct Task: Decodable {
            var uuid, description, status: String
            var due, priority, project, end: String?
            var tags: [String]?
        }
        let back = try JSONDecoder().decode([Task].self, from: Data(exported.stdout.utf8))
        #expect(back.count == tasks.count)
        for task in tasks {
            let entry = try #require(back.first { $0.uuid == task.id })
            #expect(entry.description == task.title && entry.project == task.project)
            #expect(entry.status == (task.completed ? "completed" : "pending") && (entry.end != nil) == task.completed)
            #expect(entry.tags ?? [] == task.labels.map { $0.replacingOccurrences(of: " ", with: "-") })
            #expect(entry.priority == ["high": "H", "medium": "M", "low": "L"][task.priority.rawValue])
            if let dueAt = task.dueAt {
                let instant = try #require(ISO8601DateFormatter().date(from: dueAt))
                #expect(
                    entry.due == ISO8601DateFormatter().string(from: instant).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: ""))
            }
            #expect((entry.due != nil) == (task.dueDate != nil))
        }
    }

    /// todo.txt, read by the format's rules: `x DONE CREATED` or `(P) CREATED`, then words, `+project`, `@context`
    /// and `key:value`; one task per line.
    func checkTodoTxt(_ tasks: [TaskRecord]) async throws {
        let lines = try await String(contentsOfFile: export("todotxt"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "" && lines.count == tasks.count + 1, "one line per task, newline-terminated")
        let day = /\d{4}-\d{2}-\d{2}/
        for (line, task) in zip(lines, tasks.reversed()) {
            var words = line.split(separator: " ").map(String.init)
            if task.completed {
                #expect(words.removeFirst() == "x")
                #expect(words.removeFirst().wholeMatch(of: day) != nil, "a done task gives its completion date")
            } else if task.priority != .none {
                #expect(words.removeFirst().wholeMatch(of: /\([A-Z]\)/) != nil)
            }
            #expect(words.removeFirst().wholeMatch(of: day) != nil, "the creation date")
            let projects = words.filter { $0.hasPrefix("+") && $0.count > 1 }.map { String($0.dropFirst()) }
            let contexts = words.filter { $0.hasPrefix("@") && $0.count > 1 }.map { String($0.dropFirst()) }
            let pairs = words.filter { $0.wholeMatch(of: /[^:\s]+:[^:\s]+/) != nil }
            let description = words.filter { word in !word.hasPrefix("+") && !word.hasPrefix("@") && !pairs.contains(word) }
            #expect(projects == task.project.map { [$0.replacingOccurrences(of: " ", with: "-")] } ?? [])
            #expect(contexts == task.labels.map { $0.replacingOccurrences(of: " ", with: "-") })
            #expect(pairs.contains("due:" + (task.dueDate ?? "")) == (task.dueDate != nil))
            #expect(!description.isEmpty && description.joined(separator: " ").hasPrefix(String(task.title.prefix(4)).replacingOccurrences(of: "+", with: "")))
        }
    }

    @Test func formatFromFileNameAndErrors() async throws {
        defer { scratch.remove() }
        #expect(try await docket(["add", "buy milk"]).status == 0)
        let ics = scratch.path("tasks.ics")
        #expect(try await docket(["export", "-o", ics]).status == 0)
        #expect(try String(contentsOfFile: ics, encoding: .utf8).hasPrefix("BEGIN:VCALENDAR\r\n"))
        let stdout = try await docket(["export"])
        #expect(stdout.status == 0 && stdout.stdout.hasPrefix("{\"tasks\":[{"), "JSON on standard output by default")
        let bad = try await docket(["export", "--format", "xml"])
        #expect(bad.status == 64 && bad.stderr.contains("todotxt, ics, csv, json or taskwarrior"))
        let unknownExtension = try await docket(["export", "-o", scratch.path("tasks.xml")])
        #expect(unknownExtension.status == 64 && unknownExtension.stderr.contains("--format"), "\(unknownExtension.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("tasks.xml")))
        let unwritable = try await docket(["export", "-o", scratch.path("missing/dir/tasks.txt")])
        #expect(unwritable.status == 73 && unwritable.stderr.contains("can't write"), "\(unwritable.stderr)")

        // Through a link, the file it names is replaced and the link stays; a device is written to, not replaced.
        let real = scratch.path("real.csv")
        let link = scratch.path("link.csv")
        try "old".write(toFile: real, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        #expect(try await docket(["export", "-o", link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
        #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("id,title"), "the file the link names has the export")
        let null = try await docket(["export", "--format", "csv", "-o", "/dev/null"])
        #expect(null.status == 0, "\(null.stderr)")
        // -o /dev/stdout is the shell's standard output, file and offset, not a file to replace.
        let out = scratch.path("out.txt")
        let shell = "{ echo before; '\(TestEnvironment.docketBinary.path)' export --format todotxt -o /dev/stdout; echo after; } > '\(out)'"
        #expect(try await run("/bin/sh", ["-c", shell], environment: ["DOCKET_DB": database, "DOCKET_TZ": "America/New_York"], check: false).status == 0)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "before" && lines.last == "after" && lines.contains { $0.hasSuffix("Buy milk") }, "\(lines)")
        #expect((try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType) == .typeCharacterSpecial)
    }
}
