/// A read-only map from non-negative 64-bit keys to ranges, built once: open addressing with a
/// multiplicative hash and linear probing.
///
/// The chart parser looks a (category, word) key up for each item it takes from its queue;
/// `Dictionary<Int64, _>` hashes every key with SipHash (seeded per process), which cost more
/// than the rest of the lookup. Keys here are grammar data, not input, so a fixed hash is safe.
struct RangeTable: Sendable {
    private let keys: [Int64]
    private let lower: [Int32]
    private let upper: [Int32]
    private let shift: UInt64
    private let mask: Int

    private static let empty: Int64 = -1

    init(_ entries: [Int64: Range<Int>]) {
        var bits = 4
        while (1 << bits) < entries.count * 2 + 1 { bits += 1 }
        let capacity = 1 << bits
        var keys = [Int64](repeating: RangeTable.empty, count: capacity)
        var lower = [Int32](repeating: 0, count: capacity)
        var upper = [Int32](repeating: 0, count: capacity)
        shift = UInt64(64 - bits)
        mask = capacity - 1
        for (key, range) in entries {
            precondition(key >= 0, "RangeTable keys are non-negative")
            var i = RangeTable.slot(key, shift)
            while keys[i] != RangeTable.empty { i = (i + 1) & mask }
            keys[i] = key
            lower[i] = Int32(range.lowerBound)
            upper[i] = Int32(range.upperBound)
        }
        self.keys = keys
        self.lower = lower
        self.upper = upper
    }

    @inline(__always) private static func slot(_ key: Int64, _ shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The range stored for a key, or nil.
    @inline(__always) subscript(key: Int64) -> Range<Int>? {
        var i = RangeTable.slot(key, shift)
        while true {
            let k = keys[i]
            if k == key { return Int(lower[i])..<Int(upper[i]) }
            if k == RangeTable.empty { return nil }
            i = (i + 1) & mask
        }
    }
}
