import DocketAudio
import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// A file opened for positional reads, closed when the last reference goes away.
///
/// Reads run on NIO's blocking-IO thread pool, never on the cooperative pool.
final class ReadOnlyFile: Sendable {
    private let descriptor: Int32
    let path: String

    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw TranscriptionError(.badRequest, "Can't open the prepared audio \(path) (errno \(errno)); check free disk space in the temporary directory.")
        }
        self.descriptor = fd
        self.path = path
    }

    deinit { close(descriptor) }

    /// Reads up to `count` bytes at `offset`.
    func read(offset: Int64, count: Int) async throws -> ByteBuffer {
        let fd = descriptor
        return try await NIOThreadPool.singleton.runIfActive {
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
                max(0, pread(fd, raw.baseAddress, count, off_t(offset)))
            }
            if got == 0 && count > 0 {
                throw TranscriptionError(.badRequest, "The prepared audio file ended early; it may have been removed while docket was running.")
            }
            return buffer
        }
    }
}

/// A multipart/form-data upload whose audio part is streamed from disk in small chunks,
/// so memory does not grow with the length of the audio.
struct MultipartUpload: Sendable {
    static let chunkSize = 256 * 1024

    let boundary: String
    let head: ByteBuffer
    let tail: ByteBuffer
    let file: ReadOnlyFile?
    let fileRange: Range<Int64>
    let inline: ByteBuffer?

    /// Total size in bytes, for Content-Length.
    var length: Int64 { Int64(head.readableBytes + tail.readableBytes + (inline?.readableBytes ?? 0)) + Int64(fileRange.count) }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    init(fields: [(String, String)], audio: TranscriptionAudio) throws {
        boundary = "docket-" + UUID().uuidString
        var head = ByteBuffer()
        for (name, value) in fields {
            head.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        switch audio {
        case .pcmFile(let url, let samples, let sampleRate):
            head.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"audio.wav\"\r\nContent-Type: audio/wav\r\n\r\n")
            head.writeBytes(WAVWriter.header(sampleRate: sampleRate, channels: 1, bitsPerSample: 16, dataBytes: samples.count * 2))
            file = try ReadOnlyFile(path: url.path)
            fileRange = Int64(samples.lowerBound * 2)..<Int64(samples.upperBound * 2)
            inline = nil
        case .data(let bytes, let fileName, let contentType):
            let safeName = fileName.replacingOccurrences(of: "\"", with: "")
            head.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(safeName)\"\r\nContent-Type: \(contentType)\r\n\r\n")
            file = nil
            fileRange = 0..<0
            inline = ByteBuffer(bytes: bytes)
        }
        self.head = head
        self.tail = ByteBuffer(string: "\r\n--\(boundary)--\r\n")
    }

    /// The body as a sequence of buffers; each iteration reads the file afresh, so a retry can reuse it.
    var chunks: Chunks { Chunks(upload: self) }

    struct Chunks: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let upload: MultipartUpload

        func makeAsyncIterator() -> Iterator { Iterator(upload: upload, stage: 0, offset: upload.fileRange.lowerBound) }

        struct Iterator: AsyncIteratorProtocol {
            let upload: MultipartUpload
            var stage: Int
            var offset: Int64

            mutating func next() async throws -> ByteBuffer? {
                while true {
                    switch stage {
                    case 0:
                        stage = 1
                        return upload.head
                    case 1:
                        if let inline = upload.inline {
                            stage = 2
                            return inline
                        }
                        guard let file = upload.file, offset < upload.fileRange.upperBound else {
                            stage = 2
                            continue
                        }
                        let count = Int(Swift.min(Int64(MultipartUpload.chunkSize), upload.fileRange.upperBound - offset))
                        let chunk = try await file.read(offset: offset, count: count)
                        offset += Int64(chunk.readableBytes)
                        return chunk
                    case 2:
                        stage = 3
                        return upload.tail
                    default:
                        return nil
                    }
                }
            }
        }
    }
}
