public import DocketAudio
public import Foundation
public import Logging
import Synchronization

/// Per-run choices for ``ListenPipeline/run(engine:options:events:)``.
public struct ListenOptions: Sendable {
    /// Zone for spoken dates and times.
    public var timeZone: TimeZone
    /// Language hint; `nil` lets the endpoint detect it.
    public var language: String?
    /// Extra prompt text for the recognizer (known project and label names are always added).
    public var prompt: String?
    /// Wall time of the first captured sample, for spoken dates; `nil` means the time the capture starts.
    public var startDate: Date?
    /// When segments and notes end.
    public var policy: SegmentationPolicy
    /// Where each note's audio is written while it is captured (see ``ListenPipeline``).
    public var spoolDirectory: URL
    /// Keep each finished note's audio (a WAV file named after the note id) here; `nil` deletes it.
    public var saveAudioDirectory: URL?
    /// Stop after the first note that was stored.
    public var once: Bool
    /// Transcribe each segment as soon as it ends (`true`, the default), or only the whole note once it has
    /// ended (`false`: the record-then-transcribe baseline of the latency benchmark).
    public var streaming: Bool

    /// Creates options.
    public init(
        timeZone: TimeZone = .current, language: String? = nil, prompt: String? = nil, startDate: Date? = nil,
        policy: SegmentationPolicy = SegmentationPolicy(), spoolDirectory: URL, saveAudioDirectory: URL? = nil,
        once: Bool = false, streaming: Bool = true
    ) {
        self.timeZone = timeZone
        self.language = language
        self.prompt = prompt
        self.startDate = startDate
        self.policy = policy
        self.spoolDirectory = spoolDirectory
        self.saveAudioDirectory = saveAudioDirectory
        self.once = once
        self.streaming = streaming
    }
}

/// A note as stored by a listen run: after each segment while the person talks (``ListenEvent/stored(_:)``), and
/// once more when the note has ended (``ListenEvent/noteFinished(_:)``).
public struct ListenedNote: Sendable {
    /// Position of the note in this run (0-based).
    public var index: Int
    /// The note as stored.
    public var note: NoteRecord
    /// Its tasks as stored.
    public var tasks: [TaskRecord]
    /// Notes the extractor made about words it could not use.
    public var diagnostics: [ExtractionDiagnostic]
    /// Segments the stored transcript covers.
    public var segmentCount: Int
    /// Stream index just past the last sample the stored transcript covers.
    public var endSample: Int64
    /// Where the note's audio was kept (`--save-audio`), once finished.
    public var audioPath: String?
    /// When it was stored.
    public var storedAt: ContinuousClock.Instant
}

/// What a listen run is doing, for displays and benchmarks. Delivered from several tasks; handlers must be
/// thread-safe.
public enum ListenEvent: Sendable {
    /// The device is open and audio is flowing.
    case listening(device: String)
    /// Input level (dBFS), about ten times a second.
    case level(dBFS: Float)
    /// A segment came back from the recognizer (empty text: nothing recognisable).
    case segment(note: Int, index: Int, text: String)
    /// The note so far was stored (it may still grow).
    case stored(ListenedNote)
    /// The note ended and is stored in full.
    case noteFinished(ListenedNote)
    /// The note ended without anything recognisable in it; nothing was stored.
    case noteDiscarded(note: Int)
    /// The note could not be transcribed; its audio stays in the spool (`audioPath`) and is retried when
    /// `docket listen` next starts. What was recognised before the failure is stored.
    case noteFailed(note: Int, error: any Error, audioPath: String)
    /// Audio was lost (overrun, suspend, or a consumer that fell behind); says what happened.
    case audioLost(String)
    /// The device stopped working; the capture keeps trying to reopen it.
    case deviceLost(CaptureError)
    /// The device works again.
    case reopened
    /// A note left in the spool by an earlier run was finished.
    case recovered(IngestOutcome)
    /// A note left in the spool by an earlier run could not be finished; it stays there for the next run.
    case recoveryFailed(path: String, error: any Error)
}

/// What a listen run did.
public struct ListenSummary: Sendable {
    /// Notes stored.
    public var notes = 0
    /// Tasks in them.
    public var tasks = 0
    /// Notes that could not be transcribed (kept in the spool).
    public var failedNotes = 0
    /// Device overruns.
    public var overruns = 0
    /// Capture events discarded because the pipeline fell behind.
    public var droppedEvents = 0
}

