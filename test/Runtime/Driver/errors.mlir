// Failures at run time and bad command lines: a clear message naming the
// op, its location and the rank (or the bad option), and a non-zero exit.

// RUN: not mplang-run --sim 2 %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=DIV
// DIV: errors.mlir:[[@LINE+32]]:12: error: rank 0 failed: division by zero
// DIV-NOT: rank 1:

// RUN: not mplang-run --sim 2 %s 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: rank 0 needs entry argument 0 (!simp.mp<i64, [0]>): pass --input 0:0=FILE.npy or --arg 0:0=VALUE

// RUN: not mplang-run --sim 3 %s 2>&1 | FileCheck %s --check-prefix=WORLD
// WORLD: error: --sim 3 does not match simp.world_size = 2

// RUN: not mplang-run --sim 2 %s --arg 1:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=NOTHELD
// NOTHELD: error: rank 1 does not hold argument 0

// RUN: not mplang-run --sim 2 %s --arg 0:0='dense<[1, 2]> : tensor<2xi64>' 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: binding '0:0=dense<[1, 2]> : tensor<2xi64>': constant has the wrong number of elements

// RUN: not mplang-run --sim 2 %s --arg 0:7='5 : i64' 2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: error: binding '0:7=5 : i64' names no entry argument of a rank

// RUN: not mplang-run --sim 2 %s --arg zero=5 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: bad binding 'zero=5': expected RANK:INDEX=VALUE

// RUN: not mplang-run --sim 2 %s --input 0:0=%t.missing.npy 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: binding '0:0={{.*}}.missing.npy': cannot read '{{.*}}.missing.npy': No such file or directory

// RUN: not mplang-run --sim 2 %s --entry nothing 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: error: no entry function @nothing

module attributes {simp.world_size = 2 : i64} {
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
