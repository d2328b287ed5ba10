/// Splits text into word-level ``Token``s: the first stage of the parse pipeline.
///
/// Each whitespace-delimited chunk is first scanned by hand-written scanners for the shapes that
/// must survive as one token — e-mail addresses, URLs, `@Place` mentions and numeric compounds such
/// as `3:30pm`, `2026-04-01` or `18q4` — and what lies between them is broken into words by ICU
/// (with dictionary breaking for Chinese, Japanese, Thai…). Hyphenated words stay one token.
/// Every token carries its normalized text (NFKC + case fold), the original slice, its offsets in
/// Unicode scalars and its ``Piece``s.
///
/// ```swift
/// let tokenizer = try Tokenizer()
/// tokenizer.tokenize("9-9:45 check-in").map(\.text)   // ["9", "-", "9:45", "check-in"]
/// ```
///
/// A tokenizer is not thread-safe (it reuses one ICU iterator and its buffers): use one per
/// thread, and reuse it across calls — creating one opens an ICU break iterator, which is costly.
public final class Tokenizer {
    var engine: TokenizerEngine

    /// Creates a tokenizer whose ICU word breaker follows `locale` (e.g. "en", "ja").
    /// Throws a ``TokenizerError`` if ICU cannot open a break iterator.
    public init(locale: String = "en") throws {
        engine = TokenizerEngine(breaker: try ICUWordBreaker(locale: locale))
    }

    /// The tokens of `text`, in order. Empty or whitespace-only text gives `[]`.
    public func tokenize(_ text: String) -> [Token] {
        engine.tokenize(text)
    }

    /// Tests turn this off to check that ASCII text gets the same tokens when ICU breaks it.
    var usesASCIIFastPath: Bool {
        get { engine.usesASCIIFastPath }
        set { engine.usesASCIIFastPath = newValue }
    }
}

/// The tokenizer's working state and algorithm. A struct, so that the many accesses to its
/// buffers are checked for exclusivity at compile time rather than at run time (which cost a
/// third of the time when this state lived in the class).
struct TokenizerEngine {
    let breaker: ICUWordBreaker
    /// False sends ASCII text through ICU too (for tests).
    var usesASCIIFastPath = true

    // The input of the current call, reused across calls.
    var values: [UInt32] = []          // scalar values (the first `scalarCount`)
    var classes: [ScalarClass] = []    // one per scalar
    var scalarCount = 0
    var utf8: [UInt8] = []             // the input's UTF-8
    var utf8Offsets: [Int] = []        // scalar index → UTF-8 offset, count + 1 entries; empty when ASCII
    var inputIsASCII = true
    var tokens: [Token] = []

    // Scratch buffers.
    var segments: [Segment] = []
    var atoms: [Range<Int>] = []
    var atomSeparators: [CompoundSeparator] = []
    var terms: [Int] = []              // index of each term's first atom, plus atoms.count
    var utf16: [UInt16] = []
    var normalized: [UInt16] = []
    var textBytes: [UInt8] = []
    var breakOffsets = [Int32](repeating: 0, count: 64)
    var breakStatuses = [Int32](repeating: 0, count: 64)

    /// A raw segment of generic text, before hyphenated words are joined.
    struct Segment {
        var start: Int
        var end: Int
        var isWord: Bool
    }

    init(breaker: ICUWordBreaker) {
        self.breaker = breaker
    }

    mutating func tokenize(_ text: String) -> [Token] {
        load(text)
        let count = scalarCount
        tokens = []
        guard count > 0 else { return [] }
        tokens.reserveCapacity(count / 3 + 2)
        var i = 0
        while i < count {
            if classes[i] == .space {
                i += 1
                continue
            }
            var j = i + 1
            while j < count && classes[j] != .space { j += 1 }
            scanChunk(i, j)
            i = j
        }
        let result = tokens
        tokens = []
        return result
    }

    // MARK: - Input

    /// Decodes `text` into scalar values, classes and UTF-8 offsets. The buffers only grow; the
    /// first `scalarCount` entries of `values` and `classes` are this input's.
    mutating func load(_ text: String) {
        utf8.removeAll(keepingCapacity: true)
        utf8.append(contentsOf: text.utf8)
        let byteCount = utf8.count
        if values.count < byteCount {
            let size = max(byteCount, 2 * values.count, 64)
            values = [UInt32](repeating: 0, count: size)
            classes = [ScalarClass](repeating: .space, count: size)
        }
        var count = 0
        var ascii = true
        utf8.withUnsafeBufferPointer { bytes in
            values.withUnsafeMutableBufferPointer { values in
                classes.withUnsafeMutableBufferPointer { classes in
                    var k = 0
                    while k < byteCount {
                        var v = UInt32(bytes[k])
                        if v < 0x80 {
                            k += 1
                        } else {
                            // String guarantees valid UTF-8; still, never read past the end.
                            ascii = false
                            let width = min(v >= 0xF0 ? 4 : v >= 0xE0 ? 3 : 2, byteCount - k)
                            v &= v >= 0xF0 ? 0x07 : v >= 0xE0 ? 0x0F : 0x1F
                            for m in 1..<max(width, 1) { v = (v << 6) | (UInt32(bytes[k + m]) & 0x3F) }
                            k += max(width, 1)
                        }
                        values[count] = v
                        classes[count] = classify(v)
                        count += 1
                    }
                }
            }
        }
        scalarCount = count
        inputIsASCII = ascii
        utf8Offsets.removeAll(keepingCapacity: true)
        if !ascii {
            utf8Offsets.reserveCapacity(count + 1)
            var k = 0
            while k < byteCount {
                utf8Offsets.append(k)
                let b = utf8[k]
                k += b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            }
            utf8Offsets.append(byteCount)
        }
    }

