/// A database problem, with what to do about it.
public typealias StoreError = BoundaryError<StoreErrorCode>

/// The kinds of ``StoreError``.
public enum StoreErrorCode: String, Sendable, Hashable {
    case cannotOpen
    /// The database a command should read is not there (a mistyped `--db`).
    case noDatabase
    case migrationFailed
    case writeFailed
    case readFailed
    /// No task matches what the user gave (`docket done REF`).
    case noSuchTask
    /// Several tasks match; the message lists them.
    case ambiguousTask
}
