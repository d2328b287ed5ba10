/// The derivations behind a parse: which rules and lexicon entries built each span, and which
/// other readings lost and why — what `nlcal parse --explain` prints and what
/// `nlcal grammar coverage` counts.
///
/// Everything here works from the chart a parse leaves in `ParseState.chart`, after the fact,
/// so a parse that is not explained pays nothing.
public enum Derivation {
    /// The text of an item, as typed.
    static func text(_ item: Item, _ chart: ChartParser.Chart, _ state: ParseState) -> String {
        state.slice(range(item, chart))
    }

    static func range(_ item: Item, _ chart: ChartParser.Chart) -> Range<Int> {
        chart.atoms[item.start].range.lowerBound..<chart.atoms[item.end - 1].range.upperBound
    }

    /// Rule names of a derivation, outermost first (the order of a span's `rules`).
    static func ruleNames(_ item: Item, _ chart: ChartParser.Chart, _ grammar: Grammar) -> [String] {
        var names: [String] = []
        var stack = [item]
        while let it = stack.popLast() {
            if it.rule >= 0 { names.append(grammar.rules[Int(it.rule)].name) }
            for c in chart.children(of: it).reversed() { stack.append(chart.items[Int(c)]) }
        }
        return names
    }

    /// The chart item a span of the result came from (same words, same rules), if any.
    static func item(for span: FieldSpan, _ chart: ChartParser.Chart, _ grammar: Grammar) -> Item? {
        guard !span.rules.isEmpty else { return nil }
        return chart.items.first { it in
            it.rule >= 0 && grammar.rules[Int(it.rule)].name == span.rules[0] && range(it, chart) == span.range
                && ruleNames(it, chart, grammar) == span.rules
        }
    }

    /// Every item of a derivation, the root first.
    static func items(under item: Item, _ chart: ChartParser.Chart) -> [Item] {
        var out: [Item] = []
        var stack = [item]
        while let it = stack.popLast() {
            out.append(it)
            for c in chart.children(of: it).reversed() { stack.append(chart.items[Int(c)]) }
        }
        return out
    }

    /// What a parse used: the rules and lexicon categories of every derivation behind its
    /// spans. Rule names come from the spans themselves; lexicon categories from the chart.
    public static func used(in result: ParseResult, grammar: Grammar) -> (rules: Set<String>, lexiconCategories: Set<String>) {
        var rules: Set<String> = []
        var lex: Set<String> = []
        let state = result.state
        for span in state.spans {
            rules.formUnion(span.rules)
            guard let chart = state.chart, let root = item(for: span, chart, grammar) else { continue }
            for it in items(under: root, chart) where it.rule < 0 && it.lexiconEntry >= 0 {
                lex.insert(grammar.categoryName(it.category))
            }
        }
        return (rules, lex)
    }

