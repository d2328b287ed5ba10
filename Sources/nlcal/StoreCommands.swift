import ArgumentParser
import Foundation
import NLCalCLI
#if canImport(Glibc)
import Glibc
#endif

/// The calendar-store commands run in the sibling binary `nlcal-store` (see `Sources/nlcal-store`).
///
/// `nlcal add …` (and `nlcal help add`, `nlcal add --help`) execs `nlcal-store` beside the running
/// binary with the same arguments. The stubs below only list those commands in `nlcal --help`;
/// their names and abstracts mirror the real commands'.
enum StoreCommands {
    static let names: Set<String> = ["add", "agenda", "calendars", "export", "import", "rm", "edit"]

    static let stubs: [ParsableCommand.Type] = [AddStub.self, AgendaStub.self, CalendarsStub.self, ExportStub.self,
                                                ImportStub.self, RmStub.self, EditStub.self]

    /// Replaces this process with `nlcal-store` when the arguments name a store command.
    static func forwardIfNeeded(_ args: [String]) {
        guard args.count >= 2 else { return }
        if names.contains(args[1]) || (args[1] == "help" && args.count >= 3 && names.contains(args[2])) {
            forward(args)
        }
    }

    static func forward(_ args: [String]) -> Never {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: args[0]).resolvingSymlinksInPath().path
        let store = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("nlcal-store").path
        guard access(store, X_OK) == 0 else {
            fail(CLIError("'\(args.count > 1 ? args[1] : "")' is a calendar-store command, run by the nlcal-store binary, which is not beside nlcal (looked for \(store)); build it with `swift build` or `swift build --product nlcal-store`"))
        }
        var cargs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) }
        cargs.append(nil)
        execv(store, cargs)
        fail(CLIError("cannot run \(store): \(String(cString: strerror(errno)))"))
    }
}

private protocol StoreStub: ParsableCommand {}
extension StoreStub {
    func run() throws { StoreCommands.forward(CommandLine.arguments) }
}

private struct AddStub: StoreStub {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Parse text into an event and save it in a calendar.")
}
private struct AgendaStub: StoreStub {
    static let configuration = CommandConfiguration(commandName: "agenda", abstract: "List events: today, tomorrow, this week, or --from/--to (recurrences expanded).")
}
private struct CalendarsStub: StoreStub {
    static let configuration = CommandConfiguration(commandName: "calendars", abstract: "List the calendars in the store, with their event counts.")
}
private struct ExportStub: StoreStub {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export events as iCalendar (RFC 5545).")
}
private struct ImportStub: StoreStub {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "Import the events of an iCalendar file (idempotent by UID; all or nothing).")
}
private struct RmStub: StoreStub {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete an event by UID.")
}
private struct EditStub: StoreStub {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Replace an event with a new reading of new text; the UID and calendar stay.")
}
