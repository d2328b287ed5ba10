/// Parses the pattern part of a rule.
///
/// Elements are separated by spaces:
/// - `next` or `"o'clock"`: a literal (quoted when it holds spaces or punctuation: `":"`);
/// - `(next|nxt|"the following")`: literal alternatives;
/// - `<weekday>`: any item of a category (or of a category declared as a kind of it);
///   `<time!>` only items that are not latent;
///   `<num:1-12>` restricts the value, `<num#2>` the digit count as typed, `<num#2:0-59>` both;
/// - a trailing `?` makes an element optional; a leading `~` forbids whitespace before it.
enum PatternParser {
    struct Written {
        var element: PatternElement
        var optional: Bool
    }

    static func parse(_ text: String, grammar: Grammar, at loc: SourceLocation) throws -> [Written] {
        // Columns count characters: for ASCII text (every shipped rule) bytes are characters.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(text.utf8)
            return try parse(bytes, span: { String(decoding: bytes[$0..<$1], as: UTF8.self) }, grammar: grammar, at: loc)
        }
        let chars = Array(text)
        // Where each character starts in `text` (and its end), to copy spans as substrings.
        var bounds = Array(text.indices)
        bounds.append(text.endIndex)
        return try parse(chars, span: { String(text[bounds[$0]..<bounds[$1]]) }, grammar: grammar, at: loc)
    }

    /// The parser proper, over the pattern's characters (or its bytes, when it is ASCII);
    /// `span(a, b)` is the text of units `a..<b`.
    private static func parse<U: PatternUnit>(_ chars: [U], span: (Int, Int) -> String, grammar: Grammar,
                                              at loc: SourceLocation) throws -> [Written] {
        let space = U.ascii(" "), tab = U.ascii("\t"), tilde = U.ascii("~"), question = U.ascii("?")
        let quote = U.ascii("\"")
        var out: [Written] = []
        var i = 0
        func here() -> SourceLocation { SourceLocation(file: loc.file, line: loc.line, column: loc.column + i) }
        while i < chars.count {
            if chars[i] == space || chars[i] == tab { i += 1; continue }
            let start = here()
            var glued = false
            if chars[i] == tilde { glued = true; i += 1 }
            guard i < chars.count, chars[i] != space, chars[i] != tab else {
                throw GrammarError("'~' must be followed directly by an element (write ~<cat> or ~\"x\")", at: start)
            }
            var kind: PatternElement.Kind
            switch chars[i] {
            case U.ascii("<"):
                guard let close = chars[i...].firstIndex(of: U.ascii(">")) else { throw GrammarError("unclosed '<'", at: start) }
                let spec = span(i + 1, close)
                kind = try category(spec, grammar: grammar, at: start)
                i = close + 1
            case U.ascii("("):
                guard let close = matchingParen(chars, from: i) else { throw GrammarError("unclosed '('", at: start) }
                var alts: [[String]] = []
                for (a, b) in splitAlternatives(chars, from: i + 1, to: close) {
                    let a = span(a, b).trimmedSpaces
                    let unquoted = a.count >= 2 && a.hasPrefix("\"") && a.hasSuffix("\"") ? String(a.dropFirst().dropLast()) : a
                    let p = GrammarText.pieces(unquoted)
                    guard !p.isEmpty else { throw GrammarError("empty alternative in '(\(span(i + 1, close)))'", at: start) }
                    alts.append(p)
                }
                kind = .literal(alts)
                i = close + 1
            case quote:
                guard let close = chars[(i + 1)...].firstIndex(of: quote) else { throw GrammarError("unclosed quote", at: start) }
                let p = GrammarText.pieces(span(i + 1, close))
                guard !p.isEmpty else { throw GrammarError("empty quoted literal", at: start) }
                kind = .literal([p])
                i = close + 1
            default:
                var j = i
                while j < chars.count, chars[j] != space, chars[j] != tab, chars[j] != question { j += 1 }
                let word = span(i, j)
                guard chars[i..<j].allSatisfy(\.isWordUnit) else {
                    throw GrammarError("unexpected '\(word)': quote literals that contain punctuation", at: start)
                }
                let pieces = GrammarText.pieces(word)
                guard !pieces.isEmpty else { throw GrammarError("expected an element, found '\(word)'", at: start) }
                kind = .literal([pieces])
                i = j
            }
            var optional = false
            if i < chars.count, chars[i] == question { optional = true; i += 1 }
            if i < chars.count, chars[i] != space, chars[i] != tab {
                throw GrammarError("expected a space after an element, found '\(span(i, i + 1))'", at: here())
            }
            out.append(Written(element: PatternElement(kind: kind, glued: glued), optional: optional))
        }
        return out
    }

    static func category(_ spec: String, grammar: Grammar, at loc: SourceLocation) throws -> PatternElement.Kind {
        var name = Substring(spec)
        var constraint = Constraint()
        if name.hasSuffix("!") {
            constraint.nonLatent = true
            name = name.dropLast()
        }
        if let colon = name.firstIndex(of: ":") {
            let range = name[name.index(after: colon)...]
            let bounds = range.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard bounds.count == 2, let lo = Double(bounds[0]), let hi = Double(bounds[1]), lo <= hi else {
                throw GrammarError("bad value range '\(range)' in <\(spec)> (write <num:1-12>)", at: loc)
            }
            constraint.minValue = lo
            constraint.maxValue = hi
            name = name[..<colon]
        }
        if let hash = name.firstIndex(of: "#") {
            let spec = name[name.index(after: hash)...]
            let bounds = spec.split(separator: "-").compactMap { Int($0) }
            guard (bounds.count == 1 || bounds.count == 2), bounds.allSatisfy({ $0 > 0 }), bounds.first! <= bounds.last! else {
                throw GrammarError("bad digit count '#\(spec)' in <\(spec)> (write <num#2> or <num#1-2>)", at: loc)
            }
            constraint.digits = bounds.first!...bounds.last!
            name = name[..<hash]
        }
        let catName = String(name)
        guard let id = grammar.categoryID(catName) else {
            throw GrammarError("unknown category '<\(catName)>'", at: loc)
        }
        return .category(id, constraint)
    }

    static func matchingParen<U: PatternUnit>(_ chars: [U], from: Int) -> Int? {
        var inQuote = false
        for j in (from + 1)..<chars.count {
            if chars[j] == U.ascii("\"") { inQuote.toggle() }
            if chars[j] == U.ascii(")") && !inQuote { return j }
        }
        return nil
    }

    /// The alternatives of `chars[from..<to]`, split at '|' outside quotes, as unit ranges.
    static func splitAlternatives<U: PatternUnit>(_ chars: [U], from: Int, to: Int) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        var start = from
        var inQuote = false
        for j in from..<to {
            if chars[j] == U.ascii("\"") { inQuote.toggle() }
            if chars[j] == U.ascii("|") && !inQuote { out.append((start, j)); start = j + 1 }
        }
        out.append((start, to))
        return out
    }
}

/// What `PatternParser` reads: a pattern's bytes when it is ASCII, else its characters.
protocol PatternUnit: Equatable {
    static func ascii(_ c: Unicode.Scalar) -> Self
    /// May stand in an unquoted literal word: a letter, a digit, `'`, `.` or `-`.
    var isWordUnit: Bool { get }
}

extension UInt8: PatternUnit {
    static func ascii(_ c: Unicode.Scalar) -> UInt8 { UInt8(c.value) }
    var isWordUnit: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
            || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
            || self == UInt8(ascii: "'") || self == UInt8(ascii: ".") || self == UInt8(ascii: "-")
    }
}

extension Character: PatternUnit {
    static func ascii(_ c: Unicode.Scalar) -> Character { Character(c) }
    var isWordUnit: Bool { isLetter || isNumber || self == "'" || self == "." || self == "-" }
}
