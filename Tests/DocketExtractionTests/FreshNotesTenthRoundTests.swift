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
    ]

    @Test("Needs after 'and', list headings, states said as comments, prefixed verbs, errands asked of the speaker", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }
}
