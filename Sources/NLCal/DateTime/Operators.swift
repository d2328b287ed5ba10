import Synchronization

/// The semantic operators that grammar rules name, each implemented once.
///
/// A rule `rule next-weekday -> time: next <weekday> => relative($2, 1)` calls `relative` with
/// the weekday's value and 1. Operators are pure: they build values and time expressions and
/// never look at the clock; `Resolver` does that later. An operator returns nil to reject a
/// match (a 31st of February, an hour of 25), so a rule only fires when its parts make sense.
public enum Operators {
    typealias Fn = @Sendable ([Value?]) -> Value?

    /// Every operator name a grammar may use, with a one-line description (for `grammar check`).
    public static var catalogue: [(name: String, summary: String)] {
        table.keys.sorted().map { ($0, table[$0]!.summary) }
    }

    static func isKnown(_ name: String) -> Bool { table[name] != nil }

    static func apply(_ name: String, _ args: [Value?]) -> Value? { table[name]?.fn(args) }

    /// The function of a known operator (an unknown name yields a function that rejects every match).
    static func function(_ name: String) -> Fn {
        guard let f = table[name]?.fn else { return { _ in nil } }
        // A phrase built on a date that does not exist is no date either: "31 April 2015",
        // "on June 31 at 3pm" stay invalid as a whole, so no shorter reading ("April 2015") wins.
        return { args in
            for arg in args { if case .invalidDate? = arg { return arg } }
            return f(args)
        }
    }

    /// All operators: the time operators here plus the families defined in other files
    /// (recurrence, …). Each family is a dictionary; names must not repeat across families.
    static let table: [String: (summary: String, fn: Fn)] = timeOperators.merging(recurrenceOperators) { a, _ in a }

