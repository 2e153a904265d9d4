import Foundation
import Testing

@testable import DocketCore

/// The wake phrase: matched as the recognizer writes it, stripped before the note is read, and the gate it puts
/// on a listen run's notes.
@Suite("Wake phrase")
struct WakePhraseTests {
    static let cases: [(heard: String, rest: String?)] = [
        ("Docket, buy milk.", "buy milk."),
        ("Hey Docket, call the dentist tomorrow.", "call the dentist tomorrow."),
        ("hey, docket. Remind me to water the plants", "Remind me to water the plants"),
        ("Dockett buy milk", "buy milk"),
        ("Doc it, buy milk", "buy milk"),
        ("Knock it. Remind me to water the plants.", "Remind me to water the plants."),
        ("Nocket, my milk.", "my milk."),
        ("Haynocket, call the dentist tomorrow.", "call the dentist tomorrow."),
        ("Hey Lockett, call the dentist tomorrow.", "call the dentist tomorrow."),
        ("Hey market, call the dentist tomorrow.", "call the dentist tomorrow."),
        ("Hey Narcut, call the dentist tomorrow.", "call the dentist tomorrow."),
        ("Lock it, sign the permission slip.", "sign the permission slip."),
        ("Lock it. Call the plumber.", "Call the plumber."),
        ("Hey lock it, call the plumber.", "call the plumber."),
        ("Lock it now and go to bed", nil),
        ("Lock it", nil),
        ("Lock it.", nil),
        ("Docket.", ""),
        ("Docket, hey docket, buy milk.", "buy milk."),
        ("Hey Docket, Hey Docket.", nil),
        ("Docket. Docket.", nil),
        ("Hey Docket…", ""),
        ("Market was busy this morning.", nil),
        ("Rocket science is hard", nil),
        ("Knock it off, you two!", nil),
        ("Did you catch the news this morning?", nil),
        ("The docket for today is full", nil),
        ("Pocket the change", nil),
        ("", nil),
    ]

    @Test("what follows the wake phrase", arguments: cases)
    func remainder(_ heard: String, _ rest: String?) {
        #expect(WakePhrase().remainder(of: heard).map(String.init) == rest)
    }

    @Test("a configured phrase matches by sound only")
    func configured() {
        let phrase = WakePhrase(phrases: ["Hey Jarvis"])
        #expect(phrase.remainder(of: "hay, jarvis: buy milk").map(String.init) == "buy milk")
        #expect(phrase.remainder(of: "Docket, buy milk") == nil)
        #expect(phrase.vocabulary == "Hey Jarvis.")
        #expect(WakePhrase().vocabulary == "Docket, Hey Docket.")
    }

    @Test("the transcript is stored without the phrase")
    func strip() throws {
        let transcript = Transcript(
            text: "Docket, buy milk and call mom", language: "en",
            segments: [TranscriptSegment(start: 0, end: 1, text: "Docket, buy milk"), TranscriptSegment(start: 1, end: 2, text: "and call mom")])
        let stripped = try #require(WakePhrase().strip(transcript))
        #expect(stripped.text == "buy milk and call mom")
        #expect(stripped.segments.map(\.text) == ["buy milk", "and call mom"])
    }

    static let path = URL(fileURLWithPath: "/tmp/spool/n.wav")

    static func heard(_ text: String) -> Result<Transcript, any Error> { .success(Transcript(text: text, language: "en")) }

    static func open(_ machine: inout NoteMachine, note: Int, at start: Int64, text: String) -> [NoteMachine.Action] {
        _ = machine.opened(note: note, id: "n\(note)", startSample: start, path: path)
        _ = machine.segment(note: note, firstSample: start, endSample: start + 16_000, hash: "h\(note)", generation: 1)
        return machine.transcribed(note: note, index: 0, generation: 1, result: heard(text))
    }

    @Test("a note without the phrase is neither shown nor stored, and its audio is discarded")
    func unaddressedNoteIsDiscarded() {
        var machine = NoteMachine(wakePhrase: WakePhrase())
        #expect(Self.open(&machine, note: 0, at: 0, text: "the dog is snoring again").isEmpty)
        let closed = machine.closed(note: 0)
        guard case .discard(0, let audio)? = closed.first, closed.count == 1 else {
            Issue.record("expected discard, got \(closed)")
            return
        }
        #expect(audio == Self.path)
        #expect(machine.summary.ignoredNotes == 1 && machine.summary.notes == 0 && machine.openNotes == 0)
    }

    @Test("an addressed note is stored without the phrase")
    func addressedNoteIsStoredWithoutThePhrase() throws {
        var machine = NoteMachine(wakePhrase: WakePhrase())
        let actions = Self.open(&machine, note: 0, at: 0, text: "Hey Docket, buy milk")
        let request = try #require(actions.compactMap { if case .store(let r) = $0 { r } else { nil } }.first)
        #expect(request.segments.map { $0.transcript?.text } == ["buy milk"])
    }

    @Test("the phrase said on its own addresses the next note, once, if it starts soon after")
    func phraseAloneAddressesTheNextNote() throws {
        var machine = NoteMachine(wakePhrase: WakePhrase(), followUp: .seconds(8))
        #expect(!Self.open(&machine, note: 0, at: 0, text: "Docket.").contains { if case .store = $0 { true } else { false } })
        guard case .discard? = machine.closed(note: 0).first else {
            Issue.record("a note that is only the phrase stores nothing")
            return
        }
        // 16,000 samples of phrase, then 3 s of pause.
        let next = Self.open(&machine, note: 1, at: 16_000 + 48_000, text: "buy milk")
        #expect(next.contains { if case .store = $0 { true } else { false } })
        // The one after is room talk again.
        #expect(Self.open(&machine, note: 2, at: 200_000, text: "it's windy out").isEmpty)
        // Too long after the phrase: not addressed.
        var late = NoteMachine(wakePhrase: WakePhrase(), followUp: .seconds(8))
        _ = Self.open(&late, note: 0, at: 0, text: "Docket")
        _ = late.closed(note: 0)
        #expect(Self.open(&late, note: 1, at: 16_000 + 16 * 9_000, text: "buy milk").isEmpty)
    }
}
