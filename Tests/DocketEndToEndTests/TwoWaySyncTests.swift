import DocketCore
import Foundation
import GRDB
import NIOHTTP1
import Testing

/// Changes made in "the phone app" (direct PostgREST requests as the user) come back to docket, and a task changed
/// on both sides keeps the newer change; against the local backend over real PostgreSQL.
@Suite("Two-way sync", .enabled(if: DevBackend.available), .serialized)
struct TwoWaySyncTests {
    static let password = "correct horse battery"

    /// A signed-in rig and the user's access token (as the phone app would hold one).
    func signedIn() async throws -> (SyncRig, String) {
        let backend = DevBackend.shared!
        let rig = try SyncRig(backend: backend)
        let email = try await backend.createUser(password: Self.password)
        let session = try await rig.withSync { try await $0.login(email: email, password: Self.password) }
        return (rig, session.accessToken)
    }

    func docket(_ rig: SyncRig, _ arguments: [String]) async throws -> ProcessResult {
        try await run(TestEnvironment.docketBinary.path, arguments, environment: rig.environment, check: false)
    }

    /// `docket sync --json`'s report.
    func sync(_ rig: SyncRig) async throws -> [String: Any] {
        let result = try await docket(rig, ["sync", "--json"])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
    }

    func app(_ rig: SyncRig, _ token: String, _ method: HTTPMethod, _ query: String, _ body: Any? = nil, prefer: String? = nil) async throws -> DevBackend.Reply
    {
        let reply = try await rig.backend.call(method, "/rest/v1/tasks", query: query, bearer: token, body: body, prefer: prefer)
        #expect((200..<300).contains(reply.status), "\(method) tasks?\(query): \(reply.status) \(String(describing: reply.json))")
        return reply
    }

    func local(_ rig: SyncRig, _ title: String) async throws -> TaskRecord? {
        try await rig.store.tasks(
            matching: {
                var f = TaskFilter()
                f.state = .all
                f.search = title
                return f
            }()
        ).first
    }

    @Test func whatTheAppDoesComesBack() async throws {
        let (rig, token) = try await signedIn()
        defer { rig.remove() }
        #expect(try await docket(rig, ["add", "buy milk tomorrow and call the dentist friday at 3pm and water the plants"]).status == 0)
        _ = try await sync(rig)
        let milk = try #require(try await local(rig, "milk"))
        let plants = try #require(try await local(rig, "plants"))

        // The app completes one, deletes one (a plain DELETE) and adds one with only a title.
        _ = try await app(rig, token, .PATCH, "id=eq.\(milk.id)", ["completed": true])
        _ = try await app(rig, token, .DELETE, "id=eq.\(plants.id)")
        _ = try await app(rig, token, .POST, "", ["title": "Pick up the kids", "due_date": "2026-11-25", "due_time": "15:30:00"])

        let report = try await sync(rig)
        let pull = report["pull"] as? [String: Any] ?? [:]
        #expect(pull["created"] as? Int == 1 && pull["completed"] as? Int == 1 && pull["deleted"] as? Int == 1, "\(report)")
        let done = try #require(try await local(rig, "milk"))
        #expect(done.completed && done.completedAt != nil)
        #expect(try await local(rig, "plants") == nil, "a task deleted in the app is gone here")
        let kids = try #require(try await local(rig, "kids"))
        #expect(kids.noteID == nil && kids.dueDate == "2026-11-25" && kids.dueTime == "15:30")
        #expect(try await rig.store.syncCounts().pending == 0, "pulled changes are not pushed back")
        // The deletion stays a tombstone on the server, so other devices see it too.
        let rows = try await app(rig, token, .GET, "select=title,deleted_at&id=eq.\(plants.id)").json as? [[String: Any]] ?? []
        #expect(rows.first?["deleted_at"] is String)

        // And the other way: done and deleted here reach the app.
        _ = try await docket(rig, ["done", "kids"])
        _ = try await docket(rig, ["rm", "dentist"])
        _ = try await sync(rig)
        let after = try await app(rig, token, .GET, "select=title,completed,deleted_at&order=title").json as? [[String: Any]] ?? []
        let byTitle = Dictionary(uniqueKeysWithValues: after.map { ($0["title"] as? String ?? "", $0) })
        #expect(byTitle["Pick up the kids"]?["completed"] as? Bool == true)
        #expect(byTitle["Call the dentist"]?["deleted_at"] is String)
        // A second sync finds nothing new: its own pushes are recognised when they come back.
        let quiet = try await sync(rig)
        let quietPull = quiet["pull"] as? [String: Any] ?? [:]
        #expect(quietPull["created"] as? Int == 0 && quietPull["updated"] as? Int == 0 && quietPull["deleted"] as? Int == 0, "\(quiet)")
    }

