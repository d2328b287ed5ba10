import Foundation

/// A zone read from the system's zone database (`/usr/share/zoneinfo`, or `$TZDIR`), in the
/// TZif format of RFC 8536: its transitions, and the POSIX TZ rule in the footer that carries
/// it past the last one.
///
/// Why not Foundation's `TimeZone`: on Linux it answers from the zone data bundled with the
/// toolchain, frozen when the toolchain was built, while the system's `tzdata` package follows
/// the governments that change their clocks (and is what `date`, Python's `zoneinfo` and the
/// user's other programs read). The two disagree as soon as a region changes its rules.
struct TZif: Sendable {
    struct LocalType: Sendable {
        var offset: Int
        var isDST: Bool
        var abbreviation: String
    }
    /// Transition instants, ascending, and the local type in force from each.
    let times: [Int]
    let typeIndex: [Int]
    /// (Type 0 is also the one in force before the first transition, as RFC 8536 says.)
    let types: [LocalType]
    /// Beyond the last transition (nil: the last transition's type stays).
    let rule: PosixTZ?

    /// The zone directory: `$TZDIR`, else `/usr/share/zoneinfo`.
    static var directory: String { ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo" }

    /// Reads a zone by its IANA identifier; nil when there is no such file or it is no TZif.
    init?(identifier: String, directory: String = TZif.directory) {
        // An identifier is a path inside the directory, never outside it.
        guard !identifier.isEmpty, !identifier.hasPrefix("/"), !identifier.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }),
              identifier.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789/_-+".unicodeScalars.contains($0)) }),
              let data = FileManager.default.contents(atPath: directory + "/" + identifier) else { return nil }
        self.init(data: [UInt8](data))
    }

    init?(data b: [UInt8]) {
        var r = ByteReader(bytes: b)
        guard let v1 = r.header() else { return nil }
        var counts = v1
        var timeSize = 4
        if r.version >= 2 {
            // Skip the 32-bit block; the 64-bit one follows with its own header.
            guard r.skip(v1.blockSize(timeSize: 4)), let v2 = r.header() else { return nil }
            counts = v2
            timeSize = 8
        }
        var times: [Int] = []
        times.reserveCapacity(counts.time)
        for _ in 0..<counts.time { guard let t = r.signed(timeSize) else { return nil }; times.append(t) }
        var typeIndex: [Int] = []
        for _ in 0..<counts.time { guard let i = r.byte(), Int(i) < counts.type else { return nil }; typeIndex.append(Int(i)) }
        var raw: [(offset: Int, isDST: Bool, abbr: Int)] = []
        for _ in 0..<counts.type {
            guard let off = r.signed(4), let dst = r.byte(), let abbr = r.byte() else { return nil }
            raw.append((off, dst != 0, Int(abbr)))
        }
        guard let charSlice = r.take(counts.char) else { return nil }
        let chars = Array(charSlice)
        let types = raw.map { t -> LocalType in
            let tail = chars[min(t.abbr, chars.count)...]
            let name = String(decoding: tail.prefix { $0 != 0 }, as: UTF8.self)
            return LocalType(offset: t.offset, isDST: t.isDST, abbreviation: name)
        }
        guard !types.isEmpty, r.skip(counts.leap * (timeSize + 4) + counts.isStd + counts.isUT) else { return nil }
        var rule: PosixTZ?
        if r.version >= 2, r.byte() == 0x0A, let footer = r.line(), !footer.isEmpty {
            rule = PosixTZ(footer)
        }
        self.times = times
        self.typeIndex = typeIndex
        self.types = types
        self.rule = rule
    }

    /// How many transitions are at or before t (binary search).
    func transitionsUpTo(_ t: Int) -> Int {
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The local type in force at an instant.
    func localType(at t: Int) -> LocalType {
        if let last = times.last, t >= last, let rule {
            return rule.localType(at: t)
        }
        let passed = transitionsUpTo(t)
        if passed == 0 {
            if times.isEmpty, let rule { return rule.localType(at: t) }
            return types[0]
        }
        return types[typeIndex[passed - 1]]
    }

    func offset(at t: Int) -> Int { localType(at: t).offset }

    /// The first instant after t at which the offset or the daylight flag changes, if any.
    func nextTransition(after t: Int) -> Int? {
        var previous = localType(at: t)
        for k in transitionsUpTo(t)..<times.count {
            let next = types[typeIndex[k]]
            if next.offset != previous.offset || next.isDST != previous.isDST { return times[k] }
            previous = next
        }
        return rule?.nextTransition(after: max(t, (times.last ?? Int.min)))
    }

    /// The counts of a TZif header.
    struct Counts {
        var isUT = 0, isStd = 0, leap = 0, time = 0, type = 0, char = 0
        func blockSize(timeSize: Int) -> Int {
            time * timeSize + time + type * 6 + char + leap * (timeSize + 4) + isStd + isUT
        }
    }

    struct ByteReader {
        let bytes: [UInt8]
        var i = 0
        var version = 1
        mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, i + n <= bytes.count else { return nil }
            defer { i += n }
            return bytes[i..<i + n]
        }
        mutating func skip(_ n: Int) -> Bool { take(n) != nil }
        mutating func byte() -> UInt8? { take(1)?.first }
        mutating func signed(_ size: Int) -> Int? {
            guard let s = take(size) else { return nil }
            var v: UInt64 = 0
            for x in s { v = v << 8 | UInt64(x) }
            return size == 4 ? Int(Int32(bitPattern: UInt32(truncatingIfNeeded: v))) : Int(Int64(bitPattern: v))
        }
        mutating func header() -> Counts? {
            guard let magic = take(4), Array(magic) == Array("TZif".utf8), let v = byte(), skip(15) else { return nil }
            version = v == 0 ? 1 : Int(v) - 0x30
            var c = Counts()
            guard let ut = signed(4), let std = signed(4), let leap = signed(4), let time = signed(4), let type = signed(4), let char = signed(4),
                  [ut, std, leap, time, type, char].allSatisfy({ $0 >= 0 && $0 < 1 << 20 }) else { return nil }
            (c.isUT, c.isStd, c.leap, c.time, c.type, c.char) = (ut, std, leap, time, type, char)
            return c
        }
        mutating func line() -> String? {
            guard let end = bytes[i...].firstIndex(of: 0x0A) else { return nil }
            defer { i = end + 1 }
            return String(decoding: bytes[i..<end], as: UTF8.self)
        }
    }
}

