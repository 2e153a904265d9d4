import DocketAudio
import DocketExtraction
import DocketTesting
import Foundation
import Testing

@testable import DocketCore

/// `docket listen --confirm`: what is read back, the chimes, real playback through an ALSA `file` PCM, and the
/// echo guard that keeps docket from hearing itself.
@Suite("Confirmations")
struct FeedbackTests {
    static func task(_ title: String, due: String? = nil, at time: String? = nil) -> TaskRecord {
        TaskRecord(
            task: ExtractedTask(title: title, dueDate: due, dueTime: time, timeZone: "America/New_York", sourceText: title), noteID: "n", position: 0)
    }

    @Test(
        "tasks are read back with their due day and time in words",
        arguments: [
            (task("Buy milk"), "Buy milk"),
            (task("Call the dentist", due: "2026-11-19"), "Call the dentist, Thursday, November 19"),
            (task("Call the dentist", due: "2026-11-19", at: "15:00"), "Call the dentist, Thursday, November 19 at 3 PM"),
            (task("Standup", due: "2026-11-23", at: "09:30"), "Standup, Monday, November 23 at 9:30 AM"),
            (task("Midnight check", due: "2026-11-23", at: "00:00"), "Midnight check, Monday, November 23 at 12 AM"),
        ])
    func readBack(_ task: TaskRecord, _ expected: String) {
        #expect(FeedbackService.readBack(task, zone: TimeZone(identifier: "America/New_York")!) == expected)
    }

    @Test("the chimes are short, rise when addressed and fall when stored, and do not click at their ends")
    func chimes() {
        let rising = FeedbackService.chime(rising: true)
        #expect(rising.count == 16_000 * 24 / 100)
        #expect(rising.first == 0 && rising.last.map { abs(Int($0)) < 400 } == true)
        #expect(FeedbackService.chime(rising: false) != rising)
        #expect(rising.map { abs(Int($0)) }.max()! <= 8_000)
    }

    @Test("the echo guard mutes the capture while a confirmation plays, and only then")
    func echoGuard() {
        let guardian = EchoGuard(tail: .milliseconds(300))
        #expect(!guardian.isMuted)
        guardian.playing(for: .seconds(30))
        #expect(guardian.isMuted)
        // A shorter sound does not end the mute early.
        guardian.playing(for: .zero)
        #expect(guardian.isMuted)
    }

    @Test(
        "the read-back, spoken by espeak-ng, is played through a real ALSA file PCM sample for sample",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")))
    func speaksThroughALSA() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.path("speaker.raw")
        let playback = ALSAPlayback(name: "speaker", configuration: ALSAPlayback.filePCMConfiguration(name: "speaker", file: out))
        let (samples, rate) = try FeedbackService.render(.stored(["Call the dentist, Thursday, November 19 at 3 PM"]), mode: .speak)
        #expect(rate == 22_050)
        #expect(samples.count > rate, "a sentence lasts more than a second")
        try playback.play(samples, sampleRate: rate)
        let written = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(written.count == samples.count * 2)
        let played = written.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(played == samples)

        let chime = try FeedbackService.render(.heard, mode: .speak)
        try ALSAPlayback(name: "speaker", configuration: ALSAPlayback.filePCMConfiguration(name: "speaker", file: out)).play(chime.samples, sampleRate: 16_000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)).count == chime.samples.count * 2, "each sound is written on its own")

        #expect {
            try ALSAPlayback(name: "nowhere").play(chime.samples, sampleRate: 16_000)
        } throws: { ($0 as? AudioError)?.code == .playback && "\($0)".contains("DOCKET_PLAYBACK_DEVICE") }
    }
}
