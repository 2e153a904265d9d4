import CALSA

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One PCM that ALSA knows about, as listed by ``captureDevices()``.
public struct CaptureDeviceInfo: Sendable, Equatable {
    /// The name to pass to ``ALSACaptureDevice/init(name:)`` (and to `--device`), e.g. `default`.
    public var name: String
    /// ALSA's human-readable description; may span several lines. Nil when ALSA has none.
    public var description: String?
    /// Whether the PCM can capture (ALSA lists it as input-only or as both directions).
    public var isInputCapable: Bool

    /// Creates a value (normally made by ``captureDevices()``).
    public init(name: String, description: String?, isInputCapable: Bool) {
        self.name = name
        self.description = description
        self.isInputCapable = isInputCapable
    }
}

/// Lists the PCMs in the system ALSA configuration (`snd_device_name_hint`), like `arecord -L`.
///
/// Output-only PCMs are included with ``CaptureDeviceInfo/isInputCapable`` false so a caller
/// can explain why a name it expected cannot record. The list comes from configuration hints,
/// so it can include plugin PCMs (`null`, `pulse`, `speexrate`, …) and is empty on a machine
/// without sound cards or configuration. Good choices to show first are `default` and names
/// starting with `sysdefault:CARD=`, `plughw:CARD=` or `dsnoop:CARD=`.
public func captureDevices() -> [CaptureDeviceInfo] {
    silenceLibraryMessages()
    var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    guard snd_device_name_hint(-1, "pcm", &hints) == 0, let hints else { return [] }
    defer { snd_device_name_free_hint(hints) }

    /// Reads one hint field; libasound mallocs the string and the caller frees it.
    func field(_ hint: UnsafeMutableRawPointer, _ id: String) -> String? {
        guard let text = snd_device_name_get_hint(hint, id) else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    var devices: [CaptureDeviceInfo] = []
    var index = 0
    while let hint = hints[index] {
        index += 1
        guard let name = field(hint, "NAME") else { continue }
        // IOID is absent for PCMs that work in both directions.
        let direction = field(hint, "IOID")
        devices.append(
            CaptureDeviceInfo(name: name, description: field(hint, "DESC"), isInputCapable: direction == nil || direction == "Input")
        )
    }
    return devices
}
