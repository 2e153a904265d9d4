import Testing

@testable import DocketExtraction

/// A fourth fresh round: a condition said first without a pause, asides that open with "while" or "come to think of
/// it", hedges that still ask ("it might be time to…"), a word given ("I told Grandpa I'd…"), supplies at their last,
/// "about lunch" as a topic, a comment after a priority word, a fraction before the unit, a year of the last century,
/// "worth doing" hedged, a countdown, two verbs of one object with a particle, and comments after a plural subject
/// (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Fresh notes, fourth round")
struct FreshNotesFourthRoundTests {
    static let noteCases: [NoteCase] = [
        NoteCase("if it gets windy tonight bring in the patio umbrella", [task("Bring in the patio umbrella if it gets windy", "2026-11-18", "20:00")]),
        NoteCase("if gas drops under three bucks fill up both cars", [task("Fill up both cars if gas drops under three bucks")]),
        NoteCase(
            "if Grandma's flight is delayed book her the airport shuttle", [task("Book her the airport shuttle if Grandma's flight is delayed")]),
        NoteCase("when you get home call me", [task("Call me when you get home")]),
        NoteCase("before you leave lock the back door", [task("Lock the back door before you leave")]),
        NoteCase("if the kids call tell them", [task("If the kids call tell them")]),
        NoteCase(
            "And, while I think of it, ask her about a support act.", [task("Ask her about a support act")]),
        NoteCase("come to think of it, call the bank", [task("Call the bank")]),
        NoteCase("while I remember, renew the fishing license", [task("Renew the fishing license")]),
        NoteCase("it might be time to get the chimney inspected", [task("Get the chimney inspected")]),
        NoteCase("it'd be smart to get the brakes looked at before the road trip", [task("Get the brakes looked at before the road trip")]),
        NoteCase("I might want to book the hotel early", [task("Book the hotel early")]),
        NoteCase("I told Grandpa I'd fix his printer this weekend", [task("I told Grandpa I'd fix his printer", "2026-11-21")]),
        .none("I told him to leave"),
        .none("I said I'd never go back"),
        NoteCase("we have no more freezer bags", [task("We have no more freezer bags")]),
        NoteCase("we're on the last pod of dishwasher tablets", [task("We're on the last pod of dishwasher tablets")]),
        .none("we're on the last episode"),
        .none("we have no more time"),
        NoteCase("ask the PTA about lunch for the judges", [task("Ask the PTA about lunch for the judges")]),
        NoteCase("meet Jen at lunch", [task("Meet Jen", "2026-11-18", "12:00")]),
        NoteCase(
            "note to self, fix the loose handrail on the back stairs asap, somebody's going to get hurt",
            [task("Fix the loose handrail on the back stairs", priority: .high)]),
        NoteCase("Move the sprinklers in two and a quarter hours", [task("Move the sprinklers", "2026-11-18", "11:15")]),
        NoteCase("check the oven in one and three quarters hours", [task("Check the oven", "2026-11-18", "10:45")]),
        NoteCase("call Sam in two and a quarter days", [task("Call Sam in two and a quarter days")]),
        .none("On the night of October 3rd, 1994, Denise Harlan never came home."),
        NoteCase(
            "Continue to the next room, where the Egyptian collection begins.", [task("Continue to the next room, where the Egyptian collection begins")]),
        NoteCase("where the blue dress to the wedding", [task("Wear the blue dress to the wedding")]),
        NoteCase("if Ethan's fever goes over 101 call the pediatrician", [task("Call the pediatrician if Ethan's fever goes over 101")]),
        NoteCase("I promised my boss the slide deck by Monday morning", [task("I promised my boss the slide deck", "2026-11-23", "09:00")]),
        .none("I promised her"),
        NoteCase("it'd probably be smart to set up a budget spreadsheet", [task("Set up a budget spreadsheet")]),
        NoteCase("might be worth calling the pediatrician about that cough", [task("Might be worth calling the pediatrician about that cough")]),
        .none("the movie is worth watching"),
        .none("Fifteen minutes remaining."),
        .none("roger that"),
        NoteCase("Box up and ship the vintage camera by Friday", [task("Box up and ship the vintage camera", "2026-11-20")]),
        NoteCase("pick up and drop off the kids", [task("Pick up and drop off the kids")]),
        NoteCase("pore the batter into the pan", [task("Pour the batter into the pan")]),
        NoteCase("pore over the contract", [task("Pore over the contract")]),
        NoteCase(
            "Call the county bee inspector, the Millers' hives look sick. Ask her about foulbrood testing.",
            [task("Call the county bee inspector"), task("Ask her about foulbrood testing")]),
        NoteCase(
            "Ask public works to patch the potholes on Mill Road, people keep complaining",
            [task("Ask public works to patch the potholes on Mill Road")]),
        NoteCase(
            "if it freezes tonight have the crew sand the bridge on Mill Road",
            [task("Have the crew sand the bridge on Mill Road if it freezes", "2026-11-18", "20:00")]),
        NoteCase("by orange slices and water for the game on Saturday", [task("Buy orange slices and water for the game", "2026-11-21")]),
        NoteCase("buy chips and check for leaks", [task("Buy chips"), task("Check for leaks")]),
        NoteCase("pick me up about lunch", [task("Pick me up", "2026-11-18", "12:00")]),
        NoteCase("call the caterer about lunch", [task("Call the caterer about lunch")]),
        .none("I told you I'd be late"),
        .none("I said I'll try"),
        .none("I told him I'll think about it"),
        .none("there's no more school until Monday"),
        .none("I'm on my last nerve"),
        .none("it's definitely worth trying the new Thai place"),
        .none("is it worth fixing the old car"),
        NoteCase("maybe it's worth getting a second opinion on the roof", [task("Maybe it's worth getting a second opinion on the roof")]),
        .none("it'd be good to see you guys again"),
        NoteCase("it's high time to clean the gutters", [task("Clean the gutters")]),
        NoteCase("when the kids get home have them do homework", [task("Have them do homework when the kids get home")]),
        NoteCase("if she lets me borrow the car pick up Grandma", [task("Pick up Grandma if she lets me borrow the car")]),
        NoteCase("if you help me move the couch I'll buy you lunch", [task("If you help me move the couch I'll buy you lunch")]),
        NoteCase("if anyone calls take a message", [task("Take a message if anyone calls")]),
        NoteCase("if the hotel has a pool pack the swimsuits", [task("Pack the swimsuits if the hotel has a pool")]),
        NoteCase("while I think of it call the bank about the fee", [task("Call the bank about the fee")]),
        NoteCase("now that I think of it email Jen the photos", [task("Email Jen the photos")]),
    ]

    @Test("Conditions, asides, hedges, supplies and fractions", arguments: noteCases)
    func notes(_ note: NoteCase) throws { try expectExtraction(note) }
}
