import Foundation

/// A frame of the interactive screen: exactly `height` lines, none wider than the width,
/// and where the terminal cursor goes (0-based row and column).
public struct Screen: Sendable, Equatable {
    public var lines: [StyledLine]
    public var cursorRow: Int
    public var cursorColumn: Int

    /// The lines as the terminal gets them (with SGR codes when `color`), or as plain text.
    public func text(color: Bool) -> [String] { lines.map { $0.rendered(color: color) } }
}

/// Draws an `InteractiveModel` for a terminal of a given size: the panel (the state, the
/// event's fields with their validation hints and chips as numbered buttons, notices, key
/// help) sits on top of the input line, which is always the last line.
///
/// Pure: the same model and size give the same frame, so tests check frames as text.
/// Lines that do not fit are wrapped at spaces (values) or cut with "…" (everything else);
/// when the panel is taller than the screen its end is cut, never the input line or help.
public struct ScreenRenderer: Sendable {
    public var width: Int
    public var height: Int

    /// Width of the field labels column ("When   ").
    static let labelWidth = 7
    public static let examples = ["Lunch with Alex next Tue 1pm @Shibuya", "Dentist tomorrow 9:30 for 45 min"]

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    public func render(_ m: InteractiveModel) -> Screen {
        var body = header(m)
        body += panel(m)
        if let notice = m.notice { body += wrap(notice, style: .warn, indent: 0) }

        var footer: [StyledLine] = [rule()]
        footer += help(m)
        var cursor = (row: 0, col: 0)
        if m.focus == .pick {
            let (line, col) = editor(prompt: "When? ", m.pickInput)
            footer.append(line)
            cursor = (footer.count - 1, col)
            let (main, _) = editor(prompt: "> ", m.input, dimmed: true)
            footer.append(main)
        } else {
            let (line, col) = editor(prompt: "> ", m.input)
            footer.append(line)
            cursor = (footer.count - 1, col)
        }

        // Fit: the footer wins; the panel loses its end (marked) when the screen is short.
        if footer.count > height {
            let drop = footer.count - height
            footer.removeFirst(drop)
            cursor.row -= drop
            body = []
        }
        let room = height - footer.count
        if body.count > room {
            body = Array(body.prefix(room))
            if room > 0 { body[room - 1] = StyledLine("…", .dim) }
        }
        var lines = Array(repeating: StyledLine(), count: room - body.count) + body + footer
        lines = lines.map { $0.truncated(to: width) }
        let row = max(0, height - footer.count + cursor.row)
        return Screen(lines: lines, cursorRow: row, cursorColumn: min(cursor.col, width - 1))
    }

    // MARK: Parts

    func header(_ m: InteractiveModel) -> [StyledLine] {
        var line = StyledLine("nlcal", .bold)
        let status: (String, TextStyle)
        switch m.phase {
        case .idle: status = ("type an event", .dim)
        case .parsing: status = ("parsing…", .dim)
        case .preview: status = m.event == nil ? ("needs a date or time", .warn) : ("preview", .accent)
        case .saving: status = ("saving…", .accent)
        case .saved: status = ("saved ✓", .selected)
        case .error: status = ("error", .error)
        }
        line.append(" · ", .dim)
        line.append(status.0, status.1)
        return [line, rule()]
    }

    func panel(_ m: InteractiveModel) -> [StyledLine] {
        switch m.phase {
        case .idle:
            var out = wrap("Type an event and press Enter. For example:", style: .plain, indent: 0)
            for e in Self.examples { out += wrap(e, style: .dim, indent: 2) }
            return out
        case .error(let message):
            return wrap("✗ " + message, style: .error, indent: 2) + wrap("Edit the text to try again.", style: .dim, indent: 0)
        case .parsing, .preview, .saving, .saved:
            guard let result = m.result else {
                return m.phase == .parsing ? [StyledLine("Parsing…", .dim)] : []
            }
            var out = eventFields(m, result)
            if m.phase == .saved { out += wrap("✓ Saved: the event was written to stdout.", style: .selected, indent: 0) }
            return out
        }
    }

