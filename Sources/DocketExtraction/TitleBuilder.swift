/// Builds a task title from the tokens no recogniser consumed: strips lead-ins ("remind me to"), fillers
/// ("um", "you know"), discourse words ("okay so"), dangling connectives and stray punctuation, keeps
/// everything else verbatim, and upper-cases the first letter.
enum TitleBuilder {
    /// The title of `scan`'s segment; empty when nothing of a task is left.
    static func title(of scan: SegmentScan) -> String {
        let kept = titleTokens(of: scan)
        return kept.isEmpty ? "" : title(of: scan, tokens: kept)
    }

    /// The title made of `tokens` (from `titleTokens(of:)`).
    static func title(of scan: SegmentScan, tokens kept: [Int]) -> String {
        capitalizingFirst(assemble(kept, scan))
    }

    /// The token indices the title is made of; empty when nothing of a task is left.
    static func titleTokens(of scan: SegmentScan) -> [Int] { titleReading(of: scan).tokens }

    /// What the title builder read in a segment.
    struct Reading {
        /// The token indices the title is made of; empty when nothing of a task is left.
        var tokens: [Int]
        /// The clause break where a comment after the task starts, if one was cut off ("call the landlord, the heater
        /// broke again").
        var commentStart: Int?
        /// The tokens of a reason said after a correction ("no, she's busy then"), if any.
        var reason: Range<Int>?
    }

    /// The title's tokens, and the comment and reason left out of it.
    static func titleReading(of scan: SegmentScan) -> Reading {
        let tokens = scan.tokens
        // A full stop inside a segment is a pause the segmenter read past ("I need to call. The dentist").
        var kept = scan.range.filter { scan.isFree($0) && !tokens[$0].isSentenceEnd }
        var reason: Range<Int>?

        // "call Tom, no wait, call Jerry": a new action after a correction replaces the words before it;
        // "call Tom, no wait, Jerry": a few words replace the same kind of words at the end before it.
        // "call the vet at 9:30, no, 10:30, to ask …": a correction that is all a when, closed by a pause, leaves the words.
        if let marker = scan.recognitions.last(where: { $0.fact == .correction }),
            let firstAfter = kept.first(where: { $0 >= marker.range.upperBound && !tokens[$0].isPunctuation }),
            !(marker.range.upperBound..<firstAfter).contains(where: { tokens[$0].isClauseBreak })
                || !(marker.range.upperBound..<firstAfter).contains(where: { scan.isConsumed($0) && !tokens[$0].isPunctuation })
        {
            if Segmenter.startsAction(tokens, at: firstAfter) {
                kept.removeAll { $0 < marker.range.upperBound }
            } else if kept.allSatisfy({ $0 < marker.range.upperBound || tokens[$0].isPunctuation || correctedWhenWords.contains(tokens[$0].norm) }) {
                // "at 5:30, wait, it's at 6 today": only the when is put right.
                kept.removeAll { $0 >= marker.range.upperBound }
            } else if let reasonEnd = reasonAfterCorrection(kept, from: firstAfter, tokens) {
                // "Call Dana at 3, no, she's busy then, call her at 4": why is no part of a title.
                reason = marker.range.upperBound..<reasonEnd + 1
                kept.removeAll { $0 >= marker.range.upperBound && $0 <= reasonEnd }
                if let next = kept.first(where: { $0 > reasonEnd && !tokens[$0].isPunctuation }), Segmenter.startsAction(tokens, at: next) {
                    kept.removeAll { $0 < marker.range.upperBound }
                }
            } else {
                kept = swappingObject(kept, marker: marker.range, tokens)
            }
        }

        kept = removingFillers(kept, tokens)
        kept = removingRepeats(kept, tokens)
        stripLeading(&kept, tokens)
        droppingRestartedVerb(&kept, tokens)
        movingFrontedPhrase(&kept, tokens)
        stripTrailing(&kept, tokens)
        kept = collapsingPunctuation(kept, tokens, scan)
        let commentStart = cuttingReason(&kept, tokens)
        if commentStart != nil { stripTrailing(&kept, tokens) }
        // "my mom's surgery is on December 3rd": a verb "be" left with nothing after its when.
        // Not in a clause the action holds ("figure out what dinner is going to be tonight").
        if kept.count > 1, let last = kept.last, copulas.contains(tokens[last].norm), scan.isConsumed(last + 1),
            tokens[last].norm != "be" || !tokens[kept[0]].is(.actionVerb)
        {
            kept.removeLast()
            // "the party will be on Saturday", "the party is going to be on Saturday": and what made it a future.
            if tokens[last].norm == "be" {
                func ends(with words: [String]) -> Bool {
                    kept.count > words.count && zip(kept.suffix(words.count), words).allSatisfy { tokens[$0].norm == $1 }
                }
                if ends(with: ["going", "to"]) { kept.removeLast(2) }
                if let auxiliary = kept.last, kept.count > 1, MoodReader.auxiliaries.contains(tokens[auxiliary].norm) || tokens[auxiliary].norm == "gonna" {
                    kept.removeLast()
                }
            }
            stripTrailing(&kept, tokens)
        }

        if kept.allSatisfy({ tokens[$0].isPunctuation || emptyWords.contains(tokens[$0].norm) }) { return Reading(tokens: [], reason: reason) }
        return Reading(tokens: kept, commentStart: commentStart, reason: reason)
    }

    /// The end of a reason said right after a correction ("no, she's busy then,", "no, it's too early", "no, the
    /// clinic's closed Friday"): the last kept token before the next pause, or nil when what follows the correction is
    /// no reason.
    private static func reasonAfterCorrection(_ kept: [Int], from first: Int, _ tokens: [Token]) -> Int? {
        guard let position = kept.firstIndex(of: first), !["as", "so"].contains(tokens[first].norm),
            commentStarts.contains(tokens[first].norm) || hasSubjectAndVerb(kept, from: position, tokens)
        else { return nil }
        let rest = kept.drop { $0 < first }
        return rest.first(where: { tokens[$0].isClauseBreak }) ?? rest.last
    }

    /// Words that say a corrected when is the task's ("wait, it's at 6").
    static let correctedWhenWords: Set<String> = ["it's", "its", "it", "is", "that's", "that", "make", "it'll", "be"]

    /// Forms of "be" that say what a day is ("is due", "the party is on Saturday").
    static let copulas: Set<String> = ["is", "are", "was", "were", "be", "it's", "that's", "'s"]

    /// Words that never end a title ("buy milk and"); "too" does end one that opens with its verb.
    static let danglingWords: Set<String> = ["and", "or", "then", "also", "plus", "so", "please", "too", "instead"]

