public import DocketAudio
import DocketSupport
public import Foundation
public import Logging

/// Which request shape the Whisper-compatible endpoint speaks.
public enum WhisperFlavor: String, Sendable, CaseIterable, Codable {
    /// OpenAI-style `POST {url}/v1/audio/transcriptions` (OpenAI, faster-whisper servers, speaches, Groq).
    case openai
    /// whisper.cpp's `POST {url}/inference`.
    case whispercpp
}

/// Everything docket needs to know about its surroundings, resolved once at start-up.
///
/// Every parameter has a default so tests can build one with only what they care about.
public struct DocketConfiguration: Sendable {
    /// The embedded default: the local faster-whisper server started by `scripts/whisper-server.sh`.
    public static let defaultWhisperURL = URL(string: "http://127.0.0.1:8178")!

    /// Base URL of the Whisper-compatible endpoint.
    public var whisperURL: URL
    /// Bearer key for hosted endpoints; `nil` for the local server.
    public var whisperAPIKey: String?
    /// Model name sent as `model` and `model_name`.
    public var whisperModel: String
    /// Request shape of the endpoint.
    public var whisperFlavor: WhisperFlavor
    /// Whether the recognizer's prompt opens with the dictation preamble (`DOCKET_WHISPER_PREAMBLE`).
    public var whisperPreamble = DictationPrompt.Choice.auto
    /// In wake-phrase mode, the model of the same endpoint that hears a note again when it opens with the wake phrase
    /// (`DOCKET_WAKE_CHECK_MODEL`): `auto`, `off`, or a model name; see ``wakeCheckModelInEffect``.
    public var wakeCheckModel = "auto"
    /// Time allowed to open a connection to the endpoint.
    public var whisperConnectTimeout: Duration
    /// Time allowed for one transcription request (the server sends nothing until it is done).
    public var whisperRequestTimeout: Duration
    /// How many times a request is tried when the endpoint is busy or unreachable.
    public var whisperMaxAttempts: Int
    /// How many pieces of one file are transcribed at the same time.
    public var whisperParallelism: Int
    /// Longest piece sent in one request, in seconds (16 kHz 16-bit WAV: 600 s ≈ 18.3 MiB).
    public var maxPieceSeconds: Double
    /// ISO-639-1 language hint, or `nil` to let the endpoint detect it.
    public var language: String?
    /// Path of the SQLite database.
    public var databasePath: String
    /// Where state lives: spools, the sync session, the control socket (`DOCKET_STATE_DIR`; by default
    /// `$XDG_STATE_HOME/docket`). `nil`: next to the database, as when `DOCKET_DB` names one.
    public var stateDirectory: String?
    /// Least severe log messages shown (`DOCKET_LOG_LEVEL` or `LOG_LEVEL`).
    public var logLevel = Logger.Level.warning
    /// Zone used to resolve spoken dates and times.
    public var timeZone: TimeZone
    /// Known project names (matched in notes and sent to Whisper as vocabulary).
    public var projects: [String]
    /// Known label names (matched in notes and sent to Whisper as vocabulary).
    public var labels: [String]
    /// Base URL of the Supabase project (`https://<ref>.supabase.co`); `nil` keeps tasks local.
    public var supabaseURL: URL?
    /// The project's public API key (`anon` or `sb_publishable_…`), sent as `apikey`.
    public var supabaseAnonKey: String?
    /// A service-role key for headless servers (bypasses row-level security; discouraged).
    public var supabaseServiceKey: String?
    /// With a service-role key: the `auth.users` id the rows belong to.
    public var supabaseUserID: String?
    /// Where the signed-in session is kept (mode 0600).
    public var sessionPath: String
    /// How often the background sync runs even without local changes.
    public var syncInterval: Duration
    /// Rows per upsert request.
    public var syncBatchSize: Int
    /// How often the background sync pulls changes made elsewhere (it also pulls before each push).
    public var pullInterval: Duration = .seconds(60)

