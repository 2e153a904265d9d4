import ArgumentParser
import DocketCore
import Foundation

/// `docket remind [--watch] [--test]`.
struct RemindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind", abstract: "Send due reminders (and new-task notices) to the channels in DOCKET_NOTIFY.",
        discussion: """
            Channels, comma-separated in DOCKET_NOTIFY: webhook:URL (a JSON POST, signed with \
            X-Docket-Signature-256 when DOCKET_NOTIFY_WEBHOOK_SECRET is set), ntfy:https://ntfy.sh/TOPIC (or your \
            own server; DOCKET_NOTIFY_NTFY_TOKEN for a protected one), notify-send (a desktop notification). \
            DOCKET_NOTIFY_ON=created,due also announces new tasks. A task is reminded of once per due time, when \
            it comes due; one due on a day without a time at DOCKET_REMIND_DATE_AT (09:00). Reminders missed while \
            docket was not running come as one summary. A channel that fails keeps what it has not had and is \
            tried again later; docket status shows it. Without --watch, sends what is due once: exit status 0 \
            when every channel took it, 1 when one failed. docket sync --watch, listen and serve remind too.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Keep running, checking every 15 s, until SIGTERM or Ctrl-C.") var watch = false
    @Flag(help: "Send a test notification to every channel first.") var test = false
    @OptionGroup var format: JSONOutput

    struct Output: Encodable {
        struct Written: Encodable {
            var id: Int64
            var event, title: String
        }
        var written: [Written]
        var delivered: [String: Int]
        var failed: [String: String]
    }

    func run() async throws {
        let config = try global.resolve()
        let logger = global.makeLogger(level: config.logLevel)
        guard config.notify.isEnabled else {
            printError("error: no notification channels; set DOCKET_NOTIFY, e.g. DOCKET_NOTIFY=ntfy:https://ntfy.sh/your-topic (see .env.example).")
            throw ExitCode(78)
        }
        let (watch, test, json) = (self.watch, self.test, format.json)
        let report = try await DocketServices.with(configuration: config, logger: logger) { services -> ReminderReport? in
            let store = try services.openStore()
            if watch {
                try await services.run(services.reminderServices(store: store))
                return nil
            }
            if test {
                try await store.registerChannels(config.notify.channels.map(\.name))
                _ = try await store.addNotification(event: "test", title: "docket test", message: "Notifications from docket reach this channel.", now: Date())
            }
            return await services.reminderService(store: store).round(now: true)
        }
        guard let report else { return }
        if json {
            try printJSON(
                Output(written: report.written.map { .init(id: $0.id, event: $0.event, title: $0.title) }, delivered: report.delivered, failed: report.failed))
        } else {
            for notification in report.written { print("\(notification.event.padding(toLength: 12, withPad: " ", startingAt: 0))\(notification.title)") }
            for (channel, count) in report.delivered.sorted(by: { $0.key < $1.key }) { print("sent        \(count) to \(channel)") }
            for failure in report.failed.values.sorted() { printError("failed      \(failure); it is kept and tried again") }
            if report.written.isEmpty && report.delivered.isEmpty && report.failed.isEmpty { print("Nothing is due.") }
        }
        if !report.failed.isEmpty { throw ExitCode(1) }
    }
}