    /// Words that on their own are no title ("I", "it").
    static let emptyWords: Set<String> = [
        "i", "we", "you", "it", "me", "to", "the", "a", "an", "and", "so", "that", "this", "at", "on", "by", "in", "for",
        "of", "or", "with",
    ]

    /// Replaces the end of the words before a correction with the words after it: a number said again replaces the
    /// number said last ("buy 11, no, 12 cupcakes", "order 5 boxes, no, 6" keeps "boxes"), else the run starting at the
    /// same leading word ("the red one, I mean the blue one"), else a trailing run of names ("Tom" → "Jerry Smith"),
    /// else as many words as were said again, never the first (the verb).
    private static func swappingObject(_ kept: [Int], marker: Range<Int>, _ tokens: [Token]) -> [Int] {
        let before = kept.filter { $0 < marker.lowerBound && !tokens[$0].isPunctuation && !tokens[$0].is(.filler) }
        let words = kept.filter { $0 >= marker.upperBound && !tokens[$0].isPunctuation }
        // "call Mike, I mean Mark, about the fantasy draft": the words said again end at a pause.
        let pause = kept.first { $0 > marker.upperBound && tokens[$0].isClauseBreak }
        // "…, no wait, Jerry Smith about the fence": or with the name said.
        let names = words.prefix { tokens[$0].isCapitalized }.count
        let said = pause.map { end in words.count { $0 < end } } ?? (names > 0 ? names : words.count)
        guard before.count >= 2, said > 0 else { return kept }
        // ("…, he's growing fast": the pauses after the words said again stay, for the comment after them.)
        var after = kept.filter { $0 >= words[0] }
        if let pause, let position = after.firstIndex(of: pause), position + 1 == after.count || !opensComment(after, at: position, tokens) {
            after.remove(at: position)
        }
        // "buy 11, no, 12 cupcakes", "order 5 boxes, no, 6", "order twelve, sorry, fifteen panes": a number said again
        // replaces the one said last.
        func isNumber(_ index: Int) -> Bool { tokens[index].number != nil || tokens[index].is(.cardinal) }
        if isNumber(after[0]), let spot = before.lastIndex(where: isNumber), spot > 0, spot >= before.count - 6 {
            if spot == before.count - 1 { return Array(before[..<spot]) + after }
            if said == 1 { return Array(before[..<spot]) + [after[0]] + Array(before[(spot + 1)...]) + Array(after.dropFirst()) }
        }
        var cut: Int?
        let window = max(1, before.count - 4)
        for position in stride(from: before.count - 1, through: window, by: -1)
        where tokens[before[position]].norm == tokens[after[0]].norm {
            cut = position
            break
        }
        if cut == nil, tokens[after[0]].isCapitalized {
            var position = before.count
            while position > 1, tokens[before[position - 1]].isCapitalized { position -= 1 }
            if position < before.count { cut = position }
        }
        guard cut != nil || said <= 4 else { return kept }
        let keep = cut ?? max(1, before.count - said)
        return Array(before[..<keep]) + after
    }

    private static func removingFillers(_ kept: [Int], _ tokens: [Token]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(kept.count)
        var position = 0
        while position < kept.count {
            let index = kept[position]
            let norm = tokens[index].norm
            var fillerLength = 0
            // "the ER bill": "Er" said mid-clause before a word is a name, not the filler.
            if tokens[index].is(.filler),
                !(tokens[index].isCapitalized && tokens[index].norm == "er" && index + 1 < tokens.count && !tokens[index + 1].isPunctuation)
            {
                fillerLength = 1
            } else if norm == "you", position + 1 < kept.count, tokens[kept[position + 1]].norm == "know",
                !["let", "do", "did", "if", "you", "don't", "didn't"].contains(result.last.map { tokens[$0].norm } ?? "")
            {
                fillerLength = 2
            } else if tokens[index].is(.hedgeStart),
                let phrase = Lexicon.hedges.first(where: { phrase in
                    position + phrase.count <= kept.count && phrase.indices.allSatisfy { tokens[kept[position + $0]].norm == phrase[$0] }
                        // "if possible" ends its clause ("ask the landlord if you can paint" keeps its words).
                        && (phrase.count == 1 || position + phrase.count == kept.count || tokens[kept[position + phrase.count]].isPunctuation)
                })
            {
                // "if possible", "ideally": how much it matters, not what to do.
                fillerLength = phrase.count
            } else if norm == "like",
                (index + 1 < tokens.count && tokens[index + 1].norm == ",")
                    || (result.last.map { tokens[$0].norm == "," } ?? false)
                    || (index > 0 && tokens[index - 1].isClauseBreak)
            {
                fillerLength = 1
            }
            if fillerLength == 0 {
                result.append(index)
                position += 1
                continue
            }
            position += fillerLength
            // Take the filler's commas with it. Between a verb and its object, or before a preposition, both go ("buy,
            // like, rice", "call Josh, you know, about the trip"); elsewhere one stays, as it may separate list items
            // ("eggs, um, bread").
            let commaAfter = position < kept.count && tokens[kept[position]].norm == ","
            if commaAfter { position += 1 }
            if let last = result.last, tokens[last].norm == "," {
                let beforeComma = result.count >= 2 ? tokens[result[result.count - 2]].norm : ""
                let afterComma = position < kept.count ? tokens[kept[position]].norm : ""
                // (A verb that opens the clause: "buy, like, rice"; not "buy a new iron, uh, the old one leaks".)
                let verbBefore = Lexicon.actionVerbs.contains(beforeComma) && (result.count == 2 || tokens[result[result.count - 3]].isPunctuation)
                if !commaAfter || verbBefore
                    || ["to", "and", "or", "for", "on", "of", "at", "with", "about", "from", "by", "in"].contains(beforeComma)
                    || ["about", "for", "to", "with", "at", "on", "from", "regarding", "re", "and", "or", "plus"].contains(afterComma)
                {
                    result.removeLast()
                }
            }
        }
        return result
    }

