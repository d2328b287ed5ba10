/// Operators that build recurrences ("every Monday", "daily at 9:30", "monthly on the 1st").
///
/// A recurrence value carries the RFC 5545 parts and an anchor: the pattern of its first
/// occurrence (resolved like any time, so the first occurrence is on or after now).
extension Operators {
    static let recurrenceOperators: [String: (summary: String, fn: Fn)] = [
        "every": ("a recurrence from a weekday, a list of weekdays, or a day part: every Monday; with 'ordinal', an 'every second Wednesday' that may be monthly", { a in
            guard let t = arg(a, 0)?.time, var r = everyOf(t, interval: arg(a, 1)?.int ?? 1) else { return nil }
            if arg(a, 2)?.textValue == "ordinal", r.freq == "WEEKLY", r.byDay.count == 1 { r.monthlyReading = r.interval }
            return .recurrence(r)
        }),
        "recur": ("a recurrence of a frequency: minutely, hourly, daily, weekly, monthly, yearly; optional INTERVAL", { a in
            guard let f = arg(a, 0)?.textValue?.uppercased(), ["MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"].contains(f) else { return nil }
            var r = Recurrence(freq: f)
            // With nothing else said, the first occurrence is today ("Journal daily"), or for a
            // recurrence within the day, this minute ("Stretch every 2 hours").
            r.anchor = f == "MINUTELY" || f == "HOURLY" ? .cycle(.minute, offset: 0) : .fields(Fields())
            if let n = arg(a, 1)?.int { guard n >= 1 else { return nil }; r.interval = n }
            return .recurrence(r)
        }),
        "weekdays": ("Monday to Friday as a weekly recurrence: every weekday", { _ in
            var r = Recurrence(freq: "WEEKLY")
            r.byDay = ["MO", "TU", "WE", "TH", "FR"]
            var f = Fields()
            f.weekdaySet = [1, 2, 3, 4, 5]
            r.anchor = .fields(f)
            return .recurrence(r)
        }),
        "weekend-days": ("Saturday and Sunday as a weekly recurrence: on weekends", { _ in
            var r = Recurrence(freq: "WEEKLY")
            r.byDay = ["SA", "SU"]
            var f = Fields()
            f.weekdaySet = [6, 7]
            r.anchor = .fields(f)
            return .recurrence(r)
        }),
        "weekday-set": ("weekdays listed in a lexicon value (1 = Monday): MWF = 1 3 5", { a in
            guard let text = arg(a, 0)?.textValue else { return nil }
            let days = text.split(separator: " ").compactMap { Int($0) }
            guard days.count >= 2, days.allSatisfy({ (1...7).contains($0) }) else { return nil }
            var f = Fields()
            f.weekdaySet = Array(Set(days)).sorted()
            return .time(.fields(f))
        }),
        "weekday-list": ("two or more weekdays: Mon and Wed", { a in
            let days = a.compactMap { $0?.time?.fields }.flatMap { f -> [Int] in
                if let w = f.weekday { return [w] }
                return f.weekdaySet ?? []
            }
            guard days.count >= 2 else { return nil }
            var f = Fields()
            f.weekdaySet = Array(Set(days)).sorted()
            return .time(.fields(f))
        }),
        "every-span": ("a weekly recurrence on the weekdays from one to another: every Mon-Fri, each Thursday to Sunday", { a in
            guard let x = arg(a, 0)?.time?.fields?.weekday, let y = arg(a, 1)?.time?.fields?.weekday, x != y else { return nil }
            var f = Fields()
            f.weekdaySet = weekdaySpan(x, y)
            return everyOf(.fields(f), interval: 1).map { .recurrence($0) }
        }),
        "recur-at": ("a recurrence with a time or date it happens at: every Monday + 9am; a length of days from a start ('for 2 weeks starting Monday') starts and limits it", { a in
            guard case .recurrence(let r)? = arg(a, 0), let t = arg(a, 1)?.time else { return nil }
            return recurAt(r, t)
        }),
        "recur-except": ("a daily or weekly recurrence without some weekdays: daily except Fridays", { a in
            guard case .recurrence(var r)? = arg(a, 0), let t = arg(a, 1)?.time, case .fields(let f) = t,
                  let excluded = f.weekdaySet ?? f.weekday.map({ [$0] }) else { return nil }
            let days: [Int]
            switch r.freq {
            case "DAILY" where r.interval == 1: days = Array(1...7)
            case "WEEKLY" where !r.byDay.isEmpty: days = r.byDay.compactMap { code in (1...7).first { rruleDay($0) == code } }
            default: return nil
            }
            let kept = days.filter { !excluded.contains($0) }
            guard !kept.isEmpty, kept.count < days.count else { return nil }
            r.freq = "WEEKLY"
            r.byDay = kept.map(rruleDay)
            // The first occurrence falls on a day that is kept.
            var on = Fields(); on.weekdaySet = kept
            r.anchor = r.anchor.flatMap { intersect($0, .fields(on)) } ?? .fields(on)
            return .recurrence(r)
        }),
        "recur-excluding": ("every day but some weekdays, said apart from the recurrence it narrows: (Daily standup 9:15) except Fridays", { a in
            guard let t = arg(a, 0)?.time, case .fields(let f) = t, let excluded = f.weekdaySet ?? f.weekday.map({ [$0] }) else { return nil }
            let kept = (1...7).filter { !excluded.contains($0) }
            guard !kept.isEmpty, kept.count < 7 else { return nil }
            var r = Recurrence(freq: "WEEKLY")
            r.byDay = kept.map(rruleDay)
            var on = Fields(); on.weekdaySet = kept
            r.anchor = .fields(on)
            r.narrowsOnly = true
            return .recurrence(r)
        }),
        "recur-monthday": ("a monthly recurrence on a day of the month: monthly on the 15th; the word monthly for a new one; -1 for the last day", { a in
            var r: Recurrence
            if arg(a, 1)?.int == -1, arg(a, 0)?.textValue == "monthly" {
                r = Recurrence(freq: "MONTHLY")
                r.byMonthDay = [-1]
                r.anchor = monthEnd
                return .recurrence(r)
            }
            guard let d = arg(a, 1)?.time?.fields?.day else { return nil }
            switch arg(a, 0) {
            case .recurrence(let given)?: r = given
            case let v? where v.textValue == "monthly": r = Recurrence(freq: "MONTHLY")
            default: return nil
            }
            r.freq = "MONTHLY"
            r.byMonthDay = [d]
            var f = Fields(); f.day = d
            r.anchor = r.anchor.flatMap { intersect($0, .fields(f)) } ?? .fields(f)
            return .recurrence(r)
        }),
        "recur-nth-weekday": ("a monthly recurrence on the Nth weekday: second Thursday of every month", { a in
            guard let n = arg(a, 0)?.int, n != 0, n >= -5, n <= 5, let w = arg(a, 1)?.time?.fields?.weekday else { return nil }
            var r = Recurrence(freq: "MONTHLY")
            r.byDay = ["\(n)\(rruleDay(w))"]
            r.anchor = .nth(n, .fields({ var f = Fields(); f.weekday = w; return f }()), in: .cycle(.month, offset: 0))
            return .recurrence(r)
        }),
        "recur-hours": ("a daily or weekly recurrence at two times of day with the same minutes: 8am and 8pm daily (BYHOUR=8,20)", { a in
            guard case .recurrence(var r)? = arg(a, 0), r.freq == "DAILY" || r.freq == "WEEKLY", r.byHour.isEmpty,
                  case .fields(let x)? = arg(a, 1)?.time, case .fields(let y)? = arg(a, 2)?.time,
                  let h1 = x.hour, let h2 = y.hour, h1 != h2, (x.minute ?? 0) == (y.minute ?? 0), !x.hasDate, !y.hasDate else { return nil }
            r.byHour = [h1, h2].sorted()
            var first = x
            first.hour = r.byHour[0]
            first.hourIsAmbiguous = false
            guard let anchor = r.anchor.map({ intersect($0, .fields(first)) }) ?? .fields(first) else { return nil }
            r.anchor = anchor
            return .recurrence(r)
        }),
        "recur-yearly-nth": ("a yearly recurrence on the Nth weekday of a month: every year on the fourth Thursday in November", { a in
            guard let n = arg(a, 0)?.int, n != 0, n >= -5, n <= 5, let w = arg(a, 1)?.time?.fields?.weekday,
                  let m = arg(a, 2)?.time?.fields?.month, arg(a, 2)?.time?.fields?.day == nil else { return nil }
            var r = Recurrence(freq: "YEARLY")
            r.byMonth = [m]
            r.byDay = ["\(n)\(rruleDay(w))"]
            var day = Fields(), month = Fields()
            day.weekday = w
            month.month = m
            r.anchor = .nth(n, .fields(day), in: .fields(month))
            return .recurrence(r)
        }),
        "recur-nth-weekdays": ("a monthly recurrence on two Nth weekdays: every 2nd and 4th Thursday of the month", { a in
            guard let n1 = arg(a, 0)?.int, let n2 = arg(a, 1)?.int, (1...5).contains(n1), (1...5).contains(n2), n1 < n2,
                  let w = arg(a, 2)?.time?.fields?.weekday else { return nil }
            var r = Recurrence(freq: "MONTHLY")
            r.byDay = ["\(n1)\(rruleDay(w))", "\(n2)\(rruleDay(w))"]
            // The first occurrence is the earlier of the two still ahead (see DateTimeStage).
            r.anchor = .nth(n1, .fields({ var f = Fields(); f.weekday = w; return f }()), in: .cycle(.month, offset: 0))
            return .recurrence(r)
        }),
        "recur-yearly-date": ("a yearly recurrence on a date: every year on Feb 2", { a in
            guard let f = arg(a, 0)?.time?.fields, let m = f.month, let d = f.day else { return nil }
            var r = Recurrence(freq: "YEARLY")
            r.byMonth = [m]
            r.byMonthDay = [d]
            r.anchor = .fields(f)
            return .recurrence(r)
        }),
        "recur-count": ("a recurrence limited to N occurrences: for 6 weeks", { a in
            guard case .recurrence(let r)? = arg(a, 0), let d = arg(a, 1)?.duration else { return nil }
            return limited(r, to: d).map { .recurrence($0) }
        }),
        "recur-length": ("a habit at a time of day, each occurrence lasting a length said before it: 1h15 + every Mon 19:00", { a in
            guard case .recurrence(var r)? = arg(a, 0), let d = arg(a, 1)?.duration, d.finestGrain < .day,
                  let anchor = r.anchor, anchor.hasTimeOfDay else { return nil }
            r.anchor = .spanFor(anchor, d)
            return .recurrence(r)
        }),
        "recur-times": ("a recurrence limited to a number of occurrences said as such: for 10 sessions", { a in
            guard case .recurrence(var r)? = arg(a, 0), r.count == nil, r.until == nil, let n = arg(a, 1)?.int, n >= 1 else { return nil }
            r.count = n
            return .recurrence(r)
        }),
        "recur-within": ("a recurrence kept inside this or the next week or month: every day this week, every morning next week", { a in
            guard case .recurrence(var r)? = arg(a, 0), let word = arg(a, 1)?.textValue, let unit = arg(a, 2)?.textValue,
                  let g = Grain(name: unit), g == .week || g == .month else { return nil }
            let offset: Int
            switch word {
            case "this": offset = 0
            case "next": offset = 1
            default: return nil
            }
            // Until the next cycle, which bounds like "until June" (through the cycle's last day);
            // a later cycle also holds the first occurrence.
            r.until = .cycle(g, offset: offset + 1)
            if offset > 0 {
                let cycle = TimeExpr.cycle(g, offset: offset)
                guard let first = r.anchor.map({ intersect($0, cycle) }) ?? cycle else { return nil }
                r.anchor = first
            }
            return .recurrence(r)
        }),
        "recur-until": ("a recurrence that ends at a date: until June", { a in
            guard case .recurrence(var r)? = arg(a, 0), let t = arg(a, 1)?.time else { return nil }
            r.until = t
            return .recurrence(r)
        }),
    ]

