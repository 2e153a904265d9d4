public import Foundation

/// A signed-in Supabase Auth session as docket keeps it.
public struct Session: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String
    /// Unix time at which the access token expires.
    public var expiresAt: Int64
    public var userID: String
    public var email: String?
    /// Lifetime of the access token when it was issued, in seconds.
    public var lifetime: Int64?

    /// Creates a session.
    public init(accessToken: String, refreshToken: String, expiresAt: Int64, userID: String, email: String?, lifetime: Int64? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.userID = userID
        self.email = email
        self.lifetime = lifetime
    }

    /// Refresh when fewer seconds than this remain: 60 s (more than PostgREST's 30 s clock skew), or a quarter
    /// of the lifetime for tokens that live only a few minutes.
    public var refreshMargin: Int64 {
        guard let lifetime, lifetime > 0 else { return 60 }
        return min(60, max(1, lifetime / 4))
    }

    /// Seconds the access token is still valid at `now`.
    public func remaining(at now: Date) -> Int64 { expiresAt - Int64(now.timeIntervalSince1970) }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case expiresAt = "expires_at"
        case userID = "user_id"
        case email, lifetime
    }
}
