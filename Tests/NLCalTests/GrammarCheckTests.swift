import Foundation
import Testing
@testable import NLCal

@Suite("Grammar check")
struct GrammarCheckTests {
    static let lexicon = ("base.lex", "[weekday-word]\nmonday | mon = 1\n[meridiem]\npm = pm\n", 0)

    func check(_ rules: String) -> [GrammarDiagnostic] {
        GrammarChecker.check(sources: [Self.lexicon, ("test.rules", rules, 0)], locale: "en")
    }

    @Test func shippedGrammarHasNoErrors() throws {
        let findings = GrammarChecker.check(directories: [GoldenSupport.grammarDirectory], locale: "en")
        let errors = findings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))")
    }

    @Test func categoryTypoIsAnErrorWithPosition() {
        let d = check("category time\nrule weekday -> time: <weekdy-word> => weekday($1)\n")
        #expect(d.filter { $0.severity == .error }.map(\.description) == ["test.rules:2:23: error: unknown category '<weekdy-word>'"])
    }

    @Test func typoTolerantListNamesLexiconCategories() {
        let d = GrammarChecker.check(sources: [Self.lexicon, ("typo.lex", "[typo-tolerant]\nweekday-word | weekday-wrod\n", 0)], locale: "en")
        #expect(d.filter { $0.severity == .error }.map(\.description)
            == ["typo.lex:2:1: error: [typo-tolerant] names 'weekday-wrod', which is no lexicon category"])
    }

    @Test func everyLoaderErrorIsReported() {
        let d = check("""
            category time
            rule a -> time: <weekday-word> => weekday($1)
            rule b -> time: <nope> => weekday($1)
            rule c -> time: <weekday-word> => no-such-op($1)
            rule a -> time: <weekday-word> "pm" => weekday($1)
            rul d -> time: pm => weekday($1)
            """)
        let syntax = d.filter { $0.kind == .syntax }
        #expect(syntax.count == 4)
        #expect(syntax.allSatisfy { $0.severity == .error })
        #expect(Set(syntax.compactMap { $0.location?.line }) == [3, 4, 5, 6])
        #expect(d.contains { $0.message.contains("unknown operator 'no-such-op'") })
        #expect(d.contains { $0.message.contains("duplicate rule name 'a'") })
    }

    @Test func ruleOverACategoryNothingProducesNeverFires() {
        let d = check("category time\ncategory orphan\nrule lonely -> time: next <orphan> => pass($2)\n")
        let never = d.filter { $0.kind == .neverFires }
        #expect(never.map(\.description) == ["test.rules:3:1: error: rule 'lonely' can never fire: nothing produces <orphan>"])
    }

    @Test func neverFiringPropagates() {
        let d = check("""
            category time
            category orphan
            rule a -> orphan: x <orphan> => pass($2)
            rule b -> time: <orphan> pm => pass($1)
            """)
        #expect(Set(d.filter { $0.kind == .neverFires }.compactMap { $0.location?.line }) == [3, 4])
    }

    @Test func identicalEarlierPatternShadows() {
        let d = check("""
            category time
            rule first -> time: <weekday-word> "."? => weekday($1)
            rule second -> time: <weekday-word> "."? => weekday($1)
            """)
        #expect(d.filter { $0.kind == .shadowed }.map(\.description) == [
            "test.rules:3:1: warning: rule 'second' is shadowed by 'first' (test.rules:2:1): same category and pattern, so its readings only duplicate or lose to the earlier rule's",
        ])
    }

    @Test func moreSpecificCopyOfAnEarlierRuleIsSubsumed() {
        let d = check("""
            category time
            rule general -> time: <weekday-word> pm? => weekday($1)
            rule glued -> time: <weekday-word> ~pm => weekday($1)
            rule other-op -> time: <weekday-word> ~pm => pass($1)
            """)
        let shadowed = d.filter { $0.kind == .shadowed }
        #expect(shadowed.count == 2)
        #expect(shadowed.first?.description.hasPrefix("test.rules:3:1: warning: rule 'glued' is subsumed by 'general' (test.rules:2:1)") == true)
        // Another operator builds another value: not subsumed, but the same pattern as 'glued'.
        #expect(shadowed.last?.description.hasPrefix("test.rules:4:1: warning: rule 'other-op' is shadowed by 'glued'") == true)
    }

    @Test func builtButUnusedCategoryIsAWarning() {
        let d = check("category time\nrule w -> stray: <weekday-word> => weekday($1)\n")
        #expect(d.contains { $0.kind == .unused && $0.severity == .warning && $0.message.contains("<stray>") })
        #expect(d.contains { $0.kind == .unused && $0.message.contains("[meridiem]") })
    }

    @Test func unmatchableLiteralPieces() {
        // The loader splits literals into tokenizer pieces, so a piece can only be unmatchable when
        // the tokenizer disagrees with that split; check the predicate on a built grammar directly.
        let g = try! GrammarLoader.load(sources: [Self.lexicon, ("t.rules", "category time\nrule a -> time: <weekday-word> => weekday($1)\n", 0)], locale: "en")
        var broken = g
        broken.lexicon["mon"]?.append(LexiconEntry(pieces: ["mon day"], category: g.categoryID("weekday-word")!, value: .number(1, digits: 0),
                                                   origin: SourceLocation(file: "base.lex", line: 2, column: 1)))
        let d = GrammarChecker.semanticChecks(broken)
        #expect(d.contains { $0.kind == .unmatchablePhrase && $0.description.hasPrefix("base.lex:2:1: error: phrase 'mon day'") })
    }

    @Test func badHolidayValuesAreErrors() throws {
        let lex = "[holiday-word]\nfoo day = 05-05 ; gb: easter-21\nbar day = 05-05 ; GB: easter-21\n"
        let g = try GrammarLoader.load(sources: [("h.lex", lex, 0), ("t.rules", "category time\nrule h -> time: <holiday-word> => holiday($1)\n", 0)], locale: "en")
        let bad = GrammarChecker.semanticChecks(g).filter { $0.kind == .badValue }
        #expect(bad.count == 1)
        #expect(bad.first?.description.contains("'05-05 ; gb: easter-21'") == true)
    }

    /// A season cycle lists MM-DD days, and may end each part some days early (`end:-N`).
    @Test func badSeasonCycleValuesAreErrors() throws {
        let lex = "[season-cycle]\nseason = 03-20 06-21 09-23 12-21 end:-1\nseasons = 03-20 13-45\nsaison = 03-20 end:-99\n"
        let g = try GrammarLoader.load(sources: [("s.lex", lex, 0), ("t.rules", "category time\nrule s -> time: this <season-cycle> => year-part($2, 0)\n", 0)], locale: "en")
        let bad = GrammarChecker.semanticChecks(g).filter { $0.kind == .badValue }
        #expect(bad.count == 2)
        #expect(bad.contains { $0.description.contains("'03-20 13-45'") })
        #expect(Operators.parseYearParts("12-21 03-20 end:-1").map { $0.starts == [320, 1221] && $0.endShift == -1 } == true)
    }

    /// A respelling must name a word the grammar uses; it then reads as that word.
    @Test func respellingsReadAsTheirWord() throws {
        let lex = "[respelling]\nevry = every\nfoo = nothing\n[weekday-word]\nmon = 1\n"
        let rules = "category time\nrule w -> time: <weekday-word> => weekday($1)\nrule e -> time: every <weekday-word> => weekday($2)\n"
        let g = try GrammarLoader.load(sources: [("r.lex", lex, 0), ("t.rules", rules, 0)], locale: "en")
        let bad = GrammarChecker.semanticChecks(g).filter { $0.kind == .badValue }
        #expect(bad.count == 1)
        #expect(bad.first?.description.contains("'foo = nothing'") == true)
        let vocabulary = Vocabulary(grammar: g)
        #expect(vocabulary.id("evry") == vocabulary.id("every"))
        #expect(vocabulary.id("every") >= 0)
    }
}

