import ArgumentParser
import DocketCore
import Foundation

/// `docket doctor`: checks each part of the setup and says how to fix what fails.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Check each part of the setup, and say how to fix what fails.",
        discussion: """
            Checks, with the settings in effect: the settings file parses; the capture device opens and delivers \
            audio (its level, over 2 s); the Whisper endpoint transcribes a short spoken sample (and how fast); the \
            wake-word server, when DOCKET_ACTIVATION=wake-word; the read-back voice (the Wyoming speech server of \
            DOCKET_TTS_URL, else espeak-ng), when DOCKET_CONFIRM=speak; the database opens and migrates; the state, spool \
            and temporary directories are writable with free space; the Supabase project answers, the session is \
            valid or refreshable and the clock is within 30 s of the server's; the reminder channels answer. \
            Exit status: 0 when every check passes or is skipped, 78 when the settings are wrong, 69 otherwise.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print {\"ok\",\"checks\":[{\"name\",\"status\":\"pass|fail|skip\",\"detail\",\"fix\",\"seconds\"}]}.")
    var json = false

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Checks to leave out: audio, whisper, wake-word, speech, database, directories, supabase, notify.", valueName: "check"))
    var skip: [String] = []

    @Option(help: .hidden)
    var alsaConfig: String?

    func validate() throws {
        let names = skip.flatMap { $0.split(separator: ",").map(String.init) }
        if let unknown = names.first(where: { !Doctor.checkNames.contains($0) }) {
            throw ValidationError("--skip \(unknown) is not a check; use \(Doctor.checkNames.joined(separator: ", ")).")
        }
    }

    struct Report: Encodable {
        var ok: Bool
        var checks: [DoctorCheck]
    }

    func run() async throws {
        let resolver: ConfigurationResolver
        var configuration: DocketConfiguration
        do {
            resolver = try global.resolver()
            configuration = try resolver.resolve()
        } catch {
            let check = DoctorCheck(
                name: "config", status: .fail, detail: String(describing: error), fix: "Correct the setting named above (docket config shows every source).")
            emit([check])
            throw ExitCode(ExitStatus.configuration)
        }
        // One attempt: the check reports the endpoint as it is now instead of retrying for a minute.
        configuration.whisperMaxAttempts = 1
        let logger = global.makeLogger(level: configuration.logLevel)
        let file = resolver.configFilePath
        let first = DoctorCheck(name: "config", status: .pass, detail: file.map { "\($0) parses" } ?? "no settings file; environment, .env and defaults")
        if !json { show(first) }
        let alsaText = try alsaConfig.map { path in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ValidationError("Can't read the ALSA configuration \(path); check the path and its permissions.")
            }
            return text
        }
        let json = json
        let checks = try await DocketServices.with(configuration: configuration, logger: logger) { services in
            await Doctor(services: services, alsaConfiguration: alsaText).run(skipping: Set(skip.flatMap { $0.split(separator: ",").map(String.init) })) {
                if !json { show($0) }
            }
        }
        if json { emit([first] + checks) }
        if checks.contains(where: { $0.status == .fail }) { throw ExitCode(ExitStatus.unavailable) }
    }

    private func emit(_ checks: [DoctorCheck]) {
        guard json else {
            checks.forEach(show)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let report = Report(ok: !checks.contains { $0.status == .fail }, checks: checks)
        print(String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self))
    }
}

/// One check as a line: ✓, ✗ or – , the part, what was found, and for a failure the fix on the next line.
private func show(_ check: DoctorCheck) {
    let mark =
        switch check.status {
        case .pass: "✓"
        case .fail: "✗"
        case .skip: "–"
        }
    print("\(mark) \(check.name): \(check.detail)")
    if let fix = check.fix { print("    fix: \(fix)") }
}
