/// The words that address docket at the start of a note ("docket", "hey docket"), matched the way a recognizer
/// writes them.
///
/// Spellings are compared by a sound key (vowels merged, "ck"/"c" as "k", doubled letters single, "kn" as
/// "n", spaces ignored), so "Dockett", "doc it" and "Hey, Docket" match "docket" and "hey docket". On top of
/// that, the spellings the default recognizer (tiny.en through faster-whisper-server) was measured to write for
/// "docket" in espeak-ng voices are accepted: "Knock it"/"Nocket" on their own, and "Lockett", "Rocket",
/// "Market", "Narket", "Narkit", "Narcut" only after "hey" (on their own they are words a sentence may start
/// with). Whisper base with the listen prompt writes "Lock it, …": that is accepted on its own only when a comma
/// or full stop follows it, the pause of someone being addressed ("Lock it, sign the form" but not "lock it
/// now"). A phrase configured by the user matches its sound key only.
public struct WakePhrase: Sendable, Equatable {
    /// The configured phrases, as written.
    public let phrases: [String]
    /// Sound keys of every accepted spelling.
    private let keys: Set<String>
    /// Sound keys of spellings accepted only before a pause (a comma or full stop).
    private let pauseKeys: Set<String>
    /// The most words an accepted spelling has.
    private let maxWords: Int

    /// The phrases listened for when none are configured.
    public static let defaultPhrases = ["docket", "hey docket"]

    /// When a measured spelling counts.
    enum Condition: Sendable {
        /// Wherever the word stands.
        case always
        /// Only after a word before it ("hey rocket").
        case afterGreeting
        /// Only as the phrase's last word before a comma or full stop ("Lock it, buy milk"); after a greeting, always.
        case beforePause
    }

    /// Spellings the recognizers were measured to write for "docket" (tiny.en, and base with the listen
    /// prompt), and when each counts.
    static let measuredSpellings: [String: [(spelling: String, condition: Condition)]] = [
        "docket": [
            ("nocket", .always), ("knock it", .always), ("lockett", .afterGreeting), ("rocket", .afterGreeting),
            ("market", .afterGreeting), ("narket", .afterGreeting), ("narkit", .afterGreeting), ("narcut", .afterGreeting),
            ("lock it", .beforePause),
        ]
    ]

    /// Creates a matcher for `phrases` (case and punctuation do not matter).
    public init(phrases: [String] = Self.defaultPhrases) {
        let cleaned = phrases.map { Self.words(of: $0).map(\.text).joined(separator: " ") }.filter { !$0.isEmpty }
        self.phrases = cleaned
        var keys: Set<String> = []
        var pauseKeys: Set<String> = []
        var maxWords = 1
        for phrase in cleaned {
            let words = phrase.split(separator: " ").map(String.init)
            keys.insert(Self.soundKey(words.joined()))
            maxWords = max(maxWords, words.count)
            for (position, word) in words.enumerated() {
                for variant in Self.measuredSpellings[word] ?? [] {
                    var spelled = words
                    spelled[position] = variant.spelling
                    let key = Self.soundKey(spelled.joined())
                    switch variant.condition {
                    case .always: keys.insert(key)
                    case .afterGreeting where position > 0, .beforePause where position > 0: keys.insert(key)
                    case .beforePause where position == words.count - 1: pauseKeys.insert(key)
                    case .afterGreeting, .beforePause: continue
                    }
                    maxWords = max(maxWords, words.count + variant.spelling.split(separator: " ").count - 1)
                }
            }
        }
        self.keys = keys
        self.pauseKeys = pauseKeys.subtracting(keys)
        self.maxWords = maxWords
    }

    /// Words for the recognizer's prompt, so it writes the phrase as configured ("Docket, hey Docket.").
    public var vocabulary: String {
        phrases.map { $0.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ") }
            .joined(separator: ", ") + "."
    }

    /// What follows the wake phrase at the start of `text` (empty when the phrase was said alone), or nil when
    /// `text` does not start with one. The phrase said again is part of it ("Hey docket, hey docket, buy milk"), but
    /// phrases and nothing else ("Hey Docket, Hey Docket.") are the prompt's vocabulary written back, not the phrase
    /// said alone: Whisper base wrote that for room talk twice in `docket-bench activation`.
    public func remainder(of text: String) -> Substring? {
        guard var rest = phraseRemainder(of: text) else { return nil }
        var said = 1
        while let next = phraseRemainder(of: String(rest)), next.count < rest.count {
            rest = rest.suffix(next.count)
            said += 1
        }
        return said > 1 && rest.allSatisfy({ !$0.isLetter && !$0.isNumber }) ? nil : rest
    }

    /// What follows one wake phrase at the start of `text`, or nil.
    private func phraseRemainder(of text: String) -> Substring? {
        let words = Self.words(of: text)
        guard !words.isEmpty else { return nil }
        for count in stride(from: min(maxWords, words.count), through: 1, by: -1) {
            let key = Self.soundKey(words[0..<count].map(\.text).joined())
            guard keys.contains(key) || (pauseKeys.contains(key) && count < words.count && Self.pauseFollows(words[count - 1].range, in: text))
            else { continue }
            // "Knock it off" is said to a person, not to docket.
            if count < words.count, words[count].text == "off" { return nil }
            return text[words[count - 1].range.upperBound...].drop { !$0.isLetter && !$0.isNumber }
        }
        return nil
    }

    /// `transcript` without the wake phrase at its start (text and first segment), or nil when it does not start
    /// with one.
    public func strip(_ transcript: Transcript) -> Transcript? {
        guard let rest = remainder(of: transcript.text) else { return nil }
        var stripped = transcript
        stripped.text = String(rest)
        if let first = stripped.segments.firstIndex(where: { !$0.text.allSatisfy(\.isWhitespace) }) {
            stripped.segments[first].text = remainder(of: stripped.segments[first].text).map(String.init) ?? stripped.segments[first].text
        }
        return stripped
    }

    /// Whether a comma or full stop comes right after `range` in `text` ("Lock it, …").
    private static func pauseFollows(_ range: Range<String.Index>, in text: String) -> Bool {
        guard range.upperBound < text.endIndex else { return false }
        return [",", ".", "!", "…"].contains(text[range.upperBound])
    }

    /// The words of `text` (letters, digits and inner apostrophes), lower-cased, with where each lies.
    static func words(of text: String) -> [(text: String, range: Range<String.Index>)] {
        var words: [(text: String, range: Range<String.Index>)] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let inWord = character.isLetter || character.isNumber || (start != nil && (character == "'" || character == "’"))
            if inWord, start == nil { start = index }
            if !inWord, let begin = start {
                words.append((text[begin..<index].lowercased(), begin..<index))
                start = nil
            }
            index = text.index(after: index)
        }
        if let begin = start { words.append((text[begin...].lowercased(), begin..<text.endIndex)) }
        return words
    }

    /// A key under which spellings that sound alike are equal: "docket", "dockett", "doc it" → "dakat".
    static func soundKey(_ word: String) -> String {
        var letters = Array(word.lowercased().filter { $0.isLetter })
        if letters.count > 1, letters[0] == "k", letters[1] == "n" { letters.removeFirst() }
        var key: [Character] = []
        var index = 0
        while index < letters.count {
            var letter = letters[index]
            if letter == "c" || letter == "q" { letter = "k" }
            if letter == "p", index + 1 < letters.count, letters[index + 1] == "h" {
                letter = "f"
                index += 1
            }
            if "aeiouy".contains(letter) { letter = "a" }
            if key.last != letter { key.append(letter) }
            index += 1
        }
        return String(key)
    }
}
