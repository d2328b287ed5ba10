/// A key press as the interactive editor sees it, decoded from terminal bytes.
public enum Key: Equatable, Sendable {
    /// A printable character (never a control character).
    case char(Character)
    /// Alt (Meta) with a character: the terminal sends ESC then the character.
    case alt(Character)
    /// Ctrl with a letter, lower-cased: Ctrl-A is `.ctrl("a")`.
    case ctrl(Character)
    case enter, tab, backTab, backspace, delete, escape
    case left, right, up, down, home, end
    /// Text pasted with bracketed paste on (ESC[200~ … ESC[201~): inserted as typed, with
    /// line breaks and tabs turned into spaces, so a pasted newline does not press Enter.
    case paste(String)
    /// Bytes no key is bound to (an unknown escape sequence), kept for diagnostics.
    case unknown([UInt8])
}

/// Turns the bytes a terminal in raw mode sends into `Key`s.
///
/// Input arrives in arbitrary chunks: a UTF-8 character or an escape sequence may be split
/// across two reads, so the decoder keeps what it cannot decode yet. A lone ESC is
/// ambiguous (the Esc key, or the start of a sequence still in flight): `feed` keeps it,
/// and the caller calls `flush()` when no more bytes came within a short wait.
///
/// ```swift
/// var d = KeyDecoder()
/// d.feed([0x1B, 0x5B])        // []: an arrow key, half received
/// d.feed([0x44])              // [.left]
/// d.feed([0x1B]); d.flush()   // [.escape]
/// ```
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Inside a bracketed paste: the bytes pasted so far.
    private var pasted: [UInt8]?

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes what can be decoded; keeps an incomplete tail for the next call.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            if pasted != nil {
                // Everything up to the end marker is text; keep a possible partial marker.
                if let end = find(Self.pasteEnd, from: i) {
                    pasted! += pending[i..<end]
                    keys.append(.paste(Self.pasteText(pasted!)))
                    pasted = nil
                    i = end + Self.pasteEnd.count
                    continue
                }
                let keep = min(pending.count - i, Self.pasteEnd.count - 1)
                pasted! += pending[i..<(pending.count - keep)]
                i = pending.count - keep
                break
            }
            if pending[i] == 0x1B, pending.count - i >= Self.pasteStart.count,
               Array(pending[i..<i + Self.pasteStart.count]) == Self.pasteStart {
                pasted = []
                i += Self.pasteStart.count
                continue
            }
            guard let (key, used) = decode(at: i, final: false) else { break }
            if let key { keys.append(key) }
            i += used
        }
        pending.removeFirst(i)
        return keys
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard pending.count - start >= needle.count else { return nil }
        for i in start...(pending.count - needle.count) where pending[i] == needle[0] {
            if Array(pending[i..<i + needle.count]) == needle { return i }
        }
        return nil
    }

    static func pasteText(_ bytes: [UInt8]) -> String {
        let s = String(decoding: bytes, as: UTF8.self)
        var out = ""
        var lastSpace = false
        for c in s {
            if c.isNewline || c == "\t" {
                if !lastSpace { out.append(" ") }
                lastSpace = true
            } else if c.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) {
                out.append(c)
                lastSpace = c == " "
            }
        }
        return out
    }

    /// Decodes everything held back, reading an incomplete sequence as best it can
    /// (a lone ESC is the Esc key).
    public mutating func flush() -> [Key] {
        if let p = pasted {
            // A paste whose end marker never came: what arrived is text.
            pasted = nil
            defer { pending.removeAll() }
            return [.paste(Self.pasteText(p + pending))]
        }
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            guard let (key, used) = decode(at: i, final: true) else { break }
            if let key { keys.append(key) }
            i += used
        }
        pending.removeAll()
        return keys
    }

    /// One key at `i`: the key (nil to drop the bytes) and how many bytes it used, or nil
    /// when more bytes are needed (never when `final`).
    private func decode(at i: Int, final: Bool) -> (Key?, Int)? {
        let b = pending[i]
        switch b {
        case 0x1B:
            return decodeEscape(at: i, final: final)
        case 0x0D, 0x0A:
            // Some terminals send CR LF for Enter; take the pair as one key.
            if b == 0x0D, i + 1 < pending.count, pending[i + 1] == 0x0A { return (.enter, 2) }
            return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00: return (nil, 1)  // Ctrl-Space / NUL: ignored
        case 0x01...0x1A: return (.ctrl(Character(Unicode.Scalar(b + 0x60))), 1)
        case 0x1C...0x1F: return (.unknown([b]), 1)
        default:
            return decodeUTF8(at: i, final: final)
        }
    }

    private func decodeUTF8(at i: Int, final: Bool) -> (Key?, Int)? {
        let b = pending[i]
        let length: Int
        switch b {
        case 0x20...0x7E: return (.char(Character(Unicode.Scalar(b))), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.unknown([b]), 1)  // a stray continuation byte or an invalid lead
        }
        guard i + length <= pending.count else {
            return final ? (.unknown(Array(pending[i...])), pending.count - i) : nil
        }
        let bytes = Array(pending[i..<i + length])
        guard let s = String(validating: bytes, as: UTF8.self), let c = s.first,
              !c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return (.unknown([b]), 1)
        }
        return (.char(c), length)
    }

    private func decodeEscape(at i: Int, final: Bool) -> (Key?, Int)? {
        guard i + 1 < pending.count else { return final ? (.escape, 1) : nil }
        let next = pending[i + 1]
        if next == 0x5B || next == 0x4F {  // CSI "[" or SS3 "O"
            // Parameters and intermediates, then one final byte in 0x40...0x7E.
            var j = i + 2
            while j < pending.count, !(0x40...0x7E).contains(pending[j]) {
                // A runaway sequence is dropped rather than swallowing the typing after it.
                if j - i > 16 { return (.unknown(Array(pending[i..<j])), j - i) }
                j += 1
            }
            guard j < pending.count else {
                return final ? (.unknown(Array(pending[i...])), pending.count - i) : nil
            }
            let seq = Array(pending[i...j])
            return (Self.named(seq), j - i + 1)
        }
        if next == 0x1B {
            // ESC ESC: the Esc key pressed twice (or Alt-Esc); one Esc now, the next decoded after.
            return (.escape, 1)
        }
        // Alt + key: ESC then the key's own bytes.
        guard let (inner, used) = decode(at: i + 1, final: final) else { return nil }
        switch inner {
        case .char(let c)?: return (.alt(c), 1 + used)
        case .backspace?: return (.ctrl("w"), 1 + used)  // Alt-Backspace deletes a word, like Ctrl-W
        case .enter?: return (.enter, 1 + used)
        default: return (.escape, 1)
        }
    }

    /// The key an escape sequence names (xterm, VT100 application mode, Linux console, rxvt).
    static func named(_ seq: [UInt8]) -> Key {
        let body = String(decoding: seq.dropFirst(), as: UTF8.self)  // "[A", "OH", "[3~", "[1;5D"
        guard let final = body.last else { return .unknown(seq) }
        // Modifiers ("1;5") do not change what the key does here.
        let params = body.dropFirst().dropLast().split(separator: ";").first.map(String.init) ?? ""
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z": return .backTab
        case "~":
            switch params {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            default: return .unknown(seq)
            }
        default: return .unknown(seq)
        }
    }
}
