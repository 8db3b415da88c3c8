#!/usr/bin/env python3
"""Runs a command and fails unless its peak resident memory stays under a
bound: peak-rss.py MAX_MIB COMMAND...  The command's output passes through;
exits with the command's status when it fails."""
import resource
import subprocess
import sys

limit_mib = int(sys.argv[1])
status = subprocess.run(sys.argv[2:]).returncode
if status:
    sys.exit(status)
peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
if peak_mib > limit_mib:
    sys.exit(f"peak RSS {peak_mib:.0f} MiB is over {limit_mib} MiB")
print(f"peak RSS under {limit_mib} MiB", flush=True)
