public import Foundation
import GRDB

/// The Supabase account a database's notes and tasks go to: recorded at sign-in and at the first sync, so that
/// signing in as someone else does not quietly send one person's unsynced notes to another's account.
public struct SyncAccount: Sendable, Equatable {
    /// The account's user id (`auth.users.id`).
    public var userID: String
    /// Its email, for messages.
    public var email: String?
    /// When the database started syncing to it.
    public var since: Date

    public init(userID: String, email: String?, since: Date = Date()) {
        self.userID = userID
        self.email = email
        self.since = since
    }

    /// The email, or the user id when there is none.
    public var name: String { email ?? "user \(userID)" }

    static func migrate(_ db: Database) throws {
        try db.create(table: "sync_account") { t in
            t.primaryKey("slot", .integer).check { $0 == 1 }
            t.column("user_id", .text).notNull()
            t.column("email", .text)
            t.column("since", .datetime).notNull()
        }
    }
}

extension DocketStore {
    /// The account this database syncs to, if it has synced or signed in before.
    public func syncAccount() async throws -> SyncAccount? {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT user_id, email, since FROM sync_account WHERE slot = 1") else { return nil }
            return SyncAccount(userID: row["user_id"], email: row["email"], since: row["since"])
        }
    }

    /// Records the account this database syncs to from now on.
    public func setSyncAccount(_ account: SyncAccount) async throws {
        try await write("record the account this database syncs to") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO sync_account (slot, user_id, email, since) VALUES (1, ?, ?, ?)",
                arguments: [account.userID, account.email, account.since])
            // Another account's changes are pulled from the start.
            try db.execute(sql: "DELETE FROM pull_cursor")
        }
    }
}
