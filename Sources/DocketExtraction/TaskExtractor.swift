/// Turns the transcript of a spoken note into tasks, following docket's task-language rules.
///
/// The pipeline is pure and deterministic: tokenize → split into segments → run the recognisers
/// (corrections, recurrence, time, date, priority, tags) over each segment → build the title from what is
/// left → apply corrections across segments → share a trailing repetition across "and"-joined tasks → resolve
/// dates against the reference time and zone.
public struct TaskExtractor: Sendable {
    /// Whether `new`, said after a correction, says `old` again with another verb or another thing ("Call the nursery" and
    /// "Email the nursery about the sessions", "Call mom" and "Call dad"; not "Call dad too").
    static func sameThingAgain(_ old: String, _ new: String) -> Bool {
        let before = old.lowercased().split(separator: " ")
        let after = new.lowercased().split(separator: " ")
        guard before.count >= 2, after.count >= 2, !["too", "also"].contains(after[after.count - 1]) else { return false }
        if before[0] == after[0] { return true }
        return after.count >= before.count && after[1..<before.count].elementsEqual(before[1...])
    }

    /// First words of a title that says no action ("After the service", "The new starter's first day", "If it's dry").
    static let noActionOpeners: Set<String> = [
        "after", "before", "during", "once", "until", "the", "a", "an", "my", "our", "his", "her", "their", "this", "that",
        "if", "when", "while", "as", "what", "for", "with", "between", "assuming", "weather", "all", "whenever", "unless", "let",
    ]

    /// Whens said after "both" ("both tomorrow", "both on Friday").
    static let bothWhens: Set<String> = ["tomorrow", "today", "tonight", "on", "at", "by", "next", "this", "in", "before", "after", "every"]

    /// Title of a task that is only a when ("remind me tomorrow at 5").
    static let reminderTitle = "Reminder"

    /// Whether the words of `range` open with a priority word, or end with a short clause that holds one after a pause
    /// (", it's urgent").
    static func opensOrClosesWithPriority(_ range: Range<Int>, _ tokens: [Token]) -> Bool {
        func isPriorityWord(_ index: Int) -> Bool {
            PriorityRecognizer.phrases[tokens[index].norm] != nil || PriorityRecognizer.adjectives.contains(tokens[index].norm)
        }
        let words = range.filter { tokens[$0].isWord && !tokens[$0].is(.discourse) && !tokens[$0].is(.filler) }
        guard let first = words.first else { return false }
        if PriorityRecognizer.phrases[tokens[first].norm] != nil { return true }
        guard let pause = range.last(where: { tokens[$0].isClauseBreak && $0 < words[words.count - 1] }) else { return false }
        let tail = words.filter { $0 > pause }
        return tail.count <= 4 && tail.contains(where: isPriorityWord)
    }

    /// Whether the words of `range` are a short fragment with no verb, lead-in or need ("No windows", "Big mistake",
    /// "Two a week", "there it goes": "it" opens a lead-in only as "it might be time to…"): said after talk, it goes on
    /// with it.
    static func isBareFragment(_ range: Range<Int>, _ tokens: [Token]) -> Bool {
        let words = range.filter { tokens[$0].isWord && !tokens[$0].is(.discourse) && !tokens[$0].is(.filler) }
        guard let first = words.first, let last = words.last, words.count <= 4 else { return false }
        // ("Milk, eggs, bread." is a list.)
        if (first..<last).contains(where: { tokens[$0].norm == "," }) { return false }
        return !words.contains {
            tokens[$0].is(.actionVerb) || (tokens[$0].is(.leadInStart) && tokens[$0].norm != "it") || fragmentNeeds.contains(tokens[$0].norm)
                || tokens[$0].norm.contains("'")
        }
    }

    /// Words that make a fragment a need ("more milk", "out of eggs").
    static let fragmentNeeds: Set<String> = ["need", "needs", "more", "out", "low", "due", "must"]

    /// Creates an extractor.
    public init() {}