    /// The input's text for scalars `start..<end`, exactly as typed.
    func original(_ start: Int, _ end: Int) -> String {
        let from = inputIsASCII ? start : utf8Offsets[start]
        let to = inputIsASCII ? end : utf8Offsets[end]
        return utf8.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[from..<to]), as: UTF8.self)
        }
    }

    // MARK: - Chunks

    /// Tokenizes one whitespace-free chunk `start..<end`: special shapes first, ICU for the rest.
    mutating func scanChunk(_ start: Int, _ end: Int) {
        // Cheap pre-checks that let most chunks skip the e-mail and domain scanners entirely.
        var hasAt = false
        var hasDot = false
        for k in start..<end {
            let v = values[k]
            if isAt(v) { hasAt = true } else if v == 0x2E { hasDot = true }
        }
        var emailMemo = hasAt ? start : end     // no e-mail can start before this offset
        var domainMemo = hasDot ? start : end   // no bare domain can start before this offset
        var pending = start                     // generic text not yet tokenized starts here
        var i = start
        while i < end {
            let cls = classes[i]
            if isAt(values[i]) {
                if let e = scanMention(i, end) {
                    flushGeneric(pending, i)
                    emitToken(i, e, .mention)
                    i = e
                    pending = e
                    continue
                }
            } else if (cls == .letter || cls == .digit) && (i == start || !classes[i - 1].continuesWord) {
                if let e = scanURL(i, end, &domainMemo) {
                    flushGeneric(pending, i)
                    emitToken(i, e, .url, wholeText: true)
                    i = e
                    pending = e
                    continue
                }
                if let e = scanEmail(i, end, &emailMemo) {
                    flushGeneric(pending, i)
                    emitToken(i, e, .email, wholeText: true)
                    i = e
                    pending = e
                    continue
                }
                if let e = scanCompound(i, end) {
                    flushGeneric(pending, i)
                    emitCompound()
                    i = e
                    pending = e
                    continue
                }
            }
            i += 1
        }
        flushGeneric(pending, end)
    }

    // MARK: - Generic text

    /// Tokenizes `start..<end`, which holds no special shape: '@' alone, then words by ICU.
    mutating func flushGeneric(_ start: Int, _ end: Int) {
        guard start < end else { return }
        // ICU counts '@' as a letter; outside a mention or e-mail it is punctuation of its own.
        var runStart = start
        for k in start..<end where isAt(values[k]) {
            segmentRun(runStart, k)
            emitToken(k, k + 1, .punctuation)
            runStart = k + 1
        }
        segmentRun(runStart, end)
    }

    /// Breaks `start..<end` into words and non-words, joins hyphenated words, and emits them.
    mutating func segmentRun(_ start: Int, _ end: Int) {
        guard start < end else { return }
        segments.removeAll(keepingCapacity: true)
        if usesASCIIFastPath && isASCII(start, end) {
            simpleSegments(start, end)
        } else if !icuSegments(start, end) {
            segments.removeAll(keepingCapacity: true)
            simpleSegments(start, end)
        }
        joinHyphenatedWords()
        for segment in segments {
            if segment.isWord {
                emitWord(segment.start, segment.end)
            } else {
                emitToken(segment.start, segment.end, isPunctuation(values[segment.start]) ? .punctuation : .symbol)
            }
        }
    }

    @inline(__always) func isASCII(_ start: Int, _ end: Int) -> Bool {
        if inputIsASCII { return true }
        for k in start..<end where values[k] >= 0x80 { return false }
        return true
    }

    /// Emits a word-like segment; its kind follows its content. A "word" of connectors only
    /// (ICU calls "__" a word) becomes one punctuation token per character.
    mutating func emitWord(_ start: Int, _ end: Int) {
        var hasLetter = false
        var hasDigit = false
        for k in start..<end {
            switch classes[k] {
            case .letter, .dictLetter: hasLetter = true
            case .digit: hasDigit = true
            default: break
            }
        }
        if hasLetter {
            emitToken(start, end, hasDigit ? .compound : .word)
        } else if hasDigit {
            emitToken(start, end, allDigits(start, end) ? .number : .compound)
        } else {
            var k = start
            while k < end {
                let e = otherPieceEnd(k, end)
                emitToken(k, e, isPunctuation(values[k]) ? .punctuation : .symbol)
                k = e
            }
        }
    }

    func allDigits(_ start: Int, _ end: Int) -> Bool {
        for k in start..<end where classes[k] != .digit && classes[k] != .extend { return false }
        return true
    }

    /// Joins `word - word` (hyphen-minus or Unicode hyphens, letters on both sides) into one word.
    mutating func joinHyphenatedWords() {
        guard segments.count >= 3 else { return }
        var out = 0
        var k = 0
        let count = segments.count
        while k < count {
            var segment = segments[k]
            k += 1
            if segment.isWord && classes[segment.end - 1].isLetter {
                while k + 1 < count {
                    let hyphen = segments[k]
                    let next = segments[k + 1]
                    guard !hyphen.isWord, hyphen.end - hyphen.start == 1, isWordHyphen(values[hyphen.start]),
                          hyphen.start == segment.end, next.start == hyphen.end,
                          next.isWord, classes[next.start].isLetter
                    else { break }
                    segment.end = next.end
                    k += 2
                }
            }
            segments[out] = segment
            out += 1
        }
        segments.removeSubrange(out...)
    }

    /// A small UAX #29 word-break subset, exact for ASCII (where it is the fast path) and good
    /// enough as a fallback should ICU fail: letters and digits glue, `.` and `'` join letters,
    /// `,` `;` `.` `'` join digits, `_` joins anything; every other character stands alone.
    mutating func simpleSegments(_ start: Int, _ end: Int) {
        var p = start
        while p < end {
            let first = wordBreakCategory(p)
            var q = p + 1
            if first == .letter || first == .numeric || first == .extendNumLet {
                var last = first
                while true {
                    while q < end && classes[q] == .extend { q += 1 }
                    guard q < end else { break }
                    let next = wordBreakCategory(q)
                    if next == .letter || next == .numeric || next == .extendNumLet {
                        last = next
                        q += 1
                    } else if (next == .midNumLet || next == .midNum) && q + 1 < end {
                        let after = wordBreakCategory(q + 1)
                        if last == .letter && next == .midNumLet && after == .letter {
                            q += 2
                        } else if last == .numeric && after == .numeric {
                            q += 2
                        } else {
                            break
                        }
                    } else {
                        break
                    }
                }
                segments.append(Segment(start: p, end: q, isWord: true))
            } else {
                q = otherPieceEnd(p, end)
                segments.append(Segment(start: p, end: q, isWord: false))
            }
            p = q
        }
    }

    enum WordBreakCategory { case letter, numeric, midNumLet, midNum, extendNumLet, other }

    @inline(__always) func wordBreakCategory(_ k: Int) -> WordBreakCategory {
        switch classes[k] {
        case .letter, .dictLetter: return .letter
        case .digit: return .numeric
        default:
            switch values[k] {
            case 0x2E, 0x27, 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E: return .midNumLet
            case 0x2C, 0x3B, 0x037E, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B: return .midNum
            case 0x5F, 0x203F, 0x2040, 0xFE33, 0xFE34, 0xFE4D, 0xFE4E, 0xFE4F, 0xFF3F: return .extendNumLet
            default: return .other
            }
        }
    }

    /// Breaks `start..<end` with ICU into `segments`. False if ICU refused the text.
    mutating func icuSegments(_ start: Int, _ end: Int) -> Bool {
        guard setBreakerText(start, end) else { return false }
        var scalar = start        // scalar index reached
        var unit = 0              // UTF-16 offset of `scalar`
        var segmentStart = start
        while true {
            let found = breakOffsets.withUnsafeMutableBufferPointer { offsets in
                breakStatuses.withUnsafeMutableBufferPointer { statuses in
                    breaker.boundaries(
                        offsets: offsets.baseAddress!, statuses: statuses.baseAddress!, capacity: offsets.count)
                }
            }
            if found == 0 { break }
            for n in 0..<found {
                let boundary = Int(breakOffsets[n])
                while unit < boundary && scalar < end {
                    unit += values[scalar] > 0xFFFF ? 2 : 1
                    scalar += 1
                }
                if scalar > segmentStart {
                    segments.append(Segment(start: segmentStart, end: scalar, isWord: breakStatuses[n] >= 100))
                    segmentStart = scalar
                }
            }
        }
        if segmentStart < end {
            // ICU stopped early (it should not): break the rest with the simple rules.
            simpleSegments(segmentStart, end)
        }
        return true
    }

    /// Points the ICU breaker at scalars `start..<end` (as UTF-16).
    mutating func setBreakerText(_ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        fillUTF16(start, end)
        return utf16.withUnsafeBufferPointer { breaker.setText($0.baseAddress!, count: $0.count) }
    }

    /// Writes scalars `start..<end` as UTF-16 into `utf16`.
    mutating func fillUTF16(_ start: Int, _ end: Int) {
        utf16.removeAll(keepingCapacity: true)
        for k in start..<end {
            let v = values[k]
            if v < 0x10000 {
                utf16.append(UInt16(truncatingIfNeeded: v))
            } else {
                let w = v - 0x10000
                utf16.append(UInt16(truncatingIfNeeded: 0xD800 + (w >> 10)))
                utf16.append(UInt16(truncatingIfNeeded: 0xDC00 + (w & 0x3FF)))
            }
        }
    }
}
