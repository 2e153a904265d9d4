import Dispatch
import DocketSupport
import Foundation
import Synchronization

/// Something that happened during a capture, delivered in order by ``CaptureEngine/start()``.
public enum CaptureEvent: Sendable {
    /// Captured audio (at most ``CaptureEngine/Configuration/chunkFrames`` frames).
    case chunk(AudioChunk)
    /// The device overran (it was not read in time) and audio was lost; `total` counts every
    /// overrun since the capture started. The engine has already recovered the device.
    case overrun(total: Int)
    /// The system suspended the device and audio was lost; the engine has already resumed it.
    case suspended
    /// The event buffer was full, so the oldest undelivered events were discarded; `total`
    /// counts every discarded event since the capture started. Sent as soon as the consumer
    /// catches up, at least once per second of audio while discarding goes on, and before
    /// ``finished``.
    case dropped(total: Int)
    /// The device stopped working. The engine closed it and keeps reopening it, waiting
    /// between attempts (doubling up to ``CaptureEngine/Configuration/maximumReopenDelay``),
    /// until it opens again (``reopened``) or ``CaptureEngine/stop()`` is called.
    case deviceLost(CaptureError)
    /// The device opened again after ``deviceLost(_:)``; chunks follow.
    case reopened
    /// The device could not be opened when the capture started; ``finished`` follows.
    case failed(CaptureError)
    /// The capture ended (stop requested, frame limit reached, or ``failed(_:)``), the device
    /// is closed, and the stream ends after this event.
    case finished
}

/// The events of one capture, in order (see ``CaptureEngine/start()``).
public struct CaptureEvents: AsyncSequence, Sendable {
    public typealias Element = CaptureEvent

    let stream: AsyncStream<CaptureEvent>
    let credit: DispatchSemaphore?

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<CaptureEvent>.AsyncIterator
        let credit: DispatchSemaphore?

        public mutating func next() async -> CaptureEvent? {
            let event = await base.next()
            if event != nil { credit?.signal() }
            return event
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> CaptureEvent? {
            let event = await base.next(isolation: actor)
            if event != nil { credit?.signal() }
            return event
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), credit: credit)
    }
}

/// Captures audio from one ``PCMDevice`` on a dedicated thread and delivers it as an `AsyncStream`.
///
/// The device is only ever touched by the engine's own `Thread`: its calls block (waiting for
/// audio, opening a FIFO, backing off before a reopen), and blocking a thread of Swift's
/// cooperative pool would stall unrelated async work. That thread hands `Sendable` events to
/// the consumer through a stream bounded by ``Configuration/bufferedEvents``; a consumer that
/// falls behind loses the oldest events, which the engine counts and reports
/// (``CaptureEvent/dropped(total:)``, ``droppedEventCount``) rather than dropping silently.
///
/// ```swift
/// let engine = CaptureEngine(device: ALSACaptureDevice(name: "default"))
/// for await event in engine.start() {
///     if case .chunk(let chunk) = event { detector.feed(chunk.samples) }
/// }
/// ```
///
/// An engine captures once: call ``start()`` once, then ``stop()`` (or let a frame limit end it).
///
/// Thread safety: every member may be called from any thread or task. Mutable state is either
/// atomic (the stop flag and counters) or behind a lock (the lifecycle and the device until
/// the capture thread takes it).
public final class CaptureEngine: Sendable {
    /// How the engine reads, buffers and recovers.
    public struct Configuration: Sendable {
        /// Frames per read and most frames per chunk; the default 320 is 20 ms.
        public var chunkFrames: Int
        /// Longest wait for audio per read. It bounds how long ``CaptureEngine/stop()`` takes.
        public var waitMilliseconds: Int
        /// Events the stream holds for a slow consumer before discarding the oldest (at least 2).
        /// The default, 256, is about five seconds of 20 ms chunks.
        public var bufferedEvents: Int
        /// After this long without audio the device counts as lost and is reopened (a stalled
        /// device often reports nothing at all); nil never gives up on it.
        public var stallTimeout: Duration?
        /// Wait before the first reopen attempt after the device is lost.
        public var initialReopenDelay: Duration
        /// The cap on the wait between reopen attempts, which doubles after each failure.
        public var maximumReopenDelay: Duration
        /// Stop by itself after delivering this many frames; nil captures until ``CaptureEngine/stop()``.
        public var maxFrames: Int64?
        /// When the consumer has ``bufferedEvents`` events not yet taken, wait for it instead of discarding the
        /// oldest. For sources that are not real time (a `file` PCM replaying a recording), where waiting loses
        /// nothing; on a live device, waiting makes the device overrun instead (which is reported).
        public var waitsForConsumer: Bool

