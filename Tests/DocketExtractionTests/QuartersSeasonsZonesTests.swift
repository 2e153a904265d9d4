import Testing

@testable import DocketExtraction

/// Quarters, seasons and zones said after a time (reference Wed 2026-11-18 09:00 America/New_York unless a case says
/// otherwise: Q4, in the fall; Paris is UTC+1 and New York UTC-5 then).
@Suite("Quarters, seasons and zones")
struct QuartersSeasonsZonesTests {
    static let quarterCases: [NoteCase] = [
        // Relative quarters: "this quarter" is due on its last day (like "this month"), "next quarter" on its first.
        NoteCase("call Ann this quarter", [task("Call Ann", "2026-12-31")]),
        NoteCase("review goals next quarter", [task("Review goals", "2027-01-01")]),
        NoteCase("renegotiate the lease this coming quarter", [task("Renegotiate the lease", "2027-01-01")]),
        NoteCase("archive the old tickets last quarter", [task("Archive the old tickets", "2026-07-01")]),
        NoteCase("revisit the pricing the quarter after next", [task("Revisit the pricing", "2027-04-01")]),
        NoteCase("send the board pack by end of quarter", [task("Send the board pack", "2026-12-31")]),
        NoteCase("send the board pack by the end of the quarter", [task("Send the board pack", "2026-12-31")]),
        NoteCase("close out the sprint backlog EOQ", [task("Close out the sprint backlog", "2026-12-31")]),
        NoteCase("close out the sprint backlog by EOQ", [task("Close out the sprint backlog", "2026-12-31")]),
        NoteCase("tidy the vendor list by quarter end", [task("Tidy the vendor list", "2026-12-31")]),
        NoteCase("tidy the vendor list by quarter-end", [task("Tidy the vendor list", "2026-12-31")]),
        NoteCase("reconcile the petty cash by the end of this quarter", [task("Reconcile the petty cash", "2026-12-31")]),
        NoteCase("reconcile the petty cash by the end of next quarter", [task("Reconcile the petty cash", "2027-03-31")]),
        NoteCase("kick off the rebrand at the start of next quarter", [task("Kick off the rebrand", "2027-01-01")]),
        NoteCase("check the budget in the middle of next quarter", [task("Check the budget", "2027-02-15")]),
        NoteCase("check the hiring plan mid next quarter", [task("Check the hiring plan", "2027-02-15")]),
        NoteCase("count the stock on the last day of the quarter", [task("Count the stock", "2026-12-31")]),
        NoteCase("plan the offsite next quarter at 10am", [task("Plan the offsite", "2027-01-01", "10:00")]),
        // Named quarters: the first day, the next one on or after today (Q4 has begun, so "by Q4" is next year's).
        NoteCase("file the expense report by Q3", [task("File the expense report", "2027-07-01")]),
        NoteCase("migrate the database by Q4", [task("Migrate the database", "2027-10-01")]),
        NoteCase("hire two engineers in Q2", [task("Hire two engineers", "2027-04-01")]),
        NoteCase("close the books in the third quarter", [task("Close the books", "2027-07-01")]),
        NoteCase("open the Denver office in the fourth quarter", [task("Open the Denver office", "2027-10-01")]),
        NoteCase("renew the certificates before the 2nd quarter", [task("Renew the certificates", "2027-04-01")]),
        NoteCase("finish taxes by the last quarter of 2027", [task("Finish taxes", "2027-10-01")]),
        NoteCase("sell the van in the last quarter of next year", [task("Sell the van", "2027-10-01")]),
        NoteCase("launch the app Q4 2028", [task("Launch the app", "2028-10-01")]),
        NoteCase("move the servers by Q1 2027", [task("Move the servers", "2027-01-01")]),
        NoteCase("repave the lot in Q3 of 2028", [task("Repave the lot", "2028-07-01")]),
        NoteCase("raise prices due Q2, 2027", [task("Raise prices", "2027-04-01")]),
        NoteCase("refresh the laptops in Q1 next year", [task("Refresh the laptops", "2027-01-01")]),
        NoteCase("start the pilot in the first quarter of 2027", [task("Start the pilot", "2027-01-01")]),
        NoteCase("start the pilot in the second quarter of next year", [task("Start the pilot", "2027-04-01")]),
        NoteCase("submit the audit by the end of Q1 2027", [task("Submit the audit", "2027-03-31")]),
        NoteCase("submit the audit by the end of Q2 2027", [task("Submit the audit", "2027-06-30")]),
        NoteCase("wrap up the migration by the end of Q4", [task("Wrap up the migration", "2026-12-31")]),
        NoteCase("ship the redesign by the end of the third quarter", [task("Ship the redesign", "2027-09-30")]),
        NoteCase("onboard the interns at the start of Q3 2027", [task("Onboard the interns", "2027-07-01")]),
        // Another reference: Wed 2027-02-10, in Q1.
        NoteCase("call Ann this quarter", [task("Call Ann", "2027-03-31")], reference: "2027-02-10T09:00"),
        NoteCase("review goals next quarter", [task("Review goals", "2027-04-01")], reference: "2027-02-10T09:00"),
        NoteCase("file the expense report by Q3", [task("File the expense report", "2027-07-01")], reference: "2027-02-10T09:00"),
        NoteCase("update the roadmap by Q1", [task("Update the roadmap", "2028-01-01")], reference: "2027-02-10T09:00"),
        NoteCase("close out the sprint backlog EOQ", [task("Close out the sprint backlog", "2027-03-31")], reference: "2027-02-10T09:00"),
        NoteCase("wrap up the migration by the end of Q4", [task("Wrap up the migration", "2027-12-31")], reference: "2027-02-10T09:00"),
    ]

