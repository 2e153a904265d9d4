import ArgumentParser
import DocketAudio
import DocketCore
import Foundation

/// `docket devices`: the capture devices ALSA knows.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List audio capture devices (pass one to docket listen --device).",
        discussion: "Names such as default, plughw:CARD,DEV and pulse convert to 16 kHz mono; raw hw: devices may not.")

    @OptionGroup var format: JSONOutput

    @Flag(help: "Include devices that can only play.")
    var all = false

    func run() throws {
        let devices = captureDevices().filter { all || $0.isInputCapable }
        if format.json {
            struct Row: Encodable {
                var name: String
                var description: String
                var input: Bool
            }
            let data = try makeJSONEncoder().encode(["devices": devices.map { Row(name: $0.name, description: $0.description ?? "", input: $0.isInputCapable) }]
            )
            print(String(decoding: data, as: UTF8.self))
            return
        }
        guard !devices.isEmpty else {
            print("No capture devices found. Check that a microphone is connected and that you may use it (the audio group).")
            return
        }
        let width = devices.map(\.name.count).max() ?? 0
        for device in devices {
            let summary = (device.description ?? "").split(whereSeparator: \.isNewline).joined(separator: " — ")
            print(device.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + summary)
        }
    }
}
