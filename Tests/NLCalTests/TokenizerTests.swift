import Testing
@testable import NLCal

/// Tokens as (normalized text, kind) pairs: the shape most tests assert on.
private func tokens(_ text: String, _ tokenizer: Tokenizer? = nil) throws -> [String] {
    try (tokenizer ?? Tokenizer()).tokenize(text).map { "\($0.text)|\($0.kind.rawValue)" }
}

/// "original|kind" for each token, readable in a failure message.
private func summary(_ tokens: [Token]) -> [String] {
    tokens.map { "\($0.original)|\($0.kind.rawValue)" }
}

private func texts(_ text: String) throws -> [String] {
    try Tokenizer().tokenize(text).map(\.text)
}

/// "text|kind@lower-upper" for each piece of the single token `text` must produce.
private func pieces(_ text: String) throws -> [String] {
    let result = try Tokenizer().tokenize(text)
    #expect(result.count == 1, "\(text) should be one token, got \(result.map(\.original))")
    return result.first?.pieces.map { "\($0.text)|\($0.kind.rawValue)@\($0.range.lowerBound)-\($0.range.upperBound)" } ?? []
}

/// Checks the structural promises on any input: tokens in order, ranges within the input and not
/// overlapping, every non-whitespace scalar covered, originals matching their ranges, pieces
/// tiling their token, and the token text being the concatenation of the piece texts.
private func checkInvariants(_ input: String, _ result: [Token], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let scalars = Array(input.unicodeScalars)
    var covered = [Bool](repeating: false, count: scalars.count)
    var previousEnd = 0
    for token in result {
        #expect(token.range.lowerBound >= previousEnd, "overlap at \(token.range)", sourceLocation: sourceLocation)
        #expect(!token.range.isEmpty && token.range.upperBound <= scalars.count, sourceLocation: sourceLocation)
        guard !token.range.isEmpty, token.range.upperBound <= scalars.count else { return }
        previousEnd = token.range.upperBound
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[token.range])
        #expect(String(view) == token.original, sourceLocation: sourceLocation)
        for k in token.range { covered[k] = true }
        let before = token.range.lowerBound == 0 || scalars[token.range.lowerBound - 1].properties.isWhitespace
            || [0x200B, 0x2060, 0xFEFF].contains(scalars[token.range.lowerBound - 1].value)
        #expect(token.spaceBefore == before, "spaceBefore of \(token.original)", sourceLocation: sourceLocation)
        var pieceEnd = token.range.lowerBound
        for piece in token.pieces {
            #expect(piece.range.lowerBound == pieceEnd, "pieces of \(token.original)", sourceLocation: sourceLocation)
            pieceEnd = piece.range.upperBound
            if piece.kind == .digits {
                #expect(piece.text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }, sourceLocation: sourceLocation)
            }
        }
        #expect(pieceEnd == token.range.upperBound, "pieces of \(token.original)", sourceLocation: sourceLocation)
        #expect(token.pieces.map(\.text).joined() == token.text, sourceLocation: sourceLocation)
    }
    for (k, scalar) in scalars.enumerated() where !covered[k] {
        let isSpace = scalar.properties.isWhitespace || [0x200B, 0x2060, 0xFEFF].contains(scalar.value)
        #expect(isSpace, "scalar \(k) (U+\(String(scalar.value, radix: 16))) not in any token", sourceLocation: sourceLocation)
    }
}

/// Sentences in the style of the corpora, used by the property tests.
private let sampleSentences = [
    "Lunch with Alex next Tue 1pm @Shibuya",
    "Ramen with Takumi tomorrow 12:15 @Ichiran Shibuya",
    "Training Mon–Wed in Leeds",
    "Office closed Dec 31 - Jan 1",
    "Ski trip to Thredbo 18–22 August",
    "Fri, Jul 18, 2014 07:00 PM",
    "2015-03-28 17:00:00/2015-03-29 21:00:00",
    "tomorrow in between 1-2:30 ish",
    "330 p.m. or 3p.m. or 3:30 p m",
    "in 1/4h, in 2.5 hours, at 15h30, 18q4, 14april 2015",
    "for 30' starting from 4pm",
    "Call jamie@example.com re: https://zoom.us/j/123?pwd=x (or zoom.us/j/123).",
    "Kevin's party at St Luke's o'clock twenty-first check-in week-end",
    "9-9:45 12:30am–4:30am 13:00-15:00 Feb 21–23 2026-04-01 2014-10 31-Oct-74",
    "last MLK Jr. day; this week-end; a.m. e.g. i.e.",
    "foo_bar __init__ a_1 ___ x@ y @ 3pm @3pm",
    "\"quoted\" 'single' (parens) [brackets] {braces} <angle> $5 +1 100% #tag",
    "Meeting!!! Really?? ... -- --- ,,,",
    "mother-in-law's check-in-desk x-ray 1-on-1 3-day",
    "Re:Meeting a:b 1:2:3 1,000 1.000,5 v1.2.3",
]

