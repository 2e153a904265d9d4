import Testing

@testable import DocketExtraction

/// A weekday said with a date, days counted from a month's end, business days, counted weekends and a when said with
/// another it may be instead (reference Wed 2026-11-18 09:00 America/New_York unless a case says otherwise).
@Suite("Business days, weekends and alternatives")
struct BusinessDaysAndAlternativesTests {
    static let weekdayWithDateCases: [NoteCase] = [
        // The date says which day; the weekday said with it is read past, even when it disagrees.
        NoteCase("meet the team on Tue 12/8 at 2pm", [task("Meet the team", "2026-12-08", "14:00")]),
        NoteCase("call the landlord on Tue, 12/8", [task("Call the landlord", "2026-12-08")]),
        NoteCase("renew the parking permit Tuesday 12/8/2026", [task("Renew the parking permit", "2026-12-08")]),
        NoteCase("drop off the quilt Thursday, 12/10 at 4", [task("Drop off the quilt", "2026-12-10", "16:00")]),
        NoteCase("collect the rug on Mon 12/7", [task("Collect the rug", "2026-12-07")]),
        NoteCase("wax the skis Sat 12/5", [task("Wax the skis", "2026-12-05")]),
        NoteCase("call the vet on Wednesday 12/8", [task("Call the vet", "2026-12-08")]),
        NoteCase("tune the piano 12/8 Tuesday", [task("Tune the piano", "2026-12-08")]),
        NoteCase("ship the prints Friday, December 4th", [task("Ship the prints", "2026-12-04")]),
        NoteCase("ship the prints on Friday, December 5th", [task("Ship the prints", "2026-12-05")]),
        NoteCase("return the drill Monday December the 7th", [task("Return the drill", "2026-12-07")]),
        NoteCase("return the drill on Monday, the 7th of December", [task("Return the drill", "2026-12-07")]),
        NoteCase("pick up the frames on Monday the 7th", [task("Pick up the frames", "2026-12-07")]),
        NoteCase("book the hall Tue Dec 8", [task("Book the hall", "2026-12-08")]),
        // A weekday and a day of the month alone: the next such day that falls on that weekday.
        NoteCase("buy a horseshoe on Friday the 13th", [task("Buy a horseshoe", "2027-08-13")]),
        NoteCase("pick up the frames on Monday the 8th", [task("Pick up the frames", "2027-02-08")]),
        NoteCase("send the card on Friday, the 4th", [task("Send the card", "2026-12-04")]),
    ]

    static let fromEndCases: [NoteCase] = [
        NoteCase("plan on the 2nd to last Friday of the month", [task("Plan", "2026-11-20")]),
        NoteCase("plan on the second last Friday of the month", [task("Plan", "2026-11-20")]),
        NoteCase("plan on the penultimate Friday of the month", [task("Plan", "2026-11-20")]),
        NoteCase("plan on the last but one Friday of the month", [task("Plan", "2026-11-20")]),
        NoteCase("sort the recycling the second to last Friday of next month", [task("Sort the recycling", "2026-12-18")]),
        NoteCase("clean the gutters the third to last Friday of the month", [task("Clean the gutters", "2026-11-13")]),
        NoteCase("clean the gutters the last but two Friday of the month", [task("Clean the gutters", "2026-11-13")]),
        NoteCase("clean the gutters the antepenultimate Friday of the month", [task("Clean the gutters", "2026-11-13")]),
        NoteCase("host the book club the next to last Monday of December", [task("Host the book club", "2026-12-21")]),
        NoteCase("host the book club the second last Sunday in January", [task("Host the book club", "2027-01-24")]),
        NoteCase("host the book club the 2nd last Tuesday of next month", [task("Host the book club", "2026-12-22")]),
        NoteCase("back up the laptop on the penultimate day of the month", [task("Back up the laptop", "2026-11-29")]),
        NoteCase("back up the laptop the second to last day of next month", [task("Back up the laptop", "2026-12-30")]),
        NoteCase("water the orchids the last Friday of the month", [task("Water the orchids", "2026-11-27")]),
        NoteCase("empty the dehumidifier on the last day of the month", [task("Empty the dehumidifier", "2026-11-30")]),
        NoteCase(
            "empty the dehumidifier every second to last Friday of the month",
            [task("Empty the dehumidifier", "2026-11-20", every: "FREQ=MONTHLY;BYDAY=-2FR")]
        ),
    ]

