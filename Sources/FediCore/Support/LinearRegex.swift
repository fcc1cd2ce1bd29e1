/// A regular expression matched in time linear in the text (a Thompson NFA run breadth-first, as RE2
/// does): a moderator's `--match` meets names chosen by the people being moderated, and Swift's Regex
/// backtracks, so `^(a+)+$` against `aaaa…a_` would run for ever. The syntax is the subset people use
/// for names: literals, `.`, classes (`[a-z]`, `[^…]`, `\d \w \s` and their negations), anchors
/// (`^ $ \A \z \b \B`), groups (capturing, `(?:…)`, named), alternation, the quantifiers `* + ? {m}
/// {m,} {m,n}` (lazy ones too: for "is there a match" they are the same), and the flags `(?i)`,
/// `(?s)`, `(?m)` (also scoped, `(?i:…)`). What needs backtracking (backreferences, lookaround,
/// atomic groups, possessive quantifiers) is refused when the pattern is compiled. Matching is on
/// Unicode scalars.
public struct LinearRegex: Sendable {
    /// Why a pattern cannot be used; `unsupported` when it is a valid pattern fedictl will not run.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public var description: String
        public var unsupported: Bool
    }

    let program: [Instruction]

    public init(_ pattern: String) throws {
        var parser = Parser(Array(pattern.unicodeScalars))
        let node = try parser.parseWhole()
        var compiler = Compiler()
        try compiler.emit(node)
        compiler.program.append(.match)
        program = compiler.program
    }

    /// Whether the pattern matches somewhere in `text` (like `text.contains(regex)`).
    public func matches(in text: String) -> Bool {
        let input = Array(text.unicodeScalars)
        var current: [Int] = []
        var next: [Int] = []
        var marks = [Int](repeating: -1, count: program.count)
        var stack: [Int] = []
        for position in 0...input.count {
            // Unanchored: a new thread starts at every position.
            if add(0, at: position, to: &current, marks: &marks, stack: &stack, input: input) { return true }
            if position == input.count { break }
            let scalar = input[position]
            next.removeAll(keepingCapacity: true)
            for pc in current {
                guard case .scalar(let matcher) = program[pc], matcher.matches(scalar) else { continue }
                if add(pc + 1, at: position + 1, to: &next, marks: &marks, stack: &stack, input: input) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Follows the empty steps from `start` at `position`, adding the threads that wait for a scalar;
    /// true when one reaches the end of the pattern. `marks` keeps each instruction once per position.
    private func add(
        _ start: Int, at position: Int, to list: inout [Int], marks: inout [Int], stack: inout [Int],
        input: [Unicode.Scalar]
    ) -> Bool {
        stack.append(start)
        while let pc = stack.popLast() {
            guard marks[pc] != position else { continue }
            marks[pc] = position
            switch program[pc] {
            case .match:
                stack.removeAll()
                return true
            case .scalar:
                list.append(pc)
            case .jump(let target):
                stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let assertion):
                if assertion.holds(at: position, in: input) { stack.append(pc + 1) }
            }
        }
        return false
    }
}

// MARK: program

enum Instruction: Sendable {
    case scalar(ScalarMatcher)
    case split(Int, Int)
    case jump(Int)
    case assert(Assertion)
    case match
}

enum Assertion: Sendable {
    case textStart, textEnd, lineStart, lineEnd, wordBoundary, notWordBoundary

    func holds(at position: Int, in input: [Unicode.Scalar]) -> Bool {
        switch self {
        case .textStart: return position == 0
        case .textEnd: return position == input.count
        case .lineStart: return position == 0 || input[position - 1] == "\n"
        case .lineEnd: return position == input.count || input[position] == "\n"
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && ClassItem.isWord(input[position - 1])
            let after = position < input.count && ClassItem.isWord(input[position])
            return (before != after) == (self == .wordBoundary)
        }
    }
}

struct ScalarMatcher: Sendable {
    enum Kind: Sendable {
        case literal(Unicode.Scalar)
        case any(newline: Bool)
        case set([ClassItem], negated: Bool)
    }
    var kind: Kind
    var caseInsensitive: Bool

    func matches(_ scalar: Unicode.Scalar) -> Bool {
        switch kind {
        case .literal(let wanted):
            if scalar == wanted { return true }
            return caseInsensitive && Self.fold(scalar) == Self.fold(wanted)
        case .any(let newline):
            return newline || scalar != "\n"
        case .set(let items, let negated):
            var found = items.contains { $0.contains(scalar) }
            if !found, caseInsensitive {
                found = Self.variants(of: scalar).contains { variant in items.contains { $0.contains(variant) } }
            }
            return found != negated
        }
    }

    /// A scalar's simple lower-case form (itself where lower-casing makes several scalars).
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            let value = scalar.value
            return (65...90).contains(value) ? Unicode.Scalar(value + 32)! : scalar
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }

    static func variants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let forms = [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping]
        return forms.compactMap { $0.unicodeScalars.count == 1 ? $0.unicodeScalars.first : nil }
    }
}

