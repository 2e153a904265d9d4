import Foundation

/// The `Prefer` header(s) of a request, parsed as PostgREST does: a comma-separated list, possibly
/// in several headers, whitespace-tolerant; for each kind the first value wins; unknown values are
/// ignored unless `handling=strict`.
struct Preferences: Sendable, Equatable {
    /// `return=`.
    enum Return: String, Sendable {
        case minimal, representation
        case headersOnly = "headers-only"
    }
    /// `resolution=`.
    enum Resolution: String, Sendable {
        case mergeDuplicates = "merge-duplicates"
        case ignoreDuplicates = "ignore-duplicates"
    }
    /// `count=`.
    enum Count: String, Sendable { case exact, planned, estimated }
    /// `handling=`.
    enum Handling: String, Sendable { case strict, lenient }

    var returnPreference: Return?
    var resolution: Resolution?
    var count: Count?
    var missingDefault = false
    var handling: Handling?
    var timezone: String?
    var maxAffected: Int?
    var transaction: String?
    /// Values that were not understood.
    var invalid: [String] = []

    /// Parses every `Prefer` header value, in order.
    init(headerValues: [String]) {
        var seenMissing = false
        for header in headerValues {
            for raw in header.split(separator: ",") {
                let item = raw.trimmingCharacters(in: .whitespaces)
                guard !item.isEmpty else { continue }
                let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                let key = parts[0]
                let value = parts.count > 1 ? parts[1] : ""
                switch key {
                case "return":
                    if let parsed = Return(rawValue: value) { self.returnPreference = self.returnPreference ?? parsed } else { self.invalid.append(item) }
                case "resolution":
                    if let parsed = Resolution(rawValue: value) { self.resolution = self.resolution ?? parsed } else { self.invalid.append(item) }
                case "count":
                    if let parsed = Count(rawValue: value) { self.count = self.count ?? parsed } else { self.invalid.append(item) }
                case "missing":
                    if value == "default" || value == "null" {
                        if !seenMissing {
                            self.missingDefault = value == "default"
                            seenMissing = true
                        }
                    } else {
                        self.invalid.append(item)
                    }
                case "handling":
                    if let parsed = Handling(rawValue: value) { self.handling = self.handling ?? parsed } else { self.invalid.append(item) }
                case "timezone":
                    if !value.isEmpty { self.timezone = self.timezone ?? value } else { self.invalid.append(item) }
                case "max-affected":
                    if let parsed = Int(value) { self.maxAffected = self.maxAffected ?? parsed } else { self.invalid.append(item) }
                case "tx":
                    if value == "commit" || value == "rollback" { self.transaction = self.transaction ?? value } else { self.invalid.append(item) }
                default:
                    self.invalid.append(item)
                }
            }
        }
    }

    /// The `Preference-Applied` value for the preferences honoured by a request, or nil.
    /// `tx` is never applied (db-tx-end=commit, as on Supabase).
    func applied(isWrite: Bool, isInsert: Bool) -> String? {
        var values: [String] = []
        if isInsert, let resolution { values.append("resolution=\(resolution.rawValue)") }
        if isWrite, self.missingDefault { values.append("missing=default") }
        if isWrite, let returnPreference { values.append("return=\(returnPreference.rawValue)") }
        if let count { values.append("count=\(count.rawValue)") }
        if let handling { values.append("handling=\(handling.rawValue)") }
        if let timezone { values.append("timezone=\(timezone)") }
        if isWrite, let maxAffected { values.append("max-affected=\(maxAffected)") }
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}
