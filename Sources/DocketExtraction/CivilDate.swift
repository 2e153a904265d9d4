/// A day of the proleptic Gregorian calendar, with the arithmetic the date rules need (no time zone).
struct CivilDate: Sendable, Hashable, Comparable {
    /// The year, e.g. 2026.
    var year: Int
    /// The month, 1…12.
    var month: Int
    /// The day of the month, 1…31.
    var day: Int

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    var dayNumber: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The given day (not validated; see `isValid`).
    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `dayNumber` days after 1970-01-01 (civil_from_days).
    init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Monday = 0 … Sunday = 6.
    var weekday: Int {
        let value = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday.
        return value < 0 ? value + 7 : value
    }

    /// "yyyy-MM-dd".
    var isoString: String {
        // Written byte by byte for the years a note can name (it is formatted for every due date).
        if (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) {
            return String(unsafeUninitializedCapacity: 10) { buffer in
                writeDigits(year, count: 4, into: buffer, at: 0)
                buffer[4] = UInt8(ascii: "-")
                writeDigits(month, count: 2, into: buffer, at: 5)
                buffer[7] = UInt8(ascii: "-")
                writeDigits(day, count: 2, into: buffer, at: 8)
                return 10
            }
        }
        var text = String(year)
        while text.count < 4 { text = "0" + text }
        return text + "-" + twoDigits(month) + "-" + twoDigits(day)
    }

    /// This day + `days`.
    func adding(days: Int) -> CivilDate {
        CivilDate(dayNumber: dayNumber + days)
    }

    /// The same day `months` months on, clamped to the month's length (Jan 31 + 1 month = Feb 28).
    func adding(months: Int) -> CivilDate {
        let total = year * 12 + (month - 1) + months
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        return CivilDate(year: newYear, month: newMonth, day: min(day, CivilDate.daysIn(year: newYear, month: newMonth)))
    }

    /// Whether `day` exists in that month.
    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysIn(year: year, month: month)
    }

    /// Number of days in a month.
    static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Calendar order.
    static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// Writes the last `count` decimal digits of `value` (≥ 0), zero-padded, at `offset` of `buffer`.
func writeDigits(_ value: Int, count: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
    var rest = value
    for position in stride(from: offset + count - 1, through: offset, by: -1) {
        buffer[position] = UInt8(truncatingIfNeeded: 48 + rest % 10)
        rest /= 10
    }
}
