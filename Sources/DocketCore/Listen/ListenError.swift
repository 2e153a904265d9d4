/// The error type of live listening (besides the device's own ``DocketAudio/CaptureError``).
public typealias ListenError = BoundaryError<ListenErrorCode>

/// The kinds of ``ListenError``.
public enum ListenErrorCode: String, Sendable, Hashable {
    /// The spool directory (where notes are written while they are captured) can't be used.
    case spool
    /// Another `docket listen` already uses this spool directory.
    case busy
}
