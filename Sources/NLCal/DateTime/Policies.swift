/// The choices other parsers hide, made explicit and echoed in every result's `context`.
public struct Policies: Sendable, Hashable {
    /// What "next Tuesday" means.
    public enum NextWeekday: String, Sendable, CaseIterable {
        /// The first Tuesday strictly after today (said on Monday: tomorrow's week's Tuesday, in 1 day).
        case firstAfterToday = "first-after-today"
        /// The Tuesday of next calendar week.
        case followingWeek = "following-week"
    }
    /// What a bare weekday said on that same weekday means ("Friday" on a Friday).
    public enum SameWeekday: String, Sendable, CaseIterable {
        case today
        case nextWeek = "next-week"
    }
    /// Which occurrence of an unanchored date or time to pick.
    public enum Preference: String, Sendable, CaseIterable {
        case future
        case past
    }
    /// How to read "3/5".
    public enum DateOrder: String, Sendable, CaseIterable {
        /// From the locale: en-US month first; en-GB, en-AU, … day first; plain "en": the nearest
        /// future reading, flagged as ambiguous when both are valid.
        case locale
        case monthFirst = "month-first"
        case dayFirst = "day-first"
    }

    /// ISO weekday that starts a week (1 = Monday).
    public var weekStart = 1
    public var nextWeekday = NextWeekday.firstAfterToday
    public var sameWeekday = SameWeekday.today
    public var preference = Preference.future
    public var dateOrder = DateOrder.locale
    /// Event length when the text gives none, in minutes.
    public var defaultDurationMinutes = 60

    public init() {}

    /// Policies as they appear in a result's `context.policies`.
    /// (`ResultWriter` writes the same members directly: keep both in step.)
    public var jsonObject: [(String, JSON)] {
        [
            ("weekStart", .string(Policies.weekdayNames[weekStart - 1])),
            ("nextWeekday", .string(nextWeekday.rawValue)),
            ("sameWeekday", .string(sameWeekday.rawValue)),
            ("preference", .string(preference.rawValue)),
            ("dateOrder", .string(dateOrder.rawValue)),
            ("defaultDurationMinutes", .int(defaultDurationMinutes)),
        ]
    }

    public static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}
