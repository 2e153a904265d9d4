import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PostgresNIO

/// The `/rest/v1` layer: a PostgREST (v13+) look-alike for every table of schema `public`.
///
/// Each request is one transaction on a connection of the `authenticator` pool, with the role and
/// the JWT claims set as PostgREST sets them, so PostgreSQL's own grants and RLS decide.
struct PostgRESTLayer: Sendable {
    let client: PostgresClient
    let schemaCache: SchemaCache
    let tokens: TokenService
    let clock: BackendClock
    let stats: BackendStats
    let maxRows: Int
    let logger: Logger

    /// The role of requests without a JWT, and the role whose 42501 becomes 401.
    static let anonRole = "anon"
    /// PostgREST's clock-skew allowance for `exp`, `nbf` and `iat`.
    static let allowedSkew: Double = 30
    static let exposedSchema = "public"

    /// The layer's router (paths are already stripped of `/rest/v1` by the gateway).
    func router() -> Router<BackendRequestContext> {
        let router = Router(context: BackendRequestContext.self)
        for method in [HTTPRequest.Method.get, .head, .post, .patch, .delete, .put] {
            router.on("{table}", method: method) { request, context in
                await self.handle(request, table: context.parameters.get("table") ?? "")
            }
        }
        router.on("/", method: .get) { _, _ in
            PostgRESTError(
                status: .notFound, code: "PGRST125",
                message: "The OpenAPI root is not served by docket-dev-backend; request /rest/v1/<table>"
            ).response()
        }
        return router
    }

    /// Answers one request; every failure becomes a PostgREST error response.
    func handle(_ request: Request, table: String) async -> Response {
        self.stats.increment(.restRequests)
        do {
            return try await self.process(request, tableName: table)
        } catch let error as PostgRESTError {
            return error.response()
        } catch {
            self.logger.debug("PostgREST layer failed", metadata: ["error": "\(String(reflecting: error))"])
            return PostgRESTError(
                status: .serviceUnavailable, code: "PGRST001",
                message: "Database client error. Retrying the connection.", details: "\(error)"
            ).response(extraHeaders: [.retryAfter: "0"])
        }
    }

    // MARK: - Request analysis

    /// Everything parsed from a request before SQL is built.
    struct Plan {
        var method: HTTPRequest.Method
        var table: TableInfo
        var role: String
        var claimsJSON: String
        var preferences: Preferences
        var singular: Bool
        var select: [SelectItem] = [.star]
        var order: [OrderItem] = []
        var filters: [FilterNode] = []
        var limit: Int?
        var offset: Int?
        var columns: [String]?
        var onConflict: [String]?
    }

    private func process(_ request: Request, tableName: String) async throws -> Response {
        let method = request.method
        // Only `public` is exposed, as on a default Supabase project.
        let profileHeader: HTTPField.Name = (method == .get || method == .head) ? .acceptProfile : .contentProfile
        if let profile = request.headers[profileHeader], profile != Self.exposedSchema {
            throw PostgRESTError(
                status: .notAcceptable, code: "PGRST106", message: "Invalid schema: \(profile)",
                hint: "Only the following schemas are exposed: \(Self.exposedSchema)"
            )
        }
        let (role, claims) = try await self.authenticate(request)
        let preferences = Preferences(headerValues: request.headers[values: .prefer])
        if preferences.handling == .strict, !preferences.invalid.isEmpty {
            throw PostgRESTError(
                status: .badRequest, code: "PGRST122", message: "Invalid preferences given with handling=strict",
                details: "Invalid preferences: \(preferences.invalid.joined(separator: ", "))"
            )
        }
        guard let table = try await self.schemaCache.table(tableName) else {
            throw PostgRESTError(
                status: .notFound, code: "PGRST205",
                message: "Could not find the table '\(Self.exposedSchema).\(tableName)' in the schema cache"
            )
        }
        var plan = Plan(
            method: method, table: table, role: role, claimsJSON: claims, preferences: preferences,
            singular: try Self.wantsSingular(request.headers[.accept])
        )
        try Self.parseQuery(QueryString.parse(request.rawQuery), into: &plan)

        switch method {
        case .get, .head:
            return try await self.read(request, plan: plan)
        case .post:
            return try await self.insert(request, plan: plan)
        case .patch:
            return try await self.update(request, plan: plan)
        case .delete:
            return try await self.delete(request, plan: plan)
        default:
            throw PostgRESTError(
                status: .methodNotAllowed, code: "PGRST117",
                message: "Unsupported HTTP method: \(method.rawValue) (docket-dev-backend serves GET, HEAD, POST, PATCH, DELETE)"
            )
        }
    }

