import Testing
@testable import NLCal

/// Holidays kept on other days in some places: the value syntax, and which variant a zone picks.
struct RegionalHolidayTests {
    let spec = "nth:5:2:7 ; GB IE: easter-21 ; Australia/Perth: nth:9:1:7"

    func day(_ spec: String, zone: String, locale: String = "en", year: Int = 2027) -> CivilDate? {
        guard let h = Operators.parseHoliday(spec), let z = Zone(identifier: zone) else { return nil }
        let now = z.instant(of: LocalDateTime(CivilDate(year, 1, 2), hour: 12, minute: 0)).instant
        var r = Resolver(Resolver.Context(now: now, zone: z, locale: locale))
        guard let start = r.resolve(.holiday(h))?.start else { return nil }
        return z.local(at: start).date
    }

    @Test func variantsAreParsed() throws {
        let h = try #require(Operators.parseHoliday(spec))
        #expect(h.base == .nthWeekday(month: 5, n: 2, weekday: 7, offset: 0))
        #expect(h.regional.map(\.places) == [["GB", "IE"], ["Australia/Perth"]])
        #expect(h.regional[0].holiday.base == .easter(offset: -21))
    }

    @Test func badPlacesAndValuesAreRejected() {
        #expect(Operators.parseHoliday("nth:5:2:7 ; gb: easter-21") == nil)
        #expect(Operators.parseHoliday("nth:5:2:7 ; Nowhere/Atlantis: easter-21") == nil)
        #expect(Operators.parseHoliday("nth:5:2:7 ; GB easter-21") == nil)
        #expect(Operators.parseHoliday("nth:5:2:7 ; GB: someday") == nil)
        #expect(Operators.parseHoliday("nth:5:2:7 ; : easter-21") == nil)
    }

    @Test func theZoneOrItsCountryPicks() {
        // 2027: Easter is 28 March, so Mothering Sunday is the 7th; the US date is 9 May.
        #expect(day(spec, zone: "Europe/London") == CivilDate(2027, 3, 7))
        #expect(day(spec, zone: "Europe/Dublin", locale: "en-US") == CivilDate(2027, 3, 7))
        #expect(day(spec, zone: "America/Chicago", locale: "en-GB") == CivilDate(2027, 5, 9))
        #expect(day(spec, zone: "Australia/Perth") == CivilDate(2027, 9, 5))
        #expect(day(spec, zone: "Australia/Sydney") == CivilDate(2027, 5, 9))
    }

    @Test func aLinkCountsAsItsZoneAndNoCountryFallsBackToTheLocale() {
        #expect(ZoneCountry.canonical("Asia/Calcutta") == "Asia/Kolkata")
        #expect(ZoneCountry.country(of: "Asia/Calcutta") == "IN")
        #expect(ZoneCountry.country(of: "UTC") == nil)
        #expect(day(spec, zone: "UTC", locale: "en-GB") == CivilDate(2027, 3, 7))
        #expect(day(spec, zone: "UTC", locale: "en") == CivilDate(2027, 5, 9))
    }
}

/// Days computed from the Sun's longitude: solstices and equinoxes (UT).
struct SolarHolidayTests {
    func day(_ spec: String, _ year: Int) -> CivilDate? {
        Operators.parseHoliday(spec)?.starts(in: year).first
    }

    @Test func solsticesAndEquinoxesFallOnTheirDays() {
        // Published instants (UT): 2024-06-20 20:51, 2027-12-22 01:42, 2028-09-22 13:45,
        // 2026-03-20 14:46.
        #expect(day("sun:90", 2024) == CivilDate(2024, 6, 20))
        #expect(day("sun:270", 2027) == CivilDate(2027, 12, 22))
        #expect(day("sun:180", 2028) == CivilDate(2028, 9, 22))
        #expect(day("sun:0", 2026) == CivilDate(2026, 3, 20))
        #expect(Operators.parseHoliday("sun:360") == nil)
    }
}
