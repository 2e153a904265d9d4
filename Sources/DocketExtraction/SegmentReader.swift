/// What one segment turned out to be.
struct SegmentReading: Sendable {
    /// The kinds of segment.
    enum Kind: Sendable, Equatable {
        /// Chatter or filler: no task, no facts.
        case chatter
        /// A task with a title.
        case task
        /// Dates, times or priorities with no title ("Tomorrow,", "actually make it 4pm").
        case factsOnly
        /// Only a correction or retraction marker ("No wait.", "Scratch that.").
        case markerOnly
        /// Words that ask for nothing: a question, a statement, small talk, a broadcast line.
        case notATask(NotATaskReason)
    }

    /// What the segment is.
    var kind: Kind
    /// The title; empty unless `kind` is `.task`.
    var title: String
    /// Everything recognised in the segment.
    var facts: TaskFacts
    /// A marker at the very start (after discourse words), e.g. "Actually, make it 4pm".
    var leadingMarker: Fact?
    /// A marker at the very end, e.g. "Call Tom, no wait".
    var trailingMarker: Fact?
    /// Whether a correction marker is strong enough to replace a whole task ("no wait", "I mean").
    var strongCorrection: Bool
    /// Where the segment is in the transcript (first to last word).
    var source: Range<String.Index>
    /// Whether everything said about when (date, time, repetition) comes after the last word of the title
    /// ("call mom tomorrow"), so it may be shared with and-joined tasks before it.
    var trailingWhen = false
    /// The when said before the first word of the title ("tomorrow I need to pick up the kids…"), which the rest of
    /// the sentence shares, like a leading "Tomorrow,".
    var leadingWhen: TaskFacts?
    /// The recognitions and title tokens, kept only when the extraction is explained.
    var details: SegmentDetails?
}

/// What the recognisers made of a segment's words, kept for `--explain`.
struct SegmentDetails: Sendable {
    /// The segment's token indices.
    var range: Range<Int>
    /// What was recognised.
    var recognitions: [Recognition]
    /// Which tokens are consumed (by index - range.lowerBound).
    var consumed: [Bool]
    /// The tokens the title is made of.
    var titleTokens: [Int]
}

