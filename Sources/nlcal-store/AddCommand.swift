import ArgumentParser
import Foundation
import NLCal
import NLCalCLI
import NLCalStore

/// Where the store is and which calendar a command works on.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store file (default: $XDG_DATA_HOME/nlcal/nlcal.sqlite, else ~/.local/share/nlcal/nlcal.sqlite).", valueName: "path"))
    var store: String?

    func open() throws -> EventStore {
        let path = store.map { ($0 as NSString).expandingTildeInPath } ?? EventStore.defaultPath()
        return try EventStore(path: path)
    }
}

/// `nlcal add`: parses text (or takes an event as JSON), settles its chips, checks conflicts
/// against the calendar, and saves it.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Parse text into an event and save it in a calendar.",
        discussion: """
        Unclear parts of the text come with chips (choices). On a terminal nlcal asks for each; \
        --yes takes the pre-selected choices; --choose CHIP picks one by id. Without a terminal \
        and without --yes, add lists the chips and exits with status 4, saving nothing.
        An event that overlaps another in the same calendar gets a 'conflict' chip: keep it, or \
        move it to the next free slot (same length, weekdays 09:00–18:00).
        With --json, stdin holds a ParseResult (nlcal parse) or a bare event object \
        (nlcal parse --format event). Prints the saved event as JSON (a one-line summary on a terminal).
        """
    )

    @OptionGroup var options: ContextOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "The calendar to save in (created if missing).")
    var calendar: String = EventStore.defaultCalendar

    @Flag(name: .long, help: "Read a ParseResult or an event object as JSON on stdin instead of text.")
    var json = false

    @Flag(name: [.short, .long], help: "Take the pre-selected chips without asking.")
    var yes = false

    @Option(name: .long, help: ArgumentHelp("Pick a chip by id (repeatable), e.g. conflict/next-free.", valueName: "chip"))
    var choose: [String] = []

    @Flag(name: .long, help: "Settle and check, print the event, but do not save it.")
    var dryRun = false

    @Option(name: .long, help: ArgumentHelp("Also PUT the event to this CalDAV calendar collection (credentials: NLCAL_CALDAV_USER/NLCAL_CALDAV_PASSWORD or ~/.config/nlcal/netrc).", valueName: "url"))
    var caldav: String?

    @Argument(help: "The text (default: stdin).")
    var text: [String] = []

    func run() throws {
        do {
            let store = try storeOptions.open()
            let context = try options.context()
            let uid = EventStore.newUID()
            var draft: Draft
            if json {
                guard text.isEmpty else { throw CLIError("--json reads stdin; do not pass text arguments") }
                draft = try Draft(json: try readAll(), zone: context.zone, calendar: calendar, uid: uid)
            } else {
                let input = try readText(text)
                let cache = PipelineCache(userGrammars: options.grammars)
                let pipeline = try cache.pipeline(for: context.locale)
                let existing = try store.events(calendar: calendar)
                pipeline.insert(ConflictStage(events: existing), after: "validation")
                let result = try pipeline.parse(input, context: context)
                draft = Draft(result: result, calendar: calendar, uid: uid)
            }
            var settler = Settler(yes: yes, choose: choose)
            let event = try settler.settleAndCheck(&draft, store: store, ignoringUID: nil)
            try settler.checkAllChosenUsed()
            if dryRun {
                printEvent(event, verb: "Would save")
                return
            }
            try store.write { tx in
                if try tx.exists(uid: event.uid) { throw CLIError("an event with uid \(event.uid) already exists (use nlcal edit, or nlcal import to update)") }
                try tx.insert(event)
            }
            if let caldav {
                do {
                    try CalDAVClient(collection: caldav).put(event, stamp: Int(Date().timeIntervalSince1970), isNew: true)
                } catch {
                    throw CLIError("saved in the store as \(event.uid), but the CalDAV PUT failed: \(error)")
                }
            }
            printEvent(event, verb: "Saved")
        } catch let e as ExitCode {
            throw e
        } catch {
            fail(error)
        }
    }
}

/// Prints an event: JSON on stdout, or a one-line summary when stdout is a terminal.
func printEvent(_ event: CalendarEvent, verb: String) {
    if isatty(STDOUT_FILENO) == 1 {
        print("\(verb) '\(event.title)' — \(AgendaFormat.when(event.start, event.end, allDay: event.allDay, zone: event.zone)) in \(event.calendar) (uid \(event.uid))")
    } else {
        print(event.json().serialized())
    }
}

func readAll() throws -> String {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    guard let s = String(validating: [UInt8](data), as: UTF8.self) else { throw CLIError("stdin is not valid UTF-8") }
    return s
}

