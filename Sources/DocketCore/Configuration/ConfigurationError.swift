/// A setting that could not be read; the message names the key and the accepted values.
public struct ConfigurationError: DocketError {
    /// What kind of problem it is.
    public enum Code: String, Sendable {
        case invalidValue
        case unknownKey
        case unreadableFile
    }

    /// What kind of problem it is.
    public var code: Code
    /// What failed and how to fix it.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Configuration errors stand alone.
    public var cause: (any Error)? { nil }
}
