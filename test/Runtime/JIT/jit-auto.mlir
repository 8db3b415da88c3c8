// --jit=auto, the default of mplang-run, compiles a group when the
// interpreter would take about 2^17 steps or more for it (docs/jit.md):
// loops with many or an unknown number of iterations, reductions and chains
// over big tensors; not straight-line scalar code, short loops, small
// tensors nor a chain over 2^20 elements. MPLANG_JIT, which lit sets,
// overrides the default: it is unset here.

// Every function of the program is compiled, whichever the entry: the
// dumped groups say which ones were.
// RUN: rm -rf %t && mkdir %t
// RUN: env -u MPLANG_JIT mplang-run --sim 1 %s --entry unknown_loop --arg 0:0='3 : i64' --jit-dump %t/dump --stats-json %t/auto.json | FileCheck %s
// CHECK: rank 0: 6 : i64
// RUN: FileCheck %s --check-prefix=FOUR < %t/auto.json
// FOUR: "jit_groups_compiled": 4,
// RUN: ls %t/dump/*[0-9A-F].mlir | count 4
// RUN: grep -l "arith.index_cast" %t/dump/*[0-9A-F].mlir | count 1
// RUN: grep -l "65536 : index" %t/dump/*[0-9A-F].mlir | count 1
// RUN: grep -l "tensor<4194304xi64>" %t/dump/*[0-9A-F].mlir | count 1
// RUN: grep -l "linalg.reduce" %t/dump/*[0-9A-F].mlir | count 1
// RUN: not grep -l "100 : index\|addi.*tensor<1048576xi64>\|arith.constant 3 : i64" %t/dump/*[0-9A-F].mlir

// RUN: env MPLANG_JIT=off mplang-run --sim 1 %s --entry unknown_loop --arg 0:0='3 : i64' --stats-json %t/off.json
// RUN: FileCheck %s --check-prefix=NONE < %t/off.json
// NONE: "jit_groups_compiled": 0,

module attributes {simp.world_size = 1 : i64} {
  func.func @tiny(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %three = arith.constant 3 : i64
      %one = arith.constant 1 : i64
      %m = arith.muli %a, %three : i64
      %s = arith.addi %m, %one : i64
      simp.yield %s : i64
    }
    return %r : !simp.mp<i64, [0]>
  }

  // 100 iterations of 2 ops: about 300 steps.
  func.func @short_loop() -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 100 : index
      %one = arith.constant 1 : i64
      %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> i64 {
        %p = arith.muli %acc, %one : i64
        %q = arith.addi %p, %one : i64
        scf.yield %q : i64
      }
      simp.yield %v : i64
    }
    return %r : !simp.mp<i64, [0]>
  }

  // 2^16 iterations of 2 ops: about 2^17.6 steps.
  func.func @long_loop() -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 65536 : index
      %one = arith.constant 1 : i64
      %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> i64 {
        %p = arith.muli %acc, %one : i64
        %q = arith.addi %p, %one : i64
        scf.yield %q : i64
      }
      simp.yield %v : i64
    }
    return %r : !simp.mp<i64, [0]>
  }

  // The trip count comes from the input.
  func.func @unknown_loop(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.index_cast %a : i64 to index
      %two = arith.constant 2 : i64
      %zero = arith.constant 0 : i64
      %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
        %q = arith.addi %acc, %two : i64
        scf.yield %q : i64
      }
      simp.yield %v : i64
    }
    return %r : !simp.mp<i64, [0]>
  }

  // 8 whole-tensor ops over 2^20 elements: about 8 * 2^13 steps.
  func.func @small_chain() -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c = arith.constant 1 : i64
      %t = tensor.splat %c : tensor<1048576xi64>
      %a1 = arith.addi %t, %t : tensor<1048576xi64>
      %a2 = arith.addi %a1, %a1 : tensor<1048576xi64>
      %a3 = arith.addi %a2, %a2 : tensor<1048576xi64>
      %a4 = arith.addi %a3, %a3 : tensor<1048576xi64>
      %a5 = arith.addi %a4, %a4 : tensor<1048576xi64>
      %a6 = arith.addi %a5, %a5 : tensor<1048576xi64>
      %a7 = arith.addi %a6, %a6 : tensor<1048576xi64>
      %a8 = arith.addi %a7, %a7 : tensor<1048576xi64>
      %i = arith.constant 7 : index
      %e = tensor.extract %a8[%i] : tensor<1048576xi64>
      simp.yield %e : i64
    }
    return %r : !simp.mp<i64, [0]>
  }

  // The same chain over 2^22 elements: about 8 * 2^15 steps.
  func.func @big_chain() -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c = arith.constant 8 : i64
      %t = tensor.splat %c : tensor<4194304xi64>
      %a1 = arith.addi %t, %t : tensor<4194304xi64>
      %a2 = arith.addi %a1, %a1 : tensor<4194304xi64>
      %a3 = arith.addi %a2, %a2 : tensor<4194304xi64>
      %a4 = arith.addi %a3, %a3 : tensor<4194304xi64>
      %a5 = arith.addi %a4, %a4 : tensor<4194304xi64>
      %a6 = arith.addi %a5, %a5 : tensor<4194304xi64>
      %a7 = arith.addi %a6, %a6 : tensor<4194304xi64>
      %a8 = arith.addi %a7, %a7 : tensor<4194304xi64>
      %i = arith.constant 7 : index
      %e = tensor.extract %a8[%i] : tensor<4194304xi64>
      simp.yield %e : i64
    }
    return %r : !simp.mp<i64, [0]>
  }

  // A reduction the interpreter runs element by element: 2^18 steps.
  func.func @sum() -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c = arith.constant 1 : i64
      %t = tensor.splat %c : tensor<262144xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %s = linalg.reduce ins(%t : tensor<262144xi64>) outs(%zero : tensor<i64>) dimensions = [0]
        (%in: i64, %acc: i64) {
          %o = arith.addi %in, %acc : i64
          linalg.yield %o : i64
        }
      %e = tensor.extract %s[] : tensor<i64>
      simp.yield %e : i64
    }
    return %r : !simp.mp<i64, [0]>
  }
}
