import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One running plugin: a child process that answers JSON lines on stdin/stdout.
///
/// It is started on the first request (handshake first), then serves every request of the
/// run. Each exchange has the manifest's timeout; a plugin that hangs is killed. Its stderr is
/// kept (the last line goes into errors) rather than mixed into nlcal's own.
final class PluginProcess {
    let manifest: PluginManifest
    private var pid: pid_t = 0
    private var input: Int32 = -1
    private var output: Int32 = -1
    private var errors: Int32 = -1
    private var pending: [UInt8] = []
    private var stderrTail: [UInt8] = []
    private(set) var requests = 0
    private(set) var failed: PluginError?

    static let maxAnswerBytes = 16 << 20

    init(manifest: PluginManifest) { self.manifest = manifest }

    deinit { stop() }

    var isRunning: Bool { pid > 0 }

    /// Sends one request and returns the answer object. Starts the plugin first if needed.
    func request(_ body: [(String, JSON)]) throws -> JSON {
        if let failed { throw failed }
        do {
            if !isRunning { try start() }
            requests += 1
            let answer = try exchange(.object([("seq", .int(requests))] + body), what: "request \(requests)")
            if let e = answer["error"] {
                throw fault("answered request \(requests) with an error: \(e.stringValue ?? e.serialized())")
            }
            if let seq = answer["seq"], seq != .int(requests) {
                throw fault("answered \(seq.serialized()) to request \(requests)")
            }
            return answer
        } catch let e as PluginError {
            failed = e
            kill()
            throw e
        }
    }

    private func fault(_ message: String) -> PluginError { PluginError(manifest, message) }

    // MARK: Starting

    private func start() throws {
        signal(SIGPIPE, SIG_IGN)  // a dead plugin must give EPIPE, not kill nlcal
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            throw fault("cannot create pipes: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec, so another plugin never holds this one's stdin open.
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var argv = manifest.command
        if argv[0].contains("/") && !argv[0].hasPrefix("/") {
            argv[0] = manifest.directory.appendingPathComponent(argv[0]).standardizedFileURL.path
        }
        if let addchdir = PluginProcess.addchdir {
            _ = addchdir(&actions, manifest.directory.path)
        } else {
            argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", manifest.directory.path] + argv
        }
        var env = ProcessInfo.processInfo.environment
        env["NLCAL_PLUGIN_DIR"] = manifest.directory.path
        env["NLCAL_PLUGIN_PROTOCOL"] = String(PluginManifest.protocolVersion)
        env["PYTHONUNBUFFERED"] = "1"
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, cArgs[0]!, &actions, nil, cArgs, cEnv)
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        guard rc == 0 else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            throw fault("cannot start \(argv.joined(separator: " ")): \(String(cString: strerror(rc)))")
        }
        pid = child
        input = inPipe[1]; output = outPipe[0]; errors = errPipe[0]
        for fd in [input, output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }

