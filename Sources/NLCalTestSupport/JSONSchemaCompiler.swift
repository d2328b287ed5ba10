import Foundation

/// One compiled subschema: either a boolean schema or a set of checked keywords.
indirect enum CompiledSchema: Sendable {
    case always(Bool)
    case keywords(SchemaKeywords)
}

/// The assertions and applicators of one schema object, checked for shape at compile time.
struct SchemaKeywords: Sendable {
    /// Where this subschema sits in the schema document, as a JSON pointer fragment ("#/$defs/event").
    var location: String
    var types: [String]?
    var properties: [String: CompiledSchema] = [:]
    var required: [String] = []
    var additionalProperties: CompiledSchema?
    var prefixItems: [CompiledSchema]?
    var items: CompiledSchema?
    var minItems: Int?
    var maxItems: Int?
    var minLength: Int?
    var maxLength: Int?
    var minimum: Double?
    var maximum: Double?
    var enumValues: [JSONValue]?
    var constValue: JSONValue?
    var pattern: ECMAPattern?
    var allOf: [CompiledSchema]?
    var anyOf: [CompiledSchema]?
    var oneOf: [CompiledSchema]?
    /// A `$ref` target, normalized to a JSON pointer fragment into the root document.
    var ref: String?

    init(location: String) {
        self.location = location
    }
}

/// Turns a schema document into `CompiledSchema` values, rejecting what it does not understand.
///
/// Every subschema is registered under its JSON pointer, so `$ref` can name any of them
/// ("#", "#/$defs/event", "#/properties/time"); a reference that does not land on a
/// subschema, and a reference cycle that never reaches an instance member, are errors.
struct JSONSchemaCompiler {
    typealias SchemaError = JSONSchemaValidator.SchemaError

    static let dialect = "https://json-schema.org/draft/2020-12/schema"

