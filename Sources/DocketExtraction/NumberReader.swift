/// Reads numbers said in digits or words from free tokens of a segment.
enum NumberReader {
    /// Units of a spoken duration.
    enum Unit: Sendable, Equatable {
        /// Minutes and hours make a time; the rest make a date.
        case minute, hour, day, week, month, year
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

    /// A duration at `index` ("two hours", "an hour and a half", "half an hour", "a couple of days", "1.5 hours",
    /// "a few hours" (3), "an hour and 15 minutes", "a fortnight").
    static func duration(_ scan: SegmentScan, at index: Int) -> (amount: Double, unit: Unit, end: Int)? {
        var cursor = index
        var amount: Double
        guard let first = scan.free(cursor) else { return nil }
        switch first {
        case "a", "an":
            if scan.match(["a", "couple", "of"], at: cursor) != nil {
                amount = 2
                cursor += 3
            } else if scan.match(["a", "couple"], at: cursor) != nil {
                amount = 2
                cursor += 2
            } else if scan.match(["a", "few"], at: cursor) != nil {
                amount = 3
                cursor += 2
            } else {
                amount = 1
                cursor += 1
            }
        case "half":
            guard let article = scan.free(cursor + 1), article == "a" || article == "an" else { return nil }
            amount = 0.5
            cursor += 2
        default:
            if case .decimal(let value) = scan.tokens[cursor].kind, scan.isFree(cursor) {
                amount = value
                cursor += 1
            } else if let (value, end) = cardinal(scan, at: cursor) {
                amount = Double(value)
                cursor = end
                if let end = scan.match(["and", "a", "half"], at: cursor) {
                    amount += 0.5
                    cursor = end
                }
            } else {
                return nil
            }
        }
        guard let unitWord = scan.free(cursor), let unit = unit(unitWord) else { return nil }
        cursor += 1
        if unitWord == "fortnight" || unitWord == "fortnights" { amount *= 2 }
        if let end = scan.match(["and", "a", "half"], at: cursor) {
            amount += 0.5
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
        return (amount, unit, cursor)
    }

    private static func unit(_ word: String) -> Unit? {
        switch word {
        case "minute", "minutes", "min", "mins": .minute
        case "hour", "hours", "hr", "hrs": .hour
        case "day", "days": .day
        case "week", "weeks", "fortnight", "fortnights": .week
        case "month", "months": .month
        case "year", "years": .year
        default: nil
        }
    }
}
