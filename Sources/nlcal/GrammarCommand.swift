import ArgumentParser
import Foundation
import NLCal
import NLCalCLI

/// `nlcal grammar`: tools for grammar authors.
struct GrammarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grammar",
        abstract: "Check grammar files and measure which rules the golden cases exercise.",
        subcommands: [Check.self, Coverage.self, OperatorList.self]
    )

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Report grammar errors and warnings as file:line:col: message.",
            discussion: """
            Errors: what the loader rejects (syntax, unknown categories and operators, duplicate \
            rule names), rules that can never fire, phrases no input can match. Warnings: rules \
            shadowed by an identical earlier rule, categories built for nothing. A folder is \
            checked layered over the shipped grammar, as `nlcal parse --grammars` loads it \
            (--alone checks it by itself). Exits 1 when there are errors.
            """
        )

        @Option(name: .long, help: "Grammar language.")
        var locale: String = "en"

        @Flag(name: .long, help: "Check the folders by themselves, not layered over the shipped grammar.")
        var alone = false

        @Flag(name: .long, help: "Exit 1 on warnings too.")
        var strict = false

        @Argument(help: "Grammar folders (default: the shipped grammar).")
        var dirs: [String] = []

        func run() throws {
            var findings: [GrammarDiagnostic] = []
            do {
                let lang = GrammarLocator.language(of: locale)
                var folders: [URL] = []
                if dirs.isEmpty || !alone { folders.append(try GrammarLocator.shippedDirectory(locale: lang)) }
                for d in dirs { folders.append(try GrammarLocator.userDirectory(d, locale: lang)) }
                findings = GrammarChecker.check(directories: folders, locale: lang)
            } catch {
                fail(error)
            }
            for f in findings { print(f.description) }
            let errors = findings.filter { $0.severity == .error }.count
            let warnings = findings.count - errors
            print("\(errors) error(s), \(warnings) warning(s)")
            if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
        }
    }

    struct OperatorList: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "operators",
            abstract: "List the operators a rule can name, with what each builds."
        )

        func run() throws {
            let width = Operators.catalogue.map(\.name.count).max() ?? 0
            for op in Operators.catalogue {
                print(op.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + op.summary)
            }
        }
    }

    struct Coverage: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "coverage",
            abstract: "List the rules and lexicon categories that no golden case exercises.",
            discussion: "Runs the golden cases; exits 1 when anything is not exercised."
        )

        @Option(name: .long, help: "A grammar folder whose rules add to or override the shipped ones (repeatable).")
        var grammars: [String] = []

        @Flag(name: .shortAndLong, help: "Also print how many cases exercise each rule.")
        var verbose = false

        @Argument(help: "Golden files or folders (default: Tests/Golden).")
        var paths: [String] = []

        func run() throws {
            let coverage: GrammarCoverage
            let grammar: Grammar
            do {
                let runner = GoldenCommand.runner(userGrammars: grammars)
                grammar = try runner.pipeline(for: "en").grammar
                let files = try GoldenFile.discover(paths.isEmpty ? [GoldenCommand.defaultPath] : paths).map { try GoldenFile.load(path: $0) }
                coverage = GrammarCoverage.measure(files: files, runner: runner, grammar: grammar)
            } catch {
                fail(error)
            }
            if verbose {
                for r in grammar.rules { print("\(String(coverage.exercisedRules[r.name] ?? 0).leftPadded(5))  \(r.name)") }
            }
            for r in coverage.unexercisedRules { print("\(r.origin): rule '\(r.name)' is exercised by no golden case") }
            for c in coverage.unexercisedCategories {
                print("\(c.origin.map { "\($0): " } ?? "")lexicon category [\(c.name)] is exercised by no golden case")
            }
            let lexTotal = coverage.exercisedCategories.count + coverage.unexercisedCategories.count
            print("\(coverage.caseCount) cases; rules: \(grammar.rules.count - coverage.unexercisedRules.count)/\(grammar.rules.count) exercised; lexicon categories: \(lexTotal - coverage.unexercisedCategories.count)/\(lexTotal) exercised")
            if !coverage.isComplete { throw ExitCode(1) }
        }
    }
}

extension String {
    fileprivate func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
