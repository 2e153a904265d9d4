import Crypto
import DocketAudio
import Foundation
import Logging

/// Where a setting's value came from.
public enum SettingSource: Sendable, Hashable {
    /// A command-line flag.
    case flag
    /// The process environment (a unit's `Environment=` and `EnvironmentFile=` land here too).
    case environment
    /// A systemd credential file in this directory (`LoadCredential=`).
    case credential(String)
    /// The settings file at this path (`docket.env`).
    case file(String)
    /// The development `.env` at this path.
    case dotenv(String)
    /// docket's default.
    case `default`

    /// The source's kind: `flag`, `environment`, `credential`, `file`, `.env` or `default`.
    public var kind: String {
        switch self {
        case .flag: "flag"
        case .environment: "environment"
        case .credential: "credential"
        case .file: "file"
        case .dotenv: ".env"
        case .default: "default"
        }
    }

    /// The file or directory the value was read from, for the sources that have one.
    public var path: String? {
        switch self {
        case .credential(let path), .file(let path), .dotenv(let path): path
        case .flag, .environment, .default: nil
        }
    }
}

/// One line of `docket config`: a setting's effective value and where it came from.
public struct SettingReport: Sendable, Hashable, Codable {
    /// The setting's name, as in `docket.env`.
    public var key: String
    /// The value in effect, in the form the setting is written in; secrets are redacted.
    public var value: String
    /// Where it came from: `flag`, `environment`, `credential`, `file`, `.env` or `default`.
    public var source: String
    /// The file it was read from, when it was.
    public var path: String?
    /// Whether ``value`` is a secret's redaction.
    public var secret: Bool
}

extension ConfigurationResolver {
    /// Every setting docket reads, sorted by name, with its effective value in `configuration` (which this resolver
    /// produced) and its source. Secrets show only whether they are set and a short SHA-256 fingerprint.
    public func report(_ configuration: DocketConfiguration) -> [SettingReport] {
        var effective = configuration.settingValues
        effective["DOCKET_CONFIG"] = configFilePath ?? ""
        return Self.knownKeys.sorted().map { key in
            let source = source(of: key)
            let secret = Self.secretKeys.contains(key)
            var shown = effective[key] ?? value(key) ?? ""
            if secret { shown = Self.redacted(value(key) ?? "") }
            return SettingReport(key: key, value: shown, source: source.kind, path: source.path, secret: secret)
        }
    }

    /// `(set; sha256 1a2b3c4d)`: enough to tell two secrets apart, nothing to use one; empty when not set.
    static func redacted(_ secret: String) -> String {
        guard !secret.isEmpty else { return "" }
        let digest = SHA256.hash(data: Data(secret.utf8)).prefix(4).map { String(format: "%02x", $0) }.joined()
        return "(set; sha256 \(digest))"
    }
}