/// Runs the recognisers over one segment and reads what is left as its title.
enum SegmentReader {
    /// Reads `segment` of a note; `inBroadcastSentence` says its sentence holds a broadcast phrase, `hasAnchorDay` that a
    /// task before it has a day ("the night before" counts from it).
    static func read(
        _ segment: Segment,
        tokens: [Token],
        transcript: String,
        known: KnownNames,
        inBroadcastSentence: Bool = false,
        hasAnchorDay: Bool = false,
        explain: Bool = false
    ) -> SegmentReading {
        let range = segment.range
        let words = range.filter { !tokens[$0].isPunctuation }
        let source = tokens[words.first!].range.lowerBound..<tokens[words.last!].range.upperBound
        if isChatter(range, words, tokens) {
            return SegmentReading(kind: .chatter, title: "", facts: TaskFacts(), strongCorrection: false, source: source)
        }

        // Order matters: corrections first (so "make it 5" reads 5 as a time), recurrence before dates and times
        // ("every Monday" is not a bare Monday, "every morning" not a part of today), times before dates
        // ("in 2 hours" vs "in 2 days", "tonight"), then priority and tags on what is left. A new recogniser
        // conforms to `Recognizer` and is added here.
        var scan = SegmentScan(transcript: transcript, tokens: tokens, range: range, known: known)
        scan.hasAnchorDay = hasAnchorDay
        // Fillers and words said twice are read past ("at, um, 3", "on the the 21st"); the title is still made
        // from the words as said.
        if let (heard, kept) = withoutHesitations(tokens, range) {
            var viewTokens = heard
            let viewRange = 0..<viewTokens.count
            // The two tokens after the segment, as the recognisers see them without the view ("Um, Thanksgiving, call …",
            // "um, get the — no, wash the car").
            viewTokens += tokens[range.upperBound..<min(tokens.count, range.upperBound + 2)]
            var view = SegmentScan(transcript: transcript, tokens: viewTokens, range: viewRange, known: known)
            view.hasAnchorDay = hasAnchorDay
            recognize(&view)
            scan.adopt(view, kept: kept)
        } else {
            recognize(&scan)
        }

        let titleReading = TitleBuilder.titleReading(of: scan)
        var titleTokens = titleReading.tokens
        let commentStart = titleReading.commentStart
        // "… and dad at 6": the verb said once goes before the thing.
        if let verb = segment.sharedVerb, let first = titleTokens.first, !Segmenter.startsAction(tokens, at: first) {
            titleTokens.insert(contentsOf: verb, at: 0)
        }
        let title = titleTokens.isEmpty ? "" : TitleBuilder.title(of: scan, tokens: titleTokens)
        var recognitions = commentStart.map { withoutCommentWhens(scan, commentStart: $0) } ?? scan.recognitions
        // "Take Ollie to the vet Friday, no, the clinic's closed Friday, Saturday": a reason's when is not the task's.
        if let reason = titleReading.reason { recognitions.removeAll { $0.fact.isWhen && reason.contains($0.range.lowerBound) } }
        let facts = TaskFacts(recognitions: recognitions)
        var trailingWhen = false
        var leadingWhen: TaskFacts?
        if let firstTitle = titleTokens.first, let lastTitle = titleTokens.last {
            trailingWhen =
                recognitions.contains { $0.fact.isWhen }
                && recognitions.allSatisfy { !$0.fact.isWhen || $0.range.lowerBound > lastTitle }
            if recognitions.contains(where: { $0.fact.isWhen && $0.range.upperBound <= firstTitle }) {
                leadingWhen = TaskFacts(recognitions: recognitions.filter { $0.fact.isWhen && $0.range.upperBound <= firstTitle })
            }
        }
        var markers = scan.recognitions.filter(\.fact.isMarker).sorted { $0.range.lowerBound < $1.range.lowerBound }

        var leadingMarker: Fact?
        // "Actually, scratch that": the marker after "actually" says what it does.
        if markers.count > 1, markers[0].fact == .amendment,
            (markers[0].range.upperBound..<markers[1].range.lowerBound).allSatisfy({ tokens[$0].isPunctuation })
        {
            markers.removeFirst()
        }
        if let first = markers.first,
            (range.lowerBound..<first.range.lowerBound).allSatisfy({
                tokens[$0].isPunctuation || tokens[$0].is(.discourse)
            })
        {
            leadingMarker = first.fact
        }
        var trailingMarker: Fact?
        if let last = markers.last, let lastWord = words.last, last.range.contains(lastWord) {
            trailingMarker = last.fact
        } else if let last = markers.last, last.fact == .retraction || last.fact == .correction,
            titleTokens.allSatisfy({ $0 < last.range.lowerBound })
        {
            // "Pick up the dry cleaning, scratch that, the dry cleaning is already done", "text Ben, no, he's away": why it is
            // taken back or put right.
            // "walk the dog at noon, no, it's too hot, at 6": a when after the reason's pause is what was meant, said
            // here; "no, she's off Friday," says only why.
            let reasonEnd = titleReading.reason.map { reason in reason.last { tokens[$0].isWord } ?? reason.lowerBound } ?? last.range.upperBound
            let whenAfter = scan.recognitions.contains { when in
                guard when.fact.isWhen, when.range.lowerBound > reasonEnd else { return false }
                let between = (reasonEnd + 1)..<when.range.lowerBound
                return between.contains { tokens[$0].isClauseBreak } && between.allSatisfy { tokens[$0].isPunctuation || scan.isConsumed($0) }
            }
            if (last.fact == .retraction && commentStart != nil) || (titleReading.reason != nil && !whenAfter) {
                trailingMarker = last.fact
            }
        }
        let strong = markers.contains { marker in
            marker.fact == .correction
                && marker.range.contains { ["no", "wait", "mean", "rather"].contains(tokens[$0].norm) }
        }

        let kind: SegmentReading.Kind
        let asked = range.upperBound < tokens.count && tokens[range.upperBound].norm == "?"
        if !title.isEmpty, let reason = MoodReader.reason(scan, facts: facts, inBroadcastSentence: inBroadcastSentence, asked: asked) {
            kind = .notATask(reason)
        } else if !title.isEmpty {
            kind = .task
        } else if !facts.isEmpty {
            kind = .factsOnly
        } else if !markers.isEmpty {
            kind = .markerOnly
        } else {
            kind = .chatter
        }
        return SegmentReading(
            kind: kind,
            title: title,
            facts: facts,
            leadingMarker: leadingMarker,
            trailingMarker: trailingMarker,
            strongCorrection: strong,
            source: source,
            trailingWhen: trailingWhen,
            leadingWhen: leadingWhen,
            details: explain
                ? SegmentDetails(range: range, recognitions: scan.recognitions, consumed: scan.consumed, titleTokens: titleTokens)
                : nil
        )
    }

