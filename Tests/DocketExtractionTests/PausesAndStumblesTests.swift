import Testing

@testable import DocketExtraction

/// What a recogniser writes at a speaker's pauses and stumbles, clock times it writes without a colon, and commands said
/// to someone else in the room (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Pauses, stumbles and commands to others")
struct PausesAndStumblesTests {
    /// A clock time with its colon left out, and a part of the day said after a bare hour.
    static let clockNotes: [NoteCase] = [
        NoteCase("Book a table for four on Saturday 730 pm.", [task("Book a table for four", "2026-11-21", "19:30")]),
        NoteCase("start the dishwasher at 745 pm", [task("Start the dishwasher", "2026-11-18", "19:45")]),
        NoteCase("call the clinic at 830 am", [task("Call the clinic", "2026-11-19", "08:30")]),
        NoteCase("call mom at 1130 tonight", [task("Call mom", "2026-11-18", "23:30")]),
        NoteCase("feed the dog at 530 in the evening", [task("Feed the dog", "2026-11-18", "17:30")]),
        NoteCase("standup at 0930 tomorrow", [task("Standup", "2026-11-19", "09:30")]),
        NoteCase("Call mom at 9. Tonight.", [task("Call mom", "2026-11-18", "21:00")]),
        NoteCase("Pick up Leo at 3. Tomorrow afternoon.", [task("Pick up Leo", "2026-11-19", "15:00")]),
        NoteCase("tennis sat at 10", [task("Tennis", "2026-11-21", "10:00")]),
        NoteCase("call the plumber to-morrow", [task("Call the plumber", "2026-11-19")]),
        NoteCase("At the latest by 6, call the caterer.", [task("Call the caterer", "2026-11-18", "18:00")]),
        // Numbers that stay words.
        NoteCase("Merge pull request 1145 this afternoon.", [task("Merge pull request 1145", "2026-11-18", "15:00")]),
        NoteCase("read chapter 730 pm", [task("Read chapter 730 pm")]),
        NoteCase("we sat at 10", []),
        NoteCase("Review pull request 1145 tonight.", [task("Review pull request 1145", "2026-11-18", "20:00")]),
        NoteCase("Board flight 1130 tonight at 9.", [task("Board flight 1130", "2026-11-18", "21:00")]),
        NoteCase("Call extension 730 pm tomorrow.", [task("Call extension 730 pm", "2026-11-19")]),
        NoteCase("Call the inspector, his number is 555 0142, about the footing inspection.", [task("Call the inspector")]),
        NoteCase(
            "Do the stats homework, problems 3.1 through 3.14, by Friday at midnight.",
            [task("Do the stats homework, problems 3.1 through 3.14", "2026-11-21", "00:00")]),
    ]

