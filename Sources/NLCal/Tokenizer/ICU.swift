import CICU

/// An error raised when ICU, which the tokenizer relies on, cannot do its part.
public struct TokenizerError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What failed, e.g. "cannot open an ICU word break iterator".
    public var operation: String
    /// The locale asked for, when the failure concerns one.
    public var locale: String?
    /// ICU's symbolic error name, e.g. "U_MISSING_RESOURCE_ERROR".
    public var icuError: String

    public var description: String {
        var text = "Tokenizer: \(operation)"
        if let locale { text += " for locale \"\(locale)\"" }
        return text + " (ICU error \(icuError))"
    }
}

/// A Swift owner for one ICU word break iterator; reused for every segment a tokenizer breaks.
final class ICUWordBreaker {
    private let handle: OpaquePointer

    init(locale: String) throws(TokenizerError) {
        var code: Int32 = 0
        let opened = locale.withCString { nlcal_word_breaker_create($0, &code) }
        guard let opened else {
            throw TokenizerError(
                operation: "cannot open an ICU word break iterator", locale: locale,
                icuError: String(cString: nlcal_icu_error_name(code)))
        }
        handle = opened
    }

    deinit { nlcal_word_breaker_destroy(handle) }

    /// Points the iterator at `count` UTF-16 units (copied by the C side). False if ICU refused.
    func setText(_ text: UnsafePointer<UInt16>, count: Int) -> Bool {
        nlcal_word_breaker_set_text(handle, text, Int32(truncatingIfNeeded: count)) == 0
    }

    /// Writes up to `capacity` next boundaries and statuses; returns how many (0 at the end).
    func boundaries(
        offsets: UnsafeMutablePointer<Int32>, statuses: UnsafeMutablePointer<Int32>, capacity: Int
    ) -> Int {
        let n = nlcal_word_breaker_boundaries(handle, offsets, statuses, Int32(capacity))
        return n > 0 ? Int(n) : 0
    }
}

/// NFKC + case folding of UTF-16 `source` into `dest`; returns the full result length (which may
/// exceed `capacity`: retry with a larger buffer), or a negative ICU error.
@inline(__always)
func icuNFKCCasefold(
    _ source: UnsafePointer<UInt16>, count: Int, into dest: UnsafeMutablePointer<UInt16>, capacity: Int
) -> Int {
    Int(nlcal_nfkc_casefold(source, Int32(count), dest, Int32(capacity)))
}