    func eventFields(_ m: InteractiveModel, _ result: ParseResult) -> [StyledLine] {
        let zone = result.context.zone
        let ev = m.event
        let draft = ev ?? result.state.event
        var out: [StyledLine] = []
        var shown = Set<Int>()
        func hints(for fields: Set<String>) -> [StyledLine] {
            var lines: [StyledLine] = []
            for (i, a) in result.state.ambiguities.enumerated() where fields.contains(a.field) && !shown.contains(i) {
                shown.insert(i)
                lines += ambiguity(m, index: i, a)
            }
            return lines
        }

        out += field("Title", draft.title.isEmpty ? "(no title)" : draft.title, style: draft.title.isEmpty ? .dim : .title)
        out += hints(for: ["title", "notes"])
        if let ev, ev.start != nil {
            out += field("When", Self.when(ev, zone: zone), style: .plain)
            out += field("", "\(zone.identifier), UTC\(Zone.formatOffset(zone.offset(at: ev.start ?? result.context.now)))", style: .dim)
        } else {
            out += field("When", "—", style: .warn)  // the no-time hint below says why
        }
        out += hints(for: ["start", "end", "allDay", "time", "timeZone"])
        out += field("Where", draft.location ?? "—", style: draft.location == nil ? .dim : .plain)
        out += hints(for: ["location"])
        let who = draft.attendees.map { a -> String in
            switch (a.name, a.email) {
            case (let n?, let e?): return "\(n) <\(e)>"
            case (let n?, nil): return n
            case (nil, let e?): return e
            default: return "?"
            }
        }
        out += field("Who", who.isEmpty ? "—" : who.joined(separator: ", "), style: who.isEmpty ? .dim : .plain)
        out += hints(for: ["attendees"])
        if let r = draft.recurrence { out += field("Repeat", r, style: .plain) }
        out += hints(for: ["recurrence"])
        if let n = draft.notes { out += field("Notes", n, style: .plain) }
        // Whatever field the remaining hints name, they still show.
        let rest = Set(result.state.ambiguities.map(\.field))
        let others = hints(for: rest)
        if !others.isEmpty { out += field("Hints", "", style: .plain) + others }
        return out
    }

    /// A validation hint (the ambiguity's message) and its chips as numbered buttons.
    func ambiguity(_ m: InteractiveModel, index: Int, _ a: Ambiguity) -> [StyledLine] {
        var lines = wrap("! " + a.message, style: .warn, indent: Self.labelWidth, hanging: 2)
        let slots = m.chips.enumerated().filter { $0.element.ambiguity == index }
        var buttons: [StyledLine] = []
        for (flat, slot) in slots {
            let chip = a.chips[slot.chip]
            let focused = m.focus == .chip(flat)
            let selected = m.isSelected(slot)
            var b = StyledLine()
            b.append(focused ? "»[" : "[", focused ? .focused : .plain)
            b.append(slot.number.map(String.init) ?? "·", focused ? .focused : .accent)
            if selected { b.append(" ✓", focused ? .focused : .selected) }
            var label = chip.label
            if selected, chip.id.hasSuffix(InteractiveModel.pickSuffix), let p = m.picked { label += " " + p.text }
            b.append(" " + label, focused ? .focused : (selected ? .selected : .plain))
            b.append("]", focused ? .focused : .plain)
            buttons.append(b)
        }
        // Buttons flow left to right and wrap; a button wider than the room is cut.
        let indent = min(Self.labelWidth, max(0, width - 12))
        let room = max(1, width - indent)
        var row = StyledLine(String(repeating: " ", count: indent))
        var rowWidth = 0
        for b in buttons {
            let button = b.truncated(to: room)
            let w = button.width
            if rowWidth > 0 && rowWidth + 1 + w > room {
                lines.append(row)
                row = StyledLine(String(repeating: " ", count: indent))
                rowWidth = 0
            }
            if rowWidth > 0 { row.append(" "); rowWidth += 1 }
            row.pieces += button.pieces
            rowWidth += w
        }
        if rowWidth > 0 { lines.append(row) }
        return lines
    }

    func help(_ m: InteractiveModel) -> [StyledLine] {
        let items: [String]
        switch m.focus {
        case .input:
            var i = ["Enter accept"]
            if !m.chips.isEmpty { i += ["Alt+1-9 or Tab: chips"] }
            i += ["Esc cancel"]
            items = i
        case .chip: items = ["1-9/Enter pick", "←/→ move", "Esc back to text"]
        case .pick: items = ["Type a date/time (fri 3pm)", "Enter apply", "Esc back"]
        }
        // Items are never split; a line holds as many as fit.
        var lines: [StyledLine] = []
        var current = ""
        for item in items {
            let next = current.isEmpty ? item : current + " · " + item
            if TextWidth.of(next) > width && !current.isEmpty {
                lines.append(StyledLine(current, .dim))
                current = item
            } else {
                current = next
            }
        }
        if !current.isEmpty { lines.append(StyledLine(current, .dim)) }
        return lines
    }

    /// An input line: prompt, then the text scrolled so the cursor stays visible ("…" marks
    /// text off either edge). Returns the line and the cursor's column.
    func editor(prompt: String, _ e: LineEditor, dimmed: Bool = false) -> (StyledLine, Int) {
        let promptWidth = TextWidth.of(prompt)
        let chars = e.characters
        let widths = chars.map { TextWidth.of($0) }
        let avail = max(2, width - promptWidth - 1)  // one column for the cursor past the end
        func span(_ r: Range<Int>) -> Int { widths[r].reduce(0, +) }
        var start = 0
        if span(0..<e.cursor) > avail - 1 {
            start = e.cursor
            var w = 0
            while start > 0 && w + widths[start - 1] <= avail - 2 { start -= 1; w += widths[start] }
        }
        let leftMark = start > 0
        let room = avail - (leftMark ? 1 : 0)
        var end = start
        var used = 0
        while end < chars.count && used + widths[end] <= room { used += widths[end]; end += 1 }
        let rightMark = end < chars.count
        if rightMark {
            while end > max(start, e.cursor) && used + 1 > room { end -= 1; used -= widths[end] }
        }
        var line = StyledLine(prompt, dimmed ? .dim : .accent)
        if leftMark { line.append("…", .dim) }
        line.append(String(chars[start..<end]), dimmed ? .dim : .plain)
        if rightMark { line.append("…", .dim) }
        let col = promptWidth + (leftMark ? 1 : 0) + span(start..<e.cursor)
        return (line, col)
    }

