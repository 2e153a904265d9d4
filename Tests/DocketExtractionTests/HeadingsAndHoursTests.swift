import Testing

@testable import DocketExtraction

/// A sentence that says only when, heading the task after it; a holiday that opens a clause; a repetition at two parts
/// of the day, or with its end said first (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Headings and hours")
struct HeadingsAndHoursTests {
    /// A sentence that is only a when (or "remind me" and a when) heads the next sentence's tasks.
    static let headingNotes: [NoteCase] = [
        NoteCase("Thursday. Call Bob.", [task("Call Bob", "2026-11-19")]),
        NoteCase("Tomorrow. Buy milk and call mom.", [task("Buy milk", "2026-11-19"), task("Call mom", "2026-11-19")]),
        NoteCase("Friday at 3. Call the dentist.", [task("Call the dentist", "2026-11-20", "15:00")]),
        NoteCase("By Friday. Send the report.", [task("Send the report", "2026-11-20")]),
        NoteCase("Remind me tomorrow at 5. Call mom.", [task("Call mom", "2026-11-19", "17:00")]),
        NoteCase("Set a reminder for tomorrow at 5. Call mom.", [task("Call mom", "2026-11-19", "17:00")]),
        NoteCase("set a reminder for the dentist appointment on Friday", [task("The dentist appointment", "2026-11-20")]),
        NoteCase("Buy milk tomorrow. Friday. Call mom.", [task("Buy milk", "2026-11-19"), task("Call mom", "2026-11-20")]),
        NoteCase("Next Tuesday. Um. Call the vet.", [task("Call the vet", "2026-11-24")]),
        // Not a heading: a when that completes the task before it, or one with no task after it.
        NoteCase("Buy milk. Tomorrow.", [task("Buy milk", "2026-11-19")]),
        NoteCase("Call mom at 5. Tomorrow. Buy milk.", [task("Call mom", "2026-11-19", "17:00"), task("Buy milk")]),
        NoteCase("Remind me tomorrow at 5. Thanks.", [task("Reminder", "2026-11-19", "17:00")]),
        NoteCase("Call the bank tomorrow. Urgent. Email Sue.", [task("Call the bank", "2026-11-19", priority: .high), task("Email Sue")]),
    ]

    /// A holiday that opens the clause, before its action, is its day.
    static let openingHolidayNotes: [NoteCase] = [
        NoteCase("Christmas Eve pick up Nana from the airport", [task("Pick up Nana from the airport", "2026-12-24")]),
        NoteCase("Thanksgiving morning put the turkey in", [task("Put the turkey in", "2026-11-26", "09:00")]),
        NoteCase("New Year's Day call grandma", [task("Call grandma", "2027-01-01")]),
        NoteCase("Christmas Eve at 8 call the neighbors", [task("Call the neighbors", "2026-12-24", "08:00")]),
        NoteCase("on St. Patrick's Day wear green", [task("Wear green", "2027-03-17")]),
        NoteCase("on Easter Sunday hunt for the eggs in the yard", [task("Hunt for the eggs in the yard", "2027-03-28")]),
        NoteCase("New Year's Eve at 8 pop the champagne", [task("Pop the champagne", "2026-12-31", "08:00")]),
        // A name's part stays words.
        NoteCase("Black Friday sale check the TVs", [task("Black Friday sale check the TVs")]),
        NoteCase("buy a Christmas tree", [task("Buy a Christmas tree")]),
        NoteCase("over Christmas break repaint the kids room", [task("Over Christmas break repaint the kids room")]),
        NoteCase("on Christmas Eve dinner at grandma's", [task("On Christmas Eve dinner at grandma's")]),
    ]

