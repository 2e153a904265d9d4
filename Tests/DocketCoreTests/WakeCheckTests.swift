import DocketTesting
import Foundation
import Logging
import Testing

@testable import DocketCore

/// The wake check: in wake-phrase mode a transcript that opens with the phrase is heard again by a second model, and
/// addresses docket only if that model hears the phrase too.
@Suite("Wake check")
struct WakeCheckTests {
    static let loopback = "http://127.0.0.1:8178"

    /// (settings, the check's model in effect)
    static let models: [(settings: [String: String], model: String?)] = [
        (["DOCKET_WHISPER_MODEL": "base"], "tiny.en"),
        (["DOCKET_WHISPER_MODEL": "base", "DOCKET_WHISPER_URL": "http://localhost:9000"], "tiny.en"),
        ([:], nil),
        (["DOCKET_WHISPER_MODEL": "base", "DOCKET_WHISPER_URL": "https://api.example.com"], nil),
        (["DOCKET_WHISPER_MODEL": "base", "DOCKET_WAKE_CHECK_MODEL": "off"], nil),
        (["DOCKET_WHISPER_MODEL": "whisper-1", "DOCKET_WAKE_CHECK_MODEL": "tiny.en"], "tiny.en"),
        (["DOCKET_WAKE_CHECK_MODEL": "tiny.en"], nil),
    ]

    @Test("auto checks Whisper base on this machine with tiny.en; off, another model, or the same one as set", arguments: models)
    func modelInEffect(_ settings: [String: String], _ model: String?) throws {
        #expect(try ConfigurationResolver(environment: settings).resolve().wakeCheckModelInEffect == model)
    }

    /// (first hearing, the check's hearing (nil: it fails), the transcript that counts, whether the check was asked)
    static let hearings: [(first: String, again: String?, counts: String, asked: Bool)] = [
        ("Docket, buy milk and eggs.", "Knock it. Buy milk and eggs.", "Docket, buy milk and eggs.", true),
        ("Docket, be any louder in here.", "Could it be any louder in here?", "be any louder in here.", true),
        ("Docket. Scratch that.", "Doctor, scratch that.", "Scratch that.", true),
        ("Docket.", "Hey Docket.", "Docket.", true),
        ("Docket, buy milk.", nil, "Docket, buy milk.", true),
        ("The dog is snoring again.", "Docket, the dog is snoring again.", "The dog is snoring again.", false),
    ]

    @Test("only a transcript opening with the phrase is heard again; without the phrase there too, it loses it", arguments: hearings)
    func confirm(_ first: String, _ again: String?, _ counts: String, _ asked: Bool) async {
        let checker = FakeTranscriber(text: again ?? "")
        if again == nil { await checker.fail(TranscriptionError(.unreachable, "down")) }
        let check = WakeCheck(transcriber: checker, wakePhrase: WakePhrase(), prompt: "Docket, hey Docket.")
        let audio = TranscriptionAudio.data([], fileName: "n.wav", contentType: "audio/wav")
        let heard = await check.confirm(Transcript(text: first), audio: audio, language: "en")
        #expect(heard.text == counts)
        #expect(await checker.calls == (asked ? 1 : 0))
        if asked { #expect(await checker.requests.first?.prompt == "Docket, hey Docket.") }
    }

    @Test("docket listen checks in wake-phrase mode only, prompting the check's model without the preamble")
    func listenOptionsCarryTheCheck() async throws {
        let base = try ConfigurationResolver(environment: ["DOCKET_WHISPER_MODEL": "base", "DOCKET_WHISPER_URL": Self.loopback]).resolve()
        let transcriber = FakeTranscriber(.scripted(["Docket, snoring again.", "The dog is snoring again."]))
        let heard = try await DocketServices.with(configuration: base, logger: Logger(label: "t"), transcriber: transcriber) { services in
            let options = services.listenOptions()
            let audio = TranscriptionAudio.data([], fileName: "n.wav", contentType: "audio/wav")
            let wakeCheck = try #require(options.wakeCheck)
            return try await services.noteStage(store: nil).transcribe(
                audio, language: "en", prompt: options.prompt, check: options.commandCheck, wakeCheck: wakeCheck)
        }
        #expect(heard.text == "snoring again.")
        let prompts = await transcriber.requests.map { $0.prompt ?? "" }
        #expect(prompts.count == 2 && prompts[0].contains("buy groceries") && !prompts[1].contains("buy groceries") && prompts[1].contains("Docket"))

        for activation in [Activation.always, .pushToTalk] {
            var other = base
            other.activation = activation
            let check = try await DocketServices.with(configuration: other, logger: Logger(label: "t"), transcriber: FakeTranscriber()) {
                $0.listenOptions().wakeCheck
            }
            #expect(check == nil)
        }
        var tiny = base
        tiny.whisperModel = "tiny.en"
        #expect(
            try await DocketServices.with(configuration: tiny, logger: Logger(label: "t"), transcriber: FakeTranscriber()) { $0.listenOptions().wakeCheck }
                == nil)
    }
}
