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
///
/// Tense is read clause by clause, and so are refusals: a clause that turns a time down ("Not
/// Friday — Saturday works", "Can't do 8:30, but 8:45 would be fine") keeps its times out of
/// the plan another clause names (`DateTimeStage.take` sets both aside).
extension DateTimeStage {
    /// The text's clauses, as atom ranges: it is cut at a mark followed by a space or ending the
    /// text (",", ";", "!", "?", ".", a dash standing alone) and before a word of [clause-break]
    /// ("so", "but"). "Missed your call at 3 — will ring back at 5:30" is two clauses. (A
    /// colon too: "Had a thought: team lunch Friday 12:30".)
    func clauses(_ chart: ChartParser.Chart) -> [Range<Int>] {
        let atoms = chart.atoms, words = chart.words
        var result: [Range<Int>] = []
        var start = 0
        for i in atoms.indices {
            let spaced = i + 1 == atoms.count || atoms[i + 1].spaceBefore
            if spaced, DateTimeStage.isClauseMark(atoms[i]) {
                if start < i { result.append(start..<i) }
                start = i + 1
            } else if i > start, clauseBreaks.hasWord(words[i]) {
                result.append(start..<i)
                start = i
            }
        }
        if start < atoms.count { result.append(start..<atoms.count) }
        return result
    }

