import DocketAudio
import DocketCore
import DocketTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import DocketServer

/// A temporary directory with a database and a spool, and an application over them.
struct ServeFixture {
    static let token = "test-token-1"
    static let auth: HTTPFields = [.authorization: "Bearer \(token)"]

    let directory: URL
    let configuration: DocketConfiguration
    let transcriber: FakeTranscriber

    init(configure: (inout DocketConfiguration) -> Void = { _ in }, transcriber: FakeTranscriber = FakeTranscriber()) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("docket-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var config = DocketConfiguration(
            whisperURL: URL(string: "http://127.0.0.1:9")!, databasePath: directory.appendingPathComponent("docket.sqlite").path,
            timeZone: TimeZone(identifier: "America/New_York")!)
        config.serve.port = 0
        config.serve.tokens = [Self.token]
        // Long enough for any test machine; tests of the wait itself set their own.
        config.serve.waitTimeout = .seconds(600)
        configure(&config)
        configuration = config
        self.transcriber = transcriber
    }

    /// Builds the application (one "process"): its store, spool and metrics.
    func application(
        metrics: ServeMetrics = ServeMetrics(), onStarted: @escaping @Sendable (ServeStarted) async -> Void = { _ in }
    ) async throws -> (some ApplicationProtocol, DocketStore, DocketServices) {
        let services = DocketServices(configuration: configuration, logger: Logger(label: "test"), transcriber: transcriber)
        do {
            let store = try services.openStore()
            let app = try buildServeApplication(
                services: services, store: store, verifier: TokenVerifier(tokens: configuration.serve.tokens), metrics: metrics,
                onStarted: onStarted)
            return (app, store, services)
        } catch {
            try await services.shutdown()
            throw error
        }
    }

    var spool: URL { directory.appendingPathComponent("upload-spool") }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// A short tone-burst WAV the speech detector calls speech; `variant` makes the bytes (and the hash) differ.
    static func speechWAV(variant: Int = 0) throws -> ByteBuffer {
        let rate = 16_000
        var samples = [Int16](repeating: 0, count: rate / 4 + variant)
        for n in 0..<Int(1.5 * Double(rate)) {
            let t = Double(n) / Double(rate)
            let envelope = 0.5 * (1 - cos(2 * Double.pi * 3 * t))
            samples.append(Int16(8000 * envelope * (sin(2 * .pi * 180 * t) + 0.5 * sin(2 * .pi * 360 * t)) / 1.5))
        }
        samples += [Int16](repeating: 0, count: rate / 4)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docket-tone-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        try WAVWriter.write(samples, sampleRate: rate, to: url)
        return ByteBuffer(bytes: try Data(contentsOf: url))
    }

    /// A multipart/form-data body with the given fields and a file part.
    static func multipart(fields: [(String, String)] = [], file: ByteBuffer?, fileName: String = "note.wav", type: String = "audio/wav") -> (ByteBuffer, String)
    {
        let boundary = "test-\(UUID().uuidString)"
        var body = ByteBuffer()
        for (name, value) in fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        if var file {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: \(type)\r\n\r\n")
            body.writeBuffer(&file)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return (body, "multipart/form-data; boundary=\(boundary)")
    }
}

/// Decodes API bodies.
func decode<T: Decodable>(_ type: T.Type, _ buffer: ByteBuffer) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: Data(buffer.readableBytesView))
}

/// Polls until `condition` holds (or about 20 s pass).
func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    // Up to two minutes: what is awaited happens in well under a second on an idle machine.
    for _ in 0..<1200 {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(100))
    }
    return false
}
