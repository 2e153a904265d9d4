import Testing

@testable import DocketExtraction

/// More notes as people dictate them: shared dates, object corrections, labels, new repetition rules,
/// numbers in words, past days, month ends, leap day, midnight and DST weekends (reference Wed 2026-11-18
/// 09:00 America/New_York unless given).
@Suite("Spoken notes")
struct SpokenNotesTests {
    static let sharedWhenCases: [NoteCase] = [
        NoteCase("buy milk and call mom tomorrow", [task("Buy milk"), task("Call mom", "2026-11-19")]),
        NoteCase("Email Bob and call the bank on Friday", [task("Email Bob"), task("Call the bank", "2026-11-20")]),
        NoteCase("Pick up the kids and buy groceries at 5", [task("Pick up the kids"), task("Buy groceries", "2026-11-18", "17:00")]),
        NoteCase(
            "Water the plants and feed the cat every day",
            [task("Water the plants", "2026-11-18", every: "FREQ=DAILY"), task("Feed the cat", "2026-11-18", every: "FREQ=DAILY")]),
        NoteCase("Buy milk and eggs and call mom tomorrow", [task("Buy milk and eggs"), task("Call mom", "2026-11-19")]),
        NoteCase("Call the plumber on Monday and pay the rent tomorrow", [task("Call the plumber", "2026-11-23"), task("Pay the rent", "2026-11-19")]),
        NoteCase("Buy milk, call mom tomorrow", [task("Buy milk"), task("Call mom", "2026-11-19")]),
        NoteCase("Buy milk and then call mom tomorrow", [task("Buy milk"), task("Call mom", "2026-11-19")]),
        NoteCase("Buy milk. Call mom tomorrow.", [task("Buy milk"), task("Call mom", "2026-11-19")]),
        NoteCase("Buy milk and tomorrow call mom", [task("Buy milk"), task("Call mom", "2026-11-19")]),
        NoteCase("Book the flights and reserve the hotel by next Friday", [task("Book the flights"), task("Reserve the hotel", "2026-11-27")]),
        NoteCase("Clean the kitchen and vacuum the stairs this weekend", [task("Clean the kitchen"), task("Vacuum the stairs", "2026-11-21")]),
    ]

    static let objectCorrectionCases: [NoteCase] = [
        NoteCase("call Tom, no wait, Jerry", [task("Call Jerry")]),
        NoteCase("Buy milk, no wait, oat milk", [task("Buy oat milk")]),
        NoteCase("Buy the red shirt, I mean the blue shirt", [task("Buy the blue shirt")]),
        NoteCase("Email Sarah, sorry, Sam", [task("Email Sam")]),
        NoteCase("Call Tom tomorrow, no wait, Jerry", [task("Call Jerry", "2026-11-19")]),
        NoteCase("Text Anna, I mean Hannah, at 5", [task("Text Hannah", "2026-11-18", "17:00")]),
        NoteCase("Call Tom, no wait, call Jerry", [task("Call Jerry")]),
        NoteCase("Meet Dana on Thursday, no wait, Friday at 2", [task("Meet Dana", "2026-11-20", "14:00")]),
        NoteCase("Book the dentist for Tuesday. No wait, Wednesday.", [task("Book the dentist", "2026-11-25")]),
        NoteCase("Call the bank at 10, no, 11", [task("Call the bank", "2026-11-18", "11:00")]),
    ]

    static let tagCases: [NoteCase] = [
        NoteCase("Buy printer ink, label it errands and home", [task("Buy printer ink", labels: ["errands", "home"])]),
        NoteCase("Buy stamps, tag errands", [task("Buy stamps", labels: ["errands"])]),
        NoteCase("Tag Bob in the photo", [task("Tag Bob in the photo")]),
        NoteCase("Draft the spec, project Apollo", [task("Draft the spec", project: "Apollo")]),
        NoteCase("Finish the project report", [task("Finish the project report")]),
        // The usual contexts are labels when said so, configured or not.
        NoteCase("Prepare the slides work task", [task("Prepare the slides", labels: ["work"])]),
        NoteCase("Prepare the slides work task", [task("Prepare the slides", labels: ["work"])], labels: ["work"]),
        NoteCase("Email the vendor for work", [task("Email the vendor", labels: ["work"])]),
        NoteCase("Leave for work at 8", [task("Leave for work", "2026-11-19", "08:00")]),
        NoteCase("Buy a gift for Anna", [task("Buy a gift for Anna")]),
        NoteCase("Buy stamps hashtag errands hashtag home", [task("Buy stamps", labels: ["errands", "home"])]),
        NoteCase("Call the printer, label it work, tomorrow", [task("Call the printer", "2026-11-19", labels: ["work"])]),
        NoteCase("Write the brief in the launch project by Friday", [task("Write the brief", "2026-11-20", project: "launch")]),
        NoteCase("Fix the sink #home #urgent", [task("Fix the sink", labels: ["home", "urgent"])]),
        NoteCase("Order toner, project: office move", [task("Order toner", project: "office move")]),
    ]

