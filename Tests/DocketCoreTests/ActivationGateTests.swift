import DocketAudio
import Testing

@testable import DocketCore

/// `wake-word` and `push-to-talk` activation's gate on the capture side: nothing of a note goes out before a
/// detection or talking addresses it.
@Suite("Activation gate")
struct ActivationGateTests {
    /// The actions the ``ListenMachine`` gives for a note of one segment from `start` to `end` (seconds), ending it.
    static func note(_ index: Int, from start: Double, to end: Double) -> [ListenMachine.Action] {
        let segment = SpeechSegment(
            noteIndex: index, index: 0, firstSample: Int64(start * 16_000), samples: [Int16](repeating: 0, count: Int((end - start) * 16_000)),
            endsNote: nil)
        return [
            .noteHeard(note: index, startSample: segment.firstSample), .transcribe(segment, generation: 1),
            .openNote(note: index, startSample: segment.firstSample), .spool(segment, generation: 1),
        ]
    }

    static func sample(_ seconds: Double) -> Int64 { Int64(seconds * 16_000) }

    static func notes(_ actions: [ListenMachine.Action]) -> [Int] {
        actions.compactMap { if case .openNote(let note, _) = $0 { note } else { nil } }
    }

    @Test("a note with no detection goes nowhere when it ends, and is dropped and counted once no late detection can come")
    func unaddressed() {
        var gate = ActivationGate(lateness: .seconds(10))
        #expect(Self.note(0, from: 1, to: 3).flatMap { gate.pass($0) }.isEmpty)
        #expect(gate.pass(.closeNote(note: 0)).isEmpty)
        #expect(gate.expire(atSample: Self.sample(14)).isEmpty)
        #expect(gate.ignoredNotes == 0)
        #expect(gate.expire(atSample: Self.sample(15)).isEmpty)
        #expect(gate.ignoredNotes == 1)
        #expect(gate.pass(.level(dBFS: -40)) == [.level(dBFS: -40)])
    }

    @Test("a detection that comes after its note ended (a busy machine) releases the note whole, its end included")
    func lateDetection() {
        var gate = ActivationGate(lateness: .seconds(10))
        let actions = Self.note(0, from: 1, to: 3)
        _ = actions.flatMap { gate.pass($0) }
        _ = gate.pass(.closeNote(note: 0))
        // The next note has begun by the time the detection of "hey jarvis" at 1.8 s arrives.
        let next = Self.note(1, from: 6, to: 8)
        #expect(next.flatMap { gate.pass($0) }.isEmpty)
        #expect(gate.detected(atSample: Self.sample(1.8)) == actions + [.closeNote(note: 0)])
        #expect(gate.pass(.closeNote(note: 1)).isEmpty, "the next note is not addressed by it")
        _ = gate.expire(atSample: nil)
        #expect(gate.ignoredNotes == 1)
    }

    @Test(
        "a detection stamped after its note ended (a detector that lags stamps what it received last) addresses that note once no newer note can have begun before the stamp"
    )
    func lateStamp() {
        var gate = ActivationGate(lateness: .seconds(10))
        let actions = Self.note(0, from: 1, to: 3.5)
        _ = actions.flatMap { gate.pass($0) }
        #expect(gate.pass(.closeNote(note: 0)).isEmpty)
        #expect(gate.detected(atSample: Self.sample(5.5)).isEmpty, "it may yet be for a note not heard yet")
        #expect(gate.expire(atSample: Self.sample(6)).isEmpty)
        #expect(gate.expire(atSample: Self.sample(7)) == actions + [.closeNote(note: 0)])
        // "Hey Jarvis, call the dentist tomorrow" is not the wake word alone: the next note is not addressed by it.
        #expect(Self.note(1, from: 9, to: 10).flatMap { gate.pass($0) }.isEmpty)

        // A note heard since, that began after the stamp, settles it at once.
        var next = ActivationGate(lateness: .seconds(10))
        _ = (actions + [.closeNote(note: 0)]).flatMap { next.pass($0) }
        #expect(next.detected(atSample: Self.sample(5.5)).isEmpty)
        #expect(next.pass(.noteHeard(note: 1, startSample: Self.sample(6))) == actions + [.closeNote(note: 0)])

        // A note heard since, that began before the stamp, is the one the wake word was said in.
        var said = ActivationGate(lateness: .seconds(10))
        _ = (actions + [.closeNote(note: 0)]).flatMap { said.pass($0) }
        #expect(said.detected(atSample: Self.sample(6.5)).isEmpty)
        #expect(Self.notes(Self.note(1, from: 6, to: 8).flatMap { said.pass($0) }) == [1])
        #expect(said.pass(.closeNote(note: 0)).isEmpty)
        _ = said.expire(atSample: nil)
        #expect(said.ignoredNotes == 1)
    }

