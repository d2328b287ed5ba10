/// A way to turn a finished parse into bytes: JSON, a tool call, iCalendar, or a plugin's format.
///
/// Built-in emitters and external emitter plugins implement this one interface; `--format`
/// picks one by `name` from an `EmitterRegistry`.
///
/// ```swift
/// let emitter = try EmitterRegistry.builtIn().emitter(named: "ics")
/// print(try emitter.emit(result, id: nil), terminator: "")
/// ```
public protocol Emitter {
    /// The `--format` value ("json", "ics", …).
    var name: String { get }
    /// One line for `nlcal plugins` and `--help`.
    var summary: String { get }
    /// Whether a batch gets one line per input line, or one document for the whole batch.
    var layout: EmitterLayout { get }
    /// The output for one result. Line formats return one line without its newline;
    /// documents return the whole document with its own line endings.
    func emit(_ result: ParseResult, id: String?) throws -> String
    /// A document holding every result of a batch (document layouts only).
    func emitDocument(_ results: [(result: ParseResult, id: String?)]) throws -> String
}

extension Emitter {
    public func emitDocument(_ results: [(result: ParseResult, id: String?)]) throws -> String {
        try results.map { try emit($0.result, id: $0.id) }.joined()
    }
}

/// How an emitter answers a batch (`nlcal parse --jsonl`).
public enum EmitterLayout: String, Sendable {
    /// One output line per input line, in order, flushed per line (json, event, tool-call).
    case line
    /// One document for the whole batch, written when the input ends (ics).
    case document
}

/// Settings the CLI passes to the built-in emitters.
public struct EmitterOptions: Sendable {
    /// Indent JSON (single results only; batch lines are always compact).
    public var pretty: Bool
    /// Add the pipeline trace to the ParseResult JSON.
    public var explain: Bool
    /// Batch mode: JSON lines always carry an "id" member (null when the request had none).
    public var batch: Bool

    public init(pretty: Bool = false, explain: Bool = false, batch: Bool = false) {
        self.pretty = pretty
        self.explain = explain
        self.batch = batch
    }
}

/// Why an emitter could not produce output for a result.
public enum EmitError: Error, CustomStringConvertible, Equatable {
    /// The format needs an event and the text had no schedulable time.
    case noEvent(format: String, text: String)
    /// A line format produced more than one line.
    case notOneLine(format: String)

    public var description: String {
        switch self {
        case .noEvent(let format, let text):
            return "no event in \(EmitError.quoted(text)): no date or time found, and the \(format) format needs one"
        case .notOneLine(let format):
            return "the \(format) format produced more than one line for a batch line"
        }
    }

    /// The text in quotes, cut to 80 characters and kept on one line.
    static func quoted(_ text: String) -> String {
        var t = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if t.count > 80 { t = String(t.prefix(77)) + "…" }
        return "\"" + t + "\""
    }
}

/// The emitters `--format` can name: the built-ins, then plugins.
public struct EmitterRegistry {
    public private(set) var emitters: [Emitter]

    public init(_ emitters: [Emitter]) { self.emitters = emitters }

    /// json, event, tool-call and ics.
    public static func builtIn(_ options: EmitterOptions = EmitterOptions()) -> EmitterRegistry {
        EmitterRegistry([JSONEmitter(options), EventEmitter(options), ToolCallEmitter(), ICSEmitter()])
    }

    public static let builtInNames = ["json", "event", "tool-call", "ics"]

    /// Adds an emitter; a name already taken keeps its first owner.
    public mutating func add(_ emitter: Emitter) {
        guard !emitters.contains(where: { $0.name == emitter.name }) else { return }
        emitters.append(emitter)
    }

    public func emitter(named name: String) -> Emitter? {
        emitters.first { $0.name == name }
    }

    public var names: [String] { emitters.map(\.name) }
}
