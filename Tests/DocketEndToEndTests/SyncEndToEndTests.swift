import AsyncHTTPClient
import DocketCore
import DocketTesting
import Foundation
import GRDB
import Logging
import NIOHTTP1
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Sync against the local Supabase-compatible backend over real PostgreSQL.
@Suite("Sync end to end", .enabled(if: DevBackend.available), .serialized)
struct SyncEndToEndTests {
    static let password = "correct horse battery"

    func signedInRig(_ backend: DevBackend = DevBackend.shared!, batchSize: Int = 500) async throws -> (SyncRig, String) {
        let rig = try SyncRig(backend: backend, batchSize: batchSize)
        let email = try await backend.createUser(password: Self.password)
        _ = try await rig.withSync { try await $0.login(email: email, password: Self.password) }
        return (rig, email)
    }

    func token(_ rig: SyncRig) async throws -> String {
        try await rig.withSync { try await $0.sessions.accessToken() }
    }

    @Test(.enabled(if: TestEnvironment.whisperAvailable))
    func ingestThenSyncIsVisibleToTheOwnerOnly() async throws {
        let backend = DevBackend.shared!
        let (rig, email) = try await signedInRig()
        defer { rig.remove() }
        let wav = try await rig.scratch.speak("Remind me to call the dentist on Friday at 3 pm. Also buy milk tomorrow.")
        var env = rig.environment
        env["DOCKET_WHISPER_URL"] = TestEnvironment.whisperURL!.absoluteString
        let ingest = try await run(
            TestEnvironment.docketBinary.path, ["ingest", "--now", "2026-11-18T09:00", "--tz", "America/New_York", wav], environment: env, check: false)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let sync = try await run(TestEnvironment.docketBinary.path, ["sync", "--json"], environment: env, check: false)
        #expect(sync.status == 0, "\(sync.stdout) \(sync.stderr)")
        #expect(sync.stdout.contains("\"tasks_pushed\":2"))

        let owner = try await token(rig)
        #expect(Set(try await backend.ids("tasks", token: owner)) == (try await rig.localTaskIDs()))
        #expect(try await backend.ids("voice_notes", token: owner).count == 1)

        let (other, _) = try await signedInRig()
        defer { other.remove() }
        let stranger = try await token(other)
        #expect(try await backend.ids("tasks", token: stranger).isEmpty)
        #expect(try await backend.ids("voice_notes", token: stranger).isEmpty)

        let status = try await run(TestEnvironment.docketBinary.path, ["status", "--json"], environment: env, check: false)
        #expect(status.stdout.contains("\"pending\":0"))
        #expect(status.stdout.contains(email))
        let whoami = try await run(TestEnvironment.docketBinary.path, ["whoami"], environment: env, check: false)
        #expect(whoami.stdout.contains(email))
    }

