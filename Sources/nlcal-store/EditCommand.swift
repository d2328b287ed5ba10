import ArgumentParser
import Foundation
import NLCal
import NLCalCLI
import NLCalStore

/// `nlcal edit UID TEXT`: re-parses new text (relative to --now) into the same event.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Replace an event with a new reading of new text; the UID and calendar stay.",
        discussion: "Chips are settled as in nlcal add (terminal, --yes, --choose); the conflict check leaves out the event itself."
    )

    @OptionGroup var options: ContextOptions
    @OptionGroup var storeOptions: StoreOptions

    @Flag(name: [.short, .long], help: "Take the pre-selected chips without asking.")
    var yes = false

    @Option(name: .long, help: ArgumentHelp("Pick a chip by id (repeatable).", valueName: "chip"))
    var choose: [String] = []

    @Argument(help: "The event's UID.")
    var uid: String

    @Argument(help: "The new text.")
    var text: [String] = []

    func run() throws {
        do {
            let store = try storeOptions.open()
            guard let old = try store.event(uid: uid) else { throw CLIError("no event with uid \(uid)") }
            let input = try readText(text)
            let context = try options.context()
            let pipeline = try PipelineCache(userGrammars: options.grammars).pipeline(for: context.locale)
            pipeline.insert(ConflictStage(events: try store.events(calendar: old.calendar), ignoringUID: uid), after: "validation")
            let result = try pipeline.parse(input, context: context)
            var draft = Draft(result: result, calendar: old.calendar, uid: uid)
            var settler = Settler(yes: yes, choose: choose)
            let event = try settler.settleAndCheck(&draft, store: store, ignoringUID: uid)
            try settler.checkAllChosenUsed()
            guard try store.update(event) else { throw CLIError("no event with uid \(uid) (deleted meanwhile)") }
            printEvent(event, verb: "Updated")
        } catch let e as ExitCode {
            throw e
        } catch {
            fail(error)
        }
    }
}
