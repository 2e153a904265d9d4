public import DocketAudio
public import Foundation
public import ServiceLifecycle
import Synchronization

/// What `docket listen` plays back (`--confirm`, `DOCKET_CONFIRM`).
public enum Confirmation: String, Sendable, CaseIterable {
    /// Nothing.
    case none
    /// A rising chime when docket is addressed (the wake word is heard, push-to-talk starts) and a falling one when
    /// a note's tasks are stored.
    case chime
    /// The chime when addressed; the stored tasks read back ("Added: call the dentist, Thursday at 3 PM").
    case speak
}

/// Keeps the capture from hearing docket's own voice: while a confirmation that follows a note plays (and for a
/// short tail after it), captured audio is replaced by silence, so a read-back is never heard as a new note.
public final class EchoGuard: Sendable {
    private let until = Mutex<ContinuousClock.Instant?>(nil)
    /// How long after a sound ends the room may still echo it.
    public let tail: Duration

    /// Creates a guard.
    public init(tail: Duration = .milliseconds(300)) {
        self.tail = tail
    }

    /// Whether captured audio is to be ignored now.
    public var isMuted: Bool {
        until.withLock { until in until.map { ContinuousClock.now < $0 } ?? false }
    }

    /// A sound of `duration` starts playing now.
    public func playing(for duration: Duration) {
        let end = ContinuousClock.now + duration + tail
        until.withLock { $0 = max($0 ?? end, end) }
    }
}

/// Plays `docket listen`'s confirmations (``Confirmation``) through ALSA, one after another, on a thread of its own;
/// the listen loop hands it events through ``hear(_:)``, which never blocks.
public struct FeedbackService: Service {
    /// Something to play.
    enum Cue: Sendable, Equatable {
        /// Docket was addressed.
        case heard
        /// Tasks were stored (read back with ``Confirmation/speak``).
        case stored([String])
        /// A spoken undo took tasks back.
        case undone([String])
    }

    let mode: Confirmation
    let playback: ALSAPlayback
    let guardian: EchoGuard
    let timeZone: TimeZone
    /// The Wyoming speech server that reads tasks back; nil: espeak-ng.
    let speaker: WyomingSynthesizer?
    private let cues: AsyncStream<Cue>
    private let input: AsyncStream<Cue>.Continuation
    /// Called when a sound could not be played.
    let onFailure: @Sendable (any Error) -> Void

    /// Creates the service.
    /// - Parameters:
    ///   - mode: What to play (``Confirmation/none`` plays nothing).
    ///   - playback: Where.
    ///   - guardian: Muted while a confirmation that follows a note plays; give the same one to ``ListenOptions``.
    ///   - timeZone: For reading due times back.
    ///   - speaker: The Wyoming speech server that reads tasks back (`DOCKET_TTS_URL`); nil: espeak-ng.
    public init(
        mode: Confirmation, playback: ALSAPlayback, guardian: EchoGuard, timeZone: TimeZone, speaker: WyomingSynthesizer? = nil,
        onFailure: @escaping @Sendable (any Error) -> Void
    ) {
        self.mode = mode
        self.playback = playback
        self.guardian = guardian
        self.timeZone = timeZone
        self.speaker = speaker
        self.onFailure = onFailure
        (cues, input) = AsyncStream.makeStream(of: Cue.self, bufferingPolicy: .bufferingNewest(8))
    }

    /// Takes note of a listen event; the sounds it calls for are played in order.
    public func hear(_ event: ListenEvent) {
        guard mode != .none else { return }
        switch event {
        case .wakeWordHeard, .talking(true): input.yield(.heard)
        case .noteFinished(let note) where note.kept && !note.tasks.isEmpty: input.yield(.stored(note.tasks.map { Self.readBack($0, zone: timeZone) }))
        case .undone(_, .success(let undone?)): input.yield(.undone(undone.tasks.map(\.title)))
        default: break
        }
    }

