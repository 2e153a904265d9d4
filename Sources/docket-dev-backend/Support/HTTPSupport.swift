import Foundation
import HTTPTypes
import Hummingbird

extension HTTPField.Name {
    static let apikey = Self("apikey")!
    static let prefer = Self("Prefer")!
    static let preferenceApplied = Self("Preference-Applied")!
    static let contentRange = Self("Content-Range")!
    static let range = Self("Range")!
    static let proxyStatus = Self("Proxy-Status")!
    static let supabaseAPIVersion = Self("X-Supabase-Api-Version")!
    static let sbErrorCode = Self("x-sb-error-code")!
    static let acceptProfile = Self("Accept-Profile")!
    static let contentProfile = Self("Content-Profile")!
    static let forwardedFor = Self("X-Forwarded-For")!
}

/// The JSON content type PostgREST and GoTrue answer with.
let jsonContentType = "application/json; charset=utf-8"

extension Response {
    /// A response with a JSON body given as text.
    static func json(
        _ status: HTTPResponse.Status,
        _ text: String,
        headers: HTTPFields = [:],
        contentType: String = jsonContentType
    ) -> Response {
        var headers = headers
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A response without a body (and without Content-Type).
    static func empty(_ status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentLength] = "0"
        return Response(status: status, headers: headers)
    }
}

/// One `name=value` pair of a query string, percent-decoded.
struct QueryItem: Sendable, Equatable {
    var name: String
    var value: String
}

/// Query-string handling shared by the layers.
enum QueryString {
    /// Splits a raw query into decoded pairs, in order. Like PostgREST (and HTML forms), `+` is a space.
    static func parse(_ raw: String?) -> [QueryItem] {
        guard let raw, !raw.isEmpty else { return [] }
        return raw.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(
                name: self.decode(parts[0]),
                value: parts.count > 1 ? self.decode(parts[1]) : ""
            )
        }
    }

    /// Removes every `name=…` pair from a raw query, leaving the rest byte for byte.
    static func removing(_ name: String, from raw: String?) -> String? {
        guard let raw, !raw.isEmpty else { return raw }
        let kept = raw.split(separator: "&", omittingEmptySubsequences: true).filter { pair in
            let key = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            return self.decode(key) != name
        }
        return kept.isEmpty ? nil : kept.joined(separator: "&")
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

extension Request {
    /// The path without the query string.
    var pathOnly: String {
        let path = self.head.path ?? "/"
        if let index = path.firstIndex(of: "?") { return String(path[..<index]) }
        return path
    }

    /// The raw (still percent-encoded) query string, if any.
    var rawQuery: String? {
        let path = self.head.path ?? "/"
        guard let index = path.firstIndex(of: "?") else { return nil }
        return String(path[path.index(after: index)...])
    }

    /// A copy of this request with another path (and query) and header fields; the body is shared.
    func with(path: String, headers: HTTPFields) -> Request {
        var head = self.head
        head.path = path
        head.headerFields = headers
        return Request(head: head, body: self.body)
    }
}
