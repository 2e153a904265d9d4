import ArgumentParser
import DocketAudio
import DocketCore
import DocketTesting
import Foundation
import Logging
import Synchronization

/// Speech for the listen benchmarks: espeak-ng phrases at 16 kHz mono.
enum BenchSpeech {
    /// Speaks `text` and returns the samples, without espeak's trailing silence (so the end is the end of speech).
    static func speak(_ text: String, directory: URL) throws -> [Int16] {
        let wav = directory.appendingPathComponent("phrase.wav").path
        let raw = directory.appendingPathComponent("phrase.raw").path
        try tool("espeak-ng", ["-w", wav, text])
        try tool("sox", [wav, "-r", "16000", "-c", "1", "-b", "16", "-e", "signed", "-L", "-t", "raw", raw])
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let last = samples.lastIndex { abs(Int($0)) > 100 } ?? samples.count - 1
        return Array(samples[...last])
    }

    /// Low pink-ish room noise (about -60 dBFS), reproducible.
    static func addNoise(_ samples: inout [Int16]) {
        var rng = SeededGenerator(seed: 7)
        var b0 = 0.0
        var b1 = 0.0
        var b2 = 0.0
        for i in samples.indices {
            let white = Double(Int64(bitPattern: rng.next() >> 1) % 2001 - 1000) / 1000
            b0 = 0.99765 * b0 + white * 0.0990460
            b1 = 0.96300 * b1 + white * 0.2965164
            b2 = 0.57000 * b2 + white * 1.0526913
            let pink = (b0 + b1 + b2 + white * 0.1848) * 12
            samples[i] = Int16(clamping: Int(samples[i]) + Int(pink))
        }
    }

