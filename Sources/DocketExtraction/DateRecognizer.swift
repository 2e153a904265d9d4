/// Reads calendar days: "today", "tomorrow", "yesterday", weekdays ("this Friday", "next Friday", "last Friday",
/// "Friday next week", "Friday after next", "Friday the 27th"), "next week/month/year", "the week after next",
/// weekends, parts of a period ("the end of the week", "start of next month", "mid next week"), offsets
/// ("in 3 days", "2 weeks from now", "a week from tomorrow", "3 days ago"), "the 25th", "December 1st",
/// "5th of January", "12/1", "2027-01-05", and "the first Monday of next month"; years said or written ("March 3rd,
/// twenty twenty-eight", "in 2030", "June 2029"), days of a relative month or week ("the 9th of next month",
/// "Friday of next week"), "the following day", "two weeks hence", "EOW"/"EOM"/"EOY", business days ("the next working
/// day", "in 5 business days", "the last business day of the month"), days counted from a month's end ("the second to
/// last Friday"), counted weekends ("in two weekends"), a day and another it may be ("Monday or Tuesday"), and quarters
/// and seasons (`QuartersAndSeasons.swift`).
enum DateRecognizer: Recognizer {
    /// Words that may follow an ordinal day ("the 3rd at 5", "the 3rd.", "the 28th low priority", "the 1st because …") but
    /// not "the 2nd chapter".
    static let ordinalFollowers: Set<String> = [
        "of", "at", "and", "then", "also", "by", "in", "please", "or", "so", "is", "it's", "for", "to", "this", "because", "since",
        "next", "every", "morning", "afternoon", "evening", "night", "instead", "urgent", "asap", "plus", "high", "top",
        "important", "critical", "p1", "p2", "p3", "priority", "medium", "normal", "low", "no", "whenever",
    ]

    /// Units after a number written like "3/4" that make it a fraction ("3/4 inch"), not a day.
    static let measureWords: Set<String> = [
        "inch", "inches", "cup", "cups", "teaspoon", "teaspoons", "tsp", "tablespoon", "tablespoons", "tbsp", "gallon", "gallons",
        "pound", "pounds", "lb", "lbs", "oz", "ounce", "ounces", "mile", "miles", "foot", "feet", "ft", "yard", "yards", "liter",
        "liters", "litre", "litres", "pint", "pints", "quart", "quarts", "acre", "acres", "of", "mm", "cm", "kg", "size", "sized",
    ]

    /// Words that make a bare "3rd" a day ("on 3rd", "by 3rd").
    static let ordinalIntroducers: Set<String> = ["on", "by", "before", "until", "till", "due"]
    /// Words that make "the first" a day ("on the first"), not "the first draft".
    static let spelledOrdinalIntroducers: Set<String> = ordinalIntroducers.union(["for", "from", "starting"])

    /// The words `recognize` switches on, and those a duration may start with ("a week", "half a year").
    /// Keep in step with the `switch` in `recognize`.
    static let startWords: Set<String> = Set([
        "today", "later", "tomorrow", "tmrw", "yesterday", "day", "this", "coming", "upcoming", "next",
        "last", "week", "over", "the", "end", "start", "beginning", "middle", "mid", "early", "late", "month", "year",
        "in", "within", "a", "an", "half", "eow", "eom", "eoy", "following", "during", "penultimate", "antepenultimate",
    ]).union(quarterAndSeasonWords)

    /// Whether a date phrase may start at `token`: a start word, a weekday, a month, a number in words or digits.
    /// Every other token makes `recognize` return nil, so the scan skips it without reading it.
    private static func mayStart(_ token: Token) -> Bool {
        switch token.kind {
        case .punctuation: false
        case .word:
            token.is(.dateStart) || token.is(.weekday) || token.is(.month) || token.is(.cardinal) || token.is(.ordinal)
                || token.is(.holidayStart)
        case .number, .ordinal, .clock, .slashDate, .decimal: true
        }
    }

