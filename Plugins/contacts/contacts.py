#!/usr/bin/env python3
"""nlcal stage plugin: fills attendee emails from a vCard (.vcf) address book.

The file is $NLCAL_CONTACTS, else contacts.vcf beside this file. An attendee matches a
contact by full name, by nickname, or by first name when only one contact has it
(all ignoring case). The first EMAIL of the card is used (a TYPE=pref one if present).
"""
import json
import os
import sys


def unfold(text):
    lines = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if raw[:1] in (" ", "\t") and lines:
            lines[-1] += raw[1:]
        else:
            lines.append(raw)
    return lines


def unescape(value):
    return value.replace("\\,", ",").replace("\\;", ";").replace("\\n", " ").replace("\\\\", "\\")


def load_contacts(path):
    cards, card = [], None
    with open(path, encoding="utf-8") as f:
        for line in unfold(f.read()):
            if ":" not in line:
                continue
            head, value = line.split(":", 1)
            prop, *params = head.split(";")
            prop = prop.upper().split(".")[-1]  # "item1.EMAIL" → EMAIL
            if prop == "BEGIN" and value.upper() == "VCARD":
                card = {"names": [], "emails": []}
            elif prop == "END" and card is not None:
                if card["emails"] and card["names"]:
                    cards.append(card)
                card = None
            elif card is None:
                continue
            elif prop == "FN":
                card["names"].insert(0, unescape(value).strip())
            elif prop == "N":
                parts = value.split(";")
                given = unescape(parts[1]).strip() if len(parts) > 1 else ""
                family = unescape(parts[0]).strip()
                if given:
                    card["given"] = given
                    card["names"].append((given + " " + family).strip())
            elif prop == "NICKNAME":
                card["names"] += [unescape(n).strip() for n in value.split(",") if n.strip()]
            elif prop == "EMAIL":
                pref = any("PREF" in p.upper() for p in params)
                card["emails"].insert(0, value.strip()) if pref else card["emails"].append(value.strip())
    return cards


def index(cards):
    exact, first = {}, {}
    for c in cards:
        for n in c["names"]:
            exact.setdefault(n.lower(), c["emails"][0])
        given = (c.get("given") or (c["names"][0].split() or [""])[0]).lower()
        if given:
            first.setdefault(given, set()).add(c["emails"][0])
    return exact, {k: next(iter(v)) for k, v in first.items() if len(v) == 1}


def main():
    path = os.environ.get("NLCAL_CONTACTS") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "contacts.vcf")
    hello = json.loads(sys.stdin.readline() or "{}")
    try:
        exact, first = index(load_contacts(path))
    except OSError as e:
        print(json.dumps({"ok": False, "error": "cannot read contacts %s: %s" % (path, e.strerror)}), flush=True)
        return
    if hello.get("nlcal") != "plugin":
        print(json.dumps({"ok": False, "error": "expected the nlcal handshake"}), flush=True)
        return
    print(json.dumps({"ok": True, "version": 1, "name": "contacts"}), flush=True)
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        req = json.loads(line)
        found = []
        for a in req["event"].get("attendees", []):
            name = a.get("name")
            if not name or a.get("email"):
                continue
            email = exact.get(name.lower()) or first.get(name.lower())
            if email:
                found.append({"name": name, "email": email})
        answer = {"seq": req.get("seq")}
        if found:
            answer["attendees"] = found
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
