import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import Testing

@testable import docket_dev_backend

/// Where the tests find PostgreSQL: `DOCKET_TEST_DATABASE_URL` (a superuser URL; scripts/postgres.sh
/// prints one). Without it the database suites are disabled, unless `DOCKET_TEST_REQUIRE_SERVERS=1`.
enum TestDatabase {
    static let adminURL: String? = ProcessInfo.processInfo.environment["DOCKET_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static var isAvailable: Bool { adminURL != nil }

    /// The repository root, found by walking up from this file to `deploy/supabase/migrations`.
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("deploy/supabase/migrations").path) {
                return url
            }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    static var migrationsDirectory: String {
        repositoryRoot.appendingPathComponent("deploy/supabase/migrations").path
    }

    static let logger: Logger = {
        var logger = Logger(label: "docket-dev-backend-tests")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        return logger
    }()

    /// Creates a database `t_<uuid>`, passes its superuser URL to `body`, and drops it afterwards.
    static func withFreshDatabase<T: Sendable>(_ body: (String) async throws -> T) async throws -> T {
        let admin = try DatabaseURL(try #require(adminURL))
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let connection = try await DatabaseBootstrap.connect(admin, logger: logger)
        try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        var url = admin
        url.database = name
        let text = "postgres://\(url.username):\(url.password ?? "")@\(url.host):\(url.port)/\(name)"
        do {
            let result = try await body(text)
            try await connection.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
            try await connection.close()
            return result
        } catch {
            _ = try? await connection.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
            try? await connection.close()
            throw error
        }
    }

    /// A configuration for a test backend on `databaseURL` (port 0, short-lived defaults).
    static func configuration(databaseURL: String) -> DevBackendConfiguration {
        var configuration = DevBackendConfiguration()
        configuration.port = 0
        configuration.databaseURL = databaseURL
        configuration.migrationsDirectory = migrationsDirectory
        configuration.poolSize = 4
        return configuration
    }
}

/// Fails loudly in CI when the database the suites need is missing.
@Test func databaseIsConfiguredWhenRequired() {
    if ProcessInfo.processInfo.environment["DOCKET_TEST_REQUIRE_SERVERS"] == "1" && !TestDatabase.isAvailable {
        Issue.record("DOCKET_TEST_DATABASE_URL is not set: start PostgreSQL with scripts/postgres.sh start and export the URL it prints.")
    }
}

/// A running test backend: its client, its services (keys, clock, stats, faults) and its database.
struct Backend: Sendable {
    let client: any TestClientProtocol
    let services: BackendServices
    let databaseURL: String

    var anonKey: String { services.keys.anon }
    var serviceKey: String { services.keys.serviceRole }

    /// Runs `body` against a backend on a fresh database.
    static func with(
        _ testing: TestingSetup = .router,
        configure: (inout DevBackendConfiguration) -> Void = { _ in },
        _ body: @Sendable (Backend) async throws -> Void
    ) async throws {
        try await TestDatabase.withFreshDatabase { url in
            var configuration = TestDatabase.configuration(databaseURL: url)
            configure(&configuration)
            let services = try await BackendServices.make(configuration, logger: TestDatabase.logger)
            let app = buildApplication(services)
            try await app.test(testing) { client in
                try await body(Backend(client: client, services: services, databaseURL: url))
            }
        }
    }

