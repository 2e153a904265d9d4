import Foundation

/// Tells room talk from a note meant for docket by the words said, for listening that nobody addresses
/// (`docket listen --activation always`).
///
/// The rules (`MoodReader`) read the shape of a clause; talk in a room often has the shape of a task ("the dryer's
/// doing that thumping thing again", "Caller number nine, you're on the air!"). This model weighs what is said
/// instead: a logistic regression over words, word pairs, the first and last words, "?" and "!" and the length,
/// each hashed into ``RoomTalkWeights/buckets``. `scripts/room-talk/train.py` trains it on room talk and dictated
/// notes written for docket and generates ``RoomTalkWeights``; the features here are the ones it computes.
public enum RoomTalk {
    /// The probability, from 0 to 1, that `text` is room talk rather than a note.
    public static func probability(_ text: String) -> Double {
        let sum = features(text).reduce(0) { $0 + Int(weights[$1]) }
        return 1 / (1 + exp(-min(30, max(-30, Double(sum) * RoomTalkWeights.scale))))
    }

    /// Whether `text` reads as room talk: its ``probability(_:)`` is at least ``RoomTalkWeights/threshold``.
    public static func isTalk(_ text: String) -> Bool { probability(text) >= RoomTalkWeights.threshold }

    /// The probability at and above which an utterance is room talk.
    public static var threshold: Double { RoomTalkWeights.threshold }
    /// In a note that reads as room talk, the probability under which a task's own sentence still reads as dictation.
    public static var sentenceThreshold: Double { RoomTalkWeights.sentenceThreshold }

    /// Lower-cased ASCII words: a letter or digit, then letters, digits, "'", "-" or "."; one final "." dropped; a
    /// word that starts with a digit is "<n>". Any other character (a curly apostrophe is "'") separates words.
    static func words(_ text: String) -> [String] {
        var found: [String] = []
        var current: [UInt8] = []
        func end() {
            guard let first = current.first else { return }
            if current.count > 1, current.last == UInt8(ascii: ".") { current.removeLast() }
            found.append(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") ? "<n>" : String(decoding: current, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            var byte: UInt8 = scalar.value == 0x2019 ? UInt8(ascii: "'") : scalar.isASCII ? UInt8(scalar.value) : 0x80
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            let letterOrDigit = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            if letterOrDigit || (!current.isEmpty && (byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."))) {
                current.append(byte)
            } else {
                end()
            }
        }
        end()
        return found
    }

    /// The buckets of the features of `text`, each once (their weights are summed, so order does not matter).
    static func features(_ text: String) -> Set<Int> {
        let said = words(text)
        var names = said.map { "u:" + $0 }
        for index in said.indices.dropFirst() { names.append("b:" + said[index - 1] + " " + said[index]) }
        if let first = said.first, let last = said.last { names += ["F:" + first, "L:" + last] }
        if said.count > 1 { names.append("F2:" + said[0] + " " + said[1]) }
        if text.unicodeScalars.contains("?") { names.append("Q") }
        if text.unicodeScalars.contains("!") { names.append("X") }
        names += ["len:\(min(said.count / 3, 6))", "bias"]
        return Set(names.map { Int(fnv1a($0) % UInt32(RoomTalkWeights.buckets)) })
    }

    /// 32-bit FNV-1a over the UTF-8 bytes of `name`.
    private static func fnv1a(_ name: String) -> UInt32 {
        name.utf8.reduce(0x811C_9DC5 as UInt32) { ($0 ^ UInt32($1)) &* 0x0100_0193 }
    }

    /// One signed weight per bucket, decoded once.
    private static let weights: [Int8] = {
        let data = Data(base64Encoded: RoomTalkWeights.encoded, options: .ignoreUnknownCharacters) ?? Data()
        precondition(data.count == RoomTalkWeights.buckets, "RoomTalkWeights.encoded holds \(data.count) weights, not \(RoomTalkWeights.buckets)")
        return data.map { Int8(bitPattern: $0) }
    }()
}
