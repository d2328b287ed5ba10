import Foundation

/// A JSON Schema (draft 2020-12) validator for the keywords nlcal's own schemas use.
///
/// It exists so tests can check `nlcal` output against `schema/*.schema.json` without a
/// third-party package. It supports `type` (a name or a list, with "integer" and "null"),
/// `properties`, `required`, `additionalProperties` (boolean or schema), `prefixItems`,
/// `items`, `minItems`, `maxItems`, `minLength`, `maxLength`, `minimum`, `maximum`, `enum`,
/// `const`, `pattern` (ECMA-262 meaning, see `ECMAPattern`), `allOf`, `anyOf`, `oneOf`,
/// `$defs` and `$ref` to a JSON pointer inside the same document ("#/$defs/event"), plus the
/// annotations (`title`, `description`, `$comment`, `examples`, …), which it ignores.
///
/// Any other keyword — `format`, a typo such as `"requried"` — makes `init` throw, so a
/// mistake in a schema cannot silently weaken it.
///
/// ```swift
/// let validator = try JSONSchemaValidator(contentsOf: schemaURL)
/// let violations = try validator.validate(jsonData: output)
/// #expect(violations == [])   // e.g. ["$.event.start: does not match pattern ^…$ (value: \"2026-03-17T13:00\")"]
/// ```
public struct JSONSchemaValidator: Sendable {
    /// Why a schema could not be loaded.
    public enum SchemaError: Error, CustomStringConvertible, Equatable {
        /// The schema, or the instance passed to `validate(jsonData:)`, is not JSON.
        case invalidJSON(String)
        /// `$schema` names a dialect other than draft 2020-12.
        case unsupportedDialect(String)
        /// A keyword this validator does not implement (or a misspelled one).
        case unknownKeyword(at: String, keyword: String)
        /// A known keyword with a value of the wrong shape; `keyword` is nil when the schema itself is malformed.
        case invalidKeyword(at: String, keyword: String?, String)
        /// A `$ref` that does not point at a subschema of this document.
        case unresolvedReference(at: String, ref: String)
        /// Schemas that reference each other without ever moving into the instance.
        case referenceCycle(at: String)

        public var description: String {
            switch self {
            case .invalidJSON(let reason): "not valid JSON: \(reason)"
            case .unsupportedDialect(let uri): "unsupported $schema \(uri); only \(JSONSchemaCompiler.dialect) is supported"
            case .unknownKeyword(let at, let keyword): "\(at): unknown or unsupported keyword \(JSONValue.quoted(keyword))"
            case .invalidKeyword(let at, let keyword?, let reason): "\(at): \(JSONValue.quoted(keyword)) \(reason)"
            case .invalidKeyword(let at, nil, let reason): "\(at): \(reason)"
            case .unresolvedReference(let at, let ref): "\(at): $ref \(JSONValue.quoted(ref)) does not point at a schema in this document"
            case .referenceCycle(let at): "\(at): $ref/allOf/anyOf/oneOf loop back to this schema without descending into the instance"
            }
        }
    }

    private let root: CompiledSchema
    private let table: [String: CompiledSchema]

    /// Loads a schema from JSON text; throws `SchemaError` when it is not a schema this validator fully understands.
    public init(schemaData: Data) throws {
        let document: JSONValue
        do {
            document = try JSONValue(jsonData: schemaData)
        } catch let error as SchemaError {
            throw error
        } catch {
            throw SchemaError.invalidJSON(String(describing: error))
        }
        (root, table) = try JSONSchemaCompiler.compile(document)
    }

    /// Loads a schema from a file.
    public init(contentsOf url: URL) throws {
        try self.init(schemaData: try Data(contentsOf: url))
    }

    /// Returns human-readable violations like "$.event.start: does not match pattern …"; empty when valid.
    ///
    /// `instance` is what `JSONSerialization.jsonObject(with:)` returns, or the same shapes
    /// built from Swift values (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`, `NSNull`).
    public func validate(_ instance: Any) -> [String] {
        guard let value = JSONValue(foundation: instance) else {
            return ["$: not a JSON value (\(type(of: instance)))"]
        }
        return validate(value: value)
    }