extension DocketConfiguration {
    /// The value in effect for each setting this configuration holds, spelled as the setting is written.
    var settingValues: [String: String] {
        var values: [String: String] = [
            "DOCKET_WHISPER_URL": Self.shown(whisperURL), "DOCKET_WHISPER_MODEL": whisperModel, "DOCKET_WHISPER_PREAMBLE": whisperPreamble.rawValue,
            "DOCKET_WAKE_CHECK_MODEL": wakeCheckModel,
            "DOCKET_WHISPER_FLAVOR": whisperFlavor.rawValue,
            "DOCKET_WHISPER_CONNECT_TIMEOUT": Self.seconds(whisperConnectTimeout), "DOCKET_WHISPER_TIMEOUT": Self.seconds(whisperRequestTimeout),
            "DOCKET_WHISPER_ATTEMPTS": String(whisperMaxAttempts), "DOCKET_WHISPER_PARALLELISM": String(whisperParallelism),
            "DOCKET_MAX_PIECE_SECONDS": Self.number(maxPieceSeconds), "DOCKET_LANGUAGE": language ?? "auto", "DOCKET_DB": databasePath,
            "DOCKET_STATE_DIR": resolvedStateDirectory.path, "DOCKET_TZ": timeZone.identifier, "DOCKET_PROJECTS": projects.joined(separator: ","),
            "DOCKET_LABELS": labels.joined(separator: ","), "LOG_LEVEL": logLevel.rawValue, "DOCKET_LOG_LEVEL": logLevel.rawValue,
            "DOCKET_SUPABASE_URL": supabaseURL.map(Self.shown) ?? "", "DOCKET_SUPABASE_USER_ID": supabaseUserID ?? "", "DOCKET_SESSION": sessionPath,
            "DOCKET_SYNC_INTERVAL": Self.seconds(syncInterval), "DOCKET_PULL_INTERVAL": Self.seconds(pullInterval),
            "DOCKET_SYNC_BATCH": String(syncBatchSize), "DOCKET_DEVICE": captureDevice, "DOCKET_ACTIVATION": activation.rawValue,
            "DOCKET_WAKE_PHRASES": wakePhrases.joined(separator: ","), "DOCKET_WAKE_WORD_URL": wakeWordURL,
            "DOCKET_WAKE_WORDS": wakeWords.joined(separator: ","), "DOCKET_PTT_DEVICE": pushToTalkDevice ?? "", "DOCKET_PTT_KEY": String(pushToTalkKey),
            "DOCKET_PTT_MODE": pushToTalkMode.rawValue, "DOCKET_CONTROL_SOCKET": resolvedControlSocket, "DOCKET_CONFIRM": confirmation.rawValue,
            "DOCKET_PLAYBACK_DEVICE": playbackDevice, "DOCKET_TTS_URL": ttsURL ?? "", "DOCKET_TTS_VOICE": ttsVoice ?? "",
            "DOCKET_UNDO_WINDOW": undoWindow.map(Self.seconds) ?? "0",
            "DOCKET_SEGMENT_PAUSE": Self.number(segmentation.segmentPause), "DOCKET_SHORT_NOTE_PAUSE": Self.number(segmentation.shortNotePause),
            "DOCKET_NOTE_PAUSE": Self.number(segmentation.notePause), "DOCKET_AUDIO_DIR": resolvedAudioDirectory.path,
            "DOCKET_REMOTE_URL": remoteURL.map(Self.shown) ?? "",
        ]
        values["DOCKET_SERVE_HOST"] = serve.host
        values["DOCKET_SERVE_PORT"] = String(serve.port)
        values["DOCKET_SPOOL"] = resolvedUploadSpool.path
        values["DOCKET_SERVICE_TOKEN_FILE"] = serve.tokenFile ?? ""
        values["DOCKET_MAX_UPLOAD_MB"] = String(serve.maxUploadBytes >> 20)
        values["DOCKET_SERVE_WORKERS"] = String(serve.workers)
        values["DOCKET_SERVE_QUEUE"] = String(serve.queueLimit)
        values["DOCKET_SERVE_WAIT_TIMEOUT"] = Self.seconds(serve.waitTimeout)
        values["DOCKET_SERVE_REQUEST_TIMEOUT"] = Self.seconds(serve.requestTimeout)
        values["DOCKET_SERVE_HEAD_TIMEOUT"] = Self.seconds(serve.headTimeout)
        values["DOCKET_SERVE_MAX_CONNECTIONS"] = String(serve.maxConnections)
        values["DOCKET_MAX_AUDIO_MINUTES"] = Self.number(serve.maxAudioSeconds / 60)
        values["DOCKET_SPOOL_MIN_FREE_MB"] = String(serve.minimumFreeBytes >> 20)
        values["DOCKET_FAILED_MAX_MB"] = String(serve.failedMaximumBytes >> 20)
        values["DOCKET_FAILED_RETENTION"] = Self.retention(serve.failedRetention)
        values["DOCKET_NOTIFY"] = notify.channels.map(\.name).joined(separator: ",")
        values["DOCKET_NOTIFY_ON"] = notify.events.map(\.rawValue).sorted().joined(separator: ",")
        values["DOCKET_REMIND_DATE_AT"] = String(format: "%02d:%02d", notify.dateReminderMinute / 60, notify.dateReminderMinute % 60)
        return values
    }

    /// A URL without its user name and password.
    private static func shown(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.user != nil || components.password != nil else {
            return url.absoluteString
        }
        components.user = nil
        components.password = nil
        return components.string ?? url.absoluteString
    }

    private static func seconds(_ duration: Duration) -> String {
        number(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private static func retention(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        if seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        if seconds % 3_600 == 0 { return "\(seconds / 3_600)h" }
        return "\(seconds / 60)m"
    }
}
