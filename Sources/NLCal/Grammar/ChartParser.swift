/// One matching unit of the input: a piece of a token (letters, digits, or one other character).
public struct Atom: Sendable, Equatable {
    public var text: String
    public var isDigits: Bool
    /// Offsets in the original text, in Unicode scalars.
    public var range: Range<Int>
    /// Whitespace precedes this atom.
    public var spaceBefore: Bool
    public var tokenIndex: Int
}

/// A grammar item: a category recognised over atoms `start..<end`, with its value and derivation.
public struct Item: Sendable {
    public var category: CategoryID
    public var start: Int
    public var end: Int
    public var value: Value
    /// Index into `Grammar.rules`, or -1 for lexicon and built-in items.
    public var rule: Int32
    public var children: [Int32]
    public var latent: Bool
    /// Number of rule applications in the derivation (smaller is simpler).
    public var size: Int
    /// For lexicon items, where the entry is defined.
    var lexiconOrigin: SourceLocation?
}

/// Limits on the work of one parse, so that long or adversarial input stays linear and bounded.
public struct ParseBudget: Sendable {
    /// Longest item, in atoms.
    public var maxItemAtoms = 24
    /// Items in the chart at most: `base + perAtom × atoms`.
    public var baseItems = 2_000
    public var itemsPerAtom = 48
    /// Matches tried from one new item at most.
    public var maxMatchesPerItem = 64
    public init() {}
}

/// A bottom-up chart parser over atoms.
///
/// Seeds (numbers, lexicon phrases, all-literal rules) enter a queue; each item taken from the
/// queue joins the chart and is tried in every rule slot its category can fill, with the rest of
/// the pattern matched against atoms and items already in the chart on both sides. Every match
/// is therefore found exactly once — when its last constituent joins — and new items re-enter
/// the queue until nothing new appears or the budget is spent.
public final class ChartParser {
    public let grammar: Grammar
    /// For each category, the (rule, variant, slot) places an item of it can fill.
    private var triggers: [[(rule: Int32, variant: Int32, slot: Int32)]]
    /// Rule variants made only of literals, by their first piece.
    private var literalRules: [String: [(rule: Int32, variant: Int32)]] = [:]

    public init(grammar: Grammar) {
        self.grammar = grammar
        triggers = Array(repeating: [], count: grammar.categories.count)
        for (r, rule) in grammar.rules.enumerated() {
            for (v, elems) in rule.variants.enumerated() {
                var hasCategory = false
                for (s, e) in elems.enumerated() {
                    guard case .category(let cat, _) = e.kind else { continue }
                    hasCategory = true
                    for c in 0..<grammar.categories.count where grammar.isKind(CategoryID(c), of: cat) {
                        triggers[c].append((Int32(r), Int32(v), Int32(s)))
                    }
                }
                if !hasCategory, case .literal(let alts) = elems[0].kind {
                    for alt in alts { literalRules[alt[0], default: []].append((Int32(r), Int32(v))) }
                }
            }
        }
    }

    /// The result of one parse: every item built, and whether the budget cut the parse short.
    public struct Chart: Sendable {
        public var atoms: [Atom]
        public var items: [Item]
        public var truncated: Bool
    }

    public func parse(_ atoms: [Atom], budget: ParseBudget = ParseBudget()) -> Chart {
        var run = Run(parser: self, atoms: atoms, budget: budget)
        run.seed()
        run.saturate()
        return Chart(atoms: atoms, items: run.items, truncated: run.truncated)
    }

    /// The state of one parse.
    private struct Run {
        let parser: ChartParser
        let grammar: Grammar
        let atoms: [Atom]
        let budget: ParseBudget
        let maxItems: Int
        var items: [Item] = []
        var byStart: [[Int32]]
        var byEnd: [[Int32]]
        var queue: [Int32] = []
        var queueHead = 0
        var seen: Set<ItemKey> = []
        var truncated = false

        struct ItemKey: Hashable {
            var category: CategoryID
            var start: Int32
            var end: Int32
            var value: Value
        }

