import DocketCore
import Foundation
import NIOCore
import Testing

@testable import DocketServer

@Suite("Serve parts")
struct ServeUnitTests {
    @Test("/readyz's endpoint check: one probe for callers that come together or within its lifetime, a new one after")
    func cachedCheck() async {
        let probes = ProbeCounter()
        let check = CachedCheck(lifetime: .seconds(3600))
        await withTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { await check.value { await probes.probe() } } }
            for await value in group { #expect(value == "ok") }
        }
        #expect(await check.value { await probes.probe() } == "ok")
        #expect(await probes.count == 1)
        let expiring = CachedCheck(lifetime: .zero)
        _ = await expiring.value { await probes.probe() }
        _ = await expiring.value { await probes.probe() }
        #expect(await probes.count == 3)
    }

    actor ProbeCounter {
        var count = 0
        func probe() -> String {
            count += 1
            return "ok"
        }
    }

    @Test func tokenVerifier() throws {
        let verifier = TokenVerifier(tokens: ["alpha", "beta"], hashes: [Array(try #require(hex(TokenVerifier.digestHex(of: "gamma"))))])
        for header in ["Bearer alpha", "bearer beta", "BEARER gamma", "Bearer  alpha "] {
            #expect(verifier.accepts(authorization: header), "\(header)")
        }
        for header in [nil, "", "alpha", "Bearer", "Bearer ", "Bearer alph", "Bearer alphaa", "Basic alpha", "Token alpha"] as [String?] {
            #expect(!verifier.accepts(authorization: header), "\(header ?? "nil")")
        }
        #expect(TokenVerifier(tokens: []).isEmpty)
    }

    @Test func tokenFile() throws {
        let hash = TokenVerifier.digestHex(of: "s3cret")
        let parsed = try TokenVerifier.parseHashes("# docket tokens\n\n\(hash)  # phone\nsha256:\(hash.uppercased())\n", origin: "tokens")
        #expect(parsed.count == 2)
        #expect(TokenVerifier(tokens: [], hashes: parsed).accepts(authorization: "Bearer s3cret"))
        #expect(throws: ServeSetupError.self) { try TokenVerifier.parseHashes("\(hash)\nnot-a-hash\n", origin: "tokens") }
        do {
            _ = try TokenVerifier.parseHashes("abc", origin: "/etc/docket/tokens")
        } catch let error as ServeSetupError {
            #expect(error.message.contains("/etc/docket/tokens line 1"))
        }
    }

    @Test(
        arguments: [
            ("audio/wav", "audio/wav"), ("audio/x-wav", "audio/wav"), ("audio/wave; codecs=1", "audio/wav"), ("AUDIO/MPEG", "audio/mpeg"),
            ("audio/mp3", "audio/mpeg"), ("audio/ogg; codecs=opus", "audio/ogg"), ("audio/webm;codecs=opus", "audio/webm"),
            ("video/webm", "audio/webm"), ("audio/mp4", "audio/mp4"), ("audio/x-m4a", "audio/mp4"), ("audio/flac", "audio/flac"),
            ("audio/x-flac", "audio/flac"), ("text/plain", nil), ("application/octet-stream", nil), ("", nil),
        ] as [(String, String?)])
    func mediaTypes(_ input: String, _ expected: String?) {
        #expect(AudioMediaType.canonical(input) == expected)
    }

    @Test(
        arguments: [
            ("multipart/form-data; boundary=abc", ["boundary": "abc"]),
            ("multipart/form-data; boundary=\"a;b\"; charset=utf-8", ["boundary": "a;b", "charset": "utf-8"]),
            ("form-data; name=\"file\"; filename=\"my note.wav\"", ["name": "file", "filename": "my note.wav"]),
            ("attachment", [:]),
        ] as [(String, [String: String])])
    func headerParameters(_ header: String, _ expected: [String: String]) {
        #expect(HeaderParameters.parse(header) == expected)
    }

    @Test("a note id is the same for the same audio on one service, different on another, and not the audio's hash")
    func noteIDsComeFromTheAudioAndTheSpool() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("docket-spool-\(UUID().uuidString)")
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("docket-spool-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: other)
        }
        let hash = String(repeating: "ab", count: 32)
        let spool = try UploadSpool(root: root)
        let id = spool.noteID(contentHash: hash)
        #expect(UUID(uuidString: id) != nil)
        #expect(id == id.lowercased())
        #expect(id == spool.noteID(contentHash: hash))
        #expect(id != spool.noteID(contentHash: String(repeating: "cd", count: 32)))
        #expect(!hash.hasPrefix(id.replacingOccurrences(of: "-", with: "").prefix(12)), "the id is not the hash's first bytes")
        // The key outlives the process: a restarted service gives the same audio the same id.
        #expect(try UploadSpool(root: root).noteID(contentHash: hash) == id)
        let key = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("note-id.key").path)
        #expect((key[.posixPermissions] as? Int) == 0o600)
        // Another service (another key) gives the same audio another id.
        #expect(try UploadSpool(root: other).noteID(contentHash: hash) != id)
        // A damaged key stops the start with what to do, rather than renaming every note.
        try Data([1, 2, 3]).write(to: other.appendingPathComponent("note-id.key"))
        #expect(throws: ServeSetupError.self) { try UploadSpool(root: other) }
    }

    @Test func queueReservesAndWakesWaiters() async throws {
        let queue = NoteQueue(limit: 2)
        #expect(queue.reserve())
        #expect(queue.reserve())
        #expect(!queue.reserve())
        queue.cancelReservation()
        let meta = UploadMeta(id: UUID().uuidString.lowercased(), contentHash: "h", mediaType: "audio/wav", bytes: 1, receivedAt: Date())
        queue.enqueue(meta, reserved: true)
        queue.enqueue(meta, reserved: false)  // the same note twice is one entry
        #expect(queue.depth == 1)
        #expect(queue.entry(contentHash: "h")?.meta.id == meta.id)
        #expect(queue.entry(contentHash: "other") == nil)
        #expect(queue.reserve())
        #expect(!queue.reserve())
        queue.cancelReservation()

        // A wait ends with its timeout while the note is unfinished, and at once when it finishes.
        let start = ContinuousClock.now
        await queue.waitUntilFinished(meta.id, timeout: .milliseconds(100))
        #expect(ContinuousClock.now - start >= .milliseconds(100))
        async let waited: Void = queue.waitUntilFinished(meta.id, timeout: .seconds(60))
        try await Task.sleep(for: .milliseconds(50))
        queue.finished(meta.id)
        await waited
        #expect(queue.entry(meta.id) == nil)
        #expect(queue.entry(contentHash: "h") == nil)
        #expect(queue.depth == 0)
    }

    @Test("the receiver counts streamed bytes against the limit; long audio goes to a file of incoming/")
    func receiverLimitsAndSpills() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docket-recv-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let spool = try UploadSpool(root: directory)
        let payload = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8) + [UInt8](repeating: 1, count: 9_988)
        let chunks = (0..<10).map { ByteBuffer(bytes: payload[($0 * 1000)..<($0 * 1000 + 1000)]) }
        let receiver = UploadReceiver(limit: 5000, spool: spool)
        await #expect(throws: ServeError.self) {
            _ = try await receiver.receive(chunks.async, contentType: "audio/wav", fileName: nil)
        }
        let short = try await UploadReceiver(limit: 20_000, spool: spool).receive(chunks.async, contentType: "audio/wav", fileName: "a.wav")
        #expect(short.audioBytes == 10_000)
        #expect(short.contentHash.count == 64)
        guard case .memory(let buffer) = short.audio else {
            Issue.record("short audio should stay in memory")
            return
        }
        #expect(buffer.readableBytes == 10_000)

        var small = UploadReceiver(limit: 20_000, spool: spool)
        small.memoryLimit = 4_000
        let long = try await small.receive(chunks.async, contentType: "audio/wav", fileName: "a.wav")
        #expect(long.contentHash == short.contentHash)
        guard case .file(let url) = long.audio else {
            Issue.record("long audio should be in a file")
            return
        }
        #expect(try Data(contentsOf: url) == Data(payload))
        let meta = try await spool.commit(
            long.audio, meta: UploadMeta(id: "x", contentHash: long.contentHash, mediaType: "audio/wav", bytes: long.audioBytes, receivedAt: Date()))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(meta.location?.length == 10_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.incomingDirectory.path).isEmpty)
    }

    @Test func deadline() async throws {
        await #expect(throws: ServeError.self) {
            try await withDeadline(.milliseconds(50)) { try await Task.sleep(for: .seconds(10)) }
        }
        #expect(try await withDeadline(.seconds(10)) { 7 } == 7)
    }

    private func hex(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}

extension Array where Element: Sendable {
    /// The elements as an async sequence (a request body made of chunks).
    var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}
