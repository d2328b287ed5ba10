import Foundation

/// The state machine behind `nlcal parse -i`: the seed's idle → parsing → preview → saving →
/// saved | error, driven by keys, with no terminal in sight.
///
/// The terminal session feeds it decoded keys with `handle(_:)`, lets it parse with `update()`
/// when no more typing is pending (so a paste parses once, not per character), and draws it
/// with `ScreenRenderer`. Tests do the same with a real pipeline and no terminal.
///
/// Chips: every chip of every ambiguity gets a slot; the first nine are numbered. Picking a
/// chip applies it with `ChipResolver` (as `--choose` does); choices survive re-parses while
/// the chip id is still offered (ids are stable for the same input and context). "Pick…"
/// opens a small entry whose text is parsed alone, and the start, end and all-day flag it
/// finds are applied to the event.
///
/// ```swift
/// var model = InteractiveModel(text: "Return library books at 9") { try pipeline.parse($0, context: ctx) }
/// model.update()                       // .preview, chips "Tomorrow 09:00" / "Tomorrow 21:00"…
/// _ = model.handle(.alt("2"))          // the evening chip: start 21:00
/// if model.handle(.enter) == .accept { print(model.finalResult()!.json().serialized()) }
/// ```
public struct InteractiveModel {
    /// The seed's states. `parsing` lasts while typing is pending; `saving` while the output
    /// is written; `error` holds a one-line reason and is left by editing the text.
    public enum Phase: Equatable, Sendable {
        case idle, parsing, preview, saving, saved
        case error(String)
    }

    /// Where keys go: the text, one chip (an index into `chips`), or the "Pick…" entry.
    public enum Focus: Equatable, Sendable {
        case input
        case chip(Int)
        case pick
    }

    /// What the session should do after a key.
    public enum Action: Equatable, Sendable {
        case none
        /// Enter on an event: write `finalResult()` out, then `markSaved()`.
        case accept
        /// Esc or Ctrl-C: leave with nothing written.
        case cancel
        /// Ctrl-Z: give the terminal back and stop, like any job; redraw when continued.
        case suspend
    }

    /// One chip on screen: which ambiguity, which chip, and its number (1…9, or nil past nine).
    public struct ChipSlot: Equatable, Sendable {
        public var ambiguity: Int
        public var chip: Int
        public var number: Int?
        public var chipID: String
    }

    /// A time chosen with "Pick…": the entry's text and what it resolved to.
    public struct PickedTime: Equatable, Sendable {
        public var text: String
        public var start: Int
        public var end: Int
        public var allDay: Bool
    }

    public static let pickSuffix = "/pick"

    public var input: LineEditor
    public var pickInput = LineEditor()
    public private(set) var phase: Phase = .idle
    public private(set) var focus: Focus = .input
    /// The last successful parse of the current (or, while parsing, the previous) text, as
    /// the pipeline returned it: every ambiguity and chip, nothing applied.
    public private(set) var result: ParseResult?
    /// `result` with the chosen chips (and a picked time) applied; what accept writes.
    public private(set) var applied: ParseResult?
    /// Chip ids the user picked, oldest first; later picks win where patches overlap.
    public private(set) var chosen: [String] = []
    public private(set) var picked: PickedTime?
    /// A one-line message for the last key ("No chip 7"), cleared by the next key.
    public private(set) var notice: String?
    /// Whether the text changed since the last parse.
    public private(set) var needsParse: Bool

    private let parse: (String) throws -> ParseResult

    /// A model with pre-filled text (parsed on the first `update()`) and chips chosen in
    /// advance (`--choose`: kept where the parse offers them); `parse` runs the pipeline.
    public init(text: String = "", choose: [String] = [], parse: @escaping (String) throws -> ParseResult) {
        self.input = LineEditor(text)
        self.chosen = choose
        self.parse = parse
        self.needsParse = !text.isEmpty
        self.phase = text.isEmpty ? .idle : .parsing
    }

