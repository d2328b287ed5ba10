import Foundation

/// A file of golden cases: input texts with their context and the output they must give.
///
/// Golden files are written for people to read and review in a diff. Each case is a few
/// header lines and the expected output, a JSON block that ends at the next blank line:
/// ```
/// # Comments before a case are kept when the file is rewritten.
/// case: Lunch with Alex next Tue 1pm @Shibuya
/// now: 2026-03-11T09:15:00
/// tz: Asia/Tokyo
/// expect:
/// {
///   "event": {"title": "Lunch with Alex", "start": "2026-03-17T13:00:00+09:00", …},
///   …
/// }
/// ```
/// Headers: `case` (the text; JSON-quoted when it has surrounding spaces or starts with a
/// quote), `now` and `tz` (required), `locale` (default `en`), `policies` (non-default
/// policies as `key=value` words, the names of the `nlcal parse` flags: `next-weekday=following-week`),
/// `note` (free text for reviewers). The expectation is a stable subset of the ParseResult
/// (see `GoldenCase.expectation(of:)`).
public struct GoldenFile: Sendable {
    public var path: String
    /// Comment lines at the top of the file, before the first case.
    public var header: [String]
    public var cases: [GoldenCase]
    /// Comment lines after the last case.
    public var trailer: [String]

    public init(path: String, header: [String] = [], cases: [GoldenCase] = [], trailer: [String] = []) {
        self.path = path
        self.header = header
        self.cases = cases
        self.trailer = trailer
    }

    /// Reads and parses a golden file.
    public static func load(path: String) throws -> GoldenFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GoldenError("cannot read golden file", file: path, line: 0)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw GoldenError("golden file is not valid UTF-8", file: path, line: 1)
        }
        return try parse(text, path: path)
    }

    /// Parses golden-file text; errors carry `path:line`.
    public static func parse(_ text: String, path: String) throws -> GoldenFile {
        var file = GoldenFile(path: path)
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var comments: [String] = []
        var sawCase = false
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                // Comments before the first case and apart from it are the file's header.
                if !sawCase { file.header += comments; comments = [] }
                i += 1
                continue
            }
            if trimmed.hasPrefix("#") {
                comments.append(line)
                i += 1
                continue
            }
            guard line.hasPrefix("case:") else {
                throw GoldenError("expected 'case:' or a '#' comment, found '\(trimmed.prefix(40))'", file: path, line: i + 1)
            }
            sawCase = true
            var c = GoldenCase(text: "", now: "", tz: "", line: i + 1)
            c.comments = comments
            comments = []
            c.text = try GoldenCase.decodeText(value(of: line, key: "case"), file: path, line: i + 1)
            i += 1
            var gotExpect = false
            while i < lines.count {
                let l = lines[i]
                if l.trimmingCharacters(in: .whitespaces).isEmpty { break }
                guard let colon = l.firstIndex(of: ":") else {
                    throw GoldenError("expected 'key: value' in the header of case '\(c.text)'", file: path, line: i + 1)
                }
                let key = String(l[..<colon]).trimmingCharacters(in: .whitespaces)
                let v = value(of: l, key: key)
                switch key {
                case "now": c.now = v
                case "tz": c.tz = v
                case "locale": c.locale = v
                case "note": c.note = v
                case "policies":
                    c.policies = try GoldenCase.parsePolicies(v, file: path, line: i + 1)
                case "expect":
                    gotExpect = true
                    var block: [String] = []
                    var j = i + 1
                    if !v.isEmpty { block.append(v) }
                    while j < lines.count, !lines[j].trimmingCharacters(in: .whitespaces).isEmpty { block.append(lines[j]); j += 1 }
                    do {
                        c.expected = try JSON.parse(block.joined(separator: "\n"))
                    } catch {
                        throw GoldenError("the expectation of '\(c.text)' is not valid JSON: \(error)", file: path, line: i + 1)
                    }
                    i = j
                default:
                    throw GoldenError("unknown header '\(key)' (known: case, now, tz, locale, policies, note, expect)", file: path, line: i + 1)
                }
                if gotExpect { break }
                i += 1
            }
            guard !c.now.isEmpty, !c.tz.isEmpty else {
                throw GoldenError("case '\(c.text)' needs 'now:' and 'tz:'", file: path, line: c.line)
            }
            guard gotExpect else { throw GoldenError("case '\(c.text)' has no 'expect:' block", file: path, line: c.line) }
            file.cases.append(c)
        }
        if sawCase { file.trailer = comments } else { file.header += comments }
        return file
    }

    private static func value(of line: String, key: String) -> String {
        let rest = line.drop(while: { $0 != ":" }).dropFirst()
        return rest.hasPrefix(" ") ? String(rest.dropFirst()) : String(rest)
    }

    /// The file's text: header comments, then each case, separated by blank lines.
    public func rendered() -> String {
        var out = header.map { $0 + "\n" }.joined()
        for (k, c) in cases.enumerated() {
            if k > 0 || !header.isEmpty { out += "\n" }
            out += c.rendered()
        }
        if !trailer.isEmpty { out += "\n" + trailer.map { $0 + "\n" }.joined() }
        return out
    }

    /// Writes the file atomically: a temporary file beside it, then a rename.
    public func write() throws {
        try GoldenFile.atomicWrite(rendered(), to: path)
    }

    static func atomicWrite(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: tmp.path, contents: Data(text.utf8)) else {
            throw GoldenError("cannot write \(tmp.path)", file: path, line: 0)
        }
        guard rename(tmp.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: tmp)
            throw GoldenError("cannot replace the file: \(reason)", file: path, line: 0)
        }
    }

    /// Every `*.golden` file under the given files and folders, sorted, each once.
    public static func discover(_ paths: [String]) throws -> [String] {
        var out: [String] = []
        for p in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir) else {
                throw GoldenError("no such file or folder", file: p, line: 0)
            }
            if !isDir.boolValue { out.append(p); continue }
            let base = URL(fileURLWithPath: p)
            var found: [String] = []
            if let walker = FileManager.default.enumerator(atPath: p) {
                while let rel = walker.nextObject() as? String {
                    if rel.hasSuffix(".golden") { found.append(base.appendingPathComponent(rel).path) }
                }
            }
            out.append(contentsOf: found.sorted())
        }
        var seen: Set<String> = []
        return out.filter { seen.insert($0).inserted }
    }
}

