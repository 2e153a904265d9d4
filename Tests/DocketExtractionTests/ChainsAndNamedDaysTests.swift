import Testing

@testable import DocketExtraction

/// A day said before an "and" chain with a time after it, lengths of hourly repeats, days that are names, and a "no"
/// said of a person (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Chains, named days and refusals")
struct ChainsAndNamedDaysTests {
    static let chainNotes: [NoteCase] = [
        // The day said before the chain and the time said after it are both every chained task's.
        NoteCase(
            "Tomorrow, clean the fridge, do laundry and call Grandma in the afternoon.",
            [task("Clean the fridge", "2026-11-19"), task("Do laundry", "2026-11-19", "15:00"), task("Call Grandma", "2026-11-19", "15:00")]),
        NoteCase(
            "Tomorrow I need to email Sarah and call the bank at 5",
            [task("Email Sarah", "2026-11-19", "17:00"), task("Call the bank", "2026-11-19", "17:00")]),
        NoteCase(
            "Friday, wash the car and mow the lawn in the morning",
            [task("Wash the car", "2026-11-20", "09:00"), task("Mow the lawn", "2026-11-20", "09:00")]),
        // A day said after a task is its own; a comma or "and then" ends the chain; another day is not shared.
        NoteCase("buy milk tomorrow and call mom at 5", [task("Buy milk", "2026-11-19"), task("Call mom", "2026-11-18", "17:00")]),
        NoteCase(
            "Tomorrow I need to email Sarah, and then pick up the kids at 5",
            [task("Email Sarah", "2026-11-19"), task("Pick up the kids", "2026-11-19", "17:00")]),
        NoteCase(
            "Monday call the vet and email Tom on Tuesday at 4",
            [task("Call the vet", "2026-11-23"), task("Email Tom", "2026-11-24", "16:00")]),
        // A length after an hourly repeat ends it, counted from today.
        NoteCase(
            "Give Jack his amoxicillin every 12 hours for 10 days.",
            [task("Give Jack his amoxicillin", "2026-11-18", "21:00", every: "FREQ=HOURLY;INTERVAL=12;UNTIL=20261128T045959Z")]),
        NoteCase("stretch every 2 hours for a week", [task("Stretch", "2026-11-18", "11:00", every: "FREQ=HOURLY;INTERVAL=2;UNTIL=20261125T045959Z")]),
        NoteCase("drink water every hour", [task("Drink water", "2026-11-18", "10:00", every: "FREQ=HOURLY")]),
        // Days that are names of days after Thanksgiving.
        NoteCase("Put up the Small Business Saturday banner on the 27th.", [task("Put up the Small Business Saturday banner", "2026-11-27")]),
        NoteCase("Order the Small Business Saturday flyers", [task("Order the Small Business Saturday flyers")]),
        NoteCase("Open early on Small Business Saturday", [task("Open early", "2026-11-28")]),
        NoteCase("Post the appeal by Giving Tuesday", [task("Post the appeal", "2026-12-01")]),
        NoteCase("Call the small business office Saturday", [task("Call the small business office", "2026-11-21")]),
        // "no" and why, said of a person, is not a correction.
        NoteCase(
            "Call Dana at 3, uh, no, she's busy then, call her at 4.", [task("Call Dana", "2026-11-18", "15:00"), task("Call her", "2026-11-18", "16:00")]),
        NoteCase("Text Ben, no, he's away, text Sam", [task("Text Ben"), task("Text Sam")]),
        NoteCase("No, she's not home right now.", []),
        NoteCase("Call Dana at 3, no, 4", [task("Call Dana", "2026-11-18", "16:00")]),
        // A full stop between a verb and a plural object with a plural before it.
        NoteCase("I need to buy. The kids shoes.", [task("Buy the kids shoes")]),
        NoteCase("I need to vacuum. The in-laws arrive Friday.", [task("Vacuum"), task("The in-laws arrive", "2026-11-20")]),
    ]

