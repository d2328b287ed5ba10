/// Pretty-prints JSON for golden files: a value that fits on one line stays on one line, so
/// an event or a chip reads as one line and a change shows as a one-line diff.
///
/// ```swift
/// GoldenJSON.render(.object([("kind", .string("instant")), ("grain", .string("hour"))]))
/// // {"kind": "instant", "grain": "hour"}
/// ```
public enum GoldenJSON {
    /// Lines longer than this are broken at their members.
    public static let width = 100

    public static func render(_ value: JSON) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    static func inline(_ value: JSON) -> String {
        switch value {
        case .array(let items):
            return "[" + items.map(inline).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { k, v in JSON.string(k).serialized() + ": " + inline(v) }.joined(separator: ", ") + "}"
        default:
            return value.serialized()
        }
    }

    static func write(_ value: JSON, indent: Int, into out: inout String, prefixLength: Int = 0) {
        let one = inline(value)
        let pad = String(repeating: "  ", count: indent)
        if indent * 2 + prefixLength + one.count <= width { out += one; return }
        switch value {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (i, v) in items.enumerated() {
                out += pad + "  "
                write(v, indent: indent + 1, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += pad + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (i, (k, v)) in members.enumerated() {
                let key = JSON.string(k).serialized() + ": "
                out += pad + "  " + key
                write(v, indent: indent + 1, into: &out, prefixLength: key.count)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += pad + "}"
        default:
            out += one
        }
    }
}
