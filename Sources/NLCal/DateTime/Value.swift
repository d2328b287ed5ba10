/// What a grammar item stands for: a number, a word, a time expression, a duration, a zone.
///
/// The large payloads (zone, recurrence) are boxed so a value stays small (24 bytes, not 80):
/// the chart copies values on every match.
public enum Value: Hashable, Sendable {
    /// A number; `digits` counts the digits as typed (0 for numbers in words), so "09" ≠ "9".
    case number(Double, digits: Int)
    case text(String)
    case time(TimeExpr)
    case duration(Duration)
    /// A time zone named in the text: an IANA identifier, with whether it was an abbreviation
    /// that names a region's civil time ("EST" in July is read as EDT but flagged).
    indirect case zone(String, abbreviation: String?)
    /// A recurrence rule under construction (FREQ/BYDAY/…), with the time it recurs at.
    indirect case recurrence(Recurrence)
    /// A date written in full that does not exist ("June 31", "29 February 2014"), with why.
    /// It covers its words like a date, so no part of it ("June") is taken for the time.
    case invalidDate(String)

    var number: Double? { if case .number(let v, _) = self { return v }; return nil }
    var int: Int? { number.flatMap { $0 == $0.rounded() ? Int($0) : nil } }
    var textValue: String? {
        switch self {
        case .text(let t): return t
        case .number(let v, _): return v == v.rounded() ? String(Int(v)) : String(v)
        default: return nil
        }
    }
    var time: TimeExpr? { if case .time(let t) = self { return t }; return nil }
    var duration: Duration? { if case .duration(let d) = self { return d }; return nil }
}

/// An amount of time in calendar units ("2 weeks", "1h30").
public struct Duration: Hashable, Sendable {
    /// Amounts per grain; fractional amounts of fixed-length units are allowed ("2.5 hours").
    public var parts: [Grain: Double]

    public init(_ parts: [Grain: Double]) { self.parts = parts }
    public init(_ amount: Double, _ unit: Grain) { self.parts = [unit: amount] }

    /// The finest unit mentioned.
    public var finestGrain: Grain { parts.keys.min() ?? .second }

    public func adding(_ other: Duration) -> Duration {
        Duration(parts.merging(other.parts, uniquingKeysWith: +))
    }

    public func negated() -> Duration { Duration(parts.mapValues { -$0 }) }

    /// Fixed seconds if the duration uses only second/minute/hour units.
    public var fixedSeconds: Double? {
        var total = 0.0
        for (g, v) in parts {
            guard let s = g.fixedSeconds else { return nil }
            total += v * Double(s)
        }
        return total
    }

    /// Total seconds with days as 24 h and weeks as 7 days (for event lengths).
    public var approximateSeconds: Double {
        parts.reduce(0.0) { acc, p in
            let unit: Double
            switch p.key {
            case .second: unit = 1
            case .minute: unit = 60
            case .hour: unit = 3600
            case .day: unit = 86_400
            case .week: unit = 604_800
            case .month: unit = 2_592_000
            case .quarter: unit = 7_776_000
            case .year: unit = 31_536_000
            }
            return acc + p.value * unit
        }
    }
}

/// A part of the day: "morning" is 04:00–12:00 and an event said "in the morning" starts at 09:00.
public struct DayPart: Hashable, Sendable {
    public var name: String
    /// Seconds after midnight; `to` may be 86400 (midnight at the end of the day).
    public var from: Int
    public var to: Int
    public var defaultStart: Int
    /// The part ends the day ("end of day", "close of business"): a deadline said with it lasts
    /// until its end ("by EOD": until midnight), where "by lunch" lasts until lunch begins.
    public var endsDay = false
    /// The part names no more than its day to a reader ("first thing Monday" is Monday), but
    /// an event said with it starts at the default ("first thing" → 09:00).
    public var saysDay = false
}

