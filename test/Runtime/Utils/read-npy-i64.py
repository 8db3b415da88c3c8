#!/usr/bin/env python3
"""Prints the shape and elements of a little-endian int64 .npy file."""
import ast
import struct
import sys

data = open(sys.argv[1], "rb").read()
assert data[:6] == b"\x93NUMPY", "bad magic"
length = struct.unpack("<H", data[8:10])[0]
header = ast.literal_eval(data[10:10 + length].decode())
assert header["descr"] == "<i8", header
body = data[10 + length:]
print(header["shape"], list(struct.unpack(f"<{len(body) // 8}q", body)))
