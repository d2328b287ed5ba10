/// Writes the ParseResult object of `ParseResult.json` as compact JSON text directly, without
/// building the `JSON` tree first.
///
/// Batch mode emits one result per input line; building the tree (an array of `(String, JSON)`
/// tuples per object) and then destroying it cost about as much as serializing it. The bytes
/// are exactly those of `result.json(id:).serialized()` (the emitter tests compare both on the
/// corpora); `--explain` and pretty printing still go through the tree.
struct ResultWriter {
    var out: [UInt8] = []
    /// Whether the current object or array already has a member (a comma goes first).
    private var needsComma = false

    init() { out.reserveCapacity(1024) }

    var text: String { String(decoding: out, as: UTF8.self) }

    // MARK: Structure

    private mutating func comma() {
        if needsComma { out.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    mutating func beginObject() { out.append(UInt8(ascii: "{")); needsComma = false }
    mutating func endObject() { out.append(UInt8(ascii: "}")); needsComma = true }
    mutating func beginArray() { out.append(UInt8(ascii: "[")); needsComma = false }
    mutating func endArray() { out.append(UInt8(ascii: "]")); needsComma = true }

    /// A member's key (and the colon); the value follows. Keys are literals with nothing to
    /// escape, copied as they are.
    mutating func key(_ k: StaticString) {
        comma()
        out.append(0x22)
        out.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
        out.append(0x22)
        out.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Before an array element.
    mutating func element() { comma(); needsComma = false }

    // MARK: Values (each ends a member or element)

    mutating func string(_ s: String) { JSON.quote(s, into: &out); needsComma = true }
    mutating func string(_ s: String?) { if let s { string(s) } else { null() } }
    mutating func int(_ i: Int) { JSON.writeInt(i, into: &out); needsComma = true }
    mutating func bool(_ b: Bool) { out.append(contentsOf: (b ? "true" : "false").utf8); needsComma = true }
    mutating func null() { out.append(contentsOf: "null".utf8); needsComma = true }
    mutating func value(_ v: JSON) { v.writeCompact(into: &out); needsComma = true }

    mutating func member(_ k: StaticString, _ s: String) { key(k); string(s) }
    mutating func member(_ k: StaticString, _ v: JSON) { key(k); value(v) }
}

extension ParseResult {
    /// `json(id:).serialized()` (compact), written directly. With `nullID` and no `id`, an
    /// `"id": null` member comes first (batch answers always have an id).
    func compactJSON(id: String?, nullID: Bool) -> String {
        var w = ResultWriter()
        let zone = context.zone
        w.beginObject()
        if let id { w.member("id", id) } else if nullID { w.key("id"); w.null() }
        w.member("text", state.text)
        w.key("context")
        w.beginObject()
        w.member("now", zone.iso(context.now))
        w.member("timeZone", zone.identifier)
        w.member("locale", context.locale)
        // As `Policies.jsonObject`.
        let p = context.policies
        w.key("policies")
        w.beginObject()
        w.member("weekStart", Policies.weekdayNames[p.weekStart - 1])
        w.member("nextWeekday", p.nextWeekday.rawValue)
        w.member("sameWeekday", p.sameWeekday.rawValue)
        w.member("preference", p.preference.rawValue)
        w.member("dateOrder", p.dateOrder.rawValue)
        w.key("defaultDurationMinutes"); w.int(p.defaultDurationMinutes)
        w.endObject()
        w.endObject()
        w.key("event")
        writeEvent(&w)
        w.key("time")
        writeTime(&w)
        w.key("ambiguities")
        w.beginArray()
        for a in state.ambiguities {
            w.element()
            w.beginObject()
            w.member("id", a.id)
            w.member("field", a.field)
            w.member("message", a.message)
            w.key("chips")
            w.beginArray()
            for c in a.chips {
                w.element()
                w.beginObject()
                w.member("id", c.id)
                w.member("label", c.label)
                w.member("patch", .object(c.patch))
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.key("warnings")
        w.beginArray()
        for warning in state.warnings {
            w.element()
            w.beginObject()
            w.member("code", warning.code)
            w.member("message", warning.message)
            w.endObject()
        }
        w.endArray()
        w.key("spans")
        w.beginArray()
        for s in state.spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            w.element()
            w.beginObject()
            w.member("field", s.field)
            w.member("text", s.text)
            w.key("range")
            w.beginArray()
            w.element(); w.int(s.range.lowerBound)
            w.element(); w.int(s.range.upperBound)
            w.endArray()
            w.key("rules")
            w.beginArray()
            for r in s.rules { w.element(); w.string(r) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    /// As `eventJSON()`.
    private func writeEvent(_ w: inout ResultWriter) {
        guard let ev = event, let start = ev.start, let end = ev.end else { w.null(); return }
        let zone = context.zone
        w.beginObject()
        w.member("title", ev.title)
        w.member("start", zone.iso(start))
        w.member("end", zone.iso(end))
        w.key("allDay"); w.bool(ev.allDay)
        w.member("timeZone", zone.identifier)
        w.key("location"); w.string(ev.location)
        w.key("attendees")
        w.beginArray()
        for a in ev.attendees {
            w.element()
            w.beginObject()
            if let name = a.name { w.member("name", name) }
            if let email = a.email { w.member("email", email) }
            w.endObject()
        }
        w.endArray()
        w.key("notes"); w.string(ev.notes)
        w.key("recurrence"); w.string(ev.recurrence)
        w.endObject()
    }

    /// As `timeJSON()`.
    private func writeTime(_ w: inout ResultWriter) {
        w.beginObject()
        defer { w.endObject() }
        guard let r = state.resolution else { w.member("kind", "none"); return }
        let zone = context.zone
        switch r.kind {
        case .instant:
            w.member("kind", "instant")
            w.member("value", zone.iso(r.start ?? context.now))
            w.member("grain", r.grain.name)
        case .interval:
            w.member("kind", "interval")
            w.key("from"); w.string(r.start.map { zone.iso($0) })
            w.key("to"); w.string(r.end.map { zone.iso($0) })
            w.member("grain", r.grain.name)
        }
    }
}
