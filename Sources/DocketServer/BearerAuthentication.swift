import Crypto
public import DocketCore
import Foundation
import Hummingbird

/// The service's accepted bearer tokens, kept only as SHA-256 digests and compared in constant time.
public struct TokenVerifier: Sendable {
    private let digests: [[UInt8]]

    /// Whether any token is accepted at all.
    public var isEmpty: Bool { digests.isEmpty }

    /// Accepts `tokens` (in clear) and tokens whose SHA-256 hex digest is in `hashes`.
    public init(tokens: [String], hashes: [[UInt8]] = []) {
        digests = tokens.map { Array(SHA256.hash(data: Data($0.utf8))) } + hashes
    }

    /// Builds the verifier from `DOCKET_SERVICE_TOKENS` and the file named by `DOCKET_SERVICE_TOKEN_FILE`.
    /// - Throws: ``ServeSetupError`` when the file can't be read or holds a line that is not a SHA-256 digest, or a
    ///   token is shorter than ``minimumTokenLength``.
    public init(settings: ServeSettings) throws {
        if let short = settings.tokens.firstIndex(where: { $0.count < Self.minimumTokenLength }) {
            throw ServeSetupError(
                "Token \(short + 1) of DOCKET_SERVICE_TOKENS is shorter than \(Self.minimumTokenLength) characters, which can be guessed; make tokens with `docket serve --new-token`."
            )
        }
        var hashes: [[UInt8]] = []
        if let path = settings.tokenFile {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ServeSetupError("Can't read the token file \(path) (DOCKET_SERVICE_TOKEN_FILE); check the path and its permissions.")
            }
            hashes = try Self.parseHashes(text, origin: path)
        }
        self.init(tokens: settings.tokens, hashes: hashes)
    }

    /// Shortest token accepted in `DOCKET_SERVICE_TOKENS` (`--new-token` makes 43 characters).
    public static let minimumTokenLength = 32

    /// Reads a token file: one hex SHA-256 digest per line (optionally `sha256:`-prefixed), `#` comments; LF or
    /// CRLF line ends.
    static func parseHashes(_ text: String, origin: String) throws -> [[UInt8]] {
        var result: [[UInt8]] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            line = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            if line.lowercased().hasPrefix("sha256:") { line = String(line.dropFirst(7)) }
            guard let bytes = hexBytes(line), bytes.count == 32 else {
                throw ServeSetupError(
                    "\(origin) line \(index + 1) is not a SHA-256 digest (64 hex digits); write one per line, e.g. the second column of `docket serve --new-token`."
                )
            }
            result.append(bytes)
        }
        return result
    }

    /// The hex SHA-256 digest of a token, as a token file holds it.
    public static func digestHex(of token: String) -> String {
        hexString(SHA256.hash(data: Data(token.utf8)))
    }

    /// Whether an `Authorization` header value carries an accepted bearer token. Every digest is compared in
    /// full whatever the outcome, so the time taken says nothing about which bytes matched.
    public func accepts(authorization: String?) -> Bool {
        guard let authorization, let space = authorization.firstIndex(of: " "),
            authorization[..<space].lowercased() == "bearer"
        else { return false }
        let token = authorization[authorization.index(after: space)...].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { return false }
        let presented = Array(SHA256.hash(data: Data(token.utf8)))
        var matched: UInt8 = 0
        for digest in digests {
            var difference: UInt8 = 0
            for i in 0..<32 { difference |= digest[i] ^ presented[i] }
            matched |= difference == 0 ? 1 : 0
        }
        return matched == 1
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chars.count / 2)
        var i = 0
        while i < chars.count {
            guard let hi = nibble(chars[i]), let lo = nibble(chars[i + 1]) else { return nil }
            bytes.append(hi << 4 | lo)
            i += 2
        }
        return bytes
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Refuses every request without an accepted `Authorization: Bearer` token (401 with `WWW-Authenticate`).
struct BearerAuthMiddleware<Context: RequestContext>: RouterMiddleware {
    let verifier: TokenVerifier

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization] else {
            throw ServeError.unauthorized(
                "This service needs a token: send Authorization: Bearer <token> (docket ingest --remote reads it from DOCKET_REMOTE_TOKEN).")
        }
        guard verifier.accepts(authorization: header) else {
            throw ServeError.unauthorized(
                "The bearer token is not one this service accepts; check DOCKET_REMOTE_TOKEN against the service's DOCKET_SERVICE_TOKENS or token file.")
        }
        return try await next(request, context)
    }
}

/// `docket serve` can't start as configured; the message says what to change.
public struct ServeSetupError: DocketError, ExitStatusProviding {
    /// What kind of problem it is.
    public enum Code: String, Sendable {
        /// A setting, the token list or the spool is not usable as given.
        case setup
    }

    /// What kind of problem it is (one kind: the message says which setting to change).
    public var code: Code { .setup }
    /// A setting to fix (no token, a token file or spool that can't be used), not something a restart fixes: 78,
    /// which ends systemd's restarts.
    public var exitStatus: Int32 { ExitStatus.configuration }
    /// What failed and how to fix it.
    public var message: String
    /// The underlying error, if any.
    public var cause: (any Error)?

    /// Creates an error.
    public init(_ message: String, cause: (any Error)? = nil) {
        self.message = message
        self.cause = cause
    }
}
