import Testing

@testable import DocketExtraction

/// A round of dictated notes and spoken date and time expressions written fresh, as a recogniser gives them: lower case,
/// little punctuation, fillers, "p m" spelled apart (reference Wed 2026-11-18 09:00 America/New_York unless a case says
/// otherwise).
@Suite("Fresh notes round")
struct FreshNotesRoundTests {
    static let errandCases: [NoteCase] = [
        NoteCase("um remind me to call the pediatrician tomorrow at 2 p m", [task("Call the pediatrician", "2026-11-19", "14:00")]),
        NoteCase("pick up the dry cleaning on the way home tonight", [task("Pick up the dry cleaning on the way home", "2026-11-18", "20:00")]),
        NoteCase("schedule a haircut for next Thursday", [task("Schedule a haircut", "2026-11-26")]),
        NoteCase("buy birthday candles and a card for Mia's party on Saturday", [task("Buy birthday candles and a card for Mia's party", "2026-11-21")]),
        NoteCase("i need to renew my passport it's urgent", [task("Renew my passport", priority: .high)]),
        NoteCase("call grandma on her birthday december 12th", [task("Call grandma on her birthday", "2026-12-12")]),
        NoteCase("dentist appointment friday at 10 30", [task("Dentist appointment", "2026-11-20", "10:30")]),
        NoteCase("remind me in 20 minutes to check the oven", [task("Check the oven", "2026-11-18", "09:20")]),
        NoteCase("email the landlord about the leaky faucet tomorrow morning", [task("Email the landlord about the leaky faucet", "2026-11-19", "09:00")]),
        NoteCase("book flights to denver for the week of december 14th", [task("Book flights to denver", "2026-12-14")]),
        NoteCase("pay the electric bill on the 25th", [task("Pay the electric bill", "2026-11-25")]),
        NoteCase("order more printer ink no rush", [task("Order more printer ink", priority: .low)]),
        NoteCase("get the car inspected before the end of the month", [task("Get the car inspected", "2026-11-30")]),
        NoteCase("call mom and dad this weekend", [task("Call mom and dad", "2026-11-21")]),
        NoteCase("buy milk eggs and bread and pick up the prescription", [task("Buy milk eggs and bread"), task("Pick up the prescription")]),
        NoteCase("Note to self: cancel the gym membership before December 1st", [task("Cancel the gym membership", "2026-12-01")]),
        NoteCase(
            "don't forget to bring the casserole to Aunt Jo's on Thanksgiving",
            [task("Bring the casserole to Aunt Jo's", "2026-11-26")]
        ),
        NoteCase("uh call the insurance company asap about the claim", [task("Call the insurance company about the claim", priority: .high)]),
        NoteCase("pick up Jake from soccer practice at 5:15", [task("Pick up Jake from soccer practice", "2026-11-18", "17:15")]),
        NoteCase("return the library books by saturday", [task("Return the library books", "2026-11-21")]),
        NoteCase("um so uh pick up the kids at three fifteen", [task("Pick up the kids", "2026-11-18", "15:15")]),
        NoteCase("buy a gift for Sam's retirement party next Friday evening", [task("Buy a gift for Sam's retirement party", "2026-11-27", "18:00")]),
        NoteCase("call the vet in two hours", [task("Call the vet", "2026-11-18", "11:00")]),
        NoteCase("Text Rachel happy birthday on the 3rd", [task("Text Rachel happy birthday", "2026-12-03")]),
        NoteCase("drop off the donation bags saturday morning at 10", [task("Drop off the donation bags", "2026-11-21", "10:00")]),
        NoteCase("write thank you notes this evening", [task("Write thank you notes", "2026-11-18", "18:00")]),
        NoteCase("remind me to move the car for street cleaning thursday at 8", [task("Move the car for street cleaning", "2026-11-19", "08:00")]),
        NoteCase("order the cake for the party by wednesday the 2nd", [task("Order the cake for the party", "2026-12-02")]),
        NoteCase("buy stamps", [task("Buy stamps")]),
        NoteCase("call the school about the field trip form before 3", [task("Call the school about the field trip form", "2026-11-18", "15:00")]),
        NoteCase("tell the neighbors about the block party on the 12th of December", [task("Tell the neighbors about the block party", "2026-12-12")]),
        NoteCase("pick up the rental car at 8:30 a.m. on Friday", [task("Pick up the rental car", "2026-11-20", "08:30")]),
        NoteCase("go for a run tomorrow at 6:30 am", [task("Go for a run", "2026-11-19", "06:30")]),
        NoteCase("bring the car in for an oil change next Wednesday morning", [task("Bring the car in for an oil change", "2026-11-25", "09:00")]),
        NoteCase("i should clean out the garage this saturday", [task("Clean out the garage", "2026-11-21")]),
        NoteCase("tomorrow at 4 take Max to the vet", [task("Take Max to the vet", "2026-11-19", "16:00")]),
        NoteCase("book a table at Luigi's for Saturday at 7:30 pm", [task("Book a table at Luigi's", "2026-11-21", "19:30")]),
        NoteCase("Get a haircut in two weeks", [task("Get a haircut", "2026-12-02")]),
        NoteCase("Pick up the turkey the day before Thanksgiving", [task("Pick up the turkey", "2026-11-25")]),
        NoteCase(
            "um so I need to uh call the plumber about the dripping tap on Monday",
            [task("Call the plumber about the dripping tap", "2026-11-23")]
        ),
        NoteCase("buy 2 bags of dog food tomorrow", [task("Buy 2 bags of dog food", "2026-11-19")]),
        NoteCase("pick up 3 or 4 boxes of tiles on Saturday", [task("Pick up 3 or 4 boxes of tiles", "2026-11-21")]),
        NoteCase("lunch with Carla on Thursday at 12:30", [task("Lunch with Carla", "2026-11-19", "12:30")]),
        NoteCase(
            "call the cable company about the bill in the morning",
            [task("Call the cable company about the bill", "2026-11-18", "09:00")],
            reference: "2026-11-18T07:30"
        ),
    ]