@Suite("nlcal grammar (end to end)")
struct GrammarCommandTests {
    @Test func checkShippedGrammarExitsZero() throws {
        let r = try GoldenSupport.run(["grammar", "check"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("0 error(s)"))
    }

    @Test func checkReportsATypoInAUserFolder() throws {
        let dir = try GoldenSupport.scratch()
        try "rule fortnight-from-now -> date: (a|one) fortnite <unitt> from now => in($3)\n"
            .write(to: dir.appendingPathComponent("mine.rules"), atomically: true, encoding: .utf8)
        let r = try GoldenSupport.run(["grammar", "check", dir.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(dir.appendingPathComponent("mine.rules").path):1:51: error: unknown category '<unitt>'"))
    }

    @Test func coverageListsRulesNoCaseExercises() throws {
        let dir = try GoldenSupport.scratch()
        let path = dir.appendingPathComponent("one.golden").path
        var c = GoldenCase(text: "Lunch tomorrow at noon", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo")
        c.expected = try GoldenSupport.runner().actual(c)
        try GoldenFile(path: path, cases: [c]).write()
        let r = try GoldenSupport.run(["grammar", "coverage", path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("rule 'hour-minute' is exercised by no golden case"))
        #expect(!r.stdout.contains("rule 'named-time' is exercised"))
        #expect(r.stdout.contains("1 cases; rules: "))
    }
}