    /// The tasks said in `transcript`, resolved against `context`.
    /// - Parameters:
    ///   - heard: The note's words (a verb the recogniser misheard at the start of a task is mended first).
    ///   - context: Reference time, zone and known names.
    ///   - explain: Whether to fill `ExtractionResult.readings` with how each word was read (slower).
    public func extract(from heard: String, context: ExtractionContext, explain: Bool = false) -> ExtractionResult {
        var transcript = heard
        var tokens = Tokenizer.tokenize(transcript)
        let mended = MisheardVerbs.repaired(transcript, tokens: tokens)
        if let mended {
            transcript = mended.text
            tokens = Tokenizer.tokenize(mended.text)
        }
        // Sources and excerpts quote the words as heard.
        func quote(_ range: Range<String.Index>) -> String { mended?.heardText(of: range) ?? String(transcript[range]) }
        let segments = Segmenter.segments(of: tokens)
        guard !segments.isEmpty else {
            return ExtractionResult(tasks: [], readings: explain ? Explanation.splitWords(tokens, transcript, segments) : [])
        }
        let known = context.known
        let broadcast = MoodReader.broadcastSentences(tokens)

        var drafts: [Draft] = []
        // Whether the last task so far has a day (read in place: `drafts.last` would copy the whole draft).
        var lastHasDay: Bool { !drafts.isEmpty && drafts[drafts.count - 1].facts.date != nil }
        var diagnostics: [ExtractionDiagnostic] = []
        var prefix: (sentence: Int, facts: TaskFacts, source: Range<String.Index>?, segment: Int)?
        var leadingWhen: (sentence: Int, facts: TaskFacts, heading: Bool)?
        // The day said before a sentence's first task ("Tomorrow at 3 p.m., interview the candidate."), for later
        // sentences that say only a time.
        var leadingDay: DateSpec?
        var replacePrevious = false
        // The segment whose task a correction ended ("call the nursery — sorry,"), when it did not replace it.
        var correctedAt: Int?
        var chain = 0
        var lastTaskSegment: Int?
        // The sentence of the last clause read as talk, while no task has followed it.
        var talkSentence: Int?
        var readings: [SegmentReading] = []
        if explain { readings.reserveCapacity(segments.count) }
        // The next segment after `position` that is not chatter ("Next Tuesday. Um. Call the vet."), read ahead.
        func nextReading(after position: Int, past skipped: (SegmentReading) -> Bool = { _ in false }) -> (Int, SegmentReading)? {
            for next in (position + 1)..<segments.count {
                let reading = SegmentReader.read(
                    segments[next], tokens: tokens, transcript: transcript, known: known,
                    inBroadcastSentence: broadcast.contains(segments[next].sentence), hasAnchorDay: lastHasDay)
                if reading.kind == .chatter || skipped(reading) { continue }
                return (next, reading)
            }
            return nil
        }
        // The segment of the task said next after `position`, if a task is what comes next, past a correction of the when
        // on the way ("Friday. Uh, no, Thursday. Pick up the cake.").
        func nextTask(after position: Int) -> Int? {
            let found = nextReading(after: position) {
                $0.kind == .factsOnly && ($0.leadingMarker == .correction || $0.leadingMarker == .amendment || $0.facts.hasWhen)
            }
            guard let (next, reading) = found, reading.kind == .task else { return nil }
            return next
        }
        // "Order flowers for Monday. Scratch that. Make it Tuesday.": a retraction a when follows corrects the task.
        var retractionAmends = false
        // The sentences of the last clause said to someone in the room, and of the last statement.
        var commandSentence: Int?
        var statementSentence: Int?

        for (position, segment) in segments.enumerated() {
            var reading = SegmentReader.read(
                segment, tokens: tokens, transcript: transcript, known: known,
                inBroadcastSentence: broadcast.contains(segment.sentence),
                hasAnchorDay: lastHasDay, explain: explain)
            // "call the vet and, honestly this one is overdue, schedule my mammogram": an aside of three words or more is
            // said of the task it introduces, not a task of its own ("… and, um, paper towels, book the kennel" is one).
            if segment.isAside, reading.kind == .task, segment.range.filter({ tokens[$0].isWord }).count >= 3 { reading.kind = .factsOnly }
            if explain { readings.append(reading) }
            if let current = prefix, segment.sentence > current.sentence { prefix = nil }
            switch reading.kind {
            case .chatter:
                continue
            case .notATask(let reason):
                // "Book the hotel. Never mind, I already did it.": the take-back still holds.
                if reading.leadingMarker == .retraction, !drafts.isEmpty {
                    drafts.removeLast()
                    continue
                }
                // "Call the pharmacy. Urgent, I only have two pills left.", "call the card company, I think someone stole my
                // number, it's urgent": a priority said first or last with a statement is the task's before.
                if let priority = reading.facts.priority, !reading.facts.hasWhen, !drafts.isEmpty, drafts[drafts.count - 1].facts.priority == nil,
                    Self.opensOrClosesWithPriority(segment.range, tokens)
                {
                    drafts[drafts.count - 1].facts.priority = priority
                }
                diagnostics.append(ExtractionDiagnostic(message: "Not a task: \(reason.phrase).", excerpt: quote(reading.source)))
                talkSentence = segment.sentence
                // ("cash up the till tonight, no, make that this evening, I'm out later. Also update the spreadsheet": what
                // the correction said was talk, so the next task replaces nothing.)
                replacePrevious = false
                commandSentence = reason == .roomCommand ? segment.sentence : nil
                statementSentence = reason == .statement && Self.narrates(segment.range, tokens) ? segment.sentence : nil
                continue
            case .markerOnly:
                if reading.leadingMarker == .retraction, !drafts.isEmpty, let (after, next) = nextReading(after: position),
                    next.kind == .factsOnly, next.facts.hasWhen, nextTask(after: after) == nil
                {
                    retractionAmends = true
                    if explain { drafts[drafts.count - 1].segments.append(position) }
                } else if reading.leadingMarker == .retraction {
                    if drafts.isEmpty {
                        diagnostics.append(ExtractionDiagnostic(message: "Nothing to take back.", excerpt: quote(reading.source)))
                    } else {
                        drafts.removeLast()
                    }
                } else if reading.strongCorrection, !drafts.isEmpty,
                    // ("Also, the — no, call the venue": what the marker puts right is the start said before it.)
                    !segment.range.prefix(while: { !tokens[$0].is(.correctionStart) }).contains(where: {
                        tokens[$0].isWord && !tokens[$0].is(.filler) && !tokens[$0].is(.discourse)
                    }) || Self.replacesOutright(tokens, after: segment.range.upperBound)
                {
                    replacePrevious = true
                    if explain { drafts[drafts.count - 1].segments.append(position) }
                }
            case .factsOnly:
                // What leads into the first task of `sentence`, added to what already does and no task has taken yet.
                func lead(into sentence: Int) {
                    if let current = prefix, current.sentence == sentence, current.source != nil {
                        prefix?.facts.fill(from: reading.facts)
                    } else {
                        prefix = (sentence, reading.facts, reading.source, position)
                    }
                }
                // "… and, actually this one matters, send …": an aside's "actually" corrects nothing.
                let amends =
                    retractionAmends || (!segment.isAside && (reading.leadingMarker == .amendment || reading.leadingMarker == .correction))
                retractionAmends = false
                let nextInSentence = position + 1 < segments.count && segments[position + 1].sentence == segment.sentence
                if case .anchored = reading.facts.date, !drafts.isEmpty {
                    // "…, remind me a week before": the reminder moves the task before it.
                    drafts[drafts.count - 1].facts.amend(with: Self.anchoring(reading.facts, to: drafts))
                    drafts[drafts.count - 1].absorb(reading.source, segment: position, explain: explain)
                } else if amends, let current = prefix, segment.sentence <= current.sentence {
                    // "Friday. Uh, no, Thursday. Pick up the cake.": the correction changes the when still to come.
                    prefix?.facts.amend(with: reading.facts)
                    if let source = current.source { prefix?.source = source.lowerBound..<reading.source.upperBound }
                } else if amends, !drafts.isEmpty {
                    drafts[drafts.count - 1].facts.amend(with: reading.facts)
                    drafts[drafts.count - 1].absorb(reading.source, segment: position, explain: explain)
                    replacePrevious = false
                } else if !amends, nextInSentence {
                    // "Important. Every Friday at 4, send the timesheet": both lead into the task.
                    lead(into: segment.sentence)
                } else if !amends, Self.mayHead(reading, after: drafts), let next = nextTask(after: position) {
                    // "Tomorrow. Buy milk and call mom.", "Remind me Friday at 3. Call the dentist.": a sentence that
                    // says only when heads the task that follows it, with any other said before ("Tomorrow. At 5. Call mom.").
                    lead(into: segments[next].sentence)
                } else if !drafts.isEmpty {
                    drafts[drafts.count - 1].facts.fill(from: reading.facts)
                    // "Call mom at 9. Tonight.": a part of the day said after a bare hour puts the hour in it.
                    if let time = drafts[drafts.count - 1].facts.time, time.meridiem == .unspecified,
                        drafts[drafts.count - 1].facts.partOfDay == nil, reading.facts.time == nil
                    {
                        drafts[drafts.count - 1].facts.partOfDay = reading.facts.partOfDay
                    }
                    drafts[drafts.count - 1].absorb(reading.source, segment: position, explain: explain)
                } else if !amends, reading.facts.hasWhen {
                    // "Remind me tomorrow at 5": a when with nothing to do is a reminder.
                    chain += 1
                    lastTaskSegment = position
                    drafts.append(
                        Draft(
                            title: Self.reminderTitle, facts: reading.facts, source: reading.source, chain: chain, trailingWhen: true,
                            segments: explain ? [position] : [])
                    )
                } else {
                    let message =
                        amends ? "A correction with no task before it; ignored." : "A priority with no task; ignored."
                    diagnostics.append(ExtractionDiagnostic(message: message, excerpt: quote(reading.source)))
                }
            case .task:
                // "Our team got moved to the fourth floor. No windows.", "I stepped on the scale. Big mistake.": a few words
                // with no verb, need or when, in a sentence after talk, go on with the talk.
                if let talk = talkSentence, segment.sentence > talk, !reading.facts.hasWhen, reading.facts.priority == nil,
                    Self.isBareFragment(segment.range, tokens)
                {
                    diagnostics.append(ExtractionDiagnostic(message: "Not a task: \(NotATaskReason.statement.phrase).", excerpt: quote(reading.source)))
                    continue
                }
                // "Rachel, please call Mr. Dunn and move him to Friday": what follows "and" is said to the same person.
                // ("Rachel, please call Mr. Dunn, and remind me to buy milk": the speaker's own.)
                if commandSentence == segment.sentence, segment.range.lowerBound > 0, tokens[segment.range.lowerBound - 1].norm == "and",
                    let first = segment.range.first(where: { tokens[$0].isWord }), tokens[first].is(.actionVerb), tokens[first].norm != "remind"
                {
                    diagnostics.append(ExtractionDiagnostic(message: "Not a task: \(NotATaskReason.roomCommand.phrase).", excerpt: quote(reading.source)))
                    continue
                }
                commandSentence = nil
                // "he came over and put the new door on", "I went out and fit the tires": a verb whose past is said the same
                // goes on with what happened.
                // ("the report came in and read it before Monday", "the grass is getting long and cut it this weekend" ask.)
                if statementSentence == segment.sentence, segment.range.lowerBound > 0, tokens[segment.range.lowerBound - 1].norm == "and",
                    let first = segment.range.first(where: { tokens[$0].isWord }), Self.sameFormPasts.contains(tokens[first].norm),
                    !reading.facts.hasWhen || segment.range.contains(where: { ["yesterday", "ago", "last"].contains(tokens[$0].norm) })
                {
                    diagnostics.append(ExtractionDiagnostic(message: "Not a task: \(NotATaskReason.statement.phrase).", excerpt: quote(reading.source)))
                    continue
                }
                statementSentence = nil
                // "okay Mike, send it", "Mom, sit down, I'll go ask the nurse": a name called is no task of its own.
                if !reading.facts.hasWhen, Self.isNameCalled(reading.title, in: segment.range, tokens) {
                    diagnostics.append(ExtractionDiagnostic(message: "Not a task: \(NotATaskReason.roomCommand.phrase).", excerpt: quote(reading.source)))
                    continue
                }
                talkSentence = nil
                if reading.trailingMarker == .retraction {
                    // "order flowers for Monday, scratch that, make it Tuesday": the task stays, its when is corrected.
                    guard let (after, next) = nextReading(after: position), next.kind == .factsOnly, next.facts.hasWhen,
                        nextTask(after: after) == nil
                    else { continue }
                    retractionAmends = true
                }
                // "the car needs an oil change, schedule it for next Saturday": when to do the task before.
                if Self.schedulesPrevious(reading), !drafts.isEmpty, !drafts[drafts.count - 1].facts.hasWhen {
                    drafts[drafts.count - 1].facts.fill(from: reading.facts)
                    drafts[drafts.count - 1].absorb(reading.source, segment: position, explain: explain)
                    continue
                }
                // "Call the DJ at 3, no, make it 4, about the first dance song": what the task is about, said after its when
                // was put right, goes on its title. "Text Amir tomorrow, actually no, do it today": "do it" with a when is the
                // task before, at that when.
                let about =
                    reading.leadingMarker == .correction || reading.leadingMarker == .amendment
                    ? reading.title.split(separator: " ", maxSplits: 1).first.map { ["about", "regarding", "re"].contains($0.lowercased()) } ?? false
                    : false
                let doIt = reading.facts.hasWhen && reading.title.utf8.count <= 16 && Self.taskBefore.contains(reading.title.lowercased())
                if about || doIt, !drafts.isEmpty {
                    if about { drafts[drafts.count - 1].title += " " + reading.title.prefix(1).lowercased() + reading.title.dropFirst() }
                    drafts[drafts.count - 1].facts.amend(with: reading.facts)
                    drafts[drafts.count - 1].absorb(reading.source, segment: position, explain: explain)
                    replacePrevious = false
                    continue
                }
                var facts = reading.facts
                var source = reading.source
                var parts: [Int] = explain ? [position] : []
                // ("call the nursery — sorry, email the nursery about the sessions": the same thing with another verb puts the
                // task before right.)
                let redone = correctedAt == position - 1 && drafts.last.map { Self.sameThingAgain($0.title, reading.title) } == true
                let replaces = replacePrevious || redone || (reading.leadingMarker == .correction && reading.strongCorrection)
                // A when said before the first task ("Tomorrow first thing, descale the coffee machine, then caramelise the
                // onions") is that task's, and the tasks joined to it by a bare "and" ("Tomorrow, do laundry and call
                // Grandma"), or what puts it right ("first thing tomorrow, block out the — no, hold the hall").
                // ("On Sunday after the service, thank the choir", "next Monday, the new starter's first day, set up her login":
                // words said before the action that took the when are no action of their own.)
                let afterNoAction =
                    lastTaskSegment == position - 1
                    && drafts.last.map { draft in
                        let first = draft.title.prefix { $0 != " " }.lowercased()
                        return Self.noActionOpeners.contains(first) || first.hasSuffix("'s")
                    } ?? false
                let sharesLeadingWhen = replaces || afterNoAction || (segment.andJoined && lastTaskSegment == position - 1 && !drafts.isEmpty)
                if let current = prefix {
                    if let day = Self.dayToCarry(current.facts) { leadingDay = day }
                    // ("before Christmas: order the turkey, book the carol service": a when said as a list's heading is every
                    // item's.)
                    let headingEnd = segments[current.segment].range.upperBound
                    let heading = headingEnd < tokens.count && tokens[headingEnd].norm == ":"
                    let whenShared = current.source != nil || sharesLeadingWhen || heading
                    if facts.date != nil && current.facts.date != nil || !whenShared {
                        // "first thing Monday, send the contract, and schedule the offsite for the second week of December":
                        // a task with a day of its own takes no time from another day; a later task takes only what is not a
                        // when (a project, a label, a priority).
                        var others = current.facts
                        others.clearTime()
                        others.date = nil
                        others.recurrence = nil
                        facts.fill(from: others)
                    } else {
                        facts.fill(from: current.facts)
                    }
                    // The leading words belong to the first task after them.
                    if let prefixSource = current.source, prefixSource.upperBound <= source.lowerBound {
                        source = prefixSource.lowerBound..<source.upperBound
                        prefix?.source = nil
                        if explain { parts.insert(current.segment, at: 0) }
                    }
                }
                if replaces, !drafts.isEmpty { drafts.removeLast() }
                // ("Process the — sorry, first verify the documents": a start cut off is put right by any correction.)
                replacePrevious =
                    reading.trailingMarker == .correction
                    && (reading.strongCorrection
                        || ["the", "a", "an", "my", "our", "to"].contains(reading.title.split(separator: " ").last?.lowercased() ?? ""))
                correctedAt = reading.trailingMarker == .correction && !replacePrevious ? position : nil
                // "buy milk and call mom tomorrow": tasks joined by a bare "and" form a chain.
                let followsTask = lastTaskSegment == position - 1 && !replaces && !drafts.isEmpty
                let continues =
                    segment.andJoined && followsTask
                    && drafts[drafts.count - 1].chain == chain
                if !continues { chain += 1 }
                lastTaskSegment = position
                facts = Self.anchoring(facts, to: drafts)
                // "tonight I need to pack for the trip and charge the camera batteries": a task a bare "and" joins to the first,
                // or one that puts it right, shares the when said before the first ("… and then grab groceries" does not).
                if let shared = leadingWhen, shared.sentence == segment.sentence, !facts.hasWhen, sharesLeadingWhen || shared.heading {
                    facts.fill(from: shared.facts)
                }
                if let leading = reading.leadingWhen {
                    // ("before Christmas: order the turkey, book the carol service": a when said as a list's heading.)
                    leadingWhen = (segment.sentence, leading, segment.range.contains { tokens[$0].norm == ":" })
                    if let day = Self.dayToCarry(leading) { leadingDay = day }
                }
                // "Drop off Coco on Saturday at 9:30 and pick her up at 1", "interview Sam tomorrow at 11 and Jo at 3": a task
                // joined by "and", or sharing the verb of the one before, that says only a clock time is on the day of the
                // task before it when that one has a clock time too ("buy milk tomorrow and call mom at 5" leaves the call
                // today).
                let chained = continues || (segment.sharedVerb != nil && followsTask)
                let saysOnlyClock = facts.date == nil && facts.partOfDay == nil && facts.recurrence == nil && facts.relativeSeconds == nil
                if chained, facts.date == nil, facts.time != nil, facts.relativeSeconds == nil, facts.recurrence == nil,
                    let previous = drafts.last?.facts, previous.time != nil, let day = Self.dayToCarry(previous)
                {
                    facts.date = day
                }
                // "call mom at 8 tonight and Dad at 9": a bare hour after one in the evening is in the evening too.
                if chained, saysOnlyClock, var time = facts.time, time.meridiem == .unspecified, (7...11).contains(time.hour),
                    let previous = drafts.last?.facts, Self.isEvening(previous)
                {
                    time.meridiem = .pm
                    facts.time = time
                }
                // "… At 4:30, debrief with HR.", "Tomorrow morning email the client and at noon go to the bank": a later task
                // that says only a clock time is on that day.
                if let day = leadingDay, facts.date == nil, facts.time != nil || facts.partOfDay != nil,
                    facts.relativeSeconds == nil, facts.recurrence == nil
                {
                    facts.date = day
                }
                // "call Dad at 2 and Mom at 4 every day": a repetition said last, after the task whose verb is left unsaid,
                // is the one before's too when that one says only its hour.
                if segment.sharedVerb != nil, followsTask, let repeats = facts.recurrence, let last = drafts.indices.last,
                    drafts[last].facts.recurrence == nil, drafts[last].facts.date == nil, drafts[last].facts.time != nil
                {
                    drafts[last].facts.recurrence = repeats
                }
                drafts.append(
                    Draft(title: reading.title, facts: facts, source: source, chain: chain, trailingWhen: reading.trailingWhen, segments: parts)
                )
            }
        }
        shareTrailingWhen(&drafts, transcript: transcript)
        if context.screensRoomTalk, !drafts.isEmpty { screenRoomTalk(&drafts, &diagnostics, heard: heard, tokens: tokens, transcript: transcript) }

        // (Made for each note: a `Calendar` is not to be shared between threads reading notes at once.)
        let resolver = DueResolver(referenceDate: context.referenceDate, zone: context.timeZone)
        let zoneLabel = ZoneParser.label(for: context.timeZone)
        let tasks = drafts.map { draft -> ExtractedTask in
            let due = resolver.resolve(Self.eveningByName(draft.facts, title: draft.title))
            return ExtractedTask(
                title: draft.title,
                dueDate: due.date,
                dueTime: due.time,
                dueAt: due.instant,
                timeZone: zoneLabel,
                priority: draft.facts.priority ?? .none,
                labels: draft.facts.labels,
                project: draft.facts.project,
                recurrence: due.recurrence ?? draft.facts.recurrence?.rule,
                sourceText: quote(draft.source)
            )
        }
        var result = ExtractionResult(tasks: tasks, diagnostics: diagnostics)
        if explain {
            var taskOfSegment = [Int?](repeating: nil, count: segments.count)
            for (index, draft) in drafts.enumerated() {
                for part in draft.segments { taskOfSegment[part] = index }
            }
            result.readings = Explanation.readings(
                segments: segments,
                readings: readings,
                taskOfSegment: taskOfSegment,
                tokens: tokens,
                transcript: transcript,
                resolver: resolver
            )
        }
        return result
    }

