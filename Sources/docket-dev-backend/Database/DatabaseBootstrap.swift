import Foundation
import Logging
import PostgresNIO

/// Brings a database to what a Supabase project has, then applies docket's migrations:
/// `roles.sql` (cluster-wide roles), the login roles' passwords, `bootstrap.sql` (schema auth,
/// grants), then every `*.sql` of the migrations folder in name order, once each (recorded in
/// `docket_dev.schema_migrations`). Safe to run again, and from several processes at once.
struct DatabaseBootstrap: Sendable {
    let admin: DatabaseURL
    let bootstrapDirectory: String
    let migrationsDirectory: String
    let rolePassword: String
    let logger: Logger

    /// The login roles whose password the backend sets.
    static let loginRoles = ["authenticator", "supabase_auth_admin"]

    /// Runs every step; returns the names of the migrations applied by this call.
    @discardableResult
    func run() async throws -> [String] {
        let roles = try Self.read(self.bootstrapDirectory + "/roles.sql", what: "the backend's role bootstrap")
        let bootstrap = try Self.read(self.bootstrapDirectory + "/bootstrap.sql", what: "the backend's bootstrap SQL")
        let migrations = try self.migrationFiles()

        let connection = try await Self.connect(self.admin, logger: self.logger)
        do {
            try await self.retrying("roles.sql") {
                try await self.runScript(roles, lock: nil, on: connection)
            }
            for role in Self.loginRoles {
                try await self.ensurePassword(of: role, admin: connection)
            }
            try await self.retrying("bootstrap.sql") {
                try await self.runScript(bootstrap, lock: 7_004_201, on: connection)
            }
            var applied: [String] = []
            let done = try await self.appliedMigrations(connection)
            for (name, sql) in migrations where done[name] == nil {
                let checksum = Self.checksum(sql)
                do {
                    let record = """
                        INSERT INTO docket_dev.schema_migrations (name, checksum) VALUES (\(SQL.literal(name)), \(SQL.literal(checksum)))
                        ON CONFLICT (name) DO NOTHING
                        """
                    try await self.runScript(sql, lock: 7_004_202, then: record, on: connection)
                } catch {
                    throw BackendError(
                        code: "migration_failed",
                        message: "Migration \(name) failed: \(Self.describe(error)). Fix the file in \(self.migrationsDirectory) and restart."
                    )
                }
                applied.append(name)
                self.logger.info("Applied migration", metadata: ["migration": "\(name)"])
            }
            for (name, sql) in migrations {
                if let recorded = done[name], recorded != Self.checksum(sql) {
                    self.logger.warning(
                        "Migration changed after it was applied; it is not applied again (use a new file)",
                        metadata: ["migration": "\(name)"]
                    )
                }
            }
            try await connection.close()
            return applied
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs a script's statements in one transaction, after taking an advisory lock if given
    /// (so two backends bootstrapping one database take turns).
    private func runScript(_ script: String, lock: Int64?, then last: String? = nil, on connection: PostgresConnection) async throws {
        try await connection.execute("BEGIN", logger: self.logger)
        do {
            if let lock {
                try await connection.execute("SELECT pg_advisory_xact_lock(\(lock))", logger: self.logger)
            }
            for statement in SQLScript.statements(script) + (last.map { [$0] } ?? []) {
                try await connection.execute(PostgresQuery(unsafeSQL: statement), logger: self.logger)
            }
            try await connection.execute("COMMIT", logger: self.logger)
        } catch {
            _ = try? await connection.execute("ROLLBACK", logger: self.logger)
            throw error
        }
    }

    /// Opens a plain connection (no TLS: the backend talks to a loopback PostgreSQL).
    static func connect(_ url: DatabaseURL, logger: Logger) async throws -> PostgresConnection {
        let configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password,
            database: url.database, tls: .disable
        )
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        } catch {
            throw BackendError(
                code: "database_unreachable",
                message:
                    "Can't connect to PostgreSQL at \(url.host):\(url.port) as \(url.username) (database \(url.database)): \(Self.describe(error)). Start it with scripts/postgres.sh start, or pass --database-url."
            )
        }
    }

    /// Sets the role's password unless it already logs in with it (avoids catalog writes on restarts).
    private func ensurePassword(of role: String, admin: PostgresConnection) async throws {
        let url = DatabaseURL(
            username: role, password: self.rolePassword, host: self.admin.host, port: self.admin.port,
            database: self.admin.database
        )
        if let probe = try? await Self.connect(url, logger: self.logger) {
            try? await probe.close()
            return
        }
        try await self.retrying("password of \(role)") {
            try await admin.execute("SELECT set_config('docket.role_password', \(self.rolePassword), false)", logger: self.logger)
            try await admin.execute(
                PostgresQuery(
                    unsafeSQL: """
                        DO $$ BEGIN
                          EXECUTE format('ALTER ROLE %I WITH LOGIN PASSWORD %L', \(SQL.literal(role)), current_setting('docket.role_password'));
                        END $$
                        """), logger: self.logger)
            try await admin.execute("SELECT set_config('docket.role_password', '', false)", logger: self.logger)
        }
    }

    /// Retries a step a few times: concurrent bootstraps of one cluster can collide on role catalogs.
    private func retrying(_ step: String, _ body: () async throws -> Void) async throws {
        var attempt = 0
        while true {
            do {
                try await body()
                return
            } catch {
                attempt += 1
                guard attempt < 6 else {
                    throw BackendError(
                        code: "bootstrap_failed",
                        message:
                            "Bootstrapping the database failed at \(step): \(Self.describe(error)). The admin URL must name a superuser (scripts/postgres.sh creates docket_admin)."
                    )
                }
                self.logger.debug("Bootstrap step failed; retrying", metadata: ["step": "\(step)", "error": "\(Self.describe(error))"])
                try await Task.sleep(for: .milliseconds(50 * attempt + Int.random(in: 0..<50)))
            }
        }
    }

    private func appliedMigrations(_ connection: PostgresConnection) async throws -> [String: String] {
        var applied: [String: String] = [:]
        let rows = try await connection.query("SELECT name, checksum FROM docket_dev.schema_migrations", logger: self.logger)
        for try await (name, checksum) in rows.decode((String, String).self) {
            applied[name] = checksum
        }
        return applied
    }

    /// The migration files, sorted by name.
    func migrationFiles() throws -> [(name: String, sql: String)] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: self.migrationsDirectory)
        } catch {
            throw BackendError(
                code: "migrations_missing",
                message: "Can't read the migrations folder \(self.migrationsDirectory): run from the repository root or pass --migrations."
            )
        }
        return try names.filter { $0.hasSuffix(".sql") }.sorted().map { name in
            (name, try Self.read(self.migrationsDirectory + "/" + name, what: "migration \(name)"))
        }
    }

    static func read(_ path: String, what: String) throws -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw BackendError(
                code: "bootstrap_sql_missing",
                message: "Can't read \(what) at \(path): run from the repository root, or pass --migrations (and --bootstrap-sql-dir)."
            )
        }
        return text
    }

    /// FNV-1a 64 of the file text, to notice edited migrations.
    static func checksum(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// The server's message for PostgreSQL errors, the error otherwise.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return "\(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "?"))"
            }
            return "\(error.code)"
        }
        return "\(error)"
    }
}
