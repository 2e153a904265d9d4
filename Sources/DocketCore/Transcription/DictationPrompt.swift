import Foundation

/// A short task-style preamble sent as the recognizer's prompt. Whisper continues the style of its prompt, so after
/// it Whisper base writes dictated tasks, times and the wake phrase as people say them: on docket's own spoken
/// corpus (`docket-bench hearing`) its word errors fell from 22 % with the wake phrase alone to 14 %, while tiny.en
/// heard worse with it (46 % against 35 %). ``DocketConfiguration/usesPreamble`` says when it is sent.
public enum DictationPrompt {
    /// Whether `DOCKET_WHISPER_PREAMBLE` sends the preamble: `auto` for the models it was measured to help.
    public enum Choice: String, Sendable, CaseIterable {
        /// For Whisper base (and the models named like it), not for tiny.en.
        case auto
        /// Always.
        case on
        /// Never.
        case off
    }

    /// The preamble, opened by the first wake phrase; the tasks in it are none a note is likely to say word for word.
    public static func preamble(wakePhrase: WakePhrase) -> String {
        let first = wakePhrase.vocabulary.split(separator: ",").first.map { String($0).trimmingCharacters(in: .punctuationCharacters) }
        let wake = first.map { $0.isEmpty ? "Docket" : $0 } ?? "Docket"
        return "\(wake), \(firstTasks) \(secondTask)"
    }

    /// The preamble's sentences after the wake phrase. They say no clock time: Whisper base copies one into notes that
    /// say another ("call mom tonight at 9" heard as "at 10 a.m." after a preamble that said "at 10 a.m.").
    private static let firstTasks = "buy groceries and call the bank on Monday morning."
    private static let secondTask = "Pay the rent by Friday, it's urgent."

    /// Whether the recognizer wrote back the preamble, one of its sentences, or the start of it six words or more
    /// long ("Docket, buy groceries and call the bank on Monday."), as Whisper may on a quiet piece of audio.
    static func isEcho(_ text: String, of preamble: String) -> Bool {
        let heard = TranscriptFilter.normalise(text)
        guard !heard.isEmpty else { return false }
        let whole = TranscriptFilter.normalise(preamble)
        if heard.split(separator: " ").count >= 6, whole.hasPrefix(heard) { return true }
        let firstSentence = String(preamble.dropLast(secondTask.count)).trimmingCharacters(in: .whitespaces)
        return [preamble, firstSentence, firstTasks, secondTask].contains { TranscriptFilter.normalise($0) == heard }
    }

    /// Whether `text` is mostly the preamble's words in its order: at least `share` of its words, and `least` of them,
    /// stand in a run of `run` words that the preamble holds too. Whisper writes such pieces around an echo on silence
    /// ("Then, pay the rent by Friday morning." before "Pay the rent by Friday, it's urgent."); `looped` asks, for text
    /// heard with no echo beside it, that some run is said twice as well ("Docket, buy groceries, call the rent by
    /// Friday. Pay the rent by Friday, it's urgent."), which a note that only borrows the preamble's words does not.
    static func isMostlyPreamble(_ text: String, of preamble: String, run: Int, share: Double, least: Int, looped: Bool) -> Bool {
        let words = TranscriptFilter.normalise(text).split(separator: " ")
        guard words.count >= max(run, least) else { return false }
        let source = TranscriptFilter.normalise(preamble).split(separator: " ")
        let runs = Set(source.indices.dropLast(run - 1).map { source[$0..<($0 + run)].joined(separator: " ") })
        var covered = [Bool](repeating: false, count: words.count)
        var seen: Set<String> = []
        var repeated = false
        for start in words.indices.dropLast(run - 1) {
            let piece = words[start..<(start + run)].joined(separator: " ")
            if runs.contains(piece) { covered.replaceSubrange(start..<(start + run), with: repeatElement(true, count: run)) }
            if !seen.insert(piece).inserted { repeated = true }
        }
        let count = covered.count { $0 }
        return count >= least && Double(count) >= share * Double(words.count) && (!looped || repeated)
    }
}
