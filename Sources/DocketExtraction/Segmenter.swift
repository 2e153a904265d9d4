/// A run of tokens that may hold one task.
struct Segment: Sendable, Equatable {
    /// Token indices, without the splitter words and sentence marks around it.
    var range: Range<Int>
    /// Which sentence of the note it is in (0-based), so a leading "Tomorrow," can apply to the rest of it.
    var sentence: Int
    /// Whether it follows the segment before it after a bare "and", with no pause mark ("buy milk and call
    /// mom tomorrow"), so a date at its end can be shared.
    var andJoined = false
    /// Whether it is an aside between "and," and the task it introduces ("… and, this one matters, renew …"), so
    /// what it says goes to that task, never back to the one before.
    var isAside = false
    /// The verb of the task before, said once for both ("call mom at 5 and dad at 6": "call"; "talk to Sam at 5 and Ann
    /// at 6": "talk to"), which its title takes.
    var sharedVerb: Range<Int>?
}

/// Splits a note's tokens into segments: at sentence ends, splitter words ("also", "and then", "next"),
/// ordinal lead-ins ("first", "number two"), and at "and"/"," only when a new action follows.
enum Segmenter {
    /// The segments of `tokens`, in order.
    static func segments(of tokens: [Token]) -> [Segment] {
        var segments: [Segment] = []
        var start = 0
        var sentence = 0
        var clauseStart = true
        var index = 0
        var andJoined = false
        var sharedVerb: Range<Int>?
        // The number of the last ordinal lead-in said ("first" = 1), so the next ("second") starts a task mid-sentence.
        var ordinalSaid = 0
        let count = tokens.count

        func close(_ end: Int, aside: Bool = false) {
            if start < end, tokens[start..<end].contains(where: { !$0.isPunctuation }) {
                segments.append(Segment(range: start..<end, sentence: sentence, andJoined: andJoined, isAside: aside, sharedVerb: sharedVerb))
            }
            andJoined = false
            sharedVerb = nil
        }

        while index < count {
            let token = tokens[index]
            // "I need to call. The dentist about my crown.", "Call the. The insurance agent.": a recogniser's full stop at a
            // pause between a verb and its object.
            if token.isSentenceEnd, token.norm == ".", endsBeforeObject(tokens, start..<index), index + 1 < count,
                tokens[index + 1].isWord, !startsAction(tokens, at: index + 1),
                // "New ink cartridges." starts no lead-in as "New task:" does.
                Lexicon.leadInsByFirstWord[tokens[index + 1].norm]?.contains(where: { tokens.matches($0, at: index + 1) }) != true,
                // "I need to call. Thanks.": chatter after it is no object.
                !tokens[index + 1].is(.discourse),
                objectOpeners.contains(tokens[index + 1].norm) || !Lexicon.chatterFirstWords.contains(tokens[index + 1].norm),
                !["you", "thank", "thanks"].contains(tokens[index + 1].norm), isVerbless(tokens, from: index + 1)
            {
                index += 1
                continue
            }
            if token.isSentenceEnd {
                close(index)
                sentence += 1
                start = index + 1
                clauseStart = true
                index += 1
                continue
            }
            if token.isPunctuation {
                if token.isClauseBreak {
                    var next = index + 1
                    while next < count, tokens[next].isClauseBreak { next += 1 }
                    // "Note to self, ask Priya": a lead-in before the comma is not a task of its own. "It's raining, so
                    // bring an umbrella": "so" may open the action.
                    var action = consequenceEnd(tokens, at: next) ?? next
                    // "…, so um read the last chapters": a filler after "so".
                    while action > next, action + 1 < count, tokens[action].is(.filler) { action += 1 }
                    // "remind me at 6:30 to start dinner, at 7:15 pm to give Leo his medicine": a when, then the action;
                    // "call my boss, Linda, at 6 to ask about Friday": a when, then what the call is for.
                    // Not after a correction ("remind me Friday, no, Saturday to buy stamps": the when is corrected).
                    // "cellar jobs: rack the Grenache off its lees, top up the barrels": a list's heading is no task.
                    // ("lift stuff: uh, check the anemometer", "documentary stuff: first, log the tape": a filler or an ordinal
                    // may open the list.)
                    var item = next
                    while item < count, tokens[item].is(.filler) || tokens[item].is(.discourse) || tokens[item].isClauseBreak { item += 1 }
                    // ("Warning: do not weld near the tank": a warning's "do not" is a notice, not a list.)
                    let negation = tokens.matches(["do", "not"], at: item) ? 2 : item < count && ["don't", "never"].contains(tokens[item].norm) ? 1 : 0
                    let notice =
                        negation > 0 && ["warning", "caution", "danger", "notice"].contains(tokens[start].norm)
                        && !(item + negation < count && ["forget", "let"].contains(tokens[item + negation].norm))
                    if token.norm == ":", item < count, !notice, isHeading(tokens, start..<index),
                        startsAction(tokens, at: item) || isUnlistedVerb(tokens, at: item, opening: true) || ordinalLeadIn(tokens, at: item) != nil
                    {
                        start = item
                        clauseStart = true
                        index = item
                        continue
                    }
                    let corrects = index > start && tokens[index - 1].is(.correctionStart) && (index - 1 == start || tokens[index - 2].isClauseBreak)
                    let whenFirst =
                        action < count && !corrects && !startsAction(tokens, at: action)
                        && actionAfterWhen(tokens, from: action).map { !isPurpose(tokens, start..<index, at: $0, afterWhen: true) } == true
                        && (start..<index).contains { startsAction(tokens, at: $0) }
                    if action < count,
                        startsAction(tokens, at: action) || whenFirst
                            || (action == next && unlistedVerbStarts(tokens, at: action, after: start..<index))
                            || promiseFollows(tokens, at: action, after: start..<index)
                            || (action == next && restartFollows(tokens, at: action, before: index))
                            || (action == next && needFollows(tokens, at: action, after: start..<index)),
                        !isPreamble(tokens, start..<index),
                        !isCalledName(tokens, start..<index), !isMessageRead(tokens, start..<index),
                        !isStumble(tokens, start..<index, before: action), !isFrontedPhrase(tokens, start..<index),
                        !isPurpose(tokens, start..<index, at: action)
                    {
                        close(index)
                        // ("so", "which means" are no part of what they open.)
                        start = consequenceEnd(tokens, at: next) ?? next
                    }
                    clauseStart = true
                    // A run of breaks (", ,") is one break.
                    index = next
                    continue
                }
                index += 1
                continue
            }
            // "the smoke detector keeps chirping so replace the battery", "the party moved to our house which means I
            // need to order a cake": "so" or "which means" before an action opens it.
            if !clauseStart, let end = consequenceEnd(tokens, at: index), startsAction(tokens, at: end),
                tokens[start..<index].contains(where: { $0.isWord })
            {
                close(index)
                start = end
                index = end
                clauseStart = true
                continue
            }
            if let end = splitter(tokens, at: index) {
                close(index)
                start = end
                index = end
                clauseStart = true
                continue
            }
            // "first call the plumber second book the babysitter": the ordinal after the one said starts a task unpunctuated.
            if clauseStart || (ordinalSaid > 0 && ordinalValue(token.norm).map { $0 == ordinalSaid + 1 || $0 == 0 } == true),
                let end = ordinalLeadIn(tokens, at: index)
            {
                ordinalSaid = ordinalValue(token.norm).map { $0 == 0 ? ordinalSaid + 1 : $0 } ?? 0
                close(index)
                start = end
                index = end
                clauseStart = true
                continue
            }
            // "in 2 and a half hours": the half goes with the number.
            let joinsHalf =
                tokens.matches(["and", "a", "half"], at: index) && index > 0 && (tokens[index - 1].number != nil || tokens[index - 1].is(.cardinal))
            if token.norm == "and", !joinsHalf, !closesLeadIn(tokens, at: index, clauseStart: start),
                !joinsPair(tokens, at: index, clauseStart: start), !joinsWeekdays(tokens, at: index),
                !joinsPartsOfDay(tokens, at: index)
            {
                var next = index + 1
                // "and, um,", "and, like,": a pause and a filler before what comes next.
                // ("and, oh right, ask about…": a discourse word between pauses.)
                while next < count,
                    tokens[next].isClauseBreak || tokens[next].is(.filler)
                        || (tokens[next].norm == "like" && next + 1 < count && tokens[next + 1].isClauseBreak)
                        || (tokens[next].is(.discourse) && (tokens[next - 1].isClauseBreak || (next + 1 < count && tokens[next + 1].isClauseBreak)))
                {
                    next += 1
                }
                // "…, and third, call Mike": an ordinal lead-in after "and".
                if next < count, let end = ordinalLeadIn(tokens, at: next) {
                    close(index)
                    start = end
                    index = end
                    clauseStart = true
                    continue
                }
                // "…, and while I think of it, buy two tins of blacking": an aside after "and" before the new action.
                if let aside = Lexicon.asides.first(where: { tokens.matches($0, at: next) }) {
                    var after = next + aside.count
                    while after < count, tokens[after].isClauseBreak || tokens[after].is(.filler) { after += 1 }
                    if after < count, startsAction(tokens, at: after) {
                        close(index)
                        andJoined = index > 0 && !tokens[index - 1].isPunctuation
                        start = after
                        index = after
                        clauseStart = true
                        continue
                    }
                }
                // "and tomorrow call mom": a day word may come before the new action.
                var verb = next
                while verb < count, verb < next + 2, leadingDayWords.contains(tokens[verb].norm) || Lexicon.leadInAdverbs.contains(tokens[verb].norm) {
                    verb += 1
                }
                if verb < count,
                    startsAction(tokens, at: verb) || timedActionFollows(tokens, and: index, verb: verb)
                        || actionAfterWhen(tokens, from: next) != nil
                        || (verb == next && unlistedVerbStarts(tokens, at: verb, after: start..<index))
                        || (verb == next && needFollows(tokens, at: verb, after: start..<index))
                {
                    close(index)
                    andJoined =
                        index > 0 && !tokens[index - 1].isPunctuation
                        && !tokens[(index + 1)..<next].contains(where: \.isClauseBreak)
                    start = next
                    index = next
                    clauseStart = true
                    continue
                }
                // "…, and whenever, buy a charger": a priority said after "and" goes with the action after its pause.
                if next < count, let phrases = PriorityRecognizer.phrases[tokens[next].norm],
                    let phrase = phrases.first(where: { tokens.matches($0.0, at: next) }),
                    next + phrase.0.count + 1 < count, tokens[next + phrase.0.count].isClauseBreak,
                    startsAction(tokens, at: next + phrase.0.count + 1)
                {
                    close(index)
                    start = next
                    index = next
                    clauseStart = true
                    continue
                }
                // "call mom at 5 and dad at 6": a thing and its own when after the first task's when share its verb.
                if next == index + 1, let verb = gappedVerb(tokens, clause: start, and: index) {
                    close(index)
                    sharedVerb = verb
                    start = next
                    index = next
                    clauseStart = true
                    continue
                }
                // "… and, this one matters, renew the permit": an aside between "and," and the next action is a
                // segment of its own, so what it says goes to the task it introduces.
                if next > index + 1, let (asideEnd, resume) = aside(tokens, from: next) {
                    close(index)
                    start = next
                    // A lead-in ("and, don't forget, call the landlord") stays with its action.
                    if !isPreamble(tokens, next..<asideEnd) {
                        close(asideEnd, aside: true)
                        start = resume
                    }
                    index = resume
                    clauseStart = true
                    continue
                }
            }
            // "okay so first call the roofer": discourse words and fillers leave the clause's start open.
            clauseStart = clauseStart && (token.is(.discourse) || token.is(.filler))
            index += 1
        }
        close(count)
        return segments
    }

