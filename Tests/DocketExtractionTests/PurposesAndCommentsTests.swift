import Testing

@testable import DocketExtraction

/// What a clause says about a task rather than being one: its purpose, a day the thing is for or from, a correction of
/// a when still to come, and a comment after a comma (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Purposes and comments")
struct PurposesAndCommentsTests {
    static let notes: [NoteCase] = [
        // ", to …" after a task says what it is for.
        NoteCase("Call the vet at 9:30, no, 10:30, to ask about Milo's stitches.", [task("Call the vet to ask about Milo's stitches", "2026-11-18", "10:30")]),
        NoteCase("call the bank tomorrow, to ask about the fee", [task("Call the bank to ask about the fee", "2026-11-19")]),
        NoteCase("book the table for Friday, no, Saturday, for four people", [task("Book the table for four people", "2026-11-21")]),
        NoteCase("remind me to call mom, to buy milk, and to email Sue", [task("Call mom"), task("Buy milk"), task("Email Sue")]),
        // A name in apposition, then the when and the purpose; the purpose keeps its own "I'll".
        NoteCase("Call my boss, Linda, at 6 to ask about Friday.", [task("Call my boss, Linda, to ask about Friday", "2026-11-18", "18:00")]),
        NoteCase(
            "Call my host mom, Linda, at 6 tonight to say I'll be late.", [task("Call my host mom, Linda, to say I'll be late", "2026-11-18", "18:00")]),
        NoteCase("Email the landlord, to say the heater is broken.", [task("Email the landlord, to say the heater is broken")]),
        NoteCase(
            "Remind me to call my dentist, Dr. Lee, at 3 to move my cleaning.",
            [task("Call my dentist, Dr. Lee, to move my cleaning", "2026-11-18", "15:00")]),
        NoteCase("Call my mom, Linda, at 6, she left a voicemail yesterday.", [task("Call my mom, Linda", "2026-11-18", "18:00")]),
        NoteCase("Pack the cooler tonight, the shuttle picks us up at 5:30 am.", [task("Pack the cooler", "2026-11-18", "20:00")]),
        NoteCase("Text Luis at 4 that the alternator came in.", [task("Text Luis that the alternator came in", "2026-11-18", "16:00")]),
        NoteCase("Return the drill to Sam's brother, he lent it to me last week.", [task("Return the drill to Sam's brother")]),
        NoteCase("Call Aunt May back, um, she called twice yesterday.", [task("Call Aunt May back")]),
        NoteCase(
            "call the card company, I think someone stole my number, it's urgent",
            [task("Call the card company", priority: .high)]),
        NoteCase("Print the weekend schedule by Friday", [task("Print the weekend schedule", "2026-11-20")]),
        NoteCase("Set out the chairs for the weekend crew on Saturday at 7:30", [task("Set out the chairs for the weekend crew", "2026-11-21", "07:30")]),
        NoteCase(
            "Look into assisted living places near Toledo sometime this week.",
            [task("Look into assisted living places near Toledo", "2026-11-20", priority: .low)]),
        // A correction of a when said before its task.
        NoteCase("Um, Friday. Uh, no, Thursday. Pick up the cake from Costco.", [task("Pick up the cake from Costco", "2026-11-19")]),
        NoteCase("Tomorrow, no wait, Friday, call mom", [task("Call mom", "2026-11-20")]),
        // A day the thing is for, beside a deadline; a day it is from.
        NoteCase("Pick the book club book for January by the end of December.", [task("Pick the book club book for January", "2026-12-31")]),
        NoteCase("Book the venue for March by Friday", [task("Book the venue for March", "2026-11-20")]),
        NoteCase("email Rachel the photos from Saturday", [task("Email Rachel the photos from Saturday")]),
        NoteCase("from tomorrow take the pills", [task("Take the pills", "2026-11-19")]),
        NoteCase("work from home from Monday to Wednesday", [task("Work from home", "2026-11-23")]),
        NoteCase("starting from Saturday walk the dog every day", [task("Walk the dog", "2026-11-21", every: "FREQ=DAILY")]),
        // A comment after a comma leaves the title.
        NoteCase(
            "Sign up Oliver for swim lessons before the 1st, the spots fill up fast.", [task("Sign up Oliver for swim lessons", "2026-12-01")]),
        NoteCase("Get the car inspected by the end of the month, the sticker expires.", [task("Get the car inspected", "2026-11-30")]),
        NoteCase("Check in on Maria, her dad's in the hospital.", [task("Check in on Maria")]),
        NoteCase("call Sam's in-laws", [task("Call Sam's in-laws")]),
    ]

