import ArgumentParser
import DocketCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Extractor throughput and per-note latency on one core.
struct ExtractBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Notes per second and per-note latency (p50/p99) of the task extractor on one core.",
        discussion: """
            The notes are generated from spoken-style templates (about 20 words, one to three tasks each), or read \
            from --corpus (JSON lines with a "text" field). The baseline, run in the same process, only splits each \
            note into lower-cased words: the ratio says how much the extractor costs over merely reading the text.
            """
    )

    @Option(help: "Number of generated notes.")
    var notes = 20_000

    @Option(help: "JSON lines file with a \"text\" field per line, instead of generated notes.")
    var corpus: String?

    @Option(help: "Passes over the notes; the fastest pass is reported.")
    var passes = 5

    func run() throws {
        let texts = try corpus.map(Self.load) ?? NoteGenerator.make(count: notes)
        let words = texts.reduce(0) { $0 + $1.split(separator: " ").count }
        let zone = TimeZone(identifier: "America/New_York")!
        var configuration = DocketConfiguration()
        configuration.projects = ["Launch", "Home"]
        configuration.labels = ["errands", "work"]
        let context = NoteStage.context(configuration: configuration, recordedAt: ReferenceTime.parse("2026-11-18T09:00", zone: zone)!, timeZone: zone)
        let extractor = TaskExtractor()

        var sink = 0
        var baselineBest = Double.infinity
        var extractBest = Double.infinity
        var extractCPUBest = Double.infinity
        var latencies = [Double](repeating: 0, count: texts.count)
        let clock = ContinuousClock()
        for _ in 0..<max(1, passes) {
            let b0 = clock.now
            for text in texts { sink &+= text.lowercased().split(separator: " ").count }
            baselineBest = min(baselineBest, seconds(clock.now - b0))

            let e0 = clock.now
            let c0 = threadCPUSeconds()
            for (i, text) in texts.enumerated() {
                let t0 = clock.now
                sink &+= extractor.extract(from: text, context: context).tasks.count
                latencies[i] = seconds(clock.now - t0)
            }
            extractBest = min(extractBest, seconds(clock.now - e0))
            extractCPUBest = min(extractCPUBest, threadCPUSeconds() - c0)
        }
        // Unaddressed listening (`always` mode) also reads each note with the room-talk model.
        var talkBest = Double.infinity
        for _ in 0..<max(1, passes) {
            let t0 = clock.now
            for text in texts where RoomTalk.isTalk(text) { sink &+= 1 }
            talkBest = min(talkBest, seconds(clock.now - t0))
        }
        latencies.sort()
        func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] * 1e6 }
        let tasks = texts.reduce(0) { $0 + extractor.extract(from: $1, context: context).tasks.count }
        print(
            "notes: \(texts.count), \(String(format: "%.1f", Double(words) / Double(texts.count))) words and \(String(format: "%.2f", Double(tasks) / Double(texts.count))) tasks per note, best of \(passes) passes, one thread"
        )
        print(
            String(
                format: "extractor: %.0f notes/s   p50 %.1f µs   p99 %.1f µs   max %.1f µs (last pass)", Double(texts.count) / extractBest, percentile(0.5),
                percentile(0.99), latencies.last! * 1e6))
        print(String(format: "extractor per CPU-second of this thread (unaffected by other load): %.0f notes/s", Double(texts.count) / extractCPUBest))
        print(
            String(
                format: "baseline (lower-case + split words): %.0f notes/s; extractor costs %.1f× the baseline", Double(texts.count) / baselineBest,
                extractBest / baselineBest))
        print(
            String(
                format: "room-talk model (always mode, after the extractor): %.0f notes/s, %.1f µs a note", Double(texts.count) / talkBest,
                talkBest / Double(texts.count) * 1e6))
        if sink == 42 { print("") }  // keeps the work observable to the optimiser
    }

    /// CPU time used by the calling thread.
    private func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func seconds(_ d: Duration) -> Double { d / .seconds(1) }

    static func load(_ path: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("Can't read \(path).") }
        struct Line: Decodable { var text: String }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)).text }
    }
}

/// Spoken-style notes built from templates, deterministic for a given count.
enum NoteGenerator {
    static let leadIns = ["Remind me to", "I need to", "Don't forget to", "Okay so, I have to", "Note to self,", "Um, we need to", "", "Make sure to"]
    static let actions = [
        "call the dentist", "buy milk, bread and eggs", "email the quarterly report to Anna", "book a table for four",
        "renew the car insurance", "pick up the dry cleaning", "send the invoice to the client", "water the plants",
        "schedule a meeting with the design team", "pay the electricity bill", "review the pull requests", "text Sam about the party",
    ]
    static let whens = [
        "tomorrow at 3 p.m.", "on Friday", "next Monday morning", "by the end of the week", "at half past four",
        "on the 25th", "in two hours", "this evening", "on December 1st at 10:30", "every Monday at 9 am", "tonight",
        "the day after tomorrow at noon", "",
    ]
    static let priorities = ["", "", "it's urgent", "no rush", "high priority", ""]
    static let joins = [". Also", ", and then", ". Another thing,", ". Plus", " and"]

    static func make(count: Int) -> [String] {
        var rng = Mix(seed: 7)
        return (0..<count).map { _ in
            var parts: [String] = []
            let tasks = 1 + Int(rng.next() % 3)
            for t in 0..<tasks {
                if t > 0 { parts.append(joins[Int(rng.next() % UInt64(joins.count))]) }
                if t == 0 { parts.append(leadIns[Int(rng.next() % UInt64(leadIns.count))]) }
                parts.append(actions[Int(rng.next() % UInt64(actions.count))])
                parts.append(whens[Int(rng.next() % UInt64(whens.count))])
                let p = priorities[Int(rng.next() % UInt64(priorities.count))]
                if !p.isEmpty { parts.append(", " + p) }
            }
            return parts.filter { !$0.isEmpty }.joined(separator: " ").replacingOccurrences(of: " ,", with: ",").replacingOccurrences(of: " .", with: ".") + "."
        }
    }

    struct Mix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
    }
}
