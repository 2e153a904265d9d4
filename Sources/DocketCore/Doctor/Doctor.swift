import AsyncHTTPClient
import DocketAudio
import DocketSupport
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#endif

/// The outcome of one of `docket doctor`'s checks.
public struct DoctorCheck: Sendable, Codable, Equatable {
    /// How a check came out.
    public enum Status: String, Sendable, Codable {
        /// The part works.
        case pass
        /// The part does not work; ``DoctorCheck/fix`` says what to do.
        case fail
        /// Not checked: not configured, or not needed by the settings.
        case skip
    }

    /// The part checked: `config`, `audio`, `whisper`, `wake-word`, `speech`, `database`, `directories`, `supabase`,
    /// `notify`.
    public var name: String
    /// How it came out.
    public var status: Status
    /// What was found: the level heard, the transcript and its speed, the account signed in.
    public var detail: String
    /// What to do about a failure.
    public var fix: String?
    /// How long the check took.
    public var seconds: Double

    /// A check's outcome.
    public init(name: String, status: Status, detail: String, fix: String? = nil, seconds: Double = 0) {
        (self.name, self.status, self.detail, self.fix, self.seconds) = (name, status, detail, fix, seconds)
    }
}

/// `docket doctor`: checks each part of a setup with the settings in effect, and says how to fix what fails.
public struct Doctor: Sendable {
    /// Every check, in the order they run.
    public static let checkNames = ["audio", "whisper", "wake-word", "speech", "database", "directories", "supabase", "notify"]

    private let services: DocketServices
    private let alsaConfiguration: String?
    private let captureSeconds: Double
    private var configuration: DocketConfiguration { services.configuration }

    /// A doctor over `services`' configuration and clients; `alsaConfiguration` replaces ALSA's for the capture check
    /// (as `docket listen --alsa-config` does), which listens for `captureSeconds`.
    public init(services: DocketServices, alsaConfiguration: String? = nil, captureSeconds: Double = 2) {
        self.services = services
        self.alsaConfiguration = alsaConfiguration
        self.captureSeconds = captureSeconds
    }

    /// Runs the checks named in `names` (all but those, when `skipping`), in ``checkNames`` order; `progress` hears each
    /// result as it comes.
    public func run(skipping: Set<String> = [], progress: @Sendable (DoctorCheck) -> Void = { _ in }) async -> [DoctorCheck] {
        var results: [DoctorCheck] = []
        for name in Self.checkNames {
            let started = ContinuousClock.now
            var result: DoctorCheck
            if skipping.contains(name) {
                result = DoctorCheck(name: name, status: .skip, detail: "skipped (--skip)")
            } else {
                result = await check(name)
            }
            let elapsed = ContinuousClock.now - started
            result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            progress(result)
            results.append(result)
        }
        return results
    }

    private func check(_ name: String) async -> DoctorCheck {
        switch name {
        case "audio": await audio()
        case "whisper": await whisper()
        case "wake-word": await wakeWord()
        case "speech": await speech()
        case "database": database()
        case "directories": directories()
        case "supabase": await supabase()
        default: await notify()
        }
    }

    private func pass(_ name: String, _ detail: String) -> DoctorCheck { DoctorCheck(name: name, status: .pass, detail: detail) }
    private func fail(_ name: String, _ detail: String, fix: String) -> DoctorCheck { DoctorCheck(name: name, status: .fail, detail: detail, fix: fix) }
    private func skip(_ name: String, _ detail: String) -> DoctorCheck { DoctorCheck(name: name, status: .skip, detail: detail) }

    // MARK: - Audio

    private func audio() async -> DoctorCheck {
        let device = configuration.captureDevice
        let pcm = alsaConfiguration.map { ALSACaptureDevice(name: device, configuration: $0) } ?? ALSACaptureDevice(name: device)
        var settings = CaptureEngine.Configuration()
        settings.maxFrames = Int64(captureSeconds * Double(AudioChunk.sampleRate))
        let engine = CaptureEngine(device: pcm, configuration: settings)
        var (frames, energy) = (0, 0.0)
        for await event in engine.start() {
            switch event {
            case .chunk(let chunk):
                frames += chunk.samples.count
                for sample in chunk.samples { energy += Double(sample) * Double(sample) }
            case .failed(let error), .deviceLost(let error):
                await engine.stop()
                return fail(
                    "audio", "capture device \(device): \(error)",
                    fix: "docket devices lists the devices; set DOCKET_DEVICE to one, and check the user is in the audio group.")
            default: break
            }
        }
        guard frames > 0 else {
            return fail("audio", "capture device \(device) opened but delivered no audio", fix: "Check the device with arecord -D \(device) -d 2 x.wav.")
        }
        let rms = (energy / Double(frames)).squareRoot() / 32768
        let level = rms > 0 ? String(format: "%.1f dBFS", 20 * log10(rms)) : "silence (-∞ dBFS; is the microphone muted?)"
        return pass("audio", "capture device \(device): \(String(format: "%.1f", Double(frames) / Double(AudioChunk.sampleRate))) s heard, level \(level)")
    }

