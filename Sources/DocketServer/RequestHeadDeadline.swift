import Foundation
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request head does not arrive in time.
///
/// A client that opens a connection and sends its request line and headers a byte at a time holds a
/// connection (and a file descriptor) for as long as it likes: the idle timeout only counts time
/// between whole HTTP parts. This handler gives each request head a deadline:
/// - on a new connection, from the moment it is accepted;
/// - on a kept-alive connection, from the first byte of the next request (waiting for that byte is
///   the idle timeout's business, so pooled clients keep their connections).
///
/// When the deadline passes before the head is complete the connection is closed and `onTimeout`
/// runs (serve counts it in `/metrics`). The body has its own limit, the request timeout.
///
/// It sits after the HTTP codec, where request heads are seen, and puts a ``FirstByteWatcher`` at
/// the front of the pipeline, where the raw bytes of a kept-alive connection's next request are.
/// Both live on the channel's event loop, as every channel handler does.
final class RequestHeadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Phase {
        /// Waiting for a request head, with the deadline armed.
        case awaitingHead
        /// Between a head and the end of its response.
        case inRequest
        /// Responses all sent; the deadline starts with the next byte.
        case idle
    }

    private let timeout: TimeAmount
    private let onTimeout: @Sendable () -> Void
    private var phase = Phase.awaitingHead
    private var requestsInProgress = 0
    /// Heads read whose request has not been read to its end.
    private var requestsBeingRead = 0
    /// Whether bytes of the next request came while the last response was still being written.
    private var nextHeadBegun = false
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    /// - Parameters:
    ///   - timeout: how long a request head may take to arrive.
    ///   - onTimeout: runs on the event loop each time a connection is closed for a late head.
    init(timeout: TimeAmount, onTimeout: @escaping @Sendable () -> Void) {
        self.timeout = timeout
        self.onTimeout = onTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        do {
            try context.pipeline.syncOperations.addHandler(FirstByteWatcher(owner: self), position: .first)
        } catch {
            context.fireErrorCaught(error)
        }
        if context.channel.isActive { arm() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        if phase == .awaitingHead { arm() }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requestsInProgress += 1
            requestsBeingRead += 1
            nextHeadBegun = false
            phase = .inRequest
            disarm()
        case .end:
            requestsBeingRead = max(0, requestsBeingRead - 1)
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            requestsInProgress = max(0, requestsInProgress - 1)
            if requestsInProgress == 0, phase == .inRequest {
                phase = .idle
                // A client may read the whole response before its end passes here, and begin its next head.
                if nextHeadBegun { bytesArrived() }
            }
        }
        context.write(data, promise: promise)
    }

    /// Bytes arrived at the front of the pipeline: on an idle connection they start the next head; once every request
    /// has been read to its end, while a response is still being written, they will.
    fileprivate func bytesArrived() {
        if phase == .inRequest, requestsBeingRead == 0 { nextHeadBegun = true }
        guard phase == .idle else { return }
        nextHeadBegun = false
        phase = .awaitingHead
        arm()
    }

    private func arm() {
        guard timer == nil, let context else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            timer = nil
            guard phase == .awaitingHead, let context = self.context else { return }
            onTimeout()
            context.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}

/// The front of a connection's pipeline: tells its ``RequestHeadDeadline`` when bytes arrive, and
/// passes them on untouched.
final class FirstByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let owner: RequestHeadDeadline

    fileprivate init(owner: RequestHeadDeadline) {
        self.owner = owner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        owner.bytesArrived()
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension RequestHeadDeadline: Sendable {}

@available(*, unavailable)
extension FirstByteWatcher: Sendable {}
