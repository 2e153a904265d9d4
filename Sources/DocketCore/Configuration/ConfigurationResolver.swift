import DocketAudio
public import Foundation
import Logging

/// Builds a ``DocketConfiguration`` from, in order of precedence: command-line flags, the process environment,
/// systemd credentials, the settings file (`docket.env`), a `.env` file in the working directory, and the defaults.
public struct ConfigurationResolver: Sendable {
    /// Every key docket reads; `.env` files may not contain other `DOCKET_` keys.
    public static let knownKeys: Set<String> = [
        "DOCKET_WHISPER_URL", "DOCKET_WHISPER_API_KEY", "OPENAI_API_KEY", "DOCKET_WHISPER_MODEL", "DOCKET_WHISPER_PREAMBLE", "DOCKET_WAKE_CHECK_MODEL",
        "DOCKET_WHISPER_FLAVOR", "DOCKET_WHISPER_CONNECT_TIMEOUT", "DOCKET_WHISPER_TIMEOUT",
        "DOCKET_WHISPER_ATTEMPTS", "DOCKET_WHISPER_PARALLELISM", "DOCKET_MAX_PIECE_SECONDS",
        "DOCKET_LANGUAGE", "DOCKET_DB", "DOCKET_TZ", "DOCKET_PROJECTS", "DOCKET_LABELS", "LOG_LEVEL",
        "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "DOCKET_CONFIG", "DOCKET_LOG_LEVEL", "DOCKET_STATE_DIR", "DOCKET_SUPABASE_URL",
        "DOCKET_SUPABASE_ANON_KEY",
        "DOCKET_SUPABASE_SERVICE_KEY", "DOCKET_SUPABASE_USER_ID", "DOCKET_SESSION", "DOCKET_SYNC_INTERVAL", "DOCKET_PULL_INTERVAL", "DOCKET_SYNC_BATCH",
        "DOCKET_DEVICE", "DOCKET_SEGMENT_PAUSE", "DOCKET_SHORT_NOTE_PAUSE", "DOCKET_NOTE_PAUSE", "DOCKET_AUDIO_DIR",
        "DOCKET_SERVE_HOST", "DOCKET_SERVE_PORT", "DOCKET_SPOOL", "DOCKET_SERVICE_TOKENS", "DOCKET_SERVICE_TOKEN_FILE",
        "DOCKET_MAX_UPLOAD_MB", "DOCKET_SERVE_WORKERS", "DOCKET_SERVE_QUEUE", "DOCKET_SERVE_WAIT_TIMEOUT",
        "DOCKET_SERVE_REQUEST_TIMEOUT", "DOCKET_SERVE_HEAD_TIMEOUT", "DOCKET_SERVE_MAX_CONNECTIONS", "DOCKET_MAX_AUDIO_MINUTES", "DOCKET_SPOOL_MIN_FREE_MB",
        "DOCKET_FAILED_RETENTION",
        "DOCKET_FAILED_MAX_MB",
        "DOCKET_REMOTE_URL", "DOCKET_REMOTE_TOKEN", "DOCKET_ACTIVATION", "DOCKET_WAKE_PHRASES", "DOCKET_WAKE_WORD_URL",
        "DOCKET_WAKE_WORDS", "DOCKET_UNDO_WINDOW", "DOCKET_PTT_DEVICE", "DOCKET_PTT_KEY", "DOCKET_PTT_MODE", "DOCKET_CONTROL_SOCKET",
        "DOCKET_CONFIRM", "DOCKET_PLAYBACK_DEVICE", "DOCKET_TTS_URL", "DOCKET_TTS_VOICE",
        "DOCKET_NOTIFY", "DOCKET_NOTIFY_ON", "DOCKET_NOTIFY_WEBHOOK_SECRET", "DOCKET_NOTIFY_NTFY_TOKEN", "DOCKET_REMIND_DATE_AT",
    ]

    /// Settings that are secrets: read from systemd credentials too, and redacted by `docket config`.
    public static let secretKeys: Set<String> = [
        "DOCKET_WHISPER_API_KEY", "OPENAI_API_KEY", "DOCKET_SUPABASE_ANON_KEY", "DOCKET_SUPABASE_SERVICE_KEY", "DOCKET_SERVICE_TOKENS",
        "DOCKET_REMOTE_TOKEN", "DOCKET_NOTIFY_WEBHOOK_SECRET", "DOCKET_NOTIFY_NTFY_TOKEN",
    ]