    /// Parses `jsonData` (any JSON value) and validates it; throws when it is not JSON.
    public func validate(jsonData: Data) throws -> [String] {
        let value: JSONValue
        do {
            value = try JSONValue(jsonData: jsonData)
        } catch let error as SchemaError {
            throw error
        } catch {
            throw SchemaError.invalidJSON(String(describing: error))
        }
        return validate(value: value)
    }

    func validate(value: JSONValue) -> [String] {
        var run = ValidationRun(table: table)
        run.check(value, against: root, at: InstancePath())
        return run.violations.map(\.text)
    }
}

/// A location inside the instance, printed as "$.event.attendees[0].name".
struct InstancePath: Equatable {
    private(set) var components: [Component] = []

    enum Component: Equatable {
        case member(String)
        case index(Int)
    }

    func appending(_ component: Component) -> InstancePath {
        var copy = self
        copy.components.append(component)
        return copy
    }

    var text: String {
        var out = "$"
        for component in components {
            switch component {
            case .index(let i): out += "[\(i)]"
            case .member(let name) where Self.isPlainName(name): out += "." + name
            case .member(let name): out += "[\(JSONValue.quoted(name))]"
            }
        }
        return out
    }

    private static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "$") }
    }
}

/// One failed assertion.
struct Violation {
    var path: InstancePath
    var message: String
    /// The keyword that failed; `type` failures at an alternative's own location mark it as
    /// the wrong branch rather than a near miss, when choosing which alternative to explain.
    var keyword: String

    var text: String { "\(path.text): \(message)" }
}

/// The state of one `validate` call.
struct ValidationRun {
    let table: [String: CompiledSchema]
    var violations: [Violation] = []

    mutating func check(_ value: JSONValue, against schema: CompiledSchema, at path: InstancePath) {
        switch schema {
        case .always(true):
            return
        case .always(false):
            report(path, "no value is allowed here (schema false)", keyword: "false")
        case .keywords(let k):
            check(value, against: k, at: path)
        }
    }

    private mutating func report(_ path: InstancePath, _ message: String, keyword: String) {
        violations.append(Violation(path: path, message: message, keyword: keyword))
    }

    /// Validates against a subschema in a fresh run and returns what it found.
    private func violations(of value: JSONValue, against schema: CompiledSchema, at path: InstancePath) -> [Violation] {
        var sub = ValidationRun(table: table)
        sub.check(value, against: schema, at: path)
        return sub.violations
    }

    private mutating func check(_ value: JSONValue, against k: SchemaKeywords, at path: InstancePath) {
        if let ref = k.ref, let target = table[ref] {
            check(value, against: target, at: path)
        }
        if let types = k.types {
            let actual = value.typeName
            let matches = types.contains { $0 == actual || ($0 == "number" && actual == "integer") }
            if !matches {
                report(path, "expected \(types.joined(separator: " or ")), got \(actual)", keyword: "type")
                // Every other assertion would only repeat this one in other words.
                return
            }
        }
        if let constValue = k.constValue, value != constValue {
            report(path, "expected \(constValue.rendered()), got \(value.rendered())", keyword: "const")
        }
        if let options = k.enumValues, !options.contains(value) {
            let list = options.map { $0.rendered(limit: 30) }.joined(separator: ", ")
            report(path, "\(value.rendered()) is not one of \(list)", keyword: "enum")
        }
        switch value {
        case .string(let s):
            let length = s.unicodeScalars.count
            if let min = k.minLength, length < min {
                report(path, "is \(length) characters long, shorter than minLength \(min)", keyword: "minLength")
            }
            if let max = k.maxLength, length > max {
                report(path, "is \(length) characters long, longer than maxLength \(max)", keyword: "maxLength")
            }
            if let pattern = k.pattern, !pattern.matches(s) {
                report(path, "does not match pattern \(pattern.source) (value: \(value.rendered()))", keyword: "pattern")
            }
        case .number(let n, _):
            if let min = k.minimum, n < min {
                report(path, "\(value.rendered()) is less than minimum \(JSONValue.number(min, isInteger: min.rounded() == min).rendered())", keyword: "minimum")
            }
            if let max = k.maximum, n > max {
                report(path, "\(value.rendered()) is greater than maximum \(JSONValue.number(max, isInteger: max.rounded() == max).rendered())", keyword: "maximum")
            }
        case .array(let items):
            checkArray(items, against: k, at: path)
        case .object(let members):
            checkObject(members, against: k, at: path)
        case .null, .bool:
            break
        }
        if let all = k.allOf {
            for schema in all {
                check(value, against: schema, at: path)
            }
        }
        if let any = k.anyOf {
            let results = any.map { violations(of: value, against: $0, at: path) }
            if !results.contains(where: \.isEmpty) {
                report(path, "matches none of the \(any.count) anyOf alternatives", keyword: "anyOf")
                explainClosest(results, at: path)
            }
        }
        if let one = k.oneOf {
            let results = one.map { violations(of: value, against: $0, at: path) }
            let passing = results.indices.filter { results[$0].isEmpty }
            if passing.isEmpty {
                report(path, "matches none of the \(one.count) oneOf alternatives", keyword: "oneOf")
                explainClosest(results, at: path)
            } else if passing.count > 1 {
                let which = passing.map { "#\($0)" }.joined(separator: ", ")
                report(path, "matches \(passing.count) oneOf alternatives (\(which)), expected exactly one", keyword: "oneOf")
            }
        }
    }

