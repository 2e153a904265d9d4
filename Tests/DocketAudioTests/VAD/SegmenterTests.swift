import DocketAudio
import DocketTesting
import Testing

@Suite("Segmenter")
struct SegmenterTests {
    static let rate = Double(TestAudio.rate)

    @Test("spoken notes: short pauses split segments, long pauses close notes")
    func notesAndPauses() throws {
        let first = try TestAudio.speech("Remind me to call the dentist tomorrow morning.")
        let second = try TestAudio.speech("And buy milk on the way home.")
        let yes = try TestAudio.speech("yes")
        let third = try TestAudio.speech("Send the quarterly report to Maria before Friday.")
        var audio = TestAudio.silence(1)
        audio += first + TestAudio.silence(1.2) + second  // note 0: two segments
        audio += TestAudio.silence(5)
        audio += yes  // note 1: one word
        audio += TestAudio.silence(4)
        audio += third + TestAudio.silence(4.5)  // note 2
        let actions = segmentAll(TestAudio.withRoomTone(audio)).withoutLevels
        let segments = actions.segments
        #expect(segments.map(\.noteIndex) == [0, 0, 1, 2])
        #expect(segments.map(\.index) == [0, 1, 0, 0])
        #expect(actions.noteClosings.map(\.noteIndex) == [0, 1, 2])
        // Each note is announced once, where its first segment starts, before that segment is cut.
        #expect(actions.noteStarts.map(\.noteIndex) == [0, 1, 2])
        #expect(actions.noteStarts.map(\.firstSample) == segments.filter { $0.index == 0 }.map(\.firstSample))
        for start in actions.noteStarts {
            let announced = try #require(actions.firstIndex { $0 == .noteStarted(noteIndex: start.noteIndex, firstSample: start.firstSample) })
            let cut = try #require(actions.firstIndex { if case .segment(let s) = $0 { s.noteIndex == start.noteIndex } else { false } })
            #expect(announced < cut)
        }
        // Every segment ends before its note closes, and the closing points at the note's last segment.
        for closing in actions.noteClosings {
            let last = try #require(segments.last { $0.noteIndex == closing.noteIndex })
            #expect(closing.lastSample == last.endSample - 1)
        }
        // Segments never overlap and hold the speech: the "yes" segment covers where "yes" was spoken.
        for (a, b) in zip(segments, segments.dropFirst()) {
            #expect(a.endSample <= b.firstSample)
        }
        let yesStart = Int64((1 + 5) * Self.rate) + Int64(first.count + second.count) + Int64(1.2 * Self.rate)
        let yesSegment = segments[2]
        #expect(yesSegment.firstSample <= yesStart)
        #expect(yesSegment.endSample >= yesStart + Int64(yes.count) - 1_600)
        #expect(segments.allSatisfy { $0.endsNote == nil })
    }

    @Test("a one-word note closes after the shorter pause, dictation waits for the longer one")
    func shortNoteClosesSooner() throws {
        let yes = try TestAudio.speech("yes")
        let dictation = try TestAudio.speech("Book a table for four people at the Italian restaurant on Saturday evening.")
        // 3 s of silence: more than 2.5 s, less than 3.5 s.
        let shortNote = segmentFed(TestAudio.withRoomTone(TestAudio.silence(0.5) + yes + TestAudio.silence(3)))
        #expect(shortNote.segments.count == 1)
        #expect(shortNote.noteClosings.count == 1)
        let longNote = segmentFed(TestAudio.withRoomTone(TestAudio.silence(0.5) + dictation + TestAudio.silence(3)))
        #expect(longNote.segments.count == 1)
        #expect(longNote.noteClosings.isEmpty)
        let longNoteLater = segmentFed(TestAudio.withRoomTone(TestAudio.silence(0.5) + dictation + TestAudio.silence(4)))
        #expect(longNoteLater.noteClosings.count == 1)
    }

    @Test("a monologue with no long pause is split under the 30 s cap")
    func monologueIsCapped() throws {
        let sentences = [
            "Remind me to call the dentist tomorrow morning about the appointment",
            "and buy milk and eggs and bread on the way home from work",
            "and send the quarterly report to Maria before Friday afternoon",
            "and book a table for four people at the Italian restaurant on Saturday",
            "and renew the car insurance before the end of the month",
            "and pick up the dry cleaning and water the plants in the garden",
        ]
        var monologue: [Int16] = []
        for sentence in sentences + sentences {
            monologue += try TestAudio.speech(sentence, speed: 190)
        }
        #expect(monologue.count > 32 * TestAudio.rate)
        let audio = TestAudio.withRoomTone(TestAudio.silence(0.5) + monologue + TestAudio.silence(0.2))
        let segments = segmentAll(audio).segments
        #expect(segments.count >= 2)
        #expect(segments.allSatisfy { $0.duration <= 30 })
        #expect(segments.allSatisfy { $0.noteIndex == 0 })
        // Split pieces are contiguous and marked as not ending the note.
        for (a, b) in zip(segments, segments.dropFirst()) where a.endsNote == false {
            #expect(a.endSample == b.firstSample)
        }
        #expect(segments.first?.endsNote == false)
        #expect(segments.last?.endsNote == true)
        let covered = segments.reduce(0) { $0 + $1.samples.count }
        #expect(Double(covered) >= Double(monologue.count) * 0.95)
    }

