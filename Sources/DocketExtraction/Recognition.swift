import Foundation

/// A calendar day as said, before it is resolved against the reference date.
///
/// Past expressions ("yesterday", "last Friday", "3 days ago") resolve literally to the past day: a task
/// due in the past is still the day that was said.
indirect enum DateSpec: Sendable, Equatable {
    /// Today + n days ("today", "tomorrow", "in 3 days", "in two weeks", "yesterday" = -1).
    case relativeDays(Int)
    /// Same day n months on ("in a month"), clamped to the month's length.
    case relativeMonths(Int)
    /// A bare weekday: the next such day after today. Monday = 0.
    case weekdayAfterToday(Int)
    /// "last Friday": the most recent such day before today.
    case weekdayBeforeToday(Int)
    /// "this Friday": on or after today within this week, else next week's.
    case thisWeekday(Int)
    /// That weekday in the calendar week `weeksAhead` weeks from this one: "next Friday" (1), "next week"
    /// (Monday, 1), "the week after next" (Monday, 2), "last week" (Monday, -1).
    case weekdayOfWeek(weeksAhead: Int, weekday: Int)
    /// Saturday of this weekend, or of next weekend.
    case weekend(next: Bool)
    /// Friday of this week (next week's once this week's has passed), or of next week.
    case endOfWeek(next: Bool)
    /// Last day of this month + n.
    case endOfMonth(monthsAhead: Int)
    /// "the 25th": the next day with that number, today included (months too short are skipped).
    case dayOfMonth(Int)
    /// "the 3rd of next month", "next month" (the 1st), "mid next month" (the 15th): that day n months on,
    /// clamped to the month's length.
    case dayInMonth(day: Int, monthsAhead: Int)
    /// "next year" (January 1st), "end of the year" (December 31st): that day n years on.
    case dayInYear(month: Int, day: Int, yearsAhead: Int)
    /// "December 1st", "12/1": the next such date, today included, unless a year was said.
    case monthDay(month: Int, day: Int, year: Int?)
    /// "Friday the 27th": the next day numbered `day` that falls on `weekday`, today included.
    case weekdayDayOfMonth(weekday: Int, day: Int)
    /// "the first Monday of next month" (n = 1), "the last Friday of the month" (n = -1), "the second to last Friday"
    /// (n = -2); with `month`, the next such month ("the second Tuesday of March"), or that month of `year` ("of March
    /// 2031"), else the month `monthsAhead` months on. `day` says what is counted: a weekday, business days ("the last
    /// business day of the month"), every day ("the second to last day of the month") or weeks ("the first week of
    /// December").
    case nthWeekday(n: Int, day: DayKind, month: Int?, monthsAhead: Int, year: Int? = nil)
    /// "the second Friday" with no month said: the `n`th `weekday` of this month while it is today or ahead, else of the
    /// next month that has one.
    case nthWeekdayAhead(n: Int, weekday: Int)
    /// `days` business days (Monday to Friday; holidays are not skipped) after the day `from` names, or before it when
    /// negative: "the next business day" (1 from today), "within 5 working days", "3 business days before Friday".
    case businessDays(Int, from: DateSpec)
    /// The Saturday of the `n`th weekend after today ("in two weekends" = 2; a weekend today is in is not counted), or of
    /// the `-n`th before it ("two weekends ago").
    case weekendsAhead(Int)
    /// A day shifted from another: "a week from tomorrow", "Friday after next", "2 days before Friday".
    case shifted(DateSpec, days: Int, months: Int)
    /// "the night before", "a week before", "the day after" with no day after them: days from the day of the task said
    /// before it in the note ("the taxes are due January 15th, remind me a week before"). Without one it is no day.
    case anchored(days: Int)
    /// "the Monday after Thanksgiving", "the Friday before Christmas": the first `weekday` after (or before) the day
    /// `base` names, never that day itself.
    case weekdayBeside(DateSpec, weekday: Int, after: Bool)
    /// "the weekend of the 5th": the Saturday of the Monday-to-Sunday week holding that day.
    case weekendOf(DateSpec)
    /// "the week of December 14th": the Monday of the week holding that day, or today once that Monday has passed.
    case weekOf(DateSpec)
    /// `days` days from Easter Sunday ("by Easter", "on Good Friday"): the next such day on or after today, or
    /// the one in `year`.
    case easter(days: Int, year: Int?)
    /// A calendar quarter (Q1 = January–March) `quartersAhead` quarters from this one ("next quarter", "the end of the
    /// quarter", "EOQ"): its first day (`part` -1), the 15th of its middle month (0) or its last day (1).
    case quarter(quartersAhead: Int, part: Int)
    /// A meteorological season, beginning on the 1st of `month` (spring 3, summer 6, fall 9, winter 12) and lasting
    /// three months: the day `part` names in it (-1 its first day, 0 the 15th of its middle month, 1 its last day; nil
    /// its first day, or its last day when the season is the one today is in and `which` is `.current`) of the season
    /// `which` picks.
    case season(month: Int, part: Int?, which: SeasonChoice)
}

