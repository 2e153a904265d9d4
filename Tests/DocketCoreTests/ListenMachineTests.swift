import DocketAudio
import DocketTesting
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import DocketCore

/// The capture side of `docket listen` as a state machine, and the pipeline around it, without a Whisper server:
/// speech from espeak-ng, a scripted device and the fake transcriber. (The real server and ALSA's file PCM are
/// covered in DocketEndToEndTests.)
@Suite("Listen machine")
struct ListenMachineTests {
    /// Two sentences a segment pause apart, then a note pause, then another note.
    static func dictation() throws -> [Int16] {
        let one = try TestAudio.speech("Buy milk tomorrow.")
        let two = try TestAudio.speech("Call the dentist on Friday.")
        return TestAudio.withRoomTone(
            TestAudio.silence(0.5) + one + TestAudio.silence(1) + two + TestAudio.silence(4) + one + TestAudio.silence(4))
    }

    static func run(_ samples: [Int16], machine: inout ListenMachine, chunk: Int = 320) -> [ListenMachine.Action] {
        var actions: [ListenMachine.Action] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + chunk)
            actions += machine.audio(Array(samples[start..<end]))
            start = end
        }
        return actions + machine.captureEnded()
    }

    @Test("notes open once, every final segment is spooled before its transcription, and each counts one transcription")
    func actionsOfTwoNotes() throws {
        var machine = ListenMachine(policy: SegmentationPolicy())
        let actions = Self.run(try Self.dictation(), machine: &machine)

        #expect(actions.first == .announceListening)
        #expect(actions.filter { $0 == .announceListening }.count == 1)
        let opened = actions.compactMap { if case .openNote(let n, _) = $0 { n } else { nil } }
        let closed = actions.compactMap { if case .closeNote(let n) = $0 { n } else { nil } }
        #expect(opened == [0, 1])
        #expect(closed == [0, 1])
        // Each note is heard (for activation) before its first segment is cut, where that segment starts.
        let heard = actions.compactMap { if case .noteHeard(let n, let start) = $0 { (n, start) } else { nil } }
        #expect(heard.map(\.0) == [0, 1])
        for (note, start) in heard {
            let at = try #require(actions.firstIndex(of: .noteHeard(note: note, startSample: start)))
            #expect(actions.firstIndex(of: .openNote(note: note, startSample: start)).map { at < $0 } == true)
        }

        var started: [String: Set<Int>] = [:]
        var spooled: [(note: Int, index: Int)] = []
        for action in actions {
            switch action {
            case .transcribe(let segment, let generation):
                started["\(segment.noteIndex)/\(segment.index)", default: []].insert(generation)
            case .spool(let segment, let generation):
                spooled.append((segment.noteIndex, segment.index))
                #expect(generation > 0)
                // The generation that counts was started, now (after the spool) or as a tentative before it.
                let key = "\(segment.noteIndex)/\(segment.index)"
                let index = actions.firstIndex(of: action)!
                let later = actions[index...].contains(.transcribe(segment, generation: generation))
                #expect(started[key, default: []].contains(generation) || later)
            default:
                break
            }
        }
        #expect(spooled.filter { $0.note == 0 }.count == 2)
        #expect(spooled.filter { $0.note == 1 }.count == 1)
        // Each note's spool file is opened before its first segment is spooled, and closed after its last.
        for note in [0, 1] {
            let open = actions.firstIndex { if case .openNote(note, _) = $0 { true } else { false } }!
            let close = actions.firstIndex(of: .closeNote(note: note))!
            let spools = actions.indices.filter { if case .spool(let s, _) = actions[$0], s.noteIndex == note { true } else { false } }
            #expect(spools.allSatisfy { $0 > open && $0 < close })
        }
    }

    @Test("with once, the first closed note stops the capture and later audio is ignored")
    func onceStops() throws {
        var machine = ListenMachine(policy: SegmentationPolicy(), once: true)
        let actions = Self.run(try Self.dictation(), machine: &machine)
        #expect(actions.filter { if case .openNote = $0 { true } else { false } }.count == 1)
        let close = try #require(actions.firstIndex(of: .closeNote(note: 0)))
        #expect(actions[close + 1] == .stopCapture)
        #expect(actions.count == close + 2)
    }

    @Test("a lost device ends the note in progress at once")
    func deviceLostClosesTheNote() throws {
        var machine = ListenMachine(policy: SegmentationPolicy())
        let speech = TestAudio.withRoomTone(TestAudio.silence(0.5) + (try TestAudio.speech("Water the plants.")))
        var actions: [ListenMachine.Action] = []
        var start = 0
        while start < speech.count {
            actions += machine.audio(Array(speech[start..<min(speech.count, start + 320)]))
            start += 320
        }
        #expect(!actions.contains(.closeNote(note: 0)))
        let lost = machine.deviceLost()
        #expect(lost.contains(.closeNote(note: 0)))
        #expect(!machine.isInNote)
    }

    @Test("the pipeline stores each note through the note stage with the fake transcriber and a scripted device")
    func pipelineWithScriptedDevice() async throws {
        let samples = try Self.dictation()
        let transcriber = FakeTranscriber(.scripted(["Buy milk tomorrow.", "Call the dentist on Friday.", "Buy milk tomorrow."]))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docket-listen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DocketStore.inMemory()
        let stage = NoteStage(configuration: DocketConfiguration(), transcriber: transcriber, store: store)
        let pipeline = ListenPipeline(stage: stage, logger: Logger(label: "test"))
        // The device hands out the dictation, then nothing; the engine ends after the last sample. Waiting for the
        // consumer keeps every sample, however slowly the test machine runs.
        let device = ScriptedDevice([.audio(samples)])
        let engine = CaptureEngine(device: device, configuration: .init(stallTimeout: nil, maxFrames: Int64(samples.count), waitsForConsumer: true))
        let finished = Mutex<[ListenedNote]>([])
        let options = ListenOptions(
            timeZone: TimeZone(identifier: "America/New_York")!, startDate: ReferenceTime.parse("2026-11-18T09:00:00-05:00", zone: .current),
            spoolDirectory: directory)
        let summary = try await pipeline.run(engine: engine, options: options) { event in
            if case .noteFinished(let note) = event { finished.withLock { $0.append(note) } }
        }

        #expect(summary.notes == 2)
        let notes = finished.withLock { $0 }.sorted { $0.index < $1.index }
        try #require(notes.count == 2)
        // Every transcription is a segment or a tentative one; the texts are handed out in request order, so only
        // the set of titles is certain.
        let titles = Set(notes.flatMap { $0.tasks.map(\.title) })
        #expect(titles.isSubset(of: ["Buy milk", "Call the dentist"]))
        #expect(notes.allSatisfy { !$0.tasks.isEmpty })
        // Stored once per note, spool emptied.
        #expect(try await store.counts().notes == 2)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".wav") }
        #expect(left.isEmpty)
    }
}

