import DocketCore
import DocketTesting
import Foundation
import Logging
import Testing

/// The whole ingest path through the real local Whisper server, in process.
@Suite("Ingest end to end", .enabled(if: TestEnvironment.whisperAvailable), .serialized)
struct IngestEndToEndTests {
    static let note = "Remind me to call the dentist on Friday at 3 pm. Also buy milk tomorrow."

    func withPipeline(model: String? = nil, _ body: (IngestPipeline, DocketStore, FakeTranscriber) async throws -> Void) async throws {
        var config = TestEnvironment.configuration()
        if let model { config.whisperModel = model }
        let services = DocketServices(configuration: config, logger: Logger(label: "e2e"))
        let counting = FakeTranscriber(.forwarded(services.transcriber))
        let store = try DocketStore.inMemory()
        let pipeline = IngestPipeline(stage: NoteStage(configuration: config, transcriber: counting, store: store), logger: services.logger)
        do {
            try await body(pipeline, store, counting)
        } catch {
            try await services.shutdown()
            throw error
        }
        try await services.shutdown()
    }

    var options: IngestOptions { IngestOptions(referenceDate: TestEnvironment.reference, timeZone: TestEnvironment.newYork, language: "en") }

    /// Checks the dentist/milk note: two tasks, Friday 15:00 and tomorrow (words may vary with tiny.en).
    func expectDentistNote(_ tasks: [TaskRecord], _ label: String) {
        #expect(tasks.count == 2, "\(label): \(tasks.map(\.title))")
        #expect(tasks.first?.dueDate == "2026-11-20", "\(label)")
        #expect(tasks.first?.dueTime == "15:00", "\(label)")
        #expect(tasks.first?.dueAt == "2026-11-20T15:00:00-05:00", "\(label)")
        #expect(tasks.last?.dueDate == "2026-11-19", "\(label)")
        #expect(tasks.first?.title.lowercased().contains("dentist") == true, "\(label)")
    }

