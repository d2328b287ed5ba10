/// A time expression found in a text, with its resolution (nil when it cannot be resolved).
public struct TimeMention: Sendable {
    public var range: Range<Int>
    public var text: String
    public var expression: TimeExpr
    public var resolution: Resolution?
}

/// Stage 2: runs the grammar over the atoms, picks the time expressions, and resolves them.
///
/// Selection keeps the non-overlapping set of reportable items (categories `time`,
/// `recurrence`, `duration`) that covers the most atoms, preferring simpler derivations on ties.
/// Separate time phrases ("tomorrow … at 3pm") are intersected into one expression.
public final class DateTimeStage: Stage {
    public let name = "datetime"
    let parser: ChartParser
    let budget: ParseBudget
    let timeCategory: CategoryID?
    let recurrenceCategory: CategoryID?
    let durationCategory: CategoryID?
    /// A time of day (a bare hour's reading as a clock time, not as a day of the month).
    /// By category: a kind of `tod` (a bare hour is `bare-hour`).
    let isTodKind: [Bool]
    /// Categories whose items can be chosen: kinds of time, recurrence or event duration.
    let reportable: [Bool]
    /// Rules whose latent readings count when they are all the text says (`alone`).
    let standsAlone: [Bool]
    /// Rules flagged `after-said`: counted from a time said before them.
    let countsFromSaid: [Bool]
    /// Zone words ("Central", "PT"): one starting a place's name ("Central Park") is the place.
    let zoneWords: WordList
    /// Things named for a holiday ("tree", "leftovers"): right after one, the holiday is no date.
    let holidayObjects: WordList
    /// Things named by a time word ("sickness", "gown"): right after one alone, it is no time.
    let timeWordObjects: WordList
    /// Connectors ("on", "at"): a frequency word before one says how often, not what kind.
    let titleConnectors: WordList
    /// The vocabulary's number for "@" (rules use it as a literal), compared instead of text.
    let atSignWord: Int32
    /// ":", compared by number on every atom when looking for labelled turns.
    let colonWord: Int32
    /// "next" and "to" ("sat next to sam"), compared by number on every candidate phrase.
    let nextWord: Int32
    let toWord: Int32
    /// Categories that are kinds of `time`.
    let isTime: [Bool]
    /// Categories that are kinds of `recurrence`: between readings of the same words, a habit's
    /// wins ("Gym Mon Wed Fri 5:45am until 30 June" is no span from Friday to June).
    let isHabit: [Bool]
    /// Rule names by rule index (reading them through `parser.grammar` copies the grammar).
    let ruleNameTable: [String]
    /// Cue phrases, matched on the atoms' word numbers.
    let amCues: WordList
    let pmCues: WordList
    let eitherHalfCues: WordList
    /// Games, rehearsals and calls, held early in the morning or in the evening (`evening-or-morning-cue`).
    let eveningOrMorningCues: WordList
    let hourAfterWords: WordList
    /// A reply's quoted part: the verbs of "On … wrote:" (in several languages), the markers of
    /// a forwarded or original message, the header fields under a "From:" line.
    let replyVerbs, quoteMarkers, replyHeaderFields, signOffs: [String]
    /// Words for a street after its name ("Market St", "rue de Rivoli"): a number before is a house.
    let streetWords: WordList
    /// Words that count things ("pages", "ages"): a range of bare numbers after one is no time.
    let countNouns: WordList
    /// Units a number measures ("kg", "%", "people"): a number right before one is no time.
    let measureUnits: WordList
    /// Verbs whose "by" means a visit ("drop by", "swing by").
    let byVerbs: WordList
    /// "or": a time right after the taken one and this word is the other choice.
    let alternativeLinks: WordList
    /// Units of time ("days", "hrs"): a number right before one counts them.
    let calendarUnits: WordList
    /// Words that make the time after them a greeting or someone's own ("Happy new year",
    /// "your weekend"): no time for an event.
    let greetingWords: WordList
    /// Thanks for something ("thanks for yesterday!"): a time already past is what is thanked
    /// for, not an event (see PastRemarks.swift).
    let gratitude: WordList
    /// "week", "wk", "calendar week": before a number, an ISO week ("week 47").
    let weekNumberWords: WordList
    /// Past-tense verbs and remarks on what is over ("was", "missed", "great seeing"): a time
    /// already past in such a text is told of, not planned.
    let pastRemarks: WordList
    /// Where a text's clauses break ("so", "but"), what tells of a time to come ("will", "let's"),
    /// the words a time after which is planned even in the past tense ("for", "to"), and the
    /// words that ask ("were", "did") when a subject follows: see PastRemarks.swift.
    let clauseBreaks: WordList
    let refusalCues: WordList
    let pastParticiples: WordList
    let comparisonWords: WordList
    let interjections: WordList
    /// Books of scripture: "Acts 2:38" is chapter and verse.
    let scriptureBooks: WordList
    /// "with", "w/" and the words joining a list of people: a month's name among them is a name.
    let attendeeIntros: WordList
    let listJoiners: WordList
    let futureMarkers: WordList
    let futurePreps: WordList
    let questionWords: WordList
    /// "May I …", "March we …": a month word that is a verb before its subject.
    let monthVerbs: WordList
    let monthWords: WordList
    let linkingVerbs: WordList
    /// Words that make the part of the day after them an event's name ("parents' evening").
    let dayPartNamers: WordList
    let dayPartWords: WordList
    let nightWords: WordList
    let tonightWords: WordList
    /// Set phrases that look like times and are none ("24/7", "sat nav").
    let notTimes: WordList
    /// am/pm words: after counted numbers they make the numbers a clock time.
    let meridiems: WordList
    let subjectPronouns: WordList
    /// Words after "may" that make it the verb ("May not be correct").
    let modalFollowers: WordList
    /// "sat", "sun": weekday abbreviations that are everyday words too (see `isHomographWord`).
    let weekdayHomographs: WordList
    let homographFollowers: WordList
    let homographSubjects: WordList
    let determiners: WordList
    let indefiniteArticles: WordList
    let ordinalNouns: WordList
    let weekdayWords: WordList
    let comingOpeners: WordList
    let returnWords: WordList
    let returnNouns: WordList
    let rateWords: WordList
    let ordinalSuffixes: WordList
    let referenceLeads: WordList
    let returnLinks: WordList
    let notReturnBefore: WordList
    let negationCues: WordList
    /// "at", "@": a place follows (a bare hour before one still ends the text's time).
    let openPlacePreps: WordList
    /// "instead", "works better": right after a time, the one chosen over the others said.
    let choiceMarkers: WordList
    /// "let's say", "make it": opening a time, the one chosen over the others said.
    let choiceLeads: WordList
    let moveVerbs: WordList
    let tensWords: WordList
    let unitWords: WordList
    let numberWords: WordList
    let ordinalWords: WordList
    /// Verbs that set a habit up ("set up", "schedule"): "set up a daily standup" is a habit.
    let habitVerbs: WordList
    /// "due": a frequency before the thing due names that thing ("Weekly report due Friday").
    let deliverableWords: WordList
    /// "a", "an", "the": a frequency after one names a kind of thing ("a weekly planner").
    let articles: WordList
    /// "until", "till", "through": before a day beside a habit, its last day (HabitBounds.swift).
    let untilWords: WordList
    /// "opens", "closes", "hours": a time right after one is a place's hours, not the event's.
    let hoursCues: WordList

