import Testing

@testable import DocketExtraction

/// Times said before their day, days counted from other days, fortnights, the following week, written dates with dots or
/// an ISO "T", and clock words said the military way (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Time first and relative weeks")
struct TimeFirstAndRelativeWeeksTests {
    /// The time said before the day ("noon on Friday", "half seven Friday", "9 am on the 3rd").
    static let timeFirstCases: [DateExpression] = [
        .init("noon on Friday", "2026-11-20", "12:00"),
        .init("9 am on the 3rd", "2026-12-03", "09:00"),
        .init("half seven Friday", "2026-11-20", "07:30"),
        .init("8 pm Friday", "2026-11-20", "20:00"),
        .init("10:30 next Monday", "2026-11-23", "10:30"),
        .init("three pm on the 1st", "2026-12-01", "15:00"),
        .init("6 in the evening tomorrow", "2026-11-19", "18:00"),
        .init("quarter past 2 on Thursday", "2026-11-19", "14:15"),
        .init("7 am Saturday", "2026-11-21", "07:00"),
        .init("noon on December 3rd", "2026-12-03", "12:00"),
        .init("5 pm the day after tomorrow", "2026-11-20", "17:00"),
        .init("half past ten on Sunday", "2026-11-22", "10:30"),
        .init("2:30 this Friday", "2026-11-20", "14:30"),
        .init("eleven am next Tuesday", "2026-11-24", "11:00"),
        .init("noon the day after tomorrow", "2026-11-20", "12:00"),
        .init("ten thirty tomorrow morning", "2026-11-19", "10:30"),
        .init("midday on the 5th", "2026-12-05", "12:00"),
        .init("at 7 pm on the 24th of December", "2026-12-24", "19:00"),
        .init("4pm next Friday", "2026-11-27", "16:00"),
        .init("half nine tomorrow", "2026-11-19", "09:30"),
        .init("quarter to 6 on Friday", "2026-11-20", "17:45"),
        .init("3 o'clock Saturday", "2026-11-21", "15:00"),
        .init("noon next Wednesday", "2026-11-25", "12:00"),
    ]

    /// Days counted from another day ("three weeks from Monday", "three days before the 1st", "a fortnight on Friday").
    static let relativeDaysCases: [DateExpression] = [
        .init("three weeks from Monday", "2026-12-14"),
        .init("a month from Friday", "2026-12-20"),
        .init("a week from Sunday", "2026-11-29"),
        .init("three days before the 1st", "2026-11-28"),
        .init("two days after the 15th", "2026-12-17"),
        .init("the day before the 10th", "2026-12-09"),
        .init("the day after the 10th", "2026-12-11"),
        .init("a week before December 20th", "2026-12-13"),
        .init("the Tuesday after next", "2026-12-01"),
        .init("the Monday after next", "2026-11-30"),
        .init("a fortnight on Friday", "2026-12-04"),
        .init("a fortnight tomorrow", "2026-12-03"),
        .init("a fortnight from Monday", "2026-12-07"),
        .init("two weeks from tomorrow", "2026-12-03"),
        .init("week after next on Wednesday", "2026-12-02"),
        .init("the week after next on Friday", "2026-12-04"),
        .init("Thursday the week after next", "2026-12-03"),
        .init("a month from tomorrow", "2026-12-19"),
        .init("two months from today", "2027-01-18"),
        .init("3 days after Friday", "2026-11-23"),
        .init("the day after Friday", "2026-11-21"),
        .init("the day before Friday", "2026-11-19"),
        .init("two days before the end of the month", "2026-11-28"),
        .init("a week after the 1st", "2026-12-08"),
        .init("five days from Monday", "2026-11-28"),
        .init("a couple of weeks from now", "2026-12-02"),
        .init("a few weeks from now", "2026-12-09"),
        .init("in a couple weeks", "2026-12-02"),
        .init("a couple days from now", "2026-11-20"),
        .init("a few days from Friday", "2026-11-23"),
    ]

    /// End of day, close of business, first thing, lunchtime and "-ish" with a day.
    static let partsOfTheDayCases: [DateExpression] = [
        .init("end of day Friday", "2026-11-20", "17:00"),
        .init("by close of business Thursday", "2026-11-19", "17:00"),
        .init("COB tomorrow", "2026-11-19", "17:00"),
        .init("by end of business today", "2026-11-18", "17:00"),
        .init("EOD Friday", "2026-11-20", "17:00"),
        .init("by end of day on Monday", "2026-11-23", "17:00"),
        .init("first thing Tuesday", "2026-11-24", "09:00"),
        .init("first thing next Monday", "2026-11-23", "09:00"),
        .init("first thing tomorrow morning", "2026-11-19", "09:00"),
        .init("by lunchtime Friday", "2026-11-20", "12:00"),
        .init("by lunch tomorrow", "2026-11-19", "12:00"),
        .init("tomorrow evening around 7ish", "2026-11-19", "19:00"),
        .init("around 8ish tonight", "2026-11-18", "20:00"),
        .init("Friday around 3ish", "2026-11-20", "15:00"),
        .init("tomorrow at 4ish", "2026-11-19", "16:00"),
    ]

    /// Ordinal weeks and days of a month ("the 2nd week of next month", "the last day of March").
    static let ordinalDaysAndWeeksCases: [DateExpression] = [
        .init("the 2nd week of next month", "2026-12-07"),
        .init("the third week of December", "2026-12-14"),
        .init("the last day of March", "2027-03-31"),
        .init("the first day of December", "2026-12-01"),
        .init("the last day of this month", "2026-11-30"),
        .init("the 10th day of next month", "2026-12-10"),
        .init("the first weekday of December", "2026-12-01"),
        .init("the last Friday of next month", "2026-12-25"),
        .init("the second Monday of January", "2027-01-11"),
        .init("the last weekday of the month", "2026-11-30"),
    ]

    /// Years said in words ("twenty twenty seven", "two thousand and twenty-seven").
    static let yearsInWordsCases: [DateExpression] = [
        .init("March 3rd twenty twenty seven", "2027-03-03"),
        .init("the fifth of June two thousand twenty seven", "2027-06-05"),
        .init("June 5th, two thousand and twenty-seven", "2027-06-05"),
        .init("January 10th two thousand twenty eight", "2028-01-10"),
        .init("in twenty twenty eight", "2028-01-01"),
        .init("by twenty twenty-seven", "2027-01-01"),
    ]

    /// Written forms: dotted day-first dates, ISO date and time, "14:00h", "'27", zones.
    static let writtenFormsCases: [DateExpression] = [
        .init("Dec 3rd '27", "2027-12-03"),
        .init("3rd Dec", "2026-12-03"),
        .init("2026-12-03 at 14:00", "2026-12-03", "14:00"),
        .init("at 14:00h", "2026-11-18", "14:00"),
        .init("2pm ET", "2026-11-18", "14:00"),
        .init("24.12.2026", "2026-12-24"),
        .init("12/24 at 9", "2026-12-24", "09:00"),
        .init("Thu, Dec 3", "2026-12-03"),
        .init("2026-12-03T14:00", "2026-12-03", "14:00"),
        .init("Dec 3 '26", "2026-12-03"),
        .init("3 Dec '27", "2027-12-03"),
        .init("on 12.24.2026", "2026-12-24"),
        .init("December 3rd 2027 at noon", "2027-12-03", "12:00"),
        .init("at 9:00 a.m. on 12/3", "2026-12-03", "09:00"),
        .init("14h30 tomorrow", "2026-11-19", "14:30"),
        .init("at 2:15pm EST", "2026-11-18", "14:15"),
        .init("at 9:15h", "2026-11-18", "09:15"),
        .init("at 18:30h on Friday", "2026-11-20", "18:30"),
        .init("23.12.2026", "2026-12-23"),
        .init("on 5.1.2027", "2027-01-05"),
        .init("on 31.12.26", "2026-12-31"),
        .init("by 15.01.2027", "2027-01-15"),
        .init("on 12.25.2026", "2026-12-25"),
        .init("2026-12-24T18:30", "2026-12-24", "18:30"),
        .init("on 2027-01-05T09:00", "2027-01-05", "09:00"),
    ]

