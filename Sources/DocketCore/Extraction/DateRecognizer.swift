/// Reads calendar days: "today", "tomorrow", weekdays ("this Friday", "next Friday", "Friday next week"),
/// "next week", weekends, ends of week/month/year, "in 3 days", "the 25th", "December 1st", "12/1".
enum DateRecognizer: Recognizer {
    /// Words that may follow an ordinal day ("the 3rd at 5", "the 3rd.") but not "the 2nd chapter".
    static let ordinalFollowers: Set<String> = [
        "of", "at", "and", "then", "also", "by", "in", "please", "or", "so", "is", "it's", "for", "to", "this",
        "next", "every", "morning", "afternoon", "evening", "night", "instead", "urgent", "asap", "plus",
    ]

    /// Words that make a bare "3rd" a day ("on 3rd", "by 3rd").
    static let ordinalIntroducers: Set<String> = ["on", "by", "before", "until", "till", "due"]
    /// Words that make "the first" a day ("on the first"), not "the first draft".
    static let spelledOrdinalIntroducers: Set<String> = ordinalIntroducers.union(["for", "from", "starting"])

    /// Records every date phrase among the free tokens of `scan`.
    static func scan(_ scan: inout SegmentScan) {
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            if scan.isFree(index), scan.tokens[index].isTrigger, let (end, spec) = recognize(scan, at: index) {
                scan.record(index..<end, .date(spec))
                index = end
            } else {
                index += 1
            }
        }
    }

    private static func recognize(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        // "talk to Bob about Friday": the day is the topic, not the due date.
        if let previous = scan.norm(index - 1), previous == "about" || previous == "regarding" { return nil }
        let token = scan.tokens[index]
        let norm = token.norm
        if case .slashDate(let month, let day, let year) = token.kind {
            return (index + 1, .monthDay(month: month, day: day, year: year))
        }
        switch norm {
        case "today":
            return (index + 1, .relativeDays(0))
        case "later":
            return scan.match(["later", "today"], at: index).map { ($0, .relativeDays(0)) }
        case "tomorrow", "tmrw", "tomorrow's":
            return (index + 1, .relativeDays(1))
        case "day":
            return scan.match(["day", "after", "tomorrow"], at: index).map { ($0, .relativeDays(2)) }
        case "this":
            if let end = scan.matchAny([["this", "coming"]], at: index), let weekday = weekday(scan, at: end) {
                return (end + 1, .weekdayAfterToday(weekday))
            }
            if let end = scan.matchAny([["this", "weekend"], ["this", "coming", "weekend"]], at: index) {
                return (end, .weekend(next: false))
            }
            if let weekday = weekday(scan, at: index + 1) {
                var end = index + 2
                if let stop = scan.match(["this", "week"], at: end) { end = stop }
                return (end, .thisWeekday(weekday))
            }
            return nil
        case "coming":
            return weekday(scan, at: index + 1).map { (index + 2, .weekdayAfterToday($0)) }
        case "next":
            if let weekday = weekday(scan, at: index + 1) { return (index + 2, .nextWeekWeekday(weekday)) }
            if scan.match(["next", "weekend"], at: index) != nil { return (index + 2, .weekend(next: true)) }
            if let end = scan.match(["next", "week"], at: index) {
                var stop = end
                if scan.free(stop) == "on" { stop += 1 }
                if let weekday = weekday(scan, at: stop) { return (stop + 1, .nextWeekWeekday(weekday)) }
                return (end, .nextWeekWeekday(0))
            }
            return nil
        case "over", "the", "end", "month", "year":
            if let end = scan.match(["the", "day", "after", "tomorrow"], at: index) { return (end, .relativeDays(2)) }
            return spanWords(scan, at: index) ?? dayOfMonth(scan, at: index)
        case "in", "within":
            if let (amount, unit, end) = NumberReader.duration(scan, at: index + 1), let spec = offset(amount, unit) {
                return (end, spec)
            }
            return nil
        default:
            break
        }
        if let weekday = Lexicon.weekdays[norm] {
            if let end = scan.match(["next", "week"], at: index + 1) { return (end, .nextWeekWeekday(weekday)) }
            if let end = scan.match(["this", "week"], at: index + 1) { return (end, .thisWeekday(weekday)) }
            return (index + 1, .weekdayAfterToday(weekday))
        }
        if let month = Lexicon.months[norm] {
            return monthThenDay(scan, month: month, at: index)
        }
        // "3 days from now", "a week from today".
        if let (amount, unit, end) = NumberReader.duration(scan, at: index), let spec = offset(amount, unit),
            let stop = scan.matchAny([["from", "now"], ["from", "today"]], at: end)
        {
            return (stop, spec)
        }
        return dayOfMonth(scan, at: index)
    }

    /// "over the weekend", "the end of the week", "end of next month", "month end", …
    private static func spanWords(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        for (phrase, spec) in spans {
            if let end = scan.match(phrase, at: index) { return (end, spec) }
        }
        return nil
    }

    /// Phrases naming a span's end or a weekend.
    private static let spans: [([String], DateSpec)] = [
            (["over", "the", "weekend"], .weekend(next: false)), (["the", "weekend"], .weekend(next: false)),
            (["the", "end", "of", "the", "week"], .endOfWeek(next: false)),
            (["the", "end", "of", "this", "week"], .endOfWeek(next: false)),
            (["the", "end", "of", "next", "week"], .endOfWeek(next: true)),
            (["end", "of", "the", "week"], .endOfWeek(next: false)), (["end", "of", "this", "week"], .endOfWeek(next: false)),
            (["end", "of", "week"], .endOfWeek(next: false)), (["end", "of", "next", "week"], .endOfWeek(next: true)),
            (["the", "end", "of", "the", "month"], .endOfMonth(monthsAhead: 0)),
            (["the", "end", "of", "this", "month"], .endOfMonth(monthsAhead: 0)),
            (["the", "end", "of", "next", "month"], .endOfMonth(monthsAhead: 1)),
            (["end", "of", "the", "month"], .endOfMonth(monthsAhead: 0)),
            (["end", "of", "this", "month"], .endOfMonth(monthsAhead: 0)), (["end", "of", "month"], .endOfMonth(monthsAhead: 0)),
            (["end", "of", "next", "month"], .endOfMonth(monthsAhead: 1)), (["month", "end"], .endOfMonth(monthsAhead: 0)),
            (["the", "end", "of", "the", "year"], .endOfYear), (["the", "end", "of", "this", "year"], .endOfYear),
            (["end", "of", "the", "year"], .endOfYear), (["end", "of", "this", "year"], .endOfYear),
            (["end", "of", "year"], .endOfYear), (["year", "end"], .endOfYear),
        ]

    /// "the 25th", "on the 3rd", "25th of December", "the first of December", "1 December".
    private static func dayOfMonth(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        var cursor = index
        let hasArticle = scan.free(index) == "the"
        if hasArticle { cursor += 1 }
        if let (day, end, spelled) = NumberReader.ordinal(scan, at: cursor), (1...31).contains(day) {
            if let (month, stop) = ofMonth(scan, at: end) {
                return withYear(scan, at: stop, month: month, day: day)
            }
            if let stop = scan.match(["of", "this", "month"], at: end) { return (stop, .dayInMonth(day: day, monthsAhead: 0)) }
            if let stop = scan.match(["of", "next", "month"], at: end) { return (stop, .dayInMonth(day: day, monthsAhead: 1)) }
            // A spelled ordinal is a day only after "on"/"by"/…: "the first draft" is not a date.
            if spelled {
                guard hasArticle, let previous = scan.norm(index - 1),
                    spelledOrdinalIntroducers.contains(previous)
                else { return nil }
            } else if !hasArticle {
                guard let previous = scan.norm(index - 1), ordinalIntroducers.contains(previous)
                else { return nil }
            }
            guard followsOK(scan, at: end) else { return nil }
            return (end, .dayOfMonth(day))
        }
        // "1 December".
        if !hasArticle, let day = scan.tokens[index].number, (1...31).contains(day), let word = scan.free(index + 1),
            let month = Lexicon.months[word]
        {
            return withYear(scan, at: index + 2, month: month, day: day)
        }
        return nil
    }

    /// "December 1st", "Dec 1", "December the first", "December twenty-fifth".
    private static func monthThenDay(_ scan: SegmentScan, month: Int, at index: Int) -> (Int, DateSpec)? {
        var cursor = index + 1
        if scan.free(cursor) == "." { cursor += 1 }
        if scan.free(cursor) == "the" { cursor += 1 }
        if let (day, end, _) = NumberReader.ordinal(scan, at: cursor), (1...31).contains(day) {
            return withYear(scan, at: end, month: month, day: day)
        }
        if scan.isFree(cursor), let day = scan.tokens[cursor].number, (1...31).contains(day) {
            return withYear(scan, at: cursor + 1, month: month, day: day)
        }
        if let (day, end) = NumberReader.cardinal(scan, at: cursor), (1...31).contains(day), scan.tokens[cursor].number == nil {
            return withYear(scan, at: end, month: month, day: day)
        }
        return nil
    }

    /// "of December" after a day.
    private static func ofMonth(_ scan: SegmentScan, at index: Int) -> (Int, Int)? {
        guard scan.free(index) == "of", let word = scan.free(index + 1), let month = Lexicon.months[word] else {
            return nil
        }
        return (month, index + 2)
    }

    /// Adds an optional ", 2027" year.
    private static func withYear(_ scan: SegmentScan, at index: Int, month: Int, day: Int) -> (Int, DateSpec) {
        var cursor = index
        if scan.free(cursor) == "," { cursor += 1 }
        if scan.isFree(cursor), let year = scan.tokens[cursor].number, (2000...2100).contains(year) {
            return (cursor + 1, .monthDay(month: month, day: day, year: year))
        }
        return (index, .monthDay(month: month, day: day, year: nil))
    }

    private static func weekday(_ scan: SegmentScan, at index: Int) -> Int? {
        scan.free(index).flatMap { Lexicon.weekdays[$0] }
    }

    private static func offset(_ amount: Double, _ unit: NumberReader.Unit) -> DateSpec? {
        let whole = Int(amount.rounded())
        switch unit {
        case .day: return .relativeDays(whole)
        case .week: return .relativeDays(Int((amount * 7).rounded()))
        case .month: return .relativeMonths(whole)
        case .year: return .relativeMonths(whole * 12)
        case .minute, .hour: return nil
        }
    }

    private static func followsOK(_ scan: SegmentScan, at index: Int) -> Bool {
        guard index < scan.range.upperBound else { return true }
        let token = scan.tokens[index]
        if token.isPunctuation || scan.isConsumed(index) { return true }
        return ordinalFollowers.contains(token.norm) || TimeRecognizer.followers.contains(token.norm)
    }
}
