import ArgumentParser
import Foundation
import NLCal
import NLCalCLI
#if canImport(Glibc)
import Glibc
#endif

/// The `nlcal` command: text in, calendar JSON out.
///
/// The calendar-store commands (`add`, `agenda`, `calendars`, `export`, `import`, `rm`, `edit`)
/// live in the sibling binary `nlcal-store`, which links SQLite (GRDB) and networking (CalDAV);
/// `nlcal` hands those commands over to it, so parsing starts without loading those libraries.
@main
struct NLCalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlcal",
        abstract: "Turn what people type into calendar events: a rule-based text → calendar parser.",
        subcommands: [ParseCommand.self, ResolveCommand.self, EvalCommand.self, GoldenCommand.self, GrammarCommand.self, ToolSchemaCommand.self, PluginsCommand.self]
            + StoreCommands.stubs,
        defaultSubcommand: ParseCommand.self
    )

    static func main() {
        StoreCommands.forwardIfNeeded(CommandLine.arguments)
        parseFastPath(CommandLine.arguments)
        main(nil)
    }

    /// `nlcal parse …` (and the default `nlcal TEXT`) parsed against `parse`'s own options only:
    /// building the whole command tree's argument sets costs a few milliseconds at every start.
    /// Anything that does not parse cleanly that way (help, completion requests, bad options,
    /// other subcommands) goes through the full parser, so messages and usage stay the same.
    static func parseFastPath(_ args: [String]) {
        guard args.count >= 2 else { return }
        var rest = Array(args.dropFirst())
        if rest[0] == "parse" {
            rest.removeFirst()
        } else if rest[0] == "help" || rest[0].hasPrefix("-")
                    || configuration.subcommands.contains(where: { $0.configuration.commandName == rest[0] }) {
            return
        }
        guard let command = try? ParseCommand.parseAsRoot(rest) as? ParseCommand else { return }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
        exit()
    }
}
