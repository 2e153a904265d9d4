/// One word, number or punctuation mark of a transcript.
struct Token: Sendable, Equatable {
    /// What the token is, with numbers already read.
    enum Kind: Sendable, Equatable {
        /// Letters (and inner apostrophes, hyphens, dots: "don't", "follow-up", "p.m.").
        case word
        /// A whole number written in digits.
        case number(Int)
        /// "1st", "22nd", "25th".
        case ordinal(Int)
        /// "15:00", "3:30", "7.30"; `zeroPadded` for "09:00"-style 24-hour writing ("10:30" to "12:59" may be pm).
        case clock(hour: Int, minute: Int, zeroPadded: Bool)
        /// "12/1", "12/1/2027" (US order), "2027-01-05" (ISO order).
        case slashDate(month: Int, day: Int, year: Int?)
        /// "1.5".
        case decimal(Double)
        /// Any punctuation mark; `norm` holds it ("…" for an ellipsis).
        case punctuation
    }

    /// What the token is.
    var kind: Kind
    /// Lower-cased text with curly apostrophes straightened; "am"/"pm" for every meridiem spelling.
    var norm: String
    /// Where it is in the transcript.
    var range: Range<String.Index>
    /// Whether the word was written with an upper-case first letter.
    var isCapitalized: Bool
    /// Whether a recogniser may start here (see `Lexicon.triggerWords`); set once by the tokenizer.
    var isTrigger = false
    /// The lexicon sets `norm` belongs to (see `WordClass`); set once by the tokenizer.
    var classes: WordClass = []

    /// Whether `norm` is in the lexicon set `wordClass` stands for.
    func `is`(_ wordClass: WordClass) -> Bool { classes.contains(wordClass) }

    /// Whether this is a punctuation mark.
    var isPunctuation: Bool { kind == .punctuation }
    /// Whether this is a word (letters).
    var isWord: Bool { kind == .word }
    /// Whether this mark ends a sentence.
    var isSentenceEnd: Bool {
        kind == .punctuation && (norm == "." || norm == "!" || norm == "?" || norm == ";")
    }
    /// Whether this mark separates clauses inside a sentence (comma, ellipsis, dash, colon).
    var isClauseBreak: Bool {
        kind == .punctuation && (norm == "," || norm == "…" || norm == "-" || norm == "–" || norm == "—" || norm == ":")
    }
    /// The value of a digit number, if this is one.
    var number: Int? {
        if case .number(let value) = kind { return value }
        return nil
    }
}

/// Splits a transcript into `Token`s in one pass over its Unicode scalars.
enum Tokenizer {
    /// The tokens of `text`, in order.
    static func tokenize(_ text: String) -> [Token] {
        let source = ScalarText(text)
        let scalars = source.scalars
        let end = scalars.count
        var tokens: [Token] = []
        tokens.reserveCapacity(end / 4 + 4)
        var index = 0
        while index < end {
            let scalar = scalars[index]
            if isSpace(scalar) {
                index += 1
                continue
            }
            let next = index + 1
            let nextScalar: Unicode.Scalar? = next < end ? scalars[next] : nil
            if isAlphanumeric(scalar) || ((scalar == "#" || scalar == "$") && nextScalar.map(isAlphanumeric) == true) {
                index = readWord(source, from: index, into: &tokens)
                continue
            }
            if scalar == "." || scalar == "…" {
                var stop = next
                var dots = scalar == "." ? 1 : 3
                while stop < end, scalars[stop] == "." {
                    dots += 1
                    stop += 1
                }
                tokens.append(Token(kind: .punctuation, norm: dots > 1 ? "…" : ".", range: source.range(index, stop), isCapitalized: false))
                index = stop
                continue
            }
            if scalar == "&" {
                tokens.append(Token(kind: .word, norm: "and", range: source.range(index, next), isCapitalized: false))
            } else if scalar == "@" {
                // "Fri @ 3pm": a typed "at".
                tokens.append(Token(kind: .word, norm: "at", range: source.range(index, next), isCapitalized: false))
            } else if scalar == "'" || scalar == "’", let last = tokens.last, last.isWord, last.norm.hasSuffix("s"),
                last.range.upperBound == source.range(index, next).lowerBound, nextScalar.map(isAlphanumeric) != true
            {
                // "at the Nguyens' and …", "the kids' shoes": a plural's possessive mark is part of its word, no pause.
                tokens[tokens.count - 1].range = last.range.lowerBound..<source.range(index, next).upperBound
            } else {
                tokens.append(Token(kind: .punctuation, norm: String(Character(scalar)), range: source.range(index, next), isCapitalized: false))
            }
            index = next
        }
        let wordClasses = Lexicon.wordClasses
        for position in tokens.indices {
            tokens[position].classes = wordClasses[tokens[position].norm] ?? Self.redoneVerbClasses(tokens[position].norm, wordClasses)
            tokens[position].isTrigger = tokens[position].computedTrigger
        }
        joiningTonight(&tokens)
        return droppingPauses(tokens)
    }

    /// "re-solder", "de-shed", "pre-book": a verb with a prefix and a hyphen is that verb; "re-pot" is "repot", "de-scale"
    /// "descale"; "reseed" is "seed" done again (not "resort", "retouch": "sort" and "touch" are things too).
    private static func redoneVerbClasses(_ word: String, _ wordClasses: [String: WordClass]) -> WordClass {
        // ("reseed the outfield": "re" and a verb of four letters or more, said as one word.)
        if word.utf8.count >= 6, word.hasPrefix("re"), !word.contains("-"), let classes = wordClasses[String(word.dropFirst(2))],
            classes.contains(.actionVerb), !classes.contains(.nounLikeVerb)
        {
            return .actionVerb
        }
        let verb = unprefixed(word)
        guard verb != word, let classes = wordClasses[verb] ?? wordClasses[word.replacing("-", with: "", maxReplacements: 1)],
            classes.contains(.actionVerb)
        else {
            return []
        }
        return classes.intersection([.actionVerb, .nounLikeVerb])
    }