    /// The clause of `clauses` (in text order, apart) that holds atom `i`, found by halving: a
    /// long text has thousands of clauses and times.
    static func clause(containing i: Int, in clauses: [Range<Int>]) -> Range<Int>? {
        var lo = 0, hi = clauses.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if clauses[mid].upperBound <= i { lo = mid + 1 } else { hi = mid }
        }
        return lo < clauses.count && clauses[lo].contains(i) ? clauses[lo] : nil
    }

    /// ",", ";", ":", "!", "?", ".", or a dash with a space before it (the tokenizer reads "–"
    /// and "—" as "-"; "Mon–Wed" has no space and is a range).
    static func isClauseMark(_ atom: Atom) -> Bool {
        let u = atom.text.utf8
        guard u.count == 1 else { return false }
        switch u.first! {
        case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "."): return true
        case UInt8(ascii: "-"): return atom.spaceBefore
        default: return false
        }
    }

    /// The clauses that turn a time down: a phrase of [refusal-cue] in them ("Can't do 8:30, but
    /// 8:45 would be fine"). Their times leave the time when another clause names one.
    func refusedClauses(_ chart: ChartParser.Chart) -> [Range<Int>] {
        let words = chart.words
        guard words.contains(where: { refusalCues.startsWith($0) }) else { return [] }
        return clauses(chart).filter { c in c.contains { refuses(words, at: $0, in: c) } }
    }

    /// Whether a phrase of [refusal-cue] starts at atom `i`, and does not ask: before a subject
    /// pronoun it proposes ("Couldn't we do Friday afternoon instead?", "Can't you make 5?").
    func refuses(_ words: [Int32], at i: Int, in clause: Range<Int>) -> Bool {
        let end = i + refusalCues.longestPhrase(words, at: i)
        return end > i && !(end < clause.upperBound && subjectPronouns.hasWord(words[end]))
    }

    /// The clauses that tell of the past (see `tellsOfPast(_:in:)`); most texts have no word
    /// that could, and are not cut into clauses at all.
    func pastClauses(_ chart: ChartParser.Chart) -> [Range<Int>] {
        let words = chart.words, atoms = chart.atoms
        let any = words.indices.contains { i in
            let w = words[i]
            return pastRemarks.startsWith(w) || pastParticiples.startsWith(w) || gratitude.startsWith(w) || comparisonWords.startsWith(w)
                || DateTimeStage.isPastTenseForm(atoms[i].text)
        }
        guard any else { return [] }
        return clauses(chart).filter { tellsOfPast(chart, in: $0) }
    }

    /// Whether a clause tells of the past and of nothing to come: a phrase of [gratitude]
    /// ("thanks for") or [comparison-word] ("vs"), or a past verb (`saysPastVerb`: "was",
    /// "came", "Missed the 8:12", "We hiked last Sunday"). A word of [future-marker] ("will",
    /// "I'd", "let's") in the clause tells of what is to come instead. (A time a thing was moved
    /// to is planned: `isToldOf`.)
    func tellsOfPast(_ chart: ChartParser.Chart, in clause: Range<Int>) -> Bool {
        let words = chart.words
        var past = false
        for i in clause {
            if futureMarkers.startsPhrase(words, at: i) { return false }
            if !past, gratitude.startsPhrase(words, at: i) || comparisonWords.startsPhrase(words, at: i) || saysPastVerb(chart, at: i, in: clause) {
                past = true
            }
        }
        return past
    }

    /// Whether a past verb is said at atom `i`: a phrase of [past-remark] anywhere, or where a
    /// clause's verb stands (its start, after a word of [interjection] there, or after a subject
    /// pronoun: "Sorry I missed your call") a phrase of [past-participle] or a regular past in
    /// -ed. (Elsewhere such a word is often a participle naming a done task, "car serviced last
    /// mon", or the verb of a clause inside a request: "Log the hours I worked last night".) Not
    /// before a verb in -ing ("was hoping"), nor when it asks ("Were you still up for tennis Sat
    /// 9am?").
    func saysPastVerb(_ chart: ChartParser.Chart, at i: Int, in clause: Range<Int>) -> Bool {
        let words = chart.words, atoms = chart.atoms
        // (A word like "sorry" may open the clause first: "Sorry I missed your call".)
        let start = clause.lowerBound + (interjections.hasWord(words[clause.lowerBound]) && clause.count > 1 ? 1 : 0)
        let verbPlace = i == start || (i == start + 1 && subjectPronouns.hasWord(words[start]))
        var length = 0
        let remark = pastRemarks.startsPhrase(words, at: i), participle = verbPlace && pastParticiples.startsPhrase(words, at: i)
        if remark || participle {
            for n in 1...4 where i + n <= clause.upperBound
                && ((remark && pastRemarks.isPhrase(words, from: i, to: i + n)) || (participle && pastParticiples.isPhrase(words, from: i, to: i + n))) {
                length = n
            }
        }
        if length == 0 {
            guard verbPlace, DateTimeStage.isPastTenseForm(atoms[i].text) else { return false }
            length = 1
        }
        let next = i + length
        // Capitalized inside the clause before a capitalized word, it is part of a name or a
        // title: "kain tayo w/ Kuya Jojo & Ate Mitch Fri 12:30" ("Ate" is an older sister).
        if i > start, atoms[i].initialCapital, next < clause.upperBound, atoms[next].initialCapital,
           atoms[next].text.first?.isLetter == true { return false }
        if next < clause.upperBound, atoms[next].text.count > 4 {
            let w = atoms[next].text.lowercased()
            if w.hasSuffix("ing") && !DateTimeStage.nounsInIng.contains(w) { return false }
        }
        // (The question word may be more than one piece: "couldn't" is couldn, ', t.)
        let asked = i + questionWords.longestPhrase(words, at: i)
        let asks = asked > i && asked < clause.upperBound && subjectPronouns.hasWord(words[asked])
        return !asks
    }

    /// Whether a time said in a clause that tells of the past is told of, not planned: not
    /// after a word of [future-prep] ("Got tickets for Saturday 7pm", "moved to Friday").
    func isToldOf(_ item: Item, _ chart: ChartParser.Chart, pastClauses: [Range<Int>]) -> Bool {
        guard DateTimeStage.clause(containing: item.start, in: pastClauses) != nil else { return false }
        // ("Thanks for last night": the "for" of thanks.)
        let thanked = gratitude.phraseStart(chart.words, endingAt: item.start, within: 6) != nil
        return item.start == 0 || thanked || !futurePreps.hasWord(chart.words[item.start - 1])
    }

    /// A weekday told of in the past tense is the last one ("We closed the deal on Tuesday",
    /// "Was great seeing you on Sunday"), unless it is today. After thanks it takes "on" ("Thanks
    /// for the flowers on Friday"): "Thanks for booking Friday 8pm" thanks ahead of time.
    func pastWeekday(_ item: Item, _ t: TimeExpr, _ chart: ChartParser.Chart, pastClauses: [Range<Int>], now: LocalDateTime) -> TimeExpr? {
        let today = now.date
        // (So is a day of the month: "Dinner at Lupa on the 3rd was incredible", and a part of
        // the day said alone, the last one begun: "Was at the vet all afternoon".)
        let weekday = DateTimeStage.isWeekdayPattern(t) && DateTimeStage.field(\.weekday, of: t) != today.weekday
        let dayOfMonth = DateTimeStage.isDayOfMonthPattern(t) && DateTimeStage.field(\.day, of: t) != today.day
        var dayPart: DayPart?
        if case .fields(let f) = t, !f.hasDate, f.hour == nil, f.minute == nil { dayPart = f.dayPart }
        guard weekday || dayOfMonth || dayPart != nil, isToldOf(item, chart, pastClauses: pastClauses) else { return nil }
        // A verb that tells of the past must say it: a regular past opening the text may be an
        // adjective ("Scheduled power outage Sun 2:30am"), a comparison says nothing of when
        // ("vs Red Lions sun 4pm").
        guard let clause = DateTimeStage.clause(containing: item.start, in: pastClauses) else { return nil }
        let verb = clause.contains { k in
            saysPastVerb(chart, at: k, in: clause) && !(k == clause.lowerBound && DateTimeStage.isPastTenseForm(chart.atoms[k].text)
                && !pastParticiples.hasWord(chart.words[k]) && !pastRemarks.hasWord(chart.words[k]))
        }
        let thanksOn = gratitude.occurs(in: Array(chart.words[clause])) && chart.atoms[item.start].text.lowercased() == "on"
        guard verb || thanksOn else { return nil }
        if let p = dayPart { return .intersect(.day(offset: now.seconds >= p.from ? 0 : -1), t) }
        return .relative(t, offset: -1)
    }

    /// A field of a day pattern, looked for on either side of an intersection: the weekday (1
    /// Monday … 7 Sunday) of "Friday 3pm", the day of the month of "the 3rd at 8".
    static func field(_ key: KeyPath<Fields, Int?>, of t: TimeExpr) -> Int? {
        switch t {
        case .fields(let f): return f[keyPath: key]
        case .intersect(let a, let b): return field(key, of: a) ?? field(key, of: b)
        default: return nil
        }
    }

    /// Words in -ing that are no verb: "was nothing", "had something on".
    static let nounsInIng: Set<String> = ["nothing", "something", "anything", "everything", "morning", "evening", "during", "spring", "string", "ceiling", "wedding", "meeting", "building", "booking", "feeling", "thing", "things"]

    /// A regular past tense: five ASCII letters or more ending in -ed, not -eed ("need", "speed").
    static func isPastTenseForm(_ word: String) -> Bool {
        // On the bytes: this runs on every word of every text, so the ending is looked at first.
        var word = word
        return word.withUTF8 { u in
            let n = u.count
            guard n >= 5, u[n - 1] | 0x20 == UInt8(ascii: "d"), u[n - 2] | 0x20 == UInt8(ascii: "e"), u[n - 3] | 0x20 != UInt8(ascii: "e") else {
                return false
            }
            return u.allSatisfy { b in (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        }
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
        let thanked = gratitude.phraseStart(words, endingAt: item.start, within: 6) != nil
        return thanked ? .relative(t, offset: -1) : nil
    }

    /// A day of the month alone, perhaps with a time of day ("the 3rd", "the 3rd at 8"; "the 20th
    /// of last month" is that month's).
    static func isDayOfMonthPattern(_ t: TimeExpr) -> Bool {
        switch t {
        case .fields(let f): return f.day != nil && f.weekday == nil && f.month == nil && f.year == nil && f.weekdaySet == nil
        case .intersect(let a, let b): return isDayOfMonthPattern(a) && isTimeOfDayOnly(b) || isDayOfMonthPattern(b) && isTimeOfDayOnly(a)
        default: return false
        }
    }

    /// A time that names no day and counts no cycle: "at 8", "evening" (not "last month").
    static func isTimeOfDayOnly(_ t: TimeExpr) -> Bool {
        if case .cycle = t { return false }
        return datePart(t) == nil
    }

    /// A weekday, with a time or part of the day at most: "Saturday", "Saturday night".
    static func isWeekdayPattern(_ t: TimeExpr) -> Bool {
        switch t {
        case .fields(let f): return f.weekday != nil && f.day == nil && f.month == nil && f.year == nil && f.weekdaySet == nil
        // (With a time of day only: "Tuesday of this week" is that week's, past or not.)
        case .intersect(let a, let b): return isWeekdayPattern(a) && (isWeekdayPattern(b) || isTimeOfDayOnly(b)) || isWeekdayPattern(b) && isTimeOfDayOnly(a)
        default: return false
        }
    }

    /// After the time was taken from a text that tells of the past: when that time has passed,
    /// the text is a remark. Another time said apart from it is then the event's, if it is to
    /// come; else the event is null and `time` keeps the past one.
    func setAsidePastRemark(_ state: inout ParseState, before: ParseState, chosen: [Item], used: [Item],
                            chart: ChartParser.Chart, words: [Int32], context: ParseContext, pastClauses: [Range<Int>]) {
        guard state.recurrence == nil, var res = state.resolution else { return }
        if !DateTimeStage.hasPassed(res, now: context.now) {
            // A time of day told of, moved to tomorrow because it had passed today, is today's:
            // "Got home at 2am, what a wedding" said at 9.
            guard used.contains(where: { isToldOf($0, chart, pastClauses: pastClauses) }), let start = res.start,
                  let alternative = res.notes.lazy.compactMap({ note -> LocalDateTime? in
                      if case .timePassed(let a) = note { return a }
                      return nil
                  }).first else { return }
            let delta = context.zone.instant(of: alternative).instant - start
            res.start = start + delta
            res.end = res.end.map { $0 + delta }
            res.eventStart = res.eventStart.map { $0 + delta }
            res.notes.removeAll { if case .timePassed = $0 { return true }; return false }
            guard DateTimeStage.hasPassed(res, now: context.now) else { return }
        }
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
            let setAside = used.filter { u in !others.contains { $0.start == u.start && $0.end == u.end } }
            _ = take(others, &retry, chart: chart, words: words, context: context, pastClauses: pastClauses, notCues: setAside)
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
        state.resolution = res
        state.toldAsPast = true
        state.trace.append(TraceEntry(stage: name, describe: { "a time told of as past: no event" }))
    }
}
