import DocketSupport
public import Foundation
public import Logging
public import ServiceLifecycle

/// What one round of reminders did.
public struct ReminderReport: Sendable {
    /// Notifications written this round.
    public var written: [StoredNotification] = []
    /// Notifications delivered, by channel name.
    public var delivered: [String: Int] = [:]
    /// Why a channel failed this round, by channel name.
    public var failed: [String: String] = [:]
}

/// Reminders and notifications: every `poll`, writes the notifications that are due (see
/// ``DocketStore/collectNotifications(now:settings:)``) and delivers what each channel has not had yet, in order.
/// A channel that fails is tried again after a growing wait (30 s doubling to 30 min) without holding up the others;
/// nothing else waits for it. Runs in `docket remind --watch`, `sync --watch`, `listen` and `serve`; where several
/// of them share a database, one at a time sends (a lock next to the database), so nothing is sent twice.
public struct ReminderService: Service {
    let store: DocketStore, sender: NotificationSender, settings: NotifySettings, logger: Logger, poll: Duration
    let clock: @Sendable () -> Date
    let onReport: @Sendable (ReminderReport) -> Void
    /// The lock that lets one docket process at a time send (listen and sync --watch may share a database).
    let lockPath: String?
    /// The wait before a failing channel is tried again.
    static let backoff = Backoff(initial: .seconds(30), maximum: .seconds(1800))
    /// Notifications a channel has not had after this long are given up.
    static let keep: TimeInterval = 7 * 86_400

    /// A service over `store`; `clock` is the time reminders are judged by (tests set it).
    public init(
        store: DocketStore, sender: NotificationSender, settings: NotifySettings, logger: Logger, poll: Duration = .seconds(15),
        lockPath: String? = nil, clock: @escaping @Sendable () -> Date = { Date() }, onReport: @escaping @Sendable (ReminderReport) -> Void = { _ in }
    ) {
        (self.store, self.sender, self.settings, self.logger, self.poll) = (store, sender, settings, logger, poll)
        (self.clock, self.onReport, self.lockPath) = (clock, onReport, lockPath)
    }

    public func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            onReport(await round())
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: poll) }
            } catch {
                return
            }
        }
    }

    /// One round at the clock's time: forget what every channel has had, write what is due, deliver. `now: true`
    /// tries failing channels at once instead of after their wait (`docket remind`).
    /// When another docket process is sending (it holds the lock), a round does nothing; with `now: true` it waits
    /// for that process's round to end.
    public func round(now tryFailingChannels: Bool = false) async -> ReminderReport {
        var lock: FileLock?
        if let lockPath {
            let deadline = ContinuousClock.now + (tryFailingChannels ? .seconds(120) : .zero)
            while lock == nil {
                do {
                    lock = try FileLock.acquire(path: lockPath, wait: false)
                } catch .held {
                    guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(100))) != nil else { return ReminderReport() }
                } catch {
                    logger.warning("Can't open the reminder lock \(lockPath); reminding without it")
                    break
                }
            }
        }
        defer { lock?.release() }
        let now = clock()
        var report = ReminderReport()
        do {
            report.written = try await store.collectNotifications(now: now, settings: settings, pruneBefore: now.addingTimeInterval(-Self.keep))
        } catch {
            logger.error("Can't record reminders: \(error)")
        }
        let states = (try? await store.channelStates()) ?? []
        let outcomes = await withTaskGroup(of: (String, Int, String?).self) { group in
            for channel in settings.channels {
                let state = states.first { $0.name == channel.name }
                if let next = state?.nextAttemptAt, next > now, !tryFailingChannels { continue }
                group.addTask { await deliver(to: channel, failures: state?.failures ?? 0, now: now) }
            }
            var outcomes: [(String, Int, String?)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        for (name, count, failure) in outcomes {
            if count > 0 { report.delivered[name] = count }
            if let failure { report.failed[name] = failure }
        }
        return report
    }

    /// Delivers what `channel` has not had, oldest first, until it is all there or a delivery fails.
    private func deliver(to channel: NotifyChannel, failures: Int, now: Date) async -> (String, Int, String?) {
        var delivered = 0
        do {
            while true {
                let batch = try await store.undelivered(to: channel.name)
                if batch.isEmpty { return (channel.name, delivered, nil) }
                for notification in batch {
                    do {
                        try await sender.send(notification, to: channel)
                    } catch {
                        let wait = Self.backoff.delay(afterAttempt: failures + 1)
                        let message = (error as? NotifyError)?.description ?? "\(error)"
                        try await store.recordFailure(of: channel.name, error: message, retryAt: now.addingTimeInterval(Double(wait.components.seconds)))
                        logger.warning("Notification to \(channel.name) failed; trying again in \(wait): \(message)")
                        return (channel.name, delivered, message)
                    }
                    try await store.recordDelivery(to: channel.name, through: notification.id, at: now)
                    delivered += 1
                }
            }
        } catch {
            logger.error("Can't record a notification's delivery to \(channel.name): \(error)")
            return (channel.name, delivered, "\(error)")
        }
    }
}
