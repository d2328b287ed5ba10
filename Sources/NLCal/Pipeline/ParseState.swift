/// The value every stage takes and returns: tokens, the spans found so far, the event draft,
/// ambiguities and the trace.
public struct ParseState {
    public var text: String
    /// Where each Unicode scalar starts in the text's UTF-8, plus the end: spans count scalars,
    /// and slicing copies bytes. Empty for ASCII text, where scalar i is byte i (most input:
    /// no table to build).
    private var utf8Offsets: [Int32]
    /// The text's length in Unicode scalars (the unit of every range).
    public private(set) var scalarCount: Int
    public var tokens: [Token] = []
    public var atoms: [Atom] = []
    /// Each atom's number in `atomWordsVocabulary` (-1 for a word the grammar does not use), set
    /// with the atoms by the tokenize stage: later stages compare these numbers instead of
    /// looking strings up again (see `words(in:)`).
    var atomWords: [Int32] = []
    var atomWordsVocabulary: Vocabulary?
    public var chart: ChartParser.Chart?
    /// What each stage claimed, with offsets into the text (the title is what nobody claimed).
    public var spans: [FieldSpan] = [] {
        // A new index for each change (never shared with a copy made before it): only texts
        // with many spans get one.
        didSet { claims = spans.count >= ClaimIndex.threshold ? ClaimIndex() : nil }
    }
    /// The spans' ranges sorted and merged, built at the first `isClaimed` after they change.
    private var claims: ClaimIndex?
    /// The time expression chosen for the event, and its resolution.
    public var timeExpression: TimeExpr?
    public var resolution: Resolution?
    /// The text tells of its time as past ("Missed the 8:12 this morning"): no event, though
    /// `resolution` holds the time (see PastRemarks.swift).
    public var toldAsPast = false
    /// Where a reply's quoted part or a signature begins (a scalar offset into the text): no
    /// stage takes anything from there on (`DateTimeStage.quotedStart`).
    public var bodyEnd: Int?
    /// Event length from a duration phrase ("for 2 hours").
    public var duration: Duration?
    public var recurrence: Recurrence?
    public var event = EventDraft()
    public var ambiguities: [Ambiguity] = []
    public var warnings: [Warning] = []
    /// Decisions and timings for `--verbose` and `--explain`.
    public var trace: [TraceEntry] = []

    public init(text: String) {
        self.text = text
        // Read in place when the string is contiguous (native strings are), byte by byte else.
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            var any: UInt8 = 0
            for b in bytes { any |= b }
            return any < 0x80
        } ?? text.utf8.allSatisfy { $0 < 0x80 }
        if ascii {
            utf8Offsets = []
            scalarCount = text.utf8.count
            return
        }
        var offsets: [Int32] = []
        offsets.reserveCapacity(text.utf8.count + 1)
        var i: Int32 = 0
        for byte in text.utf8 {
            // A scalar starts at every byte that is not a UTF-8 continuation byte.
            if byte & 0xC0 != 0x80 { offsets.append(i) }
            i += 1
        }
        offsets.append(i)
        self.utf8Offsets = offsets
        self.scalarCount = offsets.count - 1
    }

    /// Each atom's number in a vocabulary: the ones the tokenize stage stored when they are for
    /// this vocabulary and these atoms, else looked up now.
    func words(in vocabulary: Vocabulary) -> [Int32] {
        if atomWordsVocabulary === vocabulary && atomWords.count == atoms.count { return atomWords }
        return vocabulary.ids(of: atoms)
    }

    /// The original text of a scalar range.
    public func slice(_ r: Range<Int>) -> String {
        let lo = max(0, min(r.lowerBound, scalarCount)), hi = max(lo, min(scalarCount, r.upperBound))
        let utf8 = text.utf8
        let ascii = utf8Offsets.isEmpty
        let a = utf8.index(utf8.startIndex, offsetBy: ascii ? lo : Int(utf8Offsets[lo]))
        let b = utf8.index(utf8.startIndex, offsetBy: ascii ? hi : Int(utf8Offsets[hi]))
        return String(text[a..<b])
    }

    /// Whether a scalar range overlaps something already claimed. (The location and attendee
    /// stages ask for every token: a long text with thousands of spans is searched by halving.)
    public func isClaimed(_ r: Range<Int>) -> Bool {
        guard let claims else { return spans.contains { $0.range.overlaps(r) } }
        guard !r.isEmpty else { return false }
        let merged = claims.merged(spans)
        var lo = 0, hi = merged.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if merged[mid].upperBound <= r.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        return lo < merged.count && merged[lo].lowerBound < r.upperBound
    }
}

/// The claimed ranges of a parse state's spans, sorted and merged once.
final class ClaimIndex: @unchecked Sendable {
    static let threshold = 32
    private var ranges: [Range<Int>]?

    func merged(_ spans: [FieldSpan]) -> [Range<Int>] {
        if let ranges { return ranges }
        var out: [Range<Int>] = []
        for r in spans.map(\.range).filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        ranges = out
        return out
    }
}

/// A part of the text that produced a field.
public struct FieldSpan: Sendable, Equatable {
    public var field: String
    public var range: Range<Int>
    public var text: String
    public var rules: [String]
}

/// The event being built: the CalendarEvent of the seeds plus allDay, zone, attendees, recurrence.
public struct EventDraft: Sendable, Equatable {
    public var title = ""
    public var start: Int?
    public var end: Int?
    public var allDay = false
    public var location: String?
    public var attendees: [Attendee] = []
    public var notes: String?
    public var recurrence: String?
}

public struct Attendee: Sendable, Equatable {
    public var name: String?
    public var email: String?
    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }

    /// `{"name"?, "email"?}` as in the event JSON.
    public var json: JSON {
        var o: [(String, JSON)] = []
        if let name { o.append(("name", .string(name))) }
        if let email { o.append(("email", .string(email))) }
        return .object(o)
    }
}

/// Something unclear in the text, with the choices ("chips") the user can pick from.
/// The event already holds the pre-selected choice.
public struct Ambiguity: Sendable, Equatable {
    public var id: String
    public var field: String
    public var message: String
    public var chips: [Chip]
}

public struct Chip: Sendable, Equatable {
    public var id: String
    public var label: String
    /// A partial event object; applying the chip merges it into the event.
    public var patch: [(String, JSON)]

    public static func == (a: Chip, b: Chip) -> Bool {
        a.id == b.id && a.label == b.label && JSON.object(a.patch) == JSON.object(b.patch)
    }
}

public struct Warning: Sendable, Equatable {
    public var code: String
    public var message: String
}

/// One line of the parse's own log: which stage decided what, and how long it took.
public struct TraceEntry: Sendable {
    public var stage: String
    public var microseconds: Double?
    private var text: String?
    /// Builds the message when it is read: describing a value is costly, and a trace is read
    /// only by `--explain` and `--verbose`.
    private var describe: (@Sendable () -> String)?

    public var message: String {
        get { text ?? describe?() ?? "" }
        set { text = newValue; describe = nil }
    }

    public init(stage: String, message: String, microseconds: Double? = nil) {
        self.stage = stage
        self.text = message
        self.microseconds = microseconds
    }

    public init(stage: String, describe: @escaping @Sendable () -> String) {
        self.stage = stage
        self.describe = describe
    }
}
