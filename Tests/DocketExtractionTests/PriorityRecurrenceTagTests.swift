import Testing

@testable import DocketExtraction

/// Priority, recurrence, labels/projects, self-corrections and Whisper-style notes
/// (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Priority, recurrence, tags and corrections")
struct PriorityRecurrenceTagTests {
    static let prioritiesCases: [NoteCase] = [
        NoteCase("Pay the parking ticket, it's urgent", [task("Pay the parking ticket", priority: .high)]),
        NoteCase("Urgently call the landlord", [task("Call the landlord", priority: .high)]),
        NoteCase("Send the contract asap", [task("Send the contract", priority: .high)]),
        NoteCase("Fix the login bug as soon as possible", [task("Fix the login bug", priority: .high)]),
        NoteCase("High priority: renew the SSL certificate", [task("Renew the SSL certificate", priority: .high)]),
        NoteCase("Top priority call the client back", [task("Call the client back", priority: .high)]),
        NoteCase("Backup the server, this is important", [task("Backup the server", priority: .high)]),
        NoteCase("Patch the firewall, critical", [task("Patch the firewall", priority: .high)]),
        NoteCase("P1 restore the database", [task("Restore the database", priority: .high)]),
        NoteCase("Priority one, call the insurer", [task("Call the insurer", priority: .high)]),
        NoteCase("Update the wiki, medium priority", [task("Update the wiki", priority: .medium)]),
        NoteCase("Clean the inbox normal priority", [task("Clean the inbox", priority: .medium)]),
        NoteCase("Review the roadmap p2", [task("Review the roadmap", priority: .medium)]),
        NoteCase("Organize the closet, low priority", [task("Organize the closet", priority: .low)]),
        NoteCase("Read that article, no rush", [task("Read that article", priority: .low)]),
        NoteCase("Learn Italian someday", [task("Learn Italian", priority: .low)]),
        NoteCase("Repaint the fence sometime", [task("Repaint the fence", priority: .low)]),
        NoteCase("Sort the photos whenever", [task("Sort the photos", priority: .low)]),
        NoteCase("Fix the squeaky door when I get a chance", [task("Fix the squeaky door", priority: .low)]),
        NoteCase("Tidy the shed p3", [task("Tidy the shed", priority: .low)]),
        NoteCase("Sign the important documents", [task("Sign the important documents")]),
        NoteCase("Take Max to urgent care", [task("Take Max to urgent care")]),
        NoteCase("Call the bank tomorrow, it's urgent", [task("Call the bank", "2026-11-19", priority: .high)]),
        NoteCase("Call mom sometime tomorrow", [task("Call mom", "2026-11-19", priority: .low)]),
    ]

