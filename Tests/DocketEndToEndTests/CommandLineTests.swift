import DocketCore
import DocketTesting
import Foundation
import Testing

/// The built `docket` binary, as a person runs it, against the real local Whisper server.
@Suite("docket command line", .enabled(if: TestEnvironment.whisperAvailable), .serialized)
struct CommandLineTests {
    struct Output: Decodable {
        var dry_run: Bool?
        struct Note: Decodable {
            var id: String?
            var file: String
            var status: String?
            var duration_s: Double?
            var transcript: String?
            var tasks: [Task]?
            var warnings: [String]?
            var error: ErrorBody?
        }
        struct Task: Decodable {
            var id: String
            var title: String
            var due_date: String?
            var due_time: String?
            var due_at: String?
            var time_zone: String
            var priority: String
        }
        struct ErrorBody: Decodable {
            var code: String
            var message: String
        }
        var notes: [Note]
    }

    func docket(_ arguments: [String], scratch: Scratch, env: [String: String] = [:]) async throws -> ProcessResult {
        var environment = ["DOCKET_WHISPER_URL": TestEnvironment.whisperURL!.absoluteString, "DOCKET_DB": scratch.path("docket.sqlite")]
        for (k, v) in env { environment[k] = v }
        return try await run(TestEnvironment.docketBinary.path, arguments, environment: environment, check: false)
    }

    @Test func ingestJSONThenTasks() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let wav = try await scratch.speak("Remind me to call the dentist on Friday at 3 pm. Also buy milk tomorrow.")
        let result = try await docket(["ingest", "--json", "--now", "2026-11-18T09:00", "--tz", "America/New_York", wav], scratch: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        #expect(output.dry_run == nil)
        let note = try #require(output.notes.first)
        #expect(note.status == "processed")
        #expect(note.tasks?.count == 2)
        #expect(note.tasks?.first?.due_at == "2026-11-20T15:00:00-05:00")
        #expect(note.tasks?.first?.time_zone == "America/New_York")

        let again = try await docket(["ingest", "--json", "--now", "2026-11-18T09:00", "--tz", "America/New_York", wav], scratch: scratch)
        let second = try JSONDecoder().decode(Output.self, from: Data(again.stdout.utf8))
        #expect(second.notes.first?.status == "duplicate")
        #expect(second.notes.first?.tasks?.map(\.id) == note.tasks?.map(\.id))

        let tasks = try await docket(["tasks", "--json"], scratch: scratch)
        #expect(tasks.status == 0)
        struct List: Decodable { var tasks: [Output.Task] }
        let list = try JSONDecoder().decode(List.self, from: Data(tasks.stdout.utf8))
        #expect(Set(list.tasks.map(\.id)) == Set(note.tasks?.map(\.id) ?? []))

        let human = try await docket(["tasks"], scratch: scratch)
        #expect(human.stdout.contains("Fri 2026-11-20 15:00"))
    }

