/// The CalendarEvent alone (`--format event`): the `event` member of the ParseResult, or null.
///
/// In a batch each line is `{"id": …, "event": …}`, so answers can be matched to requests.
public struct EventEmitter: Emitter {
    public let name = "event"
    public let summary = "the CalendarEvent alone (null when no time was found)"
    public let layout = EmitterLayout.line
    let options: EmitterOptions

    public init(_ options: EmitterOptions = EmitterOptions()) { self.options = options }

    public func emit(_ result: ParseResult, id: String?) throws -> String {
        if options.batch || id != nil {
            return JSON.object([("id", id.map { .string($0) } ?? .null), ("event", result.eventJSON())]).serialized()
        }
        return result.eventJSON().serialized(pretty: options.pretty)
    }
}
