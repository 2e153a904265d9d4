import Foundation
import Logging

/// Hands out a valid access token: refreshes ahead of expiry, once per process at a time (this actor) and
/// once across processes at a time (the session file's lock), persisting the rotated refresh token before
/// the new access token is used.
public actor SessionManager {
    private let file: SessionFile
    private let auth: AuthAPI
    private let staticKey: String?
    private let clock: @Sendable () -> Date
    private var cached: Session?
    private var inFlight: Task<Session, any Error>?

    init(file: SessionFile, auth: AuthAPI, staticKey: String?, clock: @escaping @Sendable () -> Date = Date.init) {
        self.file = file
        self.auth = auth
        self.staticKey = staticKey
        self.clock = clock
    }

    /// Whether requests use a static service-role key instead of a user session.
    public nonisolated var usesStaticKey: Bool { staticKey != nil }

    /// A token to send as `Authorization: Bearer`, refreshed first when it is about to expire.
    public func accessToken() async throws -> String {
        if let staticKey { return staticKey }
        let session = try cached ?? loadStored()
        if session.remaining(at: clock()) > session.refreshMargin { return session.accessToken }
        return try await refresh(rejecting: nil).accessToken
    }

    /// The server rejected `token` as expired or invalid: refresh (unless someone already did) and return the new one.
    public func tokenAfterRejection(of token: String) async throws -> String {
        if staticKey != nil {
            throw SyncError(.rejected, "Supabase rejected the service key in DOCKET_SUPABASE_SERVICE_KEY as a JWT; check the key.")
        }
        if let cached, cached.accessToken != token, cached.remaining(at: clock()) > 0 { return cached.accessToken }
        return try await refresh(rejecting: token).accessToken
    }

    /// The current session (from disk if not yet loaded).
    public func current() throws -> Session? {
        if let cached { return cached }
        cached = try file.load()
        return cached
    }

    /// Stores a new session (after sign-in).
    func replace(with session: Session) async throws {
        try await file.withLock { try file.save(session) }
        cached = session
    }

    /// Forgets the session locally, under the lock so no refresh can land after it.
    func clear() async throws {
        try await file.withLock { try file.clear() }
        cached = nil
    }

    private func loadStored() throws -> Session {
        guard let session = try file.load() else {
            throw SyncError(.notSignedIn, "Nobody is signed in to Supabase; run docket login (or set DOCKET_SUPABASE_SERVICE_KEY on a headless server).")
        }
        cached = session
        return session
    }

    private func refresh(rejecting token: String?) async throws -> Session {
        if let inFlight { return try await inFlight.value }
        let task = Task { try await self.refreshUnderLock(rejecting: token) }
        inFlight = task
        defer { inFlight = nil }
        let session = try await task.value
        cached = session
        return session
    }

    private func refreshUnderLock(rejecting token: String?) async throws -> Session {
        try await file.withLock {
            guard let stored = try file.load() else {
                cached = nil
                throw SyncError(.notSignedIn, "Nobody is signed in to Supabase; run docket login.")
            }
            // Another docket process may have refreshed while we waited for the lock.
            if stored.accessToken != token, stored.remaining(at: clock()) > stored.refreshMargin { return stored }
            do {
                let fresh = try await auth.refresh(stored.refreshToken)
                try file.save(fresh)
                return fresh
            } catch let error as SyncError where error.code == .sessionExpired {
                try? file.clear()
                cached = nil
                throw error
            }
        }
    }
}
