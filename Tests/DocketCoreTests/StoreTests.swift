import Foundation
import GRDB
import Testing

@testable import DocketCore

@Suite("Store")
struct StoreTests {
    static func task(_ title: String, due: String? = nil) -> ExtractedTask {
        ExtractedTask(title: title, dueDate: due, timeZone: "America/New_York", sourceText: title.lowercased())
    }

    static func note(hash: String = "h1", status: NoteStatus = .done) -> NoteRecord {
        NoteRecord(
            sourceFile: "a.wav", contentHash: hash, recordedAt: Date(timeIntervalSince1970: 1_795_000_000), durationSeconds: 3.5, transcript: "call mom",
            status: status)
    }

    @Test func savesNoteAndTasksTogether() async throws {
        // Given an empty database
        let store = try DocketStore.inMemory()
        // When a note with two tasks is saved
        let (note, tasks) = try await store.saveNote(Self.note(), tasks: [Self.task("Call mom", due: "2026-11-19"), Self.task("Buy milk")])
        // Then both come back in order, linked to the note
        let stored = try await store.tasks(noteID: note.id)
        #expect(stored.map(\.title) == ["Call mom", "Buy milk"])
        #expect(stored == tasks)
        #expect(stored.allSatisfy { $0.noteID == note.id })
        #expect(try await store.note(contentHash: "h1") == note)
        let counts = try await store.counts()
        #expect(counts.notes == 1 && counts.tasks == 2)
    }

    @Test func sameHashReplacesKeepingTheNoteID() async throws {
        let store = try DocketStore.inMemory()
        let (first, _) = try await store.saveNote(Self.note(status: .failed), tasks: [])
        let (second, tasks) = try await store.saveNote(Self.note(), tasks: [Self.task("One"), Self.task("Two")])
        #expect(second.id == first.id)
        let (third, _) = try await store.saveNote(Self.note(), tasks: [Self.task("Only")])
        #expect(third.id == first.id)
        #expect(try await store.tasks(noteID: first.id).map(\.title) == ["Only"])
        #expect(tasks.count == 2)
        let counts = try await store.counts()
        #expect(counts.notes == 1 && counts.tasks == 1)
    }

    @Test func aFailedWriteLeavesNothing() async throws {
        let store = try DocketStore.inMemory()
        // An empty title violates the CHECK constraint: the note must not be stored either.
        await #expect(throws: StoreError.self) {
            try await store.saveNote(Self.note(), tasks: [Self.task("Fine"), Self.task("")])
        }
        #expect(try await store.note(contentHash: "h1") == nil)
        let counts = try await store.counts()
        #expect(counts.notes == 0 && counts.tasks == 0)
    }

    @Test func fileDatabaseSurvivesReopening() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-store-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("nested/docket.sqlite").path
        do {
            let store = try DocketStore(path: path)
            try await store.saveNote(Self.note(), tasks: [Self.task("Persist me", due: "2026-12-01")])
        }
        let reopened = try DocketStore(path: path)
        let tasks = try await reopened.tasks(matching: TaskFilter())
        #expect(tasks.map(\.title) == ["Persist me"])
        #expect(tasks.first?.dueDate == "2026-12-01")
        #expect(tasks.first?.labels == [])
    }

    @Test func notADatabaseIsAClearError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-store-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("junk.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try DocketStore(path: path)
        } throws: { error in
            guard let e = error as? StoreError else { return false }
            return e.message.contains("DOCKET_DB")
        }
    }
}
