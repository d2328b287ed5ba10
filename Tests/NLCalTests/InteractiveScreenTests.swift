import Testing
@testable import NLCal

/// Frames of the interactive screen as text: sizes, wrapping at 40 columns, colour on and off.
@Suite("Interactive: screen")
struct InteractiveScreenTests {
    func frame(_ m: InteractiveModel, width: Int = 40, height: Int = 20) -> [String] {
        ScreenRenderer(width: width, height: height).render(m).text(color: false)
    }

    func trimmed(_ lines: [String]) -> String {
        lines.drop(while: \.isEmpty).joined(separator: "\n")
    }

    @Test func previewAt40Columns() throws {
        let m = try InteractiveModelTests.model("Return library books at 9")
        let lines = frame(m)
        #expect(lines.count == 20)
        for l in lines { #expect(TextWidth.of(l) <= 40, "too wide: \(l)") }
        let expected = """
        nlcal · preview
        ────────────────────────────────────────
        Title  Return library books
        When   Thu 12 Mar 2026, 09:00–10:00
               Asia/Tokyo, UTC+09:00
               ! Morning or evening?
               [1 ✓ Tomorrow 09:00]
               [2 Today 21:00]
               ! That time has passed today. Use
                 the next day?
               [3 ✓ Tomorrow 09:00]
               [4 Today 09:00]
        Where  —
        Who    —
        ────────────────────────────────────────
        Enter accept · Alt+1-9 or Tab: chips
        Esc cancel
        > Return library books at 9
        """
        #expect(trimmed(lines) == expected)
        let screen = ScreenRenderer(width: 40, height: 20).render(m)
        #expect(screen.cursorRow == 19)
        #expect(screen.cursorColumn == 2 + 25)
    }

    @Test func wideTerminalPutsChipsOnOneLine() throws {
        var m = try InteractiveModelTests.model("Return library books at 9")
        _ = m.handle(.tab)
        _ = m.handle(.tab)
        let lines = frame(m, width: 80, height: 24)
        #expect(lines.contains("       [1 Tomorrow 09:00] »[2 Today 21:00]") == false)  // 1 is still selected
        #expect(lines.contains("       [1 ✓ Tomorrow 09:00] »[2 Today 21:00]"))
        #expect(lines.last == "> Return library books at 9")
        #expect(lines[lines.count - 2] == "1-9/Enter pick · ←/→ move · Esc back to text")
    }

    @Test func idleAndErrorAndNoTime() throws {
        let idle = try InteractiveModelTests.model()
        let text = trimmed(frame(idle))
        #expect(text.hasPrefix("nlcal · type an event"))
        #expect(text.contains("Lunch with Alex next Tue 1pm @Shibuya"))
        #expect(frame(idle).last == "> ")

        var failing = InteractiveModel(text: "x") { _ in throw CLIStyleError() }
        failing.update()
        #expect(trimmed(frame(failing)).contains("✗ text too long"))

        let noTime = try InteractiveModelTests.model("Dinner with Sam")
        let lines = frame(noTime)
        #expect(lines.contains("nlcal · needs a date or time"))
        #expect(lines.contains("When   —"))
        #expect(lines.contains("       ! No date or time found. When is"))
        #expect(lines.contains("       [1 Today 6pm] [2 Tomorrow 9am]"))
        #expect(lines.contains("       [3 Pick…]"))
    }

    @Test func parsingKeepsThePreviousPreview() throws {
        var m = try InteractiveModelTests.model("Lunch tomorrow")
        _ = m.handle(.char(" "))
        _ = m.handle(.char("a"))
        let lines = frame(m, width: 60, height: 14)
        #expect(lines.contains("nlcal · parsing…"))
        #expect(lines.contains("Title  Lunch"))
        #expect(lines.last == "> Lunch tomorrow a")
    }

    struct CLIStyleError: Error, CustomStringConvertible { var description: String { "text too long" } }

    @Test func pickEntryTakesTheCursor() throws {
        var m = try InteractiveModelTests.model("Dinner with Sam")
        _ = m.handle(.alt("3"))
        for c in "fri" { _ = m.handle(.char(c)) }
        let screen = ScreenRenderer(width: 40, height: 20).render(m)
        let lines = screen.text(color: false)
        #expect(lines[18] == "When? fri")
        #expect(lines[19] == "> Dinner with Sam")
        #expect(screen.cursorRow == 18)
        #expect(screen.cursorColumn == 9)
    }

    @Test func longInputScrollsToKeepTheCursorVisible() throws {
        var m = try InteractiveModelTests.model()
        let text = "Quarterly planning review with the whole platform team in the big room tomorrow 3pm"
        for c in text { _ = m.handle(.char(c)) }
        m.update()
        var screen = ScreenRenderer(width: 40, height: 24).render(m)
        var last = screen.text(color: false).last!
        #expect(last.hasPrefix("> …"))
        #expect(last.hasSuffix("tomorrow 3pm"))
        #expect(TextWidth.of(last) <= 40)
        #expect(screen.cursorColumn == TextWidth.of(last))
        _ = m.handle(.home)
        screen = ScreenRenderer(width: 40, height: 24).render(m)
        last = screen.text(color: false).last!
        #expect(last.hasPrefix("> Quarterly planning"))
        #expect(last.hasSuffix("…"))
        #expect(TextWidth.of(last) <= 40)
        #expect(screen.cursorColumn == 2)
        // The long title wraps instead of running off the edge.
        for l in screen.text(color: false) { #expect(TextWidth.of(l) <= 40, "too wide: \(l)") }
    }

    @Test func shortScreenKeepsInputAndHelp() throws {
        let m = try InteractiveModelTests.model("Return library books at 9")
        let lines = frame(m, width: 40, height: 8)
        #expect(lines.count == 8)
        #expect(lines[3] == "…")
        #expect(lines[4].hasPrefix("────"))
        #expect(lines.last == "> Return library books at 9")
        let tiny = frame(m, width: 40, height: 1)
        #expect(tiny == ["> Return library books at 9"])
    }

    /// Any size, however small: exactly `height` lines, none wider than `width`, the cursor on screen.
    @Test func everySizeFits() throws {
        var models = [try InteractiveModelTests.model(), try InteractiveModelTests.model("Return library books at 9 @東京駅 with Sam")]
        var pick = try InteractiveModelTests.model("Dinner with Sam")
        _ = pick.handle(.alt("3"))
        models.append(pick)
        for m in models {
            for width in 1...45 {
                for height in [1, 2, 3, 5, 8, 13, 30] {
                    let screen = ScreenRenderer(width: width, height: height).render(m)
                    #expect(screen.lines.count == height)
                    for l in screen.lines where l.width > width { Issue.record("\(width)x\(height): too wide: \(l.plain)") }
                    #expect((0..<height).contains(screen.cursorRow) && (0..<width).contains(screen.cursorColumn))
                }
            }
        }
    }

    @Test func colourOnlyWhenAllowed() throws {
        let m = try InteractiveModelTests.model("Return library books at 9")
        let screen = ScreenRenderer(width: 60, height: 20).render(m)
        #expect(screen.text(color: true).joined().contains("\u{1B}["))
        #expect(!screen.text(color: false).joined().contains("\u{1B}"))
        #expect(ColorPolicy.enabled(environment: ["TERM": "xterm-256color"]))
        #expect(!ColorPolicy.enabled(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]))
        #expect(!ColorPolicy.enabled(environment: ["TERM": "dumb"]))
        #expect(!ColorPolicy.enabled(environment: [:]))
    }

    @Test func widthsAndTruncation() {
        #expect(TextWidth.of("東京") == 4)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("…✓–") == 3)
        let line = StyledLine("Lunch with Alex in 東京", .plain)
        let cut = line.truncated(to: 10)
        #expect(cut.plain == "Lunch wit…")
        #expect(StyledLine("東京東京", .plain).truncated(to: 4).plain == "東…")
        #expect(ScreenRenderer.when(EventDraft(start: 0, end: 86_400 * 3, allDay: true), zone: Zone(identifier: "UTC")!)
            == "Thu 1 Jan – Sat 3 Jan 1970, all day")
        #expect(ScreenRenderer.when(EventDraft(start: 82_800, end: 90_000), zone: Zone(identifier: "UTC")!)
            == "Thu 1 Jan 1970, 23:00 – Fri 2 Jan, 01:00")
    }
}
