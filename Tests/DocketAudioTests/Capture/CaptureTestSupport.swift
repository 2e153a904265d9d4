import DocketAudio
import Foundation
import Synchronization
import Testing

/// A failure inside a capture test helper, with a message that says what to fix.
struct CaptureSetupError: Error, CustomStringConvertible {
    let description: String
}

/// Audio fixtures in exactly the capture format (16 kHz mono S16_LE), because ALSA's `file`
/// plugin replays its infile byte for byte in whatever format was negotiated.
enum CaptureFixtures {
    /// A 440 Hz tone with a slow amplitude ramp, so every sample position is distinguishable
    /// from a repeated or shifted one.
    static func tone(frames: Int) -> [Int16] {
        (0..<frames).map { i in
            let amplitude = 2_000 + 6_000 * Double(i % 4_000) / 4_000
            return Int16(amplitude * sin(2 * Double.pi * 440 * Double(i) / Double(AudioChunk.sampleRate)))
        }
    }

    /// Little-endian bytes of `samples`.
    static func bytes(_ samples: [Int16]) -> Data {
        var data = Data(capacity: samples.count * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: sample)
            data.append(UInt8(bits & 0xFF))
            data.append(UInt8(bits >> 8))
        }
        return data
    }

    /// Samples from little-endian S16 bytes.
    static func samples(_ data: Data) -> [Int16] {
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }

    /// Writes `samples` as a raw S16_LE file.
    static func writeRaw(_ samples: [Int16], to path: String) throws {
        try bytes(samples).write(to: URL(fileURLWithPath: path))
    }

    /// Private ALSA configuration defining `pcm.mic` as a `file` PCM that replays `infile`.
    ///
    /// The slave is inline (`{ type null }`) because a private configuration has no `pcm.null`,
    /// and `file "/dev/null"` is required even for capture.
    static func fileMicConfiguration(infile: String) -> String {
        """
        pcm.mic {
            type file
            slave.pcm { type null }
            file "/dev/null"
            infile "\(infile)"
            format raw
        }
        """
    }

    /// Whether `tool` is an executable on PATH.
    static func hasTool(_ tool: String) -> Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// Runs a tool to completion and throws when it fails.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CaptureSetupError(description: "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }
}

/// Reads exactly `frames` frames from an opened device, asking for at most `period` per read,
/// so the test never reads past the end of a `file` PCM's infile (where it repeats stale data).
func readFrames(from device: inout some PCMDevice, frames: Int, period: Int = 320) throws -> [Int16] {
    var out: [Int16] = []
    var attempts = 0
    while out.count < frames {
        attempts += 1
        if attempts > frames + 1_000 {
            throw CaptureSetupError(description: "device \(device.name) stopped delivering after \(out.count) frames")
        }
        var buffer = [Int16](repeating: 0, count: min(period, frames - out.count))
        let result = buffer.withUnsafeMutableBufferPointer { device.read(into: $0, waitMilliseconds: 100) }
        switch result {
        case .frames(let n):
            out.append(contentsOf: buffer[0..<n])
        case .timeout:
            continue
        case .overrun, .suspended, .disconnected:
            throw CaptureSetupError(description: "unexpected \(result) from \(device.name)")
        }
    }
    return out
}

extension CaptureEvent {
    /// A short, comparable summary: `chunk@320+320`, `overrun(1)`, `deviceLost(disconnected)`, ….
    var summary: String {
        switch self {
        case .chunk(let chunk): return "chunk@\(chunk.firstFrame)+\(chunk.samples.count)"
        case .overrun(let total): return "overrun(\(total))"
        case .suspended: return "suspended"
        case .dropped: return "dropped"
        case .deviceLost(let error): return "deviceLost(\(error.code.rawValue))"
        case .reopened: return "reopened"
        case .failed(let error): return "failed(\(error.code.rawValue))"
        case .finished: return "finished"
        }
    }

    /// The chunk, when this is one.
    var chunk: AudioChunk? {
        if case .chunk(let chunk) = self { return chunk }
        return nil
    }
}

/// Starts `engine` and collects its events until the stream ends.
///
/// `stopWhen` is checked after each event and requests a stop the first time it returns true.
/// A watchdog requests a stop after `timeout` so a broken engine fails the test instead of hanging it.
func collectEvents(
    _ engine: CaptureEngine,
    timeout: Duration = .seconds(60),
    stopWhen: (([CaptureEvent]) -> Bool)? = nil
) async -> [CaptureEvent] {
    let watchdog = Task {
        try? await Task.sleep(for: timeout)
        engine.requestStop()
    }
    defer { watchdog.cancel() }
    var events: [CaptureEvent] = []
    var stopping = false
    for await event in engine.start() {
        events.append(event)
        if !stopping, let stopWhen, stopWhen(events) {
            stopping = true
            engine.requestStop()
        }
    }
    return events
}
