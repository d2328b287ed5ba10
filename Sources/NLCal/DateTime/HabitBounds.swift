/// A habit's last day said apart from the recurrence: "Daily walk 5:30pm until Friday",
/// "Standup weekdays at 9:15 on Teams until 18 Dec". The "until" phrase would otherwise read as
/// a span from the time to that day, or be left over; beside a habit it is the habit's UNTIL.
extension DateTimeStage {
    /// Moves an "until DAY" phrase ending one of `exprs` (or standing alone) into the habit's
    /// bound: the phrase before it, if any, stays the time. Only for a habit with no bound yet.
    func boundHabit(_ exprs: inout [(Item, TimeExpr)], _ state: inout ParseState, chart: ChartParser.Chart) {
        guard var r = state.recurrence, r.until == nil, r.count == nil else { return }
        for k in exprs.indices where !exprs[k].0.value.isRecurrence {
            let item = exprs[k].0
            guard let (bound, day) = untilDay(endingAt: item.end, from: item.start, chart) else { continue }
            r.until = day
            state.recurrence = r
            state.spans.append(span(for: bound, field: "recurrence", state: state, chart: chart))
            if bound.start == item.start {
                exprs.remove(at: k)
            } else if let before = chart.items.first(where: { $0.start == item.start && $0.end == bound.start && isTime[Int($0.category)] }),
                      case .time(let t) = before.value {
                exprs[k] = (before, t)
            } else {
                continue
            }
            return
        }
    }

    /// An "until" phrase ([until-word]) naming a day and no time, ending at `end` and starting
    /// at or after `from`: the phrase and the day.
    func untilDay(endingAt end: Int, from: Int, _ chart: ChartParser.Chart) -> (Item, TimeExpr)? {
        for u in chart.items where u.end == end && u.start >= from && untilWords.hasWord(chart.words[u.start]) {
            guard case .time(.openInterval(nil, var day?)) = u.value, !day.hasTimeOfDay else { continue }
            // ("until Friday" runs to Friday's end, the start of the day after: the last day is Friday.)
            if case .shifted(let inner?, let d) = day, d == Duration(1, .day) { day = inner }
            guard DateTimeStage.datePart(day) != nil else { continue }
            return (u, day)
        }
        return nil
    }
}
