import Foundation
import Testing

@testable import DocketExtraction

/// Whatever words a recognizer writes, the extractor answers: every front door hands it text it has never seen, so a
/// crash would stop `docket listen`, and `docket serve` each time it retried the note. `scripts/fuzz.sh` explores
/// further with libFuzzer; these are the shapes it and hand probing found, and a seeded sweep over date words.
@Suite("Extraction robustness")
struct RobustnessTests {
    /// Notes that once crashed the extractor, each with what it should read.
    static let crashers: [NoteCase] = [
        // A date relative to another that the note never says ("two weeks before" what?) stays in the title.
        NoteCase("send the invitations two weeks before", [task("Send the invitations two weeks before")]),
        NoteCase("book the hotel a day after", [task("Book the hotel a day after")]),
        // A condition with no word of its own before the pause.
        NoteCase("If , tell Ie rh'll be late", [task("Tell Ie rh'll be late")]),
        // One the task before says counts from its day.
        NoteCase(
            "pay the quarterly taxes by January 15th and file the forms a week before",
            [task("Pay the quarterly taxes", "2027-01-15"), task("File the forms", "2027-01-08")]),
        // Two clause breaks in a row before a new action.
        NoteCase("call mom , , pick up the bills", [task("Call mom"), task("Pick up the bills")]),
        // No clock past 24:00: "24.12" is not 00:12 the next day.
        NoteCase("send the card on 24.12.", [task("Send the card", "2026-12-24")]),
        NoteCase("meet at 24:30", [task("Meet at 24:30")]),
        NoteCase("meet at 24:00", [task("Meet", "2026-11-19", "00:00")]),
        // "someday" as the note's last word, with nothing after it to open.
        NoteCase(" someday", []),
        NoteCase("someday", []),
        // A written 24-hour time as the note's first word.
        NoteCase("0800 call mom", [task("Call mom", "2026-11-19", "08:00")]),
        // A part of the day after the second of two hours of a repetition, none after the first.
        NoteCase("Take the pills every day at noon 7 in the evening", [task("Take the pills", "2026-11-18", "12:00", every: "FREQ=DAILY")]),
        NoteCase("every day at 9 and 3 in the afternoon", [task("Reminder", "2026-11-18", "15:00", every: "FREQ=DAILY;BYHOUR=9,15")]),
    ]

    @Test("notes that crashed the extractor", arguments: crashers)
    func crasher(_ note: NoteCase) throws {
        try expectExtraction(note)
    }

    /// Words the date, time, duration and splitting readers look at, and a few task words between them.
    static let words = """
        a an the this next last coming following previous of on at by in before after from to until till ago hence later now \
        today tonight tomorrow tmw yesterday morning afternoon evening night noon midnight week weekend month year day days \
        weeks months years hours hour minutes minute monday tuesday friday sunday mon thu thu. jan feb december dec. \
        one two three four twelve fifteen twenty thirty hundred thousand and a half quarter first second third twenty-first \
        1st 2nd 9th 21st 3 4 10 15 28 30 2029 2031 '28 4:40p 8a 17h45 1:02:30 5:30 pm am p.m. a.m. p m oclock o'clock ish \
        4ish every other each daily weekly remind me to call buy pay email book pick up mom milk bills , . ; ! ? - and then \
        also um uh like scratch that cancel undo eod eow end beginning mid early late past christmas easter thanksgiving \
        right immediately asap urgent important high priority low #home @work
        """
        .split(separator: " ").map(String.init)

    /// A seeded sweep: notes of 1 to 16 of ``words`` in random order. Each must be read without a crash, and every
    /// task must have a title and a due date that is a real day.
    @Test func randomNotesOfDateWords() throws {
        var random = SplitMix64(seed: 0x646F_636B_6574)
        let context = try NoteCase("", []).context()
        let extractor = TaskExtractor()
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...16, using: &random)
            let note = (0..<count).map { _ in Self.words.randomElement(using: &random)! }.joined(separator: " ")
            let result = extractor.extract(from: note, context: context, explain: true)
            for task in result.tasks {
                #expect(!task.title.isEmpty, "\(note)")
                if let date = task.dueDate { #expect(Self.isRealDay(date), "\(note): due \(date)") }
            }
        }
    }
}

extension RobustnessTests {
    /// Whether `date` is "yyyy-MM-dd" naming a day that exists.
    static func isRealDay(_ date: String) -> Bool {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return false }
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        return components.isValidDate(in: Calendar(identifier: .gregorian))
    }
}

/// SplitMix64: a small seeded generator, so the sweep is the same notes on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
