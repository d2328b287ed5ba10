import Foundation

/// Turns time expressions into concrete times in the context's zone.
///
/// Resolution works in wall-clock time of the zone (so "tomorrow" is a calendar day whatever
/// its length) and converts to instants at the end, where DST gaps and overlaps are handled
/// and reported. Each choice a careful person might question — a time that already passed
/// today, a weekday said on that weekday, a bare hour that could be am or pm, a date order —
/// is recorded as a `ResolutionNote` with the other reading, for validation to turn into chips.
public struct Resolver {
    public struct Context: Sendable {
        public var now: Int
        public var zone: Zone
        public var policies: Policies
        /// Locale for numeric date order ("en-US", "en-GB", "en").
        public var locale: String
        /// Which half of the day a bare hour leans to, from cue words in the text.
        public var meridiemCue: MeridiemCue = .none

        public init(now: Int, zone: Zone, policies: Policies = Policies(), locale: String = "en") {
            self.now = now
            self.zone = zone
            self.policies = policies
            self.locale = locale
        }
    }

    /// What the words around a bare hour say of its half of the day: nothing, morning, evening,
    /// or that both are usual (trains and flights run at both).
    /// `either`: a 7–11 may be either half ("train"); `evening`: a 7 or an 8 may be the evening
    /// too ("pickleball tue 7").
    public enum MeridiemCue: String, Sendable { case none, am, pm, either, evening }

    let ctx: Context
    let ref: LocalDateTime
    private(set) var notes: [ResolutionNote] = []
    /// How deep the resolution is inside a range's start (`chooseHour` reads it).
    private var rangeDepth = 0
    /// Zone for the expression being resolved (a zoned sub-expression switches it).
    private var zone: Zone

    public init(_ ctx: Context) {
        self.ctx = ctx
        self.zone = ctx.zone
        self.ref = ctx.zone.local(at: ctx.now)
    }

    /// A resolved span in wall-clock time of the current zone.
    struct Span {
        var start: LocalDateTime
        var end: LocalDateTime
        var grain: Grain
        var isInterval = false
        var openStart = false
        var openEnd = false
        var defaultStart: LocalDateTime?
        /// For a deadline ("by 5pm", "until Friday", "before noon"): the moment it names
        /// (`deadlineIsDay` false) or the last day it leaves whole (`deadlineIsDay` true).
        var deadline: LocalDateTime?
        var deadlineIsDay = false
        /// The deadline is a moment something is due ("by 5pm"), which its event marks by
        /// starting there; otherwise ("until 5pm", "before noon") the event runs up to it.
        var deadlineIsDue = false
        /// Where the days of a span that starts before them begin: a weekend starts Friday at
        /// 18:00, its days (an all-day event, a time of day said with it) on Saturday.
        var dayStart: LocalDateTime?
        /// The exact instant of `start` when wall time cannot say it: "in 4 hours" across the
        /// hour clocks go back is the second 01:15, which a wall time would read as the first.
        var startInstant: Int?
        /// The same for `end`: "11pm for 3 hours" on the night clocks go back ends at the second
        /// 01:00. Used only while `end` is still the wall time of this instant.
        var endInstant: Int?
    }

    // MARK: Entry point

    public mutating func resolve(_ expr: TimeExpr) -> Resolution? {
        notes = []
        guard let span = span(expr, ref: ref) else { return nil }
        // Outside the years a calendar (and ISO 8601 without extensions) writes: "5000 years ago".
        guard (1...9999).contains(span.start.date.year), (1...9999).contains(span.end.date.year) || span.openEnd else { return nil }
        var r = Resolution(grain: span.grain)
        var (s, sMap) = zone.instant(of: span.start)
        // (Only while `start` is still that instant's wall time: a later step may have moved it.)
        let exactStart = span.startInstant.flatMap { zone.local(at: $0) == span.start ? $0 : nil }
        if let exact = exactStart { (s, sMap) = (exact, .exact) }
        r.start = span.openStart ? nil : s
        note(mapping: sMap, at: span.start, span: span)
        if span.isInterval {
            r.kind = .interval
            var (e, eMap) = zone.instant(of: span.end)
            if let exact = span.endInstant, zone.local(at: exact) == span.end { (e, eMap) = (exact, .exact) }
            r.end = span.openEnd ? nil : e
            // An end on the clock that the night's change skips or repeats is a question too
            // ("Sat 11:30pm-1:30am" on the night clocks go back).
            if !span.openEnd { note(mapping: eMap, at: span.end, span: span, end: true) }
        } else {
            r.kind = .instant
            let (e, _) = zone.instant(of: span.end)
            r.end = exactStart.map { $0 + (span.end.wallSeconds - span.start.wallSeconds) } ?? e
        }
        if let d = span.defaultStart { r.eventStart = zone.instant(of: d).instant }
        if let d = span.dayStart { r.allDayStart = zone.instant(of: d).instant }
        if let d = span.deadline {
            r.deadline = zone.instant(of: d).instant
            r.deadlineIsDay = span.deadlineIsDay
            r.deadlineIsDue = span.deadlineIsDue
        }
        r.hasTimeOfDay = expr.hasTimeOfDay
        r.notes = notes
        return r
    }

    /// A wall time the clocks skip or repeat, of the start or (`end`) of a span on the clock.
    private mutating func note(mapping: Zone.Mapping, at t: LocalDateTime, span: Span, end: Bool = false) {
        guard span.grain < .day || (!end && span.defaultStart != nil) else { return }
        switch mapping {
        case .exact: break
        case .skipped(let gap): notes.append(end ? .endSkipped(local: t, gapSeconds: gap) : .skippedTime(local: t, gapSeconds: gap))
        case .repeated(let later): notes.append(end ? .endRepeated(local: t, laterInstant: later) : .repeatedTime(local: t, laterInstant: later))
        }
    }

    // MARK: Spans

