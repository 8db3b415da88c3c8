"""Writes the sets of examples/psi.mlir (no numpy needed).

psi_sender.npy: 1000 uint64 items s(0), ..., s(999); psi_receiver.npy:
700 items where item i is s(i) for even i and an item the sender does not
have for odd i, so the receiver should find exactly its even items.
s is the SplitMix64 output function, a bijection, so items are distinct.
"""
import struct

MASK = (1 << 64) - 1


def s(i):
    z = (i * 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def write_npy(path, items):
    header = "{'descr': '<u8', 'fortran_order': False, 'shape': (%d,), }" % len(items)
    header += " " * (64 - (10 + len(header) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode() + struct.pack("<%dQ" % len(items), *items))


write_npy("psi_sender.npy", [s(j) for j in range(1000)])
write_npy("psi_receiver.npy",
          [s(i) if i % 2 == 0 else s(1_000_000 + i) for i in range(700)])
