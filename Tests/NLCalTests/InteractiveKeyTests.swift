import Testing
@testable import NLCal

/// Key decoding from raw terminal bytes, and the line editor's keys.
@Suite("Interactive: keys")
struct InteractiveKeyTests {
    func decode(_ bytes: [UInt8]) -> [Key] {
        var d = KeyDecoder()
        return d.feed(bytes) + d.flush()
    }

    @Test func printableAndUTF8() {
        #expect(decode(Array("at 9".utf8)) == [.char("a"), .char("t"), .char(" "), .char("9")])
        #expect(decode(Array("é東".utf8)) == [.char("é"), .char("東")])
    }

    @Test func controlKeys() {
        #expect(decode([0x0D]) == [.enter])
        #expect(decode([0x0D, 0x0A]) == [.enter])
        #expect(decode([0x0A]) == [.enter])
        #expect(decode([0x09]) == [.tab])
        #expect(decode([0x7F]) == [.backspace])
        #expect(decode([0x08]) == [.backspace])
        #expect(decode([0x03]) == [.ctrl("c")])
        #expect(decode([0x15, 0x17, 0x01, 0x05]) == [.ctrl("u"), .ctrl("w"), .ctrl("a"), .ctrl("e")])
    }

    @Test func escapeSequences() {
        #expect(decode(Array("\u{1B}[D\u{1B}[C\u{1B}[A\u{1B}[B".utf8)) == [.left, .right, .up, .down])
        #expect(decode(Array("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF".utf8)) == [.home, .end, .home, .end])
        #expect(decode(Array("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~".utf8)) == [.home, .end, .home, .end])
        #expect(decode(Array("\u{1B}[3~".utf8)) == [.delete])
        #expect(decode(Array("\u{1B}[Z".utf8)) == [.backTab])
        #expect(decode(Array("\u{1B}[1;5D".utf8)) == [.left])  // Ctrl-Left: moves like Left
        #expect(decode(Array("\u{1B}[15~".utf8)) == [.unknown(Array("\u{1B}[15~".utf8))])  // F5
    }

    @Test func altKeys() {
        #expect(decode(Array("\u{1B}1\u{1B}9".utf8)) == [.alt("1"), .alt("9")])
        #expect(decode([0x1B, 0x7F]) == [.ctrl("w")])
    }

    @Test func loneEscapeWaitsForFlush() {
        var d = KeyDecoder()
        #expect(d.feed([0x1B]) == [])
        #expect(d.hasPending)
        #expect(d.flush() == [.escape])
        #expect(!d.hasPending)
        // Esc pressed twice in one read: two escapes.
        #expect(decode([0x1B, 0x1B]) == [.escape, .escape])
    }

    @Test func sequencesSplitAcrossReads() {
        var d = KeyDecoder()
        #expect(d.feed([0x1B, 0x5B]) == [])
        #expect(d.feed([0x44, 0x61]) == [.left, .char("a")])
        let bytes = Array("東".utf8)
        #expect(d.feed([bytes[0]]) == [])
        #expect(d.feed(Array(bytes[1...])) == [.char("東")])
    }

    @Test func invalidBytesDoNotStopDecoding() {
        #expect(decode([0xFF, 0x61]) == [.unknown([0xFF]), .char("a")])
        #expect(decode([0x80, 0x62]) == [.unknown([0x80]), .char("b")])
    }

    @Test func bracketedPasteIsTextEvenAcrossReads() {
        #expect(decode(Array("a\u{1B}[200~Lunch\ntomorrow\r\n\tnoon\u{1B}[201~\r".utf8))
            == [.char("a"), .paste("Lunch tomorrow noon"), .enter])
        var d = KeyDecoder()
        #expect(d.feed(Array("\u{1B}[20".utf8)) == [])
        #expect(d.feed(Array("0~Lunch at 1".utf8)) == [])
        #expect(d.feed(Array("2\u{1B}[20".utf8)) == [])
        #expect(d.feed(Array("1~x".utf8)) == [.paste("Lunch at 12"), .char("x")])
        var e = LineEditor("at ")
        #expect(e.apply(.paste("noon")) == true)
        #expect(e.text == "at noon")
    }

    @Test func lineEditorKeys() {
        var e = LineEditor("lunch at noon")
        #expect(e.cursor == 13)
        #expect(e.apply(.ctrl("w")) == true)
        #expect(e.text == "lunch at ")
        #expect(e.apply(.ctrl("w")) == true)
        #expect(e.text == "lunch ")
        #expect(e.apply(.home) == false)
        #expect(e.cursor == 0)
        #expect(e.apply(.delete) == true)
        #expect(e.text == "unch ")
        #expect(e.apply(.char("L")) == true)
        #expect(e.text == "Lunch ")
        #expect(e.apply(.ctrl("e")) == false)
        #expect(e.apply(.left) == false)
        #expect(e.apply(.left) == false)
        #expect(e.apply(.backspace) == true)
        #expect(e.text == "Lunh ")
        #expect(e.apply(.ctrl("u")) == true)
        #expect(e.text == "h ")
        #expect(e.cursor == 0)
        #expect(e.apply(.backspace) == false)
        #expect(e.apply(.ctrl("a")) == false)
        #expect(e.apply(.tab) == nil)  // not an editing key
    }
}