    /// Numbers and names that look like whens but are not, beside ones that are.
    static let trapNotes: [NoteCase] = [
        NoteCase("Tell Dad the Yankees lost 5 to 4 in the 9th.", [task("Tell Dad the Yankees lost 5 to 4 in the 9th")]),
        NoteCase("Bet Steve 10 bucks the Jets lose by 7", [task("Bet Steve 10 bucks the Jets lose by 7")]),
        NoteCase("Update Node to version 20.11 on the build server.", [task("Update Node to version 20.11 on the build server")]),
        NoteCase("Get the oil changed at 5,000 miles.", [task("Get the oil changed at 5,000 miles")]),
        NoteCase("pay 1,200 dollars by Friday", [task("Pay 1,200 dollars", "2026-11-20")]),
        NoteCase("Wire 1/2 the down payment on Monday.", [task("Wire 1/2 the down payment", "2026-11-23")]),
        NoteCase("Call the 24/7 support line about the outage.", [task("Call the 24/7 support line about the outage")]),
        NoteCase("Put the 4th of July decorations in the attic.", [task("Put the 4th of July decorations in the attic")]),
        NoteCase("Meet at the corner of 3rd and Pine at 6.", [task("Meet at the corner of 3rd and Pine", "2026-11-18", "18:00")]),
        NoteCase("watch Friday Night Lights season 2", [task("Watch Friday Night Lights season 2")]),
        NoteCase("Ask Mrs. Monday about the bake sale", [task("Ask Mrs. Monday about the bake sale")]),
        NoteCase("Meet Jim at TGI Fridays at 6.", [task("Meet Jim at TGI Fridays", "2026-11-18", "18:00")]),
        NoteCase("call the IRS Monday", [task("Call the IRS", "2026-11-23")]),
        NoteCase("call mom at 10 to 6", [task("Call mom", "2026-11-18", "17:50")]),
        NoteCase("leave 10 to 8 in the morning", [task("Leave", "2026-11-19", "07:50")]),
        NoteCase("Urgent. Call the landlord about the heat.", [task("Call the landlord about the heat", priority: .high)]),
        NoteCase("order flowers for Monday, scratch that, make it Tuesday", [task("Order flowers", "2026-11-24")]),
        NoteCase("order flowers for Monday. Scratch that. Make it Tuesday.", [task("Order flowers", "2026-11-24")]),
        NoteCase("buy milk, scratch that, buy eggs", [task("Buy eggs")]),
        NoteCase("Text Rachel at 7 tonight, wait, no, 8.", [task("Text Rachel", "2026-11-18", "20:00")]),
        NoteCase("Text Rachel at 7 tonight. Actually make it 8.", [task("Text Rachel", "2026-11-18", "20:00")]),
        NoteCase("Send the report to Janet, actually to Carl.", [task("Send the report to Carl")]),
        NoteCase("Call the bank, actually I'll do it tomorrow", [task("Call the bank", "2026-11-19")]),
        NoteCase("Pay the bill on the 25th, label it bills, no wait, the 20th.", [task("Pay the bill", "2026-11-20", labels: ["bills"])]),
        NoteCase("Book the hotel for Friday. Never mind, I already did it.", []),
        NoteCase("Buy tickets for the concert, and call Jess. Scratch that last one.", [task("Buy tickets for the concert")]),
        NoteCase("Water the plants. Not a big deal, whenever.", [task("Water the plants", priority: .low)]),
        NoteCase("Clean out the garage, it can wait.", [task("Clean out the garage", priority: .low)]),
        NoteCase(
            "Important. Every Friday at 4, send the timesheet.",
            [task("Send the timesheet", "2026-11-20", "16:00", priority: .high, every: "FREQ=WEEKLY;BYDAY=FR")]),
        NoteCase("Tomorrow. At 5. Call mom.", [task("Call mom", "2026-11-19", "17:00")]),
        NoteCase(
            "Call the plumber asap, and whenever, buy a new phone charger.",
            [task("Call the plumber", priority: .high), task("Buy a new phone charger", priority: .low)]),
    ]

