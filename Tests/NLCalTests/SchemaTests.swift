import Foundation
import NLCalTestSupport
import Testing

/// The package root, found by walking up from this file to the directory holding Package.swift.
private let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            return url
        }
        url.deleteLastPathComponent()
    }
    fatalError("no Package.swift above \(#filePath)")
}()

private func loadSchema(_ name: String) throws -> JSONSchemaValidator {
    try JSONSchemaValidator(contentsOf: packageRoot.appendingPathComponent("schema/\(name).schema.json"))
}

private func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Deep-copies a JSON object and applies `edit` to it, for building invalid variants of a valid result.
private func variant(_ text: String, _ edit: (inout [String: Any]) -> Void) throws -> [String: Any] {
    var object = try #require(try json(text) as? [String: Any])
    edit(&object)
    return object
}

/// Edits a nested object in place: `object[key]` must be an object.
private func editMember(_ object: inout [String: Any], _ key: String, _ edit: (inout [String: Any]) -> Void) {
    var member = object[key] as! [String: Any]
    edit(&member)
    object[key] = member
}

// MARK: - Fixtures

/// The ARCHITECTURE.md example, with "…" replaced by a rule name.
private let architectureExample = """
{
  "text": "Lunch with Alex next Tue 1pm @Shibuya",
  "context": {"now": "2026-03-11T09:15:00+09:00", "timeZone": "Asia/Tokyo", "locale": "en"},
  "event": {
    "title": "Lunch with Alex",
    "start": "2026-03-17T13:00:00+09:00",
    "end": "2026-03-17T14:00:00+09:00",
    "allDay": false,
    "timeZone": "Asia/Tokyo",
    "location": "Shibuya",
    "attendees": [{"name": "Alex"}],
    "notes": null,
    "recurrence": null
  },
  "time": {"kind": "instant", "value": "2026-03-17T13:00:00+09:00", "grain": "hour"},
  "ambiguities": [],
  "warnings": [],
  "spans": [{"field": "start", "text": "next Tue 1pm", "range": [16, 28], "rules": ["next-weekday", "at-hour", "intersect"]}]
}
"""

/// No schedulable time: event null, time none, chips offering one (the seed's "Today 6pm", "Tomorrow 9am", "Pick…").
private let noneResult = """
{
  "id": "line-7",
  "text": "Call mom",
  "context": {"now": "2026-03-11T09:15:00+09:00", "timeZone": "Asia/Tokyo", "locale": "en",
              "policies": {"weekStart": "monday", "nextWeekday": "following-week", "bias": "future"}},
  "event": null,
  "time": {"kind": "none"},
  "ambiguities": [{
    "id": "time",
    "field": "start",
    "message": "No date or time found; pick one.",
    "chips": [
      {"id": "today-6pm", "label": "Today 6pm",
       "patch": {"title": "Call mom", "start": "2026-03-11T18:00:00+09:00", "end": "2026-03-11T19:00:00+09:00", "allDay": false}},
      {"id": "tomorrow-9am", "label": "Tomorrow 9am",
       "patch": {"start": "2026-03-12T09:00:00+09:00", "end": "2026-03-12T10:00:00+09:00"}},
      {"id": "pick", "label": "Pick…", "patch": {}}
    ]
  }],
  "warnings": ["no time found", {"code": "no-time", "message": "Nothing in the text names a time."}],
  "spans": [],
  "trace": {"rules": [], "note": "any shape"}
}
"""

/// A range between named times ("2-4pm"), in a negative-offset zone, with an attendee by email.
private let intervalResult = """
{
  "text": "Design review 2-4pm with bob@example.com",
  "context": {"now": "2013-02-12T04:30:00-02:00", "timeZone": "Etc/GMT+2", "locale": "en-US"},
  "event": {
    "title": "Design review",
    "start": "2013-02-12T14:00:00-02:00",
    "end": "2013-02-12T16:00:00-02:00",
    "allDay": false,
    "timeZone": "Etc/GMT+2",
    "location": null,
    "attendees": [{"email": "bob@example.com"}, {"name": "Bob", "email": "bob@example.com"}],
    "notes": "from the weekly sync",
    "recurrence": "FREQ=WEEKLY;BYDAY=TU"
  },
  "time": {"kind": "interval", "from": "2013-02-12T14:00:00-02:00", "to": "2013-02-12T16:00:00-02:00", "grain": "hour"},
  "ambiguities": [],
  "warnings": [],
  "spans": [
    {"field": "start", "text": "2-4pm", "range": [14, 19], "rules": ["time-range"]},
    {"field": "attendees", "text": "with bob@example.com", "range": [20, 40], "rules": []}
  ]
}
"""

