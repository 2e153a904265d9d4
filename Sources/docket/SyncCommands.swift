import ArgumentParser
import DocketCore
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// Builds the Supabase clients for a command, with the shared HTTP client; shuts it down after `body`.
func withSupabase<T: Sendable>(_ global: GlobalOptions, _ body: (SupabaseSync, DocketServices) async throws -> T) async throws -> T {
    let config = try global.resolve()
    let logger = global.makeLogger(level: config.logLevel)
    return try await DocketServices.with(configuration: config, logger: logger) { services in
        let sync = try SupabaseSync(configuration: config, httpClient: services.apiHTTPClient, logger: logger)
        if sync.sessions.usesStaticKey {
            printError(
                "warning: using DOCKET_SUPABASE_SERVICE_KEY: it bypasses row-level security and every row is written as the service role; prefer docket login.")
        }
        return try await body(sync, services)
    }
}

/// `docket login`.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in to the Supabase project with email and password.",
        discussion: "The session is kept in session.json in the state directory, $XDG_STATE_HOME/docket (mode 0600), and refreshed automatically.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "Account email (asked for when omitted on a terminal).")
    var email: String?

    @Flag(help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @Flag(
        help: ArgumentHelp(
            "Sign in as another account than the one this database's unsynced changes belong to, and send them to it.",
            discussion: "Without it, docket login refuses to switch accounts while changes are waiting, and says whose they are."))
    var switchUser = false

    func run() async throws {
        let email = try self.email ?? prompt("Email: ")
        let password: String
        if passwordStdin {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw ValidationError("--password-stdin: standard input held no password.")
            }
            password = line
        } else if isTerminal(0), let typed = getpass("Password: ") {
            password = String(cString: typed)
        } else {
            throw ValidationError("No terminal to ask for the password; pipe it with --password-stdin.")
        }
        let session = try await withSupabase(global) { sync, services in
            let store = try services.openStore()
            let previous = try await store.syncAccount()
            let session = try await sync.login(email: email, password: password, store: store, switchUser: switchUser)
            if let previous, previous.userID != session.userID {
                print("This database synced to \(previous.name) until now; from now on it syncs to \(session.email ?? email).")
            }
            return session
        }
        print("Signed in as \(session.email ?? email).")
    }

    private func prompt(_ text: String) throws -> String {
        guard isTerminal(0) else { throw ValidationError("Give --email when standard input is not a terminal.") }
        FileHandle.standardError.write(Data(text.utf8))
        guard let line = readLine(strippingNewline: true), !line.isEmpty else { throw ValidationError("No email given.") }
        return line
    }
}

/// `docket logout`.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Sign out and forget the stored session.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await withSupabase(global) { sync, _ in try await sync.logout() }
        print("Signed out.")
    }
}

/// `docket whoami`.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Show who is signed in (asks the server).")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var format: JSONOutput

    func run() async throws {
        let user = try await withSupabase(global) { sync, _ in try await sync.whoami() }
        if format.json {
            let data = try makeJSONEncoder().encode(["id": user.id, "email": user.email ?? ""])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print("\(user.email ?? "(no email)") (\(user.id))")
        }
    }
}

