import Testing

@testable import DocketExtraction

/// Date and time forms beyond the basic table: explicit years, days of a relative month or week, hours with a
/// part of the day, durations in words, compact written forms, "now", and spelling variants that must all read
/// the same. Said after a task ("Call Sam <expression>"), reference Wed 2026-11-18 09:00 America/New_York.
@Suite("Date forms")
struct DateFormsTests {
    /// Dates that name their year, spoken or written; a named year is kept even when it is past.
    static let yearCases: [DateExpression] = [
        .init("the second Friday of March 2031", "2031-03-14"), .init("on the first Monday of June 2029", "2029-06-04"),
        .init("the third Thursday in January 2027", "2027-01-21"), .init("4 August in 2029", "2029-08-04"),
        .init("on the 4th of August 2029", "2029-08-04"), .init("August 4th of 2029", "2029-08-04"),
        .init("June 3rd, twenty twenty eight", "2028-06-03"), .init("June 3rd twenty twenty-eight", "2028-06-03"),
        .init("on June third two thousand twenty eight", "2028-06-03"),
        .init("March 3rd, two thousand and twenty nine", "2029-03-03"), .init("on March 3 twenty thirty", "2030-03-03"),
        .init("the fifth of May twenty thirty", "2030-05-05"), .init("December 1st 2025", "2025-12-01"),
        .init("on the 3rd of March, 2025", "2025-03-03"), .init("Jan 5, 2026", "2026-01-05"),
        .init("Nov 18, 2026", "2026-11-18"), .init("in March 2031", "2031-03-01"), .init("by June 2028", "2028-06-01"),
        .init("in twenty thirty", "2030-01-01"), .init("in 2029", "2029-01-01"),
        .init("by two thousand and thirty", "2030-01-01"), .init("14 February twenty twenty nine", "2029-02-14"),
        .init("on Friday, March 14th, 2031", "2031-03-14"), .init("the 21st of December in 2027", "2027-12-21"),
        .init("Tuesday, 3 March 2031", "2031-03-03"), .init("March 2031", "2031-03-01"), .init("by the end of March 2030", "2030-03-31"),
    ]

    /// An ordinal day of a month or week named relative to this one; a past day stays as said.
    static let relativeMonthCases: [DateExpression] = [
        .init("the 9th of next month", "2026-12-09"), .init("on the ninth of next month", "2026-12-09"),
        .init("the 3rd day of this month", "2026-11-03"), .init("the 3rd day of next month", "2026-12-03"),
        .init("the first day of next month", "2026-12-01"), .init("the 15th of this month", "2026-11-15"),
        .init("the 10th of last month", "2026-10-10"), .init("the 12th of the following month", "2026-12-12"),
        .init("the 5th next month", "2026-12-05"), .init("on the twentieth of next month", "2026-12-20"),
        .init("Friday of next week", "2026-11-27"), .init("Monday this week", "2026-11-16"),
        .init("Wednesday of this week", "2026-11-18"), .init("on Tuesday of the following week", "2026-11-24"),
        .init("the Thursday of next week", "2026-11-26"), .init("Monday of this week", "2026-11-16"),
        .init("the last day of next week", "2026-11-29"), .init("the first day of next week", "2026-11-23"),
        .init("the Monday after next", "2026-11-30"), .init("next month on the 5th", "2026-12-05"), .init("Monday next", "2026-11-23"),
        .init("end of December", "2026-12-31"), .init("early December", "2026-12-01"),
    ]