/// A range of days ("March 3 to 5"): all-day, local midnights, end exclusive; UTC written as Z.
private let allDayResult = """
{
  "text": "Offsite March 3 to 5",
  "context": {"now": "2026-02-16T08:30:00Z", "timeZone": "UTC", "locale": "en"},
  "event": {
    "title": "Offsite",
    "start": "2026-03-03T00:00:00Z",
    "end": "2026-03-06T00:00:00Z",
    "allDay": true,
    "timeZone": "UTC",
    "location": null,
    "attendees": [],
    "notes": null,
    "recurrence": null
  },
  "time": {"kind": "interval", "from": "2026-03-03T00:00:00Z", "to": "2026-03-06T00:00:00Z", "grain": "day"},
  "ambiguities": [],
  "warnings": [],
  "spans": [{"field": "start", "text": "March 3 to 5", "range": [8, 20], "rules": ["date-range"]}]
}
"""

// MARK: - The schemas accept what ARCHITECTURE.md describes

@Suite("Schema: valid ParseResults")
struct SchemaValidTests {
    static let fixtures = [
        "architecture example": architectureExample,
        "none result with chips": noneResult,
        "interval result": intervalResult,
        "all-day result": allDayResult,
    ]

    @Test("Valid results are accepted", arguments: fixtures.keys.sorted())
    func validResult(name: String) throws {
        let validator = try loadSchema("parse-result")
        let text = try #require(Self.fixtures[name])
        #expect(try validator.validate(jsonData: Data(text.utf8)) == [])
    }

    @Test func openIntervalEnds() throws {
        let validator = try loadSchema("parse-result")
        let result = try variant(architectureExample) {
            $0["time"] = ["kind": "interval", "from": "2026-03-16T00:00:00+09:00", "to": NSNull(), "grain": "week"]
        }
        #expect(validator.validate(result) == [])
    }

    @Test func batchErrorObject() throws {
        let validator = try loadSchema("batch-error")
        #expect(try validator.validate(jsonData: Data(#"{"id": "dev-0042", "error": {"code": "bad-ref", "message": "ref is not an ISO-8601 timestamp"}}"#.utf8)) == [])
        #expect(try validator.validate(jsonData: Data(#"{"id": null, "error": {"code": "bad-json", "message": "line 3 is not JSON"}}"#.utf8)) == [])
    }
}

// MARK: - The schemas reject what breaks the contract

@Suite("Schema: invalid ParseResults")
struct SchemaInvalidTests {
    let validator: JSONSchemaValidator

    init() throws {
        validator = try loadSchema("parse-result")
    }

