/// Turns the transcript of a spoken note into tasks, following docket's task-language rules.
///
/// The pipeline is pure and deterministic: tokenize → split into segments → run the recognisers
/// (corrections, recurrence, time, date, priority, tags) over each segment → build the title from what is
/// left → apply corrections across segments → resolve dates against the reference time and zone.
public struct TaskExtractor: Sendable {
    /// Creates an extractor.
    public init() {}

    /// The tasks said in `transcript`, resolved against `context`.
    public func extract(from transcript: String, context: ExtractionContext) -> ExtractionResult {
        let tokens = Tokenizer.tokenize(transcript)
        let segments = Segmenter.segments(of: tokens)
        guard !segments.isEmpty else { return ExtractionResult(tasks: []) }
        let known = KnownNames(projects: context.projects, labels: context.labels)

        var drafts: [Draft] = []
        var diagnostics: [ExtractionDiagnostic] = []
        var prefix: (sentence: Int, facts: TaskFacts, source: Range<String.Index>?)?
        var replacePrevious = false

        for (position, segment) in segments.enumerated() {
            let reading = SegmentReader.read(segment, tokens: tokens, transcript: transcript, known: known)
            let excerpt = String(transcript[reading.source])
            if let current = prefix, current.sentence != segment.sentence { prefix = nil }
            switch reading.kind {
            case .chatter:
                continue
            case .markerOnly:
                if reading.leadingMarker == .retraction {
                    if drafts.isEmpty {
                        diagnostics.append(ExtractionDiagnostic(message: "Nothing to take back.", excerpt: excerpt))
                    } else {
                        drafts.removeLast()
                    }
                } else if reading.strongCorrection, !drafts.isEmpty {
                    replacePrevious = true
                }
            case .factsOnly:
                let amends = reading.leadingMarker == .amendment || reading.leadingMarker == .correction
                let nextInSentence = position + 1 < segments.count && segments[position + 1].sentence == segment.sentence
                if amends, !drafts.isEmpty {
                    drafts[drafts.count - 1].facts.amend(with: reading.facts)
                    drafts[drafts.count - 1].extendSource(to: reading.source)
                    replacePrevious = false
                } else if !amends, nextInSentence {
                    prefix = (segment.sentence, reading.facts, reading.source)
                } else if !drafts.isEmpty {
                    drafts[drafts.count - 1].facts.fill(from: reading.facts)
                    drafts[drafts.count - 1].extendSource(to: reading.source)
                } else {
                    let message =
                        amends ? "A correction with no task before it; ignored." : "A date or time with no task; ignored."
                    diagnostics.append(ExtractionDiagnostic(message: message, excerpt: excerpt))
                }
            case .task:
                if reading.trailingMarker == .retraction { continue }
                var facts = reading.facts
                var source = reading.source
                if let current = prefix {
                    facts.fill(from: current.facts)
                    // The leading words belong to the first task after them.
                    if let prefixSource = current.source, prefixSource.upperBound <= source.lowerBound {
                        source = prefixSource.lowerBound..<source.upperBound
                        prefix?.source = nil
                    }
                }
                let replaces = replacePrevious || (reading.leadingMarker == .correction && reading.strongCorrection)
                if replaces, !drafts.isEmpty { drafts.removeLast() }
                replacePrevious = reading.trailingMarker == .correction && reading.strongCorrection
                drafts.append(Draft(title: reading.title, facts: facts, source: source))
            }
        }

        let resolver = DueResolver(referenceDate: context.referenceDate, zone: context.timeZone)
        let zoneLabel = ZoneParser.label(for: context.timeZone)
        let tasks = drafts.map { draft -> ExtractedTask in
            let due = resolver.resolve(draft.facts)
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
                sourceText: String(transcript[draft.source])
            )
        }
        return ExtractionResult(tasks: tasks, diagnostics: diagnostics)
    }
}

/// A task being assembled while the note is read; corrections may still change it.
private struct Draft {
    var title: String
    var facts: TaskFacts
    var source: Range<String.Index>

    mutating func extendSource(to other: Range<String.Index>) {
        source = min(source.lowerBound, other.lowerBound)..<max(source.upperBound, other.upperBound)
    }
}
