/// Word lists that the entity stages read from the grammar's lexicons, so phrasings stay data.
///
/// Each list is a lexicon category: `location-prep` (at, in, @…), `venue` (office, gym…),
/// `platform` (Zoom, Teams…), `attendee-intro` (with, w/…), `contact-verb` (call, email…),
/// `group-word` (team, everyone…: not a person), `name-title` (Ms., Dr.…), `list-joiner`
/// (and, &), `title-connector` (words left dangling when a phrase is removed from the title).
struct WordLists: Sendable {
    let phrases: [String: [[String]]]
    /// Each list's phrases by their first piece.
    let byFirst: [String: [String: [[String]]]]
    let sets: [String: Set<[String]>]
    /// Each list's one-piece phrases, for looking a one-piece token up without building an array.
    let singles: [String: Set<String>]

    /// Indexes the named lists (a stage names those it reads; indexing every lexicon category
    /// for every stage cost more than the rest of building a pipeline). `match` and `contains`
    /// treat any other list as empty (a debug build stops there).
    init(grammar: Grammar, lists: Set<String>) {
        phrases = grammar.wordLists
        var byFirst: [String: [String: [[String]]]] = [:]
        var sets: [String: Set<[String]>] = [:]
        var singles: [String: Set<String>] = [:]
        for name in lists {
            let list = phrases[name] ?? []
            byFirst[name] = Dictionary(grouping: list, by: { $0[0] })
            sets[name] = Set(list)
            singles[name] = Set(list.filter { $0.count == 1 }.map { $0[0] })
        }
        self.byFirst = byFirst
        self.sets = sets
        self.singles = singles
    }

    /// The length in tokens of the longest phrase of a list starting at token `i`, or 0.
    func match(_ list: String, _ tokens: [Token], at i: Int) -> Int {
        assert(byFirst[list] != nil, "word list '\(list)' was not named when the stage was made")
        guard i < tokens.count, let first = tokens[i].pieces.first?.text,
              let entries = byFirst[list]?[first] else { return 0 }
        var best = 0
        for p in entries {
            // Phrases are matched against whole tokens' pieces.
            var k = i, pieceIdx = 0
            var ok = true
            while pieceIdx < p.count {
                guard k < tokens.count else { ok = false; break }
                let tp = tokens[k].pieces
                guard pieceIdx + tp.count <= p.count else { ok = false; break }
                for (j, piece) in tp.enumerated() where p[pieceIdx + j] != piece.text { ok = false; break }
                guard ok else { break }
                pieceIdx += tp.count
                k += 1
            }
            if ok { best = max(best, k - i) }
        }
        return best
    }

    func contains(_ list: String, _ token: Token) -> Bool {
        assert(byFirst[list] != nil, "word list '\(list)' was not named when the stage was made")
        if token.pieces.count == 1 { return singles[list]?.contains(token.pieces[0].text) ?? false }
        return sets[list]?.contains(token.pieces.map(\.text)) ?? false
    }
}

extension Token {
    /// Starts with an upper-case letter as typed ("Shibuya", "WeWork", "HQ").
    var isCapitalized: Bool { original.unicodeScalars.first.map { $0.properties.isUppercase } ?? false }
    var isPunctuation: Bool { kind == .punctuation || kind == .symbol }
}