    /// Words said twice by a stumble or written twice by the recogniser ("buy buy milk", "to, to the bank"), kept
    /// once. Numbers, names and words that are meant twice ("had had") stay.
    private static func removingRepeats(_ kept: [Int], _ tokens: [Token]) -> [Int] {
        var kept = kept
        // "pick up, pick up the photos": two words said again after a pause are said once.
        var position = 0
        while position + 3 < kept.count {
            let again = tokens[kept[position + 2]].norm == "," ? position + 3 : position + 2
            if again + 1 < kept.count, tokens[kept[position]].isWord, tokens[kept[position + 1]].isWord,
                !tokens[kept[again]].isCapitalized, tokens[kept[position]].norm == tokens[kept[again]].norm,
                tokens[kept[position + 1]].norm == tokens[kept[again + 1]].norm, !meantTwice.contains(tokens[kept[position]].norm)
            {
                kept.removeSubrange(position..<again)
            } else {
                position += 1
            }
        }
        var result: [Int] = []
        result.reserveCapacity(kept.count)
        for index in kept {
            let token = tokens[index]
            // "Mom's, um, Mom's taxes": a name's possessive is never meant twice.
            let sentenceCapital = index > 0 && tokens[index - 1].isSentenceEnd
            if token.isWord, !token.isCapitalized || result.isEmpty || sentenceCapital || token.norm.hasSuffix("'s") {
                var previous = result.count - 1
                if previous > 0, tokens[result[previous]].norm == "," { previous -= 1 }
                // (Said one after the other: "for her for next week, her toenails…" has a when between.)
                if previous >= 0, tokens[result[previous]].isWord, tokens[result[previous]].norm == token.norm,
                    ((result[previous] + 1)..<index).allSatisfy({ tokens[$0].isPunctuation || tokens[$0].is(.filler) || tokens[$0].norm == token.norm }),
                    !meantTwice.contains(token.norm)
                {
                    result.removeSubrange((previous + 1)...)
                    continue
                }
            }
            result.append(index)
        }
        return result
    }

    /// "Call, uh, text Ben": a verb the speaker stopped on, a filler, and the verb meant instead.
    private static func droppingRestartedVerb(_ kept: inout [Int], _ tokens: [Token]) {
        guard kept.count > 2, Lexicon.contactVerbs.contains(tokens[kept[0]].norm),
            let verb = kept.firstIndex(where: { !tokens[$0].isPunctuation && $0 > kept[0] }),
            (kept[0]..<kept[verb]).contains(where: { tokens[$0].is(.filler) }), Segmenter.startsAction(tokens, at: kept[verb])
        else { return }
        kept.removeFirst(verb)
    }

    /// Words that may rightly follow themselves.
    static let meantTwice: Set<String> = ["that", "had", "is", "do", "bye", "no", "very", "so", "really"]

    /// Words that open a reason or comment after a task ("refill the prescription, only two pills left", "call Sam,
    /// he's waiting"): the comment is not part of the title.
    static let commentStarts: Set<String> = [
        "it's", "its", "it", "that's", "they're", "they", "we're", "we've", "we", "i'm", "i've", "there's", "since",
        "because", "cause", "'cause", "as", "so", "otherwise", "which", "only", "almost", "nearly", "she's", "he's",
        "she", "he", "i", "they'll", "he'll", "she'll", "it'll", "we'll", "there'll", "i'll", "i'd", "me", "somebody's",
        "someone's", "somebody", "someone", "everybody's", "everyone's", "nobody's", "you're", "you'll", "you've", "mine's", "mine",
        "they've", "they'd", "he'd", "she'd",
    ]

    /// Verbs whose object may be a whole sentence, said after a comma ("tell Sam, we're out of milk").
    static let messageVerbs: Set<String> = [
        "tell", "ask", "text", "message", "email", "e-mail", "let", "say", "remind", "warn", "inform", "notify", "note", "answer",
        "reply", "dm",
    ]

    /// Cuts a comment after a comma off the title; the clause break it starts at, if it did.
    /// After a verb of telling the words after the comma are the message ("tell Ana, the heater broke again"); after one
    /// that sends something, a comment in the past is a reason ("email the teacher, Liam missed class") and another the
    /// message ("text the babysitter, we'll be late").
    private static func cuttingReason(_ kept: inout [Int], _ tokens: [Token]) -> Int? {
        guard kept.count > 2 else { return nil }
        let verb = tokens[kept[0]].norm
        // "email the landlord about the radiator, it keeps banging": once what it is about is said, the rest is a comment.
        let firstBreak = kept.firstIndex { tokens[$0].isClauseBreak } ?? kept.count
        // ("ask public works to patch the potholes, people keep complaining": what is asked for is said too.)
        // ("remind the tenors about the sectional, they keep skipping it": the same after "remind".)
        let aboutSaid =
            (sendingVerbs.contains(verb) || verb == "remind")
            && kept[..<firstBreak].contains {
                tokens[$0].norm == "about" || (tokens[$0].norm == "to" && $0 + 1 < tokens.count && tokens[$0 + 1].is(.actionVerb))
            }
        let topicSaid = sendingVerbs.contains(verb) && aboutSaid
        let sending = sendingVerbs.contains(verb) && !topicSaid
        guard !messageVerbs.contains(verb) || sendingVerbs.contains(verb) || aboutSaid,
            let comma = (1..<(kept.count - 1)).first(where: {
                sending
                    ? tokens[kept[$0]].isClauseBreak
                        && (hasSubjectAndVerb(kept, from: $0 + 1, tokens, pastOnly: true) || thirdPersons.contains(tokens[kept[$0 + 1]].norm)
                            || fusedBeforeWhen(kept, at: $0, tokens))
                    : opensComment(kept, at: $0, tokens)
            }) ?? (2..<(kept.count - 1)).first(where: { saysWhy(kept, at: $0, tokens) })
        else { return nil }
        let start = kept[comma]
        // ("before bed remind me to plug in the drone so it's ready": a phrase said before the action stays after it.)
        let moved = kept[comma...].filter { $0 < kept[0] }
        kept.removeSubrange(comma...)
        kept += moved
        return start
    }

    /// Whether a reason said without a pause starts at `position` ("email Professor Kim about the extension because my
    /// laptop died", "book the kennel since we'll be away"; "down since yesterday" is a when).
    private static func saysWhy(_ kept: [Int], at position: Int, _ tokens: [Token]) -> Bool {
        switch tokens[kept[position]].norm {
        case "because", "'cause": return true
        case "since", "cause":
            let subject = tokens[kept[position + 1]]
            if reasonSubjects.contains(subject.norm) { return true }
            // "since the statement closes then", "since the IPA is pouring foamy": a thing and what it does now ("since the
            // day we moved in", "review all emails since the merger closed" say from when).
            if subjectDeterminers.contains(subject.norm) {
                for verb in (position + 3)..<min(kept.count, position + 6) {
                    let word = tokens[kept[verb]].norm
                    if !tokens[kept[verb]].isWord || MoodReader.personalPronouns.contains(word) || MoodReader.isPast(word) { return false }
                    if MoodReader.isThirdPerson(word) || TitleBuilder.pluralVerbs.contains(word) { return true }
                }
                return false
            }
            // "since Kim only has four": a name and what it does.
            guard subject.isCapitalized, subject.isWord, subject.classes.isEmpty || subject.is(.objectStarter), position + 2 < kept.count else {
                return false
            }
            let verb = tokens[kept[position + 2]].norm
            return MoodReader.isFinite(verb) || MoodReader.adverbs.contains(verb) || MoodReader.isThirdPerson(verb)
        case "so":
            // "thaw the chicken so it's ready", "cancel the trial so they don't charge the card": what it is for ("make a note so I
            // don't forget to renew the passports" says what the note is).
            if kept[position...].contains(where: { ["forget", "remember"].contains(tokens[$0].norm) }) { return false }
            let next = tokens[kept[position + 1]].norm
            return reasonSubjects.contains(next) && next != "there"
                || (next == "that" && position + 2 < kept.count && reasonSubjects.contains(tokens[kept[position + 2]].norm))
        default: return false
        }
    }

