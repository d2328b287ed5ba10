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
        var out: [Written] = []
        let chars = Array(text)
        // Where each character starts in `text` (and its end), to copy spans as substrings.
        var bounds = Array(text.indices)
        bounds.append(text.endIndex)
        func span(_ a: Int, _ b: Int) -> String { String(text[bounds[a]..<bounds[b]]) }
        var i = 0
        func here() -> SourceLocation { SourceLocation(file: loc.file, line: loc.line, column: loc.column + i) }
        while i < chars.count {
            if chars[i] == " " || chars[i] == "\t" { i += 1; continue }
            let start = here()
            var glued = false
            if chars[i] == "~" { glued = true; i += 1 }
            guard i < chars.count else { throw GrammarError("'~' must precede an element", at: start) }
            var kind: PatternElement.Kind
            switch chars[i] {
            case "<":
                guard let close = chars[i...].firstIndex(of: ">") else { throw GrammarError("unclosed '<'", at: start) }
                let spec = span(i + 1, close)
                kind = try category(spec, grammar: grammar, at: start)
                i = close + 1
            case "(":
                guard let close = matchingParen(chars, from: i) else { throw GrammarError("unclosed '('", at: start) }
                let inner = span(i + 1, close)
                var alts: [[String]] = []
                for alt in splitAlternatives(inner) {
                    let a = alt.trimmedSpaces
                    let unquoted = a.count >= 2 && a.hasPrefix("\"") && a.hasSuffix("\"") ? String(a.dropFirst().dropLast()) : a
                    let p = GrammarText.pieces(unquoted)
                    guard !p.isEmpty else { throw GrammarError("empty alternative in '(\(inner))'", at: start) }
                    alts.append(p)
                }
                kind = .literal(alts)
                i = close + 1
            case "\"":
                guard let close = chars[(i + 1)...].firstIndex(of: "\"") else { throw GrammarError("unclosed quote", at: start) }
                let p = GrammarText.pieces(span(i + 1, close))
                guard !p.isEmpty else { throw GrammarError("empty quoted literal", at: start) }
                kind = .literal([p])
                i = close + 1
            default:
                var j = i
                while j < chars.count, chars[j] != " ", chars[j] != "\t", chars[j] != "?" { j += 1 }
                let word = span(i, j)
                guard word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "'" || $0 == "." || $0 == "-" }) else {
                    throw GrammarError("unexpected '\(word)': quote literals that contain punctuation", at: start)
                }
                kind = .literal([GrammarText.pieces(word)])
                i = j
            }
            var optional = false
            if i < chars.count, chars[i] == "?" { optional = true; i += 1 }
            if i < chars.count, chars[i] != " ", chars[i] != "\t" {
                throw GrammarError("expected a space after an element, found '\(chars[i])'", at: here())
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

    static func matchingParen(_ chars: [Character], from: Int) -> Int? {
        var inQuote = false
        for j in (from + 1)..<chars.count {
            if chars[j] == "\"" { inQuote.toggle() }
            if chars[j] == ")" && !inQuote { return j }
        }
        return nil
    }

    static func splitAlternatives(_ s: String) -> [String] {
        var out: [String] = []
        var cur = ""
        var inQuote = false
        for c in s {
            if c == "\"" { inQuote.toggle() }
            if c == "|" && !inQuote { out.append(cur); cur = ""; continue }
            cur.append(c)
        }
        out.append(cur)
        return out
    }
}