        /// Creates a configuration; every parameter has a sensible default for live dictation.
        public init(
            chunkFrames: Int = 320,
            waitMilliseconds: Int = 100,
            bufferedEvents: Int = 256,
            stallTimeout: Duration? = .seconds(2),
            initialReopenDelay: Duration = .milliseconds(250),
            maximumReopenDelay: Duration = .seconds(5),
            maxFrames: Int64? = nil,
            waitsForConsumer: Bool = false
        ) {
            self.chunkFrames = chunkFrames
            self.waitMilliseconds = waitMilliseconds
            self.bufferedEvents = bufferedEvents
            self.stallTimeout = stallTimeout
            self.initialReopenDelay = initialReopenDelay
            self.maximumReopenDelay = maximumReopenDelay
            self.maxFrames = maxFrames
            self.waitsForConsumer = waitsForConsumer
        }
    }

    /// How this engine reads, buffers and recovers.
    public let configuration: Configuration
    /// The device's name, for messages.
    public let deviceName: String

    /// Set by ``stop()``/``requestStop()``; the capture thread polls it between reads and while
    /// backing off, so a stop takes effect within one wait interval.
    private let stopRequested = Atomic<Bool>(false)
    /// Overruns since the capture started.
    private let overruns = Atomic<Int>(0)
    /// Events the bounded stream discarded since the capture started.
    private let discarded = Atomic<Int>(0)
    /// Lifecycle, stop waiters, and the device until the capture thread takes it. The lock may
    /// hold the non-`Sendable` device: it only accepts and hands out values as `sending`.
    private let lifecycle: ThreadLock<Lifecycle>
    /// With ``Configuration/waitsForConsumer``: one permit per event the consumer may still have outstanding.
    /// The capture thread takes one before each event, the consumer's iterator returns it after each event.
    private let credit: DispatchSemaphore?

    /// Creates an engine that will own `device`.
    /// - Parameters:
    ///   - device: The device to capture from; the engine opens, reads and closes it on its own
    ///     thread, so the caller must not use it afterwards (hence `sending`).
    ///   - configuration: How to read, buffer and recover.
    public init(device: sending some PCMDevice, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.deviceName = device.name
        self.lifecycle = ThreadLock(Lifecycle(device: device))
        self.credit = configuration.waitsForConsumer ? DispatchSemaphore(value: max(2, configuration.bufferedEvents) - 1) : nil
    }

    /// Overruns since the capture started (each was also sent as ``CaptureEvent/overrun(total:)``).
    public var overrunCount: Int { overruns.load(ordering: .relaxed) }

    /// Events the bounded stream discarded because the consumer was behind.
    public var droppedEventCount: Int { discarded.load(ordering: .relaxed) }

    /// Starts capturing on a new thread and returns the events.
    ///
    /// The stream always ends with ``CaptureEvent/finished``. Ending iteration early (or
    /// cancelling the consuming task) requests a stop. Only the first call captures; later
    /// calls return a stream holding just ``CaptureEvent/finished``.
    public func start() -> CaptureEvents {
        let (stream, continuation) = AsyncStream.makeStream(
            of: CaptureEvent.self,
            bufferingPolicy: .bufferingNewest(max(2, configuration.bufferedEvents))
        )
        let events = CaptureEvents(stream: stream, credit: credit)
        let first = lifecycle.withLock { state in
            guard state.phase == .idle else { return false }
            state.phase = .running
            return true
        }
        guard first else {
            continuation.yield(.finished)
            continuation.finish()
            return CaptureEvents(stream: stream, credit: nil)
        }
        continuation.onTermination = { [self] _ in requestStop() }
        let thread = Thread { [self] in
            runCaptureThread(continuation)
        }
        thread.name = "docket-capture"
        thread.qualityOfService = .userInteractive
        thread.start()
        return events
    }

