/// The stage half of the plugin protocol: the request a stage plugin gets for one parse, and
/// the additions its answer may make.
///
/// Request: `{"seq", "request": "stage", "stage", "text", "context", "tokens", "spans", "event"}`;
/// ranges are offsets in Unicode scalars (Python `str` indices). Answer, every member optional:
/// `{"location": "…"|null, "title": "…", "notes": "…"|null,
///   "attendees": [{"name", "email"}], "spans": [{"field", "range": [a, b], "rules"}],
///   "warnings": [{"code", "message"}]}`.
/// Attendees merge by name (case-insensitive): a known name gets the email, a new one is added.
/// A span replaces the spans of its field it overlaps; a new location drops the old location's spans.
enum StageExchange {
    static func request(_ state: ParseState, _ context: ParseContext, stage: String) -> [(String, JSON)] {
        let zone = context.zone
        func range(_ r: Range<Int>) -> JSON { .array([.int(r.lowerBound), .int(r.upperBound)]) }
        let ev = state.event
        return [
            ("request", .string("stage")),
            ("stage", .string(stage)),
            ("text", .string(state.text)),
            ("context", .object([
                ("now", .string(zone.iso(context.now))), ("timeZone", .string(zone.identifier)), ("locale", .string(context.locale)),
            ])),
            ("tokens", .array(state.tokens.map { t in
                .object([("text", .string(t.text)), ("original", .string(t.original)), ("kind", .string(t.kind.rawValue)), ("range", range(t.range))])
            })),
            ("spans", .array(state.spans.map { s in
                .object([("field", .string(s.field)), ("text", .string(s.text)), ("range", range(s.range)), ("rules", .array(s.rules.map { .string($0) }))])
            })),
            ("event", .object([
                ("title", .string(ev.title)),
                ("start", ev.start.map { .string(zone.iso($0)) } ?? .null),
                ("end", ev.end.map { .string(zone.iso($0)) } ?? .null),
                ("allDay", .bool(ev.allDay)),
                ("timeZone", .string(zone.identifier)),
                ("location", ev.location.map { .string($0) } ?? .null),
                ("attendees", .array(ev.attendees.map { a in
                    .object((a.name.map { [("name", JSON.string($0))] } ?? []) + (a.email.map { [("email", JSON.string($0))] } ?? []))
                })),
                ("notes", ev.notes.map { .string($0) } ?? .null),
                ("recurrence", ev.recurrence.map { .string($0) } ?? .null),
            ])),
        ]
    }

    /// Checks a whole answer first, then applies it, so a bad answer changes nothing.
    static func apply(_ answer: JSON, to state: inout ParseState, plugin: String) throws -> [String] {
        var problems: [String] = []
        func optionalString(_ key: String) -> (present: Bool, value: String?) {
            guard let v = answer[key] else { return (false, nil) }
            if v == .null { return (true, nil) }
            guard let s = v.stringValue else { problems.append("\"\(key)\" must be a string or null"); return (false, nil) }
            return (true, s)
        }
        let location = optionalString("location"), notes = optionalString("notes"), title = optionalString("title")
        var attendees: [Attendee] = []
        if let a = answer["attendees"] {
            if case .array(let items) = a {
                for item in items {
                    let name = item["name"]?.stringValue, email = item["email"]?.stringValue
                    guard case .object = item, name != nil || email != nil else {
                        problems.append("\"attendees\" items must be objects with \"name\" and/or \"email\" strings"); break
                    }
                    attendees.append(Attendee(name: name, email: email))
                }
            } else { problems.append("\"attendees\" must be an array") }
        }
        var spans: [FieldSpan] = []
        if let s = answer["spans"] {
            if case .array(let items) = s {
                for item in items {
                    guard let field = item["field"]?.stringValue, !field.isEmpty,
                          case .array(let r)? = item["range"], r.count == 2, case .int(let lo) = r[0], case .int(let hi) = r[1],
                          lo >= 0, lo < hi, hi <= state.scalarCount else {
                        problems.append("\"spans\" items need \"field\" and \"range\": [start, end] within the text (\(state.scalarCount) scalars)"); break
                    }
                    var rules = [plugin]
                    if case .array(let rs)? = item["rules"] { rules = rs.compactMap(\.stringValue) }
                    spans.append(FieldSpan(field: field, range: lo..<hi, text: state.slice(lo..<hi), rules: rules))
                }
            } else { problems.append("\"spans\" must be an array") }
        }
        var warnings: [Warning] = []
        if let w = answer["warnings"] {
            if case .array(let items) = w {
                for item in items {
                    guard let message = item["message"]?.stringValue else { problems.append("\"warnings\" items need a \"message\""); break }
                    warnings.append(Warning(code: item["code"]?.stringValue ?? plugin, message: message))
                }
            } else { problems.append("\"warnings\" must be an array") }
        }
        guard problems.isEmpty else { return problems }

        if location.present {
            state.event.location = location.value
            state.spans.removeAll { $0.field == "location" }
        }
        if notes.present { state.event.notes = notes.value }
        if title.present { state.event.title = title.value ?? "" }
        for a in attendees {
            if let name = a.name, let i = state.event.attendees.firstIndex(where: { $0.name?.lowercased() == name.lowercased() }) {
                if let e = a.email { state.event.attendees[i].email = e }
            } else if let e = a.email, state.event.attendees.contains(where: { $0.email?.lowercased() == e.lowercased() }) {
                continue
            } else {
                state.event.attendees.append(a)
            }
        }
        for s in spans {
            state.spans.removeAll { $0.field == s.field && $0.range.overlaps(s.range) }
            state.spans.append(s)
        }
        state.warnings += warnings
        return []
    }
}
