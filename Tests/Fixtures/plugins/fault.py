#!/usr/bin/env python3
"""Misbehaving nlcal plugins for the fault tests: fault.py MODE.

crash     handshake, then exit 3 on the first request (after a line on stderr)
hang      handshake, then never answer
garbage   handshake, then answer text that is not JSON
version2  answer the handshake with protocol version 2
count     a well-behaved stage that appends a line to $NLCAL_TEST_COUNT_FILE when it starts
emit-crash  an emitter that answers once, then crashes on the second request
"""
import json
import os
import sys
import time

mode = sys.argv[1]
if mode == "count":
    with open(os.environ["NLCAL_TEST_COUNT_FILE"], "a") as f:
        f.write("start %d\n" % os.getpid())
hello = json.loads(sys.stdin.readline())
assert hello["nlcal"] == "plugin"
if mode == "version2":
    print(json.dumps({"ok": True, "version": 2}), flush=True)
    sys.exit(0)
print(json.dumps({"ok": True, "version": 1}), flush=True)
n = 0
while True:
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    n += 1
    req = json.loads(line)
    if mode == "crash":
        print("boom: simulated crash", file=sys.stderr, flush=True)
        sys.exit(3)
    if mode == "hang":
        time.sleep(600)
    if mode == "garbage":
        print("this is not json {", flush=True)
        continue
    if mode == "emit-crash":
        if n >= 2:
            os._exit(5)
        print(json.dumps({"output": "line %d" % n}), flush=True)
        continue
    print(json.dumps({"seq": req["seq"]}), flush=True)
