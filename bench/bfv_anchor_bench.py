#!/usr/bin/env python3
"""Times bfv-bench against the SEAL anchors one operation at a time.

Each round runs, for every operation and degree, our benchmark and each
anchor binary (seal_hexl_bench.cpp built against SEAL, and against SEAL with
Intel HEXL) filtered to that one operation, back to back on one pinned core;
the order of the sides rotates from round to round. A side's time in a round
is the fastest of three batches of its CPU time per call. Prints, per
operation and degree, the median over rounds of each side's time and of the
ratios ours/SEAL and ours/SEAL+HEXL, with the smallest and largest ratio of
any round, and the machine's state around the run.

Usage: bfv_anchor_bench.py --ours BFV_BENCH [--seal BIN] [--hexl BIN]
                           [--rounds R] [--ops a,b,...]
Called by run_bfv_hexl_bench.sh, which builds the anchors.
"""
import argparse
import csv
import io
import os
import shutil
import statistics
import subprocess
import time

DEGREES = (4096, 8192)
# Our benchmark name -> the anchors' (mul_plain_prepared has no SEAL
# counterpart: SEAL's BFV multiply_plain transforms the plaintext on every
# call, so it is compared with that).
OPS = {
    'keygen_secret': 'keygen_secret',
    'keygen_public': 'keygen_public',
    'keygen_relin': 'keygen_relin',
    'keygen_galois_step1': 'keygen_galois_step1',
    'encode': 'encode',
    'decode': 'decode',
    'encrypt': 'encrypt',
    'encrypt_symmetric': 'encrypt_symmetric',
    'decrypt': 'decrypt',
    'add': 'add',
    'add_plain': 'add_plain',
    'mul_plain': 'mul_plain',
    'mul_plain_prepared': 'mul_plain',
    'mul': 'mul',
    'relinearize': 'relinearize',
    'rotate_rows_1': 'rotate_rows_1',
    'mod_switch': 'mod_switch',
}
BATCHES = 3


def pin_prefix():
    if shutil.which('taskset'):
        return ['taskset', '-c', str(os.cpu_count() - 1)]
    return []


def time_ours(binary, op, n, pin):
    out = subprocess.run(
        pin + [binary, f'--benchmark_filter=^BFV/{op}/{n}$',
               '--benchmark_min_time=0.05',
               f'--benchmark_repetitions={BATCHES}',
               '--benchmark_format=csv'],
        check=True, capture_output=True, text=True).stdout
    lines = [l for l in out.splitlines()
             if l.startswith('name') or l.startswith('"')]
    scale = {'ns': 1e-3, 'us': 1.0, 'ms': 1e3}
    times = [float(row['cpu_time']) * scale[row['time_unit']]
             for row in csv.DictReader(io.StringIO('\n'.join(lines)))
             if row['name'] == f'BFV/{op}/{n}']
    if not times:
        raise RuntimeError(f'bfv-bench printed no time for {op}/{n}')
    return min(times)


def time_anchor(binary, op, n, pin):
    out = subprocess.run(pin + [binary, str(BATCHES), op, str(n)],
                         check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        name, degree, value = line.split()
        if name == op and int(degree) == n:
            return float(value)
    raise RuntimeError(f'{binary} printed no time for {op} {n}')


def machine_state():
    model = next((l.split(':', 1)[1].strip()
                  for l in open('/proc/cpuinfo') if l.startswith('model name')),
                 '?')
    flags = next((l.split(':', 1)[1].split()
                  for l in open('/proc/cpuinfo') if l.startswith('flags')), [])
    ifma = 'AVX-512 IFMA' if 'avx512ifma' in flags else 'no AVX-512 IFMA'
    load = open('/proc/loadavg').read().split()[:3]
    return (f'{model}, {os.cpu_count()} CPUs, {ifma}; '
            f'load average {" ".join(load)}')


def fmt(v):
    return f'{v:.2f}' if v < 10 else f'{v:.1f}' if v < 1000 else f'{v:.0f}'


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--ours', required=True)
    p.add_argument('--seal')
    p.add_argument('--hexl')
    p.add_argument('--rounds', type=int, default=5)
    p.add_argument('--ops', default=','.join(OPS))
    args = p.parse_args()
    ops = args.ops.split(',')
    for op in ops:
        if op not in OPS:
            p.error(f'unknown operation {op!r}')
    sides = [('ours', lambda op, n, pin: time_ours(args.ours, op, n, pin))]
    for name, binary in (('SEAL', args.seal), ('SEAL+HEXL', args.hexl)):
        if binary:
            sides.append((name, lambda op, n, pin, b=binary:
                          time_anchor(b, OPS[op], n, pin)))
    pin = pin_prefix()

    start_state, start = machine_state(), time.strftime('%Y-%m-%d %H:%M UTC',
                                                        time.gmtime())
    times = {}  # (op, n, side) -> [time per round]
    for r in range(args.rounds):
        order = sides[r % len(sides):] + sides[:r % len(sides)]
        for n in DEGREES:
            for op in ops:
                for name, run in order:
                    times.setdefault((op, n, name), []).append(run(op, n, pin))
    end_state = machine_state()

    print(f'{args.rounds} rounds, {start}, one pinned core; CPU time per '
          f'call in us (median over rounds)')
    print(f'start: {start_state}')
    print(f'end:   {end_state}')
    print()
    names = [name for name, _ in sides]
    anchors = names[1:]
    header = ['operation', 'n'] + names + [f'ours/{a} median [min-max]'
                                           for a in anchors]
    print('| ' + ' | '.join(header) + ' |')
    print('|---|' + '---:|' * (len(header) - 1))
    for n in DEGREES:
        for op in ops:
            ours = times[(op, n, 'ours')]
            cells = [op, str(n)] + [fmt(statistics.median(times[(op, n, s)]))
                                    for s in names]
            for a in anchors:
                ratios = [o / t for o, t in zip(ours, times[(op, n, a)])]
                cells.append(f'{statistics.median(ratios):.2f} '
                             f'[{min(ratios):.2f}-{max(ratios):.2f}]')
            print('| ' + ' | '.join(cells) + ' |')


if __name__ == '__main__':
    main()
