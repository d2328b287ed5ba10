/// Remarks about what is over: "Missed the 8:12 to Waterloo again this morning", "Sorry I
/// missed your call at 4 yesterday", "Thanks a million for Saturday night", "Great seeing
/// everyone at the party last night!".
///
/// Such a text names a time, but nothing to schedule: the event is null, with the chips to add
/// a time, while `time` keeps what was found (it is still a time; time corpora label it so).
/// When the text also names a time to come, that is the event's and the past one leaves the
/// title: "Thanks for hosting last weekend! Our turn — dinner Saturday 7pm?".
///
/// It takes both a past tense and a time that has passed. A time that has passed is no remark
/// on its own ("Offsite last Monday", "car serviced last mon" log what happened), nor is a past
/// tense with a time to come ("Dentist was moved to Friday 3pm").
extension DateTimeStage {
    /// Whether the words tell of the past:
    /// - a phrase of [gratitude] ("thanks for"), or of [past-remark] ("was", "missed", "great
    ///   seeing") unless a verb in -ing follows it: "I was hoping to meet tonight", "were going
    ///   to" ask about what is to come;
    /// - a word in -ed opening the text, alone or after a subject pronoun ("Shoveled 14 inches of
    ///   snow this morning", "We hiked last Sunday"), where English puts the sentence's verb.
    ///   (Elsewhere such a word is often a participle naming a done task, "car serviced last
    ///   mon", or the verb of a clause inside a request: "Log the hours I worked last night".)
    func tellsOfPast(_ chart: ChartParser.Chart) -> Bool {
        let words = chart.words, atoms = chart.atoms
        func progressiveAfter(_ i: Int) -> Bool {
            guard i < atoms.count, atoms[i].text.count > 4 else { return false }
            let w = atoms[i].text.lowercased()
            return w.hasSuffix("ing") && !DateTimeStage.nounsInIng.contains(w)
        }
        for i in words.indices {
            if gratitude.startsPhrase(words, at: i) { return true }
            if pastRemarks.startsPhrase(words, at: i) {
                for length in 1...4 where pastRemarks.isPhrase(words, from: i, to: min(i + length, words.count)) {
                    if !progressiveAfter(i + length) { return true }
                }
            }
            if i == 0 || (i == 1 && subjectPronouns.hasWord(words[0])), DateTimeStage.isPastTenseForm(atoms[i].text) {
                return true
            }
        }
        return false
    }

    /// Words in -ing that are no verb: "was nothing", "had something on".
    static let nounsInIng: Set<String> = ["nothing", "something", "anything", "everything", "morning", "evening", "during", "spring", "string", "ceiling", "wedding", "meeting", "building", "booking", "feeling", "thing", "things"]

    /// A regular past tense: five letters or more ending in -ed, not -eed ("need", "speed").
    static func isPastTenseForm(_ word: String) -> Bool {
        let w = word.lowercased()
        return w.count >= 5 && w.hasSuffix("ed") && !w.hasSuffix("eed") && w.allSatisfy(\.isLetter)
    }

    /// Whether a resolved time is over at `now`: a day or longer when it has ended ("yesterday",
    /// "last week"); a time of day, or a part of the day, when it has begun ("at 4 yesterday",
    /// "this morning" in "Shoveled the drive this morning", said at 8:05).
    static func hasPassed(_ r: Resolution, now: Int) -> Bool {
        if r.grain < .day, let s = r.start { return s < now }
        if let e = r.end { return e <= now }
        return false
    }

    /// A day thanked for is one gone by: "Thanks for Saturday", "cheers for Saturday night"
    /// said midweek mean the last one. Returns the weekday's last occurrence when a phrase of
    /// [gratitude] ends right before the time and the time is a weekday with no date.
    func thankedDay(_ item: Item, _ t: TimeExpr, _ words: [Int32]) -> TimeExpr? {
        guard DateTimeStage.isWeekdayPattern(t) else { return nil }
        let thanked = (max(0, item.start - 6)..<item.start).contains { gratitude.isPhrase(words, from: $0, to: item.start) }
        return thanked ? .relative(t, offset: -1) : nil
    }

    /// A weekday, with a time or part of the day at most: "Saturday", "Saturday night".
    static func isWeekdayPattern(_ t: TimeExpr) -> Bool {
        switch t {
        case .fields(let f): return f.weekday != nil && f.day == nil && f.month == nil && f.year == nil && f.weekdaySet == nil
        case .intersect(let a, let b): return isWeekdayPattern(a) && (isWeekdayPattern(b) || !namesDay(b)) || isWeekdayPattern(b) && !namesDay(a)
        default: return false
        }
    }

    /// After the time was taken from a text that tells of the past: when that time has passed,
    /// the text is a remark. Another time said apart from it is then the event's, if it is to
    /// come; else the event is null and `time` keeps the past one.
    func setAsidePastRemark(_ state: inout ParseState, before: ParseState, chosen: [Item], used: [Item],
                            chart: ChartParser.Chart, words: [Int32], context: ParseContext) {
        guard state.recurrence == nil, let res = state.resolution, DateTimeStage.hasPassed(res, now: context.now) else { return }
        // The phrases apart from the time taken, and those of its own that name a day to come on
        // their own: "Saturday 7pm" joined "last weekend" above; "at 4" in "at 4 yesterday"
        // names no day and stays with it.
        let rctx = context.resolverContext
        let others = chosen.filter { item in
            guard used.contains(where: { $0.start == item.start && $0.end == item.end }) else { return true }
            guard case .time(let t) = item.value, DateTimeStage.namesDay(t),
                  let r = firstOccurrence(t, rctx, recurrence: nil) else { return false }
            return !DateTimeStage.hasPassed(r, now: context.now)
        }
        if others.contains(where: { isTime[Int($0.category)] }) {
            var retry = before
            _ = take(others, &retry, chart: chart, words: words, context: context)
            if let r = retry.resolution, !DateTimeStage.hasPassed(r, now: context.now) {
                for item in used where !others.contains(where: { $0.start == item.start && $0.end == item.end }) {
                    let range = scalarRange(item, chart)
                    guard !retry.spans.contains(where: { $0.range.overlaps(range) }) else { continue }
                    retry.spans.append(FieldSpan(field: "reference", range: range, text: retry.slice(range), rules: ruleNames(item, chart)))
                }
                retry.trace.append(TraceEntry(stage: name, describe: { "a time told of as past is no event; the time to come is" }))
                state = retry
                return
            }
        }
        state.toldAsPast = true
        state.trace.append(TraceEntry(stage: name, describe: { "a time told of as past: no event" }))
    }
}