    // MARK: Text helpers

    func rule() -> StyledLine { StyledLine(String(repeating: "─", count: width), .dim) }

    /// A labelled field: the label column, then the value wrapped under itself.
    func field(_ label: String, _ value: String, style: TextStyle) -> [StyledLine] {
        let indent = width >= 24 ? Self.labelWidth : 0
        let lines = wrapText(value, width: max(1, width - indent))
        var out: [StyledLine] = []
        if indent == 0 && !label.isEmpty { out.append(StyledLine(label, .dim)) }
        for (i, text) in lines.enumerated() {
            let prefix = i == 0 && indent > 0 ? label.padding(toLength: indent, withPad: " ", startingAt: 0) : String(repeating: " ", count: indent)
            var line = StyledLine(prefix, .dim)
            line.append(text, style)
            out.append(line)
        }
        return out
    }

    /// Text wrapped at spaces to the screen width after `indent` columns; continuation lines
    /// get `hanging` more columns.
    func wrap(_ text: String, style: TextStyle, indent: Int, hanging: Int = 0) -> [StyledLine] {
        let indent = min(indent, max(0, width - 10))
        let first = wrapText(text, width: max(1, width - indent))
        guard first.count > 1, hanging > 0 else {
            return first.map { var l = StyledLine(String(repeating: " ", count: indent)); l.append($0, style); return l }
        }
        var out: [StyledLine] = []
        let head = wrapText(text, width: max(1, width - indent)).first ?? ""
        var l = StyledLine(String(repeating: " ", count: indent))
        l.append(head, style)
        out.append(l)
        let rest = String(text.dropFirst(head.count)).trimmingLeadingSpaces()
        for t in wrapText(rest, width: max(1, width - indent - hanging)) {
            var l = StyledLine(String(repeating: " ", count: indent + hanging))
            l.append(t, style)
            out.append(l)
        }
        return out
    }

    /// Greedy word wrap by display width; a word longer than a line is split.
    func wrapText(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var w = String(word)
            var ww = TextWidth.of(w)
            if currentWidth > 0 && currentWidth + 1 + ww <= width {
                current += " " + w
                currentWidth += 1 + ww
                continue
            }
            if currentWidth > 0 { lines.append(current); current = ""; currentWidth = 0 }
            while ww > width {
                var head = ""
                var hw = 0
                for c in w {
                    let cw = TextWidth.of(c)
                    if hw + cw > width { break }
                    head.append(c)
                    hw += cw
                }
                if head.isEmpty { head = String(w.first!) }
                lines.append(head)
                w = String(w.dropFirst(head.count))
                ww = TextWidth.of(w)
            }
            current = w
            currentWidth = ww
        }
        if currentWidth > 0 || lines.isEmpty { lines.append(current) }
        return lines
    }

    // MARK: Dates

    /// "Thu 12 Mar 2026, 09:00–10:00", "Thu 12 Mar 2026, all day", "Fri 13 – Sun 15 Mar 2026, all day".
    static func when(_ ev: EventDraft, zone: Zone) -> String {
        guard let start = ev.start else { return "—" }
        let s = zone.local(at: start)
        let e = zone.local(at: ev.end ?? start)
        func day(_ d: CivilDate, year: Bool) -> String {
            "\(Labels.weekdays[d.weekday - 1]) \(d.day) \(Labels.months[d.month - 1])" + (year ? " \(d.year)" : "")
        }
        if ev.allDay {
            let last = e.seconds == 0 ? e.date.adding(days: -1) : e.date
            if last <= s.date { return "\(day(s.date, year: true)), all day" }
            return "\(day(s.date, year: s.date.year != last.year)) – \(day(last, year: true)), all day"
        }
        let endsSameDay = e.date == s.date || (e.seconds == 0 && e.date == s.date.adding(days: 1))
        if endsSameDay { return "\(day(s.date, year: true)), \(Labels.clock(s))–\(Labels.clock(e))" }
        return "\(day(s.date, year: true)), \(Labels.clock(s)) – \(day(e.date, year: e.date.year != s.date.year)), \(Labels.clock(e))"
    }
}

extension String {
    fileprivate func trimmingLeadingSpaces() -> String { String(drop(while: { $0 == " " })) }
}
