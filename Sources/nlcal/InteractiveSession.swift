import ArgumentParser
import Foundation
import NLCal
import NLCalCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal side of `nlcal parse -i`: raw mode on /dev/tty, keys in, frames out.
///
/// Everything it shows is drawn on /dev/tty (in the alternate screen), never on stdout, so
/// `nlcal parse -i > event.json` works; the accepted output is returned to the caller, which
/// writes it to stdout after the terminal is restored. The state machine, key decoding and
/// drawing live in the library (`InteractiveModel`, `KeyDecoder`, `ScreenRenderer`); this
/// file only moves bytes and handles signals.
///
/// The terminal is restored on every way out: accept, cancel, a thrown error (`defer`), and
/// SIGTERM / SIGINT / SIGHUP / SIGQUIT, which a signal handler turns into a byte on a pipe
/// the main loop watches (so the loop, not the handler, restores and leaves). SIGWINCH
/// arrives the same way and redraws.
enum InteractiveSession {
    /// How long a lone ESC waits for the rest of an escape sequence before it counts as Esc.
    static let escapeTimeoutMs: Int32 = 40

    /// Runs the session. Returns the output to write on accept; throws `ExitCode(130)` on
    /// Esc / Ctrl-C (128 + the signal for signals) and `CLIError` without a terminal.
    static func run(text: String, choose: [String] = [], parse: @escaping (String) throws -> ParseResult,
                    emit: @escaping (ParseResult) throws -> String) throws -> String {
        let tty = try Terminal.open()
        try tty.enterRaw()
        defer { tty.leave() }
        let signals = try SignalPipe.install()
        defer { signals.uninstall() }

        let color = ColorPolicy.enabled(environment: ProcessInfo.processInfo.environment)
        var model = InteractiveModel(text: text, choose: choose, parse: parse)
        model.update()
        var painter = Painter(tty: tty, color: color)
        painter.draw(model)

        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let ready = poll2(tty.fd, signals.readFD, timeoutMs: decoder.hasPending ? escapeTimeoutMs : -1)
            var keys: [Key] = []
            if ready.signal {
                for sig in signals.drain() {
                    switch sig {
                    case SIGWINCH: painter.resized()
                    case SIGTSTP: try suspend(tty, signals, &painter)
                    case SIGCONT: tty.reassert(); painter.resized()
                    default: throw ExitCode(128 + sig)
                    }
                }
            }
            if ready.tty {
                let n = read(tty.fd, &buffer, buffer.count)
                if n == 0 { throw ExitCode(128 + SIGHUP) }  // the terminal went away
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    if errno == EIO { throw ExitCode(128 + SIGHUP) }  // hung up
                    throw CLIError("reading the terminal failed: \(String(cString: strerror(errno)))")
                }
                keys = decoder.feed(Array(buffer[0..<n]))
            } else if ready.timedOut {
                keys = decoder.flush()
            }
            for key in keys {
                switch model.handle(key) {
                case .none: continue
                case .cancel: throw ExitCode(130)
                case .suspend: try suspend(tty, signals, &painter)
                case .accept:
                    painter.draw(model)  // "saving…"
                    guard let result = model.finalResult() else { continue }
                    do {
                        let output = try emit(result)
                        model.markSaved()
                        painter.draw(model)
                        if isatty(STDOUT_FILENO) == 0, let ev = result.event {
                            tty.pendingFarewell = "nlcal: accepted \"\(ev.title)\", written to stdout\n"
                        }
                        return output
                    } catch {
                        model.fail("\(error)")
                    }
                }
            }
            // Parse once typing pauses: a paste (many keys in one read, or more bytes already
            // waiting) shows "parsing…" and parses when the last byte is in.
            if model.needsParse && !tty.hasInput() { model.update() }
            painter.draw(model)
        }
    }

    /// Ctrl-Z or SIGTSTP: restore the terminal, stop with the default SIGTSTP action, and
    /// when continued (fg, SIGCONT) take the terminal again and redraw everything.
    private static func suspend(_ tty: Terminal, _ signals: SignalPipe, _ painter: inout Painter) throws {
        tty.release()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Continued.
        signals.catchSignal(SIGTSTP)
        try tty.enterRaw()
        painter.resized()
    }

    private static func poll2(_ a: Int32, _ b: Int32, timeoutMs: Int32) -> (tty: Bool, signal: Bool, timedOut: Bool) {
        var fds = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
        let r = poll(&fds, 2, timeoutMs)
        if r == 0 { return (false, false, true) }
        if r < 0 { return (false, false, false) }  // EINTR: the signal byte is read next time round
        let hup = Int16(POLLHUP | POLLERR)
        return (fds[0].revents & (Int16(POLLIN) | hup) != 0, fds[1].revents & Int16(POLLIN) != 0, false)
    }
}

