/// Builds the `ExtractionReading`s of an explained extraction: which words were read as what.
///
/// Only `TaskExtractor.extract(from:context:explain:)` with `explain: true` calls it, so the default path pays
/// nothing for it.
enum Explanation {
    /// A run of tokens and what it was read as.
    private struct Span {
        var range: Range<Int>
        var kind: ExtractionReading.Kind
        var facts: [Fact]
    }

    /// The readings of a whole note, in transcript order.
    static func readings(
        segments: [Segment],
        readings: [SegmentReading],
        taskOfSegment: [Int?],
        tokens: [Token],
        transcript: String,
        resolver: DueResolver
    ) -> [ExtractionReading] {
        var result: [(start: Int, reading: ExtractionReading)] = []
        for (position, segment) in segments.enumerated() {
            let task = taskOfSegment[position]
            let reading = readings[position]
            var whole: (kind: ExtractionReading.Kind, value: String?)?
            switch reading.kind {
            case .chatter: whole = (.chatter, nil)
            case .notATask(let reason): whole = (.notATask, reason.phrase)
            default: whole = reading.details == nil ? (.chatter, nil) : nil
            }
            if let whole {
                let words = segment.range.filter { !tokens[$0].isPunctuation }
                if let first = words.first, let last = words.last {
                    let span = text(of: first..<last + 1, tokens, transcript)
                    result.append((first, ExtractionReading(text: span, kind: whole.kind, value: whole.value)))
                }
                continue
            }
            guard let details = reading.details else { continue }
            for span in spans(details, tokens) {
                let value = self.value(of: span, resolver: resolver)
                let reading = ExtractionReading(text: text(of: span.range, tokens, transcript), kind: span.kind, value: value, task: task)
                result.append((span.range.lowerBound, reading))
            }
        }
        for run in splitRuns(tokens, segments) {
            result.append((run.lowerBound, ExtractionReading(text: text(of: run, tokens, transcript), kind: .split)))
        }
        return result.sorted { $0.start < $1.start }.map(\.reading)
    }

    /// Readings for words outside every segment ("and then", "also", "first"): they split the note.
    static func splitWords(_ tokens: [Token], _ transcript: String, _ segments: [Segment]) -> [ExtractionReading] {
        splitRuns(tokens, segments).map { ExtractionReading(text: text(of: $0, tokens, transcript), kind: .split) }
    }

    /// The transcript's words from the first to the last token of `range`.
    private static func text(of range: Range<Int>, _ tokens: [Token], _ transcript: String) -> String {
        String(transcript[tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound])
    }

    /// Runs of words that no segment covers.
    private static func splitRuns(_ tokens: [Token], _ segments: [Segment]) -> [Range<Int>] {
        var covered = [Bool](repeating: false, count: tokens.count)
        for segment in segments { for index in segment.range { covered[index] = true } }
        var runs: [Range<Int>] = []
        var start: Int?
        var last = 0
        for index in tokens.indices {
            if !covered[index], !tokens[index].isPunctuation {
                if start == nil { start = index }
                last = index
            } else if covered[index], let first = start {
                runs.append(first..<last + 1)
                start = nil
            }
        }
        if let first = start { runs.append(first..<last + 1) }
        return runs
    }

    /// The spans of one segment: recognitions (adjacent date and time words merged, with their connectives),
    /// then leftover connectives, lead-ins and fillers.
    private static func spans(_ details: SegmentDetails, _ tokens: [Token]) -> [Span] {
        let base = details.range.lowerBound
        func consumed(_ index: Int) -> Bool { details.range.contains(index) && details.consumed[index - base] }
        var claimed = [Bool](repeating: false, count: details.range.count)

        // Recognitions that consumed their words, with the same span merged ("tonight" = date + part of day).
        var groups: [(range: Range<Int>, facts: [Fact])] = []
        var named: [Span] = []
        for recognition in details.recognitions.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            guard recognition.range.contains(where: consumed) else {
                // A known name said in passing stays in the title but still sets the label or project.
                if case .label = recognition.fact { named.append(Span(range: recognition.range, kind: .label, facts: [recognition.fact])) }
                if case .project = recognition.fact { named.append(Span(range: recognition.range, kind: .project, facts: [recognition.fact])) }
                continue
            }
            if let last = groups.last, last.range == recognition.range {
                groups[groups.count - 1].facts.append(recognition.fact)
            } else {
                groups.append((recognition.range, [recognition.fact]))
            }
        }
        for group in groups { for index in group.range { claimed[index - base] = true } }

