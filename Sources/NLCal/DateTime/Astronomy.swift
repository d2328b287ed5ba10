import Foundation

/// Low-precision positions of the Sun and the Moon, after Jean Meeus, "Astronomical Algorithms"
/// (2nd ed., 1998), enough for calendar work: the Sun to about 0.01° (chapter 25), the Moon to
/// about 0.003° with the 60 main periodic terms of its longitude (chapter 47, table 47.A).
/// An error of 0.01° in the Moon–Sun elongation moves a tithi's start by about a minute.
///
/// Instants are Julian Days in Universal Time (`jd`); the theories run on Terrestrial Time, so
/// they add ΔT first. Longitudes are apparent, ecliptic, of the equinox of date (tropical), in
/// degrees 0 ..< 360; `sidereal…` subtract the Lahiri (Chitrapaksha) ayanamsa used by Indian
/// calendars. Pure functions, no state.
enum Astronomy {
    /// Julian Day of 1970-01-01T00:00 UT (`CivilDate.dayNumber` 0).
    static let unixEpochJD = 2_440_587.5
    static let j2000 = 2_451_545.0
    /// Mean synodic month, days.
    static let synodicMonth = 29.530588853

    /// The Julian Day of a civil date's midnight in UT, plus hours.
    static func julianDay(_ d: CivilDate, hoursUT: Double = 0) -> Double {
        unixEpochJD + Double(d.dayNumber) + hoursUT / 24
    }

    /// The civil date at an instant, in a zone `offsetHours` ahead of UT.
    static func civilDate(jd: Double, offsetHours: Double) -> CivilDate {
        CivilDate(dayNumber: Int((jd - unixEpochJD + offsetHours / 24).rounded(.down)))
    }

    /// ΔT = TT − UT in seconds (Espenak & Meeus polynomials, simplified outside 1900–2150).
    static func deltaT(jd: Double) -> Double {
        let y = 2000 + (jd - j2000) / 365.25
        switch y {
        case ..<1900:
            let u = (y - 1820) / 100
            return -20 + 32 * u * u
        case ..<1986:
            let t = y - 1955
            return 31.1 + 0.999 * t + 0.0036 * t * t      // a fit of the 20th-century values
        case ..<2005:
            let t = y - 2000
            return 63.86 + 0.3345 * t - 0.060374 * t * t + 0.0017275 * t * t * t
        case ..<2050:
            let t = y - 2000
            return 62.92 + 0.32217 * t + 0.005589 * t * t
        default:
            let u = (y - 1820) / 100
            return -20 + 32 * u * u - 0.5628 * (2150 - y)
        }
    }

    /// Julian centuries of TT since J2000.0.
    static func centuries(jd: Double) -> Double {
        (jd + deltaT(jd: jd) / 86_400 - j2000) / 36_525
    }

    @inline(__always) static func normalized(_ deg: Double) -> Double {
        let r = deg.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }

    /// An angle brought into −180 ..< 180.
    @inline(__always) static func signed(_ deg: Double) -> Double {
        let r = normalized(deg)
        return r >= 180 ? r - 360 : r
    }

    @inline(__always) static func rad(_ deg: Double) -> Double { deg * .pi / 180 }

    /// Nutation in longitude, degrees (Meeus 22, the two largest terms).
    static func nutationLongitude(t: Double) -> Double {
        let omega = rad(125.04452 - 1934.136261 * t)
        let ls = rad(280.4665 + 36_000.7698 * t)
        return (-17.20 * sin(omega) - 1.32 * sin(2 * ls)) / 3600
    }

    /// Apparent geocentric longitude of the Sun (Meeus 25, low precision: ~0.01°).
    static func sunLongitude(jd: Double) -> Double {
        let t = centuries(jd: jd)
        let l0 = 280.46646 + 36_000.76983 * t + 0.0003032 * t * t
        let m = rad(357.52911 + 35_999.05029 * t - 0.0001537 * t * t)
        let c = (1.914602 - 0.004817 * t - 0.000014 * t * t) * sin(m)
            + (0.019993 - 0.000101 * t) * sin(2 * m) + 0.000289 * sin(3 * m)
        let omega = rad(125.04 - 1934.136 * t)
        return normalized(l0 + c - 0.00569 - 0.00478 * sin(omega))
    }

