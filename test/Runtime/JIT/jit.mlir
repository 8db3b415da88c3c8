// --jit=on compiles every group of local ops, --jit=auto only those that pay
// off (here the long loop, not the scalar code nor the small matmul); both
// print what --jit=off does.
// --jit-dump writes two files per compiled group; every function of the
// program is compiled, @fmatmul's group too.

// RUN: rm -rf %t.on %t.auto
// RUN: mplang-run --jit=off --sim 2 %s --arg 0:0='5 : i64' | FileCheck %s
// RUN: mplang-run --jit=on --jit-dump %t.on --sim 2 %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s
// RUN: ls %t.on | count 6
// RUN: mplang-run --jit=auto --jit-dump %t.auto --sim 2 %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s
// RUN: ls %t.auto | count 2
// RUN: grep -l "scf.for" %t.auto/*[0-9A-F].mlir | count 1
// RUN: grep -l "llvm.func @_mlir_ciface_entry" %t.auto/*.llvm.mlir | count 1
// CHECK-NOT: warning
// CHECK: rank 0: <absent>
// CHECK: rank 1: -4582694256158308291 : i64

// An f64 matmul sums in the interpreter's order (no FMA): the same bits.
// RUN: mplang-run --jit=off --sim 2 %s --entry fmatmul | FileCheck %s --check-prefix=FMM
// RUN: mplang-run --jit=on --sim 2 %s --entry fmatmul 2>&1 | FileCheck %s --check-prefix=FMM
// FMM-NOT: warning
// FMM: rank 0: dense<{{\[}}[4595303724422864987, 4596625981273460966], [4604506379901433859, 4595437030971835152]]> : tensor<2x2xi64>

// RUN: not mplang-run --jit=sometimes --sim 2 %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: mplang-run: error: --jit takes off, on or auto, not 'sometimes'

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    // Straight-line scalar code: compiled by --jit=on only.
    %y = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %three = arith.constant 3 : i64
      %one = arith.constant 1 : i64
      %m = arith.muli %a, %three : i64
      %s = arith.addi %m, %one : i64
      simp.yield %s : i64
    }
    %z = simp.shuffle %y [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    // A loop of 2^16 iterations: compiled by --jit=on and --jit=auto.
    %r = simp.pcall [1] (%z) : (!simp.mp<i64, [1]>) -> !simp.mp<i64, [1]> {
    ^bb0(%v0: i64):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 65536 : index
      %a = arith.constant 6364136223846793005 : i64
      %b = arith.constant 1442695040888963407 : i64
      %sh = arith.constant 33 : i64
      %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v0) -> i64 {
        %p = arith.muli %acc, %a : i64
        %q = arith.addi %p, %b : i64
        %h = arith.shrui %q, %sh : i64
        %w = arith.xori %q, %h : i64
        scf.yield %w : i64
      }
      simp.yield %v : i64
    }
    return %r : !simp.mp<i64, [1]>
  }

  func.func @fmatmul() -> !simp.mp<tensor<2x2xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<2x2xi64>, [0]> {
      %a = arith.constant dense<[[0.1, 0.2, 0.3], [-0.7, 1.3, 2.9]]> : tensor<2x3xf64>
      %b = arith.constant dense<[[0.3, 1.1], [0.7, -0.01], [1.0e-3, 0.33]]> : tensor<3x2xf64>
      %e = tensor.empty() : tensor<2x2xf64>
      %p = linalg.matmul ins(%a, %b : tensor<2x3xf64>, tensor<3x2xf64>) outs(%e : tensor<2x2xf64>) -> tensor<2x2xf64>
      %bits = arith.bitcast %p : tensor<2x2xf64> to tensor<2x2xi64>
      simp.yield %bits : tensor<2x2xi64>
    }
    return %r : !simp.mp<tensor<2x2xi64>, [0]>
  }
}
