import AsyncHTTPClient
import DocketCore
import DocketTesting
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The local Supabase-compatible backend started by scripts/test.sh, or one a test starts itself.
struct DevBackend: Sendable {
    let url: URL
    let anonKey: String
    let serviceKey: String

    static var shared: DevBackend? {
        let env = TestEnvironment.environment
        guard let url = env["DOCKET_TEST_SUPABASE_URL"].flatMap(URL.init(string:)), let anon = env["DOCKET_TEST_SUPABASE_ANON_KEY"],
            let service = env["DOCKET_TEST_SUPABASE_SERVICE_KEY"]
        else { return nil }
        return DevBackend(url: url, anonKey: anon, serviceKey: service)
    }

    static var available: Bool {
        if shared != nil { return true }
        if TestEnvironment.serversRequired { Issue.record("DOCKET_TEST_SUPABASE_URL is not set; run the suite with scripts/test.sh") }
        return false
    }

    struct Reply {
        var status: Int
        var json: Any?
    }

    func call(
        _ method: HTTPMethod, _ path: String, query: String = "", bearer: String? = nil, body: Any? = nil, prefer: String? = nil
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: url.absoluteString + path + (query.isEmpty ? "" : "?" + query))
        request.method = method
        if let prefer { request.headers.add(name: "Prefer", value: prefer) }
        request.headers.add(name: "apikey", value: serviceKey)
        request.headers.add(name: "Authorization", value: "Bearer \(bearer ?? serviceKey)")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return Reply(status: Int(response.status.code), json: try? JSONSerialization.jsonObject(with: Data(bytes.readableBytesView)))
    }

    /// Creates a confirmed user; returns its email.
    func createUser(password: String = "correct horse battery") async throws -> String {
        try await createUserWithID(password: password).email
    }

    /// Creates a confirmed user; returns its email and id.
    func createUserWithID(password: String = "correct horse battery") async throws -> (email: String, id: String) {
        let email = "user-\(UUID().uuidString.prefix(8).lowercased())@docket.test"
        let reply = try await call(.POST, "/auth/v1/admin/users", body: ["email": email, "password": password, "email_confirm": true])
        guard (200..<300).contains(reply.status), let id = (reply.json as? [String: Any])?["id"] as? String else {
            throw TestFailure("creating \(email) failed: \(reply.status) \(String(describing: reply.json))")
        }
        return (email, id)
    }

    /// The next `count` requests matching get this answer.
    func fault(_ spec: [String: Any]) async throws {
        let reply = try await call(.POST, "/_dev/faults", body: spec)
        guard (200..<300).contains(reply.status) else { throw TestFailure("fault injection failed: \(reply.status)") }
    }

    func clearFaults() async throws { _ = try await call(.DELETE, "/_dev/faults") }

    func stats() async throws -> [String: Int] {
        let reply = try await call(.GET, "/_dev/stats")
        return (reply.json as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.intValue }
    }

    /// Ids of every row of `table` the token can see.
    func ids(_ table: String, token: String) async throws -> [String] {
        var all: [String] = []
        var offset = 0
        while true {
            var request = HTTPClientRequest(url: url.absoluteString + "/rest/v1/\(table)?select=id&order=id&limit=1000&offset=\(offset)")
            request.headers.add(name: "apikey", value: anonKey)
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            let bytes = try await response.body.collect(upTo: 64 << 20)
            guard response.status.code == 200 || response.status.code == 206 else {
                throw TestFailure("GET \(table) failed: \(response.status) \(String(buffer: bytes))")
            }
            let rows = (try JSONSerialization.jsonObject(with: Data(bytes.readableBytesView)) as? [[String: Any]]) ?? []
            all += rows.compactMap { $0["id"] as? String }
            if rows.count < 1000 { return all }
            offset += rows.count
        }
    }
}

/// A second backend process (for settings the shared one doesn't have, like a 4-second token lifetime).
final class SpawnedBackend: Sendable {
    let process: Process
    let backend: DevBackend

