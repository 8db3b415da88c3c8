// A run has exactly one mode, and run-time errors give the location and the
// message, the failing op itself only when --mlir-print-op-on-diagnostic
// asks for it.

// RUN: not mplang-run %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: mplang-run: error: give a run mode: --sim N (every rank in this process), --local N (N workers started on this machine) or --cluster FILE

// RUN: not mplang-run --sim 7 --local 3 %s 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: mplang-run: error: give one run mode, not both --sim and --local

// RUN: not mplang-run --cluster %S/../Inputs/cluster-three.json --sim 2 %s 2>&1 | FileCheck %s --check-prefix=CLUSTER
// CLUSTER: mplang-run: error: give one run mode, not both --sim and --cluster

// RUN: not mplang-run --sim 0 %s 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: mplang-run: error: --sim 0 does not match simp.world_size = 1

// RUN: not mplang-run --sim 1 %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=PLAIN --implicit-check-not='see current operation'
// PLAIN: cli-modes.mlir:[[@LINE+10]]:12: error: rank 0 failed: division by zero
// RUN: not mplang-run --sim 1 %s --arg 0:0='5 : i64' --mlir-print-op-on-diagnostic 2>&1 | FileCheck %s --check-prefix=OP
// OP: cli-modes.mlir:[[@LINE+8]]:12: error: rank 0 failed: division by zero
// OP: note: see current operation: %{{.*}} = "arith.divsi"

module attributes {simp.world_size = 1 : i64} {
  func.func @main(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %0 = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %z = arith.constant 0 : i64
      %q = arith.divsi %a, %z : i64
      simp.yield %q : i64
    }
    return %0 : !simp.mp<i64, [0]>
  }
}
