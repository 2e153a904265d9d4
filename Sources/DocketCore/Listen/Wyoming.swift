public import DocketAudio
public import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// One event of the Wyoming protocol (Home Assistant's voice satellites and servers): a JSON header line
/// (`type`, `version`, `data_length`, `payload_length`), then `data_length` bytes of JSON data, then
/// `payload_length` bytes of payload (audio).
public struct WyomingEvent: Sendable, Equatable {
    /// The event type: `describe`, `info`, `detect`, `audio-start`, `audio-chunk`, `audio-stop`, `detection`,
    /// `not-detected`, `error`…
    public var type: String
    /// The data, a JSON object (header `data` and the data bytes merged); empty when there is none.
    public var data: Data
    /// The binary payload (PCM audio for `audio-chunk`).
    public var payload: [UInt8]

    /// Creates an event with `data` given as an encodable value.
    public init(type: String, data: some Encodable & Sendable, payload: [UInt8] = []) throws {
        self.type = type
        self.data = try JSONEncoder().encode(data)
        self.payload = payload
    }

    /// Creates an event with no data.
    public init(type: String, rawData: Data = Data(), payload: [UInt8] = []) {
        self.type = type
        self.data = rawData
        self.payload = payload
    }

    /// The data decoded as `T`.
    public func decode<T: Decodable>(_: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: data.isEmpty ? Data("{}".utf8) : data)
    }
}

/// Reads ``WyomingEvent``s from a byte stream.
struct WyomingEventDecoder: ByteToMessageDecoder {
    typealias InboundOut = WyomingEvent
    /// Longest header line or data accepted: a peer that sends more is not speaking Wyoming.
    static let maxJSON = 1 << 20

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > Self.maxJSON { throw WyomingError.malformed("a header line longer than 1 MiB") }
            return .needMoreData
        }
        let lineLength = newline - buffer.readerIndex
        guard let line = buffer.getBytes(at: buffer.readerIndex, length: lineLength),
            let header = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], let type = header["type"] as? String
        else { throw WyomingError.malformed("a header line that is not a JSON object with a type") }
        let dataLength = header["data_length"] as? Int ?? 0
        let payloadLength = header["payload_length"] as? Int ?? 0
        guard (0...Self.maxJSON).contains(dataLength), (0...(64 << 20)).contains(payloadLength) else {
            throw WyomingError.malformed("data_length \(dataLength) or payload_length \(payloadLength) out of range")
        }
        guard buffer.readableBytes >= lineLength + 1 + dataLength + payloadLength else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: lineLength + 1)
        var data = header["data"] as? [String: Any] ?? [:]
        if dataLength > 0, let bytes = buffer.readBytes(length: dataLength) {
            guard let more = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                throw WyomingError.malformed("\(type) data that is not a JSON object")
            }
            data.merge(more) { _, new in new }
        }
        let payload = buffer.readBytes(length: payloadLength) ?? []
        let json = data.isEmpty ? Data() : try JSONSerialization.data(withJSONObject: data)
        context.fireChannelRead(wrapInboundOut(WyomingEvent(type: type, rawData: json, payload: payload)))
        return .continue
    }
}

/// Writes ``WyomingEvent``s.
struct WyomingEventEncoder: MessageToByteEncoder {
    typealias OutboundIn = WyomingEvent

    func encode(data event: WyomingEvent, out: inout ByteBuffer) throws {
        struct Header: Encodable {
            var type: String
            var version = "1.1"
            var data_length: Int?
            var payload_length: Int?
        }
        let header = Header(
            type: event.type, data_length: event.data.isEmpty ? nil : event.data.count, payload_length: event.payload.isEmpty ? nil : event.payload.count)
        out.writeBytes(try JSONEncoder().encode(header))
        out.writeInteger(UInt8(ascii: "\n"))
        out.writeBytes(event.data)
        out.writeBytes(event.payload)
    }
}