    static let recurrenceCases: [NoteCase] = [
        NoteCase(
            "Renew the car insurance every year on March 3rd", [task("Renew the car insurance", "2027-03-03", every: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3")]),
        NoteCase("Call grandma every March 3rd", [task("Call grandma", "2027-03-03", every: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3")]),
        NoteCase("Send mom flowers on May 10th every year", [task("Send mom flowers", "2027-05-10", every: "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=10")]),
        NoteCase("Take my meds every 2 hours", [task("Take my meds", "2026-11-18", "11:00", every: "FREQ=HOURLY;INTERVAL=2")]),
        NoteCase("Check the server hourly", [task("Check the server", "2026-11-18", "10:00", every: "FREQ=HOURLY")]),
        NoteCase("Stand up and stretch every 30 minutes", [task("Stand up and stretch", "2026-11-18", "09:30", every: "FREQ=MINUTELY;INTERVAL=30")]),
        NoteCase("Clean the gutters every weekend", [task("Clean the gutters", "2026-11-21", every: "FREQ=WEEKLY;BYDAY=SA,SU")]),
        NoteCase("Pay rent every month on the 15th", [task("Pay rent", "2026-12-15", every: "FREQ=MONTHLY;BYMONTHDAY=15")]),
        NoteCase("Pay the nanny on the 15th every month", [task("Pay the nanny", "2026-12-15", every: "FREQ=MONTHLY;BYMONTHDAY=15")]),
        NoteCase("Book club every first Monday of the month", [task("Book club", "2026-12-07", every: "FREQ=MONTHLY;BYDAY=1MO")]),
        NoteCase("Team review on the last Friday of every month", [task("Team review", "2026-11-27", every: "FREQ=MONTHLY;BYDAY=-1FR")]),
        NoteCase("Send the report every second Tuesday of the month", [task("Send the report", "2026-12-08", every: "FREQ=MONTHLY;BYDAY=2TU")]),
        NoteCase("Water the ferns once a week", [task("Water the ferns", "2026-11-18", every: "FREQ=WEEKLY")]),
        NoteCase("Call Sam every Monday morning", [task("Call Sam", "2026-11-23", "09:00", every: "FREQ=WEEKLY;BYDAY=MO")]),
        NoteCase("Run the backups every weekday at 6 pm", [task("Run the backups", "2026-11-18", "18:00", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("Pay estimated taxes quarterly", [task("Pay estimated taxes", "2026-11-18", every: "FREQ=MONTHLY;INTERVAL=3")]),
        NoteCase("Send the quarterly report to finance", [task("Send the quarterly report to finance")]),
        NoteCase("Write the weekly update", [task("Write the weekly update")]),
        NoteCase("Do the weekly review every Friday at 4", [task("Do the weekly review", "2026-11-20", "16:00", every: "FREQ=WEEKLY;BYDAY=FR")]),
        NoteCase("Every other day water the orchid", [task("Water the orchid", "2026-11-18", every: "FREQ=DAILY;INTERVAL=2")]),
        NoteCase("Walk the dog every evening", [task("Walk the dog", "2026-11-18", "18:00", every: "FREQ=DAILY")]),
        NoteCase("Call dad every Sunday night", [task("Call dad", "2026-11-22", "20:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
    ]

    static let wordsAndNumbersCases: [NoteCase] = [
        NoteCase("Call the vet at three thirty tomorrow", [task("Call the vet", "2026-11-19", "15:30")]),
        NoteCase("Pay the sitter on the twenty-first", [task("Pay the sitter", "2026-11-21")]),
        NoteCase("Renew the permit on March twenty first", [task("Renew the permit", "2027-03-21")]),
        NoteCase("Move the car in ninety minutes", [task("Move the car", "2026-11-18", "10:30")]),
        NoteCase("Call Priya in twenty minutes", [task("Call Priya", "2026-11-18", "09:20")]),
        NoteCase("Meet Leo at half five", [task("Meet Leo", "2026-11-18", "17:30")]),
        NoteCase("Start the roast at five o'clock", [task("Start the roast", "2026-11-18", "17:00")]),
        NoteCase("Call the school at twelve fifteen", [task("Call the school", "2026-11-18", "12:15")]),
        NoteCase("Buy three bags of rice", [task("Buy three bags of rice")]),
        NoteCase("Buy two dozen eggs tomorrow", [task("Buy two dozen eggs", "2026-11-19")]),
        NoteCase("Read chapter five tonight", [task("Read chapter five", "2026-11-18", "20:00")]),
        NoteCase("Book a table for two at eight pm", [task("Book a table for two", "2026-11-18", "20:00")]),
        NoteCase("Follow up in a couple of days", [task("Follow up", "2026-11-20")]),
        NoteCase("Check the dough in a few hours", [task("Check the dough", "2026-11-18", "12:00")]),
        NoteCase("Submit the timesheet at 1730 hours", [task("Submit the timesheet", "2026-11-18", "17:30")]),
        NoteCase("Call the lab at quarter past noon", [task("Call the lab", "2026-11-18", "12:15")]),
        NoteCase("Buy 2 cartons of milk at 5", [task("Buy 2 cartons of milk", "2026-11-18", "17:00")]),
        NoteCase("Pay the 3 invoices by the 5th", [task("Pay the 3 invoices", "2026-12-05")]),
    ]

    static let pastAndRelativeCases: [NoteCase] = [
        NoteCase("Log the expense from yesterday", [task("Log the expense", "2026-11-17")]),
        NoteCase("I forgot to call mom last Friday", [task("Call mom", "2026-11-13")]),
        NoteCase("Invoice the client for the work 3 days ago", [task("Invoice the client for the work", "2026-11-15")]),
        NoteCase("Follow up on the email from last night", [task("Follow up on the email", "2026-11-17", "20:00")]),
        NoteCase("Check on the package 2 weeks from now", [task("Check on the package", "2026-12-02")]),
        NoteCase("Call the landlord a week from tomorrow", [task("Call the landlord", "2026-11-26")]),
        NoteCase("Dentist checkup Friday after next", [task("Dentist checkup", "2026-11-27")]),
        NoteCase("Plan the offsite for the week after next", [task("Plan the offsite", "2026-11-30")]),
        NoteCase("Renew the lease at the start of next month", [task("Renew the lease", "2026-12-01")]),
        NoteCase("Send the draft mid next week", [task("Send the draft", "2026-11-25")]),
        NoteCase("Pay the deposit next month", [task("Pay the deposit", "2026-12-01")]),
        NoteCase("File the taxes next year", [task("File the taxes", "2027-01-01")]),
        NoteCase("Finish the mockups this week", [task("Finish the mockups", "2026-11-20")]),
        NoteCase("Visit the in-laws next weekend", [task("Visit the in-laws", "2026-11-28")]),
        NoteCase("Schedule the review for the first Monday of next month", [task("Schedule the review", "2026-12-07")]),
        NoteCase("Call Oma on Friday the 27th", [task("Call Oma", "2026-11-27")]),
        NoteCase("Pick up the suit Monday the 23rd at 4", [task("Pick up the suit", "2026-11-23", "16:00")]),
        NoteCase("Order the cake 3 days before Friday", [task("Order the cake", "2026-11-17")]),
    ]

    static let calendarEdgeCases: [NoteCase] = [
        // Leap day 2028-02-29 (reference Sunday 2028-02-27).
        NoteCase("Pay rent the day after tomorrow", [task("Pay rent", "2028-02-29")], reference: "2028-02-27T10:00"),
        NoteCase("Send the report by the end of the month", [task("Send the report", "2028-02-29")], reference: "2028-02-27T10:00"),
        NoteCase("Call the bank on the 29th", [task("Call the bank", "2028-02-29")], reference: "2028-02-27T10:00"),
        NoteCase("Call the bank on the 30th", [task("Call the bank", "2028-03-30")], reference: "2028-02-27T10:00"),
        NoteCase("Celebrate on February 29th", [task("Celebrate", "2028-02-29")], reference: "2028-02-27T10:00"),
        NoteCase("Celebrate on February 29th", [task("Celebrate", "2028-02-29")]),
        NoteCase("Start the diet next month", [task("Start the diet", "2028-03-01")], reference: "2028-02-27T10:00"),
        NoteCase("Renew the pass in 2 days", [task("Renew the pass", "2028-02-29")], reference: "2028-02-27T10:00"),
        // End of month (reference Sunday 2027-01-31).
        NoteCase("Cancel the trial in a month", [task("Cancel the trial", "2027-02-28")], reference: "2027-01-31T10:00"),
        NoteCase("Pay the card on the 31st", [task("Pay the card", "2027-01-31")], reference: "2027-01-31T10:00"),
        NoteCase("Pay the card on the 30th", [task("Pay the card", "2027-03-30")], reference: "2027-01-31T10:00"),
        NoteCase("Close the books at the end of next month", [task("Close the books", "2027-02-28")], reference: "2027-01-31T10:00"),
        NoteCase("Water the plants tomorrow", [task("Water the plants", "2027-02-01")], reference: "2027-01-31T10:00"),
        NoteCase("Pay rent on the first of every month", [task("Pay rent", "2027-02-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")], reference: "2027-01-31T10:00"),
        NoteCase("Happy new year call at midnight", [task("Happy new year call", "2027-01-01", "00:00")], reference: "2026-12-31T21:00"),
        NoteCase("Shut down the servers tonight at midnight", [task("Shut down the servers", "2026-11-19", "00:00")]),
        NoteCase("Submit the bid by midnight tomorrow", [task("Submit the bid", "2026-11-20", "00:00")]),
        NoteCase("Set the alarm for 12:05 am", [task("Set the alarm", "2026-11-19", "00:05")]),
        // DST weekends in New York.
        NoteCase("Change the clocks this weekend", [task("Change the clocks", "2026-03-07")], reference: "2026-03-07T09:00"),
        NoteCase("Call mom Sunday at 2:30 am", [task("Call mom", "2026-03-08", "03:30", at: "2026-03-08T03:30:00-04:00")], reference: "2026-03-06T09:00"),
        NoteCase("Go running in 24 hours", [task("Go running", "2026-03-08", "10:00", at: "2026-03-08T10:00:00-04:00")], reference: "2026-03-07T09:00"),
        NoteCase("Brunch next weekend at 11", [task("Brunch", "2026-11-07", "11:00", at: "2026-11-07T11:00:00-05:00")], reference: "2026-10-31T09:00"),
        NoteCase(
            "Check the boiler Sunday at 1:30 am", [task("Check the boiler", "2026-11-01", "01:30", at: "2026-11-01T01:30:00-04:00")],
            reference: "2026-10-30T09:00"),
        NoteCase(
            "Walk the dog every Sunday at 8 am", [task("Walk the dog", "2026-11-01", "08:00", at: "2026-11-01T08:00:00-05:00", every: "FREQ=WEEKLY;BYDAY=SU")],
            reference: "2026-10-31T09:00"),
    ]

    static let splittingCases: [NoteCase] = [
        NoteCase("Buy apples, pears and bananas tomorrow", [task("Buy apples, pears and bananas", "2026-11-19")]),
        NoteCase("Call mom and dad on Sunday", [task("Call mom and dad", "2026-11-22")]),
        NoteCase("Wash the car and the dog", [task("Wash the car and the dog")]),
        NoteCase("Buy bread and pick up the parcel and call Sam", [task("Buy bread"), task("Pick up the parcel"), task("Call Sam")]),
        NoteCase(
            "First, call the plumber at 9. Second, buy paint. Third, email Jo.",
            [task("Call the plumber", "2026-11-19", "09:00"), task("Buy paint"), task("Email Jo")]),
        NoteCase(
            "Okay so tomorrow, um, call the bank and email the lawyer. Thanks.", [task("Call the bank", "2026-11-19"), task("Email the lawyer", "2026-11-19")]),
        NoteCase("Remind me to buy milk. Scratch that. Remind me to buy eggs tomorrow.", [task("Buy eggs", "2026-11-19")]),
        NoteCase("Thank you for watching!", []),
        NoteCase("Call the garage at 4 and ask about the brakes", [task("Call the garage", "2026-11-18", "16:00"), task("Ask about the brakes")]),
        NoteCase("Remind me next tuesday at 5pm to call Sam", [task("Call Sam", "2026-11-24", "17:00")]),
        NoteCase("Next Tuesday at 5pm, call Sam.", [task("Call Sam", "2026-11-24", "17:00")]),
        NoteCase("In 2 hours check the oven", [task("Check the oven", "2026-11-18", "11:00")]),
    ]

    @Test("a trailing when is the last task's; a trailing repetition is shared by and-joined tasks", arguments: sharedWhenCases)
    func sharedWhen(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("corrections that swap an object", arguments: objectCorrectionCases)
    func objectCorrections(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("labels and projects said explicitly", arguments: tagCases)
    func tags(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("more repetition rules", arguments: recurrenceCases)
    func recurrences(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("numbers in words and digits", arguments: wordsAndNumbersCases)
    func numbers(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("past and relative days", arguments: pastAndRelativeCases)
    func pastAndRelative(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("leap day, month ends, midnight, DST weekends", arguments: calendarEdgeCases)
    func calendarEdges(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("splitting and chatter", arguments: splittingCases)
    func splitting(_ note: NoteCase) throws { try expectExtraction(note) }
}
