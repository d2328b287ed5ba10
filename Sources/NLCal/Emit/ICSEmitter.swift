/// RFC 5545 iCalendar (`--format ics`): a VCALENDAR with one VEVENT per result.
///
/// - `UID` is a hash of the text and the context, so the same input gives the same UID.
/// - `DTSTAMP` is the reference time of the parse (in UTC): emitters never read the clock.
/// - Timed events carry `DTSTART;TZID=…` with a VTIMEZONE built from the zone's real
///   transitions (see `VTimeZone`); UTC zones are written in UTC (`…Z`). All-day events use
///   `VALUE=DATE` with the exclusive end date.
///   The second occurrence of a repeated local time (fall back) is written in UTC, as the
///   TZID form would mean the first.
/// - `RRULE` is the event's recurrence (an `UNTIL` is rewritten to the form DTSTART needs).
/// - `ATTENDEE` has `CN=` with the name and `mailto:` the email; with no email known the
///   address is `urn:nlcal:attendee:<name>` (URI-encoded), since the property needs one.
/// - Lines end in CRLF and are folded at 75 octets without splitting a UTF-8 sequence.
///
/// A result without an event is an error (`EmitError.noEvent`) naming the text.
public struct ICSEmitter: Emitter {
    public let name = "ics"
    public let summary = "RFC 5545 iCalendar: VCALENDAR, VEVENT, VTIMEZONE (a batch gives one calendar)"
    public let layout = EmitterLayout.document
    public static let productID = "-//nlcal//nlcal text to calendar//EN"

    public init() {}

    public func emit(_ result: ParseResult, id: String?) throws -> String {
        try emitDocument([(result, id)])
    }

    public func emitDocument(_ results: [(result: ParseResult, id: String?)]) throws -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(ICSEmitter.productID)", "CALSCALE:GREGORIAN"]
        var events: [String] = []
        // Instants each zone must cover, in first-use order.
        var zones: [(Zone, [Int])] = []
        for (result, _) in results {
            guard let ev = result.event, let start = ev.start, let end = ev.end else {
                throw EmitError.noEvent(format: name, text: result.state.text)
            }
            let zone = result.context.zone
            if !ev.allDay && !VTimeZone.isUTC(zone) {
                if let i = zones.firstIndex(where: { $0.0 == zone }) { zones[i].1 += [start, end] } else { zones.append((zone, [start, end])) }
            }
            events += vevent(ev, start: start, end: end, result: result)
        }
        for (zone, instants) in zones { lines += VTimeZone(zone: zone).lines(covering: instants) }
        lines += events
        lines.append("END:VCALENDAR")
        return lines.map(ICSText.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// DTSTART and DTEND of a VEVENT: dates for all-day events, UTC for a UTC zone, else local
    /// times with TZID. Shared by this emitter and the calendar store's writer.
    static func timeProperties(start: Int, end: Int, allDay: Bool, zone: Zone) -> [String] {
        var l: [String] = []
        if allDay {
            l.append("DTSTART;VALUE=DATE:\(ICSText.date(zone.local(at: start).date))")
            l.append("DTEND;VALUE=DATE:\(ICSText.date(zone.local(at: end).date))")
        } else if VTimeZone.isUTC(zone) {
            l.append("DTSTART:\(ICSText.utc(start))")
            l.append("DTEND:\(ICSText.utc(end))")
        } else {
            l.append("DTSTART" + ICSEmitter.zoned(start, zone))
            l.append("DTEND" + ICSEmitter.zoned(end, zone))
        }
        return l
    }

    /// RRULE, SUMMARY, LOCATION, DESCRIPTION and ATTENDEE lines of a VEVENT: shared by this
    /// emitter and the calendar store's writer.
    static func descriptiveProperties(title: String, location: String?, notes: String?, attendees: [Attendee],
                                      recurrence: String?, allDay: Bool, zone: Zone) -> [String] {
        var l: [String] = []
        if let rule = recurrence, !rule.isEmpty {
            l.append("RRULE:\(ICSEmitter.rrule(rule, allDay: allDay, zone: zone))")
        }
        l.append("SUMMARY:\(ICSText.escape(title))")
        if let loc = location, !loc.isEmpty { l.append("LOCATION:\(ICSText.escape(loc))") }
        if let notes = notes, !notes.isEmpty { l.append("DESCRIPTION:\(ICSText.escape(notes))") }
        for a in attendees {
            var prop = "ATTENDEE"
            if let n = a.name, !n.isEmpty { prop += ";CN=\(ICSText.parameter(n))" }
            if let e = a.email, !e.isEmpty {
                prop += ":mailto:\(e)"
            } else {
                prop += ":urn:nlcal:attendee:\(ICSEmitter.uriEncoded(a.name ?? ""))"
            }
            l.append(prop)
        }
        return l
    }

    func vevent(_ ev: EventDraft, start: Int, end: Int, result: ParseResult) -> [String] {
        let zone = result.context.zone
        var l = ["BEGIN:VEVENT", "UID:\(StableHash.of(result))@nlcal", "DTSTAMP:\(ICSText.utc(result.context.now))"]
        l += ICSEmitter.timeProperties(start: start, end: end, allDay: ev.allDay, zone: zone)
        l += ICSEmitter.descriptiveProperties(title: ev.title, location: ev.location, notes: ev.notes,
                                              attendees: ev.attendees, recurrence: ev.recurrence, allDay: ev.allDay, zone: zone)
        l.append("END:VEVENT")
        return l
    }

    /// `;TZID=Zone:local` — or `:…Z` in UTC for the second occurrence of a repeated local time
    /// (fall back), which a TZID form would read as the first (RFC 5545 §3.3.5).
    static func zoned(_ instant: Int, _ zone: Zone) -> String {
        let local = zone.local(at: instant)
        guard zone.instant(of: local).instant == instant else { return ":" + ICSText.utc(instant) }
        return ";TZID=\(ICSText.parameter(zone.identifier)):\(ICSText.local(local))"
    }

    /// The RRULE value with UNTIL in the form DTSTART requires (§3.3.10): a DATE for all-day
    /// events, else UTC ("…Z"); a local UNTIL is read in the event's zone.
    static func rrule(_ rule: String, allDay: Bool, zone: Zone) -> String {
        let parts = rule.split(separator: ";").map { part -> String in
            guard part.uppercased().hasPrefix("UNTIL=") else { return String(part) }
            let v = String(part.dropFirst(6))
            let digits = v.filter(\.isNumber)
            guard digits.count >= 8, let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)),
                  let d = Int(digits.dropFirst(6).prefix(2)) else { return String(part) }
            let date = CivilDate(y, m, d)
            if allDay { return "UNTIL=" + ICSText.date(date) }
            if v.hasSuffix("Z") || v.hasSuffix("z") { return "UNTIL=" + v.uppercased() }
            var secs = 86_400 - 1  // a bare date: through the end of that day
            if digits.count >= 14, let h = Int(digits.dropFirst(8).prefix(2)), let mi = Int(digits.dropFirst(10).prefix(2)),
               let s = Int(digits.dropFirst(12).prefix(2)) {
                secs = h * 3600 + mi * 60 + s
            }
            return "UNTIL=" + ICSText.utc(zone.instant(of: LocalDateTime(date, seconds: secs)).instant)
        }
        return parts.joined(separator: ";")
    }

    static func uriEncoded(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "-._~".contains(c) { out.append(c) } else {
                let h = String(b, radix: 16, uppercase: true)
                out += "%" + (h.count == 1 ? "0" + h : h)
            }
        }
        return out
    }
}
