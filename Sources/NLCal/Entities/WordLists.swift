/// A word list that an entity stage reads from the grammar's lexicons, so phrasings stay data.
///
/// Each list is a lexicon category: `location-prep` (at, in, @…), `venue` (office, gym…),
/// `platform` (Zoom, Teams…), `attendee-intro` (with, w/…), `contact-verb` (call, email…),
/// `group-word` (team, everyone…: not a person), `name-title` (Ms., Dr.…), `list-joiner`
/// (and, &), `title-connector` (words left dangling when a phrase is removed from the title).
///
/// Phrases are kept as the numbers of their pieces in the grammar's `Vocabulary` and grouped
/// by their first piece in a table indexed by that number: finding the phrases that start at a
/// token reads one array entry (most tokens start none), where a dictionary of strings hashed
/// the token's text for every list and every position.
struct WordList: Sendable {
    /// The list's phrases as word numbers, grouped by first word in list order.
    private let phrases: [[Int32]]
    /// `phrases[starts[w] ..< starts[w + 1]]` start with word `w` (`vocabulary.count + 1` entries).
    private let starts: [Int32]

    init(_ name: String, grammar: Grammar, vocabulary: Vocabulary) {
        // Every piece of a word list is a lexicon piece, so the vocabulary numbers it.
        let list = (grammar.wordLists[name] ?? []).map { $0.map { vocabulary.id($0) } }.filter { !$0.isEmpty && !$0.contains(-1) }
        var counts = [Int32](repeating: 0, count: vocabulary.count + 1)
        for p in list { counts[Int(p[0]) + 1] += 1 }
        for w in 0..<vocabulary.count { counts[w + 1] += counts[w] }
        var grouped = [[Int32]](repeating: [], count: list.count)
        var next = counts
        for p in list {
            grouped[Int(next[Int(p[0])])] = p
            next[Int(p[0])] += 1
        }
        phrases = grouped
        starts = counts
    }

    /// The phrases that start with word `w`.
    @inline(__always) fileprivate func phrases(startingWith w: Int32) -> ArraySlice<[Int32]> {
        guard w >= 0 else { return [] }
        let lo = Int(starts[Int(w)]), hi = Int(starts[Int(w) + 1])
        return phrases[lo..<hi]
    }

    /// The length in tokens of the longest phrase starting at token `i`, or 0. Phrases are
    /// matched against whole tokens' pieces.
    func match(_ words: TokenWords, at i: Int) -> Int {
        guard i < words.tokenCount, words.pieceCount(i) > 0 else { return 0 }
        var best = 0
        for p in phrases(startingWith: words.ids[words.first[i]]) {
            var k = i, pieceIdx = 0
            var ok = true
            while pieceIdx < p.count {
                guard k < words.tokenCount else { ok = false; break }
                let from = words.first[k], n = words.pieceCount(k)
                guard pieceIdx + n <= p.count else { ok = false; break }
                for j in 0..<n where p[pieceIdx + j] != words.ids[from + j] { ok = false; break }
                guard ok else { break }
                pieceIdx += n
                k += 1
            }
            if ok { best = max(best, k - i) }
        }
        return best
    }

    /// Whether a one-piece phrase of the list is word `w`.
    /// Whether some phrase of the list starts with word `w`.
    @inline(__always) func startsWith(_ w: Int32) -> Bool {
        w >= 0 && starts[Int(w)] < starts[Int(w) + 1]
    }

    func hasWord(_ w: Int32) -> Bool {
        phrases(startingWith: w).contains { $0.count == 1 }
    }

    /// Whether token `i` alone, all its pieces, is a phrase of the list.
    func contains(_ words: TokenWords, _ i: Int) -> Bool {
        let n = words.pieceCount(i)
        guard n > 0 else { return false }
        let from = words.first[i]
        for p in phrases(startingWith: words.ids[from]) where p.count == n {
            var same = true
            for j in 1..<max(n, 1) where p[j] != words.ids[from + j] { same = false; break }
            if same { return true }
        }
        return false
    }
}

/// The pieces of a parse's tokens as vocabulary numbers: token `i`'s pieces are
/// `ids[first[i] ..< first[i + 1]]` (the atoms are the tokens' pieces in order).
struct TokenWords {
    let ids: [Int32]
    let first: [Int]
    var tokenCount: Int { first.count - 1 }

    /// The numbers of `state`'s tokens' pieces. Takes the state `inout` only so that it is read
    /// in place: passed by value from a stage's `inout` state, it was copied whole.
    init(_ state: inout ParseState, _ vocabulary: Vocabulary) {
        var first: [Int] = []
        first.reserveCapacity(state.tokens.count + 1)
        var n = 0
        for k in state.tokens.indices {
            first.append(n)
            n += state.tokens[k].pieces.count
        }
        first.append(n)
        self.first = first
        if n == state.atoms.count {
            ids = state.words(in: vocabulary)
        } else {
            // Atoms that are not the tokens' pieces (a state built by hand): number the pieces.
            ids = state.tokens.flatMap { $0.pieces.map { vocabulary.id($0.text) } }
        }
    }

    @inline(__always) func pieceCount(_ i: Int) -> Int { first[i + 1] - first[i] }
}

extension Token {
    /// Starts with an upper-case letter as typed ("Shibuya", "WeWork", "HQ").
    var isCapitalized: Bool { original.unicodeScalars.first.map { $0.properties.isUppercase } ?? false }
    var isPunctuation: Bool { kind == .punctuation || kind == .symbol }
    /// Ends in "'s" as typed, either apostrophe ("Leo's", "Mom’s"; the text makes them one).
    var isPossessive: Bool { text.hasSuffix("'s") }
}

extension WordList {
    /// Whether some phrase of the list is exactly `words[from..<to]` (atoms' word numbers).
    func isPhrase(_ words: [Int32], from: Int, to: Int) -> Bool {
        guard from < to, to <= words.count, words[from] >= 0 else { return false }
        return phrases(startingWith: words[from]).contains { p in
            p.count == to - from && p.indices.allSatisfy { p[$0] == words[from + $0] }
        }
    }

    /// Where the nearest phrase of the list ending right before atom `end` starts, looking at
    /// most `pieces` atoms back ("can't make" before a day is four: can, ', t, make); nil when
    /// none ends there.
    func phraseStart(_ words: [Int32], endingAt end: Int, within pieces: Int) -> Int? {
        guard pieces >= 1 else { return nil }
        for n in 1...pieces where end - n >= 0 && isPhrase(words, from: end - n, to: end) { return end - n }
        return nil
    }

    /// Whether a phrase of the list starts at atom `i` of `words`.
    func startsPhrase(_ words: [Int32], at i: Int) -> Bool { longestPhrase(words, at: i) > 0 }

    /// The atoms the longest phrase of the list starting at atom `i` takes; 0 when none does.
    func longestPhrase(_ words: [Int32], at i: Int) -> Int {
        guard i < words.count, words[i] >= 0 else { return 0 }
        var longest = 0
        for p in phrases(startingWith: words[i]) where p.count > longest && i + p.count <= words.count {
            var same = true
            for j in 1..<max(p.count, 1) where p[j] != words[i + j] { same = false; break }
            if same { longest = p.count }
        }
        return longest
    }

    /// Whether some phrase of the list occurs in a run of atoms' word numbers, piece by piece
    /// (not bound to token edges).
    func occurs(in words: [Int32]) -> Bool {
        words.indices.contains { startsPhrase(words, at: $0) }
    }
}
