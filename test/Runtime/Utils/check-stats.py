#!/usr/bin/env python3
"""Summarises the --stats-json file of mplang-run, for FileCheck.

Fails (exit 1) when a field is missing or the numbers disagree with each
other (rates, means, op counts); prints what a run must reproduce exactly:
ops, messages and bytes per peer and the op kinds with their counts.
"""
import json
import math
import sys

with open(sys.argv[1]) as f:
    ranks = json.load(f)["ranks"]

for r in ranks:
    wall, ops = r["wall_us"], r["ops"]
    if wall <= 0 or not math.isclose(r["ops_per_s"], ops / (wall / 1e6),
                                     rel_tol=1e-6):
        sys.exit(f"rank {r['rank']}: ops/s disagrees with ops and wall time")
    if not 0 <= r["average_active_tasks"] <= r["peak_active_tasks"]:
        sys.exit(f"rank {r['rank']}: average active tasks above the peak")
    if r["average_queue_length"] < 0 or r["receive_wait_us"] < 0:
        sys.exit(f"rank {r['rank']}: negative queue length or wait")
    kinds = r["top_ops"]
    for k in kinds:
        if not math.isclose(k["mean_us"] * k["count"], k["total_us"],
                            rel_tol=1e-6, abs_tol=1e-9):
            sys.exit(f"rank {r['rank']}: mean of {k['name']} is not total/count")
    if [k["total_us"] for k in kinds] != sorted(
            (k["total_us"] for k in kinds), reverse=True):
        sys.exit(f"rank {r['rank']}: op kinds not by total time")
    if len(kinds) < 10 and sum(k["count"] for k in kinds) != ops:
        sys.exit(f"rank {r['rank']}: op kinds do not add up to the ops")
    print(f"rank {r['rank']}: {ops} ops")
    for p in r["peers"]:
        print(f"  peer {p['peer']}: sent {p['messages_sent']} "
              f"({p['bytes_sent']} B), received {p['messages_received']} "
              f"({p['bytes_received']} B)")
    print("  kinds: " + ", ".join(f"{k['name']} {k['count']}"
                                  for k in sorted(kinds, key=lambda k: k["name"])))
