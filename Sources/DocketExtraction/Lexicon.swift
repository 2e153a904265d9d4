/// The words the extractor knows, in one place so rules can grow without touching the recognisers.
///
/// Every entry is lower-case, as in `Token.norm`. Phrases are arrays of words.
enum Lexicon {
    // MARK: Abbreviations (tokenizer)

    /// Words whose following dot is part of the word, not a sentence end ("Dr. Smith").
    static let titleAbbreviations: Set<String> = [
        "dr", "mr", "mrs", "ms", "st", "jr", "sr", "prof", "vs", "approx", "appt", "dept", "ave", "mt",
    ]

    /// Month abbreviations and their numbers ("Dec 1", "Sept. 3").
    static let monthAbbreviations: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
        "nov": 11, "dec": 12,
    ]

    // MARK: Calendar words

    /// Month names (full and abbreviated) and their numbers.
    static let months: [String: Int] = {
        var months: [String: Int] = [
            "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
            "september": 9, "october": 10, "november": 11, "december": 12,
        ]
        months.merge(monthAbbreviations) { first, _ in first }
        return months
    }()

    /// Weekday names, Monday = 0 … Sunday = 6.
    static let weekdays: [String: Int] = [
        "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
    ]

    /// Weekday abbreviations ("Fri", "Tues"), Monday = 0 … Sunday = 6.
    static let weekdayAbbreviations: [String: Int] = [
        "mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5,
        "sun": 6,
    ]

    /// Abbreviations that are no other English word.
    static let clearWeekdayAbbreviations: Set<String> = ["tue", "tues", "weds", "thu", "thur", "thurs", "fri"]

    /// Words after which "Mon", "Wed", "Sat" and "Sun" are weekdays ("on Sat", "next Sun").
    static let weekdayAbbreviationIntroducers: Set<String> = [
        "on", "next", "this", "last", "by", "until", "till", "before", "due", "every", "coming", "each", "from", "and", "to",
        "through", "thru",
    ]

    /// Plural weekdays ("on Mondays"), Monday = 0 … Sunday = 6.
    static let pluralWeekdays: [String: Int] = [
        "mondays": 0, "tuesdays": 1, "wednesdays": 2, "thursdays": 3, "fridays": 4, "saturdays": 5, "sundays": 6,
    ]

    /// RRULE day codes, Monday = 0 … Sunday = 6.
    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    // MARK: Numbers in words

    /// Cardinal numbers said in words, including hyphenated compounds ("twenty-five").
    static let cardinals: [String: Int] = {
        let units = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        var table: [String: Int] = [
            "zero": 0, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
            "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
        ]
        for (offset, unit) in units.enumerated() { table[unit] = offset + 1 }
        for (tensWord, tens) in [
            ("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60), ("seventy", 70), ("eighty", 80),
            ("ninety", 90),
        ] {
            table[tensWord] = tens
            for (offset, unit) in units.enumerated() { table[tensWord + "-" + unit] = tens + offset + 1 }
        }
        return table
    }()

    /// Tens that may be followed by a unit word ("twenty five").
    static let tens: Set<String> = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// Ordinals said in words up to 31, including "twenty-first" (and "twenty first" is read by the caller).
    static let ordinals: [String: Int] = {
        let unitOrdinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
        var table: [String: Int] = [
            "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
            "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
            "thirtieth": 30,
        ]
        for (offset, word) in unitOrdinals.enumerated() {
            table[word] = offset + 1
            table["twenty-" + word] = 21 + offset
        }
        table["thirty-first"] = 31
        return table
    }()

    /// Ordinals a unit ordinal may follow as a separate word ("twenty first").
    static let ordinalTens: [String: Int] = ["twenty": 20, "thirty": 30]

    // MARK: Splitting

    /// Phrases that always start a new task ("also", "and then", "another thing").
    static let splitters: [[String]] = [
        ["and", "also"], ["and", "then"], ["and", "after", "that"], ["and", "another", "thing"],
        ["and", "one", "more", "thing"], ["after", "that"], ["another", "thing"], ["next", "thing"], ["one", "more", "thing"],
        ["also"], ["then"], ["plus"], ["next"],
    ]

    /// Ordinal lead-ins that start a new task at the start of a clause ("first", "secondly", "number two").
    static let ordinalLeadIns: Set<String> = [
        "first", "firstly", "second", "secondly", "third", "thirdly", "fourth", "fourthly", "fifth", "fifthly",
        "lastly", "finally",
    ]

    /// Words after which "also" is an adverb, not a new task ("I also need to").
    static let alsoAdverbContext: Set<String> = [
        "i", "we", "you", "to", "i'll", "we'll", "should", "must", "will", "can", "need", "please", "and", "i'd",
        "would", "could", "might", "gotta",
    ]

    /// Words after which "then" is not a new task ("by then").
    static let thenNonSplitContext: Set<String> = ["by", "until", "till", "since", "before", "from", "and", "just"]

    // MARK: Verbs

    /// Verbs that are no task without their object ("call", "book"): a full stop right after one is a pause.
    static let transitiveVerbs: Set<String> = [
        "call", "email", "text", "message", "phone", "ring", "buy", "order", "book", "schedule", "contact", "ask", "tell",
        "pay", "send", "return", "cancel", "renew", "fix", "visit", "invite", "thank", "mail", "print", "bring", "get", "pick",
        "grab", "feed", "water", "wash", "clean", "update", "submit", "file", "sign", "review", "finish", "write", "walk",
        "mow", "vacuum", "pack", "fill", "refill", "drop", "meet", "see", "find",
    ]

    /// Imperative verbs that start an action on their own ("and call mom").
    static let actionVerbs: Set<String> = Set<String>([
        "fuel", "rekey", "handle", "baste", "herd", "waive", "berth", "bale", "bait", "tie", "loan", "plane", "counsel", "route", "dye", "seed",
        "call", "buy", "swing", "deal", "send", "pay", "schedule", "finish", "write", "fix", "renew", "cancel", "submit", "prepare",
        "take", "feed", "get", "make", "wash", "meet", "remind", "ask", "tell", "bring", "go", "grab", "pick", "hand",
        "drop", "do", "confirm", "reply", "respond", "follow", "set", "put", "move", "sign", "read", "update",
        "pack", "organize", "organise", "sort", "download", "upload", "install", "rsvp", "register", "apply",
        "reach", "find", "look", "research", "invite", "deposit", "withdraw", "transfer", "collect", "borrow",
        "replace", "vacuum", "mop", "sweep", "tidy", "bake", "rent", "hire", "start", "stop", "try", "remember",
        "give", "leave", "keep", "deliver", "dry", "arrive", "shorten", "alter", "lengthen", "help", "visit", "see", "listen", "learn", "practice", "practise",
        "study", "finalize",
        "finalise", "draft", "edit", "proofread", "forward", "share", "publish", "merge", "deploy", "pick", "buy",
        "email", "e-mail", "text", "order", "book", "review", "return", "water", "walk", "clean", "check",
        "mail", "ship", "file", "plan", "test", "paint", "shop", "iron", "dust", "charge", "phone", "message",
        "post", "change", "cut", "trim", "fill", "print", "cook", "watch", "repair", "contact", "unload", "load",
        "empty", "refill", "restock", "pickup", "fetch", "arrange", "attend", "backup", "buy", "close", "open",
        "run", "print", "defrost", "thaw", "sew", "mow", "rake", "shovel", "recycle", "donate", "sell", "list",
        "measure", "clear", "buy", "feed", "wrap", "ring", "dm", "ping", "notify", "inform", "thank", "congratulate",
        "reserve", "reschedule", "rebook", "prep", "chop", "fold", "hang", "lock", "unlock", "host", "verify", "sync",
        "archive", "teach", "scan", "shred", "fax", "wipe", "scrub", "polish", "vote", "pray", "exercise", "stretch",
        "call", "ask", "talk", "speak", "discuss", "decide", "figure", "think", "choose", "pickup", "drive", "fly",
        "swap", "return", "renew", "sort", "rinse", "soak", "mend", "patch", "refund", "claim", "cash", "join",
        "dispute", "complete", "upgrade", "unpack", "throw", "bathe", "floss", "record", "brush", "turn", "switch", "shut",
        "hide", "carve", "stir", "flip", "decorate", "rehearse", "wax", "tune", "plant", "prune", "light", "present", "volunteer",
        "wear", "highlight", "staple", "service", "pop", "underline", "laminate", "frame", "glue", "tape", "wrap",
        "grill", "enroll", "enrol", "demo", "pitch", "brainstorm", "roast", "smoke", "marinate", "season",
        "repaint", "reseal", "restain", "refinish", "redo", "rewrite", "reorganize", "reorder", "rewire", "recharge", "reinstall",
        "repot", "reupholster", "resubmit", "resend", "recheck", "reheat", "restart", "reset", "reboot",
        "insulate", "winterize", "caulk", "weed", "fertilize", "aerate", "declutter", "hem", "iron", "polish", "sand", "varnish",
        "stain", "seal", "grout", "unclog", "descale", "sharpen", "oil", "inflate", "jump-start", "detail", "vaccinate", "groom",
        "facetime", "venmo", "zelle", "salt", "google", "slack", "skype", "whatsapp", "weigh", "measure", "stretch", "meditate", "journal",
        "include", "sanitize", "disinfect", "spackle", "rotate", "align", "uninstall", "notarize", "photocopy",
        "deworm", "wean", "advertise", "nudge",
        "warn", "apologize", "attach", "revise", "memorize", "onboard",
        "sublet", "evict", "inspect", "reconcile", "discard", "replenish", "cc", "bcc", "double-check", "doublecheck", "recheck", "quit", "blow",
        "pull", "push", "lift", "carry", "drag", "unplug", "tighten", "loosen", "assemble", "build", "dig", "uncover",
        "sprinkle", "flush", "detach", "fasten", "untie", "knit", "crochet", "sketch", "draw",
        "photograph", "resize", "convert", "dictate", "translate", "summarize",
        "transcribe", "calculate", "compute", "compare", "locate", "trace", "jot", "enter", "conclude", "proceed", "begin", "introduce", "announce", "promote",
        "negotiate", "accept", "decline", "reject",
        "approve", "deny", "authorize", "validate", "certify", "subscribe", "unsubscribe", "resign", "recruit", "explain",
        "describe", "clarify", "nominate", "appoint", "assign", "delegate", "distribute", "allocate", "divide", "gather",
        "greet", "entertain", "pour", "knead", "broil", "fry", "saute", "boil", "simmer", "microwave",
        "freeze", "refrigerate", "chill", "melt", "peel", "slice", "mince", "grate", "examine", "assess",
        "evaluate", "calibrate", "recalibrate", "sieve", "sift", "spread", "top", "touch", "stake", "provide", "heft", "add", "shelve", "restring", "restitch",
        "reshoe", "reline", "rehydrate",
        "hot-knife",
        "degrease", "recover",
        // Trades' verbs that are no things.
        "adjust", "anneal", "blanch", "braise", "braze", "deglaze", "dispense", "embroider", "emboss", "julienne", "launder",
        "overseed", "postpone", "lend", "prescribe", "quench", "rebuild", "reface", "refit", "reglaze", "regrease", "rehang", "repack",
        "replumb", "repoint", "reroof", "reseat", "reskin", "resolder", "resurface", "retread", "recane", "scarify", "sear", "sow",
        "upholster", "digitise", "digitize", "decant", "poach", "garnish", "strim", "deadhead", "pollard", "hollow-tine",
        "verti-drain", "top-dress", "french-polish",
    ]).union(nounFirstVerbs)

    /// Words for family the speaker names by kin ("Mum", "Gran").
    static let kinWords: Set<String> = ["mum", "mom", "dad", "nan", "gran", "grandma", "grandad", "grandpa"]

    /// Verbs said after a word for how, by that word: "stitch weld the trailer floor", "power wash the patio", "carb load".
    static let compoundVerbs: [String: Set<String>] = [
        "power": ["wash", "clean", "sand"], "pressure": ["wash", "clean", "test"], "jet": ["wash"], "steam": ["clean"],
        "spot": ["weld", "clean", "check", "treat"], "stitch": ["weld"], "tack": ["weld"], "mig": ["weld"], "tig": ["weld"],
        "blind": ["emboss", "bake"], "kiss": ["print", "cut"], "foam": ["roll"], "carb": ["load"], "dry": ["fit", "hop", "brush", "clean"],
        "cold": ["crash", "call"], "meal": ["prep"], "batch": ["cook"], "spring": ["clean"], "hand": ["wash", "sew", "stitch"],
        "spray": ["paint"], "shrink": ["wrap"], "gift": ["wrap"], "pan": ["fry"], "deep": ["fry"], "stir": ["fry"], "slow": ["cook"],
        "fact": ["check"], "spell": ["check"], "sense": ["check"], "sanity": ["check"], "stress": ["test"], "load": ["test"],
        "smoke": ["test"], "soft": ["boil"], "hard": ["boil"], "wet": ["sand"], "flat": ["pack"], "french": ["polish"],
        "hot": ["glue"], "fillet": ["braze", "weld"], "vacuum": ["seal", "pack"], "proof": ["read"], "speed": ["read"], "sweat": ["solder"],
    ]

    /// Verbs that are also common nouns or adjectives ("water", "book", "clean towels"): they start an action
    /// after "and"/"," only when an object follows ("and water the plants").
    static let nounLikeVerbs: Set<String> = Set<String>([
        "water", "walk", "text", "email", "e-mail", "message", "order", "book", "review", "return", "mail", "ship", "hand",
        "file", "plan", "test", "paint", "shop", "iron", "dust", "charge", "clean", "check", "phone", "post",
        "list", "change", "cut", "trim", "fill", "print", "cook", "watch", "ring", "run", "close", "open", "empty",
        "load", "backup", "clear", "dm", "ping", "study", "practice", "draft", "help", "set", "leave", "rent",
        "sort", "look", "stop", "start", "transfer", "deposit", "research", "wrap", "pickup", "thank", "host",
        "patch", "claim", "cash", "exercise", "stretch", "fly", "scan", "fax", "polish", "lock", "swap", "hang",
        "record", "brush", "turn", "switch", "shut", "plant", "light", "present", "volunteer", "flip", "wax", "tune",
        "service", "pop", "frame", "glue", "tape", "highlight", "staple", "grill", "demo", "pitch", "roast", "smoke",
        "season", "salt", "stain", "seal", "grout", "oil", "detail", "sand", "groom", "google", "slack", "skype", "whatsapp", "zelle",
        "venmo", "facetime", "weed", "top", "touch", "stake",
    ]).union(nounFirstVerbs)

    /// Verbs that are a whole action without an object ("stretch and do vocal warmups" is two tasks).
    static let verbsWithoutObject: Set<String> = [
        "stretch", "exercise", "meditate", "journal", "rest", "nap", "relax", "run", "swim", "jog", "stop", "wait", "go", "come",
        "leave", "start", "study", "pray", "vote", "shop", "sleep", "work", "hurry", "floss", "practice", "practise",
    ]

    /// A verb and its particle that are a whole action without an object ("sweep up and restock the bar" is two tasks).
    static let phrasalWithoutObject: Set<[String]> = [
        ["sweep", "up"], ["tidy", "up"], ["clean", "up"], ["wash", "up"], ["lock", "up"], ["clear", "up"], ["mop", "up"],
        ["warm", "up"], ["cool", "down"], ["log", "off"], ["wind", "down"], ["hoover", "up"],
    ]

    /// Two words joined by "and" that are said as one thing or one action ("show and tell", "copy and paste").
    static let andPairs: Set<[String]> = [
        ["show", "tell"], ["copy", "paste"], ["cut", "paste"], ["wash", "fold"], ["pick", "choose"], ["hide", "seek"], ["meet", "greet"],
        ["park", "ride"], ["rock", "roll"], ["trial", "error"], ["wear", "tear"], ["stop", "go"], ["grab", "go"], ["sip", "paint"],
        ["bag", "tag"],
    ]

    /// The parts of the day said after a day or an hour ("Thanksgiving morning", "at 9 at night").
    static let dayParts: Set<String> = ["morning", "afternoon", "evening", "night"]

    /// Verbs of getting in touch, which a speaker may give up for another after a filler ("call, uh, text Ben").
    static let contactVerbs: Set<String> = ["call", "text", "email", "e-mail", "message", "phone", "ring", "dm", "ping", "write"]

    /// Verbs that are mostly said as nouns ("box cutters", "copy paper", "drill bits", "label tape"): they start an action
    /// only before a determiner ("and box the books", "label the jars") or a name or number, and never capitalised in a
    /// sentence ("Sarah and Bill").
    static let nounFirstVerbs: Set<String> = [
        "resume", "monitor", "drain", "chase", "spray", "paste", "extract", "launch", "dice", "whisk", "crop", "compress",
        "harvest",
        "bleach", "prime", "clip", "price", "invoice", "bill", "quote", "estimate", "label", "alert", "outline", "interview",
        "lease", "exchange", "appeal", "report", "audit", "tally", "compost", "toss", "haul", "purchase", "microchip", "grade",
        "mentor", "tutor", "stack", "store", "plug", "screw", "drill", "nail", "hammer", "cover", "treat", "mulch", "split", "box",
        "bag", "hose", "mount", "hook", "tie", "zip", "color", "film", "copy", "chart", "graph", "track", "log", "pause", "stamp",
        "pool", "mix", "blend", "steam", "toast", "taste", "sample", "count", "drink", "answer", "brine", "tag", "mark",
        "flag", "index", "grease", "fit", "bottle", "dump", "spin", "solder", "transpose", "autoclave", "pierce", "rehouse", "re-house", "process", "bleed",
        "strip",
        // Trades' verbs that are things too.
        "bolt", "button", "wire", "pin", "string", "stitch", "weld", "cap", "cure", "drench", "dredge", "glaze", "graft",
        "grind", "hone", "inject", "lacquer", "mask", "pave", "plaster", "plumb", "pleat", "purge", "putty", "rasp", "rig",
        "shear", "shim", "skim", "spike", "splint", "swab", "tack", "thread", "tile", "trowel", "tuft", "vent", "whet", "bandage",
        "brace", "clamp", "crate", "engrave", "gild", "suture", "tension", "rivet", "chisel", "coppice", "dress", "roll",
    ]

    /// Verbs that are also adjectives before a noun ("clean towels", "open house", "cut flowers"): verbs only before an
    /// object starter.
    static let adjectivalVerbs: Set<String> = [
        "clean", "clear", "empty", "open", "close", "cut", "set", "lock", "patch", "post", "complete", "dry",
    ]

    /// Words after a verb that is also a noun that are no bare object of it ("check if", "water daily").
    static let bareObjectStops: Set<String> = [
        "and", "or", "but", "if", "is", "are", "was", "were", "will", "would", "can", "could", "should", "too", "again",
        "daily", "weekly", "monthly", "yearly", "first", "later", "soon", "now", "please", "instead", "then", "also",
        "tomorrow", "tonight", "today", "asap", "urgent", "every", "each", "here", "there", "done", "only", "just",
        "of", "as", "than", "so", "not", "s", "'s",
    ]

    /// Nouns a verb that is also a noun often names the kind of ("water bottles", "book club"): after "and" or a comma
    /// they are one more thing of a list, not a new action.
    static let nounCompounds: [String: Set<String>] = [
        "water": [
            "bottle", "bottles", "filter", "filters", "heater", "softener", "jug", "jugs", "bill", "balloons", "pitcher",
            "crackers", "guns", "bowl", "bowls", "shoes", "park", "damage", "pipes", "tank", "colors", "shield", "main", "line",
            "lines", "pressure", "meter",
        ],
        "book": ["club", "bag", "bags", "shelf", "shelves", "report", "ends", "fair", "store", "cover", "covers", "list", "lights"],
        "text": ["book", "books", "message", "messages"],
        "email": ["address", "addresses", "list", "thread", "signature"],
        "order": ["form", "forms", "number", "confirmation", "status"],
        "file": ["folder", "folders", "cabinet", "box", "boxes", "names"],
        "test": ["results", "tubes", "strips", "kit", "kits", "scores", "drive", "prep"],
        "paint": ["brush", "brushes", "roller", "rollers", "tape", "thinner", "samples", "chips", "cans", "colors", "pens"],
        "shop": ["vac", "towels", "owner", "lights"],
        "iron": ["supplements", "pills", "skillet", "board"],
        "dust": ["pan", "pans", "cloths", "mop", "jacket", "covers", "bags", "masks"],
        "charge": ["cable", "cables", "card"],
        "check": ["book", "books", "list"],
        "phone": ["case", "cases", "charger", "chargers", "bill", "number", "numbers", "call", "calls", "stand", "mount"],
        "print": ["cartridge", "cartridges", "paper", "ink", "shop"],
        "cook": ["book", "books", "ware"],
        "watch": ["band", "bands", "strap", "straps", "battery", "batteries"],
        "ring": ["size", "light", "lights", "box"],
        "run": ["shoes"],
        "backup": ["drive", "drives", "battery", "batteries", "plan", "generator"],
        "study": ["guide", "guides", "group", "hall", "session", "notes", "materials"],
        "practice": ["test", "tests", "session", "sessions", "room", "balls"],
        "help": ["desk"],
        "leave": ["form", "request", "balance"],
        "rent": ["check", "payment", "money"],
        "stop": ["sign", "watch"],
        "light": ["bulb", "bulbs", "fixture", "fixtures", "switch", "switches", "show", "rail"],
        "plant": ["food", "pot", "pots", "stand", "stands", "based"],
        "record": ["player", "store", "collection"], "brush": ["fire"], "flip": ["flops", "phone", "side"],
        "start": ["date", "time", "button"],
        "deposit": ["slip", "slips", "box"],
        "research": ["paper", "papers", "project", "proposal", "notes"],
        "wrap": ["paper", "ribbon"],
        "pickup": ["truck", "time", "times", "order"],
        "thank": ["you"],
        "claim": ["form", "forms", "number"],
        "cash": ["register", "back"],
        "exercise": ["bike", "ball", "mat", "mats", "book", "bands"],
        "stretch": ["bands", "pants"],
        "fly": ["swatter", "paper", "spray"],
        "fax": ["machine", "number", "cover"],
        "polish": ["remover"],
        "walk": ["times"],
        "mail": ["box", "boxes", "carrier", "slot", "room"],
        "message": ["board"],
        "swap": ["meet"],
        "hang": ["tags"],
        "trim": ["kit"],
        "fill": ["dirt"],
        "draft": ["beer", "copy", "version"],
        "plan": ["b"],
        "list": ["price", "prices"],
        "change": ["purse", "table", "request", "log"],
        "review": ["copies", "session"],
        "return": ["label", "labels", "policy", "address", "flight", "trip"],
        "ship": ["date"],
        "host": ["gift", "gifts"],
        "load": ["balancer"],
        "scan": ["results"],
        "transfer": ["form", "fee"],
        "dm": [],
        "ping": ["pong"],
        "sort": ["code"],
        "look": [],
        "cut": [],
    ]

    /// The prepositions and particles among ``objectStarters``.
    static let particles: Set<String> = ["up", "out", "back", "off", "down", "over", "in", "on", "to", "for", "about", "with", "home"]

    /// Words that begin a verb's object or particle ("water the plants", "call her", "pick up").
    static let objectStarters: Set<String> = [
        "the", "a", "an", "my", "our", "his", "her", "their", "your", "its", "this", "that", "these", "those",
        "some", "all", "him", "them", "it", "me", "us", "up", "out", "back", "off", "down", "over", "in", "on",
        "to", "for", "about", "with", "mom", "dad", "mum", "home", "everyone", "everybody", "someone",
        "grandma", "grandpa", "whoever", "both", "more", "another", "extra", "new", "fresh",
    ]

    // MARK: Lead-ins, fillers, chatter

    /// Phrases stripped from the start of a title ("remind me to", "I need to", "note to self").
    static let leadIns = alwaysLeadIns + commaLeadIns

    /// Lead-ins wherever they open a title.
    static let alwaysLeadIns: [[String]] = [
        ["remind", "me", "that", "i", "need", "to"], ["remind", "me", "that", "i", "have", "to"],
        ["remind", "me", "to"], ["remind", "me", "too"], ["remind", "me", "about"], ["remind", "me", "that"], ["remind", "me"],
        ["i", "need", "to"], ["i", "have", "to"], ["i've", "got", "to"], ["i", "have", "got", "to"],
        ["i", "got", "to"], ["i", "gotta"], ["i", "should"], ["i", "must"], ["i", "want", "to"],
        ["i'd", "like", "to"], ["i", "would", "like", "to"], ["i'll", "need", "to"], ["i", "will", "need", "to"],
        ["i", "ought", "to"], ["i'm", "going", "to"], ["i'm", "gonna"], ["i", "am", "going", "to"], ["i", "am", "gonna"],
        ["we", "need", "to"], ["we", "have", "to"], ["we've", "got", "to"], ["we", "gotta"], ["we", "should"], ["we", "ought", "to"], ["i'd", "better"],
        ["we'd", "better"],
        ["i", "better"], ["we", "better"], ["we", "must"],
        ["don't", "forget", "to"], ["do", "not", "forget", "to"], ["don't", "let", "me", "forget", "to"],
        ["make", "sure", "to"], ["make", "sure", "that", "i"], ["make", "sure", "i"], ["make", "sure", "we"],
        ["add", "a", "task", "to"], ["add", "a", "reminder", "to"], ["add", "a", "todo", "to"],
        ["add", "a", "to-do", "to"], ["add", "task"], ["add", "a", "task"], ["add", "to", "my", "list"],
        ["add", "to", "the", "list"], ["add", "to", "my", "to-do", "list"], ["add", "to", "my", "todo", "list"],
        ["set", "a", "reminder", "for", "me", "to"], ["set", "a", "reminder", "to"], ["set", "a", "reminder", "for"], ["set", "a", "reminder"],
        ["create", "a", "task", "to"], ["new", "task"],
        ["note", "to", "self"], ["todo"], ["to-do"], ["to", "do"], ["task"], ["reminder"],
        ["need", "to"], ["have", "to"], ["got", "to"], ["gotta"], ["please"], ["can", "you"], ["could", "you"],
        ["i", "also", "need", "to"], ["i", "guess"], ["i", "think"], ["remember", "to"], ["to"],
        ["i", "forgot", "to"], ["we", "forgot", "to"], ["i", "almost", "forgot", "to"], ["i", "keep", "forgetting", "to"],
        ["i've", "gotta"], ["we've", "gotta"], ["make", "a", "note", "to"], ["be", "sure", "to"], ["i'm", "supposed", "to"],
        ["we're", "supposed", "to"], ["i", "was", "supposed", "to"], ["i've", "been", "meaning", "to"], ["i", "meant", "to"],
        ["i", "can't", "forget", "to"], ["we", "can't", "forget", "to"],
        ["it's", "time", "to"], ["it", "is", "time", "to"], ["it", "might", "be", "time", "to"], ["it", "may", "be", "time", "to"],
        ["it'd", "be", "smart", "to"], ["it", "would", "be", "smart", "to"], ["it's", "about", "time", "to"], ["it's", "high", "time", "to"],
        ["it'd", "be", "a", "good", "idea", "to"], ["it", "would", "be", "a", "good", "idea", "to"],
        ["it", "might", "be", "a", "good", "idea", "to"], ["i", "might", "want", "to"],
        ["we", "might", "want", "to"], ["let's", "not", "forget", "to"], ["let's", "remember", "to"],
        ["might", "be", "time", "to"], ["may", "be", "time", "to"], ["i", "oughta"], ["we", "oughta"], ["oughta"],
        ["it", "might", "make", "sense", "to"], ["it", "would", "make", "sense", "to"], ["it'd", "make", "sense", "to"],
        ["it", "may", "make", "sense", "to"], ["it'd", "be", "good", "to"], ["it", "would", "be", "good", "to"],
        ["would", "be", "good", "to"], ["could", "be", "good", "to"], ["it", "could", "be", "good", "to"], ["might", "be", "good", "to"],
        ["it", "might", "be", "good", "to"], ["it'd", "be", "nice", "to"], ["it", "would", "be", "nice", "to"], ["would", "be", "nice", "to"],
        ["might", "be", "nice", "to"], ["it", "might", "be", "nice", "to"], ["would", "you"], ["can", "i", "get", "a", "reminder", "to"],
        ["could", "i", "get", "a", "reminder", "to"], ["i", "wonder", "if", "i", "should"],
        ["it", "might", "be", "smart", "to"], ["it", "may", "be", "smart", "to"], ["it", "might", "be", "wise", "to"],
        ["i", "want", "a", "reminder", "to"], ["i'd", "like", "a", "reminder", "to"], ["i", "need", "a", "reminder", "to"],
        ["i'm", "required", "to"], ["i", "am", "required", "to"], ["we're", "required", "to"],
        ["it's", "on", "me", "to"], ["it's", "up", "to", "me", "to"], ["could", "be", "a", "good", "idea", "to"],
        ["might", "be", "a", "good", "idea", "to"], ["would", "be", "a", "good", "idea", "to"],
        ["keep", "reminding", "me", "to"], ["put", "down", "that", "i", "should"], ["put", "down", "that", "we", "should"],
        ["put", "down", "that", "i", "need", "to"], ["put", "down", "that", "we", "need", "to"], ["put", "down", "that", "i", "have", "to"],
        ["put", "down", "that", "we", "have", "to"], ["put", "down", "that", "i", "must"], ["ping", "me", "to"],
        ["nudge", "me", "to"], ["give", "me", "a", "nudge", "to"],
    ]

    /// Lead-ins that end in "and" ("go ahead and book the flights"): no task of their own, left out of the title.
    static let andLeadIns: [[String]] = [
        ["go", "ahead", "and"], ["be", "sure", "and"], ["make", "sure", "and"], ["go", "and"], ["come", "and"], ["hurry", "up", "and"],
        ["hurry", "and"], ["go", "out", "and"], ["run", "out", "and"], ["pop", "out", "and"],
    ]

    /// Lead-ins only before a comma and an action ("don't forget, call the landlord"); before an object they are the
    /// task ("don't forget the receipts", "remember the milk").
    static let commaLeadIns: [[String]] = [["don't", "forget"], ["do", "not", "forget"], ["remember"], ["don't", "let", "me", "forget"]]

    /// Phrases that open a new action but stay in its title ("…, and don't forget the receipts").
    static let actionOpeners: [[String]] = [["don't", "forget"], ["do", "not", "forget"], ["don't", "let", "me", "forget"]]

    /// Lead-ins indexed by first word.
    static let leadInsByFirstWord: [String: [[String]]] = index(leadIns)

    /// Adverbs that may sit inside a lead-in without breaking it ("I really need to", "I also have to").
    static let leadInAdverbs: Set<String> = [
        "also", "really", "just", "definitely", "still", "absolutely", "then", "probably", "maybe", "actually",
        "seriously", "totally", "quickly",
    ]

    /// The first words of ``titleOpeners``.
    static let titleOpenerStarts: Set<String> = Set(titleOpeners.map { $0[0] })

    /// Words of will before an action, left out of its title ("I'll order the pizza", "let's book the venue"), and the
    /// lead-ins that end in "and".
    static let titleOpeners: [[String]] =
        [["i'll"], ["i", "will"], ["we'll"], ["we", "will"], ["let's"], ["lets"], ["let", "us"]] + andLeadIns

    /// Words at the very start of a title that carry no meaning ("okay so", "well", "actually").
    static let discourseWords: Set<String> = [
        "okay", "ok", "so", "alright", "well", "right", "oh", "hey", "um", "uh", "er", "erm", "uhm", "hmm", "mm",
        "yeah", "yes", "now", "and", "but", "actually", "anyway", "anyways", "alrighty", "hi", "hello", "honestly", "frankly",
        "nope", "yep", "yup", "nah", "eh", "basically", "aye", "ah",
        "apparently", "realistically", "ideally", "hopefully", "obviously", "luckily", "unfortunately", "fortunately",
        "thankfully", "sadly", "seriously", "literally", "evidently", "supposedly", "technically", "truthfully", "admittedly",
        "personally", "surprisingly", "interestingly", "unsurprisingly", "oddly", "weirdly", "naturally", "presumably",
    ]

    /// Single-word fillers removed anywhere ("um", "basically").
    static let fillers: Set<String> = ["um", "uh", "er", "erm", "uhm", "umm", "uhh", "hmm", "basically", "mm"]

    /// Hedges removed from a title anywhere ("send the emails today, if possible"), longest first.
    static let hedges: [[String]] = [
        ["if", "at", "all", "possible"], ["if", "possible"], ["when", "possible"], ["where", "possible"], ["if", "you", "can"],
        ["ideally"], ["hopefully"], ["preferably"],
    ]
    /// The first words of `hedges`.
    static let hedgeStarts: Set<String> = Set(hedges.map { $0[0] })

    /// Whole segments that are chatter, not tasks (including Whisper's hallucinations on silence).
    static let chatter: Set<String> = Set<String>([
        "okay", "ok", "so", "let me think", "that's it", "that is it", "that's all", "that is all", "thanks",
        "thank you", "thank you very much", "thank you so much", "thanks a lot", "bye", "bye-bye", "bye bye",
        "goodbye", "thank you for watching", "thanks for watching", "thank you so much for watching",
        "thank you for listening", "thanks for listening", "you", "please subscribe", "like and subscribe",
        "see you next time", "i'll see you next time", "see you", "i think that's it", "i think that's all",
        "that's everything", "that's all for now", "that's it for now", "done", "all done", "end of note",
        "end note", "hello", "hi", "hey", "um", "uh", "hmm", "let's see", "let me see", "where was i", "alright",
        "all right", "right", "yeah", "yes", "no", "oh", "well", "anyway", "good", "great", "cool", "perfect",
        "so yeah", "okay so", "ok so", "i guess that's it", "nothing else", "that should be it", "let's go",
        "okay that's it", "ok that's it", "okay that's all", "ok that's all", "alright that's it", "and that's it", "and that's all",
        "testing", "testing testing", "test", "one two three", "mm-hmm", "uh-huh", "so um", "hmm okay",
        "oh my god", "my god", "oh my gosh", "no way", "see you later", "see you soon", "see you tomorrow",
        "have a good one", "have a good day", "have a nice day", "have a great day", "have fun", "fair enough",
        "take care", "not really", "me too", "me neither", "of course", "no problem", "no worries", "good night",
        "good morning", "sure", "sure thing", "got it", "i see", "oh well", "by the way", "btw", "what else",
        "let me see what else", "two things", "three things", "a few things", "two or three things", "three or four things",
        "quick brain dump", "brain dump", "one more brain dump", "another brain dump", "let me get this out of my head",
        "let me get this down", "let me get this down quick", "let me plan", "let me dump this", "quickly", "here we go",
        "i keep meaning to do these", "get it over with", "just to get it over with", "a couple things", "a couple of things",
        "couple things", "couple of things", "a few more things", "some things", "thanks so much", "thanks very much",
        "i appreciate it", "appreciate it", "much appreciated", "goodnight", "night night", "sweet dreams", "no worries at all",
        "let me think about it", "let me think about that", "love you", "love you too", "love you guys", "you too",
        "hold on", "hang on", "one sec", "one second", "just a sec", "just a second", "wait a sec", "wait a second",
        "hey siri", "siri", "hey google", "ok google", "okay google", "google", "alexa", "hey alexa", "good boy", "good girl",
        "don't forget", "do not forget", "don't let me forget", "do not let me forget", "please don't let me forget", "don't let me forget it",
        "don't let me forget again", "please don't forget", "don't forget it", "we'll see", "we will see", "uh huh", "huh", "sleep tight",
        "night night sleep tight", "aye", "listen to this", "get this", "check this out",
        "the end", "really", "oh really", "my gosh", "oh my gosh", "oh my gosh really", "na na na na", "hey hey hey",
        "way to go", "mm-hmm", "mhm", "uh-huh", "uh huh", "totally", "for real", "i know", "ooh", "fancy", "gesundheit", "bless you", "stranger", "same here",
        "wait what", "weird", "get out of here", "don't even get me started", "knock knock", "no way", "you're kidding", "long time no see", "peekaboo",
        "peek-a-boo", "ha", "haha", "ha ha", "hahaha", "lol", "goal", "walkies", "no no no", "no no", "silly",
        "silly goose", "man", "oh man", "oh boy", "oh dear", "oh no", "ugh", "wow", "oh wow", "yikes", "geez", "jeez", "phew", "whew",
        "just kidding", "kidding", "i'm kidding", "i'm just kidding", "not gonna lie", "not going to lie", "to be honest",
        "tbh", "gotta say", "i gotta say", "i have to say", "i must say", "if not", "if so", "if yes", "if no", "thanks everyone",
        "thanks everybody", "thank you everyone", "thank you everybody", "thanks guys", "thanks all", "thanks team",
        "pretty cool", "pretty good", "pretty nice", "not bad", "so cool", "very cool", "that's cool", "quick one", "quick question",
        "real quick", "quick thing", "one more", "one thing", "my love", "my dear", "my darling", "my friend", "welcome", "welcome home", "welcome back",
        "you're welcome", "finally", "yes finally", "peace out", "not much", "my goodness", "oh my goodness", "goodness gracious",
        "my goodness gracious", "oh my goodness gracious", "anybody home", "anyone home", "hey there", "just the usual",
        "holy cow", "holy moly", "holy smokes", "woo hoo", "woohoo", "yum", "mmm", "ow", "you know", "fair point", "good point",
        "exactly", "agreed", "a hundred percent", "one hundred percent", "nope", "absolutely not", "absolutely", "my bad",
        "not sure", "i'm not sure", "who knows", "no idea", "i dunno", "dunno", "i don't know", "might", "maybe", "wrong number",
        "sorry sorry", "there we go", "there you go", "here we go", "there it goes", "apologies", "just", "oh while i'm at it", "mm-hm", "mhmm", "uh-uh",
        "probably not", "maybe not", "can you tell", "shoot", "oh shoot", "oh snap",
        "darn", "oh darn", "dang", "oh dang", "whoops",
        "before i forget", "oh before i forget", "and before i forget", "oh and before i forget", "so i don't forget",
        "so we don't forget", "just so i don't forget",
        "can you imagine", "come to think of it", "now that i think of it", "now that i think about it", "now i think of it",
        "speaking of which", "ten-four", "10-4", "roger", "roger that", "copy that", "over and out", "between you and me",
        "yes chef", "yes sir", "yes ma'am", "no sir", "no ma'am", "yes coach", "heard chef", "chef", "sir", "ma'am",
    ]).union(roomCommands).union(whileAsides.map { $0.joined(separator: " ") })

    /// Asides that may open a task without a pause ("while I think of it call the bank").
    static let asides: [[String]] =
        whileAsides + [
            ["come", "to", "think", "of", "it"], ["now", "that", "i", "think", "of", "it"], ["now", "that", "i", "think", "about", "it"],
            ["that", "i", "think", "of", "it"], ["speaking", "of", "which"], ["before", "i", "forget"], ["between", "you", "and", "me"],
            // "what was it, oh yeah, buy more formula": the speaker finding what they meant to say.
            ["what", "was", "it"], ["what", "was", "i", "gonna", "say"], ["what", "was", "i", "going", "to", "say"], ["where", "was", "i"],
        ]

    /// Asides that open with "while" and are no condition: "while I'm at it", "while I think of it".
    static let whileAsides: [[String]] = [
        ["while", "i'm", "at", "it"], ["while", "we're", "at", "it"], ["while", "i", "think", "of", "it"],
        ["while", "i", "think", "about", "it"], ["while", "i'm", "thinking", "of", "it"], ["while", "i'm", "thinking", "about", "it"],
        ["while", "i", "remember"], ["while", "i", "still", "remember"],
    ]

    /// Chatter that is a command to a pet or a child in the room ("Biscuit, drop it.").
    static let roomCommands: Set<String> = [
        "sit", "stay", "leave it", "drop it", "come here", "no biting", "no jumping", "heel", "gentle", "be gentle", "sit down",
        "lie down", "down", "off", "get down", "stop it", "stop that", "go to bed", "get in bed", "go to sleep", "look at this",
        "look at that", "look at me", "come on", "shake", "roll over", "speak", "fetch", "good boy", "good girl",
        "stop barking", "no barking", "quiet", "time for bed",
    ]

    /// The first words of the chatter phrases.
    static let chatterFirstWords: Set<String> = Set(chatter.map { String($0.prefix { $0 != " " }) })

    /// Whether `words` are one chatter phrase ("not gonna lie", "let me think"), looked up only when the first word
    /// can start one.
    static func isChatterPhrase(_ words: some Collection<String>) -> Bool {
        guard let first = words.first, chatterFirstWords.contains(first) else { return false }
        return chatter.contains(words.joined(separator: " "))
    }

    /// Every word of the chatter phrases and the discourse words.
    static let chatterWords: Set<String> = discourseWords.union(chatter.flatMap { $0.split(separator: " ").map(String.init) })

    /// Whether `words` (two or more) are chatter phrases of up to five words and discourse words one after another, with
    /// no pause written between them ("mm-hmm yeah totally", "uh huh uh huh", "yeah no I know").
    static func isChatterRun(_ words: ArraySlice<String>) -> Bool {
        guard words.count > 1, words.count <= 8, let first = words.first, chatterFirstWords.contains(first),
            words.allSatisfy({ chatterWords.contains($0) })
        else { return false }
        // covered[i]: the words before `i` are phrases and discourse words.
        var covered = [Bool](repeating: false, count: words.count + 1)
        covered[0] = true
        let start = words.startIndex
        for end in 1...words.count {
            for length in 1...min(end, 5) where covered[end - length] {
                let piece = words[(start + end - length)..<(start + end)]
                if (length == 1 && discourseWords.contains(piece.first!))
                    || (chatterFirstWords.contains(piece.first!) && chatter.contains(piece.joined(separator: " ")))
                {
                    covered[end] = true
                    break
                }
            }
        }
        return covered[words.count]
    }

    /// The word before "by" that opens a subtitle-credit line Whisper invents ("Subtitles by the Amara.org community").
    static let creditOpenings: Set<String> = [
        "subtitles", "subtitle", "subtitled", "captions", "captioned", "transcribed", "transcription", "translated", "subs", "transcript",
    ]

    // MARK: Corrections

    /// Markers that take back what came just before ("no wait", "I mean").
    static let correctionMarkers: [[String]] = [
        ["no", "wait"], ["wait", "no"], ["no", ",", "wait"], ["wait", ",", "no"], ["actually", "no", ","], ["actually", ",", "no", ","],
        ["i", "mean"], ["or", "rather"],
        ["sorry"], ["wait"], ["rather"],
    ]

    /// Markers that throw away the task they follow ("scratch that").
    static let retractionMarkers: [[String]] = [
        ["scratch", "that", "last", "one"], ["scratch", "the", "last", "one"], ["forget", "the", "last", "one"],
        ["delete", "the", "last", "one"], ["cancel", "the", "last", "one"], ["scratch", "that", "one"],
        ["scratch", "that"], ["never", "mind"], ["nevermind"], ["forget", "that"], ["cancel", "that"],
        ["delete", "that"], ["ignore", "that"],
    ]

    /// Markers that amend the most recent task when only dates, times or priorities follow them.
    static let amendmentMarkers: [[String]] = [
        ["actually", "make", "it"], ["actually", "make", "that"], ["make", "it"], ["make", "that"],
        ["change", "that", "to"], ["change", "it", "to"], ["change", "the", "time", "to"],
        ["change", "the", "date", "to"], ["move", "it", "to"], ["move", "that", "to"], ["push", "it", "to"],
        ["push", "that", "to"], ["let's", "say"], ["let's", "make", "it"], ["actually"], ["instead"],
    ]

    // MARK: Connectives

    /// Words left dangling when the date/time after them is consumed ("by", "on", "at").
    static let connectives: Set<String> = [
        "by", "on", "at", "before", "for", "due", "until", "till", "til", "around", "from", "starting",
        "sometime", "anytime", "no", "later", "than", "roughly", "maybe", "probably", "say", "toward", "towards",
    ]

    /// Connectives that dangle only before a clock time ("at about 3", "after 5"), never before a day ("about Friday").
    static let timeConnectives: Set<String> = ["about", "approximately", "after"]

    // MARK: Helpers

    /// Groups phrases by their first word for quick lookup.
    static func index(_ phrases: [[String]]) -> [String: [[String]]] {
        var table: [String: [[String]]] = [:]
        for phrase in phrases {
            table[phrase[0], default: []].append(phrase)
        }
        // Longest first, so "remind me to" wins over "remind me".
        for key in table.keys { table[key]?.sort { $0.count > $1.count } }
        return table
    }

    /// Common given names and their short forms, for a name called out before what is said to that person ("Tommy, hold
    /// the pole"). Names that are places, months, brands or things said first in a note ("April", "Chase", "Austin")
    /// are left out.
    static let givenNames: Set<String> = [
        "aaron", "abby", "abe", "abigail", "ada", "adam", "addie", "addison", "adrian", "aidan", "aiden", "alan", "albert",
        "alex", "alexis", "alfie", "ali", "alice", "alicia", "allie", "allison", "ally", "alma", "amanda", "amelia",
        "amir", "amy", "ana", "andre", "andrea", "andrew", "andy", "angela", "angie", "anna", "annie", "anthony", "antonio",
        "archie", "ari", "ariana", "arianna", "arthur", "asher", "ashley", "aubrey", "audrey", "ava", "avery", "axel", "bailey",
        "barb", "barbara", "barry", "bea", "becca", "becky", "bella", "ben", "benji", "benny", "beth", "betty", "bianca", "billy",
        "blake", "bob", "bobby", "brad", "brady", "brandon", "brenda", "brett", "brian", "brianna", "bridget", "brooke", "bryce",
        "caleb", "cameron", "camila", "carl", "carla", "carlos", "carly", "carmen", "carol", "caroline", "casey", "cassie",
        "catherine", "charlie", "charlotte", "chelsea", "cheryl", "chloe", "chris", "christina", "christine", "christy", "chuck",
        "cindy", "claire", "clara", "cody", "colin", "connor", "corey", "craig", "cynthia", "dale", "dan", "dana", "daniel",
        "danielle", "danny", "darren", "dave", "david", "deb", "debbie", "deborah", "declan", "denise", "dennis", "derek", "dev",
        "devin", "diana", "diane", "dom", "dominic", "don", "donna", "doug", "dylan", "eddie", "eden", "edgar", "edith", "elena",
        "eli", "elijah", "eliza", "ella", "ellie", "emily", "emma", "eric", "erica", "erin", "ethan", "eva", "evan", "evelyn",
        "ezra", "felix", "finn", "fiona", "frankie", "fred", "freddie", "gabby", "gabe", "gabriel", "gary", "gavin", "gemma",
        "george", "gina", "grady", "graham", "greg", "gus", "hailey", "haley", "hannah", "harper", "harry", "hayden", "heather",
        "helen", "henry", "hudson", "ian", "isaac", "isabel", "isabella", "isla", "izzy", "jackie", "jackson", "jacob", "jake",
        "james", "jamie", "jane", "janet", "jared", "jasmine", "jason", "jay", "jen", "jenna", "jenny", "jeremy", "jerry", "jess",
        "jesse", "jessica", "jill", "jim", "jimmy", "joan", "joanna", "jodie", "joe", "joel", "joey", "john", "johnny", "jon",
        "jonah", "jonathan", "jordan", "jose", "joseph", "josh", "joshua", "juan", "jude", "judy", "julia", "julian", "julie",
        "justin", "kai", "karen", "kate", "katie", "kayla", "keith", "kelly", "ken", "kenny", "kev", "kevin", "kim", "kira",
        "kyle", "lacey", "lana", "laura", "lauren", "layla", "leah", "leila", "leo", "leon", "liam", "lila", "linda", "lindsay",
        "lisa", "liz", "logan", "lola", "lou", "louis", "lucas", "lucy", "luis", "luke", "luna", "lydia", "mabel", "mackenzie",
        "maddie", "madison", "maggie", "marco", "marcus", "margaret", "maria", "marie", "marisol", "marlene", "martha", "martin",
        "marty", "mary", "matt", "matthew", "maureen", "max", "maya", "megan", "mel", "melissa", "mia", "micah", "michael",
        "michelle", "mick", "mickey", "miguel", "mike", "mila", "milo", "mindy", "miranda", "molly", "morgan", "nadia", "nancy",
        "nate", "nathan", "ned", "neil", "nick", "nicole", "nina", "noah", "nolan", "nora", "oliver", "olivia", "omar", "oscar",
        "owen", "paige", "pam", "patrick", "patty", "paul", "paula", "pete", "peter", "phil", "phoebe", "piper", "quinn",
        "rachel", "reagan", "rebecca", "reese", "rick", "riley", "robbie", "robert", "robin", "rocco", "rosa", "ross", "russ",
        "ruth", "ryan", "sadie", "sally", "sam", "samantha", "sammy", "sandra", "sara", "sarah", "scott", "sean", "seth", "shane",
        "shannon", "sharon", "shawn", "silas", "simon", "sofia", "sophia", "sophie", "stacy", "stella", "steph", "stephanie",
        "steve", "steven", "stu", "susan", "suzie", "tammy", "tanya", "tara", "ted", "teddy", "terry", "tess", "theo", "theresa",
        "tim", "timmy", "tina", "toby", "todd", "tom", "tommy", "tony", "tracy", "trevor", "troy", "tyler", "vanessa", "vera",
        "vic", "vicky", "victor", "vince", "walt", "walter", "wendy", "wes", "willa", "wyatt", "xavier", "yasmin", "zach", "zack",
        "zara", "zeke", "zoe", "zoey",
    ]
}
