import ArgumentParser
import Foundation
import NLCal
import NLCalCLI

/// `nlcal tool-schema`: prints the `parse_event` function definition a model is given.
struct ToolSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tool-schema",
        abstract: "Print the parse_event function definition (OpenAI-style tool, JSON Schema parameters).",
        discussion: """
        `nlcal parse --format tool-call` prints calls to this function: \
        {"id", "type": "function", "function": {"name": "parse_event", "arguments": "<JSON string>"}}, \
        whose arguments validate against these parameters. See docs/emitters.md.
        """
    )

    @Flag(name: .long, help: "Print only the JSON Schema of the arguments.")
    var parametersOnly = false

    @Flag(name: .long, help: "Print the JSON on one line.")
    var compact = false

    func run() throws {
        let json = parametersOnly ? ToolSchema.parameters : ToolSchema.parseEvent
        print(json.serialized(pretty: !compact))
    }
}
