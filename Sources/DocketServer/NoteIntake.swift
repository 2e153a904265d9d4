import DocketCore
import DocketSupport
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `POST /v1/notes` and `GET /v1/notes/{id}`: accepts uploads into the spool and the queue, and says where a note is.
struct NoteIntake: Sendable {
    let spool: UploadSpool
    let queue: NoteQueue
    let store: DocketStore
    let receiver: UploadReceiver
    let settings: ServeSettings
    let timeZone: TimeZone
    let metrics: ServeMetrics

    /// The note-level parameters of an upload (query or form fields).
    struct Parameters {
        var recordedAt: Date?
        var timeZone: String?
        var language: String?
        var wait = false
    }

    /// Receives an upload. Answers 202 once the audio and its metadata are synced to disk (200 for audio the
    /// service already processed), or, with `wait=true`, once the note is processed or the wait ends.
    func accept(_ request: Request) async throws -> Response {
        let started = ContinuousClock.now
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > settings.maxUploadBytes {
            throw ServeError.tooLarge(limit: settings.maxUploadBytes)
        }
        let query = request.uri.queryParameters
        var raw: [String: String] = [:]
        for key in ["recorded_at", "tz", "language", "wait", "filename"] {
            if let value = query[key[...]] { raw[key] = String(value) }
        }
        _ = try parameters(raw)  // reject bad parameters before reading the body
        if let problem = spool.lowSpace(minimum: settings.minimumFreeBytes) {
            throw ServeError(
                .init(code: 507, reasonPhrase: "Insufficient Storage"), code: "insufficient_storage",
                "The service is short of disk space and takes no uploads until it has more; try again later.",
                headers: [.retryAfter: "60"], detail: problem)
        }
        guard queue.reserve() else { throw ServeError.queueFull(retryAfter: 10) }

        let received: ReceivedUpload
        let params: Parameters
        do {
            let fileName = request.headers[.contentDisposition].flatMap { HeaderParameters.parse($0)["filename"] } ?? raw["filename"]
            received = try await withDeadline(settings.requestTimeout) { [receiver, body = request.body, type = request.headers[.contentType]] in
                try await receiver.receive(body, contentType: type, fileName: fileName)
            }
            params = try parameters(raw.merging(received.fields) { query, _ in query })
        } catch {
            queue.cancelReservation()
            throw error
        }
        func discard() {
            if case .file(let url) = received.audio { spool.discard(url) }
            queue.cancelReservation()
        }

        // The same audio again: the stored note, or the one already waiting.
        let existing: NoteRecord?
        do {
            existing = try await store.note(contentHash: received.contentHash)
        } catch {
            discard()
            throw error
        }
        if let existing, existing.status != .failed {
            discard()
            metrics.uploaded(bytes: received.audioBytes, duplicate: true, latency: ContinuousClock.now - started)
            let tasks = try await store.tasks(noteID: existing.id)
            return try respond(.ok, NoteResource(note: existing, tasks: tasks, duplicate: true), request: request)
        }
        let id: String
        if let pending = queue.entry(contentHash: received.contentHash) {
            discard()
            id = pending.meta.id
        } else {
            id = existing?.id ?? spool.noteID(contentHash: received.contentHash)
            let meta = UploadMeta(
                id: id, contentHash: received.contentHash, fileName: received.fileName, mediaType: received.mediaType,
                bytes: received.audioBytes, receivedAt: Date(), recordedAt: params.recordedAt, timeZone: params.timeZone,
                language: params.language)
            let spooled: UploadMeta
            do {
                spooled = try await spool.commit(received.audio, meta: meta)
            } catch {
                discard()
                throw error
            }
            // A second upload of the same audio that raced this one: one note, the other copy leaves the spool.
            if !queue.enqueue(spooled, reserved: true) { spool.release(spooled) }
        }
        metrics.uploaded(bytes: received.audioBytes, duplicate: false, latency: ContinuousClock.now - started)
        if params.wait { await queue.waitUntilFinished(id, timeout: min(settings.waitTimeout, settings.requestTimeout)) }
        guard let resource = try await resource(id) else {
            throw ServeError(.internalServerError, code: "internal", "The note \(id) was accepted but can't be found; ask again with GET /v1/notes/\(id).")
        }
        let done = resource.status == .done || resource.status == .failed
        // Audio that decodes past DOCKET_MAX_AUDIO_MINUTES is too large in what it holds, whatever its bytes.
        if resource.error?.code == "audio_too_long" { return try respond(.contentTooLarge, resource, request: request) }
        return try respond(done ? .ok : .accepted, resource, request: request)
    }

