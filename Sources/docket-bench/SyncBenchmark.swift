import ArgumentParser
import AsyncHTTPClient
import DocketCore
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// Sync throughput against a Supabase-compatible backend: batched upserts vs one request per task.
struct SyncBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Tasks per second pushed to Supabase, batched vs one request per task, in one run.",
        discussion: "Creates two throw-away users through the admin API (needs the service key), so point it at the local dev backend (scripts/dev-backend.sh)."
    )

    @Option(help: "Project URL.") var url: String
    @Option(help: "anon API key.") var anonKey: String
    @Option(help: "service_role key (creates the users).") var serviceKey: String
    @Option(help: "Tasks in the batched run.") var tasks = 10_000
    @Option(help: "Tasks in the one-by-one run (its rate is what counts).") var singleTasks = 2_000
    @Option(help: "Rows per request in the batched run.") var batch = 500

    func run() async throws {
        let (batched, pull) = try await measure(tasks: tasks, batchSize: batch)
        let single = try await measure(tasks: singleTasks, batchSize: 1).push
        print(String(format: "batched (%d per request): %d tasks in %.2f s = %.0f tasks/s", batch, tasks, batched, Double(tasks) / batched))
        print(String(format: "one request per task:     %d tasks in %.2f s = %.0f tasks/s", singleTasks, single, Double(singleTasks) / single))
        print(String(format: "ratio: %.1f× (targets: >= 2000 tasks/s and >= 20×)", (Double(tasks) / batched) / (Double(singleTasks) / single)))
        print(String(format: "pull of %d remote changes into a fresh database: %.2f s = %.0f tasks/s", tasks, pull, Double(tasks) / pull))
    }

    /// Seconds to push `tasks` tasks (10 per note) for a fresh user, and to pull them into another database.
    private func measure(tasks: Int, batchSize: Int) async throws -> (push: Double, pull: Double) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-syncbench-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let email = "bench-\(UUID().uuidString.prefix(8).lowercased())@docket.test"
        let password = "benchmark password"
        try await createUser(email: email, password: password)
        let config = DocketConfiguration(
            databasePath: dir.appendingPathComponent("db.sqlite").path, supabaseURL: URL(string: url), supabaseAnonKey: anonKey,
            sessionPath: dir.appendingPathComponent("session.json").path, syncBatchSize: batchSize)
        let store = try DocketStore(path: config.databasePath)
        for n in 0..<(tasks + 9) / 10 {
            let note = NoteRecord(
                sourceFile: "b\(n).wav", contentHash: UUID().uuidString, recordedAt: Date(), durationSeconds: 2, transcript: "bench", status: .done)
            let count = min(10, tasks - n * 10)
            try await store.saveNote(
                note,
                tasks: (0..<count).map { ExtractedTask(title: "Benchmark task \(n)-\($0)", dueDate: "2026-11-20", timeZone: "UTC", sourceText: "benchmark") })
        }
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = http.shutdown() }
        let sync = try SupabaseSync(configuration: config, httpClient: http, logger: Logger(label: "bench"))
        try await sync.login(email: email, password: password)
        let start = ContinuousClock.now
        let report = try await sync.engine(store: store).syncOnce()
        let elapsed = ContinuousClock.now - start
        guard report.remaining == 0, report.tasksPushed == tasks else { throw ValidationError("sync incomplete: \(report)") }
        // The same account on a second machine: everything comes down as new tasks.
        var other = config
        other.databasePath = dir.appendingPathComponent("other.sqlite").path
        let pullStart = ContinuousClock.now
        let pulled = try await SupabaseSync(configuration: other, httpClient: http, logger: Logger(label: "bench")).engine(
            store: try DocketStore(path: other.databasePath)
        ).pull()
        let pullElapsed = ContinuousClock.now - pullStart
        guard pulled.created == tasks else { throw ValidationError("pull incomplete: \(pulled)") }
        return (elapsed / .seconds(1), pullElapsed / .seconds(1))
    }

    private func createUser(email: String, password: String) async throws {
        var request = HTTPClientRequest(url: url + "/auth/v1/admin/users")
        request.method = .POST
        request.headers.add(name: "apikey", value: serviceKey)
        request.headers.add(name: "Authorization", value: "Bearer \(serviceKey)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: ["email": email, "password": password, "email_confirm": true])))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        guard (200..<300).contains(Int(response.status.code)) else { throw ValidationError("creating a user failed: \(response.status)") }
    }
}
