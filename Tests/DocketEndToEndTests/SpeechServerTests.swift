import DocketAudio
import DocketTesting
import Foundation
import Logging
import Testing

@testable import DocketCore

/// `--confirm speak` with `DOCKET_TTS_URL`: the read-back comes from a real Wyoming speech server (wyoming-piper),
/// is played through a real ALSA file PCM, and says what it should (the real Whisper server hears it).
@Suite("Wyoming speech server", .enabled(if: TestEnvironment.ttsAvailable && TestEnvironment.whisperAvailable))
struct SpeechServerTests {
    static var speaker: WyomingSynthesizer { WyomingSynthesizer(url: TestEnvironment.ttsURL!)! }

    @Test("the read-back is spoken by the speech server, and Whisper hears the task in it")
    func spokenReadBack() async throws {
        let (samples, rate) = try await Self.speaker.synthesize("Added: Call the dentist, Thursday, November 19 at 3 PM.")
        #expect(rate >= 16_000)
        #expect(samples.count > rate * 2, "\(samples.count) samples at \(rate) Hz")
        let heard = try await DocketServices.with(configuration: TestEnvironment.configuration(), logger: Logger(label: "test")) { services in
            let audio = TranscriptionAudio.data(WAVWriter.bytes(samples, sampleRate: rate), fileName: "readback.wav", contentType: "audio/wav")
            return try await services.transcriber.transcribe(TranscriptionRequest(audio: audio, language: "en", prompt: nil)).text
        }
        #expect(heard.lowercased().contains("dentist"), "\(heard)")
    }

    @Test("with a speech server, --confirm speak plays its speech through ALSA, and without one it does not fall back")
    func playedThroughALSA() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.path("speaker.raw")
        let playback = ALSAPlayback(name: "speaker", configuration: ALSAPlayback.filePCMConfiguration(name: "speaker", file: file))
        func service(_ speaker: WyomingSynthesizer) -> FeedbackService {
            FeedbackService(mode: .speak, playback: playback, guardian: EchoGuard(), timeZone: TestEnvironment.newYork, speaker: speaker, onFailure: { _ in })
        }
        try await service(Self.speaker).play(.stored(["Call the dentist, Thursday, November 19 at 3 PM"]))
        let played = try Data(contentsOf: URL(fileURLWithPath: file))
        // Piper's 22,050 Hz speech of the sentence: a few seconds, 16-bit.
        #expect(played.count > 22_050 * 2 * 2, "\(played.count) bytes")
        #expect(played.count.isMultiple(of: 2))
        // The speech came from the server: with one that is not there, nothing is played instead.
        try FileManager.default.removeItem(atPath: file)
        await #expect(throws: AudioError.self) { try await service(WyomingSynthesizer(url: "tcp://127.0.0.1:9")!).play(.stored(["Buy milk"])) }
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("a speech server that is not there is an error that names DOCKET_TTS_URL and the fallback")
    func unreachable() async throws {
        let speaker = try #require(WyomingSynthesizer(url: "tcp://127.0.0.1:9"))
        let error = await #expect(throws: AudioError.self) { try await speaker.synthesize("Added: buy milk") }
        #expect(error?.description.contains("DOCKET_TTS_URL") == true, "\(String(describing: error))")
        #expect(error?.description.contains("espeak-ng") == true)
        #expect(WyomingSynthesizer(url: "http://127.0.0.1:10200") == nil)
    }
}
