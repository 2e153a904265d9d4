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
    @OptionGroup var listing: ListingLimit<TasksCommand>

    func run() async throws {
        let (store, config) = try global.existingStore()
        let (tasks, cut) = try await listing.fetch { limit in
            var filter = select.filter
            filter.limit = limit
            return try await store.tasks(matching: filter, now: Date(), zone: config.timeZone)
        }
        if json {
            try printJSON(["tasks": tasks.map(StoredTaskJSON.init)])
        } else {
            print(TaskTable.render(stored: tasks))
        }
        if cut { printError("Showing the first \(listing.limit) tasks; more match (--limit to show more).") }
    }
}

extension TasksCommand: Listed {
    static let plural = "tasks"
    static let defaultLimit = 50
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

/// What a listing lists, for its `--limit` (``ListingLimit``).
protocol Listed {
    /// The items, as the help names them ("tasks").
    static var plural: String { get }
    /// How many are shown without `--limit`.
    static var defaultLimit: Int { get }
}

/// `--limit`: how many items a listing shows, and whether more matched (`docket tasks`, `docket notes`).
struct ListingLimit<Item: Listed>: ParsableArguments {
    @Option(help: "Show at most this many \(Item.plural).") var limit = Item.defaultLimit

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }

    /// The first `limit` items of what `fetch` finds when asked for at most one more (to know whether the list was
    /// cut), and whether it was cut.
    func fetch<T>(_ fetch: (_ limit: Int) async throws -> [T]) async rethrows -> (items: [T], cut: Bool) {
        let items = try await fetch(limit == .max ? limit : limit + 1)
        return (Array(items.prefix(limit)), items.count > limit)
    }
}

/// Prints a value as one line of JSON.
func printJSON(_ value: some Encodable) throws {
    let data = try makeJSONEncoder().encode(value)
    try writeOutput(data + Data("\n".utf8))
}
