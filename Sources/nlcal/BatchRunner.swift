import Foundation
import NLCal

/// The batch protocol: one JSON object per stdin line in, one result line out, in order,
/// flushed per line. A bad line gets an error object for its id; the others are answered.
///
/// Document formats (ics) gather every result into one document written when stdin ends;
/// lines that fail or have no event are then reported on stderr (`line N (id X): …`).
/// A plugin fault stops the run (unless `--plugin-errors warn`): lines already answered stay,
/// nothing partial is written.
final class BatchRunner {
    static let maxTextBytes = 4 << 20
    static let maxLineBytes = 8 << 20

    let cache: PipelineCache
    let options: ContextOptions
    let emitter: Emitter
    let plugins: PluginHost
    let explain: Bool
    let verbose: Bool
    /// Chips to apply on every line that offers them (`--choose`).
    let choose: [String]
    private var lineNumber = 0
    private var documentResults: [(result: ParseResult, id: String?)] = []

    init(cache: PipelineCache, options: ContextOptions, emitter: Emitter, plugins: PluginHost, explain: Bool, verbose: Bool, choose: [String] = []) {
        self.choose = choose
        self.cache = cache
        self.options = options
        self.emitter = emitter
        self.plugins = plugins
        self.explain = explain
        self.verbose = verbose
    }

    /// Returns how many lines failed.
    func run() throws -> Int {
        var failures = 0
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var eof = false
        while !eof {
            let n = read(0, &buffer, buffer.count)
            if n < 0 { if errno == EINTR { continue }; throw CLIError("cannot read stdin") }
            if n == 0 { eof = true } else { pending.append(contentsOf: buffer[0..<n]) }
            var lineStart = 0
            while let nl = pending[lineStart...].firstIndex(of: 0x0A) {
                if try !answer(Array(pending[lineStart..<nl])) { failures += 1 }
                lineStart = nl + 1
            }
            pending.removeFirst(lineStart)
            if pending.count > BatchRunner.maxLineBytes {
                if !answer(error: ("line-too-long", "line longer than \(BatchRunner.maxLineBytes) bytes"), id: .null) { failures += 1 }
                pending.removeAll()
            }
        }
        if !pending.isEmpty, try !answer(pending) { failures += 1 }
        if emitter.layout == .document && !documentResults.isEmpty {
            FileHandle.standardOutput.write(Data(try emitter.emitDocument(documentResults).utf8))
        }
        return failures
    }

    /// Answers one line; false when it produced an error object.
    func answer(_ bytes: [UInt8]) throws -> Bool {
        lineNumber += 1
        var line = bytes
        if line.last == 0x0D { line.removeLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }  // blank lines carry no request
        guard String(validating: line, as: UTF8.self) != nil else {
            return answer(error: ("invalid-utf8", "line is not valid UTF-8"), id: .null)
        }
        let obj: JSON
        do { obj = try JSON.parse(Data(line)) } catch {
            return answer(error: ("invalid-json", "line is not valid JSON: \(error)"), id: .null)
        }
        guard case .object = obj else { return answer(error: ("invalid-request", "line must be a JSON object"), id: .null) }
        var id = JSON.null
        switch obj["id"] {
        case .string(let s)?: id = .string(s)
        case .int(let i)?: id = .string(String(i))
        case nil, .null?: break
        default: return answer(error: ("invalid-request", "\"id\" must be a string"), id: .null)
        }
        func field(_ k: String) -> (String?, Bool) {
            switch obj[k] {
            case nil, .null?: return (nil, true)
            case .string(let s)?: return (s, true)
            default: return (nil, false)
            }
        }
        let (text, okText) = field("text"), (ref, okRef) = field("ref"), (tz, okTZ) = field("tz"), (locale, okLoc) = field("locale")
        guard okText, okRef, okTZ, okLoc else {
            return answer(error: ("invalid-request", "\"text\", \"ref\", \"tz\" and \"locale\" must be strings"), id: id)
        }
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return answer(error: ("empty-text", "\"text\" is missing or empty"), id: id)
        }
        guard text.utf8.count <= BatchRunner.maxTextBytes else {
            return answer(error: ("text-too-long", "\"text\" is longer than \(BatchRunner.maxTextBytes) bytes"), id: id)
        }
        do {
            let ctx = try options.context(ref: ref, tz: tz, locale: locale)
            let pipeline = try cache.pipeline(for: ctx.locale)
            try plugins.install(into: pipeline)
            var result = try pipeline.parse(text, context: ctx, timed: explain || verbose)
            if !choose.isEmpty { try ChipResolver.applyWhereOffered(choose, to: &result) }
            if emitter.layout == .document {
                guard result.event != nil else { throw EmitError.noEvent(format: emitter.name, text: text) }
                documentResults.append((result, id.stringValue))
                return true
            }
            let out: String
            do { out = try emitter.emit(result, id: id.stringValue) } catch let e as PluginError where plugins.faults.mode == .warn {
                try plugins.faults.handle(e)
                return answer(error: ("plugin-failed", e.description), id: id)
            }
            guard !out.contains(where: { $0 == "\n" || $0 == "\r" }) else { throw EmitError.notOneLine(format: emitter.name) }
            FileHandle.standardOutput.write(Data((out + "\n").utf8))
            return true
        } catch let e as PluginError {
            throw e
        } catch let e as EmitError {
            if case .noEvent = e { return answer(error: ("no-event", e.description), id: id) }
            return answer(error: ("emit-failed", e.description), id: id)
        } catch let e as CLIError {
            return answer(error: ("invalid-context", e.description), id: id)
        } catch let e as GrammarError {
            return answer(error: ("grammar-error", e.description), id: id)
        } catch {
            return answer(error: ("parse-failed", "\(error)"), id: id)
        }
    }

    func answer(error: (String, String), id: JSON) -> Bool {
        if emitter.layout == .document {
            let who = id.stringValue.map { " (id \($0))" } ?? ""
            FileHandle.standardError.write(Data("nlcal: line \(lineNumber)\(who): \(error.0): \(error.1)\n".utf8))
            return false
        }
        emit(.object([("id", id), ("error", .object([("code", .string(error.0)), ("message", .string(error.1))]))]))
        return false
    }

    func emit(_ json: JSON) {
        let line = json.serialized() + "\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}