    private static let timeOperators: [String: (summary: String, fn: Fn)] = [
        // Values
        "pass": ("the value of its argument, unchanged", { a in a.first ?? nil }),
        "number": ("a number from a number word or digits", { a in
            guard let v = a.first??.number else { return nil }
            return .number(v, digits: 0)
        }),
        "sum": ("the sum of numbers: twenty + one", { a in
            let ns = a.compactMap { $0?.number }
            guard ns.count == a.compactMap({ $0 }).count, !ns.isEmpty else { return nil }
            return .number(ns.reduce(0, +), digits: 0)
        }),
        "product": ("the product of numbers: two × hundred", { a in
            let ns = a.compactMap { $0?.number }
            guard ns.count >= 2 else { return nil }
            return .number(ns.reduce(1, *), digits: 0)
        }),
        "decimal": ("whole.fraction: 2.5", { a in
            guard let w = a.first??.int, a.count > 1, case .number(let f, let digits)? = a[1], digits > 0 else { return nil }
            return .number(Double(w) + f / pow10(digits), digits: 0)
        }),
        "fraction": ("numerator / denominator: 1/4", { a in
            guard let n = arg(a, 0)?.number, let d = arg(a, 1)?.number, d != 0 else { return nil }
            return .number(n / d, digits: 0)
        }),
        "ordinal": ("a number used as an ordinal (1st, second)", { a in
            guard let v = arg(a, 0)?.int, v >= 1 else { return nil }
            return .number(Double(v), digits: 0)
        }),

        // Times of day
        "clock": ("hour[, minute[, second[, am|pm]]] on a clock", { a in
            guard case .number(let h, let hDigits)? = arg(a, 0), h == h.rounded(), h >= 0, h <= 24 else { return nil }
            var f = Fields()
            f.hour = Int(h)
            if let mv = arg(a, 1) { guard let m = mv.int, m >= 0, m <= 59 else { return nil }; f.minute = m }
            if let s = arg(a, 2)?.int { guard s >= 0, s < 60 else { return nil }; f.second = s }
            // 24:00 is the end of a day; "24:10" is no clock time (a lap or a race time).
            if Int(h) == 24, (f.minute ?? 0) != 0 || (f.second ?? 0) != 0 { return nil }
            if let mer = arg(a, 3)?.textValue {
                return applyMeridiem(f, mer).map { .time(.fields($0)) }
            }
            if Int(h) == 24 { f.hour = 0 }
            // "09:45" and "19:30" are 24-hour times; "9:45" could be morning or evening.
            f.hourIsAmbiguous = Int(h) >= 1 && Int(h) <= 12 && !(hDigits == 2 && h < 10)
            return .time(.fields(f))
        }),
        "meridiem": ("a time of day (or an hour as a number) with am or pm: 3 + pm", { a in
            var hour = Fields()
            if let h = arg(a, 0)?.int, (0...12).contains(h) { hour.hour = h }
            guard let f = arg(a, 0)?.time?.fields ?? (hour.hour != nil ? hour : nil), let mer = arg(a, 1)?.textValue else { return nil }
            return applyMeridiem(f, mer).map { .time(.fields($0)) }
        }),
        "minutes-past": ("minutes after an hour: quarter past 4; with a 3rd argument 'round', only round minutes after a 12-hour clock hour", { a in
            guard let m = arg(a, 0)?.int, m > 0, m < 60, var f = arg(a, 1)?.time?.fields, let h = f.hour, (f.minute ?? 0) == 0 else { return nil }
            if arg(a, 2)?.textValue == "round" { guard m % 5 == 0, f.hourIsAmbiguous || h == 12 || h == 24 else { return nil } }
            // ("five past midnight": after the midnight that ends the day, 00:05.)
            if h == 24 { f.hour = 0 }
            f.minute = m
            return .time(.fields(f))
        }),
        "minutes-to": ("minutes before an hour: quarter to 9; with a 3rd argument 'round', only round minutes before a 12-hour clock hour (10 to 3, not 13 to 15)", { a in
            guard let m = arg(a, 0)?.int, m > 0, m < 60, var f = arg(a, 1)?.time?.fields, let h = f.hour, (f.minute ?? 0) == 0 else { return nil }
            if arg(a, 2)?.textValue == "round" { guard m % 5 == 0, f.hourIsAmbiguous || h == 12 else { return nil } }
            f.hour = (h + 23) % 24
            if f.hourIsAmbiguous && f.hour == 0 { f.hour = 12 }
            f.saidOfNextHour = f.hourIsAmbiguous
            f.minute = 60 - m
            return .time(.fields(f))
        }),
        "minute-of-hour": ("minutes past an hour not said, the next time the clock shows them: twenty past, half past (N in 5…55, a multiple of 5)", { a in
            guard let m = arg(a, 0)?.int, (5...55).contains(m), m % 5 == 0 else { return nil }
            var f = Fields()
            f.minute = m
            return .time(.fields(f))
        }),
        "time-of-day": ("a named time of day: noon = 12:00", { a in
            guard let t = arg(a, 0)?.textValue, let secs = parseHHMM(t) else { return nil }
            var f = Fields()
            f.hour = secs / 3600
            f.minute = secs / 60 % 60
            return .time(.fields(f))
        }),
        "day-part": ("a part of the day from its lexicon value FROM-TO@DEFAULT (hours); with `tonight`, today's; with `yesterday`, yesterday's", { a in
            guard let t = arg(a, 0)?.textValue, let p = dayPart(t) else { return nil }
            var f = Fields()
            f.dayPart = p
            if arg(a, 1)?.textValue == "tonight" { return .time(.intersect(.day(offset: 0), .fields(f))) }
            if arg(a, 1)?.textValue == "yesterday" { return .time(.intersect(.day(offset: -1), .fields(f))) }
            return .time(.fields(f))
        }),
        "day-part-of": ("a part of a day named around the day: DATE + FROM-TO@DEFAULT (early tomorrow morning)", { a in
            guard let d = arg(a, 0)?.time, let t = arg(a, 1)?.textValue, let p = dayPart(t) else { return nil }
            var f = Fields()
            f.dayPart = p
            return checked(intersect(d, .fields(f)))
        }),
        "edge-of-cycle": ("a part of the current UNIT: EOM = (month, end), BOY = (year, start)", { a in
            guard let g = arg(a, 0).flatMap(grainOf), let w = arg(a, 1)?.textValue, let part = EdgePart(rawValue: w) else { return nil }
            return .time(.edge(.cycle(g, offset: 0), part))
        }),
        "cycle-edge": ("a part of the current UNIT from a lexicon value UNIT:PART: BOY = year:start", { a in
            guard let t = arg(a, 0)?.textValue, let colon = t.firstIndex(of: ":"),
                  let g = Grain(name: String(t[..<colon])), let part = EdgePart(rawValue: String(t[t.index(after: colon)...])) else { return nil }
            return .time(.edge(.cycle(g, offset: 0), part))
        }),
        "from-now": ("an interval open at the end, from now: ASAP", { _ in
            .time(.openInterval(from: .now, to: nil))
        }),
        "after-duration": ("an interval open at the end, from a duration after now: after 5 days", { a in
            guard let d = arg(a, 0)?.duration else { return nil }
            return .time(.openInterval(from: .shifted(nil, d), to: nil))
        }),
        "weekend": ("a weekend: from Friday 18:00 to Monday; an all-day event takes Saturday and Sunday", { _ in
            .time(.weekend)
        }),
        "weekend-of": ("the weekend a day belongs to, with the day: Thanksgiving weekend (Thu–Sun), Memorial Day weekend (Sat–Mon)", { a in
            guard let t = arg(a, 0)?.time, t.grain == .day, !t.hasTimeOfDay else { return nil }
            return .time(.weekendOf(t))
        }),
        "year-part": ("the part of a year split at fixed days (a lexicon value 'MM-DD MM-DD … [end:-N]') containing today, moved by N parts: this season (0), next season (1)", { a in
            guard let t = arg(a, 0)?.textValue, let n = arg(a, 1)?.int, let parts = parseYearParts(t) else { return nil }
            return .time(.yearPart(starts: parts.starts, offset: n, endShift: parts.endShift))
        }),
        "closest": ("the Nth (default 1st) occurrence of a time nearest another: the closest Monday to Oct 5th, the 3rd closest xmas to today", { a in
            let n = arg(a, 0)?.int ?? 1
            guard n >= 1, n <= 20, let t = arg(a, 1)?.time, let anchor = arg(a, 2)?.time else { return nil }
            return .time(.closest(n, t, to: anchor))
        }),
        "rest-of": ("from today to the end of the current UNIT, as days: rest of the week", { a in
            guard let g = arg(a, 0).flatMap(grainOf), g > .day else { return nil }
            return .time(.interval(.day(offset: 0), .nth(-1, .cycle(.day, offset: 0), in: .cycle(g, offset: 0))))
        }),

        // Dates
        "weekday": ("a day of the week (1 = Monday)", { a in
            guard let w = arg(a, 0)?.int, (1...7).contains(w) else { return nil }
            var f = Fields(); f.weekday = w
            return .time(.fields(f))
        }),
        "month": ("a month (1–12)", { a in
            guard let m = arg(a, 0)?.int, (1...12).contains(m) else { return nil }
            var f = Fields(); f.month = m
            return .time(.fields(f))
        }),
        "day-of-month": ("a day of the month (1–31)", { a in
            guard let d = arg(a, 0)?.int, (1...31).contains(d) else { return nil }
            var f = Fields(); f.day = d
            return .time(.fields(f))
        }),
        "dom-range": ("days of the month from one to another: 24th-28th", { a in
            guard let x = arg(a, 0)?.int, let y = arg(a, 1)?.int, (1...31).contains(x), (1...31).contains(y), x < y else { return nil }
            var f = Fields(); f.day = x
            var g = Fields(); g.day = y
            return .time(.interval(.fields(f), .fields(g)))
        }),
        "with-day": ("a day pattern on a day of the month: Thu + 15th", { a in
            guard let t = arg(a, 0)?.time, let d = arg(a, 1)?.int, (1...31).contains(d) else { return nil }
            var f = Fields(); f.day = d
            return intersect(t, .fields(f)).map { .time($0) }
        }),
        "with-year": ("a date in a given year: March 3 + 2015; with 'no-range', not a range (a year after a clock time belongs to its date)", { a in
            guard let t = arg(a, 0)?.time, let yv = arg(a, 1), let y = fullYear(yv) else { return nil }
            if arg(a, 2)?.textValue == "no-range", holdsRange(t) { return nil }
            // A weekday alone takes no year: "Tuesday, 10 January" is no Tuesday of 2010.
            if case .fields(let w) = t, w.month == nil, w.day == nil { return nil }
            var f = Fields(); f.year = y
            return checked(intersect(t, .fields(f)))
        }),
        "year-month": ("a month of a year: 2014-10, 2/2013", { a in
            guard let yv = arg(a, 0), let y = fullYear(yv), let m = arg(a, 1)?.int, (1...12).contains(m) else { return nil }
            var f = Fields(); f.year = y; f.month = m
            return .time(.fields(f))
        }),
        "era-year": ("a year with its era written (14 AD): taken as written, no century guessed", { a in
            guard let y = arg(a, 0)?.int, y >= 1, y <= 9999 else { return nil }
            var f = Fields(); f.year = y
            return .time(.fields(f))
        }),
        "spoken-year": ("a year said in pairs: twenty + twenty-seven = 2027", { a in
            guard let hi = arg(a, 0)?.int, let lo = arg(a, 1)?.int, (19...20).contains(hi), (10...99).contains(lo) else { return nil }
            return .number(Double(hi * 100 + lo), digits: 4)
        }),
        "year": ("a year; two digits read as 19xx/20xx", { a in
            guard let y = arg(a, 0).flatMap(fullYear) else { return nil }
            var f = Fields(); f.year = y
            return .time(.fields(f))
        }),
        "date": ("month, day[, year]; a day past the month's end is an invalid date", { a in
            guard let m = arg(a, 0)?.int, let d = arg(a, 1)?.int, (1...12).contains(m), (1...31).contains(d) else { return nil }
            if let why = invalidDay(m, d, year: nil) { return .invalidDate(why) }
            var f = Fields(); f.month = m; f.day = d
            if let yv = arg(a, 2) {
                guard let y = fullYear(yv) else { return nil }
                if let why = invalidDay(m, d, year: y) { return .invalidDate(why) }
                f.year = y
            }
            return .time(.fields(f))
        }),
        "numeric-date": ("a/b[/year] whose order follows the locale; invalid when neither order is a date", { a in
            guard let x = arg(a, 0)?.int, let y = arg(a, 1)?.int, x >= 1, y >= 1, x <= 31, y <= 31 else { return nil }
            var year: Int?
            if let yv = arg(a, 2) { guard let full = fullYear(yv) else { return nil }; year = full }
            // Neither part a month: with a year it is a bad date ("13/31/2018"); without, no date.
            guard x <= 12 || y <= 12 else { return year == nil ? nil : .invalidDate("no month \(min(x, y))") }
            // "2/30", "4/31/2026", "2/29/2014": no order makes a date.
            let monthFirst = x <= 12 ? invalidDay(x, y, year: year) : "no month \(x)"
            let dayFirst = y <= 12 ? invalidDay(y, x, year: year) : "no month \(y)"
            if let why = monthFirst, dayFirst != nil { return .invalidDate(x <= 12 ? why : dayFirst!) }
            return .time(.numericDate(first: x, second: y, year: year))
        }),
        // Why: "10-14" and "9-17" are ranges of hours on a 24-hour clock, and whoever writes
        // "15" for 3pm writes "14" for 2pm, not "2". So "2-15" read as hours would start at
        // 02:00, and "8-23" would run 15 hours: neither is a plausible event, both are dates.
        "dash-date": ("a-b read as a date only where hours a:00–b:00 on a 24-hour clock would start before 7:00 or run over 12 hours (2-15, 8-23; not 10-14)", { a in
            guard let x = arg(a, 0)?.int, let y = arg(a, 1)?.int, (1...12).contains(x), (13...31).contains(y), x < 7 || y - x > 12 else { return nil }
            return .time(.numericDate(first: x, second: y, year: nil))
        }),
        "dash-date-dm": ("day-month with a dash, the day over 12 and the month written with its zero: 27-04", { a in
            guard case .number(let m, let digits)? = arg(a, 1), digits == 2, m >= 1, m <= 9, let d = arg(a, 0)?.int, (13...31).contains(d) else { return nil }
            return apply("date", [arg(a, 1), arg(a, 0)])
        }),
        "holiday": ("a holiday from its lexicon value: a base (MM-DD, easter±N, orthodox±N, nth:MONTH:N:WEEKDAY[±N], hebrew:/islamic:/chinese:MM-DD, vague:YYYY-MM-DD, hindu:MONTH:TITHI[:TIME][:later], sankranti:SIGN[:day], nakshatra:N:SIGN[:FROM]) and modifiers (eve, days:N, to:BASE, sat-1…, avoid:BASE:±N, at:HH:MM, for:MIN)", { a in
            guard let t = arg(a, 0)?.textValue, let h = holiday(t) else { return nil }
            return .time(.holiday(h))
        }),

        // Relative times
        "now": ("the reference instant", { _ in .time(.now) }),
        "same-time": ("the time of day it is now (to the minute), a duration away: this time tomorrow", { a in
            guard let d = arg(a, 0)?.duration else { return nil }
            return .time(.shifted(.cycle(.minute, offset: 0), d))
        }),
        "today": ("today shifted by N days: today 0, tomorrow 1", { a in
            .time(.day(offset: arg(a, 0)?.int ?? 0))
        }),
        "cycle": ("the GRAIN containing now, shifted by N: this week (week, 0), next month (month, 1); with 'weeks-up', no days or shorter", { a in
            guard let g = arg(a, 0).flatMap(grainOf) else { return nil }
            if arg(a, 2)?.textValue == "weeks-up", g <= .day { return nil }
            return .time(.cycle(g, offset: arg(a, 1)?.int ?? 0))
        }),
        "relative": ("an occurrence counted from today: next Tue (1), last Tue (-1), this Tue (0)", { a in
            guard let t = arg(a, 0)?.time, let n = arg(a, 1)?.int else { return nil }
            return .time(.relative(t, offset: n))
        }),
        "coming": ("the first occurrence after today, no question: this coming Monday", { a in
            guard let t = arg(a, 0)?.time else { return nil }
            return .time(.anchored(t, at: .day(offset: 1)))
        }),
        "duration": ("AMOUNT UNIT: 3 days, an hour", { a in
            guard let n = arg(a, 0)?.number, let g = arg(a, 1).flatMap(grainOf) else { return nil }
            return .duration(Duration(n, g))
        }),
        "duration-sum": ("two durations together: 1 hour 30 minutes", { a in
            guard let x = arg(a, 0)?.duration, let y = arg(a, 1)?.duration else { return nil }
            return .duration(x.adding(y))
        }),
        "in": ("now moved forward by a duration: in 3 days", { a in
            guard let d = arg(a, 0)?.duration else { return nil }
            return .time(.shifted(nil, d))
        }),
        "in-window": ("the window a range of lengths ahead bounds: in 2-3 weeks (N, M, UNIT; N < M)", { a in
            guard let n = arg(a, 0)?.number, let m = arg(a, 1)?.number, n > 0, n < m,
                  let g = arg(a, 2).flatMap(grainOf) else { return nil }
            return intervalOf(.shifted(nil, Duration(n, g)), .shifted(nil, Duration(m, g))).map { .time($0) }
        }),
        "ago": ("now moved back by a duration: 3 days ago", { a in
            guard let d = arg(a, 0)?.duration else { return nil }
            return .time(.shifted(nil, d.negated()))
        }),
        "after": ("a time moved forward by a duration: 3 days after Easter", { a in
            guard let d = arg(a, 0)?.duration, let t = arg(a, 1)?.time else { return nil }
            return .time(.shifted(t, d))
        }),
        "before": ("a time moved back by a duration: 2 days before Christmas", { a in
            guard let d = arg(a, 0)?.duration, let t = arg(a, 1)?.time else { return nil }
            return .time(.shifted(t, d.negated()))
        }),
        "shift-days": ("a date moved by N days: the day before Christmas (-1)", { a in
            guard let t = arg(a, 0)?.time, let n = arg(a, 1)?.int else { return nil }
            return .time(.shifted(t, Duration(Double(n), .day)))
        }),
        "business-days": ("Monday to Friday, as one pattern (a business day; holidays are not known)", { _ in
            var f = Fields(); f.weekdaySet = [1, 2, 3, 4, 5]
            return .time(.fields(f))
        }),
        "intersect": ("two times at once: tomorrow + 3pm; not a list of weekdays and a time of day, which is a weekly habit (Tue/Thu 8pm)", { a in
            guard let x = arg(a, 0)?.time, let y = arg(a, 1)?.time, !isListedDaysAtTime(x, y), !isListedDaysAtTime(y, x) else { return nil }
            return checked(intersect(x, y))
        }),
        "intersect-after-comma": ("two times at once, the second after a comma: 9am-5pm, Monday; a range of days is not narrowed to a date after a comma (in 'Monday, July 7 to Friday, July 11', July 11 is Friday's)", { a in
            guard let x = arg(a, 0)?.time, let y = arg(a, 1)?.time else { return nil }
            if case .interval(let from, let to) = x, !from.hasTimeOfDay, !to.hasTimeOfDay, !y.hasTimeOfDay,
               DateTimeStage.datePart(y) != nil { return nil }
            return checked(intersect(x, y))
        }),
        "nth": ("the Nth occurrence of a time inside another: 2nd Tuesday of March; N < 0 counts from the end", { a in
            guard let n = arg(a, 0)?.int, n != 0, let t = arg(a, 1)?.time, let c = arg(a, 2)?.time else { return nil }
            return .time(.nth(n, t, in: c))
        }),
        "nth-in-month": ("the Nth occurrence of a time in this month, no span said: the second Tuesday", { a in
            guard let n = arg(a, 0)?.int, n != 0, let t = arg(a, 1)?.time else { return nil }
            return .time(.nth(n, t, in: .cycle(.month, offset: 0)))
        }),
        "interval": ("from one time to another", { a in
            guard let x = arg(a, 0)?.time, let y = arg(a, 1)?.time else { return nil }
            return intervalOf(x, y).map { .time($0) }
        }),
        "after-time": ("an open interval from a time on: after 2pm, from 2pm (not from a range: the range-with-from rules read that); with 'origin', a time counted back from now is the time itself (the invoice from last month)", { a in
            guard let x = arg(a, 0)?.time else { return nil }
            if case .interval = x { return nil }
            if arg(a, 1)?.textValue == "origin", isCountedBack(x) { return .time(x) }
            return .time(.openInterval(from: x, to: nil))
        }),
        "before-time": ("an open interval up to a time: before Friday, before 5; with `through`, a day counts until it ends (until Friday)", { a in
            guard let x = arg(a, 0)?.time else { return nil }
            if arg(a, 1)?.textValue == "through", x.grain == .day, !x.hasTimeOfDay {
                return .time(.openInterval(from: nil, to: .shifted(x, Duration(1, .day))))
            }
            return .time(.openInterval(from: nil, to: x))
        }),
        "for": ("a time lasting a duration: 4pm for 30 mins; with 'bare' (a length said without 'for'), not after a time counted from now", { a in
            guard var x = arg(a, 0)?.time, let d = arg(a, 1)?.duration else { return nil }
            if arg(a, 2)?.textValue == "bare", case .shifted(nil, _) = x { return nil }
            // "Tue from 9, 3 hours": the length runs from the time the open span starts at.
            switch x {
            case .openInterval(let from?, nil): x = from
            case .intersect(let day, .openInterval(let from?, nil)): x = intersect(day, from) ?? x
            default: break
            }
            return .time(.spanFor(x, d))
        }),
        "edge": ("the start, middle or end part of a span: end of the month (end), mid March (middle), beginning of the week (start)", { a in
            guard let x = arg(a, 0)?.time, let which = arg(a, 1)?.textValue, let part = EdgePart(rawValue: which) else { return nil }
            return .time(.edge(x, part))
        }),
        "by": ("from now until a time: by 2pm, by Friday (until it ends), by the end of the month", { a in
            guard let x = arg(a, 0)?.time else { return nil }
            return .time(.deadline(x, inclusive: true))
        }),
        "by-end": ("from now until a span ends: before the end of the month", { a in
            guard let x = arg(a, 0)?.time, x.grain >= .day else { return nil }
            return .time(.deadline(.edge(x, .end), inclusive: true))
        }),
        "by-dom": ("from now until a day of the month ends: by the 25th", { a in
            guard let d = arg(a, 0)?.int, (1...31).contains(d) else { return nil }
            var f = Fields(); f.day = d
            return .time(.deadline(.fields(f), inclusive: true))
        }),
        "within": ("from now until a duration has passed: within 2 weeks", { a in
            guard let d = arg(a, 0)?.duration else { return nil }
            return .time(.deadline(.shifted(nil, d), inclusive: false))
        }),
        "cycles": ("N whole cycles before (last) or after (next) the current one, or from it (this): last 2 weeks, next 3 days, all week", { a in
            guard let n = arg(a, 0)?.int, n >= 1, n <= 1000, let g = arg(a, 1).flatMap(grainOf),
                  let dir = arg(a, 2)?.textValue, dir == "last" || dir == "next" || dir == "this" else { return nil }
            return .time(.cycles(g, from: dir == "last" ? -n : dir == "this" ? 0 : 1, count: n))
        }),
        "nth-after": ("the Nth occurrence of a time after another: the third Tuesday after Christmas", { a in
            guard let n = arg(a, 0)?.int, n >= 1, let t = arg(a, 1)?.time, let base = arg(a, 2)?.time else { return nil }
            return .time(.anchored(.relative(t, offset: n), at: base))
        }),
        "nth-before": ("the Nth occurrence of a time before another: the Friday before Christmas", { a in
            guard let n = arg(a, 0)?.int, n >= 1, let t = arg(a, 1)?.time, let base = arg(a, 2)?.time else { return nil }
            return .time(.anchored(.relative(t, offset: -n), at: base))
        }),
        "relative-back": ("an occurrence counted back from today: 2 thursdays ago (2)", { a in
            guard let t = arg(a, 0)?.time, let n = arg(a, 1)?.int, n >= 1 else { return nil }
            return .time(.relative(t, offset: -n))
        }),
        "anchored": ("a time as if said a duration from now (later, or earlier with ago): thanksgiving in 3 years, March in a year", { a in
            guard let t = arg(a, 0)?.time, let d = arg(a, 1)?.duration else { return nil }
            let back = arg(a, 2)?.textValue == "ago"
            let shift = back ? d.negated() : d
            // Less than a day from a day is a time on that day: "today in one hour".
            if d.finestGrain < .day, t.grain >= .day, !t.hasTimeOfDay {
                return intersect(t, .shifted(nil, shift)).map { .time($0) }
            }
            return .time(.anchored(t, at: .shifted(nil, shift)))
        }),
        "iso-week": ("ISO 8601 week N (Monday to Monday) of this year, or of the year given: week 47, W01 2029", { a in
            guard let n = arg(a, 0)?.int, (1...53).contains(n) else { return nil }
            // Week 1 is the week with the year's first Thursday, so the one holding 4 January.
            var jan4 = Fields(); jan4.month = 1; jan4.day = 4
            var year = TimeExpr.cycle(.year, offset: 0)
            if let yv = arg(a, 1) {
                guard let y = fullYear(yv) else { return nil }
                var f = Fields(); f.year = y
                year = .fields(f)
            }
            guard let first = intersect(year, .fields(jan4)) else { return nil }
            return .time(.shifted(weekHolding(first), Duration(Double(n - 1), .week)))
        }),
        "week-beside": ("the week after (1) or before (-1) the week holding a day: the week after Easter, the week before Christmas", { a in
            guard let t = arg(a, 0)?.time, t.grain <= .day, let n = arg(a, 1)?.int else { return nil }
            return .time(.shifted(weekHolding(t), Duration(Double(n), .week)))
        }),
        "work-week": ("Monday to Friday of a week: this one moved by N weeks (the working week 0, next work week 1), or the one holding a day (the workweek of March 8)", { a in
            let week: TimeExpr
            if let t = arg(a, 0)?.time {
                guard t.grain <= .day else { return nil }
                week = weekHolding(t)
            } else if let n = arg(a, 0)?.int {
                week = .cycle(.week, offset: n)
            } else { return nil }
            var monday = Fields(), friday = Fields()
            monday.weekday = 1; friday.weekday = 5
            return .time(.interval(.nth(1, .fields(monday), in: week), .nth(1, .fields(friday), in: week)))
        }),
        "weekend-around": ("the weekend of a day: its own when the day is Friday to Sunday, else the next one: the weekend of June 20", { a in
            guard let t = arg(a, 0)?.time, t.grain == .day, !t.hasTimeOfDay else { return nil }
            let window = TimeExpr.interval(.shifted(t, Duration(-1, .day)), .shifted(t, Duration(5, .day)))
            return .time(.nth(1, .weekend, in: window))
        }),
        "weekend-beside": ("the first weekend after (1) or before (-1) a day: the weekend before Christmas", { a in
            guard let t = arg(a, 0)?.time, t.grain <= .day, let n = arg(a, 1)?.int, n == 1 || n == -1 else { return nil }
            return .time(.anchored(.relative(.weekend, offset: n), at: t))
        }),
        "weekends-ahead": ("the Nth weekend from now, the coming one first: two weekends from now (2)", { a in
            guard let n = arg(a, 0)?.int, n >= 1 else { return nil }
            return .time(.relative(.weekend, offset: n))
        }),
        "hours-minutes": ("a length of hours and minutes: 2h 15m, 1h30", { a in
            guard let h = arg(a, 0)?.int, let m = arg(a, 1)?.int, (0...59).contains(m) else { return nil }
            return .duration(Duration([.hour: Double(h), .minute: Double(m)]))
        }),
        "containing": ("the UNIT that contains a time: the week of October 6th", { a in
            guard let g = arg(a, 0).flatMap(grainOf), let t = arg(a, 1)?.time, g > t.grain else { return nil }
            return .time(.containing(g, t))
        }),
        "nth-unit": ("the Nth UNIT inside a span, counted from the end with a 4th argument 'last': third day of October, 2nd last week of 2018", { a in
            guard let n = arg(a, 0)?.int, n >= 1, let g = arg(a, 1).flatMap(grainOf), let c = arg(a, 2)?.time, g < c.grain else { return nil }
            let fromEnd = arg(a, 3)?.textValue == "last"
            return .time(.nth(fromEnd ? -n : n, .cycle(g, offset: 0), in: c))
        }),
        "same-moment": ("one moment said in two zones: 9am ET / 2pm UK (the first; both must name a zone)", { a in
            guard let x = arg(a, 0)?.time, let y = arg(a, 1)?.time, isZoned(x), isZoned(y) || arg(a, 2) != nil else { return nil }
            return .time(x)
        }),
        "month-end": ("the last day of this month: (monthly …) on the last day", { _ in .time(monthEnd) }),
        "nth-last": ("the Nth occurrence of a time inside another, counted from the end: the 2nd last Friday of March", { a in
            guard let n = arg(a, 0)?.int, n >= 1, let t = arg(a, 1)?.time, let c = arg(a, 2)?.time else { return nil }
            return .time(.nth(-n, t, in: c))
        }),
        "quarter": ("the Nth quarter of a year (this year without one): 3rd quarter, 2018Q4", { a in
            guard let n = arg(a, 0)?.int, (1...4).contains(n), let year = yearOf(arg(a, 1)) else { return nil }
            return .time(.nth(n, .cycle(.quarter, offset: 0), in: year))
        }),
        "half": ("the first (1) or second (2) half of a year (this year without one), as its months: H2 2027, the first half of next year", { a in
            guard let n = arg(a, 0)?.int, (1...2).contains(n), let year = yearOf(arg(a, 1)) else { return nil }
            func month(_ m: Int) -> TimeExpr? { var f = Fields(); f.month = m; return intersect(.fields(f), year) }
            guard let first = month(n == 1 ? 1 : 7), let last = month(n == 1 ? 6 : 12) else { return nil }
            return intervalOf(first, last).map { .time($0) }
        }),
        "year-range": ("from one year to another, both written in four digits: from 2026 to 2028; only where the numbers as 24-hour clock times (20:26–20:28) would be no time or under 15 minutes apart", { a in
            guard let x = arg(a, 0).flatMap(fullYear), let y = arg(a, 1).flatMap(fullYear), y > x else { return nil }
            let (h1, m1, h2, m2) = (x / 100, x % 100, y / 100, y % 100)
            if h1 <= 23, h2 <= 24, m1 <= 59, m2 <= 59, (h2 * 60 + m2) - (h1 * 60 + m1) >= 15 { return nil }
            var f = Fields(), g = Fields()
            f.year = x; g.year = y
            return intervalOf(.fields(f), .fields(g)).map { .time($0) }
        }),
        "clock24": ("hour[, minute] on a 24-hour clock: 3h18, 15h", { a in
            guard let h = arg(a, 0)?.int, (0...24).contains(h) else { return nil }
            var f = Fields()
            f.hour = h == 24 ? 0 : h
            if let mv = arg(a, 1) { guard let m = mv.int, (0...59).contains(m) else { return nil }; f.minute = m }
            return .time(.fields(f))
        }),
        "hhmm": ("hours and minutes written as one number: 1030, 730; with 'minutes', only when the minutes are not 00", { a in
            guard case .number(let v, let digits)? = arg(a, 0), digits >= 3, digits <= 4, v == v.rounded() else { return nil }
            let n = Int(v), h = n / 100, m = n % 100
            guard h <= 24, m <= 59 else { return nil }
            if arg(a, 1)?.textValue == "minutes", m == 0 { return nil }
            return Operators.apply("clock", [.number(Double(h), digits: digits - 2), .number(Double(m), digits: 2)])
        }),
        "date-hhmm": ("a numeric date a/b and its time written as one number: 23/1 + 2359", { a in
            guard case .time(let date)? = apply("numeric-date", [arg(a, 0), arg(a, 1)]),
                  case .time(let clock)? = apply("hhmm", [arg(a, 2)]) else { return nil }
            return intersect(date, clock).map { .time($0) }
        }),
        "zone": ("a time zone from its lexicon value: an IANA identifier, then std or dst for an abbreviation of standard or daylight time", { a in
            guard let v = arg(a, 0)?.textValue else { return nil }
            let parts = v.split(separator: " ")
            guard let id = parts.first else { return nil }
            return .zone(String(id), abbreviation: parts.count > 1 ? String(parts[1]) : nil)
        }),
        "zone-offset": ("a zone at a fixed offset from UTC, from a sign, hours (or HHMM) and minutes: UTC+9, GMT-05:30", { a in
            guard let sign = arg(a, 0)?.textValue, sign == "+" || sign == "-" else { return nil }
            return fixedOffsetZone(sign: sign, arg(a, 1), arg(a, 2)).map { .zone($0, abbreviation: nil) }
        }),
        "zoned-offset": ("a time read at a fixed offset from UTC: 12:00:00 + '+09:00'", { a in
            guard let t = arg(a, 0)?.time, let sign = arg(a, 1)?.textValue, sign == "+" || sign == "-",
                  let id = fixedOffsetZone(sign: sign, arg(a, 2), arg(a, 3)) else { return nil }
            return .time(.zoned(t, zone: id, abbreviation: nil))
        }),
        "meal-hour": ("a meal and a bare hour right after it, the hour inside the meal: brunch + 11, dinner + 7", { a in
            guard case .fields(let meal)? = arg(a, 0)?.time, let part = meal.dayPart, let h = arg(a, 1)?.int,
                  case .time(.fields(let hour))? = Operators.apply("clock", [arg(a, 1)]),
                  let fitted = fitHour(hour, h, into: part), let fh = fitted.hour, fh * 3600 >= part.from, fh * 3600 < part.to else { return nil }
            // (An hour outside the meal is no hour of it: "Dinner 2nite".)
            return .time(.fields(fitted))
        }),
        "utc-time": ("an ISO date and time of day read in UTC (a trailing Z): 2026-05-28 + 09:30", { a in
            guard let d = arg(a, 0)?.time, let t = arg(a, 1)?.time, let both = intersect(d, t) else { return nil }
            return .time(.zoned(both, zone: "Etc/UTC", abbreviation: nil))
        }),
        "iso-offset": ("an ISO date and time of day read at a fixed offset: 2027-03-10 + 15:00 + '+09:00'", { a in
            guard let d = arg(a, 0)?.time, let t = arg(a, 1)?.time, let both = intersect(d, t),
                  let sign = arg(a, 2)?.textValue, sign == "+" || sign == "-", let id = fixedOffsetZone(sign: sign, arg(a, 3), arg(a, 4)) else { return nil }
            return .time(.zoned(both, zone: id, abbreviation: nil))
        }),
        "zoned": ("a time read in a zone named in the text: 3pm + PT", { a in
            guard let t = arg(a, 0)?.time, case .zone(let id, let abbr)? = arg(a, 1) else { return nil }
            return .time(.zoned(t, zone: id, abbreviation: abbr))
        }),
    ]