    static let recurrencesCases: [NoteCase] = [
        NoteCase("Take vitamins every day", [task("Take vitamins", "2026-11-18", every: "FREQ=DAILY")]),
        NoteCase("Check the mail daily", [task("Check the mail", "2026-11-18", every: "FREQ=DAILY")]),
        NoteCase("Meditate every morning", [task("Meditate", "2026-11-19", "09:00", every: "FREQ=DAILY")]),
        NoteCase("Stand-up every weekday", [task("Stand-up", "2026-11-18", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("Put the bins out every Monday", [task("Put the bins out", "2026-11-23", every: "FREQ=WEEKLY;BYDAY=MO")]),
        NoteCase("Put the bins out on Mondays", [task("Put the bins out", "2026-11-23", every: "FREQ=WEEKLY;BYDAY=MO")]),
        NoteCase("Team lunch weekly on Monday", [task("Team lunch", "2026-11-23", every: "FREQ=WEEKLY;BYDAY=MO")]),
        NoteCase("Water the plants every Wednesday", [task("Water the plants", "2026-11-25", every: "FREQ=WEEKLY;BYDAY=WE")]),
        NoteCase("Swim every Tuesday and Thursday", [task("Swim", "2026-11-19", every: "FREQ=WEEKLY;BYDAY=TU,TH")]),
        NoteCase("Mow the lawn every other week", [task("Mow the lawn", "2026-11-18", every: "FREQ=WEEKLY;INTERVAL=2")]),
        NoteCase("Mow the lawn every two weeks", [task("Mow the lawn", "2026-11-18", every: "FREQ=WEEKLY;INTERVAL=2")]),
        NoteCase("Pay rent every month on the 1st", [task("Pay rent", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase("Pay rent on the first of every month", [task("Pay rent", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase("Back up the photos monthly", [task("Back up the photos", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase("Check the credit report monthly on the 20th", [task("Check the credit report", "2026-11-20", every: "FREQ=MONTHLY;BYMONTHDAY=20")]),
        NoteCase("Renew the membership every year", [task("Renew the membership", "2026-11-18", every: "FREQ=YEARLY")]),
        NoteCase("Service the boiler annually", [task("Service the boiler", "2026-11-18", every: "FREQ=YEARLY")]),
        NoteCase("Walk the dog every day at 8 am", [task("Walk the dog", "2026-11-19", "08:00", every: "FREQ=DAILY")]),
        NoteCase("Water the garden every day at 6 pm", [task("Water the garden", "2026-11-18", "18:00", every: "FREQ=DAILY")]),
        NoteCase("Review the sprint board every Monday at 9 am", [task("Review the sprint board", "2026-11-23", "09:00", every: "FREQ=WEEKLY;BYDAY=MO")]),
        NoteCase("Piano lesson every Wednesday at 5pm", [task("Piano lesson", "2026-11-18", "17:00", every: "FREQ=WEEKLY;BYDAY=WE")]),
        NoteCase("Change the water filter every 3 months", [task("Change the water filter", "2026-11-18", every: "FREQ=MONTHLY;INTERVAL=3")]),
    ]

    static let tagsCases: [NoteCase] = [
        NoteCase("Email the vendor for work", [task("Email the vendor", labels: ["work"])], labels: ["work"]),
        NoteCase("Buy printer ink, label it errands", [task("Buy printer ink", labels: ["errands"])]),
        NoteCase("Buy apples hashtag groceries", [task("Buy apples", labels: ["groceries"])]),
        NoteCase("Buy apples #groceries", [task("Buy apples", labels: ["groceries"])]),
        NoteCase("Fix the shelf in the home project", [task("Fix the shelf", project: "home")]),
        NoteCase("Draft the press release, project: launch", [task("Draft the press release", project: "launch")]),
        NoteCase("Draft the press release for the Launch project", [task("Draft the press release", project: "Launch")], projects: ["Launch"]),
        NoteCase("Finish the launch slides", [task("Finish the launch slides", project: "Launch")], projects: ["Launch"]),
        NoteCase("Order toner for work tomorrow", [task("Order toner", "2026-11-19", labels: ["Work"])], labels: ["Work"]),
        NoteCase("Buy coffee for the office", [task("Buy coffee for the office")]),
    ]

    static let correctionsCases: [NoteCase] = [
        NoteCase("Call Bob on Thursday, no wait, Friday", [task("Call Bob", "2026-11-20")]),
        NoteCase("Call mom tomorrow at 3, actually make it 4pm", [task("Call mom", "2026-11-19", "16:00")]),
        NoteCase("Call mom tomorrow at 3. Actually, make it 4 p.m.", [task("Call mom", "2026-11-19", "16:00")]),
        NoteCase("Email the tax forms on Friday. Change that to tomorrow.", [task("Email the tax forms", "2026-11-19")]),
        NoteCase("Book the restaurant for 7 pm, no wait, make it 8", [task("Book the restaurant", "2026-11-18", "20:00")]),
        NoteCase("Call Tom, no wait, call Jerry", [task("Call Jerry")]),
        NoteCase("Buy milk. Scratch that. Buy oat milk.", [task("Buy oat milk")]),
        NoteCase("Pay the gas bill at 3, I mean 4", [task("Pay the gas bill", "2026-11-18", "16:00")]),
        NoteCase("Call the plumber Monday. Actually make it urgent.", [task("Call the plumber", "2026-11-23", priority: .high)]),
        NoteCase("Actually make it 4pm", []),
        NoteCase("Call mom tomorrow at 3. Actually, make it five.", [task("Call mom", "2026-11-19", "17:00")]),
        NoteCase("Dinner with Ana at 7 pm, sorry, 8", [task("Dinner with Ana", "2026-11-18", "20:00")]),
        NoteCase("Pay the plumber in an hour. Change that to tomorrow at noon.", [task("Pay the plumber", "2026-11-19", "12:00")]),
    ]

    static let whisperStyleCases: [NoteCase] = [
        NoteCase(
            "Remind me to call the dentist on Friday at 3 p.m. Also buy milk tomorrow.",
            [task("Call the dentist", "2026-11-20", "15:00", at: "2026-11-20T15:00:00-05:00"), task("Buy milk", "2026-11-19")]
        ),
        NoteCase(
            " Okay, so, um, tomorrow I need to email Sarah about the budget, and then pick up the kids at 5. Thank you.",
            // The day said before the first task goes to a later one that says only a time.
            [task("Email Sarah about the budget", "2026-11-19"), task("Pick up the kids", "2026-11-19", "17:00")]
        ),
        NoteCase(
            "First, renew the car registration by the end of the month. Second, book a haircut for next Friday at 10 a.m.",
            [task("Renew the car registration", "2026-11-30"), task("Book a haircut", "2026-11-27", "10:00")]
        ),
        NoteCase(
            "Tomorrow, call mom and email Bob.",
            [task("Call mom", "2026-11-19"), task("Email Bob", "2026-11-19")]
        ),
        NoteCase(
            "Don't forget to water the plants every other week. Actually, make it daily.",
            [task("Water the plants", "2026-11-18", every: "FREQ=DAILY")]
        ),
        NoteCase(
            "I NEED TO CALL THE BANK AT 2 PM.",
            [task("CALL THE BANK", "2026-11-18", "14:00")]
        ),
        NoteCase(
            "so um yeah i gotta pick up the dry cleaning before 6 and uh grab some coffee beans",
            [task("Pick up the dry cleaning", "2026-11-18", "18:00"), task("Grab some coffee beans")]
        ),
        NoteCase(
            "Schedule the car service the day after tomorrow in the morning, low priority.",
            [task("Schedule the car service", "2026-11-20", "09:00", priority: .low)]
        ),
        NoteCase(
            "Pay the electricity bill by December 1st and text mom in half an hour.",
            [task("Pay the electricity bill", "2026-12-01"), task("Text mom", "2026-11-18", "09:30")]
        ),
        NoteCase(
            "Call the dentist at 3:00 p.m. on Friday, and book the vet next Tuesday.",
            [task("Call the dentist", "2026-11-20", "15:00"), task("Book the vet", "2026-11-24")]
        ),
        NoteCase(
            "Thank you for watching. Please subscribe.",
            []
        ),
        NoteCase(
            "Okay… buy batteries… and, uh, call the electrician tomorrow at 11.",
            [task("Buy batteries"), task("Call the electrician", "2026-11-19", "11:00")]
        ),
    ]

    @Test("priority", arguments: prioritiesCases)
    func priority(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("recurrence", arguments: recurrencesCases)
    func recurrence(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("labels and projects", arguments: tagsCases)
    func tags(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("self-corrections", arguments: correctionsCases)
    func corrections(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Whisper-style transcripts", arguments: whisperStyleCases)
    func whisper(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test func correctionWithNothingToCorrectIsADiagnostic() throws {
        let note = NoteCase("Actually make it 4pm", [])
        let result = TaskExtractor().extract(from: note.note, context: try note.context())
        #expect(result.tasks.isEmpty)
        #expect(result.diagnostics.count == 1)
    }
}