    static let workCases: [NoteCase] = [
        NoteCase(
            "submit the expense report by end of day friday high priority",
            [task("Submit the expense report", "2026-11-20", "17:00", priority: .high)]
        ),
        NoteCase(
            "Schedule the quarterly review for the second Tuesday of January",
            [task("Schedule the quarterly review", "2027-01-12")]
        ),
        NoteCase("send the invoice to acme corp in 3 business days", [task("Send the invoice to acme corp", "2026-11-23")]),
        NoteCase("cancel the hotel reservation tomorrow, it's important", [task("Cancel the hotel reservation", "2026-11-19", priority: .high)]),
        NoteCase("I have to finish the slides by tomorrow noon", [task("Finish the slides", "2026-11-19", "12:00")]),
        NoteCase(
            "call the bank at 10 tomorrow and then email the accountant",
            [task("Call the bank", "2026-11-19", "10:00"), task("Email the accountant")]
        ),
        NoteCase("meet with Priya on Tuesday at 1 to go over the budget", [task("Meet with Priya to go over the budget", "2026-11-24", "13:00")]),
        NoteCase("get a flu shot p1", [task("Get a flu shot", priority: .high)]),
        NoteCase("finish the tax return by April 15th top priority", [task("Finish the tax return", "2027-04-15", priority: .high)]),
        NoteCase("Set up a call with the vendor for the day after tomorrow at 11", [task("Set up a call with the vendor", "2026-11-20", "11:00")]),
        NoteCase("finish reading the contract tonight urgent", [task("Finish reading the contract", "2026-11-18", "20:00", priority: .high)]),
        NoteCase("plan the holiday menu by December 20th low priority", [task("Plan the holiday menu", "2026-12-20", priority: .low)]),
        NoteCase("file the quarterly taxes by the end of the quarter", [task("File the quarterly taxes", "2026-12-31")]),
        NoteCase("prep slides for the board meeting on the 9th at 2 pm", [task("Prep slides for the board meeting", "2026-12-09", "14:00")]),
        NoteCase(
            "call Dr. Patel's office on Monday to confirm the appointment",
            [task("Call Dr. Patel's office to confirm the appointment", "2026-11-23")]
        ),
        NoteCase("we need to pick a date for the reunion by the end of the week", [task("Pick a date for the reunion", "2026-11-20")]),
        NoteCase("remind me next tuesday to renew the domain", [task("Renew the domain", "2026-11-24")]),
        NoteCase(
            "on friday call the caterer and confirm the headcount",
            [task("Call the caterer", "2026-11-20"), task("Confirm the headcount", "2026-11-20")]
        ),
        NoteCase("remind me at 3 pm to call the pharmacy, actually make it 4", [task("Call the pharmacy", "2026-11-18", "16:00")]),
        NoteCase("update the project plan by eod", [task("Update the project plan", "2026-11-18", "17:00")]),
        NoteCase("call the airline to change the flight asap", [task("Call the airline to change the flight", priority: .high)]),
        NoteCase("organize the closet when I get a chance", [task("Organize the closet", priority: .low)]),
        NoteCase("sign up for the 5k by next friday", [task("Sign up for the 5k", "2026-11-27")]),
        NoteCase("review Ana's pull request by 11 am", [task("Review Ana's pull request", "2026-11-18", "11:00")]),
        NoteCase("mail the rent check by the first", [task("Mail the rent check", "2026-12-01")]),
        NoteCase("schedule the kids' dentist checkups in January", [task("Schedule the kids' dentist checkups", "2027-01-01")]),
        NoteCase("renew the gym membership on the last day of the month", [task("Renew the gym membership", "2026-11-30")]),
        NoteCase(
            "first call the plumber second book the babysitter for friday night",
            [task("Call the plumber"), task("Book the babysitter", "2026-11-20", "20:00")]
        ),
    ]

