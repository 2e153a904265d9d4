import ArgumentParser
import DocketAudio
import DocketCore
import Foundation
import Logging

/// `docket ingest FILE…`: recorded notes → stored tasks.
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Transcribe recorded notes and store the tasks in them.",
        discussion: """
            Reads WAV directly and FLAC, MP3, OGG/Opus, M4A and WebM through ffmpeg. The same audio is \
            processed once: ingesting it again shows the stored result (use --force to redo it). \
            With --remote URL (or DOCKET_REMOTE_URL) the files are uploaded to a running docket serve instead, \
            with the token in DOCKET_REMOTE_TOKEN; the tasks are stored there and printed here as usual. \
            Exit status: 0 when every file succeeded; otherwise the first failure's (75 the Whisper endpoint \
            down, 66 a missing file, 1 audio that can't be read; see docket --help).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Audio files to ingest.", valueName: "file"))
    var files: [String]

    @Flag(help: "Print JSON on stdout: {\"notes\":[{\"id\",\"file\",\"duration_s\",\"transcript\",\"tasks\":[…]}]}.")
    var json = false

    @OptionGroup var speech: SpeechOptions

    @Option(help: ArgumentHelp("Extra words for the recognizer (names, jargon).", valueName: "text"))
    var prompt: String?

    @Flag(help: "Transcribe and show the tasks without storing anything.")
    var dryRun = false

    @Flag(help: "Process files again even if the same audio was already ingested (replaces its tasks).")
    var force = false

    @Option(help: ArgumentHelp("Upload to this docket serve instead of processing here (DOCKET_REMOTE_URL); token from DOCKET_REMOTE_TOKEN.", valueName: "url"))
    var remote: String?

    @Flag(help: "Process here even when DOCKET_REMOTE_URL is set.")
    var local = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one audio file, e.g. docket ingest note.wav") }
        if remote != nil, local { throw ValidationError("--remote and --local contradict each other; give one.") }
    }

    func run() async throws {
        let config = try global.resolve(extra: speech.settings.merging(["DOCKET_REMOTE_URL": remote]) { $1 })
        let logger = global.makeLogger(level: config.logLevel)
        let (zone, now) = try speech.reference.resolve(fallback: config.timeZone)
        // Ctrl-C or SIGTERM stops after the file in progress has cleaned up (its decoded audio, its requests).
        try await cancellingOnSignals { [self] in
            if let url = config.remoteURL, !local {
                return try await runRemote(url: url, config: config, zone: zone, now: now, logger: logger)
            }
            try await runLocal(config: config, zone: zone, now: now, logger: logger)
        }
    }

    /// Ingests the files here.
    private func runLocal(config: DocketConfiguration, zone: TimeZone, now: Date?, logger: Logger) async throws {
        let reports = try await DocketServices.with(configuration: config, logger: logger) { services in
            let store = dryRun ? nil : try services.openStore()
            let pipeline = services.ingestPipeline(store: store)
            let options = IngestOptions(referenceDate: now, timeZone: zone, language: config.language, prompt: prompt, force: force, dryRun: dryRun)
            return await eachFile { file, bar in
                try await pipeline.ingest(path: file, options: options) { event in
                    switch event {
                    case .preparing(let f): bar.update(f * 0.3, stage: "decoding")
                    case .transcribing(let done, let total): bar.update(0.3 + 0.65 * Double(done) / Double(max(total, 1)), stage: "transcribing")
                    case .storing: bar.update(0.97, stage: "storing")
                    }
                }
            }
        }
        try finish(reports)
    }

    /// Runs `body` on each file with a progress bar, printing each result as it comes (unless `--json`).
    private func eachFile(_ body: (String, ProgressBar) async throws -> IngestOutcome) async -> [NoteReport] {
        var reports: [NoteReport] = []
        for file in files {
            let bar = ProgressBar(label: URL(fileURLWithPath: file).lastPathComponent, enabled: isTerminal(2))
            let report: NoteReport
            do {
                report = NoteReport(file: file, outcome: try await body(file, bar), error: nil)
            } catch {
                report = NoteReport(file: file, outcome: nil, error: error)
            }
            bar.finish()
            // Stopped by a signal: what the file in progress says now is only that it was stopped.
            if Task.isCancelled, report.error != nil { break }
            reports.append(report)
            if !json {
                if let error = report.error {
                    printError("error: \(file): \(error)")
                } else {
                    for warning in report.outcome?.warnings ?? [] { printError("warning: \(warning)") }
                    print(report.human(dryRun: dryRun))
                }
            }
        }
        return reports
    }

    /// Prints the JSON report (the human one is printed file by file) and sets the exit status.
    private func finish(_ reports: [NoteReport]) throws {
        if json {
            let data = try makeJSONEncoder().encode(IngestJSON(dry_run: dryRun ? true : nil, notes: reports))
            try writeOutput(data + Data("\n".utf8))
        }
        // The first failure's status (75 for an endpoint down, 66 for a missing file, …).
        if let error = reports.lazy.compactMap(\.error).first { throw ExitCode(ExitStatus.of(error)) }
    }

    /// Uploads each file to a running `docket serve`, waits for its tasks and prints them as a local ingest does.
    private func runRemote(url: URL, config: DocketConfiguration, zone: TimeZone, now: Date?, logger: Logger) async throws {
        if dryRun || force || prompt != nil {
            throw ValidationError("--dry-run, --force and --prompt apply to local processing only; drop them with --remote.")
        }
        guard let token = config.remoteToken else {
            throw ValidationError("Set DOCKET_REMOTE_TOKEN to a token the service at \(url) accepts (docket serve --new-token makes one).")
        }
        let reports = try await DocketServices.with(configuration: config, logger: logger) { services in
            let client = RemoteIngestClient(http: services.apiHTTPClient, baseURL: url, token: token)
            return await eachFile { file, bar in
                let note = try await client.ingest(path: file, recordedAt: now ?? Date(), timeZone: zone, language: config.language ?? "auto") { event in
                    switch event {
                    case .uploading(let sent, let total): bar.update(0.5 * Double(sent) / Double(max(total, 1)), stage: "uploading")
                    case .processing(let status): bar.update(0.6, stage: status == .queued ? "queued" : "transcribing")
                    }
                }
                return IngestOutcome(remote: note, file: file)
            }
        }
        try finish(reports)
    }
}

/// One file's result, for both outputs.
struct NoteReport: Encodable {
    var file: String
    var outcome: IngestOutcome?
    var error: (any Error)?

    enum Keys: String, CodingKey { case id, file, status, duration_s, transcript, tasks, diagnostics, warnings, error }
    enum ErrorKeys: String, CodingKey { case code, message }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(file, forKey: .file)
        if let outcome {
            try c.encode(outcome.note.id, forKey: .id)
            try c.encode(outcome.status.rawValue, forKey: .status)
            try c.encode((outcome.note.durationSeconds * 100).rounded() / 100, forKey: .duration_s)
            try c.encode(outcome.note.transcript, forKey: .transcript)
            try c.encode(outcome.tasks.map(TaskJSON.init), forKey: .tasks)
            if !outcome.diagnostics.isEmpty { try c.encode(outcome.diagnostics, forKey: .diagnostics) }
            if !outcome.warnings.isEmpty { try c.encode(outcome.warnings, forKey: .warnings) }
        }
        if let error {
            var e = c.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error)
            try e.encode(errorCode(error), forKey: .code)
            try e.encode(String(describing: error), forKey: .message)
        }
    }

    func human(dryRun: Bool) -> String {
        guard let outcome else { return "" }
        let seconds = String(format: "%.1f s", outcome.note.durationSeconds)
        var lines: [String] = []
        switch outcome.status {
        case .noSpeech:
            lines.append("\(file) (\(seconds)): no speech found; nothing sent for transcription.")
        case .duplicate:
            lines.append("\(file) (\(seconds)): already ingested as note \(outcome.note.id.prefix(8)); showing the stored tasks (use --force to redo).")
        case .notAddressed:
            lines.append("\(file) (\(seconds)): does not start with the wake phrase; nothing stored.")
        case .processed:
            lines.append("\(file) (\(seconds))\(dryRun ? " [dry run, nothing stored]" : ""): \"\(outcome.note.transcript)\"")
        }
        if outcome.status != .noSpeech && outcome.status != .notAddressed {
            lines.append(TaskTable.render(outcome.tasks.map(\.extracted), diagnostics: outcome.diagnostics))
        }
        return lines.joined(separator: "\n")
    }
}

/// `docket ingest --json`: `{"notes":[…]}`, with `"dry_run":true` when nothing was stored.
struct IngestJSON: Encodable {
    var dry_run: Bool?
    var notes: [NoteReport]
}

/// A short machine-readable code for an error.
func errorCode(_ error: any Error) -> String {
    switch error {
    case let e as TranscriptionError: return "transcription.\(e.code.rawValue)"
    case let e as StoreError: return "store.\(e.code.rawValue)"
    case let e as ConfigurationError: return "configuration.\(e.code.rawValue)"
    case let e as SyncError: return "sync.\(e.code.rawValue)"
    case let e as AudioError: return "audio.\(e.code.rawValue)"
    case let e as RemoteError: return "remote.\(e.code.rawValue)"
    default: return "internal"
    }
}

extension IngestOutcome {
    /// A note processed by a remote `docket serve`, in the shape a local ingest reports.
    init(remote note: NoteResource, file: String) {
        let status: IngestOutcome.Status =
            switch note.result {
            case .duplicate?: .duplicate
            case .noSpeech?: .noSpeech
            default: .processed
            }
        let record = NoteRecord(
            id: note.id, sourceFile: note.file ?? URL(fileURLWithPath: file).lastPathComponent, contentHash: "",
            recordedAt: note.recordedAt ?? Date(), durationSeconds: note.durationSeconds ?? 0, transcript: note.transcript ?? "",
            language: note.language, status: status == .noSpeech ? .noSpeech : .done)
        let tasks = (note.tasks ?? []).enumerated().map { TaskRecord(task: $1.task, noteID: note.id, position: $0, id: $1.id) }
        self.init(status: status, note: record, tasks: tasks, diagnostics: note.diagnostics ?? [])
        warnings = note.warnings ?? []
    }
}
