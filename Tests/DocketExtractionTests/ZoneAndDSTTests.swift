import Foundation
import Testing

@testable import DocketExtraction

/// Offsets across DST changes (America/New_York: 2026-03-08 spring forward, 2026-11-01 fall back), other IANA
/// zones and fixed offsets.
@Suite("Time zones and DST")
struct ZoneAndDSTTests {
    static let dstCases: [NoteCase] = [
        // Saturday before spring forward.
        NoteCase("Call mom today at 3pm", [task("Call mom", "2026-03-07", "15:00", at: "2026-03-07T15:00:00-05:00")], reference: "2026-03-07T09:00"),
        NoteCase("Call mom tomorrow at 3pm", [task("Call mom", "2026-03-08", "15:00", at: "2026-03-08T15:00:00-04:00")], reference: "2026-03-07T09:00"),
        NoteCase("Feed the cat in 24 hours", [task("Feed the cat", "2026-03-08", "10:00", at: "2026-03-08T10:00:00-04:00")], reference: "2026-03-07T09:00"),
        // 02:30 does not exist on 2026-03-08; Foundation moves it forward an hour.
        NoteCase(
            "Check the backup tomorrow at 2:30 am", [task("Check the backup", "2026-03-08", "03:30", at: "2026-03-08T03:30:00-04:00")],
            reference: "2026-03-07T09:00"),
        NoteCase("Check the oven in an hour", [task("Check the oven", "2026-03-08", "03:30", at: "2026-03-08T03:30:00-04:00")], reference: "2026-03-08T01:30"),
        NoteCase("Go running at 7 am", [task("Go running", "2026-03-08", "07:00", at: "2026-03-08T07:00:00-04:00")], reference: "2026-03-08T01:30"),
        // Saturday before fall back.
        NoteCase("Brunch tomorrow at 11 am", [task("Brunch", "2026-11-01", "11:00", at: "2026-11-01T11:00:00-05:00")], reference: "2026-10-31T09:00"),
        // 01:30 happens twice on 2026-11-01; the first (EDT) is used.
        NoteCase(
            "Check the server tomorrow at 1:30 am", [task("Check the server", "2026-11-01", "01:30", at: "2026-11-01T01:30:00-04:00")],
            reference: "2026-10-31T09:00"),
        NoteCase("Take the pills in an hour", [task("Take the pills", "2026-11-01", "01:30", at: "2026-11-01T01:30:00-04:00")], reference: "2026-11-01T00:30"),
        NoteCase("Take the pills in 2 hours", [task("Take the pills", "2026-11-01", "01:30", at: "2026-11-01T01:30:00-05:00")], reference: "2026-11-01T00:30"),
        NoteCase(
            "Call the office next Monday at 10am", [task("Call the office", "2026-11-02", "10:00", at: "2026-11-02T10:00:00-05:00")],
            reference: "2026-10-28T09:00"),
        NoteCase(
            "Walk the dog every day at 8 am", [task("Walk the dog", "2026-11-02", "08:00", at: "2026-11-02T08:00:00-05:00", every: "FREQ=DAILY")],
            reference: "2026-11-01T09:00"),
        NoteCase("Book the summer rental on April 1st at 9am", [task("Book the summer rental", "2027-04-01", "09:00", at: "2027-04-01T09:00:00-04:00")]),
        NoteCase("Renew the lease on the 18th at 6pm", [task("Renew the lease", "2026-11-18", "18:00", at: "2026-11-18T18:00:00-05:00")]),
    ]

    static let zonesCases: [NoteCase] = [
        NoteCase("Call Ravi tomorrow at 3 pm", [task("Call Ravi", "2026-11-19", "15:00", at: "2026-11-19T15:00:00+05:30")], zone: "+05:30"),
        NoteCase("Water the lawn tonight", [task("Water the lawn", "2026-11-18", "20:00", at: "2026-11-18T20:00:00-08:00")], zone: "-08:00"),
        NoteCase("Deploy in 2 hours", [task("Deploy", "2026-11-18", "11:00", at: "2026-11-18T11:00:00+00:00")], zone: "UTC"),
        NoteCase("Deploy at 11pm", [task("Deploy", "2026-11-18", "23:00", at: "2026-11-18T23:00:00+00:00")], zone: "Z"),
        NoteCase(
            "Call the bakery at 8:30", [task("Call the bakery", "2026-11-18", "08:30", at: "2026-11-18T08:30:00+05:45")], reference: "2026-11-18T07:00",
            zone: "Asia/Kathmandu"),
        NoteCase(
            "Call Oma Sunday at 10", [task("Call Oma", "2026-03-29", "10:00", at: "2026-03-29T10:00:00+02:00")], reference: "2026-03-25T09:00",
            zone: "Europe/Berlin"),
        NoteCase("Check the pool tomorrow at noon", [task("Check the pool", "2026-11-19", "12:00", at: "2026-11-19T12:00:00+11:00")], zone: "Australia/Sydney"),
    ]

    @Test("DST changes in America/New_York", arguments: dstCases)
    func dst(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test("other zones and fixed offsets", arguments: zonesCases)
    func zones(_ note: NoteCase) throws { try expectExtraction(note) }

    @Test(
        "zone labels",
        arguments: [
            ("America/New_York", "America/New_York"), ("UTC", "UTC"), ("Z", "UTC"), ("+05:30", "+05:30"),
            ("-08:00", "-08:00"), ("+0545", "+05:45"),
        ]
    )
    func zoneLabels(_ input: String, _ label: String) throws {
        let zone = try #require(ZoneParser.timeZone(from: input))
        #expect(ZoneParser.label(for: zone) == label)
    }

    @Test("zone parser", arguments: [("+05:30", 19_800), ("-08:00", -28_800), ("Z", 0), ("+14", 50_400), ("-0330", -12_600)])
    func offsets(_ input: String, _ seconds: Int) throws {
        let zone = try #require(ZoneParser.timeZone(from: input))
        #expect(zone.secondsFromGMT() == seconds)
    }

    @Test("zone parser rejects", arguments: ["", "Mars/Olympus", "+25:00", "+05:75", "5:30", "America New York", "+5:3"])
    func rejects(_ input: String) {
        #expect(ZoneParser.timeZone(from: input) == nil)
    }

    @Test func ianaNamesParse() {
        #expect(ZoneParser.timeZone(from: "America/New_York")?.identifier == "America/New_York")
        #expect(ZoneParser.timeZone(from: " Europe/London ")?.identifier == "Europe/London")
    }
}
