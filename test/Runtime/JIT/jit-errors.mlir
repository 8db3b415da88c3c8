// Run-time errors in compiled code (--jit=on) are the interpreter's: the same
// message, op location and rank, and no warning that anything was left
// uncompiled. Every entry also runs under --jit=off with the same output.

// RUN: not mplang-run --jit=on --sim 1 %s --entry div_in_loop --arg 0:0='-3 : i64' 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not mplang-run --jit=off --sim 1 %s --entry div_in_loop --arg 0:0='-3 : i64' 2>&1 | FileCheck %s --check-prefix=DIV
// DIV-NOT: warning
// DIV: jit-errors.mlir:[[@LINE+47]]:14: error: rank 0 failed: division by zero

// RUN: not mplang-run --jit=on --sim 1 %s --entry overflow --arg 0:0='-1 : i64' 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not mplang-run --jit=off --sim 1 %s --entry overflow --arg 0:0='-1 : i64' 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW-NOT: warning
// OVERFLOW: jit-errors.mlir:[[@LINE+57]]:12: error: rank 0 failed: signed division overflows

// RUN: not mplang-run --jit=on --sim 1 %s --entry shift --arg 0:0='64 : i64' 2>&1 | FileCheck %s --check-prefix=SHIFT
// RUN: not mplang-run --jit=off --sim 1 %s --entry shift --arg 0:0='64 : i64' 2>&1 | FileCheck %s --check-prefix=SHIFT
// SHIFT-NOT: warning
// SHIFT: jit-errors.mlir:[[@LINE+66]]:16: error: rank 0 failed: shift amount 64 is not below the bit width

// RUN: not mplang-run --jit=on --sim 1 %s --entry extract --arg 0:0='-1 : i64' 2>&1 | FileCheck %s --check-prefix=EXTRACT
// RUN: not mplang-run --jit=off --sim 1 %s --entry extract --arg 0:0='-1 : i64' 2>&1 | FileCheck %s --check-prefix=EXTRACT
// EXTRACT-NOT: warning
// EXTRACT: jit-errors.mlir:[[@LINE+81]]:14: error: rank 0 failed: index -1 is out of bounds for dimension 0 of size 4

// RUN: not mplang-run --jit=on --sim 1 %s --entry insert --arg 0:0='4 : i64' 2>&1 | FileCheck %s --check-prefix=INSERT
// RUN: not mplang-run --jit=off --sim 1 %s --entry insert --arg 0:0='4 : i64' 2>&1 | FileCheck %s --check-prefix=INSERT
// INSERT-NOT: warning
// INSERT: jit-errors.mlir:[[@LINE+92]]:12: error: rank 0 failed: index 4 is out of bounds for dimension 1 of size 4

// A while loop whose condition depends on a failed op stops; the first of two
// failing ops in execution order is the one reported.
// RUN: not mplang-run --jit=on --sim 1 %s --entry while_after_error --arg 0:0='0 : i64' 2>&1 | FileCheck %s --check-prefix=WHILE
// RUN: not mplang-run --jit=off --sim 1 %s --entry while_after_error --arg 0:0='0 : i64' 2>&1 | FileCheck %s --check-prefix=WHILE
// WHILE-NOT: warning
// WHILE: jit-errors.mlir:[[@LINE+103]]:14: error: rank 0 failed: division by zero

// The same programs without errors.
// RUN: mplang-run --jit=on --sim 1 %s --entry div_in_loop --arg 0:0='3 : i64' 2>&1 | FileCheck %s --check-prefix=OK
// OK-NOT: warning
// OK: rank 0: 13 : i64

module attributes {simp.world_size = 1 : i64} {
  // Sum of 12 / (i + x) for i in [0, 6): fails when i + x is 0.
  func.func @div_in_loop(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %twelve = arith.constant 12 : i64
      %zero = arith.constant 0 : i64
      %s = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> i64 {
        %ii = arith.index_cast %i : index to i64
        %d = arith.addi %ii, %a : i64
        %q = arith.divsi %twelve, %d : i64
        %n = arith.addi %acc, %q : i64
        scf.yield %n : i64
      }
      simp.yield %s : i64
    }
    return %r : !simp.mp<i64, [0]>
  }

  // MIN / x element-wise on a tensor: fails for x = -1.
  func.func @overflow(%x: !simp.mp<i64, [0]>) -> !simp.mp<tensor<3xi64>, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<tensor<3xi64>, [0]> {
    ^bb0(%a: i64):
      %min = arith.constant dense<[-9223372036854775808, 5, 7]> : tensor<3xi64>
      %d = tensor.splat %a : tensor<3xi64>
      %q = arith.divsi %min, %d : tensor<3xi64>
      simp.yield %q : tensor<3xi64>
    }
    return %r : !simp.mp<tensor<3xi64>, [0]>
  }

  // A shift by x in a linalg.map body.
  func.func @shift(%x: !simp.mp<i64, [0]>) -> !simp.mp<tensor<4xi64>, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<tensor<4xi64>, [0]> {
    ^bb0(%a: i64):
      %t = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
      %e = tensor.empty() : tensor<4xi64>
      %m = linalg.map ins(%t : tensor<4xi64>) outs(%e : tensor<4xi64>)
        (%v: i64) {
          %s = arith.shli %v, %a : i64
          linalg.yield %s : i64
        }
      simp.yield %m : tensor<4xi64>
    }
    return %r : !simp.mp<tensor<4xi64>, [0]>
  }

  // tensor.extract at x + i in a loop.
  func.func @extract(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %t = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %zero = arith.constant 0 : i64
      %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> i64 {
        %ai = arith.index_cast %a : i64 to index
        %j = arith.addi %ai, %i : index
        %v = tensor.extract %t[%j] : tensor<4xi64>
        %n = arith.addi %acc, %v : i64
        scf.yield %n : i64
      }
      simp.yield %s : i64
    }
    return %r : !simp.mp<i64, [0]>
  }

  // tensor.insert at [0, x] into a 2x4 tensor.
  func.func @insert(%x: !simp.mp<i64, [0]>) -> !simp.mp<tensor<2x4xi64>, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<tensor<2x4xi64>, [0]> {
    ^bb0(%a: i64):
      %t = arith.constant dense<0> : tensor<2x4xi64>
      %c0 = arith.constant 0 : index
      %ai = arith.index_cast %a : i64 to index
      %u = tensor.insert %a into %t[%c0, %ai] : tensor<2x4xi64>
      simp.yield %u : tensor<2x4xi64>
    }
    return %r : !simp.mp<tensor<2x4xi64>, [0]>
  }

  // v = 100 / x until v < 10 (forever with the safe divisor 1); the shift by
  // 99 after the loop fails too but runs later.
  func.func @while_after_error(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %hundred = arith.constant 100 : i64
      %ten = arith.constant 10 : i64
      %w = scf.while (%v = %hundred) : (i64) -> i64 {
        %go = arith.cmpi sge, %v, %ten : i64
        scf.condition(%go) %v : i64
      } do {
      ^bb0(%v: i64):
        %q = arith.divsi %v, %a : i64
        scf.yield %q : i64
      }
      %amount = arith.constant 99 : i64
      %s = arith.shli %w, %amount : i64
      simp.yield %s : i64
    }
    return %r : !simp.mp<i64, [0]>
  }
}