    static func arg(_ a: [Value?], _ i: Int) -> Value? { i < a.count ? a[i] : nil }

    /// The last day of the current month.
    static let monthEnd = TimeExpr.nth(-1, .cycle(.day, offset: 0), in: .cycle(.month, offset: 0))

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// A merged day and month that do not exist ("June" + "31") are an invalid date.
    static func checked(_ t: TimeExpr?) -> Value? {
        guard let t else { return nil }
        if case .fields(let f) = t, let m = f.month, let d = f.day, (1...12).contains(m),
           let why = invalidDay(m, d, year: f.year) { return .invalidDate(why) }
        return .time(t)
    }

    /// Why day `d` of month `m` (of `year`, or of any year) is no date, or nil when it is one.
    static func invalidDay(_ m: Int, _ d: Int, year: Int?) -> String? {
        let days = CivilDate.daysIn(year: year ?? 2000, month: m)
        guard d > days else { return nil }
        if m == 2, d == 29, let y = year { return "\(y) is not a leap year" }
        return "\(monthNames[m - 1]) has \(days) days"
    }

    /// The zone identifier of a fixed UTC offset ("GMT+0530"), from hours and minutes or from
    /// hours written as HHMM; nil past ±14:00.
    static func fixedOffsetZone(sign: String, _ hours: Value?, _ minutes: Value?) -> String? {
        guard var h = hours?.int else { return nil }
        var m = minutes?.int ?? 0
        if h >= 100 { (h, m) = (h / 100, h % 100) }
        guard h <= 14, (0..<60).contains(m), h * 60 + m <= 14 * 60 else { return nil }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "GMT\(sign)\(two(h))\(two(m))"
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { acc, _ in acc * 10 } }

