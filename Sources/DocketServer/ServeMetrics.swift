import CoreMetrics
import DocketCore
import Metrics
public import Prometheus

/// The service's metrics, registered in one Prometheus registry and rendered by `GET /metrics`.
///
/// Metric objects are created with the registry's factory, not the process-wide `MetricsSystem`, so several
/// services (tests) in one process keep their own figures.
public struct ServeMetrics: Sendable {
    /// The registry `GET /metrics` renders.
    public let registry: PrometheusCollectorRegistry
    /// The factory over ``registry`` (bootstrap `MetricsSystem` with it to add the HTTP server's own metrics).
    public let factory: PrometheusMetricsFactory

    private let uploadsAccepted: CoreMetrics.Counter
    private let uploadsDuplicate: CoreMetrics.Counter
    private let uploadBytes: CoreMetrics.Counter
    private let acceptLatency: Metrics.Timer
    private let queueDepth: CoreMetrics.Gauge
    private let syncBacklog: CoreMetrics.Gauge
    private let corruptRecords: CoreMetrics.Counter
    private let headTimeouts: CoreMetrics.Counter
    private let openConnections: CoreMetrics.Gauge
    private let stages: [String: Metrics.Timer]

    /// Stages whose latency is recorded.
    static let stageNames = ["decode", "transcribe", "extract", "store", "sync"]

    /// Creates the metrics in a new registry.
    public init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        let seconds: [Duration] = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(5),
            .seconds(10), .seconds(30), .seconds(60), .seconds(120),
        ]
        factory.defaultDurationHistogramBuckets = seconds
        self.registry = registry
        self.factory = factory
        uploadsAccepted = CoreMetrics.Counter(label: "docket_uploads_total", dimensions: [("result", "accepted")], factory: factory)
        uploadsDuplicate = CoreMetrics.Counter(label: "docket_uploads_total", dimensions: [("result", "duplicate")], factory: factory)
        uploadBytes = CoreMetrics.Counter(label: "docket_upload_bytes_total", factory: factory)
        acceptLatency = Metrics.Timer(label: "docket_upload_accept_seconds", factory: factory)
        queueDepth = CoreMetrics.Gauge(label: "docket_queue_depth", factory: factory)
        syncBacklog = CoreMetrics.Gauge(label: "docket_sync_backlog", factory: factory)
        corruptRecords = CoreMetrics.Counter(label: "docket_spool_corrupt_records_total", factory: factory)
        headTimeouts = CoreMetrics.Counter(label: "docket_serve_head_timeouts_total", factory: factory)
        openConnections = CoreMetrics.Gauge(label: "docket_serve_connections", factory: factory)
        var stages: [String: Metrics.Timer] = [:]
        for name in Self.stageNames {
            stages[name] = Metrics.Timer(label: "docket_stage_duration_seconds", dimensions: [("stage", name)], factory: factory)
        }
        self.stages = stages
    }

    /// An upload was accepted (`duplicate`: it was audio the service already had).
    func uploaded(bytes: Int, duplicate: Bool, latency: Duration) {
        (duplicate ? uploadsDuplicate : uploadsAccepted).increment()
        uploadBytes.increment(by: bytes)
        acceptLatency.record(duration: latency)
    }

    /// A request failed; `kind` is the error code.
    func error(_ kind: String) {
        CoreMetrics.Counter(label: "docket_errors_total", dimensions: [("kind", kind)], factory: factory).increment()
    }

    /// The journal held `count` corrupt records at start (passed over, kept for inspection).
    func corruptSpoolRecords(_ count: Int) {
        corruptRecords.increment(by: count)
    }

    /// Client connections open now.
    func connections(open: Int) {
        openConnections.record(open)
    }

    /// A connection closed because its request head came too late.
    func headTimedOut() {
        headTimeouts.increment()
    }

    /// Notes waiting or in progress.
    func queue(depth: Int) {
        queueDepth.record(depth)
    }

    /// Records the time of each stage of a processed note.
    func record(_ timings: StageTimings) {
        if let d = timings.decode { stages["decode"]?.record(duration: d) }
        if let d = timings.transcribe { stages["transcribe"]?.record(duration: d) }
        if let d = timings.extract { stages["extract"]?.record(duration: d) }
        if let d = timings.store { stages["store"]?.record(duration: d) }
    }

    /// A sync round ended after `duration` with `backlog` changes still waiting.
    func synced(duration: Duration, backlog: Int?) {
        stages["sync"]?.record(duration: duration)
        if let backlog { syncBacklog.record(backlog) }
    }

    /// The Prometheus text exposition of everything recorded.
    public func render() -> String {
        registry.emitToString()
    }
}
