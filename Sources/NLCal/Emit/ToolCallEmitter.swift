/// The call a model would make to the `parse_event` function (`--format tool-call`).
///
/// The shape is the OpenAI-style tool call, also used by most function-calling runtimes:
///
/// ```json
/// {"id": "call_…", "type": "function",
///  "function": {"name": "parse_event", "arguments": "{\"title\":\"Lunch\",…}"}}
/// ```
///
/// `arguments` is a JSON *string* holding the CalendarEvent object, which validates against
/// the parameters of `ToolSchema.parseEvent` (`nlcal tool-schema`). The id is the batch id when
/// there is one, else `call_` and a hash of the text and context (stable across runs).
/// A text without an event has no call to make: that is an error, as for ics.
public struct ToolCallEmitter: Emitter {
    public let name = "tool-call"
    public let summary = "an OpenAI-style call to the parse_event function (see nlcal tool-schema)"
    public let layout = EmitterLayout.line

    public init() {}

    public func emit(_ result: ParseResult, id: String?) throws -> String {
        let event = result.eventJSON()
        guard event != .null else { throw EmitError.noEvent(format: name, text: result.state.text) }
        let callID = id ?? "call_" + String(StableHash.of(result).prefix(24))
        return JSON.object([
            ("id", .string(callID)),
            ("type", .string("function")),
            ("function", .object([
                ("name", .string(ToolSchema.functionName)),
                ("arguments", .string(event.serialized())),
            ])),
        ]).serialized()
    }
}