    /// Other whens that open a clause before its action, and a clock time moved by a duration.
    static let openingWhenNotes: [NoteCase] = [
        NoteCase("this spring plant tulips", [task("Plant tulips", "2027-03-01")]),
        NoteCase("late winter service the boat", [task("Service the boat", "2027-02-28")]),
        NoteCase("Monday week pay the deposit", [task("Pay the deposit", "2026-11-30")]),
        NoteCase("by Q3 finish the audit", [task("Finish the audit", "2027-07-01")]),
        NoteCase("half an hour before 3 pm leave for the airport", [task("Leave for the airport", "2026-11-18", "14:30")]),
        NoteCase("leave for the airport half an hour before 3 pm", [task("Leave for the airport", "2026-11-18", "14:30")]),
        NoteCase("one hour before midnight take out the trash", [task("Take out the trash", "2026-11-18", "23:00")]),
        NoteCase("an hour and a half after 1 pm water the garden", [task("Water the garden", "2026-11-18", "14:30")]),
        NoteCase("call the sitter 45 minutes before 8", [task("Call the sitter", "2026-11-19", "07:15")]),
        NoteCase("call 2 hours after noon", [task("Call", "2026-11-18", "14:00")]),
        // Verbs that start a task after "and".
        NoteCase("print the labels and staple them", [task("Print the labels"), task("Staple them")]),
        // Not a when: a season's thing, a duration before something that is no time.
        NoteCase("leave an hour before the meeting", [task("Leave an hour before the meeting")]),
        NoteCase("buy the spring jacket", [task("Buy the spring jacket")]),
    ]

    /// A repetition at two parts of the day is one rule at both hours, first due at the next of them.
    static let twoPartNotes: [NoteCase] = [
        NoteCase("take vitamins every morning and evening", [task("Take vitamins", "2026-11-18", "18:00", every: "FREQ=DAILY;BYHOUR=9,18")]),
        NoteCase(
            "take vitamins every morning and evening", [task("Take vitamins", "2026-11-19", "09:00", every: "FREQ=DAILY;BYHOUR=9,18")],
            reference: "2026-11-18T19:00"),
        NoteCase("walk the dog every morning and in the evening", [task("Walk the dog", "2026-11-18", "18:00", every: "FREQ=DAILY;BYHOUR=9,18")]),
        NoteCase(
            "every night and morning check the baby monitor",
            [task("Check the baby monitor", "2026-11-18", "20:00", every: "FREQ=DAILY;BYHOUR=9,20")]),
        NoteCase(
            "take meds every Monday morning and evening", [task("Take meds", "2026-11-23", "09:00", every: "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9,18")]),
        // A repetition's end said first, opening the clause.
        NoteCase("until Christmas water the tree every day", [task("Water the tree", "2026-11-18", every: "FREQ=DAILY;UNTIL=20261225")]),
        NoteCase(
            "Until Friday I need to walk the dog every morning",
            [task("Walk the dog", "2026-11-19", "09:00", every: "FREQ=DAILY;UNTIL=20261121T045959Z")]),
        // "and" before an action still starts a task.
        NoteCase("stretch every evening and call mom", [task("Stretch", "2026-11-18", "18:00", every: "FREQ=DAILY"), task("Call mom")]),
    ]