    /// The weekdays from `x` to `y` (1 = Monday), wrapping past Sunday ("Thu to Sun"), sorted.
    static func weekdaySpan(_ x: Int, _ y: Int) -> [Int] {
        var days = [x]
        var d = x
        while d != y { d = d % 7 + 1; days.append(d) }
        return days.sorted()
    }

    /// A span of weekdays said beside a weekly habit, as the habit's days: "Mon–Thu 18:00"
    /// (BYDAY=MO,TU,WE,TH), its first occurrence the first of those days ahead.
    static func weeklyDays(_ e: TimeExpr, into r: inout Recurrence) -> TimeExpr? {
        switch e {
        case .interval(.fields(let a), .fields(let b)):
            guard let x = a.weekday, let y = b.weekday, x != y, a.hour == nil, b.hour == nil, !a.hasTimeOfDay, !b.hasTimeOfDay,
                  a.day == nil, b.day == nil else { return nil }
            let days = weekdaySpan(x, y)
            r.byDay = days.map(rruleDay)
            var f = Fields()
            f.weekdaySet = days
            return .fields(f)
        case .intersect(let a, let b):
            if let x = weeklyDays(a, into: &r) { return intersect(x, b) }
            if let y = weeklyDays(b, into: &r) { return intersect(a, y) }
            return nil
        default:
            return nil
        }
    }