enum ClassItem: Sendable {
    case range(Unicode.Scalar, Unicode.Scalar)
    case digit(Bool), word(Bool), space(Bool)

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .range(let low, let high): return low <= scalar && scalar <= high
        case .digit(let negated): return Self.isDigit(scalar) != negated
        case .word(let negated): return Self.isWord(scalar) != negated
        case .space(let negated): return scalar.properties.isWhitespace != negated
        }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType == .decimal }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (48...57).contains(value) || (65...90).contains(value) || (97...122).contains(value) || value == 95
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return properties.isAlphabetic || properties.numericType == .decimal
        }
    }
}

// MARK: parsing

indirect enum Node {
    case empty
    case scalar(ScalarMatcher)
    case assert(Assertion)
    case concat([Node])
    case alternation([Node])
    case repetition(Node, min: Int, max: Int?)
}

struct Flags {
    var caseInsensitive = false
    var dotAll = false
    var multiline = false
}

struct Parser {
    let pattern: [Unicode.Scalar]
    var index = 0
    var flags = Flags()
    /// The largest count `{m,n}` may give: each repetition is a copy of its part in the program.
    static let maxCount = 1000

    init(_ pattern: [Unicode.Scalar]) { self.pattern = pattern }

    var atEnd: Bool { index >= pattern.count }
    var peek: Unicode.Scalar? { atEnd ? nil : pattern[index] }

    func problem(_ text: String, unsupported: Bool = false) -> LinearRegex.Problem {
        LinearRegex.Problem(description: text, unsupported: unsupported)
    }

    mutating func parseWhole() throws -> Node {
        let node = try parseAlternation()
        if !atEnd { throw problem("unbalanced ')' at offset \(index)") }
        return node
    }