/// The fields of a calendar pattern: "Tue", "March 5", "1pm", "Tue 1pm" are all fields.
/// Unset fields are free; resolution finds the next time that matches the set ones.
public struct Fields: Hashable, Sendable {
    // The numbers are stored as Int32 with a sentinel for "unset": a Fields is copied on every
    // match and every resolution step, and seven `Int?` made it 160 bytes.
    private var y = Fields.unset, mo = Fields.unset, d = Fields.unset, wd = Fields.unset
    private var h = Fields.unset, mi = Fields.unset, s = Fields.unset
    private static let unset = Int32.min
    private static func get(_ v: Int32) -> Int? { v == unset ? nil : Int(v) }
    private static func stored(_ v: Int?) -> Int32 { v.map { Int32(clamping: $0) } ?? unset }

    public var year: Int? { get { Fields.get(y) } set { y = Fields.stored(newValue) } }
    public var month: Int? { get { Fields.get(mo) } set { mo = Fields.stored(newValue) } }
    public var day: Int? { get { Fields.get(d) } set { d = Fields.stored(newValue) } }
    /// ISO weekday, 1 = Monday.
    public var weekday: Int? { get { Fields.get(wd) } set { wd = Fields.stored(newValue) } }
    /// Any of several weekdays ("every Mon and Wed", "every weekday").
    public var weekdaySet: [Int]?
    public var hour: Int? { get { Fields.get(h) } set { h = Fields.stored(newValue) } }
    public var minute: Int? { get { Fields.get(mi) } set { mi = Fields.stored(newValue) } }
    public var second: Int? { get { Fields.get(s) } set { s = Fields.stored(newValue) } }
    /// The hour was said on a 12-hour clock with no am/pm ("at 8", "3:30"): it may be either.
    public var hourIsAmbiguous = false
    /// The hour was said as minutes to the next one ("quarter to seven" is 6:45 said of seven):
    /// that named hour, not this one, picks the half of the day.
    public var saidOfNextHour = false
    public var dayPart: DayPart?

    public init() {}

    /// The finest field set.
    public var grain: Grain {
        if second != nil { return .second }
        if minute != nil { return .minute }
        if hour != nil { return .hour }
        if dayPart != nil { return .hour }
        if day != nil || weekday != nil || weekdaySet != nil { return .day }
        if month != nil { return .month }
        if year == nil { return .day }  // the empty pattern: any day
        return .year
    }

    /// (A minute with no hour is the next time the clock shows it: "at twenty past".)
    public var hasTimeOfDay: Bool { hour != nil || dayPart != nil || minute != nil }
    public var hasDate: Bool { year != nil || month != nil || day != nil || weekday != nil || weekdaySet != nil }

    /// Both sets of constraints at once, or nil when they contradict.
    public func merged(with o: Fields) -> Fields? {
        var r = self
        func take<T: Equatable>(_ a: T?, _ b: T?) -> (T?, Bool) {
            switch (a, b) {
            case (nil, let y): return (y, true)
            case (let x, nil): return (x, true)
            case (let x?, let y?): return (x, x == y)
            }
        }
        var ok = true
        var okField: Bool
        (r.year, okField) = take(year, o.year); ok = ok && okField
        (r.month, okField) = take(month, o.month); ok = ok && okField
        (r.day, okField) = take(day, o.day); ok = ok && okField
        (r.weekday, okField) = take(weekday, o.weekday); ok = ok && okField
        (r.weekdaySet, okField) = take(weekdaySet, o.weekdaySet); ok = ok && okField
        // One weekday and a set of them: that weekday if the set holds it ("Mon" + "Wed and Fri": none).
        if let w = r.weekday, let ws = r.weekdaySet {
            guard ws.contains(w) else { return nil }
            r.weekdaySet = nil
        }
        // Two clock times are one only when they are the same ("10 tomorrow - let's say 10").
        if let h = hour, let h2 = o.hour {
            guard h == h2, (minute ?? 0) == (o.minute ?? 0), (second ?? 0) == (o.second ?? 0) else { return nil }
        }
        // Minutes said alone and a clock time with other minutes are no one time either ("five
        // past" + "midnight": the minutes-past rules read that).
        if hour == nil || o.hour == nil, let m = minute, let m2 = o.minute, m != m2 { return nil }
        r.hour = hour ?? o.hour
        r.minute = hour != nil ? minute : o.minute
        r.second = hour != nil ? second : o.second
        r.hourIsAmbiguous = hour != nil ? hourIsAmbiguous && (o.hour == nil || o.hourIsAmbiguous) : o.hourIsAmbiguous
        switch (dayPart, o.dayPart) {
        case (nil, let p), (let p, nil): r.dayPart = p
        case (let p?, let q?): if p != q { return nil }
        }
        return ok ? r : nil
    }
}

