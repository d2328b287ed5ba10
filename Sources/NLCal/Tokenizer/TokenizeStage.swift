/// Stage 1: splits the text into tokens (ICU word breaking + normalization) and the atoms the
/// grammar matches.
public final class TokenizeStage: Stage {
    public let name = "tokenize"
    private let tokenizer: Tokenizer
    /// The grammar's words: each atom is looked up once here, for every later stage.
    private let vocabulary: Vocabulary?
    private let typos: TypoCorrector?

    /// With `typos`, mistyped calendar words reach the grammar as the words meant ("thurday").
    public init(locale: String, vocabulary: Vocabulary? = nil, typos: TypoCorrector? = nil) throws {
        tokenizer = try Tokenizer(locale: locale)
        self.vocabulary = vocabulary
        self.typos = typos
    }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        state.tokens = tokenizer.tokenize(state.text)
        state.atoms = TokenizeStage.atoms(of: state.tokens)
        if let vocabulary {
            state.atomWords = vocabulary.ids(of: state.atoms)
            state.atomWordsVocabulary = vocabulary
            // A word the grammar knows is no typo: only the others are looked up, then numbered
            // as the word meant.
            if let typos {
                // Shorthand read only in lower case: "rave tn 10pm" (tonight), not "Austin TN".
                for i in state.atomWords.indices {
                    guard let word = typos.lowerCaseRespelling(state.atomWords[i]), !state.atoms[i].initialCapital else { continue }
                    state.atoms[i].text = word
                    state.atomWords[i] = vocabulary.id(word)
                }
                for i in state.atoms.indices where state.atomWords[i] < 0 && !state.atoms[i].isDigits {
                    guard let word = typos.correction(of: state.atoms[i].text) else { continue }
                    state.atoms[i].text = word
                    state.atomWords[i] = vocabulary.id(word)
                }
            }
        } else {
            typos?.correct(&state.atoms)
        }
    }

    /// Flattens token pieces into atoms; whitespace before a token counts before its first piece.
    /// Every letter of a piece, as typed, is a capital (and there is at least one).
    /// (The token's original text and range are passed, not the token: a copy of a token
    /// retains all its strings.)
    static func typedInCapitals(_ p: Piece, original: String, range: Range<Int>) -> Bool {
        // The piece's scalars in the token's original text (ranges count scalars of the input).
        let skip = p.range.lowerBound - range.lowerBound
        var any = false
        let utf8 = original.utf8
        if utf8.count == range.count {
            // ASCII (one byte a scalar): bytes, and most words answer at their first letter.
            func scan(_ bytes: some Collection<UInt8>) -> Bool {
                for b in bytes.dropFirst(skip).prefix(p.range.count) {
                    if b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") { return false }
                    if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { any = true }
                }
                return any
            }
            // In place when contiguous (native strings are).
            return utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(utf8)
        }
        for (n, c) in original.unicodeScalars.enumerated() where n >= skip {
            if n >= skip + p.range.count { break }
            guard c.properties.isAlphabetic else { continue }
            guard c.properties.isUppercase else { return false }
            any = true
        }
        return any
    }

    /// The piece's first letter, as typed, is a capital.
    static func typedCapitalized(_ p: Piece, original: String, range: Range<Int>) -> Bool {
        let skip = p.range.lowerBound - range.lowerBound
        let utf8 = original.utf8
        if utf8.count == range.count {
            let b = utf8[utf8.index(utf8.startIndex, offsetBy: skip)]
            return b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")
        }
        for (n, c) in original.unicodeScalars.enumerated() where n >= skip { return c.properties.isUppercase }
        return false
    }

    public static func atoms(of tokens: [Token]) -> [Atom] {
        // By index, not by iterating copies of the tokens (each copy retains their strings).
        var count = 0
        for i in tokens.indices { count += tokens[i].pieces.count }
        var atoms: [Atom] = []
        atoms.reserveCapacity(count)
        for i in tokens.indices {
            for k in tokens[i].pieces.indices {
                let p = tokens[i].pieces[k]
                atoms.append(Atom(text: p.text, isDigits: p.kind == .digits, range: p.range,
                                  spaceBefore: k == 0 && tokens[i].spaceBefore, tokenIndex: i,
                                  capitals: p.kind == .letters && typedInCapitals(p, original: tokens[i].original, range: tokens[i].range),
                                  initialCapital: p.kind == .letters && typedCapitalized(p, original: tokens[i].original, range: tokens[i].range)))
            }
        }
        return atoms
    }
}
