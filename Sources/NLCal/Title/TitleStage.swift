/// Stage 4: the title is the text no stage claimed, cleaned.
///
/// Phrases that became the time, location, duration or recurrence are cut out; connector
/// words left dangling at a cut ("Dentist at 3pm" → "Dentist", "due on the 28th" → "due")
/// go with them; whitespace collapses; the first letter is upper-cased and the rest stays as
/// typed. People stay in the title ("Lunch with Alex"). A meal that gave the time is what the
/// event is, so it stays ("dinner on Sat at 7 with Jo" → "Dinner with Jo", "Meet Bob for lunch
/// tomorrow" → "Meet Bob for lunch"), unless a word of `meal-time-prep` makes it only a time
/// ("Sync at lunch" → "Sync"); then it stays only when nothing else is left ("at lunch
/// tomorrow" → "Lunch"). "lunchtime" is only a time (the `meal-word` lexicon holds meals). With
/// nothing else left, a holiday named is the title ("Christmas" → "Christmas").
public final class TitleStage: Stage {
    public let name = "title"
    let words: WordLists
    static let removedFields: Set<String> = ["start", "location", "duration", "recurrence"]

    public init(grammar: Grammar) { words = WordLists(grammar: grammar, lists: ["meal-word", "title-connector", "meal-time-prep", "phrasal-verb", "holiday-word"]) }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        state.event.title = title(state, keepMeals: false)
        if state.event.title.isEmpty { state.event.title = title(state, keepMeals: true) }
        if state.event.title.isEmpty { state.event.title = holidayName(state) ?? "" }
    }

    /// A holiday the time was said by, as typed, for an event with nothing else to call it
    /// ("Thanksgiving weekend at Mom's" → "Thanksgiving").
    func holidayName(_ state: ParseState) -> String? {
        let tokens = state.tokens
        for i in tokens.indices {
            let n = words.match("holiday-word", tokens, at: i)
            guard n > 0 else { continue }
            let name = state.slice(tokens[i].range.lowerBound..<tokens[i + n - 1].range.upperBound)
            guard let first = name.first else { return nil }
            return first.isLowercase ? first.uppercased() + name.dropFirst() : name
        }
        return nil
    }

    func title(_ state: ParseState, keepMeals: Bool) -> String {
        let cuts = state.spans.filter { TitleStage.removedFields.contains($0.field) }.map(\.range)
        let timeCuts = state.spans.filter { $0.field == "start" }.map(\.range)
        // Tokens outside every cut, grouped into runs between cuts.
        let kept = keptMeals(state.tokens, timeCuts: timeCuts, all: keepMeals)
        var runs: [[Token]] = [[]]
        for (i, t) in state.tokens.enumerated() {
            if !kept.contains(i), cuts.contains(where: { $0.overlaps(t.range) }) {
                if !runs[runs.count - 1].isEmpty { runs.append([]) }
                continue
            }
            runs[runs.count - 1].append(t)
        }
        var keptRuns: [[Token]] = []
        let cutCount = runs.count
        // The text may start with a cut ("All day Friday: offsite"): its first run follows one.
        let startsWithCut = state.tokens.first.map { t in !kept.contains(0) && cuts.contains { $0.overlaps(t.range) } } ?? false
        for (idx, var run) in runs.enumerated() where !run.isEmpty {
            // Trailing connectors before a cut, leading connectors after one; a verb's particle
            // stays ("Check in every 2 weeks").
            if idx < cutCount - 1 || !cuts.isEmpty {
                while let last = run.last, isConnector(last), !endsWithPhrasalVerb(run) { run.removeLast() }
            }
            if idx > 0 || startsWithCut {
                while let first = run.first, isConnector(first) { run.removeFirst() }
            }
            if !run.isEmpty { keptRuns.append(run) }
        }
        var title = ""
        for run in keptRuns {
            var prevEnd: Int?
            for t in run {
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

    /// The indexes of the tokens inside a time span that stay in the title: meals, and a "for"
    /// just before one ("for lunch" is the event's purpose). With `all` false, a meal after a
    /// word of `meal-time-prep` ("at lunch") is cut like the rest of the time.
    func keptMeals(_ tokens: [Token], timeCuts: [Range<Int>], all: Bool) -> Set<Int> {
        var kept: Set<Int> = []
        for i in tokens.indices where words.match("meal-word", tokens, at: i) == 1
            && timeCuts.contains(where: { $0.overlaps(tokens[i].range) }) {
            let before = i > 0 ? tokens[i - 1] : nil
            if !all, let before, words.contains("meal-time-prep", before) { continue }
            kept.insert(i)
            if let before, before.pieces.count == 1, before.pieces[0].text == "for" { kept.insert(i - 1) }
        }
        return kept
    }

    /// The run ends with a verb and its particle, which the particle cannot be cut from
    /// ("check in", "drop by", "log on": the `phrasal-verb` list).
    func endsWithPhrasalVerb(_ run: [Token]) -> Bool {
        run.count >= 2 && words.match("phrasal-verb", Array(run.suffix(2)), at: 0) == 2
    }

    func isConnector(_ t: Token) -> Bool {
        t.isPunctuation && t.original != "&" && t.original != "'" || words.contains("title-connector", t)
    }
}