    /// A recording whose copy stopped early (its header still gives the whole length) is transcribed as far as it
    /// goes, and docket says it was cut short, on stderr and in --json.
    @Test func aRecordingCutShortIsTranscribedWithAWarning() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let wav = try await scratch.speak("Water the plants tomorrow morning. Then we should talk about the weather for a while.")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: wav))
        let cut = scratch.path("cut-short.wav")
        try bytes.prefix(44 + (bytes.count - 44) / 2).write(to: URL(fileURLWithPath: cut))

        let result = try await docket(["ingest", "--json", "--dry-run", "--now", "2026-11-18T09:00", "--tz", "America/New_York", cut], scratch: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let note = try #require(try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8)).notes.first)
        #expect(note.status == "processed")
        #expect(note.transcript?.lowercased().contains("water") == true, "\(note.transcript ?? "")")
        #expect(note.warnings?.first?.contains("cut-short.wav was cut short") == true, "\(note.warnings ?? [])")

        let human = try await docket(["ingest", "--dry-run", cut], scratch: scratch)
        #expect(human.status == 0 && human.stderr.contains("warning: cut-short.wav was cut short"), "\(human.stderr)")
        let whole = try await docket(["ingest", "--json", "--dry-run", wav], scratch: scratch)
        #expect(try JSONDecoder().decode(Output.self, from: Data(whole.stdout.utf8)).notes.first?.warnings == nil)
    }

    /// `docket notes` shows what was heard: each note's transcript, its tasks, what the extractor did not take as a
    /// task and why, and why a note failed.
    @Test func notesShowWhatWasHeard() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let missing = try await docket(["notes"], scratch: scratch)
        #expect(missing.status == 66 && missing.stderr.contains("no docket database"), "\(missing.stderr)")

        let wav = try await scratch.speak("Call the dentist tomorrow. Did the mail come?", name: "news.wav")
        let ingested = try await docket(["ingest", "--now", "2026-11-18T09:00", "--tz", "America/New_York", wav], scratch: scratch)
        #expect(ingested.status == 0, "\(ingested.stderr)")
        let failing = try await scratch.speak("Call the plumber on Monday.", name: "plumber.wav")
        let down = try await docket(["ingest", failing], scratch: scratch, env: ["DOCKET_WHISPER_URL": "http://127.0.0.1:9", "DOCKET_WHISPER_ATTEMPTS": "1"])
        #expect(down.status == 75, "\(down.stderr)")

        let human = try await docket(["notes"], scratch: scratch, env: ["DOCKET_TZ": "America/New_York"])
        #expect(human.status == 0, "\(human.stderr)")
        #expect(human.stdout.contains("news.wav") && human.stdout.lowercased().contains("dentist"), "\(human.stdout)")
        #expect(human.stdout.contains("note: Not a task: "), "\(human.stdout)")
        #expect(human.stdout.contains("plumber.wav") && human.stdout.contains("failed") && human.stdout.contains("error: "), "\(human.stdout)")

        struct List: Decodable {
            struct Note: Decodable {
                var file: String
                var status: String
                var tasks: [Output.Task]
                struct Diagnostic: Decodable { var message: String }
                var diagnostics: [Diagnostic]?
                var error: Output.ErrorBody?
            }
            var notes: [Note]
        }
        let failed = try JSONDecoder().decode(List.self, from: Data(try await docket(["notes", "--json", "--failed"], scratch: scratch).stdout.utf8)).notes
        #expect(failed.map(\.file) == ["plumber.wav"] && failed.first?.error?.message.contains("Whisper") == true)
        let all = try JSONDecoder().decode(List.self, from: Data(try await docket(["notes", "--json"], scratch: scratch).stdout.utf8)).notes
        #expect(all.map(\.file) == ["plumber.wav", "news.wav"], "newest first")
        let news = try #require(all.last)
        #expect(news.status == "done" && news.tasks.first?.due_date == "2026-11-19")
        #expect(news.diagnostics?.first?.message.hasPrefix("Not a task: ") == true)
        let cut = try await docket(["notes", "--limit", "1"], scratch: scratch)
        #expect(cut.status == 0 && !cut.stdout.contains("news.wav") && cut.stderr.contains("--limit"), "\(cut.stdout) \(cut.stderr)")
    }

    /// `--force` with the recognizer down changes nothing: the stored tasks, and the user's edits of them, stay.
    @Test func aFailedForceKeepsWhatWasStored() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let wav = try await scratch.speak("Buy milk tomorrow and call mom at 5 pm.")
        let first = try await docket(["ingest", "--json", "--now", "2026-11-18T09:00", "--tz", "America/New_York", wav], scratch: scratch)
        #expect(first.status == 0, "\(first.stderr)")
        let stored = try #require(try JSONDecoder().decode(Output.self, from: Data(first.stdout.utf8)).notes.first?.tasks)
        #expect(!stored.isEmpty)
        #expect(try await docket(["edit", stored[0].id, "--priority", "high"], scratch: scratch).status == 0)

        let down = try await docket(
            ["ingest", "--force", wav], scratch: scratch, env: ["DOCKET_WHISPER_URL": "http://127.0.0.1:9", "DOCKET_WHISPER_ATTEMPTS": "1"])
        #expect(down.status == 75, "\(down.stderr)")
        struct List: Decodable { var tasks: [Output.Task] }
        let after = try JSONDecoder().decode(List.self, from: Data(try await docket(["tasks", "--json", "--all"], scratch: scratch).stdout.utf8)).tasks
        #expect(Set(after.map(\.id)) == Set(stored.map(\.id)))
        #expect(after.first { $0.id == stored[0].id }?.priority == "high")
        let again = try await docket(["ingest", "--json", wav], scratch: scratch)
        #expect(try JSONDecoder().decode(Output.self, from: Data(again.stdout.utf8)).notes.first?.status == "duplicate", "the note is still done")
    }

    /// Ctrl-C while a long recording is being transcribed stops docket ingest (by SIGINT, so a shell loop around it
    /// stops too) after it has removed the recording's decoded audio from the temporary directory; nothing is stored.
    @Test func interruptedIngestCleansUp() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let sentence = try await scratch.speak("Call the plumber about the leak under the kitchen sink, then buy milk and bread.")
        let long = scratch.path("long.wav")
        try await run("sox", [sentence, long, "repeat", "40"])
        let temporary = scratch.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = TestEnvironment.docketBinary
        process.arguments = ["ingest", long]
        process.environment = [
            "DOCKET_WHISPER_URL": TestEnvironment.whisperURL!.absoluteString, "DOCKET_DB": scratch.path("docket.sqlite"), "TMPDIR": temporary,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The recording is decoded into the temporary directory before its pieces are transcribed.
        func decoded() -> Bool {
            let work = (try? FileManager.default.contentsOfDirectory(atPath: temporary))?.first { $0.hasPrefix("docket-") }
            return work.map { (try? FileManager.default.contentsOfDirectory(atPath: "\(temporary)/\($0)"))?.contains { $0.hasSuffix(".s16le") } ?? false }
                ?? false
        }
        while process.isRunning, !decoded() { try await Task.sleep(for: .milliseconds(20)) }
        try #require(process.isRunning, "ingest finished before it could be interrupted")
        process.interrupt()
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "the decoded audio is removed")
        let status = try await docket(["status", "--json"], scratch: scratch)
        #expect(status.stdout.contains("\"notes\":0"), "\(status.stdout) \(status.stderr)")
    }

    @Test func oneBadFileDoesNotStopTheOthers() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let wav = try await scratch.speak("Water the plants tomorrow morning.")
        let text = scratch.path("notes.txt")
        try "not audio".write(toFile: text, atomically: true, encoding: .utf8)
        let truncated = scratch.path("cut.wav")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: wav))
        try bytes.prefix(30).write(to: URL(fileURLWithPath: truncated))
        let missing = scratch.path("nope.wav")

        let result = try await docket(
            ["ingest", "--json", "--dry-run", "--now", "2026-11-18T09:00", "--tz", "America/New_York", text, wav, truncated, missing], scratch: scratch)
        #expect(result.status == 1)
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        #expect(output.notes.count == 4)
        #expect(output.dry_run == true)
        #expect(output.notes[0].error?.code == "audio.notAudio")
        #expect(output.notes[1].tasks?.first?.due_date == "2026-11-19")
        #expect(output.notes[1].tasks?.first?.due_time == "09:00")
        #expect(output.notes[2].error != nil)
        #expect(output.notes[3].error?.code == "audio.fileNotFound")
        #expect(output.notes[3].error?.message.contains("nope.wav") == true)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("docket.sqlite")), "--dry-run stores nothing")

        let human = try await docket(["ingest", "--dry-run", text, wav], scratch: scratch)
        #expect(human.status == 1)
        #expect(human.stderr.contains("notes.txt"))
        #expect(human.stderr.contains("not an audio file"))
        #expect(human.stdout.lowercased().contains("water"), "\(human.stdout)")
    }

    @Test func unreachableServerSaysHowToStartIt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let wav = try await scratch.speak("Call mom.")
        let result = try await docket(["ingest", wav], scratch: scratch, env: ["DOCKET_WHISPER_URL": "http://127.0.0.1:9", "DOCKET_WHISPER_ATTEMPTS": "1"])
        // A temporary failure (EX_TEMPFAIL): trying later may work.
        #expect(result.status == 75)
        #expect(result.stderr.contains("http://127.0.0.1:9"))
        #expect(result.stderr.contains("scripts/whisper-server.sh start"))
    }

    @Test("processes that start together on a new database all open it: one migrates, the others wait for it")
    func concurrentFirstStarts() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for round in 0..<5 {
            let environment = ["DOCKET_DB": scratch.path("new-\(round).sqlite"), "HOME": scratch.path("home")]
            let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
                for _ in 0..<4 { group.addTask { try await runAsync(TestEnvironment.docketBinary.path, ["add", "buy milk"], environment: environment) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results { #expect(result.status == 0, "\(result.stderr)") }
        }
    }

    @Test("docket serve on a port in use says which address and how to choose another (75: it may be free later)")
    func serveOnAPortInUse() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A socket of this process holds a port.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try await docket(
            ["serve", "--port", "\(port)"], scratch: scratch,
            env: ["DOCKET_SERVICE_TOKENS": String(repeating: "t", count: 40), "DOCKET_SPOOL": scratch.path("spool")])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("127.0.0.1:\(port)") && result.stderr.contains("--port"), "\(result.stderr)")
    }

    @Test("docket serve without a token is a configuration error (78), which ends systemd's restarts")
    func serveWithoutATokenIs78() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await docket(
            ["serve", "--port", "0"], scratch: scratch,
            env: ["HOME": scratch.path("home"), "DOCKET_SERVICE_TOKENS": "", "DOCKET_SERVICE_TOKEN_FILE": "", "DOCKET_CONFIG": ""])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("DOCKET_SERVICE_TOKENS"))
    }

    @Test func badOptionsAreUsageErrors() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tz = try await docket(["ingest", "--tz", "Mars/Base", "x.wav"], scratch: scratch)
        #expect(tz.status == 64)
        #expect(tz.stderr.contains("IANA"))
        let now = try await docket(["ingest", "--now", "yesterday", "x.wav"], scratch: scratch)
        #expect(now.status == 64)
        #expect(now.stderr.contains("ISO-8601"))
        let none = try await docket(["ingest"], scratch: scratch)
        #expect(none.status == 64)
    }

    @Test("docket mark with no docket listen running, and push-to-talk with a key device that can't be read, say what to do")
    func pushToTalkMistakes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let mark = try await docket(["mark"], scratch: scratch)
        #expect(mark.status == 1)
        #expect(mark.stderr.contains(scratch.path("listen.sock")) && mark.stderr.contains("--activation push-to-talk"), "\(mark.stderr)")
        let json = try await docket(["mark", "--json", "--toggle"], scratch: scratch)
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"ok\":false") && json.stdout.contains("\"command\":\"toggle\""), "\(json.stdout)")
        let device = try await docket(["listen", "--activation", "push-to-talk", "--ptt-device", scratch.path("event42")], scratch: scratch)
        // A device that can't be read is something needed that is not there (sysexits' EX_UNAVAILABLE).
        #expect(device.status == 69)
        #expect(device.stderr.contains("ls -l /dev/input/by-id/"), "\(device.stderr)")
        let key = try await docket(["listen", "--activation", "push-to-talk", "--ptt-key", "KEY_HYPER"], scratch: scratch)
        #expect(key.status != 0)
        #expect(key.stderr.contains("input-event-codes.h"), "\(key.stderr)")
    }

    @Test func parseJSON() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await docket(
            ["parse", "--json", "--now", "2026-11-18T09:00", "--tz", "America/New_York", "Remind me to call the dentist on Friday at 3 pm"], scratch: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        struct List: Decodable { var tasks: [Output.Task] }
        let list = try JSONDecoder().decode(List.self, from: Data(result.stdout.utf8))
        #expect(list.tasks.count == 1)
        #expect(list.tasks.first?.due_at == "2026-11-20T15:00:00-05:00")
        for key in [
            "\"id\"", "\"title\"", "\"due_date\"", "\"due_time\"", "\"due_at\"", "\"time_zone\"", "\"priority\"", "\"labels\"", "\"project\"", "\"recurrence\"",
            "\"source_text\"",
        ] {
            #expect(result.stdout.contains(key), "missing \(key)")
        }
    }
}
