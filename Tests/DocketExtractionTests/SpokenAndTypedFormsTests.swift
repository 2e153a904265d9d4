import Testing

@testable import DocketExtraction

/// More of the ways a date, a time or a task is said or typed, each kind in many phrasings: years, days of a
/// relative month or week, hours with a part of the day, durations, compact typed forms, "now", recogniser noise
/// (fillers, repeats, split meridiems and ordinals), misheard verbs, asides, comments and tasks joined by "and".
/// Said after a task ("Call Sam <expression>") or as whole notes; reference Wed 2026-11-18 09:00 America/New_York.
@Suite("Spoken and typed forms")
struct SpokenAndTypedFormsTests {
    /// A year said or written in any form, kept even when past.
    static let yearCases: [DateExpression] = [
        .init("on the last Friday of October 2030", "2030-10-25"), .init("the first Tuesday in April twenty twenty nine", "2029-04-03"),
        .init("the second Monday of February 2032", "2032-02-09"), .init("on the third Wednesday of September, 2028", "2028-09-20"),
        .init("7 July 2032", "2032-07-07"), .init("on July 7th, 2032", "2032-07-07"), .init("the 7th of July, twenty thirty two", "2032-07-07"),
        .init("Feb 2nd '28", "2028-02-02"), .init("March 3rd, '28", "2028-03-03"), .init("the 3rd of March '31", "2031-03-03"),
        .init("on 30 April ’27", "2027-04-30"), .init("on 12/05/2029", "2029-12-05"), .init("in the year 2030", "2030-01-01"),
        .init("by the year twenty thirty", "2030-01-01"), .init("by 2031", "2031-01-01"), .init("before 2029", "2029-01-01"),
        .init("in September twenty thirty", "2030-09-01"), .init("January fourth, two thousand twenty-seven", "2027-01-04"),
        .init("4th Jan 2027", "2027-01-04"), .init("Jan. 4, 2027", "2027-01-04"), .init("the fourth of January in twenty twenty seven", "2027-01-04"),
        .init("on October 10 of 2029", "2029-10-10"), .init("in October of 2029", "2029-10-01"), .init("December 20th next year", "2027-12-20"),
        .init("next year on December 20th", "2027-12-20"), .init("next year in June", "2027-06-01"), .init("in June next year", "2027-06-01"),
        .init("on the 1st of January 2026", "2026-01-01"), .init("December 25 2025", "2025-12-25"), .init("2nd of Feb 2030", "2030-02-02"),
        .init("3 March, 2031", "2031-03-03"), .init("Monday, January 4th, 2027", "2027-01-04"),
        .init("on Saturday the 5th of January 2030", "2030-01-05"), .init("by the end of June 2029", "2029-06-30"),
        .init("in early March 2030", "2030-03-01"), .init("in mid-April 2029", "2029-04-15"), .init("in late December", "2026-12-31"),
        .init("on the 9th of November two thousand and twenty eight", "2028-11-09"), .init("november ninth twenty twenty-eight", "2028-11-09"),
        .init("April the thirtieth 2027", "2027-04-30"), .init("in two thousand thirty one", "2031-01-01"),
        .init("by December of 2027", "2027-12-01"), .init("on Feb. 14th, 2029", "2029-02-14"), .init("2030-06-15", "2030-06-15"),
        .init("on the twenty-fifth of December, twenty twenty six", "2026-12-25"),
    ]

    /// An ordinal day of a month, or a weekday of a week, named relative to this one; past days stay as said.
    static let relativeDayCases: [DateExpression] = [
        .init("on the 12th of next month", "2026-12-12"), .init("the twelfth day of next month", "2026-12-12"),
        .init("on the 28th of this month", "2026-11-28"), .init("the 2nd of this month", "2026-11-02"),
        .init("on the last day of this month", "2026-11-30"), .init("Thursday of this week", "2026-11-19"),
        .init("on Saturday of next week", "2026-11-28"), .init("Tuesday this week", "2026-11-17"), .init("Sunday of next week", "2026-11-29"),
        .init("the Wednesday of the following week", "2026-11-25"), .init("the 4th next month", "2026-12-04"),
        .init("next month on the twentieth", "2026-12-20"), .init("on the 6th of the coming month", "2026-12-06"),
        .init("Friday of last week", "2026-11-13"), .init("on the third Wednesday of next month", "2026-12-16"),
        .init("on the second day of next week", "2026-11-24"), .init("Monday of the week after next", "2026-11-30"),
        .init("the first of next month", "2026-12-01"), .init("on the 1st of the following month", "2026-12-01"),
        .init("the last day of this week", "2026-11-22"), .init("the first day of this month", "2026-11-01"),
        .init("this week on Friday", "2026-11-20"), .init("next week Tuesday", "2026-11-24"), .init("on Monday the week after next", "2026-11-30"),
        .init("the last Monday of next month", "2026-12-28"), .init("the 5th of the month after next", "2027-01-05"),
        .init("on the 31st of next month", "2026-12-31"), .init("the 8th day of this month", "2026-11-08"), .init("Saturday this week", "2026-11-21"),
    ]