    /// A day of the month said beside a monthly habit, as the habit's rule: "the last Friday"
    /// (BYDAY=-1FR), "the second Tuesday" (2TU), "the 1st" (BYMONTHDAY=1), "the last day"
    /// (BYMONTHDAY=-1). Returns the pattern of its first occurrence (this month's, moved on by
    /// the resolution when it has passed), with a time of day said with it kept.
    static func monthlyDay(_ e: TimeExpr, into r: inout Recurrence) -> TimeExpr? {
        let month = TimeExpr.cycle(.month, offset: 0)
        func weekdayOnly(_ t: TimeExpr) -> Int? {
            guard case .fields(let f) = t, let w = f.weekday, f.day == nil, f.month == nil, f.year == nil, f.hour == nil else { return nil }
            return w
        }
        switch e {
        case .relative(let t, let offset) where offset == -1:
            guard let w = weekdayOnly(t) else { return nil }
            r.byDay = ["-1\(rruleDay(w))"]
            return .nth(-1, t, in: month)
        case .nth(let n, let t, in: .cycle(.month, _)):
            if let w = weekdayOnly(t) {
                r.byDay = ["\(n)\(rruleDay(w))"]
            } else if case .cycle(.day, 0) = t {
                r.byMonthDay = [n]
            } else {
                return nil
            }
            return .nth(n, t, in: month)
        case .fields(let f):
            guard let d = f.day, f.month == nil, f.year == nil, f.weekday == nil else { return nil }
            r.byMonthDay = [d]
            return e
        case .intersect(let a, let b):
            if let x = monthlyDay(a, into: &r) { return .intersect(x, b) }
            if let y = monthlyDay(b, into: &r) { return .intersect(a, y) }
            return nil
        default:
            return nil
        }
    }

