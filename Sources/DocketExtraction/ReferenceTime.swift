public import Foundation

/// Reads the reference times given on the command line (`--now`).
public enum ReferenceTime {
    /// Parses ISO-8601: `2026-11-18`, `2026-11-18T09:00`, `2026-11-18T09:00:00`, with optional fraction and
    /// `Z` / `±HH:MM` / `±HHMM` (at most ±14:00). A value without an offset is read in `zone`; a date alone means 00:00.
    public static func parse(_ text: String, zone: TimeZone) -> Date? {
        let s = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= s.count else { return nil }
            var v = 0
            for k in 0..<digits {
                let c = s[i + k]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += digits
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < s.count, s[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var offset: Int?
        if i < s.count, s[i] == 84 || s[i] == 116 || s[i] == 32 {
            i += 1
            guard let hour = number(2), expect(58), let minute = number(2) else { return nil }
            components.hour = hour
            components.minute = minute
            if expect(58) {
                guard let second = number(2) else { return nil }
                components.second = second
                if expect(46) || expect(44) {
                    while i < s.count, s[i] >= 48, s[i] <= 57 { i += 1 }
                }
            }
            if i < s.count {
                if s[i] == 90 || s[i] == 122 {
                    i += 1
                    offset = 0
                } else if s[i] == 43 || s[i] == 45 {
                    let sign = s[i] == 45 ? -1 : 1
                    i += 1
                    guard let oh = number(2) else { return nil }
                    _ = expect(58)
                    // No place is more than 14 hours from UTC.
                    guard let om = number(2), om < 60, oh * 60 + om <= 14 * 60 else { return nil }
                    offset = sign * (oh * 3600 + om * 60)
                }
            }
        }
        guard i == s.count, (1...12).contains(month), (1...31).contains(day), (0...23).contains(components.hour!),
            (0...59).contains(components.minute!), (0...60).contains(components.second!)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }

    /// Formats an instant as ISO-8601 with the zone's offset at that instant, e.g. `2026-11-20T15:00:00-05:00`.
    public static func format(_ date: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let abs = Swift.abs(offset)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let suffix = offset == 0 ? "Z" : "\(sign)\(two(abs / 3600)):\(two(abs % 3600 / 60))"
        return "\(c.year!)-\(two(c.month!))-\(two(c.day!))T\(two(c.hour!)):\(two(c.minute!)):\(two(c.second!))\(suffix)"
    }
}