    // MARK: Chips and the event

    /// Every chip of the current result, in ambiguity order; the first nine numbered 1…9.
    public var chips: [ChipSlot] {
        guard let result else { return [] }
        var slots: [ChipSlot] = []
        for (a, amb) in result.state.ambiguities.enumerated() {
            for (c, chip) in amb.chips.enumerated() {
                slots.append(ChipSlot(ambiguity: a, chip: c, number: slots.count < 9 ? slots.count + 1 : nil, chipID: chip.id))
            }
        }
        return slots
    }

    /// The event with the chosen chips applied (nil when no time is known yet).
    public var event: EventDraft? { applied?.event }

    /// Whether a chip describes the event as it stands (drawn with a check mark).
    public func isSelected(_ slot: ChipSlot) -> Bool {
        guard let result, let ev = event else { return false }
        let chip = result.state.ambiguities[slot.ambiguity].chips[slot.chip]
        if chip.patch.isEmpty {
            guard chip.id.hasSuffix(Self.pickSuffix), let p = picked, chosen.contains(chip.id) else { return false }
            return ev.start == p.start && ev.end == p.end
        }
        return ChipPatch.matches(chip.patch, ev, zone: result.context.zone)
    }

    /// The result to write out: the chosen chips applied by `ChipResolver`, so the ambiguities
    /// the user settled are gone and the others keep their pre-selected choice in the event.
    /// Nil while there is no event.
    public func finalResult() -> ParseResult? {
        applied?.event == nil ? nil : applied
    }

    /// Recomputes `applied` from `result`, `chosen` and `picked`.
    private mutating func reapply() {
        guard var r = result else { applied = nil; return }
        for id in chosen {
            // `chosen` only holds chips this result offers, one per ambiguity, so this succeeds.
            guard (try? ChipResolver.apply([id], to: &r)) != nil else { continue }
            if id.hasSuffix(Self.pickSuffix), let p = picked {
                r.state.event.start = p.start
                r.state.event.end = p.end
                r.state.event.allDay = p.allDay
            }
        }
        applied = r
    }

    // MARK: Keys

    public mutating func handle(_ key: Key) -> Action {
        notice = nil
        if key == .ctrl("c") { return .cancel }
        if key == .ctrl("z") { return .suspend }
        if phase == .saving || phase == .saved { return .none }
        switch focus {
        case .input: return handleInput(key)
        case .chip(let i): return handleChip(key, index: i)
        case .pick: return handlePick(key)
        }
    }

    private mutating func handleInput(_ key: Key) -> Action {
        switch key {
        case .escape: return .cancel
        case .enter: return accept()
        case .tab: if !chips.isEmpty { focus = .chip(0) } else { notice = "No choices to make" }
        case .backTab: if !chips.isEmpty { focus = .chip(chips.count - 1) }
        case .alt(let c) where c.isASCII && c.isNumber: choose(number: c.wholeNumberValue ?? 0)
        default:
            if let changed = input.apply(key) {
                if changed { textChanged() }
            }
        }
        return .none
    }

    private mutating func handleChip(_ key: Key, index: Int) -> Action {
        let count = chips.count
        guard count > 0 else { focus = .input; return handleInput(key) }
        switch key {
        case .tab, .right, .down:
            focus = index + 1 < count ? .chip(index + 1) : .input
        case .backTab, .left, .up:
            focus = index > 0 ? .chip(index - 1) : .input
        case .escape:
            focus = .input
        case .enter:
            focus = .input
            choose(slot: chips[min(index, count - 1)])
        case .char(let c) where c.isASCII && c.isNumber && c != "0":
            focus = .input
            choose(number: c.wholeNumberValue ?? 0)
        case .alt(let c) where c.isASCII && c.isNumber:
            focus = .input
            choose(number: c.wholeNumberValue ?? 0)
        default:
            // Anything else goes back to typing, and is typed.
            focus = .input
            return handleInput(key)
        }
        return .none
    }