    /// Checks the Bearer JWT as PostgREST v13+ does; returns the role and the claims JSON (with `role`).
    func authenticate(_ request: Request) async throws(PostgRESTError) -> (role: String, claims: String) {
        guard let header = request.headers[.authorization] else {
            return (Self.anonRole, JSONValue.object(["role": .string(Self.anonRole)]).jsonText())
        }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count >= 1, parts[0].lowercased() == "bearer" else {
            // PostgREST only reads Bearer credentials; anything else is "no token".
            return (Self.anonRole, JSONValue.object(["role": .string(Self.anonRole)]).jsonText())
        }
        let token = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        var claims: [String: JSONValue]
        do {
            claims = try await self.tokens.verify(token)
        } catch {
            switch error {
            case .empty:
                throw .jwt(code: "PGRST301", message: "Empty JWT is sent in Authorization header")
            case .wrongPartCount(let count):
                throw .jwt(code: "PGRST301", message: "Expected 3 parts in JWT; got \(count)")
            case .undecodable:
                throw .jwt(code: "PGRST301", message: "JWT cryptographic operation failed")
            case .badSignature:
                throw .jwt(
                    code: "PGRST301", message: "No suitable key or wrong key type",
                    details: "None of the keys was able to decode the JWT"
                )
            }
        }
        let now = self.clock.unixNow()
        for name in ["exp", "nbf", "iat"] {
            guard let value = claims[name] else { continue }
            guard let seconds = value.numberValue else {
                throw .jwt(code: "PGRST303", message: "The JWT '\(name)' claim must be a number")
            }
            switch name {
            case "exp" where now - Self.allowedSkew > seconds:
                throw .jwt(code: "PGRST303", message: "JWT expired")
            case "nbf" where now + Self.allowedSkew < seconds:
                throw .jwt(code: "PGRST303", message: "JWT not yet valid")
            case "iat" where now + Self.allowedSkew < seconds:
                throw .jwt(code: "PGRST303", message: "JWT issued at future")
            default:
                break
            }
        }
        let role: String
        if let claimed = claims["role"] {
            guard let name = claimed.stringValue, !name.isEmpty else {
                throw .jwt(code: "PGRST303", message: "The JWT 'role' claim must be a string")
            }
            role = name
        } else {
            role = Self.anonRole
            claims["role"] = .string(role)
        }
        return (role, JSONValue.object(claims).jsonText())
    }

    /// Whether `Accept` asks for a single object; throws 406 PGRST107 for media types not served.
    static func wantsSingular(_ accept: String?) throws(PostgRESTError) -> Bool {
        guard let accept, !accept.isEmpty else { return false }
        var acceptable = false
        for raw in accept.split(separator: ",") {
            let media = raw.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
            if media == "application/vnd.pgrst.object+json" || media == "application/vnd.pgrst.object" {
                return true
            }
            if media == "application/json" || media == "*/*" || media == "application/*" {
                acceptable = true
            }
        }
        guard acceptable else {
            throw PostgRESTError(
                status: .notAcceptable, code: "PGRST107",
                message: "None of these media types are available: \(accept)"
            )
        }
        return false
    }

