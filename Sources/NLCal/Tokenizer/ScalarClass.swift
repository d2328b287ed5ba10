/// How the tokenizer sees one Unicode scalar. Computed once per scalar of the input.
enum ScalarClass: UInt8 {
    /// White_Space, plus the invisible separators U+200B, U+2060 and U+FEFF.
    case space
    /// A letter (L*) of a script that separates words with spaces.
    case letter
    /// A letter of a script that ICU breaks with a dictionary (Han, Kana, Thai, Lao, Khmer, Myanmar).
    case dictLetter
    /// A decimal digit (Nd) of any script.
    case digit
    /// A mark or format character (Mn, Mc, Me, Cf): it belongs to what precedes it.
    case extend
    /// Punctuation, symbols and everything else.
    case other

    /// Letters and digits of spaced scripts, and marks: a token boundary cannot fall after them
    /// inside a whitespace-delimited chunk without ICU's say.
    @inline(__always) var continuesWord: Bool {
        self == .letter || self == .digit || self == .extend
    }

    @inline(__always) var isLetter: Bool { self == .letter || self == .dictLetter }
}

/// The class of scalar value `v`; ASCII is decided without table look-ups.
@inline(__always)
func classify(_ v: UInt32) -> ScalarClass {
    if v < 0x80 {
        if (v | 0x20) &- 0x61 < 26 { return .letter }
        if v &- 0x30 < 10 { return .digit }
        if v == 0x20 || (v >= 0x09 && v <= 0x0D) { return .space }
        return .other
    }
    return classifyNonASCII(v)
}

func classifyNonASCII(_ v: UInt32) -> ScalarClass {
    // Common ranges first: Unicode property look-ups cost more than the rest of the work.
    switch v {
    case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FE:
        return .dictLetter                                   // CJK ideographs, Hiragana, Katakana, ー
    case 0xAC00...0xD7A3, 0xFF21...0xFF3A, 0xFF41...0xFF5A,
         0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x024F:
        return .letter                                       // Hangul syllables, full-width and Latin letters
    case 0xFF10...0xFF19:
        return .digit                                        // full-width digits
    case 0x0300...0x036F:
        return .extend                                       // combining diacritics
    case 0x3000, 0x00A0, 0x200B, 0x2060, 0xFEFF:
        return .space
    case 0x3001...0x3003, 0x2010...0x2027, 0xFF01...0xFF0F, 0xFF1A...0xFF20:
        return .other                                        // CJK, general and full-width punctuation
    default:
        return classifyByProperties(v)
    }
}

/// The class of `v` from its Unicode properties: the reference that the ranges above shortcut.
func classifyByProperties(_ v: UInt32) -> ScalarClass {
    if v == 0x200B || v == 0x2060 || v == 0xFEFF { return .space }
    guard let scalar = Unicode.Scalar(v) else { return .other }
    let properties = scalar.properties
    if properties.isWhitespace { return .space }
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
        return isDictionaryScript(v) ? .dictLetter : .letter
    case .decimalNumber:
        return .digit
    case .nonspacingMark, .spacingMark, .enclosingMark, .format:
        return .extend
    default:
        return .other
    }
}

/// Whether NFKC_Casefold leaves `v` unchanged, for common scalars of scripts without case:
/// CJK ideographs, Hiragana, Katakana (not half-width) and Hangul syllables.
@inline(__always)
func isFoldInvariant(_ v: UInt32) -> Bool {
    switch v {
    case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC, 0xAC00...0xD7A3: return true
    default: return false
    }
}

/// Scripts written without spaces, which ICU segments with dictionaries.
@inline(__always)
func isDictionaryScript(_ v: UInt32) -> Bool {
    switch v {
    case 0x0E00...0x0EFF,                      // Thai, Lao
         0x1000...0x109F,                      // Myanmar
         0x1780...0x17FF, 0x19E0...0x19FF,     // Khmer
         0x2E80...0x2FDF,                      // CJK radicals, Kangxi radicals
         0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x3038...0x303C,
         0x3040...0x30FF,                      // Hiragana, Katakana
         0x31F0...0x31FF,                      // Katakana phonetic extensions
         0x3400...0x4DBF, 0x4E00...0x9FFF,     // CJK ideographs
         0xF900...0xFAFF,                      // CJK compatibility ideographs
         0xFF66...0xFF9F,                      // half-width Katakana
         0x1B000...0x1B16F,                    // Kana supplement and extensions
         0x20000...0x3FFFF:                    // CJK extensions B…
        return true
    default:
        return false
    }
}

/// A character that can join the parts of a compound ("3:30", "10.31.1974", "3/5", "2026-04-01").
enum CompoundSeparator: UInt8 {
    case none, colon, dot, slash, dash
}

@inline(__always)
func compoundSeparator(_ v: UInt32) -> CompoundSeparator {
    switch v {
    case 0x3A, 0xFF1A: return .colon
    case 0x2E, 0xFF0E: return .dot
    case 0x2F, 0xFF0F: return .slash
    case 0x2D, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212, 0xFE63, 0xFF0D: return .dash
    default: return .none
    }
}

/// Hyphens that keep two words one token ("check-in", "twenty‑first"); dashes (– —) do not.
@inline(__always)
func isWordHyphen(_ v: UInt32) -> Bool { v == 0x2D || v == 0x2010 || v == 0x2011 }

@inline(__always)
func isAt(_ v: UInt32) -> Bool { v == 0x40 || v == 0xFF20 }

/// The ASCII character that stands for a typographic quote or dash in normalized text, if any.
@inline(__always)
func typographicReplacement(_ v: UInt32) -> UInt8? {
    switch v {
    case 0x2018, 0x2019, 0x201B, 0xFF07: return 0x27                                  // ’ ‘ ‛ → '
    case 0x201C, 0x201D, 0x201E, 0x201F, 0xFF02: return 0x22                          // “ ” „ → "
    case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D:
        return 0x2D                                                                    // ‐ ‑ ‒ – — ― − → -
    case 0x301C, 0xFF5E: return 0x7E                                                  // 〜 ～ → ~
    default: return nil
    }
}

/// Whether a single non-word character is punctuation (P*) rather than a symbol.
func isPunctuation(_ v: UInt32) -> Bool {
    if v < 0x80 {
        switch UInt8(v) {
        case UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"),
             UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return false
        default:
            return v > 0x20 && v < 0x7F
        }
    }
    guard let scalar = Unicode.Scalar(v) else { return false }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
         .initialPunctuation, .finalPunctuation, .otherPunctuation:
        return true
    default:
        return false
    }
}

/// Emoji modifiers and regional indicators, which build one visible character out of several scalars.
@inline(__always) func isEmojiModifier(_ v: UInt32) -> Bool { v >= 0x1F3FB && v <= 0x1F3FF }
@inline(__always) func isRegionalIndicator(_ v: UInt32) -> Bool { v >= 0x1F1E6 && v <= 0x1F1FF }