    /// `scan`'s recognitions without the whens of a comment cut off the title that are not the task's: any when of a
    /// comment in the past ("call my sister back, she left me a voicemail yesterday", "the aide didn't show up again
    /// today"), a day before today, a repetition ("the prices are going up every day") or "now" ("we have 9 people now").
    private static func withoutCommentWhens(_ scan: SegmentScan, commentStart first: Int) -> [Recognition] {
        // "call my mom, Linda, at 6, she left a voicemail": a when before the comment's first word is the task's; "call
        // my mom back, uh, she called twice yesterday": a filler is no word of it.
        var commentStart = first
        while commentStart + 1 < scan.range.upperBound,
            !(scan.isFree(commentStart + 1) && scan.tokens[commentStart + 1].isWord && !scan.tokens[commentStart + 1].is(.filler))
        {
            commentStart += 1
        }
        // The comment ends at the next pause ("call the insurance, the claim was denied, first thing tomorrow").
        let end = (commentStart + 1..<scan.range.upperBound).first { scan.tokens[$0].isClauseBreak } ?? scan.range.upperBound
        let past = (commentStart..<end).contains { scan.isFree($0) && MoodReader.isPast(scan.tokens[$0].norm) }
        // "wash the uniforms tonight, the game's at 9 tomorrow": a task that says its own when takes none from the comment.
        let saysWhen = scan.recognitions.contains { $0.fact.isWhen && !(commentStart..<end).contains($0.range.lowerBound) }
        return scan.recognitions.filter { recognition in
            guard recognition.range.lowerBound > commentStart, recognition.range.lowerBound < end else { return true }
            if saysWhen, recognition.fact.isWhen { return false }
            switch recognition.fact {
            case .recurrence, .relative(seconds: 0): return false
            case .date(.relativeDays(let days)) where days < 0: return false
            case .date(.weekdayBeforeToday): return false
            default: return !(past && recognition.fact.isWhen)
            }
        }
    }

    /// Runs the recognisers over `scan`.
    private static func recognize(_ scan: inout SegmentScan) {
        CorrectionRecognizer.scan(&scan)
        RecurrenceRecognizer.scan(&scan)
        TimeRecognizer.scan(&scan)
        DateRecognizer.scan(&scan)
        RecurrenceRecognizer.attachHours(&scan)
        RecurrenceRecognizer.attachEnds(&scan)
        PriorityRecognizer.scan(&scan)
        TagRecognizer.scan(&scan)
        DateRecognizer.dropPossessiveDays(&scan)
        DateRecognizer.dropDaysOfThings(&scan)
        keepMoveTargets(&scan)
        validateAmendments(&scan)
        consumeConnectives(&scan)
        consumeRuledOut(&scan)
    }

    /// "call Jen at 6 tonight, not 5": an hour ruled out right after a when goes with it.
    private static func consumeRuledOut(_ scan: inout SegmentScan) {
        guard scan.recognitions.contains(where: { if case .time = $0.fact { true } else { false } }) else { return }
        for index in scan.range where scan.tokens[index].norm == "not" && scan.isFree(index) {
            guard let previous = scan.previousWordIndex(before: index), scan.isConsumed(previous), index + 1 < scan.range.upperBound,
                scan.isFree(index + 1), scan.tokens[index + 1].number != nil || scan.tokens[index + 1].is(.cardinal) || isClock(scan.tokens[index + 1])
            else { continue }
            var end = index + 2
            if let word = scan.free(end), word == "am" || word == "pm" { end += 1 }
            guard end >= scan.range.upperBound || scan.tokens[end].isPunctuation else { continue }
            scan.consume((previous + 1)..<end)
        }
    }

