import DocketSupport
import Foundation

/// Everything `buildApplication` needs, resolved once (flags, then `DOCKET_DEV_*`, then defaults).
struct DevBackendConfiguration: Sendable {
    /// Address to listen on.
    var host: String = "127.0.0.1"
    /// Port to listen on (0 picks a free one; tests do that).
    var port: Int = 54321
    /// A superuser URL, used only to bootstrap the database (roles, schema auth, migrations).
    var databaseURL: String = "postgres://docket_admin:docket@127.0.0.1:54329/docket"
    /// The project's JWT secret (HS256): signs access tokens and the legacy API keys.
    var jwtSecret: String = DevBackendConfiguration.defaultJWTSecret
    /// Lifetime of access tokens minted by `/auth/v1`, in seconds (GoTrue's `JWT_EXP`).
    var accessTokenLifetime: Int = 3600
    /// Seconds after its revocation during which a refresh token may be used again (GoTrue's
    /// `REFRESH_TOKEN_REUSE_INTERVAL`).
    var refreshReuseInterval: Double = 10
    /// Whether reusing a refresh token outside the reuse interval revokes its whole family.
    var refreshTokenRotation: Bool = true
    /// How long a refresh waits for its session's row lock before answering 409 `conflict`.
    var refreshLockTimeout: Double = 5
    /// Seconds after sign-in when a session ends (GoTrue's SESSIONS_TIMEBOX); 0 = never.
    var sessionTimebox: Double = 0
    /// `/token` requests allowed per IP per 5 minutes; 0 turns the limit off.
    var tokenRateLimit: Int = 0
    /// Burst size of the `/token` rate limit.
    var tokenRateBurst: Int = 30
    /// Whether the rate limit keys clients by `X-Forwarded-For` (set when a proxy in front sets it); otherwise by
    /// the connection's address, which a client can't choose.
    var trustForwardedFor = false
    /// Folder of migrations applied, in name order, after the bootstrap SQL.
    var migrationsDirectory: String = "deploy/supabase/migrations"
    /// Folder of the backend's own bootstrap SQL (`roles.sql`, `bootstrap.sql`); nil: `<migrations>/../local`.
    var bootstrapDirectory: String? = nil
    /// Where to write `DOCKET_SUPABASE_URL`/`…_ANON_KEY`/`…_SERVICE_KEY` once listening (mode 0600).
    var writeEnvPath: String? = nil
    /// Password the backend gives the `authenticator` and `supabase_auth_admin` login roles.
    var rolePassword: String = "docket-dev-roles"
    /// Most rows a GET returns (PostgREST's `db-max-rows`).
    var maxRows: Int = 1000
    /// Connections per pool (one pool for `/rest/v1`, one for `/auth/v1`).
    var poolSize: Int = 8
    /// Project reference written into the legacy API keys' `ref` claim.
    var projectRef: String = "docket-local"
    /// Whether to bootstrap the database at start (roles, schema auth, migrations).
    var bootstrap: Bool = true

    /// The secret used when none is given: Supabase's well-known local-development secret.
    static let defaultJWTSecret = "super-secret-jwt-token-with-at-least-32-characters-long"

    /// The folder holding `roles.sql` and `bootstrap.sql`.
    var resolvedBootstrapDirectory: String {
        if let bootstrapDirectory { return bootstrapDirectory }
        let parent = (self.migrationsDirectory as NSString).deletingLastPathComponent
        return parent.isEmpty ? "local" : parent + "/local"
    }
}

