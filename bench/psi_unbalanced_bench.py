#!/usr/bin/env python3
"""Unbalanced PSI from the protocol library (docs/protocols.md), run once.

Usage: /usr/bin/python3 bench/psi_unbalanced_bench.py [BUILD_DIR]
           [--server 24] [--client 10] [--mode "--sim 2"]

A server set of 2^S items and a client set of 2^C (half of them shared),
each in its party's store (--data-root): bench/protocols/psi_unbalanced.mlir,
resized, runs `setup` (the server's key and table, kept in its store), then
`query` (the table goes to the client, then one blinded exchange) and
`query_cached` (a client that kept the table: the exchange alone). Printed
per step: the mplang-run process's wall time, CPU time and peak memory (GNU
time; with --sim both parties are that process, and with --local its
workers' CPU time is included), each party's wall time and bytes sent
(--stats-json), each party's peak memory (VmHWM of its worker, polled;
--local only), and the items found, which must be 2^(C-1). The client's
mask must equal the expected one entry by entry, or the script fails.
"""
import argparse
import json
import os
import shutil
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    p.add_argument("--server", type=int, default=24, help="log2 of the server's set")
    p.add_argument("--client", type=int, default=10, help="log2 of the client's set")
    p.add_argument("--mode", default="--sim 2")
    return p.parse_args()


def descendants(root):
    """The pids below `root`, from /proc."""
    parents = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open(f"/proc/{pid}/stat").read()
        except OSError:
            continue
        parents[int(pid)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {root}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - found
        found |= frontier
    return found


def worker_peaks(root, peaks):
    """Updates rank -> peak MiB from the VmHWM of the workers under `root`."""
    for pid in descendants(root):
        try:
            argv = open(f"/proc/{pid}/cmdline").read().split("\0")
            status = open(f"/proc/{pid}/status").read()
        except OSError:
            continue
        if "--rank" not in argv or "VmHWM:" not in status:
            continue
        rank = int(argv[argv.index("--rank") + 1])
        kib = int(status.split("VmHWM:")[1].split()[0])
        peaks[rank] = max(peaks.get(rank, 0), kib / 1024)


def timed(cmd):
    """(wall s, CPU s, peak MiB), per rank (wall ms, bytes sent, peak MiB),
    stdout."""
    with tempfile.NamedTemporaryFile(suffix=".json") as stats, \
            tempfile.NamedTemporaryFile("r", suffix=".time") as t, \
            tempfile.TemporaryFile("w+") as out:
        proc = subprocess.Popen(["/usr/bin/time", "-f", "%e %U %S %M", "-o", t.name,
                                 *cmd, "--stats-json", stats.name], stdout=out)
        peaks = {}
        while proc.poll() is None:
            worker_peaks(proc.pid, peaks)
            time.sleep(0.2)
        if proc.returncode != 0:
            raise SystemExit(f"{cmd} failed with {proc.returncode}")
        ranks = json.load(open(stats.name))["ranks"]
        wall, user, system, rss = t.read().split()[-4:]
        out.seek(0)
        text = out.read()
    return ((float(wall), float(user) + float(system), int(rss) / 1024),
            [(r["wall_us"] / 1e3, sum(p["bytes_sent"] for p in r["peers"]),
              peaks.get(i)) for i, r in enumerate(ranks)], text)


def npy_payload(path):
    """The data of a version-1 .npy file, after its header."""
    raw = open(path, "rb").read()
    return raw[10 + int.from_bytes(raw[8:10], "little"):]


def main():
    args = parse_args()
    run = os.path.join(args.build, "bin", "mplang-run")
    n, m = 1 << args.server, 1 << args.client
    load = lambda: open("/proc/loadavg").read().split()[0]  # noqa: E731
    print(f"server 2^{args.server}, client 2^{args.client}, {args.mode}; "
          f"load before: {load()}")
    with tempfile.TemporaryDirectory() as data:
        subprocess.run(["python3", os.path.join(ROOT, "test", "Protocols", "Inputs",
                                                "psi_sets.py"), data, str(n), str(n),
                        str(m), str(m // 2), "1", "0", str(m)], check=True)
        for rank, names in ((0, ("x", "xm")), (1, ("y", "ym"))):
            os.makedirs(f"{data}/rank{rank}")
            for name in names:
                os.rename(f"{data}/{name}.npy", f"{data}/rank{rank}/{name}.npy")
        text = open(os.path.join(ROOT, "bench", "protocols",
                                 "psi_unbalanced.mlir")).read()
        program = os.path.join(data, "psi_unbalanced.mlir")
        open(program, "w").write(text.replace("16777216", str(n))
                                 .replace("1024", str(m)))
        print(f"{'step':<13}{'wall s':>8}{'CPU s':>8}{'MiB':>7}{'server ms':>11}"
              f"{'client ms':>11}{'server MB':>11}{'client MB':>11}"
              f"{'server MiB':>11}{'client MiB':>11}  found")
        for entry in ("setup", "query", "query_cached"):
            if entry == "query_cached":
                os.makedirs(f"{data}/rank1/upsi", exist_ok=True)
                shutil.copy(f"{data}/rank0/upsi/table.npy", f"{data}/rank1/upsi/")
            proc, ranks, out = timed([run, *args.mode.split(), "--timeout", "7200",
                                      "--data-root", data, program, "--entry", entry])
            found = ""
            if entry != "setup":
                found = out.strip().splitlines()[-1]
                if (npy_payload(f"{data}/rank1/found.npy")
                        != npy_payload(f"{data}/expected.npy")):
                    raise SystemExit(f"{entry}: the client's mask is wrong")
                os.remove(f"{data}/rank1/found.npy")
            peak = lambda p: "-" if p is None else f"{p:.0f}"  # noqa: E731
            print(f"{entry:<13}{proc[0]:>8.2f}{proc[1]:>8.2f}{proc[2]:>7.0f}"
                  f"{ranks[0][0]:>11.0f}{ranks[1][0]:>11.0f}"
                  f"{ranks[0][1] / 1e6:>11.2f}{ranks[1][1] / 1e6:>11.2f}"
                  f"{peak(ranks[0][2]):>11}{peak(ranks[1][2]):>11}  {found}",
                  flush=True)
    print(f"expected found: {m // 2}, the mask checked entry by entry; "
          f"load after: {load()}")


if __name__ == "__main__":
    main()
