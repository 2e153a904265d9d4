public import DocketAudio
import DocketSupport
import Foundation

/// Calls made on a ``ScriptedDevice``, shared with the test thread.
public final class DeviceLog: Sendable {
    private let entries = ThreadLock<[String]>([])

    /// Creates an empty log.
    public init() {}

    /// Adds an entry.
    public func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Every entry, in order.
    public var all: [String] { entries.withLock { $0 } }

    /// Entries other than plain reads, which the engine makes an unpredictable number of.
    public var notable: [String] { all.filter { $0 != "read" } }

    /// How often `entry` was recorded.
    public func count(_ entry: String) -> Int { all.filter { $0 == entry }.count }
}

/// A ``PCMDevice`` that plays back a script, to drive the engine through overruns, suspends,
/// stalls and disconnects that ALSA's `file` plugin cannot produce.
public final class ScriptedDevice: PCMDevice {
    /// What one read returns.
    public enum Step: Sendable {
        /// `count` frames whose samples are their frame numbers (mod 32768).
        case frames(Int)
        /// These samples, a read's worth at a time.
        case audio([Int16])
        case timeout
        case overrun
        case suspended
        case disconnected(Int32)
        /// Time out on every read until the device is reopened.
        case silentUntilReopened
    }

    public let name = "scripted"
    /// The calls made so far.
    public let log: DeviceLog
    private var steps: [Step]
    /// What reads return once the script is used up.
    private let then: Step
    /// Results of successive open() calls; true once this runs out.
    private var opens: [Bool]
    /// Whether recover(from:) throws.
    private let recoverFails: Bool
    private var isOpen = false
    private var silent = false
    private var nextSample: Int = 0

    /// A device that plays `steps`, then `then` forever; `opens` scripts the results of `open()`.
    public init(_ steps: [Step], then: Step = .timeout, opens: [Bool] = [], recoverFails: Bool = false, log: DeviceLog = DeviceLog()) {
        self.steps = steps
        self.then = then
        self.opens = opens
        self.recoverFails = recoverFails
        self.log = log
    }

    public func open() throws {
        let succeeds = opens.isEmpty ? true : opens.removeFirst()
        guard succeeds else {
            log.record("open failed")
            throw CaptureError(.notFound, "No capture device 'scripted': run `docket devices` to list capture devices.")
        }
        log.record("open")
        isOpen = true
        silent = false
    }

    public func read(into buffer: UnsafeMutableBufferPointer<Int16>, waitMilliseconds: Int) -> PCMReadResult {
        guard isOpen else {
            log.record("read while closed")
            return .disconnected(code: -9)
        }
        if silent { return wait(waitMilliseconds) }
        let step = steps.isEmpty ? then : steps.removeFirst()
        switch step {
        case .frames(let count):
            log.record("read")
            let n = min(count, buffer.count)
            for i in 0..<n {
                buffer[i] = Int16(truncatingIfNeeded: nextSample % 32_768)
                nextSample += 1
            }
            return .frames(n)
        case .audio(let samples):
            log.record("read")
            let n = min(samples.count, buffer.count)
            for i in 0..<n { buffer[i] = samples[i] }
            if n < samples.count { steps.insert(.audio(Array(samples[n...])), at: 0) }
            return .frames(n)
        case .timeout:
            return wait(waitMilliseconds)
        case .overrun:
            log.record("overrun")
            return .overrun
        case .suspended:
            log.record("suspended")
            return .suspended
        case .disconnected(let code):
            log.record("disconnected")
            return .disconnected(code: code)
        case .silentUntilReopened:
            log.record("silent")
            silent = true
            return wait(waitMilliseconds)
        }
    }

    public func recover(from result: PCMReadResult) throws {
        log.record("recover(\(result))")
        if recoverFails {
            throw CaptureError(.io, "Capture device 'scripted' cannot recover.")
        }
    }

    public func close() {
        if isOpen { log.record("close") }
        isOpen = false
    }

    private func wait(_ milliseconds: Int) -> PCMReadResult {
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
        return .timeout
    }
}