    init(arguments: [String]) async throws {
        guard let database = TestEnvironment.environment["DOCKET_TEST_DATABASE_URL"] else { throw TestFailure("DOCKET_TEST_DATABASE_URL is not set") }
        let port = try freePort()
        let envFile = FileManager.default.temporaryDirectory.appendingPathComponent("docket-backend-\(UUID()).env").path
        let process = Process()
        process.executableURL = TestEnvironment.packageRoot.appendingPathComponent(".build/debug/docket-dev-backend")
        process.arguments =
            [
                "--port", "\(port)", "--database-url", database, "--write-env", envFile,
                "--migrations", TestEnvironment.packageRoot.appendingPathComponent("deploy/supabase/migrations").path,
                "--bootstrap-sql-dir", TestEnvironment.packageRoot.appendingPathComponent("deploy/supabase/local").path,
            ] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // Up to two minutes on a loaded machine; a backend that exits ends the wait at once.
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline, process.isRunning {
            if let text = try? String(contentsOfFile: envFile, encoding: .utf8) {
                var values: [String: String] = [:]
                for line in text.split(separator: "\n") {
                    let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                    if parts.count == 2 { values[parts[0]] = parts[1] }
                }
                if let anon = values["DOCKET_SUPABASE_ANON_KEY"], let service = values["DOCKET_DEV_SERVICE_KEY"] {
                    let candidate = DevBackend(url: URL(string: "http://127.0.0.1:\(port)")!, anonKey: anon, serviceKey: service)
                    if (try? await candidate.call(.GET, "/auth/v1/.well-known/jwks.json").status) == 200 {
                        backend = candidate
                        return
                    }
                }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        process.terminate()
        throw TestFailure("the spawned dev backend did not start on port \(port)")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// A TCP port nothing listens on right now.
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
    guard bound == 0 else { throw TestFailure("bind failed") }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// A local docket setup (database, session) pointed at a backend.
struct SyncRig {
    let scratch: Scratch
    let backend: DevBackend
    let configuration: DocketConfiguration
    let store: DocketStore

    init(backend: DevBackend, batchSize: Int = 500) throws {
        scratch = try Scratch()
        self.backend = backend
        configuration = DocketConfiguration(
            databasePath: scratch.path("docket.sqlite"), timeZone: TimeZone(identifier: "UTC")!, supabaseURL: backend.url,
            supabaseAnonKey: backend.anonKey, sessionPath: scratch.path("config/session.json"), syncBatchSize: batchSize)
        store = try DocketStore(path: configuration.databasePath)
    }

    /// Environment for running the `docket` binary against this rig.
    var environment: [String: String] {
        [
            "DOCKET_DB": configuration.databasePath, "DOCKET_SUPABASE_URL": backend.url.absoluteString, "DOCKET_SUPABASE_ANON_KEY": backend.anonKey,
            "DOCKET_SESSION": configuration.sessionPath, "DOCKET_SYNC_BATCH": "\(configuration.syncBatchSize)",
        ]
    }

    /// Runs `body` with an in-process client.
    func withSync<T>(_ body: (SupabaseSync) async throws -> T) async throws -> T {
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let result = try await body(try SupabaseSync(configuration: configuration, httpClient: http, logger: Logger(label: "sync-test")))
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// Stores `notes` notes of `perNote` tasks each; returns every task id.
    @discardableResult
    func addTasks(notes: Int, perNote: Int) async throws -> [String] {
        var ids: [String] = []
        for n in 0..<notes {
            let note = NoteRecord(
                sourceFile: "n\(n).wav", contentHash: UUID().uuidString, recordedAt: Date(), durationSeconds: 3, transcript: "note \(n)", status: .done)
            let tasks = (0..<perNote).map {
                ExtractedTask(
                    title: "Task \(n)-\($0)", dueDate: "2026-11-20", dueTime: "15:00", dueAt: "2026-11-20T15:00:00Z", timeZone: "UTC", sourceText: "task \($0)")
            }
            let (_, stored) = try await store.saveNote(note, tasks: tasks)
            ids += stored.map(\.id)
        }
        return ids
    }

    func localTaskIDs() async throws -> Set<String> {
        Set(
            try await store.tasks(
                matching: {
                    var all = TaskFilter()
                    all.state = .all
                    all.limit = 1_000_000
                    return all
                }()
            ).map(\.id))
    }

    func remove() { scratch.remove() }
}
