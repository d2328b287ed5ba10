import Synchronization

/// Reads a mistyped calendar word as the word meant: "thurday" → "thursday", "satuday" →
/// "saturday", "tomorow" → "tomorrow", "haloween" → "halloween".
///
/// Which words tolerate a typo is data: the lexicon categories listed in the `typo-tolerant`
/// word list (weekdays, months, day words, parts of the day, holidays, units…). A word typed
/// with one letter left out, or two neighbouring letters swapped, reads as the word of such a
/// category (any word of a phrase: "chinese new year"); so does one with a letter typed twice
/// ("sundaay", "wednessday"). Substitutions, a first or last letter
/// left out and typos in short words are not tolerated: those are how other words come about
/// ("sundae" and "sundry" are not Sunday, "ramada" is no Ramadan, "frida" no Friday,
/// "resident" no President). So a variant must be 6 letters or more (5 for a weekday: "sundy",
/// "fridy"; 5-letter variants of other words are words, "eater", "sprig"), it must not be a word
/// the grammar knows, and it must point to one meaning only.
///
/// A letter held down in chat ("tmrwww", "tonighttt", "nooon") is read as the grammar's word
/// with the run of three or more shortened to two letters, else to one ("noon", "tmrw"); a
/// word the grammar knows as typed is left alone.
///
/// The variants are computed once when the pipeline is made; a parse looks each long word up
/// in one table. Only the atoms the grammar matches are corrected: the title keeps the text as
/// typed.
public final class TypoCorrector: Sendable {
    private let grammar: Grammar
    /// The grammar's words: a variant that is one of them is a word, not a typo.
    private let vocabulary: Vocabulary
    /// Each tolerated variant and the word it stands for, built at the first word that needs
    /// it: most parses never meet an unknown long word, and building it is half the cost of
    /// starting `nlcal parse` (a pipeline is used from one thread at a time; the lock is for
    /// safety, not contention).
    private let table = Mutex<[String: String]?>(nil)
    /// The shortest variant, so shorter words skip the lookup: 6 letters, but 5 for a weekday
    /// ("sundy", "fridy": no English word is a weekday with a letter left out).
    static let minimumLength = 6
    static let minimumWeekdayLength = 5

    /// Words read as another only where typed in lower case, by the variant's number
    /// (`[lower-case-respelling]`: "tn = tonight"); a few, so a scan beats hashing.
    private let lowerCase: [(id: Int32, word: String)]

    public init(grammar: Grammar, vocabulary: Vocabulary? = nil) {
        self.grammar = grammar
        let vocabulary = vocabulary ?? Vocabulary(grammar: grammar)
        self.vocabulary = vocabulary
        var lowerCase: [(id: Int32, word: String)] = []
        if let category = grammar.categoryID(Vocabulary.lowerCaseRespellingCategory) {
            for entries in grammar.lexicon.values {
                for e in entries where e.category == category && e.pieces.count == 1 {
                    if case .text(let word) = e.value { lowerCase.append((vocabulary.id(e.pieces[0]), word)) }
                }
            }
        }
        self.lowerCase = lowerCase
    }