    mutating func span(_ e: TimeExpr, ref: LocalDateTime, window: Span? = nil) -> Span? {
        switch e {
        case .now:
            return Span(start: ref, end: ref.adding(seconds: 1), grain: .second)
        case .day(let offset):
            let d = ref.date.adding(days: offset)
            return daySpan(d)
        case .fields(let f):
            return fields(f, ref: ref, window: window)
        case .cycle(let g, let offset):
            return cycle(g, containing: ref, offset: offset)
        case .shifted(let base, let d):
            return shifted(base, d, ref: ref)
        case .intersect(let a, let b):
            return intersect(a, b, ref: ref, window: window)
        case .relative(let inner, let offset):
            return relative(inner, offset: offset, ref: ref)
        case .nth(let n, let inner, let container):
            return nth(n, inner, in: container, ref: ref)
        case .interval(let a, let b):
            return interval(a, b, ref: ref, window: window)
        case .openInterval(let a, let b):
            if let a {
                guard var s = span(a, ref: ref, window: window) else { return nil }
                s.end = s.start; s.isInterval = true; s.openEnd = true; s.defaultStart = nil; s.dayStart = nil
                return s
            }
            guard let b, var s = span(b, ref: ref, window: window) else { return nil }
            markDeadline(&s, target: b, bound: s.start)
            s.end = s.start; s.start = ref; s.isInterval = true; s.openStart = true; s.defaultStart = nil; s.dayStart = nil
            return s
        case .spanFor(let a, let d):
            guard var s = span(a, ref: ref, window: window) else { return nil }
            let start = s.defaultStart ?? s.start
            s.start = start
            s.end = add(d, to: start)
            // A length of hours and minutes is elapsed time: its end is an instant, which the
            // wall time may not say (a repeated hour).
            if let seconds = d.fixedSeconds {
                s.endInstant = (s.startInstant ?? zone.instant(of: start).instant) + Int(seconds.rounded())
            }
            s.isInterval = true
            s.defaultStart = nil
            s.dayStart = nil
            s.grain = min(s.grain, d.finestGrain)
            return s
        case .holiday(let h):
            return holiday(kept(h), ref: ref, window: window)
        case .zoned(let inner, let id, let abbr):
            return zoned(inner, zoneID: id, abbreviation: abbr, ref: ref)
        case .edge(let inner, let part):
            guard let s = span(inner, ref: ref, window: window) else { return nil }
            return edge(s, part)
        case .numericDate(let a, let b, let year):
            return numericDate(a, b, year: year, ref: ref, window: window)
        case .deadline(let inner, let inclusive):
            guard let s = span(inner, ref: ref, window: window) else { return nil }
            // A time of day is a moment ("by 2pm": until 14:00), and so is a part of the day
            // ("by lunch": until it begins, as the event placed on the deadline says) unless it
            // ends the day ("by EOD": until midnight); a day or longer lasts ("by Friday":
            // until Friday ends) unless the phrase says otherwise ("within 2 weeks").
            let to = inclusive && (!inner.hasTimeOfDay || dayPartOf(inner)?.endsDay == true) ? s.end : s.start
            guard to > ref else { return nil }
            var r = Span(start: ref, end: to, grain: .second, isInterval: true)
            r.deadline = s.deadline
            r.deadlineIsDay = s.deadlineIsDay
            if r.deadline == nil {
                var t = s
                markDeadline(&t, target: inner, bound: to)
                r.deadline = t.deadline
                r.deadlineIsDay = t.deadlineIsDay
            }
            // "by 5pm" says when something is due, as "due 5pm" does; "within 2 hours" is a
            // time to do it in.
            r.deadlineIsDue = inclusive
            return r
        case .cycles(let g, let from, let count):
            guard count >= 1 else { return nil }
            let first = cycle(g, containing: ref, offset: from)
            let last = cycle(g, containing: ref, offset: from + count - 1)
            var span = Span(start: first.start, end: last.end, grain: g, isInterval: true)
            span.startInstant = first.startInstant
            span.endInstant = last.endInstant
            return span
        case .anchored(let inner, let at):
            // A time said as if that far away: from the start of the year (month, week, day) it
            // is in, so "Easter 1 year ago" is last year's Easter and "thanksgiving in a year"
            // next year's, whenever in the year they are said.
            if case .shifted(nil, let d) = at, d.finestGrain >= .day {
                let far = cycle(d.finestGrain, containing: add(d, to: ref), offset: 0)
                return span(inner, ref: far.start, window: window)
            }
            guard let a = span(at, ref: ref, window: nil) else { return nil }
            // What is noted while counting from the anchor ("Saturday" said on a Saturday) is
            // about the anchor, not about now: only the anchor's own notes stay.
            let kept = notes.count
            let r = span(inner, ref: a.start, window: window)
            notes.removeSubrange(kept...)
            return r
        case .containing(let g, let inner):
            guard let s = span(inner, ref: ref, window: window) else { return nil }
            // "The week of October 6th", the 6th a Sunday, names the week that starts that Sunday
            // on a calendar whose weeks start on Sunday: with weeks from Monday, the next one.
            if g == .week, s.grain == .day, ctx.policies.weekStart == 1, s.start.date.weekday == 7 {
                return cycle(g, containing: LocalDateTime(s.start.date.adding(days: 1)), offset: 0)
            }
            return cycle(g, containing: s.start, offset: 0)
        case .weekend:
            return weekend(ref: ref, window: window)
        case .weekendOf(let inner):
            guard let s = span(inner, ref: ref, window: window), s.grain == .day else { return nil }
            return weekend(of: s.start.date)
        case .yearPart(let starts, let offset, let endShift):
            return yearPart(starts, offset: offset, endShift: endShift, ref: window?.start ?? ref)
        case .closest(let n, let inner, let anchor):
            return closest(n, inner, to: anchor, ref: ref)
        }
    }

    /// A weekend: its Saturday and Sunday, which an all-day event takes (`dayStart`), said as the
    /// span from Friday 18:00, when people start calling it the weekend, to Monday 00:00.
    /// The weekend going on (from Saturday, Sunday included) or the next; inside a window, the
    /// first whose Saturday falls in it.
    func weekend(ref: LocalDateTime, window: Span?) -> Span? {
        var sat: CivilDate
        if let w = window {
            sat = w.start.date
            while sat.weekday != 6 { sat = sat.adding(days: 1) }
            guard LocalDateTime(sat) < w.end else { return nil }
        } else {
            sat = ref.date.weekday == 7 ? ref.date.adding(days: -1) : ref.date
            while sat.weekday != 6 { sat = sat.adding(days: 1) }
        }
        return weekendSpan(sat)
    }

    /// The days from a day to the weekend nearest it, both included: a holiday's long weekend.
    /// Monday and Tuesday join the weekend before ("Memorial Day weekend": Saturday to Monday),
    /// Wednesday to Friday the weekend after ("Thanksgiving weekend": Thursday to Sunday), a
    /// Saturday or Sunday is in its own ("Easter weekend": Saturday and Sunday).
    func weekend(of day: CivilDate) -> Span {
        var first = day, last = day
        switch day.weekday {
        case 1, 2: while first.weekday != 6 { first = first.adding(days: -1) }
        case 7: first = day.adding(days: -1)
        default: while last.weekday != 7 { last = last.adding(days: 1) }
        }
        return Span(start: LocalDateTime(first), end: LocalDateTime(last.adding(days: 1)), grain: .day, isInterval: true)
    }

    func weekendSpan(_ saturday: CivilDate) -> Span {
        var s = Span(start: LocalDateTime(saturday.adding(days: -1), hour: 18), end: LocalDateTime(saturday.adding(days: 2)),
                     grain: .hour, isInterval: true)
        s.dayStart = LocalDateTime(saturday)
        return s
    }

    /// The part of the year containing `ref`, of a year split at fixed days (MMDD), moved by
    /// `offset` parts: "this season", "next season"; each ends `endShift` days from the next start.
    func yearPart(_ starts: [Int], offset: Int, endShift: Int, ref: LocalDateTime) -> Span? {
        guard !starts.isEmpty, abs(offset) <= 4 * starts.count else { return nil }
        let y = ref.date.year
        var days: [CivilDate] = []
        for year in (y - 5)...(y + 5) {
            for md in starts { days.append(CivilDate(year, md / 100, md % 100)) }
        }
        guard let i = days.lastIndex(where: { $0 <= ref.date }) else { return nil }
        let j = i + offset
        guard j >= 0, j + 1 < days.count else { return nil }
        return Span(start: LocalDateTime(days[j]), end: LocalDateTime(days[j + 1].adding(days: endShift)), grain: .day, isInterval: true)
    }

    /// The nth occurrence of a time nearest to an anchor, counting those on or after it and
    /// those before it by how far their starts are from the anchor's start (a tie goes to the
    /// later): "the closest Monday to Oct 5th", "the 2nd closest Mon to October fifth".
    mutating func closest(_ n: Int, _ inner: TimeExpr, to anchor: TimeExpr, ref: LocalDateTime) -> Span? {
        guard n >= 1, let a = span(anchor, ref: ref) else { return nil }
        let notesBefore = notes.count
        defer { notes.removeSubrange(notesBefore...) }
        var found: [Span] = []
        var from = a.start
        for _ in 0..<n {
            guard let s = span(inner, ref: from), s.end > from else { break }
            found.append(s)
            from = s.end
        }
        var to = a.start
        for _ in 0..<n {
            guard let s = previous(inner, before: to), s.start < to else { break }
            if !found.contains(where: { $0.start == s.start }) { found.append(s) }
            to = s.start
        }
        func distance(_ s: Span) -> Int { abs(s.start.wallSeconds - a.start.wallSeconds) }
        let ranked = found.sorted { distance($0) != distance($1) ? distance($0) < distance($1) : $0.start > $1.start }
        return n <= ranked.count ? ranked[n - 1] : nil
    }