/// `docket sync [--watch]`.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Pull task changes made elsewhere, then push stored notes and tasks to Supabase.",
        discussion: """
            Without --watch, pulls and pushes once; exit status 0 when everything went, 1 when something is left \
            (server unavailable, or rows the server refused: see docket status). A task changed both here and \
            elsewhere keeps the newer change; the other is logged. With --watch, keeps running: syncs soon after \
            local changes and every DOCKET_SYNC_INTERVAL / DOCKET_PULL_INTERVAL, until SIGTERM or Ctrl-C.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Keep running as the background sync.")
    var watch = false

    @Flag(help: "Print JSON (one line per sync run).")
    var json = false

    @Flag(help: "Put rows the server refused earlier back in line first.")
    var retryFailed = false

    func run() async throws {
        let json = self.json
        let watch = self.watch
        let retryFailed = self.retryFailed
        let status: Int32 = try await withSupabase(global) { sync, services in
            let store = try services.openStore()
            if retryFailed { try await store.retryAllChanges() }
            let engine = sync.engine(store: store)
            if watch {
                try await services.run(
                    services.syncWatchServices(engine: engine, store: store) { result in
                        SyncCommand.report(result, json: json, quiet: true)
                    })
                return 0
            }
            let bar = ProgressBar(label: "sync", enabled: isTerminal(2) && !json)
            let total = try await store.syncCounts().pending
            do {
                // Say so when nobody is signed in, even if nothing is waiting.
                _ = try await sync.sessions.accessToken()
                let denominator = Double(max(total, 1))
                let report = try await engine.syncOnce(progress: { (r: SyncReport) in
                    let done: Int = r.notesPushed + r.tasksPushed + r.deleted + r.quarantined
                    if done == 0 {
                        bar.update(0, stage: "pulled \(r.pull.pulled)")
                    } else {
                        bar.update(Double(done) / denominator, stage: "pushing")
                    }
                })
                bar.finish()
                SyncCommand.report(.success(report), json: json, quiet: false)
                let refused = try await store.syncCounts().quarantined
                if refused > 0 && report.quarantined == 0 && !json {
                    printError("\(refused) changes were refused by the server earlier; see docket status, then docket sync --retry-failed.")
                }
                return report.remaining == 0 && refused == 0 ? 0 : 1
            } catch {
                bar.finish()
                SyncCommand.report(.failure(error), json: json, quiet: false)
                // Not signed in is 77, the server unreachable 75: the same statuses as every other command.
                return ExitStatus.of(error)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    static func report(_ result: Result<SyncReport, any Error>, json: Bool, quiet: Bool) {
        switch result {
        case .success(let r):
            if json {
                if let data = try? makeJSONEncoder().encode(r) { print(String(decoding: data, as: UTF8.self)) }
            } else if !quiet || r.notesPushed + r.tasksPushed + r.deleted + r.quarantined + r.pull.superseded + r.pull.pulled > 0 {
                let p = r.pull
                var line = "synced \(r.notesPushed) notes, \(r.tasksPushed) tasks"
                if r.deleted > 0 { line += ", \(r.deleted) deletions" }
                let pulled = [(p.created, "new"), (p.updated, "changed"), (p.completed, "done"), (p.deleted, "deleted")].filter { $0.0 > 0 }
                if !pulled.isEmpty { line += "; pulled " + pulled.map { "\($0.0) \($0.1)" }.joined(separator: ", ") }
                if p.superseded > 0 { line += "; \(p.superseded) local changes gave way to newer ones on the server" }
                if r.quarantined > 0 { line += "; \(r.quarantined) refused by the server (see docket status)" }
                if r.remaining > 0 { line += "; \(r.remaining) still waiting" }
                print(line)
                for c in p.conflicts {
                    print(
                        "conflict   \(c.taskID.prefix(8)) \(c.title): kept the \(c.kept == "local" ? "change made here" : "change from the server"), dropped \(c.dropped)"
                    )
                }
            }
        case .failure(let error):
            if json {
                let body = ["error": ["code": errorCode(error), "message": String(describing: error)]]
                if let data = try? makeJSONEncoder().encode(body) { print(String(decoding: data, as: UTF8.self)) }
            } else {
                printError("error: \(error)")
            }
        }
    }
}

/// `docket status`.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show what is stored, what is waiting to sync, and the session.")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var format: JSONOutput

    struct Output: Encodable {
        var database: String
        var notes: Int
        var tasks: Int
        var pending: Int
        var failed: Int
        var synced_notes: Int
        var synced_tasks: Int
        var failures: [Failure]
        var supabase_url: String?
        var session: String
        var email: String?
        var expires_in_s: Int64?
        var notify: [Channel]
        struct Channel: Encodable {
            var channel: String
            var waiting, failures: Int
            var last_error: String?
            var next_attempt_at: Date?
        }
        struct Failure: Encodable {
            var kind: String
            var id: String
            var error: String
        }
    }

    func run() async throws {
        let (store, config) = try global.existingStore()
        let counts = try await store.syncCounts()
        let failures = try await store.quarantinedChanges()
        var output = Output(
            database: config.databasePath, notes: counts.notes, tasks: counts.tasks, pending: counts.pending, failed: counts.quarantined,
            synced_notes: counts.syncedNotes, synced_tasks: counts.syncedTasks,
            failures: failures.map { .init(kind: $0.entity, id: $0.entityID, error: $0.error) },
            supabase_url: config.supabaseURL?.absoluteString, session: "not configured", notify: [])
        let states = try await store.channelStates()
        for channel in config.notify.channels {
            let state = states.first { $0.name == channel.name }
            output.notify.append(
                .init(
                    channel: channel.name, waiting: state?.waiting ?? 0, failures: state?.failures ?? 0, last_error: state?.lastError,
                    next_attempt_at: state?.nextAttemptAt))
        }
        if config.supabaseURL != nil {
            if config.supabaseServiceKey != nil {
                output.session = "service key (DOCKET_SUPABASE_SERVICE_KEY)"
            } else if let session = try? SessionFile(path: config.sessionPath).load() {
                let remaining = session.remaining(at: Date())
                output.session = remaining > 0 ? "signed in" : "signed in (access token expired; refreshed on next use)"
                output.email = session.email
                output.expires_in_s = remaining
            } else {
                output.session = "signed out (run docket login)"
            }
        }
        if format.json {
            let data = try makeJSONEncoder().encode(output)
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print("database   \(output.database): \(counts.notes) notes, \(counts.tasks) tasks")
        print("sync       \(counts.pending) waiting, \(counts.quarantined) refused, \(counts.syncedNotes) notes and \(counts.syncedTasks) tasks synced")
        print("supabase   \(output.supabase_url ?? "not configured (set DOCKET_SUPABASE_URL)")")
        print(
            "session    \(output.session)\(output.email.map { " as \($0)" } ?? "")\(output.expires_in_s.map { $0 > 0 ? ", access token valid \($0) s" : "" } ?? "")"
        )
        for f in failures { print("refused    \(f.entity) \(f.entityID): \(f.error)") }
        if output.notify.isEmpty { print("notify     off (set DOCKET_NOTIFY for reminders)") }
        for channel in output.notify {
            let waiting = channel.waiting == 0 ? "" : ", \(channel.waiting) waiting"
            guard let error = channel.last_error, channel.failures > 0 else {
                print("notify     \(channel.channel): ok\(waiting)")
                continue
            }
            let retry = channel.next_attempt_at.map { ", next try in \(max(0, Int($0.timeIntervalSinceNow))) s" } ?? ""
            print("notify     \(channel.channel): FAILING (\(channel.failures) in a row\(waiting)\(retry)): \(error)")
        }
    }
}
