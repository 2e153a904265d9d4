import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import Testing

@testable import docket_dev_backend

/// `/auth/v1`: grants, rotation and reuse, `/user`, `/logout`, error shapes (§3).
@Suite(.enabled(if: TestDatabase.isAvailable))
struct GoTrueTests {
    @Test func passwordGrantReturnsAnAccessTokenResponse() async throws {
        try await Backend.with(configure: { $0.accessTokenLifetime = 120 }) { backend in
            let user = try await backend.createUser()
            let session = try await backend.signIn(user.email)
            #expect(session.raw["token_type"]?.stringValue == "bearer")
            #expect(session.expiresIn == 120)
            #expect(session.refreshToken.count == 12)
            let claims = try #require(jwtPayload(session.accessToken))
            #expect(claims["sub"]?.stringValue == user.id)
            #expect(claims["aud"]?.stringValue == "authenticated")
            #expect(claims["role"]?.stringValue == "authenticated")
            #expect(claims["email"]?.stringValue == user.email)
            #expect(claims["aal"]?.stringValue == "aal1")
            #expect(claims["is_anonymous"] == .bool(false))
            #expect(claims["session_id"]?.stringValue != nil)
            #expect(claims["amr"]?.objectValue == nil && claims["amr"] != nil)
            let exp = try #require(claims["exp"]?.numberValue)
            let iat = try #require(claims["iat"]?.numberValue)
            #expect(exp - iat == 120)
            #expect(Int64(exp) == session.expiresAt)
            #expect(session.raw["user"]?["email"]?.stringValue == user.email)
        }
    }

    @Test func bothErrorShapes() async throws {
        try await Backend.with { backend in
            let user = try await backend.createUser()
            let body = #"{"email":"\#(user.email)","password":"wrong-password"}"#
            let legacy = try await backend.send(.post, "/auth/v1/token?grant_type=password", headers: backend.headers(), body: body)
            #expect(legacy.status == .badRequest)
            #expect(legacy.text == #"{"code":400,"error_code":"invalid_credentials","msg":"Invalid login credentials"}"#)
            #expect(legacy.headers[.sbErrorCode] == "invalid_credentials")
            #expect(legacy.headers[.supabaseAPIVersion] == nil)

            var headers = backend.headers()
            headers[.supabaseAPIVersion] = "2024-01-01"
            let versioned = try await backend.send(.post, "/auth/v1/token?grant_type=password", headers: headers, body: body)
            #expect(versioned.status == .badRequest)
            #expect(versioned.text == #"{"code":"invalid_credentials","message":"Invalid login credentials"}"#)
            #expect(versioned.headers[.supabaseAPIVersion] == "2024-01-01")
            #expect(versioned.headers[.sbErrorCode] == "invalid_credentials")

            let malformed = try await backend.refresh("short")
            #expect(malformed.json?["error_code"]?.stringValue == "validation_failed")
            #expect(malformed.json?["msg"]?.stringValue == "Refresh token is not valid")
            let unknown = try await backend.refresh("abcdefghijkl")
            #expect(unknown.status == .badRequest)
            #expect(unknown.text == #"{"code":400,"error_code":"refresh_token_not_found","msg":"Invalid Refresh Token: Refresh Token Not Found"}"#)
            let missing = try await backend.send(.post, "/auth/v1/token?grant_type=refresh_token", headers: backend.headers(), body: "{}")
            #expect(missing.text == #"{"error":"invalid_request","error_description":"refresh_token required"}"#)
            let badJSON = try await backend.send(.post, "/auth/v1/token?grant_type=password", headers: backend.headers(), body: "{")
            #expect(badJSON.json?["error_code"]?.stringValue == "bad_json")
        }
    }

