import ArgumentParser
import Foundation
import NLCal

/// The `nlcal` command: text in, calendar JSON out.
@main
struct NLCalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlcal",
        abstract: "Turn what people type into calendar events: a rule-based text → calendar parser.",
        subcommands: [ParseCommand.self, ResolveCommand.self, EvalCommand.self, GoldenCommand.self, GrammarCommand.self, ToolSchemaCommand.self, PluginsCommand.self]
            + [AddCommand.self, AgendaCommand.self, CalendarsCommand.self, ExportCommand.self, ImportCommand.self, RmCommand.self, EditCommand.self],
        defaultSubcommand: ParseCommand.self
    )
}

/// A bad input the user can fix; printed as one line on stderr with a non-zero exit.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Prints `nlcal: error: …` and exits with status 2 (bad input) — never a stack trace.
func fail(_ error: Error) -> Never {
    let message: String
    switch error {
    case let e as CLIError: message = e.description
    case let e as GrammarError: message = "grammar error: \(e.description)"
    case let e as CustomStringConvertible: message = e.description
    default: message = "\(error)"
    }
    FileHandle.standardError.write(Data("nlcal: error: \(message)\n".utf8))
    exit(2)
}