    /// Whether ", to ask about the stitches" at `action` says what the clause before is for, not a task of its own: not
    /// when that clause has an action after "to" too ("remind me to call mom, to buy milk"). After a when (`afterWhen`)
    /// the "to" of the clause's lead-in does not count: "remind me to call Dr. Lee, at 3 to move my cleaning" is one
    /// call, "remind me at 6:30 to start dinner, at 7:15 to bathe Leo" two tasks.
    private static func isPurpose(_ tokens: [Token], _ clause: Range<Int>, at action: Int, afterWhen: Bool = false) -> Bool {
        guard tokens[action].norm == "to", clause.contains(where: { tokens[$0].isWord }) else { return false }
        let leadIn = afterWhen ? Lexicon.leadInsByFirstWord[tokens[clause.lowerBound].norm]?.first { tokens.matches($0, at: clause.lowerBound) } : nil
        let from = clause.lowerBound + (leadIn?.count ?? 0)
        return !(from..<clause.upperBound).contains { tokens[$0].norm == "to" && $0 + 1 < clause.upperBound && startsAction(tokens, at: $0 + 1) }
    }

    /// Day words that may sit between "and" and the action they time ("and tomorrow call mom").
    static let leadingDayWords: Set<String> = [
        "today", "tomorrow", "tonight", "later", "then", "monday", "tuesday", "wednesday", "thursday", "friday",
        "saturday", "sunday",
    ]

    /// Whether a new action starts at `index`: a lead-in ("I need to", "remind me") or an imperative verb with
    /// something after it (an object, for verbs that are also nouns).
    static func startsAction(_ tokens: [Token], at index: Int) -> Bool {
        guard index < tokens.count else { return false }
        let token = tokens[index]
        guard token.isWord else { return false }
        let norm = token.norm
        if token.is(.leadInStart), let phrases = Lexicon.leadInsByFirstWord[norm], norm != "to" || index + 1 < tokens.count {
            for phrase in phrases where phrase.count > 1 || norm == "please" || norm == "todo" || norm == "to" {
                if tokens.matches(phrase, at: index) {
                    if norm == "to" || norm == "please" {
                        // "to, uh, start bath time": a pause or filler before the verb.
                        var verb = index + 1
                        while verb < tokens.count, tokens[verb].norm == "," || tokens[verb].is(.filler) { verb += 1 }
                        return verb < tokens.count && startsAction(tokens, at: verb)
                    }
                    return true
                }
            }
        }
        if norm == "don't" || norm == "do", Lexicon.actionOpeners.contains(where: { tokens.matches($0, at: index) }) {
            return true
        }
        // "and back up the server", "and double check the totals", "and deep clean the flat top".
        if norm == "back", index + 2 < tokens.count, tokens[index + 1].norm == "up", tokens[index + 2].is(.objectStarter) { return true }
        if norm == "double", index + 1 < tokens.count, tokens[index + 1].norm == "check" { return true }
        if norm == "deep", index + 2 < tokens.count, tokens[index + 1].norm == "clean", MoodReader.determiners.contains(tokens[index + 2].norm) { return true }
        // "and stitch weld the trailer floor", "and power wash the patio": a verb said with the word for how.
        if let verbs = Lexicon.compoundVerbs[norm], index + 2 < tokens.count, verbs.contains(tokens[index + 1].norm),
            tokens[index + 2].is(.objectStarter) || tokens[index + 2].isCapitalized
        {
            return true
        }
        // "and let out the jacket sleeves", "and let in the dog": a particle, then the thing.
        if norm == "let", index + 2 < tokens.count, ["out", "down", "in"].contains(tokens[index + 1].norm), tokens[index + 2].is(.objectStarter) {
            return true
        }
        guard token.is(.actionVerb), index + 1 < tokens.count else { return false }
        let next = tokens[index + 1]
        if next.isPunctuation { return false }
        // "label it bills": a label said for the task before.
        if norm == "label" || norm == "tag", next.norm == "it" { return false }
        // "so leave early", "head out now": a verb said with how soon.
        if ["early", "now", "soon"].contains(next.norm), index == 0 || !objectOpeners.contains(tokens[index - 1].norm) { return true }
        if token.is(.nounLikeVerb) {
            // "the bill on Friday": after a determiner it is a noun; "Sarah and Bill": capitalised in a sentence, a name.
            if index > 0, objectOpeners.contains(tokens[index - 1].norm), tokens[index - 1].norm != "up" { return false }
            if token.isCapitalized, Lexicon.nounFirstVerbs.contains(norm), index > 0, !tokens[index - 1].isSentenceEnd { return false }
            if next.isCapitalized || next.number != nil || next.is(.cardinal) { return true }
            // "orange slices and water for the game": a material before what it is for is a thing ("and check for leaks").
            if next.norm == "for", materials.contains(norm) { return false }
            // ("bring shin pads and water on Sunday": a thing with its day; "oil on Saturday", "paint on Sunday" are done.)
            if ["on", "at", "by", "today", "tonight", "tomorrow"].contains(next.norm) || next.is(.weekday), materials.contains(norm),
                norm != "oil", norm != "paint"
            {
                return false
            }
            // "stop by the bank", "drop by the office", "turn off the oven".
            if next.norm == "by", norm == "stop" || norm == "drop" || norm == "swing" || norm == "pop" { return true }
            if ["off", "on", "up", "down"].contains(next.norm), norm == "turn" || norm == "switch" || norm == "shut" { return true }
            // "touch up the paint", "top off the washer fluid".
            if ["up", "off"].contains(next.norm), norm == "touch" || norm == "top", index + 2 < tokens.count, tokens[index + 2].is(.objectStarter) {
                return true
            }
            // "and box the books", not "and monitor for the office": a noun-first verb wants its object, not a particle.
            if Lexicon.nounFirstVerbs.contains(Tokenizer.unprefixed(norm)) {
                // "and hose down the patio", "and screw in the brackets": a particle, then the object.
                if ["up", "down", "in", "out", "off", "back", "over"].contains(next.norm) {
                    return index + 2 < tokens.count && tokens[index + 2].is(.objectStarter) && !Lexicon.particles.contains(tokens[index + 2].norm)
                }
                // "and quote for the double glazing", "and invoice for the extra hours": what the price is for.
                if next.norm == "for", ["quote", "invoice", "bill", "estimate", "price"].contains(norm), index + 2 < tokens.count,
                    tokens[index + 2].is(.objectStarter), !Lexicon.particles.contains(tokens[index + 2].norm)
                {
                    return true
                }
                return next.is(.objectStarter) && !Lexicon.particles.contains(next.norm)
            }
            // "and order moving boxes": an "-ing" word naming the kind of things.
            if next.norm.hasSuffix("ing"), index + 2 < tokens.count, tokens[index + 2].isWord, tokens[index + 2].classes.isEmpty,
                tokens[index + 2].norm.hasSuffix("s"), !tokens[index + 2].norm.hasSuffix("'s")
            {
                return true
            }
            return next.is(.objectStarter) || takesBareObject(norm, next)
        }
        // "nausea and dry mouth", "apples and dry pasta": an adjective before its noun.
        if Lexicon.adjectivalVerbs.contains(norm), next.isWord, next.classes.isEmpty, !next.isCapitalized { return false }
        return true
    }

