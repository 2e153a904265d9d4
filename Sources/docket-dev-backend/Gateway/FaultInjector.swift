import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// One injected fault, as posted to `POST /_dev/faults`.
struct FaultRule: Codable, Sendable, Equatable {
    /// Only requests with this method match (any method when nil).
    var method: String?
    /// Only requests whose path (before the gateway strips it) starts with this match.
    var pathPrefix: String
    /// The status to answer with; nil or 0 with `delay_ms` means "only slow down, then answer normally".
    var status: Int?
    /// Seconds to put in `Retry-After`.
    var retryAfter: Int?
    /// How many matching requests the fault applies to.
    var count: Int
    /// Milliseconds to wait before answering (or before processing normally).
    var delayMs: Int?
    /// Close the connection without answering.
    var drop: Bool?
    /// The JSON body to answer with (a layer-appropriate error body when nil).
    var body: JSONValue?

    enum CodingKeys: String, CodingKey {
        case method
        case pathPrefix = "path_prefix"
        case status
        case retryAfter = "retry_after"
        case count
        case delayMs = "delay_ms"
        case drop
        case body
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.method = try container.decodeIfPresent(String.self, forKey: .method)
        self.pathPrefix = try container.decodeIfPresent(String.self, forKey: .pathPrefix) ?? "/"
        self.status = try container.decodeIfPresent(Int.self, forKey: .status)
        self.retryAfter = try container.decodeIfPresent(Int.self, forKey: .retryAfter)
        self.count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 1
        self.delayMs = try container.decodeIfPresent(Int.self, forKey: .delayMs)
        self.drop = try container.decodeIfPresent(Bool.self, forKey: .drop)
        self.body = try container.decodeIfPresent(JSONValue.self, forKey: .body)
    }

    /// Whether the rule applies to a request.
    func matches(method: String, path: String) -> Bool {
        if let wanted = self.method, wanted.uppercased() != method.uppercased() { return false }
        return path.hasPrefix(self.pathPrefix)
    }
}

/// The armed faults; each matching request consumes one use of the first matching rule.
final class FaultInjector: Sendable {
    private let rules = Mutex<[FaultRule]>([])

    /// Creates an injector with no faults.
    init() {}

    /// Arms a rule (after the ones already armed).
    func add(_ rule: FaultRule) {
        guard rule.count > 0 else { return }
        self.rules.withLock { $0.append(rule) }
    }

    /// Disarms every rule.
    func clear() {
        self.rules.withLock { $0.removeAll() }
    }

    /// The armed rules.
    var armed: [FaultRule] {
        self.rules.withLock { $0 }
    }

    /// Takes one use of the first rule matching the request, if any.
    func take(method: String, path: String) -> FaultRule? {
        self.rules.withLock { rules in
            guard let index = rules.firstIndex(where: { $0.matches(method: method, path: path) }) else { return nil }
            let rule = rules[index]
            rules[index].count -= 1
            if rules[index].count <= 0 { rules.remove(at: index) }
            return rule
        }
    }
}

/// Serves injected faults before anything else sees the request (dev hooks are never faulted).
struct FaultMiddleware: BackendMiddleware {
    let faults: FaultInjector
    let stats: BackendStats

    func handle(_ request: Request, context: BackendRequestContext, next: Next) async throws -> Response {
        let path = request.pathOnly
        guard !path.hasPrefix("/_dev/"),
            let rule = self.faults.take(method: request.method.rawValue, path: path)
        else {
            return try await next(request, context)
        }
        self.stats.increment(.faultsServed)
        context.logger.debug("Serving injected fault", metadata: ["fault.path_prefix": "\(rule.pathPrefix)"])
        if let delay = rule.delayMs, delay > 0 {
            try await Task.sleep(for: .milliseconds(delay))
        }
        if rule.drop == true {
            // Closing the channel makes the response write fail, so the client sees the connection end.
            try? await context.channel.close().get()
            return Response(status: .internalServerError)
        }
        guard let status = rule.status, status > 0 else {
            return try await next(request, context)
        }
        return Self.response(for: rule, status: status, path: path, request: request)
    }

    /// The response of a fault: its body, or an error body in the style of the layer it stands in for.
    static func response(for rule: FaultRule, status: Int, path: String, request: Request) -> Response {
        var headers: HTTPFields = [:]
        if let retryAfter = rule.retryAfter { headers[.retryAfter] = String(retryAfter) }
        let httpStatus = HTTPResponse.Status(code: status)
        if let body = rule.body {
            return .json(httpStatus, body.jsonText(), headers: headers)
        }
        if path.hasPrefix("/rest/v1") {
            let (code, message) = errorBody(status, known: postgrestFaults, otherwise: "PGRST000")
            return PostgRESTError(status: httpStatus, code: code, message: message).response(extraHeaders: headers)
        }
        if path.hasPrefix("/auth/v1") {
            let (code, message) = errorBody(status, known: goTrueFaults, otherwise: "unexpected_failure")
            return GoTrueError(status: httpStatus, code: code, message: message)
                .response(apiVersion: GoTrueError.apiVersion(of: request), extraHeaders: headers)
        }
        return .json(httpStatus, #"{"message":"Injected fault"}"#, headers: headers)
    }

    /// What PostgREST answers the statuses it gives when its database is in trouble.
    private static let postgrestFaults: [Int: (code: String, message: String)] = [
        503: ("PGRST001", "Database client error. Retrying the connection."),
        504: ("PGRST003", "Timed out acquiring connection from connection pool."),
    ]

    /// What GoTrue answers the statuses it gives a client that asks too often.
    private static let goTrueFaults: [Int: (code: String, message: String)] = [
        429: ("over_request_rate_limit", "Request rate limit reached"),
        409: ("conflict", "Too many concurrent token refresh requests on the same session or refresh token"),
    ]

    /// The code and message a layer answers `status` with: its own for the statuses it is `known` to give, else the
    /// layer's catch-all code with a message naming the injected status.
    private static func errorBody(_ status: Int, known: [Int: (code: String, message: String)], otherwise code: String) -> (code: String, message: String) {
        known[status] ?? (code, "Injected fault (status \(status)).")
    }
}

/// Logs each request at debug: method, path (no query, which may hold `apikey`), status, duration.
struct RequestLogMiddleware: BackendMiddleware {
    func handle(_ request: Request, context: BackendRequestContext, next: Next) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        context.logger.debug(
            "Request",
            metadata: [
                "http.method": "\(request.method)",
                "http.path": "\(request.pathOnly)",
                "http.status": "\(response.status.code)",
                "http.duration_ms": "\(Int(elapsed / .milliseconds(1)))",
            ]
        )
        return response
    }
}
