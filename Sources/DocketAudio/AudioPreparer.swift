public import Foundation

/// A recording converted to 16 kHz mono 16-bit PCM, with its speech located and cut into pieces.
public struct PreparedAudio: Sendable, Equatable {
    /// Raw little-endian signed 16-bit mono PCM, no header.
    public var pcmFile: URL
    /// Always 16,000.
    public var sampleRate: Int
    /// Samples in ``pcmFile``.
    public var sampleCount: Int
    /// Length of the whole recording in seconds.
    public var duration: Double
    /// The input format, e.g. `"WAV PCM 16-bit 44100 Hz stereo"`.
    public var sourceFormat: String
    /// First to last speech sample (padded); nil when the recording holds no speech.
    public var speech: Range<Int>?
    /// Sample ranges into ``pcmFile`` covering ``speech``, each at most `maxPieceSeconds` long.
    public var pieces: [Range<Int>]
    /// Seconds of audio the file's header promises past its end (the file was cut short), or nil.
    public var missingSeconds: Double?

    /// Whether any speech was found.
    public var hasSpeech: Bool { speech != nil }
}

/// Turns any supported recording into 16 kHz mono PCM ready for transcription.
public enum AudioPreparer {
    /// The rate every prepared file uses.
    public static let sampleRate = 16_000
    /// Input frames decoded per step; bounds memory regardless of file length.
    static let blockFrames = 16_384

    /// Decodes, resamples to 16 kHz, converts to 16-bit, writes the PCM to a new file in
    /// `workDirectory`, and finds the speech.
    ///
    /// Synchronous and blocking by design: run it on a thread that may block.
    /// Memory use is bounded by fixed-size buffers plus one `Float` per 20 ms of audio.
    /// - Parameters:
    ///   - path: The recording (WAV natively; FLAC, MP3, Ogg/Opus, M4A, WebM via ffmpeg).
    ///   - workDirectory: Where to write the `.s16le` file; created if missing.
    ///   - maxPieceSeconds: Longest piece; values below 1 s are raised to 1 s.
    ///   - maxDuration: Longest audio accepted, in seconds; decoding stops as soon as it is passed (a small file
    ///     can decode to hours of silence). nil: no limit.
    ///   - progress: Called on the calling thread with the fraction done, 0…1, and finally 1.
    /// - Throws: ``AudioError``; no partial output file is left behind.
    public static func prepare(
        path: String,
        workDirectory: URL,
        maxPieceSeconds: Double = 600,
        maxDuration: Double? = nil,
        progress: ((Double) -> Void)? = nil
    ) throws -> PreparedAudio {
        var source = try openAudioSource(path: path)
        let name = (path as NSString).lastPathComponent
        do {
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        } catch {
            throw AudioError(.io, "Cannot create the work directory \(workDirectory.path) for \(name); check its permissions.", cause: error)
        }
        let stem = ((name as NSString).deletingPathExtension as NSString).lastPathComponent
        let output = workDirectory.appendingPathComponent("\(stem)-\(UUID().uuidString.prefix(8)).s16le")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: output)
        else {
            throw AudioError(
                .io,
                "Cannot create \(output.lastPathComponent) in \(workDirectory.path) while preparing \(name); check that the directory is writable and the disk is not full."
            )
        }
        var succeeded = false
        defer {
            try? handle.close()
            if !succeeded { try? FileManager.default.removeItem(at: output) }
        }

        var resampler = Resampler(inputRate: source.sampleRate, outputRate: sampleRate)
        var detector = SpeechDetector(sampleRate: sampleRate)
        var writer = PCMSink(handle: handle, fileName: output.lastPathComponent)
        var input: [Float] = []
        input.reserveCapacity(blockFrames)
        var resampled: [Float] = []
        resampled.reserveCapacity(blockFrames * 2 + 1_024)
        var reported = -1.0
        let maxSamples = maxDuration.map { Int(Swift.min(Swift.max($0, 0), 1e9) * Double(sampleRate)) } ?? Int.max

        while true {
            let frames = try source.read(into: &input, maxFrames: blockFrames)
            if frames == 0 { break }
            if writer.samplesWritten > maxSamples, let maxDuration {
                throw AudioError(
                    .tooLong,
                    "\(name) is longer than \(Self.minutes(maxDuration)), the most this service takes; split the recording into shorter notes.")
            }
            resampled.removeAll(keepingCapacity: true)
            resampler.process(input, into: &resampled)
            try writer.write(resampled, detector: &detector)
            if let progress, let fraction = source.progress, fraction >= reported + 0.01 {
                reported = fraction
                progress(Swift.min(fraction, 0.999))
            }
        }
        resampled.removeAll(keepingCapacity: true)
        resampler.flush(into: &resampled)
        try writer.write(resampled, detector: &detector)
        try writer.finish()

        let maxPiece = maxPieceSeconds.isFinite ? Int(Swift.min(Swift.max(maxPieceSeconds, 1), 1e9) * Double(sampleRate)) : Int.max / 2
        let analysis = detector.analysis(maxPieceSamples: maxPiece)
        succeeded = true
        progress?(1)
        return PreparedAudio(
            pcmFile: output,
            sampleRate: sampleRate,
            sampleCount: writer.samplesWritten,
            duration: Double(writer.samplesWritten) / Double(sampleRate),
            sourceFormat: source.formatDescription,
            speech: analysis.speechRange,
            pieces: analysis.pieces,
            missingSeconds: source.missingSeconds
        )
    }
}

extension AudioPreparer {
    /// "120 minutes", "90 seconds".
    static func minutes(_ seconds: Double) -> String {
        seconds >= 120 ? "\(Int(seconds / 60)) minutes" : "\(Int(seconds)) seconds"
    }
}

/// Converts float blocks to little-endian Int16, feeds the detector and writes them out.
private struct PCMSink {
    let handle: FileHandle
    let fileName: String
    var pcm: [Int16] = []
    var samplesWritten = 0

    init(handle: FileHandle, fileName: String) {
        self.handle = handle
        self.fileName = fileName
    }

    mutating func write(_ samples: [Float], detector: inout SpeechDetector) throws {
        guard !samples.isEmpty else { return }
        pcm.removeAll(keepingCapacity: true)
        pcm.append(contentsOf: repeatElement(0, count: samples.count))
        samples.withUnsafeBufferPointer { input in
            pcm.withUnsafeMutableBufferPointer { out in
                for i in 0..<input.count {
                    out[i] = Self.toInt16(input[i])
                }
            }
        }
        pcm.withUnsafeBufferPointer { detector.feed($0) }
        #if _endian(big)
            for i in pcm.indices { pcm[i] = pcm[i].littleEndian }
        #endif
        try pcm.withUnsafeBufferPointer { try writeAll(UnsafeRawBufferPointer($0)) }
        samplesWritten += samples.count
    }

    func finish() throws {
        do {
            try handle.close()
        } catch {
            throw AudioError(.io, "Cannot finish writing \(fileName); check free space in the work directory.", cause: error)
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw AudioError(.io, "Writing \(fileName) failed; check free space in the work directory.", cause: error)
        }
    }

    @inline(__always)
    static func toInt16(_ value: Float) -> Int16 {
        let scaled = value * 32_768
        guard scaled == scaled else { return 0 }
        if scaled >= 32_767 { return .max }
        if scaled <= -32_768 { return .min }
        return Int16(scaled + (scaled >= 0 ? 0.5 : -0.5))
    }
}
