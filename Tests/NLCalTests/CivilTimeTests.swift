import Testing
import Foundation
@testable import NLCal

@Suite struct CivilDateTests {
    @Test func dayNumberRoundTrips() {
        for n in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CivilDate(dayNumber: n).dayNumber == n)
        }
        #expect(CivilDate(1970, 1, 1).dayNumber == 0)
        #expect(CivilDate(2000, 3, 1).dayNumber == 11_017)
    }

    @Test func weekdaysAreISO() {
        #expect(CivilDate(2026, 3, 16).weekday == 1)  // Monday
        #expect(CivilDate(2013, 2, 12).weekday == 2)  // Tuesday
        #expect(CivilDate(2026, 11, 22).weekday == 7) // Sunday
    }

    @Test func addingMonthsClampsTheDay() {
        #expect(CivilDate(2026, 1, 31).adding(months: 1) == CivilDate(2026, 2, 28))
        #expect(CivilDate(2024, 1, 31).adding(months: 1) == CivilDate(2024, 2, 29))
        #expect(CivilDate(2026, 11, 15).adding(months: 3) == CivilDate(2027, 2, 15))
        #expect(CivilDate(2026, 1, 15).adding(months: -2) == CivilDate(2025, 11, 15))
    }

    @Test func startOfWeekHonoursTheFirstWeekday() {
        #expect(CivilDate(2026, 11, 22).startOfWeek(firstWeekday: 1) == CivilDate(2026, 11, 16))
        #expect(CivilDate(2026, 11, 22).startOfWeek(firstWeekday: 7) == CivilDate(2026, 11, 22))
    }

    @Test func easterDates() {
        #expect(Holiday.westernEaster(2013) == CivilDate(2013, 3, 31))
        #expect(Holiday.westernEaster(2026) == CivilDate(2026, 4, 5))
        #expect(Holiday.orthodoxEasterDate(2018) == CivilDate(2018, 4, 8))
    }

    @Test func nthWeekdayOfMonth() {
        #expect(Calendar.nthWeekday(4, 4, year: 2013, month: 11) == CivilDate(2013, 11, 28))  // Thanksgiving
        #expect(Calendar.nthWeekday(-1, 1, year: 2026, month: 5) == CivilDate(2026, 5, 25))  // Memorial Day
        #expect(Calendar.nthWeekday(5, 1, year: 2026, month: 2) == nil)
    }
}

@Suite struct ZoneTests {
    let ny = Zone(identifier: "America/New_York")!
    let berlin = Zone(identifier: "Europe/Berlin")!

    @Test func unknownZonesAreRejected() {
        #expect(Zone(identifier: "Mars/Olympus") == nil)
        #expect(Zone(identifier: "") == nil)
    }

    @Test func springForwardGapMovesForward() {
        // 2026-03-08 02:30 does not exist in New York.
        let (t, mapping) = ny.instant(of: LocalDateTime(CivilDate(2026, 3, 8), hour: 2, minute: 30))
        #expect(ny.iso(t) == "2026-03-08T03:30:00-04:00")
        #expect(mapping == .skipped(gapSeconds: 3600))
    }

    @Test func fallBackOverlapTakesTheFirst() {
        let (t, mapping) = ny.instant(of: LocalDateTime(CivilDate(2026, 11, 1), hour: 1, minute: 15))
        #expect(ny.iso(t) == "2026-11-01T01:15:00-04:00")
        guard case .repeated(let later) = mapping else { Issue.record("expected an overlap"); return }
        #expect(ny.iso(later) == "2026-11-01T01:15:00-05:00")
    }

    @Test func berlinTransitions() {
        #expect(berlin.iso(berlin.instant(of: LocalDateTime(CivilDate(2026, 3, 29), hour: 2, minute: 45)).instant) == "2026-03-29T03:45:00+02:00")
        let (t, m) = berlin.instant(of: LocalDateTime(CivilDate(2026, 10, 25), hour: 2, minute: 30))
        #expect(berlin.iso(t) == "2026-10-25T02:30:00+02:00")
        #expect(m != .exact)
    }

    @Test func isoParsing() {
        let tokyo = Zone(identifier: "Asia/Tokyo")!
        #expect(ISOTimestamp.parse("2026-03-11T09:15:00+09:00", zone: ny).map(tokyo.iso) == "2026-03-11T09:15:00+09:00")
        #expect(ISOTimestamp.parse("2026-03-11T09:15:00", zone: tokyo).map(tokyo.iso) == "2026-03-11T09:15:00+09:00")
        #expect(ISOTimestamp.parse("2026-03-11T00:15:00Z", zone: tokyo).map(tokyo.iso) == "2026-03-11T09:15:00+09:00")
        #expect(ISOTimestamp.parse("2026-03-11", zone: tokyo).map(tokyo.iso) == "2026-03-11T00:00:00+09:00")
        #expect(ISOTimestamp.parse("2026-02-30T10:00:00", zone: tokyo) == nil)
        #expect(ISOTimestamp.parse("yesterday", zone: tokyo) == nil)
        #expect(ISOTimestamp.parse("2026-03-11T25:00:00", zone: tokyo) == nil)
    }
}

@Suite struct ZoneOffsetTableTests {
    /// The offset table must agree with the zone data it caches everywhere, transitions
    /// included: zones with DST both hemispheres, half-hour and 45-minute offsets, a zone that
    /// changed its standard offset (Samoa skipped 30 Dec 2011), and a fixed offset.
    @Test func offsetsMatchTheZoneDatabase() throws {
        let ids = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "Asia/Kathmandu",
                   "Pacific/Apia", "Australia/Lord_Howe", "America/Sao_Paulo", "Etc/GMT+2", "UTC"]
        for id in ids {
            let zone = try #require(Zone(identifier: id))
            let source = zone.source
            // Every 3 hours and 17 minutes from 1960 to 2040, and a second either side of each transition.
            var t = -315_619_200
            while t < 2_208_988_800 {
                #expect(zone.offset(at: t) == source.offset(at: t), "\(id) at \(t)")
                t += 11_820
            }
            var d = 946_684_800
            while let at = source.nextTransition(after: d), at < 2_208_988_800 {
                for probe in [at - 1, at, at + 1] {
                    #expect(zone.offset(at: probe) == source.offset(at: probe), "\(id) at \(probe)")
                }
                #expect(source.offset(at: at - 1) != source.offset(at: at) || zone.isDaylightSaving(at: at - 1) != zone.isDaylightSaving(at: at), "\(id): no change at \(at)")
                d = at
            }
        }
    }
}
