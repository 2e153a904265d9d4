/// The single error type thrown by DocketAudio.
///
/// Every error carries a machine-readable ``code``, a ``message`` that names the file,
/// says what failed and what to do about it, and the underlying ``cause`` when there is one.
public struct AudioError: DocketError {
    /// What kind of failure happened.
    public enum Code: String, Sendable, CaseIterable {
        /// The input path does not exist.
        case fileNotFound
        /// The input exists but cannot be read (a directory, no permission, …).
        case unreadable
        /// The input is not in any audio format docket recognises.
        case notAudio
        /// The input ends before any audio could be decoded.
        case truncated
        /// The WAV header is malformed (missing chunks, impossible values).
        case invalidHeader
        /// The audio uses an encoding, bit depth or sample rate docket cannot decode.
        case unsupportedEncoding
        /// The input needs ffmpeg, and ffmpeg is not installed.
        case ffmpegMissing
        /// ffmpeg ran but could not decode the input.
        case ffmpegFailed
        /// Reading or writing a file failed.
        case io
    }

    /// What kind of failure happened.
    public let code: Code
    /// What failed and what to do about it; includes the file name.
    public let message: String
    /// The underlying error, when there is one.
    public let cause: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of failure happened.
    ///   - message: What failed and what to do about it; include the file name.
    ///   - cause: The underlying error, if any.
    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

}
