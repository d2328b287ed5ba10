/// Stage 4: the title is the text no stage claimed, cleaned.
///
/// Phrases that became the time, location, duration or recurrence are cut out; connector
/// words left dangling at a cut ("Dentist at 3pm" → "Dentist", "due on the 28th" → "due")
/// go with them; whitespace collapses; the first letter is upper-cased and the rest stays as
/// typed. People stay in the title ("Lunch with Alex"). When nothing else is left, a meal that
/// gave the time is what the event is ("Wed lunch" → "Lunch" at 12:00 on Wednesday; but
/// "Sync at lunch" → "Sync"); "lunchtime" is only a time (the `meal-word` lexicon holds meals).
public final class TitleStage: Stage {
    public let name = "title"
    let vocabulary: Vocabulary
    let meals, connectors: WordList
    static let removedFields: Set<String> = ["start", "location", "duration", "recurrence"]

    public init(grammar: Grammar, vocabulary: Vocabulary? = nil) {
        let vocabulary = vocabulary ?? Vocabulary(grammar: grammar)
        self.vocabulary = vocabulary
        meals = WordList("meal-word", grammar: grammar, vocabulary: vocabulary)
        connectors = WordList("title-connector", grammar: grammar, vocabulary: vocabulary)
    }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        state.event.title = title(state, keepMeals: false)
        if state.event.title.isEmpty { state.event.title = title(state, keepMeals: true) }
    }

    func title(_ state: ParseState, keepMeals: Bool) -> String {
        let cuts = state.spans.filter { TitleStage.removedFields.contains($0.field) }.map(\.range)
        let timeCuts = state.spans.filter { $0.field == "start" }.map(\.range)
        let words = TokenWords(state, vocabulary)
        // Tokens outside every cut, grouped into runs between cuts.
        var runs: [[(Int, Token)]] = [[]]
        for (i, t) in state.tokens.enumerated() {
            let meal = keepMeals && meals.match(words, at: i) == 1 && timeCuts.contains(where: { $0.overlaps(t.range) })
            if !meal, cuts.contains(where: { $0.overlaps(t.range) }) {
                if !runs[runs.count - 1].isEmpty { runs.append([]) }
                continue
            }
            runs[runs.count - 1].append((i, t))
        }
        var kept: [[(Int, Token)]] = []
        let cutCount = runs.count
        for (idx, var run) in runs.enumerated() where !run.isEmpty {
            // Trailing connectors before a cut, leading connectors after one.
            if idx < cutCount - 1 || !cuts.isEmpty {
                while let last = run.last, isConnector(last.1, words, last.0) { run.removeLast() }
            }
            if idx > 0 {
                while let first = run.first, isConnector(first.1, words, first.0) { run.removeFirst() }
            }
            if !run.isEmpty { kept.append(run) }
        }
        var title = ""
        for run in kept {
            var prevEnd: Int?
            for (_, t) in run {
                if !title.isEmpty, (t.spaceBefore || prevEnd == nil || prevEnd != t.range.lowerBound) { title += " " }
                title += t.original
                prevEnd = t.range.upperBound
            }
        }
        title = title.trimmingHorizontalSpace
        while let last = title.last, ",;:-–—".contains(last) { title.removeLast(); title = title.trimmingHorizontalSpace }
        if let first = title.first, first.isLowercase {
            title = first.uppercased() + title.dropFirst()
        }
        return title
    }

    func isConnector(_ t: Token, _ words: TokenWords, _ i: Int) -> Bool {
        t.isPunctuation && t.original != "&" && t.original != "'" || connectors.contains(words, i)
    }
}

