import Foundation

/// Builds the VTIMEZONE component for an IANA zone from its real transitions around the
/// events that use it, read from Foundation's `TimeZone`.
///
/// Transitions within a year either side of the events are listed; those that follow one
/// yearly rule ("second Sunday of March at 02:00") become one observance with an RRULE, so
/// recurring events stay right in later years. A rule that stopped (DST abolished) gets an
/// UNTIL; irregular transitions are listed one by one. When no transition precedes the first
/// event, an opening observance gives the offset in force from 1601 on.
struct VTimeZone {
    let zone: Zone

    /// Zones that are UTC under another name: their times are written in UTC ("…Z"), with no VTIMEZONE.
    static let utcNames: Set<String> = [
        "UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu",
        "GMT", "Etc/GMT", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "GMT0", "GMT+0", "GMT-0",
        "Etc/Greenwich", "Greenwich",
    ]

    static func isUTC(_ zone: Zone) -> Bool { utcNames.contains(zone.identifier) }

    struct Transition {
        var at: Int
        var from: Int
        var to: Int
        var daylight: Bool
        var name: String?
        var onset: LocalDateTime { LocalDateTime(wallSeconds: at + from) }
        /// The yearly rule this transition would follow: month, nth weekday, time, offsets.
        var ruleKey: String {
            let d = onset.date
            let nth = d.day + 7 > CivilDate.daysIn(year: d.year, month: d.month) ? "-1" : String((d.day - 1) / 7 + 1)
            return "\(daylight)|\(from)|\(to)|\(d.month)|\(nth)\(VTimeZone.weekdayCodes[d.weekday - 1])|\(onset.seconds)|\(name ?? "")"
        }
        var byDay: String {
            let d = onset.date
            let nth = d.day + 7 > CivilDate.daysIn(year: d.year, month: d.month) ? "-1" : String((d.day - 1) / 7 + 1)
            return nth + VTimeZone.weekdayCodes[d.weekday - 1]
        }
    }

    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// The zone's transitions between two instants, oldest first.
    func transitions(from lo: Int, to hi: Int) -> [Transition] {
        var out: [Transition] = []
        var t = lo
        for _ in 0..<400 {
            guard let at = zone.nextTransition(after: t), at <= hi, at > t else { break }
            let from = zone.offset(at: at - 1), to = zone.offset(at: at)
            if from != to {
                out.append(Transition(at: at, from: from, to: to, daylight: zone.isDaylightSaving(at: at),
                                      name: zone.abbreviation(at: at)))
            }
            t = at
        }
        return out
    }

    /// The VTIMEZONE content lines (unfolded) for events at these instants.
    func lines(covering instants: [Int]) -> [String] {
        guard let first = instants.min(), let last = instants.max() else { return [] }
        let year = 366 * 86_400
        let lo = first - year, hi = last + year
        let list = transitions(from: lo, to: hi)
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        if list.first.map({ $0.at > first }) ?? true {
            let off = zone.offset(at: lo)
            let kind = zone.isDaylightSaving(at: lo) ? "DAYLIGHT" : "STANDARD"
            lines += observance(kind, onset: "16010101T000000", from: off, to: off, name: zone.abbreviation(at: lo), rrule: nil)
        }
        for kind in [true, false] {
            let ofKind = list.filter { $0.daylight == kind }
            // Runs: consecutive years following one rule.
            var runs: [[Transition]] = []
            for t in ofKind {
                if let prev = runs.last?.last, prev.ruleKey == t.ruleKey, t.onset.date.year == prev.onset.date.year + 1 {
                    runs[runs.count - 1].append(t)
                } else {
                    runs.append([t])
                }
            }
            for (i, run) in runs.enumerated() {
                let t = run[0]
                let name = kind ? "DAYLIGHT" : "STANDARD"
                if run.count == 1 {
                    lines += observance(name, onset: ICSText.local(t.onset), from: t.from, to: t.to, name: t.name, rrule: nil)
                    continue
                }
                var rrule = "FREQ=YEARLY;BYMONTH=\(t.onset.date.month);BYDAY=\(t.byDay)"
                // A later rule of the same kind, or no transition for over a year: the rule stopped.
                let lastAt = run[run.count - 1].at
                if i < runs.count - 1 || hi - lastAt > 400 * 86_400 {
                    rrule += ";UNTIL=" + ICSText.utc(lastAt)
                }
                lines += observance(name, onset: ICSText.local(t.onset), from: t.from, to: t.to, name: t.name, rrule: rrule)
            }
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    private func observance(_ kind: String, onset: String, from: Int, to: Int, name: String?, rrule: String?) -> [String] {
        var l = ["BEGIN:\(kind)", "DTSTART:\(onset)", "TZOFFSETFROM:\(ICSText.offset(from))", "TZOFFSETTO:\(ICSText.offset(to))"]
        if let rrule { l.append("RRULE:\(rrule)") }
        // Linux Foundation often knows only "GMT+9"-style names, which say nothing the offsets do not.
        if let name, !name.isEmpty, !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-") { l.append("TZNAME:\(ICSText.escape(name))") }
        l.append("END:\(kind)")
        return l
    }
}
