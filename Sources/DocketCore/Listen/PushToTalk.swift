import DocketSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Something that says when the person is talking to docket (a key, another process): an external system, behind
/// a seam so the listen loop can be tested without it.
public protocol TalkSource: Sendable {
    /// Reports signals until the task is cancelled.
    /// - Throws: ``ListenError`` when the source can't be used or stops working; the listen loop retries with
    ///   backoff and says so.
    func run(_ signal: @escaping @Sendable (TalkSignal) -> Void) async throws
}

/// How a push-to-talk key works (`DOCKET_PTT_MODE`).
public enum PushToTalkMode: String, Sendable, CaseIterable {
    /// Talk while the key is held down.
    case hold
    /// Press once to start talking, once more to stop.
    case toggle
}

/// Push-to-talk from a key on a Linux input device, read through evdev (`/dev/input/event*`, or a stable name
/// under `/dev/input/by-id/`). The device is not grabbed: the key keeps working for other programs.
///
/// Reads block, so they run on a thread of their own, never on the cooperative pool; the thread polls so that it
/// notices cancellation within a fifth of a second.
public struct KeyTalkSource: TalkSource {
    /// The input device, the key's evdev code (``KeyTalkSource/code(named:)``), and hold-to-talk or toggle.
    public let path: String, key: UInt16, mode: PushToTalkMode

    /// Creates a source.
    public init(path: String, key: UInt16, mode: PushToTalkMode) {
        self.path = path
        self.key = key
        self.mode = mode
    }

    /// Checks that the device can be opened for reading.
    /// - Throws: ``ListenError`` (``ListenErrorCode/talkDevice``) saying why not and what to do.
    public func checkReadable() throws {
        close(try Self.openDevice(path))
    }

