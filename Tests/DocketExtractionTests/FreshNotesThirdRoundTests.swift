import Testing

@testable import DocketExtraction

/// A third fresh round: a priority said before the action ("urgent call the bank"), "next thing" as a lead-in, a priority
/// after an ordinal day, a holiday after "over" or "during", "the weekend of the 5th", "at the latest" after a when,
/// corrections, repeats and lists (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Fresh notes, third round")
struct FreshNotesThirdRoundTests {
    static let noteCases: [NoteCase] = [
        NoteCase("call the vet tomorrow at 9 no wait 10", [task("Call the vet", "2026-11-19", "10:00")]),
        NoteCase("book the car service for friday actually make it saturday", [task("Book the car service", "2026-11-21")]),
        NoteCase("urgent call the bank about the fraud alert", [task("Call the bank about the fraud alert", priority: .high)]),
        NoteCase("top priority finish the slides for the board by thursday", [task("Finish the slides for the board", "2026-11-19", priority: .high)]),
        NoteCase(
            "pick up the kids at 3 then go to the pharmacy then get gas",
            [task("Pick up the kids", "2026-11-18", "15:00"), task("Go to the pharmacy"), task("Get gas")]),
        NoteCase("I need to buy milk and also I should call my sister tonight", [task("Buy milk"), task("Call my sister", "2026-11-18", "20:00")]),
        NoteCase("next thing email the HR team about the benefits form", [task("Email the HR team about the benefits form")]),
        NoteCase("another thing renew the fishing license before saturday", [task("Renew the fishing license", "2026-11-21")]),
        .none("thanks"),
        .none("okay that's it"),
        NoteCase("remind me tomorrow to pick up the suit from the tailor at 11 am", [task("Pick up the suit from the tailor", "2026-11-19", "11:00")]),
        NoteCase("schedule oil change for next week", [task("Schedule oil change", "2026-11-23")]),
        NoteCase("call the dentist to move my appointment to next month", [task("Call the dentist to move my appointment to next month")]),
        NoteCase("pay the gas bill by the 28th low priority", [task("Pay the gas bill", "2026-11-28", priority: .low)]),
        NoteCase("buy a present for Liam by his birthday on the 4th", [task("Buy a present for Liam by his birthday", "2026-12-04")]),
        NoteCase("remind me to stretch every hour", [task("Stretch", "2026-11-18", "10:00", every: "FREQ=HOURLY")]),
        NoteCase("read to the kids every night at 8", [task("Read to the kids", "2026-11-18", "20:00", every: "FREQ=DAILY")]),
        NoteCase("every saturday morning make pancakes", [task("Make pancakes", "2026-11-21", "09:00", every: "FREQ=WEEKLY;BYDAY=SA")]),
        NoteCase("mow the lawn every week on sunday", [task("Mow the lawn", "2026-11-22", every: "FREQ=WEEKLY;BYDAY=SU")]),
        NoteCase("pay rent on the 1st of each month", [task("Pay rent", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase("renew car insurance every year on june 1st", [task("Renew car insurance", "2027-06-01", every: "FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=1")]),
        NoteCase("get a haircut every 6 weeks", [task("Get a haircut", "2026-11-18", every: "FREQ=WEEKLY;INTERVAL=6")]),
        NoteCase("call Sara p1 tomorrow", [task("Call Sara", "2026-11-19", priority: .high)]),
        NoteCase("fix the leaky faucet when I get a chance", [task("Fix the leaky faucet", priority: .low)]),
        NoteCase("finish the report by end of day today it's important", [task("Finish the report", "2026-11-18", "17:00", priority: .high)]),
        NoteCase("pick up Ava from ballet at five forty five", [task("Pick up Ava from ballet", "2026-11-18", "17:45")]),
        NoteCase(
            "pick up the cake for the party at 2 on saturday and the balloons", [task("Pick up the cake for the party and the balloons", "2026-11-21", "14:00")]
        ),
        NoteCase("buy batteries for the smoke alarm", [task("Buy batteries for the smoke alarm")]),
        NoteCase("text Omar the address before 6 tonight", [task("Text Omar the address", "2026-11-18", "18:00")]),
        NoteCase(
            "ask the landlord to fix the heater asap and pay rent by friday",
            [task("Ask the landlord to fix the heater", "2026-11-20", priority: .high), task("Pay rent", "2026-11-20")]),
        NoteCase("drop off the ballots by 8 pm on november 24th", [task("Drop off the ballots", "2026-11-24", "20:00")]),
        NoteCase("confirm the plumber for monday between 8 and 10", [task("Confirm the plumber", "2026-11-23", "08:00")]),
        NoteCase("call back the pediatrician in 30 minutes", [task("Call back the pediatrician", "2026-11-18", "09:30")]),
        NoteCase("put the roast in the oven at 4 15", [task("Put the roast in the oven", "2026-11-18", "16:15")]),
        NoteCase("take Grandpa to his cardiology appointment on the 2nd at 11 30", [task("Take Grandpa to his cardiology appointment", "2026-12-02", "11:30")]),
        NoteCase(
            "um register for the conference by the end of the month it's high priority", [task("Register for the conference", "2026-11-30", priority: .high)]),
        NoteCase(
            "order the christmas cards by december 1st and mail them by the 15th",
            [task("Order the christmas cards", "2026-12-01"), task("Mail them", "2026-12-15")]),
        NoteCase("start the dishwasher before bed", [task("Start the dishwasher before bed")]),
        NoteCase("remind me this evening to charge the camera batteries", [task("Charge the camera batteries", "2026-11-18", "18:00")]),
        NoteCase("go to the post office tomorrow morning before work", [task("Go to the post office before work", "2026-11-19", "09:00")]),
        NoteCase("hand over Christmas presents to the kids", [task("Hand over Christmas presents to the kids")]),
        NoteCase("file the insurance claim by next Monday at the latest", [task("File the insurance claim", "2026-11-23")]),
        // "one" after its determiner stands for a thing, not the hour.
        NoteCase("ask the plumber about the cracked one tomorrow afternoon", [task("Ask the plumber about the cracked one", "2026-11-19", "15:00")]),
        NoteCase("return this one tonight", [task("Return this one", "2026-11-18", "20:00")]),
        NoteCase("phone Marta at one tomorrow afternoon", [task("Phone Marta", "2026-11-19", "13:00")]),
        NoteCase("stain the deck on Sunday at 11, ok that's it", [task("Stain the deck", "2026-11-22", "11:00")]),
        NoteCase("we're down to our last bag of rice", [task("We're down to our last bag of rice")]),
        .none("the Bruins are down to their last timeout"),
        NoteCase("I can't forget the recital on Friday", [task("I can't forget the recital", "2026-11-20")]),
        NoteCase("I can't forget to move the car", [task("Move the car")]),
        .none("I can't forget the look on his face"),
        // Needs said as statements.
        NoteCase("the hallway light keeps flickering, needs a new bulb", [task("The hallway light keeps flickering, needs a new bulb")]),
        NoteCase("my contact lens solution runs out Friday", [task("My contact lens solution runs out", "2026-11-20")]),
        NoteCase("the water filter is running out", [task("The water filter is running out")]),
        .none("the kids are running out the door"),
        NoteCase("the furnace is ten years old, I'm due for a tune-up", [task("The furnace is ten years old")]),
        NoteCase("so I don't forget, renew the parking permit", [task("Renew the parking permit")]),
    ]

    static let expressions: [DateExpression] = [
        .init("at 3:30pm on the 2nd of December", "2026-12-02", "15:30"),
        .init("on Thursday the 3rd of December at half past ten", "2026-12-03", "10:30"),
        .init("the 1st Monday of next month at 9", "2026-12-07", "09:00"),
        .init("on the last Thursday of the month at 4", "2026-11-26", "16:00"),
        .init("in 2 days at 10:30", "2026-11-20", "10:30"),
        .init("in a week at 3 pm", "2026-11-25", "15:00"),
        .init("a week today", "2026-11-25"),
        .init("a fortnight on Tuesday", "2026-12-08"),
        .init("this time tomorrow", "2026-11-19", "09:00"),
        .init("same time next week", "2026-11-25", "09:00"),
        .init("tomorrow around 4ish", "2026-11-19", "16:00"),
        .init("later today at 6", "2026-11-18", "18:00"),
        .init("this evening around 8", "2026-11-18", "20:00"),
        .init("by Friday at the latest", "2026-11-20"),
        .init("no later than the 15th", "2026-12-15"),
        .init("before the end of the day", "2026-11-18", "17:00"),
        .init("by COB tomorrow", "2026-11-19", "17:00"),
        .init("EOD Friday", "2026-11-20", "17:00"),
        .init("by EOM", "2026-11-30"),
        .init("by the end of Q1", "2027-03-31"),
        .init("next quarter", "2027-01-01"),
        .init("in the spring", "2027-03-01"),
        .init("over Christmas", "2026-12-25"),
        .init("on Christmas Eve at 5 in the afternoon", "2026-12-24", "17:00"),
        .init("the week of the 7th", "2026-12-07"),
        .init("on the weekend of the 5th", "2026-12-05"),
        .init("at 9 on Monday morning", "2026-11-23", "09:00"),
        .init("at 6 on Friday evening", "2026-11-20", "18:00"),
        .init("Friday 6pm", "2026-11-20", "18:00"),
        .init("6pm Friday", "2026-11-20", "18:00"),
        .init("Fri 6 pm", "2026-11-20", "18:00"),
        .init("fri. 6pm", "2026-11-20", "18:00"),
        .init("Sat 10am", "2026-11-21", "10:00"),
        .init("tmr 10am", "2026-11-19", "10:00"),
        .init("tmrw morning", "2026-11-19", "09:00"),
        .init("12/3 at 2", "2026-12-03", "14:00"),
        .init("12/3/26", "2026-12-03"),
        .init("Dec 3rd 2026 at 2pm", "2026-12-03", "14:00"),
        .init("3 Dec 2026", "2026-12-03"),
        .init("the third of December twenty twenty six", "2026-12-03"),
        .init("December the third at two in the afternoon", "2026-12-03", "14:00"),
        .init("at two thirty", "2026-11-18", "14:30"),
        .init("at nine", "2026-11-19", "09:00"),
        .init("at ten thirty tonight", "2026-11-18", "22:30"),
        .init("around eleven in the morning tomorrow", "2026-11-19", "11:00"),
        .init("in fifteen minutes", "2026-11-18", "09:15"),
        .init("in ninety minutes", "2026-11-18", "10:30"),
        .init("in two and a half hours", "2026-11-18", "11:30"),
        .init("one week from Monday", "2026-11-30"),
        .init("the weekend of December 13th", "2026-12-12"),
        .init("during Thanksgiving", "2026-11-26"),
    ]

    @Test("Corrections, priorities, repeats and lists", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("More spoken dates and times", arguments: expressions)
    func spokenExpressions(_ expression: DateExpression) throws { try expectDue(expression) }
}
