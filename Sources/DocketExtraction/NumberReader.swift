/// Reads numbers said in digits or words from free tokens of a segment.
enum NumberReader {
    /// Units of a spoken duration.
    enum Unit: Sendable, Equatable {
        /// Minutes and hours make a time; the rest make a date. A business day is one of Monday to Friday; a weekend
        /// counts to the Saturday of the weekend so many ahead.
        case minute, hour, day, week, month, year, businessDay, weekend
    }

    /// A cardinal at `index` ("5", "five", "twenty five", "twenty-five"), with the index after it.
    static func cardinal(_ scan: SegmentScan, at index: Int) -> (value: Int, end: Int)? {
        guard scan.isFree(index) else { return nil }
        if let value = scan.tokens[index].number { return (value, index + 1) }
        let norm = scan.tokens[index].norm
        guard scan.tokens[index].is(.cardinal), let value = Lexicon.cardinals[norm] else { return nil }
        if Lexicon.tens.contains(norm), let unitWord = scan.free(index + 1), scan.tokens[index + 1].is(.cardinal),
            let unit = Lexicon.cardinals[unitWord],
            (1...9).contains(unit), !unitWord.contains("-")
        {
            return (value + unit, index + 2)
        }
        return (value, index + 1)
    }

    /// An ordinal at `index` ("25th", "twenty-fifth", "twenty fifth", "first"), with the index after it.
    static func ordinal(_ scan: SegmentScan, at index: Int) -> (value: Int, end: Int, spelled: Bool)? {
        guard scan.isFree(index) else { return nil }
        let token = scan.tokens[index]
        if case .ordinal(let value) = token.kind { return (value, index + 1, false) }
        // Every ordinal word ends in "t", "d", "h" or is "twenty"/"thirty": skip other words without hashing.
        guard token.isWord, token.is(.ordinal), let last = token.norm.utf8.last,
            last == UInt8(ascii: "t") || last == UInt8(ascii: "d") || last == UInt8(ascii: "h") || last == UInt8(ascii: "y")
        else { return nil }
        let norm = token.norm
        if let tens = Lexicon.ordinalTens[norm], let unitWord = scan.free(index + 1), let unit = Lexicon.ordinals[unitWord],
            (1...9).contains(unit), tens + unit <= 31
        {
            return (tens + unit, index + 2, true)
        }
        if let value = Lexicon.ordinals[norm] { return (value, index + 1, true) }
        return nil
    }

    /// A year at `index`, 2000–2099: "2029", "twenty twenty-nine", "twenty twenty nine", "twenty thirty",
    /// "two thousand and twenty nine", "two thousand thirty", "twenty oh nine", "'29".
    static func year(_ scan: SegmentScan, at index: Int) -> (value: Int, end: Int)? {
        guard scan.isFree(index) else { return nil }
        let token = scan.tokens[index]
        if let value = token.number {
            return token.norm.utf8.count == 4 && (2000...2099).contains(value) ? (value, index + 1) : nil
        }
        if let mark = scan.free(index), mark == "'" || mark == "’", scan.isFree(index + 1), let value = scan.tokens[index + 1].number,
            scan.tokens[index + 1].norm.utf8.count == 2
        {
            return (2000 + value, index + 2)
        }
        // "twenty-thirty": the recogniser joined the two halves.
        if token.norm.utf8.count > 7, token.norm.hasPrefix("twenty-"), let rest = Lexicon.cardinals[String(token.norm.dropFirst(7))],
            rest >= 10, Lexicon.tens.contains(String(token.norm.dropFirst(7)))
        {
            return (2000 + rest, index + 1)
        }
        guard token.is(.cardinal) else { return nil }
        switch token.norm {
        case "twenty":
            // "twenty thirty", "twenty twenty-eight", "twenty oh nine"; not "twenty five" (a count).
            if scan.free(index + 1) == "oh", let unitWord = scan.free(index + 2), let unit = Lexicon.cardinals[unitWord],
                (1...9).contains(unit)
            {
                return (2000 + unit, index + 3)
            }
            guard let (rest, end) = cardinal(scan, at: index + 1), scan.tokens[index + 1].number == nil, (10...99).contains(rest)
            else { return nil }
            return (2000 + rest, end)
        case "two":
            guard scan.free(index + 1) == "thousand" else { return nil }
            var cursor = index + 2
            if scan.free(cursor) == "and" { cursor += 1 }
            guard let (rest, end) = cardinal(scan, at: cursor), scan.tokens[cursor].number == nil, (1...99).contains(rest) else {
                return cursor == index + 2 ? (2000, cursor) : nil
            }
            return (2000 + rest, end)
        default:
            return nil
        }
    }

