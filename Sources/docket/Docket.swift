import ArgumentParser

/// The `docket` command line: thin wiring over DocketCore.
@main
struct Docket: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docket",
        abstract: "Turn spoken notes into tasks.",
        discussion: """
            Settings come from flags, then the environment, then a .env file in the working directory, \
            then the defaults (see .env.example). The default Whisper endpoint is the local server started \
            by scripts/whisper-server.sh.
            """,
        version: "0.1.0",
        subcommands: [
            IngestCommand.self, ParseCommand.self, AddCommand.self, TasksCommand.self, TaskChangeCommand<MarkDone>.self,
            TaskChangeCommand<MarkOpen>.self, EditCommand.self, TaskChangeCommand<Delete>.self, UndoCommand.self, ExportCommand.self, RemindCommand.self,
            DevicesCommand.self,
            LoginCommand.self,
            LogoutCommand.self, WhoamiCommand.self,
            SyncCommand.self, StatusCommand.self, ListenCommand.self, MarkCommand.self, ServeCommand.self,
        ]
    )
}
