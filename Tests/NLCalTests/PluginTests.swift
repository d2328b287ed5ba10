import Foundation
import NLCal
import Testing

/// External plugins through the real binary: the shipped ones, discovery, and every fault.
@Suite("Plugins", .enabled(if: EmitE2E.hasPython, "skipped: python3 is missing (the plugins are Python 3 scripts)"))
struct PluginTests {
    func fixture(_ name: String) -> String { EmitE2E.fixtures.appendingPathComponent(name).path }

    func event(_ r: EmitE2E.Output) throws -> JSON { try JSON.parse(r.stdout) }

    // MARK: Shipped plugins

    @Test func placesMarksAKnownPlaceAsTheLocation() throws {
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--plugin", "places", "--format", "json", "drinks at shibuya sky friday 7pm"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try event(r)
        #expect(json["event"]?["location"] == .string("Shibuya Sky"))
        #expect(json["event"]?["title"] == .string("Drinks"))
        var spans: [JSON] = []
        if case .array(let a)? = json["spans"] { spans = a }
        #expect(spans.contains { (s: JSON) in s["field"] == .string("location") && s["text"] == .string("at shibuya sky") })
        // Without the plugin the lowercase place is not found.
        let plain = try event(try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--format", "event", "drinks at shibuya sky friday 7pm"]))
        #expect(plain["location"] != .string("Shibuya Sky"))
    }

    @Test func placesReadsTheGazetteerFromTheEnvironment() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-places-\(UUID().uuidString).txt")
        try "Kiyosumi Garden | kiyosumi teien\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--plugin", "places", "--format", "event", "walk in kiyosumi teien sunday 10am"],
                                env: ["NLCAL_PLACES": file.path])
        #expect(try event(r)["location"] == .string("Kiyosumi Garden"), "\(r.stderr)")
    }

    @Test func contactsFillsAttendeeEmailsFromAVCard() throws {
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--plugin", "contacts", "--format", "event", "Lunch with Alex and Bo next Tue 1pm"])
        #expect(r.status == 0, "\(r.stderr)")
        let attendees = try event(r)["attendees"]
        #expect(attendees == .array([.object([("name", .string("Alex")), ("email", .string("alex.morgan@example.com"))]),
                                     .object([("name", .string("Bo"))])]))

        let vcf = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-contacts-\(UUID().uuidString).vcf")
        try "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bo Lindqvist\r\nEMAIL;TYPE=pref:bo@example.se\r\nEND:VCARD\r\n".write(to: vcf, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: vcf) }
        let custom = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--plugin", "contacts", "--format", "event", "Lunch with Alex and Bo next Tue 1pm"],
                                     env: ["NLCAL_CONTACTS": vcf.path])
        #expect(try event(custom)["attendees"] == .array([.object([("name", .string("Alex"))]),
                                                          .object([("name", .string("Bo")), ("email", .string("bo@example.se"))])]))
    }

    @Test func contactEmailsReachTheICSAttendees() throws {
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--plugin", "contacts", "--format", "ics", "Lunch with Alex next Tue 1pm"])
        #expect(r.text.contains("ATTENDEE;CN=Alex:mailto:alex.morgan@example.com\r\n"), "\(r.text)")
    }

    @Test func agendaEmitterWritesOneMarkdownLinePerResult() throws {
        let single = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--format", "agenda-md", "Lunch with Alex next Tue 1pm @Shibuya"])
        #expect(single.text == "- **Tue 17 Mar 2026 13:00–14:00** Lunch with Alex · Shibuya · with Alex\n", "\(single.stderr)")
        let batch = try EmitE2E.run(["parse", "--jsonl", "--format", "agenda-md"] + EmitE2E.tokyo,
                                    input: "{\"id\":\"1\",\"text\":\"tea 3pm\"}\n{\"id\":\"2\",\"text\":\"buy milk\"}\n{\"id\":\"3\",\"text\":\"Hanami on March 28\"}\n")
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.lines == ["- **Wed 11 Mar 2026 15:00–16:00** Tea", "- [ ] buy milk (no time found)", "- **Sat 28 Mar 2026** (all day) Hanami"])
    }

    @Test func pluginsListsWhatItFinds() throws {
        let r = try EmitE2E.run(["plugins", "--json", "--plugin", fixture("count")])
        #expect(r.status == 0, "\(r.stderr)")
        guard case .array(let rows) = try JSON.parse(r.stdout) else { Issue.record("not an array"); return }
        func row(_ name: String) -> JSON? { rows.first { $0["name"] == .string(name) } }
        #expect(row("ics")?["where"] == .string("built-in"))
        #expect(row("places")?["kind"] == .string("stage"))
        #expect(row("places")?["where"] == .string("shipped"))
        #expect(row("places")?["status"] == .string("available"))
        #expect(row("agenda-md")?["kind"] == .string("emitter"))
        #expect(row("fault-count")?["where"] == .string("--plugin"))
        #expect(row("fault-count")?["status"] == .string("active"))
        #expect(row("fault-count")?["path"] == .string(fixture("count")))
    }

    @Test func userPluginsFolderIsDiscoveredAndActive() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let dir = config.appendingPathComponent("nlcal/plugins")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: EmitE2E.root.appendingPathComponent("Plugins/places"), to: dir.appendingPathComponent("places"))
        let list = try EmitE2E.run(["plugins"], env: ["XDG_CONFIG_HOME": config.path])
        #expect(list.text.contains("user") && list.text.contains("shadowed"), "\(list.text)")
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--format", "event", "drinks at shibuya sky friday 7pm"], env: ["XDG_CONFIG_HOME": config.path])
        #expect(try event(r)["location"] == .string("Shibuya Sky"), "\(r.stderr)")
    }

    // MARK: One process per run

    @Test func aThousandLineBatchStartsAStagePluginOnce() throws {
        let count = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-count-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: count) }
        let input = (0..<1000).map { "{\"id\":\"\($0)\",\"text\":\"tea with Alex at \($0 % 12 + 1)pm\"}" }.joined(separator: "\n") + "\n"
        let r = try EmitE2E.run(["parse", "--jsonl", "--plugin", fixture("count")] + EmitE2E.tokyo, input: input,
                                env: ["NLCAL_TEST_COUNT_FILE": count.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.count == 1000)
        let starts = try String(contentsOf: count, encoding: .utf8).split(separator: "\n")
        #expect(starts.count == 1)
    }

    // MARK: Faults

    /// Each fault: one error line naming the plugin, exit 3, nothing on stdout.
    @Test(arguments: [
        ("crash", "exited with status 3"),
        ("hang", "within 1 s"),
        ("garbage", "invalid JSON"),
        ("version2", "protocol version 2"),
    ])
    func faultStopsTheRunWithOneLine(plugin: String, reason: String) throws {
        let start = Date()
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--plugin", fixture(plugin), "lunch 1pm"])
        #expect(r.status == 3)
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("nlcal: error: plugin 'fault-\(plugin)'") && r.stderr.contains(reason), "\(r.stderr)")
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func crashReportsTheLastStderrLine() throws {
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--plugin", fixture("crash"), "lunch 1pm"])
        #expect(r.stderr.contains("boom: simulated crash"), "\(r.stderr)")
    }

    @Test func manifestWithAnotherProtocolVersionIsRefused() throws {
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--plugin", fixture("protocol9"), "lunch 1pm"])
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("protocol9/plugin.json") && r.stderr.contains("version 9"), "\(r.stderr)")
    }

    @Test(arguments: ["crash", "hang", "garbage", "version2"])
    func warnModeGoesOnWithoutThePlugin(plugin: String) throws {
        let input = "{\"id\":\"1\",\"text\":\"lunch 1pm\"}\n{\"id\":\"2\",\"text\":\"tea 3pm\"}\n"
        let r = try EmitE2E.run(["parse", "--jsonl", "--plugin-errors", "warn", "--plugin", fixture(plugin)] + EmitE2E.tokyo, input: input)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.count == 2)
        #expect(r.stderr.hasPrefix("nlcal: warning: plugin 'fault-\(plugin)'") && r.stderr.contains("continuing without it"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "warned once: \(r.stderr)")
        for line in r.lines {
            let json = try JSON.parse(line)
            #expect(json["event"]?["title"] != nil)
            guard case .array(let warnings)? = json["warnings"] else { Issue.record("no warnings"); continue }
            #expect(warnings.contains { $0["code"] == .string("plugin-skipped") })
        }
    }

    @Test func emitterCrashInABatchLeavesOnlyCompleteLines() throws {
        let input = "{\"id\":\"1\",\"text\":\"lunch 1pm\"}\n{\"id\":\"2\",\"text\":\"tea 3pm\"}\n{\"id\":\"3\",\"text\":\"tea 4pm\"}\n"
        let r = try EmitE2E.run(["parse", "--jsonl", "--plugin", fixture("emit-crash"), "--format", "fault-emit-crash"] + EmitE2E.tokyo, input: input)
        #expect(r.status == 3)
        #expect(r.text == "line 1\n")
        #expect(r.stderr.contains("plugin 'fault-emit-crash'") && r.stderr.contains("exited with status 5"), "\(r.stderr)")
    }

    @Test func unknownPluginNameIsAClearError() throws {
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--plugin", "no-such-plugin", "lunch 1pm"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no-such-plugin") && r.stderr.contains("places"), "\(r.stderr)")
    }
}