    /// Reads a when on its own ("friday 3pm", "every monday at 9", "in two hours"), as `docket edit --due` takes
    /// it: the due fields and recurrence of a task, or nil when the words are not wholly a when.
    public func when(in text: String, context: ExtractionContext) -> ExtractedTask? {
        let result = extract(from: text, context: context)
        guard result.tasks.count == 1, let task = result.tasks.first, task.title == Self.reminderTitle,
            task.dueDate != nil || task.recurrence != nil
        else { return nil }
        return task
    }

    /// "movie night at 9", "back-to-school night Thursday at 7": a bare hour 7–11 of an evening the task is named for is
    /// in the evening, as "tomorrow night at 9" is.
    private static func eveningByName(_ facts: TaskFacts, title: String) -> TaskFacts {
        // (The task is the evening itself: "buy a night light at 9", "call about the night shift at 10" are not.)
        // (The words are split only for a bare evening hour: most tasks have none.)
        guard facts.partOfDay == nil, var time = facts.time, time.meridiem == .unspecified, (7...11).contains(time.hour) else { return facts }
        let words = title.split(whereSeparator: { !$0.isLetter && $0 != "'" }).map { $0.lowercased() }
        guard words.last == "night", let first = words.first,
            // ("book club night at 7:30", "open mic night at 9" are evenings; "book a table for date night" is no evening itself.)
            !Lexicon.actionVerbs.contains(first)
                || (words.count > 2 && !["the", "a", "an", "my", "our", "for", "about", "to"].contains(words[1])
                    && words.count <= 4)
        else { return facts }
        var facts = facts
        time.meridiem = .pm
        facts.time = time
        return facts
    }

