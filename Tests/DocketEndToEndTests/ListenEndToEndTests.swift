import DocketAudio
import DocketCore
import DocketTesting
import Foundation
import Logging
import NIOHTTP1
import Synchronization
import Testing

/// A spoken dictation in the capture format: phrases spoken by espeak-ng, separated by silence, over pink noise.
struct Dictation {
    var samples: [Int16] = []
    /// Stream index of each phrase's first sample.
    var speechStarts: [Int] = []
    /// Stream index just past each phrase's speech.
    var speechEnds: [Int] = []

    /// Builds it. `pauses[i]` is the silence (seconds) after phrase i; `noise` is the pink noise's peak amplitude
    /// (0 for none).
    static func make(_ phrases: [String], pauses: [Double], lead: Double = 1.5, noise: Double = 0.01, in scratch: Scratch) async throws -> Dictation {
        var dictation = Dictation()
        dictation.samples = [Int16](repeating: 0, count: Int(lead * 16_000))
        for (i, phrase) in phrases.enumerated() {
            let wav = try await scratch.speak(phrase, name: "phrase\(i).wav")
            let raw = try await scratch.sox(wav, "phrase\(i).raw", ["-r", "16000", "-c", "1", "-b", "16", "-e", "signed", "-L", "-t", "raw"])
            let data = try Data(contentsOf: URL(fileURLWithPath: raw))
            dictation.speechStarts.append(dictation.samples.count)
            dictation.samples += data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            dictation.speechEnds.append(dictation.samples.count)
            dictation.samples += [Int16](repeating: 0, count: Int(pauses[i] * 16_000))
        }
        if noise > 0 {
            let seconds = Double(dictation.samples.count) / 16_000 + 0.1
            let raw = scratch.path("noise.raw")
            try await run(
                "sox",
                [
                    "-R", "-n", "-r", "16000", "-c", "1", "-b", "16", "-e", "signed", "-L", "-t", "raw", raw, "synth", "\(seconds)", "pinknoise", "vol",
                    "\(noise)",
                ])
            let data = try Data(contentsOf: URL(fileURLWithPath: raw))
            let pink = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            for i in dictation.samples.indices where i < pink.count {
                dictation.samples[i] = Int16(clamping: Int(dictation.samples[i]) + Int(pink[i]))
            }
        }
        return dictation
    }

    /// Writes the samples as raw S16_LE.
    func writeRaw(to path: String) throws {
        try samples.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
    }
}

/// Collects a listen run's events.
final class EventLog: Sendable {
    private let events = Mutex<[ListenEvent]>([])
    func add(_ event: ListenEvent) {
        if case .level = event { return }
        events.withLock { $0.append(event) }
    }
    var all: [ListenEvent] { events.withLock { $0 } }
    var finished: [ListenedNote] { all.compactMap { if case .noteFinished(let n) = $0 { return n } else { return nil } } }
    var stored: [ListenedNote] { all.compactMap { if case .stored(let n) = $0 { return n } else { return nil } } }
    var failures: [String] { all.compactMap { if case .noteFailed(_, let e, _) = $0 { return "\(e)" } else { return nil } } }
}

@Suite("Listen end to end", .enabled(if: TestEnvironment.whisperAvailable), .serialized)
struct ListenEndToEndTests {
    static let phrases = ["Pay the rent tomorrow.", "Email the report on Monday.", "Book a table for Friday at 7 pm."]

    /// A pipeline over a store in `scratch`, with the real Whisper server.
    static func pipeline(
        _ scratch: Scratch, whisperURL: URL? = nil, activation: Activation = .always, model: String? = nil
    ) throws -> (DocketServices, DocketStore, ListenPipeline, ListenOptions) {
        var configuration = TestEnvironment.configuration(databasePath: scratch.path("docket.sqlite"), activation: activation)
        if let model { configuration.whisperModel = model }
        if let whisperURL {
            configuration.whisperURL = whisperURL
            configuration.whisperMaxAttempts = 1
            configuration.whisperConnectTimeout = .seconds(1)
        }
        let services = DocketServices(configuration: configuration, logger: Logger(label: "test"))
        let store = try services.openStore()
        let options = services.listenOptions(startDate: TestEnvironment.reference, timeZone: TestEnvironment.newYork, saveAudio: true)
        return (services, store, services.listenPipeline(store: store), options)
    }

