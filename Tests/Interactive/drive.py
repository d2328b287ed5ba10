#!/usr/bin/env python3
"""Drives the real `nlcal parse -i` through a pseudo-terminal and checks what a user sees.

    python3 Tests/Interactive/drive.py --binary .build/debug/nlcal [--backend pexpect|tmux] SCENARIO...
    python3 Tests/Interactive/drive.py --list

Each scenario starts the binary on a fresh terminal, types keys, and checks the screen (as
a terminal would show it), the exit status, what went to stdout (a file: the UI must never
write there) and that the terminal settings were restored (`stty -a` after the exit).

Backends: pexpect (a pty plus a small VT100 screen model of the escapes nlcal draws with),
or tmux (a real terminal emulator: send-keys, capture-pane, resize-window). With neither,
exit status 77 means "skipped". Exit status 0: every scenario passed; 1: one failed, with
the reason and the screen on stderr.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

NOW = ["--now", "2026-03-11T09:15:00", "--tz", "Asia/Tokyo"]
KEYS = {"esc": b"\x1b", "tab": b"\t", "enter": b"\r", "ctrl-c": b"\x03", "ctrl-u": b"\x15",
        "ctrl-w": b"\x17", "left": b"\x1b[D", "right": b"\x1b[C", "home": b"\x1b[H", "end": b"\x1b[F",
        "backspace": b"\x7f", "delete": b"\x1b[3~"}
SGR = re.compile(rb"\x1b\[([0-9;]*)m")


class Failure(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# A screen model for the pexpect backend: the subset of VT100/xterm that nlcal's painter uses
# (CUP, EL, ED, SGR ignored, alternate screen, cursor show/hide), plus CR/LF/BS for the rest.

class VTScreen:
    def __init__(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.main = self._blank()
        self.alt = None
        self.x = self.y = 0
        self.pending = b""

    def _blank(self):
        return [[" "] * self.cols for _ in range(self.rows)]

    @property
    def grid(self):
        return self.alt if self.alt is not None else self.main

    def resize(self, cols, rows):
        def fit(g):
            g = [row[:cols] + [" "] * max(0, cols - len(row)) for row in g[:rows]]
            return g + [[" "] * cols for _ in range(rows - len(g))]
        self.cols, self.rows = cols, rows
        self.main = fit(self.main)
        if self.alt is not None:
            self.alt = fit(self.alt)
        self.x, self.y = min(self.x, cols - 1), min(self.y, rows - 1)

    def lines(self):
        return ["".join(r).rstrip() for r in self.grid]

    def feed(self, data):
        data = self.pending + data
        self.pending = b""
        i = 0
        while i < len(data):
            b = data[i]
            if b == 0x1B:
                m = re.compile(rb"\x1b\[(\??)([0-9;]*)([@-~])").match(data, i)
                if not m:
                    if len(data) - i < 16 and not re.compile(rb"\x1b[^\[]").match(data, i):
                        self.pending = data[i:]
                        return
                    i += 2
                    continue
                self._csi(m.group(1).decode(), m.group(2).decode(), m.group(3).decode())
                i = m.end()
            elif b == 0x0D:
                self.x = 0; i += 1
            elif b == 0x0A:
                self._linefeed(); i += 1
            elif b == 0x08:
                self.x = max(0, self.x - 1); i += 1
            elif b < 0x20:
                i += 1
            else:
                n = 1 if b < 0x80 else 2 if b < 0xE0 else 3 if b < 0xF0 else 4
                if i + n > len(data):
                    self.pending = data[i:]
                    return
                ch = data[i:i + n].decode("utf-8", "replace")
                self._put(ch)
                i += n

    def _linefeed(self):
        if self.y == self.rows - 1:
            g = self.grid
            g.pop(0)
            g.append([" "] * self.cols)
        else:
            self.y += 1

    def _put(self, ch):
        if self.x >= self.cols:
            self.x = 0
            self._linefeed()
        self.grid[self.y][self.x] = ch
        self.x += 1

    def _csi(self, private, params, final):
        nums = [int(p) if p else 0 for p in params.split(";")] if params else []
        if private == "?":
            if 1049 in nums and final == "h":
                self.saved = (self.x, self.y)
                self.alt = self._blank()
            elif 1049 in nums and final == "l":
                self.alt = None
                self.x, self.y = getattr(self, "saved", (0, 0))
            return
        if final == "H":
            row = (nums[0] if nums else 1) or 1
            col = (nums[1] if len(nums) > 1 else 1) or 1
            self.y, self.x = min(row, self.rows) - 1, min(col, self.cols) - 1
        elif final == "K":
            mode = nums[0] if nums else 0
            row = self.grid[self.y]
            rng = range(self.x, self.cols) if mode == 0 else range(0, self.x + 1) if mode == 1 else range(self.cols)
            for c in rng:
                if c < self.cols:
                    row[c] = " "
        elif final == "J":
            mode = nums[0] if nums else 0
            g = self.grid
            if mode == 2:
                for r in range(self.rows):
                    g[r] = [" "] * self.cols
            elif mode == 0:
                g[self.y][self.x:] = [" "] * (self.cols - self.x)
                for r in range(self.y + 1, self.rows):
                    g[r] = [" "] * self.cols
        elif final == "A":
            self.y = max(0, self.y - (nums[0] if nums else 1))
        elif final == "B":
            self.y = min(self.rows - 1, self.y + (nums[0] if nums else 1))
        elif final == "C":
            self.x = min(self.cols - 1, self.x + (nums[0] if nums else 1))
        elif final == "D":
            self.x = max(0, self.x - (nums[0] if nums else 1))


# ---------------------------------------------------------------------------------------------
# Backends: start the binary on a terminal, send bytes, read the screen, resize, wait for exit.

class Session:
    """The shell wrapper records what happens after nlcal exits: its status, its stdout
    (a file) and the terminal settings (`stty -a` on the same terminal)."""

    def __init__(self, binary, args, env, cols, rows, job_control=False):
        self.dir = tempfile.mkdtemp(prefix="nlcal-drive-")
        self.out = os.path.join(self.dir, "stdout")
        self.rc = os.path.join(self.dir, "rc")
        self.stty = os.path.join(self.dir, "stty")
        self.env = dict(os.environ)
        self.env.pop("NO_COLOR", None)
        self.env["TERM"] = "xterm-256color"
        self.env.update(env)
        # The terminal settings before and after (`stty -g`) must be the same.
        # The variables the scenario sets, set again inside (tmux puts its own TERM in panes).
        exports = "".join("export %s='%s'; " % (k, v) for k, v in env.items())
        if "NO_COLOR" not in env:
            exports += "unset NO_COLOR; "
        run = '"$0" "$@" > "%s"; ' % self.out
        self.shell = "/bin/sh"
        if job_control:
            # A shell with job control, like a user's: Ctrl-Z stops nlcal and returns here
            # ("suspended" records that); Enter on the terminal then runs `fg`.
            self.shell = "/bin/bash"
            exports = "set -m; " + exports
            run += 'echo $? > "%s/suspended"; read -r _; fg > /dev/null; ' % self.dir
        self.script = exports + ('stty -g > "%s.before"; ' % self.stty + run +
                                 'echo $? > "%s.tmp"; stty -g > "%s" 2>&1; mv "%s.tmp" "%s"; sleep 5'
                                 % (self.rc, self.stty, self.rc, self.rc))
        self.argv = [binary] + args

    def exited(self):
        return os.path.exists(self.rc)

    def result(self):
        with open(self.rc) as f:
            rc = int(f.read().strip())
        with open(self.out, "rb") as f:
            out = f.read()
        with open(self.stty) as f:
            after = f.read().strip()
        with open(self.stty + ".before") as f:
            before = f.read().strip()
        return rc, out, (before, after)

    def nlcal_pid(self, shell_pid):
        """The nlcal process under the wrapper shell (Linux /proc)."""
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open("/proc/%s/stat" % entry) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == shell_pid:
                    return int(entry)
            except (OSError, IndexError, ValueError):
                continue
        return None


class PexpectBackend(Session):
    name = "pexpect"

    def __init__(self, binary, args, env, cols, rows, job_control=False):
        import pexpect
        super().__init__(binary, args, env, cols, rows, job_control)
        self.vt = VTScreen(cols, rows)
        self.raw = b""
        self.child = pexpect.spawn(self.shell, ["-c", self.script] + self.argv, env=self.env,
                                   dimensions=(rows, cols), echo=False)

    def pump(self, seconds=0.05):
        import pexpect
        end = time.time() + seconds
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=max(0.0, min(0.05, end - time.time())))
                self.raw += data
                self.vt.feed(data)
            except (pexpect.TIMEOUT, pexpect.EOF):
                pass
            if time.time() >= end:
                return

    def send(self, data):
        self.child.send(data)

    def screen(self):
        self.pump(0.02)
        return self.vt.lines()

    def resize(self, cols, rows):
        self.vt.resize(cols, rows)
        self.child.setwinsize(rows, cols)

    def styled(self):
        """SGR parameters the program wrote (colour and attributes), resets excluded."""
        self.pump(0.02)
        return {p.decode() for p in SGR.findall(self.raw)} - {"", "0"}

    def pid(self):
        return self.nlcal_pid(self.child.pid)

    def signal(self, sig):
        pid = self.pid()
        if pid:
            os.kill(pid, sig)

    def close(self):
        self.child.terminate(force=True)
        shutil.rmtree(self.dir, ignore_errors=True)


class TmuxBackend(Session):
    name = "tmux"
    count = 0

    def __init__(self, binary, args, env, cols, rows, job_control=False):
        super().__init__(binary, args, env, cols, rows, job_control)
        # A socket per session: a new server on the last one's socket can race its exit.
        TmuxBackend.count += 1
        self.sock = "nlcal-drive-%d-%d" % (os.getpid(), TmuxBackend.count)
        cmd = ["tmux", "-L", self.sock, "-f", "/dev/null", "new-session", "-d", "-s", "t",
               "-x", str(cols), "-y", str(rows)]
        quoted = " ".join("'%s'" % a.replace("'", "'\\''") for a in [self.shell, "-c", self.script] + self.argv)
        subprocess.run(cmd + [quoted], check=True, env=dict(self.env, TERM="xterm-256color"))
        subprocess.run(self.tmux("set-option", "-g", "remain-on-exit", "on"), check=False)

    def tmux(self, *args):
        return ["tmux", "-L", self.sock] + list(args)

    def send(self, data):
        subprocess.run(self.tmux("send-keys", "-t", "t", "-H") + ["%02x" % b for b in data], check=True)

    def screen(self):
        r = subprocess.run(self.tmux("capture-pane", "-p", "-t", "t"), capture_output=True, text=True)
        return [l.rstrip() for l in r.stdout.split("\n")]

    def resize(self, cols, rows):
        subprocess.run(self.tmux("resize-window", "-t", "t", "-x", str(cols), "-y", str(rows)), check=True)

    def styled(self):
        r = subprocess.run(self.tmux("capture-pane", "-p", "-e", "-t", "t"), capture_output=True)
        return {p.decode() for p in SGR.findall(r.stdout)} - {"", "0"}

    def pid(self):
        r = subprocess.run(self.tmux("display-message", "-p", "-t", "t", "#{pane_pid}"), capture_output=True, text=True)
        return self.nlcal_pid(int(r.stdout.strip()))

    def signal(self, sig):
        pid = self.pid()
        if pid:
            os.kill(pid, sig)

    def pump(self, seconds=0.05):
        time.sleep(seconds)

    def close(self):
        subprocess.run(self.tmux("kill-server"), check=False, capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)
        sock = os.path.join(os.environ.get("TMUX_TMPDIR", "/tmp"), "tmux-%d" % os.getuid(), self.sock)
        if os.path.exists(sock):
            os.unlink(sock)


# ---------------------------------------------------------------------------------------------
# Checks

class Driver:
    def __init__(self, backend_cls, binary):
        self.backend_cls, self.binary = backend_cls, binary
        self.t = None

    def start(self, args=(), env=None, cols=80, rows=24, job_control=False):
        self.t = self.backend_cls(self.binary, ["parse", "-i"] + NOW + list(args), env or {}, cols, rows, job_control)
        self.wait_for("nlcal ·")

    def type(self, text):
        self.t.send(text.encode())

    def key(self, *names):
        for n in names:
            self.t.send(KEYS[n])
            self.t.pump(0.06)  # a lone ESC needs its own moment to count as the Esc key

    def alt(self, digit):
        self.t.send(b"\x1b" + digit.encode())

    def wait_for(self, *texts, timeout=10.0, absent=()):
        end = time.time() + timeout
        while True:
            lines = self.t.screen()
            joined = "\n".join(lines)
            if all(t in joined for t in texts) and not any(a in joined for a in absent):
                return lines
            if time.time() > end:
                raise Failure("timed out waiting for %r%s" % (texts, " without %r" % (absent,) if absent else ""))
            self.t.pump(0.05)

    def wait_exit(self, timeout=10.0):
        end = time.time() + timeout
        while not self.t.exited():
            if time.time() > end:
                raise Failure("nlcal did not exit")
            self.t.pump(0.05)
        return self.t.result()

    def expect_restored(self, stty):
        """The terminal settings are as before, and the UI (drawn in the alternate screen)
        is gone from the normal screen."""
        before, after = stty
        if before != after:
            raise Failure("terminal settings not restored after exit:\nbefore %s\nafter  %s" % (before, after))
        self.t.pump(0.1)
        if any("nlcal ·" in l for l in self.t.screen()):
            raise Failure("the UI is still on the screen after exit")

    def close(self):
        if self.t:
            self.t.close()


def expect(cond, message):
    if not cond:
        raise Failure(message)


def scenario_preview(d):
    d.start()
    d.type("Return library books at 9")
    lines = d.wait_for("Title  Return library books", "When   Thu 12 Mar 2026, 09:00–10:00",
                       "! Morning or evening?", "[2 Today 21:00]")
    expect(lines[-1].startswith("> Return library books at 9") or "> Return library books at 9" in "\n".join(lines),
           "input line missing")
    # Editing keys: Ctrl-W deletes "9", Ctrl-U the rest; the panel follows.
    d.key("ctrl-w")
    d.wait_for("> Return library books at", absent=("Morning or evening?",))
    d.type("9pm")
    d.wait_for("When   Wed 11 Mar 2026, 21:00–22:00")
    d.key("ctrl-u")
    d.wait_for("nlcal · type an event")
    d.key("esc")
    rc, out, stty = d.wait_exit()
    expect(rc == 130, "Esc should exit 130, got %d" % rc)


def scenario_chip(d):
    d.start(args=["Return library books at 9"])  # pre-filled from the arguments
    d.wait_for("When   Thu 12 Mar 2026, 09:00–10:00", "[1 ✓ Tomorrow 09:00]")
    d.alt("2")
    d.wait_for("When   Wed 11 Mar 2026, 21:00–22:00", "[2 ✓ Today 21:00]")
    # Digits type while the text has focus; Tab moves to the chips, where a digit picks.
    d.type("0")
    d.wait_for("> Return library books at 90")
    d.key("backspace", "tab")
    d.wait_for("»[1", "1-9/Enter pick")
    d.type("4")
    d.wait_for("When   Wed 11 Mar 2026, 09:00–10:00", "[4 ✓ Today 09:00]", "> Return library books at 9")
    # Tab, Tab, Enter picks the second chip.
    d.key("tab", "tab", "enter")
    d.wait_for("When   Wed 11 Mar 2026, 21:00–22:00")
    d.key("ctrl-c")
    rc, out, stty = d.wait_exit()
    expect(rc == 130, "Ctrl-C should exit 130, got %d" % rc)
    expect(out == b"", "cancel wrote to stdout: %r" % out[:200])
    d.expect_restored(stty)


def scenario_pick(d):
    d.start(args=["Dinner with Sam"])
    d.wait_for("needs a date or time", "[3 Pick…]")
    d.alt("3")
    d.wait_for("Type a date/time", "Enter apply")
    d.type("fri 3pm")
    d.key("enter")
    d.wait_for("When   Fri 13 Mar 2026, 15:00–16:00", "[3 ✓ Pick… fri 3pm]")
    d.key("enter")
    rc, out, stty = d.wait_exit()
    expect(rc == 0, "accept should exit 0, got %d" % rc)
    import json
    ev = json.loads(out)["event"]
    expect(ev["start"] == "2026-03-13T15:00:00+09:00", "picked start not applied: %r" % ev)
    expect(ev["title"] == "Dinner with Sam", "title: %r" % ev["title"])


def scenario_accept(d):
    import json
    d.start()
    d.type("Return library books at 9")
    d.wait_for("[2 Today 21:00]")
    d.alt("2")
    d.wait_for("When   Wed 11 Mar 2026, 21:00–22:00")
    d.key("enter")
    rc, out, stty = d.wait_exit()
    expect(rc == 0, "accept should exit 0, got %d" % rc)
    expect(b"\x1b" not in out, "escape codes on stdout: %r" % out[:200])
    doc = json.loads(out)
    expect(doc["event"]["start"] == "2026-03-11T21:00:00+09:00", "chip not applied: %r" % doc["event"])
    expect(doc["event"]["title"] == "Return library books", "title: %r" % doc["event"]["title"])
    expect([a["id"] for a in doc["ambiguities"]] == ["time-passed"], "settled ambiguity kept: %r" % doc["ambiguities"])
    expect(out.endswith(b"\n") and out.count(b"\n") == 1, "expected one JSON line")
    d.expect_restored(stty)


def scenario_paste(d):
    # Bracketed paste: a pasted line break is a space, not Enter.
    d.start()
    d.t.send(b"\x1b[200~Lunch with Alex\ntomorrow 1pm\x1b[201~")
    d.wait_for("> Lunch with Alex tomorrow 1pm", "When   Thu 12 Mar 2026, 13:00–14:00")
    expect(not d.t.exited(), "the pasted newline accepted")
    d.key("enter")
    rc, out, stty = d.wait_exit()
    expect(rc == 0, "accept should exit 0, got %d" % rc)


def scenario_error(d):
    # A stage plugin that crashes: the error state names it, Enter does not accept, Esc leaves.
    fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "plugins", "crash")
    d.start(args=["--plugin", fixture, "Lunch tomorrow"])
    d.wait_for("nlcal · error", "✗ plugin 'fault-crash'", "Edit the text to try again.")
    d.key("enter")
    d.wait_for("Fix the text first")
    expect(not d.t.exited(), "Enter accepted a failed parse")
    d.key("esc")
    rc, out, stty = d.wait_exit()
    expect(rc == 130 and out == b"", "exit %d, stdout %r" % (rc, out[:100]))
    d.expect_restored(stty)


def scenario_format(d):
    d.start(args=["--format", "ics", "Standup tomorrow 9:30"])
    d.wait_for("When   Thu 12 Mar 2026, 09:30–10:30")
    d.key("enter")
    rc, out, stty = d.wait_exit()
    expect(rc == 0, "accept should exit 0, got %d" % rc)
    expect(out.startswith(b"BEGIN:VCALENDAR") and b"SUMMARY:Standup" in out, "not iCalendar: %r" % out[:200])


def scenario_cancel(d):
    d.start()
    d.type("Lunch tomorrow at noon")
    d.wait_for("Title  Lunch")
    d.key("esc")
    rc, out, stty = d.wait_exit()
    expect(rc == 130, "Esc should exit 130, got %d" % rc)
    expect(out == b"", "cancel wrote to stdout: %r" % out[:200])
    d.expect_restored(stty)


def scenario_sigterm(d):
    d.start()
    d.type("Lunch tomorrow at noon")
    d.wait_for("Title  Lunch")
    d.t.signal(signal.SIGTERM)
    rc, out, stty = d.wait_exit()
    expect(rc == 143, "SIGTERM should exit 143, got %d" % rc)
    expect(out == b"", "SIGTERM wrote to stdout: %r" % out[:200])
    d.expect_restored(stty)


def scenario_suspend(d):
    # Ctrl-Z gives the terminal back (settings as before, normal screen) and stops the job;
    # SIGCONT takes it again and redraws.
    d.start(job_control=True)
    d.type("Lunch tomorrow at noon")
    d.wait_for("Title  Lunch")
    pid = d.t.pid()
    d.t.send(b"\x1a")
    suspended = os.path.join(d.t.dir, "suspended")
    end = time.time() + 10
    while not os.path.exists(suspended):
        expect(time.time() < end, "Ctrl-Z did not stop nlcal (state %s; %s)" % (process_state(pid), signal_masks(pid)))
        d.t.pump(0.05)
    d.t.pump(0.1)
    expect(process_state(pid) == "T", "nlcal is not stopped (state %s)" % process_state(pid))
    with open(d.t.stty + ".before") as f:
        before = f.read().strip()
    tty = os.readlink("/proc/%d/fd/0" % pid)
    stopped = subprocess.run(["stty", "-g", "-F", tty], capture_output=True, text=True).stdout.strip()
    expect(stopped == before, "terminal not restored while stopped:\nbefore  %s\nstopped %s" % (before, stopped))
    d.wait_for(absent=("Title  Lunch",))  # the normal screen is back
    d.key("enter")  # the shell runs `fg`
    d.wait_for("nlcal · preview", "Title  Lunch", "> Lunch tomorrow at noon")
    d.type("!")
    d.wait_for("> Lunch tomorrow at noon!")  # raw mode again: keys still arrive one by one
    d.key("esc")
    rc, out, stty = d.wait_exit()
    expect(rc == 130, "exit %d" % rc)
    d.expect_restored(stty)


def signal_masks(pid):
    """The signal masks of a process, and its process group and session (for diagnostics)."""
    try:
        with open("/proc/%d/status" % pid) as f:
            masks = [l.strip() for l in f if l.startswith(("SigBlk", "SigIgn", "SigCgt"))]
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return " ".join(masks) + " ppid=%s pgrp=%s session=%s tpgid=%s" % (fields[1], fields[2], fields[3], fields[5])
    except OSError:
        return "gone"


def process_state(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def scenario_resize(d):
    d.start(cols=80, rows=24)
    d.type("Return library books at 9")
    lines = d.wait_for("[1 ✓ Tomorrow 09:00] [2 Today 21:00]")
    d.t.resize(40, 24)
    lines = d.wait_for("Enter accept · Alt+1-9 or Tab: chips", absent=("[1 ✓ Tomorrow 09:00] [2",))
    for l in lines:
        expect(len(l) <= 40, "line wider than 40 columns after resize: %r" % l)
    expect(any(l.strip() == "[2 Today 21:00]" for l in lines), "chips did not wrap at 40 columns")
    d.t.resize(100, 30)
    d.wait_for("[1 ✓ Tomorrow 09:00] [2 Today 21:00]", "Enter accept · Alt+1-9 or Tab: chips · Esc cancel")
    d.key("esc")
    rc, _, stty = d.wait_exit()
    expect(rc == 130, "exit %d" % rc)


def scenario_nocolor(d):
    d.start(env={"NO_COLOR": "1"})
    d.type("Return library books at 9")
    d.wait_for("[2 Today 21:00]")
    styles = d.t.styled()
    expect(not styles, "NO_COLOR run drew styles: %r" % sorted(styles))
    d.key("esc")
    d.wait_exit()


def scenario_dumb(d):
    d.start(env={"TERM": "dumb"})
    d.type("Return library books at 9")
    d.wait_for("[2 Today 21:00]")
    styles = d.t.styled()
    expect(not styles, "TERM=dumb run drew styles: %r" % sorted(styles))
    d.key("esc")
    d.wait_exit()


def scenario_color(d):
    d.start()
    d.type("Return library books at 9")
    d.wait_for("[2 Today 21:00]")
    styles = d.t.styled()
    expect(styles, "a colour terminal got no styles")
    d.key("esc")
    d.wait_exit()


SCENARIOS = {name[len("scenario_"):]: f for name, f in sorted(globals().items()) if name.startswith("scenario_")}


def pick_backend(name):
    def has_pexpect():
        try:
            import pexpect  # noqa: F401
            return True
        except ImportError:
            return False
    if name in (None, "pexpect") and has_pexpect():
        return PexpectBackend
    if name in (None, "tmux") and shutil.which("tmux"):
        return TmuxBackend
    return None


def main():
    # Start the terminals with no signals blocked, as a login shell would (a test runner may
    # spawn this script from a thread that blocks most of them, and bash passes that on).
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default=".build/debug/nlcal")
    ap.add_argument("--backend", choices=["pexpect", "tmux"])
    ap.add_argument("--list", action="store_true")
    ap.add_argument("scenarios", nargs="*")
    a = ap.parse_args()
    if a.list:
        print("\n".join(SCENARIOS))
        return 0
    backend = pick_backend(a.backend)
    if backend is None:
        print("skipped: neither python3 pexpect (pip install pexpect) nor tmux (apt-get install tmux) is available", file=sys.stderr)
        return 77
    names = a.scenarios or list(SCENARIOS)
    for name in names:
        if name not in SCENARIOS:
            print("unknown scenario %r (have: %s)" % (name, ", ".join(SCENARIOS)), file=sys.stderr)
            return 2
        d = Driver(backend, os.path.abspath(a.binary))
        try:
            SCENARIOS[name](d)
            print("ok %s (%s)" % (name, backend.name))
        except Failure as e:
            screen = d.t.screen() if d.t else []
            print("FAIL %s (%s): %s\n--- screen ---\n%s\n--------------" % (name, backend.name, e, "\n".join(screen)), file=sys.stderr)
            return 1
        finally:
            d.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