/// A time expression as the grammar builds it; `Resolver` turns it into concrete instants.
///
/// Expressions are resolved late, against the parse context (reference instant, zone, policies),
/// so the same grammar serves any "now".
public indirect enum TimeExpr: Hashable, Sendable {
    /// The reference instant ("now"), grain second.
    case now
    /// A calendar pattern: its next occurrence (or the one the policy picks).
    case fields(Fields)
    /// Today shifted by whole days: "today" 0, "tomorrow" 1.
    case day(offset: Int)
    /// The cycle of a grain containing now, shifted: "this week" (week, 0), "next month" (month, 1).
    case cycle(Grain, offset: Int)
    /// A base time (now when nil) moved by a duration: "in 3 days", "3 days after Easter".
    case shifted(TimeExpr?, Duration)
    /// Both at once: "tomorrow at 3pm", "Tue the 19th".
    case intersect(TimeExpr, TimeExpr)
    /// An occurrence of a pattern counted from today: "next Tue" (+1), "last Tue" (-1), "this Tue" (0).
    case relative(TimeExpr, offset: Int)
    /// The nth occurrence of a pattern inside a span: "second Tuesday of March" (2),
    /// "last Friday of the month" (-1).
    case nth(Int, TimeExpr, in: TimeExpr)
    /// From one time to another; `to` is exclusive for named times and inclusive for days.
    case interval(TimeExpr, TimeExpr)
    /// An interval open on one side: "after 2pm", "by Friday".
    case openInterval(from: TimeExpr?, to: TimeExpr?)
    /// A span of a given length starting at a time: "4pm for 30 mins".
    case spanFor(TimeExpr, Duration)
    /// A date computed each year: Easter ± days, the nth weekday of a month.
    case holiday(Holiday)
    /// A wall-clock time read in another zone ("3pm PT").
    case zoned(TimeExpr, zone: String, abbreviation: String?)
    /// The first, middle or last part of a span: "end of the month", "mid March",
    /// "beginning of the week".
    case edge(TimeExpr, EdgePart)
    /// A numeric date whose order (M/D or D/M) depends on the locale: "3/5", "03/04".
    case numericDate(first: Int, second: Int, year: Int?)
    /// From now until a time: "by 2pm" (until 14:00), "by Friday" (until Friday ends when
    /// `inclusive`), "within 2 weeks" (until the day two weeks on starts).
    case deadline(TimeExpr, inclusive: Bool)
    /// `count` consecutive cycles of a grain, the first `from` cycles away from the current one:
    /// "the last 2 weeks" (week, from: -2, count: 2), "the next 3 days" (day, 1, 3).
    case cycles(Grain, from: Int, count: Int)
    /// A time resolved as if said at another moment: "thanksgiving in 3 years" is the first
    /// Thanksgiving on or after three years from now.
    case anchored(TimeExpr, at: TimeExpr)
    /// The cycle of a grain that contains a time: "the week of October 6th".
    case containing(Grain, TimeExpr)
    /// A weekend: Saturday and Sunday, said from Friday evening (see `Resolver.weekend`).
    case weekend
    /// The weekend a day belongs to, with the day: "Thanksgiving weekend" (Thursday to Sunday),
    /// "Memorial Day weekend" (Saturday to Monday). See `Resolver.weekend(of:)`.
    case weekendOf(TimeExpr)
    /// The part of a year split at fixed days (`starts`, as MMDD) that contains today, moved by
    /// `offset` parts: "this season" (seasons split the year at 03-20, 06-21, 09-23, 12-21); each
    /// part ends `endShift` days after the next one starts (0: at its start).
    case yearPart(starts: [Int], offset: Int, endShift: Int)
    /// The nth occurrence of a time nearest to another, before or after it: "the closest Monday
    /// to Oct 5th" (1), "the 3rd closest xmas to today" (3).
    case closest(Int, TimeExpr, to: TimeExpr)

    /// The precision the expression is written to.
    public var grain: Grain {
        switch self {
        case .now: return .second
        case .fields(let f): return f.grain
        case .day: return .day
        case .cycle(let g, _): return g
        case .shifted(_, let d): return d.finestGrain
        case .intersect(let a, let b): return min(a.grain, b.grain)
        case .relative(let e, _): return e.grain
        case .nth(_, let e, _): return e.grain
        case .interval(let a, let b): return min(a.grain, b.grain)
        case .openInterval(let a, let b): return min(a?.grain ?? .year, b?.grain ?? .year)
        case .spanFor(let a, let d): return min(a.grain, d.finestGrain)
        case .holiday(let h): return h.timeOfDay == nil ? .day : .minute
        case .zoned(let e, _, _): return e.grain
        case .edge(let e, _): return e.grain
        case .numericDate: return .day
        case .deadline: return .second
        case .cycles(let g, _, _): return g
        case .anchored(let e, _): return e.grain
        case .containing(let g, let e): return max(g, e.grain)
        case .weekend, .yearPart, .weekendOf: return .day
        case .closest(_, let e, _): return e.grain
        }
    }

    /// Whether the expression says a time of day (so an event is not all-day).
    public var hasTimeOfDay: Bool {
        switch self {
        case .now: return true
        case .fields(let f): return f.hasTimeOfDay
        case .cycle(let g, _): return g < .day
        case .day, .numericDate: return false
        case .holiday(let h): return h.timeOfDay != nil
        case .shifted(let b, let d): return (b?.hasTimeOfDay ?? false) || d.finestGrain < .day
        case .intersect(let a, let b): return a.hasTimeOfDay || b.hasTimeOfDay
        case .relative(let e, _), .nth(_, let e, _), .zoned(let e, _, _), .edge(let e, _): return e.hasTimeOfDay
        case .interval(let a, let b): return a.hasTimeOfDay || b.hasTimeOfDay
        case .openInterval(let a, let b): return (a?.hasTimeOfDay ?? false) || (b?.hasTimeOfDay ?? false)
        case .spanFor(let a, let d): return a.hasTimeOfDay || d.finestGrain < .day
        case .deadline: return true
        case .cycles(let g, _, _): return g < .day
        case .anchored(let e, _): return e.hasTimeOfDay
        case .containing(let g, _): return g < .day
        case .weekend, .yearPart, .weekendOf: return false
        case .closest(_, let e, _): return e.hasTimeOfDay
        }
    }

    var fields: Fields? { if case .fields(let f) = self { return f }; return nil }
}

