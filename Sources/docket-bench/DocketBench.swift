import ArgumentParser
import DocketAudio
import DocketTesting
import Foundation

/// Benchmarks that print figures (no pass/fail): `swift run -c release docket-bench <name>`.
@main
struct DocketBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docket-bench",
        abstract: "Measure docket's hot paths and print the figures.",
        subcommands: [
            PrepareBenchmark.self, ExtractBenchmark.self, SyncBenchmark.self, VADBenchmarkCommand.self, ListenLatencyBenchmark.self, ListenMemoryBenchmark.self,
            ServeLoadBenchmark.self, MakeAudio.self, ActivationBenchmark.self, HearingBenchmark.self, ActivationCPUBenchmark.self, TasksBenchmark.self,
        ]
    )
}

/// The espeak-ng voices a benchmark speaks its lines in, and how many of its lines it uses.
struct SpokenLinesOptions: ParsableArguments {
    @Option(help: "espeak-ng voices, comma-separated.")
    var voices = "en-us,en-gb+m3"

    @Option(help: "Use only the first N lines (0: all).")
    var limit = 0

    /// The voices, one per element.
    var voiceList: [String] { voices.split(separator: ",").map(String.init) }
}

/// Decode + resample + silence detection throughput, in multiples of real time on one core.
struct PrepareBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prepare",
        abstract: "Throughput of decode + resample + speech detection (one core) for three WAV kinds."
    )

    @Option(help: "Length of each generated file in seconds.")
    var seconds = 60

    @Option(help: "Runs per file; the fastest is reported.")
    var runs = 5

    func run() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let kinds: [(String, SyntheticWAV.Kind)] = [
            ("16-bit 16 kHz mono", .int16(rate: 16_000, channels: 1)),
            ("16-bit 44.1 kHz stereo", .int16(rate: 44_100, channels: 2)),
            ("float32 48 kHz stereo", .float32(rate: 48_000, channels: 2)),
        ]
        print("decode + resample to 16 kHz + speech detection, \(seconds) s files, best of \(runs) runs, one thread")
        print("file                        MB  read-only ms  prepare ms  × real time  prepare/read")
        for (label, kind) in kinds {
            let path = dir.appendingPathComponent("\(label.replacingOccurrences(of: " ", with: "_")).wav").path
            try SyntheticWAV.write(kind, seconds: Double(seconds), to: path)
            let size = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576
            // Baseline in the same process: just reading the file's bytes in the same block size.
            let read = try best(runs) { try readAll(path) }
            let prepare = try best(runs) {
                let work = dir.appendingPathComponent("work-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: work) }
                _ = try AudioPreparer.prepare(path: path, workDirectory: work)
            }
            let factor = Double(seconds) / prepare
            let cells = String(format: "%5.1f  %12.1f  %10.1f  %10.0f×  %12.1f", size, read * 1000, prepare * 1000, factor, prepare / read)
            print(label.padding(toLength: 24, withPad: " ", startingAt: 0) + cells)
        }
    }

    private func best(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        var best = Double.infinity
        for _ in 0..<max(runs, 1) {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            best = min(best, (elapsed / .seconds(1)))
        }
        return best
    }

    private func readAll(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ValidationError("can't read \(path)") }
        defer { try? handle.close() }
        var total = 0
        while let block = try handle.read(upToCount: 64 * 1024), !block.isEmpty { total += block.count }
        if total == 0 { throw ValidationError("empty file \(path)") }
    }
}

/// Writes a synthetic speech-like WAV (for memory and overhead benchmarks driven from scripts).
struct MakeAudio: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "make-audio", abstract: "Write a synthetic speech-like WAV file.")

    @Option(help: "Length in seconds.")
    var seconds: Double = 60

    @Option(help: "Sample rate.")
    var rate = 44_100

    @Option(help: "Channels.")
    var channels = 2

    @Argument(help: "Output path.")
    var output: String

    func run() throws {
        try SyntheticWAV.write(.int16(rate: rate, channels: channels), seconds: seconds, to: output)
    }
}

