import Testing

@testable import DocketExtraction

/// Holidays that are a name's part or a weekend, a period's end that names a thing, dotted days after "on", and parts of
/// the day said early, in the middle or late (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Named days and shades of the day")
struct NamedDaysAndShadesTests {
    static let notes: [NoteCase] = [
        // A holiday that is a name's part sets no day, and its weekday is no day either.
        NoteCase("Easter Sunday brunch with the family", [task("Easter Sunday brunch with the family")]),
        NoteCase("Good Friday service at church", [task("Good Friday service at church")]),
        NoteCase("check the Black Friday deals", [task("Check the Black Friday deals")]),
        NoteCase("bring a pie to grandma on Easter Sunday", [task("Bring a pie to grandma", "2027-03-28")]),
        // A holiday's weekend: the Saturday of the weekend it falls in, or before a Monday holiday.
        NoteCase("go camping over Memorial Day weekend", [task("Go camping", "2027-05-29")]),
        NoteCase("drive to the lake Labor Day weekend", [task("Drive to the lake", "2027-09-04")]),
        NoteCase("visit my parents on Thanksgiving weekend", [task("Visit my parents", "2026-11-28")]),
        NoteCase("paint the fence over the Easter weekend", [task("Paint the fence", "2027-03-27")]),
        NoteCase("plan the Memorial Day weekend trip", [task("Plan the Memorial Day weekend trip")]),
        // A period's end that names a thing keeps its words.
        NoteCase("finish the year-end report", [task("Finish the year-end report")]),
        NoteCase("prepare our month-end close", [task("Prepare our month-end close")]),
        NoteCase("send the invoices before the year end", [task("Send the invoices", "2026-12-31")]),
        NoteCase("file the expenses by month-end", [task("File the expenses", "2026-11-30")]),
        // A dotted day and month after "on", day first.
        NoteCase("renew the parking permit on 3.12", [task("Renew the parking permit", "2026-12-03")]),
        NoteCase("pay the invoice on 19.11.", [task("Pay the invoice", "2026-11-19")]),
        NoteCase("leave for the airport at 7.30", [task("Leave for the airport", "2026-11-19", "07:30")]),
        // Parts of the day said early, in the middle or late.
        NoteCase("ring the bakery mid-morning", [task("Ring the bakery", "2026-11-18", "10:00")]),
        NoteCase("water the garden early in the morning", [task("Water the garden", "2026-11-19", "07:00")]),
        NoteCase("collect the dry cleaning late afternoon", [task("Collect the dry cleaning", "2026-11-18", "17:00")]),
        NoteCase("phone the landlord in the early afternoon", [task("Phone the landlord", "2026-11-18", "13:00")]),
        NoteCase("check on the bread dough late morning tomorrow", [task("Check on the bread dough", "2026-11-19", "11:00")]),
        NoteCase("lock the shed late tonight", [task("Lock the shed", "2026-11-18", "22:00")]),
        NoteCase("email Dana late Friday afternoon", [task("Email Dana", "2026-11-20", "17:00")]),
        NoteCase("send the slides Thursday late evening", [task("Send the slides", "2026-11-19", "21:00")]),
        NoteCase("meet Priya late morning at 11:30", [task("Meet Priya", "2026-11-18", "11:30")]),
        // Not a time: a shade naming a thing, or "late" said of someone.
        NoteCase("sign up for the early morning yoga class", [task("Sign up for the early morning yoga class")]),
        NoteCase("tell Sam I'll be late tonight", [task("Tell Sam I'll be late", "2026-11-18", "20:00")]),
        NoteCase("work late tonight on the budget", [task("Work late on the budget", "2026-11-18", "20:00")]),
    ]

