import Foundation

/// An instant's civil fields in a zone (UTC unless told), in the spellings the formats use.
struct Civil {
    var components: DateComponents

    init(_ instant: Date, zone: TimeZone = TimeZone(secondsFromGMT: 0)!) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        components = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
    }

    /// "2026-11-24".
    var day: String { String(format: "%04d-%02d-%02d", components.year ?? 0, components.month ?? 0, components.day ?? 0) }
    /// "09:30".
    var hourAndMinute: String { String(format: "%02d:%02d", components.hour ?? 0, components.minute ?? 0) }
    /// "093000".
    var clock: String { String(format: "%02d%02d%02d", components.hour ?? 0, components.minute ?? 0, components.second ?? 0) }
    /// "20261124T093000Z" (meaningful for a UTC instant).
    var utcStamp: String { day.replacingOccurrences(of: "-", with: "") + "T" + clock + "Z" }
    /// "2026-11-24T09:30:00Z" (meaningful for a UTC instant).
    var iso: String { day + "T" + String(format: "%02d:%02d:%02d", components.hour ?? 0, components.minute ?? 0, components.second ?? 0) + "Z" }
}
