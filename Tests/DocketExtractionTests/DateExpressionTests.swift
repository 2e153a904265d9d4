import Testing

@testable import DocketExtraction

/// Bare date and time expressions in the style of date-parser test suites (dateparser, ctparse, duckling,
/// chrono, natty, SUTime), said after a task: "Call Sam <expression>". Reference Wed 2026-11-18 09:00
/// America/New_York.
@Suite("Date and time expressions")
struct DateExpressionTests {
    static let dayCases: [DateExpression] = [
        .init("today", "2026-11-18"), .init("tomorrow", "2026-11-19"), .init("yesterday", "2026-11-17"),
        .init("the day after tomorrow", "2026-11-20"), .init("day after tomorrow", "2026-11-20"),
        .init("the day before yesterday", "2026-11-16"), .init("next tuesday", "2026-11-24"),
        .init("on Tuesday", "2026-11-24"), .init("Tuesday", "2026-11-24"), .init("this Tuesday", "2026-11-24"),
        .init("this Friday", "2026-11-20"), .init("this coming Friday", "2026-11-20"), .init("coming Friday", "2026-11-20"),
        .init("Friday after next", "2026-11-27"), .init("next Friday", "2026-11-27"), .init("Friday next week", "2026-11-27"),
        .init("next week Friday", "2026-11-27"), .init("next week on Thursday", "2026-11-26"),
        .init("last Friday", "2026-11-13"), .init("last Monday", "2026-11-16"), .init("last Wednesday", "2026-11-11"),
        .init("Friday last week", "2026-11-13"), .init("next week", "2026-11-23"), .init("last week", "2026-11-09"),
        .init("the week after next", "2026-11-30"), .init("week after next", "2026-11-30"), .init("this week", "2026-11-20"),
        .init("next weekend", "2026-11-28"), .init("this weekend", "2026-11-21"), .init("the weekend", "2026-11-21"),
        .init("over the weekend", "2026-11-21"), .init("next month", "2026-12-01"), .init("last month", "2026-10-01"),
        .init("next year", "2027-01-01"), .init("last year", "2025-01-01"), .init("end of the week", "2026-11-20"),
        .init("by the end of the week", "2026-11-20"), .init("end of next week", "2026-11-27"),
        .init("end of the month", "2026-11-30"), .init("end of next month", "2026-12-31"),
        .init("the end of the year", "2026-12-31"), .init("end of next year", "2027-12-31"),
        .init("start of next month", "2026-12-01"), .init("beginning of next month", "2026-12-01"),
        .init("at the beginning of next week", "2026-11-23"), .init("start of next week", "2026-11-23"),
        .init("mid next week", "2026-11-25"), .init("middle of next week", "2026-11-25"),
        .init("by the middle of next month", "2026-12-15"), .init("early next week", "2026-11-23"),
        .init("late next week", "2026-11-27"), .init("beginning of next year", "2027-01-01"),
        .init("this month", "2026-11-30"), .init("the weekend after next", "2026-11-28"),
    ]

    static let offsetCases: [DateExpression] = [
        .init("in 3 days", "2026-11-21"), .init("in three days", "2026-11-21"), .init("in a day", "2026-11-19"),
        .init("in a week", "2026-11-25"), .init("in two weeks", "2026-12-02"), .init("in 2 weeks", "2026-12-02"),
        .init("in a fortnight", "2026-12-02"), .init("a fortnight from now", "2026-12-02"), .init("in a month", "2026-12-18"),
        .init("in 2 months", "2027-01-18"), .init("in a year", "2027-11-18"), .init("in a couple of days", "2026-11-20"),
        .init("in a few days", "2026-11-21"), .init("in 10 days", "2026-11-28"), .init("3 days from now", "2026-11-21"),
        .init("2 weeks from now", "2026-12-02"), .init("a week from today", "2026-11-25"),
        .init("a week from tomorrow", "2026-11-26"), .init("two days from tomorrow", "2026-11-21"),
        .init("3 days ago", "2026-11-15"), .init("a week ago", "2026-11-11"), .init("2 weeks ago", "2026-11-04"),
        .init("a month ago", "2026-10-18"), .init("in two weeks' time", "2026-12-02"), .init("in 2 weeks time", "2026-12-02"),
        .init("a week from Friday", "2026-11-27"), .init("3 days before Friday", "2026-11-17"), .init("in 3 weeks", "2026-12-09"),
        .init("in 2 years", "2028-11-18"), .init("within a week", "2026-11-25"), .init("in a week and a half", "2026-11-29"),
        .init("in twenty days", "2026-12-08"), .init("two weeks from today", "2026-12-02"),
        .init("in a week and 2 days", "2026-11-27"), .init("10 days ago", "2026-11-08"),
    ]