    /// Spoken days: "Monday fortnight", "a week Friday", "the following week", "within the week", "this day next week", "the weekend before Christmas", "the last Friday of the year".
    static let spokenDaysCases: [DateExpression] = [
        .init("the day after the day after tomorrow", "2026-11-21"),
        .init("three days from now", "2026-11-21"),
        .init("in five days' time", "2026-11-23"),
        .init("two weeks today", "2026-12-02"),
        .init("a week Friday", "2026-11-27"),
        .init("Monday fortnight", "2026-12-07"),
        .init("next Monday week", "2026-11-30"),
        .init("in a week from Monday", "2026-11-30"),
        .init("a week from next Monday", "2026-11-30"),
        .init("one week from next Friday", "2026-12-04"),
        .init("the following Monday", "2026-11-23"),
        .init("the following week", "2026-11-23"),
        .init("the week following", "2026-11-23"),
        .init("later this week", "2026-11-20"),
        .init("later this month", "2026-11-30"),
        .init("later today", "2026-11-18"),
        .init("this day next week", "2026-11-25"),
        .init("this day next month", "2026-12-18"),
        .init("a year from tomorrow", "2027-11-19"),
        .init("in one year", "2027-11-18"),
        .init("in 18 months", "2028-05-18"),
        .init("in a week or so", "2026-11-25"),
        .init("in about a week", "2026-11-25"),
        .init("in roughly 3 days", "2026-11-21"),
        .init("within the week", "2026-11-20"),
        .init("by the end of next week", "2026-11-27"),
        .init("toward the end of the week", "2026-11-20"),
        .init("towards the end of next month", "2026-12-31"),
        .init("at the end of the month", "2026-11-30"),
        .init("first of next month", "2026-12-01"),
        .init("the last Sunday of the year", "2026-12-27"),
        .init("the first Monday after Christmas", "2026-12-28"),
        .init("the weekend before Christmas", "2026-12-19"),
        .init("the Sunday before Thanksgiving", "2026-11-22"),
        .init("a week before Christmas", "2026-12-18"),
        .init("the day before New Year's Eve", "2026-12-30"),
        .init("two Saturdays from now", "2026-11-28"),
        .init("the Saturday after next", "2026-11-28"),
        .init("next Saturday week", "2026-12-05"),
        .init("tomorrow fortnight", "2026-12-03"),
        .init("next Friday week", "2026-12-04"),
        .init("next Tuesday fortnight", "2026-12-08"),
        .init("Thursday fortnight", "2026-12-03"),
        .init("Saturday fortnight", "2026-12-05"),
        .init("Sunday week", "2026-11-29"),
        .init("a week Monday", "2026-11-30"),
        .init("a week Thursday", "2026-11-26"),
        .init("a fortnight Tuesday", "2026-12-08"),
        .init("the following Friday", "2026-11-20"),
        .init("the following Tuesday", "2026-11-24"),
        .init("the following week on Wednesday", "2026-11-25"),
        .init("the following week", "2026-11-23"),
        .init("within the month", "2026-11-30"),
        .init("within the year", "2026-12-31"),
        .init("towards the end of the month", "2026-11-30"),
        .init("toward the end of next week", "2026-11-27"),
        .init("this day next year", "2027-11-18"),
        .init("the week after next on Monday", "2026-11-30"),
        .init("week after next on Thursday", "2026-12-03"),
        .init("the week after next Tuesday", "2026-12-01"),
        .init("in a week from Friday", "2026-11-27"),
        .init("in two weeks from Monday", "2026-12-07"),
        .init("in 3 days from tomorrow", "2026-11-22"),
        .init("the weekend after Thanksgiving", "2026-11-28"),
        .init("the weekend before New Year's Eve", "2026-12-26"),
        .init("the first Friday after Thanksgiving", "2026-11-27"),
        .init("the first Sunday before Christmas", "2026-12-20"),
        .init("the last Friday of the year", "2026-12-25"),
        .init("the first Monday of the year", "2027-01-04"),
        .init("the last Monday of the year", "2026-12-28"),
    ]

    /// Clock words: "twelve noon", "on the dot", "at nineteen hundred", "at oh seven hundred", "end of play".
    static let clockWordsCases: [DateExpression] = [
        .init("later tonight", "2026-11-18", "20:00"),
        .init("this time next week", "2026-11-25", "09:00"),
        .init("same time tomorrow", "2026-11-19", "09:00"),
        .init("at twelve noon tomorrow", "2026-11-19", "12:00"),
        .init("at 12 midday on Friday", "2026-11-20", "12:00"),
        .init("at half past midnight", "2026-11-19", "00:30"),
        .init("at quarter past midnight", "2026-11-19", "00:15"),
        .init("at one in the morning", "2026-11-19", "01:00"),
        .init("at two a m", "2026-11-19", "02:00"),
        .init("at five p m tomorrow", "2026-11-19", "17:00"),
        .init("at 6 p.m. on the dot", "2026-11-18", "18:00"),
        .init("at 7 on the dot", "2026-11-19", "07:00"),
        .init("before lunch", "2026-11-18", "12:00"),
        .init("early tomorrow morning", "2026-11-19", "07:00"),
        .init("tomorrow first thing", "2026-11-19", "09:00"),
        .init("tomorrow at close of business", "2026-11-19", "17:00"),
        .init("by end of play Friday", "2026-11-20", "17:00"),
        .init("ten past four in the afternoon", "2026-11-18", "16:10"),
        .init("twenty five past seven", "2026-11-19", "07:25"),
        .init("at nineteen hundred", "2026-11-18", "19:00"),
        .init("at oh nine hundred", "2026-11-19", "09:00"),
        .init("at zero eight thirty", "2026-11-19", "08:30"),
        .init("at 8h", "2026-11-19", "08:00"),
        .init("at 8:30h", "2026-11-19", "08:30"),
        .init("at 15h", "2026-11-18", "15:00"),
        .init("at 3pm GMT", "2026-11-18", "10:00"),
        .init("noon Pacific", "2026-11-18", "15:00"),
        .init("at 9 am Central", "2026-11-18", "10:00"),
        .init("at twelve noon", "2026-11-18", "12:00"),
        .init("twelve noon on Friday", "2026-11-20", "12:00"),
        .init("at 12 midday", "2026-11-18", "12:00"),
        .init("at 9 on the dot", "2026-11-19", "09:00"),
        .init("at 4:30 on the dot tomorrow", "2026-11-19", "16:30"),
        .init("by end of play", "2026-11-18", "17:00"),
        .init("end of play tomorrow", "2026-11-19", "17:00"),
        .init("at twenty hundred", "2026-11-18", "20:00"),
        .init("at fourteen hundred tomorrow", "2026-11-19", "14:00"),
        .init("at oh seven hundred on Friday", "2026-11-20", "07:00"),
        .init("at zero six thirty", "2026-11-19", "06:30"),
        .init("at oh eight fifteen tomorrow", "2026-11-19", "08:15"),
    ]

