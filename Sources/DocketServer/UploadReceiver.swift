import Crypto
import DocketAudio
import DocketCore
import Foundation
import HTTPTypes
import MultipartKit
import NIOCore
import NIOFileSystem
import Synchronization

/// The audio types `POST /v1/notes` accepts, and the names clients use for them.
enum AudioMediaType {
    /// Canonical types (as the issue lists them).
    static let accepted = ["audio/wav", "audio/mpeg", "audio/ogg", "audio/webm", "audio/mp4", "audio/flac"]

    /// The canonical type for a Content-Type value, or `nil` when it is not audio the service takes.
    static func canonical(_ value: String) -> String? {
        let type = value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch type {
        case "audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave": return "audio/wav"
        case "audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg": return "audio/mpeg"
        case "audio/ogg", "audio/opus", "application/ogg": return "audio/ogg"
        case "audio/webm", "video/webm": return "audio/webm"
        case "audio/mp4", "audio/m4a", "audio/x-m4a", "audio/aac", "video/mp4": return "audio/mp4"
        case "audio/flac", "audio/x-flac": return "audio/flac"
        default: return nil
        }
    }

    /// The type a file name's extension stands for.
    static func fromFileName(_ name: String?) -> String? {
        guard let name, let dot = name.lastIndex(of: ".") else { return nil }
        return RemoteIngestClient.mediaTypes[name[name.index(after: dot)...].lowercased()]
    }

    /// Checks that the bytes are the audio the client declared (a WAV sent as audio/mpeg, or anything that is not
    /// audio, is refused), and discards the upload's file when they are not.
    /// - Throws: ``ServeError`` 415.
    static func checkAgreement(_ audio: ReceivedAudio, declared: String, spool: UploadSpool) throws {
        let container = audio.container()
        guard let container, container.mediaType == declared else {
            if case .file(let url) = audio { spool.discard(url) }
            let found =
                container.map { "its bytes are \($0.displayName)" + ($0.mediaType.map { "; send it as \($0)" } ?? ", which the service does not take") }
                ?? "its bytes are not audio the service reads"
            throw ServeError(
                .unsupportedMediaType, code: "unsupported_media_type", "The upload is declared \(declared), but \(found). " + unsupportedMessage)
        }
    }

    static let unsupportedMessage =
        "Send the audio as audio/wav, audio/mpeg, audio/ogg, audio/webm, audio/mp4 or audio/flac, or as multipart/form-data with a file part."
}