    static let calendarCases: [DateExpression] = [
        .init("Jan 5", "2027-01-05"), .init("January 5", "2027-01-05"), .init("January 5th", "2027-01-05"),
        .init("5 Jan", "2027-01-05"), .init("5th January", "2027-01-05"), .init("5th of January", "2027-01-05"),
        .init("the 5th of January", "2027-01-05"), .init("January the 5th", "2027-01-05"),
        .init("January 5th, 2027", "2027-01-05"), .init("January 5 2028", "2028-01-05"), .init("5 January 2027", "2027-01-05"),
        .init("1/5", "2027-01-05"), .init("1/5/2027", "2027-01-05"), .init("1/5/27", "2027-01-05"),
        .init("2027-01-05", "2027-01-05"), .init("on 2026-12-24", "2026-12-24"), .init("12/24", "2026-12-24"),
        .init("Dec 24", "2026-12-24"), .init("December 24th", "2026-12-24"), .init("Nov 18", "2026-11-18"),
        .init("November 17", "2027-11-17"), .init("the 3rd", "2026-12-03"), .init("on the 3rd", "2026-12-03"),
        .init("on the 20th", "2026-11-20"), .init("on the twenty-first", "2026-11-21"), .init("on the twenty first", "2026-11-21"),
        .init("on the thirty-first", "2026-12-31"), .init("on the 31st", "2026-12-31"), .init("March twenty first", "2027-03-21"),
        .init("March 21st", "2027-03-21"), .init("February 29th", "2028-02-29"), .init("Feb 29", "2028-02-29"),
        .init("on Friday the 27th", "2026-11-27"), .init("Monday the 23rd", "2026-11-23"), .init("Friday the 13th", "2027-08-13"),
        .init("Friday, November 27th", "2026-11-27"), .init("the first Monday of next month", "2026-12-07"),
        .init("the last Friday of the month", "2026-11-27"), .init("the last day of the month", "2026-11-30"),
        .init("the first Monday in December", "2026-12-07"), .init("the second Tuesday of December", "2026-12-08"),
        .init("last day of next month", "2026-12-31"), .init("on the 1st of next month", "2026-12-01"),
        .init("the 3rd of next month", "2026-12-03"), .init("on Sat", "2026-11-21"), .init("next Tues", "2026-11-24"),
        .init("Thurs", "2026-11-19"), .init("by Fri", "2026-11-20"), .init("the twenty-fifth of December", "2026-12-25"),
        .init("on December the first", "2026-12-01"), .init("Sept 3", "2027-09-03"), .init("Sept. 3rd", "2027-09-03"),
        .init("2027/3/4", "2027-03-04"), .init("on the 18th", "2026-11-18"), .init("on the second", "2026-12-02"),
        .init("by the 30th", "2026-11-30"), .init("on 5/1", "2027-05-01"), .init("May 1st", "2027-05-01"),
    ]

