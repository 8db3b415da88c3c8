// Traces that scale. A 2^20-iteration loop keeps --trace-max-events events,
// aggregates the rest per op (and warns naming them), and every run of
// every op is accounted for. A 2^22-element reduce records one event with
// its 2^22 body runs, not one per element. Both stay within a memory bound:
// untraced they peak at ~125 and ~360 MiB; traced before bounding, 2^20
// reduce elements took 16 GB. Peak memory is not meaningful under ASan.
// UNSUPPORTED: asan
// RUN: %python %S/Utils/peak-rss.py 256 mplang-run --sim 1 %S/Inputs/loop-2e20.mlir --trace %t.loop.json --trace-max-events 10000 2>%t.loop.err | FileCheck %s --check-prefix=LOOP
// RUN: FileCheck %s --check-prefix=WARN < %t.loop.err
// RUN: %python %S/Utils/check-trace.py %t.loop.json | FileCheck %s --check-prefix=LOOP-TRACE
// RUN: %python %S/Utils/peak-rss.py 512 mplang-run --sim 1 %S/Inputs/reduce-2e22.mlir --trace %t.reduce.json | FileCheck %s --check-prefix=REDUCE
// RUN: %python %S/Utils/check-trace.py %t.reduce.json | FileCheck %s --check-prefix=REDUCE-TRACE

// LOOP:      rank 0: 549755289600 : i64
// LOOP-NEXT: peak RSS under 256 MiB

// WARN:      warning: rank 0's trace reached its event bound (--trace-max-events) and aggregated:
// WARN-NEXT:   {{[0-9]+}} ops of 'arith.{{addi|index_cast}}' at loc({{.*}}loop-2e20.mlir":{{1[12]}}:{{[0-9]+}})
// WARN-NEXT:   {{[0-9]+}} ops of 'arith.{{addi|index_cast}}' at loc({{.*}}loop-2e20.mlir":{{1[12]}}:{{[0-9]+}})
// WARN-NEXT:   1 ops of 'scf.for'

// LOOP-TRACE:      rank 0: {{[0-9]+}} ops
// LOOP-TRACE:        traced + aggregated: arith.addi 1048576, arith.constant 4, arith.index_cast 1048576, scf.for 1
// LOOP-TRACE-NEXT: flows: 0 paired, 0 unpaired

// REDUCE:      rank 0: dense<4194304> : tensor<i64>
// REDUCE-NEXT: peak RSS under 512 MiB

// REDUCE-TRACE:      rank 0: 3 ops
// REDUCE-TRACE:        body runs: linalg.reduce 4194304
// REDUCE-TRACE-NEXT: flows: 0 paired, 0 unpaired