    /// A verb said once for two things, each with its own when.
    static let sharedVerbNotes: [NoteCase] = [
        NoteCase("phone grandma at 4 and uncle Joe at 7 pm", [task("Phone grandma", "2026-11-18", "16:00"), task("Phone uncle Joe", "2026-11-18", "19:00")]),
        NoteCase(
            "renew the car insurance by Friday and the passport by the 15th",
            [task("Renew the car insurance", "2026-11-20"), task("Renew the passport", "2026-12-15")]),
        NoteCase("reserve a court for Saturday and a table for Sunday", [task("Reserve a court", "2026-11-21"), task("Reserve a table", "2026-11-22")]),
        NoteCase("drop off Maya at 10 and Leo at 11", [task("Drop off Maya", "2026-11-18", "10:00"), task("Drop off Leo", "2026-11-18", "11:00")]),
        NoteCase(
            "we need to pay the plumber on Monday and the electrician on Thursday",
            [task("Pay the plumber", "2026-11-23"), task("Pay the electrician", "2026-11-19")]),
        NoteCase(
            "write to the bank tomorrow and the insurer next Monday", [task("Write to the bank", "2026-11-19"), task("Write to the insurer", "2026-11-23")]),
        // Not two tasks: one when for both, a second day for the same thing, or a thing with no when of its own.
        NoteCase("order the cake and the balloons by Thursday", [task("Order the cake and the balloons", "2026-11-19")]),
        NoteCase("clean the gutters on Saturday and Sunday", [task("Clean the gutters", "2026-11-21")]),
        NoteCase("pick up Anna at 3 and the dry cleaning", [task("Pick up Anna and the dry cleaning", "2026-11-18", "15:00")]),
    ]

    /// How a recogniser writes: a day after "p.m.", "p. m." with a space, a hyphenated priority, "like" as a filler.
    static let writtenNotes: [NoteCase] = [
        NoteCase("Ring the garage at 4 p.m. Friday, please.", [task("Ring the garage", "2026-11-20", "16:00")]),
        NoteCase("Meet Dana at 2 p.m. Thursday at the library.", [task("Meet Dana at the library", "2026-11-19", "14:00")]),
        NoteCase("Call the notary at 10 a.m. December 3rd about the deed.", [task("Call the notary about the deed", "2026-12-03", "10:00")]),
        NoteCase("Call the vet at 4 p.m. Then feed the cat.", [task("Call the vet", "2026-11-18", "16:00"), task("Feed the cat")]),
        NoteCase("Text Omar at 5 p. m.", [task("Text Omar", "2026-11-18", "17:00")]),
        NoteCase("Wake up the kids at 6 a. m. tomorrow.", [task("Wake up the kids", "2026-11-19", "06:00")]),
        NoteCase("File the claim, high-priority, Friday.", [task("File the claim", "2026-11-20", priority: .high)]),
        NoteCase("Sort the garage, low-priority.", [task("Sort the garage", priority: .low)]),
        NoteCase("Um, like, email Ravi, you know, about the invoice.", [task("Email Ravi about the invoice")]),
        NoteCase("Like, pick up the parcel tomorrow.", [task("Pick up the parcel", "2026-11-19")]),
        NoteCase("Invite Sam and, like, Jo.", [task("Invite Sam and Jo")]),
    ]

    /// Several tasks, each with a when said before it after "and", and clauses that open with "so" or "stop by".
    static let whenBeforeEachNotes: [NoteCase] = [
        NoteCase(
            "In 20 minutes, stir the soup, and in an hour, turn off the oven.",
            [task("Stir the soup", "2026-11-18", "09:20"), task("Turn off the oven", "2026-11-18", "10:00")]),
        NoteCase(
            "At 10 a.m. join the standup and at 2 p.m. review the contract.",
            [task("Join the standup", "2026-11-18", "10:00"), task("Review the contract", "2026-11-18", "14:00")]),
        NoteCase(
            "Remind me in an hour to move the car, and in two hours to feed the baby.",
            [task("Move the car", "2026-11-18", "10:00"), task("Feed the baby", "2026-11-18", "11:00")]),
        NoteCase(
            "First thing tomorrow, print the tickets, and at lunchtime go to the post office.",
            [task("Print the tickets", "2026-11-19", "09:00"), task("Go to the post office", "2026-11-19", "12:00")]),
        NoteCase("It's freezing out, so put the car in the garage.", [task("Put the car in the garage")]),
        NoteCase("Fill up the tank on the way home and stop by the pharmacy.", [task("Fill up the tank on the way home"), task("Stop by the pharmacy")]),
        NoteCase(
            "Call the gym about the fee, it's way too much, and dispute the charge.",
            [task("Call the gym about the fee"), task("Dispute the charge")]),
        // Still one task: the "and" is inside the when.
        NoteCase("between 1 and 3 pm ring the school", [task("Ring the school", "2026-11-18", "13:00")]),
    ]

