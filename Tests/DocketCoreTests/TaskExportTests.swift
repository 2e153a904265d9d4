import DocketExtraction
import Foundation
import Testing

@testable import DocketCore

/// The export formats' rules, piece by piece (the whole files are read back by real readers in the end-to-end tests).
@Suite("Task export")
struct TaskExportTests {
    @Test(
        "todo.txt description words",
        arguments: [
            ("Buy milk", "Buy milk"), ("Email +bob and @alice", "Email bob and alice"), ("Read re:budget", "Read re: budget"),
            ("Meet at 3:30", "Meet at 3: 30"), ("Two\nlines", "Two lines"), ("Ends with colon:", "Ends with colon:"), ("a + b", "a + b"),
        ])
    func todoTxtWords(_ title: String, _ expected: String) {
        #expect(TaskExporter.todoTxtWords(title) == expected)
    }

    @Test(
        "todo.txt repeats",
        arguments: [
            ("FREQ=DAILY", "1d"), ("FREQ=WEEKLY;BYDAY=MO", "1w"), ("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "2w"), ("FREQ=MONTHLY;BYMONTHDAY=1", "1m"),
            ("FREQ=YEARLY", "1y"), ("FREQ=WEEKLY;BYDAY=MO,WE", nil), ("FREQ=MONTHLY;BYDAY=1MO", nil),
            // A repetition that ends: todo.txt's rec: has no end, so it is not said (the due day still is).
            ("FREQ=DAILY;UNTIL=20261122", nil), ("FREQ=WEEKLY;BYDAY=SU;COUNT=4", nil),
            // Twice a month ("every month on the 1st and 15th") is no `rec:1m`.
            ("FREQ=MONTHLY;BYMONTHDAY=1,15", nil), ("FREQ=MONTHLY;BYMONTHDAY=-1", "1m"),
            // One month's weekdays ("every Sunday in December") repeat in no fixed step.
            ("FREQ=WEEKLY;BYMONTH=12;BYDAY=SU", nil), ("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3", "1y"),
            // Twice a day ("every morning and evening") is no `rec:1d`.
            ("FREQ=DAILY;BYHOUR=9,18", nil),
        ] as [(String, String?)])
    func todoTxtRecurrence(_ rule: String, _ expected: String?) {
        #expect(TaskExporter.todoTxtRecurrence(rule) == expected)
    }

    @Test func iCalendarLinesFoldAt75OctetsWithoutSplittingACharacter() {
        let line = "SUMMARY:" + String(repeating: "ü", count: 80)
        let folded = TaskExporter.folded(line)
        let physical = folded.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
        #expect(TaskExporter.text("a,b;c\\d\ne") == #"a\,b\;c\\d\ne"#)
    }

    @Test func aTimeAtAFixedOffsetIsWrittenInUTCAndADayAsADate() {
        var task = TaskRecord(
            task: ExtractedTask(title: "Pay", dueDate: "2026-11-27", dueTime: "18:00", timeZone: "+05:30", sourceText: "pay"), noteID: nil, position: 0)
        #expect(TaskExporter.dueProperty(task) == "DUE:20261127T123000Z")
        task.timeZone = "Europe/Berlin"
        #expect(TaskExporter.dueProperty(task) == "DUE;TZID=Europe/Berlin:20261127T180000")
        task.dueTime = nil
        #expect(TaskExporter.dueProperty(task) == "DUE;VALUE=DATE:20261127")
        #expect(TaskExporter.offsetText(-16_200) == "-0430" && TaskExporter.offsetText(3_600) == "+0100")
    }

    @Test func aZoneWithoutChangesHasOneObservanceAndOneWithDSTHasEach() {
        let span = (Date(timeIntervalSince1970: 1_780_000_000), Date(timeIntervalSince1970: 1_780_000_000 + 366 * 86_400))
        let tokyo = TaskExporter.timeZoneComponent(TimeZone(identifier: "Asia/Tokyo")!, from: span.0, to: span.1)
        #expect(tokyo.filter { $0 == "BEGIN:STANDARD" }.count == 1 && tokyo.contains("TZOFFSETTO:+0900"))
        let york = TaskExporter.timeZoneComponent(TimeZone(identifier: "America/New_York")!, from: span.0, to: span.1)
        #expect(york.filter { $0 == "BEGIN:DAYLIGHT" }.count == 2 && york.contains("TZOFFSETFROM:-0400") && york.contains("TZOFFSETTO:-0500"))
    }

    @Test func csvQuotesWhatNeedsItAndDefusesFormulas() throws {
        #expect(TaskExporter.quoted("plain") == "plain" && TaskExporter.quoted("a,b") == "\"a,b\"" && TaskExporter.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(
            TaskExporter.cell("=HYPERLINK(\"x\")") == "'=HYPERLINK(\"x\")" && TaskExporter.cell("-5 pounds") == "'-5 pounds" && TaskExporter.cell("ok") == "ok")
        let task = TaskRecord(task: ExtractedTask(title: "A, \"B\"", timeZone: "UTC", labels: ["x", "y"], sourceText: "a"), noteID: nil, position: 0)
        let csv = try TaskExporter().render([task], as: .csv)
        #expect(csv.hasSuffix("\r\n") && csv.contains("\"A, \"\"B\"\"\"") && csv.contains(",x;y,"))
    }
}
