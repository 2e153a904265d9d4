public import Foundation
public import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// Tells systemd how a service started with `Type=notify` is doing (`sd_notify(3)`): a datagram such as `READY=1`
/// to the socket named by `NOTIFY_SOCKET`. Without that variable every call does nothing, so the same binary runs
/// under a terminal, a simple unit or a notify unit alike.
public struct SystemdNotifier: Sendable {
    /// The socket's path (`@name`: an abstract socket).
    public let socketPath: String?
    /// How often systemd expects `WATCHDOG=1` (`WATCHDOG_USEC`, for this process), halved as `sd_watchdog_enabled(3)`
    /// advises; nil when no watchdog is set.
    public let watchdogInterval: Duration?

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` from `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let forThisProcess = environment["WATCHDOG_PID"].map { $0 == String(getpid()) } ?? true
        if socketPath != nil, forThisProcess, let raw = environment["WATCHDOG_USEC"], let micros = Int64(raw), micros > 0 {
            watchdogInterval = .microseconds(micros / 2)
        } else {
            watchdogInterval = nil
        }
    }

    /// Whether systemd listens.
    public var isEnabled: Bool { socketPath != nil }

    /// Sends `state` (`READY=1`, `STOPPING=1`, `WATCHDOG=1`, `STATUS=…`, newline-separated). Best effort: a service
    /// is not stopped because its manager could not be told.
    /// - Returns: whether the datagram was sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity || (path.first == 0 && path.count <= capacity) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: path) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + path.count + (path.first == 0 ? 0 : 1))
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                sendto(descriptor, message, message.count, Int32(MSG_NOSIGNAL), socketAddress, length)
            }
        }
        return sent == message.count
    }
}

/// Sends `WATCHDOG=1` to systemd every half of the unit's `WatchdogSec=` while the process's tasks still run, and
/// `STOPPING=1` when a graceful shutdown begins. A process whose cooperative threads hang stops pinging, and systemd
/// restarts it.
public struct WatchdogService: Service {
    private let notifier: SystemdNotifier
    private let interval: Duration

    /// A service pinging through `notifier` every `interval`.
    public init(notifier: SystemdNotifier, interval: Duration) {
        self.notifier = notifier
        self.interval = interval
    }

    /// Pings until a graceful shutdown (then says `STOPPING=1`) or cancellation.
    public func run() async throws {
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                notifier.notify("WATCHDOG=1")
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            }
        } onGracefulShutdown: {
            notifier.notify("STOPPING=1")
        }
    }
}
