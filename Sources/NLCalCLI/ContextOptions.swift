import ArgumentParser
import Foundation
import NLCal

/// Options that make the parse context: reference time, zone, locale, grammars, policies.
package struct ContextOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: "Reference time, ISO-8601 (2026-03-11T09:15:00+09:00; without an offset it is read in --tz). Default: now.")
    package var now: String?

    @Option(name: .long, help: "IANA time zone (Asia/Tokyo). Default: the system zone.")
    package var tz: String?

    @Option(name: .long, help: "Locale: en, en-US (3/5 = March 5), en-GB (3/5 = 3 May).")
    package var locale: String = "en"

    @Option(name: .long, help: "A grammar folder whose rules add to or override the shipped ones (repeatable).")
    package var grammars: [String] = []

    @Option(name: .long, help: "First day of the week: monday … sunday.")
    package var weekStart: String = "monday"

    @Option(name: .long, help: "\"next Tue\": first-after-today | following-week.")
    package var nextWeekday: String = Policies.NextWeekday.firstAfterToday.rawValue

    @Option(name: .long, help: "A weekday said on that weekday: today | next-week.")
    package var sameWeekday: String = Policies.SameWeekday.today.rawValue

    @Option(name: .long, help: "Unanchored dates and times: future | past.")
    package var prefer: String = Policies.Preference.future.rawValue

    @Option(name: .long, help: "Numeric dates: locale | month-first | day-first.")
    package var dateOrder: String = Policies.DateOrder.locale.rawValue

    @Option(name: .long, help: "Event length in minutes when the text gives none.")
    package var defaultDuration: Int = 60

    package func zone() throws -> Zone {
        guard let name = tz else { return Zone.system }
        guard let z = Zone(identifier: name) else { throw CLIError("unknown time zone '\(name)' (use an IANA name like Europe/Berlin)") }
        return z
    }

    package func policies() throws -> Policies {
        var p = Policies()
        guard let ws = Policies.weekdayNames.firstIndex(of: weekStart.lowercased()) else {
            throw CLIError("invalid --week-start '\(weekStart)' (monday … sunday)")
        }
        p.weekStart = ws + 1
        p.nextWeekday = try choice(nextWeekday, "--next-weekday")
        p.sameWeekday = try choice(sameWeekday, "--same-weekday")
        p.preference = try choice(prefer, "--prefer")
        p.dateOrder = try choice(dateOrder, "--date-order")
        guard defaultDuration > 0, defaultDuration <= 60 * 24 * 31 else {
            throw CLIError("invalid --default-duration \(defaultDuration) (minutes, 1 to 44640)")
        }
        p.defaultDurationMinutes = defaultDuration
        return p
    }

    private func choice<T: RawRepresentable & CaseIterable>(_ v: String, _ flag: String) throws -> T where T.RawValue == String {
        guard let c = T(rawValue: v) else {
            throw CLIError("invalid \(flag) '\(v)' (one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return c
    }

    /// The context for one parse; `ref`, `tz`, `locale` override the command line (batch lines).
    /// `policies`, when given, are this command line's (batch mode reads them once).
    package func context(ref: String? = nil, tz lineTZ: String? = nil, locale lineLocale: String? = nil,
                         policies known: Policies? = nil) throws -> ParseContext {
        let zone: Zone
        if let lineTZ {
            guard let z = Zone(identifier: lineTZ) else { throw CLIError("unknown time zone '\(lineTZ)'") }
            zone = z
        } else {
            zone = try self.zone()
        }
        let nowText = ref ?? now
        var instant = Int(Date().timeIntervalSince1970)
        if let nowText {
            guard let t = ISOTimestamp.parse(nowText, zone: zone) else {
                throw CLIError("invalid reference time '\(nowText)' (expected ISO-8601 like 2026-03-11T09:15:00+09:00)")
            }
            instant = t
        }
        let loc = lineLocale ?? locale
        guard Self.isLocaleTag(loc) else { throw CLIError("invalid locale '\(loc)' (like en, en-US, en-GB)") }
        return ParseContext(now: instant, zone: zone, locale: loc, policies: try known ?? policies())
    }

    /// A BCP 47-like tag: 2–3 ASCII letters, then subtags of 2–8 ASCII letters or digits,
    /// separated by "-" or "_" ("en", "en-US", "zh_Hant_TW").
    package static func isLocaleTag(_ s: String) -> Bool {
        var index = 0, length = 0
        func subtagOK() -> Bool { index == 0 ? (2...3).contains(length) : (2...8).contains(length) }
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "-"), UInt8(ascii: "_"):
                guard subtagOK() else { return false }
                index += 1
                length = 0
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                length += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9") where index > 0:
                length += 1
            default:
                return false
            }
        }
        return subtagOK()
    }
}

/// Loads and caches one pipeline per grammar language.
package final class PipelineCache {
    package let userGrammars: [String]
    private var pipelines: [String: Pipeline] = [:]

    package init(userGrammars: [String]) { self.userGrammars = userGrammars }

    package func pipeline(for locale: String) throws -> Pipeline {
        let lang = GrammarLocator.language(of: locale)
        if let p = pipelines[lang] { return p }
        var dirs = [try GrammarLocator.shippedDirectory(locale: lang)]
        for g in userGrammars { dirs.append(try GrammarLocator.userDirectory(g, locale: lang)) }
        let grammar = try GrammarLoader.load(directories: dirs, locale: lang)
        // A user's grammar may hold a value that loads but can never be read (a bad holiday
        // value): said now, with its file and line, not found later as a phrase that never matches.
        if !userGrammars.isEmpty, let bad = GrammarChecker.valueErrors(grammar).first {
            throw GrammarError(bad.message, at: bad.location)
        }
        let p = try Pipeline(grammar: grammar)
        pipelines[lang] = p
        return p
    }
}