    /// Whether a verb docket does not list starts a second task at `index`, after a clause that is a task: "and requeen
    /// the swarm colony", ", mud the ceiling seams", "and harden off the courgettes", "and level it at the campsite". The
    /// word is lower-case, in no lexicon set, shaped like a bare verb (no plural "-s", "-ing", "-ed" or "-ly"), no
    /// function word or person, and the thing it acts on follows at once: a determiner or a possessive (after a particle
    /// or not), or "it"/"them", never a when ("and bread the day after", "and milk this afternoon").
    /// The clause before may open with such a verb too ("sister the cracked joist, and level the subfloor").
    static func unlistedVerbStarts(_ tokens: [Token], at index: Int, after clause: Range<Int>) -> Bool {
        guard isUnlistedVerb(tokens, at: index, opening: false),
            let last = clause.last(where: { tokens[$0].isWord && !tokens[$0].is(.filler) && !tokens[$0].is(.discourse) })
        else { return false }
        // The task before names its thing with a determiner ("the hives", not "apples and cream my mum likes"), and after
        // a bare "and" says more than "the X" ("buy the paint and primer the decorator recommended" is one thing more).
        // ("bathe Dad in 45 minutes, and air out his room", "order more cups, and chalk the board": a person or "more" names it
        // too.)
        guard
            let determiner = clause.last(where: {
                let token = tokens[$0]
                return $0 < last
                    && (unlistedVerbObjects.contains(token.norm) || token.norm.hasSuffix("'s") || ["more", "both", "this", "that"].contains(token.norm)
                        || ["mom", "mum", "dad", "grandma", "grandpa"].contains(token.norm)
                        || ($0 > clause.lowerBound && token.isCapitalized && Lexicon.givenNames.contains(token.norm)))
            })
        else { return false }
        let paused = ((last + 1)..<index).contains { tokens[$0].isClauseBreak }
        // ("buy Dad socks and aftershave his usual brand": after a thing named by a person, not a determiner, no new task.)
        guard paused || last - determiner >= 2 || (MoodReader.determiners.contains(tokens[determiner].norm) && thingEndsClause(tokens, after: index))
        else { return false }
        if clause.contains(where: { startsAction(tokens, at: $0) }) { return true }
        guard let first = clause.first(where: { tokens[$0].isWord && !tokens[$0].is(.filler) && !tokens[$0].is(.discourse) }) else { return false }
        return isUnlistedVerb(tokens, at: first, opening: true)
    }

    /// Whether the thing after the verb at `index` ends where a task's thing does, at a pause, a preposition or a when,
    /// before any verb of its own: "and flash the chimney stack, it's been leaking", "and temper the dark chocolate
    /// this afternoon" (not "and primer the decorator recommended").
    private static func thingEndsClause(_ tokens: [Token], after index: Int) -> Bool {
        var at = index + 1
        if at < tokens.count, ["up", "out", "off", "down", "back"].contains(tokens[at].norm) { at += 1 }
        guard at < tokens.count, unlistedVerbObjects.contains(tokens[at].norm) else { return false }
        at += 1
        for position in at..<min(tokens.count, at + 5) {
            let token = tokens[position]
            // ("buy the bread and butter the kids like", "pick up the milk and cereal the cheap one": which of a thing.)
            if ["like", "need", "needs", "want", "wants", "prefer", "prefers", "use", "uses", "love", "loves", "eat", "eats"].contains(token.norm)
                || ["one", "ones", "stuff", "kind", "type", "brand", "sort"].contains(token.norm)
            {
                return false
            }
            if token.isPunctuation || token.isTrigger || MoodReader.phrasePrepositions.contains(token.norm) { return position > at }
            if !token.isWord || MoodReader.isFinite(token.norm) || MoodReader.isPast(token.norm) || token.norm == "and" { return false }
        }
        return false
    }

    /// Whether `index` holds a word shaped like a bare verb docket does not list, with its object after it (see
    /// `unlistedVerbStarts`); `opening` when it opens its clause, where it may be capitalised.
    private static func isUnlistedVerb(_ tokens: [Token], at index: Int, opening: Bool) -> Bool {
        guard index + 2 < tokens.count else { return false }
        let token = tokens[index]
        let word = token.norm
        guard token.isWord, opening || !token.isCapitalized, token.classes.subtracting(.trigger).isEmpty, word.count >= 3,
            word.unicodeScalars.allSatisfy({ $0.properties.isLowercase || $0 == "-" }),
            !word.hasSuffix("ly"), !word.hasSuffix("ing"), !word.hasSuffix("s") || word.hasSuffix("ss"),
            !word.hasSuffix("ed") || word.hasSuffix("eed") || !MoodReader.isPast(word), !unlistedVerbStops.contains(word),
            !MoodReader.adverbs.contains(word), !MoodReader.phrasePrepositions.contains(word),
            !MoodReader.vocatives.contains(word), !Lexicon.objectStarters.contains(word), !MoodReader.opinionWords.contains(word),
            !MoodReader.auxiliaries.contains(word)
        else { return false }
        var object = index + 1
        // ("plumb in the new shower valve, and cap off the old gas line": "in" only for the verb that opens its clause.)
        if ["up", "out", "off", "down", "back"].contains(tokens[object].norm) || (opening && tokens[object].norm == "in") { object += 1 }
        guard object + 1 < tokens.count else { return false }
        let opener = tokens[object].norm
        if object == index + 1, opener == "it" || opener == "them" {
            let after = tokens[object + 1]
            guard after.isPunctuation || after.is(.tagStart) || MoodReader.phrasePrepositions.contains(after.norm) else { return false }
        } else if object == index + 1, tokens[object].isCapitalized {
            // "and swab Leah for group B strep", "and annotate Sam's essay": a person, by name.
            // ("and dry-needle Mrs Park's trapezius".)
            guard
                Lexicon.givenNames.contains(opener) || (opener.hasSuffix("'s") && Lexicon.givenNames.contains(String(opener.dropLast(2))))
                    || ["mr", "mrs", "ms", "miss", "dr"].contains(opener)
            else { return false }
        } else {
            guard unlistedVerbObjects.contains(opener) else { return false }
            let head = tokens[object + 1]
            // ("and skim the two papers": a number of things, not "the two o'clock".)
            let counted =
                head.is(.cardinal) && object + 2 < tokens.count && tokens[object + 2].isWord && tokens[object + 2].classes.isEmpty
                && !unlistedVerbWhenHeads.contains(tokens[object + 2].norm) && NumberReader.unit(tokens[object + 2].norm) == nil
            guard head.isWord, counted || !head.is(.cardinal), !head.is(.ordinal), !head.is(.weekday), !head.is(.month),
                !unlistedVerbWhenHeads.contains(head.norm)
            else { return false }
        }
        return true
    }

    /// Whether a need of another thing starts a task of its own at `index`, after "and" or a comma, when the clause before
    /// is the speaker's need of a thing too: "the gas bottles need swapping by Monday, and the awning needs a new zip",
    /// "Mom needs her stockings washed, and her pill organiser needs refilling". The thing is named with at most one
    /// determiner, first, and is no pronoun ("…, and he needs a lift" is news of him); the need is not "it" ("send the
    /// invoice, and the client needs it by Friday" gives the reason). Not inside what someone says, asks or wonders
    /// ("Jo said her car needs a service and her bike needs tyres", "see if the hedge needs cutting and the lawn…"), nor
    /// after a lead-in's "need to" ("I need to write the certificates — the engraver needs names").
    private static func needFollows(_ tokens: [Token], at index: Int, after clause: Range<Int>) -> Bool {
        guard index < tokens.count, tokens[index].isWord, !needSubjectStops.contains(tokens[index].norm),
            let need = (index + 1..<min(index + 8, tokens.count)).first(where: { ["need", "needs"].contains(tokens[$0].norm) }),
            need + 1 < tokens.count, tokens[need + 1].isWord, !["it", "them", "him", "her", "me", "us", "you"].contains(tokens[need + 1].norm),
            !MoodReader.personalPronouns.contains(tokens[need - 1].norm), !needSubjectStops.contains(tokens[need - 1].norm),
            (index..<need).allSatisfy({ tokens[$0].isWord && !tokens[$0].is(.filler) && ($0 == index || !MoodReader.determiners.contains(tokens[$0].norm)) }),
            !(index..<need).contains(where: { needSubjectStops.contains(tokens[$0].norm) }),
            let said = clause.first(where: { ["need", "needs"].contains(tokens[$0].norm) && $0 + 1 < tokens.count && tokens[$0 + 1].norm != "to" })
        else { return false }
        return !(clause.lowerBound..<said).contains { needFrames.contains(tokens[$0].norm) || tokens[$0].norm.hasSuffix("n't") }
    }

    /// Words that make what follows no subject of a need of the speaker's ("and whoever else needs a lift", "never").
    private static let needSubjectStops: Set<String> = [
        "whoever", "whatever", "everything", "everyone", "everybody", "nobody", "nothing", "someone", "somebody", "anyone",
        "anybody", "what", "which", "who", "that", "and", "or", "if", "when", "because", "so", "never", "not", "no", "also",
        "really", "still", "always",
    ]

