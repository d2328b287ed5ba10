/// One matching unit of the input: a piece of a token (letters, digits, or one other character).
public struct Atom: Sendable, Equatable {
    public var text: String
    public var isDigits: Bool
    /// Offsets in the original text, in Unicode scalars.
    public var range: Range<Int>
    /// Whitespace precedes this atom.
    public var spaceBefore: Bool
    public var tokenIndex: Int
    /// Letters typed in capitals ("BOY", not "Boy"): lexicon entries written in capitals need it.
    public var capitals = false
    /// The first letter typed as a capital ("May", "MAY"): lexicon entries written capitalized need it.
    public var initialCapital = false
}

/// A grammar item: a category recognised over atoms `start..<end`, with its value and derivation.
public struct Item: Sendable {
    public var category: CategoryID
    public var start: Int
    public var end: Int
    public var value: Value
    /// Index into `Grammar.rules`, or -1 for lexicon and built-in items.
    public var rule: Int32
    /// The items this one was built from: `Chart.children(of:)` (stored flat in the chart).
    var childStart: Int32 = 0
    var childCount: Int32 = 0
    public var latent: Bool
    /// Number of rule applications in the derivation (smaller is simpler).
    public var size: Int
    /// For lexicon items, where the entry is defined.
    /// For lexicon items, the entry's index in `Chart.lexiconOrigins` (-1 otherwise): an index,
    /// not the location itself, keeps items small and free of reference counting.
    var lexiconEntry: Int32 = -1
}

/// Limits on the work of one parse, so that long or adversarial input stays linear and bounded.
public struct ParseBudget: Sendable {
    /// Longest item, in atoms.
    public var maxItemAtoms = 32
    /// Items in the chart at most: `base + perAtom × atoms`.
    public var baseItems = 2_000
    public var itemsPerAtom = 8
    /// Matches tried from one new item at most.
    public var maxMatchesPerItem = 64
    /// Items starting at one atom at most (a dense run of numbers cannot fill the chart).
    public var maxItemsPerStart = 24
    public init() {}
}

/// A bottom-up chart parser over atoms.
///
/// Seeds (numbers, lexicon phrases, all-literal rules) enter a queue; each item taken from the
/// queue joins the chart and is tried in every rule slot its category can fill, with the rest of
/// the pattern matched against atoms and items already in the chart on both sides. Every match
/// is therefore found exactly once — when its last constituent joins — and new items re-enter
/// the queue until nothing new appears or the budget is spent.
///
/// Patterns are compiled once into flat tables of plain values, and literal pieces into
/// integer symbols, so matching compares integers and allocates nothing per attempt.
public final class ChartParser {
    public let grammar: Grammar

    /// One pattern element, as plain data.
    struct Element {
        var isLiteral: Bool
        var glued: Bool
        var nonLatent: Bool
        var category: Int32
        var minValue: Double
        var maxValue: Double
        var minDigits: Int16
        var maxDigits: Int16
        /// Literal alternatives: `alternatives[altStart ..< altStart + altCount]`.
        var altStart: Int32
        var altCount: Int32
        var hasValueRange: Bool
        var hasDigits: Bool
    }

    /// One rule variant: `elements[elemStart ..< elemStart + elemCount]`.
    struct Variant {
        var rule: Int32
        var variant: Int32
        var elemStart: Int32
        var elemCount: Int32
        /// Where each of the rule's operator arguments comes from in this variant:
        /// `argElements[argElemStart ..< argElemStart + rule.argCount]`.
        var argElemStart: Int32 = 0
    }

    /// What building an item of a rule needs, as plain data: the operator's arguments are
    /// `argSlots[argStart ..< argStart + argCount]` (a 0-based pattern position, or -1 for the
    /// constant at the same index of `argConstants`).
    struct CompiledRule {
        var category: CategoryID
        var latent: Bool
        var elementCount: Int32
        var argStart: Int32
        var argCount: Int32
    }

    /// A place an item can fill: slot `slot` of variant `variant`, with what the check of an
    /// item and of its neighbours needs copied in, so trying a place reads one record.
    struct Trigger {
        var variant: Int32
        var slot: Int32
        var elemStart: Int32
        var elemCount: Int32
        /// The slot's element (its category always accepts the item's: places are listed per category).
        var element: Element
        var previous: Neighbour
        var next: Neighbour
        /// Element indexes of the neighbours (when they exist).
        var previousElement: Int32
        var nextElement: Int32
    }

    /// What is next to a slot in its pattern. A literal already matched by the key a place was
    /// found under needs no check.
    enum Neighbour: UInt8 { case none, literal, checkedLiteral, category }

