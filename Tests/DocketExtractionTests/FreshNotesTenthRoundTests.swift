import Testing

@testable import DocketExtraction

/// A tenth fresh round: a need of another thing after "and" or a comma is a task of its own ("the gas bottles need
/// swapping by Monday, and the awning needs a new zip"), a list's heading before a colon is no task ("cellar jobs: rack
/// the Grenache…"), comments said with a thing's state (", the forecast's dry"), verbs with a prefix and a hyphen
/// ("de-shed"), more broken things, errands others ask of the speaker, and a date or time said after actions joined by
/// "and" kept to the last of them (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Fresh notes, tenth round")
struct FreshNotesTenthRoundTests {
    static let noteCases: [NoteCase] = [
        NoteCase(
            "the gas bottles need swapping by Monday, and the awning needs a new zip",
            [task("The gas bottles need swapping", "2026-11-23"), task("The awning needs a new zip")]),
        NoteCase(
            "Mom needs her compression stockings washed, and her pill organiser needs refilling before Sunday",
            [task("Mom needs her compression stockings washed"), task("Her pill organiser needs refilling", "2026-11-22")]),
        NoteCase(
            "rack B7 needs a new PDU, and the CRAC unit in hall two needs its filters changed this afternoon",
            [task("Rack B7 needs a new PDU"), task("The CRAC unit in hall two needs its filters changed", "2026-11-18", "15:00")]),
        NoteCase("I need to write the certificates for the player awards — the engraver needs names", [task("Write the certificates for the player awards")]),
        NoteCase(
            "uh, the club dinghies need their rudders checked, and the trailer needs new bearings by the 3rd",
            [task("The club dinghies need their rudders checked"), task("The trailer needs new bearings", "2026-12-03")]),
        NoteCase("the kids need their coats washed and the dog needs a walk", [task("The kids need their coats washed"), task("The dog needs a walk")]),
        NoteCase(
            "cellar jobs: rack the Grenache off its lees, top up the barrels, and sulphur the empty hogsheads",
            [task("Rack the Grenache off its lees"), task("Top up the barrels"), task("Sulphur the empty hogsheads")]),
        NoteCase(
            "okay, edit list: cut the intro down to thirty seconds, swap the music bed",
            [task("Cut the intro down to thirty seconds"), task("Swap the music bed")]),
        NoteCase("three things for the allotment: chit the seed potatoes, weed the onion bed", [task("Chit the seed potatoes"), task("Weed the onion bed")]),
        NoteCase("note: call mom", [task("Call mom")]),
        NoteCase("Tomorrow: call mom", [task("Call mom", "2026-11-19")]),
        NoteCase("shopping list: milk, eggs, bread", [task("Shopping list: milk, eggs, bread")]),
        NoteCase(
            "varnish the mast this afternoon, the forecast's dry, and order the rigging from Hamburg",
            [task("Varnish the mast", "2026-11-18", "15:00"), task("Order the rigging from Hamburg")]),
        NoteCase(
            "I have to voice the hammers on the Baldwin at the church on the 15th, they've gone really bright.",
            [task("Voice the hammers on the Baldwin at the church", "2026-12-15")]),
        NoteCase("book a sports massage for Saturday, my left hamstring's tight", [task("Book a sports massage", "2026-11-21")]),
        NoteCase("replace my running shoes, they've done five hundred miles", [task("Replace my running shoes")]),
        NoteCase(
            "remind me to clip Biscuit's nails at quarter past two, and uh, de-shed the husky",
            [task("Clip Biscuit's nails", "2026-11-18", "14:15"), task("De-shed the husky")]),
        NoteCase("de-shed the husky", [task("De-shed the husky")]),
        .none("the room is double-booked"),
        NoteCase("one of the van's wing mirrors is smashed", [task("One of the van's wing mirrors is smashed")]),
        NoteCase("the classroom blinds won't go up", [task("The classroom blinds won't go up")]),
        NoteCase("the fridge door seal has come loose", [task("The fridge door seal has come loose")]),
        .none("the prices won't go down"),
        .none("one of the kids is sick"),
        NoteCase("my boss asked me to update the rota", [task("My boss asked me to update the rota")]),
        NoteCase("Jo asked if I could feed her cats while she's away", [task("Jo asked if I could feed her cats while she's away")]),
        NoteCase("the neighbours want me to water their hanging baskets", [task("The neighbours want me to water their hanging baskets")]),
        .none("he asked me to read his update, so I did"),
        NoteCase(
            "sanitize the kegs and replace the gas line on the kegerator by the weekend",
            [task("Sanitize the kegs"), task("Replace the gas line on the kegerator", "2026-11-21")]),
        NoteCase(
            "water the ferns and feed the orchids every Sunday",
            [task("Water the ferns", "2026-11-22", every: "FREQ=WEEKLY;BYDAY=SU"), task("Feed the orchids", "2026-11-22", every: "FREQ=WEEKLY;BYDAY=SU")]),
        NoteCase("The novice rowers need their waivers signed by me", [task("The novice rowers need their waivers signed by me")]),
        // After review: what a heading, a need, a state or an errand must not take.
        NoteCase("buy milk and call mom, both tomorrow", [task("Buy milk", "2026-11-19"), task("Call mom", "2026-11-19")]),
        NoteCase("nip out and get bread tomorrow morning", [task("Nip out", "2026-11-19", "09:00"), task("Get bread", "2026-11-19", "09:00")]),
        .none("Jo said her car needs a service and her bike needs new tyres"),
        NoteCase("see if the hedge needs cutting and the lawn needs mowing", [task("See if the hedge needs cutting and the lawn needs mowing")]),
        NoteCase("pick up the kids and whoever else needs a lift", [task("Pick up the kids and whoever else needs a lift")]),
        NoteCase(
            "project launch: write the press release, brief the agency",
            [task("Write the press release", project: "launch"), task("Brief the agency", project: "launch")]),
        NoteCase(
            "before Christmas: order the turkey, book the carol service",
            [task("Order the turkey", "2026-12-25"), task("Book the carol service", "2026-12-25")]),
        NoteCase("work tasks: send the deck, book the room", [task("Send the deck", labels: ["work"]), task("Book the room", labels: ["work"])]),
        NoteCase("warning: the floor's wet", [task("Warning: the floor's wet")]),
        NoteCase("for my list: get the snow tires put on", [task("Get the snow tires put on")]),
        NoteCase("memo to self: replace the cracked phone screen", [task("Replace the cracked phone screen")]),
        NoteCase("collect the bags, Mum's dry cleaning", [task("Collect the bags, Mum's dry cleaning")]),
        NoteCase("buy cider, Thatcher's dry", [task("Buy cider, Thatcher's dry")]),
        NoteCase("scarf the new plank on the whaler, the old one's rotten right through", [task("Scarf the new plank on the whaler")]),
        .none("the path was de-iced"),
        .none("Jo un-tied the boat"),
        .none("the blinds won't go up in the film"),
        .none("the seal has come loose at the pool"),
        NoteCase("the fridge display in the shop is showing an error", [task("The fridge display in the shop is showing an error")]),
        .none("Jo asked if I could drive"),
        .none("the app asked me to update"),
        .none("my boss asked me to explain myself"),
        .none("the neighbours want me to water their baskets but I'm not going to"),
        NoteCase("the site manager wants me to order more scaffold clips", [task("The site manager wants me to order more scaffold clips")]),
        .none("the people next door never need their boiler checked"),
        .none("the lads at work need their heads checked"),
        NoteCase("reshoe the bay cob at Hollins Farm on Monday", [task("Reshoe the bay cob at Hollins Farm", "2026-11-23")]),
        NoteCase("send the report by cob", [task("Send the report", "2026-11-18", "17:00")]),
        NoteCase(
            "register the new address by October 30th, and order moving boxes", [task("Register the new address", "2027-10-30"), task("Order moving boxes")]),
        NoteCase("flea drops for both cats", [task("Flea drops for both cats")]),
        NoteCase("baby wipes for the changing bag", [task("Baby wipes for the changing bag")]),
        .none("dad works for the council"),
        .none("time flies with you"),
        NoteCase("aye, call the vet tomorrow", [task("Call the vet", "2026-11-19")]),
        .none("check this out"),
        // A when said first is the first task's, and of those a bare "and" joins to it or that put it right.
        NoteCase(
            "Tomorrow first thing, descale the coffee machine, then caramelise the onions for the bratwurst.",
            [task("Descale the coffee machine", "2026-11-19", "09:00"), task("Caramelise the onions for the bratwurst")]),
        NoteCase(
            "Tomorrow, buy the glow sticks and pick up the projector from Pastor Dan.",
            [task("Buy the glow sticks", "2026-11-19"), task("Pick up the projector from Pastor Dan", "2026-11-19")]),
        NoteCase(
            "Tomorrow afternoon, inspect the chairlift evac ropes, and sign off on the new patrollers' CPR cards.",
            [task("Inspect the chairlift evac ropes", "2026-11-19", "15:00"), task("Sign off on the new patrollers' CPR cards")]),
        NoteCase(
            "okay so tomorrow I need to scratch-coat the extension walls, the blockwork's finally dry, then get the beads on the window reveals",
            [task("Scratch-coat the extension walls", "2026-11-19"), task("Get the beads on the window reveals")]),
        NoteCase(
            "first thing tomorrow, block out the — no, hold the banquet hall for the sangeet. And email the guest list to the hotel.",
            [task("Hold the banquet hall for the sangeet", "2026-11-19", "09:00"), task("Email the guest list to the hotel")]),
        NoteCase(
            "before Christmas: order the turkey, book the carol service",
            [task("Order the turkey", "2026-12-25"), task("Book the carol service", "2026-12-25")]),
        NoteCase("urgent: call the bank, pay the rent", [task("Call the bank", priority: .high), task("Pay the rent", priority: .high)]),
        NoteCase(
            "order glass eyes for the barn owl, the supplier's slow, and mount the pheasant by Friday",
            [task("Order glass eyes for the barn owl"), task("Mount the pheasant", "2026-11-20")]),
        NoteCase(
            "book the dry dock for March 3rd, and while I think of it, buy two tins of blacking",
            [task("Book the dry dock", "2027-03-03"), task("Buy two tins of blacking")]),
        NoteCase(
            "okay, lift stuff: uh, check the anemometer on the top station, grease the sheaves",
            [task("Check the anemometer on the top station"), task("Grease the sheaves")]),
        NoteCase(
            "um, okay, documentary stuff: first, log the archive tape, second, clear the theme music",
            [task("Log the archive tape"), task("Clear the theme music")]),
        NoteCase("dinner party shopping: pick up the lamb shoulder, buy saffron", [task("Pick up the lamb shoulder"), task("Buy saffron")]),
        // After the second review.
        .none("my back's sore"),
        NoteCase("the soil's dry, water the ferns", [task("Water the ferns")]),
        .none("the paint's dry already"),
        NoteCase("call the vet, Max's sore", [task("Call the vet")]),
        NoteCase("buy milk and call both grandparents tomorrow", [task("Buy milk"), task("Call both grandparents", "2026-11-19")]),
        NoteCase("buy milk and call mom both on Friday", [task("Buy milk", "2026-11-20"), task("Call mom", "2026-11-20")]),
        NoteCase("sign them both tomorrow", [task("Sign them both", "2026-11-19")]),
        NoteCase(
            "tomorrow at 9, call the bank and before I forget cancel the card",
            [task("Call the bank", "2026-11-19", "09:00"), task("Cancel the card", "2026-11-19", "09:00")]),
        NoteCase("remind me to sweep up and restock the colour bar", [task("Sweep up"), task("Restock the colour bar")]),
        NoteCase("box up and ship the camera", [task("Box up and ship the camera")]),
        NoteCase("call the nursery — sorry, email the nursery about the sessions", [task("Email the nursery about the sessions")]),
        NoteCase("call mom — sorry, call dad", [task("Call dad")]),
        NoteCase("call mom, sorry, call dad too", [task("Call mom"), task("Call dad too")]),
    ]

    @Test("Needs after 'and', list headings, states said as comments, prefixed verbs, errands asked of the speaker", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }
}
