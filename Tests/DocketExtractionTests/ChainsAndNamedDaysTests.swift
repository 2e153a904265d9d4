import Testing

@testable import DocketExtraction

/// A day said before an "and" chain with a time after it, lengths of hourly repeats, days that are names, and a "no"
/// said of a person (reference Wed 2026-11-18 09:00 America/New_York).
@Suite("Chains, named days and refusals")
struct ChainsAndNamedDaysTests {
    static let chainNotes: [NoteCase] = [
        // A plural's possessive mark before "and" is no pause; it stays in the title.
        NoteCase(
            "Drop off the casserole at the Okafors' and call Jo tomorrow",
            [task("Drop off the casserole at the Okafors'"), task("Call Jo", "2026-11-19")]),
        NoteCase("Pick up the twins' jerseys tomorrow", [task("Pick up the twins' jerseys", "2026-11-19")]),
        NoteCase(
            "Swap the gearbox filter on tower 9 and recalibrate the yaw sensor next Monday",
            [task("Swap the gearbox filter on tower 9"), task("Recalibrate the yaw sensor", "2026-11-23")]),
        NoteCase(
            "Survey the north fence Friday at 8 am, and flag the property pins",
            [task("Survey the north fence", "2026-11-20", "08:00"), task("Flag the property pins")]),
        NoteCase("Wash the shards, then bag and tag them", [task("Wash the shards"), task("Bag and tag them")]),
        // A recurrence word after a word of quantity names a kind of thing; "on" before a when it never introduces is
        // the verb's.
        NoteCase("Order some weekly pill organizers", [task("Order some weekly pill organizers")]),
        NoteCase("file quarterly taxes by January 15", [task("File quarterly taxes", "2027-01-15")]),
        NoteCase("send weekly updates to the team", [task("Send weekly updates to the team")]),
        NoteCase("Turn the porch light on tonight", [task("Turn the porch light on", "2026-11-18", "20:00")]),
        NoteCase("Put the knee brace on every morning", [task("Put the knee brace on", "2026-11-19", "09:00", every: "FREQ=DAILY")]),
        // The day said before the first task is its own and that of the tasks a bare "and" joins to it; the time said last is
        // the last one's.
        NoteCase(
            "Tomorrow, clean the fridge, do laundry and call Grandma in the afternoon.",
            [task("Clean the fridge", "2026-11-19"), task("Do laundry"), task("Call Grandma", "2026-11-19", "15:00")]),
        NoteCase(
            "Tomorrow I need to email Sarah and call the bank at 5",
            [task("Email Sarah", "2026-11-19"), task("Call the bank", "2026-11-19", "17:00")]),
        NoteCase(
            "Friday, wash the car and mow the lawn in the morning",
            [task("Wash the car", "2026-11-20"), task("Mow the lawn", "2026-11-20", "09:00")]),
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
        // "no" and why: the why is no part of a title, and what follows the "no" is what was meant.
        NoteCase("Call Dana at 3, uh, no, she's busy then, call her at 4.", [task("Call her", "2026-11-18", "16:00")]),
        NoteCase("Text Ben, no, he's away, text Sam", [task("Text Sam")]),
        NoteCase("Text Leo at 4, no, it's too early, at 6.", [task("Text Leo", "2026-11-18", "18:00")]),
        NoteCase("Call Jo at 3, no, she's busy, at 4.", [task("Call Jo", "2026-11-18", "16:00")]),
        NoteCase("Call Dana at 3, uh, no, she's busy", [task("Call Dana", "2026-11-18", "15:00")]),
        NoteCase("No, she's not home right now.", []),
        NoteCase("Call Dana at 3, no, 4", [task("Call Dana", "2026-11-18", "16:00")]),
        NoteCase("Pick up Mia from practice at 5:30, wait, it's at 6 today.", [task("Pick up Mia from practice", "2026-11-18", "18:00")]),
        NoteCase("Buy an air mattress, actually no, a real mattress topper.", [task("Buy a real mattress topper")]),
        NoteCase("Text Amir happy birthday tomorrow, actually no, do it today.", [task("Text Amir happy birthday", "2026-11-18")]),
        NoteCase("Pick up the dry cleaning, scratch that, the dry cleaning is already done. Buy light bulbs.", [task("Buy light bulbs")]),
        NoteCase("Buy milk, no, we have some. Buy eggs.", [task("Buy eggs")]),
        NoteCase("Call, uh, text Ben about the game tonight.", [task("Text Ben about the game", "2026-11-18", "20:00")]),
        NoteCase("I need to call, um, email the landlord", [task("Email the landlord")]),
        NoteCase("Buy milk, um, call mom", [task("Buy milk"), task("Call mom")]),
        NoteCase("Send the registration by the end of the month, it's $35 plus $2 per puppy.", [task("Send the registration", "2026-11-30")]),
        NoteCase("Take Ollie to the vet Friday, no, the clinic's closed Friday, Saturday.", [task("Take Ollie to the vet", "2026-11-21")]),
        NoteCase("Order pizza for Friday, no, Tom's allergic to cheese, order sushi for Friday.", [task("Order sushi", "2026-11-20")]),
        NoteCase("Call Rita Friday, actually no rush.", [task("Call Rita", "2026-11-20", priority: .low)]),
        NoteCase("Buy milk tomorrow. Actually, no one drinks milk. Buy oat milk.", [task("Buy milk", "2026-11-19"), task("Buy oat milk")]),
        NoteCase("Meet Jo at 11, no, at 1", [task("Meet Jo", "2026-11-18", "13:00")]),
        NoteCase("Meet Jo at 6, no, 7", [task("Meet Jo", "2026-11-18", "19:00")]),
        NoteCase("Start the roast at 11, no, at 12.", [task("Start the roast", "2026-11-18", "12:00")]),
        NoteCase("Call Dana at 3, no, call her at 4.", [task("Call her", "2026-11-18", "16:00")]),
        NoteCase("Call Tom, no, call Jerry", [task("Call Jerry")]),
        NoteCase("Order the napkins by Friday. Actually, scratch that, we still have two boxes.", []),
        NoteCase("Call the DJ at 3, no, make it 4, about the first dance song.", [task("Call the DJ about the first dance song", "2026-11-18", "16:00")]),
        NoteCase(
            "Email Kevin the schedule for December by Monday, actually make that Tuesday.",
            [task("Email Kevin the schedule for December", "2026-11-24")]),
        // "scratch that" said as words of a task.
        NoteCase("Buff out the scratch that Dave left on the car door tomorrow.", [task("Buff out the scratch that Dave left on the car door", "2026-11-19")]),
        NoteCase("Remind me to scratch that lottery ticket tonight.", [task("Scratch that lottery ticket", "2026-11-18", "20:00")]),
        // A full stop between a verb and its object: a plural, an adjective or a possessive in the object.
        NoteCase("I need to buy. The kids shoes.", [task("Buy the kids shoes")]),
        NoteCase("I need to schedule. The kids dentist appointments.", [task("Schedule the kids dentist appointments")]),
        NoteCase("I have to order. New ink cartridges.", [task("Order new ink cartridges")]),
        NoteCase("Remind me to call. The vet about Rex's shots tomorrow.", [task("Call the vet about Rex's shots", "2026-11-19")]),
        NoteCase("I need to vacuum. The in-laws arrive Friday.", [task("Vacuum"), task("The in-laws arrive", "2026-11-20")]),
        NoteCase("I need to call. The vet's closed.", [task("Call")]),
        // Names that hold a day, a plus or a verb's particle.
        NoteCase("Buy the Sunday Riley serum at Sephora.", [task("Buy the Sunday Riley serum at Sephora")]),
        NoteCase("Order the Summer Fridays lip balm for Jess.", [task("Order the Summer Fridays lip balm for Jess")]),
        NoteCase("Buy a 4th of July banner for the block party.", [task("Buy a 4th of July banner for the block party")]),
        NoteCase("Schedule dinner with the Parkers Saturday at 7.", [task("Schedule dinner with the Parkers", "2026-11-21", "07:00")]),
        NoteCase("Order the plaques from Awards Plus by Friday", [task("Order the plaques from Awards Plus", "2026-11-20")]),
        NoteCase("Call Disney Plus about the bill", [task("Call Disney Plus about the bill")]),
        NoteCase("Buy milk, plus call mom", [task("Buy milk"), task("Call mom")]),
        NoteCase("Walk around every hour for 10 minutes.", [task("Walk around for 10 minutes", "2026-11-18", "10:00", every: "FREQ=HOURLY")]),
        NoteCase("Stop by around 3", [task("Stop by", "2026-11-18", "15:00")]),
        NoteCase("Schedule my quals for sometime in February", [task("Schedule my quals", "2027-02-01", priority: .low)]),
        // A holiday said as a clause of its own, before the task.
        NoteCase("Small Business Saturday, open the shop at 7.", [task("Open the shop", "2026-11-28", "07:00")]),
        NoteCase("Thanksgiving, call Grandma.", [task("Call Grandma", "2026-11-26")]),
        NoteCase("Um, Thanksgiving, remind me to call Grandpa at noon.", [task("Call Grandpa", "2026-11-26", "12:00")]),
        NoteCase("Thanksgiving morning, put the turkey in the oven at 8.", [task("Put the turkey in the oven", "2026-11-26", "08:00")]),
        // Nouns that are also verbs, in a list.
        NoteCase("Buy glue, nails and box cutters.", [task("Buy glue, nails and box cutters")]),
        NoteCase("Buy a new charger and copy paper tomorrow.", [task("Buy a new charger and copy paper", "2026-11-19")]),
        NoteCase("Organize the pantry and label the spice jars", [task("Organize the pantry"), task("Label the spice jars")]),
        NoteCase(
            "Daily at 6 pm, run the end of day report and back up the server.",
            [
                task("Run the end of day report", "2026-11-18", "18:00", every: "FREQ=DAILY"),
                task("Back up the server", "2026-11-18", "18:00", every: "FREQ=DAILY"),
            ]),
        NoteCase("Remind me at 7:45 tomorrow to pack Lily's show and tell item.", [task("Pack Lily's show and tell item", "2026-11-19", "07:45")]),
        NoteCase(
            "Send the packet to the agent by 5 today, and CC the broker.", [task("Send the packet to the agent", "2026-11-18", "17:00"), task("CC the broker")]),
        NoteCase("Submit the form by end of day", [task("Submit the form", "2026-11-18", "17:00")]),
        NoteCase("Send the end of week summary tomorrow.", [task("Send the end of week summary", "2026-11-19")]),
        NoteCase("Remind me every day at 11 and 3 to stretch.", [task("Stretch", "2026-11-18", "11:00", every: "FREQ=DAILY;BYHOUR=11,15")]),
        NoteCase("Buy juice, soda and drink mixes for the party.", [task("Buy juice, soda and drink mixes for the party")]),
        NoteCase("Update my cover letter and resume for the Google job", [task("Update my cover letter and resume for the Google job")]),
        NoteCase("Buy a keyboard and monitor for the office", [task("Buy a keyboard and monitor for the office")]),
        NoteCase("Email Sarah and Bill the invoice", [task("Email Sarah and Bill the invoice")]),
        NoteCase("Mulch the flower beds and hose down the patio.", [task("Mulch the flower beds"), task("Hose down the patio")]),
        NoteCase("Swim and lift weights on Tuesday.", [task("Swim", "2026-11-24"), task("Lift weights", "2026-11-24")]),
        NoteCase("Set an alarm for 7 am, no, 6", [task("Set an alarm", "2026-11-19", "06:00")]),
        NoteCase("Submit the RSVP for the January 9th gala no later than December 20th.", [task("Submit the RSVP for the January 9th gala", "2026-12-20")]),
        NoteCase(
            "Mail the invitations for Emma's December 27th birthday party by the 5th.",
            [task("Mail the invitations for Emma's December 27th birthday party", "2026-12-05")]),
        NoteCase("Call the florist on Friday about the December 12th wedding.", [task("Call the florist about the December 12th wedding", "2026-11-20")]),
        NoteCase("Pay the rent on the 1st and the phone bill on the 15th", [task("Pay the rent", "2026-12-01"), task("Pay the phone bill", "2026-12-15")]),
        // A repetition said after the second of two tasks sharing a verb is the first's too when that one says only its hour.
        NoteCase(
            "Call Dad at 2 and Mom at 4 every day.",
            [task("Call Dad", "2026-11-18", "14:00", every: "FREQ=DAILY"), task("Call Mom", "2026-11-18", "16:00", every: "FREQ=DAILY")]),
        NoteCase(
            "walk the dog at 7 and the cat at 8 every Sunday",
            [
                task("Walk the dog", "2026-11-22", "07:00", every: "FREQ=WEEKLY;BYDAY=SU"),
                task("Walk the cat", "2026-11-22", "08:00", every: "FREQ=WEEKLY;BYDAY=SU"),
            ]),
        NoteCase("Print the end of month statements by Friday.", [task("Print the end of month statements", "2026-11-20")]),
        NoteCase("Pay rent by end of month", [task("Pay rent", "2026-11-30")]),
        NoteCase("Take the insulin every day at 8 and 6.", [task("Take the insulin", "2026-11-18", "18:00", every: "FREQ=DAILY;BYHOUR=8,18")]),
        NoteCase(
            "Take the pills every day at 8 am and at 8 pm until Sunday.",
            [task("Take the pills", "2026-11-18", "20:00", every: "FREQ=DAILY;BYHOUR=8,20;UNTIL=20261123T045959Z")]),
        NoteCase("Cut and stack the firewood", [task("Cut and stack the firewood")]),
        NoteCase("Sort and label the photos", [task("Sort and label the photos")]),
        NoteCase(
            "Stretch and do vocal warmups every day at 3:30 pm.",
            [task("Stretch", "2026-11-18", "15:30", every: "FREQ=DAILY"), task("Do vocal warmups", "2026-11-18", "15:30", every: "FREQ=DAILY")]),
        NoteCase("Mail the receipts, and, um, double check the totals.", [task("Mail the receipts"), task("Double check the totals")]),
        NoteCase("Take my vitamin D at 7 am, and uh, drink more water.", [task("Take my vitamin D", "2026-11-19", "07:00"), task("Drink more water")]),
        NoteCase("Quit the gym", [task("Quit the gym")]),
        NoteCase("Sweep the shop and answer the voicemails.", [task("Sweep the shop"), task("Answer the voicemails")]),
        NoteCase("The answer is no.", []),
        NoteCase(
            "Rent the lens for the December 12th wedding by December 5th.",
            [task("Rent the lens for the December 12th wedding", "2026-12-05")]),
        NoteCase(
            "Flight to Austin is at 6:10 am on the 2nd, check in the night before.",
            [task("Flight to Austin", "2026-12-02", "06:10"), task("Check in", "2026-12-01", "20:00")]),
        NoteCase("schedule the review in the first week of January", [task("Schedule the review", "2027-01-01")]),
        NoteCase(
            "Give Rex his insulin every day at 9 in the morning and 9 at night.",
            [task("Give Rex his insulin", "2026-11-18", "21:00", every: "FREQ=DAILY;BYHOUR=9,21")]),
        // Two whole hours of a daily repetition.
        NoteCase(
            "Give the puppies their meds every day at 7 a.m. and 7 p.m.",
            [task("Give the puppies their meds", "2026-11-18", "19:00", every: "FREQ=DAILY;BYHOUR=7,19")]),
        NoteCase(
            "Take the pills every day at 8:30 am and 8:30 pm.",
            [task("Take the pills", "2026-11-18", "20:30", every: "FREQ=DAILY;BYHOUR=8,20;BYMINUTE=30")]),
        NoteCase(
            "Feed the cat at 7:15 in the morning and 7:15 at night every day",
            [task("Feed the cat", "2026-11-18", "19:15", every: "FREQ=DAILY;BYHOUR=7,19;BYMINUTE=15")]),
        NoteCase("Take the pills every day at 8:30 am and 6 pm.", [task("Take the pills", "2026-11-19", "08:30", every: "FREQ=DAILY")]),
        NoteCase("Give the dog her pill every day at 8:30 and 6.", [task("Give the dog her pill", "2026-11-19", "08:30", every: "FREQ=DAILY")]),
        NoteCase(
            "Every Tuesday at 6:30 am and 6:30 pm water the greenhouse.",
            [task("Water the greenhouse", "2026-11-24", "06:30", every: "FREQ=WEEKLY;BYDAY=TU;BYHOUR=6,18;BYMINUTE=30")]),
        NoteCase("Every day at 9 and 5 check the traps", [task("Check the traps", "2026-11-18", "17:00", every: "FREQ=DAILY;BYHOUR=9,17")]),
        NoteCase(
            "Call Dad at 2 and Mom at 4 on Sundays.",
            [
                task("Call Dad", "2026-11-22", "14:00", every: "FREQ=WEEKLY;BYDAY=SU"),
                task("Call Mom", "2026-11-22", "16:00", every: "FREQ=WEEKLY;BYDAY=SU"),
            ]),
        NoteCase("Run the promo from Black Friday through Cyber Monday.", [task("Run the promo", "2026-11-27")]),
        NoteCase(
            "Interview the backend candidate tomorrow at 11 and the designer at 3.",
            [task("Interview the backend candidate", "2026-11-19", "11:00"), task("Interview the designer", "2026-11-19", "15:00")]),
        NoteCase("Call mom at 8 tonight, and Dad at 9.", [task("Call mom", "2026-11-18", "20:00"), task("Call Dad", "2026-11-18", "21:00")]),
        NoteCase("Meet Sam at 3 and Ann at 11", [task("Meet Sam", "2026-11-18", "15:00"), task("Meet Ann", "2026-11-18", "11:00")]),
        NoteCase(
            "Upload the game footage and tag the offside calls by Sunday.",
            [task("Upload the game footage"), task("Tag the offside calls", "2026-11-22")]),
        NoteCase("Text Karen about switching weekends.", [task("Text Karen about switching weekends")]),
        NoteCase(
            "Tonight, wash the kit bags and dry the tackle pads.",
            [task("Wash the kit bags", "2026-11-18", "20:00"), task("Dry the tackle pads", "2026-11-18", "20:00")]),
        NoteCase("Pick up the part from the shop and deliver it to the Lees", [task("Pick up the part from the shop"), task("Deliver it to the Lees")]),
        NoteCase("Price out ice and water shield for the church job", [task("Price out ice and water shield for the church job")]),
        NoteCase("Hem the skirt for Dana, shorten the sleeves by an inch", [task("Hem the skirt for Dana"), task("Shorten the sleeves by an inch")]),
        NoteCase("Walk the fence line and mark the posts on Friday", [task("Walk the fence line"), task("Mark the posts", "2026-11-20")]),
        NoteCase("Check the emergency lights too.", [task("Check the emergency lights too")]),
        NoteCase("Call Sam. Bob too.", [task("Call Sam"), task("Bob")]),
        NoteCase("Close the office from Christmas Eve to New Year's Day.", [task("Close the office", "2026-12-24")]),
        NoteCase("Return the sweater from Black Friday to Macy's", [task("Return the sweater from Black Friday to Macy's")]),
        NoteCase("Great Clips, book haircuts for the boys on Saturday morning", [task("Great Clips, book haircuts for the boys", "2026-11-21", "09:00")]),
        NoteCase("I need to figure out what dinner is going to be tonight", [task("Figure out what dinner is going to be", "2026-11-18", "20:00")]),
        // Verbs that start a task of their own after "and".
        NoteCase(
            "Clean the kennel runs and bleach the whelping room every Saturday.",
            [
                task("Clean the kennel runs", "2026-11-21", every: "FREQ=WEEKLY;BYDAY=SA"),
                task("Bleach the whelping room", "2026-11-21", every: "FREQ=WEEKLY;BYDAY=SA"),
            ]),
        NoteCase("Update the prayer list, and include the Delgado family.", [task("Update the prayer list"), task("Include the Delgado family")]),
        NoteCase("The tomatoes are done for the season, pull out the plants this weekend.", [task("Pull out the plants", "2026-11-21")]),
        NoteCase("Pay the card bill on the 25th, label it bills, no wait, on the 20th.", [task("Pay the card bill", "2026-11-20", labels: ["bills"])]),
        NoteCase("rock and roll camp signup for Zoe", [task("Rock and roll camp signup for Zoe")]),
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
        NoteCase("Apparently I need to renew my license by Friday.", [task("Renew my license", "2026-11-20")]),
        NoteCase("Text Sam back, he's been calling every day.", [task("Text Sam back")]),
        NoteCase("Reply to Ken, he emailed on Monday, by Friday.", [task("Reply to Ken", "2026-11-20")]),
        NoteCase("Text the babysitter, we'll be late", [task("Text the babysitter, we'll be late")]),
        NoteCase("Text Sam no later than Friday, he needs the address.", [task("Text Sam", "2026-11-20")]),
        NoteCase("Reply to Ken's email on Monday, he needs an answer.", [task("Reply to Ken's email", "2026-11-23")]),
        NoteCase("Ask Mom, is she hosting", [task("Ask Mom, is she hosting")]),
        NoteCase(
            "Don't miss our flight on Friday, check in online tonight.",
            [task("Don't miss our flight", "2026-11-20"), task("Check in online", "2026-11-18", "20:00")]),
        NoteCase("Welcome to Kroger, how can I help you?", []),
        NoteCase("Wow, look at that sunset.", []),
        NoteCase("Realistically, we need to repaint the hallway next month.", [task("Repaint the hallway", "2026-12-01")]),
        NoteCase("Say no to the PTA bake sale by Friday.", [task("Say no to the PTA bake sale", "2026-11-20")]),
        NoteCase("Say thank you to Grandma.", []),
        NoteCase("Bro, that game was insane.", []),
        NoteCase("Truthfully, I need to start the taxes next week.", [task("Start the taxes", "2026-11-23")]),
        NoteCase("Clearly label the moving boxes by Friday.", [task("Clearly label the moving boxes", "2026-11-20")]),
        NoteCase("pay rent on Monday and the gas bill on Friday", [task("Pay rent", "2026-11-23"), task("Pay the gas bill", "2026-11-20")]),
        NoteCase("Remind me at 9, no, at 9:30 tonight to check the oven.", [task("Check the oven", "2026-11-18", "21:30")]),
        NoteCase("Thank you to everyone who came.", []),
        NoteCase("Thank you notes.", [task("Thank you notes")]),
        NoteCase("Just talked to the guy at the brewery, he loved the brisket. Pretty cool.", []),
        NoteCase("Quick one, RSVP for the department party by this Friday.", [task("RSVP for the department party", "2026-11-20")]),
        NoteCase(
            "The Hendersons want a second opinion on that system, call them back by end of day Friday.",
            [task("Call them back", "2026-11-20", "17:00")]),
        NoteCase("Those flowers look amazing.", []),
        NoteCase("Lily, stop putting that in your mouth.", []),
        NoteCase(
            "I should email the book club about moving to the second Thursday.",
            [task("Email the book club about moving to the second Thursday")]),
        NoteCase(
            "Rake the leaves at 412 Oak Lane and blow out the gutters on Thursday.",
            [task("Rake the leaves at 412 Oak Lane"), task("Blow out the gutters", "2026-11-19")]),
        NoteCase("Book a babysitter for Saturday night, me and Jess have a date.", [task("Book a babysitter", "2026-11-21", "20:00")]),
        NoteCase("Sign up for the training by December 1st, the sessions start on the 14th.", [task("Sign up for the training", "2026-12-01")]),
        NoteCase("Write the conference abstract for ICML, deadline's January 28th.", [task("Write the conference abstract for ICML", "2027-01-28")]),
        NoteCase("Write in my journal about today, the counselor says it helps.", [task("Write in my journal about today")]),
        NoteCase(
            "Clean the guest room on Friday, my college roommate from Seattle and her husband arrive on Saturday.",
            [task("Clean the guest room", "2026-11-20")]),
        NoteCase("Yeah, those look great, thanks.", []),
        NoteCase("Hey, um, so the drummer quit. Post an audition notice ASAP.", [task("Post an audition notice", priority: .high)]),
        NoteCase("Clean the guest room, my cousin from Toronto with her two kids arrives Friday.", [task("Clean the guest room", "2026-11-20")]),
        NoteCase("I need to wash. The car's filthy.", [task("Wash")]),
        NoteCase("Order a new lockbox, the one at 9 Elm got jammed.", [task("Order a new lockbox")]),
        NoteCase("Clear the loft by Friday, the hay delivery from the Johnsons is coming Saturday.", [task("Clear the loft", "2026-11-20")]),
        NoteCase("Wash the soccer uniforms tonight, the game's at 9 tomorrow.", [task("Wash the soccer uniforms", "2026-11-18", "20:00")]),
        NoteCase("Tell the VP the launch slipped to December 8th.", [task("Tell the VP the launch slipped to December 8th")]),
    ]

    @Test("Talk around tasks and comments after them", arguments: talkNotes)
    func talk(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("Chains, named days and refusals", arguments: chainNotes)
    func read(_ note: NoteCase) throws { try expectExtraction(note) }
}