    /// Fillers, words said again, corrections and full stops where the speaker only paused.
    static let pauseNotes: [NoteCase] = [
        NoteCase("Call the plumber at 5, uh, no, 6.", [task("Call the plumber", "2026-11-18", "18:00")]),
        NoteCase("Call the plumber on Tuesday, uh, no, Wednesday.", [task("Call the plumber", "2026-11-25")]),
        NoteCase("Remind me at 5, uh, no, 6 to start dinner.", [task("Start dinner", "2026-11-18", "18:00")]),
        NoteCase("Remind me Friday, no, Saturday to buy stamps.", [task("Buy stamps", "2026-11-21")]),
        NoteCase("Um, I have to get, uh, get the oil changed in the Honda on Monday.", [task("Get the oil changed in the Honda", "2026-11-23")]),
        NoteCase("We need to book, uh, book the flights tomorrow", [task("Book the flights", "2026-11-19")]),
        NoteCase("I need to call, call the bank", [task("Call the bank")]),
        NoteCase("Uh, pick up the, uh, dry cleaning at 4 pm.", [task("Pick up the dry cleaning", "2026-11-18", "16:00")]),
        NoteCase("buy a, um, birthday card for my… sister", [task("Buy a birthday card for my sister")]),
        NoteCase("So, um, schedule the, uh, the furnace inspection for, like, next Tuesday.", [task("Schedule the furnace inspection", "2026-11-24")]),
        NoteCase("Pay the gas bill by, like, Friday", [task("Pay the gas bill", "2026-11-20")]),
        NoteCase("order a cake for like Saturday", [task("Order a cake", "2026-11-21")]),
        NoteCase("Meet Dana at, like, 3.", [task("Meet Dana", "2026-11-18", "15:00")]),
        NoteCase("Book a table for, like, 10 people on Friday.", [task("Book a table for 10 people", "2026-11-20")]),
        NoteCase("Um, call, call the vet about, uh, Biscuit's ear.", [task("Call the vet about Biscuit's ear")]),
        NoteCase("Basically, I need to file Mom's, um, Mom's taxes by April 15th.", [task("File Mom's taxes", "2027-04-15")]),
        NoteCase("Call Mike, I mean Mark, about the fantasy draft.", [task("Call Mark about the fantasy draft")]),
        NoteCase("call Tom, no wait, Jerry Smith about the fence tomorrow", [task("Call Jerry Smith about the fence", "2026-11-19")]),
        NoteCase("call the plumber, no, the electrician about the outlet", [task("Call the electrician about the outlet")]),
        NoteCase("Call the bank at 9, um, no, 10 tonight.", [task("Call the bank", "2026-11-18", "22:00")]),
        NoteCase("Meet Sam at gate 5, uh, no, 6 tomorrow.", [task("Meet Sam at gate 6", "2026-11-19")]),
        // A number put right a few words after the one it replaces: no time, and the title says the new one.
        NoteCase("Order 5 boxes, no, 6, by Friday.", [task("Order 6 boxes", "2026-11-20")]),
        NoteCase("Print 300 flyers for the bake sale, no wait, 400, by the 1st.", [task("Print 400 flyers for the bake sale", "2026-12-01")]),
        NoteCase("Buy 11, no, 12 cupcakes for the party.", [task("Buy 12 cupcakes for the party")]),
        NoteCase("Call mom at 5 tomorrow, no, 6.", [task("Call mom", "2026-11-19", "18:00")]),
        NoteCase("Set the table for 8, no, 10 tonight.", [task("Set the table for 10", "2026-11-18", "20:00")]),
        NoteCase("Call the clinic at 2, no, she's at lunch then, at 3.", [task("Call the clinic", "2026-11-18", "15:00")]),
        NoteCase(
            "Walk the dog at noon, no, it's too hot, at 6, and then water the garden.",
            [task("Walk the dog", "2026-11-18", "18:00"), task("Water the garden")]),
        NoteCase(
            "Pick up Mia at 5, no, practice runs late then, at 6, then take her to Grandma's.",
            [task("Pick up Mia", "2026-11-18", "18:00"), task("Take her to Grandma's")]),
        NoteCase("Thanksgiving, um, brine the turkey.", [task("Brine the turkey", "2026-11-26")]),
        NoteCase("Weird, call the bank tomorrow.", [task("Call the bank", "2026-11-19")]),
        NoteCase("Clearly, label the moving boxes.", [task("Label the moving boxes")]),
        NoteCase("Reserve a table for 5, uh, no, 6 on Friday.", [task("Reserve a table for 6", "2026-11-20")]),
        NoteCase("Call Mike, I mean it, today.", [task("Call Mike", "2026-11-18")]),
        NoteCase("Tell Sam I mean business.", [task("Tell Sam I mean business")]),
        NoteCase("call Tom I mean Jerry", [task("Call Jerry")]),
        NoteCase("Pay the produce vendor on Thursday. No, Friday.", [task("Pay the produce vendor", "2026-11-20")]),
        NoteCase("Return the rented tile saw by noon Saturday, or they charge for another day.", [task("Return the rented tile saw", "2026-11-21", "12:00")]),
        NoteCase(
            "Apply for the summer internship at Deloitte, the deadline's January 10th, top priority.",
            [task("Apply for the summer internship at Deloitte", "2027-01-10", priority: .high)]),
        NoteCase(
            "Call Grandma Jo to see if she can babysit Saturday night, and if not, call Kayla.",
            [task("Call Grandma Jo to see if she can babysit", "2026-11-21", "20:00"), task("Call Kayla")]),
        NoteCase("I need to call. The dentist about my crown.", [task("Call the dentist about my crown")]),
        NoteCase("Um. Call the. The insurance agent. On Monday.", [task("Call the insurance agent", "2026-11-23")]),
        // A full stop after a whole task, or before a sentence with its own verb, still ends it.
        NoteCase("Call mom. The plumber is coming at 5.", [task("Call mom"), task("The plumber is coming", "2026-11-18", "17:00")]),
        NoteCase("Call Sam. Bob too.", [task("Call Sam"), task("Bob")]),
        NoteCase("Buy milk. The car needs gas.", [task("Buy milk"), task("The car needs gas")]),
        NoteCase("I have to write. A thank-you note to Grandma.", [task("Write a thank-you note to Grandma")]),
        NoteCase("I need to call. Thanks.", [task("Call")]),
        NoteCase("I need to call. The end.", [task("Call")]),
        NoteCase("I need to vacuum. The in-laws arrive Friday.", [task("Vacuum"), task("The in-laws arrive", "2026-11-20")]),
    ]

