import Testing

@testable import DocketAudio

#if canImport(Glibc)
    import Glibc
#endif

/// How libasound failures become ``CaptureError`` codes and instructions.
@Suite("Capture: errors")
struct CaptureErrorTests {
    @Test("EBUSY on open is busy and says to close other recorders or pass --device")
    func busy() {
        let error = CaptureError.openFailed(device: "hw:1,0", status: ALSAStatus(call: "snd_pcm_open", code: -EBUSY))
        #expect(error.code == .busy)
        #expect(error.message == "Capture device 'hw:1,0' is busy: close other recorders or pass --device to choose another device.")
        #expect(error.description.contains("snd_pcm_open: Device or resource busy (-16)"))
    }

    @Test("ENOENT on open is notFound and says to run docket devices")
    func notFound() {
        let error = CaptureError.openFailed(device: "x", status: ALSAStatus(call: "snd_pcm_open", code: -ENOENT))
        #expect(error.code == .notFound)
        #expect(error.message.hasPrefix("No capture device 'x': run `docket devices`"))
    }

    @Test("other open failures are io and still name the device")
    func other() {
        let error = CaptureError.openFailed(device: "x", status: ALSAStatus(call: "snd_pcm_open", code: -EINVAL))
        #expect(error.code == .io)
        #expect(error.message.contains("'x'"))
    }

    @Test("read errors map to results: EAGAIN/EINTR wait, EPIPE overrun, ESTRPIPE suspend, the rest disconnect")
    func classify() {
        #expect(ALSACaptureDevice.classify(-EAGAIN) == .timeout)
        #expect(ALSACaptureDevice.classify(-EINTR) == .timeout)
        #expect(ALSACaptureDevice.classify(-EPIPE) == .overrun)
        #expect(ALSACaptureDevice.classify(-ESTRPIPE) == .suspended)
        for code in [ENODEV, ENOTTY, EBADFD, EIO, ENODATA] {
            #expect(ALSACaptureDevice.classify(-code) == .disconnected(code: -code))
        }
    }

    @Test("format and disconnect errors point at a fix")
    func instructions() {
        let format = CaptureError.unsupportedFormat(device: "hw:0", detail: "it offers 48000 Hz", status: nil)
        #expect(format.code == .unsupportedFormat)
        #expect(format.message.contains("plughw:CARD="))
        let lost = CaptureError.disconnected(device: "hw:0", status: -ENODEV)
        #expect(lost.code == .disconnected)
        #expect(lost.message.contains("--device"))
        #expect(CaptureError.Code.allCases.map(\.rawValue) == ["busy", "notFound", "unsupportedFormat", "disconnected", "io"])
    }
}
