"""Private set intersection, examples/psi.mlir in Python.

Party 0 holds 1000 items, party 1 holds 700; party 1 learns which of its
items party 0 also has, and how many; party 0 learns nothing. mp.lib.psi
picks the library's instance for the sizes (1024) and pads and masks the
sets itself. The example data shares the receiver's even-numbered items.

    PYTHONPATH=build/python python3 python/examples/psi.py \
        examples/data/psi_sender.npy examples/data/psi_receiver.npy
"""

import sys

import numpy as np

import mplang_mlir as mp


@mp.function
def intersect(x, y):
    return mp.lib.psi(x, y)


def main(sender_file, receiver_file):
    with mp.make_simulator(2):
        x = mp.put("P0", np.load(sender_file))
        y = mp.put("P1", np.load(receiver_file))
        mask, count = intersect(x, y)
        return mp.fetch(mask)[1], mp.fetch(count)[1]


if __name__ == "__main__":
    mask, count = main(*sys.argv[1:3])
    print(f"{count} of {mask.size} items are shared; the first: "
          f"{np.flatnonzero(mask)[:5].tolist()}")
