/// Why words that could make a title ask for nothing.
public enum NotATaskReason: String, Sendable, Codable, CaseIterable {
    /// "when does the pharmacy close", "did the mail come".
    case question
    /// "the concert on Saturday was loud", "it's windy out".
    case statement
    /// "I feel like pizza tonight", "good morning", "what a day".
    case opinion
    /// News, weather, adverts, sign-offs, navigation and device prompts.
    case broadcast
    /// "Eat your broccoli", "hand me that towel": said to someone in the room.
    case roomCommand
    /// "for dinner tonight", "with one of the meteors": a phrase with no verb that names no thing to get.
    case fragment

    /// The reason in words, for diagnostics and `--explain`.
    public var phrase: String {
        switch self {
        case .question: "a question"
        case .statement: "a statement about the past or present"
        case .opinion: "an opinion, a feeling or small talk"
        case .broadcast: "a broadcast, advert or device line"
        case .roomCommand: "a request to someone in the room"
        case .fragment: "a phrase that names nothing to do"
        }
    }
}

/// Tells a request ("call mom", "I need to…", "milk", "the car needs an oil change", "vet appointment Tuesday at
/// 2:30") from talk that asks for nothing: questions, statements about the past or present, opinions and small
/// talk, and lines from a TV, radio or navigation device.
///
/// English marks mood at the start of a clause, so the reader looks there, after discourse words, fillers,
/// dates and times, a vocative ("mom, …") and "I think": an imperative verb or a lead-in asks; a wh-word or an
/// inverted auxiliary asks a question; a subject followed by a finite verb states something. A statement still
/// asks when it states a need or obligation ("needs", "is due", "we're out of", "I'll call…") or an event with a
/// day or time ("I have a dentist appointment Thursday at 4", "the plumber comes Tuesday at 10"). Anything the
/// rules do not recognise — a bare noun phrase, an unknown verb — stays a task, so unusual dictation is never
/// dropped for want of a rule.
enum MoodReader {
    /// Why the segment read by `scan` (whose facts are `facts`) is not a task, or nil when it is one.
    /// - Parameter asked: Whether the recogniser ended the segment with a question mark.
    static func reason(_ scan: SegmentScan, facts: TaskFacts, inBroadcastSentence: Bool, asked: Bool = false) -> NotATaskReason? {
        let tokens = scan.tokens
        var words: [Int] = []
        words.reserveCapacity(scan.range.count)
        for index in scan.range where scan.isFree(index) && !tokens[index].isPunctuation && !tokens[index].is(.filler) {
            words.append(index)
        }
        var clause = Clause(tokens: tokens, words: words)
        // "Oh sure, I'll just finish the migration by lunch", "oh great, another red light": said the other way round.
        // ("oh sure, I'll pick up the kids at 3" means it: "sure" is said the other way round only before a "just".)
        if clause.word(0) == "oh", MoodReader.sarcasticCheers.contains(clause.word(1)), clause.commaAfter(1),
            clause.word(1) != "sure" || (2...4).contains(where: { clause.word($0) == "just" })
        {
            return .opinion
        }
        while clause.position < words.count, tokens[words[clause.position]].is(.discourse) { clause.position += 1 }
        guard clause.position < words.count else { return nil }
        if inBroadcastSentence { return .broadcast }
        // "Mom, can I have a cookie": a name called out before the clause; "Clearly, the Giants can't hold a lead": an
        // adverb said of the whole clause.
        if vocatives.contains(clause.word(0)) || sentenceAdverbs.contains(clause.word(0)), clause.commaAfter(0), clause.position + 1 < words.count {
            clause.calledName = vocatives.contains(clause.word(0))
            clause.position += 1
        } else if clause.commaAfter(0), clause.position + 1 < words.count, let called = clause.token(0), isName(called),
            tokens[words[clause.position] + 1].norm == ","
        {
            // "Tommy, hold the pole straight", "Ryan, you're up": a name called out, then what is said to that person.
            clause.position += 1
            clause.calledName = true
        } else if calledBefore(scan) {
            // "Mom, call the dentist", "sweetie, take out the trash": the name called was read as a part of its own.
            clause.calledName = true
        }
        // "Not gonna lie, I ate the last cookie": chatter before a pause, as the title leaves it.
        if Lexicon.chatterFirstWords.contains(clause.word(0)), !smallTalkOpeners.contains(clause.word(0)), let pause = (0..<5).first(where: clause.commaAfter),
            clause.position + pause + 1 < words.count, Lexicon.isChatterPhrase((0...pause).map(clause.word))
        {
            clause.position += pause + 1
            // ("good night, and we'll see you tomorrow".)
            while clause.position + 1 < words.count, tokens[words[clause.position]].is(.discourse) { clause.position += 1 }
        }
        // "note to self, the wifi password is on the fridge": what follows says whether it asks.
        if clause.has(["note", "to", "self"], at: 0), clause.position + 3 < words.count {
            clause.position += 3
            clause.ledIn = true
        }
        // "what was it, oh yeah, buy more formula", "speaking of which book the vet": an aside, then the action.
        if let aside = Lexicon.asides.first(where: { clause.has($0, at: 0) }) {
            var action = aside.count
            while clause.position + action + 1 < words.count, tokens[words[clause.position + action]].is(.discourse) { action += 1 }
            if clause.position + action < words.count, Segmenter.startsAction(tokens, at: words[clause.position + action]) { clause.position += action }
        }
        // "kiss print the coasters", "stitch weld the trailer floor": a verb said with the word for how asks.
        if Lexicon.compoundVerbs[clause.word(0)]?.contains(clause.word(1)) == true, Segmenter.startsAction(tokens, at: words[clause.position]) {
            return nil
        }
        // "wait, what day is Halloween this year": surprise before a question.
        if clause.word(0) == "wait", MoodReader.whWords.contains(clause.word(1)) { clause.position += 1 }
        // "I think it's going to rain" reads as what follows it.
        while clause.word(0) == "i", softOpinions.contains(clause.word(1)) {
            // "I think about that trip all the time".
            if ["about", "of"].contains(clause.word(2)) { return .opinion }
            clause.position += clause.word(2) == "that" ? 3 : 2
        }
        // "maybe she'll surprise us", "no, that makes sense": a hedge before a clause with its subject and verb.
        if ["maybe", "perhaps", "probably", "no"].contains(clause.word(0)),
            subjectContractions[clause.word(1)] != nil || (subjectStarts.contains(clause.word(1)) && isFinite(clause.word(2)))
        {
            clause.position += 1
        }
        guard clause.position < words.count else { return .opinion }
        // "what if we moved somewhere warmer", "imagine if cats could talk": musing asks for nothing.
        if ["what", "imagine"].contains(clause.word(0)), clause.word(1) == "if" { return .opinion }
        // "if it snows we might stay home": a condition said first; the clause after it decides ("if it rains bring the
        // chairs in", with no subject of its own, stays a task).
        if clause.word(0) == "if" || (["maybe", "even", "only"].contains(clause.word(0)) && clause.word(1) == "if") {
            let reach = max(2, min(words.count - clause.position, 12))
            if let pause = (2..<reach).first(where: { clause.commaAfter($0 - 1) }) {
                // "if Dad's fever goes up, call Dr. Reyes", "if it snows, we might stay home": what follows the pause.
                clause.position += pause
            } else if let consequence = (2..<reach).first(where: { clause.opensConsequence(at: $0) }) {
                clause.position += consequence
            } else if let action = Segmenter.unpausedConditionAction(tokens, words[(clause.position + (clause.word(0) == "if" ? 0 : 1))...]) {
                // "if gas drops under three bucks fill up both cars": the action, said without a pause.
                clause.position += action + (clause.word(0) == "if" ? 0 : 1)
            } else if scan.range.upperBound < tokens.count, tokens[scan.range.upperBound].isClauseBreak,
                !(min(clause.position + 2, words.count)..<words.count).contains(where: { tokens[words[$0]].is(.actionVerb) })
            {
                // "if that's the line for coffee, …": a condition that no task follows.
                return .statement
            }
        }
        // "half the team's on leave": how many of them.
        if ["half", "most", "none"].contains(clause.word(0)), MoodReader.determiners.contains(clause.word(1)) { clause.position += 1 }
        // "email from the landlord, he says he needs to…": a message read out, and what its sender says, asks for nothing
        // ("email from Sam, I'll reply tomorrow" does).
        if ["email", "e-mail", "text", "message", "letter", "voicemail"].contains(clause.word(0)), clause.word(1) == "from",
            let pause = (2..<max(2, min(7, words.count - clause.position))).first(where: { clause.commaAfter($0) }),
            ["he", "she", "they"].contains(clause.word(pause + 1)),
            ["says", "said", "asks", "asked", "wants", "wanted", "writes", "wrote", "thinks"].contains(clause.word(pause + 2))
        {
            return .fragment
        }
        // "her text says, don't forget to bring the spare tiara", "Mum's email said to book the ferry": a message read out.
        if readsMessage(clause.word(0), clause.word(1), clause.word(2)) {
            return .fragment
        }
        // "for dinner tonight", "with one of the meteors": a phrase that opens with a preposition and holds no verb asks
        // for nothing; before a pause, the clause after it decides ("In 1969, the world watched…", "for the garage, shelf
        // brackets"). A list ("for the party balloons and candles") or a clock time ("with the accountant Friday at 2")
        // still asks. ("by a new kettle" is a misheard "buy".)
        // ("Ever since the audit, Renata wants…".)
        if clause.word(0) == "ever", clause.word(1) == "since" { clause.position += 1 }
        if phrasePrepositions.contains(clause.word(0)) || clause.word(0) == "since", let end = clause.verblessPhraseEnd(scan) {
            if end < words.count {
                clause.position = end
            } else if facts.time == nil, !clause.namesSeveralThings {
                return .fragment
            }
        }
        // "might be worth calling the pediatrician", "maybe it's worth getting a second opinion": a hedged suggestion to
        // oneself asks (not "the movie is worth watching").
        if let worth = (1...5).first(where: { clause.word($0) == "worth" }), (0..<worth).allSatisfy({ worthHedges.contains(clause.word($0)) }),
            // ("it'd be worth booking the health visitor", "might be worth trying a new supplier".)
            (-1..<worth).contains(where: { ["might", "may", "could", "maybe", "probably", "it'd", "would"].contains(clause.word($0)) }),
            Self.isActionGerund(clause.word(worth + 1)) || (clause.word(worth + 1) == "a" && Self.worthDoings.contains(clause.word(worth + 2)))
                || (clause.word(worth + 1) == "trying" && ["a", "the", "some", "another"].contains(clause.word(worth + 2)))
        {
            return nil
        }
        let mood = clause.mood(facts: facts, scan: scan, asked: asked)
        // "the guest toilet won't stop running, it needs a new fill valve", "the smoke detector is chirping again, needs a
        // battery", "the lawn mower won't start, probably needs a service", "…, someone should look at it", "the shed roof is
        // leaking and needs re-felting": a need said after the pause or "and" asks.
        if mood == .statement, let pause = (0..<(words.count - clause.position - 1)).first(where: { clause.commaAfter($0) || clause.word($0 + 1) == "and" }) {
            let after = clause.word(pause + 1) == "and" ? pause + 2 : pause + 1
            if MoodReader.needSubjects.contains(clause.word(after)) && clause.statesNeed(from: after + 1)
                || (after...(after + 1)).contains(where: { ["needs", "need"].contains(clause.word($0)) })
                || (["someone", "somebody", "we", "i"].contains(clause.word(after)) && clause.word(after + 1) == "should")
            {
                return nil
            }
        }
        return mood
    }

    /// Words that may hedge "worth doing" ("it might be worth", "maybe it's worth", "probably worth"); one of them must
    /// be a "might", a "maybe" or a "probably" ("it's definitely worth trying the Thai place" is an opinion).
    static let worthHedges: Set<String> = [
        "maybe", "it's", "it", "might", "may", "could", "would", "be", "it'd", "probably", "possibly", "also",
    ]

    /// What "oh …," says when it means the opposite ("oh sure, let's have cereal for dinner every night").
    static let sarcasticCheers: Set<String> = ["sure", "great", "wonderful", "perfect", "fantastic", "joy", "goody", "brilliant", "lovely"]

    /// Verbs that ask docket itself for something ("can you remind me…", "could you add my…").
    static let listVerbs: Set<String> = [
        "remind", "add", "put", "set", "note", "schedule", "make", "create", "log", "write", "jot", "save", "mark", "give", "help", "tell", "ping",
        "nudge", "alert",
    ]

    /// Words that open a when said before what happened ("last winter we…", "in 1958 we…").
    static let pastWhenOpeners: Set<String> = ["last", "in", "back", "years", "one", "that", "this", "when", "during", "after", "before"]

    /// "I'm going to", "I'm gonna".
    static let willPhrases: [[String]] = [["i'm", "going", "to"], ["i'm", "gonna"], ["i", "am", "going", "to"], ["i", "am", "gonna"]]

    /// What one says one will do when fed up ("I'm going to scream", "I'm gonna lose it").
    static let reactionVerbs: Set<String> = [
        "scream", "cry", "die", "explode", "flip", "freak", "snap", "faint", "puke", "riot",
    ]

    /// Verbs of being with people, which "it'd be good to" is glad of rather than asks ("it'd be good to see you").
    static let companyVerbs: Set<String> = ["see", "meet", "hear", "catch", "hang", "have", "be", "talk", "chat", "visit", "know"]

    /// What a hedged "worth a …" asks for ("might be worth a call to Geico").
    static let worthDoings: Set<String> = ["call", "look", "visit", "try", "shot", "check", "phone", "second"]

    /// Whether `word` is the "-ing" form of a verb people dictate ("calling", "getting", "scheduling").
    static func isActionGerund(_ word: String) -> Bool {
        guard word.utf8.count > 5, word.hasSuffix("ing") else { return false }
        let stem = String(word.dropLast(3))
        let doubled = stem.count > 2 && stem.last == stem.dropLast().last ? String(stem.dropLast()) : stem
        return [stem, stem + "e", doubled].contains { ($0 == "get" || Lexicon.actionVerbs.contains($0)) && !["wait", "try", "visit", "go"].contains($0) }
    }

    /// Verbs after "I told him I'd" that are no word given to act on ("I said I'll try", "I'd love to").
    static let unpromisedVerbs: Set<String> = ["be", "try", "love", "like", "think", "handle", "kill", "see", "know", "consider", "go"]

    /// Subjects of a need said after a pause ("…, it needs a new fill valve", "…, we need a plumber").
    static let needSubjects: Set<String> = ["it", "we", "i", "they", "this", "that", "i'm", "we're", "it's"]

    /// What runs out or is down to its last without being something to get ("running out of time", "down to the last minute").
    static let spentNotNeeded: Set<String> = [
        "time", "clock", "patience", "steam", "luck", "daylight", "summer", "money", "season", "energy", "options", "ideas", "excuses", "road", "room", "space",
        "minute", "minutes",
        "second", "seconds", "day", "days", "week", "round", "episode", "episodes", "game", "games", "chance", "lap", "few", "couple",
    ]

    /// Who runs out of a room rather than runs low ("the dog is running out", "the kids are running out").
    static let runners: Set<String> = [
        "dog", "dogs", "cat", "cats", "kid", "kids", "children", "boys", "girls", "baby", "puppy", "kitten", "guests", "everyone",
        "everybody", "people",
    ]

    /// What an advert says will end ("this offer expires Sunday").
    static let advertisedThings: Set<String> = ["offer", "offers", "deal", "deals", "sale", "promotion", "promo", "discount", "code", "coupon"]

    /// Words after "runs out" that say when ("my prescription runs out tomorrow").
    static let dueSoon: Set<String> = ["today", "tonight", "tomorrow", "this", "next", "on", "by", "soon", "in"]

    /// Words before "out of" that make it a need ("is out of", "all out of", "running out of").
    static let outOfOpeners: Set<String> = [
        "is", "are", "am", "was", "were", "be", "all", "completely", "totally", "almost", "nearly", "basically", "pretty",
        "running", "ran", "run", "been", "fresh", "clean",
    ]

    /// What follows "out of" when it says how a thing is, not what ran out ("out of service", "out of town").
    static let outOfStates: Set<String> = [
        "service", "order", "commission", "control", "town", "reach", "breath", "sight", "date", "style", "season", "luck",
        "line", "place", "shape", "range", "office", "bed", "hand", "here", "there", "mind", "league", "depth", "element", "way",
        "wits", "head", "oven", "hospital", "house", "car", "shower", "bath", "pool", "woods", "country", "state", "game",
        "picture", "loop", "touch", "practice", "surgery", "jail", "prison", "lives", "time", "sync", "tune", "focus",
    ]

    /// Words that say whose a thing is.
    static let possessives: Set<String> = MisheardVerbs.possessives.union(["its"])

    /// Verbs of maybe and will after a subject that open what follows a condition ("we might", "I'd probably").
    static let consequenceVerbs: Set<String> = [
        "might", "may", "could", "would", "will", "should", "can", "won't", "wouldn't", "can't", "couldn't", "probably",
        "just", "definitely", "must",
    ]

    /// The sentences (numbered as `Segmenter` numbers them) that hold a broadcast, advert or device phrase.
    /// Only tokens of the `broadcastStart` class are looked at closely.
    static func broadcastSentences(_ tokens: [Token]) -> Set<Int> {
        var found: Set<Int> = []
        var sentence = 0
        for (index, token) in tokens.enumerated() {
            if token.isSentenceEnd {
                sentence += 1
                continue
            }
            guard token.is(.broadcastStart), !found.contains(sentence) else { continue }
            if let phrase = (broadcastPhrasesByFirstWord[token.norm] ?? []).first(where: { tokens.matches($0, at: index) }),
                !saidInTask(tokens, phrase: phrase, at: index)
            {
                found.insert(sentence)
            }
        }
        return found
    }

    /// Whether a broadcast phrase that is also everyday words is said in a dictated task: "edit and save the budget
    /// file", "make the first down payment", "connect the charger to the drill", "update our website by Friday".
    private static func saidInTask(_ tokens: [Token], phrase: [String], at index: Int) -> Bool {
        let after = index + phrase.count
        let next = after < tokens.count ? tokens[after] : nil
        switch phrase {
        case ["and", "save"]:
            guard let next else { return false }
            return next.number == nil && !["up", "big", "on", "money", "with", "now", "today", "more"].contains(next.norm)
        case ["hurry", "in"]:
            // "hurry in to the DMV before it closes".
            return next?.norm == "to"
        case ["first", "down"]:
            return next?.norm == "payment" || next?.norm == "payments"
        case ["connect", "the", "charger"], ["connect", "charger"]:
            return next?.norm == "to"
        case let menuChoice where menuChoice.first == "press":
            // "for billing press 2", "press 1 for English"; "press 2 shirts for Monday" is ironing.
            return next.map { $0.isWord && !["for", "to", "or", "now", "and", "if"].contains($0.norm) } ?? false
        case ["visit", "us"], ["get", "yours"], ["stay", "with", "us"]:
            // "visit us online" opens its clause; "ask her to visit us", "check if Grandma can visit us", "my sister is
            // coming to stay with us" say it in a task or in everyday talk.
            return clauseStart(tokens, before: index) < index
        case ["our", "website"], ["chance", "of", "rain"], ["chance", "of", "snow"], ["our", "locations"]:
            // "sign up today at our website" is an advert; "update our website" work.
            let start = clauseStart(tokens, before: index)
            guard start < index else { return false }
            return tokens[start].is(.actionVerb) && !advertVerbs.contains(tokens[start].norm) || tokens[start].is(.leadInStart)
        default:
            return false
        }
    }

