import AsyncHTTPClient
import DocketAudio
import DocketCore
import DocketTesting
import Foundation
import GRDB
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `docket serve` process (the built binary) on a free loopback port, with its own database and spool.
final class ServeInstance: Sendable {
    static let token = "e2e-token-\(UUID().uuidString)"

    let database: String
    let errPath: String
    let process: Process

    /// Starts the service; `environment` adds or overrides settings.
    init(directory: URL, environment: [String: String] = [:]) throws {
        database = directory.appendingPathComponent("serve.sqlite").path
        errPath = directory.appendingPathComponent("serve-\(UUID().uuidString).err").path
        guard FileManager.default.createFile(atPath: errPath, contents: nil) else { throw TestFailure("can't create \(errPath)") }
        process = Process()
        process.executableURL = TestEnvironment.docketBinary
        process.arguments = ["serve", "--db", database, "--port", "0"]
        var env = ProcessInfo.processInfo.environment
        env["DOCKET_SERVICE_TOKENS"] = Self.token
        env["DOCKET_WHISPER_URL"] = TestEnvironment.whisperURL?.absoluteString
        env["DOCKET_WHISPER_TIMEOUT"] = "120"
        // ?wait=true waits up to this long: more than a loaded machine needs (the tests of the wait set their own).
        env["DOCKET_SERVE_WAIT_TIMEOUT"] = "600"
        env["DOCKET_TZ"] = "America/New_York"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var stderr: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

    /// The base URL once the service listens.
    func url() async throws -> String {
        // Up to two minutes to start (a loaded machine); an exit ends the wait at once.
        for _ in 0..<2400 {
            if let range = stderr.range(of: "listening on ") {
                return String(stderr[range.upperBound...].prefix { !$0.isWhitespace })
            }
            guard process.isRunning else { throw TestFailure("docket serve exited: \(stderr)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("docket serve did not start: \(stderr)")
    }

    /// SIGTERM (graceful) or SIGKILL, then waits for the exit without blocking a cooperative thread.
    func stop(kill: Bool = false) async {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, kill ? SIGKILL : SIGTERM)
        for _ in 0..<2400 where process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
    }
}

/// Runs `body` against a fresh service and stops it afterwards, whatever happens.
func withServe<T>(_ scratch: Scratch, environment: [String: String] = [:], _ body: (String, ServeInstance) async throws -> T) async throws -> T {
    let server = try ServeInstance(directory: scratch.url, environment: environment)
    do {
        let result = try await body(try await server.url(), server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Requests against a running service.
enum ServeClient {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    struct Answer {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
        var note: NoteResource? { try? ServeClient.decoder.decode(NoteResource.self, from: body) }
        var error: ErrorEnvelope? { try? ServeClient.decoder.decode(ErrorEnvelope.self, from: body) }
    }

    /// A client that waits as long as the slowest answer may take on a loaded machine (`wait=true` holds the answer until
    /// the Whisper server has heard the note); `HTTPClient.shared` gives up reading after 90 s. It lives as long as the
    /// test process, so it is never shut down.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(timeout: .init(connect: .seconds(60), read: .seconds(900))))

    static func send(
        _ url: String, method: HTTPMethod = .GET, token: String? = ServeInstance.token, contentType: String? = nil, body: [UInt8]? = nil
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: .seconds(900))
        let data = try await response.body.collect(upTo: 1 << 22)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Data(Array(buffer: data)))
    }

    /// Polls until the note is done or failed.
    static func waitDone(_ base: String, id: String) async throws -> NoteResource {
        for _ in 0..<20 {
            let answer = try await send("\(base)/v1/notes/\(id)?wait=true")
            if let note = answer.note, note.status == .done || note.status == .failed { return note }
        }
        throw TestFailure("note \(id) was not processed")
    }

    /// Polls `/metrics` until the service has no unfinished note (at most `seconds`).
    static func waitIdle(_ base: String, seconds: Int = 600) async throws {
        guard try await waitQueueDepth(base, seconds: seconds, where: { $0 == 0 }) else {
            throw TestFailure("the service still had unfinished notes after \(seconds) s")
        }
    }

    /// Polls `/metrics` until the service has accepted a note it has not finished.
    static func waitQueued(_ base: String, seconds: Int = 60) async throws {
        guard try await waitQueueDepth(base, seconds: seconds, where: { $0 > 0 }) else {
            throw TestFailure("the service had no accepted note after \(seconds) s")
        }
    }

    private static func waitQueueDepth(_ base: String, seconds: Int, where accept: (Double) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            let text = String(decoding: try await send("\(base)/metrics", token: nil).body, as: UTF8.self)
            let depth = text.split(separator: "\n").first { $0.hasPrefix("docket_queue_depth ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
            if let depth, accept(depth) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}

/// `docket serve` as clients use it: the built binary on a real socket, the real Whisper server, espeak-ng speech.
@Suite("Serve end to end", .enabled(if: TestEnvironment.whisperAvailable), .serialized)
struct ServeEndToEndTests {
    @Test("upload → 202 → poll → tasks; wait=true with a multipart OGG upload; /readyz and /metrics")
    func uploadPollAndWait() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await withServe(scratch) { base, _ in
            let wav = try Data(contentsOf: URL(fileURLWithPath: try await scratch.speak("Remind me to call the dentist on Friday at 3 pm.")))
            let accepted = try await ServeClient.send(
                "\(base)/v1/notes?recorded_at=2026-11-18T09:00&tz=America/New_York", method: .POST, contentType: "audio/wav", body: Array(wav))
            #expect(accepted.status == 202, "\(String(decoding: accepted.body, as: UTF8.self))")
            let id = try #require(accepted.note?.id)
            #expect(accepted.headers.first(name: "Location") == "/v1/notes/\(id)")
            let note = try await ServeClient.waitDone(base, id: id)
            #expect(note.status == .done)
            #expect(note.transcript?.lowercased().contains("dentist") == true, "\(note.transcript ?? "")")
            #expect(note.tasks?.first?.task.dueAt == "2026-11-20T15:00:00-05:00")

            // The OpenAI-style form, another format, answered when done.
            let ogg = try await scratch.ffmpeg(try await scratch.speak("Pay the rent tomorrow.", name: "rent.wav"), "rent.ogg", ["-c:a", "libopus"])
            let boundary = "e2e-\(UUID().uuidString)"
            var form = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"recorded_at\"\r\n\r\n2026-11-18T09:00:00-05:00\r\n".utf8)
            form += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"rent.ogg\"\r\nContent-Type: audio/ogg\r\n\r\n".utf8)
            form += Array(try Data(contentsOf: URL(fileURLWithPath: ogg)))
            form += Array("\r\n--\(boundary)--\r\n".utf8)
            let waited = try await ServeClient.send(
                "\(base)/v1/notes?wait=true", method: .POST, contentType: "multipart/form-data; boundary=\(boundary)", body: form)
            #expect(waited.status == 200)
            #expect(waited.note?.status == .done)
            #expect(waited.note?.file == "rent.ogg")
            #expect(waited.note?.tasks?.first?.task.dueDate == "2026-11-19", "\(waited.note?.transcript ?? "")")

            let tasks = try await ServeClient.send("\(base)/v1/tasks?since=2026-01-01T00:00:00Z")
            #expect(tasks.status == 200)
            #expect(String(decoding: tasks.body, as: UTF8.self).contains(id))
            let ready = try await ServeClient.send("\(base)/readyz", token: nil)
            #expect(ready.status == 200, "\(String(decoding: ready.body, as: UTF8.self))")
            let metrics = String(decoding: try await ServeClient.send("\(base)/metrics", token: nil).body, as: UTF8.self)
            #expect(metrics.contains("docket_uploads_total{result=\"accepted\"} 2"))
            #expect(metrics.contains("hb_requests"))
        }
    }

    @Test("every refusal through a real socket: 401, 404, 413, 415, 400 and 503 with Retry-After")
    func errorStatuses() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A recognizer that is down keeps the first note queued, so the queue of one stays full.
        let environment = ["DOCKET_MAX_UPLOAD_MB": "1", "DOCKET_SERVE_QUEUE": "1", "DOCKET_WHISPER_URL": "http://127.0.0.1:9"]
        try await withServe(scratch, environment: environment) { base, _ in
            let wav = Array(try Data(contentsOf: URL(fileURLWithPath: try await scratch.speak("Buy milk."))))

            var answer = try await ServeClient.send("\(base)/v1/notes", method: .POST, token: nil, contentType: "audio/wav", body: wav)
            #expect(answer.status == 401)
            #expect(answer.headers.first(name: "WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(answer.error?.error.code == "unauthorized")
            answer = try await ServeClient.send("\(base)/v1/notes", method: .POST, token: "nope", contentType: "audio/wav", body: wav)
            #expect(answer.status == 401)
            answer = try await ServeClient.send("\(base)/v1/notes/\(UUID().uuidString.lowercased())")
            #expect(answer.status == 404)
            #expect(answer.error?.error.code == "not_found")
            answer = try await ServeClient.send(
                "\(base)/v1/notes", method: .POST, contentType: "audio/wav", body: [UInt8](repeating: 0, count: 2 * 1024 * 1024))
            #expect(answer.status == 413)
            #expect(answer.error?.error.code == "payload_too_large")
            answer = try await ServeClient.send("\(base)/v1/notes", method: .POST, contentType: "application/pdf", body: wav)
            #expect(answer.status == 415)
            #expect(answer.error?.error.message.contains("audio/wav") == true)
            answer = try await ServeClient.send("\(base)/v1/notes?tz=Nowhere/Special", method: .POST, contentType: "audio/wav", body: wav)
            #expect(answer.status == 400)
            #expect(answer.error?.error.message.contains("tz=Nowhere/Special") == true)

            answer = try await ServeClient.send("\(base)/v1/notes", method: .POST, contentType: "audio/wav", body: wav)
            #expect(answer.status == 202)
            answer = try await ServeClient.send("\(base)/v1/notes", method: .POST, contentType: "audio/wav", body: wav + [0, 0])
            #expect(answer.status == 503)
            #expect(answer.headers.first(name: "Retry-After") != nil)
            #expect(answer.error?.error.code == "queue_full")
            let ready = try await ServeClient.send("\(base)/readyz", token: nil)
            #expect(ready.status == 503)
            #expect(String(decoding: ready.body, as: UTF8.self).contains("whisper"))
        }
    }

    @Test("docket ingest --remote prints the tasks exactly as a local docket ingest does")
    func remoteIngestMatchesLocal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await withServe(scratch) { base, _ in
            let files = [
                try await scratch.speak("Remind me to call the dentist on Friday at 3 pm. Also buy milk tomorrow.", name: "dentist.wav"),
                try await scratch.speak("Water the plants every Monday.", name: "plants.wav"),
                // What the extractor notes ("Not a task: a question.") is shown after the tasks, remote too.
                try await scratch.speak("Buy bread tomorrow. Did you catch the news this morning?", name: "news.wav"),
            ]
            let common = ["--now", "2026-11-18T09:00", "--tz", "America/New_York"]
            let local = try await runAsync(
                TestEnvironment.docketBinary.path,
                ["ingest", "--db", scratch.path("local.sqlite"), "--whisper-url", TestEnvironment.whisperURL!.absoluteString] + common + files)
            let remote = try await runAsync(
                TestEnvironment.docketBinary.path, ["ingest", "--remote", base] + common + files, environment: ["DOCKET_REMOTE_TOKEN": ServeInstance.token])
            #expect(local.status == 0, "\(local.stderr)")
            #expect(remote.status == 0, "\(remote.stderr)")
            #expect(remote.stdout == local.stdout)
            #expect(remote.stdout.contains("dentist"))
            #expect(remote.stdout.contains("Not a task"), "\(remote.stdout)")

            // --json has the same shape; a bad token is a clear error and exit 77 (not allowed).
            let json = try await runAsync(
                TestEnvironment.docketBinary.path, ["ingest", "--json", "--remote", base] + common + [files[1]],
                environment: ["DOCKET_REMOTE_TOKEN": ServeInstance.token])
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            let notes = object?["notes"] as? [[String: Any]]
            #expect(notes?.first?["status"] as? String == "duplicate")
            #expect((notes?.first?["tasks"] as? [[String: Any]])?.first?["recurrence"] as? String == "FREQ=WEEKLY;BYDAY=MO")
            // A recording cut short is transcribed as far as it goes, with the same warning as a local ingest.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: files[0]))
            let cut = scratch.path("cut-short.wav")
            try bytes.prefix(44 + (bytes.count - 44) / 2).write(to: URL(fileURLWithPath: cut))
            let cutShort = try await runAsync(
                TestEnvironment.docketBinary.path, ["ingest", "--json", "--remote", base] + common + [cut],
                environment: ["DOCKET_REMOTE_TOKEN": ServeInstance.token])
            let warnings =
                ((try JSONSerialization.jsonObject(with: Data(cutShort.stdout.utf8)) as? [String: Any])?["notes"] as? [[String: Any]])?
                .first?["warnings"] as? [String]
            #expect(warnings?.first?.contains("cut-short.wav was cut short") == true, "\(cutShort.stdout) \(cutShort.stderr)")
            let refused = try await runAsync(
                TestEnvironment.docketBinary.path, ["ingest", "--remote", base, files[1]], environment: ["DOCKET_REMOTE_TOKEN": "wrong"])
            #expect(refused.status == 77)
            #expect(refused.stderr.contains("DOCKET_REMOTE_TOKEN"))

            // A file is read as a local ingest reads it: by its bytes, not its name; a missing one is 66.
            let unnamed = scratch.path("memo")
            try FileManager.default.copyItem(atPath: files[1], toPath: unnamed)
            let byContent = try await runAsync(
                TestEnvironment.docketBinary.path, ["ingest", "--remote", base] + common + [unnamed], environment: ["DOCKET_REMOTE_TOKEN": ServeInstance.token])
            #expect(byContent.status == 0 && byContent.stdout.contains("memo ("), "\(byContent.stdout) \(byContent.stderr)")
            let missing = try await runAsync(
                TestEnvironment.docketBinary.path, ["ingest", "--remote", base, scratch.path("nope.wav")],
                environment: ["DOCKET_REMOTE_TOKEN": ServeInstance.token])
            #expect(missing.status == 66 && missing.stderr.contains("no such file"), "\(missing.status) \(missing.stderr)")
        }
    }
}

extension ServeEndToEndTests {
    @Test(
        "SIGTERM while a wait=true upload waits: it is answered with the queued note, the service stops, the next start processes it", .timeLimit(.minutes(5)))
    func stopDuringWait() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let audio = Array(try Data(contentsOf: URL(fileURLWithPath: try await scratch.speak("Buy milk tomorrow.", name: "milk.wav"))))
        // No recognizer: the note stays queued (retried), so the wait could only end with its 10-minute timeout.
        let first = try ServeInstance(directory: scratch.url, environment: ["DOCKET_WHISPER_URL": "http://127.0.0.1:1", "DOCKET_SERVE_WAIT_TIMEOUT": "600"])
        let base = try await first.url()
        let upload = Task { try await ServeClient.send("\(base)/v1/notes?wait=true", method: .POST, contentType: "audio/wav", body: audio) }
        try await ServeClient.waitQueued(base)
        await first.stop()
        #expect(!first.process.isRunning, "the service did not stop within 30 s of SIGTERM: \(first.stderr)")
        let answer = try await upload.value
        #expect(answer.status == 202, "\(String(decoding: answer.body, as: UTF8.self))")
        let id = try #require(answer.note?.id)
        #expect(answer.note?.status == .queued || answer.note?.status == .transcribing)

        try await withServe(scratch) { again, _ in
            let note = try await ServeClient.waitDone(again, id: id)
            #expect(note.status == .done)
            #expect(note.tasks?.first?.task.title.lowercased().contains("milk") == true, "\(note.transcript ?? "")")
        }
    }
}

/// Crash safety and load: run on their own by scripts/test.sh (DOCKET_TEST_LOAD=1) so they don't starve the
/// timing-sensitive capture tests.
@Suite("Serve under load", .enabled(if: ProcessInfo.processInfo.environment["DOCKET_TEST_LOAD"] == "1" && TestEnvironment.whisperAvailable), .serialized)
struct ServeLoadTests {
    /// Distinct notes: one spoken phrase with a different length of trailing silence each.
    static func notes(_ count: Int, scratch: Scratch) async throws -> [[UInt8]] {
        let raw = try await scratch.sox(
            try await scratch.speak("Buy milk tomorrow."), "milk.raw", ["-r", "16000", "-c", "1", "-b", "16", "-e", "signed", "-L", "-t", "raw"])
        let speech = try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return try (0..<count).map { i in
            let url = scratch.url.appendingPathComponent("n\(i).wav")
            try WAVWriter.write(speech + [Int16](repeating: 0, count: 3_200 + 16 * i), sampleRate: 16_000, to: url)
            return Array(try Data(contentsOf: url))
        }
    }

