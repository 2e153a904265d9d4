public import DocketCore
import Foundation
import HTTPTypes
public import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Where a started service listens, and what it found in its spool.
public struct ServeStarted: Sendable {
    /// The bound address.
    public var host: String
    /// The bound port (the real one when 0 was asked for).
    public var port: Int
    /// Notes accepted before a restart that are processed now.
    public var resumed: Int
    /// The spool directory.
    public var spool: String
}

/// The composition root of `docket serve`, called by the command and by tests: the HTTP API, the note processor
/// and (with `sync`) the background sync, in one application whose service group shuts them down in reverse
/// order: stop accepting, finish the notes in progress, push what is left.
///
/// Every spooled note an earlier run accepted is queued again before the server accepts connections.
/// - Parameters:
///   - services: the configuration, the Whisper client and the logger.
///   - store: the database notes and tasks go to.
///   - verifier: the accepted bearer tokens (must not be empty).
///   - metrics: the registry `/metrics` renders.
///   - sync: the sync engine, when a Supabase project is configured.
///   - onSyncReport: hears each sync round's result.
///   - onStarted: called once the server listens.
/// - Throws: ``ServeSetupError`` when the spool can't be used or no token is configured.
public func buildServeApplication(
    services: DocketServices, store: DocketStore, verifier: TokenVerifier, metrics: ServeMetrics = ServeMetrics(),
    sync: SyncEngine? = nil, onSyncReport: @escaping @Sendable (Result<SyncReport, any Error>) -> Void = { _ in },
    onStarted: @escaping @Sendable (ServeStarted) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let configuration = services.configuration
    let settings = configuration.serve
    let logger = services.logger
    guard !verifier.isEmpty else {
        throw ServeSetupError(
            "docket serve needs at least one bearer token: set DOCKET_SERVICE_TOKENS, or DOCKET_SERVICE_TOKEN_FILE to a file of SHA-256 hashes (docket serve --new-token makes a token and its hash)."
        )
    }
    let ioPool = UploadSpool.makeIOPool()
    let spool: UploadSpool
    let lock: FileLock
    do {
        spool = try UploadSpool(root: configuration.resolvedUploadSpool, ioPool: ioPool)
        lock = try spool.lock()
    } catch {
        ioPool.shutdownGracefully { _ in }
        throw error
    }
    let queue = NoteQueue(limit: settings.queueLimit) { metrics.queue(depth: $0) }
    let (pending, recovery) = spool.pending()
    spool.pruneFailed(retention: settings.failedRetention, maximumBytes: settings.failedMaximumBytes)
    for meta in pending where !queue.enqueue(meta, reserved: false) { spool.release(meta) }
    metrics.corruptSpoolRecords(recovery.corruptRecords)
    if recovery.corruptRecords > 0 {
        logger.error(
            "The spool's journal held corrupt records; they were passed over and their segments kept for inspection",
            metadata: [
                "docket.spool.corrupt_records": "\(recovery.corruptRecords)",
                "docket.spool.corrupt_segments": "\(recovery.corruptSegments.joined(separator: ","))",
                "docket.spool.unlinked_segments": "\(recovery.unlinkedSegments.joined(separator: ","))",
                "docket.spool.journal": "\(spool.journalDirectory.path)",
            ])
    }

    let nudge = sync == nil ? nil : SyncNudge()
    let intake = NoteIntake(
        spool: spool, queue: queue, store: store, receiver: UploadReceiver(limit: settings.maxUploadBytes, spool: spool), settings: settings,
        timeZone: configuration.timeZone, metrics: metrics)
    let processor = NoteProcessor(
        queue: queue, spool: spool, spoolLock: lock, pipeline: services.ingestPipeline(store: store, nudge: nudge), store: store,
        configuration: configuration, metrics: metrics, logger: logger)
    let readiness = ReadinessProbe(store: store, services: services, spool: spool, minimumFreeBytes: settings.minimumFreeBytes)

    let router = Router()
    router.add(middleware: ErrorMiddleware(metrics: metrics))
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: LogRequestsMiddleware(.debug))
    router.get("healthz") { _, _ in HealthBody(status: "ok") }
    router.get("readyz") { request, context in try await readiness.respond(request: request, context: context) }
    router.get("metrics") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.render())))
    }
    let v1 = router.group("v1").add(middleware: BearerAuthMiddleware(verifier: verifier))
    v1.post("notes") { request, _ in try await intake.accept(request) }
    v1.get("notes/{id}") { request, context in
        try await intake.status(request, id: context.parameters.require("id"))
    }
    v1.get("tasks") { request, _ in try await TaskList.respond(request: request, store: store) }

    // The spool's threads are the first service, so they stop last: after the server and the note processor.
    var serviceList: [any Service] = [ThreadPoolService(pool: ioPool)]
    if let interval = services.systemd.watchdogInterval { serviceList.insert(WatchdogService(notifier: services.systemd, interval: interval), at: 0) }
    if let sync, let nudge {
        serviceList.append(
            SyncService(
                engine: sync, store: store, interval: configuration.syncRoundInterval, nudge: nudge, logger: logger,
                onReport: onSyncReport,
                onRound: { duration, report in metrics.synced(duration: duration, backlog: report?.remaining) }))
    }
    serviceList.append(processor)
    serviceList.append(FailedAudioPruner(spool: spool, retention: settings.failedRetention, maximumBytes: settings.failedMaximumBytes))
    if configuration.notify.isEnabled { serviceList.append(services.reminderService(store: store)) }
    let resumed = pending.count
    let spoolPath = spool.root.path
    let budget = ConnectionBudget.fit(settings.maxConnections)
    if budget.connections < settings.maxConnections {
        logger.warning(
            "The open-file limit leaves room for fewer connections than DOCKET_SERVE_MAX_CONNECTIONS; raise LimitNOFILE (or ulimit -n) to allow more",
            metadata: [
                "docket.serve.max_connections": "\(budget.connections)", "docket.serve.wanted_connections": "\(settings.maxConnections)",
                "docket.serve.open_file_limit": "\(budget.descriptors)",
            ])
    }
    let headTimeout = TimeAmount(settings.headTimeout)
    return Application(
        router: router,
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [RequestHeadDeadline(timeout: headTimeout, onTimeout: { metrics.headTimedOut() })],
                // A head in progress is the head deadline's business: a longer deadline is not cut short by idling.
                idleTimeout: max(.seconds(60), headTimeout))),
        configuration: ApplicationConfiguration(
            address: .hostname(settings.host, port: settings.port), serverName: "docket",
            availableConnectionsDelegate: CountedConnections(maximum: budget.connections) { metrics.connections(open: $0) }),
        services: serviceList,
        onServerRunning: { channel in
            services.notifyReady(status: "listening on \(settings.host):\(channel.localAddress?.port ?? settings.port)")
            await onStarted(ServeStarted(host: settings.host, port: channel.localAddress?.port ?? settings.port, resumed: resumed, spool: spoolPath))
        },
        logger: logger)
}

