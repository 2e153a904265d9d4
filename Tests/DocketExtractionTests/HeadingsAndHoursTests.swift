import Testing

@testable import DocketExtraction

/// A sentence that says only when, heading the task after it; a holiday that opens a clause; a repetition at two parts
/// of the day (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Headings and hours")
struct HeadingsAndHoursTests {
    /// A sentence that is only a when (or "remind me" and a when) heads the next sentence's tasks.
    static let headingNotes: [NoteCase] = [
        NoteCase("Thursday. Call Bob.", [task("Call Bob", "2026-11-19")]),
        NoteCase("Tomorrow. Buy milk and call mom.", [task("Buy milk", "2026-11-19"), task("Call mom", "2026-11-19")]),
        NoteCase("Friday at 3. Call the dentist.", [task("Call the dentist", "2026-11-20", "15:00")]),
        NoteCase("By Friday. Send the report.", [task("Send the report", "2026-11-20")]),
        NoteCase("Remind me tomorrow at 5. Call mom.", [task("Call mom", "2026-11-19", "17:00")]),
        NoteCase("Set a reminder for tomorrow at 5. Call mom.", [task("Call mom", "2026-11-19", "17:00")]),
        NoteCase("set a reminder for the dentist appointment on Friday", [task("The dentist appointment", "2026-11-20")]),
        NoteCase("Buy milk tomorrow. Friday. Call mom.", [task("Buy milk", "2026-11-19"), task("Call mom", "2026-11-20")]),
        // Not a heading: a when that completes the task before it, or one with no task after it.
        NoteCase("Buy milk. Tomorrow.", [task("Buy milk", "2026-11-19")]),
        NoteCase("Call mom at 5. Tomorrow. Buy milk.", [task("Call mom", "2026-11-19", "17:00"), task("Buy milk")]),
        NoteCase("Remind me tomorrow at 5. Thanks.", [task("Reminder", "2026-11-19", "17:00")]),
        NoteCase("Call the bank tomorrow. Urgent. Email Sue.", [task("Call the bank", "2026-11-19", priority: .high), task("Email Sue")]),
    ]

    /// A holiday that opens the clause, before its action, is its day.
    static let openingHolidayNotes: [NoteCase] = [
        NoteCase("Christmas Eve pick up Nana from the airport", [task("Pick up Nana from the airport", "2026-12-24")]),
        NoteCase("Thanksgiving morning put the turkey in", [task("Put the turkey in", "2026-11-26", "09:00")]),
        NoteCase("New Year's Day call grandma", [task("Call grandma", "2027-01-01")]),
        NoteCase("Christmas Eve at 8 call the neighbors", [task("Call the neighbors", "2026-12-24", "08:00")]),
        // A name's part stays words.
        NoteCase("Black Friday sale check the TVs", [task("Black Friday sale check the TVs")]),
        NoteCase("buy a Christmas tree", [task("Buy a Christmas tree")]),
    ]

    /// A repetition at two parts of the day is one rule at both hours, first due at the next of them.
    static let twoPartNotes: [NoteCase] = [
        NoteCase("take vitamins every morning and evening", [task("Take vitamins", "2026-11-18", "18:00", every: "FREQ=DAILY;BYHOUR=9,18")]),
        NoteCase(
            "take vitamins every morning and evening", [task("Take vitamins", "2026-11-19", "09:00", every: "FREQ=DAILY;BYHOUR=9,18")],
            reference: "2026-11-18T19:00"),
        NoteCase("walk the dog every morning and in the evening", [task("Walk the dog", "2026-11-18", "18:00", every: "FREQ=DAILY;BYHOUR=9,18")]),
        NoteCase(
            "every night and morning check the baby monitor",
            [task("Check the baby monitor", "2026-11-18", "20:00", every: "FREQ=DAILY;BYHOUR=9,20")]),
        NoteCase(
            "take meds every Monday morning and evening", [task("Take meds", "2026-11-23", "09:00", every: "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9,18")]),
        // "and" before an action still starts a task.
        NoteCase("stretch every evening and call mom", [task("Stretch", "2026-11-18", "18:00", every: "FREQ=DAILY"), task("Call mom")]),
    ]

    @Test("A sentence that says only when heads the next", arguments: headingNotes)
    func heading(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A holiday that opens a clause", arguments: openingHolidayNotes)
    func openingHoliday(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A repetition at two parts of the day", arguments: twoPartNotes)
    func twoParts(_ note: NoteCase) throws { try expectExtraction(note) }
}
