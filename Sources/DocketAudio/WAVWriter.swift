public import Foundation

/// Writes canonical PCM WAV files.
public enum WAVWriter {
    /// The canonical 44-byte header of a PCM WAV file (format tag 1).
    /// - Parameters:
    ///   - sampleRate: Frames per second.
    ///   - channels: Interleaved channels.
    ///   - bitsPerSample: 8, 16, 24 or 32.
    ///   - dataBytes: Size of the sample data that follows; clamped to 32 bits.
    public static func header(sampleRate: Int, channels: Int, bitsPerSample: Int, dataBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44)
        func text(_ s: String) { bytes.append(contentsOf: Array(s.utf8)) }
        func u32(_ v: Int) {
            let x = UInt32(clamping: v)
            bytes.append(contentsOf: [UInt8(x & 0xFF), UInt8(x >> 8 & 0xFF), UInt8(x >> 16 & 0xFF), UInt8(x >> 24)])
        }
        func u16(_ v: Int) {
            let x = UInt16(clamping: v)
            bytes.append(contentsOf: [UInt8(x & 0xFF), UInt8(x >> 8)])
        }
        let blockAlign = channels * bitsPerSample / 8
        text("RIFF")
        u32(dataBytes + 36)
        text("WAVE")
        text("fmt ")
        u32(16)
        u16(1)
        u16(channels)
        u32(sampleRate)
        u32(sampleRate * blockAlign)
        u16(blockAlign)
        u16(bitsPerSample)
        text("data")
        u32(dataBytes)
        return bytes
    }

    /// A whole WAV file's bytes for 16-bit samples (interleaved when `channels` > 1).
    public static func bytes(_ samples: [Int16], sampleRate: Int, channels: Int = 1) -> [UInt8] {
        var bytes = header(sampleRate: sampleRate, channels: channels, bitsPerSample: 16, dataBytes: samples.count * 2)
        bytes.reserveCapacity(bytes.count + samples.count * 2)
        for sample in samples {
            let v = UInt16(bitPattern: sample)
            bytes.append(UInt8(v & 0xFF))
            bytes.append(UInt8(v >> 8))
        }
        return bytes
    }

    /// Writes 16-bit samples (interleaved when `channels` > 1) to a `.wav` file, replacing it.
    /// - Throws: ``AudioError`` `io` when the file cannot be written.
    public static func write(_ samples: [Int16], sampleRate: Int, channels: Int = 1, to url: URL) throws {
        do {
            try Data(bytes(samples, sampleRate: sampleRate, channels: channels)).write(to: url)
        } catch {
            throw AudioError(
                .io, "Cannot write \(url.lastPathComponent) in \(url.deletingLastPathComponent().path); check that the directory exists and is writable.",
                cause: error)
        }
    }
}
