public import AsyncHTTPClient
import DocketAudio
public import Foundation
import NIOCore
import NIOFileSystem
import NIOHTTP1
import Synchronization

/// A `docket ingest --remote` problem, with what to do about it. Never contains the token.
public typealias RemoteError = BoundaryError<RemoteErrorCode>

/// The kinds of ``RemoteError``.
public enum RemoteErrorCode: String, Sendable, Hashable {
    /// No service URL, or the file can't be sent (missing, unreadable, unknown type).
    case usage
    /// The service could not be reached or did not answer in time.
    case unreachable
    /// The service refused the token.
    case unauthorized
    /// The service refused the upload (size, type, a bad field, queue full…).
    case rejected
    /// The service accepted the note but could not process it.
    case processingFailed = "processing_failed"
    /// The service answered something that is not the docket API.
    case malformedResponse = "malformed_response"
}

/// What a remote ingest is doing, for progress displays.
public enum RemoteIngestEvent: Sendable, Equatable {
    /// Bytes of the file sent so far, of the total.
    case uploading(sent: Int64, total: Int64)
    /// The service holds the note; it is waiting or being processed.
    case processing(NoteResource.Status)
}

/// Uploads recorded notes to a running `docket serve` and waits for their tasks.
public struct RemoteIngestClient: Sendable {
    /// Audio types the service accepts, by file extension.
    public static let mediaTypes: [String: String] = [
        "wav": "audio/wav", "wave": "audio/wav", "mp3": "audio/mpeg", "ogg": "audio/ogg", "oga": "audio/ogg",
        "opus": "audio/ogg", "webm": "audio/webm", "m4a": "audio/mp4", "mp4": "audio/mp4", "aac": "audio/mp4",
        "flac": "audio/flac",
    ]

    let http: HTTPClient
    let baseURL: URL
    let token: String
    /// How long one request may take (the upload included).
    let timeout: TimeAmount

    /// Creates a client for the service at `baseURL` (e.g. `http://192.168.1.20:8765`).
    public init(http: HTTPClient, baseURL: URL, token: String, timeout: Duration = .seconds(600)) {
        self.http = http
        self.baseURL = baseURL
        self.token = token
        self.timeout = TimeAmount(timeout)
    }

    /// Uploads `path` and waits until the service has processed it.
    /// - Parameters:
    ///   - recordedAt: the reference time for spoken dates; `nil` lets the service use the time it receives it.
    ///   - timeZone: the zone for spoken dates; `nil` uses the service's.
    /// - Returns: the note as the service stored it (status `done`).
    /// - Throws: ``RemoteError``; `processingFailed` when the service could not transcribe it. The file itself is read
    ///   first as a local ingest reads it, so a missing, unreadable or non-audio file is the `AudioError` a local
    ///   ingest would give (and the same exit status).
    public func ingest(
        path: String, recordedAt: Date?, timeZone: TimeZone?, language: String?,
        progress: (@Sendable (RemoteIngestEvent) -> Void)? = nil
    ) async throws -> NoteResource {
        var note = try await upload(path: path, recordedAt: recordedAt, timeZone: timeZone, language: language, progress: progress)
        while note.status == .queued || note.status == .transcribing {
            progress?(.processing(note.status))
            note = try await fetch(id: note.id, wait: true)
        }
        if note.status == .failed {
            // The service names the audio by the note's id (its work file); here it has the name it was sent as.
            var reason = (note.error?.message ?? "no reason given").replacingOccurrences(of: note.id, with: URL(fileURLWithPath: path).lastPathComponent)
            while reason.hasSuffix(".") { reason.removeLast() }
            throw RemoteError(.processingFailed, "The service could not process \(path): \(reason). Its audio is kept on the service.")
        }
        return note
    }

