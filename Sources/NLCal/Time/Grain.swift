/// The precision of a time value, from a second to a year (Duckling's "grain").
///
/// "tomorrow" has grain day, "3pm" hour, "3:30pm" minute; evaluation cuts an answer down to
/// its grain before comparing, and the event stage makes day-grain values all-day.
public enum Grain: Int, Comparable, CaseIterable, Sendable {
    case second, minute, hour, day, week, month, quarter, year

    public var name: String {
        switch self {
        case .second: "second"
        case .minute: "minute"
        case .hour: "hour"
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .quarter: "quarter"
        case .year: "year"
        }
    }

    public init?(name: String) {
        guard let g = Grain.allCases.first(where: { $0.name == name }) else { return nil }
        self = g
    }

    /// Accepts unit words as grammars write them ("days", "hrs" are lexicon business; this takes the canonical name).
    public static func < (a: Grain, b: Grain) -> Bool { a.rawValue < b.rawValue }

    /// Fixed length in seconds for grains finer than a day (elapsed-time arithmetic).
    public var fixedSeconds: Int? {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        default: nil
        }
    }
}
