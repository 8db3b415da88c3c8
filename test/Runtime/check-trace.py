#!/usr/bin/env python3
"""Summarises a Chrome trace written by mplang-run, for FileCheck.

Fails (exit 1) when the file is not valid JSON or an event lacks a field the
Chrome trace format requires; prints per-rank op counts and flow pairing.
"""
import collections
import json
import sys

with open(sys.argv[1]) as f:
    events = json.load(f)["traceEvents"]

names = {}
ops = collections.Counter()
starts, ends = collections.Counter(), collections.Counter()
for e in events:
    for key in ("ph", "pid"):
        if key not in e:
            sys.exit(f"event without '{key}': {e}")
    if e["ph"] == "M":
        names[e["pid"]] = e["args"]["name"]
    elif e["ph"] == "X":
        if not isinstance(e.get("ts"), int) or not isinstance(e.get("dur"), int):
            sys.exit(f"X event without integer ts/dur: {e}")
        if e["cat"] == "op":
            if "location" not in e["args"]:
                sys.exit(f"op event without a location: {e}")
            ops[e["pid"]] += 1
    elif e["ph"] in "sf":
        (starts if e["ph"] == "s" else ends)[e["id"]] += 1

for pid in sorted(names):
    print(f"{names[pid]}: {ops[pid]} ops")
paired = sum(min(starts[i], ends[i]) for i in starts)
unpaired = sum(starts.values()) + sum(ends.values()) - 2 * paired
print(f"flows: {paired} paired, {unpaired} unpaired")