/// What `DateSpec.nthWeekday` counts in a month.
enum DayKind: Sendable, Equatable {
    /// One weekday, Monday = 0 ("the second Tuesday").
    case weekday(Int)
    /// Every business day, Monday to Friday ("the last business day").
    case businessDay
    /// Every day ("the second to last day").
    case anyDay
    /// The month's Monday-to-Sunday weeks: the first is the one holding the 1st (due the 1st), the others are due their
    /// Monday, and the last is the one holding the month's last day.
    case week
}

/// Which season of that name a note means.
enum SeasonChoice: Sendable, Equatable {
    /// The first whose day is on or after today ("in the fall", "by winter", "the end of summer").
    case ahead
    /// The one today is in, else the next ("this winter").
    case current
    /// The first that begins after today ("next spring").
    case next
    /// The last that ended before today ("last summer").
    case last
    /// The one beginning in that year ("winter 2027" begins 2027-12-01).
    case year(Int)
    /// The one beginning in this year + n ("the spring next year").
    case yearsAhead(Int)
}

/// Whether a clock time said "am", "pm", neither, or was written in 24-hour form.
enum Meridiem: Sendable, Equatable {
    /// "am", "pm", neither (the 1–6 pm / 7–11 am rule applies), or 24-hour writing.
    case am, pm, unspecified, twentyFourHour
}

/// A clock time as said ("3 pm", "at 3:30", "15:00", "quarter to four").
struct ClockTime: Sendable, Equatable {
    /// 0…23 for 24-hour times, else 1…12.
    var hour: Int
    /// 0…59.
    var minute: Int
    /// How the half of the day was given.
    var meridiem: Meridiem
    /// The zone said after it ("3pm CET"), when it is not the note's: the time is that zone's wall-clock time.
    var zone: TimeZone?

    /// The hour of the day (0…23) in the half of the day `meridiem` says; a bare hour 1–6 is pm, 7–11 am.
    func hourOfDay(_ meridiem: Meridiem) -> Int {
        switch meridiem {
        case .twentyFourHour: hour % 24
        case .am: hour == 12 ? 0 : hour
        case .pm: hour >= 12 ? hour : hour + 12
        case .unspecified: (1...6).contains(hour) ? hour + 12 : hour
        }
    }
}

/// A part of the day said instead of, or next to, a clock time.
enum PartOfDay: Sendable, Equatable {
    /// 09:00, 15:00, 18:00, 20:00 and 17:00; `sameTime` is the reference time's own hour and minute ("this time
    /// tomorrow"), which `DueResolver` supplies.
    case morning, afternoon, evening, night, endOfDay, sameTime
    /// A part said early, in the middle or late ("early morning" 07:00, "mid-morning" 10:00, "late morning" 11:00,
    /// "early afternoon" 13:00, "late afternoon" 17:00, "late evening" 21:00, "late at night" 22:00).
    case earlyMorning, midMorning, lateMorning, earlyAfternoon, lateAfternoon, lateEvening, lateNight

    /// What "early", "mid" or "late" makes of a part ("late" + afternoon = `lateAfternoon`).
    static let shades: [String: [PartOfDay: PartOfDay]] = [
        "early": [.morning: .earlyMorning, .afternoon: .earlyAfternoon, .evening: .evening],
        "mid": [.morning: .midMorning, .afternoon: .afternoon, .evening: .evening],
        "late": [.morning: .lateMorning, .afternoon: .lateAfternoon, .evening: .lateEvening, .night: .lateNight],
    ]

