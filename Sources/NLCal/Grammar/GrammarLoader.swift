import Foundation

/// Reads a grammar from `*.lex` and `*.rules` files.
///
/// Lexicon files (`*.lex`) map phrases to values under a category section:
/// ```
/// [weekday]
/// monday | mon | mon. = 1
/// ```
/// Rule files (`*.rules`) declare categories and named rules:
/// ```
/// category tod : time
/// rule clock-hm -> tod: <num#1-2:0-23> ":" <num#2:0-59> => clock($1, $3)
/// ```
/// Later directories override earlier ones: a rule with the same name replaces the earlier
/// rule, new names add rules, and lexicon entries add to their category. Every problem is a
/// `GrammarError` with its file, line and column.
public enum GrammarLoader {
    /// Loads every `*.lex` and `*.rules` file of each directory, in order, into one grammar.
    public static func load(directories: [URL], locale: String) throws -> Grammar {
        var files: [(name: String, text: String, layer: Int)] = []
        for (layer, dir) in directories.enumerated() {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
                throw GrammarError("grammar directory not found: \(dir.path)", at: nil)
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            } catch {
                throw GrammarError("cannot read grammar directory \(dir.path): \(error.localizedDescription)", at: nil)
            }
            let grammarFiles = names.filter { $0.hasSuffix(".lex") || $0.hasSuffix(".rules") }.sorted()
            for name in grammarFiles {
                let path = dir.appendingPathComponent(name).path
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw GrammarError("cannot read grammar file", at: SourceLocation(file: path, line: 0, column: 0))
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw GrammarError("grammar file is not valid UTF-8", at: SourceLocation(file: path, line: 1, column: 1))
                }
                files.append((path, text, layer))
            }
        }
        return try load(sources: files.map { ($0.name, $0.text, $0.layer) }, locale: locale)
    }

    /// Loads grammar text directly (tests and tools). Each source is (file name, text, layer);
    /// a higher layer may redefine rules of a lower one.
    public static func load(sources: [(String, String, Int)], locale: String) throws -> Grammar {
        var builder = Builder(grammar: Grammar(locale: locale))
        // Lexicons and category declarations first, so rule files may use any of them.
        for (name, text, _) in sources where name.hasSuffix(".lex") {
            try builder.readLexicon(file: name, text: text)
        }
        for (name, text, layer) in sources where !name.hasSuffix(".lex") {
            try builder.readRules(file: name, text: text, layer: layer)
        }
        try builder.finish()
        return builder.grammar
    }

    struct Builder {
        var grammar: Grammar
        var pendingRules: [(RuleDraft, Int)] = []

        struct RuleDraft {
            var name: String
            var category: String
            var latent: Bool
            var standsAlone: Bool
            var countsFromSaid = false
            var pattern: String
            var patternColumn: Int
            var op: String
            var args: [Argument]
            var origin: SourceLocation
        }

        mutating func readLexicon(file: String, text: String) throws {
            var current: CategoryID?
            var currentName = ""
            try forEachLine(text) { lineNo, line in
                let (ta, tb) = trimRange(line, 0, line.count)
                if ta == tb { return }
                let loc = SourceLocation(file: file, line: lineNo, column: 1)
                if line[ta] == UInt8(ascii: "[") {
                    guard tb - ta >= 2, line[tb - 1] == UInt8(ascii: "]") else { throw GrammarError("section header must end with ']'", at: loc) }
                    let (na, nb) = trimRange(line, ta + 1, tb - 1)
                    let name = string(line, na, nb)
                    guard isIdentifier(name) else {
                        throw GrammarError("bad category name '\(name)' (letters, digits and '-' only)", at: loc)
                    }
                    current = grammar.declare(name, parent: nil, at: loc)
                    currentName = name
                    return
                }
                guard let cat = current else {
                    throw GrammarError("lexicon entry before any [category] section", at: loc)
                }
                var phrasesEnd = tb
                var value: Value?
                if let eq = line[ta..<tb].lastIndex(of: UInt8(ascii: "=")) {
                    let (va, vb) = trimRange(line, eq + 1, tb)
                    guard va < vb else {
                        // The column counts from the line's start as many characters as '=' is
                        // into the trimmed entry (as it always has).
                        throw GrammarError("missing value after '='", at: SourceLocation(file: file, line: lineNo, column: characterCount(line, eq - ta) + 1))
                    }
                    value = parseValue(string(line, va, vb))
                    phrasesEnd = eq
                }
                // The phrases between '|' (empty runs skipped, as `split` does).
                var from = ta
                for j in ta...phrasesEnd where j == phrasesEnd || line[j] == UInt8(ascii: "|") {
                    defer { from = j + 1 }
                    guard j > from else { continue }
                    let (pa, pb) = trimRange(line, from, j)
                    guard pa < pb else { throw GrammarError("empty phrase in lexicon entry", at: loc) }
                    let phrase = UnsafeBufferPointer(rebasing: line[pa..<pb])
                    let pieces = GrammarText.pieces(bytes: phrase)
                    let upper = phrase.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
                    let lower = phrase.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
                    let entry = LexiconEntry(pieces: pieces, category: cat, value: value ?? .text(String(decoding: phrase, as: UTF8.self).lowercased()),
                                             origin: loc, capitals: upper && !lower, capitalized: upper && lower)
                    grammar.lexicon[pieces[0], default: []].append(entry)
                    grammar.lexiconEntryCount += 1
                    grammar.wordLists[currentName, default: []].append(pieces)
                }
            }
        }

        mutating func readRules(file: String, text: String, layer: Int) throws {
            try forEachLine(text) { lineNo, line in
                let (ta, tb) = trimRange(line, 0, line.count)
                if ta == tb { return }
                // `ta` is also the indent: only spaces and tabs are trimmed.
                let loc = SourceLocation(file: file, line: lineNo, column: ta + 1)
                if hasPrefix(line, ta, tb, "category ") {
                    let body = string(line, ta + "category ".count, tb)
                    var parts = body.split(separator: ":", maxSplits: 1).map { $0.trimmedSpaces }
                    if parts.isEmpty { parts = [""] }  // `category :`
                    guard isIdentifier(parts[0]) else { throw GrammarError("bad category name '\(parts[0])'", at: loc) }
                    var parent: CategoryID?
                    if parts.count == 2 {
                        guard isIdentifier(parts[1]) else { throw GrammarError("bad parent category '\(parts[1])'", at: loc) }
                        parent = grammar.declare(parts[1], parent: nil, at: loc)
                    }
                    grammar.declare(parts[0], parent: parent, at: loc)
                } else if hasPrefix(line, ta, tb, "rule ") {
                    pendingRules.append((try parseRuleLine(line, indent: ta, loc: loc), layer))
                } else {
                    let trimmed = string(line, ta, tb)
                    let word = trimmed.split(separator: " ").first.map(String.init) ?? trimmed
                    throw GrammarError("expected 'rule' or 'category', found '\(word)'", at: loc)
                }
            }
        }

        /// One rule line (comment removed; it starts with "rule " after `indent` spaces or tabs):
        /// `rule NAME -> CATEGORY [latent [alone]] [after-said]: PATTERN => OPERATOR(ARGS)`.
        func parseRuleLine(_ u: UnsafeBufferPointer<UInt8>, indent: Int, loc: SourceLocation) throws -> RuleDraft {
            /// Columns count characters: the byte offset, unless the line is not ASCII.
            func at(_ offset: Int) -> SourceLocation {
                SourceLocation(file: loc.file, line: loc.line, column: characterCount(u, offset) + 1)
            }
            func find(_ a: UInt8, _ b: UInt8? = nil, from: Int) -> Int? {
                var i = from
                while i < u.count {
                    if u[i] == a, b == nil || (i + 1 < u.count && u[i + 1] == b!) { return i }
                    i += 1
                }
                return nil
            }
            guard let arrow = find(UInt8(ascii: "-"), UInt8(ascii: ">"), from: 0) else {
                throw GrammarError("rule needs '-> category:' after its name", at: loc)
            }
            let (na, nb) = trimRange(u, indent + "rule ".count, arrow)
            let name = string(u, na, nb)
            guard isIdentifier(name) else { throw GrammarError("bad rule name '\(name)'", at: loc) }
            guard let colon = find(UInt8(ascii: ":"), from: arrow + 2) else {
                throw GrammarError("rule '\(name)' needs ':' after its category", at: loc)
            }
            // The words between '->' and ':', split at spaces.
            var head: [String] = []
            var k = arrow + 2
            while k < colon {
                if u[k] == UInt8(ascii: " ") { k += 1; continue }
                var e = k
                while e < colon, u[e] != UInt8(ascii: " ") { e += 1 }
                head.append(string(u, k, e))
                k = e
            }
            guard let category = head.first, isIdentifier(category) else {
                throw GrammarError("rule '\(name)' has no valid category after '->'", at: loc)
            }
            var latent = false, alone = false, afterSaid = false
            for flag in head.dropFirst() {
                switch flag {
                case "latent": latent = true
                case "alone": alone = true
                case "after-said": afterSaid = true
                default: throw GrammarError("unknown rule flag '\(flag)' (known: latent, alone, after-said)", at: at(colon))
                }
            }
            if alone && !latent {
                throw GrammarError("rule '\(name)': 'alone' is for latent rules (the others are reported anyway)", at: at(colon))
            }
            guard let fat = find(UInt8(ascii: "="), UInt8(ascii: ">"), from: colon) else {
                throw GrammarError("rule '\(name)' needs '=> operator(...)'", at: loc)
            }
            let pattern = string(u, colon + 1, fat)
            let patternColumn = characterCount(u, colon) + 2
            let (ca, cb) = trimRange(u, fat + 2, u.count)
            let callLoc = at(fat + 2)
            var op = string(u, ca, cb)
            var args: [Argument] = []
            if let open = find(UInt8(ascii: "("), from: ca), open < cb {
                guard u[cb - 1] == UInt8(ascii: ")") else { throw GrammarError("operator call must end with ')'", at: callLoc) }
                let (oa, ob) = trimRange(u, ca, open)
                op = string(u, oa, ob)
                // The arguments between '(' and ')', split at ',' (empty runs skipped).
                var from = open + 1
                for j in (open + 1)...(cb - 1) where j == cb - 1 || u[j] == UInt8(ascii: ",") {
                    defer { from = j + 1 }
                    guard j > from else { continue }
                    let (aa, ab) = trimRange(u, from, j)
                    let a = string(u, aa, ab)
                    if a.hasPrefix("$") {
                        guard let n = Int(a.dropFirst()), n >= 1 else {
                            throw GrammarError("bad argument '\(a)' (use $1, $2, …)", at: callLoc)
                        }
                        args.append(.slot(n))
                    } else if let d = Double(a) {
                        args.append(.number(d))
                    } else if !a.isEmpty {
                        args.append(.word(a))
                    }
                }
            }
            guard isIdentifier(op) else { throw GrammarError("bad operator name '\(op)'", at: callLoc) }
            return RuleDraft(name: name, category: category, latent: latent, standsAlone: alone, countsFromSaid: afterSaid, pattern: pattern,
                             patternColumn: patternColumn, op: op, args: args, origin: loc)
        }

        mutating func finish() throws {
            // Rule heads declare their categories.
            for (draft, _) in pendingRules { grammar.declare(draft.category, parent: nil, at: draft.origin) }
            // Later layers override earlier rules of the same name; within a layer names are unique.
            var byName: [String: (Int, Int)] = [:]  // name → (index in pendingRules, layer)
            var order: [Int] = []
            for (i, (draft, layer)) in pendingRules.enumerated() {
                if let (j, prevLayer) = byName[draft.name] {
                    if prevLayer == layer {
                        throw GrammarError("duplicate rule name '\(draft.name)' (first defined at \(pendingRules[j].0.origin))", at: draft.origin)
                    }
                    order.removeAll { $0 == j }
                }
                byName[draft.name] = (i, layer)
                order.append(i)
            }
            for i in order.sorted() {
                let draft = pendingRules[i].0
                grammar.rules.append(try compile(draft))
            }
        }

        func compile(_ d: RuleDraft) throws -> Rule {
            let loc = SourceLocation(file: d.origin.file, line: d.origin.line, column: d.patternColumn)
            let written = try PatternParser.parse(d.pattern, grammar: grammar, at: loc)
            guard !written.isEmpty else { throw GrammarError("rule '\(d.name)' has an empty pattern", at: loc) }
            guard Operators.isKnown(d.op) else {
                throw GrammarError("unknown operator '\(d.op)' in rule '\(d.name)'", at: d.origin)
            }
            for case .slot(let n) in d.args where n > written.count {
                throw GrammarError("rule '\(d.name)' uses $\(n) but its pattern has \(written.count) elements", at: d.origin)
            }
            // Expand optional elements into variants.
            let optionalCount = written.filter(\.optional).count
            guard optionalCount <= 6 else { throw GrammarError("rule '\(d.name)' has more than 6 optional elements", at: loc) }
            var variants: [[PatternElement]] = []
            var slots: [[Int]] = []
            for mask in 0..<(1 << optionalCount) {
                var elems: [PatternElement] = []
                var idx: [Int] = []
                var opt = 0
                for (i, w) in written.enumerated() {
                    if w.optional {
                        defer { opt += 1 }
                        if mask & (1 << opt) == 0 { continue }
                    }
                    elems.append(w.element)
                    idx.append(i + 1)
                }
                if !elems.isEmpty { variants.append(elems); slots.append(idx) }
            }
            guard !variants.isEmpty else { throw GrammarError("rule '\(d.name)' can match nothing (every element is optional)", at: loc) }
            var rule = Rule(name: d.name, category: grammar.categoryID(d.category)!, latent: d.latent,
                            variants: variants, variantSlots: slots, patternText: d.pattern.trimmedSpaces,
                            elementCount: written.count, operatorName: d.op, arguments: d.args, origin: d.origin)
            rule.standsAlone = d.standsAlone
            rule.countsFromSaid = d.countsFromSaid
            return rule
        }
    }

    /// Calls `body` with each line's number and bytes, split at "\n", without its comment and
    /// without carriage returns. '#' starts a comment at the start of a line or after whitespace,
    /// outside quotes (so `<num#2>` is not a comment).
    static func forEachLine(_ text: String, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var text = text
        try text.withUTF8 { buf in
            let n = buf.count
            var start = 0
            var lineNo = 0
            while start <= n {
                var end = start
                while end < n && buf[end] != UInt8(ascii: "\n") { end += 1 }
                lineNo += 1
                var inQuote = false
                var prev = UInt8(ascii: " ")
                var hasCR = false
                var keep = end
                for i in start..<end {
                    let b = buf[i]
                    if b == UInt8(ascii: "\"") { inQuote.toggle() }
                    if b == UInt8(ascii: "#") && !inQuote && (prev == UInt8(ascii: " ") || prev == UInt8(ascii: "\t")) { keep = i; break }
                    if b == UInt8(ascii: "\r") { hasCR = true }
                    prev = b
                }
                let kept = UnsafeBufferPointer(rebasing: buf[start..<keep])
                if hasCR {
                    try kept.filter { $0 != UInt8(ascii: "\r") }.withUnsafeBufferPointer { try body(lineNo, $0) }
                } else {
                    try body(lineNo, kept)
                }
                start = end + 1
            }
        }
    }

    /// `a..<b` without leading and trailing spaces and tabs.
    static func trimRange(_ u: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> (Int, Int) {
        var a = a, b = b
        while a < b, u[a] == UInt8(ascii: " ") || u[a] == UInt8(ascii: "\t") { a += 1 }
        while b > a, u[b - 1] == UInt8(ascii: " ") || u[b - 1] == UInt8(ascii: "\t") { b -= 1 }
        return (a, b)
    }

    static func string(_ u: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: u[a..<b]), as: UTF8.self)
    }

    static func hasPrefix(_ u: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, _ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard b - a >= n else { return false }
        for k in 0..<n where u[a + k] != prefix.utf8Start[k] { return false }
        return true
    }

    /// How many characters the first `bytes` bytes of a line hold.
    static func characterCount(_ u: UnsafeBufferPointer<UInt8>, _ bytes: Int) -> Int {
        let prefix = UnsafeBufferPointer(rebasing: u[0..<bytes])
        return prefix.allSatisfy({ $0 < 0x80 }) ? bytes : String(decoding: prefix, as: UTF8.self).count
    }

    /// The text without leading and trailing spaces and tabs.
    static func trimSpaces(_ s: Substring) -> Substring {
        let u = s.utf8
        var a = u.startIndex
        var b = u.endIndex
        while a != b, u[a] == UInt8(ascii: " ") || u[a] == UInt8(ascii: "\t") { u.formIndex(after: &a) }
        while a != b {
            let p = u.index(before: b)
            guard u[p] == UInt8(ascii: " ") || u[p] == UInt8(ascii: "\t") else { break }
            b = p
        }
        return s[a..<b]
    }

    static func isIdentifier<S: StringProtocol>(_ s: S) -> Bool {
        guard !s.isEmpty else { return false }
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            return s.utf8.allSatisfy { b in
                (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                    || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
            }
        }
        return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    static func parseValue(_ s: String) -> Value {
        if let d = Double(s), !s.utf8.contains(UInt8(ascii: "e")), !s.hasPrefix("+") {
            return .number(d, digits: 0)
        }
        return .text(s)
    }

}