    // MARK: - Whisper

    private func whisper() async -> DoctorCheck {
        let endpoint = configuration.whisperURL.absoluteString
        let sample: (bytes: [UInt8], seconds: Double, spoken: Bool)
        do {
            sample = try Self.spokenSample()
        } catch {
            return fail("whisper", "could not make a sample to transcribe: \(error)", fix: "Check that the temporary directory is writable.")
        }
        let request = TranscriptionRequest(
            audio: .data(sample.bytes, fileName: "doctor.wav", contentType: "audio/wav"), language: configuration.language)
        let started = ContinuousClock.now
        do {
            let transcript = try await services.transcriber.transcribe(request)
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let heard = transcript.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let speed = String(format: "%.2f s for %.1f s of audio, real-time factor %.2f", seconds, sample.seconds, seconds / sample.seconds)
            if sample.spoken, heard.isEmpty {
                return fail(
                    "whisper", "\(endpoint) (model \(configuration.whisperModel)) heard nothing in a spoken sample (\(speed))",
                    fix: "Check DOCKET_WHISPER_MODEL and DOCKET_LANGUAGE against what the server has.")
            }
            let what = sample.spoken ? "heard \"\(heard)\"" : "answered (espeak-ng is not installed, so the sample was a tone)"
            return pass("whisper", "\(endpoint) (model \(configuration.whisperModel)) \(what) in \(speed)")
        } catch {
            return fail(
                "whisper", "\(endpoint): \(error)",
                fix: configuration.whisperIsOnThisMachine
                    ? "Start the local server (scripts/whisper-server.sh start, or systemctl start docket-whisper), or set DOCKET_WHISPER_URL."
                    : "Check DOCKET_WHISPER_URL, DOCKET_WHISPER_API_KEY and the network.")
        }
    }

