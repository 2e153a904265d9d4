import DocketCore
import DocketTesting
import Foundation
import Logging
import Testing

/// Facts about the test environment that `scripts/test.sh` sets up.
enum TestEnvironment {
    static let environment = ProcessInfo.processInfo.environment

    /// The Whisper server the tests use (started by scripts/test.sh).
    static var whisperURL: URL? { environment["DOCKET_TEST_WHISPER_URL"].flatMap(URL.init(string:)) }

    /// Under scripts/test.sh (and CI) a missing server is a failure, not a skip.
    static var serversRequired: Bool { environment["DOCKET_TEST_REQUIRE_SERVERS"] == "1" }

    /// Whether the end-to-end tests can run; records a failure when they must but can't.
    static var whisperAvailable: Bool {
        if whisperURL != nil { return true }
        if serversRequired { Issue.record("DOCKET_TEST_WHISPER_URL is not set; run the suite with scripts/test.sh") }
        return false
    }

    /// The wake-word server the tests use (wyoming-openwakeword, started by scripts/test.sh).
    static var wakeWordURL: String? { environment["DOCKET_TEST_WAKE_WORD_URL"] }

    /// Whether the wake-word tests can run; records a failure when they must but can't.
    static var wakeWordAvailable: Bool {
        if wakeWordURL != nil { return true }
        if serversRequired { Issue.record("DOCKET_TEST_WAKE_WORD_URL is not set; run the suite with scripts/test.sh") }
        return false
    }

    /// The speech server the tests use (wyoming-piper, started by scripts/test.sh).
    static var ttsURL: String? { environment["DOCKET_TEST_TTS_URL"] }

    /// Whether the speech-server tests can run; records a failure when they must but can't.
    static var ttsAvailable: Bool {
        if ttsURL != nil { return true }
        if serversRequired { Issue.record("DOCKET_TEST_TTS_URL is not set; run the suite with scripts/test.sh") }
        return false
    }

    /// The repository root (this file is Tests/DocketEndToEndTests/Support.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built `docket` executable.
    static var docketBinary: URL {
        if let path = environment["DOCKET_TEST_BINARY"] { return URL(fileURLWithPath: path) }
        return packageRoot.appendingPathComponent(".build/debug/docket")
    }

    static let newYork = TimeZone(identifier: "America/New_York")!
    /// Wednesday 2026-11-18 09:00 in New York: the reference time of the extraction tests.
    static let reference = ReferenceTime.parse("2026-11-18T09:00:00-05:00", zone: newYork)!

    /// The configuration the tests run with: the test Whisper server, New York time, and every note heard
    /// counting (`always`), unless a test asks for a wake phrase. The server answers the suites' requests one after
    /// another, so on a loaded two-core machine a request may wait minutes in its queue: the read timeout is long
    /// enough for that wait, not only for the request's own work.
    static func configuration(databasePath: String = ":memory:", activation: Activation = .always) -> DocketConfiguration {
        var configuration = DocketConfiguration(
            whisperURL: whisperURL ?? DocketConfiguration.defaultWhisperURL, whisperRequestTimeout: .seconds(600), databasePath: databasePath, timeZone: newYork
        )
        configuration.activation = activation
        if let wakeWordURL { configuration.wakeWordURL = wakeWordURL }
        return configuration
    }
}

/// Result of running a program.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program to completion (stdin closed), capturing its output. The wait is on a thread of its own, never on
/// the cooperative pool: the tests run side by side, and a pool thread blocked for the seconds a `docket` command
/// takes starves every other test's tasks (a socket server, a capture consumer) on a loaded machine.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], check: Bool = true) async throws -> ProcessResult {
    let result = try await spawnAndWaitDetached(
        executable, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
    let outcome = ProcessResult(
        status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: String(decoding: result.stderr, as: UTF8.self))
    if check && outcome.status != 0 {
        throw TestFailure("\(executable) \(arguments.joined(separator: " ")) exited \(outcome.status): \(outcome.stderr)")
    }
    return outcome
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// The end-to-end tests' scratch directory: the test kit's temporary directory, with the tools that make audio
/// in it.
typealias Scratch = TemporaryDirectory

extension TemporaryDirectory {
    /// Speaks `text` with espeak-ng into a WAV (22,050 Hz mono 16-bit).
    func speak(_ text: String, name: String = "speech.wav", speed: Int = 150) async throws -> String {
        let out = path(name)
        try await run("espeak-ng", ["-s", "\(speed)", "-w", out, text])
        return out
    }

    /// Converts with sox: `sox in [options…] out`.
    func sox(_ input: String, _ name: String, _ options: [String]) async throws -> String {
        let out = path(name)
        try await run("sox", [input] + options + [out])
        return out
    }

    /// Converts with ffmpeg.
    func ffmpeg(_ input: String, _ name: String, _ options: [String] = []) async throws -> String {
        let out = path(name)
        try await run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", input] + options + [out])
        return out
    }
}

/// Runs a program without blocking a cooperative thread: the wait is on a thread of its own.
func runAsync(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessResult {
    let result = try await spawnAndWaitDetached(
        executable, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
    return ProcessResult(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: String(decoding: result.stderr, as: UTF8.self))
}
