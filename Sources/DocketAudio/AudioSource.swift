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
    /// Seconds of audio the file's header promises past its end (a recording cut short), when that can be known.
    var missingSeconds: Double? { get }
    /// Replaces the contents of `buffer` with up to `maxFrames` mono samples.
    /// - Returns: The number of frames read; 0 at the end of the audio.
    mutating func read(into buffer: inout [Float], maxFrames: Int) throws -> Int
}

extension AudioSource {
    /// Most containers don't say their length up front: nothing known to be missing.
    public var missingSeconds: Double? { nil }
}

/// An audio container docket recognises from a file's first bytes, and how ffmpeg is told to read it.
///
/// ffmpeg is never left to guess a format: it is run with the demuxer named here and only that demuxer, so bytes
/// that merely start like audio (an ID3 tag in front of a playlist, say) can't make it open other files.
public enum AudioContainer: String, Sendable, CaseIterable {
    case wav, flac, ogg, mp3, adts, mp4, matroska, aiff, caf, amr

    /// The ffmpeg demuxer for this container (`-f`, and the only entry of `-format_whitelist`).
    public var ffmpegFormat: String {
        switch self {
        case .wav: "wav"
        case .flac: "flac"
        case .ogg: "ogg"
        case .mp3: "mp3"
        case .adts: "aac"
        case .mp4: "mov"
        case .matroska: "matroska"
        case .aiff: "aiff"
        case .caf: "caf"
        case .amr: "amr"
        }
    }

    /// A name for messages, e.g. `"MP4/M4A"`.
    public var displayName: String {
        switch self {
        case .wav: "WAV"
        case .flac: "FLAC"
        case .ogg: "Ogg"
        case .mp3: "MP3"
        case .adts: "AAC (ADTS)"
        case .mp4: "MP4/M4A"
        case .matroska: "WebM/Matroska"
        case .aiff: "AIFF"
        case .caf: "CAF"
        case .amr: "AMR"
        }
    }

    /// The media type an upload of this container is sent as (the canonical names `docket serve` takes), or nil
    /// for containers the service does not take.
    public var mediaType: String? {
        switch self {
        case .wav: "audio/wav"
        case .flac: "audio/flac"
        case .ogg: "audio/ogg"
        case .mp3: "audio/mpeg"
        case .adts, .mp4: "audio/mp4"
        case .matroska: "audio/webm"
        case .aiff, .caf, .amr: nil
        }
    }
}

/// Recognises audio containers from their leading bytes.
public enum AudioSniffer {
    /// Number of leading bytes looked at (after any ID3 tags).
    public static let prefixLength = 16
    /// ID3 tags looked through at most, one after another.
    static let maximumTags = 4

    /// The container of the bytes that `read(offset, count)` returns (fewer bytes at the end of the input).
    ///
    /// ID3v2 tags are looked through: what follows them must be MPEG audio, ADTS AAC or FLAC, or the input is not
    /// audio (an ID3 tag in front of anything else is how a playlist is smuggled past a decoder).
    /// - Returns: nil when the bytes are not a container docket reads.
    public static func container(read: (_ offset: Int64, _ count: Int) throws -> [UInt8]) rethrows -> AudioContainer? {
        var offset: Int64 = 0
        var prefix = try read(0, prefixLength)
        var tags = 0
        while let size = id3TagSize(prefix) {
            tags += 1
            guard tags <= maximumTags else { return nil }
            offset += size
            prefix = try read(offset, prefixLength)
        }
        let found = container(of: prefix)
        guard tags == 0 || [.mp3, .adts, .flac].contains(found) else { return nil }
        return found
    }

