/// The error type of live listening (besides the device's own ``DocketAudio/CaptureError``).
public typealias ListenError = BoundaryError<ListenErrorCode>

/// The kinds of ``ListenError``.
public enum ListenErrorCode: String, Sendable, Hashable {
    /// `spool`: the spool directory (where notes are written while they are captured) can't be used. `busy`: another
    /// `docket listen` already uses it. `talkDevice`: the push-to-talk input device can't be opened or read.
    /// `controlSocket`: the control socket (`docket mark`) can't be opened, or no `docket listen` answers on it.
    /// `interrupted`: finishing a note left from an earlier run stopped `docket listen` before, so it was set aside.
    case spool, busy, talkDevice, controlSocket, interrupted
}
