/// Applies ambiguity chips to a parse result, so a choice can be made without a prompt
/// (`nlcal parse --choose ID`) or later, on a saved result (`nlcal resolve ID…`).
///
/// Applying a chip merges its `patch` (a partial event) into `event` and drops the ambiguity
/// it belongs to; the other ambiguities stay. When a patch moves `start` without saying `end`,
/// the event keeps its length. `time` is left as it was: it is the temporal value the text
/// said, and the chips change the event built from it. A chip with an empty patch ("Pick…")
/// only settles its ambiguity. Chips apply in the order given; a chip whose ambiguity was
/// already settled is unknown.
///
/// ```swift
/// var result = try pipeline.parse("Call at 9", context: ctx)
/// try ChipResolver.apply(["time-of-day/other"], to: &result)   // 21:00 instead of 09:00
/// ```
public enum ChipResolver {
    /// Why a choice could not be applied.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// No ambiguity offers this chip; `valid` lists the chips that could be chosen.
        case unknownChip(String, valid: [String])
        /// The input is not a ParseResult object (with what is wrong).
        case notAParseResult(String)

        public var description: String {
            switch self {
            case .unknownChip(let id, let valid):
                let list = valid.isEmpty ? "this result has no ambiguities to choose from" : "valid chips: " + valid.joined(separator: ", ")
                return "unknown chip '\(id)'; \(list)"
            case .notAParseResult(let why):
                return "not a ParseResult: \(why)"
            }
        }
    }

    /// Every chip id a result offers, in order.
    public static func chipIDs(_ result: JSON) -> [String] {
        guard case .array(let ambiguities)? = result["ambiguities"] else { return [] }
        return ambiguities.flatMap { a -> [String] in
            guard case .array(let chips)? = a["chips"] else { return [] }
            return chips.compactMap { $0["id"]?.stringValue }
        }
    }

    /// Applies chips to a ParseResult JSON object (as `nlcal parse` prints it) and returns it.
    public static func apply(_ ids: [String], to result: JSON) throws -> JSON {
        try check(result)
        var out = result
        for id in ids { out = try applyOne(id, to: out, draft: nil) }
        return out
    }

    /// Applies chips to a parse result in place: its event and ambiguities change.
    public static func apply(_ ids: [String], to result: inout ParseResult) throws {
        for id in ids {
            let json = result.json()
            let draft = draftJSON(result)
            let applied = try applyOne(id, to: json, draft: draft)
            let zone = result.context.zone
            if let ev = applied["event"], case .object = ev {
                result.state.event = eventDraft(ev, zone: zone, base: result.state.event)
            }
            let remaining = Set(applied["ambiguities"].flatMap { j -> [String]? in
                guard case .array(let items) = j else { return nil }
                return items.compactMap { $0["id"]?.stringValue }
            } ?? [])
            result.state.ambiguities.removeAll { !remaining.contains($0.id) }
        }
    }

    /// Applies chips where they exist and ignores the rest (batch mode: `--choose` applies to
    /// every line that offers the chip).
    public static func applyWhereOffered(_ ids: [String], to result: inout ParseResult) throws {
        let offered = Set(result.state.ambiguities.flatMap { $0.chips.map(\.id) })
        try apply(ids.filter { offered.contains($0) }, to: &result)
    }

    // MARK: Details

    static func check(_ result: JSON) throws {
        guard case .object = result else { throw Failure.notAParseResult("expected a JSON object") }
        guard result["text"]?.stringValue != nil else { throw Failure.notAParseResult("missing \"text\"") }
        guard case .object? = result["context"], result["context"]?["timeZone"]?.stringValue != nil else {
            throw Failure.notAParseResult("missing \"context\" with a \"timeZone\"")
        }
        switch result["event"] {
        case .null?, .object?: break
        default: throw Failure.notAParseResult("\"event\" must be an object or null")
        }
        guard case .array(let ambiguities)? = result["ambiguities"] else { throw Failure.notAParseResult("missing \"ambiguities\" array") }
        for a in ambiguities {
            guard a["id"]?.stringValue != nil, case .array(let chips)? = a["chips"] else {
                throw Failure.notAParseResult("each ambiguity needs an \"id\" and \"chips\"")
            }
            for c in chips {
                guard c["id"]?.stringValue != nil, case .object? = c["patch"] else {
                    throw Failure.notAParseResult("each chip needs an \"id\" and a \"patch\" object")
                }
            }
        }
        if case .object(let ev)? = result["event"] {
            for key in ["start", "end"] {
                guard let s = ev.first(where: { $0.0 == key })?.1.stringValue, ISOTimestamp.parse(s, zone: Zone(identifier: "UTC")!) != nil else {
                    throw Failure.notAParseResult("event \"\(key)\" must be an ISO-8601 timestamp")
                }
            }
        }
    }

    static func applyOne(_ id: String, to result: JSON, draft: JSON?) throws -> JSON {
        guard case .object(var members) = result, case .array(var ambiguities)? = result["ambiguities"] else {
            throw Failure.notAParseResult("expected a JSON object with \"ambiguities\"")
        }
        var found: (Int, JSON)?
        for (i, a) in ambiguities.enumerated() {
            guard case .array(let chips)? = a["chips"] else { continue }
            if let c = chips.first(where: { $0["id"]?.stringValue == id }) { found = (i, c); break }
        }
        guard let (index, chip) = found else { throw Failure.unknownChip(id, valid: chipIDs(result)) }
        guard case .object(let patch)? = chip["patch"] else { throw Failure.notAParseResult("chip '\(id)' has no patch object") }
        ambiguities.remove(at: index)
        let zoneID = result["event"]?["timeZone"]?.stringValue ?? result["context"]?["timeZone"]?.stringValue ?? "UTC"
        let zone = Zone(identifier: zoneID) ?? Zone(identifier: "UTC")!
        var event: [(String, JSON)]?
        if case .object(let ev)? = result["event"] { event = ev }
        if !patch.isEmpty {
            var ev = event ?? newEvent(result, draft: draft, zone: zone)
            let oldStart = member(ev, "start")?.stringValue.flatMap { ISOTimestamp.parse($0, zone: zone) }
            let oldEnd = member(ev, "end")?.stringValue.flatMap { ISOTimestamp.parse($0, zone: zone) }
            for (k, v) in patch { set(&ev, k, v) }
            // Only the start moved: keep the length.
            if patch.contains(where: { $0.0 == "start" }), !patch.contains(where: { $0.0 == "end" }),
               let s0 = oldStart, let e0 = oldEnd, let s = member(ev, "start")?.stringValue.flatMap({ ISOTimestamp.parse($0, zone: zone) }) {
                set(&ev, "end", .string(zone.iso(s + (e0 - s0))))
            }
            event = ev
        }
        for i in members.indices {
            if members[i].0 == "event" { members[i].1 = event.map { .object($0) } ?? .null }
            if members[i].0 == "ambiguities" { members[i].1 = .array(ambiguities) }
        }
        return .object(members)
    }

    /// The event a no-time chip creates: the parse's draft (title, place, people) or, from JSON
    /// alone, the text as the title.
    static func newEvent(_ result: JSON, draft: JSON?, zone: Zone) -> [(String, JSON)] {
        if case .object(let d)? = draft { return d }
        let title = result["text"]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return [("title", .string(title)), ("start", .null), ("end", .null), ("allDay", .bool(false)),
                ("timeZone", .string(zone.identifier)), ("location", .null), ("attendees", .array([])),
                ("notes", .null), ("recurrence", .null)]
    }

    static func draftJSON(_ result: ParseResult) -> JSON {
        let ev = result.state.event
        return .object([
            ("title", .string(ev.title)), ("start", .null), ("end", .null), ("allDay", .bool(ev.allDay)),
            ("timeZone", .string(result.context.zone.identifier)),
            ("location", ev.location.map { .string($0) } ?? .null),
            ("attendees", .array(ev.attendees.map(\.json))),
            ("notes", ev.notes.map { .string($0) } ?? .null),
            ("recurrence", ev.recurrence.map { .string($0) } ?? .null),
        ])
    }

    static func eventDraft(_ ev: JSON, zone: Zone, base: EventDraft) -> EventDraft {
        var d = base
        if let t = ev["title"]?.stringValue { d.title = t }
        d.start = ev["start"]?.stringValue.flatMap { ISOTimestamp.parse($0, zone: zone) } ?? d.start
        d.end = ev["end"]?.stringValue.flatMap { ISOTimestamp.parse($0, zone: zone) } ?? d.end
        if case .bool(let b)? = ev["allDay"] { d.allDay = b }
        if let l = ev["location"] { d.location = l.stringValue }
        if let r = ev["recurrence"] { d.recurrence = r.stringValue }
        if let n = ev["notes"] { d.notes = n.stringValue }
        return d
    }

    static func member(_ o: [(String, JSON)], _ key: String) -> JSON? { o.first(where: { $0.0 == key })?.1 }

    static func set(_ o: inout [(String, JSON)], _ key: String, _ value: JSON) {
        if let i = o.firstIndex(where: { $0.0 == key }) { o[i].1 = value } else { o.append((key, value)) }
    }
}
