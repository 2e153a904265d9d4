/// The error type of live listening (besides the device's own ``DocketAudio/CaptureError``).
public struct ListenError: DocketError {
    /// What kind of failure happened.
    public enum Code: String, Sendable {
        /// The spool directory (where notes are written while they are captured) can't be used.
        case spool
        /// Another `docket listen` already uses this spool directory.
        case busy
    }

    /// What kind of failure happened.
    public let code: Code
    /// What failed and what to do about it.
    public let message: String
    /// The underlying error, when there is one.
    public let cause: (any Error)?

    /// Creates an error.
    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

}
