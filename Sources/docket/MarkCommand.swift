import ArgumentParser
import DocketCore
import Foundation

/// `docket mark`: push-to-talk from another process (a button, a script, a phone shortcut over ssh).
struct MarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Tell a running docket listen --activation push-to-talk that the next note is for it.",
        discussion: """
            Without options, the next note said within 8 s counts, and ends at the usual pause. --start and --stop \
            bracket a note instead (everything said between them is one note; --stop ends it at once), and \
            --toggle does whichever comes next. The command goes to the control socket of docket listen \
            (DOCKET_CONTROL_SOCKET, default listen.sock next to the database). \
            Exit status: 0 when docket listen took the command, 1 when none answers, 64 for bad usage.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "What to tell docket listen (default: --mark, the next note counts).")
    var command: ControlCommandFlag = .mark

    @Flag(help: "Print the outcome as JSON: {\"ok\":true,\"command\":…,\"socket\":…}.")
    var json = false

    func run() async throws {
        let config = try global.resolve()
        let socket = config.resolvedControlSocket
        let command = command.command
        do {
            try await ControlSocket.send(command, to: socket)
        } catch {
            if json {
                printJSON(Outcome(ok: false, command: command.rawValue, socket: socket, error: String(describing: error)))
            } else {
                printError("error: \(error)")
            }
            throw ExitCode.failure
        }
        if json {
            printJSON(Outcome(ok: true, command: command.rawValue, socket: socket, error: nil))
        } else {
            let done =
                switch command {
                case .mark: "Marked: the next note said to docket listen counts."
                case .start: "Talking: everything said until docket mark --stop is one note."
                case .stop: "Stopped: the note ends now."
                case .toggle: "Toggled push-to-talk."
                }
            print(done)
        }
    }

    private struct Outcome: Encodable {
        var ok: Bool
        var command: String
        var socket: String
        var error: String?
    }

    private func printJSON(_ outcome: Outcome) {
        if let data = try? makeJSONEncoder().encode(outcome) { print(String(decoding: data, as: UTF8.self)) }
    }
}

/// `docket mark`'s choice of ``ControlCommand``, as flags.
enum ControlCommandFlag: String, EnumerableFlag {
    case mark, start, stop, toggle

    var command: ControlCommand {
        switch self {
        case .mark: .mark
        case .start: .start
        case .stop: .stop
        case .toggle: .toggle
        }
    }

    static func help(for value: ControlCommandFlag) -> ArgumentHelp? {
        switch value {
        case .mark: "The next note said counts."
        case .start: "Start talking: everything said until --stop is one note."
        case .stop: "Stop talking: the note being said ends now."
        case .toggle: "--start when not talking, --stop when talking."
        }
    }
}

/// `docket listen`'s push-to-talk key.
struct PushToTalkOptions: ParsableArguments {
    @Option(
        name: .customLong("ptt-device"),
        help: ArgumentHelp("Input device with the key (/dev/input/by-id/…); default DOCKET_PTT_DEVICE, else docket mark only.", valueName: "path"))
    var device: String?

    @Option(
        name: .customLong("ptt-key"),
        help: ArgumentHelp("The key: KEY_F13, KEY_SPACE, BTN_LEFT… or its code; default DOCKET_PTT_KEY or KEY_F13.", valueName: "key"))
    var key: String?

    @Flag(name: .customLong("ptt-toggle"), help: "The key toggles: press, talk, press again (default DOCKET_PTT_MODE: hold, talk while it is down).")
    var toggle = false

    /// As configuration keys.
    var settings: [String: String?] {
        ["DOCKET_PTT_DEVICE": device, "DOCKET_PTT_KEY": key, "DOCKET_PTT_MODE": toggle ? "toggle" : nil]
    }
}
