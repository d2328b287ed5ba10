import ArgumentParser
import Foundation
import NLCal
import NLCalCLI
import NLCalStore

/// `nlcal import FILE.ics`: adds or updates the file's events, by UID, in one transaction.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import the events of an iCalendar file (idempotent by UID; all or nothing).",
        discussion: "Floating times (no zone) are read in --tz. An event that cannot be read fails the whole import and the store keeps what it had."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "The calendar to import into (default: Personal).")
    var calendar: String = EventStore.defaultCalendar

    @Option(name: .long, help: "IANA zone for floating times (default: the system zone).")
    var tz: String?

    @Argument(help: "The .ics file ('-' for stdin).")
    var file: String

    func run() throws {
        do {
            let zone: Zone
            if let tz { guard let z = Zone(identifier: tz) else { throw CLIError("unknown time zone '\(tz)'") }; zone = z } else { zone = .system }
            let data: Data
            if file == "-" { data = FileHandle.standardInput.readDataToEndOfFile() } else {
                guard let d = FileManager.default.contents(atPath: file) else { throw CLIError("cannot read \(file)") }
                data = d
            }
            guard let text = String(validating: [UInt8](data), as: UTF8.self) else { throw CLIError("\(file) is not UTF-8 text") }
            let components: [ICSReader.Component]
            do { components = try ICSReader.components(text) } catch { throw CLIError("\(file): \(error)") }
            let store = try storeOptions.open()
            var counts: [UpsertOutcome: Int] = [:]
            var skipped = 0
            try store.write { tx in
                for c in components {
                    if ICSReader.isOverride(c) { skipped += 1; continue }
                    let event: CalendarEvent
                    do { event = try ICSReader.event(from: c, calendar: calendar, defaultZone: zone) } catch {
                        throw CLIError("\(file): \(error); nothing was imported")
                    }
                    counts[try tx.upsert(event), default: 0] += 1
                }
            }
            let total = counts.values.reduce(0, +)
            var msg = "imported \(total) event\(total == 1 ? "" : "s") into \(calendar): \(counts[.added] ?? 0) added, \(counts[.updated] ?? 0) updated, \(counts[.unchanged] ?? 0) unchanged"
            if skipped > 0 { msg += "; skipped \(skipped) edited instance\(skipped == 1 ? "" : "s") of recurring events (RECURRENCE-ID)" }
            print(msg)
        } catch {
            fail(error)
        }
    }
}
