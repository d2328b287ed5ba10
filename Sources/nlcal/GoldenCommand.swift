import ArgumentParser
import Foundation
import NLCal
import NLCalCLI

/// `nlcal golden`: regression tests kept as reviewed files of inputs and expected outputs.
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Run, update and record golden cases (Tests/Golden/*.golden).",
        discussion: """
        A golden file holds cases (text, now, tz, locale, policies) and the output each must \
        give: event, time, ambiguities, warnings and spans. See docs/grammar.md.
        """,
        subcommands: [Run.self, Update.self, Add.self]
    )

    static let defaultPath = "Tests/Golden"

    /// A runner over the shipped grammar plus any `--grammars` folders.
    static func runner(userGrammars: [String]) -> GoldenRunner {
        GoldenRunner { lang in
            var dirs = [try GrammarLocator.shippedDirectory(locale: lang)]
            for g in userGrammars { dirs.append(try GrammarLocator.userDirectory(g, locale: lang)) }
            return try Pipeline(grammar: try GrammarLoader.load(directories: dirs, locale: lang))
        }
    }

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Compare every case with its expectation; print a unified diff per failing case.",
            discussion: "Ends with 'N passed, M failed'; exits 1 when any case fails."
        )

        @Option(name: .long, help: "A grammar folder whose rules add to or override the shipped ones (repeatable).")
        var grammars: [String] = []

        @Flag(name: .shortAndLong, help: "Also list the cases that pass.")
        var verbose = false

        @Argument(help: "Golden files or folders (default: Tests/Golden).")
        var paths: [String] = []

        func run() throws {
            let report: GoldenRunner.Report
            do {
                report = try GoldenCommand.runner(userGrammars: grammars).run(paths: paths.isEmpty ? [GoldenCommand.defaultPath] : paths)
            } catch {
                fail(error)
            }
            for o in report.outcomes {
                if !o.passed { print(o.report) } else if verbose { print("ok   \(o.goldenCase.label(file: o.file))") }
            }
            print(report.summary)
            if !report.failures.isEmpty { throw ExitCode(1) }
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Rewrite the expectations of failing cases (or all, with --all) from the current output.",
            discussion: "Each file is replaced atomically. Review the result with git diff before committing."
        )

        @Option(name: .long, help: "A grammar folder whose rules add to or override the shipped ones (repeatable).")
        var grammars: [String] = []

        @Flag(name: .long, help: "Rewrite every case, not only failing ones (also reformats the files).")
        var all = false

        @Argument(help: "Golden files or folders (default: Tests/Golden).")
        var paths: [String] = []

        func run() throws {
            do {
                let changed = try GoldenCommand.runner(userGrammars: grammars).update(paths: paths.isEmpty ? [GoldenCommand.defaultPath] : paths, all: all)
                for o in changed { print("updated \(o.goldenCase.label(file: o.file))") }
                print("\(changed.count) case(s) updated")
            } catch {
                fail(error)
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Record a new case from the current output.",
            discussion: """
            Needs --now and --tz so the case does not depend on the clock. Non-default policies \
            given as flags (--next-weekday, --date-order, …) are recorded with the case. Check \
            the printed output before committing: a golden case must record correct behaviour.
            """
        )

        @OptionGroup var options: ContextOptions

        @Option(name: .long, help: "The golden file to append to (created when missing).")
        var file: String = "Tests/Golden/added.golden"

        @Option(name: .long, help: "A note for reviewers, kept with the case.")
        var note: String?

        @Argument(help: "The text of the case.")
        var text: [String]

        func run() throws {
            do {
                guard !text.isEmpty else { throw CLIError("give the text of the case") }
                guard let now = options.now, let tz = options.tz else {
                    throw CLIError("give --now and --tz: a golden case must not depend on the clock or the system zone")
                }
                _ = try options.context()  // validates the flags with the usual messages
                let c = GoldenCase(text: text.joined(separator: " "), now: now, tz: tz, locale: options.locale,
                                   policies: GoldenCase.policyWords(try options.policies()), note: note)
                let recorded = try GoldenCommand.runner(userGrammars: options.grammars).add(c, to: file)
                print("added to \(file):\n")
                print(recorded.rendered(), terminator: "")
            } catch {
                fail(error)
            }
        }
    }
}
