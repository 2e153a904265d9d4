/// A setting that could not be read; the message names the key and the accepted values.
public typealias ConfigurationError = BoundaryError<ConfigurationErrorCode>

/// The kinds of ``ConfigurationError``.
public enum ConfigurationErrorCode: String, Sendable, Hashable {
    case invalidValue
    case unknownKey
    case unreadableFile
}