    @Test func refreshRotatesAndParentOfActiveReturnsTheActiveToken() async throws {
        try await Backend.with { backend in
            let first = try await backend.newSession()
            let refreshed = try Session(try await backend.refresh(first.refreshToken))
            #expect(refreshed.refreshToken != first.refreshToken)
            #expect(jwtPayload(refreshed.accessToken)?["session_id"] == jwtPayload(first.accessToken)?["session_id"])
            // The client lost that response and retries with the old token: same active token back.
            let retried = try Session(try await backend.refresh(first.refreshToken))
            #expect(retried.refreshToken == refreshed.refreshToken)
            // Long after the reuse interval, too (it is the parent of the active token).
            try await backend.setClock(offset: 60)
            let later = try Session(try await backend.refresh(first.refreshToken))
            #expect(later.refreshToken == refreshed.refreshToken)
            let next = try Session(try await backend.refresh(refreshed.refreshToken))
            #expect(next.refreshToken != refreshed.refreshToken)
        }
    }

    @Test func reuseWithinTheIntervalIsAllowedAfterItTheFamilyDies() async throws {
        // A 300 s reuse window, and the clock moved past it: the steps in between may take as long as they take.
        try await Backend.with(configure: { $0.refreshReuseInterval = 300 }) { backend in
            let session = try await backend.newSession()
            let a = session.refreshToken
            let b = try Session(try await backend.refresh(a)).refreshToken
            let c = try Session(try await backend.refresh(b)).refreshToken
            // `a` is revoked and not the parent of the active `c`; within the reuse window it is still honoured.
            let withinWindow = try await backend.refresh(a)
            #expect(withinWindow.status == .ok)
            let d = try Session(withinWindow).refreshToken
            #expect(![a, b, c].contains(d))

            try await backend.setClock(offset: 301)
            _ = try await backend.send(.post, "/_dev/reset-stats", headers: [.apikey: backend.serviceKey])
            let reused = try await backend.refresh(b)
            #expect(reused.status == .badRequest)
            #expect(reused.text == #"{"code":400,"error_code":"refresh_token_already_used","msg":"Invalid Refresh Token: Already Used"}"#)
            // The whole family is revoked: the newest tokens fail too.
            for token in [c, d] {
                let response = try await backend.refresh(token)
                #expect(response.json?["error_code"]?.stringValue == "refresh_token_already_used")
            }
            let stats = try await backend.send(.get, "/_dev/stats", headers: [.apikey: backend.serviceKey])
            #expect(stats.json?["refresh_reuse_rejections"] == .int(3))
            #expect(stats.json?["refresh_grants"] == .int(3))
        }
    }

    @Test func aTimeBoxedSessionExpires() async throws {
        try await Backend.with(configure: { $0.sessionTimebox = 60 }) { backend in
            let session = try await backend.newSession()
            let next = try Session(try await backend.refresh(session.refreshToken)).refreshToken
            try await backend.setClock(offset: 61)
            let expired = try await backend.refresh(next)
            #expect(expired.status == .badRequest)
            #expect(expired.text == #"{"code":400,"error_code":"session_expired","msg":"Invalid Refresh Token: Session Expired"}"#)
        }
    }

    @Test func noRotationKeepsTheFamilyAlive() async throws {
        try await Backend.with(configure: {
            $0.refreshTokenRotation = false
            $0.refreshReuseInterval = 0
        }) { backend in
            let session = try await backend.newSession()
            let b = try Session(try await backend.refresh(session.refreshToken)).refreshToken
            let c = try Session(try await backend.refresh(b)).refreshToken
            try await backend.setClock(offset: 1)
            let reused = try await backend.refresh(session.refreshToken)
            #expect(reused.json?["error_code"]?.stringValue == "refresh_token_already_used")
            let newest = try await backend.refresh(c)
            #expect(newest.status == .ok)
        }
    }

