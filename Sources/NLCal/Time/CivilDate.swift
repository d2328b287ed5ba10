/// A proleptic-Gregorian calendar date with no time zone, the unit of day arithmetic.
///
/// Resolution works in civil (wall-clock) time and converts to instants only at the end, so
/// "tomorrow" stays a calendar day even on a 23- or 25-hour DST day. The arithmetic is the
/// days-from-civil algorithm, which is exact over the whole range nlcal needs and allocation-free.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(_ year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday (ISO 4)
        return (w < 0 ? w + 7 : w) + 1
    }

    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// Adds calendar months, clamping the day to the target month's length (Jan 31 + 1 month = Feb 28).
    public func adding(months: Int) -> CivilDate {
        let total = year * 12 + (month - 1) + months
        let y = total >= 0 ? total / 12 : (total - 11) / 12
        let m = total - y * 12 + 1
        return CivilDate(y, m, min(day, CivilDate.daysIn(year: y, month: m)))
    }

    public var isValid: Bool {
        month >= 1 && month <= 12 && day >= 1 && day <= CivilDate.daysIn(year: year, month: month)
    }

    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The Monday (or other configured first day) that starts the week containing this date.
    public func startOfWeek(firstWeekday: Int) -> CivilDate {
        var back = weekday - firstWeekday
        if back < 0 { back += 7 }
        return adding(days: -back)
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public var description: String {
        let y = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return "\(y)-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// A civil date and wall-clock time, to the second.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    /// Seconds since local midnight, 0 ..< 86400 (a value of 86400 is normalised to the next day).
    public var seconds: Int

    public init(_ date: CivilDate, seconds: Int = 0) {
        let extraDays = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        self.date = extraDays == 0 ? date : date.adding(days: extraDays)
        self.seconds = seconds - extraDays * 86_400
    }

    public init(_ date: CivilDate, hour: Int, minute: Int = 0, second: Int = 0) {
        self.init(date, seconds: hour * 3600 + minute * 60 + second)
    }

    public var hour: Int { seconds / 3600 }
    public var minute: Int { seconds / 60 % 60 }
    public var second: Int { seconds % 60 }

    /// Seconds since 1970-01-01T00:00 in this wall-clock frame (not an instant: no zone applied).
    public var wallSeconds: Int { date.dayNumber * 86_400 + seconds }

    public init(wallSeconds: Int) {
        let d = wallSeconds >= 0 ? wallSeconds / 86_400 : (wallSeconds - 86_399) / 86_400
        self.init(CivilDate(dayNumber: d), seconds: wallSeconds - d * 86_400)
    }

    public func adding(seconds s: Int) -> LocalDateTime { LocalDateTime(wallSeconds: wallSeconds + s) }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { a.wallSeconds < b.wallSeconds }

    public var description: String {
        "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}

@inline(__always)
func pad(_ value: Int, _ width: Int) -> String {
    var s = String(value)
    while s.count < width { s = "0" + s }
    return s
}