    /// Subjects that make "since" a reason, not a when ("since we'll be out of town").
    static let reasonSubjects: Set<String> = [
        "i", "we", "you", "he", "she", "they", "it", "i'm", "we're", "you're", "he's", "she's", "they're", "it's", "there's",
        "i'll", "we'll", "you'll", "he'll", "she'll", "they'll", "it'll", "i've", "we've", "they've", "there", "nobody",
    ]

    /// Subjects that are not whom a message is sent to: "text Sam, he needs the address" says why, it is no message.
    static let thirdPersons: Set<String> = ["he", "she", "they", "he's", "she's", "they're", "he'll", "she'll", "they'll"]

    /// Verbs of telling that send something, whose reason may follow a comma.
    static let sendingVerbs: Set<String> = ["email", "e-mail", "text", "message", "dm", "reply", "answer", "respond", "ask"]

    /// Whether a comment starts after the clause break at `position` of `kept`.
    private static func opensComment(_ kept: [Int], at position: Int, _ tokens: [Token]) -> Bool {
        // ("warning: the floor's wet": what a colon opens is what is said.)
        guard tokens[kept[position]].isClauseBreak, tokens[kept[position]].norm != ":" else { return false }
        let next = tokens[kept[position + 1]]
        let after = position + 2 < kept.count ? tokens[kept[position + 2]] : nil
        if next.norm == "just" { return after?.number != nil || after?.is(.cardinal) == true }
        // ", all twelve of them": how many, said after the task.
        if next.norm == "all", let after, after.number != nil || after.is(.cardinal), position + 3 < kept.count,
            tokens[kept[position + 3]].norm == "of"
        {
            return true
        }
        if commentStarts.contains(next.norm) { return !(next.norm == "as" && after?.norm == "well") }
        // ", or they charge for another day", ", or else": what happens otherwise.
        if next.norm == "or", let after, after.norm == "else" || (commentStarts.contains(after.norm) && after.norm != "as" && after.norm != "so") {
            return true
        }
        if fusedBeforeWhen(kept, at: position, tokens) { return true }
        return hasSubjectAndVerb(kept, from: position + 1, tokens)
    }

    /// Whether ", the deadline's January 10th" or ", deadline's January 10th" ends the title at the clause break at
    /// `position`: a noun fused with "is" before a when that left the title.
    private static func fusedBeforeWhen(_ kept: [Int], at position: Int, _ tokens: [Token]) -> Bool {
        let next = tokens[kept[position + 1]]
        if subjectDeterminers.contains(next.norm), position + 3 == kept.count { return tokens[kept[position + 2]].norm.hasSuffix("'s") }
        return next.norm.hasSuffix("'s") && !next.isCapitalized && position + 2 == kept.count
    }

    /// Words that may open the subject of a comment ("the heater broke again").
    static let subjectDeterminers: Set<String> = ["the", "a", "my", "our", "his", "her", "their", "your", "this", "that", "these", "those"]

