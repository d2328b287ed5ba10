import ArgumentParser
import NLCalCLI

/// `nlcal-store`: the calendar-store commands of `nlcal` (SQLite through GRDB, CalDAV).
///
/// A separate binary so that `nlcal parse` does not load SQLite and the networking stack at
/// start; `nlcal add …` execs this binary with the same arguments, so it calls itself `nlcal`.
@main
struct NLCalStoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlcal",
        abstract: "The calendar-store commands of nlcal (run through `nlcal add`, `nlcal agenda`, …).",
        subcommands: [AddCommand.self, AgendaCommand.self, CalendarsCommand.self, ExportCommand.self, ImportCommand.self, RmCommand.self, EditCommand.self]
    )
}
