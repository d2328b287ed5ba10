/// A saved calendar event: the `event` object of a ParseResult plus what a calendar keeps —
/// a stable UID, the calendar it belongs to, and the text it was parsed from.
///
/// Instants are epoch seconds; `timeZone` is the IANA zone the event lives in (recurrences
/// expand in it, so "every Monday 9am" stays at 9am across DST). All-day events run from
/// local midnight to the local midnight after the last day (end exclusive).
public struct CalendarEvent: Sendable, Equatable {
    public var uid: String
    public var calendar: String
    public var title: String
    public var start: Int
    public var end: Int
    public var allDay: Bool
    public var timeZone: String
    public var location: String?
    public var attendees: [Attendee]
    public var notes: String?
    /// An RFC 5545 RRULE value (`FREQ=WEEKLY;BYDAY=MO`); `start` is the first occurrence.
    public var recurrence: String?
    /// The text the event was parsed from (nil for imported events).
    public var sourceText: String?

    public init(uid: String, calendar: String = "Personal", title: String, start: Int, end: Int, allDay: Bool = false,
                timeZone: String, location: String? = nil, attendees: [Attendee] = [], notes: String? = nil,
                recurrence: String? = nil, sourceText: String? = nil) {
        self.uid = uid
        self.calendar = calendar
        self.title = title
        self.start = start
        self.end = end
        self.allDay = allDay
        self.timeZone = timeZone
        self.location = location
        self.attendees = attendees
        self.notes = notes
        self.recurrence = recurrence
        self.sourceText = sourceText
    }

    /// The event's zone (UTC when the stored name is unknown to this system).
    public var zone: Zone { Zone(identifier: timeZone) ?? Zone(identifier: "UTC")! }

    public var duration: Int { end - start }

    /// The event of a parse, or nil when the parse found no time.
    public init?(result: ParseResult, uid: String, calendar: String) {
        guard let ev = result.event, let start = ev.start, let end = ev.end else { return nil }
        self.init(uid: uid, calendar: calendar, title: ev.title, start: start, end: end, allDay: ev.allDay,
                  timeZone: result.context.zone.identifier, location: ev.location, attendees: ev.attendees,
                  notes: ev.notes, recurrence: ev.recurrence, sourceText: result.state.text)
    }

    /// The CalendarEvent JSON of ARCHITECTURE.md, with `uid`, `calendar` and `text` in front.
    public func json() -> JSON {
        let zone = self.zone
        return .object([
            ("uid", .string(uid)),
            ("calendar", .string(calendar)),
            ("title", .string(title)),
            ("start", .string(zone.iso(start))),
            ("end", .string(zone.iso(end))),
            ("allDay", .bool(allDay)),
            ("timeZone", .string(timeZone)),
            ("location", location.map { .string($0) } ?? .null),
            ("attendees", .array(attendees.map(Self.attendeeJSON))),
            ("notes", notes.map { .string($0) } ?? .null),
            ("recurrence", recurrence.map { .string($0) } ?? .null),
            ("text", sourceText.map { .string($0) } ?? .null),
        ])
    }

    static func attendeeJSON(_ a: Attendee) -> JSON { a.json }

    /// Reads an event object (`nlcal parse --format event`, the `event` of a ParseResult, or
    /// this type's own JSON). `uid`, `calendar` and `text` are taken when present; a missing
    /// `end` is start + 60 minutes, a missing `timeZone` is `defaultZone`.
    public init(json: JSON, defaultZone: Zone, uid fallbackUID: String, calendar fallbackCalendar: String) throws {
        guard case .object = json else { throw CalendarDataError("an event must be a JSON object") }
        let zoneName = json["timeZone"]?.stringValue ?? defaultZone.identifier
        guard let zone = Zone(identifier: zoneName) else { throw CalendarDataError("unknown time zone '\(zoneName)'") }
        guard let startText = json["start"]?.stringValue else { throw CalendarDataError("the event has no \"start\"") }
        guard let start = ISOTimestamp.parse(startText, zone: zone) else { throw CalendarDataError("invalid \"start\" '\(startText)'") }
        var end = start + 3600
        if let e = json["end"], e != .null {
            guard let t = e.stringValue, let v = ISOTimestamp.parse(t, zone: zone) else { throw CalendarDataError("invalid \"end\"") }
            end = v
        }
        guard end >= start else { throw CalendarDataError("the event ends before it starts") }
        var allDay = false
        if case .bool(let b)? = json["allDay"] { allDay = b }
        var attendees: [Attendee] = []
        if case .array(let items)? = json["attendees"] {
            for item in items {
                if let s = item.stringValue {
                    attendees.append(s.contains("@") ? Attendee(email: s) : Attendee(name: s))
                } else {
                    attendees.append(Attendee(name: item["name"]?.stringValue, email: item["email"]?.stringValue))
                }
            }
        }
        self.init(uid: json["uid"]?.stringValue ?? fallbackUID,
                  calendar: json["calendar"]?.stringValue ?? fallbackCalendar,
                  title: json["title"]?.stringValue ?? "",
                  start: start, end: end, allDay: allDay, timeZone: zone.identifier,
                  location: json["location"]?.stringValue, attendees: attendees,
                  notes: json["notes"]?.stringValue, recurrence: json["recurrence"]?.stringValue,
                  sourceText: json["text"]?.stringValue)
        if let r = recurrence, r.isEmpty { recurrence = nil }
        if let r = recurrence { _ = try RecurrenceRule(r) }
    }
}

/// Data that cannot become a calendar event (a bad JSON event, an unreadable iCalendar file).
public struct CalendarDataError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ message: String) { description = message }
}

/// One occurrence of an event in a time window.
public struct Occurrence: Sendable, Equatable {
    public var event: CalendarEvent
    public var start: Int
    public var end: Int
}

extension CalendarEvent {
    /// The occurrences that overlap `[from, to)`, recurrences expanded in the event's zone.
    public func occurrences(from: Int, to: Int, limit: Int = 10_000) -> [Occurrence] {
        let length = duration
        guard let rule = recurrence, let parsed = try? RecurrenceRule(rule) else {
            return start < to && max(end, start + (length == 0 ? 1 : 0)) > from ? [Occurrence(event: self, start: start, end: end)] : []
        }
        let expander = RecurrenceExpander(rule: parsed, start: start, zone: zone, allDay: allDay)
        return expander.starts(from: from - max(length, 1) + 1, to: to, limit: limit).compactMap { s in
            let e = allDay ? Self.addDays(to: s, days: (length + 43_200) / 86_400, zone: zone) : s + length
            return (s < to && max(e, s + 1) > from) ? Occurrence(event: self, start: s, end: e) : nil
        }
    }

    /// Local midnight `days` days after the local date of `instant` (all-day lengths in days,
    /// which a DST change would skew if counted in seconds).
    static func addDays(to instant: Int, days: Int, zone: Zone) -> Int {
        let d = zone.local(at: instant).date.adding(days: days)
        return zone.instant(of: LocalDateTime(d)).instant
    }
}
