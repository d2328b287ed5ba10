/// Trimming by Unicode scalar class, without Foundation's `CharacterSet` (which bridges through
/// NSString and cost more than the rest of the title stage on the keystroke path).
extension String {
    /// The text without leading and trailing scalars for which `trim` holds.
    func trimmingScalars(where trim: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trim($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trim($0) })!
        return String(scalars[first...last])
    }

    /// Without horizontal whitespace at either end (Unicode `Zs` and tab, like `CharacterSet.whitespaces`).
    var trimmingHorizontalSpace: String { trimmingScalars(where: \.isHorizontalSpace) }
}

extension Unicode.Scalar {
    /// Space separators (`Zs`) and the tab.
    var isHorizontalSpace: Bool {
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        return properties.generalCategory == .spaceSeparator
    }

    /// Any Unicode punctuation (`P*`), like `CharacterSet.punctuationCharacters`.
    var isPunctuation: Bool {
        switch properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }
}