    /// How often the background sync runs at the latest: it pushes and pulls each time.
    public var syncRoundInterval: Duration { min(syncInterval, pullInterval) }
    /// ALSA capture device for `docket listen`.
    public var captureDevice: String = "default"
    /// What makes a note count in `docket listen` (`DOCKET_ACTIVATION`).
    public var activation = Activation.wakePhrase
    /// The phrases that address docket in `wake-phrase` activation (`DOCKET_WAKE_PHRASES`).
    public var wakePhrases = WakePhrase.defaultPhrases
    /// The Wyoming wake-word server for `wake-word` activation (`DOCKET_WAKE_WORD_URL`, `tcp://host:port`).
    public var wakeWordURL = "tcp://127.0.0.1:10400"
    /// The wake-word models to listen for (`DOCKET_WAKE_WORDS`, e.g. `hey_jarvis`); empty: all the server has.
    public var wakeWords = ["hey_jarvis"]
    /// The input device whose key is the push-to-talk (`DOCKET_PTT_DEVICE`, e.g. `/dev/input/by-id/…-event-kbd`);
    /// nil: only `docket mark` starts a note.
    public var pushToTalkDevice: String?
    /// The push-to-talk key's evdev code (`DOCKET_PTT_KEY`, default `KEY_F13`).
    public var pushToTalkKey: UInt16 = 183
    /// Hold-to-talk or toggle (`DOCKET_PTT_MODE`).
    public var pushToTalkMode = PushToTalkMode.hold
    /// Where `docket listen` serves `docket mark` (`DOCKET_CONTROL_SOCKET`); nil: `listen.sock` next to the database.
    public var controlSocketPath: String?
    /// What `docket listen` plays back when addressed and when tasks are stored (`DOCKET_CONFIRM`).
    public var confirmation = Confirmation.none
    /// The ALSA device confirmations are played on (`DOCKET_PLAYBACK_DEVICE`).
    public var playbackDevice = "default"
    /// The Wyoming speech server that reads tasks back (`DOCKET_TTS_URL`, `tcp://host:port`); nil: espeak-ng.
    public var ttsURL: String?
    /// The voice asked of it (`DOCKET_TTS_VOICE`); nil: the server's default.
    public var ttsVoice: String?
    /// How long after a note "scratch that" said to `docket listen` still takes its tasks back
    /// (`DOCKET_UNDO_WINDOW`, seconds; 0 turns voice undo off).
    public var undoWindow: Duration? = .seconds(60)
    /// Segment and note timing for `docket listen` (pauses from `DOCKET_SEGMENT_PAUSE`, `DOCKET_SHORT_NOTE_PAUSE`,
    /// `DOCKET_NOTE_PAUSE`); segments are offered for transcription after 0.3 s of pause, ahead of the segment pause.
    public var segmentation = SegmentationPolicy(eagerPause: 0.3)
    /// Where `docket listen --save-audio` keeps notes' audio; default `audio/` next to the database.
    public var audioDirectory: String?
    /// `docket serve`: settings of the ingestion service.
    public var serve = ServeSettings()
    /// `docket ingest --remote`: the service to upload to, and its bearer token.
    public var remoteURL: URL?
    /// Bearer token for ``remoteURL`` (`DOCKET_REMOTE_TOKEN`).
    public var remoteToken: String?
    /// Reminders and notifications: where they go and what they are about.
    public var notify = NotifySettings()

