import Foundation
import HTTPTypes
import Hummingbird

/// A GoTrue API error (A `internal/api/errors.go`): sent in the legacy shape
/// `{"code":<status>,"error_code":…,"msg":…}` or, when the request names API version
/// 2024-01-01 or later, as `{"code":…,"message":…}`; both carry `x-sb-error-code`.
struct GoTrueError: Error, Sendable {
    /// HTTP status.
    var status: HTTPResponse.Status
    /// Error code, e.g. `refresh_token_not_found`.
    var code: String
    /// Human-readable message.
    var message: String

    /// The first API version with the `{code,message}` shape.
    static let firstVersionedShape = "2024-01-01"

    /// The request's `X-Supabase-Api-Version` if it is a date on or after 2024-01-01.
    static func apiVersion(of request: Request) -> String? {
        guard let value = request.headers[.supabaseAPIVersion]?.trimmingCharacters(in: .whitespaces),
            value.count == 10,
            value.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil,
            value >= Self.firstVersionedShape
        else { return nil }
        return value
    }

    /// The response in the shape the request asked for.
    func response(apiVersion: String?, extraHeaders: HTTPFields = [:]) -> Response {
        var headers = extraHeaders
        headers[.sbErrorCode] = self.code
        var body: [String: JSONValue]
        if let apiVersion {
            headers[.supabaseAPIVersion] = apiVersion
            body = ["code": .string(self.code), "message": .string(self.message)]
        } else {
            body = ["code": .int(Int64(self.status.code)), "error_code": .string(self.code), "msg": .string(self.message)]
        }
        if self.status.code >= 500 { body["error_id"] = .string(UUID().uuidString.lowercased()) }
        return .json(self.status, JSONValue.object(body).jsonText(), headers: headers)
    }

    static func badRequest(_ code: String, _ message: String) -> GoTrueError {
        GoTrueError(status: .badRequest, code: code, message: message)
    }

    static func forbidden(_ code: String, _ message: String) -> GoTrueError {
        GoTrueError(status: .forbidden, code: code, message: message)
    }

    static func unprocessable(_ code: String, _ message: String) -> GoTrueError {
        GoTrueError(status: .unprocessableContent, code: code, message: message)
    }
}

/// An OAuth-style GoTrue error: 400 `{"error":…,"error_description":…}`.
struct GoTrueOAuthError: Error, Sendable {
    /// `invalid_request`, `invalid_grant`, …
    var error: String
    /// Human-readable description.
    var description: String

    /// The response GoTrue sends.
    func response(apiVersion: String?) -> Response {
        var headers: HTTPFields = [:]
        if let apiVersion { headers[.supabaseAPIVersion] = apiVersion }
        let body: JSONValue = .object(["error": .string(self.error), "error_description": .string(self.description)])
        return .json(.badRequest, body.jsonText(), headers: headers)
    }
}
