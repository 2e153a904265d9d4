import DocketExtraction
public import Foundation

/// The formats `docket export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// todo.txt: one task per line, `(A)` priorities, `+project`, `@label`, `due:` and `rec:`.
    case todotxt
    /// iCalendar (RFC 5545): one VTODO per task, with the VTIMEZONEs its due times use.
    case ics
    /// CSV (RFC 4180) with a header row.
    case csv
    /// `{"tasks":[…]}`, the shape of `docket tasks --json`.
    case json
    /// Taskwarrior's import format: a JSON array `task import` reads.
    case taskwarrior

    /// The format a file name's extension suggests (`.txt`, `.ics`, `.csv`, `.json`), or nil.
    public init?(fileName: String) {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "txt": self = .todotxt
        case "ics": self = .ics
        case "csv": self = .csv
        case "json": self = .json
        default: return nil
        }
    }
}

/// Writes stored tasks in the formats other tools read. Pure: the same tasks, time and zone give the same bytes.
public struct TaskExporter: Sendable {
    /// The export's own time (iCalendar's DTSTAMP).
    public var now: Date
    /// The zone creation and completion days are given in (todo.txt).
    public var zone: TimeZone

    /// An exporter stamping `now`, with days in `zone`.
    public init(now: Date = Date(), zone: TimeZone = .current) {
        self.now = now
        self.zone = zone
    }

    /// `tasks` in `format`, in the order given.
    public func render(_ tasks: [TaskRecord], as format: ExportFormat) throws -> String {
        switch format {
        case .todotxt: return tasks.map(todoTxtLine).map { $0 + "\n" }.joined()
        case .ics: return calendar(tasks)
        case .csv: return csv(tasks)
        case .json: return try String(decoding: makeJSONEncoder().encode(["tasks": tasks.map(StoredTaskJSON.init)]), as: UTF8.self) + "\n"
        case .taskwarrior: return try String(decoding: makeJSONEncoder().encode(tasks.map(TaskwarriorTask.init)), as: UTF8.self) + "\n"
        }
    }

    // MARK: - todo.txt

    /// One todo.txt line: `x DONE CREATED` or `(A) CREATED`, the title, then `+project @label due: rec:`.
    func todoTxtLine(_ task: TaskRecord) -> String {
        var parts: [String] = []
        let letter: String? =
            switch task.priority {
            case .high: "A"
            case .medium: "B"
            case .low: "C"
            case .none: nil
            }
        if task.completed {
            parts += ["x", Civil(task.completedAt ?? task.updatedAt, zone: zone).day]
        } else if let letter {
            parts.append("(\(letter))")
        }
        parts.append(Civil(task.createdAt, zone: zone).day)
        parts.append(Self.todoTxtWords(task.title))
        if let project = task.project { parts.append("+" + Self.tagWord(project)) }
        parts += task.labels.map { "@" + Self.tagWord($0) }
        if let due = task.dueDate { parts.append("due:" + due) }
        if let rule = task.recurrence, let every = Self.todoTxtRecurrence(rule) { parts.append("rec:" + every) }
        // A done task keeps its priority the way todo.txt clients do when they complete one.
        if task.completed, let letter { parts.append("pri:" + letter) }
        return parts.joined(separator: " ")
    }

    /// The title as todo.txt description words: one line; a word that would read as a `+project`, an `@context`
    /// or a `key:value` is written so it does not (the sign dropped, a space after the colon).
    static func todoTxtWords(_ title: String) -> String {
        title.split(whereSeparator: \.isWhitespace).map { word -> String in
            var word = String(word)
            while let first = word.first, first == "+" || first == "@", word.count > 1 { word.removeFirst() }
            if let colon = word.firstIndex(of: ":"), colon != word.startIndex, word.index(after: colon) != word.endIndex {
                word.insert(" ", at: word.index(after: colon))
            }
            return word
        }.joined(separator: " ")
    }

