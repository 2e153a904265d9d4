import CALSA

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A live ALSA capture PCM (libasound), set to 16 kHz mono signed 16-bit little-endian.
///
/// Use a *converting* device name: `default` (which on desktops goes through PipeWire or
/// PulseAudio) or `plughw:CARD=…,DEV=…` let ALSA's `plug` layer convert the card's native rate,
/// channels and format to docket's. A raw `hw:…` name only works when the card itself supports
/// 16 kHz mono S16_LE; otherwise ``open()`` throws `unsupportedFormat`. Without
/// `libasound2-plugins`, `plug` resamples by linear interpolation (no anti-alias filter).
///
/// The PCM is opened non-blocking and every read first waits at most the caller's timeout
/// (`snd_pcm_wait`), so a stalled device never hangs the capture thread. The type is not
/// `Sendable`: create it anywhere, then hand it to one ``CaptureEngine``, whose capture thread
/// is the only one that uses it.
public final class ALSACaptureDevice: PCMDevice {
    /// The PCM name, e.g. `default`, `plughw:CARD=Mic,DEV=0`, or a name defined in ``configuration``.
    public let name: String
    /// ALSA configuration text that defines ``name`` privately for this device, or nil to use the
    /// system configuration (`/usr/share/alsa/alsa.conf`, `~/.asoundrc`, …).
    public let configuration: String?

    /// Frames per ALSA period: 20 ms at 16 kHz.
    static let periodFrames = 320
    /// Periods in the ALSA ring buffer: 160 ms of slack before an overrun.
    static let periodsPerBuffer = 8

    /// The open PCM; only ever touched by the thread that owns this device.
    private var pcm: OpaquePointer?
    /// The private configuration tree `pcm` was opened from; deleted after `pcm` is closed.
    private var localConfig: OpaquePointer?

    /// A device from the system ALSA configuration.
    /// - Parameter name: A PCM name such as `default` or `plughw:CARD=Mic,DEV=0` (see ``captureDevices()``).
    public init(name: String) {
        self.name = name
        self.configuration = nil
    }

    /// A device defined by private ALSA configuration text, opened with `snd_pcm_open_lconf`.
    ///
    /// The text is self-contained: it is not merged with the system configuration, so it must
    /// define `pcm.<name>` and everything that refers to. Tests use it with the `file` plugin,
    /// which replays a raw file as if it were a microphone:
    /// ```
    /// pcm.mic { type file  slave.pcm { type null }  file "/dev/null"  infile "/abs/note.raw"  format raw }
    /// ```
    /// The `file` plugin does no conversion, is not paced, and repeats stale data at the end of
    /// the infile, so the infile must already be 16 kHz mono S16_LE and the reader must stop
    /// after the file's frame count.
    /// - Parameters:
    ///   - name: The PCM defined in `configuration`.
    ///   - configuration: ALSA configuration text.
    public init(name: String, configuration: String) {
        self.name = name
        self.configuration = configuration
    }

    /// ALSA configuration text defining `name` as a `file` PCM that replays `infile`: raw 16 kHz mono S16_LE
    /// samples (or a FIFO fed in real time), with no sound card. ALSA repeats stale data past the end of a
    /// regular file, so capture exactly its length (``CaptureEngine/Configuration/maxFrames``).
    public static func filePCMConfiguration(name: String, infile: String) -> String {
        filePCMText(name: name, file: "/dev/null", infile: infile)
    }

    /// Closes the PCM if it is still open.
    deinit {
        close()
    }

    /// Opens the PCM non-blocking (`SND_PCM_NONBLOCK`, so a busy device fails at once instead of
    /// hanging), sets 16 kHz mono S16_LE with 20 ms periods and a 160 ms buffer, and starts it.
    /// Does nothing when already open.
    /// - Throws: ``CaptureError``: `busy`, `notFound` (unknown name, or an unparseable
    ///   ``configuration``), `unsupportedFormat` (e.g. a raw `hw:` device at another rate), `io`.
    public func open() throws {
        if pcm != nil { return }
        silenceLibraryMessages()
        var handle: OpaquePointer?
        let mode = Int32(SND_PCM_NONBLOCK)
        if let configuration {
            var tree: OpaquePointer?
            let loaded = snd_config_load_string(&tree, configuration, 0)
            guard loaded >= 0, let tree else {
                throw CaptureError(
                    .notFound,
                    "The ALSA configuration for capture device '\(name)' cannot be parsed: fix its syntax.",
                    cause: ALSAStatus(call: "snd_config_load_string", code: loaded)
                )
            }
            let status = snd_pcm_open_lconf(&handle, name, SND_PCM_STREAM_CAPTURE, mode, tree)
            guard status >= 0, let handle else {
                snd_config_delete(tree)
                throw CaptureError.openFailed(device: name, status: ALSAStatus(call: "snd_pcm_open_lconf", code: status))
            }
            localConfig = tree
            pcm = handle
        } else {
            let status = snd_pcm_open(&handle, name, SND_PCM_STREAM_CAPTURE, mode)
            guard status >= 0, let handle else {
                throw CaptureError.openFailed(device: name, status: ALSAStatus(call: "snd_pcm_open", code: status))
            }
            pcm = handle
        }
        do {
            try configure()
        } catch {
            close()
            throw error
        }
    }