    public init(grammar: Grammar, budget: ParseBudget = ParseBudget()) {
        parser = ChartParser(grammar: grammar)
        self.budget = budget
        timeCategory = grammar.categoryID("time")
        recurrenceCategory = grammar.categoryID("recurrence")
        durationCategory = grammar.categoryID("event-duration")
        let tod = grammar.categoryID("tod")
        isTodKind = (0..<grammar.categories.count).map { c in tod.map { grammar.isKind(CategoryID(c), of: $0) } ?? false }
        let time = timeCategory
        isTime = (0..<grammar.categories.count).map { c in time.map { grammar.isKind(CategoryID(c), of: $0) } ?? false }
        let recurrence = recurrenceCategory
        isHabit = (0..<grammar.categories.count).map { c in recurrence.map { grammar.isKind(CategoryID(c), of: $0) } ?? false }
        ruleNameTable = grammar.rules.map(\.name)
        standsAlone = grammar.rules.map(\.standsAlone)
        countsFromSaid = grammar.rules.map(\.countsFromSaid)
        atSignWord = parser.vocabulary.id("@")
        colonWord = parser.vocabulary.id(":")
        nextWord = parser.vocabulary.id("next")
        toWord = parser.vocabulary.id("to")
        reportable = (0..<grammar.categories.count).map { [timeCategory, recurrenceCategory, durationCategory] in
            let id = CategoryID($0)
            return [timeCategory, recurrenceCategory, durationCategory].contains { $0.map { grammar.isKind(id, of: $0) } ?? false }
        }
        let vocabulary = parser.vocabulary
        func list(_ name: String) -> WordList { WordList(name, grammar: grammar, vocabulary: vocabulary) }
        amCues = list("am-cue")
        zoneWords = list("zone-word")
        holidayObjects = list("holiday-object")
        timeWordObjects = list("time-word-object")
        titleConnectors = list("title-connector")
        pmCues = list("pm-cue")
        eitherHalfCues = list("either-half-cue")
        eveningOrMorningCues = list("evening-or-morning-cue")
        hourAfterWords = list("hour-after-word")
        func phrases(_ name: String) -> [String] { (grammar.wordLists[name] ?? []).map { $0.joined(separator: " ") } }
        replyVerbs = phrases("reply-verb")
        quoteMarkers = phrases("quote-marker")
        replyHeaderFields = phrases("reply-header-field")
        signOffs = phrases("sign-off")
        streetWords = list("street-word")
        countNouns = list("count-noun")
        measureUnits = list("measure-unit")
        byVerbs = list("by-verb")
        alternativeLinks = list("alternative-link")
        calendarUnits = list("unit")
        greetingWords = list("greeting-before-time")
        gratitude = list("gratitude")
        weekNumberWords = list("week-number-word")
        pastRemarks = list("past-remark")
        clauseBreaks = list("clause-break")
        refusalCues = list("refusal-cue")
        pastParticiples = list("past-participle")
        comparisonWords = list("comparison-word")
        interjections = list("interjection")
        scriptureBooks = list("scripture-book")
        attendeeIntros = list("attendee-intro")
        listJoiners = list("list-joiner")
        futureMarkers = list("future-marker")
        futurePreps = list("future-prep")
        questionWords = list("past-question-word")
        monthVerbs = list("month-verb")
        monthWords = list("month-word")
        linkingVerbs = list("linking-verb")
        dayPartNamers = list("day-part-namer")
        dayPartWords = list("day-part-word")
        nightWords = list("night-word")
        tonightWords = list("tonight-word")
        notTimes = list("not-a-time")
        meridiems = list("meridiem")
        subjectPronouns = list("subject-pronoun")
        modalFollowers = list("modal-follower")
        weekdayHomographs = list("weekday-homograph")
        homographFollowers = list("homograph-follower")
        homographSubjects = list("homograph-subject")
        determiners = list("determiner")
        indefiniteArticles = list("indefinite-article")
        ordinalNouns = list("ordinal-noun")
        weekdayWords = list("weekday-word")
        comingOpeners = list("coming-opener")
        returnWords = list("return-word")
        returnNouns = list("return-noun")
        rateWords = list("rate-word")
        ordinalSuffixes = list("ordinal-suffix")
        referenceLeads = list("reference-lead")
        returnLinks = list("return-link")
        notReturnBefore = list("not-return-before")
        negationCues = list("negation-cue")
        choiceMarkers = list("choice-marker")
        openPlacePreps = list("open-place-prep")
        choiceLeads = list("choice-lead")
        moveVerbs = list("move-verb")
        tensWords = list("tens-word")
        unitWords = list("unit-word")
        numberWords = list("number-word")
        ordinalWords = list("ordinal-word")
        habitVerbs = list("habit-verb")
        deliverableWords = list("deliverable-word")
        articles = list("article")
        untilWords = list("until-word")
        hoursCues = list("hours-cue")
    }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        let words = state.words(in: parser.vocabulary)
        let chart = parser.parse(state.atoms, words: words, budget: budget)
        state.chart = chart
        if chart.truncated {
            state.warnings.append(Warning(code: "budget", message: "the input is too long or complex to parse completely; some times may be missed"))
        }
        let bodyEnd = quotedStart(chart, state)
        if let b = bodyEnd, b < chart.atoms.count { state.bodyEnd = chart.atoms[b].range.lowerBound }
        let said = select(chart, clauseStops: clauseStops(chart, state), before: bodyEnd)
        let chosen = withoutNamedFrequencies(said, chart)
        // A date that does not exist ("June 31, 2022") makes no event: the user is told which
        // words, and why, rather than given part of it ("June") or the time beside it.
        var invalid = false
        for item in chosen {
            guard case .invalidDate(let why) = item.value else { continue }
            // Quote the date itself, the innermost phrase that is invalid ("April 31", not
            // "April 31 at 3pm").
            var origin = item
            while let inner = chart.children(of: origin).lazy.map({ chart.items[Int($0)] }).first(where: { if case .invalidDate = $0.value { return true }; return false }) {
                origin = inner
            }
            let said = span(for: origin, field: "start", state: state, chart: chart).text
            state.warnings.append(Warning(code: "invalid-date", message: "'\(said)' is not a date: \(why)"))
            invalid = true
        }
        if invalid { return }
        let past = pastClauses(chart), refused = refusedClauses(chart)
        let before = past.isEmpty ? nil : state
        let used = take(chosen, &state, chart: chart, words: words, context: context, pastClauses: past, refusedClauses: refused,
                        wantsUsed: before != nil)
        if let before {
            setAsidePastRemark(&state, before: before, chosen: chosen, used: used, chart: chart, words: words, context: context, pastClauses: past)
        }
    }

    /// Makes the event's time from the chosen items: the cluster of nearby phrases that covers
    /// the most text, its phrases joined when they intersect. Returns that cluster's time items
    /// when `wantsUsed` (none when no time was taken). The words of `notCues` (phrases set aside as told of)
    /// cue no half of the day.
    func take(_ chosen: [Item], _ state: inout ParseState, chart: ChartParser.Chart, words: [Int32], context: ParseContext,
              pastClauses: [Range<Int>], refusedClauses: [Range<Int>] = [], notCues: [Item] = [], wantsUsed: Bool = false) -> [Item] {
        var exprs: [(Item, TimeExpr)] = []
        var lastAnchor: TimeExpr?
        let now = pastClauses.isEmpty ? LocalDateTime(CivilDate(1970, 1, 1)) : context.zone.local(at: context.now)
        // (Counted once: a text of thousands of habits stays linear.)
        let habits = chosen.reduce(0) { n, item in if case .recurrence = item.value { return n + 1 }; return n }
        for item in chosen {
            switch item.value {
            case .time(let t) where isTime[Int(item.category)]:
                let said = thankedDay(item, t, words) ?? t
                exprs.append((item, pastClauses.isEmpty ? said : pastWeekday(item, said, chart, pastClauses: pastClauses, now: now) ?? said))
            case .duration(let d):
                state.duration = d
                state.spans.append(span(for: item, field: "duration", state: state, chart: chart))
            case .recurrence(let said):
                // A habit said not to be the event's ("not Thursdays", "(previously Mondays)")
                // is the old one, when another is said.
                if habits > 1, let from = negationStart(item, chart) {
                    noteReference(&state, chart.atoms[from].range.lowerBound..<chart.atoms[item.end - 1].range.upperBound, rules: ruleNames(item, chart))
                    continue
                }
                let r = state.recurrence.flatMap { $0.merged(with: said) } ?? said
                state.recurrence = r
                state.spans.append(span(for: item, field: "recurrence", state: state, chart: chart))
                // A recurrence merged with one said before also moves the first occurrence:
                // the earlier anchors give way to the merged one (set once below, so a text of
                // thousands of habits stays linear).
                if let a = r.anchor {
                    lastAnchor = a
                    exprs.append((item, a))
                }
            default:
                break
            }
        }
        if let a = lastAnchor {
            for k in exprs.indices where exprs[k].0.value.isRecurrence { exprs[k].1 = a }
        }
        // Days left out with no habit to leave them out of ("Any day except Monday works"): no habit.
        if state.recurrence?.narrowsOnly == true {
            state.recurrence = nil
            state.spans.removeAll { $0.field == "recurrence" }
            exprs.removeAll { $0.0.value.isRecurrence }
        }
        boundHabit(&exprs, &state, chart: chart)
        keepLastTurn(&exprs, &state, chart: chart)
        // A phrase counted from a time said before it ("Tomorrow's impossible, the day after?",
        // "Can't make this Monday — the following Monday?") is read as if said at that time.
        if exprs.count > 1 {
            for k in exprs.indices where derivationCountsFromSaid(exprs[k].0, chart) {
                guard let j = exprs.indices.last(where: { exprs[$0].0.end <= exprs[k].0.start }) else { continue }
                exprs[k].1 = .anchored(exprs[k].1, at: DateTimeStage.datePart(exprs[j].1) ?? exprs[j].1)
            }
        }
        // A text that tells of the past, or turns a time down, and names a time to come: the
        // times told of or turned down leave the time and the title ("Missed your call at 3 —
        // will ring back at 5:30", "Not Friday — Saturday works").
        // (Their words cue no half of the day either: "Thanks for last night — brunch Sunday 11".)
        var cueWords = words
        for item in notCues { for a in item.start..<item.end { cueWords[a] = -1 } }
        if !pastClauses.isEmpty || !refusedClauses.isEmpty, exprs.count > 1 {
            // (A time said with "not" before it is left to the references below, and a habit's
            // exceptions to the recurrence: "Every weekday at 8, but not Wednesday".)
            // A clause is turned down by a cue of its own, not by the "not" of such a time:
            // "team photo Thursday 8:45am (not Wednesday)" keeps Thursday.
            let habit = state.recurrence != nil || exprs.contains { $0.0.value.isRecurrence }
            let negations = Set(exprs.compactMap { negationStart($0.0, chart) })
            let refused = habit ? [] : refusedClauses.filter { c in
                c.contains { refuses(chart.words, at: $0, in: c) && !negations.contains($0) }
            }
            let toldOf = exprs.map { e in
                isToldOf(e.0, chart, pastClauses: pastClauses)
                    || (DateTimeStage.clause(containing: e.0.start, in: refused) != nil && negationStart(e.0, chart) == nil)
            }
            // (Nor does anything else a refusal says: "Not keen on evenings; can we do 11 on Saturday?")
            if toldOf.contains(false) {
                for c in refused { for a in c { cueWords[a] = -1 } }
            }
            if toldOf.contains(true), toldOf.contains(false) {
                for (k, (item, _)) in exprs.enumerated() where toldOf[k] {
                    state.spans.append(FieldSpan(field: "reference", range: scalarRange(item, chart), text: state.slice(scalarRange(item, chart)), rules: ruleNames(item, chart)))
                    for a in item.start..<item.end { cueWords[a] = -1 }
                }
                exprs = exprs.indices.filter { !toldOf[$0] }.map { exprs[$0] }
            }
        }
        guard !exprs.isEmpty else { return [] }
        // A frequency opening the text with nothing to anchor it is an adjective, not a habit:
        // "Weekly sales up 5%", "Daily Mail crossword answers", "Every day is a gift"; after an
        // amount it is a rate ("Average commute: 45 minutes daily"). (With a day or a time it is
        // a habit: "Daily standup 9:15", "Weekly sync every Monday".)
        if let r = state.recurrence, r.anchor == .fields(Fields()), r.byDay.isEmpty, r.byMonthDay.isEmpty, r.count == nil, r.until == nil,
           exprs.allSatisfy({ $0.0.value.isRecurrence }),
           exprs.contains(where: { ($0.0.start == 0 && $0.0.end < chart.atoms.count) || ($0.0.start > 0 && rateWords.hasWord(words[$0.0.start - 1]))
               || describesNoun($0.0, chart) }) {
            state.recurrence = nil
            state.spans.removeAll { $0.field == "recurrence" }
            state.trace.append(TraceEntry(stage: name, describe: { "a frequency opening the text with no day or time: no event" }))
            return []
        }
        // "Monthly review on the last Friday", "Monthly invoicing on the 1st": a monthly habit
        // said apart from its day takes that day as its rule.
        // A length of days or weeks said apart from a habit limits it: "Swim lessons Saturdays 9:15
        // at the Y for 6 weeks" (COUNT=6), not one six-week event.
        if let r = state.recurrence, r.count == nil, r.until == nil, let d = state.duration, d.finestGrain >= .day,
           let limited = Operators.limited(r, to: d) {
            state.recurrence = limited
            state.duration = nil
            for k in state.spans.indices where state.spans[k].field == "duration" { state.spans[k].field = "recurrence" }
        }
        // So does one a time said apart took as its own length ("Monthly check-in on the 3rd at
        // 2:30 for 6 months": the 3rd at 2:30, COUNT=6); a span of dates said apart starts and
        // ends it ("Soccer camp daily 8am-noon at Kiwanis Park from Jul 12 to Jul 16": from the
        // 12th, UNTIL the 16th).
        if var r = state.recurrence, r.count == nil, r.until == nil {
            for k in exprs.indices where !exprs[k].0.value.isRecurrence {
                switch exprs[k].1 {
                case .spanFor(let start, let d):
                    guard d.finestGrain >= .day, let limited = Operators.limited(r, to: d) else { continue }
                    r = limited
                    exprs[k].1 = start
                case .interval(let first, let last):
                    guard !first.hasTimeOfDay, !last.hasTimeOfDay, let from = DateTimeStage.datePart(first),
                          DateTimeStage.datePart(last) != nil, first.fields?.day != nil || first.fields?.month != nil else { continue }
                    r.until = last
                    exprs[k].1 = .openInterval(from: from, to: nil)
                default:
                    continue
                }
                state.recurrence = r
                break
            }
        }
        // So does a weekly one said apart from a span of weekdays ("Sprachkurs Mon–Thu 18:00 every
        // week": Monday to Thursday, each week).
        if var r = state.recurrence, r.freq == "MONTHLY" || r.freq == "WEEKLY", r.byDay.isEmpty, r.byMonthDay.isEmpty {
            for k in exprs.indices where !exprs[k].0.value.isRecurrence {
                if let anchor = r.freq == "MONTHLY" ? Operators.monthlyDay(exprs[k].1, into: &r) : Operators.weeklyDays(exprs[k].1, into: &r) {
                    exprs[k].1 = anchor
                    state.recurrence = r
                    break
                }
            }
        }
        var rctx = context.resolverContext
        rctx.meridiemCue = cue(in: cueWords)
        // Separate phrases close together ("tomorrow with Bob at 3pm") are one time when they
        // intersect; when they do not ("Easter trip … Apr 2–6"), the longest phrase is the time
        // and the others stay text. Only one cluster of nearby phrases makes the event, so a
        // long text with many dates stays cheap and shallow.
        let cluster = DateTimeStage.bestCluster(exprs.map { ($0.0.start, $0.0.end) })
        // A trip's way back ("…, back Mon") is no part of this event's time, unless it is all there is.
        var near = Array(exprs[cluster])
        // (It comes after the outward time: "Return Christmas gifts next Monday" is no way back.)
        if near.count > 1, let first = near.first?.0.start {
            near.removeAll { $0.0.start > first && returnLegStart($0.0, chart) != nil }
        }
        // Times the text names only to point at another event: a time said not to be it ("Piano
        // recital Saturday 2pm, not Friday"), and an event's old time ("Can we move Friday's demo
        // to Monday 2pm?", "Tuesday's 3pm call moved to 4:30"). They leave the time and the
        // title; an old time still gives its day to a new time said without one.
        var references: [(Item, Int)] = []
        var referenceDay: TimeExpr?
        // The "?" closing an offer of alternatives that was answered ("Tue or Wed? Wed 4pm"): it
        // goes with the offer (no question is left to the title).
        var answeredMark: Int?
        if near.count > 1 {
            var possessiveEnd = -1
            let moved = moveVerbs.occurs(in: words)
            for (item, e) in near {
                if let from = negationStart(item, chart) {
                    references.append((item, from))
                } else if moved, case .openInterval(_, nil) = e, chart.atoms[item.start].text.lowercased() == "from" {
                    // With a move, "from X" said alone is the old time: "Standup moved to 9:45
                    // from 9:30", "moved ➡️ 9:45 (from 9:30)".
                    references.append((item, item.start))
                } else if e.hasTimeOfDay, saysOpeningHours(item, chart) {
                    // A place's hours beside the booking: "The shop closes at 5:30pm, so we've
                    // booked your collection for 4pm tomorrow" (the hours stay in the title).
                    references.append((item, item.start))
                } else if isPossessive(item, chart), !DateTimeStage.namesHoliday(e) {
                    // (A holiday's name may end in "'s": "St Patrick's parade".) A preposition
                    // before it belongs to the sentence: "Following up on Monday's call".
                    let lead = referenceLeads.hasWord(chart.words[item.start])
                    references.append((item, lead && item.end - item.start > 1 ? item.start + 1 : item.start))
                    if referenceDay == nil { referenceDay = DateTimeStage.datePart(e) }
                    possessiveEnd = item.end + 2
                } else if isAttributiveDay(item, e, chart) {
                    // A day said as what a thing was, between "the" and its noun: "Follow-up on
                    // the May 28 incident review Fri 2pm", "Retro on the Feb 27 outage".
                    references.append((item, item.start))
                } else if item.start == possessiveEnd {
                    // "Wednesday's 9am physio": the old time goes with its day.
                    references.append((item, item.start))
                }
            }
            // A time said as the one chosen ("any chance of Thursday instead?", "the 6th works
            // better, 2pm?", "9 or 10 tomorrow - let's say 10?") leaves those said before it as
            // references, the last of their days its own when it says none; what comes after may
            // still settle it ("can we do Thurs instead? — sure, Thurs 10:30 works").
            func ledByChoice(_ item: Item) -> Bool {
                choiceLeads.startsPhrase(chart.words, at: item.start) || choiceLeads.phraseStart(chart.words, endingAt: item.start, within: 4) != nil
            }
            // An answer to a question of alternatives is chosen too: "Tue or Wed? Wed 4pm" (a day
            // said again after the "?" that closes the offer).
            func answersOffer(_ item: Item, _ e: TimeExpr) -> Bool {
                guard let day = DateTimeStage.datePart(e) else { return false }
                return near.contains { other in
                    other.0.end <= item.start && other.0.start < item.start && DateTimeStage.datePart(other.1) == day
                        && (other.0.end..<item.start).contains { chart.atoms[$0].text == "?" }
                        && (max(0, other.0.start - 2)..<min(chart.atoms.count, other.0.end + 2)).contains { chart.atoms[$0].text.lowercased() == "or" }
                }
            }
            if let chosen = near.last(where: { choiceMarkers.startsPhrase(chart.words, at: $0.0.end) || ledByChoice($0.0) || answersOffer($0.0, $0.1) }) {
                if answersOffer(chosen.0, chosen.1) { answeredMark = (0..<chosen.0.start).last { chart.atoms[$0].text == "?" } }
                for (item, _) in near where item.end <= chosen.0.start && !references.contains(where: { $0.0.start == item.start }) {
                    references.append((item, item.start))
                }
                if referenceDay == nil, !DateTimeStage.namesDay(chosen.1),
                   let said = near.last(where: { $0.0.end <= chosen.0.start && DateTimeStage.datePart($0.1) != nil }) {
                    referenceDay = DateTimeStage.datePart(said.1)
                }
                // A day chosen from the times offered takes its offer's hour: "we've got Monday at 3
                // or Tuesday at 10 — I'd say Monday".
                if !chosen.1.hasTimeOfDay, let k = near.firstIndex(where: { $0.0.start == chosen.0.start && $0.0.end == chosen.0.end }),
                   let offer = near.last(where: { $0.0.end <= chosen.0.start && $0.1.hasTimeOfDay && Operators.intersect($0.1, chosen.1) != nil }) {
                    near[k].1 = Operators.intersect(offer.1, chosen.1) ?? chosen.1
                }
            }
            if references.count < near.count {
                near.removeAll { n in references.contains { $0.0.start == n.0.start && $0.0.end == n.0.end } }
            } else {
                references = []
            }
        }
        // "moved from Monday to Thursday 10am", "pushed from 2pm to 4pm Friday": the new time.
        if moveVerbs.occurs(in: words) {
            for k in near.indices where chart.atoms[near[k].0.start].text.lowercased() == "from" || isArrowRange(near[k].0, chart) {
                if let target = DateTimeStage.moveTarget(near[k].1) { near[k].1 = target }
            }
        }
        if let day = referenceDay, near.count >= 1, !near.contains(where: { DateTimeStage.namesDay($0.1) }) {
            for k in near.indices { near[k].1 = Operators.intersect(day, near[k].1) ?? near[k].1 }
        }
        if near.count > 1 {
            let far = near.indices.filter { k in near.indices.contains { $0 != k && datedHolidayTooFar(near[k].1, beside: near[$0].1, rctx) } }
            if far.count < near.count { near = near.indices.filter { !far.contains($0) }.map { near[$0] } }
        }
        // A part of the day opening the text before a word names the event when a clock time
        // with its half of the day is said: "Afternoon tea 3pm Sat", "EOD check-in 6pm EDT
        // Friday" (it stays in the title; "Morning run tomorrow" still runs in the morning).
        if near.count > 1, near.contains(where: { DateTimeStage.namesClockTime($0.1, fixedHalf: true) }) {
            let said = near
            near.removeAll { item, e in
                guard case .fields(let f) = e, f.dayPart != nil, f.hour == nil, !f.hasDate,
                      chart.atoms[..<item.start].allSatisfy({ !isLetters($0) && !$0.isDigits }),
                      item.end < chart.atoms.count, isLetters(chart.atoms[item.end]) else { return false }
                return !said.contains { $0.0.start <= item.end && $0.0.end > item.end }
            }
        }
        // The others join the longest phrase (the first of the longest) when they intersect it:
        // in "Dinner at 5 Rue de Rivoli Friday 8pm" the time is Friday 8pm, not "at 5".
        var longestIndex = 0
        for k in near.indices where near[k].0.end - near[k].0.start > near[longestIndex].0.end - near[longestIndex].0.start {
            longestIndex = k
        }
        // A holiday or season said with no day is the event's name beside a day said outright:
        // "Registration for the autumn league closes Sept 9" is due on Sept 9.
        if DateTimeStage.namesHolidayOrSeason(near[longestIndex].1), !DateTimeStage.namesMonthDay(near[longestIndex].1),
           let k = near.indices.first(where: { DateTimeStage.namesMonthDay(near[$0].1) && !DateTimeStage.namesHoliday(near[$0].1) }) {
            longestIndex = k
        }
        let longest = near[longestIndex]
        var candidates: [(TimeExpr, [Item])] = []
        var folded = longest.1
        var used = [longest.0]
        for (k, (item, e)) in near.enumerated() where k != longestIndex {
            // A holiday beside a day said outright names the event, not its day: "Easter egg
            // hunt 5 April 11am", "Diwali party Nov 8 7pm".
            if DateTimeStage.namesHoliday(e), DateTimeStage.namesMonthDay(folded) || DateTimeStage.namesHoliday(folded) { continue }
            // So does a month alone beside a date that names its month: "March break 3/15-3/19".
            if DateTimeStage.isBareMonth(e), DateTimeStage.namesMonthDay(folded) { continue }
            let merged = k < longestIndex ? Operators.intersect(e, folded) : Operators.intersect(folded, e)
            if let merged { folded = merged; used.append(item) }
        }
        candidates.append((folded, used))
        // Three phrases or more: the ones that name a day joined first, then the others, for
        // when the order above does not resolve ("10/22 (Thu) — rehearsal 6-9pm": the date and
        // its weekday, then the hours).
        if used.count > 2 {
            let named = near.filter { e in used.contains { $0.start == e.0.start && $0.end == e.0.end } }
            let days = named.filter { !$0.1.hasTimeOfDay }, times = named.filter { $0.1.hasTimeOfDay }
            if !days.isEmpty, !times.isEmpty {
                var joined: TimeExpr? = days[0].1
                for e in days.dropFirst() + times { joined = joined.flatMap { Operators.intersect($0, e.1) } }
                if let joined { candidates.append((joined, days.map(\.0) + times.map(\.0))) }
            }
        }
        // A holiday that does not fall on the day said beside it names the event ("Diwali
        // dinner at Priya's Sat 7", "Christmas party Fri 7pm"): the other phrases are the time.
        if used.count > 1, DateTimeStage.namesHoliday(longest.1) {
            var rest: TimeExpr?
            var restItems: [Item] = []
            for (item, e) in near where !DateTimeStage.namesHoliday(e) {
                if let r = rest { if let m = Operators.intersect(r, e) { rest = m; restItems.append(item) } } else { rest = e; restItems = [item] }
            }
            if let rest { candidates.append((rest, restItems)) }
        }
        if used.count > 1 { candidates.append((longest.1, [longest.0])) }
        // Other readings of the same words ("2-3": hours, or days of the month), simplest first,
        // for when the chosen reading cannot be resolved.
        // Computed only when every candidate above fails to resolve.
        // Then the parts of it, longest first: when its parts disagree ("Thurs 4/5" where the 4th
        // of May is a Monday), the longest part that resolves ("4/5 at 2:30") is the time rather
        // than none at all.
        func otherReadings() -> [(TimeExpr, [Item])] {
            let same = chart.items.filter { it in
                !it.latent && it.start == longest.0.start && it.end == longest.0.end && it.value != longest.0.value
                    && isTime[Int(it.category)] && !isNoTime(it, chart.atoms, chart.words)
            }.sorted { $0.size < $1.size }
            let parts = chart.items.filter { it in
                !it.latent && it.start >= longest.0.start && it.end <= longest.0.end && it.end - it.start < longest.0.end - longest.0.start
                    && isTime[Int(it.category)] && !isNoTime(it, chart.atoms, chart.words)
            }.sorted { ($0.end - $0.start, -$0.size) > ($1.end - $1.start, -$1.size) }
            return (same + parts).compactMap { it in
                if case .time(let t) = it.value { return (t, [it]) }
                return nil
            }
        }
        var triedOthers = false
        var index = 0
        while index < candidates.count || !triedOthers {
            if index == candidates.count { candidates += otherReadings(); triedOthers = true; continue }
            let (expr, items) = candidates[index]
            index += 1
            guard let res = firstOccurrence(expr, rctx, recurrence: state.recurrence) else {
                state.trace.append(TraceEntry(stage: name, describe: { "could not resolve \(expr)" }))
                continue
            }
            state.timeExpression = expr
            state.resolution = res
            if items.count == 1, items[0].end - items[0].start < longest.0.end - longest.0.start, items[0].start >= longest.0.start {
                let whole = scalarRange(longest.0, chart), part = scalarRange(items[0], chart)
                let (said, kept) = (state.slice(whole), state.slice(part))
                state.warnings.append(Warning(code: "time-part-dropped", message: "'\(said)' does not name one time; '\(kept)' was taken"))
            }
            // A holiday beside a weekday that falls on it names the event and stays in the title
            // ("Labor Day BBQ Monday 3pm", "HALLOWEEN PARTY SUN 8PM"); it still fixed the day.
            // (Or a span from one: "Halloween pub crawl Sat 8pm to 2am".)
            func saysDay(_ t: TimeExpr) -> Bool {
                if case .interval(let from, _) = t { return DateTimeStage.namesDay(from) }
                return DateTimeStage.namesDay(t)
            }
            let weekdaySaid = items.contains { if case .time(let t) = $0.value { return saysDay(t) && !DateTimeStage.namesHoliday(t) }; return false }
            // So does a weekend said as a thing beside its days ("Long weekend down the coast
            // Sat–Mon"; not "this weekend").
            for item in items where !state.spans.contains(where: { $0.range == scalarRange(item, chart) }) {
                if weekdaySaid, items.count > 1, case .time(let t) = item.value, DateTimeStage.namesHoliday(t) || t == .weekend { continue }
                state.spans.append(span(for: item, field: "start", state: state, chart: chart))
            }
            noteReturnLeg(&state, exprs.map(\.0), used: items, chart: chart)
            if let (item, from) = noteAlternative(&state, near: near, used: items, taken: expr, rctx, chart: chart) {
                references.append((item, from))
            }
            // The other days said near it that are not its own ("Great kickoff yesterday —
            // follow-up Friday 11:30am") leave the title too; a holiday names the event, and a
            // bare number may be an address ("Dinner at 5 Rue de Rivoli Friday 8pm").
            for (item, e) in near where !items.contains(where: { $0.start == item.start && $0.end == item.end })
                && !DateTimeStage.namesHolidayOrSeason(e) && !(DateTimeStage.isBareMonth(e) && DateTimeStage.namesMonthDay(expr))
                && DateTimeStage.namesDay(e) && !state.spans.contains(where: { $0.range.overlaps(scalarRange(item, chart)) })
                && returnLegStart(item, chart) == nil && !besideName(item, chart) && !(item.start < items.map(\.end).max() ?? 0 && item.end > items.map(\.start).min() ?? 0) {
                references.append((item, item.start))
            }
            for (item, from) in references {
                noteReference(&state, chart.atoms[from].range.lowerBound..<chart.atoms[item.end - 1].range.upperBound, rules: ruleNames(item, chart))
            }
            noteRefusedBareHours(&state, chart)
            if let q = answeredMark { noteReference(&state, chart.atoms[q].range, rules: ["answered-offer"]) }
            return wantsUsed ? exprs[cluster].map(\.0) : []
        }
        return []
    }

    /// Whether a time is a holiday, or a part of one ("Thanksgiving dinner").
    static func namesHoliday(_ e: TimeExpr) -> Bool {
        switch e {
        case .holiday: return true
        case .intersect(let a, let b): return namesHoliday(a) || namesHoliday(b)
        default: return false
        }
    }

    /// A holiday, or a holiday or season counted from this one ("for the autumn", "next Easter").
    static func namesHolidayOrSeason(_ e: TimeExpr) -> Bool {
        if case .relative(let inner, _) = e { return namesHoliday(inner) }
        return namesHoliday(e)
    }

    /// A holiday kept on a date (not on a weekday of its own, as Labor Day's Monday is), said
    /// apart from a weekday, gives the day only when it is that weekday's coming one: "Xmas
    /// party Fri 7pm" said on 1 December is that week's Friday, even when Christmas is a Friday.
    func datedHolidayTooFar(_ holiday: TimeExpr, beside other: TimeExpr, _ rctx: Resolver.Context) -> Bool {
        guard case .holiday(let h) = holiday, !h.hasOwnWeekday, case .fields(let f) = DateTimeStage.datePart(other) ?? other,
              f.weekday != nil, f.day == nil, f.month == nil, f.year == nil else { return false }
        var r = Resolver(rctx)
        guard let start = r.resolve(holiday)?.start else { return false }
        return start - rctx.now > 7 * 86_400
    }

    /// Whether a time names a weekday ("Monday 3pm", "on Sat").
    static func namesWeekday(_ e: TimeExpr) -> Bool {
        switch e {
        case .fields(let f): return f.weekday != nil
        case .intersect(let a, let b): return namesWeekday(a) || namesWeekday(b)
        case .relative(let a, _): return namesWeekday(a)
        case .nth(_, let a, _): return namesWeekday(a)   // "first Tuesday of November"
        default: return false
        }
    }

    /// Whether a time is a month and nothing more ("March").
    static func isBareMonth(_ e: TimeExpr) -> Bool {
        guard case .fields(let f) = e else { return false }
        return f.month != nil && f.day == nil && f.year == nil && f.weekday == nil && !f.hasTimeOfDay
    }

    /// Whether a time names a day of a month outright ("5 April", "11/8", "3/15-3/19").
    static func namesMonthDay(_ e: TimeExpr) -> Bool {
        switch e {
        case .fields(let f): return f.month != nil && f.day != nil
        case .numericDate: return true
        case .interval(let a, _): return namesMonthDay(a)
        case .openInterval(let a?, _): return namesMonthDay(a)   // "Dec 31 from 9pm"
        case .intersect(let a, let b): return namesMonthDay(a) || namesMonthDay(b)
        default: return false
        }
    }

    /// The run of phrases (in text order) with at most `maxGap` atoms between neighbours and at
    /// most `maxItems` phrases that covers the most atoms; ties go to the earliest. (A gap of 12
    /// lets people and a place stand between a time and its day: "Standup 10:00 w/ Seo-yeon and
    /// Tae on Zoom tmrw".)
    static func bestCluster(_ ranges: [(Int, Int)], maxGap: Int = 12, maxItems: Int = 5) -> Range<Int> {
        var best = 0..<1
        var bestCover = -1
        var start = 0
        while start < ranges.count {
            var end = start + 1
            var cover = ranges[start].1 - ranges[start].0
            while end < ranges.count, end - start < maxItems, ranges[end].0 - ranges[end - 1].1 <= maxGap {
                cover += ranges[end].1 - ranges[end].0
                end += 1
            }
            if cover > bestCover { best = start..<end; bestCover = cover }
            start = end
        }
        return best
    }

    /// Another time offered right after the one taken ("Saturday or Sunday", "golf tomorrow at 9
    /// or Thursday at 10") becomes a chip for the other choice. A time of day alone takes the
    /// taken time's day ("Friday at 2 or 3").
    /// Returns the other phrase and where its words start (at "or" when it follows), to leave
    /// the title.
    func noteAlternative(_ state: inout ParseState, near: [(Item, TimeExpr)], used: [Item], taken: TimeExpr,
                         _ rctx: Resolver.Context, chart: ChartParser.Chart) -> (Item, Int)? {
        guard let first = used.map(\.start).min(), let last = used.map(\.end).max() else { return nil }
        var after = near.first { $0.0.start == last + 1 && alternativeLinks.hasWord(chart.words[last]) }
        var before = near.first { $0.0.end + 1 == first && alternativeLinks.hasWord(chart.words[$0.0.end]) }
        // Beside a time of day, a bare hour is one too: "at 2 or 3", "12 or 12:30".
        if after == nil, before == nil, taken.hasTimeOfDay {
            if last + 1 < chart.atoms.count, alternativeLinks.hasWord(chart.words[last]) {
                after = bareHour(chart, start: last + 1, end: nil)
            }
            if after == nil, first >= 2, alternativeLinks.hasWord(chart.words[first - 1]) {
                before = bareHour(chart, start: nil, end: first - 1)
            }
        }
        guard let (item, other) = after ?? before else { return nil }
        // A time of day alone takes the taken time's day ("Friday at 2 or 3").
        var alt = other
        if !DateTimeStage.namesDay(other), let day = DateTimeStage.datePart(taken) { alt = Operators.intersect(day, other) ?? other }
        // Said first, the other is the one meant first: "lunch 12 or 12:30", "Thu or Fri 3pm"
        // (a day alone takes the taken time's hour).
        if before != nil, state.recurrence == nil {
            var first = alt
            if !other.hasTimeOfDay, let time = DateTimeStage.timeOfDayPart(taken) { first = Operators.intersect(alt, time) ?? alt }
            if first.hasTimeOfDay == taken.hasTimeOfDay, var r = resolve(first, rctx, recurring: false), let s = r.start,
               let taken = state.resolution, let takenStart = taken.start, s != takenStart, r.kind == taken.kind {
                r.notes.append(.alternative(rctx.zone.local(at: takenStart)))
                state.resolution = r
                state.timeExpression = first
                let range = chart.atoms[item.start].range.lowerBound..<chart.atoms[item.end].range.upperBound
                for k in state.spans.indices where state.spans[k].field == "start" { state.spans[k].field = "reference" }
                if !state.spans.contains(where: { $0.range.overlaps(range) }) {
                    state.spans.append(FieldSpan(field: "start", range: range, text: state.slice(range), rules: ruleNames(item, chart)))
                }
                return nil
            }
        }
        guard let r = resolve(alt, rctx, recurring: false), let s = r.start, let takenStart = state.resolution?.start, s != takenStart else { return nil }
        var local = rctx.zone.local(at: s)
        // A day alone keeps the taken time's hour: "Friday or Saturday at 8pm".
        if !other.hasTimeOfDay { local = LocalDateTime(local.date, seconds: rctx.zone.local(at: takenStart).seconds) }
        state.resolution?.notes.append(.alternative(local))
        if after != nil { return (item, last) }
        // Said before the taken time, its "or" leaves the title with it.
        let range = chart.atoms[item.start].range.lowerBound..<chart.atoms[item.end].range.upperBound
        if !state.spans.contains(where: { $0.range.overlaps(range) }) {
            state.spans.append(FieldSpan(field: "reference", range: range, text: state.slice(range), rules: ruleNames(item, chart)))
        }
        return nil
    }

    /// A one-word frequency right before a lower-case noun describes it ("Annual report: weekly
    /// figures attached"); before a connector ("meet weekly on Zoom") it is how often.
    func describesNoun(_ item: Item, _ chart: ChartParser.Chart) -> Bool {
        let atoms = chart.atoms
        guard item.end - item.start == 1, item.end < atoms.count, atoms[item.end].spaceBefore, isLetters(atoms[item.end]),
              !atoms[item.end].initialCapital else { return false }
        return !titleConnectors.hasWord(chart.words[item.end])
    }

    /// A bare hour or clock time ("3", "3:30") starting or ending at an atom. Said after the
    /// "or" it must stand alone, at the text's end or before punctuation, so that "at 2 or 3
    /// people" is no time.
    func bareHour(_ chart: ChartParser.Chart, start: Int?, end: Int?) -> (Item, TimeExpr)? {
        let atoms = chart.atoms
        func alone(_ k: Int) -> Bool { k < 0 || k >= atoms.count || !(isLetters(atoms[k]) || atoms[k].isDigits) }
        var best: (Item, TimeExpr)?
        for item in chart.items where (start == nil || item.start == start!) && (end == nil || item.end == end!) {
            guard case .time(let t) = item.value, case .fields(let f) = t, f.hour != nil, !f.hasDate, f.dayPart == nil,
                  start == nil || alone(item.end) else { continue }
            if best == nil || item.end - item.start > best!.0.end - best!.0.start { best = (item, t) }
        }
        return best
    }

    /// A trip's way back said after its time ("Flight to Rome Fri 6:40am, back Mon", "return
    /// Sunday") is not this event's time: it goes to the event's notes, out of the title.
    func noteReturnLeg(_ state: inout ParseState, _ phrases: [Item], used: [Item], chart: ChartParser.Chart) {
        guard let outward = used.map(\.start).min() else { return }
        for item in phrases where item.start > outward && !used.contains(where: { $0.start == item.start && $0.end == item.end }) {
            guard case .time = item.value, let from = returnLegStart(item, chart) else { continue }
            let range = chart.atoms[from].range.lowerBound..<chart.atoms[item.end - 1].range.upperBound
            guard !state.spans.contains(where: { $0.range.overlaps(range) }) else { continue }
            let text = state.slice(range)
            state.event.notes = text
            state.spans.append(FieldSpan(field: "notes", range: range, text: text, rules: ["return-leg"]))
            return
        }
    }

    /// A bare hour said not to be the event's ("at 8:30, not 8", "tomorrow instead of 10",
    /// "tonight 9 rather than 8") is no phrase of the grammar (a bare hour is no time alone),
    /// but it is the old time: it leaves the title with its cue, as a reference. Only where
    /// punctuation or the end follows it ("not 8 people" counts).
    func noteRefusedBareHours(_ state: inout ParseState, _ chart: ChartParser.Chart) {
        let atoms = chart.atoms, words = chart.words
        var i = 0
        while i < atoms.count {
            let n = negationCues.longestPhrase(words, at: i)
            guard n > 0 else { i += 1; continue }
            defer { i += n }
            let k = i + n
            guard k < atoms.count, atoms[k].isDigits, let h = Int(atoms[k].text), (1...12).contains(h) else { continue }
            var end = k + 1
            if end + 1 < atoms.count, atoms[end].text == ":" || atoms[end].text == ".", !atoms[end].spaceBefore, atoms[end + 1].isDigits { end += 2 }
            guard end == atoms.count || !(isLetters(atoms[end]) || atoms[end].isDigits) else { continue }
            noteReference(&state, atoms[i].range.lowerBound..<atoms[end - 1].range.upperBound, rules: ["refused-bare-hour"])
        }
    }

    /// Words that point at another time than the event's: a span of field `reference` (the
    /// title leaves them out), unless another span holds them already.
    func noteReference(_ state: inout ParseState, _ range: Range<Int>, rules: [String]) {
        guard !state.spans.contains(where: { $0.range.overlaps(range) }) else { return }
        state.spans.append(FieldSpan(field: "reference", range: range, text: state.slice(range), rules: rules))
    }

    /// A day (no time of day) between "the" and a lower-case noun: "the May 28 incident review".
    func isAttributiveDay(_ item: Item, _ e: TimeExpr, _ chart: ChartParser.Chart) -> Bool {
        let atoms = chart.atoms
        guard item.start > 0, item.end < atoms.count, !e.hasTimeOfDay, atoms[item.start - 1].text.lowercased() == "the",
              isLetters(atoms[item.end]), !atoms[item.end].initialCapital, chart.words[item.end] < 0 else { return false }
        return DateTimeStage.datePart(e) != nil
    }

    /// Where "not" or "instead of" before a phrase starts ("not Friday", "(not Wednesday)",
    /// "instead of Thursday"), or nil.
    func negationStart(_ item: Item, _ chart: ChartParser.Chart) -> Int? {
        negationCues.phraseStart(chart.words, endingAt: item.start, within: 5)
    }

    /// Whether a word saying when a place is open comes just before the phrase ("opens at
    /// 7:30am", "closes at 5:30pm", "Opening hours: 9am-5pm"), up to three words back.
    /// (The caller asks for a time of day: "closes Sept 9" is a deadline.)
    func saysOpeningHours(_ item: Item, _ chart: ChartParser.Chart) -> Bool {
        (max(0, item.start - 3)..<item.start).contains { hoursCues.hasWord(chart.words[$0]) }
    }

    /// A phrase said as an event's own ("Friday's demo", "Today's 4pm dentist", "last night's
    /// gig"): "'s" right after it.
    func isPossessive(_ item: Item, _ chart: ChartParser.Chart) -> Bool {
        hasPossessive(after: item.end - 1, chart.atoms)
    }

    /// A one-word phrase inside a run of capitalized words is part of a name: "Jun Wei", "Lau
    /// Pa Sat".
    func besideName(_ item: Item, _ chart: ChartParser.Chart) -> Bool {
        let atoms = chart.atoms
        func isWordOrNumber(_ a: Atom) -> Bool { isLetters(a) || a.isDigits }
        func capitalizedWord(_ k: Int) -> Bool {
            k >= 0 && k < atoms.count && atoms[k].initialCapital && isLetters(atoms[k]) && (k == 0 || atoms[k].spaceBefore)
        }
        // (Or inside a word: "1on1".)
        let glued = (item.start > 0 && !atoms[item.start].spaceBefore && isWordOrNumber(atoms[item.start - 1]))
            || (item.end < atoms.count && !atoms[item.end].spaceBefore && isWordOrNumber(atoms[item.end]))
        return glued || item.end - item.start == 1 && (capitalizedWord(item.start - 1) || capitalizedWord(item.end))
    }

    /// "1/21 → 1/28": a range written with an arrow.
    func isArrowRange(_ item: Item, _ chart: ChartParser.Chart) -> Bool {
        (item.start..<item.end).contains { ["→", "->", "=>"].contains(chart.atoms[$0].text) }
    }

    /// The new time of "from X to Y" said with a move verb: Y, on X's day when Y names none
    /// ("moved from 4pm to 6:30pm today" keeps "today"; "from Monday to Thursday 10am").
    static func moveTarget(_ e: TimeExpr) -> TimeExpr? {
        switch e {
        case .interval(let a, let b):
            if !namesDay(b), let day = datePart(a) { return Operators.intersect(day, b) ?? b }
            return b
        case .intersect(let x, let y):
            if let t = moveTarget(x) { return Operators.intersect(t, y) ?? t }
            if let t = moveTarget(y) { return Operators.intersect(x, t) ?? t }
            return nil
        default:
            return nil
        }
    }

    /// Whether a time names a day (a weekday, a date, a day word…), not only a time of day.
    static func namesDay(_ e: TimeExpr) -> Bool { datePart(e) != nil }

    /// Whether a time says an hour on the clock ("Monday 7am"; not "Monday morning").
    /// With `fixedHalf`, only an hour whose half of the day is said ("6pm", "18:00"; not "at 7").
    static func namesClockTime(_ e: TimeExpr, fixedHalf: Bool = false) -> Bool {
        switch e {
        case .fields(let f): return f.hour != nil && !(fixedHalf && f.hourIsAmbiguous)
        case .intersect(let a, let b): return namesClockTime(a, fixedHalf: fixedHalf) || namesClockTime(b, fixedHalf: fixedHalf)
        case .zoned(let inner, _, _): return namesClockTime(inner, fixedHalf: fixedHalf)
        default: return false
        }
    }

    /// The time of day a time names, without its day: "3pm" of "Friday 3pm".
    static func timeOfDayPart(_ e: TimeExpr) -> TimeExpr? {
        switch e {
        case .fields(var f):
            guard f.hasTimeOfDay else { return nil }
            f.year = nil; f.month = nil; f.day = nil; f.weekday = nil; f.weekdaySet = nil
            return .fields(f)
        case .intersect(let a, let b): return timeOfDayPart(b) ?? timeOfDayPart(a)
        case .zoned(let inner, let zone, let abbreviation): return timeOfDayPart(inner).map { .zoned($0, zone: zone, abbreviation: abbreviation) }
        default: return nil
        }
    }

    /// The day a time names, without its time of day: "Tuesday" of "Tuesday's 3pm".
    static func datePart(_ e: TimeExpr) -> TimeExpr? {
        switch e {
        case .fields(var f):
            guard f.hasDate else { return nil }
            f.hour = nil; f.minute = nil; f.second = nil; f.dayPart = nil; f.hourIsAmbiguous = false
            return .fields(f)
        case .day, .numericDate, .holiday, .relative, .nth, .shifted: return e.hasTimeOfDay ? nil : e
        case .intersect(let a, let b): return datePart(a) ?? datePart(b)
        case .zoned(let inner, _, _): return datePart(inner)
        default: return nil
        }
    }

    /// Where the words saying a phrase is the way back start ("back Mon", "return flight 12
    /// Oct"), or nil.
    func returnLegStart(_ item: Item, _ chart: ChartParser.Chart) -> Int? {
        let words = chart.words
        guard item.start > 0 else { return nil }
        var from = item.start - 1
        // ("back the following Saturday", "return flight 12 Oct", "back on Monday".)
        if from > 0, !returnWords.hasWord(words[from]), returnNouns.hasWord(words[from]) || returnLinks.hasWord(words[from]),
           returnWords.hasWord(words[from - 1]) { from -= 1 }
        guard returnWords.hasWord(words[from]) else { return nil }
        // ("Lunch Friday at home 1pm": a place, not the way back.)
        if from > 0, notReturnBefore.hasWord(words[from - 1]) { return nil }
        return from
    }

    /// Resolves a time, or a recurrence's first occurrence: with several Nth weekdays a month
    /// ("every 2nd and 4th Thursday"), the earliest of them still ahead.
    func firstOccurrence(_ expr: TimeExpr, _ ctx: Resolver.Context, recurrence: Recurrence?) -> Resolution? {
        guard let r = recurrence else { return resolve(expr, ctx, recurring: false) }
        func earliest(_ variants: [TimeExpr]) -> Resolution? {
            variants.compactMap { resolve($0, ctx, recurring: true) }.min { ($0.start ?? .max) < ($1.start ?? .max) }
        }
        // Several hours a day: the first of them still ahead ("8am and 8pm daily" at noon: 8pm).
        if r.byHour.count > 1 {
            return earliest(r.byHour.map { h in DateTimeStage.rewriting(expr) { e in
                guard case .fields(var f) = e, f.hour != nil else { return nil }
                f.hour = h
                return .fields(f)
            } })
        }
        let ordinals = r.byDay.compactMap { Int($0.dropLast(2)) }
        guard r.freq == "MONTHLY", ordinals.count > 1 else { return resolve(expr, ctx, recurring: true) }
        return earliest(ordinals.map { n in DateTimeStage.rewriting(expr) { e in
            guard case .nth(_, let t, let c) = e else { return nil }
            return .nth(n, t, in: c)
        } })
    }

    /// An expression with the parts `change` rewrites (it returns nil for the others) replaced,
    /// looked for through intersections and zones: an anchor's hour or Nth weekday.
    static func rewriting(_ e: TimeExpr, _ change: (TimeExpr) -> TimeExpr?) -> TimeExpr {
        if let changed = change(e) { return changed }
        switch e {
        case .intersect(let a, let b): return .intersect(rewriting(a, change), rewriting(b, change))
        case .zoned(let inner, let zone, let abbreviation): return .zoned(rewriting(inner, change), zone: zone, abbreviation: abbreviation)
        default: return e
        }
    }

    /// Resolves; a recurrence starts at its first occurrence at or after now, so an anchor
    /// whose cycle ("last Friday of this month") already passed moves to the next cycle.
    func resolve(_ expr: TimeExpr, _ ctx: Resolver.Context, recurring: Bool) -> Resolution? {
        var resolver = Resolver(ctx)
        guard var first = resolver.resolve(expr) else { return nil }
        // A recurrence whose day is today but whose time has passed simply starts next time.
        if recurring { first.notes.removeAll { if case .sameWeekdayPassed = $0 { return true }; return false } }
        // (A part of the day counts from its event's start: "every morning" said at 06:50
        // starts at 09:00 today.)
        guard recurring, let s = first.eventStart ?? first.start, s < ctx.now else { return first }
        for k in 1...24 {
            var r = Resolver(ctx)
            if let next = r.resolve(DateTimeStage.shiftingCycles(expr, by: k)), let ns = next.start, ns >= ctx.now { return next }
        }
        // A time of day with no cycle in its pattern ("every weekday 9:15-9:30" said at 10:00):
        // the next day it matches, looked for from each following midnight. (A day going on,
        // for an all-day recurrence, is not over.)
        guard expr.hasTimeOfDay else { return first }
        let today = ctx.zone.local(at: ctx.now).date
        for k in 1...7 {
            var later = ctx
            later.now = ctx.zone.instant(of: LocalDateTime(today.adding(days: k))).instant
            var r = Resolver(later)
            if let next = r.resolve(expr), let ns = next.eventStart ?? next.start, ns >= ctx.now { return next }
        }
        return first
    }

    /// The expression with every "current cycle" (this month, this week…) moved k cycles on.
    static func shiftingCycles(_ e: TimeExpr, by k: Int) -> TimeExpr {
        switch e {
        case .cycle(let g, let o): return .cycle(g, offset: o + k)
        case .nth(let n, let t, let c): return .nth(n, t, in: shiftingCycles(c, by: k))
        case .intersect(let a, let b): return .intersect(shiftingCycles(a, by: k), shiftingCycles(b, by: k))
        case .zoned(let inner, let z, let a): return .zoned(shiftingCycles(inner, by: k), zone: z, abbreviation: a)
        default: return e
        }
    }

    /// Every time expression in a text, each resolved on its own (for long texts and mailboxes,
    /// where there is no single event).
    public func mentions(in state: ParseState, context: ParseContext) -> [TimeMention] {
        let chart = parser.parse(state.atoms, words: state.words(in: parser.vocabulary), budget: budget)
        var rctx = context.resolverContext
        rctx.meridiemCue = .none
        var out: [TimeMention] = []
        for item in select(chart, clauseStops: clauseStops(chart, state), before: quotedStart(chart, state)) {
            guard case .time(let t) = item.value, isTime[Int(item.category)] else { continue }
            var resolver = Resolver(rctx)
            let r = scalarRange(item, chart)
            out.append(TimeMention(range: r, text: state.slice(r), expression: t, resolution: resolver.resolve(t)))
        }
        return out
    }

    /// Where the quoted part of a reply, or the signature, begins, as an atom index: at a
    /// letter's closing over a signature (`signsOff`), or at the line that introduces the message
    /// replied to ("On Tue, 22 Feb 2028, 3:10 pm Hemi <h@x.nz> wrote:", "Am
    /// 14.09.2027 um 17:22 schrieb Jonas:", "-----Original Message-----", a "From:" line with
    /// "Sent:" or "Date:" under it) or quotes it ("> Any news?"). Its dates are the old
    /// message's: no time is taken from there on. Nil when there is none, or when the text
    /// starts with it (then it is all there is: a forwarded invitation).
    func quotedStart(_ chart: ChartParser.Chart, _ state: ParseState) -> Int? {
        // (Bytes: `String.contains` of a string costs more than the whole scan.)
        guard state.text.utf8.contains(10) else { return nil }
        var lines: [(start: Int, text: String)] = []
        var offset = 0, start = 0
        var current = String.UnicodeScalarView()
        for u in state.text.unicodeScalars {
            if u == "\n" {
                lines.append((start, String(current)))
                current = String.UnicodeScalarView()
                start = offset + 1
            } else {
                current.append(u)
            }
            offset += 1
        }
        lines.append((start, String(current)))
        // Each line trimmed and lower-cased once; the empty ones left out.
        let said = lines.compactMap { line -> (start: Int, text: String)? in
            let t = line.text.trimmingCharacters(in: .whitespaces).lowercased()
            return t.isEmpty ? nil : (line.start, t)
        }
        for k in said.indices.dropFirst() where introducesQuote(said[k].text, next: said[(k + 1)...].prefix(4)) || signsOff(said[k].text, rest: said[(k + 1)...]) {
            return chart.atoms.firstIndex { $0.range.lowerBound >= said[k].start } ?? chart.atoms.count
        }
        return nil
    }

    /// A letter's closing ("Best,", "Kind regards,", "Thanks,") on a line of its own, with no
    /// more than a signature under it (five short lines at most): the rest is the sender's name,
    /// title, phone and office hours, no plan ("Office hours Mon–Fri 9–5 CT").
    func signsOff(_ t: String, rest: ArraySlice<(start: Int, text: String)>) -> Bool {
        guard t.hasSuffix(","), rest.count <= 5, signOffs.contains(String(t.dropLast()).trimmingCharacters(in: .whitespaces)) else { return false }
        return rest.allSatisfy { $0.text.count <= 80 }
    }

    /// A line that starts a quoted message (lower-cased and trimmed; `next`, the lines after it).
    func introducesQuote(_ t: String, next: ArraySlice<(start: Int, text: String)>) -> Bool {
        if t.hasPrefix(">") { return true }
        if t.hasPrefix("-") || t.hasPrefix("begin") || t.hasPrefix("_") {
            if quoteMarkers.contains(where: { t.contains($0) }) { return true }
        }
        if t.hasSuffix(":"), replyVerbs.contains(where: { t.contains(" " + $0) }) { return true }
        if t.hasPrefix("from:") {
            return next.contains { n in replyHeaderFields.contains { n.text.hasPrefix($0 + ":") } }
        }
        return false
    }

    /// The atoms that end a clause so that no phrase reads across them: a dash set apart by spaces
    /// and typed as one ("Not Friday — Saturday works" is no range from Friday to Saturday), and a
    /// hyphen set apart or a comma right after a time said not to be the event's ("not tomorrow -
    /// Friday 10am?", "I'd rather not do Friday - Thursday at 4:30?", "I can't make Monday,
    /// Tuesday at 11 works"). ("Not available Mon - Wed" stays a range: the "not" is not the day's.)
    /// (A phrase that takes the "not" in, "not this Tuesday, the next one", reads across: `from`
    /// is where its negation starts, -1 for a dash.)
    func clauseStops(_ chart: ChartParser.Chart, _ state: ParseState) -> [(at: Int, from: Int)] {
        let atoms = chart.atoms
        // One pass over the atoms and one over the phrases, so a long text stays linear.
        var breaks: [Bool] = []
        var stops: [(at: Int, from: Int)] = []
        for i in atoms.indices {
            let comma = atoms[i].text == ","
            guard comma || (atoms[i].text == "-" && atoms[i].spaceBefore && i + 1 < atoms.count && atoms[i + 1].spaceBefore) else { continue }
            // (A hyphen set apart before a word that plans ends the clause too: "I can do 9 or 10
            // tomorrow - let's say 10?".)
            if !comma && (state.slice(atoms[i].range) == "—" || futureMarkers.startsPhrase(chart.words, at: i + 1)) {
                stops.append((i, -1))
                continue
            }
            if breaks.isEmpty { breaks = [Bool](repeating: false, count: atoms.count + 1) }
            breaks[i] = true
        }
        // (Most texts have no comma or hyphen set apart: no pass over the phrases.)
        guard !breaks.isEmpty else { return stops }
        for item in chart.items where breaks[item.end] && !item.latent && reportable[Int(item.category)] {
            guard let from = negationStart(item, chart) else { continue }
            stops.append((item.end, from))
            breaks[item.end] = false
        }
        // (By position: `select` finds the stops inside a phrase by halving.)
        return stops.sorted { $0.at < $1.at }
    }

    /// Whether a phrase reads across a clause stop (sorted by position) that does not let it.
    static func crossesStop(_ item: Item, _ stops: [(at: Int, from: Int)]) -> Bool {
        var lo = 0, hi = stops.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if stops[mid].at <= item.start { lo = mid + 1 } else { hi = mid }
        }
        var k = lo
        while k < stops.count, stops[k].at < item.end - 1 {
            if item.start > stops[k].from { return true }
            k += 1
        }
        return false
    }

    /// Weighted interval scheduling over the reportable items.
    ///
    /// The candidates are bucketed by end position with a counting sort into one scratch
    /// buffer (stable, so items ending at the same atom are scored in chart order, as before),
    /// and read in place: no array per position, no copy of an item until the choice is made.
    func select(_ chart: ChartParser.Chart, clauseStops: [(at: Int, from: Int)] = [], before end: Int? = nil) -> [Item] {
        let items = chart.items
        let n = chart.atoms.count
        guard n > 0 else { return [] }
        // Scratch layout (Int32): bucket starts [n + 2] | candidates by end [items] | choice [n + 1]
        // | candidates in chart order [items].
        let atoms = chart.atoms, words = chart.words
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n + 3 + 2 * items.count) { scratch in
            let bucket = UnsafeMutableBufferPointer(rebasing: scratch[0..<(n + 2)])
            let byEnd = UnsafeMutableBufferPointer(rebasing: scratch[(n + 2)..<(n + 2 + items.count)])
            let choice = UnsafeMutableBufferPointer(rebasing: scratch[(n + 2 + items.count)..<(2 * n + 3 + items.count)])
            let cand = UnsafeMutableBufferPointer(rebasing: scratch[(2 * n + 3 + items.count)...])
            bucket.initialize(repeating: 0)
            var candidates = 0
            items.withUnsafeBufferPointer { items in
                // The words of the text, punctuation aside: a latent phrase flagged `alone` that
                // covers them is read ("summer", "Q4?").
                var first = 0, last = n
                while first < n, !isLetters(atoms[first]) && !atoms[first].isDigits { first += 1 }
                while last > first, !isLetters(atoms[last - 1]) && !atoms[last - 1].isDigits { last -= 1 }
                // A bare hour may end the text but for the place after it: "Dinner with Hugo and
                // Claire 8 at Septime" (words after "at", no number among them).
                var beforePlace = last
                if let at = (first..<last).last(where: { openPlacePreps.startsPhrase(words, at: $0) }),
                   !atoms[at..<last].contains(where: { $0.isDigits }) {
                    beforePlace = at
                }
                // A holiday's name that names a thing ("Black Friday shopping") lends none of its
                // words to a time: no "Friday" out of it.
                var thingNames: [(Int, Int)] = []
                for i in items.indices where isThingNamedForHoliday(items[i], atoms, words) {
                    thingNames.append((items[i].start, items[i].end))
                }
                for i in items.indices where (!items[i].latent || (items[i].rule >= 0 && standsAlone[Int(items[i].rule)]
                                                                    && items[i].start == first && items[i].end == last)
                                              || ((items[i].end == last || items[i].end == beforePlace) && isTrailingHour(items[i], atoms, words)))
                    && reportable[Int(items[i].category)] && !isNoTime(items[i], atoms, words)
                    && (clauseStops.isEmpty || !DateTimeStage.crossesStop(items[i], clauseStops))
                    && items[i].end <= end ?? n
                    && !thingNames.contains(where: { $0.0 <= items[i].start && items[i].end <= $0.1 }) {
                    bucket[items[i].end + 1] += 1
                    cand[candidates] = Int32(i)
                    candidates += 1
                }
            }
            guard candidates > 0 else { return [] }
            for p in 1..<(n + 2) { bucket[p] += bucket[p - 1] }
            // bucket[p] is now where the items ending at p start; fill, advancing bucket[p].
            items.withUnsafeBufferPointer { items in
                for c in 0..<candidates {
                    let i = Int(cand[c])
                    let e = items[i].end
                    byEnd[Int(bucket[e])] = Int32(i)
                    bucket[e] += 1
                }
            }
            // Items ending at p are byEnd[(p > 0 ? bucket[p - 1] : 0) ..< bucket[p]].
            // best[p]: best (covered atoms, -items, habits, -rules) using atoms before p.
            return withUnsafeTemporaryAllocation(of: (Int, Int, Int, Int).self, capacity: n + 1) { bestScore in
                bestScore[0] = (0, 0, 0, 0)
                choice[0] = -1
                items.withUnsafeBufferPointer { items in
                    for p in 1...n {
                        bestScore[p] = bestScore[p - 1]
                        choice[p] = -1  // item ending at p, or -1 (skip atom)
                        for k in Int(bucket[p - 1])..<Int(bucket[p]) {
                            let i = byEnd[k]
                            let start = items[Int(i)].start
                            let prev = bestScore[start]
                            let score = (prev.0 + (p - start), prev.1 - 1, prev.2 + (isHabit[Int(items[Int(i)].category)] ? 1 : 0),
                                         prev.3 - items[Int(i)].size)
                            if score > bestScore[p] { bestScore[p] = score; choice[p] = i }
                        }
                    }
                }
                var out: [Item] = []
                var p = n
                while p > 0 {
                    let i = choice[p]
                    if i >= 0 { out.append(items[Int(i)]); p = items[Int(i)].start } else { p -= 1 }
                }
                return out.reversed()
            }
        }
    }

    /// A bare hour (1–12) that ends the text right after what people meet for ("Thanksgiving Eve
    /// drinks 9") or the people met ("Sunday brunch with Mum 11", "coffee w/ Sam 3", "drinks
    /// with the team 6"): a last number there has nothing else to count (a counting word right
    /// before it still counts: "with Group 4").
    func isTrailingHour(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        guard item.latent, isTodKind[Int(item.category)], item.end - item.start == 1, item.start >= 1, atoms[item.start].isDigits, atoms[item.start].spaceBefore,
              let v = Int(atoms[item.start].text), (1...12).contains(v), !countNouns.hasWord(words[item.start - 1]) else { return false }
        if hourAfterWords.phraseStart(words, endingAt: item.start, within: 2) != nil { return true }
        guard item.start >= 2 else { return false }
        // Back over the names (up to three words, joined by "and", "&" or commas) to the word
        // that brings them in.
        var k = item.start - 1, names = 0
        while k >= 0, names <= 3 {
            if isLetters(atoms[k]) && !attendeeIntros.hasWord(words[k]) && !listJoiners.hasWord(words[k]) { names += 1; k -= 1; continue }
            if names > 0, listJoiners.hasWord(words[k]) || atoms[k].text == "," { k -= 1; continue }
            break
        }
        guard names > 0, names <= 3, k >= 0 else { return false }
        return attendeeIntros.startsPhrase(words, at: k) || (k >= 1 && attendeeIntros.isPhrase(words, from: k - 1, to: k + 1))
    }

    /// A number before a street's name is a house number: "1250 Market St", "12 rue de Rivoli",
    /// "42 O'Connell St" (the name capitalized, or the street word right after the number; "St"
    /// before a capitalized word is a saint: "10 St Mary's" stays).
    func isHouseNumber(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        let next = item.end
        guard atoms[next - 1].isDigits, next < atoms.count, atoms[next].spaceBefore,
              atoms[next].initialCapital || streetWords.hasWord(words[next]) else { return false }
        var k = next
        while k < atoms.count, k - next < 5 {
            if k > next || streetWords.hasWord(words[k]), streetWords.hasWord(words[k]) {
                let saint = atoms[k].text.lowercased() == "st" && k + 1 < atoms.count && atoms[k + 1].initialCapital && isLetters(atoms[k + 1])
                // ("Hugo's Drive-in": a word glued on makes another.)
                let glued = k + 1 < atoms.count && !atoms[k + 1].spaceBefore && atoms[k + 1].text == "-"
                if !saint && !glued { return true }
            }
            guard isLetters(atoms[k]) || atoms[k].text == "'" || atoms[k].text == "’" else { return false }
            k += 1
        }
        return false
    }

    /// A thing named for a holiday: "the Christmas tree", "Thanksgiving leftovers", "Black
    /// Friday shopping".
    func isThingNamedForHoliday(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        // (The word after first: it rules out nearly every item without looking at its value.)
        guard item.end < atoms.count, holidayObjects.startsPhrase(words, at: item.end), case .time(let t) = item.value else { return false }
        return DateTimeStage.namesHolidayOrSeason(t)
    }

    /// A phrase that starts with a number right after a counting word ("pages 10-12", "ages
    /// 5-12", "score 3-2", "Room 3.14", "rated it 10/10"): what is counted, not a time.
    func isCountedNumbers(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        // ("Version: 1.1.30", "Room #12": the noun may be followed by a colon or "#".)
        var noun = item.start - 1
        if noun > 0, atoms[noun].text == ":" || atoms[noun].text == "#" { noun -= 1 }
        // ("Flight AC 847": a code typed in capitals between.)
        if noun > 0, atoms[noun].capitals, atoms[noun].text.count <= 3, isLetters(atoms[noun]) { noun -= 1 }
        // ("Score was 3-1", "PIN is 0915": a linking verb between.)
        if noun > 0, !countNouns.hasWord(words[noun]), linkingVerbs.hasWord(words[noun]) { noun -= 1 }
        // (The noun may be a phrase: "Half-time 4–1".)
        guard noun >= 0, countNouns.hasWord(words[noun]) || (1...2).contains(where: { noun >= $0 && countNouns.isPhrase(words, from: noun - $0, to: noun + 1) }) else { return false }
        // The numbers (with dashes, "to", dots) are what is counted unless a clock marker
        // follows them ("Surf lesson 7-9am Sun"); what follows may still be a time on its own
        // ("won 3-1 on Sunday": "on Sunday").
        var k = item.start
        // (A letter glued to a number names a unit too: "Units 3A through 3F".)
        while k < item.end, atoms[k].isDigits || numberWords.hasWord(words[k]) || ["-", "to", "through", "thru", ".", "/"].contains(atoms[k].text)
                || (k > item.start && !atoms[k].spaceBefore && atoms[k - 1].isDigits && atoms[k].text.count == 1 && atoms[k].capitals) { k += 1 }
        guard k > item.start else { return false }
        // ("Booked the cabin 3/28–4/2": two numeric dates and a dash between are a range of days.)
        let slashes = atoms[item.start..<k].lazy.filter { $0.text == "/" }.count
        if slashes == 2, atoms[item.start..<k].contains(where: { $0.text == "-" || $0.text == "to" }) { return false }
        // ("the item 3 days ago": a unit of time after the number makes it a length.)
        if k < item.end, calendarUnits.hasWord(words[k]) { return false }
        // ("return flight 12 Oct": a month after the number makes it a date.)
        return k == item.end || (atoms[k].spaceBefore && !meridiems.hasWord(words[k]) && atoms[k].text != ":" && !monthWords.hasWord(words[k]))
    }

    /// Items whose words name no time in their context (see the checks below); they are left
    /// out before the selection, so another reading of the same words can be chosen ("$12
    /// December 27": December 27).
    func isNoTime(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        if isCountedNumbers(item, atoms, words) || isMeasure(item, atoms, words) { return true }
        // A pair of numbers after a pair that counts or scores is another: "took the set 7-5 and
        // then 6-4", "Final score 7-5 6-4".
        if item.end - item.start == 3, atoms[item.start].isDigits, atoms[item.start + 1].text == "-", atoms[item.start + 2].isDigits {
            var k = item.start - 1
            while k >= 0, item.start - k <= 2, ["and", "then", ",", "&"].contains(atoms[k].text.lowercased()) { k -= 1 }
            if k >= 2, atoms[k].isDigits, atoms[k - 1].text == "-", atoms[k - 2].isDigits {
                var earlier = item
                earlier.start = k - 2
                earlier.end = k + 1
                if isCountedNumbers(earlier, atoms, words) || isMeasure(earlier, atoms, words) { return true }
            }
        }
        // A word glued by a hyphen to a word the grammar does not know is part of a name:
        // "w/ Dr. Abernathy and Sun-hee" (not "Mon-Fri", "Sat-Sun").
        // ("Kim Ji-sun dinner Sat 7pm": the phrase may go on after the name's word.) Most phrases
        // have a space on both sides: that is checked first.
        let after = item.end, preceding = item.start - 1
        if after + 1 < atoms.count, !atoms[after].spaceBefore, !atoms[after + 1].spaceBefore, words[after + 1] < 0,
           atoms[after].text == "-", isLetters(atoms[after + 1]), isLetters(atoms[after - 1]) { return true }
        if preceding >= 1, !atoms[item.start].spaceBefore, !atoms[preceding].spaceBefore, words[preceding - 1] < 0,
           atoms[preceding].text == "-", isLetters(atoms[preceding - 1]), isLetters(atoms[item.start]) { return true }
        // "sat next to sam": "next to" is a place, not the next Saturday.
        if nextWord >= 0, item.end < atoms.count, words[item.end - 1] == nextWord, words[item.end] == toWord { return true }
        // Chapter and verse: "Acts 2:38", "1 Corinthians 13:4".
        if item.start > 0, item.end - item.start == 3, atoms[item.start + 1].text == ":", scriptureBooks.hasWord(words[item.start - 1]) {
            return true
        }
        if isOddDottedNumber(item, atoms, words) { return true }
        // One group of a phone or account number: "Call me on 0803 456 7890", "+44 20 7946 0958".
        if item.end - item.start == 1, atoms[item.start].isDigits, atoms[item.start].text.utf8.count >= 3 {
            func group(_ k: Int) -> Bool { k >= 0 && k < atoms.count && atoms[k].isDigits && atoms[k].text.utf8.count >= 3 }
            if (group(item.end) && atoms[item.end].spaceBefore) || (group(item.start - 1) && atoms[item.start].spaceBefore) { return true }
        }
        // Bare numbers from one to another right before a month's name are its days, no hours:
        // "Long weekend 3–5 Oct" (not "Long weekend 3–5" and "Oct").
        if item.end - item.start >= 3, item.end < atoms.count, monthWords.hasWord(words[item.end]),
           atoms.withUnsafeBufferPointer({ a in
               a[item.end - 1].isDigits && a[item.end - 3].isDigits && (a[item.end - 2].text == "-" || a[item.end - 2].text.lowercased() == "to")
           }) {
            return true
        }
        // Or its area code, two groups following: "Book on 08 9555 0177".
        // (Cheap tests first: this runs for every phrase found, and an atom read is a copy. A
        // group of digits is no word of the grammar.)
        if item.end - item.start <= 2, item.end + 1 < atoms.count, words[item.end] < 0, words[item.end + 1] < 0,
           atoms.withUnsafeBufferPointer({ a in
               a[item.end].isDigits && a[item.end + 1].isDigits && a[item.end - 1].isDigits && a[item.end].spaceBefore && a[item.end + 1].spaceBefore
                   && a[item.end].text.utf8.count >= 3 && a[item.end + 1].text.utf8.count >= 3
           }) {
            return true
        }
        // "drop by tomorrow at 3", "swing by Friday": a visit, not a deadline (the time after
        // "by" is read on its own).
        if item.start > 0, byVerbs.hasWord(words[item.start - 1]), atoms[item.start].text.lowercased() == "by" { return true }
        if notTimes.startsPhrase(words, at: item.start) { return true }
        // (Or one that starts a word or two before it and takes it in: "High Noon".)
        for k in max(0, item.start - 2)..<item.start where notTimes.startsPhrase(words, at: k) {
            for end in (item.start + 1)...min(words.count, k + 6) where notTimes.isPhrase(words, from: k, to: end) { return true }
        }
        // "in 2" followed by "to 3 cups": an amount, not minutes ("Mix in 2 to 3 cups of flour").
        if item.end - item.start == 2, atoms[item.start].text.lowercased() == "in", atoms[item.end - 1].isDigits, item.end + 1 < atoms.count,
           atoms[item.end].text == "-" || atoms[item.end].text.lowercased() == "to", atoms[item.end + 1].isDigits {
            return true
        }
        // A number word in a run of capitalized words is part of a name: "Chapter One",
        // "Studio Nine", "Formula One".
        if item.start > 0, numberWords.hasWord(words[item.start]), atoms[item.start].initialCapital, isLetters(atoms[item.start - 1]),
           atoms[item.start - 1].initialCapital, atoms[item.start].spaceBefore, !weekdayWords.hasWord(words[item.start - 1]),
           !monthWords.hasWord(words[item.start - 1]) {
            return true
        }
        // A time word alone before a thing it names: "morning sickness", "evening gown",
        // "midnight blue", "weekend warrior"; so are bare hours from one to another: "her 9 to 5
        // job".
        if item.end - item.start <= 3, item.end < atoms.count, timeWordObjects.startsPhrase(words, at: item.end),
           atoms.withUnsafeBufferPointer({ a in (item.end - item.start == 1 && isLetters(a[item.start])) || (a[item.start].isDigits && a[item.end - 1].isDigits) }) {
            return true
        }
        // A part of the day named by the word before it is an event's name: "parents'
        // evening", "open evening", "quiz night".
        if item.start > 0, dayPartWords.hasWord(words[item.start]) || nightWords.hasWord(words[item.start]) {
            var prev = item.start - 1
            if prev > 0, atoms[prev].text == "'" || atoms[prev].text == "’", !atoms[prev].spaceBefore { prev -= 1 }
            if dayPartNamers.hasWord(words[prev]) { return true }
        }
        // A part of the day inside a capitalized title after "The" or "A": "The Tonight Show",
        // "A Night at the Opera", "The Morning Show".
        if item.end - item.start == 1, item.start > 0, item.end < atoms.count, atoms[item.start].initialCapital,
           dayPartWords.hasWord(words[item.start]) || nightWords.hasWord(words[item.start]) || tonightWords.hasWord(words[item.start]),
           atoms[item.start - 1].initialCapital, articles.hasWord(words[item.start - 1]),
           atoms[item.end].initialCapital, isLetters(atoms[item.end]) {
            return true
        }
        // Two or more capitalized time words inside a capitalized name, after a lower-case word
        // or the text's first: "Watch Friday Night Lights with Mei tomorrow 9pm".
        if item.end - item.start >= 2, item.start > 0, item.end < atoms.count,
           (item.start..<item.end).allSatisfy({ isLetters(atoms[$0]) && atoms[$0].initialCapital }),
           isLetters(atoms[item.end]), atoms[item.end].initialCapital, atoms[item.end].spaceBefore,
           isLetters(atoms[item.start - 1]), item.start == 1 || !atoms[item.start - 1].initialCapital {
            return true
        }
        // A month's name with a possessive is someone's ("Auntie May's"), not the month.
        if monthWords.hasWord(words[item.start]), hasPossessive(after: item.start, atoms) { return true }
        if isHomographWord(item, atoms, words) { return true }
        // "Jan-Willem", "May-Britt": a month's name joined to a capitalized name is a person's.
        if item.start + 2 < atoms.count, monthWords.hasWord(words[item.start]), atoms[item.start + 1].text == "-",
           !atoms[item.start + 1].spaceBefore, !atoms[item.start + 2].spaceBefore, atoms[item.start + 2].initialCapital,
           isLetters(atoms[item.start + 2]), !monthWords.hasWord(words[item.start + 2]) {
            return true
        }
        // "A three-day weekend sounds great", "have a good weekend": a weekend after "a" (and
        // words that describe it) is none in particular.
        if item.end - item.start == 1, case .time(.weekend) = item.value {
            var k = item.start - 1
            while k >= 0, item.start - k <= 4, !indefiniteArticles.hasWord(words[k]), isLetters(atoms[k]) || atoms[k].text == "-" || atoms[k].isDigits { k -= 1 }
            if k >= 0, item.start - k <= 4, indefiniteArticles.hasWord(words[k]) { return true }
        }
        // A course's or a plan's own weeks are no calendar week ("Week 3 of the course", "wk 2
        // of the programme"), and a week numbered before a range of days is a week of those
        // days ("exam week 2-6 march").
        if item.start + 3 < atoms.count, weekNumberWords.hasWord(words[item.start]), atoms[item.start + 1].isDigits {
            let next = atoms[item.start + 2].text.lowercased()
            if next == "of" || next == "in", determiners.hasWord(words[item.start + 3]) { return true }
            if next == "-" || next == "to", atoms[item.start + 3].isDigits { return true }
        }
        // A capitalized month or weekday among the people after "with" is a name: "with Jan and
        // Mareike", "w/ Sam and April".
        // (Not before a day number: "with Sam, June 5".)
        if item.start > 0, atoms[item.start].initialCapital, item.end - item.start == 1 || !atoms[item.start + 1].isDigits,
           monthWords.hasWord(words[item.start]) || weekdayWords.hasWord(words[item.start]) {
            let before = item.start - 1
            if attendeeIntros.startsPhrase(words, at: before) || (before >= 1 && attendeeIntros.isPhrase(words, from: before - 1, to: item.start)) {
                return true
            }
            // (After "and", not a comma: "Meet with Tom, Friday at 2".)
            if listJoiners.hasWord(words[before]), atoms[before].text != ",",
               (max(0, before - 4)..<before).contains(where: { attendeeIntros.startsPhrase(words, at: $0) }) {
                return true
            }
        }
        // "Join a March for peace", "an April wedding": a month after "a" is no date.
        if item.end - item.start == 1, item.start > 0, monthWords.hasWord(words[item.start]), indefiniteArticles.hasWord(words[item.start - 1]) {
            return true
        }
        if isInsideCode(item, atoms) || splitsNumberWord(item, atoms, words) { return true }
        if isPlaceAfterAtSign(item, atoms, words) { return true }
        if isHouseNumber(item, atoms, words) { return true }
        if isThingNamedForHoliday(item, atoms, words) { return true }
        // A region's name that starts a place's name is the place: "12pm Central Park", "lunch
        // 12pm Mountain View", "7pm Pacific Heights" (but "9am Central", "9am Central Time").
        let last = item.end - 1
        if item.end < atoms.count, last > item.start, zoneWords.hasWord(words[last]), atoms[last].initialCapital, !atoms[last].capitals,
           atoms[item.end].spaceBefore, isLetters(atoms[item.end]), atoms[item.end].initialCapital, !zoneWords.hasWord(words[item.end]) {
            return true
        }
        // A number cut from its ordinal suffix ("on 5" of "on 5th Ave") is the ordinal's reading.
        if item.end < atoms.count, atoms[item.end - 1].isDigits, !atoms[item.end].spaceBefore,
           ordinalSuffixes.hasWord(words[item.end]) {
            return true
        }
        // Digits glued to a short capitalized name or code are part of it: "The O2", "A4", "F1",
        // "INV-2026-0519" (but "Mon3pm", "Jun3", "at3pm" read).
        if item.start > 0, atoms[item.start].isDigits, !atoms[item.start].spaceBefore {
            var k = item.start - 1
            if k > 0, atoms[k].text == "-", !atoms[k].spaceBefore { k -= 1 }
            let a = atoms[k]
            if isLetters(a), a.initialCapital, a.text.count <= 4, !monthWords.hasWord(words[k]), !weekdayWords.hasWord(words[k]) { return true }
        }
        // "Plumber coming Monday 8am": "coming" after a word that is not a coming-opener is the
        // verb; the time is "Monday 8am".
        if item.start > 0, atoms[item.start].text.lowercased() == "coming", isLetters(atoms[item.start - 1]),
           !comingOpeners.hasWord(words[item.start - 1]), !(item.start > 1 && comingOpeners.startsPhrase(words, at: item.start - 2)) {
            return true
        }
        // "the 5th floor boardroom", "her 30th birthday": an ordinal before a noun it counts.
        if item.end < words.count, ordinalNouns.hasWord(words[item.end]), endsWithOrdinal(item, atoms, words) { return true }
        // "May I …", "May the force be with you" (but "May the 5th").
        if item.end - item.start == 1, item.end < words.count, monthVerbs.hasWord(words[item.start]) {
            if subjectPronouns.hasWord(words[item.end]) || modalFollowers.hasWord(words[item.end]) { return true }
            if item.end + 1 < words.count, determiners.hasWord(words[item.end]), isLetters(atoms[item.end + 1]), !ordinalWords.hasWord(words[item.end + 1]) {
                return true
            }
        }
        guard item.start > 0 else { return false }
        // (A clock time makes it a plan: "I'll take your Monday 7am shift".)
        if greetingWords.hasWord(words[item.start - 1]) {
            guard case .time(let t) = item.value, DateTimeStage.namesClockTime(t) else { return true }
        }
        // Four digits right after another number are the rest of it: "call 555 1234".
        if item.end - item.start == 1, atoms[item.start].isDigits, atoms[item.start - 1].isDigits { return true }
        // "by" between two numbers is a size: "a 2 by 4", "a 10 by 12 rug".
        if item.end - item.start == 2, atoms[item.start].text.lowercased() == "by", atoms[item.start - 1].isDigits, atoms[item.start + 1].isDigits {
            return true
        }
        // A number after "#" names something: "Invoice #2026-0412", "#12".
        if atoms[item.start].isDigits, !atoms[item.start].spaceBefore, atoms[item.start - 1].text == "#" { return true }
        // An amount of money: "$12", "€30".
        guard atoms[item.start].isDigits, !atoms[item.start].spaceBefore else { return false }
        let before = atoms[item.start - 1].text
        return before == "$" || before == "€" || before == "£" || before == "¥"
    }

    /// After "@" a place's name or street address is no time: "@ Daily Bread", "@ 2210 Fulton
    /// St", "@ 7/22 Merthyr Rd". A number (with its "/" or "-") before a capitalized word that
    /// names no time, or a capitalized word before another; "@ 7pm", "@ 3 PM", "@ 10 AEST" and
    /// "@ Friday 8" stay times.
    func isPlaceAfterAtSign(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        // (A possessive is someone's, not a street: "party @ 9 Sam's place".)
        func namePart(_ e: Int) -> Bool {
            e < atoms.count && atoms[e].spaceBefore && isLetters(atoms[e]) && atoms[e].initialCapital && !atoms[e].capitals
                && !monthWords.hasWord(words[e]) && !weekdayWords.hasWord(words[e]) && !meridiems.hasWord(words[e]) && !hasPossessive(after: e, atoms)
        }
        guard atSignWord >= 0 else { return false }
        for j in max(0, item.start - 1)..<(item.end - 1) where words[j] == atSignWord {
            let k = j + 1
            if atoms[k].isDigits {
                var e = k + 1
                while e < atoms.count, !atoms[e].spaceBefore, atoms[e].isDigits || atoms[e].text == "/" || atoms[e].text == "-" { e += 1 }
                if namePart(e) { return true }
            } else if isLetters(atoms[k]), atoms[k].initialCapital, namePart(k + 1) {
                return true
            }
        }
        return false
    }

    /// "'s" typed right after atom `i` ("May's", "sun's").
    func hasPossessive(after i: Int, _ atoms: [Atom]) -> Bool {
        i + 2 < atoms.count && (atoms[i + 1].text == "'" || atoms[i + 1].text == "’") && !atoms[i + 1].spaceBefore
            && atoms[i + 2].text.lowercased() == "s" && !atoms[i + 2].spaceBefore
    }

    /// A lower-case "sat" or "sun" standing alone that is the everyday word, not the weekday:
    /// after an article or possessive ("in the sun"), after a subject ("I sat", "the cat sat
    /// on the mat"), before a possessive ("sun's out") or a word that makes it the verb or the
    /// star ("sat next to Sam", "sun came out"). With a time beside it ("sat 10am") the phrase
    /// is longer and stays a date.
    func isHomographWord(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        let i = item.start
        guard item.end - i == 1, weekdayHomographs.hasWord(words[i]), !atoms[i].initialCapital else { return false }
        if hasPossessive(after: i, atoms) || homographFollowers.startsPhrase(words, at: i + 1) { return true }
        guard i > 0 else { return false }
        if determiners.hasWord(words[i - 1]) || homographSubjects.hasWord(words[i - 1]) { return true }
        // "the cat sat on …": a noun after a determiner, then more words.
        return i > 1 && determiners.hasWord(words[i - 2]) && isLetters(atoms[i - 1]) && i + 1 < atoms.count && isLetters(atoms[i + 1])
    }

    func isLetters(_ a: Atom) -> Bool { a.text.first?.isLetter ?? false }

    /// A phrase that reads the hyphen of a number word as a range ("twenty-five" is no range
    /// from 20:00 to 05:00), or a score as one ("3-0").
    func splitsNumberWord(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        guard case .time(.interval) = item.value else { return false }
        // A range ending in a lone "0" is a score ("3-0"), not until midnight.
        if item.end - item.start >= 3, atoms[item.end - 1].text == "0", atoms[item.end - 2].text == "-" { return true }
        for k in max(item.start, 1)..<max(item.end - 1, item.start) where atoms[k].text == "-" && !atoms[k].spaceBefore && !atoms[k + 1].spaceBefore {
            if tensWords.hasWord(words[k - 1]) && unitWords.hasWord(words[k + 1]) { return true }
        }
        return false
    }

    /// Whether a phrase ends in an ordinal: "5th" (digits and a suffix typed together) or "fifth".
    func endsWithOrdinal(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        let last = item.end - 1
        if ordinalWords.hasWord(words[last]) { return true }
        guard last > item.start, !atoms[last].spaceBefore, atoms[last - 1].isDigits else { return false }
        return ordinalSuffixes.hasWord(words[last])
    }

    /// A phrase inside a code mixing letters and digits ("#ZK9Q2P", "A1B2C3"): a word that
    /// switches between them three times or more is an identifier ("3pm", "mon3pm" switch
    /// fewer times).
    func isInsideCode(_ item: Item, _ atoms: [Atom]) -> Bool {
        let token = atoms[item.start].tokenIndex
        var lo = item.start, hi = item.start
        while lo > 0, atoms[lo - 1].tokenIndex == token { lo -= 1 }
        while hi + 1 < atoms.count, atoms[hi + 1].tokenIndex == token { hi += 1 }
        guard hi - lo >= 3 else { return false }
        // An ISO 8601 timestamp is no code: "2026-05-28T09:30:00Z".
        if (lo...hi).contains(where: { k in atoms[k].text == "T" || atoms[k].text == "t" }) && atoms[lo].isDigits && atoms[lo].text.count == 4 { return false }
        var switches = 0
        for k in lo..<hi where atoms[k].isDigits != atoms[k + 1].isDigits && isLetters(atoms[atoms[k].isDigits ? k + 1 : k]) {
            switches += 1
        }
        return switches >= 3
    }

    /// A phrase ending in a number that measures something: "at 6 kg", "12.53%", or that is
    /// only the whole part of a decimal or ratio ("at 6.5 kilograms": the item saw "at 6";
    /// "our 1:1 to next Wed": "1 to next Wed").
    func isMeasure(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        let first = item.start, last = item.end - 1, next = item.end
        if first >= 2, atoms[first].isDigits, !atoms[first].spaceBefore, isNumberGlue(atoms[first - 1]), atoms[first - 2].isDigits {
            return true
        }
        // A version: "v2.10.3", "V3.1".
        if first >= 1, atoms[first].isDigits, !atoms[first].spaceBefore, atoms[first - 1].text == "v" || atoms[first - 1].text == "V" {
            return true
        }
        guard next < atoms.count else { return false }
        // More digits glued to a phrase ending in a dot: "2.10." of "2.10.3".
        if atoms[last].text == ".", atoms[next].isDigits, !atoms[next].spaceBefore { return true }
        // Thousands: "1,500 people".
        if atoms[last].isDigits, atoms[next].text == ",", !atoms[next].spaceBefore, next + 1 < atoms.count,
           atoms[next + 1].isDigits, !atoms[next + 1].spaceBefore, atoms[next + 1].text.count == 3 {
            return true
        }
        // A letter glued between digits ends a code: "23H2" (Windows 11), "4K2".
        if atoms[next].isDigits, !atoms[next].spaceBefore, !atoms[last].spaceBefore, atoms[last].text.utf8.count == 1, isLetters(atoms[last]) {
            return true
        }
        // ("twenty-five people", "five kids": numbers in words measure too.)
        if !atoms[last].isDigits {
            return measureUnits.hasWord(words[next]) && (numberWords.hasWord(words[last]) || unitWords.hasWord(words[last]))
        }
        if measureUnits.startsPhrase(words, at: next) { return true }
        // A size: "1920x1080", "2x4".
        if atoms[last].isDigits, atoms[next].text.lowercased() == "x" || atoms[next].text == "×", !atoms[next].spaceBefore,
           next + 1 < atoms.count, atoms[next + 1].isDigits, !atoms[next + 1].spaceBefore {
            return true
        }

        // Four digits before what they count: "every day 1000 steps".
        if atoms[last].text.count == 4, countNouns.hasWord(words[next]) { return true }
        // Counting lengths of time: "1 to 2 days", "2 and 4 months" (a phrase that takes the
        // unit, "2 days", is a length, not this).
        if calendarUnits.hasWord(words[next]) { return true }
        // Glued to more digits by ".", ":" or "-" that the phrase did not take: a decimal
        // ("6.5"), a ratio or a one-to-one ("1:1", "16:9"), a count or a phone number ("1-2-3",
        // "555-1234").
        return isNumberGlue(atoms[next]) && next + 1 < atoms.count && atoms[next + 1].isDigits && !atoms[next + 1].spaceBefore
    }

    /// A clock written with a dot whose minutes no one schedules by ("Python 3.12", "pi is about
    /// 3.14", "Room 2.14"): times with a dot are on the five minutes ("7.30", "6.05") unless am/pm
    /// says so ("3.12pm").
    func isOddDottedNumber(_ item: Item, _ atoms: [Atom], _ words: [Int32]) -> Bool {
        let last = item.end - 1
        guard (3...4).contains(item.end - item.start), atoms[last].isDigits, atoms[last].text.count == 2,
              atoms[last - 1].text == ".", !atoms[last - 1].spaceBefore, !atoms[last].spaceBefore, atoms[last - 2].isDigits,
              let minutes = Int(atoms[last].text), minutes % 5 != 0 else { return false }
        if item.end < words.count, meridiems.hasWord(words[item.end]) { return false }
        return true
    }

    /// ".", ":" or "-" typed right after the atom before it, as inside "6.5", "1:1", "555-1234".
    func isNumberGlue(_ a: Atom) -> Bool {
        !a.spaceBefore && (a.text == "." || a.text == ":" || a.text == "-")
    }

    /// Whether a pm cue ("dinner"), else an am cue ("breakfast"), else a cue for both halves
    /// of the day ("train") is among the atoms. Where cues overlap, the longest phrase is the
    /// one said: "airport run" runs at both halves, not in the morning like a "run".
    func cue(in words: [Int32]) -> Resolver.MeridiemCue {
        var pm = false, am = false, either = false, evening = false
        var i = 0
        while i < words.count {
            let p = pmCues.longestPhrase(words, at: i), a = amCues.longestPhrase(words, at: i)
            let e = eitherHalfCues.longestPhrase(words, at: i), g = eveningOrMorningCues.longestPhrase(words, at: i)
            let longest = max(p, a, e, g)
            if longest == 0 { i += 1; continue }
            if p == longest { pm = true } else if a == longest { am = true } else if e == longest { either = true } else { evening = true }
            i += longest
        }
        return pm ? .pm : am ? .am : either ? .either : evening ? .evening : .none
    }

    func scalarRange(_ item: Item, _ chart: ChartParser.Chart) -> Range<Int> {
        chart.atoms[item.start].range.lowerBound..<chart.atoms[item.end - 1].range.upperBound
    }

    func span(for item: Item, field: String, state: ParseState, chart: ChartParser.Chart) -> FieldSpan {
        let r = scalarRange(item, chart)
        return FieldSpan(field: field, range: r, text: state.slice(r), rules: ruleNames(item, chart))
    }

    /// Rule names of a derivation, outermost first.
    /// Whether a rule flagged `after-said` built the item or a phrase inside it.
    func derivationCountsFromSaid(_ item: Item, _ chart: ChartParser.Chart) -> Bool {
        if item.rule >= 0, countsFromSaid[Int(item.rule)] { return true }
        func has(_ index: Int) -> Bool {
            let rule = chart.items[index].rule
            if rule >= 0, countsFromSaid[Int(rule)] { return true }
            return chart.children(ofItemAt: index).contains { has(Int($0)) }
        }
        return chart.children(of: item).contains { has(Int($0)) }
    }

    func ruleNames(_ item: Item, _ chart: ChartParser.Chart) -> [String] {
        var names: [String] = []
        names.reserveCapacity(8)
        if item.rule >= 0 { names.append(ruleNameTable[Int(item.rule)]) }
        // Depth first, children in order (recursion: no stack array to build).
        func add(_ index: Int) {
            let rule = chart.items[index].rule
            if rule >= 0 { names.append(ruleNameTable[Int(rule)]) }
            for c in chart.children(ofItemAt: index) { add(Int(c)) }
        }
        for c in chart.children(of: item) { add(Int(c)) }
        return names
    }
}
