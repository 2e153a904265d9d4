public import AsyncHTTPClient
public import DocketAudio
public import Foundation
public import Logging
import NIOCore
import NIOHTTP1
public import ServiceLifecycle
public import UnixSignals

/// The composition root: builds docket's parts from a configuration, and the services of each long-running mode
/// (``listenServices(store:engine:options:sync:events:onFinish:onSyncReport:)``,
/// ``syncWatchServices(engine:store:onReport:)``; `docket serve`'s is `buildServeApplication` in DocketServer).
/// The executable and the tests both use it; ``with(configuration:logger:transcriber:_:)`` scopes its clients.
public struct DocketServices: Sendable {
    /// The resolved configuration.
    public let configuration: DocketConfiguration
    /// The HTTP client for the Whisper endpoint (long timeouts: a transcription can take minutes); shut down with
    /// ``shutdown()``.
    public let httpClient: HTTPClient
    /// The HTTP client for docket's APIs (Supabase, a remote `docket serve`): a short connect timeout, and every
    /// request sets its own deadline. Shut down with ``shutdown()``.
    public let apiHTTPClient: HTTPClient
    /// The speech-to-text endpoint.
    public let transcriber: any Transcriber
    /// The same endpoint asked for the wake check's model (``DocketConfiguration/wakeCheckModelInEffect``), if any.
    let wakeCheckTranscriber: (any Transcriber)?
    /// The logger everything logs to.
    public let logger: Logger
    /// The service manager, when a `Type=notify` unit started docket.
    public let systemd: SystemdNotifier