    mutating func parseAlternation() throws -> Node {
        var branches = [try parseConcat()]
        while peek == "|" {
            index += 1
            branches.append(try parseConcat())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseConcat() throws -> Node {
        var items: [Node] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            guard let atom = try parseAtom() else { continue }
            items.append(try parseQuantifiers(atom))
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .concat(items))
    }

    mutating func parseQuantifiers(_ atom: Node) throws -> Node {
        var node = atom
        while let scalar = peek {
            let bounds: (Int, Int?)
            switch scalar {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                guard let counted = try parseCount() else { return node }
                bounds = counted
            default: return node
            }
            if case .assert = node { throw problem("nothing to repeat before '\(scalar)' at offset \(index)") }
            if scalar != "{" { index += 1 }
            if peek == "?" {
                index += 1  // lazy: the same answer to "is there a match"
            } else if peek == "+" {
                throw problem("possessive quantifiers ('\(scalar)+') need backtracking", unsupported: true)
            }
            node = .repetition(node, min: bounds.0, max: bounds.1)
        }
        return node
    }

    /// `{m}`, `{m,}`, `{m,n}` at `index`; nil (and `{` left as a literal) when it is not one.
    mutating func parseCount() throws -> (Int, Int?)? {
        var cursor = index + 1
        func number() -> Int? {
            var digits = ""
            while cursor < pattern.count, ("0"..."9").contains(pattern[cursor]), digits.count < 9 {
                digits.unicodeScalars.append(pattern[cursor])
                cursor += 1
            }
            return Int(digits)
        }
        // {,n} is {0,n}, as Swift's Regex reads it.
        let given = number()
        guard given != nil || (cursor < pattern.count && pattern[cursor] == ",") else { return nil }
        let low = given ?? 0
        var high: Int? = low
        if cursor < pattern.count, pattern[cursor] == "," {
            cursor += 1
            high = number()
            if given == nil, high == nil { return nil }
        }
        guard cursor < pattern.count, pattern[cursor] == "}" else { return nil }
        if let high, high < low { throw problem("{\(low),\(high)}: the larger count comes second") }
        if low > Self.maxCount || (high ?? 0) > Self.maxCount {
            throw problem("counts over \(Self.maxCount) are not supported", unsupported: true)
        }
        index = cursor + 1
        return (low, high)
    }

    func matcher(_ kind: ScalarMatcher.Kind) -> Node {
        .scalar(ScalarMatcher(kind: kind, caseInsensitive: flags.caseInsensitive))
    }

    /// One atom, or nil for a flag group such as `(?i)` that only changes what follows.
    mutating func parseAtom() throws -> Node? {
        let scalar = pattern[index]
        index += 1
        switch scalar {
        case "(": return try parseGroup()
        case "[": return try parseClass()
        case ".": return matcher(.any(newline: flags.dotAll))
        case "^": return .assert(flags.multiline ? .lineStart : .textStart)
        case "$": return .assert(flags.multiline ? .lineEnd : .textEnd)
        case "*", "+", "?": throw problem("nothing to repeat before '\(scalar)' at offset \(index - 1)")
        case "\\": return try parseEscape()
        default: return matcher(.literal(scalar))
        }
    }

    mutating func parseGroup() throws -> Node? {
        let saved = flags
        if peek == "?" {
            index += 1
            guard let kind = peek else { throw problem("the pattern ends inside a group") }
            switch kind {
            case ":":
                index += 1
            case "=", "!":
                throw problem("lookahead ('(?\(kind)') needs backtracking", unsupported: true)
            case ">":
                throw problem("atomic groups ('(?>') need backtracking", unsupported: true)
            case "<" where index + 1 < pattern.count && (pattern[index + 1] == "=" || pattern[index + 1] == "!"):
                throw problem("lookbehind ('(?<\(pattern[index + 1])') is not supported", unsupported: true)
            case "<", "'", "P":
                // A named group: (?<name>…), (?'name'…), (?P<name>…)
                if kind == "P" { index += 1 }
                let close: Unicode.Scalar = peek == "'" ? "'" : ">"
                index += 1
                while let scalar = peek, scalar != close { index += 1 }
                guard peek == close else { throw problem("the group's name is not closed") }
                index += 1
            default:
                // Flags: (?i) (?-i) (?i:…) with i, s, m.
                var on = true
                var changed = flags
                while let scalar = peek, scalar != ")", scalar != ":" {
                    switch scalar {
                    case "-": on = false
                    case "i": changed.caseInsensitive = on
                    case "s": changed.dotAll = on
                    case "m": changed.multiline = on
                    default:
                        throw problem("the group '(?\(kind)' or flag '\(scalar)' is not supported", unsupported: true)
                    }
                    index += 1
                }
                guard let end = peek else { throw problem("the pattern ends inside a group") }
                index += 1
                if end == ")" {
                    flags = changed  // for the rest of the enclosing group
                    return nil
                }
                flags = changed
            }
        }
        let inner = try parseAlternation()
        guard peek == ")" else { throw problem("missing ')'") }
        index += 1
        flags = saved
        return inner
    }

    mutating func parseEscape() throws -> Node {
        guard let scalar = peek else { throw problem("the pattern ends with '\\'") }
        index += 1
        switch scalar {
        case "d", "D": return matcher(.set([.digit(scalar == "D")], negated: false))
        case "w", "W": return matcher(.set([.word(scalar == "W")], negated: false))
        case "s", "S": return matcher(.set([.space(scalar == "S")], negated: false))
        case "b": return .assert(.wordBoundary)
        case "B": return .assert(.notWordBoundary)
        case "A": return .assert(.textStart)
        case "z": return .assert(.textEnd)
        default: return matcher(.literal(try escapedScalar(scalar)))
        }
    }

    /// The scalar an escape outside `\d \w \s` stands for.
    mutating func escapedScalar(_ scalar: Unicode.Scalar) throws -> Unicode.Scalar {
        switch scalar {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "e": return "\u{1B}"
        case "0": return "\u{0}"
        case "1"..."9", "k", "g":
            throw problem("backreferences ('\\\(scalar)') need backtracking", unsupported: true)
        case "x", "u":
            var digits = ""
            if peek == "{" {
                index += 1
                while let next = peek, next != "}" {
                    digits.unicodeScalars.append(next)
                    index += 1
                }
                guard peek == "}" else { throw problem("'\\\(scalar){' is not closed") }
                index += 1
            } else {
                let count = scalar == "x" ? 2 : 4
                for _ in 0..<count {
                    guard let next = peek else { break }
                    digits.unicodeScalars.append(next)
                    index += 1
                }
            }
            guard let value = UInt32(digits, radix: 16), let result = Unicode.Scalar(value) else {
                throw problem("'\\\(scalar)\(digits)' is not a character")
            }
            return result
        default:
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                throw problem("the escape '\\\(scalar)' is not supported", unsupported: true)
            }
            return scalar  // \. \\ \( \- …: the character itself
        }
    }

