/// Stage 3a: finds where the event happens.
///
/// A location is "@Place", or a place phrase after a location preposition ("at the office",
/// "in Leeds", "on Zoom", "via Google Meet"). A place phrase is a venue word, a meeting
/// platform, a URL, or a run of capitalized words ("Tokyo Midtown Hall", "the Clare Hotel",
/// "Kevin's", "Lode & Stijn"). A venue word with a number or letter after it is a place with or
/// without a preposition ("in room 4B", "conference room B", "Room 12"), and so is a meeting
/// link anywhere in the text: a URL whose host names a platform ("zoom.us/j/…",
/// "meet.google.com/…", "teams.microsoft.com/…"). Words already claimed by the date/time stage
/// are never a place, which is how "at 3" stays a time.
///
/// After "the", a run of lower-case words is a place up to its last venue word ("in the church
/// hall", "at the community pool"). After a word of `open-place-prep` ("at", "@") a run without
/// one is a place when the time, a person, a place or the text's end follows it ("Volunteering
/// at the allotment sat 9-noon"), unless a word of `at-not-place` comes before it ("Look at the
/// budget Friday") or it ends with a phrase of `not-a-place` ("at the latest", "at the board
/// meeting").
///
/// In a text typed in lower case (the first word aside), and after "@" in any text, the words
/// from "at"/"@" up to the time or the end are the place: with no capitals to show a name, they
/// are all there is ("touch rugby at western springs", "dinner at lou malnati's wed 7").
///
/// A period after an abbreviation of `place-abbrev` or after an initial stays inside a name ("St.
/// Mark's", "Mt. Hood", "Rm. 204", "DPS R.K. Puram").
public final class LocationStage: Stage {
    public let name = "location"
    let vocabulary: Vocabulary
    let prepositions, platformPreps, venues, destinationPreps, phrasalVerbs, platforms, attendeeIntros, openPlacePreps, notPlaceBefore, notPlaces, placeEnds, connectors, joiners, abbreviations, kin, nameTitles, streetWords: WordList
    /// The platform names, for the labels of a URL's host.
    let platformNames: [[String]]

