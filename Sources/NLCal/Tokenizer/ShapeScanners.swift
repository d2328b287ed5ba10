/// Hand-written scanners for the shapes that survive ICU word breaking as one token: URLs,
/// e-mail addresses, `@Place` mentions and numeric compounds. Each takes a start offset inside a
/// whitespace-free chunk ending at `end` and returns where the shape ends, or nil. They never look
/// past `end`, and the memo offsets keep repeated attempts inside one chunk linear.
extension TokenizerEngine {
    // MARK: - Mentions

    /// `@Place`: '@' then a letter, then letters, digits and inner connectors (`- _ . ' ’ &`).
    /// In a script written without spaces the mention is the first ICU word ("@渋谷で" → "@渋谷").
    mutating func scanMention(_ i: Int, _ end: Int) -> Int? {
        guard i + 1 < end, classes[i + 1].isLetter else { return nil }
        var q = i + 1
        var hasDictionaryScript = false
        while q < end {
            switch classes[q] {
            case .letter, .digit, .extend:
                q += 1
                continue
            case .dictLetter:
                hasDictionaryScript = true
                q += 1
                continue
            default:
                break
            }
            guard isMentionConnector(values[q]), q + 1 < end else { break }
            let next = classes[q + 1]
            guard next.isLetter || next == .digit else { break }
            q += 1
        }
        if hasDictionaryScript, let firstWordEnd = firstICUWordEnd(i + 1, q) {
            q = firstWordEnd
        }
        return q
    }

    @inline(__always) func isMentionConnector(_ v: UInt32) -> Bool {
        v == 0x2D || v == 0x5F || v == 0x2E || v == 0x27 || v == 0x2019 || v == 0x26
    }

    /// The end of the first ICU segment of `start..<end`.
    mutating func firstICUWordEnd(_ start: Int, _ end: Int) -> Int? {
        guard setBreakerText(start, end) else { return nil }
        let found = breakOffsets.withUnsafeMutableBufferPointer { offsets in
            breakStatuses.withUnsafeMutableBufferPointer { statuses in
                breaker.boundaries(offsets: offsets.baseAddress!, statuses: statuses.baseAddress!, capacity: 1)
            }
        }
        guard found == 1 else { return nil }
        let boundary = Int(breakOffsets[0])
        var scalar = start
        var unit = 0
        while unit < boundary && scalar < end {
            unit += values[scalar] > 0xFFFF ? 2 : 1
            scalar += 1
        }
        return scalar > start ? scalar : nil
    }

    // MARK: - URLs

    /// `scheme://…`, `www.…`, or a bare domain: with a common top-level domain (`example.com`,
    /// `meet.google.com/abc`) or a two-letter one followed by a path (`lu.ma/x`). Trailing sentence punctuation and unbalanced
    /// closing brackets are left out.
    mutating func scanURL(_ i: Int, _ end: Int, _ domainMemo: inout Int) -> Int? {
        let v = values[i]
        if isASCIILetter(v) {
            var k = i + 1
            while k < end && k - i < 32 && isSchemeCharacter(values[k]) { k += 1 }
            if k + 3 < end && values[k] == 0x3A && values[k + 1] == 0x2F && values[k + 2] == 0x2F
                && isURLCharacter(k + 3)
            {
                let e = scanURLBody(i, from: k + 3, end)
                if e > k + 3 { return e }
            }
            if end - i > 4 && (v | 0x20) == 0x77 && (values[i + 1] | 0x20) == 0x77 && (values[i + 2] | 0x20) == 0x77
                && values[i + 3] == 0x2E && isDomainLabelStart(i + 4)
            {
                return scanURLBody(i, from: i + 4, end)
            }
        }
        guard i >= domainMemo else { return nil }
        let domain = scanDomain(i, end)
        guard let domainEnd = domain.end else {
            domainMemo = domain.stop
            return nil
        }
        // With a path, a common or two-letter (country) top-level domain: "zoom.us/j/1", "lu.ma/x",
        // but not "mr.smith/jones".
        if domainEnd < end
            && (domainEnd - domain.topLevelStart == 2 || isCommonTopLevelDomain(domain.topLevelStart, domainEnd))
        {
            let next = values[domainEnd]
            if next == 0x2F || next == 0x3F || next == 0x23
                || (next == 0x3A && domainEnd + 1 < end && values[domainEnd + 1] &- 0x30 < 10)
            {
                return scanURLBody(i, from: domainEnd, end)
            }
        }
        if isCommonTopLevelDomain(domain.topLevelStart, domainEnd) { return domainEnd }
        domainMemo = domain.stop
        return nil
    }