/// The parameters of a header such as `Content-Type` or `Content-Disposition`: `value; key=v; key="v"`.
enum HeaderParameters {
    static func parse(_ header: String) -> [String: String] {
        var result: [String: String] = [:]
        var current = ""
        var quoted = false
        var parts: [String] = []
        for ch in header {
            if ch == "\"" { quoted.toggle() }
            if ch == ";" && !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        parts.append(current)
        for part in parts.dropFirst() {
            guard let eq = part.firstIndex(of: "=") else { continue }
            let key = part[..<eq].trimmingCharacters(in: .whitespaces).lowercased()
            var value = part[part.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            result[key] = value
        }
        return result
    }
}

/// A received upload: its audio (in memory, or in a file of `incoming/` when long), hashed and measured.
struct ReceivedUpload: Sendable {
    var audio: ReceivedAudio
    var contentHash: String
    var audioBytes: Int
    var mediaType: String
    var fileName: String?
    /// Text fields of a multipart upload (`recorded_at`, `tz`, `language`, …).
    var fields: [String: String]
}

/// Reads a request body: raw audio, or the `file` part of `multipart/form-data`; counts bytes against the limit
/// and hashes the audio as it goes. Audio up to ``memoryLimit`` stays in memory (while the process holds less
/// than ``memoryBudget`` of such uploads); longer audio is streamed into `spool/incoming/`.
struct UploadReceiver: Sendable {
    let limit: Int
    let spool: UploadSpool
    var memoryLimit = 2 << 20
    var memoryBudget = 256 << 20
    /// Bytes of audio held in memory by the uploads this receiver (and its copies) is receiving.
    let inMemory = MemoryGauge()

    init(limit: Int, spool: UploadSpool) {
        self.limit = limit
        self.spool = spool
    }

    /// Receives `body`.
    /// - Parameters:
    ///   - contentType: the request's `Content-Type`.
    ///   - fileName: the name from `Content-Disposition` or `?filename=`, for raw bodies.
    /// - Throws: ``ServeError`` (413, 415, 400) when the upload can't be accepted.
    func receive<Body: AsyncSequence & Sendable>(
        _ body: Body, contentType: String?, fileName: String?
    ) async throws -> ReceivedUpload where Body.Element == ByteBuffer {
        guard let contentType else {
            throw ServeError(.unsupportedMediaType, code: "unsupported_media_type", "The upload has no Content-Type. " + AudioMediaType.unsupportedMessage)
        }
        let lowered = contentType.lowercased()
        if lowered.hasPrefix("multipart/form-data") {
            guard let boundary = HeaderParameters.parse(contentType)["boundary"], !boundary.isEmpty else {
                throw ServeError.badRequest("The multipart/form-data Content-Type has no boundary; let the HTTP library build the form.")
            }
            return try await receiveMultipart(body, boundary: boundary)
        }
        guard let mediaType = AudioMediaType.canonical(contentType) else {
            throw ServeError(
                .unsupportedMediaType, code: "unsupported_media_type",
                "\(contentType) is not an audio type the service takes. " + AudioMediaType.unsupportedMessage)
        }
        let writer = AudioSink(receiver: self)
        do {
            var total = 0
            for try await chunk in body {
                total += chunk.readableBytes
                guard total <= limit else { throw ServeError.tooLarge(limit: limit) }
                try await writer.write(chunk)
            }
            let (audio, hash, bytes) = try await writer.finish()
            guard bytes > 0 else {
                if case .file(let url) = audio { spool.discard(url) }
                throw ServeError.badRequest("The upload is empty; send the audio file as the request body.")
            }
            try AudioMediaType.checkAgreement(audio, declared: mediaType, spool: spool)
            return ReceivedUpload(audio: audio, contentHash: hash, audioBytes: bytes, mediaType: mediaType, fileName: fileName, fields: [:])
        } catch {
            await writer.abandon()
            throw error
        }
    }

    /// Text fields a form may have, the longest one, and their bytes together: text fields are held in memory,
    /// outside the audio's memory budget, so they are kept small.
    static let maximumFields = 16
    static let maximumFieldBytes = 4096
    static let maximumFormFieldBytes = 16 << 10

    private enum PartEvent {
        case header(String, String)
        case body(ByteBuffer)
        case complete
    }

    private func receiveMultipart<Body: AsyncSequence & Sendable>(
        _ body: Body, boundary: String
    ) async throws -> ReceivedUpload where Body.Element == ByteBuffer {
        let parser = MultipartParser(boundary: boundary)
        var events: [PartEvent] = []
        parser.onHeader = { events.append(.header($0, $1)) }
        parser.onBody = { events.append(.body($0)) }
        parser.onPartComplete = { events.append(.complete) }

        var headers: [String: String] = [:]
        var fields: [String: String] = [:]
        var fieldValue = ""
        var writer: AudioSink?
        var file: (audio: ReceivedAudio, hash: String, bytes: Int, type: String?, name: String?)?
        var partType: String?
        var partName: String?
        var open = false
        var total = 0
        var fieldCount = 0
        var fieldBytes = 0
        do {
            for try await chunk in body {
                total += chunk.readableBytes
                guard total <= limit else { throw ServeError.tooLarge(limit: limit) }
                do {
                    try parser.execute(chunk)
                } catch {
                    throw ServeError.badRequest("The multipart/form-data body is malformed; send the audio in a part named file.")
                }
                for event in events {
                    switch event {
                    case .header(let name, let value):
                        open = true
                        headers[name.lowercased()] = value
                    case .body(let buffer):
                        open = true
                        let disposition = HeaderParameters.parse(headers["content-disposition"] ?? "")
                        if disposition["name"] == "file" {
                            if writer == nil {
                                guard file == nil else { throw ServeError.badRequest("The form has more than one file part; send one note per request.") }
                                writer = AudioSink(receiver: self)
                                partType = headers["content-type"]
                                partName = disposition["filename"]
                            }
                            try await writer?.write(buffer)
                        } else {
                            fieldValue += String(buffer: buffer)
                            fieldBytes += buffer.readableBytes
                            guard fieldValue.utf8.count <= Self.maximumFieldBytes else {
                                throw ServeError.badRequest("A form field is longer than 4 KiB; only the file part may be large.")
                            }
                            guard fieldBytes <= Self.maximumFormFieldBytes else {
                                throw ServeError.badRequest("The form's text fields hold more than 16 KiB together; send only recorded_at, tz and language.")
                            }
                        }
                    case .complete:
                        guard open else { continue }
                        let disposition = HeaderParameters.parse(headers["content-disposition"] ?? "")
                        if let w = writer {
                            let (audio, hash, bytes) = try await w.finish()
                            file = (audio, hash, bytes, partType, partName)
                            writer = nil
                        } else if disposition["name"] == "file" {
                            throw ServeError.badRequest("The file part of the form is empty; attach the audio.")
                        } else if let name = disposition["name"] {
                            fieldCount += 1
                            guard fieldCount <= Self.maximumFields else {
                                throw ServeError.badRequest(
                                    "The form has more than \(Self.maximumFields) fields; send only file, recorded_at, tz and language.")
                            }
                            fields[name] = fieldValue
                        }
                        headers = [:]
                        fieldValue = ""
                        open = false
                    }
                }
                events.removeAll(keepingCapacity: true)
            }
            guard !open, writer == nil else {
                throw ServeError.badRequest("The multipart/form-data body ended in the middle of a part; send the whole form.")
            }
            guard let file else {
                throw ServeError.badRequest("The form has no part named file; send the audio as file, as the OpenAI transcription API takes it.")
            }
            let declared = file.type.flatMap(AudioMediaType.canonical)
            guard let mediaType = declared ?? AudioMediaType.fromFileName(file.name) else {
                if case .file(let url) = file.audio { spool.discard(url) }
                throw ServeError(
                    .unsupportedMediaType, code: "unsupported_media_type",
                    "The file part is \(file.type ?? "untyped")\(file.name.map { " (\($0))" } ?? ""), not audio the service takes. "
                        + AudioMediaType.unsupportedMessage)
            }
            try AudioMediaType.checkAgreement(file.audio, declared: mediaType, spool: spool)
            return ReceivedUpload(audio: file.audio, contentHash: file.hash, audioBytes: file.bytes, mediaType: mediaType, fileName: file.name, fields: fields)
        } catch {
            await writer?.abandon()
            if case .file(let url)? = file?.audio { spool.discard(url) }
            throw error
        }
    }
}

/// A count of bytes shared by the copies of one ``UploadReceiver``.
final class MemoryGauge: Sendable {
    let bytes = Atomic<Int>(0)
}

/// The audio of one upload as it arrives: hashed, kept in memory while short, moved into a file of
/// `spool/incoming/` once it grows past the receiver's memory limit.
final class AudioSink {
    private let receiver: UploadReceiver
    private var memory = ByteBuffer()
    private var reserved = 0
    private var file: (url: URL, writer: AudioFileWriter)?
    private var hasher = SHA256()
    private var bytes = 0

    init(receiver: UploadReceiver) {
        self.receiver = receiver
    }

    deinit {
        release()
    }

    func write(_ buffer: ByteBuffer) async throws {
        buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
        bytes += buffer.readableBytes
        if let file {
            try await file.writer.write(buffer)
            return
        }
        if bytes <= receiver.memoryLimit, take(buffer.readableBytes) {
            var buffer = buffer
            memory.writeBuffer(&buffer)
            return
        }
        let url = receiver.spool.newIncoming()
        let writer = try await AudioFileWriter(path: url, fileSystem: receiver.spool.fileSystem)
        file = (url, writer)
        try await writer.write(memory)
        try await writer.write(buffer)
        memory = ByteBuffer()
        release()
    }

    /// - Returns: the audio, its SHA-256 (hex) and size.
    func finish() async throws -> (ReceivedAudio, String, Int) {
        let hash = hexString(hasher.finalize())
        if let file {
            try await file.writer.finish()
            return (.file(file.url), hash, bytes)
        }
        return (.memory(memory), hash, bytes)
    }

    /// Discards what was received (the upload failed).
    func abandon() async {
        if let file {
            await file.writer.abandon()
            receiver.spool.discard(file.url)
        }
        memory = ByteBuffer()
        release()
    }

    private func take(_ count: Int) -> Bool {
        let (exchanged, _) = receiver.inMemory.bytes.add(count, ordering: .relaxed)
        guard exchanged <= receiver.memoryBudget else {
            receiver.inMemory.bytes.subtract(count, ordering: .relaxed)
            return false
        }
        reserved += count
        return true
    }

    private func release() {
        if reserved > 0 { receiver.inMemory.bytes.subtract(reserved, ordering: .relaxed) }
        reserved = 0
    }
}

/// The file of a long upload: written through a buffer on the spool's threads. Not synced here: the journal
/// copies it and syncs the copy.
final class AudioFileWriter {
    private let handle: WriteFileHandle
    private var writer: BufferedWriter<WriteFileHandle>

    init(path: URL, fileSystem: FileSystem) async throws {
        do {
            handle = try await fileSystem.openFile(forWritingAt: FilePath(path.path), options: .newFile(replaceExisting: false))
        } catch {
            throw ServeError(
                .internalServerError, code: "spool", "The service can't store the upload right now; try again later.",
                detail: "can't create a file in the spool's incoming/ (\(error)); it needs free space and write access")
        }
        writer = handle.bufferedWriter(capacity: .kibibytes(256))
    }

    func write(_ buffer: ByteBuffer) async throws {
        do {
            try await writer.write(contentsOf: buffer)
        } catch {
            throw ServeError(
                .internalServerError, code: "spool", "The service can't store the upload right now; try again later.",
                detail: "writing to the spool's incoming/ failed (\(error)); it needs free space")
        }
    }

    /// Flushes and closes the file.
    func finish() async throws {
        do {
            try await writer.flush()
            try await handle.close()
        } catch {
            try? await handle.close(makeChangesVisible: false)
            throw ServeError(
                .internalServerError, code: "spool", "The service can't store the upload right now; try again later.",
                detail: "finishing a file in the spool's incoming/ failed (\(error)); it needs free space")
        }
    }

    /// Discards the file (the upload failed).
    func abandon() async {
        try? await handle.close(makeChangesVisible: false)
    }
}
