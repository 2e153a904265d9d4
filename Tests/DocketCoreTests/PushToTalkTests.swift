import DocketTesting
import Foundation
import Synchronization
import Testing

@testable import DocketCore

/// Push-to-talk sources: a key read through evdev (a scripted input device: a FIFO carrying `input_event`
/// records, as the kernel hands them out) and the control socket of `docket mark`.
@Suite("Push-to-talk")
struct PushToTalkTests {
    /// One `struct input_event` as the kernel writes it on 64-bit Linux.
    static func event(type: UInt16 = 1, code: UInt16, value: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        return bytes
    }

    /// A key press as a keyboard reports it: a scan code (`EV_MSC`), the key, a sync report.
    static func press(_ code: UInt16, value: Int32) -> [UInt8] {
        event(type: 4, code: 4, value: 0x70068) + event(code: code, value: value) + event(type: 0, code: 0, value: 0)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var mode: PushToTalkMode
        var values: [Int32]
        var expected: [TalkSignal]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "hold: press starts, release stops", mode: .hold, values: [1, 0], expected: [.start(untilNoteEnds: false), .stop]),
        Case(name: "hold: auto-repeat is ignored", mode: .hold, values: [1, 2, 2, 2, 0], expected: [.start(untilNoteEnds: false), .stop]),
        Case(name: "toggle: each press toggles, releases are ignored", mode: .toggle, values: [1, 0, 1, 0], expected: [.toggle, .toggle]),
    ]

    @Test("key events become signals", arguments: cases)
    func signals(_ row: Case) {
        let bytes = row.values.flatMap { Self.press(183, value: $0) } + Self.press(30, value: 1)
        let signals = bytes.withUnsafeBytes { KeyTalkSource.signals(in: $0, key: 183, mode: row.mode) }
        #expect(signals == row.expected)
    }

    @Test("keys are named as in input-event-codes.h, with or without the prefix, or by number")
    func keyNames() {
        #expect(KeyTalkSource.code(named: "KEY_F13") == 183)
        #expect(KeyTalkSource.code(named: "f24") == 194)
        #expect(KeyTalkSource.code(named: "KEY_F1") == 59 && KeyTalkSource.code(named: "KEY_F11") == 87)
        #expect(KeyTalkSource.code(named: "space") == 57)
        #expect(KeyTalkSource.code(named: "KEY_A") == 30 && KeyTalkSource.code(named: "KEY_M") == 50 && KeyTalkSource.code(named: "KEY_1") == 2)
        #expect(KeyTalkSource.code(named: "BTN_LEFT") == 0x110)
        #expect(KeyTalkSource.code(named: "191") == 191)
        #expect(KeyTalkSource.code(named: "KEY_NOPE") == nil)
    }

    /// Collects signals from a source's callback.
    final class Signals: Sendable {
        private let state = Mutex<[TalkSignal]>([])
        func add(_ signal: TalkSignal) { state.withLock { $0.append(signal) } }
        var all: [TalkSignal] { state.withLock { $0 } }

        /// Waits (polling) until `count` signals have arrived, for at most a minute.
        func wait(for count: Int) async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while all.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        }
    }

    /// The writing end of the FIFO at `path`, once its reader has opened it: polled, since a blocking open would
    /// hold a thread of the shared pool the reader's task may need.
    static func openWriting(_ path: String) async throws -> FileHandle {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 {
                // Writes of a few records block as usual.
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            }
            guard errno == ENXIO, ContinuousClock.now < deadline else { throw CocoaError(.fileWriteUnknown) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test("a scripted input device: presses and releases written to it are read as they come, and the reader stops when cancelled")
    func scriptedDevice() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("kbd").path
        try #require(mkfifo(path, 0o600) == 0)
        let source = KeyTalkSource(path: path, key: 183, mode: .hold)
        try source.checkReadable()
        let signals = Signals()
        let reader = Task { try await source.run { signals.add($0) } }
        let device = try await Self.openWriting(path)
        // A press split across two writes is put back together.
        let press = Self.press(183, value: 1)
        try device.write(contentsOf: press[0..<30])
        try await Task.sleep(for: .milliseconds(100))
        try device.write(contentsOf: press[30...])
        try await signals.wait(for: 1)
        try device.write(contentsOf: Self.press(183, value: 2) + Self.press(183, value: 0))
        try await signals.wait(for: 2)
        reader.cancel()
        try await reader.value
        try device.close()
        #expect(signals.all == [.start(untilNoteEnds: false), .stop])
    }

    @Test("a device that is missing, or that goes away, is a talk-device error that says what to do")
    func deviceErrors() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = KeyTalkSource(path: directory.url.appendingPathComponent("event99").path, key: 183, mode: .hold)
        #expect {
            try missing.checkReadable()
        } throws: { ($0 as? ListenError)?.code == .talkDevice && "\($0)".contains("ls -l /dev/input/by-id/") }

        let path = directory.url.appendingPathComponent("kbd").path
        try #require(mkfifo(path, 0o600) == 0)
        let source = KeyTalkSource(path: path, key: 183, mode: .hold)
        let reader = Task { try await source.run { _ in } }
        let device = try await Self.openWriting(path)
        try device.close()
        await #expect {
            try await reader.value
        } throws: { ($0 as? ListenError)?.code == .talkDevice && "\($0)".contains("went away") }
    }

    /// A socket file with nobody listening on it, as a killed `docket listen` leaves.
    static func leaveStaleSocket(at path: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(fd)
    }

    @Test("the control socket takes docket mark's commands, refuses others, and says when no docket listen answers")
    func controlSocket() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("listen.sock").path
        // A socket file left by a killed run is replaced.
        Self.leaveStaleSocket(at: path)
        #expect(FileManager.default.fileExists(atPath: path))
        let signals = Signals()
        let server = Task { try await ControlSocket(path: path).run { signals.add($0) } }
        // The socket is bound asynchronously: retry the first command until it is.
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            do {
                try await ControlSocket.send(.mark, to: path)
                break
            } catch  where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        for command in [ControlCommand.start, .stop, .toggle] { try await ControlSocket.send(command, to: path) }
        #expect(signals.all == [.start(untilNoteEnds: true), .start(untilNoteEnds: false), .stop, .toggle])

        server.cancel()
        try await server.value
        #expect(!FileManager.default.fileExists(atPath: path), "the socket file is removed at the end")
        await #expect {
            try await ControlSocket.send(.mark, to: path)
        } throws: { ($0 as? ListenError)?.code == .controlSocket && "\($0)".contains("--activation push-to-talk") }
    }
}