    /// A later sentence that says only a time is on the day said before the first task.
    static let laterSentenceNotes: [NoteCase] = [
        NoteCase(
            "Tomorrow at 2 p.m., meet the new tenant. At 4:30, send the lease to Omar.",
            [task("Meet the new tenant", "2026-11-19", "14:00"), task("Send the lease to Omar", "2026-11-19", "16:30")]),
        NoteCase(
            "On Friday, mow the lawn. Then in the evening, light the grill.",
            [task("Mow the lawn", "2026-11-20"), task("Light the grill", "2026-11-20", "18:00")]),
        // A day said after its task sets no day for the sentences after it, and "in an hour" counts from now.
        NoteCase("Call the school tomorrow. At 5 buy milk.", [task("Call the school", "2026-11-19"), task("Buy milk", "2026-11-18", "17:00")]),
        NoteCase("Tomorrow, call Bob. In an hour, buy milk.", [task("Call Bob", "2026-11-19"), task("Buy milk", "2026-11-18", "10:00")]),
    ]

    @Test("A later sentence with only a time", arguments: laterSentenceNotes)
    func laterSentence(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Lead-ins of obligation, small hours of a night, and a weekday before a holiday.
    static let leadInAndNightNotes: [NoteCase] = [
        NoteCase("I'm supposed to take the ladder back to Jim", [task("Take the ladder back to Jim")]),
        NoteCase("I've been meaning to fix the squeaky door", [task("Fix the squeaky door")]),
        NoteCase("I've gotta renew my library card", [task("Renew my library card")]),
        NoteCase("make a note to ask about the warranty", [task("Ask about the warranty")]),
        NoteCase("be sure to lock the back door tonight", [task("Lock the back door", "2026-11-18", "20:00")]),
        NoteCase("check the server at 1 tonight", [task("Check the server", "2026-11-19", "01:00")]),
        NoteCase("pick up Mia from the party at 2 am tonight", [task("Pick up Mia from the party", "2026-11-19", "02:00")]),
        NoteCase("mail the cards the last Friday before Christmas", [task("Mail the cards", "2026-12-18")]),
    ]

    @Test("Lead-ins of obligation, small hours, a weekday before a holiday", arguments: leadInAndNightNotes)
    func leadInAndNight(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Repetitions said in more ways, and lists, priorities and days around them.
    static let repetitionNotes: [NoteCase] = [
        NoteCase("book club monthly on the 2nd Thursday", [task("Book club", "2026-12-10", every: "FREQ=MONTHLY;BYDAY=2TH")]),
        NoteCase("every month on the last Friday clean the fridge", [task("Clean the fridge", "2026-11-27", every: "FREQ=MONTHLY;BYDAY=-1FR")]),
        NoteCase("every 3rd day check the compost", [task("Check the compost", "2026-11-18", every: "FREQ=DAILY;INTERVAL=3")]),
        NoteCase("every second week on Friday pay the cleaner", [task("Pay the cleaner", "2026-11-20", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")]),
        NoteCase(
            "every Monday through Friday at 8 walk Rex", [task("Walk Rex", "2026-11-19", "08:00", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("every Tue and Thu water the orchids", [task("Water the orchids", "2026-11-19", every: "FREQ=WEEKLY;BYDAY=TU,TH")]),
        NoteCase("read to Ella on weeknights", [task("Read to Ella", "2026-11-18", "20:00", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("service the boiler every other year", [task("Service the boiler", "2026-11-18", every: "FREQ=YEARLY;INTERVAL=2")]),
        NoteCase("every half hour check the oven", [task("Check the oven", "2026-11-18", "09:30", every: "FREQ=MINUTELY;INTERVAL=30")]),
        NoteCase(
            "feed the cat every evening except Saturday",
            [task("Feed the cat", "2026-11-18", "18:00", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SU")]),
        NoteCase("every weekday except Monday stand up at 10", [task("Stand up", "2026-11-18", "10:00", every: "FREQ=WEEKLY;BYDAY=TU,WE,TH,FR")]),
        NoteCase(
            "every year on the second Sunday of May call mom", [task("Call mom", "2027-05-09", every: "FREQ=YEARLY;BYMONTH=5;BYDAY=2SU")]),
        NoteCase("light the candle every Sunday through Christmas", [task("Light the candle", "2026-11-22", every: "FREQ=WEEKLY;BYDAY=SU;UNTIL=20261225")]),
        NoteCase("biweekly budget review on Thursdays", [task("Budget review", "2026-11-19", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH")]),
        NoteCase(
            "every other week on Tuesday and Friday mop the floors",
            [task("Mop the floors", "2026-11-20", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR")]),
        NoteCase("every 2nd and 4th Tuesday of the month recycle", [task("Recycle", "2026-11-24", every: "FREQ=MONTHLY;BYDAY=2TU,4TU")]),
        NoteCase("scouts on the 1st and 3rd Friday of every month", [task("Scouts", "2026-11-20", every: "FREQ=MONTHLY;BYDAY=1FR,3FR")]),
        NoteCase("every last day of the month file the receipts", [task("File the receipts", "2026-11-30", every: "FREQ=MONTHLY;BYMONTHDAY=-1")]),
        NoteCase("every Sunday in December light the advent candle", [task("Light the advent candle", "2026-12-06", every: "FREQ=WEEKLY;BYMONTH=12;BYDAY=SU")]),
        NoteCase("someday learn to juggle", [task("Learn to juggle", priority: .low)]),
        NoteCase("whenever you get a chance, oil the hinges", [task("Oil the hinges", priority: .low)]),
        NoteCase("add oat milk and bagels to the shopping list", [task("Oat milk and bagels")]),
        NoteCase("put AA batteries on my list", [task("AA batteries")]),
        NoteCase("add Priya to the guest list", [task("Add Priya to the guest list")]),
        NoteCase("set up the tree the morning after Thanksgiving", [task("Set up the tree", "2026-11-27", "09:00")]),
    ]

    /// Restarts, chatter before a pause, a noun fused with "is", and a day said before the first of two tasks.
    static let spokenShapesNotes: [NoteCase] = [
        NoteCase("renew, um, renew the gym pass", [task("Renew the gym pass")]),
        NoteCase("order the cake, then, uh, let me think, ice the cupcakes", [task("Order the cake"), task("Ice the cupcakes")]),
        NoteCase("The sink's leaking again, call the plumber.", [task("Call the plumber")]),
        NoteCase(
            "Tomorrow morning print the forms and at noon drop them at city hall.",
            [task("Print the forms", "2026-11-19", "09:00"), task("Drop them at city hall", "2026-11-19", "12:00")]),
        NoteCase("I'm supposed to call the insurer tomorrow", [task("Call the insurer", "2026-11-19")]),
        NoteCase("book the venue for work", [task("Book the venue", labels: ["work"])]),
        NoteCase("send the timesheet for work by Friday at noon", [task("Send the timesheet", "2026-11-20", "12:00", labels: ["work"])]),
        NoteCase("On Thanksgiving call the Hendersons.", [task("Call the Hendersons", "2026-11-26")]),
        NoteCase("Call the garage, the car's making that noise again.", [task("Call the garage")]),
        NoteCase("Stretch every day except Sunday.", [task("Stretch", "2026-11-18", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA")]),
        NoteCase(
            "In 20 minutes stir the risotto, and in an hour and a half take the bread out.",
            [task("Stir the risotto", "2026-11-18", "09:20"), task("Take the bread out", "2026-11-18", "10:30")]),
        NoteCase("home task: fix the gate", [task("Fix the gate", labels: ["home"])]),
        NoteCase("get the kids ready for school at 7", [task("Get the kids ready for school", "2026-11-19", "07:00")]),
    ]

    @Test("Restarts, chatter, fused is and a shared day", arguments: spokenShapesNotes)
    func spokenShapes(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Repetitions, lists and priorities said in more ways", arguments: repetitionNotes)
    func repetitions(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Words the newer rules must leave alone.
    static let leftAloneNotes: [NoteCase] = [
        NoteCase("meet Joe at 5th and Main at noon", [task("Meet Joe at 5th and Main", "2026-11-18", "12:00")]),
        NoteCase("book flights for Christmas weekend", [task("Book flights for Christmas weekend")]),
        NoteCase("look for work", [task("Look for work")]),
        NoteCase("draft the quarterly plan for work", [task("Draft the quarterly plan", labels: ["work"])]),
        NoteCase("apply for school", [task("Apply for school")]),
        NoteCase("check every 3rd page of the contract", [task("Check every 3rd page of the contract")]),
        NoteCase("add Jake to the list", [task("Add Jake to the list")]),
        NoteCase("put your name on the list", [task("Put your name on the list")]),
        NoteCase("Yesterday I forgot to call Jim. At 3 call him.", [task("Call Jim", "2026-11-17"), task("Call him", "2026-11-18", "15:00")]),
        NoteCase("on the 5th call the vet", [task("Call the vet", "2026-12-05")]),
        NoteCase("swim Monday through Friday at 6 am", [task("Swim", "2026-11-23", "06:00")]),
        NoteCase("On Halloween carve the pumpkins", [task("Carve the pumpkins", "2027-10-31")]),
        NoteCase("finish the slides and on Thursday rehearse them", [task("Finish the slides"), task("Rehearse them", "2026-11-19")]),
        NoteCase("buy batteries and light bulbs", [task("Buy batteries and light bulbs")]),
    ]

    @Test("Words the newer rules leave alone", arguments: leftAloneNotes)
    func leftAlone(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Room talk that asks for nothing.
    static let notTasks: [String] = [
        "Thanks so much, I appreciate it.", "Goodnight.", "Love you, goodnight.", "No worries at all.", "Let me think about it.",
        "I think the red one looks nicer.", "The second one looks better.", "Rerouting.", "Ask your doctor if it's right for you.",
        "Hit the bell so you never miss an episode.", "Previously on the show.", "Don't miss the season finale Sunday night.",
        "Dinner's ready.", "The kettle's boiling.", "It's supposed to rain on Friday.", "Early evening is when the baby fusses.",
        "Late afternoon traffic was terrible.",
    ]

    @Test("A when before each task after and", arguments: whenBeforeEachNotes)
    func whenBeforeEach(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Room talk that asks for nothing", arguments: notTasks)
    func notATask(_ note: String) throws { try expectExtraction(NoteCase(note, [])) }

    @Test("How a recogniser writes times, priorities and fillers", arguments: writtenNotes)
    func written(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Holidays, period ends, dotted days and shades of the day", arguments: notes)
    func read(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("A verb said once for two things with their own whens", arguments: sharedVerbNotes)
    func sharedVerb(_ note: NoteCase) throws { try expectExtraction(note) }
}