    static let notQuarterCases: [NoteCase] = [
        NoteCase("review the Q3 numbers", [task("Review the Q3 numbers")]),
        NoteCase("Q3 planning", [task("Q3 planning")]),
        NoteCase("Q4 2028, launch the app", [task("Launch the app", "2028-10-01")]),
        NoteCase("winter clothes to the attic", [task("Winter clothes to the attic")]),
        NoteCase("prepare the Q4 board deck by Friday", [task("Prepare the Q4 board deck", "2026-11-20")]),
        NoteCase("prepare the end of quarter report", [task("Prepare the end of quarter report")]),
        NoteCase("give Sam a quarter for the parking meter", [task("Give Sam a quarter for the parking meter")]),
        NoteCase("call Ann at quarter past 10", [task("Call Ann", "2026-11-18", "10:15")]),
        NoteCase("watch the third quarter of the game", [task("Watch the third quarter of the game")]),
        NoteCase("buy a quarter pound of coffee", [task("Buy a quarter pound of coffee")]),
        NoteCase("read last quarter's results", [task("Read last quarter's results")]),
        NoteCase("count the quarters in the jar", [task("Count the quarters in the jar")]),
    ]

    static let seasonCases: [NoteCase] = [
        // "this <season>": its last day when we are in it (like "this month"), else its first day.
        NoteCase("plan the garden this spring", [task("Plan the garden", "2027-03-01")]),
        NoteCase("repaint the fence this summer", [task("Repaint the fence", "2027-06-01")]),
        NoteCase("rake the leaves this fall", [task("Rake the leaves", "2026-11-30")]),
        NoteCase("rake the leaves this autumn", [task("Rake the leaves", "2026-11-30")]),
        NoteCase("service the snowblower this winter", [task("Service the snowblower", "2026-12-01")]),
        NoteCase("visit the lake this coming spring", [task("Visit the lake", "2027-03-01")]),
        // "next <season>": the first that begins after today; "last <season>": the last that ended.
        NoteCase("plan the trip for next spring", [task("Plan the trip", "2027-03-01")]),
        NoteCase("book the cabin next winter", [task("Book the cabin", "2026-12-01")]),
        NoteCase("reseed the lawn next fall", [task("Reseed the lawn", "2027-09-01")]),
        NoteCase("file the photos from last summer", [task("File the photos", "2026-06-01")]),
        NoteCase("sort out the bills from last fall", [task("Sort out the bills", "2025-09-01")]),
        // A season after "in", "by", "before", "during", "over", "until": its first day, the next on or after today.
        NoteCase("fix the roof before winter", [task("Fix the roof", "2026-12-01")]),
        NoteCase("fix the roof before Winter", [task("Fix the roof", "2026-12-01")]),
        NoteCase("clean the gutters in the fall", [task("Clean the gutters", "2027-09-01")]),
        NoteCase("plant the bulbs by autumn", [task("Plant the bulbs", "2027-09-01")]),
        NoteCase("paint the deck in spring", [task("Paint the deck", "2027-03-01")]),
        NoteCase("take a road trip during the summer", [task("Take a road trip", "2027-06-01")]),
        NoteCase("read three novels over the summer", [task("Read three novels", "2027-06-01")]),
        NoteCase("keep the pool covered until spring", [task("Keep the pool covered", "2027-03-01")]),
        NoteCase("get the chimney swept by the winter", [task("Get the chimney swept", "2026-12-01")]),
        // A season with a year: the one beginning in that year.
        NoteCase("book the ski trip for winter 2027", [task("Book the ski trip", "2027-12-01")]),
        NoteCase("visit Rome in the summer of 2027", [task("Visit Rome", "2027-06-01")]),
        NoteCase("start the course in fall 2027", [task("Start the course", "2027-09-01")]),
        NoteCase("start the course autumn 2028", [task("Start the course", "2028-09-01")]),
        NoteCase("renovate the kitchen in spring 2028", [task("Renovate the kitchen", "2028-03-01")]),
        NoteCase("renovate the kitchen in the spring of 2028", [task("Renovate the kitchen", "2028-03-01")]),
        NoteCase("tour the colleges in the spring next year", [task("Tour the colleges", "2027-03-01")]),
        // Parts of a season: its first day, the 15th of its middle month, its last day.
        NoteCase("prune the roses in early spring", [task("Prune the roses", "2027-03-01")]),
        NoteCase("harvest the pumpkins in late summer", [task("Harvest the pumpkins", "2027-08-31")]),
        NoteCase("finish the thesis by the end of summer", [task("Finish the thesis", "2027-08-31")]),
        NoteCase("finish the thesis by the end of summer 2028", [task("Finish the thesis", "2028-08-31")]),
        NoteCase("sell the snow tires by the end of the winter", [task("Sell the snow tires", "2027-02-28")]),
        NoteCase("drain the sprinklers at the start of winter", [task("Drain the sprinklers", "2026-12-01")]),
        NoteCase("check the furnace filter by mid-winter", [task("Check the furnace filter", "2027-01-15")]),
        NoteCase("repot the ferns in the middle of summer", [task("Repot the ferns", "2027-07-15")]),
        NoteCase("order seeds at the beginning of next spring", [task("Order seeds", "2027-03-01")]),
        NoteCase("rake the yard by the end of this fall", [task("Rake the yard", "2026-11-30")]),
        NoteCase("plant the garlic by the end of next fall", [task("Plant the garlic", "2027-11-30")]),
        // In winter (Fri 2027-01-15).
        NoteCase("service the snowblower this winter", [task("Service the snowblower", "2027-02-28")], reference: "2027-01-15T09:00"),
        NoteCase("book the cabin next winter", [task("Book the cabin", "2027-12-01")], reference: "2027-01-15T09:00"),
        NoteCase("paint the deck before spring", [task("Paint the deck", "2027-03-01")], reference: "2027-01-15T09:00"),
        NoteCase("sort out the bills from last winter", [task("Sort out the bills", "2025-12-01")], reference: "2027-01-15T09:00"),
        NoteCase("sell the snow tires by the end of winter", [task("Sell the snow tires", "2027-02-28")], reference: "2027-01-15T09:00"),
        NoteCase("buy a new sled in the winter", [task("Buy a new sled", "2027-12-01")], reference: "2027-01-15T09:00"),
        // In summer (Thu 2027-06-10), and on the first day of winter (Tue 2026-12-01).
        NoteCase("repaint the fence this summer", [task("Repaint the fence", "2027-08-31")], reference: "2027-06-10T09:00"),
        NoteCase("rake the leaves this fall", [task("Rake the leaves", "2027-09-01")], reference: "2027-06-10T09:00"),
        NoteCase("go camping next summer", [task("Go camping", "2028-06-01")], reference: "2027-06-10T09:00"),
        NoteCase("service the snowblower this winter", [task("Service the snowblower", "2027-02-28")], reference: "2026-12-01T09:00"),
        NoteCase("book the cabin next winter", [task("Book the cabin", "2027-12-01")], reference: "2026-12-01T09:00"),
    ]