    /// The system-wide settings file, read when the user has none.
    public static let systemConfigPath = "/etc/docket/docket.env"

    /// Values given as flags, by configuration key (e.g. `DOCKET_DB` for `--db`).
    public var flags: [String: String]
    /// The process environment.
    public var environment: [String: String]
    /// Secrets from systemd's credentials directory (`LoadCredential=`), by key.
    public var credentials: [String: String]
    /// The credentials directory they came from.
    public var credentialsDirectory: String
    /// Contents of the settings file (`docket.env`), already parsed.
    public var configFile: [String: String]
    /// Where ``configFile`` came from; nil when there is none.
    public var configFilePath: String?
    /// Contents of the `.env` file, already parsed.
    public var dotenv: [String: String]
    /// Where ``dotenv`` came from.
    public var dotenvPath: String

    /// Creates a resolver over the sources, highest precedence first.
    public init(
        flags: [String: String] = [:], environment: [String: String] = [:], credentials: [String: String] = [:], credentialsDirectory: String = "",
        configFile: [String: String] = [:], configFilePath: String? = nil, dotenv: [String: String] = [:], dotenvPath: String = ".env"
    ) {
        self.flags = flags
        self.environment = environment
        self.credentials = credentials
        self.credentialsDirectory = credentialsDirectory
        self.configFile = configFile
        self.configFilePath = configFilePath
        self.dotenv = dotenv
        self.dotenvPath = dotenvPath
    }

