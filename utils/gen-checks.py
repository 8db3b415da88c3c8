#!/usr/bin/env python3
"""Turns mplang-opt output (stdin) into FileCheck lines for a lit test.

Module and function headers become CHECK-LABEL lines, everything else
CHECK-NEXT, so the test pins the exact projected program. Review the output
before committing it: it records what the tool does, not what it should do.
"""
import sys

prefix = sys.argv[1] if len(sys.argv) > 1 else "CHECK"
for line in sys.stdin.read().splitlines():
    text = line.strip()
    if not text or text.startswith("module attributes {simp.world_size"):
        continue
    if text.startswith("module @") or text.startswith("func.func"):
        print(f"// {prefix}-LABEL: {text}")
    else:
        print(f"// {prefix}-NEXT:  {text}")