    static func build(_ grammar: Grammar, _ vocabulary: Vocabulary) -> [String: String] {
        let tolerantCategories = Set((grammar.wordLists["typo-tolerant"] ?? []).map { $0.joined() })
        guard !tolerantCategories.isEmpty else { return [:] }
        // Each target word with what it means; spellings of one meaning ("tomorrow",
        // "tommorrow") share their variants without a clash. Words under 6 letters have no
        // variant long enough.
        var targets: [String: [Meaning]] = [:]
        var weekdays: Set<String> = []
        let weekdayCategory = grammar.categoryID("weekday-word")
        for entries in grammar.lexicon.values {
            for e in entries {
                // Every word of a phrase: "chinese new year", "feast of the sacrifice".
                if tolerantCategories.contains(grammar.categoryName(e.category)) {
                    for piece in Set(e.pieces) where piece.utf8.count >= minimumLength {
                        targets[piece, default: []].append(Meaning(category: e.category, value: e.value))
                        if e.category == weekdayCategory { weekdays.insert(piece) }
                    }
                }
            }
        }

        var corrections: [String: String] = [:]
        var clashes: Set<String> = []
        for (word, meanings) in targets.sorted(by: { $0.key < $1.key }) where word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }) {
            let shortest = weekdays.contains(word) ? minimumWeekdayLength : minimumLength
            for variant in variants(of: word) where variant.unicodeScalars.count >= shortest && vocabulary.id(variant) < 0 {
                if let other = corrections[variant], other != word, Set(targets[other] ?? []) != Set(meanings) { clashes.insert(variant) }
                if corrections[variant] == nil { corrections[variant] = word }
            }
        }
        for c in clashes { corrections[c] = nil }
        return corrections
    }

    /// What a lexicon word stands for.
    struct Meaning: Hashable {
        var category: CategoryID
        var value: Value
    }

    /// The words one deletion, one doubled letter or one swap of neighbouring letters away from
    /// `word`. (ASCII
    /// words, nearly all of them, are worked on as bytes.)
    static func variants(of word: String) -> Set<String> {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return variants(of: Array(word.utf8)) { String(decoding: $0, as: UTF8.self) } }
        return variants(of: Array(word.unicodeScalars)) { String(String.UnicodeScalarView($0)) }
    }

    static func variants<Letter: Equatable>(of letters: [Letter], _ string: ([Letter]) -> String) -> Set<String> {
        var out: Set<String> = []
        var buffer = letters
        for i in letters.indices {
            // A word cut short is often another word ("ramada", "frida", "resident"): the first
            // and last letters stay.
            if i > 0, i + 1 < letters.count {
                buffer.remove(at: i)
                out.insert(string(buffer))
                buffer.insert(letters[i], at: i)
            }
            if i + 1 < letters.count, letters[i] != letters[i + 1] {
                buffer.swapAt(i, i + 1)
                out.insert(string(buffer))
                buffer.swapAt(i, i + 1)
            }
            // A letter typed twice: "sundaay", "fridday" (not the first: "ssunday" is rare, and
            // a doubled first letter starts other words).
            if i > 0 {
                buffer.insert(letters[i], at: i)
                out.insert(string(buffer))
                buffer.remove(at: i)
            }
        }
        out.remove(string(letters))
        return out
    }

    /// The word meant by a lower-cased run of letters, or nil when it is not a tolerated typo.
    func correction(of text: String) -> String? {
        if let word = held(text) { return word }
        guard text.utf8.count >= TypoCorrector.minimumWeekdayLength else { return nil }
        return table.withLock { t in
            if t == nil { t = TypoCorrector.build(grammar, vocabulary) }
            return t![text]
        }
    }

    /// The word a variant typed in lower case stands for ("tn" → "tonight"), by the variant's
    /// number; nil for every other word.
    @inline(__always) func lowerCaseRespelling(_ id: Int32) -> String? {
        for entry in lowerCase where entry.id == id { return entry.word }
        return nil
    }

    /// Replaces the text of the letter atoms that are tolerated typos.
    func correct(_ atoms: inout [Atom]) {
        for i in atoms.indices where !atoms[i].isDigits {
            if let word = correction(of: atoms[i].text) { atoms[i].text = word }
        }
    }

    /// The grammar's word for one typed with a letter held down ("tmrwww"), or nil.
    func held(_ text: String) -> String? {
        // (Most words have no run of three: one pass over their bytes, no copy.)
        var three = false
        var a: UInt8 = 0, b: UInt8 = 0, n = 0
        for c in text.utf8 {
            if n >= 2, c == a, c == b { three = true; break }
            a = b; b = c; n += 1
        }
        guard three, vocabulary.id(text) < 0 else { return nil }
        let bytes = Array(text.utf8)
        for keep in [2, 1] {
            var out: [UInt8] = []
            var run = 0
            for (k, b) in bytes.enumerated() {
                run = k > 0 && bytes[k - 1] == b ? run + 1 : 1
                if run <= keep { out.append(b) }
            }
            let word = String(decoding: out, as: UTF8.self)
            if vocabulary.id(word) >= 0 { return word }
        }
        return nil
    }
}