    /// The hour each part stands for when no clock time is said; `sameTime` has none of its own.
    private static let hours: [PartOfDay: Int] = [
        .morning: 9, .afternoon: 15, .evening: 18, .night: 20, .endOfDay: 17, .earlyMorning: 7, .midMorning: 10,
        .lateMorning: 11, .earlyAfternoon: 13, .lateAfternoon: 17, .lateEvening: 21, .lateNight: 22,
    ]

    /// The time it stands for when no clock time is said.
    var defaultTime: (hour: Int, minute: Int) { (Self.hours[self] ?? 0, 0) }

    /// Which half of the day an unspecified clock hour next to it is in ("tonight at 8" = 20:00).
    var meridiem: Meridiem {
        guard let hour = Self.hours[self] else { return .unspecified }
        return hour < 12 ? .am : .pm
    }
}

/// A repetition rule ("every Monday", "daily", "monthly on the 15th", "every first Monday of the month").
struct Recurrence: Sendable, Equatable {
    /// RRULE frequencies.
    enum Frequency: String, Sendable {
        /// The RRULE FREQ values.
        case minutely = "MINUTELY"
        case hourly = "HOURLY"
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"
    }

    /// FREQ.
    var frequency: Frequency
    /// INTERVAL (1 is left out of the rule).
    var interval: Int = 1
    /// BYDAY, Monday = 0.
    var weekdays: [Int] = []
    /// BYMONTHDAY (-1 is the month's last day).
    var monthDay: Int?
    /// More days of the month after `monthDay` ("on the 1st and 15th"), in the order of the month.
    var moreMonthDays: [Int] = []
    /// BYMONTH (yearly rules with a date: "every year on March 3rd").
    var month: Int?
    /// The week of the month of a monthly BYDAY ("first Monday" = 1, "last Friday" = -1).
    var weekOfMonth: Int?
    /// More weeks of the month after `weekOfMonth` ("the 2nd and 4th Tuesday": 4).
    var moreWeeksOfMonth: [Int] = []
    /// BYSETPOS: which of the month's days on `weekdays` ("the last business day of the month" = -1 of Monday to Friday).
    var setPosition: Int?
    /// Whether BYMONTHDAY=1 was assumed ("monthly" alone), so a day said elsewhere replaces it.
    var monthDayIsDefault = false
    /// Whether the weekdays were named one by one ("every Monday"), so the first due is after today.
    var namedWeekdays = false
    /// The last day it repeats on ("every day until Sunday"); resolved into UNTIL with the due fields.
    var until: DateSpec?
    /// How long it goes on from its first day ("every day for two weeks": 14 days), resolved into UNTIL.
    var lastingDays: Int?
    /// How long it goes on in months ("every day for a month", "every month for a year": 12).
    var lastingMonths: Int?
    /// BYHOUR of a repetition said at more than one part of the day ("every morning and evening": 9 and 18).
    var hours: [Int] = []
    /// BYMINUTE of those hours, when both were said with the same minutes ("at 8:30 am and 8:30 pm": 30).
    var minute = 0

    /// The RRULE body, e.g. "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO" or "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3".
    var rule: String {
        var rule = "FREQ=" + frequency.rawValue
        if interval > 1 { rule += ";INTERVAL=" + String(interval) }
        if let month { rule += ";BYMONTH=" + String(month) }
        if !weekdays.isEmpty {
            let prefixes = weekOfMonth.map { ([$0] + moreWeeksOfMonth).map(String.init) } ?? [""]
            rule += ";BYDAY=" + prefixes.flatMap { prefix in weekdays.map { prefix + Lexicon.weekdayCodes[$0] } }.joined(separator: ",")
        }
        if let monthDay { rule += ";BYMONTHDAY=" + ([monthDay] + moreMonthDays).map(String.init).joined(separator: ",") }
        if !hours.isEmpty { rule += ";BYHOUR=" + hours.sorted().map(String.init).joined(separator: ",") }
        if !hours.isEmpty, minute != 0 { rule += ";BYMINUTE=" + String(minute) }
        if let setPosition { rule += ";BYSETPOS=" + String(setPosition) }
        return rule
    }
}

