/// The lexical layer of RFC 5545: TEXT escaping, parameter quoting, date-time forms and
/// content-line folding.
enum ICSText {
    /// Escapes a TEXT value (RFC 5545 §3.3.11): `\` `;` `,` and newlines; other control
    /// characters, which the grammar does not allow, are dropped.
    static func escape(_ s: String) -> String {
        var out = ""
        let text = s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for u in text.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\t": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0x7F { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// A parameter value (§3.2): quoted when it holds `:` `;` `,`; DQUOTE and controls,
    /// which no parameter value may hold, become `'` and are dropped.
    static func parameter(_ s: String) -> String {
        var v = ""
        for u in s.unicodeScalars {
            if u == "\"" { v += "'"; continue }
            if u.value < 0x20 || u.value == 0x7F { continue }
            v.unicodeScalars.append(u)
        }
        return v.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + v + "\"" : v
    }

    /// Folds a content line at 75 octets (§3.1): continuation lines start with one space,
    /// and a UTF-8 sequence is never split. Lines are joined with CRLF, without a final one.
    static func fold(_ line: String) -> String {
        var out = ""
        var used = 0
        var limit = 75
        for u in line.unicodeScalars {
            let n = String(u).utf8.count
            if used + n > limit {
                out += "\r\n "
                used = 1
                limit = 75
            }
            out.unicodeScalars.append(u)
            used += n
        }
        return out
    }

    /// A local date-time: 20260317T130000.
    static func local(_ t: LocalDateTime) -> String {
        date(t.date) + "T" + pad(t.hour, 2) + pad(t.minute, 2) + pad(t.second, 2)
    }

    /// A DATE value: 20260317.
    static func date(_ d: CivilDate) -> String {
        pad(d.year, 4) + pad(d.month, 2) + pad(d.day, 2)
    }

    /// A UTC date-time: 20260317T040000Z.
    static func utc(_ instant: Int) -> String {
        local(LocalDateTime(wallSeconds: instant)) + "Z"
    }

    /// A UTC offset: +0900, -0500, +053028.
    static func offset(_ seconds: Int) -> String {
        let a = abs(seconds)
        var s = (seconds < 0 ? "-" : "+") + pad(a / 3600, 2) + pad(a / 60 % 60, 2)
        if a % 60 != 0 { s += pad(a % 60, 2) }
        return s
    }
}
