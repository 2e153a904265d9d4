import Testing

@testable import DocketExtraction

/// Notes as a recogniser writes them: a verb at the start of a task written as a word that sounds like it,
/// stumbles and repeated words, fillers, asides between tasks and comments after them (reference Wed 2026-11-18
/// 09:00 America/New_York).
@Suite("Misheard notes")
struct MisheardNotesTests {
    static let verbCases: [NoteCase] = [
        NoteCase("by a gift card for Sam", [task("Buy a gift card for Sam")]),
        NoteCase("By two tickets for the concert on Friday", [task("Buy two tickets for the concert", "2026-11-20")]),
        NoteCase("I need to by milk and eggs", [task("Buy milk and eggs")]),
        NoteCase("bye some stamps tomorrow", [task("Buy some stamps", "2026-11-19")]),
        NoteCase("Call the vet and by dog food", [task("Call the vet"), task("Buy dog food")]),
        NoteCase("right the report by Friday", [task("Write the report", "2026-11-20")]),
        NoteCase("Remind me to right down the gate code", [task("Write down the gate code")]),
        NoteCase("male the package tomorrow morning", [task("Mail the package", "2026-11-19", "09:00")]),
        NoteCase("cell my old textbooks to the campus bookstore", [task("Sell my old textbooks to the campus bookstore")]),
        NoteCase("way the suitcases tomorrow night", [task("Weigh the suitcases", "2026-11-19", "20:00")]),
        NoteCase("rap Nora's birthday present before Saturday", [task("Wrap Nora's birthday present", "2026-11-21")]),
        NoteCase("higher a tutor for chemistry", [task("Hire a tutor for chemistry")]),
        // "tonight" as tiny.en writes it at the end of a clause.
        NoteCase("Take out the recycling to diet.", [task("Take out the recycling", "2026-11-18", "20:00")]),
        NoteCase("Print the boarding passes to hide.", [task("Print the boarding passes", "2026-11-18", "20:00")]),
        NoteCase("call mom to night", [task("Call mom", "2026-11-18", "20:00")]),
        NoteCase("Male Dana the signed lease", [task("Mail Dana the signed lease")]),
        NoteCase("reed chapter six before class on Thursday", [task("Read chapter six before class", "2026-11-19")]),
        NoteCase("where the blue suit to the wedding on Saturday", [task("Wear the blue suit to the wedding", "2026-11-21")]),
        NoteCase("meat Priya at the library at 4 pm", [task("Meet Priya at the library", "2026-11-18", "16:00")]),
        NoteCase("Okay so, by the new charger, it's urgent", [task("Buy the new charger", priority: .high)]),
        NoteCase("Bye batteries on Saturday.", [task("Buy batteries", "2026-11-21")]),
        NoteCase("Bye milk tomorrow and call mom at 5pm.", [task("Buy milk", "2026-11-19"), task("Call mom", "2026-11-18", "17:00")]),
        NoteCase("My milk, and eggs tomorrow.", [task("Buy milk, and eggs", "2026-11-19")]),
        NoteCase("Call the vet. My dog food and cat litter on Friday.", [task("Call the vet"), task("Buy dog food and cat litter", "2026-11-20")]),
        NoteCase("my oat milk", [task("Buy oat milk")]),
        NoteCase("my bread on Friday and my stamps", [task("Buy bread", "2026-11-20"), task("Buy stamps")]),
        NoteCase("my toilet paper and dog food tomorrow", [task("Buy toilet paper and dog food", "2026-11-19")]),
        NoteCase("My gift card for Ana's birthday", [task("Buy gift card for Ana's birthday")]),
        NoteCase("Bye, new running shoes next week.", [task("Buy new running shoes", "2026-11-23")]),
        NoteCase("Bye, oat milk.", [task("Buy oat milk")]),
        NoteCase("Water the ferns and bye, dog food", [task("Water the ferns"), task("Buy dog food")]),
        NoteCase("Reveal the prescription at the pharmacy tomorrow.", [task("Refill the prescription at the pharmacy", "2026-11-19")]),
        NoteCase("call the doctor and reveal my meds", [task("Call the doctor"), task("Refill my meds")]),
        NoteCase("pray the electric bill before the 5th", [task("Pay the electric bill", "2026-12-05")]),
        NoteCase("steak the tomatoes this weekend", [task("Stake the tomatoes", "2026-11-21")]),
        NoteCase("fined the passports before the trip", [task("Find the passports before the trip")]),
        NoteCase("bored Biscuit at the kennel on the 22nd", [task("Board Biscuit at the kennel", "2026-11-22")]),
        NoteCase("weight for the plumber at the house at noon", [task("Wait for the plumber at the house", "2026-11-18", "12:00")]),
        NoteCase("remind me too call the vet", [task("Call the vet")]),
        NoteCase("sine Mom's enrollment form before the 7th", [task("Sign Mom's enrollment form", "2026-12-07")]),
        NoteCase("meat with the Brightwater folks tomorrow at 1:30", [task("Meet with the Brightwater folks", "2026-11-19", "13:30")]),
        NoteCase("pear with Tomás on the login test", [task("Pair with Tomás on the login test")]),
    ]

