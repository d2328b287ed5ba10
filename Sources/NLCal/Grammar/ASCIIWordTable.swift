import Foundation

/// The ASCII words of a vocabulary, found by their bytes: an open-addressing table with a
/// cheap multiplicative hash, where `Dictionary<String, _>` hashes with SipHash and compares
/// with Unicode rules.
///
/// Byte equality is string equality only when no word of the table stands for something else
/// under canonical equivalence. An ASCII string is its own canonical form, so a word typed in
/// ASCII can only equal an ASCII key byte for byte, or a non-ASCII key whose decomposition is
/// ASCII (the Kelvin sign is "K", U+037E is ";"). `init` returns nil when the vocabulary has
/// such a key, and `Vocabulary` then keeps to its dictionary.
struct ASCIIWordTable: Sendable {
    private let bytes: [UInt8]
    /// Per slot: where the key's bytes start in `bytes` (-1: empty), their count, and its id.
    private let starts: [Int32]
    private let lengths: [Int32]
    private let values: [Int32]
    private let mask: Int

    init?(_ ids: [String: Int32]) {
        var asciiKeys: [(String, Int32)] = []
        for (key, id) in ids {
            if key.utf8.allSatisfy({ $0 < 0x80 }) {
                asciiKeys.append((key, id))
            } else if key.decomposedStringWithCanonicalMapping.utf8.allSatisfy({ $0 < 0x80 }) {
                return nil
            }
        }
        var capacity = 16
        while capacity < asciiKeys.count * 2 { capacity *= 2 }
        mask = capacity - 1
        var bytes: [UInt8] = []
        var starts = [Int32](repeating: -1, count: capacity)
        var lengths = [Int32](repeating: 0, count: capacity)
        var values = [Int32](repeating: -1, count: capacity)
        for (key, id) in asciiKeys {
            let utf8 = Array(key.utf8)
            var slot = utf8.withUnsafeBufferPointer { ASCIIWordTable.hash($0) } & mask
            while starts[slot] >= 0 { slot = (slot + 1) & mask }
            starts[slot] = Int32(bytes.count)
            lengths[slot] = Int32(utf8.count)
            values[slot] = id
            bytes += utf8
        }
        self.bytes = bytes
        self.starts = starts
        self.lengths = lengths
        self.values = values
    }

    @inline(__always) private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in word { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// The id of an ASCII word; -1 when it is not in the table; nil when `word` is not ASCII
    /// (the caller asks its dictionary).
    func id(_ word: UnsafeBufferPointer<UInt8>) -> Int32? {
        var any: UInt8 = 0
        for b in word { any |= b }
        guard any < 0x80, !word.isEmpty else { return nil }
        var slot = ASCIIWordTable.hash(word) & mask
        return bytes.withUnsafeBufferPointer { stored in
            while true {
                let start = Int(starts[slot])
                if start < 0 { return -1 }
                if Int(lengths[slot]) == word.count
                    && memcmp(stored.baseAddress! + start, word.baseAddress!, word.count) == 0 {
                    return values[slot]
                }
                slot = (slot + 1) & mask
            }
        }
    }
}