    /// A duration at `index` ("two hours", "an hour and a half", "half an hour", "a couple of days", "1.5 hours",
    /// "a few hours", "an hour and 15 minutes", "a fortnight", "three quarters of an hour", "a quarter hour",
    /// "a half hour", "another 10 minutes", "2 more hours", "an hour or so").
    ///
    /// "A few" is three of the unit ("in a few minutes" = 3 minutes, "a few days" = 3 days), as "a couple" is two;
    /// "more", "another" and "or so" change nothing ("in a few more minutes" = 3 minutes, "an hour or so" = 1 hour).
    static func duration(_ scan: SegmentScan, at index: Int) -> (amount: Double, unit: Unit, end: Int)? {
        var cursor = index
        var amount: Double
        var fractionSaid = 0.5
        guard let first = scan.free(cursor) else { return nil }
        switch first {
        case "a", "an", "couple", "few":
            // "a couple of days", "a few hours", and "couple"/"few" alone after "the next".
            if first == "a" || first == "an" { cursor += 1 }
            if scan.free(cursor) == "couple" {
                amount = 2
                cursor += scan.free(cursor + 1) == "of" ? 2 : 1
            } else if scan.free(cursor) == "few" {
                amount = 3
                cursor += 1
            } else {
                amount = 1
            }
        case "half":
            guard let article = scan.free(cursor + 1), article == "a" || article == "an" else { return nil }
            amount = 0.5
            cursor += 2
        case "another":
            // "another hour", "another 10 minutes".
            cursor += 1
            if let (value, end) = cardinal(scan, at: cursor) {
                amount = Double(value)
                cursor = end
            } else {
                amount = 1
            }
        case "quarter":
            amount = 1
        default:
            if case .clock(let hours, let minutes, _) = scan.tokens[cursor].kind, scan.tokens[cursor].norm.utf8.contains(UInt8(ascii: "h")) {
                // "in 1h30": hours and minutes written around an "h".
                return (Double(hours) + Double(minutes) / 60, .hour, cursor + 1)
            }
            if case .decimal(let value) = scan.tokens[cursor].kind, scan.isFree(cursor) {
                amount = value
                cursor += 1
            } else if let (value, end) = cardinal(scan, at: cursor) {
                amount = Double(value)
                cursor = end
                // "one and a half hours", "two and a quarter hours".
                if let (fraction, end) = addedFraction(scan, at: cursor) {
                    amount += fraction
                    cursor = end
                    fractionSaid = fraction
                } else if let word = scan.free(cursor), word == "to" || word == "or", let (_, end) = cardinal(scan, at: cursor + 1),
                    unit(scan, at: end) != nil
                {
                    // "in 2 to 3 days", "two or three weeks": a range, read as its first end (due at the earliest).
                    cursor = end
                }
            } else if scan.isFree(cursor), let value = rangeStart(scan.tokens[cursor].norm) {
                // "in 2-3 weeks".
                amount = Double(value)
                cursor += 1
            } else {
                return nil
            }
        }
        if scan.free(cursor) == "more" { cursor += 1 }
        // "three quarters of an hour", "a quarter of an hour", "a quarter hour", "a half hour".
        if let word = scan.free(cursor), word == "quarter" || word == "quarters" || word == "half" {
            amount *= word == "half" ? 0.5 : 0.25
            cursor += 1
            if scan.free(cursor) == "of" { cursor += 1 }
            if let article = scan.free(cursor), article == "a" || article == "an" { cursor += 1 }
            guard let unitWord = scan.free(cursor), self.unit(unitWord) == .hour else { return nil }
            return (amount, .hour, approximately(scan, at: cursor + 1))
        }
        guard let unitWord = scan.free(cursor), let (unit, unitEnd) = unit(scan, at: cursor), unit == .hour || fractionSaid == 0.5 else {
            return nil
        }
        cursor = unitEnd
        if unitWord.hasPrefix("fortnight") { amount *= 2 }
        // "a week and a half", "an hour and a quarter", "an hour and three quarters".
        if let (fraction, end) = addedFraction(scan, at: cursor), unit == .hour || fraction == 0.5 {
            amount += fraction
            cursor = end
        }
        // "an hour and 15 minutes", "2 hours 30 minutes", "a week and 2 days": a smaller unit added on.
        if unit == .hour || unit == .week {
            var next = cursor
            if scan.free(next) == "and" { next += 1 }
            if let (value, end) = cardinal(scan, at: next), let word = scan.free(end), let smaller = self.unit(word),
                smaller == (unit == .hour ? .minute : .day)
            {
                amount += Double(value) / (unit == .hour ? 60 : 7)
                cursor = end + 1
            }
        }
        return (amount, unit, approximately(scan, at: cursor))
    }

