import DocketAudio
import DocketCore
import DocketTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import DocketServer

/// `docket serve` against hostile clients and an unlucky disk: each case is a defect a review found, tested
/// through the real router, spool and SQLite store.
@Suite("Serve under hostile input")
struct HostileServeTests {
    static func post(
        _ client: some TestClientProtocol, _ uri: String = "/v1/notes", type: String, body: ByteBuffer
    ) async throws -> (HTTPResponse.Status, ErrorEnvelope?, TestResponse) {
        var headers = ServeFixture.auth
        headers[.contentType] = type
        let response = try await client.execute(uri: uri, method: .post, headers: headers, body: body)
        return (response.status, try? decode(ErrorEnvelope.self, response.body), response)
    }

    /// A FLAC signature and then noise: ffmpeg fails on it, and its complaint names the file it read (the note's
    /// work file in the spool).
    static let damagedFLAC = ByteBuffer(bytes: Array("fLaC".utf8) + (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })

    static func entries(_ fixture: ServeFixture, _ folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: fixture.spool.appendingPathComponent(folder).path)) ?? []
    }

    @Test("an ID3 tag in front of a playlist naming a file on the server gets 415, and nothing is spooled")
    func id3PlaylistUpload() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let secret = fixture.directory.appendingPathComponent("secret.mp3").path
        let playlist: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0] + Array("#EXTM3U\n#EXTINF:10,\n\(secret)\n#EXT-X-ENDLIST\n".utf8)
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                let (status, error, _) = try await Self.post(client, type: "audio/mpeg", body: ByteBuffer(bytes: playlist))
                #expect(status == .unsupportedMediaType)
                #expect(error?.error.code == "unsupported_media_type")
            }
            #expect(try await store.counts() == (notes: 0, tasks: 0))
            #expect(Self.entries(fixture, "journal").isEmpty)
        }
    }

    @Test("the declared media type must agree with the bytes, raw or in a form")
    func mediaTypeAgreement() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            let wav = try ServeFixture.speechWAV()
            try await app.test(.router) { client in
                var (status, error, _) = try await Self.post(client, type: "audio/mpeg", body: wav)
                #expect(status == .unsupportedMediaType)
                #expect(error?.error.message.contains("audio/wav") == true)
                let (form, formType) = ServeFixture.multipart(file: wav, fileName: "note.ogg", type: "audio/ogg")
                (status, _, _) = try await Self.post(client, type: formType, body: form)
                #expect(status == .unsupportedMediaType)
                (status, _, _) = try await Self.post(client, type: "audio/flac", body: ByteBuffer(string: "fLaX not a flac stream"))
                #expect(status == .unsupportedMediaType)
                (status, _, _) = try await Self.post(client, type: "audio/wav", body: wav)
                #expect(status == .accepted)
            }
        }
    }

    @Test("below the free-space floor uploads get 507 before the body is read, and /readyz says why")
    func insufficientStorage() async throws {
        let fixture = try ServeFixture { $0.serve.minimumFreeBytes = Int64.max / 2 }
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                let (status, error, response) = try await Self.post(client, type: "audio/wav", body: try ServeFixture.speechWAV())
                #expect(status.code == 507)
                #expect(error?.error.code == "insufficient_storage")
                #expect(response.headers[.retryAfter] != nil)
                let ready = try await client.execute(uri: "/readyz", method: .get)
                #expect(ready.status == .serviceUnavailable)
                #expect(String(buffer: ready.body).contains("DOCKET_SPOOL_MIN_FREE_MB"))
            }
            #expect(Self.entries(fixture, "journal").isEmpty)
        }
    }

    /// Mounts an 8 MiB tmpfs at `path` (root only); false when this machine can't.
    static func mountSmallDisk(_ path: String) -> Bool {
        guard getuid() == 0 else { return false }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=8m", "tmpfs", path]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { return false }
        mount.waitUntilExit()
        return mount.terminationStatus == 0
    }

    @Test(
        "on a real small disk: filled past the floor, uploads get 507 and nothing is half-written; freed, they are taken again",
        .enabled(if: getuid() == 0, "mounting a tmpfs needs root; the injected disk failure below covers other machines"))
    func smallDisk() async throws {
        let disk = FileManager.default.temporaryDirectory.appendingPathComponent("docket-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard Self.mountSmallDisk(disk.path) else {
            try? FileManager.default.removeItem(at: disk)
            return
        }
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [disk.path]
            try? umount.run()
            umount.waitUntilExit()
            try? FileManager.default.removeItem(at: disk)
        }
        let fixture = try ServeFixture {
            $0.serve.spoolDirectory = disk.appendingPathComponent("spool").path
            $0.serve.minimumFreeBytes = 2 << 20
        }
        defer { fixture.remove() }
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            let ballast = disk.appendingPathComponent("ballast")
            try await app.test(.router) { client in
                let (first, _, response) = try await Self.post(client, "/v1/notes?wait=true", type: "audio/wav", body: try ServeFixture.speechWAV(variant: 1))
                #expect(first == .ok)
                let kept = try decode(NoteResource.self, response.body)
                // Fill the disk to 1 MiB short of full: below the 2 MiB floor.
                var free = statvfs()
                statvfs(disk.path, &free)
                let room = Int(free.f_bavail) * Int(free.f_frsize)
                #expect(FileManager.default.createFile(atPath: ballast.path, contents: Data(count: room - (1 << 20))))
                let (refused, error, _) = try await Self.post(client, type: "audio/wav", body: try ServeFixture.speechWAV(variant: 2))
                #expect(refused.code == 507)
                #expect(error?.error.code == "insufficient_storage")
                #expect((try? FileManager.default.contentsOfDirectory(atPath: disk.appendingPathComponent("spool/incoming").path))?.isEmpty == true)
                try FileManager.default.removeItem(at: ballast)
                #expect(
                    try await eventually {
                        let (status, _, _) = try await Self.post(client, type: "audio/wav", body: try ServeFixture.speechWAV(variant: 3))
                        return status == .accepted || status == .ok
                    })
                #expect(try await store.note(id: kept.id)?.status == .done)
            }
        }
    }

    @Test("a disk failure while copying a note out of the journal is retried; the note is processed once the disk works")
    func diskFailureIsTemporary() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            // Work files can't be written: the note can't be copied out of the journal.
            let work = fixture.spool.appendingPathComponent("work")
            try FileManager.default.removeItem(at: work)
            try Data("not a directory".utf8).write(to: work)
            try await app.test(.router) { client in
                let (status, _, response) = try await Self.post(client, type: "audio/wav", body: try ServeFixture.speechWAV())
                #expect(status == .accepted)
                let id = try decode(NoteResource.self, response.body).id
                let retrying = try await eventually {
                    let note = try decode(NoteResource.self, try await client.execute(uri: "/v1/notes/\(id)", method: .get, headers: ServeFixture.auth).body)
                    return (note.status == .queued || note.status == .transcribing) && note.error?.code == "retrying"
                }
                #expect(retrying)
                let shown = String(buffer: try await client.execute(uri: "/v1/notes/\(id)", method: .get, headers: ServeFixture.auth).body)
                #expect(!shown.contains(fixture.directory.path))
                #expect(try await store.note(id: id) == nil)
                #expect(Self.entries(fixture, "failed").isEmpty)
                try FileManager.default.removeItem(at: work)
                try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
                let done = try await eventually { try await store.note(id: id)?.status == .done }
                #expect(done)
            }
            #expect(Self.entries(fixture, "journal").isEmpty)
        }
    }

    @Test("20 identical uploads at once: one note, every answer names it, none removes the other's work file")
    func identicalConcurrentUploads() async throws {
        let transcriber = FakeTranscriber()
        await transcriber.hold()
        let fixture = try ServeFixture(transcriber: transcriber)
        defer { fixture.remove() }
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            let wav = try ServeFixture.speechWAV(variant: 3)
            try await app.test(.router) { client in
                let ids = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<20 {
                        group.addTask {
                            let (status, _, response) = try await Self.post(client, type: "audio/wav", body: wav)
                            #expect(status == .accepted || status == .ok)
                            return try decode(NoteResource.self, response.body).id
                        }
                    }
                    return try await group.reduce(into: Set<String>()) { $0.insert($1) }
                }
                #expect(ids.count == 1)
                // The note is being processed (its hearing is held): the 19 copies that lost the race left its work file.
                #expect(try await eventually { await transcriber.calls >= 1 })
                #expect(Self.entries(fixture, "work") == [ids.first!])
                await transcriber.release()
                let done = try await eventually { try await store.note(id: ids.first!)?.status == .done }
                #expect(done)
            }
            #expect(try await store.counts() == (notes: 1, tasks: 1))
            #expect(Self.entries(fixture, "failed").isEmpty)
            #expect(Self.entries(fixture, "journal").isEmpty)
        }
    }

    @Test("a 500 names no path or system error; it carries a request id, and the details go to the log")
    func errorsLeakNothing() async throws {
        let fixture = try ServeFixture { $0.whisperURL = URL(string: "http://docket:hunter2@127.0.0.1:9/v1?key=sk-secret")! }
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            // The journal can't take records.
            let journal = fixture.spool.appendingPathComponent("journal")
            try FileManager.default.removeItem(at: journal)
            try Data().write(to: journal)
            try await app.test(.router) { client in
                let (status, error, response) = try await Self.post(client, type: "audio/wav", body: try ServeFixture.speechWAV())
                #expect(status == .internalServerError)
                let body = String(buffer: response.body)
                #expect(!body.contains(fixture.directory.path))
                #expect(!body.contains("journal"))
                #expect(error?.error.requestID?.isEmpty == false)
                let ready = String(buffer: try await client.execute(uri: "/readyz", method: .get).body)
                #expect(!ready.contains("hunter2") && !ready.contains("sk-secret") && !ready.contains(fixture.directory.path))
            }
        }
    }

    @Test("a note that fails, or waits for a retry, says why without the service's paths, URLs or credentials")
    func noteErrorsLeakNothing() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                let (_, _, response) = try await Self.post(client, "/v1/notes?wait=true", type: "audio/flac", body: Self.damagedFLAC)
                let note = try decode(NoteResource.self, response.body)
                #expect(note.status == .failed)
                #expect(note.error?.message.contains("ffmpeg could not decode") == true)
                let again = String(buffer: try await client.execute(uri: "/v1/notes/\(note.id)", method: .get, headers: ServeFixture.auth).body)
                for body in [String(buffer: response.body), again] {
                    #expect(!body.contains(fixture.directory.path) && !body.contains("/work/"))
                }
                #expect(try await store.note(id: note.id)?.error?.contains(fixture.directory.path) == false)
            }
        }
    }

    @Test("a failed note whose audio can't be kept in failed/ stays in the journal, so the next start has it")
    func failedCopyKeepsTheJournal() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            // failed/ can't take the audio.
            let failed = fixture.spool.appendingPathComponent("failed")
            try FileManager.default.removeItem(at: failed)
            try Data("not a directory".utf8).write(to: failed)
            try await app.test(.router) { client in
                let (_, _, response) = try await Self.post(client, "/v1/notes?wait=true", type: "audio/flac", body: Self.damagedFLAC)
                #expect(try decode(NoteResource.self, response.body).status == .failed)
            }
        }
        #expect(!Self.entries(fixture, "journal").filter { !$0.hasSuffix(".corrupt") }.isEmpty)
    }

    @Test("a note whose processing stopped the service twice is set aside as failed at the next start; one stop is retried")
    func noteThatStoppedTheServiceTwice() async throws {
        let transcriber = FakeTranscriber()
        await transcriber.fail(TranscriptionError(.unreachable, "Can't reach the Whisper endpoint."))
        let fixture = try ServeFixture(transcriber: transcriber)
        defer { fixture.remove() }
        // Two notes wait in the journal: the recognizer is down, and the service stops.
        let (app, _, services) = try await fixture.application()
        let ids = try await services.closing {
            let ids = try await app.test(.router) { client in
                var ids: [String] = []
                for variant in [1, 2] {
                    let (status, _, response) = try await Self.post(client, type: "audio/wav", body: try ServeFixture.speechWAV(variant: variant))
                    #expect(status == .accepted)
                    ids.append(try decode(NoteResource.self, response.body).id)
                }
                #expect(try await eventually { await transcriber.calls >= 2 })
                return ids
            }
            return ids
        }
        let started = fixture.spool.appendingPathComponent("started")
        #expect(Self.entries(fixture, "started").allSatisfy { $0 == ".stopping" }, "a retry ends its start")
        // A run that was asked to stop and then killed: what it left unfinished is no crash of its notes.
        try Data().write(to: started.appendingPathComponent(".stopping"))
        try Data([1, 1]).write(to: started.appendingPathComponent(ids[0]))
        let (afterStop, _, servicesAfterStop) = try await fixture.application()
        try await servicesAfterStop.closing {
            try await afterStop.test(.router) { _ in }
        }
        #expect(!FileManager.default.fileExists(atPath: started.appendingPathComponent(ids[0]).path), "a stop on request is no crash")
        // What crashes in the middle of processing leave (no stop was asked for): the first note's processing
        // started twice and never ended, the second's once.
        try? FileManager.default.removeItem(at: started.appendingPathComponent(".stopping"))
        try Data([1, 1]).write(to: started.appendingPathComponent(ids[0]))
        try Data([1]).write(to: started.appendingPathComponent(ids[1]))
        try Data([1]).write(to: started.appendingPathComponent(UUID().uuidString.lowercased()))

        await transcriber.fail(nil)
        let (again, store, servicesAgain) = try await fixture.application()
        try await servicesAgain.closing {
            try await again.test(.router) { client in
                let setAside = try decode(
                    NoteResource.self, try await client.execute(uri: "/v1/notes/\(ids[0])?wait=true", method: .get, headers: ServeFixture.auth).body)
                #expect(setAside.status == .failed && setAside.error?.code == "interrupted", "\(setAside)")
                #expect(setAside.error?.message.contains("stopped 2 times") == true && setAside.error?.message.contains("Upload the audio again") == true)
                let retried = try decode(
                    NoteResource.self, try await client.execute(uri: "/v1/notes/\(ids[1])?wait=true", method: .get, headers: ServeFixture.auth).body)
                #expect(retried.status == .done)
            }
        }
        #expect(try await store.note(id: ids[0])?.errorCode == "interrupted")
        #expect(Self.entries(fixture, "failed") == [ids[0]])
        #expect(FileManager.default.fileExists(atPath: fixture.spool.appendingPathComponent("failed/\(ids[0])/audio").path))
        #expect(Self.entries(fixture, "started").allSatisfy { $0 == ".stopping" } && Self.entries(fixture, "journal").isEmpty)
    }

    @Test(
        "what a client reads of an error: its message, URLs cut to scheme, host and port, no absolute paths",
        arguments: [
            (
                "Can't reach the Whisper server at http://docket:hunter2@10.0.0.2:9000/v1?key=sk-1 (connection refused).",
                "Can't reach the Whisper server at http://10.0.0.2:9000 (connection refused)."
            ),
            (
                "ffmpeg could not decode a.flac: file:/var/lib/docket/spool/work/1f2e: Invalid data. Check the file.",
                "ffmpeg could not decode a.flac: file:…: Invalid data. Check the file."
            ),
            (
                "Cannot copy the note to /srv/spool/work (No space left on device); free space.",
                "Cannot copy the note to … (No space left on device); free space."
            ),
            ("Keep 1/2 of the and/or rules, 24/7, 9:00/10:00.", "Keep 1/2 of the and/or rules, 24/7, 9:00/10:00."),
            ("The endpoint https://docket:hun(ter2@10.0.0.2:9000/v1 refused.", "The endpoint https://10.0.0.2:9000 refused."),
            ("Can't read '/home/ana/Docket Data/work/1f2e': gone.", "Can't read '…': gone."),
            ("Writing /srv/My Spool/work/1f2e failed.", "Writing … failed."),
            ("See ~/docket/spool/x and /var/lib/docket/work/x.", "See … and …."),
        ])
    func clientMessages(_ message: String, _ shown: String) {
        #expect(ServeError.clientMessage(for: AudioError(.io, message, cause: POSIXError(.ENOSPC)), spool: "/srv/My Spool") == shown)
    }

    @Test("a journal record with a length near Int64.max: the service starts, counts it, and keeps the segment")
    func corruptJournalAtStart() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let journal = fixture.spool.appendingPathComponent("journal")
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        var record: [UInt8] = SpoolJournal.magic + [1, 0, 0, 0, 2, 0, 0, 0]
        withUnsafeBytes(of: (Int64.max - 5).littleEndian) { record += $0 }
        record += Array("{}".utf8) + [UInt8](repeating: 7, count: 64)
        try Data(record).write(to: journal.appendingPathComponent(SpoolJournal.name(1)))
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
                #expect(metrics.contains("docket_spool_corrupt_records_total 1"))
                let (status, _, _) = try await Self.post(client, type: "audio/wav", body: try ServeFixture.speechWAV())
                #expect(status == .accepted)
            }
            #expect(Self.entries(fixture, "journal").contains(SpoolJournal.corruptName(1)))
        }
    }

    @Test("a corrupt segment that can't be kept as .corrupt is kept as it is, not deleted")
    func corruptSegmentThatCantBeLinked() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let journal = fixture.spool.appendingPathComponent("journal")
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        try Data(SpoolJournal.magic + [UInt8](repeating: 0xA5, count: 96)).write(to: journal.appendingPathComponent(SpoolJournal.name(1)))
        // Something that is no file already has the .corrupt name.
        try FileManager.default.createDirectory(
            at: journal.appendingPathComponent(SpoolJournal.corruptName(1)).appendingPathComponent("x"), withIntermediateDirectories: true)
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
                #expect(metrics.contains("docket_spool_corrupt_records_total 1"))
            }
            #expect(Self.entries(fixture, "journal").contains(SpoolJournal.name(1)))
        }
    }

    @Test("audio that decodes past DOCKET_MAX_AUDIO_MINUTES: a waiting upload gets 413, and the note says why")
    func tooLongAudio() async throws {
        let fixture = try ServeFixture { $0.serve.maxAudioSeconds = 1 }
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { client in
                let (status, _, response) = try await Self.post(client, "/v1/notes?wait=true", type: "audio/wav", body: try ServeFixture.speechWAV())
                #expect(status == .contentTooLarge)
                let note = try decode(NoteResource.self, response.body)
                #expect(note.status == .failed)
                #expect(note.error?.code == "audio_too_long")
                let again = try await client.execute(uri: "/v1/notes/\(note.id)", method: .get, headers: ServeFixture.auth)
                #expect(again.status == .ok)
                #expect(try decode(NoteResource.self, again.body).error?.code == "audio_too_long")
            }
        }
    }

    @Test("a form with too many text fields, or too much text, is refused")
    func formFieldCaps() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            let wav = try ServeFixture.speechWAV()
            try await app.test(.router) { client in
                let many = (0..<40).map { ("field\($0)", "x") }
                var (form, type) = ServeFixture.multipart(fields: many, file: wav)
                var (status, _, _) = try await Self.post(client, type: type, body: form)
                #expect(status == .badRequest)
                let long = (0..<8).map { ("field\($0)", String(repeating: "y", count: 4000)) }
                (form, type) = ServeFixture.multipart(fields: long, file: wav)
                (status, _, _) = try await Self.post(client, type: type, body: form)
                #expect(status == .badRequest)
            }
        }
    }
}