    /// "Docket, buy milk tomorrow." spoken by espeak-ng as WAV, or half a second of a 440 Hz tone without it.
    static func spokenSample() throws -> (bytes: [UInt8], seconds: Double, spoken: Bool) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docket-doctor-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        let espeak = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first { FileManager.default.isExecutableFile(atPath: $0) }
        if let espeak {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: espeak)
            process.arguments = ["-w", url.path, "Docket, buy milk tomorrow."]
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus == 0, let data = FileManager.default.contents(atPath: url.path), data.count > 44 {
                // espeak-ng writes 16-bit mono at 22,050 Hz.
                return ([UInt8](data), Double(data.count - 44) / (22_050 * 2), true)
            }
        }
        let rate = AudioChunk.sampleRate
        let tone = (0..<rate / 2).map { Int16(8000 * sin(2 * Double.pi * 440 * Double($0) / Double(rate))) }
        return (WAVWriter.bytes(tone, sampleRate: rate), 0.5, false)
    }

    // MARK: - Wake word

    private func wakeWord() async -> DoctorCheck {
        guard configuration.activation == .wakeWord else {
            return skip("wake-word", "not used (DOCKET_ACTIVATION=\(configuration.activation.rawValue))")
        }
        guard let detector = WyomingWakeWordDetector(url: configuration.wakeWordURL, names: configuration.wakeWords) else {
            return fail("wake-word", "DOCKET_WAKE_WORD_URL=\(configuration.wakeWordURL) is not tcp://host:port", fix: "Use e.g. tcp://127.0.0.1:10400.")
        }
        // A second of silence: the server must accept the stream and know the models asked for.
        let (audio, input) = AsyncStream<AudioChunk>.makeStream()
        for index in 0..<50 { input.yield(AudioChunk(samples: [Int16](repeating: 0, count: 320), firstFrame: Int64(index * 320))) }
        input.finish()
        do {
            try await detector.listen(to: audio) { _ in }
            return pass("wake-word", "\(configuration.wakeWordURL) answers and has \(configuration.wakeWords.joined(separator: ", "))")
        } catch {
            return fail(
                "wake-word", "\(configuration.wakeWordURL): \(error)",
                fix: "Start the wake-word server (scripts/wake-word-server.sh start), or check DOCKET_WAKE_WORD_URL and DOCKET_WAKE_WORDS.")
        }
    }

    // MARK: - Speech

    /// The voice of `--confirm speak`: the Wyoming speech server when `DOCKET_TTS_URL` is set, else espeak-ng.
    private func speech() async -> DoctorCheck {
        guard configuration.confirmation == .speak else {
            return skip("speech", "not used (DOCKET_CONFIRM=\(configuration.confirmation.rawValue))")
        }
        let sample = "Added: call the dentist, Friday at 3 PM."
        guard let url = configuration.ttsURL else {
            do {
                let (samples, rate) = try await onOwnThread(named: "docket-doctor") { try FeedbackService.speech(sample) }
                return pass("speech", String(format: "espeak-ng read a sample back (%.1f s of speech)", Double(samples.count) / Double(rate)))
            } catch {
                return fail("speech", "\(error)", fix: "Install espeak-ng (scripts/setup.sh does), or set DOCKET_TTS_URL to a Wyoming speech server.")
            }
        }
        let fix =
            "Start the speech server (scripts/tts-server.sh start), check DOCKET_TTS_URL and DOCKET_TTS_VOICE, or unset DOCKET_TTS_URL to read back with espeak-ng."
        guard let synthesizer = WyomingSynthesizer(url: url, voice: configuration.ttsVoice, deadline: .seconds(30)) else {
            return fail("speech", "DOCKET_TTS_URL=\(url) is not tcp://host:port", fix: "Use e.g. tcp://127.0.0.1:10200.")
        }
        do {
            let (samples, rate) = try await synthesizer.synthesize(sample)
            let voice = configuration.ttsVoice.map { " in voice \($0)" } ?? ""
            return pass("speech", String(format: "%@ read a sample back%@ (%.1f s of speech at %d Hz)", url, voice, Double(samples.count) / Double(rate), rate))
        } catch {
            return fail("speech", "\(url): \(error)", fix: fix)
        }
    }

    // MARK: - Database and directories

    private func database() -> DoctorCheck {
        let path = configuration.databasePath
        // A check never creates the database: a mistyped DOCKET_DB would otherwise pass, with an empty file there.
        guard FileManager.default.fileExists(atPath: path) else {
            var existing = URL(fileURLWithPath: path).deletingLastPathComponent().path
            while !FileManager.default.fileExists(atPath: existing), existing != "/" { existing = (existing as NSString).deletingLastPathComponent }
            guard FileManager.default.isWritableFile(atPath: existing) else {
                return fail(
                    "database", "there is no database at \(path), and none can be made there: \(existing) is not writable",
                    fix: "Set DOCKET_DB to a path in a directory this user may write, or give it write access to \(existing).")
            }
            return pass("database", "no database at \(path) yet; the first note stored (ingest, listen, add, serve) creates it there")
        }
        do {
            _ = try services.openStore()
            return pass("database", "\(configuration.databasePath) opens and is migrated")
        } catch {
            return fail(
                "database", "\(error)",
                fix: "Check that \(URL(fileURLWithPath: configuration.databasePath).deletingLastPathComponent().path) is writable, or set DOCKET_DB.")
        }
    }

    private func directories() -> DoctorCheck {
        let places = [
            ("state", configuration.resolvedStateDirectory), ("listen spool", configuration.listenSpoolDirectory),
            ("upload spool", configuration.resolvedUploadSpool), ("temporary files", FileManager.default.temporaryDirectory),
        ]
        let minimum = configuration.serve.minimumFreeBytes
        var found: [String] = []
        for (role, url) in places {
            // The directory, or the nearest one above it that exists (docket creates the rest).
            var existing = url
            while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" { existing.deleteLastPathComponent() }
            guard access(existing.path, W_OK) == 0 else {
                return fail(
                    "directories", "\(role) \(url.path): \(existing.path) is not writable",
                    fix: "Give the user docket runs as write access to \(existing.path).")
            }
            guard let free = freeBytes(atPath: existing.path) else { continue }
            if free < minimum {
                return fail(
                    "directories", "\(role) \(url.path): \(free >> 20) MiB free, under the \(minimum >> 20) MiB docket keeps free",
                    fix: "Free space on that file system, move the directory (DOCKET_STATE_DIR, DOCKET_SPOOL) or lower DOCKET_SPOOL_MIN_FREE_MB.")
            }
            found.append("\(role) \(url.path) (\(free >> 20) MiB free)")
        }
        return pass("directories", found.joined(separator: "; "))
    }

    // MARK: - Supabase

    private func supabase() async -> DoctorCheck {
        guard let base = configuration.supabaseURL else { return skip("supabase", "not configured (DOCKET_SUPABASE_URL unset: tasks stay local)") }
        guard let key = configuration.supabaseServiceKey ?? configuration.supabaseAnonKey else {
            return fail("supabase", "\(base.absoluteString): no API key", fix: "Set DOCKET_SUPABASE_ANON_KEY to the project's anon or publishable key.")
        }
        var request = HTTPClientRequest(url: base.appendingPathComponent("auth/v1/health").absoluteString)
        request.headers.add(name: "apikey", value: key)
        let response: HTTPClientResponse
        do {
            response = try await services.apiHTTPClient.execute(request, timeout: .seconds(30))
        } catch {
            return fail("supabase", "\(base.absoluteString) did not answer: \(error)", fix: "Check DOCKET_SUPABASE_URL and the network.")
        }
        guard response.status == .ok else {
            let keyName = configuration.supabaseServiceKey == nil ? "DOCKET_SUPABASE_ANON_KEY" : "DOCKET_SUPABASE_SERVICE_KEY"
            return fail(
                "supabase", "\(base.absoluteString)/auth/v1/health answered \(response.status.code)",
                fix: response.status == .unauthorized || response.status == .forbidden
                    ? "The project refused \(keyName): copy the key again from the project's API settings." : "Check DOCKET_SUPABASE_URL.")
        }
        var found = ["\(base.absoluteString) answers"]
        if let header = response.headers.first(name: "date"), let date = Self.httpDate(header) {
            let skew = Date().timeIntervalSince(date)
            guard abs(skew) <= 30 else {
                return fail(
                    "supabase", "this machine's clock is \(Int(skew.rounded())) s off the server's",
                    fix: "Turn on time sync (timedatectl set-ntp true): sessions expire by the clock.")
            }
            found.append(String(format: "clock within %.0f s of the server's", abs(skew).rounded(.up)))
        } else {
            found.append("clock not compared (no Date header)")
        }
        if configuration.supabaseServiceKey != nil {
            found.append("service-role key, no session needed")
            return pass("supabase", found.joined(separator: "; "))
        }
        do {
            let sync = try SupabaseSync(configuration: configuration, httpClient: services.apiHTTPClient, logger: services.logger)
            let user = try await sync.whoami()
            found.append("signed in as \(user.email ?? user.id)")
            return pass("supabase", found.joined(separator: "; "))
        } catch let error as SyncError where [SyncError.Code.notSignedIn, .sessionExpired, .otherAccount].contains(error.code) {
            return fail("supabase", found.joined(separator: "; ") + "; \(error.message)", fix: "Run docket login.")
        } catch {
            return fail("supabase", found.joined(separator: "; ") + "; the session could not be checked: \(error)", fix: "Run docket login.")
        }
    }

    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    // MARK: - Notifications

    private func notify() async -> DoctorCheck {
        let channels = configuration.notify.channels
        guard !channels.isEmpty else { return skip("notify", "no reminder channels (DOCKET_NOTIFY unset)") }
        var found: [String] = []
        for channel in channels {
            switch channel {
            case .notifySend:
                let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
                guard paths.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/notify-send") }) else {
                    return fail(
                        "notify", "notify-send is not installed",
                        fix: "Install it (sudo apt-get install libnotify-bin) or remove notify-send from DOCKET_NOTIFY.")
                }
                found.append("notify-send installed")
            case .webhook(let url), .ntfy(let url):
                // A HEAD to the webhook, ntfy's health endpoint: any answer but a server error shows it is there.
                var request = HTTPClientRequest(url: url.absoluteString)
                request.method = .HEAD
                if case .ntfy = channel, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                    components.path = "/v1/health"
                    components.query = nil
                    request = HTTPClientRequest(url: components.url?.absoluteString ?? url.absoluteString)
                }
                do {
                    let response = try await services.apiHTTPClient.execute(request, timeout: .seconds(30))
                    guard response.status.code < 500 else {
                        return fail("notify", "\(channel.name) answered \(response.status.code)", fix: "Check the service behind it, or DOCKET_NOTIFY.")
                    }
                    found.append("\(channel.name) answers")
                } catch {
                    return fail("notify", "\(channel.name) did not answer: \(error)", fix: "Check DOCKET_NOTIFY and the network.")
                }
            }
        }
        return pass("notify", found.joined(separator: "; "))
    }
}