/// Live dictation to stored tasks: capture → segmenter → a transcription per segment, started the moment the
/// segment ends, while the person keeps talking → extraction → store, with the note stored again as it grows so
/// its tasks appear about a second after the speech ends.
///
/// Each note's audio is written to the spool directory, synced after every segment, before its text is
/// stored; the file is removed (or moved to ``ListenOptions/saveAudioDirectory``) only once the whole note is
/// stored. A crash, kill or failed transcription therefore loses no audio: ``recoverSpool(options:events:)``
/// finishes what is left, under the same note id, so nothing is stored twice.
public struct ListenPipeline: Sendable {
    let configuration: DocketConfiguration
    let transcriber: any Transcriber
    let store: DocketStore
    let extractor: TaskExtractor
    let nudge: SyncNudge?
    let logger: Logger

    /// Creates a pipeline storing into `store`; `nudge` wakes a running background sync after each store.
    public init(configuration: DocketConfiguration, transcriber: any Transcriber, store: DocketStore, extractor: TaskExtractor = TaskExtractor(), nudge: SyncNudge? = nil, logger: Logger) {
        self.configuration = configuration
        self.transcriber = transcriber
        self.store = store
        self.extractor = extractor
        self.nudge = nudge
        self.logger = logger
    }

    /// Finishes every note an earlier run left in the spool (killed mid-note, or the recognizer was down).
    /// Files that fail again stay for the next run.
    /// - Returns: how many notes were finished.
    @discardableResult
    public func recoverSpool(options: ListenOptions, events: @escaping @Sendable (ListenEvent) -> Void) async throws -> Int {
        let spool = try NoteSpool(directory: options.spoolDirectory)
        let lock = try spool.lock()
        defer { lock.release() }
        return await recover(spool, options: options, events: events)
    }

    private func recover(_ spool: NoteSpool, options: ListenOptions, events: @escaping @Sendable (ListenEvent) -> Void) async -> Int {
        let ingest = IngestPipeline(configuration: configuration, transcriber: transcriber, store: store, extractor: extractor, logger: logger)
        var finished = 0
        for (id, url) in spool.leftovers() {
            let recordedAt = (try? FileManager.default.attributesOfItem(atPath: url.path)[.creationDate] as? Date) ?? nil
            let ingestOptions = IngestOptions(
                referenceDate: recordedAt ?? Date(), timeZone: options.timeZone, language: options.language,
                prompt: options.prompt, force: true, noteID: id)
            do {
                let outcome = try await ingest.ingest(path: url.path, options: ingestOptions)
                _ = spool.finish(url, keepIn: options.saveAudioDirectory)
                nudge?.nudge()
                finished += 1
                events(.recovered(outcome))
            } catch {
                events(.recoveryFailed(path: url.path, error: error))
            }
        }
        return finished
    }

    /// Listens until the capture ends: ``CaptureEngine/stop()``/``CaptureEngine/requestStop()`` (e.g. on
    /// SIGTERM), the engine's frame limit, or the first stored note with ``ListenOptions/once``. The note in
    /// progress is finished (transcribed, extracted, stored) before this returns.
    ///
    /// Notes left in the spool by an earlier run are finished first.
    /// - Throws: ``DocketAudio/CaptureError`` when the device can't be opened (busy, missing), ``ListenError``
    ///   when the spool can't be used.
    public func run(engine: CaptureEngine, options: ListenOptions, events: @escaping @Sendable (ListenEvent) -> Void) async throws -> ListenSummary {
        let spool = try NoteSpool(directory: options.spoolDirectory)
        let lock = try spool.lock()
        defer { lock.release() }
        _ = await recover(spool, options: options, events: events)

        let (work, workInput) = AsyncStream.makeStream(of: WorkItem.self)
        let startDate = options.startDate ?? Date()
        let inFlight = NotesInFlight()
        let assembler = NoteAssembler(pipeline: self, spool: spool, options: options, startDate: startDate, engine: engine, inFlight: inFlight, events: events)
        async let assembled = assembler.run(work)
        let capture: Result<CaptureTotals, any Error>
        do {
            capture = .success(try await captureLoop(engine: engine, options: options, spool: spool, inFlight: inFlight, work: workInput, events: events))
        } catch {
            capture = .failure(error)
        }
        workInput.finish()
        var summary = await assembled
        let totals = try capture.get()
        if let failure = totals.openFailure { throw failure }
        summary.overruns = totals.overruns
        summary.droppedEvents = totals.dropped
        return summary
    }