    /// The state directory: ``stateDirectory``, or the database's directory.
    public var resolvedStateDirectory: URL {
        stateDirectory.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: databasePath).deletingLastPathComponent()
    }

    /// `name` in the state directory; where an earlier docket kept it next to the database and it is still there
    /// (and not yet in the state directory), that one, so an upgrade loses no spooled note.
    private func statePath(_ name: String) -> URL {
        let current = resolvedStateDirectory.appendingPathComponent(name)
        let legacy = URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent(name)
        let files = FileManager.default
        return legacy != current && !files.fileExists(atPath: current.path) && files.fileExists(atPath: legacy.path) ? legacy : current
    }

    /// Where uploads wait until they are processed: ``ServeSettings/spoolDirectory`` or `upload-spool/` in the state
    /// directory.
    public var resolvedUploadSpool: URL {
        serve.spoolDirectory.map { URL(fileURLWithPath: $0) } ?? statePath("upload-spool")
    }

    /// Where live notes are written while they are captured: `listen-spool/` in the state directory.
    public var listenSpoolDirectory: URL { statePath("listen-spool") }

    /// The control socket of `docket listen`: ``controlSocketPath`` or `listen.sock` in the state directory.
    public var resolvedControlSocket: String {
        controlSocketPath ?? resolvedStateDirectory.appendingPathComponent("listen.sock").path
    }

    /// Where saved note audio goes: ``audioDirectory`` or `audio/` next to the database (it is data, not state).
    public var resolvedAudioDirectory: URL {
        audioDirectory.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("audio")
    }

    /// Creates a configuration; every parameter has the embedded default.
    public init(
        whisperURL: URL = DocketConfiguration.defaultWhisperURL,
        whisperAPIKey: String? = nil,
        whisperModel: String = "tiny.en",
        whisperFlavor: WhisperFlavor = .openai,
        whisperConnectTimeout: Duration = .seconds(5),
        whisperRequestTimeout: Duration = .seconds(300),
        whisperMaxAttempts: Int = 4,
        whisperParallelism: Int = 2,
        maxPieceSeconds: Double = 600,
        language: String? = "en",
        databasePath: String = DocketConfiguration.defaultDatabasePath(environment: [:]),
        timeZone: TimeZone = .current,
        projects: [String] = [],
        labels: [String] = [],
        supabaseURL: URL? = nil,
        supabaseAnonKey: String? = nil,
        supabaseServiceKey: String? = nil,
        supabaseUserID: String? = nil,
        sessionPath: String = DocketConfiguration.legacySessionPath(environment: [:]),
        syncInterval: Duration = .seconds(60),
        syncBatchSize: Int = 500
    ) {
        self.whisperURL = whisperURL
        self.whisperAPIKey = whisperAPIKey
        self.whisperModel = whisperModel
        self.whisperFlavor = whisperFlavor
        self.whisperConnectTimeout = whisperConnectTimeout
        self.whisperRequestTimeout = whisperRequestTimeout
        self.whisperMaxAttempts = whisperMaxAttempts
        self.whisperParallelism = whisperParallelism
        self.maxPieceSeconds = maxPieceSeconds
        self.language = language
        self.databasePath = databasePath
        self.timeZone = timeZone
        self.projects = projects
        self.labels = labels
        self.supabaseURL = supabaseURL
        self.supabaseAnonKey = supabaseAnonKey
        self.supabaseServiceKey = supabaseServiceKey
        self.supabaseUserID = supabaseUserID
        self.sessionPath = sessionPath
        self.syncInterval = syncInterval
        self.syncBatchSize = syncBatchSize
    }

    /// `session.json` in the state directory; an earlier docket's `$XDG_CONFIG_HOME/docket/session.json` while it
    /// exists and the new one does not.
    public func defaultSessionPath(environment: [String: String]) -> String {
        let current = resolvedStateDirectory.appendingPathComponent("session.json").path
        let legacy = Self.legacySessionPath(environment: environment)
        let files = FileManager.default
        return !files.fileExists(atPath: current) && files.fileExists(atPath: legacy) ? legacy : current
    }

    /// Where docket kept the session before state had a directory of its own: `$XDG_CONFIG_HOME/docket/session.json`.
    public static func legacySessionPath(environment: [String: String]) -> String {
        xdgPath("XDG_CONFIG_HOME", fallback: ".config", file: "session.json", environment: environment)
    }

    /// `$XDG_DATA_HOME/docket/docket.sqlite`, falling back to `~/.local/share/docket/docket.sqlite`.
    public static func defaultDatabasePath(environment: [String: String]) -> String {
        xdgPath("XDG_DATA_HOME", fallback: ".local/share", file: "docket.sqlite", environment: environment)
    }

    /// `$XDG_STATE_HOME/docket`, falling back to `~/.local/state/docket`.
    public static func defaultStateDirectory(environment: [String: String]) -> String {
        String(xdgPath("XDG_STATE_HOME", fallback: ".local/state", file: "", environment: environment).dropLast())
    }

    /// `$variable/docket/file`, or `~/fallback/docket/file` when the variable is unset or empty (XDG base
    /// directories).
    static func xdgPath(_ variable: String, fallback: String, file: String, environment: [String: String]) -> String {
        let base: String
        if let xdg = environment[variable], !xdg.isEmpty {
            base = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = home + "/" + fallback
        }
        return base + "/docket/" + file
    }

    /// Whether the Whisper endpoint is on this machine (a loopback host), so audio sent to it stays here.
    public var whisperIsOnThisMachine: Bool { whisperURL.host.map(isLoopbackHost) ?? false }

    /// Whether the dictation preamble is sent: `auto` sends it to Whisper base, where it was measured to help.
    public var usesPreamble: Bool {
        switch whisperPreamble {
        case .on: true
        case .off: false
        case .auto: isWhisperBase
        }
    }

    /// Whether the model is Whisper base, as docket's local server names it.
    var isWhisperBase: Bool { whisperModel.lowercased() == "base" || whisperModel.lowercased().hasPrefix("base.") }

    /// The model that must hear the wake phrase too before a note counts in wake-phrase mode, or nil for none. `auto`
    /// is tiny.en behind Whisper base on this machine (docket's server serves both): base, prompted with the phrase,
    /// writes it at the start of room talk ("Docket, be any louder in here"), which tiny.en does not.
    public var wakeCheckModelInEffect: String? {
        let model: String? =
            switch wakeCheckModel.lowercased() {
            case "off", "": nil
            case "auto": isWhisperBase && whisperIsOnThisMachine ? "tiny.en" : nil
            default: wakeCheckModel
            }
        return model == whisperModel ? nil : model
    }

    /// Words Whisper should expect: the known project and label names, as a prompt.
    public var vocabularyPrompt: String? {
        let names = projects + labels
        return names.isEmpty ? nil : names.joined(separator: ", ") + "."
    }
}

