/// A stable 128-bit hash of a parse's input (text and context) for ids that must not change
/// between runs: the iCalendar UID and the tool-call id.
///
/// Two FNV-1a 64 passes with different offset bases; not cryptographic, only stable.
enum StableHash {
    static func hex(_ parts: [String]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x6c62_272e_07bb_0142
        for (i, part) in parts.enumerated() {
            if i > 0 { mix(&a, &b, 0x1F) }  // unit separator: ("ab","c") ≠ ("a","bc")
            for byte in part.utf8 { mix(&a, &b, byte) }
        }
        return hex16(a) + hex16(b)
    }

    private static func mix(_ a: inout UInt64, _ b: inout UInt64, _ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        b = (b ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
    }

    private static func hex16(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// The hash of a result's text and full context.
    static func of(_ result: ParseResult) -> String {
        let c = result.context
        return hex([result.state.text, String(c.now), c.zone.identifier, c.locale,
                    JSON.object(c.policies.jsonObject).serialized()])
    }
}