    /// The Monday-to-Sunday week a day falls in. `containing` reads a Sunday as the start of the
    /// next week, as "the week of October 6th" means when the 6th is a Sunday; so it is given the
    /// day before, which is in the same week, except before a Monday: a Sunday, which
    /// `containing` moves onto that Monday. Either way, the day's own week.
    static func weekHolding(_ t: TimeExpr) -> TimeExpr {
        .containing(.week, .shifted(t, Duration(-1, .day)))
    }

    /// The year a part of a year is in: one said ("2018", "next year"), else this one; nil when
    /// what is said is no year.
    static func yearOf(_ v: Value?) -> TimeExpr? {
        guard let v else { return .cycle(.year, offset: 0) }
        if let t = v.time { return t.grain == .year ? t : nil }
        guard let y = fullYear(v) else { return nil }
        var f = Fields(); f.year = y
        return .fields(f)
    }

    static func fullYear(_ v: Value) -> Int? {
        guard case .number(let d, let digits) = v, d == d.rounded() else { return nil }
        let y = Int(d)
        if digits == 2 { return y < 50 ? 2000 + y : 1900 + y }
        guard y >= 1, y <= 9999 else { return nil }
        return y
    }

    static func grainOf(_ v: Value) -> Grain? {
        guard let t = v.textValue else { return nil }
        return Grain(name: t)
    }

