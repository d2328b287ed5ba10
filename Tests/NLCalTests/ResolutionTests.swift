import Testing
@testable import NLCal

/// Resolution of the time expressions behind the English coverage: holiday spans and lunar
/// calendars, edges, deadlines, cycle ranges, nth-of spans and anchored dates.
///
/// Expressions are built directly (no grammar), resolved against Tuesday 2013-02-12 04:30 at
/// UTC-2, the reference of the Duckling corpus, and compared as local wall times.
struct ResolutionTests {
    let zone = Zone(identifier: "Etc/GMT+2")!

    var now: Int { zone.instant(of: LocalDateTime(CivilDate(2013, 2, 12), hour: 4, minute: 30)).instant }

    /// Resolves and returns (start, end) as local wall times, and the grain.
    func resolve(_ e: TimeExpr) -> (start: LocalDateTime?, end: LocalDateTime?, grain: Grain)? {
        var r = Resolver(Resolver.Context(now: now, zone: zone))
        guard let res = r.resolve(e) else { return nil }
        return (res.start.map { zone.local(at: $0) }, res.end.map { zone.local(at: $0) }, res.grain)
    }

    func day(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> LocalDateTime {
        LocalDateTime(CivilDate(y, m, d), hour: h, minute: min)
    }

    func holiday(_ spec: String) -> TimeExpr {
        .holiday(Operators.parseHoliday(spec)!)
    }

    func year(_ y: Int) -> TimeExpr {
        var f = Fields(); f.year = y
        return .fields(f)
    }

    // MARK: Holidays

    @Test func hebrewHolidayStartsAtTheEve() {
        // Yom Kippur 5779 is 10 Tishri = 2018-09-19; it begins the evening before.
        let r = resolve(.intersect(year(2018), holiday("hebrew:01-10 eve")))
        #expect(r?.start == day(2018, 9, 18))
    }

    @Test func hebrewHolidayMovesOffTheSabbath() {
        // 9 Av 5778 fell on Saturday 2018-07-21: the fast moves to Sunday, from Saturday evening.
        let r = resolve(.intersect(year(2018), holiday("hebrew:12-09 sat+1 eve")))
        #expect(r?.start == day(2018, 7, 21))
    }

    @Test func islamicAndChineseDates() {
        #expect(resolve(.intersect(year(2018), holiday("islamic:10-01")))?.start == day(2018, 6, 15))
        #expect(resolve(holiday("chinese:01-01"))?.start == day(2014, 1, 31))
    }

    @Test func ramadanIsASpanUntilTheEveOfEid() {
        let r = resolve(.intersect(year(2018), holiday("islamic:09-01 to:islamic:10-01-1")))
        #expect(r?.start == day(2018, 5, 16))
        #expect(r?.end == day(2018, 6, 15))
    }

    @Test func aSpanStillGoingOnIsTheCurrentOne() {
        // Winter 2012–13 contains the reference day.
        let r = resolve(holiday("12-21 to:03-20"))
        #expect(r?.start == day(2012, 12, 21))
        #expect(r?.end == day(2013, 3, 21))
    }

    @Test func observedOnTheNearestWeekday() {
        // Boss's Day: 16 October, on Sunday 2016 → Monday, on Saturday 2021 → Friday.
        let spec = "10-16 sat-1 sun+1"
        #expect(resolve(.intersect(year(2016), holiday(spec)))?.start == day(2016, 10, 17))
        #expect(resolve(.intersect(year(2021), holiday(spec)))?.start == day(2021, 10, 15))
    }

    @Test func vagueYearDriftsADayEveryFourYears() {
        #expect(resolve(.intersect(year(2022), holiday("vague:2018-08-17")))?.start == day(2022, 8, 16))
    }

    @Test func lastWeekdayBefore() {
        // Jumu'atul-Wida 2018: the last Friday before Eid al-Fitr (2018-06-15).
        #expect(resolve(.intersect(year(2018), holiday("islamic:10-01 prev:fri")))?.start == day(2018, 6, 8))
    }

    // MARK: Edges, deadlines and ranges

    @Test func edgesOfMonthWeekAndYear() {
        let eom = resolve(.edge(.cycle(.month, offset: 0), .end))
        #expect(eom?.start == day(2013, 2, 21))
        #expect(eom?.end == day(2013, 3, 1))
        let bow = resolve(.edge(.cycle(.week, offset: 1), .start))
        #expect(bow?.start == day(2013, 2, 18))
        #expect(bow?.end == day(2013, 2, 21))
        let boy = resolve(.edge(.cycle(.year, offset: 0), .start))
        #expect(boy?.end == day(2013, 4, 1))
    }

    @Test func deadlines() {
        var twoPM = Fields(); twoPM.hour = 14
        let byTwo = resolve(.deadline(.fields(twoPM), inclusive: true))
        #expect(byTwo?.start == day(2013, 2, 12, 4, 30))
        #expect(byTwo?.end == day(2013, 2, 12, 14))
        let byEOM = resolve(.deadline(.edge(.cycle(.month, offset: 0), .end), inclusive: true))
        #expect(byEOM?.end == day(2013, 3, 1))
        let within = resolve(.deadline(.shifted(nil, Duration(2, .week)), inclusive: false))
        #expect(within?.end == day(2013, 2, 26))
    }

    @Test func cycleRanges() {
        let last2Weeks = resolve(.cycles(.week, from: -2, count: 2))
        #expect(last2Weeks?.start == day(2013, 1, 28))
        #expect(last2Weeks?.end == day(2013, 2, 11))
        let next3Days = resolve(.cycles(.day, from: 1, count: 3))
        #expect(next3Days?.start == day(2013, 2, 13))
        #expect(next3Days?.end == day(2013, 2, 16))
    }

    // MARK: Counting inside spans

    @Test func weeksCountWhenWhollyInside() {
        // 2018-12-31 is a Monday: that week belongs mostly to 2019, so the last week of 2018
        // starts on the 24th and the third last on the 10th.
        #expect(resolve(.nth(-3, .cycle(.week, offset: 0), in: year(2018)))?.start == day(2018, 12, 10))
        var oct = Fields(); oct.year = 2014; oct.month = 10
        #expect(resolve(.nth(1, .cycle(.week, offset: 0), in: .fields(oct)))?.start == day(2014, 10, 6))
    }

    @Test func quarters() {
        let q = Operators.apply("quarter", [.number(4, digits: 0), .number(2018, digits: 4)])
        guard case .time(let e)? = q else { Issue.record("no quarter"); return }
        let r = resolve(e)
        #expect(r?.start == day(2018, 10, 1))
        #expect(r?.grain == .quarter)
    }

    @Test func anchoredAtALaterMoment() {
        // "thanksgiving in 9 months": the first Thanksgiving from 2013-11-12 on.
        let e = TimeExpr.anchored(holiday("nth:11:4:4"), at: .shifted(nil, Duration(9, .month)))
        #expect(resolve(e)?.start == day(2013, 11, 28))
    }

    @Test func weekdayWithDatePicksTheYearTheyAgree() {
        // "Sunday, Feb 10" said on Tuesday Feb 12 2013: the Sunday two days ago, not 2019's.
        var f = Fields(); f.weekday = 7; f.month = 2; f.day = 10
        #expect(resolve(.fields(f))?.start == day(2013, 2, 10))
    }

    // MARK: Anchors, invalid dates, weekday slips

    func monthDay(_ m: Int, _ d: Int, year y: Int? = nil, weekday w: Int? = nil) -> TimeExpr {
        var f = Fields(); f.month = m; f.day = d; f.year = y; f.weekday = w
        return .fields(f)
    }

    @Test func yearlyAnchorCountsFromTheOccurrenceThatPutsTheResultAhead() {
        // Said on 12 February: a year from Christmas counts from the Christmas just past.
        #expect(resolve(.shifted(holiday("12-25"), Duration(1, .year)))?.start == day(2013, 12, 25))
        // A month before Christmas 2012 + … has passed; from this Christmas it is ahead.
        #expect(resolve(.shifted(holiday("12-25"), Duration(-1, .month)))?.start == day(2013, 11, 25))
        // Three days after this Easter (31 March 2013): Easter 2012 + 3 days is long past.
        #expect(resolve(.shifted(holiday("easter"), Duration(3, .day)))?.start == day(2013, 4, 3))
    }

    @Test func weekdayAnchorIsAlwaysTheComingOne() {
        var fri = Fields(); fri.weekday = 5
        // Friday 15 February + 7 days, never last Friday + 7 (this Friday).
        #expect(resolve(.shifted(.fields(fri), Duration(7, .day)))?.start == day(2013, 2, 22))
    }

    @Test func invalidDaysSayWhy() {
        #expect(Operators.invalidDay(4, 31, year: nil) == "April has 30 days")
        #expect(Operators.invalidDay(2, 29, year: 2014) == "2014 is not a leap year")
        #expect(Operators.invalidDay(2, 29, year: nil) == nil)
        #expect(Operators.invalidDay(2, 29, year: 2016) == nil)
        #expect(Operators.invalidDay(2, 30, year: nil) == "February has 29 days")
        if case .invalidDate? = Operators.apply("date", [.number(6, digits: 1), .number(31, digits: 2)]) {} else {
            Issue.record("June 31 should be an invalid date")
        }
        // Invalid dates spread through the operators built on them.
        let f = Operators.function("intersect")
        if case .invalidDate? = f([.invalidDate("x"), .time(.day(offset: 1))]) {} else {
            Issue.record("intersect with an invalid date should stay invalid")
        }
    }

    @Test func aWeekdayThatContradictsAFullDateKeepsTheDate() {
        // 20 May 2013 is a Monday; "Tuesday" is a slip: the date, and the Tuesday as the alternative.
        var r = Resolver(Resolver.Context(now: now, zone: zone))
        let res = r.resolve(monthDay(5, 20, year: 2013, weekday: 2))
        #expect(res.map { zone.local(at: $0.start!) } == day(2013, 5, 20))
        #expect(res?.notes.contains(.weekdayMismatch(weekday: 2, alternative: day(2013, 5, 21))) == true)
        #expect(Resolver.nearest(weekday: 5, to: day(2013, 5, 20)) == day(2013, 5, 17))
    }
}
