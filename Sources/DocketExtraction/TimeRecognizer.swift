import Foundation

/// Reads times of day: clock times ("3 pm", "15:00", "at 3:30", "half past four", "three thirty"), noon and
/// midnight, parts of the day ("tomorrow morning", "tonight", "end of day") and offsets from now ("in an hour").
enum TimeRecognizer: Recognizer {
    /// Words before a bare number that make it a clock time ("at 5", "by 5").
    static let timePrepositions: Set<String> = [
        "at", "by", "around", "about", "before", "until", "till", "til", "from", "approximately", "after", "between",
    ]

    /// Words that may follow a bare clock number ("at 5 tomorrow", "at 5 and …").
    static let followers: Set<String> = [
        "today", "tonight", "tomorrow", "tmrw", "on", "this", "next", "in", "and", "then", "also", "sharp", "or",
        "to", "please", "for", "every", "each", "at", "morning", "afternoon", "evening", "night", "latest",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "o'clock", "am", "pm",
        "instead", "is", "it's", "so", "urgent", "asap", "plus", "the", "with", "about", "sharp", "until", "till", "til", "through", "that",
    ]

    /// Nouns a number names one of ("chapter 12", "room 8a", "pages 5 to 10"): the number after them is no hour.
    static let numberedNouns: Set<String> = [
        "chapter", "chapters", "page", "pages", "room", "rooms", "gate", "episode", "episodes", "lesson", "lessons", "level",
        "step", "steps", "section", "sections", "part", "parts", "question", "questions", "problem", "problems", "exercise",
        "exercises", "unit", "apartment", "apt", "suite", "floor", "platform", "seat", "row", "aisle", "bus", "route", "track",
        "verse", "act", "scene", "season", "slide", "slides", "ticket", "issue", "item", "items", "line", "lines", "table",
        "building", "ward", "bay", "exit", "channel", "grade", "size", "number", "no", "version", "v", "psalm", "hole",
        "week", "day", "lane", "box", "locker", "court", "terminal", "pier", "dock", "stop", "block", "lot", "highway",
        "code", "extension", "ext", "pin", "invoice", "order", "request", "pr", "account",
    ]

    /// Determiners before a time that names a thing ("the 7:30 show", "my 3 pm call").
    static let attributiveDeterminers: Set<String> = ["the", "a", "an", "my", "our", "your", "his", "her", "their", "this", "that"]

    /// Words that may follow "now" when it is the due time ("call Sam now, please"), not "now that …".
    static let nowFollowers: Set<String> = ["please", "and", "then", "also", "so", "or", "urgent", "asap", "plus", "instead", "today", "about"]

    /// Words after "immediately" that make it say when after something else ("immediately after lunch").
    static let immediatelyRelations: Set<String> = ["after", "before", "following", "upon", "on", "when", "once", "if", "behind", "next", "afterwards"]

    /// "right now" and its kin.
    static let rightNowPhrases: [[String]] = [
        ["right", "now"], ["right", "away"], ["right", "this", "minute"], ["right", "this", "second"], ["right", "this", "instant"],
    ]

    /// Day words a time may follow directly ("tomorrow 7 in the morning").
    static let dayWords: Set<String> = ["today", "tomorrow", "tmrw", "yesterday"]

    /// Words before "cob" that make it a horse or a cob of corn, not close of business.
    static let cobKinds: Set<String> = [
        "the", "a", "my", "our", "his", "her", "their", "bay", "grey", "gray", "chestnut", "black", "piebald", "skewbald",
        "coloured", "welsh", "irish", "old", "young", "little", "corn", "each", "per",
    ]

    /// "end of day", "close of business", "EOD", …
    static let endOfDayPhrases: [[String]] = [
        ["end", "of", "day"], ["end", "of", "the", "day"], ["the", "end", "of", "the", "day"],
        ["end", "of", "business"], ["end", "of", "the", "business", "day"], ["end", "of", "business", "day"],
        ["close", "of", "business"], ["close", "of", "play"], ["end", "of", "play"], ["eod"], ["cob"],
    ]

    /// The words `recognize` switches on, and "a"/"an" ("a quarter past", "an hour ago").
    /// Keep in step with the `switch` in `recognize`.
    static let startWords: Set<String> = Set([
        "in", "within", "at", "last", "tonight", "tonite", "later", "this", "morning", "afternoon", "evening", "night",
        "first", "end", "the", "close", "eod", "cob", "noon", "midday", "lunchtime", "lunch", "midnight", "half",
        "dinnertime", "suppertime", "quarter", "a", "an", "now", "immediately", "right", "straight", "straightaway", "eve", "oh",
        "over", "between", "from", "same", "am", "pm", "without",
    ]).union(shadeWords)

    /// Words that say a part of the day early, in the middle or late ("late afternoon", "midmorning").
    static let shadeWords: Set<String> = ["early", "late", "mid", "midmorning", "midafternoon"]

    /// Whether a time phrase may start at `token`: a start word, a number in words or digits. Every other
    /// token makes `recognize` return nil, so the scan skips it without reading it.
    private static func mayStart(_ token: Token) -> Bool {
        switch token.kind {
        case .punctuation: false
        case .word: token.is(.timeStart) || token.is(.cardinal)
        case .number, .ordinal, .clock, .slashDate, .decimal: true
        }
    }

    /// Records every time phrase among the free tokens of `scan`.
    /// Verbs whose "about" names a topic ("ask the PTA about lunch").
    static let topicVerbs: Set<String> = [
        "ask", "call", "email", "text", "talk", "message", "remind", "tell", "check", "follow", "reach", "contact", "phone", "write",
    ]