    private let elements: [Element]
    /// For each element, its 0-based position in the rule's written pattern (`$n - 1`).
    private let elementPositions: [Int32]
    private let compiledRules: [CompiledRule]
    private let argSlots: [Int32]
    private let argConstants: [Value?]
    /// Per variant and argument: the element (0-based index in the variant) whose value it is,
    /// `constantArgument` for the rule's constant, or `absentArgument` (nil) when the pattern
    /// position is an optional element this variant leaves out.
    private let argElements: [Int32]
    static let constantArgument: Int32 = -1
    static let absentArgument: Int32 = -2
    /// Each alternative is `symbols[start ..< start + count]`.
    private let alternatives: [(start: Int32, count: Int32)]
    private let altSymbols: [Int32]
    private let variants: [Variant]
    /// For each category, the places an item of it can fill with no literal on either side:
    /// `triggerList[triggerRange[category]]`.
    private let triggerList: [Trigger]
    private let triggerRange: [Range<Int>]
    /// The places whose preceding element is a literal, keyed by (category, the symbol that
    /// literal ends with): an item only visits those its left neighbour can complete.
    private let triggersAfter: RangeTable
    /// The places whose preceding element is not a literal but whose following one is, keyed by
    /// (category, the symbol that literal starts with).
    private let triggersBefore: RangeTable
    /// Storage of both keyed tables.
    private let keyedTriggerList: [Trigger]
    /// Each rule's operator, looked up once.
    private let operators: [Operators.Fn]
    /// Variants made only of literals, by their first symbol:
    /// `literalVariants[literalVariantStart[s] ..< literalVariantStart[s + 1]]`.
    private let literalVariants: [Int32]
    private let literalVariantStart: [Int32]
    /// Literal and lexicon pieces as integer symbols (an atom's symbol is its word's number).
    public let vocabulary: Vocabulary
    /// Lexicon entries by their first symbol, with their pieces as symbols:
    /// `lexicon[lexiconStart[s] ..< lexiconStart[s + 1]]` start with symbol s.
    private let lexicon: [(pieces: [Int32], category: CategoryID, value: Value, origin: Int32, capitals: Bool, capitalized: Bool)]
    private let lexiconStart: [Int32]
    /// Where each lexicon entry is defined, by the index lexicon items carry.
    private let lexiconOrigins: [SourceLocation]
    /// `kindOf[a * n + b]`: an item of category a fills a slot of category b.
    private let kindOf: [Bool]

    /// Copies of the tables the matching recursion reads most, in memory the parser owns (freed
    /// in `deinit`): read through these, a field is one load, with no array bounds check and no
    /// copy of a whole record. Indexes come from the tables themselves.
    private let elementTable: UnsafeMutableBufferPointer<Element>
    private let variantTable: UnsafeMutableBufferPointer<Variant>
    private let kindTable: UnsafeMutableBufferPointer<Bool>
    /// The slots of the match a parse is building (see `Run.slots`).
    private let slotBuffer: UnsafeMutablePointer<Run.Slot>

