/// A run of captured audio: 16 kHz mono signed 16-bit samples.
public struct AudioChunk: Sendable, Equatable {
    /// The rate of every chunk: 16,000 frames per second.
    public static let sampleRate = 16_000

    /// The samples, oldest first (one per frame: the audio is mono).
    public var samples: [Int16]
    /// How many frames the capture delivered before this chunk.
    ///
    /// It counts delivered frames only, so it does not jump over audio lost to an overrun, a
    /// suspend or a lost device (those are reported as events); it does count chunks the
    /// consumer never received because the event buffer was full, so a jump in ``firstFrame``
    /// between two received chunks shows how much the consumer missed.
    public var firstFrame: Int64

    /// Creates a chunk.
    public init(samples: [Int16], firstFrame: Int64) {
        self.samples = samples
        self.firstFrame = firstFrame
    }

    /// The frame just after this chunk's last one.
    public var endFrame: Int64 { firstFrame + Int64(samples.count) }
}
