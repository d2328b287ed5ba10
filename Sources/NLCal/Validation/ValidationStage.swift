/// Stage 5: builds the event from what the stages found, applies the defaults, and raises
/// ambiguities with chips where a careful person would ask.
///
/// Defaults: an event with no end lasts the policy's default (60 minutes, elapsed time); a
/// date with no time is all-day (start and end at local midnights, end exclusive). Every
/// `ResolutionNote` becomes an ambiguity whose first chip is the choice already in the event.
///
/// Spans and deadlines as events (`time` keeps the span itself):
/// - A weekend (`time` from Friday 18:00 to Monday) is an all-day event on Saturday and Sunday.
/// - A whole cycle ("this week", "next month", "this year") is an all-day event on its first
///   day that has not passed: today for the current cycle, the first day for a later one.
/// - A deadline ("until 5pm", "before noon", "by Friday", "by eod tomorrow") puts the event on
///   the deadline. A time of day the work runs up to ends the event there, which lasts the
///   stated or default length ("Work until 5pm" → 16:00–17:00); a time something is due by
///   starts it, as "due 5pm" does ("Submit the form by 5pm" → 17:00–18:00). A part of the day
///   counts as its usual time ("by eod" → 17:00); days make an all-day event on the last whole day the deadline leaves
///   ("by Friday", "until Friday" → Friday; "before Friday" → Thursday).
/// - A recurrence's `until` becomes RRULE `UNTIL`: a day is included ("until Friday"), a month
///   or year is not ("until June" ends May 31, "until 2027" ends Dec 31, 2026). All-day events
///   get a DATE, timed ones the end of that last day in UTC.
public final class ValidationStage: Stage {
    public let name = "validation"