/// Which part of a span an edge names: "beginning of", "mid", "end of".
public enum EdgePart: String, Hashable, Sendable { case start, middle, end }

/// A holiday rule: a day computed each year, moved by observance rules, lasting one or more days.
///
/// Written in `holidays.lex` as a base and modifiers separated by spaces:
/// `12-25`, `easter-2`, `nth:11:4:4+1`, `hebrew:01-10 eve`, `islamic:09-01 to:islamic:10-01-1`,
/// `10-16 sat-1 sun+1` (moved to the nearest weekday), `06-21 to:09-23` (a season).
public struct Holiday: Hashable, Sendable {
    /// The day a holiday is computed from, in a given Gregorian year.
    public enum Base: Hashable, Sendable {
        case fixed(month: Int, day: Int)
        case easter(offset: Int)
        case orthodoxEaster(offset: Int)
        /// n-th (negative counts from the end) ISO weekday of a month, plus a day offset
        /// (Black Friday is the 4th Thursday of November + 1).
        case nthWeekday(month: Int, n: Int, weekday: Int, offset: Int)
        /// A day of a month in a lunar or lunisolar calendar, converted with the platform's
        /// calendars (ICU): Hebrew, Islamic (Umm al-Qura), Chinese. A Gregorian year may hold
        /// two occurrences of an Islamic date.
        case lunar(LunarCalendar, month: Int, day: Int, offset: Int)
        /// A day of a calendar of exactly 365 days with no leap days (the Shahenshahi Parsi
        /// calendar), given by one known occurrence: it comes a day earlier every four years.
        case vague(epoch: CivilDate)
        /// A tithi (1–15 bright half, 16–30 dark half) of an amanta Hindu month (1 = Chaitra …
        /// 12 = Phalguna), kept on the day the tithi holds at a time of day (`HinduCalendar`).
        case hindu(month: Int, tithi: Int, at: TithiTime, later: Bool, offset: Int)
        /// The day the Sun enters a sidereal sign (0 = Aries … 11 = Pisces), plus days.
        case sankranti(sign: Int, rule: SankrantiDay, offset: Int)
        /// The first day of the solar month of a sign, from its day `fromDay`, whose sunrise
        /// falls in a nakshatra (1 = Ashwini … 27 = Revati), plus days.
        case nakshatra(Int, sign: Int, fromDay: Int, offset: Int)
        /// The day (in UT) the Sun reaches an apparent ecliptic longitude: 0 the March equinox,
        /// 90 the June solstice, 180 the September equinox, 270 the December solstice.
        case sun(longitude: Int)
    }