    /// What a dictated sentence after a task says of it, asides that are no task, ranges to noon, and projects.
    static let afterTaskNotes: [NoteCase] = [
        NoteCase("Send the thank you emails to the donors. Today, if possible.", [task("Send the thank you emails to the donors", "2026-11-18")]),
        NoteCase("Turn in the permission form. Tomorrow, ideally.", [task("Turn in the permission form", "2026-11-19")]),
        NoteCase("hopefully finish the deck by Friday", [task("Finish the deck", "2026-11-20")]),
        NoteCase(
            "send the offer letter to Priya today. Uh, that one's urgent.", [task("Send the offer letter to Priya", "2026-11-18", priority: .high)]),
        NoteCase("Hey Siri. Call Brenda at 3 P.M.", [task("Call Brenda", "2026-11-18", "15:00")]),
        NoteCase("Pick up cough syrup. Hold on. Okay. Buy tissues.", [task("Pick up cough syrup"), task("Buy tissues")]),
        NoteCase(
            "The parent teacher conference is on the 2nd at 4. Don't forget.", [task("The parent teacher conference", "2026-12-02", "16:00")]),
        NoteCase("Prepare the slides for the all-hands. For work.", [task("Prepare the slides for the all-hands", labels: ["work"])]),
        NoteCase(
            "Get three quotes for the roof. Project roof repair. By the end of the month.",
            [task("Get three quotes for the roof", "2026-11-30", project: "roof repair")]),
        NoteCase("Pick tile samples by Saturday for project kitchen remodel.", [task("Pick tile samples", "2026-11-21", project: "kitchen remodel")]),
        NoteCase("move the files to project Apollo tomorrow", [task("Move the files", "2026-11-19", project: "Apollo")]),
        NoteCase("Volunteer at the food bank Saturday from 9 to noon.", [task("Volunteer at the food bank", "2026-11-21", "09:00")]),
        NoteCase("party from 8 to midnight", [task("Party", "2026-11-18", "20:00")]),
        NoteCase("between 10 and noon call the bank", [task("Call the bank", "2026-11-18", "10:00")]),
        NoteCase("in 2 and a half hours feed the baby", [task("Feed the baby", "2026-11-18", "11:30")]),
        NoteCase("the Sunday after next visit Grandma", [task("Visit Grandma", "2026-11-29")]),
        NoteCase("buy 2 and a half pounds of beef", [task("Buy 2 and a half pounds of beef")]),
    ]

    /// Typed and recognised forms of days, times and years.
    static let writtenFormNotes: [NoteCase] = [
        NoteCase("2morrow buy stamps", [task("Buy stamps", "2026-11-19")]),
        NoteCase("call mom 2nite", [task("Call mom", "2026-11-18", "20:00")]),
        NoteCase("mtg w/ Ben wed 3pm", [task("Mtg w/ Ben", "2026-11-25", "15:00")]),
        NoteCase("take out recycling Mon a.m.", [task("Take out recycling", "2026-11-23", "09:00")]),
        NoteCase("Fri pm call Bob", [task("Call Bob", "2026-11-20", "15:00")]),
        NoteCase("first day of spring plant the tulip bulbs", [task("Plant the tulip bulbs", "2027-03-01")]),
        NoteCase("pay rent on the first day of the month", [task("Pay rent", "2026-12-01")]),
        NoteCase("the final Tuesday of next month book the photographer", [task("Book the photographer", "2026-12-29")]),
        NoteCase("in half a day check the glue", [task("Check the glue", "2026-11-18", "21:00")]),
        NoteCase("on the upcoming Tuesday order the cake", [task("Order the cake", "2026-11-24")]),
        NoteCase("send it by Tuesday at the very latest", [task("Send it", "2026-11-24")]),
        NoteCase("at seven P. M. tonight call Leo", [task("Call Leo", "2026-11-18", "19:00")]),
        NoteCase("take the roast out at 1 fifteen", [task("Take the roast out", "2026-11-18", "13:15")]),
        NoteCase("call the pharmacy at four, P.M.", [task("Call the pharmacy", "2026-11-18", "16:00")]),
        NoteCase("archive the old photos by the end of 2027", [task("Archive the old photos", "2027-12-31")]),
        NoteCase("mail the invites by September twenty twenty eight", [task("Mail the invites", "2028-09-01")]),
        NoteCase("I am going to call mom", [task("Call mom")]),
        // Left alone: a "final" that is a thing, a private message.
        NoteCase("submit the final draft", [task("Submit the final draft")]),
        NoteCase("buy 4, pm me the list", [task("Buy 4, pm me the list")]),
    ]

    @Test("Typed and recognised forms of days and times", arguments: writtenFormNotes)
    func writtenForms(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("What a sentence after a task says of it", arguments: afterTaskNotes)
    func afterTask(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A sentence that says only when heads the next", arguments: headingNotes)
    func heading(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A holiday that opens a clause", arguments: openingHolidayNotes)
    func openingHoliday(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Whens that open a clause, and a clock time moved", arguments: openingWhenNotes)
    func openingWhen(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A repetition at two parts of the day", arguments: twoPartNotes)
    func twoParts(_ note: NoteCase) throws { try expectExtraction(note) }
}