/// What makes a note heard by `docket listen` count.
public enum Activation: String, Sendable, CaseIterable {
    /// A note counts only if it starts with a wake phrase ("docket, buy milk"), or follows one said on its own.
    case wakePhrase = "wake-phrase"
    /// A note counts only if a wake-word server (Wyoming) hears its word in it, or it follows the word said on
    /// its own; nothing is transcribed before.
    case wakeWord = "wake-word"
    /// A note counts only if it is said while a key is held (or after it is pressed, in toggle mode), or after
    /// `docket mark`; nothing is transcribed before.
    case pushToTalk = "push-to-talk"
    /// Every note counts: for a dedicated dictation microphone.
    case always

    /// Whether a note must start with a wake phrase to count.
    public var requiresWakePhrase: Bool { self == .wakePhrase }
}

/// Settings of `docket serve`, the ingestion service.
public struct ServeSettings: Sendable {
    /// Address to listen on (`DOCKET_SERVE_HOST`); loopback by default.
    public var host = "127.0.0.1"
    /// Port to listen on (`DOCKET_SERVE_PORT`); 0 picks a free one.
    public var port = 8765
    /// Spool directory (`DOCKET_SPOOL`); `nil`: `upload-spool/` next to the database.
    public var spoolDirectory: String?
    /// Accepted bearer tokens, in clear (`DOCKET_SERVICE_TOKENS`, comma-separated).
    public var tokens: [String] = []
    /// A file of accepted tokens' SHA-256 hashes, one hex digest per line (`DOCKET_SERVICE_TOKEN_FILE`).
    public var tokenFile: String?
    /// Largest accepted upload in bytes (`DOCKET_MAX_UPLOAD_MB`, default 50 MiB).
    public var maxUploadBytes = 50 * 1024 * 1024
    /// Notes processed at the same time (`DOCKET_SERVE_WORKERS`).
    public var workers = 2
    /// Notes accepted but not yet processed before uploads are refused with 503 (`DOCKET_SERVE_QUEUE`).
    public var queueLimit = 500
    /// Longest a `?wait=true` request waits for its note (`DOCKET_SERVE_WAIT_TIMEOUT`).
    public var waitTimeout: Duration = .seconds(60)
    /// Longest any request may take, upload included (`DOCKET_SERVE_REQUEST_TIMEOUT`).
    public var requestTimeout: Duration = .seconds(300)
    /// Longest a request line and headers may take to arrive (`DOCKET_SERVE_HEAD_TIMEOUT`, default 10 s); a client
    /// that trickles them is disconnected.
    public var headTimeout: Duration = .seconds(10)
    /// Most connections open at once (`DOCKET_SERVE_MAX_CONNECTIONS`, default 4096); further clients wait in the
    /// listen backlog. Lowered at start to what the process's file-descriptor limit allows.
    public var maxConnections = 4096
    /// Longest audio a note may decode to, in seconds (`DOCKET_MAX_AUDIO_MINUTES`, default 120 minutes): a small
    /// compressed upload can decode to hours of silence.
    public var maxAudioSeconds: Double = 120 * 60
    /// Free space the spool's file system (and the temporary directory decoding uses) must keep, in bytes
    /// (`DOCKET_SPOOL_MIN_FREE_MB`, default 256 MiB); below it uploads get 507 and `/readyz` says so.
    public var minimumFreeBytes: Int64 = 256 << 20
    /// How long the audio of a failed note is kept in `failed/` (`DOCKET_FAILED_RETENTION`, default 14 days).
    public var failedRetention: Duration = .seconds(14 * 86_400)
    /// Most bytes `failed/` may hold; the oldest go first (`DOCKET_FAILED_MAX_MB`, default 1 GiB).
    public var failedMaximumBytes: Int64 = 1 << 30