    static let businessDayCases: [NoteCase] = [
        NoteCase("pay on the last business day of the month", [task("Pay", "2026-11-30")]),
        NoteCase("do it on the next business day", [task("Do it", "2026-11-19")]),
        NoteCase("do it next working day", [task("Do it", "2026-11-19")]),
        NoteCase("file it within 5 business days", [task("File it", "2026-11-25")]),
        NoteCase("file it in 3 working days", [task("File it", "2026-11-23")]),
        NoteCase("pay on the first business day of next month", [task("Pay", "2026-12-01")]),
        NoteCase("settle the invoice on the last working day of December", [task("Settle the invoice", "2026-12-31")]),
        NoteCase("settle the invoice the last weekday of the month", [task("Settle the invoice", "2026-11-30")]),
        NoteCase("run payroll the second business day of next month", [task("Run payroll", "2026-12-02")]),
        NoteCase("run payroll the 3rd working day of January", [task("Run payroll", "2027-01-05")]),
        NoteCase("run payroll the 10th business day of the month", [task("Run payroll", "2026-11-13")]),
        NoteCase("confirm the booking 3 business days before Friday", [task("Confirm the booking", "2026-11-17")]),
        NoteCase("confirm the booking two business days after the 1st", [task("Confirm the booking", "2026-12-03")]),
        NoteCase("answer the auditor by the next business day at noon", [task("Answer the auditor", "2026-11-19", "12:00")]),
        NoteCase("answer the auditor the following business day", [task("Answer the auditor", "2026-11-19")]),
        NoteCase("answer the auditor next weekday", [task("Answer the auditor", "2026-11-19")]),
        NoteCase("answer the auditor the next workday", [task("Answer the auditor", "2026-11-19")]),
        NoteCase("next business day call the bank", [task("Call the bank", "2026-11-19")]),
        NoteCase("send the contract in 10 business days", [task("Send the contract", "2026-12-02")]),
        NoteCase("send the contract within two working days", [task("Send the contract", "2026-11-20")]),
        NoteCase("send the contract in a business day", [task("Send the contract", "2026-11-19")]),
        NoteCase("send the contract 5 business days from now", [task("Send the contract", "2026-11-25")]),
        NoteCase("send the contract 5 business days from today", [task("Send the contract", "2026-11-25")]),
        NoteCase("send the contract in 2 to 3 business days", [task("Send the contract", "2026-11-20")]),
        NoteCase("log the refund request 3 business days ago", [task("Log the refund request", "2026-11-13")]),
        NoteCase("check the inbox every business day", [task("Check the inbox", "2026-11-18", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("every working day check the inbox", [task("Check the inbox", "2026-11-18", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        // Said on a Friday, a Saturday, and in a month that ends on a Sunday or begins on a Saturday.
        NoteCase("do it on the next business day", [task("Do it", "2026-11-23")], reference: "2026-11-20T09:00"),
        NoteCase("file it in 3 business days", [task("File it", "2026-11-25")], reference: "2026-11-20T09:00"),
        NoteCase("do it next working day", [task("Do it", "2026-11-23")], reference: "2026-11-21T09:00"),
        NoteCase("pay on the last business day of the month", [task("Pay", "2027-01-29")], reference: "2027-01-10T09:00"),
        NoteCase("pay on the first business day of May", [task("Pay", "2027-05-03")], reference: "2027-01-10T09:00"),
        NoteCase("pay on the first business day of next month", [task("Pay", "2027-02-01")], reference: "2027-01-10T09:00"),
    ]

    static let weekendCases: [NoteCase] = [
        NoteCase("visit in two weekends", [task("Visit", "2026-11-28")]),
        NoteCase("visit in 2 weekends", [task("Visit", "2026-11-28")]),
        NoteCase("visit two weekends from now", [task("Visit", "2026-11-28")]),
        NoteCase("visit this weekend", [task("Visit", "2026-11-21")]),
        NoteCase("visit the weekend after next", [task("Visit", "2026-11-28")]),
        NoteCase("repaint the shed in a couple of weekends", [task("Repaint the shed", "2026-11-28")]),
        NoteCase("repaint the shed in three weekends' time", [task("Repaint the shed", "2026-12-05")]),
        NoteCase("log the hike from two weekends ago", [task("Log the hike", "2026-11-07")]),
        NoteCase("visit in two weekends", [task("Visit", "2026-11-28")], reference: "2026-11-20T09:00"),
        NoteCase("visit in two weekends", [task("Visit", "2026-12-05")], reference: "2026-11-21T09:00"),
        NoteCase("mow the lawn every second weekend", [task("Mow the lawn", "2026-11-21", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU")]),
        NoteCase("mow the lawn every other weekend", [task("Mow the lawn", "2026-11-21", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU")]),
        NoteCase("mow the lawn every 2 weekends", [task("Mow the lawn", "2026-11-21", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU")]),
        NoteCase("mow the lawn every weekend", [task("Mow the lawn", "2026-11-21", every: "FREQ=WEEKLY;BYDAY=SA,SU")]),
        NoteCase("mow the lawn on weekends", [task("Mow the lawn", "2026-11-21", every: "FREQ=WEEKLY;BYDAY=SA,SU")]),
    ]

    static let alternativeCases: [NoteCase] = [
        NoteCase("meet at 10 or 11", [task("Meet", "2026-11-18", "10:00")]),
        NoteCase("meet Monday or Tuesday", [task("Meet", "2026-11-23")]),
        NoteCase("meet tomorrow or Friday", [task("Meet", "2026-11-19")]),
        NoteCase("meet at 3 or 4 pm", [task("Meet", "2026-11-18", "15:00")]),
        NoteCase("walk the dog at 5 or 6 am", [task("Walk the dog", "2026-11-19", "05:00")]),
        NoteCase("call the plumber at 5 or so", [task("Call the plumber", "2026-11-18", "17:00")]),
        NoteCase("call the plumber at 10 or maybe 11", [task("Call the plumber", "2026-11-18", "10:00")]),
        NoteCase("call the plumber at 10:30 or 11", [task("Call the plumber", "2026-11-18", "10:30")]),
        NoteCase("call the plumber at 10 or 10:30", [task("Call the plumber", "2026-11-18", "10:00")]),
        NoteCase("call the plumber at noon or 1", [task("Call the plumber", "2026-11-18", "12:00")]),
        NoteCase("visit grandma either Monday or Tuesday", [task("Visit grandma", "2026-11-23")]),
        NoteCase("visit grandma either on Monday or on Tuesday", [task("Visit grandma", "2026-11-23")]),
        NoteCase("visit grandma on the 3rd or 4th", [task("Visit grandma", "2026-12-03")]),
        NoteCase("visit grandma December 3 or 4", [task("Visit grandma", "2026-12-03")]),
        NoteCase("visit grandma tomorrow or the day after", [task("Visit grandma", "2026-11-19")]),
        NoteCase("visit grandma tomorrow or Friday at 3", [task("Visit grandma", "2026-11-19", "15:00")]),
        NoteCase("visit grandma Monday or Tuesday at 10 or 11", [task("Visit grandma", "2026-11-23", "10:00")]),
        NoteCase("visit grandma tonight or tomorrow", [task("Visit grandma", "2026-11-18", "20:00")]),
        NoteCase("visit grandma this weekend or next", [task("Visit grandma", "2026-11-21")]),
        NoteCase("visit grandma next week or the week after", [task("Visit grandma", "2026-11-23")]),
        NoteCase("call Ann or Bob tomorrow at 10 or 11", [task("Call Ann or Bob", "2026-11-19", "10:00")]),
    ]

    /// Words that must stay words: "or" between things, "business" and "working" as words, ordinals that count things.
    static let notWhenCases: [NoteCase] = [
        NoteCase("buy milk or juice tomorrow", [task("Buy milk or juice", "2026-11-19")]),
        NoteCase("call the business office", [task("Call the business office")]),
        NoteCase("call the business office at 3", [task("Call the business office", "2026-11-18", "15:00")]),
        NoteCase("start a business next year", [task("Start a business", "2027-01-01")]),
        NoteCase("business meeting on Friday", [task("Business meeting", "2026-11-20")]),
        NoteCase("fix the work day schedule", [task("Fix the work day schedule")]),
        NoteCase("go to work on Monday", [task("Go to work", "2026-11-23")]),
        NoteCase("review working hours next week", [task("Review working hours", "2026-11-23")]),
        NoteCase("bring 10 or 11 chairs tomorrow", [task("Bring 10 or 11 chairs", "2026-11-19")]),
        NoteCase("take 2 or 3 pills at 8", [task("Take 2 or 3 pills", "2026-11-19", "08:00")]),
        NoteCase("buy 3 or 4 apples at 10", [task("Buy 3 or 4 apples", "2026-11-18", "10:00")]),
        NoteCase("call mom at 5 or text her", [task("Call mom or text her", "2026-11-18", "17:00")]),
        NoteCase("tea or coffee at 3", [task("Tea or coffee", "2026-11-18", "15:00")]),
        NoteCase("call Sam or Ann at 4", [task("Call Sam or Ann", "2026-11-18", "16:00")]),
        NoteCase("spend 2 weekends painting the fence", [task("Spend 2 weekends painting the fence")]),
        NoteCase("plan weekend plans", [task("Plan weekend plans")]),
        NoteCase("read the 2nd to last chapter", [task("Read the 2nd to last chapter")]),
        NoteCase("read the second last chapter", [task("Read the second last chapter")]),
        NoteCase("watch the penultimate episode tomorrow", [task("Watch the penultimate episode", "2026-11-19")]),
        NoteCase("review the last 3 days of logs", [task("Review the last 3 days of logs")]),
        NoteCase("go to the second floor", [task("Go to the second floor")]),
        NoteCase("meet on the 2nd at 5", [task("Meet", "2026-12-02", "17:00")]),
        NoteCase("call Ann on a weekday", [task("Call Ann on a weekday")]),
    ]

    @Test("A weekday said with a date", arguments: weekdayWithDateCases)
    func weekdayWithDate(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Days counted from a month's end", arguments: fromEndCases)
    func fromEnd(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Business days", arguments: businessDayCases)
    func businessDays(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Counted weekends", arguments: weekendCases)
    func weekends(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A when or another", arguments: alternativeCases)
    func alternatives(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Words that stay words", arguments: notWhenCases)
    func notWhen(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Business days step over weekends, both ways")
    func businessDayArithmetic() {
        let friday = CivilDate(year: 2026, month: 11, day: 20)
        #expect(DueResolver.businessDays(1, from: friday) == CivilDate(year: 2026, month: 11, day: 23))
        #expect(DueResolver.businessDays(-1, from: CivilDate(year: 2026, month: 11, day: 23)) == friday)
        #expect(DueResolver.businessDays(0, from: friday) == friday)
        #expect(DueResolver.businessDays(5, from: CivilDate(year: 2026, month: 11, day: 21)) == CivilDate(year: 2026, month: 11, day: 27))
        #expect(DueResolver.nthWeekday(-1, .businessDay, year: 2027, month: 1) == CivilDate(year: 2027, month: 1, day: 29))
        #expect(DueResolver.nthWeekday(-2, .weekday(4), year: 2026, month: 11) == CivilDate(year: 2026, month: 11, day: 20))
        #expect(DueResolver.nthWeekday(-6, .weekday(4), year: 2026, month: 11) == nil)
    }
}
