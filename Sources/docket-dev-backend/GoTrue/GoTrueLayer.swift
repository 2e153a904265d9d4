import Foundation
import Hummingbird
import Logging
import PostgresNIO

/// The `/auth/v1` layer: the parts of Supabase Auth (GoTrue) a sync client uses — password and
/// refresh grants with rotation and reuse detection, `/user`, `/logout`, JWKS — plus signup and
/// `POST /admin/users` for tests.
struct GoTrueLayer: Sendable {
    /// Settings of the layer.
    struct Settings: Sendable {
        var accessTokenLifetime: Int
        var reuseInterval: Double
        var rotation: Bool
        var lockTimeout: Double
        /// Seconds after sign-in when a session ends; 0 = never.
        var sessionTimebox: Double = 0
        var issuer: String
    }

    let client: PostgresClient
    let tokens: TokenService
    let clock: BackendClock
    let stats: BackendStats
    let rateLimiter: TokenRateLimiter
    /// Key the rate limit by `X-Forwarded-For` rather than the connection's address.
    var trustForwardedFor = false
    let settings: Settings
    let logger: Logger

    /// The layer's router (paths are already stripped of `/auth/v1` by the gateway).
    func router() -> Router<BackendRequestContext> {
        let router = Router(context: BackendRequestContext.self)
        router.post("token") { request, context in
            await self.answer(request) { try await self.token($0, peer: context.channel.remoteAddress?.ipAddress) }
        }
        router.get("user") { request, _ in await self.answer(request) { try await self.user($0) } }
        router.post("logout") { request, _ in await self.answer(request) { try await self.logout($0) } }
        router.post("signup") { request, _ in await self.answer(request) { try await self.signup($0) } }
        router.post("admin/users") { request, _ in await self.answer(request) { try await self.adminCreateUser($0) } }
        router.get(".well-known/jwks.json") { request, _ in
            await self.answer(request) { _ in
                .json(.ok, #"{"keys":[]}"#, headers: [.cacheControl: "public, max-age=600"])
            }
        }
        router.get("health") { request, _ in
            await self.answer(request) { _ in
                .json(.ok, #"{"description":"docket-dev-backend: a local stand-in for Supabase Auth","name":"GoTrue","version":"docket-dev"}"#)
            }
        }
        router.get("settings") { request, _ in
            await self.answer(request) { _ in
                .json(
                    .ok,
                    #"{"disable_signup":false,"external":{"email":true,"phone":false},"mailer_autoconfirm":true,"phone_autoconfirm":false,"sms_provider":""}"#)
            }
        }
        return router
    }

    /// Runs a handler and turns its errors into GoTrue error responses; echoes the API version.
    func answer(_ request: Request, _ handler: (Request) async throws -> Response) async -> Response {
        self.stats.increment(.authRequests)
        let version = GoTrueError.apiVersion(of: request)
        var response: Response
        do {
            response = try await handler(request)
        } catch let error as GoTrueError {
            return error.response(apiVersion: version)
        } catch let error as GoTrueOAuthError {
            return error.response(apiVersion: version)
        } catch {
            self.logger.debug("GoTrue layer failed", metadata: ["error": "\(String(reflecting: error))"])
            return GoTrueError(
                status: .internalServerError, code: "unexpected_failure", message: "Unexpected failure, please check server logs for more information"
            )
            .response(apiVersion: version)
        }
        if let version { response.headers[.supabaseAPIVersion] = version }
        return response
    }

    // MARK: - Request bodies

    /// Reads the body as JSON whatever the Content-Type (A `retrieveRequestParams`).
    static func jsonBody(_ request: Request) async throws -> [String: JSONValue] {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: 1024 * 1024)
        } catch {
            throw GoTrueError(status: .contentTooLarge, code: "request_entity_too_large", message: "Request body too large")
        }
        let bytes = Array(buffer.readableBytesView)
        if bytes.isEmpty { return [:] }
        guard let value = JSONValue.parse(bytes) else {
            throw GoTrueError.badRequest("bad_json", "Could not parse request body as JSON: invalid character")
        }
        guard let object = value.objectValue else {
            throw GoTrueError.badRequest("bad_json", "Could not parse request body as JSON: json: cannot unmarshal into an object")
        }
        return object
    }

    // MARK: - /token

    /// Who a `/token` request counts against: the connection's address; the first `X-Forwarded-For` entry only when
    /// configured (a client sets that header to whatever it likes).
    func rateLimitKey(_ request: Request, peer: String?) -> String {
        if self.trustForwardedFor, let forwarded = request.headers[.forwardedFor]?.split(separator: ",").first {
            return forwarded.trimmingCharacters(in: .whitespaces)
        }
        return peer ?? "local"
    }

    private func token(_ request: Request, peer: String?) async throws -> Response {
        let ip = self.rateLimitKey(request, peer: peer)
        if !self.rateLimiter.allow(key: ip) {
            self.stats.increment(.rateLimited)
            throw GoTrueError(status: .tooManyRequests, code: "over_request_rate_limit", message: "Request rate limit reached")
        }
        let grant = QueryString.parse(request.rawQuery).first { $0.name == "grant_type" }?.value ?? ""
        switch grant {
        case "password":
            self.stats.increment(.passwordGrants)
            return try await self.passwordGrant(try await Self.jsonBody(request))
        case "refresh_token":
            self.stats.increment(.refreshGrants)
            return try await self.refreshGrant(try await Self.jsonBody(request))
        default:
            throw GoTrueError.badRequest("invalid_credentials", "unsupported_grant_type")
        }
    }

    private func passwordGrant(_ body: [String: JSONValue]) async throws -> Response {
        let email = body["email"]?.stringValue?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let phone = body["phone"]?.stringValue ?? ""
        let password = body["password"]?.stringValue ?? ""
        if !email.isEmpty && !phone.isEmpty {
            throw GoTrueError.badRequest("validation_failed", "Only an email address or phone number should be provided on login.")
        }
        if email.isEmpty && phone.isEmpty {
            throw GoTrueError.badRequest("validation_failed", "missing email or phone")
        }
        let now = self.clock.now()
        return try await self.client.inTransaction(logger: self.logger) { connection in
            let query: PostgresQuery = """
                SELECT id, email_confirmed_at IS NOT NULL, coalesce(banned_until > \(now), false),
                       encrypted_password IS NOT NULL AND encrypted_password = extensions.crypt(\(password), encrypted_password)
                FROM auth.users
                WHERE (\(email) <> '' AND email = \(email)) OR (\(phone) <> '' AND phone = \(phone))
                """
            var found: (UUID, Bool, Bool, Bool)?
            for try await row in try await connection.query(query, logger: self.logger).decode((UUID, Bool, Bool, Bool).self) {
                found = row
            }
            guard let (userID, confirmed, banned, passwordMatches) = found, passwordMatches else {
                throw GoTrueError.badRequest("invalid_credentials", "Invalid login credentials")
            }
            if banned { throw GoTrueError.badRequest("user_banned", "User is banned") }
            if !confirmed { throw GoTrueError.badRequest("email_not_confirmed", "Email not confirmed") }
            return try await self.startSession(userID: userID, on: connection, now: now)
        }
    }

    /// Creates a session with its first refresh token and answers with an AccessTokenResponse.
    func startSession(userID: UUID, on connection: PostgresConnection, now: Date) async throws -> Response {
        let sessionID = UUID()
        let refreshToken = Self.newRefreshToken()
        try await connection.execute(
            "INSERT INTO auth.sessions (id, user_id, created_at, updated_at) VALUES (\(sessionID), \(userID), \(now), \(now))",
            logger: self.logger
        )
        try await connection.execute(
            """
            INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent, created_at, updated_at)
            VALUES (\(refreshToken), \(userID), \(sessionID), NULL, \(now), \(now))
            """,
            logger: self.logger
        )
        try await connection.execute(
            "UPDATE auth.users SET last_sign_in_at = \(now), updated_at = \(now) WHERE id = \(userID)",
            logger: self.logger
        )
        return try await self.accessTokenResponse(
            userID: userID, sessionID: sessionID, signedInAt: now, refreshToken: refreshToken, on: connection
        )
    }

    /// What a refresh decided inside its transaction.
    private enum RefreshOutcome: Sendable {
        case issued(Response)
        case reuseRejected
    }

    private func refreshGrant(_ body: [String: JSONValue]) async throws -> Response {
        guard let presented = body["refresh_token"]?.stringValue, !presented.isEmpty else {
            throw GoTrueOAuthError(error: "invalid_request", description: "refresh_token required")
        }
        guard presented.count == 12, presented.allSatisfy({ Self.refreshAlphabet.contains($0) }) else {
            throw GoTrueError.badRequest("validation_failed", "Refresh token is not valid")
        }
        let now = self.clock.now()
        let settings = self.settings
        let outcome: RefreshOutcome
        do {
            outcome = try await self.client.inTransaction(logger: self.logger) { connection -> RefreshOutcome in
                guard let first = try await self.findRefreshToken(presented, on: connection) else {
                    throw GoTrueError.badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
                }
                if first.banned { throw GoTrueError.badRequest("user_banned", "User is banned") }
                // Serialise refreshes per session (A `service.go`: SELECT … FOR UPDATE, 5 s of retries).
                let timeout = "\(Int(settings.lockTimeout * 1000))ms"
                try await connection.execute("SELECT set_config('lock_timeout', \(timeout), true)", logger: self.logger)
                var sessionStart: Date?
                for try await created in try await connection.query(
                    "SELECT created_at FROM auth.sessions WHERE id = \(first.sessionID) FOR UPDATE", logger: self.logger
                ).decode(Date.self) { sessionStart = created }
                guard let sessionStart else {
                    throw GoTrueError.badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found")
                }
                // A time-boxed session ends for good (A `tokens/service.go`: session timebox).
                if settings.sessionTimebox > 0, now > sessionStart.addingTimeInterval(settings.sessionTimebox) {
                    throw GoTrueError.badRequest("session_expired", "Invalid Refresh Token: Session Expired")
                }
                guard let token = try await self.findRefreshToken(presented, on: connection) else {
                    throw GoTrueError.badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
                }
                var issued: String?
                if token.revoked {
                    let active = try await self.activeRefreshToken(session: token.sessionID, on: connection)
                    if let active, active.parent == presented {
                        // The client never stored the last response: hand it the active token again.
                        issued = active.token
                    } else if token.familyRevoked || now > token.updatedAt.addingTimeInterval(settings.reuseInterval) {
                        if settings.rotation {
                            try await connection.execute(
                                """
                                UPDATE auth.refresh_tokens SET revoked = true, family_revoked = true, updated_at = \(now)
                                WHERE session_id = \(token.sessionID)
                                """,
                                logger: self.logger
                            )
                        }
                        return .reuseRejected
                    }
                }
                if issued == nil {
                    let child = Self.newRefreshToken()
                    if !token.revoked {
                        try await connection.execute(
                            "UPDATE auth.refresh_tokens SET revoked = true, updated_at = \(now) WHERE id = \(token.id)",
                            logger: self.logger
                        )
                    }
                    try await connection.execute(
                        """
                        INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent, created_at, updated_at)
                        VALUES (\(child), \(token.userID), \(token.sessionID), \(presented), \(now), \(now))
                        """,
                        logger: self.logger
                    )
                    issued = child
                }
                try await connection.execute(
                    "UPDATE auth.sessions SET updated_at = \(now) WHERE id = \(token.sessionID)", logger: self.logger
                )
                return .issued(
                    try await self.accessTokenResponse(
                        userID: token.userID, sessionID: token.sessionID, signedInAt: token.sessionCreatedAt,
                        refreshToken: issued!, on: connection
                    ))
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "55P03" {
            self.stats.increment(.refreshConflicts)
            throw GoTrueError(
                status: .conflict, code: "conflict",
                message: "Too many concurrent token refresh requests on the same session or refresh token"
            )
        }
        switch outcome {
        case .issued(let response):
            return response
        case .reuseRejected:
            self.stats.increment(.refreshReuseRejections)
            throw GoTrueError.badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used")
        }
    }

    /// A refresh-token row.
    struct RefreshTokenRow: Sendable {
        var id: Int64
        var token: String
        var userID: UUID
        var sessionID: UUID
        var parent: String?
        var revoked: Bool
        var familyRevoked: Bool
        var updatedAt: Date
        var sessionCreatedAt: Date
        var banned: Bool
    }

    private func findRefreshToken(_ token: String, on connection: PostgresConnection) async throws -> RefreshTokenRow? {
        let now = self.clock.now()
        let query: PostgresQuery = """
            SELECT t.id, t.token, t.user_id, t.session_id, t.parent, t.revoked, t.family_revoked, t.updated_at,
                   s.created_at, coalesce(u.banned_until > \(now), false)
            FROM auth.refresh_tokens t
            JOIN auth.sessions s ON s.id = t.session_id
            JOIN auth.users u ON u.id = t.user_id
            WHERE t.token = \(token)
            """
        for try await row in try await connection.query(query, logger: self.logger)
            .decode((Int64, String, UUID, UUID, String?, Bool, Bool, Date, Date, Bool).self)
        {
            return RefreshTokenRow(
                id: row.0, token: row.1, userID: row.2, sessionID: row.3, parent: row.4, revoked: row.5,
                familyRevoked: row.6, updatedAt: row.7, sessionCreatedAt: row.8, banned: row.9
            )
        }
        return nil
    }

    private func activeRefreshToken(session: UUID, on connection: PostgresConnection) async throws -> (token: String, parent: String?)? {
        let query: PostgresQuery = """
            SELECT token, parent FROM auth.refresh_tokens
            WHERE session_id = \(session) AND NOT revoked ORDER BY id DESC LIMIT 1
            """
        for try await (token, parent) in try await connection.query(query, logger: self.logger).decode((String, String?).self) {
            return (token, parent)
        }
        return nil
    }

    /// Refresh tokens are GoTrue v1 style: 12 characters of `[a-z0-9]`.
    static let refreshAlphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    static func newRefreshToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in Self.refreshAlphabet.randomElement(using: &generator)! })
    }

