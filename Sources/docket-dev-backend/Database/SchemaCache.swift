import Foundation
import Logging
import PostgresNIO

/// A column of an exposed table, from the catalog.
struct ColumnInfo: Sendable, Decodable, Equatable {
    /// Column name.
    var name: String
    /// `format_type(atttypid, NULL)`, e.g. `timestamp with time zone`.
    var type: String
    /// The DEFAULT expression (`pg_get_expr`), or nil.
    var defaultExpression: String?

    enum CodingKeys: String, CodingKey {
        case name, type
        case defaultExpression = "default"
    }
}

/// A table or view in the exposed schema.
struct TableInfo: Sendable, Equatable {
    /// Schema name.
    var schema: String
    /// Table name.
    var name: String
    /// Columns in attnum order.
    var columns: [ColumnInfo]
    /// Primary-key columns, in key order (empty for views).
    var primaryKey: [String]

    /// `"schema"."name"`.
    var qualifiedName: String { SQL.identifier(self.schema) + "." + SQL.identifier(self.name) }

    /// The column called `name`, if any.
    func column(_ name: String) -> ColumnInfo? {
        self.columns.first { $0.name == name }
    }
}

/// What PostgREST keeps in its schema cache: the exposed tables and the per-role settings.
/// Reloaded when a request names a table the cache does not know (tests create tables on the fly).
actor SchemaCache {
    private let client: PostgresClient
    private let schema: String
    private let logger: Logger
    private var tables: [String: TableInfo] = [:]
    private var roleSettings: [String: [(String, String)]] = [:]
    private var loaded = false

    /// Creates an empty cache over `client` (the authenticator pool) for `schema`.
    init(client: PostgresClient, schema: String = "public", logger: Logger) {
        self.client = client
        self.schema = schema
        self.logger = logger
    }

    /// The table called `name`, reloading the cache once if it is unknown.
    func table(_ name: String) async throws -> TableInfo? {
        if !self.loaded { try await self.reload() }
        if let table = self.tables[name] { return table }
        try await self.reload()
        return self.tables[name]
    }

    /// The settings (`ALTER ROLE … SET`) PostgREST applies when it switches to `role`.
    func settings(for role: String) async throws -> [(String, String)] {
        if !self.loaded { try await self.reload() }
        return self.roleSettings[role] ?? []
    }

    /// Reads tables, columns, primary keys and role settings from the catalog.
    func reload() async throws {
        let tableQuery: PostgresQuery = """
            SELECT c.relname,
                   coalesce((SELECT json_agg(json_build_object(
                                 'name', a.attname,
                                 'type', format_type(a.atttypid, NULL),
                                 'default', pg_get_expr(d.adbin, d.adrelid)) ORDER BY a.attnum)
                             FROM pg_attribute a
                             LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                             WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '[]')::text,
                   coalesce((SELECT json_agg(a.attname ORDER BY k.ord)
                             FROM pg_index i
                             CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                             JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                             WHERE i.indrelid = c.oid AND i.indisprimary), '[]')::text
            FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = \(self.schema) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
            """
        var tables: [String: TableInfo] = [:]
        let decoder = JSONDecoder()
        let rows = try await self.client.query(tableQuery, logger: self.logger)
        for try await (name, columnsJSON, keyJSON) in rows.decode((String, String, String).self) {
            tables[name] = TableInfo(
                schema: self.schema,
                name: name,
                columns: try decoder.decode([ColumnInfo].self, from: Data(columnsJSON.utf8)),
                primaryKey: try decoder.decode([String].self, from: Data(keyJSON.utf8))
            )
        }
        let settingsQuery: PostgresQuery = """
            SELECT r.rolname, s.setconfig
            FROM pg_db_role_setting s
            JOIN pg_roles r ON r.oid = s.setrole
            WHERE s.setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
            ORDER BY s.setdatabase
            """
        var settings: [String: [(String, String)]] = [:]
        for try await (role, config) in try await self.client.query(settingsQuery, logger: self.logger)
            .decode((String, [String]).self)
        {
            for entry in config {
                let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                settings[role, default: []].removeAll { $0.0 == parts[0] }
                settings[role, default: []].append((parts[0], parts[1]))
            }
        }
        self.tables = tables
        self.roleSettings = settings
        self.loaded = true
    }
}

/// Small helpers to write SQL text safely.
enum SQL {
    /// Double-quotes an identifier (`"a""b"`).
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Single-quotes a string literal (`'it''s'`).
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
