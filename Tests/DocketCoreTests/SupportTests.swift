import Foundation
import Testing

@testable import DocketCore
@testable import DocketSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Support")
struct SupportTests {
    static let ny = TimeZone(identifier: "America/New_York")!

    @Test(arguments: [
        ("2026-11-18T09:00:00-05:00", "2026-11-18T09:00:00-05:00"),
        ("2026-11-18T14:00:00Z", "2026-11-18T09:00:00-05:00"),
        ("2026-11-18T09:00", "2026-11-18T09:00:00-05:00"),
        ("2026-11-18 09:00:30.25", "2026-11-18T09:00:30-05:00"),
        ("2026-11-18", "2026-11-18T00:00:00-05:00"),
        ("2026-07-01T12:00+0200", "2026-07-01T06:00:00-04:00"),
    ])
    func referenceTimeParses(_ input: String, _ expected: String) throws {
        let date = try #require(ReferenceTime.parse(input, zone: Self.ny))
        #expect(ReferenceTime.format(date, zone: Self.ny) == expected)
    }

    @Test(arguments: [
        "", "tomorrow", "2026-13-01", "2026-02-30", "2026-11-18T25:00", "2026-11-18T09:00junk", "18/11/2026",
        "2026-11-18T09:00:00+15:00", "2026-11-18T09:00:00-23:59", "2026-11-18T09:00+05:75",
    ])
    func referenceTimeRejects(_ input: String) {
        #expect(ReferenceTime.parse(input, zone: Self.ny) == nil)
    }

    @Test(arguments: [
        (
            #"{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}"#,
            "Incorrect API key provided"
        ),
        (#"{"error":"failed to read audio data"}"#, "failed to read audio data"),
        (#"{"detail":"Model 'x' is not installed locally."}"#, "Model 'x' is not installed locally."),
        (#"{"detail":{"error":{"message":"unknown model: big","type":"invalid_request_error"}}}"#, "unknown model: big"),
        (#"{"detail":[{"loc":["body","file"],"msg":"Field required","type":"missing"}]}"#, "body.file: Field required"),
        ("Bad Gateway", "Bad Gateway"),
    ])
    func errorBodies(_ body: String, _ expected: String) {
        #expect(ErrorBody.message(from: Array(body.utf8)) == expected)
    }

    @Test func errorBodyIgnoresHTMLAndEmpty() {
        #expect(ErrorBody.message(from: Array("<html><body>502</body></html>".utf8)) == nil)
        #expect(ErrorBody.message(from: []) == nil)
    }

    @Test func filterDropsHallucinationsAndNoSpeech() {
        let transcript = Transcript(
            text: "",
            segments: [
                TranscriptSegment(start: 0, end: 2, text: " Call mom.", noSpeechProb: 0.1, avgLogprob: -0.3),
                TranscriptSegment(start: 2, end: 4, text: " something", noSpeechProb: 0.9, avgLogprob: -1.5),
                TranscriptSegment(start: 4, end: 6, text: " Thanks for watching!", noSpeechProb: 0.2, avgLogprob: -0.2),
                TranscriptSegment(start: 6, end: 7, text: " Subtitles by the Amara.org community", noSpeechProb: 0.5, avgLogprob: -0.5),
                TranscriptSegment(start: 7, end: 9, text: " Buy milk.", noSpeechProb: 0.7, avgLogprob: -0.5),
            ])
        let clean = TranscriptFilter.clean(transcript)
        #expect(clean.text == "Call mom. Buy milk.")
        #expect(clean.segments.count == 2)
        #expect(TranscriptFilter.clean(Transcript(text: " Thank you.")).text == "")
        #expect(TranscriptFilter.clean(Transcript(text: " you")).text == "")
        #expect(TranscriptFilter.clean(Transcript(text: "Thank you for the milk.")).text == "Thank you for the milk.")
        // A phrase looped on noise.
        #expect(TranscriptFilter.clean(Transcript(text: "Thank you for your time, thank you for your time, thank you for your time, thank you")).text == "")
        #expect(TranscriptFilter.clean(Transcript(text: " End. End. End. End.")).text == "")
        #expect(TranscriptFilter.clean(Transcript(text: "Buy milk, buy eggs.")).text == "Buy milk, buy eggs.")
    }

    @Test("a durable replace never writes through a link planted at its temporary name, and leaves the file as it was")
    func durableReplaceRefusesAPlantedLink() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docket-durable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("session.json").path
        let victim = directory.appendingPathComponent("victim").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: path + ".tmp-planted", withDestinationPath: victim)
        #expect(replaceFileDurably(at: path, with: Array("new".utf8), mode: 0o600, temporarySuffix: "planted") == EEXIST)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(replaceFileDurably(at: path, with: Array("new".utf8), mode: 0o600) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    }

    @Test("starts that never ended are counted across runs; an end clears them; a link at the marker is not followed")
    func unfinishedStarts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docket-starts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("note").path
        #expect(UnfinishedStarts.begin(marker) == 1)
        #expect(UnfinishedStarts.begin(marker) == 2, "the first start never ended")
        UnfinishedStarts.end(marker)
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(UnfinishedStarts.begin(marker) == 1)
        let victim = directory.appendingPathComponent("victim").path
        let link = directory.appendingPathComponent("planted").path
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        #expect(UnfinishedStarts.begin(link) == nil)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim")
    }

    @Test("listen's spool forgets the counts a stop on request left, and the counts of notes no longer there")
    func listenSpoolForgetsStartsOfAStop() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docket-spool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let spool = try NoteSpool(directory: directory)
        let (kept, gone) = (UUID().uuidString.lowercased(), UUID().uuidString.lowercased())
        try Data().write(to: spool.url(noteID: kept))
        for id in [kept, gone] { #expect(spool.beginFinishing(id) == 1) }
        spool.forgetStartsOfAStop()
        #expect(UnfinishedStarts.count(directory.appendingPathComponent("\(kept).starts").path) == 1, "a crash's count stays")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(gone).starts").path))
        NoteSpool.markStopping(directory: directory)
        spool.forgetStartsOfAStop()
        #expect(UnfinishedStarts.count(directory.appendingPathComponent("\(kept).starts").path) == 0, "a stop on request is no crash")
        #expect(!FileManager.default.fileExists(atPath: spool.stoppingMarker.path))
    }

    @Test("lost audio is said at most every interval: the first at once, then not before the interval has passed")
    func rateLimit() {
        var limit = RateLimit(interval: .seconds(5))
        let start = ContinuousClock.now
        let answers = [0, 1_000, 4_999, 5_000, 6_000].map { limit.due(now: start + .milliseconds($0)) }
        #expect(answers == [true, false, false, true, false])
    }

    @Test func retryDelays() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(500), maxDelay: .seconds(4))
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, jitter: 1) == .milliseconds(500))
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil, jitter: 1) == .seconds(2))
        #expect(policy.delay(afterAttempt: 10, retryAfter: nil, jitter: 1) == .seconds(4))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(2)) == .seconds(2))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(90)) == .seconds(4))
        #expect(RetryPolicy.parseRetryAfter("3") == .seconds(3))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryPolicy.parseRetryAfter("Tue, 14 Nov 2023 22:13:30 GMT", now: now) == .seconds(10))
        #expect(RetryPolicy.parseRetryAfter("soon") == nil)
        #expect([429, 500, 502, 503, 504, 408].allSatisfy(RetryPolicy.isRetryable))
        #expect(![400, 401, 403, 404, 413, 422].contains(where: RetryPolicy.isRetryable))
    }
}
