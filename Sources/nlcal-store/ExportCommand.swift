import ArgumentParser
import Foundation
import NLCal
import NLCalCLI
import NLCalStore

/// `nlcal export --ics`: the store (or one calendar) as one iCalendar file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export events as iCalendar (RFC 5545).")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(name: .long, help: "iCalendar output (the only format, and the default).")
    var ics = false

    @Option(name: .long, help: "Only this calendar (default: all).")
    var calendar: String?

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    func run() throws {
        do {
            let store = try storeOptions.open()
            if let calendar, !(try store.calendars()).contains(where: { $0.name.lowercased() == calendar.lowercased() }) {
                throw CLIError("no calendar named '\(calendar)' (see nlcal calendars)")
            }
            let events = try store.events(calendar: calendar)
            let text = ICSWriter.document(events, stamp: Int(Date().timeIntervalSince1970), calendarName: calendar)
            if let output {
                do { try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                    throw CLIError("cannot write \(output): \(error.localizedDescription)")
                }
                FileHandle.standardError.write(Data("nlcal: exported \(events.count) event\(events.count == 1 ? "" : "s") to \(output)\n".utf8))
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        } catch {
            fail(error)
        }
    }
}