func readText(_ args: [String]) throws -> String {
    var s = args.isEmpty ? try readAll() : args.joined(separator: " ")
    if s.hasSuffix("\n") { s.removeLast() }
    guard !s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw CLIError("empty text: give the event's text as arguments or on stdin")
    }
    return s
}

/// An event on its way to the store: its JSON (null before a time is chosen), the chips still
/// open, and what it came from.
struct Draft {
    var event: JSON
    var ambiguities: [(id: String, message: String, chips: [(id: String, label: String, patch: JSON)])]
    var warnings: [String]
    var zone: Zone
    var calendar: String
    var uid: String
    var text: String?

    init(result: ParseResult, calendar: String, uid: String) {
        var ev = result.eventJSON()
        if ev == .null {
            // No time yet: keep what the text said, so a chip's patch can complete it.
            let d = result.state.event
            ev = .object([("title", .string(d.title)), ("location", d.location.map { .string($0) } ?? .null),
                          ("attendees", .array(d.attendees.map { a in
                              .object((a.name.map { [("name", JSON.string($0))] } ?? []) + (a.email.map { [("email", JSON.string($0))] } ?? []))
                          })),
                          ("timeZone", .string(result.context.zone.identifier))])
        }
        event = ev
        ambiguities = result.state.ambiguities.map { a in
            (a.id, a.message, a.chips.map { ($0.id, $0.label, JSON.object($0.patch)) })
        }
        warnings = result.state.warnings.map(\.message)
        zone = result.context.zone
        self.calendar = calendar
        self.uid = uid
        text = result.state.text
    }

    init(json text: String, zone defaultZone: Zone, calendar: String, uid: String) throws {
        let root: JSON
        do { root = try JSON.parse(text) } catch { throw CLIError("stdin is not JSON: \(error)") }
        guard case .object = root else { throw CLIError("stdin must hold a JSON object (a ParseResult or an event)") }
        self.calendar = calendar
        self.uid = uid
        zone = defaultZone
        ambiguities = []
        warnings = []
        if let ev = root["event"] {
            // A ParseResult.
            event = ev
            self.text = root["text"]?.stringValue
            if let tz = root["context"]?["timeZone"]?.stringValue, let z = Zone(identifier: tz) { zone = z }
            if case .array(let items)? = root["ambiguities"] {
                ambiguities = items.map { a in
                    let chips: [(id: String, label: String, patch: JSON)]
                    if case .array(let cs)? = a["chips"] {
                        chips = cs.map { ($0["id"]?.stringValue ?? "", $0["label"]?.stringValue ?? "", $0["patch"] ?? .object([])) }
                    } else { chips = [] }
                    return (a["id"]?.stringValue ?? "?", a["message"]?.stringValue ?? "", chips)
                }
            }
            if case .array(let ws)? = root["warnings"] { warnings = ws.compactMap { $0["message"]?.stringValue } }
            if event == .null { event = .object([("title", .string("")), ("timeZone", .string(zone.identifier))]) }
        } else {
            event = root
            self.text = root["text"]?.stringValue
        }
        if let u = root["uid"]?.stringValue ?? event["uid"]?.stringValue, !u.isEmpty { self.uid = u }
    }

    func calendarEvent() throws -> CalendarEvent {
        guard event["start"]?.stringValue != nil else {
            throw CLIError("no date or time found: say when (\"… tomorrow 9am\") or pick a chip")
        }
        var ev = try CalendarEvent(json: event, defaultZone: zone, uid: uid, calendar: calendar)
        ev.uid = uid
        ev.calendar = calendar
        if ev.sourceText == nil { ev.sourceText = text }
        return ev
    }

    /// Merges a chip's partial event object into the event.
    mutating func apply(_ patch: JSON) {
        guard case .object(let members) = patch, case .object(var current) = event else { return }
        for (k, v) in members {
            if let i = current.firstIndex(where: { $0.0 == k }) { current[i].1 = v } else { current.append((k, v)) }
        }
        event = .object(current)
    }
}

/// Settles chips: by --choose, by --yes (the pre-selected ones), or by asking on the terminal.
///
/// `Draft.apply` merges a chip's patch into the event object, as `ChipResolver` does for a
/// whole ParseResult (every time chip carries both start and end, so the results agree). The
/// draft also settles chips added after the parse (a store conflict), which `ChipResolver`,
/// working on parse results, does not see; moving both onto one type is a follow-up.
struct Settler {
    var yes: Bool
    var choose: [String]
    var used: Set<String> = []

    init(yes: Bool, choose: [String]) {
        self.yes = yes
        self.choose = choose
    }

