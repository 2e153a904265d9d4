import Crypto
import DocketCore
import DocketTesting
import Foundation
import Hummingbird
import Logging
import Synchronization
import Testing

/// Reminders and new-task notices through real HTTP: a local Hummingbird server plays the webhook receiver and the
/// ntfy server; tasks are added with the built binary; time is the reminder service's injected clock.
@Suite("Notifications")
struct NotificationTests {
    /// What the receiver was sent.
    struct Received: Sendable {
        var path: String
        var headers: [String: String]
        var body: String
    }

    /// The local receiver: records each POST (header names in lower case); the webhook path answers 500 while `failing`.
    final class Receiver: Sendable {
        let received = Mutex<[Received]>([])
        let failing = Mutex(false)

        func of(_ prefix: String) -> [Received] { received.withLock { $0.filter { $0.path.hasPrefix(prefix) } } }
    }

    /// A clock the test sets.
    final class Clock: Sendable {
        let now: Mutex<Date>
        init(_ date: Date) { now = Mutex(date) }
        func set(_ date: Date) { now.withLock { $0 = date } }
        var date: Date { now.withLock { $0 } }
    }

    static func withReceiver(_ body: @Sendable (Int, Receiver) async throws -> Void) async throws {
        let receiver = Receiver()
        let router = Router()
        router.post("**") { request, _ -> Response in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let path = request.uri.path
            receiver.received.withLock { $0.append(Received(path: path, headers: headers, body: String(buffer: bytes))) }
            let fail = path.hasPrefix("/hook") && receiver.failing.withLock { $0 }
            return Response(status: fail ? .internalServerError : .ok)
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: Logger(label: "receiver"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            defer { group.cancelAll() }
            try await body(port, receiver)
        }
    }

    @Test func remindersReachAWebhookAndNtfyAndAFailingChannelCatchesUp() async throws {
        try await Self.withReceiver { port, receiver in
            let scratch = try Scratch()
            defer { scratch.remove() }
            let database = scratch.path("docket.sqlite")
            let notify = "webhook:http://127.0.0.1:\(port)/hook,ntfy:http://127.0.0.1:\(port)/ntfy/chores"
            let environment = [
                "DOCKET_DB": database, "DOCKET_TZ": "America/New_York", "DOCKET_NOTIFY": notify, "DOCKET_NOTIFY_ON": "created,due",
                "DOCKET_NOTIFY_WEBHOOK_SECRET": "s3cret",
            ]
            var config = try ConfigurationResolver(environment: environment).resolve()
            config.notify.catchUpAfter = .seconds(600)
            let clock = Clock(ReferenceTime.parse("2026-11-24T10:00", zone: TestEnvironment.newYork)!)
            try await DocketServices.with(configuration: config, logger: Logger(label: "test")) { services in
                let store = try services.openStore()
                let reminders = services.reminderService(store: store, clock: { clock.date })
                #expect(await reminders.round().written.isEmpty, "the first round only starts counting")

                let added = try await run(
                    TestEnvironment.docketBinary.path, ["add", "--now", "2026-11-24T10:00", "call the dentist today at 3pm"], environment: environment)
                #expect(added.status == 0)
                clock.set(clock.date.addingTimeInterval(60))
                let first = await reminders.round()
                #expect(first.written.map(\.event) == ["created"] && first.failed.isEmpty)
                let hook = try #require(receiver.of("/hook").first)
                #expect(hook.headers["content-type"] == "application/json" && hook.headers["x-docket-event"] == "created")
                let mac = HMAC<SHA256>.authenticationCode(for: Data(hook.body.utf8), using: SymmetricKey(data: Data("s3cret".utf8)))
                #expect(hook.headers["x-docket-signature-256"] == "sha256=" + mac.map { String(format: "%02x", $0) }.joined())
                struct Payload: Decodable {
                    struct Task: Decodable { var title: String }
                    var event, title: String
                    var tasks: [Task]
                }
                #expect(try JSONDecoder().decode(Payload.self, from: Data(hook.body.utf8)).tasks.map(\.title) == ["Call the dentist"])
                struct Ntfy: Decodable {
                    var topic, title, message: String
                    var priority: Int
                }
                let ntfy = try JSONDecoder().decode(Ntfy.self, from: Data(try #require(receiver.of("/ntfy").first).body.utf8))
                #expect(ntfy.topic == "chores" && ntfy.title == "New task: Call the dentist")

                // The webhook goes down as the task comes due: ntfy still gets it, the webhook keeps it.
                receiver.failing.withLock { $0 = true }
                clock.set(ReferenceTime.parse("2026-11-24T15:00:30", zone: TestEnvironment.newYork)!)
                let due = await reminders.round()
                #expect(due.written.map(\.title) == ["Due: Call the dentist"])
                #expect(due.failed.keys.contains("webhook http://127.0.0.1:\(port)/hook") && due.delivered["ntfy http://127.0.0.1:\(port)/ntfy/chores"] == 1)
                let status = try await run(TestEnvironment.docketBinary.path, ["status"], environment: environment)
                #expect(status.stdout.contains("webhook http://127.0.0.1:\(port)/hook: FAILING") && status.stdout.contains("1 waiting"), "\(status.stdout)")
                #expect(status.stdout.contains("HTTP 500"))

                // Not tried again before its wait is over; then it gets what it missed, once.
                let attempts = receiver.of("/hook").count
                clock.set(clock.date.addingTimeInterval(10))
                _ = await reminders.round()
                #expect(receiver.of("/hook").count == attempts)
                receiver.failing.withLock { $0 = false }
                clock.set(clock.date.addingTimeInterval(60))
                let recovered = await reminders.round()
                #expect(recovered.failed.isEmpty && recovered.written.isEmpty)
                #expect(receiver.of("/hook").filter { $0.headers["x-docket-event"] == "due" }.count == 2, "the failed attempt and the one that worked")
                let events = { (prefix: String) in receiver.of(prefix).compactMap { $0.headers["x-docket-event"] } }
                #expect(Set(receiver.of("/hook").compactMap { $0.headers["x-docket-delivery"] }).count == 2, "each notification delivered, none twice")
                #expect(events("/hook").last == "due")
                #expect(receiver.of("/ntfy").count == 2)
            }

            // The binary: a test notification to every channel, exit 0. It is waited for off the cooperative pool,
            // which the receiver in this process needs to answer it.
            let test = try await runAsync(TestEnvironment.docketBinary.path, ["remind", "--test"], environment: environment)
            #expect(test.status == 0, "\(test.stderr)")
            #expect(test.stdout.contains("sent") && receiver.of("/ntfy").count == 3)
        }
    }

    @Test func twoProcessesOnOneDatabaseSendEachReminderOnce() async throws {
        try await Self.withReceiver { port, receiver in
            let scratch = try Scratch()
            defer { scratch.remove() }
            let environment = ["DOCKET_DB": scratch.path("docket.sqlite"), "DOCKET_TZ": "UTC", "DOCKET_NOTIFY": "webhook:http://127.0.0.1:\(port)/hook"]
            let config = try ConfigurationResolver(environment: environment).resolve()
            #expect(
                try await run(
                    TestEnvironment.docketBinary.path, ["add", "--now", "2020-01-06T08:00", "renew the permit today at 9am"], environment: environment
                )
                .status == 0)
            // Two sets of parts, as listen and sync --watch would have, racing for the same reminder.
            try await DocketServices.with(configuration: config, logger: Logger(label: "a")) { a in
                try await DocketServices.with(configuration: config, logger: Logger(label: "b")) { b in
                    let (first, second) = (a.reminderService(store: try a.openStore()), b.reminderService(store: try b.openStore()))
                    for _ in 0..<3 {
                        async let one = first.round()
                        async let two = second.round()
                        _ = await (one, two)
                    }
                }
            }
            #expect(receiver.of("/hook").count == 1, "sent once, by whichever process held the lock")
        }
    }

    @Test func remindWatchRunsUntilStopped() async throws {
        try await Self.withReceiver { port, receiver in
            let scratch = try Scratch()
            defer { scratch.remove() }
            let environment = [
                "DOCKET_DB": scratch.path("docket.sqlite"), "DOCKET_TZ": "UTC", "DOCKET_NOTIFY": "ntfy:http://127.0.0.1:\(port)/ntfy/watch",
            ]
            // Due long ago: the service's first round sends it (one task missed is sent on its own).
            #expect(
                try await run(
                    TestEnvironment.docketBinary.path, ["add", "--now", "2020-01-06T08:00", "renew the permit today at 9am"], environment: environment
                )
                .status == 0)
            let process = Process()
            process.executableURL = TestEnvironment.docketBinary
            process.arguments = ["remind", "--watch"]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            try process.run()
            let deadline = ContinuousClock.now + .seconds(120)
            while receiver.of("/ntfy").isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
            process.terminate()
            while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
            try #require(!process.isRunning, "SIGTERM ends it")
            #expect(process.terminationStatus == 0)
            #expect(receiver.of("/ntfy").map(\.body).contains { $0.contains("Due: Renew the permit") })
        }
    }

    @Test func aMissingNotifySendIsReportedWithItsFix() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let environment = ["DOCKET_DB": scratch.path("docket.sqlite"), "DOCKET_NOTIFY": "notify-send", "PATH": scratch.path("empty")]
        let result = try await run(TestEnvironment.docketBinary.path, ["remind", "--test"], environment: environment, check: false)
        #expect(result.status == 1 && result.stderr.contains("notify-send is not installed") && result.stderr.contains("libnotify-bin"), "\(result.stderr)")
        let off = try await run(TestEnvironment.docketBinary.path, ["remind"], environment: ["DOCKET_DB": scratch.path("docket.sqlite")], check: false)
        #expect(off.status == 78 && off.stderr.contains("DOCKET_NOTIFY"))
    }
}