    static let notSeasonCases: [NoteCase] = [
        NoteCase("spring cleaning", [task("Spring cleaning")]),
        NoteCase("do the spring cleaning on Saturday", [task("Do the spring cleaning", "2026-11-21")]),
        NoteCase("start the early spring cleaning", [task("Start the early spring cleaning")]),
        NoteCase("fix the spring in the mattress", [task("Fix the spring in the mattress")]),
        NoteCase("don't fall off the ladder", [task("Don't fall off the ladder")]),
        NoteCase("fill out the summer camp forms", [task("Fill out the summer camp forms")]),
        NoteCase("fill out the summer camp forms by Friday", [task("Fill out the summer camp forms", "2026-11-20")]),
        NoteCase("buy winter tires", [task("Buy winter tires")]),
        NoteCase("buy tires for winter", [task("Buy tires for winter")]),
        NoteCase("book flights for spring break", [task("Book flights for spring break")]),
        NoteCase("finish the essay by spring break", [task("Finish the essay by spring break")]),
        NoteCase("sign up for the fall semester", [task("Sign up for the fall semester")]),
        NoteCase("start classes in the fall semester", [task("Start classes in the fall semester")]),
        NoteCase("register for summer school by Friday", [task("Register for summer school", "2026-11-20")]),
        NoteCase("call Summer tomorrow", [task("Call Summer", "2026-11-19")]),
        NoteCase("email Autumn about the budget", [task("Email Autumn about the budget")]),
        NoteCase("plan the winter party", [task("Plan the winter party")]),
        NoteCase("buy the spring collection this weekend", [task("Buy the spring collection", "2026-11-21")]),
        NoteCase("check on the spring rolls", [task("Check on the spring rolls")]),
        NoteCase("make sure the kids don't fall in the pool", [task("Make sure the kids don't fall in the pool")]),
    ]