extension ListenMachineTests {
    /// A wake-word detector that hears the word only once it has been sent the whole stream, then answers a moment
    /// later: a detector working through a backlog, whose answer comes after the capture has ended.
    struct LateDetector: WakeWordDetector {
        let total: Int64
        let stamp: Int64

        func listen(to audio: AsyncStream<AudioChunk>, detected: @escaping @Sendable (WakeWordDetection) -> Void) async throws {
            var answered = false
            for await chunk in audio where !answered && chunk.firstFrame + Int64(chunk.samples.count) >= total {
                answered = true
                try? await Task.sleep(for: .milliseconds(300))
                detected(WakeWordDetection(name: "hey_jarvis", sample: stamp))
            }
        }
    }

    @Test("a wake-word detection that comes after the capture has ended still addresses its note")
    func lateDetectionAfterTheCaptureEnds() async throws {
        let speech = try TestAudio.speech("Buy milk tomorrow.")
        let samples = TestAudio.withRoomTone(TestAudio.silence(0.5) + speech + TestAudio.silence(3))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docket-listen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DocketStore.inMemory()
        let stage = NoteStage(configuration: DocketConfiguration(), transcriber: FakeTranscriber(text: "Buy milk tomorrow."), store: store)
        let pipeline = ListenPipeline(stage: stage, logger: Logger(label: "test"))
        let engine = CaptureEngine(
            device: ScriptedDevice([.audio(samples)]), configuration: .init(stallTimeout: nil, maxFrames: Int64(samples.count), waitsForConsumer: true))
        var options = ListenOptions(spoolDirectory: directory)
        // Stamped where the speech ends, as the word's detection in the note would be.
        options.wakeWord = LateDetector(total: Int64(samples.count), stamp: Int64(8_000 + speech.count))
        // The wait ends when the note is addressed, not at this limit: long enough for any machine.
        options.wakeWordDrain = .seconds(600)
        let summary = try await pipeline.run(engine: engine, options: options) { _ in }

        #expect(summary.notes == 1)
        #expect(summary.ignoredNotes == 0)
        #expect(try await store.counts().notes == 1)
    }
}

/// `docket listen`'s services as the command builds them (``DocketServices/listenServices(store:engine:options:sync:events:onFinish:onSyncReport:)``),
/// run in a service group: the listen service ends the group when the capture ends.
@Suite("Listen services")
struct ListenServicesTests {
    @Test("the listen builder's services run to the end of the capture and report the summary")
    func builderRunsToTheEnd() async throws {
        let samples = try ListenMachineTests.dictation()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docket-listen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = DocketConfiguration()
        configuration.databasePath = directory.appendingPathComponent("docket.sqlite").path
        let transcriber = FakeTranscriber(text: "Docket, buy milk tomorrow.")
        let summary = try await DocketServices.with(configuration: configuration, logger: Logger(label: "test"), transcriber: transcriber) { services in
            let store = try DocketStore.inMemory()
            let engine = CaptureEngine(
                device: ScriptedDevice([.audio(samples)]), configuration: .init(stallTimeout: nil, maxFrames: Int64(samples.count), waitsForConsumer: true))
            var options = services.listenOptions()
            options.spoolDirectory = directory.appendingPathComponent("listen-spool")
            let outcome = Mutex<ListenSummary?>(nil)
            let list = services.listenServices(
                store: store, engine: engine, options: options, sync: nil, events: { _ in }, onFinish: { summary in outcome.withLock { $0 = summary } },
                onSyncReport: { _ in })
            #expect(list.count == 1, "no sync service without a sync engine")
            try await ServiceGroup(configuration: ServiceGroupConfiguration(services: list, logger: Logger(label: "test"))).run()
            return outcome.withLock { $0 }
        }
        #expect(summary?.notes == 2)
        // The fake hears "Buy milk tomorrow." in every segment: two segments in the first note, one in the second.
        #expect(summary?.tasks == 3)
    }
}
