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
    let vocabulary: Vocabulary
    let meals, connectors, leadingConnectors, mealTimePrepositions, phrasalVerbs, holidays, titleLeads: WordList
    static let removedFields: Set<String> = ["start", "location", "duration", "recurrence"]

    public init(grammar: Grammar, vocabulary: Vocabulary? = nil) {
        let vocabulary = vocabulary ?? Vocabulary(grammar: grammar)
        self.vocabulary = vocabulary
        meals = WordList("meal-word", grammar: grammar, vocabulary: vocabulary)
        connectors = WordList("title-connector", grammar: grammar, vocabulary: vocabulary)
        mealTimePrepositions = WordList("meal-time-prep", grammar: grammar, vocabulary: vocabulary)
        phrasalVerbs = WordList("phrasal-verb", grammar: grammar, vocabulary: vocabulary)
        holidays = WordList("holiday-word", grammar: grammar, vocabulary: vocabulary)
        titleLeads = WordList("title-lead", grammar: grammar, vocabulary: vocabulary)
        leadingConnectors = WordList("title-leading-connector", grammar: grammar, vocabulary: vocabulary)
    }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        let words = TokenWords(&state, vocabulary)
        state.event.title = title(state, words, keepMeals: false)
        if state.event.title.isEmpty { state.event.title = title(state, words, keepMeals: true) }
        if state.event.title.isEmpty { state.event.title = holidayName(state, words) ?? "" }
    }

    /// A holiday the time was said by, as typed, for an event with nothing else to call it
    /// ("Thanksgiving weekend at Mom's" → "Thanksgiving"), when the time phrase starts with it
    /// (connectors aside: "on Canada Day"); "the day after Thanksgiving" is not Thanksgiving.
    func holidayName(_ state: ParseState, _ words: TokenWords) -> String? {
        let tokens = state.tokens
        let starts = state.spans.filter { $0.field == "start" }.map(\.range)
        for i in tokens.indices {
            let n = holidays.match(words, at: i)
            guard n > 0, let span = starts.first(where: { $0.contains(tokens[i].range.lowerBound) }) else { continue }
            var k = i - 1
            while k >= 0, tokens[k].range.lowerBound >= span.lowerBound, isConnector(tokens, words, k) { k -= 1 }
            guard k < 0 || tokens[k].range.lowerBound < span.lowerBound else { continue }
            let name = state.slice(tokens[i].range.lowerBound..<tokens[i + n - 1].range.upperBound)
            guard let first = name.first else { return nil }
            return first.isLowercase ? first.uppercased() + name.dropFirst() : name
        }
        return nil
    }

    func title(_ state: ParseState, _ words: TokenWords, keepMeals: Bool) -> String {
        let tokens = state.tokens
        let cuts = state.spans.filter { TitleStage.removedFields.contains($0.field) }.map(\.range)
        let timeCuts = state.spans.filter { $0.field == "start" }.map(\.range)
        // Tokens outside every cut, grouped into runs between cuts (as token indexes: copying
        // tokens costs reference counting on their strings).
        let kept = keptMeals(tokens, words, timeCuts: timeCuts, all: keepMeals)
        var runs: [Range<Int>] = []
        var runStart = -1
        for i in tokens.indices {
            let r = tokens[i].range
            if !kept.contains(i), cuts.contains(where: { $0.overlaps(r) }) {
                if runStart >= 0 { runs.append(runStart..<i); runStart = -1 }
                continue
            }
            if runStart < 0 { runStart = i }
        }
        if runStart >= 0 { runs.append(runStart..<tokens.count) }
        var title = ""
        // The text may start with a cut ("All day Friday: offsite"): its first run follows one.
        let startsWithCut = runs.first.map { $0.lowerBound > 0 } ?? false
        for (idx, whole) in runs.enumerated() {
            var run = whole
            // What the note is, not its name: "Remind me to call Mom at 5" → "Call Mom".
            if run.lowerBound == 0 {
                let lead = titleLeads.match(words, at: 0)
                if lead > 0, lead < run.count { run = lead..<run.upperBound }
            }
            // Trailing connectors before a cut, leading connectors after one; a verb's particle
            // stays ("Check in every 2 weeks").
            if !cuts.isEmpty {
                while !run.isEmpty, isConnector(tokens, words, run.upperBound - 1),
                      !(run.count >= 2 && phrasalVerbs.match(words, at: run.upperBound - 2) == 2) {
                    run = run.lowerBound..<(run.upperBound - 1)
                }
            }
            if idx > 0 || startsWithCut {
                while !run.isEmpty, isLeadingConnector(tokens, words, run.lowerBound) { run = (run.lowerBound + 1)..<run.upperBound }
            }
            var prevEnd: Int?
            for i in run {
                if !title.isEmpty, (tokens[i].spaceBefore || prevEnd == nil || prevEnd != tokens[i].range.lowerBound) { title += " " }
                title += tokens[i].original
                prevEnd = tokens[i].range.upperBound
            }
        }
        title = title.trimmingHorizontalSpace
        while let last = title.unicodeScalars.last, TitleStage.isTrailingPunctuation(last) {
            title.removeLast()
            title = title.trimmingHorizontalSpace
        }
        return TitleStage.capitalized(title)
    }

    /// The first letter upper-cased when it is lower-case. A first character that is one ASCII
    /// scalar (its second scalar, if any, is ASCII too) is checked on its byte.
    static func capitalized(_ title: String) -> String {
        var scalars = title.unicodeScalars.makeIterator()
        if let a = scalars.next(), a.isASCII, scalars.next()?.isASCII ?? true {
            guard a.value >= 0x61 && a.value <= 0x7A else { return title }
            var bytes = Array(title.utf8)
            bytes[0] -= 0x20
            return String(decoding: bytes, as: UTF8.self)
        }
        var title = title
        if let first = title.first, first.isLowercase {
            title = first.uppercased() + title.dropFirst()
        }
        return title
    }

    /// `,;:-–—` (and U+037E, which is canonically a semicolon): dropped from the title's end.
    static func isTrailingPunctuation(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2C, 0x3B, 0x3A, 0x2D, 0x2013, 0x2014, 0x037E: return true
        default: return false
        }
    }

    /// The indexes of the tokens inside a time span that stay in the title: meals, and a "for"
    /// just before one ("for lunch" is the event's purpose). With `all` false, a meal after a
    /// word of `meal-time-prep` ("at lunch") is cut like the rest of the time.
    func keptMeals(_ tokens: [Token], _ words: TokenWords, timeCuts: [Range<Int>], all: Bool) -> Set<Int> {
        var kept: Set<Int> = []
        for i in tokens.indices where meals.match(words, at: i) == 1 && timeCuts.contains(where: { $0.overlaps(tokens[i].range) }) {
            if !all, i > 0, mealTimePrepositions.contains(words, i - 1) { continue }
            kept.insert(i)
            if i > 0, tokens[i - 1].pieces.count == 1, tokens[i - 1].pieces[0].text == "for" { kept.insert(i - 1) }
        }
        return kept
    }

    /// A connector left dangling at the start of a run after a cut: punctuation and the words
    /// of `title-leading-connector` ("Friday: offsite", "Tomorrow 3pm - dentist"). Other
    /// connectors open a phrase of their own there ("Call Mom Friday about the trip", "Flight
    /// Friday to Boston").
    func isLeadingConnector(_ tokens: [Token], _ words: TokenWords, _ i: Int) -> Bool {
        tokens[i].isPunctuation && tokens[i].original != "&" && tokens[i].original != "'" || leadingConnectors.contains(words, i)
    }

    func isConnector(_ tokens: [Token], _ words: TokenWords, _ i: Int) -> Bool {
        tokens[i].isPunctuation && tokens[i].original != "&" && tokens[i].original != "'" || connectors.contains(words, i)
    }
}
