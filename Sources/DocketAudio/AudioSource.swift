import Foundation

/// A pull-based stream of mono `Float` samples in -1…1.
///
/// Implementations are single-threaded readers over a file or a process; they need not be `Sendable`.
public protocol AudioSource {
    /// Samples per second of the audio that ``read(into:maxFrames:)`` returns.
    var sampleRate: Int { get }
    /// A human-readable summary of the input format, e.g. `"WAV PCM 16-bit 44100 Hz stereo"`.
    var formatDescription: String { get }
    /// Fraction of the input consumed, 0…1, when it can be known.
    var progress: Double? { get }
    /// Replaces the contents of `buffer` with up to `maxFrames` mono samples.
    /// - Returns: The number of frames read; 0 at the end of the audio.
    mutating func read(into buffer: inout [Float], maxFrames: Int) throws -> Int
}

/// The audio container formats docket recognises from a file's first bytes.
enum AudioSniffer {
    /// What the first bytes of a file say it is.
    enum Kind: Equatable {
        case wav
        case ffmpeg(String)
        case unknown
    }

    /// Number of leading bytes ``kind(of:)`` looks at.
    static let prefixLength = 16

    /// Classifies a file from its first bytes.
    static func kind(of b: [UInt8]) -> Kind {
        func tag(_ offset: Int, _ text: String) -> Bool {
            let t = Array(text.utf8)
            return b.count >= offset + t.count && Array(b[offset..<offset + t.count]) == t
        }
        if (tag(0, "RIFF") || tag(0, "RF64")) && tag(8, "WAVE") { return .wav }
        if tag(0, "RIFX") && tag(8, "WAVE") { return .ffmpeg("big-endian WAV") }
        if tag(0, "fLaC") { return .ffmpeg("FLAC") }
        if tag(0, "OggS") { return .ffmpeg("Ogg") }
        if tag(0, "ID3") { return .ffmpeg("MP3") }
        if tag(4, "ftyp") { return .ffmpeg("MP4/M4A") }
        if b.count >= 4 && b[0] == 0x1A && b[1] == 0x45 && b[2] == 0xDF && b[3] == 0xA3 { return .ffmpeg("WebM/Matroska") }
        if tag(0, "FORM") && (tag(8, "AIFF") || tag(8, "AIFC")) { return .ffmpeg("AIFF") }
        if tag(0, "caff") { return .ffmpeg("CAF") }
        if tag(0, "#!AMR") { return .ffmpeg("AMR") }
        if b.count >= 2 && b[0] == 0xFF && (b[1] & 0xE0) == 0xE0 { return .ffmpeg("MPEG audio") }
        return .unknown
    }
}

/// Opens any audio file docket understands.
///
/// WAV files are decoded in-process by ``WAVDecoder``; FLAC, MP3, Ogg (Vorbis/Opus), MP4/M4A,
/// WebM/Matroska, AIFF, CAF and AMR are decoded by ``FFmpegSource``. A WAV whose encoding or
/// rate ``WAVDecoder`` cannot handle (ADPCM, MP3-in-WAV, 4 kHz, …) is also handed to ffmpeg
/// when ffmpeg is installed.
/// - Parameter path: Path of the recording.
/// - Throws: ``AudioError`` with code `fileNotFound`, `unreadable`, `notAudio`, or any code
///   from ``WAVDecoder/init(path:)`` and ``FFmpegSource/init(path:searchPath:)``.
public func openAudioSource(path: String) throws -> any AudioSource {
    let name = (path as NSString).lastPathComponent
    let input = try ByteInput(path: path)
    let prefix = try input.readBytes(AudioSniffer.prefixLength)
    let supported = "(WAV, FLAC, MP3, OGG/Opus, M4A, WebM)"
    guard !prefix.isEmpty else {
        throw AudioError(.notAudio, "\(name) is empty, so it is not an audio file docket can read \(supported).")
    }
    switch AudioSniffer.kind(of: prefix) {
    case .wav:
        do {
            return try WAVDecoder(path: path)
        } catch let error as AudioError where error.code == .unsupportedEncoding {
            guard FFmpegSource.locateFFmpeg() != nil else { throw error }
            return try FFmpegSource(path: path)
        }
    case .ffmpeg:
        return try FFmpegSource(path: path)
    case .unknown:
        throw AudioError(.notAudio, "\(name) is not an audio file docket can read \(supported).")
    }
}
