import ArgumentParser
import Foundation
import NLCal
import NLCalCLI
import NLCalStore

/// `nlcal calendars`: the store's calendars with their event counts.
struct CalendarsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "calendars", abstract: "List the calendars in the store, with their event counts.")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() throws {
        do {
            let store = try storeOptions.open()
            let cals = try store.calendars()
            if json || isatty(STDOUT_FILENO) != 1 {
                print(JSON.object([("store", .string(store.path)), ("calendars", .array(cals.map {
                    .object([("name", .string($0.name)), ("events", .int($0.count))])
                }))]).serialized())
            } else {
                let w = cals.map(\.name.count).max() ?? 0
                for c in cals { print("\(c.name.padding(toLength: w, withPad: " ", startingAt: 0))  \(c.count) event\(c.count == 1 ? "" : "s")") }
            }
        } catch {
            fail(error)
        }
    }
}
