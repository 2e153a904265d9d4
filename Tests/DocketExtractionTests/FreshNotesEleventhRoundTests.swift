import Testing

@testable import DocketExtraction

/// An eleventh fresh round: trades' verbs docket did not know ("adjust", "wire", "dress") and verbs said with the word
/// for how ("stitch weld", "carb load") start a task after "and"; a short heading before a colon that names what a list
/// is for is no task ("market prep:", "for the christening:"); a thing's fault or doing said last is a comment ("the
/// bag's torn"); a number or a thing put right keeps the comment after it; more faults of the speaker's own things;
/// "what was it, oh yeah" before the task; errands after "come back and"; a message read out ("her text says, …") is
/// no task (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Fresh notes, eleventh round")
struct FreshNotesEleventhRoundTests {
    static let noteCases: [NoteCase] = [
        NoteCase(
            "order the hinges for the wardrobe and adjust the doors on Friday",
            [task("Order the hinges for the wardrobe"), task("Adjust the doors", "2026-11-20")]),
        NoteCase(
            "pick the roses and wire the buttonholes for the Patel wedding", [task("Pick the roses"), task("Wire the buttonholes for the Patel wedding")]),
        NoteCase(
            "jet wash the decking on Sunday and string up the fairy lights", [task("Jet wash the decking", "2026-11-22"), task("String up the fairy lights")]),
        NoteCase(
            "prime the skirting and stitch weld the gate frame before Thursday", [task("Prime the skirting"), task("Stitch weld the gate frame", "2026-11-19")]),
        NoteCase("stretch the calves tonight and carb load on Friday", [task("Stretch the calves", "2026-11-18", "20:00"), task("Carb load", "2026-11-20")]),
        NoteCase("mark out the bed and tack weld the brackets", [task("Mark out the bed"), task("Tack weld the brackets")]),
        NoteCase(
            "I should sand the lid and dress the edges on the oak table tomorrow",
            [task("Sand the lid"), task("Dress the edges on the oak table", "2026-11-19")]),
        NoteCase("note to self, kiss print the invitations for the gallery", [task("Kiss print the invitations for the gallery")]),
        NoteCase("spot clean the sofa cushions", [task("Spot clean the sofa cushions")]),
        NoteCase("book the next service for the van", [task("Book the next service for the van")]),
        NoteCase("take the next dose this time tomorrow", [task("Take the next dose", "2026-11-19", "09:00")]),
        NoteCase(
            "Shop prep: slice the sourdough, fill the bread bins, and sweep the floor.",
            [task("Slice the sourdough"), task("Fill the bread bins"), task("Sweep the floor")]),
        NoteCase(
            "Stable chores: muck out the stalls, fill the haynets, and turn out the mare.",
            [task("Muck out the stalls"), task("Fill the haynets"), task("Turn out the mare")]),
        NoteCase(
            "For the reunion: book the hall, order the cake, and print the name badges.",
            [task("Book the hall"), task("Order the cake"), task("Print the name badges")]),
        NoteCase(
            "Kitchen job: strip the old units, cap off the water pipe, and skim the back wall.",
            [task("Strip the old units"), task("Cap off the water pipe"), task("Skim the back wall")]),
        NoteCase("Sarah: send the slides", [task("Sarah: send the slides")]),
        NoteCase("Dentist: book a checkup", [task("Book a checkup")]),
        NoteCase("repack the first aid kit on Monday, the box is torn", [task("Repack the first aid kit", "2026-11-23")]),
        NoteCase("collect the bread order before ten, the caterer's waiting", [task("Collect the bread order", "2026-11-18", "10:00")]),
        NoteCase("quote them for the porch roof, the old one's sagging", [task("Quote them for the porch roof")]),
        NoteCase(
            "buy the blue paint — no, the grey paint, the blue's too dark — and book the decorator for Friday",
            [task("Buy the grey paint"), task("Book the decorator", "2026-11-20")]),
        NoteCase("order ten, sorry, twelve bags of compost from the garden centre", [task("Order twelve bags of compost from the garden centre")]),
        NoteCase("call the plumber on Monday — actually make it Tuesday — about the boiler", [task("Call the plumber about the boiler", "2026-11-24")]),
        NoteCase("get the red one, I mean the blue one, for Sam", [task("Get the blue one for Sam")]),
        NoteCase("call Mike, I mean Mark, about the fantasy draft", [task("Call Mark about the fantasy draft")]),
        NoteCase(
            "fix the leaking gutter, the frost cracked it, and quote for the new fascia boards",
            [task("Fix the leaking gutter"), task("Quote for the new fascia boards")]),
        NoteCase("it'd be worth booking the optician at some point", [task("It'd be worth booking the optician", priority: .low)]),
        NoteCase("might be worth trying a new butcher for the sausages", [task("Might be worth trying a new butcher for the sausages")]),
        .none("it'd be worth it"),
        NoteCase("my rear light is flickering and barely working", [task("My rear light is flickering and barely working")]),
        NoteCase("our dough mixer isn't heating up", [task("Our dough mixer isn't heating up")]),
        NoteCase("my bike lock has cracked", [task("My bike lock has cracked")]),
        NoteCase("the hoist on the van isn't charging", [task("The hoist on the van isn't charging")]),
        NoteCase("the coffee machine is showing that error again", [task("The coffee machine is showing that error again")]),
        NoteCase("the outside tap won't turn off", [task("The outside tap won't turn off")]),
        .none("my daughter's out"),
        .none("my plan isn't working"),
        NoteCase("what was it, oh yeah, order more nappies", [task("Order more nappies")]),
        NoteCase("ah what was I going to say, um, renew the car tax", [task("Renew the car tax")]),
        .none("where was I"),
        NoteCase("my landlord wants me to let the gas engineer in on Thursday", [task("My landlord wants me to let the gas engineer in", "2026-11-19")]),
        NoteCase("Mr Jones wants me to come back and look at his boiler", [task("Mr Jones wants me to come back and look at his boiler")]),
        .none("she wants me to come back and live with her"),
        NoteCase("I forgot to renew the parking permit", [task("Renew the parking permit")]),
        .none("and a reminder to all our listeners to check your tyre pressure before the long weekend"),
        NoteCase("Xmas: buy the tree, post the cards", [task("Buy the tree", "2026-12-25"), task("Post the cards", "2026-12-25")]),
        NoteCase("Easter: book the cottage", [task("Book the cottage", "2027-03-28")]),
        .none("Warning: do not weld near the tank"),
        NoteCase("Mum's meds: ask the pharmacist about the blood thinners, the dose looks wrong", [task("Ask the pharmacist about the blood thinners")]),
        NoteCase("Leo's party: wrap the prizes, blow up the balloons", [task("Wrap the prizes"), task("Blow up the balloons")]),
        NoteCase(
            "Birthday party: hire the bouncy castle and ice the cake on Saturday morning",
            [task("Hire the bouncy castle"), task("Ice the cake", "2026-11-21", "09:00")]),
        NoteCase("11 o'clock: call the scaffolders about the Elm Street job", [task("Call the scaffolders about the Elm Street job", "2026-11-18", "11:00")]),
        .none("chime in if you have ideas"),
        .none("our relationship isn't working"),
        .none("my lip has cracked"),
        NoteCase("my heating isn't working", [task("My heating isn't working")]),
        NoteCase("we're short of dog biscuits", [task("We're short of dog biscuits")]),
        .none("I'm short of breath"),
        NoteCase("it'd be good to reseed the lawn before April", [task("Reseed the lawn", "2027-04-01")]),
        NoteCase("the garden gate won't close properly since the wind caught it", [task("The garden gate won't close properly since the wind caught it")]),
        NoteCase("the hall lock is really stiff", [task("The hall lock is really stiff")]),
        NoteCase("the club roller is making a grinding noise", [task("The club roller is making a grinding noise")]),
        NoteCase(
            "the farmer next door asked me to lend him the trailer on Friday", [task("The farmer next door asked me to lend him the trailer", "2026-11-20")]),
        .none("her text says, don't forget to bring the spare keys to the church"),
        .none("Mum's email said, book the ferry by Friday"),
        NoteCase(
            "strip the old carpet off the stairs and flash the porch roof, it's been leaking into the hall",
            [task("Strip the old carpet off the stairs"), task("Flash the porch roof")]),
        NoteCase(
            "collect the fish from the market and pin-bone the trout fillets tomorrow morning",
            [task("Collect the fish from the market"), task("Pin-bone the trout fillets", "2026-11-19", "09:00")]),
        NoteCase("order the balloons and pipe his name on the cake", [task("Order the balloons"), task("Pipe his name on the cake")]),
        NoteCase(
            "email Jo's parents about the concert and voice the hammers on the upright",
            [task("Email Jo's parents about the concert"), task("Voice the hammers on the upright")]),
        NoteCase("cover the log pile with a tarp in three days, rain's forecast", [task("Cover the log pile with a tarp", "2026-11-21")]),
        NoteCase("the clutch on my van is slipping", [task("The clutch on my van is slipping")]),
        NoteCase("the blade on my hedge trimmer has seized", [task("The blade on my hedge trimmer has seized")]),
        NoteCase("the gate on my chicken run is hanging off its hinge", [task("The gate on my chicken run is hanging off its hinge")]),
        NoteCase("the water trough has frozen solid", [task("The water trough has frozen solid")]),
        NoteCase("the heater element has burnt out", [task("The heater element has burnt out")]),
        NoteCase("the gutter is pulling away from the wall", [task("The gutter is pulling away from the wall")]),
        NoteCase("the kettle is tripping the breaker", [task("The kettle is tripping the breaker")]),
        NoteCase("the skimmer on the pond is overflowing again", [task("The skimmer on the pond is overflowing again")]),
        NoteCase("the ladder's top rung is cracked", [task("The ladder's top rung is cracked")]),
        .none("the record is broken"),
        .none("the teacher's car is broken"),
        .none("the ice is cracked on the pond"),
        .none("the government wants us to pay more tax"),
        NoteCase("check the farming forecast before cutting the hay", [task("Check the farming forecast before cutting the hay")]),
        NoteCase("buy the ingredients: eggs, flour and sugar", [task("Buy the ingredients: eggs, flour and sugar")]),
        .none("on tonight's episode the chefs have to cook a banquet in two hours"),
        NoteCase(
            "order the paint, it's reading high. And clean the pond filter, the water's going green", [task("Order the paint"), task("Clean the pond filter")]),
    ]

    @Test("Trades' verbs after 'and', short list headings, comments said last, corrections, faults, asides, errands", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }
}
