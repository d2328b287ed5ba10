/// Stage 4: the title is the text no stage claimed, cleaned.
///
/// Phrases that became the time, location, duration or recurrence are cut out; connector
/// words left dangling at a cut ("Dentist at 3pm" → "Dentist", "due on the 28th" → "due")
/// go with them; whitespace collapses; the first letter is upper-cased and the rest stays as
/// typed. Emoji stay ("Road trip this weekend 🚗" → "Road trip 🚗"), and so do marks typed onto
/// a title word ("Flu jab!! thurs 9:40am" → "Flu jab!!") and brackets closed in the title ("Party
/// (BYOB) sat 8pm"); punctuation left at the end or the start of the title by a cut is a
/// dangling separator and goes ("Lunch, Friday" → "Lunch", "Friday: offsite" → "Offsite"), but
/// the text around a cut otherwise stays as typed: a separator between kept words ("Let's grab
/// coffee tomorrow at 8:30, my treat" → "Let's grab coffee, my treat") and the marks that end
/// the text ("Can we move the retro to Thursday 2:30?" → "Can we move the retro?", "Party
/// tonight!!" → "Party!!"). People stay in the title
/// ("Lunch with Alex"). A meal that gave the time is what the
/// event is, so it stays ("dinner on Sat at 7 with Jo" → "Dinner with Jo", "Meet Bob for lunch
/// tomorrow" → "Meet Bob for lunch"), unless a word of `meal-time-prep` makes it only a time
/// ("Sync at lunch" → "Sync"); then it stays only when nothing else is left ("at lunch
/// tomorrow" → "Lunch"). "lunchtime" is only a time (the `meal-word` lexicon holds meals). With
/// nothing else left, a holiday named is the title ("Christmas" → "Christmas").
public final class TitleStage: Stage {
    public let name = "title"
    let vocabulary: Vocabulary
    let meals, connectors, leadingConnectors, mealTimePrepositions, mealVerbs, phrasalVerbs, holidays, titleLeads, determiners: WordList
    /// "to my calendar" and the verb that puts a thing there ("Add dentist to my calendar").
    let calendarRefs, calendarVerbs: WordList
    static let removedFields: Set<String> = ["start", "location", "duration", "recurrence", "notes", "reference"]

    public init(grammar: Grammar, vocabulary: Vocabulary? = nil) {
        let vocabulary = vocabulary ?? Vocabulary(grammar: grammar)
        self.vocabulary = vocabulary
        meals = WordList("meal-word", grammar: grammar, vocabulary: vocabulary)
        connectors = WordList("title-connector", grammar: grammar, vocabulary: vocabulary)
        mealTimePrepositions = WordList("meal-time-prep", grammar: grammar, vocabulary: vocabulary)
        mealVerbs = WordList("meal-verb", grammar: grammar, vocabulary: vocabulary)
        phrasalVerbs = WordList("phrasal-verb", grammar: grammar, vocabulary: vocabulary)
        holidays = WordList("holiday-word", grammar: grammar, vocabulary: vocabulary)
        titleLeads = WordList("title-lead", grammar: grammar, vocabulary: vocabulary)
        calendarRefs = WordList("calendar-ref", grammar: grammar, vocabulary: vocabulary)
        calendarVerbs = WordList("calendar-verb", grammar: grammar, vocabulary: vocabulary)
        leadingConnectors = WordList("title-leading-connector", grammar: grammar, vocabulary: vocabulary)
        determiners = WordList("determiner", grammar: grammar, vocabulary: vocabulary)
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

    /// A request to put the event in the calendar says nothing of the event: "Add dentist to my
    /// calendar for next Friday" is the dentist; "Put lunch with Sarah on my calendar". The
    /// ranges of "to my calendar" and of the verb that opens the text with it ("add", "put",
    /// and a following "a"/"an").
    func calendarRequest(_ tokens: [Token], _ words: TokenWords) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i < tokens.count {
            let n = calendarRefs.match(words, at: i)
            if n > 0 { out.append(tokens[i].range.lowerBound..<tokens[i + n - 1].range.upperBound); i += n } else { i += 1 }
        }
        guard !out.isEmpty else { return [] }
        let verb = calendarVerbs.match(words, at: 0)
        if verb > 0, verb < tokens.count {
            var end = verb
            if end < tokens.count, tokens[end].text == "a" || tokens[end].text == "an" { end += 1 }
            out.append(tokens[0].range.lowerBound..<tokens[end - 1].range.upperBound)
        }
        return out
    }