    @Test func aTaskEditedOnBothSidesKeepsTheNewerEdit() async throws {
        let (rig, token) = try await signedIn()
        defer { rig.remove() }
        _ = try await docket(rig, ["add", "call the dentist friday"])
        _ = try await sync(rig)
        let task = try #require(try await local(rig, "dentist"))

        // Here first, then in the app: the app's edit is newer and wins; the local one is dropped and reported.
        _ = try await docket(rig, ["edit", "dentist", "--title", "Call the dentist about the crown"])
        try await Task.sleep(for: .milliseconds(50))
        _ = try await app(rig, token, .PATCH, "id=eq.\(task.id)", ["title": "Call Dr. Lee"])
        let first = try await sync(rig)
        let conflicts = (first["pull"] as? [String: Any])?["conflicts"] as? [[String: Any]] ?? []
        #expect(conflicts.first?["kept"] as? String == "remote" && (conflicts.first?["dropped"] as? String)?.contains("crown") == true, "\(first)")
        #expect(try await local(rig, "Lee")?.title == "Call Dr. Lee")

        // In the app first, then here: the local edit is newer and wins on the server too.
        _ = try await app(rig, token, .PATCH, "id=eq.\(task.id)", ["title": "Call Dr. Lee today"])
        try await Task.sleep(for: .milliseconds(50))
        _ = try await docket(rig, ["edit", task.shortID, "--title", "Call Dr. Lee about the bill"])
        let second = try await sync(rig)
        let kept = ((second["pull"] as? [String: Any])?["conflicts"] as? [[String: Any]])?.first?["kept"] as? String
        #expect(kept == "local", "\(second)")
        let remote = try await app(rig, token, .GET, "select=title&id=eq.\(task.id)").json as? [[String: Any]] ?? []
        #expect(remote.first?["title"] as? String == "Call Dr. Lee about the bill")
    }

