/// A validation stage that checks the event against a calendar's existing events.
///
/// When the event overlaps an occurrence of another event it adds a warning (code
/// `conflict`) and an ambiguity `conflict` with two chips: `conflict/keep` (pre-selected:
/// the event stays where the text put it, patch empty) and `conflict/next-free` (the first
/// free slot of the same length, searched forward from the event's start within working
/// hours — 09:00–18:00 on weekdays by default — in the event's zone, up to 60 days ahead).
///
/// The stage is pure: the CLI reads the calendar's events from the store and hands them in,
/// and inserts the stage after `validation` only when a store is in use. All-day events
/// neither block nor are checked (a calendar shows them as free time); a recurring event
/// is checked at its first occurrence; `ignoringUID` leaves out the event being edited.
public struct ConflictStage: Stage {
    public let name = "conflict"

    /// Working hours for the next-free search: weekdays (ISO, 1 = Monday) and local hours.
    public struct WorkingHours: Sendable, Equatable {
        public var weekdays: Set<Int> = [1, 2, 3, 4, 5]
        public var startMinute = 9 * 60
        public var endMinute = 18 * 60
        public init() {}
    }

    public var events: [CalendarEvent]
    public var workingHours: WorkingHours
    public var ignoringUID: String?
    /// How far ahead the next-free search looks.
    public var horizonDays = 60

    public init(events: [CalendarEvent], workingHours: WorkingHours = WorkingHours(), ignoringUID: String? = nil) {
        self.events = events
        self.workingHours = workingHours
        self.ignoringUID = ignoringUID
    }

    public func run(_ state: inout ParseState, context: ParseContext) throws {
        guard !state.event.allDay, let start = state.event.start, let end = state.event.end, end > start else { return }
        let clashes = busy(from: start, to: end)
        guard let first = clashes.first else { return }
        let zone = context.zone
        let names = clashes.prefix(3).map { o in
            "'\(o.event.title)' (\(Self.clock(o.start, zone))–\(Self.clock(o.end, zone)))"
        }.joined(separator: ", ") + (clashes.count > 3 ? " and \(clashes.count - 3) more" : "")
        let message = "Overlaps \(names) in \(first.event.calendar)."
        state.warnings.append(Warning(code: "conflict", message: message))
        var chips = [Chip(id: "conflict/keep", label: "Keep \(Self.clock(start, zone))", patch: [])]
        if let slot = nextFree(start: start, length: end - start, zone: zone) {
            let l = zone.local(at: slot)
            let sameDay = l.date == zone.local(at: start).date
            let label = "Move to " + (sameDay ? "" : Self.dayName(l.date) + " ") + Self.clock(slot, zone)
            chips.append(Chip(id: "conflict/next-free", label: label, patch: [
                ("start", .string(zone.iso(slot))), ("end", .string(zone.iso(slot + end - start))),
            ]))
        }
        state.ambiguities.append(Ambiguity(id: "conflict", field: "start", message: message + " Keep it or move it to the next free slot?", chips: chips))
    }

    /// Timed occurrences of the other events that overlap `[from, to)`, by start.
    public func busy(from: Int, to: Int) -> [Occurrence] {
        events.filter { !$0.allDay && $0.uid != ignoringUID }
            .flatMap { $0.occurrences(from: from, to: to, limit: 1000) }
            .filter { $0.end > from && $0.start < to && $0.end > $0.start }
            .sorted { ($0.start, $0.event.uid) < ($1.start, $1.event.uid) }
    }

    /// The first start at or after `start` where `length` seconds fit in working hours
    /// without overlapping a busy occurrence.
    public func nextFree(start: Int, length: Int, zone: Zone) -> Int? {
        let dayMinutes = workingHours.endMinute - workingHours.startMinute
        guard length > 0, length <= dayMinutes * 60, !workingHours.weekdays.isEmpty else { return nil }
        let limit = start + horizonDays * 86_400
        var t = start
        for _ in 0..<10_000 {
            guard let aligned = align(t, length: length, zone: zone), aligned < limit else { return nil }
            t = aligned
            let clash = busy(from: t, to: t + length)
            guard let latest = clash.map(\.end).max() else { return t }
            t = max(latest, t + 60)
        }
        return nil
    }

    /// Moves an instant into working hours so that `length` fits before the day's end.
    func align(_ t: Int, length: Int, zone: Zone) -> Int? {
        var l = zone.local(at: t)
        for _ in 0..<400 {
            let dayStart = zone.instant(of: LocalDateTime(l.date, seconds: workingHours.startMinute * 60)).instant
            let dayEnd = zone.instant(of: LocalDateTime(l.date, seconds: workingHours.endMinute * 60)).instant
            if workingHours.weekdays.contains(l.date.weekday) {
                let s = max(t, dayStart)
                if s + length <= dayEnd { return s }
            }
            l = LocalDateTime(l.date.adding(days: 1))
        }
        return nil
    }

    static func clock(_ t: Int, _ zone: Zone) -> String {
        let l = zone.local(at: t)
        return pad(l.hour, 2) + ":" + pad(l.minute, 2)
    }

    static func dayName(_ d: CivilDate) -> String {
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(names[d.weekday - 1]) \(months[d.month - 1]) \(d.day)"
    }
}
