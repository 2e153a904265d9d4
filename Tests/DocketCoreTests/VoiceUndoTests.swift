import Foundation
import Testing

@testable import DocketCore

/// "Scratch that" said to `docket listen`: recognised only as a whole note, never stored, and turned into an undo
/// of the last note once the note has ended.
@Suite("Voice undo")
struct VoiceUndoTests {
    static let commands: [(said: String, isUndo: Bool)] = [
        ("Scratch that.", true), ("scratch that please", true), ("Cancel that!", true), ("Undo.", true),
        ("Oh, never mind.", true), ("Nevermind", true), ("Undo the last one.", true), ("Take that back.", true),
        ("No, forget it.", true), ("um, delete that", true),
        ("Undo the changes to the report.", false), ("Cancel the dentist appointment.", false),
        ("Buy milk, scratch that.", false), ("Scratch that, buy eggs.", false), ("Forget about it", false),
        ("Take the bins out", false), ("", false), ("please", false),
    ]

    @Test("what counts as the undo command", arguments: commands)
    func command(_ said: String, _ isUndo: Bool) {
        #expect((SpokenCommand(said) == .undo) == isUndo)
    }

    static func undone(_ actions: [NoteMachine.Action]) -> Int? {
        for case .undo(let note, _) in actions { return note }
        return nil
    }

    static func stores(_ actions: [NoteMachine.Action]) -> Bool {
        actions.contains { if case .store = $0 { true } else { false } }
    }

    @Test("an addressed \"scratch that\" is not stored: once its note ends it becomes an undo, and its audio goes")
    func addressedUndo() {
        var machine = NoteMachine(wakePhrase: WakePhrase(), hearsUndo: true)
        #expect(!Self.stores(WakePhraseTests.open(&machine, note: 0, at: 0, text: "Docket, scratch that.")))
        #expect(Self.undone(machine.closed(note: 0)) == 0)
        #expect(machine.summary.undoCommands == 1 && machine.summary.notes == 0 && machine.openNotes == 0)
    }

    @Test("the command followed by more words in the same note is a note like any other")
    func moreWordsFollow() {
        var machine = NoteMachine(wakePhrase: WakePhrase(), hearsUndo: true)
        #expect(!Self.stores(WakePhraseTests.open(&machine, note: 0, at: 0, text: "Docket, scratch that.")))
        _ = machine.segment(note: 0, firstSample: 20_000, endSample: 36_000, hash: "h0b", generation: 1)
        let actions = machine.transcribed(note: 0, index: 1, generation: 1, result: WakePhraseTests.heard("Buy eggs instead."))
        #expect(Self.stores(actions) && Self.undone(actions) == nil)
    }

    @Test("room talk saying \"never mind\" undoes nothing, and without voice undo the words are read as a note")
    func notAddressedOrOff() {
        var gated = NoteMachine(wakePhrase: WakePhrase(), hearsUndo: true)
        _ = WakePhraseTests.open(&gated, note: 0, at: 0, text: "Never mind.")
        #expect(Self.undone(gated.closed(note: 0)) == nil && gated.summary.ignoredNotes == 1)

        var off = NoteMachine(wakePhrase: WakePhrase(), hearsUndo: false)
        #expect(Self.stores(WakePhraseTests.open(&off, note: 0, at: 0, text: "Docket, scratch that.")))
    }
}