    @Test func concurrentRefreshesOfOneTokenAgree() async throws {
        // The refreshes queue on the session's row lock; a generous lock timeout keeps a slow machine from a 409.
        try await Backend.with(configure: { $0.refreshLockTimeout = 60 }) { backend in
            let session = try await backend.newSession()
            let results = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await backend.refresh(session.refreshToken).json?["refresh_token"]?.stringValue }
                }
                var tokens: [String?] = []
                for try await token in group { tokens.append(token) }
                return tokens
            }
            #expect(results.allSatisfy { $0 != nil })
            #expect(Set(results.compactMap { $0 }).count == 1)
        }
    }

    @Test func lockContentionGives409() async throws {
        try await Backend.with(configure: { $0.refreshLockTimeout = 0.3 }) { backend in
            let session = try await backend.newSession()
            let sessionID = try #require(jwtPayload(session.accessToken)?["session_id"]?.stringValue)
            // Hold the session's row lock from another connection.
            let holder = try await DatabaseBootstrap.connect(try DatabaseURL(backend.databaseURL), logger: TestDatabase.logger)
            try await holder.execute("BEGIN", logger: TestDatabase.logger)
            try await holder.execute(PostgresQuery(unsafeSQL: "SELECT 1 FROM auth.sessions WHERE id = '\(sessionID)' FOR UPDATE"), logger: TestDatabase.logger)
            let response = try await backend.refresh(session.refreshToken)
            try await holder.execute("ROLLBACK", logger: TestDatabase.logger)
            try await holder.close()
            #expect(response.status == .conflict)
            #expect(response.json?["error_code"]?.stringValue == "conflict")
            let after = try await backend.refresh(session.refreshToken)
            #expect(after.status == .ok)
        }
    }

    @Test func userEndpointErrors() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let ok = try await backend.send(.get, "/auth/v1/user", headers: backend.headers(token: session.accessToken))
            #expect(ok.status == .ok)
            #expect(ok.json?["id"]?.stringValue == session.userID)

            let noBearer = try await backend.send(.get, "/auth/v1/user", headers: [.apikey: backend.anonKey, .authorization: "Basic abc"])
            #expect(noBearer.status == .unauthorized)
            #expect(noBearer.text == #"{"code":401,"error_code":"no_authorization","msg":"This endpoint requires a valid Bearer token"}"#)

            // The anon key stands in when there is no session: no `sub`.
            let anon = try await backend.send(.get, "/auth/v1/user", headers: backend.headers())
            #expect(anon.status == .forbidden)
            #expect(anon.json?["msg"]?.stringValue == "invalid claim: missing sub claim")

            // GoTrue gives no leeway: one second past `exp` is expired (PostgREST would still accept it).
            try await backend.setClock(offset: Double(session.expiresIn) + 1)
            let expired = try await backend.send(.get, "/auth/v1/user", headers: backend.headers(token: session.accessToken))
            #expect(expired.status == .forbidden)
            #expect(expired.json?["error_code"]?.stringValue == "bad_jwt")
            #expect(expired.json?["msg"]?.stringValue == "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired")
            let rest = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(token: session.accessToken))
            #expect(rest.status == .ok)
        }
    }

    @Test func logoutEndsTheSessionButNotTheAccessToken() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let other = try await backend.signIn(try #require(jwtPayload(session.accessToken)?["email"]?.stringValue))
            let badScope = try await backend.send(.post, "/auth/v1/logout?scope=everything", headers: backend.headers(token: session.accessToken))
            #expect(badScope.status == .badRequest)
            #expect(badScope.json?["error_code"]?.stringValue == "validation_failed")

            let logout = try await backend.send(.post, "/auth/v1/logout?scope=local", headers: backend.headers(token: session.accessToken))
            #expect(logout.status == .noContent)
            #expect(logout.body.readableBytes == 0)

            let user = try await backend.send(.get, "/auth/v1/user", headers: backend.headers(token: session.accessToken))
            #expect(user.status == .forbidden)
            #expect(user.text == #"{"code":403,"error_code":"session_not_found","msg":"Session from session_id claim in JWT does not exist"}"#)
            let refresh = try await backend.refresh(session.refreshToken)
            #expect(refresh.json?["error_code"]?.stringValue == "refresh_token_not_found")
            // PostgREST does not look at sessions: the JWT works until it expires.
            let rest = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(token: session.accessToken))
            #expect(rest.status == .ok)
            // scope=local left the other session alone; global ends it.
            let otherUser = try await backend.send(.get, "/auth/v1/user", headers: backend.headers(token: other.accessToken))
            #expect(otherUser.status == .ok)
            let global = try await backend.send(.post, "/auth/v1/logout", headers: backend.headers(token: other.accessToken))
            #expect(global.status == .noContent)
            let otherRefresh = try await backend.refresh(other.refreshToken)
            #expect(otherRefresh.json?["error_code"]?.stringValue == "refresh_token_not_found")
        }
    }

    @Test func signupAndAdminUsers() async throws {
        try await Backend.with { backend in
            let signup = try await backend.send(
                .post, "/auth/v1/signup", headers: backend.headers(), body: #"{"email":"New@Example.com","password":"secret-password"}"#)
            #expect(signup.status == .ok)
            let session = try Session(signup)
            #expect(session.raw["user"]?["email"]?.stringValue == "new@example.com")
            // The password is stored as a bcrypt hash of cost 10 or more ("$2a$10$…").
            let rows = try await backend.services.authClient.query(
                "SELECT encrypted_password FROM auth.users WHERE email = 'new@example.com'", logger: TestDatabase.logger)
            var hashes: [String] = []
            for try await hash in rows.decode(String.self) { hashes.append(hash) }
            let cost = try #require(hashes.first.flatMap { Int($0.split(separator: "$").dropFirst().first ?? "") })
            #expect(hashes.first?.hasPrefix("$2") == true && cost >= 10)
            let again = try await backend.send(
                .post, "/auth/v1/signup", headers: backend.headers(), body: #"{"email":"new@example.com","password":"secret-password"}"#)
            #expect(again.status == .unprocessableContent)
            #expect(again.json?["error_code"]?.stringValue == "user_already_exists")
            let weak = try await backend.send(.post, "/auth/v1/signup", headers: backend.headers(), body: #"{"email":"w@example.com","password":"123"}"#)
            #expect(weak.json?["error_code"]?.stringValue == "weak_password")

            let notAdmin = try await backend.send(
                .post, "/auth/v1/admin/users", headers: backend.headers(token: session.accessToken),
                body: #"{"email":"x@example.com","password":"secret-password"}"#)
            #expect(notAdmin.status == .forbidden)
            #expect(notAdmin.json?["error_code"]?.stringValue == "not_admin")
            let viaSecret = try await backend.send(
                .post, "/auth/v1/admin/users", headers: [.apikey: backend.services.keys.secret],
                body: #"{"email":"x@example.com","password":"secret-password"}"#)
            #expect(viaSecret.status == .ok)
            let duplicate = try await backend.send(
                .post, "/auth/v1/admin/users", headers: backend.headers(key: backend.serviceKey),
                body: #"{"email":"x@example.com","password":"secret-password"}"#)
            #expect(duplicate.json?["error_code"]?.stringValue == "email_exists")
        }
    }

    @Test func tokenRateLimitAnswers429WithoutRetryAfter() async throws {
        try await Backend.with(configure: {
            $0.tokenRateLimit = 1
            $0.tokenRateBurst = 2
        }) { backend in
            var statuses: [HTTPResponse.Status] = []
            var last: TestResponse?
            for _ in 0..<3 {
                let response = try await backend.send(
                    .post, "/auth/v1/token?grant_type=password", headers: backend.headers(), body: #"{"email":"a@example.com","password":"x"}"#)
                statuses.append(response.status)
                last = response
            }
            #expect(statuses == [.badRequest, .badRequest, .tooManyRequests])
            #expect(last?.json?["error_code"]?.stringValue == "over_request_rate_limit")
            #expect(last?.headers[.retryAfter] == nil)
        }
    }

    @Test("the /token limit ignores X-Forwarded-For unless told to trust it: a client can't get a fresh budget by naming itself")
    func tokenRateLimitIgnoresForwardedForByDefault() async throws {
        for trusted in [false, true] {
            try await Backend.with(configure: {
                $0.tokenRateLimit = 1
                $0.tokenRateBurst = 1
                $0.trustForwardedFor = trusted
            }) { backend in
                var statuses: [HTTPResponse.Status] = []
                for client in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
                    var headers = backend.headers()
                    headers[.forwardedFor] = client
                    let response = try await backend.send(
                        .post, "/auth/v1/token?grant_type=password", headers: headers, body: #"{"email":"a@example.com","password":"x"}"#)
                    statuses.append(response.status)
                }
                #expect(statuses == (trusted ? [.badRequest, .badRequest, .badRequest] : [.badRequest, .tooManyRequests, .tooManyRequests]))
            }
        }
    }
}