/// One thing a recogniser read from a span of tokens.
enum Fact: Sendable, Equatable {
    /// A calendar day.
    case date(DateSpec)
    /// A clock time.
    case time(ClockTime)
    /// A part of the day ("morning", "tonight").
    case partOfDay(PartOfDay)
    /// "midnight": 00:00 of the day after.
    case midnight
    /// "in two hours": reference + seconds.
    case relative(seconds: Int)
    /// A priority.
    case priority(TaskPriority)
    /// A repetition.
    case recurrence(Recurrence)
    /// A label.
    case label(String)
    /// A project.
    case project(String)
    /// "no wait", "I mean": what follows replaces what came before.
    case correction
    /// "scratch that": the task before is thrown away.
    case retraction
    /// "make it", "change that to": what follows amends the most recent task.
    case amendment

    /// Whether this is a marker (correction, retraction, amendment) rather than content.
    var isMarker: Bool {
        switch self {
        case .correction, .retraction, .amendment: true
        default: false
        }
    }

    /// Whether this says when the task is due.
    var isWhen: Bool {
        switch self {
        case .date, .time, .partOfDay, .midnight, .relative, .recurrence: true
        default: false
        }
    }
}

/// A span of tokens a recogniser consumed and what it read there.
struct Recognition: Sendable, Equatable {
    /// Token indices (into the whole note).
    var range: Range<Int>
    /// What was read.
    var fact: Fact
}

/// The working state of one segment: its tokens, which are consumed, and what was recognised.
struct SegmentScan {
    /// The note's text.
    let transcript: String
    /// All tokens of the note.
    let tokens: [Token]
    /// The segment's token indices.
    let range: Range<Int>
    /// Known projects and labels, lower-cased and split into words, with their configured spelling.
    let known: KnownNames
    /// Whether a task before this segment has a day, so "the night before" can count from it.
    var hasAnchorDay = false
    /// Consumed flags, indexed by token index - `range.lowerBound`.
    private(set) var consumed: [Bool]
    /// What was recognised, in the order recognisers found it.
    private(set) var recognitions: [Recognition] = []

    /// A scan of `range` with nothing consumed yet.
    init(transcript: String, tokens: [Token], range: Range<Int>, known: KnownNames) {
        self.transcript = transcript
        self.tokens = tokens
        self.range = range
        self.known = known
        self.consumed = Array(repeating: false, count: range.count)
    }

    /// Whether nothing but punctuation, discourse words and fillers ("okay so", "um") comes before `index` in the segment.
    func opensClause(at index: Int) -> Bool {
        index >= range.lowerBound
            && (range.lowerBound..<index).allSatisfy { tokens[$0].isPunctuation || tokens[$0].is(.discourse) || tokens[$0].is(.filler) }
    }

    /// Whether `index` is inside the segment and not yet consumed.
    func isFree(_ index: Int) -> Bool {
        range.contains(index) && !consumed[index - range.lowerBound]
    }

    /// The normalised word at `index` if it is free, else nil.
    func free(_ index: Int) -> String? {
        isFree(index) ? tokens[index].norm : nil
    }

    /// The normalised text at `index` if it is inside the segment (consumed or not), else nil.
    func norm(_ index: Int) -> String? {
        range.contains(index) ? tokens[index].norm : nil
    }

    /// Whether `index` is inside the segment and consumed.
    func isConsumed(_ index: Int) -> Bool {
        range.contains(index) && consumed[index - range.lowerBound]
    }

    /// The end of `phrase` if all its words are free at `index`, else nil.
    func match(_ phrase: [String], at index: Int) -> Int? {
        guard index >= range.lowerBound, index + phrase.count <= range.upperBound else { return nil }
        for (offset, word) in phrase.enumerated() {
            let position = index + offset
            guard !consumed[position - range.lowerBound], tokens[position].norm == word else { return nil }
        }
        return index + phrase.count
    }

    /// The end of the longest of `phrases` that matches at `index`.
    func matchAny(_ phrases: [[String]], at index: Int) -> Int? {
        var best: Int?
        for phrase in phrases {
            if let end = match(phrase, at: index), end > (best ?? index) { best = end }
        }
        return best
    }

    /// The previous index before `index` that is not a comma-like mark, inside the segment.
    /// The word before a free spoken filler (one of `fillers`: "like", "exactly") that ends right before `end`, with or
    /// without a comma on either side ("for, like, next Tuesday", "at like 3"); nil when none ends there.
    func wordBeforeFiller(_ fillers: [String], endingBefore end: Int) -> Int? {
        guard let filler = previousWordIndex(before: end), end - filler <= 2, isFree(filler), fillers.contains(tokens[filler].norm),
            let before = previousWordIndex(before: filler), filler - before <= 2
        else { return nil }
        return before
    }

