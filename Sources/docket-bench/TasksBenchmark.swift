import ArgumentParser
import DocketCore
import Foundation
import GRDB

/// What `docket tasks`, `done`, `edit` and `rm` cost on a small and a large store.
struct TasksBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "Wall time of listing, completing, editing and deleting tasks on 10 and on 10,000 stored tasks.",
        discussion: """
            Two figures per operation: the store work in this process (median of --runs), and the built docket binary \
            run as a person runs it (median of --runs, process start included; it must sit next to docket-bench). \
            The ratio large/small says whether the cost grows with the store (target: within 1.5×).
            """)

    @Option(help: "Tasks in the small store.") var small = 10
    @Option(help: "Tasks in the large store.") var large = 10_000
    @Option(help: "Runs per operation; the median is reported.") var runs = 21

    func run() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-tasksbench-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("docket").path
        let hasBinary = FileManager.default.isExecutableFile(atPath: binary)

        var results: [String: [Int: (store: Double, binary: Double?)]] = [:]
        for size in [small, large] {
            let path = dir.appendingPathComponent("tasks-\(size).sqlite").path
            let store = try DocketStore(path: path)
            try await Self.fill(store, tasks: size)
            let sample = try await store.tasks(
                matching: {
                    var f = TaskFilter()
                    f.limit = 1
                    return f
                }())[0]
            // What puts a run's change back before the next run (untimed).
            let undo: [String: @Sendable () async throws -> Void] = [
                "done": { _ = try await store.reopen(ids: [sample.id]) },
                "rm": { try await Self.restore(path: path) },
            ]
            let operations: [(String, @Sendable () async throws -> Void, [String])] = [
                ("tasks", { _ = try await store.tasks(matching: TaskFilter()) }, ["tasks"]),
                (
                    "done", { _ = try await store.complete(ids: [try await store.task(matching: sample.shortID).id]) },
                    ["done", sample.shortID]
                ),
                (
                    "edit",
                    {
                        var edit = TaskEdit()
                        edit.priority = .high
                        _ = try await store.edit(id: try await store.task(matching: sample.shortID).id, edit)
                    },
                    ["edit", sample.shortID, "--priority", "high"]
                ),
                (
                    "rm",
                    { _ = try await store.delete(ids: [try await store.task(matching: sample.shortID).id]) }, ["rm", sample.shortID]
                ),
                ("find by title", { _ = try await store.task(matching: "task 0-7") }, ["edit", "task 0-7", "--priority", "low"]),
            ]
            for (name, work, arguments) in operations {
                let inProcess = try await Self.median(runs, between: undo[name]) { try await work() }
                var viaBinary: Double?
                if hasBinary {
                    viaBinary = try await Self.median(runs, between: undo[name]) {
                        let status = try Self.launch(binary, arguments, db: path)
                        guard status == 0 else { throw ValidationError("docket \(arguments.joined(separator: " ")) exited \(status)") }
                    }
                }
                results[name, default: [:]][size] = (inProcess, viaBinary)
            }
        }
        print("operation        store \(small) ms  store \(large) ms  ratio   docket \(small) ms  docket \(large) ms  ratio")
        for name in ["tasks", "done", "edit", "rm", "find by title"] {
            guard let a = results[name]?[small], let b = results[name]?[large] else { continue }
            var line = name.padding(toLength: 15, withPad: " ", startingAt: 0)
            line += String(format: "  %12.3f  %14.3f  %5.2f×", a.store * 1000, b.store * 1000, b.store / a.store)
            if let x = a.binary, let y = b.binary { line += String(format: "  %15.1f  %17.1f  %5.2f×", x * 1000, y * 1000, y / x) }
            print(line)
        }
        if !hasBinary { print("(build the docket product in the same configuration to time the binary: swift build -c release --product docket)") }
    }

    /// `tasks` tasks, ten per note, with due dates across a month.
    static func fill(_ store: DocketStore, tasks: Int) async throws {
        for n in 0..<(tasks + 9) / 10 {
            let note = NoteRecord(
                sourceFile: "b\(n).wav", contentHash: UUID().uuidString, recordedAt: Date(), durationSeconds: 2, transcript: "b", status: .done)
            let made = (0..<min(10, tasks - n * 10)).map {
                ExtractedTask(title: "Benchmark task \(n)-\($0)", dueDate: String(format: "2026-12-%02d", 1 + (n + $0) % 28), timeZone: "UTC", sourceText: "b")
            }
            try await store.saveNote(note, tasks: made)
        }
    }

    /// Brings deleted tasks back (a benchmark-only shortcut under the store).
    static func restore(path: String) async throws {
        try await DatabaseQueue(path: path).write { db in try db.execute(sql: "UPDATE tasks SET deleted_at = NULL") }
    }

    @discardableResult
    static func launch(_ binary: String, _ arguments: [String], db: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DOCKET_DB": db]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func median(_ runs: Int, between: (@Sendable () async throws -> Void)? = nil, _ body: () async throws -> Void) async throws -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            try await body()
            times.append((ContinuousClock.now - start) / .seconds(1))
            try await between?()
        }
        return times.sorted()[times.count / 2]
    }
}
