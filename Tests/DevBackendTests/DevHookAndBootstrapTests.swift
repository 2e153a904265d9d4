import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import Testing

@testable import docket_dev_backend

/// Fault injection, the clock and stats hooks, and the database bootstrap.
@Suite(.enabled(if: TestDatabase.isAvailable))
struct DevHookTests {
    @Test func faultsAnswerTheNextMatchingRequests() async throws {
        try await Backend.with { backend in
            let arm = try await backend.send(
                .post, "/_dev/faults", headers: [.apikey: backend.serviceKey],
                body: #"{"method":"GET","path_prefix":"/rest/v1/tasks","status":503,"retry_after":1,"count":2}"#)
            #expect(arm.status == .created)
            for _ in 0..<2 {
                let faulted = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(key: backend.serviceKey))
                #expect(faulted.status == .serviceUnavailable)
                #expect(faulted.headers[.retryAfter] == "1")
                #expect(faulted.json?["code"]?.stringValue == "PGRST001")
                #expect(faulted.headers[.proxyStatus] == "PostgREST; error=PGRST001")
            }
            let recovered = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(key: backend.serviceKey))
            #expect(recovered.status == .ok)
            // Other methods did not match.
            _ = try await backend.send(
                .post, "/_dev/faults", headers: [.apikey: backend.serviceKey],
                body: #"{"method":"POST","path_prefix":"/auth/v1/token","status":500,"count":1,"body":{"custom":true}}"#)
            let custom = try await backend.send(.post, "/auth/v1/token?grant_type=password", headers: backend.headers(), body: "{}")
            #expect(custom.status == .internalServerError)
            #expect(custom.text == #"{"custom":true}"#)
            let stats = try await backend.send(.get, "/_dev/stats", headers: [.apikey: backend.serviceKey])
            #expect(stats.json?["faults_served"] == .int(3))
            #expect(stats.json?["rest_requests"] == .int(1))
            let reset = try await backend.send(.post, "/_dev/reset-stats", headers: [.apikey: backend.serviceKey])
            #expect(reset.json?["faults_served"] == .int(0))
        }
    }

    @Test func delayOnlySlowsDownAndClearDisarms() async throws {
        try await Backend.with { backend in
            _ = try await backend.send(
                .post, "/_dev/faults", headers: [.apikey: backend.serviceKey],
                body: #"{"path_prefix":"/rest/v1/","delay_ms":300,"count":1}"#)
            let start = ContinuousClock.now
            let slow = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(key: backend.serviceKey))
            #expect(slow.status == .ok)
            #expect(ContinuousClock.now - start >= .milliseconds(300))
            _ = try await backend.send(
                .post, "/_dev/faults", headers: [.apikey: backend.serviceKey],
                body: #"{"path_prefix":"/rest/v1/","status":504,"count":5}"#)
            let timeout = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(key: backend.serviceKey))
            #expect(timeout.status == .gatewayTimeout)
            #expect(timeout.json?["code"]?.stringValue == "PGRST003")
            let cleared = try await backend.send(.delete, "/_dev/faults", headers: [.apikey: backend.serviceKey])
            #expect(cleared.status == .noContent)
            let fine = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(key: backend.serviceKey))
            #expect(fine.status == .ok)
        }
    }

    @Test func dropClosesTheConnection() async throws {
        try await Backend.with(.live) { backend in
            _ = try await backend.send(
                .post, "/_dev/faults", headers: [.apikey: backend.serviceKey],
                body: #"{"path_prefix":"/rest/v1/tasks","drop":true,"count":1}"#)
            let port = try #require(backend.client.port)
            let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/rest/v1/tasks?apikey=\(backend.serviceKey)")
            await #expect(throws: (any Error).self) {
                _ = try await HTTPClient.shared.execute(request, timeout: .seconds(5))
            }
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(5))
            let body = try await response.body.collect(upTo: 1 << 20)
            #expect(String(buffer: body) == "[]")
        }
    }

    @Test func envFileIsWrittenWithTheKeys() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("docket-env-\(UUID().uuidString)/dev-backend.env").path
        try await Backend.with(.live, configure: { $0.writeEnvPath = path }) { backend in
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let port = try #require(backend.client.port)
            #expect(text.contains("DOCKET_SUPABASE_URL=http://127.0.0.1:\(port)\n"))
            #expect(text.contains("DOCKET_SUPABASE_ANON_KEY=\(backend.anonKey)\n"))
            #expect(text.contains("DOCKET_DEV_SERVICE_KEY=\(backend.serviceKey)\n"))
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    @Test func bootstrapIsIdempotentAndMigrationsApplyTwice() async throws {
        try await TestDatabase.withFreshDatabase { url in
            let configuration = TestDatabase.configuration(databaseURL: url)
            let bootstrap = DatabaseBootstrap(
                admin: try DatabaseURL(url), bootstrapDirectory: configuration.resolvedBootstrapDirectory,
                migrationsDirectory: configuration.migrationsDirectory, rolePassword: configuration.rolePassword,
                logger: TestDatabase.logger
            )
            let first = try await bootstrap.run()
            #expect(first.contains("0001_docket.sql"))
            let second = try await bootstrap.run()
            #expect(second.isEmpty)
            // The migration itself is idempotent too (someone may run it twice with psql).
            let connection = try await DatabaseBootstrap.connect(try DatabaseURL(url), logger: TestDatabase.logger)
            for (_, sql) in try bootstrap.migrationFiles() {
                for statement in SQLScript.statements(sql) {
                    try await connection.execute(PostgresQuery(unsafeSQL: statement), logger: TestDatabase.logger)
                }
            }
            var policies = 0
            for try await count in try await connection.query(
                "SELECT count(*)::int FROM pg_policies WHERE schemaname = 'public' AND tablename IN ('tasks', 'voice_notes')",
                logger: TestDatabase.logger
            ).decode(Int.self) { policies = count }
            #expect(policies == 8)
            try await connection.close()
        }
    }

    @Test func keysAreStableForASecret() async throws {
        let one = try await APIKeys.derive(tokens: await TokenService(secret: "s3cret-s3cret-s3cret-s3cret-s3cret"), projectRef: "p")
        let two = try await APIKeys.derive(tokens: await TokenService(secret: "s3cret-s3cret-s3cret-s3cret-s3cret"), projectRef: "p")
        let other = try await APIKeys.derive(tokens: await TokenService(secret: "other-other-other-other-other-other"), projectRef: "p")
        #expect(one.anon == two.anon && one.publishable == two.publishable && one.secret == two.secret)
        #expect(one.anon != other.anon && one.secret != other.secret)
        #expect(one.kind(of: one.secret) == .secret)
        #expect(one.kind(of: other.secret) == nil)
    }
}