struct HealthBody: ResponseEncodable {
    var status: String
}

/// `GET /v1/tasks[?since=ISO-8601][&limit=N]`: recently created or changed tasks, newest first; a deleted task is
/// listed with its `deleted_at` so that a client can drop it.
enum TaskList {
    struct Body: Encodable {
        var tasks: [StoredTaskJSON]
    }

    static func respond(request: Request, store: DocketStore) async throws -> Response {
        let query = request.uri.queryParameters
        var since: Date?
        if let raw = query["since"] {
            guard let date = ReferenceTime.parse(String(raw), zone: TimeZone(secondsFromGMT: 0)!) else {
                throw ServeError.badRequest("since=\(raw) is not an ISO-8601 time; use e.g. 2026-11-18T09:00:00Z.")
            }
            since = date
        }
        var limit = 100
        if let raw = query["limit"] {
            guard let n = Int(raw), (1...1000).contains(n) else {
                throw ServeError.badRequest("limit=\(raw) must be a whole number from 1 to 1000.")
            }
            limit = n
        }
        let tasks = try await store.tasks(changedSince: since, limit: limit)
        let body = Body(tasks: tasks.map(StoredTaskJSON.init))
        let data = try makeJSONEncoder().encode(body)
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Turns every error into the API's JSON error shape and counts it by kind.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServeMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ServeError {
            metrics.error(error.code)
            if let detail = error.detail {
                context.logger.error("Request failed", metadata: ["docket.error.code": "\(error.code)", "docket.error": "\(detail)"])
            }
            throw error
        } catch let error as any HTTPResponseError {
            let serve: ServeError
            switch error.status {
            case .notFound:
                serve = ServeError(
                    .notFound, code: "not_found",
                    "There is nothing at \(request.method) \(request.uri.path); the API is POST /v1/notes, GET /v1/notes/{id}, GET /v1/tasks, /healthz, /readyz and /metrics."
                )
            case .methodNotAllowed:
                serve = ServeError(.methodNotAllowed, code: "method_not_allowed", "\(request.method) is not allowed on \(request.uri.path).")
            case .contentTooLarge:
                serve = ServeError(.contentTooLarge, code: "payload_too_large", "The request body is too large for the service.")
            default:
                serve = ServeError(
                    error.status, code: "http_\(error.status.code)", "The request can't be handled (\(error.status.reasonPhrase)).", detail: "\(error)")
            }
            metrics.error(serve.code)
            throw serve
        } catch let error as StoreError {
            metrics.error("store")
            context.logger.error("Database error", metadata: ["docket.error": "\(error)"])
            throw ServeError(.serviceUnavailable, code: "store", "The service can't use its database right now; try again later.", headers: [.retryAfter: "5"])
        } catch {
            metrics.error("internal")
            context.logger.error("Unexpected error", metadata: ["docket.error": "\(error)"])
            throw ServeError(.internalServerError, code: "internal", "The service failed unexpectedly; try again, and report it if it keeps happening.")
        }
    }
}