    func title(_ state: ParseState, _ words: TokenWords, keepMeals: Bool) -> String {
        let tokens = state.tokens
        var cuts = state.spans.filter { TitleStage.removedFields.contains($0.field) }.map(\.range) + calendarRequest(tokens, words)
        // (Nor from a reply's quoted part or a signature.)
        if let end = state.bodyEnd, let last = tokens.last { cuts.append(end..<max(end, last.range.upperBound)) }
        let timeCuts = state.spans.filter { $0.field == "start" }.map(\.range)
        // Tokens outside every cut, grouped into runs between cuts (as token indexes: copying
        // tokens costs reference counting on their strings).
        let kept = keptMeals(tokens, words, timeCuts: timeCuts, all: keepMeals)
        var runs: [Range<Int>] = []
        var runStart = -1
        // The cuts merged and in order, walked beside the tokens (a long text has thousands).
        var merged: [Range<Int>] = []
        for c in cuts.sorted(by: { $0.lowerBound < $1.lowerBound }) where !c.isEmpty {
            if let last = merged.last, c.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, c.upperBound)
            } else {
                merged.append(c)
            }
        }
        var next = 0
        for i in tokens.indices {
            let r = tokens[i].range
            while next < merged.count, merged[next].upperBound <= r.lowerBound { next += 1 }
            if !kept.contains(i), next < merged.count, merged[next].overlaps(r) {
                if runStart >= 0 { runs.append(runStart..<i); runStart = -1 }
                continue
            }
            if runStart < 0 { runStart = i }
        }
        if runStart >= 0 { runs.append(runStart..<tokens.count) }
        var title = ""
        // The text may start with a cut ("All day Friday: offsite"): its first run follows one.
        let startsWithCut = runs.first.map { $0.lowerBound > 0 } ?? false
        // A lead the time cut in two goes whole: "remind me tomorrow to renew…" → "Renew…".
        if runs.count >= 2, runs[0].lowerBound == 0, let to = runs[1].first {
            var lead: [Int32] = []
            for k in runs[0].lowerBound...to where k < runs[0].upperBound || k == to { lead += words.ids[words.first[k]..<words.first[k + 1]] }
            if titleLeads.isPhrase(lead, from: 0, to: lead.count) {
                runs[0] = 0..<0
                runs[1] = (to + 1)..<runs[1].upperBound
            }
        }
        for (idx, whole) in runs.enumerated() {
            var run = whole
            // What the note is, not its name: "Remind me to call Mom at 5" → "Call Mom".
            if run.lowerBound == 0 {
                let lead = titleLeads.match(words, at: 0)
                if lead > 0, lead < run.count { run = lead..<run.upperBound }
            }
            // Trailing connectors before a cut, leading connectors after one; a verb's particle
            // stays ("Check in every 2 weeks").
            // (Not before a possessive that was cut: "Following up on Monday's call" keeps "on".)
            let beforePossessive = run.upperBound < tokens.count && tokens[run.upperBound].isPossessive
            if !cuts.isEmpty, !beforePossessive {
                while !run.isEmpty, isConnector(tokens, words, run.upperBound - 1, in: run),
                      !(run.count >= 2 && phrasalVerbs.match(words, at: run.upperBound - 2) == 2),
                      // A word said twice is a particle, then the cut's preposition: "take the
                      // washing in in 15 minutes".
                      !(run.upperBound < tokens.count && tokens[run.upperBound].text == tokens[run.upperBound - 1].text),
                      !(run.upperBound == whole.upperBound && idx + 1 < runs.count && determinesNoun(tokens, words, run.upperBound - 1, next: runs[idx + 1])) {
                    run = run.lowerBound..<(run.upperBound - 1)
                }
            }
            if idx > 0 || startsWithCut {
                while !run.isEmpty, isLeadingConnector(tokens, words, run.lowerBound, in: run),
                      title.isEmpty || !keepsMark(tokens, run) {
                    run = (run.lowerBound + 1)..<run.upperBound
                }
            }
            // A mark kept after a cut sits where it was typed ("you, ok?": no space before ",").
            let gluedMark = !run.isEmpty && !title.isEmpty && tokens[run.lowerBound].isPunctuation && !tokens[run.lowerBound].spaceBefore
            var prevEnd: Int?
            for i in run {
                if !title.isEmpty, (tokens[i].spaceBefore || (prevEnd == nil && !gluedMark) || (prevEnd != nil && prevEnd != tokens[i].range.lowerBound)) { title += " " }
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
            // ("Let's do lunch next Friday": the verb that made the meal its hours stays with it.)
            if i > 0, mealVerbs.contains(words, i - 1) { kept.insert(i - 1) }
            // ("Could we do Christmas Day lunch?": so does one opening the cut, the day between.)
            else if let cut = timeCuts.first(where: { $0.overlaps(tokens[i].range) }),
                    let j = tokens.firstIndex(where: { $0.range.overlaps(cut) }), j < i - 1, mealVerbs.contains(words, j) {
                kept.insert(j)
            }
        }
        return kept
    }

    /// Whether a determiner before a cut is the article of the noun after it, the cut words
    /// being the noun's modifier: "Missed the Tuesday meetup" → "Missed the meetup", "Book the
    /// 3pm slot" → "Book the slot". (Before a connector or the end it dangles: "due on the 28th".)
    func determinesNoun(_ tokens: [Token], _ words: TokenWords, _ i: Int, next: Range<Int>) -> Bool {
        guard determiners.contains(words, i), let n = next.first, tokens[n].kind == .word, !tokens[n].isCapitalized || tokens[i].isCapitalized else { return false }
        return !connectors.contains(words, n) && !leadingConnectors.contains(words, n)
    }

    /// Whether the mark opening a run after a cut stays, the title being written so far: the
    /// text is kept as typed around what was cut ("Drinks with Jess tonight at 9, you in?" →
    /// "Drinks with Jess, you in?"; "Can we move the retro to Thursday 2:30?" → "Can we move the
    /// retro?"). A separator stays when words follow it in the run; a mark of tone ("?", "!!")
    /// always stays.
    func keepsMark(_ tokens: [Token], _ run: Range<Int>) -> Bool {
        let first = tokens[run.lowerBound]
        guard first.isPunctuation, !TitleStage.isPictograph(first) else { return false }
        // A closing bracket whose opening one went with the cut goes too ("(Thu) — rehearsal").
        if [")", "]", "}"].contains(first.original) { return false }
        let rest = run.dropFirst()
        // ("Lovely to see you on Wednesday! Lunch again…": the mark ends the sentence before the cut.)
        if TitleStage.isExpressiveMark(first) { return true }
        return rest.contains { !tokens[$0].isPunctuation }
    }

    /// A connector left dangling at the start of a run after a cut: a separator, a mark ("!" after
    /// "tonight!"), and the words of `title-leading-connector` ("Friday: offsite", "Tomorrow 3pm -
    /// dentist"). Other connectors open a phrase of their own there ("Call Mom Friday about the
    /// trip", "Flight Friday to Boston"); an emoji stays, and so does a bracket that the run
    /// closes.
    func isLeadingConnector(_ tokens: [Token], _ words: TokenWords, _ i: Int, in run: Range<Int>) -> Bool {
        if tokens[i].isPunctuation {
            return isDangling(tokens, i) && !TitleStage.isMatchedBracket(tokens, i, in: run)
        }
        return leadingConnectors.contains(words, i)
    }

    /// A connector left dangling at the end of a run before a cut: a separator, or a word of
    /// `title-connector`. An emoji, a mark ("Flu jab!!") and a bracket that the run opened stay.
    /// Without `run`, every punctuation mark but "&" and "'" is one.
    func isConnector(_ tokens: [Token], _ words: TokenWords, _ i: Int, in run: Range<Int>? = nil) -> Bool {
        if tokens[i].isPunctuation {
            guard let run else { return tokens[i].original != "&" && tokens[i].original != "'" }
            return isDangling(tokens, i) && !TitleStage.isExpressiveMark(tokens[i]) && !TitleStage.isMatchedBracket(tokens, i, in: run)
        }
        return connectors.contains(words, i)
    }

    /// Punctuation that is no content of the title: all but "&", "'" and emoji or other
    /// pictographs ("🚗", "🎃", "★").
    func isDangling(_ tokens: [Token], _ i: Int) -> Bool {
        tokens[i].original != "&" && tokens[i].original != "'" && !TitleStage.isPictograph(tokens[i])
    }

    /// An emoji or another pictographic symbol (Unicode `So`: "🚗", "❤️", "★", "🇯🇵").
    static func isPictograph(_ t: Token) -> Bool {
        t.original.unicodeScalars.contains { $0.properties.generalCategory == .otherSymbol || $0.properties.isEmojiPresentation }
    }

    /// Marks of tone: "!", "?", "‼", "⁉", "‽", "…" and their inverted forms.
    static func isExpressiveMark(_ t: Token) -> Bool {
        t.original.unicodeScalars.allSatisfy { "!?¡¿‼⁉‽…".unicodeScalars.contains($0) }
    }

    /// Brackets and quotes by their normalized text: opening → closing. Quotes open and close
    /// with the same mark.
    static let bracketPairs: [String: String] = ["(": ")", "[": "]", "{": "}", "\"": "\"", "«": "»"]

    /// Whether token `i`, a bracket or quote at an edge of `run`, has its partner inside the run:
    /// a closing one an opening one before it, an opening one a closing one after it.
    static func isMatchedBracket(_ tokens: [Token], _ i: Int, in run: Range<Int>) -> Bool {
        let mark = tokens[i].text
        if let close = bracketPairs[mark] {
            // An opening mark (or a quote): a partner after it.
            var depth = 0
            for k in (i + 1)..<run.upperBound {
                if tokens[k].text == close { if depth == 0 { return true }; depth -= 1 } else if tokens[k].text == mark { depth += 1 }
            }
            if close != mark { return false }
        }
        if let open = bracketPairs.first(where: { $0.value == mark })?.key {
            // A closing mark (or a quote): a partner before it.
            var depth = 0
            for k in stride(from: i - 1, through: run.lowerBound, by: -1) {
                if tokens[k].text == open { if depth == 0 { return true }; depth -= 1 } else if tokens[k].text == mark { depth += 1 }
            }
        }
        return false
    }
}