    /// Ranges, zones and priorities around an opening when, and 24-hour times in words.
    static let rangeNotes: [NoteCase] = [
        NoteCase("do the inventory from the 7th to the 10th of December", [task("Do the inventory", "2026-12-07")]),
        NoteCase("swap the winter tires between December 1st and December 5th", [task("Swap the winter tires", "2026-12-01")]),
        NoteCase("between the 3rd and the 5th visit grandma", [task("Visit grandma", "2026-12-03")]),
        NoteCase("pick up the prescription between noon and 2", [task("Pick up the prescription", "2026-11-18", "12:00")]),
        NoteCase("hold office hours 1 to 3 pm Friday", [task("Hold office hours", "2026-11-20", "13:00")]),
        NoteCase("at 4pm CET demo the app", [task("Demo the app", "2026-11-18", "10:00")]),
        NoteCase("MLK Day volunteer at the food bank", [task("Volunteer at the food bank", "2027-01-18")]),
        NoteCase("one week after Labor Day enroll in the pottery class", [task("Enroll in the pottery class", "2027-09-13")]),
        NoteCase("tomorrow urgent call the bank", [task("Call the bank", "2026-11-19", priority: .high)]),
        NoteCase(
            "every Monday at 9 urgent send the report",
            [task("Send the report", "2026-11-23", "09:00", priority: .high, every: "FREQ=WEEKLY;BYDAY=MO")]),
        NoteCase("call the babysitter at eighteen thirty", [task("Call the babysitter", "2026-11-18", "18:30")]),
        NoteCase("call Sam at twenty one fifteen", [task("Call Sam", "2026-11-18", "21:15")]),
        NoteCase("every hour on the hour check the sourdough", [task("Check the sourdough", "2026-11-18", "10:00", every: "FREQ=HOURLY")]),
        NoteCase("Thanksgiving leftovers", [task("Thanksgiving leftovers")]),
        NoteCase("this winter insulate the attic", [task("Insulate the attic", "2026-12-01")]),
        NoteCase("Sat Dec 5 clean out the garage", [task("Clean out the garage", "2026-12-05")]),
        NoteCase("Sun 12/6 water the orchids", [task("Water the orchids", "2026-12-06")]),
        NoteCase("this coming April do the taxes", [task("Do the taxes", "2027-04-01")]),
        NoteCase("in June of next year visit Lisbon", [task("Visit Lisbon", "2027-06-01")]),
        NoteCase("buy a 2 by 4 at the hardware store this weekend", [task("Buy a 2 by 4 at the hardware store", "2026-11-21")]),
        NoteCase(
            "Reconcile the bank statements at the end of every month.",
            [task("Reconcile the bank statements", "2026-11-30", every: "FREQ=MONTHLY;BYMONTHDAY=-1")]),
        NoteCase("Get Jake's SAT registration done by December 1st.", [task("Get Jake's SAT registration done", "2026-12-01")]),
        NoteCase("call Bob Sat", [task("Call Bob", "2026-11-21")]),
        NoteCase("Text Jake about the group project.", [task("Text Jake about the group project")]),
        NoteCase("pick up paint for the kitchen project", [task("Pick up paint", project: "kitchen")]),
        NoteCase("sometime next week clean the windows", [task("Clean the windows", "2026-11-23", priority: .low)]),
        NoteCase("call Mom back as soon as you can", [task("Call Mom back", priority: .high)]),
        NoteCase("hold office hours 1-3 pm Friday", [task("Hold office hours", "2026-11-20", "13:00")]),
    ]