    mutating func parseClass() throws -> Node {
        var negated = false
        if peek == "^" {
            negated = true
            index += 1
        }
        var items: [ClassItem] = []
        var first = true
        while true {
            guard let scalar = peek else { throw problem("missing ']'") }
            if scalar == "]", !first {
                index += 1
                break
            }
            first = false
            if scalar == "[", index + 1 < pattern.count, pattern[index + 1] == ":" {
                throw problem("POSIX classes ('[:name:]') are not supported", unsupported: true)
            }
            index += 1
            var low = scalar
            if scalar == "\\" {
                guard let escaped = peek else { throw problem("missing ']'") }
                index += 1
                switch escaped {
                case "d", "D":
                    items.append(.digit(escaped == "D"))
                    continue
                case "w", "W":
                    items.append(.word(escaped == "W"))
                    continue
                case "s", "S":
                    items.append(.space(escaped == "S"))
                    continue
                case "b": low = "\u{08}"
                default: low = try escapedScalar(escaped)
                }
            }
            // A range, unless '-' ends the class.
            if peek == "-", index + 1 < pattern.count, pattern[index + 1] != "]" {
                index += 1
                var high = pattern[index]
                index += 1
                if high == "\\" {
                    guard let escaped = peek else { throw problem("missing ']'") }
                    index += 1
                    high = try escapedScalar(escaped)
                }
                guard low <= high else { throw problem("the range '\(low)-\(high)' runs backwards") }
                items.append(.range(low, high))
            } else {
                items.append(.range(low, low))
            }
        }
        return matcher(.set(items, negated: negated))
    }
}

// MARK: compiling

struct Compiler {
    var program: [Instruction] = []
    /// A program this long (after `{m,n}` copies) is refused: matching costs its length per character.
    static let maxLength = 20_000

    mutating func emit(_ node: Node) throws {
        guard program.count <= Self.maxLength else {
            throw LinearRegex.Problem(
                description: "the pattern is too large once its counts are spelled out", unsupported: true)
        }
        switch node {
        case .empty:
            break
        case .scalar(let matcher):
            program.append(.scalar(matcher))
        case .assert(let assertion):
            program.append(.assert(assertion))
        case .concat(let nodes):
            for node in nodes { try emit(node) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (offset, branch) in branches.enumerated() {
                if offset == branches.count - 1 {
                    try emit(branch)
                } else {
                    let split = program.count
                    program.append(.split(split + 1, -1))
                    try emit(branch)
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let inner, let min, let max):
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy: split to it or past all of them.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, -1))
                    try emit(inner)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let loop = program.count
                program.append(.split(loop + 1, -1))
                try emit(inner)
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }
}