    /// `word` without a verb prefix said with a hyphen ("re-box" → "box"), or `word` itself.
    static func unprefixed(_ word: String) -> String {
        guard let hyphen = word.firstIndex(of: "-"), verbPrefixes.contains(String(word[..<hyphen])) else { return word }
        return String(word[word.index(after: hyphen)...])
    }

    /// Prefixes said with a hyphen before a verb ("re-seat", "de-ice", "un-block", "pre-heat").
    static let verbPrefixes: Set<String> = ["re", "de", "un", "pre", "dis"]

    /// Words before "to die", "to hide" that keep them verbs ("I'd hate to die", "a place to hide", "ran to hide").
    private static let notBeforeTonight: Set<String> = [
        "going", "want", "wants", "dying", "about", "like", "love", "hate", "need", "needs", "place", "spot", "somewhere",
        "nowhere", "where", "something", "nothing", "anything", "try", "tried", "trying", "ran", "run", "runs", "went", "time",
        "how", "what", "start", "started", "begin", "began", "decided", "decide",
    ]

    /// Verbs that change a thing to another ("switch the soda to diet").
    private static let changeVerbs: Set<String> = ["switch", "switched", "change", "changed", "go", "going", "went", "move", "moved", "convert"]

    /// "take out the recycling to diet", "print the passes to hide": "tonight" as Whisper tiny.en writes it, at the end of
    /// a clause after what is to be done (`docket-bench hearing`); "to night" as typed.
    private static func joiningTonight(_ tokens: inout [Token]) {
        var index = 1
        while index + 1 < tokens.count {
            if tokens[index].norm == "to", ["die", "diet", "hide", "night"].contains(tokens[index + 1].norm), tokens[index - 1].isWord,
                index + 2 == tokens.count || tokens[index + 2].isPunctuation,
                tokens[index + 1].norm == "night" || !notBeforeTonight.contains(tokens[index - 1].norm),
                // "switch the soda to diet" is a change of drink, "from day to night" a change of time.
                !tokens[max(0, index - 6)..<index].contains(where: { changeVerbs.contains($0.norm) || $0.norm == "from" })
            {
                tokens[index].norm = "tonight"
                tokens[index].range = tokens[index].range.lowerBound..<tokens[index + 1].range.upperBound
                tokens[index].classes = Lexicon.wordClasses["tonight"] ?? []
                tokens[index].isTrigger = tokens[index].computedTrigger
                tokens.remove(at: index + 1)
            }
            index += 1
        }
    }

    /// Words a clause does not end on: a pause after one ("pick up the, uh, dry cleaning") is the speaker's, not a break.
    private static let pauseOpeners: Set<String> = ["the", "a", "an", "my", "our", "your", "their"]

    /// Prepositions a clause may end on: a pause after one is the speaker's only when it holds a filler ("in, like, three
    /// days", "at, um, 5"; "the box I put it in, call mom" is two clauses).
    private static let fillerPauseOpeners: Set<String> = ["in", "at", "by", "on", "until", "around"]

