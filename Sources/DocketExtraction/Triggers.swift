extension Lexicon {
    /// Every word at which some recogniser may start a match. Tokens outside this set (most content words:
    /// "milk", "dentist") are skipped by all recognisers after one lookup, which keeps extraction fast.
    ///
    /// When a recogniser learns a new opening word, add it here too; the corpus tests catch omissions.
    static let triggerWords: Set<String> = {
        var words: Set<String> = [
            // Time.
            "in", "within", "at", "tonight", "tonite", "later", "this", "morning", "afternoon", "evening", "night",
            "first", "end", "the", "close", "eod", "cob", "noon", "midday", "lunchtime", "lunch", "midnight", "half",
            "dinnertime", "suppertime", "quarter", "a", "an",
            // Date.
            "today", "tomorrow", "tmrw", "day", "coming", "next", "over", "month", "year",
            "yesterday", "last", "week", "start", "beginning", "middle", "mid", "early", "late",
            // Recurrence.
            "every", "each", "daily", "everyday", "weekdays", "weekends", "biweekly", "bi-weekly", "fortnightly",
            "weekly", "monthly", "yearly", "annually", "hourly", "quarterly", "once", "semiannually", "nightly", "weeknights",
            // Corrections.
            "no",
        ]
        words.formUnion(weekdays.keys)
        words.formUnion(pluralWeekdays.keys)
        words.formUnion(weekdayAbbreviations.keys)
        words.formUnion(months.keys)
        words.formUnion(cardinals.keys)
        words.formUnion(ordinals.keys)
        words.formUnion(ordinalTens.keys)
        words.formUnion(PriorityRecognizer.phrases.keys)
        words.formUnion(CorrectionRecognizer.corrections.keys)
        words.formUnion(CorrectionRecognizer.retractions.keys)
        words.formUnion(CorrectionRecognizer.amendments.keys)
        words.formUnion(TagRecognizer.labelIntroductions.map { $0[0] })
        words.formUnion(TagRecognizer.prepositions)
        words.insert("project")
        // Words the date and time recognisers read on their own ("now", "EOW", "hence").
        words.formUnion(DateRecognizer.startWords)
        words.formUnion(TimeRecognizer.startWords)
        words.formUnion(Holiday.startWords)
        return words
    }()
}

extension Token {
    /// Whether a recogniser may start a match at this token: numbers of every kind, "#tags", trigger words.
    var computedTrigger: Bool {
        switch kind {
        case .punctuation: false
        case .word: classes.contains(.trigger) || norm.utf8.first == UInt8(ascii: "#")
        case .number, .ordinal, .clock, .slashDate, .decimal: true
        }
    }
}
