/// A habit's last day said apart from the recurrence: "Daily walk 5:30pm until Friday",
/// "Standup weekdays at 9:15 on Teams until 18 Dec". The "until" phrase would otherwise read as
/// a span from the time to that day, or be left over; beside a habit it is the habit's UNTIL.
extension DateTimeStage {
    /// Moves an "until DAY" phrase ending one of `exprs` (or standing alone) into the habit's
    /// bound: the phrase before it, if any, stays the time. Only for a habit with no bound yet.
    func boundHabit(_ exprs: inout [(Item, TimeExpr)], _ state: inout ParseState, chart: ChartParser.Chart) {
        guard var r = state.recurrence, r.until == nil, r.count == nil else { return }
        // The "until" phrases, by where they end: found once, so a long text stays linear.
        var untilByEnd: [Int: [(Item, TimeExpr)]] = [:]
        for u in chart.items where untilWords.hasWord(chart.words[u.start]) {
            if let day = lastDay(u) { untilByEnd[u.end, default: []].append((u, day)) }
        }
        guard !untilByEnd.isEmpty else { return }
        for k in exprs.indices where !exprs[k].0.value.isRecurrence {
            let item = exprs[k].0
            // The longest "until" phrase ending the item: the item itself, or its last words
            // ("5:30pm until Friday"), the time before them being the habit's.
            guard let (bound, day) = untilByEnd[item.end]?.filter({ $0.0.start >= item.start }).min(by: { $0.0.start < $1.0.start }) else { continue }
            if bound.start != item.start {
                guard let before = timeBefore(bound, in: item, chart), case .time(let t) = before.value else { continue }
                exprs[k] = (before, t)
            } else {
                exprs.remove(at: k)
            }
            r.until = day
            state.recurrence = r
            state.spans.append(span(for: bound, field: "recurrence", state: state, chart: chart))
            return
        }
    }

    /// The day an "until" phrase names, with no time of day ("until Friday", "till 18 Dec").
    func lastDay(_ u: Item) -> TimeExpr? {
        guard case .time(.openInterval(nil, var day?)) = u.value, !day.hasTimeOfDay else { return nil }
        // ("until Friday" runs to Friday's end, the start of the day after: the last day is Friday.)
        if case .shifted(let inner?, let d) = day, d == Duration(1, .day) { day = inner }
        return DateTimeStage.datePart(day) != nil ? day : nil
    }

    /// The time phrase of `item`'s derivation that runs from its start up to `bound`: down the
    /// children that start with the item (a derivation is finite: each child was built before
    /// its parent).
    func timeBefore(_ bound: Item, in item: Item, _ chart: ChartParser.Chart) -> Item? {
        var node = item
        while true {
            let kids = chart.children(of: node).map { chart.items[Int($0)] }
            if let before = kids.first(where: { $0.start == item.start && $0.end <= bound.start && isTime[Int($0.category)] }) { return before }
            guard let next = kids.first(where: { $0.start == item.start && $0.end > bound.start }) else { return nil }
            node = next
        }
    }
}
