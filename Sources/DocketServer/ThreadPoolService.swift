import NIOPosix
import ServiceLifecycle

/// Keeps a thread pool for as long as the service group runs, and shuts it down once the group is shutting down
/// and the services after it in the group (which use it) have stopped.
struct ThreadPoolService: Service {
    let pool: NIOThreadPool

    func run() async throws {
        try? await gracefulShutdown()
        try await pool.shutdownGracefully()
    }
}