    /// The same words where they are no verb: never rewritten.
    static let keptCases: [NoteCase] = [
        NoteCase("by Friday send the contract", [task("Send the contract", "2026-11-20")]),
        NoteCase("by the end of the week finish the deck", [task("Finish the deck", "2026-11-20")]),
        NoteCase("by two pm call the school", [task("Call the school", "2026-11-18", "14:00")]),
        NoteCase("by next Tuesday renew the permit", [task("Renew the permit", "2026-11-24")]),
        NoteCase("Drop the keys by the front desk", [task("Drop the keys by the front desk")]),
        NoteCase("Call Sam right after lunch", [task("Call Sam right after lunch")]),
        NoteCase("pay the cell phone bill", [task("Pay the cell phone bill")]),
        NoteCase("find a place to hide", [task("Find a place to hide")]),
        NoteCase("switch the soda to diet", [task("Switch the soda to diet")]),
        NoteCase("Way to go!", []),
        NoteCase("Right, call the plumber", [task("Call the plumber")]),
        NoteCase("Ask Tom where the spare key is", [task("Ask Tom where the spare key is")]),
        NoteCase("Buy chicken, not the meat pies", [task("Buy chicken, not the meat pies")]),
        NoteCase("Bye Sam, and call the plumber tomorrow", [task("Call the plumber", "2026-11-19")]),
        NoteCase("Bye for now, pick up the kids at 3", [task("Pick up the kids", "2026-11-18", "15:00")]),
        NoteCase("My dentist appointment Tuesday at 2:30", [task("My dentist appointment", "2026-11-24", "14:30")]),
        NoteCase("My mom's birthday on Friday", [task("My mom's birthday", "2026-11-20")]),
        NoteCase("My dog to the vet on Monday", [task("My dog to the vet", "2026-11-23")]),
        NoteCase("My cards on the table", [task("My cards on the table")]),
        NoteCase("Transfer 50 dollars to my gift card on Friday", [task("Transfer 50 dollars to my gift card", "2026-11-20")]),
        NoteCase("My tea with Grandma on Sunday", [task("My tea with Grandma", "2026-11-22")]),
        NoteCase("Bye sis, call me on Sunday", [task("Call me", "2026-11-22")]),
        NoteCase("Take care of the lawn on Saturday", [task("Take care of the lawn", "2026-11-21")]),
        NoteCase("Talk to you later about the budget", [task("Talk to you later about the budget")]),
        NoteCase("My paper for class", [task("My paper for class")]),
        NoteCase("My gift card balance, check it tonight", [task("My gift card balance"), task("Check it", "2026-11-18", "20:00")]),
        NoteCase("My coffee order for the team, bring it at 10", [task("My coffee order for the team"), task("Bring it", "2026-11-18", "10:00")]),
        NoteCase("Have a good look at the lease before Friday", [task("Have a good look at the lease", "2026-11-20")]),
        NoteCase("Reveal the surprise at the party on Saturday", [task("Reveal the surprise at the party", "2026-11-21")]),
        NoteCase("pray the rosary with Grandma on Sunday", [task("Pray the rosary with Grandma", "2026-11-22")]),
        NoteCase("weight the luggage before we leave", [task("Weigh the luggage before we leave")]),
        NoteCase("I'm bored out of my mind", []),
        NoteCase("so bored the whole meeting", []),
        NoteCase("get bread and steak fresh from the butcher", [task("Get bread and steak fresh from the butcher")]),
        NoteCase("pray the loan comes through", [task("Pray the loan comes through")]),
        NoteCase("weight for the suitcase is 50 pounds max", [task("Weight for the suitcase is 50 pounds max")]),
        // "by the" before a day of the month is the preposition, after a comment too.
        NoteCase("mail the rebate form, the deadline is soon, by the twenty-ninth", [task("Mail the rebate form", "2026-11-29")]),
    ]

