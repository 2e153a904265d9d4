import DocketAudio
import DocketTesting
import Foundation
import Testing

/// The engine's recovery paths (overrun, suspend, disconnect, stall), its drop accounting and
/// its stop behaviour, driven by a scripted device.
@Suite("Capture: engine recovery and stop")
struct CaptureEngineRecoveryTests {
    /// Fast waits and backoff so the scripted paths run in milliseconds.
    static let quick = CaptureEngine.Configuration(
        chunkFrames: 320,
        waitMilliseconds: 5,
        stallTimeout: nil,
        initialReopenDelay: .milliseconds(5),
        maximumReopenDelay: .milliseconds(20)
    )

    static func chunkCount(_ events: [CaptureEvent]) -> Int {
        events.count { $0.chunk != nil }
    }

    @Test("overrun and suspend are recovered in place; a disconnect closes, reports, backs off and reopens")
    func recoveryPaths() async {
        // Given a device that overruns, suspends, then disconnects, and fails its first reopen
        let log = DeviceLog()
        let device = ScriptedDevice(
            [.frames(320), .overrun, .frames(320), .suspended, .frames(320), .disconnected(-19), .frames(320)],
            opens: [true, false, true],
            log: log
        )
        let engine = CaptureEngine(device: device, configuration: Self.quick)

        // When capturing until four chunks have arrived
        let events = await collectEvents(engine) { Self.chunkCount($0) == 4 }

        // Then every problem is reported in order, and chunk frame numbers continue across the reopen
        #expect(
            events.map(\.summary) == [
                "chunk@0+320", "overrun(1)", "chunk@320+320", "suspended", "chunk@640+320",
                "deviceLost(disconnected)", "reopened", "chunk@960+320", "finished",
            ])
        #expect(
            log.notable == [
                "open", "overrun", "recover(overrun)", "suspended", "recover(suspended)", "disconnected",
                "close", "open failed", "open", "close",
            ])
        #expect(engine.overrunCount == 1)
        #expect(engine.droppedEventCount == 0)
        let samples = events.compactMap(\.chunk).flatMap(\.samples)
        #expect(samples == (0..<1_280).map { Int16($0) })
    }

    @Test("a device that cannot recover from an overrun is reopened")
    func recoverFailureReopens() async {
        let log = DeviceLog()
        let device = ScriptedDevice([.frames(320), .overrun, .frames(320)], recoverFails: true, log: log)
        let engine = CaptureEngine(device: device, configuration: Self.quick)

        let events = await collectEvents(engine) { Self.chunkCount($0) == 2 }

        #expect(events.map(\.summary) == ["chunk@0+320", "overrun(1)", "deviceLost(io)", "reopened", "chunk@320+320", "finished"])
        #expect(log.notable == ["open", "overrun", "recover(overrun)", "close", "open", "close"])
    }

    @Test("a device that goes silent past the stall timeout is reopened")
    func stallReopens() async throws {
        let log = DeviceLog()
        let device = ScriptedDevice([.frames(320), .silentUntilReopened, .frames(320)], log: log)
        var configuration = Self.quick
        // Long enough that a loaded machine's scheduling delays are not mistaken for a stall.
        configuration.stallTimeout = .milliseconds(750)
        let engine = CaptureEngine(device: device, configuration: configuration)

        let events = await collectEvents(engine) { Self.chunkCount($0) == 2 }

        // (The device stays silent after its second chunk, so a slow consumer may see a second
        // stall before its stop request lands; only the prefix is deterministic.)
        // (A loaded machine may also stall again between the reopen and the next read.)
        #expect(events.prefix(3).map(\.summary) == ["chunk@0+320", "deviceLost(disconnected)", "reopened"])
        #expect(events.contains { $0.summary == "chunk@320+320" })
        #expect(events.last?.summary == "finished")
        let lost = try #require(
            events.compactMap { event -> CaptureError? in
                if case .deviceLost(let error) = event { return error }
                return nil
            }.first)
        #expect(lost.message.contains("delivered no audio"))
    }

    @Test("a device that cannot be opened at start fails the capture with its error")
    func initialOpenFails() async {
        let log = DeviceLog()
        let engine = CaptureEngine(device: ScriptedDevice([], opens: [false], log: log), configuration: Self.quick)

        let events = await collectEvents(engine)

        #expect(events.map(\.summary) == ["failed(notFound)", "finished"])
        await engine.stop()  // returns at once: the capture already ended
        #expect(log.notable == ["open failed"])
    }

    @Test("a consumer that falls behind loses the oldest events, and the loss is counted and reported")
    func dropsAreCounted() async throws {
        // Given a device far faster than the consumer, a 4-event buffer and a 100-chunk limit
        let log = DeviceLog()
        let device = ScriptedDevice([], then: .frames(320), log: log)
        var configuration = Self.quick
        configuration.bufferedEvents = 4
        configuration.maxFrames = 100 * 320
        let engine = CaptureEngine(device: device, configuration: configuration)
        let stream = engine.start()

        // When the consumer only starts reading once the capture has ended
        let deadline = ContinuousClock.now + .seconds(60)
        while log.count("close") == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        await engine.stop()
        var events: [CaptureEvent] = []
        for await event in stream { events.append(event) }

        // Then it gets the newest events, ending with a drop report and `finished`
        #expect(log.count("read") == 100)
        #expect(events.count == 4)
        #expect(events.last?.summary == "finished")
        guard events.count >= 2, case .dropped(let reported) = events[events.count - 2] else {
            Issue.record("expected a drop report before finished, got \(events.map(\.summary))")
            return
        }
        // The report counts everything discarded before it; `finished` may have displaced one more.
        #expect(reported >= 96)
        #expect(engine.droppedEventCount >= reported)
        #expect(engine.droppedEventCount <= reported + 1)
        // Frame numbers show exactly what the consumer missed.
        let lastChunk = try #require(events.compactMap(\.chunk).last)
        #expect(lastChunk.endFrame == Int64(100 * 320))
    }

    @Test("with waitsForConsumer, a slow consumer gets every chunk and nothing is discarded")
    func waitsForSlowConsumer() async throws {
        // Given a device far faster than the consumer, a 4-event buffer, and an engine that waits for its consumer
        let log = DeviceLog()
        let device = ScriptedDevice([], then: .frames(320), log: log)
        var configuration = Self.quick
        configuration.bufferedEvents = 4
        configuration.maxFrames = 100 * 320
        configuration.waitsForConsumer = true
        let engine = CaptureEngine(device: device, configuration: configuration)

        // When the consumer takes a while over each event
        var chunks: [AudioChunk] = []
        var last: CaptureEvent?
        for await event in engine.start() {
            last = event
            if let chunk = event.chunk { chunks.append(chunk) }
            try await Task.sleep(for: .milliseconds(2))
        }

        // Then every chunk arrives, in order, and nothing was dropped
        #expect(chunks.count == 100)
        #expect(chunks.map(\.firstFrame) == (0..<100).map { Int64($0 * 320) })
        #expect(engine.droppedEventCount == 0)
        #expect(last?.summary == "finished")
    }

    @Test("with waitsForConsumer, a stop ends the capture even when the consumer stopped reading")
    func waitingCaptureStops() async throws {
        let log = DeviceLog()
        let device = ScriptedDevice([], then: .frames(320), log: log)
        var configuration = Self.quick
        configuration.bufferedEvents = 2
        configuration.waitsForConsumer = true
        let engine = CaptureEngine(device: device, configuration: configuration)
        let stream = engine.start()
        // Nobody reads: the capture thread fills the buffer and waits for room; stop() must still return.
        let deadline = ContinuousClock.now + .seconds(120)
        while log.count("read") < 1, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(log.count("read") >= 1)
        await engine.stop()
        var events: [CaptureEvent] = []
        for await event in stream { events.append(event) }
        #expect(events.last?.summary == "finished")
        #expect(log.count("close") == 1)
    }

    @Test("stop() returns while the device is waiting for audio, and the stream ends with finished")
    func stopWhileWaiting() async throws {
        let log = DeviceLog()
        var configuration = Self.quick
        configuration.waitMilliseconds = 100
        let engine = CaptureEngine(device: ScriptedDevice([], then: .timeout, log: log), configuration: configuration)
        let stream = engine.start()
        let deadline = ContinuousClock.now + .seconds(60)
        while log.count("open") == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }

        await engine.stop()

        var events: [CaptureEvent] = []
        for await event in stream { events.append(event) }
        #expect(events.map(\.summary) == ["finished"])
        #expect(log.notable == ["open", "close"])
    }

    @Test("stop() returns while the engine is backing off before a reopen")
    func stopWhileBackingOff() async throws {
        let log = DeviceLog()
        var configuration = Self.quick
        configuration.initialReopenDelay = .seconds(5)
        configuration.maximumReopenDelay = .seconds(5)
        let device = ScriptedDevice([.disconnected(-19)], opens: [true, false, false, false], log: log)
        let engine = CaptureEngine(device: device, configuration: configuration)
        let stream = engine.start()
        let deadline = ContinuousClock.now + .seconds(60)
        while log.count("close") == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }

        await engine.stop()

        var events: [CaptureEvent] = []
        for await event in stream { events.append(event) }
        // On a loaded machine the backoff may end (and the reopen succeed) before the stop lands.
        let summaries = events.map(\.summary)
        #expect(summaries == ["deviceLost(disconnected)", "finished"] || summaries == ["deviceLost(disconnected)", "reopened", "finished"], "\(summaries)")
    }

    @Test("abandoning the stream stops the capture")
    func abandoningStops() async {
        let log = DeviceLog()
        let engine = CaptureEngine(device: ScriptedDevice([], then: .frames(320), log: log), configuration: Self.quick)

        for await event in engine.start() where event.chunk != nil {
            break
        }
        await engine.stop()

        #expect(log.notable == ["open", "close"])
    }

    @Test("stop() before start() means the engine never captures; it is safe to repeat")
    func stopBeforeStart() async {
        let log = DeviceLog()
        let engine = CaptureEngine(device: ScriptedDevice([], then: .frames(320), log: log), configuration: Self.quick)

        await engine.stop()
        await engine.stop()
        let events = await collectEvents(engine)

        #expect(events.map(\.summary) == ["finished"])
        #expect(log.all.isEmpty)
    }

    @Test("an engine captures once: a second start() only finishes")
    func startsOnce() async {
        let log = DeviceLog()
        var configuration = Self.quick
        configuration.maxFrames = 640
        let engine = CaptureEngine(device: ScriptedDevice([], then: .frames(320), log: log), configuration: configuration)

        let first = await collectEvents(engine)
        let second = await collectEvents(engine)

        #expect(first.map(\.summary) == ["chunk@0+320", "chunk@320+320", "finished"])
        #expect(second.map(\.summary) == ["finished"])
    }
}