        // Merge neighbouring date/time groups over the connectives between them ("on Friday at 3 p.m.").
        var merged: [(range: Range<Int>, facts: [Fact])] = []
        for group in groups {
            if let last = merged.last, group.range.lowerBound < last.range.upperBound {
                // A reading inside or across another ("evening" in "Friday evening next week"): one span.
                merged[merged.count - 1] = (last.range.lowerBound..<max(last.range.upperBound, group.range.upperBound), last.facts + group.facts)
                continue
            }
            let isWhen = group.facts.allSatisfy { isDayOrTime($0) }
            if isWhen, let last = merged.last, last.facts.allSatisfy({ isDayOrTime($0) }),
                (last.range.upperBound..<group.range.lowerBound).allSatisfy({ consumed($0) && !claimed[$0 - base] })
            {
                merged[merged.count - 1] = (last.range.lowerBound..<group.range.upperBound, last.facts + group.facts)
                for index in last.range.upperBound..<group.range.lowerBound { claimed[index - base] = true }
            } else {
                merged.append(group)
            }
        }
        // Take the connectives just before a date or time with it ("by Friday").
        for position in merged.indices where merged[position].facts.contains(where: isDayOrTime) {
            var start = merged[position].range.lowerBound
            while start - 1 >= base, consumed(start - 1), !claimed[start - 1 - base], !tokens[start - 1].isPunctuation {
                start -= 1
                claimed[start - base] = true
            }
            merged[position].range = start..<merged[position].range.upperBound
        }

        var spans = merged.map { Span(range: $0.range, kind: kind(of: $0.facts), facts: $0.facts) } + named
        // Whatever else went: connectives (consumed, no fact), lead-ins and fillers (free, not in the title).
        let title = Set(details.titleTokens)
        var run: (start: Int, kind: ExtractionReading.Kind)?
        func flush(_ end: Int) {
            if let current = run { spans.append(Span(range: current.start..<end, kind: current.kind, facts: [])) }
            run = nil
        }
        for index in details.range {
            let token = tokens[index]
            let kind: ExtractionReading.Kind?
            if claimed[index - base] || title.contains(index) {
                kind = nil
            } else if token.isPunctuation {
                // Punctuation joins the run around it but never starts or ends one.
                continue
            } else if consumed(index) {
                kind = .connective
            } else if Lexicon.fillers.contains(token.norm) || Lexicon.discourseWords.contains(token.norm)
                || token.norm == "you" || token.norm == "know" || token.norm == "like"
            {
                kind = .filler
            } else {
                kind = .leadIn
            }
            if let current = run, current.kind != kind { flush(lastWord(before: index, in: current.start, tokens) + 1) }
            if run == nil, let kind { run = (index, kind) }
        }
        if let current = run { flush(lastWord(before: details.range.upperBound, in: current.start, tokens) + 1) }
        return spans
    }

    private static func lastWord(before end: Int, in start: Int, _ tokens: [Token]) -> Int {
        var index = end - 1
        while index > start, tokens[index].isPunctuation { index -= 1 }
        return index
    }

    private static func isDayOrTime(_ fact: Fact) -> Bool {
        switch fact {
        case .date, .time, .partOfDay, .midnight, .relative: true
        default: false
        }
    }

    private static func kind(of facts: [Fact]) -> ExtractionReading.Kind {
        var hasDate = false
        var hasTime = false
        for fact in facts {
            switch fact {
            case .recurrence: return .recurrence
            case .relative: return .duration
            case .priority: return .priority
            case .label: return .label
            case .project: return .project
            case .correction, .retraction, .amendment: return .correction
            case .date: hasDate = true
            case .time, .partOfDay, .midnight: hasTime = true
            }
        }
        return hasDate && hasTime ? .dateTime : hasDate ? .date : .time
    }

    /// What a span resolved to, on its own.
    private static func value(of span: Span, resolver: DueResolver) -> String? {
        switch span.kind {
        case .date, .time, .dateTime, .duration:
            let recognitions = span.facts.map { Recognition(range: span.range, fact: $0) }
            let due = resolver.resolve(TaskFacts(recognitions: recognitions))
            switch span.kind {
            case .date: return due.date
            case .time: return due.time
            default: return due.date.map { date in due.time.map { date + "T" + $0 } ?? date }
            }
        case .recurrence:
            for case .recurrence(let rule) in span.facts { return rule.rule }
            return nil
        case .priority:
            for case .priority(let priority) in span.facts { return priority.rawValue }
            return nil
        case .label:
            let names = span.facts.compactMap { fact -> String? in
                if case .label(let name) = fact { return name }
                return nil
            }
            return names.isEmpty ? nil : names.joined(separator: ", ")
        case .project:
            for case .project(let name) in span.facts { return name }
            return nil
        case .correction:
            switch span.facts.first {
            case .retraction?: return "retract"
            case .amendment?: return "amend"
            default: return "replace"
            }
        default:
            return nil
        }
    }
}
