extension Collection where Element: Equatable {
    /// The Levenshtein distance to `other`: the fewest insertions, deletions and substitutions of one element that
    /// turn this collection into `other`.
    public func editDistance<Other: Collection<Element>>(to other: Other) -> Int {
        let target = Array(other)
        var previous = Array(0...target.count)
        for (i, x) in enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: target.count)
            for (j, y) in target.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[target.count]
    }
}