    static let repeatCases: [NoteCase] = [
        NoteCase("water the plants every Sunday morning", [task("Water the plants", "2026-11-22", "09:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
        NoteCase("take out the trash every tuesday night", [task("Take out the trash", "2026-11-24", "20:00", every: "FREQ=WEEKLY;BYDAY=TU")]),
        NoteCase("pay the water bill on the first of every month", [task("Pay the water bill", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase(
            "team standup every weekday at 9:30",
            [task("Team standup", "2026-11-18", "09:30", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]
        ),
        NoteCase(
            "make sure to back up the laptop every other friday",
            [task("Back up the laptop", "2026-11-20", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")]
        ),
        NoteCase("change the furnace filter every three months", [task("Change the furnace filter", "2026-11-18", every: "FREQ=MONTHLY;INTERVAL=3")]),
        NoteCase(
            "renew the car registration yearly on March 3rd",
            [task("Renew the car registration", "2027-03-03", every: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3")]
        ),
        NoteCase(
            "refill the water softener salt once a month",
            [task("Refill the water softener salt", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]
        ),
        NoteCase("practice piano every day at 6 pm", [task("Practice piano", "2026-11-18", "18:00", every: "FREQ=DAILY")]),
        NoteCase(
            "every monday and thursday go to the gym at 6 am",
            [task("Go to the gym", "2026-11-19", "06:00", every: "FREQ=WEEKLY;BYDAY=MO,TH")]
        ),
        NoteCase(
            "pay the nanny every other thursday",
            [task("Pay the nanny", "2026-11-19", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH")]
        ),
        NoteCase("take vitamins every morning", [task("Take vitamins", "2026-11-19", "09:00", every: "FREQ=DAILY")]),
    ]

    static let expressions: [DateExpression] = [
        .init("the day after tomorrow at 10am", "2026-11-20", "10:00"),
        .init("a week from Tuesday", "2026-12-01"),
        .init("in 10 days", "2026-11-28"),
        .init("at noon", "2026-11-18", "12:00"),
        .init("at midnight", "2026-11-19", "00:00"),
        .init("at quarter past 2", "2026-11-18", "14:15"),
        .init("at half past 7", "2026-11-19", "07:30"),
        .init("tomorrow at half past four", "2026-11-19", "16:30"),
        .init("next Tuesday", "2026-11-24"),
        .init("this Sunday", "2026-11-22"),
        .init("on the 3rd of January", "2027-01-03"),
        .init("January 3rd, 2028", "2028-01-03"),
        .init("on March 15", "2027-03-15"),
        .init("at the end of next week", "2026-11-27"),
        .init("at the beginning of next month", "2026-12-01"),
        .init("mid-January", "2027-01-15"),
        .init("by the end of the month", "2026-11-30"),
        .init("end of next month", "2026-12-31"),
        .init("in two weeks", "2026-12-02"),
        .init("in a month", "2026-12-18"),
        .init("in 45 minutes", "2026-11-18", "09:45"),
        .init("in an hour and a half", "2026-11-18", "10:30"),
        .init("in half an hour", "2026-11-18", "09:30"),
        .init("tomorrow evening", "2026-11-19", "18:00"),
        .init("Friday afternoon", "2026-11-20", "15:00"),
        .init("Saturday at 9 in the morning", "2026-11-21", "09:00"),
        .init("on Christmas Eve", "2026-12-24"),
        .init("on New Year's Day", "2027-01-01"),
        .init("on Thanksgiving", "2026-11-26"),
        .init("the day before Thanksgiving", "2026-11-25"),
        .init("on Valentine's Day", "2027-02-14"),
        .init("on Halloween", "2027-10-31"),
        .init("at 7:45 pm", "2026-11-18", "19:45"),
        .init("12/24", "2026-12-24"),
        .init("12/24/2027", "2027-12-24"),
        .init("on 2027-02-03", "2027-02-03"),
        .init("on 3/1", "2027-03-01"),
        .init("at 5", "2026-11-18", "17:00"),
        .init("at 8", "2026-11-19", "08:00"),
        .init("at ten to six", "2026-11-18", "17:50"),
        .init("at quarter to nine tomorrow", "2026-11-19", "08:45"),
        .init("Monday at 3:30", "2026-11-23", "15:30"),
        .init("next Friday at noon", "2026-11-27", "12:00"),
        .init("this weekend", "2026-11-21"),
        .init("next weekend", "2026-11-28"),
        .init("the Saturday after next", "2026-11-28"),
        .init("two days from now", "2026-11-20"),
        .init("3 weeks from today", "2026-12-09"),
        .init("the first Monday in December", "2026-12-07"),
        .init("the last Friday of December", "2026-12-25"),
        .init("the second Tuesday of next month", "2026-12-08"),
        .init("first thing tomorrow", "2026-11-19", "09:00"),
        .init("by end of day", "2026-11-18", "17:00"),
        .init("by close of business Friday", "2026-11-20", "17:00"),
        .init("tonight at 9", "2026-11-18", "21:00"),
        .init("this afternoon at 4", "2026-11-18", "16:00"),
        .init("tomorrow at noon", "2026-11-19", "12:00"),
        .init("at 11 am on Sunday", "2026-11-22", "11:00"),
        .init("on the 30th", "2026-11-30"),
        .init("on the 1st", "2026-12-01"),
        .init("on the 18th", "2026-11-18"),
        .init("in three days at 2 pm", "2026-11-21", "14:00"),
        .init("in 2 hours", "2026-11-18", "11:00"),
        .init("a week from today", "2026-11-25"),
        .init("a week from tomorrow", "2026-11-26"),
        .init("in a fortnight", "2026-12-02"),
        .init("at the end of the year", "2026-12-31"),
        .init("next year", "2027-01-01"),
        .init("in June", "2027-06-01"),
        .init("by February 2028", "2028-02-01"),
        .init("on Dec 5th at 6:15pm", "2026-12-05", "18:15"),
        .init("on the fifth of December at quarter past six in the evening", "2026-12-05", "18:15"),
        .init("at three thirty this afternoon", "2026-11-18", "15:30"),
        .init("at seven in the evening", "2026-11-18", "19:00"),
        .init("at 6 tomorrow morning", "2026-11-19", "06:00"),
        .init("day after tomorrow", "2026-11-20"),
        .init("Tuesday week", "2026-12-01"),
        .init("at 2 p m", "2026-11-18", "14:00"),
        .init("at 10 a m tomorrow", "2026-11-19", "10:00"),
        .init("on Wed", "2026-11-25"),
        .init("Thurs at 4", "2026-11-19", "16:00"),
        .init("at 17:30", "2026-11-18", "17:30"),
        .init("at 12:15", "2026-11-18", "12:15"),
        .init("on the twenty-first", "2026-11-21"),
        .init("on November 30th", "2026-11-30"),
        .init("at 9 pm sharp", "2026-11-18", "21:00"),
        .init("this coming Friday", "2026-11-20"),
        .init("Friday next week", "2026-11-27"),
        .init("the week after next", "2026-11-30"),
        .init("in five minutes", "2026-11-18", "09:05"),
        .init("on Memorial Day", "2027-05-31"),
        .init("on Labor Day", "2027-09-06"),
        .init("on Easter Sunday", "2027-03-28"),
        .init("before Christmas", "2026-12-25"),
        .init("at 0930", "2026-11-18", "09:30"),
    ]

    @Test("Errands and appointments", arguments: errandCases)
    func errands(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Work notes", arguments: workCases)
    func work(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Repeats", arguments: repeatCases)
    func repeats(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Spoken dates and times", arguments: expressions)
    func spokenExpressions(_ expression: DateExpression) throws { try expectDue(expression) }
}