        init(parser: ChartParser, atoms: [Atom], budget: ParseBudget) {
            self.parser = parser
            self.grammar = parser.grammar
            self.atoms = atoms
            self.budget = budget
            self.maxItems = budget.baseItems + budget.itemsPerAtom * atoms.count
            byStart = Array(repeating: [], count: atoms.count + 1)
            byEnd = Array(repeating: [], count: atoms.count + 1)
        }

        mutating func add(_ item: Item) {
            guard items.count < maxItems else { truncated = true; return }
            let key = ItemKey(category: item.category, start: Int32(item.start), end: Int32(item.end), value: item.value)
            guard seen.insert(key).inserted else { return }
            items.append(item)
            queue.append(Int32(items.count - 1))
        }

        mutating func seed() {
            let numCat = grammar.categoryID("num")!
            for (i, atom) in atoms.enumerated() {
                if atom.isDigits, atom.text.count <= 9, let v = Int(atom.text) {
                    add(Item(category: numCat, start: i, end: i + 1, value: .number(Double(v), digits: atom.text.count),
                             rule: -1, children: [], latent: true, size: 0))
                }
                if let entries = grammar.lexicon[atom.text] {
                    for e in entries where matchesPieces(e.pieces, at: i) {
                        add(Item(category: e.category, start: i, end: i + e.pieces.count, value: e.value,
                                 rule: -1, children: [], latent: false, size: 0, lexiconOrigin: e.origin))
                    }
                }
                if let rules = parser.literalRules[atom.text] {
                    for (r, v) in rules {
                        var matches: [[Slot]] = []
                        matchForward(Array(grammar.rules[Int(r)].variants[Int(v)]), from: 0, at: i, acc: [], into: &matches)
                        for m in matches { build(rule: r, variant: v, slots: m) }
                    }
                }
            }
        }

        mutating func saturate() {
            while queueHead < queue.count {
                let id = queue[queueHead]
                queueHead += 1
                let item = items[Int(id)]
                byStart[item.start].append(id)
                byEnd[item.end].append(id)
                var tried = 0
                for t in parser.triggers[Int(item.category)] {
                    let rule = grammar.rules[Int(t.rule)]
                    let elems = rule.variants[Int(t.variant)]
                    let slot = Int(t.slot)
                    guard accepts(elems[slot], item: item) else { continue }
                    if elems[slot].glued, item.start > 0, atoms[item.start].spaceBefore { continue }
                    var left: [[Slot]] = []
                    matchBackward(elems, from: slot - 1, endingAt: item.start, acc: [], into: &left)
                    if left.isEmpty { continue }
                    var right: [[Slot]] = []
                    matchForward(elems, from: slot + 1, at: item.end, acc: [], into: &right)
                    for l in left {
                        for r in right {
                            tried += 1
                            if tried > budget.maxMatchesPerItem { truncated = true; break }
                            build(rule: t.rule, variant: t.variant, slots: l.reversed() + [.item(id)] + r)
                        }
                    }
                    if items.count >= maxItems { truncated = true; return }
                }
            }
        }

        /// What filled one element of a pattern.
        enum Slot {
            case literal(start: Int, end: Int)
            case item(Int32)
        }

        func slotStart(_ s: Slot) -> Int {
            switch s {
            case .literal(let a, _): return a
            case .item(let id): return items[Int(id)].start
            }
        }

        func slotEnd(_ s: Slot) -> Int {
            switch s {
            case .literal(_, let b): return b
            case .item(let id): return items[Int(id)].end
            }
        }

        func matchesPieces(_ pieces: [String], at i: Int) -> Bool {
            guard i + pieces.count <= atoms.count else { return false }
            for (k, p) in pieces.enumerated() where atoms[i + k].text != p { return false }
            return true
        }