    static let timeCases: [DateExpression] = [
        .init("at 5:30pm", "2026-11-18", "17:30"), .init("at 5.30 pm", "2026-11-18", "17:30"),
        .init("at 17:30", "2026-11-18", "17:30"), .init("17:30", "2026-11-18", "17:30"), .init("1730 hours", "2026-11-18", "17:30"),
        .init("at 0930", "2026-11-18", "09:30"), .init("at noon", "2026-11-18", "12:00"), .init("noon", "2026-11-18", "12:00"),
        .init("at midnight", "2026-11-19", "00:00"), .init("midnight", "2026-11-19", "00:00"),
        .init("quarter past noon", "2026-11-18", "12:15"), .init("at 5 o'clock", "2026-11-18", "17:00"),
        .init("5 o'clock", "2026-11-18", "17:00"), .init("at five pm", "2026-11-18", "17:00"), .init("five pm", "2026-11-18", "17:00"),
        .init("twelve thirty", "2026-11-18", "12:30"), .init("at 12:15 am", "2026-11-19", "00:15"),
        .init("at 12 am", "2026-11-19", "00:00"), .init("at 12 pm", "2026-11-18", "12:00"), .init("half five", "2026-11-18", "17:30"),
        .init("at half past four", "2026-11-18", "16:30"), .init("quarter to 8", "2026-11-19", "07:45"),
        .init("at ten to six", "2026-11-18", "17:50"), .init("at twenty past 3", "2026-11-18", "15:20"),
        .init("at 7", "2026-11-19", "07:00"), .init("at 8:30", "2026-11-19", "08:30"), .init("at 9:30", "2026-11-18", "09:30"),
        .init("at 3", "2026-11-18", "15:00"), .init("at 11 am", "2026-11-18", "11:00"), .init("at 8 am", "2026-11-19", "08:00"),
        .init("at 10 pm", "2026-11-18", "22:00"), .init("at 7 in the evening", "2026-11-18", "19:00"),
        .init("at 8 in the morning", "2026-11-19", "08:00"), .init("at 3 in the afternoon", "2026-11-18", "15:00"),
        .init("tonight", "2026-11-18", "20:00"), .init("tonight at 9", "2026-11-18", "21:00"),
        .init("at 9 tonight", "2026-11-18", "21:00"), .init("this evening at 7", "2026-11-18", "19:00"),
        .init("this morning", "2026-11-18", "09:00"), .init("this afternoon", "2026-11-18", "15:00"),
        .init("at lunchtime", "2026-11-18", "12:00"), .init("by end of day", "2026-11-18", "17:00"),
        .init("by EOD", "2026-11-18", "17:00"), .init("by 5", "2026-11-18", "17:00"), .init("before noon", "2026-11-18", "12:00"),
        .init("around 4", "2026-11-18", "16:00"), .init("at seven fifteen pm", "2026-11-18", "19:15"),
        .init("at three forty-five", "2026-11-18", "15:45"), .init("at nine oh five am", "2026-11-18", "09:05"),
        .init("at 4:45 pm", "2026-11-18", "16:45"), .init("at 11:59 pm", "2026-11-18", "23:59"),
        .init("at quarter past 10", "2026-11-18", "10:15"), .init("at 6 pm sharp", "2026-11-18", "18:00"),
        .init("at 10 to 4", "2026-11-18", "15:50"), .init("at 2300", "2026-11-18", "23:00"),
    ]

