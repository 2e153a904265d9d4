import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import DocketCore

/// The transcription client against a small local HTTP server that plays every failure an endpoint can.
@Suite("Whisper HTTP client")
struct WhisperHTTPClientTests {
    actor Calls {
        var counts: [String: Int] = [:]
        var bodies: [String: [UInt8]] = [:]
        var headers: [String: HTTPFields] = [:]
        func record(_ key: String, body: [UInt8], headers: HTTPFields) -> Int {
            counts[key, default: 0] += 1
            bodies[key] = body
            self.headers[key] = headers
            return counts[key]!
        }
        func count(_ key: String) -> Int { counts[key] ?? 0 }
        func body(_ key: String) -> [UInt8] { bodies[key] ?? [] }
        func header(_ key: String, _ name: String) -> String? { headers[key]?[HTTPField.Name(name)!] }
    }

    static let verbose =
        #"{"task":"transcribe","language":"en","duration":2.0,"text":" Call mom tomorrow.","segments":[{"id":0,"start":0.0,"end":2.0,"text":" Call mom tomorrow.","avg_logprob":-0.2,"no_speech_prob":0.01}]}"#

    static func json(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func makeApp(calls: Calls) -> some ApplicationProtocol {
        let router = Router()
        func route(_ name: String, path: String = "v1/audio/transcriptions", _ handler: @escaping @Sendable (Int, String) async throws -> Response) {
            router.post("/\(name)/\(path)") { request, _ -> Response in
                let body = Array(buffer: try await request.body.collect(upTo: 64 << 20))
                let n = await calls.record(name, body: body, headers: request.headers)
                return try await handler(n, String(decoding: body, as: UTF8.self))
            }
        }
        route("ok") { _, _ in json(.ok, verbose) }
        route("r429") { n, _ in
            n == 1
                ? json(.tooManyRequests, #"{"error":{"message":"Rate limit reached","type":"requests"}}"#, extra: [HTTPField.Name("Retry-After")!: "1"])
                : json(.ok, verbose)
        }
        route("r503") { n, _ in n < 3 ? json(.serviceUnavailable, #"{"detail":"loading model"}"#) : json(.ok, verbose) }
        route("e500") { _, _ in json(.internalServerError, #"{"error":"failed to process audio"}"#) }
        route("bad") { _, _ in Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "<html>hello</html>"))) }
        route("empty") { _, _ in json(.ok, #"{"status":"ok"}"#) }
        route("slow") { _, _ in
            // Answers long after the client's 1 s timeout (the server then waits for this handler to stop).
            try await Task.sleep(for: .seconds(8))
            return json(.ok, verbose)
        }
        route("auth") { _, _ in
            json(
                .unauthorized,
                #"{"error":{"message":"Incorrect API key provided: sk-bad.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}"#)
        }
        route("big") { _, _ in
            json(
                .contentTooLarge,
                #"{"error":{"message":"Maximum content size limit (26214400) exceeded (26306794 bytes read)","type":"server_error","param":null,"code":null}}"#)
        }
        route("noverbose") { _, body in
            body.contains("verbose_json")
                ? json(.badRequest, #"{"detail":{"error":{"message":"Unsupported response_format: verbose_json","type":"invalid_request_error"}}}"#)
                : json(.ok, #"{"text":" Call mom tomorrow."}"#)
        }
        route("fastapi") { _, _ in json(.unprocessableContent, #"{"detail":[{"loc":["body","file"],"msg":"Field required","type":"missing"}]}"#) }
        route("cpp", path: "inference") { _, _ in json(.ok, #"{"text":" Call mom\n tomorrow.\n"}"#) }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// Runs `body` with a client pointed at `/{name}` on a fresh fake server.
    static func withClient(
        _ name: String, adjust: @escaping @Sendable (inout DocketConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (WhisperHTTPClient, Calls) async throws -> Void
    ) async throws {
        let calls = Calls()
        try await makeApp(calls: calls).test(.live) { client in
            var config = DocketConfiguration(
                whisperURL: URL(string: "http://127.0.0.1:\(client.port!)/\(name)")!, whisperConnectTimeout: .seconds(30),
                whisperRequestTimeout: .seconds(300), whisperMaxAttempts: 3)
            adjust(&config)
            let http = WhisperHTTPClient.makeHTTPClient(configuration: config)
            do {
                try await body(WhisperHTTPClient(httpClient: http, configuration: config, logger: Logger(label: "test")), calls)
            } catch {
                try await http.shutdown()
                throw error
            }
            try await http.shutdown()
        }
    }

    static let audio = TranscriptionAudio.data(Array("RIFF....WAVE".utf8), fileName: "a.wav", contentType: "audio/wav")

    @Test func successSendsEveryField() async throws {
        try await Self.withClient("ok", adjust: { $0.whisperAPIKey = "sk-test" }) { client, calls in
            let t = try await client.transcribe(TranscriptionRequest(audio: Self.audio, language: "en", prompt: "Launch, errands."))
            #expect(t.text == "Call mom tomorrow.")
            #expect(t.segments.first?.noSpeechProb == 0.01)
            #expect(t.language == "en")
            let body = String(decoding: await calls.body("ok"), as: UTF8.self)
            for field in [
                "name=\"model\"\r\n\r\ntiny.en", "name=\"model_name\"\r\n\r\ntiny.en", "name=\"language\"\r\n\r\nen",
                "name=\"prompt\"\r\n\r\nLaunch, errands.", "name=\"response_format\"\r\n\r\nverbose_json", "name=\"temperature\"\r\n\r\n0.0",
                "filename=\"a.wav\"",
            ] {
                #expect(body.contains(field), "missing \(field)")
            }
            #expect(await calls.header("ok", "Authorization") == "Bearer sk-test")
        }
    }

    @Test func streamsPCMFileAsWAV() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docket-test-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pcm = dir.appendingPathComponent("a.pcm")
        // 600,000 samples: the body spans several read chunks.
        let samples = (0..<600_000).map { Int16(truncatingIfNeeded: $0) }
        try samples.withUnsafeBytes { try Data($0).write(to: pcm) }
        try await Self.withClient("ok") { client, calls in
            _ = try await client.transcribe(TranscriptionRequest(audio: .pcmFile(pcm, samples: 100_000..<500_000, sampleRate: 16_000)))
            let body = await calls.body("ok")
            let text = String(decoding: body, as: UTF8.self)
            #expect(text.contains("filename=\"audio.wav\""))
            let riff = try #require(body.firstRange(of: Array("RIFF".utf8)))
            let wavStart = riff.lowerBound
            // data chunk size in the header, and the samples that follow it.
            let dataSize = body[(wavStart + 40)..<(wavStart + 44)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            #expect(dataSize == 800_000)
            let first = Int16(bitPattern: UInt16(body[wavStart + 44]) | UInt16(body[wavStart + 45]) << 8)
            #expect(first == Int16(truncatingIfNeeded: 100_000))
            let closing = Array("\r\n--".utf8)
            #expect(Array(body[(wavStart + 44 + 800_000)..<(wavStart + 48 + 800_000)]) == closing)
        }
    }

    @Test func retriesAfter429HonouringRetryAfter() async throws {
        try await Self.withClient("r429") { client, calls in
            let start = ContinuousClock.now
            let t = try await client.transcribe(TranscriptionRequest(audio: Self.audio))
            #expect(t.text == "Call mom tomorrow.")
            #expect(await calls.count("r429") == 2)
            #expect(ContinuousClock.now - start >= .milliseconds(950))
        }
    }

    @Test func retries503ThenSucceeds() async throws {
        try await Self.withClient("r503") { client, calls in
            _ = try await client.transcribe(TranscriptionRequest(audio: Self.audio))
            #expect(await calls.count("r503") == 3)
        }
    }

    @Test func fallsBackToJSON() async throws {
        try await Self.withClient("noverbose") { client, calls in
            let t = try await client.transcribe(TranscriptionRequest(audio: Self.audio))
            #expect(t.text == "Call mom tomorrow.")
            #expect(t.segments.isEmpty)
            #expect(await calls.count("noverbose") == 2)
        }
    }

    @Test func whisperCppFlavor() async throws {
        try await Self.withClient("cpp", adjust: { $0.whisperFlavor = .whispercpp }) { client, calls in
            let t = try await client.transcribe(TranscriptionRequest(audio: Self.audio, language: "en"))
            #expect(t.text == "Call mom tomorrow.")
            let body = String(decoding: await calls.body("cpp"), as: UTF8.self)
            #expect(!body.contains("name=\"model\""))
        }
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var route: String
        var code: TranscriptionError.Code
        var says: [String]
        var attempts: Int
        var testDescription: String { route }
    }

    @Test(arguments: [
        Failure(route: "e500", code: .server, says: ["HTTP 500", "failed to process audio", "after 3 attempts", "log"], attempts: 3),
        Failure(route: "auth", code: .unauthorized, says: ["HTTP 401", "Incorrect API key", "DOCKET_WHISPER_API_KEY"], attempts: 1),
        Failure(route: "big", code: .payloadTooLarge, says: ["HTTP 413", "too large", "DOCKET_MAX_PIECE_SECONDS"], attempts: 1),
        Failure(route: "bad", code: .malformedResponse, says: ["not a transcription", "DOCKET_WHISPER_URL"], attempts: 1),
        Failure(route: "empty", code: .malformedResponse, says: ["without a transcription"], attempts: 1),
        Failure(route: "fastapi", code: .badRequest, says: ["HTTP 422", "body.file: Field required"], attempts: 1),
        Failure(route: "missing", code: .notFound, says: ["HTTP 404", "DOCKET_WHISPER_FLAVOR"], attempts: 0),
    ])
    func failures(_ f: Failure) async throws {
        try await Self.withClient(f.route, adjust: { $0.whisperMaxAttempts = 3 }) { client, calls in
            await #expect {
                _ = try await client.transcribe(TranscriptionRequest(audio: Self.audio))
            } throws: { error in
                guard let e = error as? TranscriptionError, e.code == f.code else { return false }
                return f.says.allSatisfy { e.message.contains($0) }
            }
            #expect(await calls.count(f.route) == f.attempts)
        }
    }

    @Test func slowResponsePastTheTimeout() async throws {
        try await Self.withClient("slow", adjust: { $0.whisperRequestTimeout = .seconds(1) }) { client, _ in
            await #expect {
                _ = try await client.transcribe(TranscriptionRequest(audio: Self.audio))
            } throws: { error in
                (error as? TranscriptionError)?.code == .timeout && "\(error)".contains("DOCKET_WHISPER_TIMEOUT")
            }
        }
    }

    @Test func unreachableServerNamesTheFix() async throws {
        // A port nothing listens on: bind, note it, close.
        let config = DocketConfiguration(whisperURL: URL(string: "http://127.0.0.1:9")!, whisperConnectTimeout: .seconds(1), whisperMaxAttempts: 2)
        let http = WhisperHTTPClient.makeHTTPClient(configuration: config)
        let client = WhisperHTTPClient(httpClient: http, configuration: config, logger: Logger(label: "test"))
        await #expect {
            _ = try await client.transcribe(TranscriptionRequest(audio: Self.audio))
        } throws: { error in
            guard let e = error as? TranscriptionError else { return false }
            return e.code == .unreachable && e.message.contains("http://127.0.0.1:9") && e.message.contains("scripts/whisper-server.sh start")
        }
        try await http.shutdown()
    }

    @Test(arguments: [
        ("http://h:1", WhisperFlavor.openai, "http://h:1/v1/audio/transcriptions"),
        ("https://api.openai.com/v1", .openai, "https://api.openai.com/v1/audio/transcriptions"),
        ("http://h/openai/v1/audio/transcriptions", .openai, "http://h/openai/v1/audio/transcriptions"),
        ("http://h:8080", .whispercpp, "http://h:8080/inference"),
        ("http://h:8080/inference", .whispercpp, "http://h:8080/inference"),
    ])
    func endpoints(_ base: String, _ flavor: WhisperFlavor, _ expected: String) throws {
        let config = DocketConfiguration(whisperURL: URL(string: base)!, whisperFlavor: flavor)
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { try? http.syncShutdown() }
        #expect(WhisperHTTPClient(httpClient: http, configuration: config, logger: Logger(label: "t")).endpoint.absoluteString == expected)
    }
}