    // MARK: - Access tokens and users

    /// A user as `/auth/v1` shows it, plus the fields the access token needs.
    struct UserRecord: Sendable {
        var id: UUID
        var aud: String
        var role: String
        var email: String
        var phone: String
        var appMetadata: JSONValue
        var userMetadata: JSONValue
        var isAnonymous: Bool
        /// The user JSON (GoTrue's `models.User`).
        var json: JSONValue
    }

    /// GoTrue formats times as RFC 3339 in UTC.
    private static func timestamp(_ column: String) -> String {
        "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"
    }

    /// Loads a user; nil when it does not exist.
    func loadUser(_ id: UUID, on connection: PostgresConnection) async throws -> UserRecord? {
        let json = """
            json_build_object(
              'id', u.id, 'aud', u.aud, 'role', u.role, 'email', coalesce(u.email, ''),
              'email_confirmed_at', \(Self.timestamp("u.email_confirmed_at")),
              'phone', coalesce(u.phone, ''), 'confirmed_at', \(Self.timestamp("u.email_confirmed_at")),
              'last_sign_in_at', \(Self.timestamp("u.last_sign_in_at")),
              'app_metadata', u.raw_app_meta_data, 'user_metadata', u.raw_user_meta_data, 'identities', '[]'::json,
              'created_at', \(Self.timestamp("u.created_at")), 'updated_at', \(Self.timestamp("u.updated_at")),
              'is_anonymous', u.is_anonymous)::text
            """
        var sql = SQLText()
        let idParam = sql.text(id.uuidString)
        sql.text = """
            SELECT u.aud, u.role, coalesce(u.email, ''), coalesce(u.phone, ''), u.raw_app_meta_data::text,
                   u.raw_user_meta_data::text, u.is_anonymous, \(json)
            FROM auth.users u WHERE u.id = \(idParam)::uuid
            """
        for try await row in try await connection.query(sql.query, logger: self.logger)
            .decode((String, String, String, String, String, String, Bool, String).self)
        {
            return UserRecord(
                id: id, aud: row.0, role: row.1, email: row.2, phone: row.3,
                appMetadata: JSONValue.parse(Array(row.4.utf8)) ?? .object([:]),
                userMetadata: JSONValue.parse(Array(row.5.utf8)) ?? .object([:]),
                isAnonymous: row.6, json: JSONValue.parse(Array(row.7.utf8)) ?? .object([:])
            )
        }
        return nil
    }

