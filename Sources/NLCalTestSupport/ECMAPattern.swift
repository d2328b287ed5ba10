import Foundation

/// A JSON Schema `pattern`, compiled with ECMA-262 meaning onto `NSRegularExpression` (ICU).
///
/// ICU reads a few things differently from ECMA-262, and each difference would let an
/// invalid value through: `$` also matches before a final newline, `\d` and `\w` match any
/// Unicode digit or letter, and `[` inside a class opens a nested set. The pattern is
/// rewritten so those constructs keep their ECMA meaning. Matching is a search, not a full
/// match, as JSON Schema specifies: anchor with `^…$` to constrain the whole string.
struct ECMAPattern: @unchecked Sendable {  // NSRegularExpression is immutable and thread-safe.
    let source: String
    private let regex: NSRegularExpression

    init(_ source: String) throws {
        self.source = source
        self.regex = try NSRegularExpression(pattern: Self.icuPattern(fromECMA: source))
    }

    func matches(_ string: String) -> Bool {
        regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
    }

    /// Rewrites an ECMA-262 pattern into an ICU pattern with the same meaning.
    static func icuPattern(fromECMA pattern: String) throws -> String {
        var out = ""
        var inClass = false
        var classStart = false  // just after "[" or "[^": a "]" here is ECMA's empty class end
        var chars = pattern.makeIterator()
        while let c = chars.next() {
            let atClassStart = classStart
            classStart = false
            switch c {
            case "\\":
                guard let escaped = chars.next() else {
                    throw PatternError.trailingBackslash
                }
                switch (escaped, inClass) {
                case ("d", false): out += "[0-9]"
                case ("D", false): out += "[^0-9]"
                case ("w", false): out += "[A-Za-z0-9_]"
                case ("W", false): out += "[^A-Za-z0-9_]"
                case ("d", true): out += "0-9"
                case ("w", true): out += "A-Za-z0-9_"
                case ("D", true), ("W", true):
                    throw PatternError.unsupported("\\\(escaped) inside a character class")
                default: out += "\\\(escaped)"
                }
            case "[" where !inClass:
                inClass = true
                classStart = true
                out.append(c)
                // Keep a leading "^" with the bracket.
                var lookahead = chars
                if lookahead.next() == "^" {
                    chars = lookahead
                    out.append("^")
                }
            case "[" where inClass:
                out += "\\["  // literal in ECMA, a nested set in ICU
            case "]" where inClass:
                if atClassStart {
                    // ECMA "[]" matches nothing and "[^]" matches anything.
                    if out.hasSuffix("[^") {
                        out.removeLast(2)
                        out += "[\\s\\S]"
                    } else {
                        out.removeLast()
                        out += "(?!)"
                    }
                } else {
                    out.append(c)
                }
                inClass = false
            case "$" where !inClass:
                out += "\\z"  // end of input only, never before a final newline
            case "&" where inClass:
                out += "\\&"  // literal in ECMA; ICU reads "&&" as set intersection
            case ":" where atClassStart:
                out += "\\:"  // literal in ECMA; ICU reads "[:alpha:]" as a POSIX set
            default:
                out.append(c)
            }
        }
        if inClass { throw PatternError.unterminatedClass }
        return out
    }

    enum PatternError: Error, CustomStringConvertible {
        case trailingBackslash
        case unterminatedClass
        case unsupported(String)

        var description: String {
            switch self {
            case .trailingBackslash: "ends with a lone backslash"
            case .unterminatedClass: "has an unterminated character class"
            case .unsupported(let what): "uses \(what), which this validator does not support"
            }
        }
    }
}