    @Test("kill -9 under upload load, restart: every upload that got a 202 is processed exactly once", .timeLimit(.minutes(10)))
    func killUnderLoad() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let bodies = try await Self.notes(40, scratch: scratch)
        let first = try ServeInstance(directory: scratch.url, environment: ["DOCKET_SERVE_QUEUE": "100"])
        let base = try await first.url()
        // Every upload at once; the service is killed as soon as ten have been accepted.
        var ids: [String] = []
        await withTaskGroup(of: String?.self) { group in
            for body in bodies {
                group.addTask {
                    guard let answer = try? await ServeClient.send("\(base)/v1/notes", method: .POST, contentType: "audio/wav", body: body),
                        answer.status == 202
                    else { return nil }
                    return answer.note?.id
                }
            }
            for await id in group {
                guard let id else { continue }
                ids.append(id)
                if ids.count == 10 { await first.stop(kill: true) }
            }
        }
        await first.stop(kill: true)
        #expect(ids.count >= 10)

        let second = try ServeInstance(directory: scratch.url)
        let again = try await second.url()
        #expect(second.stderr.contains("resuming") || ids.isEmpty, "\(second.stderr)")
        for id in ids {
            let note = try await ServeClient.waitDone(again, id: id)
            #expect(note.status == .done, "\(id): \(note.error?.message ?? "")")
            #expect(note.tasks?.count == 1, "\(id): \(note.transcript ?? "")")
        }
        // Uploads written to the journal before the kill but never answered are processed too.
        try await ServeClient.waitIdle(again)
        await second.stop()

