#!/usr/bin/env python3
"""RR22 PSI from the protocol library, side by side in one run (docs/protocols.md).

Usage: /usr/bin/python3 bench/psi_bench.py [BUILD_DIR] [--sizes 16,20] [--reps N]

For n = 2^16 and 2^20 items on each side (n / 8 shared), bench/protocols/psi_2eK.mlir
(for other sizes, such as --sizes 24, that program resized: the linker instantiates the
PSI and silent VOLE templates for it) runs under
`mplang-run --local 2` (one worker process per party) and `--sim 2` (one process), each
party reading its set from its own store (--data-root, @fs:// inputs) and the receiver
writing its result with --output-dir. Printed per mode, medians of N runs: the whole
`mplang-run` process's wall time, CPU time and (with --sim, where it holds both parties)
peak memory (GNU time; --local's workers are other processes), each party's own wall
time and bytes sent (--stats-json), bits on the wire per item, and the ratio of the slower
party's time to the paper's (RR22, Table 2: 2^20 items in 369 ms on one thread per party;
for 2^16 that time scaled down by 16, which favours the paper: fixed costs such as the
base OTs do not shrink). Then the split by phase of one traced run: the summed time of the
ops of each library file (base OT, IKNP, Gilboa VOLE, silent VOLE) and, inside PSI, of the
OKVS, the hashing and the tag set; a party's wall time minus its ops is time spent waiting
for messages. The machine's load before and after is printed: on a shared machine the
figures are only as good as it was quiet. bench/psi_vs_volepsi.py compares with volePSI
side by side.
"""
import argparse
import collections
import json
import os
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAPER_2E20_MS = 369.0
PAPER_BITS_PER_ITEM = 251
# Ops whose events span other ops' events.
CONTAINERS = {"func.call", "simp.pcall", "simp.uniform_cond", "simp.while_loop",
              "scf.for", "scf.if", "scf.while"}


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    p.add_argument("--sizes", default="16,20", help="log2 of the set sizes")
    p.add_argument("--reps", type=int, default=3)
    return p.parse_args()


def program(log2n, data):
    """bench/protocols/psi_2eK.mlir, or bench/protocols/psi_2e20.mlir
    resized to 2^K items in DATA."""
    shipped = os.path.join(ROOT, "bench", "protocols", f"psi_2e{log2n}.mlir")
    if os.path.exists(shipped):
        return shipped
    resized = os.path.join(data, f"psi_2e{log2n}.mlir")
    text = open(os.path.join(ROOT, "bench", "protocols", "psi_2e20.mlir")).read()
    open(resized, "w").write(text.replace("1048576", str(1 << log2n)))
    return resized


def command(run, mode, log2n, data):
    """Each party reads its set from its own store (DATA/rankR), as workers
    next to their data would: no set passes through the driver."""
    return [run, *mode.split(), "--timeout", "900", "--data-root", data,
            program(log2n, data), "--input", "0:0=@fs://x.npy",
            "--input", "0:1=@fs://xm.npy", "--input", "1:2=@fs://y.npy",
            "--input", "1:3=@fs://ym.npy", "--output-dir", os.path.join(data, "out")]


