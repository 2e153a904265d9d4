import ArgumentParser
import DocketCore
import Foundation

/// `docket tasks`: what is stored.
struct TasksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tasks", abstract: "List stored tasks, newest first.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON: {\"tasks\":[…]}.")
    var json = false

    @Option(help: "Show at most this many tasks.")
    var limit = 50

    func run() async throws {
        _ = try global.makeLogger()
        let config = try global.resolve()
        let store = try DocketStore(path: config.databasePath)
        let tasks = try await store.recentTasks(limit: limit)
        if json {
            let data = try makeJSONEncoder().encode(["tasks": tasks.map(TaskJSON.init)])
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } else {
            print(TaskTable.render(tasks.map(\.extracted), indent: ""))
        }
    }
}
