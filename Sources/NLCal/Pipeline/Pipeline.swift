import Foundation

/// The whole parse: tokenize → date/time → location → attendees → title → validation.
///
/// A pipeline holds a loaded grammar and per-stage caches (an ICU break iterator), so it is
/// cheap to reuse and must be used from one thread at a time; make one per worker.
public final class Pipeline {
    public let grammar: Grammar
    public private(set) var stages: [Stage]
    private let dateTime: DateTimeStage

    public init(grammar: Grammar, budget: ParseBudget = ParseBudget()) throws {
        self.grammar = grammar
        dateTime = DateTimeStage(grammar: grammar, budget: budget)
        stages = [
            try TokenizeStage(locale: grammar.locale, vocabulary: dateTime.parser.vocabulary, typos: TypoCorrector(grammar: grammar, vocabulary: dateTime.parser.vocabulary)),
            dateTime,
            LocationStage(grammar: grammar, vocabulary: dateTime.parser.vocabulary),
            AttendeeStage(grammar: grammar, vocabulary: dateTime.parser.vocabulary),
            TitleStage(grammar: grammar, vocabulary: dateTime.parser.vocabulary),
            ValidationStage(),
        ]
    }

    /// Adds a stage after the stage with the given name (or at the end).
    public func insert(_ stage: Stage, after name: String?) {
        if let name, let i = stages.firstIndex(where: { $0.name == name }) {
            stages.insert(stage, at: i + 1)
        } else {
            stages.insert(stage, at: max(0, stages.count - 1))
        }
    }

    /// Every time expression in a text (prose, mail), each resolved on its own.
    public func findTimes(in text: String, context: ParseContext) throws -> [TimeMention] {
        var state = ParseState(text: text)
        try stages[0].run(&state, context: context)
        return dateTime.mentions(in: state, context: context)
    }

    /// Parses one text. With `timed`, each stage's latency goes into the trace.
    public func parse(_ text: String, context: ParseContext, timed: Bool = false) throws -> ParseResult {
        var state = ParseState(text: text)
        for stage in stages {
            let t0 = timed ? DispatchTime.now().uptimeNanoseconds : 0
            try stage.run(&state, context: context)
            if timed {
                let us = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1000
                state.trace.append(TraceEntry(stage: stage.name, message: summary(of: stage, state), microseconds: us))
            }
        }
        return ParseResult(state: consume state, context: context)
    }

    private func summary(of stage: Stage, _ s: ParseState) -> String {
        switch stage.name {
        case "tokenize": return "\(s.tokens.count) tokens, \(s.atoms.count) atoms"
        case "datetime":
            let items = s.chart?.items.count ?? 0
            if let e = s.timeExpression { return "\(items) items; chose \(s.spans.filter { $0.field == "start" }.map(\.text)) → \(e)" }
            return "\(items) items; no time found"
        case "location": return "location: \(s.event.location ?? "none")"
        case "attendees": return "attendees: \(s.event.attendees.map { $0.name ?? $0.email ?? "" })"
        case "title": return "title: \(s.event.title)"
        case "validation": return "\(s.ambiguities.count) ambiguities: \(s.ambiguities.map(\.id))"
        default: return ""
        }
    }
}