    /// Talk around tasks, whens said in a comment, and priorities said after one.
    static let talkNotes: [NoteCase] = [
        NoteCase("Okay so this morning was kind of a mess. Anyway, I need to call the pediatrician tomorrow.", [task("Call the pediatrician", "2026-11-19")]),
        NoteCase("Oh man, the garbage truck came early again today.", []),
        NoteCase("Well the dishwasher finally died. Call Sears on Monday.", [task("Call Sears", "2026-11-23")]),
        NoteCase("So apparently I'm the one cooking this year, which, wow.", []),
        NoteCase("Honestly, the new season of that show is boring. Cancel the Hulu subscription.", [task("Cancel the Hulu subscription")]),
        NoteCase("Did the package come? If not, call UPS tomorrow at 10.", [task("Call UPS", "2026-11-19", "10:00")]),
        NoteCase("Just kidding, it's Wednesday. Update the tracker.", [task("Update the tracker")]),
        NoteCase("Not gonna lie, I ate the last cookie. Buy more cookies.", [task("Buy more cookies")]),
        NoteCase("Thanks everyone, see you Sunday.", []),
        NoteCase("bye, my love", []),
        NoteCase("Just kidding, call mom", [task("Call mom")]),
        NoteCase("The smoke detector in the upstairs unit keeps chirping so replace the battery this weekend.", [task("Replace the battery", "2026-11-21")]),
        // A broadcast phrase that is also everyday words, said in a task.
        NoteCase("Make the first down payment on the car", [task("Make the first down payment on the car")]),
        NoteCase("Edit and save the budget file", [task("Edit and save the budget file")]),
        NoteCase("Update our website by Friday", [task("Update our website", "2026-11-20")]),
        NoteCase("Connect the charger to the drill", [task("Connect the charger to the drill")]),
        NoteCase("Clean the bottom of the fridge", [task("Clean the bottom of the fridge")]),
        NoteCase("sign up today at our website", []),
        NoteCase("Switch and save up to fifteen percent on car insurance.", []),
        NoteCase("Fourth and goal from the 3-yard line, 2 minutes left on the clock.", []),
        // A comment's own past, repetition or "now" is not the task's when; a when after the comment is.
        NoteCase("Call my sister back, she left me a voicemail yesterday.", [task("Call my sister back")]),
        NoteCase("Book the flights home, the prices are going up every day.", [task("Book the flights home")]),
        NoteCase("Update the waitlist, we have 9 people now, important.", [task("Update the waitlist", priority: .high)]),
        NoteCase("Call the home health agency, the aide didn't show up again today.", [task("Call the home health agency")]),
        NoteCase("Call the insurance, the claim was denied, first thing tomorrow", [task("Call the insurance", "2026-11-19", "09:00")]),
        NoteCase("Take the puppies to the vet on Saturday, they'll be 6 weeks old.", [task("Take the puppies to the vet", "2026-11-21")]),
        NoteCase(
            "Call the dealership about the recall, the check engine light came on again, high priority.",
            [task("Call the dealership about the recall", priority: .high)]),
        NoteCase(
            "Apply for the Ford Fellowship, deadline's January 10th, top priority", [task("Apply for the Ford Fellowship", "2027-01-10", priority: .high)]),
        // Priorities said after a comma.
        NoteCase("Fix the squeaky door, it's not a big deal.", [task("Fix the squeaky door", priority: .low)]),
        NoteCase("Ask finance about the budget, that's kind of urgent", [task("Ask finance about the budget", priority: .high)]),
        NoteCase("Top of the list, finish the tax forms.", [task("Finish the tax forms", priority: .high)]),
        NoteCase("Put the receipts at the top of the list", [task("Put the receipts at the top of the list")]),
        NoteCase("Schedule a family meeting, sometime before Christmas.", [task("Schedule a family meeting", "2026-12-25", priority: .low)]),
        NoteCase("Tell Sam it's not a big deal", [task("Tell Sam it's not a big deal")]),
    ]

    @Test("Talk around tasks and comments after them", arguments: talkNotes)
    func talk(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Chains, named days and refusals", arguments: chainNotes)
    func read(_ note: NoteCase) throws { try expectExtraction(note) }
}
