import DocketAudio
import DocketCore
import Foundation
import HTTPTypes
import Logging
import NIOPosix
public import ServiceLifecycle

/// Turns accepted uploads into stored tasks: takes notes from the queue, at most `workers` at a time, through the
/// same ``IngestPipeline`` as `docket ingest`, and clears each from the spool once it is stored.
///
/// A transient failure (the recognizer down or busy, the database locked) puts the note back after a growing
/// pause, which also holds back its worker, so an outage costs retries, not notes. A note that can't be processed
/// (bad audio, refused by the recognizer) is stored as failed with the reason, and its audio kept in `failed/`;
/// so is a note whose processing has twice stopped the service (``unfinishedStartsAllowed``), which would otherwise
/// take the service down again at every start. A note that was in progress when the service stopped without
/// finishing it runs alone, so that only a note that stops the service by itself is counted again.
/// On graceful shutdown no new note is started; notes in progress finish; the rest stay spooled for the next
/// start.
public struct NoteProcessor: Service {
    let queue: NoteQueue
    let spool: UploadSpool
    /// Held from the build until `run()` ends: no other process takes notes out of this spool meanwhile.
    let spoolLock: FileLock
    let pipeline: IngestPipeline
    let store: DocketStore
    let configuration: DocketConfiguration
    let metrics: ServeMetrics
    let logger: Logger

