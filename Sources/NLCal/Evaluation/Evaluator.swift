/// Scores parse results against corpus expectations, the way ARCHITECTURE.md defines it.
public enum Evaluator {
    /// How one time case came out.
    public enum Outcome: String, Sendable { case correct, wrong, missed, falsePositive = "false-positive" }

    /// An expected instant is matched when the answer, cut down to the expected grain, is the
    /// expected value (an interval covering exactly that one grain counts too); an interval
    /// when both ends match (open ends open), or by an instant of a day or longer that covers
    /// exactly it; none when nothing is found.
    public static func scoreTime(expected: JSON, got: JSON, zone: Zone) -> Outcome {
        let expKind = expected["kind"]?.stringValue ?? "none"
        let gotKind = got["kind"]?.stringValue ?? "none"
        if expKind == "none" { return gotKind == "none" ? .correct : .falsePositive }
        if gotKind == "none" { return .missed }
        func instant(_ j: JSON?) -> Int?? {
            guard let j else { return .some(nil) }
            if case .null = j { return .some(nil) }
            guard let s = j.stringValue, let t = ISOTimestamp.parse(s, zone: zone) else { return nil }
            return .some(t)
        }
        if expKind == "instant" {
            guard let ev = instant(expected["value"]) ?? nil, let g = expected["grain"]?.stringValue.flatMap(Grain.init(name:)) else { return .wrong }
            if gotKind == "instant" {
                guard let gv = instant(got["value"]) ?? nil else { return .wrong }
                return truncate(gv, to: g, zone: zone) == ev ? .correct : .wrong
            }
            // An interval that covers exactly the expected grain.
            guard let f = instant(got["from"]) ?? nil, let t = instant(got["to"]) ?? nil else { return .wrong }
            let expectedEnd = advance(ev, by: g, zone: zone)
            return f == ev && t == expectedEnd ? .correct : .wrong
        }
        // A whole day, week, month… said as an instant is that interval ("next week": an
        // interval or an instant with grain week, ARCHITECTURE.md says).
        if gotKind == "instant", let gv = instant(got["value"]) ?? nil, let g = got["grain"]?.stringValue.flatMap(Grain.init(name:)), g >= .day {
            guard let ef = instant(expected["from"]) ?? nil, let et = instant(expected["to"]) ?? nil else { return .wrong }
            return ef == gv && et == advance(gv, by: g, zone: zone) ? .correct : .wrong
        }
        guard gotKind == "interval" else { return .wrong }
        guard let ef = instant(expected["from"]), let et = instant(expected["to"]),
              let gf = instant(got["from"]), let gt = instant(got["to"]) else { return .wrong }
        return ef == gf && et == gt ? .correct : .wrong
    }

    /// The start of the grain containing an instant, in a zone (weeks start Monday).
    public static func truncate(_ t: Int, to g: Grain, zone: Zone) -> Int {
        let l = zone.local(at: t)
        let d = l.date
        let local: LocalDateTime
        switch g {
        case .second: local = l
        case .minute: local = LocalDateTime(d, seconds: l.seconds / 60 * 60)
        case .hour: local = LocalDateTime(d, seconds: l.seconds / 3600 * 3600)
        case .day: local = LocalDateTime(d)
        case .week: local = LocalDateTime(d.startOfWeek(firstWeekday: 1))
        case .month: local = LocalDateTime(CivilDate(d.year, d.month, 1))
        case .quarter: local = LocalDateTime(CivilDate(d.year, (d.month - 1) / 3 * 3 + 1, 1))
        case .year: local = LocalDateTime(CivilDate(d.year, 1, 1))
        }
        // Within a day, step back on the instant: in the hour clocks go back twice, the second
        // 01:15 stays the second.
        if g < .day { return t - (l.seconds - local.seconds) }
        return zone.instant(of: local).instant
    }

    static func advance(_ t: Int, by g: Grain, zone: Zone) -> Int {
        let l = zone.local(at: t)
        switch g {
        case .second, .minute, .hour: return t + g.fixedSeconds!
        case .day: return zone.instant(of: LocalDateTime(l.date.adding(days: 1), seconds: l.seconds)).instant
        case .week: return zone.instant(of: LocalDateTime(l.date.adding(days: 7), seconds: l.seconds)).instant
        case .month: return zone.instant(of: LocalDateTime(l.date.adding(months: 1), seconds: l.seconds)).instant
        case .quarter: return zone.instant(of: LocalDateTime(l.date.adding(months: 3), seconds: l.seconds)).instant
        case .year: return zone.instant(of: LocalDateTime(l.date.adding(months: 12), seconds: l.seconds)).instant
        }
    }

