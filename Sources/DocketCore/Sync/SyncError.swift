/// A sync or sign-in problem, with what to do about it. Never contains a token.
public struct SyncError: DocketError {
    /// What kind of problem it is.
    public enum Code: String, Sendable {
        /// No Supabase project is configured.
        case notConfigured
        /// Nobody is signed in.
        case notSignedIn
        /// The session ended (refresh token revoked, reused or expired): sign in again.
        case sessionExpired
        /// Email or password wrong.
        case invalidCredentials
        /// The server or network failed; trying later may work.
        case transient
        /// The server refused the request for a reason retrying won't fix (grants, policies, schema).
        case rejected
        /// The session file could not be read or written.
        case storage
        /// The signed-in account is not the one this database's changes belong to (`docket login --switch-user`).
        case otherAccount
    }

    public var code: Code
    /// What failed and how to fix it.
    public var message: String
    /// The HTTP status, when there was one.
    public var status: Int?
    /// How long the server asked us to wait, when it said.
    public var retryAfter: Duration?
    public var cause: (any Error)?

    /// Creates an error.
    public init(_ code: Code, _ message: String, status: Int? = nil, retryAfter: Duration? = nil, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.status = status
        self.retryAfter = retryAfter
        self.cause = cause
    }

    /// Whether trying again later may succeed.
    public var isTransient: Bool { code == .transient }
}
