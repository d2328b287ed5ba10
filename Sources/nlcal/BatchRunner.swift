import Foundation
import NLCal
import NLCalCLI

/// The batch protocol: one JSON object per stdin line in, one result line out, in order,
/// written as soon as the lines that arrived together are answered. A bad line gets an error object for its id; the others are answered.
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
    /// The command line's policies, read once (nil when they are invalid: each line then reports it).
    private let policies: Policies?
    private var documentResults: [(result: ParseResult, id: String?)] = []

    init(cache: PipelineCache, options: ContextOptions, emitter: Emitter, plugins: PluginHost, explain: Bool, verbose: Bool, choose: [String] = []) {
        self.choose = choose
        self.cache = cache
        self.options = options
        self.policies = try? options.policies()
        self.emitter = emitter
        self.plugins = plugins
        self.explain = explain
        self.verbose = verbose
    }

    /// What one input line comes to, before anything is written.
    enum Outcome {
        case blank
        case line(String)
        case failure(code: String, message: String, id: JSON)
        case document(ParseResult, id: String?)
    }

    /// Worker pipelines for `--jobs N`: a pipeline is used by one thread at a time.
    var workers: [PipelineCache] = []

    /// Returns how many lines failed.
    func run(jobs: Int = 1) throws -> Int {
        if jobs > 1 {
            guard plugins.stages.isEmpty, !(emitter is ExternalEmitter) else { throw CLIError("--jobs cannot be combined with plugins (a plugin is one process serving lines in order)") }
            workers = (0..<jobs).map { _ in PipelineCache(userGrammars: cache.userGrammars) }
            // Load every worker's grammar now, so a grammar error stops the run before any output.
            let ctx = try options.context()
            for w in workers { _ = try w.pipeline(for: ctx.locale) }
        }
        var failures = 0
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var eof = false
        while !eof {
            let n = read(0, &buffer, buffer.count)
            if n < 0 { if errno == EINTR { continue }; throw CLIError("cannot read stdin") }
            if n == 0 { eof = true } else { pending.append(contentsOf: buffer[0..<n]) }
            var lines: [[UInt8]] = []
            var lineStart = 0
            while let nl = pending[lineStart...].firstIndex(of: 0x0A) {
                lines.append(Array(pending[lineStart..<nl]))
                lineStart = nl + 1
            }
            pending.removeFirst(lineStart)
            if eof && !pending.isEmpty { lines.append(pending); pending.removeAll() }
            failures += try answer(lines, jobs: jobs)
            if pending.count > BatchRunner.maxLineBytes {
                lineNumber += 1
                if !write(.failure(code: "line-too-long", message: "line longer than \(BatchRunner.maxLineBytes) bytes", id: .null)) { failures += 1 }
                pending.removeAll()
            }
        }
        if emitter.layout == .document && !documentResults.isEmpty {
            FileHandle.standardOutput.write(Data(try emitter.emitDocument(documentResults).utf8))
        }
        return failures
    }

    /// Answers the lines that arrived together, in order; returns how many failed.
    func answer(_ lines: [[UInt8]], jobs: Int) throws -> Int {
        guard !lines.isEmpty else { return 0 }
        var outcomes: [Outcome]
        if jobs > 1 && lines.count > 1 && emitter.layout == .line {
            // Each worker takes a contiguous slice; results are written in input order.
            let slots = UnsafeMutableBufferPointer<Outcome>.allocate(capacity: lines.count)
            slots.initialize(repeating: .blank)
            defer { slots.deallocate() }
            let per = (lines.count + jobs - 1) / jobs
            // Safe to share: each worker writes only its own slice of `slots` and parses with its
            // own pipelines; `compute` otherwise reads configuration that does not change.
            let shared = Unchecked((slots, self, lines))
            DispatchQueue.concurrentPerform(iterations: jobs) { w in
                let (slots, runner, lines) = shared.value
                let lo = w * per, hi = min(lines.count, lo + per)
                guard lo < hi else { return }
                for i in lo..<hi {
                    slots[i] = (try? runner.compute(lines[i], cache: runner.workers[w])) ?? .failure(code: "parse-failed", message: "internal error", id: .null)
                }
            }
            outcomes = Array(slots)
        } else {
            // One at a time; answers are written together when the lines that arrived together
            // are done (one write instead of one a line), and before a plugin fault stops the run.
            var failures = 0
            var out: [UInt8] = []
            defer { if !out.isEmpty { FileHandle.standardOutput.write(Data(out)) } }
            for l in lines {
                let o = try compute(l, cache: cache)
                lineNumber += 1
                switch o {
                case .blank: break
                case .document(let r, let id): documentResults.append((r, id))
                case .line(let text): out.append(contentsOf: text.utf8); out.append(0x0A)
                case .failure(let code, let message, let id):
                    failures += 1
                    if emitter.layout == .document {
                        FileHandle.standardOutput.write(Data(out)); out.removeAll()
                        _ = answer(error: (code, message), id: id)
                    } else {
                        out.append(contentsOf: BatchRunner.errorLine(code, message, id).utf8)
                    }
                }
                if out.count >= 1 << 16 { FileHandle.standardOutput.write(Data(out)); out.removeAll(keepingCapacity: true) }
            }
            return failures
        }
        var failures = 0
        var out: [UInt8] = []
        for o in outcomes {
            lineNumber += 1
            switch o {
            case .blank: break
            case .line(let text): out.append(contentsOf: text.utf8); out.append(0x0A)
            case .failure(let code, let message, let id):
                failures += 1
                out.append(contentsOf: BatchRunner.errorLine(code, message, id).utf8)
            case .document(let r, let id): documentResults.append((r, id))
            }
        }
        FileHandle.standardOutput.write(Data(out))
        return failures
    }

    /// Writes one outcome; false when it is a failure.
    @discardableResult
    func write(_ o: Outcome) -> Bool {
        switch o {
        case .blank, .document: return true
        case .line(let text):
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
            return true
        case .failure(let code, let message, let id):
            return answer(error: (code, message), id: id)
        }
    }

    /// Whether a text holds a CR or LF byte (memchr over the UTF-8, for ~1 KB a line).
    static func hasLineBreak(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            guard let base = b.baseAddress, !b.isEmpty else { return false }
            return memchr(base, 0x0A, b.count) != nil || memchr(base, 0x0D, b.count) != nil
        }
    }

    static func errorLine(_ code: String, _ message: String, _ id: JSON) -> String {
        JSON.object([("id", id), ("error", .object([("code", .string(code)), ("message", .string(message))]))]).serialized() + "\n"
    }

    /// Computes one line's outcome with a given pipeline cache; writes nothing.
    func compute(_ bytes: [UInt8], cache: PipelineCache) throws -> Outcome {
        var line = bytes
        if line.last == 0x0D { line.removeLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .blank }  // blank lines carry no request
        // ASCII lines (most) are valid UTF-8 without the generic check.
        guard line.allSatisfy({ $0 < 0x80 }) || String(validating: line, as: UTF8.self) != nil else {
            return .failure(code: "invalid-utf8", message: "line is not valid UTF-8", id: .null)
        }
        let obj: JSON
        do { obj = try JSON.parse(bytes: line) } catch {
            return .failure(code: "invalid-json", message: "line is not valid JSON: \(error)", id: .null)
        }
        guard case .object = obj else { return .failure(code: "invalid-request", message: "line must be a JSON object", id: .null) }
        var id = JSON.null
        switch obj["id"] {
        case .string(let s)?: id = .string(s)
        case .int(let i)?: id = .string(String(i))
        case nil, .null?: break
        default: return .failure(code: "invalid-request", message: "\"id\" must be a string", id: .null)
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
            return .failure(code: "invalid-request", message: "\"text\", \"ref\", \"tz\" and \"locale\" must be strings", id: id)
        }
        guard let text, text.contains(where: { !$0.isWhitespace }) else {
            return .failure(code: "empty-text", message: "\"text\" is missing or empty", id: id)
        }
        guard text.utf8.count <= BatchRunner.maxTextBytes else {
            return .failure(code: "text-too-long", message: "\"text\" is longer than \(BatchRunner.maxTextBytes) bytes", id: id)
        }
        do {
            let ctx = try options.context(ref: ref, tz: tz, locale: locale, policies: policies)
            let pipeline = try cache.pipeline(for: ctx.locale)
            try plugins.install(into: pipeline)
            var result = try pipeline.parse(text, context: ctx, timed: explain || verbose)
            if !choose.isEmpty { try ChipResolver.applyWhereOffered(choose, to: &result) }
            if emitter.layout == .document {
                guard result.event != nil else { throw EmitError.noEvent(format: emitter.name, text: text) }
                return .document(result, id: id.stringValue)
            }
            let out: String
            do { out = try emitter.emit(result, id: id.stringValue) } catch let e as PluginError where plugins.faults.mode == .warn {
                try plugins.faults.handle(e)
                return .failure(code: "plugin-failed", message: e.description, id: id)
            }
            // Bytes, not Characters: a line of output is ~1 KB, and "\r\n" is one Character.
            guard !BatchRunner.hasLineBreak(out) else { throw EmitError.notOneLine(format: emitter.name) }
            return .line(out)
        } catch let e as PluginError {
            throw e
        } catch let e as EmitError {
            if case .noEvent = e { return .failure(code: "no-event", message: e.description, id: id) }
            return .failure(code: "emit-failed", message: e.description, id: id)
        } catch let e as CLIError {
            return .failure(code: "invalid-context", message: e.description, id: id)
        } catch let e as GrammarError {
            return .failure(code: "grammar-error", message: e.description, id: id)
        } catch {
            return .failure(code: "parse-failed", message: "\(error)", id: id)
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

/// A value handed to worker threads whose safety the caller guarantees (see its use).
struct Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
