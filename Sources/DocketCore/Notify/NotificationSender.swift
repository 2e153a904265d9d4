public import AsyncHTTPClient
import Crypto
import DocketSupport
import Foundation
import NIOCore
import NIOHTTP1

/// A delivery that did not happen: what failed and what to do, as `docket status` shows it.
public struct NotifyError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) { self.description = description }
}

/// Sends one notification to one channel: a webhook (JSON POST, signed when a secret is set), an ntfy topic (ntfy's
/// JSON publishing), or `notify-send`.
public struct NotificationSender: Sendable {
    let httpClient: HTTPClient
    let settings: NotifySettings
    /// Longest one HTTP delivery may take.
    let timeout: TimeAmount

    /// A sender over `httpClient` with the secrets in `settings`.
    public init(httpClient: HTTPClient, settings: NotifySettings, timeout: Duration = .seconds(30)) {
        self.httpClient = httpClient
        self.settings = settings
        self.timeout = TimeAmount(timeout)
    }

    /// Delivers `notification` to `channel`.
    /// - Throws: ``NotifyError``.
    public func send(_ notification: StoredNotification, to channel: NotifyChannel) async throws {
        switch channel {
        case .webhook(let url):
            var headers = ["X-Docket-Event": notification.event, "X-Docket-Delivery": String(notification.id)]
            if let secret = settings.webhookSecret {
                let mac = HMAC<SHA256>.authenticationCode(for: Data(notification.payload.utf8), using: SymmetricKey(data: Data(secret.utf8)))
                headers["X-Docket-Signature-256"] = "sha256=" + hexString(mac)
            }
            try await post(notification.payload, to: url, headers: headers, what: channel.name)
        case .ntfy(let url):
            struct Message: Encodable {
                var topic, title, message: String
                var priority: Int
                var tags: [String]
            }
            let due = notification.event.hasPrefix("due")
            let message = Message(
                topic: url.lastPathComponent, title: notification.title, message: notification.message, priority: due ? 4 : 3,
                tags: [due ? "alarm_clock" : "memo"])
            let body = String(decoding: try makeJSONEncoder().encode(message), as: UTF8.self)
            // ntfy takes JSON at its root (or the prefix a self-hosted server lives under), the topic in the body.
            var headers: [String: String] = [:]
            if let token = settings.ntfyToken { headers["Authorization"] = "Bearer " + token }
            try await post(body, to: url.deletingLastPathComponent(), headers: headers, what: channel.name)
        case .notifySend:
            try await Self.notifySend(title: notification.title, message: notification.message)
        }
    }

    private func post(_ body: String, to url: URL, headers: [String: String], what: String) async throws {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "docket")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: body))
        let response: HTTPClientResponse
        do {
            response = try await httpClient.execute(request, timeout: timeout)
        } catch {
            throw NotifyError("\(what) can't be reached (\(error)); check the URL in DOCKET_NOTIFY and the network")
        }
        _ = try? await response.body.collect(upTo: 64 * 1024)
        guard (200..<300).contains(response.status.code) else {
            let hint = response.status.code == 401 || response.status.code == 403 ? "; check its token or secret" : "; check the URL in DOCKET_NOTIFY"
            throw NotifyError("\(what) answered HTTP \(response.status.code)\(hint)")
        }
    }

    /// Runs `notify-send` (found on PATH) and waits for it without blocking a thread.
    static func notifySend(title: String, message: String) async throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { $0 + "/notify-send" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            throw NotifyError("notify-send is not installed; install it (apt install libnotify-bin) or remove notify-send from DOCKET_NOTIFY")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--app-name=docket", title, message]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: NotifyError("notify-send can't be started: \(error)")) }
        }
        guard status == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw NotifyError(
                "notify-send failed (status \(status)\(text.isEmpty ? "" : ": " + text)); it needs a desktop session (DBUS_SESSION_BUS_ADDRESS)")
        }
    }
}
