import ArgumentParser
import DocketAudio
import DocketCore
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// `docket listen`: the microphone → stored tasks.
struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Listen to the microphone and turn what is said into tasks.",
        discussion: """
            Speech is cut into segments at short pauses and each is transcribed while you keep talking; a longer \
            pause (DOCKET_SHORT_NOTE_PAUSE after a word or two, DOCKET_NOTE_PAUSE after dictation) ends the note. \
            Each note is stored as soon as its text is back, and again as it grows. With a Supabase project \
            configured, the background sync runs alongside and pushes each note at once (--no-sync turns it off). \
            By default a note counts only if it starts with a wake phrase ("Docket, buy milk", "Hey docket, …"; \
            DOCKET_WAKE_PHRASES), or comes within 8 s after the phrase said on its own; other speech is dropped \
            with its audio and transcript. --activation wake-word waits for a wake word from a Wyoming server \
            (scripts/wake-word-server.sh; "hey jarvis" by default) and transcribes nothing before it: the mode for a \
            remote Whisper endpoint. --activation push-to-talk takes what is said while a key is held \
            (--ptt-device, --ptt-key; --ptt-toggle: between two presses) or after docket mark, and \
            transcribes nothing else. --activation always takes every note (a dedicated dictation microphone), \
            except one that reads as room talk (docket parse --unaddressed shows how a note is read there). \
            A note that is only "scratch that", "cancel that" or "undo" takes back the tasks of the last note \
            stored within DOCKET_UNDO_WINDOW (60 s), here and, through the sync, in Supabase. \
            Ctrl-C or SIGTERM finishes the note in progress, then exits. Audio of notes being captured is kept in \
            listen-spool/ next to the database until they are stored, so nothing is lost if docket is killed or \
            the recognizer is down: the next docket listen finishes them. \
            Exit status: 0 after a normal stop, 69 when the device is missing, 75 when it is busy, 1 when a note \
            failed, 64 for bad usage (see docket --help for the others).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Capture device (see docket devices); default DOCKET_DEVICE or 'default'.", valueName: "name"))
    var device: String?

    @Option(
        help: ArgumentHelp(
            "ALSA configuration file that defines --device (e.g. a file PCM replaying a recording), and DOCKET_PLAYBACK_DEVICE with --confirm.",
            valueName: "path"))
    var alsaConfig: String?

    @Option(
        help: ArgumentHelp(
            "What makes a note count: wake-phrase (it starts with \"docket\" or \"hey docket\"), wake-word (a Wyoming wake-word server hears \"hey jarvis\" in it; DOCKET_WAKE_WORD_URL, DOCKET_WAKE_WORDS), push-to-talk (said while a key is held, or after docket mark) or always; default DOCKET_ACTIVATION or wake-phrase.",
            valueName: "mode"))
    var activation: String?

    @OptionGroup(title: "Push-to-talk") var pushToTalk: PushToTalkOptions

    @Flag(help: "With --activation always, keep notes that hold no task (by default they are dropped with their audio).")
    var keepNotes = false

    @Option(
        help: ArgumentHelp(
            "none, chime (a chime when addressed and when tasks are stored) or speak (the tasks read back by espeak-ng); played on DOCKET_PLAYBACK_DEVICE; default DOCKET_CONFIRM or none.",
            valueName: "what"))
    var confirm: String?

    @Flag(help: "Stop after the first note.")
    var once = false

    @Flag(help: "Keep each note's audio as a WAV file named after the note (in DOCKET_AUDIO_DIR, default audio/ next to the database).")
    var saveAudio = false

    @Flag(
        help:
            "Print one JSON line per finished note on stdout: {\"id\",\"index\",\"recorded_at\",\"duration_s\",\"transcript\",\"audio\",\"tasks\":[…]}; a spoken undo prints {\"undo\":{\"note_id\",\"tasks\":[…]}} (null: nothing to take back)."
    )
    var json = false

    @Option(help: ArgumentHelp("Stop after this many seconds of audio.", valueName: "seconds"))
    var duration: Double?

    @Flag(
        help:
            "Never skip audio when processing falls behind; wait for it instead. For replaying a recording through an ALSA file PCM (on a live microphone the device then overruns)."
    )
    var lossless = false

    @OptionGroup var backgroundSync: BackgroundSyncOptions

    @OptionGroup var speech: SpeechOptions

    func validate() throws {
        if let duration, !(duration > 0) { throw ValidationError("--duration must be a positive number of seconds.") }
    }

    func run() async throws {
        let config = try global.resolve(
            extra: ["DOCKET_DEVICE": device, "DOCKET_ACTIVATION": activation, "DOCKET_CONFIRM": confirm]
                .merging(speech.settings) { $1 }.merging(pushToTalk.settings) { $1 })
        let logger = global.makeLogger(level: config.logLevel)
        if config.activation == .pushToTalk, let device = config.pushToTalkDevice {
            // A device that can't be read is a setup mistake: say so now rather than retry it forever.
            try KeyTalkSource(path: device, key: config.pushToTalkKey, mode: config.pushToTalkMode).checkReadable()
        } else if pushToTalk.device != nil {
            throw ValidationError("--ptt-device needs --activation push-to-talk.")
        }
        if !json, !config.whisperIsOnThisMachine, config.activation != .wakeWord, config.activation != .pushToTalk {
            printError(
                "warning: the Whisper endpoint (\(config.whisperURL.host ?? config.whisperURL.absoluteString)) is not on this machine, and with --activation \(config.activation.rawValue) "
                    + "everything said in the room is sent there to be transcribed; --activation wake-word transcribes only what follows the wake word.")
        }
        let (zone, now) = try speech.reference.resolve(fallback: config.timeZone)
        let summary = try await DocketServices.with(configuration: config, logger: logger) { services in
            try await listen(services: services, zone: zone, now: now)
        }
        if let summary, !json {
            var line = "Stopped: \(summary.notes) note\(summary.notes == 1 ? "" : "s"), \(summary.tasks) task\(summary.tasks == 1 ? "" : "s") stored."
            if summary.tasklessNotes > 0 {
                line += " \(summary.tasklessNotes) with no task were not kept (--keep-notes keeps them)."
            }
            if summary.ignoredNotes > 0 {
                line += " \(summary.ignoredNotes) not addressed to docket (no wake phrase) were dropped."
            }
            if summary.undoCommands > 0 { line += " \(summary.undoCommands) undo command\(summary.undoCommands == 1 ? "" : "s") heard." }
            if summary.failedNotes > 0 { line += " \(summary.failedNotes) could not be transcribed and will be retried by the next docket listen." }
            printError(line)
        }
        if let summary, summary.failedNotes > 0 { throw ExitCode.failure }
    }

    /// Builds the listen services over the configured device and runs them until the capture ends or a signal
    /// stops them. - Returns: the summary, once the run ended normally.
    private func listen(services: DocketServices, zone: TimeZone, now: Date?) async throws -> ListenSummary? {
        let config = services.configuration
        let store = try services.openStore()

        let name = config.captureDevice
        let pcm: ALSACaptureDevice
        var alsaText: String?
        if let alsaConfig {
            guard let text = try? String(contentsOfFile: alsaConfig, encoding: .utf8) else {
                throw ValidationError("Can't read the ALSA configuration \(alsaConfig); check the path and its permissions.")
            }
            alsaText = text
            pcm = ALSACaptureDevice(name: name, configuration: text)
        } else {
            pcm = ALSACaptureDevice(name: name)
        }
        var captureConfiguration = CaptureEngine.Configuration()
        captureConfiguration.maxFrames = duration.map { Int64($0 * Double(AudioChunk.sampleRate)) }
        captureConfiguration.waitsForConsumer = lossless
        let engine = CaptureEngine(device: pcm, configuration: captureConfiguration)

        let sync = backgroundSync.engine(services: services, store: store)
        let options = services.listenOptions(startDate: now, timeZone: zone, saveAudio: saveAudio, once: once, keepNotes: keepNotes)
        let cue =
            switch config.activation {
            case .wakePhrase: "Start each note with \"\(options.wakePhrase?.phrases.first ?? "docket")\"; pause to end it."
            case .wakeWord:
                "Say \"\(config.wakeWords.first.map(WyomingWakeWordDetector.spokenName) ?? "the wake word")\" before each note; pause to end it."
            case .pushToTalk where config.pushToTalkDevice == nil: "Run docket mark before each note (or --start/--stop around it)."
            case .pushToTalk:
                config.pushToTalkMode == .hold
                    ? "Hold the push-to-talk key while you speak (or run docket mark)."
                    : "Press the push-to-talk key, speak, press it again (or run docket mark)."
            case .always: "Speak; pause to end a note."
            }
        let display = ListenDisplay(json: json, terminal: isTerminal(2) && !json, cue: cue)
        let outcome = Mutex<ListenSummary?>(nil)
        let list = services.listenServices(
            store: store, engine: engine, options: options, sync: sync,
            events: { event in
                if case .listening(let device) = event { services.notifyReady(status: "listening on \(device)") }
                display.show(event)
            },
            onFinish: { summary in outcome.withLock { $0 = summary } }, onSyncReport: { display.syncReport($0) },
            playbackConfiguration: alsaText)
        do {
            try await services.run(list)
        } catch {
            display.clearMeter()
            printError("error: \(error)")
            throw ExitCode(ExitStatus.of(error))
        }
        display.clearMeter()
        return outcome.withLock { $0 }
    }
}

/// What `docket listen` shows: a level meter and segment text on a terminal (stderr), each note's tasks
/// (stdout), or one JSON line per note.
final class ListenDisplay: Sendable {
    private let json: Bool
    private let terminal: Bool
    private let state = Mutex<State>(State())

    private struct State {
        var meterShown = false
        var device = ""
        /// The last warning shown per source that retries (sync, wake word, push-to-talk), so a failure that
        /// repeats is shown once.
        var lastWarnings: [String: String] = [:]
    }

    /// How to address docket, shown when listening starts.
    private let cue: String

    init(json: Bool, terminal: Bool, cue: String) {
        self.json = json
        self.terminal = terminal
        self.cue = cue
    }

    func show(_ event: ListenEvent) {
        switch event {
        case .listening(let device):
            state.withLock { $0.device = device }
            if terminal { line(stderr: "Listening on \(device). \(cue) Ctrl-C stops.") }
        case .level(let level):
            guard terminal else { return }
            let device = state.withLock { state in
                state.meterShown = true
                return state.device
            }
            let filled = max(0, min(30, Int(((Double(level) + 60) / 60 * 30).rounded())))
            let meter = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
            FileHandle.standardError.write(Data("\r\(device) [\(meter)] \(String(format: "%4.0f", max(level, -99))) dB\u{1B}[K".utf8))
        case .segment(_, _, let text):
            if terminal, !text.isEmpty { line(stderr: "  … \(text)") }
        case .stored:
            break
        case .noteFinished(let note):
            if json {
                if let data = try? makeJSONEncoder().encode(ListenNoteJSON(note)) {
                    line(stdout: String(decoding: data, as: UTF8.self))
                }
            } else {
                let seconds = String(format: "%.1f s", note.note.durationSeconds)
                var text =
                    "Note \(note.index + 1) (\(seconds))\(note.kept ? "" : " [no task; not kept]"): \"\(note.note.transcript)\"\n"
                    + TaskTable.render(note.tasks.map(\.extracted), diagnostics: note.diagnostics)
                if let audio = note.audioPath { text += "\n  audio: \(audio)" }
                line(stdout: text)
            }
        case .noteDiscarded:
            break
        case .wakeWordHeard(let name):
            if terminal { line(stderr: "  (heard \(name))") }
        case .talking(let on):
            if terminal { line(stderr: on ? "  (talking)" : "  (done)") }
        case .feedbackFailed(let error):
            warnOnce("feedback", "warning: a confirmation could not be played: \(error)")
        case .talkUnavailable(let error):
            warnOnce("talk", "warning: push-to-talk is not working: \(error) Retrying.")
        case .wakeWordUnavailable(let error):
            warnOnce(
                "wake word",
                "warning: the wake-word server is not answering, so nothing is heard until it is: \(error) Start it (scripts/wake-word-server.sh start) or fix DOCKET_WAKE_WORD_URL; retrying."
            )
        case .undone(_, .success(let undone)):
            if json {
                let taken = undone.map { ListenUndoJSON.Taken(note_id: $0.note.id, tasks: $0.tasks.map(TaskJSON.init)) }
                if let data = try? makeJSONEncoder().encode(ListenUndoJSON(undo: taken)) { line(stdout: String(decoding: data, as: UTF8.self)) }
            } else if let undone {
                line(stdout: "Took back the note \"\(undone.note.transcript)\": \(undone.tasks.map(\.title).joined(separator: ", ")).")
            } else {
                line(stdout: "Nothing to take back: no note with tasks was stored within the undo window (DOCKET_UNDO_WINDOW).")
            }
        case .undone(_, .failure(let error)):
            line(stderr: "error: could not take back the last note: \(error) Try docket undo.")
        case .noteFailed(let n, let error, let path):
            line(
                stderr: "error: note \(n + 1) could not be transcribed: \(error)\n  Its audio is kept at \(path); the next docket listen transcribes it again.")
        case .audioLost(let message):
            line(stderr: "warning: \(message)")
        case .deviceLost(let error):
            line(stderr: "warning: \(error.message) Retrying until it is back (Ctrl-C stops).")
        case .reopened:
            line(stderr: "The input device is back; listening again.")
        case .recovered(let outcome) where outcome.status == .notAddressed:
            break
        case .recovered(let outcome):
            let text =
                "Finished a note left from an earlier run: \"\(outcome.note.transcript)\"\n"
                + TaskTable.render(outcome.tasks.map(\.extracted), diagnostics: outcome.diagnostics)
            if json {
                line(stderr: text)
            } else {
                line(stdout: text)
            }
        case .recoveryFailed(_, let error as ListenError) where error.code == .interrupted:
            line(stderr: "warning: \(error)")
        case .recoveryFailed(let path, let error):
            line(stderr: "warning: a note left from an earlier run (\(path)) still can't be transcribed: \(error). It is kept for the next run.")
        }
    }

    func syncReport(_ result: Result<SyncReport, any Error>) {
        switch result {
        case .success(let report):
            state.withLock { $0.lastWarnings["sync"] = nil }
            if terminal, report.notesPushed + report.tasksPushed > 0 {
                line(stderr: "  synced \(report.notesPushed) notes, \(report.tasksPushed) tasks")
            }
        case .failure(let error):
            warnOnce("sync", "warning: sync failed (tasks are kept and pushed later): \(error)")
        }
    }

    /// Shows `warning` unless it is the one last shown for `source`.
    private func warnOnce(_ source: String, _ warning: String) {
        let isNew = state.withLock { state in
            defer { state.lastWarnings[source] = warning }
            return state.lastWarnings[source] != warning
        }
        if isNew { line(stderr: warning) }
    }

    func clearMeter() {
        let shown = state.withLock { state in
            defer { state.meterShown = false }
            return state.meterShown
        }
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func line(stderr text: String) {
        clearMeter()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    private func line(stdout text: String) {
        clearMeter()
        // Listening goes on when standard output goes away: the notes are stored all the same.
        try? writeLine(text)
    }
}

/// A spoken undo as a JSON line (`{"undo": null}` when there was nothing to take back).
struct ListenUndoJSON: Encodable {
    struct Taken: Encodable {
        var note_id: String
        var tasks: [TaskJSON]
    }
    var undo: Taken?

    func encode(to encoder: any Encoder) throws {
        enum Key: CodingKey { case undo }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(undo, forKey: .undo)
    }
}

/// One finished note as a JSON line.
struct ListenNoteJSON: Encodable {
    var id: String
    var index: Int
    var recorded_at: Date
    var duration_s: Double
    var transcript: String
    var audio: String?
    var tasks: [TaskJSON]
    var diagnostics: [ExtractionDiagnostic]?
    /// false for a note with no task that was not stored (present only then).
    var kept: Bool?

    init(_ note: ListenedNote) {
        id = note.note.id
        index = note.index
        recorded_at = note.note.recordedAt
        duration_s = (note.note.durationSeconds * 100).rounded() / 100
        transcript = note.note.transcript
        audio = note.audioPath
        tasks = note.tasks.map(TaskJSON.init)
        diagnostics = note.diagnostics.isEmpty ? nil : note.diagnostics
        kept = note.kept ? nil : false
    }
}
