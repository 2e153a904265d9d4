import DocketAudio
import DocketTesting
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The engine over real libasound, with ALSA's `file` PCM standing in for a microphone.
@Suite("Capture: engine over ALSA's file PCM")
struct CaptureEngineALSATests {
    /// Captures `samples` through a `file` PCM whose infile holds exactly them.
    ///
    /// The frame limit is the file's length because the plugin never reports the end of its
    /// infile: it keeps returning "full" reads of stale data. The buffer holds every chunk,
    /// because the plugin is not paced and would otherwise outrun the consumer.
    static func captureThroughFilePCM(_ samples: [Int16], scratch: TemporaryDirectory) async throws -> (events: [CaptureEvent], engine: CaptureEngine) {
        let infile = scratch.path("mic.raw")
        try CaptureFixtures.writeRaw(samples, to: infile)
        let device = ALSACaptureDevice(name: "mic", configuration: CaptureFixtures.fileMicConfiguration(infile: infile))
        let configuration = CaptureEngine.Configuration(
            bufferedEvents: samples.count / 320 + 16,
            maxFrames: Int64(samples.count)
        )
        let engine = CaptureEngine(device: device, configuration: configuration)
        return (await collectEvents(engine), engine)
    }

    @Test("delivers exactly the infile's samples in 20 ms chunks, then finishes")
    func capturesTone() async throws {
        // Given 1.01 s of tone: 50 whole chunks and a half one
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let tone = CaptureFixtures.tone(frames: 16_160)

        // When capturing it through libasound
        let (events, engine) = try await Self.captureThroughFilePCM(tone, scratch: scratch)

        // Then the samples are identical, chunked at 320 frames with consecutive frame numbers
        let chunks = events.compactMap(\.chunk)
        #expect(chunks.flatMap(\.samples) == tone)
        #expect(chunks.count == 51)
        #expect(chunks.last?.samples.count == 160)
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.endFrame == $1.firstFrame })
        #expect(events.last?.summary == "finished")
        #expect(events.count == chunks.count + 1)
        #expect(engine.droppedEventCount == 0)
        #expect(engine.overrunCount == 0)
    }

    @Test(
        "delivers espeak-ng speech converted by sox sample for sample",
        .enabled(if: CaptureFixtures.hasTool("espeak-ng") && CaptureFixtures.hasTool("sox"))
    )
    func capturesSpeech() async throws {
        // Given a spoken note converted to exactly the capture format
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let wav = scratch.path("note.wav")
        let raw = scratch.path("note.raw")
        try CaptureFixtures.run("espeak-ng", ["-w", wav, "Buy milk tomorrow at nine."])
        try CaptureFixtures.run("sox", [wav, "-r", "16000", "-c", "1", "-b", "16", "-e", "signed-integer", "-t", "raw", raw])
        let speech = CaptureFixtures.samples(try Data(contentsOf: URL(fileURLWithPath: raw)))
        try #require(speech.count > 8_000)

        // When capturing it
        let (events, _) = try await Self.captureThroughFilePCM(speech, scratch: scratch)

        // Then it arrives unchanged
        #expect(events.compactMap(\.chunk).flatMap(\.samples) == speech)
        #expect(events.last?.summary == "finished")
    }

    @Test("an unknown device fails the capture with notFound")
    func unknownDevice() async {
        let engine = CaptureEngine(device: ALSACaptureDevice(name: "nosuch", configuration: "pcm.other { type null }"))
        let events = await collectEvents(engine)
        #expect(events.map(\.summary) == ["failed(notFound)", "finished"])
    }

    @Test("stop() ends an unpaced capture and closes the device")
    func stopEndsCapture() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let infile = scratch.path("mic.raw")
        try CaptureFixtures.writeRaw(CaptureFixtures.tone(frames: 16_000), to: infile)
        let device = ALSACaptureDevice(name: "mic", configuration: CaptureFixtures.fileMicConfiguration(infile: infile))
        let engine = CaptureEngine(device: device, configuration: .init(bufferedEvents: 8))
        let stream = engine.start()

        var received = 0
        for await event in stream {
            if event.chunk != nil { received += 1 }
            if received == 3 { break }
        }
        await engine.stop()

        #expect(received == 3)
    }

    @Test("through a FIFO fed every 20 ms, chunks arrive at about real time and unchanged")
    func pacedByFIFO() async throws {
        // Given a FIFO infile and a writer that sends one 20 ms chunk every 20 ms for 1.5 s
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let fifo = scratch.path("mic.fifo")
        try #require(mkfifo(fifo, 0o600) == 0, "mkfifo \(fifo) failed with errno \(errno)")
        let chunks = 75
        let tone = CaptureFixtures.tone(frames: chunks * 320)
        let writer = PacedFIFOWriter(path: fifo, samples: tone, chunkFrames: 320, interval: .milliseconds(20))
        writer.start()
        defer { writer.waitUntilDone() }

        let device = ALSACaptureDevice(name: "mic", configuration: CaptureFixtures.fileMicConfiguration(infile: fifo))
        let configuration = CaptureEngine.Configuration(stallTimeout: nil, maxFrames: Int64(tone.count))
        let engine = CaptureEngine(device: device, configuration: configuration)

        // When capturing, noting when each chunk arrives
        let started = ContinuousClock.now
        var arrivals: [ContinuousClock.Instant] = []
        var samples: [Int16] = []
        var last: CaptureEvent?
        for await event in engine.start() {
            last = event
            if let chunk = event.chunk {
                arrivals.append(.now)
                samples.append(contentsOf: chunk.samples)
            }
        }

        // Then the audio is intact and spans about its real duration (an unpaced read takes ~1 ms)
        #expect(writer.failure == nil)
        #expect(last?.summary == "finished")
        #expect(samples == tone)
        #expect(engine.droppedEventCount == 0)
        // The writer writes its first chunk only once the capture has opened the FIFO, and its
        // last one 74 intervals later, so the last chunk cannot arrive sooner than that after
        // start(); how much later depends on the machine's load, so there is no upper bound.
        let elapsed = try #require(arrivals.last) - started
        let nominal = Duration.milliseconds(20 * (chunks - 1))
        #expect(elapsed >= nominal * 0.95, "75 chunks arrived in \(elapsed), expected about \(nominal)")
    }
}
