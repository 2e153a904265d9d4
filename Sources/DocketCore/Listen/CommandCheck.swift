import DocketExtraction
import DocketSupport

/// A second hearing for a transcript that may be the listen prompt's undo words written back.
///
/// `docket listen` gives the recognizer the undo command's words (``SpokenCommand/vocabulary``) so that it writes
/// "Docket, scratch that" as said. The price is that a recognizer can write its prompt back in place of what was
/// said: in `docket-bench activation`, Whisper base wrote "Docket. Scratch that. Cancel that." and "Hey Docket.
/// Scratch that. Scratch that." for two of 32 addressed notes, which were lost. So a transcript that is only the
/// command's words (after any wake phrases) is heard again with the prompt minus them (``prompt``), and:
/// - one that is those words but not one command (an echo: no one says "scratch that, cancel that") is replaced
///   by the second hearing;
/// - one command stands unless the second hearing is a task in other words: more than one word longer than the
///   command, or not sounding like it and either longer or sounding nothing like it, or heard from audio longer than
///   any command takes to say (``longestCommand``). An undo deletes the last note's tasks, so an echo should not
///   trigger it.
public struct CommandCheck: Sendable {
    /// The prompt of the second hearing: the listen prompt without the command's words.
    public var prompt: String?
    /// The phrase that addresses docket, compared without.
    public var wakePhrase: WakePhrase?

    /// How alike (0–1, by sound) a second hearing of a few words must be to the command to count as the command
    /// misheard: most mishearings of the command score 0.5 or more ("scratch mat", "crash net", "and do", "can
    /// sell that"; "crash night" 0.36, see ``unlike``).
    static let alike = 0.45
    /// Below this, a second hearing no longer than the command is other words ("buy milk" for "scratch that" is
    /// 0.18); between this and ``alike``, only a longer one is.
    static let unlike = 0.25

    /// The longest a wake phrase and an undo command take to say, with the pre-roll and trailing pad around the
    /// utterance: "Hey Docket, scratch that" is under 2 s at a slow 110 words a minute, so 5 s leaves room for a pause.
    static let longestCommand = 5.0

    /// Creates a check whose second hearing uses `prompt`.
    public init(prompt: String?, wakePhrase: WakePhrase?) {
        self.prompt = prompt
        self.wakePhrase = wakePhrase
    }

    /// Whether `transcript` is only the command's words (after any wake phrases, with fillers and "please" around
    /// them), so it must be heard again.
    public func needsSecondHearing(_ transcript: Transcript) -> Bool {
        let words = SpokenCommand.words(of: rest(of: transcript.text))
        return words.contains { SpokenCommand.vocabularyWords.contains($0) }
            && words.allSatisfy { SpokenCommand.vocabularyWords.contains($0) || SpokenCommand.padding.contains($0) }
    }

    /// The transcript that counts, from the `first` hearing (which ``needsSecondHearing(_:)``) and the `second`.
    /// - Parameters:
    ///   - audioSeconds: How long the heard audio lasts, when known: audio longer than ``longestCommand`` holds more
    ///     than the command, so a second hearing that is a task is what was said, however it sounds.
    ///   - readsAsTask: Whether a text holds a task.
    public func choose(first: Transcript, second: Transcript, audioSeconds: Double? = nil, readsAsTask: (String) -> Bool) -> Transcript {
        let command = rest(of: first.text)
        guard SpokenCommand(command) == .undo else { return second }
        let heard = rest(of: second.text)
        let said = SpokenCommand.words(of: heard).filter { !SpokenCommand.padding.contains($0) }
        if said.isEmpty || SpokenCommand(heard) != nil || !readsAsTask(heard) { return first }
        if let audioSeconds, audioSeconds > Self.longestCommand { return second }
        let spoken = SpokenCommand.words(of: command).filter { !SpokenCommand.padding.contains($0) }
        // A task two words longer is other words, however its start sounds ("cancel the dentist tomorrow").
        if said.count > spoken.count + 1 { return second }
        let likeness = Self.likeness(said.joined(), spoken.joined())
        if likeness >= Self.alike { return first }
        // Other words: a note only when they are more words than the command, or sound nothing like it ("crash
        // night" for "scratch that" is a task too, and more likely the command misheard).
        return said.count > spoken.count || likeness < Self.unlike ? second : first
    }

    /// `text` after the wake phrases at its start (the prompt itself starts "Docket, hey Docket.").
    private func rest(of text: String) -> String {
        var rest = text
        while let wakePhrase, let next = wakePhrase.remainder(of: rest), next.count < rest.count { rest = String(next) }
        return rest
    }

    /// How alike two words sound, 0 (nothing alike) to 1 (the same sound key).
    static func likeness(_ a: String, _ b: String) -> Double {
        let (x, y) = (Array(WakePhrase.soundKey(a)), Array(WakePhrase.soundKey(b)))
        guard !x.isEmpty || !y.isEmpty else { return 1 }
        return 1 - Double(x.editDistance(to: y)) / Double(max(x.count, y.count))
    }
}