    static func applyMeridiem(_ f: Fields, _ mer: String) -> Fields? {
        guard var h = f.hour, h >= 0, h <= 12, f.dayPart == nil else { return nil }
        let pm = mer.hasPrefix("p")
        guard pm || mer.hasPrefix("a") else { return nil }
        if h == 0 { guard !pm else { return nil } }
        if pm && h < 12 { h += 12 }
        if !pm && h == 12 { h = 0 }
        var r = f
        r.hour = h
        r.hourIsAmbiguous = false
        return r
    }

    /// "12:00" or "12" → seconds after midnight.
    static func parseHHMM(_ s: String) -> Int? {
        let parts = s.split(separator: ":").map { Int($0) }
        guard let h = parts.first ?? nil, h >= 0, h <= 24 else { return nil }
        let m = parts.count > 1 ? (parts[1] ?? -1) : 0
        guard m >= 0, m < 60 else { return nil }
        return h * 3600 + m * 60
    }

    /// `parseDayPart(s, name: s)`, remembered: the `day-part` operator reads the same few
    /// lexicon values ("18-24@21") over and over, and parsing one took thousands of
    /// instructions. The table is bounded (values could in principle come from input text).
    static func dayPart(_ s: String) -> DayPart? {
        if let known = dayParts.withLock({ $0[s] }) { return known }
        let parsed = parseDayPart(s, name: s)
        dayParts.withLock { if $0.count < 256 { $0[s] = .some(parsed) } }
        return parsed
    }

    private static let dayParts = Mutex<[String: DayPart?]>([:])

    /// A holiday value read once: the holiday rule applies to every holiday word of every text,
    /// and a value with places looks each zone up.
    static func holiday(_ s: String) -> Holiday? {
        if let known = holidays.withLock({ $0[s] }) { return known }
        let parsed = parseHoliday(s)
        holidays.withLock { if $0.count < 1024 { $0[s] = .some(parsed) } }
        return parsed
    }

    private static let holidays = Mutex<[String: Holiday?]>([:])

    /// A time counted back from now, so already past: last month, yesterday, last Friday.
    static func isCountedBack(_ e: TimeExpr) -> Bool {
        switch e {
        case .cycle(_, let o), .relative(_, let o): return o < 0
        case .day(let o): return o < 0
        case .intersect(let a, let b): return isCountedBack(a) || isCountedBack(b)
        default: return false
        }
    }

    /// "4-12@9" → 04:00–12:00, default 09:00; hours may carry minutes ("20:30"). A trailing
    /// word `ends-day` marks a part that ends the day (`DayPart.endsDay`); `day`, a part that
    /// names no more than its day to a reader (`DayPart.saysDay`).
    static func parseDayPart(_ s: String, name: String) -> DayPart? {
        let words = s.split(separator: " ")
        guard let spec = words.first, words.dropFirst().allSatisfy({ $0 == "ends-day" || $0 == "day" }) else { return nil }
        let main = spec.split(separator: "@")
        guard let range = main.first else { return nil }
        let ends = range.split(separator: "-")
        guard ends.count == 2, let from = parseHHMM(String(ends[0])), let to = parseHHMM(String(ends[1])), from < to else { return nil }
        let def = main.count > 1 ? (parseHHMM(String(main[1])) ?? from) : from
        return DayPart(name: name, from: from, to: to, defaultStart: def, endsDay: words.contains("ends-day"), saysDay: words.contains("day"))
    }

    /// A holiday value: the default, then `; PLACE…: VALUE` for the places that keep it on
    /// another day ("nth:5:2:7 ; GB IE: easter-21"). A place is a two-letter country code or
    /// a zone identifier.
    static func parseHoliday(_ s: String) -> Holiday? {
        let parts = s.split(separator: ";")
        guard let first = parts.first, var h = parseSingleHoliday(first) else { return nil }
        for part in parts.dropFirst() {
            guard let colon = part.range(of: ": ") else { return nil }
            let places = part[..<colon.lowerBound].split(separator: " ").map(String.init)
            guard !places.isEmpty, places.allSatisfy(isPlace), let v = parseSingleHoliday(part[colon.upperBound...]) else { return nil }
            h.regional.append(Holiday.Regional(places: places, holiday: v))
        }
        return h
    }

    /// A country code ("GB") or a zone identifier ("Australia/Perth").
    private static func isPlace(_ p: String) -> Bool {
        (p.count == 2 && p.allSatisfy { $0.isASCII && $0.isUppercase }) || (p.contains("/") && Zone(identifier: p) != nil)
    }

