import Foundation
import Testing

@testable import DocketExtraction

/// The room-talk model that unaddressed listening (`always` activation) reads notes with.
@Suite("Room talk")
struct RoomTalkTests {
    static func context(screening: Bool) -> ExtractionContext {
        var context = ExtractionContext(
            referenceDate: ISO8601DateFormatter().date(from: "2026-11-18T14:00:00Z")!, timeZone: TimeZone(identifier: "America/New_York")!)
        context.screensRoomTalk = screening
        return context
    }

    @Test("the Swift features give the probabilities the trainer computed", arguments: RoomTalkWeights.samples.map(\.text))
    func matchesTrainer(text: String) throws {
        let expected = try #require(RoomTalkWeights.samples.first { $0.text == text }?.probability)
        #expect(abs(RoomTalk.probability(text) - expected) < 1e-5, "\(RoomTalk.probability(text)) against \(expected)")
    }

    @Test(
        "words are lower-cased ASCII runs, numbers are one word, a curly apostrophe is straight",
        arguments: [
            ("Buy milk!", ["buy", "milk"]),
            ("It’s 4:30 p.m. now", ["it's", "<n>", "<n>", "p.m", "now"]),
            ("follow-up... with Ana", ["follow-up..", "with", "ana"]),
            ("café au lait", ["caf", "au", "lait"]),
            ("'tis", ["tis"]),
            ("", []),
        ])
    func words(text: String, expected: [String]) {
        #expect(RoomTalk.words(text) == expected)
    }

    @Test(
        "heard unaddressed, talk the rules take for a task gives none, with the reason",
        arguments: ["the dryer's doing that thumping thing again", "Oh come on, ref, that was a foul!", "Caller number nine, you're on the air!"])
    func talkScreened(text: String) {
        let extractor = TaskExtractor()
        #expect(!extractor.extract(from: text, context: Self.context(screening: false)).tasks.isEmpty)
        let screened = extractor.extract(from: text, context: Self.context(screening: true))
        #expect(screened.tasks.isEmpty)
        #expect(screened.diagnostics.contains { $0.message.hasPrefix("Not a task: it reads as room talk") && $0.excerpt == text })
    }

    @Test(
        "heard unaddressed, dictation keeps its tasks",
        arguments: [
            "buy milk tomorrow", "remind me to call the dentist on Friday at 3 p.m.", "we're out of dish soap", "oat milk",
            "the car needs an oil change", "I have to renew my passport before March", "um so, uh, pay the water bill today",
        ])
    func dictationKept(text: String) {
        let extractor = TaskExtractor()
        let plain = extractor.extract(from: text, context: Self.context(screening: false))
        #expect(!plain.tasks.isEmpty)
        #expect(extractor.extract(from: text, context: Self.context(screening: true)) == plain)
    }

    @Test("in a note that reads as room talk, a task whose own sentence reads as dictation stays")
    func mixedNote() {
        let extractor = TaskExtractor()
        let screened = extractor.extract(
            from: "Call the dentist tomorrow. Oh come on, ref, that was a foul!", context: Self.context(screening: true), explain: true)
        #expect(screened.tasks.map(\.title) == ["Call the dentist"])
        #expect(screened.diagnostics.contains { $0.message.hasPrefix("Not a task: it reads as room talk") })
        // The explanation names only the task that stays.
        #expect(screened.readings.compactMap(\.task).allSatisfy { $0 == 0 })
    }

    @Test("the model never saw the not-task corpus; screened, it gives fewer tasks there than the rules alone")
    func corpus() {
        let extractor = TaskExtractor()
        let talk = NotATaskTests.roomTalk
        let rules = talk.filter { !extractor.extract(from: $0, context: Self.context(screening: false)).tasks.isEmpty }
        let screened = rules.filter { !extractor.extract(from: $0, context: Self.context(screening: true)).tasks.isEmpty }
        #expect(screened.count <= rules.count)
        #expect(screened.count <= 1, "\(screened)")
    }
}
