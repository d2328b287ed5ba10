import Foundation

/// The plugins nlcal can see, from three places:
///
/// 1. the shipped `Plugins/` folder (`$NLCAL_PLUGINS`, else found like the grammars: beside the
///    executable or in a parent, `../share/nlcal/Plugins`, or the source tree);
/// 2. the user's folder, `$XDG_CONFIG_HOME/nlcal/plugins` (default `~/.config/nlcal/plugins`);
/// 3. `--plugin DIR` (a plugin folder, or a folder of them), repeatable.
///
/// Emitter plugins from any place can be picked with `--format NAME`. Stage plugins run when
/// they come from the user's folder or `--plugin DIR`; a shipped stage runs when named with
/// `--plugin NAME`. For one name, `--plugin` wins over the user's folder, which wins over
/// the shipped one.
public struct PluginCatalog {
    public enum Origin: String, Sendable {
        case shipped
        case user
        case commandLine = "--plugin"
    }

    public struct Entry {
        public var directory: URL
        public var origin: Origin
        /// The manifest, or why it could not be read.
        public var manifest: Result<PluginManifest, PluginManifestError>
        /// A stage that runs in this run's pipeline.
        public var active: Bool
        /// Hidden by a plugin of the same name from a stronger place.
        public var shadowed = false

        public var name: String {
            switch manifest {
            case .success(let m): return m.name
            case .failure: return directory.lastPathComponent
            }
        }
    }

    public private(set) var entries: [Entry] = []

    /// Finds every plugin. `explicit` holds the `--plugin` values (folders or shipped names).
    public static func discover(explicit: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
                                executablePath: String? = CommandLine.arguments.first) throws -> PluginCatalog {
        var catalog = PluginCatalog()
        if let dir = shippedDirectory(environment: environment, executablePath: executablePath) {
            catalog.entries += scan(dir, origin: .shipped, active: false)
        }
        if let dir = userDirectory(environment: environment) {
            catalog.entries += scan(dir, origin: .user, active: true)
        }
        for value in explicit {
            let url = URL(fileURLWithPath: value)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) {
                guard isDir.boolValue else { throw PluginManifestError(path: value, message: "--plugin needs a plugin folder (holding plugin.json), a folder of them, or a plugin name") }
                let found = scan(url, origin: .commandLine, active: true)
                guard !found.isEmpty else { throw PluginManifestError(path: value, message: "no plugin.json here or in its subfolders") }
                catalog.entries += found
            } else if let i = catalog.entries.lastIndex(where: { $0.name == value }) {
                catalog.entries[i].active = true
            } else {
                let known = catalog.entries.map(\.name)
                throw PluginManifestError(path: value, message: "no such plugin folder, and no plugin of that name (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
            }
        }
        // A stronger place hides a plugin of the same name.
        let rank: [Origin: Int] = [.shipped: 0, .user: 1, .commandLine: 2]
        for i in catalog.entries.indices {
            let e = catalog.entries[i]
            if catalog.entries.enumerated().contains(where: { j, o in
                j != i && o.name == e.name && (rank[o.origin]! > rank[e.origin]! || (o.origin == e.origin && j > i))
            }) {
                catalog.entries[i].shadowed = true
            }
        }
        return catalog
    }

    /// The usable plugins: not shadowed, with a readable manifest.
    public var manifests: [PluginManifest] {
        entries.filter { !$0.shadowed }.compactMap { try? $0.manifest.get() }
    }

    /// `dir` itself when it holds plugin.json, else its subfolders that do, sorted by name.
    static func scan(_ dir: URL, origin: Origin, active: Bool) -> [Entry] {
        let fm = FileManager.default
        func entry(_ d: URL) -> Entry {
            let m: Result<PluginManifest, PluginManifestError>
            do { m = .success(try PluginManifest.load(directory: d)) } catch let e as PluginManifestError { m = .failure(e) } catch {
                m = .failure(PluginManifestError(path: d.path, message: "\(error)"))
            }
            return Entry(directory: d.standardizedFileURL, origin: origin, manifest: m, active: active)
        }
        if fm.fileExists(atPath: dir.appendingPathComponent(PluginManifest.fileName).path) { return [entry(dir)] }
        guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { return [] }
        return names.sorted().map { dir.appendingPathComponent($0) }
            .filter { fm.fileExists(atPath: $0.appendingPathComponent(PluginManifest.fileName).path) }
            .map(entry)
    }

    public static func shippedDirectory(environment: [String: String], executablePath: String?) -> URL? {
        var candidates: [URL] = []
        if let env = environment["NLCAL_PLUGINS"] {
            return env.isEmpty ? nil : URL(fileURLWithPath: env)
        }
        if let exe = executablePath.flatMap(GrammarLocator.resolvedExecutable) {
            var dir = exe.deletingLastPathComponent()
            for _ in 0..<8 {
                candidates.append(dir.appendingPathComponent("Plugins"))
                candidates.append(dir.appendingPathComponent("share/nlcal/Plugins"))
                dir = dir.deletingLastPathComponent()
            }
        }
        // Sources/NLCal/Plugins/PluginCatalog.swift → package root.
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Plugins"))
        var isDir: ObjCBool = false
        return candidates.first { FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDir) && isDir.boolValue }
    }

    public static func userDirectory(environment: [String: String]) -> URL? {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("nlcal/plugins")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/nlcal/plugins")
    }
}