    /// Sorts query parameters into select/order/limit/offset/columns/on_conflict and filters.
    static func parseQuery(_ items: [QueryItem], into plan: inout Plan) throws(PostgRESTError) {
        for item in items {
            switch item.name {
            case "select":
                plan.select = try QueryGrammar.select(item.value)
            case "order":
                plan.order = try QueryGrammar.order(item.value)
            case "limit":
                guard let limit = Int(item.value) else {
                    throw .parse("\"failed to parse limit parameter (\(item.value))\" (line 1, column 1)")
                }
                plan.limit = limit
            case "offset":
                guard let offset = Int(item.value), offset >= 0 else {
                    throw .parse("\"failed to parse offset parameter (\(item.value))\" (line 1, column 1)")
                }
                plan.offset = offset
            case "columns":
                plan.columns = try QueryGrammar.columnList(item.value)
            case "on_conflict":
                plan.onConflict = try QueryGrammar.columnList(item.value)
            case "or", "and", "not.or", "not.and":
                plan.filters.append(try QueryGrammar.logic(parameter: item.name, value: item.value))
            default:
                if item.name.contains(".") {
                    throw .parse(
                        "\"failed to parse filter (\(item.name))\" (line 1, column 1)",
                        details: "filters on embedded resources are not supported by docket-dev-backend"
                    )
                }
                plan.filters.append(try QueryGrammar.condition(column: item.name, expression: item.value))
            }
        }
    }

    // MARK: - SQL fragments

    /// Renders a filter tree with columns qualified by `qualifier`.
    static func render(_ node: FilterNode, qualifier: String, into sql: inout SQLText) -> String {
        switch node {
        case .logic(let isOr, let negated, let children):
            let joined = children.map { render($0, qualifier: qualifier, into: &sql) }
                .joined(separator: isOr ? " OR " : " AND ")
            return (negated ? "NOT " : "") + "(" + joined + ")"
        case .condition(let column, let negated, let op, let operand):
            let reference = qualifier + "." + SQL.identifier(column)
            let expression: String
            switch (op, operand) {
            case (.is, .isValue(let value)):
                let test =
                    switch value {
                    case "null": "NULL"
                    case "not_null": "NOT NULL"
                    case "true": "TRUE"
                    case "false": "FALSE"
                    default: "UNKNOWN"
                    }
                expression = "\(reference) IS \(test)"
            case (.in, .list(let items)):
                let literal =
                    "{"
                    + items.map {
                        "\""
                            + $0.replacingOccurrences(of: "\\", with: "\\\\")
                            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
                    }.joined(separator: ",") + "}"
                expression = "\(reference) = ANY(\(sql.untyped(literal)))"
            case (_, .value(let value)):
                let sqlOperator =
                    switch op {
                    case .eq: "="
                    case .neq: "<>"
                    case .gt: ">"
                    case .gte: ">="
                    case .lt: "<"
                    case .lte: "<="
                    case .like: "LIKE"
                    case .ilike: "ILIKE"
                    case .match: "~"
                    case .imatch: "~*"
                    case .isdistinct: "IS DISTINCT FROM"
                    case .in, .is: "="
                    }
                expression = "\(reference) \(sqlOperator) \(sql.untyped(value))"
            default:
                expression = "FALSE"
            }
            return negated ? "NOT (\(expression))" : expression
        }
    }

    /// The WHERE clause (with leading space) for the plan's filters, or "".
    static func whereClause(_ plan: Plan, qualifier: String, into sql: inout SQLText) -> String {
        guard !plan.filters.isEmpty else { return "" }
        return " WHERE " + plan.filters.map { render($0, qualifier: qualifier, into: &sql) }.joined(separator: " AND ")
    }

    /// The select list; `*` becomes `qualifier.*`, or every catalog column when `expandStar`.
    static func selectList(_ items: [SelectItem], table: TableInfo, qualifier: String, expandStar: Bool) -> String {
        items.map { item in
            switch item {
            case .star:
                if !expandStar { return qualifier + ".*" }
                return table.columns.map { qualifier + "." + SQL.identifier($0.name) }.joined(separator: ", ")
            case .column(let name, let alias, let cast):
                var text = qualifier + "." + SQL.identifier(name)
                if let cast { text += "::" + cast }
                return text + " AS " + SQL.identifier(alias ?? name)
            }
        }.joined(separator: ", ")
    }

    /// The first row number no request may name (offset, limit or Range bound).
    static let maximumRow = 1 << 40

    /// `Content-Range` as PostgREST computes it (`RangeQuery.contentRangeH`).
    static func contentRange(lower: Int, upper: Int, total: Int?) -> String {
        let totalText = total.map(String.init) ?? "*"
        if total != 0 && lower <= upper { return "\(lower)-\(upper)/\(totalText)" }
        return "*/\(totalText)"
    }

    // MARK: - Transactions

