import Testing

@testable import DocketExtraction

/// Whole notes as people dictate them to a voice assistant: lead-ins, asides, reasons, names, places, numbers that
/// are not times, lists, priorities and repeats, one to three tasks each (reference Wed 2026-11-18 09:00
/// America/New_York).
@Suite("Dictated notes")
struct DictatedNotesTests {
    /// Connectives, particles and the words around a when.
    static let whenWordCases: [NoteCase] = [
        NoteCase("need to get the snow tires put on before Thanksgiving", [task("Get the snow tires put on", "2026-11-26")]),
        NoteCase("pick up the photos at Costco after 2", [task("Pick up the photos at Costco", "2026-11-18", "14:00")]),
        NoteCase("call the cable company, the internet has been down since yesterday", [task("Call the cable company")]),
        NoteCase("book 2 tickets for the 3 pm matinee on Sunday", [task("Book 2 tickets for the 3 pm matinee", "2026-11-22")]),
        NoteCase("buy tickets for the 7:30 show on Saturday", [task("Buy tickets for the 7:30 show", "2026-11-21")]),
        NoteCase(
            "I need to get 5 copies of the report printed for the 10 am meeting",
            [task("Get 5 copies of the report printed for the 10 am meeting")]),
        NoteCase("okay so um the plumber is coming Thursday between 10 and 12", [task("The plumber is coming", "2026-11-19", "10:00")]),
        NoteCase("between 2 and 4 pm call the school", [task("Call the school", "2026-11-18", "14:00")]),
        NoteCase("call Jen at 6 tonight, not 5", [task("Call Jen", "2026-11-18", "18:00")]),
        NoteCase("I need to return the library books before they're due on the 30th", [task("Return the library books", "2026-11-30")]),
        NoteCase("renew the permit before it is due on Friday", [task("Renew the permit", "2026-11-20")]),
        NoteCase("tomorrow at 9 standup with the design team", [task("Standup with the design team", "2026-11-19", "09:00")]),
        NoteCase("um so uh call the the plumber tomorrow at like 10", [task("Call the plumber", "2026-11-19", "10:00")]),
        NoteCase("around like 4 pick up the kids", [task("Pick up the kids", "2026-11-18", "16:00")]),
        NoteCase("I feel like 4 people will come", []),
        NoteCase(
            "defrost the chicken tonight for tomorrow's dinner", [task("Defrost the chicken for tomorrow's dinner", "2026-11-18", "20:00")]),
        NoteCase("prep for Monday's meeting", [task("Prep for Monday's meeting", "2026-11-23")]),
        NoteCase("print Friday's agenda", [task("Print Friday's agenda", "2026-11-20")]),
        NoteCase("finish yesterday's report", [task("Finish yesterday's report")]),
        NoteCase("look into flights to Denver for the week of December 14th", [task("Look into flights to Denver", "2026-12-14")]),
        NoteCase("plan the offsite for the week of the 9th", [task("Plan the offsite", "2026-12-07")]),
        NoteCase("week of Jan 4 start the new diet", [task("Start the new diet", "2027-01-04")]),
    ]

    /// "Move X from A to B": A and B say what to change, and stay in the title.
    static let moveCases: [NoteCase] = [
        NoteCase(
            "reschedule the haircut from Thursday to next Wednesday at 4", [task("Reschedule the haircut from Thursday to next Wednesday at 4")]),
        NoteCase("move the dentist appointment to next Friday", [task("Move the dentist appointment to next Friday")]),
        NoteCase("push the team sync to 3 pm", [task("Push the team sync to 3 pm")]),
        NoteCase("tell Sam the meeting moved to Thursday", [task("Tell Sam the meeting moved to Thursday")]),
        NoteCase("call the salon tomorrow to move my haircut to Friday", [task("Call the salon to move my haircut to Friday", "2026-11-19")]),
        NoteCase("postpone the call with Dana until next week", [task("Postpone the call with Dana until next week")]),
        NoteCase("change the oil by Friday", [task("Change the oil", "2026-11-20")]),
        NoteCase("let the team know the deadline is Friday", [task("Let the team know the deadline is Friday")]),
        NoteCase("tell Sam the party is on Saturday", [task("Tell Sam the party is on Saturday")]),
        NoteCase("text mom that I'll be late tonight", [task("Text mom that I'll be late", "2026-11-18", "20:00")]),
    ]