    public init() {}

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        let zone = context.zone
        guard let res = state.resolution, var start = res.eventStart ?? res.start ?? res.end else {
            state.ambiguities.append(noTimeAmbiguity(context))
            return
        }
        if state.toldAsPast {
            let said = state.spans.filter { $0.field == "start" }.sorted { $0.range.lowerBound < $1.range.lowerBound }.map(\.text).joined(separator: " … ")
            state.ambiguities.append(noTimeAmbiguity(context, message: "'\(said)' is past. When is it?"))
            return
        }
        if let deadline = res.deadline {
            placeAtDeadline(&state, deadline: deadline, isDay: res.deadlineIsDay, res: res, context: context)
            return
        }
        let dayLike = !res.hasTimeOfDay && res.eventStart == nil
        // The event is set in place (a copy of the draft and its strings, written back, cost more).
        state.event.allDay = dayLike
        var end: Int
        if dayLike {
            // Whole days: from local midnight to the midnight after the last day (a weekend's
            // days start on Saturday, though it is said from Friday evening).
            if let d = res.allDayStart { start = d }
            let s = zone.local(at: start)
            start = zone.instant(of: LocalDateTime(s.date)).instant
            var endLocal = zone.local(at: res.end ?? start)
            if endLocal.seconds != 0 { endLocal = LocalDateTime(endLocal.date.adding(days: 1)) }
            if res.grain > .day && res.kind == .instant {
                // A week as all-day ("Out of office next week") is its days not yet past; a
                // month or longer ("this month") is its first day not yet past: a month-long
                // entry is seldom what is meant.
                let today = zone.local(at: context.now).date
                let first = today > s.date && today < endLocal.date ? today : s.date
                start = zone.instant(of: LocalDateTime(first)).instant
                if res.grain > .week { endLocal = LocalDateTime(first.adding(days: 1)) }
            }
            end = zone.instant(of: endLocal).instant
            if end <= start { end = zone.instant(of: LocalDateTime(s.date.adding(days: 1))).instant }
        } else if res.kind == .interval, let e = res.end, e > start, res.eventStart == nil {
            end = e
        } else if let d = state.duration {
            end = start + Int(d.approximateSeconds.rounded())
        } else {
            end = start + context.policies.defaultDurationMinutes * 60
        }
        if let d = state.duration, res.kind == .instant || res.eventStart != nil, !dayLike {
            end = start + Int(d.approximateSeconds.rounded())
        }
        state.event.start = start
        state.event.end = end
        state.event.recurrence = state.recurrence.map { rrule($0, state: state, allDay: dayLike, context: context) }
        addAmbiguities(&state, res: res, context: context)
        addMonthlyReading(&state, context: context)
    }

    /// "every second Wednesday": every other week (the event), or the second Wednesday of each
    /// month (the chip, starting at its first occurrence at or after now, same time and length).
    func addMonthlyReading(_ state: inout ParseState, context: ParseContext) {
        guard let r = state.recurrence, let n = r.monthlyReading, let code = r.byDay.first,
              let w = (1...7).first(where: { Operators.rruleDay($0) == code }),
              let start = state.event.start, let end = state.event.end, let kept = state.event.recurrence else { return }
        let zone = context.zone
        let local = zone.local(at: start)
        let today = zone.local(at: context.now).date
        var month = CivilDate(today.year, today.month, 1)
        var first: CivilDate?
        for _ in 0..<3 {
            // The nth weekday w of this month.
            let offset = (w - month.weekday + 7) % 7
            let day = month.adding(days: offset + 7 * (n - 1))
            let at = zone.instant(of: LocalDateTime(day, seconds: local.seconds)).instant
            if day.month == month.month, state.event.allDay ? day >= today : at >= context.now { first = day; break }
            month = CivilDate(month.month == 12 ? month.year + 1 : month.year, month.month % 12 + 1, 1)
        }
        guard let day = first else { return }
        let s = zone.instant(of: LocalDateTime(day, seconds: local.seconds)).instant
        let e = state.event.allDay ? zone.instant(of: LocalDateTime(day.adding(days: 1))).instant : s + (end - start)
        var monthly = r
        monthly.freq = "MONTHLY"
        monthly.interval = 1
        monthly.byDay = ["\(n)\(code)"]
        let ordinal = n == 2 ? "2nd" : n == 3 ? "3rd" : "\(n)th"
        let name = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][w - 1]
        let keep: [(String, JSON)] = [("start", .string(zone.iso(start))), ("end", .string(zone.iso(end))), ("recurrence", .string(kept))]
        let other: [(String, JSON)] = [("start", .string(zone.iso(s))), ("end", .string(zone.iso(e))),
                                        ("recurrence", .string(rrule(monthly, state: state, allDay: state.event.allDay, context: context)))]
        state.ambiguities.append(Ambiguity(id: "recurrence", field: "recurrence", message: "Every other \(name), or the \(ordinal) \(name) of each month?",
                                           chips: [Chip(id: "recurrence/every-\(n)-weeks", label: "Every \(n) weeks", patch: keep),
                                                   Chip(id: "recurrence/monthly", label: "\(ordinal) \(name) monthly", patch: other)]))
    }

    /// The event of a deadline (see the type's documentation).
    func placeAtDeadline(_ state: inout ParseState, deadline: Int, isDay: Bool, res: Resolution, context: ParseContext) {
        let zone = context.zone
        var ev = state.event
        if isDay {
            let day = zone.local(at: deadline).date
            ev.allDay = true
            ev.start = zone.instant(of: LocalDateTime(day)).instant
            ev.end = zone.instant(of: LocalDateTime(day.adding(days: 1))).instant
        } else {
            let length = state.duration.map { Int($0.approximateSeconds.rounded()) } ?? context.policies.defaultDurationMinutes * 60
            ev.allDay = false
            let start = res.deadlineIsDue ? deadline : deadline - length
            ev.start = start
            ev.end = start + length
        }
        ev.recurrence = state.recurrence.map { rrule($0, state: state, allDay: isDay, context: context) }
        state.event = ev
        addAmbiguities(&state, res: res, context: context)
    }

    /// The RRULE string: weekdays named with a weekly rule become BYDAY ("fortnightly … on
    /// Friday"), and `until` is resolved to UNTIL.
    /// Whether a time names a day of the year by its month and day ("3/3", "March 3").
    static func namesFixedDate(_ e: TimeExpr) -> Bool {
        switch DateTimeStage.datePart(e) {
        case .numericDate?: return true
        case .fields(let f)?: return f.month != nil && f.day != nil
        default: return false
        }
    }

    func rrule(_ r: Recurrence, state: ParseState, allDay: Bool, context: ParseContext) -> String {
        var r = r
        if r.freq == "WEEKLY", r.byDay.isEmpty, let e = state.timeExpression, let days = ValidationStage.weekdays(in: e) {
            r.byDay = days.map(Operators.rruleDay)
        }
        // A yearly habit on a date said apart ("Mum's birthday 3/3 every year") names its month and
        // day, as "every year on Feb 2" does (not a holiday's: Thanksgiving moves).
        if r.freq == "YEARLY", r.byMonth.isEmpty, r.byMonthDay.isEmpty, r.byDay.isEmpty, let e = state.timeExpression,
           ValidationStage.namesFixedDate(e), let start = state.event.start {
            let d = context.zone.local(at: start).date
            r.byMonth = [d.month]
            r.byMonthDay = [d.day]
        }
        guard let u = r.until else { return r.rrule }
        var resolver = Resolver(context.resolverContext)
        guard let res = resolver.resolve(u), let s = res.start ?? res.end else { return r.rrule }
        let zone = context.zone
        let utc = Zone(identifier: "UTC")!
        func date(_ d: CivilDate) -> String { "\(pad(d.year, 4))\(pad(d.month, 2))\(pad(d.day, 2))" }
        func stamp(_ instant: Int) -> String {
            let t = utc.local(at: instant)
            return date(t.date) + "T\(pad(t.hour, 2))\(pad(t.minute, 2))\(pad(t.second, 2))Z"
        }
        if res.hasTimeOfDay && !allDay { return r.rrule(until: stamp(s)) }
        // A day is included; a month or a year only bounds ("until June" → through May 31).
        let local = zone.local(at: s)
        var lastDay = res.grain <= .day ? local.date : local.date.adding(days: -1)
        // A span runs through its last day: "until the end of the month" is through the
        // 28th/30th/31st, not the day the month's last part starts; "through the end of the
        // year" through December 31.
        if res.kind == .interval, let e = res.end {
            let end = zone.local(at: e)
            lastDay = end.seconds == 0 ? end.date.adding(days: -1) : end.date
        }
        if allDay { return r.rrule(until: date(lastDay)) }
        return r.rrule(until: stamp(zone.instant(of: LocalDateTime(lastDay, hour: 23, minute: 59, second: 59)).instant))
    }

    /// The weekdays a time expression names ("on Friday", "Mon and Wed"), if any.
    static func weekdays(in e: TimeExpr) -> [Int]? {
        switch e {
        case .fields(let f): return f.weekdaySet ?? f.weekday.map { [$0] }
        case .intersect(let a, let b): return weekdays(in: a) ?? weekdays(in: b)
        case .zoned(let inner, _, _), .relative(let inner, _): return weekdays(in: inner)
        // "Tues 2-4pm weekly": the range starts on that day.
        case .interval(let a, _): return weekdays(in: a)
        default: return nil
        }
    }

    func noTimeAmbiguity(_ context: ParseContext, message: String = "No date or time found. When is it?") -> Ambiguity {
        let zone = context.zone
        let today = zone.local(at: context.now).date
        func chip(_ id: String, _ label: String, _ day: CivilDate, _ hour: Int) -> Chip {
            let s = zone.instant(of: LocalDateTime(day, hour: hour)).instant
            return Chip(id: "no-time/\(id)", label: label, patch: [
                ("start", .string(zone.iso(s))),
                ("end", .string(zone.iso(s + context.policies.defaultDurationMinutes * 60))),
                ("allDay", .bool(false)),
            ])
        }
        return Ambiguity(id: "no-time", field: "start", message: message, chips: [
            chip("today-6pm", "Today 6pm", today, 18),
            chip("tomorrow-9am", "Tomorrow 9am", today.adding(days: 1), 9),
            Chip(id: "no-time/pick", label: "Pick…", patch: []),
        ])
    }

    func addAmbiguities(_ state: inout ParseState, res: Resolution, context: ParseContext) {
        let zone = context.zone
        guard let start = state.event.start, let end = state.event.end else { return }
        // Most parses are unambiguous: the chips' shared parts below cost ISO formatting.
        guard !res.notes.isEmpty else { return }
        let length = end - start
        func movePatch(toLocal t: LocalDateTime) -> [(String, JSON)] {
            let s = zone.instant(of: t).instant
            if state.event.allDay {
                let e = zone.instant(of: LocalDateTime(t.date.adding(days: max(1, Int((Double(length) / 86_400).rounded()))))).instant
                return [("start", .string(zone.iso(s))), ("end", .string(zone.iso(e)))]
            }
            return [("start", .string(zone.iso(s))), ("end", .string(zone.iso(s + length)))]
        }
        let keep: [(String, JSON)] = [("start", .string(zone.iso(start))), ("end", .string(zone.iso(end)))]
        func label(_ t: LocalDateTime, allDay: Bool) -> String { Labels.describe(t, allDay: allDay, now: zone.local(at: context.now)) }
        let currentLocal = zone.local(at: start)
        var used: Set<String> = []
        func add(_ kind: String, _ message: String, _ chips: [Chip]) {
            var id = kind
            var n = 2
            while used.contains(id) { id = "\(kind)-\(n)"; n += 1 }
            used.insert(id)
            state.ambiguities.append(Ambiguity(id: id, field: "start", message: message,
                                               chips: chips.map { Chip(id: "\(id)/\($0.id)", label: $0.label, patch: $0.patch) }))
        }
        for note in res.notes {
            switch note {
            case .bareHour(let alt):
                // A habit ("every weekday 10:00", "daily 8:45") is a daytime routine.
                if state.recurrence != nil { continue }
                // The other reading on the same day, as a wall time of our zone (a zoned time's
                // other half of the day may fall on another of our days).
                let target = alt
                add("time-of-day", "Morning or evening?",
                    [Chip(id: "keep", label: label(currentLocal, allDay: false), patch: keep),
                     Chip(id: "other", label: label(target, allDay: false), patch: movePatch(toLocal: target))])
            case .timePassed(let alt):
                // A recurrence simply starts at its next occurrence.
                if state.recurrence != nil { continue }
                add("time-passed", "That time has passed today. Use the next day?",
                    [Chip(id: "next-day", label: label(currentLocal, allDay: false), patch: keep),
                     Chip(id: "today", label: label(alt, allDay: false), patch: movePatch(toLocal: alt))])
            case .datePassed(let alt):
                if state.recurrence != nil { continue }
                add("date-passed", "That date has passed this year. Use next year?",
                    [Chip(id: "next-year", label: label(currentLocal, allDay: state.event.allDay), patch: keep),
                     Chip(id: "this-year", label: label(alt, allDay: state.event.allDay), patch: movePatch(toLocal: alt))])
            case .alternative(let alt):
                add("alternative", "The text offers two times. Which one?",
                    [Chip(id: "first", label: label(currentLocal, allDay: state.event.allDay), patch: keep),
                     Chip(id: "second", label: label(alt, allDay: state.event.allDay), patch: movePatch(toLocal: alt))])
            case .weekdayMismatch(let w, let alt):
                let target = LocalDateTime(alt.date, seconds: currentLocal.seconds)
                let said = Policies.weekdayNames[w - 1].capitalized
                add("weekday-mismatch", "That date is not a \(said). Keep the date or take the \(said)?",
                    [Chip(id: "date", label: label(currentLocal, allDay: state.event.allDay), patch: keep),
                     Chip(id: "weekday", label: label(target, allDay: state.event.allDay), patch: movePatch(toLocal: target))])
            case .sameWeekdayToday(let alt):
                // A habit starts at its first occurrence at or after now, today included: no
                // question, every other week too ("Yoga every other Wednesday" said on one).
                if state.recurrence != nil { continue }
                add("same-weekday", "That weekday is today. Today or next week?",
                    [Chip(id: "today", label: label(currentLocal, allDay: state.event.allDay), patch: keep),
                     Chip(id: "next-week", label: label(LocalDateTime(alt.date, seconds: currentLocal.seconds), allDay: state.event.allDay),
                          patch: movePatch(toLocal: LocalDateTime(alt.date, seconds: currentLocal.seconds)))])
            case .sameWeekdayPassed(let alt):
                add("same-weekday", "That weekday is today, and the time has passed. Next week or today?",
                    [Chip(id: "next-week", label: label(currentLocal, allDay: state.event.allDay), patch: keep),
                     Chip(id: "today", label: label(alt, allDay: state.event.allDay), patch: movePatch(toLocal: alt))])
            case .nextWeekday(let alt):
                let target = LocalDateTime(alt.date, seconds: currentLocal.seconds)
                add("next-weekday", "\"Next\" could mean this coming one or the one after.",
                    [Chip(id: "keep", label: label(currentLocal, allDay: state.event.allDay), patch: keep),
                     Chip(id: "other", label: label(target, allDay: state.event.allDay), patch: movePatch(toLocal: target))])
            case .dateOrder(let alt):
                let target = LocalDateTime(alt.date, seconds: currentLocal.seconds)
                add("date-order", "Is the date day/month or month/day?",
                    [Chip(id: "keep", label: label(currentLocal, allDay: state.event.allDay), patch: keep),
                     Chip(id: "other", label: label(target, allDay: state.event.allDay), patch: movePatch(toLocal: target))])
            case .skippedTime(let local, let gap):
                add("dst-gap", "\(Labels.clock(local)) does not exist that day (clocks go forward); moved forward \(gap / 60) minutes.",
                    [Chip(id: "keep", label: label(currentLocal, allDay: false), patch: keep),
                     Chip(id: "earlier", label: label(local.adding(seconds: -gap), allDay: false), patch: movePatch(toLocal: local.adding(seconds: -gap)))])
            case .repeatedTime(let local, let later):
                add("dst-overlap", "\(Labels.clock(local)) happens twice that day (clocks go back); the first was taken.",
                    [Chip(id: "first", label: "First \(Labels.clock(local)) (\(Zone.formatOffset(zone.offset(at: start))))", patch: keep),
                     Chip(id: "second", label: "Second \(Labels.clock(local)) (\(Zone.formatOffset(zone.offset(at: later))))",
                          patch: [("start", .string(zone.iso(later))), ("end", .string(zone.iso(later + length)))])])
            case .endSkipped(let local, let gap):
                add("dst-gap-end", "The end, \(Labels.clock(local)), does not exist that day (clocks go forward); moved forward \(gap / 60) minutes.",
                    [Chip(id: "keep", label: label(zone.local(at: end), allDay: false), patch: keep),
                     Chip(id: "earlier", label: label(zone.local(at: end - gap), allDay: false), patch: [("start", .string(zone.iso(start))), ("end", .string(zone.iso(end - gap)))])])
            case .endRepeated(let local, let later):
                add("dst-overlap-end", "The end, \(Labels.clock(local)), happens twice that day (clocks go back); the first was taken.",
                    [Chip(id: "first", label: "First \(Labels.clock(local)) (\(Zone.formatOffset(zone.offset(at: end))))", patch: keep),
                     Chip(id: "second", label: "Second \(Labels.clock(local)) (\(Zone.formatOffset(zone.offset(at: later))))",
                          patch: [("start", .string(zone.iso(start))), ("end", .string(zone.iso(later)))])])
            case .midnight(let alt):
                add("midnight", "Midnight at the end of that day, or at its start?",
                    [Chip(id: "end-of-day", label: label(currentLocal, allDay: false), patch: keep),
                     Chip(id: "start-of-day", label: label(alt, allDay: false), patch: movePatch(toLocal: alt))])
            case .zoneAbbreviation(let region):
                add("zone-abbreviation", "The zone abbreviation does not match the season in \(region); read as its local time.",
                    [Chip(id: "keep", label: label(currentLocal, allDay: false), patch: keep)])
            }
        }
    }
}

/// Human labels for chips: "Tomorrow 9:00", "Fri 13 Mar 20:00".
enum Labels {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func clock(_ t: LocalDateTime) -> String { "\(pad(t.hour, 2)):\(pad(t.minute, 2))" }

    static func describe(_ t: LocalDateTime, allDay: Bool, now: LocalDateTime) -> String {
        let diff = t.date.dayNumber - now.date.dayNumber
        var day: String
        switch diff {
        case 0: day = "Today"
        case 1: day = "Tomorrow"
        default:
            day = "\(weekdays[t.date.weekday - 1]) \(t.date.day) \(months[t.date.month - 1])"
            if t.date.year != now.date.year { day += " \(t.date.year)" }
        }
        return allDay ? day : "\(day) \(clock(t))"
    }
}
