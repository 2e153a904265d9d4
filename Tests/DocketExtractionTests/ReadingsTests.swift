import Foundation
import Testing

@testable import DocketExtraction

/// `extract(from:context:explain: true)`: which words were read as what (reference Wed 2026-11-18 09:00
/// America/New_York).
@Suite("Explained readings")
struct ReadingsTests {
    private func readings(_ text: String, labels: [String] = []) throws -> ExtractionResult {
        let note = NoteCase(text, [], labels: labels)
        return TaskExtractor().extract(from: text, context: try note.context(), explain: true)
    }

    typealias Reading = ExtractionReading

    @Test func defaultPathHasNoReadings() throws {
        let note = NoteCase("Call the dentist on Friday at 3 p.m.", [])
        let result = TaskExtractor().extract(from: note.note, context: try note.context())
        #expect(result.readings.isEmpty)
        #expect(result.tasks.count == 1)
    }

    @Test func explainingDoesNotChangeTheTasks() throws {
        let text = "Okay so remind me to call the dentist on Friday at 3 p.m. and then buy milk tomorrow, it's urgent."
        let note = NoteCase(text, [])
        let plain = TaskExtractor().extract(from: text, context: try note.context())
        let explained = try readings(text)
        #expect(plain.tasks == explained.tasks)
        #expect(plain.diagnostics == explained.diagnostics)
    }

    @Test(
        "a reading inside another's words is one reading with it",
        arguments: ["Friday evening next week", "Water the plants Saturday morning next week", "Call Sam Monday at 3 next week"])
    func readingInsideAnother(_ text: String) throws {
        let result = try readings(text)
        #expect(result.tasks == TaskExtractor().extract(from: text, context: try NoteCase(text, []).context()).tasks)
        #expect(result.readings.contains { $0.kind == .dateTime && $0.text.hasSuffix("next week") }, "\(result.readings)")
    }

    @Test func dateAndTimeAreOneReading() throws {
        let result = try readings("Remind me to call the dentist on Friday at 3 p.m.")
        #expect(
            result.readings == [
                Reading(text: "Remind me to", kind: .leadIn, task: 0),
                Reading(text: "on Friday at 3 p.m.", kind: .dateTime, value: "2026-11-20T15:00", task: 0),
            ])
    }

    @Test func everyKindOfWordIsNamed() throws {
        let result = try readings(
            "Um, I need to buy milk tomorrow, it's urgent, and then call Tom at 5, no wait, 6, label it errands. Thanks for watching!"
        )
        #expect(result.tasks.map(\.title) == ["Buy milk", "Call Tom"])
        #expect(
            result.readings == [
                Reading(text: "Um", kind: .filler, task: 0),
                Reading(text: "I need to", kind: .leadIn, task: 0),
                Reading(text: "tomorrow", kind: .date, value: "2026-11-19", task: 0),
                Reading(text: "it's urgent", kind: .priority, value: "high", task: 0),
                Reading(text: "and then", kind: .split),
                Reading(text: "at 5", kind: .time, value: "17:00", task: 1),
                Reading(text: "no wait", kind: .correction, value: "replace", task: 1),
                Reading(text: "6", kind: .time, value: "18:00", task: 1),
                Reading(text: "label it errands", kind: .label, value: "errands", task: 1),
                Reading(text: "Thanks for watching", kind: .chatter),
            ])
    }

    @Test(
        "one reading per phrase",
        arguments: [
            ("Check the oven in 2 hours", Reading(text: "in 2 hours", kind: .duration, value: "2026-11-18T11:00", task: 0)),
            ("Take vitamins every Monday", Reading(text: "every Monday", kind: .recurrence, value: "FREQ=WEEKLY;BYDAY=MO", task: 0)),
            ("Call mom tonight", Reading(text: "tonight", kind: .dateTime, value: "2026-11-18T20:00", task: 0)),
            ("Fix the shelf in the home project", Reading(text: "in the home project", kind: .project, value: "home", task: 0)),
            ("Pay rent by the 1st", Reading(text: "by the 1st", kind: .date, value: "2026-12-01", task: 0)),
            ("Call Sam at noon", Reading(text: "at noon", kind: .time, value: "12:00", task: 0)),
            ("Read that article, no rush", Reading(text: "no rush", kind: .priority, value: "low", task: 0)),
            ("Buy stamps #errands", Reading(text: "#errands", kind: .label, value: "errands", task: 0)),
        ]
    )
    func phrase(_ text: String, _ expected: Reading) throws {
        #expect(try readings(text).readings.contains(expected))
    }

    @Test func correctionsBelongToTheTaskTheyChange() throws {
        let result = try readings("Call mom tomorrow at 3. Actually, make it 4 p.m.")
        #expect(result.tasks.first?.dueTime == "16:00")
        #expect(result.readings.contains(Reading(text: "make it", kind: .correction, value: "amend", task: 0)))
        #expect(result.readings.contains(Reading(text: "4 p.m.", kind: .time, value: "16:00", task: 0)))
    }

    @Test func retractedWordsBelongToNoTask() throws {
        let result = try readings("Buy milk. Scratch that. Buy oat milk.")
        #expect(result.tasks.map(\.title) == ["Buy oat milk"])
        #expect(result.readings.contains(Reading(text: "Scratch that", kind: .correction, value: "retract")))
    }

    @Test func aDateAloneIsAReminder() throws {
        let result = try readings("next tuesday at 5pm")
        #expect(result.tasks.map(\.title) == ["Reminder"])
        #expect(result.tasks.first?.dueAt == "2026-11-24T17:00:00-05:00")
        #expect(result.readings == [ExtractionReading(text: "next tuesday at 5pm", kind: .dateTime, value: "2026-11-24T17:00", task: 0)])
        let lead = try readings("Remind me tomorrow at 5.")
        #expect(lead.tasks.map(\.title) == ["Reminder"])
        #expect(lead.tasks.first?.dueTime == "17:00")
        // A priority alone is not a task.
        #expect(try readings("It's urgent.").tasks.isEmpty)
    }

    @Test func sharedDatesBelongToTheTaskThatSaidThem() throws {
        let result = try readings("buy milk and call mom tomorrow")
        #expect(result.tasks.map(\.dueDate) == [nil, "2026-11-19"])
        #expect(
            result.readings == [
                Reading(text: "and", kind: .split),
                Reading(text: "tomorrow", kind: .date, value: "2026-11-19", task: 1),
            ])
    }

    @Test func knownNamesSaidInPassingAreLabels() throws {
        let result = try readings("Email the vendor for work", labels: ["work"])
        #expect(result.readings.contains(Reading(text: "for work", kind: .label, value: "work", task: 0)))
    }

    @Test func readingsRoundTripThroughJSON() throws {
        let reading = Reading(text: "on Friday", kind: .date, value: "2026-11-20", task: 0)
        let data = try JSONEncoder().encode(reading)
        #expect(try JSONDecoder().decode(Reading.self, from: data) == reading)
    }
}
