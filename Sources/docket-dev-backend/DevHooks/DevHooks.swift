import Foundation
import HTTPTypes
import Hummingbird

/// Test hooks under `/_dev` (never behind `/rest/v1` or `/auth/v1`), all requiring a service-role
/// `apikey` (legacy `service_role` JWT or `sb_secret_…`):
/// - `POST /_dev/faults` arms a fault, `GET /_dev/faults` lists them, `DELETE /_dev/faults` disarms all;
/// - `POST /_dev/clock {"offset_seconds": N}` shifts the backend clock, `GET /_dev/clock` reads it;
/// - `GET /_dev/stats` returns the counters, `POST /_dev/reset-stats` zeroes them.
struct DevHooks: Sendable {
    let keys: APIKeys
    let faults: FaultInjector
    let clock: BackendClock
    let stats: BackendStats

    /// Adds the hook routes to `router`.
    func addRoutes(to router: Router<BackendRequestContext>) {
        let group = router.group("_dev").add(middleware: ServiceKeyMiddleware(keys: self.keys))
        group.post("faults") { request, context in
            var request = request
            let body = try await request.collectBody(upTo: 1024 * 1024)
            let rule: FaultRule
            do {
                rule = try JSONDecoder().decode(FaultRule.self, from: Data(body.readableBytesView))
            } catch {
                return Self.problem(.badRequest, "Can't read the fault: \(error). Send {\"path_prefix\": \"/rest/v1/tasks\", \"status\": 503, \"count\": 1}.")
            }
            self.faults.add(rule)
            return Response.json(.created, jsonText(["armed": self.faults.armed.count]))
        }
        group.get("faults") { _, _ in
            Response.json(.ok, jsonText(self.faults.armed))
        }
        group.delete("faults") { _, _ in
            self.faults.clear()
            return Response.empty(.noContent)
        }
        group.post("clock") { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 64 * 1024)
            guard let object = JSONValue.parse(Array(body.readableBytesView))?.objectValue,
                let offset = object["offset_seconds"]?.numberValue
            else {
                return Self.problem(.badRequest, "Send {\"offset_seconds\": N} (seconds to move the backend clock ahead; negative moves it back).")
            }
            self.clock.setOffset(offset)
            return Response.json(.ok, jsonText(["offset_seconds": offset, "now": self.clock.unixNow()]))
        }
        group.get("clock") { _, _ in
            Response.json(.ok, jsonText(["offset_seconds": self.clock.offsetSeconds, "now": self.clock.unixNow()]))
        }
        group.get("stats") { _, _ in
            Response.json(.ok, jsonText(self.stats.snapshot()))
        }
        group.post("reset-stats") { _, _ in
            self.stats.reset()
            return Response.json(.ok, jsonText(self.stats.snapshot()))
        }
    }

    static func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
        .json(status, jsonText(["message": message]))
    }
}

/// Lets only service-role keys through (header `apikey`, else `?apikey=`).
struct ServiceKeyMiddleware: BackendMiddleware {
    let keys: APIKeys

    func handle(_ request: Request, context: BackendRequestContext, next: Next) async throws -> Response {
        let key = request.headers[.apikey] ?? QueryString.parse(request.rawQuery).first { $0.name == "apikey" }?.value
        guard let key else {
            return GatewayMiddleware.kongError("No API key found in request", hint: "No `apikey` request header or url param was found.")
        }
        guard let kind = self.keys.kind(of: key), kind.isServiceRole else {
            return GatewayMiddleware.kongError("Invalid API key", hint: "The /_dev hooks need the service_role (or sb_secret_) key.")
        }
        return try await next(request, context)
    }
}