    /// Where an event said with a deadline sits: at a time of day it ends there ("by 5pm"), a
    /// part of the day counts as its usual time ("by eod" → 17:00), and days make an all-day
    /// event on the last whole day before the bound ("by Friday", "until Friday" → Friday;
    /// "before Friday" → Thursday).
    func markDeadline(_ s: inout Span, target: TimeExpr, bound: LocalDateTime) {
        if let d = s.defaultStart {
            s.deadline = d; s.deadlineIsDay = false
        } else if target.hasTimeOfDay {
            s.deadline = bound; s.deadlineIsDay = false
        } else {
            s.deadline = LocalDateTime(bound.adding(seconds: -1).date); s.deadlineIsDay = true
        }
    }

    func daySpan(_ d: CivilDate) -> Span {
        Span(start: LocalDateTime(d), end: LocalDateTime(d.adding(days: 1)), grain: .day)
    }

    // MARK: Calendar patterns

    /// The first occurrence of a pattern: inside `window` when given, else on or after `ref`
    /// (a day counts while it lasts; a time of day must still be ahead).
    mutating func fields(_ f: Fields, ref: LocalDateTime, window: Span?, future: Bool = true) -> Span? {
        let past = window == nil && ctx.policies.preference == .past && f.year == nil
        let g = f.grain
        // Coarse patterns: months and years.
        if f.day == nil && f.weekday == nil && f.weekdaySet == nil && !f.hasTimeOfDay {
            if f.month == nil {
                // The empty pattern matches any day: the first day of the window, else today.
                guard let y = f.year else { return daySpan(window?.start.date ?? ref.date) }
                return Span(start: LocalDateTime(CivilDate(y, 1, 1)), end: LocalDateTime(CivilDate(y + 1, 1, 1)), grain: .year)
            }
            var m = CivilDate(f.year ?? (window?.start.date.year ?? ref.date.year), f.month!, 1)
            if f.year == nil && window == nil {
                let thisMonth = CivilDate(ref.date.year, ref.date.month, 1)
                if past { if m > thisMonth { m = m.adding(months: -12) } }
                else if m < thisMonth { m = m.adding(months: 12) }
            }
            return Span(start: LocalDateTime(m), end: LocalDateTime(m.adding(months: 1)), grain: .month)
        }
        // A weekday with a month and day but no year ("Sunday, Feb 10"): the year where they
        // agree, the coming one if within a year, else the one just past (it was likely meant).
        if window == nil, f.year == nil, let w = f.weekday, let m = f.month, let d = f.day {
            var future: Int?, past: Int?
            for y in (ref.date.year - 1)...(ref.date.year + 11) {
                let c = CivilDate(y, m, d)
                guard c.isValid, c.weekday == w else { continue }
                if c >= ref.date { if future == nil { future = y } } else { past = y }
            }
            var pick = future ?? past
            if let fy = future, CivilDate(fy, m, d).dayNumber - ref.date.dayNumber > 366, let py = past,
               ref.date.dayNumber - CivilDate(py, m, d).dayNumber <= 366 { pick = py }
            // Agreeing only further away than the date's next two occurrences, the weekday is
            // more likely a slip than the date: the coming date, with the mismatch noted.
            if let y = pick, abs(CivilDate(y, m, d).dayNumber - ref.date.dayNumber) > 731 { pick = nil }
            guard let y = pick else { return dateOverWeekday(f, ref: ref, window: nil, future: true) }
            var g = f
            g.year = y
            return fields(g, ref: ref, window: nil, future: false)
        }
        // A weekday that contradicts a full date ("Tuesday, 20 May 2013", a Monday): the date,
        // with the mismatch noted.
        if let w = f.weekday, let y = f.year, let m = f.month, let d = f.day,
           CivilDate(y, m, d).isValid, CivilDate(y, m, d).weekday != w {
            return dateOverWeekday(f, ref: ref, window: window, future: future)
        }
        // Day patterns, possibly with a time of day: walk the days.
        var day: CivilDate
        var limit: CivilDate
        if let w = window {
            day = w.start.date
            limit = w.end.date
            if w.end.seconds > 0 { limit = limit.adding(days: 1) }
        } else if let y = f.year {
            day = CivilDate(y, f.month ?? 1, 1)
            if y == ref.date.year && f.month == nil && future { day = max(day, ref.date) }
            limit = CivilDate(y + 1, 1, 1)
        } else {
            day = ref.date
            limit = ref.date.adding(days: past ? -3000 : 3000)
        }
        let step = past ? -1 : 1
        var guardCount = 0
        while past ? day >= limit : day < limit {
            guardCount += 1
            if guardCount > 4000 { return nil }
            if let m = f.month, day.month != m {
                // Jump to the first (or last) day of the wanted month.
                if past {
                    day = CivilDate(day.year, day.month, 1).adding(days: -1)
                } else {
                    var next = CivilDate(day.year, m, 1)
                    if next <= day { next = CivilDate(day.year + 1, m, 1) }
                    day = next
                }
                continue
            }
            if let y = f.year, day.year != y { day = day.adding(days: step); continue }
            if let d = f.day, day.day != d { day = day.adding(days: step); continue }
            if let w = f.weekday, day.weekday != w { day = day.adding(days: step); continue }
            if let ws = f.weekdaySet, !ws.contains(day.weekday) { day = day.adding(days: step); continue }
            if let s = onDay(day, f, ref: ref, window: window, checkFuture: window == nil && f.year == nil && !past) {
                if window == nil, !f.hasDate, f.hasTimeOfDay, day > ref.date, f.hour != nil {
                    notes.append(.timePassed(alternative: LocalDateTime(ref.date, seconds: s.start.seconds)))
                }
                // "Choir Wednesday 7pm" said on a Wednesday evening: next week's was taken, but
                // the weekday is today's, which stays a question.
                if window == nil, !past, f.weekday != nil, f.day == nil, f.month == nil, f.weekdaySet == nil,
                   day > ref.date, ref.date.weekday == f.weekday, f.hasTimeOfDay, ctx.policies.sameWeekday == .today {
                    notes.append(.sameWeekdayPassed(alternative: LocalDateTime(ref.date, seconds: s.start.seconds)))
                }
                if window == nil, f.year == nil, f.month != nil, f.day != nil, day.year > ref.date.year {
                    let thisYear = CivilDate(ref.date.year, f.month!, f.day!)
                    // Only a date that passed recently is a question ("17 October" said on the 23rd);
                    // "Jan 7" said in December plainly means the coming one.
                    if thisYear.isValid, ref.date.dayNumber - thisYear.dayNumber < 183 {
                        notes.append(.datePassed(alternative: LocalDateTime(thisYear, seconds: s.start.seconds)))
                    }
                }
                return s
            }
            day = day.adding(days: step)
        }
        _ = g
        return nil
    }