    static let zoneCases: [NoteCase] = [
        NoteCase("call Bo tomorrow at 3pm CET", [task("Call Bo", "2026-11-19", "09:00", at: "2026-11-19T09:00:00-05:00")]),
        NoteCase("call Bo at 4pm CET", [task("Call Bo", "2026-11-18", "10:00", at: "2026-11-18T10:00:00-05:00")]),
        NoteCase("meet Lee at 9:30 am EST", [task("Meet Lee", "2026-11-18", "09:30", at: "2026-11-18T09:30:00-05:00")]),
        NoteCase("standup at 10 Pacific", [task("Standup", "2026-11-18", "13:00", at: "2026-11-18T13:00:00-05:00")]),
        NoteCase("call the bank at 2pm UTC tomorrow", [task("Call the bank", "2026-11-19", "09:00", at: "2026-11-19T09:00:00-05:00")]),
        NoteCase("call Jo at 4 pm London time", [task("Call Jo", "2026-11-18", "11:00", at: "2026-11-18T11:00:00-05:00")]),
        NoteCase("ping Dana at 10am Eastern", [task("Ping Dana", "2026-11-18", "10:00", at: "2026-11-18T10:00:00-05:00")]),
        // 9am Eastern is the reference time itself: the next one is tomorrow's.
        NoteCase("ping Dana 9am Eastern", [task("Ping Dana", "2026-11-19", "09:00", at: "2026-11-19T09:00:00-05:00")]),
        NoteCase("call Kenji Friday at 9am JST", [task("Call Kenji", "2026-11-19", "19:00", at: "2026-11-19T19:00:00-05:00")]),
        NoteCase("call Ravi at 8 pm IST", [task("Call Ravi", "2026-11-18", "09:30", at: "2026-11-18T09:30:00-05:00")]),
        NoteCase("deploy the patch at 23:00 UTC", [task("Deploy the patch", "2026-11-18", "18:00", at: "2026-11-18T18:00:00-05:00")]),
        NoteCase("sync at 5pm Pacific Standard Time tomorrow", [task("Sync", "2026-11-19", "20:00", at: "2026-11-19T20:00:00-05:00")]),
        NoteCase("call Mia at noon New York time", [task("Call Mia", "2026-11-18", "12:00", at: "2026-11-18T12:00:00-05:00")]),
        NoteCase("call the vendor at 11pm PST", [task("Call the vendor", "2026-11-19", "02:00", at: "2026-11-19T02:00:00-05:00")]),
        NoteCase("review the deck at 6 am AEST on Friday", [task("Review the deck", "2026-11-19", "14:00", at: "2026-11-19T14:00:00-05:00")]),
        NoteCase("call Tom at 9am BST tomorrow", [task("Call Tom", "2026-11-19", "04:00", at: "2026-11-19T04:00:00-05:00")]),
        NoteCase("call Tom at 3 pm GMT", [task("Call Tom", "2026-11-18", "10:00", at: "2026-11-18T10:00:00-05:00")]),
        NoteCase("call the desk at 15:00 Z", [task("Call the desk", "2026-11-18", "10:00", at: "2026-11-18T10:00:00-05:00")]),
        NoteCase("call Jim at 10 Central", [task("Call Jim", "2026-11-18", "11:00", at: "2026-11-18T11:00:00-05:00")]),
        NoteCase("call Jim at 10am CT", [task("Call Jim", "2026-11-18", "11:00", at: "2026-11-18T11:00:00-05:00")]),
        NoteCase("call Kim at 10 Mountain time", [task("Call Kim", "2026-11-18", "12:00", at: "2026-11-18T12:00:00-05:00")]),
        NoteCase("call Kim at 10am PT tomorrow", [task("Call Kim", "2026-11-19", "13:00", at: "2026-11-19T13:00:00-05:00")]),
        NoteCase("call Luc at 4 pm Paris time", [task("Call Luc", "2026-11-18", "10:00", at: "2026-11-18T10:00:00-05:00")]),
        // 4 pm in Tokyo today was 02:00 here: the next one is tomorrow's.
        NoteCase("call Aiko at 4 pm Tokyo time", [task("Call Aiko", "2026-11-19", "02:00", at: "2026-11-19T02:00:00-05:00")]),
        NoteCase("call Bo tomorrow at half past three CET", [task("Call Bo", "2026-11-19", "09:30", at: "2026-11-19T09:30:00-05:00")]),
        NoteCase("call Bo on December 3rd at 3 pm CET", [task("Call Bo", "2026-12-03", "09:00", at: "2026-12-03T09:00:00-05:00")]),
        // Real zone rules: EST said in July is New York's summer time; CEST is Paris's.
        NoteCase("call Sam at 3 pm EST on July 1", [task("Call Sam", "2027-07-01", "15:00", at: "2027-07-01T15:00:00-04:00")]),
        NoteCase("call Oma at 6 pm CEST on July 1", [task("Call Oma", "2027-07-01", "12:00", at: "2027-07-01T12:00:00-04:00")]),
        // New York is on summer time from March 8th, Paris only from March 29th.
        NoteCase(
            "call Bo tomorrow at 3pm CET", [task("Call Bo", "2026-03-11", "10:00", at: "2026-03-11T10:00:00-04:00")], reference: "2026-03-10T09:00"),
        NoteCase(
            "call Bo at 3pm CET on March 30", [task("Call Bo", "2026-03-30", "09:00", at: "2026-03-30T09:00:00-04:00")], reference: "2026-03-10T09:00"),
        // Notes said in other zones.
        NoteCase(
            "call the New York office at 9am EST", [task("Call the New York office", "2026-11-18", "15:00", at: "2026-11-18T15:00:00+01:00")],
            zone: "Europe/Berlin"),
        NoteCase(
            "standup at 10 Eastern", [task("Standup", "2026-11-18", "07:00", at: "2026-11-18T07:00:00-08:00")], reference: "2026-11-18T06:00",
            zone: "America/Los_Angeles"),
        NoteCase(
            "call Sydney at 9 am AEDT tomorrow", [task("Call Sydney", "2026-11-18", "22:00", at: "2026-11-18T22:00:00+00:00")], zone: "UTC"),
        NoteCase("call the team at 3pm EST", [task("Call the team", "2026-11-18", "15:00", at: "2026-11-18T15:00:00-05:00")]),
    ]

