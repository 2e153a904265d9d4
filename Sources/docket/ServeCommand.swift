import ArgumentParser
import DocketCore
import DocketServer
import Foundation
import Hummingbird
import Metrics
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals

/// `docket serve`: the ingestion service.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Accept audio uploads over HTTP and turn them into tasks.",
        discussion: """
            API: POST /v1/notes (the audio as the body, or multipart/form-data with a file part; optional \
            recorded_at, tz, language, wait=true), GET /v1/notes/{id}[?wait=true], GET /v1/tasks[?since=], all with \
            Authorization: Bearer <token>; GET /healthz, /readyz and /metrics (Prometheus) without. Every upload is \
            synced to the spool before the service answers 202, so a crash or kill loses nothing: the next start \
            processes what is left. The same audio is processed once. With a Supabase project configured the \
            background sync runs too (--no-sync turns it off). SIGTERM or Ctrl-C stops accepting, finishes the \
            notes in progress and exits. Tokens: DOCKET_SERVICE_TOKENS (comma-separated) or \
            DOCKET_SERVICE_TOKEN_FILE (SHA-256 hashes, one per line); --new-token makes one. \
            Exit status: 0 after a clean stop, 78 for a setting that keeps it from starting (no token, a token file \
            it can't read), 75 when the port is in use or the address is not up (yet), 1 when it can't start for \
            another reason, 64 for bad usage.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Address to listen on (DOCKET_SERVE_HOST, default 127.0.0.1; 0.0.0.0 for every interface).", valueName: "address"))
    var host: String?

    @Option(help: ArgumentHelp("Port to listen on (DOCKET_SERVE_PORT, default 8765; 0 picks a free one).", valueName: "port"))
    var port: Int?

    @Option(help: ArgumentHelp("Directory uploads wait in until processed (DOCKET_SPOOL, default upload-spool/ next to the database).", valueName: "dir"))
    var spool: String?

    @OptionGroup var backgroundSync: BackgroundSyncOptions

    @Flag(help: "Print a new random token and its SHA-256 hash (a line for DOCKET_SERVICE_TOKEN_FILE), then exit.")
    var newToken = false

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be from 0 to 65535.") }
    }

    func run() async throws {
        if newToken {
            var bytes = [UInt8](repeating: 0, count: 32)
            for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255) }
            let token =
                "dkt_"
                + Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            print("token:  \(token)")
            print("sha256: \(TokenVerifier.digestHex(of: token))")
            printError(
                "Give the token to clients (DOCKET_REMOTE_TOKEN); put the token in DOCKET_SERVICE_TOKENS or its sha256 line in DOCKET_SERVICE_TOKEN_FILE.")
            return
        }
        let config = try global.resolve(extra: [
            "DOCKET_SERVE_HOST": host, "DOCKET_SERVE_PORT": port.map(String.init), "DOCKET_SPOOL": spool,
        ])
        let logger = global.makeLogger(level: config.logLevel)
        let verifier: TokenVerifier
        do {
            verifier = try TokenVerifier(settings: config.serve)
        } catch {
            // No token, or a token file that can't be read: a setting to fix (78).
            printError("Error: \(error)")
            throw ExitCode(ExitStatus.of(error))
        }
        let services = DocketServices(configuration: config, logger: logger)
        let metrics = ServeMetrics()
        // The HTTP server's own request metrics go to the same registry.
        MetricsSystem.bootstrap(metrics.factory)
        do {
            let store = try services.openStore()
            let engine = backgroundSync.engine(services: services, store: store)
            let lastSyncError = SyncErrorLatch()
            let app = try buildServeApplication(
                services: services, store: store, verifier: verifier, metrics: metrics, sync: engine,
                onSyncReport: { result in
                    if case .failure(let error) = result, let message = lastSyncError.changed(String(describing: error)) {
                        printError("warning: sync failed (tasks are kept and pushed later): \(message)")
                    } else if case .success = result {
                        _ = lastSyncError.changed(nil)
                    }
                },
                onStarted: { started in
                    var line = "docket serve: listening on http://\(started.host):\(started.port) (spool \(started.spool))"
                    if started.resumed > 0 { line += "; resuming \(started.resumed) note\(started.resumed == 1 ? "" : "s") accepted earlier" }
                    printError(line)
                })
            try await app.runService(gracefulShutdownSignals: DocketServices.shutdownSignals)
        } catch let error as IOError where error.errnoCode == EADDRINUSE || error.errnoCode == EADDRNOTAVAIL {
            try? await services.shutdown()
            let address = "\(config.serve.host):\(config.serve.port)"
            printError(
                error.errnoCode == EADDRINUSE
                    ? "error: can't listen on \(address): the port is in use (another docket serve?). Stop what uses it, or choose another port with --port or DOCKET_SERVE_PORT."
                    : "error: can't listen on \(address): no interface of this machine has that address. Use 127.0.0.1, 0.0.0.0 or one of its addresses (--host or DOCKET_SERVE_HOST)."
            )
            // Both may pass: the other process stops, or the address comes up (DHCP, IPv6 duplicate detection).
            throw ExitCode(ExitStatus.temporaryFailure)
        } catch {
            try? await services.shutdown()
            printError("error: \(error)")
            throw ExitCode(ExitStatus.of(error))
        }
        try await services.shutdown()
        printError("docket serve: stopped.")
    }
}

/// Remembers the last sync error so a lasting outage is reported once, not every round.
final class SyncErrorLatch: Sendable {
    private let last = Mutex<String?>(nil)

    /// Returns `message` when it differs from the last one reported.
    func changed(_ message: String?) -> String? {
        last.withLock { last in
            defer { last = message }
            return last == message ? nil : message
        }
    }
}