    /// The pattern's time of day on one day, or nil when it has already passed (when checking).
    /// A weekday said on that weekday ("Friday" on a Friday): today, or a week later?
    func sameWeekdayNote(_ day: CivilDate, _ f: Fields, ref: LocalDateTime, checkFuture: Bool) -> ResolutionNote? {
        guard checkFuture, day == ref.date, f.weekday != nil, f.day == nil, f.month == nil else { return nil }
        return .sameWeekdayToday(alternative: LocalDateTime(day.adding(days: 7)))
    }

    mutating func onDay(_ day: CivilDate, _ f: Fields, ref: LocalDateTime, window: Span?, checkFuture: Bool) -> Span? {
        if let h = f.hour {
            var hour = h
            if f.hourIsAmbiguous {
                hour = chooseHour(h, day: day, minute: f.minute ?? 0, ref: ref, checkFuture: checkFuture && window == nil, saidOfNextHour: f.saidOfNextHour,
                                  noDaySaid: window == nil && !f.hasDate && f.minute != 0)
            }
            let start = LocalDateTime(day, hour: hour, minute: f.minute ?? 0, second: f.second ?? 0)
            if checkFuture && start < ref { return nil }
            if let note = sameWeekdayNote(day, f, ref: ref, checkFuture: checkFuture) {
                if ctx.policies.sameWeekday == .nextWeek { return nil }
                notes.append(note)
            }
            // "midnight on Dec 31" is the end of that day, but some mean its start.
            if hour == 24, f.dayPart == nil, f.hasDate || (window.map { $0.grain >= .day } ?? false) {
                notes.append(.midnight(alternative: LocalDateTime(day)))
            }
            // Midnight (24:00) belongs to the day it ends.
            if let w = window, start < w.start || start > w.end || (start == w.end && hour != 24) { return nil }
            return Span(start: start, end: start.adding(seconds: f.grain == .second ? 1 : f.grain == .minute ? 60 : 3600), grain: f.grain)
        }
        if f.hour == nil, f.dayPart == nil, let m = f.minute {
            // Minutes past an hour not said: the first hour of the day that shows them still
            // to come ("see you at twenty past" said at 14:05 → 14:20).
            for h in 0..<24 {
                let start = LocalDateTime(day, hour: h, minute: m)
                if checkFuture && start < ref { continue }
                if let w = window, start < w.start || start >= w.end { continue }
                return Span(start: start, end: start.adding(seconds: 60), grain: .minute)
            }
            return nil
        }
        if let p = f.dayPart {
            let s = LocalDateTime(day, seconds: p.from), e = LocalDateTime(day, seconds: p.to)
            if checkFuture && e <= ref { return nil }
            var span = p.saysDay ? daySpan(day) : Span(start: s, end: e, grain: .hour, isInterval: true)
            span.defaultStart = LocalDateTime(day, seconds: p.defaultStart)
            return span
        }
        if checkFuture && day < ref.date { return nil }
        if let note = sameWeekdayNote(day, f, ref: ref, checkFuture: checkFuture) {
            if ctx.policies.sameWeekday == .nextWeek { return nil }
            notes.append(note)
        }
        return daySpan(day)
    }

    /// Picks am or pm for a bare hour ("at 8"): 1–6 → pm, 12 → noon, 7–11 → am unless a cue word
    /// says evening (dinner, drinks…). Where both halves are usual (a train, a flight; a 7 or an 8
    /// for a game or a rehearsal, played before work or after it), where no cue and no day is
    /// said ("Water the plants at 9"), or the
    /// morning has passed today and the evening has not, a 7–11 hour is noted as ambiguous. A
    /// reading that already passed today is not flipped: the search moves on to the next day
    /// (and notes that).
    mutating func chooseHour(_ h: Int, day: CivilDate, minute: Int, ref: LocalDateTime, checkFuture: Bool, saidOfNextHour: Bool = false, noDaySaid: Bool = false) -> Int {
        let am = h % 12, pm = h % 12 + 12
        if h == 12 { return 12 }
        // ("quarter to seven" is said of seven, a morning hour: 06:45.)
        if (saidOfNextHour ? h + 1 : h) <= 6 { return pm }
        switch ctx.meridiemCue {
        case .am: return am
        case .pm: return pm
        case .none, .either, .evening:
            // With no cue, the evening is a question only when the morning has passed today
            // and the evening has not ("Call at 9" said at 09:15: tomorrow 09:00 or 21:00?).
            let eveningAhead = checkFuture && day == ref.date && LocalDateTime(day, hour: am, minute: minute) < ref && LocalDateTime(day, hour: pm, minute: minute) > ref
            // An hour said with no day and no cue ("Water the plants at 9") may be either half
            // of the day to come.
            // (Not a range's start, "Call 10 till 11", nor a clock with its ":00", "Feed hens 7:00".)
            let noDay = ctx.meridiemCue == .none && noDaySaid && rangeDepth == 0 && checkFuture && LocalDateTime(day, hour: pm, minute: minute) > ref
            let eitherHalf = ctx.meridiemCue == .either || (ctx.meridiemCue == .evening && am <= 8) || noDay
            if eitherHalf || eveningAhead, !notes.contains(where: { if case .bareHour = $0 { return true }; return false }) {
                notes.append(.bareHour(alternative: LocalDateTime(day, hour: pm, minute: minute)))
            }
            return am
        }
    }

    // MARK: Cycles and shifts

    func cycle(_ g: Grain, containing t: LocalDateTime, offset: Int) -> Span {
        let d = t.date
        switch g {
        case .second, .minute, .hour:
            let size = g.fixedSeconds!
            let startSec = (t.wallSeconds / size) * size
            guard offset != 0 else {
                let s = LocalDateTime(wallSeconds: startSec)
                return Span(start: s, end: s.adding(seconds: size), grain: g)
            }
            // Hours away are elapsed ("the last 8 hours" across a clock change): counted on the
            // instants, then read back on the wall.
            let from = zone.instant(of: LocalDateTime(wallSeconds: startSec)).instant + offset * size
            var span = Span(start: zone.local(at: from), end: zone.local(at: from + size), grain: g)
            span.startInstant = from
            span.endInstant = from + size
            return span
        case .day:
            var s = daySpan(d.adding(days: offset)); s.grain = .day
            return s
        case .week:
            let s = d.startOfWeek(firstWeekday: ctx.policies.weekStart).adding(days: 7 * offset)
            return Span(start: LocalDateTime(s), end: LocalDateTime(s.adding(days: 7)), grain: .week)
        case .month:
            let s = CivilDate(d.year, d.month, 1).adding(months: offset)
            return Span(start: LocalDateTime(s), end: LocalDateTime(s.adding(months: 1)), grain: .month)
        case .quarter:
            let q = (d.month - 1) / 3
            let s = CivilDate(d.year, q * 3 + 1, 1).adding(months: 3 * offset)
            return Span(start: LocalDateTime(s), end: LocalDateTime(s.adding(months: 3)), grain: .quarter)
        case .year:
            let s = CivilDate(d.year + offset, 1, 1)
            return Span(start: LocalDateTime(s), end: LocalDateTime(CivilDate(d.year + offset + 1, 1, 1)), grain: .year)
        }
    }

    /// Adds a duration to a wall time: fixed units as elapsed time, days and up on the calendar.
    func add(_ d: Duration, to t: LocalDateTime) -> LocalDateTime {
        var result = t
        var elapsed = 0.0
        for (g, v) in d.parts {
            switch g {
            case .second, .minute, .hour: elapsed += v * Double(g.fixedSeconds!)
            case .day, .week:
                let days = v * (g == .week ? 7 : 1)
                if days == days.rounded() { result = LocalDateTime(result.date.adding(days: Int(days)), seconds: result.seconds) }
                else { elapsed += days * 86_400 }
            case .month, .quarter, .year:
                let months = v * (g == .year ? 12 : g == .quarter ? 3 : 1)
                result = LocalDateTime(result.date.adding(months: Int(months.rounded())), seconds: result.seconds)
            }
        }
        if elapsed != 0 {
            // Elapsed time crosses DST changes as real time.
            let inst = zone.instant(of: result).instant + Int(elapsed.rounded())
            result = zone.local(at: inst)
        }
        return result
    }