    static let notZoneCases: [NoteCase] = [
        NoteCase("email the EST team", [task("Email the EST team")]),
        NoteCase("meet at 10 Pacific Avenue", [task("Meet at 10 Pacific Avenue")]),
        NoteCase("order the Pacific salmon", [task("Order the Pacific salmon")]),
        NoteCase("call the Central office at 3pm", [task("Call the Central office", "2026-11-18", "15:00")]),
        NoteCase("watch the 7 pm PST game", [task("Watch the 7 pm PST game")]),
        NoteCase("visit London in March", [task("Visit London", "2027-03-01")]),
        NoteCase("call Ann at 3 pm London", [task("Call Ann London", "2026-11-18", "15:00")]),
    ]

    @Test("quarters", arguments: quarterCases)
    func quarters(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("words about quarters that are not days", arguments: notQuarterCases)
    func notQuarters(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("seasons", arguments: seasonCases)
    func seasons(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("season words that are not days", arguments: notSeasonCases)
    func notSeasons(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("zones said after a time", arguments: zoneCases)
    func zones(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("zone words that are not a time's", arguments: notZoneCases)
    func notZones(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Words of quarters, seasons and zones, with the words around them.
    static let sweepWords =
        """
        Q1 Q2 Q3 Q4 quarter quarter-end mid-quarter EOQ spring summer fall autumn winter mid-summer early late end start
        middle of the this next last coming in by before during over for the first third 4th 2027 2028 next year
        at 3pm 10 9:30 am noon tomorrow Friday CET EST Pacific Eastern Standard Daylight time London New York UTC Z
        call fix , and .
        """
        .split(whereSeparator: \.isWhitespace).map(String.init)

    /// A seeded sweep: notes of 1 to 12 of ``sweepWords`` in random order, read without a crash into tasks with a
    /// title and a real due day.
    @Test func randomNotesOfQuarterSeasonAndZoneWords() throws {
        var random = SplitMix64(seed: 0x7175_6172_7465_72)
        let context = try NoteCase("", []).context()
        let extractor = TaskExtractor()
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...12, using: &random)
            let note = (0..<count).map { _ in Self.sweepWords.randomElement(using: &random)! }.joined(separator: " ")
            for task in extractor.extract(from: note, context: context, explain: true).tasks {
                #expect(!task.title.isEmpty, "\(note)")
                if let date = task.dueDate { #expect(RobustnessTests.isRealDay(date), "\(note): due \(date)") }
            }
        }
    }
}