    /// An hour with a part of the day or a relative day, and hours told from another time.
    static let hourCases: [DateExpression] = [
        .init("six-fifteen tomorrow morning", "2026-11-19", "06:15"), .init("8 tonight", "2026-11-18", "20:00"),
        .init("10 tonight", "2026-11-18", "22:00"), .init("11 in the evening", "2026-11-18", "23:00"),
        .init("4 in the morning", "2026-11-19", "04:00"), .init("tomorrow night at 9", "2026-11-19", "21:00"),
        .init("10 to noon", "2026-11-18", "11:50"), .init("20 minutes after 2 pm", "2026-11-18", "14:20"),
        .init("quarter past 3 in the afternoon", "2026-11-18", "15:15"), .init("at 7 tomorrow evening", "2026-11-19", "19:00"),
        .init("half past eight tonight", "2026-11-18", "20:30"), .init("Friday at 6 in the evening", "2026-11-20", "18:00"),
        .init("nine thirty tomorrow morning", "2026-11-19", "09:30"), .init("at 2 tomorrow afternoon", "2026-11-19", "14:00"),
        .init("twenty to nine tomorrow morning", "2026-11-19", "08:40"), .init("ten past 7 in the evening", "2026-11-18", "19:10"),
        .init("5 minutes to midnight", "2026-11-18", "23:55"), .init("a quarter to 7 tomorrow evening", "2026-11-19", "18:45"),
        .init("tonight at 11", "2026-11-18", "23:00"), .init("this afternoon at 4:30", "2026-11-18", "16:30"),
        .init("12 noon on Friday", "2026-11-20", "12:00"), .init("seven tomorrow night", "2026-11-19", "19:00"),
        .init("6:45 tomorrow morning", "2026-11-19", "06:45"), .init("15 minutes past 4 pm", "2026-11-18", "16:15"),
        .init("25 past 6 pm", "2026-11-18", "18:25"), .init("9 in the morning on Monday", "2026-11-23", "09:00"),
        .init("Saturday 10 in the morning", "2026-11-21", "10:00"), .init("ten minutes before noon", "2026-11-18", "11:50"),
        .init("tomorrow eve", "2026-11-19", "18:00"), .init("the next morning", "2026-11-19", "09:00"),
    ]

    /// Durations from now said in words, and days counted from today.
    static let durationCases: [DateExpression] = [
        .init("in three quarters of an hour", "2026-11-18", "09:45"), .init("in a few more minutes", "2026-11-18", "09:03"),
        .init("in a few minutes", "2026-11-18", "09:03"), .init("in one and a half hours", "2026-11-18", "10:30"),
        .init("two weeks hence", "2026-12-02"), .init("20 minutes later", "2026-11-18", "09:20"),
        .init("the following day", "2026-11-19"), .init("the day after next", "2026-11-20"), .init("tmw", "2026-11-19"),
        .init("an hour later", "2026-11-18", "10:00"), .init("3 days later", "2026-11-21"),
        .init("in a quarter of an hour", "2026-11-18", "09:15"), .init("in a quarter hour", "2026-11-18", "09:15"),
        .init("in another 10 minutes", "2026-11-18", "09:10"), .init("in 2 more hours", "2026-11-18", "11:00"),
        .init("in an hour or so", "2026-11-18", "10:00"), .init("a couple hours from now", "2026-11-18", "11:00"),
        .init("the next day", "2026-11-19"), .init("one week from now", "2026-11-25"),
        .init("in forty-five minutes", "2026-11-18", "09:45"), .init("in a half hour", "2026-11-18", "09:30"),
        .init("in two and a half hours", "2026-11-18", "11:30"), .init("a fortnight hence", "2026-12-02"),
        .init("in 10 minutes' time", "2026-11-18", "09:10"), .init("tmr", "2026-11-19"),
        .init("in a day or two", "2026-11-19"), .init("in an hour and a quarter", "2026-11-18", "10:15"),
        .init("in half an hour's time", "2026-11-18", "09:30"), .init("in 2 wks", "2026-12-02"),
    ]