    // MARK: - Capture side

    private struct CaptureTotals {
        var overruns = 0
        var dropped = 0
        var openFailure: CaptureError?
    }

    /// Reads the capture, segments it, spools each note's audio and starts a transcription per segment.
    /// Returns once the capture has ended and every transcription it started has reported.
    private func captureLoop(
        engine: CaptureEngine, options: ListenOptions, spool: NoteSpool, inFlight: NotesInFlight, work: AsyncStream<WorkItem>.Continuation,
        events: @escaping @Sendable (ListenEvent) -> Void
    ) async throws -> CaptureTotals {
        let segmenter = DocketAudio.Segmenter(policy: options.policy)
        let prompt = [options.prompt, configuration.vocabularyPrompt].compactMap { $0 }.joined(separator: " ")
        let language = options.language
        let transcriber = self.transcriber
        var totals = CaptureTotals()
        var writers: [Int: SpoolWriter] = [:]
        /// Transcriptions started per segment (tentative ones, then the final one unless a tentative stands).
        var generations: [SegmentKey: Int] = [:]
        var announced = false
        /// With `once`: the first note has ended, so later audio is not listened to.
        var ended = false
        /// Audio heard since the last segment or open note, and whether idle memory was released in this quiet spell.
        var quietSamples = 0
        var releasedWhileQuiet = false

        try await withThrowingDiscardingTaskGroup { group in
            func transcribe(_ segment: SpeechSegment, generation: Int) {
                let request = TranscriptionRequest(
                    audio: .data(Self.wav(segment.samples), fileName: "segment.wav", contentType: "audio/wav"),
                    language: language, prompt: prompt.isEmpty ? nil : prompt)
                let (n, index) = (segment.noteIndex, segment.index)
                group.addTask {
                    let result: Result<Transcript, any Error>
                    do {
                        result = .success(TranscriptFilter.clean(try await transcriber.transcribe(request)))
                    } catch {
                        result = .failure(error)
                    }
                    work.yield(.transcribed(note: n, index: index, generation: generation, result: result))
                }
            }

            func handle(_ actions: [SegmenterAction]) throws {
                for action in actions where !ended {
                    switch action {
                    case .level(let level):
                        events(.level(dBFS: level))
                    case .tentative(let segment):
                        quietSamples = 0
                        guard options.streaming else { continue }
                        let key = SegmentKey(note: segment.noteIndex, index: segment.index)
                        let generation = (generations[key] ?? 0) + 1
                        generations[key] = generation
                        transcribe(segment, generation: generation)
                    case .segment(let segment):
                        quietSamples = 0
                        let n = segment.noteIndex
                        if writers[n] == nil {
                            let id = UUID().uuidString.lowercased()
                            writers[n] = try SpoolWriter(url: spool.url(noteID: id))
                            inFlight.opened()
                            work.yield(.opened(note: n, id: id, startSample: segment.firstSample, path: spool.url(noteID: id)))
                        }
                        let hash = try writers[n]?.append(segment.samples) ?? ""
                        let key = SegmentKey(note: n, index: segment.index)
                        var generation = generations.removeValue(forKey: key) ?? 0
                        if options.streaming && !(segment.matchesTentative && generation > 0) {
                            generation += 1
                            transcribe(segment, generation: generation)
                        }
                        work.yield(.segment(note: n, index: segment.index, firstSample: segment.firstSample, endSample: segment.endSample, hash: hash, generation: generation))
                    case .noteClosed(let n, _):
                        guard writers.removeValue(forKey: n) != nil else { continue }
                        work.yield(.closed(note: n))
                        if options.once {
                            ended = true
                            engine.requestStop()
                        }
                    }
                }
            }

            for await event in engine.start() {
                switch event {
                case .chunk(let chunk):
                    if ended { continue }
                    if !announced {
                        announced = true
                        events(.listening(device: engine.deviceName))
                    }
                    try handle(await segmenter.consume(chunk.samples))
                    if writers.isEmpty {
                        quietSamples += chunk.samples.count
                    } else {
                        quietSamples = 0
                    }
                    if quietSamples == 0 {
                        releasedWhileQuiet = false
                    } else if quietSamples >= Self.idleReleaseSamples, !releasedWhileQuiet, inFlight.isEmpty {
                        // A quiet room, every note stored: what startup and the last note left resident goes back.
                        releasedWhileQuiet = true
                        FreedMemory.releaseIdlePages()
                    }
                case .overrun(let total):
                    totals.overruns = total
                    events(.audioLost("The input overran (audio was not read in time; \(total) so far); a moment of audio is missing."))
                case .suspended:
                    events(.audioLost("The system suspended the input device; audio during the suspend is missing."))
                case .dropped(let total):
                    totals.dropped = total
                    events(.audioLost("Processing fell behind and \(total) blocks of audio were skipped; close other busy programs."))
                case .deviceLost(let error):
                    events(.deviceLost(error))
                    // The pause in audio ends the note in progress; it is finished now rather than after the outage.
                    try handle(await segmenter.finish())
                case .reopened:
                    events(.reopened)
                case .failed(let error):
                    totals.openFailure = error
                case .finished:
                    break
                }
            }
            try handle(await segmenter.finish())
        }
        return totals
    }