    /// `snd_pcm_wait` for up to `waitMilliseconds`, then one non-blocking `snd_pcm_readi` of at
    /// most `buffer.count` frames. `-EAGAIN`/`-EINTR` become ``PCMReadResult/timeout``, `-EPIPE`
    /// ``PCMReadResult/overrun``, `-ESTRPIPE` ``PCMReadResult/suspended``, and anything else
    /// (`-ENODEV`, `-ENOTTY`, `-EBADFD`, `-EIO`, …) ``PCMReadResult/disconnected(code:)``.
    public func read(into buffer: UnsafeMutableBufferPointer<Int16>, waitMilliseconds: Int) -> PCMReadResult {
        guard let pcm else { return .disconnected(code: -EBADFD) }
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .timeout }
        let ready = snd_pcm_wait(pcm, Int32(clamping: max(0, waitMilliseconds)))
        if ready == 0 { return .timeout }
        if ready < 0 { return Self.classify(ready) }
        let frames = snd_pcm_readi(pcm, base, snd_pcm_uframes_t(buffer.count))
        if frames > 0 { return .frames(frames) }
        if frames == 0 { return .timeout }
        return Self.classify(Int32(clamping: frames))
    }

    /// Re-prepares the PCM after an overrun, or resumes (else re-prepares) it after a suspend,
    /// then restarts it. Never blocks.
    /// - Throws: ``CaptureError`` when libasound cannot recover the PCM; close and reopen it.
    public func recover(from result: PCMReadResult) throws {
        guard let pcm else {
            throw CaptureError.disconnected(device: name, status: -EBADFD)
        }
        switch result {
        case .overrun:
            // For capture, recovering from -EPIPE is snd_pcm_prepare; `silent` keeps libasound quiet.
            try check(snd_pcm_recover(pcm, -EPIPE, 1), "snd_pcm_recover")
        case .suspended:
            // Not snd_pcm_recover: for -ESTRPIPE it retries snd_pcm_resume once a second for as
            // long as the driver says -EAGAIN, which would make stop() wait. Resume once and
            // fall back to prepare; for capture the audio during the suspend is lost either way.
            if snd_pcm_resume(pcm) < 0 {
                try check(snd_pcm_prepare(pcm), "snd_pcm_prepare")
            }
        case .frames, .timeout, .disconnected:
            return
        }
        try start(pcm)
    }

    /// Closes the PCM (dropping any unread audio) and frees the private configuration. Idempotent.
    public func close() {
        if let pcm {
            snd_pcm_close(pcm)
            self.pcm = nil
        }
        if let localConfig {
            snd_config_delete(localConfig)
            self.localConfig = nil
        }
    }

    // MARK: - Private

    /// hw params (RW interleaved, S16_LE, mono, 16 kHz, 20 ms periods, 8 periods), sw params
    /// (wake on one period, start on the first frame), then start.
    private func configure() throws {
        guard let pcm else { return }
        var hw: OpaquePointer?
        // snd_pcm_hw_params_alloca is a macro over alloca and does not import into Swift.
        try check(snd_pcm_hw_params_malloc(&hw), "snd_pcm_hw_params_malloc")
        defer { snd_pcm_hw_params_free(hw) }
        try check(snd_pcm_hw_params_any(pcm, hw), "snd_pcm_hw_params_any")
        try format(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "interleaved read access", "snd_pcm_hw_params_set_access")
        try format(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE), "signed 16-bit little-endian samples", "snd_pcm_hw_params_set_format")
        try format(snd_pcm_hw_params_set_channels(pcm, hw, 1), "one channel", "snd_pcm_hw_params_set_channels")
        var rate = UInt32(AudioChunk.sampleRate)
        try format(snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, nil), "a 16 kHz rate", "snd_pcm_hw_params_set_rate_near")
        // Whisper and the VAD assume exactly 16 kHz; `plug` always gives it, raw hw may not.
        if Int(rate) != AudioChunk.sampleRate {
            throw CaptureError.unsupportedFormat(device: name, detail: "it offers \(rate) Hz", status: nil)
        }
        var period = snd_pcm_uframes_t(Self.periodFrames)
        try check(snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, nil), "snd_pcm_hw_params_set_period_size_near")
        var buffer = period * snd_pcm_uframes_t(Self.periodsPerBuffer)
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer), "snd_pcm_hw_params_set_buffer_size_near")
        try check(snd_pcm_hw_params(pcm, hw), "snd_pcm_hw_params")
        try check(snd_pcm_hw_params_get_period_size(hw, &period, nil), "snd_pcm_hw_params_get_period_size")

        var sw: OpaquePointer?
        try check(snd_pcm_sw_params_malloc(&sw), "snd_pcm_sw_params_malloc")
        defer { snd_pcm_sw_params_free(sw) }
        try check(snd_pcm_sw_params_current(pcm, sw), "snd_pcm_sw_params_current")
        try check(snd_pcm_sw_params_set_avail_min(pcm, sw, period), "snd_pcm_sw_params_set_avail_min")
        try check(snd_pcm_sw_params_set_start_threshold(pcm, sw, 1), "snd_pcm_sw_params_set_start_threshold")
        try check(snd_pcm_sw_params(pcm, sw), "snd_pcm_sw_params")
        try check(snd_pcm_prepare(pcm), "snd_pcm_prepare")
        try start(pcm)
    }

    /// Starts a prepared stream: read() waits before reading, and a prepared capture stream
    /// that nobody reads would never become ready on its own.
    private func start(_ pcm: OpaquePointer) throws {
        if snd_pcm_state(pcm) == SND_PCM_STATE_PREPARED {
            try check(snd_pcm_start(pcm), "snd_pcm_start")
        }
    }

    /// Throws `io` (or `disconnected` for the unplug errnos) when `status` is negative.
    private func check(_ status: Int32, _ call: String) throws {
        guard status < 0 else { return }
        if case .disconnected = Self.classify(status) {
            throw CaptureError.disconnected(device: name, status: status)
        }
        throw CaptureError(
            .io,
            "Capture device '\(name)' failed while being set up or recovered: check the device, or pass --device to choose another (run `docket devices`).",
            cause: ALSAStatus(call: call, code: status)
        )
    }

    /// Throws `unsupportedFormat` naming `what` when a hw-params setter refused it.
    private func format(_ status: Int32, _ what: String, _ call: String) throws {
        guard status < 0 else { return }
        throw CaptureError.unsupportedFormat(device: name, detail: "it refused \(what)", status: ALSAStatus(call: call, code: status))
    }

    /// Maps a negative return of snd_pcm_wait/snd_pcm_readi onto a read result.
    static func classify(_ status: Int32) -> PCMReadResult {
        switch -status {
        case EAGAIN, EINTR: return .timeout
        case EPIPE: return .overrun
        case ESTRPIPE: return .suspended
        default: return .disconnected(code: status)  // ENODEV, ENOTTY, EBADFD, EIO, ENODATA, …
        }
    }
}

/// Installs a silent libasound error handler once per process: libasound otherwise prints its
/// own messages to stderr, and library code must not print (errors reach callers as
/// ``CaptureError``).
/// ALSA configuration text defining `name` as a `file` PCM over the `null` PCM (no sound card): what is played is
/// written to `file` as raw S16_LE (from the start each time the PCM is opened), and what is captured is read
/// from `infile`.
func filePCMText(name: String, file: String, infile: String?) -> String {
    """
    pcm.\(name) {
        type file
        slave.pcm { type null }
        file "\(file)"
        \(infile.map { "infile \"\($0)\"" } ?? "")
        format raw
    }
    """
}

func silenceLibraryMessages() {
    _ = libraryMessagesSilenced
}

/// Lazily initialised exactly once (Swift globals are initialised with `swift_once`).
private let libraryMessagesSilenced: Bool = docket_calsa_silence_errors(1) == 0