    /// Words before a need that make it what someone says, asks or wonders ("Jo said her car needs a service").
    private static let needFrames: Set<String> = [
        "said", "says", "say", "saying", "thinks", "think", "thought", "reckons", "reckon", "told", "tell", "asked", "ask", "asks",
        "wonder", "wondering", "if", "whether", "see", "check", "does", "do", "did", "remind", "text", "email", "when", "not",
        "nobody", "never", "apparently", "sure", "like", "whoever", "heard", "hear", "read", "news", "mentioned", "know", "knows",
        "doubt", "guess", "suppose", "honestly", "because", "since", "what",
    ]

    /// Whether "I'll" and an action after a comma start a task of their own, after a clause that says how things are:
    /// "Dad's prescription is ready, I'll collect it after my shift", "the milk is off, I'll buy more tomorrow". Not after
    /// a message's verb ("text the babysitter, we'll pay her tomorrow" is the message).
    private static func promiseFollows(_ tokens: [Token], at index: Int, after clause: Range<Int>) -> Bool {
        guard index + 1 < tokens.count, tokens[index].norm == "i'll" || tokens[index].norm == "we'll" else { return false }
        var verb = index + 1
        if Lexicon.leadInAdverbs.contains(tokens[verb].norm) { verb += 1 }
        guard verb + 1 < tokens.count, tokens[verb].is(.actionVerb), startsAction(tokens, at: verb) else { return false }
        // ("I'll give you that", "we'll call your name": said to someone there.)
        let object = tokens[verb + 1].norm
        if object == "you" || object == "your" || object == "that" || (verb + 2 < tokens.count && tokens[verb + 2].norm == "that") { return false }
        // ("the printer's out of toner, I'll order some", "the car tax is due, I'll renew it": the need said first is the task.)
        if clause.contains(where: { MoodReader.faultStates.contains(tokens[$0].norm) || ["due", "overdue", "expires", "expiring"].contains(tokens[$0].norm) }) {
            return false
        }
        // ("the baby's crying, I'll get her", "that's okay, I'll do it": a reply on the spot.)
        if ["her", "him"].contains(object) || (["it", "them"].contains(object) && spotVerbs.contains(tokens[verb].norm)) { return false }
        // ("my passport expires in June, I'll renew it", "the pharmacy shuts at six, I'll grab it before then": a when said
        // of the first clause keeps the two one note.)
        if clause.contains(where: {
            let token = tokens[$0]
            if case .clock = token.kind { return true }
            return token.is(.weekday) || token.is(.month) || token.is(.cardinal) || token.number != nil || whenEndings.contains(token.norm)
                || token.norm == "o'clock"
        }) {
            return false
        }
        return clause.contains { MoodReader.isFinite(tokens[$0].norm) || tokens[$0].norm.hasSuffix("'s") }
            && !clause.contains { TitleBuilder.messageVerbs.contains(tokens[$0].norm) }
    }

    /// Whether the action said again after a restart starts at `index`, after "— no," at `clauseBreak`: "block out the —
    /// no, hold the banquet hall", "dehorn the — no, disbud the calves" (what was started is put right).
    /// ("Hose down the — no, actually, first top up the bowls", "Process the — sorry, first verify the documents": words
    /// of the correction and "first" may come between.)
    private static func restartFollows(_ tokens: [Token], at index: Int, before clauseBreak: Int) -> Bool {
        var marker = clauseBreak - 1
        while marker > 0, tokens[marker].isClauseBreak || ["actually", "wait", "hang", "on", "sorry"].contains(tokens[marker].norm),
            tokens[marker].norm != "no"
        {
            if tokens[marker].norm == "sorry", marker > 0, tokens[marker - 1].isClauseBreak { break }
            marker -= 1
        }
        guard marker >= 1, ["no", "sorry"].contains(tokens[marker].norm), tokens[marker - 1].isClauseBreak,
            // ("call my — wait, hang on, sorry, first call my boss" is read whole.)
            !(max(0, marker - 4)..<clauseBreak).contains(where: { tokens[$0].norm == "hang" })
        else { return false }
        let action = tokens[index].norm == "first" && index + 1 < tokens.count ? index + 1 : index
        return startsAction(tokens, at: action) || isUnlistedVerb(tokens, at: action, opening: false)
    }

    /// Verbs of a reply made on the spot, before "it" ("I'll do it", "I'll get it").
    private static let spotVerbs: Set<String> = ["do", "get", "watch", "grab", "take", "make", "see", "have", "answer", "try", "check"]

    /// Function words, and the words they often stand beside, that never start a task after "and" or a comma.
    private static let unlistedVerbStops: Set<String> = [
        "to", "by", "about", "before", "behind", "beside", "between", "beyond", "below", "above", "against", "along",
        "among", "onto", "upon", "within", "without", "toward", "towards", "past", "via", "per", "like", "unlike",
        "inside", "outside", "underneath", "beneath", "except", "including", "despite", "if", "when", "where", "why",
        "how", "what", "whether", "because", "while", "though", "although", "unless", "once", "whatever", "whichever",
        "wherever", "whenever", "which", "who", "whom", "whose", "that", "yet", "nor", "but", "or", "maybe", "perhaps",
        "now", "then", "later", "soon", "here", "there", "again", "anyway", "instead", "either", "neither", "rather",
        "quite", "ever", "please", "plus", "minus", "half", "twice", "each", "every", "another", "other", "such", "same",
        "own", "whole", "entire", "any", "him", "her", "them", "you", "one", "everyone", "someone", "anyone", "nobody",
        "everything", "something", "anything", "nothing", "sir", "madam", "miss", "mister", "aunt", "uncle", "nan",
        "nana", "granny", "grandad", "grandpa", "grandma", "son", "daughter", "wife", "husband", "brother", "sister",
        "boss", "team", "kid", "baby", "friend", "neighbour", "neighbor", "not", "yes", "yeah", "okay", "well", "far",
        "be", "been", "hear", "see", "smell", "know", "mean", "suppose", "understand", "notice", "remember", "forget",
        "since", "cause", "given", "considering", "whereas", "than", "hence", "thus", "meanwhile", "otherwise", "however",
        "opposite", "round", "alongside", "sure", "mate", "pal", "hun", "bloody", "cousin", "nephew", "niece", "coach",
        "manager", "little", "poor", "stepdad", "stepmum", "stepmom", "lodger", "toddler", "crikey", "blimey", "ooh", "cool",
        "fine", "perfect", "brilliant", "ace", "sweet", "short", "simple", "cheap", "neat", "square",
    ]

    /// What an unlisted verb's object opens with.
    private static let unlistedVerbObjects: Set<String> = [
        "the", "a", "an", "my", "our", "his", "her", "their", "your", "its", "these", "those", "another", "some", "extra",
    ]

    /// Heads after a determiner that make it a when ("the day after", "the weekend"), not a thing acted on.
    private static let unlistedVerbWhenHeads: Set<String> = [
        "day", "days", "morning", "afternoon", "evening", "night", "weekend", "week", "month", "year", "end", "next",
        "following", "first", "last", "rest", "time", "moment", "minute", "hour", "same", "other", "whole", "start",
        "beginning", "summer", "spring", "autumn", "winter", "fall", "fortnight", "point", "way", "couple",
    ]

    /// Materials that are verbs too ("water", "tape"): before what they are for, a thing to get.
    private static let materials: Set<String> = ["water", "oil", "salt", "paint", "tape", "glue", "wax"]

    /// Whether a verb that is also a noun is a verb before a bare noun: "book tickets", "cook meals", "water plants"; not
    /// a noun before its head ("water bottles", "book club"), an adjective ("clean towels") or before a when or a
    /// function word ("water tomorrow", "check and …").
    private static func takesBareObject(_ verb: String, _ next: Token) -> Bool {
        // "practice runs late": a noun and its verb.
        guard next.isWord, next.classes.isEmpty || next.is(.actionVerb) && !next.is(.connective), !next.is(.filler),
            !MoodReader.presentForms.contains(next.norm),
            !Lexicon.adjectivalVerbs.contains(verb), !Lexicon.bareObjectStops.contains(next.norm)
        else { return false }
        return !(Lexicon.nounCompounds[verb]?.contains(next.norm) ?? false)
    }

    /// Words that end a when ("tonight", "at 5 pm", "on Friday"), for `timedActionFollows`.
    static let whenEndings: Set<String> = [
        "today", "tonight", "tomorrow", "tmrw", "morning", "afternoon", "evening", "night", "noon", "midnight", "am", "pm",
        "weekend",
    ]