extension HostileServeTests {
    @Test("failed/ keeps audio for the retention time and under its size cap, oldest first")
    func failedRetention() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let spool = try UploadSpool(root: directory.url)
        let now = Date()
        // Ages in days and sizes in KiB.
        for (id, age, size) in [("old", 20.0, 1), ("a", 3.0, 400), ("b", 2.0, 400), ("c", 1.0, 400)] {
            let folder = spool.failedDirectory.appendingPathComponent(id)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let audio = folder.appendingPathComponent("audio")
            try Data(repeating: 1, count: size << 10).write(to: audio)
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age * 86_400)], ofItemAtPath: audio.path)
        }
        let removed = spool.pruneFailed(retention: .seconds(14 * 86_400), maximumBytes: 1_000 << 10, now: now)
        #expect(removed == ["old", "a"])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: spool.failedDirectory.path)) == ["b", "c"])
    }

    @Test("a running service prunes failed/ on its own, with no new failure")
    func failedRetentionWhileIdle() async throws {
        let fixture = try ServeFixture { $0.serve.failedRetention = .seconds(5) }
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            try await app.test(.router) { _ in
                // Failed audio older than the retention, left after the start's own pruning.
                let folder = fixture.spool.appendingPathComponent("failed/0b6e4f44-5d0c-4a43-9a57-3f4f3a3e2a10")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let audio = folder.appendingPathComponent("audio")
                try Data(repeating: 1, count: 1024).write(to: audio)
                try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-86_400)], ofItemAtPath: audio.path)
                #expect(try await eventually { Self.entries(fixture, "failed").isEmpty })
            }
        }
    }
}

