import Foundation
import Synchronization

/// When in the day a tithi (lunar day) must prevail for a festival to be kept on that civil day.
/// A festival is kept on the day whose moment holds the tithi, or whose window (aparahna,
/// pradosh) the tithi touches; when two days qualify, the first (or, for rules marked `later`,
/// the second); when none does (a tithi too short to hold any day's moment), the civil day of
/// the tithi's midpoint.
public enum TithiTime: String, Hashable, Sendable, CaseIterable {
    /// Udaya tithi, the common rule.
    case sunrise
    /// The end of the morning (pratahkala, the first fifth of daylight): the tithi must last
    /// past it (Raksha Bandhan: a Purnima ending earlier leaves the festival on the day before).
    case morning
    /// The forenoon (the first two fifths of daylight) (Vasant Panchami).
    case forenoon
    /// Madhyahna: midday (Ganesh Chaturthi, Rama Navami).
    case noon
    /// Aparahna: the fourth fifth of daylight (Vijayadashami, Bhai Dooj).
    case afternoon
    case sunset
    /// Pradosh: the first three muhurtas (a fifth) of the night (Diwali, Dhanteras, Holika Dahan).
    case evening
    /// Nishita: the middle of the night (Janmashtami, Maha Shivaratri).
    case midnight
    /// Moonrise, estimated from the Moon's elongation (Karva Chauth).
    case moonrise
}

/// How the civil day of a sankranti (the Sun entering a sidereal sign) is chosen.
public enum SankrantiDay: String, Hashable, Sendable {
    /// The day it happens on, or the next when it happens after sunset (Makar Sankranti, Pongal,
    /// the Tamil and Punjabi solar months).
    case sunset
    /// The civil day it happens on (Bengali reckoning counts the month from the next day).
    case day
}

/// A Hindu lunisolar calendar (Panchang) computed from the Sun and the Moon (`Astronomy`).
///
/// Conventions, chosen once here:
/// - Place and time: New Delhi (28.61° N, 77.21° E), civil days in IST (UTC+5:30). Published
///   North-Indian calendars use this; other places can be a day apart.
/// - Tithi: the Moon–Sun elongation in twelve-degree steps, 1–15 the bright half (Shukla,
///   15 = Purnima), 16–30 the dark half (Krishna, 30 = Amavasya).
/// - Months are amanta (South and West India): a month runs from new moon to new moon and is
///   named by the sidereal sign the Sun is in when it starts: the Sun in Pisces starts Chaitra
///   (1), Aries Vaishakha (2), … Aquarius Phalguna (12). North-Indian (purnimanta) calendars
///   call the dark half by the next month's name: the amanta Ashvin Amavasya (Diwali) is their
///   Kartika Amavasya. A lunation during which the Sun enters no sign is an adhika (leap) month,
///   named like the next one; festivals are kept in the regular (nija) month.
/// - Sidereal longitudes use the Lahiri ayanamsa; signs 0 = Aries … 11 = Pisces; nakshatras
///   1 = Ashwini … 27 = Revati, 13°20′ each.
///
/// Results are cached per (rule, year): a year's computation costs a few hundred microseconds.
enum HinduCalendar {
    static let latitude = 28.6139
    static let longitude = 77.2090
    static let utcOffsetHours = 5.5

    static let monthNames = ["chaitra", "vaishakha", "jyeshtha", "ashadha", "shravana", "bhadrapada",
                             "ashvin", "kartika", "margashirsha", "pausha", "magha", "phalguna"]
    static let signNames = ["aries", "taurus", "gemini", "cancer", "leo", "virgo",
                            "libra", "scorpio", "sagittarius", "capricorn", "aquarius", "pisces"]

    // MARK: Days

    static func civilDate(_ jd: Double) -> CivilDate {
        Astronomy.civilDate(jd: jd, offsetHours: utcOffsetHours)
    }

    static func sun(_ d: CivilDate) -> (rise: Double, set: Double) {
        Astronomy.sunriseSunset(d, latitude: latitude, longitude: longitude)
    }

    /// The part of a civil day in which a tithi is checked (a moment for most: start == end).
    static func window(_ at: TithiTime, of d: CivilDate) -> (start: Double, end: Double) {
        let (rise, set) = sun(d)
        let day = set - rise
        switch at {
        case .sunrise: return (rise, rise)
        case .morning: return (rise + day * 0.2, rise + day * 0.2)
        case .forenoon: return (rise, rise + day * 0.4)
        case .noon: return (rise + day / 2, rise + day / 2)
        case .afternoon: return (rise + day * 0.6, rise + day * 0.8)
        case .sunset: return (set, set)
        case .evening:
            let night = sun(d.adding(days: 1)).rise - set
            return (set, set + night * 0.2)
        case .midnight:
            let night = sun(d.adding(days: 1)).rise - set
            return (set + night / 2, set + night / 2)
        case .moonrise:
            // The Moon rises about as much later than the Sun as it stands east of it: a day
            // per 360° of elongation (ignoring the difference in declination, about an hour).
            var t = set
            for _ in 0..<4 { t = rise + Astronomy.elongation(jd: t) / 360 }
            return (t, t)
        }
    }

    // MARK: Lunations and months

    struct Lunation: Sendable {
        var newMoon: Double
        var next: Double
        /// 1 = Chaitra … 12 = Phalguna (amanta).
        var month: Int
        var adhika: Bool
    }

    /// The lunations starting from mid-November of the year before to the end of January after.
    static func lunations(around year: Int) -> [Lunation] {
        if let hit = lunationCache.withLock({ $0[year] }) { return hit }
        let result = computeLunations(around: year)
        lunationCache.withLock { $0[year] = result }
        return result
    }

