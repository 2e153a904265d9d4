import DocketCore
public import HTTPTypes
public import Hummingbird

/// An answer of the `docket serve` API that is not a success: an HTTP status, a short code, a message that says
/// what to do, and any headers the status calls for. Sent as `{"error":{"code":…,"message":…,"request_id":…}}`;
/// the ``detail`` (paths, file-system errors, anything about the server itself) goes to the log under the same
/// request id, never to the client.
public struct ServeError: HTTPResponseError, CustomStringConvertible, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// Short machine-readable code (`unauthorized`, `payload_too_large`, …); also the metrics' error kind.
    public var code: String
    /// What failed and how to fix it.
    public var message: String
    /// Extra headers (`WWW-Authenticate`, `Retry-After`).
    public var headers: HTTPFields
    /// What the operator needs to know and the client must not see; logged.
    public var detail: String?

    /// Creates an error answer.
    public init(_ status: HTTPResponse.Status, code: String, _ message: String, headers: HTTPFields = [:], detail: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.detail = detail
    }

    public var description: String { "\(status.code) \(code): \(message)" + (detail.map { " (\($0))" } ?? "") }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try context.responseEncoder.encode(
            ErrorEnvelope(code: code, message: message, requestID: context.id), from: request, context: context)
        response.status = status
        for field in headers { response.headers.append(field) }
        return response
    }

    static func unauthorized(_ message: String) -> ServeError {
        ServeError(.unauthorized, code: "unauthorized", message, headers: [.wwwAuthenticate: "Bearer realm=\"docket\""])
    }

    static func badRequest(_ message: String) -> ServeError {
        ServeError(.badRequest, code: "bad_request", message)
    }

    static func tooLarge(limit: Int) -> ServeError {
        ServeError(
            .contentTooLarge, code: "payload_too_large",
            "The upload is larger than the service accepts (\(limit / (1024 * 1024)) MiB); send a shorter recording or raise DOCKET_MAX_UPLOAD_MB on the service."
        )
    }

    static func queueFull(retryAfter: Int) -> ServeError {
        ServeError(
            .serviceUnavailable, code: "queue_full", "The service has too many notes waiting; try again in \(retryAfter) s.",
            headers: [.retryAfter: String(retryAfter)])
    }
}

extension ServeError {
    /// What a client may read of a note's processing failure (`GET /v1/notes/{id}`): a ``ServeError``'s message,
    /// written for clients, or the ``ShareableError`` text of any other error, with the spool's path taken out too.
    static func clientMessage(for error: any Error, spool: String) -> String {
        if let error = error as? ServeError { return error.message }
        return ShareableError.text(of: error, knownPaths: [spool])
    }
}
