import Foundation
import Testing

@testable import DocketExtraction

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
        #expect(
            tokens.map(\.kind) == [
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
        #expect(
            Set(object.keys) == [
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

    /// Random word salad from the vocabulary the recognisers react to must never crash or break invariants.
    @Test func randomNotesKeepInvariants() throws {
        let words = [
            "call", "mom", "buy", "milk", "and", "also", "then", "next", ",", ".", "at", "3", "3pm", "p.m.", "15:00",
            "7.30", "tomorrow", "Friday", "next", "week", "the", "25th", "of", "December", "12/1", "every", "Monday",
            "no", "wait", "actually", "make", "it", "4", "urgent", "it's", "low", "priority", "in", "an", "hour",
            "half", "past", "quarter", "to", "six", "noon", "midnight", "tonight", "morning", "um", "you", "know",
            "thanks", "scratch", "that", "remind", "me", "I", "need", "#home", "project", ":", "launch", "first",
            "…", "!", "?", "twenty", "first", "o'clock", "end", "month", "weekend", "daily", "other", "2", "days",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let context = try NoteCase("", []).context()
        let extractor = TaskExtractor()
        for _ in 0..<1000 {
            let note = (0..<(1 + next(18))).map { _ in words[next(words.count)] }.joined(separator: " ")
            for task in extractor.extract(from: note, context: context).tasks {
                #expect(!task.title.isEmpty, "empty title from \(note)")
                #expect(note.contains(task.sourceText), "source text from \(note)")
                #expect((task.dueTime == nil) == (task.dueAt == nil), "due_at from \(note)")
                if task.dueTime != nil { #expect(task.dueDate != nil, "due_date from \(note)") }
            }
        }
    }
}
