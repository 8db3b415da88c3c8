#!/usr/bin/env python3
"""Starts a command, sends it SIGINT once its run is under way, and prints
its exit code and standard error, for FileCheck.

Under way: a second passed, and the command has started threads (mplang-run
installs its SIGINT handler before it starts any) and handles SIGINT. A
fixed delay alone is not enough on a loaded machine: before the handler is
installed, SIGINT kills the command outright."""
import signal
import subprocess
import sys
import time


def under_way(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    handled = int(fields["SigCgt"], 16) >> (signal.SIGINT - 1) & 1
    return handled and int(fields["Threads"]) > 1


proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, text=True)
time.sleep(1)
end = time.monotonic() + 60
while proc.poll() is None and not under_way(proc.pid):
    if time.monotonic() > end:
        proc.kill()
        sys.exit("not under way after 60 s")
    time.sleep(0.05)
proc.send_signal(signal.SIGINT)
try:
    out, err = proc.communicate(timeout=60)
except subprocess.TimeoutExpired:
    proc.kill()
    sys.exit("still running 60 s after SIGINT")
print(f"exit code {proc.returncode}")
print(err)
