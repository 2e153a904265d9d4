import Foundation
import Testing

@testable import DocketExtraction

/// Talk that asks for nothing gives no task; requests that look like talk still do.
@Suite("Not everything is a task")
struct NotATaskTests {
    /// `Corpus/not-tasks.txt`: room talk, questions, statements, opinions, small talk, broadcast lines.
    static let roomTalk: [String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus/not-tasks.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }()

    /// Utterances of the corpus the reader still takes for tasks: commands said to someone else in the room,
    /// verbless sports talk and a report of a thing gone wrong (a need when said to docket), which only an activation
    /// step can tell apart.
    static let knownMisses: Set<String> = [
        "three strikes and you're out", "five more minutes", "that's mine, give it back", "the washing machine is making that noise",
    ]

    static func tasks(_ text: String) throws -> [ExtractedTask] {
        TaskExtractor().extract(from: text, context: try NoteCase.none(text).context()).tasks
    }

    @Test("the corpus holds at least 200 utterances of many kinds")
    func corpusSize() {
        #expect(Self.roomTalk.count >= 200)
    }

    @Test("room talk gives no task", arguments: roomTalk.filter { !knownMisses.contains($0) })
    func roomTalkGivesNoTask(_ text: String) throws {
        let tasks = try Self.tasks(text)
        #expect(tasks.isEmpty, "\(tasks.map(\.title))")
    }

    @Test("at most 5 % of room talk gives a task")
    func shareOfRoomTalkTakenForTasks() throws {
        let taken = try Self.roomTalk.filter { !(try Self.tasks($0)).isEmpty }
        #expect(Double(taken.count) <= 0.05 * Double(Self.roomTalk.count), "\(taken)")
        #expect(Set(taken).isSubset(of: Self.knownMisses), "new misses: \(Set(taken).subtracting(Self.knownMisses))")
    }