/// A POSIX TZ rule as TZif footers write it: "EST5EDT,M3.2.0,M11.1.0", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
/// "MST7". Offsets are west-positive in the string and stored east-positive here.
struct PosixTZ: Sendable {
    var standard: TZif.LocalType
    var daylight: TZif.LocalType?
    /// When daylight time starts and ends, each as a day rule and a local time (seconds; may be
    /// negative or past 24 hours, as RFC 8536 allows).
    var start: (DayRule, Int) = (.julianZero(0), 0)
    var end: (DayRule, Int) = (.julianZero(0), 0)

    enum DayRule: Sendable {
        /// Month, week 1–5 (5 = last), weekday 0 = Sunday.
        case monthWeekDay(Int, Int, Int)
        /// 1–365, February 29 never counted.
        case julian(Int)
        /// 0–365, February 29 counted in leap years.
        case julianZero(Int)

        func date(in year: Int) -> CivilDate {
            switch self {
            case .monthWeekDay(let m, let w, let d):
                let first = CivilDate(year, m, 1)
                // CivilDate weekdays are ISO (1 = Monday … 7 = Sunday); POSIX counts 0 = Sunday.
                let posix = first.weekday % 7
                var day = 1 + (d - posix + 7) % 7 + (w - 1) * 7
                let length = CivilDate.daysIn(year: year, month: m)
                while day > length { day -= 7 }
                return CivilDate(year, m, day)
            case .julian(let n):
                var d = CivilDate(year, 1, 1).adding(days: n - 1)
                if CivilDate.isLeap(year), n >= 60 { d = d.adding(days: 1) }
                return d
            case .julianZero(let n):
                return CivilDate(year, 1, 1).adding(days: n)
            }
        }
    }

