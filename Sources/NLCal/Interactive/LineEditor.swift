/// A one-line text buffer with a cursor and the usual shell editing keys.
///
/// The cursor counts characters (grapheme clusters), from 0 (before the first) to
/// `characters.count` (after the last).
public struct LineEditor: Equatable, Sendable {
    public private(set) var characters: [Character]
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }
    public var isEmpty: Bool { characters.isEmpty }

    /// What an editing key does, or nil when the key is not an editing key.
    /// Returns whether the text changed (cursor moves alone return false).
    public mutating func apply(_ key: Key) -> Bool? {
        switch key {
        case .char(let c): insert(c); return true
        case .paste(let text):
            for c in text { insert(c) }
            return !text.isEmpty
        case .left, .ctrl("b"): cursor = max(0, cursor - 1); return false
        case .right, .ctrl("f"): cursor = min(characters.count, cursor + 1); return false
        case .home, .ctrl("a"): cursor = 0; return false
        case .end, .ctrl("e"): cursor = characters.count; return false
        case .backspace, .ctrl("h"):
            guard cursor > 0 else { return false }
            characters.remove(at: cursor - 1)
            cursor -= 1
            return true
        case .delete, .ctrl("d"):
            guard cursor < characters.count else { return false }
            characters.remove(at: cursor)
            return true
        case .ctrl("u"):
            guard cursor > 0 else { return false }
            characters.removeSubrange(0..<cursor)
            cursor = 0
            return true
        case .ctrl("k"):
            guard cursor < characters.count else { return false }
            characters.removeSubrange(cursor...)
            return true
        case .ctrl("w"):
            return deleteWordBackward()
        case .alt("b"):
            cursor = wordStart(before: cursor); return false
        case .alt("f"):
            var i = cursor
            while i < characters.count, characters[i].isWhitespace { i += 1 }
            while i < characters.count, !characters[i].isWhitespace { i += 1 }
            cursor = i
            return false
        default:
            return nil
        }
    }

    public mutating func insert(_ c: Character) {
        characters.insert(c, at: cursor)
        cursor += 1
    }

    public mutating func setText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// Ctrl-W: deletes the word before the cursor and the spaces between it and the cursor.
    public mutating func deleteWordBackward() -> Bool {
        let start = wordStart(before: cursor)
        guard start < cursor else { return false }
        characters.removeSubrange(start..<cursor)
        cursor = start
        return true
    }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, characters[i - 1].isWhitespace { i -= 1 }
        while i > 0, !characters[i - 1].isWhitespace { i -= 1 }
        return i
    }
}