    /// Expects violations, one of which starts with `path` and contains `fragment`.
    private func expectViolation(_ instance: [String: Any], at path: String, containing fragment: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let violations = validator.validate(instance)
        #expect(!violations.isEmpty, "accepted an invalid result", sourceLocation: sourceLocation)
        #expect(violations.contains { $0.hasPrefix(path + ": ") && $0.contains(fragment) },
                "\(violations)", sourceLocation: sourceLocation)
    }

    @Test func missingTitle() throws {
        let result = try variant(architectureExample) { editMember(&$0, "event") { $0["title"] = nil } }
        expectViolation(result, at: "$.event", containing: #"missing required member "title""#)
    }

    @Test func timestampWithoutOffset() throws {
        let result = try variant(architectureExample) { editMember(&$0, "event") { $0["start"] = "2026-03-17T13:00:00" } }
        expectViolation(result, at: "$.event.start", containing: "does not match pattern")
    }

    @Test func timestampVariants() throws {
        for bad in ["2026-03-17T13:00+09:00", "2026-03-17 13:00:00+09:00", "2026-03-17T13:00:00+0900",
                    "2026-03-17T13:00:00+09:00\n", "２０２６-03-17T13:00:00+09:00", "2026-03-17"] {
            let result = try variant(architectureExample) {
                $0["time"] = ["kind": "instant", "value": bad, "grain": "hour"]
            }
            #expect(!validator.validate(result).isEmpty, "accepted \(bad.debugDescription)")
        }
    }

    @Test func unknownGrain() throws {
        let result = try variant(architectureExample) { editMember(&$0, "time") { $0["grain"] = "fortnight" } }
        expectViolation(result, at: "$.time.grain", containing: #""fortnight" is not one of"#)
    }

    @Test func extraMemberInEvent() throws {
        let result = try variant(architectureExample) { editMember(&$0, "event") { $0["priority"] = "high" } }
        expectViolation(result, at: "$.event", containing: #"unexpected member "priority""#)
    }

    @Test func intervalMissingTo() throws {
        let result = try variant(intervalResult) { editMember(&$0, "time") { $0["to"] = nil } }
        expectViolation(result, at: "$.time", containing: #"missing required member "to""#)
    }

    @Test func wrongTypes() throws {
        expectViolation(try variant(architectureExample) { editMember(&$0, "event") { $0["allDay"] = "false" } },
                        at: "$.event.allDay", containing: "expected boolean, got string")
        expectViolation(try variant(architectureExample) { $0["spans"] = ["field": "start"] },
                        at: "$.spans", containing: "expected array, got object")
        expectViolation(try variant(architectureExample) { $0["text"] = 42 },
                        at: "$.text", containing: "expected string, got integer")
        expectViolation(try variant(architectureExample) { editMember(&$0, "event") { $0["allDay"] = 0 } },
                        at: "$.event.allDay", containing: "expected boolean, got integer")
    }

    @Test func otherContractBreaks() throws {
        // Unknown time kind, and members of one kind mixed into another.
        #expect(!validator.validate(try variant(architectureExample) { $0["time"] = ["kind": "latent"] }).isEmpty)
        #expect(!validator.validate(try variant(architectureExample) { editMember(&$0, "time") { $0["from"] = NSNull() } }).isEmpty)
        // An attendee with neither name nor email, or with something else.
        #expect(!validator.validate(try variant(architectureExample) { editMember(&$0, "event") { $0["attendees"] = [[String: Any]()] } }).isEmpty)
        #expect(!validator.validate(try variant(architectureExample) { editMember(&$0, "event") { $0["attendees"] = [["name": "Alex", "role": "host"]] } }).isEmpty)
        // Attendees as plain strings (the corpus shape, not the output shape).
        #expect(!validator.validate(try variant(architectureExample) { editMember(&$0, "event") { $0["attendees"] = ["Alex"] } }).isEmpty)
        // Recurrence that is not an RRULE value.
        #expect(!validator.validate(try variant(architectureExample) { editMember(&$0, "event") { $0["recurrence"] = "every Monday" } }).isEmpty)
        // A span range that is not two non-negative integers.
        for range: Any in [[16], [16, 28, 30], [16.5, 28], [-1, 28]] {
            let result = try variant(architectureExample) { $0["spans"] = [["field": "start", "text": "x", "range": range, "rules": []]] }
            #expect(!validator.validate(result).isEmpty, "accepted range \(range)")
        }
        // A chip whose patch is not a partial event; a chip without a patch.
        let badPatch = try variant(noneResult) { result in
            var ambiguity = (result["ambiguities"] as! [[String: Any]])[0]
            ambiguity["chips"] = [["id": "x", "label": "X", "patch": ["when": "later"]]]
            result["ambiguities"] = [ambiguity]
        }
        expectViolation(badPatch, at: "$.ambiguities[0].chips[0].patch", containing: #"unexpected member "when""#)
        let noPatch = try variant(noneResult) { result in
            var ambiguity = (result["ambiguities"] as! [[String: Any]])[0]
            ambiguity["chips"] = [["id": "x", "label": "X"]]
            result["ambiguities"] = [ambiguity]
        }
        expectViolation(noPatch, at: "$.ambiguities[0].chips[0]", containing: #"missing required member "patch""#)
        // Warning objects are closed; context needs its three members; unknown top-level members are rejected.
        #expect(!validator.validate(try variant(architectureExample) { $0["warnings"] = [["code": "x"]] }).isEmpty)
        expectViolation(try variant(architectureExample) { editMember(&$0, "context") { $0["locale"] = nil } },
                        at: "$.context", containing: #"missing required member "locale""#)
        expectViolation(try variant(architectureExample) { $0["confidence"] = 0.9 },
                        at: "$", containing: #"unexpected member "confidence""#)
    }

    @Test func batchErrorRejectsIncompleteObjects() throws {
        let validator = try loadSchema("batch-error")
        for text in [
            #"{"error": {"code": "bad-json", "message": "x"}}"#,
            #"{"id": "a", "error": {"code": "bad-json"}}"#,
            #"{"id": "a", "error": "bad-json"}"#,
            #"{"id": 7, "error": {"code": "bad-json", "message": "x"}}"#,
            #"{"id": "a", "error": {"code": "bad-json", "message": "x"}, "text": "y"}"#,
        ] {
            #expect(try !validator.validate(jsonData: Data(text.utf8)).isEmpty, "accepted \(text)")
        }
    }
}

// MARK: - The validator itself

@Suite("Schema: JSONSchemaValidator")
struct SchemaValidatorTests {
    private func validator(_ schema: String) throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schemaData: Data(schema.utf8))
    }

    @Test func rejectsSchemasItDoesNotUnderstand() {
        let schemas: [String] = [
            #"{"type": "object", "requried": ["a"]}"#,  // typo
            #"{"type": "string", "format": "date-time"}"#,  // unsupported, would silently pass everything
            #"{"properties": {"a": {"minLenght": 1}}}"#,  // typo, nested
            #"{"type": "strnig"}"#,
            ##"{"$ref": "#/$defs/missing"}"##,
            #"{"$ref": "other.json#/a"}"#,
            ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##,
            #"{"pattern": "["}"#,
            #"{"required": ["b"], "properties": {"a": true}, "additionalProperties": false}"#,
            #"{"$schema": "http://json-schema.org/draft-07/schema#"}"#,
            #"{"items": [{"type": "string"}]}"#,
            #"{"minItems": -1}"#,
            #"42"#,
            #"{"type": "object""#,
        ]
        for schema in schemas {
            #expect(throws: JSONSchemaValidator.SchemaError.self, "accepted \(schema)") {
                _ = try JSONSchemaValidator(schemaData: Data(schema.utf8))
            }
        }
    }

    @Test func unknownKeywordIsNamedWithItsLocation() {
        #expect(throws: JSONSchemaValidator.SchemaError.unknownKeyword(at: "#/properties/a", keyword: "minLenght")) {
            _ = try JSONSchemaValidator(schemaData: Data(#"{"properties": {"a": {"minLenght": 1}}}"#.utf8))
        }
    }

    @Test func typesDistinguishBooleansIntegersAndNumbers() throws {
        let integer = try validator(#"{"type": "integer"}"#)
        #expect(integer.validate(3) == [])
        #expect(integer.validate(3.0) == [])  // JSON Schema: 3.0 is an integer
        #expect(try integer.validate(jsonData: Data("3.0".utf8)) == [])
        #expect(integer.validate(3.5) == ["$: expected integer, got number"])
        #expect(integer.validate(true) == ["$: expected integer, got boolean"])
        #expect(try integer.validate(jsonData: Data("true".utf8)) == ["$: expected integer, got boolean"])
        let boolean = try validator(#"{"type": "boolean"}"#)
        #expect(try boolean.validate(jsonData: Data("1".utf8)) == ["$: expected boolean, got integer"])
        #expect(try boolean.validate(jsonData: Data("false".utf8)) == [])
        let nullableNumber = try validator(#"{"type": ["number", "null"]}"#)
        #expect(nullableNumber.validate(NSNull()) == [])
        #expect(nullableNumber.validate(7) == [])
        #expect(nullableNumber.validate("7") == ["$: expected number or null, got string"])
    }

    @Test func enumAndConstCompareJSONValues() throws {
        let schema = try validator(#"{"enum": [1, "a", [true, null], {"k": 2}]}"#)
        #expect(schema.validate(1.0) == [])
        #expect(schema.validate([true, NSNull()] as [Any]) == [])
        #expect(schema.validate(["k": 2.0]) == [])
        #expect(!schema.validate(true).isEmpty)  // true is not 1
        #expect(!schema.validate([1, NSNull()] as [Any]).isEmpty)
        let constant = try validator(#"{"const": false}"#)
        #expect(constant.validate(false) == [])
        #expect(constant.validate(0) == ["$: expected false, got 0"])
    }

    @Test func patternsHaveECMAMeaning() throws {
        let digits = try validator(#"{"pattern": "^\\d{2}$"}"#)
        #expect(digits.validate("12") == [])
        #expect(!digits.validate("12\n").isEmpty)  // ICU's $ would match before the newline
        #expect(!digits.validate("١٢").isEmpty)  // ICU's \d would match Arabic-Indic digits
        #expect(digits.validate(12) == [])  // pattern only constrains strings
        let search = try validator(#"{"pattern": "b+"}"#)
        #expect(search.validate("abbc") == [])  // unanchored: a search, not a full match
        let klass = try validator(#"{"pattern": "^[\\d:]+$"}"#)
        #expect(klass.validate("12:30") == [])
        #expect(!klass.validate("12.30").isEmpty)
    }

    @Test func arraysAndStrings() throws {
        let tuple = try validator(#"{"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}, "minItems": 1, "maxItems": 3}"#)
        #expect(tuple.validate(["a", 1, 2] as [Any]) == [])
        #expect(tuple.validate([Any]()) == ["$: has 0 items, fewer than minItems 1"])
        #expect(tuple.validate(["a", 1, 2, 3] as [Any]) == ["$: has 4 items, more than maxItems 3"])
        #expect(tuple.validate([1, "b"] as [Any]) == ["$[0]: expected string, got integer", "$[1]: expected integer, got string"])
        let text = try validator(#"{"minLength": 2, "maxLength": 3}"#)
        #expect(text.validate("é文") == [])  // lengths count code points
        #expect(text.validate("a") == ["$: is 1 characters long, shorter than minLength 2"])
        let bounded = try validator(#"{"minimum": 0, "maximum": 10}"#)
        #expect(bounded.validate(-1) == ["$: -1 is less than minimum 0"])
        #expect(bounded.validate(10.5) == ["$: 10.5 is greater than maximum 10"])
    }

    @Test func objectsAndPaths() throws {
        let schema = try validator("""
        {"type": "object", "properties": {"a b": {"type": "object", "additionalProperties": {"type": "integer"}}, "z": true},
         "required": ["z"], "additionalProperties": false}
        """)
        #expect(schema.validate(["a b": ["x": "1"], "q": 1]) == [
            #"$: missing required member "z""#,
            #"$["a b"].x: expected integer, got string"#,
            #"$: unexpected member "q" (allowed: a b, z)"#,
        ])
    }

    @Test func combinators() throws {
        let one = try validator(#"{"oneOf": [{"type": "integer"}, {"type": "number"}]}"#)
        #expect(one.validate(1.5) == [])
        #expect(one.validate(1) == ["$: matches 2 oneOf alternatives (#0, #1), expected exactly one"])
        let any = try validator(#"{"anyOf": [{"type": "integer"}, {"type": "string", "minLength": 3}]}"#)
        #expect(any.validate(1) == [])
        #expect(any.validate("ab") == [
            "$: matches none of the 2 anyOf alternatives",
            "$: is 2 characters long, shorter than minLength 3 (in alternative #1)",
        ])
        let all = try validator(#"{"allOf": [{"minimum": 1}, {"maximum": 2}]}"#)
        #expect(all.validate(3) == ["$: 3 is greater than maximum 2"])
    }

    @Test func recursiveReferences() throws {
        let tree = try validator("""
        {"$ref": "#/$defs/node",
         "$defs": {"node": {"type": "object", "required": ["v"], "additionalProperties": false,
                            "properties": {"v": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}
        """)
        #expect(tree.validate(["v": 1, "kids": [["v": 2, "kids": [["v": 3]]]]]) == [])
        #expect(tree.validate(["v": 1, "kids": [["v": 2, "kids": [["w": 3]]]]]) == [
            #"$.kids[0].kids[0]: missing required member "v""#,
            #"$.kids[0].kids[0]: unexpected member "w" (allowed: kids, v)"#,
        ])
    }

    @Test func referencesAreJSONPointers() throws {
        let schema = try validator(##"""
        {"$defs": {"a/b": {"type": "integer"}},
         "properties": {"x": {"$ref": "#/$defs/a~1b"}, "y": {"$ref": "#/properties/x"}, "z": {"$ref": "#/$defs/a%7E1b"}}}
        """##)
        #expect(schema.validate(["x": 1, "y": 2, "z": 3]) == [])
        #expect(schema.validate(["x": "1", "y": "2", "z": "3"]) == [
            "$.x: expected integer, got string",
            "$.y: expected integer, got string",
            "$.z: expected integer, got string",
        ])
    }

    @Test func booleanSchemas() throws {
        #expect(try validator("true").validate(["anything": [1, 2]]) == [])
        #expect(try validator("false").validate(1) == ["$: no value is allowed here (schema false)"])
    }

    @Test func nonJSONInstances() throws {
        let schema = try validator("{}")
        #expect(schema.validate(Date()) != [])
        #expect(throws: JSONSchemaValidator.SchemaError.self) {
            _ = try schema.validate(jsonData: Data("{not json".utf8))
        }
    }
}