extension HostileServeTests {
    @Test("token files may have CRLF line ends; tokens shorter than 32 characters are refused at start")
    func tokenRules() throws {
        let hash = TokenVerifier.digestHex(of: "a-long-enough-token-for-the-service-1")
        let parsed = try TokenVerifier.parseHashes("# tokens\r\n\(hash)\r\n\r\n", origin: "tokens")
        #expect(parsed.count == 1)
        var settings = ServeSettings()
        settings.tokens = ["short-token"]
        #expect(throws: ServeSetupError.self) { try TokenVerifier(settings: settings) }
        settings.tokens = ["a-long-enough-token-for-the-service-1"]
        #expect(try TokenVerifier(settings: settings).accepts(authorization: "Bearer a-long-enough-token-for-the-service-1"))
    }

    @Test("recorded_at with an offset no place has is refused")
    func impossibleOffsets() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, _, services) = try await fixture.application()
        try await services.closing {
            let wav = try ServeFixture.speechWAV()
            try await app.test(.router) { client in
                for (time, expected) in [
                    ("2026-11-18T09:00:00+15:00", HTTPResponse.Status.badRequest), ("2026-11-18T09:00:00-23:59", .badRequest),
                    ("2026-11-18T09:00:00+14:00", .accepted),
                ] {
                    let query = time.replacingOccurrences(of: "+", with: "%2B")
                    let (status, _, _) = try await Self.post(client, "/v1/notes?recorded_at=\(query)", type: "audio/wav", body: wav)
                    #expect(status == expected, "\(time)")
                }
            }
        }
    }
}

