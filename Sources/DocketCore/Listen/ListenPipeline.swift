public import DocketAudio
public import Foundation
public import Logging
import ServiceLifecycle
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
    /// The phrase that addresses docket: stripped from the start of a note, and with ``requiresWakePhrase``
    /// the only way a note counts.
    public var wakePhrase: WakePhrase?
    /// Whether only notes that start with ``wakePhrase`` count (``Activation/wakePhrase``).
    public var requiresWakePhrase: Bool
    /// With a detector, only notes it hears a wake word in count, and nothing is transcribed before
    /// (``Activation/wakeWord``).
    public var wakeWord: (any WakeWordDetector)?
    /// With sources, only notes said while one of them says the person is talking count, and nothing is
    /// transcribed before (``Activation/pushToTalk``): a key, the control socket of `docket mark`.
    public var talkSources: [any TalkSource] = []
    /// While it is muted (docket's own confirmation is playing), captured audio is heard as silence.
    public var echoGuard: EchoGuard?
    /// Whether a note with no task is stored (its transcript kept); otherwise it is dropped with its audio.
    public var keepTasklessNotes = true
    /// Whether notes are heard without being addressed (`always` activation): then one whose words read as room talk
    /// has no task (``DocketExtraction/RoomTalk``).
    public var screensRoomTalk = false
    /// A note that is only "scratch that" (``DocketExtraction/SpokenCommand/undo``) takes back the tasks of the last
    /// note stored this long ago at most; nil: such a note is read like any other.
    public var undoWindow: Duration?
    /// With the undo command's words in ``prompt``: a transcript that is only those words is heard again
    /// without them (see ``CommandCheck``).
    public var commandCheck: CommandCheck?
    /// In wake-phrase mode: a transcript that opens with the phrase is heard again by a second model, and counts as
    /// addressed only if that hears the phrase too (see ``WakeCheck``).
    public var wakeCheck: WakeCheck?
    /// With a wake-word detector: how long, at most, the capture's end waits for detections of audio already sent
    /// while a note is held unaddressed (a busy detector answers late); cancellation ends the wait at once.
    public var wakeWordDrain: Duration = .seconds(3)

    /// Creates options.
    public init(
        timeZone: TimeZone = .current, language: String? = nil, prompt: String? = nil, startDate: Date? = nil,
        policy: SegmentationPolicy = SegmentationPolicy(), spoolDirectory: URL, saveAudioDirectory: URL? = nil,
        once: Bool = false, wakePhrase: WakePhrase? = nil, requiresWakePhrase: Bool = false
    ) {
        self.timeZone = timeZone
        self.language = language
        self.prompt = prompt
        self.startDate = startDate
        self.policy = policy
        self.spoolDirectory = spoolDirectory
        self.saveAudioDirectory = saveAudioDirectory
        self.once = once
        self.wakePhrase = wakePhrase
        self.requiresWakePhrase = requiresWakePhrase && wakePhrase != nil
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
    /// Whether the note was stored: false for a note with no task when such notes are not kept.
    public var kept = true
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
    /// A note was the undo command ("scratch that"): the note it took back (nil: none within the undo window),
    /// or why it could not.
    case undone(note: Int, Result<UndoneNote?, any Error>)
    /// The wake-word detector heard its word (`name`, the model): the note being said counts.
    case wakeWordHeard(name: String)
    /// The wake-word detector can't be reached or failed; it is retried with backoff, and until then nothing is
    /// heard.
    case wakeWordUnavailable(any Error)
    /// Push-to-talk started (true) or stopped.
    case talking(Bool)
    /// A push-to-talk source (the key's input device, the control socket) can't be used; it is retried with
    /// backoff.
    case talkUnavailable(any Error)
    /// A confirmation (`--confirm`) could not be played.
    case feedbackFailed(any Error)
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
    /// Notes discarded because they were not addressed to docket (no wake phrase).
    public var ignoredNotes = 0
    /// Notes with no task that were not kept (``ListenOptions/keepTasklessNotes``).
    public var tasklessNotes = 0
    /// Notes that were the undo command ("scratch that").
    public var undoCommands = 0
}

