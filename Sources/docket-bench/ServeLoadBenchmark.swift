import ArgumentParser
import AsyncHTTPClient
import DocketAudio
import DocketCore
import Foundation
import NIOCore
import NIOHTTP1
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

    @Option(help: "Notes the service processes at the same time (DOCKET_SERVE_WORKERS).")
    var workers = 2

    @Option(help: ArgumentHelp("The docket binary to run (default: the one next to this benchmark).", valueName: "path"))
    var docket: String?

    @Option(help: ArgumentHelp("Whisper endpoint (default DOCKET_WHISPER_URL or the local server).", valueName: "url"))
    var whisperURL: String?

    @Option(help: "Seconds to wait for every note to be processed.")
    var timeout = 900

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    struct Figures: Encodable {
        var uploads: Int
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
        let bodies: [[UInt8]] = (0..<uploads).map { i in
            let samples = [Int16](repeating: 0, count: 1_600) + speech + [Int16](repeating: 0, count: 4_800 + 16 * i)
            var bytes = WAVWriter.header(sampleRate: 16_000, channels: 1, bitsPerSample: 16, dataBytes: samples.count * 2)
            bytes.reserveCapacity(bytes.count + samples.count * 2)
            for s in samples {
                let v = UInt16(bitPattern: s)
                bytes.append(UInt8(v & 0xFF))
                bytes.append(UInt8(v >> 8))
            }
            return bytes
        }
        let floor = try fsyncFloor(bodies: bodies, directory: directory)

        let token = "bench-\(UUID().uuidString)"
        let server = try ServeProcess(
            binary: binary, directory: directory,
            environment: [
                "DOCKET_SERVICE_TOKENS": token, "DOCKET_SERVE_QUEUE": String(uploads + 10), "DOCKET_SERVE_WORKERS": String(workers),
                "DOCKET_WHISPER_URL": whisperURL ?? ProcessInfo.processInfo.environment["DOCKET_WHISPER_URL"] ?? DocketConfiguration.defaultWhisperURL.absoluteString,
                "DOCKET_TZ": "America/New_York",
            ])
        defer { server.stop() }
        let base = try await server.waitUntilListening()

        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: uploads)
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)

        // Phase 1: every upload at once.
        let acceptStart = ContinuousClock.now
        let results = await withTaskGroup(of: (Int, Duration, String?).self) { group in
            for body in bodies {
                group.addTask {
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
                        let id = (try? Self.decoder.decode(NoteResource.self, from: Data(Array(buffer: data))))?.id
                        return (Int(response.status.code), elapsed, id)
                    } catch {
                        return (0, ContinuousClock.now - start, nil)
                    }
                }
            }
            var all: [(Int, Duration, String?)] = []
            for await result in group { all.append(result) }
            return all
        }
        let acceptWall = ContinuousClock.now - acceptStart
        let accepted = results.filter { $0.0 == 202 }.compactMap(\.2)
        let latencies = results.filter { $0.0 == 202 }.map { Self.milliseconds($0.1) }.sorted()

        // Phase 2: wait until every accepted note is done.
        let deadline = ContinuousClock.now + .seconds(timeout)
        var pending = Set(accepted)
        while !pending.isEmpty, ContinuousClock.now < deadline {
            for id in pending.sorted().prefix(20) where ContinuousClock.now < deadline {
                var request = HTTPClientRequest(url: "\(base)/v1/notes/\(id)?wait=true")
                request.headers.add(name: "Authorization", value: "Bearer \(token)")
                guard let response = try? await http.execute(request, timeout: .seconds(min(90, max(1, Int64(Self.seconds(deadline - ContinuousClock.now)) + 1)))),
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
            uploads: uploads, accepted: accepted.count, refused: results.filter { $0.0 >= 400 }.count,
            failed_requests: results.filter { $0.0 == 0 }.count, processed: accepted.count - pending.count,
            stored_notes: storedNotes, lost: max(pending.count, accepted.count - storedNotes),
            accept_wall_s: Self.seconds(acceptWall), accept_per_s: Double(accepted.count) / Self.seconds(acceptWall),
            accept_p50_ms: Self.percentile(latencies, 0.5), accept_p99_ms: Self.percentile(latencies, 0.99),
            accept_max_ms: latencies.last ?? .nan, fsync_floor_p50_ms: floor.p50, fsync_floor_p99_ms: floor.p99,
            processing_wall_s: Self.seconds(processingWall), processed_per_s: Double(accepted.count - pending.count) / Self.seconds(processingWall))
        if json {
            let data = try makeJSONEncoder().encode(figures)
            print(String(decoding: data, as: UTF8.self))
        } else {
            print("\(uploads) concurrent uploads of \(String(format: "%.1f", Double(bodies[0].count) / 32_000)) s notes to docket serve on loopback (\(workers) workers)")
            let statuses = Dictionary(grouping: results, by: \.0).mapValues(\.count).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            print("accepted \(figures.accepted), refused \(figures.refused), failed requests \(figures.failed_requests) (HTTP status: count \(statuses.joined(separator: ", ")))")
            print(String(format: "acceptance (upload → 202): p50 %.1f ms, p99 %.1f ms, max %.1f ms (target p99 < 50 ms); %.0f uploads/s", figures.accept_p50_ms, figures.accept_p99_ms, figures.accept_max_ms, figures.accept_per_s))
            print(String(format: "baseline in this process, write + fsync of each note one after another: p50 %.2f ms, p99 %.2f ms", floor.p50, floor.p99))
            print(String(format: "processed %d of %d in %.1f s (%.2f notes/s); stored notes %d; lost %d", figures.processed, figures.accepted, figures.processing_wall_s, figures.processed_per_s, storedNotes, figures.lost))
        }
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

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
    static func milliseconds(_ d: Duration) -> Double { seconds(d) * 1000 }
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

    /// SIGTERM, and waits for the exit.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<400 where process.isRunning { usleep(50_000) }
    }
}
