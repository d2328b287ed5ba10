/// Stage 3b: finds the people taking part.
///
/// People are named after an introducing word ("with", "w/", "w"), as the object of a contact
/// verb ("call Mom", "email Aiko", "FaceTime Grandpa"), or by email address. Lists join with
/// ",", "and", "&". Names stay in the title; possessives ("Lucia's birthday") are not people,
/// and group words ("the Boston team") are not either.
public final class AttendeeStage: Stage {
    public let name = "attendees"
    let words: WordLists

    public init(grammar: Grammar) { words = WordLists(grammar: grammar, lists: ["contact-verb", "attendee-intro", "list-joiner", "name-title", "not-a-name", "location-prep", "group-word", "zone-city"]) }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        let tokens = state.tokens
        var people: [Attendee] = []
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .email, !people.contains(where: { $0.email == t.original }) {
                people.append(Attendee(email: t.original))
                state.spans.append(FieldSpan(field: "attendees", range: t.range, text: t.original, rules: ["attendee-email"]))
                i += 1
                continue
            }
            if state.isClaimed(t.range) { i += 1; continue }
            let verb = words.match("contact-verb", tokens, at: i)
            let intro = words.match("attendee-intro", tokens, at: i + verb)
            // A contact verb may be followed directly by the person ("call Mom") or by "with".
            let start = i + verb + intro
            if (verb > 0 && (i == 0 || tokens[i - 1].isPunctuation)) || intro > 0 {
                let (names, next) = readNames(from: start, tokens, state, lowercaseOK: intro > 0 && tokens[i + verb].original.lowercased().hasPrefix("w"))
                if !names.isEmpty {
                    for (name, range) in names where !people.contains(where: { $0.name == name }) {
                        people.append(Attendee(name: name))
                        state.spans.append(FieldSpan(field: "attendees", range: range, text: name, rules: [verb > 0 ? "attendee-contact-verb" : "attendee-with"]))
                    }
                    i = next
                    continue
                }
            }
            i += 1
        }
        state.event.attendees = people
    }

    /// Reads "Alex", "Rina & Sota", "Hugo and Ruth", "Ms. Mori", "Femi Adeyemi".
    func readNames(from s: Int, _ tokens: [Token], _ state: ParseState, lowercaseOK: Bool) -> ([(String, Range<Int>)], Int) {
        var out: [(String, Range<Int>)] = []
        var k = s
        while k < tokens.count {
            if tokens[k].kind == .email {
                k += 1  // emails are collected on their own
                if k < tokens.count, words.match("list-joiner", tokens, at: k) > 0 { k += 1; continue }
                break
            }
            guard let (range, next) = readName(from: k, tokens, state, lowercaseOK: lowercaseOK && out.isEmpty || lowercaseOK) else { break }
            let name = state.slice(range)
            out.append((name, range))
            k = next
            let joiner = words.match("list-joiner", tokens, at: k)
            guard joiner > 0 else { break }
            k += joiner
        }
        return (out, k)
    }

    func readName(from s: Int, _ tokens: [Token], _ state: ParseState, lowercaseOK: Bool) -> (Range<Int>, Int)? {
        var k = s
        guard k < tokens.count, !state.isClaimed(tokens[k].range) else { return nil }
        // A handle: "with @mike" names mike.
        if tokens[k].kind == .mention, let name = tokens[k].pieces.dropFirst().first {
            return (name.range.lowerBound..<tokens[k].range.upperBound, k + 1)
        }
        let title = words.match("name-title", tokens, at: k)
        var first = tokens[k]
        if title > 0 { k += title; guard k < tokens.count else { return nil }; first = tokens[k] }
        guard first.kind == .word, !state.isClaimed(first.range) else { return nil }
        guard first.isCapitalized || lowercaseOK else { return nil }
        if words.contains("not-a-name", first) || words.match("list-joiner", tokens, at: k) > 0 { return nil }
        var end = k
        k += 1
        // Further capitalized words belong to the same name ("Femi Adeyemi").
        while k < tokens.count, tokens[k].kind == .word, tokens[k].isCapitalized, !state.isClaimed(tokens[k].range),
              !words.contains("not-a-name", tokens[k]), words.match("location-prep", tokens, at: k) == 0 {
            end = k
            k += 1
        }
        // "the Boston team", "Rex the dog": a group or an animal, not a person.
        var after = k
        if after < tokens.count, tokens[after].pieces.map(\.text) == ["the"] { after += 1 }
        if after < tokens.count, words.contains("group-word", tokens[after]) { return nil }
        if words.contains("group-word", tokens[end]) { return nil }
        // A place is not a person ("call with Madrid"): the city names of the zone lexicon.
        if words.match("zone-city", tokens, at: title > 0 ? s + title : s) == end - (title > 0 ? s + title : s) + 1 { return nil }
        return (tokens[s].range.lowerBound..<tokens[end].range.upperBound, k)
    }
}
