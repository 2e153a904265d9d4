import ArgumentParser
import DocketCore
import Foundation

/// `docket parse TEXT`: the extraction stage alone.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Read tasks out of a transcript, without audio or storage.",
        discussion: """
            Example: docket parse "remind me to call the dentist on Friday at 3 pm" --now 2026-11-18T09:00 --tz America/New_York

            With --jsonl, reads JSON lines {"text": …, "now": …, "tz": …} from stdin ("now" and "tz" optional, \
            defaulting to --now/--tz) and writes one {"tasks":[…]} line per input line, in order; a line that \
            cannot be read gets {"error": "…"}.
            """
    )

    @Argument(help: ArgumentHelp("The transcript text (omit with --jsonl).", valueName: "text"))
    var text: String?

    @Flag(help: "Print JSON: {\"tasks\":[…]}.")
    var json = false

    @Flag(help: "Read JSON lines from stdin and write one JSON line per input line.")
    var jsonl = false

    @Flag(help: "Show which words were read as what.")
    var explain = false

    @Flag(help: "Read as `docket listen --activation always` does: words that read as room talk give no task.")
    var unaddressed = false

    @OptionGroup var reference: ReferenceOptions

    func validate() throws {
        if jsonl && text != nil { throw ValidationError("Give either TEXT or --jsonl (lines on stdin), not both.") }
        if !jsonl && text == nil { throw ValidationError("Give the text to read, e.g. docket parse \"call mom tomorrow\", or use --jsonl.") }
    }

    func run() throws {
        let config = try ConfigurationResolver.fromProcess(flags: [:]).resolve()
        let (zone, now) = try reference.resolve(fallback: config.timeZone)
        let extractor = TaskExtractor()
        if jsonl {
            try runLines(extractor: extractor, zone: zone, now: now, config: config)
            return
        }
        let context = NoteStage.context(configuration: config, recordedAt: now ?? Date(), timeZone: zone, screensRoomTalk: unaddressed)
        let result = extractor.extract(from: text ?? "", context: context, explain: explain)
        if json {
            let data = try makeJSONEncoder().encode(ParseOutput(result: result, explain: explain))
            try writeOutput(data + Data("\n".utf8))
            return
        }
        print(TaskTable.render(result.tasks, indent: ""))
        if explain {
            print("")
            print(ExplainTable.render(result.readings))
        }
        for d in result.diagnostics { printError("note: \(d.message) (\"\(d.excerpt)\")") }
    }

    /// One input line of --jsonl.
    struct Line: Decodable {
        var text: String
        var now: String?
        var tz: String?
    }

    private func runLines(extractor: TaskExtractor, zone: TimeZone, now: Date?, config: DocketConfiguration) throws {
        let encoder = makeJSONEncoder()
        let decoder = JSONDecoder()
        let fallbackNow = now ?? Date()
        var out = Data()
        while let raw = readLine(strippingNewline: true) {
            let lineData: Data
            do {
                let line = try decoder.decode(Line.self, from: Data(raw.utf8))
                var lineZone = zone
                if let tz = line.tz {
                    guard let parsed = ZoneParser.timeZone(from: tz) else { throw LineError("tz \(tz) is not an IANA zone name or ±HH:MM offset") }
                    lineZone = parsed
                }
                var lineNow = fallbackNow
                if let n = line.now {
                    guard let parsed = ReferenceTime.parse(n, zone: lineZone) else { throw LineError("now \(n) is not an ISO-8601 time") }
                    lineNow = parsed
                }
                let context = NoteStage.context(configuration: config, recordedAt: lineNow, timeZone: lineZone, screensRoomTalk: unaddressed)
                lineData = try encoder.encode(ParseOutput(result: extractor.extract(from: line.text, context: context, explain: explain), explain: explain))
            } catch let error as LineError {
                lineData = try encoder.encode(["error": error.message])
            } catch {
                lineData = try encoder.encode(["error": "line is not JSON of the form {\"text\": …, \"now\": …, \"tz\": …}"])
            }
            out.append(lineData)
            out.append(10)
            if out.count > 1 << 16 {
                try writeOutput(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        try writeOutput(out)
    }

    struct LineError: Error {
        var message: String
        init(_ m: String) { message = m }
    }
}

/// `{"tasks":[…]}`, plus `"diagnostics"` when the extractor noted something and `"readings"` with --explain.
struct ParseOutput: Encodable {
    var result: ExtractionResult
    var explain: Bool

    enum Keys: String, CodingKey { case tasks, diagnostics, readings }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(result.tasks.map { TaskJSON(id: UUID().uuidString.lowercased(), task: $0) }, forKey: .tasks)
        if !result.diagnostics.isEmpty { try c.encode(result.diagnostics, forKey: .diagnostics) }
        if explain { try c.encode(result.readings, forKey: .readings) }
    }
}

/// What each recognised phrase was read as.
enum ExplainTable {
    static func render(_ readings: [ExtractionReading]) -> String {
        guard !readings.isEmpty else { return "(nothing recognised)" }
        let rows = readings.map { r in ["\"\(r.text)\"", r.kind.rawValue, r.value ?? "", r.task.map { "task \($0 + 1)" } ?? ""] }
        let all = [["words", "read as", "value", ""]] + rows
        let widths = (0..<4).map { col in all.map { $0[col].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { col, cell in col == 3 ? cell : cell.padding(toLength: widths[col], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
