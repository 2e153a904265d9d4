public import AsyncHTTPClient
public import Foundation
public import Logging
import NIOCore
import NIOHTTP1

/// A ``Transcriber`` over any Whisper-compatible HTTP endpoint (OpenAI-style or whisper.cpp).
///
/// Sends the model as both `model` and `model_name` (the PyPI faster-whisper-server reads only the latter),
/// asks for `verbose_json` and falls back to `json` when the endpoint refuses it, retries busy or failing
/// endpoints with backoff honouring `Retry-After`, and turns every error body shape into one
/// ``TranscriptionError`` whose message says what to do.
public struct WhisperHTTPClient: Transcriber {
    private let client: HTTPClient
    private let configuration: DocketConfiguration
    private let logger: Logger
    private let retry: RetryPolicy

    /// Creates a client.
    /// - Parameters:
    ///   - httpClient: the shared client; its connect and read timeouts apply (see ``makeHTTPClient(configuration:)``).
    ///   - configuration: endpoint, key, model, flavor, timeouts and attempts.
    ///   - logger: receives debug-level request logs.
    public init(httpClient: HTTPClient, configuration: DocketConfiguration, logger: Logger) {
        self.client = httpClient
        self.configuration = configuration
        self.logger = logger
        self.retry = RetryPolicy(maxAttempts: configuration.whisperMaxAttempts)
    }

