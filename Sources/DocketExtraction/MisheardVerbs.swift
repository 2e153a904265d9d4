/// Mends the verb that starts a task when the recogniser wrote a word that sounds like it ("by a gift card",
/// "my milk and eggs", "right the report", "male the package"), and only there: at the start of a clause, and only
/// when the words after it read as the verb's object. Words anywhere else are never rewritten.
///
/// The pairs come from what Whisper models wrote for spoken imperatives (`docket-bench hearing`), and from homophones
/// of verbs people dictate.
enum MisheardVerbs {
    /// A word the recogniser writes for a verb, and what must follow for it to be read as that verb.
    struct Sound: Sendable {
        /// The verb it stands for.
        var verb: String
        /// Whether a bare word ("by milk and eggs") is object enough, not only a determiner or a name.
        var bareObject: Bool
        /// Whether a capitalised name may follow ("male Dana the keys", "meat Sam").
        var name: Bool
        /// A word after it that makes it another verb ("weight for the locksmith": "wait").
        var otherVerb: (before: String, verb: String)? = nil
    }

    /// Heard spelling → the verb said.
    static let sounds: [String: Sound] = [
        "by": Sound(verb: "buy", bareObject: true, name: false),
        "bye": Sound(verb: "buy", bareObject: true, name: false),
        "right": Sound(verb: "write", bareObject: false, name: false),
        "rite": Sound(verb: "write", bareObject: false, name: false),
        "male": Sound(verb: "mail", bareObject: true, name: true),
        "reed": Sound(verb: "read", bareObject: true, name: false),
        "where": Sound(verb: "wear", bareObject: false, name: false),
        "meat": Sound(verb: "meet", bareObject: false, name: true),
        "my": Sound(verb: "buy", bareObject: false, name: false),
        "reveal": Sound(verb: "refill", bareObject: false, name: false),
        // Homophones of verbs people dictate, read so only before a determiner ("cell my old textbooks", "way the bags").
        "higher": Sound(verb: "hire", bareObject: false, name: false),
        "cell": Sound(verb: "sell", bareObject: false, name: false),
        "sine": Sound(verb: "sign", bareObject: false, name: false),
        "rap": Sound(verb: "wrap", bareObject: false, name: true),
        "way": Sound(verb: "weigh", bareObject: false, name: false),
        "weight": Sound(verb: "weigh", bareObject: false, name: false, otherVerb: ("for", "wait")),
        "hall": Sound(verb: "haul", bareObject: false, name: false),
        "toe": Sound(verb: "tow", bareObject: false, name: false),
        "steak": Sound(verb: "stake", bareObject: false, name: false),
        "fined": Sound(verb: "find", bareObject: false, name: false),
        "bored": Sound(verb: "board", bareObject: false, name: true),
        "pray": Sound(verb: "pay", bareObject: false, name: false),
        "pear": Sound(verb: "pair", bareObject: false, name: false),
        "pore": Sound(verb: "pour", bareObject: false, name: false),
        "bate": Sound(verb: "bait", bareObject: false, name: false),
        "tide": Sound(verb: "tie", bareObject: false, name: false),
        "lone": Sound(verb: "loan", bareObject: false, name: false),
        "altar": Sound(verb: "alter", bareObject: false, name: false),
        "plain": Sound(verb: "plane", bareObject: false, name: false),
        "council": Sound(verb: "counsel", bareObject: false, name: true),
        "chews": Sound(verb: "choose", bareObject: false, name: false),
        "based": Sound(verb: "baste", bareObject: false, name: false),
        // Verbs of their own, read as the verb said only before what that verb is done to ("wave the late fee", "bail the
        // hay", "heard the heifers into the barn", "root the new circuit", "die the carnations blue", "birth the boat").
        "wave": Sound(verb: "waive", bareObject: false, name: false),
        "bail": Sound(verb: "bale", bareObject: false, name: false),
        "heard": Sound(verb: "herd", bareObject: false, name: false),
        "root": Sound(verb: "route", bareObject: false, name: false),
        "die": Sound(verb: "dye", bareObject: false, name: false),
        "birth": Sound(verb: "berth", bareObject: false, name: false),
        "cede": Sound(verb: "seed", bareObject: false, name: false),
        "led": Sound(verb: "let", bareObject: false, name: false),
    ]

