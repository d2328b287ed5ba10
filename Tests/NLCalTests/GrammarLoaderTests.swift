import Foundation
import Testing
@testable import NLCal

@Suite struct GrammarLoaderTests {
    func load(_ files: [(String, String)]) throws -> Grammar {
        try GrammarLoader.load(sources: files.map { ($0.0, $0.1, 0) }, locale: "en")
    }

    func error(_ files: [(String, String)]) -> GrammarError? {
        do { _ = try load(files); return nil } catch let e as GrammarError { return e } catch { return nil }
    }

    @Test func shippedGrammarLoads() {
        let g = Fixture.grammar
        #expect(g.rules.count > 100)
        #expect(g.categoryID("time") != nil)
        #expect(g.lexiconEntryCount > 200)
    }

    @Test func rulesCompileWithOptionalsExpanded() throws {
        let g = try load([("a.lex", "[weekday-word]\nmonday | mon = 1\n"),
                          ("b.rules", "rule wd -> date: on? <weekday-word> \".\"? => weekday($2)\n")])
        #expect(g.rules.count == 1)
        #expect(g.rules[0].variants.count == 4)
        #expect(g.rules[0].elementCount == 3)
    }

    @Test func unknownCategoryIsReportedWithPosition() {
        let e = error([("x.rules", "\nrule r -> time: next <wekday> => weekday($2)\n")])
        #expect(e?.location?.file == "x.rules")
        #expect(e?.location?.line == 2)
        #expect(e?.message.contains("unknown category '<wekday>'") == true)
        #expect(e?.description.hasPrefix("x.rules:2:") == true)
    }

    @Test func unknownOperator() {
        let e = error([("x.rules", "rule r -> time: now => nowish\n")])
        #expect(e?.message == "unknown operator 'nowish' in rule 'r'")
    }

    @Test func duplicateRuleNames() {
        let e = error([("x.rules", "rule r -> time: now => now\nrule r -> time: today => now\n")])
        #expect(e?.location?.line == 2)
        #expect(e?.message.contains("duplicate rule name 'r'") == true)
    }

    @Test func laterLayersOverrideRules() throws {
        let g = try GrammarLoader.load(sources: [("a.rules", "rule r -> time: now => now\n", 0),
                                                  ("b.rules", "rule r -> time: (now|rn) => now\n", 1)], locale: "en")
        #expect(g.rules.count == 1)
        #expect(g.rules[0].patternText == "(now|rn)")
    }

    @Test func slotOutOfRange() {
        let e = error([("x.rules", "rule r -> time: next week => cycle($3, 1)\n")])
        #expect(e?.message.contains("uses $3 but its pattern has 2 elements") == true)
    }

    @Test func lexiconEntriesInCapitalsMatchOnlyCapitals() throws {
        // "BOY" (beginning of the year) is written in capitals in calendar.lex.
        let shorthand = try Fixture.parse("Budget freeze at the BOY", now: "2026-03-11T09:15:00", tz: "UTC")
        #expect(shorthand.state.spans.contains { $0.field == "start" && $0.text == "at the BOY" })
        for text in ["Talk to the boy", "Talk to the Boy", "Talk to the bOY"] {
            let word = try Fixture.parse(text, now: "2026-03-11T09:15:00", tz: "UTC")
            #expect(!word.state.spans.contains { $0.field == "start" }, "\(text)")
        }
        // The loader marks entries written with capitals.
        let g = try load([("a.lex", "[edge]\nBOY = year:start\nboy = x\n")])
        #expect(g.lexicon["boy"]?.map(\.capitals) == [true, false])
        #expect(g.lexicon["boy"]?.map(\.capitalized) == [false, false])
    }

    @Test func lexiconEntriesCapitalizedMatchOnlyACapitalFirstLetter() throws {
        // "May" and "March" are written capitalized in calendar.lex; in lower case they are a
        // month only with a day, a year or a word that makes them one.
        for text in ["I may be late", "remember to march in the parade", "finish the may report"] {
            let word = try Fixture.parse(text, now: "2026-03-11T09:15:00", tz: "UTC")
            #expect(!word.state.spans.contains { $0.field == "start" }, "\(text)")
        }
        for (text, span) in [("Trip in May", "in May"), ("MAY 5", "MAY 5"), ("dentist may 5", "may 5"), ("trip in march", "in march")] {
            let month = try Fixture.parse(text, now: "2026-03-11T09:15:00", tz: "UTC")
            #expect(month.state.spans.contains { $0.field == "start" && $0.text == span }, "\(text)")
        }
        let g = try load([("a.lex", "[month]\nMay = 5\n")])
        #expect(g.lexicon["may"]?.map(\.capitalized) == [true])
    }

    @Test func afterSaidFlagIsRead() throws {
        let g = try load([("a.rules", "rule counted -> time after-said: now => now\nrule plain -> time latent alone: now => now\n")])
        #expect(g.rules.first { $0.name == "counted" }?.countsFromSaid == true)
        let plain = try #require(g.rules.first { $0.name == "plain" })
        #expect(!plain.countsFromSaid && plain.latent && plain.standsAlone)
    }

