/// Whether a chip's `patch` (a partial event object) describes an event as it stands: the
/// interactive screen marks such chips with ✓. Applying chips is `ChipResolver`'s job.
enum ChipPatch {
    static func matches(_ patch: [(String, JSON)], _ event: EventDraft, zone: Zone) -> Bool {
        var patched = event
        apply(patch, to: &patched, zone: zone)
        return patched == event
    }

    /// Merges the members it knows into a draft; a timestamp that does not parse leaves the
    /// field as it was.
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
