import Foundation

/// A JSON value that keeps object member order, so output reads in the documented order and
/// golden files diff cleanly.
/// Not `indirect`: arrays already hold their elements out of line, and boxing every scalar cost an
/// allocation a node (~120 a result).
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members.first(where: { $0.0 == key })?.1 }
        return nil
    }

    public subscript(index: Int) -> JSON? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }

    /// Compact serialization (one line), with `/` unescaped and non-ASCII kept as UTF-8.
    public func serialized(pretty: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(into: &out, pretty: pretty, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact serialization.
    func writeCompact(into out: inout [UInt8]) { write(into: &out, pretty: false, indent: 0) }

    private func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
        func newline(_ level: Int) {
            out.append(0x0A)
            for _ in 0..<(level * 2) { out.append(0x20) }
        }
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): JSON.writeInt(i, into: &out)
        case .double(let d):
            let text = d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
            out.append(contentsOf: text.utf8)
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, v) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1) }
                v.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1) }
                JSON.quote(k, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                v.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func quote(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        quote(s, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        // Native strings are read in place; others (bridged) are copied to contiguous UTF-8 once.
        if s.utf8.withContiguousStorageIfAvailable({ quoteBytes($0, into: &out) }) == nil {
            var copy = s
            copy.withUTF8 { quoteBytes($0, into: &out) }
        }
        out.append(0x22)
    }

    /// Escapes `"`, `\` and control characters; copies runs that need no escape in one go (most
    /// strings are one run). Eight bytes at a time are checked for a byte to escape at once.
    private static func quoteBytes(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return }
        var runStart = 0
        var i = 0
        while i < count {
            // Whole words with nothing to escape are skipped (SWAR: a byte below 0x20, or equal
            // to 0x22 or 0x5C, sets its high bit in `flags`).
            while i + 8 <= count {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if !needsEscape(w) { i += 8 } else { break }
            }
            guard i < count else { break }
            let b = base[i]
            guard b < 0x20 || b == 0x22 || b == 0x5C else { i += 1; continue }
            out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
            runStart = i + 1
            i += 1
            switch b {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }

    /// Whether any of the eight bytes of `w` is below 0x20, 0x22 (`"`) or 0x5C (`\`).
    /// The classic word tests "has a byte below n", `(x - n·0x01…) & ~x & 0x80…`, with n = 0x20
    /// on `w`, and with n = 1 (a zero byte) on `w` xor each quoted byte. They never miss; a false
    /// alarm only sends the word through the byte-by-byte check.
    @inline(__always) private static func needsEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* 0x22)
        let backslash = w ^ (ones &* 0x5C)
        let control = (w &- ones &* 0x20) & ~w
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        return (control | zeroQuote | zeroBackslash) & highs != 0
    }

    /// Decimal digits of an integer, without building a String.
    static func writeInt(_ v: Int, into out: inout [UInt8]) {
        if v < 0 { out.append(0x2D) }
        var m = v.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            repeat {
                buf[n] = UInt8(0x30 + m % 10)
                m /= 10
                n += 1
            } while m > 0
            for k in stride(from: n - 1, through: 0, by: -1) { out.append(buf[k]) }
        }
    }

    /// Parses JSON text, keeping member order. Throws `JSONParseError` naming the offset.
    public static func parse(_ data: Data) throws -> JSON { try parse(bytes: [UInt8](data)) }

    /// Parses JSON text given as UTF-8 bytes.
    public static func parse(bytes: [UInt8]) throws -> JSON {
        var p = JSONParser(bytes: bytes)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == p.bytes.count else { throw JSONParseError(message: "unexpected text after the JSON value", offset: p.i) }
        return v
    }

    public static func parse(_ text: String) throws -> JSON { try parse(Data(text.utf8)) }
}

public struct JSONParseError: Error, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var description: String { "\(message) at byte \(offset)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes.
struct JSONParser {
    let bytes: [UInt8]
    var i = 0

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    func fail(_ m: String) -> JSONParseError { JSONParseError(message: m, offset: i) }

    mutating func value(depth: Int) throws -> JSON {
        guard depth < 256 else { throw fail("nesting too deep") }
        guard i < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(String, JSON)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let k = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                i += 1
                skipSpace()
                members.append((k, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of input in object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSON] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of input in array") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            return try number()
        }
    }

    mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("invalid literal") }
        i += w.count
    }

    mutating func number() throws -> JSON {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        var isInt = true
        guard i < bytes.count, (0x30...0x39).contains(bytes[i]) else { throw fail("invalid value") }
        while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInt = false; i += 1
            guard i < bytes.count, (0x30...0x39).contains(bytes[i]) else { throw fail("invalid number") }
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInt = false; i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, (0x30...0x39).contains(bytes[i]) else { throw fail("invalid number") }
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if isInt, let v = Int(text) { return .int(v) }
        guard let d = Double(text) else { throw fail("invalid number") }
        return .double(d)
    }

    mutating func string() throws -> String {
        i += 1  // opening quote
        // Most strings have no escapes: find the closing quote and decode the bytes at once.
        let start = i
        var any: UInt8 = 0  // the bits of every byte: below 0x80, the run is ASCII
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { any |= bytes[i]; i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            // ASCII is valid UTF-8 as it stands; other text is validated (the generic check is slow).
            let s = bytes.withUnsafeBufferPointer {
                any < 0x80 ? String(decoding: UnsafeBufferPointer(rebasing: $0[start..<i]), as: UTF8.self)
                    : String(validating: UnsafeBufferPointer(rebasing: $0[start..<i]), as: UTF8.self)
            }
            guard let s else { throw fail("invalid UTF-8 in string") }
            i += 1
            return s
        }
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8 in string") }
                return s
            }
            if b < 0x20 { throw fail("control character in string") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { throw fail("lone surrogate") }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) { throw fail("lone surrogate") }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw fail("invalid escape")
                }
                continue
            }
            out.append(b)
            i += 1
        }
        throw fail("unterminated string")
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else { throw fail("invalid \\u escape") }
        i += 4
        return v
    }
}