/// What went wrong talking to a Wyoming server.
public enum WyomingError: Error, CustomStringConvertible {
    /// The peer sent bytes that are not Wyoming events.
    case malformed(String)
    /// The server answered with an `error` event.
    case server(String)
    /// The server can't be connected to.
    case unreachable(String, any Error)
    /// The server closed the connection.
    case closed
    /// The server has no model of that name.
    case unknownModel(String, available: [String])

    public var description: String {
        switch self {
        case .malformed(let what): "The wake-word server sent \(what); check that DOCKET_WAKE_WORD_URL points at a Wyoming wake-word server."
        case .server(let text): "The wake-word server reported an error: \(text)"
        case .unreachable(let url, let error): "Can't connect to the wake-word server at \(url) (\(error))."
        case .closed: "The wake-word server closed the connection."
        case .unknownModel(let name, let available):
            "The wake-word server has no model \"\(name)\"; it has \(available.isEmpty ? "none" : available.joined(separator: ", ")). Fix DOCKET_WAKE_WORDS."
        }
    }
}

extension WyomingEvent {
    /// A connection to the Wyoming server at `host`:`port` that reads and writes events.
    static func connect(host: String, port: Int) async throws -> NIOAsyncChannel<WyomingEvent, WyomingEvent> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(WyomingEventDecoder()))
                    try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(WyomingEventEncoder()))
                    return try NIOAsyncChannel<WyomingEvent, WyomingEvent>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// `tcp://host:port` (Wyoming's usual address form) split, or nil when `url` is not one.
    static func address(_ url: String) -> (host: String, port: Int)? {
        guard let components = URLComponents(string: url), components.scheme == "tcp", let host = components.host, let port = components.port else {
            return nil
        }
        return (host, port)
    }
}

/// A wake word heard in the audio stream.
public struct WakeWordDetection: Sendable, Equatable {
    /// The model that fired (e.g. `hey_jarvis_v0.1`).
    public var name: String
    /// Stream sample (16 kHz, from the first sample sent) at which it was heard.
    public var sample: Int64
}

/// Something that listens for a wake word in a stream of audio: an external system, behind a seam so the listen
/// loop can be tested without it.
public protocol WakeWordDetector: Sendable {
    /// Streams `audio` (16 kHz mono chunks in order, each's ``DocketAudio/AudioChunk/firstFrame`` its place in the
    /// listen stream) to the detector and reports each detection, until `audio` ends.
    /// - Throws: when the detector can't be reached or fails; the caller decides whether to retry.
    func listen(to audio: AsyncStream<AudioChunk>, detected: @escaping @Sendable (WakeWordDetection) -> Void) async throws
}

/// A wake-word detector on a Wyoming server (`wyoming-openwakeword`): `detect` with the wanted models,
/// `audio-start`, then `audio-chunk`s stamped with their end in the stream (milliseconds); `detection` events
/// come back with the stamp of the audio they were heard in.
public struct WyomingWakeWordDetector: WakeWordDetector {
    /// The server's host and port.
    public var host: String
    public var port: Int
    /// Models to listen for (e.g. `hey_jarvis`); empty: every model the server has loaded.
    public var names: [String]

    /// Creates a detector for the server at `host`:`port`.
    public init(host: String, port: Int, names: [String]) {
        self.host = host
        self.port = port
        self.names = names
    }

    /// The detector at a `tcp://host:port` URL (Wyoming's usual form), or nil when `url` is not one.
    public init?(url: String, names: [String]) {
        guard let (host, port) = WyomingEvent.address(url) else { return nil }
        self.init(host: host, port: port, names: names)
    }

