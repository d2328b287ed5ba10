/// What a piece of screen text means; the renderer turns it into ANSI SGR codes, or into
/// nothing when colour is off (NO_COLOR, TERM=dumb).
public enum TextStyle: Sendable, Equatable {
    case plain, bold, dim, accent, warn, error, selected, focused, title

    /// The SGR parameters ("1", "36"…), or nil for plain text.
    var sgr: String? {
        switch self {
        case .plain: return nil
        case .bold: return "1"
        case .dim: return "2"
        case .accent: return "36"
        case .warn: return "33"
        case .error: return "1;31"
        case .selected: return "32"
        case .focused: return "7"
        case .title: return "1"
        }
    }
}

/// Whether to draw with colour: off when NO_COLOR is set (to anything, per no-color.org),
/// when TERM is "dumb" or unset.
public enum ColorPolicy {
    public static func enabled(environment: [String: String]) -> Bool {
        if let v = environment["NO_COLOR"], !v.isEmpty { return false }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return true
    }
}

/// One screen line as styled pieces, at most `width` columns wide by construction.
public struct StyledLine: Sendable, Equatable {
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var style: TextStyle
    }

    public var pieces: [Piece] = []

    public init() {}
    public init(_ text: String, _ style: TextStyle = .plain) { pieces = [Piece(text: text, style: style)] }

    /// The text without styling.
    public var plain: String { pieces.map(\.text).joined() }
    public var width: Int { TextWidth.of(plain) }

    public mutating func append(_ text: String, _ style: TextStyle = .plain) {
        guard !text.isEmpty else { return }
        pieces.append(Piece(text: text, style: style))
    }

    /// The line with SGR codes around styled pieces (colour on), or plain.
    public func rendered(color: Bool) -> String {
        guard color else { return plain }
        var out = ""
        for p in pieces {
            if let code = p.style.sgr { out += "\u{1B}[\(code)m\(p.text)\u{1B}[0m" } else { out += p.text }
        }
        return out
    }

    /// The line cut to `width` columns, ending in "…" when something was cut.
    public func truncated(to width: Int) -> StyledLine {
        guard self.width > width else { return self }
        guard width > 0 else { return StyledLine() }
        var out = StyledLine()
        var used = 0
        let room = width - 1  // for the ellipsis
        var lastStyle = TextStyle.plain
        outer: for p in pieces {
            var kept = ""
            for c in p.text {
                let w = TextWidth.of(c)
                if used + w > room { if !kept.isEmpty { out.append(kept, p.style) }; lastStyle = p.style; break outer }
                kept.append(c)
                used += w
            }
            out.append(kept, p.style)
            lastStyle = p.style
        }
        out.append("…", lastStyle == .focused ? .focused : .dim)
        return out
    }
}

/// Terminal column widths: East Asian wide and emoji characters take two columns,
/// combining marks none.
public enum TextWidth {
    public static func of(_ s: String) -> Int { s.reduce(0) { $0 + of($1) } }

    public static func of(_ c: Character) -> Int {
        var width = 0
        for u in c.unicodeScalars {
            let w = of(u)
            if u.value == 0xFE0F { width = max(width, 2); continue }  // emoji presentation
            width = max(width, w)
        }
        return width
    }

    static func of(_ u: Unicode.Scalar) -> Int {
        let v = u.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        switch u.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B || (0xFE00...0xFE0F).contains(v) { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
            0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x26A1...0x26A1,
            0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26D4...0x26D4, 0x26EA...0x26EA,
            0x26F2...0x26F5, 0x26FA...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
            0x274C...0x274C, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }
}
