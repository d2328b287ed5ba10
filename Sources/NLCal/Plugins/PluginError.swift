/// A plugin that failed: it could not start, crashed, hung past its timeout, answered
/// something that is not a valid reply, or speaks another protocol version.
///
/// The description is one line naming the plugin and its folder.
public struct PluginError: Error, CustomStringConvertible {
    public var plugin: String
    public var kind: PluginManifest.Kind
    public var directory: String
    public var message: String

    public init(_ manifest: PluginManifest, _ message: String) {
        plugin = manifest.name
        kind = manifest.kind
        directory = manifest.directory.path
        self.message = message
    }

    public var description: String {
        let oneLine = message.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
        return "plugin '\(plugin)' (\(kind.rawValue), \(directory)): \(oneLine)"
    }
}

/// What to do when a plugin fails (`--plugin-errors`).
public final class PluginFaultPolicy {
    public enum Mode: String, CaseIterable, Sendable {
        /// Stop the run with the error (the default).
        case fail
        /// Print a warning and go on without the plugin.
        case warn
    }

    public let mode: Mode
    private let warn: (String) -> Void

    /// `warn` receives the one-line warning (the CLI writes it to stderr).
    public init(_ mode: Mode, warn: @escaping (String) -> Void) {
        self.mode = mode
        self.warn = warn
    }

    /// Rethrows in `fail` mode; in `warn` mode reports the error and returns.
    public func handle(_ error: PluginError) throws {
        guard mode == .warn else { throw error }
        warn("\(error.description); continuing without it")
    }
}