        // Exactly once: one note per accepted id, one task per note, and nothing left in the spool.
        let db = try DatabaseQueue(path: second.database)
        let (notes, tasks, perNote) = try await db.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notes") ?? 0, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tasks") ?? 0,
                try Int.fetchOne(db, sql: "SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM tasks GROUP BY note_id)") ?? 0
            )
        }
        #expect(notes >= ids.count)
        #expect(tasks == notes)
        #expect(perNote == 1)
        let stored = try await db.read { db in try String.fetchSet(db, sql: "SELECT id FROM notes") }
        #expect(Set(ids).isSubset(of: stored))
        let journal = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("upload-spool/journal").path)
        #expect(journal.isEmpty, "\(journal)")
    }

    @Test("200 concurrent uploads on loopback: all accepted, none lost (docket-bench serve-load)", .timeLimit(.minutes(15)))
    func twoHundredUploads() async throws {
        let bench = TestEnvironment.docketBinary.deletingLastPathComponent().appendingPathComponent("docket-bench").path
        let result = try await runAsync(
            bench,
            [
                "serve-load", "--uploads", "200", "--json", "--docket", TestEnvironment.docketBinary.path, "--whisper-url",
                TestEnvironment.whisperURL!.absoluteString,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let figures = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(figures?["accepted"] as? Int == 200, "\(result.stdout)")
        #expect(figures?["lost"] as? Int == 0, "\(result.stdout)")
        #expect(figures?["stored_notes"] as? Int == 200, "\(result.stdout)")
        print("serve-load (debug build): \(result.stdout)")
    }
}
