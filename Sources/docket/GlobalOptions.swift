import ArgumentParser
import DocketCore
import Foundation
import Logging
import Synchronization
import UnixSignals

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("SQLite database file (DOCKET_DB).", valueName: "path"))
    var database: String?

    @Option(name: .customLong("whisper-url"), help: ArgumentHelp("Whisper-compatible endpoint (DOCKET_WHISPER_URL).", valueName: "url"))
    var whisperURL: String?

    @Option(help: ArgumentHelp("Log level on stderr: trace, debug, info, notice, warning, error, critical (DOCKET_LOG_LEVEL, LOG_LEVEL).", valueName: "level"))
    var logLevel: String?

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("Settings file (DOCKET_CONFIG); default $XDG_CONFIG_HOME/docket/docket.env, else /etc/docket/docket.env.", valueName: "path"))
    var configFile: String?

    /// The flags as settings, with `extra` (a command's own flags) over them.
    func flags(extra: [String: String?] = [:]) -> [String: String] {
        var flags: [String: String] = [:]
        flags["DOCKET_DB"] = database
        flags["DOCKET_WHISPER_URL"] = whisperURL
        flags["DOCKET_LOG_LEVEL"] = logLevel
        flags["DOCKET_CONFIG"] = configFile
        for (key, value) in extra { flags[key] = value }
        return flags
    }

    /// The sources of the configuration: these flags and `extra`, then env, credentials, the settings file, `.env`.
    func resolver(extra: [String: String?] = [:]) throws -> ConfigurationResolver {
        try ConfigurationResolver.fromProcess(flags: flags(extra: extra))
    }

    /// Resolves the configuration: these flags and `extra`, then env, credentials, the settings file, `.env`, defaults.
    func resolve(extra: [String: String?] = [:]) throws -> DocketConfiguration {
        try resolver(extra: extra).resolve()
    }

    /// The configuration and the database, for a command that reads or changes stored tasks: it never creates
    /// the database (``DocketStore/existing(path:explicit:)``), so a mistyped `--db` is an error, not a new empty file.
    func existingStore() throws -> (DocketStore, DocketConfiguration) {
        let resolver = try resolver()
        let config = try resolver.resolve()
        _ = makeLogger(level: config.logLevel)
        return (try DocketStore.existing(path: config.databasePath, explicit: resolver.source(of: "DOCKET_DB") != .default), config)
    }

    /// Bootstraps logging to stderr (with journald priorities when stderr is the journal) at `level`, the resolved
    /// configuration's, and returns the app logger.
    func makeLogger(level: Logger.Level) -> Logger {
        LoggingBootstrap.once(level: level, journal: JournalLogHandler.stderrIsJournal())
        var logger = Logger(label: "docket")
        logger.logLevel = level
        return logger
    }
}

/// Logging is bootstrapped once per process.
enum LoggingBootstrap {
    private static let done = Mutex(false)

    static func once(level: Logger.Level, journal: Bool) {
        done.withLock { done in
            guard !done else { return }
            done = true
            LoggingSystem.bootstrap { label in
                guard !journal else { return JournalLogHandler(label: label, level: level) }
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        }
    }
}

/// `--now` and `--tz`: the reference time and zone for spoken dates.
struct ReferenceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Reference time for spoken dates (ISO-8601, e.g. 2026-11-18T09:00); default now.", valueName: "time"))
    var now: String?

    @Option(help: ArgumentHelp("Time zone for dates: IANA name or ±HH:MM; default DOCKET_TZ or the system zone.", valueName: "zone"))
    var tz: String?

    /// The zone (`--tz`, else `fallback`) and the reference time read in it (`nil`: now).
    func resolve(fallback: TimeZone) throws -> (zone: TimeZone, now: Date?) {
        var zone = fallback
        if let tz {
            guard let parsed = ZoneParser.timeZone(from: tz) else {
                throw ValidationError("--tz \(tz) is not a time zone; use an IANA name such as America/New_York or an offset such as -05:00.")
            }
            zone = parsed
        }
        guard let now else { return (zone, nil) }
        guard let date = ReferenceTime.parse(now, zone: zone) else {
            throw ValidationError("--now \(now) is not an ISO-8601 time; use e.g. 2026-11-18T09:00 or 2026-11-18T09:00:00-05:00.")
        }
        return (zone, date)
    }
}

