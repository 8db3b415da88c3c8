// A loop run inline keeps the scheduler's ready queue short: the steps that
// ran are dropped as it goes. 2^20 iterations used to hold millions of queue
// entries (~65 MB over the process's baseline); now the loop peaks at the
// baseline (~60 MiB with the JIT libraries). The interpreter is measured;
// peak memory is not meaningful under ASan.
// UNSUPPORTED: asan
// RUN: env MPLANG_JIT=off %python %S/Utils/peak-rss.py 96 mplang-run --sim 1 %S/Inputs/loop-2e20.mlir | FileCheck %s
// CHECK:      rank 0: 549755289600 : i64
// CHECK-NEXT: peak RSS under 96 MiB