    /// `GET /v1/notes/{id}[?wait=true]`.
    func status(_ request: Request, id: String) async throws -> Response {
        guard UUID(uuidString: id) != nil else { throw notFound(id) }
        let wait = (request.uri.queryParameters["wait"]).map { ["true", "1", "yes"].contains($0.lowercased()) } ?? false
        if wait { await queue.waitUntilFinished(id, timeout: settings.waitTimeout) }
        guard let resource = try await resource(id) else { throw notFound(id) }
        return try respond(.ok, resource, request: request)
    }

    /// Where a note is: unfinished (the queue) or stored (the database).
    func resource(_ id: String) async throws -> NoteResource? {
        if let entry = queue.entry(id) {
            return NoteResource(
                id: id, status: entry.phase == .queued ? .queued : .transcribing, file: entry.meta.fileName,
                recordedAt: entry.meta.recordedAt ?? entry.meta.receivedAt,
                error: entry.lastError.map { NoteResource.Failure(code: "retrying", message: "The last attempt failed and will be retried: \($0)") })
        }
        guard let note = try await store.note(id: id) else { return nil }
        return NoteResource(note: note, tasks: try await store.tasks(noteID: id))
    }

    private func notFound(_ id: String) -> ServeError {
        ServeError(.notFound, code: "not_found", "There is no note \(id) on this service; use the id a POST /v1/notes answered with.")
    }

    private func respond(_ status: HTTPResponse.Status, _ resource: NoteResource, request: Request) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .location: "/v1/notes/\(resource.id)"]
        if status == .accepted { headers[.retryAfter] = "1" }
        let data = try makeJSONEncoder().encode(resource)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Validates `recorded_at`, `tz`, `language` and `wait`.
    func parameters(_ raw: [String: String]) throws -> Parameters {
        var result = Parameters()
        var zone = timeZone
        if let tz = raw["tz"], !tz.isEmpty {
            guard let parsed = ZoneParser.timeZone(from: tz) else {
                throw ServeError.badRequest("tz=\(tz) is not a time zone; use an IANA name such as Europe/Berlin or an offset such as +02:00.")
            }
            zone = parsed
            result.timeZone = tz
        }
        if let text = raw["recorded_at"], !text.isEmpty {
            guard let date = ReferenceTime.parse(text, zone: zone) else {
                throw ServeError.badRequest("recorded_at=\(text) is not an ISO-8601 time; use e.g. 2026-11-18T09:00:00Z or 2026-11-18T09:00 (read in tz).")
            }
            result.recordedAt = date
        }
        if let language = raw["language"]?.lowercased(), !language.isEmpty {
            guard language == "auto" || (language.count == 2 && language.allSatisfy({ $0.isASCII && $0.isLetter })) else {
                throw ServeError.badRequest("language=\(language) is not an ISO-639-1 code; use e.g. en, de, or auto.")
            }
            result.language = language
        }
        if let wait = raw["wait"]?.lowercased() {
            result.wait = ["true", "1", "yes"].contains(wait)
        }
        return result
    }
}

/// Runs `body`, or throws 408 when it takes longer than `timeout`.
func withDeadline<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withDeadline(
        timeout,
        orThrow: {
            ServeError(
                .requestTimeout, code: "request_timeout",
                "The upload took longer than the service allows (\(timeout.components.seconds) s); send a shorter recording or use a faster connection.")
        }, body)
}
