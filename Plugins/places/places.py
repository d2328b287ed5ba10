#!/usr/bin/env python3
"""nlcal stage plugin: marks known places (a gazetteer) as the event's location.

The gazetteer is places.txt beside this file, or the file named by $NLCAL_PLACES:
one place a line, "Name | alias | alias". The longest match wins; a location preposition
("at", "in", "@") just before it joins the span, so it leaves the title too.
"""
import json
import os
import re
import sys

PREPOSITIONS = ("at", "in", "@", "@ ")


def load_gazetteer():
    path = os.environ.get("NLCAL_PLACES") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "places.txt")
    names = []  # (alias lowercased, canonical name)
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split("|") if p.strip()]
            for alias in parts:
                names.append((alias.lower(), parts[0]))
    names.sort(key=lambda n: -len(n[0]))
    return names


def find_place(text, spans, gazetteer):
    lower = text.lower()
    taken = [s["range"] for s in spans if s["field"] != "location"]
    for alias, name in gazetteer:
        for m in re.finditer(r"(?<!\w)" + re.escape(alias) + r"(?!\w)", lower):
            start, end = m.start(), m.end()
            if any(start < hi and lo < end for lo, hi in taken):
                continue
            # Take a preposition just before the place into the span.
            before = lower[:start].rstrip()
            for prep in ("at", "in", "@"):
                if before.endswith(prep) and (prep == "@" or len(before) == len(prep) or not before[-len(prep) - 1].isalnum()):
                    cand = len(before) - len(prep)
                    if not any(cand < hi and lo < start for lo, hi in taken):
                        start = cand
                    break
            return name, start, end
    return None


def main():
    gazetteer = load_gazetteer()
    hello = json.loads(sys.stdin.readline() or "{}")
    if hello.get("nlcal") != "plugin":
        print(json.dumps({"ok": False, "error": "expected the nlcal handshake"}), flush=True)
        return
    print(json.dumps({"ok": True, "version": 1, "name": "places"}), flush=True)
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        req = json.loads(line)
        answer = {"seq": req.get("seq")}
        found = find_place(req["text"], req.get("spans", []), gazetteer)
        if found:
            name, start, end = found
            answer["location"] = name
            answer["spans"] = [{"field": "location", "range": [start, end], "rules": ["places"]}]
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
