import ArgumentParser
import Foundation
import Hummingbird
import Logging

/// `docket-dev-backend`: a local Supabase-compatible backend (`/rest/v1`, `/auth/v1`) over PostgreSQL.
@main
struct DevBackendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docket-dev-backend",
        abstract: "Serve a local Supabase-compatible backend (PostgREST /rest/v1 + GoTrue /auth/v1) over PostgreSQL.",
        discussion: """
            Every option falls back to an environment variable (shown in each option's help), then to its default.
            Start PostgreSQL first: scripts/postgres.sh start (or use scripts/dev-backend.sh, which does both).
            """
    )

    @OptionGroup var overrides: DevBackendConfiguration.Overrides

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical. [env: LOG_LEVEL, default info]")
    var logLevel: String?

    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
    }

    func run() async throws {
        let level = self.logLevel ?? ProcessInfo.processInfo.environment["LOG_LEVEL"]
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level.flatMap(Logger.Level.init(rawValue:)) ?? .info
            return handler
        }
        let configuration = try DevBackendConfiguration.resolved(flags: self.overrides, environment: ProcessInfo.processInfo.environment)
        let logger = Logger(label: "docket-dev-backend")
        let app = try await buildApplication(configuration, logger: logger)
        logger.info("Serving", metadata: ["url": "http://\(configuration.host):\(configuration.port)"])
        try await app.runService()
    }
}

extension DevBackendConfiguration {
    /// The settings given on the command line (nil: not given).
    struct Overrides: ParsableArguments {
        @Option(help: "Address to listen on. [env: DOCKET_DEV_HOST]")
        var host: String?

        @Option(help: "Port to listen on (0: any free port). [env: DOCKET_DEV_PORT, default 54321]")
        var port: Int?

        @Option(name: .customLong("database-url"), help: "Superuser URL used to bootstrap the database. [env: DOCKET_DEV_DATABASE_URL]")
        var databaseURL: String?

        @Option(name: .customLong("jwt-secret"), help: "The project's JWT secret (HS256). [env: DOCKET_DEV_JWT_SECRET]")
        var jwtSecret: String?

        @Option(help: "Access-token lifetime in seconds. [env: DOCKET_DEV_ACCESS_TOKEN_LIFETIME, default 3600]")
        var accessTokenLifetime: Int?

        @Option(help: "Seconds a revoked refresh token may still be reused. [env: DOCKET_DEV_REUSE_INTERVAL, default 10]")
        var reuseInterval: Double?

        @Flag(name: .customLong("no-rotation"), help: "Don't revoke the token family when a refresh token is reused late. [env: DOCKET_DEV_NO_ROTATION=1]")
        var noRotation = false

        @Option(help: "Seconds a refresh waits for its session lock before 409 conflict. [env: DOCKET_DEV_REFRESH_LOCK_TIMEOUT, default 5]")
        var refreshLockTimeout: Double?

        @Option(
            help: "Seconds after sign-in when a session ends, its refresh failing with session_expired; 0 = never. [env: DOCKET_DEV_SESSION_TIMEBOX, default 0]"
        )
        var sessionTimebox: Double?

        @Option(help: "/token requests allowed per IP per 5 minutes, 0 = off. [env: DOCKET_DEV_TOKEN_RATE_LIMIT, default 0]")
        var tokenRateLimit: Int?

        @Option(help: "Burst of the /token rate limit. [env: DOCKET_DEV_TOKEN_RATE_BURST, default 30]")
        var tokenRateBurst: Int?

        @Flag(
            name: .customLong("trust-forwarded-for"),
            help: "Key the /token rate limit by X-Forwarded-For (only behind a proxy that sets it). [env: DOCKET_DEV_TRUST_FORWARDED_FOR=1]")
        var trustForwardedFor = false

        @Option(help: "Folder of SQL migrations applied in name order. [env: DOCKET_DEV_MIGRATIONS, default deploy/supabase/migrations]")
        var migrations: String?

        @Option(
            name: .customLong("bootstrap-sql-dir"),
            help: "Folder with roles.sql and bootstrap.sql. [env: DOCKET_DEV_BOOTSTRAP_SQL_DIR, default <migrations>/../local]")
        var bootstrapSQLDirectory: String?

        @Option(name: .customLong("write-env"), help: "Write DOCKET_SUPABASE_URL/_ANON_KEY/_SERVICE_KEY to this file (mode 0600). [env: DOCKET_DEV_WRITE_ENV]")
        var writeEnv: String?

        @Option(help: "Password given to the authenticator and supabase_auth_admin roles. [env: DOCKET_DEV_ROLE_PASSWORD]")
        var rolePassword: String?

        func validate() throws {
            if let port, !(0...65535).contains(port) {
                throw ValidationError("--port must be between 0 and 65535.")
            }
            if let accessTokenLifetime, accessTokenLifetime < 1 {
                throw ValidationError("--access-token-lifetime must be at least 1 second.")
            }
        }
    }
}
