/// A loaded grammar: lexicons, categories and pattern rules for one locale.
///
/// Grammars are data. `GrammarLoader` reads them from `Grammars/<locale>/` at run time; the
/// semantics each rule names (its operator) live in code, in `Operators`. A grammar is
/// immutable once loaded and shared by every parse.
public struct Grammar: Sendable {
    public var locale: String
    /// Category names, indexed by `CategoryID`. Index 0 is the built-in `num`.
    public internal(set) var categories: [String] = []
    /// For each category, itself and every category it is a kind of (`tod` → `tod`, `time`).
    var ancestors: [[CategoryID]] = []
    var categoryIndex: [String: CategoryID] = [:]
    /// Where each category was declared, for diagnostics.
    var categoryOrigin: [SourceLocation?] = []

    public internal(set) var rules: [Rule] = []
    /// Lexicon phrases grouped by their first piece: the seeds of every parse.
    var lexicon: [String: [LexiconEntry]] = [:]
    public internal(set) var lexiconEntryCount = 0
    /// Words of lexicon categories that other stages consult (cue words, venue words, …).
    public internal(set) var wordLists: [String: [[String]]] = [:]

    /// Built-in categories the engine fills itself.
    public static let builtinCategories = ["num"]

    init(locale: String) {
        self.locale = locale
        for name in Grammar.builtinCategories { _ = declare(name, parent: nil, at: nil) }
    }

    public func categoryID(_ name: String) -> CategoryID? { categoryIndex[name] }
    public func categoryName(_ id: CategoryID) -> String { categories[Int(id)] }

    func isKind(_ cat: CategoryID, of other: CategoryID) -> Bool { ancestors[Int(cat)].contains(other) }

    @discardableResult
    mutating func declare(_ name: String, parent: CategoryID?, at loc: SourceLocation?) -> CategoryID {
        if let id = categoryIndex[name] {
            if let parent, !ancestors[Int(id)].contains(parent) {
                ancestors[Int(id)].append(contentsOf: ancestors[Int(parent)].filter { !ancestors[Int(id)].contains($0) })
            }
            return id
        }
        let id = CategoryID(categories.count)
        categories.append(name)
        categoryIndex[name] = id
        categoryOrigin.append(loc)
        ancestors.append([id] + (parent.map { ancestors[Int($0)] } ?? []))
        return id
    }
}

public typealias CategoryID = Int32

/// A place in a grammar file, for diagnostics: `Grammars/en/time.rules:12:5`.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var description: String { "\(file):\(line):\(column)" }
}

/// A word or phrase of a lexicon category and the value it stands for.
struct LexiconEntry: Sendable {
    var pieces: [String]
    var category: CategoryID
    var value: Value
    var origin: SourceLocation
    /// Written in capitals ("BOY"): matches only words typed in capitals, so an abbreviation
    /// that is also a word ("the boy") stays a word.
    var capitals = false
    /// Written with a capital first letter and small letters after ("May", "March"): matches
    /// only a word typed with a capital first letter, so a month that is also a verb ("I may be
    /// late", "march in the parade") stays a word in lower case.
    var capitalized = false
}

/// A named pattern rule: when its elements match consecutive input, its operator builds a value
/// of its category from the matched parts.
public struct Rule: Sendable {
    public var name: String
    public var category: CategoryID
    /// Latent results can feed other rules but are never reported alone ("3" is not a time by itself).
    public var latent: Bool
    /// A latent rule flagged `alone` is reported when its phrase is all the text says
    /// (punctuation aside): "summer", "Q4", "three thirty" typed by themselves.
    public var standsAlone = false
    /// Counted from a time said before it in the text, when there is one (`after-said`): "the
    /// day after" in "Tomorrow's impossible, the day after?" is the day after tomorrow.
    public var countsFromSaid = false
    /// One or more concrete element lists: optional elements are expanded at load time.
    var variants: [[PatternElement]]
    /// For each variant, the 1-based `$n` index in the written pattern of each element.
    var variantSlots: [[Int]]
    public var patternText: String
    public var elementCount: Int
    public var operatorName: String
    var arguments: [Argument]
    public var origin: SourceLocation
}

/// One element of a pattern: literal words or a category, possibly constrained.
struct PatternElement: Sendable {
    enum Kind: Sendable {
        /// Alternatives, each a sequence of pieces ("in the" → ["in", "the"]).
        case literal([[String]])
        case category(CategoryID, Constraint)
    }
    var kind: Kind
    /// Written with a leading `~`: no whitespace allowed before this element.
    var glued: Bool
}

/// Restrictions on a category element: `<num#2:0-59>` is a two-digit number from 0 to 59.
struct Constraint: Sendable, Equatable {
    var minValue: Double?
    var maxValue: Double?
    var digits: ClosedRange<Int>?
    /// Written `<time!>`: only items that are not latent (a bare "3" or "5th" does not count).
    var nonLatent = false
    static let none = Constraint()
}

/// An operator argument as written: `$2`, `7`, `pm`.
enum Argument: Sendable {
    case slot(Int)
    case number(Double)
    case word(String)
}
