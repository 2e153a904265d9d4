import Testing

@testable import DocketExtraction

/// Notes as people say them, mixing several rules (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Everyday notes")
struct EverydayNotesTests {
    static let noteCases: [NoteCase] = [
        NoteCase("At 4 call the school", [task("Call the school", "2026-11-18", "16:00")]),
        NoteCase("remind me at 5 to take the chicken out", [task("Take the chicken out", "2026-11-18", "17:00")]),
        NoteCase("Next Friday I have to submit the grant, high priority", [task("Submit the grant", "2026-11-27", priority: .high)]),
        NoteCase("Schedule a meeting with John next week on Thursday at 2:30", [task("Schedule a meeting with John", "2026-11-26", "14:30")]),
        NoteCase("Call the vet. No wait. Email the vet.", [task("Email the vet")]),
        NoteCase("Buy eggs, um, bread, and milk", [task("Buy eggs, bread, and milk")]),
        NoteCase("Send the newsletter every other Monday", [task("Send the newsletter", "2026-11-23", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")]),
        NoteCase("Renew my passport by March 3rd, 2027", [task("Renew my passport", "2027-03-03")]),
        NoteCase("pay the credit card bill by the 5th, it's important", [task("Pay the credit card bill", "2026-12-05", priority: .high)]),
        NoteCase("Go to the gym at 6 tomorrow morning", [task("Go to the gym", "2026-11-19", "06:00")]),
        NoteCase("tomorrow at 3 pm dentist", [task("Dentist", "2026-11-19", "15:00")]),
        NoteCase("Uh, yeah, so, I guess, um, buy a birthday card for Tom", [task("Buy a birthday card for Tom")]),
        NoteCase("Dentist, Friday, 3pm", [task("Dentist", "2026-11-20", "15:00")]),
        NoteCase("Call mom this coming Saturday", [task("Call mom", "2026-11-21")]),
        NoteCase("Book the hotel in the Berlin project by Friday", [task("Book the hotel", "2026-11-20", project: "Berlin")]),
        NoteCase(
            "Pick up the kids at school at 3:15 and then take them to soccer at 4",
            [task("Pick up the kids at school", "2026-11-18", "15:15"), task("Take them to soccer", "2026-11-18", "16:00")]
        ),
        NoteCase("I should probably call my sister", [task("Call my sister")]),
        NoteCase("I think I need to book flights for Christmas", [task("Book flights for Christmas")]),
        NoteCase(
            "Okay. So. Um. First thing tomorrow, send the invoice to Acme. And then at lunch, call Dave.",
            // A later sentence that says only a time is on the day said before the first task.
            [task("Send the invoice to Acme", "2026-11-19", "09:00"), task("Call Dave", "2026-11-19", "12:00")]
        ),
        NoteCase("Remind me on the 3rd of next month to pay taxes", [task("Pay taxes", "2026-12-03")]),
        NoteCase("Call mom. Tomorrow at 3.", [task("Call mom", "2026-11-19", "15:00")]),
        NoteCase("Call him back at 4, or rather 5", [task("Call him back", "2026-11-18", "17:00")]),
        NoteCase("Read the 2nd chapter", [task("Read the 2nd chapter")]),
        NoteCase("Book a table for 4 people at 8 pm", [task("Book a table for 4 people", "2026-11-18", "20:00")]),
        NoteCase("Turn on the dishwasher tonight", [task("Turn on the dishwasher", "2026-11-18", "20:00")]),
        NoteCase("Get the car washed on Sunday morning", [task("Get the car washed", "2026-11-22", "09:00")]),
        NoteCase("remind me to take my meds at 8 every night", [task("Take my meds", "2026-11-18", "20:00", every: "FREQ=DAILY")]),
        NoteCase(
            "Set up a meeting every Tuesday at 10 with the design team",
            [task("Set up a meeting with the design team", "2026-11-24", "10:00", every: "FREQ=WEEKLY;BYDAY=TU")]
        ),
        NoteCase(
            "Pick up dry cleaning before 6 pm on Friday, and don't forget the receipts",
            [task("Pick up dry cleaning", "2026-11-20", "18:00"), task("Don't forget the receipts")]
        ),
        NoteCase(
            "Email Kate. Also, check the mail. Then, walk the dog at 6.",
            [task("Email Kate"), task("Check the mail"), task("Walk the dog", "2026-11-18", "18:00")]
        ),
        NoteCase("Call the pharmacy first thing in the morning", [task("Call the pharmacy", "2026-11-19", "09:00")]),
        NoteCase("send the quarterly report to finance by the 30th", [task("Send the quarterly report to finance", "2026-11-30")]),
        NoteCase("Pay Joe back 20 dollars on Friday", [task("Pay Joe back 20 dollars", "2026-11-20")]),
    ]

    @Test("everyday notes", arguments: noteCases)
    func everyday(_ note: NoteCase) throws { try expectExtraction(note) }
}