/// Speech-like test signal: 1.6 s voiced bursts (harmonics of a gliding pitch, with syllable-rate envelope and
/// a little noise) separated by 0.7 s of near-silence. Written block by block.
enum SyntheticWAV {
    enum Kind {
        case int16(rate: Int, channels: Int)
        case float32(rate: Int, channels: Int)
    }

    static func write(_ kind: Kind, seconds: Double, to path: String) throws {
        let (rate, channels, float): (Int, Int, Bool) = {
            switch kind {
            case .int16(let r, let c): return (r, c, false)
            case .float32(let r, let c): return (r, c, true)
            }
        }()
        let bytesPerSample = float ? 4 : 2
        let frames = Int(seconds * Double(rate))
        let dataBytes = frames * channels * bytesPerSample
        var header = [UInt8]()
        func u32(_ v: Int) { header += withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
        func u16(_ v: Int) { header += withUnsafeBytes(of: UInt16(v).littleEndian, Array.init) }
        header += Array("RIFF".utf8)
        u32(36 + dataBytes)
        header += Array("WAVEfmt ".utf8)
        u32(16)
        u16(float ? 3 : 1)
        u16(channels)
        u32(rate)
        u32(rate * channels * bytesPerSample)
        u16(channels * bytesPerSample)
        u16(bytesPerSample * 8)
        header += Array("data".utf8)
        u32(dataBytes)
        guard FileManager.default.createFile(atPath: path, contents: Data(header)) else { throw ValidationError("can't create \(path)") }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw ValidationError("can't write \(path)") }
        defer { try? handle.close() }
        try handle.seekToEnd()
        var rng = SeededGenerator(seed: 42)
        var phase = 0.0
        var block = Data()
        block.reserveCapacity(1 << 20)
        for n in 0..<frames {
            let t = Double(n) / Double(rate)
            let cycle = t.truncatingRemainder(dividingBy: 2.3)
            var x = (Double(rng.next() % 2001) / 1000 - 1) * 0.0005
            if cycle < 1.6 {
                let f0 = 120 + 30 * sin(2 * .pi * 0.7 * t)
                phase += 2 * .pi * f0 / Double(rate)
                let envelope = 0.5 * (1 - cos(2 * .pi * 4 * cycle)) * 0.25
                x += envelope * (sin(phase) + 0.5 * sin(2 * phase) + 0.3 * sin(3 * phase) + 0.2 * sin(5 * phase))
                x += envelope * (Double(rng.next() % 2001) / 1000 - 1) * 0.05
            }
            for _ in 0..<channels {
                if float {
                    withUnsafeBytes(of: Float(x).bitPattern.littleEndian) { block.append(contentsOf: $0) }
                } else {
                    let v = Int16(max(-32768, min(32767, (x * 32767).rounded())))
                    withUnsafeBytes(of: v.littleEndian) { block.append(contentsOf: $0) }
                }
            }
            if block.count >= 1 << 20 {
                handle.write(block)
                block.removeAll(keepingCapacity: true)
            }
        }
        handle.write(block)
    }
}

/// VAD + segmentation throughput on one core, in multiples of real time.
struct VADBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vad", abstract: "Throughput of voice activity detection + segmentation (one core), × real time.")

    @Option(help: "Seconds of speech-like audio to process.")
    var seconds = 120

    @Option(help: "Runs; the fastest is reported.")
    var runs = 5

    func run() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("docket-vad-\(UUID()).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SyntheticWAV.write(.int16(rate: 16_000, channels: 1), seconds: Double(seconds), to: path)
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("can't read \(path)") }
        let samples = data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let factor = VADMeasurement.realTimeFactor(samples: samples, runs: runs)
        print(String(format: "VAD + segmentation: %.0f× real time on one core (%d s of 16 kHz speech-like audio, best of %d)", factor, seconds, runs))
    }
}

/// Files under /proc.
enum ProcFile {
    /// The whole text of `path`. Read to the end: /proc files report a size of 0, and a read by size stops early.
    static func text(_ path: String) -> String? {
        FileHandle(forReadingAtPath: path).map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) }
    }
}