    /// Whether a clause with a subject and its own verb starts at `start` of `kept`: one or two words (a name, a noun),
    /// or up to eight after a determiner, and a finite verb ("the heater broke again", "Maya has a fever", "pickup is early").
    private static func hasSubjectAndVerb(_ kept: [Int], from start: Int, _ tokens: [Token], pastOnly: Bool = false) -> Bool {
        // ", to say I'll be late": what the task is for has no subject of its own.
        guard tokens[kept[start]].norm != "to" else { return false }
        var subject = start
        // ("nobody reads it", "everyone hates it": a pronoun for people and its verb.)
        // (Not what is to be said: "announce at standup, nobody deploys on Friday", "email the team, someone needs to cover".)
        if !pastOnly, !["announce", "write", "post", "put", "say", "tell", "ask", "email", "text"].contains(tokens[kept[0]].norm),
            ["nobody", "everyone", "everybody", "somebody", "someone"].contains(tokens[kept[start]].norm), start + 1 < kept.count
        {
            let verb = tokens[kept[start + 1]].norm
            if verb.hasSuffix("s") && !verb.hasSuffix("'s") || MoodReader.isFinite(verb) { return true }
        }
        // ("Darren's match reports always run long": a name's, like a determiner, opens a longer subject.)
        let first = tokens[kept[subject]]
        let named =
            first.isCapitalized && first.isWord && first.norm.hasSuffix("'s") && subject + 1 < kept.count
            && tokens[kept[subject + 1]].isWord && tokens[kept[subject + 1]].classes.isEmpty
            && !MoodReader.fusedPredicates.contains(tokens[kept[subject + 1]].norm) && !tokens[kept[subject + 1]].norm.hasSuffix("ing")
            && !statesSaidLast.contains(tokens[kept[subject + 1]].norm)
            && !MoodReader.isFinite(tokens[kept[subject + 1]].norm) && !MoodReader.adverbs.contains(tokens[kept[subject + 1]].norm)
            && tokens[kept[subject + 1]].norm != "been"
        // ("half those guides are ancient": how many of them.)
        let counted =
            ["half", "all", "most", "some", "none", "both"].contains(first.norm) && subject + 1 < kept.count
            && subjectDeterminers.contains(tokens[kept[subject + 1]].norm)
        let determined = named || counted || subjectDeterminers.contains(first.norm)
        if determined { subject += counted ? 2 : 1 }
        // "the battery's dead again", "the car's making that noise", "the pump seal's leaking": a noun fused with "is"
        // before how it is.
        if !pastOnly, subject + 1 < kept.count,
            let fused = (subject..<min(kept.count - 1, subject + (determined ? 3 : 1))).first(where: { tokens[kept[$0]].norm.hasSuffix("'s") }),
            !(subject..<fused).contains(where: { !tokens[kept[$0]].isWord })
        {
            let next = tokens[kept[fused + 1]].norm
            // (After a longer subject only how a thing is: "the back porch's railing" is a thing.)
            // ("the building manager's chasing it": a longer subject's doing with what it is done to.)
            let doneTo = fused + 2 < kept.count && ["it", "them", "me", "us", "on", "for"].contains(tokens[kept[fused + 2]].norm)
            let saidLast = fused + 2 == kept.count || tokens[kept[fused + 2]].isPunctuation
            // ("the bag's torn", "the game dealer's collecting", "the old one's crumbling": a fault, or what it is doing,
            // said last.)
            // ("the water's going green".)
            let ongoing =
                (next.utf8.count > 5 && next.hasSuffix("ing") && !ingThings.contains(next))
                || (["going", "doing", "turning"].contains(next) && fused + 2 < kept.count && tokens[kept[fused + 2]].isWord)
            let doing =
                (fused == subject || doneTo
                    ? ongoing : MoodReader.faultStates.contains(next) || MoodReader.faultRunning.contains(next))
                || (saidLast && (ongoing || MoodReader.faultStates.contains(next)))
            // ("he's gained a bit": a pronoun's "has" and what it has done.)
            let done = fused == subject && ["he's", "she's", "it's"].contains(tokens[kept[fused]].norm) && MoodReader.isPast(next)
            // ("the forecast's dry", "my hamstring's tight": how it is, said last; "Mum's dry cleaning" is hers.)
            let stateSaidLast =
                statesSaidLast.contains(next)
                // ("buy cider, Thatcher's dry" names a brand; "call the vet, Max's sore" says how Max is.)
                && (!tokens[kept[fused]].isCapitalized || Lexicon.givenNames.contains(String(tokens[kept[fused]].norm.dropLast(2)))
                    || Lexicon.kinWords.contains(String(tokens[kept[fused]].norm.dropLast(2))))
                && (saidLast || statesSaidLastEnders.contains(tokens[kept[fused + 2]].norm))
            if MoodReader.fusedPredicates.contains(next) || MoodReader.adverbs.contains(next) || doing || done || stateSaidLast {
                return true
            }
        }
        var verb = subject + 1
        // "the check engine light came on again", "the hay delivery from the Johnsons is coming", "the one at 9 Elm got
        // jammed": a longer subject after a determiner.
        while verb < min(kept.count, subject + (determined ? 9 : 3)), !tokens[kept[verb - 1]].isPunctuation {
            let word = tokens[kept[verb]].norm
            if tokens[kept[verb]].isWord {
                if pastOnly ? MoodReader.isPast(word) : MoodReader.isFinite(word) { return true }
                // "he's been calling every day": what has been going on.
                if word == "been",
                    ["has", "have", "had"].contains(tokens[kept[verb - 1]].norm) || tokens[kept[verb - 1]].norm.hasSuffix("'s")
                        || tokens[kept[verb - 1]].norm.hasSuffix("'ve")
                {
                    return true
                }
                // "the kids need snacks", "my roommate and her husband arrive": a plural subject and its verb.
                // ("the reports always run long": an adverb between.)
                let noun = verb - 1 > subject && MoodReader.adverbs.contains(tokens[kept[verb - 1]].norm) ? verb - 2 : verb - 1
                if !pastOnly, pluralVerbs.contains(word),
                    tokens[kept[noun]].norm.hasSuffix("s") || ["people", "children", "men", "women"].contains(tokens[kept[noun]].norm)
                        || (subject..<verb).contains(where: { tokens[kept[$0]].norm == "and" })
                {
                    return true
                }
            }
            verb += 1
        }
        return false
    }

    /// Things whose names end in "-ing" ("the back porch's railing").
    private static let ingThings: Set<String> = [
        "railing", "ceiling", "building", "wedding", "bedding", "clothing", "filling", "stuffing", "painting", "drawing", "wiring",
        "plumbing", "flooring", "decking", "cladding", "lining", "padding", "skirting", "siding", "fencing", "roofing", "icing",
        "seasoning", "dressing", "pudding", "morning", "evening", "something", "nothing", "everything", "anything", "fitting",
        "setting", "booking", "meeting", "heading", "sibling", "dumpling", "darling", "earring", "awning", "housing", "topping",
        "stocking", "lightning", "offering", "recording", "serving", "shopping", "parking", "spring", "string", "thing",
    ]

    /// How a thing is, after its "'s", when nothing follows ("the forecast's dry", "the old one's rotten").
    static let statesSaidLast: Set<String> = [
        "quiet", "dry", "wet", "tight", "rotten", "blunt", "sore", "bright", "loud", "noisy", "slow", "split", "better", "worse", "forecast",
    ]

    /// Words that may follow a state said last ("the forecast's dry again", "the old one's rotten right through").
    static let statesSaidLastEnders: Set<String> = ["again", "now", "already", "right", "through", "today", "anyway"]

    /// Verbs in the present after a plural subject ("the kids need snacks", "my parents are visiting", "the hives look sick").
    static let pluralVerbs: Set<String> = [
        "need", "want", "have", "are", "were", "like", "love", "hate", "get", "go", "keep", "fill", "sell", "run", "close", "expire",
        "leak", "arrive", "come", "leave", "visit", "start", "begin", "end", "open", "finish", "look", "seem", "sound", "feel",
    ]

    /// Words that open a phrase said before the lead-in of its task ("for the party I need to…", "twice a week to…").
    static let frontedOpeners: Set<String> = ["for", "before", "after", "during", "with", "twice", "once", "thrice"]

    /// Fronted openers that say when, and may come straight before the action ("after work run the dishwasher").
    static let timeOpeners: Set<String> = ["before", "after", "during"]

