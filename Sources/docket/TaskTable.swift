import DocketCore
import Foundation
import Synchronization

/// Human-readable task listings.
enum TaskTable {
    /// A table of tasks (number, title, due, priority, extras), then what the extractor noted about words it
    /// did not use ("note: Not a task: a question. ("did the mail come")").
    static func render(_ tasks: [ExtractedTask], diagnostics: [ExtractionDiagnostic] = [], indent: String = "  ") -> String {
        let notes = noteLines(diagnostics, indent: indent).map { "\n" + $0 }.joined()
        return table(tasks.enumerated().map { ("\($0 + 1)", $1, false) }, key: "#", indent: indent) + notes
    }

    /// What the extractor noted, a line each: `note: Not a task: a question. ("did the mail come")`.
    static func noteLines(_ diagnostics: [ExtractionDiagnostic], indent: String = "  ") -> [String] {
        diagnostics.map { indent + "note: \($0.message) (\"\($0.excerpt)\")" }
    }

    /// A table of stored tasks keyed by the short id that commands accept; done tasks are marked.
    static func render(stored tasks: [TaskRecord], indent: String = "") -> String {
        table(tasks.map { ($0.shortID, $0.extracted, $0.completed) }, key: "Id", indent: indent)
    }

    private static func table(_ tasks: [(key: String, task: ExtractedTask, done: Bool)], key: String, indent: String) -> String {
        guard !tasks.isEmpty else { return indent + "(no tasks)" }
        let rows = tasks.map { key, task, done -> [String] in
            var extras: [String] = []
            if done { extras.append("done") }
            if let r = task.recurrence { extras.append("repeats \(r)") }
            if let p = task.project { extras.append("project \(p)") }
            if !task.labels.isEmpty { extras.append("labels \(task.labels.joined(separator: ", "))") }
            return [key, task.title, due(task), task.priority == .none ? "" : task.priority.rawValue, extras.joined(separator: "; ")]
        }
        let header = [key, "Task", "Due", "Priority", ""]
        let all = [header] + rows
        let widths = (0..<header.count).map { col in all.map { $0[col].count }.max() ?? 0 }
        return all.map { row in
            indent
                + row.enumerated().map { col, cell in
                    col == row.count - 1 ? cell : cell.padding(toLength: widths[col], withPad: " ", startingAt: 0)
                }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    /// "Fri 2026-11-20 15:00", "Thu 2026-11-19", or "".
    static func due(_ task: ExtractedTask) -> String {
        guard let date = task.dueDate else { return "" }
        var text = date
        if let weekday = weekdayName(date) { text = weekday + " " + text }
        if let time = task.dueTime { text += " " + time }
        return text
    }

    private static func weekdayName(_ isoDate: String) -> String? {
        let parts = isoDate.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else { return nil }
        return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][calendar.component(.weekday, from: date) - 1]
    }
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
final class ProgressBar: Sendable {
    private let label: String
    private let enabled: Bool
    private let state = Mutex<(last: Int, drawn: Bool)>((-1, false))

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled
    }

    func update(_ fraction: Double, stage: String) {
        guard enabled else { return }
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        let line: String? = state.withLock { state in
            guard percent != state.last else { return nil }
            state.last = percent
            state.drawn = true
            let filled = percent * 30 / 100
            return "\r\(label) [\(String(repeating: "#", count: filled))\(String(repeating: " ", count: 30 - filled))] \(percent)% \(stage)\u{1B}[K"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    func finish() {
        guard enabled else { return }
        let drawn = state.withLock { $0.drawn }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
