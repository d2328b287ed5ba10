/// Reads a mistyped calendar word as the word meant: "thurday" → "thursday", "satuday" →
/// "saturday", "tomorow" → "tomorrow", "haloween" → "halloween".
///
/// Which words tolerate a typo is data: the lexicon categories listed in the `typo-tolerant`
/// word list (weekdays, months, day words, parts of the day, holidays, units…). A word typed
/// with one letter left out, or two neighbouring letters swapped, reads as the word of such a
/// category (any word of a phrase: "chinese new year"). Substitutions, a first or last letter
/// left out and typos in short words are not tolerated: those are how other words come about
/// ("sundae" and "sundry" are not Sunday, "ramada" is no Ramadan, "frida" no Friday,
/// "resident" no President). So a variant must be 6 letters or more, it must not be a word the
/// grammar knows, and it must point to one meaning only.
///
/// The variants are computed once when the pipeline is made; a parse looks each long word up
/// in one table. Only the atoms the grammar matches are corrected: the title keeps the text as
/// typed.
public struct TypoCorrector: Sendable {
    /// Each tolerated variant and the word it stands for.
    let corrections: [String: String]
    /// The shortest variant, so shorter words skip the lookup.
    static let minimumLength = 6

    public init(grammar: Grammar) {
        let tolerantCategories = Set((grammar.wordLists["typo-tolerant"] ?? []).map { $0.joined() })
        var known: Set<String> = []
        // Each target word with what it means; spellings of one meaning ("tomorrow",
        // "tommorrow") share their variants without a clash.
        var targets: [String: [Meaning]] = [:]
        for entries in grammar.lexicon.values {
            for e in entries {
                known.formUnion(e.pieces)
                // Every word of a phrase: "chinese new year", "feast of the sacrifice".
                if tolerantCategories.contains(grammar.categoryName(e.category)) {
                    for piece in Set(e.pieces) { targets[piece, default: []].append(Meaning(category: e.category, value: e.value)) }
                }
            }
        }
        for rule in grammar.rules {
            for variant in rule.variants {
                for element in variant {
                    if case .literal(let alternatives) = element.kind { for a in alternatives { known.formUnion(a) } }
                }
            }
        }
        for list in grammar.wordLists.values { for phrase in list { known.formUnion(phrase) } }

        var corrections: [String: String] = [:]
        var clashes: Set<String> = []
        for (word, meanings) in targets.sorted(by: { $0.key < $1.key }) where word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }) {
            for variant in TypoCorrector.variants(of: word) where variant.unicodeScalars.count >= TypoCorrector.minimumLength && !known.contains(variant) {
                if let other = corrections[variant], other != word, Set(targets[other] ?? []) != Set(meanings) { clashes.insert(variant) }
                if corrections[variant] == nil { corrections[variant] = word }
            }
        }
        for c in clashes { corrections[c] = nil }
        self.corrections = corrections
    }

    /// What a lexicon word stands for.
    struct Meaning: Hashable {
        var category: CategoryID
        var value: Value
    }

    /// The words one deletion or one swap of neighbouring letters away from `word`.
    static func variants(of word: String) -> Set<String> {
        let letters = Array(word.unicodeScalars)
        var out: Set<String> = []
        for i in letters.indices {
            // A word cut short is often another word ("ramada", "frida", "resident"): the first
            // and last letters stay.
            if i > 0, i + 1 < letters.count {
                var deleted = letters
                deleted.remove(at: i)
                out.insert(String(String.UnicodeScalarView(deleted)))
            }
            if i + 1 < letters.count, letters[i] != letters[i + 1] {
                var swapped = letters
                swapped.swapAt(i, i + 1)
                out.insert(String(String.UnicodeScalarView(swapped)))
            }
        }
        out.remove(word)
        return out
    }

    /// The word meant by a lower-cased run of letters, or nil when it is not a tolerated typo.
    @inline(__always)
    func correction(of text: String) -> String? {
        guard !corrections.isEmpty, text.utf8.count >= TypoCorrector.minimumLength else { return nil }
        return corrections[text]
    }

    /// Replaces the text of the letter atoms that are tolerated typos.
    func correct(_ atoms: inout [Atom]) {
        guard !corrections.isEmpty else { return }
        for i in atoms.indices where !atoms[i].isDigits {
            if let word = correction(of: atoms[i].text) { atoms[i].text = word }
        }
    }
}
