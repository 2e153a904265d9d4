import DocketAudio
import DocketCore
import DocketTesting
import Foundation
import Testing

/// `docket doctor` against the real parts: the test Whisper server, the local Supabase-compatible backend, ALSA
/// reading a `file` PCM, SQLite. Each part broken on purpose gives its ✗ and its fix.
@Suite("docket doctor", .serialized)
struct DoctorTests {
    struct Report: Decodable {
        var ok: Bool
        var checks: [DoctorCheck]

        func check(_ name: String) -> DoctorCheck? { checks.first { $0.name == name } }
    }

    /// A scratch home with an ALSA `file` PCM named `mic` that reads a second of a tone.
    struct Setup {
        let scratch: Scratch
        let alsaConfig: String
        var environment: [String: String]

        init() throws {
            scratch = try Scratch()
            for dir in ["home", "data"] { try FileManager.default.createDirectory(atPath: scratch.path(dir), withIntermediateDirectories: true) }
            let raw = scratch.path("tone.raw")
            let tone = (0..<16_000).map { Int16(3000 * sin(2 * Double.pi * 440 * Double($0) / 16_000)) }
            try tone.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: raw))
            alsaConfig = scratch.path("asound.conf")
            try ALSACaptureDevice.filePCMConfiguration(name: "mic", infile: raw).write(toFile: alsaConfig, atomically: true, encoding: .utf8)
            environment = [
                "HOME": scratch.path("home"), "XDG_CONFIG_HOME": scratch.path("home/.config"), "DOCKET_DB": scratch.path("data/docket.sqlite"),
                "DOCKET_DEVICE": "mic", "DOCKET_WHISPER_URL": TestEnvironment.whisperURL?.absoluteString ?? "", "DOCKET_ACTIVATION": "always",
                "DOCKET_SUPABASE_URL": "", "DOCKET_NOTIFY": "", "DOCKET_CONFIG": "", "CREDENTIALS_DIRECTORY": "",
            ]
        }

        /// Runs `docket doctor --json` (the built binary, or an installed one).
        func doctor(
            _ extra: [String: String] = [:], arguments: [String] = [], binary: String = TestEnvironment.docketBinary.path
        ) async throws -> (status: Int32, report: Report?, stdout: String) {
            let result = try await run(
                binary, ["doctor", "--json", "--alsa-config", alsaConfig] + arguments,
                environment: environment.merging(extra) { $1 }, check: false)
            return (result.status, try? JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8)), result.stdout + result.stderr)
        }
    }

    @Test(.enabled(if: TestEnvironment.whisperAvailable && DevBackend.available))
    func everyPartWorking() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let backend = try #require(DevBackend.shared)
        let user = try await backend.createUserWithID()
        let result = try await setup.doctor([
            "DOCKET_SUPABASE_URL": backend.url.absoluteString, "DOCKET_SUPABASE_SERVICE_KEY": backend.serviceKey, "DOCKET_SUPABASE_USER_ID": user.id,
        ])
        let report = try #require(result.report, "\(result.stdout)")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(report.ok)
        for name in ["config", "audio", "whisper", "database", "directories", "supabase"] {
            #expect(report.check(name)?.status == .pass, "\(name): \(report.check(name)?.detail ?? "missing")")
        }
        #expect(report.check("audio")?.detail.contains("dBFS") == true)
        #expect(report.check("whisper")?.detail.contains("real-time factor") == true)
        #expect(report.check("supabase")?.detail.contains("clock within") == true)
        #expect(report.check("wake-word")?.status == .skip)
        #expect(report.check("speech")?.status == .skip)
        #expect(report.check("notify")?.status == .skip)
    }

    @Test("the read-back voice: the real Wyoming speech server, espeak-ng without one, and a server that is down", .enabled(if: TestEnvironment.ttsAvailable))
    func readBackVoice() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let skipping = ["--skip", "audio,whisper,database,directories"]
        let url = try #require(TestEnvironment.ttsURL)
        let server = try await setup.doctor(["DOCKET_CONFIRM": "speak", "DOCKET_TTS_URL": url], arguments: skipping)
        let spoken = try #require(server.report?.check("speech"), "\(server.stdout)")
        #expect(spoken.status == .pass && spoken.detail.contains("read a sample back"), "\(spoken.detail)")
        #expect(server.status == 0, "\(server.stdout)")

        let espeak = try await setup.doctor(["DOCKET_CONFIRM": "speak"], arguments: skipping)
        #expect(espeak.report?.check("speech")?.detail.contains("espeak-ng read a sample back") == true, "\(espeak.stdout)")

        let down = try await setup.doctor(["DOCKET_CONFIRM": "speak", "DOCKET_TTS_URL": "tcp://127.0.0.1:\(try freePort())"], arguments: skipping)
        let failed = try #require(down.report?.check("speech"), "\(down.stdout)")
        #expect(failed.status == .fail && failed.fix?.contains("tts-server.sh start") == true, "\(failed.detail)")
        #expect(down.status == ExitStatus.unavailable)
    }

    @Test(.enabled(if: DevBackend.available))
    func eachBrokenPartSaysHowToFixIt() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let backend = try #require(DevBackend.shared)
        let closed = try freePort()
        let result = try await setup.doctor([
            "DOCKET_DEVICE": "nomic",
            "DOCKET_WHISPER_URL": "http://127.0.0.1:\(closed)",
            "DOCKET_SUPABASE_URL": backend.url.absoluteString, "DOCKET_SUPABASE_ANON_KEY": "not-the-key",
            "DOCKET_SPOOL_MIN_FREE_MB": "10000000",
            "DOCKET_NOTIFY": "webhook:http://127.0.0.1:\(closed)/hook",
        ])
        let report = try #require(result.report, "\(result.stdout)")
        #expect(result.status == ExitStatus.unavailable)
        #expect(!report.ok)
        let expected: [(check: String, detail: String, fix: String)] = [
            ("audio", "nomic", "DOCKET_DEVICE"),
            ("whisper", "127.0.0.1:\(closed)", "whisper-server.sh start"),
            ("supabase", "answered 401", "DOCKET_SUPABASE_ANON_KEY"),
            ("directories", "MiB free", "DOCKET_SPOOL_MIN_FREE_MB"),
            ("notify", "did not answer", "DOCKET_NOTIFY"),
        ]
        for row in expected {
            let check = try #require(report.check(row.check))
            #expect(check.status == .fail, "\(row.check): \(check.detail)")
            #expect(check.detail.contains(row.detail), "\(row.check): \(check.detail)")
            #expect(check.fix?.contains(row.fix) == true, "\(row.check): \(check.fix ?? "no fix")")
        }
        #expect(report.check("database")?.status == .pass)
        #expect(!FileManager.default.fileExists(atPath: setup.scratch.path("data/docket.sqlite")), "a check creates no database")
    }

    @Test(.enabled(if: DevBackend.available))
    func expiredSessionAsksForLogin() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let backend = try #require(DevBackend.shared)
        let sessionPath = setup.scratch.path("session.json")
        try SessionFile(path: sessionPath).save(
            Session(accessToken: "expired", refreshToken: "revoked", expiresAt: 1_000_000, userID: UUID().uuidString.lowercased(), email: "gone@example.com"))
        let result = try await setup.doctor(
            ["DOCKET_SUPABASE_URL": backend.url.absoluteString, "DOCKET_SUPABASE_ANON_KEY": backend.anonKey, "DOCKET_SESSION": sessionPath],
            arguments: ["--skip", "audio,whisper"])
        let report = try #require(result.report, "\(result.stdout)")
        let supabase = try #require(report.check("supabase"))
        #expect(supabase.status == .fail, "\(supabase.detail)")
        #expect(supabase.fix == "Run docket login.")
        #expect(report.check("audio")?.status == .skip)
        #expect(result.status == ExitStatus.unavailable)
    }

    @Test func badSettingsFileIsAConfigurationError() async throws {
        var setup = try Setup()
        defer { setup.scratch.remove() }
        let file = setup.scratch.path("docket.env")
        try "# docket\nexport DOCKET_LANGUAGE=de\n".write(toFile: file, atomically: true, encoding: .utf8)
        setup.environment["DOCKET_CONFIG"] = file
        let result = try await setup.doctor()
        #expect(result.status == ExitStatus.configuration)
        let check = try #require(result.report?.check("config"), "\(result.stdout)")
        #expect(check.status == .fail)
        #expect(check.detail.contains("\(file) line 2"), "\(check.detail)")
        // Every command refuses it the same way, with the configuration error's status.
        let parse = try await run(TestEnvironment.docketBinary.path, ["tasks"], environment: setup.environment, check: false)
        #expect(parse.status == ExitStatus.configuration)
        #expect(parse.stderr.contains("line 2"), "\(parse.stderr)")
    }
}
