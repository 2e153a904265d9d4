import Testing

@testable import DocketExtraction

/// What a clause says about a task rather than being one: its purpose, a day the thing is for or from, a correction of
/// a when still to come, and a comment after a comma (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Purposes and comments")
struct PurposesAndCommentsTests {
    static let notes: [NoteCase] = [
        // ", to …" after a task says what it is for.
        NoteCase("Call the vet at 9:30, no, 10:30, to ask about Milo's stitches.", [task("Call the vet to ask about Milo's stitches", "2026-11-18", "10:30")]),
        NoteCase("call the bank tomorrow, to ask about the fee", [task("Call the bank to ask about the fee", "2026-11-19")]),
        NoteCase("book the table for Friday, no, Saturday, for four people", [task("Book the table for four people", "2026-11-21")]),
        NoteCase("remind me to call mom, to buy milk, and to email Sue", [task("Call mom"), task("Buy milk"), task("Email Sue")]),
        // A correction of a when said before its task.
        NoteCase("Um, Friday. Uh, no, Thursday. Pick up the cake from Costco.", [task("Pick up the cake from Costco", "2026-11-19")]),
        NoteCase("Tomorrow, no wait, Friday, call mom", [task("Call mom", "2026-11-20")]),
        // A day the thing is for, beside a deadline; a day it is from.
        NoteCase("Pick the book club book for January by the end of December.", [task("Pick the book club book for January", "2026-12-31")]),
        NoteCase("Book the venue for March by Friday", [task("Book the venue for March", "2026-11-20")]),
        NoteCase("email Rachel the photos from Saturday", [task("Email Rachel the photos from Saturday")]),
        NoteCase("from tomorrow take the pills", [task("Take the pills", "2026-11-19")]),
        NoteCase("work from home from Monday to Wednesday", [task("Work from home", "2026-11-23")]),
        NoteCase("starting from Saturday walk the dog every day", [task("Walk the dog", "2026-11-21", every: "FREQ=DAILY")]),
        // A comment after a comma leaves the title.
        NoteCase(
            "Sign up Oliver for swim lessons before the 1st, the spots fill up fast.", [task("Sign up Oliver for swim lessons", "2026-12-01")]),
        NoteCase("Get the car inspected by the end of the month, the sticker expires.", [task("Get the car inspected", "2026-11-30")]),
        NoteCase("Check in on Maria, her dad's in the hospital.", [task("Check in on Maria")]),
        NoteCase("call Sam's in-laws", [task("Call Sam's in-laws")]),
    ]

    @Test("Purposes, days of things, corrections and comments", arguments: notes)
    func read(_ note: NoteCase) throws { try expectExtraction(note) }
}
