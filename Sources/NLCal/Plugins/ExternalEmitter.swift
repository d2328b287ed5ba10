/// An output format served by an external plugin process (`"kind": "emitter"`).
///
/// Request: `{"seq", "request": "emit", "format", "result": <ParseResult JSON, with "id" in a batch>}`;
/// answer: `{"output": "…"}`. Line-layout plugins must answer one line per result.
public final class ExternalEmitter: Emitter {
    public var name: String { process.manifest.name }
    public var summary: String { process.manifest.summary }
    public var layout: EmitterLayout { process.manifest.layout }
    let process: PluginProcess
    let options: EmitterOptions

    init(manifest: PluginManifest, options: EmitterOptions) {
        process = PluginProcess(manifest: manifest)
        self.options = options
    }

    public func emit(_ result: ParseResult, id: String?) throws -> String {
        let answer = try process.request([
            ("request", .string("emit")), ("format", .string(name)),
            ("result", result.json(id: id, explain: options.explain)),
        ])
        guard let output = answer["output"]?.stringValue else {
            process.kill()
            throw PluginError(process.manifest, "answered without an \"output\" string")
        }
        if layout == .line, output.contains(where: { $0 == "\n" || $0 == "\r" }) {
            let trimmed = output.hasSuffix("\n") ? String(output.dropLast()) : output
            guard !trimmed.contains(where: { $0 == "\n" || $0 == "\r" }) else {
                throw PluginError(process.manifest, "answered more than one line for a line format (declare \"layout\": \"document\" in plugin.json)")
            }
            return trimmed
        }
        return output
    }

    public func stop() { process.stop() }
}