    /// "for the party I need to buy balloons" → "buy balloons for the party"; "(remind me) twice a week to water the
    /// ferns" → "water the ferns twice a week": a short phrase said before the lead-in goes after the action.
    private static func movingFrontedPhrase(_ kept: inout [Int], _ tokens: [Token]) {
        // "if it rains, bring the chairs in" → "bring the chairs in if it rains": a condition said first, before a pause.
        if kept.count > 3, Segmenter.opensCondition(tokens, at: kept[0]),
            let pause = kept.prefix(Segmenter.conditionLength + 1).firstIndex(where: { tokens[$0].isClauseBreak }), pause > 2
        {
            var action = pause + 1
            guard action < kept.count else { return }
            if let length = leadInLength(Array(kept[action...]), tokens) { action += length }
            // (An action the lexicon does not know, "roll back the deploy", is any word but a subject, after a condition
            // that holds no action of its own.)
            if action < kept.count,
                Segmenter.startsAction(tokens, at: kept[action])
                    || (Self.mayOpenAction(tokens[kept[action]])
                        && !(2..<pause).contains { Segmenter.startsAction(tokens, at: kept[$0]) && !tokens[kept[$0 - 1]].is(.objectStarter) })
            {
                kept = Array(kept[action...]) + kept[..<pause]
            }
            return
        }
        // "if it gets windy bring in the umbrella" → "bring in the umbrella if it gets windy": the same, said without a pause.
        if let action = Segmenter.unpausedConditionAction(tokens, kept[...]) {
            kept = Array(kept[action...]) + kept[..<action]
            return
        }
        guard kept.count > 3, frontedOpeners.contains(tokens[kept[0]].norm) else { return }
        for position in 1..<min(kept.count - 1, 7) {
            let token = tokens[kept[position]]
            // "for the bake sale, make cupcakes": an action after the comma.
            if token.isClauseBreak {
                var action = position + 1
                if let length = leadInLength(Array(kept[action...]), tokens) { action += length }
                guard action < kept.count, Segmenter.startsAction(tokens, at: kept[action]) else { return }
                kept = Array(kept[action...]) + kept[..<position]
                return
            }
            // ("before bed remind me to set out the cans": a lead-in that is a verb too.)
            let leadIn = token.is(.leadInStart) ? leadInLength(Array(kept[position...]), tokens) : nil
            // "before school pack the lunches" → "pack the lunches before school": a when-like phrase, then the action.
            let fronted = leadIn == nil && position > 1 && timeOpeners.contains(tokens[kept[0]].norm) && token.is(.actionVerb)
            // (The last of two verbs, the first a noun: "after the test drive call the dealer", "after the oil change reset the
            // light".)
            if fronted, position + 1 < kept.count, Segmenter.startsAction(tokens, at: kept[position + 1]) { continue }
            let previous = tokens[kept[position - 1]].norm
            if fronted,
                // (Only the words of a thing or a time between: not "after lunch maybe call the bank", "after dinner let's watch a
                // movie", "after work honey run the dishwasher", "before then call the caterer".)
                kept[1..<position].allSatisfy({ index in
                    let word = tokens[index]
                    return word.isWord && !word.is(.discourse) && !word.is(.filler) && !Lexicon.leadInAdverbs.contains(word.norm)
                        && !MoodReader.adverbs.contains(word.norm) && !MoodReader.vocatives.contains(word.norm) && !MoodReader.isName(word)
                        && !Lexicon.titleOpenerStarts.contains(word.norm) && !Lexicon.leadInsByFirstWord.keys.contains(word.norm)
                        && !["then", "that", "this", "it", "must", "should", "like", "first", "try", "to", "sweetie", "honey", "which", "what", "whom"]
                            .contains(word.norm)
                }),
                // (Not the verb of a plural subject: "after the kids go to bed, wrap the presents".)
                !(pluralVerbs.contains(token.norm) && (previous.hasSuffix("s") || ["people", "children", "everyone", "everybody"].contains(previous))),
                // (Not "after the break we'll find out…": a subject said.)
                kept[1..<position].allSatisfy({
                    !MoodReader.personalPronouns.contains(tokens[$0].norm) && MoodReader.subjectContractions[tokens[$0].norm] == nil
                }),
                !tokens[kept[position - 1]].is(.objectStarter), Segmenter.startsAction(tokens, at: kept[position])
            {
                // ("after work go to the gym, then call mom": the pause ends the action.)
                var action = Array(kept[position...])
                while let last = action.last, tokens[last].isPunctuation { action.removeLast() }
                kept = action + kept[..<position]
                return
            }
            guard token.isWord, leadIn != nil || !token.is(.actionVerb) || tokens[kept[position - 1]].is(.objectStarter) else { return }
            guard let length = leadIn else { continue }
            // ("after lunch try to call the bank": "try" is no word of a when.)
            if ["try", "trying", "tried"].contains(tokens[kept[position - 1]].norm) { return }
            let action = position + length
            guard action < kept.count, Segmenter.startsAction(tokens, at: kept[action]) else { return }
            kept = Array(kept[action...]) + kept[..<position]
            return
        }
    }

    /// Whether `token` may open an imperative: a word that is no subject ("we", "the", "it'll").
    private static func mayOpenAction(_ token: Token) -> Bool {
        token.isWord && !MoodReader.subjectStarts.contains(token.norm) && MoodReader.subjectContractions[token.norm] == nil
            && !TimeRecognizer.attributiveDeterminers.contains(token.norm) && !token.isCapitalized
    }

    private static func stripLeading(_ kept: inout [Int], _ tokens: [Token]) {
        var changed = true
        while changed && !kept.isEmpty {
            changed = false
            let first = tokens[kept[0]]
            if first.isPunctuation || first.is(.discourse) {
                kept.removeFirst()
                changed = true
                continue
            }
            if let length = leadInLength(kept, tokens) {
                kept.removeFirst(length)
                changed = true
                continue
            }
            // "Lisa, I need to call the dentist tomorrow", "Honey, Lily's passport expires in June": a name called before what
            // the speaker has to do, or a thing's need ("Sarah, email her the slides": before an action, the name is what the
            // note is about).
            if kept.count > 3, MoodReader.isName(first) || MoodReader.vocatives.contains(first.norm), tokens[kept[1]].norm == ",",
                ["i", "i've", "i'm", "i'll", "we", "we've"].contains(tokens[kept[2]].norm) && leadInLength(Array(kept[2...]), tokens) != nil
                    || MoodReader.determiners.contains(tokens[kept[2]].norm)
                    || (tokens[kept[2]].norm.hasSuffix("'s") && MoodReader.subjectContractions[tokens[kept[2]].norm] == nil
                        && !MoodReader.whContractions.contains(tokens[kept[2]].norm))
            {
                kept.removeFirst(2)
                changed = true
                continue
            }
            // "just call the bank", "I'll go ahead and order the pizza", "let's book the venue", "go ahead and book the
            // flights": an adverb, a will or a lead-in said before the action.
            if Lexicon.titleOpenerStarts.contains(first.norm) || Lexicon.leadInAdverbs.contains(first.norm),
                let length = opening(Lexicon.titleOpeners, kept, tokens)?.count ?? (Lexicon.leadInAdverbs.contains(first.norm) ? 1 : nil),
                // ("Then, uh, restock the shampoo": past a pause and a filler.)
                let action = kept[length...].firstIndex(where: { !tokens[$0].isPunctuation && !tokens[$0].is(.filler) }),
                Segmenter.startsAction(tokens, at: kept[action]) || leadInLength(Array(kept[action...]), tokens) != nil
            {
                kept.removeFirst(length)
                changed = true
                continue
            }
            // "weird, call the bank", "clearly, label the boxes": a word said of the whole clause before a pause.
            if MoodReader.sentenceAdverbs.contains(first.norm), kept.count > 2, tokens[kept[1]].isClauseBreak,
                Segmenter.startsAction(tokens, at: kept[2])
            {
                kept.removeFirst(2)
                changed = true
                continue
            }
            // "while I think of it call the bank", "come to think of it call the plumber": an aside said without a pause.
            if let aside = opening(Lexicon.asides, kept, tokens),
                let action = kept[aside.count...].firstIndex(where: { !tokens[$0].isPunctuation && !tokens[$0].is(.discourse) }),
                Segmenter.startsAction(tokens, at: kept[action])
            {
                kept.removeFirst(action)
                changed = true
                continue
            }
            // "let me think, hide it in the closet": chatter before a pause.
            if Lexicon.chatterFirstWords.contains(first.norm), let pause = kept.prefix(5).firstIndex(where: { tokens[$0].isClauseBreak }),
                pause > 0, pause + 1 < kept.count, Lexicon.isChatterPhrase(kept[..<pause].map { tokens[$0].norm })
            {
                kept.removeFirst(pause + 1)
                changed = true
                continue
            }
            // "add bananas to the shopping list", "put eggs on my list": the thing is the task; "add buy milk": "add" as a
            // lead-in before another verb.
            if first.norm == "add" || first.norm == "put", let frame = listFrame(kept, tokens), frame > 1 {
                kept = Array(kept[1..<frame])
                changed = true
            } else if first.norm == "add", kept.count > 1, Segmenter.startsAction(tokens, at: kept[1]),
                !(tokens[kept[1]].is(.nounLikeVerb) && kept.count > 2 && ["to", "in", "into", "on", "for", "with"].contains(tokens[kept[2]].norm))
            {
                // ("add salt to the soup": a thing added, not a verb.)
                kept.removeFirst()
                changed = true
            }
        }
    }

