/// A database problem, with what to do about it.
public typealias StoreError = BoundaryError<StoreErrorCode>

/// The kinds of ``StoreError``.
public enum StoreErrorCode: String, Sendable, Hashable {
    case cannotOpen
    case migrationFailed
    case writeFailed
    case readFailed
}
