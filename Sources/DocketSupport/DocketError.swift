/// An error at one of docket's boundaries (audio, capture, transcription, store, sync, configuration, …): a
/// ``code`` for programs and metrics, a ``message`` for people that says what failed and what to do about it, and
/// the underlying ``cause`` when there is one.
///
/// Each boundary has one conforming type with a `Code` enum of its own; the text shown for any of them is
/// ``description``, written once here.
public protocol DocketError: Error, CustomStringConvertible, Sendable {
    /// The kinds of failure at this boundary.
    associatedtype Code: RawRepresentable<String>, Sendable
    /// What kind of failure happened.
    var code: Code { get }
    /// What failed and what to do about it.
    var message: String { get }
    /// The underlying error, when there is one.
    var cause: (any Error)? { get }
}

extension DocketError {
    /// The message, followed by the cause unless the message already quotes it.
    public var description: String {
        guard let cause else { return message }
        let detail = String(describing: cause)
        return message.contains(detail) ? message : "\(message) (\(detail))"
    }
}

/// The error of a boundary whose failures need nothing beyond a code, a message, a cause and, for a boundary that
/// talks to an HTTP service, the status it answered. Each boundary names its own, over its own codes:
/// `public typealias AudioError = BoundaryError<AudioErrorCode>`, so `catch let error as AudioError` still tells
/// the boundaries apart.
public struct BoundaryError<Code: RawRepresentable<String> & Sendable & Hashable>: DocketError {
    /// What kind of failure happened.
    public let code: Code
    /// What failed and what to do about it.
    public let message: String
    /// The HTTP status, when an HTTP service answered (a Whisper endpoint, a remote `docket serve`).
    public let status: Int?
    /// The underlying error, when there is one.
    public let cause: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of failure happened.
    ///   - message: What failed and what to do about it; name the file, device, service or setting.
    ///   - status: The HTTP status, when a service answered.
    ///   - cause: The underlying error, if any.
    public init(_ code: Code, _ message: String, status: Int? = nil, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.status = status
        self.cause = cause
    }
}
