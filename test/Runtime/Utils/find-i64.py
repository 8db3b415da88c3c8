#!/usr/bin/env python3
"""Prints whether FILE holds the little-endian int64 elements given, in a row."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
needle = struct.pack(f"<{len(sys.argv) - 2}q", *map(int, sys.argv[2:]))
print("found" if needle in data else "absent")