/// Pure parts: SQL splitting, the URL grammar, configuration resolution.
struct ParsingTests {
    @Test func sqlScriptSplitsOnlyOutsideQuotesAndBodies() {
        let script = """
            -- a comment; with a semicolon
            create function f() returns int language sql as $$ select 1; $$;
            select 'a;b', "x;y" from t; /* block; comment */
            do $body$ begin perform 1; end $body$
            """
        let statements = SQLScript.statements(script)
        #expect(statements.count == 3)
        #expect(statements[0].hasSuffix("$$ select 1; $$"))
        #expect(statements[1] == #"select 'a;b', "x;y" from t"#)
        #expect(statements[2].hasPrefix("/* block; comment */"))
    }

    @Test func filterGrammar() throws {
        let node = try QueryGrammar.condition(column: "tag", expression: #"not.in.("a,b",c,"d\"e")"#)
        #expect(node == .condition(column: "tag", negated: true, op: .in, operand: .list(["a,b", "c", #"d"e"#])))
        let tree = try QueryGrammar.logic(parameter: "or", value: "(a.eq.1,and(b.gt.2,c.is.null))")
        guard case .logic(true, false, let children) = tree else {
            Issue.record("not an or-tree: \(tree)")
            return
        }
        #expect(children.count == 2)
        #expect(throws: PostgRESTError.self) { try QueryGrammar.condition(column: "a", expression: "approx.1") }
        #expect(PostgRESTLayer.contentRange(lower: 0, upper: 24, total: nil) == "0-24/*")
        #expect(PostgRESTLayer.contentRange(lower: 0, upper: -1, total: 0) == "*/0")
        #expect(PostgRESTLayer.contentRange(lower: 1, upper: 0, total: nil) == "*/*")
    }

    @Test func configurationFromFlagsThenEnvironment() throws {
        let flags = try DevBackendConfiguration.Overrides.parse(["--port", "6000", "--no-rotation"])
        let configuration = try DevBackendConfiguration.resolved(
            flags: flags,
            environment: [
                "DOCKET_DEV_PORT": "7000", "DOCKET_DEV_ACCESS_TOKEN_LIFETIME": "60", "DOCKET_DEV_WRITE_ENV": ".run/x.env",
            ])
        #expect(configuration.port == 6000)
        #expect(configuration.accessTokenLifetime == 60)
        #expect(configuration.refreshTokenRotation == false)
        #expect(configuration.writeEnvPath == ".run/x.env")
        #expect(configuration.resolvedBootstrapDirectory == "deploy/supabase/local")
        #expect(throws: BackendError.self) {
            try DevBackendConfiguration.resolved(flags: .parse([]), environment: ["DOCKET_DEV_PORT": "many"])
        }
    }
}
