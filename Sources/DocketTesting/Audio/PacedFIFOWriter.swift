import DocketSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Replays 16 kHz mono samples into a FIFO in fixed chunks on a fixed clock, from its own thread, the way a
/// sound card delivers periods. With an ALSA `file` PCM whose `infile` is the FIFO, this gives a capture that runs
/// in real time without a sound card (tests and the latency benchmark).
///
/// Each chunk is written whole (at most `PIPE_BUF` bytes, so atomically) and should match the capture's read
/// size: ALSA's `file` plugin does one `read()` per period, and a partial pipe read would hand it part-stale data.
public final class PacedFIFOWriter: Sendable {
    /// The FIFO.
    public let path: String
    /// What is written.
    public let samples: [Int16]
    /// Frames per write.
    public let chunkFrames: Int
    /// Time between writes.
    public let interval: Duration

    private let state = ThreadLock<State>(State())

    private struct State {
        var failure: String?
        var done = false
        var started: ContinuousClock.Instant?
        /// Bytes written so far.
        var written = 0
        /// The FIFO's descriptor while it is open (-1 before and after).
        var descriptor: Int32 = -1
    }

    /// Creates a writer; nothing happens before ``start()``.
    public init(path: String, samples: [Int16], chunkFrames: Int = 320, interval: Duration = .milliseconds(20)) {
        self.path = path
        self.samples = samples
        self.chunkFrames = chunkFrames
        self.interval = interval
    }

    /// Why writing stopped early, if it did.
    public var failure: String? { state.withLock { $0.failure } }

    /// When the first chunk was written (sample 0's wall time); nil before that.
    public var startedAt: ContinuousClock.Instant? { state.withLock { $0.started } }

    /// Samples the reader has taken out of the FIFO so far: what was written less what still sits in the pipe.
    /// Unlike ``startedAt`` plus the elapsed time, this says how far the reader really is, however slow it runs.
    public var consumedSamples: Int {
        state.withLock { state in
            guard state.descriptor >= 0 else { return state.written / 2 }
            var pending: Int32 = 0
            let status = withUnsafeMutablePointer(to: &pending) { ioctl(state.descriptor, UInt(FIONREAD), $0) }
            return status == 0 ? (state.written - Int(pending)) / 2 : 0
        }
    }

    /// Starts writing on a new thread once a reader opens the FIFO.
    public func start() {
        let thread = Thread { [self] in
            let failure = write()
            state.withLock { state in
                state.failure = failure
                state.done = true
            }
        }
        thread.name = "paced-fifo-writer"
        thread.start()
    }

    /// Waits (at most `timeout`) for the writer thread to finish, so the FIFO can be removed.
    public func waitUntilDone(timeout: Duration = .seconds(120)) {
        let deadline = ContinuousClock.now + timeout
        while !state.withLock({ $0.done }), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Returns nil on success, or what went wrong.
    private func write() -> String? {
        // A reader that goes away (a capture that stopped) must end the writing with EPIPE, not kill the
        // process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        // Opening a FIFO for writing blocks until a reader opens it; open non-blocking and retry
        // instead (ENXIO = no reader yet), so a capture that never opens cannot hang the caller.
        let deadline = ContinuousClock.now + .seconds(60)
        var fd: Int32 = -1
        while fd < 0 {
            fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { break }
            if errno != ENXIO { return "open \(path): errno \(errno)" }
            if ContinuousClock.now >= deadline { return "no reader opened \(path)" }
            Thread.sleep(forTimeInterval: 0.005)
        }
        // The descriptor is published under the lock and withdrawn before it is closed, so consumedSamples never
        // asks about a closed (or reused) descriptor.
        state.withLock { $0.descriptor = fd }
        defer {
            state.withLock { $0.descriptor = -1 }
            close(fd)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)

        var bytes = [UInt8](repeating: 0, count: samples.count * 2)
        for (i, sample) in samples.enumerated() {
            let v = UInt16(bitPattern: sample)
            bytes[2 * i] = UInt8(v & 0xFF)
            bytes[2 * i + 1] = UInt8(v >> 8)
        }
        let chunkBytes = chunkFrames * 2
        let clock = ContinuousClock()
        let startTime = clock.now
        state.withLock { $0.started = startTime }
        var offset = 0
        var index = 0
        while offset < bytes.count {
            let end = min(offset + chunkBytes, bytes.count)
            let written = bytes[offset..<end].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EPIPE { return "the reader closed the FIFO at byte \(offset)" }
            if written != end - offset { return "short write (\(written)) at byte \(offset), errno \(errno)" }
            offset = end
            state.withLock { $0.written = end }
            index += 1
            let next = startTime + interval * index
            let wait = next - clock.now
            if wait > .zero {
                Thread.sleep(forTimeInterval: (wait / .seconds(1)))
            }
        }
        return nil
    }
}
