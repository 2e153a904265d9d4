import DocketAudio
import DocketCore
import DocketTesting
import Foundation
import Logging
import Synchronization
import Testing

@Suite("Journal logging")
struct JournalLogTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func linesCarryPriorityAndNoTimestamp() {
        let lines = Lines()
        var logger = Logger(label: "docket") { JournalLogHandler(label: $0, level: .trace, write: lines.append) }
        logger[metadataKey: "note"] = "3"
        logger.error("transcription failed", metadata: ["status": "503"])
        logger.info("two\nlines")
        logger.debug("detail")
        #expect(lines.all == ["<3>docket: transcription failed note=3 status=503\n", "<6>docket: two\n<6>lines note=3\n", "<7>docket: detail note=3\n"])
    }

    @Test func priorities() {
        let expected: [(Logger.Level, Int)] = [(.trace, 7), (.debug, 7), (.info, 6), (.notice, 5), (.warning, 4), (.error, 3), (.critical, 2)]
        for (level, priority) in expected { #expect(JournalLogHandler.priority(level) == priority) }
    }

    @Test func journalStreamMustBeStderr() {
        #expect(!JournalLogHandler.stderrIsJournal(environment: [:]))
        #expect(!JournalLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "1:2"]))
        var status = stat()
        guard fstat(2, &status) == 0 else { return }
        #expect(JournalLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"]))
        #expect(!JournalLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino + 1)"]))
    }

    @Test func exitStatuses() {
        #expect(ExitStatus.of(ConfigurationError(.invalidValue, "x")) == 78)
        #expect(ExitStatus.of(TranscriptionError(.unreachable, "x")) == 75)
        #expect(ExitStatus.of(CaptureError(.notFound, "x")) == 69)
        #expect(ExitStatus.of(SyncError(.notSignedIn, "x")) == 77)
        #expect(ExitStatus.of(CancellationError()) == 1)
    }
}

@Suite("Test kit: spawning programs")
struct SpawnTests {
    @Test func childrenGetOnlyTheStandardDescriptors() throws {
        // A descriptor of this process left open (no close-on-exec) must not reach the child.
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        let result = try spawnAndWait("/bin/ls", ["/proc/self/fd"], environment: [:])
        #expect(result.status == 0)
        let fds = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        #expect(fds.allSatisfy { $0 <= 3 }, "\(fds)")  // 0-2, and ls's own directory handle
        #expect(try spawnAndWait("/bin/sh", ["-c", "exit 7"], environment: [:]).status == 7)
        #expect(try spawnAndWait("/bin/sh", ["-c", "kill -TERM $$"], environment: [:]).status == 128 + SIGTERM)
        #expect(try spawnAndWait("sh", ["-c", "echo $X"], environment: ["X": "y"]).stdout == Data("y\n".utf8))
    }
}
