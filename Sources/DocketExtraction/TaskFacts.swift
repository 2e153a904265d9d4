/// Everything said about one task's when, priority and tags, before resolution against the reference time.
struct TaskFacts: Sendable, Equatable {
    /// The day said.
    var date: DateSpec?
    /// The clock time said.
    var time: ClockTime?
    /// The part of the day said.
    var partOfDay: PartOfDay?
    /// Whether "midnight" was said.
    var midnight = false
    /// An offset from the reference time ("in an hour").
    var relativeSeconds: Int?
    /// The priority said.
    var priority: TaskPriority?
    /// The repetition said.
    var recurrence: Recurrence?
    /// Labels said or matched.
    var labels: [String] = []
    /// The project said or matched.
    var project: String?

    /// Whether a small hour was said of a night ("12 tonight", "tonight at 12:30", "at 1 tonight", "2 am tonight"): past
    /// midnight, on the day after.
    var pastMidnightAtNight: Bool {
        guard partOfDay == .night || partOfDay == .lateNight, let time, time.meridiem == .unspecified || time.meridiem == .am else { return false }
        return time.hour == 12 || time.hour == 1 || time.hour == 2
    }

    /// Whether any time of day (clock, part of day, midnight, offset) was said.
    var hasTime: Bool { time != nil || partOfDay != nil || midnight || relativeSeconds != nil }

    /// Whether "now" is all that was said ("get down off the table right now").
    var saysOnlyNow: Bool {
        var rest = self
        rest.relativeSeconds = nil
        return relativeSeconds == 0 && rest.isEmpty
    }

    /// Whether "now" or less than half an hour from now is all that was said ("pull the baguettes out in five minutes").
    var saysOnlySoon: Bool {
        var rest = self
        rest.relativeSeconds = nil
        return (0..<1800).contains(relativeSeconds ?? -1) && rest.isEmpty
    }

    /// Whether nothing at all was said.
    var isEmpty: Bool {
        date == nil && !hasTime && priority == nil && recurrence == nil && labels.isEmpty && project == nil
    }

    /// No facts.
    init() {}

    /// Collects the facts of one segment. The first value of each kind wins, unless a correction or amendment
    /// marker comes between it and a later one ("on Thursday, no wait, Friday" = Friday).
    init(recognitions: [Recognition]) {
        // (A stable sort by position; the recognisers usually found them in order already.)
        let inOrder = recognitions.indices.dropFirst().allSatisfy { recognitions[$0 - 1].range.lowerBound <= recognitions[$0].range.lowerBound }
        let ordered =
            inOrder
            ? recognitions
            : recognitions.enumerated().sorted {
                ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
            }.map(\.element)
        // "for Monday, scratch that, Tuesday": a retraction with a new when after it corrects the when.
        let markers = ordered.filter(\.fact.isMarker).map(\.range.lowerBound)
        func replaceable(_ existing: Int?, _ new: Int) -> Bool {
            guard let existing else { return true }
            return markers.contains { $0 > existing && $0 < new }
        }
        var datePosition: Int?
        var timePosition: Int?
        // A corrected hour that took the half of the day of the hour before it, and the hour as said.
        var inherited: (position: Int, said: ClockTime)?
        var priorityPosition: Int?
        var recurrencePosition: Int?
        var projectPosition: Int?
        for recognition in ordered {
            let position = recognition.range.lowerBound
            switch recognition.fact {
            case .date(let spec):
                guard replaceable(datePosition, position) else { continue }
                date = spec
                datePosition = position
            case .time, .partOfDay, .midnight, .relative:
                let previousTime = time
                let previousPart = partOfDay
                if let timePosition, timePosition != position {
                    guard replaceable(timePosition, position) else {
                        // A second, different kind of time word without a correction refines the first
                        // ("tomorrow morning at 10:30").
                        addTime(recognition.fact, overwrite: false)
                        if case .partOfDay = recognition.fact, let inherited, inherited.position == timePosition {
                            // "at 9, no, 10 tonight": the corrected hour's own part of the day says its half.
                            time = inherited.said
                        }
                        continue
                    }
                    clearTime()
                }
                addTime(recognition.fact, overwrite: true)
                if let current = time {
                    time = TaskFacts.inheriting(current, from: previousTime, partOfDay: previousPart)
                    if time != current { inherited = (position, current) }
                }
                timePosition = position
            case .priority(let value):
                guard replaceable(priorityPosition, position) else { continue }
                priority = value
                priorityPosition = position
            case .recurrence(let value):
                guard replaceable(recurrencePosition, position) else { continue }
                recurrence = value
                recurrencePosition = position
            case .label(let name):
                if !labels.contains(name) { labels.append(name) }
            case .project(let name):
                guard replaceable(projectPosition, position) else { continue }
                project = name
                projectPosition = position
            case .correction, .retraction, .amendment:
                continue
            }
        }
        if recurrence != nil, date != nil { foldDateIntoRecurrence() }
    }

