/// Marks self-corrections: "no wait", "I mean" (what follows replaces what came before), "scratch that"
/// (the task is thrown away) and "actually make it", "change that to" (what follows amends the latest task).
///
/// It runs first, so that the other recognisers can read a bare "5" after "make it" as a time.
enum CorrectionRecognizer: Recognizer {
    /// Correction markers by first word.
    static let corrections = Lexicon.index(Lexicon.correctionMarkers)
    /// Retraction markers by first word.
    static let retractions = Lexicon.index(Lexicon.retractionMarkers)
    /// Amendment markers by first word.
    static let amendments = Lexicon.index(Lexicon.amendmentMarkers)

    /// Records every correction phrase among the free tokens of `scan`.
    static func scan(_ scan: inout SegmentScan) {
        var index = scan.range.lowerBound
        while index < scan.range.upperBound {
            // Only a marker's first word (or "no") can start one; `WordClass.correctionStart` says which.
            if scan.isFree(index), scan.tokens[index].is(.correctionStart), let (end, fact) = recognize(scan, at: index) {
                scan.record(index..<end, fact)
                index = end
            } else {
                index += 1
            }
        }
    }

    /// Whether a marker that ends in "that" is its verb and a thing said right after it ("cancel that subscription
    /// tomorrow", "forget that idea"), not a take-back ("scratch that, call Sam", "scratch that call Sam at 5").
    private static func takesObject(_ scan: SegmentScan, endingAt end: Int) -> Bool {
        guard scan.norm(end - 1) == "that", end < scan.range.upperBound else { return false }
        let next = scan.tokens[end]
        return next.isWord && !next.isCapitalized && !next.isTrigger
            && !next.is(.actionVerb) && !next.is(.leadInStart) && !next.is(.connective) && !next.is(.discourse) && !next.is(.filler)
            && !["i", "we", "make", "change", "actually", "no", "one", "last", "it", "instead"].contains(next.norm)
    }

    private static func recognize(_ scan: SegmentScan, at index: Int) -> (Int, Fact)? {
        let norm = scan.tokens[index].norm
        // "don't forget that the bins go out": a lead-in, not a retraction.
        // "buff out the scratch that Dave left", "remind me to scratch that lottery ticket": a noun, or the verb.
        if let phrases = retractions[norm], let end = scan.matchAny(phrases, at: index),
            !(norm == "forget" && ["don't", "not", "never"].contains(scan.norm(index - 1) ?? "")),
            !["the", "a", "that", "this", "to", "my", "your"].contains(scan.norm(index - 1) ?? ""),
            !takesObject(scan, endingAt: end)
        {
            return (end, .retraction)
        }
        let previous = scan.previousWordIndex(before: index)
        let afterBreak = previous == nil || previous! < index - 1
        if let phrases = corrections[norm], let end = scan.matchAny(phrases, at: index) {
            // "I mean it", "tell Sam I mean business", "what I mean": the verb, not a correction.
            if norm == "i",
                !afterBreak && !(end < scan.range.upperBound && (scan.tokens[end].isCapitalized || scan.tokens[end].number != nil))
                    || ["it", "business", "well", "that"].contains(scan.norm(end) ?? "")
            {
                return nil
            }
            // Single words are markers only when set off by commas ("Thursday, sorry, Friday"), so that
            // "wait for the plumber" keeps its verb.
            if end == index + 1 {
                let next = end < scan.range.upperBound ? scan.tokens[end] : nil
                let setOff = next == nil || next!.isPunctuation
                guard setOff || (afterBreak && norm != "wait") else { return nil }
                // "sorry for the mess", "sorry to bother you": an apology, not a correction.
                if norm == "sorry", let next, ["for", "to", "about", "i", "i'm", "we", "we're", "that", "but", "if"].contains(next.norm) {
                    return nil
                }
                // "it can wait", "that'll have to wait": the verb.
                if norm == "wait", let before = scan.norm(index - 1), ["can", "can't", "will", "to", "should", "must", "could"].contains(before) {
                    return nil
                }
            }
            return (end, .correction)
        }
        // "…, no, Friday" and "No, Friday."
        // "Call Dana at 3, no, call her at 4": also when what it puts right is the next segment.
        if norm == "no", afterBreak, index + 2 < scan.tokens.count, scan.tokens[index + 1].norm == ",",
            previous != nil || index + 2 < scan.range.upperBound
        {
            return (min(index + 2, scan.range.upperBound), .correction)
        }
        // "Call Janet, actually Carl", "send it to Janet, actually to Carl": another name replaces the one before.
        func isName(_ at: Int) -> Bool {
            at < scan.range.upperBound && scan.tokens[at].isCapitalized && !scan.tokens[at].norm.hasPrefix("i'") && scan.tokens[at].norm != "i"
        }
        if norm == "actually", afterBreak, scan.isFree(index + 1),
            isName(index + 1) || (["to", "for", "with"].contains(scan.norm(index + 1) ?? "") && isName(index + 2))
        {
            return (index + 1, .correction)
        }
        if let phrases = amendments[norm], let end = scan.matchAny(phrases, at: index) {
            return (end, .amendment)
        }
        return nil
    }
}