    @Test("explicit years", arguments: yearCases)
    func years(_ form: DateExpression) throws { try expectDue(form) }

    @Test("days of a relative month or week", arguments: relativeDayCases)
    func relativeDays(_ form: DateExpression) throws { try expectDue(form) }

    /// A verb heard as a word that sounds like it, at the start of a task; the same words elsewhere stay.
    static let misheardCases: [NoteCase] = [
        NoteCase("By new batteries for the smoke alarm", [task("Buy new batteries for the smoke alarm")]),
        NoteCase("Please by a birthday card for Mia", [task("Buy a birthday card for Mia")]),
        NoteCase("I need to right a cover letter", [task("Write a cover letter")]),
        NoteCase("Right up the meeting notes tonight", [task("Write up the meeting notes", "2026-11-18", "20:00")]),
        NoteCase("Male the tax forms by Friday", [task("Mail the tax forms", "2026-11-20")]),
        NoteCase("Male Priya the contract", [task("Mail Priya the contract")]),
        NoteCase("Reed the contract before Monday", [task("Read the contract", "2026-11-23")]),
        NoteCase("Meat the contractor at 3", [task("Meet the contractor", "2026-11-18", "15:00")]),
        NoteCase("Where the suit on Thursday", [task("Wear the suit", "2026-11-19")]),
        NoteCase("Stop by the pharmacy", [task("Stop by the pharmacy")]),
        NoteCase("Drop by Sam's place tonight", [task("Drop by Sam's place", "2026-11-18", "20:00")]),
        NoteCase("Walk by the lake", [task("Walk by the lake")]),
        NoteCase("Send it by email", [task("Send it by email")]),
        NoteCase("By Friday finish the deck", [task("Finish the deck", "2026-11-20")]),
        .none("Where are my keys"),
    ]

    /// Numbers and words that are no date or time.
    static let negativeCases: [NoteCase] = [
        NoteCase("Pay fifteen hundred dollars", [task("Pay fifteen hundred dollars")]),
        NoteCase("Read chapter 8a", [task("Read chapter 8a")]),
        NoteCase("Print 10 copies of the flyer", [task("Print 10 copies of the flyer")]),
        NoteCase("Call the 24 hour pharmacy", [task("Call the 24 hour pharmacy")]),
        NoteCase("Listen to Mambo Number 5", [task("Listen to Mambo Number 5")]),
        NoteCase("Pay the second installment", [task("Pay the second installment")]),
        NoteCase("Order twenty twenty-five calendars", [task("Order twenty twenty-five calendars")]),
        NoteCase("Buy a size 10 shoe", [task("Buy a size 10 shoe")]),
        NoteCase("Book a table for 8", [task("Book a table for 8")]),
        NoteCase("Buy the 2030 edition", [task("Buy the 2030 edition")]),
        NoteCase("Send the 3rd quarter numbers", [task("Send the 3rd quarter numbers")]),
        NoteCase("Review the 2nd draft by Friday", [task("Review the 2nd draft", "2026-11-20")]),
        NoteCase("Call extension 4412", [task("Call extension 4412")]),
        NoteCase("Read Catch 22", [task("Read Catch 22")]),
        NoteCase("Take the 5 train", [task("Take the 5 train")]),
        NoteCase("Book the 7 seater", [task("Book the 7 seater")]),
        NoteCase("Buy two thousand and twenty staples", [task("Buy two thousand and twenty staples")]),
        NoteCase("Check in early next week", [task("Check in", "2026-11-23")]),
        NoteCase("Move in next month", [task("Move in", "2026-12-01")]),
        NoteCase("Hand in the essay in early March", [task("Hand in the essay", "2027-03-01")]),
        NoteCase("Buy a gallon of milk now that it's on sale", [task("Buy a gallon of milk now that it's on sale")]),
        NoteCase("Put the leftovers in a second container", [task("Put the leftovers in a second container")]),
        NoteCase("Buy this instant coffee", [task("Buy this instant coffee")]),
        NoteCase("Email the um the report", [task("Email the report")]),
    ]

    @Test("a misheard verb, and the same words kept", arguments: misheardCases)
    func misheard(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("not dates", arguments: negativeCases)
    func negatives(_ note: NoteCase) throws { try expectExtraction(note) }
}
