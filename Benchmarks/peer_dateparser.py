#!/usr/bin/env python3
"""Runs a time corpus through dateparser (PyPI) the way `nlcal eval` scores nlcal.

    python3 Benchmarks/peer_dateparser.py ../shared/corpus/duckling-en-time.jsonl [--limit N]

Prints accuracy (an instant is right when the answer cut down to the expected grain equals the
expected value; dateparser has no intervals, so interval cases count as wrong unless it finds
nothing for a `none` case) and per-sentence latency (median, p99) of `search_dates`.
An event corpus (dev-events.jsonl) is scored on the event's start: an instant of grain minute,
or day for all-day events.
"""
import json, sys, time, statistics
from datetime import datetime, timedelta
import dateparser
from dateparser.search import search_dates
from zoneinfo import ZoneInfo

def truncate(dt, grain):
    if grain == "second": return dt.replace(microsecond=0)
    if grain == "minute": return dt.replace(second=0, microsecond=0)
    if grain == "hour": return dt.replace(minute=0, second=0, microsecond=0)
    d = dt.replace(hour=0, minute=0, second=0, microsecond=0)
    if grain == "day": return d
    if grain == "week": return d - timedelta(days=d.weekday())
    if grain == "month": return d.replace(day=1)
    if grain == "quarter": return d.replace(day=1, month=(d.month - 1) // 3 * 3 + 1)
    return d.replace(day=1, month=1)

def main():
    path = sys.argv[1]
    limit = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else None
    cases = [json.loads(l) for l in open(path) if l.strip()][:limit]
    right = 0
    times = []
    for c in cases:
        tz = ZoneInfo(c["tz"])
        ref = datetime.fromisoformat(c["ref"]).astimezone(tz)
        settings = {"RELATIVE_BASE": ref.replace(tzinfo=None), "TIMEZONE": c["tz"], "TO_TIMEZONE": c["tz"],
                    "RETURN_AS_TIMEZONE_AWARE": True, "PREFER_DATES_FROM": "future"}
        t0 = time.perf_counter()
        try:
            found = search_dates(c["text"], languages=["en"], settings=settings)
        except Exception:
            found = None
        times.append((time.perf_counter() - t0) * 1e6)
        exp = c["expect"]
        if "start" in exp or exp.get("none"):
            # An event corpus: the expected time is the event's start (a day for all-day events).
            exp = ({"kind": "none"} if exp.get("none") else
                   {"kind": "instant", "value": exp["start"], "grain": "day" if exp.get("allDay") else "minute"})
        kind = exp.get("kind", "none")
        if kind == "none":
            right += not found
        elif kind == "instant" and found:
            got = found[0][1].astimezone(tz)
            want = datetime.fromisoformat(exp["value"]).astimezone(tz)
            right += truncate(got, exp["grain"]) == want
    times.sort()
    print(json.dumps({"corpus": path, "cases": len(cases), "accuracy": round(100 * right / len(cases), 1),
                      "median_us": round(statistics.median(times), 1), "p99_us": round(times[int(0.99 * (len(times) - 1))], 1),
                      "dateparser": dateparser.__version__}))

if __name__ == "__main__":
    main()