    /// An engine reading `samples` in real time: a writer paces them into a FIFO that ALSA's file PCM reads.
    /// The engine waits for the consumer, so on a loaded machine the writer waits instead of audio being skipped.
    static func pacedEngine(_ samples: [Int16], scratch: Scratch) throws -> (CaptureEngine, PacedFIFOWriter) {
        let fifo = scratch.path("mic.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = PacedFIFOWriter(path: fifo, samples: samples)
        writer.start()
        let device = ALSACaptureDevice(name: "mic", configuration: ALSACaptureDevice.filePCMConfiguration(name: "mic", infile: fifo))
        let engine = CaptureEngine(device: device, configuration: .init(stallTimeout: nil, maxFrames: Int64(samples.count), waitsForConsumer: true))
        return (engine, writer)
    }

    /// An engine replaying `samples` through ALSA's file PCM as fast as the pipeline takes them.
    static func fileEngine(_ samples: [Int16], scratch: Scratch) throws -> CaptureEngine {
        let raw = scratch.path("mic.raw")
        try samples.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: raw)) }
        let device = ALSACaptureDevice(name: "mic", configuration: ALSACaptureDevice.filePCMConfiguration(name: "mic", infile: raw))
        return CaptureEngine(device: device, configuration: .init(maxFrames: Int64(samples.count), waitsForConsumer: true))
    }

    @Test("three spoken notes over pink noise, replayed through ALSA's file PCM, become three stored notes with their tasks")
    func threeNotes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dictation = try await Dictation.make(Self.phrases, pauses: [4.5, 4.5, 4], in: scratch)
        let (services, store, pipeline, options) = try Self.pipeline(scratch)
        let log = EventLog()

        let summary = try await services.closing {
            try await pipeline.run(engine: try Self.fileEngine(dictation.samples, scratch: scratch), options: options) { log.add($0) }
        }

        // Replayed faster than real time, a note's transcript may come back after the next note's.
        let notes = log.finished.sorted { $0.index < $1.index }
        #expect(summary.notes == 3, "events: \(log.all)")
        #expect(notes.map(\.index) == [0, 1, 2])
        let titles = notes.map { $0.tasks.map(\.title).joined(separator: "|").lowercased() }
        #expect(titles.count == 3)
        guard titles.count == 3 else { return }
        #expect(titles[0].contains("rent"))
        #expect(titles[1].contains("report"))
        #expect(titles[2].contains("table"))
        #expect(notes[0].tasks.first?.dueDate == "2026-11-19")
        #expect(notes[1].tasks.first?.dueDate == "2026-11-23")
        #expect(notes[2].tasks.first?.dueDate == "2026-11-20")
        #expect(notes[2].tasks.first?.dueTime == "19:00")
        // Stored once per note (one segment each), in the database, audio kept, spool empty.
        #expect(try await store.counts().notes == 3)
        for note in notes {
            let path = try #require(note.audioPath)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(path.hasSuffix("\(note.note.id).wav"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: options.spoolDirectory.path).filter { $0.hasSuffix(".wav") }.isEmpty)
    }

    /// Room talk with two notes addressed to docket inside it.
    static let roomTalk = [
        "The dog is snoring again.", "Docket, call the dentist tomorrow.", "Did you catch the news this morning?",
        "Hey docket, email the report on Monday.", "Stay tuned, we'll be right back after the break.",
    ]

    /// A listen run over ``roomTalk``, replayed through ALSA's file PCM, in `activation` mode.
    struct RoomTalkRun {
        var summary: ListenSummary
        var log: EventLog
        var store: DocketStore
        var options: ListenOptions
        var audioDirectory: URL
    }

    static func listenToRoomTalk(_ activation: Activation, model: String? = nil, scratch: Scratch) async throws -> RoomTalkRun {
        let dictation = try await Dictation.make(roomTalk, pauses: [4.5, 4.5, 4.5, 4.5, 4], in: scratch)
        let (services, store, pipeline, options) = try pipeline(scratch, activation: activation, model: model)
        let log = EventLog()
        let summary = try await services.closing {
            try await pipeline.run(engine: try fileEngine(dictation.samples, scratch: scratch), options: options) { log.add($0) }
        }
        return RoomTalkRun(summary: summary, log: log, store: store, options: options, audioDirectory: services.configuration.resolvedAudioDirectory)
    }

    @Test(
        "in wake-phrase mode, of room talk replayed through ALSA's file PCM only the notes addressed to docket are kept: with tiny.en, and with Whisper base checked by tiny.en",
        arguments: ["tiny.en", "base"])
    func wakePhrase(model: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await Self.listenToRoomTalk(.wakePhrase, model: model, scratch: scratch)
        #expect((run.options.wakeCheck != nil) == (model == "base"))

        let notes = run.log.finished.sorted { $0.index < $1.index }
        #expect(run.summary.notes == 2 && run.summary.ignoredNotes == 3, "events: \(run.log.all)")
        #expect(notes.map(\.index) == [1, 3])
        let titles = notes.map { $0.tasks.map(\.title).joined(separator: "|").lowercased() }
        if model == "tiny.en" {
            #expect(titles == ["call the dentist", "email the report"])
        } else {
            // Base, prompted with its dictation preamble, has heard "the dentist" as "the rentist".
            #expect(titles.count == 2 && titles[0].hasPrefix("call the ") && titles[1] == "email the report", "\(titles)")
        }
        // Stored without the phrase; nothing of the room talk is kept: no note, no audio, no transcript.
        #expect(notes.allSatisfy { !$0.note.transcript.lowercased().contains("docket") }, "\(notes.map(\.note.transcript))")
        #expect(try await run.store.counts().notes == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: run.options.spoolDirectory.path).filter { $0.hasSuffix(".wav") }.isEmpty)
        let saved = try FileManager.default.contentsOfDirectory(atPath: run.audioDirectory.path)
        #expect(Set(saved) == Set(notes.map { "\($0.note.id).wav" }))
    }

    @Test(
        "in wake-word mode, with a real wyoming-openwakeword server and paced in real time, only the notes said after \"hey jarvis\" are heard, and nothing else is transcribed",
        .enabled(if: TestEnvironment.wakeWordAvailable))
    func wakeWord() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let talk = [
            "The dog is snoring again.", "Hey Jarvis, call the dentist tomorrow.", "Did you catch the news this morning?",
            "Hey Jarvis, email the report on Monday.", "Stay tuned, we'll be right back after the break.",
        ]
        // 2.5 s before the first words: the detector scores only once it has 2 s of audio.
        let dictation = try await Dictation.make(talk, pauses: [4.5, 4.5, 4.5, 4.5, 4], lead: 2.5, in: scratch)
        let (engine, writer) = try Self.pacedEngine(dictation.samples, scratch: scratch)
        defer { writer.waitUntilDone() }
        let (services, store, pipeline, options) = try Self.pipeline(scratch, activation: .wakeWord)
        let log = EventLog()
        let summary = try await services.closing { try await pipeline.run(engine: engine, options: options) { log.add($0) } }

        let notes = log.finished.sorted { $0.index < $1.index }
        #expect(notes.map(\.index) == [1, 3], "events: \(log.all)")
        // Stored without the wake word ("email the report(s)": the recognizer's own choice).
        let titles = notes.map { $0.tasks.map(\.title).joined(separator: "|").lowercased() }
        #expect(titles.count == 2 && titles.first == "call the dentist" && titles.last?.hasPrefix("email the report") == true, "\(titles)")
        #expect(summary.ignoredNotes == 3)
        // Nothing of the room talk reached the recognizer: the only segments transcribed are the addressed notes'.
        let transcribed = Set(log.all.compactMap { if case .segment(let note, _, _) = $0 { note } else { nil } })
        #expect(transcribed == [1, 3])
        #expect(log.all.contains { if case .wakeWordHeard = $0 { true } else { false } })
        #expect(try await store.counts().notes == 2)
    }

    @Test(
        "in push-to-talk mode, paced in real time, only what is said while a scripted key is held and the note after docket mark are heard; speech after the release is not part of the note"
    )
    func pushToTalk() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let talk = [
            "The dog is snoring again.", "Call the dentist tomorrow.", "I feel like pizza tonight.", "Did you catch the news this morning?",
            "Email the report on Monday.", "Stay tuned, we'll be right back after the break.",
        ]
        // "I feel like pizza tonight" follows the dentist within a note pause, but after the key came up.
        let dictation = try await Dictation.make(talk, pauses: [4.5, 1.5, 4.5, 4.5, 4.5, 4], in: scratch)
        let (engine, writer) = try Self.pacedEngine(dictation.samples, scratch: scratch)
        defer { writer.waitUntilDone() }
        var (services, store, pipeline, options) = try Self.pipeline(scratch, activation: .pushToTalk)
        let keyboard = scratch.path("kbd.fifo")
        try #require(mkfifo(keyboard, 0o600) == 0)
        let socket = scratch.path("listen.sock")
        options.talkSources = [KeyTalkSource(path: keyboard, key: 183, mode: .hold), ControlSocket(path: socket)]

        // The key and docket mark act at points in the audio, by the reader's progress through the FIFO.
        let script = Thread {
            func at(_ sample: Int) {
                let deadline = ContinuousClock.now + .seconds(120)
                while writer.consumedSamples < sample, writer.failure == nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
            }
            func key(_ value: Int32, _ device: FileHandle) {
                var bytes = [UInt8](repeating: 0, count: 16)
                withUnsafeBytes(of: UInt16(1).littleEndian) { bytes += $0 }
                withUnsafeBytes(of: UInt16(183).littleEndian) { bytes += $0 }
                withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
                try? device.write(contentsOf: bytes)
            }
            // The reader opens the device when the run starts; opening for writing waits for it (its own thread).
            guard let device = FileHandle(forWritingAtPath: keyboard) else { return }
            at(dictation.speechStarts[1] - 16_000)
            key(1, device)
            at(dictation.speechEnds[1] + 8_000)
            key(0, device)
            at(dictation.speechStarts[4] - 24_000)
            // On this thread of its own a blocking wait is fine.
            _ = try? spawnAndWait(
                TestEnvironment.docketBinary.path, ["mark"],
                environment: ProcessInfo.processInfo.environment.merging(["DOCKET_CONTROL_SOCKET": socket]) { $1 })
            writer.waitUntilDone()
            try? device.close()
        }
        script.start()
        let log = EventLog()
        let summary = try await services.closing { try await pipeline.run(engine: engine, options: options) { log.add($0) } }

        let notes = log.finished.sorted { $0.index < $1.index }
        let transcripts = notes.map { $0.note.transcript.lowercased() }
        #expect(transcripts.count == 2, "events: \(log.all)")
        #expect(transcripts.first?.contains("dentist") == true && transcripts.first?.contains("pizza") == false, "\(transcripts)")
        #expect(transcripts.last?.contains("report") == true, "\(transcripts)")
        #expect(summary.ignoredNotes == 4, "notes: \(notes.map(\.index)), events: \(log.all.filter { if case .segment = $0 { false } else { true } })")
        // Nothing else reached the recognizer.
        let transcribed = Set(log.all.compactMap { if case .segment(let note, _, _) = $0 { note } else { nil } })
        #expect(transcribed == Set(notes.map(\.index)))
        let talking = log.all.compactMap { if case .talking(let on) = $0 { on } else { nil } }
        #expect(talking == [true, false, true, false])
        #expect(try await store.counts().notes == 2)
    }

    @Test("in always mode, the same room talk gives tasks only for what asks for something, and only those notes are kept")
    func alwaysMode() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await Self.listenToRoomTalk(.always, scratch: scratch)
        #expect(run.summary.notes == 2 && run.summary.tasklessNotes == 3)
        #expect(try await run.store.counts().notes == 2)
        #expect(run.log.finished.filter { !$0.kept }.allSatisfy { $0.audioPath == nil })

        let withTasks = run.log.finished.filter { !$0.tasks.isEmpty }.sorted { $0.index < $1.index }
        #expect(withTasks.map(\.index) == [1, 3], "events: \(run.log.all)")
        let reasons = run.log.finished.filter(\.tasks.isEmpty).flatMap(\.diagnostics).map(\.message)
        #expect(reasons.count == 3 && reasons.allSatisfy { $0.hasPrefix("Not a task") }, "\(reasons)")
    }

    @Test("in always mode, talk whose shape is a task's is read as room talk by its words; the note said among it keeps its task")
    func alwaysModeScreensRoomTalk() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lines = ["The dryer's doing that thumping thing again.", "Call the dentist tomorrow.", "Oh come on, ref, that was a foul!"]
        let dictation = try await Dictation.make(lines, pauses: [4.5, 4.5, 4], in: scratch)
        let (services, store, pipeline, options) = try Self.pipeline(scratch, activation: .always)
        #expect(options.screensRoomTalk)
        let log = EventLog()
        let summary = try await services.closing {
            try await pipeline.run(engine: try Self.fileEngine(dictation.samples, scratch: scratch), options: options) { log.add($0) }
        }
        #expect(summary.notes == 1 && summary.tasklessNotes == 2, "events: \(log.all)")
        #expect(log.finished.filter { !$0.tasks.isEmpty }.map(\.index) == [1], "events: \(log.all)")
        let reasons = log.finished.filter(\.tasks.isEmpty).flatMap(\.diagnostics).map(\.message)
        #expect(reasons.contains { $0.hasPrefix("Not a task: it reads as room talk") }, "\(reasons)")
        #expect(try await store.counts().notes == 1)
    }

    @Test("with the recognizer down the note fails, its audio stays in the spool, and the next run finishes it under the same id")
    func recoversFailedNote() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dictation = try await Dictation.make(["Pay the rent tomorrow."], pauses: [3.5], in: scratch)

        // When the recognizer is unreachable
        let (downServices, downStore, downPipeline, options) = try Self.pipeline(scratch, whisperURL: URL(string: "http://127.0.0.1:9")!)
        let log = EventLog()
        let summary = try await downServices.closing {
            try await downPipeline.run(engine: try Self.fileEngine(dictation.samples, scratch: scratch), options: options) { log.add($0) }
        }
        #expect(summary.failedNotes == 1)
        #expect(log.failures.count == 1)
        let spooled = try FileManager.default.contentsOfDirectory(atPath: options.spoolDirectory.path).filter { $0.hasSuffix(".wav") }
        #expect(spooled.count == 1)
        let failedID = try #require(spooled.first.map { String($0.dropLast(4)) })
        #expect(try await downStore.note(id: failedID)?.status == .failed)

        // Then the next run (with the recognizer back) finishes it before listening
        let (services, store, pipeline, _) = try Self.pipeline(scratch)
        let again = EventLog()
        let recovered = try await services.closing { try await pipeline.recoverSpool(options: options) { again.add($0) } }
        #expect(recovered == 1)
        let note = try #require(try await store.note(id: failedID))
        #expect(note.status == .done)
        #expect(note.transcript.lowercased().contains("rent"))
        #expect(try await store.counts() == (notes: 1, tasks: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: options.spoolDirectory.path).filter { $0.hasSuffix(".wav") }.isEmpty)
    }

    @Test("a note left in the spool whose finishing stopped docket listen twice is set aside in failed/, so listening can start")
    func noteThatStoppedListeningTwiceIsSetAside() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dictation = try await Dictation.make(["Pay the rent tomorrow."], pauses: [3.5], in: scratch)
        let (downServices, _, downPipeline, options) = try Self.pipeline(scratch, whisperURL: URL(string: "http://127.0.0.1:9")!)
        _ = try await downServices.closing {
            try await downPipeline.run(engine: try Self.fileEngine(dictation.samples, scratch: scratch), options: options) { _ in }
        }
        let spool = options.spoolDirectory.path
        let id = try #require(try FileManager.default.contentsOfDirectory(atPath: spool).first { $0.hasSuffix(".wav") }.map { String($0.dropLast(4)) })
        // What two crashes while finishing it leave behind.
        try Data([1, 1]).write(to: options.spoolDirectory.appendingPathComponent("\(id).starts"))

        let (services, store, pipeline, _) = try Self.pipeline(scratch)
        let log = EventLog()
        let recovered = try await services.closing { try await pipeline.recoverSpool(options: options) { log.add($0) } }
        #expect(recovered == 0)
        let reasons = log.all.compactMap { if case .recoveryFailed(_, let error as ListenError) = $0 { error } else { nil } }
        #expect(reasons.map(\.code) == [.interrupted])
        #expect(reasons.first?.message.contains("failed/\(id).wav") == true, "\(reasons)")
        #expect(FileManager.default.fileExists(atPath: "\(spool)/failed/\(id).wav"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool).filter { $0.hasSuffix(".wav") || $0.hasSuffix(".starts") }.isEmpty)
        #expect(try await store.note(id: id)?.status == .failed, "the failed note stays as it was")
    }

    @Test("paced in real time through a FIFO, a note in two segments is stored after the first segment and again, with the same id, when it ends")
    func pacedNoteGrows() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // 1.8 s between the sentences: a segment pause (0.7 s) but not a note pause (2.5 s).
        let dictation = try await Dictation.make(["Pay the rent tomorrow.", "Email the report on Monday."], pauses: [1.8, 3], in: scratch)
        let (engine, writer) = try Self.pacedEngine(dictation.samples, scratch: scratch)
        defer { writer.waitUntilDone() }
        let (services, store, pipeline, options) = try Self.pipeline(scratch)
        let log = EventLog()

        let summary = try await services.closing { try await pipeline.run(engine: engine, options: options) { log.add($0) } }

        #expect(writer.failure == nil)
        #expect(summary.notes == 1)
        #expect(summary.droppedEvents == 0)
        let finished = try #require(log.finished.first, "events: \(log.all)")
        #expect(finished.segmentCount == 2)
        #expect(finished.tasks.map { $0.title.lowercased() }.contains { $0.contains("rent") }, "\(finished.note.transcript)")
        #expect(finished.tasks.count == 2, "\(finished.note.transcript)")
        // Stored when the first segment was back (one task), then again with both, under one id; the first
        // task kept its id across the update. On a loaded machine the first transcript may come back only after
        // the second segment has ended; then the note is stored once, with both.
        let stores = log.stored
        #expect(!stores.isEmpty)
        #expect(Set(stores.map(\.note.id)) == [finished.note.id])
        if let first = stores.first, first.segmentCount == 1 {
            #expect(stores.count == 2)
            #expect(first.tasks.count == 1)
            #expect(first.tasks.first?.id == finished.tasks.first?.id)
        }
        #expect(try await store.counts() == (notes: 1, tasks: 2))
    }

    @Test("--confirm speak reads the stored tasks back through an ALSA playback PCM (a file PCM writing what is played)")
    func confirmSpeak() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dictation = try await Dictation.make(["Call the dentist tomorrow at 3 pm."], pauses: [3.5], in: scratch)
        let arguments = try Self.listenArguments(dictation, scratch: scratch)
        // The same configuration file defines the speaker.
        let conf = scratch.path("mic.conf")
        let speaker = scratch.path("speaker.raw")
        let text = try String(contentsOfFile: conf, encoding: .utf8) + "\n" + ALSAPlayback.filePCMConfiguration(name: "speaker", file: speaker)
        try text.write(toFile: conf, atomically: true, encoding: .utf8)
        let result = try await runAsync(
            TestEnvironment.docketBinary.path, arguments + ["--activation", "always", "--confirm", "speak"],
            environment: ["DOCKET_DB": scratch.path("docket.sqlite"), "DOCKET_PLAYBACK_DEVICE": "speaker", "DOCKET_TZ": "America/New_York"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
        let played = try Data(contentsOf: URL(fileURLWithPath: speaker))
        // "Added: Call the dentist, <day> at 3 PM" at espeak-ng's 22,050 Hz: a couple of seconds.
        #expect(played.count > 22_050 * 2 * 2, "\(played.count) bytes; stderr: \(result.stderr)")
        #expect(!result.stderr.contains("could not be played"), "\(result.stderr)")
    }

    @Test("while a confirmation plays the capture hears silence: speech in that window becomes no note")
    func echoWindowIsSilence() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dictation = try await Dictation.make(["Added: pay the rent tomorrow."], pauses: [3.5], in: scratch)
        var (services, _, pipeline, options) = try Self.pipeline(scratch)
        let guardian = EchoGuard()
        guardian.playing(for: .seconds(600))
        options.echoGuard = guardian
        let log = EventLog()
        let summary = try await services.closing {
            try await pipeline.run(engine: try Self.fileEngine(dictation.samples, scratch: scratch), options: options) { log.add($0) }
        }
        #expect(summary.notes == 0 && summary.ignoredNotes == 0 && summary.tasklessNotes == 0)
        #expect(!log.all.contains { if case .segment = $0 { true } else { false } }, "\(log.all)")
    }

    /// `docket listen --json` over `dictation`, replayed through ALSA's file PCM to its end.
    static func listenArguments(_ dictation: Dictation, scratch: Scratch, name: String = "mic") throws -> [String] {
        let raw = scratch.path("\(name).raw")
        try dictation.writeRaw(to: raw)
        let conf = scratch.path("\(name).conf")
        try ALSACaptureDevice.filePCMConfiguration(name: "mic", infile: raw).write(toFile: conf, atomically: true, encoding: .utf8)
        return [
            "listen", "--whisper-url", TestEnvironment.whisperURL!.absoluteString, "--alsa-config", conf, "--device", "mic", "--lossless",
            "--duration", String(Double(dictation.samples.count) / 16_000), "--json",
        ]
    }

    @Test(
        "\"Docket, scratch that\" takes back the note before it, and after a sync its tasks are gone from the backend too",
        .enabled(if: DevBackend.available))
    func voiceUndoThroughSync() async throws {
        let backend = try #require(DevBackend.shared)
        let rig = try SyncRig(backend: backend)
        defer { rig.remove() }
        let email = try await backend.createUser()
        let token = try await rig.withSync { try await $0.login(email: email, password: "correct horse battery") }.accessToken
        func docket(_ arguments: [String]) async throws -> ProcessResult {
            let result = try await runAsync(TestEnvironment.docketBinary.path, arguments, environment: rig.environment)
            #expect(result.status == 0, "docket \(arguments.prefix(1)): \(result.stderr)")
            return result
        }
        func remote() async throws -> [String: Bool] {
            let rows = try await backend.call(.GET, "/rest/v1/tasks", query: "select=title,deleted_at", bearer: token).json as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: rows.map { (($0["title"] as? String ?? "").lowercased(), $0["deleted_at"] is String) })
        }

        let notes = try await Dictation.make(
            ["Docket, call the dentist tomorrow.", "Hey docket, email the report on Monday."], pauses: [4.5, 4], in: rig.scratch)
        _ = try await docket(try Self.listenArguments(notes, scratch: rig.scratch, name: "notes") + ["--no-sync"])
        _ = try await docket(["sync"])
        #expect(try await remote() == ["call the dentist": false, "email the report": false])

        let undo = try await Dictation.make(["Docket, scratch that."], pauses: [4], in: rig.scratch)
        let said = try await docket(try Self.listenArguments(undo, scratch: rig.scratch, name: "undo") + ["--no-sync"])
        let line = try JSONSerialization.jsonObject(with: Data(said.stdout.utf8)) as? [String: Any]
        let taken = (line?["undo"] as? [String: Any])?["tasks"] as? [[String: Any]]
        #expect(taken?.compactMap { ($0["title"] as? String)?.lowercased() } == ["email the report"], "stdout: \(said.stdout)")
        #expect(try await rig.store.counts() == (notes: 2, tasks: 1), "the command itself is not stored as a note")

        _ = try await docket(["sync"])
        #expect(try await remote() == ["call the dentist": false, "email the report": true])
    }

    @Test("docket listen --json prints one line per note; --once stops after the first")
    func commandLine() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dictation = try await Dictation.make(Array(Self.phrases.prefix(2)), pauses: [4.5, 4], in: scratch)
        let common =
            try Self.listenArguments(dictation, scratch: scratch) + [
                "--db", scratch.path("docket.sqlite"), "--now", "2026-11-18T09:00", "--tz", "America/New_York", "--activation", "always",
            ]

        let all = try await runAsync(TestEnvironment.docketBinary.path, common)
        #expect(all.status == 0, "stderr: \(all.stderr)")
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count == 2, "stdout: \(all.stdout)")
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect((first?["transcript"] as? String)?.lowercased().contains("rent") == true)
        #expect((first?["tasks"] as? [[String: Any]])?.first?["due_date"] as? String == "2026-11-19")

        let once = try await runAsync(TestEnvironment.docketBinary.path, common + ["--once", "--db", scratch.path("once.sqlite")])
        #expect(once.status == 0, "stderr: \(once.stderr)")
        #expect(once.stdout.split(separator: "\n").count == 1, "stdout: \(once.stdout)")

        let missing = try await runAsync(
            TestEnvironment.docketBinary.path, ["listen", "--db", scratch.path("x.sqlite"), "--device", "no-such-device-here", "--duration", "1"])
        // No such device: something needed is not there (sysexits' EX_UNAVAILABLE), so a unit does not restart into it.
        #expect(missing.status == 69)
        #expect(missing.stderr.contains("no-such-device-here"), "stderr: \(missing.stderr)")
    }

    @Test("SIGTERM right after speech finishes the note in progress before docket listen exits")
    func sigtermFinishesNote() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // The speech, then 20 s of silence; SIGTERM comes once 0.3 s past the speech was read, long before any pause
        // ends the note.
        let dictation = try await Dictation.make(["Pay the rent tomorrow."], pauses: [20], in: scratch)
        let fifo = scratch.path("mic.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let conf = scratch.path("mic.conf")
        try ALSACaptureDevice.filePCMConfiguration(name: "mic", infile: fifo).write(toFile: conf, atomically: true, encoding: .utf8)
        let out = scratch.url.appendingPathComponent("out.txt")
        let err = scratch.url.appendingPathComponent("err.txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = TestEnvironment.docketBinary
        process.arguments = [
            "listen", "--db", scratch.path("docket.sqlite"), "--whisper-url", TestEnvironment.whisperURL!.absoluteString,
            "--alsa-config", conf, "--device", "mic", "--json", "--now", "2026-11-18T09:00", "--tz", "America/New_York", "--activation", "always",
        ]
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        let writer = PacedFIFOWriter(path: fifo, samples: dictation.samples)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
                return
            }
            writer.start()
            Thread.detachNewThread {
                // SIGTERM once docket has read 0.3 s past the speech: by the reader's progress through the FIFO,
                // not by the clock, so a slow machine can't make it land before the speech was heard.
                let target = dictation.speechEnds[0] + 16_000 * 3 / 10
                let deadline = ContinuousClock.now + .seconds(120)
                while writer.consumedSamples < target, writer.failure == nil, ContinuousClock.now < deadline {
                    Thread.sleep(forTimeInterval: 0.005)
                }
                process.terminate()
            }
        }
        writer.waitUntilDone()
        let stdout = try String(contentsOf: out, encoding: .utf8)
        let stderr = try String(contentsOf: err, encoding: .utf8)
        #expect(status == 0, "stderr: \(stderr)")
        let lines = stdout.split(separator: "\n")
        #expect(lines.count == 1, "stdout: \(stdout) stderr: \(stderr)")
        let note = try lines.first.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? nil
        #expect((note?["tasks"] as? [[String: Any]])?.first?["due_date"] as? String == "2026-11-19", "stdout: \(stdout)")
    }
}
