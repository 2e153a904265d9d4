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
        .init("March 2nd, twenty-thirty", "2030-03-02"), .init("in twenty-thirty", "2030-01-01"), .init("March 14 '31 at 3pm", "2031-03-14", "15:00"),
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

    /// An hour with a part of the day or a day, and hours told from noon, midnight or another hour.
    static let hourCases: [DateExpression] = [
        .init("seven thirty tomorrow evening", "2026-11-19", "19:30"), .init("at 9 tomorrow night", "2026-11-19", "21:00"),
        .init("half six tonight", "2026-11-18", "18:30"), .init("5 this afternoon", "2026-11-18", "17:00"),
        .init("at 10 this morning", "2026-11-18", "10:00"), .init("at 8 this evening", "2026-11-18", "20:00"),
        .init("nine in the morning tomorrow", "2026-11-19", "09:00"), .init("Thursday at 7 in the morning", "2026-11-19", "07:00"),
        .init("3 in the afternoon on Saturday", "2026-11-21", "15:00"), .init("at 1 in the morning", "2026-11-19", "01:00"),
        .init("midnight tonight", "2026-11-19", "00:00"), .init("at 12 tonight", "2026-11-19", "00:00"), .init("tonight at 12", "2026-11-19", "00:00"),
        .init("quarter past midnight", "2026-11-19", "00:15"), .init("five to midnight", "2026-11-18", "23:55"),
        .init("twenty past noon", "2026-11-18", "12:20"), .init("ten minutes after 3 pm", "2026-11-18", "15:10"),
        .init("a quarter after 4", "2026-11-18", "16:15"), .init("quarter till 6", "2026-11-18", "17:45"),
        .init("half past midnight", "2026-11-19", "00:30"), .init("10 to noon tomorrow", "2026-11-19", "11:50"),
        .init("tomorrow morning around 7", "2026-11-19", "07:00"), .init("11 at night", "2026-11-18", "23:00"),
        .init("2 in the afternoon tomorrow", "2026-11-19", "14:00"), .init("tomorrow evening at half past seven", "2026-11-19", "19:30"),
        .init("twenty minutes before 5 pm", "2026-11-18", "16:40"), .init("in the evening at 8", "2026-11-18", "20:00"),
        .init("at 6 in the morning on Friday", "2026-11-20", "06:00"), .init("Sunday night at 10", "2026-11-22", "22:00"),
        .init("eight o'clock tonight", "2026-11-18", "20:00"), .init("at five thirty this evening", "2026-11-18", "17:30"),
        .init("at 9 on Friday night", "2026-11-20", "21:00"), .init("at ten at night", "2026-11-18", "22:00"),
        .init("tomorrow night around 11", "2026-11-19", "23:00"), .init("seven forty five tomorrow morning", "2026-11-19", "07:45"),
        .init("the day after tomorrow at 8 in the morning", "2026-11-20", "08:00"), .init("5 minutes before 10 am", "2026-11-18", "09:55"),
        .init("quarter of 5", "2026-11-18", "16:45"), .init("a quarter to midnight", "2026-11-18", "23:45"),
        .init("ten past midnight", "2026-11-19", "00:10"), .init("20 minutes to 8 tonight", "2026-11-18", "19:40"),
        .init("at 3 on Saturday afternoon", "2026-11-21", "15:00"), .init("at nine Saturday morning", "2026-11-21", "09:00"),
        .init("this evening around 6:30", "2026-11-18", "18:30"), .init("tmrw at 6 in the evening", "2026-11-19", "18:00"),
        .init("at 10:30 tonight", "2026-11-18", "22:30"), .init("at 11:30 tonight", "2026-11-18", "23:30"),
        .init("at 12:30 tonight", "2026-11-19", "00:30"), .init("Sat morning", "2026-11-21", "09:00"), .init("quarter to ten tonight", "2026-11-18", "21:45"),
    ]

    /// Durations from now and days counted from a day, in words.
    static let durationCases: [DateExpression] = [
        .init("in forty minutes", "2026-11-18", "09:40"), .init("half an hour from now", "2026-11-18", "09:30"),
        .init("in three hours' time", "2026-11-18", "12:00"), .init("a few minutes from now", "2026-11-18", "09:03"),
        .init("in a couple more days", "2026-11-20"), .init("five days from today", "2026-11-23"), .init("three weeks hence", "2026-12-09"),
        .init("ten days later", "2026-11-28"), .init("two days after tomorrow", "2026-11-21"), .init("in 48 hours", "2026-11-20", "09:00"),
        .init("in an hour's time", "2026-11-18", "10:00"), .init("in 1 and a half hours", "2026-11-18", "10:30"),
        .init("in seventy-five minutes", "2026-11-18", "10:15"), .init("tmw morning", "2026-11-19", "09:00"),
        .init("two weeks from Monday", "2026-12-07"), .init("three days after Friday", "2026-11-23"),
        .init("in an hour and twenty minutes", "2026-11-18", "10:20"), .init("in 2 hrs 30 mins", "2026-11-18", "11:30"),
        .init("in an hour and three quarters", "2026-11-18", "10:45"), .init("in about 20 minutes", "2026-11-18", "09:20"),
        .init("in about an hour", "2026-11-18", "10:00"), .init("in roughly two hours", "2026-11-18", "11:00"),
        .init("in just a few minutes", "2026-11-18", "09:03"), .init("in around a week", "2026-11-25"),
        .init("in two more weeks", "2026-12-02"), .init("the following morning", "2026-11-19", "09:00"),
        .init("a day later", "2026-11-19"), .init("twenty four hours from now", "2026-11-19", "09:00"),
        .init("within the next hour", "2026-11-18", "10:00"), .init("in the next 10 minutes", "2026-11-18", "09:10"),
        .init("within the next two days", "2026-11-20"), .init("over the next few days", "2026-11-21"),
        .init("in the next couple of hours", "2026-11-18", "11:00"), .init("in 1h30", "2026-11-18", "10:30"),
        .init("in 90 mins", "2026-11-18", "10:30"), .init("tmw at 10", "2026-11-19", "10:00"),
        .init("in five minutes from now", "2026-11-18", "09:05"),
    ]

    /// Forms typed in a hurry or written by a recogniser in short.
    static let compactCases: [DateExpression] = [
        .init("at 6:15p", "2026-11-18", "18:15"), .init("11a", "2026-11-18", "11:00"), .init("at 12p", "2026-11-18", "12:00"),
        .init("at 12a", "2026-11-19", "00:00"), .init("9:45a tomorrow", "2026-11-19", "09:45"), .init("18h30", "2026-11-18", "18:30"),
        .init("at 7h", "2026-11-19", "07:00"), .init("6 oclock", "2026-11-18", "18:00"), .init("7 oclock am", "2026-11-19", "07:00"),
        .init("at 3ish", "2026-11-18", "15:00"), .init("tomorrow 5ish", "2026-11-19", "17:00"), .init("4pm-ish", "2026-11-18", "16:00"),
        .init("at 8am-ish", "2026-11-19", "08:00"), .init("at 10:30:00 am", "2026-11-18", "10:30"), .init("11:45:10 pm", "2026-11-18", "23:45"),
        .init("by EOD tomorrow", "2026-11-19", "17:00"), .init("COB Friday", "2026-11-20", "17:00"), .init("by end of week", "2026-11-20"),
        .init("by eom", "2026-11-30"), .init("by EOW next week", "2026-11-27"), .init("Fri.", "2026-11-20"), .init("on Tue.", "2026-11-24"),
        .init("5. Jan. 2031", "2031-01-05"), .init("12. March", "2027-03-12"), .init("Mon 3pm", "2026-11-23", "15:00"),
        .init("tmrw 9a", "2026-11-19", "09:00"), .init("11/30 @ 2pm", "2026-11-30", "14:00"), .init("at 1530", "2026-11-18", "15:30"),
        .init("at 2030", "2026-11-18", "20:30"), .init("by 1700", "2026-11-18", "17:00"), .init("0930 tomorrow", "2026-11-19", "09:30"),
        .init("Thu 4:40p", "2026-11-19", "16:40"), .init("EOD tmrw", "2026-11-19", "17:00"), .init("@4pm", "2026-11-18", "16:00"),
        .init("on Thurs. at 2p", "2026-11-19", "14:00"), .init("on the 3rd Dec.", "2026-12-03"), .init("Wed 2 Dec", "2026-12-02"),
        .init("2:30p tmrw", "2026-11-19", "14:30"), .init("10h15 tomorrow", "2026-11-19", "10:15"),
        // Misspelt as typed in a hurry, and an abbreviated month before "the".
        .init("wendesday", "2026-11-25"), .init("tommorrow at noon", "2026-11-19", "12:00"), .init("by Febuary 2nd", "2027-02-02"),
        .init("nxt friday", "2026-11-27"), .init("thrusday at 4", "2026-11-19", "16:00"), .init("Jan. the 2nd", "2027-01-02"),
        .init("oh nine hundred tomorrow", "2026-11-19", "09:00"),
    ]

    /// "Now" in its many words: the reference time.
    static let nowCases: [DateExpression] = [
        .init("right now please", "2026-11-18", "09:00"), .init("immediately please", "2026-11-18", "09:00"),
        .init("right this minute", "2026-11-18", "09:00"), .init("right this second", "2026-11-18", "09:00"),
        .init("straightaway", "2026-11-18", "09:00"), .init("this instant", "2026-11-18", "09:00"), .init("now!", "2026-11-18", "09:00"),
        .init("right now.", "2026-11-18", "09:00"),
    ]

    /// Recogniser noise that must not change the reading: fillers, words said twice, meridiems and ordinals written
    /// apart or joined, numbers in words or digits.
    static let noiseCases: [DateExpression] = [
        .init("at 4 P M", "2026-11-18", "16:00"), .init("at four P.M.", "2026-11-18", "16:00"), .init("at 10 A M tomorrow", "2026-11-19", "10:00"),
        .init("at uh 3", "2026-11-18", "15:00"), .init("at, um, 3", "2026-11-18", "15:00"), .init("on the the 21st", "2026-11-21"),
        .init("on uh Friday", "2026-11-20"), .init("tomorrow uh morning", "2026-11-19", "09:00"), .init("at 3 uh pm", "2026-11-18", "15:00"),
        .init("on the uh 21st", "2026-11-21"), .init("by, uh, Friday", "2026-11-20"), .init("tomorrow at uh 10 am", "2026-11-19", "10:00"),
        .init("at at 5", "2026-11-18", "17:00"), .init("Friday uh at 3", "2026-11-20", "15:00"), .init("on Friday Friday", "2026-11-20"),
        .init("next next Tuesday", "2026-11-24"), .init("at um eight thirty tomorrow", "2026-11-19", "08:30"),
        .init("the twenty second of December", "2026-12-22"), .init("December twenty-second", "2026-12-22"),
        .init("December 22 nd", "2026-12-22"), .init("the 23 rd", "2026-11-23"), .init("on the 2 nd", "2026-12-02"),
        .init("at five p.m", "2026-11-18", "17:00"), .init("at 5 Pm", "2026-11-18", "17:00"), .init("at seven a m", "2026-11-19", "07:00"),
        .init("at 3p.m.", "2026-11-18", "15:00"), .init("on the thirty first of December", "2026-12-31"),
        .init("on the 1 st of January", "2027-01-01"), .init("at nine p m tomorrow", "2026-11-19", "21:00"),
        .init("at 3 O'Clock", "2026-11-18", "15:00"), .init("at twenty past four p.m.", "2026-11-18", "16:20"),
        .init("at nine fifteen a.m.", "2026-11-18", "09:15"),
        .init("at four four thirty", "2026-11-18", "16:30"), .init("the twenty first at 9 am", "2026-11-21", "09:00"),
        .init("the twenty-first at nine a.m.", "2026-11-21", "09:00"),
    ]

    @Test("explicit years", arguments: yearCases)
    func years(_ form: DateExpression) throws { try expectDue(form) }

    @Test("days of a relative month or week", arguments: relativeDayCases)
    func relativeDays(_ form: DateExpression) throws { try expectDue(form) }

    @Test("hours with a part of the day", arguments: hourCases)
    func hours(_ form: DateExpression) throws { try expectDue(form) }

    @Test("durations in words", arguments: durationCases)
    func durations(_ form: DateExpression) throws { try expectDue(form) }

    @Test("compact typed forms", arguments: compactCases)
    func compact(_ form: DateExpression) throws { try expectDue(form) }

    @Test("now", arguments: nowCases)
    func now(_ form: DateExpression) throws { try expectDue(form) }

    @Test("recogniser noise", arguments: noiseCases)
    func noise(_ form: DateExpression) throws { try expectDue(form) }

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
        NoteCase(
            "Okay, by more dog food and, this is urgent, call the vet", [task("Buy more dog food"), task("Call the vet", priority: .high)]),
        NoteCase(
            "Male the RSVP cards tomorrow and meat Jen for coffee at 10",
            [task("Mail the RSVP cards", "2026-11-19"), task("Meet Jen for coffee", "2026-11-18", "10:00")]),
        NoteCase("So, right down the wifi password", [task("Write down the wifi password")]),
        NoteCase("Um, by a new phone case", [task("Buy a new phone case")]),
        .none("Where are my keys"),
    ]

    /// An aside between two tasks goes with the task it introduces.
    static let asideCases: [NoteCase] = [
        NoteCase(
            "Pay the water bill by Friday and, this is important, call the insurer tomorrow",
            [task("Pay the water bill", "2026-11-20"), task("Call the insurer", "2026-11-19", priority: .high)]),
        NoteCase(
            "Finish the slides by noon and, this is urgent, call the client",
            [task("Finish the slides", "2026-11-18", "12:00"), task("Call the client", priority: .high)]),
        NoteCase("Walk the dog and, this one's important, buy dog food", [task("Walk the dog"), task("Buy dog food", priority: .high)]),
        NoteCase(
            "Book a table and, uh, this one is important, order the cake", [task("Book a table"), task("Order the cake", priority: .high)]),
        NoteCase(
            "Book the hotel tonight and, no rush, find a rental car",
            [task("Book the hotel", "2026-11-18", "20:00"), task("Find a rental car", priority: .low)]),
        NoteCase(
            "Email Bob by Thursday and, really important, book the venue tomorrow",
            [task("Email Bob", "2026-11-19"), task("Book the venue", "2026-11-19", priority: .high)]),
        NoteCase(
            "Call Sam and, actually this one matters, send the invoice tonight",
            [task("Call Sam"), task("Send the invoice", "2026-11-18", "20:00", priority: .high)]),
        NoteCase(
            "Renew the passport and, by the way, book the photo appointment", [task("Renew the passport"), task("Book the photo appointment")]),
        NoteCase(
            "Schedule the dentist and, oh, this is urgent, refill the inhaler",
            [task("Schedule the dentist"), task("Refill the inhaler", priority: .high)]),
        NoteCase(
            "Buy bread and, well, no rush, pick up the dry cleaning", [task("Buy bread"), task("Pick up the dry cleaning", priority: .low)]),
        NoteCase("Call Tom and, actually, make it 4pm", [task("Call Tom", "2026-11-18", "16:00")]),
    ]

    /// A reason or comment after a task is not its title.
    static let commentCases: [NoteCase] = [
        NoteCase("Order printer ink, it's almost out", [task("Order printer ink")]),
        NoteCase("Buy cat food, because we ran out", [task("Buy cat food")]),
        NoteCase("Email Sam the invoice, it's really urgent", [task("Email Sam the invoice", priority: .high)]),
        NoteCase("Fix the faucet, it's been dripping all week", [task("Fix the faucet")]),
        NoteCase("Call the landlord, the heater broke again", [task("Call the landlord")]),
        NoteCase("Call the school, Maya has a fever", [task("Call the school")]),
        NoteCase("Charge the laptop, the battery is at ten percent", [task("Charge the laptop")]),
        NoteCase("Take out the recycling, pickup is early tomorrow", [task("Take out the recycling", "2026-11-19")]),
        NoteCase("Call the vet, Rex is limping, tomorrow morning", [task("Call the vet", "2026-11-19", "09:00")]),
        NoteCase("Renew the car registration, it expires soon", [task("Renew the car registration")]),
        NoteCase("Water the tomatoes, the soil looks dry", [task("Water the tomatoes")]),
        NoteCase("Buy a birthday present for Kim, her party is Saturday", [task("Buy a birthday present for Kim", "2026-11-21")]),
        NoteCase("Clean the fridge, something smells, tonight", [task("Clean the fridge", "2026-11-18", "20:00")]),
        NoteCase("Call the insurance, the claim was denied, first thing tomorrow", [task("Call the insurance", "2026-11-19", "09:00")]),
        NoteCase("Pay the electric bill by the 15th, it's overdue", [task("Pay the electric bill", "2026-12-15")]),
        NoteCase("Buy diapers, the big pack", [task("Buy diapers, the big pack")]),
        NoteCase("Buy apples, the green ones", [task("Buy apples, the green ones")]),
        NoteCase("Tell Ana, the heater broke again", [task("Tell Ana, the heater broke again")]),
    ]

    /// Tasks joined by "and", each with its own day or time, stay apart; a list under one verb stays one task.
    static let joinedCases: [NoteCase] = [
        NoteCase(
            "water the plants tonight and book flights tomorrow",
            [task("Water the plants", "2026-11-18", "20:00"), task("Book flights", "2026-11-19")]),
        NoteCase(
            "Buy tickets tonight and book flights on Friday",
            [task("Buy tickets", "2026-11-18", "20:00"), task("Book flights", "2026-11-20")]),
        NoteCase(
            "Order the cake today and email invitations tomorrow", [task("Order the cake", "2026-11-18"), task("Email invitations", "2026-11-19")]),
        NoteCase(
            "Pick up paint tomorrow and paint walls on Sunday", [task("Pick up paint", "2026-11-19"), task("Paint walls", "2026-11-22")]),
        NoteCase(
            "Feed the fish this morning and clean the tank on Saturday",
            [task("Feed the fish", "2026-11-18", "09:00"), task("Clean the tank", "2026-11-21")]),
        NoteCase(
            "Call mom at 5pm and text reminders at 6pm",
            [task("Call mom", "2026-11-18", "17:00"), task("Text reminders", "2026-11-18", "18:00")]),
        NoteCase("Buy bread today and water bottles", [task("Buy bread and water bottles", "2026-11-18")]),
        NoteCase("Book a haircut today and review slides tomorrow", [task("Book a haircut", "2026-11-18"), task("Review slides", "2026-11-19")]),
        NoteCase("Email Raj tomorrow and order lunch Friday", [task("Email Raj", "2026-11-19"), task("Order lunch", "2026-11-20")]),
        NoteCase(
            "Wash the car Saturday morning and vacuum it Sunday", [task("Wash the car", "2026-11-21", "09:00"), task("Vacuum it", "2026-11-22")]),
        NoteCase("Buy milk and water today", [task("Buy milk and water", "2026-11-18")]),
        NoteCase("Buy soap and clean towels tomorrow", [task("Buy soap and clean towels", "2026-11-19")]),
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
        NoteCase("Study the twenty-first century", [task("Study the twenty-first century")]),
        NoteCase("Read the first chapter", [task("Read the first chapter")]),
    ]

    @Test("a misheard verb, and the same words kept", arguments: misheardCases)
    func misheard(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("an aside goes with the task after it", arguments: asideCases)
    func asides(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("a comment is not the title", arguments: commentCases)
    func comments(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("tasks joined by and", arguments: joinedCases)
    func joined(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("not dates", arguments: negativeCases)
    func negatives(_ note: NoteCase) throws { try expectExtraction(note) }
}