    /// Heard in a room without being addressed: when the room-talk model knows the note as talk, its tasks go, except one
    /// whose own sentence reads as dictation ("Call the dentist tomorrow. Oh come on, ref, that was a foul!").
    private func screenRoomTalk(_ drafts: inout [Draft], _ diagnostics: inout [ExtractionDiagnostic], heard: String, tokens: [Token], transcript: String) {
        let talk = RoomTalk.probability(heard)
        guard talk >= RoomTalk.threshold else { return }
        let before = drafts.count
        drafts.removeAll { RoomTalk.probability(String(Self.sentence(around: $0.source, tokens, transcript))) >= RoomTalk.sentenceThreshold }
        guard drafts.count < before else { return }
        diagnostics.append(
            ExtractionDiagnostic(
                message:
                    "Not a task: it reads as room talk (\(Int(talk * 100)) % sure); to dictate in a room, listen with --activation wake-phrase or push-to-talk.",
                excerpt: heard))
    }

    /// The sentence of `transcript` that holds `range`: from the sentence end before it to the one after it.
    private static func sentence(around range: Range<String.Index>, _ tokens: [Token], _ transcript: String) -> Substring {
        var start = transcript.startIndex
        var end = transcript.endIndex
        for token in tokens where token.isSentenceEnd {
            if token.range.upperBound <= range.lowerBound {
                start = token.range.upperBound
            } else if token.range.lowerBound >= range.upperBound {
                end = token.range.upperBound
                break
            }
        }
        return transcript[start..<end]
    }