    /// "in 3 days", "2 hours ago", "3 days after Easter". From now, the result is as precise as
    /// one unit finer than the duration ("in 2 weeks" → a day, "in a day" → an hour).
    mutating func shifted(_ base: TimeExpr?, _ d: Duration, ref: LocalDateTime) -> Span? {
        if let base {
            let notesBefore = notes.count
            guard var b = span(base, ref: ref) else { return nil }
            if isYearly(base) {
                // A date that comes back each year is counted from the occurrence that puts the
                // result ahead: "a month after Christmas" said on 10 January is this 25 January
                // (from the Christmas just past), "a week before Christmas" said on the 20th of
                // December next year's 18th.
                let kept = notes.count
                if let last = span(base, ref: LocalDateTime(ref.date.adding(months: -12))), last.start < b.start,
                   add(d, to: last.end) > ref {
                    notes.removeSubrange(notesBefore...)
                    b = last
                } else if add(d, to: b.end) <= ref, let following = span(base, ref: b.end), following.start > b.start {
                    notes.removeSubrange(notesBefore...)
                    notes.append(.datePassed(alternative: add(d, to: b.start)))
                    b = following
                } else {
                    notes.removeSubrange(kept...)
                }
            }
            let s = add(d, to: b.start)
            return Span(start: s, end: add(d, to: b.end), grain: b.grain)
        }
        let g = d.finestGrain
        let finer: Grain
        switch g {
        case .second, .minute: finer = .second
        case .hour: finer = .minute
        case .day: finer = .hour
        // Days stay the finest grain for long lengths too: "in a year" is that date next year,
        // which a calendar can put an event on (Duckling says the month).
        case .week, .month, .quarter, .year: finer = .day
        }
        // Hours and minutes from now are elapsed time: count them on the instant, not the wall
        // (days and longer, as in "1d 3hr", move the calendar first).
        var exact: Int?
        let t: LocalDateTime
        if g < .day, ref == self.ref, zone.identifier == ctx.zone.identifier {
            let calendar = Duration(d.parts.filter { $0.key.fixedSeconds == nil })
            let clock = Duration(d.parts.filter { $0.key.fixedSeconds != nil })
            let base = calendar.parts.isEmpty ? ctx.now : zone.instant(of: add(calendar, to: ref)).instant
            let instant = base + Int(clock.fixedSeconds ?? 0)
            exact = instant
            t = zone.local(at: instant)
        } else {
            t = add(d, to: ref)
        }
        var s = cycle(finer, containing: t, offset: 0)
        if finer == .second { s = Span(start: t, end: t.adding(seconds: 1), grain: .second) }
        if let exact { s.startInstant = exact - (t.wallSeconds - s.start.wallSeconds) }
        return s
    }

    /// A date whose weekday was said wrong: the date without it, the nearest day with that
    /// weekday noted as the other reading.
    mutating func dateOverWeekday(_ f: Fields, ref: LocalDateTime, window: Span?, future: Bool) -> Span? {
        guard let w = f.weekday else { return nil }
        var g = f
        g.weekday = nil
        guard let s = fields(g, ref: ref, window: window, future: future) else { return nil }
        notes.append(.weekdayMismatch(weekday: w, alternative: Resolver.nearest(weekday: w, to: s.start)))
        return s
    }

    /// The day with that weekday nearest to a time (the later one on a tie), at the same time of day.
    static func nearest(weekday w: Int, to t: LocalDateTime) -> LocalDateTime {
        let back = (t.date.weekday - w + 7) % 7, ahead = (w - t.date.weekday + 7) % 7
        return LocalDateTime(t.date.adding(days: ahead <= back ? ahead : -back), seconds: t.seconds)
    }

    /// A date said without a year that comes back every year: a holiday, "March 3", "3/5".
    func isYearly(_ e: TimeExpr) -> Bool {
        switch e {
        case .holiday: return true
        case .numericDate(_, _, let year): return year == nil
        case .fields(let f):
            return f.month != nil && f.year == nil && f.weekday == nil && f.weekdaySet == nil && !f.hasTimeOfDay
        default: return false
        }
    }

    // MARK: Composition

    mutating func intersect(_ a: TimeExpr, _ b: TimeExpr, ref: LocalDateTime, window: Span?) -> Span? {
        // A weekday said with a numeric date ("Sat 5/15", "Fri 14/5") checks it: the date is the day.
        for (w, d) in [(a, b), (b, a)] {
            if case .fields(let f) = w, let wd = f.weekday, f.hour == nil, f.dayPart == nil, f.day == nil, f.month == nil, case .numericDate = d {
                guard let s = span(d, ref: ref, window: window), s.start.date.weekday == wd else { return nil }
                return s
            }
        }
        // Resolve the coarser side, then find the finer one inside it.
        // (A weekend is the outer of two days: "Saturday this weekend".)
        let (outer, inner) = a.grain > b.grain || (a.grain == b.grain && !(isWeekend(b) && !isWeekend(a))) ? (a, b) : (b, a)
        guard let o = span(outer, ref: ref, window: window) else { return nil }
        var w = o
        // A time said with a weekend falls on its days ("this weekend at 8pm": Saturday).
        if let d = o.dayStart { w.start = d; w.dayStart = nil }
        // A part of the day narrows the window but an explicit time inside it wins.
        if let d = o.defaultStart, o.isInterval, inner.hasTimeOfDay {
            w.defaultStart = d
        }
        if case .fields(var f) = inner, let p = dayPartOf(outer), let h = f.hour, f.hourIsAmbiguous {
            f = Operators.fitHour(f, h, into: p) ?? f
            return span(.fields(f), ref: ref, window: Span(start: LocalDateTime(o.start.date), end: LocalDateTime(o.start.date.adding(days: 1)), grain: .day))
        }
        let within = span(inner, ref: ref, window: w).flatMap { s -> Span? in
            // The inner time must lie inside the outer one (midnight may close it).
            s.start >= o.start && (s.start < o.end || (s.start == o.end && s.grain < .day)) ? s : nil
        }
        guard var r = within else {
            // A time of day said with a part of day that does not contain it ("tonight at 2"):
            // keep the day, take the time.
            if o.isInterval, o.grain == .hour, inner.hasTimeOfDay {
                let day = Span(start: LocalDateTime(o.start.date), end: LocalDateTime(o.start.date.adding(days: 1)), grain: .day)
                return span(inner, ref: ref, window: day)
            }
            return nil
        }
        if r.defaultStart == nil, o.defaultStart != nil, !inner.hasTimeOfDay { r.defaultStart = o.defaultStart }
        return r
    }

    func isWeekend(_ e: TimeExpr) -> Bool {
        switch e {
        case .weekend: return true
        case .relative(let x, _), .nth(_, let x, _), .anchored(let x, _): return isWeekend(x)
        default: return false
        }
    }

    func dayPartOf(_ e: TimeExpr) -> DayPart? {
        switch e {
        case .fields(let f): return f.hour == nil ? f.dayPart : nil
        case .intersect(let a, let b): return dayPartOf(a) ?? dayPartOf(b)
        default: return nil
        }
    }

