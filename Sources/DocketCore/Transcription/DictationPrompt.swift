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
}
