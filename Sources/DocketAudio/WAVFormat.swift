/// The sample format of a WAV file, as read from its `fmt ` chunk.
public struct WAVFormat: Sendable, Equatable, CustomStringConvertible {
    /// How samples are encoded in the `data` chunk.
    public enum Encoding: String, Sendable, Equatable {
        /// Linear PCM integers (8-bit unsigned; 16, 24 and 32-bit signed).
        case pcmInteger
        /// IEEE 754 floating point (32 or 64-bit).
        case float
        /// G.711 μ-law, 8-bit.
        case muLaw
        /// G.711 A-law, 8-bit.
        case aLaw
    }

    /// Frames per second.
    public var sampleRate: Int
    /// Interleaved channels per frame.
    public var channels: Int
    /// Bits per sample in the container (8, 16, 24, 32 or 64).
    public var bitsPerSample: Int
    /// How samples are encoded.
    public var encoding: Encoding
    /// Number of whole frames in the file, when the header and file size make it known.
    public var frameCount: Int64?
    /// `"RIFF"` or `"RF64"`.
    public var container: String

    /// Creates a format description.
    public init(
        sampleRate: Int,
        channels: Int,
        bitsPerSample: Int,
        encoding: Encoding,
        frameCount: Int64? = nil,
        container: String = "RIFF"
    ) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitsPerSample = bitsPerSample
        self.encoding = encoding
        self.frameCount = frameCount
        self.container = container
    }

    /// Bytes per frame (all channels).
    public var bytesPerFrame: Int { channels * (bitsPerSample / 8) }

    /// Duration in seconds, when the frame count is known.
    public var duration: Double? {
        frameCount.map { Double($0) / Double(sampleRate) }
    }

    /// A human-readable summary such as `"WAV PCM 16-bit 44100 Hz stereo"`.
    public var description: String {
        let name: String
        switch encoding {
        case .pcmInteger: name = "PCM"
        case .float: name = "float"
        case .muLaw: name = "μ-law"
        case .aLaw: name = "A-law"
        }
        let layout: String
        switch channels {
        case 1: layout = "mono"
        case 2: layout = "stereo"
        default: layout = "\(channels) channels"
        }
        let prefix = container == "RF64" ? "WAV (RF64)" : "WAV"
        return "\(prefix) \(name) \(bitsPerSample)-bit \(sampleRate) Hz \(layout)"
    }
}
