import ArgumentParser
import Foundation
import NLCal
import NLCalCLI

/// `nlcal resolve`: settles ambiguities of a saved ParseResult by choosing chips.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Apply ambiguity chips to a ParseResult read on stdin and print the result.",
        discussion: """
        Reads one ParseResult JSON (as `nlcal parse` prints it) on stdin. Each chip's patch is \
        merged into "event" and its ambiguity is dropped; a patch that moves only the start keeps \
        the event's length. "time" stays the value the text said. The same rules as \
        `nlcal parse --choose`. An unknown chip id is an error that lists the valid ids.
        """
    )

    @Argument(help: "Chip ids to apply, in order (e.g. time-passed/today).")
    var chips: [String] = []

    @Flag(name: .long, help: "Indent the JSON.")
    var pretty = false

    func run() throws {
        do {
            guard !chips.isEmpty else { throw CLIError("give at least one chip id to apply") }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            let json: JSON
            do { json = try JSON.parse(data) } catch {
                throw CLIError("stdin is not valid JSON: \(error)")
            }
            let resolved = try ChipResolver.apply(chips, to: json)
            FileHandle.standardOutput.write(Data((resolved.serialized(pretty: pretty) + "\n").utf8))
        } catch {
            fail(error)
        }
    }
}
