#!/usr/bin/env python3
"""nlcal emitter plugin: one Markdown agenda line per result.

  - **Tue 17 Mar 2026 13:00–14:00** Lunch with Alex · Shibuya · with Alex
  - **Sat 21 Mar 2026** (all day) Hanami · weekly (FREQ=WEEKLY;BYDAY=SA)
  - [ ] call mom (no time found)
"""
import json
import sys
from datetime import datetime, timedelta


def md(text):
    return "".join("\\" + c if c in "\\`*_[]<>#|" else c for c in text)


def line(result):
    ev = result.get("event")
    if not ev:
        return "- [ ] %s (no time found)" % md(result.get("text", ""))
    start = datetime.fromisoformat(ev["start"])
    end = datetime.fromisoformat(ev["end"])
    day = start.strftime("%a %d %b %Y")
    if ev.get("allDay"):
        last = end - timedelta(days=1)
        when = "**%s**" % day if last.date() == start.date() else "**%s – %s**" % (day, last.strftime("%a %d %b %Y"))
        when += " (all day)"
    elif end.date() == start.date():
        when = "**%s %s–%s**" % (day, start.strftime("%H:%M"), end.strftime("%H:%M"))
    else:
        when = "**%s %s – %s**" % (day, start.strftime("%H:%M"), end.strftime("%a %d %b %Y %H:%M"))
    parts = [when + " " + md(ev.get("title") or "(untitled)")]
    if ev.get("location"):
        parts.append(md(ev["location"]))
    people = [a.get("name") or a.get("email") for a in ev.get("attendees", [])]
    if people:
        parts.append("with " + ", ".join(md(p) for p in people))
    if ev.get("recurrence"):
        parts.append("repeats (%s)" % ev["recurrence"])
    return "- " + " · ".join(parts)


def main():
    hello = json.loads(sys.stdin.readline() or "{}")
    if hello.get("nlcal") != "plugin":
        print(json.dumps({"ok": False, "error": "expected the nlcal handshake"}), flush=True)
        return
    print(json.dumps({"ok": True, "version": 1, "name": "agenda-md"}), flush=True)
    while True:
        req_line = sys.stdin.readline()
        if not req_line:
            return
        req = json.loads(req_line)
        print(json.dumps({"seq": req.get("seq"), "output": line(req["result"])}), flush=True)


if __name__ == "__main__":
    main()