    /// Sends the file (`POST /v1/notes?wait=true`); answers when it is processed or the service's wait ends.
    public func upload(
        path: String, recordedAt: Date?, timeZone: TimeZone?, language: String?,
        progress: (@Sendable (RemoteIngestEvent) -> Void)? = nil
    ) async throws -> NoteResource {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        // What the file holds, as a local ingest reads it: a missing file, a directory or one that is not audio is
        // said the same way (and with the same status) before anything is sent.
        let container = try sniffContainer(path: path)
        guard let mediaType = container.mediaType else {
            throw RemoteError(
                .usage,
                "\(fileName) is \(container.displayName), which docket serve does not take; convert it first (e.g. ffmpeg -i '\(path)' note.flac) or ingest it here with --local."
            )
        }
        var query = [URLQueryItem(name: "wait", value: "true")]
        if let recordedAt { query.append(URLQueryItem(name: "recorded_at", value: recordedAt.formatted(.iso8601))) }
        if let timeZone { query.append(URLQueryItem(name: "tz", value: ZoneParser.label(for: timeZone))) }
        if let language { query.append(URLQueryItem(name: "language", value: language)) }
        var request = HTTPClientRequest(url: try url("v1/notes", query: query))
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: mediaType)
        let safeName = fileName.replacingOccurrences(of: "\"", with: "")
        request.headers.add(name: "Content-Disposition", value: "attachment; filename=\"\(safeName)\"")

        let handle: ReadFileHandle
        do {
            handle = try await FileSystem.shared.openFile(forReadingAt: FilePath(path))
        } catch {
            throw RemoteError(.usage, "Can't read \(path); check the path and its permissions.", cause: error)
        }
        do {
            let size = try await handle.info().size
            let sent = Mutex<Int64>(0)
            progress?(.uploading(sent: 0, total: size))
            let chunks = handle.readChunks(chunkLength: .kibibytes(256)).map { chunk -> ByteBuffer in
                let total = sent.withLock { value -> Int64 in
                    value += Int64(chunk.readableBytes)
                    return value
                }
                progress?(.uploading(sent: total, total: size))
                return chunk
            }
            request.body = .stream(chunks, length: .known(size))
            let note = try await send(request, what: "upload \(fileName)")
            try await handle.close()
            return note
        } catch {
            try? await handle.close()
            throw error
        }
    }

    /// `GET /v1/notes/{id}`; with `wait`, the service answers once the note is done or its wait ends.
    public func fetch(id: String, wait: Bool) async throws -> NoteResource {
        var request = HTTPClientRequest(url: try url("v1/notes/\(id)", query: wait ? [URLQueryItem(name: "wait", value: "true")] : []))
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        return try await send(request, what: "ask about note \(id)")
    }

    private func url(_ path: String, query: [URLQueryItem]) throws -> String {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw RemoteError(.usage, "\(baseURL) is not a usable service URL; use e.g. http://192.168.1.20:8765.")
        }
        if !query.isEmpty { components.queryItems = query }
        // "+" in an offset ("+05:30") would read as a space in a query.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let string = components.string else {
            throw RemoteError(.usage, "\(baseURL) is not a usable service URL; use e.g. http://192.168.1.20:8765.")
        }
        return string
    }

    private func send(_ request: HTTPClientRequest, what: String) async throws -> NoteResource {
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: timeout)
        } catch let error as RemoteError {
            throw error
        } catch {
            throw RemoteError(
                .unreachable,
                "Can't \(what): docket serve at \(baseURL) did not answer (\(error)). Check that it is running and that the URL (DOCKET_REMOTE_URL or --remote) is right.",
                cause: error)
        }
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        } catch {
            throw RemoteError(.unreachable, "Can't \(what): the answer from \(baseURL) broke off (\(error)); try again.", cause: error)
        }
        let status = Int(response.status.code)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard (200..<300).contains(status) else {
            let served = try? decoder.decode(ErrorEnvelope.self, from: Data(Array(buffer: body)))
            let reason = served.map { $0.error.message } ?? "HTTP \(status)"
            switch status {
            case 401:
                throw RemoteError(
                    .unauthorized, "docket serve at \(baseURL) refused the token: \(reason) Set DOCKET_REMOTE_TOKEN to one of the service's tokens.",
                    status: status)
            case 404 where served == nil:
                throw RemoteError(.malformedResponse, "\(baseURL) has no docket API (HTTP 404); check the URL points at docket serve.", status: status)
            default:
                throw RemoteError(.rejected, "docket serve refused to \(what) (HTTP \(status)): \(reason)", status: status)
            }
        }
        do {
            return try decoder.decode(NoteResource.self, from: Data(Array(buffer: body)))
        } catch {
            throw RemoteError(
                .malformedResponse, "\(baseURL) answered something that is not a docket note (HTTP \(status)); check the URL points at docket serve.",
                status: status, cause: error)
        }
    }
}
