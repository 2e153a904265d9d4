import Testing

@testable import DocketExtraction

/// An eighth fresh round: trade verbs after "and" ("transpose", "autoclave", "pierce", "re-house", "restitch", "reshoe",
/// "reline", "bleed", "process", "strip"), a day said before a reason ("on the 1st because …", "since the statement
/// closes"), a trailing "don't let me forget", comments after the task ("the license renewal depends on it", "the old
/// one's worn smooth", "all twelve of them"), numbered steps, more lead-ins ("keep reminding me to", "ping me to",
/// "it's on me to", "put down that I need to"), a name called before the speaker's own duty, a deadline or a thing to
/// collect said alone ("Lily's passport expires in June", "the prescription is ready at the chemist"), broken things said with a verb-like noun first, "has a sticky key" or "'s stopped
/// working", and views said of a statement ("…, in my opinion") (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Fresh notes, eighth round")
struct FreshNotesEighthRoundTests {
    static let noteCases: [NoteCase] = [
        NoteCase(
            "Don't forget to pick up the pin tumbler kit at 9, and then rekey the dentist's office on the 1st because the old receptionist still has a key.",
            [task("Pick up the pin tumbler kit", "2026-11-19", "09:00"), task("Rekey the dentist's office", "2026-12-01")]
        ),
        NoteCase("fix the fence on the 3rd because the dog keeps escaping", [task("Fix the fence", "2026-12-03")]),
        NoteCase(
            "send the rehearsal recording to the sopranos in an hour, and transpose the solo for Aoife down a tone",
            [task("Send the rehearsal recording to the sopranos", "2026-11-18", "10:00"), task("Transpose the solo for Aoife down a tone")]
        ),
        NoteCase(
            "I need to clean and bag the machines at 5, and autoclave the grips.",
            [task("Clean and bag the machines", "2026-11-18", "17:00"), task("Autoclave the grips")]
        ),
        NoteCase(
            "Remind me to turn the blue cheeses this afternoon, and pierce the Stilton-style wheels on Thursday.",
            [task("Turn the blue cheeses", "2026-11-18", "15:00"), task("Pierce the Stilton-style wheels", "2026-11-19")]
        ),
        NoteCase(
            "freeze the textile for pest treatment in an hour, and re-house the glass negatives next week",
            [task("Freeze the textile for pest treatment", "2026-11-18", "10:00"), task("Re-house the glass negatives", "2026-11-23")]
        ),
        NoteCase(
            "patch the spinnaker at 7 tonight, and restitch the leech on the mainsail this afternoon",
            [task("Patch the spinnaker", "2026-11-18", "19:00"), task("Restitch the leech on the mainsail", "2026-11-18", "15:00")]
        ),
        NoteCase("I have to give Biscuit his insulin at 6, don't let me forget.", [task("Give Biscuit his insulin", "2026-11-18", "18:00")]),
        NoteCase(
            "I need to finish my CE credits by the end of the month, the license renewal depends on it.",
            [task("Finish my CE credits", "2026-11-30")]
        ),
        NoteCase(
            "Step one, disconnect the battery. Step two, release the parking brake.",
            [task("Disconnect the battery"), task("Release the parking brake")]
        ),
        NoteCase("step three: insert tab A into slot B", [task("Insert tab A into slot B")]),
        NoteCase("Water heater is leaking in the laundry room", [task("Water heater is leaking in the laundry room")]),
        NoteCase("the sink is leaking", [task("The sink is leaking")]),
        NoteCase("the mailbox post is leaning", [task("The mailbox post is leaning")]),
        NoteCase("The choir room piano has a sticky middle C", [task("The choir room piano has a sticky middle C")]),
        NoteCase("the van has a dead battery", [task("The van has a dead battery")]),
        .none("the kids are sleeping"),
        NoteCase("I have physio every Tuesday at 7", [task("I have physio", "2026-11-24", "07:00", every: "FREQ=WEEKLY;BYDAY=TU")]),
        NoteCase("the plumber comes Tuesday at 10", [task("The plumber comes", "2026-11-24", "10:00")]),
        NoteCase("pay rent on the first of every month", [task("Pay rent", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase("my therapy is every Wednesday at 2", [task("My therapy", "2026-11-18", "14:00", every: "FREQ=WEEKLY;BYDAY=WE")]),
        NoteCase("order autoclave tape and autoclave pouches", [task("Order autoclave tape and autoclave pouches")]),
        NoteCase("remind me to rekey the doors, in my opinion it's overdue", [task("Rekey the doors, in my opinion it's overdue")]),
        NoteCase("remind me to tell Sam that in my opinion the logo is too big", [task("Tell Sam that in my opinion the logo is too big")]),
        NoteCase(
            "Remind me to order steel shoes by Wednesday, and reshoe the Morgans' gelding on Friday, he threw a front shoe.",
            [task("Order steel shoes", "2026-11-25"), task("Reshoe the Morgans' gelding", "2026-11-20")]
        ),
        NoteCase(
            "Sweep the flue on Wednesday, and reline the firebox at Dunmore Lodge on Friday.",
            [task("Sweep the flue", "2026-11-25"), task("Reline the firebox at Dunmore Lodge", "2026-11-20")]
        ),
        NoteCase(
            "check the tires tomorrow, and bleed the brakes on the blue Trek on Wednesday",
            [task("Check the tires", "2026-11-19"), task("Bleed the brakes on the blue Trek", "2026-11-25")]
        ),
        NoteCase(
            "wire the buttonholes tomorrow morning, and process the eucalyptus delivery on Saturday",
            [task("Wire the buttonholes", "2026-11-19", "09:00"), task("Process the eucalyptus delivery", "2026-11-21")]
        ),
        NoteCase(
            "Clean out the walk-in cooler today, and strip the thorns off the garden roses tomorrow.",
            [task("Clean out the walk-in cooler", "2026-11-18"), task("Strip the thorns off the garden roses", "2026-11-19")]
        ),
        NoteCase("Also rehydrate the hydrangeas, they're wilting.", [task("Rehydrate the hydrangeas")]),
        NoteCase("buy a new rasp, the old one's worn smooth", [task("Buy a new rasp")]),
        NoteCase("update the prompt book, Jun rewrote the ending", [task("Update the prompt book")]),
        NoteCase(
            "Tune the practice pianos at the conservatory on the 4th, all twelve of them.", [task("Tune the practice pianos at the conservatory", "2026-12-04")]
        ),
        NoteCase("call the bank on the 15th since the statement closes then", [task("Call the bank", "2026-12-15")]),
        NoteCase("replace the wiper blades since the old ones leak", [task("Replace the wiper blades")]),
        NoteCase("review all emails since the merger closed", [task("Review all emails since the merger closed")]),
        NoteCase("next steps: call Ana", [task("Call Ana")]),
        NoteCase("order brake fluid and bleed kit", [task("Order brake fluid and bleed kit")]),
        NoteCase("the gas pedal is sticking", [task("The gas pedal is sticking")]),
        .none("my phone is buzzing"),
        NoteCase("water the lawn since the day we moved in", [task("Water the lawn since the day we moved in")]),
        NoteCase("bring shin pads and water on Sunday", [task("Bring shin pads and water", "2026-11-22")]),
        NoteCase("buy the cake, please don't let me forget", [task("Buy the cake")]),
        NoteCase("pick up the dry cleaning, don't let me forget it", [task("Pick up the dry cleaning")]),
        NoteCase("first step, call the insurance company", [task("Call the insurance company")]),
        NoteCase("next step: book the movers", [task("Book the movers")]),
        NoteCase("Keep reminding me to stretch every morning", [task("Stretch", "2026-11-19", "09:00", every: "FREQ=DAILY")]),
        NoteCase("ping me at 5 to move the car", [task("Move the car", "2026-11-18", "17:00")]),
        NoteCase("It's on me to sort parking for the wedding guests", [task("Sort parking for the wedding guests")]),
        NoteCase("Could be a good idea to back up the laptop before the update", [task("Back up the laptop before the update")]),
        NoteCase("The forge blower's stopped working", [task("The forge blower's stopped working")]),
        NoteCase("Laptop charger is frayed", [task("Laptop charger is frayed")]),
        NoteCase("the basement is flooding", [task("The basement is flooding")]),
        NoteCase("the boat has a busted bilge pump", [task("The boat has a busted bilge pump")]),
        .none("the kids are flooding the chat"),
        .none("could you keep it down a little, folks are studying"),
        .none("level 47 and I still can't beat this guy"),
        NoteCase("Lisa, I need to call the dentist tomorrow", [task("Call the dentist", "2026-11-19")]),
        NoteCase("Honey, I need to call the bank tomorrow", [task("Call the bank", "2026-11-19")]),
        NoteCase("April, I need to renew my passport", [task("Renew my passport")]),
        NoteCase("Lily's passport expires in June", [task("Lily's passport expires", "2027-06-01")]),
        NoteCase("fishing license expires this month, renew it online", [task("Renew it online")]),
        NoteCase("Mum's prescription is ready at the chemist", [task("Mum's prescription is ready at the chemist")]),
        NoteCase("the car is ready for pickup", [task("The car is ready for pickup")]),
        .none("dinner's ready at the table"),
        NoteCase("Honey, Lily's passport expires in June", [task("Lily's passport expires", "2027-06-01")]),
        NoteCase("Mum's prescription is ready at Boots", [task("Mum's prescription is ready at Boots")]),
        .none("Breakfast is ready at the table"),
        .none("the kids are ready at the door"),
        NoteCase(
            "Put down that I need to pay the water bill by Friday. Also cancel the gym membership, I never go anyway.",
            [task("Pay the water bill", "2026-11-20"), task("Cancel the gym membership")]
        ),
        NoteCase("put down that I should call the vet", [task("Call the vet")]),
        NoteCase("put down that box and call Mom", [task("Put down that box"), task("Call Mom")]),
        .none("We should never have painted the hallway grey."),
        NoteCase("Sign the card from all of us at work by Friday", [task("Sign the card from all of us at work", "2026-11-20")]),
        .none("The second verse needs more space, in my opinion."),
        .none("Somebody ought to fix that squeaky door, if you ask me."),
    ]

    @Test("Trade verbs, a day before a reason, steps, broken things and views", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }
}
