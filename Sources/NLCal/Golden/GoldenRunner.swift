import Foundation

/// Runs golden cases through a pipeline and compares each output with its expectation.
///
/// ```swift
/// let runner = GoldenRunner(grammarDirectories: [shipped])
/// let report = try runner.run(paths: ["Tests/Golden"])
/// print(report.summary)   // "312 passed, 0 failed"
/// ```
public final class GoldenRunner {
    private let makePipeline: (String) throws -> Pipeline
    private var pipelines: [String: Pipeline] = [:]

    /// A runner over the grammar loaded from these directories (later ones override earlier ones).
    public convenience init(grammarDirectories: [URL]) {
        self.init { lang in
            try Pipeline(grammar: try GrammarLoader.load(directories: grammarDirectories, locale: lang))
        }
    }

    /// A runner that asks `pipeline` for the pipeline of a grammar language ("en").
    public init(pipeline: @escaping (String) throws -> Pipeline) {
        makePipeline = pipeline
    }

    /// The pipeline for a locale tag, loaded once per language.
    public func pipeline(for locale: String) throws -> Pipeline {
        let lang = GrammarLocator.language(of: locale)
        if let p = pipelines[lang] { return p }
        let p = try makePipeline(lang)
        pipelines[lang] = p
        return p
    }

    /// Parses a case's text in its context.
    public func parse(_ c: GoldenCase) throws -> ParseResult {
        let ctx = try c.context()
        return try pipeline(for: ctx.locale).parse(c.text, context: ctx)
    }

    /// What a golden case records for this text now.
    public func actual(_ c: GoldenCase) throws -> JSON {
        GoldenCase.expectation(of: try parse(c))
    }

    /// The outcome of one case.
    public struct Outcome: Sendable {
        public var file: String
        public var goldenCase: GoldenCase
        /// The current output, or nil when the case could not run.
        public var actual: JSON?
        /// Why the case could not run.
        public var error: String?
        public var passed: Bool { error == nil && actual == goldenCase.expected }

        /// A unified diff from the expectation to the current output (empty when passed).
        public var diff: String {
            if let error { return "error: \(error)\n" }
            guard let actual else { return "" }
            return LineDiff.unified(old: GoldenJSON.render(goldenCase.expected).split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                                    new: GoldenJSON.render(actual).split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                                    oldName: "expected", newName: "actual")
        }

        /// `FAIL file:line: "text"` and the diff.
        public var report: String {
            "FAIL \(goldenCase.label(file: file))\n" + diff
        }
    }

    /// The outcomes of a run.
    public struct Report: Sendable {
        public var outcomes: [Outcome] = []
        public var failures: [Outcome] { outcomes.filter { !$0.passed } }
        public var passedCount: Int { outcomes.filter(\.passed).count }
        public var summary: String { "\(passedCount) passed, \(outcomes.count - passedCount) failed" }
    }

    /// Runs one case.
    public func run(_ c: GoldenCase, file: String) -> Outcome {
        do {
            return Outcome(file: file, goldenCase: c, actual: try actual(c), error: nil)
        } catch {
            return Outcome(file: file, goldenCase: c, actual: nil, error: "\(error)")
        }
    }

    /// Runs every case of the given golden files and folders.
    public func run(paths: [String]) throws -> Report {
        var report = Report()
        for path in try GoldenFile.discover(paths) {
            let file = try GoldenFile.load(path: path)
            for c in file.cases { report.outcomes.append(run(c, file: path)) }
        }
        return report
    }

    /// Rewrites the expectations of the given files with the current output — of failing
    /// cases only, or of all with `all`. Each changed file is replaced atomically. Returns the
    /// cases rewritten; cases that cannot run are left as they are.
    @discardableResult
    public func update(paths: [String], all: Bool = false) throws -> [Outcome] {
        var changed: [Outcome] = []
        for path in try GoldenFile.discover(paths) {
            var file = try GoldenFile.load(path: path)
            var dirty = false
            for i in file.cases.indices {
                let o = run(file.cases[i], file: path)
                guard o.error == nil, let actual = o.actual else { continue }
                if !o.passed || all {
                    if actual != file.cases[i].expected { changed.append(o) }
                    file.cases[i].expected = actual
                    dirty = true
                }
            }
            // Rewriting also normalizes the layout, so `--all` reformats hand-edited files.
            if dirty { try file.write() }
        }
        return changed
    }

    /// Records a new case from the current output and appends it to `path` (created when
    /// missing). Returns the case as written.
    @discardableResult
    public func add(_ c: GoldenCase, to path: String) throws -> GoldenCase {
        var file: GoldenFile
        if FileManager.default.fileExists(atPath: path) {
            file = try GoldenFile.load(path: path)
        } else {
            file = GoldenFile(path: path, header: ["# Golden cases recorded with `nlcal golden add`. Review each before committing."])
        }
        var recorded = c
        recorded.expected = try actual(c)
        file.cases.append(recorded)
        try file.write()
        return recorded
    }
}