    /// Room talk that asks for nothing: questions the recogniser marked, states and plans of others, broadcast lines.
    static let roomTalk: [String] = [
        "Which one of you spilled the juice?", "Oh no, did you fall down?", "Oh my gosh, really?", "The dishwasher's still running.",
        "Mom's going to love this.", "That's going to take forever.", "We'll see.",
        "No, she's not home right now.", "Honestly, I think they should fire the coach.", "Thanks, babe.", "Have a good day at work.",
        "Back to you, Jim.", "Overnight lows dipping into the upper twenties.", "Touchdown, Kansas City!", "Two outs, bottom of the ninth.",
        "Stay with us.", "Timer done.", "Battery low. Please connect charger.", "Uh huh. Uh huh. Right.", "The end.",
        "Sit.", "Stay. Stay. Good girl.", "Leave it!", "No biting!", "Come here, sweetie.",
    ]

    /// Still tasks: a request with a question mark, an imperative asked, plans with a day, "I'm not sure" before an action.
    static let stillTasks: [NoteCase] = [
        NoteCase("Can you remind me to call mom tomorrow?", [task("Call mom", "2026-11-19")]),
        NoteCase("Call the plumber?", [task("Call the plumber")]),
        NoteCase("the plumber's going to come Tuesday at 10", [task("The plumber's going to come", "2026-11-24", "10:00")]),
        NoteCase("I'm going to call mom", [task("Call mom")]),
        NoteCase("it's not urgent, call the bank tomorrow", [task("Call the bank", "2026-11-19", priority: .low)]),
    ]

    @Test("Room talk that asks for nothing", arguments: roomTalk)
    func roomTalkIsNoTask(_ note: String) throws { try expectExtraction(NoteCase(note, [])) }

