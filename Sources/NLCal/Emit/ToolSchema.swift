/// The `parse_event` function definition a model is given, with JSON Schema parameters.
///
/// Its parameters are exactly the CalendarEvent object of the ParseResult, so code written for
/// a model's `parse_event` tool calls takes `nlcal parse --format tool-call` output unchanged.
/// The wrapper is the OpenAI-style tool definition `{"type": "function", "function": {…}}`.
public enum ToolSchema {
    public static let functionName = "parse_event"

    public static var parseEvent: JSON {
        .object([
            ("type", .string("function")),
            ("function", .object([
                ("name", .string(functionName)),
                ("description", .string("Create a calendar event from what the user typed. Times are ISO-8601 with the UTC offset in force in timeZone; all-day events run from local midnight to the local midnight after their last day.")),
                ("parameters", parameters),
            ])),
        ])
    }

    /// The JSON Schema of the arguments: the CalendarEvent.
    public static var parameters: JSON {
        let isoPattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(Z|[+-][0-9]{2}:[0-9]{2})$"
        func prop(_ type: JSON, _ description: String, _ extra: [(String, JSON)] = []) -> JSON {
            .object([("type", type), ("description", .string(description))] + extra)
        }
        let nullableString = JSON.array([.string("string"), .string("null")])
        return .object([
            ("type", .string("object")),
            ("properties", .object([
                ("title", prop(.string("string"), "What the event is, without the words that gave its time, place and people.")),
                ("start", prop(.string("string"), "Start, ISO-8601 with offset (2026-03-17T13:00:00+09:00). For recurring events, the first occurrence.", [("pattern", .string(isoPattern))])),
                ("end", prop(.string("string"), "End (exclusive), ISO-8601 with offset. Start + 60 minutes when the text gives no end.", [("pattern", .string(isoPattern))])),
                ("allDay", prop(.string("boolean"), "True for all-day events: start and end are local midnights.")),
                ("timeZone", prop(.string("string"), "IANA time zone the times are in (Asia/Tokyo).")),
                ("location", prop(nullableString, "Where the event happens, or null.")),
                ("attendees", prop(.string("array"), "People taking part.", [
                    ("items", .object([
                        ("type", .string("object")),
                        ("properties", .object([
                            ("name", .object([("type", .string("string"))])),
                            ("email", .object([("type", .string("string"))])),
                        ])),
                        ("additionalProperties", .bool(false)),
                    ])),
                ])),
                ("notes", prop(nullableString, "Free-form notes, or null.")),
                ("recurrence", prop(nullableString, "An RFC 5545 RRULE value without the \"RRULE:\" prefix (FREQ=WEEKLY;BYDAY=MO), or null.")),
            ])),
            ("required", .array(["title", "start", "end", "allDay", "timeZone", "location", "attendees", "notes", "recurrence"].map { .string($0) })),
            ("additionalProperties", .bool(false)),
        ])
    }
}