    /// The container of a prefix of at least ``prefixLength`` bytes (fewer for a short input), with no ID3 tag.
    public static func container(of b: [UInt8]) -> AudioContainer? {
        func tag(_ offset: Int, _ text: String) -> Bool {
            let t = Array(text.utf8)
            return b.count >= offset + t.count && Array(b[offset..<offset + t.count]) == t
        }
        if (tag(0, "RIFF") || tag(0, "RF64") || tag(0, "RIFX")) && tag(8, "WAVE") { return .wav }
        if tag(0, "fLaC") { return .flac }
        if tag(0, "OggS") { return .ogg }
        if tag(4, "ftyp") { return .mp4 }
        if b.count >= 4 && b[0] == 0x1A && b[1] == 0x45 && b[2] == 0xDF && b[3] == 0xA3 { return .matroska }
        if tag(0, "FORM") && (tag(8, "AIFF") || tag(8, "AIFC")) { return .aiff }
        if tag(0, "caff") { return .caf }
        if tag(0, "#!AMR") { return .amr }
        if b.count >= 2 && b[0] == 0xFF && (b[1] & 0xF0) == 0xF0 && (b[1] & 0x06) == 0 { return .adts }
        if b.count >= 2 && b[0] == 0xFF && (b[1] & 0xE0) == 0xE0 && (b[1] & 0x06) != 0 { return .mp3 }
        return nil
    }

    /// The whole size of the ID3v2 tag the bytes start with (header, body and footer), or nil when they don't.
    static func id3TagSize(_ b: [UInt8]) -> Int64? {
        guard b.count >= 10, b[0] == 0x49, b[1] == 0x44, b[2] == 0x33, b[3] != 0xFF, b[4] != 0xFF,
            b[6] < 0x80, b[7] < 0x80, b[8] < 0x80, b[9] < 0x80
        else { return nil }
        let body = b[6...9].reduce(Int64(0)) { $0 << 7 | Int64($1) }
        let footer: Int64 = b[5] & 0x10 != 0 ? 10 : 0
        return 10 + body + footer
    }
}

/// Opens any audio file docket understands.
///
/// WAV files are decoded in-process by ``WAVDecoder``; FLAC, MP3, AAC, Ogg (Vorbis/Opus), MP4/M4A,
/// WebM/Matroska, AIFF, CAF and AMR are decoded by ``FFmpegSource``, told the container found here. A WAV whose
/// encoding or rate ``WAVDecoder`` cannot handle (ADPCM, MP3-in-WAV, 4 kHz, …) is also handed to ffmpeg when
/// ffmpeg is installed.
/// - Parameter path: Path of the recording.
/// - Throws: ``AudioError`` with code `fileNotFound`, `unreadable`, `notAudio`, or any code
///   from ``WAVDecoder/init(path:)`` and ``FFmpegSource/init(path:container:searchPath:)``.
public func openAudioSource(path: String) throws -> any AudioSource {
    let container = try sniffContainer(path: path)
    if container == .wav {
        do {
            return try WAVDecoder(path: path)
        } catch let error as AudioError where error.code == .unsupportedEncoding {
            guard FFmpegSource.locateFFmpeg() != nil else { throw error }
        }
    }
    return try FFmpegSource(path: path, container: container)
}

/// The container of a file, from its first bytes.
/// - Throws: ``AudioError`` `notAudio` when it is empty or not audio docket reads; the file's own open errors
///   (`fileNotFound`, `unreadable` for a directory or a file it may not read).
public func sniffContainer(path: String) throws -> AudioContainer {
    let name = (path as NSString).lastPathComponent
    let input = try ByteInput(path: path)
    let supported = "(WAV, FLAC, MP3, AAC, OGG/Opus, M4A, WebM)"
    var empty = false
    let container = try AudioSniffer.container { offset, count in
        let bytes = try input.readBytes(at: offset, count: count)
        if offset == 0, bytes.isEmpty { empty = true }
        return bytes
    }
    if empty {
        throw AudioError(.notAudio, "\(name) is empty, so it is not an audio file docket can read \(supported).")
    }
    guard let container else {
        throw AudioError(.notAudio, "\(name) is not an audio file docket can read \(supported).")
    }
    return container
}