    /// The device opened for non-blocking reads.
    /// - Throws: ``ListenError`` (``ListenErrorCode/talkDevice``) saying why it can't be and what to do.
    static func openDevice(_ path: String) throws -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Reader.openError(path: path, errno: errno) }
        return fd
    }

    /// Size of a `struct input_event` on 64-bit Linux: a `timeval` (two 64-bit words), type, code (16 bits each)
    /// and value (32 bits).
    static let eventSize = 24
    /// `EV_KEY`.
    static let keyEvent: UInt16 = 1

    /// The signals in `bytes` (whole `input_event` records) for `key`: a press (value 1) and a release (0);
    /// auto-repeat (2) and other keys are ignored.
    static func signals(in bytes: UnsafeRawBufferPointer, key: UInt16, mode: PushToTalkMode) -> [TalkSignal] {
        var out: [TalkSignal] = []
        var offset = 0
        while offset + eventSize <= bytes.count {
            let type = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self))
            let code = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self))
            let value = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self))
            offset += eventSize
            guard type == keyEvent, code == key else { continue }
            switch (mode, value) {
            case (.hold, 1): out.append(.start(untilNoteEnds: false))
            case (.hold, 0): out.append(.stop)
            case (.toggle, 1): out.append(.toggle)
            default: break
            }
        }
        return out
    }

    public func run(_ signal: @escaping @Sendable (TalkSignal) -> Void) async throws {
        let stop = StopFlag()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
                let reader = Reader(source: self, stop: stop, signal: signal, done: done)
                let thread = Thread { reader.read() }
                thread.name = "docket-ptt"
                thread.start()
            }
        } onCancel: {
            stop.raised.store(true, ordering: .relaxed)
        }
    }

    /// Set when the task reading the device is cancelled.
    private final class StopFlag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    /// What the reading thread needs; `done` is resumed once, when it ends.
    private final class Reader: Sendable {
        let source: KeyTalkSource
        let stop: StopFlag
        let signal: @Sendable (TalkSignal) -> Void
        let done: CheckedContinuation<Void, any Error>

        init(source: KeyTalkSource, stop: StopFlag, signal: @escaping @Sendable (TalkSignal) -> Void, done: CheckedContinuation<Void, any Error>) {
            self.source = source
            self.stop = stop
            self.signal = signal
            self.done = done
        }

        func read() {
            do {
                try readUntilStopped()
                done.resume()
            } catch {
                done.resume(throwing: error)
            }
        }

        private func readUntilStopped() throws {
            let path = source.path
            let fd = try KeyTalkSource.openDevice(path)
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: KeyTalkSource.eventSize * 64)
            var partial: [UInt8] = []
            while !stop.raised.load(ordering: .relaxed) {
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, 200)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EAGAIN || errno == EINTR { continue }
                    throw ListenError(
                        .talkDevice, "The push-to-talk device \(path) stopped working (\(String(cString: strerror(errno)))); waiting for it to come back.")
                }
                guard count > 0 else {
                    throw ListenError(.talkDevice, "The push-to-talk device \(path) went away; waiting for it to come back.")
                }
                partial += buffer[0..<count]
                let whole = partial.count - partial.count % KeyTalkSource.eventSize
                let signals = partial.withUnsafeBytes {
                    KeyTalkSource.signals(in: UnsafeRawBufferPointer(rebasing: $0[0..<whole]), key: source.key, mode: source.mode)
                }
                partial.removeFirst(whole)
                signals.forEach(signal)
            }
        }

        fileprivate static func openError(path: String, errno code: Int32) -> ListenError {
            switch code {
            case ENOENT:
                ListenError(
                    .talkDevice,
                    "The push-to-talk device \(path) does not exist; list input devices with ls -l /dev/input/by-id/ and set --ptt-device (DOCKET_PTT_DEVICE).")
            case EACCES, EPERM:
                ListenError(
                    .talkDevice,
                    "The push-to-talk device \(path) can't be read: permission denied. Add this user to the input group (sudo usermod -aG input $USER, then log in again)."
                )
            default:
                ListenError(.talkDevice, "The push-to-talk device \(path) can't be opened: \(String(cString: strerror(code))).")
            }
        }
    }

    /// The evdev code of a key named as in `linux/input-event-codes.h` (`KEY_F13`, `KEY_SPACE`, `BTN_LEFT`; the
    /// prefix and case are optional) or given as a number; nil when unknown.
    public static func code(named name: String) -> UInt16? {
        if let number = UInt16(name), number < 0x300 { return number }
        var key = name.uppercased()
        if !key.hasPrefix("KEY_"), !key.hasPrefix("BTN_") { key = "KEY_" + key }
        return keyCodes[key]
    }

    /// The keys a push-to-talk is usually put on: the function keys, letters, digits, media and modifier keys,
    /// mouse and pedal buttons.
    static let keyCodes: [String: UInt16] = {
        var codes: [String: UInt16] = [
            "KEY_ESC": 1, "KEY_BACKSPACE": 14, "KEY_TAB": 15, "KEY_ENTER": 28, "KEY_LEFTCTRL": 29, "KEY_LEFTSHIFT": 42,
            "KEY_RIGHTSHIFT": 54, "KEY_LEFTALT": 56, "KEY_SPACE": 57, "KEY_CAPSLOCK": 58, "KEY_NUMLOCK": 69, "KEY_SCROLLLOCK": 70,
            "KEY_RIGHTCTRL": 97, "KEY_RIGHTALT": 100, "KEY_HOME": 102, "KEY_UP": 103, "KEY_PAGEUP": 104, "KEY_LEFT": 105,
            "KEY_RIGHT": 106, "KEY_END": 107, "KEY_DOWN": 108, "KEY_PAGEDOWN": 109, "KEY_INSERT": 110, "KEY_DELETE": 111,
            "KEY_MUTE": 113, "KEY_VOLUMEDOWN": 114, "KEY_VOLUMEUP": 115, "KEY_PAUSE": 119, "KEY_LEFTMETA": 125,
            "KEY_RIGHTMETA": 126, "KEY_COMPOSE": 127, "KEY_MENU": 139, "KEY_PLAYPAUSE": 164, "KEY_RECORD": 167,
            "KEY_MEDIA": 226, "KEY_MICMUTE": 248, "KEY_VOICECOMMAND": 0x246, "BTN_LEFT": 0x110, "BTN_RIGHT": 0x111,
            "BTN_MIDDLE": 0x112, "BTN_SIDE": 0x113, "BTN_EXTRA": 0x114, "BTN_0": 0x100, "BTN_1": 0x101, "BTN_2": 0x102,
        ]
        for (index, name) in (1...10).map({ "KEY_F\($0)" }).enumerated() { codes[name] = UInt16(59 + index) }
        codes["KEY_F11"] = 87
        codes["KEY_F12"] = 88
        for n in 13...24 { codes["KEY_F\(n)"] = UInt16(183 + n - 13) }
        for (index, digit) in "1234567890".enumerated() { codes["KEY_\(digit)"] = UInt16(2 + index) }
        let rows: [(String, UInt16)] = [("QWERTYUIOP", 16), ("ASDFGHJKL", 30), ("ZXCVBNM", 44)]
        for (row, first) in rows {
            for (index, letter) in row.enumerated() { codes["KEY_\(letter)"] = first + UInt16(index) }
        }
        return codes
    }()
}