// The session's parts, nested so their names stay out of the CLI's namespace.
extension InteractiveSession {
    /// Draws frames, rewriting only the lines that changed since the last frame.
    struct Painter {
        let tty: Terminal
        let color: Bool
        private var last: [String] = []
        private var size = (width: 0, height: 0)

        init(tty: Terminal, color: Bool) {
            self.tty = tty
            self.color = color
        }

        mutating func resized() { last = [] }

        mutating func draw(_ model: InteractiveModel) {
            let now = tty.size()
            var out = "\u{1B}[?25l"  // hide the cursor while drawing
            if now != size || last.isEmpty {
                size = now
                last = []
                out += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
            }
            let screen = ScreenRenderer(width: size.width, height: size.height).render(model)
            let lines = screen.text(color: color)
            for (i, line) in lines.enumerated() where i >= last.count || last[i] != line {
                out += "\u{1B}[\(i + 1);1H\u{1B}[0m" + line + "\u{1B}[0m\u{1B}[K"
            }
            last = lines
            out += "\u{1B}[\(screen.cursorRow + 1);\(screen.cursorColumn + 1)H\u{1B}[?25h"
            tty.write(out)
        }
    }

    /// /dev/tty in raw mode, with the settings it had before.
    final class Terminal {
        let fd: Int32
        private var saved = termios()
        private var raw = false
        private var closed = false
        /// A line written on the normal screen after leaving (a confirmation when stdout is a file).
        var pendingFarewell: String?

        private init(fd: Int32) { self.fd = fd }

        static func open() throws -> Terminal {
            let fd = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else {
                throw CLIError("--interactive needs a terminal, and /dev/tty cannot be opened (\(String(cString: strerror(errno)))); pass the text as arguments or on stdin instead")
            }
            return Terminal(fd: fd)
        }

        /// Raw mode (no echo, no line buffering, no signals from keys: Ctrl-C arrives as a byte),
        /// then the alternate screen.
        func enterRaw() throws {
            guard tcgetattr(fd, &saved) == 0 else {
                throw CLIError("--interactive needs a terminal (/dev/tty: \(String(cString: strerror(errno))))")
            }
            guard applyRaw() else {
                throw CLIError("cannot set the terminal to raw mode: \(String(cString: strerror(errno)))")
            }
            raw = true
            RawModeGuard.arm(fd: fd, saved: saved)
            // The alternate screen, and bracketed paste (a pasted newline is text, not Enter).
            write("\u{1B}[?1049h\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
        }

        private func applyRaw() -> Bool {
            var t = saved
            t.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            t.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            t.c_cflag |= tcflag_t(CS8)
            withUnsafeMutableBytes(of: &t.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            return tcsetattr(fd, TCSADRAIN, &t) == 0
        }

        /// After SIGCONT (stopped from outside, then continued): the shell may have reset the
        /// terminal meanwhile, so set raw mode and the alternate screen again.
        func reassert() {
            guard raw else { return }
            _ = applyRaw()
            write("\u{1B}[?1049h\u{1B}[?2004h")
        }

        /// Leaves the alternate screen and restores the saved settings, keeping /dev/tty open
        /// (for a suspend); safe to call twice.
        func release() {
            guard raw else { return }
            raw = false
            write("\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l")
            var s = saved
            _ = tcsetattr(fd, TCSADRAIN, &s)
            RawModeGuard.disarm()
        }

        /// Releases the terminal for good: restores it, writes the farewell line, closes /dev/tty.
        func leave() {
            let wasRaw = raw
            release()
            if wasRaw, let farewell = pendingFarewell { write(farewell) }
            if !closed {
                closed = true
                close(fd)
            }
        }

        func size() -> (width: Int, height: Int) {
            var ws = winsize()
            if ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
                return (Int(ws.ws_col), Int(ws.ws_row))
            }
            return (80, 24)
        }

        func hasInput() -> Bool {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&p, 1, 0) > 0
        }