    static let stumbleCases: [NoteCase] = [
        NoteCase("buy buy milk tomorrow", [task("Buy milk", "2026-11-19")]),
        NoteCase("Call the the dentist at 3", [task("Call the dentist", "2026-11-18", "15:00")]),
        NoteCase("Send the invoice to, to the landlord", [task("Send the invoice to the landlord")]),
        NoteCase("um pick up uh the dry cleaning", [task("Pick up the dry cleaning")]),
        NoteCase("Email, um, email Jordan the slides", [task("Email Jordan the slides")]),
        NoteCase("Book the the table for eight pm", [task("Book the table", "2026-11-18", "20:00")]),
        NoteCase("Check that that form is signed", [task("Check that that form is signed")]),
        NoteCase("Visit Walla Walla in the spring", [task("Visit Walla Walla", "2027-03-01")]),
        // A pause with a filler between a preposition and its when; "like" between commas is a filler.
        NoteCase("feed the cat in, um, two hours", [task("Feed the cat", "2026-11-18", "11:00")]),
        NoteCase("water the ferns in, like, three days", [task("Water the ferns", "2026-11-21")]),
        NoteCase("meet me at, uh, 5", [task("Meet me", "2026-11-18", "17:00")]),
        NoteCase("I should really, like, call the bank", [task("Call the bank")]),
        NoteCase("we gotta book the hotel", [task("Book the hotel")]),
        NoteCase("patch the wall tomorrow morning and, um, touch up the paint", [task("Patch the wall", "2026-11-19", "09:00"), task("Touch up the paint")]),
        NoteCase("Top off the washer fluid. Then spread the mulch.", [task("Top off the washer fluid"), task("Spread the mulch")]),
        NoteCase("buy apples, pears and dry pasta", [task("Buy apples, pears and dry pasta")]),
        NoteCase("fold laundry and dry clean the suit", [task("Fold laundry"), task("Dry clean the suit")]),
        NoteCase("text the babysitter about Friday night", [task("Text the babysitter about Friday night")]),
        NoteCase("plug the car in, uh, water the plants", [task("Plug the car in"), task("Water the plants")]),
        NoteCase(
            "call the caterer back in half an hour and, oh right, ask about gluten free options",
            [task("Call the caterer back", "2026-11-18", "09:30"), task("Ask about gluten free options")]),
        NoteCase(
            "Approve the requests. Oh, while I'm at it, set my out of office message for the 24th.",
            [task("Approve the requests"), task("Set my out of office message", "2026-11-24")]),
        NoteCase("while you're out, grab milk", [task("Grab milk while you're out")]),
        NoteCase(
            "Submit the request. Oh, and before I forget, renew the renter's insurance by the 10th.",
            [task("Submit the request"), task("Renew the renter's insurance", "2026-12-10")]),
        NoteCase("bring in the mail tomorrow and, oh shoot, refill the feeder", [task("Bring in the mail", "2026-11-19"), task("Refill the feeder")]),
        NoteCase("Sort canned goods at the food bank Saturday at half past nine", [task("Sort canned goods at the food bank", "2026-11-21", "09:30")]),
        NoteCase("we'd better book the campsite", [task("Book the campsite")]),
        NoteCase("eh, basically, just, call the roofer back", [task("Call the roofer back")]),
    ]

