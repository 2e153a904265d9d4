public import Logging

/// A second hearing, by another model, of a transcript that opens with the wake phrase: in wake-phrase mode a note
/// counts only when both models hear the phrase.
///
/// Whisper base, prompted with the wake phrase (and its dictation preamble, which opens with it), hears addressed
/// notes best but writes the phrase at the start of room talk: in `docket-bench activation` it opened 8 of 594
/// spoken room-talk lines with "Docket" ("could it be any louder in here" as "Docket, be any louder in here"),
/// where tiny.en opened none and still heard the phrase in 31 or 32 of 32 addressed notes. So a piece whose transcript opens
/// with the phrase is heard again by the check's model, prompted as `docket listen` prompts it (no preamble); when
/// that hearing does not open with the phrase too, the phrase is taken off the first transcript, which then does not
/// address docket (it still counts after the phrase said on its own). Room talk that does not open with the phrase
/// costs nothing more; an addressed note costs one hearing by the (smaller) check model.
public struct WakeCheck: Sendable {
    /// The check's model, on the same endpoint.
    let transcriber: any Transcriber
    /// The phrase both hearings must open with.
    let wakePhrase: WakePhrase
    /// The second hearing's prompt.
    let prompt: String?
    /// Where a second hearing that failed is said.
    let logger: Logger

    /// Creates a check that hears again through `transcriber` with `prompt`.
    public init(transcriber: any Transcriber, wakePhrase: WakePhrase, prompt: String?, logger: Logger = Logger(label: "docket.wake-check")) {
        self.transcriber = transcriber
        self.wakePhrase = wakePhrase
        self.prompt = prompt
        self.logger = logger
    }

    /// The transcript that counts for `audio`, first heard as `heard`: `heard` itself unless it opens with the wake
    /// phrase and the check's model, hearing `audio` again, does not; then `heard` without the phrase. A second
    /// hearing that can't be had (the endpoint fails) leaves `heard` as it is: a passing error must not lose a note.
    public func confirm(_ heard: Transcript, audio: TranscriptionAudio, language: String?) async -> Transcript {
        guard wakePhrase.remainder(of: heard.text) != nil else { return heard }
        let again: Transcript
        do {
            again = try await transcriber.transcribe(TranscriptionRequest(audio: audio, language: language, prompt: prompt))
        } catch {
            logger.warning(
                "The wake check could not hear the note again, so it counts as first heard; serve the check's model or set DOCKET_WAKE_CHECK_MODEL=off.",
                metadata: ["error": "\(error)"])
            return heard
        }
        if wakePhrase.remainder(of: TranscriptFilter.clean(again, echoOf: nil).text) != nil { return heard }
        return wakePhrase.strip(heard) ?? heard
    }
}