    @Test("Still tasks", arguments: stillTasks)
    func stillTask(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Long dictated notes: a when before each action after a pause, counted tasks, asides and lists.
    static let longNotes: [NoteCase] = [
        NoteCase(
            "Every weekday at 7 am walk the dog, and every Tuesday and Thursday take out the recycling.",
            [
                task("Walk the dog", "2026-11-19", "07:00", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
                task("Take out the recycling", "2026-11-19", every: "FREQ=WEEKLY;BYDAY=TU,TH"),
            ]),
        NoteCase(
            "Okay remind me at 6:30 to start dinner, at 7:15 pm to give Leo his medicine, and at 8 pm to, uh, start bath time.",
            [
                task("Start dinner", "2026-11-18", "18:30"), task("Give Leo his medicine", "2026-11-18", "19:15"),
                task("Start bath time", "2026-11-18", "20:00"),
            ]),
        NoteCase(
            "Call the family on Thanksgiving morning, and FaceTime Grandpa on Thanksgiving at 3.",
            [task("Call the family", "2026-11-26", "09:00"), task("FaceTime Grandpa", "2026-11-26", "15:00")]),
        NoteCase("the smoke detector keeps chirping so replace the battery tonight.", [task("Replace the battery", "2026-11-18", "20:00")]),
        NoteCase(
            "Uh, one, cancel the free trial before the 22nd. Two, return the rented tux by Monday.",
            [task("Cancel the free trial", "2026-11-22"), task("Return the rented tux", "2026-11-23")]),
        NoteCase("Um, so first off, high priority, send the signed NDA back to Lauren.", [task("Send the signed NDA back to Lauren", priority: .high)]),
        NoteCase("call the insurance about the ER bill", [task("Call the insurance about the ER bill")]),
        NoteCase("Monday at 9 remind me to do the standup notes", [task("Do the standup notes", "2026-11-23", "09:00")]),
        NoteCase("Uh, add eggs to the shopping list, and put dishwasher pods on my list too.", [task("Eggs"), task("Dishwasher pods")]),
        NoteCase("So the dog's been scratching a lot, call the vet tomorrow.", [task("Call the vet", "2026-11-19")]),
        NoteCase(
            "First thing Monday, send the contract to legal, and schedule the offsite for the second week of December.",
            [task("Send the contract to legal", "2026-11-23", "09:00"), task("Schedule the offsite", "2026-12-07")]),
        NoteCase(
            "at 1 pick up the keys, and at 2:30, um, meet the movers",
            [task("Pick up the keys", "2026-11-18", "13:00"), task("Meet the movers", "2026-11-18", "14:30")]),
        NoteCase(
            "start the workout plan, and every Monday, Wednesday and Friday at 6 am go for a run",
            [task("Start the workout plan"), task("Go for a run", "2026-11-20", "06:00", every: "FREQ=WEEKLY;BYDAY=MO,WE,FR")]),
        NoteCase(
            "remind me every Wednesday at 5 to put out the yard waste, and on the 15th of every month to pay the water bill",
            [
                task("Put out the yard waste", "2026-11-18", "17:00", every: "FREQ=WEEKLY;BYDAY=WE"),
                task("Pay the water bill", "2026-12-15", every: "FREQ=MONTHLY;BYMONTHDAY=15"),
            ]),
        NoteCase(
            "at 10:30 join the meeting online, and, like, at lunch call the electrician",
            [task("Join the meeting online", "2026-11-18", "10:30"), task("Call the electrician", "2026-11-18", "12:00")]),
        NoteCase(
            "Drop off Coco at the groomer on Saturday at 9:30 and pick her up at 1.",
            [task("Drop off Coco at the groomer", "2026-11-21", "09:30"), task("Pick her up", "2026-11-21", "13:00")]),
        NoteCase("set an out of office reply for December 18th through January 2nd", [task("Set an out of office reply", "2026-12-18")]),
        NoteCase(
            "Remind me in 3 days to follow up with the tenant in 3A about the noise.", [task("Follow up with the tenant in 3A about the noise", "2026-11-21")]),
        NoteCase("meet at 8A", [task("Meet", "2026-11-19", "08:00")]),
        // Left alone by those rules.
        NoteCase("Buy flowers. Scratch that. Tomorrow, call mom.", [task("Call mom", "2026-11-19")]),
        NoteCase("Get the kids up by 7", [task("Get the kids up", "2026-11-19", "07:00")]),
        NoteCase("Ask the landlord if you can paint the bedroom", [task("Ask the landlord if you can paint the bedroom")]),
        NoteCase("Tell Sam it's no big deal", [task("Tell Sam it's no big deal")]),
        NoteCase("Tom's wedding gift", [task("Tom's wedding gift")]),
        NoteCase("Dentist appointment Friday?", [task("Dentist appointment", "2026-11-20")]),
        NoteCase("Christmas light show tickets", [task("Christmas light show tickets")]),
        NoteCase("Add Jen to project Apollo too", [task("Add Jen", project: "Apollo")]),
        NoteCase("Stop the newspaper from Monday", [task("Stop the newspaper", "2026-11-23")]),
        NoteCase(
            "Call the pharmacy tomorrow. Urgent, I only have two pills left.", [task("Call the pharmacy", "2026-11-19", priority: .high)]),
        NoteCase("Call mom. The report is important.", [task("Call mom")]),
        NoteCase("Review slides 10 to 12 before the 9 o'clock tomorrow.", [task("Review slides 10 to 12", "2026-11-19", "09:00")]),
        NoteCase("testing, one, two, three", []),
        NoteCase("add salt to the soup", [task("Add salt to the soup")]),
        NoteCase("Drop the keys off at room 405 by 5.", [task("Drop the keys off at room 405", "2026-11-18", "17:00")]),
    ]

    @Test("Long dictated notes", arguments: longNotes)
    func long(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Numbers and names that look like whens", arguments: trapNotes)
    func traps(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Ranges, zones and priorities around an opening when", arguments: rangeNotes)
    func ranges(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Purposes, days of things, corrections and comments", arguments: notes)
    func read(_ note: NoteCase) throws { try expectExtraction(note) }
}
