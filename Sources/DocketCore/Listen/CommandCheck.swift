import DocketExtraction
import DocketSupport

/// A second hearing for a transcript that may be the listen prompt's undo words written back.
///
/// `docket listen` gives the recognizer the undo command's words (``SpokenCommand/vocabulary``) so that it writes
/// "Docket, scratch that" as said. The price is that a recognizer can write its prompt back in place of what was
/// said: in `docket-bench activation`, Whisper base wrote "Docket. Scratch that. Cancel that." and "Hey Docket.
/// Scratch that. Scratch that." for two of 32 addressed notes, which were lost. So a transcript that is only the
/// command's words is heard again with the prompt minus them (``prompt``), and:
/// - one that is those words but not one command (an echo: no one says "scratch that, cancel that") is replaced
///   by the second hearing;
/// - one command stands, unless the second hearing is a task in other words (more words than the command, or
///   sounding nothing like it): an undo deletes the last note's tasks, so an echo should not trigger it.
public struct CommandCheck: Sendable {
    /// The prompt of the second hearing: the listen prompt without the command's words.
    public var prompt: String?
    /// The phrase that addresses docket, compared without.
    public var wakePhrase: WakePhrase?

    /// How alike (0–1, by sound) a second hearing must be to the command to count as the command misheard:
    /// most mishearings of the command ("scratch mat", "crash net", "and do", "unto") are 0.5 or more ("crash
    /// night" 0.36, see ``unlike``); the 16 addressed tasks of `docket-bench activation`, against every undo
    /// phrase, 0.44 at most.
    static let alike = 0.45
    /// Below this, a second hearing of no more words than the command is other words ("buy milk" for "scratch
    /// that" is 0.18); between the two, only a longer one is.
    static let unlike = 0.25

    /// Creates a check whose second hearing uses `prompt`.
    public init(prompt: String?, wakePhrase: WakePhrase?) {
        self.prompt = prompt
        self.wakePhrase = wakePhrase
    }

    /// Whether `transcript` is only the command's words (with the wake phrase, fillers and "please" around them),
    /// so it must be heard again.
    public func needsSecondHearing(_ transcript: Transcript) -> Bool {
        let words = SpokenCommand.words(of: rest(of: transcript.text))
        return words.contains { SpokenCommand.vocabularyWords.contains($0) }
            && words.allSatisfy { SpokenCommand.vocabularyWords.contains($0) || SpokenCommand.padding.contains($0) }
    }

    /// The transcript that counts, from the `first` hearing (which ``needsSecondHearing(_:)``) and the `second`.
    /// - Parameter readsAsTask: Whether a text holds a task.
    public func choose(first: Transcript, second: Transcript, readsAsTask: (String) -> Bool) -> Transcript {
        let command = rest(of: first.text)
        let second = keepingWakePhrase(of: first, in: second)
        guard SpokenCommand(command) == .undo else { return second }
        let heard = rest(of: second.text)
        let said = SpokenCommand.words(of: heard).filter { !SpokenCommand.padding.contains($0) }
        if said.isEmpty || SpokenCommand(heard) != nil || !readsAsTask(heard) { return first }
        let spoken = SpokenCommand.words(of: command).filter { !SpokenCommand.padding.contains($0) }
        let likeness = Self.likeness(said.joined(), spoken.joined())
        if likeness >= Self.alike { return first }
        // Other words: a note only when they are more words than the command, or sound nothing like it ("crash
        // night" for "scratch that" is a task too, and more likely the command misheard).
        return said.count > spoken.count || likeness < Self.unlike ? second : first
    }

    /// `second` with the wake phrase the `first` hearing starts with, when it lost it: the echo took the place of
    /// the words after the phrase, which was heard ("Hey Docket. Scratch that. Scratch that." then "Schedule a
    /// haircut for next week." for "Hey docket, schedule a haircut for next week").
    private func keepingWakePhrase(of first: Transcript, in second: Transcript) -> Transcript {
        guard let wakePhrase, wakePhrase.remainder(of: second.text) == nil, let rest = wakePhrase.remainder(of: first.text) else { return second }
        let phrase = String(first.text[..<rest.startIndex])
        var kept = second
        kept.text = phrase + second.text.drop { $0.isWhitespace }
        if let index = kept.segments.firstIndex(where: { !$0.text.allSatisfy(\.isWhitespace) }) {
            kept.segments[index].text = " " + phrase + kept.segments[index].text.drop { $0.isWhitespace }
        }
        return kept
    }

    /// `text` after the wake phrase at its start.
    private func rest(of text: String) -> String {
        wakePhrase?.remainder(of: text).map(String.init) ?? text
    }

    /// How alike two words sound, 0 (nothing alike) to 1 (the same sound key).
    static func likeness(_ a: String, _ b: String) -> Double {
        let (x, y) = (Array(WakePhrase.soundKey(a)), Array(WakePhrase.soundKey(b)))
        guard !x.isEmpty || !y.isEmpty else { return 1 }
        return 1 - Double(x.editDistance(to: y)) / Double(max(x.count, y.count))
    }
}
