#!/usr/bin/env python3
"""Runs a command (argv[2:]) and prints its exit code, standard error and
standard output, for FileCheck; fails if it runs longer than argv[1]
seconds."""
import subprocess
import sys

try:
    proc = subprocess.run(sys.argv[2:], capture_output=True, text=True,
                          timeout=float(sys.argv[1]))
except subprocess.TimeoutExpired:
    sys.exit(f"still running after {sys.argv[1]} s")
print(f"exit code {proc.returncode}")
print(proc.stderr)
print(proc.stdout)
