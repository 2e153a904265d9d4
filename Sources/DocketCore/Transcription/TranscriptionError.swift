/// A transcription that failed, with what to do about it.
public struct TranscriptionError: DocketError {
    /// What kind of failure it is.
    public enum Code: String, Sendable {
        case unreachable
        case unauthorized
        case notFound
        case payloadTooLarge
        case rateLimited
        case timeout
        case server
        case badRequest
        case malformedResponse
    }

    /// What kind of failure it is.
    public var code: Code
    /// What failed and how to fix it.
    public var message: String
    /// The HTTP status, when the endpoint answered.
    public var status: Int?
    /// The underlying error, if any.
    public var cause: (any Error)?

    /// Creates an error.
    public init(_ code: Code, _ message: String, status: Int? = nil, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.status = status
        self.cause = cause
    }

}
