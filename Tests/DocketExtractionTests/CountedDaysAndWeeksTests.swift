import Testing

@testable import DocketExtraction

/// Counted weekdays, a day of a weekend, the weeks of a month, ordinals that name things, and an nth weekday said with
/// no month (reference Wed 2026-11-18 09:00 America/New_York unless a case says otherwise).
@Suite("Counted days and weeks")
struct CountedDaysAndWeeksTests {
    static let countedWeekdayCases: [NoteCase] = [
        // The coming one is the first: two Fridays from a Wednesday is the Friday after this week's.
        NoteCase("call mom two Fridays from now", [task("Call mom", "2026-11-27")]),
        NoteCase("water the ferns three Mondays from now", [task("Water the ferns", "2026-12-07")]),
        NoteCase("call grandpa in two Fridays", [task("Call grandpa", "2026-11-27")]),
        NoteCase("renew the permit 2 Tuesdays from today", [task("Renew the permit", "2026-12-01")]),
        NoteCase("bake bread in 3 Saturdays at 10", [task("Bake bread", "2026-12-05", "10:00")]),
        NoteCase("order filters four Sundays from now", [task("Order filters", "2026-12-13")]),
        NoteCase("swap the tires two Thursdays hence", [task("Swap the tires", "2026-11-26")]),
        // Today is not counted, as a bare "Wednesday" said on a Wednesday is next week's.
        NoteCase("visit the shelter two Wednesdays from now", [task("Visit the shelter", "2026-12-02")]),
        NoteCase("call mom two Fridays ago", [task("Call mom", "2026-11-06")]),
        NoteCase("meet the second Friday from now", [task("Meet", "2026-11-27")]),
        // A plural weekday with no count still repeats; a count of other things is no day.
        NoteCase("water the plants on Mondays", [task("Water the plants", "2026-11-23", every: "FREQ=WEEKLY;BYDAY=MO")]),
        NoteCase("call 2 plumbers from now", [task("Call 2 plumbers from now")]),
    ]

    static let weekendDayCases: [NoteCase] = [
        NoteCase("clean the garage this weekend on Sunday", [task("Clean the garage", "2026-11-22")]),
        NoteCase("clean the garage next weekend on Saturday", [task("Clean the garage", "2026-11-28")]),
        NoteCase("clean the garage this weekend, Sunday morning", [task("Clean the garage", "2026-11-22", "09:00")]),
        NoteCase("hang the lights this coming weekend on Sunday", [task("Hang the lights", "2026-11-22")]),
        NoteCase("wash the car next weekend, Sunday at 3", [task("Wash the car", "2026-11-29", "15:00")]),
        NoteCase("mow the lawn over the weekend on Sunday", [task("Mow the lawn", "2026-11-22")]),
        NoteCase("visit grandma on Saturday this weekend", [task("Visit grandma", "2026-11-21")]),
        NoteCase("visit grandma Sunday next weekend", [task("Visit grandma", "2026-11-29")]),
        NoteCase("clean the garage this weekend", [task("Clean the garage", "2026-11-21")]),
        // Said on the Sunday itself.
        NoteCase("wash the car this weekend on Sunday", [task("Wash the car", "2026-11-22")], reference: "2026-11-22T09:00"),
    ]

    static let weekOfMonthCases: [NoteCase] = [
        // Weeks run Monday to Sunday; the first is the one holding the 1st (due the 1st), the last the one holding the
        // month's last day (due its last Monday).
        NoteCase("book flights the first week of December", [task("Book flights", "2026-12-01")]),
        NoteCase("book flights the first week in December", [task("Book flights", "2026-12-01")]),
        NoteCase("book flights the second week of January", [task("Book flights", "2027-01-04")]),
        NoteCase("book flights the last week of the month", [task("Book flights", "2026-11-30")]),
        NoteCase("book flights the first week of next month", [task("Book flights", "2026-12-01")]),
        NoteCase("plan the second week of next month", [task("Plan", "2026-12-07")]),
        NoteCase("plan the third week of February", [task("Plan", "2027-02-15")]),
        NoteCase("plan the first week of March 2027", [task("Plan", "2027-03-01")]),
        NoteCase("plan the first week of December 2027", [task("Plan", "2027-12-01")]),
        NoteCase("plan the last week of December", [task("Plan", "2026-12-28")]),
        NoteCase("plan the last week of the year", [task("Plan", "2026-12-28")]),
        NoteCase("plan the first week of the year", [task("Plan", "2027-01-01")]),
        NoteCase("plan the second to last week of the month", [task("Plan", "2026-11-23")]),
        NoteCase("plan the first week of school", [task("Plan the first week of school")]),
    ]

