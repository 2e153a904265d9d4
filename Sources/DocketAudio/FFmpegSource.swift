public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes the containers of ``AudioContainer`` by running
/// `ffmpeg -nostdin -v error -protocol_whitelist file -format_whitelist F -f F -i file:FILE -f f32le -ac 1 -ar 16000 -`
/// and streaming its output.
///
/// The input is untrusted: ffmpeg reads it with the one demuxer its sniffed container names (no probing, so no
/// playlist, concat or image-sequence demuxer), through the `file` protocol only, so nothing in the bytes can make
/// it open another file or a network address.
///
/// Output is always 16 kHz mono. The child process is terminated and reaped by ``close()``
/// or on deinit, so abandoning a source early leaves no process behind. Not thread-safe.
public final class FFmpegSource: AudioSource {
    /// The rate ffmpeg is asked to produce.
    public static let outputSampleRate = 16_000
    private static let blockSize = 65_536

    /// Always ``outputSampleRate``.
    public var sampleRate: Int { Self.outputSampleRate }
    /// What ffprobe reported about the input (codec, rate, channels), e.g. `"flac 44100 Hz stereo (via ffmpeg)"`.
    public let formatDescription: String
    /// Duration of the input in seconds, when ffprobe could tell.
    public let duration: Double?

    private let fileName: String
    private let process: Process
    private let stdoutHandle: FileHandle
    private let stderrURL: URL
    private let block: UnsafeMutableRawPointer
    private var pendingBytes = 0
    private var samplesRead: Int64 = 0
    private var finished = false
    private var closed = false

    /// Starts ffmpeg on a file.
    /// - Parameters:
    ///   - path: Path of the recording.
    ///   - container: Its container; nil: sniffed from its first bytes.
    ///   - searchPath: A `PATH`-style list of directories to look for `ffmpeg` in;
    ///     nil means the process's `PATH`.
    /// - Throws: ``AudioError`` with code `ffmpegMissing` when ffmpeg is not installed,
    ///   `fileNotFound`/`unreadable` for a bad path, `notAudio` when the bytes are no container ffmpeg is let to
    ///   read, or `io` when the process cannot start.
    public init(path: String, container: AudioContainer? = nil, searchPath: String? = nil) throws {
        let name = (path as NSString).lastPathComponent
        fileName = name
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AudioError(.fileNotFound, "\(name): no such file; check the path (\(path)).")
        }
        guard !isDirectory.boolValue else {
            throw AudioError(.unreadable, "\(name) is a directory, not an audio file; pass the path of a recording.")
        }
        guard let ffmpeg = Self.locateFFmpeg(searchPath: searchPath) else {
            throw AudioError(
                .ffmpegMissing,
                "\(name) needs ffmpeg to decode, but ffmpeg was not found on PATH; install ffmpeg: sudo apt-get install ffmpeg (or run scripts/setup.sh)."
            )
        }
        let container = try container ?? sniffContainer(path: path)
        let input = Self.inputArguments(path: path, container: container)
        let probe = Self.probe(input: input, container: container, ffmpeg: ffmpeg)
        formatDescription = probe.description
        duration = probe.duration

        let stderrURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("docket-ffmpeg-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: stderrURL.path, contents: nil) else {
            throw AudioError(
                .io,
                "Cannot create a temporary file in \(stderrURL.deletingLastPathComponent().path) to decode \(name); check that the temporary directory is writable."
            )
        }
        self.stderrURL = stderrURL
        let stderrHandle: FileHandle
        do {
            stderrHandle = try FileHandle(forWritingTo: stderrURL)
        } catch {
            try? FileManager.default.removeItem(at: stderrURL)
            throw AudioError(.io, "Cannot open a temporary file to decode \(name); check that the temporary directory is writable.", cause: error)
        }
        defer { try? stderrHandle.close() }

