/// Reads repetitions: "every day"/"daily", "every weekday", "every Monday"/"on Mondays", "every other week",
/// "monthly on the 15th"/"the first of every month", "every year"/"annually", "every 3 days", "hourly"/"every
/// 2 hours", "every weekend", "every year on March 3rd"/"every March 3rd", "every first Monday of the month",
/// "once a week", "quarterly"; a part of the day after it ("every Monday morning") is its time.
enum RecurrenceRecognizer: Recognizer {
    /// Records every recurrence phrase among the free tokens of `scan`.
    static func scan(_ scan: inout SegmentScan) {
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            if scan.isFree(index), scan.tokens[index].isTrigger, let (found, said, saidPart) = recognize(scan, at: index) {
                var end = found
                var partOfDay = saidPart
                var recurrence = said
                if partOfDay == nil, recurrence.frequency != .hourly, recurrence.frequency != .minutely,
                    let word = scan.free(end), let part = Self.partOfDay(word)
                {
                    partOfDay = part
                    end += 1
                }
                // "every hour on the hour".
                if recurrence.frequency == .hourly, let stop = scan.match(["on", "the", "hour"], at: end) { end = stop }
                // "every morning and evening", "every morning and every night": one rule at both hours.
                if let first = partOfDay, recurrence.frequency == .daily || recurrence.frequency == .weekly,
                    let (stop, second) = secondPart(scan, at: end), second != first
                {
                    recurrence.hours = [first.defaultTime.hour, second.defaultTime.hour]
                    end = stop
                }
                // "every day except Sunday", "every weekday but Friday", "every evening except weekends".
                if let (stop, rule) = except(scan, recurrence, at: end) { (end, recurrence) = (stop, rule) }
                // "every Sunday in December": the weekdays of that month only.
                if recurrence.frequency == .weekly, recurrence.namedWeekdays, recurrence.month == nil, scan.free(end) == "in",
                    let word = scan.free(end + 1), scan.tokens[end + 1].is(.month), let month = Lexicon.months[word],
                    word != "may" || scan.tokens[end + 1].isCapitalized
                {
                    recurrence.month = month
                    end += 2
                }
                scan.record(index..<end, .recurrence(recurrence))
                if let partOfDay { scan.record(index..<end, .partOfDay(partOfDay)) }
                index = end
            } else {
                index += 1
            }
        }
        mergeWeekdays(&scan)
    }

    /// "biweekly team sync on Tuesdays", "weekly meeting on Mondays at 10": a weekly rule with no day and the days said
    /// after it are one rule.
    private static func mergeWeekdays(_ scan: inout SegmentScan) {
        let rules = scan.recognitions.indices.filter { if case .recurrence = scan.recognitions[$0].fact { true } else { false } }
        guard rules.count == 2, case .recurrence(var first) = scan.recognitions[rules[0]].fact,
            case .recurrence(let second) = scan.recognitions[rules[1]].fact, first.frequency == .weekly, first.weekdays.isEmpty,
            second.frequency == .weekly, second.interval == 1, !second.weekdays.isEmpty,
            scan.recognitions[rules[0]].range.upperBound <= scan.recognitions[rules[1]].range.lowerBound
        else { return }
        first.weekdays = second.weekdays
        first.namedWeekdays = true
        scan.reread(at: rules[0], as: .recurrence(first))
        scan.reread(at: rules[1], as: .recurrence(first))
    }

    /// Words that say a repetition's last day: "every day until Sunday".
    static let endIntroducers: Set<String> = ["until", "till", "til", "through", "thru"]
    /// Words a time said between a repetition and its last day leaves to be read with it ("every day at 9 until …").
    private static let between: Set<String> = ["at", "around", "about", "in", "the"]

    /// How long a repetition goes on, said after it ("take the pills every day for 10 days", "for two weeks"), and a
    /// day said after it with "until", "till" or "through" ("take the pills every day until Sunday", "every Sunday
    /// till Christmas"), which is its last day, not its due day: the repetition's rule takes it, and the
    /// words stay read as part of the repetition. Words between the two must all have been read (a time: "every
    /// day at 9 until Friday", "every day in the morning until Friday"); an end said first opens the clause ("until
    /// Christmas water the tree every day"). Runs after the date recogniser.
    static func attachEnds(_ scan: inout SegmentScan) {
        guard
            let ruleIndex = scan.recognitions.firstIndex(where: {
                if case .recurrence(let rule) = $0.fact { rule.until == nil } else { false }
            }),
            case .recurrence(var rule) = scan.recognitions[ruleIndex].fact
        else { return }
        let ruleEnd = scan.recognitions[ruleIndex].range.upperBound
        // What may stand between the repetition and its end: words already read (a time), a time's leftovers.
        func between(_ index: Int) -> Bool {
            scan.isConsumed(index) || scan.tokens[index].isClauseBreak || Self.between.contains(scan.tokens[index].norm)
        }
        // "for two weeks", "for the next 10 days": how long it goes on.
        var cursor = ruleEnd
        while cursor < scan.range.upperBound, between(cursor), !scan.tokens[cursor].isClauseBreak { cursor += 1 }
        if scan.free(cursor) == "for", let (amount, unit, end) = NumberReader.durationAfterPreposition(scan, at: cursor + 1),
            amount >= 1, amount == amount.rounded(), let length = Self.length(Int(amount), unit)
        {
            (rule.lastingDays, rule.lastingMonths) = length
            scan.reread(at: ruleIndex, as: .recurrence(rule))
            scan.record(cursor..<end, .recurrence(rule))
            return
        }
        let ruleStart = scan.recognitions[ruleIndex].range.lowerBound
        for (dateIndex, recognition) in scan.recognitions.enumerated() {
            guard case .date(let spec) = recognition.fact else { continue }
            // The introducer is read with the date, or left just before it.
            let first = recognition.range.lowerBound
            guard let start = [first, first - 1].first(where: { scan.norm($0).map(endIntroducers.contains) ?? false }) else { continue }
            if start >= ruleEnd {
                guard (ruleEnd..<start).allSatisfy(between) else { continue }
            } else {
                // "until Christmas water the tree every day": the end said first, opening the clause.
                guard recognition.range.upperBound <= ruleStart, scan.tokens[start].norm != "through", scan.tokens[start].norm != "thru",
                    scan.opensClause(at: start)
                else { continue }
            }
            scan.consume(start..<recognition.range.lowerBound)
            rule.until = spec
            scan.reread(at: ruleIndex, as: .recurrence(rule))
            scan.reread(at: dateIndex, as: .recurrence(rule))
            return
        }
    }

    /// "every day at 7 a.m. and 7 p.m.": two clock times with the same minutes joined by "and" after a daily or weekly
    /// repetition are one rule at both hours (`BYHOUR=7,19`, with `BYMINUTE=30` for "8:30 and 8:30"), as "every morning
    /// and evening" is. Runs after the time recogniser.
    static func attachHours(_ scan: inout SegmentScan) {
        guard
            let ruleIndex = scan.recognitions.firstIndex(where: {
                if case .recurrence(let rule) = $0.fact { (rule.frequency == .daily || rule.frequency == .weekly) && rule.hours.isEmpty } else { false }
            }),
            case .recurrence(var rule) = scan.recognitions[ruleIndex].fact
        else { return }
        var times: [(index: Int, time: ClockTime)] = []
        var parts: [(index: Int, part: PartOfDay)] = []
        for (index, recognition) in scan.recognitions.enumerated() {
            if case .time(let time) = recognition.fact { times.append((index, time)) }
            if case .partOfDay(let part) = recognition.fact { parts.append((index, part)) }
        }
        // "every day at 8 and 6": a bare hour after "and" is the second one.
        if times.count == 1, times[0].time.zone == nil {
            let end = scan.recognitions[times[0].index].range.upperBound
            if scan.free(end) == "and", let hour = scan.tokens.indices.contains(end + 1) ? scan.tokens[end + 1].number : nil,
                scan.isFree(end + 1), (1...12).contains(hour),
                end + 2 >= scan.range.upperBound || !scan.isFree(end + 2) || scan.tokens[end + 2].isPunctuation
                    || ["to", "until", "till", "through", "for", "starting"].contains(scan.tokens[end + 2].norm)
                    // "every day at 9 and 5 check the traps".
                    || Segmenter.startsAction(scan.tokens, at: end + 2)
            {
                // "at 8:30 and 6": other minutes than the first's can't share its rule; the first time is kept.
                guard times[0].time.minute == 0 else {
                    scan.consume(end..<end + 2)
                    return
                }
                let second = ClockTime(hour: hour, minute: 0, meridiem: .unspecified)
                let hours = [times[0].time.hourOfDay(times[0].time.meridiem), second.hourOfDay(.unspecified)]
                guard hours[0] != hours[1] else { return }
                rule.hours = hours
                scan.consume(end..<end + 1)
                scan.record(end + 1..<end + 2, .recurrence(rule))
                for index in [ruleIndex, times[0].index] { scan.reread(at: index, as: .recurrence(rule)) }
                return
            }
        }
        times.sort { scan.recognitions[$0.index].range.lowerBound < scan.recognitions[$1.index].range.lowerBound }
        // "at 8:30 am and 8:30 pm": the same minutes past both hours.
        guard times.count == 2, times[0].time.minute == times[1].time.minute, times.allSatisfy({ $0.time.zone == nil }) else { return }
        let secondStart = scan.recognitions[times[1].index].range.lowerBound
        // "at 9 in the morning and 9 at night": the part of the day said right after each hour, before the next one, says
        // its half.
        func part(after time: Int, before limit: Int) -> (index: Int, part: PartOfDay)? {
            let end = scan.recognitions[time].range.upperBound
            return parts.first {
                let range = scan.recognitions[$0.index].range
                return (end...end + 1).contains(range.lowerBound) && range.upperBound <= limit
            }
        }
        let saidParts = [part(after: times[0].index, before: secondStart), part(after: times[1].index, before: scan.range.upperBound)]
        let firstEnd = saidParts[0].map { scan.recognitions[$0.index].range.upperBound } ?? scan.recognitions[times[0].index].range.upperBound
        guard firstEnd <= secondStart else { return }
        let gap = firstEnd..<secondStart
        guard gap.contains(where: { scan.tokens[$0].norm == "and" }),
            gap.allSatisfy({ ["and", "at", "in", "the"].contains(scan.tokens[$0].norm) || scan.tokens[$0].isPunctuation })
        else { return }
        let hours = zip(times, saidParts).map { time, said in
            time.time.hourOfDay(time.time.meridiem == .unspecified ? said?.part.meridiem ?? .unspecified : time.time.meridiem)
        }
        guard hours[0] != hours[1] else { return }
        rule.hours = hours
        rule.minute = times[0].time.minute
        scan.consume(gap)
        for index in [ruleIndex, times[0].index, times[1].index] + saidParts.compactMap({ $0?.index }) {
            scan.reread(at: index, as: .recurrence(rule))
        }
    }

    /// A repetition's length of `amount` `unit`s, in days or in months ("for 3 months" ends the day before the same
    /// day 3 months on; "for a year" the day before the same day a year on).
    private static func length(_ amount: Int, _ unit: NumberReader.Unit) -> (days: Int?, months: Int?)? {
        switch unit {
        case .day: (amount, nil)
        case .week: (amount * 7, nil)
        case .month: (nil, amount)
        case .year: (nil, amount * 12)
        default: nil
        }
    }

    /// A second part of the day said after a repetition's first ("and evening", "and every night", "and in the evening").
    private static func secondPart(_ scan: SegmentScan, at index: Int) -> (Int, PartOfDay)? {
        guard scan.free(index) == "and" else { return nil }
        var cursor = index + 1
        if scan.free(cursor) == "every" || scan.free(cursor) == "each" {
            cursor += 1
        } else if let end = scan.match(["in", "the"], at: cursor) {
            cursor = end
        }
        guard let word = scan.free(cursor), let part = partOfDay(word) else { return nil }
        return (cursor + 1, part)
    }

    private static func partOfDay(_ word: String) -> PartOfDay? {
        switch word {
        case "morning", "mornings": .morning
        case "afternoon", "afternoons": .afternoon
        case "evening", "evenings": .evening
        case "night", "nights": .night
        default: nil
        }
    }

    /// A daily or weekday rule with the days after "except"/"but" at `index` left out, as a weekly rule on the others.
    private static func except(_ scan: SegmentScan, _ rule: Recurrence, at index: Int) -> (Int, Recurrence)? {
        guard let word = scan.free(index), word == "except" || word == "but", rule.interval == 1,
            rule.frequency == .daily || (rule.frequency == .weekly && !rule.weekdays.isEmpty)
        else { return nil }
        var cursor = index + 1
        if scan.free(cursor) == "for" || scan.free(cursor) == "on" { cursor += 1 }
        let left: (Int, [Int])? =
            scan.free(cursor) == "weekends" || scan.free(cursor) == "weekend" ? (cursor + 1, [5, 6]) : weekdayList(scan, at: cursor, allowOn: false)
        guard let (end, excluded) = left else { return nil }
        let days = (rule.frequency == .daily ? Array(0...6) : rule.weekdays).filter { !excluded.contains($0) }
        guard !days.isEmpty else { return nil }
        // From a daily rule or "every weekday", today may be the first ("every day except Sunday" on a Wednesday).
        return (end, Recurrence(frequency: .weekly, weekdays: days, namedWeekdays: rule.namedWeekdays))
    }

    private static let weekdaysOnly = Recurrence(frequency: .weekly, weekdays: [0, 1, 2, 3, 4])
    private static let weekends = Recurrence(frequency: .weekly, weekdays: [5, 6])

    /// Recurrence words that are adjectives too ("the weekly report", "my quarterly review").
    private static let adjectives: Set<String> = [
        "daily", "weekly", "monthly", "yearly", "quarterly", "hourly", "biweekly", "bi-weekly", "fortnightly", "nightly",
    ]

    /// Words before an adjective that make it part of a noun phrase.
    private static let determiners: Set<String> = [
        "the", "a", "an", "my", "our", "your", "his", "her", "their", "this", "that", "its",
    ]

    /// Words of quantity before an adjective that make it part of a noun phrase ("order more daily contacts", "buy some
    /// weekly pill boxes").
    private static let quantities: Set<String> = ["more", "some", "extra", "any", "new", "spare", "fresh"]

    /// Words before "weekends" that make them a thing, not a repetition ("switching weekends", "our weekends"; "on the
    /// weekends" repeats).
    private static let weekendOwners: Set<String> = determiners.subtracting(["the", "a", "an", "this", "that", "its"]).union([
        "swap", "swapping", "switch", "switching", "trade", "trading", "split", "splitting", "alternate", "alternating", "about",
    ])

    /// Whether the recurrence adjective at `index` is part of a noun phrase: right after a determiner ("the weekly
    /// report"), before its noun right after the verb ("file quarterly taxes", "send weekly updates"), or after a determiner and a word or two and before its noun ("the IFTA quarterly taxes", "the team
    /// weekly review"; "water the plants weekly on Sunday" repeats).
    private static func isAdjective(_ scan: SegmentScan, at index: Int) -> Bool {
        guard let previous = scan.norm(index - 1) else { return false }
        if determiners.contains(previous) || quantities.contains(previous) { return true }
        guard index + 1 < scan.range.upperBound, let next = scan.free(index + 1), scan.tokens[index + 1].isWord,
            scan.tokens[index + 1].classes.isEmpty || scan.tokens[index + 1].is(.actionVerb), !nounStops.contains(next),
            !Lexicon.dayParts.contains(next)
        else { return false }
        if scan.tokens[index - 1].is(.actionVerb) { return true }
        return (max(scan.range.lowerBound, index - 3)..<(index - 1)).reversed().prefix { scan.tokens[$0].isWord }
            .contains { determiners.contains(scan.tokens[$0].norm) }
    }

    /// Words after a recurrence adverb that are no noun it describes ("weekly on Sunday", "daily before work").
    private static let nounStops: Set<String> = TimeRecognizer.followers.union([
        "before", "after", "from", "starting", "or", "by", "during", "basis", "too", "again", "now", "as", "except", "if",
        "when", "unless", "upstairs", "downstairs", "outside", "inside", "instead", "together", "alone", "here", "there",
    ])

    /// The words `recognize` switches on. Keep in step with the `switch`.
    static let startWords: Set<String> = [
        "every", "each", "daily", "everyday", "weekdays", "weekends", "biweekly", "bi-weekly", "fortnightly", "weekly",
        "monthly", "yearly", "annually", "hourly", "quarterly", "semiannually", "once", "nightly", "weeknights",
    ]

    private static func recognize(_ scan: SegmentScan, at index: Int) -> (Int, Recurrence, PartOfDay?)? {
        let norm = scan.tokens[index].norm
        // Every case of the switch returns, and the adjectives are start words: other words go straight on.
        if scan.tokens[index].is(.recurrenceStart) {
            if let last = norm.utf8.last, last == UInt8(ascii: "y"), adjectives.contains(norm), isAdjective(scan, at: index) { return nil }
            return recognizeStartWord(scan, norm, at: index)
        }
        // "two Fridays from now" counts days (`DateRecognizer`), it does not repeat.
        if scan.tokens[index].is(.pluralWeekday), index == scan.range.lowerBound || NumberReader.cardinal(scan, at: index - 1) == nil,
            !DateRecognizer.namesWeekday(scan, at: index),
            let (end, days) = weekdayList(scan, at: index, allowOn: false)
        {
            return (end, Recurrence(frequency: .weekly, weekdays: days, namedWeekdays: true), nil)
        }
        return ofEveryMonth(scan, norm, at: index)
    }

    /// A repetition said with one of the `startWords`.
    private static func recognizeStartWord(_ scan: SegmentScan, _ norm: String, at index: Int) -> (Int, Recurrence, PartOfDay?)? {
        switch norm {
        case "every", "each":
            return afterEvery(scan, at: index + 1)
        case "daily", "everyday":
            return (index + 1, Recurrence(frequency: .daily), nil)
        case "nightly":
            return (index + 1, Recurrence(frequency: .daily), .night)
        case "weekdays":
            return (index + 1, weekdaysOnly, nil)
        case "weeknights":
            return (index + 1, weekdaysOnly, .night)
        case "weekends":
            // "in two weekends", "a couple of weekends from now" count weekends.
            if let previous = scan.norm(index - 1),
                scan.tokens[index - 1].number != nil || scan.tokens[index - 1].is(.cardinal)
                    || previous == "few" || previous == "of" || previous == "couple"
                    // "about switching weekends", "trade weekends with Joe", "our weekends": the weekends are a thing.
                    || weekendOwners.contains(previous)
            {
                return nil
            }
            return (index + 1, weekends, nil)
        case "biweekly", "bi-weekly", "fortnightly":
            return (index + 1, Recurrence(frequency: .weekly, interval: 2), nil)
        case "weekly":
            if let (end, days) = weekdayList(scan, at: index + 1, allowOn: true) {
                return (end, Recurrence(frequency: .weekly, weekdays: days, namedWeekdays: true), nil)
            }
            return (index + 1, Recurrence(frequency: .weekly), nil)
        case "monthly":
            return monthly(scan, at: index + 1)
        case "yearly", "annually":
            return yearly(scan, at: index + 1)
        case "hourly":
            return (index + 1, Recurrence(frequency: .hourly), nil)
        case "quarterly":
            return (index + 1, Recurrence(frequency: .monthly, interval: 3), nil)
        case "semiannually":
            return (index + 1, Recurrence(frequency: .monthly, interval: 6), nil)
        case "once":
            // "once a week", "once a month", "once every two weeks".
            guard let article = scan.free(index + 1), article == "a" || article == "every" || article == "each" else {
                return nil
            }
            if article == "a" {
                switch scan.free(index + 2) {
                case "day": return (index + 3, Recurrence(frequency: .daily), nil)
                case "week": return (index + 3, Recurrence(frequency: .weekly), nil)
                case "month": return monthly(scan, at: index + 3)
                case "year": return yearly(scan, at: index + 3)
                default: return nil
                }
            }
            return afterEvery(scan, at: index + 2)
        default:
            return nil
        }
    }

    /// "the first of every month", "the 15th of each month", "the first Monday of every month".
    private static func ofEveryMonth(_ scan: SegmentScan, _ norm: String, at index: Int) -> (Int, Recurrence, PartOfDay?)? {
        // All have "of" within three words, which rules most tokens out before any number is read.
        var cursor = index
        if norm == "the" { cursor += 1 }
        guard
            scan.norm(cursor + 1) == "of" || scan.norm(cursor + 2) == "of" || scan.norm(cursor + 3) == "of"
                || scan.norm(cursor + 1) == "and" || scan.norm(cursor + 1) == ","
        else {
            return nil
        }
        // "at the end of every month": its last day.
        if scan.free(cursor) == "end", let stop = scan.matchAny([["end", "of", "every", "month"], ["end", "of", "each", "month"]], at: cursor) {
            return (stop, Recurrence(frequency: .monthly, monthDay: -1), nil)
        }
        if let (n, end) = weekOfMonth(scan, at: cursor) {
            let day = nthWeekdays(scan, at: cursor).map { ($0.end, $0.rule) }
            if let (dayEnd, rule) = day ?? businessDayOfMonth(scan, n, at: end),
                let stop = scan.matchAny([["of", "every", "month"], ["of", "each", "month"]], at: dayEnd)
            {
                return (stop, rule, nil)
            }
        }
        // "the 2nd of the month after next" is one day, not a repeat; "the 1st and the 15th of every month", "the last day of
        // each month" repeat ("the last day of the month" is this month's).
        if let (end, days) = monthDays(scan, at: cursor),
            let stop = scan.matchAny([["of", "every", "month"], ["of", "each", "month"], ["of", "the", "month"]], at: end),
            scan.match(["after", "next"], at: stop) == nil, days != [-1] || scan.free(end + 1) != "the"
        {
            return (stop, Recurrence(frequency: .monthly, monthDay: days[0], moreMonthDays: Array(days.dropFirst())), nil)
        }
        return nil
    }

    /// What follows "every"/"each".
    private static func afterEvery(_ scan: SegmentScan, at index: Int) -> (Int, Recurrence, PartOfDay?)? {
        guard let word = scan.free(index) else { return nil }
        switch word {
        case "day", "single":
            let end = word == "single" ? scan.match(["single", "day"], at: index) : index + 1
            return end.map { ($0, Recurrence(frequency: .daily), nil) }
        case "morning": return (index + 1, Recurrence(frequency: .daily), .morning)
        case "afternoon": return (index + 1, Recurrence(frequency: .daily), .afternoon)
        case "evening": return (index + 1, Recurrence(frequency: .daily), .evening)
        case "night": return (index + 1, Recurrence(frequency: .daily), .night)
        case "weekday", "workday": return (index + 1, weekdaysOnly, nil)
        case "weeknight": return (index + 1, weekdaysOnly, .night)
        case "half":
            // "every half hour", "every half an hour".
            return scan.matchAny([["half", "hour"], ["half", "an", "hour"]], at: index).map {
                ($0, Recurrence(frequency: .minutely, interval: 30), nil)
            }
        case "business", "working", "work", "banking":
            return scan.match([word, "day"], at: index).map { ($0, weekdaysOnly, nil) }
        case "weekend": return (index + 1, weekends, nil)
        case "fortnight": return (index + 1, Recurrence(frequency: .weekly, interval: 2), nil)
        case "week":
            if scan.match(["week", "day"], at: index) != nil { return (index + 2, weekdaysOnly, nil) }
            if let (end, days) = weekdayList(scan, at: index + 1, allowOn: true) {
                return (end, Recurrence(frequency: .weekly, weekdays: days, namedWeekdays: true), nil)
            }
            return (index + 1, Recurrence(frequency: .weekly), nil)
        case "month":
            return monthly(scan, at: index + 1)
        case "year":
            return yearly(scan, at: index + 1)
        case "hour":
            return (index + 1, Recurrence(frequency: .hourly), nil)
        case "quarter":
            return (index + 1, Recurrence(frequency: .monthly, interval: 3), nil)
        case "other", "second":
            guard let next = scan.free(index + 1) else { return nil }
            if word == "second", let weekday = DateRecognizer.weekday(scan, at: index + 1),
                let end = monthSuffix(scan, at: index + 2)
            {
                return (end, Recurrence(frequency: .monthly, weekdays: [weekday], weekOfMonth: 2), nil)
            }
            if next == "week" {
                // "every other week on Monday and Wednesday".
                let days = weekdayList(scan, at: index + 2, allowOn: true)
                return (days?.0 ?? index + 2, Recurrence(frequency: .weekly, interval: 2, weekdays: days?.1 ?? [], namedWeekdays: days != nil), nil)
            }
            if next == "weekend" { return (index + 2, Recurrence(frequency: .weekly, interval: 2, weekdays: [5, 6]), nil) }
            if next == "day" { return (index + 2, Recurrence(frequency: .daily, interval: 2), nil) }
            if next == "month" { return (index + 2, Recurrence(frequency: .monthly, interval: 2), nil) }
            if next == "year" { return (index + 2, Recurrence(frequency: .yearly, interval: 2), nil) }
            if let (end, days) = weekdayList(scan, at: index + 1, allowOn: false) {
                return (end, Recurrence(frequency: .weekly, interval: 2, weekdays: days, namedWeekdays: true), nil)
            }
            // "every second to last Friday".
            if word == "other" { return nil }
        default:
            break
        }
        if Lexicon.weekdays[word] != nil || DateRecognizer.weekday(scan, at: index) != nil, let (end, days) = weekdayList(scan, at: index, allowOn: false) {
            return (end, Recurrence(frequency: .weekly, weekdays: days, namedWeekdays: true), nil)
        }
        // "every March 3rd".
        if Lexicon.months[word] != nil, let (end, month, day) = DateRecognizer.monthAndDay(scan, at: index) {
            return (end, Recurrence(frequency: .yearly, monthDay: day, month: month), nil)
        }
        // "every last day of the month".
        if let end = scan.match(["last", "day"], at: index), let stop = monthSuffix(scan, at: end) {
            return (stop, Recurrence(frequency: .monthly, monthDay: -1), nil)
        }
        // "every fourth Thursday of November", "every first Monday (of the month)", "every last Friday".
        if let (end, rule) = nthWeekdayOfMonth(scan, at: index) { return (end, rule, nil) }
        if let (end, rule) = nthWeekdays(scan, at: index) { return (monthSuffix(scan, at: end) ?? end, rule, nil) }
        // "every last business day of the month", "every first working day".
        if let (n, end) = weekOfMonth(scan, at: index), let (dayEnd, rule) = businessDayOfMonth(scan, n, at: end) {
            return (monthSuffix(scan, at: dayEnd) ?? dayEnd, rule, nil)
        }
        // "every 3rd day", "every second week on Tuesday": every so many.
        if let (n, end, _) = NumberReader.ordinal(scan, at: index), n >= 2, let unit = scan.free(end) {
            switch unit {
            case "day": return (end + 1, Recurrence(frequency: .daily, interval: n), nil)
            case "week":
                let days = weekdayList(scan, at: end + 1, allowOn: true)
                return (days?.0 ?? end + 1, Recurrence(frequency: .weekly, interval: n, weekdays: days?.1 ?? [], namedWeekdays: days != nil), nil)
            case "month": return (end + 1, Recurrence(frequency: .monthly, interval: n), nil)
            case "year": return (end + 1, Recurrence(frequency: .yearly, interval: n), nil)
            default: break
            }
        }
        // "every 15th" (of the month), "every 3rd of March".
        if let (day, end, spelled) = NumberReader.ordinal(scan, at: index), (1...31).contains(day) {
            if scan.free(end) == "of", let monthWord = scan.free(end + 1), let month = Lexicon.months[monthWord] {
                return (end + 2, Recurrence(frequency: .yearly, monthDay: day, month: month), nil)
            }
            // "every 15th", not "every 3rd page".
            let next = scan.free(end)
            let namesThing = next.map { !TimeRecognizer.followers.contains($0) && monthSuffix(scan, at: end) == nil && $0 != "," } ?? false
            if !spelled, !namesThing { return (monthSuffix(scan, at: end) ?? end, Recurrence(frequency: .monthly, monthDay: day), nil) }
        }
        // "every 3 days", "every two weeks".
        if let (count, end) = NumberReader.cardinal(scan, at: index), count >= 1, let unit = scan.free(end) {
            let frequency: Recurrence.Frequency
            switch unit {
            case "minutes", "minute", "mins": frequency = .minutely
            case "hours", "hour", "hrs": frequency = .hourly
            case "days", "day": frequency = .daily
            case "weeks", "week": frequency = .weekly
            case "months", "month": frequency = .monthly
            case "years", "year": frequency = .yearly
            case "weekends", "weekend": return (end + 1, Recurrence(frequency: .weekly, interval: count, weekdays: [5, 6]), nil)
            default: return nil
            }
            return (end + 1, Recurrence(frequency: frequency, interval: count), nil)
        }
        return nil
    }

    /// "monthly" / "every month", with an optional "on the 15th" (the 1st when none is said).
    private static func monthly(_ scan: SegmentScan, at index: Int) -> (Int, Recurrence, PartOfDay?) {
        // "monthly on the 3rd Wednesday", "every month on the first Friday".
        var cursor = index
        if scan.free(cursor) == "on" { cursor += 1 }
        if scan.free(cursor) == "the" { cursor += 1 }
        if let (end, rule) = nthWeekdays(scan, at: cursor) { return (end, rule, nil) }
        let (end, days) = monthDaySuffix(scan, at: index)
        let rule = Recurrence(frequency: .monthly, monthDay: days.first ?? 1, moreMonthDays: Array(days.dropFirst()), monthDayIsDefault: days.isEmpty)
        return (end, rule, nil)
    }

    /// "yearly" / "every year", with an optional "on March 3rd" / "on the 3rd of March".
    private static func yearly(_ scan: SegmentScan, at index: Int) -> (Int, Recurrence, PartOfDay?) {
        var cursor = index
        if scan.free(cursor) == "on" { cursor += 1 }
        if let (end, month, day) = DateRecognizer.monthAndDay(scan, at: cursor) {
            return (end, Recurrence(frequency: .yearly, monthDay: day, month: month), nil)
        }
        if scan.free(cursor) == "the" { cursor += 1 }
        if let (end, rule) = nthWeekdayOfMonth(scan, at: cursor) { return (end, rule, nil) }
        return (index, Recurrence(frequency: .yearly), nil)
    }

    /// "the fourth Thursday of November", "the last Monday in May" (yearly): that weekday of that month each year.
    private static func nthWeekdayOfMonth(_ scan: SegmentScan, at index: Int) -> (Int, Recurrence)? {
        guard let (n, end) = weekOfMonth(scan, at: index), let weekday = DateRecognizer.weekday(scan, at: end),
            let word = scan.free(end + 1), word == "of" || word == "in", let monthWord = scan.free(end + 2), scan.tokens[end + 2].is(.month),
            let month = Lexicon.months[monthWord]
        else { return nil }
        return (end + 3, Recurrence(frequency: .yearly, weekdays: [weekday], month: month, weekOfMonth: n))
    }

    /// "first Monday", "2nd and 4th Tuesday", "1st and 3rd Monday": a monthly rule on those weeks' weekday.
    private static func nthWeekdays(_ scan: SegmentScan, at index: Int) -> (end: Int, rule: Recurrence)? {
        guard var (n, end) = weekOfMonth(scan, at: index) else { return nil }
        var weeks = [n]
        while let joiner = scan.free(end), joiner == "and" || joiner == ",", let (next, stop) = weekOfMonth(scan, at: end + 1) {
            weeks.append(next)
            (n, end) = (next, stop)
        }
        guard let weekday = DateRecognizer.weekday(scan, at: end) else { return nil }
        return (end + 1, Recurrence(frequency: .monthly, weekdays: [weekday], weekOfMonth: weeks[0], moreWeeksOfMonth: Array(weeks.dropFirst())))
    }

    /// "first" … "fifth" (1…5), "last" (-1) or "second to last" (-2) before a weekday.
    private static func weekOfMonth(_ scan: SegmentScan, at index: Int) -> (Int, Int)? {
        if let fromEnd = DateRecognizer.countFromEnd(scan, at: index) { return fromEnd }
        if let (value, end, _) = NumberReader.ordinal(scan, at: index), (1...5).contains(value) { return (value, end) }
        return nil
    }

    /// "business day", "working day", "weekday" said once at `index` after a count `n` ("last", "first"): the `n`th of the
    /// month's Monday-to-Friday days.
    private static func businessDayOfMonth(_ scan: SegmentScan, _ n: Int, at index: Int) -> (Int, Recurrence)? {
        guard let (unit, end) = NumberReader.unit(scan, at: index), unit == .businessDay, scan.norm(end - 1)?.hasSuffix("s") == false
        else { return nil }
        return (end, Recurrence(frequency: .monthly, weekdays: [0, 1, 2, 3, 4], setPosition: n))
    }

    /// The end of "of the month", "of every month", "in the month", "each month", if one is at `index`.
    private static func monthSuffix(_ scan: SegmentScan, at index: Int) -> Int? {
        scan.matchAny(
            [
                ["of", "the", "month"], ["of", "every", "month"], ["of", "each", "month"], ["in", "the", "month"],
                ["each", "month"], ["every", "month"], ["a", "month"],
            ],
            at: index
        )
    }

    /// "Monday", "Monday and Thursday", "Mondays, Wednesdays and Fridays" (optionally after "on").
    private static func weekdayList(_ scan: SegmentScan, at index: Int, allowOn: Bool) -> (Int, [Int])? {
        var cursor = index
        if allowOn, scan.free(cursor) == "on" { cursor += 1 }
        var days: [Int] = []
        var end = cursor
        while let word = scan.free(cursor), let day = Lexicon.weekdays[word] ?? Lexicon.pluralWeekdays[word] ?? DateRecognizer.weekday(scan, at: cursor) {
            if !days.contains(day) { days.append(day) }
            cursor += 1
            end = cursor
            // "Monday through Friday", "Mon to Fri": every day between.
            if let joiner = scan.free(cursor), ["through", "thru", "to", "-"].contains(joiner),
                let last = scan.free(cursor + 1).flatMap({ Lexicon.weekdays[$0] ?? Lexicon.pluralWeekdays[$0] })
                    ?? DateRecognizer.weekday(scan, at: cursor + 1),
                last > day
            {
                days.append(contentsOf: (day + 1...last).filter { !days.contains($0) })
                cursor += 2
                end = cursor
            }
            guard let joiner = scan.free(cursor), joiner == "and" || joiner == "," else { break }
            if joiner == ",", scan.free(cursor + 1) == "and" { cursor += 1 }
            cursor += 1
        }
        return days.isEmpty ? nil : (end, days.sorted())
    }

    /// "on the 15th", "on the first", "on the 1st and 15th", "on the last day" after "monthly"/"every month".
    private static func monthDaySuffix(_ scan: SegmentScan, at index: Int) -> (Int, [Int]) {
        var cursor = index
        if scan.free(cursor) == "on" { cursor += 1 }
        if scan.free(cursor) == "the" { cursor += 1 }
        return monthDays(scan, at: cursor) ?? (index, [])
    }

    /// Days of the month at `index`: "15th", "1st and 15th", "1st, 10th and the 20th", "last day" (-1), in the month's order.
    private static func monthDays(_ scan: SegmentScan, at index: Int) -> (Int, [Int])? {
        if let end = scan.match(["last", "day"], at: index) { return (end, [-1]) }
        guard let (first, firstEnd, _) = NumberReader.ordinal(scan, at: index), (1...31).contains(first) else { return nil }
        var (days, end) = ([first], firstEnd)
        while let joiner = scan.free(end), joiner == "and" || joiner == "," {
            var cursor = end + 1
            if scan.free(cursor) == "and" { cursor += 1 }
            if scan.free(cursor) == "the" { cursor += 1 }
            guard let (day, stop, _) = NumberReader.ordinal(scan, at: cursor), (1...31).contains(day), !days.contains(day) else { break }
            days.append(day)
            end = stop
        }
        return (end, days.sorted())
    }
}
