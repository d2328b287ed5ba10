@testable import NLCal
import Testing

/// `Vocabulary.id` finds ASCII words by their bytes (`ASCIIWordTable`) and everything else in
/// a dictionary; both must give what a `Dictionary<String, _>` lookup gives, Unicode
/// equivalence included.
@Suite struct VocabularyTests {
    func vocabulary(_ lexicon: String) throws -> Vocabulary {
        let g = try GrammarLoader.load(sources: [("w.lex", lexicon, 0)], locale: "en")
        return Vocabulary(grammar: g)
    }

    @Test func everyPieceAndSomeStrangersAgreeWithTheDictionary() throws {
        let v = Vocabulary(grammar: Fixture.grammar)
        for (piece, id) in v.ids { #expect(v.id(piece) == id, "\(piece)") }
        for stranger in ["zzz", "", "Tue", "tuesdays", "3", "日本", "e\u{301}"] {
            #expect(v.id(stranger) == (v.ids[stranger] ?? -1), "\(stranger)")
        }
    }

    @Test func canonicallyEquivalentSpellingsFindTheSameWord() throws {
        let v = try vocabulary("[w]\ncafé | k | ;\n")
        #expect(v.id("café") >= 0)
        #expect(v.id("cafe\u{301}") == v.id("café"))
        #expect(v.id("k") >= 0)
        #expect(v.id(";") >= 0)
        #expect(v.id("\u{37E}") == v.id(";"))   // GREEK QUESTION MARK is a semicolon
    }

    /// A word whose decomposition is ASCII (U+037E, GREEK QUESTION MARK, is ";"): an ASCII ";"
    /// must find it, so the byte table must not answer "absent".
    @Test func anASCIIWordFindsItsNonASCIIEquivalent() throws {
        let v = try vocabulary("[w]\nfoo \u{37E}\n")
        #expect(v.id("\u{37E}") >= 0)
        #expect(v.id(";") == v.id("\u{37E}"))
        #expect(v.id("foo") >= 0)
    }
}
