import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// One HTTP exchange with the Supabase project: the raw answer, or a transient ``SyncError`` when there was none.
struct SupabaseTransport: Sendable {
    let http: HTTPClient
    let baseURL: URL
    let apiKey: String
    let timeout: TimeAmount
    let logger: Logger

    struct Response: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]

        /// The body as a JSON object, if it is one.
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
    }

    /// Sends a request with `apikey` and, when given, `Authorization: Bearer`.
    func send(
        _ method: HTTPMethod, _ path: String, query: [(String, String)] = [], bearer: String?, headers extra: [(String, String)] = [],
        body: [UInt8]? = nil
    ) async throws -> Response {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty {
            components.percentEncodedQuery = query.map { "\($0.0)=\(Self.encode($0.1))" }.joined(separator: "&")
        }
        var request = HTTPClientRequest(url: components.url!.absoluteString)
        request.method = method
        request.headers.add(name: "apikey", value: apiKey)
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        request.headers.add(name: "X-Supabase-Api-Version", value: "2024-01-01")
        request.headers.add(name: "Accept", value: "application/json")
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await http.execute(request, timeout: timeout, logger: logger)
            let collected = try await response.body.collect(upTo: 32 * 1024 * 1024)
            return Response(status: Int(response.status.code), headers: response.headers, body: Array(buffer: collected))
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw SyncError(
                .transient,
                "Can't reach Supabase at \(baseURL.absoluteString) (\(Self.describe(error))); docket will retry. Check the network and DOCKET_SUPABASE_URL.",
                cause: error)
        }
    }

    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectTimeout") { return "connection timed out" }
        if text.contains("readTimeout") || text.contains("deadlineExceeded") { return "no answer in time" }
        if text.lowercased().contains("refused") { return "connection refused" }
        if text.contains("remoteConnectionClosed") { return "connection closed by the server" }
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }

    /// Percent-encodes a query value (PostgREST filters keep `.,()"*` meaningful, so only unsafe bytes are escaped).
    static func encode(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&+=#")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// Whether a status means "try again later".
    static func isTransient(_ status: Int) -> Bool {
        status == 408 || status == 409 || status == 425 || status == 429 || (500...599).contains(status)
    }
}