    @Test("a late-stamped detection in a long note does not take it for the wake word alone; a short one's follow-up already heard is released")
    func lateStampFollowUp() {
        // The detection comes 0.6 s after a 3.4 s note ended: as if only the wake word had been said, but too long.
        var gate = ActivationGate(followUp: .seconds(8))
        _ = Self.note(0, from: 8.6, to: 12).flatMap { gate.pass($0) }
        _ = gate.detected(atSample: Self.sample(12.6))
        #expect(gate.pass(.closeNote(note: 0)) == [.closeNote(note: 0)])
        #expect(Self.note(1, from: 16, to: 19).flatMap { gate.pass($0) }.isEmpty)

        // A short whole command ("Hey Jarvis, lights off", 1.9 s) stamped late is not the wake word alone either.
        var short = ActivationGate(followUp: .seconds(8))
        _ = Self.note(0, from: 1, to: 2.9).flatMap { short.pass($0) }
        _ = short.detected(atSample: Self.sample(3.2))
        _ = short.pass(.closeNote(note: 0))
        #expect(Self.note(1, from: 7, to: 9).flatMap { short.pass($0) }.isEmpty)

        // "Hey Jarvis." on its own, its detection arriving after the next note was heard: both count.
        var alone = ActivationGate(followUp: .seconds(8))
        let wake = Self.note(0, from: 1, to: 2.2) + [.closeNote(note: 0)]
        let next = Self.note(1, from: 4, to: 6)
        #expect((wake + next).flatMap { alone.pass($0) }.isEmpty)
        #expect(alone.detected(atSample: Self.sample(1.9)) == wake + next)
        #expect(alone.pass(.closeNote(note: 1)) == [.closeNote(note: 1)])
    }

    @Test("a stamp long after room talk ended (a false detection, or a wake word never heard as a note) releases nothing")
    func stampTooLate() {
        var gate = ActivationGate(lateness: .seconds(5))
        _ = Self.note(0, from: 1, to: 3).flatMap { gate.pass($0) }
        _ = gate.pass(.closeNote(note: 0))
        #expect(gate.detected(atSample: Self.sample(9)).isEmpty)
        #expect(gate.expire(atSample: Self.sample(11)).isEmpty)
        _ = gate.expire(atSample: nil)
        #expect(gate.ignoredNotes == 1)

        // At the end of the stream a stamp still waiting is settled: within the lateness it releases its note.
        var end = ActivationGate(lateness: .seconds(5))
        let actions = Self.note(0, from: 1, to: 3) + [.closeNote(note: 0)]
        _ = actions.flatMap { end.pass($0) }
        #expect(end.detected(atSample: Self.sample(5)).isEmpty)
        #expect(end.expire(atSample: nil) == actions)
        #expect(end.ignoredNotes == 0)
    }

    @Test("a stamp in the first moments of a note is for the note before: the wake word takes longer than that to say")
    func stampAtANoteStart() {
        var gate = ActivationGate()
        let command = Self.note(0, from: 1, to: 4) + [.closeNote(note: 0)]
        _ = command.flatMap { gate.pass($0) }
        let room = Self.note(1, from: 7, to: 9)
        #expect(gate.pass(room[0]).isEmpty)
        #expect(gate.detected(atSample: Self.sample(7.1)) == command)
        #expect(room.dropFirst().flatMap { gate.pass($0) }.isEmpty, "the room talk stays held")
        // A second detection of the same wake word changes nothing.
        #expect(gate.detected(atSample: Self.sample(7.2)).isEmpty)
        #expect(gate.pass(.closeNote(note: 1)).isEmpty)
    }

