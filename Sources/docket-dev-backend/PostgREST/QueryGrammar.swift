import Foundation

/// A filter operator of PostgREST's URL grammar.
enum FilterOperator: String, Sendable, CaseIterable {
    case eq, neq, gt, gte, lt, lte, like, ilike, match, imatch, `in`, `is`, isdistinct
}

/// A filter from the query string: `col=[not.]op.value`, or a logic tree `or=(…)`, `and=(…)`.
indirect enum FilterNode: Sendable, Equatable {
    /// One column test.
    case condition(column: String, negated: Bool, op: FilterOperator, operand: FilterOperand)
    /// `or(…)` / `and(…)`, possibly negated.
    case logic(isOr: Bool, negated: Bool, children: [FilterNode])
}

/// The right-hand side of a filter.
enum FilterOperand: Sendable, Equatable {
    /// One literal (for `like`/`ilike`, `*` already turned into `%`).
    case value(String)
    /// The items of `in.(…)`.
    case list([String])
    /// `is.null|not_null|true|false|unknown`.
    case isValue(String)
}

/// One item of `select=`: a column (optionally renamed and cast) or `*`.
enum SelectItem: Sendable, Equatable {
    case star
    case column(name: String, alias: String?, cast: String?)
}

/// One item of `order=`.
struct OrderItem: Sendable, Equatable {
    var column: String
    var descending: Bool
    var nullsFirst: Bool?
}

/// Parsers for PostgREST's URL grammar (P `docs/references/api/url_grammar.rst`).
enum QueryGrammar {
    /// Parses the value of a column filter, `[not.]op.value`.
    static func condition(column: String, expression: String, quoted: Bool = false) throws(PostgRESTError) -> FilterNode {
        try self.checkColumn(column)
        var rest = Substring(expression)
        var negated = false
        if rest.hasPrefix("not.") {
            negated = true
            rest = rest.dropFirst(4)
        }
        guard let dot = rest.firstIndex(of: "."),
            let op = FilterOperator(rawValue: String(rest[..<dot]))
        else {
            throw .parse("\"failed to parse filter (\(expression))\" (line 1, column 1)", details: "unknown or missing operator")
        }
        var value = String(rest[rest.index(after: dot)...])
        switch op {
        case .in:
            guard value.hasPrefix("("), value.hasSuffix(")") else {
                throw .parse("\"failed to parse filter (\(expression))\" (line 1, column 1)", details: "expected a list: in.(a,b,c)")
            }
            let inner = String(value.dropFirst().dropLast())
            let items = inner.isEmpty ? [] : try self.splitTopLevel(inner).map { (item: String) throws(PostgRESTError) -> String in try self.unquote(item) }
            return .condition(column: column, negated: negated, op: op, operand: .list(items))
        case .is:
            let lowered = value.lowercased()
            guard ["null", "not_null", "true", "false", "unknown"].contains(lowered) else {
                throw .parse("\"failed to parse filter (\(expression))\" (line 1, column 1)", details: "is. takes null, not_null, true, false or unknown")
            }
            return .condition(column: column, negated: negated, op: op, operand: .isValue(lowered))
        case .like, .ilike:
            if quoted { value = try self.unquote(value) }
            return .condition(column: column, negated: negated, op: op, operand: .value(value.replacingOccurrences(of: "*", with: "%")))
        default:
            if quoted { value = try self.unquote(value) }
            return .condition(column: column, negated: negated, op: op, operand: .value(value))
        }
    }

    /// Parses a logic tree's value `(a.eq.1,or(b.gt.2,c.is.null))` for the param `or`/`and`/`not.or`/`not.and`.
    static func logic(parameter: String, value: String) throws(PostgRESTError) -> FilterNode {
        var name = Substring(parameter)
        var negated = false
        if name.hasPrefix("not.") {
            negated = true
            name = name.dropFirst(4)
        }
        return try self.logicNode(isOr: name == "or", negated: negated, body: value, depth: 1)
    }

    /// Deepest nesting of `or(…)`/`and(…)` a filter may have (each level is a recursion here and in SQL).
    static let maximumLogicDepth = 10

