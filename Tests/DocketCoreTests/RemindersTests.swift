import DocketExtraction
import Foundation
import Testing

@testable import DocketCore

/// Which reminders are due when, at most once per due time, caught up in one summary, and each channel's progress.
/// Time is given to the store, never read from the clock.
@Suite("Reminders")
struct RemindersTests {
    typealias T = TaskLifecycleTests
    /// Tuesday 2026-11-24 10:00 in New York.
    let now = T.now
    var settings: NotifySettings {
        var settings = NotifySettings()
        settings.channels = [.notifySend]
        settings.events = [.due, .created]
        return settings
    }

    func at(_ local: String) -> Date { ReferenceTime.parse(local, zone: T.zone)! }

    @Test func aTaskIsRemindedOnceWhenDueAndAgainOnlyIfItsDueChanges() async throws {
        let store = try DocketStore.inMemory()
        _ = try await store.collectNotifications(now: now, settings: settings)
        var timed = T.task("Call the dentist", due: "2026-11-24", time: "15:00")
        timed.dueAt = "2026-11-24T15:00:00-05:00"
        let (_, tasks) = try await store.saveNote(T.note("a"), tasks: [T.task("Buy milk", due: "2026-11-25"), timed, T.task("Someday")])
        let created = try await store.collectNotifications(now: now, settings: settings)
        #expect(created.map(\.event) == ["created"] && created[0].title == "3 new tasks")

        #expect(try await store.collectNotifications(now: at("2026-11-24T14:59"), settings: settings).isEmpty)
        let dentist = try await store.collectNotifications(now: at("2026-11-24T15:00:30"), settings: settings)
        #expect(dentist.map(\.title) == ["Due: Call the dentist"])
        #expect(dentist[0].payload.contains(#""event":"due""#) && dentist[0].payload.contains(tasks[1].id))
        #expect(try await store.collectNotifications(now: at("2026-11-24T15:05"), settings: settings).isEmpty, "once per due time")

        // A day without a time is reminded of at 09:00 in the task's zone.
        #expect(try await store.collectNotifications(now: at("2026-11-25T08:59"), settings: settings).isEmpty)
        #expect(try await store.collectNotifications(now: at("2026-11-25T09:00"), settings: settings).map(\.title) == ["Due: Buy milk"])

        // A new due time re-arms it; a done task is not reminded of.
        var edit = TaskEdit()
        edit.due = T.task("x", due: "2026-11-26")
        _ = try await store.edit(id: tasks[0].id, edit)
        _ = try await store.complete(ids: [tasks[1].id], at: now)
        #expect(try await store.collectNotifications(now: at("2026-11-26T09:01"), settings: settings).map(\.title) == ["Due: Buy milk"])
    }

    @Test func remindersMissedWhileStoppedComeAsOneSummary() async throws {
        let store = try DocketStore.inMemory()
        let days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]
        var fresh = T.task("Take the bins out", due: "2026-11-24", time: "09:55")
        fresh.dueAt = "2026-11-24T09:55:00-05:00"
        _ = try await store.saveNote(T.note("b"), tasks: days.map { T.task("Pay bill \($0)", due: $0) } + [fresh])
        let written = try await store.collectNotifications(now: now, settings: settings)
        #expect(written.map(\.event) == ["due", "due_summary"])
        #expect(written[0].title == "Due: Take the bins out")
        #expect(written[1].title == "4 tasks came due" && written[1].message.components(separatedBy: "\n").count == 4)
        #expect(try await store.collectNotifications(now: now.addingTimeInterval(3600), settings: settings).isEmpty)
    }

    @Test func eachChannelGetsEverythingInOrderFromWhenItWasAdded() async throws {
        let store = try DocketStore.inMemory()
        let old = try await store.addNotification(event: "test", title: "before", message: "m", now: now)
        try await store.registerChannels(["a", "b"])
        let first = try await store.addNotification(event: "test", title: "one", message: "m", now: now)
        let second = try await store.addNotification(event: "test", title: "two", message: "m", now: now)
        #expect(try await store.undelivered(to: "a").map(\.id) == [first.id, second.id], "not what was written before it was added")
        try await store.recordDelivery(to: "a", through: first.id, at: now)
        try await store.recordFailure(of: "b", error: "down", retryAt: now.addingTimeInterval(30))
        let states = try await store.channelStates()
        #expect(states.map(\.waiting) == [1, 2] && states[1].failures == 1 && states[1].lastError == "down")
        try await store.pruneNotifications(olderThan: now.addingTimeInterval(-86_400))
        #expect(try await store.undelivered(to: "b").map(\.id) == [first.id, second.id], "kept until every channel has it")
        try await store.recordDelivery(to: "b", through: second.id, at: now)
        #expect(try await store.channelStates()[1].failures == 0)
        try await store.pruneNotifications(olderThan: now.addingTimeInterval(-86_400))
        #expect(try await store.undelivered(to: "a").map(\.id) == [second.id])
        try await store.registerChannels(["b"])
        #expect(try await store.channelStates().map(\.name) == ["b"])
        _ = old
    }

    @Test(
        "DOCKET_NOTIFY channels",
        arguments: [
            ("webhook:https://example.com/hook?key=1", "webhook https://example.com/hook"), ("ntfy:https://ntfy.sh/my-topic", "ntfy https://ntfy.sh/my-topic"),
            ("notify-send", "notify-send"), ("ntfy:https://ntfy.sh", nil), ("email:me@example.com", nil), ("webhook:ftp://x/y", nil),
        ] as [(String, String?)])
    func channels(_ text: String, _ name: String?) {
        #expect(NotifyChannel(text)?.name == name)
    }

    @Test func settingsAreCheckedWithTheirFix() throws {
        let resolved = try ConfigurationResolver(environment: [
            "DOCKET_NOTIFY": "ntfy:https://ntfy.sh/t, notify-send", "DOCKET_NOTIFY_ON": "created,due", "DOCKET_REMIND_DATE_AT": "07:30",
        ]).resolve()
        #expect(resolved.notify.channels == [.ntfy(URL(string: "https://ntfy.sh/t")!), .notifySend] && resolved.notify.events == [.created, .due])
        #expect(resolved.notify.dateReminderMinute == 450)
        for (key, value, words) in [
            ("DOCKET_NOTIFY", "pager:123", "webhook:https://"), ("DOCKET_NOTIFY_ON", "overdue", "created,due"), ("DOCKET_REMIND_DATE_AT", "9am", "HH:MM"),
        ] {
            #expect(throws: ConfigurationError.self) { try ConfigurationResolver(environment: [key: value]).resolve() }
            do {
                _ = try ConfigurationResolver(environment: [key: value]).resolve()
            } catch let error as ConfigurationError {
                #expect(error.message.contains(words))
            }
        }
    }
}
