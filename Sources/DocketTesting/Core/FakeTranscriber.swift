public import DocketCore

/// The stand-in for a Whisper endpoint in unit tests (end-to-end tests use the real server): answers with a fixed
/// text, or with scripted texts in order, or forwards to a real transcriber; counts calls, and can fail or hold
/// requests on demand.
public actor FakeTranscriber: Transcriber {
    /// What the fake answers.
    public enum Answers: Sendable {
        /// The same text every time.
        case fixed(String)
        /// One text per call, in order; an empty text once they run out.
        case scripted([String])
        /// Whatever the real transcriber answers.
        case forwarded(any Transcriber)
    }

    private var answers: Answers
    private var failure: TranscriptionError?
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// Requests received so far.
    public private(set) var calls = 0
    /// The requests received, in order.
    public private(set) var requests: [TranscriptionRequest] = []

    /// A fake that answers `answers`.
    public init(_ answers: Answers) {
        self.answers = answers
    }

    /// A fake that always hears `text`.
    public init(text: String = "Buy milk tomorrow") {
        self.init(.fixed(text))
    }

    /// Makes every later request fail with `error` (`nil`: succeed again).
    public func fail(_ error: TranscriptionError?) { failure = error }

    /// Holds every later request until ``release()``.
    public func hold() { held = true }

    /// Lets held requests go on.
    public func release() {
        held = false
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }

    public func transcribe(_ request: TranscriptionRequest) async throws -> Transcript {
        calls += 1
        requests.append(request)
        if held { await withCheckedContinuation { waiting.append($0) } }
        if let failure { throw failure }
        let text: String
        switch answers {
        case .forwarded(let inner):
            return try await inner.transcribe(request)
        case .fixed(let fixed):
            text = fixed
        case .scripted(var texts):
            text = texts.isEmpty ? "" : texts.removeFirst()
            answers = .scripted(texts)
        }
        return Transcript(
            text: text, language: "en",
            segments: [TranscriptSegment(start: 0, end: 1, text: " " + text, noSpeechProb: 0.01, avgLogprob: -0.2)])
    }
}
