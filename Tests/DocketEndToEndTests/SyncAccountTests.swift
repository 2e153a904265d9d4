import DocketCore
import Foundation
import GRDB
import Testing

/// Which account a database's notes go to, against the local Supabase-compatible backend over real PostgreSQL
/// with the project's row-level security policies.
@Suite("Sync: one database, one account", .enabled(if: DevBackend.available), .serialized)
struct SyncAccountTests {
    static let password = "correct horse battery"

    /// A rig signed in as a new user, whose first sync has recorded that user as the database's account.
    func syncedRig() async throws -> (rig: SyncRig, email: String, tasks: [String]) {
        let backend = DevBackend.shared!
        let rig = try SyncRig(backend: backend)
        let email = try await backend.createUser(password: Self.password)
        _ = try await rig.withSync { try await $0.login(email: email, password: Self.password, store: rig.store) }
        let tasks = try await rig.addTasks(notes: 1, perNote: 2)
        let report = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        #expect(report.tasksPushed == 2 && report.remaining == 0)
        return (rig, email, tasks)
    }

    func token(_ rig: SyncRig) async throws -> String {
        try await rig.withSync { try await $0.sessions.accessToken() }
    }

    @Test("a change to a row another account owns is set aside with the server's message; the rest keeps syncing")
    func rowOfAnotherAccountIsQuarantined() async throws {
        let (rig, first, firstTasks) = try await syncedRig()
        defer { rig.remove() }
        let firstToken = try await token(rig)
        // Nothing is waiting, so signing in as someone else needs no confirmation.
        let second = try await rig.backend.createUser(password: Self.password)
        _ = try await rig.withSync { try await $0.login(email: second, password: Self.password, store: rig.store) }
        #expect(try await rig.store.syncAccount()?.email == second)
        // A change to a task that is in the first account, and a new note made for the second.
        let db = try DatabaseQueue(path: rig.configuration.databasePath)
        try await db.write {
            try $0.execute(sql: "UPDATE tasks SET title = 'Renamed' WHERE id = ?", arguments: [firstTasks[0]])
            try $0.execute(sql: "INSERT INTO outbox (entity, entity_id, op, enqueued_at) VALUES ('task', ?, 'upsert', ?)", arguments: [firstTasks[0], Date()])
        }
        try db.close()
        let secondTasks = try await rig.addTasks(notes: 1, perNote: 3)

        let report = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        #expect(report.tasksPushed == 3)
        #expect(report.quarantined == 1)
        let refused = try await rig.store.quarantinedChanges()
        #expect(refused.map(\.entityID) == [firstTasks[0]])
        #expect(refused.first?.error.contains("row-level security") == true, "the server's own message: \(refused)")
        #expect(Set(try await rig.backend.ids("tasks", token: try await token(rig))) == Set(secondTasks))
        #expect(Set(try await rig.backend.ids("tasks", token: firstToken)) == Set(firstTasks), "the first account's rows are untouched")
        let status = try await run(TestEnvironment.docketBinary.path, ["status"], environment: rig.environment, check: false)
        #expect(status.stdout.contains(firstTasks[0]) && status.stdout.contains("row-level security"), "\(status.stdout)")
        _ = first
    }

    @Test("signing in as another account while changes wait is refused with whose they are; --switch-user sends them")
    func loginAsAnotherAccount() async throws {
        let (rig, first, _) = try await syncedRig()
        defer { rig.remove() }
        let waiting = try await rig.addTasks(notes: 1, perNote: 2)
        let second = try await rig.backend.createUser(password: Self.password)

        await #expect {
            _ = try await rig.withSync { try await $0.login(email: second, password: Self.password, store: rig.store) }
        } throws: { error in
            guard let e = error as? SyncError, e.code == .otherAccount else { return false }
            return e.message.contains(first) && e.message.contains(second) && e.message.contains("--switch-user") && e.message.contains("3 changes")
        }
        #expect(try SessionFile(path: rig.configuration.sessionPath).load()?.email == first, "the first account stays signed in")
        #expect(try await rig.store.syncAccount()?.email == first)

        _ = try await rig.withSync { try await $0.login(email: second, password: Self.password, store: rig.store, switchUser: true) }
        #expect(try await rig.store.syncAccount()?.email == second)
        let report = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        #expect(report.remaining == 0 && report.quarantined == 0)
        #expect(Set(try await rig.backend.ids("tasks", token: try await token(rig))) == Set(waiting))
    }

    @Test("a session of another account than the database's pushes nothing and says how to choose")
    func sessionOfAnotherAccount() async throws {
        let (rig, first, _) = try await syncedRig()
        defer { rig.remove() }
        try await rig.addTasks(notes: 1, perNote: 1)
        // Another account's session file put in place by hand (or by an older docket).
        let other = try SyncRig(backend: rig.backend)
        defer { other.remove() }
        let second = try await rig.backend.createUser(password: Self.password)
        _ = try await other.withSync { try await $0.login(email: second, password: Self.password) }
        try FileManager.default.removeItem(atPath: rig.configuration.sessionPath)
        try FileManager.default.copyItem(atPath: other.configuration.sessionPath, toPath: rig.configuration.sessionPath)

        await #expect {
            _ = try await rig.withSync { try await $0.engine(store: rig.store).syncOnce() }
        } throws: { error in
            guard let e = error as? SyncError, e.code == .otherAccount else { return false }
            return e.message.contains(first) && e.message.contains(second) && e.message.contains("docket login --switch-user")
        }
        #expect(try await rig.store.syncCounts().pending == 2, "nothing was pushed")
        #expect(try await rig.backend.ids("tasks", token: try await token(rig)).isEmpty)
    }
}
