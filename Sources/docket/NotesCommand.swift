import ArgumentParser
import DocketCore
import Foundation

/// `docket notes`: what was heard, note by note.
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes", abstract: "List stored notes, newest first: what was heard and the tasks read from it.",
        discussion: """
            Each note shows when it was processed (in DOCKET_TZ or the system zone), where it came from, its \
            transcript and its tasks (the Id column is what docket done, edit and rm take), then what the extractor \
            noted about words it did not take as a task, what was wrong with the audio, and why a failed note \
            failed.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Only notes that failed, each with the reason and what to do.") var failed = false
    @Flag(help: "Print JSON: {\"notes\":[…]}, each note as docket serve's API gives it.") var json = false
    @OptionGroup var listing: ListingLimit<NotesCommand>

    func run() async throws {
        let (store, config) = try global.existingStore()
        let (notes, cut) = try await listing.fetch { try await store.notes(status: failed ? .failed : nil, limit: $0) }
        if json {
            // The shape docket serve's API gives a note (GET /v1/notes/{id}).
            try printJSON(["notes": notes.map { NoteResource(note: $0.note, tasks: $0.tasks) }])
        } else if notes.isEmpty {
            print(failed ? "No note has failed." : "No notes stored yet.")
        } else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = config.timeZone
            formatter.dateFormat = "EEE yyyy-MM-dd HH:mm"
            print(notes.map { Self.render($0.note, tasks: $0.tasks, time: formatter) }.joined(separator: "\n\n"))
        }
        if cut { printError("Showing the \(listing.limit) newest notes; there are more (--limit to show more).") }
    }

    /// A note as a few lines: its heading, transcript, tasks, then what was noted about it.
    static func render(_ note: NoteRecord, tasks: [TaskRecord], time formatter: DateFormatter) -> String {
        let state =
            switch note.status {
            case .done: tasks.count == 1 ? "1 task" : "\(tasks.count) tasks"
            case .noSpeech: "no speech"
            case .failed: "failed"
            }
        // A typed note (docket add) has no audio to give a length of.
        let length = note.durationSeconds > 0 ? String(format: ", %.1f s", note.durationSeconds) : ""
        var lines = ["\(note.id.prefix(8))  \(formatter.string(from: note.ingestedAt))  \(note.sourceFile)\(length), \(state)"]
        if !note.transcript.isEmpty { lines.append("  \"\(note.transcript)\"") }
        if !tasks.isEmpty { lines.append(TaskTable.render(stored: tasks, indent: "  ")) }
        lines += TaskTable.noteLines(note.diagnostics)
        lines += note.warnings.map { "  warning: \($0)" }
        if note.status == .failed { lines.append("  error: \(note.error ?? "no reason was recorded")") }
        return lines.joined(separator: "\n")
    }
}

extension NotesCommand: Listed {
    static let plural = "notes"
    static let defaultLimit = 20
}
