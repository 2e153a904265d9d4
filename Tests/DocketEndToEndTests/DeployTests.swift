import DocketCore
import DocketTesting
import Foundation
import Testing

/// The files in deploy/ as an operator uses them, and scripts/install.sh as a packager or a user runs it.
@Suite("Deployment files")
struct DeployTests {
    static let systemdAnalyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let unitDirectory = TestEnvironment.packageRoot.appendingPathComponent("deploy/systemd")
    static let installScript = TestEnvironment.packageRoot.appendingPathComponent("scripts/install.sh").path
    /// The units docket runs under a user's manager, and under the system's.
    static let userUnits = ["docket-listen.service", "docket-sync.service", "docket-remind.service"]
    static let systemUnits = ["docket-serve.service", "docket-whisper.service"]

    @Test(.enabled(if: systemdAnalyze != nil))
    func systemdUnitsVerify() async throws {
        let units = try FileManager.default.contentsOfDirectory(atPath: Self.unitDirectory.path).filter { $0.hasSuffix(".service") }
        #expect(Set(units) == Set(Self.userUnits + Self.systemUnits))
        let scratch = try Scratch()
        defer { scratch.remove() }
        var paths: [String] = []
        for unit in units {
            // verify also checks that ExecStart exists; neither docket nor the Whisper server's venv is installed on
            // a test machine.
            let text = try String(contentsOf: Self.unitDirectory.appendingPathComponent(unit), encoding: .utf8)
            let path = scratch.path(unit)
            try Self.replacingExecStart(in: text) { _ in "/bin/true" }.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let result = try await run(Self.systemdAnalyze!, ["verify"] + paths, check: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains(scratch.url.path), "\(result.stderr)")
    }

    /// What every unit promises docket's side: where settings come from, which exit codes end restarts, which
    /// services report readiness and liveness, and the sandbox's core.
    @Test func unitsFollowTheServiceContract() throws {
        for unit in Self.userUnits + Self.systemUnits {
            let settings = try Self.settings(of: unit)
            #expect(settings["RestartPreventExitStatus"] == ["64 78"], "\(unit)")
            #expect(settings["Restart"] == ["on-failure"], "\(unit)")
            for (key, value) in [
                ("SystemCallFilter", "@system-service"), ("SystemCallArchitectures", "native"), ("NoNewPrivileges", "yes"),
                ("PrivateTmp", "yes"), ("PrivateUsers", "yes"), ("ProtectSystem", "strict"), ("RestrictNamespaces", "yes"),
                ("LockPersonality", "yes"), ("CapabilityBoundingSet", ""),
            ] {
                #expect(settings[key]?.contains(value) == true, "\(unit): \(key)=\(value)")
            }
            #expect(settings["ProtectHome"] != nil, "\(unit)")
        }
        for unit in Self.userUnits {
            let settings = try Self.settings(of: unit)
            #expect(settings["EnvironmentFile"] == ["-%E/docket/docket.env"], "\(unit)")
            #expect(settings["MemoryDenyWriteExecute"] == ["yes"], "\(unit)")
            #expect(settings["WantedBy"] == ["default.target"], "\(unit)")
        }
        for unit in ["docket-listen.service", "docket-serve.service"] {
            let settings = try Self.settings(of: unit)
            #expect(settings["Type"] == ["notify"], "\(unit)")
            #expect(settings["NotifyAccess"] == ["main"], "\(unit)")
            #expect(settings["WatchdogSec"]?.isEmpty == false, "\(unit)")
        }
        let serve = try Self.settings(of: "docket-serve.service")
        #expect(serve["EnvironmentFile"] == ["-/etc/docket/docket.env", "-/etc/docket/serve.env"])
        #expect(serve["StateDirectory"] == ["docket"])
        #expect(serve["Environment"]?.contains("DOCKET_STATE_DIR=%S/docket DOCKET_DB=%S/docket/docket.sqlite") == true)
        #expect(serve["DynamicUser"] == ["yes"])
        // Each secret docket serve can use, loaded by name from the credential store, so that a missing one is skipped.
        let credentials = [
            "DOCKET_SUPABASE_ANON_KEY", "DOCKET_SUPABASE_SERVICE_KEY", "DOCKET_WHISPER_API_KEY", "OPENAI_API_KEY", "DOCKET_SERVICE_TOKENS",
            "DOCKET_NOTIFY_WEBHOOK_SECRET", "DOCKET_NOTIFY_NTFY_TOKEN",
        ]
        #expect(Set(serve["LoadCredential"] ?? []) == Set(credentials))
        let listen = try Self.settings(of: "docket-listen.service")
        #expect(listen["PrivateDevices"] == ["no"])
        #expect(listen["DeviceAllow"] == ["char-alsa rw", "char-input r"])
        // CTranslate2 makes executable memory at run time.
        #expect(try Self.settings(of: "docket-whisper.service")["MemoryDenyWriteExecute"] == ["no"])
    }

    /// systemd's exposure score (offline): every unit at most "OK".
    @Test(.enabled(if: systemdAnalyze != nil))
    func unitsScoreOK() async throws {
        let result = try await run(
            "/bin/bash", [TestEnvironment.packageRoot.appendingPathComponent("scripts/systemd-security.sh").path, "--max", "4.9"], check: false)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == Self.userUnits.count + Self.systemUnits.count, "\(result.stdout)")
    }

