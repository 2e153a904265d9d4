import HTTPTypes
import Hummingbird

/// Emulates Supabase's Kong gateway in front of `/rest/v1` and `/auth/v1`: checks the `apikey`,
/// rewrites `Authorization`, strips the prefix, and hands the request to the layer's responder.
struct GatewayMiddleware: BackendMiddleware {
    /// A layer behind the gateway.
    typealias Layer = @Sendable (Request, BackendRequestContext) async throws -> Response

    let keys: APIKeys
    let rest: Layer
    let auth: Layer

    /// `/auth/v1` paths Supabase's gateway serves without a key.
    static let openAuthPaths: Set<String> = ["/verify", "/callback", "/authorize", "/.well-known/jwks.json"]

    func handle(_ request: Request, context: BackendRequestContext, next: Next) async throws -> Response {
        let path = request.pathOnly
        let layer: Layer
        let stripped: String
        let isOpen: Bool
        if let rest = Self.strip("/rest/v1", from: path) {
            (layer, stripped, isOpen) = (self.rest, rest, false)
        } else if let auth = Self.strip("/auth/v1", from: path) {
            (layer, stripped, isOpen) = (self.auth, auth, Self.openAuthPaths.contains(auth))
        } else {
            return try await next(request, context)
        }

        var context = context
        var headers = request.headers
        let headerKeys = request.headers[values: .apikey]
        if headerKeys.count > 1 {
            return Self.kongError("Duplicate API key found", hint: nil)
        }
        let key = headerKeys.first ?? QueryString.parse(request.rawQuery).first { $0.name == "apikey" }?.value
        if let key, let kind = self.keys.kind(of: key) {
            context.apiKeyKind = kind
            // Kong's rewrite: a user's Authorization passes; none, or `Bearer sb_…`, becomes the key's role JWT.
            let authorization = headers[.authorization]
            if authorization == nil || authorization!.hasPrefix("Bearer sb_") {
                headers[.authorization] = "Bearer " + self.keys.roleToken(for: kind)
            }
        } else if !isOpen {
            guard key != nil else {
                var response = Self.kongError(
                    "No API key found in request",
                    hint: "No `apikey` request header or url param was found."
                )
                response.headers[.wwwAuthenticate] = #"Key realm="kong""#
                return response
            }
            return Self.kongError(
                "Invalid API key",
                hint: "Double check your Supabase `anon` or `service_role` API key."
            )
        }
        // PostgREST would read `apikey` as a column filter; Kong's consumers never see it there.
        let query = QueryString.removing("apikey", from: request.rawQuery)
        let forwarded = request.with(path: stripped + (query.map { "?" + $0 } ?? ""), headers: headers)
        return try await layer(forwarded, context)
    }

    /// The path below `prefix` ("/" for the prefix itself), or nil when `path` is not under it.
    static func strip(_ prefix: String, from path: String) -> String? {
        if path == prefix { return "/" }
        guard path.hasPrefix(prefix + "/") else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// A 401 with Kong's body as hosted Supabase sends it.
    static func kongError(_ message: String, hint: String?) -> Response {
        // Key order as Kong writes it: message, then hint.
        var body = #"{"message":"# + jsonText(message)
        if let hint { body += #","hint":"# + jsonText(hint) }
        return .json(.unauthorized, body + "}")
    }
}