    static let requests: [NoteCase] = [
        NoteCase("milk", [task("Milk")]),
        NoteCase("vet appointment Tuesday at 2:30", [task("Vet appointment", "2026-11-24", "14:30")]),
        NoteCase("the car needs an oil change", [task("The car needs an oil change")]),
        NoteCase("the kitchen sink needs fixing", [task("The kitchen sink needs fixing")]),
        NoteCase("truck 7 needs new brakes", [task("Truck 7 needs new brakes")]),
        NoteCase("press 2 shirts for Monday", [task("Press 2 shirts", "2026-11-23")]),
        NoteCase("if the price drops, buy the tickets", [task("Buy the tickets if the price drops")]),
        NoteCase("if it rains bring the chairs in", [task("Bring the chairs in if it rains")]),
        NoteCase("look at the leases before Friday", [task("Look at the leases", "2026-11-20")]),
        NoteCase("if Dad's fever goes above 101, call Dr. Reyes", [task("Call Dr. Reyes if Dad's fever goes above 101")]),
        NoteCase("if the build fails again, roll back the deploy", [task("Roll back the deploy if the build fails again")]),
        NoteCase("we're out of the good coffee", [task("We're out of the good coffee")]),
        NoteCase("the printer is out of toner", [task("The printer is out of toner")]),
        NoteCase("don't fall off the ladder", [task("Don't fall off the ladder")]),
        NoteCase("do the dishes", [task("Do the dishes")]),
        NoteCase("call mom and after that email Sam", [task("Call mom"), task("Email Sam")]),
        NoteCase("pick up the kids after that meeting", [task("Pick up the kids after that meeting")]),
        NoteCase("Check out the new cafe", [task("Check out the new cafe")]),
        NoteCase("stop paying for the gym", [task("Stop paying for the gym")]),
        NoteCase("text my buddy Sam", [task("Text my buddy Sam")]),
        NoteCase("get some honey and bread", [task("Get some honey and bread")]),
        NoteCase("Buy eggs, bread, milk, honey", [task("Buy eggs, bread, milk, honey")]),
        NoteCase("If Mom calls, tell her I'll be late", [task("Tell her I'll be late if Mom calls")]),
        NoteCase("Don't leave your laptop in the car", [task("Don't leave your laptop in the car")]),
        NoteCase("I'm out of my blood pressure pills", [task("I'm out of my blood pressure pills")]),
        NoteCase("I'm out of milk", [task("I'm out of milk")]),
        NoteCase("Stop getting the newspaper", [task("Stop getting the newspaper")]),
        NoteCase("Ask about the reading buddy program", [task("Ask about the reading buddy program")]),
        NoteCase("Vacuum weekly upstairs", [task("Vacuum upstairs", "2026-11-18", every: "FREQ=WEEKLY")]),
        NoteCase("Watch the movie Independence Day", [task("Watch the movie Independence Day")]),
        NoteCase("Look up how to diet.", [task("Look up how to diet")]),
        NoteCase("Call the vet and, um, paper towels, book the kennel", [task("Call the vet"), task("Paper towels"), task("Book the kennel")]),
        NoteCase("When the plumber calls back…", [task("When the plumber calls back")]),
        NoteCase("Unit 12's rent is due Friday", [task("Unit 12's rent is due", "2026-11-20")]),
        NoteCase("Print 3 copies of the lease", [task("Print 3 copies of the lease")]),
        NoteCase("we're out of milk", [task("We're out of milk")]),
        NoteCase("we're running low on dish soap", [task("We're running low on dish soap")]),
        NoteCase("I have to renew my license", [task("Renew my license")]),
        NoteCase("we should repaint the fence by Friday", [task("Repaint the fence", "2026-11-20")]),
        NoteCase("I have a dentist appointment Thursday at 4", [task("I have a dentist appointment", "2026-11-19", "16:00")]),
        NoteCase("I'm meeting Sarah for lunch tomorrow at noon", [task("I'm meeting Sarah for lunch", "2026-11-19", "12:00")]),
        NoteCase("the plumber comes Tuesday at 10", [task("The plumber comes", "2026-11-24", "10:00")]),
        NoteCase("Sam's flight lands at 6 tomorrow", [task("Sam's flight lands", "2026-11-19", "18:00")]),
        NoteCase("can you remind me to call mom", [task("Call mom")]),
        NoteCase("could you add eggs to the list", [task("Eggs")]),
        NoteCase("I'll call the bank tomorrow", [task("Call the bank", "2026-11-19")]),
        NoteCase("it's time to change the furnace filter", [task("Change the furnace filter")]),
        NoteCase("forgot to call the pharmacy", [task("Forgot to call the pharmacy")]),
        NoteCase("trash goes out tonight", [task("Trash goes out", "2026-11-18", "20:00")]),
        NoteCase("mom's birthday gift", [task("Mom's birthday gift")]),
        NoteCase("shredded cheese and smoked salmon", [task("Shredded cheese and smoked salmon")]),
        NoteCase("water plants", [task("Water plants")]),
        NoteCase("Happy new year call at midnight", [task("Happy new year call", "2026-11-19", "00:00")]),
        NoteCase("I'm going to call the school tomorrow", [task("Call the school", "2026-11-19")]),
        NoteCase("check if the pharmacy is open on Sunday", [task("Check if the pharmacy is open", "2026-11-22")]),
        NoteCase("ask the doctor why my knee hurts", [task("Ask the doctor why my knee hurts")]),
        NoteCase("Mom called. Call her back tonight.", [task("Call her back", "2026-11-18", "20:00")]),
        NoteCase("Mr. Diaz's package came in, email him today", [task("Email him", "2026-11-18")]),
        NoteCase("Ask Aunt Rosa to visit us at Easter", [task("Ask Aunt Rosa to visit us", "2027-03-28")]),
        NoteCase("Print the 20% off coupon before Saturday", [task("Print the 20% off coupon", "2026-11-21")]),
        NoteCase("hurry in to the bank before it closes at 4", [task("Hurry in to the bank before it closes", "2026-11-18", "16:00")]),
        NoteCase("the party is going to be on Saturday at 6", [task("The party", "2026-11-21", "18:00")]),
        NoteCase("Traffic was brutal today, so leave early tomorrow", [task("Leave early", "2026-11-19")]),
        NoteCase("Clearly label the moving boxes by Friday", [task("Clearly label the moving boxes", "2026-11-20")]),
        NoteCase("Always keep the garage door closed", [task("Always keep the garage door closed")]),
        NoteCase("Dad's landing soon, so put the kettle on", [task("Put the kettle on")]),
        NoteCase("Picking up the kids now", [task("Picking up the kids", "2026-11-18", "09:00")]),
        NoteCase("Text Bill right now, he's waiting", [task("Text Bill", "2026-11-18", "09:00")]),
        NoteCase("Next week is going to be crazy, so book the sitter for Friday", [task("Book the sitter", "2026-11-20")]),
        NoteCase("call Grandma and ask her to visit us", [task("Call Grandma"), task("Ask her to visit us")]),
        NoteCase("clean the house on the weekends", [task("Clean the house", "2026-11-21", every: "FREQ=WEEKLY;BYDAY=SA,SU")]),
        NoteCase("Jake's wedding", [task("Jake's wedding")]),
        NoteCase(
            "Lunch with the Trout Unlimited chapter president Thursday at noon",
            [task("Lunch with the Trout Unlimited chapter president", "2026-11-19", "12:00")]),
        NoteCase("Hold still while I take the photo", [task("Hold still while I take the photo")]),
        NoteCase("Great idea, email the team", [task("Email the team")]),
        NoteCase("Parking downtown is a nightmare, so arrive early for the concert", [task("Arrive early for the concert")]),
        NoteCase(
            "Sort the receipts, keep the ones for taxes in the blue folder", [task("Sort the receipts"), task("Keep the ones for taxes in the blue folder")]),
        NoteCase("dinner with the Parks is at 6 on Friday", [task("Dinner with the Parks", "2026-11-20", "18:00")]),
        NoteCase("It's windy out, bring the patio chairs in", [task("Bring the patio chairs in")]),
        NoteCase("Did the mail come? Buy stamps anyway.", [task("Buy stamps anyway")]),
        // "your" with a day, a lead-in, or of a thing not a child's own stays a task.
        NoteCase("Pack your lunch tomorrow", [task("Pack your lunch", "2026-11-19")]),
        NoteCase("remember to pack your lunch", [task("Pack your lunch")]),
        NoteCase("Bring your laptop charger", [task("Bring your laptop charger")]),
        NoteCase("remind Leo to brush his teeth", [task("Remind Leo to brush his teeth")]),
        // A named person's obligation may be the speaker's to remember; what "he", "she" or "they" must do is news.
        NoteCase("Maya has to bring a snack for the class on Friday", [task("Maya has to bring a snack for the class", "2026-11-20")]),
        NoteCase("he needs a haircut before the wedding", [task("He needs a haircut before the wedding")]),
        NoteCase("because it's raining, bring an umbrella", [task("Bring an umbrella")]),
        NoteCase("submit the timesheet at once", [task("Submit the timesheet", "2026-11-18", "09:00")]),
        NoteCase("call me back this minute", [task("Call me back", "2026-11-18", "09:00")]),
        NoteCase("morning meds at 8", [task("Morning meds", "2026-11-19", "08:00")]),
        NoteCase("Tom's wedding and the rehearsal dinner", [task("Tom's wedding and the rehearsal dinner")]),
        NoteCase("we're out of the oven cleaner", [task("We're out of the oven cleaner")]),
        NoteCase("they need to be signed by Friday", [task("They need to be signed", "2026-11-20")]),
        NoteCase("note to self he has to sign the form by Friday", [task("He has to sign the form", "2026-11-20")]),
        NoteCase("submit both forms at once", [task("Submit both forms at once")]),
        NoteCase("cough drops", [task("Cough drops")]),
        NoteCase("a gallon of distilled water", [task("A gallon of distilled water")]),
        NoteCase("we're fresh out of coffee filters", [task("We're fresh out of coffee filters")]),
        // A need said after a pause keeps the note a task.
        NoteCase("the guest toilet won't stop running, it needs a new fill valve", [task("The guest toilet won't stop running")]),
        // After talk, a list or a verb still asks; a fragment of a few words goes on with the talk.
        NoteCase("The fridge is empty. Milk, eggs, bread.", [task("Milk, eggs, bread")]),
        NoteCase("the fridge is empty. more milk.", [task("More milk")]),
        NoteCase("the heater broke. Call the landlord.", [task("Call the landlord")]),
        NoteCase("It's cold. Firewood tomorrow.", [task("Firewood", "2026-11-19")]),
        NoteCase("Holy Cross tuition due Friday", [task("Holy Cross tuition", "2026-11-20")]),
        NoteCase("both kids get their flu shots", [task("Both kids get their flu shots")]),
        NoteCase("I should have the report done by Friday", [task("Have the report done", "2026-11-20")]),
        NoteCase("because of the snow move the dentist to Monday", [task("Because of the snow move the dentist to Monday")]),
    ]

    @Test("requests that look like talk stay tasks", arguments: requests)
    func requestsStayTasks(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test(
        "a note with no task says why",
        arguments: [
            ("did the mail come", NotATaskReason.question),
            ("the concert on Saturday was loud", .statement),
            ("I feel like pizza tonight", .opinion),
            ("stay tuned, we'll be right back after the break", .broadcast),
            ("eat your broccoli", .roomCommand),
            ("hand me that towel", .roomCommand),
            ("with one of the meteors", .fragment),
        ])
    func reasonIsReported(_ text: String, _ reason: NotATaskReason) throws {
        let result = TaskExtractor().extract(from: text, context: try NoteCase.none(text).context(), explain: true)
        #expect(result.tasks.isEmpty)
        #expect(result.diagnostics.map(\.message) == ["Not a task: \(reason.phrase)."])
        #expect(result.readings.map(\.kind) == [.notATask])
        #expect(result.readings.first?.value == reason.phrase)
    }
}
