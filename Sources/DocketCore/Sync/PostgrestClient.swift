import Foundation
import Logging
import NIOHTTP1

/// What a PostgREST write came to.
enum PostgrestOutcome: Sendable {
    /// Accepted (200, 201, 204), with the rows the server returned when they were asked for.
    case accepted(body: [UInt8])
    /// Refused because of the rows themselves (bad value, constraint); the message is the server's.
    case rowsRejected(status: Int, message: String)
}

/// The data API (`/rest/v1`): idempotent upserts and deletes with the user's token, one refresh-and-replay
/// after an expired-token 401.
struct PostgrestClient: Sendable {
    let transport: SupabaseTransport
    let sessions: SessionManager

    /// Upserts `rows` (a JSON array, every object with the same keys) into `table` by primary key; with
    /// `returning`, the server answers with those columns of the rows it wrote (rows a trigger skipped are absent).
    func upsert(table: String, rows: [UInt8], returning: String? = nil) async throws -> PostgrestOutcome {
        var query = [("on_conflict", "id")]
        if let returning { query.append(("select", returning)) }
        let prefer = "resolution=merge-duplicates,return=\(returning == nil ? "minimal" : "representation")"
        return try await write(.POST, table, query: query, prefer: prefer, body: rows)
    }

    /// Deletes the rows with these ids (absent rows are fine).
    func delete(table: String, ids: [String]) async throws -> PostgrestOutcome {
        try await write(.DELETE, table, query: [("id", "in.(\(ids.joined(separator: ",")))")], prefer: "return=minimal", body: nil)
    }

    /// Reads rows (for status and tests), at most 1000 per call as the server caps.
    func select(table: String, query: [(String, String)]) async throws -> [[String: Any]] {
        let body = try await selectJSON(table: table, query: query)
        return (try? JSONSerialization.jsonObject(with: Data(body))) as? [[String: Any]] ?? []
    }

    /// Reads rows as the server's JSON array.
    func selectJSON(table: String, query: [(String, String)]) async throws -> [UInt8] {
        let response = try await authorized { token in
            try await transport.send(.GET, "rest/v1/\(table)", query: query, bearer: token)
        }
        guard response.status == 200 || response.status == 206 else { throw classify(response, table: table, rowsAreTheProblem: false) }
        return response.body
    }

    private func write(_ method: NIOHTTP1Method, _ table: String, query: [(String, String)], prefer: String, body: [UInt8]?) async throws -> PostgrestOutcome {
        let response = try await authorized { token in
            try await transport.send(method, "rest/v1/\(table)", query: query, bearer: token, headers: [("Prefer", prefer)], body: body)
        }
        if (200..<300).contains(response.status) { return .accepted(body: response.body) }
        let error = classify(response, table: table, rowsAreTheProblem: true)
        if error.code == .rejected, Self.rowLevel(response) { return .rowsRejected(status: response.status, message: error.message) }
        throw error
    }

    /// Runs `send` with the current token; after a 401 for an expired or invalid JWT, refreshes once and replays once.
    private func authorized(_ send: (String) async throws -> SupabaseTransport.Response) async throws -> SupabaseTransport.Response {
        let token = try await sessions.accessToken()
        let first = try await send(token)
        guard first.status == 401, Self.isTokenProblem(first) else { return first }
        let fresh = try await sessions.tokenAfterRejection(of: token)
        let second = try await send(fresh)
        if second.status == 401 {
            let detail = PostgrestError(second)
            throw SyncError(
                .sessionExpired,
                "Supabase still rejects the session after a refresh (\(detail.message)). Run docket login; if it persists, check the server clock.", status: 401
            )
        }
        return second
    }

    /// A 401 that a fresh token can fix: PGRST301/PGRST303 or `WWW-Authenticate: Bearer error="invalid_token"`.
    static func isTokenProblem(_ response: SupabaseTransport.Response) -> Bool {
        let code = PostgrestError(response).code
        if code == "PGRST301" || code == "PGRST303" { return true }
        return response.headers.first(name: "WWW-Authenticate")?.contains("invalid_token") == true
    }

    /// Whether the refusal is about the rows themselves (bad value, constraint, too large, a row another account
    /// owns) rather than access to the table or the schema.
    static func rowLevel(_ response: SupabaseTransport.Response) -> Bool {
        let detail = PostgrestError(response)
        let code = detail.code ?? ""
        switch response.status {
        case 400: return !(code.hasPrefix("PGRST1") || code == "PGRST204") || code == "PGRST102"
        case 403: return isRowSecurityRefusal(detail)
        case 409: return code == "23505" || code == "23503" || code.isEmpty
        case 413, 422: return true
        default: return false
        }
    }

    /// A row-level security policy refused a row (`42501 new row violates row-level security policy …`): the row is
    /// another account's, not the table closed to this one (also `42501`, "permission denied for table").
    static func isRowSecurityRefusal(_ detail: PostgrestError) -> Bool {
        detail.code == "42501" && detail.message.contains("row-level security")
    }

    func classify(_ response: SupabaseTransport.Response, table: String, rowsAreTheProblem: Bool) -> SyncError {
        let detail = PostgrestError(response)
        let status = response.status
        if status == 403, rowsAreTheProblem, Self.isRowSecurityRefusal(detail) {
            return SyncError(
                .rejected,
                "Supabase refused a row of \(table) for this account (42501: \(detail.message)); it was probably synced from this database under another account. It is set aside and the rest keeps syncing.",
                status: status)
        }
        if status == 409, detail.code == "23505" || detail.code == "23503" {
            return SyncError(.rejected, "Supabase refused rows for \(table): \(detail.message)", status: status)
        }
        if SupabaseTransport.isTransient(status) {
            let wait = RetryPolicy.parseRetryAfter(response.headers.first(name: "Retry-After"))
            return SyncError(.transient, "Supabase is unavailable (HTTP \(status): \(detail.message)); docket will retry.", status: status, retryAfter: wait)
        }
        switch status {
        case 400 where detail.code == "PGRST204" || detail.code == "42703":
            return SyncError(
                .rejected,
                "The Supabase project's \(table) table lacks a column docket writes (\(detail.message)). Apply the newer files of deploy/supabase/migrations to it (0002_task_lifecycle.sql adds completion and deletion).",
                status: status)
        case 401:
            return SyncError(.sessionExpired, "Supabase refused the request as not signed in (\(detail.message)). Run docket login.", status: status)
        case 403:
            return SyncError(
                .rejected,
                "Supabase refused access to \(table) (\(detail.code ?? "403"): \(detail.message)). Apply deploy/supabase/migrations to the project (grants and row-level security policies).",
                status: status)
        case 404:
            return SyncError(
                .rejected, "The Supabase project has no table \(table) (\(detail.message)). Apply deploy/supabase/migrations to it.", status: status)
        default:
            return SyncError(
                .rejected, "Supabase refused rows for \(table) (HTTP \(status)\(detail.code.map { " \($0)" } ?? ""): \(detail.message))", status: status)
        }
    }
}

/// PostgREST's error body `{code, details, hint, message}` (or the gateway's `{message, hint}`).
struct PostgrestError {
    var code: String?
    var message: String

    init(_ response: SupabaseTransport.Response) {
        let json = response.json ?? [:]
        code = json["code"] as? String
        var text = (json["message"] as? String) ?? (json["msg"] as? String) ?? "HTTP \(response.status)"
        if let details = json["details"] as? String, !details.isEmpty { text += " — \(details)" }
        if let hint = json["hint"] as? String, !hint.isEmpty { text += " (\(hint))" }
        message = text
    }
}

typealias NIOHTTP1Method = HTTPMethod