    static func rruleDay(_ w: Int) -> String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][w - 1] }

    /// "every Monday" → WEEKLY;BYDAY=MO anchored on the next Monday; "every evening" → DAILY.
    static func everyOf(_ t: TimeExpr, interval: Int) -> Recurrence? {
        guard case .fields(let f) = t else { return nil }
        var r: Recurrence
        if let days = f.weekdaySet ?? f.weekday.map({ [$0] }) {
            r = Recurrence(freq: "WEEKLY")
            r.byDay = days.map(rruleDay)
        } else if f.month != nil && f.day != nil {
            r = Recurrence(freq: "YEARLY")
            r.byMonth = [f.month!]
            r.byMonthDay = [f.day!]
        } else if f.day != nil {
            r = Recurrence(freq: "MONTHLY")
            r.byMonthDay = [f.day!]
        } else if f.hasTimeOfDay {
            r = Recurrence(freq: "DAILY")
        } else {
            return nil
        }
        r.interval = interval
        r.anchor = t
        return r
    }
}

extension Recurrence {
    /// The weekdays of a plain daily or weekly recurrence (1 = Monday): every day for DAILY, the
    /// BYDAY days for WEEKLY; nil for anything else (an interval, ordinals, month days).
    var weekdays: [Int]? {
        guard interval == 1, byMonthDay.isEmpty, byMonth.isEmpty else { return nil }
        if freq == "DAILY", byDay.isEmpty { return Array(1...7) }
        guard freq == "WEEKLY", !byDay.isEmpty else { return nil }
        let days = byDay.compactMap { code in (1...7).first { Operators.rruleDay($0) == code } }
        return days.count == byDay.count ? days : nil
    }

