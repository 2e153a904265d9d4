/// Holidays a note may name as its day ("by Christmas", "on Thanksgiving", "the day after Easter").
///
/// The dates are the US ones (docket's conventions follow a US calendar: Thanksgiving is November's fourth
/// Thursday, Mother's Day May's second Sunday), with the Christian feasts that move with Easter by the Gregorian
/// computus. A holiday is the next one on or after today, unless a year is said ("Christmas Eve 2027").
enum Holiday: Sendable, Equatable {
    /// The same day every year.
    case fixed(month: Int, day: Int)
    /// The `n`th `weekday` (Monday = 0) of `month`; n = -1 is the last; `days` days from it ("Black Friday").
    case nthWeekday(n: Int, weekday: Int, month: Int, days: Int = 0)
    /// `days` days from Easter Sunday.
    case easter(days: Int)

    /// The day it names: in `year`, or (nil) the next one on or after today. Fixed and weekday-rule holidays are
    /// the date specs "December 25" and "the fourth Thursday of November" already are.
    func spec(year: Int?) -> DateSpec {
        switch self {
        case .fixed(let month, let day): .monthDay(month: month, day: day, year: year)
        case .nthWeekday(let n, let weekday, let month, 0): .nthWeekday(n: n, day: .weekday(weekday), month: month, monthsAhead: 0, year: year)
        case .nthWeekday(let n, let weekday, let month, let days):
            .shifted(.nthWeekday(n: n, day: .weekday(weekday), month: month, monthsAhead: 0, year: year), days: days, months: 0)
        case .easter(let days): .easter(days: days, year: year)
        }
    }

    /// Easter Sunday of `year` (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher").
    static func easterSunday(_ year: Int) -> CivilDate {
        let a = year % 19
        let b = year / 100
        let c = year % 100
        let d = b / 4
        let e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4
        let k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate(year: year, month: month, day: day)
    }

    /// Each holiday's names as the tokenizer writes them. A word with an apostrophe is also matched without it
    /// ("valentines day", "presidents day"); "St." is read as "st".
    private static let spelled: [(names: [String], holiday: Holiday)] = [
        (["christmas", "christmas day", "xmas", "xmas day"], .fixed(month: 12, day: 25)),
        (["christmas eve", "xmas eve"], .fixed(month: 12, day: 24)),
        (["boxing day"], .fixed(month: 12, day: 26)),
        (["new year's eve"], .fixed(month: 12, day: 31)),
        (["new year's day", "new year's", "new year day", "new year"], .fixed(month: 1, day: 1)),
        (["groundhog day"], .fixed(month: 2, day: 2)),
        (["valentine's day", "valentine's", "valentine day"], .fixed(month: 2, day: 14)),
        (["st patrick's day", "saint patrick's day", "st paddy's day", "patrick's day"], .fixed(month: 3, day: 17)),
        (["juneteenth"], .fixed(month: 6, day: 19)),
        (["independence day", "fourth of july", "4th of july", "the fourth of july", "the 4th of july"], .fixed(month: 7, day: 4)),
        (["halloween"], .fixed(month: 10, day: 31)),
        (["veterans day", "veterans' day", "veteran's day"], .fixed(month: 11, day: 11)),
        (["martin luther king day", "martin luther king jr day", "mlk day"], .nthWeekday(n: 3, weekday: 0, month: 1)),
        (["presidents day", "presidents' day", "president's day"], .nthWeekday(n: 3, weekday: 0, month: 2)),
        (["mother's day"], .nthWeekday(n: 2, weekday: 6, month: 5)),
        (["memorial day"], .nthWeekday(n: -1, weekday: 0, month: 5)),
        (["father's day"], .nthWeekday(n: 3, weekday: 6, month: 6)),
        (["labor day", "labour day"], .nthWeekday(n: 1, weekday: 0, month: 9)),
        (["columbus day", "indigenous peoples' day"], .nthWeekday(n: 2, weekday: 0, month: 10)),
        (["thanksgiving", "thanksgiving day"], .nthWeekday(n: 4, weekday: 3, month: 11)),
        (["black friday"], .nthWeekday(n: 4, weekday: 3, month: 11, days: 1)),
        (["small business saturday"], .nthWeekday(n: 4, weekday: 3, month: 11, days: 2)),
        (["cyber monday"], .nthWeekday(n: 4, weekday: 3, month: 11, days: 4)),
        (["giving tuesday"], .nthWeekday(n: 4, weekday: 3, month: 11, days: 5)),
        (["ash wednesday"], .easter(days: -46)),
        (["palm sunday"], .easter(days: -7)),
        (["good friday"], .easter(days: -2)),
        (["easter", "easter sunday", "easter day"], .easter(days: 0)),
        (["easter monday"], .easter(days: 1)),
    ]

