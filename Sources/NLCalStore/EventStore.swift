import Foundation
import GRDB
import NLCal

/// The event store: one SQLite file (through GRDB) holding several calendars and their events.
///
/// - Location: `$XDG_DATA_HOME/nlcal/nlcal.sqlite`, default `~/.local/share/nlcal/nlcal.sqlite`
///   (`defaultPath`); the CLI's `--store PATH` overrides it.
/// - Schema: created and upgraded by a `DatabaseMigrator` (migration `v1` onward); the
///   schema version is also in `PRAGMA user_version` and the file is marked with
///   `PRAGMA application_id` so another program's database is recognised and left alone.
/// - Safety: WAL mode and a busy timeout, so several `nlcal` processes can write at once;
///   every write runs in a transaction (`write`), so a failed import leaves the store as it
///   was. A file that is not SQLite, is corrupt, belongs to another program, or was written
///   by a newer nlcal (a migration or `user_version` this build does not know) is refused
///   with a `StoreError` — never reset or overwritten.
/// - UIDs: a new event gets a random UUID (lowercase) when it is first saved; the UID never
///   changes after that (`nlcal edit` keeps it), and imported events keep the UID of their
///   file, so importing the same file twice updates instead of duplicating.
public final class EventStore {
    public let path: String
    let pool: DatabasePool

    /// The schema version this build writes (`PRAGMA user_version`).
    public static let schemaVersion = 1
    /// `PRAGMA application_id`: "nlca" in ASCII.
    public static let applicationID: Int32 = 0x6E6C_6361
    public static let defaultCalendar = "Personal"

