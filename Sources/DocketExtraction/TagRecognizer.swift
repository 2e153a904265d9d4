/// Reads labels and projects said explicitly ("label it errands", "hashtag groceries", "#home",
/// "in the launch project", "project: launch") and known names from the context matched as words.
enum TagRecognizer: Recognizer {
    /// Prepositions that attach a name to the task ("for work", "in the home project").
    static let prepositions: Set<String> = ["for", "in", "to", "under", "into", "on"]

    /// Phrases after which the next word is a label.
    static let labelIntroductions: [[String]] = [
        ["label", "it", "as"], ["label", "it"], ["label", "this"], ["tag", "it", "as"], ["tag", "it", "with"],
        ["tag", "it"], ["with", "the", "label"], ["with", "label"], ["label", ":"], ["hashtag"], ["hash", "tag"],
        ["with", "the", "labels"], ["with", "labels"], ["labels", ":"], ["tags", ":"], ["tag", ":"], ["tag"],
    ]

    /// First words of `labelIntroductions`.
    static let labelIntroductionStarts = Set(labelIntroductions.map { $0[0] })

    /// Records every tag phrase among the free tokens of `scan`.
    static func scan(_ scan: inout SegmentScan) {
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            // A tag starts only at "#…", a label introduction, a preposition, "the", "project" or a known name.
            let token = scan.tokens[index]
            guard scan.isFree(index),
                token.is(.tagStart) || token.norm.utf8.first == UInt8(ascii: "#") || scan.known.firstWords.contains(token.norm)
            else {
                index += 1
                continue
            }
            if let (end, facts) = explicitTag(scan, at: index) {
                for fact in facts { scan.record(index..<end, fact) }
                index = end
            } else if let (end, fact) = knownName(scan, at: index) {
                scan.record(index..<end, fact)
                index = end
            } else {
                index += 1
            }
        }
        noteKnownNames(&scan)
    }

    /// Words before "tag" that make it a kind of tag, not a label said ("name tag", "price tag", "trap tag").
    static let taggedThings: Set<String> = [
        "name", "price", "trap", "dog", "gift", "luggage", "ear", "bag", "license", "hang", "id", "pet", "asset", "toe", "plate", "inventory",
    ]

    private static func explicitTag(_ scan: SegmentScan, at index: Int) -> (Int, [Fact])? {
        let token = scan.tokens[index]
        if token.norm.hasPrefix("#"), token.norm.count > 1 {
            return (index + 1, [label(scan, String(token.norm.dropFirst()))])
        }
        if labelIntroductionStarts.contains(token.norm), let end = scan.matchAny(labelIntroductions, at: index),
            let (stop, labels) = labelList(scan, at: end)
        {
            // A bare "tag" is a verb too ("tag Bob in the photo", "bag and tag everything"): a label only after the task,
            // at its end, and not joined to a verb before it.
            if end == index + 1, token.norm == "tag" {
                // ("file the trap tag order", "print the name tag": a kind of tag.)
                guard index > scan.range.lowerBound, stop == scan.range.upperBound || scan.tokens[stop].isPunctuation,
                    !taggedThings.contains(scan.tokens[index - 1].norm),
                    !(index - 2 >= scan.range.lowerBound && scan.tokens[index - 1].norm == "and" && scan.tokens[index - 2].is(.actionVerb))
                else { return nil }
            }
            return (stop, labels)
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
            }
            if let (stop, name) = known(scan, at: nameStart, projects: true) { return (stop, [.project(name)]) }
            guard scan.isFree(nameStart), scan.tokens[nameStart].isWord else { return nil }
            // "project: office move", "for project kitchen remodel", ", project holiday drive": the name runs to the end of
            // the clause (up to three words).
            var stop = nameStart + 1
            while stop < nameStart + 3, scan.isFree(stop), scan.tokens[stop].isWord, !Lexicon.connectives.contains(scan.tokens[stop].norm),
                !TitleBuilder.danglingWords.contains(scan.tokens[stop].norm)
            {
                stop += 1
            }
            let endsClause = stop == scan.range.upperBound || scan.tokens[stop].isPunctuation || scan.isConsumed(stop)
            if scan.free(nameStart - 1) != ":", !hasPreposition {
                // ", project Apollo" at the end of a task; "finish the project report" is no project.
                let afterBreak = cursor == scan.range.lowerBound || scan.tokens[cursor - 1].isPunctuation
                guard token.norm == "project", afterBreak, endsClause else { return nil }
            } else if !endsClause {
                // "to project Apollo for review": one word when the clause goes on.
                stop = nameStart + 1
            }
            return (stop, [.project(text(scan, nameStart..<stop))])
        }
        guard hasPreposition || token.norm == "the" else { return nil }
        if let (stop, name) = known(scan, at: cursor, projects: true), scan.free(stop) == "project" {
            return (stop + 1, [.project(name)])
        }
        // Up to three words before "project", introduced by "the" after a preposition ("in the launch project", "for the
        // kitchen project"); "about the group project" names what the task is about.
        guard scan.free(cursor - 1) == "the", hasPreposition else { return nil }
        var stop = cursor
        while stop < cursor + 3, scan.isFree(stop), scan.tokens[stop].isWord, scan.tokens[stop].norm != "project",
            !prepositions.contains(scan.tokens[stop].norm)
        {
            stop += 1
        }
        guard stop > cursor, scan.free(stop) == "project" else { return nil }
        return (stop + 1, [.project(text(scan, cursor..<stop))])
    }

    /// One or more labels after "label it": "errands", "errands and home", "work, home and errands".
    private static func labelList(_ scan: SegmentScan, at index: Int) -> (Int, [Fact])? {
        var facts: [Fact] = []
        var cursor = index
        var end = index
        while scan.isFree(cursor), scan.tokens[cursor].isWord {
            if let (stop, name) = known(scan, at: cursor, projects: false) {
                facts.append(.label(name))
                cursor = stop
            } else {
                facts.append(label(scan, scan.tokens[cursor].norm))
                cursor += 1
            }
            end = cursor
            // Another name follows only when it too ends the list ("errands and home", not "and call mom").
            var next = cursor
            if scan.free(next) == "," { next += 1 }
            if scan.free(next) == "and" { next += 1 }
            guard next > cursor, scan.isFree(next), scan.tokens[next].isWord,
                next + 1 == scan.range.upperBound || scan.tokens[next + 1].isPunctuation
                    || scan.tokens[next + 1].norm == "and" || scan.tokens[next + 1].norm == ","
            else { break }
            cursor = next
        }
        return facts.isEmpty ? nil : (end, facts)
    }

    /// A known name after a preposition or before "task"/"list"/"project" ("for work", "home task").
    private static func knownName(_ scan: SegmentScan, at index: Int) -> (Int, Fact)? {
        var cursor = index
        let hasPreposition = prepositions.contains(scan.tokens[index].norm)
        if hasPreposition {
            cursor += 1
            if scan.free(cursor) == "the" || scan.free(cursor) == "my" { cursor += 1 }
        }
        // "for work", "work task:": the usual contexts are labels even when none is configured; not a place to go ("leave
        // for work", "get ready for school").
        if let word = scan.free(cursor), usualContexts.contains(word), !scan.known.firstWords.contains(word) {
            // Nothing after it but a when ("for work by Friday at noon").
            func endsAt(_ position: Int) -> Bool {
                position == scan.range.upperBound || scan.tokens[position].isPunctuation || scan.isConsumed(position)
                    || (["by", "on", "at", "before", "until", "due", "in"].contains(scan.tokens[position].norm) && position + 1 < scan.range.upperBound
                        && scan.isConsumed(position + 1))
            }
            if hasPreposition, cursor == index + 1, scan.tokens[index].norm == "for", endsAt(cursor + 1), index > scan.range.lowerBound,
                !goingWords.contains(scan.norm(index - 1) ?? ""), !afterOpeningVerb(scan, index - 1)
            {
                return (cursor + 1, .label(word))
            }
            // "… all-hands. For work.": said on its own after the task.
            if hasPreposition, cursor == index + 1, scan.tokens[index].norm == "for", index == scan.range.lowerBound,
                cursor + 1 == scan.range.upperBound || (scan.tokens[cursor + 1].isPunctuation && cursor + 2 == scan.range.upperBound)
            {
                return (cursor + 1, .label(word))
            }
            if !hasPreposition, let next = scan.free(cursor + 1), next == "task" || next == "tasks",
                cursor == scan.range.lowerBound || scan.tokens[cursor - 1].isPunctuation || endsAt(cursor + 2)
            {
                return (cursor + 2, .label(word))
            }
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

    /// Whether `verb` is the verb that opens its clause ("look for work", "I need to pay for school"): "for work" right
    /// after it is what the action is for, while "draft the quarterly plan for work" has its object between.
    private static func afterOpeningVerb(_ scan: SegmentScan, _ verb: Int) -> Bool {
        guard scan.tokens[verb].is(.actionVerb) else { return false }
        return verb == scan.range.lowerBound || scan.tokens[verb - 1].isPunctuation
            || ["to", "please", "and", "then"].contains(scan.tokens[verb - 1].norm)
    }

    /// Contexts said as labels without being configured ("for work", "home task").
    static let usualContexts: Set<String> = ["work", "home", "school", "personal", "errands"]

    /// Words before "for work" that make it where someone goes ("leave for work").
    private static let goingWords: Set<String> = [
        "leave", "leaving", "head", "go", "going", "drive", "walk", "bike", "ride", "off", "out", "ready", "late", "dress", "early",
        "depart", "start", "back", "return", "commute", "travel", "look", "looking", "apply", "applying",
    ]

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
