import ArgumentParser
import Foundation
import NLCal
import NLCalCLI

/// `nlcal parse`: parses text from the arguments (or stdin) and prints the result.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse text into a calendar event (ParseResult JSON).",
        discussion: """
        Text comes from the arguments, else from stdin. With --jsonl, stdin holds one JSON \
        object per line ({"id", "text", "ref"?, "tz"?, "locale"?}) and each gets one result line.
        """
    )

    @OptionGroup var options: ContextOptions

    @Option(name: .long, help: "Output: json (the ParseResult) | event (the CalendarEvent alone) | tool-call (a parse_event call) | ics (iCalendar) | an emitter plugin's name (see nlcal plugins).")
    var format: String = "json"

    @OptionGroup var pluginOptions: PluginOptions

    @Flag(name: .long, help: "Read JSON lines on stdin and answer each on one line.")
    var jsonl = false

    @Option(name: .long, help: "With --jsonl: parse on N threads (output keeps the input order).")
    var jobs: Int = 1

    @Flag(name: .long, help: "Indent the JSON.")
    var pretty = false

    @Flag(name: .long, help: "Explain on stderr which rules built each span and which readings lost and why; add a trace to the JSON (member \"trace\").")
    var explain = false

    @Option(name: .long, help: "Apply an ambiguity chip by id (repeatable), as `nlcal resolve` does. With --jsonl, applied to every line that offers that chip; lines that do not are left as they are.")
    var choose: [String] = []

    @Flag(name: .long, help: "Log each stage's latency and decisions to stderr.")
    var verbose = false

    @Flag(name: [.customShort("i"), .long], help: "Edit the text in a terminal UI with a live preview and chips; on Enter the result goes to stdout (see docs/interactive.md).")
    var interactive = false

    @Argument(help: "The text to parse (default: stdin).")
    var text: [String] = []

    func run() throws {
        var host: PluginHost?
        defer { host?.shutdown() }
        do {
            let plugins = try pluginOptions.host()
            host = plugins
            let emitter = try pluginOptions.emitter(named: format, host: plugins,
                                                    options: EmitterOptions(pretty: pretty, explain: explain, batch: jsonl))
            guard jobs >= 1, jobs <= 256 else { throw CLIError("invalid --jobs \(jobs) (1 to 256)") }
            let cache = PipelineCache(userGrammars: options.grammars)
            if interactive {
                guard !jsonl else { throw CLIError("--interactive and --jsonl do not go together") }
                let context = try options.context()
                let pipeline = try cache.pipeline(for: context.locale)
                try plugins.install(into: pipeline)
                let output = try InteractiveSession.run(text: text.joined(separator: " "), choose: choose, parse: { text in
                    guard text.utf8.count <= BatchRunner.maxTextBytes else { throw CLIError("text too long (at most \(BatchRunner.maxTextBytes) bytes)") }
                    return try pipeline.parse(text, context: context)
                }, emit: { try emitter.emit($0, id: nil) })
                FileHandle.standardOutput.write(Data((emitter.layout == .line ? output + "\n" : output).utf8))
                return
            }
            if jsonl {
                guard text.isEmpty else { throw CLIError("--jsonl reads stdin; do not pass text arguments") }
                let failures = try BatchRunner(cache: cache, options: options, emitter: emitter, plugins: plugins, explain: explain, verbose: verbose, choose: choose).run(jobs: jobs)
                if failures > 0 {
                    FileHandle.standardError.write(Data("nlcal: \(failures) line(s) had errors (\(emitter.layout == .line ? "answered with error objects" : "reported above"))\n".utf8))
                    throw ExitCode(1)
                }
                return
            }
            let input = try readInput()
            let context = try options.context()
            let pipeline = try cache.pipeline(for: context.locale)
            // One parse, then the process ends: never tear the pipeline down (freeing the grammar
            // and parser tables cost about a millisecond at exit).
            _ = Unmanaged.passRetained(pipeline)
            try plugins.install(into: pipeline)
            var result = try pipeline.parse(input, context: context, timed: verbose || explain)
            if !choose.isEmpty { try ChipResolver.apply(choose, to: &result) }
            if explain {
                let lines = Derivation.explain(result, pipeline: pipeline)
                FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
                Derivation.recordLosers(lines, in: &result)
            }
            if verbose { log(result) }
            let output = try emitter.emit(result, id: nil)
            FileHandle.standardOutput.write(Data((emitter.layout == .line ? output + "\n" : output).utf8))
        } catch let e as ExitCode {
            throw e
        } catch let e as PluginError {
            host?.shutdown()
            failPlugin(e)
        } catch {
            fail(error)
        }
    }

    func readInput() throws -> String {
        var s: String
        if !text.isEmpty {
            s = text.joined(separator: " ")
        } else {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let decoded = String(validating: [UInt8](data), as: UTF8.self) else {
                throw CLIError("stdin is not valid UTF-8")
            }
            s = decoded
            if s.hasSuffix("\n") { s.removeLast() }
        }
        guard !s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CLIError("empty text: give the text to parse as arguments or on stdin")
        }
        guard s.utf8.count <= BatchRunner.maxTextBytes else {
            throw CLIError("text too long (\(s.utf8.count) bytes; at most \(BatchRunner.maxTextBytes))")
        }
        return s
    }

    func log(_ result: ParseResult) {
        var out = ""
        for t in result.state.trace {
            let us = t.microseconds.map { String(format: "%8.1f µs", $0) } ?? "           "
            out += "[nlcal] \(t.stage.padding(toLength: 10, withPad: " ", startingAt: 0)) \(us)  \(t.message)\n"
        }
        FileHandle.standardError.write(Data(out.utf8))
    }
}
