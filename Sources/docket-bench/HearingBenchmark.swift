import ArgumentParser
import DocketAudio
import DocketCore
import DocketExtraction
import DocketSupport
import DocketTesting
import Foundation
import Logging

/// Dictated notes spoken by espeak-ng in several voices and speeds, transcribed by each recogniser setup (a model
/// name the Whisper endpoint serves, and a prompt): word errors, how often the wake phrase is heard, how many notes
/// read exactly as their text does, and the real-time factor.
struct HearingBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hearing",
        abstract: "Word errors and note accuracy per recogniser setup (model × prompt), on dictated notes spoken by espeak-ng.",
        discussion: """
            Each note below is spoken in every --voices voice at every --speeds speed and transcribed by the Whisper \
            endpoint (DOCKET_WHISPER_URL) once per model in --models and prompt in --prompts. A note is fully correct \
            when the tasks read from its transcript (wake phrase stripped) equal the tasks read from its text: same \
            count, titles (case and punctuation aside), due dates and times, priorities, repetition, labels and \
            projects. Word errors are counted against the text after both are normalised (case, punctuation, \
            "p.m.", number words). Prompts: none; listen (docket listen's prompt in wake-phrase mode: the wake \
            phrase and the undo command's words); preamble (docket's dictation preamble, which holds the wake \
            phrase); custom (--custom-prompt). The preamble is also checked on noise: a transcript of pink noise or room tone that gives a \
            task counts as a leak. With --reread, the transcripts saved by --save-transcripts are read again by this \
            build, with no recogniser.
            """
    )

    @Option(help: "Model names the endpoint serves, comma-separated (default: DOCKET_WHISPER_MODEL).")
    var models: String?

    @Option(help: "Prompts to compare, comma-separated: none, listen, preamble, custom.")
    var prompts = "none,listen,preamble"

    @Option(help: "The text of the custom prompt, to try a prompt out before making it docket's.")
    var customPrompt: String?

    @OptionGroup var spoken: SpokenLinesOptions

    @Option(help: "Speaking speeds in words per minute, comma-separated.")
    var speeds = "150,185"

    @Flag(help: "Print each transcript that did not read as its text.")
    var verbose = false

    @Option(help: "Also write every transcript as a JSON line {model, prompt, promptText, clip, text, heard} to this file.")
    var saveTranscripts: String?

    @Option(help: "Read the transcripts saved by --save-transcripts again with this build's reader, without transcribing.")
    var reread: String?

    @Flag(help: "Print the figures as JSON.")
    var json = false

    /// Dictated notes written for this benchmark; every other one starts with the wake phrase.
    static let notes = [
        "Docket, buy milk and eggs tomorrow.", "Call the dentist on Friday at 3 pm.",
        "Docket, pick up the dry cleaning after work.", "Email the quarterly report to Dana by Monday.",
        "Docket, water the plants every Sunday.", "Book a table for four on Saturday at 7:30 pm.",
        "Docket, renew the car registration by the end of the month.", "Take out the recycling tonight.",
        "Docket, schedule a haircut for next week.", "Pay the electric bill on the 5th of December.",
        "Docket, order more printer paper, it's urgent.", "Text Maria about the birthday party.",
        "Docket, return the library books on Thursday.", "Fix the leaking kitchen faucet this weekend.",
        "Docket, make a vet appointment for the dog.", "Send the invoice to the landlord today.",
        "Docket, buy a gift card for Sam's birthday.", "Write the project proposal by Wednesday at noon.",
        "Docket, mail the package to grandma tomorrow morning.", "Cancel the gym membership before the 1st.",
        "Docket, remind me to move the car at 8 am.", "Clean out the garage on Sunday afternoon.",
        "Docket, call mom tonight at 9.", "Submit the expense report, high priority.",
        "Docket, bring the camping chairs to the picnic.", "Refill the prescription at the pharmacy tomorrow.",
        "Docket, update the budget spreadsheet every Monday.", "Change the smoke detector batteries next Saturday.",
        "Docket, sign the lease and return it to the agent.", "Prepare the slides for Tuesday's meeting.",
        "Docket, defrost the chicken in the morning.", "Wash the car and vacuum the seats on Saturday.",
        "Docket, check the tire pressure before the trip.", "Read chapter four before class on Thursday.",
        "Docket, print the boarding passes tonight.", "Replace the air filter in two weeks.",
        "Docket, call the insurance company at 10 tomorrow.", "Hang the picture frames in the hallway.",
        "Docket, thank Priya for the flowers.", "Drop off the donation boxes next Wednesday.",
    ]

    /// Prompts the benchmark compares.
    enum PromptKind: String, CaseIterable {
        case none, listen, preamble, custom
    }

    /// Counts for one model and prompt.
    struct Tally {
        /// Notes heard, and how many read exactly as their text.
        var notes = 0, correct = 0
        /// Words said, and the edits that turn them into the words heard.
        var words = 0, wordErrors = 0
        /// Notes said with the wake phrase, and how many were heard with it.
        var wakeSaid = 0, wakeHeard = 0
        /// Seconds of speech, and seconds spent transcribing it.
        var audioSeconds = 0.0, transcribeSeconds = 0.0
        /// Noise clips heard with a prompt, and how many of them gave a task.
        var noiseClips = 0, leaks = 0
        /// What each wrongly read note was heard as.
        var wrong: [String] = []

        /// Counts one note said as `text` and heard as `heard`; `read` gives the tasks of a transcript.
        mutating func score(_ text: String, heard: String, label: String, wake: WakePhrase, read: (String) -> [ExtractedTask]) {
            notes += 1
            let reference = HearingBenchmark.words(text)
            words += reference.count
            wordErrors += reference.editDistance(to: HearingBenchmark.words(heard))
            if wake.remainder(of: text) != nil {
                wakeSaid += 1
                if wake.remainder(of: heard) != nil { wakeHeard += 1 }
            }
            if HearingBenchmark.sameReading(read(text), read(heard)) {
                correct += 1
            } else {
                wrong.append("\(label): \(text) → \(heard)")
            }
        }
    }

    /// The saved transcripts of `path`, read again: the figures of each setup in it but the real-time factor and
    /// the noise check, which need the recogniser.
    private func rereadTranscripts(_ path: String, wake: WakePhrase, read: (String) -> [ExtractedTask]) throws -> [(
        model: String, prompt: PromptKind, tally: Tally
    )] {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ValidationError("Can't read the transcripts in \(path): \(error.localizedDescription). Write them with --save-transcripts.")
        }
        var results: [(model: String, prompt: PromptKind, tally: Tally)] = []
        for (number, line) in text.split(separator: "\n").enumerated() {
            guard let row = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String],
                let model = row["model"], let prompt = row["prompt"].flatMap(PromptKind.init(rawValue:)), let said = row["text"],
                let heard = row["heard"]
            else {
                throw ValidationError("Line \(number + 1) of \(path) is not a transcript saved by --save-transcripts.")
            }
            if results.last.map({ $0.model != model || $0.prompt != prompt }) ?? true { results.append((model, prompt, Tally())) }
            results[results.count - 1].tally.score(said, heard: heard, label: row["clip"] ?? "", wake: wake, read: read)
        }
        return results
    }

    func run() async throws {
        let promptKinds = try prompts.split(separator: ",").map { name in
            guard let kind = PromptKind(rawValue: String(name)) else {
                throw ValidationError("Unknown prompt \"\(name)\"; use none, listen, preamble or custom.")
            }
            return kind
        }
        if promptKinds.contains(.custom), customPrompt == nil { throw ValidationError("The custom prompt needs its text: --custom-prompt \"…\".") }
        if customPrompt != nil, !promptKinds.contains(.custom) { throw ValidationError("--custom-prompt is heard only with custom in --prompts.") }
        let voiceList = spoken.voiceList
        let speedList = speeds.split(separator: ",").compactMap { Int($0) }
        let noteList = spoken.limit > 0 ? Array(Self.notes.prefix(spoken.limit)) : Self.notes
        var configuration = try ConfigurationResolver.fromProcess(flags: ["DOCKET_DB": ":memory:"]).resolve()
        configuration.whisperRequestTimeout = .seconds(300)
        configuration.activation = .wakePhrase
        let modelList = (models ?? configuration.whisperModel).split(separator: ",").map(String.init)
        let wake = WakePhrase(phrases: configuration.wakePhrases)
        let zone = TimeZone(identifier: "America/New_York")!
        let recordedAt = ISO8601DateFormatter().date(from: "2026-11-18T14:00:00Z")!
        /// The tasks `stage` reads from a transcript, the wake phrase stripped.
        func read(_ text: String, with stage: NoteStage) -> [ExtractedTask] {
            stage.read(wake.remainder(of: text).map(String.init) ?? text, recordedAt: recordedAt, timeZone: zone).tasks
        }
        if let reread {
            let stage = NoteStage(configuration: configuration, transcriber: FakeTranscriber(.fixed("")), store: nil)
            let results = try rereadTranscripts(reread, wake: wake) { read($0, with: stage) }
            if json {
                report(results)
            } else {
                let header =
                    "\(results.reduce(0) { $0 + $1.tally.notes }) transcripts read again from \(reread)\n"
                    + "model          prompt     WER     fully correct   wake heard   RTF    noise leaks\n"
                FileHandle.standardOutput.write(Data(header.utf8))
                for row in results { printRow(model: row.model, prompt: row.prompt, row.tally) }
            }
            return
        }

        // Audio is rendered once and shared by every setup.
        var clips: [(text: String, label: String, samples: [Int16])] = []
        for voice in voiceList {
            for speed in speedList {
                for note in noteList {
                    clips.append((note, "\(voice)@\(speed)", try TestAudio.speech(note, voice: voice, speed: speed)))
                }
            }
        }
        let noise = [try TestAudio.pinkNoise(seconds: 3), try TestAudio.synth(seconds: 3, kind: "brownnoise"), [Int16](repeating: 0, count: 48_000)]

        if !json {
            let header =
                "\(clips.count) spoken notes (\(noteList.count) texts × voices \(spoken.voices) × speeds \(speeds))\n"
                + "model          prompt     WER     fully correct   wake heard   RTF    noise leaks\n"
            FileHandle.standardOutput.write(Data(header.utf8))
        }
        var saved: [String] = []
        var results: [(model: String, prompt: PromptKind, tally: Tally)] = []
        for model in modelList {
            var modelConfiguration = configuration
            modelConfiguration.whisperModel = model
            try await DocketServices.with(configuration: modelConfiguration, logger: Logger(label: "bench")) { services in
                let stage = services.noteStage(store: nil)
                for kind in promptKinds {
                    let prompt: String? =
                        switch kind {
                        case .none: nil
                        case .listen: services.listenOptions().prompt
                        case .preamble: DictationPrompt.preamble(wakePhrase: wake)
                        case .custom: customPrompt
                        }
                    var tally = Tally()
                    let clock = ContinuousClock()
                    for (index, clip) in clips.enumerated() {
                        let audio = TranscriptionAudio.data(WAVWriter.bytes(clip.samples, sampleRate: 16_000), fileName: "n.wav", contentType: "audio/wav")
                        let started = clock.now
                        // Raw transcription, so the prompt is exactly the one being measured.
                        let heard = try await services.transcriber.transcribe(
                            TranscriptionRequest(audio: audio, language: configuration.language, prompt: prompt)
                        ).text
                        tally.transcribeSeconds += (clock.now - started) / .seconds(1)
                        if saveTranscripts != nil {
                            // The prompt's text too, so a transcript read again says which wording it was heard with.
                            let row = [
                                "model": model, "prompt": kind.rawValue, "promptText": prompt ?? "", "clip": clip.label, "text": clip.text,
                                "heard": heard,
                            ]
                            if let line = try? JSONSerialization.data(withJSONObject: row, options: .sortedKeys) {
                                saved.append(String(decoding: line, as: UTF8.self))
                            }
                        }
                        tally.audioSeconds += Double(clip.samples.count) / 16_000
                        tally.score(clip.text, heard: heard, label: clip.label, wake: wake) { read($0, with: stage) }
                        if !json, (index + 1) % 40 == 0 {
                            FileHandle.standardError.write(Data("  \(model)/\(kind.rawValue): \(index + 1)/\(clips.count)\n".utf8))
                        }
                    }
                    if prompt != nil {
                        // As docket sends it: the preamble through the stage's setting (and its echo dropped), else the prompt.
                        var noiseConfiguration = modelConfiguration
                        noiseConfiguration.whisperPreamble = kind == .preamble ? .on : .off
                        let noiseStage = NoteStage(configuration: noiseConfiguration, transcriber: services.transcriber, store: nil)
                        for samples in noise {
                            let audio = TranscriptionAudio.data(WAVWriter.bytes(samples, sampleRate: 16_000), fileName: "n.wav", contentType: "audio/wav")
                            let heard = try await noiseStage.transcribe(audio, language: configuration.language, prompt: kind == .preamble ? nil : prompt).text
                            tally.noiseClips += 1
                            if !read(heard, with: stage).isEmpty {
                                tally.leaks += 1
                                tally.wrong.append("noise: → \(heard)")
                            }
                        }
                    }
                    results.append((model, kind, tally))
                    if !json { printRow(model: model, prompt: kind, tally) }
                }
            }
        }
        if let saveTranscripts { try (saved.joined(separator: "\n") + "\n").write(toFile: saveTranscripts, atomically: true, encoding: .utf8) }
        if json { report(results) }
    }

    private func report(_ results: [(model: String, prompt: PromptKind, tally: Tally)]) {
        let rows = results.map { row -> [String: Any] in
            let t = row.tally
            return [
                "model": row.model, "prompt": row.prompt.rawValue, "notes": t.notes, "fullyCorrect": t.correct,
                "wordErrorRate": Double(t.wordErrors) / Double(max(t.words, 1)), "wakeRecall": Double(t.wakeHeard) / Double(max(t.wakeSaid, 1)),
                // null where nothing was measured: transcripts read again, or no prompt to check on noise.
                "realTimeFactor": t.audioSeconds > 0 ? t.transcribeSeconds / t.audioSeconds : NSNull(),
                "noiseLeaks": t.noiseClips > 0 ? t.leaks : NSNull(),
            ]
        }
        if let data = try? JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys]) {
            print(String(decoding: data, as: UTF8.self))
        }
    }

    private func printRow(model: String, prompt: PromptKind, _ t: Tally) {
        let wer = 100 * Double(t.wordErrors) / Double(max(t.words, 1))
        let accuracy = 100 * Double(t.correct) / Double(max(t.notes, 1))
        let wakeRecall = 100 * Double(t.wakeHeard) / Double(max(t.wakeSaid, 1))
        // Transcripts read again have no timing.
        let rtf = t.audioSeconds > 0 ? String(format: "%.2f", t.transcribeSeconds / t.audioSeconds) : "–   "
        let leaks = t.noiseClips == 0 ? "–" : "\(t.leaks)/\(t.noiseClips)"
        var lines = [
            model.padding(toLength: 15, withPad: " ", startingAt: 0) + prompt.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(format: "%5.1f %%  %3d/%3d %5.1f %%  %5.1f %%    %@   %@", wer, t.correct, t.notes, accuracy, wakeRecall, rtf, leaks)
        ]
        if verbose { lines += t.wrong.map { "    " + $0 } }
        // Written at once, so a long run shows each setup as it finishes.
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Both readings have the same tasks: count, titles (case and punctuation aside), due, priority, repetition,
    /// labels and project.
    static func sameReading(_ expected: [ExtractedTask], _ heard: [ExtractedTask]) -> Bool {
        guard expected.count == heard.count else { return false }
        return zip(expected, heard).allSatisfy { a, b in
            words(a.title) == words(b.title) && a.dueDate == b.dueDate && a.dueTime == b.dueTime && a.priority == b.priority
                && a.recurrence == b.recurrence && a.labels == b.labels && a.project == b.project
        }
    }

    /// Number words that recognisers write as digits (and the other way round).
    private static let numberWords: [String: String] = [
        "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
        "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "first": "1st", "second": "2nd", "third": "3rd", "fifth": "5th",
    ]

    /// Lower-case words without punctuation; "p.m." as "pm", "5pm" as "5 pm", number words as digits.
    static func words(_ text: String) -> [String] {
        var cleaned = text.lowercased().replacingOccurrences(of: "p.m.", with: "pm").replacingOccurrences(of: "a.m.", with: "am")
        cleaned = cleaned.replacingOccurrences(of: #"(\d)(am|pm)\b"#, with: "$1 $2", options: .regularExpression)
        cleaned = cleaned.replacingOccurrences(of: "'s", with: "s")
        return cleaned.split { !$0.isLetter && !$0.isNumber && $0 != ":" }.map { word in
            let word = word.hasSuffix(":") ? String(word.dropLast()) : String(word)
            return numberWords[word] ?? word
        }.filter { !$0.isEmpty && $0 != ":00" }
    }
}
