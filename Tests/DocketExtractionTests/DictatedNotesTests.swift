import Testing

@testable import DocketExtraction

/// Whole notes as people dictate them to a voice assistant: lead-ins, asides, reasons, names, places, numbers that
/// are not times, lists, priorities and repeats, one to three tasks each (reference Wed 2026-11-18 09:00
/// America/New_York).
@Suite("Dictated notes")
struct DictatedNotesTests {
    /// Everyday notes: one to three tasks, lead-ins, asides, reasons, names, places, numbers that are not times, lists,
    /// priorities, repeats, and notes with no task.
    static let everydayCases: [NoteCase] = [
        NoteCase("okay so remind me to call the dentist tomorrow morning", [task("Call the dentist", "2026-11-19", "09:00")]),
        NoteCase("note to self, pick up the dry cleaning before 6 tonight", [task("Pick up the dry cleaning", "2026-11-18", "18:00")]),
        NoteCase("I need to buy 2 dozen eggs and a gallon of milk", [task("Buy 2 dozen eggs and a gallon of milk")]),
        NoteCase("don't forget to call 3 vendors about the catering quote by Friday", [task("Call 3 vendors about the catering quote", "2026-11-20")]),
        NoteCase("can you add a task to book room 204 for the offsite", [task("Book room 204 for the offsite")]),
        NoteCase("remind me to renew my passport next month, it's urgent", [task("Renew my passport", "2026-12-01", priority: .high)]),
        NoteCase("buy milk, eggs and bread", [task("Buy milk, eggs and bread")]),
        NoteCase("um, I have to send the invoice to Karen asap", [task("Send the invoice to Karen", priority: .high)]),
        NoteCase("email the landlord about the leak, low priority", [task("Email the landlord about the leak", priority: .low)]),
        NoteCase("take out the trash every Tuesday night", [task("Take out the trash", "2026-11-24", "20:00", every: "FREQ=WEEKLY;BYDAY=TU")]),
        NoteCase("water the plants every other day", [task("Water the plants", "2026-11-18", every: "FREQ=DAILY;INTERVAL=2")]),
        NoteCase("call grandma on Sunday afternoon", [task("Call grandma", "2026-11-22", "15:00")]),
        NoteCase("pay the electric bill by the 25th", [task("Pay the electric bill", "2026-11-25")]),
        NoteCase("remind me at 7 pm to take my medication", [task("Take my medication", "2026-11-18", "19:00")]),
        NoteCase("pick up Emma from soccer practice at 5:30", [task("Pick up Emma from soccer practice", "2026-11-18", "17:30")]),
        NoteCase("I think I should probably clean out the garage this weekend", [task("Clean out the garage", "2026-11-21")]),
        NoteCase("okay um get gas on the way to work tomorrow", [task("Get gas on the way to work", "2026-11-19")]),
        NoteCase("text Jake happy birthday on Thursday", [task("Text Jake happy birthday", "2026-11-19")]),
        NoteCase("finish the slides for the board meeting by Monday at noon", [task("Finish the slides for the board meeting", "2026-11-23", "12:00")]),
        NoteCase("schedule a call with the accountant next week", [task("Schedule a call with the accountant", "2026-11-23")]),
        NoteCase("make sure to lock the back door tonight", [task("Lock the back door", "2026-11-18", "20:00")]),
        NoteCase("go to the gym after work today", [task("Go to the gym after work", "2026-11-18")]),
        NoteCase("buy a birthday card for dad and mail it by Wednesday", [task("Buy a birthday card for dad"), task("Mail it", "2026-11-25")]),
        NoteCase("call the vet to book Max's vaccinations", [task("Call the vet to book Max's vaccinations")]),
        NoteCase("submit the expense report by end of day", [task("Submit the expense report", "2026-11-18", "17:00")]),
        NoteCase("oh and remind me to thank Sarah for the flowers", [task("Thank Sarah for the flowers")]),
        NoteCase(
            "cancel the Netflix subscription before the trial ends on December 2nd",
            [task("Cancel the Netflix subscription before the trial ends", "2026-12-02")]),
        NoteCase("book a table for 4 at Luigi's for Saturday at 7:30", [task("Book a table for 4 at Luigi's", "2026-11-21", "07:30")]),
        NoteCase("the meeting got moved, that's fine", []),
        NoteCase("I wonder if the store is open on Sunday", []),
        NoteCase("get the kids' flu shots sometime next week", [task("Get the kids' flu shots", "2026-11-23", priority: .low)]),
        NoteCase("send the contract to legal, it's high priority", [task("Send the contract to legal", priority: .high)]),
        NoteCase(
            "remind me every weekday at 8:15 to check the team inbox",
            [task("Check the team inbox", "2026-11-19", "08:15", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("pay the nanny every Friday", [task("Pay the nanny", "2026-11-20", every: "FREQ=WEEKLY;BYDAY=FR")]),
        NoteCase("call the insurance company about the claim number 4471", [task("Call the insurance company about the claim number 4471")]),
        NoteCase("buy printer paper and toner for the office", [task("Buy printer paper and toner for the office")]),
        NoteCase("remind me in 20 minutes to take the cookies out", [task("Take the cookies out", "2026-11-18", "09:20")]),
        NoteCase("I need to call the bank and then go to the post office", [task("Call the bank"), task("Go to the post office")]),
        NoteCase("pick up a prescription and some cough drops at Walgreens", [task("Pick up a prescription and some cough drops at Walgreens")]),
        NoteCase("okay that's it for now, thanks", []),
        NoteCase("mow the lawn Saturday", [task("Mow the lawn", "2026-11-21")]),
        NoteCase("renew the car registration by January 31st", [task("Renew the car registration", "2027-01-31")]),
        NoteCase("hey so basically I need to prepare for the interview on Thursday at 2 pm", [task("Prepare for the interview", "2026-11-19", "14:00")]),
        NoteCase("schedule the team retro for the last Friday of the month", [task("Schedule the team retro", "2026-11-27")]),
        NoteCase("remind me to check on the sourdough in 3 hours", [task("Check on the sourdough", "2026-11-18", "12:00")]),
        NoteCase("drop off the package at UPS on the way to the gym", [task("Drop off the package at UPS on the way to the gym")]),
        NoteCase("remind me to call Dr. Patel's office at 8:30 tomorrow to reschedule", [task("Call Dr. Patel's office to reschedule", "2026-11-19", "08:30")]),
        NoteCase("I've got to finish chapter 7 by Sunday", [task("Finish chapter 7", "2026-11-22")]),
        NoteCase("set up a meeting with Tom and Lisa for next Thursday at 3", [task("Set up a meeting with Tom and Lisa", "2026-11-26", "15:00")]),
        NoteCase("remind me to water the tomatoes every morning at 7", [task("Water the tomatoes", "2026-11-19", "07:00", every: "FREQ=DAILY")]),
        NoteCase(
            "pick up the cake from the bakery on 5th street at 4 pm on Saturday",
            [task("Pick up the cake from the bakery on 5th street", "2026-11-21", "16:00")]),
        NoteCase("can you remind me to call my sister on her birthday, December 3rd", [task("Call my sister on her birthday", "2026-12-03")]),
        NoteCase("book the hotel in Chicago for the conference on the 9th", [task("Book the hotel in Chicago for the conference", "2026-12-09")]),
        NoteCase("call Mike back about the roof estimate, it's about 4500 dollars", [task("Call Mike back about the roof estimate")]),
        NoteCase(
            "okay, next, draft the newsletter and send it to Anna for review by Tuesday",
            [task("Draft the newsletter"), task("Send it to Anna for review", "2026-11-24")]),
        NoteCase("remind me on the first of every month to pay rent", [task("Pay rent", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase("I need to pay the water bill and the gas bill this week", [task("Pay the water bill and the gas bill", "2026-11-20")]),
        NoteCase("vacuum the living room and dust the shelves, no rush", [task("Vacuum the living room"), task("Dust the shelves", priority: .low)]),
        NoteCase("buy a new toothbrush, batteries for the remote, and light bulbs", [task("Buy a new toothbrush, batteries for the remote, and light bulbs")]),
        NoteCase("remind me tomorrow", [task("Reminder", "2026-11-19")]),
        NoteCase("so yeah I guess that's all", []),
        NoteCase("get the oil changed sometime this week", [task("Get the oil changed", "2026-11-20", priority: .low)]),
        NoteCase("sign the permission slip for Noah's field trip, due Friday", [task("Sign the permission slip for Noah's field trip", "2026-11-20")]),
        NoteCase("order flowers for mom's birthday next Tuesday", [task("Order flowers for mom's birthday", "2026-11-24")]),
        NoteCase("clear out my inbox before the end of the day", [task("Clear out my inbox", "2026-11-18", "17:00")]),
        NoteCase("remind me at noon to eat lunch", [task("Eat lunch", "2026-11-18", "12:00")]),
        NoteCase("make a dentist appointment for the kids", [task("Make a dentist appointment for the kids")]),
        NoteCase("return the Amazon package by November 30th", [task("Return the Amazon package", "2026-11-30")]),
        NoteCase(
            "schedule a 1 on 1 with Jordan every other Tuesday at 11",
            [task("Schedule a 1 on 1 with Jordan", "2026-11-24", "11:00", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")]),
        NoteCase("text the group chat about dinner plans for Friday", [task("Text the group chat about dinner plans", "2026-11-20")]),
        NoteCase("check the mail", [task("Check the mail")]),
        NoteCase("pay off the credit card before the 12th, it's important", [task("Pay off the credit card", "2026-12-12", priority: .high)]),
        NoteCase("bring 3 chairs to the church hall on Sunday morning", [task("Bring 3 chairs to the church hall", "2026-11-22", "09:00")]),
        NoteCase("the gutters need cleaning before winter", [task("The gutters need cleaning", "2026-12-01")]),
        NoteCase("file the taxes by April 15th", [task("File the taxes", "2027-04-15")]),
        NoteCase("hmm let me think, oh yeah, pick up the suit from the tailor on Thursday", [task("Pick up the suit from the tailor", "2026-11-19")]),
        NoteCase("write thank you notes for the wedding gifts", [task("Write thank you notes for the wedding gifts")]),
        NoteCase("remind me in two weeks to follow up with the recruiter", [task("Follow up with the recruiter", "2026-12-02")]),
        NoteCase("call the doctor tomorrow, actually make it Friday", [task("Call the doctor", "2026-11-20")]),
        NoteCase(
            "meet Carlos for coffee at the Starbucks on Main at 10 tomorrow", [task("Meet Carlos for coffee at the Starbucks on Main", "2026-11-19", "10:00")]),
        NoteCase("every other Tuesday take the recycling out", [task("Take the recycling out", "2026-11-24", every: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")]),
        NoteCase("feed the fish daily at 8 am", [task("Feed the fish", "2026-11-19", "08:00", every: "FREQ=DAILY")]),
        NoteCase("pay the mortgage on the 1st of each month", [task("Pay the mortgage", "2026-12-01", every: "FREQ=MONTHLY;BYMONTHDAY=1")]),
        NoteCase("change the furnace filter every 3 months", [task("Change the furnace filter", "2026-11-18", every: "FREQ=MONTHLY;INTERVAL=3")]),
        NoteCase("it's raining again, I hate this weather", []),
        NoteCase("what time does the pharmacy close today", []),
        NoteCase("I had a great time at the concert last night", []),
        NoteCase("we went to the zoo on Saturday and the kids loved it", []),
        NoteCase("my flight lands at 6:45 tomorrow evening", [task("My flight lands", "2026-11-19", "18:45")]),
        NoteCase("add eggs, butter and flour to the shopping list", [task("Eggs, butter and flour")]),
        NoteCase("put gas in the car before the road trip on Friday", [task("Put gas in the car before the road trip", "2026-11-20")]),
        NoteCase("remind me to send the rent check on the 28th, top priority", [task("Send the rent check", "2026-11-28", priority: .high)]),
        NoteCase("buy a 12 pack of sparkling water", [task("Buy a 12 pack of sparkling water")]),
        NoteCase("order 3 large pizzas for the team lunch on Friday at noon", [task("Order 3 large pizzas for the team lunch", "2026-11-20", "12:00")]),
        NoteCase("remind me to stretch every hour", [task("Stretch", "2026-11-18", "10:00", every: "FREQ=HOURLY")]),
        NoteCase("study for the chemistry test on Wednesday, it covers chapters 4 to 6", [task("Study for the chemistry test", "2026-11-25")]),
        NoteCase("pick up 20 cupcakes for Ava's class party at 2 tomorrow", [task("Pick up 20 cupcakes for Ava's class party", "2026-11-19", "14:00")]),
        NoteCase("ask Lisa if she can cover my shift on Saturday", [task("Ask Lisa if she can cover my shift", "2026-11-21")]),
        NoteCase("don't let me forget to sign up for the 5k by Sunday", [task("Sign up for the 5k", "2026-11-22")]),
        NoteCase("this afternoon, finish the grant application, it's urgent", [task("Finish the grant application", "2026-11-18", "15:00", priority: .high)]),
        NoteCase("Friday morning, drop the car at the mechanic", [task("Drop the car at the mechanic", "2026-11-20", "09:00")]),
        NoteCase("later today call the school about pickup", [task("Call the school about pickup", "2026-11-18")]),
        NoteCase("sometime next week get a haircut", [task("Get a haircut", "2026-11-23", priority: .low)]),
        NoteCase(
            "in the morning, email the vendor and call the bank",
            [task("Email the vendor", "2026-11-19", "09:00"), task("Call the bank", "2026-11-19", "09:00")]),
        NoteCase("get a quote from 3 roofers by the end of the month", [task("Get a quote from 3 roofers", "2026-11-30")]),
        NoteCase("dentist Thursday 2pm", [task("Dentist", "2026-11-19", "14:00")]),
        NoteCase("vet appointment for Luna on Tuesday at 11:15", [task("Vet appointment for Luna", "2026-11-24", "11:15")]),
        NoteCase("grocery run tonight", [task("Grocery run", "2026-11-18", "20:00")]),
        NoteCase("bye", []),
        NoteCase("hey can you add pick up the rental car Friday at 9 am", [task("Pick up the rental car", "2026-11-20", "09:00")]),
        NoteCase("remind me on Monday to follow up with HR about my benefits", [task("Follow up with HR about my benefits", "2026-11-23")]),
        NoteCase(
            "I need to call the electrician about the outlet in room 12 and order new light switches",
            [task("Call the electrician about the outlet in room 12"), task("Order new light switches")]),
        NoteCase("get 3 bags of mulch for the garden this weekend", [task("Get 3 bags of mulch for the garden", "2026-11-21")]),
        NoteCase("okay so first thing tomorrow send the proposal to Dana", [task("Send the proposal to Dana", "2026-11-19", "09:00")]),
        NoteCase("pay the babysitter 60 dollars on Friday", [task("Pay the babysitter 60 dollars", "2026-11-20")]),
        NoteCase("text the landlord about the broken window, it's urgent", [task("Text the landlord about the broken window", priority: .high)]),
        NoteCase(
            "water the lawn every Monday, Wednesday and Friday at 6 am", [task("Water the lawn", "2026-11-20", "06:00", every: "FREQ=WEEKLY;BYDAY=MO,WE,FR")]),
        NoteCase("remind me to take the chicken out of the freezer at 4", [task("Take the chicken out of the freezer", "2026-11-18", "16:00")]),
        NoteCase("um I guess I should book the car wash for Saturday morning", [task("Book the car wash", "2026-11-21", "09:00")]),
        NoteCase("call the school nurse at 10:15", [task("Call the school nurse", "2026-11-18", "10:15")]),
        NoteCase("remind me to pay Visa on the 3rd of every month", [task("Pay Visa", "2026-12-03", every: "FREQ=MONTHLY;BYMONTHDAY=3")]),
        NoteCase("the dog needs his heartworm pill on the 1st", [task("The dog needs his heartworm pill", "2026-12-01")]),
        NoteCase("schedule a haircut for next Thursday afternoon", [task("Schedule a haircut", "2026-11-26", "15:00")]),
        NoteCase("buy a present for Olivia's birthday party on the 6th", [task("Buy a present for Olivia's birthday party", "2026-12-06")]),
        NoteCase("remind me in an hour to move the laundry to the dryer", [task("Move the laundry to the dryer", "2026-11-18", "10:00")]),
        NoteCase("ugh the printer is broken again, order a new toner cartridge", [task("Order a new toner cartridge")]),
        NoteCase("okay next week I need to renew my gym membership", [task("Renew my gym membership", "2026-11-23")]),
        NoteCase(
            "pick up the prescription from Rite Aid before 7 tonight, it's important",
            [task("Pick up the prescription from Rite Aid", "2026-11-18", "19:00", priority: .high)]),
        NoteCase("by Friday finish the budget review", [task("Finish the budget review", "2026-11-20")]),
        NoteCase("remind me at 3 to join the Zoom call with the Tokyo team", [task("Join the Zoom call with the Tokyo team", "2026-11-18", "15:00")]),
        NoteCase("buy 2 pounds of ground beef and a bag of onions for chili", [task("Buy 2 pounds of ground beef and a bag of onions for chili")]),
        NoteCase("every Sunday at 7 pm plan meals for the week", [task("Plan meals for the week", "2026-11-22", "19:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
        NoteCase("fix the squeaky door hinge this weekend, low priority", [task("Fix the squeaky door hinge", "2026-11-21", priority: .low)]),
        NoteCase("email the HOA about the parking permit by the 15th", [task("Email the HOA about the parking permit", "2026-12-15")]),
        NoteCase("in 45 minutes check on the roast", [task("Check on the roast", "2026-11-18", "09:45")]),
        NoteCase(
            "the garbage goes out Thursday morning, put the bins out tonight",
            [task("The garbage goes out", "2026-11-19", "09:00"), task("Put the bins out", "2026-11-18", "20:00")]),
        NoteCase("call the landlord, the heater broke again", [task("Call the landlord")]),
        NoteCase("ask the neighbor to feed the cat while we're away next weekend", [task("Ask the neighbor to feed the cat while we're away", "2026-11-28")]),
        NoteCase(
            "my flight is at 6 am on Friday, set two alarms the night before",
            [task("My flight", "2026-11-20", "06:00"), task("Set two alarms", "2026-11-19", "20:00")]),
        NoteCase(
            "okay so the Hendersons are coming for dinner Saturday at 7, buy wine and flowers",
            [task("The Hendersons are coming for dinner", "2026-11-21", "07:00"), task("Buy wine and flowers")]),
        NoteCase(
            "remind me to call the bank at 2 and then email the receipts to Maria",
            [task("Call the bank", "2026-11-18", "14:00"), task("Email the receipts to Maria")]),
        NoteCase(
            "alright so two things, call the plumber tomorrow and pay the water bill by Friday",
            [task("Call the plumber", "2026-11-19"), task("Pay the water bill", "2026-11-20")]),
        NoteCase(
            "I need to, um, pick up the kids at 3 and drop off the dry cleaning",
            [task("Pick up the kids", "2026-11-18", "15:00"), task("Drop off the dry cleaning")]),
        NoteCase("remind me Thursday at noon to call the caterer", [task("Call the caterer", "2026-11-19", "12:00")]),
        NoteCase("get the car washed and vacuumed on Saturday", [task("Get the car washed and vacuumed", "2026-11-21")]),
        NoteCase("can you remind me to buy a gift for Mike's retirement party next Friday", [task("Buy a gift for Mike's retirement party", "2026-11-27")]),
        NoteCase("take my vitamins every morning", [task("Take my vitamins", "2026-11-19", "09:00", every: "FREQ=DAILY")]),
        NoteCase(
            "remind me on weekdays at 7:45 to leave for the bus", [task("Leave for the bus", "2026-11-19", "07:45", every: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")]),
        NoteCase("schedule the furnace inspection for early December", [task("Schedule the furnace inspection", "2026-12-01")]),
        NoteCase(
            "call the airline about my lost bag, claim number 8812, asap", [task("Call the airline about my lost bag, claim number 8812", priority: .high)]),
        NoteCase("pick up bread on the way home tonight", [task("Pick up bread on the way home", "2026-11-18", "20:00")]),
        NoteCase("remind me next Monday at 9 am to submit my timesheet", [task("Submit my timesheet", "2026-11-23", "09:00")]),
        NoteCase("pay the car insurance on the 10th of every month", [task("Pay the car insurance", "2026-12-10", every: "FREQ=MONTHLY;BYMONTHDAY=10")]),
        NoteCase("hmm, what else, oh, buy cat litter", [task("Buy cat litter")]),
        NoteCase("set up the new printer in the office tomorrow afternoon", [task("Set up the new printer in the office", "2026-11-19", "15:00")]),
        NoteCase("I gotta finish the quarterly report by end of next week", [task("Finish the quarterly report", "2026-11-27")]),
        NoteCase("return the library books by Saturday, and pay the late fee", [task("Return the library books", "2026-11-21"), task("Pay the late fee")]),
        NoteCase("clean the bathroom and change the sheets this weekend", [task("Clean the bathroom"), task("Change the sheets", "2026-11-21")]),
        NoteCase(
            "buy 6 bagels and a tub of cream cheese for the team breakfast on Friday",
            [task("Buy 6 bagels and a tub of cream cheese for the team breakfast", "2026-11-20")]),
        NoteCase("remind me to call my mom on Mother's Day", [task("Call my mom", "2027-05-09")]),
        NoteCase("meet with the contractor at the house on Tuesday at 8:30 am", [task("Meet with the contractor at the house", "2026-11-24", "08:30")]),
        NoteCase("water the garden tonight if it doesn't rain", [task("Water the garden if it doesn't rain", "2026-11-18", "20:00")]),
        NoteCase("okay a couple of things. Buy milk. Call Sam.", [task("Buy milk"), task("Call Sam")]),
        NoteCase("what else do we need", []),
    ]

    @Test("everyday notes", arguments: everydayCases)
    func everyday(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Connectives, particles and the words around a when.
    static let whenWordCases: [NoteCase] = [
        NoteCase("need to get the snow tires put on before Thanksgiving", [task("Get the snow tires put on", "2026-11-26")]),
        NoteCase("pick up the photos at Costco after 2", [task("Pick up the photos at Costco", "2026-11-18", "14:00")]),
        NoteCase("call the cable company, the internet has been down since yesterday", [task("Call the cable company")]),
        NoteCase("book 2 tickets for the 3 pm matinee on Sunday", [task("Book 2 tickets for the 3 pm matinee", "2026-11-22")]),
        NoteCase("buy tickets for the 7:30 show on Saturday", [task("Buy tickets for the 7:30 show", "2026-11-21")]),
        NoteCase("send Bob the updated deck before the 2 pm meeting", [task("Send Bob the updated deck before the meeting", "2026-11-18", "14:00")]),
        NoteCase(
            "I need to get 5 copies of the report printed for the 10 am meeting",
            [task("Get 5 copies of the report printed for the 10 am meeting")]),
        NoteCase("okay so um the plumber is coming Thursday between 10 and 12", [task("The plumber is coming", "2026-11-19", "10:00")]),
        NoteCase("between 2 and 4 pm call the school", [task("Call the school", "2026-11-18", "14:00")]),
        NoteCase("call Jen at 6 tonight, not 5", [task("Call Jen", "2026-11-18", "18:00")]),
        NoteCase("I need to return the library books before they're due on the 30th", [task("Return the library books", "2026-11-30")]),
        NoteCase("renew the permit before it is due on Friday", [task("Renew the permit", "2026-11-20")]),
        NoteCase("tomorrow at 9 standup with the design team", [task("Standup with the design team", "2026-11-19", "09:00")]),
        NoteCase("um so uh call the the plumber tomorrow at like 10", [task("Call the plumber", "2026-11-19", "10:00")]),
        NoteCase("around like 4 pick up the kids", [task("Pick up the kids", "2026-11-18", "16:00")]),
        NoteCase("I feel like 4 people will come", []),
        NoteCase(
            "defrost the chicken tonight for tomorrow's dinner", [task("Defrost the chicken for tomorrow's dinner", "2026-11-18", "20:00")]),
        NoteCase("prep for Monday's meeting", [task("Prep for Monday's meeting", "2026-11-23")]),
        NoteCase("print Friday's agenda", [task("Print Friday's agenda", "2026-11-20")]),
        NoteCase("finish yesterday's report", [task("Finish yesterday's report")]),
        NoteCase("look into flights to Denver for the week of December 14th", [task("Look into flights to Denver", "2026-12-14")]),
        NoteCase("plan the offsite for the week of the 9th", [task("Plan the offsite", "2026-12-07")]),
        NoteCase("week of Jan 4 start the new diet", [task("Start the new diet", "2027-01-04")]),
    ]

    /// "Move X from A to B": A and B say what to change, and stay in the title.
    static let moveCases: [NoteCase] = [
        NoteCase(
            "reschedule the haircut from Thursday to next Wednesday at 4", [task("Reschedule the haircut from Thursday to next Wednesday at 4")]),
        NoteCase("move the dentist appointment to next Friday", [task("Move the dentist appointment to next Friday")]),
        NoteCase("push the team sync to 3 pm", [task("Push the team sync to 3 pm")]),
        NoteCase("tell Sam the meeting moved to Thursday", [task("Tell Sam the meeting moved to Thursday")]),
        NoteCase("call the salon tomorrow to move my haircut to Friday", [task("Call the salon to move my haircut to Friday", "2026-11-19")]),
        NoteCase("postpone the call with Dana until next week", [task("Postpone the call with Dana until next week")]),
        NoteCase("change the oil by Friday", [task("Change the oil", "2026-11-20")]),
        NoteCase("let the team know the deadline is Friday", [task("Let the team know the deadline is Friday")]),
        NoteCase("tell Sam the party is on Saturday", [task("Tell Sam the party is on Saturday")]),
        NoteCase("text mom that I'll be late tonight", [task("Text mom that I'll be late", "2026-11-18", "20:00")]),
    ]

    @Test("moving something in time", arguments: moveCases)
    func moving(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("words around a when", arguments: whenWordCases)
    func whenWords(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Splitting a note into its tasks.
    static let splittingCases: [NoteCase] = [
        NoteCase(
            "first, email the client, second, update the budget spreadsheet, and third, call Mike",
            [task("Email the client"), task("Update the budget spreadsheet"), task("Call Mike")])
    ]

    /// A verb that is also a noun, before a bare noun: a new action, unless the two name one thing.
    static let bareObjectCases: [NoteCase] = [
        NoteCase("call mom tonight and book tickets", [task("Call mom", "2026-11-18", "20:00"), task("Book tickets")]),
        // "water bottles" names one thing; with a when of its own it is bought on its own day.
        NoteCase("buy milk tomorrow and water bottles on Friday", [task("Buy milk", "2026-11-19"), task("Buy water bottles", "2026-11-20")]),
        NoteCase("buy potting soil and water plants", [task("Buy potting soil"), task("Water plants")]),
        NoteCase("buy dish soap and clean towels", [task("Buy dish soap and clean towels")]),
        NoteCase("pick up the kids, cook dinner, and fold the laundry", [task("Pick up the kids"), task("Cook dinner"), task("Fold the laundry")]),
        NoteCase("buy a notebook, book covers and pens", [task("Buy a notebook, book covers and pens")]),
    ]

    @Test("a verb that is also a noun", arguments: bareObjectCases)
    func bareObjects(_ note: NoteCase) throws { try expectExtraction(note) }

    /// "The night before", "a week before": counted from the day of the task said before.
    static let anchoredCases: [NoteCase] = [
        NoteCase(
            "next Tuesday at 10 I have a call with the bank, prepare the paperwork the night before",
            [task("I have a call with the bank", "2026-11-24", "10:00"), task("Prepare the paperwork", "2026-11-23", "20:00")]),
        NoteCase("the quarterly taxes are due January 15th, remind me a week before", [task("The quarterly taxes are due", "2027-01-08")]),
        NoteCase(
            "my mom's surgery is on December 3rd, cook meals for her the day before",
            [task("My mom's surgery", "2026-12-03"), task("Cook meals for her", "2026-12-02")]),
        NoteCase(
            "flight to Denver on Friday at 7 am. Check in online the day before.",
            [task("Flight to Denver", "2026-11-20", "07:00"), task("Check in online", "2026-11-19")]),
        NoteCase("remind me that the car payment is due on the 20th", [task("The car payment is due", "2026-11-20")]),
        NoteCase(
            "so the car needs an oil change, schedule it for next Saturday morning", [task("The car needs an oil change", "2026-11-28", "09:00")]),
        NoteCase("the gutters need cleaning, do it this weekend", [task("The gutters need cleaning", "2026-11-21")]),
        NoteCase("pack the night before the trip", [task("Pack the night before the trip")]),
    ]

    @Test("a day counted from the task before", arguments: anchoredCases)
    func anchored(_ note: NoteCase) throws { try expectExtraction(note) }

    /// A when said before the first task of a sentence is its own and that of the tasks a bare "and" joins to it, not of
    /// those after "and then", "then" or a pause.
    static let leadingWhenCases: [NoteCase] = [
        NoteCase(
            "okay so tomorrow I need to pick up the kids at three fifteen and then grab groceries on the way home",
            [task("Pick up the kids", "2026-11-19", "15:15"), task("Grab groceries on the way home")]),
        NoteCase(
            "tonight I need to pack for the trip and charge the camera batteries",
            [task("Pack for the trip", "2026-11-18", "20:00"), task("Charge the camera batteries", "2026-11-18", "20:00")]),
        NoteCase("remind me tomorrow to call mom and then buy milk", [task("Call mom", "2026-11-19"), task("Buy milk")]),
        NoteCase("Tomorrow call mom. Buy milk.", [task("Call mom", "2026-11-19"), task("Buy milk")]),
    ]

    @Test("a when before the first task", arguments: leadingWhenCases)
    func leadingWhen(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Reasons and comments after a comma are not part of the title; a message is.
    static let commentCases: [NoteCase] = [
        NoteCase("Email the teacher, Liam missed class", [task("Email the teacher")]),
        NoteCase("buy granola bars, the kids need snacks", [task("Buy granola bars")]),
        NoteCase("email Jenny the photos from the trip, she asked twice", [task("Email Jenny the photos from the trip")]),
        NoteCase("text the babysitter, we'll be late", [task("Text the babysitter, we'll be late")]),
        NoteCase("buy dog food, we're almost out", [task("Buy dog food")]),
        NoteCase("order a new phone charger, mine is broken", [task("Order a new phone charger")]),
        NoteCase("refill the prescription at CVS, only 2 pills left", [task("Refill the prescription at CVS")]),
        NoteCase("clean the fridge, it's starting to smell", [task("Clean the fridge")]),
        NoteCase(
            "take the car in for service on Monday at 8 am, it's making a weird noise",
            [task("Take the car in for service", "2026-11-23", "08:00")]),
        NoteCase(
            "I should call the pediatrician about Mia's cough, it's getting worse", [task("Call the pediatrician about Mia's cough")]),
        NoteCase("call dad every Sunday evening, he gets lonely", [task("Call dad", "2026-11-22", "18:00", every: "FREQ=WEEKLY;BYDAY=SU")]),
    ]

    @Test("comments after a comma", arguments: commentCases)
    func commentsAfterComma(_ note: NoteCase) throws { try expectExtraction(note) }

    /// Lead-ins before a clause with its own subject.
    static let clauseLeadInCases: [NoteCase] = [
        NoteCase("don't forget the recycling goes out on Monday", [task("The recycling goes out", "2026-11-23")]),
        NoteCase("don't forget that Sam's flight lands at 6", [task("Sam's flight lands", "2026-11-18", "18:00")]),
        NoteCase("remember that the car payment is due on the 20th", [task("The car payment is due", "2026-11-20")]),
        NoteCase("don't forget the receipts", [task("Don't forget the receipts")]),
        NoteCase("note to self, the wifi password is on the fridge", []),
        NoteCase("note to self, ask Priya about the budget", [task("Ask Priya about the budget")]),
        NoteCase("I really need to clean the garage at some point, no rush", [task("Clean the garage", priority: .low)]),
    ]

    @Test("a lead-in before a clause", arguments: clauseLeadInCases)
    func clauseLeadIns(_ note: NoteCase) throws { try expectExtraction(note) }

    /// A short phrase said before the lead-in goes after the action.
    static let frontedCases: [NoteCase] = [
        NoteCase(
            "so for the party on Saturday I need to buy balloons, napkins and a cake",
            [task("Buy balloons, napkins and a cake for the party", "2026-11-21")]),
        NoteCase("remind me twice a week to water the ferns", [task("Water the ferns twice a week")]),
        NoteCase("for the bake sale, I need to make cupcakes", [task("Make cupcakes for the bake sale")]),
        NoteCase("before the meeting, print the agenda", [task("Print the agenda before the meeting")]),
        NoteCase("after work I have to pick up the kids", [task("Pick up the kids after work")]),
    ]

    @Test("a phrase before the lead-in", arguments: frontedCases)
    func fronted(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("splitting", arguments: splittingCases)
    func splitting(_ note: NoteCase) throws { try expectExtraction(note) }
}
