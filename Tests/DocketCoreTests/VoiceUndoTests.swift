import DocketAudio
import DocketExtraction
import DocketTesting
import Foundation
import Logging
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

    static let check = CommandCheck(prompt: WakePhrase().vocabulary, wakePhrase: WakePhrase())

    static let secondHearings: [(first: String, heardAgain: Bool)] = [
        ("Docket. Scratch that. Cancel that.", true), ("Hey Docket. Scratch that. Scratch that.", true), ("Cancel that. Cancel that.", true),
        ("Docket, scratch that.", true), ("Hey docket, undo please.", true), ("Docket, buy milk.", false),
        ("Docket, hey Docket. Scratch that. Cancel that. Undo.", true), ("Hey Docket. Hey Docket. Scratch that.", true),
        ("Scratch that, buy eggs.", false), ("Docket.", false), ("", false), ("Cancel the dentist appointment.", false),
    ]

    @Test("a transcript that is only the prompt's undo words is heard again", arguments: secondHearings)
    func heardAgain(_ first: String, _ heardAgain: Bool) {
        #expect(Self.check.needsSecondHearing(Transcript(text: first)) == heardAgain)
    }

    /// The first hearing (with the undo words in the prompt), the second (without them), and whether the first stands.
    static let choices: [(first: String, second: String, firstStands: Bool)] = [
        // Echoes of the prompt: the second hearing is what was said.
        ("Docket. Scratch that. Cancel that.", "Docket, water the plants tonight.", false),
        ("Hey Docket. Scratch that. Scratch that.", "Hey Docket, schedule a haircut for next week.", false),
        // The command, misheard without its words in the prompt: it stands.
        ("Docket, scratch that.", "Docket, scratch mat.", true), ("Docket, scratch that.", "Docket, crash net.", true),
        ("Docket, undo.", "Docket, and do.", true), ("Hey docket, cancel that.", "Hey docket, can sell that.", true),
        ("Docket, never mind.", "Docket, never mind.", true), ("Docket, scratch that.", "Docket.", true),
        ("Docket, scratch that.", "Docket, crash night.", true),
        // Other words that read as a task: the command was the prompt's, not what was said.
        ("Docket, scratch that.", "Docket, buy milk.", false), ("Docket, cancel that.", "Docket, call the dentist tomorrow.", false),
        ("Docket, scratch that.", "Docket, pay the bill.", false), ("Docket, cancel that.", "Docket, cancel the dentist tomorrow.", false),
        ("Hey Docket. Scratch that.", "Hey Docket, schedule a haircut for next week.", false),
    ]

    @Test("an undo stands unless the second hearing is a task in other words", arguments: choices)
    func choice(_ first: String, _ second: String, _ firstStands: Bool) {
        let extractor = TaskExtractor()
        let context = ExtractionContext(referenceDate: Date(), timeZone: .gmt)
        let chosen = Self.check.choose(first: Transcript(text: first), second: Transcript(text: second)) {
            !extractor.extract(from: $0, context: context).tasks.isEmpty
        }
        #expect(chosen.text == (firstStands ? first : second))
    }

    @Test("an undo heard from audio longer than any command gives way to a second hearing that is a task")
    func longAudioIsNoCommand() {
        let extractor = TaskExtractor()
        let context = ExtractionContext(referenceDate: Date(), timeZone: .gmt)
        let readsAsTask: (String) -> Bool = { !extractor.extract(from: $0, context: context).tasks.isEmpty }
        let first = Transcript(text: "Docket, scratch that.")
        let second = Transcript(text: "Docket, crash night.")
        #expect(Self.check.choose(first: first, second: second, audioSeconds: 1.8, readsAsTask: readsAsTask).text == first.text)
        #expect(Self.check.choose(first: first, second: second, audioSeconds: 7.5, readsAsTask: readsAsTask).text == second.text)
        // A second hearing that is the command again, or no task, leaves the undo standing however long the audio.
        let again = Transcript(text: "Docket, scratch that.")
        #expect(Self.check.choose(first: first, second: again, audioSeconds: 7.5, readsAsTask: readsAsTask).text == first.text)
        let wav = TranscriptionAudio.data(
            WAVWriter.bytes([Int16](repeating: 0, count: 32_000), sampleRate: 16_000), fileName: "n.wav", contentType: "audio/wav")
        #expect(wav.seconds == 2.0)
    }

    @Test("the note stage hears an echo of the undo words a second time, without them in the prompt, and keeps that hearing")
    func stageHearsEchoAgain() async throws {
        let transcriber = FakeTranscriber(.scripted(["Docket. Scratch that. Cancel that.", "Docket, water the plants tonight."]))
        let heard = try await DocketServices.with(configuration: DocketConfiguration(), logger: Logger(label: "t"), transcriber: transcriber) {
            services in
            let options = services.listenOptions()
            let check = try #require(options.commandCheck)
            let audio = TranscriptionAudio.data([], fileName: "n.wav", contentType: "audio/wav")
            return try await services.noteStage(store: nil).transcribe(audio, language: "en", prompt: options.prompt, check: check)
        }
        #expect(heard.text == "Docket, water the plants tonight.")
        let prompts = await transcriber.requests.map { $0.prompt ?? "" }
        #expect(prompts.count == 2 && prompts[0].contains("Scratch that") && !prompts[1].contains("Scratch that") && prompts[1].contains("Docket"))
    }
}
