import Hummingbird
import PostgresNIO

/// A PostgREST error: `{"code","details","hint","message"}` (nulls kept) plus `Proxy-Status`.
struct PostgRESTError: Error, Sendable {
    /// HTTP status.
    var status: HTTPResponse.Status
    /// A SQLSTATE or a `PGRSTnnn` code.
    var code: String
    /// Human-readable message.
    var message: String
    /// Details, or nil.
    var details: String? = nil
    /// Hint, or nil.
    var hint: String? = nil
    /// `WWW-Authenticate` value for 401s.
    var wwwAuthenticate: String? = nil

    /// The HTTP response PostgREST v13+ sends for this error.
    func response(extraHeaders: HTTPFields = [:]) -> Response {
        struct Body: Encodable {
            var code: String
            var details: String?
            var hint: String?
            var message: String

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(self.code, forKey: .code)
                try container.encode(self.details, forKey: .details)  // explicit null
                try container.encode(self.hint, forKey: .hint)
                try container.encode(self.message, forKey: .message)
            }

            enum CodingKeys: String, CodingKey { case code, details, hint, message }
        }
        var headers = extraHeaders
        headers[.proxyStatus] = "PostgREST; error=\(self.code)"
        if let wwwAuthenticate { headers[.wwwAuthenticate] = wwwAuthenticate }
        let body = Body(code: self.code, details: self.details, hint: self.hint, message: self.message)
        return .json(self.status, jsonText(body), headers: headers)
    }

    /// PGRST100: the query string does not parse.
    static func parse(_ message: String, details: String? = nil) -> PostgRESTError {
        PostgRESTError(status: .badRequest, code: "PGRST100", message: message, details: details)
    }

    /// PGRST102: the body is not what the request needs.
    static func invalidBody(_ message: String) -> PostgRESTError {
        PostgRESTError(status: .badRequest, code: "PGRST102", message: message)
    }

    /// PGRST301 (JWT decode/signature) or PGRST303 (claims) with the matching `WWW-Authenticate`.
    static func jwt(code: String, message: String, details: String? = nil) -> PostgRESTError {
        PostgRESTError(
            status: .unauthorized, code: code, message: message, details: details,
            wwwAuthenticate: #"Bearer error="invalid_token", error_description="\#(message)""#
        )
    }

    /// Maps a PostgreSQL error as PostgREST's `mapSQLtoHTTP` does (§1.7); `role` is the request's role.
    static func database(_ error: PSQLError, role: String, anonRole: String = "anon") -> PostgRESTError {
        guard let info = error.serverInfo, let sqlState = info[.sqlState] else {
            return PostgRESTError(
                status: .serviceUnavailable, code: "PGRST001",
                message: "Database client error. Retrying the connection.",
                details: "\(error.code)"
            )
        }
        var result = PostgRESTError(
            status: Self.httpStatus(sqlState: sqlState, message: info[.message] ?? "", role: role, anonRole: anonRole),
            code: sqlState,
            message: info[.message] ?? "",
            details: info[.detail],
            hint: info[.hint]
        )
        if result.status == .unauthorized { result.wwwAuthenticate = "Bearer" }
        return result
    }

    /// SQLSTATE → HTTP status (P `Error.hs`).
    static func httpStatus(sqlState: String, message: String, role: String, anonRole: String) -> HTTPResponse.Status {
        let state = sqlState.uppercased()
        func prefix(_ p: String) -> Bool { state.hasPrefix(p) }
        switch state {
        case "23503", "23505": return .conflict
        case "42501": return role == anonRole ? .unauthorized : .forbidden
        case "22023":  // only `role "x" does not exist` is an auth problem (v13.0.1+)
            return message.hasPrefix("role \"") && message.hasSuffix("does not exist") ? .unauthorized : .badRequest
        case "P0001": return .badRequest
        case "42P01", "42883": return .notFound
        case "42P17": return .internalServerError
        case "25006": return .methodNotAllowed
        case "53400": return .internalServerError
        case "57P01": return .serviceUnavailable
        default: break
        }
        if prefix("08") || prefix("53") { return .serviceUnavailable }
        if prefix("57") || prefix("40") { return .internalServerError }
        if prefix("28") || prefix("0P") || prefix("0L") { return .forbidden }
        for p in ["XX", "P0", "F0", "HV", "2D", "38", "39", "3B", "54", "55", "58"] where prefix(p) {
            return .internalServerError
        }
        if prefix("PT"), let code = Int(state.dropFirst(2)) { return HTTPResponse.Status(code: code) }
        return .badRequest
    }
}