def make_sets(data, log2n):
    n = 1 << log2n
    subprocess.run(["python3", os.path.join(ROOT, "test", "Protocols", "Inputs",
                                            "psi_sets.py"), data, str(n), str(n),
                    str(n), str(n // 8), str(log2n)], check=True)
    for rank, names in ((0, ("x", "xm")), (1, ("y", "ym"))):
        os.makedirs(f"{data}/rank{rank}")
        for name in names:
            os.rename(f"{data}/{name}.npy", f"{data}/rank{rank}/{name}.npy")


def timed(cmd):
    """The process's (wall s, CPU s, peak MiB) and per rank (wall ms, bytes
    sent) of one run."""
    with tempfile.NamedTemporaryFile(suffix=".json") as stats, \
            tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", t.name,
                        *cmd, "--stats-json", stats.name], check=True,
                       stdout=subprocess.DEVNULL)
        ranks = json.load(open(stats.name))["ranks"]
        wall, user, system, rss = t.read().split()[-4:]
    return ((float(wall), float(user) + float(system), int(rss) / 1024),
            [(r["wall_us"] / 1e3, sum(p["bytes_sent"] for p in r["peers"]))
             for r in ranks])


def phase(event):
    name, loc = event["name"], event.get("args", {}).get("location", "")
    for lib, label in (("base_ot.mlir", "base OT"), ("iknp.mlir", "IKNP OT"),
                       ("/vole.mlir", "Gilboa VOLE (base)")):
        if lib in loc:
            return label
    if "silent_vole.mlir" in loc:
        return "silent VOLE: code" if name == "field.exconv_encode" \
            else "silent VOLE: trees"
    if "psi.mlir" in loc:
        return {"field.solve_okvs": "OKVS solve",
                "field.try_solve_okvs": "OKVS solve",
                "field.decode_okvs": "OKVS decode",
                "field.aes_expand": "hashing",
                "field.sort_rows": "tag sort / lookup",
                "field.contains_rows": "tag sort / lookup"}.get(name, "PSI other")
    return "program"


def phases(cmd):
    """Per rank {phase: summed op ms} of one traced run."""
    with tempfile.NamedTemporaryFile(suffix=".json") as trace:
        subprocess.run(cmd + ["--trace", trace.name], check=True,
                       stdout=subprocess.DEVNULL)
        events = json.load(open(trace.name))
    events = events["traceEvents"] if isinstance(events, dict) else events
    split = collections.defaultdict(lambda: collections.defaultdict(float))
    for e in events:
        if e.get("ph") == "X" and e.get("cat") == "op" \
                and e["name"] not in CONTAINERS:
            split[e["pid"]][phase(e)] += e["dur"] / 1e3
    return split


def main():
    args = parse_args()
    run = os.path.join(args.build, "bin", "mplang-run")
    load = lambda: open("/proc/loadavg").read().split()[0]  # noqa: E731
    print(f"load before: {load()}; medians of {args.reps} runs")
    print(f"{'n':>8} {'mode':<10}{'wall s':>7}{'CPU s':>7}{'MiB':>6}{'P0 ms':>8}"
          f"{'P1 ms':>8}{'P0 MB':>7}{'P1 MB':>7}{'bits/item':>10}{'x paper':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for log2n in map(int, args.sizes.split(",")):
            n = 1 << log2n
            data = os.path.join(tmp, str(log2n))
            make_sets(data, log2n)
            for mode in ("--local 2", "--sim 2"):
                cmd = command(run, mode, log2n, data)
                runs = [timed(cmd) for _ in range(args.reps)]
                proc = [statistics.median(r[0][i] for r in runs) for i in range(3)]
                party = [statistics.median(r[1][k][0] for r in runs)
                         for k in range(2)]
                sent = [b for _, b in runs[0][1]]
                bits = 8 * sum(sent) / n
                # The paper's time scales with n; its 2^20 figure is the anchor.
                paper = PAPER_2E20_MS * n / (1 << 20)
                peak = f"{proc[2]:.0f}" if mode == "--sim 2" else "-"
                print(f"{n:>8} {mode:<10}{proc[0]:>7.2f}{proc[1]:>7.2f}{peak:>6}"
                      f"{party[0]:>8.0f}{party[1]:>8.0f}{sent[0] / 1e6:>7.1f}"
                      f"{sent[1] / 1e6:>7.1f}{bits:>10.0f}{max(party) / paper:>9.2f}")
            split = phases(command(run, "--sim 2", log2n, data))
            print(f"  phases of one traced --sim 2 run (summed op ms; rank 0 "
                  f"sends, rank 1 receives):")
            for name in sorted({k for r in split.values() for k in r}):
                print(f"    {name:<22}" + "".join(
                    f"{split[r].get(name, 0):>9.0f}" for r in sorted(split)))
    print(f"paper (RR22 Table 2, fast variant, 2^20): {PAPER_2E20_MS:.0f} ms, "
          f"{PAPER_BITS_PER_ITEM} bits per item; load after: {load()}")


if __name__ == "__main__":
    main()