    /// The fields of an event case, each right or wrong.
    public static let eventFields = ["title", "start", "end", "allDay", "location", "attendees", "recurrence", "ambiguous"]

    /// Compares an event expectation with a result; returns the fields that differ
    /// (for a `none` case, ["event"] when an event was produced).
    public static func eventMismatches(expected: JSON, result: JSON, zone: Zone) -> [String] {
        let event = result["event"] ?? .null
        if case .bool(true)? = expected["none"] {
            if case .null = event { return [] }
            return ["event"]
        }
        guard case .object = event else { return ["event"] }
        var bad: [String] = []
        for f in eventFields {
            let exp = expected[f] ?? .null
            switch f {
            case "start", "end":
                let a = exp.stringValue.flatMap { ISOTimestamp.parse($0, zone: zone) }
                let b = event[f]?.stringValue.flatMap { ISOTimestamp.parse($0, zone: zone) }
                if a != b { bad.append(f) }
            case "attendees":
                let want: [String]
                if case .array(let a) = exp { want = a.compactMap(\.stringValue) } else { want = [] }
                var got: [String] = []
                if case .array(let a)? = event["attendees"] {
                    got = a.compactMap { $0["email"]?.stringValue ?? $0["name"]?.stringValue }
                }
                if want != got { bad.append(f) }
            case "ambiguous":
                var has = false
                if case .array(let a)? = result["ambiguities"] { has = !a.isEmpty }
                if case .bool(let want) = exp, want != has { bad.append(f) }
            case "recurrence":
                let a = exp.stringValue, b = event[f]?.stringValue
                let start = expected["start"]?.stringValue.flatMap { ISOTimestamp.parse($0, zone: zone) }
                let allDay = expected["allDay"] == .bool(true)
                if a == nil ? b != nil : !(b.map { sameRule(a!, $0) || (start.map { s in sameOccurrences(a!, b!, start: s, zone: zone, allDay: allDay) } ?? false) } ?? false) {
                    bad.append(f)
                }
            default:
                if (event[f] ?? .null) != exp { bad.append(f) }
            }
        }
        return bad
    }

    /// Whether two RRULEs that differ only in how their UNTIL is written give the same
    /// occurrences from `start`: RFC 5545 lets UNTIL be the last occurrence's start
    /// ("UNTIL=20270330T050000Z") or any instant before the next one (the end of that day,
    /// "UNTIL=20270330T225959Z"), so the bound, not its spelling, is compared.
    static func sameOccurrences(_ a: String, _ b: String, start: Int, zone: Zone, allDay: Bool) -> Bool {
        func withoutUntil(_ rule: String) -> String {
            rule.uppercased().split(separator: ";").filter { !$0.hasPrefix("UNTIL=") }.joined(separator: ";")
        }
        guard a.uppercased().contains("UNTIL="), b.uppercased().contains("UNTIL="), sameRule(withoutUntil(a), withoutUntil(b)),
              let x = try? RecurrenceRule(a), let y = try? RecurrenceRule(b) else { return false }
        let limit = 5_000
        let p = RecurrenceExpander(rule: x, start: start, zone: zone, allDay: allDay).first(limit)
        let q = RecurrenceExpander(rule: y, start: start, zone: zone, allDay: allDay).first(limit)
        return p.count < limit && p == q
    }

    /// Whether two RRULEs say the same rule: the same parts in any order, lists of days or
    /// numbers in any order (RFC 5545 gives their order no meaning: "BYDAY=SU,MO" is
    /// "BYDAY=MO,SU").
    public static func sameRule(_ a: String, _ b: String) -> Bool {
        func parts(_ rule: String) -> [String: Set<String>]? {
            var result: [String: Set<String>] = [:]
            for part in rule.uppercased().split(separator: ";") {
                let kv = part.split(separator: "=", maxSplits: 1)
                guard kv.count == 2, result[String(kv[0])] == nil else { return nil }
                result[String(kv[0])] = Set(kv[1].split(separator: ",").map(String.init))
            }
            return result
        }
        guard let x = parts(a), let y = parts(b) else { return a == b }
        return x == y
    }
}
