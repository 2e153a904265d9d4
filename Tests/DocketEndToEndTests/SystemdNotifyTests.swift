import DocketTesting
import Foundation
import Testing

/// A datagram socket standing in for systemd's `NOTIFY_SOCKET`: collects what docket sends.
final class FakeNotifySocket: Sendable {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket: \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw TestFailure("bind \(path): \(errno)") }
    }

    deinit { close(descriptor) }

    /// The next message, waiting up to `seconds` without blocking a thread.
    func next(within seconds: Double) async throws -> String? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { return String(decoding: buffer[..<count], as: UTF8.self) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}

/// `docket serve` under a `Type=notify` unit with `WatchdogSec=`: ready once the port is bound, watchdog pings
/// while it runs, stopping on SIGTERM.
@Suite("systemd notification")
struct SystemdNotifyTests {
    @Test func serveSpeaksSdNotify() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let notify = try FakeNotifySocket(path: scratch.path("notify.sock"))
        // A 400 ms watchdog: a ping every 200 ms.
        let server = try ServeInstance(directory: scratch.url, environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "400000"])
        _ = try await server.url()
        var messages: [String] = []
        // Up to two minutes for the first pings on a loaded machine.
        while messages.filter({ $0 == "WATCHDOG=1" }).count < 2, let message = try await notify.next(within: 120) { messages.append(message) }
        let ready = messages.first { $0.hasPrefix("READY=1") }
        #expect(ready?.contains("STATUS=listening on 127.0.0.1:") == true, "\(messages)")
        #expect(messages.filter { $0 == "WATCHDOG=1" }.count >= 2, "\(messages)")
        await server.stop()
        var rest: [String] = []
        while let message = try await notify.next(within: 5) { rest.append(message) }
        #expect(rest.contains("STOPPING=1"), "\(rest)")
        #expect(server.process.terminationStatus == 0, "\(server.stderr)")
    }

    @Test func noSocketNoMessages() async throws {
        // Without NOTIFY_SOCKET docket runs as before (every other serve test); WATCHDOG_USEC alone asks nothing.
        let scratch = try Scratch()
        defer { scratch.remove() }
        let server = try ServeInstance(directory: scratch.url, environment: ["WATCHDOG_USEC": "400000", "NOTIFY_SOCKET": ""])
        _ = try await server.url()
        await server.stop()
        #expect(server.process.terminationStatus == 0, "\(server.stderr)")
    }
}