    /// Moved by `shift` days when the computed day is also a day of `base` (Earth Hour leaves
    /// Holy Saturday for the Saturday before).
    public struct Clash: Hashable, Sendable {
        public var base: Base
        public var shift: Int
    }

    public enum LunarCalendar: String, Hashable, Sendable { case hebrew, islamic, chinese }

    public var base: Base
    /// More days of the same name: the holiday is whichever comes ("bank holiday Monday" is
    /// Easter Monday, the May ones or August's).
    public var others: [Base] = []
    /// Observance moves, by ISO weekday of the computed day: [6: -1] moves a Saturday to Friday.
    public var weekdayShift: [Int: Int] = [:]
    /// Moved to the last day of this ISO weekday strictly before the computed day (the last
    /// Friday of Ramadan is the last Friday before Eid al-Fitr).
    public var previousWeekday: Int?
    /// Days added after the weekday moves: -1 for holidays kept from the eve (the Hebrew day
    /// starts at sunset).
    public var offset = 0
    /// How many days it lasts.
    public var days = 1
    /// Or where it ends: the first day of this rule on or after the start, inclusive (seasons).
    public var until: Base?
    /// Moves when the day coincides with another holiday, applied first.
    public var clashes: [Clash] = []
    /// A time of day (minutes after midnight) and a length in minutes, for holidays that are
    /// an hour rather than a day (Earth Hour, 20:30–21:30).
    public var timeOfDay: Int?
    public var minutes = 60
    /// The same name kept on other days in some places ("Mother's Day" is Mothering Sunday in
    /// the UK and Ireland): the variant for the user's place replaces this one (`kept(in:)`).
    public var regional: [Regional] = []

    /// A holiday's day in some places: country codes ("GB") and zone identifiers
    /// ("Australia/Melbourne", for a day kept by one state).
    public struct Regional: Hashable, Sendable {
        public var places: [String]
        public var holiday: Holiday
    }

    public init(_ base: Base) { self.base = base }

    /// The holiday as kept in a zone: a variant naming the zone itself first, then one naming
    /// its country (or, for a zone of no country, the locale's region); else this one.
    func kept(inZone zone: String, country: String?) -> Holiday {
        guard !regional.isEmpty else { return self }
        if let v = regional.first(where: { $0.places.contains(zone) }) { return v.holiday }
        if let country, let v = regional.first(where: { $0.places.contains(country) }) { return v.holiday }
        return self
    }

    public var isSpan: Bool { days > 1 || until != nil }