    /// Compact forms a recogniser or a typed note produces.
    static let compactCases: [DateExpression] = [
        .init("at 4:40p", "2026-11-18", "16:40"), .init("4:40p", "2026-11-18", "16:40"), .init("at 8a", "2026-11-19", "08:00"),
        .init("tomorrow 8a", "2026-11-19", "08:00"), .init("at 7p", "2026-11-18", "19:00"), .init("17h45", "2026-11-18", "17:45"),
        .init("at 9h30", "2026-11-18", "09:30"), .init("5 oclock pm", "2026-11-18", "17:00"), .init("at 5 o clock", "2026-11-18", "17:00"),
        .init("4ish", "2026-11-18", "16:00"), .init("at 4-ish", "2026-11-18", "16:00"), .init("around fourish", "2026-11-18", "16:00"),
        .init("1:02:30 PM", "2026-11-18", "13:02"), .init("at 10:15:00", "2026-11-18", "10:15"), .init("EOW", "2026-11-20"),
        .init("by EOM", "2026-11-30"), .init("end of month", "2026-11-30"), .init("by EOD Friday", "2026-11-20", "17:00"),
        .init("Thu.", "2026-11-19"), .init("3. Dec. 2030", "2030-12-03"), .init("on 3. December", "2026-12-03"),
        .init("@ 5pm", "2026-11-18", "17:00"), .init("Fri @ 3pm", "2026-11-20", "15:00"), .init("by EOY", "2026-12-31"),
        .init("tmrw @ 10am", "2026-11-19", "10:00"),
        .init("0800", "2026-11-19", "08:00"), .init("at 13h", "2026-11-18", "13:00"), .init("8:00 hrs", "2026-11-19", "08:00"),
        .init("at 0800h", "2026-11-19", "08:00"),
    ]

    /// "Now" and its kin: the reference time itself.
    static let nowCases: [DateExpression] = [
        .init("now", "2026-11-18", "09:00"), .init("right now", "2026-11-18", "09:00"),
        .init("immediately", "2026-11-18", "09:00"), .init("right away", "2026-11-18", "09:00"),
        .init("straight away", "2026-11-18", "09:00"), .init("now please", "2026-11-18", "09:00"),
    ]

    /// Spellings that must all give the same reading.
    static let variantCases: [DateExpression] = [
        .init("at 5 p.m.", "2026-11-18", "17:00"), .init("at 5pm", "2026-11-18", "17:00"), .init("at 5 p m", "2026-11-18", "17:00"),
        .init("at 5 P.M.", "2026-11-18", "17:00"), .init("at 5 PM", "2026-11-18", "17:00"), .init("at five p m", "2026-11-18", "17:00"),
        .init("at 8 a m", "2026-11-19", "08:00"), .init("at 8 A.M.", "2026-11-19", "08:00"), .init("at eight am", "2026-11-19", "08:00"),
        .init("on the twenty first", "2026-11-21"), .init("on the twenty-first", "2026-11-21"), .init("on the 21st", "2026-11-21"),
        .init("on the 21 st", "2026-11-21"), .init("December 21 st", "2026-12-21"), .init("the 22 nd of December", "2026-12-22"),
        .init("December twenty first", "2026-12-21"), .init("on the 3 rd", "2026-12-03"),
        .init("at 5:30 p.m.", "2026-11-18", "17:30"), .init("at 5:30 p m", "2026-11-18", "17:30"),
        .init("at five thirty pm", "2026-11-18", "17:30"),
    ]

    /// Holidays: the next one on or after today (US dates; Easter by the Gregorian computus), after a word that
    /// makes a due date of them ("on", "by", "before", "for", …), or as the day before or after one.
    static let holidayCases: [DateExpression] = [
        .init("on Christmas", "2026-12-25"), .init("by Christmas Eve", "2026-12-24"), .init("on Christmas Day", "2026-12-25"),
        .init("before New Year's Eve", "2026-12-31"), .init("on New Year's Day", "2027-01-01"), .init("by new years", "2027-01-01"),
        .init("on Thanksgiving", "2026-11-26"), .init("the day after Thanksgiving", "2026-11-27"),
        .init("the day before Christmas", "2026-12-24"), .init("on Halloween", "2027-10-31"),
        .init("on Valentine's Day", "2027-02-14"), .init("by Easter", "2027-03-28"), .init("on Good Friday", "2027-03-26"),
        .init("on Easter Monday", "2027-03-29"), .init("on Mother's Day", "2027-05-09"), .init("on Fathers Day", "2027-06-20"),
        .init("on Memorial Day", "2027-05-31"), .init("by Labor Day", "2027-09-06"), .init("on the Fourth of July", "2027-07-04"),
        .init("on Independence Day", "2027-07-04"), .init("on St. Patrick's Day", "2027-03-17"), .init("on Veterans Day", "2027-11-11"),
        .init("on MLK Day", "2027-01-18"), .init("on Presidents' Day", "2027-02-15"), .init("on Boxing Day", "2026-12-26"),
        .init("on Juneteenth", "2027-06-19"), .init("before thanksgiving at 3 pm", "2026-11-26", "15:00"),
        .init("on Christmas Eve 2027", "2027-12-24"), .init("this Easter", "2027-03-28"), .init("at Thanksgiving", "2026-11-26"),
    ]