    /// `tokens` without the commas, ellipses and fillers said between an article or possessive and its noun, or a
    /// preposition and its when.
    private static func droppingPauses(_ tokens: [Token]) -> [Token] {
        // "like" between commas is a filler ("in, like, three days").
        func isPause(_ at: Int) -> Bool {
            let token = tokens[at]
            return token.norm == "," || token.norm == "…" || token.is(.filler)
                || (token.norm == "like" && at > 0 && tokens[at - 1].norm == "," && at + 1 < tokens.count && tokens[at + 1].norm == ",")
        }
        // The run of pauses after the opener at `index`, when a word follows it.
        func pause(after index: Int) -> Range<Int>? {
            // (Most words have no pause after them: that is checked first.)
            guard index + 1 < tokens.count, isPause(index + 1) else { return nil }
            let opener = tokens[index]
            let byFiller = fillerPauseOpeners.contains(opener.norm)
            guard opener.isWord, pauseOpeners.contains(opener.norm) || byFiller, !(opener.norm == "a" && opener.isCapitalized) else { return nil }
            var end = index + 1
            while end < tokens.count, isPause(end) { end += 1 }
            // "the ER bill": a filler's spelling without a pause is a word.
            guard end < tokens.count, tokens[end].isWord || (byFiller && tokens[end].number != nil),
                ((index + 1)..<end).contains(where: { !tokens[$0].isWord })
            else { return nil }
            // After a preposition, only before a when ("plug the car in, uh, water the plants" is two tasks).
            if byFiller {
                let when = tokens[end]
                guard when.number != nil || when.is(.cardinal) || when.is(.weekday) || when.is(.month) || when.is(.dateStart) || when.is(.timeStart)
                else { return nil }
            }
            if byFiller, !((index + 1)..<end).contains(where: { tokens[$0].isWord }) { return nil }
            return (index + 1)..<end
        }
        guard tokens.indices.contains(where: { pause(after: $0) != nil }) else { return tokens }
        var kept: [Token] = []
        kept.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            kept.append(tokens[index])
            index = pause(after: index)?.upperBound ?? index + 1
        }
        return kept
    }

    private static func readWord(_ source: ScalarText, from start: Int, into tokens: inout [Token]) -> Int {
        let scalars = source.scalars
        let end = scalars.count
        var cursor = start + 1
        var previous = scalars[start]
        while cursor < end {
            let scalar = scalars[cursor]
            if isAlphanumeric(scalar) {
                previous = scalar
                cursor += 1
                continue
            }
            let after = cursor + 1
            guard after < end else { break }
            let following = scalars[after]
            // "5,000": a thousands comma between digits.
            if scalar == ",", asciiDigit(previous) != nil, after + 2 < end, (after...(after + 2)).allSatisfy({ asciiDigit(scalars[$0]) != nil }),
                after + 3 == end || asciiDigit(scalars[after + 3]) == nil, (start..<cursor).allSatisfy({ asciiDigit(scalars[$0]) != nil || scalars[$0] == "," })
            {
                previous = scalars[after + 2]
                cursor = after + 3
                continue
            }
            if joins(previous, scalar, following) {
                previous = following
                cursor = after + 1
                continue
            }
            break
        }
        var norm = source.lowerNorm(start..<cursor)
        var endsSentence = false
        // "4 p. m.", "seven P. M.": a meridiem written with a space inside is one word.
        if norm == "a" || norm == "p", let end = spacedMeridiemEnd(scalars, from: cursor), let last = tokens.last,
            last.number != nil || isHourLike(last.kind) || last.norm == "o'clock" || (Lexicon.cardinals[last.norm].map { $0 < 60 } ?? false)
        {
            norm += "m"
            if end < scalars.count, scalars[end] == "." {
                cursor = end + 1
                endsSentence = nextNonSpaceStartsSentence(scalars, from: cursor) && !continuesAfterMeridiem(scalars, from: cursor)
            } else {
                cursor = end
            }
            tokens.append(Token(kind: .word, norm: norm, range: source.range(start, endsSentence ? cursor - 1 : cursor), isCapitalized: false))
            if endsSentence { tokens.append(Token(kind: .punctuation, norm: ".", range: source.range(cursor - 1, cursor), isCapitalized: false)) }
            return cursor
        }
        // A final dot belongs to abbreviations ("p.m.", "3p.m.", "Dr.", "Dec. 1"); after "p.m." it may also end
        // the sentence.
        if cursor < end, scalars[cursor] == "." {
            let afterDot = cursor + 1
            let dotted = isDottedAbbreviation(norm) || norm.hasSuffix("a.m") || norm.hasSuffix("p.m")
            if dotted || Lexicon.titleAbbreviations.contains(norm)
                || (Lexicon.monthAbbreviations[norm] != nil
                    && (nextNonSpaceIsDigit(scalars, from: afterDot) || nextWordIsLowerCaseThe(scalars, from: afterDot)))
            {
                cursor = afterDot
                norm.append(".")
                if dotted {
                    endsSentence = nextNonSpaceStartsSentence(scalars, from: afterDot) && !continuesAfterMeridiem(scalars, from: afterDot)
                }
            } else if norm.utf8.count <= 2, let day = Int(norm), (1...31).contains(day), nextWordIsMonth(scalars, from: afterDot) {
                // "3. Dec. 2030": a day written with a dot before a month name is an ordinal, not a sentence end.
                tokens.append(Token(kind: .ordinal(day), norm: norm + ".", range: source.range(start, afterDot), isCapitalized: false))
                return afterDot
            }
        }
        let range = source.range(start, cursor)
        let capitalized = isUppercase(scalars[start])
        if norm.utf8.contains(UInt8(ascii: ",")), let value = Int(norm.filter { $0 != "," }) {
            // "5,000 miles": one number.
            tokens.append(Token(kind: .number(value), norm: norm, range: range, isCapitalized: false))
        } else if let first = norm.utf8.first, first == UInt8(ascii: "2"), let spelling = textSpeak[norm] {
            // "2morrow", "2nite": the word they stand for.
            tokens.append(Token(kind: .word, norm: spelling, range: range, isCapitalized: false))
        } else if norm.utf8.first == UInt8(ascii: "t"), norm.utf8.dropFirst(2).first == UInt8(ascii: "-"), let spelling = hyphenatedDays[norm] {
            // "to-morrow", "to-night": the old spelling of the word.
            tokens.append(Token(kind: .word, norm: spelling, range: range, isCapitalized: capitalized))
        } else if let first = norm.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
            appendNumeric(norm, range: range, in: source.text.unicodeScalars, into: &tokens)
        } else if let split = glueSplit(norm) {
            // "six-fifteen", "fourish", "noon-ish", "mid-December": two words written as one, as two tokens.
            let middle = source.index(start + split.headLength)
            let tailStart = source.index(start + split.tailOffset)
            tokens.append(Token(kind: .word, norm: split.head, range: range.lowerBound..<middle, isCapitalized: capitalized))
            tokens.append(
                Token(kind: .word, norm: split.tail, range: tailStart..<range.upperBound, isCapitalized: isUppercase(scalars[start + split.tailOffset]))
            )
        } else {
            if norm.utf8.count >= 3, norm.utf8.dropFirst().first == UInt8(ascii: ".") {
                if norm == "a.m" || norm == "a.m." { norm = "am" } else if norm == "p.m" || norm == "p.m." { norm = "pm" }
            }
            // (The byte test only skips the Unicode-aware `hasSuffix` for the words that cannot end in a dot.)
            if norm.utf8.last == UInt8(ascii: "."), norm.hasSuffix("."),
                Lexicon.titleAbbreviations.contains(String(norm.dropLast()))
                    || Lexicon.monthAbbreviations[String(norm.dropLast())] != nil
            {
                norm.removeLast()
            }
            if (3...10).contains(norm.utf8.count), let spelling = shorthands[norm] { norm = spelling }
            tokens.append(Token(kind: .word, norm: norm, range: range, isCapitalized: capitalized))
            joinSplitForm(&tokens)
        }
        if endsSentence {
            tokens.append(Token(kind: .punctuation, norm: ".", range: source.range(cursor - 1, cursor), isCapitalized: false))
        }
        return cursor
    }

    /// Typed shorthands and day and month names as people mistype them, read as the word they stand for ("tmw" =
    /// "tomorrow", "oclock" = "o'clock", "wendesday" = "wednesday").
    private static let shorthands: [String: String] = {
        var spellings = ["tmw": "tomorrow", "tmr": "tomorrow", "oclock": "o'clock", "nxt": "next", "tonite": "tonight"]
        let typos = [
            "tomorrow": ["tomorow", "tommorow", "tommorrow", "tomorrrow", "tomrrow", "tmrow", "tomoro"],
            "monday": ["mondy", "monady"], "tuesday": ["tuseday", "teusday", "tuesdy", "tusday"],
            "wednesday": ["wendesday", "wensday", "wednsday", "wedensday", "wednesay", "wednessday"],
            "thursday": ["thrusday", "thursdy", "thurday", "thurdsay"], "friday": ["firday", "fridy", "frday"],
            "saturday": ["satruday", "saturdy", "saterday", "satarday"], "sunday": ["sundy", "sunady"],
            "january": ["januray", "janurary", "janaury"], "february": ["febuary", "feburary", "febrary", "febraury"],
            "april": ["apirl"], "august": ["agust", "augst"], "september": ["septmber", "setpember", "septemeber"],
            "october": ["ocotber", "octobor", "octber"], "november": ["novmber", "novemeber", "novembr"],
            "december": ["decmber", "decemeber", "decembr", "dicember"],
        ]
        for (word, misspellings) in typos { for misspelling in misspellings { spellings[misspelling] = word } }
        return spellings
    }()

    /// Typed day words spelled with a "2" ("2morrow" = "tomorrow").
    private static let textSpeak: [String: String] = [
        "2morrow": "tomorrow", "2moro": "tomorrow", "2morow": "tomorrow", "2mrw": "tomorrow", "2mro": "tomorrow", "2nite": "tonight",
        "2night": "tonight", "2day": "today",
    ]

    /// Day words written with a hyphen ("to-morrow").
    private static let hyphenatedDays: [String: String] = ["to-morrow": "tomorrow", "to-night": "tonight", "to-day": "today"]

    /// Words a time may be glued to "ish" after ("noonish", "noon-ish"), besides the hour words.
    private static let aboutTimeWords: Set<String> = ["noon", "midday", "midnight"]

    /// "six-fifteen" → "six", "fifteen"; "fourish" / "four-ish" / "noon-ish" → "four"/"noon", "ish": an hour word
    /// (1–12) glued to minutes in words or to "ish". "mid-December" → "mid", "december". Compounds the lexicon
    /// knows ("twenty-five") stay one word, and so does "mid-week" (a name's part as often as a date).
    private static func glueSplit(_ norm: String) -> (head: String, tail: String, headLength: Int, tailOffset: Int)? {
        let bytes = norm.utf8
        guard bytes.count >= 6, bytes.count <= 16 else { return nil }
        let endsInH = bytes.last == UInt8(ascii: "h")
        guard endsInH || bytes.contains(UInt8(ascii: "-")), bytes.allSatisfy({ $0 < 128 }) else { return nil }
        func isHour(_ word: String) -> Bool { Lexicon.cardinals[word].map { (1...12).contains($0) } ?? false }
        if let hyphen = bytes.firstIndex(of: UInt8(ascii: "-")) {
            guard Lexicon.cardinals[norm] == nil else { return nil }
            let head = String(norm[..<hyphen])
            let tail = String(norm[norm.index(after: hyphen)...])
            let split = (head, tail, head.utf8.count, head.utf8.count + 1)
            // "mid-December", "mid-next month", "mid-summer", "mid-quarter"; "year-end", "month-end", "quarter-end".
            if head == "mid" {
                let known = Lexicon.months[tail] != nil || DateRecognizer.seasons[tail] != nil
                return known || ["next", "this", "quarter", "morning", "afternoon", "evening"].contains(tail) ? split : nil
            }
            if tail == "end" { return head == "year" || head == "month" || head == "quarter" ? split : nil }
            // "high-priority", "top-priority": the priority's two words.
            if tail == "priority" { return ["high", "top", "low", "medium", "normal"].contains(head) ? split : nil }
            if tail == "ish" { return isHour(head) || aboutTimeWords.contains(head) ? split : nil }
            guard isHour(head), let minute = Lexicon.cardinals[tail], (10...59).contains(minute) else { return nil }
            return split
        }
        guard endsInH, norm.hasSuffix("ish") else { return nil }
        let head = String(norm.dropLast(3))
        guard isHour(head) || aboutTimeWords.contains(head) else { return nil }
        return (head, "ish", head.utf8.count, head.utf8.count)
    }

    /// Joins what a transcript wrote apart: "5 p m" → "pm", "o clock" → "o'clock", "21 st" → the ordinal 21st.
    /// Looks only at the token just appended and the ones before it.
    private static func joinSplitForm(_ tokens: inout [Token]) {
        let count = tokens.count
        // Every joined form has a short word after a mark of one or two characters.
        guard count >= 2, let last = tokens.last, last.norm.utf8.count <= 5, tokens[count - 2].norm.utf8.count <= 2 else { return }
        let previous = tokens[count - 2]
        switch last.norm {
        case "m":
            guard count >= 3, previous.norm == "a" || previous.norm == "p" else { return }
            switch tokens[count - 3].kind {
            case .number, .clock: break
            case .word where Lexicon.cardinals[tokens[count - 3].norm] != nil: break
            default: return
            }
            let norm = previous.norm == "a" ? "am" : "pm"
            tokens.removeLast(2)
            tokens.append(Token(kind: .word, norm: norm, range: previous.range.lowerBound..<last.range.upperBound, isCapitalized: false))
        case "clock":
            guard previous.norm == "o" else { return }
            tokens.removeLast(2)
            tokens.append(Token(kind: .word, norm: "o'clock", range: previous.range.lowerBound..<last.range.upperBound, isCapitalized: false))
        case "st", "nd", "rd", "th":
            guard let value = previous.number, (1...31).contains(value), ordinalSuffix(value) == last.norm else { return }
            tokens.removeLast(2)
            tokens.append(
                Token(kind: .ordinal(value), norm: previous.norm + last.norm, range: previous.range.lowerBound..<last.range.upperBound, isCapitalized: false)
            )
        default:
            return
        }
    }

    /// The English ordinal suffix of `value` ("st" for 21, "th" for 11).
    private static func ordinalSuffix(_ value: Int) -> String {
        if (11...13).contains(value % 100) { return "th" }
        switch value % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// Reads "15", "3rd", "15:00", "7.30", "12/1", and glued meridiems ("3pm", "7:30p.m.", "4:40p", "8a"),
    /// Whether `hour`:`minute` is a time of day: 0:00 to 23:59, and 24:00 (the end of the day). "24.12" is no
    /// time (00:12 the next day was read from the 24th of December).
    static func isClock(_ hour: Int, _ minute: Int) -> Bool {
        minute < 60 && (hour < 24 || (hour == 24 && minute == 0))
    }

    /// "17h45" (24-hour), "1:02:30" (seconds dropped) and "4ish".
    private static func appendNumeric(
        _ norm: String,
        range: Range<String.Index>,
        in original: String.UnicodeScalarView,
        into tokens: inout [Token]
    ) {
        let scalars = Array(norm.unicodeScalars)
        var split = 0
        while split < scalars.count,
            asciiDigit(scalars[split]) != nil || scalars[split] == ":" || scalars[split] == "."
                || scalars[split] == "/" || scalars[split] == "-"
        {
            split += 1
        }
        // A dot right before the suffix belongs to the suffix's abbreviation, not the number.
        while split > 0,
            scalars[split - 1] == "." || scalars[split - 1] == ":" || scalars[split - 1] == "/"
                || scalars[split - 1] == "-"
        {
            split -= 1
        }
        let numberPart = scalars[0..<split]
        let suffix = split == scalars.count ? "" : String(String.UnicodeScalarView(scalars[split...]))
        // "4pm-ish": about 4 pm, read as 4 pm.
        let about = suffix.utf8.count > 3 && suffix.hasSuffix("ish")
        let meridiem: String? =
            switch about ? suffix.dropLast(suffix.hasSuffix("-ish") ? 4 : 3) : Substring(suffix) {
            case "am", "a.m", "a.m.": "am"
            case "pm", "p.m", "p.m.": "pm"
            default: nil
            }
        let splitIndex = original.index(range.lowerBound, offsetBy: split, limitedBy: range.upperBound) ?? range.upperBound
        // ("the tenant in 3A": a capital letter after a bare number names a flat, unless "at" or "by" makes it a time.)
        let capitalLetter = splitIndex < range.upperBound && isUppercase(original[splitIndex])
        if suffix == "a" || suffix == "p", let kind = numericKind(numberPart), isHourLike(kind),
            !(tokens.last.map { TimeRecognizer.numberedNouns.contains($0.norm) } ?? false),
            !capitalLetter || ["at", "by", "around", "until", "till", "before", "after"].contains(tokens.last?.norm ?? "")
                || { if case .clock = kind { true } else { false } }()
        {
            // "4:40p", "8a": a one-letter meridiem, unless the number names a room or gate ("room 8a").
            tokens.append(Token(kind: kind, norm: String(String.UnicodeScalarView(numberPart)), range: range.lowerBound..<splitIndex, isCapitalized: false))
            tokens.append(Token(kind: .word, norm: suffix == "a" ? "am" : "pm", range: splitIndex..<range.upperBound, isCapitalized: false))
            return
        }
        if suffix == "ish" || suffix == "-ish", let kind = numericKind(numberPart), isHourLike(kind) {
            tokens.append(Token(kind: kind, norm: String(String.UnicodeScalarView(numberPart)), range: range.lowerBound..<splitIndex, isCapitalized: false))
            tokens.append(Token(kind: .word, norm: "ish", range: splitIndex..<range.upperBound, isCapitalized: false))
            return
        }
        // "13h", "in 2h": the number, then "h" (an hour of 24-hour writing, or hours).
        if suffix == "h", let kind = numericKind(numberPart), case .number(let value) = kind, value <= 2359 {
            tokens.append(Token(kind: kind, norm: String(String.UnicodeScalarView(numberPart)), range: range.lowerBound..<splitIndex, isCapitalized: false))
            tokens.append(Token(kind: .word, norm: "h", range: splitIndex..<range.upperBound, isCapitalized: false))
            return
        }
        // "14:00h": a clock time with the hour sign after it.
        if suffix == "h", let kind = numericKind(numberPart), case .clock = kind {
            tokens.append(Token(kind: kind, norm: String(String.UnicodeScalarView(numberPart)), range: range, isCapitalized: false))
            return
        }
        // "2026-12-03T14:00": an ISO date and its time written as one.
        if suffix.utf8.first == UInt8(ascii: "t"), let day = numericKind(numberPart), case .slashDate = day,
            let time = numericKind(ArraySlice(suffix.unicodeScalars.dropFirst())), case .clock = time
        {
            let timeStart = original.index(splitIndex, offsetBy: 1, limitedBy: range.upperBound) ?? range.upperBound
            tokens.append(Token(kind: day, norm: String(String.UnicodeScalarView(numberPart)), range: range.lowerBound..<splitIndex, isCapitalized: false))
            tokens.append(Token(kind: time, norm: String(suffix.dropFirst()), range: timeStart..<range.upperBound, isCapitalized: false))
            return
        }
        // "17h45", "9h30": hours and minutes around an "h" are 24-hour writing.
        if suffix.utf8.count == 3, suffix.utf8.first == UInt8(ascii: "h"), let hour = digitsValue(numberPart), hour <= 23,
            let minute = Int(suffix.dropFirst()), minute < 60, suffix.utf8.dropFirst().allSatisfy({ $0 >= 48 && $0 <= 57 })
        {
            tokens.append(Token(kind: .clock(hour: hour, minute: minute, zeroPadded: true), norm: norm, range: range, isCapitalized: false))
            return
        }
        if meridiem != nil, appendHourWindow(numberPart, range: range, in: original, into: &tokens) {
            tokens.append(Token(kind: .word, norm: meridiem ?? "pm", range: splitIndex..<range.upperBound, isCapitalized: false))
            return
        }
        if let meridiem, let kind = numericKind(numberPart) {
            tokens.append(Token(kind: kind, norm: String(String.UnicodeScalarView(numberPart)), range: range.lowerBound..<splitIndex, isCapitalized: false))
            tokens.append(Token(kind: .word, norm: meridiem, range: splitIndex..<range.upperBound, isCapitalized: false))
            return
        }
        // "1-3 pm": an hour window before a meridiem written apart.
        if suffix.isEmpty, followedByMeridiem(original, at: range.upperBound), appendHourWindow(numberPart, range: range, in: original, into: &tokens) {
            return
        }
        if suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th", let value = digitsValue(numberPart) {
            tokens.append(Token(kind: .ordinal(value), norm: norm, range: range, isCapitalized: false))
            return
        }
        if suffix.isEmpty, let kind = tokens.last?.norm == "on" ? dottedDay(numberPart) ?? numericKind(numberPart) : numericKind(numberPart) {
            tokens.append(Token(kind: kind, norm: norm, range: range, isCapitalized: false))
            return
        }
        if appendDayMonthYear(scalars, range: range, in: original, into: &tokens) { return }
        tokens.append(Token(kind: .word, norm: norm, range: range, isCapitalized: false))
    }

    /// Whether "am", "pm", "a.m." or "p.m." is the next word after `index` in `text`.
    private static func followedByMeridiem(_ text: String.UnicodeScalarView, at index: String.Index) -> Bool {
        var cursor = index
        while cursor < text.endIndex, text[cursor] == " " { cursor = text.index(after: cursor) }
        var letters: [Unicode.Scalar] = []
        while cursor < text.endIndex, letters.count < 5, isLetter(text[cursor]) || text[cursor] == "." {
            if isLetter(text[cursor]) { letters.append(Unicode.Scalar(text[cursor].properties.lowercaseMapping) ?? text[cursor]) }
            cursor = text.index(after: cursor)
        }
        guard cursor == text.endIndex || !isLetter(text[cursor]) else { return false }
        return letters == ["a", "m"] || letters == ["p", "m"]
    }

    /// "3-4" in "3-4pm", "9:30-10:30am": two hours joined by a hyphen, as the hour, the hyphen and the hour.
    private static func appendHourWindow(
        _ scalars: ArraySlice<Unicode.Scalar>,
        range: Range<String.Index>,
        in original: String.UnicodeScalarView,
        into tokens: inout [Token]
    ) -> Bool {
        guard let hyphen = scalars.firstIndex(of: "-") else { return false }
        let parts = [scalars[scalars.startIndex..<hyphen], scalars[(hyphen + 1)...]]
        let kinds = parts.compactMap(numericKind)
        guard kinds.count == 2, kinds.allSatisfy(isHourLike) else { return false }
        let hyphenAt = original.index(range.lowerBound, offsetBy: parts[0].count)
        let endAt = original.index(hyphenAt, offsetBy: 1 + parts[1].count)
        tokens.append(Token(kind: kinds[0], norm: String(String.UnicodeScalarView(parts[0])), range: range.lowerBound..<hyphenAt, isCapitalized: false))
        tokens.append(Token(kind: .punctuation, norm: "-", range: hyphenAt..<original.index(after: hyphenAt), isCapitalized: false))
        tokens.append(
            Token(kind: kinds[1], norm: String(String.UnicodeScalarView(parts[1])), range: original.index(after: hyphenAt)..<endAt, isCapitalized: false))
        return true
    }

    /// "4-Mar-2027", "4-mar": a day, a month name and a year joined by hyphens, as the three words they stand for.
    private static func appendDayMonthYear(
        _ scalars: [Unicode.Scalar],
        range: Range<String.Index>,
        in original: String.UnicodeScalarView,
        into tokens: inout [Token]
    ) -> Bool {
        let parts = scalars.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let day = digitsValue(parts[0]), (1...31).contains(day), parts[0].count <= 2 else {
            return false
        }
        let monthWord = String(String.UnicodeScalarView(parts[1]))
        guard Lexicon.months[monthWord] != nil else { return false }
        var kinds: [(Token.Kind, String)] = [(.number(day), String(String.UnicodeScalarView(parts[0]))), (.word, monthWord)]
        if parts.count == 3 {
            guard let year = digitsValue(parts[2]), parts[2].count == 2 || parts[2].count == 4 else { return false }
            kinds.append((.number(year), String(String.UnicodeScalarView(parts[2]))))
        }
        var start = range.lowerBound
        for (kind, norm) in kinds {
            let end = original.index(start, offsetBy: norm.unicodeScalars.count, limitedBy: range.upperBound) ?? range.upperBound
            tokens.append(Token(kind: kind, norm: norm, range: start..<end, isCapitalized: false))
            start = original.index(end, offsetBy: 1, limitedBy: range.upperBound) ?? range.upperBound
        }
        return true
    }

    /// "on 19.11", "on 24.12.": a day and month written with a dot after "on" are a day, day first (a time is said
    /// "at 19.11", not "on").
    private static func dottedDay(_ scalars: ArraySlice<Unicode.Scalar>) -> Token.Kind? {
        let parts = scalars.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) }), let day = digitsValue(parts[0]), let month = digitsValue(parts[1]),
            (1...31).contains(day), (1...12).contains(month)
        else { return nil }
        return .slashDate(month: month, day: day, year: nil)
    }

    private static func numericKind(_ scalars: ArraySlice<Unicode.Scalar>) -> Token.Kind? {
        if let value = digitsValue(scalars) { return .number(value) }
        var parts: [ArraySlice<Unicode.Scalar>] = []
        var separator: Unicode.Scalar?
        var partStart = scalars.startIndex
        for position in scalars.indices where asciiDigit(scalars[position]) == nil {
            if separator == nil { separator = scalars[position] } else if separator != scalars[position] { return nil }
            parts.append(scalars[partStart..<position])
            partStart = position + 1
        }
        parts.append(scalars[partStart..<scalars.endIndex])
        guard let separator, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        let values = parts.compactMap(digitsValue)
        guard values.count == parts.count else { return nil }
        // "09:30", "15:00": 24-hour writing; "10:30" to "12:59" may still be pm ("10:30 tonight").
        let padded = parts[0].count == 2 && !(10...12).contains(values[0])
        switch separator {
        case ":" where parts.count == 2 && parts[0].count <= 2 && parts[1].count == 2:
            guard Self.isClock(values[0], values[1]) else { return nil }
            return .clock(hour: values[0], minute: values[1], zeroPadded: padded)
        case ":" where parts.count == 3 && parts[0].count <= 2 && parts[1].count == 2 && parts[2].count == 2:
            // "1:02:30 PM": the seconds are dropped (due times are to the minute).
            guard Self.isClock(values[0], values[1]), values[2] < 60 else { return nil }
            return .clock(hour: values[0], minute: values[1], zeroPadded: padded)
        case "." where parts.count == 3 && (parts[2].count == 2 || parts[2].count == 4) && parts[0].count <= 2 && parts[1].count <= 2:
            // "24.12.2026", "3.12.27": written with dots, the day comes first, unless it cannot ("12.24.2026").
            var (day, month) = (values[0], values[1])
            if month > 12, month <= 31, day <= 12 { (day, month) = (month, day) }
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            return .slashDate(month: month, day: day, year: parts[2].count == 2 ? 2000 + values[2] : values[2])
        case "." where parts.count == 2:
            if parts[0].count <= 2, parts[1].count == 2, Self.isClock(values[0], values[1]) {
                return .clock(hour: values[0], minute: values[1], zeroPadded: padded)
            }
            return Double(String(String.UnicodeScalarView(scalars))).map { .decimal($0) }
        case "/" where parts.count == 3 && parts[0].count == 4, "-" where parts.count == 3 && parts[0].count == 4,
            "." where parts.count == 3 && parts[0].count == 4:
            // ISO order: "2027-01-05", "2027/1/5", "2027.01.05".
            guard (1...12).contains(values[1]), (1...31).contains(values[2]), parts[1].count <= 2, parts[2].count <= 2
            else { return nil }
            return .slashDate(month: values[1], day: values[2], year: values[0])
        case "/" where parts.count == 2 || parts.count == 3, "-" where parts.count == 3 && parts[0].count <= 2 && parts[1].count <= 2:
            // US order ("12/1", "3-4-2027"); a first number that cannot be a month is the day ("22/11", "13/12/2026").
            var (month, day) = (values[0], values[1])
            if month > 12, month <= 31, day <= 12 { (month, day) = (day, month) }
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            var year: Int?
            if parts.count == 3 {
                guard parts[2].count == 2 || parts[2].count == 4 else { return nil }
                year = parts[2].count == 2 ? 2000 + values[2] : values[2]
            }
            return .slashDate(month: month, day: day, year: year)
        default:
            return nil
        }
    }

    /// Whether a number token may be a clock hour ("8", "4:40"), for a glued "a"/"p"/"ish".
    private static func isHourLike(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .number(let value): (1...12).contains(value)
        case .clock: true
        default: false
        }
    }

    private static func digitsValue(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
        guard !scalars.isEmpty, scalars.count <= 9 else { return nil }
        var value = 0
        for scalar in scalars {
            guard let digit = asciiDigit(scalar) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// Whether `middle` between `left` and `right` keeps one word together ("don't", "x-ray", "p.m", "15:00").
    private static func joins(_ left: Unicode.Scalar, _ middle: Unicode.Scalar, _ right: Unicode.Scalar) -> Bool {
        switch middle {
        case "'", "’": return isLetter(left) && isLetter(right)
        case "-", "@": return isAlphanumeric(left) && isAlphanumeric(right)
        case ".": return (asciiDigit(left) != nil && asciiDigit(right) != nil) || (isLetter(left) && isLetter(right))
        case ":", "/": return asciiDigit(left) != nil && asciiDigit(right) != nil
        default: return false
        }
    }

    /// "p.m", "a.m", "e.g", "i.e": single letters joined by dots.
    private static func isDottedAbbreviation(_ norm: String) -> Bool {
        var letters = 0
        var expectLetter = true
        for scalar in norm.unicodeScalars {
            if expectLetter {
                guard isLetter(scalar) else { return false }
                letters += 1
            } else if scalar != "." {
                return false
            }
            expectLetter.toggle()
        }
        return letters >= 2 && !expectLetter
    }

    private static func nextNonSpaceIsDigit(_ scalars: [Unicode.Scalar], from start: Int) -> Bool {
        var index = start
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        return index < scalars.count && asciiDigit(scalars[index]) != nil
    }

    /// Whether the next word after spaces is "the" in lower case ("Jan. the 2nd"; "Dec. The list…" starts a sentence).
    private static func nextWordIsLowerCaseThe(_ scalars: [Unicode.Scalar], from start: Int) -> Bool {
        var index = start
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        return index < scalars.count && scalars[index] == "t" && nextWords(scalars, from: start, count: 1).first == "the"
    }

    /// Whether the next word after spaces is a month name ("3. Dec. 2030").
    private static func nextWordIsMonth(_ scalars: [Unicode.Scalar], from start: Int) -> Bool {
        nextWords(scalars, from: start, count: 1).first.map { Lexicon.months[$0] != nil } ?? false
    }

    /// Whether the capital after "a.m."/"p.m." at `start` goes on the sentence: a zone ("at 10 a.m. London time", "9 a.m.
    /// Eastern") or the day of the time ("at 4 p.m. Friday about the contract", "4 p.m. December 3rd"; "May" only before
    /// a number).
    private static func continuesAfterMeridiem(_ scalars: [Unicode.Scalar], from start: Int) -> Bool {
        if nextWordsNameZone(scalars, from: start) { return true }
        guard let word = nextWords(scalars, from: start, count: 1).first else { return false }
        if word == "may" {
            var index = start
            while index < scalars.count, isSpace(scalars[index]) || isLetter(scalars[index]) { index += 1 }
            return nextNonSpaceIsDigit(scalars, from: index)
        }
        return Lexicon.weekdays[word] != nil || Lexicon.months[word] != nil
    }

    /// The index after the "m" of "p. m." / "a. m." when a dot and spaces at `start` come before it, and nothing but a dot, a
    /// space or the end follows it.
    private static func spacedMeridiemEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start < scalars.count, scalars[start] == "." else { return nil }
        var index = start + 1
        guard index < scalars.count, isSpace(scalars[index]) else { return nil }
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        guard index < scalars.count, scalars[index] == "m" || scalars[index] == "M" else { return nil }
        let end = index + 1
        guard end == scalars.count || scalars[end] == "." || isSpace(scalars[end]) || scalars[end] == "," else { return nil }
        return end
    }

    /// Whether the words from `start` name a zone ("Eastern", "London time", "New York time").
    private static func nextWordsNameZone(_ scalars: [Unicode.Scalar], from start: Int) -> Bool {
        let words = nextWords(scalars, from: start, count: 3)
        for length in 1...2 where words.count >= length {
            guard let (_, needsTime) = ZoneParser.spokenZone(words[0..<length].joined(separator: " ")) else { continue }
            return !needsTime || (words.count > length && words[length] == "time")
        }
        return false
    }

    /// Up to `count` lower-case ASCII words from `start`, each of up to ten letters.
    private static func nextWords(_ scalars: [Unicode.Scalar], from start: Int, count: Int) -> [String] {
        var index = start
        var words: [String] = []
        while words.count < count {
            while index < scalars.count, isSpace(scalars[index]) { index += 1 }
            var word = ""
            while index < scalars.count, scalars[index].value < 128, isLetter(scalars[index]), word.utf8.count < 10 {
                word.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard !word.isEmpty else { break }
            words.append(word.lowercased())
        }
        return words
    }

    private static func nextNonSpaceStartsSentence(_ scalars: [Unicode.Scalar], from start: Int) -> Bool {
        var index = start
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        return index == scalars.count || isUppercase(scalars[index])
    }

    fileprivate static func lowerNorm(_ text: String) -> String {
        var isASCII = true
        var hasUpper = false
        for scalar in text.unicodeScalars {
            if scalar.value >= 128 {
                isASCII = false
                break
            }
            if scalar.value >= 65 && scalar.value <= 90 { hasUpper = true }
        }
        if isASCII { return hasUpper ? text.lowercased() : text }
        var lowered = text.lowercased()
        if lowered.unicodeScalars.contains("’") {
            lowered = String(String.UnicodeScalarView(lowered.unicodeScalars.map { $0 == "’" ? "'" : $0 }))
        }
        return lowered
    }
}

/// A transcript as an array of Unicode scalars, read by position, with the way back to `String.Index`.
///
/// Walking `String.UnicodeScalarView` by index re-validates and re-decodes at every step; the tokenizer looks
/// at each scalar several times (and one or two ahead), so it decodes the text once into an array.
private struct ScalarText {
    /// The transcript.
    let text: String
    /// Its scalars.
    let scalars: [Unicode.Scalar]
    /// The UTF-8 offset of each scalar, and of the end; empty when the text is ASCII (offset = position).
    let offsets: [Int]

    init(_ text: String) {
        self.text = text
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var isASCII = true
        for scalar in text.unicodeScalars {
            if scalar.value >= 128 { isASCII = false }
            scalars.append(scalar)
        }
        var offsets: [Int] = []
        if !isASCII {
            offsets.reserveCapacity(scalars.count + 1)
            var offset = 0
            for scalar in scalars {
                offsets.append(offset)
                offset += UTF8.width(scalar)
            }
            offsets.append(offset)
        }
        self.scalars = scalars
        self.offsets = offsets
    }

    /// The `String.Index` of the scalar at `position` (or of the end).
    func index(_ position: Int) -> String.Index {
        // O(1) on native strings: a UTF-8 offset is the index's encoded offset.
        text.utf8.index(text.utf8.startIndex, offsetBy: offsets.isEmpty ? position : offsets[position])
    }

    /// The transcript range of the scalars `start..<end`.
    func range(_ start: Int, _ end: Int) -> Range<String.Index> {
        index(start)..<index(end)
    }

    /// The scalars in `span` lower-cased with curly apostrophes straightened, as `Tokenizer.lowerNorm`
    /// reads `text[span]`, without going through a substring when they are ASCII.
    func lowerNorm(_ span: Range<Int>) -> String {
        for position in span where scalars[position].value >= 128 {
            return Tokenizer.lowerNorm(String(text[index(span.lowerBound)..<index(span.upperBound)]))
        }
        return String(unsafeUninitializedCapacity: span.count) { buffer in
            for position in span {
                let byte = UInt8(truncatingIfNeeded: scalars[position].value)
                buffer[position - span.lowerBound] = byte >= 65 && byte <= 90 ? byte + 32 : byte
            }
            return span.count
        }
    }
}

/// Whether `scalar` is white space.
func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 128 { return scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" }
    return scalar.properties.isWhitespace
}

/// Whether `scalar` is a letter.
func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 128 { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    return scalar.properties.isAlphabetic
}

/// Whether `scalar` is a letter or an ASCII digit.
func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    isLetter(scalar) || asciiDigit(scalar) != nil
}

/// Whether `scalar` is an upper-case letter.
func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 128 { return ("A"..."Z").contains(scalar) }
    return scalar.properties.isUppercase
}