    /// Meeus table 47.A: multiples of D, M, M′, F and the coefficient of the sine, 1e-6 degree.
    private static let moonTerms: [(Double, Double, Double, Double, Double)] = [
        (0, 0, 1, 0, 6_288_774), (2, 0, -1, 0, 1_274_027), (2, 0, 0, 0, 658_314),
        (0, 0, 2, 0, 213_618), (0, 1, 0, 0, -185_116), (0, 0, 0, 2, -114_332),
        (2, 0, -2, 0, 58_793), (2, -1, -1, 0, 57_066), (2, 0, 1, 0, 53_322),
        (2, -1, 0, 0, 45_758), (0, 1, -1, 0, -40_923), (1, 0, 0, 0, -34_720),
        (0, 1, 1, 0, -30_383), (2, 0, 0, -2, 15_327), (0, 0, 1, 2, -12_528),
        (0, 0, 1, -2, 10_980), (4, 0, -1, 0, 10_675), (0, 0, 3, 0, 10_034),
        (4, 0, -2, 0, 8_548), (2, 1, -1, 0, -7_888), (2, 1, 0, 0, -6_766),
        (1, 0, -1, 0, -5_163), (1, 1, 0, 0, 4_987), (2, -1, 1, 0, 4_036),
        (2, 0, 2, 0, 3_994), (4, 0, 0, 0, 3_861), (2, 0, -3, 0, 3_665),
        (0, 1, -2, 0, -2_689), (2, 0, -1, 2, -2_602), (2, -1, -2, 0, 2_390),
        (1, 0, 1, 0, -2_348), (2, -2, 0, 0, 2_236), (0, 1, 2, 0, -2_120),
        (0, 2, 0, 0, -2_069), (2, -2, -1, 0, 2_048), (2, 0, 1, -2, -1_773),
        (2, 0, 0, 2, -1_595), (4, -1, -1, 0, 1_215), (0, 0, 2, 2, -1_110),
        (3, 0, -1, 0, -892), (2, 1, 1, 0, -810), (4, -1, -2, 0, 759),
        (0, 2, -1, 0, -713), (2, 2, -1, 0, -700), (2, 1, -2, 0, 691),
        (2, -1, 0, -2, 596), (4, 0, 1, 0, 549), (0, 0, 4, 0, 537),
        (4, -1, 0, 0, 520), (1, 0, -2, 0, -487), (2, 1, 0, -2, -399),
        (0, 0, 2, -2, -381), (1, 1, 1, 0, 351), (3, 0, -2, 0, -340),
        (4, 0, -3, 0, 330), (2, -1, 2, 0, 327), (0, 2, 1, 0, -323),
        (1, 1, -1, 0, 299), (2, 0, 3, 0, 294),
    ]

    /// Apparent geocentric longitude of the Moon (Meeus 47, longitude series; ~10″).
    static func moonLongitude(jd: Double) -> Double {
        let t = centuries(jd: jd)
        let t2 = t * t, t3 = t2 * t, t4 = t3 * t
        let lp = 218.3164477 + 481_267.88123421 * t - 0.0015786 * t2 + t3 / 538_841 - t4 / 65_194_000
        let d = 297.8501921 + 445_267.1114034 * t - 0.0018819 * t2 + t3 / 545_868 - t4 / 113_065_000
        let m = 357.5291092 + 35_999.0502909 * t - 0.0001536 * t2 + t3 / 24_490_000
        let mp = 134.9633964 + 477_198.8675055 * t + 0.0087414 * t2 + t3 / 69_699 - t4 / 14_712_000
        let f = 93.2720950 + 483_202.0175233 * t - 0.0036539 * t2 - t3 / 3_526_000 + t4 / 863_310_000
        let e = 1 - 0.002516 * t - 0.0000074 * t2
        var sum = 0.0
        for (cd, cm, cmp, cf, coeff) in moonTerms {
            let arg = rad(cd * d + cm * m + cmp * mp + cf * f)
            let ecc = cm == 0 ? 1 : (abs(cm) == 1 ? e : e * e)
            sum += coeff * ecc * sin(arg)
        }
        // Venus, Jupiter and the flattening of the Earth.
        let a1 = 119.75 + 131.849 * t, a2 = 53.09 + 479_264.290 * t
        sum += 3958 * sin(rad(a1)) + 1962 * sin(rad(lp - f)) + 318 * sin(rad(a2))
        return normalized(lp + sum / 1_000_000 + nutationLongitude(t: t))
    }