    /// An `HTTPClient` with the configured connect and read timeouts. The caller shuts it down.
    public static func makeHTTPClient(configuration: DocketConfiguration) -> HTTPClient {
        var config = HTTPClient.Configuration()
        config.timeout = .init(
            connect: TimeAmount(configuration.whisperConnectTimeout),
            read: TimeAmount(configuration.whisperRequestTimeout)
        )
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: config)
    }

    /// The URL requests go to for this flavor.
    public var endpoint: URL {
        let base = configuration.whisperURL
        let path = base.path
        switch configuration.whisperFlavor {
        case .openai:
            if path.hasSuffix("/audio/transcriptions") { return base }
            if path.hasSuffix("/v1") || path.hasSuffix("/v1/") {
                return base.appendingPathComponent("audio").appendingPathComponent("transcriptions")
            }
            return base.appendingPathComponent("v1").appendingPathComponent("audio").appendingPathComponent("transcriptions")
        case .whispercpp:
            if path.hasSuffix("/inference") { return base }
            return base.appendingPathComponent("inference")
        }
    }

    public func transcribe(_ request: TranscriptionRequest) async throws -> Transcript {
        do {
            return try await send(request, verbose: true)
        } catch let error as TranscriptionError where error.code == .badRequest && Self.refusesVerbose(error.message) {
            logger.debug("Endpoint refused verbose_json; retrying with json", metadata: ["docket.whisper.error": "\(error.message)"])
            return try await send(request, verbose: false)
        }
    }

    static func refusesVerbose(_ message: String) -> Bool {
        let lower = message.lowercased()
        return lower.contains("response_format") || lower.contains("verbose_json")
    }

    func fields(for request: TranscriptionRequest, verbose: Bool) -> [(String, String)] {
        var fields: [(String, String)] = []
        if configuration.whisperFlavor == .openai {
            fields.append(("model", configuration.whisperModel))
            fields.append(("model_name", configuration.whisperModel))
        }
        if let language = request.language { fields.append(("language", language)) }
        if let prompt = request.prompt, !prompt.isEmpty { fields.append(("prompt", prompt)) }
        fields.append(("response_format", verbose ? "verbose_json" : "json"))
        fields.append(("temperature", String(request.temperature)))
        return fields
    }

    private func send(_ request: TranscriptionRequest, verbose: Bool) async throws -> Transcript {
        let upload = try MultipartUpload(fields: fields(for: request, verbose: verbose), audio: request.audio)
        let url = endpoint
        var attempt = 0
        while true {
            attempt += 1
            var http = HTTPClientRequest(url: url.absoluteString)
            http.method = .POST
            http.headers.add(name: "Content-Type", value: upload.contentType)
            http.headers.add(name: "Accept", value: "application/json")
            if let key = configuration.whisperAPIKey { http.headers.add(name: "Authorization", value: "Bearer \(key)") }
            http.body = .stream(upload.chunks, length: .known(upload.length))

            let outcome: Outcome
            do {
                let response = try await client.execute(http, timeout: .hours(24), logger: logger)
                let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
                outcome = .response(status: Int(response.status.code), headers: response.headers, body: Array(buffer: body))
            } catch {
                outcome = .failure(error)
            }

            switch outcome {
            case .response(let status, _, let body) where (200..<300).contains(status):
                return try Self.decode(body, url: url)
            case .response(let status, let headers, let body):
                let detail = ErrorBody.message(from: body)
                if RetryPolicy.isRetryable(status: status), attempt < retry.maxAttempts {
                    let wait = retry.delay(afterAttempt: attempt, retryAfter: RetryPolicy.parseRetryAfter(headers.first(name: "Retry-After")))
                    logger.debug("Whisper endpoint busy; retrying", metadata: ["docket.whisper.status": "\(status)", "docket.whisper.wait": "\(wait)"])
                    try await Task.sleep(for: wait)
                    continue
                }
                throw statusError(status: status, detail: detail, attempts: attempt, uploadBytes: request.audio.byteCount)
            case .failure(let error):
                if let timeout = timeoutError(error) { throw timeout }
                if Task.isCancelled { throw CancellationError() }
                if attempt < retry.maxAttempts {
                    let wait = retry.delay(afterAttempt: attempt, retryAfter: nil)
                    logger.debug("Whisper endpoint unreachable; retrying", metadata: ["docket.whisper.error": "\(error)", "docket.whisper.wait": "\(wait)"])
                    try await Task.sleep(for: wait)
                    continue
                }
                throw TranscriptionError(
                    .unreachable,
                    "Can't reach the Whisper server at \(configuration.whisperURL.absoluteString) (\(Self.describe(error))) \(Self.afterAttempts(attempt)). "
                        + "Start the local one with `scripts/whisper-server.sh start`, or point DOCKET_WHISPER_URL at a running server.",
                    cause: error)
            }
        }
    }

    private enum Outcome {
        case response(status: Int, headers: HTTPHeaders, body: [UInt8])
        case failure(any Error)
    }

    private func timeoutError(_ error: any Error) -> TranscriptionError? {
        guard let error = error as? HTTPClientError else { return nil }
        if error == .readTimeout || error == .deadlineExceeded {
            let seconds = configuration.whisperRequestTimeout.components.seconds
            return TranscriptionError(
                .timeout,
                "The Whisper server at \(configuration.whisperURL.absoluteString) did not answer within \(seconds) s. "
                    + "Raise DOCKET_WHISPER_TIMEOUT, use a smaller model, or lower DOCKET_MAX_PIECE_SECONDS.",
                cause: error)
        }
        return nil
    }

    /// "after 3 attempts", or "at the first attempt" when there was only one (DOCKET_WHISPER_ATTEMPTS=1).
    static func afterAttempts(_ count: Int) -> String {
        count == 1 ? "at the first attempt" : "after \(count) attempts"
    }

    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectTimeout") { return "connection timed out" }
        if text.lowercased().contains("refused") { return "connection refused" }
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }

    private func statusError(status: Int, detail: String?, attempts: Int, uploadBytes: Int) -> TranscriptionError {
        let url = configuration.whisperURL.absoluteString
        let said = detail.map { ": \($0)" } ?? ""
        switch status {
        case 401, 403:
            return TranscriptionError(
                .unauthorized,
                "The Whisper endpoint at \(url) refused the request (HTTP \(status)\(said)). "
                    + "Set DOCKET_WHISPER_API_KEY (or OPENAI_API_KEY) to a valid API key for it.", status: status)
        case 404:
            return TranscriptionError(
                .notFound,
                "The Whisper endpoint \(endpoint.absoluteString) does not exist (HTTP 404\(said)). "
                    + "Check DOCKET_WHISPER_URL and DOCKET_WHISPER_FLAVOR (openai or whispercpp).", status: status)
        case 413:
            let mib = String(format: "%.1f", Double(uploadBytes) / 1_048_576)
            return TranscriptionError(
                .payloadTooLarge,
                "The Whisper endpoint at \(url) refused a \(mib) MiB upload as too large (HTTP 413\(said)). "
                    + "Lower DOCKET_MAX_PIECE_SECONDS (now \(Int(configuration.maxPieceSeconds))) so each piece is smaller.", status: status)
        case 429:
            return TranscriptionError(
                .rateLimited,
                "The Whisper endpoint at \(url) is rate limiting requests (HTTP 429\(said)) and still refused \(Self.afterAttempts(attempts)). "
                    + "Wait a minute and retry, or lower DOCKET_WHISPER_PARALLELISM.", status: status)
        case 500...599:
            return TranscriptionError(
                .server,
                "The Whisper server at \(url) failed (HTTP \(status)\(said)) \(Self.afterAttempts(attempts)). "
                    + "Check the server's log (for the local one: .run/whisper-PORT.log) and retry.", status: status)
        default:
            if detail?.contains("unknown model") == true {
                return TranscriptionError(
                    .badRequest,
                    "The Whisper server at \(url) does not serve the model \"\(configuration.whisperModel)\" (HTTP \(status)\(said)). "
                        + "Set DOCKET_WHISPER_MODEL to one it serves (docket's local server: tiny.en, or base after scripts/setup.sh --model base).",
                    status: status)
            }
            return TranscriptionError(
                .badRequest,
                "The Whisper endpoint at \(url) rejected the request (HTTP \(status)\(said)). "
                    + "Check DOCKET_WHISPER_MODEL, DOCKET_LANGUAGE and DOCKET_WHISPER_FLAVOR.", status: status)
        }
    }

    private struct VerboseBody: Decodable {
        var text: String?
        var language: String?
        var segments: [TranscriptSegment]?
    }

    /// Decodes a `json` or `verbose_json` body.
    static func decode(_ body: [UInt8], url: URL) throws -> Transcript {
        let decoded: VerboseBody
        do {
            decoded = try JSONDecoder().decode(VerboseBody.self, from: Data(body))
        } catch {
            let preview = String(decoding: body.prefix(120), as: UTF8.self)
            throw TranscriptionError(
                .malformedResponse,
                "The endpoint \(url.absoluteString) answered with something that is not a transcription (\(preview)). "
                    + "Check that DOCKET_WHISPER_URL points at a Whisper-compatible server.", cause: error)
        }
        guard decoded.text != nil || decoded.segments != nil else {
            throw TranscriptionError(
                .malformedResponse,
                "The endpoint \(url.absoluteString) answered without a transcription text. "
                    + "Check that DOCKET_WHISPER_URL points at a Whisper-compatible server.")
        }
        let segments = decoded.segments ?? []
        // whisper.cpp ends each segment's text with a newline; join lines with spaces.
        let text = (decoded.text ?? segments.map(\.text).joined(separator: " "))
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return Transcript(text: text, language: decoded.language, segments: segments)
    }
}