    /// Where animals are herded ("into the barn", "back to the pen").
    static let herdingWays: Set<String> = ["into", "to", "onto", "through", "across", "toward", "towards", "inside"]

    /// Words that may follow what is waived ("wave the late fee for the Smiths", "wave the copay on Friday").
    static let waivedEnders: Set<String> = [
        "for", "on", "and", "if", "this", "next", "today", "tomorrow", "by", "before", "until", "so", "since", "because", "again", "please",
    ]

    /// What the verb a word of its own stands for is done to, within a few words ("wave the delivery fee": "waive").
    static let objectsOfVerb: [String: Set<String>] = [
        "wave": [
            "fee", "fees", "copay", "copays", "charge", "charges", "penalty", "penalties", "fine", "fines", "deposit", "requirement", "interest", "minimum",
            "surcharge",
        ],
        "bail": ["hay", "straw", "alfalfa", "cardboard"],
        "heard": [
            "cattle", "cows", "heifers", "steers", "calves", "sheep", "goats", "ewes", "lambs", "herd", "flock", "horses", "chickens", "ducks", "geese", "pigs",
        ],
        "root": [
            "circuit", "circuits", "cable", "cables", "wire", "wires", "wiring", "call", "calls", "traffic", "conduit", "pipe", "pipes", "line", "lines",
            "duct", "ducts", "hose", "shipment", "delivery", "deliveries", "request", "requests", "tickets",
        ],
        "die": ["blue", "red", "green", "black", "pink", "purple", "yellow", "orange", "brown", "navy", "teal", "hair", "eggs", "yarn", "fabric", "wool"],
        "birth": ["boat", "boats", "ship", "vessel", "yacht", "sloop", "ferry", "barge", "skiff", "trawler", "dinghy"],
        "cede": [
            "lawn", "lawns", "pasture", "pastures", "field", "fields", "grass", "garden", "beds", "bed", "yard", "plot", "plots", "meadow", "acre", "acres",
        ],
    ]

    /// What is boarded, for "bored" heard for "board" ("bored the dog at the kennel").
    static let boardedThings: Set<String> = [
        "dog", "dogs", "cat", "cats", "pet", "pets", "puppy", "puppies", "kitten", "horse", "horses", "flight", "plane", "train",
        "windows", "window",
    ]

    /// What is paid, for "pray" heard for "pay" ("pray the water bill"): "pray the rosary" stays.
    static let paidThings: Set<String> = [
        "bill", "bills", "rent", "invoice", "invoices", "fee", "fees", "tax", "taxes", "fine", "fines", "tuition", "mortgage",
        "balance", "deposit", "premium", "dues", "toll", "tolls", "ticket", "loan", "insurance", "plumber", "electrician",
        "babysitter", "nanny", "contractor", "landscaper", "tab",
    ]

    /// What people buy, for "my" and "bye" heard for "buy" ("Docket, my milk and eggs tomorrow", "Bye batteries on
    /// Saturday"): see ``reads(_:heard:at:_:)`` for what must come before and after. Drinks people call their own
    /// ("my coffee!", "my tea with Sam at 4") are left out.
    static let boughtThings: Set<String> = [
        "milk", "eggs", "bread", "butter", "cheese", "sugar", "flour", "rice", "pasta", "cereal", "oats", "juice",
        "bananas", "apples", "oranges", "lemons", "limes", "grapes", "berries",
        "strawberries", "blueberries", "tomatoes", "potatoes", "onions", "garlic", "carrots", "lettuce", "spinach",
        "avocados", "chicken", "beef", "salmon", "bacon", "ham", "yogurt", "yoghurt", "cream", "groceries", "snacks",
        "chips", "cookies", "crackers", "batteries", "bulbs", "lightbulbs", "toilet", "towels", "tissues", "napkins",
        "soap", "shampoo", "conditioner", "toothpaste", "deodorant", "detergent", "sponges", "foil", "diapers",
        "wipes", "stamps", "envelopes", "ink", "toner", "flowers", "litter", "birdseed", "gift", "gifts", "card", "cards",
        "food", "treats",
    ]

