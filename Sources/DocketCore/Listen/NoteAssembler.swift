import DocketAudio
import Foundation

/// The note side of a listen run: feeds the work stream into a ``NoteMachine`` and carries out its actions
/// (stores through the ``NoteStage``, the spooled audio, the events). One task consumes the stream, so a note's
/// stores happen in order and never race.
struct NoteAssembler: Sendable {
    let stage: NoteStage
    let spool: NoteSpool
    let options: ListenOptions
    let startDate: Date
    let engine: CaptureEngine
    let events: @Sendable (ListenEvent) -> Void

    func run(_ work: AsyncStream<ListenPipeline.WorkItem>) async -> ListenSummary {
        var machine = NoteMachine(wakePhrase: options.wakePhrase, requiresWakePhrase: options.requiresWakePhrase, hearsUndo: options.undoWindow != nil)
        for await item in work {
            let actions: [NoteMachine.Action]
            switch item {
            case .opened(let note, let id, let startSample, let path):
                actions = machine.opened(note: note, id: id, startSample: startSample, path: path)
            case .segment(let note, _, let first, let end, let hash, let generation):
                actions = machine.segment(note: note, firstSample: first, endSample: end, hash: hash, generation: generation)
            case .transcribed(let note, let index, let generation, let result):
                actions = machine.transcribed(note: note, index: index, generation: generation, result: result)
            case .closed(let note):
                actions = machine.closed(note: note)
            }
            await perform(actions, on: &machine)
        }
        return machine.summary
    }

    private func perform(_ actions: [NoteMachine.Action], on machine: inout NoteMachine) async {
        var pending = actions[...]
        while let action = pending.popFirst() {
            switch action {
            case .showSegment(let note, let index, let text):
                events(.segment(note: note, index: index, text: text))
            case .store(let request):
                do {
                    pending += machine.stored(note: request.note, try await store(request))
                } catch {
                    pending += machine.storeFailed(note: request.note, error: error)
                }
            case .announceStored(let note):
                events(.stored(note))
            case .finish(var note, let audio):
                note.audioPath = spool.finish(audio, keepIn: note.kept ? options.saveAudioDirectory : nil)?.path
                events(.noteFinished(note))
                if options.once { engine.requestStop() }
            case .discard(let note, let audio):
                _ = spool.finish(audio, keepIn: nil)
                events(.noteDiscarded(note: note))
            case .undo(let note, let audio):
                let window = options.undoWindow ?? .zero
                let since = Date().addingTimeInterval(-Double(window / .milliseconds(1)) / 1000)
                let result: Result<UndoneNote?, any Error>
                do {
                    result = .success(try await stage.undoLastNote(since: since))
                } catch {
                    result = .failure(error)
                }
                _ = spool.finish(audio, keepIn: nil)
                events(.undone(note: note, result))
            case .fail(let note, let error, let audio, let partial):
                _ = try? await store(partial)
                events(.noteFailed(note: note, error: error, audioPath: audio.path))
            }
        }
    }

    /// Stores the note as the request describes it, through the note stage.
    private func store(_ request: NoteMachine.StoreRequest) async throws -> ListenedNote {
        let rate = Double(AudioChunk.sampleRate)
        let pieces = request.segments.compactMap { segment -> TranscribedPiece? in
            guard let transcript = segment.transcript else { return nil }
            return TranscribedPiece(
                start: Double(segment.firstSample - request.startSample) / rate, end: Double(segment.endSample - request.startSample) / rate,
                transcript: transcript)
        }
        let note = NoteRecord(
            id: request.id, sourceFile: "\(request.id).wav", contentHash: request.contentHash,
            recordedAt: startDate.addingTimeInterval(Double(request.startSample) / rate),
            durationSeconds: Double(request.endSample - request.startSample) / rate, language: options.language, status: request.status,
            error: request.error)
        let staged = try await stage.finish(
            note, transcript: NoteStage.merge(pieces), timeZone: options.timeZone, keepTaskless: options.keepTasklessNotes || request.status != .done,
            screensRoomTalk: options.screensRoomTalk)
        return ListenedNote(
            index: request.note, note: staged.note, tasks: staged.tasks, diagnostics: staged.diagnostics, segmentCount: request.segments.count,
            endSample: request.endSample, audioPath: nil, storedAt: .now, kept: staged.kept)
    }
}