    /// Said to a child or a pet in the room: no task. Said with a day, a lead-in, or of other things: a task.
    static let roomNotes: [NoteCase] = [
        NoteCase("Eat your broccoli.", []),
        NoteCase("Put your shoes on, we're leaving.", []),
        NoteCase("Brush your teeth and get in bed.", []),
        NoteCase("Go wash your hands.", []),
        NoteCase("stop kicking your sister's chair", []),
        NoteCase("Hand me that towel.", []),
        NoteCase("Biscuit, drop it.", []),
        NoteCase("Okay Rufus, sit.", []),
        NoteCase("Rufus, sit. Buy dog food tomorrow.", [task("Buy dog food", "2026-11-19")]),
        NoteCase("They really should fix that pothole on Elm.", []),
        NoteCase("Pack your lunch tomorrow", [task("Pack your lunch", "2026-11-19")]),
        NoteCase("Bring your laptop charger", [task("Bring your laptop charger")]),
        NoteCase("give the dog his pills", [task("Give the dog his pills")]),
        NoteCase("Buy milk, sit down", [task("Buy milk")]),
        NoteCase("Leo, brush your teeth.", []),
        NoteCase("Emma, hand me the towel", []),
        // A name said before a task with a when, or a place, stays with it; without a when the command is said to the one called.
        NoteCase("Mark, call the plumber tomorrow.", [task("Mark, call the plumber", "2026-11-19")]),
        NoteCase("Walgreens, pick up the prescription.", [task("Walgreens, pick up the prescription")]),
        NoteCase("Mom, call the dentist", []),
        NoteCase("Biscuit, stop barking.", []),
        NoteCase("Book your hotel room for the conference.", [task("Book your hotel room for the conference")]),
        NoteCase("Note to self, clean your room.", [task("Clean your room")]),
        NoteCase("Schedule your teeth cleaning.", [task("Schedule your teeth cleaning")]),
        NoteCase("Get your teeth cleaned.", [task("Get your teeth cleaned")]),
        NoteCase("Call your sister back.", [task("Call your sister back")]),
        NoteCase("Stop by your brother's place on the way home.", [task("Stop by your brother's place on the way home")]),
        NoteCase("take your brother's car to the shop", [task("Take your brother's car to the shop")]),
        // Off the furniture, how to behave, the sound turned down: said to someone here, even "right now".
        NoteCase("Get down from the counter.", []),
        NoteCase("Off the couch, Rex.", []),
        NoteCase("Gentle, be gentle with the kitty.", []),
        NoteCase("Turn the TV down a little.", []),
        NoteCase("Eat your broccoli right now.", []),
        NoteCase("Call mom right now.", [task("Call mom", "2026-11-18", "09:00")]),
        NoteCase("Turn the TV down before the baby naps tomorrow", [task("Turn the TV down before the baby naps", "2026-11-19")]),
        NoteCase("Turn down the thermostat", [task("Turn down the thermostat")]),
        NoteCase("Be at the gate at 7", [task("Be at the gate", "2026-11-19", "07:00")]),
        NoteCase("Be ready for the inspection", [task("Be ready for the inspection")]),
        NoteCase("Get off the bus at Main", [task("Get off the bus at Main")]),
    ]

    @Test("Clock times without a colon and parts of the day said after", arguments: clockNotes)
    func clocks(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Pauses, stumbles and corrections", arguments: pauseNotes)
    func pauses(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Commands to someone in the room", arguments: roomNotes)
    func room(_ note: NoteCase) throws { try expectExtraction(note) }
}
