import Testing

@testable import DocketExtraction

/// A seventh fresh round: trade verbs that start a task after "and" or a comma ("and heft the hives", "index the
/// exhibits", "re-label the snake channels", "deep clean the flat top", "and add a honey super"), a reason that may not
/// happen said between tasks, an hour before an evening ("90 minutes before 8 tonight"), a comment with a compound
/// noun ("the pump seal's leaking"), more things that break, a name called before what is said to that person, and
/// someone else's duty (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Fresh notes, seventh round")
struct FreshNotesSeventhRoundTests {
    static let noteCases: [NoteCase] = [
        NoteCase(
            "Proofread the Castillo transcript this afternoon, index the exhibits, then upload the final by Monday.",
            [task("Proofread the Castillo transcript", "2026-11-18", "15:00"), task("Index the exhibits"), task("Upload the final", "2026-11-23")]
        ),
        NoteCase(
            "Order fondant for winter feeding, heft the hives on Tuesday, and set the mouse guards before Friday.",
            [task("Order fondant for winter feeding"), task("Heft the hives", "2026-11-24"), task("Set the mouse guards", "2026-11-20")]
        ),
        NoteCase("Sharpen the chain and grease the stump grinder", [task("Sharpen the chain"), task("Grease the stump grinder")]),
        NoteCase("Buy AA batteries, re-label the snake channels", [task("Buy AA batteries"), task("Re-label the snake channels")]),
        NoteCase("At 4 re-solder the broken XLR on the snake.", [task("Re-solder the broken XLR on the snake", "2026-11-18", "16:00")]),
        NoteCase(
            "call the insurance guy about the claim, and deep clean the flat top by the end of the week",
            [task("Call the insurance guy about the claim"), task("Deep clean the flat top", "2026-11-20")]
        ),
        NoteCase(
            "Check hive 2 for queen cells this afternoon and add a honey super to hive 5.",
            [task("Check hive 2 for queen cells", "2026-11-18", "15:00"), task("Add a honey super to hive 5")]
        ),
        NoteCase("call mom and add eggs to the list", [task("Call mom"), task("Eggs")]),
        NoteCase("Add Jen to project Apollo too", [task("Add Jen", project: "Apollo")]),
        NoteCase(
            "Take hydrometer readings on FV2, dump the trub from FV1, and order caustic.",
            [task("Take hydrometer readings on FV2"), task("Dump the trub from FV1"), task("Order caustic")]
        ),
        NoteCase(
            "deliver the honey on Friday at 2, and like, bottle the rest of the clover honey",
            [task("Deliver the honey", "2026-11-20", "14:00"), task("Bottle the rest of the clover honey")]
        ),
        NoteCase(
            "Invoice Tui Law by Friday, and provide realtime for the Morrison hearing on Wednesday at 9:30.",
            [task("Invoice Tui Law", "2026-11-20"), task("Provide realtime for the Morrison hearing", "2026-11-25", "09:30")]
        ),
        NoteCase(
            "Measure the doorways. Then, because the couch might not fit, call the furniture store about a return.",
            [task("Measure the doorways"), task("Call the furniture store about a return")]
        ),
        NoteCase("start the stew 90 minutes before 8 tonight", [task("Start the stew", "2026-11-18", "18:30")]),
        NoteCase("start the stew 90 minutes before 8 tomorrow night", [task("Start the stew", "2026-11-19", "18:30")]),
        NoteCase("start the stew 90 minutes before 8 tomorrow", [task("Start the stew", "2026-11-19", "06:30")]),
        NoteCase(
            "fix the keg washer, the pump seal's leaking, and book the canning line",
            [task("Fix the keg washer"), task("Book the canning line")]
        ),
        NoteCase("the walk-in cooler is running warm", [task("The walk-in cooler is running warm")]),
        NoteCase("the VHF radio on the boat keeps cutting out", [task("The VHF radio on the boat keeps cutting out")]),
        NoteCase("the hose reel is cracked", [task("The hose reel is cracked")]),
        NoteCase("my laptop charger is fraying near the plug", [task("My laptop charger is fraying near the plug")]),
        .none("the car is running late"),
        .none("okay Mike, send it"),
        .none("Mom, sit down, I'll go ask the nurse."),
        .none("Kevin, you need to sign the waiver before you go out on the boat."),
        .none("Carlos, pull the baguettes out in five minutes."),
        NoteCase("Mom, call the dentist tomorrow", [task("Call the dentist", "2026-11-19")]),
        NoteCase("Mom, tomorrow at 3", [task("Mom", "2026-11-19", "15:00")]),
        NoteCase("remind me to call Mike in 10 minutes", [task("Call Mike", "2026-11-18", "09:10")]),
        .none("Her landlord has to replace the water heater by Friday."),
        .none("his boss needs to sign off first"),
        NoteCase("Emma needs to take her medicine at 8", [task("Emma needs to take her medicine", "2026-11-19", "08:00")]),
        NoteCase("her mom needs to call me back", [task("Her mom needs to call me back")]),
        NoteCase("fix the gutters, the back porch's railing and the fence", [task("Fix the gutters, the back porch's railing and the fence")]),
        NoteCase("Carlos, pull the baguettes out in 30 minutes", [task("Carlos, pull the baguettes out", "2026-11-18", "09:30")]),
        NoteCase("he came over and fit the new door", []),
        NoteCase("the tractor's got a flat on the front left", [task("The tractor's got a flat on the front left")]),
        .none("the tractor's got a new engine"),
        NoteCase("the water trough float is stuck and it's overflowing", [task("The water trough float is stuck and it's overflowing")]),
        NoteCase(
            "I want a reminder to deworm the horses on the first of every month", [task("Deworm the horses", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        .none("Will, call the bank tomorrow"),
        NoteCase("it might be smart to book the respite care for Mom in December", [task("Book the respite care for Mom", "2026-12-01")]),
        NoteCase("order stickers, the good ones are going fast", [task("Order stickers")]),
        NoteCase("led the dog out before the church meeting tonight", [task("Let the dog out before the church meeting", "2026-11-18", "20:00")]),
        .none("led the team out of the tunnel"),
        .none("led the kids in prayer"),
        .none("Lock in your answer, Denise."),
        NoteCase(
            "heft the hives on Tuesday, and fit the mouse guards before Friday",
            [task("Heft the hives", "2026-11-24"), task("Fit the mouse guards", "2026-11-20")]),
        .none("he came over and put the new door on"),
        .none("I went out and fit the tires yesterday"),
        NoteCase("the sink broke and call the plumber", [task("Call the plumber")]),
        NoteCase("cash up the till tonight", [task("Cash up the till", "2026-11-18", "20:00")]),
        NoteCase("work till 5", [task("Work", "2026-11-18", "17:00")]),
        NoteCase("order torch-on felt for the garage job", [task("Order torch-on felt for the garage job")]),
        .none("the room felt cold"),
        NoteCase("price the boxes and shelve the Penguin paperbacks", [task("Price the boxes"), task("Shelve the Penguin paperbacks")]),
        NoteCase("defrost the reefer and degrease the hood filters", [task("Defrost the reefer"), task("Degrease the hood filters")]),
        NoteCase("remind the tenors about the sectional, uh, they keep skipping it", [task("Remind the tenors about the sectional")]),
        NoteCase("tell Ana, the heater broke again", [task("Tell Ana, the heater broke again")]),
        NoteCase("Note to tell, the HOA do not do the first", [task("Note to tell, the HOA do not do the first")]),
        NoteCase("text Marco about swapping my Sunday shift", [task("Text Marco about swapping my Sunday shift")]),
        NoteCase("cover my Sunday shift on Saturday", [task("Cover my Sunday shift", "2026-11-21")]),
        NoteCase("buy a new apron, mine's torn through at the knee", [task("Buy a new apron")]),
        .none("Maria, remember to lock the tack room tonight."),
        .none("Rachel, please call Mr. Dunn and move him to Friday at two."),
        NoteCase("Jake, hurry up. And buy milk tomorrow", [task("Buy milk", "2026-11-19")]),
        .none("Dave's going to pick up the new saddle in Billings on Tuesday."),
        NoteCase("Dave's going to pick me up at 6", [task("Dave's going to pick me up", "2026-11-18", "18:00")]),
        .none("Sir, you'll need to bring your ID back down by noon to finish check-in."),
        .none("Attention guests, the fire alarm will be tested tomorrow"),
        NoteCase(
            "Note to self, cash up the till tonight, no, make that this evening, I'm out later. Also update the ISBN spreadsheet.",
            [task("Cash up the till", "2026-11-18", "20:00"), task("Update the ISBN spreadsheet")]
        ),
        .none("Her uncle is flying back to Denver first thing tomorrow."),
        NoteCase("My wife has to sign the permission slip by Wednesday.", [task("My wife has to sign the permission slip", "2026-11-25")]),
        NoteCase("my wife has to renew her passport by March", [task("My wife has to renew her passport", "2027-03-01")]),
        NoteCase("her landlord has to fix the heater, call him tomorrow", [task("Her landlord has to fix the heater"), task("Call him", "2026-11-19")]),
        .none("Dad came over and fit the new lock"),
        .none("yesterday we went to the hardware store and fit the new tap"),
        NoteCase("the oven is broken and put in a repair request", [task("Put in a repair request")]),
        .none("they'll provide the food"),
        .none("you'll add the eggs next"),
        NoteCase("they'll deliver it Friday", [task("They'll deliver it", "2026-11-20")]),
        NoteCase("Dave's going to call at 5, ask him about the deck", [task("Dave's going to call", "2026-11-18", "17:00"), task("Ask him about the deck")]),
        NoteCase("my daughter needs to take her medicine at 8", [task("My daughter needs to take her medicine", "2026-11-19", "08:00")]),
        NoteCase("her mom is picking me up at 5", [task("Her mom is picking me up", "2026-11-18", "17:00")]),
        NoteCase("the report came in and read it before Monday", [task("Read it", "2026-11-23")]),
        NoteCase("the grass is getting long and cut it this weekend", [task("Cut it", "2026-11-21")]),
        NoteCase("Rachel, please call Mr. Dunn, and remind me to buy milk tomorrow", [task("Buy milk", "2026-11-19")]),
        NoteCase("honey, grab the mail and I need to call the bank tomorrow", [task("Call the bank", "2026-11-19")]),
        .none("put your pajamas on and bring me your clothes"),
        NoteCase("order wire, heat shrink and solder from Digikey", [task("Order wire, heat shrink and solder from Digikey")]),
        NoteCase("schedule a carpet shampoo and deep clean for Friday", [task("Schedule a carpet shampoo and deep clean", "2026-11-20")]),
        .none("led the dog out and fed the cat"),
        NoteCase("remind me to tumble dry the comforter tonight", [task("Tumble dry the comforter", "2026-11-18", "20:00")]),
        NoteCase("enroll Maya in sports tonight", [task("Enroll Maya in sports", "2026-11-18", "20:00")]),
        NoteCase("restart the vacuum pump this very minute", [task("Restart the vacuum pump", "2026-11-18", "09:00")]),
        NoteCase("phone the pharmacy about the refill without delay", [task("Phone the pharmacy about the refill", "2026-11-18", "09:00")]),
        NoteCase("leave without Dave", [task("Leave without Dave")]),
        NoteCase("I'm required to log my visit hours by Friday", [task("Log my visit hours", "2026-11-20")]),
        NoteCase("Kitchen tap is dripping again", [task("Kitchen tap is dripping again")]),
        NoteCase("Outboard won't start", [task("Outboard won't start")]),
        NoteCase("Laptop battery won't hold a charge", [task("Laptop battery won't hold a charge")]),
        NoteCase("Bilge alarm keeps going off", [task("Bilge alarm keeps going off")]),
        .none("Traffic is backed up"),
        .none("Mike is out"),
        .none("Dad's car won't start"),
        NoteCase("The Garcias want a quote for the bathroom repipe", [task("The Garcias want a quote for the bathroom repipe")]),
        NoteCase("My advisor wants the revised methods section by the 20th", [task("My advisor wants the revised methods section", "2026-11-20")]),
        NoteCase("The harbour office is waiting on my mooring fee", [task("The harbour office is waiting on my mooring fee")]),
        .none("Mom wants a new couch"),
        .none("she wants a check"),
        .none("the kids are waiting for the bus"),
        .none("the venue wants the second deposit by the fifteenth, which is wild"),
        .none("his boss wants the report by Monday"),
        .none("the client no longer wants the quote"),
        .none("nobody wants the budget"),
        NoteCase("they'll bring the chairs and we'll bring the tables", [task("They'll bring the chairs and we'll bring the tables")]),
        .none("Danny, chain the Jeep to the back fence before you leave."),
        .none("Tyler, call your mom tonight and tell her you're staying late."),
        .none("Kim, call me if the heat goes out"),
        NoteCase("invite Tom, Maddie", [task("Invite Tom, Maddie")]),
        NoteCase("his birthday gift needs to be wrapped by Saturday", [task("His birthday gift needs to be wrapped", "2026-11-21")]),
        NoteCase("someone needs to call the pest guy about the mice", [task("Someone needs to call the pest guy about the mice")]),
    ]

    @Test("Trade verbs after a pause, reasons that may not happen, evening hours, names called, others' duties", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }
}