        func write(_ s: String) {
            var bytes = Array(s.utf8)
            var off = 0
            while off < bytes.count {
                let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + off, $0.count - off) }
                if n < 0 { if errno == EINTR { continue }; return }
                off += n
            }
        }
    }

    /// Restores the terminal if the process exits without passing through `Terminal.leave()`
    /// (an `exit()` from deep inside, a fatal error report): registered with `atexit`.
    enum RawModeGuard {
        nonisolated(unsafe) static var fd: Int32 = -1
        nonisolated(unsafe) static var saved = termios()
        nonisolated(unsafe) static var registered = false

        static func arm(fd: Int32, saved: termios) {
            Self.fd = fd
            Self.saved = saved
            if !registered {
                registered = true
                atexit {
                    guard InteractiveSession.RawModeGuard.fd >= 0 else { return }
                    let reset = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l".utf8)
                    _ = reset.withUnsafeBytes { Glibc.write(InteractiveSession.RawModeGuard.fd, $0.baseAddress, $0.count) }
                    _ = tcsetattr(InteractiveSession.RawModeGuard.fd, TCSADRAIN, &InteractiveSession.RawModeGuard.saved)
                }
            }
        }

        static func disarm() { fd = -1 }
    }

    /// Turns signals into bytes on a pipe (the self-pipe trick), so the main loop handles them
    /// with the terminal in a known state instead of inside a signal handler.
    struct SignalPipe {
        nonisolated(unsafe) static var writeFD: Int32 = -1
        static let handled: [Int32] = [SIGWINCH, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT]

        let readFD: Int32
        let writeFD: Int32

        static func install() throws -> SignalPipe {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw CLIError("cannot create a pipe: \(String(cString: strerror(errno)))") }
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            Self.writeFD = fds[1]
            let pipe = SignalPipe(readFD: fds[0], writeFD: fds[1])
            for sig in handled { pipe.catchSignal(sig) }
            // A parent may have left them blocked (a test runner's thread mask is inherited
            // through spawn); blocked, SIGWINCH would never redraw and Ctrl-Z never stop.
            var set = sigset_t()
            sigemptyset(&set)
            for sig in handled { sigaddset(&set, sig) }
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            return pipe
        }

        /// Routes a signal to the pipe.
        func catchSignal(_ sig: Int32) {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { sig in
                var b = UInt8(truncatingIfNeeded: sig)
                _ = Glibc.write(InteractiveSession.SignalPipe.writeFD, &b, 1)
            }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }

        /// The signals received since the last call.
        func drain() -> [Int32] {
            var buf = [UInt8](repeating: 0, count: 64)
            var out: [Int32] = []
            while true {
                let n = read(readFD, &buf, buf.count)
                if n <= 0 { break }
                out += buf[0..<n].map { Int32($0) }
            }
            return out
        }

        func uninstall() {
            for sig in Self.handled { signal(sig, SIG_DFL) }
            Self.writeFD = -1
            close(readFD)
            close(writeFD)
        }
    }
}