    /// "next Tue" (+1), "last Tue" (−1), "this Tue" (0), also for months and holidays.
    mutating func relative(_ inner: TimeExpr, offset: Int, ref: LocalDateTime) -> Span? {
        if offset == 0 { return span(inner, ref: ref) }
        let g = inner.grain
        if case .fields(let f) = inner, f.weekday != nil, f.day == nil, f.month == nil, offset > 0 {
            let firstAfter = ref.date.adding(days: 1)
            let nextWeekStart = ref.date.startOfWeek(firstWeekday: ctx.policies.weekStart).adding(days: 7)
            let a = nthMatch(f, from: firstAfter, n: offset)
            let b = nthMatch(f, from: nextWeekStart, n: offset)
            guard let a, let b else { return nil }
            let (pick, other) = ctx.policies.nextWeekday == .firstAfterToday ? (a, b) : (b, a)
            if pick.start.date != other.start.date {
                notes.append(.nextWeekday(alternative: other.start))
            }
            return pick
        }
        // Step whole cycles of the pattern's grain away from the current one, then find the pattern.
        let unit: Grain = g <= .day ? .day : g
        let current = cycle(unit == .week ? .week : unit, containing: ref, offset: 0)
        if offset > 0 {
            var from = current.end
            var found: Span?
            for i in 0..<offset {
                guard var s = span(inner, ref: from, window: nil) else { return nil }
                // One already going on before today is this one, not the next ("next summer"
                // said in summer, "next weekend" said on a Saturday); so is a weekend starting
                // today ("next weekend" said on a Friday is the one after: the first strictly
                // after today, as "next Tue" is).
                if i == 0, s.start < current.start || (isWeekend(inner) && s.start < current.end) {
                    guard let t = span(inner, ref: s.end, window: nil) else { return nil }
                    s = t
                }
                found = s
                from = s.end
            }
            return found
        } else {
            var to = current.start
            var found: Span?
            for _ in 0..<(-offset) {
                guard let s = previous(inner, before: to) else { return nil }
                found = s
                to = s.start
            }
            return found
        }
    }

    /// The last occurrence of a pattern that starts before `t`.
    mutating func previous(_ e: TimeExpr, before t: LocalDateTime) -> Span? {
        switch e {
        case .fields(let f):
            var saved = self
            saved.notes = []
            var back = ctx
            back.policies.preference = .past
            var r = Resolver(back)
            r.zone = zone
            let res = r.fields(f, ref: LocalDateTime(t.date.adding(days: -1)), window: nil)
            return res.flatMap { $0.start < t ? $0 : r.fields(f, ref: LocalDateTime($0.start.date.adding(days: -1)), window: nil) }
        case .holiday(let named):
            // One that has not ended by t is not over yet ("last summer" said in summer).
            let h = kept(named)
            var y = t.date.year
            while y > t.date.year - 3 {
                if let d = h.starts(in: y).last(where: { holidaySpan(h, $0).end <= t }) { return holidaySpan(h, d) }
                y -= 1
            }
            return nil
        case .weekend:
            // The last weekend over by t: its Monday is t's day or earlier.
            var sat = t.date.adding(days: -2)
            while sat.weekday != 6 { sat = sat.adding(days: -1) }
            return weekendSpan(sat)
        default:
            // Look from a week, a month, then one to three years back, and take the latest
            // occurrence that starts before t.
            let notesBefore = notes.count
            defer { notes.removeSubrange(notesBefore...) }
            var best: Span?
            for days in [7, 31, 366, 731, 1096] {
                let earlier = LocalDateTime(t.date.adding(days: -days))
                if let s = span(e, ref: earlier), s.start < t, best.map({ s.start > $0.start }) ?? true { best = s }
            }
            return best
        }
    }

    func nthMatch(_ f: Fields, from: CivilDate, n: Int) -> Span? {
        var d = from
        var count = 0
        for _ in 0..<(7 * n + 7) {
            if f.weekday == d.weekday {
                count += 1
                if count == n {
                    var s = daySpan(d)
                    if let h = f.hour {
                        let st = LocalDateTime(d, hour: f.hourIsAmbiguous && h <= 6 ? h + 12 : h, minute: f.minute ?? 0)
                        s = Span(start: st, end: st.adding(seconds: 3600), grain: f.grain)
                    }
                    return s
                }
            }
            d = d.adding(days: 1)
        }
        return nil
    }

    /// "the second Tuesday of March", "the last day of October", "the first week of October".
    mutating func nth(_ n: Int, _ inner: TimeExpr, in container: TimeExpr, ref: LocalDateTime) -> Span? {
        guard let c = span(container, ref: ref) else { return nil }
        var matches: [Span] = []
        if case .cycle(let g, _) = inner {
            // Cycles of a grain that lie wholly inside the container: the first week of October
            // is the first that starts in it, its last week the last that ends in it.
            var s = cycle(g, containing: c.start, offset: 0)
            if s.start < c.start { s = cycle(g, containing: s.end, offset: 0) }
            while s.end <= c.end && matches.count < 400 {
                matches.append(s)
                s = cycle(g, containing: s.end, offset: 0)
            }
        } else {
            var from = c.start
            while matches.count < 400, let s = span(inner, ref: from, window: Span(start: from, end: c.end, grain: c.grain)) {
                matches.append(s)
                from = s.end
            }
        }
        let idx = n > 0 ? n - 1 : matches.count + n
        guard idx >= 0, idx < matches.count else { return nil }
        return matches[idx]
    }

    mutating func interval(_ a: TimeExpr, _ b: TimeExpr, ref: LocalDateTime, window: Span?) -> Span? {
        var a = a
        // A year said once at the end is the range's: "10 August - 12 September 2013", and
        // "Dec 20 - Jan 5 2014" starts in 2013.
        if case .fields(var fa) = a, fa.year == nil, let ma = fa.month, case .fields(let fb) = b, let yb = fb.year {
            let startDay = CivilDate(yb, ma, min(fa.day ?? 1, CivilDate.daysIn(year: yb, month: ma)))
            let endDay = CivilDate(yb, fb.month ?? 12, min(fb.day ?? 1, CivilDate.daysIn(year: yb, month: fb.month ?? 12)))
            fa.year = startDay > endDay ? yb - 1 : yb
            a = .fields(fa)
        }
        let beforeStart = notes.count
        rangeDepth += 1
        let first = span(a, ref: ref, window: window)
        rangeDepth -= 1
        guard let s = first else { return nil }
        let startAt = s.defaultStart ?? s.start
        // The end is the first occurrence of b at or after the start; rolling it past the start
        // is expected, not a question for the user.
        var notesBefore = notes.count
        defer { notes.removeSubrange(notesBefore...) }
        var e: Span?
        var b = b
        // A bare end hour takes the reading that first follows the start: "6-8" from 18:00
        // ends at 20:00, not at 08:00 the next day.
        var crossesNoon = false
        if case .fields(var f) = b, f.hourIsAmbiguous, let h = f.hour, !f.hasDate {
            let am = (h % 12) * 3600 + (f.minute ?? 0) * 60
            let next = am > startAt.seconds ? am : am + 12 * 3600 > startAt.seconds ? am + 12 * 3600 : am
            f.hour = next / 3600
            f.hourIsAmbiguous = false
            b = .fields(f)
            // A morning start whose bare end falls after noon ("9-5", "11-2") is a day's
            // span: its start is no question.
            crossesNoon = startAt.seconds < 12 * 3600 && next >= 12 * 3600 && next - 12 * 3600 < startAt.seconds
        }
        if crossesNoon {
            let startNotes = notes[beforeStart..<notesBefore].filter { if case .bareHour = $0 { return false }; return true }
            notes.replaceSubrange(beforeStart..<notesBefore, with: startNotes)
            notesBefore = beforeStart + startNotes.count
        }
        if case .fields(let f) = b, window == nil || b.hasTimeOfDay {
            e = fields(f, ref: startAt, window: nil)
            if e == nil || (b.grain >= .day && e!.start < LocalDateTime(startAt.date)) { e = fields(f, ref: startAt, window: nil) }
        } else if let fromNow = span(b, ref: ref, window: nil), endOf(fromNow, b) > startAt {
            // An end said from today ("the 4th to the 23rd of next month") is read from today,
            // not from the start, when it still follows the start.
            e = fromNow
        } else {
            e = span(b, ref: startAt, window: nil)
        }
        guard let end = e else { return nil }
        let to = endOf(end, b)
        guard to > startAt else { return nil }
        return Span(start: startAt, end: to, grain: min(s.grain, end.grain), isInterval: true)
    }

