import Testing
import Foundation
@testable import NLCal

/// The TZif reader and the POSIX TZ rules that carry a zone past its last transition.
@Suite struct ZoneDatabaseTests {
    /// Seconds since the epoch of a UTC wall time.
    func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0) -> Int {
        LocalDateTime(CivilDate(y, m, d), hour: h, minute: mi).wallSeconds
    }

    @Test func northernRuleSwitchesAtTwoLocal() throws {
        let r = try #require(PosixTZ("EST5EDT,M3.2.0,M11.1.0"))
        // 2030: second Sunday of March is the 10th, first Sunday of November the 3rd.
        #expect(r.localType(at: utc(2030, 3, 10, 6, 59)).offset == -5 * 3600)
        #expect(r.localType(at: utc(2030, 3, 10, 7, 0)).offset == -4 * 3600)
        #expect(r.localType(at: utc(2030, 11, 3, 5, 59)).offset == -4 * 3600)
        #expect(r.localType(at: utc(2030, 11, 3, 6, 0)).offset == -5 * 3600)
        #expect(r.localType(at: utc(2030, 7, 1)).abbreviation == "EDT")
        #expect(r.nextTransition(after: utc(2030, 1, 1)) == utc(2030, 3, 10, 7, 0))
    }

    @Test func southernRuleHasDaylightOverNewYear() throws {
        let r = try #require(PosixTZ("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(r.localType(at: utc(2031, 1, 15)).offset == 11 * 3600)
        #expect(r.localType(at: utc(2031, 7, 15)).offset == 10 * 3600)
        // First Sunday of April 2031 is the 6th: 03:00 AEDT is 16:00 UTC the day before.
        #expect(r.localType(at: utc(2031, 4, 5, 15, 59)).isDST)
        #expect(!r.localType(at: utc(2031, 4, 5, 16, 0)).isDST)
    }

    @Test func quotedNamesAndHalfHours() throws {
        let r = try #require(PosixTZ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(r.standard.abbreviation == "+1030")
        #expect(r.localType(at: utc(2031, 7, 1)).offset == 10 * 3600 + 1800)
        #expect(r.localType(at: utc(2031, 1, 1)).offset == 11 * 3600)
        let fixed = try #require(PosixTZ("MST7"))
        #expect(fixed.localType(at: utc(2040, 7, 1)).offset == -7 * 3600)
        #expect(fixed.nextTransition(after: 0) == nil)
    }

    @Test func malformedRulesAreRefused() {
        for s in ["", "E5", "EST5EDT,M3.2", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,J0,J400", "EST"] {
            #expect(PosixTZ(s) == nil, "\(s)")
        }
    }

    /// A version-2 TZif file built by hand: two transitions, then the footer's rule.
    func sampleFile() -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { withUnsafeBytes(of: Int32(v).bigEndian, Array.init) }
        func be64(_ v: Int) -> [UInt8] { withUnsafeBytes(of: Int64(v).bigEndian, Array.init) }
        func header(times: Int) -> [UInt8] {
            Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + be32(0) + be32(0) + be32(0) + be32(times) + be32(2) + be32(8)
        }
        let times = [utc(2020, 3, 8, 7), utc(2020, 11, 1, 6)]
        let types: [UInt8] = be32(-5 * 3600) + [0, 0] + be32(-4 * 3600) + [1, 4]
        let chars = Array("EST\0EDT\0".utf8)
        let v1 = header(times: 2) + times.flatMap(be32) + [1, 0] + types + chars
        let v2 = header(times: 2) + times.flatMap(be64) + [1, 0] + types + chars
        return v1 + v2 + Array("\nEST5EDT,M3.2.0,M11.1.0\n".utf8)
    }

    @Test func readsTransitionsThenTheFooter() throws {
        let z = try #require(TZif(data: sampleFile()))
        #expect(z.offset(at: utc(2019, 1, 1)) == -5 * 3600)        // before the first: type 0
        #expect(z.offset(at: utc(2020, 7, 1)) == -4 * 3600)        // between the two
        #expect(z.localType(at: utc(2020, 7, 1)).abbreviation == "EDT")
        #expect(z.offset(at: utc(2035, 7, 1)) == -4 * 3600)        // past them: the rule
        #expect(z.offset(at: utc(2035, 12, 1)) == -5 * 3600)
        #expect(z.nextTransition(after: utc(2020, 1, 1)) == utc(2020, 3, 8, 7))
        #expect(z.nextTransition(after: utc(2020, 12, 1)) == utc(2021, 3, 14, 7))
    }

    @Test func damagedFilesAreRefused() {
        let good = sampleFile()
        #expect(TZif(data: Array(good.prefix(30))) == nil)
        #expect(TZif(data: Array("TZxf".utf8) + good.dropFirst(4)) == nil)
        #expect(TZif(data: Array(good.prefix(good.count / 2))) == nil)
    }

    @Test func identifiersStayInsideTheDatabase() {
        #expect(TZif(identifier: "../../etc/passwd") == nil)
        #expect(TZif(identifier: "/etc/localtime") == nil)
        #expect(Zone(identifier: "right/UTC") == nil)
        #expect(Zone(identifier: "Not/AZone") == nil)
    }

    /// Where the rules have not changed, the system database and Foundation's agree.
    @Test func agreesWithFoundationOnSettledZones() throws {
        for id in ["America/New_York", "Europe/London", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "Asia/Tokyo"] {
            let zone = try #require(Zone(identifier: id))
            let tz = try #require(TimeZone(identifier: id))
            for t in stride(from: utc(1990, 1, 1), to: utc(2025, 1, 1), by: 86_400 * 7 + 3_607) {
                #expect(zone.offset(at: t) == tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))), "\(id) at \(t)")
            }
        }
    }
}
