/// Quarters ("next quarter", "by Q3", "the end of the third quarter of 2027", "EOQ") and seasons ("this spring",
/// "before winter", "the end of summer", "winter 2027").
///
/// Quarters are calendar quarters (Q1 = January–March). Seasons are the northern meteorological ones, each three
/// months long: spring from March 1st, summer June 1st, fall (autumn) September 1st, winter December 1st. A quarter or
/// season said alone is due on its first day, like a month ("by Q3" = July 1st, as "by March" is March 1st), the next
/// one on or after today unless a year is said; "this quarter", like "this month", is due on its last day.
extension DateRecognizer {
    /// Seasons by the month they begin in.
    static let seasons: [String: Int] = ["spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12]

    /// "Q1"…"Q4" as the tokenizer writes them.
    static let quarterNames: [String: Int] = ["q1": 1, "q2": 2, "q3": 3, "q4": 4]

    /// Words before a season alone that make it a due date ("by spring", "before winter", "in the fall"). Not "for",
    /// which says what a thing is for ("buy tires for winter"), as with holidays.
    static let seasonIntroducers: Set<String> = ["in", "by", "before", "until", "till", "til", "during", "due", "over"]

    /// The words quarters and seasons may start with, for the trigger table.
    static var quarterAndSeasonWords: some Sequence<String> { Array(seasons.keys) + Array(quarterNames.keys) + ["quarter", "eoq"] }

    /// Whether one of the three words after `index` is a season or a quarter's ("the fall", "in the third quarter"), so
    /// the common "the" and "in" are read no further for one.
    static func namesQuarterOrSeason(_ scan: SegmentScan, after index: Int) -> Bool {
        (index + 1..<min(index + 4, scan.range.upperBound)).contains { scan.tokens[$0].is(.quarterOrSeason) }
    }

    /// A quarter or season named at `index`, after the word before it that may make it a day ("by Q3", "in the fall").
    static func namedQuarterOrSeason(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        let previous = scan.norm(index - 1)
        return namedQuarter(scan, at: index, introduced: previous.map(monthIntroducers.contains) == true)
            ?? namedSeason(scan, at: index, introduced: previous.map(seasonIntroducers.contains) == true)
    }

    /// "Q3", "the third quarter", "3rd quarter", "the last quarter" at `index`: which quarter, the end of its name, and
    /// whether it was said as "the last quarter".
    static func quarterName(_ scan: SegmentScan, at index: Int) -> (quarter: Int, end: Int, last: Bool)? {
        if let word = scan.free(index), let quarter = quarterNames[word] { return (quarter, index + 1, false) }
        var cursor = index
        if scan.free(cursor) == "the" { cursor += 1 }
        let quarter: Int
        if scan.free(cursor) == "last" {
            // "last quarter" alone is the one before this; "the last quarter of 2027" is its fourth.
            guard scan.free(cursor + 2) == "of" else { return nil }
            quarter = 4
            cursor += 1
        } else if let (value, end, _) = NumberReader.ordinal(scan, at: cursor), (1...4).contains(value) {
            quarter = value
            cursor = end
        } else {
            return nil
        }
        guard scan.free(cursor) == "quarter" else { return nil }
        return (quarter, cursor + 1, scan.free(cursor - 1) == "last")
    }

    /// A quarter named at `index` ("by Q3", "in the third quarter", "Q4 2028", "the last quarter of 2027"): its first day.
    /// Alone it is a day only after "in", "by", "before"… (`introduced`), as a month is; "the Q3 numbers" is a name.
    static func namedQuarter(_ scan: SegmentScan, at index: Int, introduced: Bool) -> (Int, DateSpec)? {
        guard let (quarter, nameEnd, last) = quarterName(scan, at: index) else { return nil }
        let (end, spec) = quarterDay(scan, quarter: quarter, part: -1, at: nameEnd)
        // "the last quarter" names its year ("of 2027", "of the year").
        guard end > nameEnd || (introduced && !last), followsOK(scan, at: end) else { return nil }
        return (end, spec)
    }

    /// The day `part` names (-1 the first, 0 the 15th of the middle month, 1 the last) of `quarter`, with the year said
    /// at `index` (", 2027", "of 2027", "next year", "of the year"); without one, the next such day, today included.
    static func quarterDay(_ scan: SegmentScan, quarter: Int, part: Int, at index: Int) -> (Int, DateSpec) {
        let firstMonth = 3 * quarter - 2
        if let end = scan.match(["of", "the", "year"], at: index) {
            let first = DateSpec.dayInYear(month: firstMonth, day: 1, yearsAhead: 0)
            switch part {
            case ..<0: return (end, first)
            case 0: return (end, .shifted(first, days: 14, months: 1))
            default: return (end, .shifted(first, days: -1, months: 3))
            }
        }
        switch part {
        case ..<0: return withYear(scan, at: index, month: firstMonth, day: 1)
        case 0: return withYear(scan, at: index, month: firstMonth + 1, day: 15)
        default: return lastDay(scan, of: firstMonth + 2, at: index)
        }
    }

    /// A season at `index` after a word that makes it a day ("in the fall", "by winter", "during the summer of 2027"),
    /// or one said with its year ("winter 2027"): its first day.
    static func namedSeason(_ scan: SegmentScan, at index: Int, introduced: Bool) -> (Int, DateSpec)? {
        var cursor = index
        if scan.free(cursor) == "the" { cursor += 1 }
        guard let word = scan.free(cursor), let month = seasons[word] else { return nil }
        let (end, which) = seasonYear(scan, at: cursor + 1)
        guard introduced || which != .ahead, followsOK(scan, at: end) else { return nil }
        return (end, .season(month: month, part: nil, which: which))
    }

    /// "this spring", "next winter", "last summer", "this coming fall" (`which` from the word before it) at `index`.
    static func relativeSeason(_ scan: SegmentScan, at index: Int, which: SeasonChoice) -> (Int, DateSpec)? {
        guard let word = scan.free(index), let month = seasons[word], followsOK(scan, at: index + 1) else { return nil }
        return (index + 1, .season(month: month, part: nil, which: which))
    }

    /// The season of that name `part` of is meant at `index` ("the end of [this|next|last] summer [2027]", "early spring"):
    /// the day of it, or nil when no season is named there or what follows makes it a name ("early spring cleaning").
    static func partOfSeason(_ scan: SegmentScan, part: Int, at index: Int) -> (Int, DateSpec)? {
        var cursor = index
        var which = SeasonChoice.ahead
        switch scan.free(cursor) {
        case "the": cursor += 1
        case "this", "current": (which, cursor) = (.current, cursor + 1)
        case "next", "coming", "following": (which, cursor) = (.next, cursor + 1)
        case "last", "previous", "past": (which, cursor) = (.last, cursor + 1)
        default: break
        }
        guard let word = scan.free(cursor), let month = seasons[word] else { return nil }
        var end = cursor + 1
        if which == .ahead { (end, which) = seasonYear(scan, at: end) }
        guard followsOK(scan, at: end) else { return nil }
        return (end, .season(month: month, part: part, which: which))
    }

    /// The year said after a season at `index` ("2027", "of 2027", ", 2027", "next year"), and the end of it; `.ahead`
    /// and `index` when none is.
    private static func seasonYear(_ scan: SegmentScan, at index: Int) -> (Int, SeasonChoice) {
        var cursor = index
        if let word = scan.free(cursor), word == "," || word == "of" { cursor += 1 }
        if let (year, end) = NumberReader.year(scan, at: cursor) { return (end, .year(year)) }
        if let (shift, end) = relativeYear(scan, at: cursor) { return (end, .yearsAhead(shift)) }
        return (index, .ahead)
    }
}