    static let annotationKeywords: Set<String> = [
        "$schema", "$id", "$comment", "title", "description", "default", "examples",
        "deprecated", "readOnly", "writeOnly",
    ]
    static let assertionKeywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "prefixItems", "items",
        "minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum", "enum", "const",
        "pattern", "allOf", "anyOf", "oneOf", "$ref", "$defs",
    ]
    static let typeNames: Set<String> = ["null", "boolean", "integer", "number", "string", "array", "object"]

    private(set) var table: [String: CompiledSchema] = [:]
    /// Subschemas applied to the same instance location as each subschema (refs and *Of members),
    /// for the cycle check.
    private var sameInstanceEdges: [String: [String]] = [:]
    private var pendingRefs: [(from: String, ref: String)] = []

    /// Compiles a whole document and returns its root plus the pointer table.
    static func compile(_ document: JSONValue) throws -> (root: CompiledSchema, table: [String: CompiledSchema]) {
        if case .object(let members) = document, let schemaURI = members["$schema"] {
            guard case .string(let uri) = schemaURI,
                  uri.trimmingCharacters(in: CharacterSet(charactersIn: "#")) == dialect
            else {
                throw SchemaError.unsupportedDialect(schemaURI.rendered())
            }
        }
        var compiler = JSONSchemaCompiler()
        let root = try compiler.compile(document, at: "#")
        for (from, ref) in compiler.pendingRefs where compiler.table[ref] == nil {
            throw SchemaError.unresolvedReference(at: from, ref: ref)
        }
        try compiler.checkCycles()
        return (root, compiler.table)
    }

    private mutating func compile(_ value: JSONValue, at location: String) throws -> CompiledSchema {
        let compiled: CompiledSchema
        switch value {
        case .bool(let b):
            compiled = .always(b)
        case .object(let members):
            compiled = .keywords(try compileKeywords(members, at: location))
        default:
            throw SchemaError.invalidKeyword(at: location, keyword: nil, "a schema must be an object or a boolean, got \(value.typeName)")
        }
        table[location] = compiled
        return compiled
    }

    private mutating func compileKeywords(_ members: [String: JSONValue], at location: String) throws -> SchemaKeywords {
        var k = SchemaKeywords(location: location)
        for key in members.keys.sorted() where !Self.annotationKeywords.contains(key) && !Self.assertionKeywords.contains(key) {
            throw SchemaError.unknownKeyword(at: location, keyword: key)
        }
        func fail(_ keyword: String, _ reason: String) -> SchemaError {
            .invalidKeyword(at: location, keyword: keyword, reason)
        }
        func child(_ components: String...) -> String {
            location + components.map { "/" + Self.escapePointer($0) }.joined()
        }

        if let schemaURI = members["$schema"], location != "#" {
            throw fail("$schema", "only allowed at the root, got \(schemaURI.rendered())")
        }
        if let value = members["type"] {
            let names: [String]
            switch value {
            case .string(let name): names = [name]
            case .array(let items):
                names = try items.map {
                    guard case .string(let name) = $0 else { throw fail("type", "must list type names as strings") }
                    return name
                }
                if names.isEmpty { throw fail("type", "must not be an empty array") }
                if Set(names).count != names.count { throw fail("type", "lists a type twice") }
            default: throw fail("type", "must be a string or an array of strings")
            }
            for name in names where !Self.typeNames.contains(name) {
                throw fail("type", "unknown type \(JSONValue.quoted(name))")
            }
            k.types = names
        }
        if let value = members["properties"] {
            guard case .object(let props) = value else { throw fail("properties", "must be an object") }
            for (name, schema) in props {
                k.properties[name] = try compile(schema, at: child("properties", name))
            }
        }
        if let value = members["required"] {
            guard case .array(let items) = value else { throw fail("required", "must be an array of strings") }
            k.required = try items.map {
                guard case .string(let name) = $0 else { throw fail("required", "must be an array of strings") }
                return name
            }
            if Set(k.required).count != k.required.count { throw fail("required", "lists a member twice") }
        }
        if let value = members["additionalProperties"] {
            k.additionalProperties = try compile(value, at: child("additionalProperties"))
            if case .always(false) = k.additionalProperties {
                // A closed object that requires a member it does not declare can never validate:
                // almost always a typo in one of the two lists.
                for name in k.required where k.properties[name] == nil {
                    throw fail("required", "requires \(JSONValue.quoted(name)), which \"properties\" does not declare while additionalProperties is false")
                }
            }
        }
        if let value = members["prefixItems"] {
            guard case .array(let schemas) = value, !schemas.isEmpty else { throw fail("prefixItems", "must be a non-empty array of schemas") }
            k.prefixItems = try schemas.enumerated().map { try compile($0.element, at: child("prefixItems", String($0.offset))) }
        }
        if let value = members["items"] {
            if case .array = value { throw fail("items", "must be a schema (draft 2020-12 uses prefixItems for tuples)") }
            k.items = try compile(value, at: child("items"))
        }
        k.minItems = try nonNegativeInteger(members["minItems"], "minItems", fail)
        k.maxItems = try nonNegativeInteger(members["maxItems"], "maxItems", fail)
        k.minLength = try nonNegativeInteger(members["minLength"], "minLength", fail)
        k.maxLength = try nonNegativeInteger(members["maxLength"], "maxLength", fail)
        for keyword in ["minimum", "maximum"] {
            guard let value = members[keyword] else { continue }
            guard case .number(let n, _) = value else { throw fail(keyword, "must be a number") }
            if keyword == "minimum" { k.minimum = n } else { k.maximum = n }
        }
        if let value = members["enum"] {
            guard case .array(let options) = value, !options.isEmpty else { throw fail("enum", "must be a non-empty array") }
            k.enumValues = options
        }
        k.constValue = members["const"]
        if let value = members["pattern"] {
            guard case .string(let source) = value else { throw fail("pattern", "must be a string") }
            do {
                k.pattern = try ECMAPattern(source)
            } catch {
                throw fail("pattern", "\(JSONValue.quoted(source)) is not a usable regular expression: \(error)")
            }
        }
        for keyword in ["allOf", "anyOf", "oneOf"] {
            guard let value = members[keyword] else { continue }
            guard case .array(let schemas) = value, !schemas.isEmpty else { throw fail(keyword, "must be a non-empty array of schemas") }
            let compiled = try schemas.enumerated().map { entry -> CompiledSchema in
                let at = child(keyword, String(entry.offset))
                sameInstanceEdges[location, default: []].append(at)
                return try compile(entry.element, at: at)
            }
            switch keyword {
            case "allOf": k.allOf = compiled
            case "anyOf": k.anyOf = compiled
            default: k.oneOf = compiled
            }
        }
        if let value = members["$defs"] {
            guard case .object(let defs) = value else { throw fail("$defs", "must be an object of schemas") }
            for (name, schema) in defs {
                _ = try compile(schema, at: child("$defs", name))
            }
        }
        if let value = members["$ref"] {
            guard case .string(let ref) = value else { throw fail("$ref", "must be a string") }
            guard ref.hasPrefix("#"), let decoded = ref.removingPercentEncoding else {
                throw fail("$ref", "only references inside this document (\"#…\") are supported, got \(JSONValue.quoted(ref))")
            }
            guard decoded == "#" || decoded.hasPrefix("#/") else {
                throw fail("$ref", "only JSON pointer fragments (\"#/…\") are supported, got \(JSONValue.quoted(ref))")
            }
            // Subschemas are registered under their escaped JSON pointers, so the fragment is the key.
            k.ref = decoded
            pendingRefs.append((location, decoded))
            sameInstanceEdges[location, default: []].append(decoded)
        }
        if let minItems = k.minItems, let maxItems = k.maxItems, minItems > maxItems {
            throw fail("minItems", "\(minItems) exceeds maxItems \(maxItems)")
        }
        return k
    }

    private func nonNegativeInteger(_ value: JSONValue?, _ keyword: String, _ fail: (String, String) -> SchemaError) throws -> Int? {
        guard let value else { return nil }
        guard case .number(let n, true) = value, n >= 0, n <= Double(Int.max / 2) else {
            throw fail(keyword, "must be a non-negative integer, got \(value.rendered())")
        }
        return Int(n)
    }

    /// Rejects reference loops that apply a schema to the same instance again and again
    /// (`{"$ref": "#"}` at the root), which would otherwise recurse forever at validation.
    private func checkCycles() throws {
        var state: [String: Int] = [:]  // 1 = on the stack, 2 = done
        func visit(_ node: String) throws {
            if state[node] == 2 { return }
            if state[node] == 1 { throw SchemaError.referenceCycle(at: node) }
            state[node] = 1
            for next in sameInstanceEdges[node] ?? [] {
                try visit(next)
            }
            state[node] = 2
        }
        for node in sameInstanceEdges.keys.sorted() {
            try visit(node)
        }
    }

    static func escapePointer(_ component: String) -> String {
        component.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
