import ArgumentParser
import DocketCore
import DocketSupport
import Foundation

/// `docket export`: stored tasks in the formats other tools read.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write stored tasks as todo.txt, iCalendar, CSV, JSON or Taskwarrior import JSON.",
        discussion: """
            Open tasks unless told otherwise, oldest first, to standard output or to the file -o names (replaced \
            whole, never left half written). Without --format, the file's extension chooses it (.txt todo.txt, .ics, \
            .csv, .json; another extension is an error); on standard output and for a name without one the default \
            is json.
              todotxt      (A)/(B)/(C) priorities, +project, @label, due:YYYY-MM-DD, rec: for simple repeats.
              ics          VTODOs with DUE in the task's zone (VTIMEZONE included), RRULE, STATUS, CATEGORIES.
              csv          A header row; labels joined with ";"; times in UTC.
              json         {"tasks":[…]}, as docket tasks --json prints it.
              taskwarrior  A JSON array for: task import FILE
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var select: TaskSelection
    @Option(help: ArgumentHelp("todotxt, ics, csv, json or taskwarrior.", valueName: "format")) var format: String?
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        if let format, ExportFormat(rawValue: format) == nil {
            throw ValidationError("--format \(format): use todotxt, ics, csv, json or taskwarrior.")
        }
        if format == nil, let output, !(output as NSString).pathExtension.isEmpty, ExportFormat(fileName: output) == nil {
            throw ValidationError(
                "-o \(output): docket can't tell the format from .\((output as NSString).pathExtension); add --format todotxt, ics, csv, json or taskwarrior.")
        }
    }

    /// `--format`, else what the output file's name says, else JSON.
    var resolvedFormat: ExportFormat {
        format.flatMap(ExportFormat.init(rawValue:)) ?? output.flatMap(ExportFormat.init(fileName:)) ?? .json
    }

    func run() async throws {
        let (store, config) = try global.existingStore()
        var filter = select.filter
        filter.limit = .max
        let now = Date()
        let tasks = try await store.tasks(matching: filter, now: now, zone: config.timeZone)
        let text = try TaskExporter(now: now, zone: config.timeZone).render(select.due == nil ? tasks.reversed() : tasks, as: resolvedFormat)
        guard let output else { return try writeOutput(Data(text.utf8)) }
        if let failure = Self.write(Array(text.utf8), to: output) {
            printError("error: can't write \(output): \(String(cString: strerror(failure))); choose a writable path with -o.")
            throw ExitCode(73)
        }
        printError("Exported \(tasks.count) task\(tasks.count == 1 ? "" : "s") to \(output) (\(resolvedFormat.rawValue)).")
    }

    /// Writes the export to `path`: a file (through any links to it) is replaced whole, never left half written; a
    /// pipe or a device (a FIFO, `/dev/stdout` and anything else under `/dev` or `/proc`, which stands for a
    /// descriptor the shell set up) is written to as it is.
    /// - Returns: nil when done, else the `errno` of what failed.
    static func write(_ bytes: [UInt8], to path: String) -> Int32? {
        // The shell's own descriptors, written through the description it set up (its offset, its `>>`).
        if let fd = ["/dev/stdout": STDOUT_FILENO, "/dev/fd/1": STDOUT_FILENO, "/proc/self/fd/1": STDOUT_FILENO, "/dev/stderr": STDERR_FILENO][path] {
            return bytes.withUnsafeBytes { writeAll(fd, $0) }
        }
        let inPlace = path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
        let target = inPlace ? path : URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var status = stat()
        guard inPlace || (stat(target, &status) == 0 && status.st_mode & S_IFMT != S_IFREG) else {
            return replaceFileDurably(at: target, with: bytes, mode: 0o666)
        }
        if stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return EISDIR }
        // Appended: `>> log` in the shell keeps what the file held; `>` has emptied it already.
        let fd = open(target, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return bytes.withUnsafeBytes { writeAll(fd, $0) }
    }
}
