// nlcal-bench: a release-build benchmark harness for the parse path.
//
//     swift run -c release nlcal-bench [--corpus DIR] [--iterations N] [--no-scaling] [--parse-only]
//
// Prints grammar load time, in-process parse latency per sentence over the corpora
// (median, p99), stage breakdown, allocation-free throughput of parse + JSON emission, and
// scaling with text length (1 KB … 1 MB of prose with dates in it). Figures go to BENCHMARKS.md
// with the command that produced them.
import Foundation
import NLCal

struct Options {
    var corpusDir = "../shared/corpus"
    var iterations = 20
    var scaling = true
    /// Only parse dev-events `iterations` times and exit: a steady loop for `perf stat`/`perf record`.
    var parseOnly = false

    init() {
        var args = CommandLine.arguments.dropFirst()
        while let a = args.popFirst() {
            switch a {
            case "--corpus": corpusDir = args.popFirst() ?? corpusDir
            case "--iterations": iterations = Int(args.popFirst() ?? "") ?? iterations
            case "--no-scaling": scaling = false
            case "--parse-only": parseOnly = true
            default:
                FileHandle.standardError.write(Data("nlcal-bench: unknown argument '\(a)'\n".utf8))
                exit(2)
            }
        }
    }
}

@inline(never) func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let i = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * p).rounded())))
    return sorted[i]
}

func fmt(_ us: Double) -> String { String(format: "%.1f µs", us) }

let options = Options()
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

// Grammar load: the cost `nlcal parse "x"` pays at start.
var loadTimes: [Double] = []
var grammar: Grammar!
for _ in 0..<(options.parseOnly ? 1 : 10) {
    let t0 = now()
    grammar = try GrammarLoader.load(directories: [root.appendingPathComponent("Grammars/en")], locale: "en")
    _ = ChartParser(grammar: grammar)
    loadTimes.append(Double(now() - t0) / 1000)
}
loadTimes.sort()
print("grammar load + compile: median \(fmt(percentile(loadTimes, 0.5))) (\(grammar.rules.count) rules, \(grammar.lexiconEntryCount) lexicon entries)")

let pipeline = try Pipeline(grammar: grammar)

if options.parseOnly {
    let cases = try load("dev-events.jsonl")
    var items = 0
    for _ in 0..<options.iterations {
        for c in cases { items += try pipeline.parse(c.text, context: c.context).state.spans.count }
    }
    print("parsed \(cases.count) × \(options.iterations) (\(items) spans)")
    exit(0)
}

struct Case { var text: String; var context: ParseContext }
func load(_ name: String) throws -> [Case] {
    let path = URL(fileURLWithPath: options.corpusDir).appendingPathComponent(name).path
    return try CorpusCase.load(path: path).map { c in
        let zone = Zone(identifier: c.tz)!
        return Case(text: c.text, context: ParseContext(now: ISOTimestamp.parse(c.ref, zone: zone)!, zone: zone, locale: c.locale ?? "en"))
    }
}

for corpus in ["dev-events.jsonl", "duckling-en-time.jsonl"] {
    let cases = try load(corpus)
    // Warm up caches (zones, allocator).
    for c in cases { _ = try pipeline.parse(c.text, context: c.context) }
    var samples: [Double] = []
    samples.reserveCapacity(cases.count * options.iterations)
    var emitSamples: [Double] = []
    for _ in 0..<options.iterations {
        for c in cases {
            let t0 = now()
            let r = try pipeline.parse(c.text, context: c.context)
            let t1 = now()
            _ = r.json().serialized()
            let t2 = now()
            samples.append(Double(t1 - t0) / 1000)
            emitSamples.append(Double(t2 - t1) / 1000)
        }
    }
    samples.sort()
    emitSamples.sort()
    let total = samples.reduce(0, +) + emitSamples.reduce(0, +)
    print("\(corpus): \(cases.count) sentences × \(options.iterations): parse median \(fmt(percentile(samples, 0.5))), p99 \(fmt(percentile(samples, 0.99))), max \(fmt(samples.last!)); JSON emit median \(fmt(percentile(emitSamples, 0.5))); parse+emit \(Int(Double(samples.count) / (total / 1e6))) sentences/s on one core")
}

// Stage breakdown on the event corpus.
do {
    let cases = try load("dev-events.jsonl")
    var perStage: [String: [Double]] = [:]
    for _ in 0..<max(1, options.iterations / 4) {
        for c in cases {
            let r = try pipeline.parse(c.text, context: c.context, timed: true)
            for t in r.state.trace { if let us = t.microseconds { perStage[t.stage, default: []].append(us) } }
        }
    }
    let line = pipeline.stages.map { s -> String in
        let v = (perStage[s.name] ?? []).sorted()
        return "\(s.name) \(fmt(percentile(v, 0.5)))"
    }.joined(separator: ", ")
    print("stage medians (dev-events): \(line)")
}

// Scaling with text length: prose with dates in it; every time expression is found.
if options.scaling {
    let sentences = [
        "We met the suppliers last week and agreed to ship the first batch on March 3.",
        "The review is scheduled for next Tuesday at 3pm in the large room.",
        "Nobody knew whether the delivery would arrive before the end of the month.",
        "Please send the draft by Friday so that we can discuss it on Monday morning.",
        "The conference runs from 9am to 5pm on Sep 3, with lunch around noon.",
        "After the holidays we will revisit the plan, probably in 2 weeks.",
    ]
    let context = ParseContext(now: ISOTimestamp.parse("2026-03-11T09:15:00+00:00", zone: Zone(identifier: "UTC")!)!, zone: Zone(identifier: "UTC")!)
    for size in [1_000, 10_000, 100_000, 1_000_000] {
        var text = ""
        var i = 0
        while text.utf8.count < size { text += sentences[i % sentences.count] + " "; i += 1 }
        let t0 = now()
        let found = try pipeline.findTimes(in: text, context: context)
        let ms = Double(now() - t0) / 1e6
        print(String(format: "scaling %7d bytes: %8.1f ms, %d time expressions found (%d sentences with one)", text.utf8.count, ms, found.count, i))
    }
}

// Where the date/time stage spends its time: the chart alone, against the whole stage.
do {
    let cases = try load("dev-events.jsonl")
    let parser = ChartParser(grammar: grammar)
    let tokenizer = try Tokenizer(locale: "en")
    let atoms = cases.map { TokenizeStage.atoms(of: tokenizer.tokenize($0.text)) }
    var chartTimes: [Double] = []
    var itemCounts: [Int] = []
    for _ in 0..<options.iterations {
        for a in atoms {
            let t0 = now()
            let chart = parser.parse(a)
            chartTimes.append(Double(now() - t0) / 1000)
            itemCounts.append(chart.items.count)
        }
    }
    chartTimes.sort()
    itemCounts.sort()
    print("chart alone (dev-events): median \(fmt(percentile(chartTimes, 0.5))), p99 \(fmt(percentile(chartTimes, 0.99))); items median \(itemCounts[itemCounts.count / 2]), max \(itemCounts.last!)")
}
