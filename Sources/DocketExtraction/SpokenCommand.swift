/// A note that is a command to docket rather than something to do: "scratch that", "cancel that", "undo" said on
/// its own takes back the previous note's tasks.
///
/// Only a whole note counts (after the wake phrase, fillers and "please"/"oh"/"no" around it): "scratch that" at
/// the end of a note takes back the task before it in that note (the extractor's retraction), and "undo the
/// changes to the report" is a task.
public enum SpokenCommand: String, Sendable, Equatable {
    /// Take back the previous note's tasks.
    case undo

    /// Word sequences that are the undo command.
    static let undoPhrases: Set<[String]> = Set(
        Lexicon.retractionMarkers.filter { !$0.contains(",") } + [
            ["undo"], ["undo", "that"], ["undo", "it"], ["undo", "the", "last", "one"], ["undo", "the", "last", "note"],
            ["undo", "the", "last", "task"], ["cancel", "it"], ["cancel", "the", "last", "one"], ["take", "that", "back"],
            ["take", "it", "back"], ["delete", "the", "last", "one"], ["remove", "that"], ["forget", "it"], ["scrap", "that"],
        ])

    /// The commands' words as a prompt for the recognizer, so it writes them as said: without it tiny.en wrote
    /// "Docket, scratch that." as "scratch mat", "crash net" or "crash night" in 10 of 12 espeak-ng readings;
    /// with it, 0 of 12.
    public static let vocabulary = "Scratch that. Cancel that. Undo."

    /// The words of ``vocabulary``.
    public static let vocabularyWords = Set(words(of: vocabulary))

    /// Words that may surround the command without changing it ("oh, scratch that please").
    public static let padding: Set<String> = Lexicon.fillers.union(["oh", "no", "please", "actually", "okay", "ok", "sorry", "just", "docket"])

    /// The words of `text` as the command is matched: lower-cased, without punctuation.
    public static func words(of text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init)
    }

    /// The command `text` is, or nil when it is anything else (the usual case).
    public init?(_ text: String) {
        var words = Self.words(of: text)
        while let first = words.first, Self.padding.contains(first) { words.removeFirst() }
        while let last = words.last, Self.padding.contains(last) { words.removeLast() }
        guard !words.isEmpty, words.count <= 4, Self.undoPhrases.contains(words) else { return nil }
        self = .undo
    }
}