    /// The verb a task after "and" leaves unsaid: "call mom at 5 and dad at 6", "pay rent on Monday and the phone bill
    /// on Friday", "book flights for the 19th and the hotel for the 20th", with a particle after it ("go to yoga on
    /// Monday and Pilates on Thursday", "pick up Anna at 3 and Ben at 4"). The clause opens with the verb (after a
    /// lead-in: "I need to") and ends in a when, a pause may come before "and" ("call Dad at 2, and Mom at 4"), and after
    /// it come a few words with no verb, then a when of their own up to the clause's end, which a repetition may end
    /// ("and Mom at 4 every day", "on Sundays").
    private static func gappedVerb(_ tokens: [Token], clause start: Int, and index: Int) -> Range<Int>? {
        let leadIn = Lexicon.leadInsByFirstWord[tokens[start].norm]?.first { tokens.matches($0, at: start) }
        let verb = start + (leadIn?.count ?? 0)
        // "call Dad at 2, and Mom at 4": a pause may come before the "and".
        guard index > verb + 1 else { return nil }
        let whenEnd = tokens[index - 1].isClauseBreak ? index - 2 : index - 1
        guard whenEnd > verb, tokens[verb].is(.actionVerb), startsAction(tokens, at: verb), endsGappedWhen(tokens[whenEnd])
        else { return nil }
        // "between December 1st and 5th": the and ends a range.
        if (verb..<index).contains(where: { tokens[$0].norm == "between" }) { return nil }
        // "at 5th and Main" is a street corner, "a 2 by 4" a size: no when before "and".
        if index >= 2, ["at", "of", "on"].contains(tokens[index - 2].norm), tokens[index - 1].kind != .word, case .ordinal = tokens[index - 1].kind,
            index + 1 < tokens.count, tokens[index + 1].isCapitalized
        {
            return nil
        }
        if index >= 2, tokens[index - 2].norm == "at", tokens[index - 1].kind != .word, case .ordinal = tokens[index - 1].kind { return nil }
        if index >= 3, ["by", "x"].contains(tokens[index - 2].norm), tokens[index - 3].number != nil { return nil }
        var position = index + 1
        // "and the gas bill on Friday": a word that is mostly a noun, after the words of the thing, is its noun.
        while position < tokens.count, position < index + 7, !tokens[position].isPunctuation, !gappedWhenOpeners.contains(tokens[position].norm),
            !endsGappedWhen(tokens[position]), tokens[position].norm != "and",
            !startsAction(tokens, at: position) || (position > index + 1 && Lexicon.nounFirstVerbs.contains(tokens[position].norm))
        {
            position += 1
        }
        guard position > index + 1, position < tokens.count, !tokens[position].isPunctuation,
            // "on the 1st and the 15th of every month": a thing, not only "the", before the second when.
            (index + 1..<position).contains(where: { !gappedWhenWords.contains(tokens[$0].norm) })
        else { return nil }
        var saysWhen = false
        while position < tokens.count, !tokens[position].isPunctuation {
            let token = tokens[position]
            if endsGappedWhen(token) {
                saysWhen = true
            } else if !gappedWhenOpeners.contains(token.norm) && !gappedWhenWords.contains(token.norm) && !token.is(.month)
                // "and Mom at 4 every day": a repetition after the second when.
                && !(saysWhen && (gappedRepeatWords.contains(token.norm) || token.is(.pluralWeekday)))
            {
                return nil
            }
            position += 1
        }
        guard saysWhen else { return nil }
        return verb..<(gappedParticles.contains(tokens[verb + 1].norm) ? verb + 2 : verb + 1)
    }

    /// Words of a repetition said after a gapped task's when ("every day", "each weekday", "every other week", "until
    /// Sunday"); plural weekdays are too ("on Sundays").
    private static let gappedRepeatWords: Set<String> = [
        "every", "each", "other", "day", "weekday", "week", "month", "daily", "weekly", "until", "till",
    ]

    /// Words after a verb that its gapped twin says too ("talk to", "pay for", "pick up").
    private static let gappedParticles: Set<String> = ["to", "for", "with", "about", "up", "out", "off", "back"]

    /// Where the action starts when a when and then an action start at `start` ("and at 1 p.m. review the budget", "and in
    /// an hour, take the chicken out", "and in two hours to take out the laundry"), so the action after "and" is a task
    /// of its own; nil when they do not. A number right after "and" is the second end of a when ("between 2 and 4 pm
    /// call", "on the 5th and 20th pay"), as is any when after "between" ("between 10 and noon call", "between the 3rd
    /// and the 5th visit").
    private static func actionAfterWhen(_ tokens: [Token], from start: Int) -> Int? {
        // "every Monday, Wednesday and Friday at 6": a comma between weekdays.
        func isListComma(_ position: Int) -> Bool {
            tokens[position].norm == "," && position > start && tokens[position - 1].is(.weekday) && position + 1 < tokens.count
                && tokens[position + 1].is(.weekday)
        }
        guard start < tokens.count, tokens[start].isWord, !tokens[start].is(.cardinal), !tokens[start].is(.ordinal) else { return nil }
        // "between 10 and noon call the bank", "between the 3rd and the 5th visit grandma": the window's end.
        if let between = (max(0, start - 6)..<start).last(where: { tokens[$0].norm == "between" }),
            !(between..<start).contains(where: { tokens[$0].isPunctuation })
        {
            return nil
        }
        var position = start
        var saysWhen = false
        while position < tokens.count, position < start + 9, !tokens[position].isPunctuation || isListComma(position) {
            let token = tokens[position]
            if token.isPunctuation {
                position += 1
                continue
            }
            // "in an hour and a half".
            if token.norm == "and", let phrase = [["and", "a", "half"], ["and", "half"]].first(where: { tokens.matches($0, at: position) }) {
                position += phrase.count
                continue
            }
            // "and every Tuesday and Thursday take out the recycling": weekdays listed.
            if token.norm == "and", saysWhen, position + 1 < tokens.count, tokens[position + 1].is(.weekday) {
                position += 1
                continue
            }
            if endsGappedWhen(token) || leadingWhenUnits.contains(token.norm) {
                saysWhen = true
            } else if !gappedWhenOpeners.contains(token.norm) && !gappedWhenWords.contains(token.norm) && !leadingWhenWords.contains(token.norm) {
                break
            }
            position += 1
        }
        guard saysWhen, position > start else { return nil }
        // "and at 2:30, um, meet the movers".
        while position < tokens.count, tokens[position].isClauseBreak || tokens[position].is(.filler) { position += 1 }
        return position < tokens.count && startsAction(tokens, at: position) ? position : nil
    }

    /// Words that make a when before an action after "and" ("in an hour", "at lunchtime").
    private static let leadingWhenUnits: Set<String> = [
        "minute", "minutes", "min", "mins", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "noon", "lunchtime",
        "lunch", "midnight",
    ]
    private static let leadingWhenWords: Set<String> = ["in", "an", "a", "half", "first", "thing", "later", "then", "every", "each", "other"]

    /// Words that open a when ("at 6", "on Friday", "next Monday"), and words it may hold besides them and its ends.
    private static let gappedWhenOpeners: Set<String> = ["at", "on", "for", "by", "before", "next", "this", "around"]
    private static let gappedWhenWords: Set<String> = ["the", "of", "o'clock"]

    /// Whether `token` may end a when: a number, a day or time word, a weekday, an ordinal.
    private static func endsGappedWhen(_ token: Token) -> Bool {
        switch token.kind {
        case .number, .ordinal, .clock, .slashDate: true
        case .word: token.is(.weekday) || token.is(.ordinal) || token.is(.cardinal) || whenEndings.contains(token.norm)
        case .decimal, .punctuation: false
        }
    }

    /// Whether a verb that is also a noun starts a new action after "and" because both sides say their own when:
    /// "water the plants tonight and book flights tomorrow" is two tasks, "buy bread today and water bottles" one.
    private static func timedActionFollows(_ tokens: [Token], and index: Int, verb: Int) -> Bool {
        func endsWhen(_ token: Token) -> Bool { token.is(.weekday) || whenEndings.contains(token.norm) }
        // A word the lexicon does not know is a verb before "it" or "them" ("… and brine it on Wednesday").
        guard index > 0, endsWhen(tokens[index - 1]), verb + 1 < tokens.count,
            tokens[verb].is(.actionVerb) || (tokens[verb].isWord && tokens[verb].classes.isEmpty && ["it", "them"].contains(tokens[verb + 1].norm)),
            tokens[verb + 1].isWord,
            !(Lexicon.nounCompounds[tokens[verb].norm]?.contains(tokens[verb + 1].norm) ?? false)
        else { return false }
        var position = verb + 2
        while position < min(tokens.count, verb + 8), !tokens[position].isPunctuation, tokens[position].norm != "and" {
            if endsWhen(tokens[position]) { return true }
            position += 1
        }
        return false
    }

    /// Where what follows "so", "which means", "that means" or "meaning" (a consequence said before an action) starts,
    /// when one of them is at `index` and something follows it.
    static func consequenceEnd(_ tokens: [Token], at index: Int) -> Int? {
        guard index < tokens.count else { return nil }
        var end: Int
        switch tokens[index].norm {
        case "so": end = tokens.matches(["so", "that", "means"], at: index) ? index + 3 : index + 1
        case "which", "that": end = index + 1 < tokens.count && tokens[index + 1].norm == "means" ? index + 2 : index
        case "meaning": end = index + 1
        default: return nil
        }
        guard end > index else { return nil }
        // "which means that I have to …".
        if end > index + 1, end < tokens.count, tokens[end].norm == "that" { end += 1 }
        return end < tokens.count ? end : nil
    }

