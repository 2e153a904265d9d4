import Crypto
import DocketCore
import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import DocketServer

/// The spool's journal over a real directory: group commit, recovery after a torn write, segment lifecycle.
@Suite("Spool journal")
struct SpoolJournalTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("docket-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func journal(segmentLimit: Int64 = 64 << 20) -> SpoolJournal {
        SpoolJournal(directory: directory, pool: .singleton, segmentLimit: segmentLimit)
    }

    func audio(_ i: Int, size: Int = 3_000) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ i &* 7) }
    }

    func meta(_ bytes: [UInt8]) throws -> (UploadMeta, Data) {
        let hash = hexString(SHA256.hash(data: bytes))
        let meta = UploadMeta(id: UploadSpool.noteID(contentHash: hash), contentHash: hash, mediaType: "audio/wav", bytes: bytes.count, receivedAt: Date())
        return (meta, try UploadSpool.encoder.encode(meta))
    }

    var segmentFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test("concurrent appends (in memory and from files) are all recovered, byte for byte")
    func concurrentAppendsRecover() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = journal()
        let sources = (0..<40).map { audio($0, size: 1_000 + 97 * $0) }
        let locations = try await withThrowingTaskGroup(of: (Int, SpoolLocation).self) { group in
            for (i, bytes) in sources.enumerated() {
                let (_, data) = try meta(bytes)
                group.addTask {
                    let source: ReceivedAudio
                    if i % 4 == 0 {
                        let file = directory.appendingPathComponent("in-\(i)")
                        try Data(bytes).write(to: file)
                        source = .file(file)
                    } else {
                        source = .memory(ByteBuffer(bytes: bytes))
                    }
                    return (i, try await journal.append(meta: data, audio: source, length: Int64(bytes.count)))
                }
            }
            var all: [Int: SpoolLocation] = [:]
            for try await (i, location) in group { all[i] = location }
            return all
        }
        #expect(Set(locations.values).count == 40)
        let out = directory.appendingPathComponent("out").path
        try journal.extract(try #require(locations[7]), to: out)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: out))) == sources[7])

        let recovered = self.journal().recover(decoder: UploadSpool.decoder)
        #expect(recovered.count == 40)
        for (i, bytes) in sources.enumerated() {
            let record = try #require(recovered.first { $0.meta.contentHash == hexString(SHA256.hash(data: bytes)) })
            #expect(record.location == locations[i])
        }
    }

    @Test("a record cut by a crash ends the segment: the ones before it are recovered, nothing after it is appended")
    func tornTail() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = journal()
        var last: SpoolLocation?
        for i in 0..<3 {
            let bytes = audio(i)
            last = try await journal.append(meta: try meta(bytes).1, audio: .memory(ByteBuffer(bytes: bytes)), length: Int64(bytes.count))
        }
        let location = try #require(last)
        let path = journal.path(location.segment)
        #expect(truncate(path, off_t(location.offset + location.length / 2)) == 0)

        let restarted = self.journal()
        let recovered = restarted.recover(decoder: UploadSpool.decoder)
        #expect(recovered.count == 2)
        let bytes = audio(9)
        let next = try await restarted.append(meta: try meta(bytes).1, audio: .memory(ByteBuffer(bytes: bytes)), length: Int64(bytes.count))
        #expect(next.segment > location.segment)
        #expect(segmentFiles.count == 2)
    }

    @Test("a segment is deleted once its notes are finished; full segments make way for new ones")
    func segmentLifecycle() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = journal(segmentLimit: 1_000)
        var locations: [SpoolLocation] = []
        for i in 0..<3 {
            let bytes = audio(i)
            locations.append(try await journal.append(meta: try meta(bytes).1, audio: .memory(ByteBuffer(bytes: bytes)), length: Int64(bytes.count)))
        }
        #expect(Set(locations.map(\.segment)).count == 3)
        #expect(segmentFiles.count == 3)
        journal.finish(locations[0])
        #expect(segmentFiles.count == 2)
        journal.finish(locations[2])  // the open segment
        journal.finish(locations[1])
        #expect(segmentFiles.isEmpty)

        let bytes = audio(5)
        let again = try await journal.append(meta: try meta(bytes).1, audio: .memory(ByteBuffer(bytes: bytes)), length: Int64(bytes.count))
        #expect(again.segment > locations[2].segment)
        journal.finish(again)
        #expect(segmentFiles.isEmpty)
    }
}
