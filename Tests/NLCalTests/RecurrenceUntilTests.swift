import Testing
@testable import NLCal

/// Recurrence limits and anchors: UNTIL, COUNT, BYDAY from a named weekday, first occurrences
/// of recurrences said without a time.
@Suite struct RecurrenceUntilTests {
    static let now = "2026-03-11T09:15:00"
    static let tz = "Asia/Tokyo"

    func rrule(_ text: String) throws -> String? {
        try Fixture.parse(text, now: RecurrenceUntilTests.now, tz: RecurrenceUntilTests.tz).event?.recurrence
    }

    @Test func untilAMonthEndsBeforeIt() throws {
        #expect(try rrule("Standup daily until June") == "FREQ=DAILY;UNTIL=20260531")
        #expect(try rrule("Standup every Monday until 2027") == "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231")
    }

    @Test func timedEventsGetAUTCUntil() throws {
        // June 30 23:59:59 in Tokyo is 14:59:59 UTC.
        #expect(try rrule("Standup every Monday at 10am until June 30") == "FREQ=WEEKLY;BYDAY=MO;UNTIL=20260630T145959Z")
    }

    @Test func forWeeksIsACount() throws {
        #expect(try rrule("Yoga every Tuesday for 6 weeks") == "FREQ=WEEKLY;BYDAY=TU;COUNT=6")
    }

    @Test func namedWeekdaysBecomeByday() throws {
        #expect(try rrule("Cleaning fortnightly on Friday") == "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")
        #expect(try rrule("Biweekly 1:1 on Friday") == "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")
        #expect(try rrule("Gym Mondays and Thursdays") == "FREQ=WEEKLY;BYDAY=MO,TH")
    }

    @Test func noTimeStartsTodayAllDay() throws {
        let r = try Fixture.parse("Journal daily", now: RecurrenceUntilTests.now, tz: RecurrenceUntilTests.tz)
        #expect(r.startISO == "2026-03-11T00:00:00+09:00")
        #expect(r.event?.allDay == true)
        #expect(r.event?.recurrence == "FREQ=DAILY")
    }
}
