/// Applies a chip's `patch` (a partial event object) to an event draft.
///
/// A stopgap for the interactive editor until the library's chip resolver (`--choose`,
/// `nlcal resolve`) lands; then this should call it. Members it does not know are ignored;
/// a timestamp that does not parse leaves the field as it was.
enum ChipPatch {
    static func apply(_ patch: [(String, JSON)], to event: inout EventDraft, zone: Zone) {
        for (key, value) in patch {
            switch (key, value) {
            case ("start", .string(let s)): if let t = ISOTimestamp.parse(s, zone: zone) { event.start = t }
            case ("end", .string(let s)): if let t = ISOTimestamp.parse(s, zone: zone) { event.end = t }
            case ("end", .null): event.end = nil
            case ("allDay", .bool(let b)): event.allDay = b
            case ("title", .string(let s)): event.title = s
            case ("location", .string(let s)): event.location = s
            case ("location", .null): event.location = nil
            case ("notes", .string(let s)): event.notes = s
            case ("notes", .null): event.notes = nil
            case ("recurrence", .string(let s)): event.recurrence = s
            case ("recurrence", .null): event.recurrence = nil
            default: break
            }
        }
    }
}