    /// An aside of a few words from `start` to a comma with an action after it: the aside's end and where the action
    /// starts.
    private static func aside(_ tokens: [Token], from start: Int) -> (Int, Int)? {
        var index = start
        // "and, oh, this is urgent, refill …": an interjection before the aside goes with it.
        while index < tokens.count, index < start + 3, tokens[index].is(.discourse) || tokens[index].isClauseBreak { index += 1 }
        let first = index
        while index < tokens.count, index < first + 6, tokens[index].isWord {
            if index > start, startsAction(tokens, at: index) { return nil }
            index += 1
        }
        guard index > first, index < tokens.count, tokens[index].isClauseBreak else { return nil }
        var resume = index + 1
        while resume < tokens.count, tokens[resume].isClauseBreak || tokens[resume].is(.filler) { resume += 1 }
        return resume < tokens.count && startsAction(tokens, at: resume) ? (index, resume) : nil
    }

    /// Whether the "and" at `index` ends a lead-in that an action follows ("go ahead and book the flights", "be sure
    /// and call mom", "run out and get gas"): the action is the task.
    private static func closesLeadIn(_ tokens: [Token], at index: Int, clauseStart: Int) -> Bool {
        guard index + 1 < tokens.count, startsAction(tokens, at: index + 1) else { return false }
        return Lexicon.andLeadIns.contains { phrase in
            let first = index + 1 - phrase.count
            return first >= clauseStart && tokens.matches(phrase, at: first)
        }
    }

    /// Whether the "and" at `index` joins a pair said as one ("show and tell", "copy and paste") or two verbs of one
    /// object ("cut and stack the firewood").
    private static func joinsPair(_ tokens: [Token], at index: Int, clauseStart: Int) -> Bool {
        guard index > 0, index + 1 < tokens.count else { return false }
        return Lexicon.andPairs.contains([tokens[index - 1].norm, tokens[index + 1].norm]) || isLoneVerb(tokens, clauseStart..<index)
    }

    /// Whether `range` is one action verb with no object, after any lead-in ("cut" of "cut and stack the firewood"), or
    /// one with its particle ("box up" of "box up and ship the camera").
    private static func isLoneVerb(_ tokens: [Token], _ range: Range<Int>) -> Bool {
        var words = spokenWords(tokens, range)
        guard let end = words.last, range.upperBound == end + 1 else { return false }
        if ["up", "out", "down", "off", "back", "over"].contains(tokens[end].norm), words.count > 1, words[words.count - 2] == end - 1 {
            // ("sweep up and restock the colour bar": a verb and particle that take no object are a task of their own.)
            if Lexicon.phrasalWithoutObject.contains([tokens[end - 1].norm, tokens[end].norm]) { return false }
            words.removeLast()
        }
        guard let last = words.last else { return false }
        // ("Chlorinate and refill the hot tub": a word made a verb, said alone.)
        let made = words.count == 1 && Self.isMadeVerb(tokens[last].norm)
        guard tokens[last].is(.actionVerb) || made, !Lexicon.verbsWithoutObject.contains(tokens[last].norm) else { return false }
        return words.count == 1 || isPreamble(tokens, range.lowerBound..<last)
    }

    /// Whether `word` is made a verb by its ending ("chlorinate", "sanitize", "winterize", "verify").
    static func isMadeVerb(_ word: String) -> Bool {
        word.utf8.count >= 6 && (word.hasSuffix("ate") || word.hasSuffix("ize") || word.hasSuffix("ise") || word.hasSuffix("ify"))
            && !thingsLikeVerbs.contains(word)
    }

    /// Things whose names end as made verbs do ("chocolate and call mom" is a thing to get and a task).
    static let thingsLikeVerbs: Set<String> = [
        "chocolate", "climate", "candidate", "certificate", "template", "senate", "palate", "pirate", "karate", "pomegranate",
        "private", "corporate", "merchandise", "promise", "premise", "enterprise", "franchise", "expertise", "paradise", "chemise",
        "treatise", "surprise", "granite", "sulfate", "chlorate", "nitrate", "carbonate", "bicarbonate", "concentrate",
    ]

    /// Whether `range` is only the words said again at `next`, after any lead-in ("Email, um, email Jordan the slides",
    /// "pick up, uh, pick up the photos", "I have to get, uh, get the oil changed"), or a verb given up after a filler.
    static func isStumble(_ tokens: [Token], _ range: Range<Int>, before next: Int) -> Bool {
        let words = spokenWords(tokens, range)
        for count in 1...2 where count <= words.count && next + count <= tokens.count {
            let said = words.suffix(count)
            guard said.enumerated().allSatisfy({ tokens[$0.element].norm == tokens[next + $0.offset].norm }) else { continue }
            if count == words.count || isPreamble(tokens, range.lowerBound..<said.first!) { return true }
        }
        // "Call, uh, text Ben": one verb of getting in touch, a filler, and the verb meant instead ("vacuum, um, mop the
        // kitchen" is two chores).
        if let last = words.last, Lexicon.contactVerbs.contains(tokens[last].norm), words.count == 1 || isPreamble(tokens, range.lowerBound..<last),
            (last..<next).contains(where: { tokens[$0].is(.filler) })
        {
            return true
        }
        return false
    }

    /// Whether `range` says a message is read out ("her text says,", "Mum's email said,"): what follows is its words.
    private static func isMessageRead(_ tokens: [Token], _ range: Range<Int>) -> Bool {
        let words = range.filter { tokens[$0].isWord && !tokens[$0].is(.filler) && !tokens[$0].is(.discourse) }
        guard words.count == 3 else { return false }
        return MoodReader.readsMessage(tokens[words[0]].norm, tokens[words[1]].norm, tokens[words[2]].norm)
    }

    /// Whether `range` is one capitalised word that is no when, verb said again or chatter, or two or three capitalised
    /// words that are no when or verb: a name said before the task it goes with ("Mark, call the plumber tomorrow",
    /// "Walgreens, pick up the prescription", "Great Clips, book haircuts").
    static func isCalledName(_ tokens: [Token], _ range: Range<Int>) -> Bool {
        let words = range.filter { tokens[$0].isWord && !tokens[$0].is(.filler) }
        guard let word = words.first, tokens[word].isCapitalized, range.upperBound < tokens.count else { return false }
        // "Great Clips, book haircuts", "Good Samaritan Hospital, call them": a name of a few capitalised words.
        if (2...3).contains(words.count) {
            return words.allSatisfy { tokens[$0].isCapitalized && !Lexicon.triggerWords.contains(tokens[$0].norm) && !tokens[$0].is(.actionVerb) }
                && words.dropFirst().allSatisfy { !Lexicon.leadInsByFirstWord.keys.contains(tokens[$0].norm) }
        }
        guard words.count == 1 else { return false }
        let norm = tokens[word].norm
        return !Lexicon.triggerWords.contains(norm) && !tokens[word].is(.discourse) && !tokens[word].is(.leadInStart)
            && !Lexicon.chatterFirstWords.contains(norm) && !MoodReader.vocatives.contains(norm)
            && (range.upperBound + 1 >= tokens.count || tokens[range.upperBound + 1].norm != norm)
    }

    /// The words of `range` that say something: no punctuation, fillers or discourse words.
    private static func spokenWords(_ tokens: [Token], _ range: Range<Int>) -> [Int] {
        range.filter { tokens[$0].isWord && !tokens[$0].is(.filler) && !tokens[$0].is(.discourse) }
    }

    /// Whether `range`, after any lead-in, is only a verb that takes an object, or that verb and a determiner ("I need to
    /// call", "call the").
    static func endsBeforeObject(_ tokens: [Token], _ range: Range<Int>) -> Bool {
        // Most sentences end on something else: look at the last word before gathering them.
        guard let end = range.last, tokens[end].is(.actionVerb) || objectOpeners.contains(tokens[end].norm) else { return false }
        let words = spokenWords(tokens, range)
        guard let last = words.last else { return false }
        let verb = objectOpeners.contains(tokens[last].norm) && words.count >= 2 ? words[words.count - 2] : last
        guard tokens[verb].is(.actionVerb), Lexicon.transitiveVerbs.contains(tokens[verb].norm) else { return false }
        return verb == words.first || isPreamble(tokens, range.lowerBound..<verb)
    }

    /// Words that begin an object, or end a phrasal verb, and leave the object unsaid when a sentence ends on them ("call
    /// the.", "pick up.").
    private static let objectOpeners: Set<String> = ["the", "a", "an", "my", "our", "his", "her", "their", "your", "this", "some", "up"]

    /// Whether the sentence from `start` has no verb of its own and is no chatter ("The dentist about my crown.", not "The
    /// vet is closed." or "The end.").
    private static func isVerbless(_ tokens: [Token], from start: Int) -> Bool {
        var index = start
        var words: [String] = []
        while index < tokens.count, !tokens[index].isSentenceEnd {
            let norm = tokens[index].norm
            if tokens[index].isWord {
                if MoodReader.isFinite(norm) || TitleBuilder.copulas.contains(norm) || norm.hasSuffix("'re") { return false }
                // "The vet's closed" says something; "the vet about Rex's shots" does not.
                if norm.hasSuffix("'s"), !possessed(tokens, after: index) {
                    return false
                }
                words.append(norm)
            }
            index += 1
        }
        // "The dentist about my crown", "the dog at 6": a short noun phrase, then nothing or a preposition ("The in-laws
        // arrive Friday" says something of its own).
        let link = words.firstIndex { objectLinks.contains($0) } ?? words.count
        guard link <= 4 else { return false }
        // "The in-laws arrive Friday": a verb after a plural ("the kids shoes", "the kids dentist appointments" have none).
        if link > 2,
            (2..<link).contains(where: {
                words[$0 - 1].hasSuffix("s") && !words[$0 - 1].hasSuffix("'s") && !words[$0].hasSuffix("s")
                    && (Lexicon.actionVerbs.contains(words[$0]) || MoodReader.eventVerbs.contains(words[$0]) || TitleBuilder.pluralVerbs.contains(words[$0]))
            })
        {
            return false
        }
        return !Lexicon.chatter.contains(words.joined(separator: " "))
    }