    /// Two recurrences said apart in one text, one of them a bare frequency ("Bi-weekly sync
    /// Mondays 2pm", "weekly: Tuesdays at 9"): the frequency lends its interval and limits to
    /// the days of the other. Nil when they say different things.
    func merged(with other: Recurrence) -> Recurrence? {
        // Days said apart narrow each other: "Daily standup 9:15 except Fridays", "every
        // weekday at 8 … but not Wednesday".
        if let mine = weekdays, let theirs = other.weekdays, mine != theirs {
            let both = mine.filter { theirs.contains($0) }
            guard !both.isEmpty else { return nil }
            var r = byDay.isEmpty ? other : self
            r.freq = "WEEKLY"
            r.byDay = both.map(Operators.rruleDay)
            // The first occurrence keeps its time of day, on the days both allow.
            if case .fields(var f)? = r.anchor {
                f.weekday = nil
                f.weekdaySet = both
                r.anchor = .fields(f)
            } else {
                var on = Fields(); on.weekdaySet = both
                r.anchor = r.anchor.flatMap { Operators.intersect($0, .fields(on)) } ?? .fields(on)
            }
            r.count = count ?? other.count
            r.until = until ?? other.until
            r.narrowsOnly = false
            return r
        }
        guard freq == other.freq else { return nil }
        let bare = byDay.isEmpty && byMonthDay.isEmpty && byMonth.isEmpty
        let otherBare = other.byDay.isEmpty && other.byMonthDay.isEmpty && other.byMonth.isEmpty
        guard bare || otherBare else { return nil }
        let (general, detailed) = bare ? (self, other) : (other, self)
        var r = detailed
        r.interval = max(general.interval, detailed.interval)
        r.count = detailed.count ?? general.count
        r.until = detailed.until ?? general.until
        return r
    }
}

extension Value {
    var isRecurrence: Bool { if case .recurrence = self { return true }; return false }
}