    func previousWordIndex(before index: Int) -> Int? {
        var position = index - 1
        while position >= range.lowerBound {
            if !tokens[position].isClauseBreak { return position }
            position -= 1
        }
        return nil
    }

    /// Consumes `span` and records `fact` for it.
    mutating func record(_ span: Range<Int>, _ fact: Fact) {
        for position in span { consumed[position - range.lowerBound] = true }
        recognitions.append(Recognition(range: span, fact: fact))
    }

    /// Records `fact` for `span` but leaves its words in the title (a known name said in passing).
    mutating func note(_ span: Range<Int>, _ fact: Fact) {
        recognitions.append(Recognition(range: span, fact: fact))
    }

    /// Consumes `span` without recording a fact (connectives, fillers).
    mutating func consume(_ span: Range<Int>) {
        for position in span { consumed[position - range.lowerBound] = true }
    }

    /// Takes what was read in `view`, a scan of this segment's words without its hesitations (see
    /// `SegmentReader.withoutHesitations`), where `kept[i]` is the index here of the view's token `i`. A left-out
    /// token is consumed when the words on both sides of it are ("at, um, 3"), or when it is the first saying of a
    /// word said twice and the second is ("on the the 21st").
    mutating func adopt(_ view: SegmentScan, kept: [Int]) {
        recognitions = view.recognitions.map {
            Recognition(range: kept[$0.range.lowerBound]..<(kept[$0.range.upperBound - 1] + 1), fact: $0.fact)
        }
        var leftOut: [Int] = []
        var previousConsumed = false
        var position = 0
        for index in range {
            guard position < kept.count, kept[position] == index else {
                leftOut.append(index)
                continue
            }
            let isConsumed = view.consumed[position]
            consumed[index - range.lowerBound] = isConsumed
            if isConsumed {
                for other in leftOut where previousConsumed || tokens[other].norm == tokens[index].norm {
                    consumed[other - range.lowerBound] = true
                }
            }
            leftOut.removeAll(keepingCapacity: true)
            previousConsumed = isConsumed
            position += 1
        }
    }

    /// Reads what was recognised at `recognitionIndex` as `fact` instead (its words stay consumed).
    mutating func reread(at recognitionIndex: Int, as fact: Fact) {
        recognitions[recognitionIndex].fact = fact
    }

    /// Gives back a recognition's tokens (an amendment marker that turned out to be words of the title).
    mutating func release(at recognitionIndex: Int) {
        let recognition = recognitions.remove(at: recognitionIndex)
        for position in recognition.range { consumed[position - range.lowerBound] = false }
    }
}

/// Known project and label names, prepared for matching as words.
struct KnownNames: Sendable {
    /// A configured name and its lower-cased words.
    struct Name: Sendable {
        /// The configured spelling, used in the output.
        var spelling: String
        /// Its lower-cased words.
        var words: [String]
        /// Whether it is a project (else a label).
        var isProject: Bool
    }

    /// All names, longest first.
    var names: [Name]
    /// The first word of every name, to skip other words quickly.
    var firstWords: [String]

    /// Prepares the configured names.
    init(projects: [String], labels: [String]) {
        func prepare(_ spelling: String, isProject: Bool) -> Name? {
            // Most names are one word: skip splitting, and lower-casing when there is nothing to lower.
            let needsLowering = spelling.utf8.contains { $0 >= 65 && $0 <= 90 || $0 >= 128 }
            let lowered = needsLowering ? spelling.lowercased() : spelling
            let words = lowered.utf8.contains(32) ? lowered.split(separator: " ").map(String.init) : [lowered]
            return words.isEmpty || words[0].isEmpty ? nil : Name(spelling: spelling, words: words, isProject: isProject)
        }
        names = projects.compactMap { prepare($0, isProject: true) } + labels.compactMap { prepare($0, isProject: false) }
        if names.count > 1 { names.sort { $0.words.count > $1.words.count } }
        firstWords = names.map { $0.words[0] }
    }
}

/// A recogniser reads one kind of fact from a segment, consuming the tokens it uses.
protocol Recognizer {
    /// Scans the free tokens of `scan` and records what it recognises.
    static func scan(_ scan: inout SegmentScan)
}
