/// A transcription that failed, with what to do about it.
public typealias TranscriptionError = BoundaryError<TranscriptionErrorCode>

/// The kinds of ``TranscriptionError``.
public enum TranscriptionErrorCode: String, Sendable, Hashable {
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