    /// Forms read since the first tables: "mid-December", "noon-ish", "Friday week", hours said the military way,
    /// a range of days (its first end), and a day of the month after next.
    static let laterFormCases: [DateExpression] = [
        .init("mid-December", "2026-12-15"), .init("by mid-January", "2027-01-15"), .init("mid-Jan 2028", "2028-01-15"),
        .init("around noon-ish", "2026-11-18", "12:00"), .init("noonish", "2026-11-18", "12:00"),
        .init("at noon-ish tomorrow", "2026-11-19", "12:00"),
        .init("Friday week", "2026-11-27"), .init("Tuesday week", "2026-12-01"), .init("Monday week at 10", "2026-11-30", "10:00"),
        .init("a week on Friday", "2026-11-27"), .init("a week from Friday", "2026-11-27"),
        .init("fifteen hundred hours", "2026-11-18", "15:00"), .init("at oh nine thirty hours", "2026-11-18", "09:30"),
        .init("at zero eight hundred hours", "2026-11-19", "08:00"), .init("at twenty two hundred hours", "2026-11-18", "22:00"),
        .init("by nineteen thirty hours", "2026-11-18", "19:30"), .init("at 15 hundred hours", "2026-11-18", "15:00"),
        .init("in 2 to 3 days", "2026-11-20"), .init("in two or three days", "2026-11-20"), .init("in 2-3 weeks", "2026-12-02"),
        .init("in three to four hours", "2026-11-18", "12:00"), .init("within 5 to 7 days", "2026-11-23"),
        .init("in 10 to 15 minutes", "2026-11-18", "09:10"),
        .init("the 2nd of the month after next", "2027-01-02"), .init("on the 15th of the month after next", "2027-01-15"),
    ]

    @Test("holidays", arguments: holidayCases)
    func holidays(_ form: DateExpression) throws { try expectDue(form) }

    @Test("later forms", arguments: laterFormCases)
    func laterForms(_ form: DateExpression) throws { try expectDue(form) }

    @Test("explicit years", arguments: yearCases)
    func years(_ form: DateExpression) throws { try expectDue(form) }

    @Test("days of a relative month or week", arguments: relativeMonthCases)
    func relativeMonths(_ form: DateExpression) throws { try expectDue(form) }

    @Test("hours with a part of the day", arguments: hourCases)
    func hours(_ form: DateExpression) throws { try expectDue(form) }

    @Test("durations in words", arguments: durationCases)
    func durations(_ form: DateExpression) throws { try expectDue(form) }

    @Test("compact written forms", arguments: compactCases)
    func compact(_ form: DateExpression) throws { try expectDue(form) }

    @Test("now", arguments: nowCases)
    func now(_ form: DateExpression) throws { try expectDue(form) }

    @Test("spelling variants", arguments: variantCases)
    func variants(_ form: DateExpression) throws { try expectDue(form) }