    /// Kept on a weekday of its own (Labor Day's Monday, Easter's Sunday) rather than on a date
    /// that falls on any weekday (Christmas).
    var hasOwnWeekday: Bool {
        switch base {
        case .nthWeekday, .easter, .orthodoxEaster: return true
        default: return false
        }
    }

    /// Start days of the occurrences that start in a Gregorian year.
    func starts(in year: Int) -> [CivilDate] {
        let computed = others.isEmpty ? Holiday.days(of: base, in: year)
            : ([base] + others).flatMap { Holiday.days(of: $0, in: year) }.sorted()
        return computed.map { computed in
            var d = computed
            for c in clashes where Holiday.days(of: c.base, in: d.year).contains(d) { d = d.adding(days: c.shift) }
            if let w = previousWeekday {
                d = d.adding(days: -1)
                while d.weekday != w { d = d.adding(days: -1) }
            }
            return d.adding(days: (weekdayShift[d.weekday] ?? 0) + offset)
        }
    }

    /// The last day (inclusive) of the occurrence that starts on `start`.
    func lastDay(from start: CivilDate) -> CivilDate {
        guard let until else { return start.adding(days: days - 1) }
        for y in start.year...(start.year + 1) {
            if let d = Holiday.days(of: until, in: y).first(where: { $0 >= start }) { return d }
        }
        return start
    }

    static func days(of base: Base, in year: Int) -> [CivilDate] {
        switch base {
        case .fixed(let m, let d):
            let c = CivilDate(year, m, d)
            return c.isValid ? [c] : []
        case .easter(let off):
            return [westernEaster(year).adding(days: off)]
        case .orthodoxEaster(let off):
            return [orthodoxEasterDate(year).adding(days: off)]
        case .nthWeekday(let m, let n, let wd, let off):
            return Calendar.nthWeekday(n, wd, year: year, month: m).map { [$0.adding(days: off)] } ?? []
        case .lunar(let cal, let m, let d, let off):
            return LunarConversion.gregorianDays(cal, month: m, day: d, in: year).map { $0.adding(days: off) }
                .filter { $0.year == year }
        case .hindu(let m, let t, let at, let later, let off):
            // The lunations around a year include its neighbours' ends: filter after the offset.
            return HinduCalendar.days(month: m, tithi: t, at: at, later: later, in: year)
                .map { $0.adding(days: off) }.filter { $0.year == year }.sorted()
        case .sankranti(let sign, let rule, let off):
            return (HinduCalendar.days(sankranti: sign, rule: rule, in: year)
                + HinduCalendar.days(sankranti: sign, rule: rule, in: year + 1)
                + HinduCalendar.days(sankranti: sign, rule: rule, in: year - 1))
                .map { $0.adding(days: off) }.filter { $0.year == year }.sorted()
        case .nakshatra(let n, let sign, let from, let off):
            return (HinduCalendar.days(nakshatra: n, sign: sign, fromDay: from, in: year)
                + HinduCalendar.days(nakshatra: n, sign: sign, fromDay: from, in: year - 1))
                .map { $0.adding(days: off) }.filter { $0.year == year }.sorted()
        case .sun(let longitude):
            // The Sun moves about 0.9856° a day from the March equinox, near 20 March.
            let guess = Astronomy.julianDay(CivilDate(year, 3, 20)) + Double(longitude) / 0.9856
            let jd = Astronomy.solve(Astronomy.sunLongitude, target: Double(longitude), near: guess, rate: 0.9856)
            return [Astronomy.civilDate(jd: jd, offsetHours: 0)]
        case .vague(let epoch):
            // The occurrence in `year` is a whole number of 365-day years from the epoch.
            let approxYears = year - epoch.year
            for k in (approxYears - 1)...(approxYears + 1) {
                let d = CivilDate(dayNumber: epoch.dayNumber + 365 * k)
                if d.year == year { return [d] }
            }
            return []
        }
    }

    /// The first day of the holiday in a year (the earliest when it occurs twice).
    func date(in year: Int) -> CivilDate? { starts(in: year).first }

