import Foundation

/// The plugins of one run: the active stage plugins (each one process) and the emitter
/// plugins `--format` can pick, with the fault policy they share.
///
/// ```swift
/// let host = try PluginHost(catalog: try PluginCatalog.discover(explicit: ["places"]), faults: policy)
/// try host.install(into: pipeline)   // once per pipeline; the processes are shared
/// defer { host.shutdown() }
/// ```
public final class PluginHost {
    public let catalog: PluginCatalog
    public let stages: [ExternalStage]
    public let faults: PluginFaultPolicy
    private var emitters: [ExternalEmitter] = []

    /// Readies the active stage plugins (started on their first request). A broken manifest of
    /// an active plugin is an error, or a warning in `warn` mode.
    public init(catalog: PluginCatalog, faults: PluginFaultPolicy) throws {
        self.catalog = catalog
        self.faults = faults
        var stages: [ExternalStage] = []
        for e in catalog.entries where e.active && !e.shadowed {
            switch e.manifest {
            case .success(let m):
                if m.kind == .stage { stages.append(ExternalStage(manifest: m, faults: faults)) }
            case .failure(let err):
                guard faults.mode == .warn else { throw err }
                try faults.handle(PluginError(manifestError: err, directory: e.directory.path))
            }
        }
        self.stages = stages
    }

    /// Inserts the stage plugins after their `after` stage, in discovery order; a plugin may
    /// follow another plugin. Does nothing for a pipeline that has them already.
    public func install(into pipeline: Pipeline) throws {
        for stage in stages where !pipeline.stages.contains(where: { ($0 as? ExternalStage) === stage }) {
            guard pipeline.stages.contains(where: { $0.name == stage.after }) else {
                throw PluginError(stage.process.manifest, "runs after \"\(stage.after)\", which is not a stage (stages: \(pipeline.stages.map(\.name).joined(separator: ", ")))")
            }
            // After the anchor and after any plugin already placed behind it.
            var anchor = stage.after
            while let next = pipeline.stages.first(where: { ($0 as? ExternalStage)?.after == anchor && $0.name != stage.name }) {
                anchor = next.name
            }
            pipeline.insert(stage, after: anchor)
        }
    }

    /// The emitter plugin of that name, started on first use.
    public func emitter(named name: String, options: EmitterOptions) -> Emitter? {
        if let e = emitters.first(where: { $0.name == name }) { return e }
        guard let m = catalog.manifests.first(where: { $0.kind == .emitter && $0.name == name }) else { return nil }
        let e = ExternalEmitter(manifest: m, options: options)
        emitters.append(e)
        return e
    }

    /// Names of the emitter plugins, for help and errors.
    public var emitterNames: [String] { catalog.manifests.filter { $0.kind == .emitter }.map(\.name) }

    /// Ends every plugin process.
    public func shutdown() {
        for s in stages { s.stop() }
        for e in emitters { e.stop() }
    }
}

extension PluginError {
    init(manifestError: PluginManifestError, directory: String) {
        plugin = URL(fileURLWithPath: directory).lastPathComponent
        kind = .stage
        self.directory = directory
        message = manifestError.message
    }
}