    /// Settles the draft's chips, then checks the result against the calendar and settles a
    /// conflict the chips caused (or one the parse already found).
    mutating func settleAndCheck(_ draft: inout Draft, store: EventStore, ignoringUID: String?) throws -> CalendarEvent {
        for w in draft.warnings { FileHandle.standardError.write(Data("nlcal: warning: \(w)\n".utf8)) }
        let before = (draft.event["start"], draft.event["end"])
        let hadConflict = draft.ambiguities.contains { $0.id == "conflict" }
        try settle(&draft)
        var event = try draft.calendarEvent()
        // Re-check when a chip moved the event, or when the parse did not run the conflict stage (--json, edit).
        if !hadConflict || before != (draft.event["start"], draft.event["end"]) {
            let others = try store.events(calendar: draft.calendar)
            var state = ParseState(text: draft.text ?? "")
            state.event.start = event.start
            state.event.end = event.end
            state.event.allDay = event.allDay
            state.event.title = event.title
            try ConflictStage(events: others, ignoringUID: ignoringUID ?? event.uid).run(&state, context: ParseContext(now: event.start, zone: event.zone))
            if let a = state.ambiguities.first(where: { $0.id == "conflict" }), !used.contains("conflict/keep") {
                for w in state.warnings { FileHandle.standardError.write(Data("nlcal: warning: \(w.message)\n".utf8)) }
                draft.ambiguities = [(a.id, a.message, a.chips.map { ($0.id, $0.label, JSON.object($0.patch)) })]
                try settle(&draft)
                event = try draft.calendarEvent()
            }
        }
        return event
    }

    mutating func settle(_ draft: inout Draft) throws {
        let open = draft.ambiguities.filter { !$0.chips.isEmpty }
        var unsettled: [(id: String, message: String, chips: [(id: String, label: String, patch: JSON)])] = []
        for a in open {
            if let c = a.chips.first(where: { choose.contains($0.id) }) {
                used.insert(c.id)
                draft.apply(c.patch)
                continue
            }
            unsettled.append(a)
        }
        draft.ambiguities = []
        guard !unsettled.isEmpty else { return }
        if yes { return }  // the event already holds the pre-selected chips
        guard let tty = Terminal.open() else {
            var msg = "this needs a choice (run on a terminal, pass --yes for the pre-selected chips, or --choose CHIP):\n"
            for a in unsettled {
                msg += "  \(a.id): \(a.message)\n"
                for (i, c) in a.chips.enumerated() { msg += "    \(c.id)\(i == 0 ? " (pre-selected)" : "")  \(c.label)\n" }
            }
            FileHandle.standardError.write(Data("nlcal: \(msg)".utf8))
            throw ExitCode(4)
        }
        for a in unsettled {
            let pick = try tty.ask(a.message, options: a.chips.map(\.label))
            let chip = a.chips[pick]
            used.insert(chip.id)
            if a.id == "no-time" && chip.patch == .object([]) {
                throw CLIError("no time chosen: add a date or time to the text")
            }
            draft.apply(chip.patch)
        }
    }

    func checkAllChosenUsed() throws {
        let unknown = choose.filter { !used.contains($0) }
        if !unknown.isEmpty {
            FileHandle.standardError.write(Data("nlcal: warning: no such chip for this event: \(unknown.joined(separator: ", "))\n".utf8))
        }
    }
}

/// The controlling terminal, for questions when stdin carries data.
final class Terminal {
    let handle: FileHandle

    /// The terminal, when there is one and a person is likely at it (stdin or stderr is a TTY).
    static func open() -> Terminal? {
        guard isatty(STDIN_FILENO) == 1 || isatty(STDERR_FILENO) == 1 else { return nil }
        let fd = Glibc.open("/dev/tty", O_RDWR)
        guard fd >= 0 else { return nil }
        return Terminal(handle: FileHandle(fileDescriptor: fd, closeOnDealloc: true))
    }

    init(handle: FileHandle) { self.handle = handle }

    /// Shows numbered options (1 is pre-selected: Enter takes it) and reads a number.
    func ask(_ question: String, options: [String]) throws -> Int {
        var prompt = "\(question)\n"
        for (i, o) in options.enumerated() { prompt += "  \(i + 1)) \(o)\(i == 0 ? "  [default]" : "")\n" }
        for _ in 0..<5 {
            handle.write(Data((prompt + "Choose 1-\(options.count): ").utf8))
            guard let line = readLine() else { throw CLIError("no answer on the terminal") }
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { return 0 }
            if let n = Int(t), (1...options.count).contains(n) { return n - 1 }
            handle.write(Data("Please type a number from 1 to \(options.count).\n".utf8))
        }
        throw CLIError("no valid answer on the terminal")
    }

    func readLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            let d = handle.readData(ofLength: 1)
            guard let b = d.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if b == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(b)
        }
    }
}
