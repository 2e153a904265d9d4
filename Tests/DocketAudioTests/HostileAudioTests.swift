import DocketAudio
import DocketTesting
import Foundation
import Testing

/// Untrusted bytes through the decoders: nothing in a file may make ffmpeg read another file, and no file may
/// decode to more audio than the caller allows.
@Suite("Hostile audio")
struct HostileAudioTests {
    /// An ID3 tag followed by an HLS playlist naming `target`: ffmpeg left to probe it plays `target`.
    static func playlist(naming target: String) -> [UInt8] {
        let header: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0]
        return header + Array("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n\(target)\n#EXT-X-ENDLIST\n".utf8)
    }

    @Test("an ID3 tag in front of a playlist is not audio: the local file it names is never decoded")
    func id3Playlist() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let secret = directory.path("secret.mp3")
        let wav = directory.path("secret.wav")
        try WAVWriter.write(try TestAudio.speech("the secret is in this file"), sampleRate: TestAudio.rate, to: URL(fileURLWithPath: wav))
        try runTool("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", wav, secret])
        let upload = directory.path("upload.mp3")
        try Data(Self.playlist(naming: secret)).write(to: URL(fileURLWithPath: upload))

        let error = #expect(throws: AudioError.self) {
            _ = try AudioPreparer.prepare(path: upload, workDirectory: URL(fileURLWithPath: directory.path("work")))
        }
        #expect(error?.code == .notAudio)
        // Told the container outright, ffmpeg still reads the bytes as MP3 only, and finds none.
        #expect(throws: AudioError.self) {
            let source = try FFmpegSource(path: upload, container: .mp3)
            var buffer: [Float] = []
            while try source.read(into: &buffer, maxFrames: 4096) > 0 {}
        }
    }

    @Test("containers are sniffed through ID3 tags; MP3 and AAC (ADTS) are told apart")
    func sniffing() throws {
        let id3: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 4] + [0, 0, 0, 0]
        let cases: [([UInt8], AudioContainer?)] = [
            (id3 + [0xFF, 0xFB, 0x90, 0x64], .mp3),
            (id3 + [0xFF, 0xF1, 0x50, 0x80], .adts),
            (id3 + Array("fLaC".utf8), .flac),
            (id3 + Array("#EXTM3U\n".utf8), nil),
            (id3 + id3 + [0xFF, 0xFB, 0x90, 0x64], .mp3),
            ([0xFF, 0xF1, 0x50, 0x80], .adts),
            (Array("RIFF\0\0\0\0WAVE".utf8), .wav),
            (Array("\0\0\0\u{18}ftypM4A ".utf8), .mp4),
            (Array("#EXTM3U".utf8), nil),
            ([], nil),
        ]
        for (bytes, expected) in cases {
            let found = AudioSniffer.container { offset, count in
                let start = Int(offset)
                return start < bytes.count ? Array(bytes[start..<min(bytes.count, start + count)]) : []
            }
            #expect(found == expected, "\(bytes.prefix(20))")
        }
    }

    @Test("decoding stops as soon as the audio passes the longest allowed, WAV or compressed")
    func decodedLengthCap() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Ten minutes of silence: a FLAC of a few kilobytes.
        let flac = directory.path("silence.flac")
        try runTool("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "600", flac])
        let wav = directory.path("short.wav")
        try WAVWriter.write(TestAudio.silence(10), sampleRate: TestAudio.rate, to: URL(fileURLWithPath: wav))
        let work = URL(fileURLWithPath: directory.path("work"))
        for (path, limit) in [(flac, 60.0), (wav, 1.0)] {
            var decoded = 0.0
            let error = #expect(throws: AudioError.self) {
                _ = try AudioPreparer.prepare(path: path, workDirectory: work, maxDuration: limit) { decoded = $0 }
            }
            #expect(error?.code == .tooLong)
            #expect(decoded < 0.5, "decoding went on after the limit")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
        _ = try AudioPreparer.prepare(path: wav, workDirectory: work, maxDuration: 10)
    }
}