    /// The first of `phrases` that the kept words open with, with words left after it.
    private static func opening(_ phrases: [[String]], _ kept: [Int], _ tokens: [Token]) -> [String]? {
        phrases.first { phrase in phrase.count < kept.count && phrase.enumerated().allSatisfy { tokens[kept[$0.offset]].norm == $0.element } }
    }

    /// Where "to the shopping list", "on my list", "onto our to-do list" starts at the end of `kept`, if it ends so ("to
    /// the guest list" is no such list).
    private static func listFrame(_ kept: [Int], _ tokens: [Token]) -> Int? {
        // "…on my list too,": what ends the clause after the list is read past.
        var end = kept.count
        while end > 1, tokens[kept[end - 1]].isPunctuation || danglingWords.contains(tokens[kept[end - 1]].norm) { end -= 1 }
        let kept = Array(kept[..<end])
        guard let last = kept.last, tokens[last].norm == "list" else { return nil }
        var position = kept.count - 2
        while position >= 1, listKinds.contains(tokens[kept[position]].norm) { position -= 1 }
        guard position >= 2, ["the", "my", "our"].contains(tokens[kept[position]].norm),
            ["to", "on", "onto"].contains(tokens[kept[position - 1]].norm)
        else { return nil }
        // On a bare "list" the thing is a thing to get, not a person ("add Jake to the list", "put your name on the list").
        if position == kept.count - 2 {
            let item = kept[1..<(position - 1)].map { tokens[$0] }
            guard let first = item.first, let last = item.last, !["the", "your", "my", "his", "her", "our", "their"].contains(first.norm),
                !last.isCapitalized
            else { return nil }
        }
        return position - 1
    }

    /// Words that name a list of things to do or buy.
    private static let listKinds: Set<String> = ["shopping", "grocery", "groceries", "to-do", "todo", "to", "do", "task", "tasks", "errands"]

    /// How many kept tokens a lead-in at the start covers ("I really need to" = 4), if any.
    private static func leadInLength(_ kept: [Int], _ tokens: [Token]) -> Int? {
        guard tokens[kept[0]].is(.leadInStart), let phrases = Lexicon.leadInsByFirstWord[tokens[kept[0]].norm] else { return nil }
        for phrase in phrases {
            var position = 0
            var matched = 0
            while matched < phrase.count, position < kept.count {
                let norm = tokens[kept[position]].norm
                if norm == phrase[matched] {
                    matched += 1
                    position += 1
                } else if matched > 0, Lexicon.leadInAdverbs.contains(norm) {
                    position += 1
                } else {
                    break
                }
            }
            guard matched == phrase.count else { continue }
            // "I should probably call": adverbs right after the lead-in go with it.
            while position < kept.count - 1, Lexicon.leadInAdverbs.contains(tokens[kept[position]].norm) { position += 1 }
            // "to do: call mom" is a lead-in, "to do the standup notes" a verb.
            if phrase == ["to", "do"], position < kept.count, !tokens[kept[position]].isPunctuation,
                !Segmenter.startsAction(tokens, at: kept[position])
            {
                continue
            }
            // Leave "to" alone unless an action follows ("to buy milk", not "to the bank"; "to, start bath time").
            if phrase == ["to"] || phrase == ["please"] {
                while position + 1 < kept.count, tokens[kept[position]].norm == "," { position += 1 }
                guard position < kept.count, Segmenter.startsAction(tokens, at: kept[position]) else { continue }
            }
            if Lexicon.commaLeadIns.contains(phrase) {
                // "don't forget that the recycling goes out Monday", "remember the kids have a half day": before a clause.
                if position + 1 < kept.count, tokens[kept[position]].norm == "that" { return position + 1 }
                if position + 1 < kept.count, tokens[kept[position]].isWord, hasSubjectAndVerb(kept, from: position, tokens) { return position }
                guard position + 1 < kept.count, tokens[kept[position]].isClauseBreak, Segmenter.startsAction(tokens, at: kept[position + 1])
                else { continue }
            }
            while position < kept.count, tokens[kept[position]].norm == ":" || tokens[kept[position]].norm == "," {
                position += 1
            }
            return position
        }
        return nil
    }

