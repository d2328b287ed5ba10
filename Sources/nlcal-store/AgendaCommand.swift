import ArgumentParser
import Foundation
import NLCal
import NLCalCLI
import NLCalStore

/// `nlcal agenda`: the occurrences in a window, recurrences expanded, from the store or a CalDAV server.
struct AgendaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: "List events: today, tomorrow, this week, or --from/--to (recurrences expanded).",
        discussion: """
        Windows are read in --tz (default: the system zone) relative to --now: today and tomorrow \
        are local days, week is the 7 days from today's midnight. A table on a terminal, \
        JSON lines otherwise or with --json (one object with an "occurrences" array).
        """
    )

    @OptionGroup var options: ContextOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "Only this calendar.")
    var calendar: String?

    @Option(name: .long, help: ArgumentHelp("Window start, ISO-8601 (a date means its midnight).", valueName: "iso"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Window end (exclusive), ISO-8601.", valueName: "iso"))
    var to: String?

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Read the events from this CalDAV calendar collection instead of the store.", valueName: "url"))
    var caldav: String?

    @Argument(help: "today | tomorrow | week (default: week, unless --from/--to).")
    var range: String?

    func run() throws {
        do {
            let context = try options.context()
            let zone = context.zone
            let (start, end) = try window(context)
            var occurrences: [Occurrence]
            if let caldav {
                let events = try CalDAVClient(collection: caldav).events(from: start, to: end, zone: zone)
                occurrences = events.flatMap { $0.occurrences(from: start, to: end) }
            } else {
                let store = try storeOptions.open()
                occurrences = try store.events(overlapping: start, end, calendar: calendar).flatMap { $0.occurrences(from: start, to: end) }
            }
            occurrences.sort { ($0.start, $0.event.uid) < ($1.start, $1.event.uid) }
            if json || isatty(STDOUT_FILENO) != 1 {
                let out = JSON.object([
                    ("from", .string(zone.iso(start))), ("to", .string(zone.iso(end))), ("timeZone", .string(zone.identifier)),
                    ("occurrences", .array(occurrences.map { o in
                        var ev = o.event.json()
                        if case .object(var m) = ev {
                            m.insert(("occurrenceStart", .string(o.event.zone.iso(o.start))), at: 0)
                            m.insert(("occurrenceEnd", .string(o.event.zone.iso(o.end))), at: 1)
                            ev = .object(m)
                        }
                        return ev
                    })),
                ])
                print(out.serialized())
            } else {
                print(AgendaFormat.table(occurrences, zone: zone, from: start, to: end))
            }
        } catch let e as ExitCode {
            throw e
        } catch {
            fail(error)
        }
    }

    func window(_ context: ParseContext) throws -> (Int, Int) {
        let zone = context.zone
        let today = zone.local(at: context.now).date
        func midnight(_ d: CivilDate) -> Int { zone.instant(of: LocalDateTime(d)).instant }
        func parse(_ s: String, _ flag: String) throws -> Int {
            if s.count == 10, let t = ISOTimestamp.parse(s + "T00:00:00", zone: zone) { return t }
            guard let t = ISOTimestamp.parse(s, zone: zone) else { throw CLIError("invalid \(flag) '\(s)' (ISO-8601 like 2026-03-11 or 2026-03-11T09:00:00+09:00)") }
            return t
        }
        if from != nil || to != nil {
            guard range == nil else { throw CLIError("give either a range word or --from/--to, not both") }
            let a = try from.map { try parse($0, "--from") } ?? midnight(today)
            let b = try to.map { try parse($0, "--to") } ?? midnight(zone.local(at: a).date.adding(days: 7))
            guard b > a else { throw CLIError("--to must be after --from") }
            return (a, b)
        }
        switch (range ?? "week").lowercased() {
        case "today": return (midnight(today), midnight(today.adding(days: 1)))
        case "tomorrow": return (midnight(today.adding(days: 1)), midnight(today.adding(days: 2)))
        case "week": return (midnight(today), midnight(today.adding(days: 7)))
        default: throw CLIError("unknown range '\(range!)' (today, tomorrow, week, or --from/--to)")
        }
    }
}

/// Human renderings of events and occurrences.
enum AgendaFormat {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func day(_ d: CivilDate) -> String { "\(weekdays[d.weekday - 1]) \(d.day) \(months[d.month - 1]) \(d.year)" }

    static func clock(_ l: LocalDateTime) -> String { String(format: "%02d:%02d", l.hour, l.minute) }

    /// "Tue 17 Mar 2026 13:00–14:00" / "Tue 17 Mar 2026 (all day)".
    static func when(_ start: Int, _ end: Int, allDay: Bool, zone: Zone) -> String {
        let s = zone.local(at: start), e = zone.local(at: end)
        if allDay {
            let days = e.date.dayNumber - s.date.dayNumber
            return day(s.date) + (days > 1 ? " – " + day(e.date.adding(days: -1)) : "") + " (all day)"
        }
        if s.date == e.date || (e.seconds == 0 && e.date == s.date.adding(days: 1)) {
            return "\(day(s.date)) \(clock(s))–\(clock(e))"
        }
        return "\(day(s.date)) \(clock(s)) – \(day(e.date)) \(clock(e))"
    }

    static func table(_ occurrences: [Occurrence], zone: Zone, from: Int, to: Int) -> String {
        guard !occurrences.isEmpty else { return "No events from \(day(zone.local(at: from).date)) to \(day(zone.local(at: to - 1).date))." }
        var rows: [[String]] = [["DAY", "TIME", "TITLE", "WHERE", "CALENDAR", "UID"]]
        for o in occurrences {
            let s = zone.local(at: o.start), e = zone.local(at: o.end)
            let time = o.event.allDay ? "all day" : "\(clock(s))–\(clock(e))"
            rows.append([day(s.date), time, o.event.title + (o.event.recurrence != nil ? " ↻" : ""), o.event.location ?? "",
                         o.event.calendar, String(o.event.uid.prefix(8))])
        }
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { r in
            r.enumerated().map { i, v in i == r.count - 1 ? v : v.padding(toLength: widths[i], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