@Suite("Tokenizer")
struct TokenizerTests {
    // MARK: - Basics

    @Test func typicalSentence() throws {
        let result = try Tokenizer().tokenize("Lunch with Alex next Tue 1pm @Shibuya")
        #expect(result.map(\.text) == ["lunch", "with", "alex", "next", "tue", "1pm", "@shibuya"])
        #expect(result.map(\.original) == ["Lunch", "with", "Alex", "next", "Tue", "1pm", "@Shibuya"])
        #expect(result.map(\.kind) == [.word, .word, .word, .word, .word, .compound, .mention])
        #expect(result.map(\.range) == [0..<5, 6..<10, 11..<15, 16..<20, 21..<24, 25..<28, 29..<37])
        #expect(result.allSatisfy { $0.spaceBefore })
        #expect(result[5].pieces == [
            Piece(text: "1", range: 25..<26, kind: .digits), Piece(text: "pm", range: 26..<28, kind: .letters),
        ])
    }

    @Test func emptyAndWhitespaceOnly() throws {
        let tokenizer = try Tokenizer()
        #expect(tokenizer.tokenize("").isEmpty)
        #expect(tokenizer.tokenize(" ").isEmpty)
        #expect(tokenizer.tokenize(" \t\n\r\u{0B}\u{0C}\u{00A0}\u{3000}\u{2003}\u{200B}\u{FEFF}").isEmpty)
    }

    @Test func whitespaceSetsSpaceBefore() throws {
        let result = try Tokenizer().tokenize("  a,b\tc\u{3000}d\u{00A0}e\nf")
        #expect(result.map(\.original) == ["a", ",", "b", "c", "d", "e", "f"])
        #expect(result.map(\.spaceBefore) == [true, false, false, true, true, true, true])
        #expect(result.map(\.range.lowerBound) == [2, 3, 4, 6, 8, 10, 12])
        let first = try Tokenizer().tokenize("x")
        #expect(first.map(\.spaceBefore) == [true])
    }

    @Test func punctuationIsSplitOff() throws {
        #expect(try tokens("Hello, world! (really?) \"yes\"") == [
            "hello|word", ",|punctuation", "world|word", "!|punctuation", "(|punctuation", "really|word",
            "?|punctuation", ")|punctuation", "\"|punctuation", "yes|word", "\"|punctuation",
        ])
        #expect(try tokens("$5 +1 a=b") == [
            "$|symbol", "5|number", "+|symbol", "1|number", "a|word", "=|symbol", "b|word",
        ])
        #expect(try tokens("wow!!") == ["wow|word", "!|punctuation", "!|punctuation"])
    }

    @Test func reusingOneTokenizerGivesTheSameResults() throws {
        let tokenizer = try Tokenizer()
        let first = sampleSentences.map { tokenizer.tokenize($0) }
        let again = sampleSentences.map { tokenizer.tokenize($0) }
        #expect(first == again)
        #expect(first == sampleSentences.map { (try? Tokenizer().tokenize($0)) ?? [] })
    }

    // MARK: - Compounds and numbers

    @Test(arguments: [
        ("1pm", "1pm", Token.Kind.compound), ("3:30pm", "3:30pm", .compound), ("13:00", "13:00", .compound),
        ("3/5", "3/5", .compound), ("2026-04-01", "2026-04-01", .compound), ("10.31.1974", "10.31.1974", .compound),
        ("15h30", "15h30", .compound), ("18q4", "18q4", .compound), ("14april", "14april", .compound),
        ("11.30", "11.30", .compound), ("4p", "4p", .compound), ("31-Oct-74", "31-oct-74", .compound),
        ("9:01:10", "9:01:10", .compound), ("2026", "2026", .number), ("2014-10", "2014-10", .compound),
        ("3/3/2015", "3/3/2015", .compound), ("2015-3-3", "2015-3-3", .compound), ("14-07-2026", "14-07-2026", .compound),
        ("1/4h", "1/4h", .compound), ("2.5", "2.5", .compound), ("3:15PM", "3:15pm", .compound),
        ("12:15p", "12:15p", .compound), ("3p.m", "3p.m", .compound), ("Q4", "q4", .compound),
        ("2026-04-01T10:00", "2026-04-01t10:00", .compound), ("3-day", "3-day", .compound),
    ])
    func compoundIsOneToken(input: String, text: String, kind: Token.Kind) throws {
        let result = try Tokenizer().tokenize(input)
        #expect(result.map(\.text) == [text])
        #expect(result.map(\.kind) == [kind])
        #expect(result.map(\.range) == [0..<input.unicodeScalars.count])
    }

    @Test func trailingSentencePunctuationIsNotPartOfACompound() throws {
        #expect(try tokens("at 3pm.") == ["at|word", "3pm|compound", ".|punctuation"])
        #expect(try tokens("3:30, then") == ["3:30|compound", ",|punctuation", "then|word"])
        #expect(try tokens("2026-04-01.") == ["2026-04-01|compound", ".|punctuation"])
        #expect(try tokens("at 11. Then") == ["at|word", "11|number", ".|punctuation", "then|word"])
        #expect(try tokens("3p.m.") == ["3p.m|compound", ".|punctuation"])
        #expect(try tokens("(3pm)") == ["(|punctuation", "3pm|compound", ")|punctuation"])
        #expect(try tokens("3.Then") == ["3|number", ".|punctuation", "then|word"])
        #expect(try tokens("1,000") == ["1|number", ",|punctuation", "000|number"])
    }

    @Test func dashBetweenTimesIsItsOwnToken() throws {
        #expect(try texts("9-9:45") == ["9", "-", "9:45"])
        #expect(try texts("13:00-15:00") == ["13:00", "-", "15:00"])
        #expect(try texts("12:30am–4:30am") == ["12:30am", "-", "4:30am"])
        #expect(try texts("Feb 21–23") == ["feb", "21", "-", "23"])
        #expect(try texts("3-4pm") == ["3", "-", "4pm"])
        #expect(try texts("15h30-18h") == ["15h30", "-", "18h"])
        #expect(try texts("1-2:30") == ["1", "-", "2:30"])
        #expect(try texts("2026-2027") == ["2026", "-", "2027"])
        #expect(try texts("3/5-3/7") == ["3/5", "-", "3/7"])
        #expect(try texts("2026-04-01T10:00-11:00") == ["2026-04-01t10:00", "-", "11:00"])
        #expect(try texts("17:00:00/2015-03-29") == ["17:00:00", "/", "2015-03-29"])
        #expect(try tokens("2026-04-01-ish") == ["2026-04-01|compound", "-|punctuation", "ish|word"])
        #expect(try tokens("3pm-ish") == ["3pm-ish|compound"])
        let range = try Tokenizer().tokenize("9-9:45")
        #expect(range.map(\.kind) == [.number, .punctuation, .compound])
        #expect(range.map(\.range) == [0..<1, 1..<2, 2..<6])
        #expect(range.map(\.spaceBefore) == [true, false, false])
        let dash = try Tokenizer().tokenize("12:30am–4:30am")[1]
        #expect(dash.original == "–" && dash.text == "-" && dash.kind == .punctuation)
    }

    @Test func datesWithDashesStayWhole() throws {
        #expect(try texts("2026-04-01 2014-10 31-Oct-74 14-07-2026 31-Oct") == [
            "2026-04-01", "2014-10", "31-oct-74", "14-07-2026", "31-oct",
        ])
    }

    @Test func compoundPieces() throws {
        #expect(try pieces("3:30pm") == ["3|digits@0-1", ":|other@1-2", "30|digits@2-4", "pm|letters@4-6"])
        #expect(try pieces("14april") == ["14|digits@0-2", "april|letters@2-7"])
        #expect(try pieces("31-Oct-74") == [
            "31|digits@0-2", "-|other@2-3", "oct|letters@3-6", "-|other@6-7", "74|digits@7-9",
        ])
    }

    @Test func digitsOfOtherScriptsBecomeASCII() throws {
        let result = try Tokenizer().tokenize("٣:٣٠ ३")
        #expect(result.map(\.text) == ["3:30", "3"])
        #expect(result.map(\.kind) == [.compound, .number])
    }

    // MARK: - Words

    @Test func hyphenatedWordsStayOneWord() throws {
        #expect(try tokens("check-in twenty-first week-end Eid al-Fitr mother-in-law") == [
            "check-in|word", "twenty-first|word", "week-end|word", "eid|word", "al-fitr|word", "mother-in-law|word",
        ])
        #expect(try pieces("check-in") == ["check|letters@0-5", "-|other@5-6", "in|letters@6-8"])
        // A dash between words is a range, not a hyphen.
        #expect(try texts("Mon–Wed") == ["mon", "-", "wed"])
        #expect(try texts("pre-2020") == ["pre", "-", "2020"])
        #expect(try texts("-in- a--b") == ["-", "in", "-", "a", "-", "-", "b"])
    }

    @Test func apostrophesStayInsideWords() throws {
        #expect(try tokens("Kevin's o'clock St Luke's Kevin’s") == [
            "kevin's|word", "o'clock|word", "st|word", "luke's|word", "kevin's|word",
        ])
        #expect(try pieces("o'clock") == ["o|letters@0-1", "'|other@1-2", "clock|letters@2-7"])
        let typographic = try Tokenizer().tokenize("Kevin’s")[0]
        #expect(typographic.original == "Kevin’s")
        #expect(typographic.pieces.map(\.text) == ["kevin", "'", "s"])
        #expect(try texts("'quoted'") == ["'", "quoted", "'"])
    }

    @Test func periodsInsideAbbreviationsFollowICU() throws {
        #expect(try texts("330 p.m. a.d. Jr. St.Luke's") == ["330", "p.m", ".", "a.d", ".", "jr", ".", "st.luke's"])
    }

    @Test func typographicQuotesAndDashesAreNormalized() throws {
        let result = try Tokenizer().tokenize("‘hi’ “yo” a — b")
        #expect(result.map(\.text) == ["'", "hi", "'", "\"", "yo", "\"", "a", "-", "b"])
        #expect(result.map(\.original) == ["‘", "hi", "’", "“", "yo", "”", "a", "—", "b"])
    }

    @Test func caseFolding() throws {
        #expect(try texts("TUE Tue tUE ÉTÉ Straße ΣΟΦΙΑ") == ["tue", "tue", "tue", "été", "strasse", "σοφια"])
    }

    // MARK: - E-mails, URLs, mentions

    @Test func emails() throws {
        let result = try Tokenizer().tokenize("Invite jamie@example.com, <jo.doe+cal@mail.example.co.uk>.")
        #expect(result.map(\.text) == ["invite", "jamie@example.com", ",", "<", "jo.doe+cal@mail.example.co.uk", ">", "."])
        #expect(result.map(\.kind) == [.word, .email, .punctuation, .symbol, .email, .symbol, .punctuation])
        #expect(result[1].pieces == [Piece(text: "jamie@example.com", range: 7..<24, kind: .other)])
        let upper = try Tokenizer().tokenize("Jamie@Example.COM")[0]
        #expect(upper.kind == .email && upper.text == "jamie@example.com" && upper.original == "Jamie@Example.COM")
        // Not e-mails: no dot in the domain, no local part.
        #expect(try tokens("foo@bar") == ["foo|word", "@bar|mention"])
        #expect(try tokens("a@ b") == ["a|word", "@|punctuation", "b|word"])
        #expect(try tokens("jo＠example.com") == ["jo@example.com|email"])
    }

    @Test func urls() throws {
        let result = try Tokenizer().tokenize("Join https://zoom.us/j/123?pwd=x, or zoom.us/j/123 (www.x.com/a).")
        #expect(result.map(\.original) == [
            "Join", "https://zoom.us/j/123?pwd=x", ",", "or", "zoom.us/j/123", "(", "www.x.com/a", ")", ".",
        ])
        #expect(result.map(\.kind) == [
            .word, .url, .punctuation, .word, .url, .punctuation, .url, .punctuation, .punctuation,
        ])
        #expect(result[1].pieces == [Piece(text: "https://zoom.us/j/123?pwd=x", range: 5..<32, kind: .other)])
        #expect(try tokens("meet.google.com/abc-defg-hij example.com lu.ma/x") == [
            "meet.google.com/abc-defg-hij|url", "example.com|url", "lu.ma/x|url",
        ])
        #expect(try texts("https://en.wikipedia.org/wiki/Foo_(bar)") == ["https://en.wikipedia.org/wiki/foo_(bar)"])
        #expect(try tokens("HTTP://X.COM/A") == ["http://x.com/a|url"])
        // Not URLs.
        #expect(try tokens("e.g. a.m St.Luke's mr.smith/jones") == [
            "e.g|word", ".|punctuation", "a.m|word", "st.luke's|word", "mr.smith|word", "/|punctuation", "jones|word",
        ])
    }

    @Test func mentions() throws {
        let result = try Tokenizer().tokenize("Dinner @Shibuya, @St.Luke's. Lunch@Café")
        #expect(result.map(\.text) == ["dinner", "@shibuya", ",", "@st.luke's", ".", "lunch", "@café"])
        #expect(result.map(\.kind) == [.word, .mention, .punctuation, .mention, .punctuation, .word, .mention])
        #expect(try pieces("@Shibuya") == ["@|other@0-1", "shibuya|letters@1-8"])
        // "@ 3pm" and "@3pm" mean "at": '@' stays punctuation.
        #expect(try tokens("@ 3pm @3pm") == ["@|punctuation", "3pm|compound", "@|punctuation", "3pm|compound"])
        // In a script without spaces, the mention is the first word.
        #expect(try texts("@渋谷で会議") == ["@渋谷", "で", "会議"])
    }

    // MARK: - Unicode

    @Test func cjkDictionaryBreaking() throws {
        #expect(try texts("会議明日") == ["会議", "明日"])
        let result = try Tokenizer().tokenize("会議明日3時に渋谷で")
        #expect(result.map(\.text) == ["会議", "明日", "3", "時に", "渋谷", "で"])
        #expect(result.map(\.kind) == [.word, .word, .number, .word, .word, .word])
        #expect(result.map(\.range) == [0..<2, 2..<4, 4..<5, 5..<7, 7..<9, 9..<10])
        #expect(result.map(\.spaceBefore) == [true, false, false, false, false, false])
        #expect(try texts("สวัสดีครับ") == ["สวัสดี", "ครับ"])
    }

    @Test func fullWidthDigitsAreNormalizedWithExactOffsets() throws {
        let result = try Tokenizer().tokenize("会議 １３時")
        #expect(result.map(\.text) == ["会議", "13", "時"])
        #expect(result[1].original == "１３")
        #expect(result[1].kind == .number)
        #expect(result[1].range == 3..<5)
        #expect(result[1].pieces == [Piece(text: "13", range: 3..<5, kind: .digits)])
        #expect(result[2].range == 5..<6)
        let time = try Tokenizer().tokenize("１３：３０")
        #expect(time.map(\.text) == ["13:30"])
        #expect(time[0].pieces.map(\.range) == [0..<2, 2..<3, 3..<5])
        #expect(try texts("ＡＢＣ ﬁve") == ["abc", "five"])
    }

    @Test func offsetsAfterMultiScalarCharacters() throws {
        // 👍🏽 is two scalars, 👨‍👩‍👧 five, 🇯🇵 two, é written as e + U+0301 two.
        let input = "👍🏽 at 3pm 👨‍👩‍👧x 🇯🇵! e\u{301}t\u{e9} 😀@Shibuya"
        let result = try Tokenizer().tokenize(input)
        #expect(result.map(\.original) == ["👍🏽", "at", "3pm", "👨‍👩‍👧", "x", "🇯🇵", "!", "e\u{301}t\u{e9}", "😀", "@Shibuya"])
        #expect(result.map(\.range) == [0..<2, 3..<5, 6..<9, 10..<15, 15..<16, 17..<19, 19..<20, 21..<25, 26..<27, 27..<35])
        #expect(result[0].kind == .symbol)
        #expect(result[7].text == "été")
        #expect(result[7].pieces == [Piece(text: "été", range: 21..<25, kind: .letters)])
        #expect(result[9].pieces.map(\.range) == [27..<28, 28..<35])
        checkInvariants(input, result)
    }

    @Test func oddInputDoesNotCrash() throws {
        let tokenizer = try Tokenizer()
        let inputs = [
            "\u{0}", "\u{301}", "\u{200D}", "\u{FE0F}x", "a\u{0}b", "\u{1F}\u{7F}", "\u{FFFF}\u{10FFFF}",
            "\u{D7FF}\u{E000}", "@", "@@@", "...", "-", "1-", "-1", "1:", ":1", "a@b@c.com", "http://", "https://",
            "www.", "x.", ".com", "1/", "//", "::", "@\u{301}", "1\u{FE0F}\u{20E3}", "🇯", "🇯🇵🇺", "\u{AD}",
            "co\u{AD}operate", String(repeating: "\u{301}", count: 50), "\r\n", "a\r\nb",
        ]
        for input in inputs {
            checkInvariants(input, tokenizer.tokenize(input))
        }
        #expect(tokenizer.tokenize("1\u{FE0F}\u{20E3}").first?.text == "1")
        #expect(tokenizer.tokenize("co\u{AD}operate").map(\.text) == ["cooperate"])
    }

    // MARK: - Properties

    @Test func invariantsHoldOnSampleSentences() throws {
        let tokenizer = try Tokenizer()
        for sentence in sampleSentences {
            checkInvariants(sentence, tokenizer.tokenize(sentence))
        }
    }

    @Test func asciiFastPathAgreesWithICU() throws {
        let fast = try Tokenizer()
        let icu = try Tokenizer()
        icu.usesASCIIFastPath = false
        var inputs = sampleSentences
        // Deterministic pseudo-random strings over an alphabet full of joiners and separators.
        let alphabet = Array("aB z9_'.,;:-/@ ()\"!x1".unicodeScalars)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<400 {
            var view = String.UnicodeScalarView()
            for _ in 0..<24 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                view.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            inputs.append(String(view))
        }
        for input in inputs {
            let a = fast.tokenize(input)
            let b = icu.tokenize(input)
            #expect(summary(a) == summary(b), "input: \(input)")
            #expect(a == b)
            checkInvariants(input, a)
        }
    }

    @Test func largeInputsFinishQuickly() throws {
        let tokenizer = try Tokenizer()
        let sentence = "Lunch with Alex next Tue 1pm @Shibuya, 9-9:45 jamie@example.com zoom.us/j/1 会議明日 "
        let inputs = [
            String(repeating: sentence, count: 100_000 / sentence.utf8.count + 1),
            String(repeating: "a.", count: 50_000),                 // one long domain-like run
            String(repeating: "a-", count: 50_000),
            String(repeating: "1-", count: 50_000),                 // one long compound
            String(repeating: "1:", count: 50_000),
            String(repeating: "x@", count: 50_000),                 // e-mail and mention candidates
            String(repeating: "a.b@", count: 25_000),
            String(repeating: "@", count: 100_000),
            String(repeating: "a", count: 100_000),                 // one huge word
            String(repeating: "会議", count: 30_000),
            String(repeating: "https://x.com/", count: 7_000),
        ]
        let clock = ContinuousClock()
        for input in inputs {
            var result: [Token] = []
            let elapsed = clock.measure { result = tokenizer.tokenize(input) }
            // Linear work takes milliseconds even in a debug build; quadratic work would take minutes.
            #expect(elapsed < .seconds(5), "\(input.prefix(12))…: \(elapsed)")
            #expect(!result.isEmpty)
            #expect(result.last?.range.upperBound == input.unicodeScalars.count
                || input.unicodeScalars.last?.properties.isWhitespace == true)
        }
        let huge = tokenizer.tokenize(String(repeating: "1-", count: 50_000))
        #expect(huge.count == 100_000)  // "1", "-" alternating: every dash is between two numbers
    }

    // MARK: - Errors

    @Test func errorDescriptionNamesTheProblem() {
        let error = TokenizerError(
            operation: "cannot open an ICU word break iterator", locale: "xx", icuError: "U_MISSING_RESOURCE_ERROR")
        #expect(error.description
            == "Tokenizer: cannot open an ICU word break iterator for locale \"xx\" (ICU error U_MISSING_RESOURCE_ERROR)")
    }

    @Test func otherLocalesOpen() throws {
        #expect(try Tokenizer(locale: "ja").tokenize("会議明日").map(\.text) == ["会議", "明日"])
        #expect(try Tokenizer(locale: "").tokenize("a b").count == 2)
    }
}

@Suite("Tokenizer character tables")
struct TokenizerTableTests {
    @Test func fastClassificationMatchesUnicodeProperties() {
        var mismatches: [String] = []
        for v in UInt32(0x80)...0x3FFFF where classify(v) != classifyByProperties(v) {
            mismatches.append("U+\(String(v, radix: 16)): \(classify(v)) vs \(classifyByProperties(v))")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func foldInvariantScalarsAreUnchangedByICU() {
        var mismatches: [UInt32] = []
        var source = [UInt16](repeating: 0, count: 2)
        var dest = [UInt16](repeating: 0, count: 16)
        for v in UInt32(0x80)...0xFFFF where isFoldInvariant(v) {
            source[0] = UInt16(v)
            let n = icuNFKCCasefold(source, count: 1, into: &dest, capacity: dest.count)
            if n != 1 || dest[0] != UInt16(v) { mismatches.append(v) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
    }
}