    /// The first word of the clause `index` is in, past discourse words and fillers; `index` when there is none before it.
    private static func clauseStart(_ tokens: [Token], before index: Int) -> Int {
        var start = index
        while start > 0, !tokens[start - 1].isClauseBreak, !tokens[start - 1].isSentenceEnd { start -= 1 }
        while start < index, !tokens[start].isWord || tokens[start].is(.discourse) || tokens[start].is(.filler) { start += 1 }
        return start
    }

    /// Verbs an advert asks its listener to do.
    static let advertVerbs: Set<String> = [
        "visit", "sign", "go", "head", "check", "log", "shop", "order", "call", "buy", "get", "find", "download", "subscribe",
        "join", "tune", "switch", "stop", "come", "hurry", "see", "learn",
    ]

    // MARK: Word lists

    /// What "your" is said of in a command to a child in the room ("brush your teeth", "use your inside voice").
    static let ownThings: Set<String> = [
        "teeth", "hands", "face", "hair", "nose", "feet", "elbows", "shoes", "socks", "coat", "jacket", "boots", "hat", "mittens",
        "gloves", "pajamas", "pyjamas", "pjs", "clothes", "seatbelt", "broccoli", "vegetables", "veggies", "peas", "carrots",
        "dinner", "lunch", "breakfast", "food", "plate", "milk", "juice", "brother", "sister", "toys", "voice", "room", "bed",
        "homework", "napkin", "manners", "backpack", "mouth", "fingers", "nails",
    ]

    /// Verbs of the commands said to a child ("eat your broccoli", "stop hitting your brother").
    static let childCommandVerbs: Set<String> = [
        "eat", "finish", "brush", "wash", "put", "tie", "zip", "button", "stop", "quit", "use", "hold", "mind", "share",
        "leave", "get", "pick", "clean", "tidy", "hang", "wipe", "blow", "cover", "keep", "drink", "chew", "comb", "take",
        "be", "say", "apologize", "sit",
    ]

    /// Words that may follow the thing in such a command ("put your shoes on", "clean your room before Grandma comes").
    static let thingEnders: Set<String> = [
        "on", "off", "up", "in", "out", "away", "back", "now", "first", "please", "right", "before", "and", "or", "with",
        "already", "again", "too", "alone", "young", "buddy", "honey", "sweetie", "kiddo", "down",
    ]

    /// Verbs after a plural subject that say how it seems ("those look great").
    static let pluralLinkingVerbs: Set<String> = ["look", "seem", "sound", "smell", "taste", "feel"]

    /// How someone in the room is asked to behave ("be gentle", "be quiet").
    static let behaviours: Set<String> = [
        "gentle", "nice", "quiet", "careful", "kind", "good", "still", "patient", "polite", "sweet", "calm", "quick",
    ]

    /// What a child or a pet is told to get down from ("get down from the counter").
    static let perches: Set<String> = [
        "counter", "counters", "couch", "sofa", "table", "chair", "bed", "stairs", "railing", "fence", "furniture", "there",
    ]

    /// What makes the sound someone in the room is asked to turn down ("turn the TV down").
    static let sounds: Set<String> = ["tv", "television", "music", "volume", "radio", "sound", "game", "show"]

    /// Verbs before "me" that ask someone in the room to hand something over.
    static let handingVerbs: Set<String> = ["hand", "pass", "toss", "throw", "give", "show", "grab"]

    /// What a person stops doing that is their own business to end, not a child's behaviour ("stop paying for the gym").
    static let dealings: Set<String> = [
        "paying", "sending", "using", "buying", "ordering", "subscribing", "charging", "delivering", "renting", "leasing",
        "shipping", "billing", "recording", "getting", "receiving", "taking",
    ]

    /// Whom a greeting is said to, besides the vocatives and pet names ("morning sunshine").
    static let greeted: Set<String> = ["sunshine", "sleepyhead", "everyone", "everybody", "all", "love", "team", "folks"]

    /// Names for a child, a pet or a partner, said to them and never of them.
    static let petNames: Set<String> = [
        "buddy", "sweetie", "babe", "dude", "bro", "kiddo", "sweetheart", "missy", "sweetpea",
    ]

    /// Words before a name that make it what a task is about or for ("text my buddy", "a gift for my honey").
    static let objectOpeners: Set<String> = [
        "my", "your", "his", "her", "our", "their", "the", "a", "an", "to", "with", "for", "and", "at", "of", "from", "about",
        "some", "more", "up", "out", "off", "in", "on", "by", "or",
    ]

    /// Names called out before what is said to that person.
    static let vocatives: Set<String> = [
        "mom", "mum", "dad", "daddy", "mommy", "mummy", "honey", "babe", "sweetie", "buddy", "guys", "kids", "dude", "bro",
        "bruh", "sis", "man", "girl", "folks", "y'all", "sweetheart", "kiddo", "darling", "hon", "champ", "sir", "ma'am",
    ]

    /// Whether a vocative or a name, said first, is called just before the segment of `scan` or at its start, read as a
    /// part of its own ("Mom, call the dentist").
    static func calledBefore(_ scan: SegmentScan) -> Bool {
        let tokens = scan.tokens
        var index = scan.range.lowerBound
        while index < scan.range.upperBound, !scan.isFree(index) || tokens[index].isPunctuation { index += 1 }
        // The comma before the first free word, and the name before it.
        var pause = index - 1
        while pause >= 0, tokens[pause].is(.filler) { pause -= 1 }
        guard pause > 0, tokens[pause].isClauseBreak else { return false }
        let called = pause - 1
        guard tokens[called].isWord, vocatives.contains(tokens[called].norm) || isName(tokens[called]) else { return false }
        var before = called - 1
        while before >= 0, tokens[before].is(.discourse) || tokens[before].is(.filler) || tokens[before].norm == "," { before -= 1 }
        return before < 0 || tokens[before].isSentenceEnd
    }

    /// Whether `token` is a given name, capitalized ("Tommy", "Kev"; not "Costco" or "Garage", said first as what the
    /// note is about).
    static func isName(_ token: Token) -> Bool {
        token.isCapitalized && Lexicon.givenNames.contains(token.norm)
    }

    /// States of a thing that needs seeing to ("the headlight is out", "the toilet's clogged").
    static let faultStates: Set<String> = [
        "out", "broken", "busted", "dead", "empty", "clogged", "leaking", "cracked", "flickering", "dripping", "jammed", "stuck", "flat",
        "loose", "torn", "ripped", "stiff", "seized", "moldy", "mouldy", "rotting", "rotted", "chirping", "beeping", "frozen", "bent", "chipped", "peeling",
        "expired", "fried", "shot", "overflowing", "backed", "cracking", "sagging", "squeaking", "squealing", "rattling",
        "grinding", "spreading", "smoking", "sparking", "wobbly", "wobbling", "blinking", "offline", "rubbing", "leaning", "chattering",
        "frosting", "gone", "fraying", "slipping", "flooding", "flooded", "overheating", "frayed", "worn", "sticking", "flaking",
        "smashed", "shattered", "blunt",
    ]
    /// What a thing keeps doing when it needs seeing to ("the toilet keeps running").
    static let faultRunning: Set<String> = [
        "running", "leaking", "dripping", "beeping", "chirping", "tripping", "jamming", "going", "shutting", "cutting", "freezing",
        "crashing", "flickering", "dropping", "disconnecting", "rebooting", "restarting", "clogging", "overflowing", "sticking", "buzzing",
    ]
    /// What a thing will not do when it needs seeing to ("the dishwasher won't drain").
    static let faultVerbs: Set<String> = [
        "drain", "latch", "start", "work", "close", "open", "lock", "charge", "wipe", "connect", "flush", "stop", "spin", "heat", "cool", "print",
        "load", "boot", "shut", "light", "ignite", "stay", "dry", "sync", "pair", "drive", "crank", "catch", "seal", "fit", "dispense", "hold",
    ]
    /// What a thing did when it broke ("my reading glasses snapped", "the wifi extender died").
    static let faultPasts: Set<String> = [
        "broke", "died", "quit", "snapped", "cracked", "stopped", "burned", "burnt", "blew", "leaked", "fell", "came", "ran", "went",
        "gave", "popped", "split", "tore", "froze", "jammed", "conked", "shorted", "sprang", "clogged", "expired", "lost", "leaks", "drips",
    ]
    /// What a thing has when it needs seeing to ("the tire has a slow leak").
    static let faultHoles: Set<String> = ["leak", "crack", "hole", "tear", "chip", "dent", "flat", "slow", "rip", "short", "nail", "puncture"]
    /// What a thing has done when it broke, said with "has" ("the lead clip has snapped", "the rear light has stopped working").
    static let faultParticiples: Set<String> = [
        "snapped", "cracked", "broken", "died", "jammed", "frozen", "clogged", "burst", "blown", "torn", "seized", "split", "perished",
    ]
    /// What being short of is no errand ("we're short of money this month", "short of breath").
    static let notShortOf: Set<String> = [
        "breath", "time", "words", "a", "the", "money", "cash", "ideas", "space", "room", "patience", "sleep", "options", "staff",
        "players", "volunteers", "hands", "people", "funds", "energy",
    ]

    /// Whether `owner`, `message`, `verb` say a message is read out ("her text says", "Mum's email said").
    static func readsMessage(_ owner: String, _ message: String, _ verb: String) -> Bool {
        (["her", "his", "their", "the", "this", "that", "your"].contains(owner) || (owner.hasSuffix("'s") && owner != "it's"))
            && readMessages.contains(message) && ["says", "said"].contains(verb)
    }

    /// Messages read out to someone ("her text says, …").
    static let readMessages: Set<String> = ["text", "message", "email", "e-mail", "note", "letter", "card", "voicemail", "post"]

    /// People and what is of the body, never a thing of the speaker's that breaks ("my son isn't charging it").
    static let ownerlessThings: Set<String> = Lexicon.kinWords.union([
        "son", "sons", "daughter", "daughters", "husband", "wife", "partner", "boss", "newborn", "toddler", "twins", "boy",
        "girl", "lad", "child", "children", "patient", "patients", "horses", "dogs", "cats", "hens", "chickens", "goats",
        "sheep", "cows", "brother", "sister", "kid", "kids", "baby", "friend", "friends", "neighbour", "neighbor",
        "neighbours", "neighbors", "boyfriend", "girlfriend", "mate", "mates", "team", "manager", "client", "clients",
        "parents", "family", "auntie", "aunt", "uncle", "cousin", "colleague", "flatmate", "roommate", "landlord", "tenant",
        "students", "class", "pupils", "staff", "back", "knee", "knees", "head", "eyes", "eye", "shoulder", "stomach",
        "neck", "leg", "legs", "arm", "foot", "feet", "hand", "hands", "voice", "skin", "hip", "wrist", "ankle", "heart",
        "chest", "throat", "ear", "ears", "nose", "toe", "finger", "plan", "plans", "luck", "patience", "career", "marriage",
        "life", "day", "week", "side", "flight", "train", "lip", "lips", "nail", "nails", "heel", "heels", "knuckle",
        "knuckles", "relationship", "friendship", "arrangement", "diet", "confidence", "nerve", "nerves", "resolve", "mood",
        "memory",
    ])
    /// Whose things are the speaker's to see to ("the dog's lead clip has snapped", "the house's boiler is out").
    static let ownPossessors: Set<String> = ["dog", "cat", "puppy", "kitten", "horse", "baby", "house", "flat", "bike", "van", "pram", "buggy"]
    /// Papers and passes the speaker renews when they expire ("Lily's passport expires in June").
    static let renewedThings: Set<String> = [
        "passport", "license", "licence", "registration", "insurance", "membership", "subscription", "warranty", "permit", "visa",
        "prescription", "card", "lease", "policy", "certificate", "certification", "tags", "id", "badge", "coupon", "voucher", "seat",
        "domain", "mot", "tabs", "pass", "rego",
    ]
    /// How a part of a thing is when it needs seeing to ("the piano has a sticky key", "the van has a dead battery").
    static let faultTraits: Set<String> = ["sticky", "dead", "broken", "loose", "cracked", "bad", "blown", "bent", "stuck", "busted", "faulty"]
    /// Words after a thing that say where it is ("the headlight on the Camry", "the faucet in the kids' bathroom").
    static let faultPrepositions: Set<String> = [
        "in", "on", "at", "by", "near", "over", "under", "of", "for", "from", "behind", "above", "below", "outside", "inside",
    ]

    /// Things in a home, a car or an office that break, leak, run out or wear out.
    static let breakingThings: Set<String> = [
        "toilet", "sink", "faucet", "tap", "shower", "showerhead", "tub", "bathtub", "drain", "disposal", "dishwasher", "washer",
        "dryer", "fridge", "refrigerator", "freezer", "oven", "stove", "range", "cooktop", "burner", "microwave", "furnace",
        "heater", "boiler", "ac", "thermostat", "light", "lights", "bulb", "lamp", "headlight", "taillight", "brake", "brakes",
        "tire", "tires", "battery", "car", "truck", "van", "engine", "transmission", "printer", "copier", "scanner", "router",
        "wifi", "wi-fi", "modem", "extender", "laptop", "computer", "monitor", "keyboard", "mouse", "phone", "charger", "cable",
        "cord", "remote", "tv", "television", "speaker", "door", "gate", "lock", "latch", "handle", "knob", "window", "screen",
        "blinds", "shade", "fence", "roof", "gutter", "gutters", "pipe", "pipes", "pump", "hose", "spigot", "sprinkler",
        "sprinklers", "mower", "detector", "alarm", "doorbell", "camera", "cam", "opener", "maker", "blender", "toaster",
        "kettle", "vacuum", "iron", "tank", "step", "steps", "stair", "stairs", "railing", "deck", "board", "boards", "shelf",
        "rod", "drawer", "hinge", "zipper", "glasses", "watch", "badge", "key", "wiper", "wipers", "windshield", "mirror", "bike",
        "chain", "tube", "seat", "grout", "caulk", "outlet", "switch", "breaker", "fuse", "fan", "vent", "filter", "chimney",
        "siding", "shingle", "shingles", "ceiling", "floorboard", "tile", "tiles", "carpet", "mattress", "couch", "chair",
        "table", "desk", "crib", "stroller", "headphones", "earbuds", "earbud", "mic", "microphone", "tablet", "ipad", "kindle",
        "console", "controller", "fob", "garage", "elevator", "sump", "well", "septic", "generator", "compressor", "thermometer",
        "clock", "smoke", "extinguisher", "gauge", "blade", "motor", "belt", "muffler", "exhaust", "radiator", "wheel", "wheels",
        "axle", "cartridge", "toner", "ink", "bag", "strap", "buckle", "lid", "jar", "bottle", "jug", "container", "bin", "can",
        "cooler", "grill", "propane", "valve", "spout", "nozzle", "hydrant", "mailbox", "porch", "patio", "driveway", "walkway",
        "dial", "display", "panel", "machine", "appliance", "unit", "system", "network", "internet", "connection", "signal",
        "app", "website", "server", "drive", "disk", "card", "reader", "register", "terminal", "pos", "headset", "umbrella",
        "stapler", "shredder", "projector", "whiteboard", "marker", "markers", "pen", "pens", "paper", "soap", "dispenser",
        "tissue", "towel", "towels", "detergent", "filters", "lightbulb", "lightbulbs", "batteries", "smartwatch", "thermos",
        "pan", "pot", "knife", "knives", "sheets", "pillow", "rug", "glass", "nozzle", "shoes", "post", "sensor", "litter", "showerhead", "wipers", "curtain",
        "curtains", "rail", "trellis", "shed", "lawnmower",
        "trimmer", "leafblower", "saw", "drill", "radio", "reel", "mixer", "tractor", "float", "trough", "sharpener", "wheelchair",
        "outboard", "pulsator", "inhaler", "projector", "bilge", "boat", "basement", "cellar", "blower", "pads", "rope", "string", "strings", "pedal",
        "autoclave", "piano",
        "organ",
        "guitar", "amp", "amplifier", "kiln", "wheelhouse", "cog", "flap", "tyre", "pram", "buggy", "pushchair", "warmer", "insole", "strimmer", "cutter",
        "seal", "hoist", "cabinet", "mount", "winch", "ramp", "roller", "basin", "hood", "heating", "broadband", "aerial", "satnav", "torch",
        "hairdryer", "hoover", "blanket", "shaver", "landline", "trough", "skimmer", "lockbox", "element",
        "chiller", "clutch", "padlock", "windscreen", "gutter", "exhaust", "extractor", "clip", "rung", "ladder",
    ]

    /// Things bought by the packet whose names are verbs too ("flea drops for both cats", "baby wipes for the bag").
    static let thingPlurals: Set<String> = [
        "drops", "wipes", "chews", "treats", "sprays", "rinses", "washes", "patches", "plugs", "pads", "pumps", "dips", "rolls",
        "bites", "rubs", "refills", "covers", "liners", "ties",
    ]

    /// Pictures, stories and places not the speaker's, where a thing said broken is no need of the speaker's.
    static let faultElsewhere: Set<String> = [
        "photo", "picture", "pic", "film", "movie", "video", "game", "scene", "diagram", "advert", "ad", "episode", "dream",
        "poster", "show", "book", "story", "manual", "hotel", "pool", "station", "airport", "cinema", "museum",
        "neighbours'", "neighbors'", "rental", "gym", "tv", "telly", "news",
    ]

    /// Words between a thing's verb and how it is ("the printer's all out of toner", "the remote is acting up").
    static let faultDegrees: Set<String> = [
        "all", "completely", "totally", "still", "now", "already", "pretty", "kind", "sort", "of", "just", "really", "acting",
    ]

    /// What a thing will not do, before the doing ("the dishwasher won't drain").
    static let faultNegations: Set<String> = ["won't", "wont", "doesn't", "isn't", "can't", "aren't"]

    /// Words after a fault that start a clause of its own ("the printer broke so…", "…, not my problem").
    /// ("…since the grandkids swung on it", "…because the wind caught it": why it broke is no clause of its own.)
    static let faultAfterwords: Set<String> = ["so", "but", "and", "though", "although", "not", "which", "while"]

    /// Whether `doing` is what a thing that needs seeing to no longer does: "working", "responding", or a fault verb's "-ing"
    /// ("stopped draining", "isn't closing", "'s stopped heating"; not "the baby stopped crying").
    static func isFaultDoing(_ doing: String) -> Bool {
        ["working", "responding"].contains(doing)
            || (doing.hasSuffix("ing") && faultVerbs.contains { doing == $0 + "ing" || doing == $0.dropLast() + "ing" })
    }

    /// Whether `word` names a thing that breaks (a plural too: "the wipers").
    static func isBreakingThing(_ word: String) -> Bool {
        breakingThings.contains(word) || (word.hasSuffix("s") && breakingThings.contains(String(word.dropLast())))
    }

    /// Words after what someone is doing that make it a doing, not a thing named ("Greg's filing the extensions", "Dad's
    /// picking up the cake"; "Jack's running club").
    static let doingFollowers: Set<String> = [
        "the", "a", "an", "some", "those", "these", "that", "this", "it", "them", "him", "her", "up", "out", "off", "in",
        "down", "over", "back", "to", "for", "with", "at", "on", "around", "through", "nights", "days", "late", "early", "overtime",
        "till", "until", "from",
    ]

    /// Words that open a command to the one called ("Tyler, hurry up", "Ben, wait up", "Jake, don't forget your lunch").
    static let calledCommands: Set<String> = [
        "please", "don't", "can", "could", "would", "hurry", "wait", "stop", "come", "go", "sit", "stay", "look", "watch", "listen",
        "hold", "get", "give", "put", "take", "move", "help", "quit", "calm", "relax", "hush", "shush", "careful", "quiet", "leave",
        "let", "keep", "grab", "bring", "pass", "hand", "knock", "cut", "turn", "drop", "say", "tell", "eat", "finish", "clean",
    ]

    /// Verbs of someone coming, an event the speaker waits for ("the plumber's supposed to come Tuesday at 10").
    static let arrivalVerbs: Set<String> = ["come", "arrive", "show", "stop", "drop", "swing", "visit", "deliver", "call", "be"]