    /// Titles that stand for the task said before ("do it today").
    private static let taskBefore: Set<String> = ["do it", "do that", "do it instead", "do that instead", "do that one", "do it then"]

    /// The day said before a task that later tasks saying only a time take: not a repetition's, nor a day before
    /// today ("yesterday", "last Friday").
    private static func dayToCarry(_ facts: TaskFacts) -> DateSpec? {
        guard let date = facts.date, facts.recurrence == nil else { return nil }
        switch date {
        case .relativeDays(let days) where days < 0: return nil
        case .weekdayBeforeToday: return nil
        default: return date
        }
    }

    /// Whether a sentence that says only when ("Friday at 3.") may head the task after it: not when the task before says
    /// no day of its own, which the when then completes ("Buy milk. Tomorrow."). A priority alone ("Urgent.") heads only
    /// a note's first task.
    /// Whether the clause in `range` tells what someone did: a person said first, and a verb in the past ("he came over",
    /// "I went out").
    private static func narrates(_ range: Range<Int>, _ tokens: [Token]) -> Bool {
        guard let first = range.first(where: { tokens[$0].isWord }) else { return false }
        let words = range.filter { $0 > first && tokens[$0].isWord }
        // ("Dad came over", "the guy came by", "yesterday we went to the store": a verb in the past said early on, not after
        // "is" or "has" — "the oven is broken" says how a thing is.)
        let person = ["i", "he", "she", "they", "we", "you"].contains(tokens[first].norm) || MoodReader.isName(tokens[first])
        return words.prefix(person ? words.count : 4).enumerated().contains { offset, index in
            MoodReader.isPast(tokens[index].norm)
                && (offset == 0 || !["is", "are", "was", "were", "has", "have", "had", "been", "got"].contains(tokens[words[offset - 1]].norm))
        }
    }