/// `GET /readyz`: the database answers, the spool is writable with free space, and the Whisper endpoint can be
/// reached. The endpoint's answer is kept for a few seconds, so calls to this open endpoint don't each make a
/// request of their own; what it shows names no path, URL credentials or file-system error.
struct ReadinessProbe: Sendable {
    let store: DocketStore
    let services: DocketServices
    let spool: UploadSpool
    let minimumFreeBytes: Int64
    let endpoint = CachedCheck(lifetime: .seconds(5))

    struct Body: ResponseEncodable {
        var status: String
        var checks: [String: String]
    }

    func respond(request: Request, context: some RequestContext) async throws -> Response {
        var checks: [String: String] = [:]
        checks["store"] = await store.isReadable() ? "ok" : "the database does not answer"
        checks["spool"] = FileManager.default.isWritableFile(atPath: spool.journalDirectory.path) ? "ok" : "the spool is not writable"
        checks["disk"] = spool.lowSpace(minimum: minimumFreeBytes) ?? "ok"
        checks["whisper"] = await endpoint.value { await services.transcriberReachability() }
        let ready = checks.values.allSatisfy { $0 == "ok" }
        var response = try context.responseEncoder.encode(Body(status: ready ? "ready" : "not_ready", checks: checks), from: request, context: context)
        response.status = ready ? .ok : .serviceUnavailable
        return response
    }
}

/// The last answer of a check, reused while younger than `lifetime`; callers that come while it runs wait for it.
actor CachedCheck {
    let lifetime: Duration
    private var last: (value: String, at: ContinuousClock.Instant)?
    private var running: Task<String, Never>?

    init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    func value(_ check: @escaping @Sendable () async -> String) async -> String {
        if let last, ContinuousClock.now - last.at < lifetime { return last.value }
        if let running { return await running.value }
        let task = Task { await check() }
        running = task
        let value = await task.value
        last = (value, ContinuousClock.now)
        running = nil
        return value
    }
}