    private static func isClock(_ token: Token) -> Bool {
        if case .clock = token.kind { return true }
        return false
    }

    /// The tokens of `range` without its hesitations: fillers with the pause marks around them, and the first saying
    /// of a word said twice in a row ("at four four thirty"; not a year's "twenty twenty"); with the index of each kept
    /// token. Nil when there is none (the usual case).
    static func withoutHesitations(_ tokens: [Token], _ range: Range<Int>) -> (tokens: [Token], kept: [Int])? {
        func isRepeat(_ index: Int) -> Bool {
            let token = tokens[index]
            return token.isWord && index + 1 < range.upperBound && tokens[index + 1].isWord && tokens[index + 1].norm == token.norm
                && !Lexicon.tens.contains(token.norm) && !TitleBuilder.meantTwice.contains(token.norm)
        }
        guard range.contains(where: { tokens[$0].is(.filler) || isRepeat($0) }) else { return nil }
        var kept: [Int] = []
        kept.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            if tokens[index].is(.filler) {
                var pause: Int?
                while let last = kept.last, last == index - 1, tokens[last].isClauseBreak { pause = kept.removeLast() }
                index += 1
                while index < range.upperBound, tokens[index].isClauseBreak { index += 1 }
                // "at 5, uh, no, 6": the pause before a correction stays.
                if let pause, index < range.upperBound, tokens[index].is(.correctionStart) { kept.append(pause) }
                continue
            }
            if !isRepeat(index) { kept.append(index) }
            index += 1
        }
        return (kept.map { tokens[$0] }, kept)
    }

    /// Whether the segment is chatter ("thanks", "okay so let me think", "that's it, thanks") or a subtitle
    /// credit: every comma-separated part, without its discourse words, is a known chatter phrase.
    private static func isChatter(_ range: Range<Int>, _ words: [Int], _ tokens: [Token]) -> Bool {
        if words.contains(where: { tokens[$0].norm.utf8.last == UInt8(ascii: "g") && tokens[$0].norm.hasSuffix("amara.org") }) {
            return true
        }
        if words.count >= 2, tokens[words[1]].norm == "by", Lexicon.creditOpenings.contains(tokens[words[0]].norm) {
            return true
        }
        // The part's words, as token indices.
        var part: [Int] = []
        // "Biscuit, drop it.", "Okay Rufus, sit.": one capitalised word is a pet's or a child's name when a command to
        // them is said in the same segment.
        var calledName = false
        var commandSaid = false
        var lastWord = range.lowerBound
        func partIsChatter() -> Bool {
            let firstContent = part.firstIndex { !tokens[$0].is(.discourse) } ?? part.count
            if firstContent == part.count { return true }
            let first = tokens[part[0]].norm
            // "Thanks, babe.": a name called after chatter; "testing, one, two, three": a microphone check.
            if part.count == 1, MoodReader.vocatives.contains(first) || ["one", "two", "three", "four", "testing"].contains(first) {
                return true
            }
            // Most parts are tasks: rule them out before joining words into a phrase.
            let opensChatter = Lexicon.chatterFirstWords.contains(tokens[part[firstContent]].norm)
            if opensChatter || (firstContent > 0 && Lexicon.chatterFirstWords.contains(first)) {
                var said = part[firstContent...].map { tokens[$0].norm }
                // ("a few things for Dad": whom the tasks after it are for.)
                if let things = said.firstIndex(of: "things"), things + 1 < said.count, said[things + 1] == "for", said.count - things <= 4 {
                    said.removeSubrange((things + 1)...)
                }
                let content = said.joined(separator: " ")
                if Lexicon.chatter.contains(content) || Lexicon.chatter.contains(part.map { tokens[$0].norm }.joined(separator: " ")) {
                    if Lexicon.roomCommands.contains(content) { commandSaid = true }
                    return true
                }
            }
            if firstContent == part.count - 1, tokens[lastWord].isCapitalized, !tokens[lastWord].is(.actionVerb),
                !tokens[lastWord].is(.weekday), !tokens[lastWord].is(.month)
            {
                calledName = true
                return true
            }
            // "mm-hmm yeah totally", "uh huh uh huh", "wait what": chatter said without a pause between its phrases.
            return opensChatter && Lexicon.isChatterRun(ArraySlice(part[firstContent...].map { tokens[$0].norm }))
        }
        for index in range {
            let token = tokens[index]
            if token.isPunctuation {
                guard token.isClauseBreak || token.norm == "!" else { continue }
                if !partIsChatter() { return false }
                part.removeAll(keepingCapacity: true)
            } else {
                part.append(index)
                lastWord = index
                if part.count > 8 { return false }
            }
        }
        return partIsChatter() && (!calledName || commandSaid)
    }

    /// Verbs that move something in time ("reschedule the haircut from Thursday to Friday").
    static let moveVerbs: Set<String> = [
        "move", "moved", "reschedule", "rescheduled", "push", "pushed", "postpone", "postponed", "bump", "bumped", "shift",
        "shifted", "change", "changed", "delay", "delayed", "switch", "switched", "slipped", "slip", "slid", "moving", "rescheduling",
        "pushing", "postponing", "switching",
    ]

    /// Verbs of telling, whose message may say a day ("let the team know the deadline is Friday").
    static let tellingVerbs: Set<String> = ["tell", "let", "text", "email", "inform", "warn", "notify", "message"]

    /// The days and times a move verb moves something from or to stay in the title: "move the dentist to next Friday",
    /// "reschedule the haircut from Thursday to next Wednesday at 4", "tell Sam the meeting moved to Thursday". They
    /// say what to change, not when the task is due; a when said otherwise still is ("call the salon tomorrow to move my
    /// haircut to Friday" is due tomorrow). So do the days a message says is when something is ("let the team know the
    /// deadline is Friday", "tell Sam the party is on Saturday").
    private static func keepMoveTargets(_ scan: inout SegmentScan) {
        guard let verb = scan.range.first(where: { scan.tokens[$0].is(.reportingVerb) && scan.isFree($0) }) else { return }
        let reporting = scan.range.filter { scan.tokens[$0].is(.reportingVerb) && scan.isFree($0) }
        let moving = reporting.first { moveVerbs.contains(scan.tokens[$0].norm) } ?? scan.range.upperBound
        let telling = reporting.first { tellingVerbs.contains(scan.tokens[$0].norm) } ?? scan.range.upperBound
        var kept: [Range<Int>] = []
        for recognition in scan.recognitions.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where recognition.fact.isWhen && recognition.range.lowerBound > verb {
            let start = recognition.range.lowerBound
            // "to next Wednesday at 4": what follows a kept when directly goes with it.
            if let last = kept.last, start == last.upperBound || (start == last.upperBound + 1 && scan.tokens[last.upperBound].is(.connective)) {
                kept.append(recognition.range)
                continue
            }
            var before = start - 1
            while before > verb, scan.tokens[before].isClauseBreak { before -= 1 }
            if start > moving, ["to", "from", "until", "till"].contains(scan.tokens[before].norm) {
                kept.append(recognition.range)
                continue
            }
            if start > telling, scan.tokens[before].norm == "on" { before -= 1 }
            if start > telling, ["is", "are", "was", "'s"].contains(scan.tokens[before].norm) { kept.append(recognition.range) }
        }
        guard !kept.isEmpty else { return }
        var position = scan.recognitions.count - 1
        while position >= 0 {
            if kept.contains(scan.recognitions[position].range) { scan.release(at: position) }
            position -= 1
        }
    }

    /// An amendment marker ("make it", "actually") stands only when nothing but dates, times, priorities and
    /// connectives follow it; otherwise its words belong to the title ("make it to the bank").
    private static func validateAmendments(_ scan: inout SegmentScan) {
        var position = scan.recognitions.count - 1
        while position >= 0 {
            let recognition = scan.recognitions[position]
            if recognition.fact == .amendment {
                var index = recognition.range.upperBound
                var valid = true
                while index < scan.range.upperBound {
                    let token = scan.tokens[index]
                    // "make it 4, about the first dance song": the amendment ends at the pause after its when.
                    if token.isClauseBreak, (recognition.range.upperBound..<index).contains(where: { scan.isConsumed($0) && !scan.tokens[$0].isPunctuation }) {
                        break
                    }
                    if scan.isFree(index), !token.isPunctuation, !token.is(.connective), !token.is(.filler) {
                        valid = false
                        break
                    }
                    index += 1
                }
                if !valid { scan.release(at: position) }
            }
            position -= 1
        }
    }

    /// Connectives that are prepositions of their own: only one of them goes with a when ("at around 5", "sometime on
    /// Friday", but "put the tires on before Thanksgiving").
    static let prepositions: Set<String> = ["by", "on", "at", "before", "for", "until", "till", "til", "from", "after"]

    /// Whens that "on" never introduces, so an "on" before one is the verb's ("turn the heater on tonight").
    private static let onlessWhens: Set<String> = ["tonight", "today", "tomorrow", "tmrw", "now", "later", "daily", "nightly"]

    /// Verbs that take "on" after their object ("turn the heater on", "put the sleeve on", "leave the porch light on").
    private static let onParticleVerbs: Set<String> = ["turn", "switch", "put", "leave", "keep", "try", "plug", "hook", "slip", "pop"]

    /// Consumes "by", "on", "at", … left just before a consumed date or time ("call mom on Friday").
    /// Two words before a when that only lead into it.
    private static let leadPairs: [[String]] = [["on", "or"], ["by", "or"], ["any", "time"]]

    private static func consumeConnectives(_ scan: inout SegmentScan) {
        for recognition in scan.recognitions where recognition.fact.isWhen && scan.isConsumed(recognition.range.lowerBound) {
            // "by Friday at the latest": the words after a when that only stress it.
            if let end = scan.matchAny(stressPhrasesAfterWhen, at: recognition.range.upperBound) {
                scan.consume(recognition.range.upperBound..<end)
            }
            var index = recognition.range.lowerBound - 1
            // "for sometime in February": a "sometime" read as a priority stands between a connective and its when.
            if index > scan.range.lowerBound, !scan.isFree(index), scan.tokens[index].norm == "sometime" { index -= 1 }
            while index >= scan.range.lowerBound, scan.isFree(index) {
                // "for, like, next Tuesday", "by, like, Friday": "like" said as a filler after the connective.
                if let preposition = fillerLike(scan, before: index + 1) {
                    scan.consume(preposition + 1..<index + 1)
                    index = preposition
                    continue
                }
                let token = scan.tokens[index]
                let isTime: Bool
                switch recognition.fact {
                case .time, .midnight: isTime = true
                default: isTime = false
                }
                // "in the first week of January", "during the last week of the month": "in" before a day that begins "the".
                let beforeThe =
                    !isTime && index == recognition.range.lowerBound - 1 && (token.norm == "in" || token.norm == "during")
                    && scan.tokens[recognition.range.lowerBound].norm == "the"
                // "on or before Friday", "any time tomorrow": two words that only lead into the when.
                if index > scan.range.lowerBound, scan.isFree(index - 1), let end = scan.matchAny(leadPairs, at: index - 1), end == index + 1 {
                    scan.consume(index - 1..<end)
                    index -= 2
                    continue
                }
                guard token.is(.connective) || (isTime && token.is(.timeConnective)) || beforeThe else {
                    break
                }
                // "cash up the till tonight": a connective after its determiner is a thing.
                if ["till", "due"].contains(token.norm), index > scan.range.lowerBound,
                    ["the", "a", "my", "our", "this", "that"].contains(scan.tokens[index - 1].norm)
                {
                    break
                }
                // "walk around every hour", "check in the night before": a particle of the verb before it.
                if token.norm == "around" || token.norm == "in", index > scan.range.lowerBound, scan.tokens[index - 1].is(.actionVerb),
                    index - 1 == scan.range.lowerBound || !scan.tokens[index - 2].is(.objectStarter)
                {
                    break
                }
                if token.norm == "due", let previous = scan.norm(index - 1) {
                    // "return the books before they're due on the 30th": the clause only says the day.
                    let subject = ["they're", "it's", "its", "theyre"].contains(previous) ? 1 : ["is", "are"].contains(previous) ? 2 : 0
                    if subject > 0, let opener = scan.norm(index - 1 - subject), ["before", "until", "till", "when", "by"].contains(opener),
                        (scan.range.lowerBound..<index).suffix(subject + 1).allSatisfy({ scan.isFree($0) })
                    {
                        scan.consume((index - 1 - subject)..<(index + 1))
                        break
                    }
                    // "the taxes are due January 15th": "due" says what the day is.
                    if TitleBuilder.copulas.contains(previous) { break }
                }
                // "turn the heater on tonight", "put the sleeve on every night": "on" before a when it never introduces is a
                // particle of the verb ("call mom on every Sunday" is the when's).
                if token.norm == "on", index == recognition.range.lowerBound - 1,
                    (scan.range.lowerBound..<index).contains(where: { onParticleVerbs.contains(scan.tokens[$0].norm) }),
                    onlessWhens.contains(scan.tokens[index + 1].norm)
                        || (["every", "each"].contains(scan.tokens[index + 1].norm)
                            && (scan.norm(index + 2).map { Lexicon.dayParts.contains($0) || $0 == "day" } ?? false))
                {
                    break
                }
                // "put the tires on before Thanksgiving": two prepositions in a row are a particle and a connective.
                // "get the snow tires put on in early December": so is one before a when that begins "in".
                if prepositions.contains(token.norm),
                    (index + 1 < recognition.range.lowerBound
                        && (prepositions.contains(scan.tokens[index + 1].norm)
                            || (scan.tokens[index + 1].norm == "around" && index > scan.range.lowerBound && scan.tokens[index - 1].is(.actionVerb))))
                        || ["in", "within", "during"].contains(scan.tokens[index + 1].norm)
                {
                    break
                }
                scan.consume(index..<index + 1)
                index -= 1
            }
            // "at the latest by 6": the stress said before the when's own connective.
            if index + 1 < recognition.range.lowerBound, let start = stressBefore(scan, end: index + 1) {
                scan.consume(start..<index + 1)
            }
        }
    }

    /// Where the preposition is when "like", with or without commas around it, ends right before `end`: "for, like, next
    /// Tuesday", "by like Friday".
    private static func fillerLike(_ scan: SegmentScan, before end: Int) -> Int? {
        guard let preposition = scan.wordBeforeFiller(likeFiller, endingBefore: end), scan.isFree(preposition),
            prepositions.contains(scan.tokens[preposition].norm), (preposition + 1..<end).allSatisfy({ scan.isFree($0) })
        else { return nil }
        return preposition
    }

    /// "like" said as a filler.
    private static let likeFiller = ["like"]

    /// Words that only stress a when: "by Friday at the latest", "at the very latest by 6".
    private static let stressPhrases: [[String]] = [["at", "the", "very", "latest"], ["at", "the", "latest"], ["at", "the", "earliest"]]
    /// The stress phrases, and the short "at latest" said right after a when.
    private static let stressPhrasesAfterWhen = stressPhrases + [["at", "latest"]]

    /// Where "at the latest", "at the very latest" or "at the earliest" begins when it ends right before `end`.
    private static func stressBefore(_ scan: SegmentScan, end: Int) -> Int? {
        guard let last = scan.norm(end - 1), last == "latest" || last == "earliest" else { return nil }
        for length in 3...4 where end - length >= scan.range.lowerBound {
            let start = end - length
            guard (start..<end).allSatisfy({ scan.isFree($0) }),
                let stop = scan.matchAny(stressPhrases, at: start),
                stop == end
            else { continue }
            return start
        }
        return nil
    }
}
