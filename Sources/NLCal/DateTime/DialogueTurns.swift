/// A text of labelled turns, pasted from a chat with a business: "Agent: We can offer Tuesday
/// at 10am or Thursday at 2pm. Customer: Thursday at 2pm please." The last speaker's time is the
/// one agreed; the times offered before it are not the event's, though they may lend it its day
/// ("Slots available tomorrow at 9am, 11am or 4pm. Me: The 11am one, please.").
extension DateTimeStage {
    /// Where the last turn's words start, when the text has two labelled turns or more: a
    /// capitalized word or two and a colon ("Agent:", "Customer Service:"), opening the text or
    /// a new sentence, with a space after the colon (not "10:30").
    func lastTurnStart(_ chart: ChartParser.Chart) -> (previous: Int, last: Int)? {
        let atoms = chart.atoms
        var turns = 0, last = -1, previous = -1
        let words = chart.words
        guard colonWord >= 0 else { return nil }
        for i in atoms.indices where i > 0 && i + 1 < atoms.count && words[i] == colonWord && atoms[i + 1].spaceBefore {
            var k = i - 1
            guard isLetters(atoms[k]), atoms[k].initialCapital, !atoms[i].spaceBefore else { continue }
            if k > 0, isLetters(atoms[k - 1]), atoms[k - 1].initialCapital, k - 1 == 0 || DateTimeStage.endsSentence(atoms[k - 2]) { k -= 1 }
            guard k == 0 || DateTimeStage.endsSentence(atoms[k - 1]) else { continue }
            turns += 1
            previous = last
            last = i + 1
        }
        return turns >= 2 ? (previous, last) : nil
    }

    static func endsSentence(_ atom: Atom) -> Bool { atom.text == "." || atom.text == "?" || atom.text == "!" }

    /// Keeps the last turn's times when it names one; the earlier ones become references (out
    /// of the time and the title), and the last of their days goes to a time said without one.
    func keepLastTurn(_ exprs: inout [(Item, TimeExpr)], _ state: inout ParseState, chart: ChartParser.Chart) {
        guard let (previous, turn) = lastTurnStart(chart),
              exprs.contains(where: { !$0.0.value.isRecurrence && $0.0.start >= turn }),
              exprs.contains(where: { !$0.0.value.isRecurrence && $0.0.end <= turn }) else { return }
        // (The turn before the last is the offer; earlier turns just leave the time.)
        let offered = exprs.filter { !$0.0.value.isRecurrence && $0.0.end <= turn && $0.0.start >= previous }
        let day = offered.compactMap { DateTimeStage.datePart($0.1) }.last
        for (item, _) in offered {
            state.spans.append(span(for: item, field: "reference", state: state, chart: chart))
        }
        exprs.removeAll { !$0.0.value.isRecurrence && $0.0.end <= turn }
        guard let day, !exprs.contains(where: { DateTimeStage.namesDay($0.1) }) else { return }
        for k in exprs.indices where !exprs[k].0.value.isRecurrence {
            exprs[k].1 = Operators.intersect(day, exprs[k].1) ?? exprs[k].1
        }
    }
}
