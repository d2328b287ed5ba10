import ArgumentParser
import Foundation
import NLCal
import NLCalCLI
import NLCalStore

/// `nlcal rm UID`: deletes an event.
struct RmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete an event by UID.")

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The event's UID (see nlcal agenda --json).")
    var uid: String

    func run() throws {
        do {
            let store = try storeOptions.open()
            guard let ev = try store.event(uid: uid) else { throw CLIError("no event with uid \(uid)") }
            guard try store.remove(uid: uid) else { throw CLIError("no event with uid \(uid)") }
            print("Deleted '\(ev.title)' (\(uid)) from \(ev.calendar)")
        } catch {
            fail(error)
        }
    }
}