    /// What is refilled, for "reveal" heard for "refill" ("Reveal the prescription at the pharmacy tomorrow"): nobody
    /// reveals these, and "reveal the surprise" stays.
    static let refilledThings: Set<String> = [
        "prescription", "prescriptions", "meds", "medication", "medications", "medicine", "pills", "inhaler", "script",
    ]

    /// Words that start an object ("the", "a", "my", "some", "two").
    static let determiners: Set<String> = [
        "the", "a", "an", "my", "our", "his", "her", "their", "your", "some", "more", "another", "new", "extra", "fresh",
        "this", "that", "these", "those", "two", "three", "four", "five", "six", "ten", "twelve", "dozen", "down", "up",
    ]

    /// Words after "by" (or after "by the"/"by this") that make it the preposition: "by the time", "by the way",
    /// "by then", "by hand", "by the end".
    static let prepositionFollowers: Set<String> = [
        "time", "way", "end", "middle", "start", "beginning", "close", "then", "now", "noon", "midnight", "tonight",
        "tomorrow", "today", "myself", "yourself", "himself", "herself", "ourselves", "themselves", "hand", "car", "bus",
        "train", "plane", "bike", "foot", "mail", "email", "phone", "text", "far", "default", "accident", "mistake",
        "chance", "heart", "design", "name", "law", "all", "means", "eod", "eow", "cob", "weekend", "morning", "afternoon",
        "evening", "night", "week", "month", "year", "latest", "minute", "moment", "second", "instant",
        "am", "pm", "o'clock", "oclock", "ish",
    ]

    /// Words that say what kind, before what is bought: "dog food", "toilet paper"; alone they stay ("my dog to the
    /// vet", "my paper for class").
    static let itemKinds: Set<String> = ["dog", "cat", "bird", "toilet", "printer", "paper", "oat", "almond", "light"]

    /// Words that may follow what is bought: another item, whom it is for, a when ("my milk and eggs", "my gift
    /// card for Sam", "my stamps tomorrow").
    static let itemFollowers: Set<String> = [
        "and", "or", "plus", "for", "before", "after", "this", "next", "please", "today", "tomorrow", "tonight",
    ]

    /// Words that may follow what is bought only before a day ("my milk on Friday"; "my cards on the table" stays).
    static let itemWhenFollowers: Set<String> = ["on", "by"]

    /// Possessives after "bye" that keep it a farewell ("bye, my love").
    static let possessives: Set<String> = ["my", "our", "his", "her", "their", "your"]

    /// Words after "right" that keep it an adverb or adjective ("right now", "right away", "right this minute").
    static let rightFollowers: Set<String> = ["now", "away", "after", "before", "here", "there", "back", "on", "off", "then", "when"]

    /// Words that make a clause a question or statement, so "where" stays "where" ("where the keys are").
    static let questionWords: Set<String> = [
        "is", "are", "was", "were", "did", "do", "does", "can", "could", "should", "would", "will", "have", "has", "had",
        "i", "we", "you", "they", "he", "she", "it", "go", "went", "put", "left", "keep", "kept",
    ]

    /// Words after which a clause starts ("… and by milk", "I need to right the report", "please male it", "I gotta right
    /// up the estimate": after a lead-in that takes no "to" too).
    static let clauseOpeners: Set<String> = [
        "and", "then", "also", "plus", "to", "please", "next", "first", "finally", "so", "okay", "ok", "gotta", "gonna", "should", "must",
        "oughta", "better", "i'll", "we'll", "let's",
    ]

    /// A transcript with its misheard verbs mended, which still knows the words as heard.
    struct Mended: Sendable {
        /// The heard transcript.
        let heard: String
        /// The transcript with the verbs mended.
        let text: String
        /// Each mended word: where it is in `text` and where it was in `heard`, as UTF-8 offsets, in order.
        let words: [(text: Range<Int>, heard: Range<Int>)]

        /// The heard words behind a stretch of `text` (a task's source, a diagnostic's excerpt).
        func heardText(of range: Range<String.Index>) -> String {
            let lower = heardOffset(text.utf8.distance(from: text.startIndex, to: range.lowerBound), upper: false)
            let upper = heardOffset(text.utf8.distance(from: text.startIndex, to: range.upperBound), upper: true)
            let start = heard.utf8.index(heard.startIndex, offsetBy: lower)
            let end = heard.utf8.index(heard.startIndex, offsetBy: max(lower, upper))
            return String(heard[start..<end])
        }