/// `--json` for the commands whose JSON needs no description in the help (`whoami`, `status`, `devices`, `remind`).
struct JSONOutput: ParsableArguments {
    @Flag(help: "Print JSON.")
    var json = false
}

/// `--now`, `--tz` and `--language`: how to read what is said in audio (`docket ingest`, `docket listen`).
struct SpeechOptions: ParsableArguments {
    @OptionGroup var reference: ReferenceOptions

    @Option(help: ArgumentHelp("Language spoken (ISO-639-1, or 'auto'); default DOCKET_LANGUAGE or en.", valueName: "code"))
    var language: String?

    /// The flags as settings, for ``GlobalOptions/resolve(extra:)``.
    var settings: [String: String?] { ["DOCKET_LANGUAGE": language] }
}

/// `--no-sync`, and the background sync it turns off (`docket serve`, `docket listen`).
struct BackgroundSyncOptions: ParsableArguments {
    @Flag(help: "Don't run the background sync, even with a Supabase project configured.")
    var noSync = false

    /// The background sync over `store`: nil without a Supabase project, with `--no-sync`, or when the sync can't
    /// be set up (said as a warning; the command runs without it).
    func engine(services: DocketServices, store: DocketStore) -> SyncEngine? {
        guard services.configuration.supabaseURL != nil, !noSync else { return nil }
        do {
            return try SupabaseSync(configuration: services.configuration, httpClient: services.apiHTTPClient, logger: services.logger).engine(store: store)
        } catch {
            printError("warning: not syncing: \(error)")
            return nil
        }
    }
}

/// Standard output can't be written (a full disk, a closed pipe): the output is incomplete, so the run fails with
/// 74 (EX_IOERR) instead of crashing or passing as if it had been read.
struct OutputError: DocketError, ExitStatusProviding {
    enum Code: String, Sendable { case output }
    var code: Code { .output }
    var exitStatus: Int32 { ExitStatus.ioError }
    var message: String
    var cause: (any Error)?

    init(errno code: Int32) {
        message = "Can't write to standard output (\(String(cString: strerror(code)))); what docket printed is incomplete."
    }
}

/// Writes `data` to standard output, whole.
/// - Throws: ``OutputError`` when it can't.
func writeOutput(_ data: Data) throws {
    if let failure = data.withUnsafeBytes({ writeAll(STDOUT_FILENO, $0) }) { throw OutputError(errno: failure) }
}

/// Writes `text` and a line end to standard output (``writeOutput(_:)``).
func writeLine(_ text: String) throws {
    try writeOutput(Data((text + "\n").utf8))
}

/// Runs `body` in a task that SIGINT or SIGTERM cancels, so what it undoes on the way out (temporary files, requests
/// in flight) is undone before the process ends by that signal (so a shell loop around it stops too); a second
/// signal ends the process at once.
func cancellingOnSignals(_ body: @escaping @Sendable () async throws -> Void) async throws {
    let signals = await UnixSignalsSequence(trapping: DocketServices.shutdownSignals)
    let received = Mutex<UnixSignal?>(nil)
    let work = Task { try await body() }
    let watcher = Task {
        for await signal in signals {
            let isFirst = received.withLock { first in
                defer { first = first ?? signal }
                return first == nil
            }
            guard isFirst else { dieBy(signal) }
            work.cancel()
            printError("Stopping after cleaning up; press Ctrl-C again to quit at once.")
        }
    }
    let result = await work.result
    watcher.cancel()
    if let signal = received.withLock({ $0 }) { dieBy(signal) }
    try result.get()
}

/// Ends the process by `signal`, as it would have ended without docket's handler. The signal goes to the process,
/// not this thread (dispatch blocks signals on its own threads), and is handled the default way.
private func dieBy(_ signal: UnixSignal) -> Never {
    Glibc.signal(signal.rawValue, SIG_DFL)
    kill(getpid(), signal.rawValue)
    // Delivery is asynchronous; should it not come, end with the status a shell gives a process it killed.
    sleep(5)
    exit(128 + signal.rawValue)
}

/// Writes a line to stderr.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Whether a stream is a terminal.
func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