/// One golden case: a text, the context it is parsed in, and the expected output.
public struct GoldenCase: Sendable {
    public var text: String
    public var now: String
    public var tz: String
    public var locale = "en"
    /// Non-default policies, as `(flag name, value)` in the order written.
    public var policies: [(String, String)] = []
    public var note: String?
    public var expected: JSON = .null
    /// Comment lines written just before the case.
    public var comments: [String] = []
    /// Line of `case:` in its file (0 for a case not read from a file).
    public var line: Int

    public init(text: String, now: String, tz: String, locale: String = "en", policies: [(String, String)] = [], note: String? = nil, line: Int = 0) {
        self.text = text
        self.now = now
        self.tz = tz
        self.locale = locale
        self.policies = policies
        self.note = note
        self.line = line
    }

    /// The policy names a case may set, as the `nlcal parse` flags spell them.
    public static let policyKeys = ["week-start", "next-weekday", "same-weekday", "prefer", "date-order", "default-duration"]

    static func parsePolicies(_ s: String, file: String, line: Int) throws -> [(String, String)] {
        var out: [(String, String)] = []
        for word in s.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let kv = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, policyKeys.contains(kv[0]) else {
                throw GoldenError("bad policy '\(word)' (write key=value; keys: \(policyKeys.joined(separator: ", ")))", file: file, line: line)
            }
            out.append((kv[0], kv[1]))
        }
        return out
    }

    /// The policies of this case, or a message naming the bad one.
    public func makePolicies() throws -> Policies {
        var p = Policies()
        func pick<T: RawRepresentable & CaseIterable>(_ v: String, _ key: String) throws -> T where T.RawValue == String {
            guard let c = T(rawValue: v) else {
                throw GoldenError("invalid policy \(key)=\(v) (one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")))", file: "", line: line)
            }
            return c
        }
        for (k, v) in policies {
            switch k {
            case "week-start":
                guard let i = Policies.weekdayNames.firstIndex(of: v) else {
                    throw GoldenError("invalid policy week-start=\(v) (monday … sunday)", file: "", line: line)
                }
                p.weekStart = i + 1
            case "next-weekday": p.nextWeekday = try pick(v, k)
            case "same-weekday": p.sameWeekday = try pick(v, k)
            case "prefer": p.preference = try pick(v, k)
            case "date-order": p.dateOrder = try pick(v, k)
            case "default-duration":
                guard let m = Int(v), m > 0 else { throw GoldenError("invalid policy default-duration=\(v) (minutes)", file: "", line: line) }
                p.defaultDurationMinutes = m
            default: break
            }
        }
        return p
    }

    /// The non-default policies of `p`, as a case records them.
    public static func policyWords(_ p: Policies) -> [(String, String)] {
        let d = Policies()
        var out: [(String, String)] = []
        if p.weekStart != d.weekStart { out.append(("week-start", Policies.weekdayNames[p.weekStart - 1])) }
        if p.nextWeekday != d.nextWeekday { out.append(("next-weekday", p.nextWeekday.rawValue)) }
        if p.sameWeekday != d.sameWeekday { out.append(("same-weekday", p.sameWeekday.rawValue)) }
        if p.preference != d.preference { out.append(("prefer", p.preference.rawValue)) }
        if p.dateOrder != d.dateOrder { out.append(("date-order", p.dateOrder.rawValue)) }
        if p.defaultDurationMinutes != d.defaultDurationMinutes { out.append(("default-duration", String(p.defaultDurationMinutes))) }
        return out
    }

    /// The parse context of this case.
    public func context() throws -> ParseContext {
        guard let zone = Zone(identifier: tz) else { throw GoldenError("unknown time zone '\(tz)'", file: "", line: line) }
        guard let instant = ISOTimestamp.parse(now, zone: zone) else {
            throw GoldenError("invalid 'now' '\(now)' (ISO-8601)", file: "", line: line)
        }
        return ParseContext(now: instant, zone: zone, locale: locale, policies: try makePolicies())
    }

    /// The part of a result that golden files record: `event`, `time`, `ambiguities`,
    /// `warnings`, and each span as `{field, text}`.
    ///
    /// Left out: `text` and `context` (the case header says them), span offsets (the text says
    /// them), and the rule names of spans — a derivation may change without changing the
    /// meaning; `nlcal parse --explain` and `nlcal grammar coverage` show rules.
    public static func expectation(of result: ParseResult) -> JSON {
        let full = result.json()
        var members: [(String, JSON)] = []
        for key in ["event", "time", "ambiguities", "warnings"] { members.append((key, full[key] ?? .null)) }
        var spans: [JSON] = []
        if case .array(let items)? = full["spans"] {
            for s in items { spans.append(.object([("field", s["field"] ?? .null), ("text", s["text"] ?? .null)])) }
        }
        members.append(("spans", .array(spans)))
        return .object(members)
    }

    static func decodeText(_ raw: String, file: String, line: Int) throws -> String {
        guard raw.hasPrefix("\"") else { return raw }
        guard case .string(let s)? = try? JSON.parse(raw) else {
            throw GoldenError("a case text that starts with '\"' must be one JSON string", file: file, line: line)
        }
        return s
    }

    static func encodeText(_ s: String) -> String {
        let plain = !s.isEmpty && !s.hasPrefix("\"") && s.trimmingCharacters(in: .whitespaces) == s
            && !s.unicodeScalars.contains { $0.value < 0x20 }
        return plain ? s : JSON.string(s).serialized()
    }

    /// The case as it appears in a golden file (ending with a newline).
    public func rendered() -> String {
        var out = comments.map { $0 + "\n" }.joined()
        out += "case: \(GoldenCase.encodeText(text))\n"
        out += "now: \(now)\n"
        out += "tz: \(tz)\n"
        if locale != "en" { out += "locale: \(locale)\n" }
        if !policies.isEmpty { out += "policies: \(policies.map { "\($0)=\($1)" }.joined(separator: " "))\n" }
        if let note { out += "note: \(note)\n" }
        out += "expect:\n"
        out += GoldenJSON.render(expected) + "\n"
        return out
    }

    /// `file:line: "text"`, for reports.
    public func label(file: String) -> String { "\(file):\(line): \(GoldenCase.encodeText(text).debugQuoted)" }
}

extension String {
    fileprivate var debugQuoted: String { hasPrefix("\"") ? self : "\"\(self)\"" }
}

/// A problem with a golden file or case, reported as `file:line: message`.
public struct GoldenError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var file: String
    public var line: Int

    public init(_ message: String, file: String, line: Int) {
        self.message = message
        self.file = file
        self.line = line
    }

    public var description: String {
        if file.isEmpty { return line > 0 ? "line \(line): \(message)" : message }
        return line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
