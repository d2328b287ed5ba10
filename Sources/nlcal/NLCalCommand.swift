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
        main(nil)
    }
}