    /// After a failed anyOf/oneOf, reports the violations of the alternative that came closest:
    /// one whose type fits the value, with the fewest violations, the deepest first on ties.
    private mutating func explainClosest(_ results: [[Violation]], at path: InstancePath) {
        func wrongType(_ vs: [Violation]) -> Bool {
            vs.contains { $0.keyword == "type" && $0.path == path }
        }
        func depth(_ vs: [Violation]) -> Int {
            vs.map(\.path.components.count).max() ?? 0
        }
        let ranked = results.indices.sorted { a, b in
            let (ra, rb) = (results[a], results[b])
            if wrongType(ra) != wrongType(rb) { return !wrongType(ra) }
            if ra.count != rb.count { return ra.count < rb.count }
            if depth(ra) != depth(rb) { return depth(ra) > depth(rb) }
            return a < b
        }
        guard let best = ranked.first else { return }
        for violation in results[best] {
            var annotated = violation
            annotated.message += " (in alternative #\(best))"
            violations.append(annotated)
        }
    }

    private mutating func checkArray(_ items: [JSONValue], against k: SchemaKeywords, at path: InstancePath) {
        if let min = k.minItems, items.count < min {
            report(path, "has \(items.count) item\(items.count == 1 ? "" : "s"), fewer than minItems \(min)", keyword: "minItems")
        }
        if let max = k.maxItems, items.count > max {
            report(path, "has \(items.count) items, more than maxItems \(max)", keyword: "maxItems")
        }
        let prefix = k.prefixItems ?? []
        for (index, item) in items.enumerated() {
            let itemPath = path.appending(.index(index))
            if index < prefix.count {
                check(item, against: prefix[index], at: itemPath)
            } else if let schema = k.items {
                if case .always(false) = schema {
                    report(itemPath, "unexpected item (at most \(prefix.count) allowed)", keyword: "items")
                } else {
                    check(item, against: schema, at: itemPath)
                }
            }
        }
    }

    private mutating func checkObject(_ members: [String: JSONValue], against k: SchemaKeywords, at path: InstancePath) {
        for name in k.required where members[name] == nil {
            report(path, "missing required member \(JSONValue.quoted(name))", keyword: "required")
        }
        for name in members.keys.sorted() {
            let value = members[name]!
            let memberPath = path.appending(.member(name))
            if let schema = k.properties[name] {
                check(value, against: schema, at: memberPath)
            } else if let additional = k.additionalProperties {
                if case .always(false) = additional {
                    let known = k.properties.keys.sorted().joined(separator: ", ")
                    let allowed = known.isEmpty ? "no members allowed" : "allowed: \(known)"
                    report(path, "unexpected member \(JSONValue.quoted(name)) (\(allowed))", keyword: "additionalProperties")
                } else {
                    check(value, against: additional, at: memberPath)
                }
            }
        }
    }
}
