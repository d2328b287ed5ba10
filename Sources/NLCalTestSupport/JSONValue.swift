import Foundation

/// A JSON value, as the validator sees both schemas and instances.
///
/// `JSONSerialization` hands back Foundation objects whose dynamic types blur JSON's kinds
/// (on Linux `NSNumber(1) is Bool` holds), so values are classified once, by their dynamic
/// type, into this enum; the validator never looks at `Any` again.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number; `isInteger` tells whether it has no fractional part (1.0 counts, as in JSON Schema).
    case number(Double, isInteger: Bool)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON Schema type name of the value ("integer" for integral numbers).
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(_, let isInteger): isInteger ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// JSON Schema equality: numbers compare by value (1 == 1.0), objects ignore member order.
    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a, _), .number(b, _)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a == b
        default: false
        }
    }

    /// Parses JSON text (any value, not only objects and arrays).
    init(jsonData: Data) throws {
        let object = try JSONSerialization.jsonObject(with: jsonData, options: [.fragmentsAllowed])
        guard let value = JSONValue(foundation: object) else {
            throw JSONSchemaValidator.SchemaError.invalidJSON("unsupported value of type \(type(of: object))")
        }
        self = value
    }

    /// Classifies a value as produced by `JSONSerialization`, or built by hand from Swift
    /// literals (`[String: Any]`, `Int`, `Bool`, `NSNull()`…); `nil` when it is not JSON.
    init?(foundation value: Any) {
        // Optional.none wrapped in Any.
        if let optional = value as? OptionalProtocol, optional.isNone {
            self = .null
            return
        }
        let dynamicType = type(of: value)
        if dynamicType == Bool.self {
            self = .bool(value as! Bool)
            return
        }
        if let string = value as? String, value is String || value is NSString {
            self = .string(string)
            return
        }
        if value is NSNull {
            self = .null
            return
        }
        if let number = value as? NSNumber, value is NSNumber, Self.isNumberLike(dynamicType) {
            if Self.isBooleanClass(type(of: number)) {
                self = .bool(number.boolValue)
                return
            }
            self = Self.number(number)
            return
        }
        if let decimal = value as? Decimal {
            let double = NSDecimalNumber(decimal: decimal).doubleValue
            self = .number(double, isInteger: double.isFinite && double.rounded() == double)
            return
        }
        if let array = value as? [Any] {
            var items: [JSONValue] = []
            items.reserveCapacity(array.count)
            for item in array {
                guard let converted = JSONValue(foundation: item) else { return nil }
                items.append(converted)
            }
            self = .array(items)
            return
        }
        if let dictionary = value as? [String: Any] {
            var members: [String: JSONValue] = [:]
            for (key, item) in dictionary {
                guard let converted = JSONValue(foundation: item) else { return nil }
                members[key] = converted
            }
            self = .object(members)
            return
        }
        return nil
    }

    /// Native Swift numeric types and NSNumber (and its private subclasses) count as numbers;
    /// Strings, Dates and the like, which Foundation may bridge to NSNumber-ish things, do not.
    private static func isNumberLike(_ type: Any.Type) -> Bool {
        if type is AnyClass { return true }  // NSNumber or one of its subclasses
        let native: [Any.Type] = [
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
            UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
            Double.self, Float.self,
        ]
        return native.contains { $0 == type }
    }

    /// Whether an NSNumber's class is the one Foundation uses for `true` and `false`.
    private static func isBooleanClass(_ type: AnyClass) -> Bool {
        ObjectIdentifier(type) == ObjectIdentifier(Swift.type(of: NSNumber(value: true)))
            && ObjectIdentifier(type) != ObjectIdentifier(Swift.type(of: NSNumber(value: 1)))
    }

    private static func number(_ number: NSNumber) -> JSONValue {
        let objCType = String(cString: number.objCType)
        let double = number.doubleValue
        if ["c", "C", "s", "S", "i", "I", "l", "L", "q", "Q"].contains(objCType) {
            return .number(double, isInteger: true)
        }
        return .number(double, isInteger: double.isFinite && double.rounded() == double)
    }

    /// A short JSON rendering for messages, cut to `limit` characters.
    func rendered(limit: Int = 60) -> String {
        let full = renderedFull()
        guard full.count > limit else { return full }
        return String(full.prefix(limit - 1)) + "…"
    }

    private func renderedFull() -> String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d, let isInteger):
            if isInteger, abs(d) < 1e15 { return String(Int64(d)) }
            return String(d)
        case .string(let s): return Self.quoted(s)
        case .array(let items): return "[" + items.map { $0.renderedFull() }.joined(separator: ", ") + "]"
        case .object(let members):
            let body = members.keys.sorted().map { Self.quoted($0) + ": " + members[$0]!.renderedFull() }
            return "{" + body.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Lets `JSONValue(foundation:)` see through an `Optional` boxed in `Any`.
private protocol OptionalProtocol {
    var isNone: Bool { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
}
