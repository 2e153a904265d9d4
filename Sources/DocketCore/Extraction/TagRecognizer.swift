/// Reads labels and projects said explicitly ("label it errands", "hashtag groceries", "#home",
/// "in the launch project", "project: launch") and known names from the context matched as words.
enum TagRecognizer: Recognizer {
    /// Prepositions that attach a name to the task ("for work", "in the home project").
    static let prepositions: Set<String> = ["for", "in", "to", "under", "into", "on"]

    /// Phrases after which the next word is a label.
    static let labelIntroductions: [[String]] = [
        ["label", "it", "as"], ["label", "it"], ["label", "this"], ["tag", "it", "as"], ["tag", "it", "with"],
        ["tag", "it"], ["with", "the", "label"], ["with", "label"], ["label", ":"], ["hashtag"], ["hash", "tag"],
    ]

    /// First words of `labelIntroductions`.
    static let labelIntroductionStarts = Set(labelIntroductions.map { $0[0] })

    /// Records every tag phrase among the free tokens of `scan`.
    static func scan(_ scan: inout SegmentScan) {
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            guard scan.isFree(index), scan.tokens[index].isTrigger || scan.known.firstWords.contains(scan.tokens[index].norm)
            else {
                index += 1
                continue
            }
            if let (end, fact) = explicitTag(scan, at: index) ?? knownName(scan, at: index) {
                scan.record(index..<end, fact)
                index = end
            } else {
                index += 1
            }
        }
        noteKnownNames(&scan)
    }

    private static func explicitTag(_ scan: SegmentScan, at index: Int) -> (Int, Fact)? {
        let token = scan.tokens[index]
        if token.norm.hasPrefix("#"), token.norm.count > 1 {
            return (index + 1, label(scan, String(token.norm.dropFirst())))
        }
        if labelIntroductionStarts.contains(token.norm), let end = scan.matchAny(labelIntroductions, at: index),
            scan.isFree(end), scan.tokens[end].isWord
        {
            if let (stop, name) = known(scan, at: end, projects: false) { return (stop, .label(name)) }
            return (end + 1, label(scan, scan.tokens[end].norm))
        }
        // "in the launch project", "for the home renovation project", "to project Apollo", "project: launch".
        var cursor = index
        let hasPreposition = prepositions.contains(token.norm)
        if hasPreposition { cursor += 1 }
        if scan.free(cursor) == "the" { cursor += 1 }
        if scan.free(cursor) == "project" {
            var nameStart = cursor + 1
            if scan.free(nameStart) == ":" {
                nameStart += 1
            } else if !hasPreposition {
                return nil
            }
            if let (stop, name) = known(scan, at: nameStart, projects: true) { return (stop, .project(name)) }
            guard scan.isFree(nameStart), scan.tokens[nameStart].isWord else { return nil }
            return (nameStart + 1, .project(text(scan, nameStart..<nameStart + 1)))
        }
        guard hasPreposition || token.norm == "the" else { return nil }
        if let (stop, name) = known(scan, at: cursor, projects: true), scan.free(stop) == "project" {
            return (stop + 1, .project(name))
        }
        // Up to three words before "project", introduced by "the".
        guard scan.free(cursor - 1) == "the" else { return nil }
        var stop = cursor
        while stop < cursor + 3, scan.isFree(stop), scan.tokens[stop].isWord, scan.tokens[stop].norm != "project" {
            stop += 1
        }
        guard stop > cursor, scan.free(stop) == "project" else { return nil }
        return (stop + 1, .project(text(scan, cursor..<stop)))
    }

    /// A known name after a preposition or before "task"/"list"/"project" ("for work", "home task").
    private static func knownName(_ scan: SegmentScan, at index: Int) -> (Int, Fact)? {
        var cursor = index
        let hasPreposition = prepositions.contains(scan.tokens[index].norm)
        if hasPreposition {
            cursor += 1
            if scan.free(cursor) == "the" || scan.free(cursor) == "my" { cursor += 1 }
        }
        for isProject in [true, false] {
            guard let (end, name) = known(scan, at: cursor, projects: isProject) else { continue }
            var stop = end
            if let word = scan.free(stop), ["task", "list", "project", "label", "tasks"].contains(word) {
                stop += 1
            } else if !hasPreposition {
                continue
            }
            return (stop, isProject ? .project(name) : .label(name))
        }
        return nil
    }

    /// Known names said without a preposition still set the label or project, but stay in the title.
    private static func noteKnownNames(_ scan: inout SegmentScan) {
        guard !scan.known.names.isEmpty else { return }
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            guard scan.known.firstWords.contains(scan.tokens[index].norm) else {
                index += 1
                continue
            }
            var advanced = false
            for isProject in [true, false] {
                if let (end, name) = known(scan, at: index, projects: isProject) {
                    scan.note(index..<end, isProject ? .project(name) : .label(name))
                    index = end
                    advanced = true
                    break
                }
            }
            if !advanced { index += 1 }
        }
    }

    /// A known project or label name at `index`, with its configured spelling.
    private static func known(_ scan: SegmentScan, at index: Int, projects: Bool) -> (Int, String)? {
        for name in scan.known.names where name.isProject == projects {
            if let end = scan.match(name.words, at: index) { return (end, name.spelling) }
        }
        return nil
    }

    private static func label(_ scan: SegmentScan, _ norm: String) -> Fact {
        for name in scan.known.names where !name.isProject && name.words == [norm] {
            return .label(name.spelling)
        }
        return .label(norm)
    }

    /// The transcript's own spelling of `span`.
    private static func text(_ scan: SegmentScan, _ span: Range<Int>) -> String {
        String(scan.transcript[scan.tokens[span.lowerBound].range.lowerBound..<scan.tokens[span.upperBound - 1].range.upperBound])
    }
}