    /// Whether the word after `index` is a thing a possessive before it owns ("Rex's shots"), not how something is.
    private static func possessed(_ tokens: [Token], after index: Int) -> Bool {
        guard index + 1 < tokens.count, tokens[index + 1].isWord else { return false }
        let next = tokens[index + 1].norm
        return !MoodReader.fusedPredicates.contains(next) && !MoodReader.adverbs.contains(next) && !next.hasSuffix("ing")
            && !["a", "an", "the", "not", "been", "going", "gonna", "got"].contains(next)
    }

    /// Words that may follow the object a full stop cut from its verb.
    private static let objectLinks: Set<String> = [
        "about", "to", "for", "at", "with", "from", "on", "in", "by", "and", "before", "after", "tomorrow", "today", "tonight",
    ]

    /// Whether `range` is a short phrase said before the action it goes with ("for the bake sale, make cupcakes").
    static func isFrontedPhrase(_ tokens: [Token], _ range: Range<Int>) -> Bool {
        var words = range.drop { !tokens[$0].isWord || tokens[$0].is(.discourse) || tokens[$0].is(.filler) }
        // "if it rains, …", "when you get home, …": a condition with its own subject and verb.
        if let first = words.first, opensCondition(tokens, at: first) {
            // (Its subject may open a lead-in elsewhere: "we", "I".)
            return words.count <= conditionLength
                && words.allSatisfy { (tokens[$0].isWord || tokens[$0].number != nil) && ($0 == first + 1 || !tokens[$0].is(.leadInStart)) }
        }
        guard let first = words.first, TitleBuilder.frontedOpeners.contains(tokens[first].norm) else { return false }
        words = words.dropFirst()
        // "for the bake sale": a verb after a determiner is a noun.
        return words.count <= 5
            && words.allSatisfy {
                tokens[$0].isWord && !tokens[$0].is(.leadInStart) && (!tokens[$0].is(.actionVerb) || tokens[$0 - 1].is(.objectStarter))
            }
    }

    /// Words that open a condition said before a task ("if it rains", "when you get home", "before we leave").
    static let conditionOpeners: Set<String> = ["if", "when", "whenever", "once", "before", "after", "unless", "until", "while"]

    /// The most words a condition said before its task holds.
    static let conditionLength = 8

    /// Whether a condition with a subject opens at `index`: its opener, then a pronoun, a name or a determiner.
    static func opensCondition(_ tokens: [Token], at index: Int) -> Bool {
        guard conditionOpeners.contains(tokens[index].norm), index + 2 < tokens.count else { return false }
        // "while I'm at it", "while I think of it", "before I forget": an aside, not a condition.
        if tokens[index].norm == "while",
            tokens.matches(["at", "it"], at: index + 2) || Lexicon.whileAsides.contains(where: { tokens.matches($0, at: index) })
        {
            return false
        }
        if tokens.matches(["before", "i", "forget"], at: index) { return false }
        let subject = tokens[index + 1]
        return subject.isWord
            && (MoodReader.subjectPronouns.contains(subject.norm) || MoodReader.subjectContractions[subject.norm] != nil
                || TimeRecognizer.attributiveDeterminers.contains(subject.norm)
                || (subject.isCapitalized && !subject.is(.weekday) && !subject.is(.month)) || subject.norm.hasSuffix("'s"))
    }

    /// Where the action starts in a condition said first without a pause ("if it gets windy tonight bring in the
    /// umbrella", "if gas drops under three bucks fill up both cars", "when you get home call me"): the first verb that
    /// can open an imperative once the condition has its subject and verb. An offset into `words`, which start at the
    /// condition's opener and hold its words in order; nil when the words pause first or no such verb follows.
    static func unpausedConditionAction(_ tokens: [Token], _ words: ArraySlice<Int>) -> Int? {
        let start = words.startIndex
        // ("if gas drops …", "if traffic is bad …", "if anyone calls …": a bare noun before a finite verb is a subject too.)
        guard words.count > 4,
            opensCondition(tokens, at: words[start])
                || (tokens[words[start]].norm == "if" && tokens[words[start + 1]].isWord
                    && (MoodReader.isFinite(tokens[words[start + 2]].norm)
                        || ["anyone", "anybody", "someone", "somebody", "nobody"].contains(tokens[words[start + 1]].norm)))
        else { return nil }
        var verbSaid = false
        for offset in 1..<min(words.count - 1, conditionLength + 2) {
            let token = tokens[words[start + offset]]
            guard !token.isPunctuation else { return nil }
            let previous = tokens[words[start + offset - 1]].norm
            // ("… have the crew sand the bridge": a causative opens the action too.)
            let causes =
                ["have", "let", "make"].contains(token.norm) && words[start + offset] + 1 < tokens.count
                && (tokens[words[start + offset] + 1].is(.objectStarter) || tokens[words[start + offset] + 1].isCapitalized)
            // ("if she lets me borrow the car …", "if you see the guys fix the fence …": a verb after whom a verb of letting
            // or seeing is about belongs to the condition.)
            let ledBy = (max(1, offset - 3)..<offset).contains { ledVerbs.contains(tokens[words[start + $0]].norm) }
            if verbSaid, offset >= 3, causes || (token.is(.actionVerb) && startsAction(tokens, at: words[start + offset]) && !ledBy),
                !notBeforeImperative.contains(previous), !MoodReader.subjectStarts.contains(previous),
                MoodReader.subjectContractions[previous] == nil
            {
                return offset
            }
            // The condition's verb: a word after a subject pronoun ("you get"), a finite form ("drops", "rains"), a plural's
            // verb ("the kids get"), or a noun fused with "is" ("the pharmacy's closed"); not a noun after its determiner
            // ("the kids").
            let norm = token.norm
            if offset >= 2,
                MoodReader.subjectPronouns.contains(previous) || MoodReader.isFinite(norm)
                    || (norm.hasSuffix("s") && !TimeRecognizer.attributiveDeterminers.contains(previous) && !previous.hasSuffix("'s"))
                    || (TitleBuilder.pluralVerbs.contains(norm) && previous.hasSuffix("s"))
            {
                verbSaid = true
            }
            if offset >= 1, norm.hasSuffix("'s") || MoodReader.subjectContractions[norm] != nil { verbSaid = true }
        }
        return nil
    }

    /// Verbs of letting, helping and seeing, whose object's verb is theirs ("lets me borrow", "see the guys fix").
    private static let ledVerbs: Set<String> = [
        "let", "lets", "help", "helps", "see", "sees", "watch", "watches", "hear", "hears", "make", "makes",
    ]

    /// Words after which a verb is no imperative ("to call", "can't make", "the paint").
    private static let notBeforeImperative: Set<String> = [
        "to", "the", "a", "an", "my", "our", "his", "her", "their", "your", "its", "this", "that", "these", "those", "some",
        "not", "never", "didn't", "don't", "doesn't", "won't", "wouldn't", "can't", "couldn't", "shouldn't", "will", "would",
        "can", "could", "should", "might", "may", "must", "be", "been", "being", "let's", "is", "are", "was", "were", "am", "has",
        "have", "had", "do", "does", "did",
    ]

    /// Whether `range` holds only discourse words, fillers and lead-ins ("Um, I need to,", "Note to self").
    static func isPreamble(_ tokens: [Token], _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        scanning: while index < range.upperBound {
            let token = tokens[index]
            // "I should probably, like, call the bank": an adverb of the lead-in before its pause, and "like" after one.
            if token.isPunctuation || token.is(.filler) || token.is(.discourse)
                || (index > range.lowerBound && (Lexicon.leadInAdverbs.contains(token.norm) || (token.norm == "like" && tokens[index - 1].norm == ",")))
            {
                index += 1
                continue
            }
            for phrase in token.is(.leadInStart) ? Lexicon.leadInsByFirstWord[token.norm] ?? [] : []
            where index + phrase.count <= range.upperBound && tokens.matches(phrase, at: index) {
                index += phrase.count
                continue scanning
            }
            return false
        }
        return true
    }

