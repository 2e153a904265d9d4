public import Foundation

/// Reads a time zone as users write it: an IANA name ("America/New_York", "UTC") or a fixed offset
/// ("+05:30", "-08:00", "+0530", "Z").
public enum ZoneParser {
    /// The zone named by `text`, or nil when it is neither a known IANA name nor a valid offset.
    public static func timeZone(from text: String) -> TimeZone? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if trimmed == "Z" || trimmed == "z" { return TimeZone(secondsFromGMT: 0) }
        if let first = trimmed.unicodeScalars.first, first == "+" || first == "-" {
            guard let seconds = offsetSeconds(trimmed) else { return nil }
            return TimeZone(secondsFromGMT: seconds)
        }
        // Names are ASCII words and slashes; anything else (spaces, punctuation) is a typo, not a zone.
        guard trimmed.unicodeScalars.allSatisfy({ isNameScalar($0) }) else { return nil }
        return TimeZone(identifier: trimmed)
    }

    /// Zones a note may name right after a time ("3pm CET", "at 10 Pacific", "9am Eastern Standard Time"), with the
    /// IANA zone each stands for, so daylight saving follows that zone's rules ("EST" said in July is New York's
    /// EDT, "CET" Paris's CEST). Kept to names that mostly mean one zone: "CST" is US Central, "IST" India, "BST"
    /// British Summer Time; GMT is read as UTC.
    private static let spokenZoneNames: [(names: [String], identifier: String)] = [
        (["utc", "gmt", "z", "zulu"], "UTC"),
        (["est", "edt", "et", "eastern"], "America/New_York"),
        (["cst", "cdt", "ct", "central"], "America/Chicago"),
        (["mst", "mdt", "mt", "mountain"], "America/Denver"),
        (["pst", "pdt", "pt", "pacific"], "America/Los_Angeles"),
        (["hst", "hawaii"], "Pacific/Honolulu"),
        (["bst"], "Europe/London"),
        (["cet", "cest"], "Europe/Paris"),
        (["ist"], "Asia/Kolkata"),
        (["jst"], "Asia/Tokyo"),
        (["aest", "aedt"], "Australia/Sydney"),
    ]

    /// Places a note may name as a zone with "time" after them ("4 pm London time", "noon New York time").
    private static let spokenPlaceZones: [(names: [String], identifier: String)] = [
        (["london", "uk", "british"], "Europe/London"),
        (["dublin", "irish"], "Europe/Dublin"),
        (["paris", "french"], "Europe/Paris"),
        (["berlin", "german"], "Europe/Berlin"),
        (["new york"], "America/New_York"),
        (["toronto"], "America/Toronto"),
        (["chicago"], "America/Chicago"),
        (["denver"], "America/Denver"),
        (["california", "los angeles", "la", "san francisco", "seattle"], "America/Los_Angeles"),
        (["india", "indian", "mumbai", "delhi"], "Asia/Kolkata"),
        (["tokyo", "japan"], "Asia/Tokyo"),
        (["singapore"], "Asia/Singapore"),
        (["hong kong"], "Asia/Hong_Kong"),
        (["sydney"], "Australia/Sydney"),
    ]

    /// Every spoken zone name (one or two lower-case words joined by a space), its zone, and whether "time" must
    /// follow it (a place).
    private static let spokenZones: [String: (zone: TimeZone, needsTime: Bool)] = {
        var table: [String: (zone: TimeZone, needsTime: Bool)] = [:]
        for (entries, needsTime) in [(spokenZoneNames, false), (spokenPlaceZones, true)] {
            for entry in entries {
                guard let zone = timeZone(from: entry.identifier) else { continue }
                for name in entry.names { table[name] = (zone, needsTime) }
            }
        }
        return table
    }()

    /// The first words of the spoken zone names, for the word classes.
    static var spokenZoneFirstWords: some Sequence<String> {
        (spokenZoneNames + spokenPlaceZones).flatMap(\.names).map { String($0.split(separator: " ")[0]) }
    }

    /// The zone spoken as `name` (one or two lower-case words joined by a space), and whether it is a zone only with
    /// "time" after it ("London time").
    static func spokenZone(_ name: String) -> (zone: TimeZone, needsTime: Bool)? {
        spokenZones[name]
    }

    /// The label a task carries for `zone`: its IANA identifier, "UTC" for the zero zone, or "+05:30" for
    /// fixed offsets.
    public static func label(for zone: TimeZone) -> String {
        let identifier = zone.identifier
        if identifier == "GMT" || identifier == "UTC" || identifier == "Etc/UTC" { return "UTC" }
        if identifier.hasPrefix("GMT+") || identifier.hasPrefix("GMT-") {
            return offsetText(zone.secondsFromGMT())
        }
        return identifier
    }

    /// Formats an offset in seconds as "+hh:mm".
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    private static func offsetSeconds(_ text: String) -> Int? {
        var digits: [Int] = []
        var sawColon = false
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where index > 0 {
            if scalar == ":" {
                guard !sawColon, digits.count == 2 else { return nil }
                sawColon = true
            } else if let value = asciiDigit(scalar) {
                digits.append(value)
            } else {
                return nil
            }
        }
        let hours: Int
        let minutes: Int
        switch digits.count {
        case 1 where !sawColon:
            hours = digits[0]
            minutes = 0
        case 2 where !sawColon:
            hours = digits[0] * 10 + digits[1]
            minutes = 0
        case 4:
            hours = digits[0] * 10 + digits[1]
            minutes = digits[2] * 10 + digits[3]
        default: return nil
        }
        guard hours <= 14, minutes < 60 else { return nil }
        let total = (hours * 60 + minutes) * 60
        return scalars[0] == "-" ? -total : total
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "/", "_", "-", "+": return true
        default: return false
        }
    }
}

/// The value of an ASCII digit scalar.
func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
    let value = Int(scalar.value) - 48
    return (0...9).contains(value) ? value : nil
}

/// Zero-padded two-digit decimal.
func twoDigits(_ value: Int) -> String {
    value < 10 ? "0" + String(value) : String(value)
}
