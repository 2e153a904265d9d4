public import AsyncHTTPClient
public import Foundation
public import Logging
import NIOCore
import NIOHTTP1

/// The composition root: builds docket's parts from a configuration. The executable and the tests both use it.
public struct DocketServices: Sendable {
    /// The resolved configuration.
    public let configuration: DocketConfiguration
    /// The one HTTP client; shut down with ``shutdown()``.
    public let httpClient: HTTPClient
    /// The speech-to-text endpoint.
    public let transcriber: any Transcriber
    /// The logger everything logs to.
    public let logger: Logger

    /// Builds the parts; `transcriber` replaces the HTTP one (unit tests only).
    public init(configuration: DocketConfiguration, logger: Logger, transcriber: (any Transcriber)? = nil) {
        self.configuration = configuration
        self.logger = logger
        self.httpClient = WhisperHTTPClient.makeHTTPClient(configuration: configuration)
        self.transcriber = transcriber ?? WhisperHTTPClient(httpClient: httpClient, configuration: configuration, logger: logger)
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
    public func listenOptions(startDate: Date? = nil, timeZone: TimeZone? = nil, saveAudio: Bool = false, once: Bool = false) -> ListenOptions {
        ListenOptions(
            timeZone: timeZone ?? configuration.timeZone, language: configuration.language, startDate: startDate,
            policy: configuration.segmentation, spoolDirectory: configuration.listenSpoolDirectory,
            saveAudioDirectory: saveAudio ? configuration.resolvedAudioDirectory : nil, once: once)
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
            return "the Whisper endpoint \(configuration.whisperURL.absoluteString) can't be reached (\(error)); start it (scripts/whisper-server.sh start) or fix DOCKET_WHISPER_URL"
        }
    }

    /// Releases the HTTP client.
    public func shutdown() async throws {
        try await httpClient.shutdown()
    }
}