    public func run() async throws {
        defer { spoolLock.release() }
        let workers = max(1, configuration.serve.workers)
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                var running = 0
                for await meta in queue.jobs {
                    if Task.isShuttingDownGracefully { break }
                    // A note the last run left unfinished runs alone: a crash then is its own, not its neighbour's.
                    let alone = ((try? await spool.ioPool.runIfActive { spool.unfinishedStarts(meta) }) ?? 0) > 0
                    while running >= (alone ? 1 : workers) {
                        await group.next()
                        running -= 1
                    }
                    if Task.isShuttingDownGracefully { break }
                    running += 1
                    group.addTask { await process(meta) }
                    if alone {
                        await group.next()
                        running -= 1
                    }
                }
                await group.waitForAll()
            }
        } onGracefulShutdown: {
            spool.markStopping()
            queue.close()
        }
    }

    /// Processes one note; never throws (every outcome is recorded).
    func process(_ meta: UploadMeta) async {
        queue.started(meta.id)
        let zone = meta.timeZone.flatMap(ZoneParser.timeZone(from:)) ?? configuration.timeZone
        let language: String? =
            switch meta.language?.lowercased() {
            case nil: configuration.language
            case "auto"?, "detect"?: nil
            case let code?: code
            }
        let options = IngestOptions(
            referenceDate: meta.recordedAt ?? meta.receivedAt, timeZone: zone, language: language,
            noteID: meta.id, sourceName: meta.fileName ?? "upload", maxDuration: configuration.serve.maxAudioSeconds)
        let starts = (try? await spool.ioPool.runIfActive { spool.beginProcessing(meta) }) ?? nil
        if starts == nil {
            logger.warning(
                "Can't count this note's start in the spool's started/ (is the disk full?); a crash while processing it will not be noticed",
                metadata: ["docket.note.id": "\(meta.id)"])
        }
        // Ended once: a retry's own start (another worker may take the note up again) must not be ended by this one.
        var ended = false
        func end() {
            if !ended { spool.endProcessing(meta) }
            ended = true
        }
        defer { end() }
        do {
            // Already stored (a restart after the note was stored but before it left the spool): nothing to do.
            if let stored = try await store.note(id: meta.id), stored.status == .done, stored.contentHash == meta.contentHash {
                spool.remove(meta)
                queue.finished(meta.id)
                return
            }
            if let starts, starts > Self.unfinishedStartsAllowed { throw Self.interrupted(starts: starts - 1) }
            let outcome = try await pipeline.ingest(path: spool.workFile(for: meta), options: options)
            metrics.record(outcome.timings)
            for warning in outcome.warnings { logger.warning("\(warning)", metadata: ["docket.note.id": "\(meta.id)"]) }
            spool.remove(meta)
            logger.debug("Note processed", metadata: ["docket.note.id": "\(meta.id)", "docket.tasks": "\(outcome.tasks.count)"])
            queue.finished(meta.id)
        } catch let error where Self.isTransient(error) {
            let attempts = queue.failedAttempt(meta.id, error: ServeError.clientMessage(for: error, spool: spool.root.path))
            metrics.error(Self.kind(of: error))
            logger.info("Note will be retried", metadata: ["docket.note.id": "\(meta.id)", "docket.error": "\(error)"])
            let pause = Self.retryBackoff.delay(afterAttempt: attempts)
            end()
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } catch {
                return  // shutting down: the note stays spooled for the next start
            }
            queue.requeue(meta, error: ServeError.clientMessage(for: error, spool: spool.root.path))
        } catch {
            metrics.error(Self.kind(of: error))
            logger.warning("Note failed", metadata: ["docket.note.id": "\(meta.id)", "docket.error": "\(error)"])
            await recordFailure(meta, error: error)
            if spool.moveToFailed(meta) {
                let (retention, maximumBytes) = (configuration.serve.failedRetention, configuration.serve.failedMaximumBytes)
                _ = try? await spool.ioPool.runIfActive { spool.pruneFailed(retention: retention, maximumBytes: maximumBytes) }
            } else {
                logger.warning(
                    "The audio of a failed note stays in the journal: it could not be kept in failed/ (is the disk full?)",
                    metadata: ["docket.note.id": "\(meta.id)"])
            }
            queue.finished(meta.id)
        }
    }

    /// Stores the note as failed (over what the pipeline stored for a transcription failure), with the reason as
    /// a client may read it: the API serves it, and the whole error is in the log.
    private func recordFailure(_ meta: UploadMeta, error: any Error) async {
        var note = NoteRecord(
            id: meta.id, sourceFile: meta.fileName ?? "upload", contentHash: meta.contentHash,
            recordedAt: meta.recordedAt ?? meta.receivedAt, durationSeconds: 0, status: .failed)
        if let stored = try? await store.note(id: meta.id), stored.status == .failed, stored.contentHash == meta.contentHash { note = stored }
        note.error = ServeError.clientMessage(for: error, spool: spool.root.path)
        note.errorCode = Self.kind(of: error)
        _ = try? await store.saveNote(note, tasks: [])
    }

    /// Whether trying the same note again later may work: the recognizer or the database unavailable, or the disk
    /// full or failing (copying the note out of the journal, or decoding it to a temporary file).
    static func isTransient(_ error: any Error) -> Bool {
        switch error {
        case let e as TranscriptionError:
            return ![.badRequest, .payloadTooLarge].contains(e.code)
        case is StoreError:
            return true
        case let e as AudioError:
            return e.code == .io
        case let e as ServeError:
            return e.code == "spool"
        case let e as CocoaError:
            return [.fileWriteOutOfSpace, .fileWriteUnknown, .fileWriteNoPermission].contains(e.code)
        default:
            return false
        }
    }

    /// Starts of a note's processing that may end in a crash, kill or power cut before the note is set aside: one
    /// such stop is bad luck, two on the same note are the note.
    static let unfinishedStartsAllowed = 2

    /// Why a note is set aside after `stops` starts of its processing never ended.
    static func interrupted(starts stops: Int) -> ServeError {
        ServeError(
            .internalServerError, code: "interrupted",
            "The service stopped \(stops) times while processing this note (the last time with no other note in progress), so it was set aside to keep the service running. Upload the audio again to retry it; if that fails the same way, report it with the audio (the service keeps it in failed/ for DOCKET_FAILED_RETENTION)."
        )
    }

    /// Pause before the next attempt: 2 s doubling, at most 5 minutes.
    static let retryBackoff = Backoff(initial: .seconds(2), maximum: .seconds(300))

    /// The metrics' error kind for a processing failure.
    static func kind(of error: any Error) -> String {
        switch error {
        case let e as TranscriptionError: "transcription_\(e.code.rawValue)"
        case let e as AudioError: e.code == .tooLong ? "audio_too_long" : "audio"
        case let e as ServeError: e.code
        case is StoreError: "store"
        default: "internal"
        }
    }
}

/// Keeps `failed/` within `DOCKET_FAILED_RETENTION` and `DOCKET_FAILED_MAX_MB` on a timer as well, so audio of
/// failed notes does not outstay its retention on a service that sees no more failures. (Each failure, and each
/// start, prunes too.)
struct FailedAudioPruner: Service {
    /// The spool whose `failed/` is pruned.
    let spool: UploadSpool
    /// How long failed audio is kept (`DOCKET_FAILED_RETENTION`).
    let retention: Duration
    /// How much failed audio is kept at most (`DOCKET_FAILED_MAX_MB`).
    let maximumBytes: Int64

    /// How often: a tenth of the retention, from 1 s to an hour, so audio is removed at most that late.
    var interval: Duration { min(max(retention / 10, .seconds(1)), .seconds(3600)) }

    /// Prunes every ``interval`` until a graceful shutdown or cancellation, on the spool's threads.
    func run() async throws {
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            _ = try? await spool.ioPool.runIfActive { spool.pruneFailed(retention: retention, maximumBytes: maximumBytes) }
        }
    }
}
