import DocketCore
import DocketTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import DocketServer

/// The HTTP API in process (requests go straight into the router), over a real SQLite database and spool, with
/// a stand-in transcriber. The same paths through a real socket, the real Whisper server and the built binary are
/// in DocketEndToEndTests.
@Suite("Serve API")
struct ServeRouterTests {
    @Test("upload → 202 with a Location → the note is processed → GET shows the transcript and tasks")
    func uploadAndPoll() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            let wav = try ServeFixture.speechWAV()
            try await app.test(.router) { client in
                var headers = ServeFixture.auth
                headers[.contentType] = "audio/wav"
                let accepted = try await client.execute(
                    uri: "/v1/notes?recorded_at=2026-11-18T09:00&tz=America/New_York", method: .post, headers: headers, body: wav)
                #expect(accepted.status == .accepted)
                let note = try decode(NoteResource.self, accepted.body)
                #expect(note.status == .queued || note.status == .transcribing)
                #expect(accepted.headers[.location] == "/v1/notes/\(note.id)")
                #expect(UUID(uuidString: note.id) != nil)

                var done: NoteResource?
                _ = try await eventually {
                    let response = try await client.execute(uri: "/v1/notes/\(note.id)", method: .get, headers: ServeFixture.auth)
                    done = try decode(NoteResource.self, response.body)
                    return done?.status == .done
                }
                #expect(done?.status == .done)
                #expect(done?.result == .processed)
                #expect(done?.transcript == "Buy milk tomorrow")
                #expect(done?.tasks?.map(\.task.title) == ["Buy milk"])
                #expect(done?.tasks?.first?.task.dueDate == "2026-11-19")

                let tasks = try await client.execute(uri: "/v1/tasks", method: .get, headers: ServeFixture.auth)
                #expect(tasks.status == .ok)
                #expect(String(buffer: tasks.body).contains("\"note_id\":\"\(note.id)\""))
            }
        }
        // Processed notes leave the spool.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.spool.appendingPathComponent("journal").path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.spool.appendingPathComponent("work").path).isEmpty)
    }

    @Test("wait=true answers with the processed note; the same audio again is the same note, not a second one")
    func waitAndDuplicate() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            let wav = try ServeFixture.speechWAV()
            try await app.test(.router) { client in
                let (body, type) = ServeFixture.multipart(fields: [("tz", "America/New_York"), ("recorded_at", "2026-11-18T09:00")], file: wav)
                var headers = ServeFixture.auth
                headers[.contentType] = type
                let first = try await client.execute(uri: "/v1/notes?wait=true", method: .post, headers: headers, body: body)
                #expect(first.status == .ok)
                let note = try decode(NoteResource.self, first.body)
                #expect(note.status == .done)
                #expect(note.file == "note.wav")
                #expect(note.tasks?.count == 1)

                var raw = ServeFixture.auth
                raw[.contentType] = "audio/x-wav"
                let again = try await client.execute(uri: "/v1/notes", method: .post, headers: raw, body: wav)
                #expect(again.status == .ok)
                let duplicate = try decode(NoteResource.self, again.body)
                #expect(duplicate.id == note.id)
                #expect(duplicate.result == .duplicate)
                #expect(duplicate.tasks?.map(\.id) == note.tasks?.map(\.id))
            }
            #expect(try await store.counts() == (notes: 1, tasks: 1))
            #expect(await fixture.transcriber.calls == 1)
        }
    }

    @Test("every /v1 route needs an accepted bearer token: 401 with WWW-Authenticate and a JSON error")
    func authentication() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                for (uri, method) in [("/v1/notes", HTTPRequest.Method.post), ("/v1/notes/\(UUID())", .get), ("/v1/tasks", .get)] {
                    for headers: HTTPFields in [[:], [.authorization: "Bearer wrong"], [.authorization: "Basic dGVzdDp0ZXN0"], [.authorization: "Bearer"]] {
                        let response = try await client.execute(uri: uri, method: method, headers: headers)
                        #expect(response.status == .unauthorized, "\(method) \(uri) \(headers)")
                        #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                        let error = try decode(ErrorEnvelope.self, response.body)
                        #expect(error.error.code == "unauthorized")
                    }
                }
                // The scheme is case-insensitive; health and metrics need no token.
                let ok = try await client.execute(uri: "/v1/tasks", method: .get, headers: [.authorization: "bearer \(ServeFixture.token)"])
                #expect(ok.status == .ok)
                #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
                #expect(try await client.execute(uri: "/metrics", method: .get).status == .ok)
            }
        }
    }

    @Test("bad uploads get 413, 415 or 400 with a message that says what to send; nothing is queued")
    func refusedUploads() async throws {
        let fixture = try ServeFixture(configure: { $0.serve.maxUploadBytes = 200_000 })
        defer { fixture.remove() }
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            let wav = try ServeFixture.speechWAV()
            @Sendable func post(_ client: any TestClientProtocol, _ uri: String = "/v1/notes", type: String?, body: ByteBuffer) async throws -> (
                HTTPResponse.Status, ErrorEnvelope?
            ) {
                var headers = ServeFixture.auth
                if let type { headers[.contentType] = type }
                let response = try await client.execute(uri: uri, method: .post, headers: headers, body: body)
                return (response.status, try? decode(ErrorEnvelope.self, response.body))
            }
            try await app.test(.router) { client in
                let big = ByteBuffer(repeating: 0, count: 300_000)
                var (status, error) = try await post(client, type: "audio/wav", body: big)
                #expect(status == .contentTooLarge)
                #expect(error?.error.code == "payload_too_large")
                #expect(error?.error.message.contains("DOCKET_MAX_UPLOAD_MB") == true)

                (status, error) = try await post(client, type: "text/plain", body: ByteBuffer(string: "hello"))
                #expect(status == .unsupportedMediaType)
                #expect(error?.error.message.contains("audio/wav") == true)
                (status, _) = try await post(client, type: nil, body: wav)
                #expect(status == .unsupportedMediaType)
                let (textForm, textType) = ServeFixture.multipart(file: ByteBuffer(string: "hi"), fileName: "notes.txt", type: "text/plain")
                (status, _) = try await post(client, type: textType, body: textForm)
                #expect(status == .unsupportedMediaType)

                let (noFile, noFileType) = ServeFixture.multipart(fields: [("tz", "UTC")], file: nil)
                (status, error) = try await post(client, type: noFileType, body: noFile)
                #expect(status == .badRequest)
                #expect(error?.error.message.contains("file") == true)
                (status, _) = try await post(client, type: "multipart/form-data", body: wav)
                #expect(status == .badRequest)
                (status, _) = try await post(client, type: "audio/wav", body: ByteBuffer())
                #expect(status == .badRequest)
                for query in ["tz=Mars/Olympus", "recorded_at=yesterday", "language=english"] {
                    (status, error) = try await post(client, "/v1/notes?\(query)", type: "audio/wav", body: wav)
                    #expect(status == .badRequest, "\(query)")
                    #expect(error?.error.code == "bad_request")
                }
                let missing = try await client.execute(uri: "/v1/notes/\(UUID())", method: .get, headers: ServeFixture.auth)
                #expect(missing.status == .notFound)
                #expect(try decode(ErrorEnvelope.self, missing.body).error.code == "not_found")
                let nowhere = try await client.execute(uri: "/v2/anything", method: .get)
                #expect(nowhere.status == .notFound)
                #expect(try decode(ErrorEnvelope.self, nowhere.body).error.code == "not_found")
                let badSince = try await client.execute(uri: "/v1/tasks?since=soon", method: .get, headers: ServeFixture.auth)
                #expect(badSince.status == .badRequest)
            }
            #expect(try await store.counts() == (notes: 0, tasks: 0))
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.spool.appendingPathComponent("incoming").path).isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.spool.appendingPathComponent("journal").path).isEmpty)
        }
    }

    @Test("a full queue answers 503 with Retry-After; the queued notes are processed once the recognizer answers")
    func queueFull() async throws {
        let transcriber = FakeTranscriber()
        await transcriber.hold()
        let fixture = try ServeFixture(
            configure: {
                $0.serve.queueLimit = 2
                $0.serve.workers = 1
            }, transcriber: transcriber)
        defer { fixture.remove() }
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                var headers = ServeFixture.auth
                headers[.contentType] = "audio/wav"
                for variant in 0..<2 {
                    let response = try await client.execute(
                        uri: "/v1/notes", method: .post, headers: headers, body: try ServeFixture.speechWAV(variant: variant))
                    #expect(response.status == .accepted)
                }
                let full = try await client.execute(uri: "/v1/notes", method: .post, headers: headers, body: try ServeFixture.speechWAV(variant: 2))
                #expect(full.status == .serviceUnavailable)
                #expect(full.headers[.retryAfter] != nil)
                #expect(try decode(ErrorEnvelope.self, full.body).error.code == "queue_full")
                let metrics = try await client.execute(uri: "/metrics", method: .get)
                #expect(String(buffer: metrics.body).contains("docket_queue_depth 2"))
                await transcriber.release()
                #expect(try await eventually { try await store.counts().notes == 2 })
            }
        }
    }

    @Test("a recognizer outage keeps the note queued and retried (the reason shown); it is stored when the recognizer is back")
    func transientFailure() async throws {
        let transcriber = FakeTranscriber()
        await transcriber.fail(TranscriptionError(.unreachable, "Can't reach the Whisper endpoint."))
        let fixture = try ServeFixture(transcriber: transcriber)
        defer { fixture.remove() }
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                var headers = ServeFixture.auth
                headers[.contentType] = "audio/wav"
                let accepted = try await client.execute(uri: "/v1/notes", method: .post, headers: headers, body: try ServeFixture.speechWAV())
                let id = try decode(NoteResource.self, accepted.body).id
                var retrying: NoteResource?
                _ = try await eventually {
                    retrying = try decode(NoteResource.self, try await client.execute(uri: "/v1/notes/\(id)", method: .get, headers: ServeFixture.auth).body)
                    return retrying?.error != nil
                }
                #expect(retrying?.status == .queued || retrying?.status == .transcribing)
                #expect(retrying?.error?.code == "retrying")
                #expect(retrying?.error?.message.contains("Whisper") == true)
                await transcriber.fail(nil)
                let done = try await client.execute(uri: "/v1/notes/\(id)?wait=true", method: .get, headers: ServeFixture.auth)
                #expect(try decode(NoteResource.self, done.body).status == .done)
            }
            #expect(try await store.counts() == (notes: 1, tasks: 1))
        }
    }

    @Test("audio that can't be decoded fails with the reason; the audio is kept in failed/")
    func permanentFailure() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                var headers = ServeFixture.auth
                headers[.contentType] = "audio/wav"
                let response = try await client.execute(
                    uri: "/v1/notes?wait=true", method: .post, headers: headers,
                    body: ByteBuffer(bytes: Array("RIFF".utf8) + [40, 0, 0, 0] + Array("WAVEnot really a wave file at all".utf8)))
                let note = try decode(NoteResource.self, response.body)
                #expect(note.status == .failed)
                #expect(note.error?.message.isEmpty == false)
            }
            let failed = try FileManager.default.contentsOfDirectory(atPath: fixture.spool.appendingPathComponent("failed").path)
            #expect(failed.count == 1)
        }
    }

    @Test("notes accepted before a stop are processed by the next start, under the same id, once")
    func resumeAfterRestart() async throws {
        let transcriber = FakeTranscriber()
        await transcriber.fail(TranscriptionError(.unreachable, "down"))
        let fixture = try ServeFixture(transcriber: transcriber)
        defer { fixture.remove() }
        let ids: [String]
        do {
            let (app, _, services) = try await fixture.application()
            ids = try await services.closing {
                try await app.test(.router) { client in
                    var headers = ServeFixture.auth
                    headers[.contentType] = "audio/wav"
                    var ids: [String] = []
                    for variant in 0..<3 {
                        let response = try await client.execute(
                            uri: "/v1/notes", method: .post, headers: headers, body: try ServeFixture.speechWAV(variant: variant))
                        ids.append(try decode(NoteResource.self, response.body).id)
                    }
                    return ids
                }
            }
        }
        let spooled = try UploadSpool(root: fixture.spool).journal.recover(decoder: UploadSpool.decoder).records
        #expect(Set(spooled.map(\.meta.id)) == Set(ids))
        await transcriber.fail(nil)
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                for id in ids {
                    let response = try await client.execute(uri: "/v1/notes/\(id)?wait=true", method: .get, headers: ServeFixture.auth)
                    #expect(try decode(NoteResource.self, response.body).status == .done)
                }
            }
            #expect(try await store.counts() == (notes: 3, tasks: 3))
        }
    }

    @Test("/readyz says what is not ready; /metrics has the service's figures in Prometheus text")
    func readinessAndMetrics() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                let ready = try await client.execute(uri: "/readyz", method: .get)
                // The fixture's Whisper URL is a closed port.
                #expect(ready.status == .serviceUnavailable)
                let text = String(buffer: ready.body)
                #expect(text.contains("\"store\":\"ok\""))
                #expect(text.contains("Whisper endpoint"))

                var headers = ServeFixture.auth
                headers[.contentType] = "audio/wav"
                _ = try await client.execute(uri: "/v1/notes?wait=true", method: .post, headers: headers, body: try ServeFixture.speechWAV())
                _ = try await client.execute(uri: "/v1/notes", method: .post, headers: ServeFixture.auth)
                let metrics = try await client.execute(uri: "/metrics", method: .get)
                #expect(metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
                let body = String(buffer: metrics.body)
                for line in [
                    "docket_uploads_total{result=\"accepted\"} 1", "docket_upload_bytes_total", "docket_queue_depth 0",
                    "docket_stage_duration_seconds_count{stage=\"transcribe\"} 1", "docket_stage_duration_seconds_count{stage=\"decode\"} 1",
                    "docket_stage_duration_seconds_count{stage=\"extract\"} 1", "docket_stage_duration_seconds_count{stage=\"store\"} 1",
                    "docket_errors_total{kind=\"unsupported_media_type\"} 1", "docket_upload_accept_seconds_bucket",
                ] {
                    #expect(body.contains(line), "\(line) missing from:\n\(body)")
                }
            }
        }
    }

    @Test("a service without tokens refuses to start; a second service on the same spool too")
    func setupErrors() async throws {
        let fixture = try ServeFixture(configure: { $0.serve.tokens = [] })
        defer { fixture.remove() }
        await #expect(throws: ServeSetupError.self) { _ = try await fixture.application() }

        let shared = try ServeFixture()
        defer { shared.remove() }
        let (first, _, services) = try await shared.application()
        try await services.closing {
            await #expect(throws: ServeSetupError.self) { _ = try await shared.application() }
            withExtendedLifetime(first) {}
        }
    }
}
