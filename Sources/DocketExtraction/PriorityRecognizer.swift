/// Reads priority words ("urgent", "asap", "low priority", "no rush", "p2"), with the words that introduce
/// them ("it's urgent", "mark it as important", "very important").
enum PriorityRecognizer: Recognizer {
    /// Priority phrases, longest first within each first word.
    static let phrases: [String: [([String], TaskPriority)]] = {
        let table: [([String], TaskPriority)] = [
            (["urgent"], .high), (["urgently"], .high), (["asap"], .high), (["a.s.a.p."], .high), (["a.s.a.p"], .high),
            (["as", "soon", "as", "possible"], .high), (["as", "soon", "as", "you", "can"], .high), (["as", "soon", "as", "i", "can"], .high),
            (["as", "soon", "as", "we", "can"], .high), (["high", "priority"], .high), (["top", "priority"], .high),
            (["highest", "priority"], .high), (["important"], .high), (["critical"], .high), (["p1"], .high),
            (["priority", "one"], .high), (["priority", "1"], .high), (["priority", "high"], .high),
            (["medium", "priority"], .medium), (["normal", "priority"], .medium), (["moderate", "priority"], .medium),
            (["p2"], .medium), (["priority", "two"], .medium), (["priority", "2"], .medium),
            (["priority", "medium"], .medium),
            (["low", "priority"], .low), (["lowest", "priority"], .low), (["no", "rush"], .low), (["no", "hurry"], .low),
            (["not", "urgent"], .low), (["not", "important"], .low), (["whenever"], .low), (["someday"], .low),
            (["some", "day"], .low), (["sometime"], .low), (["when", "i", "get", "a", "chance"], .low),
            (["when", "i", "get", "the", "chance"], .low), (["at", "some", "point"], .low), (["when", "i", "have", "time"], .low),
            (["when", "you", "get", "a", "chance"], .low), (["whenever", "i", "can"], .low),
            (["whenever", "possible"], .low), (["whenever", "i", "get", "a", "chance"], .low), (["p3"], .low),
            (["whenever", "you", "get", "a", "chance"], .low), (["whenever", "you", "can"], .low),
            (["this", "one", "matters"], .high), (["this", "matters"], .high), (["priority", "three"], .low), (["priority", "3"], .low),
            (["top", "of", "the", "list"], .high), (["top", "of", "my", "list"], .high), (["priority", "low"], .low), (["not", "a", "big", "deal"], .low),
            (["no", "big", "deal"], .low), (["it", "can", "wait"], .low),
        ]
        var index: [String: [([String], TaskPriority)]] = [:]
        for entry in table { index[entry.0[0], default: []].append(entry) }
        for key in index.keys { index[key]?.sort { $0.0.count > $1.0.count } }
        return index
    }()

    /// Words that are priorities only when they stand alone ("it's important"), not as adjectives
    /// ("important documents", "urgent care").
    static let adjectives: Set<String> = ["urgent", "important", "critical"]

    /// Words after which an adjective priority still stands alone ("urgent and …", "important priority").
    static let adjectiveFollowers: Set<String> = ["and", "priority", "please", "too", "by", "before", "on", "at", "so"]

    /// Words before an adjective priority that make it one ("it's urgent", "very important").
    static let adjectiveIntroducers: Set<String> = [
        "is", "it's", "that's", "very", "super", "really", "extremely", "as", "so", "quite", "pretty", "kinda",
    ]

    /// Phrases that introduce a priority and go with it ("mark it as", "it's a", "with").
    static let introductions: [[String]] = [
        ["this", "is", "a"], ["it", "is", "a"], ["this", "one", "is"], ["this", "one's"], ["that", "one", "is"], ["that", "one's"],
        ["it's", "a"], ["mark", "it", "as"], ["flag", "it", "as"],
        ["set", "it", "to"], ["mark", "as"], ["mark", "it"], ["make", "it"], ["this", "is"], ["it", "is"],
        ["that", "is"], ["it's"], ["that's"], ["its"], ["with"], ["as"], ["very"], ["super"], ["really"],
        ["extremely"], ["quite"], ["pretty"], ["kinda"], ["so"], ["kind", "of"], ["sort", "of"],
    ]

