import ArgumentParser
import DocketAudio
import DocketCore
import DocketTesting
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// CPU spent per hour of room talk in `wake-phrase` mode (every utterance transcribed to look for the phrase)
/// against `wake-word` mode (the audio streamed to the Wyoming wake-word server, nothing transcribed).
struct ActivationCPUBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activation-cpu",
        abstract: "CPU per hour of room talk: wake-phrase (transcribe everything) vs wake-word (a Wyoming detector).",
        discussion: """
            Room talk is docket's own non-task corpus spoken by espeak-ng with 1.5 s of silence between lines. \\
            wake-phrase: each utterance is transcribed by DOCKET_WHISPER_URL with docket listen's prompt; \\
            wake-word: the whole stream goes to DOCKET_WAKE_WORD_URL, paced at --speed times real time (the \\
            server keeps only 10 s of audio, so faster loses audio). CPU is the server's (from the pid file \\
            its script writes under .run/, by port) plus this process's, in seconds per hour of room talk.
            """
    )

    @Option(help: "Non-task corpus (one utterance per line, # comments).")
    var corpus = "Tests/DocketExtractionTests/Corpus/not-tasks.txt"

    @Option(help: "Minutes of room talk.")
    var minutes = 5.0

    @Option(help: "Stream the wake-word audio this many times faster than real time (at most 10).")
    var speed = 5.0

    func validate() throws {
        guard speed > 0, speed <= 10 else { throw ValidationError("--speed must be above 0 and at most 10.") }
    }

    func run() async throws {
        var configuration = try ConfigurationResolver.fromProcess(flags: ["DOCKET_DB": ":memory:"]).resolve()
        configuration.whisperRequestTimeout = .seconds(300)
        configuration.activation = .wakePhrase
        let lines = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        var utterances: [[Int16]] = []
        var total = 0
        let voices = ["en-us", "en-gb+m3"]
        while Double(total) < minutes * 60 * 16_000 {
            let line = lines[utterances.count % lines.count]
            let samples = try TestAudio.speech(line, voice: voices[(utterances.count / lines.count) % voices.count])
            utterances.append(samples)
            total += samples.count + 24_000
        }
        let hours = Double(total) / 16_000 / 3600
        print(String(format: "room talk: %d utterances, %.1f min", utterances.count, hours * 60))

        let whisperPort = configuration.whisperURL.port ?? 8178
        guard let wakeDetector = WyomingWakeWordDetector(url: configuration.wakeWordURL, names: configuration.wakeWords) else {
            throw ValidationError("DOCKET_WAKE_WORD_URL is not a tcp://host:port address.")
        }
        let phraseCPU = try await Self.measure(server: "whisper-\(whisperPort)") {
            try await DocketServices.with(configuration: configuration, logger: Logger(label: "bench")) { services in
                let stage = services.noteStage(store: nil)
                let prompt = services.listenOptions().prompt
                for samples in utterances {
                    let audio = TranscriptionAudio.data(WAVWriter.bytes(samples, sampleRate: 16_000), fileName: "u.wav", contentType: "audio/wav")
                    _ = try await stage.transcribe(audio, language: configuration.language, prompt: prompt)
                }
            }
        }
        let (stream, input) = AsyncStream.makeStream(of: AudioChunk.self)
        let detections = DetectionCount()
        let wordCPU = try await Self.measure(server: "wake-word-\(wakeDetector.port)") {
            async let listened: Void = wakeDetector.listen(to: stream) { _ in detections.add() }
            var position: Int64 = 0
            let clock = ContinuousClock()
            let started = clock.now
            for samples in utterances {
                let padded = samples + [Int16](repeating: 0, count: 24_000)
                for start in stride(from: 0, to: padded.count, by: 1280) {
                    let chunk = Array(padded[start..<min(start + 1280, padded.count)])
                    input.yield(AudioChunk(samples: chunk, firstFrame: position))
                    position += Int64(chunk.count)
                    try await clock.sleep(until: started + .milliseconds(Int64(Double(position) / 16 / speed)))
                }
            }
            // The server scores on its own threads: give it time to finish before the stream ends.
            try await Task.sleep(for: .seconds(1))
            input.finish()
            try await listened
        }
        for (name, cpu) in [("wake-phrase", phraseCPU), ("wake-word", wordCPU)] {
            print(
                String(
                    format: "%@: %.1f CPU-s per hour of room talk (server %.1f, docket %.1f)", name, (cpu.server + cpu.own) / hours, cpu.server / hours,
                    cpu.own / hours))
        }
        print(
            String(
                format: "wake-word uses %.3f× the CPU of wake-phrase; false wake words: %d",
                (wordCPU.server + wordCPU.own) / (phraseCPU.server + phraseCPU.own), detections.count))
    }

    /// CPU seconds (the server whose pid file is `.run/<server>.pid`, and this process) spent in `body`.
    static func measure(server: String, _ body: () async throws -> Void) async throws -> (server: Double, own: Double) {
        let pidText = try String(contentsOfFile: ".run/\(server).pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = Int(pidText) else { throw ValidationError("no pid in .run/\(server).pid; start the server with its script.") }
        let (serverBefore, ownBefore) = (try processCPU(pid), ownCPU())
        try await body()
        return (try processCPU(pid) - serverBefore, ownCPU() - ownBefore)
    }

    /// utime + stime of `pid` and its waited-for children, in seconds.
    static func processCPU(_ pid: Int) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        // Fields after the command: state is 0, utime 11, stime 12.
        return (Double(fields[11])! + Double(fields[12])!) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func ownCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// Counts detections from the detector's task.
private final class DetectionCount: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
