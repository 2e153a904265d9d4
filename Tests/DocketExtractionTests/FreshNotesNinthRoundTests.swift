import Testing

@testable import DocketExtraction

/// A ninth fresh round: verbs docket does not list that start a second task after "and" or a comma when their object
/// follows at once ("and requeen the swarm colony", ", mud the ceiling seams", "and harden off the courgettes") but not
/// a noun more of a list ("apples and cream my mum likes"), "re-pot" read as "repot", "I'll" and an action after a
/// statement ("Dad's prescription is ready, I'll collect it"), comments with a name's or a longer subject, more broken
/// things said alone, and a start put right after a filler ("um, get the — no, wash the car") (reference Wed 2026-11-18
/// 09:00 America/New_York).
@Suite("Fresh notes, ninth round")
struct FreshNotesNinthRoundTests {
    static let noteCases: [NoteCase] = [
        NoteCase(
            "heft the hives at Hollins Farm on Monday and requeen the swarm colony",
            [task("Heft the hives at Hollins Farm", "2026-11-23"), task("Requeen the swarm colony")]
        ),
        NoteCase(
            "I should fly the peregrine at Castle Hill on Monday afternoon, and creance the young Harris.",
            [task("Fly the peregrine at Castle Hill", "2026-11-23", "15:00"), task("Creance the young Harris")]
        ),
        NoteCase(
            "Note to self, descale the tankless heater on Friday, and purge the lines on the geothermal loop, the flow's been weak.",
            [task("Descale the tankless heater", "2026-11-20"), task("Purge the lines on the geothermal loop")]
        ),
        NoteCase(
            "grout the backsplash, mud the ceiling seams, and sand the banister",
            [task("Grout the backsplash"), task("Mud the ceiling seams"), task("Sand the banister")]
        ),
        NoteCase(
            "prick out the tomato seedlings tomorrow, and harden off the courgettes",
            [task("Prick out the tomato seedlings", "2026-11-19"), task("Harden off the courgettes")]
        ),
        NoteCase(
            "deadhead the tulips, mulch the raspberry canes and earth up the potatoes",
            [task("Deadhead the tulips"), task("Mulch the raspberry canes"), task("Earth up the potatoes")]
        ),
        NoteCase(
            "I should thin out the carrots, um, and sow another row of beetroot",
            [task("Thin out the carrots"), task("Sow another row of beetroot")]
        ),
        NoteCase(
            "invoice the polo club by the end of the month, and punch extra holes in the stirrup leathers",
            [task("Invoice the polo club", "2026-11-30"), task("Punch extra holes in the stirrup leathers")]
        ),
        NoteCase(
            "restock the birth kit, it's nearly out, and swab Leah for group B strep on Wednesday",
            [task("Restock the birth kit"), task("Swab Leah for group B strep", "2026-11-25")]
        ),
        NoteCase(
            "highlight the key dates on the calendar, and annotate Sam's essay draft",
            [task("Highlight the key dates on the calendar"), task("Annotate Sam's essay draft")]
        ),
        NoteCase(
            "hitch the caravan on Saturday, and level it at the campsite",
            [task("Hitch the caravan", "2026-11-21"), task("Level it at the campsite")]
        ),
        NoteCase("weed the herb spiral, uh, and re-pot the mint", [task("Weed the herb spiral"), task("Re-pot the mint")]),
        NoteCase("buy eggs, flour and sugar the day before", [task("Buy eggs, flour and sugar the day before")]),
        NoteCase("pick up bread and milk this afternoon", [task("Pick up bread and milk", "2026-11-18", "15:00")]),
        NoteCase("email Sarah and her team the deck", [task("Email Sarah and her team the deck")]),
        .none("nice to see you again, been a while"),
        .none("The old house had a party line, you'd pick up and hear the neighbors."),
        NoteCase("sink those hips lower, that's it, feel the burn", [task("Sink those hips lower")]),
        NoteCase(
            "Note to self, sub the sports copy before noon, Darren's match reports always run long.",
            [task("Sub the sports copy", "2026-11-18", "12:00")]
        ),
        NoteCase("do the risk assessment at 8:30, the building manager's chasing it", [task("Do the risk assessment", "2026-11-19", "08:30")]),
        NoteCase("call the school nurse, Ava's been complaining of headaches", [task("Call the school nurse")]),
        NoteCase("Dad's prescription is ready, I'll collect it after my shift", [task("Collect it after my shift")]),
        NoteCase("the milk is off, I'll buy more tomorrow", [task("Buy more", "2026-11-19")]),
        .none("The new line cook is fast, I'll give him that."),
        NoteCase("Please have a seat, sir, we'll call your name.", [task("Please have a seat")]),
        NoteCase("the rear light on the bike has stopped working", [task("The rear light on the bike has stopped working")]),
        NoteCase("the dog's chain has snapped", [task("The dog's chain has snapped")]),
        NoteCase("the printer's out of toner, I'll order some", [task("The printer's out of toner")]),
        .none("the van isn't staying at ours"),
        NoteCase("the boiler at the new house isn't firing up", [task("The boiler at the new house isn't firing up")]),
        NoteCase("the fridge display in the shop is showing an error", [task("The fridge display in the shop is showing an error")]),
        NoteCase("the cat flap at the back door won't close", [task("The cat flap at the back door won't close")]),
        .none("the neighbor's car won't start"),
        NoteCase("get apples and cream my mum likes", [task("Get apples and cream my mum likes")]),
        NoteCase("buy the paint and primer the decorator recommended", [task("Buy the paint and primer the decorator recommended")]),
        NoteCase("buy eggs, milk, bread, cheese the mature one", [task("Buy eggs, milk, bread, cheese the mature one")]),
        NoteCase("book the vet and meanwhile the kennels", [task("Book the vet and meanwhile the kennels")]),
        NoteCase("my passport expires in June, I'll renew it", [task("My passport expires", "2027-06-01")]),
        .none("the smoke has died down"),
        .none("the porch light came on"),
        NoteCase("the check engine light came on", [task("The check engine light came on")]),
        NoteCase("Mr Davies asked me to photocopy his worksheets for Friday", [task("Mr Davies asked me to photocopy his worksheets", "2026-11-20")]),
        NoteCase(
            "the gaffer wants me to collect the new boiler from the depot tomorrow",
            [task("The gaffer wants me to collect the new boiler from the depot", "2026-11-19")]
        ),
        NoteCase("the beech hedge wants trimming before the frost", [task("The beech hedge wants trimming before the frost")]),
        NoteCase("the drain rods could do with a proper clean", [task("The drain rods could do with a proper clean")]),
        .none("I could do with a coffee"),
        .none("the curry could do with some salt"),
        .none("she wants shopping bags"),
        .none("next door's hedge wants cutting"),
        NoteCase("my coach wants me to send her my splits", [task("My coach wants me to send her my splits")]),
        .none("she asked me to leave the party"),
        .none("every Sunday Gran asked me to peel the potatoes"),
        NoteCase("buy Dad a watch, and sister a necklace", [task("Buy Dad a watch, and sister a necklace")]),
        NoteCase("email the client the draft, and press the final version", [task("Email the client the draft, and press the final version")]),
        NoteCase("the pram's front wheel is wobbling", [task("The pram's front wheel is wobbling")]),
        NoteCase("my pipe cutter's blade has gone blunt", [task("My pipe cutter's blade has gone blunt")]),
        NoteCase("the whiteboard in room 12 won't wipe clean", [task("The whiteboard in room 12 won't wipe clean")]),
        NoteCase("the bottle warmer's stopped heating", [task("The bottle warmer's stopped heating")]),
        NoteCase("the insole in my racing flats has torn", [task("The insole in my racing flats has torn")]),
        NoteCase(
            "Make sure I order more twelve-ounce cups, and chalk the new specials board.",
            [task("Order more twelve-ounce cups"), task("Chalk the new specials board")]
        ),
        NoteCase(
            "Remind me to weed the travel section on Wednesday, half those guides are ancient, and shelve the returns cart.",
            [task("Weed the travel section", "2026-11-25"), task("Shelve the returns cart")]
        ),
        NoteCase(
            "Draft the intro the day after tomorrow, and skim the two papers my supervisor sent.",
            [task("Draft the intro", "2026-11-20"), task("Skim the two papers my supervisor sent")]
        ),
        NoteCase("Remind me to bathe Dad in 45 minutes, and air out his room.", [task("Bathe Dad", "2026-11-18", "09:45"), task("Air out his room")]),
        NoteCase(
            "plumb in the new shower valve, uh, and cap off the old gas line on Thursday",
            [task("Plumb in the new shower valve"), task("Cap off the old gas line", "2026-11-19")]
        ),
        NoteCase("buy Dad socks and aftershave his usual brand", [task("Buy Dad socks and aftershave his usual brand")]),
        NoteCase("call Sam, he's booked the room", [task("Call Sam")]),
        NoteCase("um, get the — no, wash the car", [task("Wash the car")]),
        NoteCase("er pick up, no, collect the keys from the agent at two", [task("Collect the keys from the agent", "2026-11-18", "14:00")]),
        NoteCase(
            "Okay so um, I should send the timeline to the bride's sister. Also, the — no, call the venue about parking.",
            [task("Send the timeline to the bride's sister"), task("Call the venue about parking")]
        ),
        NoteCase(
            "Okay. Um, first thing tomorrow, block out the — no, hold the banquet hall for the sangeet.",
            [task("Hold the banquet hall for the sangeet", "2026-11-19", "09:00")]
        ),
        NoteCase("Right, um, first, dehorn the — no, disbud the calves in the shed on Monday.", [task("Disbud the calves in the shed", "2026-11-23")]),
        NoteCase("Also invigilate — no, find cover for the mock exams, Sarah's off.", [task("Find cover for the mock exams")]),
        NoteCase("Pick up Mia at 5, no, practice runs late then, at 6", [task("Pick up Mia", "2026-11-18", "18:00")]),
        .none("email from the landlord, he says he needs to do an inspection next Tuesday"),
        NoteCase("put the — no, cake in the fridge", [task("Put cake in the fridge")]),
        NoteCase("call the — no, Tom the plumber", [task("Call Tom the plumber")]),
        NoteCase("Order pizza for Friday. Also, the — no, order sushi instead.", [task("Order sushi")]),
        NoteCase("Okay so, um, quick brain dump. Email the landlord.", [task("Email the landlord")]),
        NoteCase("Um, okay, a few things for Dad. Email the hospital for the pre-op instructions.", [task("Email the hospital for the pre-op instructions")]),
        NoteCase("Right, um, two or three things. Reconfirm the truck for Friday.", [task("Reconfirm the truck", "2026-11-20")]),
        NoteCase("Okay, so, um, quickly. Flash the — sorry, no, seal the roof penetrations.", [task("Seal the roof penetrations")]),
        NoteCase("So, um, okay. Process the — sorry, first verify the KYC documents.", [task("Verify the KYC documents")]),
        NoteCase(
            "set up the carpool list and, uh, sorry, hang on, text the parents the hotel info",
            [task("Set up the carpool list"), task("Text the parents the hotel info")]
        ),
        NoteCase("wash the spare bedding first, it smells musty", [task("Wash the spare bedding")]),
        NoteCase("put the kids first", [task("Put the kids first")]),
        NoteCase("sort the emails newest first", [task("Sort the emails newest first")]),
        NoteCase("call my — wait, hang on, sorry, first call my boss", [task("Call my boss")]),
        NoteCase("announce at standup, nobody deploys on Friday", [task("Announce at standup, nobody deploys", "2026-11-20")]),
        NoteCase("cancel the newspaper subscription, nobody reads it", [task("Cancel the newspaper subscription")]),
        .none("half my team was out sick today so it was just me and the intern"),
        NoteCase("chase the council about the crossing patrol, that corner's dangerous", [task("Chase the council about the crossing patrol")]),
    ]

    @Test("Unlisted verbs after 'and', promises after a statement, comments and broken things", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }
}
