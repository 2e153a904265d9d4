import Foundation
import NIOCore
import NIOEmbedded
import Testing

@testable import DocketCore

/// Wyoming's framing, as wyoming-openwakeword writes and reads it.
@Suite("Wyoming events")
struct WyomingTests {
    static func decoded(_ chunks: [[UInt8]]) throws -> [WyomingEvent] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(WyomingEventDecoder()))
        for chunk in chunks { try channel.writeInbound(ByteBuffer(bytes: chunk)) }
        var events: [WyomingEvent] = []
        while let event: WyomingEvent = try channel.readInbound() { events.append(event) }
        return events
    }

    @Test("events written by docket read back whole, even when the bytes arrive one at a time")
    func roundTrip() throws {
        struct Format: Codable, Equatable {
            var rate: Int
            var timestamp: Int
        }
        let event = try WyomingEvent(type: "audio-chunk", data: Format(rate: 16_000, timestamp: 80), payload: [1, 2, 3, 4])
        var buffer = ByteBuffer()
        try WyomingEventEncoder().encode(data: event, out: &buffer)
        let bytes = Array(buffer.readableBytesView)
        let header = try #require(String(decoding: bytes, as: UTF8.self).split(separator: "\n").first)
        #expect(header.contains("\"data_length\"") && header.contains("\"payload_length\":4") && header.contains("\"version\":\"1.1\""))

        let back = try Self.decoded(bytes.map { [$0] })
        #expect(back.count == 1)
        #expect(back.first?.type == "audio-chunk" && back.first?.payload == [1, 2, 3, 4])
        #expect(try back.first?.decode(Format.self) == Format(rate: 16_000, timestamp: 80))
    }

    @Test("data in the header and in the data bytes are merged; an event without data has none")
    func mergedData() throws {
        let data = Array(#"{"timestamp": 9440}"#.utf8)
        let bytes =
            Array("{\"type\": \"detection\", \"data\": {\"name\": \"hey_jarvis_v0.1\"}, \"data_length\": \(data.count)}\n".utf8) + data
            + Array("{\"type\": \"not-detected\", \"version\": \"1.1\"}\n".utf8)
        let events = try Self.decoded([bytes])
        struct Detection: Decodable, Equatable {
            var name: String
            var timestamp: Int
        }
        #expect(events.map(\.type) == ["detection", "not-detected"])
        #expect(try events[0].decode(Detection.self) == Detection(name: "hey_jarvis_v0.1", timestamp: 9440))
        #expect(events[1].data.isEmpty && events[1].payload.isEmpty)
    }

    @Test(
        "bytes that are not Wyoming are refused, not waited on",
        arguments: ["not json\n", "[1, 2]\n", "{\"data_length\": 5}\n", "{\"type\": \"x\", \"payload_length\": -1}\n"])
    func malformed(_ text: String) {
        #expect(throws: WyomingError.self) { _ = try Self.decoded([Array(text.utf8)]) }
    }

    @Test("model names match however they are written")
    func modelNames() {
        #expect(WyomingWakeWordDetector.modelKey("hey_jarvis_v0.1") == WyomingWakeWordDetector.modelKey("Hey Jarvis"))
        #expect(WyomingWakeWordDetector.spokenName("ok_nabu_v0.1") == "ok nabu")
        #expect(WyomingWakeWordDetector(url: "tcp://127.0.0.1:10400", names: [])?.port == 10400)
        #expect(WyomingWakeWordDetector(url: "http://127.0.0.1:10400", names: []) == nil)
    }
}