    /// Words before a name that say who ("Aunt Jo's watering the plants", "Dr. Lin's rounding", "Coach Brent's reffing").
    static let personTitles: Set<String> = [
        "aunt", "uncle", "grandma", "grandpa", "cousin", "dr", "dr.", "doctor", "coach", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "nurse",
        "officer", "pastor", "father", "sister", "brother", "professor",
    ]

    /// What someone is doing at work or for the day ("Hugo's closing Tuesday", "Ana's working nights").
    static let shiftDoings: Set<String> = [
        "working", "closing", "opening", "rounding", "reffing", "coaching", "teaching", "covering", "hosting", "driving", "running",
        "subbing", "leading", "managing", "handling", "cooking", "cleaning", "watching", "babysitting", "volunteering", "presenting",
        "officiating", "umpiring", "catering", "bartending", "waitressing", "serving", "shooting", "filming", "performing", "singing",
        "playing", "pitching", "starting",
    ]

    /// Family said as the one who does something ("Dad's picking up the cake").
    /// People someone else has, whose duties are news ("her landlord has to…", "his boss needs to…").
    static let othersPeople: Set<String> = [
        "landlord", "landlady", "boss", "manager", "lawyer", "attorney", "contractor", "mechanic", "teacher", "doctor", "dentist",
        "coach", "husband", "wife", "boyfriend", "girlfriend", "roommate", "roommates", "parents", "mom", "dad", "mother", "father",
        "sister", "brother", "son", "daughter", "kids", "friend", "neighbor", "neighbour", "supervisor", "advisor", "therapist",
    ]

    static let kinDoers: Set<String> = ["mom", "dad", "mum", "grandma", "grandpa", "nana", "papa", "corporate", "management", "hr"]

    /// "I think", "I guess": the clause after them decides.
    static let softOpinions: Set<String> = ["think", "guess", "suppose", "believe", "reckon"]

    /// Words that open a question.
    static let whWords: Set<String> = ["what", "when", "where", "who", "why", "how", "which", "whose"]

    /// Wh-words fused with "is" or "has".
    static let whContractions: Set<String> = [
        "what's", "when's", "where's", "who's", "why's", "how's", "whats", "wheres", "hows", "which's", "where'd", "what'd", "who'd",
        "how'd", "why'd", "when'd",
    ]

    /// Words after "how" that make a question ("how much", "how long").
    static let howFollowers: Set<String> = [
        "much", "many", "long", "far", "often", "old", "big", "about", "come", "soon", "late", "early", "tall", "nice", "great",
        "cool", "awesome", "lovely", "wonderful", "funny", "weird", "crazy", "cute", "sad", "rude", "dare",
    ]

    /// Auxiliaries that ask when they come before their subject ("is it", "did the mail", "can we").
    static let invertingAuxiliaries: Set<String> = [
        "is", "are", "was", "were", "am", "does", "did", "has", "can", "could", "would", "will", "should", "shall",
        "may", "might", "isn't", "aren't", "wasn't", "weren't", "doesn't", "didn't", "hasn't", "haven't", "can't",
        "couldn't", "won't", "wouldn't", "shouldn't",
    ]

    /// Auxiliaries and finite forms of "be", "have" and "do".
    static let auxiliaries: Set<String> = invertingAuxiliaries.union(["do", "have", "had", "don't", "hadn't", "must"])

    /// Auxiliaries that open a question and never an imperative ("do" and "have" open tasks: "do the dishes").
    static let questionOnlyOpeners: Set<String> = [
        "is", "are", "was", "were", "does", "did", "isn't", "aren't", "wasn't", "weren't", "doesn't", "didn't", "hasn't",
    ]

    /// Words that may follow an inverted auxiliary as its subject.
    static let subjectStarts: Set<String> = [
        "i", "you", "we", "they", "he", "she", "it", "there", "this", "that", "these", "those", "anyone", "anybody",
        "everyone", "everybody", "someone", "somebody", "the", "my", "your", "our", "his", "her", "their", "a",
        "an", "any", "mom", "dad", "mum",
    ]

    /// Personal pronouns, which make "do"/"have" at the start a question ("do you know", "have you seen").
    static let personalPronouns: Set<String> = ["i", "you", "we", "they", "he", "she"]

    /// Subjects whose obligations are their own, not the speaker's ("she has to work Saturday").
    static let othersOnly: Set<String> = ["he", "she"]

    /// Verbs that make "can you …" a request rather than a question.
    static let requestVerbs: Set<String> = [
        "add", "put", "note", "jot", "make", "create", "set", "schedule", "remind", "stick", "write", "log", "list", "enter", "mark",
    ]

    /// Prepositions that open a phrase with no verb ("for dinner tonight"); not "by" ("by milk" is a misheard "buy").
    static let phrasePrepositions: Set<String> = [
        "for", "as", "with", "of", "than", "into", "from", "in", "on", "at", "near", "over", "after", "during", "around", "through",
        "throughout", "across", "under", "until", "till",
    ]

    /// Whether `word` is the unit of a length of time said alone ("five more minutes", "a couple more seconds").
    static func isShortUnit(_ word: String) -> Bool {
        if ["second", "seconds", "sec", "secs"].contains(word) { return true }
        guard let unit = NumberReader.unit(word) else { return false }
        return unit == .minute || unit == .hour || unit == .day
    }
    /// Words around a number in a length of time said alone ("just a couple more minutes", "fifteen minutes remaining").
    static let amountWords: Set<String> = [
        "more", "few", "couple", "of", "a", "an", "another", "just", "only", "like", "half", "please", "left", "remaining",
    ]

    /// Pronoun subjects.
    static let subjectPronouns: Set<String> = [
        "i", "you", "we", "they", "he", "she", "it", "everyone", "everybody", "nobody", "someone", "somebody",
        "everything", "nothing", "something",
    ]

    /// Demonstratives, subjects when a verb follows ("that sounds good") and determiners otherwise.
    static let demonstratives: Set<String> = ["this", "that", "these", "those"]

    /// Pronouns fused with a verb, by the verb they hold.
    static let subjectContractions: [String: Fused] = {
        var table: [String: Fused] = [:]
        for pronoun in ["i", "you", "we", "they", "he", "she", "it", "that", "there", "here", "this", "who", "what"] {
            table[pronoun + "'s"] = .be
            table[pronoun + "'re"] = .be
            table[pronoun + "'ll"] = .will
            table[pronoun + "'ve"] = .have
            table[pronoun + "'d"] = .would
        }
        table["i'm"] = .be
        table["its"] = .be
        table["thats"] = .be
        table["theres"] = .be
        table["im"] = .be
        return table
    }()

    /// Subjects that state rather than announce an event ("it's", "that's", "there's").
    static let expletiveSubjects: Set<String> = ["it", "that", "there", "here", "this", "its", "thats", "theres"]

    /// Determiners that begin a noun subject ("the dog is snoring").
    static let determiners: Set<String> = [
        "the", "my", "our", "your", "his", "her", "their", "a", "an", "some", "this", "that", "these", "those", "no",
        "more", "most", "all", "both", "its", "every",
    ]

    /// Adverbs between a subject and its verb ("I already called").
    static let adverbs: Set<String> = [
        "already", "just", "really", "finally", "still", "also", "never", "always", "actually", "totally", "honestly",
        "probably", "definitely", "so", "too", "even", "only", "not", "usually", "sometimes", "often", "pretty",
        "very", "almost", "kind", "sort", "of", "literally", "seriously", "all",
    ]

    /// Verbs of opinion and feeling, and words of mood ("I feel like…", "I'm so tired").
    static let opinionWords: Set<String> = [
        "feel", "feels", "felt", "love", "loves", "hate", "hates", "like", "likes", "wish", "hope", "bet", "miss",
        "prefer", "rather", "believe", "think", "guess", "doubt", "tired", "hungry", "starving", "nervous", "excited",
        "worried", "glad", "happy", "sad", "sorry", "proud", "sick", "bored", "boring", "great", "amazing",
        "awesome", "terrible", "awful", "fun", "funny", "hilarious", "good", "bad", "nice", "lovely", "beautiful",
        "delicious", "fan", "cute", "weird", "crazy", "best", "worst", "comfortable", "scared", "afraid", "annoyed",
    ]

    /// Words that open small talk, farewells and exclamations ("wow", "congratulations", "nice weather", "bye for now").
    static let smallTalkOpeners: Set<String> = [
        "wow", "whoa", "ugh", "yay", "oops", "gosh", "jeez", "geez", "damn", "congratulations", "congrats", "bless",
        "excuse", "welcome", "sorry", "honestly", "ouch", "yikes", "phew", "awesome", "amazing", "nice", "lovely",
        "beautiful", "gorgeous", "terrible", "awful", "horrible", "whatever", "cheers", "merry", "aw", "aww", "bye",
        "goodbye", "bye-bye", "farewell", "careful", "ow", "woohoo", "mmm", "hello",
    ]

    /// Words of praise or surprise said alone or before a pause ("Fabulous.", "brilliant, that's the one").
    static let exclamations: Set<String> = [
        "fabulous", "fantastic", "wonderful", "brilliant", "excellent", "incredible", "unbelievable", "ridiculous", "adorable",
        "hilarious", "marvelous", "superb",
    ]

    /// Modals that say what might have been before "have" ("should have called", "could've gone").
    static let pastModals: Set<String> = [
        "should", "could", "would", "shouldn't", "couldn't", "wouldn't", "should've", "could've", "would've",
    ]

    /// Past participles that are not written "-ed" ("should have known").
    static let participles: Set<String> = [
        "been", "known", "gone", "done", "seen", "taken", "given", "written", "eaten", "gotten", "told", "left", "brought", "thought",
    ]

    /// Words that open a reason ("because it rained").
    static let reasonOpeners: Set<String> = ["because", "'cause", "cuz", "coz"]

    /// Words before a verb in a reason that say it may or may not happen ("because the couch might not fit").
    static let reasonHedges: Set<String> = ["not", "might", "may", "won't", "wont", "can't", "doesn't", "don't", "didn't", "wouldn't", "couldn't"]

    /// Sign-offs that open with a verb ("bye, talk to you later", "take care").
    static let signOffs: [[String]] = [
        ["talk", "to", "you", "later"], ["talk", "to", "you", "soon"], ["talk", "soon"], ["speak", "soon"],
        ["catch", "you", "later"], ["see", "you", "later"], ["see", "you", "soon"], ["see", "you"], ["love", "you"], ["take", "care"],
        ["safe", "travels"], ["we'll", "see", "you"],
    ]

    /// Words that may end a sign-off: whom it is said to, and "then", "now", "too".
    static let signOffTails: Set<String> = vocatives.union(["everyone", "everybody", "all", "folks", "y'all", "then", "now", "too", "bye", "goodbye", "mwah"])

    /// What "have a good …" wishes, as a sign-off ("have a good weekend"; "have a good look at the lease" is a task).
    static let wishedTimes: Set<String> = [
        "one", "day", "night", "evening", "morning", "afternoon", "weekend", "week", "time", "trip", "flight", "holiday",
        "holidays", "vacation",
    ]

    /// Verbs whose past is written as their present ("the boy read the chart", "nobody bid on it").
    static let sameFormPasts: Set<String> = ["read", "bid", "hit", "quit", "shut", "spread", "hurt", "cost", "let", "split", "burst"]

    /// What a forecast is said of ("wind's supposed to pick up", "the rain is supposed to stop").
    static let weatherSubjects: Set<String> = ["wind", "rain", "snow", "weather", "storm", "temperature", "temperatures", "fog", "sleet", "hail"]

    /// Whom praise is said to, besides the vocatives ("great turnout tonight, everybody", "great scrum today lads").
    static let addressees: Set<String> = ["everyone", "everybody", "team", "all", "lads", "ladies", "gents", "fellas", "people"]

    /// Words of praise that open a clause said to the people there ("great turnout, everybody").
    static let praiseWords: Set<String> = ["great", "good", "nice", "awesome", "amazing", "wonderful", "fantastic", "excellent", "solid"]

    /// Adverbs said of a whole clause before a pause that are no discourse words at a title's start ("Clearly, the
    /// Giants can't hold a lead", "clearly label the boxes"), and the surprise said the same way ("Weird, nobody bid on
    /// that clock", "weird socks").
    static let sentenceAdverbs: Set<String> = [
        "clearly", "certainly", "definitely", "surely", "probably", "weird", "funny", "strange", "odd", "crazy",
    ]

    /// Particles after what someone is doing ("heading out", "wrapping up").
    static let goingOnTails: Set<String> = Lexicon.particles.union(["away"])

    /// Words that may open where a noun subject is, before its verb ("traffic on I-40 was brutal").
    static let subjectPrepositions: Set<String> = ["on", "in", "at", "from", "with", "of", "near", "outside", "inside"]

    /// Words after "good" or "great" that make a greeting or praise ("good morning", "great job").
    static let goodFollowers: Set<String> = [
        "morning", "afternoon", "evening", "night", "job", "luck", "idea", "point", "one", "game", "call", "catch",
        "boy", "girl", "grief", "work", "question", "news", "day",
    ]

    /// Occasions after "happy" ("happy birthday").
    static let occasions: Set<String> = [
        "birthday", "anniversary", "holidays", "thanksgiving", "halloween", "easter", "new", "hanukkah", "friday",
        "monday", "belated", "christmas",
    ]

    /// Past tense forms that are not also present forms.
    static let pastForms: Set<String> = [
        "used", "went", "came", "got", "had", "was", "were", "did", "made", "took", "said", "saw", "left", "ran", "broke", "rewrote",
        "fell", "gave", "sent", "found", "lost", "won", "told", "thought", "felt", "kept", "bought", "brought",
        "caught", "sat", "slept", "woke", "wore", "ate", "drank", "spoke", "wrote", "drove", "rode", "flew", "grew",
        "knew", "threw", "began", "sang", "swam", "forgot", "met", "heard", "paid", "sold", "spent", "stood",
        "understood", "taught", "fought", "built", "held", "meant", "chose", "froze", "hid", "rang", "shook",
        "stole", "tore", "wasn't", "weren't", "didn't", "hadn't", "became", "fed", "led", "slid", "spun", "won't've",
        "died", "blew", "dug", "hung", "stuck", "struck", "swore", "wept", "bled", "fled", "sank", "shrank", "spilt", "quit", "lent", "bent", "dealt", "swept",
        "lit", "sped", "bit",
    ]

    /// Words ending in "-ed" that are not past verbs.
    static let notPastEd: Set<String> = ["hundred", "kindred", "sacred", "naked", "wicked", "beloved", "ragged", "rugged"]

    /// Present forms that follow a subject ("my back hurts", "officials say").
    static let presentForms: Set<String> = [
        "is", "are", "am", "has", "have", "does", "do", "will", "would", "can", "could", "should", "shall", "may",
        "might", "must", "isn't", "aren't", "doesn't", "don't", "won't", "wouldn't", "can't", "couldn't",
        "shouldn't", "hasn't", "haven't", "looks", "seems", "sounds", "smells", "tastes", "feels", "hurts", "needs",
        "goes", "comes", "works", "runs", "starts", "opens", "closes", "ends", "makes", "takes", "gets", "keeps",
        "knows", "says", "say", "wants", "likes", "loves", "hates", "thinks", "finds", "shows", "lives", "plays",
        "stays", "leaves", "moves", "lands", "arrives", "begins", "scores", "serves", "wins", "loses", "happens",
        "means", "costs", "belongs", "matters", "expires", "leaks", "breaks", "drips", "fills", "sells", "picks", "drops", "visits",
        "meets", "hosts", "flies", "contains", "includes", "requires", "concludes", "depends", "relies",
    ]

    /// Verbs of an event that happens at a time ("the plumber comes Tuesday at 10", "we have a meeting at 3").
    static let eventVerbs: Set<String> = [
        "come", "comes", "coming", "arrive", "arrives", "arriving", "visit", "visits", "visiting", "land", "lands",
        "landing", "start", "starts", "starting", "begin", "begins", "beginning", "leave", "leaves", "leaving",
        "meet", "meets", "meeting", "pick", "picks", "picking", "go", "goes", "going", "have", "has", "having",
        "get", "gets", "getting", "got", "fly", "flies", "flying", "drop", "drops", "dropping", "take", "takes",
        "taking", "see", "seeing", "host", "hosting", "play", "plays", "playing",
    ]

    /// How something is, after a noun fused with "is" ("dinner's ready", "the faucet's dripping").
    static let fusedPredicates: Set<String> = [
        "ready", "done", "here", "over", "broken", "late", "gone", "open", "closed", "empty", "full", "cold", "hot", "on",
        "off", "out", "back", "dripping", "leaking", "running", "sleeping", "snoring", "barking", "ringing", "raining",
        "snowing", "coming", "starting", "working", "finished", "dead", "fine", "okay", "ok", "burning", "boiling",
        "in", "sick", "away", "busy", "asleep", "awake", "home", "down", "allergic", "filthy", "dirty", "messy", "flat", "low",
        "overdue", "stuck", "jammed", "clogged", "frozen", "missing", "lost", "wrong", "sold", "dangerous",
    ]

    /// Words of the weather, which make a statement with a day in it a forecast, not an event.
    static let weatherWords: Set<String> = [
        "rain", "raining", "rainy", "snow", "snowing", "snowy", "sunny", "cloudy", "windy", "winds", "showers",
        "forecast", "temperatures", "temperature", "degrees", "humid", "storm", "storms", "thunderstorms", "fog",
        "foggy", "drizzle", "sleet", "hail", "chilly", "freezing", "lows", "highs", "skies", "breezy", "overcast",
        "front", "mild", "dry",
    ]

