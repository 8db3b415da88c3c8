"""Writes PSI inputs as .npy files (no numpy needed).

psi_sets.py DIR CAPACITY NX NY OVERLAP SEED [REPEATS [YCAPACITY]] writes,
in DIR:
  x.npy, y.npy    uint64[CAPACITY]: NX (NY) distinct random items, then 0s;
  xm.npy, ym.npy  bool[CAPACITY]: which entries are in use;
  expected.npy    bool[CAPACITY]: y[i] is in x (OVERLAP of the NY items,
                  at random places);
  expected_x.npy  bool[CAPACITY]: x[i] is in y.
With REPEATS, that many of the NY items (and of the NX) are copies of
others: sets with repeated items. YCAPACITY sizes y, ym and expected
instead (a small client set for unbalanced PSI).
"""
import os
import random
import struct
import sys


def write_npy(path, descr, count, payload):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, count)
    pad = 64 - (10 + len(header) + 1) % 64
    header += " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode() + payload)


def main():
    out, cap, nx, ny, overlap, seed = sys.argv[1], *map(int, sys.argv[2:7])
    repeats = int(sys.argv[7]) if len(sys.argv) > 7 else 0
    ycap = int(sys.argv[8]) if len(sys.argv) > 8 else cap
    assert overlap <= min(nx, ny) and nx <= cap and ny <= ycap
    rng = random.Random(seed)
    items = set()
    while len(items) < nx + ny - overlap:
        items.add(rng.getrandbits(64))
    items = list(items)
    x = items[:nx]
    shared = rng.sample(x, overlap)
    y = shared + items[nx:nx + ny - overlap]
    rng.shuffle(y)
    x[nx - repeats:] = rng.choices(x[:nx - repeats], k=repeats)
    y[ny - repeats:] = rng.choices(y[:ny - repeats], k=repeats)
    xs, ys = set(x), set(y)
    os.makedirs(out, exist_ok=True)

    def words(v, n):
        return struct.pack("<%dQ" % n, *(v + [0] * (n - len(v))))

    def flags(v, n):
        return bytes(v + [0] * (n - len(v)))

    write_npy(f"{out}/x.npy", "<u8", cap, words(x, cap))
    write_npy(f"{out}/y.npy", "<u8", ycap, words(y, ycap))
    write_npy(f"{out}/xm.npy", "|b1", cap, flags([1] * nx, cap))
    write_npy(f"{out}/ym.npy", "|b1", ycap, flags([1] * ny, ycap))
    write_npy(f"{out}/expected.npy", "|b1", ycap,
              flags([int(v in xs) for v in y], ycap))
    write_npy(f"{out}/expected_x.npy", "|b1", cap,
              flags([int(v in ys) for v in x], cap))


main()