    private static func logicNode(isOr: Bool, negated: Bool, body: String, depth: Int) throws(PostgRESTError) -> FilterNode {
        guard depth <= maximumLogicDepth else {
            throw .parse(
                "\"failed to parse logic tree\" (line 1, column 1)", details: "logic trees may be nested at most \(maximumLogicDepth) deep")
        }
        guard body.hasPrefix("("), body.hasSuffix(")"), body.count >= 2 else {
            throw .parse("\"failed to parse logic tree (\(body))\" (line 1, column 1)", details: "expected a parenthesised list")
        }
        let inner = String(body.dropFirst().dropLast())
        var children: [FilterNode] = []
        for item in try self.splitTopLevel(inner) {
            var rest = Substring(item)
            var childNegated = false
            if rest.hasPrefix("not.") && (rest.dropFirst(4).hasPrefix("or(") || rest.dropFirst(4).hasPrefix("and(")) {
                childNegated = true
                rest = rest.dropFirst(4)
            }
            if rest.hasPrefix("or(") {
                children.append(try self.logicNode(isOr: true, negated: childNegated, body: String(rest.dropFirst(2)), depth: depth + 1))
            } else if rest.hasPrefix("and(") {
                children.append(try self.logicNode(isOr: false, negated: childNegated, body: String(rest.dropFirst(3)), depth: depth + 1))
            } else {
                guard let dot = rest.firstIndex(of: ".") else {
                    throw .parse("\"failed to parse logic tree (\(body))\" (line 1, column 1)", details: "expected column.operator.value")
                }
                children.append(
                    try self.condition(
                        column: String(rest[..<dot]), expression: String(rest[rest.index(after: dot)...]), quoted: true
                    ))
            }
        }
        guard !children.isEmpty else {
            throw .parse("\"failed to parse logic tree (\(body))\" (line 1, column 1)", details: "empty logic tree")
        }
        return .logic(isOr: isOr, negated: negated, children: children)
    }

    /// Parses `select=`.
    static func select(_ value: String) throws(PostgRESTError) -> [SelectItem] {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return [.star] }
        return try self.splitTopLevel(trimmed).map { (raw: String) throws(PostgRESTError) -> SelectItem in
            let item = raw.trimmingCharacters(in: .whitespaces)
            if item == "*" { return .star }
            if item.contains("(") || item.contains("!") {
                throw .parse(
                    "\"failed to parse select parameter (\(value))\" (line 1, column 1)",
                    details: "embedded resources are not supported by docket-dev-backend"
                )
            }
            var alias: String?
            var rest = Substring(item)
            if let colon = rest.firstIndex(of: ":"), rest[rest.index(after: colon)...].first != ":" {
                alias = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            var cast: String?
            if let range = rest.range(of: "::") {
                cast = String(rest[range.upperBound...])
                rest = rest[..<range.lowerBound]
                guard let cast, !cast.isEmpty, cast.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    throw .parse("\"failed to parse select parameter (\(value))\" (line 1, column 1)", details: "bad cast")
                }
            }
            let name = String(rest)
            try self.checkColumn(name)
            return .column(name: name, alias: alias, cast: cast)
        }
    }

    /// Parses `order=`.
    static func order(_ value: String) throws(PostgRESTError) -> [OrderItem] {
        try self.splitTopLevel(value).map { (raw: String) throws(PostgRESTError) -> OrderItem in
            let parts = raw.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let column = parts.first, !column.isEmpty else {
                throw .parse("\"failed to parse order (\(value))\" (line 1, column 1)", details: "missing column")
            }
            try self.checkColumn(column)
            var item = OrderItem(column: column, descending: false, nullsFirst: nil)
            for modifier in parts.dropFirst() {
                switch modifier {
                case "asc": item.descending = false
                case "desc": item.descending = true
                case "nullsfirst": item.nullsFirst = true
                case "nullslast": item.nullsFirst = false
                default:
                    throw .parse(
                        "\"failed to parse order (\(value))\" (line 1, column 1)",
                        details: "unexpected \"\(modifier)\" expecting \"asc\", \"desc\", \"nullsfirst\" or \"nullslast\"")
                }
            }
            return item
        }
    }

    /// Parses a comma-separated column list (`columns=`, `on_conflict=`), quotes allowed.
    static func columnList(_ value: String) throws(PostgRESTError) -> [String] {
        try self.splitTopLevel(value).map { (raw: String) throws(PostgRESTError) -> String in
            let name = try self.unquote(raw.trimmingCharacters(in: .whitespaces))
            try self.checkColumn(name)
            return name
        }
    }

    /// Splits at commas that are outside parentheses and double quotes.
    static func splitTopLevel(_ text: String) throws(PostgRESTError) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        var inQuotes = false
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\" where inQuotes:
                escaped = true
                current.append(character)
            case "\"":
                inQuotes.toggle()
                current.append(character)
            case "(" where !inQuotes:
                depth += 1
                current.append(character)
            case ")" where !inQuotes:
                depth -= 1
                current.append(character)
            case "," where !inQuotes && depth == 0:
                items.append(current)
                current = ""
            default:
                current.append(character)
            }
        }
        guard depth == 0, !inQuotes else {
            throw .parse("\"failed to parse (\(text))\" (line 1, column \(text.count))", details: "unbalanced parentheses or quotes")
        }
        items.append(current)
        return items
    }

    /// Removes surrounding double quotes, undoing `\"` and `\\` inside them.
    static func unquote(_ text: String) throws(PostgRESTError) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Rejects what this backend does not support in a column position (JSON paths, embedding).
    static func checkColumn(_ name: String) throws(PostgRESTError) {
        if name.isEmpty || name.contains("->") || name.contains("(") {
            throw .parse(
                "\"failed to parse column (\(name))\" (line 1, column 1)",
                details: "JSON paths and embedded resources are not supported by docket-dev-backend"
            )
        }
    }
}