    @Test("speech the segmenter has not confirmed yet may hold the wake word: a stamp after it waits for that note")
    func slowlyHeardNote() {
        var gate = ActivationGate()
        _ = (Self.note(0, from: 1, to: 3) + [.closeNote(note: 0)]).flatMap { gate.pass($0) }
        // Speech from 4.5 s, unconfirmed for a long while; the wake word in it is stamped at 5.5 s.
        #expect(gate.detected(atSample: Self.sample(5.5)).isEmpty)
        #expect(gate.expire(atSample: Self.sample(9), unheardSpeechSince: Self.sample(4.5)).isEmpty)
        let slow = Self.note(1, from: 4.5, to: 10)
        #expect(Self.notes(slow.flatMap { gate.pass($0) }) == [1])
        _ = gate.pass(.closeNote(note: 1))
        _ = gate.expire(atSample: nil)
        #expect(gate.ignoredNotes == 1, "the room talk before it")
    }

    @Test(
        "at the stream's end a detection still on its way is awaited only for notes newer than the newest addressed, and one in speech the stream ended in addresses nothing"
    )
    func streamEnd() {
        var gate = ActivationGate()
        let talk = Self.note(0, from: 1, to: 3)
        let addressed = Self.note(1, from: 4, to: 6)
        _ = (talk + [.closeNote(note: 0)] + addressed).flatMap { gate.pass($0) }
        #expect(gate.awaitsDetection)
        #expect(Self.notes(gate.detected(atSample: Self.sample(5))) == [1])
        _ = gate.pass(.closeNote(note: 1))
        #expect(gate.streamEnded(lostSpeechSince: nil).isEmpty)
        #expect(!gate.awaitsDetection, "room talk before an addressed note can no longer be addressed")

        // "Hey Jarvis" said just before the stop, in speech never confirmed as a note: not the note before.
        var lost = ActivationGate()
        _ = (talk + [.closeNote(note: 0)]).flatMap { lost.pass($0) }
        #expect(lost.streamEnded(lostSpeechSince: Self.sample(3.5)).isEmpty)
        #expect(lost.awaitsDetection)
        #expect(lost.detected(atSample: Self.sample(4.2)).isEmpty)
        #expect(lost.expire(atSample: nil).isEmpty)
        #expect(lost.ignoredNotes == 1)
    }

    @Test("a detection that comes before the note's first segment is cut releases the note, in order, when it is")
    func detectionBeforeSegment() {
        var gate = ActivationGate()
        #expect(gate.detected(atSample: Self.sample(1.8)).isEmpty)
        let actions = Self.note(0, from: 1, to: 3)
        #expect(actions.flatMap { gate.pass($0) } == actions)
        #expect(gate.pass(.closeNote(note: 0)) == [.closeNote(note: 0)])
    }

    @Test("a detection while the note is held releases what was held; the note's later actions pass straight through")
    func detectionWhileHeld() {
        var gate = ActivationGate()
        let actions = Self.note(0, from: 1, to: 3)
        #expect(gate.pass(actions[0]).isEmpty)
        #expect(gate.detected(atSample: Self.sample(1.8)) == [actions[0]])
        #expect(actions.dropFirst().flatMap { gate.pass($0) } == Array(actions.dropFirst()))
    }

    @Test("the wake word said on its own addresses the next note if it starts soon after, once")
    func followUp() {
        var gate = ActivationGate(followUp: .seconds(8))
        _ = gate.detected(atSample: Self.sample(1.9))
        _ = Self.note(0, from: 1, to: 2.2).flatMap { gate.pass($0) }
        #expect(gate.pass(.closeNote(note: 0)) == [.closeNote(note: 0)])
        #expect(Self.notes(Self.note(1, from: 5, to: 7).flatMap { gate.pass($0) }) == [1])
        _ = gate.pass(.closeNote(note: 1))
        #expect(Self.note(2, from: 8, to: 9).flatMap { gate.pass($0) }.isEmpty, "only the next note")

        // A note that goes on well past the wake word does not arm the next one.
        var long = ActivationGate(followUp: .seconds(8))
        _ = long.detected(atSample: Self.sample(1.9))
        _ = Self.note(0, from: 1, to: 4).flatMap { long.pass($0) }
        _ = long.pass(.closeNote(note: 0))
        #expect(Self.note(1, from: 6, to: 7).flatMap { long.pass($0) }.isEmpty)
    }

