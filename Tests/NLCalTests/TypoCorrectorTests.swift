import Testing
@testable import NLCal

/// Typos in calendar words: one letter left out or two swapped, in long words of the
/// `typo-tolerant` categories, and nothing else.
struct TypoCorrectorTests {
    let typos = TypoCorrector(grammar: Fixture.grammar)

    @Test func readsALetterLeftOutOrTwoSwapped() {
        #expect(typos.correction(of: "thurday") == "thursday")
        #expect(typos.correction(of: "satuday") == "saturday")
        #expect(typos.correction(of: "fridya") == "friday")
        #expect(typos.correction(of: "haloween") == "halloween")
        #expect(typos.correction(of: "septmber") == "september")
        #expect(typos.correction(of: "evning") == "evening")
        #expect(typos.correction(of: "chinsee") == "chinese")     // a word of a phrase
        #expect(typos.correction(of: "mintues") == "minutes")
    }

    @Test func leavesOtherWordsAlone() {
        // Substitutions, a last letter left out, short words, and words the grammar knows.
        #expect(typos.correction(of: "sundae") == nil)
        #expect(typos.correction(of: "sundry") == nil)
        #expect(typos.correction(of: "ramada") == nil)
        #expect(typos.correction(of: "frida") == nil)
        #expect(typos.correction(of: "resident") == nil)           // a first letter left out
        #expect(typos.correction(of: "mondays") == nil)
        #expect(typos.correction(of: "meeting") == nil)
        #expect(typos.correction(of: "thursday") == nil)
    }

    @Test func readsALetterHeldDown() {
        // A run of three or more, shortened to two letters, else to one.
        #expect(typos.correction(of: "tmrwww") == "tmrw")
        #expect(typos.correction(of: "tonighttt") == "tonight")
        #expect(typos.correction(of: "nooon") == "noon")
        #expect(typos.correction(of: "satttt") == "sat")
        // Not a word the grammar has no reading for, nor a run of two.
        #expect(typos.correction(of: "shhh") == nil)
        #expect(typos.correction(of: "frii") == nil)
    }

    @Test func shorthandTypedInLowerCaseOnly() throws {
        let lower = try Fixture.parse("rave tn 10pm", now: "2026-03-10T10:00:00", tz: "America/Chicago")
        #expect(lower.eventJSON()["title"]?.stringValue == "Rave")
        #expect(lower.eventJSON()["start"]?.stringValue == "2026-03-10T22:00:00-05:00")
        let capitals = try Fixture.parse("Concert in Nashville, TN Fri 8pm", now: "2026-03-10T10:00:00", tz: "America/Chicago")
        #expect(capitals.eventJSON()["start"]?.stringValue == "2026-03-13T20:00:00-05:00")
        #expect(capitals.eventJSON()["location"]?.stringValue == "Nashville, TN")
    }

    @Test func aTypoReachesTheGrammarButNotTheTitle() throws {
        let r = try Fixture.parse("Interview thurday 1pm", now: "2026-03-10T10:00:00", tz: "America/New_York")
        #expect(r.eventJSON()["title"]?.stringValue == "Interview")
        #expect(r.eventJSON()["start"]?.stringValue == "2026-03-12T13:00:00-04:00")
        #expect(r.state.spans.first { $0.field == "start" }?.text == "thurday 1pm")
        // A variant of two spellings of one word ("tomorrow", "tmorrow") is no clash.
        let t = try Fixture.parse("Call tomrrow", now: "2026-03-10T10:00:00", tz: "America/New_York")
        #expect(t.eventJSON()["start"]?.stringValue == "2026-03-11T00:00:00-04:00")
    }
}
