import Foundation

/// A finding of `GrammarChecker`: where, how serious, and what is wrong.
public struct GrammarDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    /// What kind of problem this is, for tests and tools.
    public enum Kind: String, Sendable {
        /// The loader rejected a line (syntax, unknown category or operator, duplicate rule name…).
        case syntax
        /// A rule none of whose variants can ever match: a category nothing produces, or a literal
        /// no tokenizer piece can be.
        case neverFires = "never-fires"
        /// A lexicon phrase that the tokenizer can never produce.
        case unmatchablePhrase = "unmatchable-phrase"
        /// A lexicon value its operator cannot read (a holiday value with a bad base or place).
        case badValue = "bad-value"
        /// A rule with the same category and pattern as an earlier one.
        case shadowed
        /// A category that is built but that no rule uses and the parser does not report.
        case unused
    }

    public var severity: Severity
    public var kind: Kind
    public var location: SourceLocation?
    public var message: String

    /// `file:line:col: error: message`.
    public var description: String {
        let head = location.map { "\($0): " } ?? ""
        return "\(head)\(severity.rawValue): \(message)"
    }
}

/// Checks a grammar the way a compiler checks code: every problem the loader finds (not just
/// the first), then rules that can never fire, lexicon phrases no input can match, rules
/// shadowed by an identical earlier one, and categories built for nothing.
///
/// ```swift
/// let findings = GrammarChecker.check(directories: [dir], locale: "en")
/// findings.filter { $0.severity == .error }   // exit non-zero when not empty
/// ```
public enum GrammarChecker {
    /// Lexicon categories that stages read as word lists (`Grammar.wordLists`) rather than rules.
    public static let stageWordLists: Set<String> = [
        "am-cue", "pm-cue", "either-half-cue", "evening-or-morning-cue", "hour-after-word", "reply-verb", "quote-marker", "reply-header-field", "sign-off", "street-word", "count-noun", "measure-unit", "greeting-before-time", "gratitude", "past-remark", "past-participle", "comparison-word", "interjection", "scripture-book", "clause-break", "refusal-cue", "future-marker", "future-prep", "past-question-word", "week-number-word", "subject-pronoun", "modal-follower", "alternative-link", "holiday-object", "time-word-object", "by-verb", "not-a-time", "day-part-namer", "linking-verb",  // DateTimeStage: meridiem cues, counted numbers, measures
        "weekday-homograph", "homograph-follower", "homograph-subject", "determiner", "indefinite-article", "ordinal-noun", "coming-opener", "return-word", "return-noun", "return-link", "not-return-before", "reference-lead", "ordinal-suffix", "rate-word", "negation-cue", "choice-marker", "choice-lead", "move-verb",
        "tens-word", "unit-word", "number-word", "ordinal-word", "habit-verb", "deliverable-word", "article", "until-word", "hours-cue", "meal-verb",  // DateTimeStage: "sat", "sun" as words, frequencies naming things
        "location-prep", "platform-prep", "venue", "destination-prep", "platform", "open-place-prep", "at-not-place", "not-a-place", "place-end", "place-abbrev",  // LocationStage
        "attendee-intro", "contact-verb", "name-title", "list-joiner", "group-word", "not-a-name", "kin-word", "kin-determiner", "kin-title",  // AttendeeStage
        "title-connector", "meal-time-prep", "phrasal-verb", "title-lead", "title-leading-connector", "calendar-ref", "calendar-verb",  // TitleStage
        "typo-tolerant",  // TokenizeStage (TypoCorrector)
        "respelling",  // Vocabulary: words read as another
        "lower-case-respelling",  // TokenizeStage (TypoCorrector): the same, typed in lower case only
    ]

