import Foundation

/// Finds the shipped `Grammars/` folder from wherever the binary runs.
///
/// In order: `$NLCAL_GRAMMARS`; a `Grammars` folder beside the executable or in any parent of
/// it (so `.build/debug/nlcal` finds the package's own folder, from any working directory);
/// `../share/nlcal/Grammars` of an installed binary; and the source tree this library was
/// built from.
public enum GrammarLocator {
    public static func shippedDirectory(locale: String, executablePath: String? = CommandLine.arguments.first) throws -> URL {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["NLCAL_GRAMMARS"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        if let exe = executablePath.flatMap(resolvedExecutable) {
            var dir = exe.deletingLastPathComponent()
            for _ in 0..<8 {
                candidates.append(dir.appendingPathComponent("Grammars"))
                candidates.append(dir.appendingPathComponent("share/nlcal/Grammars"))
                dir = dir.deletingLastPathComponent()
            }
        }
        // Sources/NLCal/Grammar/GrammarLocator.swift → package root.
        let source = URL(fileURLWithPath: #filePath)
        candidates.append(source.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Grammars"))
        for c in candidates {
            let dir = c.appendingPathComponent(locale)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue { return dir }
        }
        throw GrammarError("no grammar for locale '\(locale)' found (looked in \(candidates.map(\.path).first ?? "-") and \(candidates.count - 1) other places; set NLCAL_GRAMMARS)", at: nil)
    }

    /// A user grammar folder: either `DIR/<locale>/` or `DIR` itself holding grammar files.
    public static func userDirectory(_ path: String, locale: String) throws -> URL {
        let base = URL(fileURLWithPath: path)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isDir) else {
            throw GrammarError("grammar directory not found: \(path)", at: nil)
        }
        guard isDir.boolValue else { throw GrammarError("not a directory: \(path)", at: nil) }
        let sub = base.appendingPathComponent(locale)
        if FileManager.default.fileExists(atPath: sub.path, isDirectory: &isDir), isDir.boolValue { return sub }
        return base
    }

    static func resolvedExecutable(_ arg0: String) -> URL? {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: link)
        }
        if arg0.contains("/") { return URL(fileURLWithPath: arg0).resolvingSymlinksInPath() }
        return nil
    }

    /// The base locale of a locale tag: "en-GB" → "en".
    public static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "en").lowercased()
    }
}