    static let ordinalCases: [NoteCase] = [
        // An ordinal said with another and a thing after them names the thing.
        NoteCase("take the 2nd or 3rd exit", [task("Take the 2nd or 3rd exit")]),
        NoteCase("grade the 1st or 2nd draft", [task("Grade the 1st or 2nd draft")]),
        NoteCase("print the 3rd to 5th pages", [task("Print the 3rd to 5th pages")]),
        NoteCase("vacuum the 2nd and 3rd floors tomorrow", [task("Vacuum the 2nd and 3rd floors", "2026-11-19")]),
        NoteCase("take the 2nd exit", [task("Take the 2nd exit")]),
        NoteCase("go up to the 3rd floor", [task("Go up to the 3rd floor")]),
        NoteCase("finish the 1st draft", [task("Finish the 1st draft")]),
        NoteCase("skip the 4th step", [task("Skip the 4th step")]),
        // Days of the month stay days.
        NoteCase("pay rent on the 2nd", [task("Pay rent", "2026-12-02")]),
        NoteCase("pay rent by the 3rd at noon", [task("Pay rent", "2026-12-03", "12:00")]),
        NoteCase("pay rent the 2nd of March", [task("Pay rent", "2027-03-02")]),
        NoteCase("pay rent the 1st", [task("Pay rent", "2026-12-01")]),
        NoteCase("pay rent on the 2nd or 3rd", [task("Pay rent", "2026-12-02")]),
        NoteCase("send the invoice the 21st", [task("Send the invoice", "2026-11-21")]),
    ]

    static let nthWeekdayCases: [NoteCase] = [
        // With no month said: this month's while it is today or ahead, else next month's.
        NoteCase("meet the second Friday", [task("Meet", "2026-12-11")]),
        NoteCase("meet the first Monday", [task("Meet", "2026-12-07")]),
        NoteCase("meet on the first Monday", [task("Meet", "2026-12-07")]),
        NoteCase("deposit checks the first Friday at 10", [task("Deposit checks", "2026-12-04", "10:00")]),
        NoteCase("host trivia the fourth Thursday", [task("Host trivia", "2026-11-26")]),
        NoteCase("pay the sitter the fifth Monday", [task("Pay the sitter", "2026-11-30")]),
        NoteCase("call the bank on the third Wednesday", [task("Call the bank", "2026-11-18")]),
        NoteCase("meet the third Thursday of December", [task("Meet", "2026-12-17")]),
        NoteCase(
            "water the orchids every second Friday",
            [task("Water the orchids", "2026-11-20", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")]
        ),
    ]

    @Test("Counted weekdays", arguments: countedWeekdayCases)
    func countedWeekdays(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A day of a weekend", arguments: weekendDayCases)
    func weekendDays(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("The weeks of a month", arguments: weekOfMonthCases)
    func weeksOfMonth(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Ordinals that name things", arguments: ordinalCases)
    func ordinals(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("An nth weekday with no month", arguments: nthWeekdayCases)
    func nthWeekdays(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("The weeks of a month begin on their Mondays, the first on the 1st")
    func weekArithmetic() {
        #expect(DueResolver.nthWeekday(1, .week, year: 2027, month: 2) == CivilDate(year: 2027, month: 2, day: 1))
        #expect(DueResolver.nthWeekday(4, .week, year: 2027, month: 2) == CivilDate(year: 2027, month: 2, day: 22))
        #expect(DueResolver.nthWeekday(5, .week, year: 2027, month: 2) == nil)
        #expect(DueResolver.nthWeekday(6, .week, year: 2026, month: 11) == CivilDate(year: 2026, month: 11, day: 30))
        #expect(DueResolver.nthWeekday(-1, .week, year: 2026, month: 11) == CivilDate(year: 2026, month: 11, day: 30))
    }
}