    public init(grammar: Grammar, vocabulary: Vocabulary? = nil) {
        let vocabulary = vocabulary ?? Vocabulary(grammar: grammar)
        self.vocabulary = vocabulary
        prepositions = WordList("location-prep", grammar: grammar, vocabulary: vocabulary)
        platformPreps = WordList("platform-prep", grammar: grammar, vocabulary: vocabulary)
        venues = WordList("venue", grammar: grammar, vocabulary: vocabulary)
        destinationPreps = WordList("destination-prep", grammar: grammar, vocabulary: vocabulary)
        phrasalVerbs = WordList("phrasal-verb", grammar: grammar, vocabulary: vocabulary)
        platforms = WordList("platform", grammar: grammar, vocabulary: vocabulary)
        attendeeIntros = WordList("attendee-intro", grammar: grammar, vocabulary: vocabulary)
        openPlacePreps = WordList("open-place-prep", grammar: grammar, vocabulary: vocabulary)
        notPlaceBefore = WordList("at-not-place", grammar: grammar, vocabulary: vocabulary)
        notPlaces = WordList("not-a-place", grammar: grammar, vocabulary: vocabulary)
        placeEnds = WordList("place-end", grammar: grammar, vocabulary: vocabulary)
        kin = WordList("kin-word", grammar: grammar, vocabulary: vocabulary)
        nameTitles = WordList("name-title", grammar: grammar, vocabulary: vocabulary)
        connectors = WordList("title-connector", grammar: grammar, vocabulary: vocabulary)
        joiners = WordList("list-joiner", grammar: grammar, vocabulary: vocabulary)
        abbreviations = WordList("place-abbrev", grammar: grammar, vocabulary: vocabulary)
        streetWords = WordList("street-word", grammar: grammar, vocabulary: vocabulary)
        platformNames = grammar.wordLists["platform"] ?? []
    }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        let tokens = state.tokens
        let words = TokenWords(&state, vocabulary)
        // (The first word may have its capital: "Touch rugby at western springs". Found only when
        // asked: most texts have no "at".)
        var lowerCase: Bool?
        func lowerCaseText() -> Bool {
            if let lowerCase { return lowerCase }
            let found = !tokens.dropFirst().contains { $0.kind == .word && $0.isCapitalized }
            lowerCase = found
            return found
        }
        var i = 0
        while i < tokens.count {
            defer { i += 1 }
            // Fields read from the array in place: a copy of a token retains its strings.
            let range = tokens[i].range
            // (Nothing from a reply's quoted part or a signature.)
            if let end = state.bodyEnd, range.lowerBound >= end { break }
            if state.isClaimed(range) { continue }
            var placeStart: Int?
            var anyCase = false
            var spanStart = range.lowerBound
            // "with @mike" names a person, not a place.
            // ("w/" is two tokens.)
            if tokens[i].kind == .mention, (1...2).contains(where: { i >= $0 && attendeeIntros.match(words, at: i - $0) == $0 }) { continue }
            // So does one further on in such a list: "w/ Elena and @marco_v", "w/ @mike and @lena".
            if tokens[i].kind == .mention, i > 0, joiners.match(words, at: i - 1) > 0 || tokens[i - 1].original == ",",
               (max(0, i - 8)..<(i - 1)).contains(where: { attendeeIntros.match(words, at: $0) > 0 }) {
                continue
            }
            if tokens[i].kind == .mention {
                // "@Shibuya": the place starts inside this token.
                if let end = extend(from: i, tokens, words, state, anyCase: true) {
                    let first = tokens[i].pieces.dropFirst().first?.range.lowerBound ?? range.upperBound
                    claim(&state, span: spanStart..<tokens[end].range.upperBound, place: first..<tokens[end].range.upperBound)
                    return
                }
                continue
            }
            if tokens[i].original == "@" { placeStart = i + 1; anyCase = true }
            // A verb's particle is no preposition: "hand in résumé by noon", "check in at 3".
            if i > 0, phrasalVerbs.match(words, at: i - 1) == 2 { continue }
            let prepLen = prepositions.match(words, at: i)
            if placeStart == nil && prepLen > 0 { placeStart = i + prepLen }
            guard let s = placeStart, s < tokens.count, !state.isClaimed(tokens[s].range) else { continue }
            // ("on Zoom", "via Teams": only a platform, a link or a place word ("on floor 3") after these.)
            if prepLen > 0, platformPreps.match(words, at: i) == prepLen, platforms.match(words, at: s) == 0, tokens[s].kind != .url,
               venues.match(words, at: s) == 0 { continue }
            spanStart = range.lowerBound
            // "at the food bank" before a time: the whole noun phrase (not after "Look at").
            let open = (tokens[i].original == "@" || openPlacePreps.match(words, at: i) == prepLen)
                && !(i > 0 && notPlaceBefore.contains(words, i - 1))
            var found = placeEnd(from: s, tokens, words, state, anyCase: anyCase, open: open)
            // Typed all in lower case, names have no capitals to show them: after "@", or after
            // "at" in such a text, the words up to the time or the end are the place ("touch rugby
            // at western springs", "dinner at lou malnati's wed 7", "@ oval maidan sat 6:30am").
            if open, tokens[i].original == "@" || lowerCaseText(), let run = lowerCaseRunBeforeTime(from: s, tokens, words, state), run > (found ?? -1) {
                found = run
            }
            if let end = found {
                claim(&state, span: spanStart..<tokens[end].range.upperBound, place: tokens[s].range.lowerBound..<tokens[end].range.upperBound)
                return
            }
            if open, let end = possessivePlace(from: s, tokens, words, state) ?? bareVenueRun(from: s, tokens, words, state) {
                claim(&state, span: spanStart..<tokens[end].range.upperBound, place: tokens[s].range.lowerBound..<tokens[end].range.upperBound)
                return
            }
            if tokens[i].original.lowercased() == "in", let end = lowerCaseRunBeforeTime(from: s, tokens, words, state) {
                claim(&state, span: spanStart..<tokens[end].range.upperBound, place: tokens[s].range.lowerBound..<tokens[end].range.upperBound)
                return
            }
        }
        // No preposition: a numbered venue ("Room 12") or a meeting link.
        for k in tokens.indices where !state.isClaimed(tokens[k].range) {
            let range = tokens[k].range
            if tokens[k].kind == .url, isMeetingLink(tokens[k]) {
                claim(&state, span: range, place: range)
                return
            }
            let venue = venues.match(words, at: k)
            if venue > 0, k == 0 || !destinationPreps.contains(words, k - 1), let end = numbered(after: k + venue - 1, tokens, words, state) {
                claim(&state, span: range.lowerBound..<tokens[end].range.upperBound, place: range.lowerBound..<tokens[end].range.upperBound)
                return
            }
        }
    }

    /// After "in", one to three words typed without capitals that run up to the time phrase or
    /// to the end of the text name a place: "conf in austin jun 15-17", "ski trip 16-23 jan in
    /// val d'isere", "mtg … in salle 3". Words of `not-a-place` ("in person", "in progress")
    /// and linking words stop it.
    func lowerCaseRunBeforeTime(from s: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState) -> Int? {
        guard s < tokens.count, tokens[s].kind == .word else { return nil }
        var k = s
        while k < tokens.count, k - s < 3, !state.isClaimed(tokens[k].range) {
            let numbered = tokens[k].kind == .number || tokens[k].kind == .compound
            guard numbered || (isRunWord(k, tokens, words, state) && !notPlaces.contains(words, k)) else { return nil }
            k += 1
        }
        guard k > s, k == tokens.count || state.isClaimed(tokens[k].range) else { return nil }
        return k - 1
    }

    /// After "at", up to three lower-case words ending in a venue word, with no "the": "Satsang
    /// every Sunday 6 pm at community hall", "fitting at tailor's shop Thursday 4pm". The venue
    /// word must end the run (the time, punctuation or the text's end follows).
    func bareVenueRun(from s: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState) -> Int? {
        var k = s
        while k < tokens.count, k - s < 3, isRunWord(k, tokens, words, state) || possessiveWord(tokens[k], state) { k += 1 }
        guard k > s, k - 1 > s || venues.match(words, at: s) == 1 else { return nil }
        let last = k - 1
        guard venues.contains(words, last) else { return nil }
        guard k == tokens.count || state.isClaimed(tokens[k].range) || tokens[k].isPunctuation else { return nil }
        return last
    }

    func possessiveWord(_ t: Token, _ state: ParseState) -> Bool {
        t.kind == .word && !t.isCapitalized && !state.isClaimed(t.range) && t.isPossessive
    }

    /// After "at", someone's home typed in lower case: "bbq at shaz's sun arvo", "drinks at jo's
    /// place fri 8", "dinner at aunt miriam's friday 7" (a family word or a title may come
    /// first). The possessive (with a venue word after it) must run up to the time phrase,
    /// punctuation or the end of the text.
    func possessivePlace(from start: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState) -> Int? {
        var s = start
        if s + 1 < tokens.count, kin.match(words, at: s) == 1 || nameTitles.match(words, at: s) == 1, !state.isClaimed(tokens[s].range) { s += 1 }
        guard s < tokens.count, tokens[s].kind == .word, !state.isClaimed(tokens[s].range) else { return nil }
        let t = tokens[s].original
        guard t.count > 2, t.hasSuffix("'s") || t.hasSuffix("’s") else { return nil }
        var end = s
        let venue = venues.match(words, at: s + 1)
        if venue > 0 { end = s + venue }
        let next = end + 1
        guard next == tokens.count || state.isClaimed(tokens[next].range) || tokens[next].isPunctuation else { return nil }
        return end
    }

    /// A URL whose host has a platform word among its labels (zoom, meet, teams, webex…).
    func isMeetingLink(_ t: Token) -> Bool {
        var s = Substring(t.original.lowercased())
        if let r = s.range(of: "://") { s = s[r.upperBound...] }
        let host = s.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard host.contains("."), s.count > host.count else { return false }
        let labels = host.split(separator: ".").map(String.init)
        return platformNames.contains { $0.count == 1 && labels.contains($0[0]) }
    }

    /// The identifier after a venue word ("4B", "12", "B", "3.14", "#12"; "Rm. 204" after an
    /// abbreviation's period), or nil.
    func numbered(after i: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState) -> Int? {
        var k = i + 1
        if abbreviationPeriod(at: k, tokens, words) { k += 1 }
        guard k < tokens.count, tokens[k].spaceBefore || k > i + 1, !state.isClaimed(tokens[k].range) else { return nil }
        // "Room #12": the sign glued to its number.
        if tokens[k].original == "#", k + 1 < tokens.count, !tokens[k + 1].spaceBefore, !state.isClaimed(tokens[k + 1].range),
           tokens[k + 1].kind == .number || tokens[k + 1].kind == .compound {
            return k + 1
        }
        let t = tokens[k]
        if t.kind == .number || t.kind == .compound { return k }
        if t.kind == .word, t.original.count == 1, t.isCapitalized { return k }
        return nil
    }

    /// Whether token `k` is the period of an abbreviation of `place-abbrev` typed just before it
    /// ("St.", "Mt.", "Ave.", "Rm.").
    func abbreviationPeriod(at k: Int, _ tokens: [Token], _ words: TokenWords) -> Bool {
        k > 0 && k < tokens.count && tokens[k].original == "." && !tokens[k].spaceBefore && abbreviations.match(words, at: k - 1) == 2
    }

    /// Whether token `k` is a period glued to an initial or to dotted initials ("R.K", "J").
    func initialPeriod(at k: Int, _ tokens: [Token]) -> Bool {
        guard k > 0, k < tokens.count, tokens[k].original == ".", !tokens[k].spaceBefore else { return false }
        // (Not an acronym ending a sentence: "Meet at IBM. Then lunch".)
        let said = tokens[k - 1].original
        let initials = said.filter { $0 != "." }
        return (initials.count == 1 || (initials.count <= 3 && said.contains("."))) && initials.allSatisfy { $0.isUppercase }
    }

    /// Whether token `k` continues a run of lower-case words after "the": a word typed in lower
    /// case, unclaimed, and no connector, list joiner, location preposition, person's introduction
    /// or word of `place-end` ("at the pub after work").
    func isRunWord(_ k: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState) -> Bool {
        guard k < tokens.count, tokens[k].kind == .word || LocationStage.isOrdinal(tokens[k]), !tokens[k].isCapitalized,
              !state.isClaimed(tokens[k].range) else { return false }
        return !(connectors.contains(words, k) || joiners.match(words, at: k) > 0 || prepositions.match(words, at: k) > 0
            || attendeeIntros.match(words, at: k) > 0 || placeEnds.contains(words, k))
    }

    /// "5th", "2nd": an ordinal in digits, a word of a place's name ("the 5th floor boardroom").
    static func isOrdinal(_ t: Token) -> Bool {
        guard t.kind == .compound, t.pieces.count == 2, t.pieces[0].text.allSatisfy(\.isNumber) else { return false }
        return ["st", "nd", "rd", "th"].contains(t.pieces[1].text.lowercased())
    }

    /// The last token of a place named by "the" and a run of lower-case words ("the church
    /// hall", "the food bank"), or nil when the run names no place. `the` is the index of "the".
    /// A run that ends with a phrase of `not-a-place` is none ("at the latest", "at the office
    /// party"). Otherwise the place ends at the run's last venue word ("in the church hall", "at
    /// the park with Jo"); a run of three words at most without one is the place after an open
    /// preposition when the time, a person, a place, punctuation or the text's end follows it
    /// ("at the allotment sat 9-noon"). Runs stop at four words.
    func nounPhraseEnd(the: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState, open: Bool) -> Int? {
        let first = the + 1
        var end = first
        while end - first < 4, isRunWord(end, tokens, words, state) { end += 1 }
        for k in first..<end where notPlaces.match(words, at: k) == end - k { return nil }
        // The last venue phrase inside the run, "the" included ("the town hall", "the dmv").
        var head: Int?
        for k in the..<end {
            let n = venues.match(words, at: k)
            if n > 0, k + n <= end { head = max(head ?? 0, k + n - 1) }
        }
        if let head { return numbered(after: head, tokens, words, state) ?? head }
        let bounded = end == tokens.count || state.isClaimed(tokens[end].range) || tokens[end].isPunctuation
            || prepositions.match(words, at: end) > 0 || attendeeIntros.match(words, at: end) > 0
        guard open, bounded, end - first <= 3 else { return nil }
        return end - 1
    }

    /// The last token of a place phrase starting at `s`, or nil when none starts there.
    func placeEnd(from s: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState, anyCase: Bool, open: Bool) -> Int? {
        if tokens[s].kind == .url {
            // A name written as a domain goes on with the capitalized words after it
            // ("Crypto.com Arena"); a link is the place alone.
            guard tokens[s].isCapitalized, !tokens[s].original.contains("/") else { return s }
            return extend(from: s, tokens, words, state, anyCase: false) ?? s
        }
        let platform = platforms.match(words, at: s)
        if platform > 0 { return s + platform - 1 }
        let isThe = tokens[s].pieces.count == 1 && tokens[s].pieces[0].text == "the"
        // (A capitalized name after "the" is read whole below: "the Museum of the Moving Image".)
        if isThe, isRunWord(s + 1, tokens, words, state), s + 1 < tokens.count, !tokens[s + 1].isCapitalized {
            return nounPhraseEnd(the: s, tokens, words, state, open: open)
        }
        let venue = venues.match(words, at: s)
        if venue > 0 {
            if let end = numbered(after: s + venue - 1, tokens, words, state) {
                // ("Clinic 4B, Royal Infirmary": then the building it is in.)
                if end + 2 < tokens.count, tokens[end + 1].original == ",", let last = nameRunToPlaceEnd(from: end + 2, tokens, words, state) {
                    return last
                }
                return end
            }
            // A venue word that starts a name is the name: "at Cafe Roma", "at Home Depot".
            let next = s + venue
            // ("Bar do Juarez", "Museum of London": a name joined by a small word.)
            // ("the Museum of the Moving Image": the name's first word is after "the".)
            let head = isThe && venue > 1 ? s + 1 : s
            let joined = next + 1 < tokens.count && LocationStage.nameJoiners.contains(tokens[next].original.lowercased())
                && (tokens[next + 1].isCapitalized || (next + 2 < tokens.count && tokens[next + 1].original.lowercased() == "the" && tokens[next + 2].isCapitalized))
            if tokens[head].isCapitalized, next < tokens.count, tokens[next].isCapitalized || joined, !state.isClaimed(tokens[next].range) {
                return extend(from: head, tokens, words, state, anyCase: false, afterThe: isThe)
            }
            // ("school hall", "church hall": the kind of place goes on.)
            return venueRunEnd(s + venue - 1, tokens, words, state)
        }
        var first = s
        if isThe, s + 1 < tokens.count { first = s + 1 }
        let named = isThe && first > s
        // A street address: a house number and a capitalized name ("at 123 Main St"), or a
        // numbered street after "at" ("at 1st Ave & 86th", "at 3rd Street Promenade"; a parade
        // "on 5th Ave" goes along it).
        let numbered = tokens[first].kind == .number || (open && LocationStage.isOrdinal(tokens[first]) && streetWords.contains(words, first + 1))
        // ("at 350 5th Ave": a house number, then a numbered street.)
        let numberedStreet = tokens[first].kind == .number && first + 2 < tokens.count && LocationStage.isOrdinal(tokens[first + 1])
            && streetWords.contains(words, first + 2)
        let address = numbered && first + 1 < tokens.count && (tokens[first + 1].isCapitalized || numberedStreet)
            && !state.isClaimed(tokens[first + 1].range)
        guard anyCase || address || tokens[first].isCapitalized, !state.isClaimed(tokens[first].range) else { return nil }
        return extend(from: first, tokens, words, state, anyCase: anyCase, afterThe: named)
    }

    /// Extends a place over following words: capitalized words, numbers, "&", "of", "'s".
    /// After "the" ("the Lamb and Flag", "the Arts and Culture Centre"), "and" before a
    /// capitalized word joins the name too, and so it does elsewhere when the name after it
    /// ends the place phrase (`nameEndsPlace`).
    func extend(from s: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState, anyCase: Bool, afterThe: Bool = false) -> Int? {
        var end = s
        var k = s + 1
        while k < tokens.count {
            let t = tokens[k]
            if state.isClaimed(t.range) { break }
            // A compass point ending a street's name: "88 Queens Quay W" (not "w" for "with").
            if t.original.count == 1, "NESW".contains(t.original),
               k + 1 == tokens.count || state.isClaimed(tokens[k + 1].range) || (tokens[k + 1].kind == .punctuation && tokens[k + 1].original != ".") {
                end = k
                break
            }
            // The town a place is in: "the Ace Hotel in Palm Springs", "Nobu in Malibu".
            if t.original.lowercased() == "in", let last = nameRunToPlaceEnd(from: k + 1, tokens, words, state) {
                end = last
                k = last + 1
                continue
            }
            if attendeeIntros.match(words, at: k) > 0 || prepositions.match(words, at: k) > 0 { break }
            // A possessive and a place word: "Jake's place", "Mom's house".
            if tokens[k - 1].text.hasSuffix("'s") || tokens[k - 1].text.hasSuffix("s'") {
                let venue = venues.match(words, at: k)
                if venue > 0 { end = venueRunEnd(k + venue - 1, tokens, words, state); break }
            }
            // A name, then its street address: "Blue Bottle, 66 Mint St".
            if t.original == ",", k + 2 < tokens.count, tokens[k + 1].kind == .number, tokens[k + 2].isCapitalized,
               !state.isClaimed(tokens[k + 1].range), !state.isClaimed(tokens[k + 2].range) {
                end = k + 2
                k += 3
                continue
            }
            // A name, then where it is: "Blue Bottle, Hayes Valley w/ Sam", "St Thomas' Hospital,
            // Westminster Bridge Rd, Mon 9:30", "Lincoln Elementary, Room 12, Thursday".
            if t.original == ",", let last = nameRunToPlaceEnd(from: k + 1, tokens, words, state) {
                end = last
                k = last + 1
                continue
            }
            // An abbreviation's period inside a name: "St. Mark's", "Mt. Hood", "E. 14th St".
            // So is an initial's: "DPS R.K. Puram", "J. Paul Getty Museum".
            if abbreviationPeriod(at: k, tokens, words) || initialPeriod(at: k, tokens), k + 1 < tokens.count, !state.isClaimed(tokens[k + 1].range),
               tokens[k + 1].isCapitalized || tokens[k + 1].kind == .number || tokens[k + 1].kind == .compound {
                end = k + 1
                k += 2
                continue
            }
            // A plural possessive's apostrophe: "the Garcias'", "the Kaplans'".
            if t.original == "'" || t.original == "’", !t.spaceBefore, tokens[k - 1].original.hasSuffix("s"),
               k + 1 == tokens.count || tokens[k + 1].spaceBefore {
                end = k
                k += 1
                continue
            }
            if t.kind == .punctuation && t.original != "&" && t.original != "'" { break }
            let joiner = t.original == "&" || t.original == "+" || LocationStage.nameJoiners.contains(t.original.lowercased())
                || (t.original == "and" && (afterThe || nameEndsPlace(after: k, tokens, words, state)))
            if t.isCapitalized || t.kind == .number || t.kind == .compound || (anyCase && t.kind == .word) {
                end = k
            } else if t.kind == .word, t.isPossessive, tokens[k - 1].isCapitalized {
                // A name's honorific in lower case, then whose place: "at Sharma ji's".
                end = k
            } else if t.kind == .word, venues.match(words, at: k) == 1 {
                // A name and the kind of place it is, in lower case: "DPS school", "Smith's
                // hall", "Riverside park", "St Anne's church hall".
                end = venueRunEnd(k, tokens, words, state)
                break

            } else if t.kind == .word, !t.isCapitalized, k + 1 < tokens.count, tokens[k + 1].kind == .word, !tokens[k + 1].isCapitalized,
                      !state.isClaimed(tokens[k + 1].range), venues.match(words, at: k + 1) == 1 {
                // A name, a word and the kind of place: "Finglas test centre", "Elm Park
                // community hall".
                end = venueRunEnd(k + 1, tokens, words, state)
                break
            } else if joiner, k + 1 < tokens.count, tokens[k + 1].isCapitalized || LocationStage.isOrdinal(tokens[k + 1]),
                      !state.isClaimed(tokens[k + 1].range) {
                // (A corner of numbered streets: "1st Ave & 86th".)
                end = k + 1
                k += 1
            } else if joiner, k + 2 < tokens.count, tokens[k + 1].original.lowercased() == "the", tokens[k + 2].isCapitalized,
                      !state.isClaimed(tokens[k + 2].range) {
                // "Girl & the Goat", "the Food Bank of the Rockies".
                end = k + 2
                k += 2
            } else {
                break
            }
            k += 1
        }
        return end
    }

    /// Small words inside a place's name: "Museum of London", "Bar do Juarez", "Casa de Campo".
    static let nameJoiners: Set<String> = ["of", "de", "do", "da", "del", "della", "di", "du", "la", "le", "von", "van", "der", "y"]

    /// A run of capitalized words and numbers from `s` ("Hayes Valley", "Room 12", "Rathausstraße
    /// 15") that reaches where a place phrase ends: the end of the text, the time, a person's
    /// introduction ("w/ Sam"), or a comma before one of those. Returns its last token.
    func nameRunToPlaceEnd(from s: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState) -> Int? {
        var j = s
        while j < tokens.count, j - s < 5, !state.isClaimed(tokens[j].range),
              tokens[j].isCapitalized || tokens[j].kind == .number || tokens[j].kind == .compound
                || (j > s && (abbreviationPeriod(at: j, tokens, words) || tokens[j].original == "'" || tokens[j].original == "’")) {
            j += 1
        }
        guard j > s, tokens[s].isCapitalized || LocationStage.isOrdinal(tokens[s]) else { return nil }
        // ("Toronto General, 4th floor", "Mount Sinai, 5th floor auditorium": a floor or room
        // in lower case after its number.)
        if j < tokens.count, tokens[j].kind == .word, !tokens[j].isCapitalized, !state.isClaimed(tokens[j].range), venues.match(words, at: j) == 1 {
            j = venueRunEnd(j, tokens, words, state) + 1
        }
        func endsPlace(_ i: Int) -> Bool {
            i == tokens.count || state.isClaimed(tokens[i].range) || attendeeIntros.match(words, at: i) > 0
        }
        guard endsPlace(j) || (tokens[j].original == "," && endsPlace(j + 1)) else { return nil }
        return j - 1
    }

    /// Whether the capitalized words after "and" run to where the place phrase ends (the end of
    /// the text, the time, a mark, or the kind of place): then "and" is inside one name ("at
    /// Guard and Grace 7pm", "at Marks and Spencer cafe"), not a list of two ("at Nobu and
    /// then drinks").
    func nameEndsPlace(after k: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState) -> Bool {
        var j = k + 1
        while j < tokens.count, tokens[j].isCapitalized, !state.isClaimed(tokens[j].range) { j += 1 }
        guard j > k + 1 else { return false }
        return j == tokens.count || state.isClaimed(tokens[j].range) || venues.match(words, at: j) == 1
            || (tokens[j].kind == .punctuation && tokens[j].original != "&" && tokens[j].original != "'")
    }

    /// A venue word followed by more, in lower case, is one kind of place: "church hall",
    /// "community centre". Returns the last of them.
    func venueRunEnd(_ k: Int, _ tokens: [Token], _ words: TokenWords, _ state: ParseState) -> Int {
        var end = k
        while end + 1 < tokens.count, tokens[end + 1].kind == .word, !tokens[end + 1].isCapitalized,
              !state.isClaimed(tokens[end + 1].range), venues.match(words, at: end + 1) == 1 { end += 1 }
        // ("Arts Building room 5012": the kind of place, then its number.)
        return numbered(after: end, tokens, words, state) ?? end
    }

    func claim(_ state: inout ParseState, span: Range<Int>, place: Range<Int>) {
        // Punctuation and spaces around the place go, except an apostrophe or "&" ("Macy's", "M&S").
        let text = state.slice(place).trimmingScalars { ($0.isPunctuation && !"'’&".unicodeScalars.contains($0)) || $0.isHorizontalSpace }
        guard !text.isEmpty else { return }
        state.event.location = text
        state.spans.append(FieldSpan(field: "location", range: span, text: state.slice(span), rules: ["location"]))
    }
}

