import Foundation
import Synchronization

/// Converts dates of lunar and lunisolar calendars (Hebrew, Islamic, Chinese) to Gregorian days.
///
/// The arithmetic is the platform's (ICU calendars through Foundation): Hebrew is exact, the
/// Islamic calendar is Umm al-Qura (the Saudi reference tables; observed dates elsewhere can
/// differ by a day) from 1999, when Saudi Arabia adopted its present rule (AH 1420), and
/// before that the astronomical Islamic calendar (ICU's "islamic": the month starts at the
/// first evening the new crescent can be seen, which is what the older tables followed); Chinese
/// follows the astronomical rules. Month numbers are the calendar's
/// own: Hebrew 1 = Tishri … 6 = Adar I (leap years), 7 = Adar (Adar II in leap years),
/// 8 = Nisan … 13 = Elul; Islamic 1 = Muharram … 9 = Ramadan, 10 = Shawwal, 12 = Dhu al-Hijjah.
enum LunarConversion {
    /// The first Gregorian year of Umm al-Qura's present rule.
    static let ummAlQuraFrom = 1999

    private static func calendar(_ c: Holiday.LunarCalendar, year: Int) -> Foundation.Calendar {
        let id: Foundation.Calendar.Identifier
        switch c {
        case .hebrew: id = .hebrew
        case .islamic: id = year >= ummAlQuraFrom ? .islamicUmmAlQura : .islamic
        case .chinese: id = .chinese
        }
        var cal = Foundation.Calendar(identifier: id)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal
    }

    private static let gregorian: Foundation.Calendar = {
        var g = Foundation.Calendar(identifier: .gregorian)
        g.timeZone = TimeZone(identifier: "UTC")!
        return g
    }()

    /// Gregorian days of every occurrence of month/day in the lunar years that overlap a
    /// Gregorian year (some may fall outside it; callers filter).
    static func gregorianDays(_ c: Holiday.LunarCalendar, month: Int, day: Int, in year: Int) -> [CivilDate] {
        // Calendar conversions are slow (Foundation, ICU); a date's answer never changes.
        let key = CacheKey(calendar: c, month: month, day: day, year: year)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let result = convert(c, month: month, day: day, in: year)
        cache.withLock { $0[key] = result }
        return result
    }

    private struct CacheKey: Hashable {
        var calendar: Holiday.LunarCalendar
        var month: Int
        var day: Int
        var year: Int
    }

    private static let cache = Mutex<[CacheKey: [CivilDate]]>([:])

    private static func convert(_ c: Holiday.LunarCalendar, month: Int, day: Int, in year: Int) -> [CivilDate] {
        let cal = calendar(c, year: year)
        // The lunar years (era, year) touched by this Gregorian year: probe the first of each month.
        var years: [(Int, Int)] = []
        for m in [1, 4, 7, 10, 12] {
            let probeDay = m == 12 ? 31 : 1
            guard let probe = gregorian.date(from: DateComponents(year: year, month: m, day: probeDay, hour: 12)) else { continue }
            let comps = cal.dateComponents([.era, .year], from: probe)
            guard let e = comps.era, let y = comps.year else { continue }
            if !years.contains(where: { $0 == (e, y) }) { years.append((e, y)) }
        }
        var out: [CivilDate] = []
        for (e, y) in years {
            var dc = DateComponents()
            dc.era = e; dc.year = y; dc.month = month; dc.day = day; dc.hour = 12
            guard let date = cal.date(from: dc) else { continue }
            // ICU rolls an impossible day into the next month; keep only exact conversions.
            let back = cal.dateComponents([.month, .day], from: date)
            guard back.month == month, back.day == day else { continue }
            let g = gregorian.dateComponents([.year, .month, .day], from: date)
            guard let gy = g.year, let gm = g.month, let gd = g.day else { continue }
            let civil = CivilDate(gy, gm, gd)
            if !out.contains(civil) { out.append(civil) }
        }
        return out.sorted()
    }
}