extension HostileServeTests {
    /// The body of `/readyz`.
    struct Readiness: Decodable {
        var status: String
        var checks: [String: String]
    }

    @Test(
        "upload fuzz over sockets: random bodies, types, truncated forms, huge headers and absurd queries never crash or 500; nothing accepted is lost; the service stays ready"
    )
    func uploadFuzz() async throws {
        let fixture = try ServeFixture()
        defer { fixture.remove() }
        let (app, store, services) = try await fixture.application()
        try await services.closing {
            var random = SeededGenerator(seed: 20_261_124)
            let wav = Array(try ServeFixture.speechWAV().readableBytesView)
            let types = [
                "audio/wav", "audio/mpeg", "audio/ogg", "audio/flac", "audio/mp4", "audio/webm", "text/plain", "multipart/form-data",
                "multipart/form-data; boundary=", "multipart/form-data; boundary=\"x", "audio/wav; codecs=\u{0}", "",
            ]
            let queries = [
                "", "?wait=maybe", "?recorded_at=99999-99-99T99:99", "?tz=" + String(repeating: "A", count: 5_000), "?language=%00%FF",
                "?recorded_at=2026-11-18T09:00:00%2B99:99", "?filename=../../../../etc/passwd", "?limit=-1&offset=9223372036854775807",
            ]
            var requests: [(uri: String, headers: HTTPFields, body: ByteBuffer)] = []
            for round in 0..<240 {
                var body: [UInt8]
                switch round % 6 {
                case 0: body = (0..<Int.random(in: 0..<4_000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                case 1: body = Array(wav.prefix(Int.random(in: 0...wav.count, using: &random)))
                case 2:
                    body = wav
                    for _ in 0..<8 { body[Int.random(in: 0..<body.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
                case 3:
                    let (form, _) = ServeFixture.multipart(fields: [("tz", "UTC")], file: ByteBuffer(bytes: wav))
                    body = Array(Array(form.readableBytesView).prefix(Int.random(in: 0...form.readableBytes, using: &random)))
                case 4: body = Array("ID3".utf8) + (0..<64).map { _ in UInt8.random(in: 0...255, using: &random) }
                default: body = Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8) + (0..<512).map { _ in UInt8.random(in: 0...255, using: &random) }
                }
                var headers = ServeFixture.auth
                let type = types[Int.random(in: 0..<types.count, using: &random)]
                if !type.isEmpty { headers[.contentType] = type.hasPrefix("multipart") && round % 6 == 3 ? type + "test" : type }
                if round % 5 == 0 { headers[.contentDisposition] = "attachment; filename=\"" + String(repeating: "n", count: 64 << 10) + "\"" }
                let query = queries[Int.random(in: 0..<queries.count, using: &random)]
                requests.append(("/v1/notes" + query, headers, ByteBuffer(bytes: body)))
            }
            // Over real sockets, so NIO's parser, the head deadline and the connection limit see the huge headers too.
            let accepted = try await app.test(.live) { [requests] client in
                var accepted: Set<String> = []
                for (round, request) in requests.enumerated() {
                    let response = try await client.execute(uri: request.uri, method: .post, headers: request.headers, body: request.body)
                    #expect(response.status.code < 500, "round \(round): \(response.status) \(String(buffer: response.body))")
                    if response.status == .accepted || response.status == .ok, let note = try? decode(NoteResource.self, response.body) {
                        accepted.insert(note.id)
                    }
                }
                #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
                // Still ready, but for the Whisper endpoint, which this fixture leaves closed.
                let readiness = try decode(Readiness.self, try await client.execute(uri: "/readyz", method: .get).body)
                #expect(readiness.checks.filter { $0.key != "whisper" }.values.allSatisfy { $0 == "ok" }, "\(readiness.checks)")
                // Every accepted note ends stored, done or failed with its reason.
                for id in accepted {
                    let response = try await client.execute(uri: "/v1/notes/\(id)?wait=true", method: .get, headers: ServeFixture.auth)
                    let note = try decode(NoteResource.self, response.body)
                    #expect(note.status == .done || note.status == .failed, "\(id)")
                }
                return accepted
            }
            #expect(!accepted.isEmpty, "the fuzz should reach the spool too")
            for id in accepted { #expect(try await store.note(id: id) != nil) }
        }
    }
}