    /// Sends a request; `body` is JSON text.
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: String? = nil
    ) async throws -> TestResponse {
        try await client.executeRequest(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }
        )
    }

    /// Headers for `/rest/v1` and `/auth/v1` as an SDK sends them: `apikey` plus a Bearer token.
    func headers(token: String? = nil, key: String? = nil, prefer: String? = nil) -> HTTPFields {
        var fields: HTTPFields = [.apikey: key ?? anonKey, .contentType: "application/json"]
        fields[.authorization] = "Bearer " + (token ?? key ?? anonKey)
        if let prefer { fields[.prefer] = prefer }
        return fields
    }

    /// Creates a confirmed user through `POST /auth/v1/admin/users`; returns its id.
    func createUser(_ email: String = "u\(UUID().uuidString.prefix(8).lowercased())@example.com", password: String = "secret-password") async throws -> (
        id: String, email: String
    ) {
        let response = try await send(
            .post, "/auth/v1/admin/users", headers: headers(key: serviceKey),
            body: #"{"email":"\#(email)","password":"\#(password)"}"#
        )
        try #require(response.status == .ok, "admin/users: \(response.status) \(String(buffer: response.body))")
        let id = try #require(response.json?["id"]?.stringValue)
        return (id, email)
    }

    /// Signs in with the password grant; returns the AccessTokenResponse.
    func signIn(_ email: String, password: String = "secret-password") async throws -> Session {
        let response = try await send(
            .post, "/auth/v1/token?grant_type=password", headers: headers(),
            body: #"{"email":"\#(email)","password":"\#(password)"}"#
        )
        try #require(response.status == .ok, "password grant: \(response.status) \(String(buffer: response.body))")
        return try Session(response)
    }

    /// A new user, signed in.
    func newSession() async throws -> Session {
        let user = try await createUser()
        return try await signIn(user.email)
    }

    /// Exchanges a refresh token.
    func refresh(_ token: String, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var fields = headers()
        fields.append(contentsOf: extra)
        return try await send(.post, "/auth/v1/token?grant_type=refresh_token", headers: fields, body: #"{"refresh_token":"\#(token)"}"#)
    }

    /// Moves the backend clock through the dev hook.
    func setClock(offset: Double) async throws {
        let response = try await send(.post, "/_dev/clock", headers: [.apikey: serviceKey], body: #"{"offset_seconds":\#(offset)}"#)
        #expect(response.status == .ok)
    }

    /// Runs SQL as the superuser on the test database (setup that no API offers).
    func adminSQL(_ statements: String...) async throws {
        let connection = try await DatabaseBootstrap.connect(try DatabaseURL(databaseURL), logger: TestDatabase.logger)
        defer { Task { try? await connection.close() } }
        for statement in statements {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: TestDatabase.logger)
        }
        try await connection.close()
    }

    /// Signs a JWT with the backend's secret (for crafted tokens).
    func sign(_ claims: [String: JSONValue]) async throws -> String {
        try await services.tokens.sign(claims)
    }
}

/// The parts of an AccessTokenResponse the tests use.
struct Session: Sendable {
    var accessToken: String
    var refreshToken: String
    var userID: String
    var expiresIn: Int64
    var expiresAt: Int64
    var raw: [String: JSONValue]

    init(_ response: TestResponse) throws {
        let json = try #require(response.json)
        self.raw = json
        self.accessToken = try #require(json["access_token"]?.stringValue)
        self.refreshToken = try #require(json["refresh_token"]?.stringValue)
        self.userID = try #require(json["user"]?.objectValue?["id"]?.stringValue)
        self.expiresIn = try #require(json["expires_in"].flatMap { if case .int(let v) = $0 { v } else { nil } })
        self.expiresAt = try #require(json["expires_at"].flatMap { if case .int(let v) = $0 { v } else { nil } })
    }
}

extension TestResponse {
    /// The body as a JSON object, if it is one.
    var json: [String: JSONValue]? {
        JSONValue.parse(Array(body.readableBytesView))?.objectValue
    }

    /// The body as a JSON array, if it is one.
    var jsonArray: [JSONValue]? {
        if case .array(let items)? = JSONValue.parse(Array(body.readableBytesView)) { return items }
        return nil
    }

    /// The body as text.
    var text: String { String(buffer: body) }
}

extension JSONValue {
    /// A member of an object.
    subscript(key: String) -> JSONValue? { objectValue?[key] }
}

/// Decodes a JWT's payload without checking it.
func jwtPayload(_ token: String) -> [String: JSONValue]? {
    let parts = token.split(separator: ".")
    guard parts.count == 3, let data = TokenService.base64URLDecode(parts[1]) else { return nil }
    return JSONValue.parse(Array(data))?.objectValue
}

/// A fresh random UUID string (client-generated primary keys).
func newID() -> String { UUID().uuidString.lowercased() }
