/// An RFC 5545 RRULE value, parsed: the parts nlcal expands.
///
/// Supported: `FREQ` DAILY, WEEKLY, MONTHLY, YEARLY; `INTERVAL`; `COUNT`; `UNTIL` (a DATE,
/// a UTC date-time `…Z`, or a local date-time read in the event's zone); `BYDAY` with
/// ordinals (`2TH`, `-1FR`); `BYMONTHDAY` (negative counts from the month's end);
/// `BYMONTH`; `BYSETPOS`; `WKST`. Rules with finer frequencies or `BYHOUR`, `BYMINUTE`,
/// `BYSECOND`, `BYWEEKNO`, `BYYEARDAY` are refused with a message naming the part.
///
/// ```swift
/// let r = try RecurrenceRule("FREQ=MONTHLY;BYDAY=-1FR;COUNT=3")
/// r.byDay  // [WeekdayNum(ordinal: -1, weekday: 5)]
/// ```
public struct RecurrenceRule: Sendable, Equatable {
    public enum Frequency: String, Sendable {
        case minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"

        /// The step of a frequency within the day, in seconds (nil for days and longer).
        var seconds: Int? {
            switch self {
            case .minutely: return 60
            case .hourly: return 3600
            default: return nil
            }
        }
    }

    /// A BYDAY entry: an ISO weekday (1 = Monday … 7 = Sunday), with an optional ordinal.
    public struct WeekdayNum: Sendable, Equatable {
        public var ordinal: Int?
        public var weekday: Int
    }

    /// An UNTIL value: a date (inclusive through that day), a UTC instant, or a local time.
    public enum Until: Sendable, Equatable {
        case date(CivilDate)
        case utc(Int)
        case local(LocalDateTime)
    }

    public var frequency: Frequency
    public var interval = 1
    public var count: Int?
    public var until: Until?
    public var byDay: [WeekdayNum] = []
    public var byMonthDay: [Int] = []
    public var byMonth: [Int] = []
    /// Hours of the day each occurring day has an occurrence at (DAILY and longer), with the
    /// minute and second of DTSTART: "8am and 8pm daily" is BYHOUR=8,20.
    public var byHour: [Int] = []
    public var bySetPos: [Int] = []
    /// First day of the week for WEEKLY rules with INTERVAL > 1 (ISO weekday; default Monday).
    public var weekStart = 1

    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    public init(_ text: String) throws {
        var freq: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        let body = text.uppercased().hasPrefix("RRULE:") ? String(text.dropFirst(6)) : text
        for part in body.split(separator: ";", omittingEmptySubsequences: true) {
            let kv = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            guard kv.count == 2, !kv[1].isEmpty else { throw CalendarDataError("invalid RRULE part '\(part)'") }
            let (key, value) = (kv[0], kv[1])
            func ints(_ range: ClosedRange<Int>, allowNegative: Bool) throws -> [Int] {
                try value.split(separator: ",").map { s in
                    guard let n = Int(s), range.contains(abs(n)), allowNegative || n > 0 else {
                        throw CalendarDataError("invalid \(key) value '\(s)' in RRULE")
                    }
                    return n
                }
            }
            switch key {
            case "FREQ":
                guard let f = Frequency(rawValue: value) else {
                    throw CalendarDataError("unsupported RRULE frequency '\(value)' (MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY)")
                }
                freq = f
            case "INTERVAL":
                guard let n = Int(value), n >= 1 else { throw CalendarDataError("invalid INTERVAL '\(value)' in RRULE") }
                rule.interval = n
            case "COUNT":
                guard let n = Int(value), n >= 1 else { throw CalendarDataError("invalid COUNT '\(value)' in RRULE") }
                rule.count = n
            case "UNTIL":
                guard let u = Self.parseUntil(value) else { throw CalendarDataError("invalid UNTIL '\(value)' in RRULE") }
                rule.until = u
            case "BYDAY":
                rule.byDay = try value.split(separator: ",").map { item in
                    let code = String(item.suffix(2))
                    guard let w = Self.weekdayCodes.firstIndex(of: code) else { throw CalendarDataError("invalid BYDAY '\(item)' in RRULE") }
                    let prefix = item.dropLast(2)
                    if prefix.isEmpty { return WeekdayNum(ordinal: nil, weekday: w + 1) }
                    guard let n = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix), n != 0, abs(n) <= 53 else {
                        throw CalendarDataError("invalid BYDAY '\(item)' in RRULE")
                    }
                    return WeekdayNum(ordinal: n, weekday: w + 1)
                }
            case "BYMONTHDAY": rule.byMonthDay = try ints(1...31, allowNegative: true)
            case "BYMONTH": rule.byMonth = try ints(1...12, allowNegative: false)
            case "BYSETPOS": rule.bySetPos = try ints(1...366, allowNegative: true)
            case "WKST":
                guard let w = Self.weekdayCodes.firstIndex(of: value) else { throw CalendarDataError("invalid WKST '\(value)' in RRULE") }
                rule.weekStart = w + 1
            case "BYHOUR":
                rule.byHour = try value.split(separator: ",").map { s in
                    guard let n = Int(s), (0...23).contains(n) else { throw CalendarDataError("invalid BYHOUR value '\(s)' in RRULE") }
                    return n
                }
            case "BYMINUTE", "BYSECOND", "BYWEEKNO", "BYYEARDAY":
                throw CalendarDataError("unsupported RRULE part \(key)")
            default:
                if key.hasPrefix("X-") { continue }
                throw CalendarDataError("unknown RRULE part '\(key)'")
            }
        }
        guard let freq else { throw CalendarDataError("RRULE '\(text)' has no FREQ") }
        if rule.count != nil && rule.until != nil { throw CalendarDataError("RRULE has both COUNT and UNTIL") }
        if freq == .daily || freq == .weekly, rule.byDay.contains(where: { $0.ordinal != nil }) {
            throw CalendarDataError("BYDAY ordinals need FREQ=MONTHLY or YEARLY")
        }
        if !rule.byHour.isEmpty, freq.seconds != nil { throw CalendarDataError("BYHOUR needs FREQ=DAILY or longer") }
        rule.frequency = freq
        self = rule
    }

    public init(frequency: Frequency) { self.frequency = frequency }

    static func parseUntil(_ v: String) -> Until? {
        let digits = v.filter(\.isNumber)
        guard digits.count == 8 || digits.count == 14, let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)),
              let d = Int(digits.dropFirst(6).prefix(2)) else { return nil }
        let date = CivilDate(y, m, d)
        guard date.isValid else { return nil }
        if digits.count == 8 { return .date(date) }
        guard let h = Int(digits.dropFirst(8).prefix(2)), let mi = Int(digits.dropFirst(10).prefix(2)),
              let s = Int(digits.dropFirst(12).prefix(2)), h < 24, mi < 60, s < 61 else { return nil }
        let local = LocalDateTime(date, hour: h, minute: mi, second: min(s, 59))
        return v.hasSuffix("Z") ? .utc(local.wallSeconds) : .local(local)
    }
}
