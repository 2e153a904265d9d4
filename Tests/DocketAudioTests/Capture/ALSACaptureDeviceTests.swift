import DocketAudio
import DocketTesting
import Foundation
import Testing

/// The real libasound binding, exercised without sound hardware through ALSA's `file` PCM.
@Suite("Capture: ALSA device")
struct ALSACaptureDeviceTests {
    @Test("reads exactly the infile's samples through the file PCM")
    func readsInfileExactly() throws {
        // Given a tone whose length is not a whole number of 20 ms periods
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let tone = CaptureFixtures.tone(frames: 16_160)
        let infile = scratch.path("tone.raw")
        try CaptureFixtures.writeRaw(tone, to: infile)
        var device = ALSACaptureDevice(name: "mic", configuration: CaptureFixtures.fileMicConfiguration(infile: infile))

        // When reading exactly the file's frame count (the plugin repeats stale data past EOF)
        try device.open()
        defer { device.close() }
        let captured = try readFrames(from: &device, frames: tone.count)

        // Then every sample matches
        #expect(captured == tone)
    }

    @Test("can be closed and reopened, starting the infile over")
    func reopens() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let tone = CaptureFixtures.tone(frames: 3_200)
        let infile = scratch.path("tone.raw")
        try CaptureFixtures.writeRaw(tone, to: infile)
        var device = ALSACaptureDevice(name: "mic", configuration: CaptureFixtures.fileMicConfiguration(infile: infile))

        try device.open()
        try device.open()  // idempotent while open
        #expect(try readFrames(from: &device, frames: 640) == Array(tone[0..<640]))
        device.close()
        device.close()  // idempotent while closed
        try device.open()
        #expect(try readFrames(from: &device, frames: 640) == Array(tone[0..<640]))
        device.close()
    }

    @Test("a read on a closed device reports it disconnected")
    func readWhenClosed() {
        let device = ALSACaptureDevice(name: "mic", configuration: "pcm.mic { type null }")
        var buffer = [Int16](repeating: 0, count: 320)
        let result = buffer.withUnsafeMutableBufferPointer { device.read(into: $0, waitMilliseconds: 10) }
        guard case .disconnected = result else {
            Issue.record("expected .disconnected, got \(result)")
            return
        }
    }

    @Test("recovering from an overrun leaves the device readable")
    func recoverKeepsReading() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let tone = CaptureFixtures.tone(frames: 1_280)
        let infile = scratch.path("tone.raw")
        try CaptureFixtures.writeRaw(tone, to: infile)
        var device = ALSACaptureDevice(name: "mic", configuration: CaptureFixtures.fileMicConfiguration(infile: infile))
        try device.open()
        defer { device.close() }

        #expect(try readFrames(from: &device, frames: 320) == Array(tone[0..<320]))
        try device.recover(from: .overrun)
        try device.recover(from: .suspended)
        #expect(try readFrames(from: &device, frames: 320) == Array(tone[320..<640]))
    }

    @Test("an unknown PCM name is notFound and says to run docket devices")
    func unknownName() throws {
        let device = ALSACaptureDevice(name: "nosuch", configuration: "pcm.other { type null }")
        let error = try #require(throws: CaptureError.self) { try device.open() }
        #expect(error.code == .notFound)
        #expect(error.message.contains("'nosuch'"))
        #expect(error.message.contains("docket devices"))
        #expect(error.description.contains("snd_pcm_open_lconf"))
    }

    @Test("a missing infile is reported, not crashed on")
    func missingInfile() throws {
        let device = ALSACaptureDevice(name: "mic", configuration: CaptureFixtures.fileMicConfiguration(infile: "/nonexistent/docket/in.raw"))
        let error = try #require(throws: CaptureError.self) { try device.open() }
        #expect(error.code == .notFound)
    }

    @Test("unparseable configuration text is reported")
    func badConfiguration() throws {
        let device = ALSACaptureDevice(name: "mic", configuration: "pcm.mic { type file ")
        let error = try #require(throws: CaptureError.self) { try device.open() }
        #expect(error.message.contains("cannot be parsed"))
    }

    @Test("captureDevices() returns without crashing (may be empty without sound hardware)")
    func listsDevices() {
        let devices = captureDevices()
        for device in devices {
            #expect(!device.name.isEmpty)
        }
    }
}
