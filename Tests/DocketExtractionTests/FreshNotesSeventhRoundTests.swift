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
            "Order fondant for winter feeding, heft the hives on Tuesday, and fit the mouse guards before Friday.",
            [task("Order fondant for winter feeding"), task("Heft the hives", "2026-11-24"), task("Fit the mouse guards", "2026-11-20")]
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
        .none("Sara has to turn in her thesis draft by May first."),
        NoteCase("his birthday gift needs to be wrapped by Saturday", [task("His birthday gift needs to be wrapped", "2026-11-21")]),
        NoteCase("someone needs to call the pest guy about the mice", [task("Someone needs to call the pest guy about the mice")]),
    ]

    @Test("Trade verbs after a pause, reasons that may not happen, evening hours, names called, others' duties", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }
}