    /// Checks the grammar files of these directories (later ones layer over earlier ones, as
    /// `GrammarLoader.load(directories:)` does).
    public static func check(directories: [URL], locale: String) -> [GrammarDiagnostic] {
        var sources: [(String, String, Int)] = []
        for (layer, dir) in directories.enumerated() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
                return [GrammarDiagnostic(severity: .error, kind: .syntax, location: nil, message: "cannot read grammar directory \(dir.path)")]
            }
            for name in names.filter({ $0.hasSuffix(".lex") || $0.hasSuffix(".rules") }).sorted() {
                let path = dir.appendingPathComponent(name).path
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    return [GrammarDiagnostic(severity: .error, kind: .syntax, location: SourceLocation(file: path, line: 1, column: 1),
                                              message: "cannot read the file as UTF-8 text")]
                }
                sources.append((path, text, layer))
            }
        }
        return check(sources: sources, locale: locale)
    }

    /// Checks grammar text given directly: (file name, text, layer) as for `GrammarLoader`.
    public static func check(sources: [(String, String, Int)], locale: String) -> [GrammarDiagnostic] {
        var diagnostics: [GrammarDiagnostic] = []
        // 1. Loader errors, all of them: blank the offending line and load again.
        var texts = sources.map { ($0.0, $0.1.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), $0.2) }
        var grammar: Grammar?
        var reported: Set<SourceLocation> = []
        for _ in 0..<200 {
            do {
                grammar = try GrammarLoader.load(sources: texts.map { ($0.0, $0.1.joined(separator: "\n"), $0.2) }, locale: locale)
                break
            } catch let e as GrammarError {
                diagnostics.append(GrammarDiagnostic(severity: .error, kind: .syntax, location: e.location, message: e.message))
                guard let loc = e.location, loc.line > 0, reported.insert(loc).inserted,
                      let f = texts.firstIndex(where: { $0.0 == loc.file }), loc.line <= texts[f].1.count else { return diagnostics }
                texts[f].1[loc.line - 1] = ""
            } catch {
                diagnostics.append(GrammarDiagnostic(severity: .error, kind: .syntax, location: nil, message: "\(error)"))
                return diagnostics
            }
        }
        guard let grammar else { return diagnostics }
        diagnostics += semanticChecks(grammar)
        return diagnostics
    }

    /// Lexicon values an operator reads only at parse time, checked now: a holiday or season
    /// value it cannot read would make its phrase silently match nothing. (Cheap enough for
    /// `nlcal parse --grammars` to run on every load of a user's grammar.)
    public static func valueErrors(_ g: Grammar) -> [GrammarDiagnostic] {
        var out: [GrammarDiagnostic] = []
        var vocabulary: Vocabulary?
        for entries in g.lexicon.values {
            for e in entries {
                let cat = g.categoryName(e.category)
                // A respelling is one word read as another word the grammar uses.
                if cat == Vocabulary.respellingCategory || cat == Vocabulary.lowerCaseRespellingCategory {
                    let said = e.pieces.joined(separator: " ")
                    let word = e.value.textValue ?? ""
                    if vocabulary == nil { vocabulary = Vocabulary(grammar: g) }
                    if e.pieces.count != 1 || word == said || word.contains(" ") || vocabulary!.id(word) < 0 {
                        out.append(GrammarDiagnostic(severity: .error, kind: .badValue, location: e.origin,
                                                     message: "[\(cat)] '\(said) = \(word)' must respell one word as another word the grammar uses"))
                    }
                    continue
                }
                if cat == "season-cycle", let v = e.value.textValue, Operators.parseYearParts(v) == nil {
                    out.append(GrammarDiagnostic(severity: .error, kind: .badValue, location: e.origin,
                                                 message: "[season-cycle] value '\(v)' is no list of MM-DD days with an optional end:-N (N 0–30)"))
                    continue
                }
                guard cat == "holiday-word" || cat == "season-word", let v = e.value.textValue, Operators.parseHoliday(v) == nil else { continue }
                out.append(GrammarDiagnostic(severity: .error, kind: .badValue, location: e.origin,
                                             message: "[\(cat)] value '\(v)' is no holiday value (see docs/grammar.md, Holiday values)"))
            }
        }
        return out
    }

    /// The checks that need a loaded grammar.
    static func semanticChecks(_ g: Grammar) -> [GrammarDiagnostic] {
        var out: [GrammarDiagnostic] = []
        let tokenizer = try? Tokenizer(locale: g.locale)
        // Pieces the tokenizer can produce: a piece, tokenized alone, must come back as itself.
        var pieceCache: [String: Bool] = [:]
        func matchable(_ piece: String) -> Bool {
            if let known = pieceCache[piece] { return known }
            var ok = !piece.isEmpty && !piece.contains(where: \.isWhitespace)
            if ok, let tokenizer {
                let atoms = TokenizeStage.atoms(of: tokenizer.tokenize(piece))
                ok = atoms.count == 1 && atoms[0].text == piece
            }
            pieceCache[piece] = ok
            return ok
        }

        out += valueErrors(g)
        // Lexicon phrases.
        var lexCategories: Set<CategoryID> = []
        var badPhrases: Set<String> = []
        for entries in g.lexicon.values {
            for e in entries {
                lexCategories.insert(e.category)
                if let bad = e.pieces.first(where: { !matchable($0) }), badPhrases.insert("\(e.origin)|\(e.pieces)").inserted {
                    out.append(GrammarDiagnostic(severity: .error, kind: .unmatchablePhrase, location: e.origin,
                                                 message: "phrase '\(e.pieces.joined(separator: " "))' of [\(g.categoryName(e.category))] can never match: the tokenizer never produces the piece '\(bad)'"))
                }
            }
        }

        // What can be produced: a fixpoint over rules whose every element can be filled.
        var produced: Set<CategoryID> = lexCategories
        if let num = g.categoryID("num") { produced.insert(num) }
        func fillable(_ cat: CategoryID) -> Bool { produced.contains { g.isKind($0, of: cat) } }
        func variantProblem(_ elems: [PatternElement]) -> String? {
            for e in elems {
                switch e.kind {
                case .literal(let alts):
                    if !alts.contains(where: { $0.allSatisfy(matchable) }) {
                        let piece = alts.flatMap { $0 }.first { !matchable($0) } ?? "?"
                        return "the literal piece '\(piece)' is never produced by the tokenizer"
                    }
                case .category(let c, _):
                    if !fillable(c) { return "nothing produces <\(g.categoryName(c))>" }
                }
            }
            return nil
        }
        var fires = [Bool](repeating: false, count: g.rules.count)
        var changed = true
        while changed {
            changed = false
            for (i, r) in g.rules.enumerated() where !fires[i] {
                if r.variants.contains(where: { variantProblem($0) == nil }) {
                    fires[i] = true
                    if produced.insert(r.category).inserted { changed = true }
                }
            }
        }
        for (i, r) in g.rules.enumerated() where !fires[i] {
            let why = r.variants.compactMap(variantProblem).first ?? "no variant can match"
            out.append(GrammarDiagnostic(severity: .error, kind: .neverFires, location: r.origin,
                                         message: "rule '\(r.name)' can never fire: \(why)"))
        }

        // Shadowed: same category and the same set of variants as an earlier rule.
        var firstWith: [String: Int] = [:]
        for (i, r) in g.rules.enumerated() {
            let key = "\(r.category)|" + r.variants.map { $0.map { elementKey($0, g) }.joined(separator: " ") }.sorted().joined(separator: " || ")
            if let j = firstWith[key] {
                let earlier = g.rules[j]
                out.append(GrammarDiagnostic(severity: .warning, kind: .shadowed, location: r.origin,
                                             message: "rule '\(r.name)' is shadowed by '\(earlier.name)' (\(earlier.origin)): same category and pattern, so its readings only duplicate or lose to the earlier rule's"))
            } else {
                firstWith[key] = i
                // Subsumed: an earlier rule of the same category and operator call matches
                // everything this one does, so this one's readings are only duplicates.
                if let j = g.rules.indices.first(where: { $0 < i && subsumes(g.rules[$0], r, g) }) {
                    let earlier = g.rules[j]
                    out.append(GrammarDiagnostic(severity: .warning, kind: .shadowed, location: r.origin,
                                                 message: "rule '\(r.name)' is subsumed by '\(earlier.name)' (\(earlier.origin)): that rule matches everything this one does and builds the same value, so this one never adds a reading"))
                }
            }
        }

        // Unused: built, but neither consumed by a pattern nor reported nor read by a stage.
        var consumed: Set<CategoryID> = []
        for r in g.rules {
            for v in r.variants { for e in v { if case .category(let c, _) = e.kind { consumed.insert(c) } } }
        }
        let reportedRoots = ["time", "recurrence", "event-duration"].compactMap(g.categoryID)
        func used(_ cat: CategoryID) -> Bool {
            if reportedRoots.contains(where: { g.isKind(cat, of: $0) }) { return true }
            return consumed.contains { g.isKind(cat, of: $0) }
        }
        var warnedRules: Set<CategoryID> = []
        for r in g.rules where !used(r.category) && warnedRules.insert(r.category).inserted {
            out.append(GrammarDiagnostic(severity: .warning, kind: .unused, location: r.origin,
                                         message: "rule '\(r.name)' builds <\(g.categoryName(r.category))>, which no rule uses and the parser does not report"))
        }
        // The typo-tolerant list names lexicon categories: a name that is none would silently
        // tolerate nothing.
        for entries in g.lexicon.values {
            for e in entries where g.categoryName(e.category) == "typo-tolerant" {
                let name = e.pieces.joined()
                if !(g.categoryID(name).map { lexCategories.contains($0) } ?? false) {
                    out.append(GrammarDiagnostic(severity: .error, kind: .syntax, location: e.origin,
                                                 message: "[typo-tolerant] names '\(name)', which is no lexicon category"))
                }
            }
        }
        for cat in lexCategories.sorted() where !used(cat) && !stageWordLists.contains(g.categoryName(cat)) {
            let name = g.categoryName(cat)
            let loc = g.categoryOrigin[Int(cat)]
            out.append(GrammarDiagnostic(severity: .warning, kind: .unused, location: loc,
                                         message: "lexicon category [\(name)] is used by no rule and read by no stage"))
        }
        return out.sorted { a, b in
            let la = a.location, lb = b.location
            if la?.file != lb?.file { return (la?.file ?? "") < (lb?.file ?? "") }
            return (la?.line ?? 0, la?.column ?? 0) < (lb?.line ?? 0, lb?.column ?? 0)
        }
    }

    /// Whether rule `a` matches every input `b` matches and builds the same value from it.
    static func subsumes(_ a: Rule, _ b: Rule, _ g: Grammar) -> Bool {
        // (A latent rule does not subsume one that is not: the latter's readings stand alone.)
        guard a.category == b.category, a.operatorName == b.operatorName, a.elementCount == b.elementCount,
              !a.latent || b.latent, argumentKey(a) == argumentKey(b) else { return false }
        return b.variants.indices.allSatisfy { vb in
            a.variants.indices.contains { va in
                a.variantSlots[va] == b.variantSlots[vb]
                    && zip(a.variants[va], b.variants[vb]).allSatisfy { covers($0, $1, g) }
                    && a.variants[va].count == b.variants[vb].count
            }
        }
    }

    static func argumentKey(_ r: Rule) -> String {
        r.arguments.map { arg -> String in
            switch arg {
            case .slot(let n): return "$\(n)"
            case .number(let d): return "\(d)"
            case .word(let w): return w
            }
        }.joined(separator: ",")
    }

    /// Whether element `x` accepts everything element `y` accepts.
    static func covers(_ x: PatternElement, _ y: PatternElement, _ g: Grammar) -> Bool {
        if x.glued && !y.glued { return false }
        switch (x.kind, y.kind) {
        case (.literal(let xa), .literal(let ya)):
            return Set(ya.map { $0.joined(separator: " ") }).isSubset(of: Set(xa.map { $0.joined(separator: " ") }))
        case (.category(let xc, let xk), .category(let yc, let yk)):
            guard g.isKind(yc, of: xc) else { return false }
            if xk.nonLatent && !yk.nonLatent { return false }
            if let lo = xk.minValue, (yk.minValue ?? -.infinity) < lo { return false }
            if let hi = xk.maxValue, (yk.maxValue ?? .infinity) > hi { return false }
            if let d = xk.digits { guard let e = yk.digits, d.lowerBound <= e.lowerBound, e.upperBound <= d.upperBound else { return false } }
            return true
        default:
            return false
        }
    }

    static func elementKey(_ e: PatternElement, _ g: Grammar) -> String {
        let glue = e.glued ? "~" : ""
        switch e.kind {
        case .literal(let alts):
            return glue + "(" + alts.map { $0.joined(separator: " ") }.sorted().joined(separator: "|") + ")"
        case .category(let c, let k):
            var s = "<\(g.categoryName(c))"
            if k.nonLatent { s += "!" }
            if let d = k.digits { s += "#\(d.lowerBound)-\(d.upperBound)" }
            if k.minValue != nil || k.maxValue != nil { s += ":\(k.minValue ?? -1)-\(k.maxValue ?? -1)" }
            return glue + s + ">"
        }
    }
}
