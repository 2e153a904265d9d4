import Foundation
import Testing

@testable import DocketExtraction

/// What one extracted task should look like. `at` is checked only when given; otherwise `dueAt` must agree
/// with `date` and `time` (and be nil when there is no time).
struct Expect: Sendable, CustomStringConvertible {
    var title: String
    var date: String?
    var time: String?
    var at: String?
    var priority: TaskPriority = .none
    var recurrence: String?
    var labels: [String] = []
    var project: String?

    var description: String { "\(title) \(date ?? "-") \(time ?? "-")" }
}

/// Shorthand for an expected task.
func task(
    _ title: String,
    _ date: String? = nil,
    _ time: String? = nil,
    at: String? = nil,
    priority: TaskPriority = .none,
    every recurrence: String? = nil,
    labels: [String] = [],
    project: String? = nil
) -> Expect {
    Expect(
        title: title,
        date: date,
        time: time,
        at: at,
        priority: priority,
        recurrence: recurrence,
        labels: labels,
        project: project
    )
}

/// One spoken note and the tasks it should give.
struct NoteCase: Sendable, CustomTestStringConvertible {
    var note: String
    var expected: [Expect]
    /// Local wall-clock reference "yyyy-MM-ddTHH:mm" in `zone`.
    var reference = "2026-11-18T09:00"
    var zone = "America/New_York"
    var projects: [String] = []
    var labels: [String] = []

    var testDescription: String { note }

    init(
        _ note: String,
        _ expected: [Expect],
        reference: String = "2026-11-18T09:00",
        zone: String = "America/New_York",
        projects: [String] = [],
        labels: [String] = []
    ) {
        self.note = note
        self.expected = expected
        self.reference = reference
        self.zone = zone
        self.projects = projects
        self.labels = labels
    }

    /// A note that yields no task.
    static func none(_ note: String) -> NoteCase { NoteCase(note, []) }

    /// The note's context.
    func context() throws -> ExtractionContext {
        let timeZone = try #require(ZoneParser.timeZone(from: zone), "bad zone \(zone)")
        let parts = reference.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" }).compactMap { Int($0) }
        try #require(parts.count == 5, "bad reference \(reference)")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
        let date = try #require(calendar.date(from: components))
        return ExtractionContext(referenceDate: date, timeZone: timeZone, projects: projects, labels: labels)
    }
}

/// Extracts `note` and compares every task with its expectation.
func expectExtraction(_ note: NoteCase) throws {
    let result = TaskExtractor().extract(from: note.note, context: try note.context())
    let got = result.tasks
    #expect(
        got.count == note.expected.count,
        "expected \(note.expected.count) task(s), got \(got.count): \(got.map(\.title))"
    )
    for (task, expected) in zip(got, note.expected) {
        #expect(task.title == expected.title)
        #expect(task.dueDate == expected.date, "due date of \(expected.title)")
        #expect(task.dueTime == expected.time, "due time of \(expected.title)")
        #expect(task.priority == expected.priority, "priority of \(expected.title)")
        #expect(task.recurrence == expected.recurrence, "recurrence of \(expected.title)")
        #expect(task.labels == expected.labels, "labels of \(expected.title)")
        #expect(task.project == expected.project, "project of \(expected.title)")
        if let at = expected.at {
            #expect(task.dueAt == at, "due_at of \(expected.title)")
        } else if let date = expected.date, let time = expected.time {
            #expect(task.dueAt?.hasPrefix(date + "T" + time + ":") == true, "due_at of \(expected.title): \(task.dueAt ?? "nil")")
        } else {
            #expect(task.dueAt == nil, "due_at of \(expected.title) should be nil")
        }
        #expect(!task.sourceText.isEmpty)
        #expect(note.note.contains(task.sourceText), "source text must be words of the note")
    }
}

/// A date or time expression said after a task ("Call Sam <phrase>") and the due date and time it must give.
struct DateExpression: Sendable, CustomTestStringConvertible {
    var phrase: String
    var date: String
    var time: String?
    /// The priority the phrase says too ("sometime next week" is low).
    var priority: TaskPriority
    var testDescription: String { phrase }

    init(_ phrase: String, _ date: String, _ time: String? = nil, priority: TaskPriority = .none) {
        self.phrase = phrase
        self.date = date
        self.time = time
        self.priority = priority
    }
}

/// Checks that "Call Sam <phrase>" gives one task, "Call Sam", due as `expression` says.
func expectDue(_ expression: DateExpression) throws {
    try expectExtraction(
        NoteCase("Call Sam " + expression.phrase, [task("Call Sam", expression.date, expression.time, priority: expression.priority)]))
}
