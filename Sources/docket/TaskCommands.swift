import ArgumentParser
import DocketCore
import DocketExtraction
import Foundation

/// What the task commands share: the store, finding tasks by reference, and reporting what changed.
struct TaskCommandOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON: {\"tasks\":[…]} with the tasks as they are now.")
    var json = false

    func store() throws -> (DocketStore, DocketConfiguration) { try global.existingStore() }

    /// The tasks `references` name, in order; a reference that names no task or several ends the command with
    /// status 64 and the candidates.
    func find(_ references: [String], in state: TaskState, store: DocketStore) async throws -> [TaskRecord] {
        var found: [TaskRecord] = []
        for reference in references {
            do {
                let task = try await store.task(matching: reference, in: state)
                if !found.contains(where: { $0.id == task.id }) { found.append(task) }
            } catch let error as StoreError where error.code == .noSuchTask || error.code == .ambiguousTask {
                printError("error: \(error.message)")
                throw ExitCode(64)
            }
        }
        return found
    }

    /// Prints the changed tasks, one line each ("done  1a2b3c4d  Buy milk"), or their JSON.
    func report(_ verb: String, _ tasks: [TaskRecord]) throws {
        if json { return try printJSON(["tasks": tasks.map(StoredTaskJSON.init)]) }
        for task in tasks {
            let due = TaskTable.due(task.extracted)
            print("\(verb)  \(task.shortID)  \(task.title)\(due.isEmpty ? "" : "  (due \(due))")")
        }
    }
}

/// What `docket done`, `undone` and `rm` do to the tasks they are given.
protocol TaskChange {
    /// The subcommand, its help, which tasks a title fragment is looked up among, and the word printed before each
    /// changed task.
    static var spec: (name: String, abstract: String, discussion: String, scope: TaskState, verb: String) { get }
    static func apply(ids: [String], store: DocketStore) async throws -> [TaskRecord]
}

/// `docket done|undone|rm REF…`.
struct TaskChangeCommand<Change: TaskChange>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Change.spec.name, abstract: Change.spec.abstract, discussion: Change.spec.discussion)
    }

    @OptionGroup var options: TaskCommandOptions

    @Argument(help: ArgumentHelp("Tasks: ids as docket tasks shows them, or pieces of their titles.", valueName: "ref"))
    var references: [String]

    func run() async throws {
        let (store, _) = try options.store()
        let tasks = try await options.find(references, in: Change.spec.scope, store: store)
        try options.report(Change.spec.verb, try await Change.apply(ids: tasks.map(\.id), store: store))
    }
}

enum MarkDone: TaskChange {
    static let spec = (
        name: "done", abstract: "Mark tasks done.",
        discussion: "REF is a task's id as docket tasks shows it (or the full id), or a piece of its title that only one open task has.",
        scope: TaskState.open, verb: "done"
    )
    static func apply(ids: [String], store: DocketStore) async throws -> [TaskRecord] { try await store.complete(ids: ids) }
}

enum MarkOpen: TaskChange {
    static let spec = (
        name: "undone", abstract: "Mark done tasks open again.",
        discussion: "REF is a task's id or a piece of the title of one done task (see docket tasks --done).", scope: TaskState.done, verb: "open"
    )
    static func apply(ids: [String], store: DocketStore) async throws -> [TaskRecord] { try await store.reopen(ids: ids) }
}

enum Delete: TaskChange {
    static let spec = (
        name: "rm", abstract: "Delete tasks (the deletion syncs to Supabase).",
        discussion: "REF is a task's id or a piece of the title of one task, open or done.", scope: TaskState.all, verb: "deleted"
    )
    static func apply(ids: [String], store: DocketStore) async throws -> [TaskRecord] { try await store.delete(ids: ids) }
}