    /// A project or label as one todo.txt word: spaces become hyphens.
    static func tagWord(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: "-")
    }

    /// The `rec:` value (`1d`, `2w`, `1m`, `1y`) of a rule that repeats every N days, weeks, months or years from
    /// its due date; nil for rules todo.txt clients can't say (several weekdays or days of the month, a set position, an end,
    /// one month's weekdays, several hours of the day).
    static func todoTxtRecurrence(_ rule: String) -> String? {
        let fields = recurrenceFields(rule)
        guard fields["UNTIL"] == nil, fields["COUNT"] == nil, fields["BYHOUR"] == nil,
            fields["BYMONTH"] == nil || fields["FREQ"] == "YEARLY"
        else { return nil }
        let unit: String
        switch fields["FREQ"] {
        case "DAILY": unit = "d"
        case "WEEKLY" where (fields["BYDAY"] ?? "").split(separator: ",").count <= 1: unit = "w"
        case "MONTHLY" where fields["BYDAY"] == nil && fields["BYSETPOS"] == nil && !(fields["BYMONTHDAY"] ?? "").contains(","): unit = "m"
        case "YEARLY" where fields["BYDAY"] == nil: unit = "y"
        default: return nil
        }
        return (fields["INTERVAL"] ?? "1") + unit
    }

    // MARK: - iCalendar

    /// A VCALENDAR of VTODOs; the zones of due times come as VTIMEZONEs covering every due time a year either side
    /// (ten years ahead for a repeating task).
    func calendar(_ tasks: [TaskRecord]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//docket//docket export//EN", "CALSCALE:GREGORIAN"]
        var spans: [String: (zone: TimeZone, from: Date, to: Date)] = [:]
        for task in tasks {
            guard let due = task.dueDate, let time = task.dueTime, let zone = Self.namedZone(task.timeZone),
                let instant = Self.localInstant(date: due, time: time, zone: zone)
            else { continue }
            let ahead: Double = task.recurrence == nil ? 366 : 3653
            let span = spans[zone.identifier] ?? (zone, instant, instant)
            spans[zone.identifier] = (zone, min(span.from, instant), max(span.to, instant.addingTimeInterval(ahead * 86_400)))
        }
        for id in spans.keys.sorted() {
            let span = spans[id]!
            lines += Self.timeZoneComponent(span.zone, from: span.from.addingTimeInterval(-366 * 86_400), to: span.to)
        }
        for task in tasks { lines += todoComponent(task) }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined()
    }

    /// One VTODO.
    func todoComponent(_ task: TaskRecord) -> [String] {
        var lines = [
            "BEGIN:VTODO", "UID:\(task.id)@docket", "DTSTAMP:" + Civil(now).utcStamp, "CREATED:" + Civil(task.createdAt).utcStamp,
            "LAST-MODIFIED:" + Civil(task.updatedAt).utcStamp, "SUMMARY:" + Self.text(task.title),
        ]
        if task.sourceText != task.title, !task.sourceText.isEmpty { lines.append("DESCRIPTION:" + Self.text(task.sourceText)) }
        if let due = Self.dueProperty(task) {
            // A repeating task starts where it is first due: RRULE counts from DTSTART.
            if let rule = task.recurrence {
                lines += ["DTSTART" + due.dropFirst(3), "RRULE:" + rule]
            }
            lines.append(due)
        }
        switch task.priority {
        case .high: lines.append("PRIORITY:1")
        case .medium: lines.append("PRIORITY:5")
        case .low: lines.append("PRIORITY:9")
        case .none: break
        }
        let categories = (task.project.map { [$0] } ?? []) + task.labels
        if !categories.isEmpty { lines.append("CATEGORIES:" + categories.map(Self.text).joined(separator: ",")) }
        if task.completed {
            lines += ["STATUS:COMPLETED", "PERCENT-COMPLETE:100", "COMPLETED:" + Civil(task.completedAt ?? task.updatedAt).utcStamp]
        } else {
            lines.append("STATUS:NEEDS-ACTION")
        }
        lines.append("END:VTODO")
        return lines
    }

    /// `DUE;VALUE=DATE:…` for a day, `DUE;TZID=zone:…` for a time in a named zone, `DUE:…Z` for a time at a fixed
    /// offset; nil without a due date.
    static func dueProperty(_ task: TaskRecord) -> String? {
        guard let date = task.dueDate else { return nil }
        let day = date.replacingOccurrences(of: "-", with: "")
        guard let time = task.dueTime else { return "DUE;VALUE=DATE:" + day }
        let clock = time.replacingOccurrences(of: ":", with: "") + "00"
        if let zone = namedZone(task.timeZone) { return "DUE;TZID=\(zone.identifier):\(day)T\(clock)" }
        guard let instant = task.localDue() else { return "DUE:\(day)T\(clock)" }
        return "DUE:" + Civil(instant).utcStamp
    }

    /// The zone named by an IANA identifier; nil for a fixed offset ("+05:30"), which iCalendar writes in UTC.
    static func namedZone(_ identifier: String) -> TimeZone? {
        guard let first = identifier.first, first != "+", first != "-", !identifier.hasPrefix("GMT") else { return nil }
        return TimeZone(identifier: identifier)
    }

    /// The instant of a local day (and "HH:mm", else midnight) in `zone`.
    static func localInstant(date: String, time: String?, zone: TimeZone) -> Date? {
        let day = date.split(separator: "-").compactMap { Int($0) }
        let clock = (time ?? "00:00").split(separator: ":").compactMap { Int($0) }
        guard day.count == 3, clock.count == 2 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: day[0], month: day[1], day: day[2], hour: clock[0], minute: clock[1]))
    }

    /// A VTIMEZONE for `zone` from `start` to `end`: the offset at `start`, then one observance per change.
    static func timeZoneComponent(_ zone: TimeZone, from start: Date, to end: Date) -> [String] {
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + zone.identifier]
        func observance(at instant: Date, from: Int, to: Int) {
            let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
            // The onset is given in the local time in force before it.
            let onset = Civil(instant.addingTimeInterval(TimeInterval(from)))
            lines += ["BEGIN:" + kind, "DTSTART:" + onset.day.replacingOccurrences(of: "-", with: "") + "T" + onset.clock]
            lines += ["TZOFFSETFROM:" + offsetText(from), "TZOFFSETTO:" + offsetText(to)]
            if let name = zone.abbreviation(for: instant) { lines.append("TZNAME:" + text(name)) }
            lines.append("END:" + kind)
        }
        var offset = zone.secondsFromGMT(for: start)
        observance(at: start, from: offset, to: offset)
        var next = zone.nextDaylightSavingTimeTransition(after: start)
        while let change = next, change < end {
            let after = zone.secondsFromGMT(for: change)
            observance(at: change, from: offset, to: after)
            offset = after
            next = zone.nextDaylightSavingTimeTransition(after: change)
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// "+0100", "-0530", or with seconds when the offset has them.
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let base = sign + String(format: "%02d%02d", magnitude / 3600, magnitude % 3600 / 60)
        return magnitude % 60 == 0 ? base : base + String(format: "%02d", magnitude % 60)
    }

    /// An iCalendar TEXT value: backslash, semicolon, comma and line breaks escaped.
    static func text(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n", "\r": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// A content line folded at 75 octets (never inside a UTF-8 sequence), each physical line ending in CRLF.
    static func folded(_ line: String) -> String {
        var out = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out + "\r\n"
    }

    // MARK: - CSV

    /// The CSV columns, in order.
    static let csvColumns = [
        "id", "title", "completed", "due_date", "due_time", "due_at", "time_zone", "priority", "project", "labels", "recurrence",
        "created_at", "completed_at", "updated_at", "source_text",
    ]

    /// A header row and one row per task; labels are joined with ";", times are UTC ISO-8601.
    func csv(_ tasks: [TaskRecord]) -> String {
        var rows = [Self.csvColumns]
        for task in tasks {
            let stamp = { (date: Date?) in date.map { Civil($0).iso } ?? "" }
            rows.append([
                task.id, Self.cell(task.title), task.completed ? "true" : "false", task.dueDate ?? "", task.dueTime ?? "", task.dueAt ?? "",
                task.timeZone, task.priority.rawValue, Self.cell(task.project ?? ""), Self.cell(task.labels.joined(separator: ";")),
                task.recurrence ?? "", stamp(task.createdAt), stamp(task.completedAt), stamp(task.updatedAt), Self.cell(task.sourceText),
            ])
        }
        return rows.map { $0.map(Self.quoted).joined(separator: ",") + "\r\n" }.joined()
    }

    /// Free text for a spreadsheet cell: text starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
    /// leading `'`, so a spreadsheet shows it rather than running it as a formula.
    static func cell(_ text: String) -> String {
        guard let first = text.first, "=+-@\t\r".contains(first) else { return text }
        return "'" + text
    }

    /// A field quoted when it holds a comma, a quote or a line break (quotes doubled).
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension TaskRecord {
    /// The instant of the due day at its time (else `defaultTime`, "HH:mm", else the day's start) in the task's zone;
    /// nil without a due day or with a zone docket can't read.
    func localDue(defaultTime: String? = nil) -> Date? {
        guard let date = dueDate, let zone = ZoneParser.timeZone(from: timeZone) else { return nil }
        return TaskExporter.localInstant(date: date, time: dueTime ?? defaultTime, zone: zone)
    }
}

/// A task as Taskwarrior's `task import` reads it (dates in UTC, `yyyyMMddTHHmmssZ`; a day without a time is
/// due at its start in the task's zone, as `due:friday` is in Taskwarrior).
struct TaskwarriorTask: Encodable {
    struct Annotation: Encodable {
        var entry, description: String
    }

    var uuid, description, status, entry, modified: String
    var end, due, priority, project: String?
    var tags: [String]?
    var annotations: [Annotation]?

    init(_ task: TaskRecord) {
        uuid = task.id
        description = task.title
        status = task.completed ? "completed" : "pending"
        entry = Civil(task.createdAt).utcStamp
        modified = Civil(task.updatedAt).utcStamp
        end = task.completed ? Civil(task.completedAt ?? task.updatedAt).utcStamp : nil
        due = task.localDue().map { Civil($0).utcStamp }
        priority =
            switch task.priority {
            case .high: "H"
            case .medium: "M"
            case .low: "L"
            case .none: nil
            }
        project = task.project
        tags = task.labels.isEmpty ? nil : task.labels.map(TaskExporter.tagWord)
        // What was said, when it says more than the title.
        if task.sourceText != task.title, !task.sourceText.isEmpty {
            annotations = [Annotation(entry: entry, description: task.sourceText)]
        }
    }
}

/// The `NAME=value` fields of an RRULE body.
private func recurrenceFields(_ rule: String) -> [String: String] {
    var fields: [String: String] = [:]
    for part in rule.split(separator: ";") {
        let pair = part.split(separator: "=", maxSplits: 1)
        if pair.count == 2 { fields[pair[0].uppercased()] = String(pair[1]) }
    }
    return fields
}
