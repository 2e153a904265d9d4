import ArgumentParser
import AsyncHTTPClient
import DocketAudio
import DocketCore
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Many concurrent uploads to a real `docket serve` on loopback: acceptance latency (upload → 202), acceptance and
/// processing throughput, and that every accepted note ends up stored exactly once.
struct ServeLoadBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-load",
        abstract: "Concurrent uploads to docket serve: acceptance latency p50/p99, throughput, none lost (needs the Whisper server).")

    @Option(help: "Uploads sent at once (distinct short notes).")
    var uploads = 200

    @Option(help: ArgumentHelp("After the burst, as many more uploads sent one at a time at this rate per second (0: none).", valueName: "per-second"))
    var pacedRate = 0.0

    @Option(help: "Notes the service processes at the same time (DOCKET_SERVE_WORKERS).")
    var workers = 2

    @Option(help: ArgumentHelp("The docket binary to run (default: the one next to this benchmark).", valueName: "path"))
    var docket: String?

    @Option(help: ArgumentHelp("Whisper endpoint (default DOCKET_WHISPER_URL or the local server).", valueName: "url"))
    var whisperURL: String?

    @Option(help: "Seconds to wait for every note to be processed.")
    var timeout = 900

    @Flag(
        inversion: .prefixedNo,
        help: "First send the same burst to an HTTP server in this process that only reads each body and answers 202 (the floor of HTTP on this machine).")
    var baseline = true

    @Flag(
        help:
            "Open the client's connections before each burst (requests to /healthz, all at once) and keep them alive, so the burst's figures leave out TCP connection setup, as for clients that stay connected."
    )
    var warmConnections = false

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    struct Figures: Encodable {
        var uploads: Int
        var warm_connections: Bool
        var accepted: Int
        var refused: Int
        var failed_requests: Int
        var processed: Int
        var stored_notes: Int
        var lost: Int
        var accept_wall_s: Double
        var accept_per_s: Double
        var accept_p50_ms: Double
        var accept_p99_ms: Double
        var accept_max_ms: Double
        var server_accept_p50_le_ms: Double?
        var server_accept_p99_le_ms: Double?
        var server_accept_within_50ms: Double?
        var server_cpu_ms_per_upload: Double?
        var client_cpu_ms_per_upload: Double?
        var baseline_accept_p50_ms: Double?
        var baseline_accept_p99_ms: Double?
        var baseline_accept_per_s: Double?
        var baseline_cpu_ms_per_upload: Double?
        var paced_rate_per_s: Double
        var paced_accepted: Int
        var paced_p50_ms: Double?
        var paced_p99_ms: Double?
        var fsync_floor_p50_ms: Double
        var fsync_floor_p99_ms: Double
        var processing_wall_s: Double
        var processed_per_s: Double
    }

    func run() async throws {
        let directory = try BenchSpeech.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = docket ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("docket").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("\(binary) is not an executable; build docket first (swift build) or pass --docket.")
        }
        // Distinct notes: one spoken phrase, each with its own length of trailing silence.
        let speech = try BenchSpeech.speak("Buy milk tomorrow.", directory: directory)
        let bodies: [[UInt8]] = (0..<(pacedRate > 0 ? 2 * uploads : uploads)).map { i in
            let samples = [Int16](repeating: 0, count: 1_600) + speech + [Int16](repeating: 0, count: 4_800 + 16 * i)
            return WAVWriter.bytes(samples, sampleRate: 16_000)
        }
        let floor = try fsyncFloor(bodies: bodies, directory: directory)

        let token = "bench-\(UUID().uuidString)"
        let server = try ServeProcess(
            binary: binary, directory: directory,
            environment: [
                "DOCKET_SERVICE_TOKENS": token, "DOCKET_SERVE_QUEUE": String(bodies.count + 10), "DOCKET_SERVE_WORKERS": String(workers),
                "DOCKET_WHISPER_URL": whisperURL ?? ProcessInfo.processInfo.environment["DOCKET_WHISPER_URL"]
                    ?? DocketConfiguration.defaultWhisperURL.absoluteString,
                "DOCKET_TZ": "America/New_York",
            ])
        defer { server.stop() }
        let base = try await server.waitUntilListening()

        let http = Self.client(connections: uploads)
        @Sendable func send(_ body: [UInt8]) async -> UploadResult {
            await Self.upload(body, http: http, base: base, token: token)
        }

        // Phase 0: the same burst to a server that does nothing but read the bodies.
        let floorBurst = baseline ? try await sinkBurst(bodies: Array(bodies.prefix(uploads)), token: token) : nil

        // Phase 1: every upload at once.
        if warmConnections {
            let open = try await Self.openConnections(uploads, http: http, base: base)
            if !json { print("connections open to docket serve before the burst: \(open)") }
        }
        let serverCPU0 = server.cpuSeconds()
        let clientCPU0 = Self.processCPUSeconds()
        let acceptStart = ContinuousClock.now
        let results = await Self.burst(bodies.prefix(uploads), send: send)
        let acceptWall = ContinuousClock.now - acceptStart
        let serverCPU = (server.cpuSeconds() - serverCPU0) / Double(uploads) * 1000
        let clientCPU = (Self.processCPUSeconds() - clientCPU0) / Double(uploads) * 1000
        let serverSide = try await serverAcceptance(http: http, base: base)
        let latencies = results.filter { $0.0 == 202 }.map { Self.milliseconds($0.1) }.sorted()

        // Phase 1b: the same number again, arriving one after another at a steady rate (open loop).
        let paced: [(Int, Duration, String?)]
        if pacedRate > 0 {
            let start = ContinuousClock.now
            paced = await withTaskGroup(of: (Int, Duration, String?).self) { group in
                for (i, body) in bodies.dropFirst(uploads).enumerated() {
                    try? await Task.sleep(until: start + .seconds(Double(i) / pacedRate))
                    group.addTask { await send(body) }
                }
                var all: [(Int, Duration, String?)] = []
                for await result in group { all.append(result) }
                return all
            }
        } else {
            paced = []
        }
        let pacedLatencies = paced.filter { $0.0 == 202 }.map { Self.milliseconds($0.1) }.sorted()
        let accepted = (results + paced).filter { $0.0 == 202 }.compactMap(\.2)

        // Phase 2: wait until every accepted note is done.
        let deadline = ContinuousClock.now + .seconds(timeout)
        var pending = Set(accepted)
        while !pending.isEmpty, ContinuousClock.now < deadline {
            for id in pending.sorted().prefix(20) where ContinuousClock.now < deadline {
                var request = HTTPClientRequest(url: "\(base)/v1/notes/\(id)?wait=true")
                request.headers.add(name: "Authorization", value: "Bearer \(token)")
                guard
                    let response = try? await http.execute(
                        request, timeout: .seconds(min(90, max(1, Int64(Self.seconds(deadline - ContinuousClock.now)) + 1)))),
                    let data = try? await response.body.collect(upTo: 1 << 20),
                    let note = try? Self.decoder.decode(NoteResource.self, from: Data(Array(buffer: data)))
                else { continue }
                if note.status == .done || note.status == .failed { pending.remove(id) }
            }
        }
        let processingWall = ContinuousClock.now - acceptStart
        try await http.shutdown()
        server.stop()
        let store = try DocketStore(path: server.database)
        let storedNotes = try await store.counts().notes

        let figures = Figures(
            uploads: bodies.count, warm_connections: warmConnections, accepted: accepted.count, refused: (results + paced).filter { $0.0 >= 400 }.count,
            failed_requests: (results + paced).filter { $0.0 == 0 }.count, processed: accepted.count - pending.count,
            stored_notes: storedNotes, lost: max(pending.count, accepted.count - storedNotes),
            accept_wall_s: Self.seconds(acceptWall), accept_per_s: Double(latencies.count) / Self.seconds(acceptWall),
            accept_p50_ms: Self.percentile(latencies, 0.5), accept_p99_ms: Self.percentile(latencies, 0.99),
            accept_max_ms: latencies.last ?? .nan, server_accept_p50_le_ms: Self.finite(serverSide.p50), server_accept_p99_le_ms: Self.finite(serverSide.p99),
            server_accept_within_50ms: Self.finite(serverSide.within50),
            server_cpu_ms_per_upload: Self.finite(serverCPU), client_cpu_ms_per_upload: Self.finite(clientCPU),
            baseline_accept_p50_ms: floorBurst.map(\.p50), baseline_accept_p99_ms: floorBurst.map(\.p99),
            baseline_accept_per_s: floorBurst.map(\.perSecond), baseline_cpu_ms_per_upload: floorBurst.map(\.cpuPerUpload),
            paced_rate_per_s: pacedRate, paced_accepted: pacedLatencies.count,
            paced_p50_ms: Self.finite(Self.percentile(pacedLatencies, 0.5)), paced_p99_ms: Self.finite(Self.percentile(pacedLatencies, 0.99)),
            fsync_floor_p50_ms: floor.p50, fsync_floor_p99_ms: floor.p99,
            processing_wall_s: Self.seconds(processingWall), processed_per_s: Double(accepted.count - pending.count) / Self.seconds(processingWall))
        if json {
            let data = try makeJSONEncoder().encode(figures)
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(
                "\(uploads) concurrent uploads of \(String(format: "%.1f", Double(bodies[0].count) / 32_000)) s notes to docket serve on loopback (\(workers) workers)\(warmConnections ? ", over connections opened beforehand" : "")"
            )
            let statuses = Dictionary(grouping: results + paced, by: \.0).mapValues(\.count).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            print(
                "accepted \(figures.accepted), refused \(figures.refused), failed requests \(figures.failed_requests) (HTTP status: count \(statuses.joined(separator: ", ")))"
            )
            print(
                String(
                    format: "acceptance (upload → 202): p50 %.1f ms, p99 %.1f ms, max %.1f ms (target p99 < 50 ms); %.0f uploads/s", figures.accept_p50_ms,
                    figures.accept_p99_ms, figures.accept_max_ms, figures.accept_per_s))
            if let floorBurst {
                print(
                    String(
                        format:
                            "baseline, the same burst to an HTTP server in this process that only reads each body and answers 202: p50 %.1f ms, p99 %.1f ms, %.0f uploads/s, %.2f ms CPU per upload (client and server)",
                        floorBurst.p50, floorBurst.p99, floorBurst.perSecond, floorBurst.cpuPerUpload))
                print(
                    String(
                        format: "docket serve / baseline: p50 %.2f×, p99 %.2f×, CPU per upload %.2f×", figures.accept_p50_ms / floorBurst.p50,
                        figures.accept_p99_ms / floorBurst.p99, (serverCPU + clientCPU) / floorBurst.cpuPerUpload))
            }
            print(String(format: "CPU per upload in the burst: docket serve %.2f ms, load generator %.2f ms", serverCPU, clientCPU))
            print(
                String(
                    format:
                        "server side (request in the handler → 202, docket_upload_accept_seconds): p50 ≤ %.0f ms, p99 ≤ %.0f ms (histogram bucket bounds); %.1f %% within 50 ms",
                    serverSide.p50, serverSide.p99, serverSide.within50 * 100))
            if pacedRate > 0 {
                print(
                    String(
                        format: "then %d more at %.0f uploads/s, one at a time: p50 %.1f ms, p99 %.1f ms (%d accepted)", uploads, pacedRate,
                        figures.paced_p50_ms ?? .nan, figures.paced_p99_ms ?? .nan, figures.paced_accepted))
            }
            print(String(format: "baseline in this process, write + fsync of each note one after another: p50 %.2f ms, p99 %.2f ms", floor.p50, floor.p99))
            print(
                String(
                    format: "processed %d of %d in %.1f s (%.2f notes/s); stored notes %d; lost %d", figures.processed, figures.accepted,
                    figures.processing_wall_s, figures.processed_per_s, storedNotes, figures.lost))
        }
    }

    typealias UploadResult = (status: Int, elapsed: Duration, id: String?)

    static func client(connections: Int) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// One `POST /v1/notes`: the status (0 when the request failed), the time to the whole response, the note id.
    static func upload(_ body: [UInt8], http: HTTPClient, base: String, token: String) async -> UploadResult {
        var request = HTTPClientRequest(url: "\(base)/v1/notes")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "audio/wav")
        request.body = .bytes(ByteBuffer(bytes: body))
        let start = ContinuousClock.now
        do {
            let response = try await http.execute(request, timeout: .seconds(60))
            let data = try await response.body.collect(upTo: 1 << 20)
            let elapsed = ContinuousClock.now - start
            let id = (try? decoder.decode(NoteResource.self, from: Data(Array(buffer: data))))?.id
            return (Int(response.status.code), elapsed, id)
        } catch {
            return (0, ContinuousClock.now - start, nil)
        }
    }

    /// `count` requests to `/healthz` at once, so the pool opens that many connections and keeps them for the burst.
    /// - Returns: the established connections to the server afterwards.
    static func openConnections(_ count: Int, http: HTTPClient, base: String) async throws -> Int {
        let statuses = await burst(0..<count) { _ -> UInt in
            guard let response = try? await http.execute(HTTPClientRequest(url: "\(base)/healthz"), timeout: .seconds(30)) else { return 0 }
            _ = try? await response.body.collect(upTo: 1 << 16)
            return response.status.code
        }
        let failed = statuses.filter { $0 != 200 }.count
        guard failed == 0 else { throw ValidationError("\(failed) of \(count) requests to \(base)/healthz failed while opening connections") }
        return URL(string: base)?.port.map(establishedConnections(toPort:)) ?? 0
    }

    /// Established loopback TCP connections to `port` (from /proc/net/tcp), to show how many a warm-up opened.
    static func establishedConnections(toPort port: Int) -> Int {
        guard let table = ProcFile.text("/proc/net/tcp") else { return 0 }
        let remote = String(format: ":%04X", port)
        // sl local_address rem_address st …; state 01 is ESTABLISHED.
        return table.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count > 3 && fields[2].hasSuffix(remote) && fields[3] == "01"
        }.count
    }

    /// Every item sent at once; the results in the order they finished.
    static func burst<Item: Sendable, Result: Sendable>(_ items: some Collection<Item>, send: @escaping @Sendable (Item) async -> Result) async -> [Result] {
        await withTaskGroup(of: Result.self) { group in
            for item in items {
                group.addTask { await send(item) }
            }
            var all: [Result] = []
            for await result in group { all.append(result) }
            return all
        }
    }

    /// The burst sent to a Hummingbird server in this process, on its own two event loops like `docket serve`'s, that
    /// reads each body and answers 202 with nothing stored: what HTTP and the load generator cost on this machine.
    private func sinkBurst(bodies: [[UInt8]], token: String) async throws -> (p50: Double, p99: Double, perSecond: Double, cpuPerUpload: Double) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let router = Router()
        router.get("healthz") { _, _ -> HTTPResponse.Status in .ok }
        router.post("v1/notes") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 64 << 20)
            return Response(
                status: .accepted, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"id":"sink","status":"queued"}"#)))
        }
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "baseline")
        logger.logLevel = .warning
        let app = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { listening.yield($0.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(group), logger: logger)
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let running = Task { try await services.run() }
        defer { running.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw ValidationError("the baseline HTTP server did not start") }
        let http = Self.client(connections: bodies.count)
        let base = "http://127.0.0.1:\(port)"
        if warmConnections {
            let open = try await Self.openConnections(bodies.count, http: http, base: base)
            if !json { print("connections open to the baseline server before the burst: \(open)") }
        }
        let cpu0 = Self.processCPUSeconds()
        let start = ContinuousClock.now
        let results = await Self.burst(bodies) { await Self.upload($0, http: http, base: base, token: token) }
        let wall = Self.seconds(ContinuousClock.now - start)
        let cpu = Self.processCPUSeconds() - cpu0
        try await http.shutdown()
        await services.triggerGracefulShutdown()
        try await running.value
        try await group.shutdownGracefully()
        let latencies = results.filter { $0.status == 202 }.map { Self.milliseconds($0.elapsed) }.sorted()
        guard latencies.count == bodies.count else {
            throw ValidationError("the baseline HTTP server answered \(latencies.count) of \(bodies.count) uploads")
        }
        return (Self.percentile(latencies, 0.5), Self.percentile(latencies, 0.99), Double(latencies.count) / wall, cpu / Double(bodies.count) * 1000)
    }

    /// User + system CPU time of this process.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// The service's own acceptance times from its `/metrics` histogram: the bucket bounds of p50 and p99, and the
    /// share within 50 ms. These leave out what the client and the kernel spend before the handler runs.
    private func serverAcceptance(http: HTTPClient, base: String) async throws -> (p50: Double, p99: Double, within50: Double) {
        let response = try await http.execute(HTTPClientRequest(url: "\(base)/metrics"), timeout: .seconds(10))
        let text = String(buffer: try await response.body.collect(upTo: 16 << 20))
        var buckets: [(le: Double, count: Double)] = []
        for line in text.split(separator: "\n") where line.hasPrefix("docket_upload_accept_seconds_bucket{") {
            guard let start = line.range(of: "le=\""), let end = line[start.upperBound...].firstIndex(of: "\""),
                let count = line.split(separator: " ").last.flatMap({ Double($0) })
            else { continue }
            let bound = line[start.upperBound..<end]
            buckets.append((bound == "+Inf" ? .infinity : (Double(bound) ?? .nan) * 1000, count))
        }
        buckets.sort { $0.le < $1.le }
        guard let total = buckets.last?.count, total > 0 else { return (.nan, .nan, .nan) }
        func bound(_ p: Double) -> Double { buckets.first { $0.count >= total * p }?.le ?? .nan }
        let within = buckets.last { $0.le <= 50 }?.count ?? 0
        return (bound(0.5), bound(0.99), within / total)
    }

    /// Writing and syncing each note to the same disk, one after another: what durability alone costs.
    private func fsyncFloor(bodies: [[UInt8]], directory: URL) throws -> (p50: Double, p99: Double) {
        var times: [Double] = []
        for (i, body) in bodies.enumerated() {
            let path = directory.appendingPathComponent("floor-\(i).wav").path
            let start = ContinuousClock.now
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard fd >= 0 else { throw ValidationError("can't write \(path)") }
            _ = body.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            fsync(fd)
            close(fd)
            times.append(Self.milliseconds(ContinuousClock.now - start))
            unlink(path)
        }
        times.sort()
        return (Self.percentile(times, 0.5), Self.percentile(times, 0.99))
    }

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }

    /// `nil` for NaN (a figure with no samples), which JSON can't carry.
    static func finite(_ value: Double) -> Double? { value.isNaN ? nil : value }

    static func seconds(_ d: Duration) -> Double { d / .seconds(1) }
    static func milliseconds(_ d: Duration) -> Double { d / .milliseconds(1) }
}

