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
    /// counting (`always`), unless a test asks for a wake phrase.
    static func configuration(databasePath: String = ":memory:", activation: Activation = .always) -> DocketConfiguration {
        var configuration = DocketConfiguration(
            whisperURL: whisperURL ?? DocketConfiguration.defaultWhisperURL, whisperRequestTimeout: .seconds(120), databasePath: databasePath, timeZone: newYork
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

/// Runs a program to completion (stdin closed), capturing its output.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], check: Bool = true) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes concurrently so a chatty child can't block on a full pipe.
    let errData = LockedData()
    let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errData.isSet { usleep(1000) }
    let result = ProcessResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData.value, as: UTF8.self))
    if check && result.status != 0 {
        throw TestFailure("\(executable) \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
    }
    return result
}

final class LockedData: @unchecked Sendable {
    // Guarded by `lock`; written once by the reader thread, read after `isSet`.
    private let lock = NSLock()
    private var data: Data?
    func set(_ d: Data) { lock.withLock { data = d } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
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
    func speak(_ text: String, name: String = "speech.wav", speed: Int = 150) throws -> String {
        let out = path(name)
        try run("espeak-ng", ["-s", "\(speed)", "-w", out, text])
        return out
    }

    /// Converts with sox: `sox in [options…] out`.
    func sox(_ input: String, _ name: String, _ options: [String]) throws -> String {
        let out = path(name)
        try run("sox", [input] + options + [out])
        return out
    }

    /// Converts with ffmpeg.
    func ffmpeg(_ input: String, _ name: String, _ options: [String] = []) throws -> String {
        let out = path(name)
        try run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", input] + options + [out])
        return out
    }
}

/// Runs a program without blocking a cooperative thread: output goes to temporary files, and the wait is
/// the process's termination handler.
func runAsync(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessResult {
    let dir = FileManager.default.temporaryDirectory
    let outURL = dir.appendingPathComponent("docket-out-\(UUID())")
    let errURL = dir.appendingPathComponent("docket-err-\(UUID())")
    guard FileManager.default.createFile(atPath: outURL.path, contents: nil), FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
        throw TestFailure("can't create temporary files")
    }
    defer {
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    return ProcessResult(
        status: status, stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
}
