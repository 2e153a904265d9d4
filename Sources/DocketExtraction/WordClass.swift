/// The lexicon sets a word belongs to, looked up once per token by the tokenizer.
///
/// The recognisers ask the same few questions of every token ("is it a filler?", "can a correction start
/// here?", "is it a number word?"). Hashing the token's string for each question dominated extraction time, so
/// the tokenizer answers them all with one dictionary lookup (`Lexicon.wordClasses`) and stores the answer in
/// `Token.classes`. Each bit mirrors one lexicon table exactly; code still consults the table itself for the
/// value (a month's number, a phrase list), so the bit is only a fast "no".
///
/// When a table below changes, nothing else needs to: `Lexicon.wordClasses` is built from the tables.
struct WordClass: OptionSet, Sendable {
    let rawValue: UInt32

    /// `Lexicon.triggerWords`: some recogniser may start here.
    static let trigger = WordClass(rawValue: 1 << 0)
    /// First word of a correction, retraction or amendment marker, or "no" (`CorrectionRecognizer`).
    static let correctionStart = WordClass(rawValue: 1 << 1)
    /// First word of a priority phrase (`PriorityRecognizer.phrases`).
    static let priorityStart = WordClass(rawValue: 1 << 2)
    /// `Lexicon.cardinals`.
    static let cardinal = WordClass(rawValue: 1 << 3)
    /// `Lexicon.ordinals` or `Lexicon.ordinalTens`.
    static let ordinal = WordClass(rawValue: 1 << 4)
    /// `Lexicon.weekdays` or `Lexicon.weekdayAbbreviations`.
    static let weekday = WordClass(rawValue: 1 << 5)
    /// `Lexicon.months`.
    static let month = WordClass(rawValue: 1 << 6)
    /// `Lexicon.fillers`.
    static let filler = WordClass(rawValue: 1 << 7)
    /// `Lexicon.discourseWords`.
    static let discourse = WordClass(rawValue: 1 << 8)
    /// `Lexicon.actionVerbs`.
    static let actionVerb = WordClass(rawValue: 1 << 9)
    /// `Lexicon.nounLikeVerbs`.
    static let nounLikeVerb = WordClass(rawValue: 1 << 10)
    /// `Lexicon.objectStarters`.
    static let objectStarter = WordClass(rawValue: 1 << 11)
    /// First word of a lead-in (`Lexicon.leadInsByFirstWord`).
    static let leadInStart = WordClass(rawValue: 1 << 12)
    /// `Lexicon.connectives`.
    static let connective = WordClass(rawValue: 1 << 13)
    /// `Lexicon.timeConnectives`.
    static let timeConnective = WordClass(rawValue: 1 << 14)
    /// A word at which `TagRecognizer` may read an explicit tag: a label introduction, a preposition, "the",
    /// "project".
    static let tagStart = WordClass(rawValue: 1 << 15)
    /// `Lexicon.pluralWeekdays`.
    static let pluralWeekday = WordClass(rawValue: 1 << 16)
    /// A word `DateRecognizer.recognize` reads on its own (`DateRecognizer.startWords`).
    static let dateStart = WordClass(rawValue: 1 << 17)
    /// A word `TimeRecognizer.recognize` reads on its own (`TimeRecognizer.startWords`).
    static let timeStart = WordClass(rawValue: 1 << 18)
    /// A word `RecurrenceRecognizer.recognize` reads on its own (`RecurrenceRecognizer.startWords`).
    static let recurrenceStart = WordClass(rawValue: 1 << 19)
    /// First word of a broadcast, advert or device phrase (`MoodReader.broadcastPhrases`).
    static let broadcastStart = WordClass(rawValue: 1 << 20)
    /// First word of a holiday's name (`Holiday.startWords`).
    static let holidayStart = WordClass(rawValue: 1 << 21)
    /// `SegmentReader.moveVerbs` or `SegmentReader.tellingVerbs`.
    static let reportingVerb = WordClass(rawValue: 1 << 22)
    /// First word of a zone said after a time (`ZoneParser.spokenZoneFirstWords`).
    static let zoneStart = WordClass(rawValue: 1 << 23)
    /// A season, "Q1"…"Q4" or "quarter" (`DateRecognizer.quarterAndSeasonWords` less "EOQ").
    static let quarterOrSeason = WordClass(rawValue: 1 << 24)
    /// A word a recogniser writes for a verb that sounds like it (`MisheardVerbs.sounds`).
    static let misheardVerb = WordClass(rawValue: 1 << 25)
    /// First word of a hedge ("if possible", "ideally": `Lexicon.hedgeStarts`).
    static let hedgeStart = WordClass(rawValue: 1 << 26)
    /// `Lexicon.ordinalLeadIns` ("first", "secondly", "finally").
    static let ordinalLeadIn = WordClass(rawValue: 1 << 27)
}

extension Lexicon {
    /// Every lexicon word with the sets it belongs to (see `WordClass`).
    static let wordClasses: [String: WordClass] = {
        var table: [String: WordClass] = [:]
        func add<S: Sequence<String>>(_ words: S, _ wordClass: WordClass) {
            for word in words { table[word, default: []].insert(wordClass) }
        }
        add(triggerWords, .trigger)
        add(CorrectionRecognizer.corrections.keys, .correctionStart)
        add(CorrectionRecognizer.retractions.keys, .correctionStart)
        add(CorrectionRecognizer.amendments.keys, .correctionStart)
        add(["no"], .correctionStart)
        add(PriorityRecognizer.phrases.keys, .priorityStart)
        add(cardinals.keys, .cardinal)
        add(ordinals.keys, .ordinal)
        add(ordinalTens.keys, .ordinal)
        add(weekdays.keys, .weekday)
        add(weekdayAbbreviations.keys, .weekday)
        add(months.keys, .month)
        add(fillers, .filler)
        add(discourseWords, .discourse)
        add(actionVerbs, .actionVerb)
        add(nounLikeVerbs, .nounLikeVerb)
        add(objectStarters, .objectStarter)
        add(leadInsByFirstWord.keys, .leadInStart)
        add(connectives, .connective)
        add(timeConnectives, .timeConnective)
        add(TagRecognizer.labelIntroductionStarts, .tagStart)
        add(TagRecognizer.prepositions, .tagStart)
        add(["the", "project"], .tagStart)
        add(TagRecognizer.usualContexts, .tagStart)
        add(pluralWeekdays.keys, .pluralWeekday)
        add(DateRecognizer.startWords, .dateStart)
        add(TimeRecognizer.startWords, .timeStart)
        add(RecurrenceRecognizer.startWords, .recurrenceStart)
        add(MoodReader.broadcastPhrasesByFirstWord.keys, .broadcastStart)
        add(Holiday.startWords, .holidayStart)
        add(SegmentReader.moveVerbs, .reportingVerb)
        add(SegmentReader.tellingVerbs, .reportingVerb)
        add(ZoneParser.spokenZoneFirstWords, .zoneStart)
        add(DateRecognizer.quarterAndSeasonWords.filter { $0 != "eoq" }, .quarterOrSeason)
        add(MisheardVerbs.sounds.keys, .misheardVerb)
        add(hedgeStarts, .hedgeStart)
        add(ordinalLeadIns, .ordinalLeadIn)
        return table
    }()
}