    /// Stops the capture and returns once the capture thread has closed the device and sent
    /// ``CaptureEvent/finished``.
    ///
    /// That takes at most about one wait interval (``Configuration/waitMilliseconds``) with a
    /// device whose calls honour it, as ``ALSACaptureDevice`` does (the exception is a `file`
    /// PCM reading a FIFO, whose reads wait for the writer). Suspends rather than blocks. Safe
    /// to call more than once, and before ``start()`` (the engine then never captures).
    public func stop() async {
        requestStop()
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let mustWait = lifecycle.withLock { state in
                guard state.phase == .running else { return false }
                state.stopWaiters.append(waiter)
                return true
            }
            if !mustWait { waiter.resume() }
        }
    }

    /// Asks the capture to stop without waiting for it; safe from any thread or synchronous
    /// context (e.g. a signal handler's task). The stream then ends with ``CaptureEvent/finished``.
    public func requestStop() {
        stopRequested.store(true, ordering: .relaxed)
    }

    // MARK: - Capture thread

    /// The engine's lifecycle; lives inside ``lifecycle``.
    private struct Lifecycle {
        enum Phase { case idle, running, finished }

        /// The device until the capture thread takes it.
        var device: (any PCMDevice)?
        var phase = Phase.idle
        /// Tasks suspended in ``stop()``, resumed when the thread ends.
        var stopWaiters: [CheckedContinuation<Void, Never>] = []

        init(device: sending any PCMDevice) {
            self.device = device
        }
    }

    /// What the capture thread tracks between reads.
    private struct Progress {
        var delivered: Int64 = 0
        var lastAudio = ContinuousClock.now
        var reportedDiscards = 0
        var chunksSinceReport = 0
    }

    private var isStopRequested: Bool { stopRequested.load(ordering: .relaxed) }

    /// The body of the capture thread: take the device, capture until stopped, finish the stream,
    /// wake ``stop()`` callers.
    private func runCaptureThread(_ continuation: AsyncStream<CaptureEvent>.Continuation) {
        let taken = lifecycle.withLock { state -> (any PCMDevice)? in
            let device = state.device
            state.device = nil
            return device
        }
        if var device = taken {
            capture(from: &device, to: continuation)
        } else {
            continuation.yield(.finished)
        }
        continuation.finish()
        let waiters = lifecycle.withLock { state in
            state.phase = .finished
            let waiters = state.stopWaiters
            state.stopWaiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Opens the device and reads until stopped or the frame limit; ends by closing the device
    /// and sending ``CaptureEvent/finished``.
    private func capture(from device: inout any PCMDevice, to continuation: AsyncStream<CaptureEvent>.Continuation) {
        var progress = Progress()
        defer {
            device.close()
            reportDiscards(to: continuation, progress: &progress, force: true)
            continuation.yield(.finished)
        }
        if isStopRequested { return }
        do {
            try device.open()
        } catch {
            emit(.failed(Self.captureError(error, device: device.name)), to: continuation)
            return
        }
        progress.lastAudio = .now
        let chunkFrames = max(1, configuration.chunkFrames)

        while !isStopRequested {
            var wanted = chunkFrames
            if let limit = configuration.maxFrames {
                let remaining = limit - progress.delivered
                if remaining <= 0 { return }
                wanted = Int(min(Int64(chunkFrames), remaining))
            }
            // A fresh zeroed buffer per read: some devices (ALSA's file plugin past the end of its
            // infile) report frames without writing them, and must not re-deliver old audio.
            var samples = [Int16](repeating: 0, count: wanted)
            let result = samples.withUnsafeMutableBufferPointer { buffer in
                device.read(into: buffer, waitMilliseconds: configuration.waitMilliseconds)
            }
            switch result {
            case .frames(let count) where count > 0:
                let frames = min(count, wanted)
                if frames < wanted { samples.removeLast(wanted - frames) }
                let enqueued = emit(.chunk(AudioChunk(samples: samples, firstFrame: progress.delivered)), to: continuation)
                progress.delivered += Int64(frames)
                progress.lastAudio = .now
                progress.chunksSinceReport += 1
                // Report discards once the consumer has room again, or every second of audio meanwhile.
                reportDiscards(to: continuation, progress: &progress, force: enqueued || progress.chunksSinceReport >= 50)
            case .frames, .timeout:
                if let stall = configuration.stallTimeout, ContinuousClock.now - progress.lastAudio >= stall {
                    let error = CaptureError.stalled(device: device.name, seconds: stall / .seconds(1))
                    if !reopen(&device, after: error, to: continuation, progress: &progress) { return }
                }
            case .overrun:
                let total = overruns.add(1, ordering: .relaxed).newValue
                emit(.overrun(total: total), to: continuation)
                if !recover(&device, from: result, to: continuation, progress: &progress) { return }
            case .suspended:
                emit(.suspended, to: continuation)
                if !recover(&device, from: result, to: continuation, progress: &progress) { return }
            case .disconnected(let code):
                let error = CaptureError.disconnected(device: device.name, status: code)
                if !reopen(&device, after: error, to: continuation, progress: &progress) { return }
            }
        }
    }

    /// Recovers from an overrun or suspend, falling back to a reopen. Returns false when stopped.
    private func recover(
        _ device: inout any PCMDevice,
        from result: PCMReadResult,
        to continuation: AsyncStream<CaptureEvent>.Continuation,
        progress: inout Progress
    ) -> Bool {
        do {
            try device.recover(from: result)
            progress.lastAudio = .now
            return true
        } catch {
            return reopen(&device, after: Self.captureError(error, device: device.name), to: continuation, progress: &progress)
        }
    }

    /// Closes a lost device, reports it, and reopens it with capped exponential backoff until it
    /// opens or a stop is requested. Returns false when stopped first.
    private func reopen(
        _ device: inout any PCMDevice,
        after error: CaptureError,
        to continuation: AsyncStream<CaptureEvent>.Continuation,
        progress: inout Progress
    ) -> Bool {
        device.close()
        emit(.deviceLost(error), to: continuation)
        let backoff = Backoff(
            initial: configuration.initialReopenDelay,
            maximum: max(configuration.maximumReopenDelay, configuration.initialReopenDelay))
        var attempt = 1
        while true {
            if !pause(for: backoff.delay(afterAttempt: attempt)) { return false }
            do {
                try device.open()
                emit(.reopened, to: continuation)
                progress.lastAudio = .now
                return true
            } catch {
                attempt += 1
            }
        }
    }

    /// Sleeps for `duration` in slices of at most one wait interval, so a stop request cuts it
    /// short. Returns false when a stop was requested.
    private func pause(for duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        let slice = Duration.milliseconds(max(1, configuration.waitMilliseconds))
        while !isStopRequested {
            let left = deadline - ContinuousClock.now
            if left <= .zero { return true }
            Thread.sleep(forTimeInterval: min(left, slice) / .seconds(1))
        }
        return false
    }

    /// Yields `event`, counting whatever the full buffer discarded to make room.
    /// Returns true when nothing was discarded.
    @discardableResult
    private func emit(_ event: CaptureEvent, to continuation: AsyncStream<CaptureEvent>.Continuation) -> Bool {
        if let credit {
            // Wait for room, in slices so a stop request (or a consumer that went away) ends the wait.
            while credit.wait(timeout: .now() + .milliseconds(max(1, configuration.waitMilliseconds))) == .timedOut {
                if isStopRequested { break }
            }
        }
        switch continuation.yield(event) {
        case .dropped:
            discarded.add(1, ordering: .relaxed)
            return false
        case .enqueued, .terminated:
            return true
        @unknown default:
            return true
        }
    }

    /// Sends ``CaptureEvent/dropped(total:)`` when there are unreported discards and `force` is set.
    private func reportDiscards(to continuation: AsyncStream<CaptureEvent>.Continuation, progress: inout Progress, force: Bool) {
        let total = discarded.load(ordering: .relaxed)
        guard force, total > progress.reportedDiscards else { return }
        progress.reportedDiscards = total
        progress.chunksSinceReport = 0
        emit(.dropped(total: total), to: continuation)
    }

    /// `error` as a ``CaptureError`` (a scripted device may throw anything).
    private static func captureError(_ error: any Error, device: String) -> CaptureError {
        if let error = error as? CaptureError { return error }
        return CaptureError(
            .io, "Capture device '\(device)' failed: check the device, or pass --device to choose another (run `docket devices`).", cause: error)
    }
}