    /// Records every date phrase among the free tokens of `scan`.
    static func scan(_ scan: inout SegmentScan) {
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            if scan.isFree(index), scan.tokens[index].isTrigger, mayStart(scan.tokens[index]),
                let (end, spec) = recognize(scan, at: index)
            {
                // "Monday or Tuesday", "the 3rd or 4th": the first day said is the one. So is a range's first ("from the 7th to
                // the 10th of December", "between December 1st and 5th").
                if let start = Alternatives.start(scan, after: end) ?? rangeEnd(scan, from: index, after: end),
                    let (stop, other) = alternativeDay(scan, at: start, after: spec)
                {
                    scan.record(index..<end, .date(other.map { sharingMonth(spec, with: $0) } ?? spec))
                    Alternatives.consume(&scan, first: index, from: end, to: stop)
                    index = stop
                } else {
                    // "Monday through Friday": due the first day; the range's end goes with it.
                    var stop = end
                    if case .weekdayAfterToday = spec, let word = scan.free(end),
                        ["through", "thru", "-"].contains(word) || (word == "to" && scan.norm(index - 1) == "from"),
                        weekday(scan, at: end + 1) != nil
                    {
                        stop = end + 2
                    }
                    scan.record(index..<stop, .date(spec))
                    index = stop
                }
            } else if scan.isFree(index), scan.tokens[index].is(.holidayStart), let (_, end) = Holiday.named(scan, at: index) {
                // "Easter Sunday brunch", "the Black Friday sale": a holiday that is a name's part is read as none of
                // its words, so its weekday is no due day either.
                index = end
            } else {
                // "prep for Monday's meeting": the day is due, and its words stay in the title.
                if let spec = possessiveDay(scan, at: index) { scan.note(index..<index + 1, .date(spec)) }
                index += 1
            }
        }
    }

    /// Words after "the weekend" that leave it a when ("the weekend before Christmas", "the weekend of the 5th").
    private static let weekendFollowers: Set<String> = TimeRecognizer.followers.union([
        "after", "before", "of", "by", "or", "too", "if", "we", "i", "because", "since", "but", "again", "anyway", "when",
        "while", "coming", "around", "sometime", "maybe", "probably", "from", "thru", "here",
    ])

    /// Where a range's second day starts after the first's `end`, when the first was said after "from" or "between".
    private static func rangeEnd(_ scan: SegmentScan, from index: Int, after end: Int) -> Int? {
        // "move the haircut from Thursday to Friday" says where a thing moves, which the title keeps.
        guard let joint = scan.free(end),
            !(scan.range.lowerBound..<index).contains(where: { scan.tokens[$0].is(.reportingVerb) && SegmentReader.moveVerbs.contains(scan.tokens[$0].norm) })
        else { return nil }
        // "for December 18th through January 2nd": "through" makes a range whatever comes before it.
        if joint == "through" || joint == "thru" { return end + 1 }
        guard let opener = scan.norm(index - 1) else { return nil }
        switch opener {
        case "from": return ["to", "until", "till", "through", "thru", "-"].contains(joint) ? end + 1 : nil
        case "between": return joint == "and" ? end + 1 : nil
        default: return nil
        }
    }

    /// Another choice said as the one after the first ("or next", "or the day after").
    private static let alternativesAfter: [[String]] = [
        ["next"], ["the", "next", "day"], ["the", "day", "after"], ["the", "day", "after", "that"], ["the", "one", "after"],
        ["the", "one", "after", "that"], ["the", "week", "after"], ["the", "weekend", "after"], ["the", "month", "after"],
    ]

    /// The end of a day said as another choice after `first` at `index` ("or Friday", "or the 4th", "or the day after"), and
    /// the day when it is one on its own.
    private static func alternativeDay(_ scan: SegmentScan, at index: Int, after first: DateSpec) -> (Int, DateSpec?)? {
        guard scan.isFree(index), mayStart(scan.tokens[index]) || scan.tokens[index].is(.connective) else { return nil }
        var cursor = index
        if scan.tokens[cursor].is(.connective), scan.isFree(cursor + 1) { cursor += 1 }
        if let (end, other) = recognize(scan, at: cursor) { return (end, other) }
        // "this weekend or next", "tomorrow or the day after", "next week or the one after".
        if let end = scan.matchAny(alternativesAfter, at: cursor) { return followsOK(scan, at: end) ? (end, nil) : nil }
        // "the 3rd or 4th", "December 3 or 4": a bare day of the month after one.
        switch first {
        case .dayOfMonth, .monthDay, .weekdayDayOfMonth: break
        default: return nil
        }
        if scan.free(cursor) == "the" { cursor += 1 }
        let day = NumberReader.ordinal(scan, at: cursor).map { ($0.value, $0.end) } ?? NumberReader.cardinal(scan, at: cursor)
        guard let (value, end) = day, (1...31).contains(value), followsOK(scan, at: end) else { return nil }
        return (end, nil)
    }

    /// A bare day of the month said before another choice that names its month takes that month: "the 2nd or 3rd of
    /// March" is March 2nd, "the 5th or the 6th of next month" next month's 5th.
    private static func sharingMonth(_ first: DateSpec, with other: DateSpec) -> DateSpec {
        guard case .dayOfMonth(let day) = first else { return first }
        switch other {
        case .monthDay(let month, _, let year) where day <= CivilDate.daysIn(year: year ?? 2028, month: month):
            return .monthDay(month: month, day: day, year: year)
        case .dayInMonth(_, let monthsAhead): return .dayInMonth(day: day, monthsAhead: monthsAhead)
        default: return first
        }
    }

    /// The day a possessive names ("tomorrow's dinner", "Friday's agenda"), when it is one that is still ahead.
    private static func possessiveDay(_ scan: SegmentScan, at index: Int) -> DateSpec? {
        let norm = scan.tokens[index].norm
        guard norm.utf8.count > 6, norm.utf8.last == UInt8(ascii: "s"), scan.isFree(index), norm.hasSuffix("'s") else { return nil }
        let stem = String(norm.dropLast(2))
        switch stem {
        case "today", "tonight": return .relativeDays(0)
        case "tomorrow": return .relativeDays(1)
        default: return Lexicon.weekdays[stem].map { .weekdayAfterToday($0) }
        }
    }

    /// A possessive day said next to the note's own when ("defrost the chicken tonight for tomorrow's dinner") only
    /// names the thing: the when wins.
    static func dropPossessiveDays(_ scan: inout SegmentScan) {
        guard scan.recognitions.contains(where: { $0.fact.isWhen && scan.isConsumed($0.range.lowerBound) }) else { return }
        var position = scan.recognitions.count - 1
        while position >= 0 {
            let recognition = scan.recognitions[position]
            if case .date = recognition.fact, !scan.isConsumed(recognition.range.lowerBound) { scan.release(at: position) }
            position -= 1
        }
    }

    /// Days that name the thing rather than when it is due, which stay in the title: a day said with "for" when a deadline
    /// is said too ("pick the book for January by the end of December", "book the venue for March by Friday"), and a day
    /// ahead said with "from" that starts no range or repetition ("email Rachel the photos from Saturday").
    static func dropDaysOfThings(_ scan: inout SegmentScan) {
        func introducer(_ recognition: Recognition) -> String? {
            let first = recognition.range.lowerBound
            if let word = scan.norm(first), ["for", "by", "before", "due", "from"].contains(word) { return word }
            // "for the December 12th wedding", "for Emma's December 27th party": a day that names the thing.
            if let previous = scan.norm(first - 1), previous == "the" || previous.hasSuffix("'s"), scan.norm(first - 2) == "for" { return "for" }
            // "no later than December 20th": a deadline.
            if scan.norm(first - 1) == "than" { return "by" }
            return scan.norm(first - 1)
        }
        // Most segments say no day: look no further.
        guard scan.recognitions.contains(where: { if case .date = $0.fact { true } else { false } }) else { return }
        let dates = scan.recognitions.indices.filter { if case .date = scan.recognitions[$0].fact { true } else { false } }
        // "… for December by Monday, actually make that Tuesday": a deadline put right is still a deadline; "By December
        // 5th, send the slideshow for the December 12th reunion": said first or last.
        if dates.count >= 2, let purpose = dates.first(where: { introducer(scan.recognitions[$0]) == "for" }),
            dates.contains(where: { $0 != purpose && ["by", "before", "due"].contains(introducer(scan.recognitions[$0]) ?? "") })
        {
            scan.release(at: purpose)
            return
        }
        // "call the florist on Friday about the December 12th wedding": a day between an article and its noun names the
        // thing when another day says when.
        if dates.count >= 2,
            let named = dates.first(where: {
                let range = scan.recognitions[$0].range
                return scan.norm(range.lowerBound - 1) == "the" && scan.free(range.upperBound).map { !Lexicon.connectives.contains($0) } == true
                    && scan.tokens[range.upperBound].isWord && !scan.tokens[range.upperBound].is(.weekday)
            })
        {
            scan.release(at: named)
            return
        }
        let repeats = scan.recognitions.contains { if case .recurrence = $0.fact { true } else { false } }
        guard !repeats, let origin = dates.last(where: { introducer(scan.recognitions[$0]) == "from" }) else { return }
        let recognition = scan.recognitions[origin]
        // "starting from Monday", "from Monday to Friday": where something begins.
        let from = scan.norm(recognition.range.lowerBound) == "from" ? recognition.range.lowerBound : recognition.range.lowerBound - 1
        // "from tomorrow take the pills": a start said first is when to begin.
        let opensClause = scan.opensClause(at: from)
        // "the expense from yesterday", "the photos from last summer" are read as said: a day in the past.
        // "stop the newspaper from Monday": when something starts or stops.
        if (scan.range.lowerBound..<from).contains(where: { ["start", "stop", "begin", "cancel", "pause", "resume", "suspend"].contains(scan.tokens[$0].norm) })
        {
            return
        }
        let isRange = recognition.range.contains {
            ["to", "through", "thru", "-", "last", "yesterday", "ago", "past", "previous"].contains(scan.tokens[$0].norm)
        }
        guard !opensClause, !isRange, !["starting", "beginning", "effective", "as"].contains(scan.norm(from - 1) ?? ""),
            !["to", "until", "till", "through", "thru", "-", "onwards", "on"].contains(scan.norm(recognition.range.upperBound) ?? "")
        else { return }
        scan.release(at: origin)
    }

    /// Words that name a period, for "next …", "the end of …".
    enum Period { case week, month, quarter, year }

    static func period(_ word: String?) -> Period? {
        switch word {
        case "week": .week
        case "month": .month
        case "quarter": .quarter
        case "year": .year
        default: nil
        }
    }

    /// How far from this period "this"/"next"/"last"/"the" put it.
    static func periodOffset(_ word: String?) -> Int? {
        switch word {
        case "this", "the", "current": 0
        case "next", "coming", "following": 1
        case "last", "previous", "past": -1
        default: nil
        }
    }

    static func recognize(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        // A date said after another ("a week before …") may be cut off by the segment's end.
        guard scan.range.contains(index) else { return nil }
        // "talk to Bob about Friday": the day is the topic, not the due date; "down since yesterday" is past.
        if let previous = scan.norm(index - 1), previous == "about" || previous == "regarding" || previous == "since" { return nil }
        let token = scan.tokens[index]
        let norm = token.norm
        if case .slashDate(let month, let day, let year) = token.kind {
            // "a 1/2 gallon", "3/4 inch pipe": a fraction, not a day.
            if year == nil, scan.norm(index - 1) == "a" || scan.norm(index + 1).map(measureWords.contains) == true { return nil }
            // "wire 1/2 the down payment", "the 24/7 support line": a share, or around the clock.
            if year == nil,
                token.norm == "24/7"
                    || (["the", "of", "an"].contains(scan.norm(index + 1) ?? "") && !monthIntroducers.contains(scan.norm(index - 1) ?? "")
                        && scan.norm(index - 1) != "on" && index > scan.range.lowerBound)
            {
                return nil
            }
            return (index + 1, .monthDay(month: month, day: day, year: year))
        }
        if token.is(.holidayStart), let result = holiday(scan, at: index) { return result }
        switch norm {
        case "today":
            return (index + 1, .relativeDays(0))
        case "later":
            return scan.match(["later", "today"], at: index).map { ($0, .relativeDays(0)) }
        case "tomorrow", "tmrw":
            // British "tomorrow week", "tomorrow fortnight": a week or two after tomorrow.
            if let days = weeksLater(scan, at: index + 1) { return (index + 2, .relativeDays(1 + days)) }
            return (index + 1, .relativeDays(1))
        case "yesterday":
            return (index + 1, .relativeDays(-1))
        case "day":
            return relativeDay(scan, at: index)
        case "this":
            if let result = possessivePeriod(scan, at: index, ahead: 0) { return result }
            if let end = scan.match(["this", "coming"], at: index) {
                if let weekday = weekday(scan, at: end) { return (end + 1, .weekdayAfterToday(weekday)) }
                if scan.free(end) == "weekend" { return weekendDay(scan, at: end + 1, weeksAhead: 0, otherwise: .weekend(next: false)) }
                if scan.free(end) == "week" { return (end + 1, .weekdayOfWeek(weeksAhead: 1, weekday: 0)) }
                if scan.free(end) == "quarter" { return (end + 1, .quarter(quartersAhead: 1, part: -1)) }
                // "this coming April".
                if let result = namedMonthAhead(scan, at: end) { return result }
                return relativeSeason(scan, at: end, which: .next)
            }
            if scan.free(index + 1) == "weekend" { return weekendDay(scan, at: index + 2, weeksAhead: 0, otherwise: .weekend(next: false)) }
            // "this day next week", "this day next month": today's date a period on.
            if let start = scan.match(["this", "day", "next"], at: index), let period = period(scan.free(start)), period != .quarter {
                return (start + 1, period == .week ? .relativeDays(7) : .relativeMonths(period == .month ? 1 : 12))
            }
            // "this past Monday": the last one before today.
            if scan.free(index + 1) == "past", let weekday = weekday(scan, at: index + 2) { return (index + 3, .weekdayBeforeToday(weekday)) }
            // "this Christmas".
            if scan.isFree(index + 1), scan.tokens[index + 1].is(.holidayStart), let (end, spec) = holiday(scan, at: index + 1) {
                return (end, spec)
            }
            if let weekday = weekday(scan, at: index + 1) {
                var end = index + 2
                if let stop = scan.match(["this", "week"], at: end) { end = stop }
                return (end, .thisWeekday(weekday))
            }
            if let result = namedMonthAhead(scan, at: index + 1) { return result }
            // "this week" is due by the end of it, like "by the end of the week"; "this month"/"this quarter"/"this year"
            // too, and "this winter" when it is winter (else its first day).
            if let spec = periodEnd(period(scan.free(index + 1))) { return (index + 2, spec) }
            return relativeSeason(scan, at: index + 1, which: .current)
        case "coming", "upcoming":
            // "the plumber is coming Thursday": the verb, before a bare weekday.
            if let previous = scan.norm(index - 1),
                ["is", "are", "am", "was", "were", "be", "been"].contains(previous) || previous.hasSuffix("'s")
                    || previous.hasSuffix("'re") || previous == "i'm"
            {
                return nil
            }
            return weekday(scan, at: index + 1).map { (index + 2, .weekdayAfterToday($0)) }
        case "following":
            if let result = adjacentBusinessDay(scan, at: index) { return result }
            // "the following week [on Friday]": next week; "the following Monday": the coming one.
            if period(scan.free(index + 1)) == .week { return dayOfWeek(scan, at: index + 2, weeksAhead: 1) }
            if let weekday = weekday(scan, at: index + 1) { return (index + 2, .weekdayAfterToday(weekday)) }
            return scan.match(["following", "day"], at: index).map { ($0, .relativeDays(1)) }
        case "next", "last", "penultimate", "antepenultimate":
            if norm == "next", let result = possessivePeriod(scan, at: index, ahead: 1) { return result }
            // "last Friday of the month", "next to last Friday of March", "the last business day of the month".
            if let result = nthWeekday(scan, at: index) { return result }
            return norm == "next" || norm == "last" ? nextOrLast(scan, at: index, offset: norm == "next" ? 1 : -1) : nil
        case "week":
            if let end = scan.match(["week", "after", "next"], at: index) { return dayOfWeek(scan, at: end, weeksAhead: 2) }
            return weekOf(scan, at: index)
        case "over":
            if let end = scan.matchAny([["over", "the", "weekend"], ["over", "this", "weekend"]], at: index) {
                return weekendDay(scan, at: end, weeksAhead: 0, otherwise: .weekend(next: false))
            }
            // "over the summer", "over Christmas".
            if namesQuarterOrSeason(scan, after: index), let result = namedSeason(scan, at: index + 1, introduced: true) { return result }
            if scan.isFree(index + 1), scan.tokens[index + 1].is(.holidayStart), let result = holiday(scan, at: index + 1) { return result }
            // "over the Easter weekend".
            if scan.free(index + 1) == "the", let result = recognize(scan, at: index + 1), scan.tokens[index + 2].is(.holidayStart) { return result }
            // "over the next few days".
            guard let (amount, unit, end) = NumberReader.durationAfterPreposition(scan, at: index + 1, nextOnly: true) else { return nil }
            return offset(amount, unit).map { (end, $0) }
        case "the":
            if scan.free(index + 1) == "day" { return relativeDay(scan, at: index + 1) }
            // "over the Easter weekend": the article goes with the day.
            if scan.isFree(index + 1), scan.tokens[index + 1].is(.holidayStart), let (holiday, end) = Holiday.named(scan, at: index + 1),
                scan.free(end) == "weekend"
            {
                return holidayWeekend(scan, holiday, at: index + 1, end: end)
            }
            // "before the year end": the article goes with the day.
            if let word = scan.free(index + 1), word == "month" || word == "quarter" || word == "year", scan.free(index + 2) == "end",
                let result = recognize(scan, at: index + 1)
            {
                return result
            }
            // "by the year 2030".
            if scan.free(index + 1) == "year", let previous = scan.norm(index - 1), monthIntroducers.contains(previous) {
                return monthOrYear(scan, at: index)
            }
            // "the following day", "the next day": the day after today.
            if let end = scan.matchAny([["the", "following", "day"], ["the", "next", "day"]], at: index) { return (end, .relativeDays(1)) }
            if let result = adjacentBusinessDay(scan, at: index) { return result }
            if scan.free(index + 1) == "following", let result = recognize(scan, at: index + 1) { return result }
            // "the week following": next week.
            if let end = scan.match(["the", "week", "following"], at: index), followsOK(scan, at: end) {
                return (end, .weekdayOfWeek(weeksAhead: 1, weekday: 0))
            }
            // "the first Monday after Christmas" is the Monday after it, "the last Monday before Christmas" the one before.
            if let word = scan.free(index + 1), word == "first" || word == "last", let weekday = weekday(scan, at: index + 2), let word = scan.free(index + 3),
                word == "after" || word == "before", let (end, spec) = afterWeekday(scan, weekday: weekday, at: index + 2), end > index + 4
            {
                return (end, spec)
            }
            // "the Thursday of next week", "the Monday after next".
            if let weekday = weekday(scan, at: index + 1), let (end, spec) = afterWeekday(scan, weekday: weekday, at: index + 1),
                end > index + 2
            {
                return (end, spec)
            }
            // "in the third quarter", "by the fall", "the last quarter of 2027", "the summer of 2027".
            if namesQuarterOrSeason(scan, after: index), let result = namedQuarterOrSeason(scan, at: index) { return result }
            if scan.free(index + 1) == "last", let result = nthWeekday(scan, at: index) ?? nextOrLast(scan, at: index + 1, offset: -1) {
                return result
            }
            // "the final Tuesday of next month".
            if scan.free(index + 1) == "final", let result = nthWeekday(scan, at: index) ?? nextOrLast(scan, at: index + 1, offset: -1) {
                return result
            }
            // "the coming Sunday".
            if scan.free(index + 1) == "coming" || scan.free(index + 1) == "upcoming", let weekday = weekday(scan, at: index + 2) {
                return (index + 3, .weekdayAfterToday(weekday))
            }
            if let end = scan.match(["the", "coming", "weekend"], at: index) {
                return weekendDay(scan, at: end, weeksAhead: 0, otherwise: .weekend(next: false))
            }
            if let result = periodAfterNext(scan, at: index + 1) { return result }
            if let end = scan.match(["the", "week", "after", "next"], at: index) { return dayOfWeek(scan, at: end, weeksAhead: 2) }
            if scan.free(index + 1) == "week", let result = weekOf(scan, at: index + 1) { return result }
            // "the weekend of the 5th".
            if let start = scan.match(["the", "weekend", "of"], at: index), scan.isFree(start), mayStart(scan.tokens[start]),
                let (end, base) = recognize(scan, at: start)
            {
                return (end, .weekendOf(base))
            }
            if let end = scan.match(["the", "weekend"], at: index) {
                // "the weekend schedule", "for the weekend crew": the weekend names a thing.
                if end < scan.range.upperBound, scan.isFree(end), scan.tokens[end].isWord, scan.tokens[end].number == nil,
                    !scan.tokens[end].is(.weekday), !Lexicon.dayParts.contains(scan.tokens[end].norm),
                    !weekendFollowers.contains(scan.tokens[end].norm),
                    // "the weekend schedule", not "the weekend call the movers".
                    !(scan.tokens[end].is(.actionVerb) && end + 1 < scan.range.upperBound && scan.tokens[end + 1].is(.objectStarter))
                {
                    return nil
                }
                if let stop = scan.match(["after", "next"], at: end) { return weekendDay(scan, at: stop, weeksAhead: 1, otherwise: .weekend(next: true)) }
                // "the weekend before Christmas": the Saturday of the last weekend before that day, or of the first after it.
                if let word = scan.free(end), word == "before" || word == "after", scan.isFree(end + 1), mayStart(scan.tokens[end + 1]),
                    let (stop, base) = recognize(scan, at: end + 1)
                {
                    return (stop, .weekdayBeside(base, weekday: 5, after: word == "after"))
                }
                return weekendDay(scan, at: end, weeksAhead: 0, otherwise: .weekend(next: false))
            }
            return partOfPeriod(scan, at: index) ?? nthWeekday(scan, at: index) ?? dayOfMonth(scan, at: index)
        case "end", "start", "beginning", "middle", "mid", "early", "late":
            // "early tomorrow morning", "late tomorrow night": the part of the day said after it sets the hour.
            if norm == "early" || norm == "late", let word = scan.free(index + 1), word == "tomorrow" || word == "today",
                scan.isConsumed(index + 2)
            {
                return (index + 2, .relativeDays(word == "tomorrow" ? 1 : 0))
            }
            return partOfPeriod(scan, at: index)
        case "month", "quarter", "year":
            if let result = periodAfterNext(scan, at: index) { return result }
            // "the year-end report", "our month-end close": a period's end naming a thing is no due day.
            if scan.free(index + 1) == "end", !(TimeRecognizer.attributiveDeterminers.contains(scan.norm(index - 1) ?? "") && !followsOK(scan, at: index + 2)) {
                switch norm {
                case "month": return (index + 2, .endOfMonth(monthsAhead: 0))
                case "quarter": return (index + 2, .quarter(quartersAhead: 0, part: 1))
                default: return (index + 2, .dayInYear(month: 12, day: 31, yearsAhead: 0))
                }
            }
            return nil
        case "in", "within", "during":
            if norm != "during", let (amount, unit, said) = NumberReader.durationAfterPreposition(scan, at: index + 1),
                let spec = offset(amount, unit)
            {
                // "in three weeks' time on Friday".
                let end = NumberReader.timeSuffix(scan, at: said)
                // "in two weeks on Friday": that weekday of the week so many weeks on.
                if unit == .week, amount == amount.rounded(), scan.free(end) == "on", let weekday = weekday(scan, at: end + 1) {
                    return (end + 2, .weekdayOfWeek(weeksAhead: Int(amount), weekday: weekday))
                }
                // "in a week from Monday": counted from that day.
                if scan.free(end) == "from", scan.isFree(end + 1), mayStart(scan.tokens[end + 1]), let (stop, base) = recognize(scan, at: end + 1) {
                    return (stop, shift(base, by: spec))
                }
                return (end, spec)
            }
            if norm == "in", let result = countedWeekdays(scan, at: index + 1, introduced: true) { return result }
            // "within the week" is due by its end, as "this week" is.
            if norm == "within" {
                guard let start = scan.match(["within", "the"], at: index), let spec = periodEnd(period(scan.free(start))) else { return nil }
                return (start + 1, spec)
            }
            if let result = monthOrYear(scan, at: index + 1) { return result }
            // "during Thanksgiving".
            if norm == "during", scan.isFree(index + 1), scan.tokens[index + 1].is(.holidayStart), let result = holiday(scan, at: index + 1) {
                return result
            }
            if namesQuarterOrSeason(scan, after: index),
                let result = namedQuarter(scan, at: index + 1, introduced: true) ?? namedSeason(scan, at: index + 1, introduced: true)
            {
                return result
            }
            // "in early March", "in the middle of next week"; not the particle of "check in early next week".
            guard let previous = scan.previousWordIndex(before: index), !scan.tokens[previous].is(.actionVerb) else { return nil }
            return partOfPeriod(scan, at: index + 1)
        case "eow":
            return scan.match(["next", "week"], at: index + 1).map { ($0, .endOfWeek(next: true)) } ?? (index + 1, .endOfWeek(next: false))
        case "eom":
            return (index + 1, .endOfMonth(monthsAhead: 0))
        case "eoy":
            return (index + 1, .dayInYear(month: 12, day: 31, yearsAhead: 0))
        case "eoq":
            return (index + 1, .quarter(quartersAhead: 0, part: 1))
        default:
            break
        }
        // "by Q3", "Q4 2028", "before winter", "winter 2027".
        if token.is(.quarterOrSeason) { return namedQuarterOrSeason(scan, at: index) }
        if let weekday = weekday(scan, at: index) {
            return afterWeekday(scan, weekday: weekday, at: index)
        }
        if token.is(.month), let month = Lexicon.months[norm] {
            if let result = monthThenDay(scan, month: month, at: index) { return result }
            // "by June 2028", "before March", "March 2031".
            guard let (end, spec) = monthOrYear(scan, at: index) else { return nil }
            if let previous = scan.norm(index - 1), monthIntroducers.contains(previous) { return (end, spec) }
            return end > index + 1 ? (end, spec) : nil
        }
        // "by 2030", "before two thousand and thirty".
        if let previous = scan.norm(index - 1), monthIntroducers.contains(previous), let (year, end) = NumberReader.year(scan, at: index),
            followsOK(scan, at: end)
        {
            return (end, .monthDay(month: 1, day: 1, year: year))
        }
        // "3 days from now", "a week from tomorrow", "2 weeks ago", "3 days before Friday", "two weeks hence".
        if let (amount, unit, end) = NumberReader.duration(scan, at: index), let spec = offset(amount, unit) {
            if let stop = scan.match(["ago"], at: end) { return (stop, negated(spec)) }
            if let stop = scan.matchAny([["from", "now"], ["from", "today"], ["hence"], ["later"]], at: end) { return (stop, spec) }
            // "a week on Friday" is a week from it.
            if let word = scan.free(end), word == "from" || word == "after" || word == "before" || (word == "on" && weekday(scan, at: end + 1) != nil),
                let (stop, base) = recognize(scan, at: end + 1)
            {
                return (stop, shift(base, by: word == "before" ? negated(spec) : spec))
            }
            // British "a week Friday", "a fortnight Monday": so many weeks after the coming one.
            if case .relativeDays(let days) = spec, days % 7 == 0, let weekday = weekday(scan, at: end), followsOK(scan, at: end + 1) {
                return (end + 1, .shifted(.weekdayAfterToday(weekday), days: days, months: 0))
            }
            // British "a week tomorrow", "a fortnight today".
            if let word = scan.free(end), word == "tomorrow" || word == "today", case .relativeDays(let days) = spec, days % 7 == 0,
                followsOK(scan, at: end + 1)
            {
                return (end + 1, .relativeDays(days + (word == "tomorrow" ? 1 : 0)))
            }
            // "remind me a week before": before the day of the task said before it.
            if let word = scan.free(end), word == "before" || word == "after", case .relativeDays(let days) = spec,
                anchorEnds(scan, at: end + 1)
            {
                return (end + 1, .anchored(days: word == "before" ? -days : days))
            }
        }
        if token.is(.cardinal) || token.number != nil, let result = countedWeekdays(scan, at: index, introduced: false) { return result }
        return nthWeekday(scan, at: index) ?? dayOfMonth(scan, at: index)
    }

    /// "two Fridays from now", "2 Tuesdays from today", "three Mondays ago", and after "in" ("in two Fridays"): the `n`th
    /// such weekday after (or before) today, counting the coming one as the first.
    private static func countedWeekdays(_ scan: SegmentScan, at index: Int, introduced: Bool) -> (Int, DateSpec)? {
        guard let (n, end) = NumberReader.cardinal(scan, at: index), (2...52).contains(n), let word = scan.free(end),
            let weekday = Lexicon.pluralWeekdays[word]
        else { return nil }
        let ahead: DateSpec = .shifted(.weekdayAfterToday(weekday), days: 7 * (n - 1), months: 0)
        if introduced { return followsOK(scan, at: end + 1) ? (end + 1, ahead) : nil }
        if let stop = scan.matchAny([["from", "now"], ["from", "today"], ["hence"], ["later"]], at: end + 1) { return (stop, ahead) }
        if let stop = scan.match(["ago"], at: end + 1) { return (stop, .shifted(.weekdayBeforeToday(weekday), days: -7 * (n - 1), months: 0)) }
        return nil
    }

    /// "this weekend on Sunday", "next weekend, Saturday" at `index`: that day of the weekend `weeksAhead` weeks on;
    /// else the weekend itself (`otherwise`).
    private static func weekendDay(_ scan: SegmentScan, at index: Int, weeksAhead: Int, otherwise spec: DateSpec) -> (Int, DateSpec) {
        var cursor = index
        if let word = scan.free(cursor), word == "on" || word == "," { cursor += 1 }
        guard let weekday = weekday(scan, at: cursor), weekday >= 5 else { return (index, spec) }
        return (cursor + 1, .weekdayOfWeek(weeksAhead: weeksAhead, weekday: weekday))
    }

    /// "week of December 14th", "week of the 14th", "week of Thanksgiving": due the Monday of that week, like "next week".
    private static func weekOf(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        guard let start = scan.match(["week", "of"], at: index), scan.isFree(start), mayStart(scan.tokens[start]),
            let (end, base) = recognize(scan, at: start)
        else { return nil }
        return (end, .weekOf(base))
    }

    /// Words before a month or a year alone that make it a due date ("by June", "in 2030").
    static let monthIntroducers: Set<String> = ["in", "by", "before", "until", "till", "during", "for", "due", "starting"]

    /// "March 2031", "June", "June next year", "2030", "the year twenty thirty" after "in"/"by"/…: the first day of
    /// that month or year. A year said is kept even when it is past; a month alone is its next first day ("by March"
    /// = 2027-03-01). Lower-case "may" alone is the verb, not the month.
    private static func monthOrYear(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        if let word = scan.free(index), scan.tokens[index].is(.month), let month = Lexicon.months[word] {
            var cursor = index + 1
            if scan.free(cursor) == "." { cursor += 1 }
            if scan.free(cursor) == "," || scan.free(cursor) == "of" { cursor += 1 }
            if let (year, end) = NumberReader.year(scan, at: cursor) { return (end, .monthDay(month: month, day: 1, year: year)) }
            // "June next year", "June of next year".
            if let (shift, end) = relativeYear(scan, at: cursor) { return (end, .dayInYear(month: month, day: 1, yearsAhead: shift)) }
            guard word != "may" || scan.tokens[index].isCapitalized, followsOK(scan, at: index + 1) else { return nil }
            return (index + 1, .monthDay(month: month, day: 1, year: nil))
        }
        let start = scan.match(["the", "year"], at: index) ?? index
        guard let (year, end) = NumberReader.year(scan, at: start), followsOK(scan, at: end) else { return nil }
        return (end, .monthDay(month: 1, day: 1, year: year))
    }

    /// "[of|in] [the] this/next/last/following week|month", "[of] the month after next": a week or month said
    /// relative to this one, with how many it is ahead.
    private static func relativePeriod(_ scan: SegmentScan, at index: Int) -> (period: Period, shift: Int, end: Int)? {
        var cursor = index
        if let word = scan.free(cursor), word == "of" || word == "in" { cursor += 1 }
        if scan.free(cursor) == "the" {
            cursor += 1
            if let period = period(scan.free(cursor)), period == .week || period == .month,
                let end = scan.match(["after", "next"], at: cursor + 1)
            {
                return (period, 2, end)
            }
        }
        guard let shift = periodOffset(scan.free(cursor)), scan.free(cursor) != "the",
            let period = period(scan.free(cursor + 1)), period == .week || period == .month
        else { return nil }
        return (period, shift, cursor + 2)
    }

    /// "day after tomorrow", "day before yesterday", "day after next", "the day before Christmas", "the day after
    /// Friday" (after an optional "the").
    private static func relativeDay(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        if let end = scan.matchAny([["day", "after", "tomorrow"], ["day", "after", "next"]], at: index) { return (end, .relativeDays(2)) }
        if let end = scan.match(["day", "before", "yesterday"], at: index) { return (end, .relativeDays(-2)) }
        if let word = scan.free(index + 1), word == "after" || word == "before", scan.isFree(index + 2),
            mayStart(scan.tokens[index + 2]), let (end, base) = recognize(scan, at: index + 2)
        {
            return (end, shift(base, by: .relativeDays(word == "after" ? 1 : -1)))
        }
        // "prepare the paperwork the day before": before the day of the task said before it.
        if let word = scan.free(index + 1), word == "after" || word == "before", anchorEnds(scan, at: index + 2) {
            return (index + 2, .anchored(days: word == "after" ? 1 : -1))
        }
        return nil
    }

    /// Whether nothing that could name a day follows "before"/"after" at `index` ("remind me a week before", "the night
    /// before, pack"), so it counts from the day of the task said before.
    static func anchorEnds(_ scan: SegmentScan, at index: Int) -> Bool {
        // "send the invitations two weeks before": before what the note never says; the words stay in the title.
        guard scan.hasAnchorDay else { return false }
        guard index < scan.range.upperBound else { return true }
        let token = scan.tokens[index]
        return token.isPunctuation || ["and", "then", "too", "please", "at", "so", "also", "as", "just", "to"].contains(token.norm)
    }

    /// "by Christmas", "on Thanksgiving Day", "before New Year's Eve 2027", "the day after Easter": a holiday after
    /// a word that makes it a due date, and nothing after it that makes it a name's part ("Thanksgiving dinner").
    private static func holiday(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        guard let (holiday, end) = Holiday.named(scan, at: index) else { return nil }
        let previous = scan.norm(index - 1) ?? ""
        if scan.free(end) == "weekend" { return holidayWeekend(scan, holiday, at: index, end: end) }
        let introduced =
            Holiday.introducers.contains(previous)
            // "the day after Christmas", "3 days after Christmas", "the Monday after Thanksgiving", "the weekend after Thanksgiving".
            || (previous == "after"
                && scan.norm(index - 2).map {
                    NumberReader.unit($0) != nil || Lexicon.weekdays[$0] != nil || ["weekend", "morning", "afternoon", "evening", "night"].contains($0)
                } == true)
            || (previous == "of" && scan.norm(index - 2) == "week")
            // "from Black Friday through Cyber Monday", "from Christmas Eve to New Year's Day": the days of a range.
            || (previous == "from" && rangeEnd(scan, from: index, after: end).map { $0 < scan.range.upperBound && mayStart(scan.tokens[$0]) } == true)
            // (`previous` is a word of the segment, so `index - 1` is in it.)
            || (["to", "until", "till"].contains(previous)
                && (max(scan.range.lowerBound, index - 6)..<index - 1).contains { scan.tokens[$0].norm == "from" })
        // "Christmas morning", "New Year's Eve at 11 pm": a time of the holiday said right after it makes it the day,
        // unless it is a verb's object or a name's part ("watch Independence Day at 8", "the Thanksgiving dinner at 6").
        let timeStart = scan.norm(end) == "at" ? end + 1 : end
        let timed =
            scan.isConsumed(timeStart) && (timeStart > end || Lexicon.dayParts.contains(scan.tokens[end].norm))
            && index > scan.range.lowerBound
            && !scan.tokens[index - 1].is(.actionVerb) && !TimeRecognizer.attributiveDeterminers.contains(previous)
        // "Christmas Eve pick up Nana", "Thanksgiving morning put the turkey in": a holiday that opens the clause, before
        // its action.
        var actionStart = end
        while actionStart < scan.range.upperBound, scan.isConsumed(actionStart) || scan.tokens[actionStart].is(.connective) {
            actionStart += 1
        }
        // What follows is said of the holiday ("Christmas Eve at 8 is the party").
        func saysOfIt(_ at: Int) -> Bool { ["is", "was", "will", "are", "were", "has"].contains(scan.norm(at) ?? "") }
        let opening =
            scan.opensClause(at: index)
            && (openingActionFollows(scan, at: actionStart)
                || (actionStart > end && actionStart < scan.range.upperBound && !saysOfIt(actionStart)))
        // "On St. Patrick's Day wear green": an introduced holiday that opens the clause, before whatever is to be done.
        let introducedFirst =
            introduced && scan.opensClause(at: index - 1) && end < scan.range.upperBound && scan.tokens[end].isWord && !saysOfIt(end)
            && !Holiday.compounds.contains(scan.tokens[end].norm)
        // "Small Business Saturday, open the shop at 7", "Halloween, like, buy the candy": a holiday said as a clause of
        // its own, before the task.
        let partEnd = Lexicon.dayParts.contains(scan.norm(end) ?? "") ? end + 1 : end
        let alone =
            scan.opensClause(at: index) && partEnd < scan.tokens.count && scan.tokens[partEnd].isClauseBreak
            && (partEnd..<scan.range.upperBound).allSatisfy {
                scan.tokens[$0].isPunctuation || scan.tokens[$0].is(.filler) || scan.tokens[$0].is(.discourse) || scan.tokens[$0].norm == "like"
            }
        // "call Sam New Year's Day", "buy a turkey Thanksgiving": said last, after the task's object (not "watch
        // Independence Day", "plan the Thanksgiving", "tell Sam happy Thanksgiving").
        let saidLast =
            index - 1 > scan.range.lowerBound && scan.tokens[index - 1].isWord && !scan.tokens[index - 1].is(.actionVerb)
            && !TimeRecognizer.attributiveDeterminers.contains(previous) && !Holiday.nameOpeners.contains(previous)
            && (end..<scan.range.upperBound).allSatisfy { scan.tokens[$0].isPunctuation }
        guard introduced || timed || opening || alone || saidLast else { return nil }
        var cursor = end
        if scan.free(cursor) == "," { cursor += 1 }
        if let (year, stop) = NumberReader.year(scan, at: cursor), followsOK(scan, at: stop) { return (stop, holiday.spec(year: year)) }
        // "On Thanksgiving call Aunt Linda": an action after an introduced holiday.
        return followsOK(scan, at: end) || saidAfterTime(scan, at: index) || opening || introducedFirst || alone
            || (introduced && actionFollows(scan, at: end)) || saidLast
            ? (end, holiday.spec(year: nil)) : nil
    }

    /// "over Memorial Day weekend", "on the Easter weekend", "go camping Labor Day weekend": the Saturday of the
    /// weekend a holiday falls in or, for a Monday holiday, the one before it. Not a name's part ("the Memorial Day
    /// weekend trip", "a Thanksgiving weekend sale").
    private static func holidayWeekend(_ scan: SegmentScan, _ holiday: Holiday, at index: Int, end: Int) -> (Int, DateSpec)? {
        let previous = scan.norm(index - 1) ?? ""
        let introducer = previous == "the" ? scan.norm(index - 2) ?? "" : previous
        // "book flights for Christmas weekend" says what the flights are for, as "for Christmas" does.
        guard followsOK(scan, at: end + 1),
            Holiday.introducers.contains(introducer)
                || (index > scan.range.lowerBound && !TimeRecognizer.attributiveDeterminers.contains(previous)
                    && !["for", "of", "to", "from", "about"].contains(introducer))
        else { return nil }
        return (end + 1, .weekendOf(.shifted(holiday.spec(year: nil), days: -1, months: 0)))
    }

    /// "next Friday", "next week [on Thursday]", "next weekend", "next month", "next year", "last Friday",
    /// "last week", "last month", "last day of the month", "last Friday of the month".
    private static func nextOrLast(_ scan: SegmentScan, at index: Int, offset: Int) -> (Int, DateSpec)? {
        if let result = adjacentBusinessDay(scan, at: index) { return result }
        if offset > 0, let result = namedMonthAhead(scan, at: index + 1) { return result }
        if let weekday = weekday(scan, at: index + 1) {
            if offset < 0, let result = nthWeekdayTail(scan, n: -1, day: .weekday(weekday), at: index + 2) { return result }
            // "next Monday week": a week after next week's Monday.
            if offset > 0, let days = weeksLater(scan, at: index + 2) {
                return (index + 3, .shifted(.weekdayOfWeek(weeksAhead: 1, weekday: weekday), days: days, months: 0))
            }
            return (index + 2, offset > 0 ? .weekdayOfWeek(weeksAhead: 1, weekday: weekday) : .weekdayBeforeToday(weekday))
        }
        // ("the final day of next month".)
        if offset < 0, scan.matchAny([["last", "day", "of"], ["final", "day", "of"]], at: index) != nil {
            var cursor = index + 3
            if scan.free(cursor) == "the" { cursor += 1 }
            if period(scan.free(cursor)) == .month { return (cursor + 1, .endOfMonth(monthsAhead: 0)) }
            if period(scan.free(cursor)) == .quarter { return (cursor + 1, .quarter(quartersAhead: 0, part: 1)) }
            // "the last day of the week" is its Sunday.
            if period(scan.free(cursor)) == .week { return (cursor + 1, .weekdayOfWeek(weeksAhead: 0, weekday: 6)) }
            // "the last day of February", "the last day of the year", "the last day of next year".
            if let word = scan.free(index + 3), scan.tokens[index + 3].is(.month), let month = Lexicon.months[word] {
                return lastDay(scan, of: month, at: index + 4)
            }
            if let (shift, end) = relativeYear(scan, at: index + 3) ?? scan.match(["the", "year"], at: index + 3).map({ (0, $0) }) {
                return (end, .dayInYear(month: 12, day: 31, yearsAhead: shift))
            }
            guard let (period, shift, end) = relativePeriod(scan, at: index + 3) else { return nil }
            return (end, period == .month ? .endOfMonth(monthsAhead: shift) : .weekdayOfWeek(weeksAhead: shift, weekday: 6))
        }
        guard let word = scan.free(index + 1) else { return nil }
        if let result = relativeSeason(scan, at: index + 1, which: offset > 0 ? .next : .last) { return result }
        if word == "weekend" {
            let spec: DateSpec = offset > 0 ? .weekend(next: true) : .shifted(.weekend(next: false), days: -7, months: 0)
            return weekendDay(scan, at: index + 2, weeksAhead: offset, otherwise: spec)
        }
        switch period(word) {
        case .week:
            return dayOfWeek(scan, at: index + 2, weeksAhead: offset)
        case .month:
            // "next month on the 5th".
            var cursor = index + 2
            if scan.free(cursor) == "on" { cursor += 1 }
            if scan.free(cursor) == "the", let (day, end, _) = NumberReader.ordinal(scan, at: cursor + 1), (1...31).contains(day) {
                return (end, .dayInMonth(day: day, monthsAhead: offset))
            }
            return (index + 2, .dayInMonth(day: 1, monthsAhead: offset))
        case .year:
            // "next year on December 20th", "next year in June".
            var cursor = index + 2
            if let word = scan.free(cursor), word == "on" || word == "in" { cursor += 1 }
            if let word = scan.free(cursor), scan.tokens[cursor].is(.month), let month = Lexicon.months[word],
                let (end, spec) = monthThenDay(scan, month: month, at: cursor) ?? monthOrYear(scan, at: cursor),
                case .monthDay(let month, let day, nil) = spec
            {
                return (end, .dayInYear(month: month, day: day, yearsAhead: offset))
            }
            return (index + 2, .dayInYear(month: 1, day: 1, yearsAhead: offset))
        case .quarter:
            return (index + 2, .quarter(quartersAhead: offset, part: -1))
        case nil:
            return nil
        }
    }

    /// What may follow a weekday: "next week", "this week", "last week", "after next", "week after next",
    /// "the 27th", "November 27th".
    private static func afterWeekday(_ scan: SegmentScan, weekday: Int, at index: Int) -> (Int, DateSpec)? {
        var cursor = index + 1
        if scan.free(cursor) == "," { cursor += 1 }
        // "the Monday after Thanksgiving", "Friday before the 25th": the first such weekday beside that day.
        if let word = scan.free(index + 1), word == "after" || word == "before", scan.isFree(index + 2), scan.free(index + 2) != "next",
            mayStart(scan.tokens[index + 2]), let (end, base) = recognize(scan, at: index + 2)
        {
            return (end, .weekdayBeside(base, weekday: weekday, after: word == "after"))
        }
        // "Saturday morning next week": the part of the day, read as a time already, may come between.
        var week = index + 1
        if scan.isConsumed(week), let word = scan.norm(week), Lexicon.dayParts.contains(word) { week += 1 }
        if let end = scan.match(["next", "week"], at: week) { return (end, .weekdayOfWeek(weeksAhead: 1, weekday: weekday)) }
        // "Monday this week" is this week's Monday, even when it has passed.
        if let end = scan.match(["this", "week"], at: week) { return (end, .weekdayOfWeek(weeksAhead: 0, weekday: weekday)) }
        if let end = scan.match(["last", "week"], at: week) { return (end, .weekdayOfWeek(weeksAhead: -1, weekday: weekday)) }
        // "Sunday this weekend", "Saturday next weekend".
        if weekday >= 5, let word = scan.free(index + 1), let shift = periodOffset(word), word != "the", scan.free(index + 2) == "weekend" {
            return (index + 3, .weekdayOfWeek(weeksAhead: shift, weekday: weekday))
        }
        if let end = scan.matchAny([["week", "after", "next"], ["the", "week", "after", "next"]], at: index + 1) {
            return (end, .weekdayOfWeek(weeksAhead: 2, weekday: weekday))
        }
        if let end = scan.match(["after", "next"], at: index + 1) {
            return (end, .shifted(.weekdayAfterToday(weekday), days: 7, months: 0))
        }
        // "Friday week", "Monday fortnight": a week or two after the coming one.
        if let days = weeksLater(scan, at: index + 1) {
            return (index + 2, .shifted(.weekdayAfterToday(weekday), days: days, months: 0))
        }
        // "Monday next": next week's Monday.
        if scan.free(index + 1) == "next", followsOK(scan, at: index + 2) || scan.free(index + 2) == "at" {
            return (index + 2, .weekdayOfWeek(weeksAhead: 1, weekday: weekday))
        }
        // "Tue 12/8", "Tuesday, 3 March 2031": the date says which Tuesday.
        if scan.isFree(cursor), case .slashDate(let month, let day, let year) = scan.tokens[cursor].kind {
            return (cursor + 1, .monthDay(month: month, day: day, year: year))
        }
        if scan.isFree(cursor), scan.tokens[cursor].number != nil, let (end, spec) = dayOfMonth(scan, at: cursor), case .monthDay = spec {
            return (end, spec)
        }
        // "Friday of next week", "Wednesday of this week", "Tuesday of the following week".
        if scan.free(index + 1) == "of", let (period, shift, end) = relativePeriod(scan, at: index + 1), period == .week {
            return (end, .weekdayOfWeek(weeksAhead: shift, weekday: weekday))
        }
        // "Friday, November 27th": the date says which Friday.
        if let word = scan.free(cursor), let month = Lexicon.months[word], let result = monthThenDay(scan, month: month, at: cursor) {
            return result
        }
        var dayStart = cursor
        if scan.free(dayStart) == "the" { dayStart += 1 }
        if let (day, end, _) = NumberReader.ordinal(scan, at: dayStart), (1...31).contains(day) {
            if let (month, stop) = ofMonth(scan, at: end) { return withYear(scan, at: stop, month: month, day: day) }
            // "Fri 20th Nov": the month right after the day.
            if let word = scan.free(end), scan.tokens[end].is(.month), let month = Lexicon.months[word], word != "may" || scan.tokens[end].isCapitalized {
                return withYear(scan, at: end + 1, month: month, day: day)
            }
            return (end, .weekdayDayOfMonth(weekday: weekday, day: day))
        }
        return (index + 1, .weekdayAfterToday(weekday))
    }

    /// "[the] end/start/beginning/middle of [the/this/next/last] week/month/year", "mid next week",
    /// "early next month", "late next year".
    private static func partOfPeriod(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        var cursor = index
        if scan.free(cursor) == "the" { cursor += 1 }
        guard let position = scan.free(cursor) else { return nil }
        let part: Int  // -1 start, 0 middle, 1 end
        switch position {
        case "start", "beginning", "early": part = -1
        case "middle", "mid": part = 0
        case "end", "late": part = 1
        default: return nil
        }
        cursor += 1
        if scan.free(cursor) == "of" { cursor += 1 }
        // "the end of March", "early December", "mid December 2027": the last day, the 1st, the 15th of that month.
        if let word = scan.free(cursor), scan.tokens[cursor].is(.month), let month = Lexicon.months[word],
            word != "may" || scan.tokens[cursor].isCapitalized
        {
            return part > 0 ? lastDay(scan, of: month, at: cursor + 1) : withYear(scan, at: cursor + 1, month: month, day: part < 0 ? 1 : 15)
        }
        // "the end of Q1 2027", "the start of the third quarter", "the end of summer", "early next spring".
        if let (quarter, end, _) = quarterName(scan, at: cursor) { return quarterDay(scan, quarter: quarter, part: part, at: end) }
        if let result = partOfSeason(scan, part: part, at: cursor) { return result }
        // "by the end of 2027", "early 2028", "mid 2029": December 31st, January 1st, July 1st of that year.
        if let (year, end) = NumberReader.year(scan, at: cursor), followsOK(scan, at: end) {
            return (end, part > 0 ? .monthDay(month: 12, day: 31, year: year) : .monthDay(month: part < 0 ? 1 : 7, day: 1, year: year))
        }
        var shift = 0
        if let word = scan.free(cursor), let value = periodOffset(word) {
            shift = value
            cursor += 1
        }
        guard let period = period(scan.free(cursor)) else { return nil }
        var end = cursor + 1
        // "the end of week summary", "end of month statements": a bare period before a noun names the thing.
        if scan.free(cursor - 1) == "of", period == .week || period == .month, !followsOK(scan, at: end) { return nil }
        // "the end of the week after next".
        if shift == 0, period != .year, let stop = scan.match(["after", "next"], at: end) { (shift, end) = (2, stop) }
        switch (period, part) {
        case (.week, -1): return (end, .weekdayOfWeek(weeksAhead: shift, weekday: 0))
        case (.week, 0): return (end, .weekdayOfWeek(weeksAhead: shift, weekday: 2))
        case (.week, _):
            return (end, shift == 0 ? .endOfWeek(next: false) : shift == 1 ? .endOfWeek(next: true) : .weekdayOfWeek(weeksAhead: shift, weekday: 4))
        case (.month, -1): return (end, .dayInMonth(day: 1, monthsAhead: shift))
        case (.month, 0): return (end, .dayInMonth(day: 15, monthsAhead: shift))
        case (.month, _): return (end, .endOfMonth(monthsAhead: shift))
        // "the end of quarter report" names a report.
        case (.quarter, _): return followsOK(scan, at: end) ? (end, .quarter(quartersAhead: shift, part: part)) : nil
        case (.year, -1): return (end, .dayInYear(month: 1, day: 1, yearsAhead: shift))
        case (.year, 0): return (end, .dayInYear(month: 7, day: 1, yearsAhead: shift))
        case (.year, _): return (end, .dayInYear(month: 12, day: 31, yearsAhead: shift))
        }
    }

    /// The last day of `month`, with an optional year after it at `index` ("the end of March 2030", "end of Feb").
    static func lastDay(_ scan: SegmentScan, of month: Int, at index: Int) -> (Int, DateSpec) {
        let (end, spec) = withYear(scan, at: index, month: month, day: 1)
        if case .dayInYear(_, _, let shift) = spec {
            return (end, .shifted(.dayInYear(month: month % 12 + 1, day: 1, yearsAhead: month == 12 ? shift + 1 : shift), days: -1, months: 0))
        }
        guard case .monthDay(_, _, let year) = spec else { return (end, spec) }
        // The day before the next 1st of the following month.
        let first: DateSpec = .monthDay(month: month % 12 + 1, day: 1, year: year.map { month == 12 ? $0 + 1 : $0 })
        return (end, .shifted(first, days: -1, months: 0))
    }

    /// "April" after "next" or "this": the next April 1st, or the day said ("next April 3rd").
    private static func namedMonthAhead(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        guard let word = scan.free(index), scan.tokens[index].is(.month), let month = Lexicon.months[word],
            word != "may" || scan.tokens[index].isCapitalized
        else { return nil }
        if let result = monthThenDay(scan, month: month, at: index) { return result }
        return followsOK(scan, at: index + 1) ? (index + 1, .monthDay(month: month, day: 1, year: nil)) : nil
    }

    /// "month after next", "year after next" at `index`: the first day of that month or year.
    private static func periodAfterNext(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        guard let period = period(scan.free(index)), period != .week, let end = scan.match(["after", "next"], at: index + 1) else { return nil }
        switch period {
        case .month: return (end, .dayInMonth(day: 1, monthsAhead: 2))
        case .quarter: return (end, .quarter(quartersAhead: 2, part: -1))
        default: return (end, .dayInYear(month: 1, day: 1, yearsAhead: 2))
        }
    }

    /// "[the] first Monday of next month", "the last Friday of the month", "the second Tuesday in March", "the second to
    /// last Friday of the month", "the last business day of the month", "the third working day of March", "the
    /// penultimate day of next month".
    private static func nthWeekday(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        var cursor = index
        if scan.free(cursor) == "the" { cursor += 1 }
        let n: Int
        let after: Int
        if let (value, end) = countFromEnd(scan, at: cursor) {
            (n, after) = (value, end)
        } else if let (value, end, _) = NumberReader.ordinal(scan, at: cursor), (1...23).contains(value) {
            (n, after) = (value, end)
        } else {
            return nil
        }
        if (-5...5).contains(n), let weekday = weekday(scan, at: after) {
            if let result = nthWeekdayTail(scan, n: n, day: .weekday(weekday), at: after + 1) ?? nthOfYear(scan, n: n, day: .weekday(weekday), at: after + 1) {
                return result
            }
            // "the second Friday" alone: of this month while it is ahead, else of the next month that has one; "the second
            // Friday from now" counts them from today.
            guard n > 0, scan.free(index) == "the" else { return nil }
            if let stop = scan.matchAny([["from", "now"], ["from", "today"]], at: after + 1) {
                return (stop, .shifted(.weekdayAfterToday(weekday), days: 7 * (n - 1), months: 0))
            }
            let next = scan.free(after + 1)
            guard next != "of", next != "in", followsOK(scan, at: after + 1) else { return nil }
            return (after + 1, .nthWeekdayAhead(n: n, weekday: weekday))
        }
        // A day said once ("business day", "weekday", "day"), not a count of them ("the last 3 days").
        guard let (unit, end) = NumberReader.unit(scan, at: after), scan.norm(end - 1)?.hasSuffix("s") == false else { return nil }
        switch unit {
        case .businessDay: return nthWeekdayTail(scan, n: n, day: .businessDay, at: end)
        // "the first week of December", "the last week of the month": weeks are Monday to Sunday.
        case .week where (-5...5).contains(n):
            return nthWeekdayTail(scan, n: n, day: .week, at: end) ?? nthOfYear(scan, n: n, day: .week, at: end)
        case .day where n < -1: return nthWeekdayTail(scan, n: n, day: .anyDay, at: end)
        // "the first weekend of December": a month's weekends are counted by their Saturdays.
        case .weekend where (-5...5).contains(n): return nthWeekdayTail(scan, n: n, day: .weekday(5), at: end)
        default: return nil
        }
    }

    /// "next month's third Wednesday", "this month's last Friday", "next month's 10th", "next week's Thursday": a day of
    /// the month or week said first, `ahead` months or weeks on.
    private static func possessivePeriod(_ scan: SegmentScan, at index: Int, ahead: Int) -> (Int, DateSpec)? {
        // (Not a thing of the month: "pay this month's second installment", "send this week's Monday meeting notes".)
        guard let (end, spec) = possessiveDay(scan, at: index, ahead: ahead), followsOK(scan, at: end),
            // ("next month's 3rd grade field trip", "this month's 4th of July party", "next month's 15th and 30th", "next month's third
            // Thursday is Thanksgiving": a thing of the month.)
            end >= scan.range.upperBound
                || !["of", "and", "or", "grade", "floor", "birthday", "anniversary", "annual", "is", "was", "will"].contains(scan.tokens[end].norm)
        else { return nil }
        return (end, spec)
    }

    private static func possessiveDay(_ scan: SegmentScan, at index: Int, ahead: Int) -> (Int, DateSpec)? {
        guard let period = scan.free(index + 1), period == "month's" || period == "week's" else { return nil }
        if period == "week's" {
            return weekday(scan, at: index + 2).map { (index + 3, .weekdayOfWeek(weeksAhead: ahead, weekday: $0)) }
        }
        if let (n, end) = countFromEnd(scan, at: index + 2), let weekday = weekday(scan, at: end) {
            return (end + 1, .nthWeekday(n: n, day: .weekday(weekday), month: nil, monthsAhead: ahead))
        }
        guard let (value, end, _) = NumberReader.ordinal(scan, at: index + 2) else { return nil }
        if (1...5).contains(value), let weekday = weekday(scan, at: end) {
            return (end + 1, .nthWeekday(n: value, day: .weekday(weekday), month: nil, monthsAhead: ahead))
        }
        return (1...31).contains(value) ? (end, .dayInMonth(day: value, monthsAhead: ahead)) : nil
    }

    /// A count from the end at `index`: "last" (-1); "second to last", "2nd last", "next to last", "penultimate", "last but
    /// one" (-2); "third from last", "antepenultimate" (-3); with the index after it.
    static func countFromEnd(_ scan: SegmentScan, at index: Int) -> (Int, Int)? {
        guard let word = scan.free(index) else { return nil }
        switch word {
        case "last":
            if scan.free(index + 1) == "but", let (value, end) = NumberReader.cardinal(scan, at: index + 2), (1...4).contains(value) {
                return (-value - 1, end)
            }
            return (-1, index + 1)
        case "final": return (-1, index + 1)
        case "penultimate": return (-2, index + 1)
        case "antepenultimate": return (-3, index + 1)
        case "next": return scan.match(["next", "to", "last"], at: index).map { (-2, $0) }
        default:
            guard let (value, end, _) = NumberReader.ordinal(scan, at: index), (2...5).contains(value),
                let stop = scan.matchAny([["to", "last"], ["last"], ["from", "last"], ["from", "the", "end"]], at: end)
            else { return nil }
            return (-value, stop)
        }
    }

    /// "[the] next business day", "the following working day", "the previous workday", "next weekday": one business day
    /// after (or before) today. Not "the last business day of the month" (`nthWeekday`).
    private static func adjacentBusinessDay(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        var cursor = index
        if scan.free(cursor) == "the" { cursor += 1 }
        guard let word = scan.free(cursor), word != "the", let offset = periodOffset(word), offset != 0,
            let (unit, end) = NumberReader.unit(scan, at: cursor + 1), unit == .businessDay,
            scan.free(end) != "of", scan.free(end) != "in"
        else { return nil }
        return (end, .businessDays(offset, from: .relativeDays(0)))
    }

    /// "of the year" after "the last week", "the first Monday": the last is December's, the first January's.
    private static func nthOfYear(_ scan: SegmentScan, n: Int, day: DayKind, at index: Int) -> (Int, DateSpec)? {
        guard let stop = scan.matchAny([["of", "the", "year"], ["of", "this", "year"], ["in", "the", "year"]], at: index) else { return nil }
        return (stop, .nthWeekday(n: n, day: day, month: n > 0 ? 1 : 12, monthsAhead: 0))
    }

    /// The last day of this week, month, quarter or year, as "this week" and "within the month" say it.
    private static func periodEnd(_ period: Period?) -> DateSpec? {
        switch period {
        case .week: .endOfWeek(next: false)
        case .month: .endOfMonth(monthsAhead: 0)
        case .quarter: .quarter(quartersAhead: 0, part: 1)
        case .year: .dayInYear(month: 12, day: 31, yearsAhead: 0)
        case nil: nil
        }
    }

    /// "[on] Friday" after a week said before `index` ("next week on Thursday", "the week after next Friday"): that day of
    /// the week `weeksAhead` weeks on, else its Monday.
    private static func dayOfWeek(_ scan: SegmentScan, at index: Int, weeksAhead: Int) -> (Int, DateSpec) {
        let stop = scan.free(index) == "on" ? index + 1 : index
        if let weekday = weekday(scan, at: stop) { return (stop + 1, .weekdayOfWeek(weeksAhead: weeksAhead, weekday: weekday)) }
        return (index, .weekdayOfWeek(weeksAhead: weeksAhead, weekday: 0))
    }

    /// The days "week" or "fortnight" add when said right after a day ("Friday week", "tomorrow fortnight", "next Monday
    /// week"), with nothing after it that makes it a noun.
    private static func weeksLater(_ scan: SegmentScan, at index: Int) -> Int? {
        guard let word = scan.free(index), word == "week" || word == "fortnight", followsOK(scan, at: index + 1) else { return nil }
        return word == "week" ? 7 : 14
    }

    /// "of the month", "of next month", "in March", "of this month" after "first Monday".
    private static func nthWeekdayTail(_ scan: SegmentScan, n: Int, day: DayKind, at index: Int) -> (Int, DateSpec)? {
        guard let preposition = scan.free(index), preposition == "of" || preposition == "in" else { return nil }
        var cursor = index + 1
        if let word = scan.free(cursor), let month = Lexicon.months[word] {
            // "the second Friday of March 2031".
            var stop = cursor + 1
            if scan.free(stop) == "," { stop += 1 }
            if let (year, end) = NumberReader.year(scan, at: stop) {
                return (end, .nthWeekday(n: n, day: day, month: month, monthsAhead: 0, year: year))
            }
            return (cursor + 1, .nthWeekday(n: n, day: day, month: month, monthsAhead: 0))
        }
        var shift = 0
        if let word = scan.free(cursor), let value = periodOffset(word) {
            shift = value
            cursor += 1
        }
        guard period(scan.free(cursor)) == .month else { return nil }
        return (cursor + 1, .nthWeekday(n: n, day: day, month: nil, monthsAhead: shift))
    }

    private static func negated(_ spec: DateSpec) -> DateSpec {
        switch spec {
        case .relativeDays(let days): .relativeDays(-days)
        case .relativeMonths(let months): .relativeMonths(-months)
        case .businessDays(let days, let base): .businessDays(-days, from: base)
        case .weekendsAhead(let n): .weekendsAhead(-n)
        default: spec
        }
    }

    /// `base` moved by an offset (`.relativeDays` or `.relativeMonths`).
    private static func shift(_ base: DateSpec, by offset: DateSpec) -> DateSpec {
        switch (base, offset) {
        case (.relativeDays(let days), .relativeDays(let more)): .relativeDays(days + more)
        // "3 business days before Friday".
        case (_, .businessDays(let days, _)): .businessDays(days, from: base)
        case (_, .relativeDays(let days)): .shifted(base, days: days, months: 0)
        case (_, .relativeMonths(let months)): .shifted(base, days: 0, months: months)
        default: base
        }
    }

    /// "the 25th", "on the 3rd", "25th of December", "the first of December", "1 December".
    private static func dayOfMonth(_ scan: SegmentScan, at index: Int) -> (Int, DateSpec)? {
        var cursor = index
        let hasArticle = scan.free(index) == "the"
        if hasArticle { cursor += 1 }
        // "the 2nd to last chapter" counts from the end.
        if let (day, ordinalEnd, spelled) = NumberReader.ordinal(scan, at: cursor), (1...31).contains(day), countFromEnd(scan, at: cursor) == nil {
            // "the 3rd day of next month", "the first day of March".
            var end = ordinalEnd
            if scan.free(end) == "day", scan.free(end + 1) == "of" { end += 1 }
            if let (month, stop) = ofMonth(scan, at: end) {
                // "the 4th of July decorations": the day names the kind of thing.
                if let next = scan.free(stop), Holiday.compounds.contains(next) || Holiday.kinds.contains(next) { return nil }
                return withYear(scan, at: stop, month: month, day: day)
            }
            // "the first day of spring"; "the first day of the month" is the next 1st.
            if end > ordinalEnd, day == 1, let result = partOfSeason(scan, part: -1, at: end + 1) { return result }
            if end > ordinalEnd, let stop = scan.match(["of", "the", "month"], at: end), followsOK(scan, at: stop) {
                return (stop, .dayOfMonth(day))
            }
            // "the 9th of next month", "the 10th of last month", "the 2nd of the month after next", "the first day of
            // next week" (its Monday). A day of this month may be past: it is the day said.
            if let (period, shift, stop) = relativePeriod(scan, at: end) {
                switch period {
                case .month: return (stop, .dayInMonth(day: day, monthsAhead: shift))
                case .week where day <= 7 && end > ordinalEnd: return (stop, .weekdayOfWeek(weeksAhead: shift, weekday: day - 1))
                default: return nil
                }
            }
            end = ordinalEnd
            // "5th January", "the twenty-first March".
            if let word = scan.free(end), let month = Lexicon.months[word], Lexicon.monthAbbreviations[word] == nil || !spelled {
                return withYear(scan, at: end + 1, month: month, day: day)
            }
            // A spelled ordinal is a day only after "on"/"by"/…, or from "the twenty-first" on: "the first draft" is
            // not a date.
            if spelled {
                guard hasArticle,
                    day > 20 || scan.norm(index - 1).map(spelledOrdinalIntroducers.contains) == true
                        || (day >= 4 && standsAlone(scan, at: end) && !(index > scan.range.lowerBound && scan.tokens[index - 1].is(.actionVerb)))
                else { return nil }
            } else if !hasArticle {
                guard let previous = scan.norm(index - 1), ordinalIntroducers.contains(previous)
                else { return nil }
            }
            // "in the 9th" is an inning or a grade, not a day.
            if hasArticle, scan.norm(index - 1) == "in" { return nil }
            // "on the 5th call mom": an action after a day said with "on".
            let introducedAction = (!spelled || day >= 4) && scan.norm(index - 1) == "on" && actionFollows(scan, at: end)
            guard followsOK(scan, at: end) || saidAfterTime(scan, at: index) || introducedAction, !namesThing(scan, after: end) else { return nil }
            return (end, .dayOfMonth(day))
        }
        // "1 December".
        if !hasArticle, let day = scan.tokens[index].number, (1...31).contains(day), let word = scan.free(index + 1),
            let month = Lexicon.months[word]
        {
            // "4 Mar 27": a two-digit year written after the day and month, with nothing after it.
            if scan.isFree(index + 2), let year = scan.tokens[index + 2].number, scan.tokens[index + 2].norm.utf8.count == 2,
                standsAlone(scan, at: index + 3), scan.norm(index + 3) != "at"
            {
                return (index + 3, .monthDay(month: month, day: day, year: 2000 + year))
            }
            return withYear(scan, at: index + 2, month: month, day: day)
        }
        return nil
    }

    /// Whether the ordinal before `index` is one of two said with a thing after the second ("the 2nd or 3rd exit", "the
    /// 1st and 2nd floors"), not a day ("the 2nd or 3rd of March").
    private static func namesThing(_ scan: SegmentScan, after index: Int) -> Bool {
        guard let word = scan.free(index), word == "or" || word == "and" || word == "to" || word == "through" else { return false }
        var cursor = index + 1
        if scan.free(cursor) == "the" { cursor += 1 }
        guard let (_, stop, _) = NumberReader.ordinal(scan, at: cursor), let next = scan.free(stop) else { return false }
        return !followsOK(scan, at: stop) && Lexicon.months[next] == nil
    }

    /// A month and day at `index` ("March 3rd", "the 3rd of March", "3 March"), for yearly rules.
    static func monthAndDay(_ scan: SegmentScan, at index: Int) -> (end: Int, month: Int, day: Int)? {
        guard let word = scan.free(index) else { return nil }
        let result = Lexicon.months[word].flatMap { monthThenDay(scan, month: $0, at: index) } ?? dayOfMonth(scan, at: index)
        guard let (end, spec) = result, case .monthDay(let month, let day, nil) = spec else { return nil }
        return (end, month, day)
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
        // "September twenty twenty-eight" is a month of a year said in words, as "September 2028" is.
        if scan.isFree(cursor), scan.tokens[cursor].number == nil, let (year, end) = NumberReader.year(scan, at: cursor), end > cursor + 1,
            year > 2020
        {
            return (end, .monthDay(month: month, day: 1, year: year))
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

    /// Adds an optional year: ", 2027", "of 2029", "in 2029", "twenty twenty-eight", "two thousand and thirty", "'28",
    /// "next year".
    static func withYear(_ scan: SegmentScan, at index: Int, month: Int, day: Int) -> (Int, DateSpec) {
        var cursor = index
        if let word = scan.free(cursor), word == "," || word == "of" || word == "in" { cursor += 1 }
        if let (year, end) = NumberReader.year(scan, at: cursor) {
            return (end, .monthDay(month: month, day: day, year: year))
        }
        // "October 3rd, 1994": a year of the last century, written after a day, is that year too; a year said is never moved.
        if scan.isFree(cursor), let year = scan.tokens[cursor].number, scan.tokens[cursor].norm.utf8.count == 4, (1900...1999).contains(year) {
            return (cursor + 1, .monthDay(month: month, day: day, year: year))
        }
        if let (shift, end) = relativeYear(scan, at: cursor) { return (end, .dayInYear(month: month, day: day, yearsAhead: shift)) }
        return (index, .monthDay(month: month, day: day, year: nil))
    }

    /// "next year", "this year", "last year" after a date: how many years on it is.
    static func relativeYear(_ scan: SegmentScan, at index: Int) -> (shift: Int, end: Int)? {
        guard let word = scan.free(index), word != "the", let shift = periodOffset(word), period(scan.free(index + 1)) == .year else { return nil }
        return (shift, index + 2)
    }

    /// Whether the weekday word at `index` is part of a name: after a title ("Mrs. Monday"), a plural one after an acronym
    /// ("TGI Fridays"), or before a capitalised part of the day and another capitalised word ("Friday Night Lights", "the
    /// Saturday Evening Post").
    static func namesWeekday(_ scan: SegmentScan, at index: Int) -> Bool {
        // "swapping my Sunday shift", "her Tuesday class": the day of something that comes every week.
        if index > scan.range.lowerBound, index + 1 < scan.range.upperBound,
            ["my", "our", "your", "his", "her", "their"].contains(scan.tokens[index - 1].norm),
            weeklyThings.contains(scan.tokens[index + 1].norm)
        {
            return true
        }
        guard index > scan.range.lowerBound, scan.tokens[index].isCapitalized else { return false }
        let previous = scan.tokens[index - 1]
        if Lexicon.titleAbbreviations.contains(previous.norm) || previous.norm == "miss" { return true }
        let text = scan.transcript[previous.range]
        if Lexicon.pluralWeekdays[scan.tokens[index].norm] != nil, previous.isWord, text.utf8.count >= 2, text.allSatisfy({ $0.isUppercase }) {
            return true
        }
        // "the Summer Fridays lip balm": a capitalised word between an article and a plural weekday.
        if Lexicon.pluralWeekdays[scan.tokens[index].norm] != nil, index - 2 >= scan.range.lowerBound, previous.isCapitalized,
            previous.isWord, !previous.is(.weekday), !previous.is(.month),
            nameArticles.contains(scan.tokens[index - 2].norm)
        {
            return true
        }
        guard index + 1 < scan.range.upperBound else { return false }
        let next = scan.tokens[index + 1]
        // "the Sunday Riley serum": an article, the weekday and a capitalised word that says no day or time.
        if nameArticles.contains(previous.norm), next.isCapitalized, next.isWord, !next.is(.weekday), !next.is(.month),
            !["morning", "afternoon", "evening", "night", "noon", "at", "the", "and", "or", "after", "before"].contains(next.norm)
        {
            return true
        }
        guard index + 2 < scan.range.upperBound else { return false }
        return next.isCapitalized && Lexicon.dayParts.contains(next.norm) && scan.tokens[index + 2].isCapitalized
    }

    /// What comes every week on its day ("my Sunday shift").
    private static let weeklyThings: Set<String> = [
        "shift", "shifts", "class", "classes", "lesson", "lessons", "routine", "service", "league", "group", "crew", "slot", "rotation",
        "schedule", "route", "run", "practice", "rehearsal",
    ]

    /// Articles before a name that holds a weekday ("the Sunday Riley serum").
    private static let nameArticles: Set<String> = ["the", "a", "an", "my", "our", "your", "her", "his", "their"]

    /// The weekday named at `index`: a full name, or an abbreviation ("Fri", "Tues"); "Mon", "Wed", "Sat"
    /// and "Sun" are words too, so they count only after "on"/"next"/"by"/… or capitalised mid-sentence.
    static func weekday(_ scan: SegmentScan, at index: Int) -> Int? {
        guard let norm = scan.free(index), scan.tokens[index].is(.weekday), !namesWeekday(scan, at: index) else { return nil }
        if let day = Lexicon.weekdays[norm] { return day }
        guard let day = Lexicon.weekdayAbbreviations[norm] else { return nil }
        if Lexicon.clearWeekdayAbbreviations.contains(norm) { return day }
        if let previous = scan.norm(index - 1), Lexicon.weekdayAbbreviationIntroducers.contains(previous) { return day }
        // "wed next week", "sat this week".
        if let next = scan.norm(index + 1), next == "next" || next == "this", scan.norm(index + 2) == "week" { return day }
        // "wed 3pm", "sat at 10", "Mon a.m.", "Sat Dec 5", "Sun 12/6": a clock time, a half of the day or a date after it.
        if index + 1 < scan.range.upperBound, scan.norm(index - 1) != "the" {
            if ["am", "pm"].contains(scan.tokens[index + 1].norm) { return day }
            if case .slashDate = scan.tokens[index + 1].kind { return day }
            if scan.tokens[index + 1].is(.month), index + 2 < scan.range.upperBound,
                scan.tokens[index + 2].number != nil || scan.tokens[index + 2].kind != .word
            {
                return day
            }
            let next = scan.tokens[index + 1]
            if case .clock = next.kind { return day }
            let hour = scan.norm(index + 1) == "at" ? index + 2 : index + 1
            if hour + 1 < scan.range.upperBound, scan.tokens[hour].number != nil, ["am", "pm"].contains(scan.tokens[hour + 1].norm) { return day }
            // "tennis sat at 10": an hour after "at", unless a subject says the verb ("we sat at 10").
            if hour == index + 2, hour < scan.range.upperBound, !MoodReader.subjectPronouns.contains(scan.norm(index - 1) ?? "") {
                if case .clock = scan.tokens[hour].kind { return day }
                if let value = scan.tokens[hour].number, (1...12).contains(value) { return day }
            }
        }
        // "Jake's SAT registration": a word written in capitals is an acronym.
        let written = scan.transcript[scan.tokens[index].range]
        if written.count > 1, written.allSatisfy({ $0.isUppercase }) { return nil }
        return scan.tokens[index].isCapitalized && index > scan.range.lowerBound ? day : nil
    }

    private static func offset(_ amount: Double, _ unit: NumberReader.Unit) -> DateSpec? {
        let whole = Int(amount.rounded())
        switch unit {
        case .day: return .relativeDays(whole)
        case .week: return .relativeDays(Int((amount * 7).rounded()))
        case .month: return .relativeMonths(whole)
        case .year: return .relativeMonths(whole * 12)
        case .businessDay: return .businessDays(whole, from: .relativeDays(0))
        case .weekend: return .weekendsAhead(whole)
        case .minute, .hour: return nil
        }
    }

    /// Whether a phrase ends at `index`: the segment's or a clause's end, or a time said after it ("the fifth at 3"), so a
    /// spelled day ("the nineteenth") is not the start of a noun phrase ("the fifth chapter").
    private static func standsAlone(_ scan: SegmentScan, at index: Int) -> Bool {
        guard index < scan.range.upperBound else { return true }
        return scan.tokens[index].isPunctuation || scan.isConsumed(index) || scan.tokens[index].norm == "at"
    }

    /// Whether the day at `index` is said with "on" after a time read at its clause's start ("noon on Christmas Eve pick up
    /// the ham", "9 am on the 3rd dentist"), so the words after it are the task's, not the day's.
    private static func saidAfterTime(_ scan: SegmentScan, at index: Int) -> Bool {
        guard scan.norm(index - 1) == "on", index >= scan.range.lowerBound + 2, scan.isConsumed(index - 2) else { return false }
        var start = index - 2
        while start > scan.range.lowerBound, scan.isConsumed(start - 1) || Lexicon.connectives.contains(scan.tokens[start - 1].norm) { start -= 1 }
        return start == scan.range.lowerBound || scan.tokens[start - 1].isPunctuation
    }

    /// Whether an action starts at `index` inside the segment ("On Thanksgiving call Aunt Linda", "on the 5th call mom").
    private static func actionFollows(_ scan: SegmentScan, at index: Int) -> Bool {
        index < scan.range.upperBound && Segmenter.startsAction(scan.tokens, at: index)
    }

    /// Whether an action starts at `index` after a when that opens the clause: also a verb that is a noun too before any
    /// word ("MLK Day volunteer at the food bank", "this spring plant tulips").
    private static func openingActionFollows(_ scan: SegmentScan, at index: Int) -> Bool {
        if actionFollows(scan, at: index) { return true }
        return index + 1 < scan.range.upperBound && scan.tokens[index].is(.actionVerb) && !scan.tokens[index].isCapitalized
            && scan.tokens[index + 1].isWord && !Holiday.compounds.contains(scan.tokens[index].norm)
    }

    static func followsOK(_ scan: SegmentScan, at index: Int) -> Bool {
        guard index < scan.range.upperBound else { return true }
        let token = scan.tokens[index]
        if token.isPunctuation || scan.isConsumed(index) { return true }
        if ordinalFollowers.contains(token.norm) || TimeRecognizer.followers.contains(token.norm) { return true }
        // "this spring plant the tulips", "Monday week pay the deposit": a when that opens the clause, before its action.
        return openingActionFollows(scan, at: index) && !(scan.range.lowerBound..<index).contains { Segmenter.startsAction(scan.tokens, at: $0) }
    }
}