/// A `docket serve` child process on a free port, with its own database and spool.
final class ServeProcess: Sendable {
    let database: String
    private let process: Process
    private let stderrPath: String

    init(binary: String, directory: URL, environment: [String: String]) throws {
        database = directory.appendingPathComponent("serve.sqlite").path
        stderrPath = directory.appendingPathComponent("serve.err").path
        guard FileManager.default.createFile(atPath: stderrPath, contents: nil) else { throw ValidationError("can't create \(stderrPath)") }
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--db", database, "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// The base URL, once the service says it listens.
    func waitUntilListening() async throws -> String {
        for _ in 0..<600 {
            let text = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            if let range = text.range(of: "listening on ") {
                return String(text[range.upperBound...].prefix { !$0.isWhitespace })
            }
            guard process.isRunning else { throw ValidationError("docket serve exited: \(text)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ValidationError("docket serve did not start within 30 s")
    }

    /// User + system CPU time of the service so far (from /proc/PID/stat), NaN when it can't be read.
    func cpuSeconds() -> Double {
        guard let text = ProcFile.text("/proc/\(process.processIdentifier)/stat"),
            let close = text.lastIndex(of: ")")
        else { return .nan }
        // After "pid (comm)": state is field 3, utime and stime are fields 14 and 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// SIGTERM, and waits for the exit.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<400 where process.isRunning { usleep(50_000) }
    }
}