    /// `$XDG_DATA_HOME/nlcal/nlcal.sqlite`, else `~/.local/share/nlcal/nlcal.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/nlcal/nlcal.sqlite"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/nlcal/nlcal.sqlite"
    }

    /// Opens (creating if needed) the store at `path` and brings its schema up to date.
    public init(path: String) throws {
        self.path = path
        let fm = FileManager.default
        if fm.fileExists(atPath: path) {
            try Self.checkHeader(path)
        } else {
            let dir = (path as NSString).deletingLastPathComponent
            if !dir.isEmpty {
                do { try fm.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                    throw StoreError(path: path, "cannot create the folder \(dir): \(error.localizedDescription)")
                }
            }
        }
        var config = Configuration()
        config.busyMode = .timeout(15)
        config.foreignKeysEnabled = true
        config.label = "nlcal"
        // Opening switches a new file to WAL, which SQLite refuses at once (no busy wait) while
        // another process is doing the same: a few tries, as `migrate` makes on a lost race.
        var attempt = 0
        var opened: DatabasePool?
        while opened == nil {
            attempt += 1
            do {
                opened = try DatabasePool(path: path, configuration: config)
            } catch {
                guard attempt < 8, let d = error as? DatabaseError, [.SQLITE_BUSY, .SQLITE_LOCKED].contains(d.resultCode) else {
                    throw Self.translate(error, path: path)
                }
                usleep(UInt32(50_000 * attempt))
            }
        }
        pool = opened!
        try migrate()
    }

    /// The migrations, in order. Never edit a shipped migration: add a new one.
    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE calendar (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
                    createdAt INTEGER NOT NULL
                );
                CREATE TABLE event (
                    uid TEXT PRIMARY KEY NOT NULL CHECK (length(uid) > 0),
                    calendarId INTEGER NOT NULL REFERENCES calendar(id) ON DELETE CASCADE,
                    title TEXT NOT NULL,
                    start INTEGER NOT NULL,
                    "end" INTEGER NOT NULL CHECK ("end" >= start),
                    allDay BOOLEAN NOT NULL,
                    timeZone TEXT NOT NULL,
                    location TEXT,
                    notes TEXT,
                    recurrence TEXT,
                    attendees TEXT NOT NULL DEFAULT '[]',
                    sourceText TEXT,
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    sequence INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX event_calendar_start ON event(calendarId, start);
                """)
            try db.execute(sql: "INSERT INTO calendar (name, createdAt) VALUES (?, ?)",
                           arguments: [EventStore.defaultCalendar, Int(Date().timeIntervalSince1970)])
            try db.execute(sql: "PRAGMA application_id = \(EventStore.applicationID)")
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        return m
    }

    func migrate() throws {
        let migrator = Self.migrator
        // Another process may be creating the same store: retry a few times on a lost race.
        var attempt = 0
        while true {
            attempt += 1
            do {
                try pool.read { db in try self.checkVersion(db, migrator: migrator) }
                if try pool.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
                try migrator.migrate(pool)
                return
            } catch let e as StoreError {
                throw e
            } catch {
                if attempt >= 6 { throw Self.translate(error, path: path) }
                if let d = error as? DatabaseError, [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(d.resultCode) {
                    throw Self.translate(error, path: path)
                }
                usleep(UInt32(50_000 * attempt))
            }
        }
    }

    func checkVersion(_ db: Database, migrator: DatabaseMigrator) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let appID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        if appID != 0 && appID != Self.applicationID {
            throw StoreError(path: path, "is an SQLite database of another program (application_id \(appID)), not an nlcal store; it was left untouched")
        }
        if appID == 0 && !tables.isEmpty && !tables.contains("grdb_migrations") {
            throw StoreError(path: path, "is an SQLite database with other tables (\(tables.prefix(3).joined(separator: ", "))), not an nlcal store; it was left untouched")
        }
        let superseded = tables.contains("grdb_migrations") ? try migrator.hasBeenSuperseded(db) : false
        if version > Self.schemaVersion || superseded {
            let applied = tables.contains("grdb_migrations") ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
            let unknown = applied.filter { !migrator.migrations.contains($0) }
            throw StoreError(path: path, "was written by a newer nlcal (schema version \(version)\(unknown.isEmpty ? "" : ", migrations \(unknown.joined(separator: ", "))"); this nlcal knows version \(Self.schemaVersion)); upgrade nlcal — the store was left untouched")
        }
    }

    /// Refuses a file that does not start with the SQLite header, before SQLite touches it.
    static func checkHeader(_ path: String) throws {
        guard let h = FileHandle(forReadingAtPath: path) else { throw StoreError(path: path, "cannot be read (permissions?)") }
        defer { try? h.close() }
        let head = h.readData(ofLength: 16)
        if head.isEmpty { return }  // an empty file becomes a new store
        if head != Data("SQLite format 3\u{0}".utf8) {
            throw StoreError(path: path, "is not an nlcal store (not an SQLite database: the file may be corrupt); it was left untouched — move it away or pass --store PATH")
        }
    }

    static func translate(_ error: Error, path: String) -> Error {
        if let e = error as? StoreError { return e }
        if let d = error as? DatabaseError {
            switch d.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return StoreError(path: path, "is corrupt (\(d.message ?? "\(d.resultCode)")); it was left untouched — restore a backup or move it away")
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return StoreError(path: path, "is busy: another process held it for too long (\(d.message ?? "locked"))")
            case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM:
                return StoreError(path: path, "cannot be opened for writing (\(d.message ?? "\(d.resultCode)"))")
            default:
                return StoreError(path: path, "database error: \(d.message ?? "\(d.resultCode)")")
            }
        }
        return error
    }

    // MARK: - Reading

    /// Each calendar with its number of events, by name.
    public func calendars() throws -> [(name: String, count: Int)] {
        try run {
            try pool.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT c.name, COUNT(e.uid) AS n FROM calendar c LEFT JOIN event e ON e.calendarId = c.id
                    GROUP BY c.id ORDER BY c.name COLLATE NOCASE
                    """).map { (name: $0["name"] as String, count: $0["n"] as Int) }
            }
        }
    }

    public func event(uid: String) throws -> CalendarEvent? {
        try run { try pool.read { db in try Self.fetchEvents(db, where: "e.uid = ?", [uid]).first } }
    }

    /// Events of one calendar (or all), ordered by start.
    public func events(calendar: String? = nil) throws -> [CalendarEvent] {
        try run {
            try pool.read { db in
                if let calendar { return try Self.fetchEvents(db, where: "c.name = ? COLLATE NOCASE", [calendar]) }
                return try Self.fetchEvents(db, where: "1", [])
            }
        }
    }

    /// Events that may have an occurrence in `[from, to)`: recurring ones starting before
    /// `to`, single ones overlapping the window.
    public func events(overlapping from: Int, _ to: Int, calendar: String? = nil) throws -> [CalendarEvent] {
        try run {
            try pool.read { db in
                var sql = "e.start < ? AND (e.recurrence IS NOT NULL OR e.\"end\" > ? OR (e.\"end\" = e.start AND e.start >= ?))"
                var args: [DatabaseValueConvertible] = [to, from, from]
                if let calendar { sql += " AND c.name = ? COLLATE NOCASE"; args.append(calendar) }
                return try Self.fetchEvents(db, where: sql, StatementArguments(args))
            }
        }
    }

    static func fetchEvents(_ db: Database, where clause: String, _ args: StatementArguments) throws -> [CalendarEvent] {
        try Row.fetchAll(db, sql: """
            SELECT e.*, c.name AS calendarName FROM event e JOIN calendar c ON c.id = e.calendarId
            WHERE \(clause) ORDER BY e.start, e.uid
            """, arguments: args).map(event(from:))
    }

    static func event(from row: Row) -> CalendarEvent {
        var attendees: [Attendee] = []
        if let text = row["attendees"] as String?, case .array(let items)? = try? JSON.parse(text) {
            attendees = items.map { Attendee(name: $0["name"]?.stringValue, email: $0["email"]?.stringValue) }
        }
        return CalendarEvent(uid: row["uid"], calendar: row["calendarName"], title: row["title"], start: row["start"],
                             end: row["end"], allDay: row["allDay"], timeZone: row["timeZone"], location: row["location"],
                             attendees: attendees, notes: row["notes"], recurrence: row["recurrence"],
                             sourceText: row["sourceText"])
    }

    // MARK: - Writing

    /// Runs `body` in one write transaction: everything it does lands, or nothing does.
    public func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try run {
            try pool.write { db in try body(StoreTransaction(db: db)) }
        }
    }

    /// Saves a new event (creating its calendar if needed).
    public func add(_ event: CalendarEvent) throws {
        try write { try $0.insert(event) }
    }

    /// Replaces an event with the same UID; false when there is none.
    @discardableResult
    public func update(_ event: CalendarEvent) throws -> Bool {
        try write { tx in
            guard try tx.exists(uid: event.uid) else { return false }
            _ = try tx.upsert(event)
            return true
        }
    }

    /// Deletes an event; false when there is none.
    @discardableResult
    public func remove(uid: String) throws -> Bool {
        try write { try $0.remove(uid: uid) }
    }

    /// A new random UID (a lowercase UUID).
    public static func newUID() -> String { UUID().uuidString.lowercased() }

    func run<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw Self.translate(error, path: path) }
    }
}