    /// A system install staged for a package (--destdir, prefix /usr): the layout, units that start the installed
    /// binary, a binary that runs, and an uninstall that takes away exactly what was installed.
    @Test func installSystemLayoutIntoDestdir() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dest = scratch.path("dest")
        let home = scratch.path("home")
        let environment = Self.environment(home: home)
        let options = ["--destdir", dest, "--prefix", "/usr", "--no-whisper"]
        let installed = try await run("/bin/bash", [Self.installScript, "--binary", TestEnvironment.docketBinary.path] + options, environment: environment)

        let manifestPath = dest + "/usr/share/docket/install-manifest"
        let firstManifest = try Self.manifest(manifestPath)
        let expected =
            [
                "/usr/bin/docket", "/usr/share/bash-completion/completions/docket", "/usr/share/zsh/site-functions/_docket",
                "/usr/share/fish/vendor_completions.d/docket.fish", "/usr/share/doc/docket/docket.env.example",
                "/usr/lib/systemd/system/docket-serve.service", "/usr/share/docket/install-manifest",
            ] + Self.userUnits.map { "/usr/lib/systemd/user/\($0)" }
        for path in expected {
            #expect(FileManager.default.fileExists(atPath: dest + path), "\(path) missing; install said: \(installed.stderr)")
            #expect(firstManifest.contains("f \(path)"), "\(path) not in the manifest")
        }
        #expect(FileManager.default.isExecutableFile(atPath: dest + "/usr/bin/docket"))
        // --no-whisper: neither the Whisper server nor its unit.
        #expect(!FileManager.default.fileExists(atPath: dest + "/usr/lib/systemd/system/docket-whisper.service"))
        #expect(!FileManager.default.fileExists(atPath: dest + "/opt/docket"))
        let example = try String(contentsOfFile: dest + "/usr/share/doc/docket/docket.env.example", encoding: .utf8)
        let original = try String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent(".env.example"), encoding: .utf8)
        #expect(example == original)
        let bash = try String(contentsOfFile: dest + "/usr/share/bash-completion/completions/docket", encoding: .utf8)
        #expect(bash.contains("docket"))
        // Man pages when swift-argument-parser's generate-manual was at hand (it is not built for the tests).
        if FileManager.default.fileExists(atPath: dest + "/usr/share/man/man1/docket.1") {
            #expect(firstManifest.contains("f /usr/share/man/man1/docket.1"))
        }

        #expect(try Self.execStart(dest + "/usr/lib/systemd/system/docket-serve.service") == "/usr/bin/docket serve")
        #expect(try Self.execStart(dest + "/usr/lib/systemd/user/docket-listen.service") == "/usr/bin/docket listen")
        #expect(try Self.execStart(dest + "/usr/lib/systemd/user/docket-sync.service") == "/usr/bin/docket sync --watch")
        #expect(try Self.execStart(dest + "/usr/lib/systemd/user/docket-remind.service") == "/usr/bin/docket remind --watch")

        try await Self.expectRuns(dest + "/usr/bin/docket", environment: environment)
        try await Self.verifyInstalledUnits(
            (Self.userUnits.map { "/usr/lib/systemd/user/\($0)" } + ["/usr/lib/systemd/system/docket-serve.service"]).map { dest + $0 },
            binary: "/usr/bin/docket", destdir: dest)

        // Installing again replaces the files and lists the same ones.
        try await run("/bin/bash", [Self.installScript, "--binary", TestEnvironment.docketBinary.path] + options, environment: environment)
        let secondManifest = try Self.manifest(manifestPath)
        #expect(Set(secondManifest) == Set(firstManifest))

        // Settings and data are not the install's: they stay.
        let kept = ["/etc/docket/docket.env", "/var/lib/docket/docket.sqlite"]
        try Self.plant(kept, in: dest)
        let uninstalled = try await run("/bin/bash", [Self.installScript, "--uninstall"] + options, environment: environment)
        #expect(try Self.files(under: dest) == Set(kept), "\(uninstalled.stderr)")
    }

    /// A per-user install (--user, HOME a scratch directory), staged: units in ~/.config/systemd/user that start
    /// ~/.local/bin/docket, no system service, and an uninstall that leaves settings, data and state.
    @Test func installUserLayoutIntoDestdir() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dest = scratch.path("dest")
        let home = scratch.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = Self.environment(home: home)
        let options = ["--user", "--destdir", dest, "--no-whisper"]
        let installed = try await run("/bin/bash", [Self.installScript, "--binary", TestEnvironment.docketBinary.path] + options, environment: environment)

        let binary = home + "/.local/bin/docket"
        let unitDirectory = home + "/.config/systemd/user"
        let manifest = try Self.manifest(dest + home + "/.local/share/docket/install-manifest")
        let expected =
            [
                binary, home + "/.local/share/bash-completion/completions/docket", home + "/.local/share/zsh/site-functions/_docket",
                home + "/.local/share/fish/vendor_completions.d/docket.fish", home + "/.local/share/doc/docket/docket.env.example",
            ] + Self.userUnits.map { "\(unitDirectory)/\($0)" }
        for path in expected {
            #expect(FileManager.default.fileExists(atPath: dest + path), "\(path) missing; install said: \(installed.stderr)")
            #expect(manifest.contains("f \(path)"), "\(path) not in the manifest")
        }
        // The ingestion service is a system service; the Whisper server was left out.
        for unit in Self.systemUnits {
            #expect(!FileManager.default.fileExists(atPath: "\(dest)\(unitDirectory)/\(unit)"), "\(unit)")
        }
        #expect(try Self.execStart("\(dest)\(unitDirectory)/docket-listen.service") == "\(binary) listen")
        #expect(try Self.execStart("\(dest)\(unitDirectory)/docket-sync.service") == "\(binary) sync --watch")
        // Nothing was written outside the staging directory.
        #expect(!FileManager.default.fileExists(atPath: binary))
        #expect(!FileManager.default.fileExists(atPath: unitDirectory))

        try await Self.expectRuns(dest + binary, environment: environment)
        try await Self.verifyInstalledUnits(Self.userUnits.map { "\(dest)\(unitDirectory)/\($0)" }, binary: binary, destdir: dest)

        let kept = [
            home + "/.config/docket/docket.env", home + "/.local/share/docket/docket.sqlite", home + "/.local/state/docket/session.json",
        ]
        try Self.plant(kept, in: dest)
        let uninstalled = try await run("/bin/bash", [Self.installScript, "--uninstall"] + options, environment: environment)
        #expect(try Self.files(under: dest) == Set(kept), "\(uninstalled.stderr)")
    }

    /// Mistakes are reported with what to do: a bad option is a usage error (64); uninstalling what was never
    /// installed says which manifest it looked for.
    @Test func installRefusesBadUsage() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let environment = Self.environment(home: scratch.path("home"))
        let unknown = try await run("/bin/bash", [Self.installScript, "--no-such-option"], environment: environment, check: false)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown option --no-such-option"))
        let relative = try await run("/bin/bash", [Self.installScript, "--prefix", "relative/dir"], environment: environment, check: false)
        #expect(relative.status == 64)
        let nothing = try await run(
            "/bin/bash", [Self.installScript, "--destdir", scratch.path("empty"), "--uninstall"], environment: environment, check: false)
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("no install manifest"), "\(nothing.stderr)")
        let missing = try await run(
            "/bin/bash", [Self.installScript, "--destdir", scratch.path("dest"), "--binary", scratch.path("no-docket"), "--no-whisper"],
            environment: environment, check: false)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("--binary"), "\(missing.stderr)")
    }

    // MARK: - Helpers

    /// The environment the install script and the installed binary run with: a scratch home, the XDG defaults.
    static func environment(home: String) -> [String: String] {
        ["HOME": home, "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": "", "XDG_STATE_HOME": "", "DESTDIR": "", "DOCKET_CONFIG": ""]
    }

    /// Each `Key=value` of a unit in deploy/systemd, in order, by key.
    static func settings(of unit: String) throws -> [String: [String]] {
        let text = try String(contentsOf: unitDirectory.appendingPathComponent(unit), encoding: .utf8)
        var settings: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("[") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...]))
        }
        return settings
    }

    /// `text` with the program of each `ExecStart=` line replaced (its arguments kept).
    static func replacingExecStart(in text: String, _ replace: (String) -> String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("ExecStart=") else { return String(line) }
            let command = line.dropFirst("ExecStart=".count)
            let program = command.prefix { $0 != " " }
            return "ExecStart=" + replace(String(program)) + command.dropFirst(program.count)
        }.joined(separator: "\n")
    }

    /// The command of an installed unit's `ExecStart=`.
    static func execStart(_ path: String) throws -> String? {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("ExecStart=") }.map {
            String($0.dropFirst("ExecStart=".count))
        }
    }

    /// The install manifest's lines.
    static func manifest(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The installed binary answers `--version`, reads a note, and (with the test Whisper server) finds every part
    /// of a setup working: ALSA reading a file PCM, the endpoint transcribing, the database and the directories.
    static func expectRuns(_ binary: String, environment: [String: String]) async throws {
        let version = try await run(binary, ["--version"], environment: environment, check: false)
        #expect(version.status == 0, "\(version.stderr)")
        #expect(!version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        let parsed = try await run(binary, ["parse", "buy milk tomorrow"], environment: environment, check: false)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(parsed.stdout.contains("Buy milk"), "\(parsed.stdout)")
        guard TestEnvironment.whisperAvailable else { return }
        let setup = try DoctorTests.Setup()
        defer { setup.scratch.remove() }
        let doctor = try await setup.doctor(binary: binary)
        #expect(doctor.status == 0, "\(doctor.stdout)")
        #expect(doctor.report?.ok == true, "\(doctor.stdout)")
        #expect(doctor.report?.check("whisper")?.status == .pass, "\(doctor.stdout)")
    }

    /// `systemd-analyze verify` of installed units, their ExecStart pointed at the staged binary (verify checks it
    /// exists and is executable, and the final path is only there once the package is installed).
    static func verifyInstalledUnits(_ units: [String], binary: String, destdir: String) async throws {
        guard let systemdAnalyze = Self.systemdAnalyze else { return }
        let scratch = try Scratch()
        defer { scratch.remove() }
        var paths: [String] = []
        for unit in units {
            let text = try String(contentsOfFile: unit, encoding: .utf8)
            #expect(text.contains("ExecStart=\(binary) "), "\(unit)")
            let path = scratch.path(URL(fileURLWithPath: unit).lastPathComponent)
            try replacingExecStart(in: text) { $0 == binary ? destdir + binary : $0 }.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let result = try await run(systemdAnalyze, ["verify"] + paths, check: false)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Creates each file (a line of text) under `root`.
    static func plant(_ files: [String], in root: String) throws {
        for file in files {
            let url = URL(fileURLWithPath: root + file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "kept\n".write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Every file under `root` (not directories), as paths below it.
    static func files(under root: String) throws -> Set<String> {
        var files: Set<String> = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.insert("/" + relative)
            }
        }
        return files
    }
}