    /// Records every priority phrase among the free tokens of `scan`.
    static func scan(_ scan: inout SegmentScan) {
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            // Only the first word of a priority phrase can start one.
            if scan.isFree(index), scan.tokens[index].is(.priorityStart), let (end, priority) = recognize(scan, at: index) {
                scan.record(introductionStart(scan, before: index)..<end, .priority(priority))
                index = end
            } else {
                index += 1
            }
        }
    }

    private static func recognize(_ scan: SegmentScan, at index: Int) -> (Int, TaskPriority)? {
        let norm = scan.tokens[index].norm
        guard let candidates = phrases[norm] else { return nil }
        for (phrase, priority) in candidates {
            guard let end = scan.match(phrase, at: index) else { continue }
            if phrase.count == 1 && adjectives.contains(norm) {
                let next = end < scan.range.upperBound ? scan.tokens[end] : nil
                let standsAlone =
                    next == nil || next!.isPunctuation || scan.isConsumed(end)
                    || adjectiveFollowers.contains(next!.norm)
                // "it's kind of urgent".
                let introduced =
                    scan.norm(index - 1).map { adjectiveIntroducers.contains($0) } ?? false
                    || (scan.norm(index - 1) == "of" && ["kind", "sort"].contains(scan.norm(index - 2) ?? ""))
                // "urgent, call the bank", "urgent call the bank", "tomorrow urgent call the bank": said before the action at a
                // clause's start, after a when at most.
                let leads =
                    end < scan.range.upperBound
                    && (scan.range.lowerBound..<index).allSatisfy {
                        scan.tokens[$0].isPunctuation || scan.isConsumed($0) || scan.tokens[$0].is(.discourse) || scan.tokens[$0].is(.connective)
                    }
                    && Segmenter.startsAction(scan.tokens, at: end)
                guard standsAlone || introduced || leads else { return nil }
            }
            // "not a big deal", "it can wait", "top of the list": said of the task on their own ("tell Sam it's no big deal" is a
            // message).
            if ["no", "not", "it", "top"].contains(norm), phrase.count >= 3 {
                // "…, it's not a big deal": after the words that introduce it.
                let start = introductionStart(scan, before: index)
                let alone =
                    (start == scan.range.lowerBound || scan.tokens[start - 1].isPunctuation)
                    && (end == scan.range.upperBound || scan.tokens[end].isPunctuation)
                guard alone else { return nil }
            }
            // "whenever I'm home": a clause, not a priority; "someday learn Italian" opens the action; "sometime next week" is
            // low priority as "sometime" alone is, the when still read.
            if norm == "sometime" || norm == "whenever" || norm == "someday", phrase.count == 1 {
                let next = end < scan.range.upperBound ? scan.tokens[end] : nil
                let opensAction =
                    norm == "someday" && index == scan.range.lowerBound && end < scan.range.upperBound && Segmenter.startsAction(scan.tokens, at: end)
                // "sometime next week", "sometime before Christmas".
                let beforeWhen =
                    norm == "sometime"
                    && (scan.isConsumed(end) || (Lexicon.connectives.contains(next?.norm ?? "") && scan.isConsumed(end + 1)))
                if let next, !next.isPunctuation, !opensAction, !beforeWhen { return nil }
            }
            return (end, priority)
        }
        return nil
    }

    /// Extends a priority back over the words that introduce it ("it's", "very", "mark it as").
    private static func introductionStart(_ scan: SegmentScan, before index: Int) -> Int {
        var start = index
        var extended = true
        while extended {
            extended = false
            for phrase in introductions {
                let candidate = start - phrase.count
                if candidate >= scan.range.lowerBound, scan.match(phrase, at: candidate) == start {
                    start = candidate
                    extended = true
                    break
                }
            }
        }
        return start
    }
}
