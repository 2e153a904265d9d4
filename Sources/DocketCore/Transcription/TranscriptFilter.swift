import Foundation

/// Removes what Whisper invents on silence and noise.
///
/// A segment is dropped when the model itself thinks it is not speech (`no_speech_prob > 0.6` together
/// with `avg_logprob < -1`), or when the whole segment is one of the phrases Whisper is known to produce on
/// silence ("Thank you for watching", subtitle credits, a lone "you") or one phrase looped three times or more.
public enum TranscriptFilter {
    /// Phrases Whisper produces on silence, normalised (lower case, letters, digits and spaces only).
    static let hallucinations: Set<String> = [
        "thank you", "thank you very much", "thanks", "thanks for watching", "thank you for watching",
        "thank you so much for watching", "thanks for watching and see you next time", "please subscribe",
        "like and subscribe", "subscribe to my channel", "subtitles by the amaraorg community",
        "subtitles by the amara org community", "subtitles by amaraorg", "transcribed by otterai", "you", "bye", "bye bye",
        "music", "blankaudio", "blank audio", "silence", "applause", "laughter", "",
    ]

    /// Normalises a phrase for comparison with the list.
    static func normalise(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == " "
        }
        return String(String.UnicodeScalarView(kept)).split(separator: " ").joined(separator: " ")
    }

    /// Whether `text` is nothing but a known silence hallucination, or one phrase said over and over (Whisper's loop on
    /// noise: "Thank you for your time, thank you for your time, …", "End. End. End.").
    public static func isHallucination(_ text: String) -> Bool {
        let normalised = normalise(text)
        return hallucinations.contains(normalised) || isLoop(normalised.split(separator: " "))
    }

    /// Whether `words` are one phrase of up to eight words said at least three times, and nothing else (the last time
    /// may be cut off).
    static func isLoop(_ words: [Substring]) -> Bool {
        guard words.count >= 3 else { return false }
        for length in 1...min(8, words.count / 3) {
            if (length..<words.count).allSatisfy({ words[$0] == words[$0 % length] }) { return true }
        }
        return false
    }

    /// The transcript without the segments (or the whole text) Whisper invented, nor those that write back
    /// `preamble` (the ``DictationPrompt`` sent with it): a sentence of it, its start, a piece mostly made of its runs of
    /// three words that loops, and beside such an echo a piece mostly made of its runs of four ("Pay the rent by Friday"
    /// goes, "Pay the rent by Monday" stays).
    public static func clean(_ transcript: Transcript, echoOf preamble: String? = nil) -> Transcript {
        func echoed(_ text: String) -> Bool {
            guard let preamble else { return false }
            if DictationPrompt.isEcho(text, of: preamble) { return true }
            return DictationPrompt.isMostlyPreamble(text, of: preamble, run: 3, share: 0.7, least: 8, looped: true)
        }
        func invented(_ text: String) -> Bool { isHallucination(text) || echoed(text) }
        guard !transcript.segments.isEmpty else {
            let text = transcript.text.trimmingCharacters(in: .whitespacesAndNewlines)
            return Transcript(text: invented(text) ? "" : text, language: transcript.language)
        }
        let echoes = transcript.segments.map { echoed($0.text) }
        let echo = echoes.contains(true)
        let kept = zip(transcript.segments, echoes).filter { segment, echoed in
            if let nsp = segment.noSpeechProb, let lp = segment.avgLogprob, nsp > 0.6, lp < -1 { return false }
            if echoed || isHallucination(segment.text) { return false }
            return !(echo && preamble.map { DictationPrompt.isMostlyPreamble(segment.text, of: $0, run: 4, share: 0.7, least: 5, looped: false) } == true)
        }.map(\.0)
        let text = kept.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .joined(separator: " ")
        return Transcript(text: text, language: transcript.language, segments: kept)
    }
}
