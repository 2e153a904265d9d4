import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import docket_dev_backend

/// JWT checks, role switching and the SQLSTATE → HTTP mapping of `/rest/v1` (§1.7, §1.8, §1.9).
@Suite(.enabled(if: TestDatabase.isAvailable))
struct PostgRESTAuthTests {
    @Test func malformedJWTsGetPGRST301() async throws {
        try await Backend.with { backend in
            let empty = try await backend.send(.get, "/rest/v1/tasks", headers: [.apikey: backend.anonKey, .authorization: "Bearer "])
            #expect(empty.status == .unauthorized)
            #expect(empty.text == #"{"code":"PGRST301","details":null,"hint":null,"message":"Empty JWT is sent in Authorization header"}"#)
            #expect(empty.headers[.wwwAuthenticate] == #"Bearer error="invalid_token", error_description="Empty JWT is sent in Authorization header""#)
            #expect(empty.headers[.proxyStatus] == "PostgREST; error=PGRST301")

            let twoParts = try await backend.send(.get, "/rest/v1/tasks", headers: [.apikey: backend.anonKey, .authorization: "Bearer abc.def"])
            #expect(twoParts.status == .unauthorized)
            #expect(twoParts.json?["message"]?.stringValue == "Expected 3 parts in JWT; got 2")

            // Signed with another secret.
            let other = await TokenService(secret: "another-secret-another-secret-another-secret")
            let foreign = try await other.sign(["role": .string("authenticated"), "sub": .string(newID())])
            let wrongKey = try await backend.send(.get, "/rest/v1/tasks", headers: [.apikey: backend.anonKey, .authorization: "Bearer \(foreign)"])
            #expect(wrongKey.status == .unauthorized)
            #expect(wrongKey.json?["code"]?.stringValue == "PGRST301")
            #expect(wrongKey.json?["message"]?.stringValue == "No suitable key or wrong key type")
        }
    }

