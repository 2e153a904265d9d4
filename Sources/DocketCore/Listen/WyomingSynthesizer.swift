import DocketAudio
import DocketSupport
import Foundation
import NIOCore

/// Speech from a Wyoming text-to-speech server (`wyoming-piper`, the speech servers Home Assistant's voice
/// satellites use): docket sends `synthesize` with the text (and a voice, when one is named); the server answers
/// `audio-start` (rate, width, channels), `audio-chunk`s of PCM and `audio-stop`.
public struct WyomingSynthesizer: Sendable {
    /// The server's host and port.
    public var host: String
    public var port: Int
    /// The voice to ask for (e.g. `en_US-joe-medium`); nil: the server's default.
    public var voice: String?
    /// The longest one read-back may take, from connecting to the last sample: a server that stalls must not
    /// hold the confirmations after it for ever.
    public var deadline: Duration

    /// The server at a `tcp://host:port` URL, or nil when `url` is not one.
    public init?(url: String, voice: String? = nil, deadline: Duration = .seconds(60)) {
        guard let (host, port) = WyomingEvent.address(url) else { return nil }
        self.host = host
        self.port = port
        self.voice = voice
        self.deadline = deadline
    }

    /// `text` spoken: 16-bit samples of the first channel, at the server's rate.
    /// - Throws: ``DocketAudio/AudioError`` (`.playback`) saying what failed and what to check.
    public func synthesize(_ text: String) async throws -> (samples: [Int16], rate: Int) {
        let address = "tcp://\(host):\(port)"
        do {
            return try await withDeadline(
                deadline, orThrow: { [deadline] in WyomingError.malformed("no complete answer within \(deadline.components.seconds) s") }
            ) {
                try await speak(text)
            }
        } catch let error as AudioError {
            throw error
        } catch {
            let what: String =
                switch error {
                case WyomingError.malformed(let what): "sent \(what)"
                case WyomingError.server(let text): "reported an error: \(text)"
                case WyomingError.closed: "closed the connection before the end of the speech"
                default: "can't be reached (\(error))"
                }
            throw AudioError(
                .playback,
                "The speech server at \(address) \(what); check DOCKET_TTS_URL and that a Wyoming speech server runs there "
                    + "(scripts/tts-server.sh start), or unset DOCKET_TTS_URL to read tasks back with espeak-ng.",
                cause: error)
        }
    }

    private func speak(_ text: String) async throws -> (samples: [Int16], rate: Int) {
        struct Request: Encodable {
            struct Voice: Encodable { var name: String }
            var text: String
            var voice: Voice?
        }
        struct Format: Decodable {
            var rate: Int?
            var width: Int?
            var channels: Int?
        }
        struct Failure: Decodable { var text: String? }
        let channel = try await WyomingEvent.connect(host: host, port: port)
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(WyomingEvent(type: "synthesize", data: Request(text: text, voice: voice.map(Request.Voice.init))))
            var format = (rate: 22_050, width: 2, channels: 1)
            var samples: [Int16] = []
            for try await event in inbound {
                switch event.type {
                case "audio-start", "audio-chunk":
                    let announced = try event.decode(Format.self)
                    format = (announced.rate ?? format.rate, announced.width ?? format.width, announced.channels ?? format.channels)
                    guard format.width == 2, format.channels >= 1, format.rate > 0 else {
                        throw WyomingError.malformed("audio of \(format.width * 8)-bit samples in \(format.channels) channels, not 16-bit PCM")
                    }
                    samples += Self.firstChannel(event.payload, channels: format.channels)
                case "audio-stop":
                    return (samples, format.rate)
                case "error":
                    throw WyomingError.server((try? event.decode(Failure.self).text) ?? "no reason given")
                default:
                    continue
                }
            }
            throw WyomingError.closed
        }
    }

    /// The first channel of interleaved little-endian 16-bit PCM.
    static func firstChannel(_ bytes: [UInt8], channels: Int) -> [Int16] {
        let frame = 2 * channels
        return stride(from: 0, to: bytes.count - frame + 1, by: frame).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }
}
