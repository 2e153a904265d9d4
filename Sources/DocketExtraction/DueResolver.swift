import Foundation

/// Turns `TaskFacts` into due date, time and instant strings, against the note's reference time and zone.
///
/// Day arithmetic is done on `CivilDate`s; only turning a wall-clock time into an instant uses `Calendar`,
/// so offsets are right across DST changes. In a DST gap Foundation moves the time forward (02:30 → 03:30);
/// an ambiguous time (01:30 on the fall-back day) is the first of the two.
struct DueResolver {
    /// The resolved due fields of one task.
    struct Due: Sendable, Equatable {
        /// "yyyy-MM-dd", or nil when no day was said.
        var date: String?
        /// "HH:mm", or nil for an all-day task.
        var time: String?
        /// ISO-8601 with the offset in force then, or nil without a time.
        var instant: String?
        /// The RRULE body, if the task repeats.
        var recurrence: String?
    }

    /// The note's zone.
    let zone: TimeZone
    /// The reference instant, in whole seconds since 1970.
    let referenceSeconds: Int
    /// The reference day in the zone.
    let today: CivilDate
    /// Seconds since midnight of the reference wall-clock time.
    let secondsOfDay: Int
    private let calendar: Calendar

    /// Prepares resolution against `referenceDate` in `zone`.
    init(referenceDate: Date, zone: TimeZone) {
        self.zone = zone
        let seconds = Int(referenceDate.timeIntervalSince1970.rounded(.down))
        referenceSeconds = seconds
        (today, secondsOfDay) = Self.wallClock(seconds + zone.secondsFromGMT(for: referenceDate))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    /// The due fields for `facts`.
    func resolve(_ facts: TaskFacts) -> Due {
        // "every 2 hours" with no time said: the first occurrence is one interval from now.
        if let recurrence = facts.recurrence, recurrence.frequency == .hourly || recurrence.frequency == .minutely,
            facts.date == nil, !facts.hasTime
        {
            let step = recurrence.frequency == .hourly ? 3600 : 60
            var due = format(referenceSeconds + step * recurrence.interval)
            // "every 12 hours for 10 days": the length counts from today, when the repetition starts.
            due.recurrence = rule(recurrence, timed: true, first: today)
            return due
        }
        if let seconds = facts.relativeSeconds {
            var due = format(referenceSeconds + seconds)
            due.recurrence = rule(facts.recurrence, timed: true)
            return due
        }
        var clock = timeOfDay(facts)
        // "every morning and evening": first at the next of its hours, today's if one is still ahead.
        let hours = facts.time == nil ? facts.recurrence?.hours.sorted() ?? [] : []
        let minute = facts.recurrence?.minute ?? 0
        if let earliest = hours.first { clock = (hours.first { isAhead(today, ($0, minute)) } ?? earliest, minute) }
        if let stated = facts.time?.zone, let clock, facts.recurrence == nil {
            return inZone(stated, clock: clock, date: facts.date)
        }
        var day: CivilDate?
        if let recurrence = facts.recurrence {
            let explicit = facts.date.flatMap(resolve)
            day = firstOccurrence(recurrence, explicit: explicit, clock: clock)
            if let earliest = hours.first, day != today { clock = (earliest, minute) }
        } else if let spec = facts.date {
            day = resolve(spec)
            if facts.midnight || facts.pastMidnightAtNight { day = day?.adding(days: 1) }
        } else if let clock {
            day = isAhead(today, clock) ? today : today.adding(days: 1)
        }
        guard let day else { return Due() }
        if clock == nil, facts.midnight { clock = (0, 0) }
        guard let clock else { return Due(date: day.isoString, recurrence: rule(facts.recurrence, timed: false, first: day)) }
        var components = DateComponents()
        components.year = day.year
        components.month = day.month
        components.day = day.day
        components.hour = clock.hour
        components.minute = clock.minute
        components.second = 0
        let instant = calendar.date(from: components).map { Int($0.timeIntervalSince1970.rounded(.down)) }
        var due = format(instant ?? (day.dayNumber * 86_400 + clock.hour * 3600 + clock.minute * 60))
        due.recurrence = rule(facts.recurrence, timed: true, first: day)
        return due
    }

    /// The RRULE body of `recurrence`, its last day (``Recurrence/until``, or the last of ``Recurrence/lastingDays`` or
    /// ``Recurrence/lastingMonths`` from the `first` due day) resolved into UNTIL in the form RFC 5545 asks for: the
    /// day ("UNTIL=20261122") for an all-day task, the end of that day in the zone as UTC
    /// ("UNTIL=20261123T045959Z") for a timed one.
    private func rule(_ recurrence: Recurrence?, timed: Bool, first: CivilDate? = nil) -> String? {
        guard let recurrence else { return nil }
        let ending =
            recurrence.until.flatMap(resolve) ?? recurrence.lastingDays.flatMap { days in first.map { $0.adding(days: days - 1) } }
            ?? recurrence.lastingMonths.flatMap { months in first.map { $0.adding(months: months).adding(days: -1) } }
        guard let last = ending else { return recurrence.rule }
        let day = last.isoString.replacingOccurrences(of: "-", with: "")
        guard timed else { return recurrence.rule + ";UNTIL=" + day }
        let end = calendar.date(from: DateComponents(year: last.year, month: last.month, day: last.day, hour: 23, minute: 59, second: 59))
        let seconds = end.map { Int($0.timeIntervalSince1970.rounded(.down)) } ?? (last.dayNumber * 86_400 + 86_399)
        let (utcDay, utcSecond) = Self.wallClock(seconds)
        let clock = String(format: "%02d%02d%02d", utcSecond / 3600, utcSecond % 3600 / 60, utcSecond % 60)
        return recurrence.rule + ";UNTIL=" + utcDay.isoString.replacingOccurrences(of: "-", with: "") + "T" + clock + "Z"
    }

    /// The wall-clock time said, if any: an explicit clock wins over a part of the day, whose half of the
    /// day it sets ("tonight at 8" = 20:00); bare hours 1–6 are pm, 7–11 am, 12 noon.
    func timeOfDay(_ facts: TaskFacts) -> (hour: Int, minute: Int)? {
        if let time = facts.time {
            var meridiem = time.meridiem
            if meridiem == .unspecified, let partOfDay = facts.partOfDay { meridiem = partOfDay.meridiem }
            if facts.pastMidnightAtNight { return (time.hour % 12, time.minute) }
            return (time.hourOfDay(meridiem) % 24, time.minute)
        }
        if facts.midnight { return (0, 0) }
        if facts.partOfDay == .sameTime { return (secondsOfDay / 3600, secondsOfDay % 3600 / 60) }
        return facts.partOfDay.map(\.defaultTime)
    }

    /// The day `spec` names.
    func resolve(_ spec: DateSpec) -> CivilDate? {
        let weekday = today.weekday
        switch spec {
        case .relativeDays(let days):
            return today.adding(days: days)
        case .relativeMonths(let months):
            return today.adding(months: months)
        case .weekdayAfterToday(let target):
            let delta = (target - weekday + 7) % 7
            return today.adding(days: delta == 0 ? 7 : delta)
        case .weekdayBeforeToday(let target):
            let delta = (weekday - target + 7) % 7
            return today.adding(days: delta == 0 ? -7 : -delta)
        case .thisWeekday(let target):
            return today.adding(days: target >= weekday ? target - weekday : target - weekday + 7)
        case .weekdayOfWeek(let weeksAhead, let target):
            return today.adding(days: 7 * weeksAhead - weekday + target)
        case .weekend(let next):
            if next { return today.adding(days: 12 - weekday) }
            return weekday >= 5 ? today : today.adding(days: 5 - weekday)
        case .endOfWeek(let next):
            if next || weekday > 4 { return today.adding(days: 11 - weekday) }
            return today.adding(days: 4 - weekday)
        case .endOfMonth(let monthsAhead):
            let first = CivilDate(year: today.year, month: today.month, day: 1).adding(months: monthsAhead)
            return CivilDate(year: first.year, month: first.month, day: CivilDate.daysIn(year: first.year, month: first.month))
        case .dayOfMonth(let day):
            return nextDayOfMonth(day, from: today)
        case .dayInMonth(let day, let monthsAhead):
            let first = CivilDate(year: today.year, month: today.month, day: 1).adding(months: monthsAhead)
            return CivilDate(year: first.year, month: first.month, day: min(day, CivilDate.daysIn(year: first.year, month: first.month)))
        case .dayInYear(let month, let day, let yearsAhead):
            return CivilDate(year: today.year + yearsAhead, month: month, day: day)
        case .monthDay(let month, let day, let year):
            if let year {
                return CivilDate.isValid(year: year, month: month, day: day) ? CivilDate(year: year, month: month, day: day) : nil
            }
            for candidateYear in today.year...(today.year + 8) where CivilDate.isValid(year: candidateYear, month: month, day: day) {
                let candidate = CivilDate(year: candidateYear, month: month, day: day)
                if candidate >= today { return candidate }
            }
            return nil
        case .weekdayDayOfMonth(let target, let day):
            var start = today
            for _ in 0..<60 {
                let candidate = nextDayOfMonth(day, from: start)
                if candidate.weekday == target { return candidate }
                start = candidate.adding(days: 1)
            }
            return nextDayOfMonth(day, from: today)
        case .nthWeekday(let n, let target, let month, let monthsAhead, let year):
            if let month, let year { return Self.nthWeekday(n, target, year: year, month: month) }
            if let month {
                for year in today.year...(today.year + 1) {
                    if let day = Self.nthWeekday(n, target, year: year, month: month), day >= today { return day }
                }
                return nil
            }
            let first = CivilDate(year: today.year, month: today.month, day: 1).adding(months: monthsAhead)
            return Self.nthWeekday(n, target, year: first.year, month: first.month)
        case .nthWeekdayAhead(let n, let target):
            let first = CivilDate(year: today.year, month: today.month, day: 1)
            return (0...3).lazy.compactMap { Self.nthWeekday(n, .weekday(target), year: first.adding(months: $0).year, month: first.adding(months: $0).month) }
                .first { $0 >= today }
        case .businessDays(let days, let base):
            return resolve(base).map { Self.businessDays(days, from: $0) }
        case .weekendsAhead(let n):
            let saturday = resolve(n > 0 ? .weekdayAfterToday(5) : .weekdayBeforeToday(5))
            return saturday?.adding(days: 7 * (n > 0 ? n - 1 : n + 1))
        case .anchored:
            // The extractor puts the day of the task before it in its place; left alone, no day was said.
            return nil
        case .weekdayBeside(let base, let target, let after):
            return resolve(base).map { day in
                let step = after ? (target - day.weekday + 7) % 7 : -((day.weekday - target + 7) % 7)
                return day.adding(days: step != 0 ? step : after ? 7 : -7)
            }
        case .weekendOf(let base):
            return resolve(base).map { $0.adding(days: 5 - $0.weekday) }
        case .weekOf(let base):
            return resolve(base).map { max($0.adding(days: -$0.weekday), today) }
        case .shifted(let base, let days, let months):
            return resolve(base).map { $0.adding(months: months).adding(days: days) }
        case .easter(let days, let year):
            if let year { return Holiday.easterSunday(year).adding(days: days) }
            return (today.year...(today.year + 1)).lazy.map { Holiday.easterSunday($0).adding(days: days) }.first { $0 >= today }
        case .quarter(let quartersAhead, let part):
            let first = CivilDate(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1).adding(months: 3 * quartersAhead)
            return Self.day(part, ofSeasonFrom: first)
        case .season(let month, let part, let which):
            return season(month: month, part: part, which: which)
        }
    }

    /// The day `part` names (-1 the first, 0 the 15th of the middle month, 1 the last) of the three months from `first`.
    static func day(_ part: Int, ofSeasonFrom first: CivilDate) -> CivilDate {
        switch part {
        case ..<0: first
        case 0: first.adding(months: 1).adding(days: 14)
        default: first.adding(months: 3).adding(days: -1)
        }
    }

    /// The day of the season beginning on the 1st of `month` that `part` and `which` name (see `DateSpec.season`).
    private func season(month: Int, part: Int?, which: SeasonChoice) -> CivilDate {
        func first(_ year: Int) -> CivilDate { CivilDate(year: year, month: month, day: 1) }
        func last(_ year: Int) -> CivilDate { first(year).adding(months: 3).adding(days: -1) }
        // The seasons that may be meant begin in the year before this one (a winter we are in) to the year after.
        let years = (today.year - 1)...(today.year + 1)
        switch which {
        case .year(let year):
            return Self.day(part ?? -1, ofSeasonFrom: first(year))
        case .yearsAhead(let shift):
            return Self.day(part ?? -1, ofSeasonFrom: first(today.year + shift))
        case .ahead:
            let year = years.first { Self.day(part ?? -1, ofSeasonFrom: first($0)) >= today } ?? today.year + 1
            return Self.day(part ?? -1, ofSeasonFrom: first(year))
        case .current:
            let year = years.first { last($0) >= today } ?? today.year + 1
            return Self.day(part ?? (first(year) <= today ? 1 : -1), ofSeasonFrom: first(year))
        case .next:
            let year = years.first { first($0) > today } ?? today.year + 1
            return Self.day(part ?? -1, ofSeasonFrom: first(year))
        case .last:
            let year = years.reversed().first { last($0) < today } ?? today.year - 2
            return Self.day(part ?? -1, ofSeasonFrom: first(year))
        }
    }

    /// Due fields for `clock` said in another zone ("3pm CET"): that wall-clock time on the day said (a day of the
    /// calendar, the same in every zone) or, with no day said, the next time it is that time there; as the time it then
    /// is in the note's zone, which may be another day.
    private func inZone(_ stated: TimeZone, clock: (hour: Int, minute: Int), date: DateSpec?) -> Due {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = stated
        func instant(_ day: CivilDate) -> Int? {
            let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: clock.hour, minute: clock.minute, second: 0)
            return calendar.date(from: components).map { Int($0.timeIntervalSince1970.rounded(.down)) }
        }
        let seconds: Int?
        if let date {
            seconds = resolve(date).flatMap(instant)
        } else {
            // Today there, or tomorrow there once that time has passed.
            let todayThere = Self.wallClock(referenceSeconds + stated.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(referenceSeconds)))).day
            seconds = instant(todayThere).flatMap { $0 > referenceSeconds ? $0 : instant(todayThere.adding(days: 1)) }
        }
        return seconds.map(format) ?? Due()
    }

    /// The `n`th day of `kind` in a month (n = -1: the last), or nil when the month has no such day.
    static func nthWeekday(_ n: Int, _ kind: DayKind, year: Int, month: Int) -> CivilDate? {
        let length = CivilDate.daysIn(year: year, month: month)
        let first = CivilDate(year: year, month: month, day: 1)
        // Business days and days are counted from the day before the 1st, or back from the 1st of the next month.
        let edge = n < 0 ? first.adding(months: 1) : first.adding(days: -1)
        switch kind {
        case .week:
            // The last week begins on the month's last Monday; the first is the one holding the 1st.
            if n < 0 { return nthWeekday(n, .weekday(0), year: year, month: month) }
            let day = first.adding(days: 7 * (n - 1) - first.weekday)
            return n == 1 ? first : day.month == month ? day : nil
        case .businessDay:
            let day = businessDays(n, from: edge)
            return day.month == month ? day : nil
        case .anyDay:
            let day = edge.adding(days: n)
            return day.month == month ? day : nil
        case .weekday(let weekday):
            if n < 0 {
                let last = CivilDate(year: year, month: month, day: length)
                let day = last.day - (last.weekday - weekday + 7) % 7 + 7 * (n + 1)
                return day >= 1 ? CivilDate(year: year, month: month, day: day) : nil
            }
            let day = 1 + (weekday - first.weekday + 7) % 7 + 7 * (n - 1)
            return day <= length ? CivilDate(year: year, month: month, day: day) : nil
        }
    }

    /// The day `days` business days (Monday to Friday) after `start`, or before it when negative; `start` itself when 0.
    static func businessDays(_ days: Int, from start: CivilDate) -> CivilDate {
        let step = days < 0 ? -1 : 1
        var day = start
        var left = abs(days)
        while left > 0 {
            day = day.adding(days: step)
            if day.weekday < 5 { left -= 1 }
        }
        return day
    }

    /// The first due day of a repetition: at or after today without a time, strictly after the reference
    /// time with one; "every Monday" without a time is the next Monday after today.
    private func firstOccurrence(_ recurrence: Recurrence, explicit: CivilDate?, clock: (hour: Int, minute: Int)?) -> CivilDate {
        func startingToday() -> CivilDate {
            guard let clock else { return today }
            return isAhead(today, clock) ? today : today.adding(days: 1)
        }
        // "every Sunday starting next week": a day said after today is where the repetition starts.
        let start = explicit.map { max($0, today) } ?? today
        switch recurrence.frequency {
        case .weekly where !recurrence.weekdays.isEmpty:
            // "every Sunday in December": only that month's.
            for offset in 0...(recurrence.month == nil ? 7 : 400) {
                let day = start.adding(days: offset)
                guard recurrence.weekdays.contains(day.weekday), recurrence.month.map({ $0 == day.month }) ?? true else { continue }
                if offset == 0, start == today {
                    if let clock, !isAhead(today, clock) { continue }
                    if clock == nil && recurrence.namedWeekdays { continue }
                }
                return day
            }
            return today
        case .monthly where recurrence.setPosition != nil && !recurrence.weekdays.isEmpty:
            // The `setPosition`th of the month's days on those weekdays, counted from the end when negative.
            let n = recurrence.setPosition ?? 1
            for monthOffset in 0..<24 {
                let first = CivilDate(year: today.year, month: today.month, day: 1).adding(months: monthOffset)
                let days = (0..<CivilDate.daysIn(year: first.year, month: first.month)).map { first.adding(days: $0) }
                    .filter { recurrence.weekdays.contains($0.weekday) }
                let position = n > 0 ? n - 1 : days.count + n
                guard days.indices.contains(position) else { continue }
                let day = days[position]
                if day > today || (day == today && clock.map { isAhead(today, $0) } ?? true) { return day }
            }
            return today
        case .monthly where recurrence.weekOfMonth != nil && !recurrence.weekdays.isEmpty:
            // The earliest of its weeks' days still ahead ("the 2nd and 4th Tuesday").
            let weeks = [recurrence.weekOfMonth ?? 1] + recurrence.moreWeeksOfMonth
            for monthOffset in 0..<24 {
                let first = CivilDate(year: today.year, month: today.month, day: 1).adding(months: monthOffset)
                let days = weeks.flatMap { n in
                    recurrence.weekdays.compactMap { Self.nthWeekday(n, .weekday($0), year: first.year, month: first.month) }
                }
                let ahead = days.filter { $0 > today || ($0 == today && clock.map { isAhead(today, $0) } ?? true) }
                if let day = ahead.min() { return day }
            }
            return today
        case .yearly where recurrence.month != nil && recurrence.weekOfMonth != nil && !recurrence.weekdays.isEmpty:
            // "every year on the fourth Thursday of November".
            let (n, month) = (recurrence.weekOfMonth ?? 1, recurrence.month ?? 1)
            for year in today.year...(today.year + 2) {
                guard let day = Self.nthWeekday(n, .weekday(recurrence.weekdays[0]), year: year, month: month), day >= today else { continue }
                if day == today, let clock, !isAhead(today, clock) { continue }
                return day
            }
            return today
        case .yearly where recurrence.month != nil:
            let month = recurrence.month ?? 1
            let monthDay = recurrence.monthDay ?? 1
            for year in today.year...(today.year + 8) where CivilDate.isValid(year: year, month: month, day: monthDay) {
                let day = CivilDate(year: year, month: month, day: monthDay)
                if day > today || (day == today && clock.map { isAhead(today, $0) } ?? true) { return day }
            }
            return today
        case .monthly where recurrence.monthDay != nil:
            // The first of its days ("the 1st and 15th") still ahead.
            let days = ([recurrence.monthDay ?? 1] + recurrence.moreMonthDays).map { monthDay in
                let day = nextDayOfMonth(monthDay, from: start)
                if day == today, let clock, !isAhead(today, clock) { return nextDayOfMonth(monthDay, from: today.adding(days: 1)) }
                return day
            }
            return days.min() ?? today
        case .yearly:
            if let explicit { return explicit }
            guard let clock, !isAhead(today, clock) else { return today }
            return today.adding(months: 12)
        default:
            return explicit ?? startingToday()
        }
    }

    /// The next day numbered `day` (-1: a month's last) on or after `start`.
    private func nextDayOfMonth(_ day: Int, from start: CivilDate) -> CivilDate {
        for monthOffset in 0..<24 {
            let first = CivilDate(year: start.year, month: start.month, day: 1).adding(months: monthOffset)
            let number = day < 0 ? CivilDate.daysIn(year: first.year, month: first.month) + day + 1 : day
            guard CivilDate.isValid(year: first.year, month: first.month, day: number) else { continue }
            let candidate = CivilDate(year: first.year, month: first.month, day: number)
            if candidate >= start { return candidate }
        }
        return start
    }

    /// Whether `clock` on `day` is after the reference time.
    private func isAhead(_ day: CivilDate, _ clock: (hour: Int, minute: Int)) -> Bool {
        day > today || (day == today && clock.hour * 3600 + clock.minute * 60 > secondsOfDay)
    }

    /// The wall-clock day and second of the day for `local` (seconds since 1970 plus the zone's offset then).
    private static func wallClock(_ local: Int) -> (day: CivilDate, secondOfDay: Int) {
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (CivilDate(dayNumber: days), local - days * 86_400)
    }

    /// Due fields for an instant (seconds since 1970), as wall-clock time in the zone with its offset then.
    private func format(_ seconds: Int) -> Due {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        let (day, secondOfDay) = Self.wallClock(seconds + offset)
        let date = day.isoString
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        let second = secondOfDay % 60
        let time = String(unsafeUninitializedCapacity: 5) { buffer in
            writeDigits(hour, count: 2, into: buffer, at: 0)
            buffer[2] = UInt8(ascii: ":")
            writeDigits(minute, count: 2, into: buffer, at: 3)
            return 5
        }
        // "yyyy-MM-ddTHH:mm:ss±hh:mm", the same as joining the parts, in one allocation.
        let offsetMinutes = abs(offset) / 60
        let instant: String
        if date.utf8.count == 10, offsetMinutes / 60 < 100 {
            instant = String(unsafeUninitializedCapacity: 25) { buffer in
                var position = 0
                for byte in date.utf8 {
                    buffer[position] = byte
                    position += 1
                }
                buffer[10] = UInt8(ascii: "T")
                writeDigits(hour, count: 2, into: buffer, at: 11)
                buffer[13] = UInt8(ascii: ":")
                writeDigits(minute, count: 2, into: buffer, at: 14)
                buffer[16] = UInt8(ascii: ":")
                writeDigits(second, count: 2, into: buffer, at: 17)
                buffer[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                writeDigits(offsetMinutes / 60, count: 2, into: buffer, at: 20)
                buffer[22] = UInt8(ascii: ":")
                writeDigits(offsetMinutes % 60, count: 2, into: buffer, at: 23)
                return 25
            }
        } else {
            instant = date + "T" + time + ":" + twoDigits(second) + ZoneParser.offsetText(offset)
        }
        return Due(date: date, time: time, instant: instant)
    }
}