    /// Repetitions with a time or days ("every other Tuesday at 4", "on weekdays at 7", "fortnightly on Saturday").
    static let repeatingNotes: [NoteCase] = [
        NoteCase("water the ferns every other Tuesday at 4", [task("Water the ferns", "2026-11-24", "16:00", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")]),
        NoteCase("go for a run on weekdays at 7", [task("Go for a run", "2026-11-19", "07:00", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("take out the trash on weekdays", [task("Take out the trash", "2026-11-18", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("clean the gutters every fortnight", [task("Clean the gutters", "2026-11-18", every: "FREQ=WEEKLY;INTERVAL=2")]),
        NoteCase("check the mail every weekday morning", [task("Check the mail", "2026-11-19", "09:00", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("swim every Tuesday and Thursday at 6 pm", [task("Swim", "2026-11-19", "18:00", every: "FREQ=WEEKLY;BYDAY=TU,TH")]),
        NoteCase("water the cactus every three days", [task("Water the cactus", "2026-11-18", every: "FREQ=DAILY;INTERVAL=3")]),
        NoteCase(
            "renew the parking permit every year on March 3rd", [task("Renew the parking permit", "2027-03-03", every: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3")]),
        NoteCase("back up the laptop every Sunday night", [task("Back up the laptop", "2026-11-22", "20:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
        NoteCase("take vitamins every morning at 8", [task("Take vitamins", "2026-11-19", "08:00", every: "FREQ=DAILY")]),
        NoteCase("stretch every night at 10", [task("Stretch", "2026-11-18", "22:00", every: "FREQ=DAILY")]),
        NoteCase("call mom every Sunday at noon", [task("Call mom", "2026-11-22", "12:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
        NoteCase("standup every weekday at 9:30", [task("Standup", "2026-11-18", "09:30", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("pay the credit card on the 20th of each month", [task("Pay the credit card", "2026-11-20", every: "FREQ=MONTHLY;BYMONTHDAY=20")]),
        NoteCase("team lunch every first Friday of the month", [task("Team lunch", "2026-12-04", every: "FREQ=MONTHLY;BYDAY=1FR")]),
        NoteCase("book club every third Thursday", [task("Book club", "2026-11-19", every: "FREQ=MONTHLY;BYDAY=3TH")]),
        NoteCase("water the plants every Monday, Wednesday and Friday", [task("Water the plants", "2026-11-20", every: "FREQ=WEEKLY;BYDAY=MO,WE,FR")]),
        NoteCase("run on Mondays and Thursdays at 6 am", [task("Run", "2026-11-19", "06:00", every: "FREQ=WEEKLY;BYDAY=MO,TH")]),
        NoteCase("weigh in every Saturday morning", [task("Weigh in", "2026-11-21", "09:00", every: "FREQ=WEEKLY;BYDAY=SA")]),
        NoteCase("flip the mattress every 3 months", [task("Flip the mattress", "2026-11-18", every: "FREQ=MONTHLY;INTERVAL=3")]),
        NoteCase("deep clean the fridge every 2 weeks on Sunday", [task("Deep clean the fridge", "2026-11-22", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU")]),
        NoteCase("water the orchid every 10 days", [task("Water the orchid", "2026-11-18", every: "FREQ=DAILY;INTERVAL=10")]),
        NoteCase("take the pill every 8 hours", [task("Take the pill", "2026-11-18", "17:00", every: "FREQ=HOURLY;INTERVAL=8")]),
        NoteCase("do the payroll every other Friday at noon", [task("Do the payroll", "2026-11-20", "12:00", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")]),
        NoteCase("change the toothbrush every three months", [task("Change the toothbrush", "2026-11-18", every: "FREQ=MONTHLY;INTERVAL=3")]),
        NoteCase("get a haircut every 6 weeks", [task("Get a haircut", "2026-11-18", every: "FREQ=WEEKLY;INTERVAL=6")]),
        NoteCase("send the invoice on the first of each month at 10", [task("Send the invoice", "2026-12-01", "10:00", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase("piano lesson Tuesdays at 4:30", [task("Piano lesson", "2026-11-24", "16:30", every: "FREQ=WEEKLY;BYDAY=TU")]),
        NoteCase("water the tomatoes daily at 7 pm", [task("Water the tomatoes", "2026-11-18", "19:00", every: "FREQ=DAILY")]),
        NoteCase("every weekday at 8 am check email", [task("Check email", "2026-11-19", "08:00", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("yoga every Saturday and Sunday at 9", [task("Yoga", "2026-11-21", "09:00", every: "FREQ=WEEKLY;BYDAY=SA,SU")]),
        NoteCase("call the bank every weekend", [task("Call the bank", "2026-11-21", every: "FREQ=WEEKLY;BYDAY=SA,SU")]),
        NoteCase("pay the water bill every two months", [task("Pay the water bill", "2026-11-18", every: "FREQ=MONTHLY;INTERVAL=2")]),
        NoteCase("renew the domain every year", [task("Renew the domain", "2026-11-18", every: "FREQ=YEARLY")]),
        NoteCase("send Grandpa a card every year on December 3rd", [task("Send Grandpa a card", "2026-12-03", every: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=3")]),
        NoteCase("every Thursday evening take out the bins", [task("Take out the bins", "2026-11-19", "18:00", every: "FREQ=WEEKLY;BYDAY=TH")]),
        NoteCase("the 15th of every month pay the car loan", [task("Pay the car loan", "2026-12-15", every: "FREQ=MONTHLY;BYMONTHDAY=15")]),
        NoteCase("journal every night", [task("Journal", "2026-11-18", "20:00", every: "FREQ=DAILY")]),
        NoteCase("team retro every other Thursday at 3", [task("Team retro", "2026-11-19", "15:00", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH")]),
        NoteCase(
            "feed the neighbor's cat every day until Sunday at 6 pm",
            [task("Feed the neighbor's cat", "2026-11-18", "18:00", every: "FREQ=DAILY;UNTIL=20261123T045959Z")]),
    ]

    /// Dictated notes using these forms.
    static let dictatedNotes: [NoteCase] = [
        NoteCase("call the plumber noon tomorrow", [task("Call the plumber", "2026-11-19", "12:00")]),
        NoteCase("half seven Friday dinner with the Hendersons", [task("Dinner with the Hendersons", "2026-11-20", "07:30")]),
        NoteCase("first thing Monday email the contractor", [task("Email the contractor", "2026-11-23", "09:00")]),
        NoteCase("by close of business send the signed lease to Priya", [task("Send the signed lease to Priya", "2026-11-18", "17:00")]),
        NoteCase("remind me a month from today to cancel the free trial", [task("Cancel the free trial", "2026-12-18")]),
        NoteCase("two weeks from Friday pick up the passport", [task("Pick up the passport", "2026-12-04")]),
        NoteCase("submit the expense report by end of day tomorrow", [task("Submit the expense report", "2026-11-19", "17:00")]),
        NoteCase("get the kids' flu shots the week after next", [task("Get the kids' flu shots", "2026-11-30")]),
        NoteCase("schedule the furnace tune-up in a couple of weeks", [task("Schedule the furnace tune-up", "2026-12-02")]),
        NoteCase("hand in the timesheet by lunchtime", [task("Hand in the timesheet", "2026-11-18", "12:00")]),
        NoteCase("order the turkey three days before Thanksgiving", [task("Order the turkey", "2026-11-23")]),
        NoteCase("renew the car registration by the last day of February", [task("Renew the car registration", "2027-02-28")]),
        NoteCase("call the bank at 2pm ET", [task("Call the bank", "2026-11-18", "14:00")]),
        NoteCase("pick up Maya from ballet at quarter to five on Thursday", [task("Pick up Maya from ballet", "2026-11-19", "16:45")]),
        NoteCase("call the vet the day before yesterday", [task("Call the vet", "2026-11-16")]),
        NoteCase("drop off the forms tomorrow evening around 7ish", [task("Drop off the forms", "2026-11-19", "19:00")]),
        NoteCase("send mom flowers the second week of next month", [task("Send mom flowers", "2026-12-07")]),
        NoteCase("renew the lease a fortnight from today", [task("Renew the lease", "2026-12-02")]),
        NoteCase("dinner reservation at 8 pm on Dec 3rd '27", [task("Dinner reservation", "2027-12-03", "20:00")]),
        NoteCase("flight leaves 2026-12-03 at 14:00", [task("Flight leaves", "2026-12-03", "14:00")]),
        NoteCase("call the accountant ten days from now", [task("Call the accountant", "2026-11-28")]),
        NoteCase("return the rental car a week from Saturday at 10", [task("Return the rental car", "2026-11-28", "10:00")]),
        NoteCase("book the vet for the Tuesday after next at 11", [task("Book the vet", "2026-12-01", "11:00")]),
        NoteCase("file the quarterly taxes by the 15th of January", [task("File the quarterly taxes", "2027-01-15")]),
        NoteCase("remind me at 6 tomorrow morning to put the bins out", [task("Put the bins out", "2026-11-19", "06:00")]),
        NoteCase("pick up the cake at 3 on the day of the party", [task("Pick up the cake on the day of the party", "2026-11-18", "15:00")]),
        NoteCase("prep the slides this Thursday at 1", [task("Prep the slides", "2026-11-19", "13:00")]),
        NoteCase("send the RSVP no later than December 1st", [task("Send the RSVP", "2026-12-01")]),
        NoteCase("call Aunt May on Sunday afternoon around 2", [task("Call Aunt May", "2026-11-22", "14:00")]),
        NoteCase("renew my license before my birthday on the 9th of January", [task("Renew my license before my birthday", "2027-01-09")]),
        NoteCase("clean the oven sometime next week", [task("Clean the oven", "2026-11-23", priority: .low)]),
        NoteCase("reorder contacts in six weeks", [task("Reorder contacts", "2026-12-30")]),
        NoteCase("move the car before 8 am tomorrow", [task("Move the car", "2026-11-19", "08:00")]),
        NoteCase("pay the babysitter tonight at 11", [task("Pay the babysitter", "2026-11-18", "23:00")]),
        NoteCase("water the plants Tuesday and Friday", [task("Water the plants", "2026-11-24")]),
        NoteCase("pick up the suit on Saturday between 10 and 12", [task("Pick up the suit", "2026-11-21", "10:00")]),
        NoteCase("finish the proposal by 5 pm on the 30th", [task("Finish the proposal", "2026-11-30", "17:00")]),
        NoteCase("start the diet the Monday after next", [task("Start the diet", "2026-11-30")]),
        NoteCase("buy a tree the first weekend of December", [task("Buy a tree", "2026-12-05")]),
        NoteCase("bring snacks to the game Sat at 1", [task("Bring snacks to the game", "2026-11-21", "13:00")]),
        NoteCase("dentist on the 2nd at half past two", [task("Dentist", "2026-12-02", "14:30")]),
        NoteCase("get gas on the way to work tomorrow", [task("Get gas on the way to work", "2026-11-19")]),
        NoteCase("send the invoice at the end of the week", [task("Send the invoice", "2026-11-20")]),
        NoteCase("call Lisa back in an hour and a half", [task("Call Lisa back", "2026-11-18", "10:30")]),
        NoteCase("book the hotel for the night of the 12th", [task("Book the hotel", "2026-12-12", "20:00")]),
        NoteCase("pick up Grandma at the airport at 16:45 on Friday", [task("Pick up Grandma at the airport", "2026-11-20", "16:45")]),
        NoteCase("pick up the dry cleaning a week Friday", [task("Pick up the dry cleaning", "2026-11-27")]),
        NoteCase("book the return flight next Monday week", [task("Book the return flight", "2026-11-30")]),
        NoteCase("renew the gym pass tomorrow fortnight", [task("Renew the gym pass", "2026-12-03")]),
        NoteCase("get the tree lights down the following week", [task("Get the tree lights down", "2026-11-23")]),
        NoteCase("finish the quilt within the week", [task("Finish the quilt", "2026-11-20")]),
        NoteCase("call the landlord the week after next on Tuesday", [task("Call the landlord", "2026-12-01")]),
        NoteCase("send the deposit at 14:00h", [task("Send the deposit", "2026-11-18", "14:00")]),
        NoteCase("dentist 24.12.2026 at 10", [task("Dentist", "2026-12-24", "10:00")]),
        NoteCase("board the train at nineteen hundred", [task("Board the train", "2026-11-18", "19:00")]),
        NoteCase("the movers come 2026-12-05T08:00", [task("The movers come", "2026-12-05", "08:00")]),
        NoteCase("start the standup at 10 on the dot", [task("Start the standup", "2026-11-18", "10:00")]),
        NoteCase("have the slides ready towards the end of the week", [task("Have the slides ready", "2026-11-20")]),
        NoteCase("visit Nana this day next week", [task("Visit Nana", "2026-11-25")]),
        NoteCase("hang the lights the weekend after Thanksgiving", [task("Hang the lights", "2026-11-28")]),
        NoteCase("wrap presents the weekend before Christmas", [task("Wrap presents", "2026-12-19")]),
        NoteCase("take down the decorations the first Sunday after New Year's Day", [task("Take down the decorations", "2027-01-03")]),
        NoteCase("send the sales figures by end of play Friday", [task("Send the sales figures", "2026-11-20", "17:00")]),
        NoteCase("lunch with Dana at twelve noon on Thursday", [task("Lunch with Dana", "2026-11-19", "12:00")]),
        NoteCase("donate the old coats in a week from Saturday", [task("Donate the old coats", "2026-11-28")]),
        NoteCase("sign up for the 10k Monday fortnight", [task("Sign up for the 10k", "2026-12-07")]),
    ]

    /// Several days of the month and its last day repeated ("on the 1st and 15th", "the last day of every month"), "nightly",
    /// and a bare hour before "sharp" ("7 sharp Friday", not "2 sharp knives").
    static let monthDaysAndNightly: [NoteCase] = [
        NoteCase("pay the nanny every month on the 1st and 15th", [task("Pay the nanny", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1,15")]),
        NoteCase("pay rent on the 1st and the 15th of every month", [task("Pay rent", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1,15")]),
        NoteCase("review the budget on the last day of every month", [task("Review the budget", "2026-11-30", every: "FREQ=MONTHLY;BYMONTHDAY=-1")]),
        NoteCase("every month on the 5th and 20th pay the sitter", [task("Pay the sitter", "2026-11-20", every: "FREQ=MONTHLY;BYMONTHDAY=5,20")]),
        NoteCase("journal nightly", [task("Journal", "2026-11-18", "20:00", every: "FREQ=DAILY")]),
        NoteCase("back up the server nightly at 2 am", [task("Back up the server", "2026-11-19", "02:00", every: "FREQ=DAILY")]),
        NoteCase("send invoices monthly on the 10th and 25th", [task("Send invoices", "2026-11-25", every: "FREQ=MONTHLY;BYMONTHDAY=10,25")]),
        NoteCase(
            "water the bonsai on the 1st, 10th and 20th of each month", [task("Water the bonsai", "2026-11-20", every: "FREQ=MONTHLY;BYMONTHDAY=1,10,20")]),
        NoteCase("close the books on the last day of each month", [task("Close the books", "2026-11-30", every: "FREQ=MONTHLY;BYMONTHDAY=-1")]),
        NoteCase("file the timesheet every month on the last day", [task("File the timesheet", "2026-11-30", every: "FREQ=MONTHLY;BYMONTHDAY=-1")]),
        NoteCase("pay the card monthly on the last day at 5 pm", [task("Pay the card", "2026-11-30", "17:00", every: "FREQ=MONTHLY;BYMONTHDAY=-1")]),
        NoteCase(
            "every month on the 18th and 28th at 8 am refill the meds", [task("Refill the meds", "2026-11-28", "08:00", every: "FREQ=MONTHLY;BYMONTHDAY=18,28")]
        ),
        NoteCase(
            "every month on the 18th and 28th at 10 am refill the meds",
            [task("Refill the meds", "2026-11-18", "10:00", every: "FREQ=MONTHLY;BYMONTHDAY=18,28")]),
        NoteCase("watch the nightly news at 6", [task("Watch the nightly news", "2026-11-18", "18:00")]),
        NoteCase("pick up the 1st and 2nd place trophies on Friday", [task("Pick up the 1st and 2nd place trophies", "2026-11-20")]),
        NoteCase("pay the water bill on the 1st of the month", [task("Pay the water bill", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase(
            "pay the rent on the last day of every month", [task("Pay the rent", "2027-01-31", every: "FREQ=MONTHLY;BYMONTHDAY=-1")],
            reference: "2027-01-31T08:00"),
        NoteCase(
            "pay the rent on the last day of every month", [task("Pay the rent", "2027-02-28", every: "FREQ=MONTHLY;BYMONTHDAY=-1")],
            reference: "2027-02-01T08:00"),
        NoteCase("be at the gate 7 sharp Friday", [task("Be at the gate", "2026-11-20", "07:00")]),
        NoteCase("buy 2 sharp knives", [task("Buy 2 sharp knives")]),
        NoteCase("buy 3 sharp pencils tomorrow", [task("Buy 3 sharp pencils", "2026-11-19")]),
        NoteCase("standup 9:30 sharp", [task("Standup", "2026-11-18", "09:30")]),
    ]

    /// A time said at a clause's start before "on" and its day, with the task after it ("noon on Christmas Eve pick up the
    /// ham"), and other dictated notes.
    static let clauseStartNotes: [NoteCase] = [
        NoteCase("remind me noon Friday to call the caterer", [task("Call the caterer", "2026-11-20", "12:00")]),
        NoteCase("8 pm Saturday pick up Jess from the airport", [task("Pick up Jess from the airport", "2026-11-21", "20:00")]),
        NoteCase("half past six tomorrow evening take the kids to swim", [task("Take the kids to swim", "2026-11-19", "18:30")]),
        NoteCase("quarter to eight Monday morning call the bus company", [task("Call the bus company", "2026-11-23", "07:45")]),
        NoteCase("10 am on the 2nd of December vet checkup for Milo", [task("Vet checkup for Milo", "2026-12-02", "10:00")]),
        NoteCase("noon on Christmas Eve pick up the ham", [task("Pick up the ham", "2026-12-24", "12:00")]),
        NoteCase("get the oil changed three weeks from today", [task("Get the oil changed", "2026-12-09")]),
        NoteCase(
            "send the follow-up email two days after the interview on Monday", [task("Send the follow-up email two days after the interview", "2026-11-23")]),
        NoteCase("call the electrician a week from Thursday at 9", [task("Call the electrician", "2026-11-26", "09:00")]),
        NoteCase("buy the train tickets five days before the 12th", [task("Buy the train tickets", "2026-12-07")]),
        NoteCase("check on the sourdough in a couple of hours", [task("Check on the sourdough", "2026-11-18", "11:00")]),
        NoteCase("pick up the photos in a few days", [task("Pick up the photos", "2026-11-21")]),
        NoteCase("schedule the follow-up a few weeks from now", [task("Schedule the follow-up", "2026-12-09")]),
        NoteCase("the kids have a half day the Friday after next", [task("The kids have a half day", "2026-11-27")]),
        NoteCase("finish grading by COB Thursday", [task("Finish grading", "2026-11-19", "17:00")]),
        NoteCase("first thing tomorrow send the revised quote", [task("Send the revised quote", "2026-11-19", "09:00")]),
        NoteCase("book a sitter for the second Saturday of next month", [task("Book a sitter", "2026-12-12")]),
        NoteCase("renew the boat registration the last day of March", [task("Renew the boat registration", "2027-03-31")]),
        NoteCase("send Grandma's birthday card by the 2nd week of December", [task("Send Grandma's birthday card", "2026-12-07")]),
        NoteCase("call the pharmacy at 2:30 pm Pacific", [task("Call the pharmacy", "2026-11-18", "17:30")]),
        NoteCase("dial into the London call at 3 pm GMT tomorrow", [task("Dial into the London call", "2026-11-19", "10:00")]),
        NoteCase("take the bread out at 10:15", [task("Take the bread out", "2026-11-18", "10:15")]),
        NoteCase("meet Jo at the cafe at twelve thirty", [task("Meet Jo at the cafe", "2026-11-18", "12:30")]),
        NoteCase("move the sprinkler every other day at 6 am", [task("Move the sprinkler", "2026-11-19", "06:00", every: "FREQ=DAILY;INTERVAL=2")]),
        NoteCase("on Tuesdays and Fridays at 7 pm go to choir", [task("Go to choir", "2026-11-20", "19:00", every: "FREQ=WEEKLY;BYDAY=TU,FR")]),
        NoteCase("call Dad every Sunday evening", [task("Call Dad", "2026-11-22", "18:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
        NoteCase(
            "update the budget spreadsheet every other Monday morning",
            [task("Update the budget spreadsheet", "2026-11-23", "09:00", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")]),
        NoteCase("pay the cleaner every second Friday", [task("Pay the cleaner", "2026-11-20", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")]),
        NoteCase("water the herbs every morning at 7:30", [task("Water the herbs", "2026-11-19", "07:30", every: "FREQ=DAILY")]),
        NoteCase("empty the dehumidifier every 3 days", [task("Empty the dehumidifier", "2026-11-18", every: "FREQ=DAILY;INTERVAL=3")]),
        NoteCase("take the dog to the groomer every 8 weeks", [task("Take the dog to the groomer", "2026-11-18", every: "FREQ=WEEKLY;INTERVAL=8")]),
        NoteCase("on the 1st of every month check the smoke alarms", [task("Check the smoke alarms", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase(
            "every year on the 3rd of March renew the insurance", [task("Renew the insurance", "2027-03-03", every: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3")]),
        NoteCase("water the plants weekly on Wednesdays", [task("Water the plants", "2026-11-25", every: "FREQ=WEEKLY;BYDAY=WE")]),
        NoteCase("pick up the CSA box Thursdays", [task("Pick up the CSA box", "2026-11-19", every: "FREQ=WEEKLY;BYDAY=TH")]),
        NoteCase("buy milk. call mom at 5.", [task("Buy milk"), task("Call mom", "2026-11-18", "17:00")]),
        NoteCase(
            "pick up the cake noon tomorrow and then drop it at Lena's by 2",
            [task("Pick up the cake", "2026-11-19", "12:00"), task("Drop it at Lena's", "2026-11-18", "14:00")]),
        NoteCase("call the bank tomorrow first thing", [task("Call the bank", "2026-11-19", "09:00")]),
        NoteCase("bring the folding chairs Saturday around 11ish", [task("Bring the folding chairs", "2026-11-21", "11:00")]),
        NoteCase(
            "set up the projector 15 minutes before the meeting at 2", [task("Set up the projector 15 minutes before the meeting", "2026-11-18", "14:00")]),
        NoteCase("remind me Friday week to chase the refund", [task("Chase the refund", "2026-11-27")]),
        NoteCase("order the flowers a fortnight before the wedding on December 19th", [task("Order the flowers a fortnight before the wedding", "2026-12-19")]),
        NoteCase("pay the tuition by Dec 3rd '27", [task("Pay the tuition", "2027-12-03")]),
        NoteCase("send the forms by 3rd Dec", [task("Send the forms", "2026-12-03")]),
        NoteCase("the inspection is on 12/24 at 9", [task("The inspection", "2026-12-24", "09:00")]),
        NoteCase("9 am on the 3rd dentist", [task("Dentist", "2026-12-03", "09:00")]),
        NoteCase("noon on Thanksgiving carve the turkey", [task("Carve the turkey", "2026-11-26", "12:00")]),
        NoteCase("7 pm on the 21st dinner at Marco's", [task("Dinner at Marco's", "2026-11-21", "19:00")]),
        NoteCase("at 4 on the 30th parent teacher conference", [task("Parent teacher conference", "2026-11-30", "16:00")]),
        NoteCase("tomorrow at 5 on the way home buy bread", [task("On the way home buy bread", "2026-11-19", "17:00")]),
        NoteCase("call the 3rd floor office at 2", [task("Call the 3rd floor office", "2026-11-18", "14:00")]),
        NoteCase("buy Christmas presents at noon", [task("Buy Christmas presents", "2026-11-18", "12:00")]),
    ]

    /// Hedged and led-in whens ("on or before Friday", "any time tomorrow", "at 4 or thereabouts", "in three weeks' time on
    /// Friday") and other spoken days and times.
    static let hedgedAndLeadInCases: [DateExpression] = [
        .init("the day after next", "2026-11-20"),
        .init("two days hence", "2026-11-20"),
        .init("Thursday after next at 2", "2026-11-26", "14:00"),
        .init("a week from yesterday", "2026-11-24"),
        .init("next month on the 3rd", "2026-12-03"),
        .init("the 3rd of next month at noon", "2026-12-03", "12:00"),
        .init("this coming Tuesday at 3", "2026-11-24", "15:00"),
        .init("the end of the day tomorrow", "2026-11-19", "17:00"),
        .init("sometime tomorrow afternoon", "2026-11-19", "15:00", priority: .low),
        .init("on or before Friday", "2026-11-20"),
        .init("no later than noon tomorrow", "2026-11-19", "12:00"),
        .init("starting next Monday", "2026-11-23"),
        .init("by Friday at the latest", "2026-11-20"),
        .init("Friday at the earliest", "2026-11-20"),
        .init("sometime this week", "2026-11-20", priority: .low),
        .init("sometime next month", "2026-12-01", priority: .low),
        .init("any time tomorrow", "2026-11-19"),
        .init("tomorrow at 3 or so", "2026-11-19", "15:00"),
        .init("at like 4", "2026-11-18", "16:00"),
        .init("at 4 or thereabouts", "2026-11-18", "16:00"),
        .init("at half four in the afternoon", "2026-11-18", "16:30"),
        .init("at 6 a.m. sharp tomorrow", "2026-11-19", "06:00"),
        .init("by nine tomorrow morning", "2026-11-19", "09:00"),
        .init("at a quarter past seven this evening", "2026-11-18", "19:15"),
        .init("at five to midnight", "2026-11-18", "23:55"),
        .init("at ten past midnight", "2026-11-19", "00:10"),
        .init("at 11:45 tonight", "2026-11-18", "23:45"),
        .init("in the morning", "2026-11-19", "09:00"),
        .init("tomorrow in the afternoon", "2026-11-19", "15:00"),
        .init("on Friday in the evening", "2026-11-20", "18:00"),
        .init("Friday at 6 in the evening", "2026-11-20", "18:00"),
        .init("on the evening of Friday", "2026-11-20", "18:00"),
        .init("Monday first thing", "2026-11-23", "09:00"),
        .init("the night of the 24th", "2026-11-24", "20:00"),
        .init("on the 24th in the evening", "2026-11-24", "18:00"),
        .init("Dec 24th in the evening", "2026-12-24", "18:00"),
        .init("on Christmas Eve at 6", "2026-12-24", "18:00"),
        .init("two Mondays from now at 9", "2026-11-30", "09:00"),
        .init("the second Monday from now", "2026-11-30"),
        .init("a week from next Tuesday", "2026-12-01"),
        .init("on the Thursday of next week", "2026-11-26"),
        .init("the Wednesday of the following week", "2026-11-25"),
        .init("the Friday of the week after next", "2026-12-04"),
        .init("in three weeks' time on Friday", "2026-12-11"),
        .init("in the next couple of days", "2026-11-20"),
        .init("over the next few days", "2026-11-21"),
        .init("within 24 hours", "2026-11-19", "09:00"),
        .init("in 72 hours", "2026-11-21", "09:00"),
        .init("one hour from now", "2026-11-18", "10:00"),
        .init("in 1 hr", "2026-11-18", "10:00"),
        .init("in a quarter of an hour", "2026-11-18", "09:15"),
        .init("ten minutes from now", "2026-11-18", "09:10"),
        .init("later this afternoon", "2026-11-18", "15:00"),
        .init("later this evening", "2026-11-18", "18:00"),
        .init("9 sharp on Monday", "2026-11-23", "09:00"),
        .init("10 sharp tomorrow", "2026-11-19", "10:00"),
    ]

    @Test("Several days of the month, its last day, nightly, sharp", arguments: monthDaysAndNightly)
    func monthDaysAndNightlyRead(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A time at a clause's start before its day", arguments: clauseStartNotes)
    func clauseStartNotesRead(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Hedged and led-in whens", arguments: hedgedAndLeadInCases)
    func hedgedAndLeadIn(_ expression: DateExpression) throws { try expectDue(expression) }

    /// Written and spoken calendar dates, holidays and zones ("2026.12.03", "Fri 20th Nov", "8am PT on Friday", "at 10 a.m.
    /// London time").
    static let calendarAndZoneCases: [DateExpression] = [
        .init("2026.12.03", "2026-12-03"),
        .init("on 2026.12.03 at 9", "2026-12-03", "09:00"),
        .init("11-20-2026", "2026-11-20"),
        .init("20-11-2026", "2026-11-20"),
        .init("Fri 20th Nov", "2026-11-20"),
        .init("20th Nov 2026", "2026-11-20"),
        .init("Nov 20th, '26", "2026-11-20"),
        .init("Friday 20th", "2026-11-20"),
        .init("the twenty third", "2026-11-23"),
        .init("December twenty third at seven thirty pm", "2026-12-23", "19:30"),
        .init("on the thirty-first of January", "2027-01-31"),
        .init("the 1st of Jan next year", "2027-01-01"),
        .init("2 weeks on Monday", "2026-12-07"),
        .init("3 days after tomorrow", "2026-11-22"),
        .init("in 2 weeks and 3 days", "2026-12-05"),
        .init("ten thirty a m", "2026-11-18", "10:30"),
        .init("three p m tomorrow", "2026-11-19", "15:00"),
        .init("at noon UTC", "2026-11-19", "07:00"),
        .init("8am PT on Friday", "2026-11-20", "11:00"),
        .init("9:30 Eastern tomorrow", "2026-11-19", "09:30"),
        .init("at 5 pm Central Time", "2026-11-18", "18:00"),
        .init("at 14:00 UTC tomorrow", "2026-11-19", "09:00"),
        .init("at 10 a.m. London time", "2026-11-19", "05:00"),
        .init("the 4th of July next year", "2027-07-04"),
        .init("July 4th 2027 at 9 pm", "2027-07-04", "21:00"),
        .init("on 4/7", "2027-04-07"),
        .init("on the fourth of July", "2027-07-04"),
        .init("June 2027", "2027-06-01"),
        .init("in June", "2027-06-01"),
        .init("by mid-January", "2027-01-15"),
        .init("early February", "2027-02-01"),
        .init("late March 2027", "2027-03-31"),
        .init("on New Year's Eve", "2026-12-31"),
        .init("Christmas Day at 10", "2026-12-25", "10:00"),
        .init("on Valentine's Day", "2027-02-14"),
        .init("by Halloween", "2027-10-31"),
        .init("the Tuesday before Thanksgiving", "2026-11-24"),
        .init("two days before Christmas", "2026-12-23"),
        .init("on Easter Monday", "2027-03-29"),
        .init("on Labor Day", "2027-09-06"),
        .init("the day after Labor Day", "2027-09-07"),
        .init("on Mother's Day at noon", "2027-05-09", "12:00"),
    ]

    /// A zone after "a.m."/"p.m." stays in the sentence; a sentence after them still starts a new one.
    static let zoneAfterDottedMeridiem: [NoteCase] = [
        NoteCase("call Priya at 10 a.m. London time", [task("Call Priya", "2026-11-19", "05:00")]),
        NoteCase("standup at 9 a.m. Eastern", [task("Standup", "2026-11-19", "09:00")]),
        NoteCase("demo at 4 p.m. New York time on Friday", [task("Demo", "2026-11-20", "16:00")]),
        NoteCase("meet at 10 a.m. Bob will bring the slides", [task("Meet", "2026-11-18", "10:00")]),
        NoteCase("call Mom at 6 p.m. Then feed the cat", [task("Call Mom", "2026-11-18", "18:00"), task("Feed the cat")]),
        NoteCase("submit the form by 2026.12.03", [task("Submit the form", "2026-12-03")]),
        NoteCase("dinner at Rosa's Sat 21st Nov at 7 pm", [task("Dinner at Rosa's", "2026-11-21", "19:00")]),
        NoteCase("pay the deposit Tue 1st Dec", [task("Pay the deposit", "2026-12-01")]),
    ]

    @Test("Calendar dates, holidays and zones", arguments: calendarAndZoneCases)
    func calendarAndZones(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("A zone after a dotted meridiem", arguments: zoneAfterDottedMeridiem)
    func zoneAfterDottedMeridiemRead(_ note: NoteCase) throws { try expectExtraction(note) }

    /// A repetition with the day it starts ("every Sunday at 4 pm starting next week", "on the 1st of every month starting
    /// January"): the first occurrence on or after that day.
    static let repetitionStarts: [NoteCase] = [
        NoteCase("call Grandpa every Sunday at 4 pm starting next week", [task("Call Grandpa", "2026-11-29", "16:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
        NoteCase("water the plants every Monday starting in December", [task("Water the plants", "2026-12-07", every: "FREQ=WEEKLY;BYDAY=MO")]),
        NoteCase("pay rent on the 1st of every month starting January", [task("Pay rent", "2027-01-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase("go to the gym every Tuesday and Thursday starting December 1st", [task("Go to the gym", "2026-12-01", every: "FREQ=WEEKLY;BYDAY=TU,TH")]),
        NoteCase(
            "take out the recycling every other Wednesday starting next Wednesday",
            [task("Take out the recycling", "2026-11-25", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE")]),
        NoteCase("piano practice every weekday from Monday", [task("Piano practice", "2026-11-23", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("every Friday starting tomorrow order pizza", [task("Order pizza", "2026-11-20", every: "FREQ=WEEKLY;BYDAY=FR")]),
    ]

    /// Dictated notes of several tasks, with ordinal lead-ins after "okay so", "um", "alright".
    static let dictatedRound: [NoteCase] = [
        NoteCase(
            "okay so first call the roofer about the leak tomorrow morning and second order new gutters by Friday",
            [task("Call the roofer about the leak", "2026-11-19", "09:00"), task("Order new gutters", "2026-11-20")]),
        NoteCase("um I need to book the dog groomer for a week Saturday", [task("Book the dog groomer", "2026-11-28")]),
        NoteCase(
            "put the bins out tonight. Also pay the gas bill the day after tomorrow",
            [task("Put the bins out", "2026-11-18", "20:00"), task("Pay the gas bill", "2026-11-20")]),
        NoteCase("remind me the following Monday to send the minutes", [task("Send the minutes", "2026-11-23")]),
        NoteCase("text Alex happy anniversary on the 2nd of next month first thing", [task("Text Alex happy anniversary", "2026-12-02", "09:00")]),
        NoteCase("get the car washed sometime this weekend", [task("Get the car washed", "2026-11-21", priority: .low)]),
        NoteCase("reschedule the dentist, uh, to Thursday week", [task("Reschedule the dentist to Thursday week")]),
        NoteCase("drop off the library books on or before the 30th", [task("Drop off the library books", "2026-11-30")]),
        NoteCase("buy wrapping paper any time this week", [task("Buy wrapping paper", "2026-11-20")]),
        NoteCase("plan the team offsite the week after next on Thursday at 10", [task("Plan the team offsite", "2026-12-03", "10:00")]),
        NoteCase("call the plumber at half eight tomorrow", [task("Call the plumber", "2026-11-19", "08:30")]),
        NoteCase("make the vet appointment for Monday fortnight at 3:30", [task("Make the vet appointment", "2026-12-07", "15:30")]),
        NoteCase(
            "pay the babysitter every other Friday starting this Friday", [task("Pay the babysitter", "2026-11-20", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")]),
        NoteCase("change the HVAC filter every 90 days", [task("Change the HVAC filter", "2026-11-18", every: "FREQ=DAILY;INTERVAL=90")]),
        NoteCase("take my blood pressure twice a day", [task("Take my blood pressure twice a day")]),
        NoteCase(
            "water the lawn on Mondays and Thursdays at 6 in the morning", [task("Water the lawn", "2026-11-19", "06:00", every: "FREQ=WEEKLY;BYDAY=MO,TH")]),
        NoteCase("call Grandpa every Sunday at 4 pm starting next week", [task("Call Grandpa", "2026-11-29", "16:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
        NoteCase("send the weekly report every Friday by 5", [task("Send the weekly report", "2026-11-20", "17:00", every: "FREQ=WEEKLY;BYDAY=FR")]),
        // A repetition word between a name and its noun names the thing; after the object it repeats.
        NoteCase("File the Acme quarterly taxes by the end of the quarter", [task("File the Acme quarterly taxes", "2026-12-31")]),
        NoteCase("Run the team weekly sync", [task("Run the team weekly sync")]),
        NoteCase("Check the mail daily before work", [task("Check the mail before work", "2026-11-18", every: "FREQ=DAILY")]),
        NoteCase("dentist cleaning on Dec. 3rd at 2:15 p.m.", [task("Dentist cleaning", "2026-12-03", "14:15")]),
        NoteCase("return the drill to Mike by the end of next week", [task("Return the drill to Mike", "2026-11-27")]),
        NoteCase("file the expense report within two working days", [task("File the expense report", "2026-11-20")]),
        NoteCase("I have to renew the car tags before my birthday on March 3rd", [task("Renew the car tags before my birthday", "2027-03-03")]),
        NoteCase("don't forget to call the bank at 9 a.m. sharp tomorrow", [task("Call the bank", "2026-11-19", "09:00")]),
        NoteCase("schedule a call with the Tokyo team at 8 pm JST", [task("Schedule a call with the Tokyo team", "2026-11-19", "06:00")]),
        NoteCase("remind me in 45 minutes to take the laundry out", [task("Take the laundry out", "2026-11-18", "09:45")]),
        NoteCase("the electrician is coming Thursday between 8 and 10", [task("The electrician is coming", "2026-11-19", "08:00")]),
        NoteCase("email Professor Kim about the extension by noon on the 23rd", [task("Email Professor Kim about the extension", "2026-11-23", "12:00")]),
        NoteCase("pick up the prescription after work today", [task("Pick up the prescription after work", "2026-11-18")]),
        NoteCase("clean the grill before Memorial Day", [task("Clean the grill", "2027-05-31")]),
        NoteCase("order the anniversary cake two days before the 14th of December", [task("Order the anniversary cake", "2026-12-12")]),
        NoteCase("hmm let me think. buy eggs. that's it", [task("Buy eggs")]),
        NoteCase("finish the tax forms by April 15th at the latest", [task("Finish the tax forms", "2027-04-15")]),
        NoteCase("cancel the cable by end of month", [task("Cancel the cable", "2026-11-30")]),
        NoteCase(
            "okay so first call the roofer about the leak tomorrow morning and second order new gutters by Friday",
            [task("Call the roofer about the leak", "2026-11-19", "09:00"), task("Order new gutters", "2026-11-20")]),
        NoteCase("um first book the vet then pick up the kibble", [task("Book the vet"), task("Pick up the kibble")]),
        NoteCase("alright firstly email the landlord, secondly pay the rent on the 1st", [task("Email the landlord"), task("Pay the rent", "2026-12-01")]),
        NoteCase("so first of all cancel the newspaper", [task("Cancel the newspaper")]),
        NoteCase("well first thing tomorrow call the garage", [task("Call the garage", "2026-11-19", "09:00")]),
    ]

    @Test("A repetition starts on the day said", arguments: repetitionStarts)
    func repetitionStartsRead(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Dictated notes, another round", arguments: dictatedRound)
    func dictatedRoundRead(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Spelled and written days with their times ("the thirteenth of march at eight a m", "Dec 7, 2026, 6 pm", "Monday
    /// fortnight at 10").
    static let daysWithTimes: [DateExpression] = [
        .init("the thirteenth of march at eight a m", "2027-03-13", "08:00"),
        .init("nine in the morning tomorrow", "2026-11-19", "09:00"),
        .init("four thirty p m on the fifth", "2026-12-05", "16:30"),
        .init("in half an hour's time", "2026-11-18", "09:30"),
        .init("quarter to midnight", "2026-11-18", "23:45"),
        .init("by eight thirty", "2026-11-19", "08:30"),
        .init("next Thursday evening at eight", "2026-11-26", "20:00"),
        .init("at eight on the evening of the 5th", "2026-12-05", "20:00"),
        .init("twenty to ten tomorrow morning", "2026-11-19", "09:40"),
        .init("half past one on Saturday afternoon", "2026-11-21", "13:30"),
        .init("at five past eleven tonight", "2026-11-18", "23:05"),
        .init("Saturday the twenty-first at noon", "2026-11-21", "12:00"),
        .init("on the twenty-fifth of December at 8 in the morning", "2026-12-25", "08:00"),
        .init("Monday the 7th of December", "2026-12-07"),
        .init("December 7 at 6:45 a.m.", "2026-12-07", "06:45"),
        .init("at 0645 on Monday", "2026-11-23", "06:45"),
        .init("at 6.45 tomorrow", "2026-11-19", "18:45"),
        .init("on the 7th of Dec at 18:00", "2026-12-07", "18:00"),
        .init("the 7th at 18h", "2026-12-07", "18:00"),
        .init("7 December 2026 18:00", "2026-12-07", "18:00"),
        .init("Dec 7, 2026, 6 pm", "2026-12-07", "18:00"),
        .init("at 6pm on Dec 7th", "2026-12-07", "18:00"),
        .init("tomorrow at 6 pm sharp", "2026-11-19", "18:00"),
        .init("a fortnight from Friday at 2", "2026-12-04", "14:00"),
        .init("in a fortnight at 10", "2026-12-02", "10:00"),
        .init("two weeks from Thursday at noon", "2026-12-03", "12:00"),
        .init("three days from now at 5", "2026-11-21", "17:00"),
        .init("the day after tomorrow at noon", "2026-11-20", "12:00"),
        .init("the following Tuesday at 3", "2026-11-24", "15:00"),
        .init("the Tuesday after next at 9 am", "2026-12-01", "09:00"),
        .init("Friday week at 6", "2026-11-27", "18:00"),
        .init("Monday fortnight at 10", "2026-12-07", "10:00"),
    ]

    /// Notes using the forms read in this round together.
    static let mixedRound: [NoteCase] = [
        NoteCase("wake up at 6 tomorrow for the flight", [task("Wake up for the flight", "2026-11-19", "18:00")]),
        NoteCase("pick up the keys from the realtor a week Tuesday at 11", [task("Pick up the keys from the realtor", "2026-12-01", "11:00")]),
        NoteCase("chase the invoice within the week", [task("Chase the invoice", "2026-11-20")]),
        NoteCase("prep the quarterly review on or before the 15th of December", [task("Prep the quarterly review", "2026-12-15")]),
        NoteCase("feed the fish nightly", [task("Feed the fish", "2026-11-18", "20:00", every: "FREQ=DAILY")]),
        NoteCase(
            "pay the two credit cards on the 5th and 20th of every month",
            [task("Pay the two credit cards", "2026-11-20", every: "FREQ=MONTHLY;BYMONTHDAY=5,20")]),
        NoteCase("mail the package by close of play tomorrow", [task("Mail the package", "2026-11-19", "17:00")]),
        NoteCase("get the passport photos taken the following Wednesday", [task("Get the passport photos taken", "2026-11-25")]),
        NoteCase("book the restaurant for this day next month at 7 pm", [task("Book the restaurant", "2026-12-18", "19:00")]),
        NoteCase("10:30 Thursday haircut", [task("Haircut", "2026-11-19", "10:30")]),
        NoteCase("noon tomorrow lunch with the new hire", [task("Lunch with the new hire", "2026-11-19", "12:00")]),
    ]

    @Test("Days with their times", arguments: daysWithTimes)
    func daysWithTimesRead(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("Notes mixing these forms", arguments: mixedRound)
    func mixedRoundRead(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A time said before its day", arguments: timeFirstCases)
    func timeFirst(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("Days counted from another day", arguments: relativeDaysCases)
    func relativeDays(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("Ends and parts of a day with a day", arguments: partsOfTheDayCases)
    func partsOfTheDay(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("Ordinal weeks and days of a month", arguments: ordinalDaysAndWeeksCases)
    func ordinalDaysAndWeeks(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("Years said in words", arguments: yearsInWordsCases)
    func yearsInWords(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("Written dates and times", arguments: writtenFormsCases)
    func writtenForms(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("Spoken days", arguments: spokenDaysCases)
    func spokenDays(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("Clock words", arguments: clockWordsCases)
    func clockWords(_ expression: DateExpression) throws { try expectDue(expression) }

    @Test("Repeating notes", arguments: repeatingNotes)
    func repeatingNotesRead(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Dictated notes", arguments: dictatedNotes)
    func dictatedNotesRead(_ note: NoteCase) throws { try expectExtraction(note) }
}