    /// A day said next to a repetition that leaves it open becomes part of the rule: "on the 15th every month"
    /// = BYMONTHDAY=15, "every year on March 3rd" = BYMONTH=3;BYMONTHDAY=3, "Fridays … every week" = BYDAY=FR.
    private mutating func foldDateIntoRecurrence() {
        guard var rule = recurrence, let spec = date else { return }
        switch (rule.frequency, spec) {
        case (.yearly, .monthDay(let month, let day, nil)) where rule.month == nil:
            rule.month = month
            rule.monthDay = day
        case (.monthly, .dayOfMonth(let day))
        where rule.weekOfMonth == nil && rule.setPosition == nil
            && (rule.monthDay == nil || rule.monthDayIsDefault):
            rule.monthDay = day
            rule.monthDayIsDefault = false
        case (.weekly, .weekdayAfterToday(let weekday)) where rule.weekdays.isEmpty:
            rule.weekdays = [weekday]
            rule.namedWeekdays = true
        default:
            return
        }
        recurrence = rule
        date = nil
    }

    /// A corrected bare hour keeps the half of the day of the time it corrects ("7 pm, no wait, 8" = 20:00), or of the
    /// part of the day said with it ("7 tonight, no, 8" = 20:00).
    static func inheriting(_ new: ClockTime, from old: ClockTime?, partOfDay: PartOfDay? = nil) -> ClockTime {
        guard new.meridiem == .unspecified, (1...12).contains(new.hour), let old, old != new else { return new }
        let oldIsAfternoon: Bool
        switch old.meridiem {
        case .pm: oldIsAfternoon = true
        case .am: oldIsAfternoon = false
        case .twentyFourHour: oldIsAfternoon = old.hour >= 12
        case .unspecified:
            oldIsAfternoon = partOfDay.map { $0.meridiem == .pm } ?? ((1...6).contains(old.hour) || old.hour == 12)
        }
        // "at 11, no, 1", "at 11, no, 12", "at 10 am, no, 1": a morning hour put right to 12 or an hour from 1 to 6 (1 to
        // 4 after an hour said with "am": "7 am, no, 6" is 06:00) is noon or the afternoon, not the small hours.
        if !oldIsAfternoon, (7...11).contains(old.hour),
            new.hour == 12 || (old.meridiem == .unspecified ? (1...6).contains(new.hour) : (1...4).contains(new.hour))
        {
            return new
        }
        var result = new
        result.meridiem = oldIsAfternoon ? .pm : .am
        return result
    }

    private mutating func addTime(_ fact: Fact, overwrite: Bool) {
        switch fact {
        case .time(let value) where overwrite || time == nil: time = value
        case .partOfDay(let value) where overwrite || partOfDay == nil: partOfDay = value
        case .midnight: midnight = true
        case .relative(let seconds) where overwrite || relativeSeconds == nil: relativeSeconds = seconds
        default: break
        }
    }

    mutating func clearTime() {
        time = nil
        partOfDay = nil
        midnight = false
        relativeSeconds = nil
    }

    /// Applies a later correction ("actually make it 4pm", "change that to tomorrow"): what it says replaces
    /// what was said before; the rest stays.
    mutating func amend(with other: TaskFacts) {
        if other.hasTime {
            let previousTime = time
            let previousPart = partOfDay
            clearTime()
            time = other.time.map { TaskFacts.inheriting($0, from: previousTime, partOfDay: previousPart) }
            partOfDay = other.partOfDay
            midnight = other.midnight
            relativeSeconds = other.relativeSeconds
            if other.relativeSeconds != nil { date = nil }
        }
        if let otherDate = other.date {
            date = otherDate
            // An offset from now fixes the day too; a new day keeps only a stated clock time.
            relativeSeconds = nil
        }
        if let otherRecurrence = other.recurrence { recurrence = otherRecurrence }
        if let otherPriority = other.priority { priority = otherPriority }
        if let otherProject = other.project { project = otherProject }
        for label in other.labels where !labels.contains(label) { labels.append(label) }
    }

    /// Whether a day, time or repetition was said.
    var hasWhen: Bool { date != nil || hasTime || recurrence != nil }

    /// Takes the day, time and repetition of `other` (a trailing repetition shared by "and"-joined tasks).
    mutating func shareWhen(from other: TaskFacts) {
        date = other.date
        time = other.time
        partOfDay = other.partOfDay
        midnight = other.midnight
        relativeSeconds = other.relativeSeconds
        recurrence = other.recurrence
    }

    /// Fills in what is missing from `other` (a leading "Tomorrow," for the rest of the sentence).
    mutating func fill(from other: TaskFacts) {
        if date == nil && relativeSeconds == nil && recurrence == nil { date = other.date }
        if !hasTime {
            time = other.time
            partOfDay = other.partOfDay
            midnight = other.midnight
            relativeSeconds = other.relativeSeconds
        }
        if recurrence == nil { recurrence = other.recurrence }
        if priority == nil { priority = other.priority }
        if project == nil { project = other.project }
        for label in other.labels where !labels.contains(label) { labels.append(label) }
    }
}