    /// Verbs whose past is said like them ("put", "cut", "fit").
    private static let sameFormPasts = MoodReader.sameFormPasts.union(["put", "cut", "set", "fit", "upset", "cast"])

    /// Whether `title` is only a name or a word a person is called by, said in `range` with a pause and more words after it.
    private static func isNameCalled(_ title: String, in range: Range<Int>, _ tokens: [Token]) -> Bool {
        guard !title.contains(" "),
            let called = range.first(where: { tokens[$0].isWord && tokens[$0].norm == title.lowercased() }),
            // ("April, call the vet": a month's name said first before a pause is a person's.)
            MoodReader.vocatives.contains(tokens[called].norm) || MoodReader.isName(tokens[called])
                || (tokens[called].is(.month) && tokens[called].isCapitalized && called == range.lowerBound),
            called + 1 < tokens.count, tokens[called + 1].norm == ","
        else { return false }
        return tokens[(called + 1)...].contains { $0.isWord }
    }

    private static func mayHead(_ reading: SegmentReading, after drafts: [Draft]) -> Bool {
        // "Urgent. Call the landlord.": a priority alone heads only the note's first task.
        guard let previous = drafts.last?.facts else { return reading.facts.hasWhen || reading.facts.priority != nil }
        guard reading.facts.hasWhen else { return false }
        return previous.date != nil || previous.recurrence != nil || previous.relativeSeconds != nil
    }