    init?(_ s: String) {
        var p = Parser(chars: Array(s.unicodeScalars))
        guard let stdName = p.name(), let stdOff = p.offset() else { return nil }
        standard = TZif.LocalType(offset: -stdOff, isDST: false, abbreviation: stdName)
        if p.atEnd { return }
        guard let dstName = p.name() else { return nil }
        let dstOff = p.peekIsOffsetStart ? p.offset() : stdOff - 3600
        guard let dstOff else { return nil }
        daylight = TZif.LocalType(offset: -dstOff, isDST: true, abbreviation: dstName)
        guard p.take(","), let a = p.dayRule(), let ta = p.time(), p.take(","), let b = p.dayRule(), let tb = p.time(), p.atEnd else { return nil }
        start = (a, ta)
        end = (b, tb)
    }

    /// The instants daylight time starts and ends in a year.
    func transitions(in year: Int) -> (start: Int, end: Int)? {
        guard let daylight else { return nil }
        let s = LocalDateTime(start.0.date(in: year), seconds: 0).wallSeconds + start.1 - standard.offset
        let e = LocalDateTime(end.0.date(in: year), seconds: 0).wallSeconds + end.1 - daylight.offset
        return (s, e)
    }

    func localType(at t: Int) -> TZif.LocalType {
        guard let daylight else { return standard }
        let year = LocalDateTime(wallSeconds: t + standard.offset).date.year
        guard let (s, e) = transitions(in: year) else { return standard }
        // Daylight all year ("<+03>-3<+04>,0/0,J365/25"-style rules): start and end meet.
        if s < e { return t >= s && t < e ? daylight : standard }
        return t >= e && t < s ? standard : daylight   // southern hemisphere: daylight over New Year
    }

    func nextTransition(after t: Int) -> Int? {
        guard daylight != nil else { return nil }
        let year = LocalDateTime(wallSeconds: t + standard.offset).date.year
        var best: Int?
        for y in year...(year + 1) {
            guard let (s, e) = transitions(in: y) else { continue }
            for x in [s, e] where x > t && localType(at: x).isDST != localType(at: x - 1).isDST {
                best = min(best ?? x, x)
            }
        }
        return best
    }

    struct Parser {
        let chars: [Unicode.Scalar]
        var i = 0
        var atEnd: Bool { i >= chars.count }
        var peekIsOffsetStart: Bool { !atEnd && ("+-0123456789".unicodeScalars.contains(chars[i])) }
        mutating func take(_ c: Unicode.Scalar) -> Bool {
            guard !atEnd, chars[i] == c else { return false }
            i += 1
            return true
        }
        mutating func name() -> String? {
            var out = ""
            if take("<") {
                while !atEnd, chars[i] != ">" { out.unicodeScalars.append(chars[i]); i += 1 }
                guard take(">") else { return nil }
            } else {
                while !atEnd, chars[i].properties.isAlphabetic { out.unicodeScalars.append(chars[i]); i += 1 }
            }
            return out.count >= 3 || out.hasPrefix("+") || out.hasPrefix("-") ? out : nil
        }
        mutating func number() -> Int? {
            var v = 0, any = false
            while !atEnd, let d = chars[i].properties.numericType != nil ? Int(String(chars[i])) : nil { v = v * 10 + d; i += 1; any = true }
            return any ? v : nil
        }
        /// [+-]hh[:mm[:ss]] in seconds.
        mutating func offset() -> Int? {
            var sign = 1
            if take("-") { sign = -1 } else { _ = take("+") }
            guard let h = number() else { return nil }
            var secs = h * 3600
            if take(":") { guard let m = number() else { return nil }; secs += m * 60
                if take(":") { guard let s = number() else { return nil }; secs += s } }
            return sign * secs
        }
        /// "/time", default 02:00.
        mutating func time() -> Int? {
            guard take("/") else { return 7200 }
            return offset()
        }
        mutating func dayRule() -> DayRule? {
            if take("M") {
                guard let m = number(), take("."), let w = number(), take("."), let d = number(),
                      (1...12).contains(m), (1...5).contains(w), (0...6).contains(d) else { return nil }
                return .monthWeekDay(m, w, d)
            }
            if take("J") {
                guard let n = number(), (1...365).contains(n) else { return nil }
                return .julian(n)
            }
            guard let n = number(), (0...365).contains(n) else { return nil }
            return .julianZero(n)
        }
    }
}
