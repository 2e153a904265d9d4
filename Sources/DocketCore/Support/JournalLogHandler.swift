import DocketSupport
public import Foundation
public import Logging

/// Log lines for systemd's journal: each starts with the `<N>` syslog priority journald reads from a service's
/// stderr (`sd-daemon(3)`), and carries no timestamp (the journal stamps every line itself).
public struct JournalLogHandler: LogHandler {
    /// Least severe level written.
    public var logLevel: Logger.Level
    /// Metadata added to every line of this handler.
    public var metadata: Logger.Metadata = [:]
    /// Metadata added from the task's context.
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let write: @Sendable (String) -> Void

    /// A handler writing to `write` (stderr when omitted).
    public init(label: String, level: Logger.Level, write: @escaping @Sendable (String) -> Void = JournalLogHandler.standardError) {
        self.label = label
        self.logLevel = level
        self.write = write
    }

    /// Writes one line to stderr.
    public static let standardError: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data(line.utf8)) }

    /// Whether stderr is the journal: `JOURNAL_STREAM` (set by systemd for a service whose output goes to the journal)
    /// names stderr's device and inode, so a program started from such a service with stderr redirected is not
    /// mistaken for it.
    public static func stderrIsJournal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let stream = environment["JOURNAL_STREAM"] else { return false }
        let parts = stream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        guard let stderr = fileIdentity(descriptor: 2) else { return false }
        return stderr.device == device && stderr.inode == inode
    }

    /// The syslog priority journald gives a line of this level.
    public static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// Metadata of this handler for `key`.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes `<N>label: message key=value…` and a newline; a message of several lines becomes several lines, each
    /// with the priority.
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let own = event.metadata { merged.merge(own) { $1 } }
        let pairs = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let prefix = "<\(Self.priority(event.level))>"
        var text = "\(label): \(event.message)"
        if !pairs.isEmpty { text += " " + pairs }
        write(text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 + "\n" }.joined())
    }
}