    private static func tool(_ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("\(name) failed (exit \(process.terminationStatus)); install it with scripts/setup.sh.")
        }
    }

    /// Services for a benchmark run over a fresh database in `directory`.
    static func services(directory: URL) throws -> (DocketServices, DocketStore) {
        var config = try ConfigurationResolver.fromProcess(flags: ["DOCKET_DB": directory.appendingPathComponent("bench.sqlite").path]).resolve()
        config.whisperRequestTimeout = .seconds(120)
        // The dictation benchmarks speak notes without a wake phrase.
        config.activation = .always
        let services = DocketServices(configuration: config, logger: Logger(label: "bench"))
        return (services, try services.openStore())
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docket-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// End of speech → tasks stored, live (segments transcribed while the person talks) against recording the whole
/// note first and transcribing it after, on a 60 s dictation of 5 notes paced in real time through a FIFO.
struct ListenLatencyBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen-latency",
        abstract: "End-of-speech → stored latency of docket listen vs record-then-transcribe (needs the Whisper server; takes ~2 min).")

    @Option(
        help: ArgumentHelp(
            "Seconds of silence before each note (over 60: the listener has handed back idle memory when the note starts).", valueName: "seconds"))
    var quietBefore = 0

    @Flag(inversion: .prefixedNo, help: "Also measure the record-then-transcribe baseline.")
    var baseline = true

    func run() async throws {
        let directory = try BenchSpeech.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = [
            ["Pay the rent tomorrow.", "Email the report on Monday.", "Renew the passport next week."],
            ["Book a table for Friday at 7 pm.", "Send the invoice on Tuesday.", "Water the plants tonight."],
            ["Remind me to call the dentist on Friday.", "Buy milk tomorrow.", "Pay the rent on the first."],
            ["Send the invoice on Tuesday.", "Water the plants tonight.", "Book a table for Friday at 7 pm."],
            ["Email the report on Monday.", "Renew the passport next week.", "Pay the rent tomorrow."],
        ]
        var samples = [Int16](repeating: 0, count: 16_000)
        var speechEnds: [Int] = []
        for sentences in notes {
            samples += [Int16](repeating: 0, count: 16_000 * quietBefore)
            for (i, sentence) in sentences.enumerated() {
                // 1 s between sentences: a segment pause, not a note pause.
                if i > 0 { samples += [Int16](repeating: 0, count: 16_000) }
                samples += try BenchSpeech.speak(sentence, directory: directory)
            }
            speechEnds.append(samples.count)
            samples += [Int16](repeating: 0, count: 16_000 * 9 / 2)
        }
        BenchSpeech.addNoise(&samples)
        print(
            String(
                format: "dictation: %.1f s, %d notes of three sentences%@, paced in real time through a FIFO", Double(samples.count) / 16_000, notes.count,
                quietBefore > 0 ? ", each after \(quietBefore) s of silence" : ""))

        func show(_ name: String, _ values: [Double]) {
            print(
                "\(name): per note " + values.map { String(format: "%.2f", $0) }.joined(separator: ", ") + String(format: " s; median %.2f s", median(values)))
        }
        let live = try await measure(samples: samples, speechEnds: speechEnds, streaming: true, directory: directory)
        show("live (segments transcribed while talking)", live)
        guard baseline else { return }
        let whole = try await measure(samples: samples, speechEnds: speechEnds, streaming: false, directory: directory)
        show("baseline (record the note, then transcribe)", whole)
        print(String(format: "ratio baseline/live median: %.2fx", median(whole) / median(live)))
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Latency (seconds) per note from the end of its speech to the first store holding all of it: `docket
    /// listen`'s pipeline (`streaming`), or the record-then-transcribe baseline.
    private func measure(samples: [Int16], speechEnds: [Int], streaming: Bool, directory: URL) async throws -> [Double] {
        let run = directory.appendingPathComponent(streaming ? "live" : "baseline")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        let fifo = run.appendingPathComponent("mic.fifo").path
        guard mkfifo(fifo, 0o600) == 0 else { throw ValidationError("mkfifo \(fifo) failed") }
        let writer = PacedFIFOWriter(path: fifo, samples: samples)
        let device = ALSACaptureDevice(name: "mic", configuration: ALSACaptureDevice.filePCMConfiguration(name: "mic", infile: fifo))
        let engine = CaptureEngine(device: device, configuration: .init(stallTimeout: nil, maxFrames: Int64(samples.count)))
        let (services, store) = try BenchSpeech.services(directory: run)
        writer.start()
        let storedAt: [Int: ContinuousClock.Instant]
        if streaming {
            storedAt = try await listen(engine: engine, services: services, store: store, notes: speechEnds.count)
        } else {
            storedAt = try await recordThenTranscribe(engine: engine, services: services, store: store)
        }
        writer.waitUntilDone()
        try await services.shutdown()
        guard let start = writer.startedAt else { throw ValidationError("the FIFO writer never started: \(writer.failure ?? "")") }
        guard storedAt.count == speechEnds.count else {
            throw ValidationError("expected \(speechEnds.count) notes, got \(storedAt.count)")
        }
        return speechEnds.indices.map { index in
            let speechEnd = start + .microseconds(Int64(speechEnds[index]) * 1_000_000 / 16_000)
            return (storedAt[index]! - speechEnd) / .seconds(1)
        }
    }

    /// `docket listen`: when each note was first stored in full.
    private func listen(engine: CaptureEngine, services: DocketServices, store: DocketStore, notes: Int) async throws -> [Int: ContinuousClock.Instant] {
        let stores = Mutex<[ListenedNote]>([])
        let finished = Mutex<[ListenedNote]>([])
        let summary = try await services.listenPipeline(store: store).run(engine: engine, options: services.listenOptions()) { event in
            switch event {
            case .stored(let note): stores.withLock { $0.append(note) }
            case .noteFinished(let note): finished.withLock { $0.append(note) }
            default: break
            }
        }
        let done = finished.withLock { $0 }
        guard summary.notes == notes, done.count == notes else {
            throw ValidationError("expected \(notes) notes, got \(done.count): \(done.map(\.note.transcript))")
        }
        let allStores = stores.withLock { $0 }
        var storedAt: [Int: ContinuousClock.Instant] = [:]
        for note in done {
            let complete = allStores.first { $0.index == note.index && $0.segmentCount == note.segmentCount } ?? note
            storedAt[note.index] = complete.storedAt
        }
        return storedAt
    }

    /// The baseline: the same segmenter cuts the same notes, but each note's speech is sent in one request once
    /// the note has ended, then read and stored by the same note stage.
    private func recordThenTranscribe(engine: CaptureEngine, services: DocketServices, store: DocketStore) async throws -> [Int: ContinuousClock.Instant] {
        let stage = services.noteStage(store: store)
        let options = services.listenOptions()
        let startDate = Date()
        var segmenter = SegmenterMachine(policy: options.policy)
        var audio: [Int: (start: Int64, samples: [Int16])] = [:]
        return try await withThrowingTaskGroup(of: (Int, ContinuousClock.Instant).self) { group in
            func handle(_ actions: [SegmenterAction]) {
                for action in actions {
                    switch action {
                    case .segment(let segment):
                        audio[segment.noteIndex, default: (segment.firstSample, [])].samples += segment.samples
                    case .noteClosed(let n, _):
                        guard let (start, samples) = audio.removeValue(forKey: n) else { continue }
                        group.addTask {
                            let wav = TranscriptionAudio.data(WAVWriter.bytes(samples, sampleRate: 16_000), fileName: "note.wav", contentType: "audio/wav")
                            let transcript = try await stage.transcribe(wav, language: options.language, prompt: options.prompt)
                            let seconds = Double(samples.count) / 16_000
                            let note = NoteRecord(
                                sourceFile: "note-\(n).wav", contentHash: UUID().uuidString,
                                recordedAt: startDate.addingTimeInterval(Double(start) / 16_000), durationSeconds: seconds,
                                language: options.language, status: .done)
                            _ = try await stage.finish(
                                note, transcript: NoteStage.merge([TranscribedPiece(start: 0, end: seconds, transcript: transcript)]),
                                timeZone: options.timeZone)
                            return (n, .now)
                        }
                    case .tentative, .noteStarted, .level:
                        break
                    }
                }
            }
            for await event in engine.start() {
                if case .chunk(let chunk) = event { handle(segmenter.feed(chunk.samples)) }
            }
            handle(segmenter.finish())
            var storedAt: [Int: ContinuousClock.Instant] = [:]
            for try await (n, instant) in group { storedAt[n] = instant }
            return storedAt
        }
    }
}

