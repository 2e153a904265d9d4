import ArgumentParser
import DocketCore
import Foundation

/// `docket tasks`: what is stored, filtered.
struct TasksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks", abstract: "List stored tasks, newest first (open ones unless told otherwise).",
        discussion: """
            The Id column is what docket done, undone, edit and rm take (a piece of the title works too). \
            With --due the list is in due order. Days are in DOCKET_TZ (or the system zone).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var select: TaskSelection
    @Flag(help: "Print JSON: {\"tasks\":[…]}.") var json = false
    @Option(help: "Show at most this many tasks.") var limit = 50

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
        let (store, config) = try global.existingStore()
        var filter = select.filter
        // One more than shown, to know whether the list was cut.
        filter.limit = limit == .max ? limit : limit + 1
        var tasks = try await store.tasks(matching: filter, now: Date(), zone: config.timeZone)
        let cut = tasks.count > limit
        tasks = Array(tasks.prefix(limit))
        if json {
            try printJSON(["tasks": tasks.map(StoredTaskJSON.init)])
        } else {
            print(TaskTable.render(stored: tasks))
        }
        if cut { printError("Showing the first \(limit) tasks; more match (--limit to show more).") }
    }
}

/// Which tasks a listing covers: `--open|--done|--all`, `--due`, `--project`, `--label`, `--search`
/// (`docket tasks`, `docket export`).
struct TaskSelection: ParsableArguments {
    /// `--open`, `--done`, `--all`.
    enum Listing: String, EnumerableFlag {
        case open, done, all

        static func help(for value: Listing) -> ArgumentHelp? {
            switch value {
            case .open: "Open tasks."
            case .done: "Done tasks."
            case .all: "Open and done tasks."
            }
        }
    }

    @Flag var listing = Listing.open
    @Option(help: ArgumentHelp("Only tasks due today, this week (today and the next six days), or overdue.", valueName: "today|week|overdue"))
    var due: String?
    @Option(help: ArgumentHelp("Only tasks of this project.", valueName: "name")) var project: String?
    @Option(help: ArgumentHelp("Only tasks with this label.", valueName: "name")) var label: String?
    @Option(help: ArgumentHelp("Only tasks whose title contains these words.", valueName: "text")) var search: String?

    func validate() throws {
        if let due, DueWindow(rawValue: due) == nil { throw ValidationError("--due \(due): use today, week or overdue.") }
    }

    /// The store's filter for these options (at most 50 tasks; set `limit` to change it).
    var filter: TaskFilter {
        var filter = TaskFilter()
        filter.state = TaskState(rawValue: listing.rawValue) ?? .open
        filter.due = due.flatMap(DueWindow.init(rawValue:))
        filter.project = project
        filter.label = label
        filter.search = search
        return filter
    }
}

/// Prints a value as one line of JSON.
func printJSON(_ value: some Encodable) throws {
    let data = try makeJSONEncoder().encode(value)
    try writeOutput(data + Data("\n".utf8))
}