/// `docket edit REF [--title] [--due] [--priority] [--project] [--labels]`.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a task's title, due date, priority, project or labels.",
        discussion: """
            --due takes the words you would say ("friday 3pm", "tomorrow", "every monday at 9"), read against now \
            in DOCKET_TZ (or --now/--tz); --due none removes the date (and the repeat). A repeating task keeps its repeat, \
            moved to the new day when it repeats on one weekday or date; --due "every …" replaces it. --project "" and \
            --labels "" remove them.
            """)

    @OptionGroup var options: TaskCommandOptions
    @OptionGroup var reference: ReferenceOptions

    @Argument(help: ArgumentHelp("The task to change.", valueName: "ref"))
    var task: String

    @Option(help: ArgumentHelp("A new title.", valueName: "text")) var title: String?
    @Option(help: ArgumentHelp("A new due date, in words; \"none\" removes it.", valueName: "when")) var due: String?
    @Option(help: ArgumentHelp("A new priority.", valueName: "none|low|medium|high")) var priority: String?
    @Option(help: ArgumentHelp("A project; \"\" removes it.", valueName: "name")) var project: String?
    @Option(help: ArgumentHelp("Labels, comma-separated; \"\" removes them.", valueName: "list")) var labels: String?

    func validate() throws {
        if let title, title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--title can't be empty.") }
        if let priority, TaskPriority(rawValue: priority) == nil { throw ValidationError("--priority \(priority): use none, low, medium or high.") }
        guard title != nil || due != nil || priority != nil || project != nil || labels != nil else {
            throw ValidationError("Say what to change: --title, --due, --priority, --project or --labels.")
        }
    }

    func run() async throws {
        let (store, config) = try options.store()
        let (zone, now) = try reference.resolve(fallback: config.timeZone)
        var edit = TaskEdit()
        edit.title = title?.trimmingCharacters(in: .whitespaces)
        edit.priority = priority.flatMap(TaskPriority.init(rawValue:))
        edit.project = project
        edit.labels = labels.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        if let due {
            if ["none", "never", "no date", ""].contains(due.lowercased().trimmingCharacters(in: .whitespaces)) {
                edit.clearDue = true
            } else {
                let context = NoteStage.context(configuration: config, recordedAt: now ?? Date(), timeZone: zone)
                guard let when = TaskExtractor().when(in: due, context: context) else {
                    throw ValidationError(
                        "--due \"\(due)\" is not a date docket can read; say it as in a note, e.g. \"friday 3pm\", \"tomorrow\", \"next week\" or \"every monday at 9\"."
                    )
                }
                edit.due = when
            }
        }
        let found = try await options.find([task], in: .all, store: store)
        let changed = try await store.edit(id: found[0].id, edit).map { [$0] } ?? []
        try options.report("edited", changed)
    }
}

/// `docket add --json`: the tasks as stored, and why a note gave none or what was passed over.
struct AddedJSON: Encodable {
    var tasks: [StoredTaskJSON]
    var diagnostics: [ExtractionDiagnostic]?
}

/// `docket undo`.
struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Take back the tasks of the last note (they are deleted, and the deletion syncs).",
        discussion: "Each run takes back one note: the most recent one that still has tasks. Exit status 1 when there is nothing to take back.")

    @OptionGroup var options: TaskCommandOptions

    func run() async throws {
        let (store, _) = try options.store()
        guard let undone = try await store.undoLastNote() else {
            if options.json { try printJSON(["tasks": [StoredTaskJSON]()]) } else { printError("Nothing to undo: no stored note has tasks left.") }
            throw ExitCode.failure
        }
        if !options.json {
            let said = undone.note.transcript.count > 60 ? String(undone.note.transcript.prefix(60)) + "…" : undone.note.transcript
            print("Took back the note \"\(said)\":")
        }
        try options.report("deleted", undone.tasks)
    }
}

/// `docket add TEXT`: a note typed instead of said.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add tasks by typing what you would say.",
        discussion: """
            The text goes through the same reading and storage as a spoken note (and syncs like one), e.g. \
            docket add "call the dentist friday at 3 and buy milk". Exit status 1 when the text holds no task.
            """)

    @OptionGroup var options: TaskCommandOptions
    @OptionGroup var reference: ReferenceOptions

    @Argument(help: ArgumentHelp("What to do, as you would say it.", valueName: "text"))
    var text: [String]

    func run() async throws {
        let config = try options.global.resolve()
        let logger = options.global.makeLogger(level: config.logLevel)
        let (zone, now) = try reference.resolve(fallback: config.timeZone)
        let words = text.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        let staged = try await DocketServices.with(configuration: config, logger: logger) { services in
            let stage = services.noteStage(store: try services.openStore())
            let id = UUID().uuidString.lowercased()
            let note = NoteRecord(id: id, sourceFile: "(typed)", contentHash: "typed:\(id)", recordedAt: now ?? Date(), durationSeconds: 0, status: .done)
            return try await stage.finish(note, transcript: Transcript(text: words), timeZone: zone, keepTaskless: false)
        }
        if options.json {
            try printJSON(AddedJSON(tasks: staged.tasks.map(StoredTaskJSON.init), diagnostics: staged.diagnostics.isEmpty ? nil : staged.diagnostics))
        } else {
            try options.report("added", staged.tasks)
            for d in staged.diagnostics { printError("note: \(d.message) (\"\(d.excerpt)\")") }
        }
        if staged.tasks.isEmpty {
            if !options.json { printError("No task in \"\(words)\"; nothing was added.") }
            throw ExitCode.failure
        }
    }
}
