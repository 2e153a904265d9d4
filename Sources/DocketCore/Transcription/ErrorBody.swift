import Foundation

/// Reads the error message out of the error bodies Whisper-compatible servers send:
/// OpenAI `{"error":{"message":…}}`, whisper.cpp `{"error":"…"}`, FastAPI `{"detail":"…"}` or
/// `{"detail":[{"msg":…}]}`, and faster-whisper-server's `{"detail":{"error":{"message":…}}}`.
enum ErrorBody {
    /// The message in `body`, or the body itself (shortened) when it is plain text; `nil` when empty.
    static func message(from body: [UInt8]) -> String? {
        if let object = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]),
            let found = message(in: object)
        {
            return shorten(found)
        }
        guard let text = String(bytes: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
        else { return nil }
        if text.hasPrefix("<") { return nil }  // an HTML error page says nothing useful
        return shorten(text)
    }

    private static func message(in object: Any) -> String? {
        if let text = object as? String { return text.isEmpty ? nil : text }
        if let array = object as? [Any] {
            let parts = array.compactMap { item -> String? in
                if let dict = item as? [String: Any], let msg = dict["msg"] as? String {
                    if let loc = dict["loc"] as? [Any] { return "\(loc.map { "\($0)" }.joined(separator: ".")): \(msg)" }
                    return msg
                }
                return message(in: item)
            }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
        guard let dict = object as? [String: Any] else { return nil }
        for key in ["error", "detail", "message"] {
            if let inner = dict[key], let found = message(in: inner) { return found }
        }
        return nil
    }

    private static func shorten(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return oneLine.count > 300 ? String(oneLine.prefix(300)) + "…" : oneLine
    }
}