    /// One holiday from its lexicon value: a base (or several, joined by commas: whichever
    /// comes) then modifiers (see `Holiday`).
    ///
    /// Bases: `MM-DD`, `easter±N`, `orthodox±N`, `nth:MONTH:N:WEEKDAY[±D]`,
    /// `hebrew:MM-DD[±D]`, `islamic:MM-DD[±D]`, `chinese:MM-DD[±D]`, `vague:YYYY-MM-DD`,
    /// `hindu:MONTH:TITHI[:TIME][:later][±D]`, `sankranti:SIGN[:day][±D]`,
    /// `nakshatra:N:SIGN[:FROMDAY][±D]` (see `HinduCalendar`).
    /// Modifiers: `sat-1` (a Saturday moves a day back), `prev:fri` (the last Friday before it),
    /// `eve` (starts the day before),
    /// `days:N` (lasts N days), `to:BASE` (lasts until that day, inclusive), `avoid:BASE:±N`
    /// (moved N days when it falls on BASE), `at:HH:MM` and `for:MIN` (a time of day and length).
    private static func parseSingleHoliday(_ s: Substring) -> Holiday? {
        let words = s.split(separator: " ")
        // BASE,BASE…: the next of several days ("bank holiday Monday").
        guard let first = words.first else { return nil }
        let bases = first.split(separator: ",", omittingEmptySubsequences: false).map(parseHolidayBase)
        guard let base = bases.first ?? nil, !bases.contains(where: { $0 == nil }) else { return nil }
        var h = Holiday(base)
        h.others = bases.dropFirst().compactMap { $0 }
        let weekdays = ["mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7]
        for w in words.dropFirst() {
            if w == "eve" { h.offset -= 1; continue }
            if w.hasPrefix("days:") { guard let n = Int(w.dropFirst(5)), n >= 1 else { return nil }; h.days = n; continue }
            if w.hasPrefix("prev:") { guard let wd = weekdays[String(w.dropFirst(5))] else { return nil }; h.previousWeekday = wd; continue }
            if w.hasPrefix("to:") { guard let b = parseHolidayBase(w.dropFirst(3)) else { return nil }; h.until = b; continue }
            if w.hasPrefix("avoid:") {
                // avoid:BASE:±N — the base may itself contain colons; the shift is the last part.
                let rest = w.dropFirst(6)
                guard let colon = rest.lastIndex(of: ":"), let shift = signed(rest[rest.index(after: colon)...]),
                      let b = parseHolidayBase(rest[..<colon]) else { return nil }
                h.clashes.append(Holiday.Clash(base: b, shift: shift))
                continue
            }
            if w.hasPrefix("at:") {
                let hm = w.dropFirst(3).split(separator: ":").compactMap { Int($0) }
                guard hm.count == 2, (0..<24).contains(hm[0]), (0..<60).contains(hm[1]) else { return nil }
                h.timeOfDay = hm[0] * 60 + hm[1]
                continue
            }
            if w.hasPrefix("for:") { guard let n = Int(w.dropFirst(4)), n >= 1 else { return nil }; h.minutes = n; continue }
            guard w.count > 4, let wd = weekdays[String(w.prefix(3))], let n = signed(w.dropFirst(3)) else { return nil }
            h.weekdayShift[wd] = n
        }
        return h
    }

    private static func signed(_ t: Substring) -> Int? {
        if t.isEmpty { return 0 }
        return Int(t.hasPrefix("+") ? t.dropFirst() : t)
    }

    /// Splits a trailing day offset off the last part of a base: "afternoon-9" → ("afternoon", -9).
    private static func trailingOffset(_ t: Substring) -> (Substring, Int)? {
        guard let i = t.firstIndex(where: { $0 == "+" || $0 == "-" }) else { return (t, 0) }
        guard let o = signed(t[i...]) else { return nil }
        return (t[..<i], o)
    }

    /// hindu:MONTH:TITHI[:TIME][:later][±D], sankranti:SIGN[:day][±D], nakshatra:N:SIGN[:FROM][±D].
    private static func parseAstronomicalBase(_ s: Substring) -> Holiday.Base?? {
        var parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard let kind = parts.first, ["hindu", "sankranti", "nakshatra"].contains(kind) else { return .none }
        guard let last = parts.last, let split = trailingOffset(last) else { return .some(nil) }
        parts[parts.count - 1] = split.0
        let off = split.1
        let args = parts.dropFirst().map(String.init)
        func sign(_ t: String) -> Int? { HinduCalendar.signNames.firstIndex(of: t) ?? Int(t).flatMap { (0..<12).contains($0) ? $0 : nil } }
        switch kind {
        case "hindu":
            guard args.count >= 2, args.count <= 4,
                  let m = HinduCalendar.monthNames.firstIndex(of: args[0]).map({ $0 + 1 }) ?? Int(args[0]), (1...12).contains(m),
                  let t = Int(args[1]), (1...30).contains(t) else { return .some(nil) }
            var at = TithiTime.sunrise, later = false
            for a in args.dropFirst(2) {
                if a == "later" { later = true } else if let x = TithiTime(rawValue: a) { at = x } else { return .some(nil) }
            }
            return .hindu(month: m, tithi: t, at: at, later: later, offset: off)
        case "sankranti":
            guard args.count >= 1, args.count <= 2, let sg = sign(args[0]) else { return .some(nil) }
            var rule = SankrantiDay.sunset
            if args.count == 2 { guard let r = SankrantiDay(rawValue: args[1]) else { return .some(nil) }; rule = r }
            return .sankranti(sign: sg, rule: rule, offset: off)
        default:
            guard args.count >= 2, args.count <= 3, let n = Int(args[0]), (1...27).contains(n), let sg = sign(args[1]) else { return .some(nil) }
            let from = args.count == 3 ? Int(args[2]) : 1
            guard let from, (1...31).contains(from) else { return .some(nil) }
            return .nakshatra(n, sign: sg, fromDay: from, offset: off)
        }
    }

    static func parseHolidayBase(_ s: Substring) -> Holiday.Base? {
        if let astro = parseAstronomicalBase(s) { return astro }
        if s.hasPrefix("easter") { return signed(s.dropFirst(6)).map { .easter(offset: $0) } }
        if s.hasPrefix("orthodox") { return signed(s.dropFirst(8)).map { .orthodoxEaster(offset: $0) } }
        if s.hasPrefix("nth:") {
            // nth:MONTH:N:WEEKDAY[+D]
            let parts = s.dropFirst(4).split(separator: ":")
            guard parts.count == 3, let m = Int(parts[0]), let n = Int(parts[1]) else { return nil }
            var wdPart = parts[2]
            var off = 0
            if let i = wdPart.firstIndex(where: { $0 == "+" || $0 == "-" }) {
                guard let o = signed(wdPart[i...]) else { return nil }
                off = o
                wdPart = wdPart[..<i]
            }
            guard let wd = Int(wdPart), (1...7).contains(wd), (1...12).contains(m) else { return nil }
            return .nthWeekday(month: m, n: n, weekday: wd, offset: off)
        }
        if s.hasPrefix("sun:") {
            guard let l = Int(s.dropFirst(4)), (0..<360).contains(l) else { return nil }
            return .sun(longitude: l)
        }
        if s.hasPrefix("vague:") {
            let p = s.dropFirst(6).split(separator: "-").compactMap { Int($0) }
            guard p.count == 3, CivilDate(p[0], p[1], p[2]).isValid else { return nil }
            return .vague(epoch: CivilDate(p[0], p[1], p[2]))
        }
        for cal in [Holiday.LunarCalendar.hebrew, .islamic, .chinese] where s.hasPrefix(cal.rawValue + ":") {
            // MM-DD[±D]
            let rest = s.dropFirst(cal.rawValue.count + 1)
            let md = rest.split(separator: "-", maxSplits: 1)
            guard md.count == 2, let m = Int(md[0]), (1...13).contains(m) else { return nil }
            var dayPart = md[1]
            var off = 0
            if let i = dayPart.firstIndex(where: { $0 == "+" || $0 == "-" }) {
                guard let o = signed(dayPart[i...]) else { return nil }
                off = o
                dayPart = dayPart[..<i]
            }
            guard let d = Int(dayPart), (1...30).contains(d) else { return nil }
            return .lunar(cal, month: m, day: d, offset: off)
        }
        let md = s.split(separator: "-")
        guard md.count == 2, let m = Int(md[0]), let d = Int(md[1]), CivilDate(2000, m, d).isValid else { return nil }
        return .fixed(month: m, day: d)
    }

    /// A range of days or clock times `r` said with `m`: the intersection (`.some(nil)` when
    /// the two make no time), or nil when no rule here applies.
    static func intersectRange(_ m: TimeExpr, _ r: TimeExpr) -> TimeExpr?? {
        guard case .interval(.fields(var a), .fields(var b)) = r else { return nil }
        let days = a.day != nil && b.day != nil && a.month == nil && b.month == nil && !a.hasTimeOfDay && !b.hasTimeOfDay
        // "from August 27th - 29th" is one range, not "from August" and "27th - 29th".
        if days, case .openInterval = m { return .some(nil) }
        // A day with a part of it ("tonight", "tomorrow evening") and a range of clock times:
        // the part applies to both ends, the day to the range.
        if case .intersect(let p, let q) = m {
            for (part, day) in [(q, p), (p, q)] {
                if case .fields(let d) = part, d.dayPart != nil, d.hour == nil, !d.hasDate, case .some(let x?) = intersectRange(part, r) {
                    return .some(intersect(day, x))
                }
            }
        }
        guard case .fields(let d) = m else { return nil }
        // A month with a range of days of the month ("March 3rd through 7th", "24th-28th
        // December"): both days in that month.
        if days, d.month != nil, d.day == nil, d.weekday == nil, !d.hasTimeOfDay {
            a.month = d.month; a.year = d.year
            b.month = d.month; b.year = d.year
            return .some(intervalOf(.fields(a), .fields(b)))
        }
        // A day said with a range of clock times applies to it, whichever comes first: "9-10am
        // Friday" as "Friday 9-10am" (so a Friday whose 9am has passed is next week's). The end
        // follows the start: "11pm-2am Saturday" ends on Sunday.
        if d.day != nil || d.weekday != nil, !d.hasTimeOfDay, d.weekdaySet == nil,
           a.hasTimeOfDay, b.hasTimeOfDay, !a.hasDate, !b.hasDate, let da = d.merged(with: a) {
            return .some(.interval(.fields(da), .fields(b)))
        }
        // A part of the day with a range of clock times: both ends in it ("between 6 and 7
        // tonight" is 18:00–19:00).
        if d.dayPart != nil, d.hour == nil, a.hour != nil, b.hour != nil, a.dayPart == nil, b.dayPart == nil, !a.hasDate, !b.hasDate,
           let da = d.merged(with: a), let db = d.merged(with: b) {
            // Each bare hour takes the reading inside the part ("7-9" in the evening: 19–21).
            func fit(_ f: Fields) -> Fields {
                guard let p = f.dayPart, let h = f.hour, f.hourIsAmbiguous, let fitted = fitHour(f, h, into: p) else { return f }
                return fitted
            }
            return .some(.interval(.fields(fit(da)), .fields(fit(db))))
        }
        return nil
    }

    /// Intersection: free calendar patterns merge field by field ("Tue" + "1pm" = "Tue 1pm",
    /// resolved together so future preference sees the whole); anything else stays a pair.
    /// Weekdays listed ("Tue/Thu") at a time of day: the grammar reads that as a weekly habit
    /// (`listed-days-at`), never as the first of those days.
    static func isListedDaysAtTime(_ days: TimeExpr, _ time: TimeExpr) -> Bool {
        guard case .fields(let f) = days, f.weekdaySet != nil, f.weekday == nil, !f.hasTimeOfDay else { return false }
        return time.hasTimeOfDay
    }

    static func intersect(_ x: TimeExpr, _ y: TimeExpr) -> TimeExpr? {
        // The empty pattern (any day: the anchor of "daily", "monthly") adds nothing.
        if case .fields(let f) = x, f == Fields() { return y }
        if case .fields(let f) = y, f == Fields() { return x }
        // A month beside a numeric date ("August" + "1-15"): the numbers are its days, which
        // the range rules read.
        if case .numericDate = y, let f = x.fields, f.month != nil, f.day == nil { return nil }
        if case .numericDate = x, let f = y.fields, f.month != nil, f.day == nil { return nil }
        if case .interval = y, let r = intersectRange(x, y) { return r }
        if case .interval = x, let r = intersectRange(y, x) { return r }
        // A range that starts at a clock time takes no other clock time: "Sat 22:00 to Sun" and
        // "02:00 AEST" are no one time (the range runs to Sun 02:00).
        if case .interval(let a, _) = y, a.hasTimeOfDay, DateTimeStage.namesClockTime(x) { return nil }
        if case .interval(let a, _) = x, a.hasTimeOfDay, DateTimeStage.namesClockTime(y) { return nil }
        // A bound said with more detail: "until Friday" + "5pm" is until Friday 5pm.
        if case .openInterval(let from, let to) = x, !isOpenInterval(y) {
            // "starting 13 Oct" with a range of times ("4:15-5pm"): the range on that day.
            if let from, case .interval = y, !from.hasTimeOfDay { return intersect(from, y) }
            if let from { return intersect(from, y).map { .openInterval(from: $0, to: nil) } }
            if let to {
                // "until Friday" runs to the end of Friday, but "until Friday 5pm" to 17:00 on Friday.
                if case .shifted(let day?, let d) = to, d == Duration(1, .day), y.hasTimeOfDay {
                    return intersect(day, y).map { .openInterval(from: nil, to: $0) }
                }
                return intersect(to, y).map { .openInterval(from: nil, to: $0) }
            }
        }
        if case .openInterval = y, !isOpenInterval(x) { return intersect(y, x) }
        // A length said with a time keeps its length: "tmrw for 15 min" + "10:00".
        if case .spanFor(let inner, let d) = x {
            if case .spanFor = y { return nil }
            return intersect(inner, y).map { .spanFor($0, d) }
        }
        if case .spanFor = y { return intersect(y, x) }
        // A deadline said with more detail: "by midnight" + "tonight" is by midnight tonight.
        if case .deadline(let inner, let inclusive) = x {
            if case .deadline = y { return nil }
            return intersect(inner, y).map { .deadline($0, inclusive: inclusive) }
        }
        if case .deadline = y { return intersect(y, x) }
        // A zone said with any part applies to the whole ("Fri 8am JST": Friday in Tokyo).
        if case .zoned(let inner, let z, let abbr) = x {
            if case .zoned = y { return nil }
            return intersect(inner, y).map { .zoned($0, zone: z, abbreviation: abbr) }
        }
        if case .zoned(let inner, let z, let abbr) = y {
            return intersect(x, inner).map { .zoned($0, zone: z, abbreviation: abbr) }
        }
        // "in 7 days at 5pm": a shift by whole days names a day, which the time falls on.
        if case .shifted(nil, let d) = x, d.finestGrain >= .day, y.hasTimeOfDay, !x.hasTimeOfDay {
            return intersect(.shifted(.day(offset: 0), d), y)
        }
        if case .shifted(nil, let d) = y, d.finestGrain >= .day, x.hasTimeOfDay, !y.hasTimeOfDay {
            return intersect(x, .shifted(.day(offset: 0), d))
        }
        // A bare hour is no time of a month alone: in "Fri 5 June" the 5 is the day (the
        // weekday-date rules read it).
        if let f = x.fields, f.hourIsAmbiguous, f.minute == nil, f.day == nil, let g = y.fields, g.month != nil, g.day == nil, !g.hasTimeOfDay { return nil }
        if let f = y.fields, f.hourIsAmbiguous, f.minute == nil, f.day == nil, let g = x.fields, g.month != nil, g.day == nil, !g.hasTimeOfDay { return nil }
        // Nor of a month and day said after it: in "Fri 9 Oct 4-6pm" the 9 is October's.
        if let f = x.fields, f.hourIsAmbiguous, f.minute == nil, f.day == nil, f.weekday != nil, let g = y.fields, g.month != nil, !g.hasTimeOfDay { return nil }
        // A weekend is no part of a month named after it: in "reunion weekend Apr 10–12" the
        // month goes with its days.
        if case .weekend = x, let g = y.fields, g.month != nil, g.day == nil, g.weekday == nil { return nil }
        // Nor of the days said after it: "wedding weekend 3–5 July" is those days, the weekend
        // what they are (it stays in the title).
        if case .weekend = x, case .interval(let a, let b) = y, !a.hasTimeOfDay, !b.hasTimeOfDay, DateTimeStage.namesDay(a) { return nil }
        // A range of clock times with only a month ("1-8 September") is not a time: the
        // numbers are days of that month, which the date-range rules read.
        if isClockRange(x), let f = y.fields, f.month != nil, f.day == nil, f.weekday == nil { return nil }
        if isClockRange(y), let f = x.fields, f.month != nil, f.day == nil, f.weekday == nil { return nil }
        // (So is one of bare numbers said after a day: "wedding weekend 3–5 July", "Fri 3-5 July".)
        if case .intersect(_, .interval(.fields(let a), .fields(let b))) = x, a.hourIsAmbiguous, b.hourIsAmbiguous, a.minute == nil, b.minute == nil,
           let f = y.fields, f.month != nil, f.day == nil, f.weekday == nil { return nil }
        // Keep free fields together so they resolve as one pattern ("tonight" + "7:30").
        if case .intersect(let a, .fields(let f)) = x, case .fields = y {
            return intersect(.fields(f), y).map { .intersect(a, $0) }
        }
        if case .fields = x, case .intersect(let a, .fields(let f)) = y {
            return intersect(x, .fields(f)).map { .intersect(a, $0) }
        }
        // (The same with the fields first: "6:30 tomorrow" + "morning".)
        if case .intersect(.fields(let f), let b) = x, f.hour != nil, case .fields(let g) = y, g.dayPart != nil, g.hour == nil, b.fields == nil {
            return intersect(.fields(f), y).map { .intersect($0, b) }
        }
        if case .fields(let a) = x, case .fields(let b) = y {
            guard var m = a.merged(with: b) else { return nil }
            // A bare hour inside a part of the day takes the reading that falls in it ("8 tonight").
            if let p = m.dayPart, let h = m.hour {
                if let fitted = fitHour(m, h, into: p) {
                    m = fitted
                } else if !m.hourIsAmbiguous {
                    // A 24-hour time outside the part contradicts it ("2020 morning" is no 20:20);
                    // the midnight that ends the part belongs to it ("midnight tonight").
                    let secs = h * 3600 + (m.minute ?? 0) * 60
                    if secs < p.from || secs > p.to { return nil }
                }
            }
            return .fields(m)
        }
        if x == y { return nil }
        // Push a part of day / time of day into the day it belongs to.
        return .intersect(x, y)
    }

    static func isOpenInterval(_ e: TimeExpr) -> Bool {
        if case .openInterval = e { return true }
        return false
    }

    static func isZoned(_ e: TimeExpr) -> Bool {
        if case .zoned = e { return true }
        return false
    }

    /// A `[season-cycle]` value: the days splitting the year ("03-20 06-21 09-23 12-21", as MMDD,
    /// sorted) and an optional "end:-N" (each part ends N days before the next starts), or nil.
    static func parseYearParts(_ t: String) -> (starts: [Int], endShift: Int)? {
        var starts: [Int] = []
        var endShift = 0
        for w in t.split(separator: " ") {
            if w.hasPrefix("end:") {
                guard let d = Int(w.dropFirst(4)), (-30...0).contains(d) else { return nil }
                endShift = d
                continue
            }
            let md = w.split(separator: "-").compactMap { Int($0) }
            guard md.count == 2, CivilDate(2001, md[0], md[1]).isValid else { return nil }
            starts.append(md[0] * 100 + md[1])
        }
        return starts.isEmpty ? nil : (starts.sorted(), endShift)
    }

    static func isClockRange(_ e: TimeExpr) -> Bool {
        guard case .interval(.fields(let a), .fields(let b)) = e else { return false }
        return a.hour != nil && b.hour != nil && !a.hasDate && !b.hasDate
    }

    static func fitHour(_ f: Fields, _ h: Int, into p: DayPart) -> Fields? {
        var r = f
        // A bare 12 may also be the midnight that ends the part ("12 tonight", "this evening at 12").
        var candidates = f.hourIsAmbiguous ? [h % 12, h % 12 + 12] : [h]
        if f.hourIsAmbiguous && h == 12 && (f.minute ?? 0) == 0 { candidates.append(24) }
        for c in candidates {
            let secs = c * 3600 + (f.minute ?? 0) * 60
            let endsPart = f.hourIsAmbiguous && c == 24 && secs == p.to
            if secs >= p.from && (secs < p.to || endsPart) {
                r.hour = c
                r.hourIsAmbiguous = false
                // The part stays with a midnight that ends it: it says which midnight is meant.
                r.dayPart = endsPart ? p : nil
                return r
            }
        }
        // A part between noon and midnight still says "pm" of an hour outside it: "this
        // afternoon at 11" is 23:00 (Duckling reads it so too). Parts that reach midnight are
        // left out: "tonight at 1" may be the small hours.
        if f.hourIsAmbiguous && p.from >= 12 * 3600 && p.to < 24 * 3600 && h < 12 {
            r.hour = h + 12
            r.hourIsAmbiguous = false
            r.dayPart = nil
            return r
        }
        return nil
    }

    /// An interval, with a bare hour on the left taking am/pm from the right ("2-4pm").
    /// Whether a time is or contains a range (its year is said through its ends).
    static func holdsRange(_ t: TimeExpr) -> Bool {
        switch t {
        case .interval, .openInterval, .spanFor, .deadline: return true
        case .intersect(let a, let b): return holdsRange(a) || holdsRange(b)
        case .zoned(let inner, _, _): return holdsRange(inner)
        default: return false
        }
    }

    /// A day with a zoned time of day ("Sun" + "02:00 AEST") as that day and time in the zone;
    /// any other time unchanged.
    static func zoneLifted(_ e: TimeExpr) -> TimeExpr {
        if case .intersect(let day, .zoned(let tod, let z, let abbr)) = e, !isZoned(day) {
            return .zoned(.intersect(day, tod), zone: z, abbreviation: abbr)
        }
        return e
    }

    static func intervalOf(_ x: TimeExpr, _ y: TimeExpr) -> TimeExpr? {
        // An open span is no end of a range: in "sat 8am-noon starting 6/5", "noon starting
        // 6/5" is not where the range ends.
        if case .openInterval = y { return nil }
        if case .openInterval = x { return nil }
        // A day, then a time of day alone, is that time on that day: "Mar 5 - 3pm" (a range
        // needs a time at its start: "Mar 5 3pm - 5pm").
        if !x.hasTimeOfDay, x.grain == .day, case .fields(let b) = y, b.hasTimeOfDay, !b.hasDate {
            return intersect(x, y)
        }
        // A day of the month alone is no start for a range to a weekday: in "move our 1:1 to
        // Friday", "1 to Friday" is no range of days.
        if case .fields(let a) = x, a.day != nil, a.month == nil, a.weekday == nil, !a.hasTimeOfDay {
            switch y {
            case .fields(let b) where b.day == nil && b.month == nil && (b.weekday != nil || b.weekdaySet != nil):
                return nil
            case .relative, .weekend:  // "1 to next Wed"
                return nil
            default: break
            }
        }
        // A time of day alone is no start for a range of days or months: in "every Tuesday at
        // 6pm until June", "until June" bounds the recurrence, not the hour.
        if case .fields(let a) = x, a.hasTimeOfDay, !a.hasDate, !y.hasTimeOfDay, y.grain >= .day {
            return nil
        }
        // Both ends in one zone: the range is read in it, so a date said once applies to both
        // ("15:00 GMT to 16:00 GMT on 5 March").
        if case .zoned(let a, let z, let abbr) = x, case .zoned(let b, let z2, _) = y, z == z2 {
            return intervalOf(a, b).map { .zoned($0, zone: z, abbreviation: abbr) }
        }
        // A zone said at the end applies to both ends: "9:30 - 11:00 CST", "Sat 22:00 to Sun
        // 02:00 AEST" (where the end's day and zoned hour were read as one time).
        if case .zoned(let inner, let z, let abbr) = zoneLifted(y), !isZoned(x) {
            return intervalOf(x, inner).map { .zoned($0, zone: z, abbreviation: abbr) }
        }
        // A day said after the end applies to both ends: "1pm-2pm tomorrow".
        if case .fields(let a) = x, a.hasTimeOfDay, !a.hasDate, case .intersect(.fields(let bt), let d) = y, !bt.hasDate, bt.hasTimeOfDay {
            return intervalOf(.fields(a), .fields(bt)).map { .intersect(d, $0) }
        }
        // A date said once applies to both ends: "9am-5pm on Sep 3", "Feb 21–23", "13th to 15th July".
        if case .fields(var a) = x, case .fields(var b) = y {
            if a.hasTimeOfDay && !a.hasDate && b.hasDate && b.hasTimeOfDay {
                a.year = b.year; a.month = b.month; a.day = b.day; a.weekday = b.weekday
                return intervalOf(.fields(a), .fields(b))
            }
            if a.day != nil && b.day != nil && !a.hasTimeOfDay && !b.hasTimeOfDay {
                if a.month == nil, let m = b.month { a.month = m; a.year = a.year ?? b.year }
                if b.month == nil, let m = a.month { b.month = m; b.year = b.year ?? a.year }
                if a.month != nil && b.month != nil && (x.fields! != a || y.fields! != b) { return .interval(.fields(a), .fields(b)) }
            }
        }
        if case .fields(let a) = x, a.hasTimeOfDay, !a.hasDate, case .intersect(let d, .fields(let bt)) = y, !bt.hasDate {
            return intervalOf(.fields(a), .fields(bt)).map { .intersect(d, $0) }
        }
        // ("tomorrow 6:30-7:15am": the day said with the start.)
        if case .intersect(let d, .fields(let at)) = x, at.hasTimeOfDay, !at.hasDate, case .fields(let b) = y, b.hasTimeOfDay, !b.hasDate {
            return intervalOf(.fields(at), .fields(b)).map { .intersect(d, $0) }
        }
        // "6-7am" → 06:00; "11-1am" → 23:00 (the start before the end, on the clock said).
        if case .fields(var a) = x, case .fields(let b) = y, let ha = a.hour, let hb = b.hour,
           a.hourIsAmbiguous, !b.hourIsAmbiguous, hb < 12, ha <= 12 {
            let amStart = ha % 12
            a.hour = amStart * 60 + (a.minute ?? 0) < hb * 60 + (b.minute ?? 0) ? amStart : amStart + 12
            a.hourIsAmbiguous = false
            return .interval(.fields(a), .fields(b))
        }
        if case .fields(var a) = x, case .fields(let b) = y, let ha = a.hour, let hb = b.hour,
           a.hourIsAmbiguous, !b.hourIsAmbiguous, hb >= 12 {
            // "2-4pm" → 14:00; but "10-4pm" keeps 10:00 (the pm would put the start after the end).
            let pmStart = ha % 12 + 12
            if pmStart * 60 + (a.minute ?? 0) < hb * 60 + (b.minute ?? 0) { a.hour = pmStart }
            a.hourIsAmbiguous = false
            return .interval(.fields(a), .fields(b))
        }
        return .interval(x, y)
    }
}
