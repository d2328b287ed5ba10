/// Writes saved events as one iCalendar document, for `nlcal export --ics` and CalDAV PUT.
///
/// It shares the lexical layer and time-zone blocks of `ICSEmitter` (folding, escaping,
/// `VTimeZone` from the zone's real transitions, `TZID=` local times, UNTIL rewriting), and
/// differs where a store knows more than a parse: the `UID` is the event's stored UID, each
/// event keeps its own zone, and the source text travels as `X-NLCAL-TEXT` so an export
/// re-imported into nlcal keeps it. `DTSTAMP` is the `stamp` argument (the writer never
/// reads the clock).
public enum ICSWriter {
    public static func document(_ events: [CalendarEvent], stamp: Int, calendarName: String? = nil) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(ICSEmitter.productID)", "CALSCALE:GREGORIAN"]
        if let calendarName { lines.append("X-WR-CALNAME:\(ICSText.escape(calendarName))") }
        var zones: [(Zone, [Int])] = []
        var body: [String] = []
        for ev in events {
            let zone = ev.zone
            if !ev.allDay && !VTimeZone.isUTC(zone) {
                // Cover the series' first year so recurring events find their offsets.
                let instants = [ev.start, ev.end, ev.recurrence == nil ? ev.end : ev.start + 366 * 86_400]
                if let i = zones.firstIndex(where: { $0.0 == zone }) { zones[i].1 += instants } else { zones.append((zone, instants)) }
            }
            body += vevent(ev, stamp: stamp)
        }
        for (zone, instants) in zones { lines += VTimeZone(zone: zone).lines(covering: instants) }
        lines += body
        lines.append("END:VCALENDAR")
        return lines.map(ICSText.fold).joined(separator: "\r\n") + "\r\n"
    }

    static func vevent(_ ev: CalendarEvent, stamp: Int) -> [String] {
        let zone = ev.zone
        var l = ["BEGIN:VEVENT", "UID:\(ev.uid)", "DTSTAMP:\(ICSText.utc(stamp))"]
        l += ICSEmitter.timeProperties(start: ev.start, end: ev.end, allDay: ev.allDay, zone: zone)
        l += ICSEmitter.descriptiveProperties(title: ev.title, location: ev.location, notes: ev.notes,
                                              attendees: ev.attendees, recurrence: ev.recurrence, allDay: ev.allDay, zone: zone)
        if let text = ev.sourceText, !text.isEmpty { l.append("X-NLCAL-TEXT:\(ICSText.escape(text))") }
        l.append("END:VEVENT")
        return l
    }
}