    /// The defaults.
    public init() {}
}

/// Where reminders and notifications go (`DOCKET_NOTIFY`) and what they are about (`DOCKET_NOTIFY_ON`).
public struct NotifySettings: Sendable {
    /// The channels; none turns reminders off.
    public var channels: [NotifyChannel] = []
    /// What the channels are told about.
    public var events: Set<NotifyEvent> = [.due]
    /// Key of the webhook's HMAC-SHA256 signature header (`DOCKET_NOTIFY_WEBHOOK_SECRET`); nil sends none.
    public var webhookSecret: String?
    /// Bearer token for an ntfy server that requires one (`DOCKET_NOTIFY_NTFY_TOKEN`).
    public var ntfyToken: String?
    /// When a task due on a day without a time is reminded of, in minutes after local midnight
    /// (`DOCKET_REMIND_DATE_AT`, default 09:00).
    public var dateReminderMinute = 9 * 60
    /// How late a reminder may be and still come on its own; later ones (missed while docket was not running) come
    /// together in one summary.
    public var catchUpAfter: Duration = .seconds(600)

    /// Whether anything is to be sent.
    public var isEnabled: Bool { !channels.isEmpty }

    /// No channels: reminders off.
    public init() {}
}

/// One place notifications go.
public enum NotifyChannel: Sendable, Hashable {
    /// A JSON POST to this URL.
    case webhook(URL)
    /// An ntfy topic (`https://ntfy.sh/TOPIC` or a self-hosted server's).
    case ntfy(URL)
    /// A desktop notification through `notify-send`.
    case notifySend

    /// The channel as `DOCKET_NOTIFY` spells it: `webhook:URL`, `ntfy:URL` or `notify-send`.
    public init?(_ text: String) {
        if text == "notify-send" {
            self = .notifySend
            return
        }
        guard let colon = text.firstIndex(of: ":"), let url = URL(string: String(text[text.index(after: colon)...])),
            let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        switch text[..<colon] {
        case "webhook": self = .webhook(url)
        case "ntfy" where url.path.split(separator: "/").count >= 1: self = .ntfy(url)
        default: return nil
        }
    }

    /// How the channel is named in state and in `docket status` (the URL without credentials or query).
    public var name: String {
        switch self {
        case .webhook(let url): "webhook " + Self.shown(url)
        case .ntfy(let url): "ntfy " + Self.shown(url)
        case .notifySend: "notify-send"
        }
    }

    private static func shown(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.user = nil
        components.password = nil
        components.query = nil
        return components.string ?? url.absoluteString
    }
}

/// What the channels can be told about.
public enum NotifyEvent: String, Sendable, CaseIterable {
    /// New tasks from a note.
    case created
    /// A task came due.
    case due
}
