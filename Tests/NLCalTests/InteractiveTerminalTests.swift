import Foundation
import Testing
@testable import NLCal

/// Runs the real `nlcal parse -i` on a pseudo-terminal through Tests/Interactive/drive.py
/// (pexpect, else tmux): typing and the preview, chips, Pick…, accept (JSON and --format on
/// stdout), cancel (Esc, Ctrl-C, SIGTERM: nothing on stdout, terminal settings restored),
/// resize to 40 columns, NO_COLOR and TERM=dumb.
enum InteractiveE2E {
    static let driver = Fixture.packageRoot.appendingPathComponent("Tests/Interactive/drive.py")

    /// Which terminal backend drive.py can use here ("pexpect", "tmux"), or nil.
    static let backend: String? = {
        if succeeds(["python3", "-c", "import pexpect"]) { return "pexpect" }
        if succeeds(["python3", "-c", "pass"]) && succeeds(["tmux", "-V"]) { return "tmux" }
        return nil
    }()

    static let scenarios = ["preview", "chip", "pick", "paste", "accept", "format", "error", "cancel", "sigterm", "suspend", "resize", "nocolor", "dumb", "color"]

    static func succeeds(_ args: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }
}

@Suite("Interactive: terminal (drive.py)", .serialized,
       .enabled(if: InteractiveE2E.backend != nil,
                "skipped: needs python3 with pexpect (pip install pexpect) or python3 and tmux (apt-get install tmux)"))
struct InteractiveTerminalTests {
    @Test(arguments: InteractiveE2E.scenarios)
    func scenario(_ name: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", InteractiveE2E.driver.path, "--binary", Fixture.binary.path,
                       "--backend", InteractiveE2E.backend ?? "pexpect", name]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let report = String(decoding: o, as: UTF8.self) + String(decoding: e, as: UTF8.self)
        #expect(p.terminationStatus == 0, "\(report)")
    }

    @Test func everyScenarioIsRun() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", InteractiveE2E.driver.path, "--list"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let listed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(Set(listed.split(separator: "\n").map(String.init)) == Set(InteractiveE2E.scenarios))
    }
}

/// `-i` without a terminal, and the flags it does not combine with: no pty needed.
@Suite("Interactive: without a terminal")
struct InteractiveNoTerminalTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid"), "skipped: setsid (util-linux) is missing"))
    func failsWithOneLineWithoutATerminal() throws {
        // setsid: a new session with no controlling terminal, so /dev/tty cannot be opened.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        p.arguments = ["-w", Fixture.binary.path, "parse", "-i", "Lunch tomorrow"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 2)
        #expect(o.isEmpty)
        #expect(e.hasPrefix("nlcal: error: --interactive needs a terminal"))
        #expect(e.split(separator: "\n").count == 1, "one line: \(e)")
    }

    @Test func doesNotCombineWithJSONL() throws {
        let r = try Fixture.run(["parse", "-i", "--jsonl"], stdin: Data())
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "nlcal: error: --interactive and --jsonl do not go together\n")
    }
}
