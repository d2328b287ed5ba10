/// A pipeline stage served by an external plugin process (`"kind": "stage"`).
///
/// The pipeline calls it like any built-in stage; it sends the state to the plugin and merges
/// the answer (see `StageExchange`). One process serves every parse of the run. When the
/// plugin fails, the fault policy either stops the run or lets it go on without the plugin
/// (each later result then carries a `plugin-skipped` warning).
public final class ExternalStage: Stage {
    public var name: String { process.manifest.name }
    /// The stage this one runs after.
    public var after: String { process.manifest.after ?? "attendees" }
    let process: PluginProcess
    let faults: PluginFaultPolicy
    private var skipped: PluginError?

    init(manifest: PluginManifest, faults: PluginFaultPolicy) {
        process = PluginProcess(manifest: manifest)
        self.faults = faults
    }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        if let skipped {
            state.warnings.append(Warning(code: "plugin-skipped", message: "plugin '\(name)' was not run: \(skipped.message)"))
            return
        }
        do {
            let answer = try process.request(StageExchange.request(state, context, stage: name))
            let problems = try StageExchange.apply(answer, to: &state, plugin: name)
            if !problems.isEmpty {
                process.kill()
                throw PluginError(process.manifest, "answered with an invalid reply: \(problems.joined(separator: "; "))")
            }
        } catch let e as PluginError {
            try faults.handle(e)
            skipped = e
            state.warnings.append(Warning(code: "plugin-skipped", message: "plugin '\(name)' was not run: \(e.message)"))
        }
    }

    /// Ends the plugin process (closing its stdin first).
    public func stop() { process.stop() }

    /// How many requests the plugin has been sent.
    public var requestCount: Int { process.requests }
}