        private func heardOffset(_ offset: Int, upper: Bool) -> Int {
            var shift = 0
            for word in words {
                if offset <= word.text.lowerBound { break }
                if offset < word.text.upperBound { return upper ? word.heard.upperBound : word.heard.lowerBound }
                shift = word.heard.upperBound - word.text.upperBound
            }
            return offset + shift
        }
    }

    /// The transcript with the misheard verbs mended, or nil when there is none (the usual case).
    static func repaired(_ transcript: String, tokens: [Token]) -> Mended? {
        var replacements: [(range: Range<String.Index>, text: String)] = []
        for index in tokens.indices where tokens[index].isWord && tokens[index].is(.misheardVerb) {
            let token = tokens[index]
            // "my" after "to" is a possessive however it goes on ("transfer 50 dollars to my gift card").
            guard let sound = sounds[token.norm], startsClause(at: index, tokens, afterTo: token.norm != "my") else { continue }
            // A recogniser that hears a farewell writes a comma after it ("Bye, new running shoes next week"): the
            // comma goes with the word.
            let comma = token.norm == "bye" && index + 1 < tokens.count && tokens[index + 1].norm == ","
            let verb = comma ? index + 1 : index
            guard reads(sound, heard: token.norm, at: verb, tokens) else { continue }
            let other = sound.otherVerb.flatMap { verb + 1 < tokens.count && tokens[verb + 1].norm == $0.before ? $0.verb : nil }
            let said = other ?? sound.verb
            let range = comma ? token.range.lowerBound..<tokens[index + 1].range.upperBound : token.range
            replacements.append((range, token.isCapitalized ? said.prefix(1).uppercased() + said.dropFirst() : said))
        }
        guard !replacements.isEmpty else { return nil }
        var text = ""
        var words: [(text: Range<Int>, heard: Range<Int>)] = []
        var cursor = transcript.startIndex
        for replacement in replacements {
            text += transcript[cursor..<replacement.range.lowerBound]
            let heardStart = transcript.utf8.distance(from: transcript.startIndex, to: replacement.range.lowerBound)
            let heardEnd = transcript.utf8.distance(from: transcript.startIndex, to: replacement.range.upperBound)
            let start = text.utf8.count
            text += replacement.text
            words.append((start..<text.utf8.count, heardStart..<heardEnd))
            cursor = replacement.range.upperBound
        }
        text += transcript[cursor...]
        return Mended(heard: transcript, text: text, words: words)
    }

    /// Whether a clause starts at `index`: the note's start, or after a sentence end, a clause break or an opener,
    /// fillers aside.
    private static func startsClause(at index: Int, _ tokens: [Token], afterTo: Bool = true) -> Bool {
        var previous = index - 1
        while previous >= 0 {
            let token = tokens[previous]
            if token.isPunctuation {
                if token.isSentenceEnd || token.isClauseBreak { return true }
            } else if !token.is(.filler) {
                return clauseOpeners.contains(token.norm) && (afterTo || token.norm != "to")
            }
            previous -= 1
        }
        return true
    }

    /// Whether `word` is something bought, or says what kind ("dog" in "dog food").
    private static func isItem(_ word: Token) -> Bool {
        word.isWord && (boughtThings.contains(word.norm) || itemKinds.contains(word.norm))
    }

    /// Whether a clause has a verb: an action verb, a finite form, an auxiliary or a fused "'s"/"'re" (a name's
    /// "'s" is no verb: "my gift card for Ana's birthday").
    private static func hasVerb(_ clause: some Sequence<Token>) -> Bool {
        clause.contains {
            $0.isWord
                && ($0.is(.actionVerb) || ($0.norm.contains("'") && !$0.isCapitalized) || MoodReader.isFinite($0.norm)
                    || MoodReader.auxiliaries.contains($0.norm))
        }
    }

    /// Whether `words` hold a finite verb or a fused one ("comes through", "is 50 pounds", "clears"): what the words
    /// before them do, so no task's object.
    private static func saysWhatHappens(_ words: some Collection<Token>) -> Bool {
        words.enumerated().contains { offset, word in
            // ("a.m." is a time.)
            word.isWord && word.norm != "am"
                && (MoodReader.isFinite(word.norm) || (word.norm.contains("'") && !word.isCapitalized)
                    || (offset == 0 && word.norm.hasSuffix("s") && !word.norm.hasSuffix("ss") && !word.norm.hasSuffix("'s")))
        }
    }

