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
            try await connection.execute(begin, logger: logger)
            do {
                let result = try await body(connection)
                try await connection.execute("COMMIT", logger: logger)
                return result
            } catch {
                _ = try? await connection.execute("ROLLBACK", logger: logger)
                throw error
            }
        }
    }
}

extension PostgresConnection {
    /// Runs a statement and reads its result to the end, so that errors raised while the statement
    /// executes surface here (PostgresNIO reports them through the row sequence).
    func execute(_ query: PostgresQuery, logger: Logger) async throws {
        for try await _ in try await self.query(query, logger: logger) {}
    }
}