    @Test("moving something in time", arguments: moveCases)
    func moving(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("words around a when", arguments: whenWordCases)
    func whenWords(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Splitting a note into its tasks.
    static let splittingCases: [NoteCase] = [
        NoteCase(
            "first, email the client, second, update the budget spreadsheet, and third, call Mike",
            [task("Email the client"), task("Update the budget spreadsheet"), task("Call Mike")])
    ]

    /// A verb that is also a noun, before a bare noun: a new action, unless the two name one thing.
    static let bareObjectCases: [NoteCase] = [
        NoteCase("call mom tonight and book tickets", [task("Call mom", "2026-11-18", "20:00"), task("Book tickets")]),
        NoteCase("buy milk tomorrow and water bottles on Friday", [task("Buy milk and water bottles", "2026-11-19")]),
        NoteCase("buy potting soil and water plants", [task("Buy potting soil"), task("Water plants")]),
        NoteCase("buy dish soap and clean towels", [task("Buy dish soap and clean towels")]),
        NoteCase("pick up the kids, cook dinner, and fold the laundry", [task("Pick up the kids"), task("Cook dinner"), task("Fold the laundry")]),
        NoteCase("buy a notebook, book covers and pens", [task("Buy a notebook, book covers and pens")]),
    ]

    @Test("a verb that is also a noun", arguments: bareObjectCases)
    func bareObjects(_ note: NoteCase) throws { try expectExtraction(note) }

    /// "The night before", "a week before": counted from the day of the task said before.
    static let anchoredCases: [NoteCase] = [
        NoteCase(
            "next Tuesday at 10 I have a call with the bank, prepare the paperwork the night before",
            [task("I have a call with the bank", "2026-11-24", "10:00"), task("Prepare the paperwork", "2026-11-23", "20:00")]),
        NoteCase("the quarterly taxes are due January 15th, remind me a week before", [task("The quarterly taxes are due", "2027-01-08")]),
        NoteCase(
            "my mom's surgery is on December 3rd, cook meals for her the day before",
            [task("My mom's surgery", "2026-12-03"), task("Cook meals for her", "2026-12-02")]),
        NoteCase(
            "flight to Denver on Friday at 7 am. Check in online the day before.",
            [task("Flight to Denver", "2026-11-20", "07:00"), task("Check in online", "2026-11-19")]),
        NoteCase("remind me that the car payment is due on the 20th", [task("The car payment is due", "2026-11-20")]),
        NoteCase(
            "so the car needs an oil change, schedule it for next Saturday morning", [task("The car needs an oil change", "2026-11-28", "09:00")]),
        NoteCase("the gutters need cleaning, do it this weekend", [task("The gutters need cleaning", "2026-11-21")]),
        NoteCase("pack the night before the trip", [task("Pack the night before the trip")]),
    ]

    @Test("a day counted from the task before", arguments: anchoredCases)
    func anchored(_ note: NoteCase) throws { try expectExtraction(note) }

    /// A when said before the first task of a sentence goes to the later ones that say none.
    static let leadingWhenCases: [NoteCase] = [
        NoteCase(
            "okay so tomorrow I need to pick up the kids at three fifteen and then grab groceries on the way home",
            [task("Pick up the kids", "2026-11-19", "15:15"), task("Grab groceries on the way home", "2026-11-19")]),
        NoteCase(
            "tonight I need to pack for the trip and charge the camera batteries",
            [task("Pack for the trip", "2026-11-18", "20:00"), task("Charge the camera batteries", "2026-11-18", "20:00")]),
        NoteCase("remind me tomorrow to call mom and then buy milk", [task("Call mom", "2026-11-19"), task("Buy milk", "2026-11-19")]),
        NoteCase("Tomorrow call mom. Buy milk.", [task("Call mom", "2026-11-19"), task("Buy milk")]),
    ]

    @Test("a when before the first task", arguments: leadingWhenCases)
    func leadingWhen(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Reasons and comments after a comma are not part of the title; a message is.
    static let commentCases: [NoteCase] = [
        NoteCase("Email the teacher, Liam missed class", [task("Email the teacher")]),
        NoteCase("buy granola bars, the kids need snacks", [task("Buy granola bars")]),
        NoteCase("email Jenny the photos from the trip, she asked twice", [task("Email Jenny the photos from the trip")]),
        NoteCase("text the babysitter, we'll be late", [task("Text the babysitter, we'll be late")]),
        NoteCase("buy dog food, we're almost out", [task("Buy dog food")]),
        NoteCase("order a new phone charger, mine is broken", [task("Order a new phone charger")]),
        NoteCase("refill the prescription at CVS, only 2 pills left", [task("Refill the prescription at CVS")]),
        NoteCase("clean the fridge, it's starting to smell", [task("Clean the fridge")]),
        NoteCase(
            "take the car in for service on Monday at 8 am, it's making a weird noise",
            [task("Take the car in for service", "2026-11-23", "08:00")]),
        NoteCase(
            "I should call the pediatrician about Mia's cough, it's getting worse", [task("Call the pediatrician about Mia's cough")]),
        NoteCase("call dad every Sunday evening, he gets lonely", [task("Call dad", "2026-11-22", "18:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
    ]

    @Test("comments after a comma", arguments: commentCases)
    func commentsAfterComma(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Lead-ins before a clause with its own subject.
    static let clauseLeadInCases: [NoteCase] = [
        NoteCase("don't forget the recycling goes out on Monday", [task("The recycling goes out", "2026-11-23")]),
        NoteCase("don't forget that Sam's flight lands at 6", [task("Sam's flight lands", "2026-11-18", "18:00")]),
        NoteCase("remember that the car payment is due on the 20th", [task("The car payment is due", "2026-11-20")]),
        NoteCase("don't forget the receipts", [task("Don't forget the receipts")]),
        NoteCase("note to self, the wifi password is on the fridge", []),
        NoteCase("note to self, ask Priya about the budget", [task("Ask Priya about the budget")]),
        NoteCase("I really need to clean the garage at some point, no rush", [task("Clean the garage", priority: .low)]),
    ]

    @Test("a lead-in before a clause", arguments: clauseLeadInCases)
    func clauseLeadIns(_ note: NoteCase) throws { try expectExtraction(note) }

    /// A short phrase said before the lead-in goes after the action.
    static let frontedCases: [NoteCase] = [
        NoteCase(
            "so for the party on Saturday I need to buy balloons, napkins and a cake",
            [task("Buy balloons, napkins and a cake for the party", "2026-11-21")]),
        NoteCase("remind me twice a week to water the ferns", [task("Water the ferns twice a week")]),
        NoteCase("for the bake sale, I need to make cupcakes", [task("Make cupcakes for the bake sale")]),
        NoteCase("before the meeting, print the agenda", [task("Print the agenda before the meeting")]),
        NoteCase("after work I have to pick up the kids", [task("Pick up the kids after work")]),
    ]

    @Test("a phrase before the lead-in", arguments: frontedCases)
    func fronted(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("splitting", arguments: splittingCases)
    func splitting(_ note: NoteCase) throws { try expectExtraction(note) }
}