extension Operators {
    /// A recurrence limited to the occurrences that fit in a length of days, weeks or months:
    /// daily for 2 weeks is COUNT=14, Mon and Wed for 4 weeks COUNT=8.
    static func limited(_ recurrence: Recurrence, to d: Duration) -> Recurrence? {
        guard let (g, n) = d.parts.first, d.parts.count == 1 else { return nil }
        var r = recurrence
        let unitDays: Double
        switch g {
        case .day: unitDays = 1
        case .week: unitDays = 7
        case .month: unitDays = 30
        default: return nil
        }
        let total = n * unitDays
        let per: Double
        switch r.freq {
        case "DAILY": per = 1
        case "WEEKLY": per = 7 / Double(max(1, r.byDay.count))
        case "MONTHLY": per = 30
        default: return nil
        }
        let count = Int((total / per / Double(r.interval)).rounded())
        guard count >= 1 else { return nil }
        r.count = count
        return r
    }

    /// A recurrence with a time or date it happens at (rule `recur-at`): "every Monday" + "9am";
    /// a length of days from a start ("for 2 weeks starting Monday") starts and limits it; a
    /// time said from a day ("6am starting Jan 2") is each one's time, the day the first's.
    static func recurAt(_ recurrence: Recurrence, _ said: TimeExpr) -> Value? {
        var r = recurrence, t = said
        if case .openInterval(let from?, nil) = t, from.hasTimeOfDay, let day = DateTimeStage.datePart(from),
           let tod = DateTimeStage.timeOfDayPart(from), case .recurrence(let timed)? = recurAt(r, tod) {
            return recurAt(timed, .openInterval(from: day, to: nil))
        }
        // More weekdays after those of a weekly habit continue its list ("every Sun, Mon,
        // Tue"), which another reading takes whole; they are no day it happens at.
        if !r.byDay.isEmpty, case .fields(let f) = t, f.weekday != nil || f.weekdaySet != nil, !f.hasTimeOfDay,
           f.day == nil, f.month == nil, f.year == nil {
            return nil
        }
        // Nor is a span that runs to another day ("Mon Wed Fri 5:45am until 30 June"): the
        // end bounds the habit (recurrence-until).
        if !r.byDay.isEmpty, case .interval(_, let end) = t, DateTimeStage.datePart(end) != nil { return nil }
        if case .spanFor(let start, let d) = t, d.finestGrain >= .day {
            guard let counted = limited(r, to: d) else { return nil }
            r = counted
            // A time of day is when each occurrence happens ("every Thursday 6:30-8pm for 10
            // weeks"); a day is the first one ("for 2 weeks starting Monday").
            if start.hasTimeOfDay {
                t = start
            } else {
                t = .openInterval(from: start, to: nil)
            }
        }
        // A stated first day ("starting March 3", "from Monday"): the first occurrence on or
        // after it, not a day that is both (a Monday that is March 3).
        if case .openInterval(let from?, nil) = t, !from.hasTimeOfDay {
            r.anchor = r.anchor.map { .anchored($0, at: from) } ?? from
            return .recurrence(r)
        }
        // "monthly on the first Monday": the day is the monthly rule.
        if r.freq == "MONTHLY", r.byDay.isEmpty, r.byMonthDay.isEmpty, r.anchor == nil || r.anchor == .fields(Fields()),
           let day = monthlyDay(t, into: &r) {
            r.anchor = day
            return .recurrence(r)
        }
        // "Mon–Thu 18:00-19:30 every week", "daily 9am Mon-Fri": the span of weekdays is the
        // weekly rule (a time of day said before it stays each one's).
        if r.freq == "WEEKLY" || (r.freq == "DAILY" && r.interval == 1), r.byDay.isEmpty, r.byMonthDay.isEmpty,
           r.anchor.map({ DateTimeStage.datePart($0) == nil }) ?? true, let days = weeklyDays(t, into: &r) {
            r.freq = "WEEKLY"
            guard let anchor = r.anchor.map({ intersect($0, days) }) ?? days else { return nil }
            r.anchor = anchor
            return .recurrence(r)
        }
        if let anchor = r.anchor {
            guard let merged = intersect(anchor, t) else { return nil }
            r.anchor = merged
        } else {
            r.anchor = t
        }
        return .recurrence(r)
    }
}