    /// Builds the parts; `transcriber` replaces the HTTP one (unit tests only).
    public init(
        configuration: DocketConfiguration, logger: Logger, transcriber: (any Transcriber)? = nil, systemd: SystemdNotifier = SystemdNotifier()
    ) {
        self.configuration = configuration
        self.logger = logger
        self.systemd = systemd
        self.httpClient = WhisperHTTPClient.makeHTTPClient(configuration: configuration)
        var api = HTTPClient.Configuration()
        api.timeout = .init(connect: .seconds(10))
        self.apiHTTPClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: api)
        self.transcriber = transcriber ?? WhisperHTTPClient(httpClient: httpClient, configuration: configuration, logger: logger)
        self.wakeCheckTranscriber = configuration.wakeCheckModelInEffect.map { [httpClient] model in
            var check = configuration
            check.whisperModel = model
            return transcriber ?? WhisperHTTPClient(httpClient: httpClient, configuration: check, logger: logger)
        }
    }

    /// Opens the configured database.
    public func openStore() throws -> DocketStore {
        try DocketStore(path: configuration.databasePath)
    }

    /// The note stage over `store` (`nil`: store nothing); `nudge` wakes a background sync after each stored note.
    public func noteStage(store: DocketStore?, nudge: SyncNudge? = nil) -> NoteStage {
        NoteStage(configuration: configuration, transcriber: transcriber, store: store, nudge: nudge)
    }

    /// The ingest pipeline over `store` (`nil`: store nothing).
    public func ingestPipeline(store: DocketStore?, nudge: SyncNudge? = nil) -> IngestPipeline {
        IngestPipeline(stage: noteStage(store: store, nudge: nudge), logger: logger)
    }

    /// The live listening pipeline over `store`; `nudge` wakes a background sync after each stored note.
    public func listenPipeline(store: DocketStore, nudge: SyncNudge? = nil) -> ListenPipeline {
        ListenPipeline(stage: noteStage(store: store, nudge: nudge), logger: logger)
    }

    /// Listen options from the configuration.
    /// In `always` activation a note with no task is kept only with `keepNotes`, and room talk gives no task; an
    /// addressed note is always kept.
    public func listenOptions(
        startDate: Date? = nil, timeZone: TimeZone? = nil, saveAudio: Bool = false, once: Bool = false, keepNotes: Bool = false
    ) -> ListenOptions {
        // The phrase is stripped in every mode, so "Docket, buy milk" reads the same; it is vocabulary for the
        // recognizer (with the undo command's words) when notes must be addressed. With a wake word, its words
        // ("hey jarvis") are stripped the same way.
        let wakeWord = configuration.activation == .wakeWord
        let spokenWakeWords = wakeWord ? configuration.wakeWords.map(WyomingWakeWordDetector.spokenName) : []
        let wakePhrase = WakePhrase(phrases: spokenWakeWords + configuration.wakePhrases)
        let requires = configuration.activation.requiresWakePhrase
        let vocabulary = wakeWord ? WakePhrase(phrases: spokenWakeWords).vocabulary : wakePhrase.vocabulary
        let pushToTalk = configuration.activation == .pushToTalk
        let prompted = requires || wakeWord || pushToTalk
        let hearsUndo = prompted && configuration.undoWindow != nil
        let prompt = prompted ? vocabulary + (hearsUndo ? " " + SpokenCommand.vocabulary : "") : nil
        var options = ListenOptions(
            timeZone: timeZone ?? configuration.timeZone, language: configuration.language, prompt: prompt,
            startDate: startDate, policy: configuration.segmentation, spoolDirectory: configuration.listenSpoolDirectory,
            saveAudioDirectory: saveAudio ? configuration.resolvedAudioDirectory : nil, once: once, wakePhrase: wakePhrase,
            requiresWakePhrase: requires)
        options.keepTasklessNotes = requires || wakeWord || pushToTalk || keepNotes
        options.screensRoomTalk = configuration.activation == .always
        options.undoWindow = configuration.undoWindow
        if hearsUndo { options.commandCheck = CommandCheck(prompt: vocabulary, wakePhrase: wakePhrase) }
        if requires, let wakeCheckTranscriber {
            options.wakeCheck = WakeCheck(transcriber: wakeCheckTranscriber, wakePhrase: wakePhrase, prompt: prompt, logger: logger)
        }
        if wakeWord { options.wakeWord = WyomingWakeWordDetector(url: configuration.wakeWordURL, names: configuration.wakeWords) }
        if pushToTalk {
            options.talkSources = [ControlSocket(path: configuration.resolvedControlSocket)]
            if let device = configuration.pushToTalkDevice {
                options.talkSources.append(KeyTalkSource(path: device, key: configuration.pushToTalkKey, mode: configuration.pushToTalkMode))
            }
        }
        return options
    }

    /// Whether the Whisper endpoint can be reached: "ok" when it answers HTTP at all (any status), or accepts the
    /// connection but is too busy transcribing to answer within `timeout`; otherwise what went wrong.
    public func transcriberReachability(timeout: Duration = .seconds(3)) async -> String {
        var request = HTTPClientRequest(url: configuration.whisperURL.absoluteString)
        request.method = .GET
        do {
            let response = try await httpClient.execute(request, timeout: TimeAmount(timeout))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return "ok"
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            return "ok"
        } catch {
            return
                "the Whisper endpoint \(Self.redacted(configuration.whisperURL)) can't be reached; start it (scripts/whisper-server.sh start) or fix DOCKET_WHISPER_URL"
        }
    }

    /// A URL as it may be shown to others: scheme, host and port only (no credentials, path or query).
    public static func redacted(_ url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host
        components.port = url.port
        return components.string ?? "(the configured URL)"
    }

    /// Builds the parts, runs `body` with them and releases the HTTP clients however `body` ends.
    public static func with<Result: Sendable>(
        configuration: DocketConfiguration, logger: Logger, transcriber: (any Transcriber)? = nil,
        _ body: (DocketServices) async throws -> Result
    ) async throws -> Result {
        let services = DocketServices(configuration: configuration, logger: logger, transcriber: transcriber)
        return try await services.closing { try await body(services) }
    }

    /// Runs `body`, then releases the HTTP clients however it ends (services dropped unreleased are a leak, and
    /// a debug build stops on it).
    public func closing<Result>(_ body: () async throws -> Result) async throws -> Result {
        let result: Result
        do {
            result = try await body()
        } catch {
            try? await shutdown()
            throw error
        }
        try await shutdown()
        return result
    }

    /// Releases the HTTP clients: each of them, even when the first can't be.
    public func shutdown() async throws {
        var failure: (any Error)?
        for client in [httpClient, apiHTTPClient] {
            do { try await client.shutdown() } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    // MARK: - Long-running modes

    /// `docket listen`: the listen service (its end, or a failure, ends the group), and the background sync when
    /// `sync` is given (woken after each stored note).
    public func listenServices(
        store: DocketStore, engine: CaptureEngine, options: ListenOptions, sync: SyncEngine?,
        events: @escaping @Sendable (ListenEvent) -> Void, onFinish: @escaping @Sendable (ListenSummary) -> Void,
        onSyncReport: @escaping @Sendable (Result<SyncReport, any Error>) -> Void, playbackConfiguration: String? = nil
    ) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        let nudge = sync == nil ? nil : SyncNudge()
        var (options, heard) = (options, events)
        var feedback: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if configuration.confirmation != .none {
            let guardian = EchoGuard()
            options.echoGuard = guardian
            let service = FeedbackService(
                mode: configuration.confirmation, playback: ALSAPlayback(name: configuration.playbackDevice, configuration: playbackConfiguration),
                guardian: guardian, timeZone: options.timeZone,
                speaker: configuration.ttsURL.flatMap { WyomingSynthesizer(url: $0, voice: configuration.ttsVoice) },
                onFailure: { events(.feedbackFailed($0)) })
            heard = { event in
                events(event)
                service.hear(event)
            }
            feedback.append(.init(service: service))
        }
        var list: [ServiceGroupConfiguration.ServiceConfiguration] =
            [
                .init(
                    service: ListenService(
                        pipeline: listenPipeline(store: store, nudge: nudge), engine: engine, options: options, events: heard, onFinish: onFinish),
                    successTerminationBehavior: .gracefullyShutdownGroup,
                    failureTerminationBehavior: .gracefullyShutdownGroup)
            ] + feedback
        if let sync {
            list.append(
                .init(
                    service: SyncService(
                        engine: sync, store: store, interval: configuration.syncRoundInterval, nudge: nudge, logger: logger, onReport: onSyncReport)
                ))
        }
        return list + reminderServices(store: store)
    }

    /// `docket sync --watch`: the background sync, and reminders when channels are configured.
    public func syncWatchServices(
        engine: SyncEngine, store: DocketStore, onReport: @escaping @Sendable (Result<SyncReport, any Error>) -> Void
    ) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        [.init(service: SyncService(engine: engine, store: store, interval: configuration.syncRoundInterval, logger: logger, onReport: onReport))]
            + reminderServices(store: store)
    }

    /// The reminder service over `store` (`docket remind`, and the tests with their own clock).
    public func reminderService(
        store: DocketStore, clock: @escaping @Sendable () -> Date = { Date() }, onReport: @escaping @Sendable (ReminderReport) -> Void = { _ in }
    ) -> ReminderService {
        ReminderService(
            store: store, sender: NotificationSender(httpClient: apiHTTPClient, settings: configuration.notify), settings: configuration.notify,
            logger: logger, lockPath: configuration.databasePath == ":memory:" ? nil : configuration.databasePath + ".reminders.lock", clock: clock,
            onReport: onReport)
    }

    /// The reminder service when `DOCKET_NOTIFY` names channels; none otherwise. Its failures never end the group.
    public func reminderServices(store: DocketStore) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        configuration.notify.isEnabled ? [.init(service: reminderService(store: store))] : []
    }

    /// The watchdog pings for a unit with `WatchdogSec=`; none otherwise. Its end never ends the group.
    public func systemdServices() -> [ServiceGroupConfiguration.ServiceConfiguration] {
        guard let interval = systemd.watchdogInterval else { return [] }
        return [
            .init(service: WatchdogService(notifier: systemd, interval: interval), successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore)
        ]
    }

    /// Tells a `Type=notify` unit's manager that docket is ready (capture started, port bound), with `status` shown by
    /// `systemctl status`.
    public func notifyReady(status: String) {
        systemd.notify("READY=1\nSTATUS=\(status)")
    }

    /// Runs `services` in one group until they end; SIGTERM and SIGINT shut them down gracefully, in reverse
    /// order. The watchdog runs beside them when systemd asks for one.
    public func run(_ services: [ServiceGroupConfiguration.ServiceConfiguration]) async throws {
        var group = ServiceGroupConfiguration(services: systemdServices() + services, logger: logger)
        group.gracefulShutdownSignals = Self.shutdownSignals
        try await ServiceGroup(configuration: group).run()
    }

    /// The signals that stop every long-running mode gracefully.
    public static let shutdownSignals: [UnixSignal] = [.sigterm, .sigint]
}