/// Splits grammar text into the same pieces the tokenizer produces: runs of letters, runs of
/// digits, and single other characters, case-folded.
enum GrammarText {
    static func pieces<S: StringProtocol>(_ text: S) -> [String] {
        var out: [String] = []
        let fast = text.utf8.withContiguousStorageIfAvailable { asciiPieces($0, into: &out) }
            ?? Array(text.utf8).withUnsafeBufferPointer { asciiPieces($0, into: &out) }
        return fast ? out : unicodePieces(String(text))
    }

    static func pieces(bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var out: [String] = []
        return asciiPieces(bytes, into: &out) ? out : unicodePieces(String(decoding: bytes, as: UTF8.self))
    }

    /// The pieces of ASCII text, byte by byte; false (and nothing added) when the text is not ASCII.
    private static func asciiPieces(_ buf: UnsafeBufferPointer<UInt8>, into out: inout [String]) -> Bool {
        for b in buf where b >= 0x80 { return false }
        @inline(__always) func kind(_ b: UInt8) -> Int {
            if (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) { return 1 }
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { return 2 }
            return 0
        }
        let n = buf.count
        var i = 0
        while i < n {
            let b = buf[i]
            if b == UInt8(ascii: " ") || (b >= 0x09 && b <= 0x0D) { i += 1; continue }  // Character.isWhitespace
            let k = kind(b)
            var j = i + 1
            if k != 0 { while j < n && kind(buf[j]) == k { j += 1 } }
            let start = i
            out.append(String(unsafeUninitializedCapacity: j - start) { dst in
                for t in 0..<(j - start) {
                    let c = buf[start + t]
                    dst[t] = c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c + 32 : c
                }
                return j - start
            })
            i = j
        }
        return true
    }

    /// Splits grammar text into the same pieces the tokenizer produces: runs of letters, runs of
    /// digits, and single other characters, case-folded.
    static func unicodePieces(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        var currentKind = 0  // 1 letters, 2 digits
        func flush() { if !current.isEmpty { out.append(current); current = "" }; currentKind = 0 }
        for ch in text.lowercased() {
            let c: Character = (ch == "’" || ch == "‘") ? "'" : ((ch == "–" || ch == "—") ? "-" : ch)
            if c.isWhitespace { flush(); continue }
            let kind = c.isLetter ? 1 : (c.isNumber ? 2 : 0)
            if kind == 0 { flush(); out.append(String(c)); continue }
            if kind != currentKind { flush() }
            current.append(c)
            currentKind = kind
        }
        flush()
        return out
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (a fast, Foundation-free trim).
    var trimmedSpaces: String {
        String(GrammarLoader.trimSpaces(Substring(self)))
    }
}