    /// Where a range ends at its end phrase: after its days ("to Friday" → Saturday 00:00), at
    /// a time of day ("to 5pm" → 17:00).
    func endOf(_ end: Span, _ b: TimeExpr) -> LocalDateTime {
        end.grain >= .day && !b.hasTimeOfDay ? end.end : end.start
    }

    /// A holiday as kept where the user is: the zone's own variant, else its country's (the
    /// locale's region for a zone of no country: "en-GB" in UTC).
    func kept(_ h: Holiday) -> Holiday {
        guard !h.regional.isEmpty else { return h }
        let id = ctx.zone.identifier
        let region = ctx.locale.split(separator: "-").dropFirst().first.map { $0.uppercased() }
        return h.kept(inZone: ZoneCountry.canonical(id), country: ZoneCountry.country(of: id) ?? region)
    }

    /// A holiday's next occurrence: one still going on counts ("Ramadan" said during Ramadan);
    /// inside a window, the one that starts in it.
    mutating func holiday(_ h: Holiday, ref: LocalDateTime, window: Span?) -> Span? {
        if let w = window {
            for y in w.start.date.year...w.end.date.year {
                for d in h.starts(in: y) where LocalDateTime(d) >= w.start && LocalDateTime(d) < w.end {
                    return holidaySpan(h, d)
                }
            }
            return nil
        }
        for y in (ref.date.year - (h.isSpan ? 1 : 0))...(ref.date.year + 2) {
            for d in h.starts(in: y) {
                let s = holidaySpan(h, d)
                if s.end.date > ref.date { return s }
            }
        }
        return nil
    }

    func holidaySpan(_ h: Holiday, _ start: CivilDate) -> Span {
        if let minute = h.timeOfDay {
            // An hour rather than a day (Earth Hour, 20:30–21:30).
            let from = LocalDateTime(start, seconds: minute * 60)
            return Span(start: from, end: from.adding(seconds: h.minutes * 60), grain: .minute, isInterval: true)
        }
        guard h.isSpan else { return daySpan(start) }
        return Span(start: LocalDateTime(start), end: LocalDateTime(h.lastDay(from: start).adding(days: 1)), grain: .day, isInterval: true)
    }

    mutating func zoned(_ inner: TimeExpr, zoneID: String, abbreviation: String?, ref: LocalDateTime) -> Span? {
        guard let other = Zone(identifier: zoneID) else { return nil }
        let saved = zone
        let nowInstant = saved.instant(of: ref).instant
        zone = other
        let otherRef = other.local(at: nowInstant)
        let notesBefore = notes.count
        // A day word is the speaker's: "tmrw 6pm PST" said on Tuesday is Wednesday 18:00 in
        // PST, whichever day it is there now.
        let pinned = DateTimeStage.rewriting(inner) { e in
            guard case .day(let offset) = e else { return nil }
            let d = ref.date.adding(days: offset)
            var f = Fields()
            f.year = d.year; f.month = d.month; f.day = d.day
            return .fields(f)
        }
        let s = span(pinned, ref: otherRef)
        zone = saved
        // Alternatives noted inside are wall times of the other zone: say them in ours. A
        // weekday whose time passed in the other zone was not "today" for the user when their
        // dates differ: no question then ("Call Rafael Thursday 9am NY time" said on a Thursday
        // afternoon in São Paulo still asks).
        let sameDay = ref.date == otherRef.date
        let inner = notes[notesBefore...].filter { if case .sameWeekdayPassed = $0 { return sameDay }; return true }
        notes.replaceSubrange(notesBefore..., with: inner)
        for i in notesBefore..<notes.count {
            notes[i] = notes[i].mapTimes { saved.local(at: other.instant(of: $0).instant) }
        }
        guard var span = s else { return nil }
        let startInstant = other.instant(of: span.start).instant
        var endInstant = other.instant(of: span.end).instant
        if let exact = span.endInstant, other.local(at: exact) == span.end { endInstant = exact }
        if let abbr = abbreviation {
            let isDST = other.isDaylightSaving(at: startInstant)
            if (abbr == "std" && isDST) || (abbr == "dst" && !isDST) {
                notes.append(.zoneAbbreviation(zoneID))
            }
        }
        span.start = saved.local(at: startInstant)
        span.end = saved.local(at: endInstant)
        // The instants are exact: "01:30-05:00" on the night New York falls back is the second
        // 01:30 there, which its wall time alone would read as the first.
        span.startInstant = startInstant
        span.endInstant = endInstant
        span.defaultStart = span.defaultStart.map { saved.local(at: other.instant(of: $0).instant) }
        span.deadline = span.deadline.map { saved.local(at: other.instant(of: $0).instant) }
        return span
    }

    /// The beginning, middle or end of a span, in thirds of a month ("early March" 1–10,
    /// "mid March" 11–20, "late March" 21–end), thirds of a year by months (Jan–Mar, May–Aug,
    /// Sep–Dec), the start and end of a week (Mon–Wed, Fri–Sun) and of a day (morning, 17:00 on).
    func edge(_ s: Span, _ part: EdgePart) -> Span {
        var r = s
        r.isInterval = true
        r.defaultStart = nil
        r.dayStart = nil
        /// Keeps the part of the span: up to `startEnd`, from `middleStart` to `middleEnd`, or
        /// from `endStart`.
        func split(_ startEnd: CivilDate, _ middleStart: CivilDate, _ middleEnd: CivilDate, _ endStart: CivilDate, grain: Grain) {
            switch part {
            case .start: r.end = LocalDateTime(startEnd)
            case .middle: r.start = LocalDateTime(middleStart); r.end = LocalDateTime(middleEnd)
            case .end: r.start = LocalDateTime(endStart)
            }
            r.grain = grain
        }
        let d = s.start.date
        switch s.grain {
        case .month:
            split(CivilDate(d.year, d.month, 11), CivilDate(d.year, d.month, 11), CivilDate(d.year, d.month, 21),
                  CivilDate(d.year, d.month, 21), grain: .day)
        case .year:
            split(CivilDate(d.year, 4, 1), CivilDate(d.year, 5, 1), CivilDate(d.year, 9, 1), CivilDate(d.year, 9, 1), grain: .month)
        case .quarter:
            // A quarter splits in its three months.
            split(d.adding(months: 1), d.adding(months: 1), d.adding(months: 2), d.adding(months: 2), grain: .month)
        case .week:
            split(d.adding(days: 3), d.adding(days: 2), d.adding(days: 4), d.adding(days: 4), grain: .day)
        default:
            // A day (or anything finer, on its day): morning, midday, from 17:00.
            switch part {
            case .start: r.start = LocalDateTime(d); r.end = LocalDateTime(d, hour: 12)
            case .middle: r.start = LocalDateTime(d, hour: 11); r.end = LocalDateTime(d, hour: 14)
            case .end: r.start = LocalDateTime(d, hour: 17); r.end = LocalDateTime(d.adding(days: 1))
            }
            r.grain = .hour
        }
        // An event at the end of a month, quarter or year is on its last day ("Pay rent end of
        // month", "end of year at 5pm"): the span stays the last third, as a time says it.
        if part == .end, [.month, .quarter, .year].contains(s.grain) {
            r.dayStart = LocalDateTime(s.end.date.adding(days: -1))
        }
        return r
    }

