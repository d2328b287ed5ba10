import Foundation
import NLCalStore
import Testing
@testable import NLCal

/// A real Radicale server on 127.0.0.1 (free port, temporary storage, plain htpasswd),
/// started for the suite and stopped at its end. Skipped when radicale is not installed
/// (`python3 -m pip install radicale`).
final class Radicale {
    let dir: URL
    let port: Int
    let process: Process
    let log: URL
    static let user = "alice", password = "s3cret pass"

    static var isInstalled: Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import radicale"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-radicale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let users = dir.appendingPathComponent("users")
        try Data("\(Self.user):\(Self.password)\n".utf8).write(to: users)
        port = try Self.freePort()
        log = dir.appendingPathComponent("radicale.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "radicale", "--server-hosts", "127.0.0.1:\(port)",
                             "--storage-filesystem-folder", dir.appendingPathComponent("collections").path,
                             "--auth-type", "htpasswd", "--auth-htpasswd-filename", users.path,
                             "--auth-htpasswd-encryption", "plain", "--logging-level", "warning"]
        process.standardOutput = FileHandle(forWritingAtPath: log.path)
        process.standardError = FileHandle(forWritingAtPath: log.path)
        try process.run()
        // Wait until it answers (at most ~15 s).
        for _ in 0..<150 {
            if Self.isListening(port) { return }
            if !process.isRunning { break }
            usleep(100_000)
        }
        stop()
        throw CalDAVError("radicale did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    var base: String { "http://127.0.0.1:\(port)" }
    func collection(_ name: String) -> String { "\(base)/\(Self.user)/\(name)/" }

    func stop() {
        if process.isRunning {
            // SIGKILL: a child of the test runner may inherit a blocked SIGTERM/SIGINT and ignore them.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: dir)
    }

    deinit { stop() }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { throw CalDAVError("no free port") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    static func isListening(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

@Suite(.serialized, .enabled(if: Radicale.isInstalled, "radicale is not installed (python3 -m pip install radicale): CalDAV tests skipped"))
struct CalDAVTests {
    let tokyo = TempStore.tokyo

    func env(user: String = Radicale.user, password: String = Radicale.password) -> [String: String] {
        var e = ProcessInfo.processInfo.environment
        e["NLCAL_CALDAV_USER"] = user
        e["NLCAL_CALDAV_PASSWORD"] = password
        return e
    }

    @Test func addPutsAndAgendaReadsBack() throws {
        let server = try Radicale()
        defer { server.stop() }
        let cal = server.collection("work")
        try CalDAVClient(collection: cal, credentials: CalDAVCredentials(user: Radicale.user, password: Radicale.password)).makeCalendar(displayName: "Work")
        let s = try TempStore()
        let a = try s.run("add", tokyo + ["--caldav", cal, "Lunch with Alex next Tue 1pm @Shibuya"], environment: env())
        #expect(a.status == 0, "\(a.stderr)")
        let uid = try #require(try JSON.parse(a.stdout)["uid"]?.stringValue)
        let w = try s.run("add", tokyo + ["--caldav", cal, "--yes", "standup every weekday 9:30-9:45 on Zoom"], environment: env())
        #expect(w.status == 0, "\(w.stderr)")
        // The resource is <collection>/<uid>.ics with our UID inside.
        let ag = try Fixture.run(["agenda", "--caldav", cal, "--json"] + tokyo + ["--from", "2026-03-16", "--to", "2026-03-18"], environment: env())
        #expect(ag.status == 0, "\(ag.stderr)")
        let out = try JSON.parse(ag.stdout)
        guard case .array(let occ)? = out["occurrences"] else { Issue.record("no occurrences: \(ag.stdout)"); return }
        let summary = occ.map { "\($0["occurrenceStart"]?.stringValue ?? "") \($0["title"]?.stringValue ?? "")" }
        #expect(summary == ["2026-03-16T09:30:00+09:00 Standup", "2026-03-17T09:30:00+09:00 Standup", "2026-03-17T13:00:00+09:00 Lunch with Alex"])
        #expect(occ.last?["uid"]?.stringValue == uid)
        #expect(occ.last?["location"]?.stringValue == "Shibuya")
        #expect(occ.last?["text"]?.stringValue == "Lunch with Alex next Tue 1pm @Shibuya")
        // The time-range filter is the server's: a window with nothing gives nothing.
        let empty = try Fixture.run(["agenda", "--caldav", cal, "--json"] + tokyo + ["--from", "2026-03-14", "--to", "2026-03-15"], environment: env())
        #expect(try JSON.parse(empty.stdout)["occurrences"] == .array([]))
        // Same UID again: If-None-Match: * refuses to overwrite.
        let dup = #"{"uid":"\#(uid)","title":"Dup","start":"2026-03-20T10:00:00+09:00","timeZone":"Asia/Tokyo"}"#
        let s2 = try TempStore()
        let d = try s2.run("add", ["--json", "--caldav", cal], stdin: Data(dup.utf8), environment: env())
        #expect(d.status != 0)
        #expect(d.stderr.contains("412"), "\(d.stderr)")
    }

    @Test func credentialsComeFromEnvOrNetrcAndAreChecked() throws {
        let server = try Radicale()
        defer { server.stop() }
        let cal = server.collection("home")
        try CalDAVClient(collection: cal, credentials: CalDAVCredentials(user: Radicale.user, password: Radicale.password)).makeCalendar()
        let s = try TempStore()
        let bad = try s.run("add", tokyo + ["--caldav", cal, "--yes", "Gym tomorrow 7am"], environment: env(password: "wrong"))
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("401"), "\(bad.stderr)")
        // A netrc file named by $NETRC, no variables.
        let netrc = try s.file("netrc", "machine 127.0.0.1\n  login \(Radicale.user)\n  password \"\(Radicale.password)\"\n")
        var e = ProcessInfo.processInfo.environment
        e["NLCAL_CALDAV_USER"] = nil
        e["NETRC"] = netrc
        let ok = try s.run("add", tokyo + ["--caldav", cal, "--yes", "Swim tomorrow 8am"], environment: e)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(CalDAVCredentials.netrc("default login a password b", host: "x") == CalDAVCredentials(user: "a", password: "b"))
        // An unreachable server is a clear error.
        let down = try s.run("add", tokyo + ["--caldav", "http://127.0.0.1:9/nope/", "--yes", "Run tomorrow 6am"], environment: env())
        #expect(down.status != 0)
        #expect(down.stderr.contains("CalDAV"), "\(down.stderr)")
    }
}