    /// Mints an access token (claims of A `AccessTokenClaims`) and builds the AccessTokenResponse.
    func accessTokenResponse(
        userID: UUID, sessionID: UUID, signedInAt: Date, refreshToken: String, on connection: PostgresConnection
    ) async throws -> Response {
        guard let user = try await self.loadUser(userID, on: connection) else {
            throw GoTrueError.forbidden("user_not_found", "User from sub claim in JWT does not exist")
        }
        let issuedAt = Int64(self.clock.unixNow())
        let expiresAt = issuedAt + Int64(self.settings.accessTokenLifetime)
        let claims: [String: JSONValue] = [
            "iss": .string(self.settings.issuer),
            "sub": .string(userID.uuidString.lowercased()),
            "aud": .string(user.aud),
            "exp": .int(expiresAt),
            "iat": .int(issuedAt),
            "email": .string(user.email),
            "phone": .string(user.phone),
            "app_metadata": user.appMetadata,
            "user_metadata": user.userMetadata,
            "role": .string(user.role),
            "aal": .string("aal1"),
            "amr": .array([.object(["method": .string("password"), "timestamp": .int(Int64(signedInAt.timeIntervalSince1970))])]),
            "session_id": .string(sessionID.uuidString.lowercased()),
            "is_anonymous": .bool(user.isAnonymous),
        ]
        let accessToken = try await self.tokens.sign(claims)
        let body: JSONValue = .object([
            "access_token": .string(accessToken),
            "token_type": .string("bearer"),
            "expires_in": .int(Int64(self.settings.accessTokenLifetime)),
            "expires_at": .int(expiresAt),
            "refresh_token": .string(refreshToken),
            "user": user.json,
        ])
        return .json(.ok, body.jsonText())
    }