    @Test func syntaxErrors() {
        #expect(error([("x.rules", "rul r -> time: now => now\n")])?.message == "expected 'rule' or 'category', found 'rul'")
        #expect(error([("x.rules", "rule r -> time: (now|today => now\n")])?.message == "unclosed '('")
        #expect(error([("x.rules", "rule r time: now => now\n")])?.message.contains("'-> category:'") == true)
        #expect(error([("x.rules", "rule r -> time: now\n")])?.message.contains("needs '=> operator") == true)
        #expect(error([("x.rules", "rule r -> time: <num:9-1> => now\n")])?.message.contains("bad value range") == true)
        #expect(error([("x.lex", "monday = 1\n")])?.message == "lexicon entry before any [category] section")
        #expect(error([("x.lex", "[weekday\n")])?.message == "section header must end with ']'")
        #expect(error([("x.rules", "rule r -> time latnt: now => now\n")])?.message.contains("unknown rule flag 'latnt'") == true)
        #expect(error([("x.rules", "rule r -> time alone: now => now\n")])?.message.contains("'alone' is for latent rules") == true)
        #expect(error([("x.rules", "rule r -> time latnt: now => now\n")])?.message.contains("known: latent, alone, after-said") == true)
        // A glue mark or an optional mark with no element of its own (these used to crash).
        #expect(error([("x.rules", "rule r -> time: ~ => now\n")])?.message.hasPrefix("'~' must be followed directly by an element") == true)
        #expect(error([("x.rules", "rule r -> time: now ~ tomorrow => now\n")])?.location?.column == 21)
        #expect(error([("x.rules", "rule r -> time: now ? => now\n")])?.message == "expected an element, found ''")
    }

    @Test func directoryErrors() throws {
        #expect(throws: GrammarError.self) {
            try GrammarLoader.load(directories: [URL(fileURLWithPath: "/nonexistent/grammar")], locale: "en")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-grammar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data([0xFF, 0xFE, 0x41]).write(to: dir.appendingPathComponent("bad.rules"))
        do {
            _ = try GrammarLoader.load(directories: [dir], locale: "en")
            Issue.record("invalid UTF-8 should fail")
        } catch let e as GrammarError {
            #expect(e.message == "grammar file is not valid UTF-8")
            #expect(e.location?.file.hasSuffix("bad.rules") == true)
        }
    }

    @Test func hashInsideACategoryIsNotAComment() throws {
        let g = try load([("x.rules", "rule r -> tod: <num#2:0-23> # a comment\n".replacingOccurrences(of: "# a comment", with: "=> clock($1) # a comment"))])
        #expect(g.rules[0].patternText == "<num#2:0-23>")
    }
}

@Suite struct ChartParserTests {
    func atoms(_ text: String) throws -> [Atom] {
        TokenizeStage.atoms(of: try Tokenizer(locale: "en").tokenize(text))
    }

    @Test func latentItemsAreNotReportedAlone() throws {
        let result = try Fixture.parse("3 apples, 2 pears", now: "2026-07-10T12:30:00", tz: "Australia/Sydney")
        #expect(result.event == nil)
        #expect(result.ambiguityIDs == ["no-time"])
    }

    /// A latent rule flagged `alone` ("summer", "Q4") is read when it is all the text says,
    /// and only then.
    @Test func aloneRulesAreReadOnlyByThemselves() throws {
        let summer = try Fixture.parse("Summer!", now: "2026-03-10T10:00:00", tz: "America/New_York")
        let event = try #require(summer.event)
        #expect(event.allDay)
        #expect(event.start.map(summer.context.zone.iso) == "2026-06-21T00:00:00-04:00")
        let q4 = try Fixture.parse("Q4", now: "2026-03-10T10:00:00", tz: "America/New_York")
        #expect(q4.event?.allDay == true)
        for text in ["Summer camp sign-up", "Q4 planning", "spring cleaning"] {
            #expect(try Fixture.parse(text, now: "2026-03-10T10:00:00", tz: "America/New_York").event == nil, "\(text)")
        }
    }

    @Test func rulesCompose() throws {
        let parser = ChartParser(grammar: Fixture.grammar)
        let chart = parser.parse(try atoms("next Tue 1pm"))
        let time = Fixture.grammar.categoryID("time")!
        let whole = chart.items.filter { $0.start == 0 && $0.end == chart.atoms.count && !$0.latent && Fixture.grammar.isKind($0.category, of: time) }
        #expect(!whole.isEmpty)
    }

    @Test func adversarialInputIsBounded() throws {
        // 100 KB of dates, numbers and ranges: the budget keeps the chart linear.
        var text = ""
        let pieces = ["3/5", "2-4pm", "12", "1 2 3 4", "Mon-Wed", "March 3 to 5", "9:30 - 11:00", "2026-04-01", "next next next Tue", "from 10 to 11:30", "the 21st", "-", "to"]
        var i = 0
        while text.utf8.count < 100_000 { text += pieces[i % pieces.count] + " "; i += 1 }
        let a = try atoms(text)
        let budget = ParseBudget()
        let chart = ChartParser(grammar: Fixture.grammar).parse(a, budget: budget)
        #expect(chart.items.count <= budget.baseItems + budget.itemsPerAtom * a.count)
        // The whole pipeline answers with a sane event.
        let result = try Fixture.parse(text, now: "2026-03-11T09:15:00", tz: "Asia/Tokyo")
        #expect(result.state.spans.contains { $0.field == "start" })
    }
}