/// Live dictation to stored tasks: capture → ``ListenMachine`` (segmenter) → a transcription per segment, started
/// the moment the segment ends, while the person keeps talking → the ``NoteStage``, with the note stored again as
/// it grows so its tasks appear about a second after the speech ends.
///
/// Each note's audio is written to the spool directory, synced after every segment, before its text is
/// stored; the file is removed (or moved to ``ListenOptions/saveAudioDirectory``) only once the whole note is
/// stored. A crash, kill or failed transcription therefore loses no audio: ``recoverSpool(options:events:)``
/// finishes what is left, under the same note id, so nothing is stored twice.
public struct ListenPipeline: Sendable {
    let stage: NoteStage
    let logger: Logger

    /// Creates a pipeline that finishes its notes in `stage` (which must have a store).
    public init(stage: NoteStage, logger: Logger) {
        self.stage = stage
        self.logger = logger
    }

    /// Starts of finishing a leftover note that may end in a crash, kill or power cut before the note is set aside:
    /// one such stop is bad luck, two on the same note are the note.
    static let unfinishedStartsAllowed = 2

    /// Finishes every note an earlier run left in the spool (killed mid-note, or the recognizer was down).
    /// Files that fail again stay for the next run; one whose finishing stopped the process twice is set aside in
    /// the spool's `failed/`.
    /// - Returns: how many notes were finished.
    @discardableResult
    public func recoverSpool(options: ListenOptions, events: @escaping @Sendable (ListenEvent) -> Void) async throws -> Int {
        let spool = try NoteSpool(directory: options.spoolDirectory)
        let lock = try spool.lock()
        defer { lock.release() }
        return await recover(spool, options: options, events: events)
    }

