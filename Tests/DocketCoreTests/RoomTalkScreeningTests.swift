import DocketTesting
import Foundation
import Logging
import Testing

@testable import DocketCore

/// Only unaddressed listening (`always` activation) reads notes with the room-talk model.
@Suite("Room-talk screening")
struct RoomTalkScreeningTests {
    @Test("docket listen screens room talk in always mode only", arguments: [Activation.always, .wakePhrase, .wakeWord, .pushToTalk])
    func onlyAlways(_ activation: Activation) async throws {
        var configuration = try ConfigurationResolver(environment: [:]).resolve()
        configuration.activation = activation
        let options = try await DocketServices.with(configuration: configuration, logger: Logger(label: "t"), transcriber: FakeTranscriber()) {
            $0.listenOptions(keepNotes: true)
        }
        #expect(options.screensRoomTalk == (activation == .always))
    }

    @Test("the note stage gives talk with a task's shape no task when it screens, and says why")
    func noteStage() async throws {
        let configuration = try ConfigurationResolver(environment: [:]).resolve()
        let zone = TimeZone(identifier: "America/New_York")!
        let note = NoteRecord(sourceFile: "n.wav", contentHash: "h", recordedAt: Date(), durationSeconds: 2, status: .done)
        let talk = Transcript(text: "The dryer's doing that thumping thing again.")
        let staged = try await DocketServices.with(configuration: configuration, logger: Logger(label: "t"), transcriber: FakeTranscriber()) { services in
            let stage = services.noteStage(store: nil)
            return (
                plain: try await stage.finish(note, transcript: talk, timeZone: zone),
                screened: try await stage.finish(note, transcript: talk, timeZone: zone, screensRoomTalk: true),
                dictated: try await stage.finish(note, transcript: Transcript(text: "Buy milk tomorrow."), timeZone: zone, screensRoomTalk: true)
            )
        }
        #expect(staged.plain.tasks.count == 1)
        #expect(staged.screened.tasks.isEmpty)
        #expect(staged.screened.diagnostics.contains { $0.message.hasPrefix("Not a task: it reads as room talk") })
        #expect(staged.dictated.tasks.map(\.title) == ["Buy milk"])
    }
}
