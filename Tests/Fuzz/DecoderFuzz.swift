// The libFuzzer entry point for docket's audio decoders (scripts/fuzz.sh builds it; it is not a target of the
// package). Every input is sniffed; WAV goes through WAVDecoder from memory, any other container docket reads goes
// through FFmpegSource (ffprobe and ffmpeg on a temporary file, as serve decodes an upload). A crash, a hang or
// memory growth past libFuzzer's limits is a finding; a thrown AudioError is the expected answer to bad bytes.
import DocketAudio
import Foundation

/// With DOCKET_FUZZ_DECODERS=wav only WAVDecoder runs: thousands of inputs a second, against tens through ffmpeg.
let ffmpegToo = ProcessInfo.processInfo.environment["DOCKET_FUZZ_DECODERS"] != "wav"

/// Frames read before an input counts as decoded (10 minutes at 16 kHz): bounds the work per input.
let frameBudget = 16_000 * 600

@_cdecl("LLVMFuzzerTestOneInput")
public func decoderFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    switch AudioSniffer.container(of: bytes) {
    case .wav:
        if let decoder = try? WAVDecoder(data: Data(bytes)) { drain(decoder) }
    case .some(let container):
        guard ffmpegToo else { return 0 }
        let path = NSTemporaryDirectory() + "docket-fuzz-\(getpid()).\(container)"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return 0 }
        defer { unlink(path) }
        if let source = try? FFmpegSource(path: path, container: container) { drain(source) }
    case nil:
        _ = try? WAVDecoder(data: Data(bytes))
    }
    return 0
}

func drain(_ input: some AudioSource) {
    var source = input
    var buffer: [Float] = []
    var total = 0
    while total < frameBudget, let n = try? source.read(into: &buffer, maxFrames: 4096), n > 0 { total += n }
}
