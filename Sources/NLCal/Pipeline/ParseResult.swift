/// The outcome of one parse: the final state with the context it was parsed in.
/// `json()` gives the ParseResult object of ARCHITECTURE.md.
public struct ParseResult {
    public var state: ParseState
    public var context: ParseContext

    public var event: EventDraft? { state.event.start == nil ? nil : state.event }

    /// The ParseResult JSON object, members in the documented order.
    public func json(id: String? = nil, explain: Bool = false) -> JSON {
        let zone = context.zone
        var members: [(String, JSON)] = []
        if let id { members.append(("id", .string(id))) }
        members.append(("text", .string(state.text)))
        members.append(("context", .object([
            ("now", .string(zone.iso(context.now))),
            ("timeZone", .string(zone.identifier)),
            ("locale", .string(context.locale)),
            ("policies", .object(context.policies.jsonObject)),
        ])))
        members.append(("event", eventJSON()))
        members.append(("time", timeJSON()))
        members.append(("ambiguities", .array(state.ambiguities.map { a in
            .object([
                ("id", .string(a.id)), ("field", .string(a.field)), ("message", .string(a.message)),
                ("chips", .array(a.chips.map { c in .object([("id", .string(c.id)), ("label", .string(c.label)), ("patch", .object(c.patch))]) })),
            ])
        })))
        members.append(("warnings", .array(state.warnings.map { .object([("code", .string($0.code)), ("message", .string($0.message))]) })))
        members.append(("spans", .array(state.spans.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { s in
            .object([("field", .string(s.field)), ("text", .string(s.text)),
                     ("range", .array([.int(s.range.lowerBound), .int(s.range.upperBound)])),
                     ("rules", .array(s.rules.map { .string($0) }))])
        })))
        if explain {
            members.append(("trace", .array(state.trace.map { t in
                var o: [(String, JSON)] = [("stage", .string(t.stage)), ("message", .string(t.message))]
                if let us = t.microseconds { o.append(("microseconds", .double((us * 10).rounded() / 10))) }
                return .object(o)
            })))
        }
        return .object(members)
    }

    public func eventJSON() -> JSON {
        guard let ev = event, let start = ev.start, let end = ev.end else { return .null }
        let zone = context.zone
        return .object([
            ("title", .string(ev.title)),
            ("start", .string(zone.iso(start))),
            ("end", .string(zone.iso(end))),
            ("allDay", .bool(ev.allDay)),
            ("timeZone", .string(zone.identifier)),
            ("location", ev.location.map { .string($0) } ?? .null),
            ("attendees", .array(ev.attendees.map(\.json))),
            ("notes", ev.notes.map { .string($0) } ?? .null),
            ("recurrence", ev.recurrence.map { .string($0) } ?? .null),
        ])
    }

    public func timeJSON() -> JSON {
        guard let r = state.resolution else { return .object([("kind", .string("none"))]) }
        let zone = context.zone
        switch r.kind {
        case .instant:
            return .object([("kind", .string("instant")), ("value", .string(zone.iso(r.start ?? context.now))), ("grain", .string(r.grain.name))])
        case .interval:
            return .object([
                ("kind", .string("interval")),
                ("from", r.start.map { .string(zone.iso($0)) } ?? .null),
                ("to", r.end.map { .string(zone.iso($0)) } ?? .null),
                ("grain", .string(r.grain.name)),
            ])
        }
    }
}
