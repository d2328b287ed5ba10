import Foundation

/// Reads iCalendar (RFC 5545) files from other calendar apps into `CalendarEvent`s.
///
/// Reading happens in two steps so that an importer can write inside one transaction:
/// `components(_:)` unfolds lines and splits the file into VEVENTs (a structural error —
/// a missing `END:VEVENT` — fails the whole file), then `event(from:…)` turns one VEVENT
/// into an event, and fails for that event alone (a missing DTSTART, a bad date).
///
/// Understood: `UID`, `SUMMARY`, `LOCATION`, `DESCRIPTION`, `DTSTART`/`DTEND` as a UTC
/// time (`…Z`), a local time with `TZID=` (an IANA name, or a path ending in one such as
/// `/citadel.org/…/Europe/Berlin`), a floating time (read in the default zone) or a
/// `VALUE=DATE` date; `DURATION` when there is no DTEND; `RRULE`; `ATTENDEE` (`CN=` and
/// `mailto:`); and nlcal's own `X-NLCAL-TEXT` (the source text). Lines are unfolded and
/// TEXT values unescaped. Events with a `RECURRENCE-ID` (edited instances of a series) are
/// reported in `skipped`, not imported.
public enum ICSReader {
    /// One content line: `NAME;PARAM=V:value`, with its line number in the file.
    public struct Property: Sendable, Equatable {
        public var name: String
        public var parameters: [String: String]
        public var value: String
        public var line: Int
    }

    /// One VEVENT's properties, in file order.
    public struct Component: Sendable, Equatable {
        public var properties: [Property]
        public var line: Int
        public func first(_ name: String) -> Property? { properties.first { $0.name == name } }
        public func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
    }

    /// Unfolds and splits a file into its VEVENT components.
    public static func components(_ text: String) throws -> [Component] {
        let lines = unfold(text)
        guard lines.contains(where: { $0.text.uppercased() == "BEGIN:VCALENDAR" }) else {
            throw CalendarDataError("not an iCalendar file (no BEGIN:VCALENDAR)")
        }
        var out: [Component] = []
        var stack: [String] = []
        var current: Component?
        for (lineNo, raw) in lines where !raw.isEmpty {
            guard let p = property(raw, line: lineNo) else {
                throw CalendarDataError("line \(lineNo): not a content line: '\(raw.prefix(60))'")
            }
            if p.name == "BEGIN" {
                let kind = p.value.uppercased()
                stack.append(kind)
                if kind == "VEVENT" && stack.count == 2 { current = Component(properties: [], line: lineNo) }
                continue
            }
            if p.name == "END" {
                let kind = p.value.uppercased()
                guard stack.last == kind else {
                    throw CalendarDataError("line \(lineNo): END:\(kind) without BEGIN:\(kind)")
                }
                stack.removeLast()
                if kind == "VEVENT", stack.count == 1, let c = current {
                    out.append(c)
                    current = nil
                }
                continue
            }
            if stack.count == 2, stack.last == "VEVENT" { current?.properties.append(p) }
        }
        if let open = stack.last { throw CalendarDataError("the file ends inside \(open) (no END:\(open))") }
        return out
    }

    /// Whether a component is an edited instance of a recurring series (not imported).
    public static func isOverride(_ c: Component) -> Bool { c.first("RECURRENCE-ID") != nil }