    /// Notes the capture side has opened and the note side not yet finished. Idle memory is released only when
    /// there are none: a note still being transcribed and stored needs its code and buffers.
    final class NotesInFlight: Sendable {
        private let count = Atomic<Int>(0)
        func opened() { count.add(1, ordering: .relaxed) }
        func finished() { count.subtract(1, ordering: .relaxed) }
        var isEmpty: Bool { count.load(ordering: .relaxed) == 0 }
    }

    /// Audio without speech after which idle memory is released: longer than the longest segment (30 s), so it
    /// never happens while someone talks.
    static let idleReleaseSamples = 60 * AudioChunk.sampleRate

    /// A WAV file's bytes for 16 kHz mono samples.
    static func wav(_ samples: [Int16]) -> [UInt8] {
        var bytes = WAVWriter.header(sampleRate: AudioChunk.sampleRate, channels: 1, bitsPerSample: 16, dataBytes: samples.count * 2)
        bytes.reserveCapacity(44 + samples.count * 2)
        for sample in samples {
            let v = UInt16(bitPattern: sample)
            bytes.append(UInt8(v & 0xFF))
            bytes.append(UInt8(v >> 8))
        }
        return bytes
    }

    // MARK: - Note side

    struct SegmentKey: Hashable {
        var note: Int
        var index: Int
    }

    /// From the capture side to the note assembler, in stream order per note.
    enum WorkItem: Sendable {
        case opened(note: Int, id: String, startSample: Int64, path: URL)
        /// A segment and which of its transcriptions counts (0: none, the baseline transcribes whole notes).
        case segment(note: Int, index: Int, firstSample: Int64, endSample: Int64, hash: String, generation: Int)
        case transcribed(note: Int, index: Int, generation: Int, result: Result<Transcript, any Error>)
        case closed(note: Int)
    }

    /// Extracts and stores `text` as note `id`.
    func store(
        id: String, text: String, segments: [TranscriptSegment], language: String?, hash: String, recordedAt: Date,
        duration: Double, options: ListenOptions, status: NoteStatus = .done, error: String? = nil
    ) async throws -> (NoteRecord, [TaskRecord], [ExtractionDiagnostic]) {
        let context = ExtractionContext(referenceDate: recordedAt, timeZone: options.timeZone, projects: configuration.projects, labels: configuration.labels)
        let extraction = extractor.extract(from: text, context: context)
        let note = NoteRecord(
            id: id, sourceFile: "\(id).wav", contentHash: hash, recordedAt: recordedAt, durationSeconds: duration,
            transcript: text, segments: segments, language: language ?? options.language, status: status, error: error)
        let (stored, tasks) = try await store.saveNote(note, tasks: extraction.tasks)
        nudge?.nudge()
        // The note's buffers are gone now; between notes a listener should sit at its baseline.
        FreedMemory.release()
        return (stored, tasks, extraction.diagnostics)
    }
}
