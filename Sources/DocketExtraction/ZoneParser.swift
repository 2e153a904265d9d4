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
