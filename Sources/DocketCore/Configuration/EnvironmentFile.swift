import Foundation

/// docket's settings files (`docket.env` and a development `.env`), in the one format that docket and systemd's
/// `EnvironmentFile=` read the same way, so a shell and a service given the same file see the same settings:
///
/// - `KEY=value` lines, the key a shell name (`[A-Za-z_][A-Za-z0-9_]*`), blanks around `=` and the value ignored;
/// - comments on lines of their own, starting with `#` or `;`; blank lines;
/// - a value bare, or wholly in double or single quotes without that quote inside.
///
/// Anything systemd would read differently is refused with its line number: `export` (systemd takes it as part
/// of the key), a `#` after a value (systemd keeps it in the value), backslashes (systemd reads them as escapes
/// and line continuations) and quotes that do not enclose the whole value (systemd joins the pieces).
public enum EnvironmentFile {
    /// Parses a settings file's text.
    /// - Parameter origin: the file's path, named in errors.
    /// - Throws: ``ConfigurationError`` naming the file and line of anything outside the format, and of an unknown
    ///   `DOCKET_` key.
    public static func parse(_ text: String, origin: String = ".env") throws -> [String: String] {
        var result: [String: String] = [:]
        // LF, CRLF (one Character in Swift, so splitting on "\n" alone misses it) or CR, as systemd reads them.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces.union(["\r"]))
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            let (key, value) = try assignment(line, at: "\(origin) line \(index + 1)")
            result[key] = value
        }
        return result
    }

    private static func assignment(_ line: String, at place: String) throws -> (String, String) {
        func refuse(_ why: String) -> ConfigurationError {
            ConfigurationError(.invalidValue, "\(place): \(why)")
        }
        if line.hasPrefix("export ") || line.hasPrefix("export\t") {
            throw refuse("`export` is not part of the format (systemd's EnvironmentFile= would read it as part of the name); remove it.")
        }
        guard let equals = line.firstIndex(of: "=") else {
            throw refuse("is not KEY=value: \(line)")
        }
        let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        guard let first = key.unicodeScalars.first, first == "_" || isLetter(first), key.unicodeScalars.allSatisfy({ $0 == "_" || isLetter($0) || isDigit($0) })
        else {
            throw refuse("\"\(key)\" is not a setting name; names are letters, digits and _, e.g. DOCKET_DB=/path.")
        }
        if key.hasPrefix("DOCKET_"), !ConfigurationResolver.knownKeys.contains(key) {
            throw ConfigurationError(.unknownKey, "\(place): \(key) is not a docket setting; see .env.example for the list.")
        }
        var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.contains("\\") {
            throw refuse("\(key)'s value has a backslash, which systemd reads as an escape; write the value without it.")
        }
        if let quote = value.first, quote == "\"" || quote == "'" {
            let inner = value.dropFirst()
            guard inner.last == quote, !inner.dropLast().contains(quote) else {
                throw refuse("\(key)'s value is not wholly quoted (systemd joins quoted pieces); quote all of it once, or none of it.")
            }
            value = String(inner.dropLast())
        } else if value.contains("\"") || value.contains("'") {
            throw refuse("\(key)'s value has a quote inside, which systemd removes; quote the whole value with the other kind of quote.")
        } else if value.contains(" #") || value.contains("\t#") {
            throw refuse("a comment after \(key)'s value would be part of the value for systemd; put the comment on a line of its own.")
        }
        return (key, value)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
