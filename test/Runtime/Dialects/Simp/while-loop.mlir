// A global while_loop counting to 10 on two parties, each with its own copy.
// RUN: mplang-run --sim 2 %s | FileCheck %s
// CHECK:      rank 0: 10 : i64
// CHECK-NEXT: rank 1: 10 : i64

module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<i64, [0, 1]> {
    %zero = simp.pcall [0, 1] () : () -> !simp.mp<i64, [0, 1]> {
      %c = arith.constant 0 : i64
      simp.yield %c : i64
    }
    %r = simp.while_loop (%zero) : (!simp.mp<i64, [0, 1]>) -> !simp.mp<i64, [0, 1]> cond {
    ^bb0(%s: !simp.mp<i64, [0, 1]>):
      %c = simp.pcall [0, 1] (%s) : (!simp.mp<i64, [0, 1]>) -> !simp.mp<i1, [0, 1]> {
      ^bb0(%v: i64):
        %ten = arith.constant 10 : i64
        %lt = arith.cmpi slt, %v, %ten : i64
        simp.yield %lt : i1
      }
      simp.yield %c : !simp.mp<i1, [0, 1]>
    } body {
    ^bb0(%s: !simp.mp<i64, [0, 1]>):
      %n = simp.pcall [0, 1] (%s) : (!simp.mp<i64, [0, 1]>) -> !simp.mp<i64, [0, 1]> {
      ^bb0(%v: i64):
        %one = arith.constant 1 : i64
        %w = arith.addi %v, %one : i64
        simp.yield %w : i64
      }
      simp.yield %n : !simp.mp<i64, [0, 1]>
    }
    return %r : !simp.mp<i64, [0, 1]>
  }
}
