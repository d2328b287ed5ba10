/// Building tokens: splitting into pieces and normalizing each piece (NFKC + case fold) so that
/// every normalized piece still maps to its exact scalars in the input.
extension TokenizerEngine {
    /// Appends the token for scalars `start..<end`. E-mails and URLs (`wholeText`) get a single
    /// piece holding their whole normalized text; every other token is split into pieces.
    mutating func emitToken(_ start: Int, _ end: Int, _ kind: Token.Kind, wholeText: Bool = false) {
        textBytes.removeAll(keepingCapacity: true)
        let spaceBefore = start == 0 || classes[start - 1] == .space
        if wholeText {
            appendFolded(start, end)
            let text = string(0, textBytes.count)
            tokens.append(Token(
                text: text, original: original(start, end), range: start..<end, kind: kind,
                spaceBefore: spaceBefore, pieces: [Piece(text: text, range: start..<end, kind: .other)]))
            return
        }
        var pieces: [Piece] = []
        var p = start
        while p < end {
            let from = textBytes.count
            let q: Int
            let pieceKind: Piece.Kind
            switch classes[p] {
            case .letter, .dictLetter:
                var e = p + 1
                while e < end && (classes[e].isLetter || classes[e] == .extend) { e += 1 }
                q = e
                pieceKind = .letters
                appendFolded(p, q)
            case .digit:
                var e = p + 1
                while e < end && (classes[e] == .digit || classes[e] == .extend) { e += 1 }
                q = e
                pieceKind = .digits
                appendDigits(p, q)
            default:
                q = otherPieceEnd(p, end)
                pieceKind = .other
                appendOther(p, q)
            }
            if pieces.isEmpty && q == end {
                // One piece: the token's text is the piece's text.
                let text = string(from, textBytes.count)
                tokens.append(Token(
                    text: text, original: original(start, end), range: start..<end, kind: kind,
                    spaceBefore: spaceBefore, pieces: [Piece(text: text, range: p..<q, kind: pieceKind)]))
                return
            }
            if pieces.isEmpty { pieces.reserveCapacity(4) }  // "3:30pm" has four
            pieces.append(Piece(text: string(from, textBytes.count), range: p..<q, kind: pieceKind))
            p = q
        }
        tokens.append(Token(
            text: string(0, textBytes.count), original: original(start, end), range: start..<end, kind: kind,
            spaceBefore: spaceBefore, pieces: pieces))
    }

    /// The end of the "other" character at `start`: the scalar plus the marks, joiners, variation
    /// selectors and emoji modifiers that belong to it (a ZWJ also takes the scalar after it), or a
    /// pair of regional indicators (a flag).
    func otherPieceEnd(_ start: Int, _ end: Int) -> Int {
        var q = start + 1
        if q < end && isRegionalIndicator(values[start]) && isRegionalIndicator(values[q]) { q += 1 }
        while q < end {
            let v = values[q]
            if v == 0x200D {
                q = min(q + 2, end)
            } else if classes[q] == .extend || isEmojiModifier(v) {
                q += 1
            } else {
                break
            }
        }
        return q
    }

    /// The normalized bytes `from..<to` as a String.
    @inline(__always) func string(_ from: Int, _ to: Int) -> String {
        textBytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[from..<to]), as: UTF8.self)
        }
    }

    /// Appends NFKC_Casefold(`start..<end`) to `textBytes`; ASCII is lower-cased directly.
    mutating func appendFolded(_ start: Int, _ end: Int) {
        if isASCII(start, end) {
            for k in start..<end {
                let v = UInt8(truncatingIfNeeded: values[k])
                textBytes.append(v &- 0x41 < 26 ? v | 0x20 : v)
            }
            return
        }
        if isFoldInvariant(start, end) {
            appendOriginalBytes(start, end)
            return
        }
        fillUTF16(start, end)
        var capacity = max(32, utf16.count * 4)
        while true {
            if normalized.count < capacity { normalized = [UInt16](repeating: 0, count: capacity) }
            let length = utf16.withUnsafeBufferPointer { source in
                normalized.withUnsafeMutableBufferPointer { dest in
                    icuNFKCCasefold(source.baseAddress!, count: source.count, into: dest.baseAddress!, capacity: dest.count)
                }
            }
            if length < 0 {
                // ICU failed: keep the text as typed rather than lose it.
                appendOriginalBytes(start, end)
                return
            }
            if length > normalized.count {
                capacity = length
                continue
            }
            appendUTF8(ofUTF16: length)
            return
        }
    }

    func isFoldInvariant(_ start: Int, _ end: Int) -> Bool {
        for k in start..<end where !NLCal.isFoldInvariant(values[k]) { return false }
        return true
    }

    /// Appends digits `start..<end` as ASCII 0-9 (marks attached to them are dropped).
    mutating func appendDigits(_ start: Int, _ end: Int) {
        for k in start..<end {
            let v = values[k]
            if v < 0x80 {
                textBytes.append(UInt8(truncatingIfNeeded: v))
            } else if classes[k] == .digit {
                let value = Unicode.Scalar(v).flatMap { $0.properties.numericValue } ?? 0
                textBytes.append(0x30 &+ UInt8(clamping: Int(value)))
            }
        }
    }

    /// Appends one "other" character: typographic quotes and dashes become ASCII, the rest is folded.
    mutating func appendOther(_ start: Int, _ end: Int) {
        let v = values[start]
        if end == start + 1 {
            if v < 0x80 {
                textBytes.append(UInt8(truncatingIfNeeded: v))
                return
            }
            if let ascii = typographicReplacement(v) {
                textBytes.append(ascii)
                return
            }
        }
        appendFolded(start, end)
    }

    mutating func appendOriginalBytes(_ start: Int, _ end: Int) {
        let from = inputIsASCII ? start : utf8Offsets[start]
        let to = inputIsASCII ? end : utf8Offsets[end]
        textBytes.append(contentsOf: utf8[from..<to])
    }

    /// Appends `normalized[0..<length]` (UTF-16) to `textBytes` as UTF-8.
    mutating func appendUTF8(ofUTF16 length: Int) {
        var k = 0
        while k < length {
            var v = UInt32(normalized[k])
            k += 1
            if v >= 0xD800 && v < 0xDC00 && k < length {
                let low = UInt32(normalized[k])
                if low >= 0xDC00 && low < 0xE000 {
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    k += 1
                }
            }
            if v >= 0xD800 && v < 0xE000 { v = 0xFFFD }  // a lone surrogate: cannot come from ICU
            if v < 0x80 {
                textBytes.append(UInt8(v))
            } else if v < 0x800 {
                textBytes.append(UInt8(0xC0 | (v >> 6)))
                textBytes.append(UInt8(0x80 | (v & 0x3F)))
            } else if v < 0x10000 {
                textBytes.append(UInt8(0xE0 | (v >> 12)))
                textBytes.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
                textBytes.append(UInt8(0x80 | (v & 0x3F)))
            } else {
                textBytes.append(UInt8(0xF0 | (v >> 18)))
                textBytes.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
                textBytes.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
                textBytes.append(UInt8(0x80 | (v & 0x3F)))
            }
        }
    }
}