    /// Whether the words after `index` read as the object of `sound.verb`.
    private static func reads(_ sound: Sound, heard: String, at index: Int, _ tokens: [Token]) -> Bool {
        let rest = tokens[(index + 1)...].prefix { !$0.isPunctuation || !($0.isSentenceEnd || $0.isClauseBreak) }
        guard let next = rest.first, next.isWord else { return false }
        let second = rest.dropFirst().first
        func isWhen(_ token: Token?) -> Bool {
            guard let token else { return false }
            if !token.isWord { return true }
            return token.is(.weekday) || token.is(.month) || token.is(.dateStart) || token.is(.timeStart) || token.is(.ordinal)
        }
        // An exclamation or a question asks nobody to buy anything ("Oh no, my milk!").
        let end = index + 1 + rest.count
        if heard == "my" || heard == "bye", end < tokens.count, ["!", "?"].contains(tokens[end].norm) { return false }
        // "bye" is "buy" only before something bought or a determiner that is no possessive ("bye milk", "Bye, new
        // running shoes"), in a clause with no verb of its own: otherwise a farewell ("bye sis", "bye for now",
        // "bye, my love", "Bye, milk is in the fridge").
        if heard == "bye" {
            let object = isItem(next) || (determiners.contains(next.norm) && !possessives.contains(next.norm))
            if !object || hasVerb(rest.prefix { !["and", "then", "also", "plus"].contains($0.norm) }) { return false }
        }
        switch heard {
        case "by", "bye":
            if determiners.contains(next.norm) || next.norm == "next" {
                if let second, prepositionFollowers.contains(second.norm) || isWhen(second) || (next.is(.cardinal) && second.is(.cardinal)) {
                    return false
                }
            } else if isWhen(next) || prepositionFollowers.contains(next.norm) {
                return false
            }
        case "right", "rite":
            if rightFollowers.contains(next.norm) { return false }
            if next.norm == "this", let second, prepositionFollowers.contains(second.norm) { return false }
        case "my":
            // Only "my" + (a word or two) + what is bought, then nothing, another item, whom it is for or a day ("my
            // gift card balance" and "my cards on the table" stay), with no verb and no company ("with Sam") in the
            // clause.
            if rest.contains(where: { $0.norm == "with" }) { return false }
            let words = Array(rest)
            guard let first = words.prefix(3).firstIndex(where: isItem) else { return false }
            var end = first
            while end + 1 < words.count, isItem(words[end + 1]) { end += 1 }
            let last = words[end].norm
            guard boughtThings.contains(last) || (last == "paper" && end > first) else { return false }
            if end + 1 < words.count {
                let follower = words[end + 1]
                let day = end + 2 < words.count ? words[end + 2] : nil
                let dated = day.map { !$0.isWord || $0.is(.weekday) || $0.is(.month) || $0.norm == "noon" } ?? false
                guard itemFollowers.contains(follower.norm) || (itemWhenFollowers.contains(follower.norm) && dated) else { return false }
            }
            return !hasVerb(rest)
        case "where":
            // ("…, where the Egyptian collection begins": a clause with its own verb.)
            if rest.contains(where: { questionWords.contains($0.norm) || $0.norm == "?" || MoodReader.isFinite($0.norm) }) { return false }
        case "bored":
            // "bored Biscuit at the kennel", "bored the dog Friday": a name (not "I", not one of two capitalised words), or a
            // pet or a flight; "so bored the whole meeting" stays.
            if next.isCapitalized, !["i", "i'm", "i've", "i'll"].contains(next.norm), !next.is(.actionVerb) {
                return second.map { !$0.isCapitalized } ?? true
            }
            return determiners.contains(next.norm) && rest.prefix(4).contains { boardedThings.contains($0.norm) }
        case "steak":
            // "steak the tomatoes", not "steak fresh from the butcher" or "steak two packs".
            return ["the", "a", "an", "my", "our", "those", "these", "all", "up"].contains(next.norm)
        case "weight":
            // "weight for the plumber", not "weight for the suitcase is 50 pounds".
            if next.norm == "for" { return !saysWhatHappens(rest.dropFirst()) }
        case "meat", "pear":
            // "meat with the Brightwater folks", "pear with Tomás on the test": the verb and whom it is done with.
            if next.norm == "with" { return true }
            if heard == "pear" { return false }
        case "pray":
            // What is paid, within a few words ("pray the water and sewer bill").
            // ("pray the loan comes through" hopes.)
            let words = Array(rest.prefix(8))
            guard determiners.contains(next.norm), let paid = words.prefix(6).lastIndex(where: { paidThings.contains($0.norm) }) else { return false }
            return !saysWhatHappens(words[(paid + 1)...])
        case "wave", "bail", "heard", "root", "die", "birth", "cede":
            // (Within six words, with nothing said to happen between: "wave the flag" and "heard the kids laughing" stay.)
            guard determiners.contains(next.norm), let things = objectsOfVerb[heard] else { return false }
            let words = Array(rest.prefix(7))
            guard let thing = words.firstIndex(where: { things.contains($0.norm) }) else { return false }
            // ("heard the heifers into the barn", not "heard the geese flying south", "heard the cows got out" or "heard the sheep
            // back in the barn": a way to go, or "back"/"out" and one.)
            if heard == "heard" {
                guard thing + 1 < words.count else { return false }
                let way = words[thing + 1].norm
                let then = thing + 2 < words.count ? words[thing + 2].norm : ""
                guard herdingWays.contains(way) || (["back", "out", "up", "down", "over", "off"].contains(way) && herdingWays.contains(then)) else {
                    return false
                }
            }
            // ("wave the deposit goodbye", "wave the fine print": the thing waived ends what is said of it.)
            if heard == "wave", thing + 1 < words.count, !waivedEnders.contains(words[thing + 1].norm) { return false }
            return !saysWhatHappens(words[1..<thing]) && !words[..<thing].contains { $0.norm.hasSuffix("ing") && $0.norm.count > 5 }
        case "led":
            // "led the dog out before the meeting": what is let out or in, and nothing more of it ("led the team out of the
            // tunnel", "led the kids in prayer" stay).
            let words = Array(rest.prefix(5))
            guard determiners.contains(next.norm), let particle = words.firstIndex(where: { ["out", "in"].contains($0.norm) }), particle > 1 else {
                return false
            }
            // ("led the dog out and fed the cat" tells what was done.)
            if rest.prefix(10).contains(where: { MoodReader.isPast($0.norm) }) { return false }
            guard particle + 1 < words.count else { return true }
            return !words[particle + 1].isWord
                || ["before", "after", "at", "first", "when", "tonight", "now", "again", "and", "then", "for"].contains(words[particle + 1].norm)
        case "chews":
            // ("the dog chews the bone": what is chewed.)
            if let second,
                ["bone", "bones", "toy", "toys", "gum", "stick", "sticks", "treat", "treats", "leash", "couch", "shoe", "shoes"].contains(second.norm)
            {
                return false
            }
        case "council":
            // "council Walt on his new blood thinner": a name, then what about; "Council Bluffs hotel Friday" is a place.
            if next.isCapitalized {
                let after = rest.dropFirst().drop { $0.isCapitalized }
                return after.first.map { ["on", "about", "regarding", "through", "before", "after", "and"].contains($0.norm) } ?? true
            }
        case "reveal":
            // What is refilled, right after the verb or its determiner ("reveal my prescription", "reveal meds").
            let object = determiners.contains(next.norm) ? second : next
            return object.map { refilledThings.contains($0.norm) } ?? false
        default:
            break
        }
        if determiners.contains(next.norm) { return true }
        // "pore it into the candle molds", "right them down": a pronoun and where it goes.
        if ["it", "them"].contains(next.norm), let second, ["into", "in", "down", "onto", "away", "off", "over"].contains(second.norm),
            !["by", "bye", "my", "where", "way", "weight"].contains(heard)
        {
            return true
        }
        if sound.name, next.isCapitalized { return true }
        // "sine Mom's enrollment form", "cell Dad's old truck": a name's thing.
        if next.isCapitalized, next.norm.hasSuffix("'s"), second?.isWord == true { return true }
        return sound.bareObject && !next.isCapitalized && !next.is(.actionVerb) && !next.is(.discourse) && !next.is(.connective)
    }
}