    /// Whether `facts` are timed in the evening or at night ("at 8 tonight", "at 7 pm", "this evening at 6").
    private static func isEvening(_ facts: TaskFacts) -> Bool {
        if let part = facts.partOfDay, part.defaultTime.hour >= 18 { return true }
        guard let time = facts.time, time.meridiem != .unspecified else { return false }
        return time.hourOfDay(time.meridiem) >= 17
    }

    /// Whether a task is only "schedule it", "book it", "do that" with a when: it says when to do the task before.
    private static func schedulesPrevious(_ reading: SegmentReading) -> Bool {
        // (Two words: one space, checked before anything is lower-cased.)
        guard reading.facts.hasWhen, reading.title.utf8.count <= 16, reading.title.utf8.lazy.filter({ $0 == 32 }).count == 1 else { return false }
        let words = reading.title.lowercased().split(separator: " ")
        return words.count == 2 && ["schedule", "book", "do", "handle", "arrange", "plan"].contains(words[0])
            && ["it", "that", "this"].contains(words[1])
    }

    /// Whether what is said after a restart put right replaces the task before outright ("Also the — no, call the
    /// electrician instead", "…, not the bank", "…, scratch that, …").
    private static func replacesOutright(_ tokens: [Token], after start: Int) -> Bool {
        var index = start
        while index < tokens.count, !tokens[index].isSentenceEnd {
            if ["instead", "not", "scratch", "forget", "actually"].contains(tokens[index].norm) { return true }
            index += 1
        }
        return false
    }

