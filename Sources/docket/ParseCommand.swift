import ArgumentParser
import DocketCore
import Foundation

/// `docket parse TEXT`: the extraction stage alone.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Read tasks out of a transcript, without audio or storage.",
        discussion: "Example: docket parse \"remind me to call the dentist on Friday at 3 pm\" --now 2026-11-18T09:00 --tz America/New_York"
    )

    @Argument(help: ArgumentHelp("The transcript text.", valueName: "text"))
    var text: String

    @Flag(help: "Print JSON: {\"tasks\":[…]}.")
    var json = false

    @OptionGroup var reference: ReferenceOptions

    func run() throws {
        let resolver = try ConfigurationResolver.fromProcess(flags: [:])
        let config = try resolver.resolve()
        let (zone, now) = try reference.resolve(fallback: config.timeZone)
        let context = ExtractionContext(referenceDate: now ?? Date(), timeZone: zone, projects: config.projects, labels: config.labels)
        let result = TaskExtractor().extract(from: text, context: context)
        if json {
            let tasks = result.tasks.map { TaskJSON(id: UUID().uuidString.lowercased(), task: $0) }
            let data = try makeJSONEncoder().encode(["tasks": tasks])
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } else {
            print(TaskTable.render(result.tasks, indent: ""))
            for d in result.diagnostics { printError("note: \(d.message) (\"\(d.excerpt)\")") }
        }
    }
}
