import Foundation
import NIOHTTP1
import Synchronization
import Testing

@testable import DocketCore

@Suite("Sync: session file, outbox, error reading")
struct SyncUnitTests {
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-sync-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static let session = Session(accessToken: "a.b.c", refreshToken: "r1", expiresAt: 1_900_000_000, userID: "u1", email: "a@b.c")

    @Test func sessionFileIsPrivateAndAtomic() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = SessionFile(path: dir.appendingPathComponent("cfg/docket/session.json").path)
        #expect(try file.load() == nil)
        try file.save(Self.session)
        #expect(try file.load() == Self.session)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        var updated = Self.session
        updated.refreshToken = "r2"
        try file.save(updated)
        #expect(try file.load()?.refreshToken == "r2")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (file.path as NSString).deletingLastPathComponent).filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty)
        try file.clear()
        #expect(try file.load() == nil)
        try file.clear()
    }

    @Test func damagedSessionSaysLoginAgain() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("session.json").path
        try "{not json".write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try SessionFile(path: path).load() } throws: { ($0 as? SyncError)?.message.contains("docket login") == true }
    }

    /// Counts how many bodies hold the lock at once.
    final class Occupancy: Sendable {
        private let state = Mutex((inside: 0, most: 0))
        func enter() {
            state.withLock {
                $0.inside += 1
                $0.most = max($0.most, $0.inside)
            }
        }
        func leave() { state.withLock { $0.inside -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test func lockSerialises() async throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("session.json").path
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await SessionFile(path: path).withLock {
                        occupancy.enter()
                        try await Task.sleep(for: .milliseconds(30))
                        occupancy.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(occupancy.most == 1)
    }

    static func task(_ title: String) -> ExtractedTask { ExtractedTask(title: title, timeZone: "UTC", sourceText: title) }
    static func note(_ hash: String) -> NoteRecord {
        NoteRecord(sourceFile: "n.wav", contentHash: hash, recordedAt: Date(), durationSeconds: 1, transcript: "t", status: .done)
    }

    @Test func everyWriteEnqueuesAndAcknowledgingDrains() async throws {
        let store = try DocketStore.inMemory()
        let (note, tasks) = try await store.saveNote(Self.note("h"), tasks: [Self.task("One"), Self.task("Two")])
        let notes = try await store.pendingChanges(.note, limit: 10)
        #expect(notes.map(\.entityID) == [note.id])
        let pendingTasks = try await store.pendingChanges(.task, limit: 10)
        #expect(Set(pendingTasks.map(\.entityID)) == Set(tasks.map(\.id)))
        #expect(try await store.syncCounts().pending == 3)

        try await store.acknowledge(.note, notes)
        try await store.acknowledge(.task, pendingTasks)
        let counts = try await store.syncCounts()
        #expect(counts.pending == 0 && counts.syncedNotes == 1 && counts.syncedTasks == 2)

        // Redoing the note replaces its tasks: the new task takes over the first one's id (an update remotely),
        // the old task beyond the new count becomes a tombstone (upserted with its deleted_at), the note and the
        // new task upserted.
        let (_, redone) = try await store.saveNote(Self.note("h"), tasks: [Self.task("Three")])
        #expect(redone.map(\.id) == [tasks[0].id])
        let again = try await store.pendingChanges(.task, limit: 10)
        #expect(again.allSatisfy { !$0.isDelete })
        #expect(Set(again.map(\.entityID)) == Set(tasks.map(\.id)))
        #expect(try await store.tasks(ids: [tasks[1].id]).first?.deletedAt != nil)
        #expect(try await store.pendingChanges(.note, limit: 10).count == 1)
    }

    @Test func quarantinedRowsStepAsideAndCanBeRetried() async throws {
        let store = try DocketStore.inMemory()
        let (_, tasks) = try await store.saveNote(Self.note("q"), tasks: [Self.task("Bad"), Self.task("Good")])
        let entries = try await store.pendingChanges(.task, limit: 10)
        let bad = try #require(entries.first { $0.entityID == tasks[0].id })
        try await store.quarantine(.task, bad, error: "violates check constraint")
        #expect(try await store.pendingChanges(.task, limit: 10).map(\.entityID) == [tasks[1].id])
        #expect(try await store.quarantinedChanges() == [QuarantinedChange(entity: "task", entityID: tasks[0].id, error: "violates check constraint")])
        #expect(try await store.syncCounts().quarantined == 1)
        try await store.retryAllChanges()
        #expect(try await store.pendingChanges(.task, limit: 10).count == 2)
    }

    @Test func deferredChangesWait() async throws {
        let store = try DocketStore.inMemory()
        try await store.saveNote(Self.note("d"), tasks: [])
        let entries = try await store.pendingChanges(.note, limit: 10)
        try await store.deferChanges(.note, entries, until: Date().addingTimeInterval(60), error: "503")
        #expect(try await store.pendingChanges(.note, limit: 10).isEmpty)
        #expect(try await store.hasDueChanges() == false)
        #expect(try await store.pendingChanges(.note, limit: 10, now: Date().addingTimeInterval(61)).count == 1)
    }

    @Test func aChangeQueuedDuringAPushSurvivesItsAcknowledgement() async throws {
        let store = try DocketStore.inMemory()
        let (note, _) = try await store.saveNote(Self.note("r"), tasks: [])
        let first = try await store.pendingChanges(.note, limit: 10)
        // The note changes again while the first push is in flight.
        try await store.saveNote(Self.note("r"), tasks: [])
        try await store.acknowledge(.note, first)
        #expect(try await store.pendingChanges(.note, limit: 10).map(\.entityID) == [note.id])
    }

    static func response(_ status: Int, _ body: String, headers: [(String, String)] = []) -> SupabaseTransport.Response {
        SupabaseTransport.Response(status: status, headers: HTTPHeaders(headers), body: Array(body.utf8))
    }

    @Test(arguments: [
        (
            #"{"code":400,"error_code":"refresh_token_not_found","msg":"Invalid Refresh Token: Refresh Token Not Found"}"#, "refresh_token_not_found",
            "Invalid Refresh Token: Refresh Token Not Found"
        ),
        (
            #"{"code":"refresh_token_already_used","message":"Invalid Refresh Token: Already Used"}"#, "refresh_token_already_used",
            "Invalid Refresh Token: Already Used"
        ),
        (
            #"{"error":"invalid_grant","error_description":"Invalid Refresh Token: Refresh Token Not Found"}"#, "invalid_grant",
            "Invalid Refresh Token: Refresh Token Not Found"
        ),
    ])
    func authErrorShapes(_ body: String, _ code: String, _ message: String) {
        let failure = AuthAPI.Failure(Self.response(400, body))
        #expect(failure.code == code)
        #expect(failure.message == message)
    }

    @Test func whichRejectionsAreWhich() {
        let expired = Self.response(401, #"{"code":"PGRST303","details":null,"hint":null,"message":"JWT expired"}"#)
        #expect(PostgrestClient.isTokenProblem(expired))
        let v12 = Self.response(401, #"{"code":"PGRST301","message":"JWT expired"}"#)
        #expect(PostgrestClient.isTokenProblem(v12))
        let anon = Self.response(
            401, #"{"code":"42501","details":null,"hint":null,"message":"permission denied for table tasks"}"#, headers: [("WWW-Authenticate", "Bearer")])
        #expect(!PostgrestClient.isTokenProblem(anon))
        let check = Self.response(400, #"{"code":"23514","details":null,"hint":null,"message":"new row violates check constraint"}"#)
        #expect(PostgrestClient.rowLevel(check))
        let duplicate = Self.response(409, #"{"code":"23505","details":"Key exists","hint":null,"message":"duplicate key"}"#)
        #expect(PostgrestClient.rowLevel(duplicate))
        let rls = Self.response(403, #"{"code":"42501","details":null,"hint":null,"message":"new row violates row-level security policy for table \"tasks\""}"#)
        #expect(PostgrestClient.rowLevel(rls), "a row another account owns is set aside, not a reason to stop")
        let grants = Self.response(403, #"{"code":"42501","details":null,"hint":null,"message":"permission denied for table tasks"}"#)
        #expect(!PostgrestClient.rowLevel(grants), "a table closed to the role stops the sync: it needs the migrations")
        let filter = Self.response(400, #"{"code":"PGRST100","details":null,"hint":null,"message":"failed to parse filter"}"#)
        #expect(!PostgrestClient.rowLevel(filter))
    }
}
