import Testing

@testable import DocketExtraction

/// A day said before an "and" chain with a time after it, lengths of hourly repeats, days that are names, and a "no"
/// said of a person (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Chains, named days and refusals")
struct ChainsAndNamedDaysTests {
    static let chainNotes: [NoteCase] = [
        // The day said before the chain and the time said after it are both every chained task's.
        NoteCase(
            "Tomorrow, clean the fridge, do laundry and call Grandma in the afternoon.",
            [task("Clean the fridge", "2026-11-19"), task("Do laundry", "2026-11-19", "15:00"), task("Call Grandma", "2026-11-19", "15:00")]),
        NoteCase(
            "Tomorrow I need to email Sarah and call the bank at 5",
            [task("Email Sarah", "2026-11-19", "17:00"), task("Call the bank", "2026-11-19", "17:00")]),
        NoteCase(
            "Friday, wash the car and mow the lawn in the morning",
            [task("Wash the car", "2026-11-20", "09:00"), task("Mow the lawn", "2026-11-20", "09:00")]),
        // A day said after a task is its own; a comma or "and then" ends the chain; another day is not shared.
        NoteCase("buy milk tomorrow and call mom at 5", [task("Buy milk", "2026-11-19"), task("Call mom", "2026-11-18", "17:00")]),
        NoteCase(
            "Tomorrow I need to email Sarah, and then pick up the kids at 5",
            [task("Email Sarah", "2026-11-19"), task("Pick up the kids", "2026-11-19", "17:00")]),
        NoteCase(
            "Monday call the vet and email Tom on Tuesday at 4",
            [task("Call the vet", "2026-11-23"), task("Email Tom", "2026-11-24", "16:00")]),
        // A length after an hourly repeat ends it, counted from today.
        NoteCase(
            "Give Jack his amoxicillin every 12 hours for 10 days.",
            [task("Give Jack his amoxicillin", "2026-11-18", "21:00", every: "FREQ=HOURLY;INTERVAL=12;UNTIL=20261128T045959Z")]),
        NoteCase("stretch every 2 hours for a week", [task("Stretch", "2026-11-18", "11:00", every: "FREQ=HOURLY;INTERVAL=2;UNTIL=20261125T045959Z")]),
        NoteCase("drink water every hour", [task("Drink water", "2026-11-18", "10:00", every: "FREQ=HOURLY")]),
        // Days that are names of days after Thanksgiving.
        NoteCase("Put up the Small Business Saturday banner on the 27th.", [task("Put up the Small Business Saturday banner", "2026-11-27")]),
        NoteCase("Order the Small Business Saturday flyers", [task("Order the Small Business Saturday flyers")]),
        NoteCase("Open early on Small Business Saturday", [task("Open early", "2026-11-28")]),
        NoteCase("Post the appeal by Giving Tuesday", [task("Post the appeal", "2026-12-01")]),
        NoteCase("Call the small business office Saturday", [task("Call the small business office", "2026-11-21")]),
        // "no" and why, said of a person, is not a correction.
        NoteCase(
            "Call Dana at 3, uh, no, she's busy then, call her at 4.", [task("Call Dana", "2026-11-18", "15:00"), task("Call her", "2026-11-18", "16:00")]),
        NoteCase("Text Ben, no, he's away, text Sam", [task("Text Ben"), task("Text Sam")]),
        NoteCase("No, she's not home right now.", []),
        NoteCase("Call Dana at 3, no, 4", [task("Call Dana", "2026-11-18", "16:00")]),
        // A full stop between a verb and a plural object with a plural before it.
        NoteCase("I need to buy. The kids shoes.", [task("Buy the kids shoes")]),
        NoteCase("I need to vacuum. The in-laws arrive Friday.", [task("Vacuum"), task("The in-laws arrive", "2026-11-20")]),
    ]

    @Test("Chains, named days and refusals", arguments: chainNotes)
    func read(_ note: NoteCase) throws { try expectExtraction(note) }
}
