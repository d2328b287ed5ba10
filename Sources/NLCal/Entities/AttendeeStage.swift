/// Stage 3b: finds the people taking part.
///
/// People are named after an introducing word ("with", "w/", "w"), as the object of a contact
/// verb ("call Mom", "email Aiko", "FaceTime Grandpa"), or by email address. Lists join with
/// ",", "and", "&", and may mix names and addresses ("w/ hr@northwind.co.uk and Ben"). Names
/// stay in the title; possessives ("Lucia's birthday") are not people, and group words ("the
/// Boston team") are not either. A family word of `kin-word` names a person typed in lower case
/// too, after "my" or "our" as well ("call mom", "ring my sister"); plural ones are group words
/// ("parents").
public final class AttendeeStage: Stage {
    public let name = "attendees"
    let vocabulary: Vocabulary
    let contactVerbs, intros, joiners, nameTitles, notNames, prepositions, groupWords, cities, kin, kinDeterminers, kinTitles, subjects: WordList

    public init(grammar: Grammar, vocabulary: Vocabulary? = nil) {
        let vocabulary = vocabulary ?? Vocabulary(grammar: grammar)
        self.vocabulary = vocabulary
        func list(_ name: String) -> WordList { WordList(name, grammar: grammar, vocabulary: vocabulary) }
        contactVerbs = list("contact-verb")
        intros = list("attendee-intro")
        joiners = list("list-joiner")
        nameTitles = list("name-title")
        notNames = list("not-a-name")
        prepositions = list("location-prep")
        groupWords = list("group-word")
        cities = list("zone-city")
        kin = list("kin-word")
        kinDeterminers = list("kin-determiner")
        kinTitles = list("kin-title")
        subjects = list("subject-pronoun")
    }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        let tokens = state.tokens
        let words = TokenWords(&state, vocabulary)
        var people: [Attendee] = []
        var i = 0
        while i < tokens.count {
            // (Nobody from a reply's quoted part or a signature: its sender is no guest.)
            if let end = state.bodyEnd, tokens[i].range.lowerBound >= end { break }
            // Fields read from the array in place: a copy of a token retains its strings.
            if tokens[i].kind == .email, !people.contains(where: { $0.email == tokens[i].original }) {
                people.append(Attendee(email: tokens[i].original))
                state.spans.append(FieldSpan(field: "attendees", range: tokens[i].range, text: tokens[i].original, rules: ["attendee-email"]))
                i += 1
                continue
            }
            if state.isClaimed(tokens[i].range) { i += 1; continue }
            let verb = contactVerbs.match(words, at: i)
            let intro = intros.match(words, at: i + verb)
            // A contact verb may be followed directly by the person ("call Mom") or by "with".
            let start = i + verb + intro
            // The verb opens the text or a clause, or follows "to" ("Remind me to call Mom"), a
            // subject or "please" ("could you ring Priya Monday", "pls call Sam").
            let opens = i == 0 || tokens[i - 1].isPunctuation || ["to", "please", "pls", "plz"].contains(tokens[i - 1].pieces.map(\.text).joined())
                || (verb > 0 && subjects.contains(words, i - 1))
            if (verb > 0 && opens) || intro > 0 {
                let (names, next) = readNames(from: start, tokens, words, state, lowercaseOK: intro > 0 && tokens[i + verb].original.lowercased().hasPrefix("w"))
                if !names.isEmpty {
                    for (name, range, isEmail) in names {
                        if isEmail {
                            guard !people.contains(where: { $0.email == name }) else { continue }
                            people.append(Attendee(email: name))
                            state.spans.append(FieldSpan(field: "attendees", range: range, text: name, rules: ["attendee-email"]))
                        } else {
                            guard !people.contains(where: { $0.name == name }) else { continue }
                            people.append(Attendee(name: name))
                            state.spans.append(FieldSpan(field: "attendees", range: range, text: name, rules: [verb > 0 ? "attendee-contact-verb" : "attendee-with"]))
                        }
                    }
                    i = next
                    continue
                }
            }
            i += 1
        }
        state.event.attendees = people
    }

    /// Reads "Alex", "Rina & Sota", "Hugo and Ruth", "Ms. Mori", "Femi Adeyemi", and addresses in
    /// the list ("hr@northwind.co.uk and Ben"), in order; each with its range and whether it is an
    /// address.
    func readNames(from s: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState, lowercaseOK: Bool) -> ([(String, Range<Int>, Bool)], Int) {
        var out: [(String, Range<Int>, Bool)] = []
        var k = s
        while k < tokens.count {
            if tokens[k].kind == .email {
                out.append((tokens[k].original, tokens[k].range, true))
                k += 1
            } else {
                guard let (range, next) = readName(from: k, tokens, words, state, lowercaseOK: lowercaseOK) else { break }
                out.append((state.slice(range), range, false))
                k = next
            }
            let joiner = joiners.match(words, at: k)
            guard joiner > 0 else { break }
            k += joiner
        }
        return (out, k)
    }

    /// Whether token `k` is a lower-case word that can end a name typed in lower case: no
    /// group, family or linking word, and the time, punctuation or the end right after it.
    func endsLowerCaseName(at k: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState) -> Bool {
        guard k < tokens.count, tokens[k].kind == .word, !tokens[k].isCapitalized, !state.isClaimed(tokens[k].range),
              !notNames.contains(words, k), !groupWords.contains(words, k), joiners.match(words, at: k) == 0,
              prepositions.match(words, at: k) == 0, kin.match(words, at: k) == 0 else { return false }
        return k + 1 == tokens.count || state.isClaimed(tokens[k + 1].range) || tokens[k + 1].isPunctuation
    }

    func readName(from s: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState, lowercaseOK: Bool) -> (Range<Int>, Int)? {
        var k = s
        guard k < tokens.count, !state.isClaimed(tokens[k].range) else { return nil }
        // A handle, as typed: "with @mike" names "@mike".
        if tokens[k].kind == .mention {
            return (tokens[k].range, k + 1)
        }
        let title = nameTitles.match(words, at: k)
        var first = tokens[k]
        if title > 0 { k += title; guard k < tokens.count else { return nil }; first = tokens[k] }
        guard first.kind == .word, !state.isClaimed(first.range) else { return nil }
        // A family by its surname in the plural: "with the Khans", "w/ the Hendersons".
        if title == 0, first.pieces.map(\.text) == ["the"], k + 1 < tokens.count {
            let family = tokens[k + 1]
            if family.kind == .word, family.isCapitalized, family.original.hasSuffix("s"), !family.isPossessive,
               family.original.count > 3, !state.isClaimed(family.range), !notNames.contains(words, k + 1),
               !groupWords.contains(words, k + 1), cities.match(words, at: k + 1) == 0,
               k + 2 >= tokens.count || !(tokens[k + 2].kind == .word && tokens[k + 2].isCapitalized) {
                return (first.range.lowerBound..<family.range.upperBound, k + 2)
            }
        }
        // A family word, as typed: "mom", "my sister", "our dad".
        var isKin = kin.contains(words, k)
        if !isKin, kinDeterminers.contains(words, k), k + 1 < tokens.count, kin.contains(words, k + 1), !state.isClaimed(tokens[k + 1].range) {
            isKin = true
            k += 1
        }
        guard first.isCapitalized || lowercaseOK || isKin else { return nil }
        if !isKin, notNames.contains(words, k) || joiners.match(words, at: k) > 0 { return nil }
        var end = k
        k += 1
        // Further capitalized words belong to the same name ("Femi Adeyemi").
        while k < tokens.count, tokens[k].kind == .word, tokens[k].isCapitalized, !state.isClaimed(tokens[k].range),
              !notNames.contains(words, k), prepositions.match(words, at: k) == 0 {
            end = k
            k += 1
        }
        // A name typed in lower case may have a second word that runs up to the time or the end:
        // after a family title ("ring uncle pete 7am", "call w/ aunt sue 6pm") or a first name
        // ("hawker dinner w/ wei ling mon 7"; not "w/ sam re budget fri", "w/ team leads").
        if end == k - 1, isKin ? kinTitles.contains(words, end) : (!first.isCapitalized && !groupWords.contains(words, end)),
           endsLowerCaseName(at: k, tokens, words, state) {
            end = k
            k += 1
        }
        // "Leo's mum", "Naledi's mom": a family word after a possessive name is the person; so is
        // one said after a name as a title ("Call Ravi uncle", "Meena aunty").
        if !isKin, k < tokens.count, kin.contains(words, k), !tokens[k].isCapitalized, !state.isClaimed(tokens[k].range),
           tokens[end].isPossessive || kinTitles.contains(words, k) {
            end = k
            k += 1
        }
        // "the Boston team", "Rex the dog": a group or an animal, not a person.
        // ("Email Gemma the board minutes": a group word with a noun after it is that noun's.)
        var after = k
        var appositive = false
        if after < tokens.count, tokens[after].pieces.map(\.text) == ["the"] { after += 1; appositive = true }
        let modifies = appositive && after + 1 < tokens.count && tokens[after + 1].kind == .word && !tokens[after + 1].isCapitalized
            && !state.isClaimed(tokens[after + 1].range) && prepositions.match(words, at: after + 1) == 0
        if after < tokens.count, groupWords.contains(words, after), !modifies { return nil }
        if groupWords.contains(words, end) { return nil }
        // A place is not a person ("call with Madrid"): the city names of the zone lexicon.
        if cities.match(words, at: title > 0 ? s + title : s) == end - (title > 0 ? s + title : s) + 1 { return nil }
        return (tokens[s].range.lowerBound..<tokens[end].range.upperBound, k)
    }
}
