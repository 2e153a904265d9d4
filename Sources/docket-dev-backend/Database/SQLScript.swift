import Foundation

/// Splits an SQL script into statements, because PostgresNIO sends every query with the extended
/// protocol, which takes one statement at a time. Semicolons inside quotes, dollar quotes and
/// comments do not split.
enum SQLScript {
    /// The script's statements, trimmed, comments kept, empty ones dropped.
    static func statements(_ script: String) -> [String] {
        let characters = Array(script)
        var statements: [String] = []
        var current = ""
        var index = 0
        func peek(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "-" where peek(1) == "-":
                // Line comment: copy to the end of the line.
                while index < characters.count, characters[index] != "\n" {
                    current.append(characters[index])
                    index += 1
                }
                continue
            case "/" where peek(1) == "*":
                var depth = 0
                repeat {
                    if characters[index] == "/" && peek(1) == "*" {
                        depth += 1
                        current.append("/*")
                        index += 2
                    } else if characters[index] == "*" && peek(1) == "/" {
                        depth -= 1
                        current.append("*/")
                        index += 2
                    } else {
                        current.append(characters[index])
                        index += 1
                    }
                } while depth > 0 && index < characters.count
                continue
            case "'", "\"":
                current.append(character)
                index += 1
                while index < characters.count {
                    current.append(characters[index])
                    if characters[index] == character {
                        if peek(1) == character {  // doubled quote inside the literal
                            current.append(character)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    index += 1
                }
                continue
            case "$":
                // Dollar quote: $$ or $tag$ (tag: letters, digits, underscores, not starting with a digit).
                var end = index + 1
                while end < characters.count, characters[end].isLetter || characters[end] == "_" || (characters[end].isNumber && end > index + 1) {
                    end += 1
                }
                if end < characters.count, characters[end] == "$" {
                    let tag = String(characters[index...end])
                    current += tag
                    index = end + 1
                    let tagCharacters = Array(tag)
                    while index < characters.count {
                        if characters[index] == "$", index + tagCharacters.count <= characters.count,
                            Array(characters[index..<(index + tagCharacters.count)]) == tagCharacters
                        {
                            current += tag
                            index += tagCharacters.count
                            break
                        }
                        current.append(characters[index])
                        index += 1
                    }
                    continue
                }
                current.append(character)
                index += 1
            case ";":
                self.flush(&current, into: &statements)
                index += 1
            default:
                current.append(character)
                index += 1
            }
        }
        self.flush(&current, into: &statements)
        return statements
    }

    private static func flush(_ current: inout String, into statements: inout [String]) {
        let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !self.isOnlyComments(trimmed) { statements.append(trimmed) }
        current = ""
    }

    /// Whether the text has nothing but whitespace and `--` comments.
    private static func isOnlyComments(_ text: String) -> Bool {
        text.split(separator: "\n").allSatisfy { line in
            let stripped = line.trimmingCharacters(in: .whitespaces)
            return stripped.isEmpty || stripped.hasPrefix("--")
        }
    }
}