    /// Whole notes: the date words leave the title, and what is not a date stays in it.
    static let noteCases: [NoteCase] = [
        NoteCase("Call Sam 4ish", [task("Call Sam", "2026-11-18", "16:00")]),
        NoteCase("remind me to pay rent on the 1st of next month", [task("Pay rent", "2026-12-01")]),
        NoteCase("Renew the passport by March 3rd, 2027", [task("Renew the passport", "2027-03-03")]),
        NoteCase("File the taxes by April fifteenth twenty twenty seven", [task("File the taxes", "2027-04-15")]),
        NoteCase("Submit the report EOW", [task("Submit the report", "2026-11-20")]),
        NoteCase("Take out the trash right now", [task("Take out the trash", "2026-11-18", "09:00")]),
        NoteCase("Call the plumber immediately", [task("Call the plumber", "2026-11-18", "09:00")]),
        NoteCase(
            "Pick up Max 6:15 tomorrow morning and call mom tmw",
            [
                task("Pick up Max", "2026-11-19", "06:15"), task("Call mom", "2026-11-19"),
            ]),
        NoteCase("Check the oven in three quarters of an hour", [task("Check the oven", "2026-11-18", "09:45")]),
        NoteCase("Book the flight for 3. Dec. 2030", [task("Book the flight", "2030-12-03")]),
        NoteCase("Email Priya 8a tomorrow", [task("Email Priya", "2026-11-19", "08:00")]),
        NoteCase("Send invoices end of month", [task("Send invoices", "2026-11-30")]),
        NoteCase("Water the plants two days later", [task("Water the plants", "2026-11-20")]),
        NoteCase("Call the bank the following day at 10", [task("Call the bank", "2026-11-19", "10:00")]),
        NoteCase("Ship the order Monday this week", [task("Ship the order", "2026-11-16")]),
        NoteCase("Wrap the Christmas gifts by Christmas Eve", [task("Wrap the Christmas gifts", "2026-12-24")]),
        NoteCase("Pay the rent on the 2nd of the month after next", [task("Pay the rent", "2027-01-02")]),
    ]

    /// Notes whose numbers and words must not become dates or times.
    static let negativeCases: [NoteCase] = [
        NoteCase("Read chapter 12 tonight", [task("Read chapter 12", "2026-11-18", "20:00")]),
        NoteCase("Book room 8a", [task("Book room 8a")]),
        NoteCase("Skip the gym for now", [task("Skip the gym for now")]),
        NoteCase("Watch Apocalypse Now", [task("Watch Apocalypse Now")]),
        NoteCase("Finish the 2030 budget", [task("Finish the 2030 budget")]),
        NoteCase("Buy a 2029 calendar", [task("Buy a 2029 calendar")]),
        NoteCase("Read pages 5 to 10", [task("Read pages 5 to 10")]),
        NoteCase("Call Tom now that the deal closed", [task("Call Tom now that the deal closed")]),
        NoteCase("Read section 4 in the morning", [task("Read section 4", "2026-11-19", "09:00")]),
        NoteCase("Polish the English essay", [task("Polish the English essay")]),
        NoteCase("Sleep 8h", [task("Sleep 8h")]),
        NoteCase("Print the 1 st draft", [task("Print the 1 st draft")]),
        NoteCase("Buy 2 tickets for the 21 st Century show", [task("Buy 2 tickets for the 21 st Century show")]),
        NoteCase("Plan the twenty thirty strategy", [task("Plan the twenty thirty strategy")]),
        NoteCase("Meet at gate 7a", [task("Meet at gate 7a")]),
        NoteCase("Take 2 in the morning", [task("Take 2", "2026-11-19", "09:00")]),
        NoteCase("Call Sam for now", [task("Call Sam for now")]),
        NoteCase("Buy Christmas presents", [task("Buy Christmas presents")]),
        NoteCase("Carve the pumpkins for Halloween", [task("Carve the pumpkins for Halloween")]),
        NoteCase("Plan the Thanksgiving menu", [task("Plan the Thanksgiving menu")]),
        NoteCase("Order the Easter eggs", [task("Order the Easter eggs")]),
        NoteCase("Watch Independence Day", [task("Watch Independence Day")]),
        // A holiday said last, after the task's object, is its day; a wish or a subject is not.
        NoteCase("call Sam New Year's Day", [task("Call Sam", "2027-01-01")]),
        NoteCase("Call mom Thanksgiving.", [task("Call mom", "2026-11-26")]),
        NoteCase("tell Sam happy Thanksgiving", [task("Tell Sam happy Thanksgiving")]),
        NoteCase("talk to Sam about Christmas", [task("Talk to Sam about Christmas")]),
        NoteCase("Pay fifteen hundred dollars rent", [task("Pay fifteen hundred dollars rent")]),
        NoteCase("Run the fifteen hundred meters", [task("Run the fifteen hundred meters")]),
        NoteCase("Read pages 2 to 3", [task("Read pages 2 to 3")]),
        NoteCase("Book the mid-week table", [task("Book the mid-week table")]),
    ]

    @Test("whole notes", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("not dates", arguments: negativeCases)
    func negatives(_ note: NoteCase) throws { try expectExtraction(note) }
}
