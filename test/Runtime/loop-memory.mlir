// A loop run inline keeps the scheduler's ready queue short: the steps that
// ran are dropped as it goes (2^20 iterations used to hold millions of
// queue entries, ~80 MiB). The interpreter is measured; peak memory is not
// meaningful under ASan.
// UNSUPPORTED: asan
// RUN: env MPLANG_JIT=off %python %S/peak-rss.py 40 mplang-run --sim 1 %S/Inputs/loop-2e20.mlir | FileCheck %s
// CHECK:      rank 0: 549755289600 : i64
// CHECK-NEXT: peak RSS under 40 MiB