    /// One VEVENT as an event in `calendar`; floating times are read in `defaultZone`.
    public static func event(from c: Component, calendar: String, defaultZone: Zone) throws -> CalendarEvent {
        func fail(_ m: String, _ p: Property? = nil) -> CalendarDataError {
            CalendarDataError("line \(p?.line ?? c.line): \(m)")
        }
        guard let uidProp = c.first("UID"), !uidProp.value.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail("VEVENT has no UID")
        }
        guard let dtstart = c.first("DTSTART") else { throw fail("VEVENT has no DTSTART") }
        let s = try time(dtstart, defaultZone: defaultZone)
        var zone = s.zone
        var end: Int
        if let dtend = c.first("DTEND") {
            let e = try time(dtend, defaultZone: zone)
            guard e.allDay == s.allDay else { throw fail("DTSTART and DTEND mix a date with a date-time", dtend) }
            end = e.instant
        } else if let dur = c.first("DURATION") {
            guard let d = duration(dur.value) else { throw fail("invalid DURATION '\(dur.value)'", dur) }
            // Nominal days keep the wall clock; the rest is elapsed time.
            let l = zone.local(at: s.instant)
            end = zone.instant(of: LocalDateTime(l.date.adding(days: d.days), seconds: l.seconds)).instant + d.seconds
        } else {
            end = s.allDay ? CalendarEvent.addDays(to: s.instant, days: 1, zone: zone) : s.instant
        }
        guard end >= s.instant else { throw fail("the event ends before it starts (DTEND before DTSTART)") }
        if s.utc { zone = defaultZone }
        var recurrence: String?
        if let r = c.first("RRULE") {
            do { _ = try RecurrenceRule(r.value) } catch { throw fail("\(error)", r) }
            recurrence = r.value
        }
        let attendees = c.all("ATTENDEE").map { p -> Attendee in
            var email: String?
            let v = p.value
            if v.lowercased().hasPrefix("mailto:") { email = String(v.dropFirst(7)) }
            var name = p.parameters["CN"]
            if name == nil, v.hasPrefix("urn:nlcal:attendee:") {
                name = String(v.dropFirst("urn:nlcal:attendee:".count)).removingPercentEncoding
            }
            return Attendee(name: name, email: email)
        }
        func text(_ name: String) -> String? {
            c.first(name).map { unescape($0.value) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        return CalendarEvent(uid: uidProp.value.trimmingCharacters(in: .whitespaces), calendar: calendar,
                             title: text("SUMMARY") ?? "", start: s.instant, end: end, allDay: s.allDay,
                             timeZone: zone.identifier, location: text("LOCATION"), attendees: attendees,
                             notes: text("DESCRIPTION"), recurrence: recurrence, sourceText: text("X-NLCAL-TEXT"))
    }

    /// A DTSTART/DTEND value as an instant, with the zone it was written in.
    static func time(_ p: Property, defaultZone: Zone) throws -> (instant: Int, zone: Zone, allDay: Bool, utc: Bool) {
        let v = p.value.trimmingCharacters(in: .whitespaces)
        let isDate = p.parameters["VALUE"]?.uppercased() == "DATE" || (v.count == 8 && v.allSatisfy(\.isNumber))
        var zone = defaultZone
        if let tzid = p.parameters["TZID"] {
            guard let z = zoneFor(tzid) else { throw CalendarDataError("line \(p.line): unknown time zone '\(tzid)' (TZID must name an IANA zone)") }
            zone = z
        }
        if isDate {
            guard v.count == 8, case .date(let d)? = RecurrenceRule.parseUntil(v) else {
                throw CalendarDataError("line \(p.line): invalid date '\(v)' in \(p.name)")
            }
            return (zone.instant(of: LocalDateTime(d)).instant, zone, true, false)
        }
        guard v.count == 15 || (v.count == 16 && v.hasSuffix("Z")), v.dropFirst(8).first == "T",
              let u = RecurrenceRule.parseUntil(v) else {
            throw CalendarDataError("line \(p.line): invalid date-time '\(v)' in \(p.name)")
        }
        switch u {
        case .utc(let t): return (t, zone, false, p.parameters["TZID"] == nil)
        case .local(let l): return (zone.instant(of: l).instant, zone, false, false)
        case .date: throw CalendarDataError("line \(p.line): invalid date-time '\(v)' in \(p.name)")
        }
    }

    /// An IANA zone for a TZID: the name itself, or the longest IANA-looking tail of a path.
    static func zoneFor(_ tzid: String) -> Zone? {
        if let z = Zone(identifier: tzid) { return z }
        let parts = tzid.split(separator: "/").map(String.init)
        for n in stride(from: min(3, parts.count), through: 1, by: -1) {
            if let z = Zone(identifier: parts.suffix(n).joined(separator: "/")) { return z }
        }
        return nil
    }

    /// An RFC 5545 DURATION: `P1D`, `PT1H30M`, `P2W`, `-PT15M` (as whole days + seconds).
    static func duration(_ v: String) -> (days: Int, seconds: Int)? {
        var s = Substring(v.uppercased())
        var sign = 1
        if s.hasPrefix("-") { sign = -1; s = s.dropFirst() } else if s.hasPrefix("+") { s = s.dropFirst() }
        guard s.hasPrefix("P") else { return nil }
        s = s.dropFirst()
        var days = 0, secs = 0, inTime = false, num = ""
        for ch in s {
            if ch.isNumber { num.append(ch); continue }
            if ch == "T" { inTime = true; continue }
            guard let n = Int(num) else { return nil }
            num = ""
            switch (ch, inTime) {
            case ("W", false): days += 7 * n
            case ("D", false): days += n
            case ("H", true): secs += 3600 * n
            case ("M", true): secs += 60 * n
            case ("S", true): secs += n
            default: return nil
            }
        }
        guard num.isEmpty else { return nil }
        return (sign * days, sign * secs)
    }

    /// Unfolds content lines (CRLF or LF followed by a space or tab), numbering each logical
    /// line by the physical line it starts on.
    static func unfold(_ text: String) -> [(line: Int, text: String)] {
        var out: [(Int, String)] = []
        var n = 0
        // Split on scalars: "\r\n" is one Character, so a Character split would miss it.
        for raw in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            var l = Substring(String(String.UnicodeScalarView(raw)))
            if l.unicodeScalars.last == "\r" { l = Substring(String(String.UnicodeScalarView(l.unicodeScalars.dropLast()))) }
            if let f = l.first, f == " " || f == "\t", !out.isEmpty {
                out[out.count - 1].1 += l.dropFirst()
            } else {
                out.append((n, String(l)))
            }
        }
        return out.map { (line: $0.0, text: $0.1) }
    }

    /// Splits a content line into name, parameters (quotes removed) and value.
    static func property(_ line: String, line number: Int) -> Property? {
        var name = ""
        var params: [String: String] = [:]
        var i = line.startIndex
        while i < line.endIndex, line[i] != ";" && line[i] != ":" { name.append(line[i]); i = line.index(after: i) }
        guard !name.isEmpty, i < line.endIndex else { return nil }
        while i < line.endIndex, line[i] == ";" {
            i = line.index(after: i)
            var key = ""
            while i < line.endIndex, line[i] != "=" && line[i] != ":" && line[i] != ";" { key.append(line[i]); i = line.index(after: i) }
            var value = ""
            if i < line.endIndex, line[i] == "=" {
                i = line.index(after: i)
                var quoted = false
                while i < line.endIndex {
                    let c = line[i]
                    if c == "\"" { quoted.toggle() } else if !quoted && (c == ";" || c == ":") { break } else { value.append(c) }
                    i = line.index(after: i)
                }
            }
            params[key.uppercased()] = value
        }
        guard i < line.endIndex, line[i] == ":" else { return nil }
        return Property(name: name.uppercased(), parameters: params, value: String(line[line.index(after: i)...]), line: number)
    }

    /// Unescapes a TEXT value: `\\` `\;` `\,` `\n` `\N`.
    public static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for ch in s {
            if escaped {
                switch ch {
                case "n", "N": out.append("\n")
                default: out.append(ch)
                }
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        if escaped { out.append("\\") }
        return out
    }
}