    /// Plays cues until graceful shutdown; what was queued before it (the last note's read-back) still plays.
    public func run() async throws {
        let input = self.input
        await withGracefulShutdownHandler {
            for await cue in cues {
                do {
                    try await play(cue)
                } catch {
                    onFailure(error)
                }
            }
        } onGracefulShutdown: {
            input.finish()
        }
    }

    /// Renders and plays one cue: speech from the speech server first, when one is set; then the rest on a thread
    /// of its own (espeak-ng and ALSA block).
    func play(_ cue: Cue) async throws {
        let (mode, playback, guardian) = (mode, playback, guardian)
        var spoken: (samples: [Int16], rate: Int)?
        if let speaker, let text = Self.spokenText(cue, mode: mode) { spoken = try await speaker.synthesize(text) }
        try await onOwnThread(named: "docket-feedback") { [spoken] in
            let (samples, rate) = try spoken ?? Self.render(cue, mode: mode)
            // The chime for being addressed plays over the note being said: muting it would cut the note.
            if cue != .heard { guardian.playing(for: .milliseconds(samples.count * 1000 / rate)) }
            try playback.play(samples, sampleRate: rate)
        }
    }

    /// The samples (16 kHz for chimes, espeak-ng's rate for speech) of a cue.
    static func render(_ cue: Cue, mode: Confirmation) throws -> (samples: [Int16], rate: Int) {
        if let text = spokenText(cue, mode: mode) { return try speech(text) }
        return (chime(rising: cue == .heard), 16_000)
    }

    /// What a cue says aloud, or nil for a chime.
    static func spokenText(_ cue: Cue, mode: Confirmation) -> String? {
        switch (cue, mode) {
        case (.stored(let tasks), .speak): "Added: " + tasks.joined(separator: ". ")
        case (.undone(let titles), .speak): "Took back: " + titles.joined(separator: ". ")
        default: nil
        }
    }

    /// Two short tones, a fifth apart: rising for "listening", falling for "done".
    static func chime(rising: Bool) -> [Int16] {
        let notes: [Double] = rising ? [660, 990] : [990, 660]
        let length = 16_000 * 12 / 100
        var samples: [Int16] = []
        for frequency in notes {
            for i in 0..<length {
                // 10 ms fades keep the tones from clicking.
                let fade = min(1, Double(min(i, length - 1 - i)) / 160)
                samples.append(Int16(sin(2 * .pi * frequency * Double(i) / 16_000) * 8_000 * fade))
            }
        }
        return samples
    }

    /// `text` spoken by espeak-ng.
    static func speech(_ text: String) throws -> (samples: [Int16], rate: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng", "--stdout", "-s", "165", text]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw AudioError(.playback, "Can't run espeak-ng to read the tasks back; install it (scripts/setup.sh does) or use --confirm chime.", cause: error)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, !data.isEmpty else {
            throw AudioError(
                .playback,
                "espeak-ng could not speak the read-back (exit \(process.terminationStatus)); check it with espeak-ng \"test\", or use --confirm chime.")
        }
        let decoder = try WAVDecoder(data: data, name: "espeak-ng.wav")
        var floats: [Float] = []
        var block: [Float] = []
        while try decoder.read(into: &block, maxFrames: 16_384) > 0 { floats += block }
        return (floats.map { Int16(max(-1, min(1, $0)) * 32_767) }, decoder.sampleRate)
    }

    /// A task as read back: its title, and when it is due in words ("Call the dentist, Thursday at 3 PM").
    static func readBack(_ task: TaskRecord, zone: TimeZone) -> String {
        let parts = (task.dueDate ?? "").split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard parts.count == 3, let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)) else {
            return task.title
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "EEEE, MMMM d"
        var when = formatter.string(from: date)
        if let time = task.dueTime, let hour = Int(time.prefix(2)), let minute = Int(time.dropFirst(3).prefix(2)) {
            let clock = hour % 12 == 0 ? 12 : hour % 12
            when += " at \(clock)" + (minute == 0 ? "" : String(format: ":%02d", minute)) + (hour < 12 ? " AM" : " PM")
        }
        return "\(task.title), \(when)"
    }
}