    @inline(__always) func isASCIILetter(_ v: UInt32) -> Bool { (v | 0x20) &- 0x61 < 26 }

    @inline(__always) func isSchemeCharacter(_ v: UInt32) -> Bool {
        isASCIILetter(v) || v &- 0x30 < 10 || v == 0x2B || v == 0x2D || v == 0x2E
    }

    /// Characters a URL may contain here: not space, not quotes or angle brackets, not text of a
    /// script written without spaces or CJK punctuation (which would be the sentence going on).
    @inline(__always) func isURLCharacter(_ k: Int) -> Bool {
        let v = values[k]
        if v < 0x80 { return v > 0x20 && v != 0x22 && v != 0x3C && v != 0x3E && v != 0x60 && v != 0x7F }
        switch v {
        case 0x2018, 0x2019, 0x201C, 0x201D, 0x00AB, 0x00BB, 0x3000...0x303F, 0xFF00...0xFFEF: return false
        default: return classes[k] != .dictLetter && classes[k] != .space
        }
    }

    /// Scans URL characters from `from`, then trims trailing punctuation; returns the end.
    func scanURLBody(_ start: Int, from: Int, _ end: Int) -> Int {
        var q = from
        var parens = 0
        var brackets = 0
        var braces = 0
        while q < end && isURLCharacter(q) {
            switch values[q] {
            case 0x28: parens += 1
            case 0x29: parens -= 1
            case 0x5B: brackets += 1
            case 0x5D: brackets -= 1
            case 0x7B: braces += 1
            case 0x7D: braces -= 1
            default: break
            }
            q += 1
        }
        for k in start..<from {
            switch values[k] {
            case 0x28: parens += 1
            case 0x29: parens -= 1
            default: break
            }
        }
        while q > from {
            switch values[q - 1] {
            case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x27, 0x2A:
                q -= 1
            case 0x29 where parens < 0:
                parens += 1
                q -= 1
            case 0x5D where brackets < 0:
                brackets += 1
                q -= 1
            case 0x7D where braces < 0:
                braces += 1
                q -= 1
            default:
                return q
            }
        }
        return q
    }

    @inline(__always) func isDomainLabelStart(_ k: Int) -> Bool {
        let c = classes[k]
        return c == .letter || c == .digit
    }

    /// A domain at `start`: labels of letters, digits and inner hyphens joined by dots, at least
    /// two, the last (top-level) made of two or more ASCII letters. `stop` is where the scan
    /// ended: a later start before it reaches the same labels and fails the same way.
    func scanDomain(_ start: Int, _ end: Int) -> (end: Int?, stop: Int, topLevelStart: Int) {
        var q = start
        var labels = 0
        var lastStart = start
        var lastEnd = start
        while q < end && isDomainLabelStart(q) {
            let labelStart = q
            q += 1
            while q < end && (isDomainLabelStart(q) || classes[q] == .extend || values[q] == 0x2D) { q += 1 }
            var labelEnd = q
            while values[labelEnd - 1] == 0x2D { labelEnd -= 1 }
            labels += 1
            lastStart = labelStart
            lastEnd = labelEnd
            if labelEnd < q { break }
            if q + 1 < end && values[q] == 0x2E && isDomainLabelStart(q + 1) {
                q += 1
            } else {
                break
            }
        }
        let stop = max(q, start + 1)
        guard labels >= 2, lastEnd - lastStart >= 2, lastEnd - start <= 253 else {
            return (nil, stop, lastStart)
        }
        for k in lastStart..<lastEnd where !isASCIILetter(values[k]) { return (nil, stop, lastStart) }
        return (lastEnd, stop, lastStart)
    }

    /// Top-level domains common enough that a bare "name.tld" is taken as a URL without a path.
    /// Kept short on purpose: "St.Luke" or "a.m" must stay words.
    func isCommonTopLevelDomain(_ start: Int, _ end: Int) -> Bool {
        guard end - start <= 4 else { return false }
        var key: UInt32 = 0
        for k in start..<end { key = key << 8 | (values[k] | 0x20) }
        switch key {
        case 0x636F6D, 0x6F7267, 0x6E6574, 0x656475, 0x676F76,  // com org net edu gov
             0x696F, 0x6169, 0x636F, 0x7573, 0x756B, 0x6A70,    // io ai co us uk jp
             0x6465, 0x6672, 0x6361, 0x6175, 0x6E7A, 0x6575,    // de fr ca au nz eu
             0x6170_70, 0x6465_76, 0x696E_666F, 0x62697A,       // app dev info biz
             0x7476, 0x6C79, 0x676C, 0x78797A:                  // tv ly gl xyz
            return true
        default:
            return false
        }
    }

