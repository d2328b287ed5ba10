import Foundation

/// What `Plugins/<name>/plugin.json` says about a plugin: its name, kind, place in the
/// pipeline, how to start it and how long to wait for it.
///
/// ```json
/// {"name": "places", "kind": "stage", "after": "location",
///  "command": ["python3", "places.py"], "timeout": 5, "protocol": 1}
/// ```
public struct PluginManifest: Sendable {
    public enum Kind: String, Sendable { case stage, emitter }

    public var name: String
    public var kind: Kind
    /// Stages: the stage this one runs after ("location", "attendees", or another plugin).
    public var after: String?
    /// argv, run with the plugin folder as the working directory; a first word without "/"
    /// is looked up in PATH, one with "/" is relative to the plugin folder.
    public var command: [String]
    /// Seconds to wait for the handshake and for each answer.
    public var timeout: Double
    /// The plugin protocol version it speaks.
    public var protocolVersion: Int
    /// Emitters: one line per result (batch-friendly) or a document.
    public var layout: EmitterLayout
    public var summary: String
    /// The plugin folder (absolute).
    public var directory: URL

    public static let fileName = "plugin.json"
    /// The protocol version this nlcal speaks.
    public static let protocolVersion = 1
    /// Names a plugin may not take: the built-in stages and emitters.
    public static let reservedNames = Set(["tokenize", "datetime", "location", "attendees", "title", "validation"] + EmitterRegistry.builtInNames)

    /// Reads and checks `directory/plugin.json`.
    public static func load(directory: URL) throws -> PluginManifest {
        let file = directory.appendingPathComponent(fileName)
        func bad(_ m: String) -> PluginManifestError { PluginManifestError(path: file.path, message: m) }
        guard let data = FileManager.default.contents(atPath: file.path) else { throw bad("cannot read the manifest") }
        let json: JSON
        do { json = try JSON.parse(data) } catch { throw bad("invalid JSON: \(error)") }
        guard case .object = json else { throw bad("the manifest must be a JSON object") }
        guard let name = json["name"]?.stringValue, isValidName(name) else {
            throw bad("\"name\" must be a lowercase name (letters, digits, '-', '_', '.')")
        }
        guard !reservedNames.contains(name) else { throw bad("\"\(name)\" is the name of a built-in stage or format") }
        guard let k = json["kind"]?.stringValue, let kind = Kind(rawValue: k) else { throw bad("\"kind\" must be \"stage\" or \"emitter\"") }
        var after: String?
        if kind == .stage {
            guard let a = json["after"]?.stringValue, !a.isEmpty else { throw bad("a stage needs \"after\": the stage it runs after (e.g. \"location\")") }
            after = a
        }
        guard case .array(let argv)? = json["command"], !argv.isEmpty else { throw bad("\"command\" must be a non-empty array of strings (argv)") }
        let command = argv.compactMap(\.stringValue)
        guard command.count == argv.count, !command[0].isEmpty else { throw bad("\"command\" must be a non-empty array of strings (argv)") }
        var timeout = 5.0
        switch json["timeout"] {
        case nil, .null?: break
        case .int(let i)?: timeout = Double(i)
        case .double(let d)?: timeout = d
        default: throw bad("\"timeout\" must be a number of seconds")
        }
        guard timeout > 0, timeout <= 3600 else { throw bad("\"timeout\" must be between 0 and 3600 seconds") }
        var version = 1
        switch json["protocol"] {
        case nil, .null?: break
        case .int(let v)?: version = v
        default: throw bad("\"protocol\" must be an integer (the plugin protocol version)")
        }
        guard version == protocolVersion else {
            throw bad("speaks plugin protocol version \(version); this nlcal speaks version \(protocolVersion)")
        }
        var layout = EmitterLayout.line
        if let l = json["layout"] {
            guard let s = l.stringValue, let v = EmitterLayout(rawValue: s) else { throw bad("\"layout\" must be \"line\" or \"document\"") }
            layout = v
        }
        return PluginManifest(name: name, kind: kind, after: after, command: command, timeout: timeout,
                              protocolVersion: version, layout: layout,
                              summary: json["description"]?.stringValue ?? "", directory: directory.standardizedFileURL)
    }

    static func isValidName(_ s: String) -> Bool {
        guard let f = s.unicodeScalars.first, s.count <= 64, f.properties.isLowercase || ("0"..."9").contains(f) else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && (("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}

/// A manifest that cannot be used, with the file it came from.
public struct PluginManifestError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}