    static let asideCases: [NoteCase] = [
        NoteCase(
            "Email Bob by Thursday and, this one matters, renew the parking permit today",
            [task("Email Bob", "2026-11-19"), task("Renew the parking permit", "2026-11-18", priority: .high)]),
        NoteCase("Pay the rent and, don't forget, call the landlord", [task("Pay the rent"), task("Call the landlord")]),
        NoteCase("Water the ferns and, it's urgent, order more soil", [task("Water the ferns"), task("Order more soil", priority: .high)]),
        NoteCase("call the vet and, honestly this one is overdue, schedule my checkup", [task("Call the vet"), task("Schedule my checkup")]),
        NoteCase("Don't forget, text the babysitter", [task("Text the babysitter")]),
        NoteCase("Remember, lock the shed tonight", [task("Lock the shed", "2026-11-18", "20:00")]),
        NoteCase("remember to back up the laptop", [task("Back up the laptop")]),
        NoteCase("Remember the umbrella", [task("Remember the umbrella")]),
    ]

    static let commentCases: [NoteCase] = [
        NoteCase("Refill the prescription, it's urgent, only two pills left", [task("Refill the prescription", priority: .high)]),
        NoteCase("Call Sam, he's waiting on the quote", [task("Call Sam")]),
        // A reason said without a pause; a when after "since" stays one.
        NoteCase("email Professor Kim about the extension because my laptop died", [task("Email Professor Kim about the extension")]),
        NoteCase("book the kennel for Rocky since we'll be out of town", [task("Book the kennel for Rocky")]),
        NoteCase("Tell Sam I can't come because I'm sick", [task("Tell Sam I can't come because I'm sick")]),
        // A condition said before the task goes after it.
        NoteCase("if it rains, bring the chairs in", [task("Bring the chairs in if it rains")]),
        NoteCase("when you get home, call mom", [task("Call mom when you get home")]),
        NoteCase("before we leave, water the plants", [task("Water the plants before we leave")]),
        NoteCase("when I get home, I need to call the bank", [task("Call the bank when I get home")]),
        NoteCase("before Friday, call mom", [task("Call mom", "2026-11-20")]),
        // A consequence said before the task; a visit said in everyday talk.
        NoteCase(
            "the party got moved to our house, which means I need to order a cake by Thursday", [task("Order a cake", "2026-11-19")]),
        NoteCase("the car is making a noise so that means we have to book a service", [task("Book a service")]),
        NoteCase(
            "my sister is coming to stay with us, don't forget to wash the guest sheets this weekend",
            [task("Wash the guest sheets", "2026-11-21")]),
        NoteCase("Fix the gutter, it leaks every time it rains, by Saturday", [task("Fix the gutter", "2026-11-21")]),
        NoteCase("Buy bread, we're out", [task("Buy bread")]),
        NoteCase("Charge the drill, since the battery died", [task("Charge the drill")]),
        NoteCase("Buy paper towels, just two rolls", [task("Buy paper towels")]),
        NoteCase("Buy milk, eggs, and butter", [task("Buy milk, eggs, and butter")]),
        NoteCase("Pack sunscreen, as well as hats", [task("Pack sunscreen, as well as hats")]),
        NoteCase("Tell Omar, we're out of coffee", [task("Tell Omar, we're out of coffee")]),
        // Once what a message is about is said, a clause after a pause is a comment; "that" may open its subject.
        NoteCase("email the coach about practice, the kids can't make it Thursday", [task("Email the coach about practice", "2026-11-19")]),
        NoteCase("text Sam, we'll be late", [task("Text Sam, we'll be late")]),
        NoteCase("text Mom, we're about to leave", [task("Text Mom, we're about to leave")]),
        NoteCase(
            "tell the landlord about the leak, the ceiling is dripping in the hall",
            [task("Tell the landlord about the leak, the ceiling is dripping in the hall")]),
        NoteCase("Book a podiatrist for her for next week, her toenails are getting bad", [task("Book a podiatrist for her", "2026-11-23")]),
        NoteCase("call the roofer, that gutter is hanging off again, tomorrow morning", [task("Call the roofer", "2026-11-19", "09:00")]),
    ]

    @Test("a misheard verb at the start of a task", arguments: verbCases)
    func misheardVerbs(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("the same words where they are no verb", arguments: keptCases)
    func keptWords(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("stumbles, repeats and fillers", arguments: stumbleCases)
    func stumbles(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("an aside goes with the task it introduces", arguments: asideCases)
    func asides(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("a comment after a task is not its title", arguments: commentCases)
    func comments(_ note: NoteCase) throws { try expectExtraction(note) }
}
