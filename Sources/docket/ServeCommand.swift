import ArgumentParser

/// `docket serve`: the ingestion service.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Accept audio uploads over HTTP and turn them into tasks.")

    func run() async throws {
        throw ValidationError("docket serve is not available in this build.")
    }
}