/// What an upsert did.
public enum UpsertOutcome: String, Sendable {
    case added, updated, unchanged
}

/// The writes available inside `EventStore.write`.
public struct StoreTransaction {
    let db: Database

    /// The id of a calendar, created when missing (names compare case-insensitively).
    public func calendarID(_ name: String) throws -> Int64 {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw StoreError(path: db.configuration.label ?? "store", "a calendar needs a name") }
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM calendar WHERE name = ? COLLATE NOCASE", arguments: [trimmed]) {
            return id
        }
        try db.execute(sql: "INSERT INTO calendar (name, createdAt) VALUES (?, ?)", arguments: [trimmed, Int(Date().timeIntervalSince1970)])
        return db.lastInsertedRowID
    }

    public func exists(uid: String) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM event WHERE uid = ?", arguments: [uid]) != nil
    }

    /// Inserts a new event; fails if its UID is taken.
    public func insert(_ e: CalendarEvent) throws {
        let cal = try calendarID(e.calendar)
        let now = Int(Date().timeIntervalSince1970)
        try db.execute(sql: """
            INSERT INTO event (uid, calendarId, title, start, "end", allDay, timeZone, location, notes, recurrence,
                               attendees, sourceText, createdAt, updatedAt, sequence)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
            """, arguments: [e.uid, cal, e.title, e.start, e.end, e.allDay, e.timeZone, e.location, e.notes, e.recurrence,
                             Self.attendeesJSON(e.attendees), e.sourceText, now, now])
    }

    /// Inserts, or replaces the event with the same UID (keeping its creation time and
    /// bumping its sequence when something changed).
    @discardableResult
    public func upsert(_ e: CalendarEvent) throws -> UpsertOutcome {
        let existing = try Row.fetchOne(db, sql: """
            SELECT e.*, c.name AS calendarName FROM event e JOIN calendar c ON c.id = e.calendarId WHERE e.uid = ?
            """, arguments: [e.uid])
        guard let existing else {
            try insert(e)
            return .added
        }
        if EventStore.event(from: existing) == e { return .unchanged }
        let cal = try calendarID(e.calendar)
        try db.execute(sql: """
            UPDATE event SET calendarId = ?, title = ?, start = ?, "end" = ?, allDay = ?, timeZone = ?, location = ?,
                notes = ?, recurrence = ?, attendees = ?, sourceText = ?, updatedAt = ?, sequence = sequence + 1
            WHERE uid = ?
            """, arguments: [cal, e.title, e.start, e.end, e.allDay, e.timeZone, e.location, e.notes, e.recurrence,
                             Self.attendeesJSON(e.attendees), e.sourceText, Int(Date().timeIntervalSince1970), e.uid])
        return .updated
    }

    public func remove(uid: String) throws -> Bool {
        try db.execute(sql: "DELETE FROM event WHERE uid = ?", arguments: [uid])
        return db.changesCount > 0
    }

    static func attendeesJSON(_ a: [Attendee]) -> String {
        JSON.array(a.map(\.json)).serialized()
    }
}

/// A store that cannot be used as it is; the message says what to do.
public struct StoreError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "store \(path) \(message)" }
}
