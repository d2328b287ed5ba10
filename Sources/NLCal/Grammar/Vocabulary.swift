/// Every piece of text a grammar can match, numbered: the pieces of its lexicon phrases (which
/// include the word lists the entity stages read) and of its rules' literals.
///
/// A parse looks each atom up here once (the tokenize stage does it, see
/// `ParseState.atomWords`); the chart parser and the entity stages then compare integers
/// instead of hashing the same strings again in every stage.
public final class Vocabulary: Sendable {
    /// The number given to each piece.
    let ids: [String: Int32]
    /// The ASCII pieces by their bytes (most atoms are ASCII), or nil (see `ASCIIWordTable`).
    private let ascii: ASCIIWordTable?

    /// The number of a piece, or -1 when no phrase or literal of the grammar uses it.
    @inline(__always) public func id(_ piece: String) -> Int32 {
        if let ascii, let found = piece.utf8.withContiguousStorageIfAvailable({ ascii.id($0) }), let id = found { return id }
        return ids[piece] ?? -1
    }

    /// How many pieces are numbered (ids are `0 ..< count`).
    public var count: Int { ids.count }

    init(grammar: Grammar) {
        var ids: [String: Int32] = [:]
        func add(_ piece: String) {
            if ids[piece] == nil { ids[piece] = Int32(ids.count) }
        }
        for entries in grammar.lexicon.values {
            for e in entries { e.pieces.forEach(add) }
        }
        for phrases in grammar.wordLists.values {
            for p in phrases { p.forEach(add) }
        }
        for rule in grammar.rules {
            for elements in rule.variants {
                for e in elements {
                    if case .literal(let alternatives) = e.kind { alternatives.forEach { $0.forEach(add) } }
                }
            }
        }
        // Respellings ("evry = every") share the number of the word they stand for, so every
        // rule and list reads them as that word at no cost per parse; the text keeps the typing.
        if let respelling = grammar.categoryID(Vocabulary.respellingCategory) {
            for entries in grammar.lexicon.values {
                for e in entries where e.category == respelling && e.pieces.count == 1 {
                    if case .text(let word) = e.value, let id = ids[word] { ids[e.pieces[0]] = id }
                }
            }
        }
        self.ids = ids
        ascii = ASCIIWordTable(ids)
    }

    /// The lexicon category of respellings: `variant = word`.
    static let respellingCategory = "respelling"
    /// Respellings read only where typed in lower case ("tn = tonight", where "TN" is Tennessee):
    /// the tokenize stage rewrites those atoms (`TypoCorrector.lowerCaseRespelling`).
    static let lowerCaseRespellingCategory = "lower-case-respelling"

    /// The numbers of some atoms' texts.
    func ids(of atoms: [Atom]) -> [Int32] { atoms.map { id($0.text) } }
}
