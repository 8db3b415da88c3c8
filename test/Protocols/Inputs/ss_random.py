"""Random inputs for test/Protocols/ss-random.mlir and the check of its
results against plain int64 arithmetic, wrapping mod 2^64 (no numpy).

ss_random.py gen DIR N SEED   writes DIR/x.npy, y.npy and w.npy: int64[N],
                              edge values first, then uniform 64-bit words.
ss_random.py check DIR OUT    compares OUT/rank*_result*.npy (mplang-run
                              --output-dir) with the expected values and
                              prints "ok" and the element count, or the
                              first mismatch (exit status 1).
"""
import ast
import os
import random
import struct
import sys

EDGES = [0, 1, -1, 2, -2, 1 << 62, -(1 << 63), (1 << 63) - 1, 1 << 32,
         (1 << 32) - 1]


def wrap(v):
    v &= (1 << 64) - 1
    return v - (1 << 64) if v >> 63 else v


def write(path, values, shape=None, real=False):
    """Writes `values` as a .npy of int64 (or float64 when `real`), of
    `shape` (a vector by default)."""
    shape = shape or (len(values),)
    text = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        "<f8" if real else "<i8", repr(tuple(shape)))
    text += " " * (63 - (10 + len(text)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)))
        code = "d" if real else "q"
        f.write(text.encode() + struct.pack(f"<{len(values)}{code}", *values))


def read(path):
    """The elements of an int64 or float64 .npy, flattened."""
    data = open(path, "rb").read()
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode())
    assert header["descr"] in ("<i8", "<f8"), header
    code = "q" if header["descr"] == "<i8" else "d"
    body = data[10 + length:]
    return list(struct.unpack(f"<{len(body) // 8}{code}", body))


def gen(out, n, seed):
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    for name in ("x", "y", "w"):
        values = [wrap(rng.getrandbits(64)) for _ in range(n)]
        edges = EDGES[:]
        rng.shuffle(edges)
        values[:len(edges)] = edges
        write(os.path.join(out, name + ".npy"), values)


def check(inputs, out):
    x, y, w = (read(os.path.join(inputs, n + ".npy")) for n in "xyw")
    products = [wrap(a * b) for a, b in zip(x, y)]
    dot = [wrap(sum(products))]
    expected = {
        "rank0_result0.npy": products,
        "rank0_result1.npy": [wrap(a * a + b * b) for a, b in zip(x, y)],
        "rank0_result2.npy": dot,
        "rank1_result2.npy": dot,
        "rank1_result3.npy": [wrap(-a + (a - b) * c) for a, b, c in zip(x, y, w)],
    }
    expect(out, expected, len(x))


def expect(out, expected, n):
    """Compares each OUT/name with its expected list; prints "ok" and `n`,
    or exits at the first mismatch."""
    for name, want in expected.items():
        got = read(os.path.join(out, name))
        for i, (g, e) in enumerate(zip(got, want)):
            if g != e:
                sys.exit(f"{name}[{i}]: got {g}, expected {e}")
        if len(got) != len(want):
            sys.exit(f"{name}: {len(got)} elements, expected {len(want)}")
    print("ok", n)


def main(gen, check):
    if sys.argv[1] == "gen":
        gen(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        check(sys.argv[2], sys.argv[3])


if __name__ == "__main__":
    main(gen, check)