    /// `facts` with a day counted from the task before ("the night before") moved to that task's day.
    private static func anchoring(_ facts: TaskFacts, to drafts: [Draft]) -> TaskFacts {
        guard case .anchored(let days) = facts.date else { return facts }
        var anchored = facts
        anchored.date = drafts.last?.facts.date.map { .shifted($0, days: days, months: 0) }
        return anchored
    }

    /// A repetition said after the last of several actions joined by a bare "and" in one clause ("water the plants and
    /// feed the cat every day", "stretch and do vocal warmups every day at 3:30 pm") is a routine of all of them that say
    /// no when of their own. A date or time said there is the last action's alone ("buy milk and call mom tomorrow": the
    /// call is tomorrow), unless said of "both" ("buy milk and call mom, both tomorrow") or the one before is only a verb
    /// ("nip out and get bread tomorrow", "swim and lift weights on Tuesday": one errand). A pause ("…, and, uh, call
    /// the electrician every Friday") or a splitter ("and then") ends the chain.
    private func shareTrailingWhen(_ drafts: inout [Draft], transcript: String) {
        guard drafts.count > 1 else { return }
        var end = drafts.count - 1
        while end > 0 {
            var start = end
            while start > 0, drafts[start - 1].chain == drafts[end].chain { start -= 1 }
            if start < end, drafts[end].trailingWhen {
                let when = drafts[end].facts
                // ("…, both tomorrow", "… both on Friday"; not "call both grandparents tomorrow".)
                let words = transcript[drafts[end].source].lowercased().split(separator: " ")
                let saysBoth = words.indices.contains { at in
                    words[at].hasPrefix("both")
                        && ((at > 0 && words[at - 1].hasSuffix(",")) || (at + 1 < words.count && Self.bothWhens.contains(String(words[at + 1]))))
                }
                for index in start..<end where !drafts[index].facts.hasWhen {
                    if when.recurrence != nil || saysBoth || Self.isOnlyVerb(drafts[index].title) { drafts[index].facts.shareWhen(from: when) }
                }
            }
            end = start - 1
        }
    }

    /// Whether a title is a verb alone or with its particle ("Swim", "Nip out", "Fill in").
    private static func isOnlyVerb(_ title: String) -> Bool {
        let words = title.lowercased().split(separator: " ")
        return words.count == 1 || (words.count == 2 && Lexicon.particles.contains(String(words[1])) && !["to", "for", "about", "with"].contains(words[1]))
    }
}

/// A task being assembled while the note is read; corrections may still change it.
private struct Draft {
    var title: String
    var facts: TaskFacts
    var source: Range<String.Index>
    /// Tasks joined by a bare "and" share a chain number.
    var chain: Int
    /// Whether its when-words come after its title.
    var trailingWhen: Bool
    /// The segments (by position) whose words went into it, for explanations.
    var segments: [Int]

    /// Takes in the words of the segment at `position` (`other`), which says more of this task.
    mutating func absorb(_ other: Range<String.Index>, segment position: Int, explain: Bool) {
        source = min(source.lowerBound, other.lowerBound)..<max(source.upperBound, other.upperBound)
        if explain { segments.append(position) }
    }
}
