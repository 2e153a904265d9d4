import Hummingbird
import NIOCore

/// The request context of every layer: Hummingbird's core storage plus what the gateway found.
struct BackendRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection, so an injected fault can drop it without answering.
    let channel: any Channel
    /// The kind of `apikey` the gateway accepted (nil before the gateway, or on open paths without one).
    var apiKeyKind: APIKeys.Kind?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
        self.apiKeyKind = nil
    }

    /// Bodies up to 8 MiB (GoTrue and PostgREST accept far more; docket sends little).
    var maxUploadSize: Int { 8 * 1024 * 1024 }
}

/// A middleware of the backend's router: every layer runs in a ``BackendRequestContext``.
protocol BackendMiddleware: RouterMiddleware where Context == BackendRequestContext {}

extension BackendMiddleware {
    /// The rest of the chain after a middleware.
    typealias Next = (Request, BackendRequestContext) async throws -> Response
}