    // MARK: - E-mail addresses

    /// `local@domain.tld`: a local part of letters, digits and `. _ % + - '` (at most 64, not
    /// ending with '.') and a domain as in ``scanDomain(_:_:)``.
    mutating func scanEmail(_ i: Int, _ end: Int, _ memo: inout Int) -> Int? {
        guard i >= memo else { return nil }
        var k = i
        while k < end && k - i <= 64 && isEmailLocalCharacter(k) { k += 1 }
        guard k < end, isAt(values[k]), k - i <= 64, values[k - 1] != 0x2E else {
            // A later start inside this run stops at the same place, unless the length cap did it.
            memo = k - i > 64 ? i + 1 : k
            return nil
        }
        guard k + 1 < end, let domainEnd = scanDomain(k + 1, end).end else {
            memo = k + 1
            return nil
        }
        return domainEnd
    }

    @inline(__always) func isEmailLocalCharacter(_ k: Int) -> Bool {
        let c = classes[k]
        if c == .letter || c == .digit || c == .extend { return true }
        switch values[k] {
        case 0x2E, 0x5F, 0x25, 0x2B, 0x2D, 0x27: return true
        default: return false
        }
    }

    // MARK: - Compounds

    /// A numeric compound at `i`: parts ("atoms") of glued digits and letters, joined by single
    /// `: . / -` (or their full-width forms, and dashes), with a digit in the first atom
    /// ("3:30pm", "2026-04-01", "18q4", "q4"). Fills `atoms`, `atomSeparators` for
    /// ``emitCompound()``. A separator is taken only when what follows continues the compound:
    /// a digit after ':' and '.', a digit or letter after '/' and '-', and the "m" of "3p.m".
    mutating func scanCompound(_ i: Int, _ end: Int) -> Int? {
        if classes[i] == .letter {
            var q = i + 1
            while q < end && (classes[q] == .letter || classes[q] == .extend) { q += 1 }
            guard q < end && classes[q] == .digit else { return nil }
        } else if classes[i] != .digit {
            return nil
        }
        atoms.removeAll(keepingCapacity: true)
        atomSeparators.removeAll(keepingCapacity: true)
        var q = atomEnd(i, end)
        atoms.append(i..<q)
        while q + 1 < end {
            let separator = compoundSeparator(values[q])
            if separator == .none { break }
            let next = classes[q + 1]
            let continues: Bool
            switch separator {
            case .colon: continues = next == .digit
            case .dot: continues = next == .digit || (next == .letter && isMeridiemDot(q, end))
            case .slash, .dash: continues = next == .digit || next == .letter
            case .none: continues = false
            }
            if !continues { break }
            let e = atomEnd(q + 1, end)
            atomSeparators.append(separator)
            atoms.append(q + 1..<e)
            q = e
        }
        return q
    }

    /// Glued digits, letters of spaced scripts and marks from `start`.
    @inline(__always) func atomEnd(_ start: Int, _ end: Int) -> Int {
        var q = start
        while q < end {
            let c = classes[q]
            guard c == .digit || c == .letter || c == .extend else { break }
            q += 1
        }
        return q
    }

    /// The '.' at `dot` is the inner dot of "3p.m" / "11a.m": one letter after a digit before
    /// it, one letter after it.
    func isMeridiemDot(_ dot: Int, _ end: Int) -> Bool {
        guard dot >= 2, classes[dot - 1] == .letter, classes[dot - 2] == .digit,
              dot + 1 < end, classes[dot + 1] == .letter
        else { return false }
        return dot + 2 >= end || (classes[dot + 2] != .letter && classes[dot + 2] != .digit)
    }