    /// Whether `range`, before a colon, is a list's heading that says nothing a task needs: a few lower-case words around
    /// a word for a list ("cellar jobs", "prep list", "wedding stuff", "three things for the allotment", "note"), or up to
    /// three words with no verb that name what the list is for ("market prep", "for the christening", "Mum's meds"); with
    /// no name, when, priority or project ("Sarah:", "before Christmas:", "Xmas:", "work tasks:" say something).
    private static func isHeading(_ tokens: [Token], _ range: Range<Int>) -> Bool {
        let words = range.filter { tokens[$0].isWord && !tokens[$0].is(.filler) && !tokens[$0].is(.discourse) }
        guard (1...5).contains(words.count), let first = words.first else { return false }
        // "market prep:", "gamekeeping:", "for the christening:": a few words that name what the list is for, and no verb
        // that would make them a task.
        guard
            words.contains(where: { headingNouns.contains(tokens[$0].norm) })
                || (words.count <= (tokens[first].norm == "for" ? 4 : 3) && !startsAction(tokens, at: first) && !tokens[first].is(.actionVerb)
                    && !isUnlistedVerb(tokens, at: first, opening: true)
                    && !range.contains(where: {
                        ($0 == words.last && tokens[$0].isTrigger && tokens[$0].norm != "day") || (!tokens[$0].isWord && !tokens[$0].isPunctuation)
                    }))
        else { return false }
        return words.allSatisfy { at in
            let token = tokens[at]
            let counted = token.is(.cardinal) && at + 1 < tokens.count && headingNouns.contains(tokens[at + 1].norm)
            // ("Mum's meds:", "Zoe's party:": whose list it is.)
            let whose =
                token.norm.hasSuffix("'s") && at == first && words.count > 1 && !token.isTrigger
                && !leadingDayWords.contains(String(token.norm.dropLast(2)))
            return (!token.isCapitalized || (at == first && !Lexicon.givenNames.contains(token.norm)) || whose)
                && (!token.norm.hasSuffix("'s") || whose) && !token.norm.hasSuffix("'") && PriorityRecognizer.phrases[token.norm] == nil && !token.is(.weekday)
                && !token.is(.month)
                && token.number == nil && (counted || !token.is(.cardinal)) && !token.is(.ordinal) && !leadingDayWords.contains(token.norm)
                && !whenEndings.contains(token.norm)
                // ("for my list:", "my jobs:" name the speaker's list.)
                && (!headingStops.contains(token.norm) || (token.norm == "my" && at + 1 < tokens.count && headingNouns.contains(tokens[at + 1].norm)))
        }
    }

    /// Words that make a heading say something a task needs: whom, a project or label, a when.
    private static let headingStops: Set<String> = [
        "i", "we", "you", "he", "she", "they", "my", "his", "her", "their", "your", "week", "month", "weekend", "year", "project",
        "projects", "work", "home", "personal", "office", "school", "label", "tag", "urgent", "important", "before", "after", "by",
        "until", "till", "daily", "weekly", "monthly", "yearly", "annual", "annually", "christmas", "mum", "mom", "dad",
        "nan", "gran", "granny", "grandma", "grandpa", "grandad", "me", "us", "him", "them", "it", "this", "that", "ok", "okay",
    ]

    /// What a list's heading names ("prep list", "wedding stuff", "two things").
    private static let headingNouns: Set<String> = [
        "list", "jobs", "stuff", "things", "tasks", "items", "bits", "errands", "chores", "todo", "todos", "to-dos", "agenda", "note",
        "shopping", "job", "prep",
        "notes", "memo", "reminder", "reminders",
    ]

    /// The end of a splitter phrase at `index` ("and then", "also", "next,"), or nil.
    private static func splitter(_ tokens: [Token], at index: Int) -> Int? {
        let norm = tokens[index].norm
        guard
            norm == "and" || norm == "also" || norm == "then" || norm == "plus" || norm == "next"
                || norm == "after" || norm == "another" || norm == "one"
        else { return nil }
        for phrase in Lexicon.splitters where phrase[0] == norm && tokens.matches(phrase, at: index) {
            let end = index + phrase.count
            let previous = index > 0 ? tokens[index - 1].norm : ""
            switch phrase {
            case ["also"]:
                if Lexicon.alsoAdverbContext.contains(previous) { return nil }
            case ["then"]:
                if Lexicon.thenNonSplitContext.contains(previous) { return nil }
                // "at 4, no, she's in a meeting then, at 5": "then" ends the reason for a correction, and the when after
                // it is what was meant.
                if end + 1 < tokens.count, tokens[end].isClauseBreak, !startsAction(tokens, at: end + 1),
                    (max(0, index - 8)..<index).contains(where: { tokens[$0].is(.correctionStart) })
                {
                    return nil
                }
            case ["plus"]:
                // "Disney Plus", "Awards Plus": a capitalised word after a name is part of it; "$35 plus $2" is a sum.
                if tokens[index].isCapitalized, index > 0, tokens[index - 1].isCapitalized, tokens[index - 1].isWord { return nil }
                if index > 0, tokens[index - 1].number != nil || tokens[index - 1].norm.hasPrefix("$") { return nil }
            case ["next"]:
                // "next" splits only as a lead-in ("Next, call mom"), never in "next Friday" or "the Sunday after next visit".
                // ("book the next service for the van": after a determiner, the next of a thing.)
                guard end < tokens.count, tokens[end].isClauseBreak || startsAction(tokens, at: end), previous != "after",
                    !MoodReader.determiners.contains(previous) || tokens[end].isClauseBreak
                else { return nil }
            case ["after", "that"], ["and", "after", "that"]:
                // "after that hike", "after that meeting", "wiped out after that drive": "that" points at a thing.
                if end < tokens.count, tokens[end].isWord,
                    (!startsAction(tokens, at: end) && tokens[end].classes.isEmpty) || end + 1 == tokens.count || tokens[end + 1].isPunctuation
                {
                    return nil
                }
            default:
                break
            }
            var stop = end
            if stop < tokens.count, phrase.last == "thing", tokens[stop].norm == "is" { stop += 1 }
            return stop
        }
        return nil
    }

    /// The number an ordinal lead-in word counts ("first", "firstly" = 1, "secondly" = 2), 0 for "lastly" and "finally"
    /// (whichever comes next), or nil.
    private static func ordinalValue(_ norm: String) -> Int? {
        guard Lexicon.ordinalLeadIns.contains(norm) else { return nil }
        if norm == "lastly" || norm == "finally" { return 0 }
        return Lexicon.ordinals[norm] ?? Lexicon.ordinals[String(norm.dropLast(2))]
    }

    /// Whether the "and" at `index` joins repeated weekdays ("every Monday and Thursday go to the gym", "on Mondays and
    /// Fridays"), so the day after it is one more of the list, not the when of a new action.
    private static func joinsWeekdays(_ tokens: [Token], at index: Int) -> Bool {
        guard index + 1 < tokens.count, index > 0, tokens[index + 1].is(.weekday) || Lexicon.pluralWeekdays[tokens[index + 1].norm] != nil
        else { return false }
        var position = index - 1
        while position >= 0, tokens[position].is(.weekday) || tokens[position].norm == "," || Lexicon.pluralWeekdays[tokens[position].norm] != nil {
            if Lexicon.pluralWeekdays[tokens[position].norm] != nil { return true }
            position -= 1
        }
        guard position >= 0, position < index - 1 else { return false }
        // "every other week on Tuesday and Friday", "weekly on Monday and Thursday".
        if tokens[position].norm == "on", position > 0 { return ["week", "weekly", "biweekly", "fortnightly"].contains(tokens[position - 1].norm) }
        return tokens[position].norm == "every" || tokens[position].norm == "each"
    }

    /// Whether the "and" at `index` joins two parts of the day of one repetition ("every morning and evening", "every
    /// Monday morning and every night", "every morning and in the evening").
    private static func joinsPartsOfDay(_ tokens: [Token], at index: Int) -> Bool {
        let parts = Lexicon.dayParts
        guard index >= 2, parts.contains(tokens[index - 1].norm) else { return false }
        let before = tokens[index - 2].is(.weekday) && index >= 3 ? tokens[index - 3].norm : tokens[index - 2].norm
        guard before == "every" || before == "each" else { return false }
        var next = index + 1
        if next < tokens.count, tokens[next].norm == "every" || tokens[next].norm == "each" {
            next += 1
        } else if tokens.matches(["in", "the"], at: next) {
            next += 2
        }
        return next < tokens.count && parts.contains(tokens[next].norm)
    }

    /// The end of an ordinal lead-in at `index` ("first,", "secondly", "number two", "step four:", "first of all"), or nil.
    private static func ordinalLeadIn(_ tokens: [Token], at index: Int) -> Int? {
        let norm = tokens[index].norm
        var end: Int
        let step = index + 1 < tokens.count && ["step", "steps"].contains(tokens[index + 1].norm)
        if tokens[index].is(.ordinalLeadIn) || (["next", "last", "final"].contains(norm) && step) {
            end = index + 1
            // ("first step, call the insurer", "next steps: call Ana".)
            if step, end + 1 < tokens.count, tokens[end + 1].isClauseBreak { end += 1 }
            if tokens.matches(["of", "all"], at: end) { end += 2 } else if tokens.matches(["off"], at: end) { end += 1 }
        } else if ["one", "two", "three", "four", "five", "six"].contains(norm), index + 2 < tokens.count, tokens[index + 1].isClauseBreak {
            // "One, cancel the trial. Two, return the tux.": a count said at a sentence's start.
            return startsAction(tokens, at: index + 2) ? index + 2 : nil
        } else if norm == "number" || norm == "step", index + 1 < tokens.count,
            tokens[index + 1].number != nil || tokens[index + 1].is(.cardinal)
        {
            end = index + 2
        } else {
            return nil
        }
        guard end < tokens.count else { return nil }
        if tokens[end].isClauseBreak { return end + 1 }
        return startsAction(tokens, at: end) ? end : nil
    }
}

extension [Token] {
    /// Whether the words of `phrase` appear at `index` (punctuation in a phrase matches that mark).
    func matches(_ phrase: [String], at index: Int) -> Bool {
        guard index >= 0, index + phrase.count <= count else { return false }
        for (offset, word) in phrase.enumerated() where self[index + offset].norm != word {
            return false
        }
        return true
    }
}