    @Test func timeClaimsAllowThirtySecondsOfSkew() async throws {
        try await Backend.with { backend in
            // Times relative to "now" at signing, 5 s either side of the 30 s skew, so a slow machine can't carry a
            // token across the boundary.
            func get(_ claims: [String: Int64]) async throws -> TestResponse {
                let now = Int64(Date().timeIntervalSince1970)
                var payload: [String: JSONValue] = ["role": .string("service_role")]
                for (name, offset) in claims { payload[name] = .int(now + offset) }
                let token = try await backend.sign(payload)
                return try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(token: token))
            }
            let within = try await get(["exp": -25])
            #expect(within.status == .ok)

            let expired = try await get(["exp": -35])
            #expect(expired.status == .unauthorized)
            #expect(expired.text == #"{"code":"PGRST303","details":null,"hint":null,"message":"JWT expired"}"#)
            #expect(expired.headers[.wwwAuthenticate] == #"Bearer error="invalid_token", error_description="JWT expired""#)

            let future = try await get(["iat": 35])
            #expect(future.status == .unauthorized)
            #expect(future.json?["message"]?.stringValue == "JWT issued at future")
            let nearFuture = try await get(["iat": 25])
            #expect(nearFuture.status == .ok)

            let notYet = try await get(["nbf": 35])
            #expect(notYet.json?["message"]?.stringValue == "JWT not yet valid", "\(notYet.status) \(notYet.text)")

            let badToken = try await backend.sign(["role": .string("service_role"), "exp": .string("soon")])
            let badExp = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(token: badToken))
            #expect(badExp.json?["message"]?.stringValue == "The JWT 'exp' claim must be a number")
        }
    }

    @Test func backendClockDrivesExpiry() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let before = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(token: session.accessToken))
            #expect(before.status == .ok)
            try await backend.setClock(offset: Double(session.expiresIn) + 31)
            let after = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(token: session.accessToken))
            #expect(after.status == .unauthorized)
            #expect(after.json?["code"]?.stringValue == "PGRST303")
        }
    }

    @Test func unknownRoleIs401With22023() async throws {
        try await Backend.with { backend in
            let token = try await backend.sign(["role": .string("nobody_here")])
            let response = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(token: token))
            #expect(response.status == .unauthorized)
            #expect(response.text == #"{"code":"22023","details":null,"hint":null,"message":"role \"nobody_here\" does not exist"}"#)
            #expect(response.headers[.wwwAuthenticate] == "Bearer")
        }
    }

    @Test func permissionDeniedIs401ForAnonAnd403Otherwise() async throws {
        try await Backend.with { backend in
            let anon = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers())
            #expect(anon.status == .unauthorized)
            #expect(anon.text == #"{"code":"42501","details":null,"hint":null,"message":"permission denied for table tasks"}"#)
            #expect(anon.headers[.wwwAuthenticate] == "Bearer")

            // A table without grants for authenticated: 403, no WWW-Authenticate.
            try await backend.adminSQL(
                "CREATE TABLE public.private_table (id int PRIMARY KEY)",
                "REVOKE ALL ON public.private_table FROM anon, authenticated"
            )
            let session = try await backend.newSession()
            let user = try await backend.send(.get, "/rest/v1/private_table", headers: backend.headers(token: session.accessToken))
            #expect(user.status == .forbidden)
            #expect(user.text == #"{"code":"42501","details":null,"hint":null,"message":"permission denied for table private_table"}"#)
            #expect(user.headers[.wwwAuthenticate] == nil)
        }
    }

    @Test func claimsAndRequestGUCsReachSQL() async throws {
        try await Backend.with { backend in
            // A view exposing what PostgREST sets per request.
            try await backend.adminSQL(
                """
                CREATE VIEW public.whoami WITH (security_invoker = true) AS
                SELECT auth.uid() AS uid, auth.role() AS role, auth.email() AS email, current_user::text AS db_role,
                       current_setting('request.method', true) AS method, current_setting('request.path', true) AS path,
                       current_setting('request.headers', true)::json ->> 'x-probe' AS probe,
                       current_setting('statement_timeout') AS timeout,
                       current_setting('transaction_read_only') AS read_only
                """,
                "GRANT SELECT ON public.whoami TO anon, authenticated"
            )
            let session = try await backend.newSession()
            var headers = backend.headers(token: session.accessToken)
            headers[.init("X-Probe")!] = "hello"
            let response = try await backend.send(.get, "/rest/v1/whoami", headers: headers)
            #expect(response.status == .ok)
            let row = try #require(response.jsonArray?.first)
            #expect(row["uid"]?.stringValue == session.userID)
            #expect(row["role"]?.stringValue == "authenticated")
            #expect(row["db_role"]?.stringValue == "authenticated")
            #expect(row["method"]?.stringValue == "GET")
            #expect(row["path"]?.stringValue == "/whoami")
            #expect(row["probe"]?.stringValue == "hello")
            #expect(row["timeout"]?.stringValue == "8s")
            #expect(row["read_only"]?.stringValue == "on")

            let anon = try await backend.send(.get, "/rest/v1/whoami", headers: backend.headers())
            let anonRow = try #require(anon.jsonArray?.first)
            #expect(anonRow["uid"] == .null)
            #expect(anonRow["role"]?.stringValue == "anon")
            #expect(anonRow["timeout"]?.stringValue == "3s")
        }
    }

    @Test func unknownTableIsPGRST205() async throws {
        try await Backend.with { backend in
            let response = try await backend.send(.get, "/rest/v1/nope", headers: backend.headers(key: backend.serviceKey))
            #expect(response.status == .notFound)
            #expect(response.text == #"{"code":"PGRST205","details":null,"hint":null,"message":"Could not find the table 'public.nope' in the schema cache"}"#)
            #expect(response.headers[.proxyStatus] == "PostgREST; error=PGRST205")
        }
    }
}
