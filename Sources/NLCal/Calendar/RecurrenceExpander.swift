/// Turns an RRULE and a first occurrence into the instants the event happens at.
///
/// Expansion follows RFC 5545 §3.3.10 on local dates in the event's zone: each period (a day,
/// a week, a month or a year, stepped by `INTERVAL`) yields the dates its `BY…` parts
/// select (HOURLY and MINUTELY step in elapsed time from `DTSTART` instead, filtered by date), `BYSETPOS` picks among them, and every date gets the first occurrence's wall-clock
/// time. That keeps "every Monday 9:00" at 9:00 across DST; a time that does not exist that
/// day (spring forward) moves forward by the gap, a repeated one takes the first instant.
///
/// `DTSTART` is always the first occurrence and counts toward `COUNT`; dates that do not
/// exist (February 30, a fifth Friday) are skipped, never clamped. `UNTIL` is inclusive.
///
/// ```swift
/// let x = RecurrenceExpander(rule: try RecurrenceRule("FREQ=WEEKLY;BYDAY=MO,WE"), start: t, zone: zone)
/// x.starts(from: t, to: t + 14 * 86_400)  // four instants
/// ```
public struct RecurrenceExpander: Sendable {
    public let rule: RecurrenceRule
    public let start: Int
    public let zone: Zone
    public let allDay: Bool
    /// Periods tried in a row without finding a date before giving up (a rule like
    /// `BYMONTH=2;BYMONTHDAY=30` never matches).
    public var maxEmptyPeriods = 2_000

    public init(rule: RecurrenceRule, start: Int, zone: Zone, allDay: Bool = false) {
        self.rule = rule
        self.start = start
        self.zone = zone
        self.allDay = allDay
    }

    /// Occurrence start instants in `[from, to)`, in order, at most `limit` of them.
    public func starts(from: Int, to: Int, limit: Int = 10_000) -> [Int] {
        var out: [Int] = []
        forEach { t in
            if t >= to { return false }
            if t >= from { out.append(t) }
            return out.count < limit
        }
        return out
    }

    /// The first `n` occurrence starts (for tests and previews).
    public func first(_ n: Int) -> [Int] {
        var out: [Int] = []
        forEach { t in
            out.append(t)
            return out.count < n
        }
        return out
    }

    /// Calls `body` with each occurrence start in order until it returns false or the rule ends.
    public func forEach(_ body: (Int) -> Bool) {
        let first = zone.local(at: start)
        let d0 = first.date
        let timeOfDay = allDay ? 0 : first.seconds
        let untilInstant: Int? = rule.until.map { u in
            switch u {
            case .utc(let t): return t
            case .local(let l): return zone.instant(of: l).instant
            case .date(let d):
                // Through the end of that day, in the event's zone.
                return zone.instant(of: LocalDateTime(d.adding(days: 1))).instant - 1
            }
        }
        var emitted = 0
        func emit(_ t: Int) -> Bool {
            if let u = untilInstant, t > u { return false }
            emitted += 1
            if !body(t) { return false }
            if let c = rule.count, emitted >= c { return false }
            return true
        }
        // DTSTART is the first occurrence whether or not the rule selects it.
        guard emit(start) else { return }
        if let step = rule.frequency.seconds {
            // Within the day (HOURLY, MINUTELY): steps of elapsed time from DTSTART, kept where
            // the local date passes the BY… filters.
            var t = start
            var skipped = 0
            while true {
                t += step * rule.interval
                let d = zone.local(at: t).date
                guard monthOK(d), monthDayOK(d), weekdayOK(d) else {
                    skipped += 1
                    if skipped > maxEmptyPeriods * 1_440 { return }
                    continue
                }
                skipped = 0
                guard emit(t) else { return }
            }
        }
        let times = allDay || rule.byHour.isEmpty ? [timeOfDay] : Set(rule.byHour).sorted().map { $0 * 3600 + timeOfDay % 3600 }
        var empty = 0
        var period = 0
        while true {
            let dates = candidates(period: period, d0: d0)
            period += 1
            if dates.isEmpty {
                empty += 1
                if empty > maxEmptyPeriods { return }
                continue
            }
            empty = 0
            // Each day at DTSTART's time, or at each BYHOUR with DTSTART's minute and second
            // (later hours of DTSTART's own day too).
            for d in dates where d >= d0 {
                for seconds in times {
                    let t = zone.instant(of: LocalDateTime(d, seconds: seconds)).instant
                    if t <= start { continue }
                    guard emit(t) else { return }
                }
            }
        }
    }

