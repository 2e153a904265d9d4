import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import docket_dev_backend

/// The Kong emulation: `apikey` gate, open paths, key kinds, Authorization rewrite (§2.1, §6).
@Suite(.enabled(if: TestDatabase.isAvailable))
struct GatewayTests {
    @Test func missingKeyGetsKongsExactBody() async throws {
        try await Backend.with { backend in
            for path in ["/rest/v1/tasks", "/auth/v1/user"] {
                let response = try await backend.send(.get, path)
                #expect(response.status == .unauthorized)
                #expect(response.text == #"{"message":"No API key found in request","hint":"No `apikey` request header or url param was found."}"#)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
        }
    }

    @Test func unknownKeyIsRejected() async throws {
        try await Backend.with { backend in
            let response = try await backend.send(.get, "/rest/v1/tasks", headers: [.apikey: "nope"])
            #expect(response.status == .unauthorized)
            #expect(response.text == #"{"message":"Invalid API key","hint":"Double check your Supabase `anon` or `service_role` API key."}"#)
            let duplicate = try await backend.send(.get, "/rest/v1/tasks", headers: [.apikey: backend.anonKey, .init("apikey")!: backend.anonKey])
            #expect(duplicate.status == .unauthorized)
            #expect(duplicate.json?["message"]?.stringValue == "Duplicate API key found")
        }
    }

    @Test func keyInQueryAndOpenPaths() async throws {
        try await Backend.with { backend in
            // ?apikey= works (and is not taken for a column filter).
            let viaQuery = try await backend.send(.get, "/rest/v1/tasks?apikey=\(backend.serviceKey)")
            #expect(viaQuery.status == .ok)
            // JWKS needs no key, is empty for HS256, and is cacheable.
            let jwks = try await backend.send(.get, "/auth/v1/.well-known/jwks.json")
            #expect(jwks.status == .ok)
            #expect(jwks.text == #"{"keys":[]}"#)
            #expect(jwks.headers[.cacheControl] == "public, max-age=600")
        }
    }

    @Test func fourKeyKindsMapToTheirRoles() async throws {
        try await Backend.with { backend in
            let keys = backend.services.keys
            #expect(keys.publishable.hasPrefix("sb_publishable_"))
            #expect(keys.secret.hasPrefix("sb_secret_"))
            #expect(jwtPayload(keys.anon)?["role"]?.stringValue == "anon")
            #expect(jwtPayload(keys.anon)?["iss"]?.stringValue == "supabase")
            #expect(jwtPayload(keys.serviceRole)?["role"]?.stringValue == "service_role")
            // tasks: anon has no grant (401 42501), service_role may read (200).
            for (key, expected) in [
                (keys.anon, HTTPResponse.Status.unauthorized), (keys.publishable, .unauthorized),
                (keys.serviceRole, .ok), (keys.secret, .ok),
            ] {
                // No Authorization: the gateway substitutes the key's role token.
                let bare = try await backend.send(.get, "/rest/v1/tasks", headers: [.apikey: key])
                #expect(bare.status == expected, "apikey \(key.prefix(16))…")
                // `Bearer sb_…` counts as no user token, too.
                let bearer = try await backend.send(.get, "/rest/v1/tasks", headers: [.apikey: key, .authorization: "Bearer \(key)"])
                #expect(bearer.status == expected, "apikey \(key.prefix(16))… as Bearer")
            }
        }
    }

    @Test func userBearerPassesThroughUnchanged() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            // With the secret key as apikey, a user JWT still decides the role (authenticated, RLS applies).
            let response = try await backend.send(
                .get, "/rest/v1/tasks",
                headers: [
                    .apikey: backend.services.keys.secret, .authorization: "Bearer \(session.accessToken)",
                ])
            #expect(response.status == .ok)
            #expect(response.text == "[]")
        }
    }

    @Test func devHooksNeedTheServiceKey() async throws {
        try await Backend.with { backend in
            let none = try await backend.send(.get, "/_dev/stats")
            let anon = try await backend.send(.get, "/_dev/stats", headers: [.apikey: backend.anonKey])
            let secret = try await backend.send(.get, "/_dev/stats", headers: [.apikey: backend.services.keys.secret])
            #expect(none.status == .unauthorized)
            #expect(anon.status == .unauthorized)
            #expect(secret.status == .ok)
        }
    }
}
