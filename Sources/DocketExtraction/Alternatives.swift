/// A when said with another it may be instead: "at 10 or 11", "Monday or Tuesday", "tomorrow or Friday", "3 or 4 pm".
/// The first is the one said; "or", the other and an "either" before the first are read past, so they leave the title.
enum Alternatives {
    /// Words that may come between "or" and the other when ("at 10 or maybe 11").
    private static let hedges: Set<String> = ["maybe", "perhaps", "possibly"]

    /// Where the other when would start, if "or" is free at `index` (the end of the first).
    static func start(_ scan: SegmentScan, after index: Int) -> Int? {
        guard scan.free(index) == "or" else { return nil }
        if let word = scan.free(index + 1), hedges.contains(word) { return index + 2 }
        return index + 1
    }

    /// Consumes "or … " from `index` (the first's end) up to `end` (the other's end), and an "either" (or a range's
    /// "between") just before `first` (or before the preposition before it: "either on Monday or Tuesday").
    static func consume(_ scan: inout SegmentScan, first: Int, from index: Int, to end: Int) {
        scan.consume(index..<end)
        var before = first - 1
        if scan.free(before) == "between" {
            scan.consume(before..<first)
            return
        }
        if scan.isFree(before), scan.tokens[before].is(.connective) { before -= 1 }
        if scan.free(before) == "either" { scan.consume(before..<before + 1) }
    }
}
