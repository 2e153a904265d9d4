import Foundation
import Testing

/// `docket … --help` for every command, against the checked-in text in `Help/`: a changed flag, default or help
/// line shows up in review as a changed golden file. `DOCKET_UPDATE_HELP=1 swift test --filter HelpGolden` writes
/// the files anew.
@Suite("Help text")
struct HelpGoldenTests {
    static let commands = [
        "", "ingest", "parse", "add", "tasks", "notes", "done", "undone", "edit", "rm", "undo", "export", "remind", "devices", "login", "logout", "whoami",
        "sync",
        "status",
        "listen", "mark",
        "serve", "config", "doctor",
    ]

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Help")

    @Test("--help matches its golden file", arguments: commands)
    func help(_ command: String) async throws {
        let arguments = (command.isEmpty ? [] : [command]) + ["--help"]
        // A fixed width: the help text wraps to the terminal when there is one.
        let result = try await runAsync(TestEnvironment.docketBinary.path, arguments, environment: ["COLUMNS": "100"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let golden = Self.goldenDirectory.appendingPathComponent("\(command.isEmpty ? "docket" : command).txt")
        if ProcessInfo.processInfo.environment["DOCKET_UPDATE_HELP"] == "1" {
            try result.stdout.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(
            result.stdout == expected,
            "docket \(arguments.joined(separator: " ")) changed; if on purpose, run DOCKET_UPDATE_HELP=1 swift test --filter HelpGolden and commit Help/")
    }
}
