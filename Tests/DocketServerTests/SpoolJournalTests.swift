import Crypto
import DocketCore
import DocketTesting
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
        let meta = UploadMeta(
            id: UploadSpool.noteID(contentHash: hash, key: SymmetricKey(size: .bits256)), contentHash: hash, mediaType: "audio/wav", bytes: bytes.count,
            receivedAt: Date())
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

        let recovered = self.journal().recover(decoder: UploadSpool.decoder).records
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
        let recovered = restarted.recover(decoder: UploadSpool.decoder).records
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
        // The append returns before its group's flush has quite ended; a segment finished meanwhile goes when it has.
        let deadline = ContinuousClock.now + .seconds(30)
        while !segmentFiles.isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(segmentFiles.isEmpty)
    }

    /// Appends `count` records and returns their locations and the segment's path.
    func filled(_ count: Int) async throws -> (locations: [SpoolLocation], path: String) {
        let journal = journal()
        var locations: [SpoolLocation] = []
        for i in 0..<count {
            let bytes = audio(i)
            locations.append(try await journal.append(meta: try meta(bytes).1, audio: .memory(ByteBuffer(bytes: bytes)), length: Int64(bytes.count)))
        }
        return (locations, journal.path(locations[0].segment))
    }

    func patch(_ path: String, at offset: Int64, _ bytes: [UInt8]) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    @Test("a length field near Int64.max is corruption: no trap, the records after it are still found, the segment is kept as .corrupt")
    func hugeLengthField() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (locations, path) = try await filled(3)
        // The second record's header starts right after the first record's audio; its audio length is at +12.
        let header = locations[0].offset + locations[0].length
        try patch(path, at: header + 12, withUnsafeBytes(of: (Int64.max - 5).littleEndian) { Array($0) })
        let recovery = journal().recover(decoder: UploadSpool.decoder)
        #expect(recovery.records.map(\.location) == [locations[0], locations[2]])
        #expect(recovery.corruptRecords == 1)
        #expect(recovery.corruptSegments == [SpoolJournal.corruptName(locations[0].segment)])
        #expect(segmentFiles.contains(SpoolJournal.corruptName(locations[0].segment)))
    }

    @Test("a note id that is no UUID is refused at recovery")
    func nonUUIDNoteID() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = journal()
        let bytes = audio(1)
        var (meta, _) = try meta(bytes)
        meta.id = "../../etc/passwd"
        _ = try await journal.append(meta: try UploadSpool.encoder.encode(meta), audio: .memory(ByteBuffer(bytes: bytes)), length: Int64(bytes.count))
        let recovery = self.journal().recover(decoder: UploadSpool.decoder)
        #expect(recovery.records.isEmpty)
        #expect(recovery.corruptRecords == 1)
    }

    @Test("a corrupt record in an older segment is not mistaken for a cut tail")
    func corruptOlderSegment() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (locations, path) = try await filled(2)
        #expect(truncate(path, off_t(locations[1].offset + locations[1].length / 2)) == 0)
        let later = self.journal()
        _ = later.recover(decoder: UploadSpool.decoder)
        let bytes = audio(7)
        _ = try await later.append(meta: try meta(bytes).1, audio: .memory(ByteBuffer(bytes: bytes)), length: Int64(bytes.count))
        let recovery = self.journal().recover(decoder: UploadSpool.decoder)
        #expect(recovery.records.count == 2)
        #expect(recovery.corruptRecords == 1)
    }

    @Test("fuzz: random and bit-flipped segments never trap recovery, and every intact record is found")
    func fuzzRecovery() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SeededGenerator(seed: 0x5EED_D0C7)
        let (locations, path) = try await filled(6)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        for round in 0..<300 {
            for name in segmentFiles { unlink(directory.appendingPathComponent(name).path) }
            var bytes = [UInt8](original)
            var damaged: Set<Int> = []
            if round % 3 == 0 {
                bytes = (0..<Int.random(in: 0..<5_000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                if round % 2 == 0 { bytes.replaceSubrange(0..<min(4, bytes.count), with: SpoolJournal.magic.prefix(bytes.count)) }
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let bit = Int.random(in: 0..<(bytes.count * 8), using: &generator)
                    bytes[bit / 8] ^= 1 << UInt8(bit % 8)
                    damaged.insert(bit / 8)
                }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let recovery = self.journal().recover(decoder: UploadSpool.decoder)
            guard round % 3 != 0 else { continue }
            // Every record none of whose bytes (header, metadata, audio) was flipped is recovered.
            var start: Int64 = 0
            for location in locations {
                let end = location.offset + location.length
                let intact = !damaged.contains { Int64($0) >= start && Int64($0) < end }
                if intact { #expect(recovery.records.contains { $0.location == location }, "round \(round)") }
                start = end
            }
        }
    }
}
