import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// The signed-in user as Supabase Auth reports it.
public struct AuthUser: Sendable, Equatable {
    public var id: String
    public var email: String?
}

/// Supabase Auth (`/auth/v1`): password and refresh grants, `/user`, `/logout`.
struct AuthAPI: Sendable {
    let transport: SupabaseTransport

    /// Error codes after which a session can never be refreshed again.
    static let deadSessionCodes: Set<String> = [
        "refresh_token_not_found", "refresh_token_already_used", "session_not_found", "session_expired", "user_banned",
        "user_not_found", "validation_failed", "invalid_grant",
    ]

    /// An error answer from Supabase Auth, in either shape (`code`/`error_code`/`error`, `msg`/`message`/`error_description`).
    struct Failure: Sendable {
        var status: Int
        var code: String?
        var message: String

        init(_ response: SupabaseTransport.Response) {
            status = response.status
            let json = response.json ?? [:]
            code =
                (json["code"] as? String) ?? (json["error_code"] as? String) ?? (json["error"] as? String)
                ?? response.headers.first(name: "x-sb-error-code")
            message =
                (json["msg"] as? String) ?? (json["message"] as? String) ?? (json["error_description"] as? String)
                ?? (json["error"] as? String) ?? "HTTP \(response.status)"
        }
    }

    func signIn(email: String, password: String) async throws -> Session {
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        let response = try await transport.send(.POST, "auth/v1/token", query: [("grant_type", "password")], bearer: nil, body: Array(body))
        guard response.status == 200 else {
            let failure = Failure(response)
            if failure.code == "invalid_credentials" || failure.code == "invalid_grant" {
                throw SyncError(
                    .invalidCredentials, "Supabase refused the email or password (\(failure.message)). Check them and run docket login again.",
                    status: failure.status)
            }
            throw error(failure, doing: "sign in")
        }
        return try session(from: response)
    }

    func refresh(_ refreshToken: String) async throws -> Session {
        let body = try JSONSerialization.data(withJSONObject: ["refresh_token": refreshToken])
        let response = try await transport.send(.POST, "auth/v1/token", query: [("grant_type", "refresh_token")], bearer: nil, body: Array(body))
        guard response.status == 200 else {
            let failure = Failure(response)
            if let code = failure.code, Self.deadSessionCodes.contains(code), failure.status < 500, failure.status != 409, failure.status != 429 {
                throw SyncError(
                    .sessionExpired, "The Supabase session has ended (\(failure.message)). Run docket login to sign in again.", status: failure.status)
            }
            throw error(failure, doing: "refresh the session")
        }
        return try session(from: response)
    }

    func user(accessToken: String) async throws -> AuthUser {
        let response = try await transport.send(.GET, "auth/v1/user", bearer: accessToken)
        guard response.status == 200, let json = response.json, let id = json["id"] as? String else {
            let failure = Failure(response)
            if [401, 403].contains(failure.status) {
                throw SyncError(.sessionExpired, "Supabase no longer accepts this session (\(failure.message)). Run docket login.", status: failure.status)
            }
            throw error(failure, doing: "read the signed-in user")
        }
        return AuthUser(id: id, email: json["email"] as? String)
    }

    /// Ends the session on the server; 401/403/404 mean it is already gone, which is fine.
    func logout(accessToken: String) async throws {
        let response = try await transport.send(.POST, "auth/v1/logout", query: [("scope", "local")], bearer: accessToken)
        if (200..<300).contains(response.status) || [401, 403, 404].contains(response.status) { return }
        throw error(Failure(response), doing: "sign out")
    }

    private func session(from response: SupabaseTransport.Response) throws -> Session {
        guard let json = response.json, let access = json["access_token"] as? String, let refresh = json["refresh_token"] as? String,
            let user = json["user"] as? [String: Any], let id = user["id"] as? String
        else {
            throw SyncError(.rejected, "Supabase Auth answered without a session; check that DOCKET_SUPABASE_URL is the project URL (not the REST URL).")
        }
        let lifetime = (json["expires_in"] as? NSNumber)?.int64Value
        let expiresAt = (json["expires_at"] as? NSNumber)?.int64Value ?? Int64(Date().timeIntervalSince1970) + (lifetime ?? 3600)
        return Session(accessToken: access, refreshToken: refresh, expiresAt: expiresAt, userID: id, email: user["email"] as? String, lifetime: lifetime)
    }

    private func error(_ failure: Failure, doing what: String) -> SyncError {
        if SupabaseTransport.isTransient(failure.status) {
            return SyncError(
                .transient, "Supabase Auth couldn't \(what) right now (HTTP \(failure.status): \(failure.message)); docket will retry.", status: failure.status)
        }
        if failure.status == 401, failure.message.lowercased().contains("api key") {
            return SyncError(
                .rejected, "Supabase refused the API key (\(failure.message)). Set DOCKET_SUPABASE_ANON_KEY to the project's anon or publishable key.",
                status: failure.status)
        }
        return SyncError(.rejected, "Supabase Auth refused to \(what) (HTTP \(failure.status): \(failure.message)).", status: failure.status)
    }
}