/// Resident memory of a listen run over 30 minutes of mostly silent room noise with a short note every five
/// minutes, replayed through ALSA's file PCM as fast as the pipeline takes it.
struct ListenMemoryBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen-memory",
        abstract: "Resident memory while docket listen hears 30 minutes of mostly silence (needs the Whisper server).")

    @Option(help: "Minutes of audio.")
    var minutes = 30

    @Option(
        help: ArgumentHelp(
            "The docket binary whose `docket listen` is measured too (default: the one next to this benchmark; 'none' to skip).", valueName: "path"))
    var docket: String?

    @Option(help: ArgumentHelp("How many times faster than real time the audio is fed to the docket binary (through a FIFO).", valueName: "factor"))
    var speed = 10

    func run() async throws {
        let directory = try BenchSpeech.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let phrase = try BenchSpeech.speak("Pay the rent tomorrow.", directory: directory)
        // Written a minute at a time, so the benchmark's own audio never sits in this process's memory.
        let raw = directory.appendingPathComponent("mic.raw")
        _ = FileManager.default.createFile(atPath: raw.path, contents: nil)
        let file = try FileHandle(forWritingTo: raw)
        for minute in 0..<minutes {
            var block = [Int16](repeating: 0, count: 60 * 16_000)
            if minute % 5 == 1 { block.replaceSubrange(0..<phrase.count, with: phrase) }
            BenchSpeech.addNoise(&block)
            try block.withUnsafeBytes { try file.write(contentsOf: $0) }
        }
        try file.close()
        let total = minutes * 60 * 16_000

        let device = ALSACaptureDevice(name: "mic", configuration: ALSACaptureDevice.filePCMConfiguration(name: "mic", infile: raw.path))
        let engine = CaptureEngine(device: device, configuration: .init(maxFrames: Int64(total), waitsForConsumer: true))
        let (services, store) = try BenchSpeech.services(directory: directory)
        let readings = Mutex<[(minute: Int, megabytes: Double, anonymous: Double)]>([])
        let levels = Atomic<Int>(0)
        let started = ContinuousClock.now
        let summary = try await services.listenPipeline(store: store).run(engine: engine, options: services.listenOptions()) { event in
            guard case .level = event else { return }
            // A level event per 0.1 s of audio: sample the RSS once per minute of audio.
            let count = levels.add(1, ordering: .relaxed).newValue
            if count % 600 == 0, let memory = ProcessMemory("/proc/self") { readings.withLock { $0.append((count / 600, memory.rss, memory.anonymous)) } }
        }
        try await services.shutdown()
        let elapsed = ContinuousClock.now - started
        let all = readings.withLock { $0 }
        print("audio: \(minutes) min (room noise at about -60 dBFS, a spoken note every 5 min), replayed in \(elapsed)")
        print("notes stored: \(summary.notes), dropped events: \(summary.droppedEvents)")
        for reading in all where reading.minute == 1 || reading.minute % 5 == 0 {
            print(
                String(
                    format: "  after %2d min of audio: RSS %.1f MB, of which anonymous (heap, stacks) %.1f MB", reading.minute, reading.megabytes,
                    reading.anonymous))
        }
        if let first = all.first, let last = all.last {
            let peak = all.map(\.megabytes).max() ?? last.megabytes
            print(
                String(
                    format: "RSS minute 1 → %d: %.1f → %.1f MB (growth %.1f MB), peak %.1f MB", last.minute, first.megabytes, last.megabytes,
                    last.megabytes - first.megabytes, peak))
            let anonymous = all.map(\.anonymous)
            print(
                String(
                    format: "anonymous minute 1 → %d: %.1f → %.1f MB, after the first note (minute 5 on) %.1f–%.1f MB", last.minute, first.anonymous,
                    last.anonymous, anonymous.dropFirst(4).min() ?? .nan, anonymous.dropFirst(4).max() ?? .nan))
        }
        print("at the end: \(Self.residentBreakdown())")
        print(
            "largest resident mappings: \(Self.residentByMapping().prefix(8).map { "\($0.name) \(String(format: "%.1f", $0.megabytes)) MB" }.joined(separator: ", "))"
        )

        let binary = docket ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("docket").path
        if binary != "none" {
            try await measureProcess(binary: binary, raw: raw, directory: directory)
        }
    }

    /// The same audio through `docket listen` itself (its own process, as a user runs it), its memory read from
    /// /proc/PID/status every 20 ms: at each stored note and at the end.
    private func measureProcess(binary: String, raw: URL, directory: URL) async throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("\(binary) is not an executable; build docket first (swift build) or pass --docket.")
        }
        guard speed >= 1 else { throw ValidationError("--speed must be at least 1.") }
        // Fed through a FIFO at `speed` × real time, so notes are stored during the silence that follows them, as
        // they are in a live room.
        let samples = try Data(contentsOf: raw).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let fifo = directory.appendingPathComponent("mic.fifo").path
        guard mkfifo(fifo, 0o600) == 0 else { throw ValidationError("mkfifo \(fifo) failed") }
        let writer = PacedFIFOWriter(path: fifo, samples: samples, chunkFrames: 320 * speed)
        let config = directory.appendingPathComponent("mic.conf")
        try ALSACaptureDevice.filePCMConfiguration(name: "mic", infile: fifo).write(to: config, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("listen.jsonl")
        let errors = directory.appendingPathComponent("listen.err")
        for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "listen", "--alsa-config", config.path, "--device", "mic", "--duration", String(minutes * 60), "--no-sync", "--json", "--activation", "always",
            "--db", directory.appendingPathComponent("process.sqlite").path,
        ]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        writer.start()
        defer { writer.waitUntilDone(timeout: .seconds(5)) }
        let status = "/proc/\(process.processIdentifier)"
        // Between stored notes the replay is in silence (with a note's processing at its start): the smallest
        // reading of each such stretch, and the largest of the whole run.
        var quiet: [ProcessMemory] = []
        var notes = 0
        var lowest: ProcessMemory?
        var last: ProcessMemory?
        var largest = 0.0
        while process.isRunning {
            if let reading = ProcessMemory(status) {
                let now = (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n").count ?? notes
                if now > notes {
                    if let lowest { quiet.append(lowest) }
                    lowest = nil
                    notes = now
                }
                if reading.rss < lowest?.rss ?? .infinity { lowest = reading }
                largest = max(largest, reading.rss)
                last = reading
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        if let lowest { quiet.append(lowest) }
        guard process.terminationStatus == 0, let last else {
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw ValidationError("docket listen exited with status \(process.terminationStatus): \(text)")
        }
        // The first stretch includes the process starting; the others are what a listener settles at.
        let settled = Array(quiet.dropFirst())
        guard let firstSettled = settled.first, let lastSettled = settled.last else {
            throw ValidationError("docket listen stored \(notes) notes; the benchmark needs at least one (is the Whisper server up?)")
        }
        print(
            "the docket binary (\(binary)): docket listen over the same \(minutes) min fed at \(speed)× real time, /proc read every 10 ms; lowest reading in each stretch of silence:"
        )
        for (i, reading) in settled.enumerated() {
            let when = i == settled.count - 1 ? "after the last note" : "between notes \(i + 1) and \(i + 2)"
            print(
                String(
                    format: "  %@: RSS %.1f MB (anonymous %.1f, file-backed %.1f; proportional share PSS %.1f)", when, reading.rss, reading.anonymous,
                    reading.file, reading.proportional))
        }
        print(
            String(
                format:
                    "docket listen anonymous memory in silence, after note 1 → after the last note: %.1f → %.1f MB (growth %.2f MB; target ≤ 1 MB after minute 5)",
                firstSettled.anonymous, lastSettled.anonymous, lastSettled.anonymous - firstSettled.anonymous))
        print(
            String(
                format: "docket listen RSS in silence: %.1f → %.1f MB (range %.1f–%.1f); PSS %.1f → %.1f MB", firstSettled.rss, lastSettled.rss,
                settled.map(\.rss).min() ?? .nan, settled.map(\.rss).max() ?? .nan, firstSettled.proportional, lastSettled.proportional))
        print(String(format: "largest reading while a note was processed %.1f MB, peak (VmHWM) %.1f MB", largest, last.peak))
    }

    /// Resident memory of a process from its /proc/PID/status, in MB.
    struct ProcessMemory {
        var rss: Double
        var anonymous: Double
        var file: Double
        var peak: Double
        /// Pages shared with other processes (the Swift libraries with this benchmark) count by their share.
        var proportional: Double

        /// Reads `directory`'s status and smaps_rollup (`/proc/PID`).
        init?(_ directory: String) {
            func values(_ file: String) -> [Substring: Double] {
                guard let text = ProcFile.text("\(directory)/\(file)") else { return [:] }
                var values: [Substring: Double] = [:]
                for line in text.split(separator: "\n") {
                    let fields = line.split(omittingEmptySubsequences: true) { $0 == " " || $0 == "\t" }
                    if fields.count >= 2, let kb = Double(fields[1]) { values[fields[0]] = kb / 1024 }
                }
                return values
            }
            let status = values("status")
            guard let rss = status["VmRSS:"] else { return nil }
            self.rss = rss
            anonymous = status["RssAnon:"] ?? .nan
            file = status["RssFile:"] ?? .nan
            peak = status["VmHWM:"] ?? .nan
            proportional = values("smaps_rollup")["Pss:"] ?? .nan
        }
    }

    /// Anonymous, file-backed and shared-memory resident sizes from /proc/self/status.
    static func residentBreakdown() -> String {
        guard let status = ProcFile.text("/proc/self/status") else { return "?" }
        return status.split(separator: "\n").filter { $0.hasPrefix("Rss") }.map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }.joined(separator: ", ")
    }

    /// Resident memory per mapped file (or `[anon]`) from /proc/self/smaps, largest first.
    static func residentByMapping() -> [(name: String, megabytes: Double)] {
        guard let text = ProcFile.text("/proc/self/smaps") else { return [] }
        var sizes: [String: Double] = [:]
        var current = "[anon]"
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), first.first?.isHexDigit == true {
                current = fields.count >= 6 ? String(fields[5...].joined(separator: " ").split(separator: "/").last ?? "") : "[anon]"
            } else if fields.first == "Rss:", fields.count >= 2, let kb = Double(fields[1]) {
                sizes[current, default: 0] += kb / 1024
            }
        }
        return sizes.map { ($0.key, $0.value) }.sorted { $0.megabytes > $1.megabytes }
    }
}