    // MARK: - Bearer authentication (/user, /logout, /admin)

    /// The verified claims of a request's Bearer JWT, checked as GoTrue does (no leeway on `exp`).
    func requireClaims(_ request: Request) async throws -> [String: JSONValue] {
        guard let header = request.headers[.authorization],
            let match = header.range(of: #"^(?i:bearer) (\S+)$"#, options: .regularExpression)
        else {
            throw GoTrueError(status: .unauthorized, code: "no_authorization", message: "This endpoint requires a valid Bearer token")
        }
        let token = String(header[match].split(separator: " ", maxSplits: 1)[1])
        let claims: [String: JSONValue]
        do {
            claims = try await self.tokens.verify(token)
        } catch {
            let detail =
                switch error {
                case .empty, .wrongPartCount: "token is malformed: token contains an invalid number of segments"
                case .undecodable: "token is malformed: could not JSON decode header"
                case .badSignature: "token signature is invalid: signature is invalid"
                }
            throw GoTrueError.forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, \(detail)")
        }
        let now = self.clock.unixNow()
        if let exp = claims["exp"]?.numberValue, now >= exp {
            throw GoTrueError.forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired")
        }
        if let nbf = claims["nbf"]?.numberValue, now < nbf {
            throw GoTrueError.forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, token has invalid claims: token is not valid yet")
        }
        return claims
    }

    /// The user and session a user JWT stands for (A `maybeLoadUserOrSession`).
    func requireUser(_ request: Request, on connection: PostgresConnection) async throws -> (user: UserRecord, sessionID: UUID?) {
        let claims = try await self.requireClaims(request)
        guard let sub = claims["sub"]?.stringValue, !sub.isEmpty else {
            throw GoTrueError.forbidden("bad_jwt", "invalid claim: missing sub claim")
        }
        guard let userID = UUID(uuidString: sub) else {
            throw GoTrueError.badRequest("bad_jwt", "invalid claim: sub claim must be a UUID")
        }
        guard let user = try await self.loadUser(userID, on: connection) else {
            throw GoTrueError.forbidden("user_not_found", "User from sub claim in JWT does not exist")
        }
        var sessionID: UUID?
        if let value = claims["session_id"]?.stringValue, !value.isEmpty {
            guard let id = UUID(uuidString: value) else {
                throw GoTrueError.badRequest("bad_jwt", "invalid claim: session_id claim must be a UUID")
            }
            var exists = false
            for try await _ in try await connection.query("SELECT 1 FROM auth.sessions WHERE id = \(id)", logger: self.logger) {
                exists = true
            }
            guard exists else {
                throw GoTrueError.forbidden("session_not_found", "Session from session_id claim in JWT does not exist")
            }
            sessionID = id
        }
        return (user, sessionID)
    }

    private func user(_ request: Request) async throws -> Response {
        let user = try await self.client.withConnection { connection in
            try await self.requireUser(request, on: connection).user
        }
        return .json(.ok, user.json.jsonText())
    }

    private func logout(_ request: Request) async throws -> Response {
        let scope = QueryString.parse(request.rawQuery).first { $0.name == "scope" }?.value ?? "global"
        guard ["global", "local", "others"].contains(scope) else {
            throw GoTrueError.badRequest("validation_failed", "Unsupported logout scope \"\(scope)\"")
        }
        try await self.client.inTransaction(logger: self.logger) { connection in
            let (user, sessionID) = try await self.requireUser(request, on: connection)
            switch (scope, sessionID) {
            case ("local", let id?):
                try await connection.execute("DELETE FROM auth.sessions WHERE id = \(id)", logger: self.logger)
            case ("others", let id?):
                try await connection.execute(
                    "DELETE FROM auth.sessions WHERE user_id = \(user.id) AND id <> \(id)", logger: self.logger
                )
            case ("others", nil):
                break
            default:
                try await connection.execute("DELETE FROM auth.sessions WHERE user_id = \(user.id)", logger: self.logger)
            }
        }
        return .empty(.noContent)
    }

    // MARK: - Users

    private func signup(_ request: Request) async throws -> Response {
        let body = try await Self.jsonBody(request)
        let (email, password) = try Self.credentials(body)
        let now = self.clock.now()
        return try await self.client.inTransaction(logger: self.logger) { connection in
            guard
                let userID = try await self.insertUser(
                    email: email, password: password, userMetadata: body["data"] ?? .object([:]), now: now, on: connection
                )
            else {
                throw GoTrueError.unprocessable("user_already_exists", "User already registered")
            }
            return try await self.startSession(userID: userID, on: connection, now: now)
        }
    }

    private func adminCreateUser(_ request: Request) async throws -> Response {
        let claims = try await self.requireClaims(request)
        guard claims["role"]?.stringValue == "service_role" || claims["role"]?.stringValue == "supabase_admin" else {
            throw GoTrueError.forbidden("not_admin", "User not allowed")
        }
        let body = try await Self.jsonBody(request)
        let (email, password) = try Self.credentials(body)
        let now = self.clock.now()
        let user = try await self.client.inTransaction(logger: self.logger) { connection in
            guard
                let userID = try await self.insertUser(
                    email: email, password: password, userMetadata: body["user_metadata"] ?? .object([:]), now: now, on: connection
                )
            else {
                throw GoTrueError.unprocessable("email_exists", "A user with this email address has already been registered")
            }
            return try await self.loadUser(userID, on: connection)
        }
        return .json(.ok, (user?.json ?? .object([:])).jsonText())
    }

    /// Validates `{email, password}` as signup and admin creation do.
    static func credentials(_ body: [String: JSONValue]) throws -> (email: String, password: String) {
        let email = body["email"]?.stringValue?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard !email.isEmpty, email.contains("@") else {
            throw GoTrueError.badRequest("validation_failed", "Unable to validate email address: invalid format")
        }
        guard let password = body["password"]?.stringValue, !password.isEmpty else {
            throw GoTrueError.badRequest("validation_failed", "Signup requires a valid password")
        }
        guard password.count >= 6 else {
            throw GoTrueError.unprocessable("weak_password", "Password should be at least 6 characters.")
        }
        return (email, password)
    }

    /// Inserts a confirmed user; nil when the email is taken.
    func insertUser(email: String, password: String, userMetadata: JSONValue, now: Date, on connection: PostgresConnection) async throws -> UUID? {
        let id = UUID()
        let metadata = userMetadata.jsonText()
        let query: PostgresQuery = """
            INSERT INTO auth.users (id, email, encrypted_password, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
            VALUES (\(id), \(email), extensions.crypt(\(password), extensions.gen_salt('bf', 10)), \(now), \(metadata)::jsonb, \(now), \(now))
            ON CONFLICT (email) DO NOTHING
            RETURNING id
            """
        for try await inserted in try await connection.query(query, logger: self.logger).decode(UUID.self) {
            return inserted
        }
        return nil
    }
}
