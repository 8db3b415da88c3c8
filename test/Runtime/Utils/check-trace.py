#!/usr/bin/env python3
"""Summarises a Chrome trace written by mplang-run, for FileCheck.

Fails (exit 1) when the file is not valid JSON, an event lacks a field the
Chrome trace format requires, two slices on one lane overlap, a lane has no
name or an async op does not end. Prints per rank its op count (slices and
async slices of category "op", and the ops of "op group" slices), its lane names and counters, and how many
sends' flows end at a receive; when the trace aggregated ops, how often
each op kind ran in all (traced and aggregated); and the per-element region
runs that ops summarize.
"""
import collections
import json
import sys

with open(sys.argv[1]) as f:
    events = json.load(f)["traceEvents"]

names = {}
lanes = collections.defaultdict(dict)
ops = collections.Counter()
runs = collections.defaultdict(collections.Counter)
aggregated = set()
body_runs = collections.defaultdict(collections.Counter)
counters = collections.defaultdict(set)
slices = collections.defaultdict(list)
async_open = collections.Counter()
starts, ends = collections.Counter(), collections.Counter()
for e in events:
    for key in ("ph", "pid", "name"):
        if key not in e:
            sys.exit(f"event without '{key}': {e}")
    pid, ph = e["pid"], e["ph"]
    if ph != "M" and not isinstance(e.get("ts"), (int, float)):
        sys.exit(f"event without a numeric ts: {e}")
    if ph == "M" and e["name"] == "process_name":
        names[pid] = e["args"]["name"]
    elif ph == "M" and e["name"] == "thread_name":
        lanes[pid][e["tid"]] = e["args"]["name"]
    elif ph == "X":
        if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
            sys.exit(f"X event without a duration: {e}")
        slices[(pid, e["tid"])].append((e["ts"], e["ts"] + e["dur"], e["name"]))
        if e["cat"] == "op":
            ops[pid] += 1
            runs[pid][e["name"]] += 1
        elif e["cat"] == "op group":
            group = e["args"]["ops"]
            if not group or any(n < 1 for n in group.values()):
                sys.exit(f"op group without ops: {e}")
            ops[pid] += sum(group.values())
            for name, n in group.items():
                runs[pid][name] += n
    elif ph in "be":
        async_open[(pid, e["id"])] += 1 if ph == "b" else -1
        if ph == "b" and e["cat"] == "op":
            ops[pid] += 1
            runs[pid][e["name"]] += 1
            if "body_runs" in e["args"]:
                body_runs[pid][e["name"]] += e["args"]["body_runs"]
    elif ph == "i" and e["name"].startswith("aggregated: "):
        aggregated.add(pid)
        runs[pid][e["name"][len("aggregated: "):]] += e["args"]["count"]
    elif ph == "C":
        counters[pid].add(e["name"])
    elif ph in "sf":
        (starts if ph == "s" else ends)[e["id"]] += 1

for (pid, tid), spans in slices.items():
    if tid not in lanes[pid]:
        sys.exit(f"rank {pid}: lane {tid} has no thread_name")
    spans.sort()
    for (s0, e0, n0), (s1, e1, n1) in zip(spans, spans[1:]):
        # Times are microseconds with three decimals: sums may be off by
        # a rounding error.
        if s1 < e0 - 1e-4:
            sys.exit(f"rank {pid}, lane {lanes[pid][tid]}: '{n0}' "
                     f"[{s0}, {e0}] overlaps '{n1}' [{s1}, {e1}]")
unended = [key for key, n in async_open.items() if n]
if unended:
    sys.exit(f"async slices without an end: {unended}")

for pid in sorted(names):
    print(f"{names[pid]}: {ops[pid]} ops")
    print(f"  lanes: {', '.join(sorted(set(lanes[pid].values())))}")
    print(f"  counters: {', '.join(sorted(counters[pid]))}")
    if pid in aggregated:
        print("  traced + aggregated: " + ", ".join(
            f"{name} {n}" for name, n in sorted(runs[pid].items())))
    if body_runs[pid]:
        print("  body runs: " + ", ".join(
            f"{name} {n}" for name, n in sorted(body_runs[pid].items())))
paired = sum(min(starts[i], ends[i]) for i in starts)
unpaired = sum(starts.values()) + sum(ends.values()) - 2 * paired
print(f"flows: {paired} paired, {unpaired} unpaired")
