#!/usr/bin/env python3
"""Starts a command, sends it SIGINT after a second, and prints its exit
code and standard error, for FileCheck."""
import signal
import subprocess
import sys
import time

proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, text=True)
time.sleep(1)
proc.send_signal(signal.SIGINT)
try:
    out, err = proc.communicate(timeout=10)
except subprocess.TimeoutExpired:
    proc.kill()
    sys.exit("still running 10 s after SIGINT")
print(f"exit code {proc.returncode}")
print(err)
