import Testing

@testable import DocketExtraction

/// A bare day said before another that names the month, numbers listed after a numbered noun, an alternative day with a
/// part of the day after it, and a month's nth business day as a repetition (reference Wed 2026-11-18 09:00
/// America/New_York).
@Suite("Alternative days and monthly positions")
struct AlternativeDaysAndMonthlyPositionsTests {
    static let sharedMonthCases: [NoteCase] = [
        // The first day said is due, in the month the other names.
        NoteCase("pay rent the 2nd or 3rd of March", [task("Pay rent", "2027-03-02")]),
        NoteCase("pay rent on the 2nd or the 3rd of next month", [task("Pay rent", "2026-12-02")]),
        NoteCase("renew the lease the 30th or 31st of December", [task("Renew the lease", "2026-12-30")]),
        NoteCase("book the cabin either the 5th or 6th of January", [task("Book the cabin", "2027-01-05")]),
        NoteCase("send the deposit the 30th or 31st of April", [task("Send the deposit", "2027-04-30")]),
        // A day that the other's month lacks stays a bare day.
        NoteCase("send the deposit the 31st or 1st of April", [task("Send the deposit", "2026-12-31")]),
    ]

    static let numberListCases: [NoteCase] = [
        NoteCase("read chapters 3 or 4 tonight", [task("Read chapters 3 or 4", "2026-11-18", "20:00")]),
        NoteCase("read pages 10 to 20 tonight", [task("Read pages 10 to 20", "2026-11-18", "20:00")]),
        NoteCase("do exercises 5 and 6 tonight", [task("Do exercises 5 and 6", "2026-11-18", "20:00")]),
        NoteCase("call Sam at 3 or 4 tonight", [task("Call Sam", "2026-11-18", "15:00")]),
    ]

    static let alternativeWithPartOfDayCases: [NoteCase] = [
        NoteCase("meet on Friday or Saturday morning", [task("Meet", "2026-11-20", "09:00")]),
        NoteCase("meet Dana Friday or Saturday in the morning", [task("Meet Dana", "2026-11-20", "09:00")]),
        NoteCase("walk the dog Thursday or Friday evening", [task("Walk the dog", "2026-11-19", "18:00")]),
    ]

    static let businessDayRepeatCases: [NoteCase] = [
        NoteCase(
            "pay rent every last business day of the month",
            [task("Pay rent", "2026-11-30", every: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")]
        ),
        NoteCase(
            "submit the timesheet on the last working day of every month",
            [task("Submit the timesheet", "2026-11-30", every: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")]
        ),
        NoteCase(
            "send invoices every first business day of the month",
            [task("Send invoices", "2026-12-01", every: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1")]
        ),
        NoteCase(
            "close the books every last weekday of the month at 4pm",
            [task("Close the books", "2026-11-30", "16:00", every: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")]
        ),
        // A month whose last day is a Sunday: its last business day is the Friday before.
        NoteCase(
            "file the report every last business day of the month",
            [task("File the report", "2027-01-29", every: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")],
            reference: "2027-01-04T09:00"
        ),
    ]

    @Test("A bare day before another that names the month", arguments: sharedMonthCases)
    func sharedMonths(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Numbers listed after a numbered noun are no time", arguments: numberListCases)
    func numberLists(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("An alternative day with a part of the day", arguments: alternativeWithPartOfDayCases)
    func alternativesWithPartOfDay(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A month's nth business day, repeated", arguments: businessDayRepeatCases)
    func businessDayRepeats(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("What an nth weekday counts")
    func dayKinds() {
        #expect(DueResolver.nthWeekday(-1, .anyDay, year: 2027, month: 2) == CivilDate(year: 2027, month: 2, day: 28))
        #expect(DueResolver.nthWeekday(1, .businessDay, year: 2027, month: 5) == CivilDate(year: 2027, month: 5, day: 3))
        #expect(DueResolver.nthWeekday(2, .weekday(6), year: 2027, month: 5) == CivilDate(year: 2027, month: 5, day: 9))
        #expect(DueResolver.nthWeekday(2, .week, year: 2027, month: 5) == CivilDate(year: 2027, month: 5, day: 3))
    }
}
