import Logging
import PostgresNIO

extension PostgresClient {
    /// Runs `body` in a transaction on a leased connection: COMMIT when it returns, ROLLBACK when it
    /// throws. Unlike `withTransaction`, the body's error is rethrown unchanged (not wrapped), so
    /// layers can throw their own API errors from inside.
    func inTransaction<Result: Sendable>(
        logger: Logger,
        begin: PostgresQuery = "BEGIN",
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await self.withConnection { connection in
            try await connection.query(begin, logger: logger)
            do {
                let result = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }
}