    @Test func theServerKeepsANewerChangeAgainstAStalePush() async throws {
        let (rig, token) = try await signedIn()
        defer { rig.remove() }
        let id = UUID().uuidString.lowercased()
        let created = try await app(rig, token, .POST, "select=updated_at", ["id": id, "title": "Original"], prefer: "return=representation")
        let base = try #require((created.json as? [[String: Any]])?.first?["updated_at"] as? String)
        _ = try await app(rig, token, .PATCH, "id=eq.\(id)", ["title": "Changed in the app"])
        // A client that saw `base` and changed the task before the app did: the server keeps the app's change.
        let stale = try await app(
            rig, token, .POST, "on_conflict=id&select=id",
            [["id": id, "title": "Stale", "changed_at": "2000-01-01T00:00:00Z", "base_updated_at": base, "time_zone": "UTC"]],
            prefer: "resolution=merge-duplicates,return=representation")
        #expect((stale.json as? [Any])?.isEmpty == true, "a skipped row is not returned")
        var rows = try await app(rig, token, .GET, "select=title,updated_at&id=eq.\(id)").json as? [[String: Any]] ?? []
        #expect(rows.first?["title"] as? String == "Changed in the app")
        // Changed after the app's change: it applies. Without base and changed_at (a plain client): it applies.
        let later = postgrestTimestamp(Date().addingTimeInterval(5))
        _ = try await app(
            rig, token, .POST, "on_conflict=id", [["id": id, "title": "Newer here", "changed_at": later, "base_updated_at": base, "time_zone": "UTC"]],
            prefer: "resolution=merge-duplicates,return=minimal")
        rows = try await app(rig, token, .GET, "select=title&id=eq.\(id)").json as? [[String: Any]] ?? []
        #expect(rows.first?["title"] as? String == "Newer here")
        _ = try await app(rig, token, .PATCH, "id=eq.\(id)", ["title": "Plain"])
        rows = try await app(rig, token, .GET, "select=title&id=eq.\(id)").json as? [[String: Any]] ?? []
        #expect(rows.first?["title"] as? String == "Plain")

        // Deleting a note still removes its tasks for good (the tombstone rule is for deleting a task itself).
        let note = UUID().uuidString.lowercased()
        let noteRow: [String: Any] = [
            "id": note, "source_file": "a.wav", "content_hash": note, "recorded_at": later, "ingested_at": later, "duration_s": 1, "status": "done",
        ]
        let noteReply = try await rig.backend.call(.POST, "/rest/v1/voice_notes", bearer: token, body: noteRow)
        #expect(noteReply.status == 201, "\(String(describing: noteReply.json))")
        _ = try await app(rig, token, .POST, "", ["id": UUID().uuidString.lowercased(), "title": "Of the note", "note_id": note])
        _ = try await rig.backend.call(.DELETE, "/rest/v1/voice_notes", query: "id=eq.\(note)", bearer: token)
        rows = try await app(rig, token, .GET, "select=title&note_id=eq.\(note)").json as? [[String: Any]] ?? []
        #expect(rows.isEmpty)
    }

    /// Inserts `count` tasks as the app, in requests of 1000.
    func appInserts(_ rig: SyncRig, _ token: String, count: Int) async throws {
        var made = 0
        while made < count {
            let batch = (made..<min(count, made + 1000)).map { ["title": "Remote task \($0)", "time_zone": "UTC"] }
            _ = try await app(rig, token, .POST, "", batch)
            made += batch.count
        }
    }

    @Test func tenThousandRemoteChangesArePulledInPages() async throws {
        let (rig, token) = try await signedIn()
        defer { rig.remove() }
        try await appInserts(rig, token, count: 10_000)
        let report = try await sync(rig)
        #expect((report["pull"] as? [String: Any])?["created"] as? Int == 10_000, "\(report)")
        #expect(try await rig.store.counts().tasks == 10_000)
        #expect(try await rig.store.syncCounts().pending == 0)
    }

    @Test func killNineDuringAPullLosesNothingAndAppliesNothingTwice() async throws {
        let (rig, token) = try await signedIn()
        defer { rig.remove() }
        try await appInserts(rig, token, count: 10_000)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let delay = String(format: "%.3f", Double.random(in: 0.05...1.5, using: &generator))
            let script = #""$0" sync >/dev/null 2>&1 & p=$!; sleep "$1"; kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null; exit 0"#
            _ = try await runAsync("/bin/sh", ["-c", script, TestEnvironment.docketBinary.path, delay], environment: rig.environment)
        }
        let before = try await rig.store.counts().tasks
        let report = try await sync(rig)
        let created = (report["pull"] as? [String: Any])?["created"] as? Int ?? -1
        #expect(before + created == 10_000, "each row applied once: \(before) before the last sync, \(created) by it")
        #expect(try await rig.store.counts().tasks == 10_000)
        #expect(try await rig.store.syncCounts().pending == 0)
    }
}

/// A timestamp as PostgREST accepts it.
func postgrestTimestamp(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: true).timeSeparator(.colon))
}
