import CALSA

#if canImport(Glibc)
    import Glibc
#endif

/// Plays 16-bit mono sounds through an ALSA playback PCM: `default`, a named card, or a PCM defined by private
/// configuration text (a `file` PCM that writes what would be played, for tests).
///
/// ``play(_:sampleRate:)`` blocks until the sound has been played: call it from a thread of its own, never from
/// the cooperative pool.
public struct ALSAPlayback: Sendable {
    /// The PCM name.
    public let name: String
    /// ALSA configuration text that defines ``name`` privately, or nil for the system configuration.
    public let configuration: String?

    /// A playback device; see ``ALSACaptureDevice`` for `configuration`.
    public init(name: String, configuration: String? = nil) {
        self.name = name
        self.configuration = configuration
    }

    /// ALSA configuration text defining `name` as a `file` PCM that writes what is played to `file` as raw
    /// S16_LE samples, with no sound card.
    public static func filePCMConfiguration(name: String, file: String) -> String {
        filePCMText(name: name, file: file, infile: nil)
    }

    /// Plays `samples` (mono, `sampleRate` Hz) and waits until they have been played.
    /// - Throws: ``AudioError`` (``AudioErrorCode/playback``) naming the device and what to do.
    public func play(_ samples: [Int16], sampleRate: Int) throws {
        silenceLibraryMessages()
        var handle: OpaquePointer?
        var tree: OpaquePointer?
        defer { if let tree { snd_config_delete(tree) } }
        let status: Int32
        if let configuration {
            let loaded = snd_config_load_string(&tree, configuration, 0)
            guard loaded >= 0, let tree else {
                throw AudioError(.playback, "The ALSA configuration for playback device '\(name)' cannot be parsed: fix its syntax.")
            }
            status = snd_pcm_open_lconf(&handle, name, SND_PCM_STREAM_PLAYBACK, 0, tree)
        } else {
            status = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, 0)
        }
        guard status >= 0, let pcm = handle else {
            throw AudioError(
                .playback,
                "Can't open the playback device '\(name)' for docket's confirmations; check DOCKET_PLAYBACK_DEVICE (aplay -L lists devices) or use --confirm none.",
                cause: ALSAStatus(call: "snd_pcm_open", code: status))
        }
        defer { snd_pcm_close(pcm) }
        let set = snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1, 200_000)
        guard set >= 0 else {
            throw AudioError(
                .playback, "The playback device '\(name)' can't play 16-bit mono at \(sampleRate) Hz; use a plug device (e.g. default or plughw:…).",
                cause: ALSAStatus(call: "snd_pcm_set_params", code: set))
        }
        try samples.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = snd_pcm_writei(pcm, buffer.baseAddress! + offset, snd_pcm_uframes_t(buffer.count - offset))
                if written >= 0 {
                    offset += Int(written)
                    continue
                }
                // An underrun or a suspend: recover and go on; anything else ends the sound.
                let recovered = snd_pcm_recover(pcm, Int32(clamping: written), 1)
                guard recovered >= 0 else {
                    throw AudioError(
                        .playback, "Playback on '\(name)' failed; check the device.", cause: ALSAStatus(call: "snd_pcm_writei", code: Int32(clamping: written)))
                }
            }
        }
        snd_pcm_drain(pcm)
    }
}
