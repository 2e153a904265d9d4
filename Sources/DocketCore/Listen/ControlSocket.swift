import DocketSupport
import Foundation
import NIOCore
import NIOExtras
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// What `docket mark` asks a running `docket listen`, one line on its control socket.
public enum ControlCommand: String, Sendable, CaseIterable {
    /// The next note said counts (``TalkSignal/start(untilNoteEnds:)`` with `untilNoteEnds`).
    case mark
    /// Talking starts, until ``stop``.
    case start
    /// Talking stops: the note being said ends now.
    case stop
    /// ``start`` when not talking, ``stop`` when talking.
    case toggle

    /// The signal it gives the listen loop.
    public var signal: TalkSignal {
        switch self {
        case .mark: .start(untilNoteEnds: true)
        case .start: .start(untilNoteEnds: false)
        case .stop: .stop
        case .toggle: .toggle
        }
    }
}

/// The control socket of `docket listen` in `push-to-talk` activation: a Unix socket (mode 0600: only this user)
/// that takes one ``ControlCommand`` per line and answers `ok` or `error <why>`.
public struct ControlSocket: TalkSource {
    /// Where the socket is.
    public var path: String

    /// Creates a socket at `path`.
    public init(path: String) {
        self.path = path
    }

    /// Serves the socket until cancelled; the socket file is removed at the end. A file left at `path` by a run
    /// that was killed is replaced: the caller holds the listen spool's lock, so no other `docket listen` of this
    /// data directory is running.
    public func run(_ signal: @escaping @Sendable (TalkSignal) -> Void) async throws {
        let server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>
        do {
            server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true, childChannelInitializer: Self.lines)
        } catch {
            throw ListenError(
                .controlSocket,
                "Can't open the control socket \(path) for docket mark; check that its directory exists and is writable, or set DOCKET_CONTROL_SOCKET.",
                cause: error)
        }
        chmod(path, 0o600)
        defer { unlink(path) }
        do {
            try await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { connections in
                    for try await connection in connections {
                        group.addTask { try? await Self.serve(connection, signal: signal) }
                    }
                }
            }
        } catch is CancellationError {
            // Stopped by the caller: the normal end.
        }
    }

    /// A connection that reads and writes lines.
    @Sendable private static func lines(_ channel: any Channel) -> EventLoopFuture<NIOAsyncChannel<ByteBuffer, ByteBuffer>> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineBasedFrameDecoder()))
            return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
    }

    /// Answers the commands of one connection until the client closes it.
    private static func serve(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, signal: @Sendable (TalkSignal) -> Void) async throws {
        try await connection.executeThenClose { inbound, outbound in
            for try await line in inbound {
                let text = String(buffer: line).trimmingCharacters(in: .whitespaces)
                let answer: String
                if let command = ControlCommand(rawValue: text.lowercased()) {
                    signal(command.signal)
                    answer = "ok"
                } else {
                    answer = "error unknown command \"\(text)\"; use \(ControlCommand.allCases.map(\.rawValue).joined(separator: ", "))"
                }
                try await outbound.write(ByteBuffer(string: answer + "\n"))
            }
        }
    }

    /// Sends `command` to the `docket listen` serving the socket at `path` and waits for its answer.
    /// - Throws: ``ListenError`` (``ListenErrorCode/controlSocket``) when nothing answers there or the command is
    ///   refused.
    public static func send(_ command: ControlCommand, to path: String) async throws {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(unixDomainSocketPath: path, channelInitializer: Self.lines)
        } catch {
            throw ListenError(
                .controlSocket,
                "No docket listen answers on \(path): start docket listen --activation push-to-talk, or point DOCKET_CONTROL_SOCKET at the socket of the one running.",
                cause: error)
        }
        let answer: String? = try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: command.rawValue + "\n"))
            for try await line in inbound { return String(buffer: line) }
            return nil
        }
        guard let answer else {
            throw ListenError(.controlSocket, "docket listen closed the control socket \(path) without answering; check that it is still running.")
        }
        guard answer == "ok" else {
            throw ListenError(.controlSocket, "docket listen refused \(command.rawValue): \(answer.hasPrefix("error ") ? String(answer.dropFirst(6)) : answer)")
        }
    }
}