    /// Reads the process's sources: the environment, systemd credentials (`$CREDENTIALS_DIRECTORY`), the settings
    /// file (``settingsFileCandidates(environment:flags:systemPath:)``) and `.env` in `directory`, each if present.
    /// - Throws: ``ConfigurationError`` when a file exists but cannot be read, is outside the format, or holds an
    ///   unknown `DOCKET_` key; or when `DOCKET_CONFIG` names a file that does not exist.
    public static func fromProcess(
        flags: [String: String], directory: String = FileManager.default.currentDirectoryPath,
        environment: [String: String] = ProcessInfo.processInfo.environment, systemConfigPath: String = systemConfigPath
    ) throws -> ConfigurationResolver {
        var resolver = ConfigurationResolver(flags: flags, environment: environment)
        if let explicit = (flags["DOCKET_CONFIG"] ?? environment["DOCKET_CONFIG"]).flatMap({ $0.isEmpty ? nil : $0 }) {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw ConfigurationError(
                    .unreadableFile, "DOCKET_CONFIG=\(explicit): no such file; create it (the installed example is docket.env.example) or unset DOCKET_CONFIG.")
            }
            resolver.configFilePath = explicit
        } else {
            resolver.configFilePath = settingsFileCandidates(environment: environment, systemPath: systemConfigPath)
                .first { FileManager.default.fileExists(atPath: $0) }
        }
        if let path = resolver.configFilePath { resolver.configFile = try readSettings(path) }
        resolver.dotenvPath = directory + "/.env"
        if FileManager.default.fileExists(atPath: resolver.dotenvPath) { resolver.dotenv = try readSettings(resolver.dotenvPath) }
        if let directory = environment["CREDENTIALS_DIRECTORY"], !directory.isEmpty {
            resolver.credentialsDirectory = directory
            for key in secretKeys {
                guard let data = FileManager.default.contents(atPath: directory + "/" + key), let text = String(data: data, encoding: .utf8) else { continue }
                resolver.credentials[key] = text.trimmingCharacters(in: .newlines)
            }
        }
        return resolver
    }

    /// Where the settings file is looked for, in order; the first that exists is read: the user's
    /// `$XDG_CONFIG_HOME/docket/docket.env` (default `~/.config/docket/docket.env`), then the system's
    /// `/etc/docket/docket.env`.
    public static func settingsFileCandidates(environment: [String: String], systemPath: String = systemConfigPath) -> [String] {
        [DocketConfiguration.xdgPath("XDG_CONFIG_HOME", fallback: ".config", file: "docket.env", environment: environment), systemPath]
    }

    private static func readSettings(_ path: String) throws -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(.unreadableFile, "Can't read \(path): check its permissions and that it is UTF-8 text.")
        }
        return try EnvironmentFile.parse(text, origin: path)
    }

    /// The sources, highest precedence first.
    private var layers: [(source: SettingSource, values: [String: String])] {
        [
            (.flag, flags), (.environment, environment), (.credential(credentialsDirectory), credentials),
            (.file(configFilePath ?? ""), configFile), (.dotenv(dotenvPath), dotenv),
        ]
    }

    /// The value of `key` from the first source that has a non-empty one.
    public func value(_ key: String) -> String? { lookup(key)?.value }

    /// Where the value of `key` comes from.
    public func source(of key: String) -> SettingSource { lookup(key)?.source ?? .default }

    private func lookup(_ key: String) -> (value: String, source: SettingSource)? {
        for layer in layers {
            if let v = layer.values[key]?.trimmingCharacters(in: .whitespaces), !v.isEmpty { return (v, layer.source) }
        }
        return nil
    }

    /// `HOME` and the XDG base directories as the sources give them (the environment first), for default paths.
    private var homeEnvironment: [String: String] {
        var merged: [String: String] = [:]
        for key in ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"] { merged[key] = lookup(key)?.value }
        return merged
    }

    /// Resolves every setting.
    /// - Throws: ``ConfigurationError`` naming the key and the accepted values.
    public func resolve() throws -> DocketConfiguration {
        do {
            return try resolveValues()
        } catch let error as ConfigurationError where error.code == .invalidValue {
            // "KEY=value …": say where that value was set, when it is a file the user may not have in mind.
            guard let key = error.message.split(separator: "=", maxSplits: 1).first.map(String.init), key.hasPrefix("DOCKET_") else { throw error }
            let place: String? =
                switch source(of: key) {
                case .file(let path), .dotenv(let path): path
                case .credential(let directory): "the credential \(key) in \(directory)"
                case .flag, .environment, .default: nil
                }
            guard let place else { throw error }
            throw ConfigurationError(.invalidValue, "\(error.message) (\(key) is set in \(place).)", cause: error.cause)
        }
    }

    private func resolveValues() throws -> DocketConfiguration {
        var config = DocketConfiguration()
        if let url = try httpURL("DOCKET_WHISPER_URL", use: "e.g. http://127.0.0.1:8178 or https://api.openai.com") { config.whisperURL = url }
        config.whisperAPIKey = value("DOCKET_WHISPER_API_KEY") ?? value("OPENAI_API_KEY")
        if let model = value("DOCKET_WHISPER_MODEL") { config.whisperModel = model }
        if let raw = value("DOCKET_WHISPER_PREAMBLE") {
            guard let choice = DictationPrompt.Choice(rawValue: raw.lowercased()) else {
                throw ConfigurationError(.invalidValue, "DOCKET_WHISPER_PREAMBLE=\(raw) is not known; use auto, on or off.")
            }
            config.whisperPreamble = choice
        }
        if let model = value("DOCKET_WAKE_CHECK_MODEL") { config.wakeCheckModel = model }
        if let raw = value("DOCKET_WHISPER_FLAVOR") {
            guard let flavor = WhisperFlavor(rawValue: raw.lowercased()) else {
                throw ConfigurationError(.invalidValue, "DOCKET_WHISPER_FLAVOR=\(raw) is not known; use openai or whispercpp.")
            }
            config.whisperFlavor = flavor
        }
        if let s = try seconds("DOCKET_WHISPER_CONNECT_TIMEOUT") { config.whisperConnectTimeout = s }
        if let s = try seconds("DOCKET_WHISPER_TIMEOUT") { config.whisperRequestTimeout = s }
        if let n = try integer("DOCKET_WHISPER_ATTEMPTS", range: 1...20) { config.whisperMaxAttempts = n }
        if let n = try integer("DOCKET_WHISPER_PARALLELISM", range: 1...16) { config.whisperParallelism = n }
        if let raw = value("DOCKET_MAX_PIECE_SECONDS") {
            guard let v = Double(raw), v >= 10, v <= 3600 else {
                throw ConfigurationError(.invalidValue, "DOCKET_MAX_PIECE_SECONDS=\(raw) must be a number of seconds between 10 and 3600.")
            }
            config.maxPieceSeconds = v
        }
        if let lang = value("DOCKET_LANGUAGE") {
            config.language = ["auto", "detect"].contains(lang.lowercased()) ? nil : lang.lowercased()
        }
        let home = homeEnvironment
        config.databasePath = value("DOCKET_DB") ?? DocketConfiguration.defaultDatabasePath(environment: home)
        // State goes with a database named on purpose (one folder per database), else in the XDG state directory.
        config.stateDirectory = value("DOCKET_STATE_DIR") ?? (value("DOCKET_DB") == nil ? DocketConfiguration.defaultStateDirectory(environment: home) : nil)
        let raw = value("DOCKET_LOG_LEVEL") ?? value("LOG_LEVEL") ?? "warning"
        guard let level = Logger.Level(rawValue: raw.lowercased()) else {
            let key = value("DOCKET_LOG_LEVEL") == nil ? "LOG_LEVEL" : "DOCKET_LOG_LEVEL"
            throw ConfigurationError(.invalidValue, "\(key)=\(raw) is not a level; use trace, debug, info, notice, warning, error or critical.")
        }
        config.logLevel = level
        if let raw = value("DOCKET_TZ") {
            guard let zone = ZoneParser.timeZone(from: raw) else {
                throw ConfigurationError(
                    .invalidValue, "DOCKET_TZ=\(raw) is not a time zone; use an IANA name such as Europe/Berlin or an offset such as +02:00.")
            }
            config.timeZone = zone
        }
        config.projects = list("DOCKET_PROJECTS")
        config.labels = list("DOCKET_LABELS")
        config.supabaseURL = try httpURL("DOCKET_SUPABASE_URL", use: "your project's URL, e.g. https://abcdefgh.supabase.co")
        config.supabaseAnonKey = value("DOCKET_SUPABASE_ANON_KEY")
        config.supabaseServiceKey = value("DOCKET_SUPABASE_SERVICE_KEY")
        if let raw = value("DOCKET_SUPABASE_USER_ID") {
            guard UUID(uuidString: raw) != nil else {
                throw ConfigurationError(
                    .invalidValue, "DOCKET_SUPABASE_USER_ID=\(raw) is not a UUID; use the user's id from the project's Authentication page.")
            }
            config.supabaseUserID = raw.lowercased()
        }
        config.sessionPath = value("DOCKET_SESSION") ?? config.defaultSessionPath(environment: home)
        if let s = try seconds("DOCKET_SYNC_INTERVAL") { config.syncInterval = s }
        if let s = try seconds("DOCKET_PULL_INTERVAL") { config.pullInterval = s }
        if let n = try integer("DOCKET_SYNC_BATCH", range: 1...1000) { config.syncBatchSize = n }
        if let device = value("DOCKET_DEVICE") { config.captureDevice = device }
        if let raw = value("DOCKET_ACTIVATION") {
            guard let activation = Activation(rawValue: raw.lowercased()) else {
                throw ConfigurationError(
                    .invalidValue, "DOCKET_ACTIVATION=\(raw) is not known; use \(Activation.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            config.activation = activation
        }
        if value("DOCKET_WAKE_PHRASES") != nil {
            config.wakePhrases = list("DOCKET_WAKE_PHRASES")
            guard !WakePhrase(phrases: config.wakePhrases).phrases.isEmpty else {
                throw ConfigurationError(.invalidValue, "DOCKET_WAKE_PHRASES has no words; use e.g. DOCKET_WAKE_PHRASES=docket,hey docket.")
            }
        }
        if let url = value("DOCKET_WAKE_WORD_URL") {
            guard WyomingWakeWordDetector(url: url, names: []) != nil else {
                throw ConfigurationError(
                    .invalidValue, "DOCKET_WAKE_WORD_URL=\(url) is not a tcp://host:port address; use e.g. tcp://127.0.0.1:10400 (wyoming-openwakeword).")
            }
            config.wakeWordURL = url
        }
        if value("DOCKET_WAKE_WORDS") != nil { config.wakeWords = list("DOCKET_WAKE_WORDS") }
        config.pushToTalkDevice = value("DOCKET_PTT_DEVICE")
        if let key = value("DOCKET_PTT_KEY") {
            guard let code = KeyTalkSource.code(named: key) else {
                throw ConfigurationError(
                    .invalidValue,
                    "DOCKET_PTT_KEY=\(key) is not a key docket knows; use a name from linux/input-event-codes.h (KEY_F13, KEY_SPACE, BTN_LEFT) or its number (evtest shows both)."
                )
            }
            config.pushToTalkKey = code
        }
        if let raw = value("DOCKET_PTT_MODE") {
            guard let mode = PushToTalkMode(rawValue: raw.lowercased()) else {
                throw ConfigurationError(.invalidValue, "DOCKET_PTT_MODE=\(raw) is not known; use hold or toggle.")
            }
            config.pushToTalkMode = mode
        }
        config.controlSocketPath = value("DOCKET_CONTROL_SOCKET")
        if let raw = value("DOCKET_CONFIRM") {
            guard let confirmation = Confirmation(rawValue: raw.lowercased()) else {
                throw ConfigurationError(.invalidValue, "DOCKET_CONFIRM=\(raw) is not known; use none, chime or speak.")
            }
            config.confirmation = confirmation
        }
        if let device = value("DOCKET_PLAYBACK_DEVICE") { config.playbackDevice = device }
        if let url = value("DOCKET_TTS_URL") {
            guard WyomingSynthesizer(url: url) != nil else {
                throw ConfigurationError(
                    .invalidValue, "DOCKET_TTS_URL=\(url) is not a tcp://host:port address; use e.g. tcp://127.0.0.1:10200 (wyoming-piper).")
            }
            config.ttsURL = url
        }
        config.ttsVoice = value("DOCKET_TTS_VOICE")
        if let raw = value("DOCKET_UNDO_WINDOW") {
            guard let window = Double(raw.hasSuffix("s") ? String(raw.dropLast()) : raw), window >= 0 else {
                throw ConfigurationError(.invalidValue, "DOCKET_UNDO_WINDOW=\(raw) must be a number of seconds, e.g. 60, or 0 to turn voice undo off.")
            }
            config.undoWindow = window == 0 ? nil : try seconds("DOCKET_UNDO_WINDOW")
        }
        if let s = try pause("DOCKET_SEGMENT_PAUSE", range: 0.2...5) { config.segmentation.segmentPause = s }
        if let s = try pause("DOCKET_SHORT_NOTE_PAUSE", range: 0.5...30) { config.segmentation.shortNotePause = s }
        if let s = try pause("DOCKET_NOTE_PAUSE", range: 0.5...30) { config.segmentation.notePause = s }
        config.segmentation.trailingPad = min(config.segmentation.trailingPad, config.segmentation.segmentPause)
        guard config.segmentation.segmentPause < config.segmentation.shortNotePause,
            config.segmentation.shortNotePause <= config.segmentation.notePause
        else {
            throw ConfigurationError(
                .invalidValue,
                "Pauses must grow: DOCKET_SEGMENT_PAUSE (\(config.segmentation.segmentPause) s) < DOCKET_SHORT_NOTE_PAUSE (\(config.segmentation.shortNotePause) s) <= DOCKET_NOTE_PAUSE (\(config.segmentation.notePause) s)."
            )
        }
        config.audioDirectory = value("DOCKET_AUDIO_DIR")
        try resolveServe(into: &config)
        return config
    }

    private func resolveServe(into config: inout DocketConfiguration) throws {
        if let host = value("DOCKET_SERVE_HOST") { config.serve.host = host }
        if let n = try integer("DOCKET_SERVE_PORT", range: 0...65535) { config.serve.port = n }
        config.serve.spoolDirectory = value("DOCKET_SPOOL")
        config.serve.tokens = list("DOCKET_SERVICE_TOKENS")
        config.serve.tokenFile = value("DOCKET_SERVICE_TOKEN_FILE")
        if let n = try integer("DOCKET_MAX_UPLOAD_MB", range: 1...4096) { config.serve.maxUploadBytes = n * 1024 * 1024 }
        if let n = try integer("DOCKET_SERVE_WORKERS", range: 1...64) { config.serve.workers = n }
        if let n = try integer("DOCKET_SERVE_QUEUE", range: 1...100_000) { config.serve.queueLimit = n }
        if let s = try seconds("DOCKET_SERVE_WAIT_TIMEOUT") { config.serve.waitTimeout = s }
        if let s = try seconds("DOCKET_SERVE_REQUEST_TIMEOUT") { config.serve.requestTimeout = s }
        if let s = try seconds("DOCKET_SERVE_HEAD_TIMEOUT") { config.serve.headTimeout = s }
        if let n = try integer("DOCKET_SERVE_MAX_CONNECTIONS", range: 16...1_000_000) { config.serve.maxConnections = n }
        if let n = try integer("DOCKET_MAX_AUDIO_MINUTES", range: 1...10_000) { config.serve.maxAudioSeconds = Double(n) * 60 }
        if let n = try integer("DOCKET_SPOOL_MIN_FREE_MB", range: 0...10_000_000) { config.serve.minimumFreeBytes = Int64(n) << 20 }
        if let n = try integer("DOCKET_FAILED_MAX_MB", range: 0...10_000_000) { config.serve.failedMaximumBytes = Int64(n) << 20 }
        if let raw = value("DOCKET_FAILED_RETENTION") {
            guard let retention = Self.retention(raw) else {
                throw ConfigurationError(
                    .invalidValue, "DOCKET_FAILED_RETENTION=\(raw) is not a duration; give days, hours or minutes, e.g. 14d, 36h or 90m.")
            }
            config.serve.failedRetention = retention
        }
        config.remoteURL = try httpURL("DOCKET_REMOTE_URL", use: "the address of a running docket serve, e.g. http://192.168.1.20:8765")
        config.remoteToken = value("DOCKET_REMOTE_TOKEN")
        try resolveNotify(into: &config.notify)
    }

    private func resolveNotify(into notify: inout NotifySettings) throws {
        for text in list("DOCKET_NOTIFY") {
            guard let channel = NotifyChannel(text) else {
                throw ConfigurationError(
                    .invalidValue,
                    "DOCKET_NOTIFY: \(text) is not a channel; use webhook:https://…, ntfy:https://ntfy.sh/TOPIC or notify-send, separated by commas.")
            }
            notify.channels.append(channel)
        }
        if value("DOCKET_NOTIFY_ON") != nil {
            notify.events = []
            for word in list("DOCKET_NOTIFY_ON") {
                guard let event = NotifyEvent(rawValue: word.lowercased()) else {
                    throw ConfigurationError(.invalidValue, "DOCKET_NOTIFY_ON: \(word) is not an event; use due, created, or created,due.")
                }
                notify.events.insert(event)
            }
        }
        notify.webhookSecret = value("DOCKET_NOTIFY_WEBHOOK_SECRET")
        notify.ntfyToken = value("DOCKET_NOTIFY_NTFY_TOKEN")
        if let raw = value("DOCKET_REMIND_DATE_AT") {
            let parts = raw.split(separator: ":").map { Int($0) }
            guard parts.count == 2, let hour = parts[0], let minute = parts[1], (0..<24).contains(hour), (0..<60).contains(minute) else {
                throw ConfigurationError(.invalidValue, "DOCKET_REMIND_DATE_AT=\(raw) is not a time of day; use HH:MM, e.g. 09:00 or 18:30.")
            }
            notify.dateReminderMinute = hour * 60 + minute
        }
    }

    private func list(_ key: String) -> [String] {
        guard let raw = value(key) else { return [] }
        return raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The http(s) URL `key` is set to, if any.
    /// - Throws: ``ConfigurationError`` naming the setting and what to `use` instead.
    private func httpURL(_ key: String, use: String) throws -> URL? {
        guard let raw = value(key) else { return nil }
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ConfigurationError(.invalidValue, "\(key)=\(raw) is not an http(s) URL; use \(use).")
        }
        return url
    }

    private func seconds(_ key: String) throws -> Duration? {
        guard let raw = value(key) else { return nil }
        let trimmed = raw.hasSuffix("s") ? String(raw.dropLast()) : raw
        guard let v = Double(trimmed), v > 0, v <= 86_400 else {
            throw ConfigurationError(.invalidValue, "\(key)=\(raw) must be a positive number of seconds, e.g. 30.")
        }
        return .milliseconds(Int64(v * 1000))
    }

    private func pause(_ key: String, range: ClosedRange<Double>) throws -> Double? {
        guard let raw = value(key) else { return nil }
        let trimmed = raw.hasSuffix("s") ? String(raw.dropLast()) : raw
        guard let v = Double(trimmed), range.contains(v) else {
            throw ConfigurationError(.invalidValue, "\(key)=\(raw) must be a number of seconds from \(range.lowerBound) to \(range.upperBound).")
        }
        return v
    }

    /// "14d", "36h", "90m", or a bare number of days.
    static func retention(_ raw: String) -> Duration? {
        let units: [Character: Int64] = ["d": 86_400, "h": 3_600, "m": 60]
        let unit = raw.last.flatMap { units[$0] }
        guard let count = Int64(unit == nil ? raw : String(raw.dropLast())), count >= 0, count <= 100_000 else { return nil }
        return .seconds(count * (unit ?? 86_400))
    }

    private func integer(_ key: String, range: ClosedRange<Int>) throws -> Int? {
        guard let raw = value(key) else { return nil }
        guard let v = Int(raw), range.contains(v) else {
            throw ConfigurationError(.invalidValue, "\(key)=\(raw) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return v
    }
}
