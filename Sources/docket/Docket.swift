import ArgumentParser
import CDocketBuild
import DocketCore
import Foundation

/// The `docket` command line: thin wiring over DocketCore.
@main
struct Docket: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docket",
        abstract: "Turn spoken notes into tasks.",
        discussion: """
            Settings come from flags, then the environment, then systemd credentials, then the settings file \
            ($XDG_CONFIG_HOME/docket/docket.env, else /etc/docket/docket.env; DOCKET_CONFIG or --config names \
            another), then a .env file in the working directory, then the defaults (see .env.example; docket config \
            shows what is in effect). The default Whisper endpoint is the local server started by \
            scripts/whisper-server.sh. Exit status: 0 success, 1 failure, 64 usage, 66 an input file or the database \
            is missing, 69 something needed is missing, 73 a file can't be created, 74 an I/O error (output that \
            can't be written), 75 temporary failure (try again), 77 not signed in, 78 configuration error.
            """,
        version: version,
        subcommands: [
            IngestCommand.self, ParseCommand.self, AddCommand.self, TasksCommand.self, NotesCommand.self, TaskChangeCommand<MarkDone>.self,
            TaskChangeCommand<MarkOpen>.self, EditCommand.self, TaskChangeCommand<Delete>.self, UndoCommand.self, ExportCommand.self, RemindCommand.self,
            DevicesCommand.self,
            LoginCommand.self,
            LogoutCommand.self, WhoamiCommand.self,
            SyncCommand.self, StatusCommand.self, ListenCommand.self, MarkCommand.self, ServeCommand.self, ConfigCommand.self, DoctorCommand.self,
        ]
    )

    /// `0.1.0 (commit 1a2b3c4d5e6f)`.
    static let version = "0.1.0 (commit \(String(cString: docket_git_commit())))"

    /// Runs the command; an error from one of docket's boundaries exits with its sysexits status (``ExitStatus``).
    /// A `ValidationError` that a command throws while it runs (an argument read only then, such as `edit --due`)
    /// points at that command's help, not the root's usage.
    static func main() async {
        var parsed: (any ParsableCommand)?
        do {
            var command = try parseAsRoot()
            parsed = command
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            // What print left in stdio's buffer: a full disk or a closed pipe shows here.
            if fflush(nil) != 0 { throw OutputError(errno: errno) }
        } catch let error as ValidationError {
            guard let parsed, let name = type(of: parsed).configuration.commandName, name != configuration.commandName else { exit(withError: error) }
            printError("Error: \(error.message)\n  See 'docket \(name) --help' for more information.")
            exit(withError: ExitCode(ExitStatus.usage))
        } catch {
            let status = ExitStatus.of(error)
            guard status != 1 else { exit(withError: error) }
            printError("Error: \(error)")
            exit(withError: ExitCode(status))
        }
    }
}