    mutating func numericDate(_ a: Int, _ b: Int, year: Int?, ref: LocalDateTime, window: Span?) -> Span? {
        func reading(_ m: Int, _ d: Int) -> Fields? {
            guard (1...12).contains(m), d >= 1, d <= CivilDate.daysIn(year: year ?? 2000, month: m) else { return nil }
            var f = Fields(); f.month = m; f.day = d; f.year = year
            return f
        }
        let mdFirst = reading(a, b), dmFirst = reading(b, a)
        let order = ctx.policies.dateOrder
        let loc = ctx.locale.lowercased()
        var preferMonthFirst: Bool?
        switch order {
        case .monthFirst: preferMonthFirst = true
        case .dayFirst: preferMonthFirst = false
        case .locale:
            if loc == "en-us" || loc.hasSuffix("-us") || loc == "en-ph" || loc == "en-ca" { preferMonthFirst = true }
            else if loc.contains("-") { preferMonthFirst = false }
        }
        switch (mdFirst, dmFirst) {
        case (nil, nil): return nil
        case (let f?, nil), (nil, let f?): return fields(f, ref: ref, window: window)
        case (let md?, let dm?):
            if md == dm { return fields(md, ref: ref, window: window) }
            if let p = preferMonthFirst { return fields(p ? md : dm, ref: ref, window: window) }
            // No order from the locale: the nearest future reading, flagged.
            // Each reading's own notes (a passed date…) only count if that reading is taken.
            let before = notes
            let x = fields(md, ref: ref, window: window)
            let xNotes = Array(notes.dropFirst(before.count))
            notes = before
            let y = fields(dm, ref: ref, window: window)
            let yNotes = Array(notes.dropFirst(before.count))
            notes = before
            guard let x else { notes += yNotes; return y }
            guard let y else { notes += xNotes; return x }
            // (With the year written both are fixed: one already over loses to one ahead,
            // "06/07/2026" said on 20 June is 6 July.)
            func over(_ s: Span) -> Bool { s.end <= ref }
            let xFirst = over(x) != over(y) ? !over(x) : x.start <= y.start
            let (pick, other) = xFirst ? (x, y) : (y, x)
            notes += xFirst ? xNotes : yNotes
            notes.append(.dateOrder(alternative: other.start))
            return pick
        }
    }
}

/// A time found in the text, resolved to instants.
public struct Resolution: Sendable {
    public enum Kind: Sendable { case instant, interval }
    public var kind = Kind.instant
    /// Epoch seconds; nil for the open side of an open interval.
    public var start: Int?
    /// Exclusive end: the end of the grain for an instant, the interval's end otherwise.
    public var end: Int?
    public var grain: Grain
    public var hasTimeOfDay = false
    /// Where an event said with only a part of the day starts ("tonight" → 20:00).
    public var eventStart: Int?
    /// Where an all-day event said with a span that starts before its days starts (a weekend:
    /// Friday 18:00 to Monday, its event Saturday and Sunday).
    public var allDayStart: Int?
    /// For a deadline ("by 5pm", "until Friday"): the instant an event said with it ends at, or
    /// (`deadlineIsDay`) the local midnight starting the day an all-day event takes.
    public var deadline: Int?
    public var deadlineIsDay = false
    /// The deadline is a due moment ("by 5pm"): a timed event starts there instead of ending there.
    public var deadlineIsDue = false
    public var notes: [ResolutionNote] = []
}

/// A choice resolution made that the user may want to change, with the other reading.
public enum ResolutionNote: Sendable, Equatable {
    /// The wall time does not exist (DST gap) and was moved forward.
    case skippedTime(local: LocalDateTime, gapSeconds: Int)
    /// The wall time happens twice (DST overlap); the first was taken.
    case repeatedTime(local: LocalDateTime, laterInstant: Int)
    /// The end's wall time does not exist (DST gap) and was moved forward.
    case endSkipped(local: LocalDateTime, gapSeconds: Int)
    /// The end's wall time happens twice (DST overlap); the first was taken.
    case endRepeated(local: LocalDateTime, laterInstant: Int)
    /// A bare hour could be am or pm; `alternative` is the other reading.
    case bareHour(alternative: LocalDateTime)
    /// A time with no date had already passed today; the next day was taken.
    case timePassed(alternative: LocalDateTime)
    /// "midnight" with a date was read as the end of that day; the alternative is its start.
    case midnight(alternative: LocalDateTime)
    /// A date with no year had already passed this year; next year's was taken.
    case datePassed(alternative: LocalDateTime)
    /// The weekday said is not the date's ("Tuesday, 20 May 2013", a Monday): the date was
    /// taken; the alternative is the nearest day with that weekday.
    case weekdayMismatch(weekday: Int, alternative: LocalDateTime)
    /// A weekday said on that weekday: today was taken; the alternative is a week later.
    case sameWeekdayToday(alternative: LocalDateTime)
    /// A weekday said on that weekday whose time had passed today: next week's was taken; the
    /// alternative is today's, already past.
    case sameWeekdayPassed(alternative: LocalDateTime)
    /// "next <weekday>" has two readings.
    case nextWeekday(alternative: LocalDateTime)
    /// A numeric date could be read month-first or day-first.
    case dateOrder(alternative: LocalDateTime)
    /// A zone abbreviation names standard time but the region is on daylight time (or the reverse).
    case zoneAbbreviation(String)
    /// The text offers another time as a choice ("Saturday or Sunday"): its start.
    case alternative(LocalDateTime)

    /// The same note with its wall times mapped (from another zone's wall time to ours).
    func mapTimes(_ f: (LocalDateTime) -> LocalDateTime) -> ResolutionNote {
        switch self {
        case .skippedTime(let t, let g): return .skippedTime(local: f(t), gapSeconds: g)
        case .repeatedTime(let t, let later): return .repeatedTime(local: f(t), laterInstant: later)
        case .endSkipped(let t, let g): return .endSkipped(local: f(t), gapSeconds: g)
        case .endRepeated(let t, let later): return .endRepeated(local: f(t), laterInstant: later)
        case .bareHour(let t): return .bareHour(alternative: f(t))
        case .timePassed(let t): return .timePassed(alternative: f(t))
        case .midnight(let t): return .midnight(alternative: f(t))
        case .datePassed(let t): return .datePassed(alternative: f(t))
        case .weekdayMismatch(let w, let t): return .weekdayMismatch(weekday: w, alternative: f(t))
        case .sameWeekdayToday(let t): return .sameWeekdayToday(alternative: f(t))
        case .sameWeekdayPassed(let t): return .sameWeekdayPassed(alternative: f(t))
        case .nextWeekday(let t): return .nextWeekday(alternative: f(t))
        case .dateOrder(let t): return .dateOrder(alternative: f(t))
        case .zoneAbbreviation: return self
        case .alternative(let t): return .alternative(f(t))
        }
    }
}
