import ArgumentParser
import DocketAudio
import DocketCore
import DocketTesting
import Foundation
import Logging
import Synchronization

/// Room talk and addressed notes, spoken by espeak-ng and transcribed by the configured Whisper endpoint:
/// how often each activation mode takes a note from room talk, and how many addressed notes it keeps.
struct ActivationBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activation",
        abstract: "False activations per hour of room talk and addressed-note recall, per activation mode, through Whisper.",
        discussion: """
            Each room-talk line of --corpus (docket's own non-task corpus) and each addressed note ("Docket, …", \
            "Hey docket, …" before a dictated task) is spoken in every --voices voice and transcribed by the \
            Whisper endpoint (DOCKET_WHISPER_URL): with docket listen's prompt for wake-phrase mode (the wake \
            phrase and the undo command's words) and its wake check (DOCKET_WAKE_CHECK_MODEL: a transcript opening \
            with the phrase heard again by that model), without for always mode. wake-phrase: a room-talk line counts \
            as a false activation when its transcript starts with the wake phrase and gives a task, or is the \
            undo command; always: when it gives a task read as listen reads it there (the room-talk model after the rules; the rules alone are printed beside it). Recall: addressed notes whose transcript is taken and \
            gives a task, and spoken undo commands heard as one; both also with the wake phrase alone as the \
            prompt (the baseline); and for push-to-talk, the same tasks said without the wake phrase, heard with \
            push-to-talk's prompt (room talk is never transcribed in that mode); for always, the same without a \
            prompt; for wake-word, "Hey Jarvis, …" streamed to the wake-word server (DOCKET_WAKE_WORD_URL, skipped \
            when none answers) and, when it fires, transcribed with wake-word mode's prompt. Added latency: \
            transcription time with the prompt over without, and the phrase check itself.
            """
    )

    @Option(help: "Non-task corpus (one utterance per line, # comments).")
    var corpus = "Tests/DocketExtractionTests/Corpus/not-tasks.txt"

    @OptionGroup var spoken: SpokenLinesOptions

    /// Dictated tasks said after the wake phrase, written for this benchmark.
    static let addressed = [
        "buy milk and eggs", "call the dentist tomorrow", "email the report on Monday", "book a table for Friday at 7 pm",
        "water the plants tonight", "renew the car registration by the end of the month", "pick up the dry cleaning",
        "remind me to take out the trash tonight", "schedule a haircut for next week", "pay the electric bill on the 5th",
        "order more printer paper", "text Sarah about the party", "return the library books on Saturday",
        "I need to fix the kitchen faucet", "make a vet appointment for the dog", "send the invoice to Acme today",
    ]

    func run() async throws {
        let text = try String(contentsOfFile: corpus, encoding: .utf8)
        var roomTalk = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        if spoken.limit > 0 { roomTalk = Array(roomTalk.prefix(spoken.limit)) }
        let voiceList = spoken.voiceList
        var configuration = try ConfigurationResolver.fromProcess(flags: ["DOCKET_DB": ":memory:"]).resolve()
        configuration.whisperRequestTimeout = .seconds(300)
        configuration.activation = .wakePhrase
        let wake = WakePhrase(phrases: configuration.wakePhrases)
        let zone = TimeZone(identifier: "America/New_York")!

        try await DocketServices.with(configuration: configuration, logger: Logger(label: "bench")) { services in
            let stage = services.noteStage(store: nil)
            let listenOptions = services.listenOptions()
            let listenPrompt = listenOptions.prompt
            // docket listen's hearing: its prompt, and a second hearing of a transcript that is only the undo words.
            // In wake-phrase mode also the wake check: a transcript opening with the phrase is heard again by its model.
            func hear(_ samples: [Int16], prompt: String?, check: CommandCheck? = nil, wakeCheck: WakeCheck? = nil) async throws -> (
                text: String, seconds: Double
            ) {
                let clock = ContinuousClock()
                let started = clock.now
                let audio = TranscriptionAudio.data(WAVWriter.bytes(samples, sampleRate: 16_000), fileName: "u.wav", contentType: "audio/wav")
                let transcript = try await stage.transcribe(audio, language: configuration.language, prompt: prompt, check: check, wakeCheck: wakeCheck)
                return (transcript.text, (clock.now - started) / .seconds(1))
            }
            // Always mode reads as listen does there: room talk the room-talk model knows gives no task.
            func tasks(_ text: String, unaddressed: Bool = false) -> Int {
                stage.read(text, recordedAt: Date(), timeZone: zone, screensRoomTalk: unaddressed).tasks.count
            }
            func isUndo(_ text: String) -> Bool { wake.remainder(of: text).map { SpokenCommand(String($0)) == .undo } ?? false }

            var talkSeconds = 0.0
            var falseWake = 0
            var falseAlways = 0
            var falseAlwaysByRules = 0
            var wakeMatches: [String] = []
            var alwaysTaken: [String] = []
            for voice in voiceList {
                for (index, line) in roomTalk.enumerated() {
                    let samples = try TestAudio.speech(line, voice: voice)
                    talkSeconds += Double(samples.count) / 16_000
                    let prompted = try await hear(samples, prompt: listenPrompt, check: listenOptions.commandCheck, wakeCheck: listenOptions.wakeCheck)
                    if let rest = wake.remainder(of: prompted.text), tasks(String(rest)) > 0 || SpokenCommand(String(rest)) != nil {
                        falseWake += 1
                        wakeMatches.append("\(voice): \(prompted.text)")
                    }
                    let plain = try await hear(samples, prompt: nil)
                    if tasks(plain.text) > 0 { falseAlwaysByRules += 1 }
                    if tasks(plain.text, unaddressed: true) > 0 {
                        falseAlways += 1
                        alwaysTaken.append("\(voice): \(plain.text)")
                    }
                    if (index + 1) % 50 == 0 { FileHandle.standardError.write(Data("  \(voice): \(index + 1)/\(roomTalk.count)\n".utf8)) }
                }
            }
            var recalled = 0
            // Addressed notes heard as the undo command: in docket listen each would take back the note before.
            var falseUndos = 0
            var recalledBaseline = 0
            var addressedCount = 0
            var promptedSeconds = 0.0
            var plainSeconds = 0.0
            var missed: [String] = []
            for voice in voiceList {
                for (index, task) in Self.addressed.enumerated() {
                    let said = (index.isMultiple(of: 2) ? "Docket, " : "Hey docket, ") + task + "."
                    let samples = try TestAudio.speech(said, voice: voice)
                    addressedCount += 1
                    let prompted = try await hear(samples, prompt: listenPrompt, check: listenOptions.commandCheck, wakeCheck: listenOptions.wakeCheck)
                    let plain = try await hear(samples, prompt: nil)
                    let baseline = try await hear(samples, prompt: wake.vocabulary)
                    promptedSeconds += prompted.seconds
                    plainSeconds += plain.seconds
                    if let rest = wake.remainder(of: baseline.text), tasks(String(rest)) > 0 { recalledBaseline += 1 }
                    if let rest = wake.remainder(of: prompted.text), tasks(String(rest)) > 0 {
                        recalled += 1
                    } else {
                        missed.append("\(voice): \(prompted.text)")
                        if isUndo(prompted.text) { falseUndos += 1 }
                    }
                }
            }
            // Push-to-talk: the key (or docket mark) says which audio is a note, so room talk never reaches the
            // recognizer and the task is said without the wake phrase. Push-to-talk's prompt is wake-phrase mode's (the
            // phrase and the undo words: "Docket, scratch that" works under the key too).
            // Always: the same tasks, heard with no prompt (always mode sends none).
            let pushToTalkPrompt = listenPrompt
            var recalledPushToTalk = 0
            var recalledAlways = 0
            for voice in voiceList {
                for task in Self.addressed {
                    let samples = try TestAudio.speech(task.prefix(1).uppercased() + task.dropFirst() + ".", voice: voice)
                    let heard = try await hear(samples, prompt: pushToTalkPrompt, check: listenOptions.commandCheck).text
                    if tasks(heard) > 0 {
                        recalledPushToTalk += 1
                    } else {
                        missed.append("\(voice) (push-to-talk): \(heard)")
                    }
                    let plain = try await hear(samples, prompt: nil).text
                    if tasks(plain, unaddressed: true) > 0 {
                        recalledAlways += 1
                    } else {
                        missed.append("\(voice) (always): \(plain)")
                    }
                }
            }
            let wakeWordRecall = try await wakeWordRecall(configuration: configuration, voices: voiceList, zone: zone)
            missed += wakeWordRecall?.missed ?? []
            var undoHeard = 0
            var undoHeardBaseline = 0
            var undoSaid = 0
            for voice in voiceList {
                for said in ["Docket, scratch that.", "Hey docket, cancel that.", "Docket, undo.", "Hey docket, never mind."] {
                    let samples = try TestAudio.speech(said, voice: voice)
                    undoSaid += 1
                    let heard = try await hear(samples, prompt: listenPrompt, check: listenOptions.commandCheck, wakeCheck: listenOptions.wakeCheck).text
                    let baseline = try await hear(samples, prompt: wake.vocabulary).text
                    if isUndo(baseline) { undoHeardBaseline += 1 }
                    if isUndo(heard) {
                        undoHeard += 1
                    } else {
                        missed.append("\(voice): \(heard)")
                    }
                }
            }
            let clock = ContinuousClock()
            let checkStart = clock.now
            var sink = 0
            for _ in 0..<10_000 { sink &+= wake.remainder(of: "Hey docket, call the dentist tomorrow.")?.count ?? 0 }
            let perCheck = (clock.now - checkStart) / .seconds(1) / 10_000

            let hours = talkSeconds / 3600
            let utterances = roomTalk.count * voiceList.count
            print(
                "model: \(configuration.whisperModel); wake check: \(configuration.wakeCheckModelInEffect ?? "none") (DOCKET_WAKE_CHECK_MODEL=\(configuration.wakeCheckModel))"
            )
            print(
                "room talk: \(utterances) utterances (\(roomTalk.count) lines × \(voiceList.count) voices), \(String(format: "%.1f", talkSeconds / 60)) min of speech"
            )
            print(
                String(
                    format:
                        "wake-phrase: %d false activations (%.1f per hour of room talk); always: %d of %d utterances give a task (%.1f %%, %.1f per hour; by the rules alone, without the room-talk model: %d, %.1f %%)",
                    falseWake, Double(falseWake) / hours, falseAlways, utterances, 100 * Double(falseAlways) / Double(utterances), Double(falseAlways) / hours,
                    falseAlwaysByRules, 100 * Double(falseAlwaysByRules) / Double(utterances)))
            print(
                String(
                    format: "addressed-note recall (wake-phrase): %d of %d (%.1f %%); with the wake phrase alone as the prompt: %d (%.1f %%)", recalled,
                    addressedCount, 100 * Double(recalled) / Double(addressedCount), recalledBaseline, 100 * Double(recalledBaseline) / Double(addressedCount)))
            print(
                String(
                    format:
                        "addressed-note recall (push-to-talk, no wake phrase said): %d of %d (%.1f %%); room talk transcribed: 0 (nothing reaches the recognizer without the key); a note ends at the key's release instead of after the %.1f s note pause",
                    recalledPushToTalk, addressedCount, 100 * Double(recalledPushToTalk) / Double(addressedCount), configuration.segmentation.notePause))
            print(
                String(
                    format: "addressed-note recall (always, no wake phrase said, no prompt): %d of %d (%.1f %%)", recalledAlways, addressedCount,
                    100 * Double(recalledAlways) / Double(addressedCount)))
            if let recall = wakeWordRecall {
                print(
                    String(
                        format: "addressed-note recall (wake-word \"%@\", %@): %d of %d (%.1f %%); the wake word detected in %d",
                        configuration.wakeWords.joined(separator: ", "), configuration.wakeWordURL, recall.recalled, recall.said,
                        100 * Double(recall.recalled) / Double(recall.said), recall.detected))
            } else {
                print("addressed-note recall (wake-word): not measured, no wake-word server at \(configuration.wakeWordURL) (DOCKET_WAKE_WORD_URL)")
            }
            print("spoken undo heard: \(undoHeard) of \(undoSaid); with the wake phrase alone as the prompt: \(undoHeardBaseline)")
            print("addressed notes heard as the undo command (wake-phrase): \(falseUndos) of \(addressedCount)")
            print(
                String(
                    format: "added latency: transcription with the wake prompt %.0f ms vs %.0f ms without (%.2f×); phrase check %.1f µs (%d)",
                    1000 * promptedSeconds / Double(addressedCount), 1000 * plainSeconds / Double(addressedCount), promptedSeconds / plainSeconds,
                    perCheck * 1e6, sink % 2))
            for line in wakeMatches { print("  false wake: \(line)") }
            for line in alwaysTaken { print("  always took: \(line)") }
            for line in missed { print("  missed: \(line)") }
        }
    }

    /// Wake-word mode: each addressed task said after the spoken wake word ("Hey Jarvis, buy milk and eggs.") and
    /// streamed in real time to the Wyoming wake-word server, with 2.5 s of silence before and 1 s after it; a note is recalled when the
    /// server detects the word and the transcript (wake-word mode's prompt and second hearing, the wake word's
    /// words stripped) gives a task. Nil when no server answers at the configured URL.
    func wakeWordRecall(configuration: DocketConfiguration, voices: [String], zone: TimeZone) async throws -> (
        said: Int, detected: Int, recalled: Int, missed: [String]
    )? {
        guard let detector = WyomingWakeWordDetector(url: configuration.wakeWordURL, names: configuration.wakeWords) else { return nil }
        func detects(_ samples: [Int16]) async throws -> Bool {
            let (audio, input) = AsyncStream<AudioChunk>.makeStream()
            let heard = Detected()
            return try await withThrowingTaskGroup { group in
                group.addTask { try await detector.listen(to: audio) { _ in heard.flag.withLock { $0 = true } } }
                // 2.5 s of silence first: the detector scores only once it has 2 s of audio.
                let padded = [Int16](repeating: 0, count: 40_000) + samples + [Int16](repeating: 0, count: 16_000)
                // In real time, as a microphone delivers it: the server drops audio it is sent faster than it runs.
                for start in stride(from: 0, to: padded.count, by: 320) {
                    input.yield(AudioChunk(samples: Array(padded[start..<min(start + 320, padded.count)]), firstFrame: Int64(start)))
                    try await Task.sleep(for: .milliseconds(20))
                }
                // The server answers as it works through the audio: the stream stays open until it has (at most 5 s).
                for _ in 0..<50 where !heard.flag.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(100)) }
                input.finish()
                try await group.waitForAll()
                return heard.flag.withLock { $0 }
            }
        }
        do {
            _ = try await detects([Int16](repeating: 0, count: 1_600))
        } catch {
            return nil
        }
        var wordConfiguration = configuration
        wordConfiguration.activation = .wakeWord
        return try await DocketServices.with(configuration: wordConfiguration, logger: Logger(label: "bench")) { services in
            let stage = services.noteStage(store: nil)
            let options = services.listenOptions()
            let spoken = configuration.wakeWords.map(WyomingWakeWordDetector.spokenName).first ?? "hey jarvis"
            let said = spoken.prefix(1).uppercased() + spoken.dropFirst()
            var result = (said: 0, detected: 0, recalled: 0, missed: [String]())
            for voice in voices {
                for task in Self.addressed {
                    let samples = try TestAudio.speech("\(said), \(task).", voice: voice)
                    result.said += 1
                    guard try await detects(samples) else {
                        result.missed.append("\(voice) (wake-word): not detected")
                        continue
                    }
                    result.detected += 1
                    let audio = TranscriptionAudio.data(WAVWriter.bytes(samples, sampleRate: 16_000), fileName: "u.wav", contentType: "audio/wav")
                    let heard = try await stage.transcribe(audio, language: configuration.language, prompt: options.prompt, check: options.commandCheck).text
                    let rest = options.wakePhrase.flatMap { $0.remainder(of: heard).map(String.init) } ?? heard
                    if !stage.read(rest, recordedAt: Date(), timeZone: zone).tasks.isEmpty {
                        result.recalled += 1
                    } else {
                        result.missed.append("\(voice) (wake-word): \(heard)")
                    }
                }
            }
            return result
        }
    }

    /// Whether the wake-word server reported a detection, shared with its callback.
    final class Detected: Sendable {
        let flag = Mutex(false)
    }
}
