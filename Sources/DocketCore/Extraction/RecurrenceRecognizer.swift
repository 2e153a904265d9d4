/// Reads repetitions: "every day"/"daily", "every weekday", "every Monday"/"on Mondays", "every other week",
/// "monthly on the 15th"/"the first of every month", "every year"/"annually", "every 3 days".
enum RecurrenceRecognizer: Recognizer {
    /// Records every recurrence phrase among the free tokens of `scan`.
    static func scan(_ scan: inout SegmentScan) {
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            if scan.isFree(index), scan.tokens[index].isTrigger, let (end, recurrence, partOfDay) = recognize(scan, at: index) {
                scan.record(index..<end, .recurrence(recurrence))
                if let partOfDay { scan.record(index..<end, .partOfDay(partOfDay)) }
                index = end
            } else {
                index += 1
            }
        }
    }

    private static let weekdaysOnly = Recurrence(frequency: .weekly, weekdays: [0, 1, 2, 3, 4])
    private static let weekends = Recurrence(frequency: .weekly, weekdays: [5, 6])

    private static func recognize(_ scan: SegmentScan, at index: Int) -> (Int, Recurrence, PartOfDay?)? {
        let norm = scan.tokens[index].norm
        switch norm {
        case "every", "each":
            return afterEvery(scan, at: index + 1)
        case "daily", "everyday":
            return (index + 1, Recurrence(frequency: .daily), nil)
        case "weekdays":
            return (index + 1, weekdaysOnly, nil)
        case "weekends":
            return (index + 1, weekends, nil)
        case "biweekly", "bi-weekly", "fortnightly":
            return (index + 1, Recurrence(frequency: .weekly, interval: 2), nil)
        case "weekly":
            if let (end, days) = weekdayList(scan, at: index + 1, allowOn: true) {
                return (end, Recurrence(frequency: .weekly, weekdays: days, namedWeekdays: true), nil)
            }
            return (index + 1, Recurrence(frequency: .weekly), nil)
        case "monthly":
            let (end, day) = monthDaySuffix(scan, at: index + 1)
            return (end, Recurrence(frequency: .monthly, monthDay: day ?? 1), nil)
        case "yearly", "annually":
            return (index + 1, Recurrence(frequency: .yearly), nil)
        default:
            break
        }
        if Lexicon.pluralWeekdays[norm] != nil, let (end, days) = weekdayList(scan, at: index, allowOn: false) {
            return (end, Recurrence(frequency: .weekly, weekdays: days, namedWeekdays: true), nil)
        }
        // "the first of every month", "the 15th of each month".
        var cursor = index
        if norm == "the" { cursor += 1 }
        if let (day, end, _) = NumberReader.ordinal(scan, at: cursor), (1...31).contains(day),
            let stop = scan.matchAny([["of", "every", "month"], ["of", "each", "month"], ["of", "the", "month"]], at: end)
        {
            return (stop, Recurrence(frequency: .monthly, monthDay: day), nil)
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
        case "weekend": return (index + 1, weekends, nil)
        case "fortnight": return (index + 1, Recurrence(frequency: .weekly, interval: 2), nil)
        case "week":
            if scan.match(["week", "day"], at: index) != nil { return (index + 2, weekdaysOnly, nil) }
            if let (end, days) = weekdayList(scan, at: index + 1, allowOn: true) {
                return (end, Recurrence(frequency: .weekly, weekdays: days, namedWeekdays: true), nil)
            }
            return (index + 1, Recurrence(frequency: .weekly), nil)
        case "month":
            let (end, day) = monthDaySuffix(scan, at: index + 1)
            return (end, Recurrence(frequency: .monthly, monthDay: day ?? 1), nil)
        case "year":
            return (index + 1, Recurrence(frequency: .yearly), nil)
        case "other", "second":
            guard let next = scan.free(index + 1) else { return nil }
            if next == "week" { return (index + 2, Recurrence(frequency: .weekly, interval: 2), nil) }
            if next == "day" { return (index + 2, Recurrence(frequency: .daily, interval: 2), nil) }
            if next == "month" { return (index + 2, Recurrence(frequency: .monthly, interval: 2), nil) }
            if let (end, days) = weekdayList(scan, at: index + 1, allowOn: false) {
                return (end, Recurrence(frequency: .weekly, interval: 2, weekdays: days, namedWeekdays: true), nil)
            }
            return nil
        default:
            break
        }
        if Lexicon.weekdays[word] != nil, let (end, days) = weekdayList(scan, at: index, allowOn: false) {
            return (end, Recurrence(frequency: .weekly, weekdays: days, namedWeekdays: true), nil)
        }
        // "every 15th" (of the month).
        if let (day, end, spelled) = NumberReader.ordinal(scan, at: index), !spelled, (1...31).contains(day) {
            return (end, Recurrence(frequency: .monthly, monthDay: day), nil)
        }
        // "every 3 days", "every two weeks".
        if let (count, end) = NumberReader.cardinal(scan, at: index), count >= 1, let unit = scan.free(end) {
            let frequency: Recurrence.Frequency
            switch unit {
            case "days", "day": frequency = .daily
            case "weeks", "week": frequency = .weekly
            case "months", "month": frequency = .monthly
            case "years", "year": frequency = .yearly
            default: return nil
            }
            return (end + 1, Recurrence(frequency: frequency, interval: count), nil)
        }
        return nil
    }

    /// "Monday", "Monday and Thursday", "Mondays, Wednesdays and Fridays" (optionally after "on").
    private static func weekdayList(_ scan: SegmentScan, at index: Int, allowOn: Bool) -> (Int, [Int])? {
        var cursor = index
        if allowOn, scan.free(cursor) == "on" { cursor += 1 }
        var days: [Int] = []
        var end = cursor
        while let word = scan.free(cursor), let day = Lexicon.weekdays[word] ?? Lexicon.pluralWeekdays[word] {
            if !days.contains(day) { days.append(day) }
            cursor += 1
            end = cursor
            guard let joiner = scan.free(cursor), joiner == "and" || joiner == "," else { break }
            if joiner == ",", scan.free(cursor + 1) == "and" { cursor += 1 }
            cursor += 1
        }
        return days.isEmpty ? nil : (end, days.sorted())
    }

    /// "on the 15th" / "on the first" after "monthly"/"every month".
    private static func monthDaySuffix(_ scan: SegmentScan, at index: Int) -> (Int, Int?) {
        var cursor = index
        if scan.free(cursor) == "on" { cursor += 1 }
        if scan.free(cursor) == "the" { cursor += 1 }
        if let (day, end, _) = NumberReader.ordinal(scan, at: cursor), (1...31).contains(day) { return (end, day) }
        return (index, nil)
    }
}