    private static func stripTrailing(_ kept: inout [Int], _ tokens: [Token]) {
        var changed = true
        while changed && !kept.isEmpty {
            changed = false
            let last = tokens[kept[kept.count - 1]]
            if last.isPunctuation && last.norm != ")" && last.norm != "\"" && last.norm != "”" {
                kept.removeLast()
                changed = true
                continue
            }
            // "from Awards Plus": a capitalised word after a name is part of it.
            // "check the emergency lights too" keeps it; "Call Sam. Bob too." is "Bob"; "add Jen to project Apollo too" is "Add Jen".
            if danglingWords.contains(last.norm) && kept.count > 1 && !(last.isCapitalized && tokens[kept[kept.count - 2]].isCapitalized)
                && !(last.norm == "too" && tokens[kept[0]].is(.actionVerb) && tokens[kept[0]].norm != "add")
            {
                kept.removeLast()
                changed = true
                continue
            }
            // "buy milk and call mom, both tomorrow": "both" after a pause says whose the when is.
            // ("call mom both on Friday": before a when that left the title.)
            if last.norm == "both", kept.count > 2, !["them", "us", "you"].contains(tokens[kept[kept.count - 2]].norm),
                tokens[kept[kept.count - 2]].isClauseBreak || (kept[kept.count - 1] + 1 < tokens.count && tokens[kept[kept.count - 1] + 1].isWord)
            {
                kept.removeLast()
                changed = true
                continue
            }
            // "wash the spare bedding first, it smells musty": which task comes first, before a comment, is no part of its
            // title; "put the kids first", "sort the emails newest first", "donate to Kids First" keep it.
            if last.norm == "first", !last.isCapitalized, kept.count > 3, kept[kept.count - 1] + 1 < tokens.count,
                tokens[kept[kept.count - 1] + 1].isClauseBreak, !firstKeepers.contains(tokens[kept[0]].norm),
                tokens[kept[kept.count - 2]].isWord, !tokens[kept[kept.count - 2]].norm.hasSuffix("est"),
                kept.suffix(5).dropLast(2).contains(where: { subjectDeterminers.contains(tokens[$0].norm) })
            {
                kept.removeLast()
                changed = true
                continue
            }
            // "…, and if not, call Kayla": the condition belongs to the task after it.
            if last.norm == "not", kept.count > 3, tokens[kept[kept.count - 2]].norm == "if" {
                kept.removeLast(2)
                changed = true
                continue
            }
            // "review the slides before the [9 o'clock tomorrow]": an article and its preposition left by a when.
            if ["the", "a", "an"].contains(last.norm), kept.count > 2,
                ["before", "after", "by", "at", "on", "until", "till"].contains(tokens[kept[kept.count - 2]].norm)
            {
                kept.removeLast(2)
                changed = true
                continue
            }
            // ", thanks" / ", that's it" at the end.
            // Only a tail whose first word starts some chatter phrase can be one: skip joining the rest.
            if let comma = kept.lastIndex(where: { tokens[$0].isClauseBreak }), comma > 0, comma + 1 < kept.count,
                Lexicon.chatterFirstWords.contains(tokens[kept[comma + 1]].norm)
            {
                let tail = kept[(comma + 1)...].map { tokens[$0].norm }.joined(separator: " ")
                if Lexicon.chatter.contains(tail) {
                    kept.removeSubrange(comma...)
                    changed = true
                }
            }
        }
    }

    /// Drops punctuation left doubled or hanging where words were removed.
    private static func collapsingPunctuation(_ kept: [Int], _ tokens: [Token], _ scan: SegmentScan) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(kept.count)
        for (position, index) in kept.enumerated() {
            if tokens[index].isClauseBreak, let last = result.last, tokens[last].isClauseBreak { continue }
            // "book the table for Friday, no, Saturday, for four people": the pause after a when that left the title goes
            // with it before a preposition.
            // ("call the countertop guy on Tuesday — actually make it Wednesday — about the sink": a dash before one too.)
            if ["—", "–"].contains(tokens[index].norm), position > 0,
                let next = kept[(position + 1)...].first(where: { !tokens[$0].isPunctuation }), pauseDroppers.contains(tokens[next].norm)
            {
                continue
            }
            if tokens[index].norm == ",", index > 0, scan.isConsumed(index - 1) || tokens[index - 1].isPunctuation,
                let next = kept[(position + 1)...].first(where: { !tokens[$0].isPunctuation }), pauseDroppers.contains(tokens[next].norm),
                (index..<next).contains(where: { scan.isConsumed($0) && !tokens[$0].isPunctuation })
                    || (kept[..<position].last.map { ($0 + 1..<index).contains { scan.isConsumed($0) && !tokens[$0].isPunctuation } } ?? false)
            {
                continue
            }
            result.append(index)
        }
        return result
    }

    /// Verbs whose "first" says an order of things, not of tasks ("put the kids first", "let Sam present first").
    private static let firstKeepers: Set<String> = ["put", "let", "make", "decide", "congratulate", "sort", "line", "rank", "list", "order"]

    /// Prepositions a pause left by a when does not stand before in a title.
    private static let pauseDroppers: Set<String> = ["to", "for", "at", "with", "about", "in", "on", "from"]

    /// Joins tokens with the transcript's own spacing where they were neighbours, a space elsewhere.
    private static func assemble(_ kept: [Int], _ scan: SegmentScan) -> String {
        var title = ""
        var previous: Int?
        for index in kept {
            let token = scan.tokens[index]
            if let previous {
                if previous == index - 1 {
                    let gap = scan.transcript[scan.tokens[previous].range.upperBound..<token.range.lowerBound]
                    // "year-end": a word the tokenizer split at its hyphen keeps it.
                    if !gap.isEmpty { title.append(gap == "-" ? "-" : " ") }
                } else if !(token.isPunctuation && [",", ".", "!", "?", ":", ";", ")", "…"].contains(token.norm)) {
                    title.append(" ")
                }
            }
            // "call. The dentist": a word capitalised only for the sentence the recogniser began there.
            // "If it rains, bring the chairs in" → "bring the chairs in if it rains": the capital of a phrase moved
            // after the action was the sentence's.
            let moved = previous.map { $0 > index } ?? false
            let restarted = previous != nil && index > 0 && scan.tokens[index - 1].isSentenceEnd && Lexicon.objectStarters.contains(token.norm)
            if restarted || (moved && (frontedOpeners.contains(token.norm) || Segmenter.conditionOpeners.contains(token.norm))) {
                title.append(contentsOf: scan.transcript[token.range].lowercased())
            } else {
                title.append(contentsOf: scan.transcript[token.range])
            }
            previous = index
        }
        return title
    }

    private static func capitalizingFirst(_ title: String) -> String {
        let scalars = title.unicodeScalars
        guard let scalar = scalars.first, scalar.properties.isLowercase else { return title }
        // Keep brand spellings such as "iPhone".
        for other in scalars.dropFirst() {
            if isSpace(other) { break }
            if isUppercase(other) { return title }
        }
        return String(scalar).uppercased() + title[scalars.index(after: scalars.startIndex)...]
    }
}