    private func recover(_ spool: NoteSpool, options: ListenOptions, events: @escaping @Sendable (ListenEvent) -> Void) async -> Int {
        let ingest = IngestPipeline(stage: stage, logger: logger)
        var finished = 0
        spool.forgetStartsOfAStop()
        // A stop asked for while notes are finished leaves the rest for the next start.
        for (id, url) in spool.leftovers() where !Task.isShuttingDownGracefully {
            // A note whose finishing stops the process (a bug only it meets) would stop every start after it.
            let starts = spool.beginFinishing(id)
            if let starts, starts > Self.unfinishedStartsAllowed {
                guard let kept = spool.setAside(url) else {
                    // Left where it is, with its count: the next start tries to set it aside again.
                    events(
                        .recoveryFailed(
                            path: url.path,
                            error: ListenError(
                                .interrupted,
                                "docket listen stopped \(starts - 1) times while finishing the note left in \(url.path), and it can't be moved to failed/ next to it; it is passed over this time. Free some disk space or fix the directory's permissions."
                            )))
                    continue
                }
                spool.endFinishing(id)
                events(
                    .recoveryFailed(
                        path: url.path,
                        error: ListenError(
                            .interrupted,
                            "docket listen stopped \(starts - 1) times while finishing the note left in \(url.path), so its audio was set aside in \(kept.path) to let listening start; tasks stored from it before stay. Report it with the audio, please."
                        )))
                continue
            }
            defer { spool.endFinishing(id) }
            let recordedAt = (try? FileManager.default.attributesOfItem(atPath: url.path)[.creationDate] as? Date) ?? nil
            var ingestOptions = IngestOptions(
                referenceDate: recordedAt ?? Date(), timeZone: options.timeZone, language: options.language,
                prompt: options.prompt, force: true, noteID: id, wakePhrase: options.requiresWakePhrase ? options.wakePhrase : nil)
            ingestOptions.commandCheck = options.commandCheck
            ingestOptions.wakeCheck = options.wakeCheck
            ingestOptions.screensRoomTalk = options.screensRoomTalk
            do {
                let outcome = try await ingest.ingest(path: url.path, options: ingestOptions)
                _ = spool.finish(url, keepIn: options.saveAudioDirectory)
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
        let assembler = NoteAssembler(stage: stage, spool: spool, options: options, startDate: startDate, engine: engine, events: events)
        async let assembled = assembler.run(work)
        let capture: Result<CaptureTotals, any Error>
        let heard = Heard()
        do {
            capture = .success(
                try await Self.withTalkSources(options.talkSources, heard: heard, events: events) {
                    try await captureLoop(engine: engine, options: options, spool: spool, heard: heard, work: workInput, events: events)
                })
        } catch {
            capture = .failure(error)
        }
        workInput.finish()
        var summary = await assembled
        let totals = try capture.get()
        if let failure = totals.openFailure { throw failure }
        summary.overruns = totals.overruns
        summary.droppedEvents = totals.dropped
        summary.ignoredNotes += totals.ignoredNotes
        return summary
    }

    // MARK: - Capture side

    private struct CaptureTotals {
        var overruns = 0
        var dropped = 0
        var openFailure: CaptureError?
        /// Notes the activation gate dropped.
        var ignoredNotes = 0
    }

    /// Detections from the wake-word detector's task and signals from the push-to-talk sources, picked up by the
    /// capture loop at its next chunk.
    private final class Heard: Sendable {
        let detections = Inbox<WakeWordDetection>()
        let talk = Inbox<TalkSignal>()
        /// Set while the wake-word detector is failing (between a failure and the next attempt's start).
        let detectorDown = Atomic<Bool>(false)
    }

    /// Values posted from another task, taken in order by the capture loop.
    private final class Inbox<Value: Sendable>: Sendable {
        private let values = Mutex<[Value]>([])

        func post(_ value: Value) { values.withLock { $0.append(value) } }

        /// What was posted since the last call.
        func take() -> [Value] {
            values.withLock { values in
                defer { values = [] }
                return values
            }
        }
    }

    /// Runs `body` (the capture) with every push-to-talk source listening alongside; they stop when it returns.
    private static func withTalkSources<Value: Sendable>(
        _ sources: [any TalkSource], heard: Heard, events: @escaping @Sendable (ListenEvent) -> Void, body: () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup { group in
            for source in sources {
                group.addTask { await runTalkSource(source, heard: heard, events: events) }
            }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// Runs a push-to-talk source until cancelled, restarting it with backoff when it fails.
    private static func runTalkSource(_ source: any TalkSource, heard: Heard, events: @escaping @Sendable (ListenEvent) -> Void) async {
        let backoff = Backoff(initial: .milliseconds(500), maximum: .seconds(10))
        var failures = 0
        while !Task.isCancelled {
            do {
                try await source.run(heard.talk.post)
                return
            } catch {
                if Task.isCancelled { return }
                events(.talkUnavailable(error))
                failures += 1
                do { try await Task.sleep(for: backoff.delay(afterAttempt: failures)) } catch { return }
            }
        }
    }

    /// Runs the wake-word detector over `audio` until it ends, reconnecting with backoff when it fails; audio
    /// that arrives while it is down goes unheard.
    private static func runDetector(
        _ detector: any WakeWordDetector, audio: AsyncStream<AudioChunk>, heard: Heard,
        events: @escaping @Sendable (ListenEvent) -> Void
    ) async {
        let backoff = Backoff(initial: .milliseconds(500), maximum: .seconds(10))
        var failures = 0
        while true {
            do {
                heard.detectorDown.store(false, ordering: .relaxed)
                try await detector.listen(to: audio, detected: heard.detections.post)
                return
            } catch {
                heard.detectorDown.store(true, ordering: .relaxed)
                events(.wakeWordUnavailable(error))
                failures += 1
                let until = ContinuousClock.now + backoff.delay(afterAttempt: failures)
                var ended = true
                for await _ in audio where ContinuousClock.now >= until {
                    ended = false
                    break
                }
                if ended { return }
            }
        }
    }

    /// Reads the capture into the ``ListenMachine`` and carries out its actions: spools each note's audio and
    /// starts a transcription per segment. Returns once the capture has ended and every transcription it started
    /// has reported.
    private func captureLoop(
        engine: CaptureEngine, options: ListenOptions, spool: NoteSpool, heard: Heard, work: AsyncStream<WorkItem>.Continuation,
        events: @escaping @Sendable (ListenEvent) -> Void
    ) async throws -> CaptureTotals {
        var gate = options.wakeWord != nil || !options.talkSources.isEmpty ? ActivationGate() : nil
        // With activation, `once` means the first note addressed: the loop stops the capture when the gate lets
        // a note's end through (the machine's own `once` would stop at the first note heard, room talk too).
        var machine = ListenMachine(policy: options.policy, once: options.once && gate == nil)
        var totals = CaptureTotals()
        var writers: [Int: SpoolWriter] = [:]
        let stage = self.stage
        var talking = false
        // With activation and `once`: the first addressed note has ended, and the capture is stopping.
        var onceDone = false
        let (detectorAudio, detectorInput) = AsyncStream.makeStream(of: AudioChunk.self, bufferingPolicy: .bufferingNewest(100))
        var fed: Int64 = 0
        // Lost audio is said at most every 5 s, with the running count: a machine that can't keep up would
        // otherwise write a line per block.
        var lossReports = RateLimit(interval: .seconds(5))

        try await withThrowingDiscardingTaskGroup { group in
            if let detector = options.wakeWord {
                group.addTask { await Self.runDetector(detector, audio: detectorAudio, heard: heard, events: events) }
            }
            /// Carries out the machine's `actions`, through the activation gate when there is one.
            func perform(_ actions: [ListenMachine.Action]) throws {
                try carryOut(gate == nil ? actions : actions.flatMap { gate!.pass($0) })
            }

            /// Carries out `actions` that have passed the gate (or that the gate released).
            func carryOut(_ actions: [ListenMachine.Action]) throws {
                for action in actions {
                    switch action {
                    case .announceListening:
                        events(.listening(device: engine.deviceName))
                    case .level(let level):
                        events(.level(dBFS: level))
                    case .transcribe(let segment, let generation):
                        let audio = TranscriptionAudio.data(
                            WAVWriter.bytes(segment.samples, sampleRate: AudioChunk.sampleRate), fileName: "segment.wav", contentType: "audio/wav")
                        let (note, index) = (segment.noteIndex, segment.index)
                        group.addTask {
                            let result: Result<Transcript, any Error>
                            do {
                                result = .success(
                                    try await stage.transcribe(
                                        audio, language: options.language, prompt: options.prompt, check: options.commandCheck,
                                        wakeCheck: options.wakeCheck))
                            } catch {
                                result = .failure(error)
                            }
                            work.yield(.transcribed(note: note, index: index, generation: generation, result: result))
                        }
                    case .noteHeard:
                        break
                    case .openNote(let note, let startSample):
                        let id = UUID().uuidString.lowercased()
                        let url = spool.url(noteID: id)
                        writers[note] = try SpoolWriter(url: url)
                        work.yield(.opened(note: note, id: id, startSample: startSample, path: url))
                    case .spool(let segment, let generation):
                        let hash = try writers[segment.noteIndex]?.append(segment.samples) ?? ""
                        work.yield(
                            .segment(
                                note: segment.noteIndex, index: segment.index, firstSample: segment.firstSample, endSample: segment.endSample,
                                hash: hash, generation: generation))
                    case .closeNote(let note):
                        writers[note] = nil
                        work.yield(.closed(note: note))
                        if options.once && gate != nil {
                            onceDone = true
                            engine.requestStop()
                        }
                    case .stopCapture:
                        engine.requestStop()
                    }
                }
                announceTalking()
            }

            /// Passes the detections that came since the last call to the gate.
            func takeDetections() throws {
                for detection in heard.detections.take() {
                    events(.wakeWordHeard(name: detection.name))
                    // Stamped with audio sent, so never later than this; a stamp that is not (none, or out of
                    // range) is taken as now.
                    try carryOut(gate!.detected(atSample: detection.sample > 0 && detection.sample <= fed ? detection.sample : fed))
                }
            }

            /// Reports push-to-talk starting or stopping (`docket mark`'s talking also stops when its note ends).
            func announceTalking() {
                if let isTalking = gate?.isTalking, isTalking != talking {
                    talking = isTalking
                    events(.talking(isTalking))
                }
            }

            /// Carries out a push-to-talk signal at the current stream position: the note in progress ends when
            /// talking stops, and when it began too long before talking started.
            func talk(_ signal: TalkSignal) throws {
                let untilNoteEnds: Bool
                switch signal {
                case .start(let until) where !gate!.isTalking: untilNoteEnds = until
                case .toggle where !gate!.isTalking: untilNoteEnds = false
                case .stop where gate!.isTalking, .toggle where gate!.isTalking:
                    try perform(machine.endNote())
                    gate!.stopTalking()
                    return announceTalking()
                case .start, .stop, .toggle:
                    return
                }
                if gate!.mustEndNote(beforeTalkingAt: fed) { try perform(machine.endNote()) }
                try carryOut(gate!.startTalking(atSample: fed, untilNoteEnds: untilNoteEnds))
            }

            for await event in engine.start() {
                switch event {
                case .chunk(var chunk):
                    if options.echoGuard?.isMuted == true { chunk.samples = [Int16](repeating: 0, count: chunk.samples.count) }
                    if gate != nil {
                        for signal in heard.talk.take() { try talk(signal) }
                    }
                    if options.wakeWord != nil {
                        detectorInput.yield(AudioChunk(samples: chunk.samples, firstFrame: fed))
                        try takeDetections()
                    }
                    fed += Int64(chunk.samples.count)
                    if gate != nil { try carryOut(gate!.expire(atSample: fed, unheardSpeechSince: machine.unconfirmedSpeechStart)) }
                    try perform(machine.audio(chunk.samples))
                case .overrun(let total):
                    totals.overruns = total
                    if lossReports.due() {
                        events(.audioLost("The input overran (audio was not read in time; \(total) so far); a moment of audio is missing."))
                    }
                case .suspended:
                    events(.audioLost("The system suspended the input device; audio during the suspend is missing."))
                case .dropped(let total):
                    totals.dropped = total
                    if lossReports.due() {
                        events(.audioLost("Processing fell behind and \(total) blocks of audio were skipped; close other busy programs."))
                    }
                case .deviceLost(let error):
                    events(.deviceLost(error))
                    try perform(machine.deviceLost())
                case .reopened:
                    events(.reopened)
                case .failed(let error):
                    totals.openFailure = error
                case .finished:
                    break
                }
            }
            let lostSpeech = machine.unconfirmedSpeechStart
            try perform(machine.captureEnded())
            if options.wakeWord != nil {
                // The detector may still be working through audio it was sent (it answers late when busy): while
                // a note waits for it, keep its connection open and take what it hears, for a while at most. Not
                // when the detector is down, nor once `--once` has its note.
                try carryOut(gate!.streamEnded(lostSpeechSince: lostSpeech))
                let deadline = ContinuousClock.now + options.wakeWordDrain
                while !onceDone, !heard.detectorDown.load(ordering: .relaxed), gate!.awaitsDetection, ContinuousClock.now < deadline {
                    do { try await Task.sleep(for: .milliseconds(50)) } catch { break }
                    try takeDetections()
                    try carryOut(gate!.streamEnded(lostSpeechSince: lostSpeech))
                }
            }
            detectorInput.finish()
            if gate != nil { try carryOut(gate!.expire(atSample: nil)) }
        }
        totals.ignoredNotes = gate?.ignoredNotes ?? 0
        return totals
    }

    // MARK: - Note side

    /// From the capture side to the note assembler, in stream order per note.
    enum WorkItem: Sendable {
        case opened(note: Int, id: String, startSample: Int64, path: URL)
        /// A segment and which of its transcriptions counts.
        case segment(note: Int, index: Int, firstSample: Int64, endSample: Int64, hash: String, generation: Int)
        case transcribed(note: Int, index: Int, generation: Int, result: Result<Transcript, any Error>)
        case closed(note: Int)
    }
}

/// Lets something through at most once per `interval` (the first time at once).
struct RateLimit {
    /// The shortest time between two.
    let interval: Duration
    private var last: ContinuousClock.Instant?

    init(interval: Duration) {
        self.interval = interval
    }

    /// Whether it is due now; if so, the next is due `interval` from now.
    mutating func due(now: ContinuousClock.Instant = .now) -> Bool {
        if let last, now - last < interval { return false }
        last = now
        return true
    }
}
