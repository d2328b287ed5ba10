/// The ParseResult object of ARCHITECTURE.md (`--format json`, the default).
public struct JSONEmitter: Emitter {
    public let name = "json"
    public let summary = "the ParseResult object (event, time, ambiguities, spans)"
    public let layout = EmitterLayout.line
    let options: EmitterOptions

    public init(_ options: EmitterOptions = EmitterOptions()) { self.options = options }

    public func emit(_ result: ParseResult, id: String?) throws -> String {
        let pretty = options.pretty && !options.batch
        if !pretty && !options.explain {
            // The same bytes, written without building the JSON tree (see ResultWriter).
            return result.compactJSON(id: id, nullID: options.batch)
        }
        var out = result.json(id: id, explain: options.explain)
        if options.batch, id == nil, case .object(var m) = out {
            m.insert(("id", .null), at: 0)
            out = .object(m)
        }
        return out.serialized(pretty: options.pretty && !options.batch)
    }
}
