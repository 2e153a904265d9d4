import DocketAudio
import DocketTesting
import Testing

@Suite("Segmenter: tentative segments")
struct TentativeSegmentTests {
    static let eager = SegmentationPolicy(eagerPause: 0.3)

    static func tentatives(_ actions: [SegmenterAction]) -> [SpeechSegment] {
        actions.compactMap { if case .tentative(let segment) = $0 { segment } else { nil } }
    }

    @Test("after 0.3 s of pause the segment so far is offered; the segment that follows says it stands")
    func tentativeStands() throws {
        let speech = try TestAudio.speech("Remind me to call the dentist tomorrow morning.")
        let audio = TestAudio.withRoomTone(TestAudio.silence(1) + speech + TestAudio.silence(4))
        let actions = segmentAll(audio, policy: Self.eager).withoutLevels
        let tentative = try #require(Self.tentatives(actions).last)
        let segment = try #require(actions.segments.first)
        #expect(actions.segments.count == 1)
        #expect(segment.matchesTentative)
        #expect(tentative.noteIndex == segment.noteIndex && tentative.index == segment.index)
        #expect(tentative.firstSample == segment.firstSample)
        // The tentative comes first, and holds all the speech the segment holds.
        let tentativeAt = try #require(actions.firstIndex { if case .tentative = $0 { true } else { false } })
        let segmentAt = try #require(actions.firstIndex { if case .segment = $0 { true } else { false } })
        #expect(tentativeAt < segmentAt)
        #expect(tentative.endSample >= Int64(16_000 + speech.count) - 3_200)
    }

    @Test("when speech resumes after a tentative, the segment does not match it")
    func speechResumes() throws {
        let spoken = try TestAudio.speech("Call the plumber.")
        // Without espeak's trailing silence, so the pause below is the whole pause.
        let first = Array(spoken[...(spoken.lastIndex { abs(Int($0)) > 100 } ?? spoken.count - 1)])
        let second = try TestAudio.speech("And the electrician tomorrow.")
        // 0.5 s: past the eager pause (0.3 s), short of the segment pause (0.7 s).
        let audio = TestAudio.withRoomTone(TestAudio.silence(1) + first + TestAudio.silence(0.5) + second + TestAudio.silence(4))
        let actions = segmentAll(audio, policy: Self.eager).withoutLevels
        #expect(actions.segments.count == 1)
        let tentatives = Self.tentatives(actions)
        #expect(tentatives.count >= 2)
        // The last tentative (after "tomorrow") stands; earlier ones, cut before the second phrase, don't.
        #expect(actions.segments.first?.matchesTentative == true)
        #expect(tentatives.first.map { $0.endSample < actions.segments[0].endSample } == true)
    }

    @Test("without an eager pause nothing is offered ahead of time")
    func offByDefault() throws {
        let speech = try TestAudio.speech("Buy milk.")
        let audio = TestAudio.withRoomTone(TestAudio.silence(1) + speech + TestAudio.silence(3))
        let actions = segmentAll(audio).withoutLevels
        #expect(Self.tentatives(actions).isEmpty)
        #expect(actions.segments.first?.matchesTentative == false)
    }
}
