/// One word-level unit of the input, as produced by ``Tokenizer``.
///
/// Whitespace never becomes a token: it only sets ``spaceBefore`` on the token that follows it.
/// Every other character of the input belongs to exactly one token.
///
/// ```swift
/// let tokens = try Tokenizer().tokenize("Lunch 3:30pm @Shibuya")
/// tokens.map(\.text)   // ["lunch", "3:30pm", "@shibuya"]
/// tokens.map(\.kind)   // [.word, .compound, .mention]
/// ```
public struct Token: Sendable, Equatable {
    /// The shape of a token.
    public enum Kind: String, Sendable {
        /// Letters (possibly with inner apostrophes, periods or hyphens): "lunch", "o'clock", "check-in", "会議".
        case word
        /// Digits only: "2026", "１３".
        case number
        /// Digits and letters, glued or joined by `: / . -`, with at least one digit: "3:30pm", "2026-04-01", "18q4".
        case compound
        /// One punctuation character: ",", ".", "-" (also the dash of a range such as "9-9:45").
        case punctuation
        /// One symbol or other non-word character: "+", "$", "❤️".
        case symbol
        /// An e-mail address: "jamie@example.com".
        case email
        /// A URL, with or without scheme: "https://zoom.us/j/1", "zoom.us/j/1", "www.example.com".
        case url
        /// An "@Place" mention; its text keeps the "@".
        case mention
    }

    /// The normalized text: NFKC + case folded, typographic quotes and dashes made ASCII
    /// ("Tue" → "tue", "１３" → "13", "Kevin’s" → "kevin's"). The concatenation of the pieces' texts.
    public var text: String
    /// The text exactly as typed (a slice of the input).
    public var original: String
    /// Offsets into the input in Unicode scalars (code points), half-open.
    public var range: Range<Int>
    /// The shape of the token.
    public var kind: Kind
    /// Whether whitespace, or the start of the text, precedes this token.
    public var spaceBefore: Bool
    /// The token split into runs for grammar matching: "3:30pm" → "3", ":", "30", "pm".
    public var pieces: [Piece]

    public init(text: String, original: String, range: Range<Int>, kind: Kind, spaceBefore: Bool, pieces: [Piece]) {
        self.text = text
        self.original = original
        self.range = range
        self.kind = kind
        self.spaceBefore = spaceBefore
        self.pieces = pieces
    }
}

/// A run inside a token: all letters, all digits, or one other character.
///
/// E-mail and URL tokens have a single piece of kind ``Kind/other`` holding their whole text.
public struct Piece: Sendable, Equatable {
    /// What the run is made of.
    public enum Kind: String, Sendable {
        /// A maximal run of letters (with their combining marks).
        case letters
        /// A maximal run of decimal digits, of any script; the text is always ASCII 0-9.
        case digits
        /// One other character (with the marks or joiners that belong to it).
        case other
    }

    /// The normalized text (NFKC + case folded); digits are ASCII 0-9.
    public var text: String
    /// Offsets into the input in Unicode scalars, half-open.
    public var range: Range<Int>
    /// What the run is made of.
    public var kind: Kind

    public init(text: String, range: Range<Int>, kind: Kind) {
        self.text = text
        self.range = range
        self.kind = kind
    }
}
