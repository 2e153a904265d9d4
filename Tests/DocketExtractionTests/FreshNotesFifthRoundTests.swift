import Testing

@testable import DocketExtraction

/// A fifth fresh round: lead-ins that end in "and" ("go ahead and", "be sure and"), an adverb or a will before the
/// action ("just", "I'll", "let's"), any verb said of a noun subject ("the examiner never smiles"), a when that points
/// back ("since six", "two years ago"), a count of one's own supply, a duty taken on, hedges that still ask, someone
/// called after a pause, a number or a name asked after, a price remarked on, and what someone else holds anyone must do
/// (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Fresh notes, fifth round")
struct FreshNotesFifthRoundTests {
    static let noteCases: [NoteCase] = [
        NoteCase("go ahead and book the flights for Friday", [task("Book the flights", "2026-11-20")]),
        NoteCase("be sure and call mom tomorrow", [task("Call mom", "2026-11-19")]),
        NoteCase("come and help me with the boxes", [task("Help me with the boxes")]),
        NoteCase("run out and get gas", [task("Get gas")]),
        NoteCase("go out and buy milk", [task("Buy milk")]),
        NoteCase("just go ahead and pay the bill", [task("Pay the bill")]),
        NoteCase("call mom and go ahead and book the flights", [task("Call mom"), task("Book the flights")]),
        NoteCase("call mom and just pay the bill", [task("Call mom"), task("Pay the bill")]),
        NoteCase("I'll go ahead and order the pizza", [task("Order the pizza")]),
        NoteCase("let's schedule the meeting for Monday", [task("Schedule the meeting", "2026-11-23")]),
        NoteCase("let's not forget to call mom", [task("Call mom")]),
        NoteCase("maybe get the piano tuned before the recital", [task("Get the piano tuned before the recital")]),
        NoteCase("go to the bank and come home", [task("Go to the bank and come home")]),
        NoteCase("might be time to replace the dripping kitchen faucet", [task("Replace the dripping kitchen faucet")]),
        NoteCase("I oughta look at switching phone carriers", [task("Look at switching phone carriers")]),
        NoteCase("it might make sense to freeze our credit reports", [task("Freeze our credit reports")]),
        .none("The front desk lady remembers every single animal's name."),
        .none("The examiner at the DMV never smiles"),
        .none("Vet bills cost more than my own doctor visits at this point."),
        .none("These dice hate me, I've rolled three ones in a row."),
        .none("these ruins tell the story of a civilization that vanished almost overnight"),
        .none("Our party has been lost in this dungeon for four sessions now."),
        .none("This coffee's been sitting on the burner since about six this morning."),
        .none("The kitten calendar on the wall is from two years ago."),
        NoteCase("the dog treats", [task("The dog treats")]),
        NoteCase("print labels the kids need", [task("Print labels the kids need")]),
        NoteCase("Parents teach a conference next Thursday at 4", [task("Parents teach a conference", "2026-11-26", "16:00")]),
        NoteCase("my blood pressure meds are down to three pills", [task("My blood pressure meds are down to three pills")]),
        NoteCase("we're down to two eggs", [task("We're down to two eggs")]),
        .none("we're down to two minutes"),
        .none("the Jets are down to two timeouts"),
        NoteCase("I'm on dessert duty for Carla's birthday brunch Sunday", [task("I'm on dessert duty for Carla's birthday brunch", "2026-11-22")]),
        NoteCase("I'm on the hook for team snacks Saturday", [task("I'm on the hook for team snacks", "2026-11-21")]),
        .none("I'm on duty tonight"),
        .none("That bass jumped clean out of the water, did you see that?"),
        NoteCase("we're clean out of milk", [task("We're clean out of milk")]),
        .none("My character's a halfling bard with crippling stage fright."),
        .none("Our trainer used to work with police dogs"),
        NoteCase("buy a used car", [task("Buy a used car")]),
        .none("My uncle swore you have to spit on the worm for luck."),
        .none("My neighbor says you've got to price things in quarters or nobody haggles."),
        .none("Don't touch the records, honey, they're fragile."),
        .none("Roll for initiative, everybody."),
        .none("Swing and a miss, and that's the side retired in order."),
        .none("Final call for passenger Rivera, party of two, the aircraft door is about to close."),
        NoteCase("buy eggs, bread, milk, honey", [task("Buy eggs, bread, milk, honey")]),
        .none("Nineteen pounds? Somebody's been getting table scraps."),
        .none("Luna Petrakis? We're ready for Luna in room two."),
        .none("twelve dollars for a turkey sandwich, welcome to the airport"),
        NoteCase("$20 for the raffle tickets by Friday", [task("$20 for the raffle tickets", "2026-11-20")]),
        NoteCase("Dentist appointment Friday?", [task("Dentist appointment", "2026-11-20")]),
        NoteCase("Then pore it into the candle molds", [task("Pour it into the candle molds")]),
        NoteCase("right them down before you forget", [task("Write them down before you forget")]),
        .none("we have no more plans tonight"),
        .none("the kids have no school Monday"),
        NoteCase("we have a meeting at 3", [task("We have a meeting", "2026-11-18", "15:00")]),
        NoteCase("bring the folding chairs Saturday since Kim only has four", [task("Bring the folding chairs", "2026-11-21")]),
        NoteCase("thaw the chicken tonight so it's ready for dinner tomorrow", [task("Thaw the chicken", "2026-11-18", "20:00")]),
        NoteCase("cancel the free trial so they don't charge the card", [task("Cancel the free trial")]),
        NoteCase("I gotta right up the estimate for the Oak Street repipe", [task("Write up the estimate for the Oak Street repipe")]),
        NoteCase("we should male it Friday", [task("Mail it", "2026-11-20")]),
        .none("it's just right the way it is"),
        NoteCase(
            "Order new clipper blades. Then, uh, restock the shampoo at the wash station.",
            [task("Order new clipper blades"), task("Restock the shampoo at the wash station")]),
        NoteCase(
            "Chlorinate and refill the backyard hot tub on the second Wednesday of next month",
            [task("Chlorinate and refill the backyard hot tub", "2026-12-09")]),
        NoteCase("chocolate and call mom", [task("Chocolate"), task("Call mom")]),
        NoteCase("Start the sourdough bake 40 minutes past noon", [task("Start the sourdough bake", "2026-11-18", "12:40")]),
        NoteCase("Now, email the signed waiver to the coach", [task("Email the signed waiver to the coach", "2026-11-18", "09:00")]),
        NoteCase("buy milk. Now, call mom", [task("Buy milk"), task("Call mom")]),
        NoteCase("now call mom", [task("Call mom")]),
    ]

    @Test("Lead-ins with and, verbs of a subject, past whens, supplies and duties", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }
}