    static func scan(_ scan: inout SegmentScan) {
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            // "down since last night": when something began, not when it is due.
            if scan.isFree(index), scan.tokens[index].isTrigger, mayStart(scan.tokens[index]),
                let (end, facts) = recognize(scan, at: index), scan.norm(index - 1) != "since"
            {
                // "at like 10": the filler goes with the time.
                let start = spokenFiller(scan, before: index) ? index - 1 : index
                var (end, facts) = (end, facts)
                // "3pm CET": the time is that zone's.
                if let (zone, stop) = statedZone(scan, at: end), let position = facts.firstIndex(where: { if case .time = $0 { true } else { false } }),
                    case .time(var time) = facts[position]
                {
                    time.zone = zone
                    facts[position] = .time(time)
                    end = stop
                }
                // "at 10 or 11", "5 or 6 am": the first time said, in the half of the day said after the other.
                var alternativeEnd: Int?
                if let time = facts.firstIndex(where: { if case .time = $0 { true } else { false } }),
                    let other = Alternatives.start(scan, after: end), let (stop, meridiem) = alternativeTime(scan, at: other)
                {
                    if case .time(var clock) = facts[time], clock.meridiem == .unspecified, meridiem == .am || meridiem == .pm {
                        clock.meridiem = meridiem
                        facts[time] = .time(clock)
                    }
                    alternativeEnd = stop
                }
                for fact in facts { scan.record(start..<end, fact) }
                if let alternativeEnd { Alternatives.consume(&scan, first: start, from: end, to: alternativeEnd) }
                index = alternativeEnd ?? end
            } else {
                index += 1
            }
        }
    }

    private static func recognize(_ scan: SegmentScan, at index: Int) -> (Int, [Fact])? {
        let token = scan.tokens[index]
        let norm = token.norm
        switch norm {
        case "in", "within", "over":
            // "in about an hour", "within the next 10 minutes", "over the next hour".
            // "in half a day" is 12 hours from now.
            if let (amount, unit, end) = NumberReader.durationAfterPreposition(scan, at: index + 1, nextOnly: norm == "over"),
                unit == .minute || unit == .hour || (unit == .day && amount < 1)
            {
                return (NumberReader.timeSuffix(scan, at: end), [.relative(seconds: seconds(amount, unit))])
            }
            if let partOfDay = afterThe(scan, at: index + 1) { return (index + 3, [.partOfDay(partOfDay)]) }
            // "in the late afternoon".
            if scan.free(index + 1) == "the", let word = scan.free(index + 2), shadeWords.contains(word),
                let (end, facts) = shadedPartOfDay(scan, at: index + 2, introduced: true), facts.count == 1
            {
                return (end, facts)
            }
            if let end = scan.match(["within", "the", "hour"], at: index) { return (end, [.relative(seconds: 3600)]) }
            return nil
        case "at":
            if let end = scan.match(["at", "night"], at: index) { return (end, [.partOfDay(.night)]) }
            // "submit the form at once": now.
            if let end = now(scan, at: index) { return (end, [.relative(seconds: 0)]) }
            // "at dinner", "at supper time": the evening ("dinner" alone is no trigger, so "cook dinner" stays a verb's object).
            guard let meal = scan.free(index + 1), meal == "dinner" || meal == "supper", followsOK(scan, at: index + 2) || scan.free(index + 2) == "time"
            else { return nil }
            return (scan.free(index + 2) == "time" ? index + 3 : index + 2, [.partOfDay(.evening)])
        case "between", "from":
            return window(scan, at: index + 1, joints: norm == "between" ? ["and", "to", "-"] : ["to", "-", "till", "until"])
        case "last":
            if scan.match(["last", "night"], at: index) != nil {
                return (index + 2, [.date(.relativeDays(-1)), .partOfDay(.night)])
            }
            return nil
        case "tonight", "tonite":
            return (index + 1, [.date(.relativeDays(0)), .partOfDay(.night)])
        case "later":
            if scan.match(["later", "tonight"], at: index) != nil {
                return (index + 2, [.date(.relativeDays(0)), .partOfDay(.night)])
            }
            return nil
        case "same":
            return sameTime(scan, at: index)
        case "this":
            if let result = sameTime(scan, at: index) { return result }
            if let word = scan.free(index + 1), let partOfDay = partOfDay(word), partOfDay != .night {
                return (index + 2, [.date(.relativeDays(0)), .partOfDay(partOfDay)])
            }
            return now(scan, at: index).map { ($0, [.relative(seconds: 0)]) }
        case "am", "pm":
            // "Mon a.m.", "tomorrow p.m.": the morning or afternoon of that day.
            guard let previous = scan.norm(index - 1),
                previous == "tomorrow" || previous == "tmrw" || previous == "today" || Lexicon.weekdays[previous] != nil
                    || Lexicon.weekdayAbbreviations[previous] != nil
            else { return nil }
            return (index + 1, [.partOfDay(norm == "am" ? .morning : .afternoon)])
        case "morning", "afternoon", "evening", "night", "eve":
            // Only after a day word ("tomorrow morning", "Friday night"); a bare "morning run" is a title. A day that is a
            // topic ("text the sitter about Friday night") takes its part of the day with it.
            guard let previous = scan.norm(index - 1), !["about", "regarding", "since"].contains(scan.norm(index - 2) ?? ""),
                previous == "tomorrow" || previous == "tmrw" || previous == "today" || previous == "yesterday"
                    || (Lexicon.weekdays[previous] != nil && !DateRecognizer.namesWeekday(scan, at: index - 1))
                    || Lexicon.clearWeekdayAbbreviations.contains(previous)
                    || (Lexicon.weekdayAbbreviations[previous] != nil && scan.tokens[index - 1].isCapitalized)
                    || endsHoliday(scan, at: index)
            else { return nil }
            return partOfDay(norm).map { (index + 1, [.partOfDay($0)]) }
        case "first":
            guard scan.match(["first", "thing"], at: index) != nil, scan.norm(index - 1) != "the" else { return nil }
            var end = index + 2
            if let stop = scan.match(["in", "the", "morning"], at: end) { end = stop }
            return (end, [.partOfDay(.morning)])
        case "end", "the", "close", "eod", "cob":
            // "the next morning", "the following evening": tomorrow's.
            if norm == "the", let word = scan.free(index + 1), word == "next" || word == "following",
                let partOfDay = scan.free(index + 2).flatMap(partOfDay)
            {
                return (index + 3, [.date(.relativeDays(1)), .partOfDay(partOfDay)])
            }
            if norm == "the", let result = sameTime(scan, at: index) { return result }
            // "the morning of the 20th", "the evening of December 3rd": that part of that day.
            if norm == "the", let partOfDay = scan.free(index + 1).flatMap(partOfDay), scan.free(index + 2) == "of",
                scan.isFree(index + 3), let (end, spec) = DateRecognizer.recognize(scan, at: index + 3)
            {
                return (end, [.date(spec), .partOfDay(partOfDay)])
            }
            // "the night before Thanksgiving", "the morning after the 5th": that part of the day before or after that day.
            if norm == "the", let partOfDay = scan.free(index + 1).flatMap(partOfDay), let relation = scan.free(index + 2),
                relation == "before" || relation == "after", scan.isFree(index + 3), let (end, spec) = DateRecognizer.recognize(scan, at: index + 3)
            {
                return (end, [.date(.shifted(spec, days: relation == "before" ? -1 : 1, months: 0)), .partOfDay(partOfDay)])
            }
            // "the night before": that part of the day before the day of the task said before it.
            if norm == "the", let partOfDay = scan.free(index + 1).flatMap(partOfDay), let relation = scan.free(index + 2),
                relation == "before" || relation == "after", DateRecognizer.anchorEnds(scan, at: index + 3)
            {
                return (index + 3, [.date(.anchored(days: relation == "before" ? -1 : 1)), .partOfDay(partOfDay)])
            }
            // "the end of day report": a name of a thing, after an article and before its noun.
            guard let end = scan.matchAny(endOfDayPhrases, at: index) else { return nil }
            // ("reshoe the bay cob", "butter the corn cob": a horse, a cob of corn.)
            if norm == "cob", !scan.tokens[index].isCapitalized, Self.cobKinds.contains(scan.norm(index - 1) ?? "") { return nil }
            if norm != "the", ["the", "an", "a", "our", "my", "your"].contains(scan.norm(index - 1) ?? ""), let next = scan.free(end),
                ["report", "reports", "meeting", "review", "summary", "email", "checklist", "call", "numbers", "deadline", "sales"].contains(next)
            {
                return nil
            }
            return (end, [.partOfDay(.endOfDay)])
        case "noon", "midday", "lunchtime":
            // "noon-ish": about noon, read as noon; "noon sharp" is noon.
            let word = scan.free(index + 1)
            return (word == "ish" || word == "sharp" ? index + 2 : index + 1, [.time(ClockTime(hour: 12, minute: 0, meridiem: .twentyFourHour))])
        case "lunch":
            if scan.match(["lunch", "time"], at: index) != nil {
                return (index + 2, [.time(ClockTime(hour: 12, minute: 0, meridiem: .twentyFourHour))])
            }
            guard let previous = scan.norm(index - 1), ["at", "by", "before", "around", "about", "until", "till"].contains(previous)
            else { return nil }
            // "ask the PTA about lunch", "call the caterer about lunch": after a verb of asking or telling, what it is about.
            if previous == "about",
                (max(scan.range.lowerBound, index - 5)..<(index - 1)).contains(where: {
                    scan.tokens[$0].is(.actionVerb) && topicVerbs.contains(scan.tokens[$0].norm)
                })
            {
                return nil
            }
            return (index + 1, [.time(ClockTime(hour: 12, minute: 0, meridiem: .twentyFourHour))])
        case "dinnertime", "suppertime":
            return (index + 1, [.partOfDay(.evening)])
        case "midnight":
            return (scan.free(index + 1) == "ish" ? index + 2 : index + 1, [.midnight])
        case "now", "immediately", "straightaway", "right", "straight", "without":
            return now(scan, at: index).map { ($0, [.relative(seconds: 0)]) }
        case "early", "late", "mid", "midmorning", "midafternoon":
            return shadedPartOfDay(scan, at: index)
        default:
            break
        }
        if token.number == 12 || norm == "twelve" {
            // "12 noon", "twelve midday".
            if let word = scan.free(index + 1), word == "noon" || word == "midday" {
                return (index + 2, [.time(ClockTime(hour: 12, minute: 0, meridiem: .twentyFourHour))])
            }
            if scan.match(["midnight"], at: index + 1) != nil { return (index + 2, [.midnight]) }
        }
        if let result = relativeToHour(scan, at: index) { return result }
        if let result = militaryTime(scan, at: index) { return result }
        // "3-4pm", "9 - 10 am".
        if let joint = scan.free(index + 1), joint == "-" || joint == "to", let result = window(scan, at: index, joints: [joint], bare: true) {
            return result
        }
        if let result = clock(scan, at: index) { return result }
        // "two hours from now", "90 minutes ago", "20 minutes later", "an hour hence".
        if let (amount, unit, end) = NumberReader.duration(scan, at: index), unit == .minute || unit == .hour {
            if let stop = scan.matchAny([["from", "now"], ["later"], ["hence"]], at: end) {
                return (stop, [.relative(seconds: seconds(amount, unit))])
            }
            if let stop = scan.match(["ago"], at: end) { return (stop, [.relative(seconds: -seconds(amount, unit))]) }
            if let result = offsetFromClock(scan, minutes: seconds(amount, unit) / 60, at: end) { return result }
        }
        return nil
    }

    /// "half an hour before 3 pm", "an hour and a half after 1 pm", "an hour before midnight": a clock time moved by the
    /// `minutes` said before "before" or "after" at `index`. A bare hour is first put in its half of the day (1–6 pm,
    /// 7–11 am).
    private static func offsetFromClock(_ scan: SegmentScan, minutes: Int, at index: Int) -> (Int, [Fact])? {
        guard let relation = scan.free(index), relation == "before" || relation == "after", scan.isFree(index + 1),
            index + 1 < scan.range.upperBound, let (end, facts) = recognize(scan, at: index + 1), facts.count == 1
        else { return nil }
        let base: Int
        switch facts[0] {
        case .midnight: base = 24 * 60
        case .time(let clock) where clock.zone == nil:
            // "90 minutes before 8 tonight": a bare hour before an evening is in the evening.
            let evening = clock.meridiem == .unspecified && clock.hour < 12 && eveningAfter(scan, end)
            base = clock.hourOfDay(evening ? .pm : clock.meridiem) * 60 + clock.minute
        default: return nil
        }
        let total = ((base + (relation == "before" ? -minutes : minutes)) % (24 * 60) + 24 * 60) % (24 * 60)
        return (end, [.time(ClockTime(hour: total / 60, minute: total % 60, meridiem: .twentyFourHour))])
    }

    /// Whether "tonight", "in the evening", "at night" or "tomorrow night" is said at `index`.
    private static func eveningAfter(_ scan: SegmentScan, _ index: Int) -> Bool {
        var at = index
        if ["tomorrow", "in", "at", "this", "the"].contains(scan.free(at) ?? "") { at += 1 }
        if scan.free(at) == "the" { at += 1 }
        return scan.free(index) == "tonight" || ["evening", "night"].contains(scan.free(at) ?? "")
    }

    /// "now", "right now", "right away", "right this minute", "straight away", "immediately", "this instant", "at once": due at
    /// the reference time itself.
    ///
    /// "Now" opening a note ("Now call Sam"; "Now, call Sam" with a pause is due now), after "for"/"until"/"from"/"by"/"since"/"just" ("skip it for now"),
    /// before "that" ("now that it's fixed"), or capitalised in a name ("Apocalypse Now") is no due time; nor is
    /// "immediately after lunch". The end of the phrase, or nil.
    private static func now(_ scan: SegmentScan, at index: Int) -> Int? {
        var end: Int
        switch scan.free(index) {
        case "right":
            guard let stop = scan.matchAny(rightNowPhrases, at: index) else { return nil }
            end = stop
        case "this":
            guard
                let stop = scan.matchAny(
                    [
                        ["this", "instant"], ["this", "minute"], ["this", "second"], ["this", "very", "minute"], ["this", "very", "second"],
                        ["this", "very", "instant"],
                    ],
                    at: index)
            else { return nil }
            end = stop
        case "without":
            // "phone the pharmacy without delay".
            guard let stop = scan.match(["without", "delay"], at: index) else { return nil }
            end = stop
        case "at":
            // Not "submit both forms at once", "cook all the meals at once": together.
            guard let stop = scan.match(["at", "once"], at: index),
                !(scan.range.lowerBound..<index).contains(where: { ["both", "all", "everything", "together", "two", "three"].contains(scan.tokens[$0].norm) })
            else { return nil }
            end = stop
        case "straight":
            guard let stop = scan.match(["straight", "away"], at: index) else { return nil }
            end = stop
        case "immediately", "straightaway":
            end = index + 1
            // "Immediately report the downed power line": said first, before what to do.
            if end < scan.range.upperBound, scan.isFree(end), !immediatelyRelations.contains(scan.tokens[end].norm),
                scan.tokens[end].is(.actionVerb), scan.previousWordIndex(before: index).map({ !scan.range.contains($0) }) ?? true,
                // ("immediately call if the fever goes over 103": when is what follows; "immediately call the vet at 3": the
                // time said is meant.)
                !scan.range.contains(where: { $0 > end && ["if", "after", "when", "once", "before", "whenever"].contains(scan.tokens[$0].norm) }),
                !saysAnotherWhen(scan, besides: index)
            {
                return end
            }
        default:
            // "Now, email the signed waiver to the coach": said first in the note, apart, before what to do.
            if (0..<index).allSatisfy({ scan.tokens[$0].isPunctuation || scan.tokens[$0].is(.discourse) || scan.tokens[$0].is(.filler) }),
                index + 2 < scan.tokens.count, scan.tokens[index + 1].norm == ",",
                scan.tokens[index + 2].is(.actionVerb), !scan.tokens[index + 2].is(.discourse),
                // ("Now, call Mom at 5", "Now, call Sam tomorrow": another when is the one meant.)
                !saysAnotherWhen(scan, besides: index)
            {
                return index + 1
            }
            guard let previous = scan.previousWordIndex(before: index), !scan.tokens[previous].is(.filler),
                !["for", "until", "till", "til", "from", "by", "since", "just", "and", "but", "so", "okay", "ok", "well"]
                    .contains(scan.tokens[previous].norm),
                !(scan.tokens[index].isCapitalized && scan.tokens[previous].isCapitalized)
            else { return nil }
            end = index + 1
        }
        guard
            end >= scan.range.upperBound || scan.tokens[end].isPunctuation || scan.isConsumed(end)
                || nowFollowers.contains(scan.tokens[end].norm)
        else { return nil }
        // "text Coach Rivera now about the practice": after an action said first ("I'm thinking now about selling the car",
        // "the movie is now about to start" say what is going on).
        if end < scan.range.upperBound, scan.tokens[end].norm == "about" {
            guard end + 1 < scan.range.upperBound, scan.tokens[end + 1].norm != "to", !saysAnotherWhen(scan, besides: index),
                let first = scan.range.first(where: { scan.tokens[$0].isWord && !scan.tokens[$0].is(.discourse) && !scan.tokens[$0].is(.filler) }),
                Segmenter.startsAction(scan.tokens, at: first)
            else { return nil }
        }
        return end
    }

    /// Whether a word of the segment other than the one at `index` may say when ("at 5", "tomorrow", "Friday").
    private static func saysAnotherWhen(_ scan: SegmentScan, besides index: Int) -> Bool {
        scan.range.contains { other in
            let token = scan.tokens[other]
            return other != index
                && (token.number != nil || token.is(.cardinal) || token.is(.weekday) || token.is(.month)
                    || ["today", "tomorrow", "tonight", "noon", "midnight", "morning", "afternoon", "evening", "weekend", "week", "month"]
                        .contains(token.norm))
        }
    }

    /// The end and half of the day of a time said as another choice at `index` ("or 11", "or 4 pm", "or noon", "or so"):
    /// a time on its own, or a bare hour with nothing after it that it counts.
    private static func alternativeTime(_ scan: SegmentScan, at index: Int) -> (Int, Meridiem)? {
        guard scan.isFree(index) else { return nil }
        if mayStart(scan.tokens[index]), let (end, facts) = recognize(scan, at: index) {
            for case .time(let clock) in facts { return (end, clock.meridiem) }
            return facts.contains(.midnight) ? (end, .unspecified) : nil
        }
        // "at 10 or so", "at 4 or thereabouts": about then.
        if let word = scan.free(index), word == "so" || word == "thereabouts", followsOK(scan, at: index + 1) { return (index + 1, .unspecified) }
        guard let (hour, end) = NumberReader.cardinal(scan, at: index), (1...12).contains(hour) else { return nil }
        return followsOK(scan, at: end) ? (end, .unspecified) : nil
    }

    /// "this time tomorrow", "same time next week", "the same time on Friday": the reference time on that day ("next
    /// week" here is a week from today).
    private static func sameTime(_ scan: SegmentScan, at index: Int) -> (Int, [Fact])? {
        guard var cursor = scan.matchAny([["this", "time"], ["same", "time"], ["the", "same", "time"]], at: index) else { return nil }
        if scan.free(cursor) == "on" { cursor += 1 }
        guard scan.isFree(cursor) else { return nil }
        if scan.free(cursor) == "next", let word = scan.free(cursor + 1), word == "week" || word == "month" || word == "year" {
            let spec: DateSpec = word == "week" ? .relativeDays(7) : .relativeMonths(word == "month" ? 1 : 12)
            return (cursor + 2, [.date(spec), .partOfDay(.sameTime)])
        }
        guard let (end, spec) = DateRecognizer.recognize(scan, at: cursor) else { return nil }
        return (end, [.date(spec), .partOfDay(.sameTime)])
    }

    /// Whether a holiday's name ends right before `index` ("Christmas morning", "New Year's Day evening").
    private static func endsHoliday(_ scan: SegmentScan, at index: Int) -> Bool {
        var start = index - 1
        while start >= max(scan.range.lowerBound, index - 5) {
            if scan.tokens[start].is(.holidayStart), Holiday.named(scan, at: start)?.1 == index { return true }
            start -= 1
        }
        return false
    }

    /// "the morning", "the afternoon", "the evening" after "in".
    private static func afterThe(_ scan: SegmentScan, at index: Int) -> PartOfDay? {
        guard scan.free(index) == "the", let word = scan.free(index + 1) else { return nil }
        // "check in the night before": "the night before" counts from another day.
        if let next = scan.norm(index + 2), next == "before" || next == "after", DateRecognizer.anchorEnds(scan, at: index + 3) { return nil }
        return partOfDay(word)
    }

    /// Words before "late" that make it how someone is, not when ("I'll be late tonight", "work late tonight").
    private static let lateSaidOfSomeone: Set<String> = [
        "be", "am", "is", "are", "was", "were", "been", "i'm", "we're", "you're", "he's", "she's", "it's", "they're", "running",
        "run", "stay", "staying", "work", "working", "up", "out", "too", "so", "very",
    ]

    /// A part of the day said early, in the middle or late: "late afternoon", "in the early morning" (from "in"),
    /// "early in the morning", "mid-morning", "midafternoon", "tomorrow late morning", "early tomorrow morning", "late
    /// Friday afternoon", "late at night", "late tonight". A bare one that names a thing is none ("an early morning
    /// run", "late afternoon light").
    private static func shadedPartOfDay(_ scan: SegmentScan, at index: Int, introduced: Bool = false) -> (Int, [Fact])? {
        var shade = scan.tokens[index].norm
        var cursor = index + 1
        var facts: [Fact] = []
        switch shade {
        case "midmorning", "midafternoon":
            (shade, cursor) = ("mid", index)
        default:
            if let word = scan.free(cursor), word == "tomorrow" || word == "tmrw" || word == "today" {
                facts.append(.date(.relativeDays(word == "today" ? 0 : 1)))
                cursor += 1
            } else if let weekday = DateRecognizer.weekday(scan, at: cursor), scan.free(cursor + 1).flatMap(partOfDay) != nil {
                facts.append(.date(.weekdayAfterToday(weekday)))
                cursor += 1
            } else if shade == "late", scan.free(cursor) == "tonight", !lateSaidOfSomeone.contains(scan.norm(index - 1) ?? "") {
                return (cursor + 1, [.date(.relativeDays(0)), .partOfDay(.lateNight)])
            } else if shade == "late", let end = scan.match(["at", "night"], at: cursor), !lateSaidOfSomeone.contains(scan.norm(index - 1) ?? "") {
                return (end, [.partOfDay(.lateNight)])
            } else if let end = scan.match(["in", "the"], at: cursor), scan.free(end).flatMap(partOfDay) != nil {
                cursor = end
            }
        }
        guard let word = scan.free(cursor) else { return nil }
        let part: PartOfDay? =
            switch word {
            case "midmorning": .morning
            case "midafternoon": .afternoon
            default: partOfDay(word)
            }
        guard let part, let shaded = PartOfDay.shades[shade]?[part] else { return nil }
        let previous = scan.norm(index - 1) ?? ""
        // "early evening is when the baby fusses": the part of the day is what the sentence is about.
        if !introduced, facts.isEmpty, let next = scan.free(cursor + 1), MoodReader.isFinite(next) { return nil }
        guard
            introduced || !facts.isEmpty || dayWords.contains(previous) || scan.isConsumed(index - 1)
                || (!attributiveDeterminers.contains(previous) && previous != "an" && followsOK(scan, at: cursor + 1))
        else { return nil }
        return (cursor + 1, facts + [.partOfDay(shaded)])
    }

    private static func partOfDay(_ word: String) -> PartOfDay? {
        switch word {
        case "morning": .morning
        case "afternoon": .afternoon
        case "evening", "eve": .evening
        case "night": .night
        default: nil
        }
    }

    /// "between 10 and 12", "between 2 and 4 pm", "from 9 to 10", "3-4pm": due at the start of the window, which
    /// takes the window's "am"/"pm" when it has none ("between 2 and 4 pm" = 14:00, "between 11 and 1" = 11:00). With
    /// no word before it, the window's end must say "am" or "pm".
    private static func window(_ scan: SegmentScan, at index: Int, joints: Set<String>, bare: Bool = false) -> (Int, [Fact])? {
        guard scan.isFree(index) else { return nil }
        var time: ClockTime
        var start: Int
        if !bare, let word = scan.free(index), word == "noon" || word == "midday" {
            // "between noon and 2".
            (time, start) = (ClockTime(hour: 12, minute: 0, meridiem: .twentyFourHour), index + 1)
        } else if !bare, let (end, facts) = clock(scan, at: index), case .time(let said) = facts.first {
            (time, start) = (said, end)
        } else if bare, let value = scan.tokens[index].number, (1...12).contains(value) {
            (time, start) = (ClockTime(hour: value, minute: 0, meridiem: .unspecified), index + 1)
        } else {
            return nil
        }
        guard let joint = scan.free(start), joints.contains(joint) else { return nil }
        var endHour = 0
        var stop = start + 2
        if !bare, let word = scan.free(start + 1), word == "noon" || word == "midday" || word == "midnight" {
            // "from 9 to noon" is the morning's 9, "from 8 to midnight" the evening's 8.
            if time.meridiem == .unspecified, time.hour < 12 { time.meridiem = word == "midnight" ? .pm : .am }
            return (stop, [.time(time)])
        }
        if scan.isFree(start + 1), case .clock(let hour, _, _) = scan.tokens[start + 1].kind {
            endHour = hour
        } else if let (value, end) = NumberReader.cardinal(scan, at: start + 1), (1...12).contains(value) {
            (endHour, stop) = (value, end)
        } else {
            return nil
        }
        guard scan.free(stop).flatMap(NumberReader.unit) == nil else { return nil }
        var end = stop
        if let word = scan.free(end), word == "am" || word == "pm" {
            if time.meridiem == .unspecified, time.hour <= endHour { time.meridiem = word == "am" ? .am : .pm }
            end += 1
        } else if bare {
            return nil
        }
        return (end, [.time(time)])
    }

    /// "half past four", "quarter to 4", "ten to six", "twenty past 9", "5 minutes to 3".
    private static func relativeToHour(_ scan: SegmentScan, at index: Int) -> (Int, [Fact])? {
        var minutes: Int
        var cursor: Int
        switch scan.free(index) {
        case "half":
            minutes = 30
            cursor = index + 1
            // British "half five" = half past five (17:30 by the am/pm rule).
            if let (hour, end) = NumberReader.cardinal(scan, at: cursor), (1...12).contains(hour),
                scan.tokens[cursor].number != nil || scan.tokens[cursor].is(.cardinal),
                followsOK(scan, at: end) || scan.free(end) == "am" || scan.free(end) == "pm"
            {
                var stop = end
                var meridiem = Meridiem.unspecified
                if let word = scan.free(stop), word == "am" || word == "pm" {
                    meridiem = word == "am" ? .am : .pm
                    stop += 1
                }
                return (stop, [.time(ClockTime(hour: hour, minute: 30, meridiem: meridiem))])
            }
        case "quarter":
            minutes = 15
            cursor = index + 1
        case "a" where scan.free(index + 1) == "quarter":
            minutes = 15
            cursor = index + 2
        default:
            guard let (value, end) = NumberReader.cardinal(scan, at: index), (1...59).contains(value) else { return nil }
            // "pages 5 to 10" counts pages.
            if let previous = scan.norm(index - 1), numberedNouns.contains(previous) { return nil }
            minutes = value
            cursor = end
            if let word = scan.free(cursor), word == "minutes" || word == "mins" {
                cursor += 1
                // "40 minutes past noon": past the half hour only with the minutes said, and only past.
                if value > 29, !["past", "after"].contains(scan.free(cursor) ?? "") { return nil }
            } else if ![5, 10, 20, 25].contains(value) {
                return nil
            }
        }
        guard let relation = scan.free(cursor) else { return nil }
        let before: Bool
        switch relation {
        case "past", "after": before = false
        case "to", "till", "of", "before": before = true
        default: return nil
        }
        if minutes == 30 && before { return nil }
        // "lost 5 to 4" is a score: in digits, "to" is a time only after "at" or with a half of the day after the hour.
        if before, scan.tokens[index].number != nil, !inTimeContext(scan, at: index), !["minutes", "mins"].contains(scan.norm(cursor - 1) ?? ""),
            scan.free(cursor + 1) != "noon", scan.free(cursor + 1) != "midnight",
            !["am", "pm", "tonight", "this", "tomorrow"].contains(scan.free(cursor + 2) ?? ""), afterThe(scan, at: cursor + 3) == nil
        {
            return nil
        }
        // "quarter past noon", "ten to midnight".
        if let word = scan.free(cursor + 1), word == "noon" || word == "midnight" {
            let base = word == "noon" ? 12 * 60 : 24 * 60
            let total = before ? base - minutes : (base + minutes) % (24 * 60)
            return (cursor + 2, [.time(ClockTime(hour: total / 60, minute: total % 60, meridiem: .twentyFourHour))])
        }
        // "within 5 to 7 days" is a range of days.
        guard let (hour, end) = NumberReader.cardinal(scan, at: cursor + 1), (1...12).contains(hour),
            scan.free(end).flatMap(NumberReader.unit) == nil
        else { return nil }
        var clockHour = hour
        var clockMinute = minutes
        if before {
            clockHour = hour == 1 ? 12 : hour - 1
            clockMinute = 60 - minutes
        }
        var stop = end
        var meridiem = Meridiem.unspecified
        if let word = scan.free(stop), word == "am" || word == "pm" {
            meridiem = word == "am" ? .am : .pm
            stop += 1
            // "quarter to 1 pm" is 12:45 pm, still the afternoon side.
            if before && hour == 1 && meridiem == .pm {
                meridiem = .twentyFourHour
                clockHour = 12
            }
        }
        return (stop, [.time(ClockTime(hour: clockHour, minute: clockMinute, meridiem: meridiem))])
    }

    /// "3 pm", "3:30", "15:00", "7.30 pm", "3 o'clock", "at 5", "at three thirty", "seven pm".
    private static func clock(_ scan: SegmentScan, at index: Int) -> (Int, [Fact])? {
        let token = scan.tokens[index]
        var hour: Int
        var minute = 0
        var cursor: Int
        var written24 = false
        var spelledClock = false
        if case .clock(let clockHour, let clockMinute, let zeroPadded) = token.kind {
            // "version 20.11", "page 3.15": a numbered thing.
            if let previous = scan.norm(index - 1), numberedNouns.contains(previous) { return nil }
            // "problems 3.1 through 3.14": the end of a range of numbered things.
            if scan.transcript[token.range].contains("."), let joint = scan.previousWordIndex(before: index),
                ["through", "thru", "to", "and", "or"].contains(scan.tokens[joint].norm), joint > scan.range.lowerBound,
                scan.tokens[joint - 1].number != nil || scan.transcript[scan.tokens[joint - 1].range].contains(".")
            {
                return nil
            }
            hour = clockHour
            minute = clockMinute
            cursor = index + 1
            written24 = zeroPadded || clockHour > 12 || clockHour == 0
            spelledClock = true
        } else if let value = token.number, value >= 100 {
            // "1730 hours", "at 0930": 24-hour time said as one number.
            guard token.norm.count >= 3, token.norm.count <= 4, value / 100 <= 23, value % 100 < 60 else { return nil }
            cursor = index + 1
            let (clockHour, clockMinute) = (value / 100, value % 100)
            let twelveHour = (1...12).contains(clockHour) && token.norm.utf8.first != UInt8(ascii: "0")
            if twelveHour, let word = scan.free(cursor), word == "am" || word == "pm",
                !numberedNouns.contains(scan.norm(index - 1) ?? "")
            {
                // "730 pm", "at 1145 am": a recogniser's clock time without its colon.
                return (cursor + 1, [.time(ClockTime(hour: clockHour, minute: clockMinute, meridiem: word == "am" ? .am : .pm))])
            }
            if twelveHour, partOfDayFollows(scan, at: cursor), inTimeContext(scan, at: index) {
                // "at 1130 tonight": the same before a part of the day.
                return (cursor, [.time(ClockTime(hour: clockHour, minute: clockMinute, meridiem: .unspecified))])
            }
            if let word = scan.free(cursor), word == "hours" || word == "hrs" || word == "h" {
                cursor += 1
            } else if token.norm.utf8.count == 4, token.norm.utf8.first == UInt8(ascii: "0"), followsOK(scan, at: cursor),
                // "555 0142", "the code is 0815": part of a phone number, or a code.
                index == scan.range.lowerBound || scan.tokens[index - 1].number == nil, !numberedNouns.contains(scan.norm(index - 1) ?? ""),
                scan.norm(index - 1) != "is"
            {
                // "0800": a four-digit number with a leading zero is written 24-hour time.
            } else {
                guard inTimeContext(scan, at: index), followsOK(scan, at: cursor) else { return nil }
                // "by 2031", "before 2029": a year, not 20:31.
                if (2000...2099).contains(value), let previous = scan.previousWordIndex(before: index),
                    DateRecognizer.monthIntroducers.contains(scan.tokens[previous].norm)
                {
                    return nil
                }
            }
            let meridiem: Meridiem = token.norm.count == 4 || value / 100 > 12 ? .twentyFourHour : .unspecified
            return (cursor, [.time(ClockTime(hour: value / 100, minute: value % 100, meridiem: meridiem))])
        } else if let value = token.number {
            hour = value
            cursor = index + 1
            // "7 30 pm", "at 3 30": two-digit minutes said as a separate number.
            if let next = scan.isFree(cursor) ? scan.tokens[cursor] : nil, let minutes = next.number,
                scan.tokens[cursor].norm.count == 2, minutes < 60, (1...12).contains(value),
                scan.free(cursor + 1) == "am" || scan.free(cursor + 1) == "pm"
                    || (inTimeContext(scan, at: index) && followsOK(scan, at: cursor + 1))
            {
                minute = minutes
                cursor += 1
            } else if (1...12).contains(value), inTimeContext(scan, at: index), let (minutes, end) = spokenMinutes(scan, at: cursor) {
                // "at 1 fifteen": the minutes in words.
                minute = minutes
                cursor = end
            }
        } else if token.is(.cardinal), scan.norm(index - 1) == "at", let (value, end) = NumberReader.cardinal(scan, at: index),
            (13...23).contains(value), let (minutes, stop) = spokenMinutes(scan, at: end)
        {
            // "at eighteen thirty", "at twenty one fifteen": a 24-hour time in words.
            (hour, minute, cursor) = (value, minutes, stop)
            written24 = true
            spelledClock = true
        } else if token.is(.cardinal), let value = Lexicon.cardinals[token.norm], (1...12).contains(value), !token.norm.contains("-") {
            hour = value
            cursor = index + 1
            if let (minutes, end) = spokenMinutes(scan, at: cursor) {
                minute = minutes
                cursor = end
                // "twelve thirty", "three forty-five": an hour and minutes in words are a time on their own.
                spelledClock = true
            }
        } else {
            return nil
        }
        var meridiem: Meridiem = written24 ? .twentyFourHour : .unspecified
        var explicit = spelledClock
        // "at four, P.M.": a recogniser's comma before the half of the day.
        if scan.free(cursor) == ",", let word = scan.free(cursor + 1), word == "am" || word == "pm", (1...12).contains(hour),
            cursor + 2 == scan.range.upperBound || scan.tokens[cursor + 2].isPunctuation
        {
            cursor += 1
        }
        if let word = scan.free(cursor) {
            if word == "am" || word == "pm" {
                guard (1...12).contains(hour) else { return nil }
                meridiem = word == "am" ? .am : .pm
                cursor += 1
                explicit = true
            } else if word == "h" || ((word == "hrs" || word == "hours") && spelledClock), hour <= 23,
                spelledClock || hour >= 13 || inTimeContext(scan, at: index)
            {
                // "at 13h", "20h", "8:00 hrs": 24-hour writing.
                cursor += 1
                explicit = true
                meridiem = .twentyFourHour
            } else if word == "ish", (1...12).contains(hour) || minute > 0 {
                // "4ish", "at 4-ish", "fourish": about four, read as four.
                cursor += 1
                explicit = true
            } else if word == "o'clock" {
                guard (1...12).contains(hour), minute == 0 else { return nil }
                cursor += 1
                explicit = true
                if let next = scan.free(cursor), next == "am" || next == "pm" {
                    meridiem = next == "am" ? .am : .pm
                    cursor += 1
                }
            }
        }
        if !explicit {
            // A bare number is a time only after "at"/"by"/… or right after a correction ("make it 5"), or
            // before a part of the day ("7 in the evening", "9 tonight").
            guard hour <= 23, hour >= 1 || minute > 0,
                (inTimeContext(scan, at: index) && (followsOK(scan, at: cursor) || atAfterDay(scan, at: index)))
                    // "set the table for 8, no, 10 tonight": a number put right stays a number.
                    || (partOfDayFollows(scan, at: cursor) && !numberPutRight(at: index, scan))
                    // "9 sharp on Monday", not "2 sharp knives".
                    || (scan.free(cursor) == "sharp" && followsOK(scan, at: cursor + 1))
            else {
                return nil
            }
            if hour > 12 { meridiem = .twentyFourHour }
        }
        guard hour <= 24, minute < 60 else { return nil }
        // "at 4 sharp", "at 7 on the dot".
        if let word = scan.free(cursor), word == "sharp" { cursor += 1 } else if let stop = scan.match(["on", "the", "dot"], at: cursor) { cursor = stop }
        // "the 7:30 show", "for the 10 am meeting": a time between a determiner and its noun names the thing; "before the
        // 2 pm meeting" is still a deadline.
        if let previous = scan.norm(index - 1), attributiveDeterminers.contains(previous), let next = scan.free(cursor),
            scan.tokens[cursor].isWord, !followers.contains(next),
            !["before", "by", "until", "till"].contains(scan.norm(index - 2) ?? "")
        {
            return nil
        }
        return (cursor, [.time(ClockTime(hour: hour % 24, minute: minute, meridiem: meridiem))])
    }

    /// "fifteen hundred hours", "oh nine thirty hours", "zero eight hundred hours", "15 hundred hours": 24-hour
    /// time said the military way. "hours" is required, so "fifteen hundred dollars" stays an amount.
    private static func militaryTime(_ scan: SegmentScan, at index: Int) -> (Int, [Fact])? {
        var cursor = index
        let hour: Int
        let leadingZero = scan.free(cursor) == "oh" || scan.free(cursor) == "zero"
        if leadingZero, let unitWord = scan.free(cursor + 1),
            scan.tokens[cursor + 1].number == nil, let unit = Lexicon.cardinals[unitWord], (1...9).contains(unit)
        {
            hour = unit
            cursor += 2
        } else if let (value, end) = NumberReader.cardinal(scan, at: cursor), (0...23).contains(value) {
            hour = value
            cursor = end
        } else {
            return nil
        }
        let minute: Int
        if scan.free(cursor) == "hundred" {
            minute = 0
            cursor += 1
        } else if let (value, end) = spokenMinutes(scan, at: cursor) {
            minute = value
            cursor = end
        } else {
            return nil
        }
        let time = ClockTime(hour: hour, minute: minute, meridiem: .twentyFourHour)
        if let word = scan.free(cursor), word == "hours" || word == "hrs" { return (cursor + 1, [.time(time)]) }
        // After "at", "hundred" or a leading zero says it without "hours": "at nineteen hundred", "at oh nine thirty";
        // both say it anywhere ("oh nine hundred tomorrow").
        let hundred = scan.norm(cursor - 1) == "hundred"
        guard scan.norm(index - 1) == "at" ? leadingZero || hundred : leadingZero && hundred, followsOK(scan, at: cursor) else { return nil }
        return (cursor, [.time(time)])
    }

    /// Minutes said after an hour word: "thirty", "forty five", "oh five", "fifteen".
    private static func spokenMinutes(_ scan: SegmentScan, at index: Int) -> (Int, Int)? {
        guard let word = scan.free(index) else { return nil }
        if word == "oh", let unitWord = scan.free(index + 1), let unit = Lexicon.cardinals[unitWord], (1...9).contains(unit) {
            return (unit, index + 2)
        }
        guard let (value, end) = NumberReader.cardinal(scan, at: index), scan.tokens[index].number == nil,
            (10...59).contains(value)
        else { return nil }
        return (value, end)
    }

    /// Whether "in the morning", "tonight", "this evening", "at night", "tomorrow morning" follows a bare number
    /// ("call Sam 8 tonight", "11 in the evening"). Not when the number counts something: after a verb ("take 2 in
    /// the morning"), a numbered noun ("chapter 12 tonight") or another number, nor when it ends a list of numbers said
    /// after one ("chapters 3 or 4 tonight", "pages 5 to 10 tonight").
    private static func partOfDayFollows(_ scan: SegmentScan, at index: Int) -> Bool {
        guard let word = scan.free(index) else { return false }
        var previous = scan.previousWordIndex(before: index - 1)
        while let joint = previous, let number = scan.previousWordIndex(before: joint), ["or", "to", "and", "-"].contains(scan.tokens[joint].norm),
            scan.isFree(number), scan.tokens[number].number != nil || scan.tokens[number].is(.cardinal)
        {
            previous = scan.previousWordIndex(before: number)
        }
        // "the current one tomorrow afternoon", "this one tonight": "one" that stands for a thing after its determiner, or
        // after a word saying which after one ("call the plumber one tomorrow afternoon" keeps its hour).
        if scan.tokens[index - 1].norm == "one", let previous,
            MoodReader.determiners.contains(scan.tokens[previous].norm) || ["each", "which", "another", "other"].contains(scan.tokens[previous].norm)
                || (Self.whichOne.contains(scan.tokens[previous].norm)
                    && scan.previousWordIndex(before: previous).map({ MoodReader.determiners.contains(scan.tokens[$0].norm) }) == true)
        {
            return false
        }
        if let previous, !scan.isConsumed(previous),
            !scan.tokens[previous].isPunctuation, !scan.tokens[previous].is(.connective),
            !dayWords.contains(scan.tokens[previous].norm), Lexicon.weekdays[scan.tokens[previous].norm] == nil
        {
            let token = scan.tokens[previous]
            if !token.isWord || token.is(.actionVerb) || token.is(.cardinal) || numberedNouns.contains(token.norm) { return false }
        }
        switch word {
        case "tonight", "tonite": return true
        case "tomorrow", "tmrw", "today": return scan.free(index + 1).flatMap(partOfDay) != nil
        case "in": return afterThe(scan, at: index + 1) != nil
        case "this": return scan.free(index + 1).flatMap(partOfDay) != nil
        case "at": return scan.free(index + 1) == "night"
        default: return false
        }
    }

    /// Words that say which thing "one" stands for ("the current one", "my old one").
    private static let whichOne: Set<String> = [
        "current", "old", "new", "other", "same", "right", "wrong", "last", "first", "next", "big", "small", "little", "broken",
        "cracked", "spare", "extra", "good", "bad", "cheap", "blue", "red", "green", "black", "white", "older", "newer", "bigger",
        "smaller",
    ]

    /// Whether "like" said as a filler, or "exactly", sits between a time preposition and `index` ("at like 10", "around
    /// like 4", "at exactly 3").
    private static func spokenFiller(_ scan: SegmentScan, before index: Int) -> Bool {
        // "at, like, 3": the recogniser's commas around it.
        guard let before = scan.wordBeforeFiller(timeFillers, endingBefore: index) else { return false }
        return timePrepositions.contains(scan.tokens[before].norm)
    }

    /// Words said between a time preposition and its time that only fill or stress ("at like 10", "at exactly 3").
    private static let timeFillers = ["like", "exactly", "precisely"]

    /// Whether an "at" before `index` follows a day ("next Tuesday at 10 I have a call", "tomorrow at 9 standup"), so
    /// the number is the hour of that day whatever follows it.
    private static func atAfterDay(_ scan: SegmentScan, at index: Int) -> Bool {
        guard let at = scan.previousWordIndex(before: index), scan.tokens[at].norm == "at",
            let day = scan.previousWordIndex(before: at)
        else { return false }
        let token = scan.tokens[day]
        if case .ordinal = token.kind { return true }
        return token.is(.weekday) || dayWords.contains(token.norm) || token.norm == "tonight" || partOfDay(token.norm) != nil
    }

    /// Whether the word before `index` makes a bare number a time.
    private static func inTimeContext(_ scan: SegmentScan, at index: Int) -> Bool {
        if spokenFiller(scan, before: index) { return true }
        guard let previous = scan.previousWordIndex(before: index) else { return false }
        // "the Jets lose by 7", "we're up by 3": a margin, not a deadline; "a 2 by 4": a size.
        if scan.tokens[previous].norm == "by", let verb = scan.previousWordIndex(before: previous),
            marginWords.contains(scan.tokens[verb].norm)
                || ((scan.tokens[verb].number.map { $0 <= 24 } ?? scan.tokens[verb].is(.cardinal))
                    && !numberedNouns.contains(scan.norm(verb - 1) ?? ""))
        {
            return false
        }
        if timePrepositions.contains(scan.tokens[previous].norm) { return true }
        // "no later than 5".
        if scan.tokens[previous].norm == "than", let word = scan.norm(previous - 1), word == "later" || word == "earlier" { return true }
        // "no wait, 5", "no, 5": the marker may end in a comma.
        guard marker(before: index, scan) != nil else { return false }
        return !numberPutRight(at: index, scan)
    }

    /// Whether the number at `index` puts right one said a few words before that was no time ("gate 5, no, 6").
    private static func numberPutRight(at index: Int, _ scan: SegmentScan) -> Bool {
        guard let marker = marker(before: index, scan), marker.fact == .correction else { return false }
        return putsRightNumber(scan, said: marker.range)
    }

    /// The marker ("no", "no wait", "make it") said right before `index`.
    private static func marker(before index: Int, _ scan: SegmentScan) -> Recognition? {
        guard let previous = scan.previousWordIndex(before: index), scan.isConsumed(previous) else { return nil }
        return scan.recognitions.first { $0.fact.isMarker && $0.range.contains(previous) && $0.range.upperBound <= index }
    }

    /// Whether a correction at `marker` puts right a number that was no time ("gate 5, no, 6", "order 5 boxes, no, 6",
    /// "order 500 flyers from the shop, no, 800"): the number said last in the clause before it, a few words back.
    private static func putsRightNumber(_ scan: SegmentScan, said marker: Range<Int>) -> Bool {
        guard let before = scan.previousWordIndex(before: marker.lowerBound) else { return false }
        var start = before
        while start > max(scan.range.lowerBound, before - 6), !scan.tokens[start - 1].isClauseBreak { start -= 1 }
        let corrected = (start...before).last { scan.tokens[$0].number != nil }
        return corrected.map { !scan.isConsumed($0) } ?? false
    }

    /// Words before "by" that make the number after it a margin ("win by 3").
    private static let marginWords: Set<String> = [
        "win", "wins", "won", "lose", "loses", "lost", "lead", "leads", "led", "trail", "trails", "ahead", "behind",
        "beat", "beats", "increase", "increased", "drop", "dropped", "rise", "rose", "grow", "grew", "raise",
    ]

    /// Whether what follows a bare clock number lets it be a time (not "at 5 Main Street"); a zone may ("at 10 Pacific").
    private static func followsOK(_ scan: SegmentScan, at index: Int, zone: Bool = true) -> Bool {
        guard index < scan.range.upperBound else { return true }
        let token = scan.tokens[index]
        // "my phone is at 10%": a share, not an hour.
        if token.isPunctuation { return token.norm != "%" }
        if scan.isConsumed(index) { return true }
        if zone, token.is(.zoneStart), statedZone(scan, at: index) != nil { return true }
        // "At 4 call the school."
        return followers.contains(token.norm) || Segmenter.startsAction(scan.tokens, at: index)
    }

    /// A zone said right after a time at `index` ("3pm CET", "10 Pacific", "4 pm London time", "9am Eastern Standard
    /// Time"): the zone and the end of its words, when what follows lets the time end there ("at 10 Pacific Avenue" is
    /// an address).
    static func statedZone(_ scan: SegmentScan, at index: Int) -> (zone: TimeZone, end: Int)? {
        guard let first = scan.free(index), scan.tokens[index].is(.zoneStart) else { return nil }
        var names = [(first, index + 1)]
        if let second = scan.free(index + 1), scan.tokens[index + 1].isWord { names.append((first + " " + second, index + 2)) }
        for (name, end) in names.reversed() {
            guard let (zone, needsTime) = ZoneParser.spokenZone(name) else { continue }
            var stop = end
            if let word = scan.free(stop), word == "standard" || word == "daylight", scan.free(stop + 1) == "time" {
                stop += 2
            } else if scan.free(stop) == "time" {
                stop += 1
            } else if needsTime {
                continue
            }
            // "at 4pm CET demo the app": an action may follow a when that opens the clause.
            if followsOK(scan, at: stop, zone: false) || DateRecognizer.followsOK(scan, at: stop) { return (zone, stop) }
        }
        return nil
    }

    private static func seconds(_ amount: Double, _ unit: NumberReader.Unit) -> Int {
        let step: Double =
            switch unit {
            case .day: 86_400
            case .hour: 3600
            default: 60
            }
        return Int((amount * step).rounded())
    }
}