    /// A readable account of a parse: each span with the tree of rules that built it, then
    /// the reportable readings that lost and why.
    public static func explain(_ result: ParseResult, pipeline: Pipeline) -> [String] {
        let grammar = pipeline.grammar
        let state = result.state
        var out: [String] = []
        guard let chart = state.chart else { return ["(no chart: the date/time stage did not run)"] }
        let spans = state.spans.sorted { $0.range.lowerBound < $1.range.lowerBound }
        if spans.isEmpty { out.append("no spans: nothing in the text was claimed") }
        var roots: [Item] = []
        for span in spans {
            out.append("\(span.field) \(quoted(span.text)) [\(span.range.lowerBound),\(span.range.upperBound))")
            if let root = item(for: span, chart, grammar) {
                roots.append(root)
                tree(root, depth: 1, chart, state, grammar, into: &out)
            } else if !span.rules.isEmpty {
                out.append("  by \(span.rules.joined(separator: " < "))")
            }
        }
        if chart.truncated { out.append("note: the parse budget was spent; some readings were not built") }
        // The selection, redone to see what lost.
        guard let stage = pipeline.stages.lazy.compactMap({ $0 as? DateTimeStage }).first else { return out }
        let chosen = stage.select(chart, clauseStops: stage.clauseStops(chart, state))
        for c in chosen where !roots.contains(where: { same($0, c) }) {
            out.append("selected but not used: \(quoted(text(c, chart, state))) [\(ruleName(c, grammar))] (it does not combine with the chosen time, or its reading did not resolve)")
        }
        var lost: [String] = []
        var seen: Set<String> = []
        for cand in reportable(chart, stage) where !chosen.contains(where: { same($0, cand) }) {
            let name = ruleName(cand, grammar)
            let key = "\(cand.start)-\(cand.end)-\(name)"
            guard seen.insert(key).inserted else { continue }
            let t = quoted(text(cand, chart, state))
            var reason = "not selected"
            if let w = chosen.first(where: { $0.start == cand.start && $0.end == cand.end }) {
                reason = stage.isHabit[Int(w.category)] && !stage.isHabit[Int(cand.category)]
                    ? "same words as \(ruleName(w, grammar)), a habit's reading, which wins over one time"
                    : w.size < cand.size
                    ? "same words as \(ruleName(w, grammar)), whose derivation is simpler (\(w.size) vs \(cand.size) rules)"
                    : "same words as \(ruleName(w, grammar)), another reading; the first one built wins ties"
            } else if let w = chosen.first(where: { $0.start <= cand.start && cand.end <= $0.end }) {
                reason = "covered by longer \(quoted(text(w, chart, state))) [\(ruleName(w, grammar))]"
            } else if let w = chosen.first(where: { $0.start < cand.end && cand.start < $0.end }) {
                reason = "overlaps \(quoted(text(w, chart, state))) [\(ruleName(w, grammar))], and the chosen set covers more words"
            }
            lost.append("lost: \(t) [\(name)] \(reason)")
        }
        let limit = 40
        out.append(contentsOf: lost.prefix(limit))
        if lost.count > limit { out.append("… and \(lost.count - limit) more losing readings") }
        return out
    }

    /// Adds the "lost: …" lines of an explanation to the result's trace (the JSON `trace`).
    public static func recordLosers(_ explanation: [String], in result: inout ParseResult) {
        for l in explanation where l.hasPrefix("lost: ") || l.hasPrefix("selected but not used") {
            result.state.trace.append(TraceEntry(stage: "datetime", message: l))
        }
    }

    static func reportable(_ chart: ChartParser.Chart, _ stage: DateTimeStage) -> [Item] {
        let g = stage.parser.grammar
        return chart.items.filter { item in
            guard !item.latent else { return false }
            for cat in [stage.timeCategory, stage.recurrenceCategory, stage.durationCategory] {
                if let cat, g.isKind(item.category, of: cat) { return true }
            }
            return false
        }
    }

    static func same(_ a: Item, _ b: Item) -> Bool {
        a.start == b.start && a.end == b.end && a.category == b.category && a.rule == b.rule && a.value == b.value
    }

    static func ruleName(_ item: Item, _ grammar: Grammar) -> String {
        item.rule >= 0 ? grammar.rules[Int(item.rule)].name : "<\(grammar.categoryName(item.category))>"
    }

    static func quoted(_ s: String) -> String { "'\(s)'" }

    static func tree(_ item: Item, depth: Int, _ chart: ChartParser.Chart, _ state: ParseState, _ grammar: Grammar, into out: inout [String]) {
        let pad = String(repeating: "  ", count: depth)
        let t = quoted(text(item, chart, state))
        if item.rule >= 0 {
            let rule = grammar.rules[Int(item.rule)]
            let file = rule.origin.file.split(separator: "/").last.map(String.init) ?? rule.origin.file
            out.append("\(pad)\(t) \(rule.name) -> \(grammar.categoryName(rule.category))\(item.latent ? " latent" : "") (\(file):\(rule.origin.line)): \(rule.patternText) => \(rule.operatorName)")
            for c in chart.children(of: item) { tree(chart.items[Int(c)], depth: depth + 1, chart, state, grammar, into: &out) }
        } else if let origin = chart.lexiconOrigin(of: item) {
            let file = origin.file.split(separator: "/").last.map(String.init) ?? origin.file
            out.append("\(pad)\(t) [\(grammar.categoryName(item.category))] lexicon (\(file):\(origin.line))")
        } else {
            out.append("\(pad)\(t) <\(grammar.categoryName(item.category))>")
        }
    }
}
