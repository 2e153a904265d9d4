import ArgumentParser
import Foundation
import Testing

@testable import docket_dev_backend

/// The local backend against anyone holding the anon key: nothing they send crashes it or grows it without bound.
@Suite("Dev backend under hostile input")
struct DevBackendHostileTests {
    @Test("the well-known default JWT secret is refused on an address others can reach")
    func defaultSecretOnlyOnLoopback() throws {
        #expect(throws: BackendError.self) {
            try DevBackendConfiguration.resolved(flags: .parse(["--host", "0.0.0.0"]), environment: [:])
        }
        _ = try DevBackendConfiguration.resolved(flags: .parse(["--host", "127.0.0.1"]), environment: [:])
        _ = try DevBackendConfiguration.resolved(flags: .parse(["--host", "0.0.0.0", "--jwt-secret", String(repeating: "k", count: 40)]), environment: [:])
    }

    @Test("the /token limiter tracks a bounded number of clients")
    func limiterTableIsBounded() {
        let limiter = TokenRateLimiter(limitPerFiveMinutes: 30, burst: 5)
        let start = ContinuousClock.now
        for i in 0..<(TokenRateLimiter.maximumKeys + 500) {
            _ = limiter.allow(key: "10.0.\(i / 256).\(i % 256)", now: start)
        }
        #expect(limiter.keyCount <= TokenRateLimiter.maximumKeys)
        // A client that is still being limited keeps its bucket.
        for _ in 0..<6 { _ = limiter.allow(key: "busy", now: start) }
        #expect(!limiter.allow(key: "busy", now: start))
    }

    @Test("logic trees nested deeper than the limit are a 400, not a deep recursion")
    func logicDepth() throws {
        let deep = String(repeating: "or(", count: 30) + "a.eq.1" + String(repeating: ")", count: 30)
        #expect(throws: PostgRESTError.self) { try QueryGrammar.logic(parameter: "or", value: "(\(deep))") }
        let shallow = "(a.eq.1,or(b.eq.2,and(c.eq.3,d.eq.4)))"
        _ = try QueryGrammar.logic(parameter: "or", value: shallow)
    }
}
