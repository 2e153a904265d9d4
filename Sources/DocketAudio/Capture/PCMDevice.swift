/// What one ``PCMDevice/read(into:waitMilliseconds:)`` call produced.
public enum PCMReadResult: Sendable, Equatable {
    /// This many frames (16 kHz mono signed 16-bit samples) were written to the start of the buffer; at least 1.
    case frames(Int)
    /// No audio arrived within the wait; try again.
    case timeout
    /// The device's ring buffer filled up because it was not read in time: audio was lost.
    /// Call ``PCMDevice/recover(from:)`` before reading again.
    case overrun
    /// The system suspended the device: audio was lost. Call ``PCMDevice/recover(from:)`` before reading again.
    case suspended
    /// The device is gone or unusable (unplugged, bad state, I/O error); carries the negative errno.
    /// Only closing and reopening can help.
    case disconnected(code: Int32)
}

/// A capture device that delivers 16 kHz mono signed 16-bit PCM.
///
/// This is the seam between ``CaptureEngine`` and the hardware: ``ALSACaptureDevice`` is the
/// live implementation, and tests script their own to exercise overrun, suspend and
/// disconnect handling. Implementations need not be thread-safe or `Sendable`: the engine
/// calls every method from its one capture thread, and may call ``open()`` again after
/// ``close()`` to reopen a lost device. Conformances cannot be actor-isolated
/// (`SendableMetatype`), because that thread belongs to no actor.
public protocol PCMDevice: SendableMetatype {
    /// The device's name, used in error messages (e.g. `default`, `plughw:CARD=Mic`).
    var name: String { get }

    /// Opens and configures the device and starts capturing.
    /// - Throws: ``CaptureError`` (`busy`, `notFound`, `unsupportedFormat`, `io`).
    mutating func open() throws

    /// Waits up to `waitMilliseconds` for audio, then reads at most `buffer.count` frames into `buffer`.
    ///
    /// Never blocks much longer than `waitMilliseconds`, so the caller can notice a stop request.
    mutating func read(into buffer: UnsafeMutableBufferPointer<Int16>, waitMilliseconds: Int) -> PCMReadResult

    /// Makes the device readable again after ``PCMReadResult/overrun`` or ``PCMReadResult/suspended``.
    /// - Throws: ``CaptureError`` when the device cannot recover; the caller then closes and reopens it.
    mutating func recover(from result: PCMReadResult) throws

    /// Stops capturing and releases the device. Safe to call when already closed.
    mutating func close()
}
