import DocketAudio
import Foundation

/// The note side of a listen run: collects segment transcripts (which finish in any order), stores each note as
/// soon as every segment so far is transcribed, and finishes it when it has ended. One task consumes the work
/// stream, so a note's stores happen in order and never race.
struct NoteAssembler: Sendable {
    let stage: NoteStage
    let spool: NoteSpool
    let options: ListenOptions
    let startDate: Date
    let engine: CaptureEngine
    let events: @Sendable (ListenEvent) -> Void

    private struct SegmentInfo {
        var firstSample: Int64
        var endSample: Int64
        var hash: String
        /// Which transcription of the segment counts.
        var generation: Int
    }

    private struct NoteState {
        var id: String
        var startSample: Int64
        var path: URL
        var segments: [SegmentInfo] = []
        /// Transcriptions by segment index and generation (tentative ones that did not stand included).
        var transcripts: [Int: [Int: Result<Transcript, any Error>]] = [:]
        /// Segments whose text was shown.
        var shown = 0
        var closed = false
        /// Segments covered by the last store (0: nothing stored yet).
        var storedCount = 0
        var last: ListenedNote?
        var done = false

        /// The transcription that counts for segment `i`, once it is back.
        func result(_ i: Int) -> Result<Transcript, any Error>? {
            transcripts[i]?[segments[i].generation]
        }
    }

    func run(_ work: AsyncStream<ListenPipeline.WorkItem>) async -> ListenSummary {
        var notes: [Int: NoteState] = [:]
        var summary = ListenSummary()
        for await item in work {
            let n: Int
            switch item {
            case .opened(let note, let id, let startSample, let path):
                n = note
                notes[n] = NoteState(id: id, startSample: startSample, path: path)
            case .segment(let note, _, let first, let end, let hash, let generation):
                n = note
                notes[n]?.segments.append(SegmentInfo(firstSample: first, endSample: end, hash: hash, generation: generation))
            case .transcribed(let note, let index, let generation, let result):
                n = note
                notes[n]?.transcripts[index, default: [:]][generation] = result
            case .closed(let note):
                n = note
                notes[n]?.closed = true
            }
            guard var state = notes[n] else { continue }
            await advance(&state, note: n, summary: &summary)
            notes[n] = state.done ? nil : state
        }
        return summary
    }

    private func advance(_ state: inout NoteState, note n: Int, summary: inout ListenSummary) async {
        var ready = 0
        var failure: (any Error)?
        while ready < state.segments.count, let result = state.result(ready) {
            if case .failure(let error) = result {
                failure = error
                break
            }
            ready += 1
        }
        if let failure {
            // Wait for the other segments, so what was recognised is stored with the failed note.
            guard state.closed, state.segments.indices.allSatisfy({ state.result($0) != nil }) else { return }
            await fail(&state, note: n, error: failure, covered: ready, summary: &summary)
            return
        }
        while state.shown < ready {
            if let text = try? state.result(state.shown)?.get().text {
                events(.segment(note: n, index: state.shown, text: text))
            }
            state.shown += 1
        }
        guard ready == state.segments.count else { return }
        if ready > state.storedCount, !text(of: state, count: ready).isEmpty {
            do {
                state.last = try await store(state, note: n, count: ready)
                state.storedCount = ready
                if let last = state.last { events(.stored(last)) }
            } catch {
                await fail(&state, note: n, error: error, covered: state.storedCount, summary: &summary)
                return
            }
        }
        guard state.closed else { return }
        state.done = true
        guard var last = state.last else {
            _ = spool.finish(state.path, keepIn: nil)
            events(.noteDiscarded(note: n))
            return
        }
        last.audioPath = spool.finish(state.path, keepIn: options.saveAudioDirectory)?.path
        summary.notes += 1
        summary.tasks += last.tasks.count
        events(.noteFinished(last))
        if options.once { engine.requestStop() }
    }

    private func text(of state: NoteState, count: Int) -> String {
        (0..<count).compactMap { try? state.result($0)?.get().text }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func store(_ state: NoteState, note n: Int, count: Int, status: NoteStatus = .done, error: String? = nil) async throws -> ListenedNote {
        let rate = Double(AudioChunk.sampleRate)
        let pieces = (0..<count).compactMap { i -> TranscribedPiece? in
            guard let transcript = try? state.result(i)?.get() else { return nil }
            let info = state.segments[i]
            return TranscribedPiece(
                start: Double(info.firstSample - state.startSample) / rate, end: Double(info.endSample - state.startSample) / rate,
                transcript: transcript)
        }
        let covered = count > 0 ? state.segments[count - 1] : nil
        let endSample = covered?.endSample ?? state.startSample
        let note = NoteRecord(
            id: state.id, sourceFile: "\(state.id).wav", contentHash: covered?.hash ?? state.segments.last?.hash ?? state.id,
            recordedAt: startDate.addingTimeInterval(Double(state.startSample) / rate), durationSeconds: Double(endSample - state.startSample) / rate,
            language: options.language, status: status, error: error)
        let staged = try await stage.finish(note, transcript: NoteStage.merge(pieces), timeZone: options.timeZone)
        return ListenedNote(
            index: n, note: staged.note, tasks: staged.tasks, diagnostics: staged.diagnostics, segmentCount: count, endSample: endSample,
            audioPath: nil, storedAt: .now)
    }

    /// Records a note that could not be finished; its audio stays in the spool for the next run.
    private func fail(_ state: inout NoteState, note n: Int, error: any Error, covered: Int, summary: inout ListenSummary) async {
        state.done = true
        summary.failedNotes += 1
        let reason = "\(error) The audio is kept at \(state.path.path) and is transcribed again when docket listen next starts."
        _ = try? await store(state, note: n, count: covered, status: .failed, error: reason)
        events(.noteFailed(note: n, error: error, audioPath: state.path.path))
    }
}
