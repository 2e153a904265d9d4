import Foundation
import Testing

@testable import DocketCore

/// The note side of `docket listen` as a state machine, without a store, a recognizer or a device.
@Suite("Note machine")
struct NoteMachineTests {
    static let path = URL(fileURLWithPath: "/tmp/spool/n.wav")

    static func heard(_ text: String) -> Result<Transcript, any Error> {
        .success(Transcript(text: text, language: "en"))
    }

    static func listened(_ request: NoteMachine.StoreRequest, tasks: Int = 1) -> ListenedNote {
        let record = NoteRecord(id: request.id, sourceFile: "n.wav", contentHash: request.contentHash, recordedAt: Date(), durationSeconds: 1, status: .done)
        let task = TaskRecord(task: ExtractedTask(title: "Buy milk", timeZone: "UTC", priority: .none, sourceText: "buy milk"), noteID: request.id, position: 0)
        return ListenedNote(
            index: request.note, note: record, tasks: Array(repeating: task, count: tasks), diagnostics: [], segmentCount: request.segments.count,
            endSample: request.endSample, audioPath: nil, storedAt: .now)
    }

    static func storeRequest(_ actions: [NoteMachine.Action]) -> NoteMachine.StoreRequest? {
        for case .store(let request) in actions { return request }
        return nil
    }

    @Test("segments transcribed out of order are stored once all before them are back, then the note finishes")
    func outOfOrder() throws {
        var machine = NoteMachine()
        _ = machine.opened(note: 0, id: "a", startSample: 1_000, path: Self.path)
        _ = machine.segment(note: 0, firstSample: 1_000, endSample: 17_000, hash: "h1", generation: 1)
        _ = machine.segment(note: 0, firstSample: 30_000, endSample: 46_000, hash: "h2", generation: 1)
        #expect(machine.transcribed(note: 0, index: 1, generation: 1, result: Self.heard("call mom")).isEmpty)
        let actions = machine.transcribed(note: 0, index: 0, generation: 1, result: Self.heard("buy milk"))
        let shown = actions.compactMap { if case .showSegment(_, let i, let text) = $0 { "\(i):\(text)" } else { nil } }
        #expect(shown == ["0:buy milk", "1:call mom"])
        let request = try #require(Self.storeRequest(actions))
        #expect(request.id == "a" && request.segments.count == 2 && request.contentHash == "h2" && request.endSample == 46_000)
        #expect(request.status == .done)

        let stored = machine.stored(note: 0, Self.listened(request))
        #expect(stored.count == 1)
        if case .announceStored(let note)? = stored.first { #expect(note.segmentCount == 2) } else { Issue.record("expected announceStored, got \(stored)") }

        let closed = machine.closed(note: 0)
        guard case .finish(let note, let audio)? = closed.first else {
            Issue.record("expected finish, got \(closed)")
            return
        }
        #expect(note.segmentCount == 2 && audio == Self.path)
        #expect(machine.summary.notes == 1 && machine.summary.tasks == 1)
        #expect(machine.openNotes == 0)
    }

    @Test("only the transcription that counts is used: a tentative one that did not stand is ignored")
    func generations() throws {
        var machine = NoteMachine()
        _ = machine.opened(note: 0, id: "a", startSample: 0, path: Self.path)
        _ = machine.segment(note: 0, firstSample: 0, endSample: 16_000, hash: "h", generation: 2)
        #expect(machine.transcribed(note: 0, index: 0, generation: 1, result: Self.heard("buy")).isEmpty)
        let request = try #require(Self.storeRequest(machine.transcribed(note: 0, index: 0, generation: 2, result: Self.heard("buy milk"))))
        #expect(request.segments.first?.transcript?.text == "buy milk")
    }

    @Test("a note with nothing recognisable is discarded when it ends")
    func discard() {
        var machine = NoteMachine()
        _ = machine.opened(note: 3, id: "a", startSample: 0, path: Self.path)
        _ = machine.segment(note: 3, firstSample: 0, endSample: 16_000, hash: "h", generation: 1)
        // Shown as it comes back (nothing), never stored.
        #expect(Self.storeRequest(machine.transcribed(note: 3, index: 0, generation: 1, result: Self.heard(""))) == nil)
        let actions = machine.closed(note: 3)
        guard case .discard(let note, _)? = actions.first else {
            Issue.record("expected discard, got \(actions)")
            return
        }
        #expect(note == 3 && machine.summary.notes == 0)
    }

    @Test("a failed segment waits for the rest and the note's end, then fails with what was recognised before it")
    func failure() throws {
        struct Down: Error {}
        var machine = NoteMachine()
        _ = machine.opened(note: 0, id: "a", startSample: 0, path: Self.path)
        _ = machine.segment(note: 0, firstSample: 0, endSample: 16_000, hash: "h1", generation: 1)
        let first = machine.transcribed(note: 0, index: 0, generation: 1, result: Self.heard("buy milk"))
        let request = try #require(Self.storeRequest(first))
        _ = machine.stored(note: 0, Self.listened(request))
        _ = machine.segment(note: 0, firstSample: 20_000, endSample: 36_000, hash: "h2", generation: 1)
        _ = machine.segment(note: 0, firstSample: 40_000, endSample: 56_000, hash: "h3", generation: 1)
        #expect(machine.transcribed(note: 0, index: 1, generation: 1, result: .failure(Down())).isEmpty)
        #expect(machine.transcribed(note: 0, index: 2, generation: 1, result: Self.heard("call mom")).isEmpty)
        let actions = machine.closed(note: 0)
        guard case .fail(_, _, let audio, let partial)? = actions.first else {
            Issue.record("expected fail, got \(actions)")
            return
        }
        #expect(audio == Self.path)
        #expect(partial.status == .failed && partial.segments.count == 1 && partial.error?.contains(Self.path.path) == true)
        #expect(machine.summary.failedNotes == 1 && machine.openNotes == 0)
    }

    @Test("a store that fails fails the note, covering what was stored before")
    func storeFailure() throws {
        struct Locked: Error {}
        var machine = NoteMachine()
        _ = machine.opened(note: 0, id: "a", startSample: 0, path: Self.path)
        _ = machine.segment(note: 0, firstSample: 0, endSample: 16_000, hash: "h", generation: 1)
        _ = try #require(Self.storeRequest(machine.transcribed(note: 0, index: 0, generation: 1, result: Self.heard("buy milk"))))
        let actions = machine.storeFailed(note: 0, error: Locked())
        guard case .fail(_, _, _, let partial)? = actions.first else {
            Issue.record("expected fail, got \(actions)")
            return
        }
        #expect(partial.segments.isEmpty)
        #expect(machine.summary.failedNotes == 1)
    }

    @Test("a transcription back before its note is opened (a tentative segment, a fast recognizer) still counts")
    func transcribedBeforeOpened() throws {
        var machine = NoteMachine()
        #expect(machine.transcribed(note: 0, index: 0, generation: 1, result: Self.heard("buy milk")).isEmpty)
        _ = machine.opened(note: 0, id: "a", startSample: 0, path: Self.path)
        let request = try #require(Self.storeRequest(machine.segment(note: 0, firstSample: 0, endSample: 16_000, hash: "h", generation: 1)))
        #expect(request.segments.first?.transcript?.text == "buy milk")
        // A late answer for a note that has ended is not kept.
        _ = machine.stored(note: 0, Self.listened(request))
        _ = machine.closed(note: 0)
        #expect(machine.transcribed(note: 0, index: 0, generation: 2, result: Self.heard("late")).isEmpty)
        #expect(machine.openNotes == 0)
    }
}