        let stdoutPipe = Pipe()
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments =
            ["-nostdin", "-v", "error"] + input + ["-vn", "-f", "f32le", "-ac", "1", "-ar", String(Self.outputSampleRate), "-"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutPipe
        process.standardError = stderrHandle
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: stderrURL)
            throw AudioError(
                .ffmpegMissing,
                "\(name) needs ffmpeg, but \(ffmpeg.path) could not be started; install ffmpeg: sudo apt-get install ffmpeg (or run scripts/setup.sh).",
                cause: error
            )
        }
        try? stdoutPipe.fileHandleForWriting.close()
        self.process = process
        self.stdoutHandle = stdoutPipe.fileHandleForReading
        self.block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16)
    }

    deinit {
        close()
        block.deallocate()
    }

    /// Whether the ffmpeg process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The process id of the ffmpeg child.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Fraction of the expected output produced so far, when ffprobe reported a duration.
    public var progress: Double? {
        if finished { return 1 }
        guard let duration, duration > 0 else { return nil }
        return Swift.min(1, Double(samplesRead) / (duration * Double(Self.outputSampleRate)))
    }

    /// Replaces the contents of `buffer` with up to `maxFrames` 16 kHz mono samples.
    /// - Returns: The number of frames read; 0 at the end of the audio.
    /// - Throws: ``AudioError`` `ffmpegFailed` (with ffmpeg's own message) when ffmpeg exits
    ///   with an error, `truncated` when it produced no audio at all, `io` on a read failure.
    public func read(into buffer: inout [Float], maxFrames: Int) throws -> Int {
        buffer.removeAll(keepingCapacity: true)
        guard maxFrames > 0, !finished, !closed else { return 0 }
        let fd = stdoutHandle.fileDescriptor
        var ended = false
        while pendingBytes < 4 {
            let n = readRetryingInterrupts(fd, block + pendingBytes, Self.blockSize - pendingBytes)
            guard n >= 0 else { throw AudioError.readFailed("ffmpeg's output for \(fileName)", errno: errno, advice: "try again") }
            if n == 0 {
                ended = true
                break
            }
            pendingBytes += n
        }
        if ended {
            try finish()
            return 0
        }
        let frames = Swift.min(pendingBytes / 4, maxFrames)
        buffer.append(contentsOf: repeatElement(Float(0), count: frames))
        buffer.withUnsafeMutableBufferPointer { out in
            let source = UnsafeRawPointer(block)
            for i in 0..<frames {
                let value = Float(bitPattern: UInt32(littleEndian: source.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)))
                out[i] = value.magnitude <= 1 ? value : (value.isNaN ? 0 : (value > 0 ? 1 : -1))
            }
        }
        let used = frames * 4
        if pendingBytes > used {
            block.copyMemory(from: block + used, byteCount: pendingBytes - used)
        }
        pendingBytes -= used
        samplesRead += Int64(frames)
        return frames
    }

    /// Stops ffmpeg if it is still running, reaps it and removes temporary files. Safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        try? stdoutHandle.close()
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning && Date() < deadline {
                usleep(5_000)
            }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: stderrURL)
    }

    private func finish() throws {
        finished = true
        process.waitUntilExit()
        let status = process.terminationStatus
        let reason = process.terminationReason
        let log = stderrTail()
        close()
        if reason != .exit || status != 0 {
            let detail = log.isEmpty ? "exit status \(status)" : log
            throw AudioError(
                .ffmpegFailed,
                "ffmpeg could not decode \(fileName): \(detail). Check that the file is a playable audio recording."
            )
        }
        if samplesRead == 0 {
            throw AudioError(.truncated, "\(fileName) contains no audio samples; the recording is empty or has no audio track.")
        }
    }

    /// The last few lines ffmpeg wrote to stderr.
    private func stderrTail() -> String {
        guard let handle = try? FileHandle(forReadingFrom: stderrURL) else { return "" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        let start = size > 4_096 ? size - 4_096 : 0
        try? handle.seek(toOffset: start)
        let data = (try? handle.readToEnd()) ?? Data()
        let lines = String(decoding: data, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return lines.suffix(5).joined(separator: "; ")
    }

    // MARK: - Locating and probing

    /// Finds an executable `ffmpeg` in a `PATH`-style directory list.
    /// - Parameter searchPath: Directories separated by `:`; nil means the process's `PATH`.
    /// - Returns: The executable's URL, or nil when it is not installed.
    public static func locateFFmpeg(searchPath: String? = nil) -> URL? {
        locate("ffmpeg", searchPath: searchPath)
    }

    static func locate(_ tool: String, searchPath: String?) -> URL? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// The input options of ffmpeg and ffprobe: one demuxer, the file protocol only, the path as a `file:` URL
    /// (so a name with a colon is not read as another protocol).
    static func inputArguments(path: String, container: AudioContainer) -> [String] {
        let format = container.ffmpegFormat
        return ["-protocol_whitelist", "file", "-format_whitelist", format, "-f", format, "-i", "file:" + path]
    }

    /// Asks ffprobe (next to ffmpeg) for the codec and duration; best effort.
    private static func probe(input: [String], container: AudioContainer, ffmpeg: URL) -> (description: String, duration: Double?) {
        let fallback = "\(container.displayName) (via ffmpeg)"
        let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        guard FileManager.default.isExecutableFile(atPath: ffprobe.path) else { return (fallback, nil) }
        let process = Process()
        let output = Pipe()
        process.executableURL = ffprobe
        process.arguments =
            [
                "-v", "error", "-select_streams", "a:0",
                "-show_entries", "stream=codec_name,sample_rate,channels:format=duration",
                "-of", "default=noprint_wrappers=1",
            ] + input
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (fallback, nil)
        }
        try? output.fileHandleForWriting.close()
        let data = (try? output.fileHandleForReading.readToEnd()) ?? Data()
        try? output.fileHandleForReading.close()
        process.waitUntilExit()
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, fields[String(parts[0])] == nil {
                fields[String(parts[0])] = String(parts[1])
            }
        }
        let duration = fields["duration"].flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        guard let codec = fields["codec_name"] else { return (fallback, duration) }
        var description = codec
        if let rate = fields["sample_rate"] { description += " \(rate) Hz" }
        switch fields["channels"] {
        case "1": description += " mono"
        case "2": description += " stereo"
        case let other?: description += " \(other) channels"
        case nil: break
        }
        return (description + " (via ffmpeg)", duration)
    }
}
