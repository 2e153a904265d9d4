import DocketCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Testing

@testable import DocketServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A plain TCP connection to the service on loopback, for clients no HTTP library would be: ones that send
/// half a request line and wait.
final class RawConnection {
    let descriptor: Int32
    let timeout: Duration

    /// Connects to 127.0.0.1:`port`; reads wait at most `timeout` (long: the answer may queue behind others).
    init(port: Int, timeout: Duration = .seconds(120)) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        descriptor = fd
        self.timeout = timeout
    }

    deinit { close(descriptor) }

    /// Connects, or records why not (a throw inside a live test closure would skip the test client's shutdown).
    static func open(_ port: Int) -> RawConnection? {
        do {
            return try RawConnection(port: port)
        } catch {
            Issue.record("connecting to 127.0.0.1:\(port): \(error)")
            return nil
        }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the bytes so far contain `marker` or the peer closes; nil when nothing came within the timeout.
    ///
    /// The socket is polled without blocking: a blocked read would hold one of the few threads of Swift's
    /// cooperative pool, which the service under test needs to answer.
    func receive(until marker: String, within wait: Duration? = nil) async -> String? {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + (wait ?? timeout)
        while ContinuousClock.now < deadline {
            let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n == 0 { return String(decoding: received, as: UTF8.self) }
            if n > 0 {
                received += chunk[0..<n]
                let text = String(decoding: received, as: UTF8.self)
                if text.contains(marker) { return text }
                continue
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return received.isEmpty ? nil : String(decoding: received, as: UTF8.self)
    }

    /// What a bounded read saw.
    enum Reply: Equatable {
        case nothing
        case some(String)
        init(_ text: String?) { self = text.map { .some($0) } ?? .nothing }
    }

    /// True when the peer has closed the connection (a read returns end of file at once).
    var isClosedByPeer: Bool {
        var byte: UInt8 = 0
        let n = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT) | Int32(MSG_PEEK))
        return n == 0
    }

    /// One GET with `Connection: keep-alive`; returns the response head and body.
    func get(_ path: String) async -> String? {
        send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        return await receive(until: "}")
    }
}

@Suite("Serve with slow clients")
struct SlowClientTests {
    /// Runs the real service (its own server, not a test framework's copy of its configuration, which would drop the
    /// connection limit) until `body` returns; `body` gets the port.
    static func serving(_ fixture: ServeFixture, metrics: ServeMetrics, _ body: @escaping @Sendable (Int) async -> Void) async throws {
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        let (app, _, services) = try await fixture.application(metrics: metrics) { port.yield($0.port) }
        try await services.closing {
            let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: Logger(label: "test")))
            async let run: Void = group.run()
            for await bound in ports {
                await body(bound)
                break
            }
            await group.triggerGracefulShutdown()
            try await run
        }
    }

    /// Polls `condition` every 50 ms until it holds, for up to two minutes.
    static func within(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    @Test("1,000 clients trickling request heads: /healthz still answers at once, and every slow client is still connected")
    func thousandSlowClients() async throws {
        let fixture = try ServeFixture { $0.serve.headTimeout = .seconds(600) }
        defer { fixture.remove() }
        try await Self.serving(fixture, metrics: ServeMetrics()) { port in
            var slow: [RawConnection] = []
            for n in 0..<1_000 {
                guard let connection = RawConnection.open(port) else { return }
                connection.send(n.isMultiple(of: 2) ? "GET /hea" : "P")
                slow.append(connection)
            }
            guard let health = RawConnection.open(port) else { return }
            let started = ContinuousClock.now
            let answer = await health.get("/healthz") ?? "no answer"
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            #expect(answer.contains("\"status\":\"ok\""))
            let waited = ContinuousClock.now - started
            #expect(slow.allSatisfy { !$0.isClosedByPeer }, "the slow clients were all connected while /healthz answered")
            print("[slow clients] /healthz answered in \(waited) with \(slow.count) slow clients connected")
        }
    }

    @Test("a request head trickled past the deadline closes the connection and is counted; a kept-alive connection may idle")
    func headDeadline() async throws {
        let fixture = try ServeFixture { $0.serve.headTimeout = .seconds(1) }
        defer { fixture.remove() }
        let metrics = ServeMetrics()
        try await Self.serving(fixture, metrics: metrics) { port in
            // A new connection that never finishes its head.
            guard let trickler = RawConnection.open(port) else { return }
            trickler.send("GET /heal")
            #expect(await trickler.receive(until: "\r\n\r\n") == "", "closed without an answer")

            // A kept-alive connection: idle longer than the deadline between requests is fine ...
            guard let pooled = RawConnection.open(port) else { return }
            #expect(await pooled.get("/healthz")?.hasPrefix("HTTP/1.1 200") == true)
            try? await Task.sleep(for: .seconds(2))
            #expect(await pooled.get("/healthz")?.hasPrefix("HTTP/1.1 200") == true)
            // ... but its next head, once begun, has the same deadline.
            pooled.send("GET /hea")
            #expect(await pooled.receive(until: "\r\n\r\n") == "")
            #expect(await Self.within { metrics.render().contains("docket_serve_head_timeouts_total 2") }, "\(metrics.render())")
        }
    }

    @Test("at the connection limit further clients wait in the backlog, and are served once a connection closes")
    func connectionLimit() async throws {
        // The sixteen send nothing: a head deadline shorter than a loaded machine takes to open them all would close
        // the first before the last is open.
        let fixture = try ServeFixture {
            $0.serve.maxConnections = 16
            $0.serve.headTimeout = .seconds(600)
        }
        defer { fixture.remove() }
        let metrics = ServeMetrics()
        try await Self.serving(fixture, metrics: metrics) { port in
            var silent = (0..<16).compactMap { _ in RawConnection.open(port) }
            // The service has taken all sixteen before the next client arrives.
            #expect(await Self.within { metrics.render().contains("docket_serve_connections 16") }, "\(metrics.render())")
            guard let waiting = RawConnection.open(port) else { return }
            waiting.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            // Not served while the sixteen are open (a slow machine can only make this pass, never fail).
            let early = RawConnection.Reply(await waiting.receive(until: "}", within: .seconds(1)))
            #expect(early == .nothing, "\(early)")
            silent.removeFirst()
            let answer = await waiting.receive(until: "}") ?? "no answer"
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        }
    }

    @Test(
        "the connection limit fits under the open-file limit, keeping a reserve",
        arguments: [
            (wanted: 4096, soft: rlim_t(65_536), expected: 4096),
            (wanted: 4096, soft: rlim_t(1024), expected: 768),
            (wanted: 4096, soft: ConnectionBudget.unlimited, expected: 4096),
            (wanted: 100, soft: rlim_t(200), expected: 16),
        ])
    func budget(wanted: Int, soft: rlim_t, expected: Int) {
        #expect(ConnectionBudget.fitting(wanted, softLimit: soft).connections == expected)
    }

    @Test("at start the open-file limit is raised as far as the connections need")
    func raisesLimit() throws {
        var before = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &before)
        let wanted = Int(min(before.rlim_max, 4096 + rlim_t(ConnectionBudget.reserve))) - ConnectionBudget.reserve
        let budget = ConnectionBudget.fit(wanted)
        var after = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &after)
        #expect(budget.connections == max(16, wanted))
        #expect(after.rlim_cur >= rlim_t(wanted + ConnectionBudget.reserve))
    }
}
