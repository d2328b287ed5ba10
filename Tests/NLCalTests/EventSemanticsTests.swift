import Testing
@testable import NLCal

/// Event placement for spans and deadlines (see `ValidationStage`).
@Suite struct EventSemanticsTests {
    func event(_ text: String) throws -> (String?, String?, Bool?, String?) {
        let r = try Fixture.parse(text, now: "2026-03-11T09:15:00", tz: "Asia/Tokyo")
        return (r.startISO, r.endISO, r.event?.allDay, r.event?.title)
    }

    /// A month or longer is its first day not yet past; a week is its days not yet past.
    @Test func aCycleIsTodayOrItsFirstDay() throws {
        #expect(try event("Budget this month").0 == "2026-03-11T00:00:00+09:00")
        #expect(try event("Budget this month").1 == "2026-03-12T00:00:00+09:00")
        let week = try event("Standup this week")
        #expect(week.0 == "2026-03-11T00:00:00+09:00" && week.1 == "2026-03-16T00:00:00+09:00")
        let last = try event("Retro last week")
        #expect(last.0 == "2026-03-02T00:00:00+09:00" && last.1 == "2026-03-09T00:00:00+09:00")
    }

    /// Work said "until" a time ends there; something due "by" a time starts there, as "due".
    @Test func deadlinesEndTheEventStartItOrTakeItsDay() throws {
        let work = try event("Work until 5pm")
        #expect(work.0 == "2026-03-11T16:00:00+09:00" && work.1 == "2026-03-11T17:00:00+09:00" && work.2 == false)
        let friday = try event("Submit report by Friday")
        #expect(friday.0 == "2026-03-13T00:00:00+09:00" && friday.2 == true && friday.3 == "Submit report")
        #expect(try event("Sale until Friday").1 == "2026-03-14T00:00:00+09:00")
        #expect(try event("Sale until Friday 5pm").1 == "2026-03-13T17:00:00+09:00")
        let eod = try event("Send by eod tomorrow")
        #expect(eod.0 == "2026-03-12T17:00:00+09:00" && eod.1 == "2026-03-12T18:00:00+09:00")
        #expect(try event("Submit the form by 5pm").0 == "2026-03-11T17:00:00+09:00")
    }

    @Test func zonedChipsAreInTheContextZone() throws {
        let r = try Fixture.parse("Meeting 10am PDT", now: "2026-07-10T09:00:00", tz: "Asia/Tokyo")
        let chip = r.state.ambiguities.first { $0.id == "time-passed" }?.chips.last
        #expect(chip?.label == "Today 02:00")
        #expect(JSON.object(chip?.patch ?? [])["start"]?.stringValue == "2026-07-10T02:00:00+09:00")
    }
}

/// Remarks on a time gone by make no event, but keep their time (see `PastRemarks.swift`).
@Suite struct PastRemarkTests {
    func parse(_ text: String) throws -> ParseResult {
        try Fixture.parse(text, now: "2026-03-11T17:30:00", tz: "Europe/Dublin")
    }

    @Test func aPastTenseWithAPassedTimeIsNoEvent() throws {
        for text in ["Missed the 7.40 Dart this morning", "Power was out from 6 till 9 last night", "Walked the dog yesterday"] {
            let r = try parse(text)
            #expect(r.event == nil, "\(text)")
            #expect(r.state.resolution != nil, "\(text): time keeps what was found")
            #expect(r.state.ambiguities.first?.id == "no-time")
        }
    }

    @Test func aPastTenseAloneOrAPassedTimeAloneIsStillAnEvent() throws {
        #expect(try parse("Dentist was moved to Friday 3pm").event != nil)
        #expect(try parse("Was hoping to meet tonight").event != nil)
        #expect(try parse("Offsite last Monday").event != nil)
        #expect(try parse("gutters cleaned last mon").event != nil)
    }

    @Test func aTimeToComeBesideAPastRemarkIsTheEvent() throws {
        let r = try parse("Thanks for dinner last night! Drinks on me Friday 6pm?")
        #expect(r.startISO == "2026-03-13T18:00:00+00:00")
        #expect(r.event?.title == "Thanks for dinner! Drinks on me?")
    }

    @Test func aWeekdayThankedForIsTheLastOne() throws {
        let r = try parse("thanks for Saturday")
        #expect(r.event == nil)
        #expect(r.state.resolution?.start == Fixture.context("2026-03-07T00:00:00", "Europe/Dublin").now)
    }

    @Test func regularPastTenses() {
        #expect(DateTimeStage.isPastTenseForm("Shoveled"))
        #expect(DateTimeStage.isPastTenseForm("walked"))
        #expect(!DateTimeStage.isPastTenseForm("Wed"))
        #expect(!DateTimeStage.isPastTenseForm("need"))
        #expect(!DateTimeStage.isPastTenseForm("speed"))
    }
}