    /// The dates period `k` selects, sorted, after BYSETPOS.
    func candidates(period k: Int, d0: CivilDate) -> [CivilDate] {
        let step = k * rule.interval
        var dates: [CivilDate]
        switch rule.frequency {
        case .minutely, .hourly:
            return []  // stepped in elapsed time by `forEach`
        case .daily:
            dates = [d0.adding(days: step)]
            dates = dates.filter { monthOK($0) && monthDayOK($0) && weekdayOK($0) }
        case .weekly:
            let weekStart = d0.startOfWeek(firstWeekday: rule.weekStart).adding(days: 7 * step)
            let days = rule.byDay.isEmpty ? [d0.weekday] : rule.byDay.map(\.weekday)
            dates = (0..<7).map { weekStart.adding(days: $0) }.filter { days.contains($0.weekday) && monthOK($0) }
        case .monthly:
            let first = CivilDate(d0.year, d0.month, 1).adding(months: step)
            guard monthOK(first) else { return [] }
            dates = inMonth(first.year, first.month, defaultDay: d0.day)
        case .yearly:
            let year = d0.year + step
            if !rule.byMonth.isEmpty {
                dates = rule.byMonth.sorted().flatMap { m in
                    inMonth(year, m, defaultDay: d0.day, byDayInMonth: true)
                }
            } else if !rule.byMonthDay.isEmpty {
                dates = (1...12).flatMap { m in inMonth(year, m, defaultDay: d0.day, byDayInMonth: true) }
            } else if !rule.byDay.isEmpty {
                dates = inYearByDay(year)
            } else {
                let d = CivilDate(year, d0.month, d0.day)
                dates = d.isValid ? [d] : []
            }
        }
        dates.sort()
        return setPos(dates)
    }

    /// Dates of one month selected by BYMONTHDAY and BYDAY (ordinals count within the month).
    func inMonth(_ year: Int, _ month: Int, defaultDay: Int, byDayInMonth: Bool = true) -> [CivilDate] {
        let n = CivilDate.daysIn(year: year, month: month)
        let all = (1...n).map { CivilDate(year, month, $0) }
        if rule.byMonthDay.isEmpty && rule.byDay.isEmpty {
            return defaultDay <= n ? [CivilDate(year, month, defaultDay)] : []
        }
        var days = all
        if !rule.byMonthDay.isEmpty {
            let wanted = Set(rule.byMonthDay.compactMap { d -> Int? in
                let v = d > 0 ? d : n + 1 + d
                return (1...n).contains(v) ? v : nil
            })
            days = days.filter { wanted.contains($0.day) }
        }
        if !rule.byDay.isEmpty {
            days = days.filter { matchesByDay($0, within: all) }
        }
        return days
    }

    /// YEARLY with BYDAY and no BYMONTH: ordinals count within the year.
    func inYearByDay(_ year: Int) -> [CivilDate] {
        let first = CivilDate(year, 1, 1)
        let count = CivilDate.isLeap(year) ? 366 : 365
        let all = (0..<count).map { first.adding(days: $0) }
        return all.filter { matchesByDay($0, within: all) }
    }

    /// Whether a date matches a BYDAY entry, ordinals counted within `scope` (sorted days).
    func matchesByDay(_ d: CivilDate, within scope: [CivilDate]) -> Bool {
        rule.byDay.contains { w in
            guard d.weekday == w.weekday else { return false }
            guard let ord = w.ordinal else { return true }
            let same = scope.filter { $0.weekday == w.weekday }
            guard let i = same.firstIndex(of: d) else { return false }
            return ord > 0 ? i == ord - 1 : i == same.count + ord
        }
    }

    func monthOK(_ d: CivilDate) -> Bool { rule.byMonth.isEmpty || rule.byMonth.contains(d.month) }

    func monthDayOK(_ d: CivilDate) -> Bool {
        guard !rule.byMonthDay.isEmpty else { return true }
        let n = CivilDate.daysIn(year: d.year, month: d.month)
        return rule.byMonthDay.contains { $0 > 0 ? $0 == d.day : n + 1 + $0 == d.day }
    }

    func weekdayOK(_ d: CivilDate) -> Bool { rule.byDay.isEmpty || rule.byDay.contains { $0.weekday == d.weekday } }

    func setPos(_ dates: [CivilDate]) -> [CivilDate] {
        guard !rule.bySetPos.isEmpty, !dates.isEmpty else { return dates }
        let picked = rule.bySetPos.compactMap { p -> CivilDate? in
            let i = p > 0 ? p - 1 : dates.count + p
            return dates.indices.contains(i) ? dates[i] : nil
        }
        return Array(Set(picked)).sorted()
    }
}