    @Test("a detection in a dropped note's audio does not address a later note")
    func staleDetection() {
        var gate = ActivationGate()
        _ = Self.note(0, from: 1, to: 3).flatMap { gate.pass($0) }
        _ = gate.pass(.closeNote(note: 0))
        _ = gate.expire(atSample: Self.sample(20))
        #expect(gate.detected(atSample: Self.sample(2)).isEmpty)
        #expect(Self.note(1, from: 10, to: 12).flatMap { gate.pass($0) }.isEmpty)
        _ = gate.pass(.closeNote(note: 1))
        _ = gate.expire(atSample: nil)
        #expect(gate.ignoredNotes == 2)
    }

    @Test("push-to-talk: a note that starts while talking (or just before) counts; one that starts after it stopped does not")
    func holdToTalk() {
        var gate = ActivationGate(lead: .milliseconds(500))
        #expect(!gate.mustEndNote(beforeTalkingAt: Self.sample(1)))
        #expect(gate.startTalking(atSample: Self.sample(1), untilNoteEnds: false).isEmpty)
        #expect(gate.isTalking)
        #expect(Self.notes(Self.note(0, from: 1.2, to: 3).flatMap { gate.pass($0) }) == [0])
        #expect(gate.pass(.closeNote(note: 0)) == [.closeNote(note: 0)])
        #expect(Self.notes(Self.note(1, from: 3.5, to: 4).flatMap { gate.pass($0) }) == [1], "talking lasts until it stops")
        _ = gate.pass(.closeNote(note: 1))
        gate.stopTalking()
        #expect(!gate.isTalking)
        #expect(Self.note(2, from: 6, to: 7).flatMap { gate.pass($0) }.isEmpty)
        #expect(gate.pass(.closeNote(note: 2)).isEmpty)
        _ = gate.expire(atSample: nil)
        #expect(gate.ignoredNotes == 1)
    }

    @Test("push-to-talk: speech begun just before the key releases its held note; speech begun long before must be ended first")
    func talkingStartsDuringANote() {
        var gate = ActivationGate(lead: .milliseconds(500))
        let early = Self.note(0, from: 1.8, to: 3)
        #expect(early.flatMap { gate.pass($0) }.isEmpty)
        #expect(!gate.mustEndNote(beforeTalkingAt: Self.sample(2)))
        #expect(gate.startTalking(atSample: Self.sample(2), untilNoteEnds: false) == early)

        // Speech begun a moment before the press but heard (confirmed) only after it is said while talking.
        var confirmedLate = ActivationGate(lead: .milliseconds(500))
        #expect(confirmedLate.startTalking(atSample: Self.sample(2), untilNoteEnds: false).isEmpty)
        let straddling = Self.note(0, from: 1.3, to: 4)
        #expect(straddling.flatMap { confirmedLate.pass($0) } == straddling)

        var late = ActivationGate(lead: .milliseconds(500))
        _ = Self.note(0, from: 1, to: 3).flatMap { late.pass($0) }
        #expect(late.mustEndNote(beforeTalkingAt: Self.sample(2)))
        #expect(late.startTalking(atSample: Self.sample(2), untilNoteEnds: false).isEmpty)
        #expect(late.pass(.closeNote(note: 0)).isEmpty, "the note begun before talking is dropped")
        #expect(Self.notes(Self.note(1, from: 2.1, to: 4).flatMap { late.pass($0) }) == [1])
    }

    @Test("docket mark: the first note said within the follow-up time counts, and talking stops when it ends")
    func mark() {
        var gate = ActivationGate(followUp: .seconds(8))
        _ = gate.startTalking(atSample: Self.sample(1), untilNoteEnds: true)
        #expect(Self.notes(Self.note(0, from: 3, to: 5).flatMap { gate.pass($0) }) == [0])
        #expect(gate.isTalking)
        #expect(gate.pass(.closeNote(note: 0)) == [.closeNote(note: 0)])
        #expect(!gate.isTalking)
        #expect(Self.note(1, from: 6, to: 7).flatMap { gate.pass($0) }.isEmpty)

        var lapsed = ActivationGate(followUp: .seconds(8))
        _ = lapsed.startTalking(atSample: Self.sample(1), untilNoteEnds: true)
        #expect(Self.note(0, from: 10, to: 11).flatMap { lapsed.pass($0) }.isEmpty, "nothing was said within 8 s of the mark")
        #expect(!lapsed.isTalking)
    }
}