        func accepts(_ e: PatternElement, item: Item) -> Bool {
            guard case .category(let cat, let c) = e.kind, grammar.isKind(item.category, of: cat) else { return false }
            if c == .none { return true }
            if c.nonLatent && item.latent { return false }
            if c.minValue != nil || c.maxValue != nil {
                guard let v = item.value.number else { return false }
                if let lo = c.minValue, v < lo { return false }
                if let hi = c.maxValue, v > hi { return false }
            }
            if let d = c.digits {
                guard case .number(_, let digits) = item.value, d.contains(digits) else { return false }
            }
            return true
        }

        func matchForward(_ elems: [PatternElement], from k: Int, at pos: Int, acc: [Slot], into out: inout [[Slot]]) {
            if k == elems.count { out.append(acc); return }
            if out.count >= budget.maxMatchesPerItem { return }
            let e = elems[k]
            switch e.kind {
            case .literal(let alts):
                guard pos < atoms.count, !(e.glued && atoms[pos].spaceBefore) else { return }
                for alt in alts where matchesPieces(alt, at: pos) {
                    matchForward(elems, from: k + 1, at: pos + alt.count, acc: acc + [.literal(start: pos, end: pos + alt.count)], into: &out)
                }
            case .category:
                guard pos < atoms.count, !(e.glued && atoms[pos].spaceBefore) else { return }
                for id in byStart[pos] where accepts(e, item: items[Int(id)]) {
                    matchForward(elems, from: k + 1, at: items[Int(id)].end, acc: acc + [.item(id)], into: &out)
                }
            }
        }

        /// Matches elements k, k-1, … 0 ending at `pos`; slots come out in reverse order.
        func matchBackward(_ elems: [PatternElement], from k: Int, endingAt pos: Int, acc: [Slot], into out: inout [[Slot]]) {
            if k < 0 { out.append(acc); return }
            if out.count >= budget.maxMatchesPerItem { return }
            let e = elems[k]
            // The element after this one may forbid whitespace before itself.
            if elems[k + 1].glued, pos < atoms.count, atoms[pos].spaceBefore { return }
            switch e.kind {
            case .literal(let alts):
                for alt in alts where pos - alt.count >= 0 && matchesPieces(alt, at: pos - alt.count) {
                    let start = pos - alt.count
                    if e.glued, start > 0, atoms[start].spaceBefore { continue }
                    matchBackward(elems, from: k - 1, endingAt: start, acc: acc + [.literal(start: start, end: pos)], into: &out)
                }
            case .category:
                for id in byEnd[pos] where accepts(e, item: items[Int(id)]) {
                    let start = items[Int(id)].start
                    if e.glued, start > 0, atoms[start].spaceBefore { continue }
                    matchBackward(elems, from: k - 1, endingAt: start, acc: acc + [.item(id)], into: &out)
                }
            }
        }

        mutating func build(rule r: Int32, variant v: Int32, slots: [Slot]) {
            guard let first = slots.first, let last = slots.last else { return }
            let start = slotStart(first), end = slotEnd(last)
            guard end - start <= budget.maxItemAtoms else { return }
            let rule = grammar.rules[Int(r)]
            let positions = rule.variantSlots[Int(v)]
            var matched = [Value?](repeating: nil, count: rule.elementCount)
            var children: [Int32] = []
            var size = 1
            for (k, s) in slots.enumerated() {
                switch s {
                case .literal(let a, let b):
                    matched[positions[k] - 1] = .text(atoms[a..<b].map(\.text).joined(separator: " "))
                case .item(let id):
                    matched[positions[k] - 1] = items[Int(id)].value
                    children.append(id)
                    size += items[Int(id)].size
                }
            }
            let args: [Value?] = rule.arguments.map { a in
                switch a {
                case .slot(let n): return matched[n - 1]
                case .number(let d): return .number(d, digits: 0)
                case .word(let w): return .text(w)
                }
            }
            guard let value = Operators.apply(rule.operatorName, args) else { return }
            add(Item(category: rule.category, start: start, end: end, value: value, rule: r,
                     children: children, latent: rule.latent, size: size))
        }
    }
}
