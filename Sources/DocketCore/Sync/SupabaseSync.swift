public import AsyncHTTPClient
public import Foundation
public import Logging
import NIOCore

/// Everything that talks to the user's Supabase project, built from the configuration.
public struct SupabaseSync: Sendable {
    /// Hands out access tokens.
    public let sessions: SessionManager
    let auth: AuthAPI
    let rest: PostgrestClient
    let configuration: DocketConfiguration
    let logger: Logger

    /// Builds the clients.
    /// - Throws: ``SyncError/Code/notConfigured`` when `DOCKET_SUPABASE_URL` or the API key is missing.
    public init(configuration: DocketConfiguration, httpClient: HTTPClient, logger: Logger, clock: @escaping @Sendable () -> Date = Date.init) throws {
        guard let url = configuration.supabaseURL else {
            throw SyncError(.notConfigured, "No Supabase project is configured; set DOCKET_SUPABASE_URL and DOCKET_SUPABASE_ANON_KEY (see .env.example).")
        }
        guard let key = configuration.supabaseAnonKey ?? configuration.supabaseServiceKey else {
            throw SyncError(.notConfigured, "DOCKET_SUPABASE_ANON_KEY is not set; copy the project's anon (or publishable) key from its API settings.")
        }
        if configuration.supabaseServiceKey != nil, configuration.supabaseUserID == nil {
            throw SyncError(
                .notConfigured,
                "With DOCKET_SUPABASE_SERVICE_KEY, set DOCKET_SUPABASE_USER_ID to the id of the user the tasks belong to (the service role has no user of its own)."
            )
        }
        let transport = SupabaseTransport(http: httpClient, baseURL: url, apiKey: key, timeout: .seconds(60), logger: logger)
        self.configuration = configuration
        self.logger = logger
        self.auth = AuthAPI(transport: transport)
        self.sessions = SessionManager(
            file: SessionFile(path: configuration.sessionPath), auth: auth,
            staticKey: configuration.supabaseServiceKey,
            clock: clock)
        self.rest = PostgrestClient(transport: transport, sessions: sessions)
    }

    /// Signs in with email and password and stores the session.
    ///
    /// With `store`, the database's changes stay with their account: when they belong to another account and some are
    /// not yet synced, the new session is discarded and ``SyncError/Code/otherAccount`` says what would happen, unless
    /// `switchUser` is set; then (or when nothing is waiting) the database syncs to the new account from now on.
    @discardableResult
    public func login(email: String, password: String, store: DocketStore? = nil, switchUser: Bool = false) async throws -> Session {
        let session = try await auth.signIn(email: email, password: password)
        let account = SyncAccount(userID: session.userID, email: session.email ?? email)
        let recorded = try await store?.syncAccount()
        if let store, let recorded, recorded.userID != account.userID {
            let counts = try await store.syncCounts()
            let unsynced = counts.pending + counts.quarantined
            if unsynced > 0, !switchUser {
                try? await auth.logout(accessToken: session.accessToken)
                throw SyncError(
                    .otherAccount,
                    "This database has \(unsynced) change\(unsynced == 1 ? "" : "s") not yet in \(recorded.name)'s account, whose notes it syncs; signing in as \(account.name) would send \(unsynced == 1 ? "it" : "them") there instead. Sign in as \(recorded.name) and run docket sync first, or run docket login --switch-user to send \(unsynced == 1 ? "it" : "them") to \(account.name) (what is already in \(recorded.name)'s account stays there; changes to it are refused and listed by docket status)."
                )
            }
        }
        try await sessions.replace(with: session)
        if let store, recorded?.userID != account.userID { try await store.setSyncAccount(account) }
        return session
    }

    /// Signs out: forgets the local session first, then ends it on the server (best effort).
    public func logout() async throws {
        let session = try await sessions.current()
        try await sessions.clear()
        if let session { try? await auth.logout(accessToken: session.accessToken) }
    }

    /// The signed-in user, as the server sees it (refreshing the session if needed).
    public func whoami() async throws -> AuthUser {
        try await auth.user(accessToken: sessions.accessToken())
    }

    /// The sync engine over `store`.
    public func engine(store: DocketStore) -> SyncEngine {
        let serviceUser = configuration.supabaseServiceKey == nil ? nil : configuration.supabaseUserID
        let sessions = sessions
        return SyncEngine(
            store: store, rest: rest, batchSize: configuration.syncBatchSize, userID: serviceUser,
            account: {
                if let serviceUser { return SyncAccount(userID: serviceUser, email: nil) }
                return try await sessions.current().map { SyncAccount(userID: $0.userID, email: $0.email) }
            }, logger: logger)
    }

    /// Reads rows of a remote table with the current credentials (status and tests).
    public func remoteRows(table: String, query: [(String, String)] = []) async throws -> [[String: Any]] {
        try await rest.select(table: table, query: query)
    }
}
