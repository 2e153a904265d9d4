import Foundation
import Logging
import Testing

@testable import DocketCore

@Suite("Configuration")
struct ConfigurationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var flags: [String: String] = [:]
        var env: [String: String] = [:]
        var dotenv: [String: String] = [:]
        var check: @Sendable (DocketConfiguration) -> Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "defaults") {
            $0.whisperURL.absoluteString == "http://127.0.0.1:8178" && $0.whisperFlavor == .openai && $0.language == "en" && $0.whisperModel == "tiny.en"
        },
        Case(name: "flag beats env", flags: ["DOCKET_WHISPER_URL": "http://a:1"], env: ["DOCKET_WHISPER_URL": "http://b:2"]) {
            $0.whisperURL.absoluteString == "http://a:1"
        },
        Case(name: "env beats dotenv", env: ["DOCKET_WHISPER_MODEL": "env"], dotenv: ["DOCKET_WHISPER_MODEL": "file"]) { $0.whisperModel == "env" },
        Case(name: "dotenv beats default", dotenv: ["DOCKET_WHISPER_FLAVOR": "whispercpp"]) { $0.whisperFlavor == .whispercpp },
        Case(name: "empty env falls through", env: ["DOCKET_WHISPER_MODEL": ""], dotenv: ["DOCKET_WHISPER_MODEL": "file"]) { $0.whisperModel == "file" },
        Case(name: "OPENAI_API_KEY fallback", env: ["OPENAI_API_KEY": "sk-1"]) { $0.whisperAPIKey == "sk-1" },
        Case(name: "own key wins", env: ["OPENAI_API_KEY": "sk-1", "DOCKET_WHISPER_API_KEY": "k2"]) { $0.whisperAPIKey == "k2" },
        Case(name: "language auto", env: ["DOCKET_LANGUAGE": "auto"]) { $0.language == nil },
        Case(name: "XDG data home", env: ["XDG_DATA_HOME": "/x"]) { $0.databasePath == "/x/docket/docket.sqlite" },
        Case(name: "HOME fallback", env: ["HOME": "/home/u"]) { $0.databasePath == "/home/u/.local/share/docket/docket.sqlite" },
        Case(name: "DOCKET_DB", env: ["DOCKET_DB": "/tmp/d.sqlite"]) { $0.databasePath == "/tmp/d.sqlite" },
        Case(name: "zone IANA", env: ["DOCKET_TZ": "Asia/Tokyo"]) { $0.timeZone.identifier == "Asia/Tokyo" },
        Case(name: "zone offset", env: ["DOCKET_TZ": "+05:30"]) { $0.timeZone.secondsFromGMT() == 19800 },
        Case(name: "lists", env: ["DOCKET_PROJECTS": "Home, Launch ,", "DOCKET_LABELS": "errands"]) {
            $0.projects == ["Home", "Launch"] && $0.labels == ["errands"] && $0.vocabularyPrompt == "Home, Launch, errands."
        },
        Case(name: "timeouts", env: ["DOCKET_WHISPER_TIMEOUT": "2.5", "DOCKET_WHISPER_CONNECT_TIMEOUT": "1s"]) {
            $0.whisperRequestTimeout == .milliseconds(2500) && $0.whisperConnectTimeout == .seconds(1)
        },
        Case(name: "attempts and parallelism", env: ["DOCKET_WHISPER_ATTEMPTS": "1", "DOCKET_WHISPER_PARALLELISM": "3"]) {
            $0.whisperMaxAttempts == 1 && $0.whisperParallelism == 3
        },
        Case(name: "serve defaults", env: ["DOCKET_DB": "/var/lib/docket/d.sqlite"]) {
            $0.serve.host == "127.0.0.1" && $0.serve.port == 8765 && $0.serve.tokens.isEmpty && $0.serve.maxUploadBytes == 50 * 1024 * 1024
                && $0.serve.workers == 2 && $0.serve.queueLimit == 500 && $0.resolvedUploadSpool.path == "/var/lib/docket/upload-spool"
        },
        Case(
            name: "serve settings",
            flags: ["DOCKET_SERVE_PORT": "0", "DOCKET_SPOOL": "/srv/spool"],
            env: [
                "DOCKET_SERVE_HOST": "0.0.0.0", "DOCKET_SERVICE_TOKENS": "a, b", "DOCKET_SERVICE_TOKEN_FILE": "/etc/docket/tokens",
                "DOCKET_MAX_UPLOAD_MB": "5", "DOCKET_SERVE_WORKERS": "4", "DOCKET_SERVE_QUEUE": "9", "DOCKET_SERVE_WAIT_TIMEOUT": "10",
                "DOCKET_SERVE_REQUEST_TIMEOUT": "30", "DOCKET_REMOTE_URL": "http://box:8765", "DOCKET_REMOTE_TOKEN": "t",
            ]
        ) {
            $0.serve.host == "0.0.0.0" && $0.serve.port == 0 && $0.resolvedUploadSpool.path == "/srv/spool" && $0.serve.tokens == ["a", "b"]
                && $0.serve.tokenFile == "/etc/docket/tokens" && $0.serve.maxUploadBytes == 5 * 1024 * 1024 && $0.serve.workers == 4
                && $0.serve.queueLimit == 9 && $0.serve.waitTimeout == .seconds(10) && $0.serve.requestTimeout == .seconds(30)
                && $0.remoteURL?.absoluteString == "http://box:8765" && $0.remoteToken == "t"
        },
        Case(name: "activation default") { $0.activation == .wakePhrase && $0.wakePhrases == ["docket", "hey docket"] },
        Case(name: "activation always", flags: ["DOCKET_ACTIVATION": "always"], env: ["DOCKET_WAKE_PHRASES": "computer, hey computer"]) {
            $0.activation == .always && $0.wakePhrases == ["computer", "hey computer"] && $0.undoWindow == .seconds(60)
        },
        Case(
            name: "wake word",
            env: ["DOCKET_ACTIVATION": "wake-word", "DOCKET_WAKE_WORD_URL": "tcp://10.0.0.2:10400", "DOCKET_WAKE_WORDS": "ok_nabu,hey_mycroft"]
        ) { $0.activation == .wakeWord && $0.wakeWordURL == "tcp://10.0.0.2:10400" && $0.wakeWords == ["ok_nabu", "hey_mycroft"] },
        Case(name: "undo window", env: ["DOCKET_UNDO_WINDOW": "90s"]) { $0.undoWindow == .seconds(90) },
        Case(name: "voice undo off", env: ["DOCKET_UNDO_WINDOW": "0"]) { $0.undoWindow == nil },
        Case(name: "no confirmations by default") { $0.confirmation == Confirmation.none && $0.playbackDevice == "default" },
        Case(name: "spoken confirmations", flags: ["DOCKET_CONFIRM": "Speak"], env: ["DOCKET_PLAYBACK_DEVICE": "plughw:1,0"]) {
            $0.confirmation == .speak && $0.playbackDevice == "plughw:1,0"
        },
        Case(name: "push-to-talk default", flags: ["DOCKET_ACTIVATION": "push-to-talk", "DOCKET_DB": "/var/lib/docket/docket.sqlite"]) {
            $0.activation == .pushToTalk && $0.pushToTalkDevice == nil && $0.pushToTalkKey == 183 && $0.pushToTalkMode == .hold
                && $0.resolvedControlSocket == "/var/lib/docket/listen.sock"
        },
        Case(
            name: "push-to-talk key",
            flags: ["DOCKET_PTT_DEVICE": "/dev/input/by-id/usb-pedal-event-kbd", "DOCKET_PTT_KEY": "f14"],
            env: ["DOCKET_PTT_MODE": "Toggle", "DOCKET_CONTROL_SOCKET": "/run/docket/listen.sock"]
        ) {
            $0.pushToTalkDevice == "/dev/input/by-id/usb-pedal-event-kbd" && $0.pushToTalkKey == 184 && $0.pushToTalkMode == .toggle
                && $0.resolvedControlSocket == "/run/docket/listen.sock"
        },
    ]

    @Test(arguments: cases)
    func resolves(_ c: Case) throws {
        let config = try ConfigurationResolver(flags: c.flags, environment: c.env, dotenv: c.dotenv).resolve()
        #expect(c.check(config))
    }

    static let invalid: [(String, String, String)] = [
        ("DOCKET_WHISPER_URL", "localhost:8178", "http(s) URL"),
        ("DOCKET_WHISPER_URL", "ftp://x", "http(s) URL"),
        ("DOCKET_WHISPER_FLAVOR", "azure", "openai or whispercpp"),
        ("DOCKET_TZ", "Mars/Olympus", "IANA name"),
        ("DOCKET_WHISPER_TIMEOUT", "-3", "positive number"),
        ("DOCKET_WHISPER_ATTEMPTS", "0", "whole number"),
        ("DOCKET_MAX_PIECE_SECONDS", "5", "between 10 and 3600"),
        ("DOCKET_SERVE_PORT", "70000", "whole number"),
        ("DOCKET_MAX_UPLOAD_MB", "0", "whole number"),
        ("DOCKET_SERVE_WORKERS", "many", "whole number"),
        ("DOCKET_REMOTE_URL", "box:8765", "docket serve"),
        ("DOCKET_ACTIVATION", "clap", "use wake-phrase, wake-word, push-to-talk, always"),
        ("DOCKET_PTT_KEY", "KEY_HYPER", "input-event-codes.h"),
        ("DOCKET_PTT_MODE", "latch", "hold or toggle"),
        ("DOCKET_CONFIRM", "beep", "none, chime or speak"),
        ("DOCKET_WHISPER_PREAMBLE", "yes", "auto, on or off"),
        ("DOCKET_WAKE_WORD_URL", "http://127.0.0.1:10400", "tcp://host:port"),
        ("DOCKET_WAKE_PHRASES", " , ,", "has no words"),
        ("DOCKET_UNDO_WINDOW", "a minute", "or 0 to turn voice undo off"), ("DOCKET_UNDO_WINDOW", "-5", "or 0 to turn voice undo off"),
    ]

    @Test(arguments: invalid)
    func rejects(_ key: String, _ value: String, _ hint: String) {
        #expect {
            _ = try ConfigurationResolver(environment: [key: value]).resolve()
        } throws: { error in
            let message = String(describing: error)
            return message.contains(key) && message.contains(hint)
        }
    }

    @Test("the dictation preamble is sent to Whisper base by default, never to tiny.en, and as DOCKET_WHISPER_PREAMBLE says")
    func dictationPreamble() throws {
        #expect(try !ConfigurationResolver(environment: [:]).resolve().usesPreamble)
        #expect(try ConfigurationResolver(environment: ["DOCKET_WHISPER_MODEL": "base"]).resolve().usesPreamble)
        #expect(try !ConfigurationResolver(environment: ["DOCKET_WHISPER_MODEL": "base", "DOCKET_WHISPER_PREAMBLE": "off"]).resolve().usesPreamble)
        #expect(try ConfigurationResolver(environment: ["DOCKET_WHISPER_PREAMBLE": "ON"]).resolve().usesPreamble)
        let preamble = DictationPrompt.preamble(wakePhrase: WakePhrase(phrases: ["hey docket"]))
        #expect(preamble.hasPrefix("Hey Docket, buy groceries"))
        // What the recognizer writes back of it is dropped; a note that only shares words with it is kept.
        func cleaned(_ pieces: String...) -> String {
            let segments = pieces.enumerated().map {
                TranscriptSegment(start: Double($0.offset), end: Double($0.offset + 1), text: " " + $0.element, noSpeechProb: 0.1, avgLogprob: -0.3)
            }
            let transcript = pieces.count > 1 ? Transcript(text: "", segments: segments) : Transcript(text: pieces[0])
            return TranscriptFilter.clean(transcript, echoOf: preamble).text
        }
        #expect(cleaned("Pay the rent by Friday, it's urgent.", "Pay the rent by Monday.") == "Pay the rent by Monday.")
        #expect(cleaned("Hey Docket, buy groceries and call the bank on Monday morning.").isEmpty)
        #expect(cleaned("Hey Docket, buy groceries and call the bank on Monday.").isEmpty)
        #expect(cleaned("Hey Docket, buy groceries.") == "Hey Docket, buy groceries.")
        // What Whisper base wrote on three seconds of silence: pieces of the preamble around an echo, or looping it.
        #expect(cleaned("Then, pay the rent by Friday morning.", "Pay the rent by Friday, it's urgent.", "Pay the rent by Friday").isEmpty)
        #expect(cleaned("Hey Docket, buy groceries, call the rent by Friday. Pay the rent by Friday, it's urgent. Usually it's urgent.").isEmpty)
        // A note said with the preamble's words, once each and with no echo beside it, is kept.
        let borrowed = "Pay the rent by Friday, it's urgent, and call the bank on Monday morning."
        #expect(cleaned(borrowed) == borrowed)
        #expect(cleaned("Pay the rent by Friday, it's urgent.", "Call the plumber about the leak tomorrow.") == "Call the plumber about the leak tomorrow.")
    }

    @Test func settingsFileParsing() throws {
        let text = """
            # comment
            ; another comment
              DOCKET_WHISPER_MODEL="whisper-1"
            DOCKET_LANGUAGE = 'de'
            DOCKET_PROJECTS=Home, Work
            DOCKET_LABELS=
            OTHER_TOOL=1

            """
        let values = try EnvironmentFile.parse(text)
        #expect(values["DOCKET_WHISPER_MODEL"] == "whisper-1")
        #expect(values["DOCKET_LANGUAGE"] == "de")
        #expect(values["DOCKET_PROJECTS"] == "Home, Work")
        #expect(values["DOCKET_LABELS"] == "")
        #expect(values["OTHER_TOOL"] == "1")
        // Written on Windows: CRLF line ends, each line read on its own, and a refusal names the right line.
        let crlf = try EnvironmentFile.parse("DOCKET_PROJECTS=home\r\n# x\r\nDOCKET_LABELS=errand\r\n")
        #expect(crlf == ["DOCKET_PROJECTS": "home", "DOCKET_LABELS": "errand"])
        #expect(throws: ConfigurationError.self) { try EnvironmentFile.parse("DOCKET_LABELS=a\r\nexport X=1\r\n") }
        do {
            _ = try EnvironmentFile.parse("DOCKET_LABELS=a\r\nexport X=1\r\n", origin: "f")
        } catch let error as ConfigurationError {
            #expect(error.message.hasPrefix("f line 2:"))
        }
    }

    /// Lines systemd's EnvironmentFile= would read differently from docket, each refused with its line number.
    static let refusedLines: [(line: String, hint: String)] = [
        ("export DOCKET_LANGUAGE=de", "`export`"),
        ("DOCKET_PROJECTS=Home, Work  # trailing comment", "line of its own"),
        ("DOCKET_WHISPER_API_KEY=ab\\cd", "backslash"),
        ("DOCKET_PROJECTS=\"Home\" Work", "not wholly quoted"),
        ("DOCKET_PROJECTS='it's'", "not wholly quoted"),
        ("DOCKET_PROJECTS=it's", "quote inside"),
        ("DOCKET-DB=/x", "not a setting name"),
        ("just words", "not KEY=value"),
        ("DOCKET_WHISPER_ULR=http://x", "not a docket setting"),
    ]

    @Test(arguments: refusedLines)
    func settingsFileRefuses(_ line: String, _ hint: String) {
        #expect {
            _ = try EnvironmentFile.parse("# settings\nDOCKET_LANGUAGE=en\n" + line + "\n", origin: "/etc/docket/docket.env")
        } throws: { error in
            let message = String(describing: error)
            return message.contains("/etc/docket/docket.env line 3") && message.contains(hint)
        }
    }

    /// Every source in order of precedence, with the source `docket config` names.
    @Test func precedenceTable() throws {
        let key = "DOCKET_WHISPER_MODEL"
        let all: [String: [String: String]] = [
            "flag": [key: "f"], "environment": [key: "e"], "credential": ["DOCKET_REMOTE_TOKEN": "c"], "file": [key: "s"], ".env": [key: "d"],
        ]
        let rows: [(sources: [String], value: String, source: String)] = [
            (["flag", "environment", "file", ".env"], "f", "flag"),
            (["environment", "file", ".env"], "e", "environment"),
            (["file", ".env"], "s", "file"),
            ([".env"], "d", ".env"),
            ([], "tiny.en", "default"),
        ]
        for row in rows {
            let pick = { (name: String) in row.sources.contains(name) ? all[name]! : [:] }
            let resolver = ConfigurationResolver(
                flags: pick("flag"), environment: pick("environment"), configFile: pick("file"), configFilePath: "/etc/docket/docket.env",
                dotenv: pick(".env"))
            let config = try resolver.resolve()
            #expect(config.whisperModel == row.value, "\(row.sources)")
            let line = resolver.report(config).first { $0.key == key }
            #expect(line?.value == row.value && line?.source == row.source, "\(row.sources)")
        }
        // A credential beats the settings file, loses to the environment, and is redacted.
        let credential = ConfigurationResolver(
            credentials: ["DOCKET_REMOTE_TOKEN": "secret-token"], credentialsDirectory: "/run/credentials/docket.service",
            configFile: ["DOCKET_REMOTE_TOKEN": "file-token"])
        let config = try credential.resolve()
        #expect(config.remoteToken == "secret-token")
        let line = try #require(credential.report(config).first { $0.key == "DOCKET_REMOTE_TOKEN" })
        #expect(line.source == "credential" && line.path == "/run/credentials/docket.service" && line.secret)
        #expect(!line.value.contains("secret") && line.value.hasPrefix("(set; sha256 "))
        let overridden = ConfigurationResolver(environment: ["DOCKET_REMOTE_TOKEN": "env-token"], credentials: ["DOCKET_REMOTE_TOKEN": "secret-token"])
        #expect(try overridden.resolve().remoteToken == "env-token")
    }

    /// A bad value from a settings file names the file, so it is found even when nobody remembers writing it; one
    /// from the environment or a flag is said as before.
    @Test func aBadValueNamesTheFileItCameFrom() throws {
        let fromFile = ConfigurationResolver(configFile: ["DOCKET_TZ": "Mars/Olympus"], configFilePath: "/etc/docket/docket.env")
        #expect {
            _ = try fromFile.resolve()
        } throws: { error in
            let message = (error as? ConfigurationError)?.message ?? ""
            return message.hasPrefix("DOCKET_TZ=Mars/Olympus is not a time zone") && message.hasSuffix("(DOCKET_TZ is set in /etc/docket/docket.env.)")
        }
        #expect {
            _ = try ConfigurationResolver(environment: ["DOCKET_TZ": "Mars/Olympus"]).resolve()
        } throws: { error in
            !((error as? ConfigurationError)?.message.contains("is set in") ?? true)
        }
    }

    @Test func settingsFileIsFoundAndNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("docket-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let user = root.appendingPathComponent("home/.config/docket")
        let system = root.appendingPathComponent("etc/docket.env")
        for dir in [user, system.deletingLastPathComponent()] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
        try "DOCKET_WHISPER_MODEL=system\n".write(to: system, atomically: true, encoding: .utf8)
        let env = ["HOME": root.appendingPathComponent("home").path]
        // No user file: the system's.
        var resolver = try ConfigurationResolver.fromProcess(flags: [:], directory: root.path, environment: env, systemConfigPath: system.path)
        #expect(resolver.configFilePath == system.path)
        #expect(try resolver.resolve().whisperModel == "system")
        // The user's file wins over the system's.
        try "DOCKET_WHISPER_MODEL=user\n".write(to: user.appendingPathComponent("docket.env"), atomically: true, encoding: .utf8)
        resolver = try ConfigurationResolver.fromProcess(flags: [:], directory: root.path, environment: env, systemConfigPath: system.path)
        #expect(try resolver.resolve().whisperModel == "user")
        #expect(resolver.source(of: "DOCKET_WHISPER_MODEL") == .file(user.appendingPathComponent("docket.env").path))
        // DOCKET_CONFIG names another, which must exist.
        resolver = try ConfigurationResolver.fromProcess(
            flags: ["DOCKET_CONFIG": system.path], directory: root.path, environment: env, systemConfigPath: "/nonexistent")
        #expect(try resolver.resolve().whisperModel == "system")
        #expect(throws: ConfigurationError.self) {
            try ConfigurationResolver.fromProcess(flags: [:], directory: root.path, environment: env.merging(["DOCKET_CONFIG": "/nonexistent.env"]) { $1 })
        }
        // Credentials are read from $CREDENTIALS_DIRECTORY, named after the setting.
        let credentials = root.appendingPathComponent("credentials")
        try FileManager.default.createDirectory(at: credentials, withIntermediateDirectories: true)
        try "sb-key\n".write(to: credentials.appendingPathComponent("DOCKET_SUPABASE_ANON_KEY"), atomically: true, encoding: .utf8)
        resolver = try ConfigurationResolver.fromProcess(
            flags: [:], directory: root.path, environment: env.merging(["CREDENTIALS_DIRECTORY": credentials.path]) { $1 }, systemConfigPath: system.path)
        #expect(try resolver.resolve().supabaseAnonKey == "sb-key")
    }

    @Test func stateDirectory() throws {
        let home = ["HOME": "/home/u"]
        var config = try ConfigurationResolver(environment: home).resolve()
        #expect(config.resolvedStateDirectory.path == "/home/u/.local/state/docket")
        #expect(config.listenSpoolDirectory.path == "/home/u/.local/state/docket/listen-spool")
        #expect(config.resolvedUploadSpool.path == "/home/u/.local/state/docket/upload-spool")
        #expect(config.resolvedControlSocket == "/home/u/.local/state/docket/listen.sock")
        #expect(config.sessionPath == "/home/u/.local/state/docket/session.json")
        #expect(config.databasePath == "/home/u/.local/share/docket/docket.sqlite")
        config = try ConfigurationResolver(environment: ["XDG_STATE_HOME": "/s", "HOME": "/home/u"]).resolve()
        #expect(config.resolvedStateDirectory.path == "/s/docket")
        config = try ConfigurationResolver(environment: ["DOCKET_STATE_DIR": "/var/lib/docket", "HOME": "/home/u"]).resolve()
        #expect(config.listenSpoolDirectory.path == "/var/lib/docket/listen-spool")
    }

    @Test func stateKeptByAnEarlierDocketIsStillUsed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("docket-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent(".local/share/docket")
        let oldConfig = root.appendingPathComponent(".config/docket")
        for dir in [data.appendingPathComponent("listen-spool"), oldConfig] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        try "{}".write(to: oldConfig.appendingPathComponent("session.json"), atomically: true, encoding: .utf8)
        let config = try ConfigurationResolver(environment: ["HOME": root.path]).resolve()
        #expect(config.listenSpoolDirectory.path == data.appendingPathComponent("listen-spool").path)
        #expect(config.sessionPath == oldConfig.appendingPathComponent("session.json").path)
        #expect(config.resolvedUploadSpool.path == root.appendingPathComponent(".local/state/docket/upload-spool").path)
    }

    @Test func logLevel() throws {
        #expect(try ConfigurationResolver().resolve().logLevel == .warning)
        #expect(try ConfigurationResolver(configFile: ["LOG_LEVEL": "info"]).resolve().logLevel == .info)
        #expect(try ConfigurationResolver(environment: ["LOG_LEVEL": "info"], configFile: ["DOCKET_LOG_LEVEL": "debug"]).resolve().logLevel == .debug)
        #expect(throws: ConfigurationError.self) { try ConfigurationResolver(dotenv: ["LOG_LEVEL": "loud"]).resolve() }
    }

    @Test(".env.example, copied to .env as it is, is read without error: every setting it documents is known")
    func envExampleIsKnown() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(".env.example"), encoding: .utf8)
        let values = try EnvironmentFile.parse(text)
        #expect(!values.isEmpty)
        _ = try ConfigurationResolver(dotenv: values).resolve()
        // Settings documented but commented out must be known too.
        let commented = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("# DOCKET_") || line.hasPrefix("#DOCKET_"), let equals = line.firstIndex(of: "=") else { return nil }
            return line[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: "# "))
        }
        let unknown = commented.filter { !ConfigurationResolver.knownKeys.contains($0) && !$0.contains(" ") }
        #expect(unknown.isEmpty)
    }

}