    /// Every name as words, with the apostrophe-less spellings added, by its first word.
    static let namesByFirstWord: [String: [(words: [String], holiday: Holiday)]] = {
        var table: [String: [(words: [String], holiday: Holiday)]] = [:]
        for entry in spelled {
            for name in entry.names {
                let words = name.split(separator: " ").map(String.init)
                let bare = words.map { $0.replacing("'", with: "") }
                for spelling in bare == words ? [words] : [words, bare] {
                    table[spelling[0], default: []].append((spelling, entry.holiday))
                }
            }
        }
        return table
    }()

    /// The words a holiday's name may start with, for the trigger table.
    static var startWords: some Sequence<String> { namesByFirstWord.keys }

    /// Words before a holiday said last that keep it from being the task's day: what it is a thing of ("a gift for
    /// Christmas", "talk about Thanksgiving", "happy Thanksgiving", "the movie Independence Day", "look up Juneteenth"),
    /// and the words of a when of its own ("after", "since").
    static let nameOpeners: Set<String> = [
        "for", "of", "to", "from", "about", "with", "like", "and", "or", "happy", "merry", "enjoy", "after", "since", "movie",
        "film", "show", "book", "song", "album", "episode", "special", "up", "out",
    ]

    /// Words before a holiday that make it the day a task is due ("by Christmas"). "Buy Christmas presents" has
    /// none, and "for" is no such word: "book flights for Christmas" says what the flights are for.
    static let introducers: Set<String> = [
        "on", "by", "before", "until", "till", "til", "due", "this", "at", "around", "over", "during", "through", "thru",
    ]

    /// Nouns a holiday names the kind of ("Christmas break", "the Easter egg hunt"): after "on Christmas" they go on the
    /// name, they are not the task said after the day.
    static let compounds: Set<String> = [
        "break", "party", "parties", "dinner", "lunch", "brunch", "breakfast", "vacation", "holiday", "holidays", "sale",
        "sales", "shopping", "gift", "gifts", "present", "presents", "card", "cards", "tree", "lights", "decorations",
        "service", "mass", "parade", "concert", "show", "pageant", "trip", "plans", "menu", "cookies", "candy", "egg",
        "eggs", "ham", "turkey", "pie", "pies", "list", "photos", "pictures", "outfit", "sweater", "games", "movie",
        "special", "fireworks", "bonus", "week", "rush", "traffic", "hours", "schedule", "play", "recital", "program",
        "costume", "costumes", "light", "roast", "cookie", "ornaments", "wreath",
    ]

    /// More nouns a day names the kind of that may follow a date itself ("the 4th of July decorations", "a Fourth of July
    /// flag").
    static let kinds: Set<String> = [
        "decorations", "flyer", "flyers", "flag", "flags", "barbecue", "bbq", "picnic", "banner", "banners", "sign", "signs",
        "shirt", "shirts", "napkins", "plates", "cups", "sparklers", "theme",
    ]

    /// The holiday named at `index` and the index after its name, the longest name first.
    static func named(_ scan: SegmentScan, at index: Int) -> (Holiday, Int)? {
        guard let first = scan.free(index), let candidates = namesByFirstWord[first] else { return nil }
        var best: (Holiday, Int)?
        for (words, holiday) in candidates {
            if let end = match(words, scan, at: index), end > (best?.1 ?? index) { best = (holiday, end) }
        }
        return best
    }

    /// The end of `words` at `index`, passing over an apostrophe written apart ("Presidents ' Day").
    private static func match(_ words: [String], _ scan: SegmentScan, at index: Int) -> Int? {
        var cursor = index
        for word in words {
            if scan.free(cursor) == "'", word != "'" { cursor += 1 }
            guard scan.free(cursor) == word else { return nil }
            cursor += 1
        }
        return cursor
    }
}
