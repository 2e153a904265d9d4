import DocketAudio
import DocketTesting
import Foundation
import Logging
import Testing

@testable import DocketCore

/// The pipeline's own logic (order, dedupe, failures) with an in-memory transcriber; the real-server
/// path is covered in DocketEndToEndTests.
@Suite("Pipeline")
struct PipelineTests {
    /// A tone burst: enough for the speech detector to call it speech.
    static func writeToneWAV(_ url: URL, seconds: Double = 2) throws {
        let rate = 16_000
        var samples = [Int16](repeating: 0, count: rate / 2)
        for n in 0..<Int(seconds * Double(rate)) {
            let t = Double(n) / Double(rate)
            let envelope = 0.5 * (1 - cos(2 * Double.pi * 3 * t))
            samples.append(Int16(8000 * envelope * (sin(2 * .pi * 180 * t) + 0.5 * sin(2 * .pi * 360 * t)) / 1.5))
        }
        samples += [Int16](repeating: 0, count: rate / 2)
        try WAVWriter.write(samples, sampleRate: rate, to: url)
    }

    static let reference = ReferenceTime.parse("2026-11-18T09:00:00-05:00", zone: TimeZone(identifier: "America/New_York")!)!
    static let options = IngestOptions(referenceDate: reference, timeZone: TimeZone(identifier: "America/New_York")!, language: "en")

    @Test func transcribesExtractsStoresAndDeduplicates() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-pipe-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("tone.wav")
        try Self.writeToneWAV(wav)
        let transcriber = FakeTranscriber(.scripted(["Call mom tomorrow at 5 pm."]))
        let store = try DocketStore.inMemory()
        let pipeline = IngestPipeline(
            stage: NoteStage(configuration: DocketConfiguration(), transcriber: transcriber, store: store), logger: Logger(label: "t"))

        let outcome = try await pipeline.ingest(path: wav.path, options: Self.options)
        #expect(outcome.status == .processed)
        #expect(outcome.tasks.map(\.title) == ["Call mom"])
        #expect(outcome.tasks.first?.dueAt == "2026-11-19T17:00:00-05:00")
        let again = try await pipeline.ingest(path: wav.path, options: Self.options)
        #expect(again.status == .duplicate)
        #expect(await transcriber.calls == 1)
    }

    @Test("what the extractor noted is stored with the note, and the same audio again reports it again")
    func diagnosticsAreKeptWithTheNote() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-pipe-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("tone.wav")
        try Self.writeToneWAV(wav)
        let store = try DocketStore.inMemory()
        let transcriber = FakeTranscriber(.scripted(["Call mom tomorrow. Did the mail come?"]))
        let pipeline = IngestPipeline(
            stage: NoteStage(configuration: DocketConfiguration(), transcriber: transcriber, store: store), logger: Logger(label: "t"))

        let outcome = try await pipeline.ingest(path: wav.path, options: Self.options)
        #expect(outcome.tasks.map(\.title) == ["Call mom"])
        let noted = try #require(outcome.diagnostics.first)
        #expect(noted.message.hasPrefix("Not a task"))
        #expect(try await store.note(id: outcome.note.id)?.diagnostics == outcome.diagnostics)
        let again = try await pipeline.ingest(path: wav.path, options: Self.options)
        #expect(again.status == .duplicate && again.diagnostics == outcome.diagnostics)
    }

    @Test func aFailedTranscriptionIsRecordedAndRetriedNextTime() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-pipe-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("tone.wav")
        try Self.writeToneWAV(wav)
        let transcriber = FakeTranscriber(.scripted(["Buy milk."]))
        await transcriber.fail(TranscriptionError(.server, "boom"))
        let store = try DocketStore.inMemory()
        let pipeline = IngestPipeline(
            stage: NoteStage(configuration: DocketConfiguration(), transcriber: transcriber, store: store), logger: Logger(label: "t"))

        await #expect(throws: TranscriptionError.self) { try await pipeline.ingest(path: wav.path, options: Self.options) }
        let hash = try IngestPipeline.sha256(path: wav.path)
        let failed = try #require(try await store.note(contentHash: hash))
        #expect(failed.status == .failed)
        #expect(failed.error == "boom")

        await transcriber.fail(nil)
        let outcome = try await pipeline.ingest(path: wav.path, options: Self.options)
        #expect(outcome.status == .processed)
        #expect(outcome.note.id == failed.id)
        #expect(outcome.tasks.map(\.title) == ["Buy milk"])
        #expect(try await store.counts().notes == 1)
    }

    @Test func missingFileAndDirectory() async throws {
        let pipeline = IngestPipeline(
            stage: NoteStage(configuration: DocketConfiguration(), transcriber: FakeTranscriber(.scripted([])), store: nil), logger: Logger(label: "t"))
        await #expect {
            _ = try await pipeline.ingest(path: "/nonexistent/note.wav", options: Self.options)
        } throws: { ($0 as? AudioError)?.code == .fileNotFound && "\($0)".contains("/nonexistent/note.wav") }
        await #expect {
            _ = try await pipeline.ingest(path: FileManager.default.temporaryDirectory.path, options: Self.options)
        } throws: { ($0 as? AudioError)?.code == .unreadable && "\($0)".contains("directory") }
    }

    @Test func sha256MatchesKnownValue() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docket-hash-\(UUID())")
        try Data("abc".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try IngestPipeline.sha256(path: url.path) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