    @Test func spokenNoteBecomesStoredTasks() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let wav = try await scratch.speak(Self.note)
        try await withPipeline { pipeline, store, _ in
            let outcome = try await pipeline.ingest(path: wav, options: options)
            #expect(outcome.status == .processed)
            #expect(outcome.note.transcript.lowercased().contains("dentist"))
            #expect(outcome.note.durationSeconds > 3 && outcome.note.durationSeconds < 8)
            expectDentistNote(outcome.tasks, "espeak wav")
            let stored = try await store.tasks(noteID: outcome.note.id)
            #expect(stored == outcome.tasks)
            #expect(try await store.note(contentHash: outcome.note.contentHash)?.status == .done)
        }
    }

    /// Whisper base, joined from its PyPI parts by `scripts/setup.sh --model base` and served by name.
    static let baseModelInstalled = FileManager.default.fileExists(
        atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Models/whisper-base/model.bin").path)

    @Test(.enabled(if: baseModelInstalled)) func spokenNoteThroughWhisperBase() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let wav = try await scratch.speak(Self.note)
        try await withPipeline(model: "base") { pipeline, _, _ in
            let outcome = try await pipeline.ingest(path: wav, options: options)
            #expect(outcome.status == .processed)
            expectDentistNote(outcome.tasks, "Whisper base")
        }
    }

    @Test func everyEncodingAndRate() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let wav = try await scratch.speak(Self.note)
        let variants: [(String, String)] = [
            ("16 kHz mono 16-bit", try await scratch.sox(wav, "a.wav", ["-r", "16000", "-c", "1", "-b", "16"])),
            ("44.1 kHz stereo 16-bit", try await scratch.sox(wav, "b.wav", ["-r", "44100", "-c", "2", "-b", "16"])),
            ("48 kHz stereo float32", try await scratch.sox(wav, "c.wav", ["-r", "48000", "-c", "2", "-e", "floating-point", "-b", "32"])),
            ("96 kHz 24-bit", try await scratch.sox(wav, "d.wav", ["-r", "96000", "-b", "24"])),
            ("8 kHz mu-law", try await scratch.sox(wav, "e.wav", ["-r", "8000", "-e", "mu-law"])),
            ("8 kHz A-law", try await scratch.sox(wav, "f.wav", ["-r", "8000", "-e", "a-law"])),
            ("float64 6 channels", try await scratch.sox(wav, "g.wav", ["-r", "32000", "-c", "6", "-e", "floating-point", "-b", "64"])),
            ("FLAC", try await scratch.sox(wav, "h.flac", [])),
            ("OGG Vorbis", try await scratch.ffmpeg(wav, "i.ogg", ["-c:a", "libvorbis"])),
            ("Opus", try await scratch.ffmpeg(wav, "j.opus", ["-c:a", "libopus"])),
            ("MP3", try await scratch.ffmpeg(wav, "k.mp3", [])),
            ("M4A", try await scratch.ffmpeg(wav, "l.m4a", ["-c:a", "aac"])),
        ]
        try await withPipeline { pipeline, _, _ in
            for (label, file) in variants {
                let outcome = try await pipeline.ingest(path: file, options: options)
                #expect(outcome.status == .processed, "\(label)")
                #expect(outcome.tasks.contains { $0.dueDate == "2026-11-20" && $0.dueTime == "15:00" }, "\(label): \(outcome.note.transcript)")
            }
        }
    }

    @Test func sameAudioTwiceIsNotDuplicated() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let wav = try await scratch.speak(Self.note)
        let copy = scratch.path("copy.wav")
        try FileManager.default.copyItem(atPath: wav, toPath: copy)
        try await withPipeline { pipeline, store, counter in
            let first = try await pipeline.ingest(path: wav, options: options)
            let again = try await pipeline.ingest(path: copy, options: options)
            #expect(again.status == .duplicate)
            #expect(again.note.id == first.note.id)
            #expect(again.tasks.map(\.id) == first.tasks.map(\.id))
            #expect(await counter.calls == 1)
            var forced = options
            forced.force = true
            let redo = try await pipeline.ingest(path: wav, options: forced)
            #expect(redo.status == .processed)
            #expect(redo.note.id == first.note.id)
            let counts = try await store.counts()
            #expect(counts.notes == 1)
            #expect(counts.tasks == redo.tasks.count)
        }
    }

    @Test func silenceSendsNothing() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let silence = scratch.path("silence.wav")
        try await run("sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", silence, "trim", "0", "5"])
        let hiss = scratch.path("hiss.wav")
        try await run("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", hiss, "synth", "5", "whitenoise", "vol", "0.002"])
        try await withPipeline { pipeline, _, counter in
            for file in [silence, hiss] {
                let outcome = try await pipeline.ingest(path: file, options: options)
                #expect(outcome.status == .noSpeech, "\(file)")
                #expect(outcome.tasks.isEmpty)
            }
            #expect(await counter.calls == 0)
        }
    }

    @Test func longAudioIsSplitAtPausesAndKeptInOrder() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let parts = [
            try await scratch.speak("Call the plumber tomorrow.", name: "p1.wav"),
            try await scratch.speak("Email the report on Monday.", name: "p2.wav"),
            try await scratch.speak("Book a table for Friday at 7 pm.", name: "p3.wav"),
        ]
        let pause = scratch.path("pause.wav")
        try await run("sox", ["-n", "-r", "22050", "-c", "1", "-b", "16", pause, "trim", "0", "2.5"])
        let long = scratch.path("long.wav")
        // Each part is ~2 s; with 2.5 s pauses and 4 s pieces, every piece holds one part.
        try await run("sox", [parts[0], pause, parts[1], pause, parts[2], long])
        var config = TestEnvironment.configuration()
        config.maxPieceSeconds = 10
        let services = DocketServices(configuration: config, logger: Logger(label: "e2e"))
        let counting = FakeTranscriber(.forwarded(services.transcriber))
        let pipeline = IngestPipeline(stage: NoteStage(configuration: config, transcriber: counting, store: nil), logger: services.logger)
        let outcome: IngestOutcome
        do {
            outcome = try await pipeline.ingest(path: long, options: options)
        } catch {
            try await services.shutdown()
            throw error
        }
        try await services.shutdown()
        #expect(await counting.calls >= 2)
        let text = outcome.note.transcript.lowercased()
        let plumber = try #require(text.range(of: "plumber"))
        let table = try #require(text.range(of: "table"))
        #expect(plumber.lowerBound < table.lowerBound)
        #expect(outcome.tasks.map(\.dueDate) == ["2026-11-19", "2026-11-23", "2026-11-20"], "\(outcome.tasks.map(\.title))")
        #expect(outcome.note.segments.map(\.start) == outcome.note.segments.map(\.start).sorted())
    }
}
