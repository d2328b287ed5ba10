import ArgumentParser
import Foundation
import NLCal
import NLCalCLI

/// `nlcal eval`: scores time and event corpora.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score the parser on evaluation corpora (time or event cases, JSONL).",
        discussion: "Exits non-zero when a corpus scores below --min, so CI can hold a floor."
    )

    @OptionGroup var options: ContextOptions

    @Option(name: .long, help: "Minimum accuracy for each corpus, as a percentage (97) or a fraction (0.97).")
    var min: Double?

    @Flag(name: .long, help: "List every case that was not right, with expected, got and the rules that fired.")
    var failures = false

    @Argument(help: "Corpus files (.jsonl).")
    var corpora: [String]

    func run() throws {
        do {
            guard !corpora.isEmpty else { throw CLIError("give at least one corpus file") }
            let floor = min.map { $0 > 1 ? $0 / 100 : $0 }
            if let floor, floor < 0 || floor > 1 { throw CLIError("invalid --min \(min!) (a percentage 0–100 or a fraction 0–1)") }
            let cache = PipelineCache(userGrammars: options.grammars)
            var belowFloor: [String] = []
            for path in corpora {
                let cases = try CorpusCase.load(path: path)
                guard !cases.isEmpty else { throw CLIError("\(path): no cases") }
                let acc = cases[0].isEventCase ? try evalEvents(path, cases, cache) : try evalTimes(path, cases, cache)
                if let floor, acc < floor { belowFloor.append("\(path) \(pct(acc)) < \(pct(floor))") }
            }
            if !belowFloor.isEmpty {
                FileHandle.standardError.write(Data("nlcal: below the floor: \(belowFloor.joined(separator: "; "))\n".utf8))
                throw ExitCode(1)
            }
        } catch let e as ExitCode {
            throw e
        } catch {
            fail(error)
        }
    }

    func pct(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }

    func parse(_ c: CorpusCase, _ cache: PipelineCache) throws -> (JSON, Zone) {
        let ctx = try options.context(ref: c.ref, tz: c.tz, locale: c.locale)
        let result = try cache.pipeline(for: ctx.locale).parse(c.text, context: ctx)
        return (result.json(), ctx.zone)
    }

    func rules(_ result: JSON) -> String {
        guard case .array(let spans)? = result["spans"] else { return "" }
        return spans.compactMap { s -> String? in
            guard let f = s["field"]?.stringValue, f != "attendees", case .array(let r)? = s["rules"] else { return nil }
            return "\(f) \"\(s["text"]?.stringValue ?? "")\": \(r.compactMap(\.stringValue).joined(separator: " < "))"
        }.joined(separator: "; ")
    }

    func evalTimes(_ path: String, _ cases: [CorpusCase], _ cache: PipelineCache) throws -> Double {
        var counts: [Evaluator.Outcome: Int] = [:]
        var negatives = 0
        var report = ""
        for c in cases {
            let (result, zone) = try parse(c, cache)
            let got = result["time"] ?? .null
            let outcome = Evaluator.scoreTime(expected: c.expect, got: got, zone: zone)
            counts[outcome, default: 0] += 1
            if c.expect["kind"]?.stringValue == "none" { negatives += 1 }
            if failures && outcome != .correct {
                report += "\(c.id) [\(outcome.rawValue)] \(c.text)\n  expected \(c.expect.serialized())\n  got      \(got.serialized())\n"
                let r = rules(result)
                if !r.isEmpty { report += "  rules    \(r)\n" }
            }
        }
        let correct = counts[.correct] ?? 0
        let acc = Double(correct) / Double(cases.count)
        print("\(path): \(correct)/\(cases.count) correct (\(pct(acc))); wrong \(counts[.wrong] ?? 0), missed \(counts[.missed] ?? 0), false positive \(counts[.falsePositive] ?? 0) (of \(negatives) cases expecting none)")
        if failures { print(report, terminator: "") }
        return acc
    }

    func evalEvents(_ path: String, _ cases: [CorpusCase], _ cache: PipelineCache) throws -> Double {
        var allRight = 0, noneCases = 0, noneRight = 0, eventCases = 0, startEndRight = 0
        var fieldRight: [String: Int] = [:]
        var byTag: [String: (Int, Int)] = [:]
        var report = ""
        for c in cases {
            let (result, zone) = try parse(c, cache)
            let bad = Evaluator.eventMismatches(expected: c.expect, result: result, zone: zone)
            let isNone = c.expect["none"] != nil
            if isNone { noneCases += 1; if bad.isEmpty { noneRight += 1 } } else {
                eventCases += 1
                for f in Evaluator.eventFields where !bad.contains(f) && !bad.contains("event") { fieldRight[f, default: 0] += 1 }
                if !bad.contains("start") && !bad.contains("end") && !bad.contains("event") { startEndRight += 1 }
            }
            if bad.isEmpty { allRight += 1 }
            for t in c.tags {
                var e = byTag[t] ?? (0, 0)
                e.1 += 1
                if bad.isEmpty { e.0 += 1 }
                byTag[t] = e
            }
            if failures && !bad.isEmpty {
                report += "\(c.id) [\(bad.joined(separator: ","))] \(c.text)\n  expected \(c.expect.serialized())\n  got      \((result["event"] ?? .null).serialized()) ambiguities=\(ambiguityIDs(result))\n"
                let r = rules(result)
                if !r.isEmpty { report += "  rules    \(r)\n" }
            }
        }
        let acc = Double(allRight) / Double(cases.count)
        print("\(path): \(allRight)/\(cases.count) right in every field (\(pct(acc)))")
        if eventCases > 0 {
            print("  start and end: \(startEndRight)/\(eventCases) (\(pct(Double(startEndRight) / Double(eventCases))))")
            print("  fields: " + Evaluator.eventFields.map { "\($0) \(pct(Double(fieldRight[$0] ?? 0) / Double(eventCases)))" }.joined(separator: ", "))
        }
        if noneCases > 0 { print("  none cases without an event: \(noneRight)/\(noneCases) (\(pct(Double(noneRight) / Double(noneCases))))") }
        if !byTag.isEmpty {
            print("  by tag: " + byTag.keys.sorted().map { k in "\(k) \(byTag[k]!.0)/\(byTag[k]!.1)" }.joined(separator: ", "))
        }
        if failures { print(report, terminator: "") }
        return acc
    }

    func ambiguityIDs(_ r: JSON) -> String {
        guard case .array(let a)? = r["ambiguities"] else { return "[]" }
        return "[" + a.compactMap { $0["id"]?.stringValue }.joined(separator: ",") + "]"
    }
}
