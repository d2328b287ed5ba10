import ArgumentParser
import Foundation
import NLCal
import NLCalCLI

/// `nlcal plugins`: lists the plugins nlcal finds and the built-in formats.
struct PluginsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the plugins found (shipped Plugins/, ~/.config/nlcal/plugins, --plugin DIR) and the output formats.",
        discussion: "Stage plugins marked active run in `nlcal parse` with the same options; emitters are picked with --format NAME. See docs/plugins.md."
    )

    @OptionGroup var pluginOptions: PluginOptions

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        do {
            let catalog = try PluginCatalog.discover(explicit: pluginOptions.plugin)
            var rows: [[String]] = []
            var objects: [JSON] = []
            for e in EmitterRegistry.builtIn().emitters {
                rows.append([e.name, "emitter", "built-in", "-", "-", e.summary])
                objects.append(.object([("name", .string(e.name)), ("kind", .string("emitter")), ("where", .string("built-in")), ("status", .string("available")), ("path", .null)]))
            }
            for e in catalog.entries {
                var kind = "?", status: String
                var detail = ""
                switch e.manifest {
                case .success(let m):
                    kind = m.kind.rawValue
                    status = e.shadowed ? "shadowed" : m.kind == .emitter ? "available" : e.active ? "active" : "available"
                    detail = m.kind == .stage ? "after \(m.after ?? "?")" + (m.summary.isEmpty ? "" : "; \(m.summary)") : m.summary
                case .failure(let err):
                    status = "broken"
                    detail = err.message
                }
                rows.append([e.name, kind, e.origin.rawValue, status, e.directory.path, detail])
                objects.append(.object([("name", .string(e.name)), ("kind", .string(kind)), ("where", .string(e.origin.rawValue)),
                                        ("status", .string(status)), ("path", .string(e.directory.path)), ("detail", .string(detail))]))
            }
            if json {
                print(JSON.array(objects).serialized(pretty: true))
                return
            }
            let header = ["NAME", "KIND", "WHERE", "STATUS", "PATH", "DETAIL"]
            let all = [header] + rows
            let widths = (0..<header.count - 1).map { c in all.map { $0[c].count }.max() ?? 0 }
            for r in all {
                let cells = r.enumerated().map { c, v in c < widths.count ? v.padding(toLength: widths[c], withPad: " ", startingAt: 0) : v }
                print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
            }
        } catch {
            fail(error)
        }
    }
}

/// `--plugin` and `--plugin-errors`, shared by `parse` and `plugins`.
struct PluginOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A plugin folder, a folder of plugins, or the name of a shipped plugin to run (repeatable).", valueName: "dir|name"))
    var plugin: [String] = []

    @Option(name: .long, help: "When a plugin fails: fail (stop with an error) | warn (warn on stderr and go on without it).")
    var pluginErrors: String = PluginFaultPolicy.Mode.fail.rawValue

    func host() throws -> PluginHost {
        guard let mode = PluginFaultPolicy.Mode(rawValue: pluginErrors) else {
            throw CLIError("invalid --plugin-errors '\(pluginErrors)' (fail, warn)")
        }
        let policy = PluginFaultPolicy(mode) { message in
            FileHandle.standardError.write(Data("nlcal: warning: \(message)\n".utf8))
        }
        return try PluginHost(catalog: try PluginCatalog.discover(explicit: plugin), faults: policy)
    }

    /// The built-in emitter or emitter plugin named by --format.
    func emitter(named name: String, host: PluginHost, options: EmitterOptions) throws -> Emitter {
        if let e = EmitterRegistry.builtIn(options).emitter(named: name) { return e }
        if let e = host.emitter(named: name, options: options) { return e }
        let known = EmitterRegistry.builtInNames + host.emitterNames
        throw CLIError("unknown --format '\(name)' (\(known.joined(separator: ", ")))")
    }
}

/// Prints the plugin's one-line error and exits with status 3 (a plugin failed).
func failPlugin(_ error: PluginError) -> Never {
    FileHandle.standardError.write(Data("nlcal: error: \(error.description)\n".utf8))
    exit(3)
}
