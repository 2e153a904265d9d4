import CALSA

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The single error type of live audio capture.
///
/// Every error carries a machine-readable ``code``, a ``message`` that names the device, says
/// what failed and what to do about it, and the underlying ``cause`` when there is one (for
/// libasound failures, a value whose description names the ALSA call and its error text).
public typealias CaptureError = BoundaryError<CaptureErrorCode>

/// The kinds of ``CaptureError``.
public enum CaptureErrorCode: String, Sendable, CaseIterable, Hashable {
    /// Another program holds the device exclusively.
    case busy
    /// No PCM of that name exists (or its configuration points at something missing).
    case notFound
    /// The device cannot deliver 16 kHz mono signed 16-bit audio.
    case unsupportedFormat
    /// The device went away while capturing (unplugged, stalled, or in an unusable state).
    case disconnected
    /// Any other failure talking to the device.
    case io
}

extension CaptureError {
    /// The error for a device that disappeared mid-capture with the given negative errno.
    static func disconnected(device: String, status: Int32) -> CaptureError {
        CaptureError(
            .disconnected,
            "Capture device '\(device)' stopped working (it may have been unplugged); docket keeps trying to reopen it. Reconnect it, or stop and pass --device to choose another.",
            cause: ALSAStatus(call: "snd_pcm_readi", code: status)
        )
    }

    /// The error for a device that delivered nothing for `seconds`.
    static func stalled(device: String, seconds: Double) -> CaptureError {
        let shown = (seconds * 10).rounded() / 10
        return CaptureError(
            .disconnected,
            "Capture device '\(device)' delivered no audio for \(shown) s; docket is reopening it. If this repeats, check the device or pass --device to choose another."
        )
    }

    /// Maps a failure to open or configure `device` onto a code and an instruction.
    static func openFailed(device: String, status: ALSAStatus) -> CaptureError {
        switch -status.code {
        case EBUSY, EAGAIN:
            return CaptureError(
                .busy,
                "Capture device '\(device)' is busy: close other recorders or pass --device to choose another device.",
                cause: status
            )
        case ENOENT, ENODEV, ENXIO:
            return CaptureError(
                .notFound,
                "No capture device '\(device)': run `docket devices` to list capture devices, then pass one with --device.",
                cause: status
            )
        default:
            return CaptureError(
                .io,
                "Cannot open capture device '\(device)': check that it exists and is not in use, or pass --device to choose another (run `docket devices`).",
                cause: status
            )
        }
    }

    /// The error for a device that cannot be set to docket's capture format.
    static func unsupportedFormat(device: String, detail: String, status: ALSAStatus?) -> CaptureError {
        CaptureError(
            .unsupportedFormat,
            "Capture device '\(device)' cannot record 16 kHz mono 16-bit audio (\(detail)): pass a converting device such as 'default' or 'plughw:CARD=…' with --device (run `docket devices`).",
            cause: status
        )
    }
}

/// A failed libasound call: which function, and the negative errno it returned.
struct ALSAStatus: Error, CustomStringConvertible, Sendable, Equatable {
    /// The libasound function that failed.
    let call: String
    /// Its negative errno-style return value.
    let code: Int32

    /// `call: <snd_strerror text> (code)`.
    var description: String {
        "\(call): \(String(cString: snd_strerror(code))) (\(code))"
    }
}
