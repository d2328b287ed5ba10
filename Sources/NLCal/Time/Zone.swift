import Foundation
import Synchronization

/// An IANA time zone with the two conversions resolution needs: instant → wall clock, and
/// wall clock → instant with an explicit policy for DST gaps and overlaps.
public struct Zone: Sendable, Equatable {
    public let identifier: String
    let source: ZoneSource
    /// The zone's offsets, read from the zone database once per stretch of time.
    let offsets: OffsetTable

    /// Fails for identifiers that are not IANA zones (or fixed offsets like "UTC", "Etc/GMT+2").
    /// The system's zone database is read first (see `TZif`); Foundation's bundled data answers
    /// only where the system has none.
    public init?(identifier: String) {
        if let cached = Zone.cache.withLock({ $0[identifier] }) {
            self = cached
            return
        }
        guard !identifier.isEmpty, !identifier.hasPrefix("right/") else { return nil }
        if let data = TZif(identifier: identifier) {
            source = .tzif(data)
        } else if let tz = TimeZone(identifier: identifier) {
            source = .foundation(tz)
        } else {
            return nil
        }
        self.identifier = identifier
        self.offsets = OffsetTable(source)
        Zone.cache.withLock { $0[identifier] = self }
    }

    /// Whether daylight-saving time is in force at an instant.
    public func isDaylightSaving(at instant: Int) -> Bool {
        switch source {
        case .tzif(let z): return z.localType(at: instant).isDST
        case .foundation(let tz): return tz.isDaylightSavingTime(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        }
    }

    /// The zone's abbreviation at an instant ("EST", "+0530"), if it has one.
    public func abbreviation(at instant: Int) -> String? {
        switch source {
        case .tzif(let z): return z.localType(at: instant).abbreviation
        case .foundation(let tz): return tz.abbreviation(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        }
    }

    /// The first instant after this one at which the zone's offset or daylight flag changes.
    public func nextTransition(after instant: Int) -> Int? { source.nextTransition(after: instant) }

    /// Zones already loaded: loading one reads the zone database, which batch mode would
    /// otherwise do once a line.
    private static let cache = Mutex<[String: Zone]>([:])

    public static func == (a: Zone, b: Zone) -> Bool { a.identifier == b.identifier }

    /// UTC offset in seconds at an instant (seconds since the Unix epoch).
    public func offset(at instant: Int) -> Int { offsets.offset(at: instant) }

    public func local(at instant: Int) -> LocalDateTime {
        LocalDateTime(wallSeconds: instant + offset(at: instant))
    }

    /// What happened when a wall-clock time was turned into an instant.
    public enum Mapping: Equatable, Sendable {
        case exact
        /// The time does not exist (spring forward); it was moved forward by the gap.
        case skipped(gapSeconds: Int)
        /// The time happens twice (fall back); the first occurrence was taken.
        case repeated(laterInstant: Int)
    }

    /// The instant of a wall-clock time. A nonexistent time is moved forward by the gap
    /// (02:30 → 03:30); a repeated one takes the first occurrence. Both are reported.
    public func instant(of local: LocalDateTime) -> (instant: Int, mapping: Mapping) {
        let wall = local.wallSeconds
        // The offsets in force a day either side bound every candidate.
        let before = offset(at: wall - 86_400)
        let after = offset(at: wall + 86_400)
        // At most three distinct candidates; only their number, the earliest and the latest
        // matter (kept in locals: this runs a few times a parse, and arrays cost allocations).
        var count = 0, first = 0, second = 0, earliest = Int.max, latest = Int.min
        func consider(_ t: Int) {
            if (count > 0 && first == t) || (count > 1 && second == t) { return }
            if count == 0 { first = t } else if count == 1 { second = t }
            count += 1
            earliest = min(earliest, t)
            latest = max(latest, t)
        }
        if offset(at: wall - before) == before { consider(wall - before) }
        if before != after, offset(at: wall - after) == after { consider(wall - after) }
        // Offsets can also change twice within two days (rare); try the offset at the naive instant.
        let naive = wall - offset(at: wall)
        if offset(at: naive) + naive == wall { consider(naive) }
        if count == 1 { return (earliest, .exact) }
        if count >= 2 { return (earliest, .repeated(laterInstant: latest)) }
        // A gap: read the wall time with the offset from before the transition, which lands past it.
        let t = wall - before
        return (t, .skipped(gapSeconds: abs(after - before)))
    }

    /// ISO-8601 with the offset in force at that instant: 2026-03-17T13:00:00+09:00.
    public func iso(_ instant: Int) -> String {
        let off = offset(at: instant)
        let l = LocalDateTime(wallSeconds: instant + off)
        let y = l.date.year
        if y < 0 || y > 9999 { return l.description + Zone.formatOffset(off) }
        // Written straight into the string's storage: no byte array to grow and copy.
        return String(unsafeUninitializedCapacity: 25) { b in
            func two(_ v: Int, _ at: Int) {
                b[at] = UInt8(truncatingIfNeeded: 0x30 + v / 10 % 10)
                b[at + 1] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
            }
            two(y / 100, 0); two(y % 100, 2); b[4] = 0x2D; two(l.date.month, 5); b[7] = 0x2D; two(l.date.day, 8)
            b[10] = 0x54; two(l.hour, 11); b[13] = 0x3A; two(l.minute, 14); b[16] = 0x3A; two(l.second, 17)
            b[19] = off < 0 ? 0x2D : 0x2B
            two(abs(off) / 3600, 20); b[22] = 0x3A; two(abs(off) / 60 % 60, 23)
            return 25
        }
    }

    public static func formatOffset(_ off: Int) -> String {
        let sign = off < 0 ? "-" : "+"
        let a = abs(off)
        return sign + pad(a / 3600, 2) + ":" + pad(a / 60 % 60, 2)
    }

    /// The machine's zone, as an IANA identifier when it has one.
    public static var system: Zone {
        Zone(identifier: TimeZone.current.identifier) ?? Zone(identifier: "UTC")!
    }
}

/// Parses ISO-8601 instants as the CLI and the batch protocol accept them.
///
/// `2026-03-11T09:15:00+09:00`, `…Z`, fractional seconds, and a local form without an offset
/// (`2026-03-11T09:15:00`, `2026-03-11 09:15`, `2026-03-11`), which is read in the given zone.
public enum ISOTimestamp {
    /// Reads bytes; batch mode parses one timestamp a line, so this stays off `Character`.
    public static func parse(_ text: String, zone: Zone) -> Int? {
        var text = text
        return text.withUTF8 { parse(bytes: $0, zone: zone) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>, zone: Zone) -> Int? {
        var lo = 0, hi = bytes.count
        while lo < hi, bytes[lo] == 0x20 { lo += 1 }
        while hi > lo, bytes[hi - 1] == 0x20 { hi -= 1 }
        var r = Reader(bytes: bytes, i: lo, end: hi)
        guard let y = r.int(4), r.take(0x2D), let mo = r.int(2), r.take(0x2D), let d = r.int(2) else { return nil }
        let date = CivilDate(y, mo, d)
        guard date.isValid else { return nil }
        var secs = 0
        if let c = r.peek, c == 0x54 || c == 0x74 || c == 0x20 {   // T, t, space
            r.i += 1
            guard let h = r.int(2), h <= 24 else { return nil }
            var m = 0, sec = 0
            if r.take(0x3A) { guard let v = r.int(2), v < 60 else { return nil }; m = v }
            if r.take(0x3A) { guard let v = r.int(2), v < 61 else { return nil }; sec = v }
            if r.take(0x2E) || r.take(0x2C) {   // a fraction, ignored
                guard r.digit != nil else { return nil }
                while r.digit != nil { r.i += 1 }
            }
            secs = h * 3600 + m * 60 + sec
        }
        let local = LocalDateTime(date, seconds: secs)
        if r.atEnd { return zone.instant(of: local).instant }
        if r.take(0x5A) || r.take(0x7A) { return r.atEnd ? local.wallSeconds : nil }   // Z, z
        guard let sign = r.peek, sign == 0x2B || sign == 0x2D else { return nil }
        r.i += 1
        guard let oh = r.int(2), oh <= 18 else { return nil }
        var om = 0
        _ = r.take(0x3A)
        if !r.atEnd { guard let v = r.int(2), v < 60 else { return nil }; om = v }
        guard r.atEnd else { return nil }
        let off = (oh * 3600 + om * 60) * (sign == 0x2D ? -1 : 1)
        return local.wallSeconds - off
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var i: Int
        let end: Int
        var atEnd: Bool { i >= end }
        var peek: UInt8? { i < end ? bytes[i] : nil }
        /// The ASCII digit at the cursor, if any.
        var digit: Int? {
            guard let b = peek, b >= 0x30, b <= 0x39 else { return nil }
            return Int(b - 0x30)
        }
        mutating func take(_ b: UInt8) -> Bool {
            guard peek == b else { return false }
            i += 1
            return true
        }
        /// Exactly `count` ASCII digits.
        mutating func int(_ count: Int) -> Int? {
            var v = 0
            for _ in 0..<count {
                guard let d = digit else { return nil }
                v = v * 10 + d
                i += 1
            }
            return v
        }
    }
}

/// A zone's UTC offsets by stretch of time: for each stretch of 2^25 s (about 388 days), the
/// offset at its start and every transition inside it, read once from the zone database.
///
/// Resolution asks for offsets a dozen times a parse; asking Foundation's `TimeZone` each time
/// goes through ICU and a lock, and cost more than the rest of resolution together.
final class OffsetTable: Sendable {
    private let source: ZoneSource
    private struct Stretch {
        /// (instant, offset in force from that instant), the first at the stretch's start.
        var changes: [(at: Int, offset: Int)]
    }
    /// Loaded stretches by key - `firstKey` (1900–2200); others by key.
    private let near = Mutex<[Stretch?]>(Array(repeating: nil, count: OffsetTable.nearCount))
    private let far = Mutex<[Int: Stretch]>([:])
    private static let shift = 25
    private static let firstKey = -2_208_988_800 >> shift   // 1900-01-01
    private static let nearCount = (7_258_118_400 >> shift) - firstKey   // to 2200-01-01

    init(_ source: ZoneSource) { self.source = source }

    func offset(at instant: Int) -> Int {
        let key = instant >> OffsetTable.shift
        let slot = key - OffsetTable.firstKey
        let cached = slot >= 0 && slot < OffsetTable.nearCount ? near.withLock { $0[slot] } : far.withLock { $0[key] }
        let stretch = cached ?? load(key)
        var offset = stretch.changes[0].offset
        for c in stretch.changes.dropFirst() {
            guard c.at <= instant else { break }
            offset = c.offset
        }
        return offset
    }

    private func load(_ key: Int) -> Stretch {
        let start = key << OffsetTable.shift
        let end = (key + 1) << OffsetTable.shift
        var changes = [(at: start, offset: source.offset(at: start))]
        var t = start
        while let at = source.nextTransition(after: t), at < end {
            guard at > t else { break }
            let off = source.offset(at: at)
            if off != changes[changes.count - 1].offset { changes.append((at, off)) }
            t = at
        }
        let stretch = Stretch(changes: changes)
        let slot = key - OffsetTable.firstKey
        if slot >= 0 && slot < OffsetTable.nearCount { near.withLock { $0[slot] = stretch } } else { far.withLock { $0[key] = stretch } }
        return stretch
    }
}

/// Where a zone's offsets come from: the system's zone database, or Foundation's bundled one.
enum ZoneSource: Sendable {
    case tzif(TZif)
    case foundation(TimeZone)

    func offset(at t: Int) -> Int {
        switch self {
        case .tzif(let z): return z.offset(at: t)
        case .foundation(let tz): return tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
        }
    }

    func nextTransition(after t: Int) -> Int? {
        switch self {
        case .tzif(let z): return z.nextTransition(after: t)
        case .foundation(let tz):
            guard let next = tz.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(t))) else { return nil }
            return Int(next.timeIntervalSince1970.rounded(.up))
        }
    }
}