    /// Emits the compound found by ``scanCompound(_:_:)`` as one or more tokens.
    ///
    /// Atoms joined by ':' or '.' form a term ("9:45", "10.31.1974"); terms are joined by '/' or
    /// a dash. A dash between two terms that both hold a digit is a range and becomes its own
    /// punctuation token ("9-9:45" → "9", "-", "9:45"; "13:00-15:00"), unless the terms form a
    /// date ("2026-04-01", "2014-10", "31-Oct-74", "14-07-2026"). A dash next to a term without
    /// digits stays inside ("3-day"). A '/' stays inside ("1/4h", "3/5") except where a dashed
    /// date starts after it ("17:00:00/2015-03-29").
    mutating func emitCompound() {
        terms.removeAll(keepingCapacity: true)
        terms.append(0)
        for (k, separator) in atomSeparators.enumerated() where separator == .slash || separator == .dash {
            terms.append(k + 1)
        }
        terms.append(atoms.count)
        let termCount = terms.count - 1
        var t = 0
        while t < termCount {
            let unitStart = t
            let dateLength = dateShapeLength(at: t)
            if dateLength > 0 {
                t += dateLength
            } else {
                t += 1
                while t < termCount {
                    if operatorBefore(term: t) == .slash {
                        if dateShapeLength(at: t, separator: .dash) > 0 { break }
                    } else if termHasDigit(t - 1) && termHasDigit(t) {
                        break
                    }
                    t += 1
                }
            }
            let start = atoms[terms[unitStart]].lowerBound
            let end = atoms[terms[t] - 1].upperBound
            // Letters alone can be left over after a date: "2026-04-01-ish" → …, "-", "ish".
            let kind: Token.Kind = allDigits(start, end) ? .number : hasDigit(start, end) ? .compound : .word
            emitToken(start, end, kind)
            if t < termCount {
                let separatorAt = atoms[terms[t] - 1].upperBound
                emitToken(separatorAt, separatorAt + 1, isPunctuation(values[separatorAt]) ? .punctuation : .symbol)
            }
        }
    }

    /// The separator between term `t - 1` and term `t`.
    @inline(__always) func operatorBefore(term t: Int) -> CompoundSeparator {
        atomSeparators[terms[t] - 1]
    }

    func termHasDigit(_ t: Int) -> Bool {
        hasDigit(atoms[terms[t]].lowerBound, atoms[terms[t + 1] - 1].upperBound)
    }

    func hasDigit(_ start: Int, _ end: Int) -> Bool {
        for k in start..<end where classes[k] == .digit { return true }
        return false
    }

    /// A term that is a single atom: its digit count if all digits, -1 if letters only (3+), else nil.
    func simpleTermShape(_ t: Int) -> Int? {
        guard t < terms.count - 1, terms[t + 1] - terms[t] == 1 else { return nil }
        return atomShape(atoms[terms[t]])
    }

    func atomShape(_ atom: Range<Int>) -> Int? {
        var digits = 0
        var letters = 0
        for k in atom {
            switch classes[k] {
            case .digit: digits += 1
            case .letter: letters += 1
            case .extend: break
            default: return nil
            }
        }
        if letters == 0 { return digits }
        if digits == 0 && letters >= 3 { return -1 }
        return nil
    }

    /// The number of terms (3 or 2) of a date starting at term `t`, or 0. The terms must be joined
    /// by the same separator (`separator` if given). Recognized: YYYY-MM-DD (the day may run on into
    /// an ISO time: "2026-04-01T10:00"), D-M-YY(YY), D-Mon-YY(YY), YYYY-MM, D-Mon; with '/':
    /// M/D, M/D/YY(YY), YYYY/MM/DD, M/YYYY.
    func dateShapeLength(at t: Int, separator: CompoundSeparator? = nil) -> Int {
        let termCount = terms.count - 1
        guard t + 1 < termCount, let a = simpleTermShape(t) else { return 0 }
        let op = operatorBefore(term: t + 1)
        if let separator, op != separator { return 0 }
        guard let b = simpleTermShape(t + 1) else { return 0 }
        let isDayOrMonth = { (n: Int) in n == 1 || n == 2 }
        if t + 2 < termCount && operatorBefore(term: t + 2) == op {
            let c: Int? = a == 4 ? leadingDayShape(t + 2) : simpleTermShape(t + 2)
            if let c {
                if a == 4 && isDayOrMonth(b) && isDayOrMonth(c) { return 3 }
                if isDayOrMonth(a) && (isDayOrMonth(b) || b == -1) && (c == 2 || c == 4) { return 3 }
            }
        }
        if a == 4 && isDayOrMonth(b) { return 2 }
        if isDayOrMonth(a) && b == -1 && op == .dash { return 2 }
        if op == .slash && isDayOrMonth(a) && (isDayOrMonth(b) || b == 4) { return 2 }
        return 0
    }

    /// The digit count of term `t` when it is a day, possibly followed by an ISO time ("01T10:00").
    func leadingDayShape(_ t: Int) -> Int? {
        if let shape = simpleTermShape(t) { return shape }
        let atom = atoms[terms[t]]
        var k = atom.lowerBound
        while k < atom.upperBound && classes[k] == .digit { k += 1 }
        guard k < atom.upperBound, values[k] | 0x20 == 0x74, k + 1 < atom.upperBound, classes[k + 1] == .digit
        else { return nil }
        return k - atom.lowerBound
    }
}
