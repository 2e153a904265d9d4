import Foundation
import JWTKit

/// A JWT payload the backend does not interpret while verifying: the claims as JSON values.
struct RawClaims: JWTPayload {
    /// The claims object.
    var claims: [String: JSONValue]

    /// Wraps claims.
    init(_ claims: [String: JSONValue]) {
        self.claims = claims
    }

    init(from decoder: any Decoder) throws {
        self.claims = try decoder.singleValueContainer().decode([String: JSONValue].self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.claims)
    }

    /// Time claims are checked by the caller, with the rules of the layer (PostgREST or GoTrue).
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Why a JWT could not be decoded or its signature checked.
enum TokenDecodeError: Error, Sendable, Equatable {
    /// The token is the empty string.
    case empty
    /// The token does not have three dot-separated parts.
    case wrongPartCount(Int)
    /// Header or payload is not base64url JSON.
    case undecodable
    /// The header names another algorithm than HS256, or the signature does not match the secret.
    case badSignature
}

/// Signs and verifies HS256 JWTs with the project's secret.
struct TokenService: Sendable {
    private let keys: JWTKeyCollection

    /// Creates the service for `secret` (used as plain text, like PostgREST's `jwt-secret`).
    init(secret: String) async {
        let keys = JWTKeyCollection()
        // Sorted keys: the same claims always give the same token (the API keys stay stable across restarts).
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        await keys.add(
            hmac: HMACKey(from: secret), digestAlgorithm: .sha256,
            serializer: DefaultJWTSerializer(jsonEncoder: encoder)
        )
        self.keys = keys
    }

    /// Signs claims with HS256 (`typ: JWT`).
    func sign(_ claims: [String: JSONValue]) async throws -> String {
        var header = JWTHeader()
        header.typ = "JWT"
        return try await self.keys.sign(RawClaims(claims), header: header)
    }

    /// Decodes a token and checks its HS256 signature; time claims are left to the caller.
    func verify(_ token: String) async throws(TokenDecodeError) -> [String: JSONValue] {
        if token.isEmpty { throw .empty }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .wrongPartCount(parts.count) }
        guard let headerData = Self.base64URLDecode(parts[0]),
            let header = JSONValue.parse(headerData)?.objectValue,
            let payloadData = Self.base64URLDecode(parts[1]),
            JSONValue.parse(payloadData)?.objectValue != nil
        else { throw .undecodable }
        guard header["alg"]?.stringValue == "HS256" else { throw .badSignature }
        do {
            return try await self.keys.verify(token, as: RawClaims.self).claims
        } catch {
            throw .badSignature
        }
    }

    /// Decodes base64url without padding; nil when the text is not base64url.
    static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }
}
