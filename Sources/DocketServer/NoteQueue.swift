import DocketSupport
import Foundation
import ServiceLifecycle
import Synchronization

/// The notes the service has accepted and not yet finished: their state for `GET /v1/notes/{id}`, the stream the
/// processor takes them from, room for new uploads (``reserve()``), and waiters for `?wait=true`.
///
/// The state is a `Mutex` rather than an actor so a waiter's cancellation can remove it synchronously.
final class NoteQueue: Sendable {
    /// Where an accepted note is.
    enum Phase: Sendable, Equatable {
        case queued
        case processing
    }

    /// An accepted, unfinished note.
    struct Entry: Sendable {
        var meta: UploadMeta
        var phase: Phase
        /// The last transient problem (the recognizer was down…); the note is retried.
        var lastError: String?
        /// Failed attempts so far.
        var attempts = 0
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// The id of the unfinished note with each content hash (an upload's duplicate check is a lookup, not a scan).
        var idsByHash: [String: String] = [:]
        var reservations = 0
        /// Tasks waiting for a note to finish, tagged with its id.
        var waiters = Waiters<String>()
        var closed = false
        /// The service is stopping: waiters answer at once with the note as it is.
        var waitsReleased = false
    }

    private let state = Mutex(State())
    private let continuation: AsyncStream<UploadMeta>.Continuation
    /// Accepted notes in the order they should be processed; consumed by one processor.
    let jobs: AsyncStream<UploadMeta>
    /// Most notes accepted and unfinished at once before uploads are refused.
    let limit: Int
    private let onDepth: @Sendable (Int) -> Void

    /// Creates an empty queue; `onDepth` hears the number of unfinished notes whenever it changes.
    init(limit: Int, onDepth: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.limit = limit
        self.onDepth = onDepth
        (jobs, continuation) = AsyncStream.makeStream(of: UploadMeta.self)
    }

    /// Holds room for an upload being received. `false`: the queue is full (answer 503).
    func reserve() -> Bool {
        state.withLock { state in
            guard !state.closed, state.entries.count + state.reservations < limit else { return false }
            state.reservations += 1
            return true
        }
    }

    /// Gives back room held by ``reserve()`` for an upload that was not queued.
    func cancelReservation() {
        state.withLock { $0.reservations = max(0, $0.reservations - 1) }
    }

    /// Adds an accepted note (using the room held for it when `reserved`). A note already present is left as is.
    /// - Returns: whether the note was added.
    @discardableResult
    func enqueue(_ meta: UploadMeta, reserved: Bool) -> Bool {
        let depth = state.withLock { state -> Int? in
            if reserved { state.reservations = max(0, state.reservations - 1) }
            guard state.entries[meta.id] == nil else { return nil }
            state.entries[meta.id] = Entry(meta: meta, phase: .queued)
            state.idsByHash[meta.contentHash] = meta.id
            return state.entries.count
        }
        guard let depth else { return false }
        onDepth(depth)
        continuation.yield(meta)
        return true
    }

    /// Puts a note back at the end of the queue after a transient failure.
    func requeue(_ meta: UploadMeta, error: String) {
        state.withLock { state in
            state.entries[meta.id]?.phase = .queued
            state.entries[meta.id]?.lastError = error
        }
        continuation.yield(meta)
    }

    /// Counts a failed attempt and returns how many there have been.
    func failedAttempt(_ id: String, error: String) -> Int {
        state.withLock { state in
            state.entries[id]?.attempts += 1
            state.entries[id]?.lastError = error
            return state.entries[id]?.attempts ?? 1
        }
    }

    /// Marks a note as being processed.
    func started(_ id: String) {
        state.withLock { $0.entries[id]?.phase = .processing }
    }

    /// Removes a finished (stored or failed) note and wakes its waiters.
    func finished(_ id: String) {
        let (waiters, depth) = state.withLock { state in
            if let hash = state.entries.removeValue(forKey: id)?.meta.contentHash, state.idsByHash[hash] == id {
                state.idsByHash[hash] = nil
            }
            return (state.waiters.removeAll { $0 == id }, state.entries.count)
        }
        onDepth(depth)
        for waiter in waiters { waiter.resume() }
    }

    /// The note's entry while it is unfinished.
    func entry(_ id: String) -> Entry? {
        state.withLock { $0.entries[id] }
    }

    /// An unfinished note with this content hash, if any.
    func entry(contentHash: String) -> Entry? {
        state.withLock { state in state.idsByHash[contentHash].flatMap { state.entries[$0] } }
    }

    /// Notes accepted and unfinished.
    var depth: Int { state.withLock { $0.entries.count } }

    /// Stops handing out notes (graceful shutdown): the processor's stream ends; unfinished notes stay spooled.
    func close() {
        state.withLock { $0.closed = true }
        continuation.finish()
    }

    /// Returns when the note is finished, at once if it is not in the queue, or when `timeout` passes, the task is
    /// cancelled or the service begins a graceful shutdown (so a `?wait=true` request doesn't hold up the stop).
    func waitUntilFinished(_ id: String, timeout: Duration) async {
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.waitUntilFinished(id) }
                group.addTask { try? await Task.sleep(for: timeout) }
                await group.next()
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.releaseWaiters()
        }
    }

    /// Wakes every waiter, and lets later ones return at once.
    func releaseWaiters() {
        let waiters = state.withLock { state in
            state.waitsReleased = true
            return state.waiters.removeAll()
        }
        for waiter in waiters { waiter.resume() }
    }

    private func waitUntilFinished(_ id: String) async {
        await state.wait(in: \.waiters, tag: id) { state in state.entries[id] == nil || state.waitsReleased }
    }
}
