import Foundation

/// Test audio, 16 kHz mono Int16: speech spoken by espeak-ng, noise from sox, silence and room tone.
public enum TestAudio {
    /// Samples per second.
    public static let rate = 16_000

    /// A failure while making test audio, with what to install or fix.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed and what to install or fix.
        public let description: String
    }

    /// Speaks `text` with espeak-ng (optionally a voice, speed in words per minute and pitch 0–99).
    public static func speech(_ text: String, voice: String? = nil, speed: Int? = nil, pitch: Int? = nil) throws -> [Int16] {
        try withScratch { dir in
            let wav = dir.appendingPathComponent("speech.wav").path
            var arguments = ["-w", wav]
            if let voice { arguments += ["-v", voice] }
            if let speed { arguments += ["-s", String(speed)] }
            if let pitch { arguments += ["-p", String(pitch)] }
            try run("espeak-ng", arguments + [text])
            return try convert(wav, in: dir)
        }
    }

    /// Pink noise from sox, at roughly -25 dBFS RMS.
    public static func pinkNoise(seconds: Double) throws -> [Int16] {
        try synth(seconds: seconds, kind: "pinknoise")
    }

    /// Noise of some `kind` understood by `sox synth` (whitenoise, pinknoise, brownnoise).
    public static func synth(seconds: Double, kind: String) throws -> [Int16] {
        try withScratch { dir in
            let raw = dir.appendingPathComponent("noise.raw").path
            try run("sox", ["-n"] + rawFormat + [raw, "synth", String(seconds), kind, "vol", "0.3"])
            return try load(raw)
        }
    }

    /// Babble: six espeak talkers of different voices, speeds and pitches, gaps removed, levelled
    /// and summed with staggered starts.
    public static func babble(seconds: Double) throws -> [Int16] {
        let lines = [
            "The meeting has been moved to the large conference room on the third floor next week.",
            "She said that the train was late again and nobody knew when it would arrive at the station.",
            "We should probably order more paper for the printer because it keeps running out every day.",
            "Did you see the game last night, it was incredible how they came back in the final minutes.",
            "I think the new restaurant downtown serves the best pasta I have had in a very long time.",
            "Please remember to lock the back door and turn off all the lights before you leave tonight.",
        ]
        let voices = [("en+m1", 150, 40), ("en+f2", 185, 70), ("en-us+m3", 165, 30), ("en+f4", 200, 80), ("en-gb-scotland", 140, 55), ("en+m7", 175, 45)]
        let count = Int(seconds * Double(rate))
        var sum = [Double](repeating: 0, count: count)
        for (i, (voice, speed, pitch)) in voices.enumerated() {
            let text = (0..<3).map { lines[(i + $0) % lines.count] }.joined(separator: " ")
            let talker = try withScratch { dir in
                let wav = dir.appendingPathComponent("talker.wav").path
                try run("espeak-ng", ["-w", wav, "-v", voice, "-s", String(speed), "-p", String(pitch), text])
                let raw = dir.appendingPathComponent("talker.raw").path
                try run("sox", [wav] + rawFormat + [raw, "rate", String(rate), "silence", "-l", "1", "0.05", "0.5%", "-1", "0.15", "0.5%"])
                return try load(raw)
            }
            let power = talker.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(Swift.max(1, talker.count))
            let gain = power > 0 ? 3_000 / power.squareRoot() : 0
            let offset = i * 2 * rate
            for j in 0..<count {
                sum[j] += Double(talker[(j + offset) % talker.count]) * gain
            }
        }
        return sum.map { Int16(Swift.max(-32_768, Swift.min(32_767, $0.rounded()))) }
    }

    /// Digital silence.
    public static func silence(_ seconds: Double) -> [Int16] {
        [Int16](repeating: 0, count: Int(seconds * Double(rate)))
    }

    /// Adds low background noise (about -60 dBFS) so the detector sees a realistic quiet room.
    public static func withRoomTone(_ samples: [Int16], seed: UInt64 = 7) -> [Int16] {
        var state = seed
        return samples.map { sample in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Int32(truncatingIfNeeded: Int64(state >> 33) % 61) - 30
            return Int16(clamping: Int32(sample) + noise)
        }
    }

    // MARK: - Plumbing

    private static let rawFormat = ["-r", String(rate), "-c", "1", "-b", "16", "-e", "signed-integer", "-t", "raw"]

    private static func convert(_ wav: String, in dir: URL) throws -> [Int16] {
        let raw = dir.appendingPathComponent("converted.raw").path
        try run("sox", [wav] + rawFormat + [raw, "rate", String(rate)])
        return try load(raw)
    }

    private static func load(_ path: String) throws -> [Int16] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "could not read \(path)")
        }
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    private static func withScratch<T>(_ body: (URL) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-vad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        return try body(dir)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let found = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(tool) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let executable = found else {
            throw Failure(description: "\(tool) is not installed but the VAD tests need it: sudo apt-get install \(tool)")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = (try? errors.fileHandleForReading.readToEnd()) ?? Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}
