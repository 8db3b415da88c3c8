#!/usr/bin/env python3
"""Writes a crafted .npy file: make-npy.py FILE DESCR SHAPE [DATA [SIZE]]

DESCR and SHAPE go into the header as they are ('<i8', '(4,)'); DATA is
comma-separated byte values written after it; SIZE (with a K, M or G
suffix) then extends the file's data, sparsely, to that many bytes. A
DESCR of 'bad-magic' writes 8 bytes that are not the .npy magic instead of
a header."""
import sys

path, descr, shape = sys.argv[1:4]
data = bytes(int(b) for b in sys.argv[4].split(",")) if len(sys.argv) > 4 \
    and sys.argv[4] else b""
size = sys.argv[5] if len(sys.argv) > 5 else None
if descr == "bad-magic":
    head = b"NOT-NPY!"
else:
    text = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}"
    text += " " * (63 - (10 + len(text)) % 64) + "\n"
    head = b"\x93NUMPY\x01\x00" + len(text).to_bytes(2, "little") + text.encode()
with open(path, "wb") as f:
    f.write(head + data)
    if size:
        scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(size[-1], 1)
        f.truncate(len(head) + int(size.rstrip("KMG")) * scale)