    private static let lunationCache = Mutex<[Int: [Lunation]]>([:])

    private static func computeLunations(around year: Int) -> [Lunation] {
        var moons: [Double] = []
        var nm = Astronomy.newMoon(near: Astronomy.julianDay(CivilDate(year - 1, 11, 15)))
        let end = Astronomy.julianDay(CivilDate(year + 1, 3, 1))
        while nm < end {
            moons.append(nm)
            nm = Astronomy.newMoon(near: nm + Astronomy.synodicMonth)
        }
        moons.append(nm)
        let signs = moons.map { Int(Astronomy.siderealSunLongitude(jd: $0) / 30) }
        var out: [Lunation] = []
        for i in 0..<(moons.count - 1) {
            out.append(Lunation(newMoon: moons[i], next: moons[i + 1], month: (signs[i] + 1) % 12 + 1,
                                adhika: signs[i] == signs[i + 1]))
        }
        return out
    }

    /// The instant a tithi (1–30) of a lunation starts.
    static func tithiStart(_ tithi: Int, of l: Lunation) -> Double {
        if tithi == 1 { return l.newMoon }
        let guess = l.newMoon + Double(tithi - 1) * (l.next - l.newMoon) / 30
        return Astronomy.solve(Astronomy.elongation, target: Double(12 * (tithi - 1)), near: guess,
                               rate: 360 / Astronomy.synodicMonth)
    }

    static func tithiEnd(_ tithi: Int, of l: Lunation) -> Double {
        tithi == 30 ? l.next : tithiStart(tithi + 1, of: l)
    }

    /// The civil day a tithi running from `start` to `end` is kept on.
    static func observedDay(start: Double, end: Double, at: TithiTime, later: Bool) -> CivilDate {
        let first = civilDate(start).adding(days: -1), last = civilDate(end).adding(days: 1)
        var hits: [CivilDate] = []
        var d = first
        while d <= last {
            let w = window(at, of: d)
            if w.start == w.end ? (w.start >= start && w.start < end) : (w.start < end && w.end > start) { hits.append(d) }
            d = d.adding(days: 1)
        }
        if let h = later ? hits.last : hits.first { return h }
        return civilDate((start + end) / 2)
    }

    /// Days of a tithi of an amanta month (not its adhika month) in the lunations around a
    /// Gregorian year (from mid-November before to February after; callers filter the year).
    static func days(month: Int, tithi: Int, at: TithiTime, later: Bool, in year: Int) -> [CivilDate] {
        cached(.tithi(month: month, tithi: tithi, at: at, later: later, year: year)) {
            lunations(around: year).filter { $0.month == month && !$0.adhika }.map { l in
                observedDay(start: tithiStart(tithi, of: l), end: tithiEnd(tithi, of: l), at: at, later: later)
            }
        }
    }

    // MARK: Solar months

    /// The instant the Sun enters a sidereal sign (0 = Aries) in a Gregorian year.
    static func sankranti(sign: Int, in year: Int) -> Double {
        let jan1 = Astronomy.julianDay(CivilDate(year, 1, 1))
        let now = Astronomy.siderealSunLongitude(jd: jan1)
        let guess = jan1 + Astronomy.normalized(Double(30 * sign) - now) / 0.9856
        return Astronomy.solve(Astronomy.siderealSunLongitude, target: Double(30 * sign), near: guess, rate: 0.9856)
    }

    static func sankrantiDay(sign: Int, rule: SankrantiDay, in year: Int) -> CivilDate {
        let jd = sankranti(sign: sign, in: year)
        let d = civilDate(jd)
        if rule == .sunset && jd >= sun(d).set { return d.adding(days: 1) }
        return d
    }

    static func days(sankranti sign: Int, rule: SankrantiDay, in year: Int) -> [CivilDate] {
        cached(.sankranti(sign: sign, rule: rule, year: year)) {
            [sankrantiDay(sign: sign, rule: rule, in: year)]
        }
    }

    /// The nakshatra (1–27) of the Moon at an instant.
    static func nakshatra(jd: Double) -> Int {
        Int(Astronomy.siderealMoonLongitude(jd: jd) / (360.0 / 27)) + 1
    }

    /// The first day of the solar month of a sign (reckoned from its sankranti by the sunset
    /// rule) whose sunrise falls in a nakshatra, or that a short nakshatra passes in full
    /// between two sunrises; not before the month's day `fromDay`.
    static func days(nakshatra n: Int, sign: Int, fromDay: Int, in year: Int) -> [CivilDate] {
        cached(.nakshatra(n: n, sign: sign, fromDay: fromDay, year: year)) {
            let start = sankrantiDay(sign: sign, rule: .sunset, in: year)
            var d = start.adding(days: fromDay - 1)
            var here = nakshatra(jd: sun(d).rise)
            for _ in 0..<32 {
                let following = nakshatra(jd: sun(d.adding(days: 1)).rise)
                let passed = (here % 27) + 1 == n && (n % 27) + 1 == following
                if here == n || passed { return [d] }
                d = d.adding(days: 1)
                here = following
            }
            return []
        }
    }

    // MARK: Cache

    enum CacheKey: Hashable {
        case tithi(month: Int, tithi: Int, at: TithiTime, later: Bool, year: Int)
        case sankranti(sign: Int, rule: SankrantiDay, year: Int)
        case nakshatra(n: Int, sign: Int, fromDay: Int, year: Int)
    }

    private static let cache = Mutex<[CacheKey: [CivilDate]]>([:])

    private static func cached(_ key: CacheKey, _ compute: () -> [CivilDate]) -> [CivilDate] {
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let result = compute()
        cache.withLock { $0[key] = result }
        return result
    }
}
