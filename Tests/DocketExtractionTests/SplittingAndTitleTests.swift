import Testing

@testable import DocketExtraction

/// Splitting a note into tasks, chatter, and title clean-up (reference Wed 2026-11-18 09:00 New York).
@Suite("Splitting, chatter and titles")
struct SplittingAndTitleTests {
    static let splittingCases: [NoteCase] = [
        NoteCase("buy milk and call mom", [task("Buy milk"), task("Call mom")]),
        NoteCase("buy milk, bread and eggs", [task("Buy milk, bread and eggs")]),
        NoteCase("Buy milk. Call mom.", [task("Buy milk"), task("Call mom")]),
        NoteCase("Buy milk also call mom", [task("Buy milk"), task("Call mom")]),
        NoteCase("Buy milk and also call mom", [task("Buy milk"), task("Call mom")]),
        NoteCase("Pick up the dry cleaning and then feed the cat", [task("Pick up the dry cleaning"), task("Feed the cat")]),
        NoteCase("Email the landlord then pay rent", [task("Email the landlord"), task("Pay rent")]),
        NoteCase("Book flights plus renew the car insurance", [task("Book flights"), task("Renew the car insurance")]),
        NoteCase("Clean the garage. Next, fix the fence.", [task("Clean the garage"), task("Fix the fence")]),
        NoteCase("Call the bank. Another thing, cancel the gym membership.", [task("Call the bank"), task("Cancel the gym membership")]),
        NoteCase("First, buy stamps. Second, mail the package.", [task("Buy stamps"), task("Mail the package")]),
        NoteCase("Firstly order the cake, secondly send the invitations", [task("Order the cake"), task("Send the invitations")]),
        NoteCase("Number one, call the plumber. Number two, buy a new filter.", [task("Call the plumber"), task("Buy a new filter")]),
        NoteCase("Buy milk, call mom", [task("Buy milk"), task("Call mom")]),
        NoteCase("Buy milk and water", [task("Buy milk and water")]),
        NoteCase("Buy milk and water the plants", [task("Buy milk"), task("Water the plants")]),
        NoteCase("Buy soap and clean towels", [task("Buy soap and clean towels")]),
        NoteCase("Buy stamps and email Sarah the photos", [task("Buy stamps"), task("Email Sarah the photos")]),
        NoteCase("Call mom and dad", [task("Call mom and dad")]),
        NoteCase("Remind me to call mom and to buy milk", [task("Call mom"), task("Buy milk")]),
        NoteCase("Buy milk and I also need to return the library books", [task("Buy milk"), task("Return the library books")]),
        NoteCase("I also need to buy a charger", [task("Buy a charger")]),
        NoteCase("Buy milk, eggs, and bread, and pick up the kids", [task("Buy milk, eggs, and bread"), task("Pick up the kids")]),
        NoteCase("Check the oil and the tire pressure", [task("Check the oil and the tire pressure")]),
    ]

    static let chatterCases: [NoteCase] = [
        .none("Okay."),
        .none("So."),
        .none("Let me think."),
        .none("That's it."),
        .none("Thanks."),
        .none("Thank you."),
        .none("Bye."),
        .none("Thank you for watching"),
        .none("Thanks for watching!"),
        .none("you"),
        .none("Subtitles by the Amara.org community"),
        .none(""),
        .none("   "),
        .none("Um, uh, okay, so."),
        NoteCase("Okay so let me think. Buy milk. That's it, thanks.", [task("Buy milk")]),
        NoteCase("Buy milk. Thank you for watching!", [task("Buy milk")]),
        NoteCase("Call mom, thanks", [task("Call mom")]),
    ]

    static let titlesCases: [NoteCase] = [
        NoteCase("remind me to call the dentist", [task("Call the dentist")]),
        NoteCase("I need to renew my passport", [task("Renew my passport")]),
        NoteCase("I have to finish the slides", [task("Finish the slides")]),
        NoteCase("I've got to get a haircut", [task("Get a haircut")]),
        NoteCase("I should back up my laptop", [task("Back up my laptop")]),
        NoteCase("We need to book the venue", [task("Book the venue")]),
        NoteCase("Don't forget to take the bins out", [task("Take the bins out")]),
        NoteCase("Make sure to lock the back door", [task("Lock the back door")]),
        NoteCase("Make sure I send the invoice", [task("Send the invoice")]),
        NoteCase("Add a task to review the contract", [task("Review the contract")]),
        NoteCase("Add buy batteries", [task("Buy batteries")]),
        NoteCase("Todo: clean out the fridge", [task("Clean out the fridge")]),
        NoteCase("Note to self, ask Priya about the offsite", [task("Ask Priya about the offsite")]),
        NoteCase("Um, I need to, uh, call the vet", [task("Call the vet")]),
        NoteCase("So basically I need to fix the sink", [task("Fix the sink")]),
        NoteCase("I need to, you know, talk to Sam about the lease", [task("Talk to Sam about the lease")]),
        NoteCase("Buy, like, three bags of rice", [task("Buy three bags of rice")]),
        NoteCase("Okay, so, remind me to pick up the prescription on the way home", [task("Pick up the prescription on the way home")]),
        NoteCase("I really need to call the insurance company.", [task("Call the insurance company")]),
        NoteCase("Can you remind me to defrost the chicken", [task("Defrost the chicken")]),
        NoteCase("Call Dr. Patel about the results", [task("Call Dr. Patel about the results")]),
        NoteCase("Buy an iPhone charger", [task("Buy an iPhone charger")]),
        NoteCase("call O'Brien's office", [task("Call O'Brien's office")]),
        NoteCase("Remind me tomorrow to call the bank", [task("Call the bank", "2026-11-19")]),
        NoteCase("Remind me in an hour to check the oven", [task("Check the oven", "2026-11-18", "10:00", at: "2026-11-18T10:00:00-05:00")]),
        NoteCase("Make it to the post office by 5", [task("Make it to the post office", "2026-11-18", "17:00")]),
        NoteCase("Wait for the plumber tomorrow", [task("Wait for the plumber", "2026-11-19")]),
        NoteCase("Talk to Bob about Friday", [task("Talk to Bob about Friday")]),
    ]

    @Test("splitting", arguments: splittingCases)
    func splits(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("chatter gives no task", arguments: chatterCases)
    func dropsChatter(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("titles", arguments: titlesCases)
    func titles(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test func sourceTextIsTheTaskWords() throws {
        let note = NoteCase("Remind me to call the dentist on Friday at 3 p.m. Also buy milk tomorrow.", [])
        let tasks = TaskExtractor().extract(from: note.note, context: try note.context()).tasks
        #expect(tasks.map(\.sourceText) == ["Remind me to call the dentist on Friday at 3 p.m.", "buy milk tomorrow"])
    }
}