    public func listen(to audio: AsyncStream<AudioChunk>, detected: @escaping @Sendable (WakeWordDetection) -> Void) async throws {
        let channel: NIOAsyncChannel<WyomingEvent, WyomingEvent>
        do {
            channel = try await WyomingEvent.connect(host: host, port: port)
        } catch {
            throw WyomingError.unreachable("tcp://\(host):\(port)", error)
        }
        let failure = ReaderFailure()
        try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup { group in
                // The reader only records what went wrong: the writer below is the one consuming `audio`, and it
                // must end by itself (a cancelled AsyncStream ends for good, and the caller listens to it again
                // after a reconnect).
                group.addTask {
                    do {
                        for try await event in inbound { try handle(event, detected: detected) }
                        failure.record(WyomingError.closed)
                    } catch {
                        failure.record(error)
                    }
                }
                try await outbound.write(WyomingEvent(type: "describe"))
                if !names.isEmpty { try await outbound.write(WyomingEvent(type: "detect", data: Names(names: names))) }
                try await outbound.write(WyomingEvent(type: "audio-start", data: Format()))
                var end: Int64 = 0
                for await chunk in audio {
                    if let error = failure.error { throw error }
                    end = chunk.firstFrame + Int64(chunk.samples.count)
                    let bytes = chunk.samples.withUnsafeBytes { raw in [UInt8](raw) }
                    // Stamped with the chunk's end (ms): a detection then names the audio heard up to it.
                    try await outbound.write(WyomingEvent(type: "audio-chunk", data: Format(timestamp: Int(end / 16)), payload: bytes))
                }
                try await outbound.write(WyomingEvent(type: "audio-stop", data: Format(timestamp: Int(end / 16))))
                group.cancelAll()
            }
        }
    }

    private struct Format: Encodable {
        var rate = 16_000
        var width = 2
        var channels = 1
        var timestamp: Int?
    }

    private struct Names: Encodable { var names: [String] }

    /// Acts on one event from the server; throws when the server can't do what was asked.
    private func handle(_ event: WyomingEvent, detected: @Sendable (WakeWordDetection) -> Void) throws {
        struct Detection: Decodable {
            var name: String?
            var timestamp: Int?
        }
        struct Failure: Decodable { var text: String? }
        struct Info: Decodable {
            struct Program: Decodable { var models: [Model]? }
            struct Model: Decodable { var name: String }
            var wake: [Program]?
        }
        switch event.type {
        case "detection":
            let detection = try event.decode(Detection.self)
            // Milliseconds to samples; a stamp that is missing or out of range is 0 (the caller takes it as now).
            let (sample, overflow) = Int64(detection.timestamp ?? 0).multipliedReportingOverflow(by: 16)
            detected(WakeWordDetection(name: detection.name ?? "wake word", sample: overflow ? 0 : sample))
        case "info":
            // The server drops a connection silently when asked for a model it lacks: say so instead.
            let models = (try event.decode(Info.self).wake ?? []).flatMap { $0.models ?? [] }.map(\.name)
            let known = Set(models.map(Self.modelKey))
            if let missing = names.first(where: { !known.contains(Self.modelKey($0)) }) {
                throw WyomingError.unknownModel(missing, available: models)
            }
        case "error":
            throw WyomingError.server((try? event.decode(Failure.self).text) ?? "no reason given")
        default:
            break
        }
    }

    /// How a model's name is said: `hey_jarvis_v0.1` → "hey jarvis".
    public static func spokenName(_ model: String) -> String {
        let words = model.split(separator: "_").filter { !($0.first == "v" && $0.dropFirst().allSatisfy { $0.isNumber || $0 == "." }) }
        return words.joined(separator: " ")
    }

    /// A model name without case, spaces or version: "Hey Jarvis", "hey_jarvis" and "hey_jarvis_v0.1" are one.
    static func modelKey(_ name: String) -> String {
        spokenName(name.lowercased().replacingOccurrences(of: " ", with: "_"))
    }

    /// What the reading side of a connection ran into, for the writing side to throw.
    private final class ReaderFailure: Sendable {
        private let state = Mutex<(any Error)?>(nil)
        var error: (any Error)? { state.withLock { $0 } }
        func record(_ error: any Error) { state.withLock { $0 = $0 ?? error } }
    }
}
