import Testing

@testable import DocketExtraction

/// A repetition's last day ("every day until Sunday") or length ("for two weeks"), and an hour followed by "until" (reference Wed 2026-11-18
/// 09:00 America/New_York).
@Suite("Repetition ends")
struct RepetitionEndsTests {
    static let endCases: [NoteCase] = [
        // All day: the first occurrence is due, and UNTIL is the last day.
        NoteCase(
            "take the antibiotics every day until Sunday", [task("Take the antibiotics", "2026-11-18", every: "FREQ=DAILY;UNTIL=20261122")]),
        NoteCase("call grandma every Sunday until Christmas", [task("Call grandma", "2026-11-22", every: "FREQ=WEEKLY;BYDAY=SU;UNTIL=20261225")]),
        NoteCase(
            "go to the gym every Monday and Thursday till December 20th",
            [task("Go to the gym", "2026-11-19", every: "FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20261220")]),
        NoteCase(
            "practice piano daily through the end of the month", [task("Practice piano", "2026-11-18", every: "FREQ=DAILY;UNTIL=20261130")]),
        // With a time: UNTIL is the end of the last day in the zone, as UTC (RFC 5545 wants the form of the start).
        NoteCase(
            "take the pills every day at 9 until Friday", [task("Take the pills", "2026-11-19", "09:00", every: "FREQ=DAILY;UNTIL=20261121T045959Z")]),
        NoteCase(
            "walk the dog every evening through December 5th",
            [task("Walk the dog", "2026-11-18", "18:00", every: "FREQ=DAILY;UNTIL=20261206T045959Z")]),
        NoteCase(
            "stand-up every Monday at 10 till the 14th of December",
            [task("Stand-up", "2026-11-23", "10:00", every: "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261215T045959Z")]),
        // How long it goes on, in days or weeks from its first day.
        NoteCase(
            "take the antibiotics every day for 10 days", [task("Take the antibiotics", "2026-11-18", every: "FREQ=DAILY;UNTIL=20261127")]),
        NoteCase("stretch every day for two weeks", [task("Stretch", "2026-11-18", every: "FREQ=DAILY;UNTIL=20261201")]),
        NoteCase("call grandma every Sunday for 3 weeks", [task("Call grandma", "2026-11-22", every: "FREQ=WEEKLY;BYDAY=SU;UNTIL=20261212")]),
        NoteCase(
            "take the pills every day at 9 for a week", [task("Take the pills", "2026-11-19", "09:00", every: "FREQ=DAILY;UNTIL=20261126T045959Z")]),
        // In months or years: up to the day before the same day so many months on.
        NoteCase("go running every Monday for a month", [task("Go running", "2026-11-23", every: "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261222")]),
        NoteCase("pay the rent every month for a year", [task("Pay the rent", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20271130")]),
        NoteCase("take the vitamins daily for 2 months", [task("Take the vitamins", "2026-11-18", every: "FREQ=DAILY;UNTIL=20270117")]),
        NoteCase(
            "stretch every morning for six months", [task("Stretch", "2026-11-19", "09:00", every: "FREQ=DAILY;UNTIL=20270519T035959Z")]),
        // A length in minutes or hours is how long each time lasts.
        NoteCase("practice piano every day for 30 minutes", [task("Practice piano for 30 minutes", "2026-11-18", every: "FREQ=DAILY")]),
        // "until" with no repetition before it is the due day, as before.
        NoteCase("wait until Friday to call Sam", [task("Wait to call Sam", "2026-11-20")]),
    ]

    static let hourBeforeUntilCases: [NoteCase] = [
        NoteCase("take the pills at 9 until Friday", [task("Take the pills", "2026-11-20", "09:00")]),
        NoteCase("work on the report at 9 until noon", [task("Work on the report", "2026-11-19", "09:00")]),
        NoteCase("meet at 3 till 4", [task("Meet", "2026-11-18", "15:00")]),
    ]

    @Test("A day after a repetition with until, till or through is its last day; a length after it ends it too", arguments: endCases)
    func ends(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("An hour followed by until is still an hour", arguments: hourBeforeUntilCases)
    func hourBeforeUntil(_ note: NoteCase) throws { try expectExtraction(note) }
}