    /// Runs `body` in one transaction as PostgREST does: BEGIN [READ ONLY], the GUCs, the query, COMMIT.
    /// PostgreSQL errors come back mapped to PostgREST errors for the request's role.
    func transaction<Result: Sendable>(
        _ request: Request,
        plan: Plan,
        readOnly: Bool,
        _ body: @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let settings = try await self.schemaCache.settings(for: plan.role)
        let logger = self.logger
        var guc = SQLText()
        var calls = ["set_config('search_path', \(guc.text("\"\(Self.exposedSchema)\", public")), true)"]
        for (name, value) in settings {
            calls.append("set_config(\(guc.text(name)), \(guc.text(value)), true)")
        }
        calls.append("set_config('role', \(guc.text(plan.role)), true)")
        calls.append("set_config('request.jwt.claims', \(guc.text(plan.claimsJSON)), true)")
        calls.append("set_config('request.method', \(guc.text(request.method.rawValue)), true)")
        calls.append("set_config('request.path', \(guc.text(request.pathOnly)), true)")
        calls.append("set_config('request.headers', \(guc.text(Self.headersJSON(request))), true)")
        calls.append("set_config('request.cookies', \(guc.text(Self.cookiesJSON(request))), true)")
        if let timezone = plan.preferences.timezone {
            calls.append("set_config('timezone', \(guc.text(timezone)), true)")
        }
        guc.text = "SELECT " + calls.joined(separator: ", ")
        let gucQuery = guc.query
        let role = plan.role
        do {
            let begin: PostgresQuery = readOnly ? "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY" : "BEGIN"
            return try await self.client.inTransaction(logger: logger, begin: begin) { connection in
                try await connection.execute(gucQuery, logger: logger)
                return try await body(connection)
            }
        } catch let error as PSQLError {
            throw PostgRESTError.database(error, role: role, anonRole: Self.anonRole)
        }
    }

    /// Request headers as a JSON object with lower-cased names (PostgREST's `request.headers`).
    static func headersJSON(_ request: Request) -> String {
        var object: [String: JSONValue] = [:]
        for field in request.headers {
            let name = field.name.canonicalName.lowercased()
            if let existing = object[name]?.stringValue {
                object[name] = .string(existing + ", " + field.value)
            } else {
                object[name] = .string(field.value)
            }
        }
        return JSONValue.object(object).jsonText()
    }

    /// The `Cookie` header as a JSON object (PostgREST's `request.cookies`).
    static func cookiesJSON(_ request: Request) -> String {
        var object: [String: JSONValue] = [:]
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { object[parts[0]] = .string(parts[1]) }
            }
        }
        return JSONValue.object(object).jsonText()
    }

    /// The outcome of a statement: row count, inserted-row count, and the JSON array of rows (or nil).
    struct Outcome: Sendable {
        var rows: Int
        var inserted: Int
        var total: Int?
        var body: String?
    }

    /// Runs a statement shaped `SELECT total, rows, inserted, body` and decodes its single row.
    static func runOutcome(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> Outcome {
        let rows = try await connection.query(query, logger: logger)
        var outcome = Outcome(rows: 0, inserted: 0, total: nil, body: nil)
        for try await (total, count, inserted, body) in rows.decode((Int?, Int, Int, String?).self) {
            outcome = Outcome(rows: count, inserted: inserted, total: total, body: body)
        }
        return outcome
    }

    /// Turns a JSON array text from `json_agg` into the single object it holds, or throws PGRST116.
    static func singleObject(_ outcome: Outcome) throws(PostgRESTError) -> String {
        guard outcome.rows == 1, let body = outcome.body, body.count >= 2 else {
            throw PostgRESTError(
                status: .notAcceptable, code: "PGRST116",
                message: "Cannot coerce the result to a single JSON object",
                details: "The result contains \(outcome.rows) rows"
            )
        }
        return String(body.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: - GET / HEAD

    private func read(_ request: Request, plan: Plan) async throws -> Response {
        // Range header (GET only), intersected with limit/offset, capped at db-max-rows. Offsets, limits and range
        // bounds past `maximumRow` can't select anything and would overflow the arithmetic below: 416.
        let outOfRange = PostgRESTError(
            status: .rangeNotSatisfiable, code: "PGRST103", message: "Requested range not satisfiable",
            details: "Offsets, limits and Range bounds must be below \(Self.maximumRow).")
        guard (plan.offset ?? 0) < Self.maximumRow, (plan.limit ?? 0) < Self.maximumRow else { throw outOfRange }
        var lower = plan.offset ?? 0
        var upper: Int? = plan.limit.map { lower + $0 - 1 }
        if let limit = plan.limit, limit < 0 {
            throw PostgRESTError(
                status: .rangeNotSatisfiable, code: "PGRST103", message: "Requested range not satisfiable",
                details: "Limit should be greater than or equal to zero."
            )
        }
        if plan.method == .get, let header = request.headers[.range] {
            let value = header.hasPrefix("items=") ? String(header.dropFirst(6)) : header
            let bounds = value.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            if bounds.count == 2, let from = Int(bounds[0]), from >= 0 {
                let to = bounds[1].isEmpty ? nil : Int(bounds[1])
                guard from < Self.maximumRow, (to ?? 0) < Self.maximumRow else { throw outOfRange }
                if let to, to < from {
                    throw PostgRESTError(
                        status: .rangeNotSatisfiable, code: "PGRST103", message: "Requested range not satisfiable",
                        details: "The lower boundary must be lower than or equal to the upper boundary in the Range header."
                    )
                }
                lower = max(lower, from)
                if let to { upper = upper.map { min($0, to) } ?? to }
            }
        }
        let cappedUpper = min(upper ?? Int.max, lower + self.maxRows - 1)
        let limit = max(0, cappedUpper - lower + 1)

        var sql = SQLText()
        let target = plan.table.qualifiedName
        let whereSQL = Self.whereClause(plan, qualifier: target, into: &sql)
        let orderSQL =
            plan.order.isEmpty
            ? ""
            : " ORDER BY "
                + plan.order.map { item in
                    var text = target + "." + SQL.identifier(item.column) + (item.descending ? " DESC" : " ASC")
                    if let nullsFirst = item.nullsFirst { text += nullsFirst ? " NULLS FIRST" : " NULLS LAST" }
                    return text
                }.joined(separator: ", ")
        let selectSQL = Self.selectList(plan.select, table: plan.table, qualifier: target, expandStar: false)
        let countSQL = plan.preferences.count != nil ? "(SELECT count(*) FROM \(target)\(whereSQL))::int8" : "NULL::int8"
        sql.text = """
            WITH pgrst_source AS (SELECT \(selectSQL) FROM \(target)\(whereSQL)\(orderSQL) LIMIT \(limit) OFFSET \(lower))
            SELECT \(countSQL), (SELECT count(*) FROM pgrst_source)::int8, 0::int8,
                   (SELECT coalesce(json_agg(pgrst_source), '[]')::text FROM pgrst_source)
            """
        let query = sql.query
        let logger = self.logger
        let singular = plan.singular
        let (outcome, body) = try await self.transaction(request, plan: plan, readOnly: true) { connection in
            let outcome = try await Self.runOutcome(query, on: connection, logger: logger)
            return (outcome, singular ? try Self.singleObject(outcome) : (outcome.body ?? "[]"))
        }

        var headers: HTTPFields = [:]
        headers[.contentRange] = Self.contentRange(lower: lower, upper: lower + outcome.rows - 1, total: outcome.total)
        if let applied = plan.preferences.applied(isWrite: false, isInsert: false) { headers[.preferenceApplied] = applied }
        var status = HTTPResponse.Status.ok
        if let total = outcome.total {
            if lower > total {
                throw PostgRESTError(
                    status: .rangeNotSatisfiable, code: "PGRST103", message: "Requested range not satisfiable",
                    details: "An offset of \(lower) was requested, but there are only \(total) rows."
                )
            }
            if outcome.rows < total { status = .partialContent }
        }
        let contentType = singular ? "application/vnd.pgrst.object+json; charset=utf-8" : jsonContentType
        if plan.method == .head {
            headers[.contentType] = contentType
            return Response(status: status, headers: headers)
        }
        return .json(status, body, headers: headers, contentType: contentType)
    }

    // MARK: - Bodies

    /// Parses a write body: a JSON object or an array of objects (PGRST102 otherwise).
    static func parseBody(_ bytes: ByteBuffer) throws(PostgRESTError) -> (rows: [[String: JSONValue]], wasArray: Bool) {
        let data = Array(bytes.readableBytesView)
        guard !data.isEmpty, let value = JSONValue.parse(data) else {
            throw .invalidBody("Empty or invalid json")
        }
        switch value {
        case .object(let object):
            return ([object], false)
        case .array(let items):
            var rows: [[String: JSONValue]] = []
            for item in items {
                guard let object = item.objectValue else { throw .invalidBody("All object keys must match") }
                rows.append(object)
            }
            return (rows, true)
        default:
            throw .invalidBody("Empty or invalid json")
        }
    }

    /// Checks that every column exists (PGRST204 otherwise).
    static func checkColumns(_ columns: [String], in table: TableInfo) throws(PostgRESTError) {
        for column in columns where table.column(column) == nil {
            throw PostgRESTError(
                status: .badRequest, code: "PGRST204",
                message: "Could not find the '\(column)' column of '\(table.name)' in the schema cache"
            )
        }
    }

    // MARK: - POST

    private func insert(_ request: Request, plan: Plan) async throws -> Response {
        var request = request
        let buffer = try await request.collectBody(upTo: 8 * 1024 * 1024)
        let (rows, wasArray) = try Self.parseBody(buffer)
        let table = plan.table
        let prefs = plan.preferences

        let columns: [String]
        if let requested = plan.columns {
            columns = requested
        } else {
            let first = rows.first.map { Array($0.keys).sorted() } ?? []
            for row in rows.dropFirst() where Set(row.keys) != Set(first) {
                throw PostgRESTError.invalidBody("All object keys must match")
            }
            columns = first
        }
        try Self.checkColumns(columns, in: table)
        let conflictColumns = plan.onConflict ?? table.primaryKey
        try Self.checkColumns(conflictColumns, in: table)
        let resolution = conflictColumns.isEmpty ? nil : prefs.resolution
        let returnMode = prefs.returnPreference ?? .minimal
        let merge = resolution == .mergeDuplicates

        var headers: HTTPFields = [:]
        if let applied = prefs.applied(isWrite: true, isInsert: true) { headers[.preferenceApplied] = applied }

        if rows.isEmpty {
            headers[.contentRange] = Self.contentRange(lower: 1, upper: 0, total: prefs.count != nil ? 0 : nil)
            if returnMode == .representation { return .json(.created, "[]", headers: headers) }
            return .empty(.created, headers: headers)
        }

        var sql = SQLText()
        let target = table.qualifiedName
        let bodyText = String(buffer: buffer)
        let bodyParam = sql.text(wasArray ? bodyText : "[" + bodyText + "]")
        let values = columns.map { column -> String in
            let field = "pgrst_r." + SQL.identifier(column)
            guard prefs.missingDefault else { return field }
            let fallback = table.column(column)?.defaultExpression ?? "NULL"
            return "CASE WHEN pgrst_rows.j -> \(SQL.literal(column)) IS NULL THEN \(fallback) ELSE \(field) END"
        }
        var conflictSQL = ""
        if let resolution {
            let target = conflictColumns.map(SQL.identifier).joined(separator: ", ")
            switch resolution {
            case .mergeDuplicates:
                let sets = columns.map { SQL.identifier($0) + " = EXCLUDED." + SQL.identifier($0) }
                conflictSQL =
                    sets.isEmpty
                    ? " ON CONFLICT (\(target)) DO NOTHING"
                    : " ON CONFLICT (\(target)) DO UPDATE SET " + sets.joined(separator: ", ")
            case .ignoreDuplicates:
                conflictSQL = " ON CONFLICT (\(target)) DO NOTHING"
            }
        }
        // RETURNING 1 for minimal keeps SELECT policies out of plain inserts, as in PostgREST.
        let representation = returnMode != .minimal
        var returning = representation ? target + ".*" : "1 AS pgrst_one"
        if merge { returning += ", (xmax = 0) AS pgrst_inserted" }
        let shape: [SelectItem] =
            returnMode == .headersOnly
            ? table.primaryKey.map { .column(name: $0, alias: nil, cast: nil) } : plan.select
        let bodySQL = Self.returnedRows(shape, table: table, representation: representation)
        let insertedSQL = merge ? "(SELECT count(*) FROM pgrst_source WHERE pgrst_inserted)::int8" : "0::int8"
        let columnList = columns.map(SQL.identifier).joined(separator: ", ")
        sql.text = """
            WITH pgrst_rows AS (SELECT e.j, e.n FROM json_array_elements(\(bodyParam)::json) WITH ORDINALITY AS e(j, n)),
            pgrst_source AS (
              INSERT INTO \(target) (\(columnList))
              SELECT \(values.joined(separator: ", "))
              FROM pgrst_rows, LATERAL json_populate_record(NULL::\(target), pgrst_rows.j) AS pgrst_r
              ORDER BY pgrst_rows.n\(conflictSQL)
              RETURNING \(returning)
            )
            SELECT NULL::int8, (SELECT count(*) FROM pgrst_source)::int8, \(insertedSQL), \(bodySQL)
            """
        let query = sql.query
        let logger = self.logger
        let singular = plan.singular
        let outcome = try await self.transaction(request, plan: plan, readOnly: false) { connection in
            let outcome = try await Self.runOutcome(query, on: connection, logger: logger)
            if singular { _ = try Self.singleObject(outcome) }
            return outcome
        }

        headers[.contentRange] = Self.contentRange(lower: 1, upper: 0, total: prefs.count != nil ? outcome.rows : nil)
        // merge-duplicates: 200 when no row was inserted (every row updated); otherwise 201.
        let status: HTTPResponse.Status = merge && outcome.inserted == 0 ? .ok : .created
        switch returnMode {
        case .minimal:
            return .empty(status, headers: headers)
        case .headersOnly:
            if let location = Self.location(table: table, rowsJSON: outcome.body) { headers[.location] = location }
            return .empty(status, headers: headers)
        case .representation:
            if singular {
                return .json(
                    status, try Self.singleObject(outcome), headers: headers,
                    contentType: "application/vnd.pgrst.object+json; charset=utf-8")
            }
            return .json(status, outcome.body ?? "[]", headers: headers)
        }
    }

    /// `Location: /table?pk=eq.value` for the first inserted row (return=headers-only).
    static func location(table: TableInfo, rowsJSON: String?) -> String? {
        guard !table.primaryKey.isEmpty, let rowsJSON,
            case .array(let rows)? = JSONValue.parse(Array(rowsJSON.utf8)),
            let first = rows.first?.objectValue
        else { return nil }
        let filters = table.primaryKey.map { column -> String in
            let value: String =
                switch first[column] {
                case .string(let text): text
                case .int(let number): String(number)
                case .double(let number): String(number)
                case .bool(let flag): String(flag)
                default: "null"
                }
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? value
            return "\(column)=eq.\(encoded)"
        }
        return "/\(table.name)?" + filters.joined(separator: "&")
    }

    // MARK: - PATCH / DELETE

    private func update(_ request: Request, plan: Plan) async throws -> Response {
        var request = request
        let buffer = try await request.collectBody(upTo: 8 * 1024 * 1024)
        let (rows, wasArray) = try Self.parseBody(buffer)
        guard !wasArray, let object = rows.first else {
            throw PostgRESTError.invalidBody("Empty or invalid json")
        }
        let table = plan.table
        let prefs = plan.preferences
        let columns = plan.columns ?? Array(object.keys).sorted()
        try Self.checkColumns(columns, in: table)
        let representation = prefs.returnPreference == .representation

        var headers: HTTPFields = [:]
        if let applied = prefs.applied(isWrite: true, isInsert: false) { headers[.preferenceApplied] = applied }
        if columns.isEmpty {
            headers[.contentRange] = Self.contentRange(lower: 0, upper: -1, total: prefs.count != nil ? 0 : nil)
            return representation ? .json(.ok, "[]", headers: headers) : .empty(.noContent, headers: headers)
        }

        var sql = SQLText()
        let target = table.qualifiedName
        let bodyParam = sql.text(String(buffer: buffer))
        let sets = columns.map { column -> String in
            let value = object[column] != nil ? "pgrst_r." + SQL.identifier(column) : (prefs.missingDefault ? "DEFAULT" : "NULL")
            return SQL.identifier(column) + " = " + value
        }
        let whereSQL = Self.whereClause(plan, qualifier: target, into: &sql)
        let bodySQL = Self.returnedRows(plan.select, table: table, representation: representation)
        sql.text = """
            WITH pgrst_body AS (SELECT \(bodyParam)::json AS j),
            pgrst_source AS (
              UPDATE \(target) SET \(sets.joined(separator: ", "))
              FROM pgrst_body, LATERAL json_populate_record(NULL::\(target), pgrst_body.j) AS pgrst_r\(whereSQL)
              RETURNING \(representation ? target + ".*" : "1 AS pgrst_one")
            )
            SELECT NULL::int8, (SELECT count(*) FROM pgrst_source)::int8, 0::int8, \(bodySQL)
            """
        let outcome = try await self.runWrite(request, plan: plan, query: sql.query)
        headers[.contentRange] = Self.contentRange(lower: 0, upper: outcome.rows - 1, total: prefs.count != nil ? outcome.rows : nil)
        return try Self.writeResponse(outcome, representation: representation, singular: plan.singular, headers: headers)
    }

    /// The body of a write's answer: the written rows (`pgrst_source`) as a JSON array with the requested columns
    /// when `return=representation` was asked for, else NULL.
    private static func returnedRows(_ select: [SelectItem], table: TableInfo, representation: Bool) -> String {
        guard representation else { return "NULL::text" }
        let columns = selectList(select, table: table, qualifier: "pgrst_source", expandStar: true)
        return "(SELECT coalesce(json_agg(pgrst_t), '[]')::text FROM (SELECT \(columns) FROM pgrst_source) pgrst_t)"
    }

    private func delete(_ request: Request, plan: Plan) async throws -> Response {
        let table = plan.table
        let prefs = plan.preferences
        let representation = prefs.returnPreference == .representation
        var headers: HTTPFields = [:]
        if let applied = prefs.applied(isWrite: true, isInsert: false) { headers[.preferenceApplied] = applied }

        var sql = SQLText()
        let target = table.qualifiedName
        let whereSQL = Self.whereClause(plan, qualifier: target, into: &sql)
        let bodySQL = Self.returnedRows(plan.select, table: table, representation: representation)
        sql.text = """
            WITH pgrst_source AS (
              DELETE FROM \(target)\(whereSQL)
              RETURNING \(representation ? target + ".*" : "1 AS pgrst_one")
            )
            SELECT NULL::int8, (SELECT count(*) FROM pgrst_source)::int8, 0::int8, \(bodySQL)
            """
        let outcome = try await self.runWrite(request, plan: plan, query: sql.query)
        headers[.contentRange] = Self.contentRange(lower: 1, upper: 0, total: prefs.count != nil ? outcome.rows : nil)
        return try Self.writeResponse(outcome, representation: representation, singular: plan.singular, headers: headers)
    }

    /// Runs a PATCH/DELETE statement, rolling back on PGRST116 (singular) and PGRST124 (max-affected).
    private func runWrite(_ request: Request, plan: Plan, query: PostgresQuery) async throws -> Outcome {
        let logger = self.logger
        let singular = plan.singular
        let maxAffected = plan.preferences.handling == .strict ? plan.preferences.maxAffected : nil
        return try await self.transaction(request, plan: plan, readOnly: false) { connection in
            let outcome = try await Self.runOutcome(query, on: connection, logger: logger)
            if singular { _ = try Self.singleObject(outcome) }
            if let maxAffected, outcome.rows > maxAffected {
                throw PostgRESTError(
                    status: .badRequest, code: "PGRST124",
                    message: "Query result exceeds max-affected preference constraint",
                    details: "The query affects \(outcome.rows) rows"
                )
            }
            return outcome
        }
    }

    /// 204 for minimal, 200 + rows (or the single object) for representation.
    static func writeResponse(_ outcome: Outcome, representation: Bool, singular: Bool, headers: HTTPFields) throws -> Response {
        guard representation else { return .empty(.noContent, headers: headers) }
        if singular {
            return .json(
                .ok, try Self.singleObject(outcome), headers: headers,
                contentType: "application/vnd.pgrst.object+json; charset=utf-8")
        }
        return .json(.ok, outcome.body ?? "[]", headers: headers)
    }
}