    /// Phrases heard from a TV, a radio, an advert or a navigation or phone system; a sentence holding one is
    /// not a task, whatever else it says.
    static let broadcastPhrases: [[String]] =
        [
            ["stay", "tuned"], ["be", "right", "back"], ["don't", "go", "anywhere"], ["more", "after", "this"],
            ["previously", "on"], ["lows", "around"], ["highs", "around"], ["winds", "gusting"],
            ["snow", "totals"], ["rain", "totals"], ["below", "average"], ["above", "average"], ["first", "frost"],
            ["coming", "up", "next"], ["coming", "up", "after"], ["brought", "to", "you", "by"], ["call", "now"],
            ["order", "now"], ["act", "now"], ["limited", "time"], ["while", "supplies", "last"], ["and", "save"],
            ["terms", "and", "conditions"], ["offer", "ends"], ["our", "website"], ["our", "sponsors"],
            ["your", "local", "dealer"], ["thanks", "for", "joining"], ["thank", "you", "for", "joining"],
            ["stick", "around"], ["back", "to", "you", "in"], ["you're", "listening", "to"], ["you're", "watching"],
            ["our", "channel"], ["like", "and", "subscribe"], ["in", "other", "news"], ["breaking", "news"],
            ["turning", "now", "to"], ["reporting", "live"], ["live", "from"], ["a", "high", "of"], ["a", "low", "of"],
            ["miles", "per", "hour"], ["chance", "of", "rain"], ["chance", "of", "snow"], ["turn", "left"],
            ["turn", "right"], ["keep", "left"], ["keep", "right"], ["bear", "left"], ["bear", "right"],
            ["continue", "straight"], ["u-turn"], ["merge", "onto"], ["roundabout"], ["your", "destination"],
            ["recalculating"], ["the", "next", "intersection"], ["please", "hold"], ["stay", "on", "the", "line"],
            ["your", "call", "is"], ["you", "have", "dialed"], ["you", "have", "reached"], ["leave", "a", "message"],
            ["after", "the", "tone"], ["after", "the", "beep"], ["connect", "the", "charger"], ["rerouting"],
            ["ask", "your", "doctor"], ["hit", "the", "bell"], ["regularly", "scheduled"], ["previously", "on"],
            ["season", "finale"], ["series", "finale"], ["expect", "showers"], ["temperatures", "dropping"],
            ["stay", "with", "us"], ["back", "to", "you"], ["developing", "story"], ["more", "on", "this"], ["overnight", "lows"],
            ["highs", "in", "the"], ["lows", "in", "the"], ["partly", "cloudy"], ["mostly", "sunny"], ["sunny", "and"], ["home", "run"],
            ["touchdown"], ["third", "and", "long"], ["first", "down"], ["field", "goal"], ["two", "outs"],
            ["bottom", "of", "the", "inning"], ["bottom", "of", "the", "ninth"], ["top", "of", "the", "inning"],
            ["top", "of", "the", "ninth"], ["top", "of", "the", "hour"], ["fourth", "and", "goal"], ["first", "and", "goal"],
            ["left", "on", "the", "clock"], ["timeout", "on"], ["at", "the", "half"], ["come", "on", "down"], ["spin", "the", "wheel"],
            ["next", "contestant"], ["now", "playing"], ["battery", "low"], ["connect", "charger"], ["timer", "done"],
            ["is", "arriving", "in"], ["continue", "on"], ["same", "time", "same", "place"], ["shipping", "and", "handling"],
            ["get", "your", "first"], ["download", "the", "app"], ["once", "upon", "a", "time"], ["great", "defense"],
            ["same", "time", ",", "same", "place"], ["hurry", "in"], ["visit", "us"], ["participating", "stores"],
            ["participating", "locations"], ["our", "locations"], ["get", "yours"], ["stand", "clear", "of"], ["closing", "doors"],
            ["menu", "options", "have", "changed"], ["listen", "carefully", "as"], ["dear", "diary"],
            ["door", "ajar"], ["remove", "your", "card"], ["bagging", "area"],
            ["attention", "passengers"], ["now", "boarding"], ["may", "now", "board"], ["you", "have", "one", "new", "message"],
            ["remains", "in", "effect"], ["easy", "payments"], ["our", "contestant"], ["in", "tonight's", "episode"],
            ["flag", "on", "the", "play"], ["yard", "penalty"], ["eastbound", "lanes"], ["westbound", "lanes"],
            ["in", "a", "quarter", "mile"], ["in", "half", "a", "mile"], ["give", "it", "up", "for"],
            ["northbound", "lanes"], ["southbound", "lanes"], ["lanes", "have", "reopened"], ["swing", "and", "a", "miss"],
            ["final", "call", "for", "passenger"], ["final", "boarding", "call"], ["put", "your", "hands", "together"], ["roll", "for", "initiative"],
            ["attention", "guests"], ["attention", "shoppers"],
            ["on", "tonight's", "episode"], ["on", "tonight's", "programme"], ["on", "tonight's", "show"], ["dear", "sir"],
            ["dear", "customer"],
            ["listeners", "are", "reminded"], ["to", "our", "listeners"], ["to", "our", "viewers"], ["to", "all", "our", "listeners"],
            // As a recogniser hears them, without their plural "s".
            ["term", "and", "condition"], ["terms", "and", "condition"], ["crowd", "goes", "wild"], ["crowd", "go", "wild"], ["clear", "skies"],
        ] + menuKeys.map { ["press", $0] }

    /// The keys a phone menu asks for ("for billing press 2").
    static let menuKeys = [
        "free", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "zero", "pound", "star", "1", "2", "3", "4", "5",
        "6", "7", "8", "9", "0",
    ]

    /// Broadcast phrases indexed by first word.
    static let broadcastPhrasesByFirstWord: [String: [[String]]] = Lexicon.index(broadcastPhrases)

    /// Whether `word` reads as a past tense verb.
    static func isPast(_ word: String) -> Bool {
        if pastForms.contains(word) { return true }
        guard word.utf8.count >= 5, word.hasSuffix("ed"), !word.hasSuffix("eed") else { return false }
        // ("de-shed", "re-bed": a verb whose plain form ends in "-ed", after a prefix; "de-iced", "double-booked" are past.)
        if let hyphen = word.lastIndex(of: "-") {
            let rest = String(word[word.index(after: hyphen)...])
            return isPast(rest) || (rest.hasSuffix("ed") && !Lexicon.actionVerbs.contains(rest) && !["shed", "bed", "wed", "sled", "shred"].contains(rest))
        }
        return !notPastEd.contains(word) && !Lexicon.actionVerbs.contains(word)
    }

    /// Verbs said of someone or something that no one is asked to do ("the baby cries", "the examiner never smiles").
    static let statingVerbs: Set<String> = [
        "smile", "cost", "hate", "own", "owe", "snore", "bark", "cry", "laugh", "work", "play", "swear", "sleep", "talk", "seem",
        "know", "love", "like", "want", "prefer", "believe", "forget", "understand", "deserve", "complain", "worry", "agree",
        "disagree", "sing", "dance", "live", "eat", "drink", "win", "lose", "think", "feel", "mean", "weigh", "smell", "taste",
    ]

    /// Words that open what a verb does or is said of ("remembers every name", "costs more than", "watches this").
    static let statedObjects: Set<String> = determiners.union(["me", "us", "him", "them", "it", "everything", "everyone", "everybody", "nothing", "than"])

    /// Whether `word` is a verb's plain form ("call", "cost").
    static func isVerbBase(_ word: String) -> Bool { Lexicon.actionVerbs.contains(word) || statingVerbs.contains(word) }

    /// A verb with its "not" ("isn't", "won't").
    static let negatedForms: Set<String> = [
        "isn't", "aren't", "wasn't", "weren't", "won't", "don't", "doesn't", "didn't", "can't", "cannot", "hasn't", "haven't",
    ]

    /// Verbs of holding something true ("my uncle swore you have to…", "she says you've got to…").
    static let claimVerbs: Set<String> = opinionClaims.union(["says", "said"])

    /// Verbs of someone else's view, news whatever follows ("my sister thinks…", "he swore…").
    static let opinionClaims: Set<String> = ["thinks", "reckons", "swore", "swears", "claims", "claimed", "insists", "insisted"]