    static let dayAndTimeCases: [DateExpression] = [
        .init("tomorrow morning", "2026-11-19", "09:00"), .init("tomorrow morning at 8", "2026-11-19", "08:00"),
        .init("tomorrow at 8 am", "2026-11-19", "08:00"), .init("tomorrow at noon", "2026-11-19", "12:00"),
        .init("tomorrow at 5", "2026-11-19", "17:00"), .init("tomorrow evening", "2026-11-19", "18:00"),
        .init("tomorrow night", "2026-11-19", "20:00"), .init("the day after tomorrow at 5", "2026-11-20", "17:00"),
        .init("at noon on Friday", "2026-11-20", "12:00"), .init("Friday at noon", "2026-11-20", "12:00"),
        .init("noon tomorrow", "2026-11-19", "12:00"), .init("5pm tomorrow", "2026-11-19", "17:00"),
        .init("next Tuesday morning", "2026-11-24", "09:00"), .init("Friday night", "2026-11-20", "20:00"),
        .init("Monday at 10:30 am", "2026-11-23", "10:30"), .init("on Monday at 8 pm", "2026-11-23", "20:00"),
        .init("next tuesday at 5pm", "2026-11-24", "17:00"), .init("first thing tomorrow", "2026-11-19", "09:00"),
        .init("last night", "2026-11-17", "20:00"), .init("yesterday at 3pm", "2026-11-17", "15:00"),
        .init("yesterday morning", "2026-11-17", "09:00"), .init("tomorrow at 12:15 am", "2026-11-19", "00:15"),
        .init("tonight at midnight", "2026-11-19", "00:00"), .init("Friday at midnight", "2026-11-21", "00:00"),
        .init("on Fri at 3pm", "2026-11-20", "15:00"), .init("end of the month at 5pm", "2026-11-30", "17:00"),
        .init("at 4:45 pm on December 1st", "2026-12-01", "16:45"), .init("December 1st at 9am", "2026-12-01", "09:00"),
        .init("1/5 at 3pm", "2027-01-05", "15:00"), .init("2027-01-05 at 17:30", "2027-01-05", "17:30"),
        .init("at 6 tomorrow morning", "2026-11-19", "06:00"), .init("tomorrow 7 in the morning", "2026-11-19", "07:00"),
        .init("this Friday at 3", "2026-11-20", "15:00"), .init("Thursday 3pm", "2026-11-19", "15:00"),
        .init("3pm Thursday", "2026-11-19", "15:00"), .init("next Friday at 7:30 pm", "2026-11-27", "19:30"),
        .init("Sunday morning at 10", "2026-11-22", "10:00"), .init("in 3 days at 10 am", "2026-11-21", "10:00"),
        .init("next week on Monday at 9", "2026-11-23", "09:00"), .init("on the 25th at 2 pm", "2026-11-25", "14:00"),
        .init("Saturday afternoon", "2026-11-21", "15:00"), .init("tomorrow at half past nine", "2026-11-19", "09:30"),
        .init("tomorrow at quarter to five", "2026-11-19", "16:45"), .init("a week from today at noon", "2026-11-25", "12:00"),
    ]

    static let durationCases: [DateExpression] = [
        .init("in 90 minutes", "2026-11-18", "10:30"), .init("in an hour and a half", "2026-11-18", "10:30"),
        .init("in 1 hour and 30 minutes", "2026-11-18", "10:30"), .init("in 2 hours 15 minutes", "2026-11-18", "11:15"),
        .init("in a few hours", "2026-11-18", "12:00"), .init("in a couple of hours", "2026-11-18", "11:00"),
        .init("in 45 minutes", "2026-11-18", "09:45"), .init("in half an hour", "2026-11-18", "09:30"),
        .init("in 15 mins", "2026-11-18", "09:15"), .init("two hours from now", "2026-11-18", "11:00"),
        .init("an hour from now", "2026-11-18", "10:00"), .init("30 minutes from now", "2026-11-18", "09:30"),
        .init("in 24 hours", "2026-11-19", "09:00"), .init("2 hours ago", "2026-11-18", "07:00"),
        .init("in an hour", "2026-11-18", "10:00"), .init("in twenty minutes", "2026-11-18", "09:20"),
        .init("in 1.5 hours", "2026-11-18", "10:30"), .init("in an hour and 15 minutes", "2026-11-18", "10:15"),
        .init("in 5 minutes", "2026-11-18", "09:05"), .init("in a minute", "2026-11-18", "09:01"),
        .init("within the hour", "2026-11-18", "10:00"), .init("in 3 hrs", "2026-11-18", "12:00"),
    ]

    @Test("days", arguments: dayCases)
    func days(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("offsets", arguments: offsetCases)
    func offsets(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("calendar dates", arguments: calendarCases)
    func calendar(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("times", arguments: timeCases)
    func times(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("days with times", arguments: dayAndTimeCases)
    func daysWithTimes(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("durations", arguments: durationCases)
    func durations(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test func atLeastTwoHundredExpressions() {
        let total =
            Self.dayCases.count + Self.offsetCases.count + Self.calendarCases.count + Self.timeCases.count
            + Self.dayAndTimeCases.count + Self.durationCases.count
        #expect(total >= 200)
    }
}