    @Test func loginThroughTheBinaryAndBadPasswords() async throws {
        let backend = DevBackend.shared!
        let rig = try SyncRig(backend: backend)
        defer { rig.remove() }
        let email = try await backend.createUser(password: Self.password)
        let bad = try await runWithInput(["login", "--email", email, "--password-stdin"], input: "wrong\n", env: rig.environment)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("docket login"))
        let good = try await runWithInput(["login", "--email", email, "--password-stdin"], input: Self.password + "\n", env: rig.environment)
        #expect(good.status == 0, "\(good.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: rig.configuration.sessionPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let session = try String(contentsOfFile: rig.configuration.sessionPath, encoding: .utf8)
        #expect(!good.stdout.contains(session.prefix(20)))
        let out = try await run(TestEnvironment.docketBinary.path, ["logout"], environment: rig.environment, check: false)
        #expect(out.status == 0)
        #expect(!FileManager.default.fileExists(atPath: rig.configuration.sessionPath))
        let sync = try await run(TestEnvironment.docketBinary.path, ["sync"], environment: rig.environment, check: false)
        #expect(sync.status == 77)
        #expect(sync.stderr.contains("docket login"))
    }

    @Test func expiryInTheMiddleOfALargeSync() async throws {
        let spawned = try await SpawnedBackend(arguments: ["--access-token-lifetime", "4"])
        defer { spawned.stop() }
        let (rig, _) = try await signedInRig(spawned.backend, batchSize: 100)
        defer { rig.remove() }
        let ids = try await rig.addTasks(notes: 300, perNote: 10)
        let before = try await spawned.backend.stats()
        let report = try await rig.withSync { sync in
            // 150 ms after each of the 33 batches (3 of notes, 30 of tasks): the sync outlasts the 4 s token however fast the machine is.
            try await sync.engine(store: rig.store).syncOnce(progress: { _ in usleep(150_000) })
        }
        #expect(report.tasksPushed == ids.count)
        #expect(report.remaining == 0)
        let after = try await spawned.backend.stats()
        #expect((after["refresh_grants"] ?? 0) > (before["refresh_grants"] ?? 0), "the 4 s tokens must have been refreshed during the sync")
        #expect((after["refresh_reuse_rejections"] ?? 0) == (before["refresh_reuse_rejections"] ?? 0))
        #expect(Set(try await spawned.backend.ids("tasks", token: try await token(rig))) == Set(ids))
    }

    @Test func aServerSideExpiryIsRefreshedAndReplayedOnce() async throws {
        let spawned = try await SpawnedBackend(arguments: [])
        defer { spawned.stop() }
        let (rig, _) = try await signedInRig(spawned.backend)
        defer { rig.remove() }
        try await rig.addTasks(notes: 2, perNote: 3)
        // The server's clock jumps two hours: our token, fresh to us, is expired to it (401 PGRST303).
        _ = try await spawned.backend.call(.POST, "/_dev/clock", body: ["offset_seconds": 7200])
        let report = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        #expect(report.tasksPushed == 6)
        #expect(report.remaining == 0)
    }

    @Test func processesRacingOnOneSessionNeverBurnTheRefreshToken() async throws {
        let spawned = try await SpawnedBackend(arguments: ["--access-token-lifetime", "3"])
        defer { spawned.stop() }
        let (rig, _) = try await signedInRig(spawned.backend, batchSize: 20)
        defer { rig.remove() }
        let ids = try await rig.addTasks(notes: 100, perNote: 10)
        let docket = TestEnvironment.docketBinary.path
        var env = rig.environment
        env["DOCKET_SYNC_INTERVAL"] = "1"
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: docket)
        watch.arguments = ["sync", "--watch"]
        watch.environment = ProcessInfo.processInfo.environment.merging(env) { _, new in new }
        watch.standardOutput = FileHandle.nullDevice
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        // Two one-shot syncs side by side with the watcher, while tokens expire every 3 s.
        async let a = runAsync(docket, ["sync"], environment: env)
        async let b = runAsync(docket, ["sync"], environment: env)
        let results = try await [a, b]
        try await Task.sleep(for: .seconds(4))
        watch.interrupt()
        watch.waitUntilExit()
        for r in results { #expect(!r.stderr.contains("already"), "\(r.stderr)") }
        let stats = try await spawned.backend.stats()
        #expect((stats["refresh_reuse_rejections"] ?? 0) == 0)
        #expect(Set(try await spawned.backend.ids("tasks", token: try await token(rig))) == Set(ids))
        #expect(try await rig.store.syncCounts().pending == 0)
        // The session survived: it still works.
        _ = try await rig.withSync { try await $0.whoami() }
    }

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var spec: [String: Int]
        var drop = false
        var testDescription: String { name }
    }

    @Test(arguments: [
        Fault(name: "503 + Retry-After", spec: ["status": 503, "retry_after": 1, "count": 2]),
        Fault(name: "429", spec: ["status": 429, "count": 2]),
        Fault(name: "500", spec: ["status": 500, "count": 2]),
        Fault(name: "504", spec: ["status": 504, "count": 2]),
        Fault(name: "dropped connection", spec: ["count": 2], drop: true),
        Fault(name: "slow response", spec: ["delay_ms": 1500, "count": 2]),
    ])
    func transientFaultsAreRetried(_ fault: Fault) async throws {
        let spawned = try await SpawnedBackend(arguments: [])
        defer { spawned.stop() }
        let (rig, _) = try await signedInRig(spawned.backend, batchSize: 50)
        defer { rig.remove() }
        let ids = try await rig.addTasks(notes: 10, perNote: 10)
        var spec: [String: Any] = fault.spec
        spec["method"] = "POST"
        spec["path_prefix"] = "/rest/v1/tasks"
        if fault.drop { spec["drop"] = true }
        try await spawned.backend.fault(spec)
        let report = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        #expect(report.tasksPushed == ids.count)
        #expect(report.remaining == 0)
        #expect(Set(try await spawned.backend.ids("tasks", token: try await token(rig))) == Set(ids))
    }

    @Test func aLastingOutageKeepsEverythingForLater() async throws {
        let spawned = try await SpawnedBackend(arguments: [])
        defer { spawned.stop() }
        let (rig, _) = try await signedInRig(spawned.backend)
        defer { rig.remove() }
        let ids = try await rig.addTasks(notes: 3, perNote: 5)
        try await spawned.backend.fault(["path_prefix": "/rest/v1/", "status": 503, "retry_after": 0, "count": 1000])
        await #expect {
            _ = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        } throws: { ($0 as? SyncError)?.isTransient == true }
        #expect(try await rig.store.syncCounts().pending == 18)
        try await spawned.backend.clearFaults()
        try await rig.store.retryAllChanges()
        let report = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        #expect(report.remaining == 0)
        #expect(Set(try await spawned.backend.ids("tasks", token: try await token(rig))) == Set(ids))
    }

    @Test func aRowTheServerRefusesIsSetAsideWithItsMessage() async throws {
        let (rig, _) = try await signedInRig()
        defer { rig.remove() }
        let ids = try await rig.addTasks(notes: 1, perNote: 6)
        // A time PostgreSQL can't read: only this row is refused.
        let db = try DatabaseQueue(path: rig.configuration.databasePath)
        try await db.write { try $0.execute(sql: "UPDATE tasks SET due_time = '25:99' WHERE id = ?", arguments: [ids[3]]) }
        try db.close()
        let report = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        #expect(report.tasksPushed == 5)
        #expect(report.quarantined == 1)
        let refused = try await rig.store.quarantinedChanges()
        #expect(refused.map(\.entityID) == [ids[3]])
        #expect(refused.first?.error.contains("25:99") == true || refused.first?.error.lowercased().contains("time") == true)
        let status = try await run(TestEnvironment.docketBinary.path, ["status"], environment: rig.environment, check: false)
        #expect(status.stdout.contains(ids[3]))
        let sync = try await run(TestEnvironment.docketBinary.path, ["sync"], environment: rig.environment, check: false)
        #expect(sync.status == 1, "a refused row means not everything went")
    }

    @Test func aRevokedSessionSaysLoginAgain() async throws {
        let spawned = try await SpawnedBackend(arguments: ["--access-token-lifetime", "60"])
        defer { spawned.stop() }
        let (rig, _) = try await signedInRig(spawned.backend)
        defer { rig.remove() }
        let access = try await token(rig)
        // Sign out everywhere from "another device".
        let logout = try await spawned.backend.call(.POST, "/auth/v1/logout", query: "scope=global", bearer: access)
        #expect(logout.status == 204)
        // The server's clock moves past the access token's life: the next request needs a refresh, which the
        // sign-out revoked. (Moving the clock instead of waiting keeps this independent of the machine's speed.)
        _ = try await spawned.backend.call(.POST, "/_dev/clock", body: ["offset_seconds": 120])
        try await rig.addTasks(notes: 1, perNote: 1)
        await #expect {
            _ = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        } throws: { error in
            guard let e = error as? SyncError else { return false }
            return e.code == .sessionExpired && e.message.contains("docket login")
        }
        #expect(!FileManager.default.fileExists(atPath: rig.configuration.sessionPath))
        #expect(try await rig.store.syncCounts().pending == 2, "nothing is lost while signed out")
    }

    @Test func anExpiredSessionTimeBoxSaysLoginAgain() async throws {
        let spawned = try await SpawnedBackend(arguments: ["--session-timebox", "3", "--access-token-lifetime", "2"])
        defer { spawned.stop() }
        let (rig, _) = try await signedInRig(spawned.backend)
        defer { rig.remove() }
        try await Task.sleep(for: .seconds(4))
        try await rig.addTasks(notes: 1, perNote: 1)
        let sync = try await runAsync(TestEnvironment.docketBinary.path, ["sync"], environment: rig.environment)
        #expect(sync.status == 77)
        #expect(sync.stderr.contains("Session Expired"), "\(sync.stderr)")
        #expect(sync.stderr.contains("docket login"))
        #expect(!FileManager.default.fileExists(atPath: rig.configuration.sessionPath))
    }

    @Test func aServiceKeyWritesForTheConfiguredUserWithAWarning() async throws {
        let backend = DevBackend.shared!
        let (email, id) = try await backend.createUserWithID(password: Self.password)
        let rig = try SyncRig(backend: backend)
        defer { rig.remove() }
        let ids = try await rig.addTasks(notes: 2, perNote: 2)
        var env = rig.environment
        env["DOCKET_SUPABASE_SERVICE_KEY"] = backend.serviceKey
        let missing = try await run(TestEnvironment.docketBinary.path, ["sync"], environment: env, check: false)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("DOCKET_SUPABASE_USER_ID"))
        env["DOCKET_SUPABASE_USER_ID"] = id
        let sync = try await run(TestEnvironment.docketBinary.path, ["sync"], environment: env, check: false)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("warning"))
        // The rows belong to that user: they see them with their own session.
        let owner = try SyncRig(backend: backend)
        defer { owner.remove() }
        _ = try await owner.withSync { try await $0.login(email: email, password: Self.password) }
        #expect(Set(try await backend.ids("tasks", token: try await token(owner))) == Set(ids))
    }

    @Test func killNineAtFiftyMomentsLosesAndDuplicatesNothing() async throws {
        let spawned = try await SpawnedBackend(arguments: [])
        defer { spawned.stop() }
        let (rig, _) = try await signedInRig(spawned.backend, batchSize: 100)
        defer { rig.remove() }
        let ids = try await rig.addTasks(notes: 500, perNote: 10)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            // The shell starts `docket sync`, kills it with SIGKILL after a random moment and reaps it.
            let delay = String(format: "%.3f", Double.random(in: 0.05...0.9, using: &generator))
            let script = #""$0" sync >/dev/null 2>&1 & p=$!; sleep "$1"; kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null; exit 0"#
            _ = try await runAsync("/bin/sh", ["-c", script, TestEnvironment.docketBinary.path, delay], environment: rig.environment)
        }
        let final = try await run(TestEnvironment.docketBinary.path, ["sync"], environment: rig.environment, check: false)
        #expect(final.status == 0, "\(final.stderr)")
        let remote = try await spawned.backend.ids("tasks", token: try await token(rig))
        #expect(remote.count == ids.count)
        #expect(Set(remote) == Set(ids))
        #expect(try await spawned.backend.ids("voice_notes", token: try await token(rig)).count == 500)
    }

    func runWithInput(_ arguments: [String], input: String, env: [String: String]) async throws -> ProcessResult {
        let process = Process()
        process.executableURL = TestEnvironment.docketBinary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(env) { _, new in new }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