    /// Whether `word` is the present of a verb said of one ("remembers", "smiles", "watches", "flies").
    static func isThirdPerson(_ word: String) -> Bool {
        if presentForms.contains(word) { return true }
        guard word.utf8.count >= 4, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("'s"), !word.hasSuffix("us") else { return false }
        if word.hasSuffix("ies") { return isVerbBase(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("es"), isVerbBase(String(word.dropLast(2))) { return true }
        return isVerbBase(String(word.dropLast()))
    }

    /// Whether `word` reads as a finite verb after a subject.
    static func isFinite(_ word: String) -> Bool { presentForms.contains(word) || isPast(word) }

    /// What a pronoun fused with a verb ("we'll", "I'm") holds.
    enum Fused: Sendable {
        case be, will, have, would
    }
}

/// The words of one segment being read for mood, from `position` on.
private struct Clause {
    let tokens: [Token]
    /// The segment's free words (no punctuation, fillers, dates or times).
    let words: [Int]
    var position = 0
    /// Whether a lead-in ("note to self") came before `position`: what follows is said to docket.
    var ledIn = false
    /// Whether a name was called out before `position` ("Kev, drop it down half a step").
    var calledName = false

    /// The normalised word `offset` words after `position`, or "".
    func word(_ offset: Int) -> String {
        let at = position + offset
        return at >= 0 && at < words.count ? tokens[words[at]].norm : ""
    }

    /// The token of the word `offset` words after `position`.
    func token(_ offset: Int) -> Token? {
        let at = position + offset
        return at >= 0 && at < words.count ? tokens[words[at]] : nil
    }

    /// Whether a comma directly follows the word at `offset`.
    func commaAfter(_ offset: Int) -> Bool {
        let at = position + offset
        guard at < words.count, words[at] + 1 < tokens.count else { return false }
        return tokens[words[at] + 1].isClauseBreak
    }

    /// Whether the next token in the transcript after the word at `offset` was read as a date or time.
    func whenFollows(_ offset: Int, _ scan: SegmentScan) -> Bool {
        let at = position + offset
        guard at < words.count else { return false }
        let next = words[at] + 1
        return scan.isConsumed(next) || ["on", "at", "due", "scheduled", "booked", "set"].contains(scan.norm(next) ?? "")
    }

    /// Whether the clause after a condition opens at `offset`: a subject and a verb of maybe or will ("… we might stay
    /// home", "… we'll probably sleep at the airport").
    func opensConsequence(at offset: Int) -> Bool {
        let subject = word(offset)
        let next = word(offset + 1)
        if let fused = MoodReader.subjectContractions[subject], !["that", "this", "what", "who", "here", "there"].contains(subject.prefix { $0 != "'" }) {
            // "… I'm not waiting", "… I'm quitting", "… it's going to be a long day".
            // ("if the forecast says we're getting snow buy salt", "if it turns out I'm traveling…": what the condition says.)
            if fused == .be, ["going", "gonna"].contains(next) || (["i'm", "we're"].contains(subject) && next.hasSuffix("ing") && next.utf8.count > 4),
                !["says", "said", "out", "like", "that", "think", "thinks", "hear", "heard", "know", "knows", "if", "whether"].contains(word(offset - 1))
            {
                return true
            }
            return fused == .will || fused == .would || (fused == .be && next == "not")
        }
        // "… I want one of those sinks", "… my parents are going to lose their minds".
        if ["i", "we"].contains(subject), ["want", "wanna"].contains(next), word(offset + 2) != "to" { return true }
        if ["my", "our", "your", "his", "her", "their"].contains(subject),
            (offset + 2...offset + 3).contains(where: { ["is", "are"].contains(word($0)) && ["going", "gonna"].contains(word($0 + 1)) })
        {
            return true
        }
        return ["i", "we", "you", "they", "he", "she", "it"].contains(subject) && MoodReader.consequenceVerbs.contains(next)
    }

    /// Where the clause goes on after the phrase that opens it, when the phrase holds no verb up to a pause or the end
    /// (`words.count` at the end); nil when it holds a verb.
    /// ("on Friday dinner at grandma's", "on Christmas Eve dinner at grandma's": a preposition before a when or a name
    /// belongs to it.)
    func verblessPhraseEnd(_ scan: SegmentScan) -> Int? {
        let next = words[position] + 1
        guard next < tokens.count, !scan.isConsumed(next), !tokens[next].isCapitalized else { return nil }
        for at in position..<words.count {
            let token = tokens[words[at]]
            if at > position, token.is(.actionVerb) || MoodReader.isFinite(token.norm) || MoodReader.subjectContractions[token.norm] != nil {
                return nil
            }
            guard at + 1 < words.count else { break }
            if tokens[(words[at] + 1)..<words[at + 1]].contains(where: \.isClauseBreak) { return at + 1 }
        }
        return words.count
    }

    /// Whether the words from `position` on name more than one thing: a list ("for the party balloons and candles", "for
    /// the school trip the permission slip"), not a phrase ("with one of the meteors").
    var namesSeveralThings: Bool {
        let rest = words[position...].map { tokens[$0].norm }
        if rest.contains("and") || rest.contains("or") { return true }
        let things = rest.indices.filter { MoodReader.determiners.contains(rest[$0]) && ($0 == rest.startIndex || rest[$0 - 1] != "of") }
        return things.count > 1
    }

    /// Whether the words from `offset` on match `phrase`, word for word.
    func has(_ phrase: [String], at offset: Int) -> Bool {
        for (index, word) in phrase.enumerated() where self.word(offset + index) != word { return false }
        return true
    }

    /// Whether the word at `offset` is an adverb between a subject and its verb ("kind" and "sort" only before "of": "I'll
    /// sort out the deposit").
    func isAdverb(_ offset: Int) -> Bool {
        MoodReader.adverbs.contains(word(offset)) && (!["kind", "sort"].contains(word(offset)) || word(offset + 1) == "of")
    }

    /// Whether the clause reports a thing broken, stuck or used up ("the dishwasher won't drain", "the headlight on the Camry
    /// is out", "my reading glasses snapped", "the toilet keeps running"): a need, so a task. Not a person's or a body's
    /// state ("my knees hurt"), nor one a when says is past ("the power went out last night").
    func reportsFault(facts: TaskFacts, scan: SegmentScan) -> Bool {
        // (A day said with it makes it news or history: "the bank doesn't open till 9", "my car wouldn't start yesterday".)
        // ("Kitchen tap is dripping again", "Outboard won't start": said without its determiner.)
        // ("one of the van's wing mirrors is smashed": one of several.)
        let oneOf = has(["one", "of"], at: 0) && ["the", "my", "our"].contains(word(2))
        let determined = ["the", "my", "our"].contains(word(0)) || oneOf
        guard
            // ("Water heater is leaking": a noun that is a verb too, before the thing.)
            determined
                || (token(0).map { $0.isWord && $0.classes.subtracting([.actionVerb, .nounLikeVerb]).isEmpty && !MoodReader.isName($0) } ?? false
                    && !MoodReader.subjectStarts.contains(word(0))
                    && (token(0)?.classes.isEmpty == true || (MoodReader.isBreakingThing(word(1)) && !MoodReader.determiners.contains(word(1))))),
            !ledIn, facts.date == nil, !facts.hasTime, facts.recurrence == nil,
            // (Not after a name called: "Dad, the car's making that noise again" is said to Dad.)
            !calledName
        else { return false }
        let first = oneOf ? 3 : determined ? 1 : 0
        // Said alone: beside a task or a comment it is what the note is about ("the smoke detector is chirping, change its
        // battery tonight"; "the printer jammed again. Typical.").
        guard segmentIsTheNote(scan) else { return false }
        // (Not a thing in a picture or a story, nor in a place that is someone else's: "the blinds won't go up in the film",
        // "the seal has come loose at the pool".)
        if (first..<(words.count - position)).contains(where: {
            ["in", "on", "at"].contains(word($0))
                && (MoodReader.faultElsewhere.contains(word($0 + 1))
                    || (["the", "that", "this", "my", "a"].contains(word($0 + 1)) && MoodReader.faultElsewhere.contains(word($0 + 2))))
        }) {
            return false
        }
        // The thing: the last word before a preposition or the verb ("the headlight on the Camry is out", "the blender's
        // blade broke"), one of the things in a home, a car or an office that break ("my uncle died", "the deal fell
        // apart" are no such thing).
        var head: String?
        for verb in first...(first + 6) {
            let said = word(verb)
            if said.isEmpty || (verb > 0 && commaAfter(verb - 1)) { return false }
            let after = word(verb + 1)
            // "the upstairs toilet's clogged": the verb fused to the thing; a name's "'s" before a noun is whose it is.
            let fused =
                (said.hasSuffix("'s") || said.hasSuffix("'re") || said.hasSuffix("'ve"))
                && (MoodReader.faultStates.contains(after) || MoodReader.faultDegrees.contains(after)
                    || ["making", "on", "in", "got", "stopped"].contains(after))
            // ("the outside tap is dripping": after a determiner, where the thing is.)
            if head == nil, MoodReader.faultPrepositions.contains(said), !MoodReader.determiners.contains(word(verb - 1)) { head = word(verb - 1) }
            if said.hasSuffix("'s") && !fused { continue }
            let verbForm =
                fused || ["is", "are", "keeps", "has"].contains(said) || MoodReader.faultNegations.contains(said) || MoodReader.faultPasts.contains(said)
            if !verbForm || (verb == first && !fused) { continue }
            var subject = verb - 1
            while subject > first,
                isAdverb(subject) || ["upstairs", "downstairs", "outside", "inside", "here", "there", "again", "back", "out"].contains(word(subject))
            {
                subject -= 1
            }
            let thing = head ?? (fused ? String(said.prefix { $0 != "'" }) : word(subject))
            // ("our proving cabinet isn't heating up", "my phone mount has cracked": any thing of the speaker's said with a
            // fault's own verb; not a person or a pet.)
            // ("our relationship isn't working", "my lip has cracked" are no things to mend.)
            let mendable = !MoodReader.ownerlessThings.contains(thing) && !MoodReader.ownPossessors.contains(thing)
            let owned =
                mendable && ["my", "our"].contains(word(oneOf ? 2 : 0)) && !fused && said != "is" && said != "are"
                && !["working", "responding"].contains(word(verb + 1))
                && (thing.hasSuffix("s") ? String(thing.dropLast()) : thing).utf8.count > 2 && !Lexicon.givenNames.contains(thing)
            // ("the clutch on my van is slipping", "the drum on my cement mixer has seized": a part of a thing of the speaker's.)
            let ownedPart =
                mendable && head != nil
                && (first..<verb).contains(where: { MoodReader.faultPrepositions.contains(word($0)) && ["my", "our"].contains(word($0 + 1)) })
            guard MoodReader.isBreakingThing(thing) || owned || ownedPart else { return false }
            // (Said bare, the thing is all there is before its verb: "bus 22's heater is out again" is a bus's.)
            if !determined, (first..<verb).contains(where: { token($0)?.number != nil || word($0).hasSuffix("'s") }) { return false }
            // (Someone else's thing: "the neighbor's car won't start", "the school's heater is broken".)
            if (first..<verb).contains(where: {
                word($0).hasSuffix("'s") && !MoodReader.isBreakingThing(String(word($0).dropLast(2)))
                    && !MoodReader.ownPossessors.contains(String(word($0).dropLast(2)))
            }) {
                return false
            }
            // (Nothing said after it of its own: "the printer broke, Sam is fixing it", "the toaster is broken so we'll use the
            // oven", "the printer is broken, not my problem".)
            // ("the float is stuck and it's overflowing" says more of the same.)
            if (verb..<(words.count - position)).contains(where: {
                (commaAfter($0) || MoodReader.faultAfterwords.contains(word($0 + 1)))
                    && !(word($0 + 1) == "and" && word($0 + 2) == "it's" && MoodReader.faultStates.contains(word($0 + 3)))
                    // ("my back brake is squealing and barely stopping".)
                    && !(word($0 + 1) == "and"
                        && ((MoodReader.faultStates.contains(word($0 + 2)) && $0 + 3 >= words.count - position)
                            || ((isAdverb($0 + 2) || ["barely", "hardly", "not"].contains(word($0 + 2))) && word($0 + 3).hasSuffix("ing")
                                && $0 + 4 >= words.count - position)))
            }) {
                return false
            }
            return saysFault(verb: verb, fused: fused)
        }
        return false
    }

    /// Whether what is said of a thing from `verb` on is a fault: "is out", "won't drain", "keeps running", "snapped",
    /// "stopped working", "has a slow leak", "is making a clunking noise".
    private func saysFault(verb: Int, fused: Bool) -> Bool {
        let said = word(verb)
        // "the tractor's got a flat".
        // "the forge blower's stopped working".
        // ("the bottle warmer's stopped heating".)
        if fused, word(verb + 1) == "stopped" { return MoodReader.isFaultDoing(word(verb + 2)) }
        if fused, word(verb + 1) == "got" { return word(verb + 2) == "no" || (word(verb + 2) == "a" && MoodReader.faultHoles.contains(word(verb + 3))) }
        var state = verb + 1
        if !fused, !["is", "are"].contains(said) {
            if MoodReader.faultNegations.contains(said) {
                // ("the boiler isn't firing up", "the sink isn't draining".)
                let doing = word(verb + 1)
                // ("the classroom blinds won't go up".)
                return MoodReader.faultVerbs.contains(doing) || has(["turn", "on"], at: verb + 1) || has(["turn", "off"], at: verb + 1)
                    || has(["firing", "up"], at: verb + 1)
                    || (doing == "go" && ["up", "down", "in", "on", "off", "back", "through"].contains(word(verb + 2)))
                    || (doing != "staying" && MoodReader.isFaultDoing(doing))
            }
            if said == "keeps" { return MoodReader.faultRunning.contains(word(verb + 1)) }
            // ("the tire has a slow leak", "the piano has a sticky key", "the van has a dead battery".)
            if said == "has" {
                // ("the rear light has stopped working", "the lead clip has snapped".)
                if word(verb + 1) == "stopped" { return MoodReader.isFaultDoing(word(verb + 2)) }
                // ("the smoke has died down" is no fault.)
                if MoodReader.faultParticiples.contains(word(verb + 1)) {
                    return ["", "again", "completely", "in", "off", "solid", "up", "through", "shut"].contains(word(verb + 2))
                }
                // ("the kiln element has burnt out".)
                if ["burnt", "burned", "blown", "worn"].contains(word(verb + 1)) { return ["out", "through"].contains(word(verb + 2)) }
                // ("the fridge door seal has come loose".)
                if word(verb + 1) == "come" { return ["loose", "off", "apart", "undone", "away", "unstuck", "unglued"].contains(word(verb + 2)) }
                // ("the blade has gone blunt".)
                if word(verb + 1) == "gone" { return ["blunt", "flat", "dead", "soft", "rusty", "mouldy", "moldy"].contains(word(verb + 2)) }
                return word(verb + 1) == "no"
                    || (word(verb + 1) == "a" && (MoodReader.faultHoles.contains(word(verb + 2)) || MoodReader.faultTraits.contains(word(verb + 2))))
            }
            switch said {
            // ("stopped working", "stopped draining", "stopped opening the gate"; not "the baby stopped crying".)
            case "stopped":
                return MoodReader.isFaultDoing(word(verb + 1))
            // ("ran out", "burned out", "went flat", "came loose"; not "the rice came out crunchy".)
            case "ran", "burned", "burnt", "gave", "blew": return word(verb + 1) == "out"
            case "went": return ["out", "flat", "dead", "bad", "soft"].contains(word(verb + 1))
            // ("the check engine light came on".)
            case "came" where word(verb + 1) == "on":
                return ["light", "lights", "alarm", "warning"].contains(word(verb - 1))
                    && ["warning", "engine", "check", "oil", "battery", "fault", "service", "tyre", "tire", "abs", "airbag"].contains(word(verb - 2))
            case "fell", "came": return ["off", "apart", "loose", "undone", "down"].contains(word(verb + 1))
            case "lost": return ["a", "its", "the", "all", "one"].contains(word(verb + 1))
            default: return true
            }
        }
        while MoodReader.faultDegrees.contains(word(state)) { state += 1 }
        // ("the cake is out of the oven", "the car is out front", "the car is stuck in traffic" are no need.)
        if MoodReader.faultStates.contains(word(state)), word(state) != "out" || !["of", "front", "back", "there", "here", "side"].contains(word(state + 1)),
            !(word(state) == "stuck" && word(state + 1) == "in" && ["traffic", "line", "meetings", "meeting"].contains(word(state + 2)))
        {
            return true
        }
        // "the porch light sensor isn't working", "the check engine light is on".
        if word(state) == "not" && word(state + 1) == "working" { return true }
        // "the check engine light is on", "the low fuel light's on".
        if word(state) == "on", word(state + 1).isEmpty, ["light", "lights", "alarm", "warning"].contains(word(verb - 1).prefix { $0 != "'" }) { return true }
        // "the fridge display is showing an error".
        // ("our autoclave is showing that error code again".)
        if word(state) == "showing",
            word(state + 1) == "error" || (["an", "a", "that", "the", "this"].contains(word(state + 1)) && ["error", "fault"].contains(word(state + 2)))
        {
            return true
        }
        // ("the gutter is pulling away from the fascia", "the chiller is tripping the breaker".)
        if ["pulling", "coming", "falling"].contains(word(state)), ["away", "off", "apart", "loose"].contains(word(state + 1)) { return true }
        if word(state) == "tripping", word(state + 1) == "the", ["breaker", "fuse", "electrics", "rcd", "switch"].contains(word(state + 2)) {
            return true
        }
        // ("the gate on my lambing pen is hanging off its hinge".)
        if word(state) == "hanging", ["off", "loose", "down"].contains(word(state + 1)) { return true }
        // "the walk-in cooler is running warm".
        if word(state) == "running", ["warm", "hot", "cold", "low", "rough", "loud"].contains(word(state + 1)) { return true }
        // "the car's making a clunking noise", "the furnace is on its last legs", "the gauge is in the red".
        if word(state) == "making", (state + 1...state + 3).contains(where: { ["noise", "sound", "racket"].contains(word($0)) }) { return true }
        return has(["on", "its", "last"], at: state) || has(["in", "the", "red"], at: state) || has(["on", "the", "fritz"], at: state)
            || has(["up"], at: state) && word(state - 1) == "acting"
    }

    /// Whether what is said from `verb` on is something someone wants of the speaker, a piece of work or money ("my advisor wants the revised methods section by the 20th", "the Garcias want a quote for the repipe", "the harbour
    /// office is waiting on my mooring fee"; "Mom wants a new couch" and "the kids are waiting for the bus" are news).
    func wantsOfSpeaker(from verb: Int, facts: TaskFacts) -> Bool {
        var at = verb
        if ["is", "are"].contains(word(at)) { at += 1 }
        while isAdverb(at) { at += 1 }
        let object = (at + 2)...(at + 6)
        // "the gaffer wants me to collect the boiler", "the neighbours want me to water their baskets": an errand of the
        // speaker's; "Mr Davies asked me to photocopy his worksheets", "Jo asked if I could feed her cats" too ("she asked me
        // to leave the party", "Gran asked me to peel the potatoes every Sunday", "he asked me to read it, so I did" are
        // stories).
        let askedIf = has(["if", "i", "could"], at: at + 1)
        var asksMe = has(["me", "to"], at: at + 1) ? at + 3 : askedIf ? at + 4 : nil
        // ("Mrs Harris wants me to come back and look at her shower": the errand after coming round.)
        if let errand = asksMe, ["come", "go", "pop", "nip"].contains(word(errand)), ["back", "round", "over", "by"].contains(word(errand + 1)),
            ["and", "to"].contains(word(errand + 2))
        {
            asksMe = errand + 3
        }
        // ("Jo asked if I could drive" asks what the speaker can do; "the app asked me to update" is a device's prompt.)
        // ("my flatmate wants me to let the electrician in".)
        if let errand = asksMe, token(errand)?.is(.actionVerb) == true || (word(errand) == "let" && MoodReader.determiners.contains(word(errand + 1))),
            !Self.storyErrands.contains(word(errand)),
            !(askedIf && Self.abilityVerbs.contains(word(errand))), !(0..<at).contains(where: { Self.prompters.contains(word($0)) }),
            !(0..<(words.count - position)).contains(where: {
                ["yesterday", "last", "ago", "always", "used", "when", "so", "but", "then", "did", "today", "summer", "once"].contains(word($0))
            })
        {
            if ["wants", "needs"].contains(word(at)) || (word(at) == "want" && at > 0) { return word(at + 1) == "me" }
            if word(at) == "asked", facts.recurrence == nil { return true }
        }
        // The needs of a thing of the speaker's: "the beech hedge wants trimming", "the kitchen could do with a clean" (not
        // "she wants shopping bags", "next door's hedge wants cutting", "the curry could do with some salt").
        let owned = ["the", "my", "our"].contains(word(0)) && !(1..<at).contains(where: { word($0).hasSuffix("'s") || word($0).hasSuffix("s'") })
        switch word(at) {
        case "wants" where owned && MoodReader.isActionGerund(word(at + 1)):
            return word(at + 2).isEmpty || ["before", "by", "on", "at", "this", "next", "tomorrow", "today", "soon", "again"].contains(word(at + 2))
        case "could" where owned && has(["do", "with"], at: at + 1):
            return ["a", "an"].contains(word(at + 3)) && (Self.upkeep.contains(word(at + 4)) || Self.upkeep.contains(word(at + 5)))
        case "wants", "want", "expects", "expecting":
            guard MoodReader.determiners.contains(word(at + 1)) || word(at + 1).hasSuffix("'s") else { return false }
            return any((at + 1)...(at + 6), in: Self.workAsked)
        case "waiting":
            guard ["on", "for"].contains(word(at + 1)) else { return false }
            return ["my", "our"].contains(word(at + 2)) || any(object, in: Self.workAsked)
        default:
            return false
        }
    }

    /// What someone asks of the speaker in a story, not an errand ("she asked me to leave", "he asked me to marry him").
    static let storyErrands: Set<String> = [
        "leave", "marry", "stop", "calm", "be", "stay", "wait", "sit", "go", "come", "dance", "move", "shut", "quiet", "explain",
        "resign", "keep", "restart", "repeat", "join",
    ]

    /// What the speaker can do, asked after "if I could" ("Jo asked if I could drive").
    static let abilityVerbs: Set<String> = [
        "see", "drive", "cook", "read", "speak", "remember", "keep", "tell", "hear", "swim", "sing", "play", "dance", "come",
        "make", "stay", "help", "do", "be", "have", "go", "write", "draw", "ride", "fix", "lift", "carry", "reach",
    ]

    /// Things that ask something of whoever uses them ("the app asked me to update").
    static let prompters: Set<String> = [
        "app", "game", "form", "website", "computer", "phone", "laptop", "system", "machine", "program", "screen", "printer",
        "tv", "it", "page", "software", "update",
    ]

    /// Upkeep a thing could do with ("a proper clean", "a coat of paint").
    static let upkeep: Set<String> = [
        "clean", "wash", "service", "trim", "tidy", "coat", "sweep", "polish", "oil", "tune", "tune-up", "check", "sort", "scrub",
        "mow", "cut", "prune", "repaint", "paint", "dust", "hoover", "vacuum", "descale", "defrost", "clear-out", "overhaul",
    ]

    /// Work or money someone may want of the speaker ("a quote", "the budget", "last week's wages").
    static let workAsked: Set<String> = [
        "quote", "estimate", "invoice", "report", "budget", "draft", "section", "chapter", "log", "form", "forms", "proposal",
        "paperwork", "numbers", "slides", "deck", "summary", "receipt", "receipts", "timesheet", "wages", "payment", "fee", "rent",
        "deposit", "signature", "response",
    ]

    /// Whether the segment of `scan` is all the note says, but for pauses, fillers and discourse words.
    func segmentIsTheNote(_ scan: SegmentScan) -> Bool {
        let saysNothing = { (token: Token) in token.isPunctuation || token.is(.filler) || token.is(.discourse) }
        return tokens[..<scan.range.lowerBound].allSatisfy(saysNothing) && tokens[scan.range.upperBound...].allSatisfy(saysNothing)
    }

    /// Whether the clause says something is ready to be collected ("Mum's prescription is ready at the chemist", "the car is
    /// ready for pickup"; not "dinner's ready", "I'm ready at the door").
    func isReadyToCollect() -> Bool {
        // (Most clauses hold no "ready": that is looked for first.)
        guard let ready = (1...6).first(where: { word($0) == "ready" }),
            !["i'm", "we're", "you're", "i", "we", "you", "dinner's", "lunch's", "breakfast's", "food's", "tea's", "dinner", "lunch", "food"].contains(word(0)),
            ["is", "are"].contains(word(ready - 1)) || (word(ready - 1).hasSuffix("'s") && ready - 1 > 0 || word(0).hasSuffix("'s") && ready == 1)
        else { return false }
        return (word(ready + 1) == "for" && ["pickup", "pick-up", "collection", "collecting"].contains(word(ready + 2)))
            || (word(ready + 1) == "to" && ["collect", "pick"].contains(word(ready + 2)))
            || (word(ready + 1) == "at"
                && (word(ready + 2) == "the" && Self.pickupPlaces.contains(word(ready + 3))
                    || (token(ready + 2)?.isCapitalized == true && token(ready + 2).map(MoodReader.isName) == false)))
    }

    /// Shops and desks where something waits to be collected ("ready at the chemist").
    static let pickupPlaces: Set<String> = [
        "chemist", "chemist's", "pharmacy", "garage", "shop", "store", "tailor", "tailor's", "cleaners", "cleaner's", "vet", "vet's",
        "vets", "counter", "desk", "front", "post", "library", "clinic", "hospital", "dealership", "dealer", "mechanic", "mechanic's",
        "jeweller", "jeweler", "jeweller's", "optician", "optician's", "opticians", "framer", "framer's", "printer", "printers",
        "bakery", "butcher", "butcher's", "florist", "florist's", "depot", "office", "lab", "surgery", "workshop", "repair",
    ]

    /// Whether the clause is all the note says, with no pause after its start ("her landlord has to fix the heater, call him
    /// tomorrow" says what the speaker is to do after it).
    func saidAlone(_ scan: SegmentScan) -> Bool {
        segmentIsTheNote(scan) && !scan.range.contains(where: { $0 > words[position] && tokens[$0].isClauseBreak })
    }

    /// Whether the verb at `offset` says someone comes, an event the speaker waits for ("come Friday", "get here in an hour",
    /// "show up between 8 and noon", "be at the airport at 6").
    func arrives(at offset: Int) -> Bool {
        switch word(offset) {
        // ("Sarah's supposed to call me at 4", "Tom's supposed to be at the airport at 6"; not "call the vet", "be on call".)
        case "call": ["me", "us"].contains(word(offset + 1))
        case "be": ["here", "there", "home", "back", "at", "in"].contains(word(offset + 1))
        case "get": ["here", "there", "home", "back", "in"].contains(word(offset + 1))
        default: MoodReader.arrivalVerbs.contains(word(offset))
        }
    }

    /// Whether any of the words in `offsets` is in `set`.
    func any(_ offsets: ClosedRange<Int>, in set: Set<String>) -> Bool {
        offsets.contains { set.contains(word($0)) }
    }

    /// Whether an imperative is said to someone in the room: about their own body, clothes, food or siblings ("eat your
    /// broccoli", "put your shoes on", "stop hitting your brother"), or asking them to hand something over ("hand me
    /// that towel").
    var saidToSomeoneHere: Bool {
        // "hold my hand in the parking lot".
        if word(0) == "hold", word(1) == "my", word(2) == "hand" { return true }
        // "stop chasing the chickens" ("stop paying for the gym" is a task).
        if word(0) == "stop", word(1).hasSuffix("ing"), !MoodReader.dealings.contains(word(1)) { return true }
        // "let go of the leash buddy I've got him", "come inside sweetie": a pet name for whoever is here, after a thing
        // said, ending the clause or before one of its own ("the reading buddy program" is a thing).
        if (2..<max(2, min(words.count - position, 10))).contains(where: {
            MoodReader.petNames.contains(word($0)) && !MoodReader.objectOpeners.contains(word($0 - 1)) && token($0 - 1)?.is(.actionVerb) != true
                && (word($0 + 1).isEmpty || commaAfter($0) || MoodReader.subjectStarts.contains(word($0 + 1))
                    || MoodReader.subjectContractions[word($0 + 1)] != nil)
        }) {
            return true
        }
        // "hands out of your mouth", "feet off the table", "Biscuit off the couch": a body or a pet off or out of
        // something.
        // (A name, not "I'm" or "We're" said first.)
        let named =
            token(0).map {
                $0.isCapitalized && !$0.is(.actionVerb) && !$0.is(.nounLikeVerb) && !MoodReader.subjectStarts.contains($0.norm)
                    && MoodReader.subjectContractions[$0.norm] == nil && $0.norm != "i'm"
            } ?? false
        let place = word(1) == "out" && word(2) == "of" ? 3 : 2
        if ["hands", "feet", "foot", "paws", "paw", "elbows", "elbow", "fingers"].contains(word(0)) || named,
            ["off", "out"].contains(word(1)), ["the", "your", "my", "that"].contains(word(place))
        {
            return true
        }
        // "use your words, buddy", "eat up, sweetie", "bring your shin guards Saturday, Maddie": whom it is said to, called
        // last after a pause ("buy eggs, bread, milk, honey" and "invite Tom, Maddie" are lists).
        if let last = words.last, words.count - position > 1, tokens[last - 1].isClauseBreak,
            MoodReader.vocatives.contains(tokens[last].norm)
                || (MoodReader.isName(tokens[last]) && (0..<(words.count - position - 1)).contains(where: { ["your", "you"].contains(word($0)) })),
            !(words[position]..<(last - 1)).contains(where: { tokens[$0].isClauseBreak })
        {
            return true
        }
        // "Don't touch the records, honey, they're fragile", "roll for initiative, everybody": called after the first pause,
        // before the end or a comment of its own.
        if let called = (1..<max(1, words.count - position)).first(where: { tokens[words[position + $0] - 1].isClauseBreak }),
            MoodReader.vocatives.contains(word(called)) || (MoodReader.addressees.contains(word(called)) && word(called) != "all"),
            // ("pick up prescriptions for Grandpa and, uh, Dad": the last of a list.)
            !["and", "or", "for", "to", "with", "from", "of"].contains(word(called - 1)),
            word(called + 1).isEmpty
                || (commaAfter(called) && (MoodReader.subjectStarts.contains(word(called + 1)) || MoodReader.subjectContractions[word(called + 1)] != nil))
        {
            return true
        }
        // "Leo, brush your teeth": after the name called.
        let start = token(0)?.isCapitalized == true && commaAfter(0) ? 1 : 0
        if MoodReader.handingVerbs.contains(word(start)), word(start + 1) == "me" { return true }
        // "say thank you to Grandma", "say sorry": manners.
        if word(start) == "say", ["thank", "thanks", "please", "sorry", "hi", "hello", "bye", "goodbye", "goodnight"].contains(word(start + 1)) {
            return true
        }
        // "be gentle with the kitty", "be nice to your sister": how to behave.
        if word(start) == "be", MoodReader.behaviours.contains(word(start + 1)) { return true }
        // "Biscuit, hold still", "sit still": keep from moving.
        if ["hold", "sit", "stand", "keep", "stay"].contains(word(start)), word(start + 1) == "still", word(start + 2).isEmpty { return true }
        // "get down from the counter", "off the couch, Rex": off the furniture.
        var climb = ["get", "climb", "jump", "hop"].contains(word(start)) ? start + 1 : start
        // "get them off the table right now".
        if word(start) == "get", ["them", "him", "her", "it"].contains(word(climb)), word(climb + 1) == "off" { climb += 1 }
        if ["down", "off"].contains(word(climb)) {
            var perch = climb + 1
            while ["from", "of", "off", "the", "that", "my", "our"].contains(word(perch)) { perch += 1 }
            if MoodReader.perches.contains(word(perch)) { return true }
        }
        // "turn the TV down a little", "turn that music down".
        if word(start) == "turn" {
            let sound = ["the", "that", "this", "your"].contains(word(start + 1)) ? start + 2 : start + 1
            if MoodReader.sounds.contains(word(sound)), ["down", "up"].contains(word(sound + 1)) { return true }
            if ["down", "up"].contains(word(start + 1)), MoodReader.sounds.contains(word(start + 2) == "the" ? word(start + 3) : word(start + 2)) {
                return true
            }
        }
        // "go wash your hands".
        let verb = word(start) == "go" ? start + 1 : start
        // "stop by your brother's place" is a visit.
        guard MoodReader.childCommandVerbs.contains(word(verb)), word(verb + 1) != "by" else { return false }
        // "stop putting that in your mouth": the thing may come a few words on.
        for offset in (verb + 1)...(verb + 4) where word(offset) == "your" {
            // The thing ends what is said of it: "brush your teeth", not "book your teeth cleaning".
            for thing in (offset + 1)...(offset + 2) where isOwnThing(word(thing)) {
                let next = word(thing + 1)
                if next.isEmpty || commaAfter(thing) || MoodReader.thingEnders.contains(next) { return true }
                // "stop kicking your sister's chair", "leave your brother's toys alone".
                if word(thing).hasSuffix("'s"), ["stop", "quit", "leave"].contains(word(verb)) { return true }
            }
            return false
        }
        return false
    }

    /// Whether `word` ("teeth", "sister's") is in `MoodReader.ownThings`.
    private func isOwnThing(_ word: String) -> Bool {
        MoodReader.ownThings.contains(word.hasSuffix("'s") ? String(word.dropLast(2)) : word)
    }

    /// Whether the clause says something about the weather.
    var mentionsWeather: Bool { words.contains { MoodReader.weatherWords.contains(tokens[$0].norm) } }

    // MARK: Reading

    /// The mood of the clause from `position`: nil for a request, else why it is not one.
    mutating func mood(facts: TaskFacts, scan: SegmentScan, asked: Bool) -> NotATaskReason? {
        let first = word(0)
        let second = word(1)
        guard let firstToken = token(0) else { return nil }
        // "Kevin, you need to sign the waiver": what is said of "you" after a name called is said to that person.
        // ("Danny, chain the Jeep to the back fence before you leave": "you" said anywhere after it.)
        // ("Mark, call me tomorrow": the speaker is the one called back.)
        if calledName, !ledIn,
            (0..<(words.count - position)).contains(where: { ["you", "you'll", "you've", "you're", "your"].contains(word($0)) })
                || (token(0)?.is(.actionVerb) == true && ["me", "us"].contains(word(1)))
        {
            return .roomCommand
        }
        // "Mark, open the pantry", "Bobby, go get more napkins", "Jake, don't forget your lunch", "Carlos, pull the
        // baguettes out in five minutes": an imperative said to the one called, when it says no when but now or soon
        // ("Sarah, email her the slides": the name is what the note is about).
        if calledName, facts.isEmpty || facts.saysOnlySoon || ["remember", "don't"].contains(first), !ledIn,
            !(1..<max(1, words.count - position)).contains(where: { ["him", "her", "his", "them", "hers"].contains(word($0)) }),
            // ("Mike, invoice": a word alone is what the note is about.)
            MoodReader.calledCommands.contains(first)
                || (words.count - position > 1 && (firstToken.is(.actionVerb) || Segmenter.startsAction(tokens, at: words[position])))
        {
            return .roomCommand
        }

        // "remember when we drove to Maine", "remember how nervous you were": remembering together ("remember to…" and
        // "remember the umbrella" ask).
        if first == "remember", ["when", "how"].contains(second) || (second == "back" && word(2) == "when") { return .opinion }
        // "the second verse needs more space, in my opinion", "somebody ought to fix that door, if you ask me": a view said
        // of a statement ("remind me to tell Sam that in my opinion…", "call mom, in my opinion she's lonely" ask).
        let clauseLength = words.count - position
        if ["opinion", "me"].contains(word(clauseLength - 1)), !ledIn, token(0)?.is(.actionVerb) != true, token(0)?.is(.leadInStart) != true,
            has(["in", "my", "opinion"], at: clauseLength - 3) || has(["if", "you", "ask", "me"], at: clauseLength - 4)
        {
            return .opinion
        }
        // "I should have called", "we could've gone": what might have been ("I should have the report done" asks).
        let modal = MoodReader.subjectPronouns.contains(first) ? 1 : 0
        // ("we should never have painted the hallway grey", "I shouldn't have…".)
        let negated = ["never", "not"].contains(word(modal + 1)) ? 1 : 0
        let participle = word(modal + negated + 1) == "have" ? modal + negated + 2 : modal + negated + 1
        if MoodReader.pastModals.contains(word(modal)) && word(modal + negated + 1) == "have" || MoodReader.pastModals.contains(word(modal) + "'ve"),
            MoodReader.isPast(word(participle)) || MoodReader.participles.contains(word(participle))
        {
            return .statement
        }
        // "very sharp", "too salty for me": a remark, with no verb.
        // (Not "very much card stock", heard for "buy more card stock".)
        // (Not "Too Faced mascara", "Very Berry smoothie stuff": a name.)
        // ("very ripe bananas", "very fine sandpaper" are things to get.)
        if ["very", "too"].contains(first), !["much", "many"].contains(second), token(1)?.isCapitalized != true, facts.isEmpty,
            words.count - position <= 2 || (words.count - position <= 4 && ["for", "to", "in", "on", "with"].contains(word(2))),
            !(1..<(words.count - position)).contains(where: { token($0)?.is(.actionVerb) == true })
        {
            return .opinion
        }
        // "Don't even get me started on the parking", "don't even think about going outside": no asking.
        if has(["don't", "get", "me", "started"], at: 0) || has(["don't", "even", "get", "me", "started"], at: 0) { return .opinion }
        if has(["don't", "even", "think", "about"], at: 0) { return .roomCommand }
        // "Best potato salad I've had all summer", "love how my camera picked today to die": praise and complaint.
        // (Not before a task after the pause: "best pizza we've ever had, order from there again", "love that you remembered,
        // now book the table"; nor "Best Buy", "worst case call the landlord".)
        // (Looked for only after such an opening: every clause reaches here.)
        func taskAfter(_ pause: Int?) -> Bool {
            guard let at = pause, position + at + 1 < words.count else { return false }
            return Segmenter.startsAction(tokens, at: words[position + at + 1]) || token(at + 1)?.is(.actionVerb) == true
                || (token(at + 1)?.is(.discourse) == true && token(at + 2)?.is(.actionVerb) == true)
        }
        let opinionOpening = ["best", "worst"].contains(first) || (first == "love" && ["how", "that", "it", "when"].contains(second))
        let pause = opinionOpening ? (0..<(words.count - position)).first(where: commaAfter) : nil
        if ["best", "worst"].contains(first), token(1)?.isCapitalized != true, !taskAfter(pause),
            let ever = (1...6).first(where: { ["i've", "ive", "ever", "we've"].contains(word($0)) }),
            !(1..<ever).contains(where: { token($0)?.is(.actionVerb) == true && !MoodReader.isFinite(word($0)) }), pause.map({ $0 >= ever }) ?? true
        {
            return .opinion
        }
        if first == "love", ["how", "that", "it", "when"].contains(second), !taskAfter(pause), token(0)?.isCapitalized == true || position == 0 {
            return .opinion
        }
        // "Last winter we sat behind a snowplow", "in nineteen fifty-eight we had one television": what happened, after when.
        if MoodReader.pastWhenOpeners.contains(first),
            let subject = (1...4).first(where: { ["we", "i", "they", "he", "she"].contains(word($0)) }),
            (0..<subject).allSatisfy({ token($0)?.is(.actionVerb) != true && !MoodReader.subjectStarts.contains(word($0)) }),
            MoodReader.isPast(word(subject + 1)) || (MoodReader.adverbs.contains(word(subject + 1)) && MoodReader.isPast(word(subject + 2)))
        {
            return .statement
        }
        // "I'm going to scream", "I'm gonna cry": how one will feel.
        if first == "i'm" || first == "i", let reaction = MoodReader.willPhrases.first(where: { has($0, at: 0) }),
            MoodReader.reactionVerbs.contains(word(reaction.count)) || (word(reaction.count) == "lose" && ["it", "my"].contains(word(reaction.count + 1)))
        {
            return .opinion
        }
        if let request = requestOpening(firstToken, dated: facts.date != nil || facts.hasTime) { return request ? nil : .question }
        // "five more minutes", "just a couple more seconds": a length of time with nothing to do in it.
        // (The first word that is none of these ends the look, so a clause costs a lookup or two.)
        let clauseWords = position..<words.count
        if clauseWords.allSatisfy({ at in
            let token = tokens[words[at]]
            return token.is(.cardinal) || token.number != nil || MoodReader.amountWords.contains(token.norm) || MoodReader.isShortUnit(token.norm)
        }),
            clauseWords.contains(where: { MoodReader.isShortUnit(tokens[words[$0]].norm) })
        {
            return .fragment
        }
        // "I can't forget Ruby's school play on Saturday": a reminder to oneself with its day, as "don't let me forget" is
        // ("I can't forget her face" says how one feels).
        if ["i", "we"].contains(first), ["can't", "cannot", "mustn't"].contains(second), word(2) == "forget", facts.date != nil || facts.hasTime,
            !MoodReader.whWords.contains(word(3)), !["that", "how", "her", "his", "him", "them", "you", "it", "this"].contains(word(3))
        {
            return nil
        }
        // "Which one of you spilled the juice?", "did you fall down?": asked when it opens as a question would ("Dentist
        // appointment Friday?" is still a task).
        let opener = first == "no" ? second : first
        if asked, MoodReader.whWords.contains(opener) || MoodReader.invertingAuxiliaries.contains(opener) || MoodReader.subjectPronouns.contains(opener) {
            return .question
        }
        // "Nineteen pounds?", "Luna Petrakis?": a number or a name asked after, with nothing to do and no when.
        // "twelve dollars for a turkey sandwich", "$480 for brake pads?": what something costs.
        let counted = firstToken.is(.cardinal) || firstToken.number != nil || first.hasPrefix("$")
        if facts.date == nil, !facts.hasTime, clauseWords.allSatisfy({ !tokens[words[$0]].is(.actionVerb) || tokens[words[$0]].isCapitalized }) {
            if asked, counted || clauseWords.allSatisfy({ tokens[words[$0]].isCapitalized }) { return .question }
            // ("$25 for Emma's field trip" is to pay: remarked on only when asked or said of.)
            if counted, let paid = (0..<min(6, clauseWords.count)).first(where: { word($0) == "for" }), paid > 0,
                first.hasPrefix("$") || ["dollars", "bucks", "cents", "grand", "quid", "euros"].contains(word(paid - 1)),
                asked || (paid..<clauseWords.count).contains(where: { commaAfter($0) })
            {
                return .opinion
            }
        }
        switch opening(first, second) {
        case .question: return .question
        case .condition: return nil
        case nil: break
        }

        // A sign-off is the whole clause, or ends with whom it is said to ("take care of the lawn" is a task).
        if let signOff = MoodReader.signOffs.first(where: { has($0, at: 0) }),
            word(signOff.count).isEmpty || MoodReader.signOffTails.contains(word(signOff.count))
        {
            return .opinion
        }
        if first == "have", second == "a", ["good", "nice", "great", "lovely", "safe"].contains(word(2)), MoodReader.wishedTimes.contains(word(3)),
            word(4).isEmpty || MoodReader.signOffTails.contains(word(4)) || (word(4) == "at" && ["work", "school"].contains(word(5)))
        {
            return .opinion
        }
        // "heading out now", "I'm leaving now", "Mom is arriving now", "Dad's landing soon": what is happening, no task.
        if facts.isEmpty || facts.saysOnlyNow, let ing = (0..<5).first(where: { word($0).hasSuffix("ing") && word($0).utf8.count > 4 }),
            ing == 0 || ["is", "are", "am"].contains(word(ing - 1)) || word(ing - 1).hasSuffix("'s")
                || MoodReader.subjectContractions[word(ing - 1)] == .be,
            // "text Bill right now, he's waiting" asks; so does "the water filter is running out", and "the sink is leaking".
            token(0)?.is(.actionVerb) != true, !statesNeed(from: ing), asked || !reportsFault(facts: facts, scan: scan)
        {
            var end = ing + 1
            if MoodReader.goingOnTails.contains(word(end)) && !commaAfter(ing) { end += 1 }
            if word(end) == "soon" && !commaAfter(end - 1) { end += 1 }
            // With a subject and "is", or with none and how it goes on ("heading out", "Dad's landing soon"), or with "now"
            // after a name's "'s": "meeting now" may be a note, "Jake's wedding" is a thing.
            let saidWithBe = ing > 0 && (MoodReader.subjectContractions[word(ing - 1)] == .be || ["is", "are", "am"].contains(word(ing - 1)))
            if word(end).isEmpty || commaAfter(end - 1), saidWithBe || end > ing + 1 || (ing > 0 && facts.saysOnlyNow) { return .statement }
        }
        // "could be cool to repaint the kitchen", "might be nice": musing.
        if ["could", "would", "might"].contains(first), second == "be" { return .opinion }
        // "Since Tuesday.": a when in the past with nothing to do.
        if first == "since", facts.date != nil || facts.hasTime, words.count - position <= 4 { return .statement }
        // "hi Sam", "hello Dr. Patel": a greeting with whom it is said to and nothing else.
        if ["hi", "hello", "hey"].contains(word(-1)), firstToken.isCapitalized, !firstToken.is(.actionVerb),
            (1...2).allSatisfy({ word($0).isEmpty || token($0)?.isCapitalized == true })
        {
            return .opinion
        }
        // "morning sunshine", "morning, you're up early": a greeting ("morning meds at 8" is a task).
        if first == "morning", let next = token(1),
            MoodReader.vocatives.contains(next.norm) || MoodReader.petNames.contains(next.norm) || MoodReader.greeted.contains(next.norm)
                || MoodReader.subjectContractions[next.norm] != nil
        {
            return .opinion
        }
        // "so much for the weekend": a hope let go.
        if first == "much", word(-1) == "so", rawNext(0) == "for" { return .opinion }
        // "thank God", "thank goodness": relief, not thanks to give.
        if first == "thank", ["god", "goodness", "heavens", "gosh"].contains(second) { return .opinion }
        // "look at you", "look who finally showed up": surprise at someone here ("look at the leases" asks).
        if first == "look", facts.isEmpty,
            second == "who" || (second == "what" && ["you", "he", "she", "they", "we", "i", "the"].contains(word(2)))
                || (second == "at" && ["you", "him", "her", "them", "us", "that", "this", "it"].contains(word(2)) && (word(3).isEmpty || commaAfter(2)))
                // "look at how big he's gotten", "look at him sleeping" ("look at how much we spend", "look at it during lunch" ask).
                || (second == "at" && word(2) == "how" && !["much", "many", "to", "we", "i", "our", "my", "the"].contains(word(3)))
                || (second == "at" && ["him", "her", "them", "it"].contains(word(2)) && word(3).hasSuffix("ing") && word(3) != "during")
        {
            return .opinion
        }
        // "don't touch that", "don't cry": a negative command about what is here is said to
        // someone here ("don't forget to…" is a lead-in, "don't fall off the ladder" may be a note to self).
        if first == "don't" || (first == "do" && second == "not"), facts.isEmpty, !ledIn {
            let verb = first == "do" ? 2 : 1
            if let token = token(verb), token.isWord, !["forget", "let"].contains(token.norm),
                word(verb + 1).isEmpty || (["that", "this", "it", "him", "her", "me", "them"].contains(word(verb + 1)) && word(verb + 2).isEmpty)
            {
                return .roomCommand
            }
        }
        // "Get down off the table right now": said to someone here even with "now".
        if facts.isEmpty || facts.saysOnlyNow, !ledIn, saidToSomeoneHere { return .roomCommand }
        // An imperative: "call mom", "water the plants"; a noun-like verb before a noun is a noun ("clear skies").
        if firstToken.is(.actionVerb) {
            guard firstToken.is(.nounLikeVerb), let next = token(1) else { return nil }
            // "look into assisted living places", "look at the leases": a verb and its particle.
            if next.is(.objectStarter) || next.isCapitalized || next.number != nil || next.kind != .word
                || ["into", "at", "through", "around", "after", "over", "by"].contains(next.norm)
            {
                return nil
            }
        }
        // "they should fire the coach": what others ought to do is an opinion.
        if ["they", "he", "she"].contains(first) {
            // "they really should fix that pothole": an adverb may come between.
            var verb = 1
            while isAdverb(verb) { verb += 1 }
            if ["should", "shouldn't", "ought"].contains(word(verb)) { return .opinion }
        }
        // "she has to work Saturday", "he's got to be at the airport": someone else's obligation is news.
        // ("they" is often the things: "they need to be signed by Friday"; with a when it may be the speaker's to remember.)
        if isOthersObligation(String(first.prefix { $0 != "'" }), from: 1, facts: facts) { return .statement }
        // "her landlord has to replace the water heater", "his boss needs to sign off first": the duty of someone else's
        // people ("Emma needs to take her medicine at 8" is the speaker's to see to; "his check has to clear before I pay
        // rent" says what the speaker waits for).
        // ("her landlord has to fix the heater, call him tomorrow": what the speaker is to do said after it.)
        if !ledIn, ["her", "his", "their"].contains(first),
            MoodReader.othersPeople.contains(word(1)), ["has", "needs", "must"].contains(word(2)), word(2) == "must" || word(3) == "to",
            !(3..<max(3, words.count - position)).contains(where: { ["i", "me", "we", "us", "i'll", "we'll", "my", "our"].contains(word($0)) }),
            saidAlone(scan)
        {
            return .statement
        }
        // "her uncle is flying back to Denver tomorrow": what someone else's people are doing.
        if !ledIn, ["her", "his", "their"].contains(first), MoodReader.othersPeople.contains(word(1)) || MoodReader.personTitles.contains(word(1)),
            word(2) == "is" || word(2) == "are", word(3).hasSuffix("ing"), !["going"].contains(word(3)) || word(4) == "to",
            !(3..<max(3, words.count - position)).contains(where: { ["i", "me", "we", "us", "my", "our"].contains(word($0)) })
        {
            return .statement
        }
        // "the director's supposed to bring the new blocking notes", "transport's supposed to take 412 down to CT": what someone
        // else is meant to do ("I'm supposed to…" asks; "the plumber's supposed to come Tuesday at 10" is an event; "the report's
        // supposed to be done by Friday" is the speaker's).
        if !ledIn, !["i", "i'm", "we", "we're", "you", "you're", "it", "it's", "that", "that's", "this", "there", "there's", "let's"].contains(first),
            let supposed = (1...6).first(where: { word($0) == "supposed" && word($0 + 1) == "to" }),
            word(supposed - 1).hasSuffix("'s") || ["is", "are", "was", "were"].contains(word(supposed - 1)),
            token(supposed + 2)?.is(.actionVerb) == true, !arrives(at: supposed + 2)
        {
            return .statement
        }
        // "Dave's going to pick up the new saddle on Tuesday", "Dr. Lee is going to redo the crown": what someone else will
        // do ("Dad's going to pick me up at 6" is the speaker's).
        // ("Mom's going to drop off Jake at 4, be home by then": what the speaker is to do said after it.)
        if !ledIn, let going = (1...3).first(where: { word($0) == "going" && word($0 + 1) == "to" }), token(going + 2)?.is(.actionVerb) == true,
            saidAlone(scan),
            word(going - 1).hasSuffix("'s") || word(going - 1) == "is",
            Lexicon.givenNames.contains(String(first.prefix { $0 != "'" }))
                || MoodReader.kinDoers.contains(String(first.prefix { $0 != "'" })) || MoodReader.personTitles.contains(first),
            !((going + 2)..<max(going + 2, words.count - position)).contains(where: { ["me", "us", "my", "our"].contains(word($0)) })
        {
            return .statement
        }
        // "Greg's filing the extensions this afternoon", "Aunt Jo's watering the plants", "Dad's picking up the cake": what
        // someone else is doing ("Mom's coming Saturday at 3" is an event of the speaker's).
        let doer = MoodReader.personTitles.contains(first) && token(1)?.isCapitalized == true ? 1 : 0
        let doing = word(doer + 1)
        // ("Jack's running club Thursday at 6", "Mia's cooking class" name a thing: the doing has its object, a particle or
        // nothing after it; "Hugo's closing Tuesday", "Dr. Lin's rounding on the fourth floor".)
        // ("Tina's meeting Friday", "Grandma's arriving Tuesday at 3": an event, with nothing after it but its when.)
        if !ledIn, word(doer).hasSuffix("'s"), MoodReader.isActionGerund(doing) || MoodReader.shiftDoings.contains(doing),
            MoodReader.doingFollowers.contains(word(doer + 2)) || MoodReader.possessives.contains(word(doer + 2))
                || (word(doer + 2).isEmpty && MoodReader.shiftDoings.contains(doing)),
            // ("Dad's picking me up at 6", "Amy's meeting us at 7": the speaker's own appointment.)
            !((doer + 2)..<max(doer + 2, words.count - position)).contains(where: { ["me", "us"].contains(word($0)) }),
            doer == 1 || token(0)?.isCapitalized == true || Lexicon.givenNames.contains(String(word(doer).dropLast(2)))
                || MoodReader.kinDoers.contains(String(word(doer).dropLast(2)))
        {
            return .statement
        }
        if first == "let's" || first == "lets" || statesNeed(from: 0) { return nil }
        if !asked, reportsFault(facts: facts, scan: scan) { return nil }
        if !asked, !ledIn, isReadyToCollect(), saidAlone(scan) { return nil }
        // "because your family deserves the best", "because the couch might not fit": a reason with nothing it is the
        // reason for.
        if MoodReader.reasonOpeners.contains(first) || (first == "cause" && MoodReader.subjectStarts.contains(second)),
            !(2..<max(2, words.count - position)).contains(where: {
                token($0)?.is(.actionVerb) == true && token($0 - 1)?.is(.objectStarter) != true && !MoodReader.reasonHedges.contains(word($0 - 1))
            })
        {
            return .statement
        }
        // "if only the weekend were longer": a wish.
        if first == "if", second == "only" { return .opinion }

        // ("mmm remind me to buy coffee" asks.)
        if MoodReader.smallTalkOpeners.contains(first),
            !(Lexicon.leadInsByFirstWord[second]?.contains { $0.count > 1 && !MoodReader.softOpinions.contains($0[1]) && has($0, at: 1) } ?? false)
        {
            return .opinion
        }
        // "Fabulous.", "brilliant, that's the one" ("Fantastic Sams haircut Saturday at 10", "excellent, now call the vet" ask).
        if MoodReader.exclamations.contains(first), second.isEmpty || commaAfter(0) {
            let next = second == "now" ? token(2) : token(1)
            if next?.is(.actionVerb) != true { return .opinion }
        }
        // "Thank you to everyone who came", "thanks for the flowers": said to someone ("thank Priya" asks).
        if first == "thanks" || (first == "thank" && second == "you"),
            !["note", "notes", "card", "cards", "letter", "letters", "gift", "gifts", "email", "emails"].contains(word(first == "thanks" ? 1 : 2))
        {
            return .opinion
        }
        // "What a game", "such a sad one today": an exclamation.
        if first == "what" || first == "such", second == "a" || second == "an" { return .opinion }
        if first == "good" || first == "great", let next = rawNext(0), MoodReader.goodFollowers.contains(next) { return .opinion }
        // "Great turnout tonight, everybody", "nice work, guys": praise said to the people there.
        if MoodReader.praiseWords.contains(first),
            // After a pause or a when, and before a pause or the end.
            ((position + 1)..<words.count).contains(where: { at in
                let index = words[at]
                return (MoodReader.vocatives.contains(tokens[index].norm) || MoodReader.addressees.contains(tokens[index].norm))
                    && (tokens[index - 1].isClauseBreak || words[at - 1] != index - 1)
                    && (index + 1 == tokens.count || tokens[index + 1].isPunctuation)
            })
        {
            return .opinion
        }
        if first == "happy" || first == "merry", let next = rawNext(0), MoodReader.occasions.contains(next),
            words.count - position <= 3
        {
            return .opinion
        }

        // A diary line with no subject: "went for a run", "called mom yesterday".
        if MoodReader.isPast(first), let next = token(1),
            next.is(.objectStarter) || next.isCapitalized || MoodReader.personalPronouns.contains(next.norm)
                || ["for", "to", "at", "with", "into", "from", "by", "home", "back", "out", "up", "over"].contains(next.norm)
        {
            return .statement
        }
        // "Sounds good", "tomorrow will be sunny": a verb whose subject was a date or went unsaid.
        // "this morning was kind of a mess": its past.
        // "Say no to the bake sale": "say" opening the clause is said to the listener.
        // "next week is going to be crazy": its subject was the when.
        if MoodReader.presentForms.contains(first) && (!MoodReader.auxiliaries.contains(first) || first == "will") && first != "say"
            || ["was", "were", "wasn't", "weren't"].contains(first) || (first == "is" && has(["going", "to", "be"], at: 1))
        {
            return statement(verbAt: 0, subject: first, facts: facts, scan: scan)
        }

        if let fused = MoodReader.subjectContractions[first] {
            return fusedStatement(fused, subject: first, facts: facts, scan: scan)
        }
        // "something for Olivia's birthday", "something warm for the baby": a thing to get.
        if first == "something", word(1) == "for" || word(2) == "for" || (word(1) == "to" && ["wear", "eat", "drink", "read", "bring"].contains(word(2))) {
            return nil
        }
        // "no one drinks milk".
        let noOne = first == "no" && second == "one"
        // "those look great".
        if MoodReader.subjectPronouns.contains(first) || noOne
            || (MoodReader.demonstratives.contains(first)
                && (MoodReader.isFinite(second) || MoodReader.adverbs.contains(second) || MoodReader.pluralLinkingVerbs.contains(second)))
        {
            var verb = noOne ? 2 : 1
            while isAdverb(verb) { verb += 1 }
            guard !word(verb).isEmpty else { return .statement }
            return statement(verbAt: verb, subject: first, facts: facts, scan: scan)
        }
        // "dinner's almost ready": a noun fused with "is" before an adverb; "dinner's ready", "the faucet's dripping": before
        // how it is, with no day or time ("the plumber's coming at 10" is an event).
        if first.hasSuffix("'s"), MoodReader.adverbs.contains(second) { return .statement }
        // "the dishwasher's", "the total station's": a noun fused with "is" or "has" after a determiner and a word.
        let fused: Int? =
            if first.hasSuffix("'s") { 0 } else if !MoodReader.determiners.contains(first) { nil } else if second.hasSuffix("'s") {
                1
            } else if word(2).hasSuffix("'s"), ["been", "gonna", "going"].contains(word(3)) { 2 } else { nil }
        // ("my character's a halfling bard": what it is.)
        // ("my back's sore", "the soil's dry": how it is, said last.)
        let stateSaidLast =
            fused.map {
                TitleBuilder.statesSaidLast.contains(word($0 + 1))
                    && (word($0 + 2).isEmpty || commaAfter($0 + 1) || TitleBuilder.statesSaidLastEnders.contains(word($0 + 2)))
            } ?? false
        if let fused, MoodReader.fusedPredicates.contains(word(fused + 1)) || ["a", "an"].contains(word(fused + 1)) || stateSaidLast, facts.date == nil,
            !facts.hasTime
        {
            return .statement
        }
        // "Wind's gusting over 40 up here", "the rain's coming down": the weather doing something, whatever the day.
        if let fused, MoodReader.weatherSubjects.contains(String(word(fused).dropLast(2))), word(fused + 1).hasSuffix("ing") {
            return .statement
        }
        // "the dishwasher's still running", "the heater's making that noise", "Mom's going to love this": how a thing is or
        // will be, with no day or time.
        if let fused, facts.date == nil && !facts.hasTime || Self.whenIsPast(scan) {
            let next = word(fused + 1)
            if MoodReader.adverbs.contains(next) || ["gonna", "going", "been"].contains(next) || isProgressive(fused + 1) || goesOnBeforeClause(fused + 1) {
                return .statement
            }
        }

        // A noun subject: "the dog is snoring", "Grandma sent us a card", "stocks closed lower".
        // "Mrs. Patel's loan came in", "traffic on I-40 was brutal": a name's thing, a noun and where it is.
        // "Bus 22's heater is out again", "Room 4 is ready": a thing named by its number.
        let numbered = word(1).first?.isNumber == true && token(0)?.is(.actionVerb) != true
        var window =
            MoodReader.determiners.contains(first) || first.hasSuffix("'s") || second.hasSuffix("'s") || ["early", "late", "mid"].contains(first)
                || numbered
            ? 7 : MoodReader.subjectPrepositions.contains(second) ? 5 : 2
        var offset = 0
        while offset < window {
            offset += 1
            let candidate = word(offset)
            guard !candidate.isEmpty else { break }
            // "the club dinghies need their rudders checked": a need is the verb, whatever follows it.
            // ("the people next door never need their boiler checked", "…need their heads checked" are no needs.)
            if offset > 1, ["need", "needs"].contains(candidate), MoodReader.determiners.contains(first), !commaAfter(offset - 1),
                !(0..<offset).contains(where: { ["never", "not", "no"].contains(word($0)) || word($0).hasSuffix("n't") }),
                !(offset + 1...offset + 3).contains(where: { ["heads", "head"].contains(word($0)) })
            {
                return statement(verbAt: offset, subject: first, facts: facts, scan: scan)
            }
            // "those flowers look amazing", "the Hendersons want a second opinion": a plural subject's verb.
            let plural =
                word(offset - 1).hasSuffix("s") && !word(offset - 1).hasSuffix("'s") && !MoodReader.adverbs.contains(word(offset - 1))
                && !["perhaps", "afterwards", "nowadays", "besides"].contains(word(offset - 1))
                || ["people", "children", "men", "women", "dice", "mice", "geese", "teeth", "feet"].contains(word(offset - 1))
            // "Lunch with the Trout Unlimited chapter president": a capitalised word inside the subject is a name's.
            // "the little boy read the whole chart": a past that is written as its present, after a subject in the singular
            // and with no when ("the first chapter read by Friday" asks).
            let pastAsPresent =
                MoodReader.sameFormPasts.contains(candidate) && offset >= 2 && MoodReader.determiners.contains(first)
                && facts.date == nil && !facts.hasTime
                && !word(offset - 1).hasSuffix("s") && token(offset - 1)?.is(.actionVerb) != true
            // "cough drops", "eye drops": two lowercase words are a thing, not a noun and its verb.
            // ("flea drops for both cats": a thing, then whom it is for.)
            let compound =
                offset == 1 && token(0)?.isCapitalized != true && candidate.hasSuffix("s")
                && (word(2).isEmpty || (["for", "with"].contains(word(2)) && MoodReader.thingPlurals.contains(candidate)))
            // "the front desk lady remembers every name", "the examiner never smiles", "vet bills cost more than…": any
            // verb said of the subject, after an adverb or before what it does ("the dog treats", "print labels the kids
            // need" are no such thing), with no day or time ("parents teach a conference next Thursday at 4" is a
            // misheard event).
            let before = word(offset - 1)
            let verbOfSubject =
                facts.date == nil && !facts.hasTime && (MoodReader.determiners.contains(first) || token(0)?.is(.actionVerb) != true)
                && !MoodReader.determiners.contains(before) && !["of", "with", "for", "and", "or", "to"].contains(before)
                && before.first?.isNumber != true
                && (MoodReader.adverbs.contains(before) || (MoodReader.statedObjects.contains(word(offset + 1)) && !commaAfter(offset)))
                // ("both kids get their flu shots": after a plural, an action's verb before the doer's own thing still asks.)
                && (plural
                    ? MoodReader.statingVerbs.contains(candidate)
                        || (MoodReader.isVerbBase(candidate) && ["the", "a", "an"].contains(word(offset + 1)) && !["both", "all"].contains(first))
                    : MoodReader.isThirdPerson(candidate))
            // "Kevin from IT already reset my password": done.
            let doneAlready =
                before == "already" && !plural && (MoodReader.isVerbBase(candidate) || MoodReader.sameFormPasts.contains(candidate))
            if MoodReader.presentForms.contains(candidate) && !compound || pastAsPresent
                // ("a gallon of distilled water": a past form after "of" says what kind.)
                // ("the quarterly estimated taxes are due": a past form before its noun and the verb says what kind.)
                || (MoodReader.isPast(candidate) && !MoodReader.determiners.contains(word(offset - 1)) && token(offset)?.isCapitalized != true
                    && !(["is", "are"].contains(word(offset + 2)) && word(offset + 1).hasSuffix("s") && !word(offset + 1).hasSuffix("'s")
                        && !MoodReader.subjectPronouns.contains(word(offset + 1)) && !MoodReader.whWords.contains(word(offset + 1)))
                    && !["of", "with"].contains(word(offset - 1)) && !(offset == 1 && token(0)?.is(.actionVerb) == true)
                    // ("order roofing felt": the cloth, after the verb that asks for it.)
                    && !(candidate == "felt" && token(0)?.is(.actionVerb) == true))
                || (plural && (MoodReader.pluralLinkingVerbs.contains(candidate) || ["want", "love", "like", "hate", "keep", "say"].contains(candidate)))
                || verbOfSubject || doneAlready
            {
                return statement(verbAt: offset, subject: first, facts: facts, scan: scan)
            }
            if commaAfter(offset) { break }
            // "Little Ava finally said her first sentence": an adverb before the verb does not count.
            if MoodReader.adverbs.contains(candidate), token(0)?.is(.actionVerb) != true { window += 1 }
        }
        return nil
    }

    /// Whether the word at `offset` is a verb's "-ing" form doing something to what follows ("making that noise", "leaking
    /// again"), not a noun ("Tom's wedding gift", "the dog's grooming appointment").
    private func isProgressive(_ offset: Int) -> Bool {
        let word = word(offset)
        guard word.utf8.count > 5, word.hasSuffix("ing") else { return false }
        let stem = String(word.dropLast(3))
        guard
            Lexicon.actionVerbs.contains(stem) || Lexicon.actionVerbs.contains(stem + "e") || MoodReader.fusedPredicates.contains(word)
                || ["making", "acting", "playing", "doing", "getting", "having", "coming", "going", "sitting", "running", "ringing"].contains(word)
        else { return false }
        let after = token(offset + 1)
        return after == nil || after!.is(.objectStarter) || MoodReader.adverbs.contains(after!.norm)
    }

    /// Whether the word at `offset` is an "-ing" form before a clause joined to it ("the baby's teething so nobody's
    /// sleeping", "the dog's barking and the baby's up"): what is going on, whatever the verb.
    private func goesOnBeforeClause(_ offset: Int) -> Bool {
        let word = word(offset)
        guard word.utf8.count > 5, word.hasSuffix("ing"), ["so", "and", "but", "because"].contains(self.word(offset + 1)),
            // "Ana's painting so we need more tape" asks.
            !statesNeed(from: offset + 2)
        else { return false }
        // The clause after has a verb of its own ("Tom's wedding and the rehearsal dinner" is two things).
        return ((offset + 2)...(offset + 4)).contains { at in
            let said = self.word(at)
            return MoodReader.isFinite(said) || MoodReader.subjectContractions[said] != nil
                || (said.hasSuffix("'s") && (at > offset + 2 || token(at)?.isCapitalized == false))
        }
    }

    /// The word after the word at `offset` in the transcript, whether or not a recogniser took it.
    private func rawNext(_ offset: Int) -> String? {
        let at = position + offset
        guard at < words.count, words[at] + 1 < tokens.count else { return nil }
        return tokens[words[at] + 1].norm
    }

    /// Whether the clause opens with `phrase` with adverbs inside it ("it'd probably be smart to", as the title reads it).
    private func saysLeadIn(_ phrase: [String]) -> Bool {
        var offset = 1
        for word in phrase.dropFirst() {
            while Lexicon.leadInAdverbs.contains(self.word(offset)), self.word(offset) != word { offset += 1 }
            guard self.word(offset) == word else { return false }
            offset += 1
        }
        return true
    }

    /// true for a request opening ("remind me to", "can you add…"), false for "can you …" that asks a
    /// question, nil when the clause does not open with a lead-in.
    private func requestOpening(_ first: Token, dated: Bool) -> Bool? {
        if first.is(.leadInStart), let phrases = Lexicon.leadInsByFirstWord[first.norm] {
            for phrase in phrases where has(phrase, at: 0) || saysLeadIn(phrase) {
                switch phrase {
                case ["can", "you"], ["could", "you"], ["would", "you"], ["to"]:
                    var next = phrase.count
                    if word(next) == "please" { next += 1 }
                    if phrase == ["to"] { return token(next)?.is(.actionVerb) == true ? true : nil }
                    // "can you send me that spreadsheet", "could you cover my lunch duty": asked of someone here, for the
                    // speaker ("can you remind me to…", "can you add my dentist appointment" ask docket).
                    if ["me", "us", "my", "our"].contains(word(next + 1)), !MoodReader.listVerbs.contains(word(next)) { return false }
                    // ("can you scan her insurance card while I…", "could you check the cooler": asked of someone here; docket
                    // is asked to add, put down or remind.)
                    // (With a day or a time it is a reminder asked for: "can you tell me to call mom at 5", "could you book a table
                    // Friday at 7".)
                    // (A lead-in said whole: "could you keep reminding me to…", not "could you keep it down".)
                    let leadIn = token(next)?.is(.leadInStart) == true && Lexicon.leadInsByFirstWord[word(next)]?.contains(where: { has($0, at: next) }) == true
                    return leadIn || MoodReader.requestVerbs.contains(word(next))
                        // ("can you help me remember to…", "can you keep track of my dentist appointment".)
                        || has(["help", "me", "remember"], at: next) || has(["keep", "track", "of"], at: next)
                        || (dated && token(next)?.is(.actionVerb) == true)
                        // ("can you give me a reminder to…", "could you ping me about…".)
                        || (MoodReader.listVerbs.contains(word(next)) && !["help", "tell"].contains(word(next)) && ["me", "us"].contains(word(next + 1)))
                case _ where phrase.count > 2 && (["good", "nice"].contains(phrase[phrase.count - 2]) || phrase[1] == "wonder"):
                    // "it'd be good to get the tires rotated" asks; "it'd be good to see you guys again" is glad.
                    let verb = phrase.count
                    // ("could be good to go": nothing to do.)
                    // ("I wonder if I should be worried", "…tell him": no errand.)
                    let wondered = phrase[1] == "wonder" && ["be", "go", "tell"].contains(word(verb))
                    // ("would be nice to get some sun", "could be good to get out of the house": a wish.)
                    let wish = word(verb) == "get" && ["out", "some", "away"].contains(word(verb + 1))
                    return token(verb)?.is(.actionVerb) == true && !MoodReader.companyVerbs.contains(word(verb)) && !word(verb + 1).isEmpty
                        && !wondered && !wish ? true : nil
                default:
                    return true
                }
            }
        }
        if Lexicon.actionOpeners.contains(where: { has($0, at: 0) }) { return true }
        return nil
    }

    /// How a clause that opens with a wh-word or an auxiliary opens.
    private enum Opening { case question, condition }

    /// `.question` when the clause opens as a question, `.condition` for "when you get home, …".
    private func opening(_ first: String, _ second: String) -> Opening? {
        if MoodReader.whContractions.contains(first) { return .question }
        if MoodReader.whWords.contains(first) {
            if MoodReader.auxiliaries.contains(second) { return .question }
            if first == "how", MoodReader.howFollowers.contains(second) { return .question }
            if first == "who" || first == "what", MoodReader.isFinite(second) { return .question }
            // "who designs these parking lots": a verb's "-s" form after "who".
            if first == "who", second.utf8.count > 3, second.hasSuffix("s"), !second.hasSuffix("'s"), !second.hasSuffix("ss"),
                word(2).isEmpty || MoodReader.subjectStarts.contains(word(2)) || MoodReader.determiners.contains(word(2)) || token(2)?.isCapitalized == true
            {
                return .question
            }
            if first == "what" || first == "which" || first == "whose", any(2...4, in: MoodReader.auxiliaries) {
                return .question
            }
            if first == "what", second == "a" || second == "an" { return nil }
            // "When you get home, …": a clause that sets a condition; read as before.
            return .condition
        }
        if MoodReader.invertingAuxiliaries.contains(first), let next = token(1),
            MoodReader.subjectStarts.contains(next.norm) || next.isCapitalized
        {
            return .question
        }
        // "is lunch at 11:30 today", "does daycare close early on Friday": no task opens with these.
        if MoodReader.questionOnlyOpeners.contains(first), token(1)?.isWord == true { return .question }
        if first == "do" || first == "have" || first == "don't", MoodReader.personalPronouns.contains(second) {
            return .question
        }
        return nil
    }

    /// The mood of a clause whose subject is fused with its verb ("we're out of milk", "I'll call the bank").
    private func fusedStatement(
        _ fused: MoodReader.Fused, subject: String, facts: TaskFacts, scan: SegmentScan
    ) -> NotATaskReason? {
        var next = 1
        while isAdverb(next) { next += 1 }
        let pronoun = String(subject.prefix { $0 != "'" })
        let expletive = MoodReader.expletiveSubjects.contains(pronoun)
        if statesNeed(from: next) { return isOthersObligation(pronoun, from: next, facts: facts) ? .statement : nil }
        switch fused {
        case .will:
            // ("she'll surprise us", "they'll deliver it", "you'll add the eggs next": what others will do is news, or an event
            // with its day.)
            // ("they'll deliver the couch Friday between 8 and 12" is an event of the speaker's.)
            // ("they'll bring the chairs and we'll bring the tables" says what the speaker will do too.)
            if token(next)?.is(.actionVerb) == true && !expletive,
                ["i", "we"].contains(pronoun) || (pronoun == "they" && (facts.date != nil || facts.hasTime))
                    || (next..<max(next, words.count - position)).contains(where: { ["i", "i'll", "we'll", "i'm", "we're", "i've"].contains(word($0)) })
            {
                return nil
            }
        case .have:
            if word(next) == "got", word(next + 1) == "to" { return nil }
        case .would:
            if has(["like", "to"], at: next) || has(["better"], at: next) { return nil }
        case .be:
            // "she's not home": a negated state.
            if (1...next).contains(where: { word($0) == "not" }) { return .statement }
            if has(["going", "to"], at: next), token(next + 2)?.is(.actionVerb) == true, !expletive, pronoun != "that" { return nil }
            if has(["time", "to"], at: next) { return nil }
        }
        if any(next...(next + 3), in: MoodReader.opinionWords) { return .opinion }
        // "We've got a meeting at 3" holds; "I've finished the report" is past.
        if expletive || (MoodReader.isPast(word(next)) && (fused != .have || word(next) != "got")) { return .statement }
        return eventOrStatement(verb: word(next), verbOffset: next, copula: fused == .be, facts: facts, scan: scan)
    }

    /// The mood of a clause with a subject and its verb at `verbAt` ("I went…", "the car needs…").
    private func statement(verbAt verb: Int, subject: String, facts: TaskFacts, scan: SegmentScan) -> NotATaskReason? {
        let verbWord = word(verb)
        // (Not someone else's people's, nobody's, or what is no longer wanted: "his boss wants the report", "nobody wants the
        // budget", "the client no longer wants the quote".)
        if verb > 0, !["i", "we", "you", "his", "her", "their", "nobody", "everybody", "everyone", "no", "someone", "somebody"].contains(subject),
            !(0...(verb + 2)).contains(where: { ["no", "never", "not", "longer", "nobody"].contains(word($0)) }),
            wantsOfSpeaker(from: verb, facts: facts), saidAlone(scan), !Self.whenIsPast(scan)
        {
            return nil
        }
        // "my uncle swore you have to spit on the worm", "my neighbor says you've got to price things in quarters": what
        // someone else holds that anyone must do.
        // ("your mother thinks Grandpa has to quit driving", "the owner thinks we should add avocado toast": what someone else
        // thinks.)
        // ("the vet says Max needs his shots", "Mom said she needs a ride Friday", "my wife thinks we should book the cabin"
        // pass a need on.)
        let ownNeed = ["i", "we"].contains(word(verb + 1))
        let passedOn = ownNeed || statesNeed(from: verb + 1) || facts.date != nil || facts.hasTime
        if MoodReader.claimVerbs.contains(verbWord), !["i", "we"].contains(subject),
            ["you", "you've", "you'd", "you'll"].contains(word(verb + 1)) || (MoodReader.opinionClaims.contains(verbWord) && !ownNeed)
                || (!passedOn
                    && (["he", "she", "they", "he's", "she's", "they're"].contains(word(verb + 1))
                        || (token(verb + 1)?.isCapitalized == true && !word(verb + 1).hasPrefix("i'"))))
        {
            return .statement
        }
        if statesNeed(from: verb) { return isOthersObligation(subject, from: verb, facts: facts) ? .statement : nil }
        if verbWord == "will", token(verb + 1)?.is(.actionVerb) == true,
            MoodReader.personalPronouns.contains(subject)
        {
            return nil
        }
        // "business has been slow this month": how a thing has been is said like how it is.
        if ["has", "have", "had"].contains(verbWord), word(verb + 1) == "been" {
            // "our party has been lost in this dungeon for weeks now": what has been done to it.
            if MoodReader.isPast(word(verb + 2)) { return .statement }
            return eventOrStatement(verb: "been", verbOffset: verb + 1, copula: true, facts: facts, scan: scan)
        }
        // "is going to call", not "is going to be brutal this year": how a thing will be is said like how it is.
        if ["am", "are", "is"].contains(verbWord), has(["going", "to"], at: verb + 1) {
            if word(verb + 3) == "be" { return eventOrStatement(verb: "be", verbOffset: verb + 3, copula: true, facts: facts, scan: scan) }
            if token(verb + 3)?.is(.actionVerb) == true { return nil }
        }
        if any(verb...(verb + 3), in: MoodReader.opinionWords) { return .opinion }
        if MoodReader.expletiveSubjects.contains(subject) { return .statement }
        if MoodReader.isPast(verbWord) { return .statement }
        var content = verb
        while ["will", "would", "can", "could", "is", "are", "am", "be"].contains(word(content)),
            !word(content + 1).isEmpty, !whenFollows(content, scan)
        {
            content += 1
        }
        let copula = ["is", "are", "am", "be", "was", "were"].contains(word(content))
        return eventOrStatement(verb: word(content), verbOffset: content, copula: copula, facts: facts, scan: scan)
    }

    /// Whether `subject` ("he", "she") has to do what is said from `offset` on ("has to work", "needs to finish", "'s got
    /// to be"; not "needs new shoes"), with no day, time or lead-in: someone else's obligation, which is news.
    private func isOthersObligation(_ subject: String, from offset: Int, facts: TaskFacts) -> Bool {
        guard MoodReader.othersOnly.contains(subject) || Lexicon.givenNames.contains(subject), !ledIn else { return false }
        // "Danny's supposed to fix the PA cable before Friday": what someone else is meant to do, with its day too ("Emma's
        // supposed to be picked up at 3" is the speaker's to do).
        if (offset...(offset + 2)).contains(where: {
            word($0) == "supposed" && word($0 + 1) == "to" && !(word($0 + 2) == "be" && MoodReader.isPast(word($0 + 3))) && !arrives(at: $0 + 2)
        }) {
            return true
        }
        guard MoodReader.othersOnly.contains(subject), facts.date == nil, !facts.hasTime else { return false }
        return (offset...(offset + 2)).contains { at in
            ["must", "gotta"].contains(word(at)) || (word(at + 1) == "to" && ["need", "needs", "has", "have", "got", "supposed", "ought"].contains(word(at)))
        }
    }

    /// Whether a "not", "never", "wouldn't" or "won't" follows the word at `offset` ("I promised not to tell", "I said I'd
    /// never go back").
    private func deniedAfter(_ offset: Int) -> Bool {
        ((offset + 1)..<(words.count - position)).contains { ["not", "never", "wouldn't", "won't"].contains(word($0)) }
    }

    /// A need or obligation from `offset` on: "needs", "has to", "is due", "out of", "must", "forgot to".
    func statesNeed(from offset: Int) -> Bool {
        for at in offset...(offset + 2) {
            switch word(at) {
            case "need", "needs", "must", "should", "gotta", "ought", "due", "overdue":
                return true
            case "supposed":
                // "I'm supposed to call", not "it's supposed to snow" or "wind's supposed to pick up".
                if word(at + 1) == "to", !["it's", "it", "that's", "that"].contains(word(at - 1)), !["it", "that"].contains(word(at - 2)),
                    !MoodReader.weatherSubjects.contains(String(word(at - 1).prefix { $0 != "'" })), !MoodReader.weatherSubjects.contains(word(at - 2))
                {
                    return true
                }
            // ("Nina's husband wants to adopt a dog": what someone else wants is news.)
            case "have", "has", "got", "want", "plan", "wanna", "better", "forgot", "meaning", "meant":
                // "we better call", not "the blue one looks better".
                // ("I forgot to renew the permit" is a need of the speaker's, "my mum forgot to book the ferry once" a story.)
                if word(at) == "forgot", at > 0, !["i", "we", "totally", "completely", "almost", "nearly", "clean"].contains(word(at - 1)) { break }
                if word(at + 1) == "to" || word(at) == "wanna" || (word(at) == "better" && token(at + 1)?.is(.actionVerb) == true) { return true }
            case "out":
                // "we're out of milk", "the printer's all out of toner"; not "out of service", "bored out of my mind".
                let before = word(at - 1)
                // (After a possessive or "the", the thing: "out of my pills" is a need, "out of my mind", "out of the oven" are not.)
                let thingAt = MoodReader.possessives.contains(word(at + 2)) || word(at + 2) == "the" ? at + 3 : at + 2
                // (The state ends the phrase: "out of the oven", not "out of the oven cleaner".)
                let state =
                    MoodReader.outOfStates.contains(word(thingAt))
                    && (word(thingAt + 1).isEmpty || commaAfter(thingAt) || MoodReader.adverbs.contains(word(thingAt + 1))
                        || ["again", "already", "yet"].contains(word(thingAt + 1)))
                // ("that bass jumped clean out of the water": out of a place after a verb of moving.)
                if word(at + 1) == "of", !state, !MoodReader.isPast(word(at - 2)),
                    MoodReader.outOfOpeners.contains(before) || MoodReader.subjectContractions[before] == .be || before.hasSuffix("'s")
                        || before == "i'm"
                {
                    return true
                }
            // "we're short of calf milk replacer", "the shop's short of change" (not "short of breath").
            case "short" where word(at + 1) == "of" && !MoodReader.notShortOf.contains(word(at + 2)):
                let before = word(at - 1)
                if ["are", "is", "am", "i'm", "we're"].contains(before) || before.hasSuffix("'s") || before.hasSuffix("'re") { return true }
            case "low", "running", "runs":
                // "running low on", "the printer is running out of toner", "my prescription runs out Friday" (not "running out of
                // time", "running out the door", "he runs out every morning").
                if word(at + 1) == "on" || has(["low", "on"], at: at + 1) { return true }
                if word(at) != "low", word(at + 1) == "out" {
                    if word(at + 2) == "of" { return !MoodReader.spentNotNeeded.contains(word(at + 3)) && !MoodReader.determiners.contains(word(at + 3)) }
                    // (The when itself is read already: look at the words as said.)
                    if let said = rawNext(at + 1), MoodReader.dueSoon.contains(said) || Lexicon.weekdays[said] != nil { return true }
                    // "my blood pressure prescription is running out": a thing's supply ending the clause (not "my patience is
                    // running out", "we're running out").
                    if word(at) == "running", word(at + 2).isEmpty || commaAfter(at + 1), ["is", "are"].contains(word(at - 1)) || word(at - 1).hasSuffix("'s"),
                        at >= 2, !MoodReader.subjectPronouns.contains(word(0)),
                        !(0..<at).contains(where: {
                            MoodReader.spentNotNeeded.contains(word($0)) || MoodReader.runners.contains(String(word($0).prefix { $0 != "'" }))
                        })
                    {
                        return true
                    }
                }
            case "owe":
                // "I owe Jen forty bucks", "I owe him twenty dollars": the speaker's own debt (not "I owe you one", "I owe her big
                // time", "I owe nothing").
                // ("I still owe Aunt Joan a card": an adverb between.)
                let owner = MoodReader.adverbs.contains(word(at - 1)) ? word(at - 2) : word(at - 1)
                if ["i", "we"].contains(owner), !["you", "it", "nothing", "everything"].contains(word(at + 1)) {
                    let amount = token(at + 2).map { ($0.is(.cardinal) || $0.number != nil) && $0.norm != "one" } ?? false
                    if !["him", "her", "them", "us", "me"].contains(word(at + 1)) || amount { return true }
                }
            case "promised":
                // "I promised Dad I'd help him move the couch", "we promised to bring dessert": the speaker's own promise (not "I
                // promised not to tell", "I promised I wouldn't", "I promised my mom I would never do that again").
                // ("I promised my boss the slide deck by Monday": whom, and what.)
                if ["i", "we"].contains(word(at - 1)),
                    ((at + 1)...(at + 3)).contains(where: { ["to", "i'd", "i'll", "we'd", "we'll", "i", "we"].contains(word($0)) })
                        || position + at + 2 < words.count,
                    !deniedAfter(at)
                {
                    return true
                }
            case "told", "said":
                // "I told Grandpa I'd fix his printer", "I said I'll pick up the cake": the speaker's own word given (not "I told
                // him to leave", "I said I'd never go back").
                // ("I told you I'd be late", "I said I'll try", "I told him I'll think about it" give no word to act on.)
                if ["i", "we"].contains(word(at - 1)), word(at + 1) != "you",
                    let fused = ((at + 1)...(at + 3)).first(where: { ["i'd", "i'll", "we'd", "we'll"].contains(word($0)) }),
                    token(fused + 1)?.is(.actionVerb) == true, !MoodReader.unpromisedVerbs.contains(word(fused + 1)), !word(fused + 2).isEmpty,
                    !deniedAfter(at)
                {
                    return true
                }
            case "no":
                // "we have no more freezer bags" (not "no more time", "no more room", "no more plans tonight").
                if word(at + 1) == "more", word(at - 1) == "have", ["we", "i"].contains(word(at - 2)), !word(at + 2).isEmpty,
                    !MoodReader.spentNotNeeded.contains(word(at + 2)), !MoodReader.determiners.contains(word(at + 2)),
                    !["plans", "reason", "reasons", "questions", "school", "homework", "excuse", "choice", "choices", "secrets"].contains(word(at + 2))
                {
                    return true
                }
            case "last":
                // "we're on the last pod of dishwasher tablets", "I'm on my last box of contact lenses".
                // (A supply is of something: not "I'm on my last nerve", "I'm on the last chapter".)
                if ["the", "our", "my"].contains(word(at - 1)), word(at - 2) == "on", ["we're", "i'm"].contains(word(at - 3)),
                    (at + 2...at + 3).contains(where: { word($0) == "of" }), !MoodReader.spentNotNeeded.contains(word(at + 1)),
                    token(at + 1)?.is(.cardinal) != true
                {
                    return true
                }
            case "expires", "expire", "expiring":
                // "my passport expires in August", "the car registration is expiring next month": renewal is due.
                // (Not someone else's, nor an advert's: "his contract expires in June", "this offer expires Sunday".)
                // ("my coupon expires Sunday" is the speaker's own.)
                if let said = rawNext(at), MoodReader.dueSoon.contains(said) || said == "at" || Lexicon.weekdays[said] != nil || Lexicon.months[said] != nil,
                    ["my", "our", "the"].contains(word(0)), !(0..<at).contains(where: { word($0).hasSuffix("'s") }),
                    word(0) != "the" || !(0..<at).contains(where: { MoodReader.advertisedThings.contains(word($0)) })
                {
                    return true
                }
            case "down":
                // "we're down to the last roll of toilet paper", "I'm down to my last contact lens" (not "the Jets are down to
                // their last timeout").
                let speaker = ["we're", "i'm"].contains(word(at - 1)) || (["are", "am"].contains(word(at - 1)) && ["we", "i"].contains(word(at - 2)))
                // (Not "down to the last two episodes", "down to the last minute".)
                if speaker, word(at + 1) == "to", ["the", "our", "my"].contains(word(at + 2)), word(at + 3) == "last",
                    token(at + 4)?.is(.cardinal) != true, token(at + 4)?.number == nil, !MoodReader.spentNotNeeded.contains(word(at + 4))
                {
                    return true
                }
                // "my blood pressure meds are down to three pills", "we're down to two eggs": a count of one's own supply (not
                // "down to two minutes", "the Jets are down to two timeouts").
                let own = ["my", "our"].contains(word(0)) && (["is", "are"].contains(word(at - 1)) || word(at - 1).hasSuffix("'s"))
                if speaker || own, word(at + 1) == "to", token(at + 2).map({ $0.is(.cardinal) || $0.number != nil }) == true,
                    !word(at + 3).isEmpty, !MoodReader.spentNotNeeded.contains(word(at + 3)), NumberReader.unit(word(at + 3)) == nil,
                    ![
                        "timeouts", "outs", "strikes", "points", "players", "votes", "teams", "finalists", "candidates", "percent", "%", "people",
                        "persons", "staff", "members", "guys", "employees", "volunteers", "of",
                    ].contains(word(at + 3))
                {
                    return true
                }
            case "duty", "hook":
                // "I'm on dessert duty for the brunch", "we're on the hook for team snacks" (not "I'm on duty tonight").
                if word(at + 1) == "for", !word(at + 2).isEmpty,
                    (1...3).contains(where: { word(at - $0) == "on" && ["i'm", "we're"].contains(word(at - $0 - 1)) }),
                    word(at) == "hook" ? word(at - 1) == "the" : !["on", "the"].contains(word(at - 1))
                {
                    return true
                }
            case "ran":
                if has(["out", "of"], at: at + 1) { return true }
            case "use":
                // "the bike could use a tune-up", "the lawn could really use a mow": a thing's need (not "I could use a nap").
                if ["could", "can"].contains(word(at - 1)) || (MoodReader.adverbs.contains(word(at - 1)) && ["could", "can"].contains(word(at - 2))),
                    ["a", "an", "some", "new", "fresh"].contains(word(at + 1)), MoodReader.determiners.contains(word(0)) || word(0).hasSuffix("'s"),
                    !MoodReader.personalPronouns.contains(word(0))
                {
                    return true
                }
            default:
                break
            }
        }
        return false
    }

    /// Whether the when said points back ("since about six", "from two years ago"): a statement's, never a due one.
    static func whenIsPast(_ scan: SegmentScan) -> Bool {
        scan.range.contains { index in
            let norm = scan.tokens[index].norm
            return (norm == "ago" && scan.isConsumed(index)) || (norm == "since" && index + 1 < scan.range.upperBound && scan.isConsumed(index + 1))
        }
    }

    /// An event with a day or time stays a task ("the plumber comes Tuesday at 10", "the party is on
    /// Saturday"); otherwise the clause states something.
    private func eventOrStatement(
        verb: String, verbOffset: Int, copula: Bool, facts: TaskFacts, scan: SegmentScan
    ) -> NotATaskReason? {
        let hasDay = facts.date != nil || facts.hasTime
        guard hasDay, !mentionsWeather, !Self.whenIsPast(scan) else { return .statement }
        // "we have no plans tonight", "the plumber isn't coming Tuesday": an event that will not happen.
        // (Right next to the verb: "the recital is Friday at 6, not Thursday" corrects its day.)
        let verbToken = position + verbOffset < words.count ? words[position + verbOffset] : nil
        let beside = verbToken.map { index in [index - 1, index + 1].filter { tokens.indices.contains($0) }.map { tokens[$0].norm } } ?? []
        if beside.contains(where: { ["no", "not", "never"].contains($0) }) || MoodReader.negatedForms.contains(verb) {
            return .statement
        }
        if MoodReader.eventVerbs.contains(verb) { return nil }
        // "Lily's passport expires in June": a deadline, said as the whole note ("fishing license expires this month, renew
        // it online" says what to do about it).
        // (Only a paper or a pass the speaker renews: "his contract expires in June" is news.)
        if ["expire", "expires", "expiring"].contains(verb), saidAlone(scan), !["his", "her", "their"].contains(word(0)),
            (0..<verbOffset).contains(where: { MoodReader.renewedThings.contains(word($0)) })
        {
            return nil
        }
        if copula || verbOffset == 0, whenFollows(verbOffset, scan) { return nil }
        return .statement
    }
}
