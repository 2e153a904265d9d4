public import DocketAudio
public import ServiceLifecycle

/// `docket listen` as a service: runs a ``ListenPipeline`` until the capture ends; graceful shutdown (SIGTERM,
/// Ctrl-C) stops the capture and lets the note in progress finish before ``run()`` returns.
public struct ListenService: Service {
    let pipeline: ListenPipeline
    let engine: CaptureEngine
    let options: ListenOptions
    let events: @Sendable (ListenEvent) -> Void
    let onFinish: @Sendable (ListenSummary) -> Void

    /// Creates the service; `onFinish` receives the summary when the run ends without an error.
    public init(
        pipeline: ListenPipeline, engine: CaptureEngine, options: ListenOptions,
        events: @escaping @Sendable (ListenEvent) -> Void, onFinish: @escaping @Sendable (ListenSummary) -> Void
    ) {
        self.pipeline = pipeline
        self.engine = engine
        self.options = options
        self.events = events
        self.onFinish = onFinish
    }

    public func run() async throws {
        let engine = self.engine
        let summary = try await withGracefulShutdownHandler {
            try await pipeline.run(engine: engine, options: options, events: events)
        } onGracefulShutdown: { [options] in
            NoteSpool.markStopping(directory: options.spoolDirectory)
            engine.requestStop()
        }
        onFinish(summary)
    }
}
