import Foundation
import Testing

@testable import DocketCore

/// The pipeline's parts on their own: tokenizer, calendar arithmetic, the JSON shape.
@Suite("Extraction parts")
struct ExtractionPartsTests {
    @Test(
        "tokenizer",
        arguments: [
            ("Call at 3 p.m. Also", ["call", "at", "3", "pm", ".", "also"]),
            ("at 3 p.m. on Friday", ["at", "3", "pm", "on", "friday"]),
            ("3pm, 7:30PM and 7.30 pm", ["3", "pm", ",", "7:30", "pm", "and", "7.30", "pm"]),
            ("Don’t forget the 25th", ["don't", "forget", "the", "25th"]),
            ("Dr. Smith re: 12/1", ["dr", "smith", "re", ":", "12/1"]),
            ("milk & eggs… then", ["milk", "and", "eggs", "…", "then"]),
            ("#groceries follow-up", ["#groceries", "follow-up"]),
        ]
    )
    func tokenizes(_ text: String, _ norms: [String]) {
        #expect(Tokenizer.tokenize(text).map(\.norm) == norms)
    }

    @Test func tokenKinds() {
        let tokens = Tokenizer.tokenize("15:00 09:30 3rd 12/1/2027 1.5 7")
        #expect(tokens.map(\.kind) == [
            .clock(hour: 15, minute: 0, zeroPadded: true), .clock(hour: 9, minute: 30, zeroPadded: true), .ordinal(3),
            .slashDate(month: 12, day: 1, year: 2027), .decimal(1.5), .number(7),
        ])
    }

    @Test func tokenRangesPointIntoTheTranscript() {
        let text = "Meet at 7:30pm."
        let tokens = Tokenizer.tokenize(text)
        #expect(tokens.map { String(text[$0.range]) } == ["Meet", "at", "7:30", "pm", "."])
    }

    @Test(
        "civil dates round-trip",
        arguments: [(1970, 1, 1, 0, 3), (2026, 11, 18, 20_775, 2), (2000, 2, 29, 11_016, 1), (1969, 12, 31, -1, 2)]
    )
    func civilDates(_ year: Int, _ month: Int, _ day: Int, _ dayNumber: Int, _ weekday: Int) {
        let date = CivilDate(year: year, month: month, day: day)
        #expect(date.dayNumber == dayNumber)
        #expect(CivilDate(dayNumber: dayNumber) == date)
        #expect(date.weekday == weekday)
    }

    @Test func monthArithmeticClamps() {
        #expect(CivilDate(year: 2027, month: 1, day: 31).adding(months: 1) == CivilDate(year: 2027, month: 2, day: 28))
        #expect(CivilDate(year: 2026, month: 11, day: 18).adding(months: 2) == CivilDate(year: 2027, month: 1, day: 18))
        #expect(CivilDate(year: 2026, month: 1, day: 5).adding(months: -1) == CivilDate(year: 2025, month: 12, day: 5))
    }

    @Test func jsonShapeMatchesTheOutputFormat() throws {
        let task = ExtractedTask(
            title: "Call the dentist",
            dueDate: "2026-11-20",
            dueTime: "15:00",
            dueAt: "2026-11-20T15:00:00-05:00",
            timeZone: "America/New_York",
            sourceText: "call the dentist on Friday at 3 p.m."
        )
        let data = try JSONEncoder().encode(task)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == [
            "title", "due_date", "due_time", "due_at", "time_zone", "priority", "labels", "project", "recurrence",
            "source_text",
        ])
        #expect(object["project"] is NSNull)
        #expect(object["priority"] as? String == "none")
        #expect(try JSONDecoder().decode(ExtractedTask.self, from: data) == task)
    }

    @Test func extractionIsDeterministic() throws {
        let note = NoteCase("Remind me to call the dentist on Friday at 3 p.m. Also buy milk tomorrow, it's urgent.", [])
        let context = try note.context()
        let first = TaskExtractor().extract(from: note.note, context: context)
        let second = TaskExtractor().extract(from: note.note, context: context)
        #expect(first == second)
    }
}