    /// Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
    static func westernEaster(_ y: Int) -> CivilDate {
        let a = y % 19, b = y / 100, c = y % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate(y, month, day)
    }

    /// Julian-calendar Easter (Meeus), converted to the Gregorian date.
    static func orthodoxEasterDate(_ y: Int) -> CivilDate {
        let a = y % 4, b = y % 7, c = y % 19
        let d = (19 * c + 15) % 30
        let e = (2 * a + 4 * b - d + 34) % 7
        let month = (d + e + 114) / 31
        let day = (d + e + 114) % 31 + 1
        let julianOffset = y / 100 - y / 400 - 2
        return CivilDate(y, month, day).adding(days: julianOffset)
    }
}

/// Calendar helpers shared by operators and resolution.
enum Calendar {
    /// The nth ISO weekday of a month; n < 0 counts from the end (-1 = last).
    static func nthWeekday(_ n: Int, _ weekday: Int, year: Int, month: Int) -> CivilDate? {
        if n > 0 {
            let first = CivilDate(year, month, 1)
            var delta = weekday - first.weekday
            if delta < 0 { delta += 7 }
            let d = first.adding(days: delta + (n - 1) * 7)
            return d.month == month ? d : nil
        } else if n < 0 {
            let last = CivilDate(year, month, CivilDate.daysIn(year: year, month: month))
            var delta = last.weekday - weekday
            if delta < 0 { delta += 7 }
            let d = last.adding(days: -delta + (n + 1) * 7)
            return d.month == month ? d : nil
        }
        return nil
    }
}

/// A recurrence as RFC 5545 parts; the time it recurs at travels alongside.
public struct Recurrence: Hashable, Sendable {
    public var freq: String            // DAILY, WEEKLY, MONTHLY, YEARLY
    public var interval: Int = 1
    public var byDay: [String] = []    // "MO", "2TH", "-1FR"
    public var byMonthDay: [Int] = []
    public var byMonth: [Int] = []
    /// Hours of each day it happens at, when more than one: "8am and 8pm daily" (BYHOUR=8,20).
    public var byHour: [Int] = []
    public var count: Int?
    public var until: TimeExpr?
    /// The first occurrence's pattern (weekday, time of day…), resolved to the next match.
    public var anchor: TimeExpr?
    /// "every second Wednesday", read every other week, may mean the second Wednesday of each
    /// month: that N, for the chip offering it.
    public var monthlyReading: Int?
    /// Only days left out ("except Mondays"): it narrows a habit said apart and makes none alone
    /// ("Any day except Monday works" is no habit).
    public var narrowsOnly = false

    public init(freq: String) { self.freq = freq }

    public var rrule: String { rrule(until: nil) }

    /// The RRULE with an UNTIL value already formatted (RFC 5545: a UTC date-time
    /// `20261231T145959Z`, or a DATE `20261231` for all-day events).
    public func rrule(until: String?) -> String {
        var parts = ["FREQ=\(freq)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.joined(separator: ",")) }
        if !byHour.isEmpty { parts.append("BYHOUR=" + byHour.map(String.init).joined(separator: ",")) }
        if let count { parts.append("COUNT=\(count)") } else if let until { parts.append("UNTIL=\(until)") }
        return parts.joined(separator: ";")
    }
}

extension Fields: CustomStringConvertible {
    /// The fields that are set, for traces: `Fields(weekday: 2, hour: 15)`.
    public var description: String {
        var parts: [String] = []
        func add(_ name: String, _ v: Int?) { if let v { parts.append("\(name): \(v)") } }
        add("year", year); add("month", month); add("day", day); add("weekday", weekday)
        if let ws = weekdaySet { parts.append("weekdaySet: \(ws)") }
        add("hour", hour); add("minute", minute); add("second", second)
        if hourIsAmbiguous { parts.append("hourIsAmbiguous: true") }
        if let p = dayPart { parts.append("dayPart: \(p.name)") }
        return "Fields(" + parts.joined(separator: ", ") + ")"
    }
}