    private mutating func handlePick(_ key: Key) -> Action {
        switch key {
        case .escape: focus = .input
        case .enter: applyPick()
        case .tab, .backTab: break
        default: _ = pickInput.apply(key)
        }
        return .none
    }

    private mutating func accept() -> Action {
        switch phase {
        case .idle: notice = "Type an event first"
        case .error where result == nil: notice = "Fix the text first"
        default:
            // From .error with a result: writing the output failed before; try again.
            if needsParse {
                update()
                if case .error = phase { return .none }
            }
            guard event != nil else {
                notice = "No date or time yet: add one, or pick a chip"
                return .none
            }
            phase = .saving
            return .accept
        }
        return .none
    }

    private mutating func textChanged() {
        needsParse = true
        phase = input.isEmpty ? .idle : .parsing
    }

    /// Picks the chip with that number (1…9).
    public mutating func choose(number: Int) {
        guard let slot = chips.first(where: { $0.number == number }) else {
            notice = chips.isEmpty ? "No choices to make" : "No chip \(number)"
            return
        }
        choose(slot: slot)
    }

    public mutating func choose(slot: ChipSlot) {
        guard let result else { return }
        let amb = result.state.ambiguities[slot.ambiguity]
        let chip = amb.chips[slot.chip]
        if chip.patch.isEmpty && chip.id.hasSuffix(Self.pickSuffix) {
            pickInput = LineEditor(picked?.text ?? "")
            focus = .pick
            return
        }
        // One choice per ambiguity: a new pick replaces the earlier one.
        chosen.removeAll { $0.hasPrefix(amb.id + "/") }
        chosen.append(chip.id)
        reapply()
    }

    private mutating func applyPick() {
        let text = pickInput.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { notice = "Type a date or time, like \"fri 3pm\""; return }
        guard let result, let amb = result.state.ambiguities.first(where: { $0.chips.contains { $0.id.hasSuffix(Self.pickSuffix) } }),
              let pickChip = amb.chips.first(where: { $0.id.hasSuffix(Self.pickSuffix) }) else {
            focus = .input
            return
        }
        let found: ParseResult
        do { found = try parse(text) } catch { notice = "Could not read \"\(text)\": \(error)"; return }
        guard let ev = found.event, let s = ev.start, let e = ev.end else {
            notice = "No date or time in \"\(text)\""
            return
        }
        picked = PickedTime(text: text, start: s, end: e, allDay: ev.allDay)
        chosen.removeAll { $0.hasPrefix(amb.id + "/") }
        chosen.append(pickChip.id)
        reapply()
        focus = .input
    }

    // MARK: Parsing and the end states

    /// Parses the text if it changed: idle when empty, preview on success, error on failure.
    public mutating func update() {
        guard needsParse else { return }
        needsParse = false
        let text = input.text
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            result = nil
            applied = nil
            chosen = []
            phase = .idle
            focus = .input
            return
        }
        do {
            let r = try parse(text)
            result = r
            let offered = Set(r.state.ambiguities.flatMap(\.chips).map(\.id))
            chosen.removeAll { !offered.contains($0) }
            if !chosen.contains(where: { $0.hasSuffix(Self.pickSuffix) }) { picked = nil }
            if case .chip(let i) = focus, i >= chips.count { focus = .input }
            if focus == .pick, !offered.contains(where: { $0.hasSuffix(Self.pickSuffix) }) { focus = .input }
            reapply()
            phase = .preview
        } catch {
            result = nil
            applied = nil
            phase = .error(Self.oneLine("\(error)"))
            focus = .input
        }
    }

    /// Marks the output written (the session shows "saved" and leaves).
    public mutating func markSaved() { phase = .saved }

    /// Writing the output failed: back to editing with the reason shown.
    public mutating func fail(_ message: String) {
        phase = .error(Self.oneLine(message))
        focus = .input
    }

    /// Shows a message on the notice line until the next key.
    public mutating func show(notice message: String) { notice = message }

    static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