    /// Moon minus Sun, 0 ..< 360: 0 at new moon, 180 at full moon.
    static func elongation(jd: Double) -> Double {
        normalized(moonLongitude(jd: jd) - sunLongitude(jd: jd))
    }

    /// The Lahiri ayanamsa: 23.853° at J2000.0, precessing 50.2875″ a year (plus a small
    /// quadratic term), the offset between tropical and Indian sidereal longitudes.
    static func lahiriAyanamsa(jd: Double) -> Double {
        let t = (jd - j2000) / 36_525
        return 23.85306 + (5028.796 * t + 1.1054 * t * t) / 3600
    }

    static func siderealSunLongitude(jd: Double) -> Double {
        normalized(sunLongitude(jd: jd) - lahiriAyanamsa(jd: jd))
    }

    static func siderealMoonLongitude(jd: Double) -> Double {
        normalized(moonLongitude(jd: jd) - lahiriAyanamsa(jd: jd))
    }

    /// The instant near `guess` when `angle` (increasing about `rate` degrees a day) reaches
    /// `target` (Newton steps on the signed difference; converges in a few steps).
    static func solve(_ angle: (Double) -> Double, target: Double, near guess: Double, rate: Double) -> Double {
        var jd = guess
        for _ in 0..<12 {
            let step = signed(target - angle(jd)) / rate
            jd += step
            if abs(step) < 1e-6 { break }
        }
        return jd
    }

    /// The new moon nearest `jd`.
    static func newMoon(near jd: Double) -> Double {
        solve(elongation, target: 0, near: jd, rate: 360 / synodicMonth)
    }

    /// The Sun's equatorial coordinates (right ascension, declination; degrees).
    static func sunEquatorial(jd: Double) -> (ra: Double, dec: Double) {
        let t = centuries(jd: jd)
        let lambda = rad(sunLongitude(jd: jd))
        let eps = rad(23.439291 - 0.0130042 * t + 0.00256 * cos(rad(125.04 - 1934.136 * t)))
        let ra = normalized(atan2(cos(eps) * sin(lambda), cos(lambda)) * 180 / .pi)
        let dec = asin(sin(eps) * sin(lambda)) * 180 / .pi
        return (ra, dec)
    }

    /// Sunrise and sunset on a civil date at a place (degrees, east and north positive), as
    /// Julian Days UT: the Sun's upper limb on a sea-level horizon with standard refraction
    /// (altitude −0.833°), Meeus chapter 15 with one refinement. The date is the one whose
    /// local noon (mean solar time) the events surround.
    static func sunriseSunset(_ date: CivilDate, latitude: Double, longitude: Double) -> (rise: Double, set: Double) {
        let jd0 = julianDay(date)
        let localNoon = jd0 + 0.5 - longitude / 360
        func event(_ sign: Double) -> Double {
            var jd = localNoon + sign * 0.25
            for _ in 0..<3 {
                let (ra, dec) = sunEquatorial(jd: jd)
                // Greenwich mean sidereal time, degrees.
                let gmst = normalized(280.46061837 + 360.98564736629 * (jd - j2000))
                let hourAngle = signed(gmst + longitude - ra)
                let phi = rad(latitude), delta = rad(dec)
                let cosH0 = (sin(rad(-0.833)) - sin(phi) * sin(delta)) / (cos(phi) * cos(delta))
                let h0 = acos(max(-1, min(1, cosH0))) * 180 / .pi
                // Move until the hour angle is −H0 (rising) or +H0 (setting); sidereal rate.
                jd += signed(sign * h0 - hourAngle) / 360.98564736629
            }
            return jd
        }
        return (event(-1), event(1))
    }
}