    /// Fractions said after a number or a unit ("two and a quarter hours", "a week and a half"); all but a half only
    /// of hours.
    private static let addedFractions: [([String], Double)] = [
        (["and", "a", "half"], 0.5), (["and", "a", "quarter"], 0.25), (["and", "three", "quarters"], 0.75),
    ]

    /// The fraction added at `index` ("and a half"), and where it ends.
    private static func addedFraction(_ scan: SegmentScan, at index: Int) -> (Double, Int)? {
        guard scan.free(index) == "and" else { return nil }
        for (phrase, fraction) in addedFractions {
            if let end = scan.match(phrase, at: index) { return (fraction, end) }
        }
        return nil
    }

    /// Words that hedge a duration after "in" ("in about an hour", "in just a few minutes").
    static let hedges: Set<String> = ["about", "around", "roughly", "approximately", "maybe", "just", "like", "only", "under", "exactly"]

    /// A duration after "in", "within" or "over", past a hedge ("in about an hour") or "the next" ("within the next
    /// two days", "in the next hour": a unit alone is one of it). With `nextOnly` ("over"), only after "the next".
    static func durationAfterPreposition(_ scan: SegmentScan, at index: Int, nextOnly: Bool = false) -> (amount: Double, unit: Unit, end: Int)? {
        var cursor = index
        if let word = scan.free(cursor), hedges.contains(word) { cursor += 1 }
        let afterNext = scan.matchAny([["the", "next"], ["the", "coming"]], at: cursor)
        if let afterNext { cursor = afterNext } else if nextOnly { return nil }
        if let found = duration(scan, at: cursor) { return found }
        guard afterNext != nil, let word = scan.free(cursor), let unit = unit(word), !word.hasSuffix("s") else { return nil }
        return (1, unit, cursor + 1)
    }

    /// The first number of a range written as one word ("2-3", "10–15"), when it is the smaller.
    private static func rangeStart(_ word: String) -> Int? {
        guard word.utf8.count <= 7, let dash = word.firstIndex(where: { $0 == "-" || $0 == "–" }),
            let first = Int(word[..<dash]), let second = Int(word[word.index(after: dash)...]), first < second
        else { return nil }
        return first
    }

    /// Skips "time" in "in two weeks' time", "in 10 minutes time", and "from now" in "in five minutes from now".
    static func timeSuffix(_ scan: SegmentScan, at index: Int) -> Int {
        if let end = scan.match(["from", "now"], at: index) { return end }
        var cursor = index
        if scan.free(cursor) == "'" { cursor += 1 }
        return scan.free(cursor) == "time" ? cursor + 1 : index
    }

    /// Skips "or so", "or two" after a duration ("in an hour or so", "in a day or two": the first amount said).
    private static func approximately(_ scan: SegmentScan, at index: Int) -> Int {
        guard scan.free(index) == "or" else { return index }
        if scan.free(index + 1) == "so" { return index + 2 }
        if let (_, end) = cardinal(scan, at: index + 1), scan.free(end).flatMap(unit) == nil { return end }
        return index
    }

    /// The unit named at `index` ("days", "hrs", "business days", "working day", "weekday", "weekends"), with the index
    /// after it.
    static func unit(_ scan: SegmentScan, at index: Int) -> (Unit, Int)? {
        guard let word = scan.free(index) else { return nil }
        if let unit = unit(word) { return (unit, index + 1) }
        switch word {
        // "weekday" counts one; "weekdays" is the repetition ("on weekdays").
        case "workday", "workdays", "weekday": return (.businessDay, index + 1)
        case "weekend", "weekends", "weekend's", "weekends'": return (.weekend, index + 1)
        case "business", "working", "work", "banking":
            guard let next = scan.free(index + 1), next == "day" || next == "days" else { return nil }
            return (.businessDay, index + 2)
        default: return nil
        }
    }

    /// The unit a word names ("days", "hrs"), or nil.
    static func unit(_ word: String) -> Unit? {
        switch word {
        case "minute", "minutes", "min", "mins", "minute's", "minutes'": .minute
        case "hour", "hours", "hr", "hrs", "h", "hour's": .hour
        case "day", "days", "day's": .day
        case "week", "weeks", "fortnight", "fortnights", "fortnight's", "wk", "wks", "week's", "weeks'": .week
        case "month", "months", "month's": .month
        case "year", "years", "yr", "yrs", "year's": .year
        default: nil
        }
    }
}