        let hello = JSON.object([
            ("nlcal", .string("plugin")), ("version", .int(PluginManifest.protocolVersion)),
            ("name", .string(manifest.name)), ("kind", .string(manifest.kind.rawValue)),
        ])
        let answer = try exchange(hello, what: "the handshake")
        if answer["ok"] == .bool(false) || answer["error"] != nil {
            throw fault("refused the handshake: \(answer["error"]?.stringValue ?? answer.serialized())")
        }
        guard case .int(let v)? = answer["version"] else {
            throw fault("answered the handshake without a protocol version (expected {\"ok\":true,\"version\":\(PluginManifest.protocolVersion)})")
        }
        guard v == PluginManifest.protocolVersion else {
            throw fault("speaks plugin protocol version \(v); this nlcal speaks version \(PluginManifest.protocolVersion)")
        }
        guard answer["ok"] == .bool(true) else { throw fault("answered the handshake without \"ok\": true") }
    }

    // MARK: Exchanging lines

    private func exchange(_ message: JSON, what: String) throws -> JSON {
        let deadline = PluginProcess.now() + manifest.timeout
        try write(Array((message.serialized() + "\n").utf8), deadline: deadline, what: what)
        let line = try readLine(deadline: deadline, what: what)
        let answer: JSON
        do { answer = try JSON.parse(Data(line)) } catch {
            throw fault("answered \(what) with invalid JSON (\(error)): \(PluginProcess.excerpt(line))")
        }
        guard case .object = answer else { throw fault("answered \(what) with \(PluginProcess.excerpt(line)), not a JSON object") }
        return answer
    }

    private func write(_ bytes: [UInt8], deadline: Double, what: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if n > 0 { offset += n; continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN {
                try wait(for: input, events: Int16(POLLOUT), deadline: deadline, what: what)
                continue
            }
            throw fault("\(exitReason()) before reading \(what)\(stderrNote())")
        }
    }

    private func readLine(deadline: Double, what: String) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let nl = pending.firstIndex(of: 0x0A) {
                var line = Array(pending[..<nl])
                pending.removeFirst(nl + 1)
                if line.last == 0x0D { line.removeLast() }
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                return line
            }
            guard pending.count <= PluginProcess.maxAnswerBytes else {
                throw fault("answered \(what) with a line longer than \(PluginProcess.maxAnswerBytes) bytes")
            }
            try wait(for: output, events: Int16(POLLIN), deadline: deadline, what: what)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
            if n > 0 { pending.append(contentsOf: buffer[0..<n]); continue }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            throw fault("\(exitReason()) before answering \(what)\(stderrNote())")
        }
    }

    /// Waits until `fd` is ready, draining stderr meanwhile; throws when the deadline passes.
    private func wait(for fd: Int32, events: Int16, deadline: Double, what: String) throws {
        while true {
            let left = deadline - PluginProcess.now()
            if left <= 0 {
                let note = stderrNote()
                kill()
                throw fault("gave no answer to \(what) within \(PluginProcess.seconds(manifest.timeout)) (timeout; stopped it)\(note)")
            }
            var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            let rc = poll(&fds, errors >= 0 ? 2 : 1, Int32(min(left * 1000 + 1, 60_000)))
            if rc < 0 && errno != EINTR { throw fault("poll failed: \(String(cString: strerror(errno)))") }
            if errors >= 0, fds[1].revents != 0 { drainStderr() }
            if fds[0].revents != 0 { return }
        }
    }

    private func drainStderr() {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(errors, $0.baseAddress, $0.count) }
            if n > 0 {
                stderrTail.append(contentsOf: buffer[0..<n])
                if stderrTail.count > 4096 { stderrTail.removeFirst(stderrTail.count - 4096) }
                continue
            }
            if n == 0 { close(errors); errors = -1 }
            return
        }
    }

    /// "; stderr: <its last line>" when the plugin wrote something there.
    private func stderrNote() -> String {
        if errors >= 0 { drainStderr() }
        let text = String(decoding: stderrTail, as: UTF8.self)
        guard let last = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return "" }
        return " (stderr: \(String(last.prefix(200))))"
    }

    /// How the process ended: "exited with status 1", "was killed by signal 9", "closed its output".
    private func exitReason() -> String {
        guard pid > 0 else { return "stopped" }
        var status: Int32 = 0
        for _ in 0..<50 {  // up to 0.5 s for the exit to land
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                pid = 0
                if status & 0x7F == 0 { return "exited with status \((status >> 8) & 0xFF)" }
                return "was killed by signal \(status & 0x7F)"
            }
            if r < 0 { break }
            usleep(10_000)
        }
        return "closed its output"
    }

    // MARK: Stopping

    /// Ends the plugin: closes its stdin (its cue to exit), waits briefly, then kills it.
    func stop() {
        guard pid > 0 else { closeAll(); return }
        if input >= 0 { close(input); input = -1 }
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) != 0 { pid = 0; break }
            usleep(10_000)
        }
        kill()
    }

    /// Kills the plugin at once (after a timeout or a fault).
    func kill() {
        if pid > 0 {
            _ = Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            pid = 0
        }
        closeAll()
    }

    private func closeAll() {
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
        input = -1; output = -1; errors = -1
    }

    /// glibc's posix_spawn_file_actions_addchdir_np (2.29+), which Swift does not import;
    /// without it the command runs through `sh -c 'cd DIR && exec …'`.
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    static let addchdir: AddChdir? = {
        guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(sym, to: AddChdir.self)
    }()

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : String(format: "%.2f s", s)
    }

    static func excerpt(_ line: [UInt8]) -> String {
        let s = String(decoding: line.prefix(80), as: UTF8.self)
        return "'" + s + (line.count > 80 ? "…" : "") + "'"
    }
}
