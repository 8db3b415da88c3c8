// Workers run compiled local code too: with --jit=on, mplang-run --local
// starts its workers with --jit=on, each outlines and compiles its rank's
// local groups (a call runs where the interpreter ran arith and scf ops),
// and the results are exactly the interpreter's.
// RUN: mplang-run --local 2 --jit=off %s --arg 0:0='5 : i64' --stats | FileCheck %s --check-prefixes=CHECK,OFF
// RUN: mplang-run --local 2 --jit=on %s --arg 0:0='5 : i64' --stats 2>&1 | FileCheck %s --check-prefixes=CHECK,ON
// CHECK-NOT: warning
// CHECK: rank 0: <absent>
// CHECK-NEXT: rank 1: 3793604553257568297 : i64
// OFF: arith.muli
// ON-NOT: arith.muli
// ON: func.call

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %y = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %three = arith.constant 3 : i64
      %one = arith.constant 1 : i64
      %m = arith.muli %a, %three : i64
      %s = arith.addi %m, %one : i64
      simp.yield %s : i64
    }
    %z = simp.shuffle %y [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    %r = simp.pcall [1] (%z) : (!simp.mp<i64, [1]>) -> !simp.mp<i64, [1]> {
    ^bb0(%v0: i64):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 1000 : index
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
}