    @Test("after a note is ended early (push-to-talk released, device lost), later notes still close at their pauses")
    func notesAfterFinish() throws {
        let dictation = try TestAudio.speech("Book a table for four people at the Italian restaurant on Saturday evening.")
        let yes = try TestAudio.speech("yes")
        var machine = SegmenterMachine()
        var actions = machine.feed(TestAudio.withRoomTone(TestAudio.silence(0.5) + dictation + TestAudio.silence(0.4)))
        actions += machine.finish()
        #expect(actions.noteClosings.map(\.noteIndex) == [0])
        // Two short notes 4 s apart: each closes at its own pause, however long the audio before the early end.
        actions = machine.feed(TestAudio.withRoomTone(TestAudio.silence(0.5) + yes + TestAudio.silence(4) + yes + TestAudio.silence(3)))
        #expect(actions.noteClosings.map(\.noteIndex) == [1, 2])
        #expect(Set(actions.segments.map(\.noteIndex)) == [1, 2])
    }

    @Test("a 150 ms click is ignored")
    func clickIsIgnored() throws {
        let click = try TestAudio.synth(seconds: 0.15, kind: "whitenoise").map { $0 &* 3 }
        let audio = TestAudio.withRoomTone(TestAudio.silence(2) + click + TestAudio.silence(3))
        let actions = segmentAll(audio).withoutLevels
        #expect(actions.isEmpty, "not even a note start")
    }

    @Test("silence produces nothing but level readings")
    func silenceProducesNothing() {
        let digital = segmentAll(TestAudio.silence(5))
        #expect(digital.withoutLevels.isEmpty)
        #expect(digital.count == 50)  // one level reading per 100 ms
        #expect(digital.allSatisfy { $0 == .level(dBFS: -140) })
        let room = segmentAll(TestAudio.withRoomTone(TestAudio.silence(5)))
        #expect(room.withoutLevels.isEmpty)
    }

    @Test("the actions do not depend on how the audio is chunked")
    func chunkingInvariance() throws {
        let speech = try TestAudio.speech("Buy milk. Then call Anna about the weekend.")
        let audio = TestAudio.withRoomTone(
            TestAudio.silence(0.7) + speech + TestAudio.silence(1) + speech + TestAudio.silence(3))
        let bySample = segmentAll(audio, chunk: 1)
        let byBlock = segmentAll(audio, chunk: 4_000)
        let byOddBlock = segmentAll(audio, chunk: 333)
        #expect(!bySample.segments.isEmpty)
        #expect(bySample == byBlock)
        #expect(byOddBlock == byBlock)
    }

    @Test("pre-roll keeps the onset and memory stays bounded to the open segment")
    func preRollAndTrim() throws {
        let speech = try TestAudio.speech("Renew the car insurance.")
        let lead = 2.0
        let audio = TestAudio.withRoomTone(TestAudio.silence(lead) + speech + TestAudio.silence(3))
        let segment = try #require(segmentAll(audio).segments.first)
        let onset = Int64(lead * Self.rate)
        // Starts no later than the speech, and no more than the pre-roll (plus a frame) earlier.
        #expect(segment.firstSample <= onset)
        #expect(segment.firstSample >= onset - Int64(0.3 * Self.rate) - 640)
        // Ends within hangover + trailing pad of the speech end.
        let speechEnd = onset + Int64(speech.count)
        #expect(segment.endSample <= speechEnd + Int64(0.7 * Self.rate))
    }
}

/// Feeds in 20 ms chunks without finishing, so only decisions made from the audio itself show.
private func segmentFed(_ samples: [Int16]) -> [SegmenterAction] {
    var machine = SegmenterMachine()
    var actions: [SegmenterAction] = []
    var start = 0
    while start < samples.count {
        let end = Swift.min(samples.count, start + 320)
        actions += machine.feed(Array(samples[start..<end]))
        start = end
    }
    return actions
}
