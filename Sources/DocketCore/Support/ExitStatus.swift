import DocketAudio

/// The exit statuses docket uses, from `sysexits.h`, so a service manager can tell a mistake that a restart will not
/// fix (usage, configuration) from one that may pass (an endpoint down).
public enum ExitStatus {
    /// The command was used wrongly: an unknown flag, a bad argument.
    public static let usage: Int32 = 64
    /// An input file does not exist or can't be read.
    public static let noInput: Int32 = 66
    /// Something docket needs is not there: the capture device, ffmpeg, an input device.
    public static let unavailable: Int32 = 69
    /// A file or directory docket writes can't be created.
    public static let cannotCreate: Int32 = 73
    /// Reading or writing failed.
    public static let ioError: Int32 = 74
    /// A temporary failure: an endpoint down or busy, a device in use. Trying later may work.
    public static let temporaryFailure: Int32 = 75
    /// Not allowed: no session, a session that ended, wrong credentials.
    public static let noPermission: Int32 = 77
    /// A setting is wrong or missing.
    public static let configuration: Int32 = 78

    /// The status for a run that ended with `error`; 1 for errors with no more specific status.
    public static func of(_ error: any Error) -> Int32 {
        switch error {
        case let error as any ExitStatusProviding: return error.exitStatus
        case is ConfigurationError: return configuration
        case let error as TranscriptionError:
            switch error.code {
            case .unreachable, .timeout, .rateLimited, .server: return temporaryFailure
            case .unauthorized, .notFound: return configuration
            case .payloadTooLarge, .badRequest, .malformedResponse: return 1
            }
        case let error as CaptureError:
            switch error.code {
            case .notFound, .unsupportedFormat: return unavailable
            case .busy, .disconnected: return temporaryFailure
            case .io: return ioError
            }
        case let error as ListenError:
            switch error.code {
            case .spool: return cannotCreate
            case .busy: return temporaryFailure
            case .talkDevice, .controlSocket: return unavailable
            case .interrupted: return 1
            }
        case let error as SyncError:
            switch error.code {
            case .notConfigured: return configuration
            case .notSignedIn, .sessionExpired, .invalidCredentials, .otherAccount: return noPermission
            case .transient: return temporaryFailure
            case .rejected: return 1
            case .storage: return ioError
            }
        case let error as StoreError:
            switch error.code {
            case .cannotOpen: return cannotCreate
            case .noDatabase: return noInput
            case .writeFailed, .readFailed: return ioError
            default: return 1
            }
        case let error as RemoteError:
            switch error.code {
            case .unreachable: return temporaryFailure
            case .unauthorized: return noPermission
            case .usage: return usage
            default: return 1
            }
        case let error as AudioError:
            switch error.code {
            case .fileNotFound: return noInput
            case .ffmpegMissing: return unavailable
            default: return 1
            }
        default: return 1
        }
    }
}

/// An error of a boundary outside DocketCore (the HTTP service's setup) that says its own exit status.
public protocol ExitStatusProviding: Error {
    /// The ``ExitStatus`` a run that ended with this error exits with.
    var exitStatus: Int32 { get }
}
