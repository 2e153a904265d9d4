import Foundation
import Hummingbird
import Logging
import NIOCore
import PostgresNIO

/// The shared pieces every layer uses; tests reach the clock, stats and faults through it too.
struct BackendServices: Sendable {
    let configuration: DevBackendConfiguration
    let keys: APIKeys
    let tokens: TokenService
    let clock: BackendClock
    let stats: BackendStats
    let faults: FaultInjector
    /// Pool connected as `authenticator` (PostgREST).
    let restClient: PostgresClient
    /// Pool connected as `supabase_auth_admin` (GoTrue).
    let authClient: PostgresClient
    let logger: Logger

    /// Derives the keys, bootstraps the database (unless turned off) and creates the pools.
    static func make(_ configuration: DevBackendConfiguration, logger: Logger) async throws -> BackendServices {
        let admin = try DatabaseURL(configuration.databaseURL)
        let tokens = await TokenService(secret: configuration.jwtSecret)
        let keys = try await APIKeys.derive(tokens: tokens, projectRef: configuration.projectRef)
        if configuration.bootstrap {
            try await DatabaseBootstrap(
                admin: admin,
                bootstrapDirectory: configuration.resolvedBootstrapDirectory,
                migrationsDirectory: configuration.migrationsDirectory,
                rolePassword: configuration.rolePassword,
                logger: logger
            ).run()
        }
        func pool(_ role: String) -> PostgresClient {
            var pgConfiguration = PostgresClient.Configuration(
                host: admin.host, port: admin.port, username: role, password: configuration.rolePassword,
                database: admin.database, tls: .disable
            )
            pgConfiguration.options.maximumConnections = configuration.poolSize
            pgConfiguration.options.connectionIdleTimeout = .seconds(30)
            return PostgresClient(configuration: pgConfiguration, backgroundLogger: logger)
        }
        return BackendServices(
            configuration: configuration, keys: keys, tokens: tokens, clock: BackendClock(), stats: BackendStats(),
            faults: FaultInjector(), restClient: pool("authenticator"), authClient: pool("supabase_auth_admin"),
            logger: logger
        )
    }
}

/// Builds the backend: gateway, PostgREST and GoTrue layers, dev hooks, and the database pools.
/// - Parameters:
///   - configuration: Resolved settings.
///   - logger: The application logger (requests are logged at debug).
func buildApplication(
    _ configuration: DevBackendConfiguration,
    logger: Logger = Logger(label: "docket-dev-backend")
) async throws -> some ApplicationProtocol {
    let services = try await BackendServices.make(configuration, logger: logger)
    return buildApplication(services)
}

/// Builds the backend from services already made (tests keep the services to drive the hooks directly).
func buildApplication(_ services: BackendServices) -> some ApplicationProtocol {
    let configuration = services.configuration
    var app = Application(
        router: buildRouter(services),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        onServerRunning: { channel in
            guard let path = configuration.writeEnvPath else { return }
            let port = channel.localAddress?.port ?? configuration.port
            do {
                try writeEnvFile(path: path, url: "http://\(configuration.host):\(port)", keys: services.keys)
                services.logger.info("Wrote client settings", metadata: ["path": "\(path)"])
            } catch {
                services.logger.error("Can't write the env file", metadata: ["path": "\(path)", "error": "\(error)"])
            }
        },
        logger: services.logger
    )
    app.addServices(services.restClient, services.authClient)
    return app
}

/// The top-level router: request log, faults, gateway (→ `/rest/v1`, `/auth/v1`), then `/_dev` and `/health`.
func buildRouter(_ services: BackendServices) -> Router<BackendRequestContext> {
    let configuration = services.configuration
    let schemaCache = SchemaCache(client: services.restClient, logger: services.logger)
    let rest = PostgRESTLayer(
        client: services.restClient, schemaCache: schemaCache, tokens: services.tokens, clock: services.clock,
        stats: services.stats, maxRows: configuration.maxRows, logger: services.logger
    ).router().buildResponder()
    let issuerHost = configuration.host == "0.0.0.0" ? "127.0.0.1" : configuration.host
    let auth = GoTrueLayer(
        client: services.authClient, tokens: services.tokens, clock: services.clock, stats: services.stats,
        rateLimiter: TokenRateLimiter(limitPerFiveMinutes: configuration.tokenRateLimit, burst: configuration.tokenRateBurst),
        trustForwardedFor: configuration.trustForwardedFor,
        settings: .init(
            accessTokenLifetime: configuration.accessTokenLifetime,
            reuseInterval: configuration.refreshReuseInterval,
            rotation: configuration.refreshTokenRotation,
            lockTimeout: configuration.refreshLockTimeout,
            sessionTimebox: configuration.sessionTimebox,
            issuer: "http://\(issuerHost):\(configuration.port)/auth/v1"
        ),
        logger: services.logger
    ).router().buildResponder()

    let router = Router(context: BackendRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: FaultMiddleware(faults: services.faults, stats: services.stats))
    router.add(
        middleware: GatewayMiddleware(
            keys: services.keys,
            rest: { request, context in try await rest.respond(to: request, context: context) },
            auth: { request, context in try await auth.respond(to: request, context: context) }
        ))
    router.get("health") { _, _ in Response.json(.ok, #"{"status":"ok"}"#) }
    DevHooks(keys: services.keys, faults: services.faults, clock: services.clock, stats: services.stats)
        .addRoutes(to: router)
    return router
}

/// Writes the client settings file (`KEY=value` lines, mode 0600, replaced atomically).
func writeEnvFile(path: String, url: String, keys: APIKeys) throws {
    let text = """
        # Written by docket-dev-backend; points docket at the local Supabase-compatible backend.
        DOCKET_SUPABASE_URL=\(url)
        DOCKET_SUPABASE_ANON_KEY=\(keys.anon)
        DOCKET_DEV_SERVICE_KEY=\(keys.serviceRole)
        DOCKET_DEV_PUBLISHABLE_KEY=\(keys.publishable)
        DOCKET_DEV_SECRET_KEY=\(keys.secret)

        """
    let target = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString)")
    guard
        FileManager.default.createFile(
            atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]
        )
    else {
        throw BackendError(code: "env_write_failed", message: "Can't write \(temporary.path): check the folder's permissions.")
    }
    if FileManager.default.fileExists(atPath: target.path) {
        _ = try FileManager.default.replaceItemAt(target, withItemAt: temporary)
    } else {
        try FileManager.default.moveItem(at: temporary, to: target)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
}