extension DevBackendConfiguration {
    /// Resolves each setting once: flag, then `DOCKET_DEV_*`, then the default.
    static func resolved(flags: Overrides, environment: [String: String]) throws -> DevBackendConfiguration {
        var configuration = DevBackendConfiguration()
        func env(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        func number<T: LosslessStringConvertible>(_ name: String) throws -> T? {
            guard let text = env(name) else { return nil }
            guard let value = T(text) else {
                throw BackendError(code: "bad_environment", message: "\(name)=\(text) is not a number; unset it or give a number.")
            }
            return value
        }
        configuration.host = flags.host ?? env("DOCKET_DEV_HOST") ?? configuration.host
        configuration.port = try flags.port ?? number("DOCKET_DEV_PORT") ?? configuration.port
        configuration.databaseURL = flags.databaseURL ?? env("DOCKET_DEV_DATABASE_URL") ?? configuration.databaseURL
        configuration.jwtSecret = flags.jwtSecret ?? env("DOCKET_DEV_JWT_SECRET") ?? configuration.jwtSecret
        configuration.accessTokenLifetime = try flags.accessTokenLifetime ?? number("DOCKET_DEV_ACCESS_TOKEN_LIFETIME") ?? configuration.accessTokenLifetime
        configuration.refreshReuseInterval = try flags.reuseInterval ?? number("DOCKET_DEV_REUSE_INTERVAL") ?? configuration.refreshReuseInterval
        configuration.refreshTokenRotation = !(flags.noRotation || env("DOCKET_DEV_NO_ROTATION") == "1")
        configuration.refreshLockTimeout = try flags.refreshLockTimeout ?? number("DOCKET_DEV_REFRESH_LOCK_TIMEOUT") ?? configuration.refreshLockTimeout
        configuration.sessionTimebox = try flags.sessionTimebox ?? number("DOCKET_DEV_SESSION_TIMEBOX") ?? configuration.sessionTimebox
        configuration.tokenRateLimit = try flags.tokenRateLimit ?? number("DOCKET_DEV_TOKEN_RATE_LIMIT") ?? configuration.tokenRateLimit
        configuration.tokenRateBurst = try flags.tokenRateBurst ?? number("DOCKET_DEV_TOKEN_RATE_BURST") ?? configuration.tokenRateBurst
        configuration.trustForwardedFor = flags.trustForwardedFor || env("DOCKET_DEV_TRUST_FORWARDED_FOR") == "1"
        configuration.migrationsDirectory = flags.migrations ?? env("DOCKET_DEV_MIGRATIONS") ?? configuration.migrationsDirectory
        configuration.bootstrapDirectory = flags.bootstrapSQLDirectory ?? env("DOCKET_DEV_BOOTSTRAP_SQL_DIR")
        configuration.writeEnvPath = flags.writeEnv ?? env("DOCKET_DEV_WRITE_ENV")
        configuration.rolePassword = flags.rolePassword ?? env("DOCKET_DEV_ROLE_PASSWORD") ?? configuration.rolePassword
        if configuration.jwtSecret == Self.defaultJWTSecret, !isLoopbackHost(configuration.host) {
            throw BackendError(
                code: "default_secret",
                message:
                    "The backend would sign tokens with the well-known default JWT secret on \(configuration.host), where others can reach it; give --jwt-secret (or DOCKET_DEV_JWT_SECRET) a secret of your own, or listen on 127.0.0.1."
            )
        }
        return configuration
    }
}

/// The parts of a `postgres://user:password@host:port/database` URL.
struct DatabaseURL: Sendable, Equatable {
    var username: String
    var password: String?
    var host: String
    var port: Int
    var database: String

    /// Parses `postgres://` or `postgresql://` URLs; the port defaults to 5432.
    init(_ text: String) throws {
        guard let components = URLComponents(string: text),
            components.scheme == "postgres" || components.scheme == "postgresql",
            let host = components.host, !host.isEmpty,
            let user = components.user, !user.isEmpty
        else {
            throw BackendError(
                code: "bad_database_url",
                message:
                    "Can't parse the database URL '\(DatabaseURL.redacted(text))'. Use postgres://USER:PASSWORD@HOST:PORT/DATABASE (scripts/postgres.sh start prints one)."
            )
        }
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.host = host
        self.port = components.port ?? 5432
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.database = path.isEmpty ? self.username : (path.removingPercentEncoding ?? path)
    }

    /// Creates a URL from its parts.
    init(username: String, password: String?, host: String, port: Int, database: String) {
        self.username = username
        self.password = password
        self.host = host
        self.port = port
        self.database = database
    }

    /// The URL text without its password, for messages.
    static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text) else { return "<unparseable>" }
        if components.password != nil { components.password = "***" }
        return components.string ?? "<unparseable>"
    }
}

/// A failure of the backend itself (configuration, bootstrap), with a code and an actionable message.
struct BackendError: Error, CustomStringConvertible, Sendable {
    /// Stable machine-readable code, e.g. `bootstrap_failed`.
    var code: String
    /// What went wrong and how to fix it.
    var message: String

    var description: String { "\(self.code): \(self.message)" }
}
