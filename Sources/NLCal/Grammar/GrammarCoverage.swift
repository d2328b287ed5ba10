/// Which rules and lexicon categories a set of golden cases exercises.
///
/// A rule is exercised when it appears in the derivation of a span of some case's result; a
/// lexicon category used by rules when one of its entries does; a word list that a stage
/// reads (`GrammarChecker.stageWordLists`) when one of its phrases appears in some case's text.
public struct GrammarCoverage: Sendable {
    public var caseCount = 0
    public var exercisedRules: [String: Int] = [:]
    public var exercisedCategories: [String: Int] = [:]
    /// Rules no case exercises, in grammar order, with where they are defined.
    public var unexercisedRules: [(name: String, origin: SourceLocation)] = []
    /// Lexicon categories no case exercises, with where they are declared.
    public var unexercisedCategories: [(name: String, origin: SourceLocation?)] = []

    public var isComplete: Bool { unexercisedRules.isEmpty && unexercisedCategories.isEmpty }

    /// Runs every case of `files` with `runner` and measures coverage of `grammar` (the
    /// grammar the runner's English pipeline uses).
    public static func measure(files: [GoldenFile], runner: GoldenRunner, grammar: Grammar) -> GrammarCoverage {
        var cov = GrammarCoverage()
        var texts: [[String]] = []
        for file in files {
            for c in file.cases {
                cov.caseCount += 1
                guard let result = try? runner.parse(c) else { continue }
                let used = Derivation.used(in: result, grammar: grammar)
                for r in used.rules { cov.exercisedRules[r, default: 0] += 1 }
                for l in used.lexiconCategories { cov.exercisedCategories[l, default: 0] += 1 }
                texts.append(result.state.atoms.map(\.text))
                // The typo-tolerant list is exercised by a case whose atoms were corrected.
                if !zip(result.state.tokens.flatMap { $0.pieces.map(\.text) }, result.state.atoms.map(\.text)).allSatisfy(==) {
                    cov.exercisedCategories["typo-tolerant", default: 0] += 1
                }
            }
        }
        var seenLists: Set<String> = []
        for (list, phrases) in grammar.wordLists where GrammarChecker.stageWordLists.contains(list) {
            for atoms in texts {
                if phrases.contains(where: { p in contains(atoms, p) }) {
                    cov.exercisedCategories[list, default: 0] += 1
                    seenLists.insert(list)
                }
            }
        }
        for r in grammar.rules where cov.exercisedRules[r.name] == nil {
            cov.unexercisedRules.append((r.name, r.origin))
        }
        var lexCats: Set<CategoryID> = []
        for entries in grammar.lexicon.values { for e in entries { lexCats.insert(e.category) } }
        for cat in lexCats.sorted() {
            let name = grammar.categoryName(cat)
            if cov.exercisedCategories[name] == nil {
                cov.unexercisedCategories.append((name, grammar.categoryOrigin[Int(cat)]))
            }
        }
        return cov
    }

    static func contains(_ atoms: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= atoms.count else { return false }
        for i in 0...(atoms.count - phrase.count) where atoms[i] == phrase[0] {
            if Array(atoms[i..<(i + phrase.count)]) == phrase { return true }
        }
        return false
    }
}
