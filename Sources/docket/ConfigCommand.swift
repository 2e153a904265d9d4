import ArgumentParser
import DocketCore
import Foundation

/// `docket config`: the settings in effect and where each came from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show the settings in effect and where each came from.",
        discussion: """
            Sources, first wins: flags, the environment, systemd credentials ($CREDENTIALS_DIRECTORY/<KEY>), the \
            settings file, .env in the working directory, the defaults. Secrets show only whether they are set and a \
            short SHA-256 fingerprint. A settings file outside the format systemd's EnvironmentFile= reads the same \
            way is refused with its line (exit 78).
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print {\"file\",\"looked_in\",\"settings\":[{\"key\",\"value\",\"source\",\"path\",\"secret\"}]}.")
    var json = false

    @Flag(help: "Show only the settings not at their default.")
    var changed = false

    struct Report: Encodable {
        var file: String?
        var lookedIn: [String]
        var settings: [SettingReport]

        enum CodingKeys: String, CodingKey {
            case file
            case lookedIn = "looked_in"
            case settings
        }
    }

    func run() throws {
        let resolver = try global.resolver()
        let configuration = try resolver.resolve()
        let settings = resolver.report(configuration).filter { !changed || $0.source != "default" }
        let lookedIn = ConfigurationResolver.settingsFileCandidates(environment: ProcessInfo.processInfo.environment)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let report = Report(file: resolver.configFilePath, lookedIn: lookedIn, settings: settings)
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        print("Settings file: " + (resolver.configFilePath ?? "none (looked for \(lookedIn.joined(separator: ", then ")))"))
        let width = settings.map(\.key.count).max() ?? 0
        for setting in settings {
            var source = setting.source
            if let path = setting.path { source += " " + path }
            let value = setting.value.isEmpty ? "(unset)" : setting.value
            print(setting.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value + "  [" + source + "]")
        }
    }
}
