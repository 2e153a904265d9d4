public import Foundation

/// Audio to send for transcription.
public enum TranscriptionAudio: Sendable {
    /// A range of samples of a raw 16-bit little-endian mono PCM file, sent as a WAV file.
    case pcmFile(URL, samples: Range<Int>, sampleRate: Int)
    /// A complete audio file already in memory.
    case data([UInt8], fileName: String, contentType: String)

    /// Size of the upload's audio part in bytes.
    public var byteCount: Int {
        switch self {
        case .pcmFile(_, let samples, _): return 44 + samples.count * 2
        case .data(let bytes, _, _): return bytes.count
        }
    }

    /// How long the audio lasts, when that is known without decoding it: a PCM range, or a canonical 44-byte-header
    /// WAV file in memory (its byte rate at offset 28).
    public var seconds: Double? {
        switch self {
        case .pcmFile(_, let samples, let sampleRate):
            return sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : nil
        case .data(let bytes, _, let contentType):
            guard contentType == "audio/wav", bytes.count > 44, bytes.starts(with: Array("RIFF".utf8)) else { return nil }
            let byteRate = (28..<32).reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
            return byteRate > 0 ? Double(bytes.count - 44) / Double(byteRate) : nil
        }
    }
}

/// One transcription request.
public struct TranscriptionRequest: Sendable {
    /// The audio.
    public var audio: TranscriptionAudio
    /// ISO-639-1 language hint; `nil` lets the endpoint detect it.
    public var language: String?
    /// Vocabulary or preceding text that guides the recognizer.
    public var prompt: String?
    /// Sampling temperature (0 is the most deterministic).
    public var temperature: Double

    /// Creates a request.
    public init(audio: TranscriptionAudio, language: String? = nil, prompt: String? = nil, temperature: Double = 0) {
        self.audio = audio
        self.language = language
        self.prompt = prompt
        self.temperature = temperature
    }
}

/// One timed stretch of recognised text.
public struct TranscriptSegment: Sendable, Codable, Equatable {
    /// Start, in seconds from the start of the request's audio.
    public var start: Double
    /// End, in seconds.
    public var end: Double
    /// The recognised words.
    public var text: String
    /// The model's estimate that the stretch holds no speech (verbose responses only).
    public var noSpeechProb: Double?
    /// Average token log-probability (verbose responses only).
    public var avgLogprob: Double?

    /// Creates a segment.
    public init(start: Double, end: Double, text: String, noSpeechProb: Double? = nil, avgLogprob: Double? = nil) {
        self.start = start
        self.end = end
        self.text = text
        self.noSpeechProb = noSpeechProb
        self.avgLogprob = avgLogprob
    }

    enum CodingKeys: String, CodingKey {
        case start, end, text
        case noSpeechProb = "no_speech_prob"
        case avgLogprob = "avg_logprob"
    }
}

/// What the endpoint heard.
public struct Transcript: Sendable, Codable, Equatable {
    /// The whole text.
    public var text: String
    /// Detected or requested language, when the endpoint says.
    public var language: String?
    /// Timed segments (empty when the endpoint only returns text).
    public var segments: [TranscriptSegment]

    /// Creates a transcript.
    public init(text: String, language: String? = nil, segments: [TranscriptSegment] = []) {
        self.text = text
        self.language = language
        self.segments = segments
    }
}

/// A speech-to-text service (a Whisper-compatible endpoint in production).
public protocol Transcriber: Sendable {
    /// Transcribes one piece of audio.
    /// - Throws: ``TranscriptionError``.
    func transcribe(_ request: TranscriptionRequest) async throws -> Transcript
}