    private static func owned<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return buffer
    }

    deinit {
        elementTable.deallocate()
        variantTable.deallocate()
        kindTable.deallocate()
        slotBuffer.deallocate()
    }
    private let categoryCount: Int
    private let numCategory: CategoryID

    public init(grammar: Grammar) {
        self.grammar = grammar
        let categoryCount = grammar.categories.count
        self.categoryCount = categoryCount
        numCategory = grammar.categoryID("num")!
        // Built in locals and stored once: the tables are constants, so reading them in the hot
        // loop needs no exclusivity checks.
        var elements: [Element] = []
        var alternatives: [(start: Int32, count: Int32)] = []
        var altSymbols: [Int32] = []
        var variants: [Variant] = []
        var literalVariants: [Int32: [Int32]] = [:]
        let vocabulary = Vocabulary(grammar: grammar)
        var lexicon: [Int32: [(pieces: [Int32], category: CategoryID, value: Value, origin: Int32, capitals: Bool, capitalized: Bool)]] = [:]
        var lexiconOrigins: [SourceLocation] = []
        var kindOf = Array(repeating: false, count: categoryCount * categoryCount)
        for a in 0..<categoryCount {
            for b in grammar.ancestors[a] { kindOf[a * categoryCount + Int(b)] = true }
        }
        var triggers: [[(variant: Int32, slot: Int32)]] = Array(repeating: [], count: categoryCount)
        var triggersAfter: [Int64: [(variant: Int32, slot: Int32)]] = [:]
        var triggersBefore: [Int64: [(variant: Int32, slot: Int32)]] = [:]
        var elementPositions: [Int32] = []
        var compiledRules: [CompiledRule] = []
        var argSlots: [Int32] = []
        var argConstants: [Value?] = []
        func symbol(_ piece: String) -> Int32 { vocabulary.ids[piece]! }
        let respellings = [Vocabulary.respellingCategory, Vocabulary.lowerCaseRespellingCategory].compactMap(grammar.categoryID)
        for entries in grammar.lexicon.values {
            // (Respellings are read through the vocabulary or the tokenize stage, not matched as phrases.)
            for e in entries where !respellings.contains(e.category) {
                let syms = e.pieces.map(symbol)
                lexicon[syms[0], default: []].append((syms, e.category, e.value, Int32(lexiconOrigins.count), e.capitals, e.capitalized))
                lexiconOrigins.append(e.origin)
            }
        }
        for (r, rule) in grammar.rules.enumerated() {
            compiledRules.append(CompiledRule(category: rule.category, latent: rule.latent, elementCount: Int32(rule.elementCount),
                                              argStart: Int32(argSlots.count), argCount: Int32(rule.arguments.count)))
            for a in rule.arguments {
                switch a {
                case .slot(let n): argSlots.append(Int32(n - 1)); argConstants.append(nil)
                case .number(let d): argSlots.append(-1); argConstants.append(.number(d, digits: 0))
                case .word(let w): argSlots.append(-1); argConstants.append(.text(w))
                }
            }
            for (v, elems) in rule.variants.enumerated() {
                let vIndex = Int32(variants.count)
                variants.append(Variant(rule: Int32(r), variant: Int32(v), elemStart: Int32(elements.count), elemCount: Int32(elems.count)))
                for (k, e) in elems.enumerated() {
                    var el = Element(isLiteral: false, glued: e.glued, nonLatent: false, category: -1, minValue: 0, maxValue: 0,
                                     minDigits: 0, maxDigits: 0, altStart: 0, altCount: 0, hasValueRange: false, hasDigits: false)
                    switch e.kind {
                    case .literal(let alts):
                        el.isLiteral = true
                        el.altStart = Int32(alternatives.count)
                        el.altCount = Int32(alts.count)
                        for alt in alts {
                            alternatives.append((Int32(altSymbols.count), Int32(alt.count)))
                            altSymbols.append(contentsOf: alt.map(symbol))
                        }
                        if k == 0 && !elems.contains(where: { if case .category = $0.kind { return true }; return false }) {
                            for alt in alts { literalVariants[symbol(alt[0]), default: []].append(vIndex) }
                        }
                    case .category(let cat, let c):
                        el.category = cat
                        el.nonLatent = c.nonLatent
                        if c.minValue != nil || c.maxValue != nil {
                            el.hasValueRange = true
                            el.minValue = c.minValue ?? -.infinity
                            el.maxValue = c.maxValue ?? .infinity
                        }
                        if let d = c.digits {
                            el.hasDigits = true
                            el.minDigits = Int16(d.lowerBound)
                            el.maxDigits = Int16(d.upperBound)
                        }
                        var lastSymbols: [Int32]?
                        if k > 0, case .literal(let prevAlts) = elems[k - 1].kind {
                            lastSymbols = Array(Set(prevAlts.map { symbol($0[$0.count - 1]) })).sorted()
                        }
                        var firstSymbols: [Int32]?
                        if k + 1 < elems.count, case .literal(let nextAlts) = elems[k + 1].kind {
                            firstSymbols = Array(Set(nextAlts.map { symbol($0[0]) })).sorted()
                        }
                        for x in 0..<categoryCount where kindOf[x * categoryCount + Int(cat)] {
                            if let syms = lastSymbols {
                                for sym in syms { triggersAfter[ChartParser.key(Int32(x), sym), default: []].append((vIndex, Int32(k))) }
                            } else if let syms = firstSymbols {
                                for sym in syms { triggersBefore[ChartParser.key(Int32(x), sym), default: []].append((vIndex, Int32(k))) }
                            } else {
                                triggers[x].append((vIndex, Int32(k)))
                            }
                        }
                    }
                    elements.append(el)
                    elementPositions.append(Int32(rule.variantSlots[v][k] - 1))
                }
            }
        }
        // Each argument's element per variant: a build reads the matched slots directly, with no
        // table of values by pattern position to fill and clear.
        var argElements: [Int32] = []
        for v in variants.indices {
            let rule = compiledRules[Int(variants[v].rule)]
            variants[v].argElemStart = Int32(argElements.count)
            for a in Int(rule.argStart)..<Int(rule.argStart + rule.argCount) {
                let position = argSlots[a]
                if position < 0 { argElements.append(ChartParser.constantArgument); continue }
                let first = Int(variants[v].elemStart), count = Int(variants[v].elemCount)
                let k = (0..<count).first { elementPositions[first + $0] == position }
                argElements.append(k.map { Int32($0) } ?? ChartParser.absentArgument)
            }
        }
        self.argElements = argElements
        self.elements = elements
        self.elementPositions = elementPositions
        self.compiledRules = compiledRules
        self.argSlots = argSlots
        self.argConstants = argConstants
        self.alternatives = alternatives
        self.altSymbols = altSymbols
        self.variants = variants
        /// The full record of a place; `keyedOn` is the side whose literal the lookup key matched.
        func record(_ t: (variant: Int32, slot: Int32), keyedOn: Neighbour?) -> Trigger {
            let v = variants[Int(t.variant)]
            let slot = Int(t.slot)
            let at = Int(v.elemStart) + slot
            func neighbour(_ index: Int, exists: Bool, keyed: Bool) -> Neighbour {
                guard exists else { return .none }
                if elements[index].isLiteral { return keyed ? .checkedLiteral : .literal }
                return .category
            }
            return Trigger(variant: t.variant, slot: t.slot, elemStart: v.elemStart, elemCount: v.elemCount, element: elements[at],
                           previous: neighbour(at - 1, exists: slot > 0, keyed: keyedOn == .some(.none)),
                           next: neighbour(at + 1, exists: slot + 1 < Int(v.elemCount), keyed: keyedOn == .some(.category)),
                           previousElement: Int32(at - 1), nextElement: Int32(at + 1))
        }
        var triggerList: [Trigger] = []
        var triggerRange: [Range<Int>] = []
        for list in triggers {
            triggerRange.append(triggerList.count..<(triggerList.count + list.count))
            triggerList += list.map { record($0, keyedOn: nil) }
        }
        self.triggerList = triggerList
        self.triggerRange = triggerRange
        var keyedTriggerList: [Trigger] = []
        // `.none` marks "keyed on the previous literal", `.category` "keyed on the next one".
        func flatten(_ table: [Int64: [(variant: Int32, slot: Int32)]], keyedOn: Neighbour) -> [Int64: Range<Int>] {
            var out: [Int64: Range<Int>] = [:]
            for (key, list) in table.sorted(by: { $0.key < $1.key }) {
                out[key] = keyedTriggerList.count..<(keyedTriggerList.count + list.count)
                keyedTriggerList += list.map { record($0, keyedOn: keyedOn) }
            }
            return out
        }
        self.triggersAfter = RangeTable(flatten(triggersAfter, keyedOn: .none))
        self.triggersBefore = RangeTable(flatten(triggersBefore, keyedOn: .category))
        self.keyedTriggerList = keyedTriggerList
        (self.literalVariants, self.literalVariantStart) = ChartParser.bySymbol(literalVariants, count: vocabulary.count)
        self.vocabulary = vocabulary
        (self.lexicon, self.lexiconStart) = ChartParser.bySymbol(lexicon, count: vocabulary.count)
        self.lexiconOrigins = lexiconOrigins
        self.kindOf = kindOf
        elementTable = ChartParser.owned(elements)
        variantTable = ChartParser.owned(variants)
        kindTable = ChartParser.owned(kindOf)
        let longest = variants.map { Int($0.elemCount) }.max() ?? 0
        slotBuffer = UnsafeMutablePointer<Run.Slot>.allocate(capacity: max(longest, 1))
        slotBuffer.initialize(repeating: Run.Slot(), count: max(longest, 1))
        self.operators = grammar.rules.map { Operators.function($0.operatorName) }
    }

    static func key(_ category: Int32, _ symbol: Int32) -> Int64 { Int64(category) << 32 | Int64(symbol) }

    /// A table by symbol made flat: the lists one after another (in symbol order, each list in
    /// its order), and where each symbol's list starts (`count + 1` entries), so a lookup by an
    /// atom's symbol is two array reads.
    static func bySymbol<T>(_ table: [Int32: [T]], count: Int) -> ([T], [Int32]) {
        var starts = [Int32](repeating: 0, count: count + 1)
        for (s, list) in table { starts[Int(s) + 1] = Int32(list.count) }
        for s in 0..<count { starts[s + 1] += starts[s] }
        var flat: [T] = []
        flat.reserveCapacity(Int(starts[count]))
        for s in 0..<count { flat += table[Int32(s)] ?? [] }
        return (flat, starts)
    }

    /// The result of one parse: every item built, and whether the budget cut the parse short.
    public struct Chart: Sendable {
        public var atoms: [Atom]
        public var items: [Item]
        public var truncated: Bool
        /// The atoms' word numbers in the parser's vocabulary.
        public var words: [Int32] = []
        /// Every item's children, one after another (see `Item.childStart`).
        var childList: [Int32] = []
        /// Where lexicon entries are defined (see `Item.lexiconEntry`).
        var lexiconOrigins: [SourceLocation] = []

        /// Where a lexicon item's entry is defined (nil for other items).
        public func lexiconOrigin(of item: Item) -> SourceLocation? {
            item.lexiconEntry >= 0 ? lexiconOrigins[Int(item.lexiconEntry)] : nil
        }

        /// The items an item was built from, in pattern order.
        public func children(of item: Item) -> ArraySlice<Int32> {
            childList[Int(item.childStart)..<Int(item.childStart + item.childCount)]
        }

        /// The children of `items[index]`, without copying the item.
        public func children(ofItemAt index: Int) -> ArraySlice<Int32> {
            let start = Int(items[index].childStart)
            return childList[start..<(start + Int(items[index].childCount))]
        }
    }

    public func parse(_ atoms: [Atom], budget: ParseBudget = ParseBudget()) -> Chart {
        parse(atoms, words: vocabulary.ids(of: atoms), budget: budget)
    }

    /// Parses atoms whose numbers in `vocabulary` are already known (`ParseState.atomWords`).
    func parse(_ atoms: [Atom], words: [Int32], budget: ParseBudget) -> Chart {
        precondition(words.count == atoms.count, "one word number per atom")
        // The working buffers of the last parse, taken (not shared) so they are written in place.
        var scratch = Run.Scratch()
        swap(&scratch, &spare)
        var run = Run(parser: self, atoms: atoms, atomSymbols: words, budget: budget, scratch: &scratch)
        run.seed()
        run.saturate()
        let chart = Chart(atoms: atoms, items: run.items, truncated: run.truncated, words: words, childList: run.childList, lexiconOrigins: lexiconOrigins)
        spare = run.releaseScratch()
        return chart
    }

    /// The working buffers of a parse, kept for the next one (a parser serves one thread at a
    /// time, like the pipeline that owns it): their allocations were a tenth of a short parse.
    private var spare = Run.Scratch()

    /// The state of one parse.
    private struct Run {
        let p: ChartParser
        let atoms: [Atom]
        /// Each atom's symbol, or -1 when no grammar literal has that text.
        let atomSymbols: [Int32]
        let budget: ParseBudget
        let maxItems: Int
        var items: [Item] = []
        var childList: [Int32] = []
        /// What matching reads of each item, as plain data (so it never copies an `Item`), and
        /// the item's links in the chart's lists.
        var info: [ItemInfo] = []
        /// Per atom position: the chart's items starting and ending there, as linked lists in
        /// insertion order (`at[pos].firstByStart`, then `info[id].nextByStart` …; -1 ends a
        /// list), and every item built from there (queued or in the chart), for duplicates.
        var at: [Position]
        struct Position {
            var firstByStart: Int32 = -1
            var lastByStart: Int32 = -1
            var countByStart: Int32 = 0
            var firstByEnd: Int32 = -1
            var lastByEnd: Int32 = -1
            var firstBuiltAt: Int32 = -1
        }
        var queue: [Int32]
        var queueHead = 0
        var truncated = false
        /// The slots of the match being built: atom ranges for literals, item ids for categories
        /// (-1 for a literal). The parser's buffer (one entry per element of its longest
        /// pattern), written without an array's uniqueness and bounds checks.
        let slots: UnsafeMutablePointer<Slot>
        struct Slot {
            var item: Int32 = -1
            var start: Int32 = 0
            var end: Int32 = 0
        }
        /// Reused argument arrays for operator calls, one per argument count (an operator reads
        /// `count`, so each call gets an array of exactly its rule's arguments).
        var argBuffers: [[Value?]]
        var matchesLeft = 0

        struct ItemInfo {
            var category: Int32
            var start: Int32
            var end: Int32
            var latent: Bool
            /// Digits as typed, or -1 when the item is not a number.
            var digits: Int16
            var number: Double
            /// The item's `size` (rule applications), read by the builds it takes part in.
            var size: Int32
            var nextByStart: Int32 = -1
            var nextByEnd: Int32 = -1
            var nextBuiltAt: Int32
        }

        /// The buffers a parse only works in (the items and their children go into the chart).
        struct Scratch {
            var info: [ItemInfo] = []
            var at: [Position] = []
            var queue: [Int32] = []
            var argBuffers: [[Value?]] = []
        }

        /// Takes the buffers out of `scratch` (swapped, so each stays uniquely referenced).
        init(parser: ChartParser, atoms: [Atom], atomSymbols: [Int32], budget: ParseBudget, scratch: inout Scratch) {
            self.p = parser
            self.atoms = atoms
            self.atomSymbols = atomSymbols
            self.budget = budget
            self.maxItems = budget.baseItems + budget.itemsPerAtom * atoms.count
            info = []; at = []; queue = []; argBuffers = []
            swap(&info, &scratch.info)
            swap(&at, &scratch.at)
            swap(&queue, &scratch.queue)
            swap(&argBuffers, &scratch.argBuffers)
            info.removeAll(keepingCapacity: true)
            queue.removeAll(keepingCapacity: true)
            at.removeAll(keepingCapacity: true)
            at.append(contentsOf: repeatElement(Position(), count: atoms.count + 1))
            slots = parser.slotBuffer
            let capacity = 16 + atoms.count * 4
            items.reserveCapacity(capacity)
            childList.reserveCapacity(capacity * 2)
            info.reserveCapacity(capacity)
            queue.reserveCapacity(capacity)
        }

        /// Hands the working buffers back for the next parse.
        mutating func releaseScratch() -> Scratch {
            var scratch = Scratch()
            swap(&info, &scratch.info)
            swap(&at, &scratch.at)
            swap(&queue, &scratch.queue)
            swap(&argBuffers, &scratch.argBuffers)
            return scratch
        }

        /// Whether an equal item (category, span and value) was already built.
        /// Whether the chart holds the same reading (category, span, value) already, and not
        /// latent when this one is not ("eleven forty-five" is a latent number-word reading and a
        /// time of its own).
        func isDuplicate(_ item: borrowing Item) -> Bool {
            var id = at[item.start].firstBuiltAt
            while id >= 0 {
                let i = Int(id)
                if info[i].end == Int32(item.end) && info[i].category == item.category && (!info[i].latent || item.latent)
                    && sameValue(i, item.value) { return true }
                id = info[i].nextBuiltAt
            }
            return false
        }

        /// Whether item `i` has this value, read in place (`items[i].value` copies the whole item).
        @inline(__always) func sameValue(_ i: Int, _ value: Value) -> Bool {
            items.withUnsafeBufferPointer { ($0.baseAddress! + i).pointee.value == value }
        }

        /// Item `i`'s value, read in place.
        @inline(__always) func value(of i: Int) -> Value {
            // Through `pointee`, which projects the field: a buffer subscript copies the item.
            items.withUnsafeBufferPointer { ($0.baseAddress! + i).pointee.value }
        }

        /// Adds an item to the queue; false when it is a duplicate or the chart is full.
        @discardableResult
        mutating func add(_ item: consuming Item) -> Bool {
            guard items.count < maxItems else { truncated = true; return false }
            guard !isDuplicate(item) else { return false }
            let id = Int32(items.count)
            var number = Double.nan, digits: Int16 = -1
            if case .number(let v, let d) = item.value { number = v; digits = Int16(d) }
            info.append(ItemInfo(category: item.category, start: Int32(item.start), end: Int32(item.end), latent: item.latent,
                                 digits: digits, number: number, size: Int32(clamping: item.size), nextBuiltAt: at[item.start].firstBuiltAt))
            at[item.start].firstBuiltAt = id
            items.append(item)
            queue.append(id)
            return true
        }

        /// Puts a dequeued item into the chart's start and end lists.
        mutating func link(_ id: Int32, start: Int, end: Int) {
            if at[start].lastByStart >= 0 { info[Int(at[start].lastByStart)].nextByStart = id } else { at[start].firstByStart = id }
            at[start].lastByStart = id
            at[start].countByStart += 1
            if at[end].lastByEnd >= 0 { info[Int(at[end].lastByEnd)].nextByEnd = id } else { at[end].firstByEnd = id }
            at[end].lastByEnd = id
        }

        mutating func seed() {
            for i in 0..<atoms.count {
                let atom = atoms[i]
                if atom.isDigits, atom.text.utf8.count <= 9, let v = Int(atom.text) {
                    add(Item(category: p.numCategory, start: i, end: i + 1, value: .number(Double(v), digits: atom.text.utf8.count),
                             rule: -1, latent: true, size: 0))
                }
                let sym = atomSymbols[i]
                guard sym >= 0 else { continue }
                do {
                    for e in p.lexicon[Int(p.lexiconStart[Int(sym)])..<Int(p.lexiconStart[Int(sym) + 1])] where symbolsMatch(e.pieces, at: i) && (!e.capitals || typedInCapitals(i, count: e.pieces.count))
                        && (!e.capitalized || atoms[i].initialCapital || atoms[i].capitals) {
                        add(Item(category: e.category, start: i, end: i + e.pieces.count, value: e.value,
                                 rule: -1, latent: false, size: 0, lexiconEntry: e.origin))
                    }
                }
                do {
                    for v in p.literalVariants[Int(p.literalVariantStart[Int(sym)])..<Int(p.literalVariantStart[Int(sym) + 1])] {
                        matchesLeft = budget.maxMatchesPerItem
                        forward(variant: v, k: 0, pos: i)
                    }
                }
            }
        }

        mutating func saturate() {
            while queueHead < queue.count {
                let id = queue[queueHead]
                queueHead += 1
                let start = Int(info[Int(id)].start), end = Int(info[Int(id)].end)
                if at[start].countByStart >= Int32(budget.maxItemsPerStart) { truncated = true; continue }
                link(id, start: start, end: end)
                let category = info[Int(id)].category
                matchesLeft = budget.maxMatchesPerItem
                let before: Int32 = start > 0 ? atomSymbols[start - 1] : -1
                let after: Int32 = end < atoms.count ? atomSymbols[end] : -1
                if !visit(p.triggerList, p.triggerRange[Int(category)], id: id, start: start, end: end) { return }
                if after >= 0, let r = p.triggersBefore[ChartParser.key(category, after)] {
                    if !visit(p.keyedTriggerList, r, id: id, start: start, end: end) { return }
                }
                if before >= 0, let r = p.triggersAfter[ChartParser.key(category, before)] {
                    if !visit(p.keyedTriggerList, r, id: id, start: start, end: end) { return }
                }
            }
        }

        /// Tries item `id` in each place of `list[range]`; false when the chart is full.
        mutating func visit(_ list: [Trigger], _ range: Range<Int>, id: Int32, start: Int, end: Int) -> Bool {
            let item = info[Int(id)]
            let latent = item.latent, digits = item.digits, number = item.number
            let spaceBefore = start > 0 && atoms[start].spaceBefore
            let hasEndingItem = at[start].firstByEnd >= 0, hasStartingItem = at[end].firstByStart >= 0
            // The places are read through a pointer, field by field: a copy of each record (about
            // 90 bytes) was most of the cost of rejecting a place.
            return list.withUnsafeBufferPointer { places in
                let base = places.baseAddress!
                for i in range {
                    let t = base + i
                    if t.pointee.element.nonLatent && latent { continue }
                    if t.pointee.element.hasValueRange || t.pointee.element.hasDigits {
                        guard digits >= 0 else { continue }
                        if t.pointee.element.hasValueRange && (number < t.pointee.element.minValue || number > t.pointee.element.maxValue) { continue }
                        if t.pointee.element.hasDigits && (digits < t.pointee.element.minDigits || digits > t.pointee.element.maxDigits) { continue }
                    }
                    if t.pointee.element.glued && spaceBefore { continue }
                    // Cheap look at the neighbours first: most places fail right there.
                    switch t.pointee.previous {
                    case .literal: guard start > 0, literalEnds(Int(t.pointee.previousElement), at: start) else { continue }
                    case .category: guard hasEndingItem else { continue }
                    case .none, .checkedLiteral: break
                    }
                    switch t.pointee.next {
                    case .literal: guard end < atoms.count, literalStarts(Int(t.pointee.nextElement), at: end) else { continue }
                    case .category: guard hasStartingItem else { continue }
                    case .none, .checkedLiteral: break
                    }
                    let slot = Int(t.pointee.slot)
                    slots[slot].item = id
                    slots[slot].start = Int32(start)
                    slots[slot].end = Int32(end)
                    backward(variant: t.pointee.variant, k: slot - 1, pos: start, anchor: slot, anchorEnd: end)
                    if matchesLeft <= 0 { truncated = true; break }
                    if items.count >= maxItems { truncated = true; return false }
                }
                return true
            }
        }

        /// The atoms `i ..< i + count` with letters are all typed in capitals.
        func typedInCapitals(_ i: Int, count: Int) -> Bool {
            var letters = false
            for k in i..<(i + count) where !atoms[k].isDigits && atoms[k].text.unicodeScalars.contains(where: \.properties.isAlphabetic) {
                guard atoms[k].capitals else { return false }
                letters = true
            }
            return letters
        }

        func symbolsMatch(_ syms: [Int32], at i: Int) -> Bool {
            guard i + syms.count <= atoms.count else { return false }
            for k in 0..<syms.count where atomSymbols[i + k] != syms[k] { return false }
            return true
        }

        /// Some alternative of literal element `e` ends with the atom before `pos`.
        func literalEnds(_ e: Int, at pos: Int) -> Bool {
            let sym = atomSymbols[pos - 1]
            guard sym >= 0 else { return false }
            let altStart = Int(p.elements[e].altStart), altEnd = altStart + Int(p.elements[e].altCount)
            for a in altStart..<altEnd {
                let (s, c) = p.alternatives[a]
                if p.altSymbols[Int(s + c) - 1] == sym { return true }
            }
            return false
        }

        /// Some alternative of literal element `e` starts with the atom at `pos`.
        func literalStarts(_ e: Int, at pos: Int) -> Bool {
            let sym = atomSymbols[pos]
            guard sym >= 0 else { return false }
            let altStart = Int(p.elements[e].altStart), altEnd = altStart + Int(p.elements[e].altCount)
            for a in altStart..<altEnd where p.altSymbols[Int(p.alternatives[a].start)] == sym {
                return true
            }
            return false
        }

        func altMatches(_ a: Int, at i: Int) -> Int32? {
            let (s, c) = p.alternatives[a]
            guard i >= 0, i + Int(c) <= atoms.count else { return nil }
            for k in 0..<Int(c) where atomSymbols[i + k] != p.altSymbols[Int(s) + k] { return nil }
            return c
        }

        func accepts(_ el: UnsafeMutablePointer<Element>, _ id: Int32) -> Bool {
            let item = info[Int(id)]
            guard !el.pointee.isLiteral, p.kindTable[Int(item.category) * p.categoryCount + Int(el.pointee.category)] else { return false }
            if el.pointee.nonLatent && item.latent { return false }
            if el.pointee.hasValueRange || el.pointee.hasDigits {
                let digits = item.digits
                guard digits >= 0 else { return false }
                let v = item.number
                if el.pointee.hasValueRange && (v < el.pointee.minValue || v > el.pointee.maxValue) { return false }
                if el.pointee.hasDigits && (digits < el.pointee.minDigits || digits > el.pointee.maxDigits) { return false }
            }
            return true
        }

        /// Fills slots k, k-1, … 0 ending at `pos`, then the slots after the anchor.
        mutating func backward(variant vi: Int32, k: Int, pos: Int, anchor: Int, anchorEnd: Int) {
            if k < 0 { forward(variant: vi, k: anchor + 1, pos: anchorEnd); return }
            guard matchesLeft > 0 else { return }
            let elemStart = Int(p.variantTable[Int(vi)].elemStart)
            let el = p.elementTable.baseAddress! + (elemStart + k)
            // The element after this one may forbid whitespace before itself.
            if (el + 1).pointee.glued, pos < atoms.count, atoms[pos].spaceBefore { return }
            let glued = el.pointee.glued
            if el.pointee.isLiteral {
                let altStart = Int(el.pointee.altStart), altEnd = altStart + Int(el.pointee.altCount)
                for a in altStart..<altEnd {
                    let c = Int(p.alternatives[a].count)
                    guard altMatches(a, at: pos - c) != nil else { continue }
                    let s = pos - c
                    if glued, s > 0, atoms[s].spaceBefore { continue }
                    slots[k].item = -1; slots[k].start = Int32(s); slots[k].end = Int32(pos)
                    backward(variant: vi, k: k - 1, pos: s, anchor: anchor, anchorEnd: anchorEnd)
                }
            } else {
                var id = at[pos].firstByEnd
                while id >= 0 {
                    defer { id = info[Int(id)].nextByEnd }
                    guard accepts(el, id) else { continue }
                    let s = Int(info[Int(id)].start)
                    if glued, s > 0, atoms[s].spaceBefore { continue }
                    slots[k].item = id; slots[k].start = Int32(s); slots[k].end = Int32(pos)
                    backward(variant: vi, k: k - 1, pos: s, anchor: anchor, anchorEnd: anchorEnd)
                }
            }
        }

        /// Fills slots k, k+1, … from `pos`, then builds the item.
        mutating func forward(variant vi: Int32, k: Int, pos: Int) {
            let v = p.variantTable.baseAddress! + Int(vi)
            if k == Int(v.pointee.elemCount) {
                matchesLeft -= 1
                build(v.pointee)
                return
            }
            guard matchesLeft > 0, pos < atoms.count else { return }
            let el = p.elementTable.baseAddress! + (Int(v.pointee.elemStart) + k)
            if el.pointee.glued && atoms[pos].spaceBefore && k > 0 { return }
            if el.pointee.isLiteral {
                let altStart = Int(el.pointee.altStart), altEnd = altStart + Int(el.pointee.altCount)
                for a in altStart..<altEnd {
                    guard let c = altMatches(a, at: pos) else { continue }
                    slots[k].item = -1; slots[k].start = Int32(pos); slots[k].end = Int32(pos) + c
                    forward(variant: vi, k: k + 1, pos: pos + Int(c))
                }
            } else {
                var id = at[pos].firstByStart
                while id >= 0 {
                    defer { id = info[Int(id)].nextByStart }
                    guard accepts(el, id) else { continue }
                    let e = Int(info[Int(id)].end)
                    slots[k].item = id; slots[k].start = Int32(pos); slots[k].end = Int32(e)
                    forward(variant: vi, k: k + 1, pos: e)
                }
            }
        }

        mutating func build(_ v: Variant) {
            let n = Int(v.elemCount)
            let start = Int(slots[0].start), end = Int(slots[n - 1].end)
            guard end - start <= budget.maxItemAtoms else { return }
            let rule = p.compiledRules[Int(v.rule)]
            let childStart = Int32(childList.count)
            var size = 1
            for k in 0..<n {
                let id = slots[k].item
                if id >= 0 {
                    childList.append(id)
                    size += Int(info[Int(id)].size)
                }
            }
            let argCount = Int(rule.argCount)
            while argBuffers.count <= argCount { argBuffers.append(Array(repeating: nil, count: argBuffers.count)) }
            // Taken out of the table while filled and passed, so writing it never copies it.
            var args: [Value?] = []
            swap(&args, &argBuffers[argCount])
            for a in 0..<argCount {
                let source = p.argElements[Int(v.argElemStart) + a]
                if source >= 0 {
                    let slot = slots[Int(source)]
                    if slot.item >= 0 {
                        args[a] = value(of: Int(slot.item))
                    } else {
                        let from = Int(slot.start), to = Int(slot.end)
                        args[a] = .text(to - from == 1 ? atoms[from].text : atoms[from..<to].map(\.text).joined(separator: " "))
                    }
                } else {
                    args[a] = source == ChartParser.constantArgument ? p.argConstants[Int(rule.argStart) + a] : nil
                }
            }
            let value = p.operators[Int(v.rule)](args)
            swap(&args, &argBuffers[argCount])
            guard let value else { childList.removeSubrange(Int(childStart)...); return }
            let built = Item(category: rule.category, start: start, end: end, value: value, rule: v.rule,
                             childStart: childStart, childCount: Int32(childList.count) - childStart, latent: rule.latent, size: size)
            if !add(built) { childList.removeSubrange(Int(childStart)...) }
        }
    }
}
