/// The single error type thrown by DocketAudio.
///
/// Every error carries a machine-readable ``code``, a ``message`` that names the file,
/// says what failed and what to do about it, and the underlying ``cause`` when there is one.
public typealias AudioError = BoundaryError<AudioErrorCode>

/// The kinds of ``AudioError``.
public enum AudioErrorCode: String, Sendable, CaseIterable, Hashable {
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
    /// The audio decodes to more than the caller allows (``AudioPreparer/prepare(path:workDirectory:maxPieceSeconds:maxDuration:progress:)``).
    case tooLong
    /// Reading or writing a file failed.
    case io
    /// A sound could not be played (the playback device is missing, busy or failed).
    case playback
}
