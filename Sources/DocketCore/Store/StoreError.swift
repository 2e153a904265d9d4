/// A database problem, with what to do about it.
public struct StoreError: DocketError {
    /// What kind of problem it is.
    public enum Code: String, Sendable {
        case cannotOpen
        case migrationFailed
        case writeFailed
        case readFailed
    }

    public var code: Code
    /// What failed and how to fix it.
    public var message: String
    public var cause: (any Error)?

    /// Creates an error.
    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

}
