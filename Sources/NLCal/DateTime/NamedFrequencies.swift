/// A frequency word can describe a thing instead of saying how often the event happens:
/// "Buy a weekly planner on Wednesday", "Finish the Daily Mail crossword tonight", "Weekly
/// report due Friday", "Cancel the monthly gym membership tomorrow". Each of those is one
/// event; the frequency stays in its title. ("Daily standup 9:15", "Set up a weekly 1:1 with
/// Ravi", "Rent due monthly on the 1st" are habits.)
extension DateTimeStage {
    /// Whether `item`, a one-word frequency, names a kind of thing here rather than a habit:
    /// - after an article ("a weekly planner", "the monthly all-hands"; "my daily walk" may be one),
    ///   unless a verb that sets a habit up comes before it ([habit-verb]: "set up a daily standup");
    /// - before the thing that is due ([deliverable-word]: "Weekly report due Friday");
    /// - capitalized, past the text's start, before a capitalized word that starts no time
    ///   ("Cancel Daily Mail subscription", "Brunch at Sundays Cafe").
    /// (`timeStarts` gives the atoms where a time or habit phrase starts.)
    func frequencyNamesThing(_ item: Item, _ chart: ChartParser.Chart, timeStarts: () -> Set<Int>) -> Bool {
        guard item.end - item.start == 1, item.value.isRecurrence, item.end < chart.atoms.count else { return false }
        let atoms = chart.atoms, words = chart.words
        let next = atoms[item.end]
        guard next.spaceBefore, isLetters(next) else { return false }
        if item.start > 0, atoms[item.start].initialCapital, next.initialCapital, isLetters(atoms[item.start - 1]),
           !timeStarts().contains(item.end) {
            return true
        }
        guard describesNoun(item, chart) else { return false }
        if item.start > 0, articles.hasWord(words[item.start - 1]) {
            let verbEnd = item.start - 1
            let setsUp = habitVerbs.phraseStart(words, endingAt: verbEnd, within: 2) != nil
            if !setsUp { return true }
        }
        // The thing due comes within a few words: "weekly report due", "monthly sales figures due".
        for k in item.end..<min(item.end + 4, atoms.count) where deliverableWords.hasWord(words[k]) {
            return true
        }
        return false
    }


    /// The chosen phrases without the frequencies that name a thing: those of
    /// `frequencyNamesThing`, and a frequency describing the noun after it when another phrase
    /// names one day ("Weekly shop tomorrow morning", "Monthly budget review next Tuesday 2pm",
    /// "Daily standup moved to 11 tomorrow"). (A bare weekday or a day of the month is the habit's
    /// day: "Fortnightly team drinks Friday 5pm", "Monthly check-in on the 3rd"; so is a start:
    /// "Daily standup 9:30 starting tomorrow".)
    func withoutNamedFrequencies(_ chosen: [Item], _ chart: ChartParser.Chart) -> [Item] {
        guard chosen.contains(where: { $0.value.isRecurrence }) else { return chosen }
        let oneDay = chosen.contains { item in
            if case .time(let t) = item.value { return DateTimeStage.namesOneDay(t) }
            return false
        }
        // Where time phrases start, found once and only if asked (a long text stays linear).
        var starts: Set<Int>?
        func timeStarts() -> Set<Int> {
            if let starts { return starts }
            let found = Set(chart.items.lazy.filter { item in
                if case .time = item.value { return true }
                return item.value.isRecurrence
            }.map(\.start))
            starts = found
            return found
        }
        return chosen.filter { item in
            if frequencyNamesThing(item, chart, timeStarts: timeStarts) { return false }
            guard oneDay, case .recurrence(let r) = item.value, item.end - item.start == 1, r.byDay.isEmpty, r.byMonthDay.isEmpty,
                  r.anchor == .fields(Fields()) else { return true }
            return !describesNoun(item, chart)
        }
    }

    /// Whether a time names one day: a day counted from today ("tomorrow", "next Tuesday", "this
    /// Friday") or a date with its month and day.
    static func namesOneDay(_ t: TimeExpr) -> Bool {
        switch t {
        case .day, .numericDate: return true
        // ("last Friday" beside "Monthly" is the month's last: "Monthly review on the last Friday".)
        case .relative(_, let offset): return offset >= 0
        case .fields(let f): return f.month != nil && f.day != nil
        case .intersect(let a, let b): return namesOneDay(a) || namesOneDay(b)
        case .zoned(let e, _, _), .spanFor(let e, _): return namesOneDay(e)
        case .interval(let a, _): return namesOneDay(a)
        default: return false
        }
    }
}
